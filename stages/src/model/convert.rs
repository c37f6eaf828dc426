//! Conversions element constructors make beyond type checks, as Typst's do: the children
//! of lists, enumerations and term lists become their items, the children of grids and
//! tables their cells, and a link to a URL without a body shows the URL. A scale
//! given for both axes at once is spread over them, and a number of grid tracks becomes
//! that many automatic tracks. Padding given by axis (`x`, `y`) or for all sides (`rest`)
//! becomes padding per side, and a placement's alignment, scope and floating are checked
//! against each other. Constructed math elements are completed by `finish_math`
//! (`model/math.rs`).

use ecow::EcoVec;

use super::{
    Content, ENUM_ITEM, Element, GRID, GRID_CELL, GRID_FOOTER, GRID_HEADER, GRID_HLINE, GRID_VLINE,
    LINK, LIST_ITEM, PAD, PLACE, SCALE, TABLE, TABLE_CELL, TABLE_FOOTER, TABLE_HEADER, TABLE_HLINE,
    TABLE_VLINE, TERM_ITEM, Value,
};
use crate::base::{SourceDiagnostic, SourceResult, Span};

/// Content that is not already an `item` becomes the body of one.
fn wrap(value: Value, item: Element, keep: &[Element]) -> Value {
    match value {
        Value::Content(content) if content.is(item) || keep.iter().any(|k| content.is(*k)) => {
            Value::Content(content)
        }
        Value::Content(content) => {
            let span = content.span();
            Value::Content(Content::new(item).with_field("body", content.into()).spanned(span))
        }
        other => other,
    }
}

/// A child of `list`: a `list.item`.
pub fn list_child(value: Value, _: Span, _: &mut EcoVec<SourceDiagnostic>) -> SourceResult<Value> {
    Ok(wrap(value, LIST_ITEM, &[]))
}

/// A child of `enum`: an `enum.item`, or an array of a number and a body (which Typst
/// still takes, with a warning).
pub fn enum_child(
    value: Value,
    span: Span,
    warnings: &mut EcoVec<SourceDiagnostic>,
) -> SourceResult<Value> {
    let Value::Array(array) = value else {
        let found = value.ty();
        let content = super::cast::coerce(value, &[super::Type::Content]).map_err(|_| {
            let message =
                ecow::eco_format!("expected array or content, found {}", found.long_name());
            ecow::eco_vec![SourceDiagnostic::error(span, message)]
        })?;
        return Ok(wrap(content, ENUM_ITEM, &[]));
    };
    item_from_pair(
        &array,
        span,
        warnings,
        ENUM_ITEM,
        "enum.item(number)[body]",
        [("number", super::Type::Int), ("body", super::Type::Content)],
    )
}

/// A child of `grid` (or of its header or footer): a `grid.cell` unless it is one of the
/// grid's own parts.
pub fn grid_child(value: Value, _: Span, _: &mut EcoVec<SourceDiagnostic>) -> SourceResult<Value> {
    Ok(wrap(value, GRID_CELL, &[GRID_HEADER, GRID_FOOTER, GRID_HLINE, GRID_VLINE]))
}

/// A child of `table` (or of its header or footer): a `table.cell` unless it is one of the
/// table's own parts.
pub fn table_child(value: Value, _: Span, _: &mut EcoVec<SourceDiagnostic>) -> SourceResult<Value> {
    Ok(wrap(value, TABLE_CELL, &[TABLE_HEADER, TABLE_FOOTER, TABLE_HLINE, TABLE_VLINE]))
}

/// A child of `terms`: a `terms.item`, or an array of a term and its description (which
/// Typst still takes, with a warning).
pub fn terms_child(
    value: Value,
    span: Span,
    warnings: &mut EcoVec<SourceDiagnostic>,
) -> SourceResult<Value> {
    match value {
        Value::Content(content) if content.is(TERM_ITEM) => Ok(Value::Content(content)),
        Value::Array(array) => item_from_pair(
            &array,
            span,
            warnings,
            TERM_ITEM,
            "terms.item(term, description)",
            [("term", super::Type::Content), ("description", super::Type::Content)],
        ),
        _ => crate::bail!(span, "expected term item or array"),
    }
}

/// The deprecated array form of a list item (`(2, [x])` for `enum`, `([t], [d])` for
/// `terms`), which Typst still takes with a warning: an `item` with the two `fields`.
fn item_from_pair(
    array: &super::Array,
    span: Span,
    warnings: &mut EcoVec<SourceDiagnostic>,
    item: Element,
    instead: &str,
    fields: [(&str, super::Type); 2],
) -> SourceResult<Value> {
    warnings.push(crate::warning!(
        span,
        "implicit conversion from array to `{}` is deprecated", item.name();
        hint: "use `{instead}` instead";
        hint: "this conversion was never documented and is being phased out"
    ));
    let [first, second] = array.as_slice() else {
        crate::bail!(span, "array must contain exactly two entries");
    };
    let mut content = Content::new(item);
    for ((name, ty), value) in fields.into_iter().zip([first, second]) {
        let value = super::cast::coerce(value.clone(), &[ty])
            .map_err(|message| ecow::eco_vec![SourceDiagnostic::error(span, message)])?;
        content = content.with_field(name, value);
    }
    Ok(Value::Content(content.spanned(span)))
}

/// Completes constructed content from its fields, for the elements that need it.
pub fn finish(content: &mut Content) -> SourceResult<()> {
    if content.is(LINK) {
        finish_link(content)?;
    } else if content.is(SCALE) {
        finish_scale(content);
    } else if content.is(PAD) {
        finish_pad(content);
    } else if content.is(PLACE) {
        check_place(content)?;
    } else if content.is(GRID) || content.is(TABLE) {
        for name in ["columns", "rows"] {
            if let Some(Value::Int(n)) = content.field(name) {
                let tracks = Value::Array((0..*n).map(|_| Value::Auto).collect());
                let index = content.elem().field_index(name).unwrap_or_default();
                content.push_field(index, tracks);
            }
        }
    } else {
        super::finish_math(content)?;
    }
    Ok(())
}

/// A scale factor for both axes becomes one per axis.
fn finish_scale(content: &mut Content) {
    let Some(factor) = content.take_field("factor") else { return };
    for axis in ["x", "y"] {
        if content.field(axis).is_none() {
            let index = content.elem().field_index(axis).unwrap_or_default();
            content.push_field(index, factor.clone());
        }
    }
}

/// Padding by axis or for all sides becomes padding per side (a side's own value
/// winning), as Typst keeps only the four sides.
fn finish_pad(content: &mut Content) {
    let rest = content.take_field("rest");
    let x = content.take_field("x").or_else(|| rest.clone());
    let y = content.take_field("y").or(rest);
    for (side, axis) in [("left", &x), ("top", &y), ("right", &x), ("bottom", &y)] {
        if content.field(side).is_none()
            && let Some(value) = axis
        {
            let index = content.elem().field_index(side).unwrap_or_default();
            content.push_field(index, value.clone());
        }
    }
}

/// A placement's arguments agree: automatic and parent-scoped positioning need
/// floating, and a float goes to the top or bottom.
fn check_place(content: &Content) -> SourceResult<()> {
    let span = content.span();
    let float = matches!(content.field("float"), Some(Value::Bool(true)));
    let alignment = content.field("alignment");
    if let Some(Value::Str(scope)) = content.field("scope")
        && scope.as_str() == "parent"
        && !float
    {
        crate::bail!(
            span,
            "parent-scoped positioning is currently only available for floating placement"
        );
    }
    if float {
        let fits = match alignment {
            Some(Value::Auto) => true,
            Some(Value::Alignment(align)) => {
                matches!(align.y, Some(super::VAlign::Top | super::VAlign::Bottom))
            }
            _ => false,
        };
        if !fits {
            crate::bail!(span, "vertical floating placement must be `auto`, `top`, or `bottom`");
        }
    } else if matches!(alignment, Some(Value::Auto)) {
        crate::bail!(
            span,
            "automatic positioning is only available for floating placement";
            hint: "you can enable floating placement with `place(float: true, ..)`"
        );
    }
    Ok(())
}

/// A placement's `scope`: `"column"` or `"parent"`.
pub fn place_scope(
    value: Value,
    span: Span,
    _: &mut EcoVec<SourceDiagnostic>,
) -> SourceResult<Value> {
    if let Value::Str(scope) = &value
        && !matches!(scope.as_str(), "column" | "parent")
    {
        crate::bail!(span, "expected \"column\" or \"parent\"");
    }
    Ok(value)
}

/// An integer that must be positive (a heading's level).
pub fn positive(value: Value, span: Span, _: &mut EcoVec<SourceDiagnostic>) -> SourceResult<Value> {
    if let Value::Int(n) = value
        && n <= 0
    {
        crate::bail!(span, "number must be positive");
    }
    Ok(value)
}

/// A font weight: a number or one of the named weights.
pub fn font_weight(
    value: Value,
    span: Span,
    _: &mut EcoVec<SourceDiagnostic>,
) -> SourceResult<Value> {
    const NAMES: &[&str] = &[
        "thin",
        "extralight",
        "light",
        "regular",
        "medium",
        "semibold",
        "bold",
        "extrabold",
        "black",
    ];
    if let Value::Str(name) = &value
        && !NAMES.contains(&name.as_str())
    {
        let names: Vec<String> = NAMES.iter().map(|n| format!("\"{n}\"")).collect();
        crate::bail!(span, "expected integer, {}, or {}", names[..8].join(", "), names[8]);
    }
    Ok(value)
}

/// A language code: two or three ASCII letters.
pub fn lang(value: Value, span: Span, _: &mut EcoVec<SourceDiagnostic>) -> SourceResult<Value> {
    if let Value::Str(code) = &value
        && !(matches!(code.len(), 2..=3) && code.is_ascii())
    {
        crate::bail!(span, "expected two or three letter language code (ISO 639-1/2/3)");
    }
    Ok(match value {
        Value::Str(code) => Value::Str(code.to_lowercase().into()),
        other => other,
    })
}

/// The parity of the page a page break goes to: `"even"`, `"odd"` or `none`.
pub fn parity(value: Value, span: Span, _: &mut EcoVec<SourceDiagnostic>) -> SourceResult<Value> {
    if let Value::Str(parity) = &value
        && !matches!(parity.as_str(), "even" | "odd")
    {
        crate::bail!(span, "expected \"even\", \"odd\", or none");
    }
    Ok(value)
}

/// A link without a body: a URL shows itself (without a `mailto:` or `tel:` scheme),
/// other destinations need one.
fn finish_link(content: &mut Content) -> SourceResult<()> {
    if content.field("body").is_some_and(|body| !matches!(body, Value::None)) {
        return Ok(());
    }
    let Some(Value::Str(url)) = content.field("dest") else {
        crate::bail!(content.span(), "missing argument: body");
    };
    let shown =
        url.strip_prefix("mailto:").or_else(|| url.strip_prefix("tel:")).unwrap_or(url.as_str());
    let body = Content::text(shown);
    *content = std::mem::replace(content, Content::empty()).with_field("body", body.into());
    Ok(())
}

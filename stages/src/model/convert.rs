//! Conversions element constructors make beyond type checks, as Typst's do: the children
//! of lists, enumerations and term lists become their items, the children of grids and
//! tables their cells (each container refusing the other's parts, headers and footers
//! refusing to nest), and a link to a URL without a body shows the URL. A document's
//! bundle path is normalised, and the choices of `document.format` and the `pdf`
//! elements are checked. A number of
//! grid tracks (or gutters) becomes that many automatic tracks, and a regular polygon
//! becomes the polygon through its vertices. (Arguments that only
//! set other fields, like a scale `factor` or pad's `x`, are spread over them by
//! `content.rs`.) Constructed math elements are completed by `finish_math`
//! (`model/math.rs`).

use std::cmp::Ordering::Less;

use ecow::EcoVec;

use super::{Array, Length, Rel};
use super::{
    Content, ENUM_ITEM, Element, GRID, GRID_CELL, GRID_FOOTER, GRID_HEADER, GRID_HLINE, GRID_VLINE,
    LINK, LIST_ITEM, POLYGON, POLYGON_REGULAR, TABLE, TABLE_CELL, TABLE_FOOTER, TABLE_HEADER,
    TABLE_HLINE, TABLE_VLINE, TERM_ITEM, Value,
};
use crate::base::{Em, SourceDiagnostic, SourceResult, Span};

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
        [("number", &[super::Type::Int, super::Type::Auto]), ("body", &[super::Type::Content])],
    )
}

/// The parts of a grid or of a table, which the other container does not take.
#[derive(Clone, Copy)]
struct CellParts {
    name: &'static str,
    cell: Element,
    header: Element,
    footer: Element,
    hline: Element,
    vline: Element,
}

const GRID_PARTS: CellParts = CellParts {
    name: "grid",
    cell: GRID_CELL,
    header: GRID_HEADER,
    footer: GRID_FOOTER,
    hline: GRID_HLINE,
    vline: GRID_VLINE,
};

const TABLE_PARTS: CellParts = CellParts {
    name: "table",
    cell: TABLE_CELL,
    header: TABLE_HEADER,
    footer: TABLE_FOOTER,
    hline: TABLE_HLINE,
    vline: TABLE_VLINE,
};

/// A child of `grid`: a `grid.cell` unless it is one of the grid's own parts.
pub fn grid_child(
    value: Value,
    span: Span,
    _: &mut EcoVec<SourceDiagnostic>,
) -> SourceResult<Value> {
    cell_child(value, span, GRID_PARTS, TABLE_PARTS, false)
}

/// A child of `grid.header` or `grid.footer`: a cell or a line.
pub fn grid_group_child(
    value: Value,
    span: Span,
    _: &mut EcoVec<SourceDiagnostic>,
) -> SourceResult<Value> {
    cell_child(value, span, GRID_PARTS, TABLE_PARTS, true)
}

/// A child of `table`: a `table.cell` unless it is one of the table's own parts.
pub fn table_child(
    value: Value,
    span: Span,
    _: &mut EcoVec<SourceDiagnostic>,
) -> SourceResult<Value> {
    cell_child(value, span, TABLE_PARTS, GRID_PARTS, false)
}

/// A child of `table.header` or `table.footer`: a cell or a line.
pub fn table_group_child(
    value: Value,
    span: Span,
    _: &mut EcoVec<SourceDiagnostic>,
) -> SourceResult<Value> {
    cell_child(value, span, TABLE_PARTS, GRID_PARTS, true)
}

/// A child of a grid or table (`own`) or of its header or footer (`in_group`). The
/// other container's parts are refused, as are headers and footers inside a group.
fn cell_child(
    value: Value,
    span: Span,
    own: CellParts,
    other: CellParts,
    in_group: bool,
) -> SourceResult<Value> {
    if let Value::Content(content) = &value {
        let (mine, theirs) = (own.name, other.name);
        if in_group {
            for parts in [own, other] {
                let name = parts.name;
                if content.is(parts.header) {
                    crate::bail!(
                        span,
                        "cannot place a {name} header within another header or footer"
                    );
                }
                if content.is(parts.footer) {
                    crate::bail!(
                        span,
                        "cannot place a {name} footer within another footer or header"
                    );
                }
            }
        }
        for (part, element, what) in [
            ("header", other.header, "header"),
            ("footer", other.footer, "footer"),
            ("cell", other.cell, "cell"),
            ("hline", other.hline, "line"),
            ("vline", other.vline, "line"),
        ] {
            if content.is(element) {
                crate::bail!(span, "cannot use `{theirs}.{part}` as a {mine} {what}";
                    hint: "use `{mine}.{part}` instead");
            }
        }
    }
    Ok(wrap(value, own.cell, &[own.header, own.footer, own.hline, own.vline]))
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
            [("term", &[super::Type::Content]), ("description", &[super::Type::Content])],
        ),
        // Whatever makes content, but not a term item.
        other if super::cast::coerce(other.clone(), &[super::Type::Content]).is_ok() => {
            crate::bail!(span, "expected term item or array")
        }
        other => crate::bail!(span, "{}", super::mismatch("array or content", &other)),
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
    fields: [(&str, &[super::Type]); 2],
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
        let value = super::cast::coerce_field(value.clone(), ty, false)
            .map_err(|message| ecow::eco_vec![SourceDiagnostic::error(span, message)])?;
        if name == "number" && matches!(value, Value::Int(n) if n < 0) {
            crate::bail!(span, "number must be at least zero");
        }
        content = content.with_field(name, value);
    }
    Ok(Value::Content(content.spanned(span)))
}

/// Completes constructed content from its fields, for the elements that need it.
pub fn finish(content: &mut Content) -> SourceResult<()> {
    if content.is(LINK) {
        finish_link(content)?;
    } else if content.is(POLYGON_REGULAR) {
        *content = regular_polygon(content);
    } else if content.is(GRID) || content.is(TABLE) {
        for name in ["columns", "rows", "column-gutter", "row-gutter"] {
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

/// The polygon that `polygon.regular(..)` returns, as in Typst, where it is a function
/// rather than an element: `vertices` corners on a circle as wide as `size`, the first
/// edge at the bottom, moved to touch the top and left edges. Only the fill and stroke
/// given are set on it.
fn regular_polygon(elem: &Content) -> Content {
    let size = match elem.field("size") {
        Some(Value::Length(size)) => *size,
        _ => Length::em(Em::new(1.0)),
    };
    let count = match elem.field("vertices") {
        Some(Value::Int(n)) => (*n).max(0) as u64,
        _ => 3,
    };
    let radius = size * 0.5;
    let angle = |i: u64| {
        let n = count as f64;
        std::f64::consts::PI * (0.5 - 1.0 / n) + std::f64::consts::TAU * (i as f64 / n)
    };
    // As Typst computes them: on the circle's bounding square, then moved by the
    // smallest coordinates (at most the radius).
    let corner =
        |i: u64| (radius * libm::cos(angle(i)) + radius, radius * libm::sin(angle(i)) + radius);
    // Lengths compare by their absolute parts where neither has an em part, by their
    // em parts where neither has an absolute part, and not at all otherwise (never less
    // than).
    let (min_x, min_y) = (0..=count).map(corner).fold((radius, radius), |min, c| {
        let x = if min.0.partial_cmp(c.0) == Some(Less) { min.0 } else { c.0 };
        let y = if min.1.partial_cmp(c.1) == Some(Less) { min.1 } else { c.1 };
        (x, y)
    });
    let vertices = (0..=count).map(|i| {
        let (x, y) = corner(i);
        let point = [x - min_x, y - min_y].map(|l| Value::Relative(Rel::from(l)));
        Value::Array(Array::from_iter(point))
    });
    let mut polygon =
        Content::new(POLYGON).with_field("vertices", Value::Array(Array::from_iter(vertices)));
    for name in ["fill", "stroke"] {
        if let Some(value) = elem.field(name) {
            polygon = polygon.with_field(name, value.clone());
        }
    }
    polygon.spanned(elem.span())
}

/// A placement's `scope`: `"column"` or `"parent"`.
pub fn place_scope(
    value: Value,
    span: Span,
    _: &mut EcoVec<SourceDiagnostic>,
) -> SourceResult<Value> {
    super::fieldcast::choice(value, span, &["column", "parent"], &[])
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
    let names = || {
        let names: Vec<String> = NAMES.iter().map(|n| format!("\"{n}\"")).collect();
        format!("{}, or {}", names[..8].join(", "), names[8])
    };
    match &value {
        // Typst keeps a weight by its name where it has one (`700` reads as "bold").
        Value::Int(n) => {
            let weight = (*n).clamp(100, 900);
            return Ok(match NAMES.get(weight as usize / 100 - 1) {
                Some(name) if weight % 100 == 0 => Value::str(*name),
                _ => Value::Int(weight),
            });
        }
        Value::Str(name) if NAMES.contains(&name.as_str()) => {}
        Value::Str(_) => crate::bail!(span, "expected integer, {}", names()),
        other => {
            crate::bail!(span, "expected integer, {}, found {}", names(), other.ty().long_name())
        }
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
    super::fieldcast::choice(value, span, &["even", "odd"], &["none"])
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

/// `document.path`: a path inside the bundle, written from its root (`"a/./b.pdf"` is
/// `"/a/b.pdf"`), which must not leave the root or use backslashes.
pub fn bundle_path(
    value: Value,
    span: Span,
    _: &mut EcoVec<SourceDiagnostic>,
) -> SourceResult<Value> {
    let Value::Str(path) = &value else { return Ok(value) };
    if path.0.contains('\\') {
        crate::bail!(span, "path must not contain a backslash";
            hint: "use forward slashes instead: `{}`", super::repr_str(&path.0.as_str().replace('\\', "/")));
    }
    let mut parts: Vec<&str> = Vec::new();
    for part in path.0.split('/') {
        match part {
            "" | "." => {}
            ".." if parts.pop().is_none() => {
                crate::bail!(
                    span,
                    "path `{}` would escape the bundle root",
                    super::repr_str(&path.0)
                );
            }
            ".." => {}
            part => parts.push(part),
        }
    }
    if parts.is_empty() {
        crate::bail!(span, "path must have at least one component");
    }
    Ok(Value::Str(ecow::eco_format!("/{}", parts.join("/")).into()))
}

/// `document.format`: the export format of a bundle's document.
pub fn document_format(
    value: Value,
    span: Span,
    _: &mut EcoVec<SourceDiagnostic>,
) -> SourceResult<Value> {
    super::fieldcast::choice(value, span, &["pdf", "png", "svg", "html"], &["auto"])
}

/// `pdf.attach.relationship`: how the attached file relates to the document.
pub fn attach_relationship(
    value: Value,
    span: Span,
    _: &mut EcoVec<SourceDiagnostic>,
) -> SourceResult<Value> {
    super::fieldcast::choice(
        value,
        span,
        &["source", "data", "alternative", "supplement"],
        &["none"],
    )
}

/// `pdf.artifact.kind`: the kinds of artifacts PDF knows.
pub fn artifact_kind(
    value: Value,
    span: Span,
    _: &mut EcoVec<SourceDiagnostic>,
) -> SourceResult<Value> {
    const KINDS: &[&str] = &[
        "header",
        "footer",
        "watermark",
        "page-number",
        "line-number",
        "redaction",
        "bates",
        "page",
        "pagination-other",
        "layout",
        "background",
        "other",
    ];
    super::fieldcast::choice(value, span, KINDS, &[])
}

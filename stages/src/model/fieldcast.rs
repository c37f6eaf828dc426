//! Checks and normal forms of element fields whose accepted values are narrower than a
//! type (a string from a fixed set, a code of some length) or whose stored form differs
//! from what was written (`features: ("smcp",)` is kept as `(smcp: 1)`), with Typst
//! 0.15's wording for each refusal. Each function is a `FieldCast` of `elements.rs`.

use ecow::{EcoString, EcoVec, eco_format};

use super::{Array, Dict, Dir, Ratio, Rel, VAlign, Value, mismatch};
use crate::base::{SourceDiagnostic, SourceResult, Span};

/// The diagnostics sink every cast receives (casts here do not warn).
type Sink<'a> = &'a mut EcoVec<SourceDiagnostic>;

fn fail<T>(span: Span, message: impl Into<EcoString>) -> SourceResult<T> {
    Err(ecow::eco_vec![SourceDiagnostic::error(span, message.into())])
}

/// Fails at the first of `keys` that is not one of `valid`, as Typst words it.
fn only_keys<'a>(
    keys: impl IntoIterator<Item = &'a super::Str>,
    valid: &[&str],
    span: Span,
) -> SourceResult<()> {
    let unexpected: Vec<&str> =
        keys.into_iter().map(|k| k.as_str()).filter(|k| !valid.contains(k)).collect();
    if unexpected.is_empty() {
        return Ok(());
    }
    fail(span, super::sides::unexpected_keys(&unexpected, Some(valid)))
}

/// A type mismatch with the hint Typst gives for it (`a length needs a unit`).
fn fail_mismatch<T>(span: Span, expected: &str, found: &Value) -> SourceResult<T> {
    fail_hinted(span, mismatch(expected, found), found)
}

/// A failed cast of `found` with the hint Typst gives for it.
fn fail_hinted<T>(span: Span, message: EcoString, found: &Value) -> SourceResult<T> {
    let mut error = SourceDiagnostic::error(span, message.clone());
    if let Some(hint) = super::cast::cast_hint(&message, found) {
        error = error.with_hint(hint);
    }
    Err(ecow::eco_vec![error])
}

/// Quotes each name and joins them as Typst lists choices: `"a", "b", or "c"`.
fn choices(names: &[&str]) -> EcoString {
    let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
    match quoted.as_slice() {
        [] => EcoString::new(),
        [one] => one.into(),
        [a, b] => eco_format!("{a} or {b}"),
        [rest @ .., last] => eco_format!("{}, or {last}", rest.join(", ")),
    }
}

/// A string out of `names`, else an error listing them (`extra` names what else fits,
/// as in `"lining", "old-style", or auto`).
fn one_of(
    value: Value,
    span: Span,
    names: &[&str],
    extra: Option<&str>,
    other: impl Fn(&Value) -> bool,
) -> SourceResult<Value> {
    let listed = match extra {
        Some(extra) => {
            let mut all: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
            all.push(extra.into());
            let last = all.pop().unwrap_or_default();
            eco_format!("{}, or {last}", all.join(", "))
        }
        None => choices(names),
    };
    match &value {
        Value::Str(s) if names.contains(&s.as_str()) => Ok(value),
        Value::Str(_) => fail(span, eco_format!("expected {listed}")),
        v if other(v) => Ok(value),
        v => fail(span, mismatch(&listed, v)),
    }
}

/// `text.style`: `"normal"`, `"italic"` or `"oblique"`.
pub fn text_style(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    one_of(value, span, &["normal", "italic", "oblique"], None, |_| false)
}

/// `text.top-edge`: a metric name or a length.
pub fn top_edge(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    let names = ["ascender", "cap-height", "x-height", "baseline", "bounds"];
    one_of(value, span, &names, Some("length"), |v| matches!(v, Value::Length(_)))
}

/// `text.bottom-edge`: a metric name or a length.
pub fn bottom_edge(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    let names = ["baseline", "descender", "bounds"];
    one_of(value, span, &names, Some("length"), |v| matches!(v, Value::Length(_)))
}

/// `text.number-type`.
pub fn number_type(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    one_of(value, span, &["lining", "old-style"], Some("auto"), |v| matches!(v, Value::Auto))
}

/// `text.number-width`.
pub fn number_width(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    one_of(value, span, &["proportional", "tabular"], Some("auto"), |v| matches!(v, Value::Auto))
}

/// `text.region`: two ASCII characters, kept in upper case.
pub fn text_region(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    match value {
        Value::Str(s) if s.len() == 2 && s.is_ascii() => Ok(Value::Str(s.to_uppercase().into())),
        Value::Str(_) => fail(span, "expected two letter region code (ISO 3166-1 alpha-2)"),
        other => Ok(other),
    }
}

/// `text.script`: three or four ASCII characters, kept in lower case.
pub fn text_script(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    match value {
        Value::Str(s) if matches!(s.len(), 3 | 4) && s.is_ascii() => {
            Ok(Value::Str(s.to_lowercase().into()))
        }
        Value::Str(_) => {
            fail(span, "expected three or four letter script code (ISO 15924 or 'math')")
        }
        other => Ok(other),
    }
}

/// `text.dir`: a horizontal direction or `auto`.
pub fn text_dir(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    match value {
        Value::Direction(Dir::Ttb | Dir::Btt) => fail(span, "text direction must be horizontal"),
        other => Ok(other),
    }
}

/// `text.stretch`: a ratio, clamped to the range fonts know (50% to 200%).
pub fn text_stretch(value: Value, _: Span, _: Sink) -> SourceResult<Value> {
    match value {
        Value::Ratio(r) => Ok(Value::Ratio(Ratio(r.get().clamp(0.5, 2.0)))),
        other => Ok(other),
    }
}

/// `text.font`: a family name, a family dictionary (`name`, optional `covers`), or a
/// non-empty array of those; names are kept in lower case.
pub fn text_font(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    fn family(value: &Value, span: Span, in_list: bool) -> SourceResult<Value> {
        match value {
            Value::Str(s) => Ok(Value::Str(s.to_lowercase().into())),
            Value::Dict(dict) => {
                let Some(name) = dict.get("name") else {
                    return fail(span, "dictionary does not contain key \"name\"");
                };
                let Value::Str(name) = name else {
                    return fail(span, mismatch("string", name));
                };
                let mut out = Dict::new();
                out.insert("name".into(), Value::Str(name.to_lowercase().into()));
                if let Some(covers) = dict.get("covers") {
                    match covers {
                        Value::Str(s) if s.as_str() == "latin-in-cjk" => {}
                        Value::Regex(_) => {}
                        _ => return fail(span, "expected \"latin-in-cjk\" or regex"),
                    }
                    out.insert("covers".into(), covers.clone());
                }
                Ok(Value::Dict(out))
            }
            other if in_list => fail(span, mismatch("string or dictionary", other)),
            other => fail(span, mismatch("string, dictionary, or array", other)),
        }
    }
    match &value {
        Value::Array(items) if items.is_empty() => {
            fail(span, "font fallback list must not be empty")
        }
        Value::Array(items) => {
            let families: SourceResult<Array> =
                items.as_slice().iter().map(|item| family(item, span, true)).collect();
            Ok(Value::Array(families?))
        }
        other => family(other, span, false),
    }
}

/// `par.first-line-indent`: a length (the amount) or a dictionary with an `amount` and
/// whether to indent `all` paragraphs, kept as a dictionary of the keys given (set rules
/// fold it key by key).
pub fn first_line_indent(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    let mut out = Dict::new();
    match value {
        Value::Length(amount) => {
            out.insert("amount".into(), Value::Length(amount));
        }
        Value::Dict(given) => {
            for (key, ty) in [("amount", "length"), ("all", "boolean")] {
                let Some(item) = given.get(key) else { continue };
                let fits =
                    matches!((key, item), ("amount", Value::Length(_)) | ("all", Value::Bool(_)));
                if !fits {
                    let message = mismatch(ty, item);
                    let hint = super::cast::cast_hint(&message, item);
                    let error = SourceDiagnostic::error(span, message);
                    return Err(ecow::eco_vec![match hint {
                        Some(hint) => error.with_hint(hint),
                        None => error,
                    }]);
                }
                out.insert(key.into(), item.clone());
            }
            only_keys(given.iter().map(|(k, _)| k), &["amount", "all"], span)?;
        }
        other => return Ok(other),
    }
    Ok(Value::Dict(out))
}

/// `par.justification-limits` when nothing is set: word spacing may shrink to two
/// thirds and grow to 150%, tracking stays.
pub fn justification_limits() -> Value {
    let rel = |ratio: f64| Value::Relative(Rel { abs: super::Length::zero(), rel: Ratio(ratio) });
    let zero = || Value::Length(super::Length::zero());
    let pair = |min: Value, max: Value| {
        let mut dict = Dict::new();
        dict.insert("min".into(), min);
        dict.insert("max".into(), max);
        Value::Dict(dict)
    };
    let mut out = Dict::new();
    out.insert("spacing".into(), pair(rel(2.0 / 3.0), rel(1.5)));
    out.insert("tracking".into(), pair(zero(), zero()));
    Value::Dict(out)
}

/// `par.justification-limits`: a dictionary of `spacing` and `tracking` limits.
pub fn check_justification_limits(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    if let Value::Dict(given) = &value {
        only_keys(given.iter().map(|(k, _)| k), &["spacing", "tracking"], span)?;
    }
    Ok(value)
}

/// A horizontal table line's `position`: `top` or `bottom`.
pub fn hline_position(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    line_position(value, span, "`top` or `bottom`", |a| {
        a.x.is_none() && matches!(a.y, Some(VAlign::Top | VAlign::Bottom))
    })
}

/// A vertical table line's `position`: `start`, `left`, `right` or `end`.
pub fn vline_position(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    use super::HAlign as H;
    line_position(value, span, "`start`, `left`, `right`, or `end`", |a| {
        a.y.is_none() && matches!(a.x, Some(H::Start | H::Left | H::Right | H::End))
    })
}

fn line_position(
    value: Value,
    span: Span,
    expected: &str,
    fits: impl Fn(&super::Alignment) -> bool,
) -> SourceResult<Value> {
    match &value {
        Value::Alignment(align) if fits(align) => Ok(value),
        Value::Alignment(_) => {
            fail(span, eco_format!("expected {expected}, found {}", value.repr()))
        }
        other => fail(span, mismatch("alignment", other)),
    }
}

/// `par.first-line-indent` when nothing is set: no indent, only after paragraphs.
pub fn no_indent() -> Value {
    let mut out = Dict::new();
    out.insert("amount".into(), Value::Length(super::Length::zero()));
    out.insert("all".into(), Value::Bool(false));
    Value::Dict(out)
}

/// The keys of `text.costs`, in Typst's order.
const COST_KEYS: [&str; 4] = ["hyphenation", "runt", "widow", "orphan"];

/// `text.costs` when nothing is set: every cost at 100%.
pub fn default_costs() -> Value {
    let mut dict = Dict::new();
    for key in COST_KEYS {
        dict.insert(key.into(), Value::Ratio(Ratio(1.0)));
    }
    Value::Dict(dict)
}

/// `text.costs`: a dictionary of ratios for some of the cost keys, in Typst's order.
pub fn text_costs(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    let Value::Dict(given) = &value else { return Ok(value) };
    let mut out = Dict::new();
    for item in COST_KEYS.iter().filter_map(|key| given.get(key)) {
        if !matches!(item, Value::Ratio(_)) {
            return fail(span, mismatch("ratio", item));
        }
    }
    only_keys(given.iter().map(|(key, _)| key), &COST_KEYS, span)?;
    // Only the given keys are kept: set rules merge them over the outer costs.
    for key in COST_KEYS {
        if let Some(item) = given.get(key) {
            out.insert(key.into(), item.clone());
        }
    }
    Ok(Value::Dict(out))
}

/// `text.features`: an array of tags (each switched on) or a dictionary of tags and
/// integer values; kept as the dictionary. A refusal names the tag it occurred in.
pub fn text_features(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    let mut out = Dict::new();
    let failed = |error: SourceDiagnostic, index: usize, tag: &Value| {
        error.with_hint(eco_format!("occurred in tag at index {index} (`{}`)", tag.repr()))
    };
    match &value {
        Value::Array(items) => {
            for (index, item) in items.as_slice().iter().enumerate() {
                let checked = match item {
                    Value::Str(tag) => feature_tag(tag, span),
                    other => Err(SourceDiagnostic::error(span, mismatch("string", other))),
                };
                let tag = checked.map_err(|error| {
                    let error = failed(error, index, item);
                    // A string with `=` or a value of another type suggests a value.
                    let valued = !matches!(item, Value::Str(tag) if !tag.contains('='));
                    let hint = "to set features with custom values, consider supplying a \
                                dictionary";
                    ecow::eco_vec![if valued { error.with_hint(hint) } else { error }]
                })?;
                out.insert(padded(&tag), Value::Int(1));
            }
        }
        Value::Dict(dict) => {
            for (index, (tag, item)) in dict.iter().enumerate() {
                let key = Value::Str(tag.clone());
                let checked = feature_tag(tag, span).and_then(|_| match item {
                    Value::Int(n) if *n >= 0 => Ok(()),
                    Value::Int(_) => {
                        Err(SourceDiagnostic::error(span, "number must be at least zero"))
                    }
                    other => Err(SourceDiagnostic::error(span, mismatch("integer", other))),
                });
                checked.map_err(|error| ecow::eco_vec![failed(error, index, &key)])?;
                out.insert(padded(tag), item.clone());
            }
        }
        _ => return Ok(value),
    }
    Ok(Value::Dict(out))
}

/// A checked tag as Typst keeps it: padded with spaces to four characters (`"a   "`).
fn padded(tag: &super::Str) -> super::Str {
    super::Str(eco_format!("{:<4}", tag.as_str()))
}

/// `text.variations`: a dictionary from OpenType variation tags to numbers, kept with
/// padded tags and the numbers as Typst's 32-bit floats (`(a: 1)` is `("a   ": 1.0)`).
pub fn text_variations(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    let Value::Dict(dict) = &value else {
        return fail_mismatch(span, "dictionary", &value);
    };
    let mut out = Dict::new();
    for (index, (tag, item)) in dict.iter().enumerate() {
        let checked = feature_tag(tag, span).and_then(|_| match item {
            Value::Int(n) => Ok((*n as f32) as f64),
            Value::Float(v) => Ok((*v as f32) as f64),
            other => Err(SourceDiagnostic::error(span, mismatch("float", other))),
        });
        let number = checked.map_err(|error| {
            let key = Value::Str(tag.clone()).repr();
            ecow::eco_vec![
                error.with_hint(eco_format!("occurred in tag at index {index} (`{key}`)"))
            ]
        })?;
        out.insert(padded(tag), Value::Float(number));
    }
    Ok(Value::Dict(out))
}

/// `bibliography.target`: what the bibliography lists citations of, `auto` or a
/// locatable selector.
pub fn bibliography_target(value: Value, span: Span, sink: Sink) -> SourceResult<Value> {
    match &value {
        Value::Auto => Ok(value),
        Value::Label(_)
        | Value::Location(_)
        | Value::Selector(_)
        | Value::Func(_)
        | Value::Str(_)
        | Value::Regex(_) => outline_target(value, span, sink),
        other => fail_mismatch(span, "label, function, location, selector, or auto", other),
    }
}

/// `bibliography.group`: `none`, `auto` or a group name.
pub fn bibliography_group(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    match &value {
        Value::None | Value::Auto | Value::Str(_) => Ok(value),
        other => fail_mismatch(span, "string, auto, or none", other),
    }
}

/// `page.bleed`: a margin whose sides are relative lengths (never `auto`).
pub fn page_bleed(value: Value, span: Span, sink: Sink) -> SourceResult<Value> {
    match &value {
        Value::Length(_) | Value::Ratio(_) | Value::Relative(_) => {}
        Value::Dict(dict) => {
            const SIDES: &[&str] =
                &["rest", "x", "y", "top", "bottom", "outside", "inside", "left", "right"];
            for key in SIDES {
                if let Some(item) = dict.get(key)
                    && !matches!(item, Value::Length(_) | Value::Ratio(_) | Value::Relative(_))
                {
                    return fail_mismatch(span, "relative length", item);
                }
            }
        }
        other => return fail_mismatch(span, "relative length or dictionary", other),
    }
    super::sides::margin(value, span, sink)
}

/// `page.paper`: the name of a paper size (any other value is refused with the names).
pub fn paper(value: Value, span: Span, sink: Sink) -> SourceResult<Value> {
    if matches!(value, Value::Str(_)) {
        return super::sides::paper(value, span, sink);
    }
    let names: Vec<&str> = crate::layout::page::paper_names().collect();
    fail(span, eco_format!("expected {}, found {}", choices(&names), value.ty().long_name()))
}

/// A positive count or `none` (a grid line's `end`).
pub fn positive_or_none(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    match value {
        Value::Int(n) if n <= 0 => fail(span, "number must be positive"),
        value => Ok(value),
    }
}

/// An OpenType feature tag: one to four printable ASCII characters, spaces only as
/// padding at the end.
fn feature_tag(tag: &super::Str, span: Span) -> Result<super::Str, SourceDiagnostic> {
    use unicode_segmentation::UnicodeSegmentation;
    let printable = |cluster: &str| cluster.bytes().all(|b| (0x20..=0x7E).contains(&b));
    if let Some(cluster) = tag.as_str().graphemes(true).find(|c| !printable(c)) {
        let found = Value::Str(cluster.into()).repr();
        return Err(SourceDiagnostic::error(
            span,
            "tag may contain only printable ASCII characters",
        )
        .with_hint(eco_format!("found invalid cluster `{found}`")));
    }
    let len = tag.as_str().len();
    if !(1..=4).contains(&len) {
        return Err(SourceDiagnostic::error(span, "tag must be one to four characters in length")
            .with_hint(eco_format!("found {len} characters")));
    }
    let trimmed = tag.as_str().trim_end_matches(' ');
    if trimmed.is_empty() || trimmed.contains(' ') {
        return Err(SourceDiagnostic::error(
            span,
            "spaces may only appear as padding following a tag",
        ));
    }
    Ok(tag.clone())
}

/// `text.stylistic-set`: a set number from 1 to 20 or an array of them, kept as an
/// array.
pub fn stylistic_set(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    let check = |item: &Value| match item {
        Value::Int(n) if (1..=20).contains(n) => Ok(item.clone()),
        Value::Int(_) => fail(span, "stylistic set must be between 1 and 20"),
        other => fail(span, mismatch("integer", other)),
    };
    match &value {
        Value::None => Ok(Value::Array(Array::new())),
        Value::Int(_) => Ok(Value::Array(Array::from_iter([check(&value)?]))),
        Value::Array(items) => {
            let items: SourceResult<Array> = items.as_slice().iter().map(check).collect();
            Ok(Value::Array(items?))
        }
        other => fail(span, mismatch("none, integer, or array", other)),
    }
}

/// `text.spacing` when nothing is set: the font's own word spacing (`100% + 0pt`).
pub fn full_spacing() -> Value {
    Value::Relative(Rel { abs: super::Length::zero(), rel: Ratio(1.0) })
}

/// A numbering: a function, `none`, or a pattern with a counting symbol.
pub fn numbering(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    match &value {
        Value::Str(pattern) if !crate::eval::library::is_numbering_pattern(pattern) => {
            fail(span, "invalid numbering pattern")
        }
        _ => Ok(value),
    }
}

/// `list.marker`: an array needs at least one marker.
pub fn list_marker(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    match value {
        Value::Array(items) if items.is_empty() => {
            fail(span, "array must contain at least one marker")
        }
        // Each marker is content, as values show in markup; one marker stands alone.
        Value::Array(items) if items.len() == 1 => {
            Ok(Value::Content(items.as_slice()[0].clone().display()))
        }
        Value::Array(items) => Ok(Value::Array(
            items.as_slice().iter().map(|item| Value::Content(item.clone().display())).collect(),
        )),
        value => Ok(value),
    }
}

/// `figure.caption.position`: `top` or `bottom`.
pub fn caption_position(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    match &value {
        Value::Alignment(a)
            if a.x.is_none() && matches!(a.y, Some(VAlign::Top | VAlign::Bottom)) =>
        {
            Ok(value)
        }
        other => fail(span, eco_format!("expected `top` or `bottom`, found {}", other.repr())),
    }
}

/// `par.line.numbering-scope`: `"document"` or `"page"`.
pub fn numbering_scope(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    one_of(value, span, &["document", "page"], None, |_| false)
}

/// `raw.align`: a horizontal alignment.
pub fn raw_align(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    match &value {
        Value::Alignment(a) if a.y.is_none() && a.x.is_some() => Ok(value),
        other => fail(
            span,
            eco_format!(
                "expected `start`, `left`, `center`, `right`, or `end`, found {}",
                other.repr()
            ),
        ),
    }
}

/// `link.dest`: a URL must not be empty.
pub fn link_dest(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    match &value {
        Value::Str(url) if url.is_empty() => fail(span, "URL must not be empty"),
        Value::Dict(dict) => {
            // A position: a page number from 1 and the point on it, as in Typst.
            let take = |key: &str| dict.get(key).ok_or_else(|| super::Dict::missing_key_err(key));
            match take("page") {
                Ok(Value::Int(page)) if *page > 0 => {}
                Ok(Value::Int(_)) => return fail(span, "number must be positive"),
                Ok(other) => return fail(span, mismatch("integer", other)),
                Err(message) => return fail(span, message),
            }
            for key in ["x", "y"] {
                match take(key) {
                    Ok(Value::Length(_)) => {}
                    Ok(other) => return fail_mismatch(span, "length", other),
                    Err(message) => return fail(span, message),
                }
            }
            only_keys(dict.iter().map(|(k, _)| k), &["page", "x", "y"], span)?;
            Ok(value)
        }
        _ => Ok(value),
    }
}

/// `document.author` and `document.keywords`: a string or an array of strings.
pub fn string_list(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    if let Value::Array(items) = &value
        && let Some(item) = items.as_slice().iter().find(|v| !matches!(v, Value::Str(_)))
    {
        return fail(span, mismatch("string", item));
    }
    // One string is a list of one, as Typst keeps it.
    Ok(match value {
        Value::Str(one) => Value::Array(Array::from_iter([Value::Str(one)])),
        other => other,
    })
}

/// A count that may be zero but not negative (a heading's offset, an enum's start).
pub fn non_negative(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    match value {
        Value::Int(n) if n < 0 => fail(span, "number must be at least zero"),
        value => Ok(value),
    }
}

/// A grid's or table's track sizes: a positive number of `auto` tracks, or sizes (each
/// `auto`, a relative length or a fraction; one size stands for an array of it). Lengths
/// and ratios are stored as relative lengths, as Typst's fields show them (`0% + 10pt`).
pub fn track_sizes(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    let size = |item: Value| match item {
        Value::Auto | Value::Fraction(_) | Value::Relative(_) => Ok(item),
        Value::Length(length) => Ok(Value::Relative(length.into())),
        Value::Ratio(ratio) => Ok(Value::Relative(ratio.into())),
        item => fail(span, mismatch("auto, relative length, or fraction", &item)),
    };
    match value {
        Value::Int(n) if n <= 0 => fail(span, "number must be positive"),
        // A number of tracks is that many automatic ones, as Typst keeps it.
        Value::Int(n) => Ok(Value::Array((0..n).map(|_| Value::Auto).collect())),
        Value::None => Ok(value),
        Value::Array(items) => {
            Ok(Value::Array(items.0.iter().cloned().map(size).collect::<SourceResult<_>>()?))
        }
        value => Ok(Value::Array(std::iter::once(size(value)?).collect())),
    }
}

/// `box.baseline`: where the baseline sits (`auto` for the content's own, or `top`,
/// `horizon`, `bottom`) and how far it is shifted up (a relative length), kept as
/// Typst keeps it: a dictionary of the parts given (`(at: top)`, `(shift: 0% + 2pt)`).
/// As in Typst, an inner set rule replaces an outer one whole.
pub fn box_baseline(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    let vertical = |value: &Value| -> Result<Value, EcoString> {
        match value {
            Value::Auto => Ok(Value::Auto),
            Value::Alignment(a) if a.x.is_none() && a.y.is_some() => Ok(value.clone()),
            Value::Alignment(a) => {
                Err(eco_format!("expected `top`, `horizon`, or `bottom`, found {}", value_repr(*a)))
            }
            other => Err(mismatch("alignment or auto", other)),
        }
    };
    let shift =
        |value: &Value| super::cast::coerce_field(value.clone(), &[super::Type::Relative], false);
    let mut out = Dict::new();
    match &value {
        Value::Auto | Value::Alignment(_) => {
            out.insert("at".into(), vertical(&value).or_else(|e| fail(span, e))?);
        }
        Value::Dict(dict) => {
            if let Some(at) = dict.get("at") {
                out.insert("at".into(), vertical(at).or_else(|e| fail(span, e))?);
            }
            if let Some(amount) = dict.get("shift") {
                out.insert(
                    "shift".into(),
                    shift(amount).or_else(|e| fail_hinted(span, e, amount))?,
                );
            }
            only_keys(dict.iter().map(|(k, _)| k), &["at", "shift"], span)?;
        }
        other => match shift(other) {
            Ok(amount) => {
                out.insert("shift".into(), amount);
            }
            Err(_) => {
                return fail(
                    span,
                    mismatch("alignment, auto, relative length, or dictionary", other),
                );
            }
        },
    }
    Ok(Value::Dict(out))
}

/// `text.alternates`: a bool stands for the alternate number 1 or 0, as Typst keeps it.
pub fn alternates(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    match value {
        Value::Bool(on) => Ok(Value::Int(i64::from(on))),
        Value::Int(n) if n < 0 => fail(span, "number must be at least zero"),
        value => Ok(value),
    }
}

/// `figure.placement`: `none`, `auto`, or a vertical alignment.
pub fn figure_placement(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    match &value {
        Value::None | Value::Auto => Ok(value),
        Value::Alignment(a) if a.x.is_none() => Ok(value),
        Value::Alignment(a) => fail(
            span,
            eco_format!("expected `top`, `horizon`, or `bottom`, found {}", value_repr(*a)),
        ),
        v => fail(span, mismatch("alignment, auto, or none", v)),
    }
}

/// How an alignment reads in an error.
fn value_repr(a: super::Alignment) -> EcoString {
    Value::Alignment(a).repr()
}

/// `figure.scope`: `"column"` or `"parent"`.
pub fn figure_scope(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    one_of(value, span, &["column", "parent"], None, |_| false)
}

/// A grid's or table's `align`: an alignment or `auto`, an array of them (one per
/// column), or a function of the cell position.
pub fn celled_align(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    let single = |v: &Value| matches!(v, Value::Alignment(_) | Value::Auto);
    match &value {
        v if single(v) || matches!(v, Value::Func(_)) => Ok(value),
        Value::Array(items) => match items.0.iter().find(|v| !single(v)) {
            Some(bad) => fail(span, mismatch("alignment or auto", bad)),
            None => Ok(value),
        },
        v => fail(span, mismatch("alignment, auto, array, or function", v)),
    }
}

/// A grid's or table's `stroke`: a stroke (or its parts, or a dictionary of sides, kept
/// in the normal form of `paintcast`), an array of them (one per column), or a function
/// of the cell position.
pub fn celled_stroke(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    const ANY: &str =
        "length, color, gradient, tiling, dictionary, stroke, none, array, or function";
    let result = match value {
        Value::Func(_) => Ok(value),
        Value::Array(items) => items
            .0
            .into_iter()
            .map(super::paintcast::cell_sides)
            .collect::<Result<EcoVec<Value>, EcoString>>()
            .map(|items| Value::Array(super::Array(items))),
        v @ (Value::None
        | Value::Length(_)
        | Value::Color(_)
        | Value::Gradient(_)
        | Value::Tiling(_)
        | Value::Stroke(_)
        | Value::Dict(_)) => super::paintcast::cell_sides(v),
        v => Err(mismatch(ANY, &v)),
    };
    result.or_else(|message| fail(span, message))
}

/// One of the strings `options`, or (where `extra` names them) `auto` or `none`; the
/// refusal lists them as Typst does (`expected "cover", "contain", or "stretch"`).
pub(super) fn choice(
    value: Value,
    span: Span,
    options: &[&str],
    extra: &[&str],
) -> SourceResult<Value> {
    let allowed = match &value {
        Value::Str(s) => options.contains(&s.0.as_str()),
        Value::Auto => extra.contains(&"auto"),
        Value::None => extra.contains(&"none"),
        _ => false,
    };
    if allowed {
        return Ok(value);
    }
    let names: Vec<EcoString> = options
        .iter()
        .map(|o| eco_format!("{o:?}"))
        .chain(extra.iter().map(|&e| e.into()))
        .collect();
    let expected = match names.as_slice() {
        [one] => one.clone(),
        [first, second] => eco_format!("{first} or {second}"),
        [rest @ .., last] => eco_format!("{}, or {last}", rest.join(", ")),
        [] => EcoString::new(),
    };
    match value {
        Value::Str(_) => fail(span, eco_format!("expected {expected}")),
        other => fail(span, mismatch(&expected, &other)),
    }
}

/// `par.linebreaks`: `"simple"`, `"optimized"` or `auto`.
pub fn linebreaks(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    choice(value, span, &["simple", "optimized"], &["auto"])
}

/// `image.fit`: `"cover"`, `"contain"` or `"stretch"`.
pub fn image_fit(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    choice(value, span, &["cover", "contain", "stretch"], &[])
}

/// `image.scaling`: `"smooth"`, `"pixelated"` or `auto`.
pub fn image_scaling(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    choice(value, span, &["smooth", "pixelated"], &["auto"])
}

/// `image.format`: an encoded format's name, a raw pixel format (a dictionary) or `auto`.
pub fn image_format(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    if let Value::Dict(dict) = &value {
        // Raw pixels: their encoding and the image's size in pixels, as in Typst.
        let take = |key: &str| dict.get(key).ok_or_else(|| Dict::missing_key_err(key));
        let encodings = ["rgb8", "rgba8", "luma8", "lumaa8"];
        match take("encoding") {
            Ok(Value::Str(name)) if encodings.contains(&name.as_str()) => {}
            Ok(Value::Str(_)) => {
                return fail(span, r#"expected "rgb8", "rgba8", "luma8", or "lumaa8""#);
            }
            Ok(other) => return fail(span, mismatch("string", other)),
            Err(message) => return fail(span, message),
        }
        for key in ["width", "height"] {
            match take(key) {
                Ok(Value::Int(n)) if (0..=i64::from(u32::MAX)).contains(n) => {}
                Ok(Value::Int(n)) if *n < 0 => {
                    return fail(span, "number must be at least zero");
                }
                Ok(Value::Int(_)) => return fail(span, "number too large"),
                Ok(other) => return fail(span, mismatch("integer", other)),
                Err(message) => return fail(span, message),
            }
        }
        only_keys(dict.iter().map(|(k, _)| k), &["encoding", "width", "height"], span)?;
        return Ok(value);
    }
    let formats = ["png", "jpg", "gif", "webp", "svg", "pdf"];
    choice(value.clone(), span, &formats, &["auto"]).or_else(|_| {
        // Typst lists the raw pixel format (a dictionary) between the raster formats
        // and the vector ones.
        let expected = r#""png", "jpg", "gif", "webp", dictionary, "svg", "pdf", or auto"#;
        match value {
            Value::Str(_) => fail(span, eco_format!("expected {expected}")),
            other => fail(span, mismatch(expected, &other)),
        }
    })
}

/// `cite.form`: a citation form's name or `none`.
pub fn cite_form(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    choice(value, span, &["normal", "prose", "full", "author", "year"], &["none"])
}

/// The citation styles Typst ships, by the names it accepts (in its order).
const CSL_STYLES: &[&str] = &[
    "alphanumeric",
    "american-anthropological-association",
    "american-chemical-society",
    "american-geophysical-union",
    "american-institute-of-aeronautics-and-astronautics",
    "american-institute-of-physics",
    "american-medical-association",
    "american-meteorological-society",
    "american-physics-society",
    "american-physiological-society",
    "american-political-science-association",
    "american-psychological-association",
    "apa",
    "american-society-for-microbiology",
    "american-society-of-civil-engineers",
    "american-society-of-mechanical-engineers",
    "american-sociological-association",
    "angewandte-chemie",
    "annual-reviews",
    "annual-reviews-author-date",
    "associacao-brasileira-de-normas-tecnicas",
    "association-for-computing-machinery",
    "biomed-central",
    "bristol-university-press",
    "british-medical-journal",
    "bmj",
    "cell",
    "chicago-author-date",
    "chicago-notes",
    "chicago-fullnotes",
    "chicago-shortened-notes",
    "copernicus",
    "cse-citation-sequence-brackets-8th-edition",
    "council-of-science-editors",
    "cse-name-year",
    "council-of-science-editors-author-date",
    "current-opinion",
    "deutsche-gesellschaft-für-psychologie",
    "deutsche-sprache",
    "elsevier-harvard",
    "elsevier-vancouver",
    "elsevier-with-titles",
    "frontiers",
    "future-medicine",
    "future-science",
    "gb-7714-2005-numeric",
    "gb-7714-2015-author-date",
    "gb-7714-2015-note",
    "gb-7714-2015-numeric",
    "gost-r-705-2008-numeric",
    "harvard-cite-them-right",
    "institute-of-electrical-and-electronics-engineers",
    "ieee",
    "institute-of-physics-numeric",
    "iso-690-author-date",
    "iso-690-numeric",
    "karger",
    "mary-ann-liebert-vancouver",
    "modern-humanities-research-association-notes",
    "modern-humanities-research-association",
    "modern-language-association",
    "mla",
    "modern-language-association-8",
    "mla-8",
    "multidisciplinary-digital-publishing-institute",
    "nature",
    "nlm-citation-sequence",
    "vancouver",
    "nlm-citation-sequence-superscript",
    "vancouver-superscript",
    "pensoft",
    "public-library-of-science",
    "plos",
    "royal-society-of-chemistry",
    "sage-vancouver",
    "sist02",
    "spie",
    "springer-basic",
    "springer-basic-author-date",
    "springer-fachzeitschriften-medizin-psychologie",
    "springer-humanities-author-date",
    "springer-lecture-notes-in-computer-science",
    "springer-mathphys",
    "springer-socpsych-author-date",
    "springer-vancouver",
    "taylor-and-francis-chicago-author-date",
    "taylor-and-francis-national-library-of-medicine",
    "the-institution-of-engineering-and-technology",
    "the-lancet",
    "thieme",
    "trends",
    "turabian-author-date",
    "turabian-fullnote-8",
];

/// Names of one built-in style (Typst reads each back as the last of its group).
const CSL_ALIASES: &[&[&str]] = &[
    &["american-psychological-association", "apa"],
    &["british-medical-journal", "bmj"],
    &["chicago-notes", "chicago-fullnotes"],
    &["cse-citation-sequence-brackets-8th-edition", "council-of-science-editors"],
    &["cse-name-year", "council-of-science-editors-author-date"],
    &["institute-of-electrical-and-electronics-engineers", "ieee"],
    &["modern-humanities-research-association-notes", "modern-humanities-research-association"],
    &["modern-language-association", "mla", "modern-language-association-8", "mla-8"],
    &["nlm-citation-sequence", "vancouver"],
    &["nlm-citation-sequence-superscript", "vancouver-superscript"],
    &["public-library-of-science", "plos"],
];

/// `cite.style` (`auto` allowed) and `bibliography.style`: the bytes of a CSL file, a
/// path, a string with an extension (a path too; `eval::library::check_set_files` loads
/// it), or a built-in style's name, kept as the short name Typst reads back (the
/// warning for a deprecated name is given where the file would be loaded).
fn csl_style(value: Value, span: Span, auto: bool) -> SourceResult<Value> {
    match &value {
        Value::Auto if auto => Ok(value),
        Value::Bytes(_) | Value::Path(_) => Ok(value),
        Value::Str(name) if crate::eval::library::has_extension(name) => Ok(value),
        Value::Str(name) => {
            if !CSL_STYLES.contains(&name.as_str()) {
                return fail(span, eco_format!("unknown style: {}", name.as_str()));
            }
            match CSL_ALIASES.iter().find(|group| group.contains(&name.as_str())) {
                Some(group) => Ok(Value::Str(group[group.len() - 1].into())),
                None => Ok(value),
            }
        }
        other if auto => fail(
            span,
            eco_format!(
                "expected path, string, bytes, {}, or auto, found {}",
                CSL_STYLES.iter().map(|n| format!("\"{n}\"")).collect::<Vec<_>>().join(", "),
                other.ty().long_name()
            ),
        ),
        other => fail(span, mismatch("path, string, or bytes", other)),
    }
}

/// `cite.style`: see `csl_style`.
pub fn cite_style(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    csl_style(value, span, true)
}

/// `bibliography.style`: see `csl_style`.
pub fn bibliography_style(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    csl_style(value, span, false)
}

/// `raw.syntaxes`: one source (a path, a string or bytes) or an array of them, read
/// back as an array.
pub fn raw_syntaxes(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    let expected = "path, string, or bytes";
    let items = match value {
        Value::Array(items) => items,
        Value::Path(_) | Value::Str(_) | Value::Bytes(_) => {
            return Ok(Value::Array(std::iter::once(value).collect()));
        }
        other => return fail(span, mismatch("path, string, bytes, or array", &other)),
    };
    for item in items.as_slice() {
        if !matches!(item, Value::Path(_) | Value::Str(_) | Value::Bytes(_)) {
            return fail(span, mismatch(expected, item));
        }
    }
    Ok(Value::Array(items))
}

/// `outline.target`: something that selects elements with a location (a label, an
/// element function, a location or a selector), not text.
pub fn outline_target(value: Value, span: Span, _: Sink) -> SourceResult<Value> {
    match &value {
        Value::Label(_) | Value::Location(_) | Value::Selector(_) => Ok(value),
        // An element function selects its elements (and reads back as a selector).
        Value::Func(func) if let Some(elem) = func.element() => {
            Ok(Value::Selector(std::sync::Arc::new(super::Selector::Elem(elem, None))))
        }
        Value::Func(_) => fail(span, "only element functions can be used as selectors"),
        Value::Str(_) | Value::Regex(_) => fail(span, "text is not locatable"),
        other => fail(span, mismatch("label, function, location, or selector", other)),
    }
}

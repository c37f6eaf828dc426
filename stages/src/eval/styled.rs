//! What code inside `context` reads from the styles where it stands: the value of an
//! element's settable field (`text.lang`, `par.leading`) and the text size that em units
//! resolve against (`(1.5em).to-absolute()`). Realization hands the styles over in
//! `Engine::styles` when it calls a `context` closure.

use crate::base::{Abs, SourceResult, Span};
use crate::eval::Engine;
use crate::model::{Element, Length, PAGE, StyleChain, Styles, TEXT, Value};

/// Typst's text size where no style sets one.
const DEFAULT_TEXT_SIZE: f64 = 11.0;

/// Whether the code being evaluated runs inside `context`.
pub fn in_context(engine: &Engine) -> bool {
    engine.here.location.is_some() || engine.here.page.is_some()
}

/// Fails with Typst's error unless the code runs inside `context`.
pub fn require_context(engine: &Engine, span: Span) -> SourceResult<()> {
    if !in_context(engine) {
        crate::bail!(span, "can only be used when context is known";
            hint: "try wrapping this in a `context` expression";
            hint: "the `context` expression should wrap everything that depends on this function");
    }
    Ok(())
}

/// The text size in effect: each `text(size: ..)` from the outside in, its em part
/// relative to the size around it.
pub fn text_size(styles: &Styles) -> Abs {
    let Some(index) = TEXT.field_index("size") else {
        return Abs::pt(DEFAULT_TEXT_SIZE);
    };
    let mut size = Abs::pt(DEFAULT_TEXT_SIZE);
    for style in styles.iter() {
        if let crate::model::Style::Property(p) = style
            && p.elem == TEXT
            && p.field == index
            && let Value::Length(length) = &p.value
        {
            size = length.abs + length.em.at(size);
        }
    }
    size
}

/// A length with its em part resolved against the text size in effect.
pub fn to_absolute(engine: &Engine, length: Length) -> Length {
    Length::abs(length.abs + length.em.at(text_size(&engine.styles)))
}

/// The field `name` of `elem` as the styles in effect give it (`text.size` resolved to
/// an absolute length), or `None` if it is not a settable field.
pub fn style_field(
    engine: &Engine,
    elem: Element,
    name: &str,
    span: Span,
) -> Option<SourceResult<Value>> {
    // An element function in the scope wins over a field of the same name
    // (`figure.caption` is the caption element, not a get rule).
    if elem.scoped(name).is_some() {
        return None;
    }
    // Parameters that only set other fields (a block's `spacing` sets `above` and
    // `below`, a grid's `gutter` both gutters) are not fields in Typst.
    if elem.is_shorthand(name) {
        return None;
    }
    // A page's `paper` only sets its width and height: it is no field in Typst.
    if elem == PAGE && name == "paper" {
        return None;
    }
    let field = elem.fields().iter().find(|f| f.name == name && f.settable && !f.internal)?;
    if let Err(error) = require_context(engine, span) {
        return Some(Err(error));
    }
    if elem == TEXT && name == "size" {
        return Some(Ok(Value::Length(Length::abs(text_size(&engine.styles)))));
    }
    if elem == PAGE && matches!(name, "width" | "height") {
        return Some(Ok(page_dimension(&engine.styles, name)));
    }
    let chain = StyleChain::new(&engine.styles);
    Some(Ok(chain.get_folded(elem, name).unwrap_or_else(|| (field.default)())))
}

/// `page.width` or `page.height` in a get rule: the value set for it, unless a `paper`
/// was set after it (a paper sets both), else the paper's (A4 by default), as in Typst.
fn page_dimension(styles: &Styles, name: &str) -> Value {
    let chain = StyleChain::new(styles);
    if let Some(value) = chain.get(PAGE, name)
        && !crate::layout::page::set_later(styles, "paper", name)
    {
        return value.clone();
    }
    let size = crate::layout::page::styled_paper(&chain);
    let length = if name == "width" { size.width } else { size.height };
    Value::Length(Length::abs(length))
}

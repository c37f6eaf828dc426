//! `measure(content, width: auto, height: auto)`: the size content takes when laid out
//! with the styles where the call stands, as `(width: .., height: ..)`. It needs
//! `context` (the styles decide the size). The region is infinite along an axis left
//! `auto`, so text does not wrap unless a width is given; em lengths resolve against the
//! text size in effect.
//!
//! Layout itself is behind the world's `Typesetter` (see `eval/world.rs`): evaluation
//! hands over the content, the styles and the region, and gets a size back.

use super::native;
use crate::base::{Abs, Size, SourceResult};
use crate::eval::{Engine, require_context, text_size};
use crate::model::{Args, Content, Dict, Func, Length, Scope, Smart, Str, Value};

native!(MEASURE, "measure", measure);

/// Adds `measure` to the global scope.
pub fn define(scope: &mut Scope) {
    scope.define(MEASURE.name, Func::from(&MEASURE));
}

/// `measure(content, width: auto, height: auto)`.
fn measure(engine: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let width: Smart<Length> = args.named("width")?.unwrap_or(Smart::Auto);
    let height: Smart<Length> = args.named("height")?.unwrap_or(Smart::Auto);
    let content: Content = args.expect("content")?;
    args.take().finish()?;
    require_context(engine, span)?;

    let em = text_size(&engine.styles);
    let available = |length: Smart<Length>| match length {
        Smart::Auto => Abs::inf(),
        Smart::Custom(length) => length.abs + length.em.at(em),
    };
    let region = Size::new(available(width), available(height));
    let Some(typesetter) = engine.world.typesetter() else {
        crate::bail!(span, "cannot measure without fonts and layout");
    };
    let styles = engine.styles.clone();
    let size = typesetter.measure(engine, &content, &styles, region)?;

    let mut dict = Dict::new();
    dict.insert(Str::from("width"), Value::Length(Length::abs(size.width)));
    dict.insert(Str::from("height"), Value::Length(Length::abs(size.height)));
    Ok(Value::Dict(dict))
}

//! Foundations: `range`, `repr`, `panic`, `assert` (with `assert.eq`, `assert.ne`),
//! `lorem`, `upper`, `lower`, `eval`, `target`, and the constructors of the callable types (`int`, `float`,
//! `str`, `label`, `type`, `array`, `arguments`, `selector`, `stroke`).

use std::sync::Arc;

use ecow::{EcoString, eco_format};

use super::native;
use crate::base::{SourceResult, Span};
use crate::eval::{At, Engine, EvalMode, eval_string};
use crate::model::{Args, Scope, Str, Type, Value, mismatch};

native!(RANGE, "range", range);
native!(REPR, "repr", repr);
native!(PANIC, "panic", panic);
native!(ASSERT_EQ, "assert.eq", assert_eq);
native!(ASSERT_NE, "assert.ne", assert_ne);
native!(ASSERT, "assert", assert, [&ASSERT_EQ, &ASSERT_NE]);
native!(LOREM, "lorem", lorem);
native!(UPPER, "upper", upper);
native!(EVAL, "eval", eval);
native!(LOWER, "lower", lower);
native!(TARGET, "target", target);

/// Adds the foundations to the global scope.
pub fn define(scope: &mut Scope) {
    for native in [&RANGE, &REPR, &PANIC, &ASSERT, &LOREM, &UPPER, &LOWER, &EVAL] {
        scope.define(native.name, crate::model::Func::from(native));
    }
    scope.define(TARGET.name, crate::model::Func::from(&TARGET));
}

/// `target()`: the export target the document is evaluated for. quire evaluates once for
/// all its formats and derives HTML from the paged document, so this is always `"paged"`.
fn target(engine: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    crate::eval::require_context(engine, args.span)?;
    Ok(Value::str("paged"))
}

/// `range(start: 0, end, step: 1)`.
fn range(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    crate::eval::methods::array_range(args)
}

/// `repr(value)`.
fn repr(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let value: Value = args.expect("value")?;
    Ok(Value::Str(Str(value.repr())))
}

/// `panic(..values)`.
fn panic(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let values: Vec<Value> = args.all()?;
    if values.is_empty() {
        crate::bail!(args.span, "panicked");
    }
    // Strings are shown as they are, everything else as its `repr`.
    let parts: Vec<EcoString> = values
        .iter()
        .map(|v| match v {
            Value::Str(s) => s.0.clone(),
            v => v.repr(),
        })
        .collect();
    crate::bail!(args.span, "panicked with: {}", parts.join(", "))
}

/// `assert(condition, message: ..)`.
fn assert(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let condition: bool = args.expect("condition")?;
    let message: Option<Str> = args.named("message")?;
    if !condition {
        match message {
            Some(m) => crate::bail!(args.span, "assertion failed: {}", m),
            None => crate::bail!(args.span, "assertion failed"),
        }
    }
    Ok(Value::None)
}

/// `assert.eq(left, right, message: ..)`.
fn assert_eq(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let left: Value = args.expect("left")?;
    let right: Value = args.expect("right")?;
    let message: Option<Str> = args.named("message")?;
    if left != right {
        match message {
            Some(m) => crate::bail!(args.span, "equality assertion failed: {}", m),
            None => crate::bail!(
                args.span,
                "equality assertion failed: value {} was not equal to {}",
                left.repr(),
                right.repr()
            ),
        }
    }
    Ok(Value::None)
}

/// `assert.ne(left, right, message: ..)`.
fn assert_ne(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let left: Value = args.expect("left")?;
    let right: Value = args.expect("right")?;
    let message: Option<Str> = args.named("message")?;
    if left == right {
        match message {
            Some(m) => crate::bail!(args.span, "inequality assertion failed: {}", m),
            None => crate::bail!(
                args.span,
                "inequality assertion failed: value {} was equal to {}",
                left.repr(),
                right.repr()
            ),
        }
    }
    Ok(Value::None)
}

/// `lorem(words)`: Typst's blind text (the `lipsum` generator), deterministic.
fn lorem(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let words: usize = args.expect("words")?;
    Ok(Value::str(lipsum::lipsum(words).replace("--", "–")))
}

/// Functions reachable through a type: `array.range`, `str.from-unicode`.
pub fn type_scope(ty: Type, name: &str) -> Option<Value> {
    if let Some(value) = super::time::type_scope(ty, name) {
        return Some(value);
    }
    if let Some(value) = super::color::type_scope(ty, name) {
        return Some(value);
    }
    if let Some(value) = super::paint::type_scope(ty, name) {
        return Some(value);
    }
    if let Some(value) = super::geometry::type_scope(ty, name) {
        return Some(value);
    }
    if let Some(value) = super::introspection::type_scope(ty, name) {
        return Some(value);
    }
    let native = match (ty, name) {
        (Type::Array, "range") => &RANGE,
        _ => return None,
    };
    Some(Value::Func(crate::model::Func::from(native)))
}

/// `eval(source, mode: "code", scope: (:))`. Errors inside the source point at it.
fn eval(engine: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (text, span) = args.expect_spanned::<Str>("source")?;
    let mode: Option<(Value, crate::base::Span)> = args.named_spanned("mode")?;
    let expected = "expected \"markup\", \"math\", or \"code\"";
    let mode = match mode {
        None => EvalMode::Code,
        Some((Value::Str(mode), mode_span)) => match mode.as_str() {
            "code" => EvalMode::Code,
            "markup" => EvalMode::Markup,
            "math" => EvalMode::Math,
            _ => crate::bail!(mode_span, "{expected}"),
        },
        Some((other, mode_span)) => {
            crate::bail!(mode_span, "{expected}, found {}", other.ty().long_name())
        }
    };
    let scope: Option<crate::model::Dict> = args.named("scope")?;
    // Arguments nobody took are reported before anything in the source.
    args.take().finish()?;
    eval_string(engine, &text, span, mode, scope.unwrap_or_default())
}

/// Changes the case of a string (or a symbol's text), or styles content to be shown in
/// that case (the text's internal `case` field).
fn change_case(args: &mut Args, upper: bool) -> SourceResult<Value> {
    let (value, span) = args.expect_spanned::<Value>("text")?;
    // `none` is content (empty), as everywhere content is expected.
    let value = match value {
        Value::None => Value::Content(crate::model::Content::empty()),
        other => other,
    };
    let convert = |s: &str| Value::str(if upper { s.to_uppercase() } else { s.to_lowercase() });
    match value {
        Value::Str(s) => Ok(convert(&s)),
        Value::Symbol(symbol) => Ok(convert(symbol.get())),
        Value::Content(content) => {
            let mut styles = crate::model::Styles::new();
            let case = Value::str(if upper { "upper" } else { "lower" });
            styles.push(crate::model::Style::Property(crate::model::Property {
                elem: crate::model::TEXT,
                field: crate::model::TEXT.field_index("case").unwrap_or_default(),
                value: case,
                span,
            }));
            Ok(Value::Content(content.styled(styles)))
        }
        v => Err(mismatch("string or content", &v)).at(span),
    }
}

fn upper(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    change_case(args, true)
}

fn lower(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    change_case(args, false)
}

/// Runs the constructor of `ty` (the types no other library file constructs).
pub fn construct(engine: &mut Engine, ty: Type, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let value = match ty {
        Type::Int => {
            let v: Value = args.expect("value")?;
            Value::Int(to_int(v, span)?)
        }
        Type::Float => {
            let v: Value = args.expect("value")?;
            Value::Float(to_float(v).at(span)?)
        }
        Type::Type => {
            let v: Value = args.expect("value")?;
            Value::Type(v.ty())
        }
        Type::Array => crate::eval::methods::construct_array(args)?,
        Type::Dict => crate::eval::methods::construct_dict(args)?,
        Type::Args => Value::Args(Arc::new(args.take())),
        Type::Selector => super::introspection::construct_selector(args)?,
        Type::Datetime => super::time::construct_datetime(args)?,
        Type::Duration => super::time::construct_duration(args)?,
        Type::Stroke => super::paint::construct_stroke(args)?,
        Type::Tiling => super::paint::construct_tiling(engine, args)?,
        Type::Path => super::data::construct_path(args)?,
        other => crate::bail!(span, "type {} does not have a constructor", other.long_name()),
    };
    Ok(value)
}

fn to_int(value: Value, span: Span) -> SourceResult<i64> {
    Ok(match value {
        Value::Bool(b) => i64::from(b),
        Value::Int(i) => i,
        Value::Float(f) => {
            if !f.is_finite() || f.trunc() < i64::MIN as f64 || f.trunc() >= i64::MAX as f64 {
                crate::bail!(span, "number too large");
            }
            f.trunc() as i64
        }
        Value::Str(s) => {
            let text = s.replace('\u{2212}', "-");
            text.trim()
                .parse()
                .map_err(|_| eco_format!("invalid integer: {}", s.as_str()))
                .at(span)?
        }
        v => crate::bail!(span, "{}", mismatch("integer, boolean, float, or string", &v)),
    })
}

fn to_float(value: Value) -> Result<f64, EcoString> {
    Ok(match value {
        Value::Bool(b) => f64::from(u8::from(b)),
        Value::Int(i) => i as f64,
        Value::Float(f) => f,
        Value::Ratio(r) => r.get(),
        Value::Str(s) => {
            let text = s.replace('\u{2212}', "-");
            match text.trim() {
                "inf" => f64::INFINITY,
                "-inf" => f64::NEG_INFINITY,
                "nan" | "NaN" => f64::NAN,
                t => t.parse().map_err(|_| eco_format!("invalid float: {}", s.as_str()))?,
            }
        }
        v => return Err(mismatch("float, ratio, boolean, integer, or string", &v)),
    })
}

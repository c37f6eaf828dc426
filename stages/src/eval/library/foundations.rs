//! Foundations: `range`, `repr`, `panic`, `assert` (with `assert.eq`, `assert.ne`),
//! `lorem`, `upper`, `lower`, `eval`, and the constructors of the callable types (`int`, `float`,
//! `str`, `label`, `type`, `array`, `arguments`, `selector`, `stroke`).

use std::sync::Arc;

use ecow::{EcoString, eco_format};

use super::native;
use crate::base::{SourceResult, Span};
use crate::eval::{At, Engine, EvalMode, eval_string};
use crate::model::{
    Args, Array, FromValue, Label, Scope, Str, Stroke, Type, Value, format_float, format_int,
    mismatch,
};

native!(RANGE, "range", range);
native!(REPR, "repr", repr);
native!(PANIC, "panic", panic);
native!(ASSERT_EQ, "assert.eq", assert_eq);
native!(ASSERT_NE, "assert.ne", assert_ne);
native!(ASSERT, "assert", assert, [&ASSERT_EQ, &ASSERT_NE]);
native!(LOREM, "lorem", lorem);
native!(UPPER, "upper", upper);
native!(EVAL, "eval", eval);
native!(FROM_UNICODE, "str.from-unicode", from_unicode);
native!(TO_UNICODE, "str.to-unicode", to_unicode);
native!(TODAY, "datetime.today", today);
native!(LOWER, "lower", lower);

/// Adds the foundations to the global scope.
pub fn define(scope: &mut Scope) {
    for native in [&RANGE, &REPR, &PANIC, &ASSERT, &LOREM, &UPPER, &LOWER, &EVAL] {
        scope.define(native.name, crate::model::Func::from(native));
    }
}

/// `range(start: 0, end, step: 1)`.
fn range(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let first: i64 = args.expect("end")?;
    let (start, end) = match args.eat::<i64>()? {
        Some(second) => (first, second),
        None => (0, first),
    };
    let step: i64 = args.named("step")?.unwrap_or(1);
    if step == 0 {
        crate::bail!(args.span, "step must not be zero");
    }
    let mut out = Array::new();
    let mut x = start;
    while (step > 0 && x < end) || (step < 0 && x > end) {
        out.0.push(Value::Int(x));
        match x.checked_add(step) {
            Some(next) => x = next,
            None => break,
        }
    }
    Ok(Value::Array(out))
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
    let native = match (ty, name) {
        (Type::Array, "range") => &RANGE,
        (Type::Str, "from-unicode") => &FROM_UNICODE,
        (Type::Str, "to-unicode") => &TO_UNICODE,
        (Type::Datetime, "today") => &TODAY,
        _ => return None,
    };
    Some(Value::Func(crate::model::Func::from(native)))
}

/// `datetime.today(offset: auto)`.
fn today(engine: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let offset: Option<crate::model::Smart<i64>> = args.named("offset")?;
    let offset = match offset {
        Some(crate::model::Smart::Custom(hours)) => Some(hours),
        _ => None,
    };
    match engine.world.today(offset) {
        Some(date) => Ok(Value::Datetime(date)),
        None => crate::bail!(args.span, "unable to get the current date"),
    }
}

/// `datetime(year:, month:, day:, hour:, minute:, second:)`.
fn construct_datetime(args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let year: Option<i64> = args.named("year")?;
    let month: Option<i64> = args.named("month")?;
    let day: Option<i64> = args.named("day")?;
    let hour: Option<i64> = args.named("hour")?;
    let minute: Option<i64> = args.named("minute")?;
    let second: Option<i64> = args.named("second")?;
    let small = |v: i64| u8::try_from(v).ok();
    let date = match (year, month, day) {
        (Some(y), Some(m), Some(d)) => {
            let y = i32::try_from(y).ok();
            match (y, small(m), small(d)) {
                (Some(y), Some(m), Some(d)) => Some(Some((y, m, d))),
                _ => Some(None),
            }
        }
        (None, None, None) => None,
        _ => {
            crate::bail!(span, "date is incomplete"; hint: "give all of `year`, `month` and `day`")
        }
    };
    let time = match (hour, minute, second) {
        (Some(h), Some(m), Some(s)) => match (small(h), small(m), small(s)) {
            (Some(h), Some(m), Some(s)) => Some(Some((h, m, s))),
            _ => Some(None),
        },
        (None, None, None) => None,
        _ => {
            crate::bail!(span, "time is incomplete"; hint: "give all of `hour`, `minute` and `second`")
        }
    };
    if date.is_none() && time.is_none() {
        crate::bail!(span, "at least one of date or time must be fully specified");
    }
    if date == Some(None) || time == Some(None) {
        crate::bail!(span, "datetime is invalid");
    }
    match crate::model::Datetime::new(date.flatten(), time.flatten()) {
        Some(datetime) => Ok(Value::Datetime(datetime)),
        None => crate::bail!(span, "datetime is invalid"),
    }
}

/// `str.from-unicode(code)`.
fn from_unicode(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let code: i64 = args.expect("value")?;
    let c = u32::try_from(code)
        .ok()
        .and_then(char::from_u32)
        .ok_or_else(|| eco_format!("{code:#x} is not a valid codepoint"))
        .at(args.span)?;
    Ok(Value::str(c.to_string()))
}

/// `str.to-unicode(character)`.
fn to_unicode(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let s: Str = args.expect("character")?;
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Ok(Value::Int(i64::from(u32::from(c)))),
        _ => crate::bail!(args.span, "expected exactly one character"),
    }
}

/// `eval(source, mode: "code", scope: (:))`.
fn eval(engine: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let text: Str = args.expect("source")?;
    let mode: Option<Str> = args.named("mode")?;
    let scope: Option<crate::model::Dict> = args.named("scope")?;
    let mode = match mode.as_deref() {
        None | Some("code") => EvalMode::Code,
        Some("markup") => EvalMode::Markup,
        Some("math") => EvalMode::Math,
        Some(other) => crate::bail!(
            span,
            "expected \"code\", \"markup\", or \"math\", found {}",
            crate::model::repr_str(other)
        ),
    };
    eval_string(engine, &text, span, mode, scope.unwrap_or_default())
}

/// Changes the case of a string, or styles content to be shown in that case (not
/// available before layout handles text case, so content is refused).
fn change_case(args: &mut Args, upper: bool) -> SourceResult<Value> {
    let span = args.span;
    match args.expect::<Value>("text")? {
        Value::Str(s) => Ok(Value::str(if upper { s.to_uppercase() } else { s.to_lowercase() })),
        v => Err(mismatch("string", &v)).at(span),
    }
}

fn upper(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    change_case(args, true)
}

fn lower(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    change_case(args, false)
}

/// Runs the constructor of `ty`.
pub fn construct(_: &mut Engine, ty: Type, mut args: Args) -> SourceResult<Value> {
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
        Type::Str => {
            let v: Value = args.expect("value")?;
            let base: Option<i64> = args.named("base")?;
            Value::Str(Str(to_str(v, base).at(span)?))
        }
        Type::Label => {
            let name: Str = args.expect("name")?;
            if name.is_empty() {
                crate::bail!(span, "label name must not be empty");
            }
            Value::Label(Label(name.0))
        }
        Type::Type => {
            let v: Value = args.expect("value")?;
            Value::Type(v.ty())
        }
        Type::Array => match args.expect::<Value>("value")? {
            Value::Array(a) => Value::Array(a),
            Value::Args(a) => Value::Array(a.positional().cloned().collect()),
            v => crate::bail!(span, "{}", mismatch("array", &v)),
        },
        Type::Args => Value::Args(Arc::new(args.take())),
        Type::Selector => {
            let v: Value = args.expect("target")?;
            Value::Selector(Arc::new(crate::eval::selector_of(v).at(span)?))
        }
        Type::Datetime => construct_datetime(&mut args)?,
        Type::Stroke => {
            let mut stroke = match args.eat::<Value>()? {
                Some(v) => <Stroke as FromValue>::from_value(v).at(span)?,
                None => Stroke { paint: None, thickness: None },
            };
            if let Some(paint) = args.named("paint")? {
                stroke.paint = Some(paint);
            }
            if let Some(thickness) = args.named("thickness")? {
                stroke.thickness = Some(thickness);
            }
            Value::Stroke(Arc::new(stroke))
        }
        Type::Content => {
            let v: Value = args.expect("value")?;
            Value::Content(v.display())
        }
        other => crate::bail!(span, "type {} does not have a constructor", other.short_name()),
    };
    args.finish()?;
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

fn to_str(value: Value, base: Option<i64>) -> Result<EcoString, EcoString> {
    if let Some(base) = base {
        let Value::Int(mut n) = value else {
            return Err("base is only supported for integers".into());
        };
        if !(2..=36).contains(&base) {
            return Err("base must be between 2 and 36".into());
        }
        if n == 0 {
            return Ok("0".into());
        }
        let negative = n < 0;
        let mut digits = Vec::new();
        while n != 0 {
            let d = (n % base).unsigned_abs() as u32;
            digits.push(char::from_digit(d, 36).unwrap_or('?'));
            n /= base;
        }
        if negative {
            digits.push('-');
        }
        return Ok(digits.into_iter().rev().collect());
    }
    Ok(match value {
        Value::Int(i) => format_int(i, false),
        Value::Float(f) => format_float(f),
        Value::Str(s) => s.0,
        Value::Label(l) => l.0,
        Value::Type(t) => t.short_name().into(),
        v => return Err(mismatch("integer, float, label, type, or string", &v)),
    })
}

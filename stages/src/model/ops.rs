//! Operators on values: unary and binary arithmetic, boolean logic, equality, ordering,
//! containment and joining, with Typst's semantics (`1 == 1.0`, `2pt + 1em`, `50% + 1pt`,
//! array and string repetition) and error wording (`cannot add integer and string`).

use std::cmp::Ordering;

use ecow::{EcoString, eco_format};

use super::{Fr, Length, Ratio, Rel, StrResult, Value};
use crate::base::Angle;

/// The error for an operation that does not apply to these types.
macro_rules! mismatch {
    ($fmt:literal, $($value:expr),+) => {
        return Err(eco_format!($fmt, $($value.ty().long_name()),+))
    };
}

/// The error for an integer result out of range.
fn too_large() -> EcoString {
    "value is too large".into()
}

/// Joins two values, as consecutive results of a block are joined: `none` is neutral;
/// strings, content, arrays and dictionaries concatenate.
pub fn join(lhs: Value, rhs: Value) -> StrResult<Value> {
    check_concat_size(&lhs, &rhs)?;
    concat(lhs, rhs).or_else(|(a, b)| mismatch!("cannot join {} with {}", a, b))
}

/// Refuses a concatenation of strings, arrays or bytes past the memory limit
/// (`x += x` in a loop): Typst would abort when the allocator fails.
fn check_concat_size(lhs: &Value, rhs: &Value) -> StrResult<()> {
    use super::fits_in_memory;
    let fits = match (lhs, rhs) {
        (Value::Str(a), Value::Str(b)) => fits_in_memory::<u8>(a.len().saturating_add(b.len())),
        (Value::Bytes(a), Value::Bytes(b)) => fits_in_memory::<u8>(a.len().saturating_add(b.len())),
        (Value::Array(a), Value::Array(b)) => {
            fits_in_memory::<Value>(a.len().saturating_add(b.len()))
        }
        _ => true,
    };
    if fits { Ok(()) } else { Err(too_large()) }
}

/// Concatenation, shared by joining and `+`: `none` is neutral; strings, content, arrays
/// and dictionaries concatenate. Gives the operands back when they do not concatenate.
fn concat(lhs: Value, rhs: Value) -> Result<Value, (Value, Value)> {
    let (lhs, rhs) = super::symbol::text_operands(lhs, rhs);
    use Value::*;
    Ok(match (lhs, rhs) {
        (Bytes(a), Bytes(b)) => Bytes(a.concat(&b)),
        (a, None) => a,
        (None, b) => b,
        (Str(a), Str(b)) => Str(super::Str(a.0 + b.0.as_str())),
        (Content(a), Content(b)) => Content(a + b),
        (Content(a), Str(b)) => Content(a + super::Content::text(b.0)),
        (Str(a), Content(b)) => Content(super::Content::text(a.0) + b),
        (Array(mut a), Array(b)) => {
            a.0.extend(b.0);
            Array(a)
        }
        (Dict(mut a), Dict(b)) => {
            a.extend(b);
            Dict(a)
        }
        (Args(mut a), Args(b)) => {
            // A named argument given again moves to the end with its new value.
            let items = &mut std::sync::Arc::make_mut(&mut a).items;
            for arg in b.items.iter() {
                if let Some(name) = &arg.name {
                    items.retain(|old| old.name.as_ref() != Some(name));
                }
                items.push(arg.clone());
            }
            Args(a)
        }
        (a, b) => return Err((a, b)),
    })
}

/// Unary `+`.
pub fn pos(value: Value) -> StrResult<Value> {
    use Value::*;
    Ok(match value {
        v @ (Int(_) | Float(_) | Decimal(_) | Length(_) | Angle(_) | Ratio(_) | Relative(_)
        | Fraction(_)) => v,
        v @ (Alignment(_) | Str(_) | Symbol(_) | Bytes(_) | Content(_) | Array(_) | Dict(_)
        | Datetime(_)) => {
            mismatch!("cannot apply unary '+' to {}", v)
        }
        v => mismatch!("cannot apply '+' to {}", v),
    })
}

/// Unary `-`.
pub fn neg(value: Value) -> StrResult<Value> {
    neg_raw(value).map(nan_free)
}

fn neg_raw(value: Value) -> StrResult<Value> {
    if let Some(result) = super::duration::negate(&value) {
        return result;
    }
    use Value::*;
    Ok(match value {
        Int(v) => Int(v.checked_neg().ok_or_else(too_large)?),
        Float(v) => Float(-v),
        Decimal(v) => Decimal(-v),
        Length(v) => Length(-v),
        Angle(v) => Angle(crate::base::Angle::rad(-v.to_rad())),
        Ratio(v) => Ratio(super::Ratio(-v.0)),
        Relative(v) => Relative(-v),
        Fraction(v) => Fraction(Fr(-v.0)),
        v => mismatch!("cannot apply '-' to {}", v),
    })
}

/// Boolean `not`.
pub fn not(value: Value) -> StrResult<Value> {
    match value {
        Value::Bool(b) => Ok(Value::Bool(!b)),
        v => mismatch!("cannot apply 'not' to {}", v),
    }
}

/// A relative length as the sum of its two parts, each padded with a zero of the other
/// kind, as Typst builds it: the zeros make a negative zero positive, so `2pt - 0%` is
/// `0% + 2pt`.
fn rel(abs: Length, rel: Ratio) -> Value {
    Value::Relative(Rel::from(rel) + Rel::from(abs))
}

/// Binary `+`.
pub fn add(lhs: Value, rhs: Value) -> StrResult<Value> {
    add_raw(lhs, rhs).map(nan_free)
}

fn add_raw(lhs: Value, rhs: Value) -> StrResult<Value> {
    if let Some(result) = super::duration::binary('+', &lhs, &rhs) {
        return result;
    }
    if let Some(stroke) = super::stroke::sum(&lhs, &rhs) {
        return Ok(stroke);
    }
    use Value::*;
    Ok(match (lhs, rhs) {
        (a, None) => a,
        (None, b) => b,
        (Int(a), Int(b)) => Int(a.checked_add(b).ok_or_else(too_large)?),
        (Int(a), Float(b)) => Float(a as f64 + b),
        (Float(a), Int(b)) => Float(a + b as f64),
        (Float(a), Float(b)) => Float(a + b),
        (Decimal(a), Decimal(b)) => Decimal(a.checked_add(b).ok_or_else(too_large)?),
        (Decimal(a), Int(b)) | (Int(b), Decimal(a)) => {
            Decimal(a.checked_add(b.into()).ok_or_else(too_large)?)
        }
        (Angle(a), Angle(b)) => Angle(angle(a.to_rad() + b.to_rad())),
        (Length(a), Length(b)) => Length(a + b),
        (Length(a), Ratio(b)) | (Ratio(b), Length(a)) => rel(a, b),
        (Length(a), Relative(b)) | (Relative(b), Length(a)) => Relative(b + a.into()),
        (Ratio(a), Ratio(b)) => Ratio(super::Ratio(a.0 + b.0)),
        (Ratio(a), Relative(b)) | (Relative(b), Ratio(a)) => Relative(b + a.into()),
        (Relative(a), Relative(b)) => Relative(a + b),
        (Fraction(a), Fraction(b)) => Fraction(Fr(a.0 + b.0)),
        (Alignment(a), Alignment(b)) => Alignment(a.combine(b)?),
        (Length(thickness), Color(paint)) | (Color(paint), Length(thickness)) => {
            Stroke(std::sync::Arc::new(super::Stroke::new(super::Paint::Color(paint), thickness)))
        }
        (a, b) => {
            check_concat_size(&a, &b)?;
            concat(a, b).or_else(|(a, b)| mismatch!("cannot add {} and {}", a, b))?
        }
    })
}

fn angle(rad: f64) -> Angle {
    Angle::rad(scalar(rad))
}

/// A float as a layout scalar: lengths, angles, ratios and fractions are never NaN, a NaN
/// factor makes them zero (as in Typst).
/// A measure with every not-a-number part replaced by zero, as in Typst, whose scalars
/// never hold NaN: `float.inf * 1pt - float.inf * 1pt` is `0pt`.
fn nan_free(value: Value) -> Value {
    use crate::base::{Abs, Em};
    let length =
        |l: Length| Length { abs: Abs::pt(scalar(l.abs.to_pt())), em: Em::new(scalar(l.em.get())) };
    match value {
        Value::Length(l) => Value::Length(length(l)),
        Value::Relative(r) => {
            Value::Relative(Rel { abs: length(r.abs), rel: Ratio(scalar(r.rel.0)) })
        }
        Value::Ratio(r) => Value::Ratio(Ratio(scalar(r.0))),
        Value::Angle(a) => Value::Angle(crate::base::Angle::rad(scalar(a.to_rad()))),
        Value::Fraction(f) => Value::Fraction(Fr(scalar(f.0))),
        v => v,
    }
}

fn scalar(v: f64) -> f64 {
    if v.is_nan() { 0.0 } else { v }
}

/// Binary `-`.
pub fn sub(lhs: Value, rhs: Value) -> StrResult<Value> {
    sub_raw(lhs, rhs).map(nan_free)
}

fn sub_raw(lhs: Value, rhs: Value) -> StrResult<Value> {
    if let Some(result) = super::duration::binary('-', &lhs, &rhs) {
        return result;
    }
    use Value::*;
    Ok(match (lhs, rhs) {
        (Int(a), Int(b)) => Int(a.checked_sub(b).ok_or_else(too_large)?),
        (Int(a), Float(b)) => Float(a as f64 - b),
        (Float(a), Int(b)) => Float(a - b as f64),
        (Float(a), Float(b)) => Float(a - b),
        (Decimal(a), Decimal(b)) => Decimal(a.checked_sub(b).ok_or_else(too_large)?),
        (Decimal(a), Int(b)) => Decimal(a.checked_sub(b.into()).ok_or_else(too_large)?),
        (Int(a), Decimal(b)) => {
            Decimal(super::Decimal::from(a).checked_sub(b).ok_or_else(too_large)?)
        }
        (Angle(a), Angle(b)) => Angle(angle(a.to_rad() - b.to_rad())),
        (Length(a), Length(b)) => Length(a - b),
        (Length(a), Ratio(b)) => rel(a, super::Ratio(-b.0)),
        (Length(a), Relative(b)) => Relative(-b + a.into()),
        (Ratio(a), Length(b)) => rel(-b, a),
        (Ratio(a), Ratio(b)) => Ratio(super::Ratio(a.0 - b.0)),
        (Ratio(a), Relative(b)) => Relative(-b + a.into()),
        (Relative(a), Length(b)) => Relative(a + (-b).into()),
        (Relative(a), Ratio(b)) => Relative(a + super::Ratio(-b.0).into()),
        (Relative(a), Relative(b)) => Relative(a + -b),
        (Fraction(a), Fraction(b)) => Fraction(Fr(a.0 - b.0)),
        (a, b) => mismatch!("cannot subtract {1} from {0}", a, b),
    })
}

/// Binary `*`.
pub fn mul(lhs: Value, rhs: Value) -> StrResult<Value> {
    mul_raw(lhs, rhs).map(nan_free)
}

fn mul_raw(lhs: Value, rhs: Value) -> StrResult<Value> {
    if let Some(result) = super::duration::binary('*', &lhs, &rhs) {
        return result;
    }
    use Value::*;
    Ok(match (lhs, rhs) {
        (Int(a), Int(b)) => Int(a.checked_mul(b).ok_or_else(too_large)?),
        (Int(a), Float(b)) | (Float(b), Int(a)) => Float(a as f64 * b),
        (Float(a), Float(b)) => Float(a * b),
        (Decimal(a), Decimal(b)) => Decimal(a.checked_mul(b).ok_or_else(too_large)?),
        (Decimal(a), Int(b)) | (Int(b), Decimal(a)) => {
            Decimal(a.checked_mul(b.into()).ok_or_else(too_large)?)
        }
        (Length(a), Int(b)) | (Int(b), Length(a)) => Length(a * b as f64),
        (Length(a), Float(b)) | (Float(b), Length(a)) => Length(a * scalar(b)),
        (Length(a), Ratio(b)) | (Ratio(b), Length(a)) => Length(a * b.0),
        (Angle(a), Int(b)) | (Int(b), Angle(a)) => Angle(angle(a.to_rad() * b as f64)),
        (Angle(a), Float(b)) | (Float(b), Angle(a)) => Angle(angle(a.to_rad() * scalar(b))),
        (Angle(a), Ratio(b)) | (Ratio(b), Angle(a)) => Angle(angle(a.to_rad() * b.0)),
        (Ratio(a), Ratio(b)) => Ratio(super::Ratio(a.0 * b.0)),
        (Ratio(a), Int(b)) | (Int(b), Ratio(a)) => Ratio(super::Ratio(a.0 * b as f64)),
        (Ratio(a), Float(b)) | (Float(b), Ratio(a)) => Ratio(super::Ratio(a.0 * scalar(b))),
        (Relative(a), Int(b)) | (Int(b), Relative(a)) => Relative(a * b as f64),
        (Relative(a), Float(b)) | (Float(b), Relative(a)) => Relative(a * scalar(b)),
        (Relative(a), Ratio(b)) | (Ratio(b), Relative(a)) => Relative(a * b.0),
        (Fraction(a), Int(b)) | (Int(b), Fraction(a)) => Fraction(Fr(a.0 * b as f64)),
        (Fraction(a), Float(b)) | (Float(b), Fraction(a)) => Fraction(Fr(a.0 * scalar(b))),
        (Fraction(a), Ratio(b)) | (Ratio(b), Fraction(a)) => Fraction(Fr(a.0 * b.0)),
        (Str(a), Int(b)) | (Int(b), Str(a)) => Str(a.repeat(count(b)?)?),
        (Array(a), Int(b)) | (Int(b), Array(a)) => Array(a.repeat(count(b)?)?),
        (Content(a), Int(b)) | (Int(b), Content(a)) => Content(repeat_content(a, count(b)?)?),
        (a, b) => mismatch!("cannot multiply {} with {}", a, b),
    })
}

/// Content repeated `n` times: as in Typst, a sequence with `n` copies as its children
/// (`[a] * 2` is `sequence([a], [a])`, `([a] + [b]) * 2` has two sequences in it).
fn repeat_content(content: super::Content, n: usize) -> StrResult<super::Content> {
    // Typst would run out of memory; stop at the memory limit, as an array would.
    if !super::array::fits_in_memory::<super::Content>(n) {
        return Err(eco_format!("cannot repeat this content {n} times"));
    }
    Ok(super::Content::sequence_of(vec![content; n]))
}

/// A repetition count: a non-negative integer.
fn count(n: i64) -> StrResult<usize> {
    usize::try_from(n).map_err(|_| "number must be at least zero".into())
}

/// Whether a value is a numeric zero (for division).
fn is_zero(v: &Value) -> bool {
    match v {
        Value::Int(v) => *v == 0,
        Value::Float(v) => *v == 0.0,
        Value::Decimal(v) => v.is_zero(),
        Value::Length(v) => v.is_zero(),
        Value::Angle(v) => v.to_rad() == 0.0,
        Value::Ratio(v) => v.is_zero(),
        Value::Relative(v) => v.is_zero(),
        Value::Fraction(v) => v.0 == 0.0,
        _ => false,
    }
}

/// Binary `/`.
pub fn div(lhs: Value, rhs: Value) -> StrResult<Value> {
    div_raw(lhs, rhs).map(nan_free)
}

fn div_raw(lhs: Value, rhs: Value) -> StrResult<Value> {
    if let Some(result) = super::duration::binary('/', &lhs, &rhs) {
        return result;
    }
    use Value::*;
    if is_zero(&rhs) {
        return Err("cannot divide by zero".into());
    }
    let lengths = |a: super::Length, b: super::Length| {
        a.try_div(b).ok_or_else(|| EcoString::from("cannot divide these two lengths"))
    };
    Ok(match (lhs, rhs) {
        (Int(a), Int(b)) => Float(a as f64 / b as f64),
        (Int(a), Float(b)) => Float(a as f64 / b),
        (Float(a), Int(b)) => Float(a / b as f64),
        (Float(a), Float(b)) => Float(a / b),
        (Decimal(a), Decimal(b)) => Decimal(a.checked_div(b).ok_or_else(too_large)?),
        (Decimal(a), Int(b)) => Decimal(a.checked_div(b.into()).ok_or_else(too_large)?),
        (Int(a), Decimal(b)) => {
            Decimal(super::Decimal::from(a).checked_div(b).ok_or_else(too_large)?)
        }
        (Length(a), Int(b)) => Length(a / b as f64),
        (Length(a), Float(b)) => Length(a / b),
        (Length(a), Length(b)) => Float(lengths(a, b)?),
        (Length(a), Relative(b)) if b.rel.is_zero() => Float(lengths(a, b.abs)?),
        (Angle(a), Int(b)) => Angle(angle(a.to_rad() / b as f64)),
        (Angle(a), Float(b)) => Angle(angle(a.to_rad() / b)),
        (Angle(a), Angle(b)) => Float(a.to_rad() / b.to_rad()),
        (Ratio(a), Int(b)) => Ratio(super::Ratio(a.0 / b as f64)),
        (Ratio(a), Float(b)) => Ratio(super::Ratio(scalar(a.0 / b))),
        (Ratio(a), Ratio(b)) => Float(a.0 / b.0),
        (Ratio(a), Relative(b)) if b.abs.is_zero() => Float(a.0 / b.rel.0),
        (Relative(a), Int(b)) => Relative(a / b as f64),
        (Relative(a), Float(b)) => Relative(a / b),
        (Relative(a), Length(b)) if a.rel.is_zero() => Float(lengths(a.abs, b)?),
        (Relative(a), Ratio(b)) if a.abs.is_zero() => Float(a.rel.0 / b.0),
        (Relative(a), Relative(b)) => Float(
            a.try_div(b)
                .ok_or_else(|| EcoString::from("cannot divide these two relative lengths"))?,
        ),
        (Fraction(a), Int(b)) => Fraction(Fr(a.0 / b as f64)),
        (Fraction(a), Float(b)) => Fraction(Fr(scalar(a.0 / b))),
        (Fraction(a), Fraction(b)) => Float(a.0 / b.0),
        (a, b) => mismatch!("cannot divide {} by {}", a, b),
    })
}

/// Binary `and` on evaluated operands (the evaluator short-circuits before calling this).
pub fn and(lhs: Value, rhs: Value) -> StrResult<Value> {
    match (lhs, rhs) {
        (Value::Bool(a), Value::Bool(b)) => Ok(Value::Bool(a && b)),
        (a, b) => mismatch!("cannot apply 'and' to {} and {}", a, b),
    }
}

/// Binary `or` on evaluated operands.
pub fn or(lhs: Value, rhs: Value) -> StrResult<Value> {
    match (lhs, rhs) {
        (Value::Bool(a), Value::Bool(b)) => Ok(Value::Bool(a || b)),
        (a, b) => mismatch!("cannot apply 'or' to {} and {}", a, b),
    }
}

/// Whether two values are equal. Values of different types are unequal, except integers
/// and floats, and lengths or ratios against relative lengths.
pub fn equal(lhs: &Value, rhs: &Value) -> bool {
    use Value::*;
    match (lhs, rhs) {
        (None, None) | (Auto, Auto) => true,
        (Bool(a), Bool(b)) => a == b,
        (Int(a), Int(b)) => a == b,
        (Float(a), Float(b)) => a == b,
        (&Int(i), &Float(f)) | (&Float(f), &Int(i)) => i as f64 == f,
        (&Int(i), &Decimal(d)) | (&Decimal(d), &Int(i)) => super::Decimal::from(i) == d,
        (Length(a), Length(b)) => a == b,
        (Angle(a), Angle(b)) => a == b,
        (Ratio(a), Ratio(b)) => a == b,
        (Relative(a), Relative(b)) => a == b,
        (Length(a), Relative(b)) | (Relative(b), Length(a)) => b.rel.is_zero() && *a == b.abs,
        (Ratio(a), Relative(b)) | (Relative(b), Ratio(a)) => b.abs.is_zero() && *a == b.rel,
        (Fraction(a), Fraction(b)) => a == b,
        (Color(a), Color(b)) => a == b,
        (Alignment(a), Alignment(b)) => a == b,
        (Direction(a), Direction(b)) => a == b,
        (Stroke(a), Stroke(b)) => a == b,
        (Datetime(a), Datetime(b)) => a == b,
        (Str(a), Str(b)) => a == b,
        (Label(a), Label(b)) => a == b,
        (Content(a), Content(b)) => a == b,
        (Array(a), Array(b)) => a == b,
        (Dict(a), Dict(b)) => a == b,
        (Func(a), Func(b)) => a == b,
        (Args(a), Args(b)) => a == b,
        (Module(a), Module(b)) => a == b,
        (Type(a), Type(b)) => a == b,
        (Styles(a), Styles(b)) => a == b,
        (Selector(a), Selector(b)) => a == b,
        (Counter(a), Counter(b)) => a == b,
        (State(a), State(b)) => a == b,
        (Location(a), Location(b)) => a == b,
        (Bytes(a), Bytes(b)) => a == b,
        (Decimal(a), Decimal(b)) => a == b,
        (Duration(a), Duration(b)) => a == b,
        (Version(a), Version(b)) => a == b,
        (Regex(a), Regex(b)) => a == b,
        (Symbol(a), Symbol(b)) => a == b,
        (Gradient(a), Gradient(b)) => a == b,
        (Tiling(a), Tiling(b)) => a == b,
        (Path(a), Path(b)) => a == b,
        (Colorant(a), Colorant(b)) => a == b,
        _ => false,
    }
}

/// How two values compare, for `<`, `<=`, `>`, `>=`, sorting, `min` and `max`.
pub fn compare(lhs: &Value, rhs: &Value) -> StrResult<Ordering> {
    if let Some(result) = super::duration::compare(lhs, rhs) {
        return result;
    }
    use Value::*;
    /// An ordering, or Typst's error naming the two operands as the comparison saw them.
    fn partial(ordering: Option<Ordering>, a: Value, b: Value) -> StrResult<Ordering> {
        ordering.ok_or_else(|| eco_format!("cannot compare {} with {}", a.repr(), b.repr()))
    }
    let total = |a: f64, b: f64| a.partial_cmp(&b).unwrap_or(Ordering::Equal);
    Ok(match (lhs, rhs) {
        (Bool(a), Bool(b)) => a.cmp(b),
        (Int(a), Int(b)) => a.cmp(b),
        (&Float(a), &Float(b)) => partial(a.partial_cmp(&b), Float(a), Float(b))?,
        (&Int(a), &Float(b)) => partial((a as f64).partial_cmp(&b), Float(a as f64), Float(b))?,
        (&Float(a), &Int(b)) => partial(a.partial_cmp(&(b as f64)), Float(a), Float(b as f64))?,
        (Decimal(a), Decimal(b)) => a.cmp(b),
        (&Int(a), Decimal(b)) => super::Decimal::from(a).cmp(b),
        (Decimal(a), &Int(b)) => a.cmp(&super::Decimal::from(b)),
        (&Length(a), &Length(b)) => partial(a.partial_cmp(b), Length(a), Length(b))?,
        (Angle(a), Angle(b)) => total(a.to_rad(), b.to_rad()),
        (Ratio(a), Ratio(b)) => total(a.0, b.0),
        (&Relative(a), &Relative(b)) => partial(a.partial_cmp(b), Relative(a), Relative(b))?,
        (&Length(a), Relative(b)) if b.rel.is_zero() => {
            partial(a.partial_cmp(b.abs), Length(a), Length(b.abs))?
        }
        (Relative(a), &Length(b)) if a.rel.is_zero() => {
            partial(a.abs.partial_cmp(b), Length(a.abs), Length(b))?
        }
        (Ratio(a), Relative(b)) if b.abs.is_zero() => total(a.0, b.rel.0),
        (Relative(a), Ratio(b)) if a.abs.is_zero() => total(a.rel.0, b.0),
        (Fraction(a), Fraction(b)) => total(a.0, b.0),
        (Version(a), Version(b)) => a.cmp(b),
        (Str(a), Str(b)) => a.cmp(b),
        (Datetime(a), Datetime(b)) => a
            .partial_cmp(*b)
            .ok_or_else(|| eco_format!("cannot compare {} and {}", lhs.repr(), rhs.repr()))?,
        (Array(a), Array(b)) => {
            for (x, y) in a.0.iter().zip(b.0.iter()) {
                match compare(x, y)? {
                    Ordering::Equal => {}
                    other => return Ok(other),
                }
            }
            a.len().cmp(&b.len())
        }
        _ => mismatch!("cannot compare {} and {}", lhs, rhs),
    })
}

/// `lhs in rhs`: a substring, a dictionary key, or an array item. `None` if the types do
/// not support containment.
pub fn contains(lhs: &Value, rhs: &Value) -> Option<bool> {
    match (lhs, rhs) {
        (Value::Str(a), Value::Str(b)) => Some(b.contains(a.as_str())),
        (Value::Str(a), Value::Dict(b)) => Some(b.contains(a)),
        (Value::Regex(a), Value::Str(b)) => Some(a.0.is_match(b)),
        (Value::Str(a), Value::Module(b)) => Some(b.scope().get(a).is_some()),
        (a, Value::Array(b)) => Some(b.0.iter().any(|item| equal(a, item))),
        _ => None,
    }
}

/// `lhs in rhs`.
pub fn in_(lhs: Value, rhs: Value) -> StrResult<Value> {
    match contains(&lhs, &rhs) {
        Some(b) => Ok(Value::Bool(b)),
        None => mismatch!("cannot apply 'in' to {} and {}", lhs, rhs),
    }
}

/// `lhs not in rhs`.
pub fn not_in(lhs: Value, rhs: Value) -> StrResult<Value> {
    match contains(&lhs, &rhs) {
        Some(b) => Ok(Value::Bool(!b)),
        None => mismatch!("cannot apply 'not in' to {} and {}", lhs, rhs),
    }
}

/// A comparison operator's result.
pub fn cmp_op(lhs: Value, rhs: Value, accept: fn(Ordering) -> bool) -> StrResult<Value> {
    Ok(Value::Bool(accept(compare(&lhs, &rhs)?)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::{Abs, Em};

    /// Applies `op` to two values and compares the result's `repr` (or the error).
    fn check(op: fn(Value, Value) -> StrResult<Value>, a: Value, b: Value, expected: &str) {
        let found = match op(a, b) {
            Ok(v) => v.repr(),
            Err(e) => eco_format!("error: {e}"),
        };
        assert_eq!(found, expected);
    }

    fn pt(v: f64) -> Value {
        Value::Length(super::super::Length::abs(Abs::pt(v)))
    }

    fn em(v: f64) -> Value {
        Value::Length(super::super::Length::em(Em::new(v)))
    }

    fn s(v: &str) -> Value {
        Value::str(v)
    }

    #[test]
    fn arithmetic() {
        check(add, Value::Int(1), Value::Int(2), "3");
        check(add, Value::Int(1), Value::Float(0.5), "1.5");
        check(add, Value::Int(1), s("a"), "error: cannot add integer and string");
        check(add, Value::Int(i64::MAX), Value::Int(1), "error: value is too large");
        check(add, pt(2.0), em(1.0), "2pt + 1em");
        check(add, pt(2.0), Value::Ratio(Ratio(0.5)), "50% + 2pt");
        check(add, s("a"), s("b"), "\"ab\"");
        check(sub, Value::Int(1), s("a"), "error: cannot subtract string from integer");
        check(mul, s("ab"), Value::Int(2), "\"abab\"");
        check(mul, Value::Int(-1), s("ab"), "error: number must be at least zero");
        check(mul, pt(2.0), Value::Float(1.5), "3pt");
        check(div, Value::Int(1), Value::Int(0), "error: cannot divide by zero");
        check(div, Value::Int(3), Value::Int(2), "1.5");
        check(div, pt(4.0), pt(2.0), "2.0");
        check(div, pt(4.0), em(2.0), "error: cannot divide these two lengths");
        check(join, Value::None, s("x"), "\"x\"");
        check(join, Value::Int(1), Value::Int(2), "error: cannot join integer with integer");
    }

    #[test]
    fn comparison() {
        assert!(equal(&Value::Int(1), &Value::Float(1.0)));
        assert!(!equal(&Value::Int(1), &s("1")));
        assert_eq!(compare(&Value::Int(1), &Value::Float(1.5)), Ok(Ordering::Less));
        assert_eq!(compare(&pt(1.0), &em(1.0)), Err("cannot compare 1pt with 1em".into()));
        assert_eq!(
            compare(&Value::Int(1), &s("a")),
            Err("cannot compare integer and string".into())
        );
        check(in_, s("b"), s("abc"), "true");
        check(not_in, Value::Int(4), Value::Array([Value::Int(4)].into_iter().collect()), "false");
    }
}

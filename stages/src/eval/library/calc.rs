//! The `calc` module: arithmetic on integers and floats (`abs`, `pow`, `sqrt`, `exp`,
//! `log`, rounding, `rem`, `quo`, `min`, `max`, `clamp`, parity, trigonometry, `gcd`,
//! `lcm`, `fact`) and the constants `pi`, `tau`, `e`, `inf`, `nan`. Floating-point
//! functions go through `libm` so that results are the same on every platform.

use std::cmp::Ordering;

use super::native;
use crate::base::{Angle, SourceResult, Span};
use crate::eval::{At, Engine};
use crate::model::{Args, Func, Length, Scope, Value, compare, mismatch, ops_fns as ops};

native!(ABS, "abs", abs);
native!(POW, "pow", pow);
native!(EXP, "exp", exp);
native!(SQRT, "sqrt", sqrt);
native!(ROOT, "root", root);
native!(SIN, "sin", sin);
native!(COS, "cos", cos);
native!(TAN, "tan", tan);
native!(ASIN, "asin", asin);
native!(ACOS, "acos", acos);
native!(ATAN, "atan", atan);
native!(ATAN2, "atan2", atan2);
native!(LOG, "log", log);
native!(LN, "ln", ln);
native!(FLOOR, "floor", floor);
native!(CEIL, "ceil", ceil);
native!(TRUNC, "trunc", trunc);
native!(FRACT, "fract", fract);
native!(ROUND, "round", round);
native!(CLAMP, "clamp", clamp);
native!(MIN, "min", min);
native!(MAX, "max", max);
native!(EVEN, "even", even);
native!(ODD, "odd", odd);
native!(REM, "rem", rem);
native!(QUO, "quo", quo);
native!(DIV_EUCLID, "div-euclid", div_euclid);
native!(REM_EUCLID, "rem-euclid", rem_euclid);
native!(GCD, "gcd", gcd);
native!(LCM, "lcm", lcm);
native!(FACT, "fact", fact);

/// The bindings of the `calc` module.
pub fn scope() -> Scope {
    let mut scope = Scope::new();
    for native in [
        &ABS,
        &POW,
        &EXP,
        &SQRT,
        &ROOT,
        &SIN,
        &COS,
        &TAN,
        &ASIN,
        &ACOS,
        &ATAN,
        &ATAN2,
        &LOG,
        &LN,
        &FLOOR,
        &CEIL,
        &TRUNC,
        &FRACT,
        &ROUND,
        &CLAMP,
        &MIN,
        &MAX,
        &EVEN,
        &ODD,
        &REM,
        &QUO,
        &DIV_EUCLID,
        &REM_EUCLID,
        &GCD,
        &LCM,
        &FACT,
    ] {
        scope.define(native.name, Func::from(native));
    }
    scope.define("pi", Value::Float(std::f64::consts::PI));
    scope.define("tau", Value::Float(std::f64::consts::TAU));
    scope.define("e", Value::Float(std::f64::consts::E));
    scope.define("inf", Value::Float(f64::INFINITY));
    scope.define("nan", Value::Float(f64::NAN));
    scope
}

/// An integer or a float argument.
#[derive(Copy, Clone)]
enum Num {
    Int(i64),
    Float(f64),
}

impl Num {
    fn float(self) -> f64 {
        match self {
            Self::Int(i) => i as f64,
            Self::Float(f) => f,
        }
    }

    fn value(self) -> Value {
        match self {
            Self::Int(i) => Value::Int(i),
            Self::Float(f) => Value::Float(f),
        }
    }
}

fn num(args: &mut Args, what: &str) -> SourceResult<Num> {
    let span = args.items.iter().find(|a| a.name.is_none()).map_or(args.span, |a| a.value_span);
    match args.expect::<Value>(what)? {
        Value::Int(i) => Ok(Num::Int(i)),
        Value::Float(f) => Ok(Num::Float(f)),
        v => Err(mismatch("integer or float", &v)).at(span),
    }
}

fn float(args: &mut Args, what: &str) -> SourceResult<(f64, Span)> {
    let span = args.items.iter().find(|a| a.name.is_none()).map_or(args.span, |a| a.value_span);
    Ok((num(args, what)?.float(), span))
}

fn too_large() -> ecow::EcoString {
    "the result is too large".into()
}

fn abs(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.items.iter().find(|a| a.name.is_none()).map_or(args.span, |a| a.value_span);
    Ok(match args.expect::<Value>("value")? {
        Value::Int(i) => Value::Int(i.checked_abs().ok_or_else(too_large).at(span)?),
        Value::Float(f) => Value::Float(f.abs()),
        Value::Length(l) if l.em.get() == 0.0 => Value::Length(Length::abs(l.abs.abs())),
        Value::Angle(a) => Value::Angle(Angle::rad(a.to_rad().abs())),
        Value::Ratio(r) => Value::Ratio(crate::model::Ratio(r.get().abs())),
        Value::Fraction(f) => Value::Fraction(crate::model::Fr(f.get().abs())),
        v => crate::bail!(
            span,
            "{}",
            mismatch("integer, float, length, angle, ratio, or fraction", &v)
        ),
    })
}

fn pow(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let base = num(args, "base")?;
    let exponent = num(args, "exponent")?;
    if matches!(base, Num::Int(0)) && exponent.float() < 0.0 {
        crate::bail!(span, "zero to the power of a negative number is undefined");
    }
    Ok(match (base, exponent) {
        (Num::Int(b), Num::Int(e)) if e >= 0 => {
            let e = u32::try_from(e).map_err(|_| too_large()).at(span)?;
            Value::Int(b.checked_pow(e).ok_or_else(too_large).at(span)?)
        }
        (b, e) => Value::Float(libm::pow(b.float(), e.float())),
    })
}

fn exp(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (x, _) = float(args, "exponent")?;
    Ok(Value::Float(libm::exp(x)))
}

fn sqrt(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (x, span) = float(args, "value")?;
    if x < 0.0 {
        crate::bail!(span, "cannot take square root of negative number");
    }
    Ok(Value::Float(libm::sqrt(x)))
}

fn root(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (x, span) = float(args, "radicand")?;
    let index: i64 = args.expect("index")?;
    if index == 0 {
        crate::bail!(span, "cannot take the 0th root of a number");
    }
    if x < 0.0 && index % 2 == 0 {
        crate::bail!(span, "negative numbers do not have a real nth root when n is even");
    }
    let r = libm::pow(x.abs(), 1.0 / index as f64);
    Ok(Value::Float(if x < 0.0 { -r } else { r }))
}

/// An angle, or a number of radians.
fn angle_arg(args: &mut Args) -> SourceResult<f64> {
    let span = args.span;
    match args.expect::<Value>("angle")? {
        Value::Angle(a) => Ok(a.to_rad()),
        Value::Int(i) => Ok(i as f64),
        Value::Float(f) => Ok(f),
        v => Err(mismatch("angle, integer, or float", &v)).at(span),
    }
}

fn sin(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    Ok(Value::Float(libm::sin(angle_arg(args)?)))
}

fn cos(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    Ok(Value::Float(libm::cos(angle_arg(args)?)))
}

fn tan(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    Ok(Value::Float(libm::tan(angle_arg(args)?)))
}

fn inverse(args: &mut Args, f: fn(f64) -> f64) -> SourceResult<Value> {
    let (x, span) = float(args, "value")?;
    if !(-1.0..=1.0).contains(&x) {
        crate::bail!(span, "value must be between -1 and 1");
    }
    Ok(Value::Angle(Angle::rad(f(x))))
}

fn asin(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    inverse(args, libm::asin)
}

fn acos(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    inverse(args, libm::acos)
}

fn atan(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (x, _) = float(args, "value")?;
    Ok(Value::Angle(Angle::rad(libm::atan(x))))
}

fn atan2(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (x, _) = float(args, "x")?;
    let (y, _) = float(args, "y")?;
    Ok(Value::Angle(Angle::rad(libm::atan2(y, x))))
}

fn log(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (x, span) = float(args, "value")?;
    let base: f64 = args.named("base")?.unwrap_or(10.0);
    if x <= 0.0 {
        crate::bail!(span, "value must be strictly positive");
    }
    if base <= 0.0 || base == 1.0 {
        crate::bail!(span, "base must be strictly positive and not 1");
    }
    let result = if base == 2.0 {
        libm::log2(x)
    } else if base == 10.0 {
        libm::log10(x)
    } else {
        libm::log(x) / libm::log(base)
    };
    Ok(Value::Float(result))
}

fn ln(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (x, span) = float(args, "value")?;
    if x <= 0.0 {
        crate::bail!(span, "value must be strictly positive");
    }
    Ok(Value::Float(libm::log(x)))
}

/// Applies a rounding function; integers stay as they are.
fn rounding(args: &mut Args, f: fn(f64) -> f64) -> SourceResult<Value> {
    Ok(match num(args, "value")? {
        Num::Int(i) => Value::Int(i),
        Num::Float(x) => Value::Float(f(x)),
    })
}

fn floor(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    rounding(args, libm::floor)
}

fn ceil(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    rounding(args, libm::ceil)
}

fn trunc(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    rounding(args, libm::trunc)
}

fn fract(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    Ok(match num(args, "value")? {
        Num::Int(_) => Value::Int(0),
        Num::Float(x) => Value::Float(x - libm::trunc(x)),
    })
}

fn round(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let value = num(args, "value")?;
    let digits: i64 = args.named("digits")?.unwrap_or(0);
    Ok(match value {
        Num::Int(i) if digits >= 0 => Value::Int(i),
        Num::Int(i) => {
            let factor = 10i64.checked_pow(digits.unsigned_abs() as u32).unwrap_or(i64::MAX);
            let rounded = libm::round(i as f64 / factor as f64) * factor as f64;
            Value::Int(rounded as i64)
        }
        Num::Float(x) => {
            let factor = libm::pow(10.0, digits as f64);
            Value::Float(libm::round(x * factor) / factor)
        }
    })
}

fn clamp(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let value = num(args, "value")?;
    let min = num(args, "min")?;
    let max = num(args, "max")?;
    if max.float() < min.float() {
        crate::bail!(span, "max must be greater than or equal to min");
    }
    Ok(match (value, min, max) {
        (Num::Int(v), Num::Int(lo), Num::Int(hi)) => Value::Int(v.clamp(lo, hi)),
        (v, lo, hi) => Value::Float(v.float().clamp(lo.float(), hi.float())),
    })
}

/// The least or greatest of the arguments.
fn extremum(args: &mut Args, want: Ordering) -> SourceResult<Value> {
    let span = args.span;
    let values: Vec<Value> = args.all()?;
    let mut iter = values.into_iter();
    let Some(mut best) = iter.next() else {
        crate::bail!(span, "expected at least one value");
    };
    for value in iter {
        if compare(&value, &best).at(span)? == want {
            best = value;
        }
    }
    Ok(best)
}

fn min(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    extremum(args, Ordering::Less)
}

fn max(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    extremum(args, Ordering::Greater)
}

fn even(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let value: i64 = args.expect("value")?;
    Ok(Value::Bool(value % 2 == 0))
}

fn odd(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let value: i64 = args.expect("value")?;
    Ok(Value::Bool(value % 2 != 0))
}

/// Two numbers for a division-like operation; the divisor must not be zero.
fn dividend_divisor(args: &mut Args) -> SourceResult<(Num, Num)> {
    let span = args.span;
    let a = num(args, "dividend")?;
    let b = num(args, "divisor")?;
    if b.float() == 0.0 {
        crate::bail!(span, "divisor must not be zero");
    }
    Ok((a, b))
}

fn rem(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    Ok(match dividend_divisor(args)? {
        (Num::Int(a), Num::Int(b)) => Value::Int(a.checked_rem(b).unwrap_or(0)),
        (a, b) => Value::Float(libm::fmod(a.float(), b.float())),
    })
}

fn quo(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let (a, b) = dividend_divisor(args)?;
    let q = ops::div(a.value(), b.value()).at(span)?;
    let q = match q {
        Value::Float(f) => libm::floor(f),
        Value::Int(i) => i as f64,
        _ => 0.0,
    };
    Ok(Value::Int(q as i64))
}

fn div_euclid(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    Ok(match dividend_divisor(args)? {
        (Num::Int(a), Num::Int(b)) => Value::Int(a.checked_div_euclid(b).unwrap_or(0)),
        (a, b) => Value::Float(a.float().div_euclid(b.float())),
    })
}

fn rem_euclid(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    Ok(match dividend_divisor(args)? {
        (Num::Int(a), Num::Int(b)) => Value::Int(a.checked_rem_euclid(b).unwrap_or(0)),
        (a, b) => Value::Float(a.float().rem_euclid(b.float())),
    })
}

fn gcd_of(mut a: i64, mut b: i64) -> i64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.abs()
}

fn gcd(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let a: i64 = args.expect("a")?;
    let b: i64 = args.expect("b")?;
    Ok(Value::Int(gcd_of(a, b)))
}

fn lcm(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let a: i64 = args.expect("a")?;
    let b: i64 = args.expect("b")?;
    if a == 0 || b == 0 {
        return Ok(Value::Int(0));
    }
    let l = (a / gcd_of(a, b)).checked_mul(b).ok_or_else(too_large).at(span)?;
    Ok(Value::Int(l.abs()))
}

fn fact(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let n: usize = args.expect("number")?;
    let mut out: i64 = 1;
    for i in 2..=n as i64 {
        out = out.checked_mul(i).ok_or_else(too_large).at(span)?;
    }
    Ok(Value::Int(out))
}

//! The `calc` module: arithmetic on integers, floats and decimals (`abs`, `pow`, `exp`,
//! `sqrt`, `root`, logarithms, rounding, `rem`, `quo`, Euclidean division, `min`, `max`,
//! `clamp`, parity, `norm`), trigonometry, combinatorics (`fact`, `perm`, `binom`, `gcd`,
//! `lcm`) and the constants `pi`, `tau`, `e` and `inf`, with Typst's argument types,
//! results and errors.
//!
//! Floating-point functions go through `libm` (and integer powers through `powi`) so that
//! results are the same bits on every platform.

use std::cmp::Ordering;

use ecow::{EcoString, EcoVec, eco_vec};

use super::native;
use crate::base::{Angle, SourceDiagnostic, SourceResult, Span};
use crate::eval::{At, Engine};
use crate::model::{
    Args, Decimal, FromValue, Func, Length, Ratio, Scope, Value, compare, mismatch, powi,
    round_with_precision,
};

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
native!(SINH, "sinh", sinh);
native!(COSH, "cosh", cosh);
native!(TANH, "tanh", tanh);
native!(ASINH, "asinh", asinh);
native!(ACOSH, "acosh", acosh);
native!(ATANH, "atanh", atanh);
native!(ERF, "erf", erf);
native!(LOG, "log", log);
native!(LN, "ln", ln);
native!(FACT, "fact", fact);
native!(PERM, "perm", perm);
native!(BINOM, "binom", binom);
native!(GCD, "gcd", gcd);
native!(LCM, "lcm", lcm);
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
native!(DIV_EUCLID, "div-euclid", div_euclid);
native!(REM_EUCLID, "rem-euclid", rem_euclid);
native!(QUO, "quo", quo);
native!(NORM, "norm", norm);

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
        &SINH,
        &COSH,
        &TANH,
        &ASINH,
        &ACOSH,
        &ATANH,
        &LOG,
        &LN,
        &ERF,
        &FACT,
        &PERM,
        &BINOM,
        &GCD,
        &LCM,
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
        &DIV_EUCLID,
        &REM_EUCLID,
        &QUO,
        &NORM,
    ] {
        scope.define(native.name, Func::from(native));
    }
    // In Typst's order, which `dictionary(calc)` shows.
    scope.define("inf", Value::Float(f64::INFINITY));
    scope.define("pi", Value::Float(std::f64::consts::PI));
    scope.define("tau", Value::Float(std::f64::consts::TAU));
    scope.define("e", Value::Float(std::f64::consts::E));
    scope
}

/// An error at `span`.
fn error(span: Span, message: impl Into<EcoString>) -> EcoVec<SourceDiagnostic> {
    eco_vec![SourceDiagnostic::error(span, message)]
}

/// The error of an integer result out of range.
fn too_large() -> EcoString {
    "the result is too large".into()
}

/// The hint for a decimal where only floats would do.
const CAST_DECIMAL_HINT: &str = "if loss of precision is acceptable, explicitly cast the decimal to a float with \
     `float(value)`";

/// The error of mixing a decimal and a float, with its hint.
fn decimal_and_float(span: Span) -> EcoVec<SourceDiagnostic> {
    eco_vec![
        SourceDiagnostic::error(span, "cannot apply this operation to a decimal and a float")
            .with_hint(CAST_DECIMAL_HINT)
    ]
}

/// A type mismatch at `span`. A decimal offered where a float was expected gets Typst's
/// hint to convert it explicitly.
fn cast_error(span: Span, message: EcoString, found: &Value) -> EcoVec<SourceDiagnostic> {
    let mut diag = SourceDiagnostic::error(span, message.clone());
    let expected = message.split(", found").next().unwrap_or("");
    if matches!(found, Value::Decimal(_)) && expected.contains("float") {
        diag = diag.with_hint(CAST_DECIMAL_HINT);
    }
    eco_vec![diag]
}

/// Casts a taken argument, failing at its span.
fn cast<T: FromValue>((value, span): (Value, Span)) -> SourceResult<(T, Span)> {
    let found = matches!(value, Value::Decimal(_)).then(|| value.clone());
    T::from_value(value)
        .map(|v| (v, span))
        .map_err(|e| cast_error(span, e, found.as_ref().unwrap_or(&Value::None)))
}

/// An integer or a float.
#[derive(Debug, Copy, Clone)]
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
}

impl FromValue for Num {
    fn from_value(value: Value) -> Result<Self, EcoString> {
        match value {
            Value::Int(i) => Ok(Self::Int(i)),
            Value::Float(f) => Ok(Self::Float(f)),
            v => Err(mismatch("integer or float", &v)),
        }
    }
}

/// An integer, a float or a decimal.
#[derive(Debug, Copy, Clone)]
enum DecNum {
    Int(i64),
    Float(f64),
    Decimal(Decimal),
}

impl DecNum {
    fn is_zero(self) -> bool {
        match self {
            Self::Int(i) => i == 0,
            Self::Float(f) => f == 0.0,
            Self::Decimal(d) => d.is_zero(),
        }
    }

    /// The number as a float; `None` for a decimal.
    fn float(self) -> Option<f64> {
        match self {
            Self::Int(i) => Some(i as f64),
            Self::Float(f) => Some(f),
            Self::Decimal(_) => None,
        }
    }

    /// The number as a decimal; `None` for a float.
    fn decimal(self) -> Option<Decimal> {
        match self {
            Self::Int(i) => Some(i.into()),
            Self::Float(_) => None,
            Self::Decimal(d) => Some(d),
        }
    }
}

impl FromValue for DecNum {
    fn from_value(value: Value) -> Result<Self, EcoString> {
        match value {
            Value::Int(i) => Ok(Self::Int(i)),
            Value::Float(f) => Ok(Self::Float(f)),
            Value::Decimal(d) => Ok(Self::Decimal(d)),
            v => Err(mismatch("integer, float, or decimal", &v)),
        }
    }
}

/// Two numbers brought to a common kind: both integers, both decimals (an integer joins
/// a decimal) or both floats (an integer joins a float). `None` mixes a decimal and a
/// float.
enum Pair {
    Int(i64, i64),
    Float(f64, f64),
    Decimal(Decimal, Decimal),
}

fn pair(a: DecNum, b: DecNum) -> Option<Pair> {
    Some(match (a, b) {
        (DecNum::Int(a), DecNum::Int(b)) => Pair::Int(a, b),
        (DecNum::Decimal(_), _) | (_, DecNum::Decimal(_)) => {
            Pair::Decimal(a.decimal()?, b.decimal()?)
        }
        _ => Pair::Float(a.float()?, b.float()?),
    })
}

/// A float result converted to an integer; out of range is too large, NaN is zero.
fn float_to_int(f: f64) -> Result<i64, EcoString> {
    if f <= i64::MIN as f64 - 1.0 || f >= i64::MAX as f64 + 1.0 {
        Err(too_large())
    } else {
        Ok(f as i64)
    }
}

/// Fails when a float result is not a real number.
fn real(result: f64, span: Span) -> SourceResult<f64> {
    if result.is_nan() {
        return Err(error(span, "the result is not a real number"));
    }
    Ok(result)
}

/// `calc.abs(value)`.
fn abs(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (value, span) = args.expect_spanned::<Value>("value")?;
    Ok(match value {
        Value::Int(i) => Value::Int(i.checked_abs().ok_or_else(too_large).at(span)?),
        Value::Float(f) => Value::Float(f.abs()),
        Value::Length(l) => {
            if l.em.get() != 0.0 && !l.abs.is_zero() {
                crate::bail!(span, "cannot take absolute value of this length");
            }
            Value::Length(Length { abs: l.abs.abs(), em: crate::base::Em::new(l.em.get().abs()) })
        }
        Value::Angle(a) => Value::Angle(Angle::rad(a.to_rad().abs())),
        Value::Ratio(r) => Value::Ratio(Ratio(r.get().abs())),
        Value::Fraction(f) => Value::Fraction(crate::model::Fr(f.get().abs())),
        Value::Decimal(d) => Value::Decimal(d.abs()),
        v => crate::bail!(
            span,
            "{}",
            mismatch("integer, float, length, angle, ratio, fraction, or decimal", &v)
        ),
    })
}

/// `calc.pow(base, exponent)`.
fn pow(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let (base, _) = cast::<DecNum>(args.expect_spanned::<Value>("base")?)?;
    let (exponent, exp_span) = cast::<Num>(args.expect_spanned::<Value>("exponent")?)?;
    if exponent.float() == 0.0 && base.is_zero() {
        crate::bail!(span, "zero to the power of zero is undefined");
    }
    check_exponent(exponent, exp_span)?;
    Ok(match (base, exponent) {
        (DecNum::Int(a), Num::Int(b)) if b >= 0 => {
            Value::Int(a.checked_pow(b as u32).ok_or_else(too_large).at(span)?)
        }
        (DecNum::Decimal(a), Num::Int(b)) => {
            Value::Decimal(a.checked_powi(b).ok_or_else(too_large).at(span)?)
        }
        (a, b) => {
            let Some(a) = a.float() else {
                return Err(decimal_and_float(span));
            };
            let result = if a == std::f64::consts::E {
                libm::exp(b.float())
            } else if a == 2.0 {
                libm::exp2(b.float())
            } else if let Num::Int(b) = b {
                // Typst takes a NaN base with an integer exponent as zero.
                powi(if a.is_nan() { 0.0 } else { a }, b as i32)
            } else {
                libm::pow(a, b.float())
            };
            Value::Float(real(result, span)?)
        }
    })
}

/// Refuses exponents `pow` and `exp` cannot take: integers beyond `i32`, and floats that
/// are infinite, subnormal or NaN.
fn check_exponent(exponent: Num, span: Span) -> SourceResult<()> {
    match exponent {
        Num::Int(i) if i32::try_from(i).is_err() => crate::bail!(span, "exponent is too large"),
        Num::Float(f) if !f.is_normal() && f != 0.0 => {
            crate::bail!(span, "exponent may not be infinite, subnormal, or NaN")
        }
        _ => Ok(()),
    }
}

/// `calc.exp(exponent)`.
fn exp(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let (exponent, exp_span) = cast::<Num>(args.expect_spanned::<Value>("exponent")?)?;
    check_exponent(exponent, exp_span)?;
    Ok(Value::Float(real(libm::exp(exponent.float()), span)?))
}

/// `calc.sqrt(value)`.
fn sqrt(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (value, span) = cast::<Num>(args.expect_spanned::<Value>("value")?)?;
    if value.float() < 0.0 {
        crate::bail!(span, "cannot take square root of negative number");
    }
    Ok(Value::Float(libm::sqrt(value.float())))
}

/// `calc.root(radicand, index)`.
fn root(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (radicand, _) = cast::<f64>(args.expect_spanned::<Value>("radicand")?)?;
    let (index, span) = cast::<i64>(args.expect_spanned::<Value>("index")?)?;
    if index == 0 {
        crate::bail!(span, "cannot take the 0th root of a number");
    }
    if radicand < 0.0 {
        if index % 2 == 0 {
            crate::bail!(span, "negative numbers do not have a real nth root when n is even");
        }
        return Ok(Value::Float(-libm::pow(-radicand, 1.0 / index as f64)));
    }
    Ok(Value::Float(libm::pow(radicand, 1.0 / index as f64)))
}

/// An angle, or a number of radians.
fn angle_arg(args: &mut Args) -> SourceResult<f64> {
    let (value, span) = args.expect_spanned::<Value>("angle")?;
    match value {
        Value::Angle(a) => Ok(a.to_rad()),
        Value::Int(i) => Ok(i as f64),
        Value::Float(f) => Ok(f),
        v => Err(cast_error(span, mismatch("integer, float, or angle", &v), &v)),
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

/// An angle in radians as a value (a NaN angle is zero, as all layout scalars).
fn angle(rad: f64) -> Value {
    Value::Angle(Angle::rad(if rad.is_nan() { 0.0 } else { rad }))
}

/// `asin` and `acos`: the value must lie in [-1, 1].
fn inverse(args: &mut Args, f: fn(f64) -> f64) -> SourceResult<Value> {
    let (value, span) = cast::<Num>(args.expect_spanned::<Value>("value")?)?;
    let x = value.float();
    // NaN passes and gives a NaN angle, which is zero.
    if !(x.is_nan() || (-1.0..=1.0).contains(&x)) {
        crate::bail!(span, "value must be between -1 and 1");
    }
    Ok(angle(f(x)))
}

fn asin(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    inverse(args, libm::asin)
}

fn acos(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    inverse(args, libm::acos)
}

fn atan(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (value, _) = cast::<Num>(args.expect_spanned::<Value>("value")?)?;
    Ok(angle(libm::atan(value.float())))
}

fn atan2(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (x, _) = cast::<Num>(args.expect_spanned::<Value>("x")?)?;
    let (y, _) = cast::<Num>(args.expect_spanned::<Value>("y")?)?;
    Ok(angle(libm::atan2(y.float(), x.float())))
}

/// A hyperbolic function of a float.
fn hyperbolic(args: &mut Args, f: fn(f64) -> f64) -> SourceResult<Value> {
    let (value, _) = cast::<f64>(args.expect_spanned::<Value>("value")?)?;
    Ok(Value::Float(f(value)))
}

fn sinh(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    hyperbolic(args, libm::sinh)
}

fn cosh(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    hyperbolic(args, libm::cosh)
}

fn tanh(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    hyperbolic(args, libm::tanh)
}

fn asinh(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    hyperbolic(args, libm::asinh)
}

fn acosh(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (value, span) = cast::<f64>(args.expect_spanned::<Value>("value")?)?;
    if value < 1.0 {
        crate::bail!(span, "value must be greater than or equal to 1");
    }
    Ok(Value::Float(libm::acosh(value)))
}

fn atanh(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (value, span) = cast::<f64>(args.expect_spanned::<Value>("value")?)?;
    if value <= -1.0 || value >= 1.0 {
        crate::bail!(span, "value must be between -1 and 1 (exclusive)");
    }
    Ok(Value::Float(libm::atanh(value)))
}

/// The error function.
fn erf(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    hyperbolic(args, libm::erf)
}

/// `calc.log(value, base: 10.0)`.
fn log(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let (value, value_span) = cast::<Num>(args.expect_spanned::<Value>("value")?)?;
    let base = args.named_spanned::<Value>("base")?.map(cast::<f64>).transpose()?;
    let x = value.float();
    if x <= 0.0 {
        crate::bail!(value_span, "value must be strictly positive");
    }
    let base = match base {
        Some((base, base_span)) => {
            if !base.is_normal() {
                crate::bail!(base_span, "base may not be zero, NaN, infinite, or subnormal");
            }
            base
        }
        None => 10.0,
    };
    let result = if base == std::f64::consts::E {
        libm::log(x)
    } else if base == 2.0 {
        libm::log2(x)
    } else if base == 10.0 {
        libm::log10(x)
    } else {
        libm::log(x) / libm::log(base)
    };
    if result.is_infinite() || result.is_nan() {
        crate::bail!(span, "the result is not a real number");
    }
    Ok(Value::Float(result))
}

/// `calc.ln(value)`.
fn ln(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let (value, value_span) = cast::<Num>(args.expect_spanned::<Value>("value")?)?;
    let x = value.float();
    if x <= 0.0 {
        crate::bail!(value_span, "value must be strictly positive");
    }
    let result = libm::log(x);
    if result.is_infinite() {
        crate::bail!(span, "result close to -inf");
    }
    Ok(Value::Float(result))
}

/// A non-negative integer argument.
fn natural(args: &mut Args, what: &str) -> SourceResult<u64> {
    let (n, _) = cast::<usize>(args.expect_spanned::<Value>(what)?)?;
    Ok(n as u64)
}

/// An unsigned result as an integer value.
fn int_result(v: Option<u64>, span: Span) -> SourceResult<Value> {
    v.and_then(|v| i64::try_from(v).ok()).map(Value::Int).ok_or_else(too_large).at(span)
}

/// `calc.fact(number)`.
fn fact(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let n = natural(args, "number")?;
    int_result((1..=n).try_fold(1u64, |acc, i| acc.checked_mul(i)), span)
}

/// `calc.perm(base, numbers)`: ordered selections of `numbers` from `base` items.
fn perm(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let base = natural(args, "base")?;
    let numbers = natural(args, "numbers")?;
    if base < numbers {
        return Ok(Value::Int(0));
    }
    int_result((base - numbers + 1..=base).try_fold(1u64, |acc, i| acc.checked_mul(i)), span)
}

/// `calc.binom(n, k)`: unordered selections of `k` from `n` items.
fn binom(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let n = natural(args, "n")?;
    let k = natural(args, "k")?;
    if k > n {
        return Ok(Value::Int(0));
    }
    // By symmetry, the smaller of k and n - k steps suffice; each intermediate product
    // is itself a binomial coefficient, so the division is exact.
    let k = k.min(n - k);
    let result = (0..k).try_fold(1u64, |acc, i| acc.checked_mul(n - i).map(|p| p / (i + 1)));
    int_result(result, span)
}

/// The greatest common divisor; `None` where it overflows.
fn gcd_of(mut a: i64, mut b: i64) -> Option<i64> {
    while b != 0 {
        let rem = a.checked_rem(b)?;
        a = b;
        b = rem;
    }
    a.checked_abs()
}

/// `calc.gcd(a, b)`.
fn gcd(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let (a, _) = cast::<i64>(args.expect_spanned::<Value>("a")?)?;
    let (b, _) = cast::<i64>(args.expect_spanned::<Value>("b")?)?;
    Ok(Value::Int(gcd_of(a, b).ok_or_else(too_large).at(span)?))
}

/// `calc.lcm(a, b)`.
fn lcm(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let (a, _) = cast::<i64>(args.expect_spanned::<Value>("a")?)?;
    let (b, _) = cast::<i64>(args.expect_spanned::<Value>("b")?)?;
    let result = if a == b {
        a.checked_abs()
    } else {
        gcd_of(a, b)
            .and_then(|g| a.checked_div(g))
            .and_then(|q| q.checked_mul(b))
            .and_then(i64::checked_abs)
    };
    Ok(Value::Int(result.ok_or_else(too_large).at(span)?))
}

/// Rounds to an integer: integers stay, floats are rounded by `f` and must fit,
/// decimals are rounded by `d`.
fn to_int(
    args: &mut Args,
    f: fn(f64) -> f64,
    d: fn(Decimal) -> Option<i64>,
) -> SourceResult<Value> {
    let span = args.span;
    let (value, _) = cast::<DecNum>(args.expect_spanned::<Value>("value")?)?;
    Ok(Value::Int(match value {
        DecNum::Int(i) => i,
        DecNum::Float(x) => float_to_int(f(x)).at(span)?,
        DecNum::Decimal(x) => d(x).ok_or_else(too_large).at(span)?,
    }))
}

fn floor(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    to_int(args, libm::floor, Decimal::floor_int)
}

fn ceil(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    to_int(args, libm::ceil, Decimal::ceil_int)
}

fn trunc(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    to_int(args, libm::trunc, Decimal::trunc_to_int)
}

/// `calc.fract(value)`.
fn fract(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (value, _) = cast::<DecNum>(args.expect_spanned::<Value>("value")?)?;
    Ok(match value {
        DecNum::Int(_) => Value::Int(0),
        DecNum::Float(x) => Value::Float(x - libm::trunc(x)),
        DecNum::Decimal(x) => Value::Decimal(x.fract()),
    })
}

/// An integer rounded to `digits` (negative: to tens, hundreds, ...), half away from
/// zero; `None` where the result does not fit.
fn round_int(value: i64, digits: i64) -> Option<i64> {
    if digits >= 0 {
        return Some(value);
    }
    let places = digits.unsigned_abs();
    if places > 19 {
        return Some(0);
    }
    let scale = 10i128.pow(places as u32);
    let v = i128::from(value);
    let mut q = v / scale;
    if (v % scale).abs() * 2 >= scale {
        q += v.signum();
    }
    i64::try_from(q * scale).ok()
}

/// `calc.round(value, digits: 0)`.
fn round(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let (value, _) = cast::<DecNum>(args.expect_spanned::<Value>("value")?)?;
    let digits =
        args.named_spanned::<Value>("digits")?.map(cast::<i64>).transpose()?.map_or(0, |d| d.0);
    Ok(match value {
        DecNum::Int(i) => Value::Int(round_int(i, digits).ok_or_else(too_large).at(span)?),
        DecNum::Float(x) => Value::Float(round_with_precision(x, digits.clamp(-32768, 32767))),
        DecNum::Decimal(x) => {
            Value::Decimal(round_decimal(x, digits).ok_or_else(too_large).at(span)?)
        }
    })
}

/// Rounds a decimal to `digits` places (negative: to tens, hundreds, ...), half away from
/// zero, as Typst does: for negative digits the scale grows by `-digits` (a division by
/// that power of ten), the result is rounded to an integer and scaled back up, which fails
/// when it overflows; a scale beyond what decimals hold rounds to a zero of the value's
/// sign. `None` on overflow.
fn round_decimal(value: Decimal, digits: i64) -> Option<Decimal> {
    use rust_decimal::MathematicalOps;
    let strategy = rust_decimal::RoundingStrategy::MidpointAwayFromZero;
    let digits = i32::try_from(digits).unwrap_or(if digits < 0 { i32::MIN } else { i32::MAX });
    if let Ok(places) = u32::try_from(digits) {
        return Some(Decimal(value.0.round_dp_with_strategy(places, strategy)));
    }
    let places = digits.unsigned_abs();
    let mut shifted = value.0;
    let scaled = shifted.set_scale(shifted.scale().saturating_add(places));
    let power = rust_decimal::Decimal::TEN.checked_powi(i64::from(places));
    let (Ok(()), Some(power)) = (scaled, power) else {
        let mut zero = rust_decimal::Decimal::ZERO;
        zero.set_sign_negative(value.0.is_sign_negative());
        return Some(Decimal(zero));
    };
    shifted.round_dp_with_strategy(0, strategy).checked_mul(power).map(Decimal)
}

/// `calc.clamp(value, min, max)`.
fn clamp(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let (value, _) = cast::<DecNum>(args.expect_spanned::<Value>("value")?)?;
    let (min, min_span) = cast::<DecNum>(args.expect_spanned::<Value>("min")?)?;
    let (max, max_span) = cast::<DecNum>(args.expect_spanned::<Value>("max")?)?;
    // Typst's own clamp crashes on a NaN bound; quire refuses it.
    for (bound, name, span) in [(min, "min", min_span), (max, "max", max_span)] {
        if bound.float().is_some_and(f64::is_nan) {
            crate::bail!(span, "{name} must not be `float.nan`");
        }
    }
    let inverted = match pair(min, max) {
        Some(Pair::Int(lo, hi)) => hi < lo,
        Some(Pair::Float(lo, hi)) => hi < lo,
        Some(Pair::Decimal(lo, hi)) => hi < lo,
        None => false,
    };
    if inverted {
        crate::bail!(max_span, "max must be greater than or equal to min");
    }
    let (Some(lo), Some(hi)) = (pair(value, min), pair(value, max)) else {
        return Err(decimal_and_float(span));
    };
    Ok(match (lo, hi) {
        (Pair::Int(v, lo), Pair::Int(_, hi)) => Value::Int(v.clamp(lo, hi)),
        (Pair::Decimal(..), _) | (_, Pair::Decimal(..)) => {
            let (Some(v), Some(lo), Some(hi)) = (value.decimal(), min.decimal(), max.decimal())
            else {
                return Err(decimal_and_float(span));
            };
            // Like Typst, keep the value itself (with its scale) when it equals a bound.
            Value::Decimal(if v < lo {
                lo
            } else if v > hi {
                hi
            } else {
                v
            })
        }
        _ => {
            let (v, lo, hi) = (
                value.float().unwrap_or(0.0),
                min.float().unwrap_or(0.0),
                max.float().unwrap_or(0.0),
            );
            Value::Float(v.clamp(lo, hi))
        }
    })
}

/// The least or greatest of the arguments: each is compared with the best so far, and an
/// error points at the one that could not be compared. A named argument fails first, as
/// all arguments are checked before any is compared.
fn extremum(args: &mut Args, goal: Ordering) -> SourceResult<Value> {
    let span = args.span;
    let (positional, named) = args.take_positional();
    args.items = named;
    args.take().finish()?;
    let mut best = None;
    for arg in positional {
        best = Some(match best {
            None => arg.value,
            Some(current) => {
                if compare(&arg.value, &current).at(arg.value_span)? == goal {
                    arg.value
                } else {
                    current
                }
            }
        });
    }
    best.ok_or_else(|| error(span, "expected at least one value"))
}

fn min(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    extremum(args, Ordering::Less)
}

fn max(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    extremum(args, Ordering::Greater)
}

fn even(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (value, _) = cast::<i64>(args.expect_spanned::<Value>("value")?)?;
    Ok(Value::Bool(value % 2 == 0))
}

fn odd(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (value, _) = cast::<i64>(args.expect_spanned::<Value>("value")?)?;
    Ok(Value::Bool(value % 2 != 0))
}

/// The dividend and divisor of a division-like function, brought to a common kind; the
/// divisor must not be zero.
fn division(args: &mut Args) -> SourceResult<Pair> {
    let span = args.span;
    let (dividend, _) = cast::<DecNum>(args.expect_spanned::<Value>("dividend")?)?;
    let (divisor, divisor_span) = cast::<DecNum>(args.expect_spanned::<Value>("divisor")?)?;
    if divisor.is_zero() {
        crate::bail!(divisor_span, "divisor must not be zero");
    }
    pair(dividend, divisor).ok_or_else(|| decimal_and_float(span))
}

/// `calc.rem(dividend, divisor)`: the remainder with the sign of the dividend.
fn rem(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    Ok(match division(args)? {
        Pair::Int(a, b) => Value::Int(a.wrapping_rem(b)),
        Pair::Float(a, b) => Value::Float(libm::fmod(a, b)),
        Pair::Decimal(a, b) => Value::Decimal(a.checked_rem(b).ok_or_else(too_large).at(span)?),
    })
}

/// The Euclidean quotient and remainder of two decimals, defined as for floats: the
/// truncated quotient, moved down (or up, for a negative divisor) by one where the
/// remainder is negative.
fn decimal_euclid(a: Decimal, b: Decimal) -> Option<(Decimal, Decimal)> {
    let r = a.checked_rem(b)?;
    let q = a.checked_div(b)?.trunc();
    if r.0.is_sign_negative() && !r.is_zero() {
        let one = Decimal::from(1);
        let q = if b.0.is_sign_positive() { q.checked_sub(one)? } else { q.checked_add(one)? };
        Some((q, r.checked_add(b.abs())?))
    } else {
        Some((q, r))
    }
}

/// `calc.div-euclid(dividend, divisor)`.
fn div_euclid(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    Ok(match division(args)? {
        Pair::Int(a, b) => Value::Int(a.checked_div_euclid(b).ok_or_else(too_large).at(span)?),
        Pair::Float(a, b) => Value::Float(float_div_euclid(a, b)),
        Pair::Decimal(a, b) => {
            Value::Decimal(decimal_euclid(a, b).ok_or_else(too_large).at(span)?.0)
        }
    })
}

/// `calc.rem-euclid(dividend, divisor)`: the least non-negative remainder.
fn rem_euclid(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    Ok(match division(args)? {
        Pair::Int(a, b) => Value::Int(a.wrapping_rem_euclid(b)),
        Pair::Float(a, b) => Value::Float(float_rem_euclid(a, b)),
        // Only the remainder is computed, as in Typst: the quotient may not fit.
        Pair::Decimal(a, b) => {
            let r = a.checked_rem(b).ok_or_else(too_large).at(span)?;
            let r = if r.0.is_sign_negative() && !r.is_zero() {
                r.checked_add(b.abs())
            } else {
                Some(r)
            };
            Value::Decimal(r.ok_or_else(too_large).at(span)?)
        }
    })
}

/// Euclidean division of floats, as the standard library defines it.
fn float_div_euclid(a: f64, b: f64) -> f64 {
    let q = libm::trunc(a / b);
    if libm::fmod(a, b) < 0.0 {
        return if b > 0.0 { q - 1.0 } else { q + 1.0 };
    }
    q
}

/// The least non-negative remainder of floats, as the standard library defines it.
fn float_rem_euclid(a: f64, b: f64) -> f64 {
    let r = libm::fmod(a, b);
    if r < 0.0 { r + b.abs() } else { r }
}

/// `calc.quo(dividend, divisor)`: the quotient rounded down to an integer.
fn quo(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let q = match division(args)? {
        Pair::Int(a, b) => {
            let q = a.checked_div(b).ok_or_else(too_large).at(span)?;
            if a % b != 0 && ((a < 0) != (b < 0)) { q - 1 } else { q }
        }
        Pair::Float(a, b) => float_to_int(libm::floor(a / b)).at(span)?,
        Pair::Decimal(a, b) => {
            a.checked_div(b).and_then(Decimal::floor_int).ok_or_else(too_large).at(span)?
        }
    };
    Ok(Value::Int(q))
}

/// `calc.norm(p: 2.0, ..values)`: the p-norm of the values.
fn norm(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let p = args.named_spanned::<Value>("p")?.map(cast::<f64>).transpose()?;
    // Every value that is not a float is reported, not just the first.
    let (positional, named) = args.take_positional();
    args.items = named;
    let mut values = Vec::with_capacity(positional.len());
    let mut errors = EcoVec::new();
    for arg in positional {
        match cast::<f64>((arg.value, arg.value_span)) {
            Ok((v, _)) => values.push(v.abs()),
            Err(e) => errors.extend(e),
        }
    }
    if !errors.is_empty() {
        args.failed = true;
        return Err(errors);
    }
    let p = match p {
        Some((p, span)) if p <= 0.0 => crate::bail!(span, "p must be greater than zero"),
        Some((p, _)) => p,
        None => 2.0,
    };
    // The largest magnitude, where a NaN wins.
    let max = values
        .iter()
        .fold(0.0, |m: f64, &v| if v.is_nan() || m.is_nan() { f64::NAN } else { m.max(v) });
    if p.is_infinite() || max == 0.0 || max.is_nan() {
        return Ok(Value::Float(max));
    }
    // Scaling by the largest magnitude keeps the powers from overflowing.
    let sum = values.iter().fold(0.0, |acc, &v| acc + libm::pow(v / max, p));
    Ok(Value::Float(max * libm::pow(sum, 1.0 / p)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_rounding() {
        assert_eq!(round_int(1234, -2), Some(1200));
        assert_eq!(round_int(1250, -2), Some(1300));
        assert_eq!(round_int(-1250, -2), Some(-1300));
        assert_eq!(round_int(5, -20), Some(0));
        assert_eq!(round_int(i64::MAX, -1), None);
        assert_eq!(round_int(7, 3), Some(7));
    }

    #[test]
    fn float_to_integer() {
        assert_eq!(float_to_int(f64::NAN), Ok(0));
        assert_eq!(float_to_int(-9.3e18), Err(too_large()));
        assert_eq!(float_to_int(-9_223_372_036_854_775_000.0), Ok(-9_223_372_036_854_774_784));
    }

    #[test]
    fn euclid() {
        assert_eq!(float_div_euclid(-7.5, 2.0), -4.0);
        assert_eq!(float_rem_euclid(-7.5, 2.0), 0.5);
        assert_eq!(float_div_euclid(7.0, -3.0), -2.0);
        let d = |s: &str| Decimal::parse(s).unwrap();
        let (q, r) = decimal_euclid(d("-7.5"), d("2")).unwrap();
        assert_eq!((q.repr().as_str(), r.repr().as_str()), ("decimal(\"-4\")", "decimal(\"0.5\")"));
        let (q, r) = decimal_euclid(d("7.5"), d("2")).unwrap();
        assert_eq!((q.repr().as_str(), r.repr().as_str()), ("decimal(\"3\")", "decimal(\"1.5\")"));
        assert_eq!(gcd_of(i64::MIN, -1), None);
        assert_eq!(gcd_of(-12, 18), Some(6));
    }
}

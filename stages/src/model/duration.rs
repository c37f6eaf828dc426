//! `Duration`: a span of time (`duration(hours: 1)`, the difference of two datetimes),
//! kept exactly as whole seconds and nanoseconds, with its arithmetic (`+`, `-`, scaling
//! by a number, the ratio of two durations), the unit methods (`seconds()` … `weeks()`)
//! and `repr` (`duration(weeks: 1, hours: 2)`).
//!
//! Scaling goes through seconds as a float and truncates to whole nanoseconds, as Typst's
//! time library does, so that `duration(seconds: 10) / 3` keeps 3.333333333 seconds.

use ecow::{EcoString, eco_format};

use super::{Datetime, StrResult, Value};

/// Nanoseconds in a second.
const NANOS: i128 = 1_000_000_000;

/// A signed span of time: `secs` seconds plus `nanos` nanoseconds (same sign as `secs`).
#[derive(Debug, Copy, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Duration {
    pub secs: i64,
    pub nanos: i32,
}

impl Duration {
    /// A duration of whole seconds.
    pub fn from_secs(secs: i64) -> Self {
        Self { secs, nanos: 0 }
    }

    /// The duration of `weeks + days + hours + minutes + seconds`; `None` if it does not
    /// fit.
    pub fn from_parts(
        weeks: i64,
        days: i64,
        hours: i64,
        minutes: i64,
        seconds: i64,
    ) -> Option<Self> {
        let mut total: i64 = 0;
        for (count, unit) in [(weeks, 604_800), (days, 86_400), (hours, 3_600), (minutes, 60)] {
            total = total.checked_add(count.checked_mul(unit)?)?;
        }
        Some(Self::from_secs(total.checked_add(seconds)?))
    }

    /// The duration in nanoseconds.
    pub fn total_nanos(self) -> i128 {
        i128::from(self.secs) * NANOS + i128::from(self.nanos)
    }

    /// A duration of `nanos` nanoseconds; `None` if the seconds do not fit.
    pub fn from_nanos(nanos: i128) -> Option<Self> {
        let secs = i64::try_from(nanos / NANOS).ok()?;
        Some(Self { secs, nanos: (nanos % NANOS) as i32 })
    }

    /// The duration in seconds, as a float.
    pub fn as_seconds(self) -> f64 {
        self.secs as f64 + f64::from(self.nanos) / 1e9
    }

    /// A duration of `seconds` seconds, truncated to whole nanoseconds.
    pub fn from_seconds_f64(seconds: f64) -> StrResult<Self> {
        if seconds.is_nan() {
            return Err("duration must not be NaN".into());
        }
        let secs = seconds.trunc();
        // `i64::MAX as f64` rounds up to 2^63, which no longer fits.
        if secs >= i64::MAX as f64 || secs < i64::MIN as f64 {
            return Err("value is too large".into());
        }
        let nanos = ((seconds - secs) * 1e9).trunc() as i32;
        Ok(Self { secs: secs as i64, nanos })
    }

    /// Whether the duration is zero.
    pub fn is_zero(self) -> bool {
        self.secs == 0 && self.nanos == 0
    }

    /// The duration as Typst's `repr` writes it: the whole weeks, days, hours, minutes
    /// and seconds that are not zero (`duration(hours: 1, minutes: 30)`).
    pub fn repr(&self) -> EcoString {
        let mut rest = self.secs;
        let mut parts = Vec::new();
        for (name, unit) in [
            ("weeks", 604_800),
            ("days", 86_400),
            ("hours", 3_600),
            ("minutes", 60),
            ("seconds", 1),
        ] {
            let count = rest / unit;
            if count != 0 {
                parts.push(eco_format!("{name}: {count}"));
            }
            rest -= count * unit;
        }
        eco_format!("duration{}", super::pretty_list(&parts, false))
    }
}

/// The time-related arms of a binary operator, `None` when neither operand is a
/// duration or datetime this operator applies to (the caller then reports the
/// mismatch). `op` is `+`, `-`, `*` or `/`.
pub fn binary(op: char, lhs: &Value, rhs: &Value) -> Option<StrResult<Value>> {
    use Value::{Datetime as Dt, Duration as Du, Float, Int};
    let scale = |d: Duration, factor: f64| {
        Duration::from_seconds_f64(d.as_seconds() * factor).map(Value::Duration)
    };
    let divide = |d: Duration, divisor: f64| {
        if divisor == 0.0 {
            return Err("cannot divide by zero".into());
        }
        Duration::from_seconds_f64(d.as_seconds() / divisor).map(Value::Duration)
    };
    let sum = |a: Duration, b: Duration| {
        Duration::from_nanos(a.total_nanos() + b.total_nanos())
            .map(Value::Duration)
            .ok_or_else(|| EcoString::from("value is too large"))
    };
    Some(match (op, lhs, rhs) {
        ('+', Du(a), Du(b)) => sum(*a, *b),
        ('-', Du(a), Du(b)) => Duration::from_nanos(a.total_nanos() - b.total_nanos())
            .map(Value::Duration)
            .ok_or_else(|| EcoString::from("value is too large")),
        ('+', Dt(a), Du(b)) | ('+', Du(b), Dt(a)) => a.shift(b.total_nanos()).map(Value::Datetime),
        ('-', Dt(a), Du(b)) => a.shift(-b.total_nanos()).map(Value::Datetime),
        ('-', Dt(a), Dt(b)) => a.difference(*b).map(Value::Duration),
        ('*', Du(a), Int(b)) | ('*', Int(b), Du(a)) => scale(*a, *b as f64),
        ('*', Du(a), Float(b)) | ('*', Float(b), Du(a)) => scale(*a, *b),
        ('/', Du(a), Int(b)) => divide(*a, *b as f64),
        ('/', Du(a), Float(b)) => divide(*a, *b),
        ('/', Du(a), Du(b)) => {
            if b.is_zero() {
                Err("cannot divide by zero".into())
            } else {
                Ok(Value::Float(a.as_seconds() / b.as_seconds()))
            }
        }
        _ => return None,
    })
}

/// Negation of a duration (a datetime refuses it), `None` for other values.
pub fn negate(value: &Value) -> Option<StrResult<Value>> {
    if let Value::Datetime(_) = value {
        return Some(Err("cannot apply unary '-' to datetime".into()));
    }
    let Value::Duration(d) = value else { return None };
    Some(
        Duration::from_nanos(-d.total_nanos())
            .map(Value::Duration)
            .ok_or_else(|| "value is too large".into()),
    )
}

/// How two time values compare: durations always, datetimes of the same kind;
/// `None` for other pairs.
pub fn compare(lhs: &Value, rhs: &Value) -> Option<StrResult<std::cmp::Ordering>> {
    match (lhs, rhs) {
        (Value::Duration(a), Value::Duration(b)) => Some(Ok(a.cmp(b))),
        (Value::Datetime(a), Value::Datetime(b)) => Some(Datetime::compare(*a, *b)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(value: StrResult<Value>, expected: &str) {
        let found = match value {
            Ok(v) => v.repr(),
            Err(e) => eco_format!("error: {e}"),
        };
        assert_eq!(found, expected);
    }

    fn secs(s: i64) -> Value {
        Value::Duration(Duration::from_secs(s))
    }

    #[test]
    fn repr_splits_into_units() {
        assert_eq!(Duration::from_secs(90).repr(), "duration(minutes: 1, seconds: 30)");
        assert_eq!(Duration::from_secs(-5400).repr(), "duration(hours: -1, minutes: -30)");
        assert_eq!(Duration::default().repr(), "duration()");
        assert_eq!(
            Duration::from_parts(1, 1, 2, 3, 4).unwrap().repr(),
            "duration(\n  weeks: 1,\n  days: 1,\n  hours: 2,\n  minutes: 3,\n  seconds: 4,\n)"
        );
    }

    #[test]
    fn arithmetic() {
        check(binary('+', &secs(3600), &secs(60)).unwrap(), "duration(hours: 1, minutes: 1)");
        check(
            binary('*', &secs(3600), &Value::Float(0.3333)).unwrap(),
            "duration(minutes: 19, seconds: 59)",
        );
        check(
            binary('/', &secs(3600), &Value::Int(7)).unwrap(),
            "duration(minutes: 8, seconds: 34)",
        );
        check(binary('/', &secs(3600), &secs(60)).unwrap(), "60.0");
        check(binary('/', &secs(1), &Value::Int(0)).unwrap(), "error: cannot divide by zero");
        let third = binary('/', &secs(10), &Value::Int(3)).unwrap().unwrap();
        check(
            Ok(Value::Float(match third {
                Value::Duration(d) => d.as_seconds(),
                _ => 0.0,
            })),
            "3.333333333",
        );
        assert!(binary('+', &secs(1), &Value::Int(1)).is_none());
    }
}

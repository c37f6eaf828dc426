//! Time constructors: `datetime(year:, month:, day:, hour:, minute:, second:)`,
//! `datetime.today(offset:)` (the date comes from the World) and
//! `duration(seconds:, minutes:, hours:, days:, weeks:)`, with Typst's validation errors.

use super::native;
use crate::base::SourceResult;
use crate::eval::{At, Engine};
use crate::model::{Args, Datetime, Duration, Type, Value, mismatch};

native!(TODAY, "today", today);

/// Functions in the scope of the time types: `datetime.today`.
pub fn type_scope(ty: Type, name: &str) -> Option<Value> {
    match (ty, name) {
        (Type::Datetime, "today") => Some(Value::Func(crate::model::Func::from(&TODAY))),
        _ => None,
    }
}

/// A named integer argument that must fit in `T` (`u8` for most parts, `i32` for years).
fn part<T: TryFrom<i64>>(args: &mut Args, name: &str) -> SourceResult<Option<T>> {
    let span = args.named_span(name);
    let Some(value) = args.named::<i64>(name)? else { return Ok(None) };
    match T::try_from(value) {
        Ok(v) => Ok(Some(v)),
        Err(_) if value < 0 && T::try_from(0).is_ok() && T::try_from(-1).is_err() => {
            crate::bail!(span, "number must be at least zero")
        }
        Err(_) => crate::bail!(span, "number too large"),
    }
}

/// `datetime(year:, month:, day:, hour:, minute:, second:)`.
pub fn construct_datetime(args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let parts = datetime_parts(args);
    // Typst finds these while reading the arguments, before any leftover one.
    args.failed |= parts.is_err();
    let [year, month, day, hour, minute, second] = parts?;
    let year = year.map(|y| y as i32);
    let [month, day, hour, minute, second] =
        [month, day, hour, minute, second].map(|p| p.map(|p| p as u8));
    args.take().finish()?;

    let time = match (hour, minute, second) {
        (Some(h), Some(m), Some(s)) => Some((h, m, s)),
        (None, None, None) => None,
        _ => {
            let missing = missing(&[("hour", hour), ("minute", minute), ("second", second)]);
            crate::bail!(span, "time is incomplete";
                hint: "add {missing} to get a valid time")
        }
    };
    // A complete but invalid time is reported before an incomplete date.
    if let Some(t) = time
        && Datetime::checked(None, Some(t)).is_err()
    {
        crate::bail!(span, "time is invalid");
    }
    let date = match (year, month, day) {
        (Some(y), Some(m), Some(d)) => Some((y, m, d)),
        (None, None, None) => None,
        _ => {
            let missing = missing(&[("year", year.map(|_| 0)), ("month", month), ("day", day)]);
            crate::bail!(span, "date is incomplete";
                hint: "add {missing} to get a valid date")
        }
    };
    if date.is_none() && time.is_none() {
        crate::bail!(span, "at least one of date or time must be fully specified";
            hint: "add the `hour`, `minute`, and `second` arguments to get a valid time";
            hint: "add the `year`, `month`, and `day` arguments to get a valid date");
    }
    match Datetime::checked(date, time) {
        Ok(datetime) => Ok(Value::Datetime(datetime)),
        Err(error) => crate::bail!(span, "{}", error.message()),
    }
}

/// The parts that were not given, as a hint names them: "the `day` argument", "the `year`
/// and `day` arguments".
fn missing(parts: &[(&str, Option<u8>)]) -> String {
    let names: Vec<String> =
        parts.iter().filter(|(_, v)| v.is_none()).map(|(name, _)| format!("`{name}`")).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => format!("the {one} argument"),
        [a, b] => format!("the {a} and {b} arguments"),
        [init @ .., last] => format!("the {}, and {last} arguments", init.join(", ")),
    }
}

/// The datetime's parts as given: the year (in `i32`'s range), then the month (a valid
/// one) and the others (in `u8`'s range).
fn datetime_parts(args: &mut Args) -> SourceResult<[Option<i64>; 6]> {
    let year: Option<i32> = part(args, "year")?;
    let month_span = args.named_span("month");
    let month: Option<u8> = part(args, "month")?;
    if let Some(m) = month
        && !(1..=12).contains(&m)
    {
        crate::bail!(month_span, "month is invalid");
    }
    let day: Option<u8> = part(args, "day")?;
    let hour: Option<u8> = part(args, "hour")?;
    let minute: Option<u8> = part(args, "minute")?;
    let second: Option<u8> = part(args, "second")?;
    let wide = |p: Option<u8>| p.map(i64::from);
    Ok([year.map(i64::from), wide(month), wide(day), wide(hour), wide(minute), wide(second)])
}

/// `duration(seconds: 0, minutes: 0, hours: 0, days: 0, weeks: 0)`.
pub fn construct_duration(args: &mut Args) -> SourceResult<Value> {
    let mut get = |name: &str| -> SourceResult<i64> { Ok(args.named(name)?.unwrap_or(0)) };
    let seconds = get("seconds")?;
    let minutes = get("minutes")?;
    let hours = get("hours")?;
    let days = get("days")?;
    let weeks = get("weeks")?;
    args.take().finish()?;
    match Duration::from_parts(weeks, days, hours, minutes, seconds) {
        Some(d) => Ok(Value::Duration(d)),
        None => crate::bail!(args.span, "value is too large"),
    }
}

/// `datetime.today(offset: auto)`: an offset is a number of hours or a duration.
fn today(engine: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.named_span("offset");
    let seconds = match args.named::<Value>("offset")? {
        None | Some(Value::Auto) => None,
        Some(Value::Int(hours)) => Some(hours.checked_mul(3600)),
        // Typst takes the whole seconds of a duration (its parts share one sign).
        Some(Value::Duration(d)) => Some(Some(d.secs)),
        Some(v) => return Err(mismatch("duration, integer, or auto", &v)).at(span),
    };
    // A UTC offset must stay within a day either way.
    let offset = match seconds {
        None => None,
        Some(Some(secs)) if secs.abs() < 86_400 => Some(secs),
        Some(_) => crate::bail!(args.span, "unable to get the current date"),
    };
    match engine.world.today(offset) {
        Some(date) => Ok(Value::Datetime(date)),
        None => crate::bail!(args.span, "unable to get the current date"),
    }
}

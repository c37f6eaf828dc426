//! Datetimes: a calendar date, a time of day, or both (no time zones), with validation,
//! the weekday, day-of-year and week numbers, arithmetic with durations, `repr`, and
//! `display` by a format description (`[year]-[month]-[day]`, `[month repr:long]`,
//! `[day padding:none]`, `[optional [...]]`, `\[` escapes).
//!
//! The format description language is the one Typst takes from the `time` crate
//! (version 2 of its syntax): parsing and its error messages (with byte indices), the
//! components and their modifiers, and formatting all live here, which is why this file
//! is longer than most.

use std::cmp::Ordering;

use ecow::{EcoString, eco_format};

use super::pretty_list;
use super::{Duration, StrResult};

/// A date, a time, or both.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub struct Datetime {
    /// Year, month (1–12) and day (1–31).
    pub date: Option<(i32, u8, u8)>,
    /// Hour (0–23), minute and second (0–59).
    pub time: Option<(u8, u8, u8)>,
    /// Nanoseconds past the second (from arithmetic with durations; zero otherwise).
    pub nanos: u32,
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const WEEKDAYS: [&str; 7] =
    ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/// Nanoseconds in a day.
const DAY_NANOS: i128 = 86_400_000_000_000;

/// The years a date may have.
const YEARS: std::ops::RangeInclusive<i32> = -9999..=9999;

fn is_leap(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a civil date (proleptic Gregorian calendar).
fn days_from_civil(year: i32, month: u8, day: u8) -> i64 {
    let y = i64::from(year) - i64::from(month <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of a day count since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u8, u8) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

/// Why a datetime could not be built: the wording of Typst's errors.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
pub enum DatetimeError {
    /// The month is not 1–12.
    Month,
    /// The date does not exist (or its year is outside ±9999).
    Date,
    /// The time does not exist.
    Time,
}

impl DatetimeError {
    /// The message Typst gives.
    pub fn message(self) -> &'static str {
        match self {
            Self::Month => "month is invalid",
            Self::Date => "date is invalid",
            Self::Time => "time is invalid",
        }
    }
}

impl Datetime {
    /// A datetime from its parts; `None` if a part is out of range.
    pub fn new(date: Option<(i32, u8, u8)>, time: Option<(u8, u8, u8)>) -> Option<Self> {
        if date.is_none() && time.is_none() {
            return None;
        }
        Self::checked(date, time).ok()
    }

    /// A datetime from its parts, saying which part is invalid.
    pub fn checked(
        date: Option<(i32, u8, u8)>,
        time: Option<(u8, u8, u8)>,
    ) -> Result<Self, DatetimeError> {
        if let Some((year, month, day)) = date {
            if !(1..=12).contains(&month) {
                return Err(DatetimeError::Month);
            }
            if !YEARS.contains(&year) || day == 0 || day > days_in_month(year, month) {
                return Err(DatetimeError::Date);
            }
        }
        if let Some((h, m, s)) = time
            && (h > 23 || m > 59 || s > 59)
        {
            return Err(DatetimeError::Time);
        }
        Ok(Self { date, time, nanos: 0 })
    }

    /// What the datetime holds: `date`, `time` or `datetime`, as errors name it.
    pub fn kind(self) -> &'static str {
        match (self.date, self.time) {
            (Some(_), Some(_)) => "datetime",
            (Some(_), None) => "date",
            _ => "time",
        }
    }

    /// The weekday, from 1 (Monday) to 7 (Sunday).
    pub fn weekday(self) -> Option<u8> {
        let (y, m, d) = self.date?;
        // 1970-01-01 was a Thursday (3 days after a Monday).
        Some((days_from_civil(y, m, d) + 3).rem_euclid(7) as u8 + 1)
    }

    /// The day of the year, from 1.
    pub fn ordinal(self) -> Option<u16> {
        let (y, m, d) = self.date?;
        Some((days_from_civil(y, m, d) - days_from_civil(y, 1, 1) + 1) as u16)
    }

    /// The ISO 8601 week-numbering year and week.
    fn iso_week(self) -> Option<(i32, u8)> {
        let (year, _, _) = self.date?;
        let weekday = i32::from(self.weekday()?);
        let ordinal = i32::from(self.ordinal()?);
        let week = (ordinal - weekday + 10) / 7;
        let weeks_in = |y: i32| {
            // A year has 53 weeks when it starts on a Thursday, or on a Wednesday in a
            // leap year.
            let jan1 = (days_from_civil(y, 1, 1) + 3).rem_euclid(7) + 1;
            if jan1 == 4 || (jan1 == 3 && is_leap(y)) { 53 } else { 52 }
        };
        Some(if week < 1 {
            (year - 1, weeks_in(year - 1) as u8)
        } else if week > weeks_in(year) {
            (year + 1, 1)
        } else {
            (year, week as u8)
        })
    }

    /// Nanoseconds since midnight, for a datetime with a time.
    fn day_nanos(self) -> Option<i128> {
        let (h, m, s) = self.time?;
        let secs = i128::from(h) * 3600 + i128::from(m) * 60 + i128::from(s);
        Some(secs * 1_000_000_000 + i128::from(self.nanos))
    }

    /// The day count and time of day as one number of nanoseconds (a date counts from
    /// its midnight, a time from midnight of day zero).
    fn instant(self) -> i128 {
        let days = self.date.map_or(0, |(y, m, d)| days_from_civil(y, m, d));
        i128::from(days) * DAY_NANOS + self.day_nanos().unwrap_or(0)
    }

    /// A date and time from an instant; `None` if the year leaves ±9999.
    fn from_instant(instant: i128, with_time: bool) -> Option<Self> {
        let days = i64::try_from(instant.div_euclid(DAY_NANOS)).ok()?;
        let (year, month, day) = civil_from_days(days);
        let year = i32::try_from(year).ok().filter(|y| YEARS.contains(y))?;
        let mut out = Self { date: Some((year, month, day)), time: None, nanos: 0 };
        if with_time {
            out.set_day_nanos(instant.rem_euclid(DAY_NANOS));
        }
        Some(out)
    }

    fn set_day_nanos(&mut self, nanos: i128) {
        let secs = nanos / 1_000_000_000;
        self.time = Some(((secs / 3600) as u8, (secs / 60 % 60) as u8, (secs % 60) as u8));
        self.nanos = (nanos % 1_000_000_000) as u32;
    }

    /// The datetime moved by `nanos` nanoseconds. A time wraps around midnight; a date
    /// moved by a part of a day gains a time.
    pub fn shift(self, nanos: i128) -> StrResult<Self> {
        let out_of_range = || EcoString::from("the resulting datetime is out of range");
        if self.date.is_none() {
            let mut out = self;
            out.set_day_nanos((self.instant() + nanos).rem_euclid(DAY_NANOS));
            return Ok(out);
        }
        let instant = self.instant().checked_add(nanos).ok_or_else(out_of_range)?;
        let with_time = self.time.is_some() || instant.rem_euclid(DAY_NANOS) != 0;
        Self::from_instant(instant, with_time).ok_or_else(out_of_range)
    }

    /// `self - other` for two datetimes of the same kind.
    pub fn difference(self, other: Self) -> StrResult<Duration> {
        if self.kind() != other.kind() {
            return Err(eco_format!("cannot subtract {} from {}", other.kind(), self.kind()));
        }
        Duration::from_nanos(self.instant() - other.instant())
            .ok_or_else(|| "value is too large".into())
    }

    /// How two datetimes of the same kind compare.
    pub fn compare(self, other: Self) -> StrResult<Ordering> {
        if self.kind() != other.kind() {
            return Err(eco_format!("cannot compare {} and {}", self.kind(), other.kind()));
        }
        Ok(self.instant().cmp(&other.instant()))
    }

    /// How two datetimes of the same kind compare (`None` for different kinds).
    pub fn partial_cmp(self, other: Self) -> Option<Ordering> {
        self.compare(other).ok()
    }

    /// The datetime as Typst's `repr` writes it.
    pub fn repr(self) -> EcoString {
        let mut parts = Vec::new();
        if let Some((y, m, d)) = self.date {
            parts.push(eco_format!("year: {y}"));
            parts.push(eco_format!("month: {m}"));
            parts.push(eco_format!("day: {d}"));
        }
        if let Some((h, mi, s)) = self.time {
            parts.push(eco_format!("hour: {h}"));
            parts.push(eco_format!("minute: {mi}"));
            parts.push(eco_format!("second: {s}"));
        }
        eco_format!("datetime{}", pretty_list(&parts, false))
    }

    /// The default display pattern for this kind of datetime.
    pub fn default_pattern(self) -> &'static str {
        match (self.date, self.time) {
            (Some(_), Some(_)) => "[year]-[month]-[day] [hour]:[minute]:[second]",
            (Some(_), None) => "[year]-[month]-[day]",
            _ => "[hour]:[minute]:[second]",
        }
    }

    /// Formats the datetime by a format description. Errors in the description come back
    /// as `Err(Ok(message))`; a component the datetime cannot supply as `Err(Err(..))`.
    pub fn display(self, pattern: &str) -> Result<EcoString, Result<EcoString, EcoString>> {
        let items = parse_description(pattern).map_err(Ok)?;
        let mut out = EcoString::new();
        self.format_items(&items, &mut out).map_err(Err)?;
        Ok(out)
    }

    fn format_items(self, items: &[Item], out: &mut EcoString) -> StrResult<()> {
        for item in items {
            match item {
                Item::Literal(text) => out.push_str(text),
                Item::Component(component) => self.format_component(component, out)?,
                Item::Optional(nested) => self.format_items(nested, out)?,
                Item::First(options) => {
                    if let Some(first) = options.first() {
                        self.format_items(first, out)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn format_component(self, component: &Component, out: &mut EcoString) -> StrResult<()> {
        let insufficient =
            || EcoString::from("failed to format datetime (insufficient information)");
        let date = self.date.ok_or_else(insufficient);
        let time = self.time.ok_or_else(insufficient);
        let pad = component.padding;
        match component.kind {
            Kind::Day => push_number(out, u64::from(date?.2), 2, pad),
            Kind::Month => {
                let month = date?.1;
                let long = MONTHS[usize::from(month) - 1];
                match component.repr {
                    Repr::Long => out.push_str(long),
                    Repr::Short => out.push_str(&long[..3]),
                    _ => push_number(out, u64::from(month), 2, pad),
                }
            }
            Kind::Ordinal => {
                push_number(out, u64::from(self.ordinal().ok_or_else(insufficient)?), 3, pad)
            }
            Kind::Weekday => {
                let monday_based = self.weekday().ok_or_else(insufficient)?;
                let one = u8::from(component.one_indexed);
                match component.repr {
                    Repr::Short => out.push_str(&WEEKDAYS[usize::from(monday_based) - 1][..3]),
                    Repr::Monday => out.push_str(&eco_format!("{}", monday_based - 1 + one)),
                    Repr::Sunday => out.push_str(&eco_format!("{}", monday_based % 7 + one)),
                    _ => out.push_str(WEEKDAYS[usize::from(monday_based) - 1]),
                }
            }
            Kind::WeekNumber => {
                date?;
                let ordinal = i32::from(self.ordinal().ok_or_else(insufficient)?);
                let monday_based = i32::from(self.weekday().ok_or_else(insufficient)?);
                let week = match component.repr {
                    Repr::Sunday => (ordinal - monday_based % 7 + 6) / 7,
                    Repr::Monday => (ordinal - (monday_based - 1) + 6) / 7,
                    _ => i32::from(self.iso_week().ok_or_else(insufficient)?.1),
                };
                push_number(out, week as u64, 2, pad);
            }
            Kind::Year => {
                let calendar = date?.0;
                let year = if component.iso_base {
                    self.iso_week().ok_or_else(insufficient)?.0
                } else {
                    calendar
                };
                let (value, width) = match component.repr {
                    Repr::Century => (year / 100, 2),
                    Repr::LastTwo => ((year % 100).abs(), 2),
                    _ => (year, 4),
                };
                if component.repr != Repr::LastTwo {
                    if year < 0 {
                        out.push('-');
                    } else if component.sign_mandatory || year >= 10_000 {
                        out.push('+');
                    }
                }
                push_number(out, u64::from(value.unsigned_abs()), width, pad);
            }
            Kind::Hour => {
                let hour = time?.0;
                let hour = if component.repr == Repr::Twelve {
                    if hour % 12 == 0 { 12 } else { hour % 12 }
                } else {
                    hour
                };
                push_number(out, u64::from(hour), 2, pad);
            }
            Kind::Minute => push_number(out, u64::from(time?.1), 2, pad),
            Kind::Second => push_number(out, u64::from(time?.2), 2, pad),
            Kind::Period => {
                let pm = time?.0 >= 12;
                out.push_str(match (pm, component.upper) {
                    (false, true) => "AM",
                    (false, false) => "am",
                    (true, true) => "PM",
                    (true, false) => "pm",
                });
            }
            Kind::Subsecond => {
                time?;
                let digits = format!("{:09}", self.nanos);
                match component.digits {
                    Some(n) => out.push_str(&digits[..usize::from(n)]),
                    None => {
                        let trimmed = digits.trim_end_matches('0');
                        out.push_str(if trimmed.is_empty() { "0" } else { trimmed });
                    }
                }
            }
            Kind::Offset | Kind::UnixTimestamp => return Err(insufficient()),
            Kind::Ignore | Kind::End => {}
        }
        Ok(())
    }
}

/// Appends a number padded to `width` digits by `padding`.
fn push_number(out: &mut EcoString, value: u64, width: usize, padding: Padding) {
    out.push_str(&match padding {
        Padding::Zero => eco_format!("{value:0width$}"),
        Padding::Space => eco_format!("{value:>width$}"),
        Padding::None => eco_format!("{value}"),
    });
}

/// One piece of a parsed format description.
#[derive(Debug, Clone, PartialEq)]
enum Item {
    Literal(EcoString),
    Component(Component),
    /// `[optional [...]]`.
    Optional(Vec<Item>),
    /// `[first [...] [...]]`.
    First(Vec<Vec<Item>>),
}

/// A component with its modifiers resolved.
#[derive(Debug, Clone, PartialEq)]
struct Component {
    kind: Kind,
    padding: Padding,
    repr: Repr,
    one_indexed: bool,
    iso_base: bool,
    sign_mandatory: bool,
    upper: bool,
    /// The number of subsecond digits (`None`: as many as needed).
    digits: Option<u8>,
}

#[derive(Debug, Copy, Clone, PartialEq)]
enum Kind {
    Day,
    Month,
    Ordinal,
    Weekday,
    WeekNumber,
    Year,
    Hour,
    Minute,
    Period,
    Second,
    Subsecond,
    Offset,
    Ignore,
    UnixTimestamp,
    End,
}

#[derive(Debug, Copy, Clone, PartialEq)]
enum Padding {
    Zero,
    Space,
    None,
}

/// The `repr` modifier of the components that have one.
#[derive(Debug, Copy, Clone, PartialEq)]
enum Repr {
    Default,
    Long,
    Short,
    Sunday,
    Monday,
    Century,
    LastTwo,
    Twelve,
}

/// The components by name, with the modifiers each accepts.
const COMPONENTS: &[(&str, Kind, &[&str])] = &[
    ("day", Kind::Day, &["padding"]),
    ("month", Kind::Month, &["padding", "repr", "case_sensitive"]),
    ("ordinal", Kind::Ordinal, &["padding"]),
    ("weekday", Kind::Weekday, &["repr", "one_indexed", "case_sensitive"]),
    ("week_number", Kind::WeekNumber, &["padding", "repr"]),
    ("year", Kind::Year, &["padding", "repr", "base", "sign"]),
    ("hour", Kind::Hour, &["padding", "repr"]),
    ("minute", Kind::Minute, &["padding"]),
    ("period", Kind::Period, &["case", "case_sensitive"]),
    ("second", Kind::Second, &["padding"]),
    ("subsecond", Kind::Subsecond, &["digits"]),
    ("offset_hour", Kind::Offset, &["sign", "padding"]),
    ("offset_minute", Kind::Offset, &["padding"]),
    ("offset_second", Kind::Offset, &["padding"]),
    ("ignore", Kind::Ignore, &["count"]),
    ("unix_timestamp", Kind::UnixTimestamp, &["precision", "sign"]),
    ("end", Kind::End, &[]),
];

/// A token of a format description inside brackets: a run of whitespace or of other
/// bytes, with the byte index of its first and last byte.
#[derive(Debug, Copy, Clone)]
struct Part<'a> {
    text: &'a str,
    start: usize,
    end: usize,
}

/// A parser over a format description's bytes, tracking bracket depth as the `time`
/// crate's lexer does: outside brackets everything but `[` and `\` is literal text.
struct Parser<'a> {
    src: &'a str,
    pos: usize,
}

/// The message of a description error at a byte index.
fn at(what: impl std::fmt::Display, index: usize) -> EcoString {
    eco_format!("{what} at index {index}")
}

/// Parses a whole format description.
fn parse_description(src: &str) -> StrResult<Vec<Item>> {
    let mut parser = Parser { src, pos: 0 };
    parser.items(false)
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<u8> {
        self.src.as_bytes().get(self.pos).copied()
    }

    /// Items up to the end, or (nested) up to a closing bracket that is left unconsumed.
    fn items(&mut self, nested: bool) -> StrResult<Vec<Item>> {
        let mut items = Vec::new();
        while let Some(byte) = self.peek() {
            match byte {
                b']' if nested => break,
                b'[' => {
                    let open = self.pos;
                    self.pos += 1;
                    items.push(self.component(open)?);
                }
                b'\\' => {
                    let escaped = self.escape()?;
                    push_literal(&mut items, escaped);
                }
                _ if nested => {
                    // Inside a nested description text comes in runs of whitespace or of
                    // other bytes; both are literal.
                    let part = self.part().unwrap_or(Part { text: "", start: 0, end: 0 });
                    push_literal(&mut items, part.text);
                }
                _ => {
                    let start = self.pos;
                    while let Some(b) = self.peek() {
                        if b == b'[' || b == b'\\' {
                            break;
                        }
                        self.pos += 1;
                    }
                    push_literal(&mut items, &self.src[start..self.pos]);
                }
            }
        }
        Ok(items)
    }

    /// An escape sequence `\[`, `\]` or `\\`, as the escaped character.
    fn escape(&mut self) -> StrResult<&'a str> {
        let backslash = self.pos;
        match self.src.as_bytes().get(backslash + 1) {
            Some(b'[' | b']' | b'\\') => {
                self.pos += 2;
                Ok(&self.src[backslash + 1..backslash + 2])
            }
            Some(_) => Err(at("expected valid escape sequence", backslash + 1)),
            None => Err(at("expected valid escape sequence", backslash)),
        }
    }

    /// The next run of whitespace or of other bytes (stopping at brackets and
    /// backslashes), if the next byte starts one.
    fn part(&mut self) -> Option<Part<'a>> {
        let start = self.pos;
        let first = self.peek()?;
        if matches!(first, b'[' | b']' | b'\\') {
            return None;
        }
        let white = first.is_ascii_whitespace();
        while let Some(b) = self.peek() {
            if matches!(b, b'[' | b']' | b'\\') || b.is_ascii_whitespace() != white {
                break;
            }
            self.pos += 1;
        }
        Some(Part { text: &self.src[start..self.pos], start, end: self.pos - 1 })
    }

    fn whitespace(&mut self) -> Option<Part<'a>> {
        let save = self.pos;
        match self.part() {
            Some(p) if p.text.as_bytes()[0].is_ascii_whitespace() => Some(p),
            _ => {
                self.pos = save;
                None
            }
        }
    }

    fn word(&mut self) -> Option<Part<'a>> {
        let save = self.pos;
        match self.part() {
            Some(p) if !p.text.as_bytes()[0].is_ascii_whitespace() => Some(p),
            _ => {
                self.pos = save;
                None
            }
        }
    }

    fn closing(&mut self) -> bool {
        if self.peek() == Some(b']') {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// A component after its opening bracket at `open`.
    fn component(&mut self, open: usize) -> StrResult<Item> {
        let leading = self.whitespace();
        let Some(name) = self.word() else {
            let index = leading.map_or(open, |w| w.start);
            return Err(at("expected component name", index));
        };
        let unclosed = || at("missing closing bracket for bracket", open);
        if name.text == "optional" || name.text == "first" {
            let Some(space) = self.whitespace() else {
                return Err(at(
                    format_args!("expected whitespace after `{}`", name.text),
                    name.end,
                ));
            };
            let item = if name.text == "optional" {
                Item::Optional(self.nested(space.end)?)
            } else {
                let mut options = Vec::new();
                while self.peek() == Some(b'[') {
                    options.push(self.nested(space.end)?);
                }
                Item::First(options)
            };
            return if self.closing() { Ok(item) } else { Err(unclosed()) };
        }

        let mut modifiers = Vec::new();
        while self.whitespace().is_some() {
            if self.peek() == Some(b'[') {
                return Err(at("expected modifier", self.pos));
            }
            let Some(part) = self.word() else { break };
            let Some(colon) = part.text.find(':') else {
                return Err(at(format_args!("invalid modifier '{}'", part.text), part.start));
            };
            let (key, value) = (&part.text[..colon], &part.text[colon + 1..]);
            if key.is_empty() {
                return Err(at("invalid modifier ''", part.start));
            }
            if value.is_empty() {
                return Err(at("invalid modifier ''", part.start + colon));
            }
            modifiers.push((key, part.start, value, part.start + colon + 1));
        }
        if !self.closing() {
            return Err(unclosed());
        }
        resolve(name, &modifiers).map(Item::Component)
    }

    /// A nested description `[...]` followed by optional whitespace; `last` is the byte
    /// before it, where a missing bracket is reported.
    fn nested(&mut self, last: usize) -> StrResult<Vec<Item>> {
        if self.peek() != Some(b'[') {
            return Err(at("expected opening bracket", last));
        }
        let open = self.pos;
        self.pos += 1;
        let items = self.items(true)?;
        if !self.closing() {
            return Err(at("missing closing bracket for bracket", open));
        }
        self.whitespace();
        Ok(items)
    }
}

fn push_literal(items: &mut Vec<Item>, text: &str) {
    if let Some(Item::Literal(last)) = items.last_mut() {
        last.push_str(text);
    } else {
        items.push(Item::Literal(text.into()));
    }
}

/// A component from its name and `(key, key index, value, value index)` modifiers.
fn resolve(name: Part, modifiers: &[(&str, usize, &str, usize)]) -> StrResult<Component> {
    let Some((_, kind, accepted)) =
        COMPONENTS.iter().find(|(n, _, _)| n.eq_ignore_ascii_case(name.text))
    else {
        return Err(at(format_args!("invalid component name '{}'", name.text), name.start));
    };
    let mut component = Component {
        kind: *kind,
        padding: Padding::Zero,
        repr: Repr::Default,
        one_indexed: true,
        iso_base: false,
        sign_mandatory: false,
        upper: true,
        digits: None,
    };
    let mut count = false;
    for &(key, key_at, value, value_at) in modifiers {
        let written = key;
        let key = key.to_ascii_lowercase();
        if !accepted.contains(&key.as_str()) {
            return Err(at(format_args!("invalid modifier '{written}'"), key_at));
        }
        let lower = value.to_ascii_lowercase();
        let invalid = || at(format_args!("invalid modifier '{value}'"), value_at);
        let boolean = || match lower.as_str() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(invalid()),
        };
        match (key.as_str(), *kind) {
            ("padding", _) => {
                component.padding = match lower.as_str() {
                    "zero" => Padding::Zero,
                    "space" => Padding::Space,
                    "none" => Padding::None,
                    _ => return Err(invalid()),
                }
            }
            ("case_sensitive", _) => {
                boolean()?;
            }
            ("one_indexed", _) => component.one_indexed = boolean()?,
            ("repr", kind) => {
                component.repr = match (kind, lower.as_str()) {
                    (Kind::Month, "numerical") => Repr::Default,
                    (Kind::Month | Kind::Weekday, "long") => Repr::Long,
                    (Kind::Month | Kind::Weekday, "short") => Repr::Short,
                    (Kind::Weekday | Kind::WeekNumber, "sunday") => Repr::Sunday,
                    (Kind::Weekday | Kind::WeekNumber, "monday") => Repr::Monday,
                    (Kind::WeekNumber, "iso") | (Kind::Year, "full") | (Kind::Hour, "24") => {
                        Repr::Default
                    }
                    (Kind::Year, "century") => Repr::Century,
                    (Kind::Year, "last_two") => Repr::LastTwo,
                    (Kind::Hour, "12") => Repr::Twelve,
                    _ => return Err(invalid()),
                }
            }
            ("base", _) => {
                component.iso_base = match lower.as_str() {
                    "calendar" => false,
                    "iso_week" => true,
                    _ => return Err(invalid()),
                }
            }
            ("sign", _) => {
                component.sign_mandatory = match lower.as_str() {
                    "automatic" => false,
                    "mandatory" => true,
                    _ => return Err(invalid()),
                }
            }
            ("case", _) => {
                component.upper = match lower.as_str() {
                    "lower" => false,
                    "upper" => true,
                    _ => return Err(invalid()),
                }
            }
            ("digits", _) => {
                component.digits = match lower.as_str() {
                    "1+" => None,
                    d if d.len() == 1 && (b'1'..=b'9').contains(&d.as_bytes()[0]) => {
                        Some(d.as_bytes()[0] - b'0')
                    }
                    _ => return Err(invalid()),
                }
            }
            ("count", _) => match value.parse::<u16>() {
                Ok(n) if n > 0 => count = true,
                _ => return Err(invalid()),
            },
            ("precision", _) => {
                if !["second", "millisecond", "microsecond", "nanosecond"].contains(&lower.as_str())
                {
                    return Err(invalid());
                }
            }
            _ => return Err(invalid()),
        }
    }
    if *kind == Kind::Ignore && !count {
        return Err(at("missing required modifier count for component", name.start));
    }
    Ok(component)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u8, d: u8) -> Datetime {
        Datetime::new(Some((y, m, d)), None).unwrap()
    }

    fn check(dt: Datetime, pattern: &str, expected: &str) {
        let found = match dt.display(pattern) {
            Ok(s) => s,
            Err(Ok(e) | Err(e)) => eco_format!("error: {e}"),
        };
        assert_eq!(found, expected, "pattern {pattern:?}");
    }

    #[test]
    fn calendar_arithmetic() {
        let d = date(2024, 2, 29);
        assert_eq!(d.weekday(), Some(4));
        assert_eq!(d.ordinal(), Some(60));
        assert!(Datetime::new(Some((2023, 2, 29)), None).is_none());
        assert_eq!(Datetime::checked(Some((2023, 13, 1)), None), Err(DatetimeError::Month));
        assert_eq!(civil_from_days(days_from_civil(-5, 3, 1)), (-5, 3, 1));
        assert_eq!(d.shift(86_400_000_000_000).unwrap(), date(2024, 3, 1));
        assert_eq!(date(2024, 3, 1).difference(date(2024, 2, 1)).unwrap().secs, 29 * 86_400);
        assert_eq!(d.iso_week(), Some((2024, 9)));
        assert_eq!(date(2021, 1, 1).iso_week(), Some((2020, 53)));
        assert_eq!(date(2024, 12, 30).iso_week(), Some((2025, 1)));
    }

    #[test]
    fn display_components() {
        let d = date(2024, 3, 1);
        check(d, "[day].[month].[year]", "01.03.2024");
        check(d, "[month repr:long] [month repr:short] [month padding:space]", "March Mar  3");
        check(
            d,
            "[weekday] [weekday repr:sunday] [weekday repr:monday one_indexed:false]",
            "Friday 6 4",
        );
        check(d, "[week_number] [week_number repr:sunday]", "09 08");
        check(
            date(-24, 1, 1),
            "[year] [year repr:century] [year padding:space]",
            "-0024 -00 -  24",
        );
        check(date(5, 1, 1), "[year sign:mandatory] [year repr:last_two]", "+0005 05");
        let t = Datetime::new(None, Some((0, 2, 3))).unwrap();
        check(t, "[hour repr:12] [period case:lower] [ hour ] \\[x\\]", "12 am 00 [x]");
        check(t, "[year]", "error: failed to format datetime (insufficient information)");
    }

    #[test]
    fn description_errors() {
        let t = Datetime::new(None, Some((1, 2, 3))).unwrap();
        check(t, "[hour", "error: missing closing bracket for bracket at index 0");
        check(t, "é[hour][foo]", "error: invalid component name 'foo' at index 9");
        check(t, "[hour padding]", "error: invalid modifier 'padding' at index 6");
        check(t, "[hour padding:]", "error: invalid modifier '' at index 13");
        check(t, "[hour :x]", "error: invalid modifier '' at index 6");
        check(t, "[ ]", "error: expected component name at index 1");
        check(t, "[[hour]", "error: expected component name at index 0");
        check(t, "a\\b", "error: expected valid escape sequence at index 2");
        check(t, "[optional]", "error: expected whitespace after `optional` at index 8");
        check(t, "[optional x]", "error: expected opening bracket at index 9");
        check(t, "[optional [[hour]:]]", "01:");
        check(t, "[ignore]", "error: missing required modifier count for component at index 1");
        check(t, "[day repr:x]", "error: invalid modifier 'repr' at index 5");
    }
}

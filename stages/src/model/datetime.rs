//! Datetimes: a calendar date, a time of day, or both (no time zones), with validation,
//! the weekday and day-of-year, `repr`, and `display` by a pattern of bracketed
//! components (`[year]-[month]-[day]`, `[month repr:long]`, `[day padding:none]`).

use std::cmp::Ordering;

use ecow::{EcoString, eco_format};

/// A date, a time, or both.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub struct Datetime {
    /// Year, month (1–12) and day (1–31).
    pub date: Option<(i32, u8, u8)>,
    /// Hour (0–23), minute and second (0–59).
    pub time: Option<(u8, u8, u8)>,
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

impl Datetime {
    /// A datetime from its parts; `None` if a part is out of range.
    pub fn new(date: Option<(i32, u8, u8)>, time: Option<(u8, u8, u8)>) -> Option<Self> {
        if let Some((year, month, day)) = date
            && (!(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month))
        {
            return None;
        }
        if let Some((h, m, s)) = time
            && (h > 23 || m > 59 || s > 59)
        {
            return None;
        }
        (date.is_some() || time.is_some()).then_some(Self { date, time })
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

    /// How two datetimes of the same kind compare.
    pub fn partial_cmp(self, other: Self) -> Option<Ordering> {
        if self.date.is_some() != other.date.is_some()
            || self.time.is_some() != other.time.is_some()
        {
            return None;
        }
        Some((self.date, self.time).cmp(&(other.date, other.time)))
    }

    /// The datetime as Typst's `repr` writes it.
    pub fn repr(self) -> EcoString {
        let mut parts = Vec::new();
        if let Some((y, m, d)) = self.date {
            parts.push(eco_format!("year: {y}, month: {m}, day: {d}"));
        }
        if let Some((h, mi, s)) = self.time {
            parts.push(eco_format!("hour: {h}, minute: {mi}, second: {s}"));
        }
        eco_format!("datetime({})", parts.join(", "))
    }

    /// The default display pattern for this kind of datetime.
    pub fn default_pattern(self) -> &'static str {
        match (self.date, self.time) {
            (Some(_), Some(_)) => "[year]-[month]-[day] [hour]:[minute]:[second]",
            (Some(_), None) => "[year]-[month]-[day]",
            _ => "[hour]:[minute]:[second]",
        }
    }

    /// Formats the datetime by a pattern of bracketed components with `key:value`
    /// modifiers; `[[` is a literal bracket.
    pub fn display(self, pattern: &str) -> Result<EcoString, EcoString> {
        let mut out = EcoString::new();
        let mut rest = pattern;
        while let Some(start) = rest.find('[') {
            out.push_str(&rest[..start]);
            rest = &rest[start + 1..];
            if let Some(after) = rest.strip_prefix('[') {
                out.push('[');
                rest = after;
                continue;
            }
            let end = rest.find(']').ok_or("unclosed bracket in format description")?;
            self.component(&rest[..end], &mut out)?;
            rest = &rest[end + 1..];
        }
        out.push_str(rest);
        Ok(out)
    }

    fn component(self, spec: &str, out: &mut EcoString) -> Result<(), EcoString> {
        let mut words = spec.split_whitespace();
        let name = words.next().unwrap_or("");
        let mut padding = "zero";
        let mut repr = "";
        for modifier in words {
            match modifier.split_once(':') {
                Some(("padding", v)) => padding = v,
                Some(("repr", v)) => repr = v,
                Some((_, _)) => {}
                None => return Err(eco_format!("invalid modifier `{modifier}`")),
            }
        }
        let pad = |v: i64, width: usize| match padding {
            "none" => eco_format!("{v}"),
            "space" => eco_format!("{v:>width$}"),
            _ => eco_format!("{v:0width$}"),
        };
        let missing = || eco_format!("the datetime has no {name}");
        let date = self.date.ok_or_else(missing);
        let time = self.time.ok_or_else(missing);
        let text = match name {
            "year" => {
                let y = i64::from(date?.0);
                if repr == "last_two" { pad(y.rem_euclid(100), 2) } else { pad(y, 4) }
            }
            "month" => {
                let m = date?.1;
                let long = MONTHS[usize::from(m) - 1];
                match repr {
                    "long" => long.into(),
                    "short" => long[..3].into(),
                    _ => pad(i64::from(m), 2),
                }
            }
            "day" => pad(i64::from(date?.2), 2),
            "weekday" => {
                let w = self.weekday().ok_or_else(missing)?;
                let long = WEEKDAYS[usize::from(w) - 1];
                match repr {
                    "short" => long[..3].into(),
                    "monday" => eco_format!("{w}"),
                    "sunday" => eco_format!("{}", w % 7 + 1),
                    _ => long.into(),
                }
            }
            "ordinal" => pad(i64::from(self.ordinal().ok_or_else(missing)?), 3),
            "hour" => {
                let h = time?.0;
                if repr == "12" {
                    pad(i64::from((h + 11) % 12 + 1), 2)
                } else {
                    pad(i64::from(h), 2)
                }
            }
            "period" => {
                let am = time?.0 < 12;
                match (am, repr) {
                    (true, "lower") => "am".into(),
                    (false, "lower") => "pm".into(),
                    (true, _) => "AM".into(),
                    (false, _) => "PM".into(),
                }
            }
            "minute" => pad(i64::from(time?.1), 2),
            "second" => pad(i64::from(time?.2), 2),
            other => return Err(eco_format!("unknown component `{other}` in format description")),
        };
        out.push_str(&text);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calendar_arithmetic() {
        let d = Datetime::new(Some((2024, 2, 29)), None).unwrap();
        assert_eq!(d.weekday(), Some(4));
        assert_eq!(d.ordinal(), Some(60));
        assert!(Datetime::new(Some((2023, 2, 29)), None).is_none());
        assert_eq!(d.display("[day].[month].[year]").unwrap(), "29.02.2024");
        assert_eq!(d.display("[month repr:long] [day padding:none]").unwrap(), "February 29");
        assert_eq!(d.display("[weekday]").unwrap(), "Thursday");
    }
}

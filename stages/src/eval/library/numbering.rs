//! `numbering(pattern, ..numbers)`: numbers → text by a pattern like `"1.a)"` (counting
//! symbols `1`, `a`, `A`, `i`, `I`, `*`, with the text between them as separators), or by a
//! function called with the numbers.
//!
//! Numbers beyond the pattern's counting symbols reuse the last symbol, separated by its
//! prefix (or by the pattern's suffix when that prefix is empty): `numbering("1.", 1, 2)`
//! gives `1.2.`.

use ecow::{EcoString, eco_format};

use super::native;
use crate::base::SourceResult;
use crate::eval::{At, Engine};
use crate::model::{Args, Func, Scope, Str, Value, mismatch};

native!(NUMBERING, "numbering", numbering);

/// Adds `numbering` to the global scope.
pub fn define(scope: &mut Scope) {
    scope.define(NUMBERING.name, Func::from(&NUMBERING));
}

fn numbering(engine: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let (pattern, pattern_span) = args.expect_spanned::<Value>("numbering")?;
    if !matches!(pattern, Value::Str(_) | Value::Func(_)) {
        return Err(mismatch("string or function", &pattern)).at(pattern_span);
    }
    let numbers: Vec<usize> = args.all()?;
    // Symbol numbering repeats its symbol n / 6 times; a huge n would exhaust memory.
    if matches!(&pattern, Value::Str(p) if p.contains('*')) && numbers.iter().any(|&n| n > 10_000) {
        crate::bail!(span, "number is too large for symbol numbering");
    }
    match pattern {
        Value::Str(pattern) => Ok(Value::Str(Str(apply(&pattern, &numbers)))),
        Value::Func(func) => {
            let values = numbers.iter().map(|&n| Value::Int(n as i64));
            func.call(engine, Args::new(span, values))
        }
        v => Err(mismatch("string or function", &v)).at(pattern_span),
    }
}

/// A counting symbol.
#[derive(Copy, Clone)]
enum Kind {
    Arabic,
    LowerLatin,
    UpperLatin,
    LowerRoman,
    UpperRoman,
    Symbol,
}

impl Kind {
    fn from_char(c: char) -> Option<Self> {
        Some(match c {
            '1' => Self::Arabic,
            'a' => Self::LowerLatin,
            'A' => Self::UpperLatin,
            'i' => Self::LowerRoman,
            'I' => Self::UpperRoman,
            '*' => Self::Symbol,
            _ => return None,
        })
    }

    fn apply(self, n: usize) -> EcoString {
        match self {
            Self::Arabic => eco_format!("{n}"),
            Self::LowerLatin => latin(n, b'a'),
            Self::UpperLatin => latin(n, b'A'),
            Self::LowerRoman => roman(n).to_lowercase(),
            Self::UpperRoman => roman(n),
            Self::Symbol => {
                const SYMBOLS: [char; 6] = ['*', '†', '‡', '§', '¶', '‖'];
                if n == 0 {
                    return "-".into();
                }
                let symbol = SYMBOLS[(n - 1) % SYMBOLS.len()];
                std::iter::repeat_n(symbol, (n - 1) / SYMBOLS.len() + 1).collect()
            }
        }
    }
}

/// Bijective base-26 letters: 1 → a, 26 → z, 27 → aa.
fn latin(mut n: usize, base: u8) -> EcoString {
    if n == 0 {
        return "-".into();
    }
    let mut letters = Vec::new();
    while n > 0 {
        n -= 1;
        letters.push((base + (n % 26) as u8) as char);
        n /= 26;
    }
    letters.into_iter().rev().collect()
}

/// Roman numerals (upper case); zero is `N`.
fn roman(mut n: usize) -> EcoString {
    if n == 0 {
        return "N".into();
    }
    const TABLE: [(usize, &str); 13] = [
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ];
    let mut out = EcoString::new();
    for (value, letters) in TABLE {
        while n >= value {
            out.push_str(letters);
            n -= value;
        }
    }
    out
}

/// Formats `numbers` by a pattern.
fn apply(pattern: &str, numbers: &[usize]) -> EcoString {
    let mut pieces: Vec<(&str, Kind)> = Vec::new();
    let mut start = 0;
    for (i, c) in pattern.char_indices() {
        if let Some(kind) = Kind::from_char(c) {
            pieces.push((&pattern[start..i], kind));
            start = i + c.len_utf8();
        }
    }
    let suffix = &pattern[start..];
    let Some(&(last_prefix, last_kind)) = pieces.last() else {
        return pattern.into();
    };
    let mut out = EcoString::new();
    for (i, &n) in numbers.iter().enumerate() {
        match pieces.get(i) {
            Some(&(prefix, kind)) => {
                out.push_str(prefix);
                out.push_str(&kind.apply(n));
            }
            None => {
                out.push_str(if last_prefix.is_empty() { suffix } else { last_prefix });
                out.push_str(&last_kind.apply(n));
            }
        }
    }
    out.push_str(suffix);
    out
}

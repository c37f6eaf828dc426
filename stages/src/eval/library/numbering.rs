//! `numbering(pattern, ..numbers)`: numbers → text by a pattern like `"1.a)"` (counting
//! symbols are the shorthands of codex's named numeral systems, such as `1`, `a`, `A`,
//! `i`, `I`, `*`, `α`, `一`, `あ`, `①`, with the text between them as separators), or by a
//! function called with the numbers.
//!
//! Numbers beyond the pattern's counting symbols reuse the last symbol, separated by its
//! prefix (or by the pattern's suffix when that prefix is empty): `numbering("1.", 1, 2)`
//! gives `1.2.`. A pattern without any counting symbol is invalid. A numeral system that
//! cannot write zero (or a number that large) writes it in decimal digits and warns, as
//! Typst does.

use codex::numeral_systems::{NamedNumeralSystem, RepresentationError};
use ecow::{EcoString, EcoVec, eco_format};

use super::native;
use crate::base::{SourceDiagnostic, SourceResult, Span};
use crate::eval::{At, Engine};
use crate::model::{Args, FromValue, Func, Scope, Str, Value, mismatch};

native!(NUMBERING, "numbering", numbering);

/// Adds `numbering` to the global scope.
pub fn define(scope: &mut Scope) {
    scope.define(NUMBERING.name, Func::from(&NUMBERING));
}

/// Whether `pattern` has a counting symbol (what makes a numbering pattern valid).
pub fn is_numbering_pattern(pattern: &str) -> bool {
    pattern.chars().any(|c| Kind::from_char(c).is_some())
}

fn numbering(engine: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let span = args.span;
    let (mut pattern, pattern_span) = args.expect_spanned::<Value>("numbering")?;
    // A type stands for its constructor (`numbering(str, 1)`).
    // A symbol is first of all a pattern (`numbering(sym.alpha, 1)`).
    match pattern {
        Value::Type(ty) => {
            pattern = Value::Func(Func::from_value(Value::Type(ty)).at(pattern_span)?);
        }
        Value::Symbol(symbol) => pattern = Value::Str(Str::from(symbol.get())),
        _ => {}
    }
    if !matches!(pattern, Value::Str(_) | Value::Func(_)) {
        return Err(mismatch("string or function", &pattern)).at(pattern_span);
    }
    if let Value::Str(p) = &pattern
        && !is_numbering_pattern(p)
    {
        crate::bail!(pattern_span, "invalid numbering pattern");
    }
    let numbers: Vec<usize> = args.all()?;
    // Symbol numbering repeats its symbol n / 6 times; a huge n would exhaust memory.
    if matches!(&pattern, Value::Str(p) if p.contains('*')) && numbers.iter().any(|&n| n > 10_000) {
        crate::bail!(span, "number is too large for symbol numbering");
    }
    match pattern {
        Value::Str(pattern) => {
            let mut warnings = EcoVec::new();
            let text = apply(&pattern, &numbers, span, &mut warnings);
            for warning in warnings {
                engine.warnings.push(warning);
            }
            Ok(Value::Str(Str(text)))
        }
        Value::Func(func) => {
            // As in Typst, the numbers are given where the function was written, so
            // that a function taking too few points there.
            let values = numbers.iter().map(|&n| Value::Int(n as i64));
            let at = if func.span().is_detached() { span } else { func.span() };
            func.call(engine, Args::new(at, values))
        }
        v => Err(mismatch("string or function", &v)).at(pattern_span),
    }
}

/// The pattern that writes one number as level `k` of `pattern` would (an enum nested
/// `k` deep): the pattern's first prefix, its `k`-th counting symbol (the last one for
/// deeper levels) and its suffix.
pub fn level_pattern(pattern: &str, k: usize) -> String {
    let symbols: Vec<(usize, char)> =
        pattern.char_indices().filter(|&(_, c)| Kind::from_char(c).is_some()).collect();
    let (Some(&(first, _)), Some(&(last, last_char))) = (symbols.first(), symbols.last()) else {
        return pattern.into();
    };
    let symbol = symbols.get(k).map_or(last_char, |&(_, c)| c);
    let suffix = &pattern[last + last_char.len_utf8()..];
    format!("{}{symbol}{suffix}", &pattern[..first])
}

/// A counting symbol: the numeral system it stands for (codex's named numeral systems,
/// the ones Typst's patterns use, each known by its shorthand: `1`, `a`, `I`, `一`, …).
#[derive(Copy, Clone)]
struct Kind(NamedNumeralSystem);

/// Why a numeral system cannot write a number.
enum Unwritable {
    Zero,
    TooLarge,
}

impl Kind {
    fn from_char(c: char) -> Option<Self> {
        NamedNumeralSystem::from_shorthand(c.encode_utf8(&mut [0; 4])).map(Self)
    }

    /// The name Typst gives the numeral system in its warnings.
    fn system_name(self) -> &'static str {
        self.0.name()
    }

    /// `n` in this system, unless the system cannot write it.
    fn write(self, n: usize) -> Result<EcoString, Unwritable> {
        match self.0.system().represent(n as u64) {
            Ok(text) => Ok(eco_format!("{text}")),
            Err(RepresentationError::Zero) => Err(Unwritable::Zero),
            Err(RepresentationError::TooLarge) => Err(Unwritable::TooLarge),
        }
    }
}

/// Formats `numbers` by a pattern; a number the system cannot write is written in
/// decimal digits, with a warning at `span`.
fn apply(
    pattern: &str,
    numbers: &[usize],
    span: Span,
    warnings: &mut EcoVec<SourceDiagnostic>,
) -> EcoString {
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
    let mut write = |kind: Kind, n: usize| match kind.write(n) {
        Ok(text) => text,
        Err(why) => {
            let message = match why {
                Unwritable::Zero => {
                    eco_format!("the numeral system `{}` cannot represent zero", kind.system_name())
                }
                Unwritable::TooLarge => eco_format!(
                    "the number {n} is too large to be represented with the `{}` numeral system",
                    kind.system_name()
                ),
            };
            let warning = SourceDiagnostic::warning(span, message)
                .with_hint("this will become a hard error in the future");
            if !warnings.iter().any(|w| w.message == warning.message) {
                warnings.push(warning);
            }
            eco_format!("{n}")
        }
    };
    let mut out = EcoString::new();
    for (i, &n) in numbers.iter().enumerate() {
        match pieces.get(i) {
            Some(&(prefix, kind)) => {
                out.push_str(prefix);
                out.push_str(&write(kind, n));
            }
            None => {
                out.push_str(if last_prefix.is_empty() { suffix } else { last_prefix });
                out.push_str(&write(last_kind, n));
            }
        }
    }
    out.push_str(suffix);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(pattern: &str, numbers: &[usize]) -> (EcoString, usize) {
        let mut warnings = EcoVec::new();
        let text = apply(pattern, numbers, Span::detached(), &mut warnings);
        (text, warnings.len())
    }

    #[test]
    fn systems() {
        assert_eq!(
            fmt("一", &[7, 14, 30, 105, 2020, 30_000, 200_003]).0,
            "七十四三十一百零五二千零二十三万二十万零三"
        );
        assert_eq!(fmt("壹", &[11]).0, "拾壹");
        assert_eq!(fmt("α", &[0, 6, 19, 999, 2003]).0, "\u{1018A}στιθϡϟθ͵βγ");
        assert_eq!(fmt("Α", &[25]).0, "ΚΕ");
        assert_eq!(fmt("א", &[15, 16, 17, 402]).0, "טוטזיזתב");
        assert_eq!(fmt("あ", &[1, 47]).0, "あああ");
        assert_eq!(fmt("①", &[0, 21, 50]).0, "⓪㉑㊿");
        assert_eq!(fmt("\u{0661}", &[1907]).0, "١٩٠٧");
    }

    #[test]
    fn unwritable_numbers_warn_once() {
        assert_eq!(fmt("a", &[0, 0, 3]), ("00c".into(), 1));
        assert_eq!(fmt("⓵", &[11]), ("11".into(), 1));
        assert_eq!(fmt("I", &[0]), ("N".into(), 0));
    }

    #[test]
    fn patterns_need_a_counting_symbol() {
        assert!(!is_numbering_pattern("(())"));
        assert!(!is_numbering_pattern(""));
        assert!(is_numbering_pattern("Step 1:"));
    }
}

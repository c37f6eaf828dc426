//! `numbering(pattern, ..numbers)`: numbers → text by a pattern like `"1.a)"` (counting
//! symbols such as `1`, `a`, `A`, `i`, `I`, `*`, `α`, `一`, `あ`, `①`, with the text
//! between them as separators), or by a function called with the numbers.
//!
//! Numbers beyond the pattern's counting symbols reuse the last symbol, separated by its
//! prefix (or by the pattern's suffix when that prefix is empty): `numbering("1.", 1, 2)`
//! gives `1.2.`. A pattern without any counting symbol is invalid. A numeral system that
//! cannot write zero (or a number that large) writes it in decimal digits and warns, as
//! Typst does.

use ecow::{EcoString, EcoVec, eco_format};

use super::native;
use crate::base::{SourceDiagnostic, SourceResult, Span};
use crate::eval::{At, Engine};
use crate::model::{Args, Func, Scope, Str, Value, mismatch};

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
    let (pattern, pattern_span) = args.expect_spanned::<Value>("numbering")?;
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
            let values = numbers.iter().map(|&n| Value::Int(n as i64));
            func.call(engine, Args::new(span, values))
        }
        v => Err(mismatch("string or function", &v)).at(pattern_span),
    }
}

/// A counting symbol: the numeral system it stands for.
#[derive(Copy, Clone)]
enum Kind {
    Arabic,
    LowerLatin,
    UpperLatin,
    LowerRoman,
    UpperRoman,
    LowerGreek,
    UpperGreek,
    Symbol,
    Hebrew,
    ChineseSimple,
    ChineseFormal,
    HiraganaAiueo,
    HiraganaIroha,
    KatakanaAiueo,
    KatakanaIroha,
    KoreanJamo,
    KoreanSyllable,
    EasternArabic,
    Persian,
    BengaliDigits,
    BengaliLetters,
    Circled,
    DoubleCircled,
}

const HIRAGANA_AIUEO: &str =
    "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん";
const HIRAGANA_IROHA: &str = "いろはにほへとちりぬるをわかよたれそつねならむうゐのおくやまけふこえてあさきゆめみしゑひもせす";
const KATAKANA_AIUEO: &str =
    "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲン";
const KATAKANA_IROHA: &str = "イロハニホヘトチリヌルヲワカヨタレソツネナラムウヰノオクヤマケフコエテアサキユメミシヱヒモセス";
const KOREAN_JAMO: &str = "ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ";
const KOREAN_SYLLABLE: &str = "가나다라마바사아자차카타파하";
const BENGALI_LETTERS: &str = "কখগঘঙচছজঝঞটঠডঢণতথদধনপফবভমযরলশষসহ";

impl Kind {
    fn from_char(c: char) -> Option<Self> {
        Some(match c {
            '1' => Self::Arabic,
            'a' => Self::LowerLatin,
            'A' => Self::UpperLatin,
            'i' => Self::LowerRoman,
            'I' => Self::UpperRoman,
            'α' => Self::LowerGreek,
            'Α' => Self::UpperGreek,
            '*' => Self::Symbol,
            'א' => Self::Hebrew,
            '一' => Self::ChineseSimple,
            '壹' => Self::ChineseFormal,
            'あ' => Self::HiraganaAiueo,
            'い' => Self::HiraganaIroha,
            'ア' => Self::KatakanaAiueo,
            'イ' => Self::KatakanaIroha,
            'ㄱ' => Self::KoreanJamo,
            '가' => Self::KoreanSyllable,
            '\u{0661}' => Self::EasternArabic,
            '\u{06F1}' => Self::Persian,
            '\u{09E7}' => Self::BengaliDigits,
            'ক' => Self::BengaliLetters,
            '①' => Self::Circled,
            '⓵' => Self::DoubleCircled,
            _ => return None,
        })
    }

    /// The name Typst gives the numeral system in its warnings.
    fn system_name(self) -> &'static str {
        match self {
            Self::LowerLatin => "latin",
            Self::UpperLatin => "Latin",
            Self::Symbol => "symbol",
            Self::Hebrew => "hebrew",
            Self::HiraganaAiueo => "hiragana.aiueo",
            Self::HiraganaIroha => "hiragana.iroha",
            Self::KatakanaAiueo => "katakana.aiueo",
            Self::KatakanaIroha => "katakana.iroha",
            Self::KoreanJamo => "korean.jamo",
            Self::KoreanSyllable => "korean.syllable",
            Self::BengaliLetters => "bengali.letter",
            Self::Circled => "arabic.o",
            Self::DoubleCircled => "arabic.oo",
            _ => "arabic",
        }
    }

    /// `n` in this system; `None` when the system cannot write it.
    fn write(self, n: usize) -> Result<EcoString, Unwritable> {
        let alphabet = |letters: &str| bijective(n, letters).ok_or(Unwritable::Zero);
        Ok(match self {
            Self::Arabic => eco_format!("{n}"),
            Self::LowerLatin => alphabet("abcdefghijklmnopqrstuvwxyz")?,
            Self::UpperLatin => alphabet("ABCDEFGHIJKLMNOPQRSTUVWXYZ")?,
            Self::LowerRoman => roman(n).to_lowercase(),
            Self::UpperRoman => roman(n),
            Self::LowerGreek => greek(n, false),
            Self::UpperGreek => greek(n, true),
            Self::Symbol => {
                const SYMBOLS: [char; 6] = ['*', '†', '‡', '§', '¶', '‖'];
                if n == 0 {
                    return Err(Unwritable::Zero);
                }
                let symbol = SYMBOLS[(n - 1) % SYMBOLS.len()];
                std::iter::repeat_n(symbol, (n - 1) / SYMBOLS.len() + 1).collect()
            }
            Self::Hebrew => hebrew(n).ok_or(Unwritable::Zero)?,
            Self::ChineseSimple => chinese(n, false),
            Self::ChineseFormal => chinese(n, true),
            Self::HiraganaAiueo => alphabet(HIRAGANA_AIUEO)?,
            Self::HiraganaIroha => alphabet(HIRAGANA_IROHA)?,
            Self::KatakanaAiueo => alphabet(KATAKANA_AIUEO)?,
            Self::KatakanaIroha => alphabet(KATAKANA_IROHA)?,
            Self::KoreanJamo => alphabet(KOREAN_JAMO)?,
            Self::KoreanSyllable => alphabet(KOREAN_SYLLABLE)?,
            Self::EasternArabic => digits(n, '\u{0660}'),
            Self::Persian => digits(n, '\u{06F0}'),
            Self::BengaliDigits => digits(n, '\u{09E6}'),
            Self::BengaliLetters => alphabet(BENGALI_LETTERS)?,
            Self::Circled => {
                let c = match n {
                    0 => '⓪' as u32,
                    1..=20 => 0x2460 + n as u32 - 1,
                    21..=35 => 0x3251 + n as u32 - 21,
                    36..=50 => 0x32B1 + n as u32 - 36,
                    _ => return Err(Unwritable::TooLarge),
                };
                char::from_u32(c).map(EcoString::from).ok_or(Unwritable::TooLarge)?
            }
            Self::DoubleCircled => {
                let c = match n {
                    0 => return Err(Unwritable::Zero),
                    1..=10 => 0x24F5 + n as u32 - 1,
                    _ => return Err(Unwritable::TooLarge),
                };
                char::from_u32(c).map(EcoString::from).ok_or(Unwritable::TooLarge)?
            }
        })
    }
}

/// Why a numeral system cannot write a number.
enum Unwritable {
    Zero,
    TooLarge,
}

/// Bijective base-N letters over `alphabet`: 1 → the first letter, N + 1 → two first
/// letters. Zero has no letters.
fn bijective(mut n: usize, alphabet: &str) -> Option<EcoString> {
    if n == 0 {
        return None;
    }
    let letters: Vec<char> = alphabet.chars().collect();
    let base = letters.len();
    let mut out = Vec::new();
    while n > 0 {
        n -= 1;
        out.push(letters[n % base]);
        n /= base;
    }
    Some(out.into_iter().rev().collect())
}

/// Decimal digits starting at `zero`.
fn digits(n: usize, zero: char) -> EcoString {
    n.to_string()
        .chars()
        .map(|d| char::from_u32(zero as u32 + d as u32 - '0' as u32).unwrap_or(d))
        .collect()
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

/// Greek (Ionian) numerals, additive: thousands as `͵` and a unit letter (9000 at most,
/// repeated for more); zero is the Greek zero sign.
fn greek(mut n: usize, upper: bool) -> EcoString {
    if n == 0 {
        return "\u{1018A}".into();
    }
    const UNITS: [&str; 9] = ["α", "β", "γ", "δ", "ε", "στ", "ζ", "η", "θ"];
    const TENS: [&str; 9] = ["ι", "κ", "λ", "μ", "ν", "ξ", "ο", "π", "ϟ"];
    const HUNDREDS: [&str; 9] = ["ρ", "σ", "τ", "υ", "φ", "χ", "ψ", "ω", "ϡ"];
    let mut out = String::new();
    while n >= 10_000 {
        out.push('͵');
        out.push_str(UNITS[8]);
        n -= 9000;
    }
    if n >= 1000 {
        out.push('͵');
        out.push_str(UNITS[n / 1000 - 1]);
        n %= 1000;
    }
    let mut rest = String::new();
    for (value, table) in [(100, &HUNDREDS), (10, &TENS), (1, &UNITS)] {
        let digit = n / value;
        if digit > 0 {
            rest.push_str(table[digit - 1]);
        }
        n %= value;
    }
    if upper {
        rest = rest.to_uppercase();
    }
    out.push_str(&rest);
    out.into()
}

/// Hebrew numerals, additive (ת repeated for the four hundreds), with 15 and 16 written
/// as 9 + 6 and 9 + 7; zero has none.
fn hebrew(mut n: usize) -> Option<EcoString> {
    if n == 0 {
        return None;
    }
    const TABLE: [(usize, char); 22] = [
        (400, 'ת'),
        (300, 'ש'),
        (200, 'ר'),
        (100, 'ק'),
        (90, 'צ'),
        (80, 'פ'),
        (70, 'ע'),
        (60, 'ס'),
        (50, 'נ'),
        (40, 'מ'),
        (30, 'ל'),
        (20, 'כ'),
        (10, 'י'),
        (9, 'ט'),
        (8, 'ח'),
        (7, 'ז'),
        (6, 'ו'),
        (5, 'ה'),
        (4, 'ד'),
        (3, 'ג'),
        (2, 'ב'),
        (1, 'א'),
    ];
    let mut out = EcoString::new();
    for (value, letter) in TABLE {
        while n >= value {
            if n == 15 || n == 16 {
                out.push('ט');
                out.push(if n == 15 { 'ו' } else { 'ז' });
                return Some(out);
            }
            out.push(letter);
            n -= value;
        }
    }
    Some(out)
}

/// Chinese numerals, simple or formal (financial) digits; groups of four digits are
/// joined by 万 and 亿.
fn chinese(n: usize, formal: bool) -> EcoString {
    let digits: [&str; 10] = if formal {
        ["零", "壹", "贰", "叁", "肆", "伍", "陆", "柒", "捌", "玖"]
    } else {
        ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"]
    };
    let units: [&str; 3] = if formal { ["拾", "佰", "仟"] } else { ["十", "百", "千"] };
    if n == 0 {
        return digits[0].into();
    }
    // A group below 10 000, written with its place units; zeros between digits become
    // one 零.
    let group = |g: usize| -> String {
        let places = [g / 1000, g / 100 % 10, g / 10 % 10, g % 10];
        let mut out = String::new();
        let mut zero = false;
        for (i, &d) in places.iter().enumerate() {
            if d == 0 {
                zero = !out.is_empty();
                continue;
            }
            if zero {
                out.push_str(digits[0]);
                zero = false;
            }
            out.push_str(digits[d]);
            if i < 3 {
                out.push_str(units[2 - i]);
            }
        }
        out
    };
    fn write(n: usize, group: &dyn Fn(usize) -> String, zero: &str) -> String {
        for (size, name) in [(100_000_000, "亿"), (10_000, "万")] {
            if n >= size {
                let mut out = write(n / size, group, zero);
                out.push_str(name);
                let low = n % size;
                if low > 0 {
                    if low < size / 10 {
                        out.push_str(zero);
                    }
                    out.push_str(&write(low, group, zero));
                }
                return out;
            }
        }
        group(n)
    }
    let mut out = write(n, &group, digits[0]);
    // A leading ten drops its one: 十五 and 十万, not 一十五 and 一十万.
    let one_ten = format!("{}{}", digits[1], units[0]);
    if out.starts_with(&one_ten) {
        out = out[digits[1].len()..].to_string();
    }
    out.into()
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
            let warning = SourceDiagnostic::warning(span, message);
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

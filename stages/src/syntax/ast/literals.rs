//! Literals and identifiers of code: `Ident`, `none`, `auto`, booleans, integers, floats,
//! numbers with units and strings, each with a `get` that gives its value.
//!
//! Values of malformed literals (which the parser has already reported) read as zero, the
//! empty string or the replacement character, never as a panic.

use ecow::EcoString;

use super::base::node;

/// The character that stands in for an invalid escape.
pub(super) const REPLACEMENT: char = char::REPLACEMENT_CHARACTER;

/// The character with the hexadecimal code point `hex` (one or more hex digits only).
pub(super) fn hex_char(hex: &str) -> Option<char> {
    if hex.is_empty() || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Option::None;
    }
    u32::from_str_radix(hex, 16).ok().and_then(char::from_u32)
}

node! {
    /// An identifier: `it`, `my-name`.
    Ident
}

impl<'a> Ident<'a> {
    /// The identifier's name.
    pub fn get(self) -> &'a EcoString {
        self.0.text()
    }

    /// The identifier's name as a string slice.
    pub fn as_str(self) -> &'a str {
        self.0.text().as_str()
    }
}

node! {
    /// The `none` literal.
    None
}

node! {
    /// The `auto` literal.
    Auto
}

node! {
    /// A boolean literal: `true`, `false`.
    Bool
}

impl Bool<'_> {
    /// The boolean's value.
    pub fn get(self) -> bool {
        self.0.text() == "true"
    }
}

node! {
    /// An integer literal: `42`, `0xff`, `0o17`, `0b101`.
    Int
}

impl Int<'_> {
    /// The integer's value; zero when it does not fit (the parser reports that).
    pub fn get(self) -> i64 {
        let text = self.0.text().as_str();
        let (digits, radix) = if let Some(hex) = text.strip_prefix("0x") {
            (hex, 16)
        } else if let Some(octal) = text.strip_prefix("0o") {
            (octal, 8)
        } else if let Some(binary) = text.strip_prefix("0b") {
            (binary, 2)
        } else {
            (text, 10)
        };
        // `from_str_radix` would accept a sign, which a literal never has.
        if digits.starts_with(['+', '-']) {
            return 0;
        }
        i64::from_str_radix(digits, radix).unwrap_or(0)
    }
}

node! {
    /// A floating-point literal: `1.5`, `2e-3`.
    Float
}

impl Float<'_> {
    /// The float's value; zero when malformed.
    pub fn get(self) -> f64 {
        self.0.text().parse().unwrap_or(0.0)
    }
}

node! {
    /// A number with a unit: `12pt`, `2.5em`, `50%`, `1fr`, `90deg`.
    Numeric
}

impl Numeric<'_> {
    /// The number and its unit. A malformed unit reads as points.
    pub fn get(self) -> (f64, Unit) {
        let text = self.0.text().as_str();
        let number = text.trim_end_matches(|c: char| c.is_ascii_lowercase() || c == '%');
        let value = number.parse().unwrap_or(0.0);
        let unit = Unit::from_suffix(&text[number.len()..]).unwrap_or(Unit::Pt);
        (value, unit)
    }
}

/// The unit of a numeric literal.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
pub enum Unit {
    /// Points.
    Pt,
    /// Millimeters.
    Mm,
    /// Centimeters.
    Cm,
    /// Inches.
    In,
    /// Radians.
    Rad,
    /// Degrees.
    Deg,
    /// Font-relative: the font size.
    Em,
    /// Fractions of the remaining space.
    Fr,
    /// Percent of the size of the container.
    Percent,
}

impl Unit {
    /// The unit written as the suffix `suffix` (`pt`, `%`, …).
    pub fn from_suffix(suffix: &str) -> Option<Self> {
        Some(match suffix {
            "pt" => Self::Pt,
            "mm" => Self::Mm,
            "cm" => Self::Cm,
            "in" => Self::In,
            "rad" => Self::Rad,
            "deg" => Self::Deg,
            "em" => Self::Em,
            "fr" => Self::Fr,
            "%" => Self::Percent,
            _ => return Option::None,
        })
    }

    /// The unit's suffix as written in source.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pt => "pt",
            Self::Mm => "mm",
            Self::Cm => "cm",
            Self::In => "in",
            Self::Rad => "rad",
            Self::Deg => "deg",
            Self::Em => "em",
            Self::Fr => "fr",
            Self::Percent => "%",
        }
    }
}

node! {
    /// A string literal with its quotes: `"hello\n"`.
    Str
}

impl Str<'_> {
    /// The string's value, with escapes (`\\ \" \n \r \t \u{…}`) resolved. An unknown or
    /// invalid escape stays as written.
    pub fn get(self) -> EcoString {
        let text = self.0.text().as_str();
        let text = text.strip_prefix('"').unwrap_or(text);
        let mut rest = text.strip_suffix('"').unwrap_or(text);
        if !rest.contains('\\') {
            return rest.into();
        }

        let mut out = EcoString::with_capacity(rest.len());
        while let Some(at) = rest.find('\\') {
            out.push_str(&rest[..at]);
            let (value, len) = string_escape(&rest[at..]);
            match value {
                Some(c) => out.push(c),
                Option::None => out.push_str(&rest[at..at + len]),
            }
            rest = &rest[at + len..];
        }
        out.push_str(rest);
        out
    }
}

/// Decodes the escape sequence that starts `text` (at a backslash) in a string literal: the
/// character it stands for (`None` if it is not a valid escape) and its length in bytes.
fn string_escape(text: &str) -> (Option<char>, usize) {
    let body = &text[1..];
    let Some(first) = body.chars().next() else {
        return (Option::None, 1);
    };
    let simple = match first {
        '\\' => Some('\\'),
        '"' => Some('"'),
        'n' => Some('\n'),
        'r' => Some('\r'),
        't' => Some('\t'),
        _ => Option::None,
    };
    if simple.is_some() {
        return (simple, 2);
    }
    if let Some(braced) = body.strip_prefix("u{") {
        let digits =
            braced.len() - braced.trim_start_matches(|c: char| c.is_ascii_hexdigit()).len();
        // A missing closing brace has been reported by the lexer; the digits still count.
        let closed = braced[digits..].starts_with('}');
        let len = 3 + digits + usize::from(closed);
        return (hex_char(&braced[..digits]), len);
    }
    (Option::None, 1 + first.len_utf8())
}

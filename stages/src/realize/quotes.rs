//! Smart quotes: a `"` or `'` and the text before it, under a language and region → the
//! typographic quote character(s) for that language.
//!
//! A quote opens at the start of a paragraph and after whitespace or an opening bracket
//! or quote; otherwise it closes (which makes `'` after a letter an apostrophe).

/// The quotes of a language: single open, single close, double open, double close.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
pub(super) struct Quotes {
    pub single_open: &'static str,
    pub single_close: &'static str,
    pub double_open: &'static str,
    pub double_close: &'static str,
}

impl Quotes {
    const fn new(
        single_open: &'static str,
        single_close: &'static str,
        double_open: &'static str,
        double_close: &'static str,
    ) -> Self {
        Self { single_open, single_close, double_open, double_close }
    }

    /// The quotes for a language (ISO 639) and region (ISO 3166).
    pub fn of(lang: &str, region: Option<&str>) -> Self {
        let region = region.map(str::to_ascii_uppercase);
        let region = region.as_deref();
        match lang {
            "de" | "lb" if region == Some("CH") || region == Some("LI") => {
                Self::new("‹", "›", "«", "»")
            }
            "cs" | "da" | "de" | "et" | "is" | "lt" | "lv" | "sk" | "sl" | "bg" | "ka" | "hr"
            | "sr" => Self::new("‚", "‘", "„", "“"),
            "fr" if region == Some("CH") => Self::new("‹", "›", "«", "»"),
            "fr" => Self::new("‹\u{A0}", "\u{A0}›", "«\u{A0}", "\u{A0}»"),
            "ru" | "uk" | "be" | "no" | "nb" | "nn" | "es" | "it" | "pt" | "el" | "hy" | "ca"
            | "eu" => Self::new("“", "”", "«", "»"),
            "fi" | "sv" => Self::new("’", "’", "”", "”"),
            "hu" | "pl" | "ro" => Self::new("’", "’", "„", "”"),
            "ja" | "zh" => Self::new("『", "』", "「", "」"),
            "he" => Self::new("’", "’", "”", "”"),
            _ => Self::new("‘", "’", "“", "”"),
        }
    }

    /// The quote for a `"` (`double`) or `'` after the character `before` (`None` at a
    /// paragraph's start).
    pub fn resolve(&self, double: bool, before: Option<char>) -> &'static str {
        let opens = match before {
            None => true,
            Some(c) => {
                c.is_whitespace()
                    || matches!(
                        c,
                        '(' | '[' | '{' | '\u{2018}' | '\u{201C}' | '«' | '‹' | '„' | '‚'
                    )
            }
        };
        match (double, opens) {
            (true, true) => self.double_open,
            (true, false) => self.double_close,
            (false, true) => self.single_open,
            (false, false) => self.single_close,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Resolves a quote of kind `double` after `before` under `lang` and compares.
    fn check(lang: &str, double: bool, before: Option<char>, expected: &str) {
        assert_eq!(Quotes::of(lang, None).resolve(double, before), expected);
    }

    #[test]
    fn quotes_follow_the_language() {
        check("en", true, None, "“");
        check("en", true, Some('a'), "”");
        check("en", false, Some(' '), "‘");
        check("en", false, Some('n'), "’");
        check("de", true, None, "„");
        check("de", true, Some('t'), "“");
        check("fr", true, Some(' '), "«\u{A0}");
        check("fr", true, Some('t'), "\u{A0}»");
        check("xx", true, Some('('), "“");
        assert_eq!(Quotes::of("de", Some("ch")).resolve(true, None), "«");
    }
}

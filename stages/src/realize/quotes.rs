//! Smart quotes: a `"` or `'`, the character before it and the quotes still open in the
//! paragraph, under a language, region and `set smartquote(..)` → the typographic
//! character(s) to show.
//!
//! The decision follows what Typst 0.15 does, as observed: after a digit a quote is a
//! prime (unless a quote of its kind is open); a `'` after a letter or an object (a box,
//! an equation) is an apostrophe (unless a single quote is open); a quote closes the
//! innermost open quotation if that is of its kind and the character before it is no
//! space, line start or opening bracket; otherwise it opens a new quotation. A paragraph
//! starts with no quotation open.

use ecow::EcoString;

use super::builtin::get;
use crate::base::Span;
use crate::model::{
    Content, Element, ElementData, FieldData, Property, SEQUENCE, SMARTQUOTE, SPACE, Style,
    StyleChain, Styles, TEXT, Value,
};

/// The apostrophe, the same in every language.
const APOSTROPHE: &str = "\u{2019}";

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

    /// English quotes, also those of the languages without quotes of their own here.
    const ENGLISH: Self = Self::new("‘", "’", "“", "”");
    /// German-style low-high quotes.
    const LOW: Self = Self::new("‚", "‘", "„", "“");
    /// Guillemets pointing inwards.
    const INWARD: Self = Self::new("›", "‹", "»", "«");
    /// Guillemets pointing outwards.
    const OUTWARD: Self = Self::new("‹", "›", "«", "»");
    /// English double quotes as the single pair, guillemets as the double pair.
    const GUILLEMETS: Self = Self::new("“", "”", "«", "»");

    /// The quotes for a language (ISO 639) and region (ISO 3166). Realization decides
    /// quotes with a `Quoter`; tests read the tables through this and `resolve`.
    #[cfg(test)]
    pub fn of(lang: &str, region: Option<&str>) -> Self {
        Self::of_style(lang, region, false)
    }

    /// The quotes for a language and region, their `alternative` set if asked for.
    pub fn of_style(lang: &str, region: Option<&str>, alternative: bool) -> Self {
        let region = region.map(str::to_ascii_uppercase);
        let swiss = matches!(region.as_deref(), Some("CH" | "LI"));
        let pick = |standard: Self, other: Self| if alternative { other } else { standard };
        match lang {
            "de" if swiss => pick(Self::OUTWARD, Self::LOW),
            "fr" if region.as_deref() == Some("CH") => {
                pick(Self::new("‹\u{202F}", "\u{202F}›", "«\u{202F}", "\u{202F}»"), Self::ENGLISH)
            }
            "cs" | "da" | "de" | "sk" | "sl" if alternative => Self::INWARD,
            "cs" | "de" | "et" | "is" | "lt" | "lv" | "sk" | "sl" => Self::LOW,
            "da" => Self::ENGLISH,
            "fr" => pick(Self::new("“", "”", "«\u{202F}", "\u{202F}»"), Self::ENGLISH),
            "fi" | "sv" if alternative => Self::new("’", "’", "»", "»"),
            "gl" => Self::GUILLEMETS,
            "bs" | "fi" | "sv" => Self::new("’", "’", "”", "”"),
            "it" => pick(Self::GUILLEMETS, Self::ENGLISH),
            "la" => pick(Self::GUILLEMETS, Self::new("“", "”", "«\u{202F}", "\u{202F}»")),
            "es" if matches!(region.as_deref(), Some("ES") | None) => Self::GUILLEMETS,
            "hu" | "pl" | "ro" => Self::new("’", "’", "„", "”"),
            "no" | "nb" | "nn" => pick(Self::new("’", "’", "«", "»"), Self::LOW),
            "ru" => Self::new("„", "“", "«", "»"),
            "uk" => Self::GUILLEMETS,
            "el" => Self::new("‘", "’", "«", "»"),
            "he" => Self::new("’", "’", "”", "”"),
            "hr" => Self::new("‘", "’", "„", "”"),
            "bg" => Self::new("’", "’", "„", "“"),
            "ar" if !alternative => Self::new("’", "‘", "«", "»"),
            "ar" | "dv" | "fa" | "ks" | "pa" | "ps" | "sd" | "ug" | "ur" | "yi" => {
                Self::new("’", "‘", "”", "“")
            }
            _ => Self::ENGLISH,
        }
    }

    /// The quote for a `"` (`double`) or `'` after the character `before` (`None` at a
    /// paragraph's start), judged by that character alone.
    #[cfg(test)]
    pub fn resolve(&self, double: bool, before: Option<char>) -> &'static str {
        let opens = before.is_none_or(|c| c.is_whitespace() || is_opening_bracket(c));
        match (double, opens) {
            (true, true) => self.double_open,
            (true, false) => self.double_close,
            (false, true) => self.single_open,
            (false, false) => self.single_close,
        }
    }
}

/// The quotations open in a paragraph so far, innermost last (`true` for double).
#[derive(Debug, Default, Clone)]
pub(super) struct Quoter {
    open: Vec<bool>,
}

/// What a smart quote turns out to be.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
pub(super) enum QuoteKind {
    Open,
    Close,
    Apostrophe,
    Prime,
}

impl Quoter {
    /// Decides what a `"` (`double`) or `'` after `before` (`None` at the paragraph's
    /// start or after a line break or spacing) is, and updates the open quotations.
    pub fn quote(&mut self, double: bool, before: Option<char>) -> QuoteKind {
        let innermost = self.open.last().copied();
        let before = before.unwrap_or(' ');
        if before.is_numeric() && innermost != Some(double) {
            return QuoteKind::Prime;
        }
        if !double && innermost != Some(false) && (before.is_alphabetic() || before == '\u{FFFC}') {
            return QuoteKind::Apostrophe;
        }
        if innermost == Some(double) && !before.is_whitespace() && !is_opening_bracket(before) {
            self.open.pop();
            return QuoteKind::Close;
        }
        self.open.push(double);
        QuoteKind::Open
    }
}

/// Whether a quote after this character opens even inside a quotation.
fn is_opening_bracket(c: char) -> bool {
    matches!(c, '(' | '[' | '{')
}

/// The text of a smart quote element under `styles`, given what comes before it in the
/// paragraph: the language's quotes (or those `set smartquote(quotes: ..)` gives), the
/// plain quote when smart quotes are disabled.
pub(super) fn smartquote(
    quoter: &mut Quoter,
    elem: &Content,
    styles: &Styles,
    before: Option<char>,
) -> EcoString {
    let double = get(elem, styles, "double") != Value::Bool(false);
    if get(elem, styles, "enabled") == Value::Bool(false) {
        return if double { "\"".into() } else { "'".into() };
    }
    let kind = quoter.quote(double, before);
    let (open, close) = match kind {
        QuoteKind::Apostrophe => return APOSTROPHE.into(),
        QuoteKind::Prime => return if double { "\u{2033}".into() } else { "\u{2032}".into() },
        QuoteKind::Open | QuoteKind::Close => pair(elem, styles, double),
    };
    if kind == QuoteKind::Open { open } else { close }
}

/// The opening and closing quote of a kind: the custom ones of `smartquote(quotes: ..)`
/// where given, else the language's.
fn pair(elem: &Content, styles: &Styles, double: bool) -> (EcoString, EcoString) {
    let custom = match get(elem, styles, "quotes") {
        // A string or an array gives the double quotes only.
        value @ (Value::Str(_) | Value::Array(_)) if double => Some(value),
        Value::Dict(dict) => dict.get(if double { "double" } else { "single" }).cloned(),
        _ => None,
    };
    if let Some(pair) = custom.as_ref().and_then(custom_pair) {
        return pair;
    }
    let chain = StyleChain::new(styles);
    let lang = match chain.get(TEXT, "lang") {
        Some(Value::Str(s)) => s.0.clone(),
        _ => "en".into(),
    };
    let region = match chain.get(TEXT, "region") {
        Some(Value::Str(s)) => Some(s.0.clone()),
        _ => None,
    };
    let alternative = get(elem, styles, "alternative") == Value::Bool(true);
    let quotes = Quotes::of_style(&lang, region.as_deref(), alternative);
    if double {
        (quotes.double_open.into(), quotes.double_close.into())
    } else {
        (quotes.single_open.into(), quotes.single_close.into())
    }
}

/// A custom pair of quotes: a string of two characters or an array of two strings
/// (`quotes` was checked when it was set); `None` for `auto`.
fn custom_pair(value: &Value) -> Option<(EcoString, EcoString)> {
    match value {
        Value::Str(s) => {
            let mut chars = s.0.chars();
            let (open, close) = (chars.next()?, chars.next()?);
            Some((open.into(), close.into()))
        }
        Value::Array(items) => match items.as_slice() {
            [Value::Str(open), Value::Str(close)] => Some((open.0.clone(), close.0.clone())),
            _ => None,
        },
        _ => None,
    }
}

/// "A `quote` element's quotation marks are in effect here."
static QUOTATION: Element = Element(&ElementData {
    name: "realize.quotation",
    title: "Quotation",
    fields: &[FieldData::internal("depth")],
    scope: &[],
    styles_body: false,
});

/// A `quote` element that shows quotation marks, made one that does not because its
/// body holds them, with the styles to realize it under; `None` for a quote without
/// marks. As in Typst, the body loses the spaces at its start and end, and a quotation
/// inside another takes the other kind of quotes (double, single, double, …).
pub(super) fn quotation(elem: &Content, styles: &Styles) -> Option<(Content, Styles)> {
    let quoted = match get(elem, styles, "quotes") {
        Value::Bool(quoted) => quoted,
        _ => get(elem, styles, "block") != Value::Bool(true),
    };
    if !quoted {
        return None;
    }
    let body = match elem.field("body") {
        Some(Value::Content(body)) => body.clone(),
        _ => Content::empty(),
    };
    let (body, style) = quote_marks(&body, styles);
    let elem = elem
        .clone()
        .with_field("quotes", Value::Bool(false))
        .with_field("body", Value::Content(body));
    let mut styles = styles.clone();
    styles.push(style);
    Some((elem, styles))
}

/// The body in quotation marks of the kind for its depth, and the style marking it.
fn quote_marks(body: &Content, styles: &Styles) -> (Content, Style) {
    let depth =
        styles.iter().filter(|s| matches!(s, Style::Property(p) if p.elem == QUOTATION)).count();
    let double = depth % 2 == 0;
    let mut children: Vec<Content> = Vec::new();
    flatten(body, &mut children);
    let start = children.iter().position(|c| !c.is(SPACE)).unwrap_or(children.len());
    let end = children.iter().rposition(|c| !c.is(SPACE)).map_or(start, |i| i + 1);
    let mark = || Content::new(SMARTQUOTE).with_field("double", Value::Bool(double));
    let mut quoted = Vec::with_capacity(end - start + 2);
    quoted.push(mark());
    quoted.extend(children.drain(start..end));
    quoted.push(mark());
    let style = Style::Property(Property {
        elem: QUOTATION,
        field: 0,
        value: Value::Int(depth as i64 + 1),
        span: Span::detached(),
    });
    (Content::sequence_of(quoted), style)
}

/// The children of a sequence, nested sequences flattened.
fn flatten(content: &Content, out: &mut Vec<Content>) {
    if content.is(SEQUENCE) && content.label().is_none() {
        content.children().for_each(|child| flatten(child, out));
    } else {
        out.push(content.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Resolves a quote of kind `double` after `before` under `lang` and compares.
    fn check(lang: &str, double: bool, before: Option<char>, expected: &str) {
        assert_eq!(Quotes::of(lang, None).resolve(double, before), expected);
    }

    /// Runs the quotes of `text` (other characters pass) through one quoter, showing
    /// each as `(`/`)` for opening and closing double quotes, `<`/`>` for single ones,
    /// `a` for an apostrophe and `p` for a prime.
    fn run(text: &str) -> String {
        let mut quoter = Quoter::default();
        let mut before = None;
        let mut out = String::new();
        for c in text.chars() {
            if c == '"' || c == '\'' {
                let double = c == '"';
                out.push(match (quoter.quote(double, before), double) {
                    (QuoteKind::Open, true) => '(',
                    (QuoteKind::Close, true) => ')',
                    (QuoteKind::Open, false) => '<',
                    (QuoteKind::Close, false) => '>',
                    (QuoteKind::Apostrophe, _) => 'a',
                    (QuoteKind::Prime, _) => 'p',
                });
            } else {
                out.push(c);
            }
            before = Some(c);
        }
        out
    }

    use crate::realize::tests::paragraph_texts as realized;

    #[test]
    fn apostrophes_are_the_same_in_every_language() {
        assert_eq!(realized("#set text(lang: \"fr\")\nQu'il dit 'non'"), ["Qu’il dit “non”"]);
        assert_eq!(realized("#set text(lang: \"de\")\nWie geht's?"), ["Wie geht’s?"]);
        assert_eq!(realized("Pages 4'5 and 6\"7"), ["Pages 4′5 and 6″7"]);
    }

    #[test]
    fn quotations_stay_open_across_the_paragraph() {
        assert_eq!(realized("he\"llo\" there\n\nx \"a\""), ["he“llo” there", "x “a”"]);
        assert_eq!(realized("\"#box[b]\""), ["“”"]);
    }

    #[test]
    fn set_smartquote_chooses_the_quotes() {
        let alt = "#set smartquote(alternative: true)\n#set text(lang: \"cs\")\n\"Ano\" 'ne'";
        assert_eq!(realized(alt), ["»Ano« ›ne‹"]);
        assert_eq!(realized("#set smartquote(quotes: \"<>\")\n\"x\" 'y'"), ["<x> ‘y’"]);
        let dict = "#set smartquote(quotes: (single: (\"{{\", \"}}\")))\n\"x\" 'y'";
        assert_eq!(realized(dict), ["“x” {{y}}"]);
        let off = "#set smartquote(enabled: false)\n\"x\" it's";
        assert_eq!(realized(off), ["\"x\" it's"]);
    }

    #[test]
    fn quote_elements_trim_and_alternate() {
        assert_eq!(realized("#quote[ Wow ] then"), ["“Wow” then"]);
        assert_eq!(realized("#quote[one #quote[two #quote[three]]]"), ["“one ‘two “three”’”"]);
        let german = "#set text(lang: \"de\")\n#quote[ja #quote[nein]]";
        assert_eq!(realized(german), ["„ja ‚nein‘“"]);
        assert_eq!(realized("#quote(quotes: false)[plain]"), ["plain"]);
    }

    #[test]
    fn quotes_follow_the_language() {
        check("en", true, None, "“");
        check("en", true, Some('a'), "”");
        check("en", false, Some(' '), "‘");
        check("de", true, None, "„");
        check("de", true, Some('t'), "“");
        check("fr", true, Some(' '), "«\u{202F}");
        check("fr", false, Some(' '), "“");
        check("xx", true, Some('('), "“");
        assert_eq!(Quotes::of("de", Some("ch")).resolve(true, None), "«");
        assert_eq!(Quotes::of_style("de", None, true).double_open, "»");
        assert_eq!(Quotes::of_style("fr", None, true), Quotes::ENGLISH);
        assert_eq!(Quotes::of_style("en", None, true), Quotes::ENGLISH);
    }

    #[test]
    fn quotes_follow_the_region() {
        assert_eq!(Quotes::of("es", None).double_open, "«");
        assert_eq!(Quotes::of("es", Some("es")).double_open, "«");
        assert_eq!(Quotes::of("es", Some("MX")), Quotes::ENGLISH);
        assert_eq!(Quotes::of("fr", Some("CH")).single_open, "‹\u{202F}");
        assert_eq!(Quotes::of_style("fr", Some("CH"), true), Quotes::ENGLISH);
    }

    #[test]
    fn quotes_of_less_common_languages() {
        assert_eq!(Quotes::of("gl", None), Quotes::GUILLEMETS);
        assert_eq!(Quotes::of("bs", None).double_open, "”");
        assert_eq!(Quotes::of_style("la", None, true).double_close, "\u{202F}»");
        assert_eq!(Quotes::of("ar", None).double_open, "«");
        assert_eq!(Quotes::of_style("ar", None, true).double_open, "”");
        assert_eq!(Quotes::of("fa", None).single_open, "’");
        assert_eq!(Quotes::of_style("da", None, true), Quotes::INWARD);
    }

    #[test]
    fn quotations_nest_and_close_by_kind() {
        assert_eq!(run("\"a 'b' c\""), "(a <b> c)");
        assert_eq!(run("x\"y\"z\""), "x(y)z(");
        assert_eq!(run("\"a \""), "(a (");
        assert_eq!(run("\"a 'b c\" d"), "(a <b c( d");
        assert_eq!(run("(\"q\")"), "((q))");
    }

    #[test]
    fn apostrophes_and_primes() {
        assert_eq!(run("don't"), "donat");
        assert_eq!(run("'twas 'it' 5'"), "<twas <it> 5>");
        assert_eq!(run("a 5' 3\""), "a 5p 3p");
        assert_eq!(run("\"7\""), "(7)");
        assert_eq!(run("\u{FFFC}'s"), "\u{FFFC}as");
    }
}

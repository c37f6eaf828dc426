//! A linear look for math, until math layout exists: an equation's letters become the
//! Unicode math alphanumerics Typst shows (italic letters, `bold`, `cal`, `bb`, ...)
//! only when their text is shown (`shown_text`), so show rules see them as written,
//! and each math element (after its show rules, as any element) becomes a row of text:
//! attachments after their base in smaller, shifted text, a fraction's numerator raised
//! and its denominator lowered, a root sign before its radicand, matrices and vectors
//! as their cells between their delimiters, accents as combining characters.

use ecow::EcoString;

use super::builtin::get;
use super::walk::{Realizer, prop, with};
use crate::base::{Em, Locator, SourceResult};
use crate::model::{
    Alignment, BLOCK, Content, H, HAlign, HIDE, Length, MATH_STYLE, OVERLINE, PLACE, Ratio, Rel,
    SPACE, STRIKE, SYMBOL, StyleChain, Styles, TEXT, UNDERLINE, VAlign, Value,
};

/// Shows an equation: its body with math letters, on a line of its own if it is a block.
/// A numbered block equation's `number` stands beside it, at its `number-align` (by
/// default at the end of the line, centred on the equation's height).
pub(super) fn equation(
    r: &mut Realizer,
    elem: &Content,
    styles: &Styles,
    loc: Locator,
    number: Option<EcoString>,
) -> SourceResult<()> {
    let body = part(elem, "body");
    let math = prop(MATH_STYLE, "inside", Value::Bool(true));
    if get(elem, styles, "block") != Value::Bool(true) {
        return r.visit(&body, &with(styles, math.clone()), loc.child(0));
    }
    // The alignment is the equation's show-set one (centred) unless a show rule's set
    // rule gives another.
    let Some(number) = number else {
        r.finish_par();
        r.visit(&body, &with(styles, math), loc.child(0))?;
        r.finish_par();
        return Ok(());
    };
    let span = elem.span();
    let mut align = match get(elem, styles, "number-align") {
        Value::Alignment(align) => align,
        _ => Alignment::h(HAlign::End),
    };
    align.x = align.x.or(Some(HAlign::End));
    align.y = align.y.or(Some(VAlign::Horizon));
    // The number is set in the math font, as Typst's equations are.
    let font = Styles::from(prop(TEXT, "font", Value::str("New Computer Modern Math")));
    let number = Content::text(number).spanned(span).styled(font);
    let placed = Content::new(PLACE)
        .with_field("alignment", Value::Alignment(align))
        .with_field("body", Value::Content(number.clone()))
        .spanned(span);
    // An equation aligned to the number's side stays clear of it (as if the number and
    // Typst's half-em gutter stood in its line, unseen).
    let rtl = matches!(crate::layout::text::dir(styles), crate::layout::inline::Dir::Rtl);
    let side = at_start(align.x.unwrap_or(HAlign::End), rtl);
    let (equation_x, _) = crate::layout::text::alignment(styles);
    let mut shown = vec![body.styled(Styles::from(math))];
    if side.is_some() && side == at_start(equation_x, rtl) {
        let gutter = Content::new(H).with_field("amount", Value::Length(Length::em(Em::new(0.5))));
        let room = Content::new(HIDE).with_field("body", Value::Content(number)).spanned(span);
        match side {
            Some(true) => shown.splice(0..0, [room, gutter]),
            _ => shown.splice(1..1, [gutter, room]),
        };
    }
    let full = Value::Relative(Rel::from(Ratio(1.0)));
    let block = Content::new(BLOCK)
        .with_field("width", full)
        .with_field("body", Value::Content(Content::sequence([placed, Content::sequence(shown)])))
        .spanned(span);
    r.finish_par();
    r.visit(&block, styles, loc.child(0))?;
    r.finish_par();
    Ok(())
}

/// Whether an alignment puts things at the start of a line in the direction of the text
/// (right-to-left if `rtl`); `None` for the centre.
fn at_start(align: HAlign, rtl: bool) -> Option<bool> {
    match align {
        HAlign::Start => Some(true),
        HAlign::End => Some(false),
        HAlign::Left => Some(!rtl),
        HAlign::Right => Some(rtl),
        HAlign::Center => None,
    }
}

/// Shows a math element other than an equation as a row of text.
pub(super) fn show(
    r: &mut Realizer,
    elem: &Content,
    styles: &Styles,
    loc: Locator,
) -> SourceResult<()> {
    let row = linear(elem, styles);
    r.visit(&row, styles, loc.child(0))
}

/// The text that text or symbol content shows as where it stands: inside an equation,
/// in math letters (italic, bold, `cal`, ... as the math styles in effect say); elsewhere
/// as it is.
pub(super) fn shown_text(content: &Content, text: &str, styles: &Styles) -> EcoString {
    let chain = StyleChain::new(styles);
    if chain.get(MATH_STYLE, "inside") != Some(&Value::Bool(true)) {
        return text.into();
    }
    let state = Letters {
        italic: match chain.get(MATH_STYLE, "italic") {
            Some(Value::Bool(b)) => Some(*b),
            _ => None,
        },
        bold: matches!(chain.get(MATH_STYLE, "bold"), Some(Value::Bool(true))),
        variant: match chain.get(MATH_STYLE, "variant") {
            Some(Value::Str(v)) => Some(v.0.clone()),
            _ => None,
        },
    };
    map_text(text, &state, content.is(SYMBOL))
}

/// The content of a field, or nothing.
fn part(elem: &Content, field: &str) -> Content {
    match elem.field(field) {
        Some(Value::Content(c)) => c.clone(),
        _ => Content::empty(),
    }
}

/// The content items of an array field.
fn items(value: &Value) -> Vec<Content> {
    match value {
        Value::Array(items) => items
            .as_slice()
            .iter()
            .map(|v| match v {
                Value::Content(c) => c.clone(),
                Value::Array(_) => Content::sequence_of(spaced(items_of(v))),
                other => other.clone().display(),
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn items_of(value: &Value) -> Vec<Content> {
    items(value)
}

/// The pieces with spaces between them.
fn spaced(pieces: Vec<Content>) -> Vec<Content> {
    let mut out = Vec::with_capacity(pieces.len() * 2);
    for (i, piece) in pieces.into_iter().enumerate() {
        if i > 0 {
            out.push(Content::new(SPACE));
        }
        out.push(piece);
    }
    out
}

/// Content in script size, shifted by `shift` em (negative is up).
fn script(body: Content, shift: f64) -> Content {
    let mut styles = Styles::new();
    styles.push(prop(TEXT, "size", Value::Length(Length::em(Em::new(0.7)))));
    styles.push(prop(TEXT, "baseline", Value::Length(Length::em(Em::new(shift)))));
    body.styled(styles)
}

/// A delimiter of a pair (`none` for none).
fn delimiter(value: Option<&Value>) -> Content {
    match value {
        Some(Value::Str(s)) => Content::text(s.0.clone()),
        _ => Content::empty(),
    }
}

/// The opening and closing delimiters a `delim` field gives.
fn delimiters(elem: &Content, styles: &Styles) -> (Content, Content) {
    match get(elem, styles, "delim") {
        Value::Array(pair) => {
            (delimiter(pair.as_slice().first()), delimiter(pair.as_slice().get(1)))
        }
        _ => (Content::empty(), Content::empty()),
    }
}

/// A thin horizontal space.
fn thin() -> Content {
    Content::new(H).with_field("amount", Value::Length(Length::em(Em::new(1.0 / 6.0))))
}

/// The row of text a math element is shown as.
fn linear(elem: &Content, styles: &Styles) -> Content {
    let name = elem.elem().short_name();
    let mut row: Vec<Content> = Vec::new();
    match name {
        "attach" => {
            for (field, shift) in [("tl", -0.45), ("bl", 0.2)] {
                if let Some(Value::Content(c)) = elem.field(field) {
                    row.push(script(c.clone(), shift));
                }
            }
            row.push(part(elem, "base"));
            if let Some(Value::Content(c)) = elem.field("tr") {
                row.push(c.clone());
            }
            for (field, shift) in [("t", -0.45), ("br", 0.2), ("b", 0.2)] {
                if let Some(Value::Content(c)) = elem.field(field) {
                    row.push(script(c.clone(), shift));
                }
            }
        }
        "frac" => {
            row.push(script(part(elem, "num"), -0.45));
            row.push(script(part(elem, "denom"), 0.25));
        }
        "binom" => {
            row.push(Content::text("("));
            row.push(script(part(elem, "upper"), -0.45));
            let lower = elem.field("lower").map(items).unwrap_or_default();
            let mut joined = Vec::new();
            for (i, piece) in lower.into_iter().enumerate() {
                if i > 0 {
                    joined.push(Content::text(","));
                }
                joined.push(piece);
            }
            row.push(script(Content::sequence_of(joined), 0.25));
            row.push(Content::text(")"));
        }
        "root" => {
            if let Some(Value::Content(index)) = elem.field("index") {
                row.push(script(index.clone(), -0.45));
            }
            row.push(Content::text("√"));
            row.push(Content::new(OVERLINE).with_field("body", part(elem, "radicand").into()));
        }
        "vec" | "cases" => {
            let (open, close) = delimiters(elem, styles);
            let children = spaced(elem.field("children").map(items).unwrap_or_default());
            let reverse = name == "cases" && get(elem, styles, "reverse") == Value::Bool(true);
            if !reverse {
                row.push(open);
            }
            row.push(thin());
            row.extend(children);
            row.push(thin());
            if name == "vec" || reverse {
                row.push(close);
            }
        }
        "mat" => {
            let (open, close) = delimiters(elem, styles);
            row.push(open);
            row.push(thin());
            let rows = elem.field("rows").map(items).unwrap_or_default();
            for (i, cells) in rows.into_iter().enumerate() {
                if i > 0 {
                    row.push(Content::new(SPACE));
                    row.push(Content::new(SPACE));
                }
                row.push(cells);
            }
            row.push(thin());
            row.push(close);
        }
        "accent" => {
            row.push(part(elem, "base"));
            if let Some(Value::Str(accent)) = elem.field("accent") {
                // The text font may lack the combining mark; the math font has it.
                let font = Value::str("New Computer Modern Math");
                let mut styles = Styles::new();
                styles.push(prop(TEXT, "font", font));
                row.push(Content::text(accent.0.clone()).styled(styles));
            }
        }
        "underline" => {
            row.push(Content::new(UNDERLINE).with_field("body", part(elem, "body").into()));
        }
        "overline" => {
            row.push(Content::new(OVERLINE).with_field("body", part(elem, "body").into()));
        }
        "cancel" => {
            row.push(Content::new(STRIKE).with_field("body", part(elem, "body").into()));
        }
        "underbrace" | "overbrace" | "underbracket" | "overbracket" | "underparen"
        | "overparen" | "undershell" | "overshell" => {
            let (mark, shift) = match name {
                "underbrace" => ("⏟", 0.2),
                "overbrace" => ("⏞", -0.45),
                "underbracket" => ("⎵", 0.2),
                "overbracket" => ("⎴", -0.45),
                "underparen" => ("⏝", 0.2),
                "overparen" => ("⏜", -0.45),
                "undershell" => ("⏡", 0.2),
                _ => ("⏠", -0.45),
            };
            row.push(part(elem, "body"));
            row.push(script(Content::text(mark), shift));
            if let Some(Value::Content(annotation)) = elem.field("annotation") {
                row.push(script(annotation.clone(), shift));
            }
        }
        // The text of an operator stays upright.
        "op" => {
            let mut upright = Styles::new();
            upright.push(prop(MATH_STYLE, "italic", Value::Bool(false)));
            row.push(part(elem, "text").styled(upright));
        }
        "primes" => {
            let count = match elem.field("count") {
                Some(Value::Int(n)) => (*n).clamp(0, 64) as usize,
                _ => 0,
            };
            let text = match count {
                1 => "′".into(),
                2 => "″".into(),
                3 => "‴".into(),
                4 => "⁗".into(),
                n => EcoString::from("′").repeat(n),
            };
            row.push(Content::text(text));
        }
        "align-point" => {}
        // `lr`, `mid`, `stretch`, `class`, `scripts`, `limits`: their body.
        _ => row.push(part(elem, "body")),
    }
    Content::sequence_of(row)
}

/// How the letters of math are drawn where they stand: italic or not (`None`: single
/// letters italic, as Typst does), bold or not, and in which variant (`cal`, `bb`, ...).
#[derive(Clone, Default)]
struct Letters {
    italic: Option<bool>,
    bold: bool,
    variant: Option<EcoString>,
}

/// Text in math letters: the letters of a symbol are italic unless told otherwise, those
/// of text (numbers, quoted text) upright, as in Typst; bold and the variants map to
/// their Unicode math alphanumerics.
fn map_text(text: &str, state: &Letters, symbol: bool) -> EcoString {
    let italic = state.italic.unwrap_or(symbol);
    text.chars().map(|c| map_char(c, italic, state)).collect()
}

/// One character in math letters.
fn map_char(c: char, italic: bool, state: &Letters) -> EcoString {
    let shifted = |base: u32, offset: u32| char::from_u32(base + offset).unwrap_or(c);
    let upper = c.is_ascii_uppercase().then(|| c as u32 - 'A' as u32);
    let lower = c.is_ascii_lowercase().then(|| c as u32 - 'a' as u32);
    let digit = c.is_ascii_digit().then(|| c as u32 - '0' as u32);
    let latin = |up: u32, low: u32| match (upper, lower) {
        (Some(i), _) => Some(shifted(up, i)),
        (_, Some(i)) => Some(shifted(low, i)),
        _ => None,
    };
    let mapped = match state.variant.as_deref() {
        Some("cal" | "scr") => {
            let exception = match c {
                'B' => Some('ℬ'),
                'E' => Some('ℰ'),
                'F' => Some('ℱ'),
                'H' => Some('ℋ'),
                'I' => Some('ℐ'),
                'L' => Some('ℒ'),
                'M' => Some('ℳ'),
                'R' => Some('ℛ'),
                'e' => Some('ℯ'),
                'g' => Some('ℊ'),
                'o' => Some('ℴ'),
                _ => None,
            };
            let letter = if state.bold {
                latin(0x1D4D0, 0x1D4EA)
            } else {
                exception.or_else(|| latin(0x1D49C, 0x1D4B6))
            };
            letter.map(|l| {
                let mut s = EcoString::from(l);
                if state.variant.as_deref() == Some("cal") {
                    s.push('\u{FE00}');
                }
                s
            })
        }
        Some("frak") => {
            let exception = match c {
                'C' => Some('ℭ'),
                'H' => Some('ℌ'),
                'I' => Some('ℑ'),
                'R' => Some('ℜ'),
                'Z' => Some('ℨ'),
                _ => None,
            };
            if state.bold {
                latin(0x1D56C, 0x1D586)
            } else {
                exception.or_else(|| latin(0x1D504, 0x1D51E))
            }
            .map(EcoString::from)
        }
        Some("bb") => {
            let exception = match c {
                'C' => Some('ℂ'),
                'H' => Some('ℍ'),
                'N' => Some('ℕ'),
                'P' => Some('ℙ'),
                'Q' => Some('ℚ'),
                'R' => Some('ℝ'),
                'Z' => Some('ℤ'),
                _ => None,
            };
            exception
                .or_else(|| latin(0x1D538, 0x1D552))
                .or_else(|| digit.map(|i| shifted(0x1D7D8, i)))
                .map(EcoString::from)
        }
        Some("sans") => match (state.bold, italic) {
            (false, false) => {
                latin(0x1D5A0, 0x1D5BA).or_else(|| digit.map(|i| shifted(0x1D7E2, i)))
            }
            (false, true) => latin(0x1D608, 0x1D622).or_else(|| digit.map(|i| shifted(0x1D7E2, i))),
            (true, false) => latin(0x1D5D4, 0x1D5EE).or_else(|| digit.map(|i| shifted(0x1D7EC, i))),
            (true, true) => latin(0x1D63C, 0x1D656).or_else(|| digit.map(|i| shifted(0x1D7EC, i))),
        }
        .map(EcoString::from),
        Some("mono") => latin(0x1D670, 0x1D68A)
            .or_else(|| digit.map(|i| shifted(0x1D7F6, i)))
            .map(EcoString::from),
        _ => None,
    };
    if let Some(mapped) = mapped {
        return mapped;
    }
    let greek_lower = ('α'..='ω').contains(&c).then(|| c as u32 - 'α' as u32);
    let greek_upper = ('Α'..='Ω').contains(&c).then(|| c as u32 - 'Α' as u32);
    let serif = match (state.bold, italic) {
        (false, true) if c == 'h' => Some('ℎ'),
        (false, true) => {
            latin(0x1D434, 0x1D44E).or_else(|| greek_lower.map(|i| shifted(0x1D6FC, i)))
        }
        (true, false) => latin(0x1D400, 0x1D41A)
            .or_else(|| digit.map(|i| shifted(0x1D7CE, i)))
            .or_else(|| greek_lower.map(|i| shifted(0x1D6C2, i)))
            .or_else(|| greek_upper.map(|i| shifted(0x1D6A8, i))),
        (true, true) => latin(0x1D468, 0x1D482)
            .or_else(|| digit.map(|i| shifted(0x1D7CE, i)))
            .or_else(|| greek_lower.map(|i| shifted(0x1D736, i)))
            .or_else(|| greek_upper.map(|i| shifted(0x1D71C, i))),
        (false, false) => None,
    };
    serif.map(EcoString::from).unwrap_or_else(|| c.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, state: Letters, expected: &str) {
        let symbol = text.chars().count() == 1;
        assert_eq!(map_text(text, &state, symbol), expected);
    }

    #[test]
    fn letters_map_to_math_alphanumerics() {
        check("x", Letters::default(), "𝑥");
        check("h", Letters::default(), "ℎ");
        check("α", Letters::default(), "𝛼");
        check("Γ", Letters::default(), "Γ");
        check("12", Letters::default(), "12");
        check("sin", Letters::default(), "sin");
        check("x", Letters { bold: true, ..Letters::default() }, "𝒙");
        check("R", Letters { variant: Some("bb".into()), ..Letters::default() }, "ℝ");
        check("A", Letters { variant: Some("cal".into()), ..Letters::default() }, "𝒜\u{FE00}");
        check("y", Letters { italic: Some(false), ..Letters::default() }, "y");
    }

    #[test]
    fn text_letters_stay_upright() {
        // Quoted text is text, not a symbol: upright unless made italic.
        assert_eq!(map_text("a", &Letters::default(), false), "a");
        let italic = Letters { italic: Some(true), ..Letters::default() };
        assert_eq!(map_text("a", &italic, false), "𝑎");
    }
}

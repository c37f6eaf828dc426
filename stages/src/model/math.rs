//! The elements of Typst's `math` module, as static data: one `Element` per kind with
//! Typst 0.15's parameters (order, types, defaults, settable or not), plus the field
//! conversions they need (delimiter pairs, accents, classes, fraction styles, matrix
//! augmentation) and `finish_math`, which completes a constructed math element (a
//! matrix's `gap`, a binomial without lower index) for `convert::finish`. A uniform list,
//! hence longer than most files.

use ecow::{EcoString, EcoVec, eco_format};

use super::content::{ElementData, FieldData as F, none};
use super::{Array, Content, Dict, Element, Length, Ratio, Rel, Type, Value, mismatch};
use crate::base::{Em, SourceDiagnostic, SourceResult, Span};

use Type as T;

const CONTENT: &[Type] = &[T::Content];
const NONE_CONTENT: &[Type] = &[T::None, T::Content];
const BOOL: &[Type] = &[T::Bool];
const REL: &[Type] = &[T::Relative];
const ANY: &[Type] = &[];

/// Declares a static math element.
macro_rules! math_element {
    ($(#[$attr:meta])* $id:ident = $name:literal, $title:literal, [$($field:expr),* $(,)?]) => {
        $(#[$attr])*
        pub static $id: Element = Element(&ElementData {
            name: $name,
            title: $title,
            fields: &[$($field),*],
            scope: &[],
            styles_body: false,
        });
    };
}

fn yes() -> Value {
    Value::Bool(true)
}
fn no() -> Value {
    Value::Bool(false)
}
fn full() -> Value {
    Value::Relative(Rel::from(Ratio(1.0)))
}
fn gap(em: f64) -> Value {
    Value::Relative(Rel::from(Length::em(Em::new(em))))
}
fn row_gap() -> Value {
    gap(0.2)
}
fn column_gap() -> Value {
    gap(0.5)
}
fn cancel_length() -> Value {
    Value::Relative(Rel { rel: Ratio(1.0), abs: Length::em(Em::new(0.3)) })
}
fn cancel_stroke() -> Value {
    Value::Length(Length::em(Em::new(0.05)))
}
fn auto() -> Value {
    Value::Auto
}
fn vertical() -> Value {
    Value::str("vertical")
}
fn centre() -> Value {
    Value::Alignment(super::Alignment::h(super::HAlign::Center))
}
fn pair(open: &str, close: &str) -> Value {
    Value::Array(Array::from_iter([Value::str(open), Value::str(close)]))
}
fn parens() -> Value {
    pair("(", ")")
}
fn braces() -> Value {
    pair("{", "}")
}

math_element!(
    /// A single character of math (a letter, a symbol, a shorthand, an escape), as
    /// Typst's `SymbolElem`: distinct from text (numbers and quoted text), whose letters
    /// stay upright. Outside math it shows as text.
    SYMBOL = "symbol", "Symbol", [F::required("text", &[T::Str])]
);

/// A character of math as symbol content.
pub fn symbol_content(text: impl Into<EcoString>) -> Content {
    Content::new(SYMBOL).with_field("text", Value::Str(text.into().into()))
}

math_element!(
    /// Scaled delimiters around content: `lr`.
    LR = "math.lr", "Left/Right", [F::named("size", REL, full), F::variadic("body", CONTENT)]
);
math_element!(
    /// A delimiter in the middle of an `lr`, scaled with it.
    MID = "math.mid", "Mid", [F::required("body", CONTENT)]
);
math_element!(
    /// A base with attachments in its six places.
    ATTACH = "math.attach", "Attachment", [
        F::required("base", CONTENT),
        F::named("t", NONE_CONTENT, none),
        F::named("b", NONE_CONTENT, none),
        F::named("tl", NONE_CONTENT, none),
        F::named("bl", NONE_CONTENT, none),
        F::named("tr", NONE_CONTENT, none),
        F::named("br", NONE_CONTENT, none),
    ]
);
math_element!(
    /// A glyph stretched to a size.
    STRETCH = "math.stretch", "Stretched", [F::required("body", CONTENT), F::named("size", REL, full)]
);
math_element!(
    /// A base whose attachments go to its corners.
    SCRIPTS = "math.scripts", "Scripts", [F::required("body", CONTENT)]
);
math_element!(
    /// A base whose attachments go above and below.
    LIMITS = "math.limits", "Limits", [F::required("body", CONTENT), F::named("inline", BOOL, yes)]
);
math_element!(
    /// An accent over a base.
    ACCENT = "math.accent", "Accent", [
        F::required("base", CONTENT),
        F::required("accent", ANY).cast_with(accent),
        F::named("size", REL, full),
        F::named("dotless", BOOL, yes),
    ]
);
math_element!(
    /// A line under math.
    MATH_UNDERLINE = "math.underline", "Underline", [F::required("body", CONTENT)]
);
math_element!(
    /// A line over math.
    MATH_OVERLINE = "math.overline", "Overline", [F::required("body", CONTENT)]
);

/// Declares an element of a body with an optional annotation under or over it.
macro_rules! annotated {
    ($($id:ident = $name:literal, $title:literal;)*) => {$(
        math_element!(
            /// A brace, bracket, parenthesis or shell under or over math, with an
            /// optional annotation.
            $id = $name, $title, [
                F::required("body", CONTENT),
                F::positional("annotation", NONE_CONTENT, none),
            ]
        );
    )*};
}

annotated! {
    UNDERBRACE = "math.underbrace", "Underbrace";
    OVERBRACE = "math.overbrace", "Overbrace";
    UNDERBRACKET = "math.underbracket", "Underbracket";
    OVERBRACKET = "math.overbracket", "Overbracket";
    UNDERPAREN = "math.underparen", "Underparenthesis";
    OVERPAREN = "math.overparen", "Overparenthesis";
    UNDERSHELL = "math.undershell", "Undershell";
    OVERSHELL = "math.overshell", "Overshell";
}

math_element!(
    /// A line through math.
    CANCEL = "math.cancel", "Cancel", [
        F::required("body", CONTENT),
        F::named("length", REL, cancel_length),
        F::named("inverted", BOOL, no),
        F::named("cross", BOOL, no),
        F::named("angle", &[T::Auto, T::Angle, T::Func], auto),
        F::named("stroke", &[T::Stroke], cancel_stroke),
    ]
);
math_element!(
    /// A fraction.
    FRAC = "math.frac", "Fraction", [
        F::required("num", CONTENT),
        F::required("denom", CONTENT),
        F::named("style", ANY, vertical).cast_with(frac_style),
        // Whether `/` syntax removed parentheses around the numerator or denominator.
        F::internal("num-deparenthesized"),
        F::internal("denom-deparenthesized"),
    ]
);
math_element!(
    /// A binomial.
    BINOM = "math.binom", "Binomial", [
        F::required("upper", CONTENT),
        F::variadic("lower", CONTENT),
    ]
);
math_element!(
    /// A column vector.
    VEC = "math.vec", "Vector", [
        F::named("delim", ANY, parens).cast_with(delimiters),
        F::named("align", &[T::Alignment], centre).cast_with(horizontal),
        F::named("gap", REL, row_gap),
        F::variadic("children", CONTENT),
    ]
);
math_element!(
    /// A matrix.
    MAT = "math.mat", "Matrix", [
        F::named("delim", ANY, parens).cast_with(delimiters),
        F::named("align", &[T::Alignment], centre).cast_with(horizontal),
        F::named("augment", ANY, none).cast_with(augment),
        F::named("row-gap", REL, row_gap),
        F::named("column-gap", REL, column_gap),
        F::variadic("rows", ANY).cast_with(matrix_row),
        // `gap` sets both gaps; `finish_math` moves it there.
        F::named("gap", REL, none),
    ]
);
math_element!(
    /// A case distinction.
    CASES = "math.cases", "Cases", [
        F::named("delim", ANY, braces).cast_with(delimiters),
        F::named("reverse", BOOL, no),
        F::named("gap", REL, row_gap),
        F::variadic("children", CONTENT),
    ]
);
math_element!(
    /// A root.
    ROOT = "math.root", "Root", [
        F::positional("index", NONE_CONTENT, none),
        F::required("radicand", CONTENT),
    ]
);
math_element!(
    /// Content with a forced math class.
    CLASS = "math.class", "Class", [
        F::required("class", ANY).cast_with(math_class),
        F::required("body", CONTENT),
    ]
);
math_element!(
    /// A text operator: `lim`, `sin`.
    OP = "math.op", "Text Operator", [F::required("text", CONTENT), F::named("limits", BOOL, no)]
);
math_element!(
    /// Primes after a base.
    PRIMES = "math.primes", "Primes", [F::required("count", &[T::Int]).cast_with(count)]
);
math_element!(
    /// An alignment point: `&`.
    ALIGN_POINT = "math.align-point", "Alignment Point", []
);
math_element!(
    /// The styles of math that `bold`, `upright`, `cal`, `display` and their kin set;
    /// never content itself.
    MATH_STYLE = "math.style", "Math Style", [
        F::internal("bold"),
        F::internal("italic"),
        F::internal("variant"),
        F::internal("size"),
        F::internal("cramped"),
        // Set while an equation's body is realized: its text is math.
        F::internal("inside"),
    ]
);

/// Every element of the math module that content can be.
pub static MATH_ELEMENTS: &[&Element] = &[
    &LR,
    &MID,
    &ATTACH,
    &STRETCH,
    &SCRIPTS,
    &LIMITS,
    &ACCENT,
    &MATH_UNDERLINE,
    &MATH_OVERLINE,
    &UNDERBRACE,
    &OVERBRACE,
    &UNDERBRACKET,
    &OVERBRACKET,
    &UNDERPAREN,
    &OVERPAREN,
    &UNDERSHELL,
    &OVERSHELL,
    &CANCEL,
    &FRAC,
    &BINOM,
    &VEC,
    &MAT,
    &CASES,
    &ROOT,
    &CLASS,
    &OP,
    &PRIMES,
    &ALIGN_POINT,
];

/// Completes a constructed math element as Typst's constructors do: a matrix's `gap`
/// gives both of its gaps (each unless given itself) and its shorter rows are filled up
/// with empty cells, and a binomial needs a lower index. Called by `convert::finish`
/// for every constructed element; other elements pass through unchanged.
pub fn finish_math(content: &mut Content) -> SourceResult<()> {
    // As in Typst, `lr`'s arguments make one body, joined by commas (none: empty).
    if content.is(LR)
        && let Some(Value::Array(parts)) = content.field("body")
    {
        let mut children = Vec::with_capacity(parts.len() * 2);
        for (i, part) in parts.as_slice().iter().enumerate() {
            if i > 0 {
                children.push(Content::text(","));
            }
            children.push(part.clone().display());
        }
        let body = match children.len() {
            1 => children.remove(0),
            _ => Content::sequence_of(children),
        };
        let index = content.elem().field_index("body").unwrap_or_default();
        content.push_field(index, Value::Content(body));
    }
    if content.is(MAT) {
        if let Some(gap) = content.take_field("gap") {
            for name in ["row-gap", "column-gap"] {
                if content.field(name).is_none() {
                    let index = content.elem().field_index(name).unwrap_or_default();
                    content.push_field(index, gap.clone());
                }
            }
        }
        if let Some(Value::Array(rows)) = content.field("rows") {
            // Without any array, the arguments are the cells of one row; with one, each
            // argument must be a row.
            let rows = if rows.as_slice().iter().any(|r| matches!(r, Value::Array(_))) {
                if let Some(cell) = rows.as_slice().iter().find(|r| !matches!(r, Value::Array(_))) {
                    crate::bail!(content.span(), "{}", mismatch("array", cell));
                }
                rows.clone()
            } else {
                Array::from_iter([Value::Array(rows.clone())])
            };
            let width = rows.as_slice().iter().map(row_len).max().unwrap_or(0);
            let padded: Array = rows
                .as_slice()
                .iter()
                .map(|row| match row {
                    Value::Array(cells) if cells.len() < width => {
                        let mut cells = cells.clone();
                        while cells.len() < width {
                            cells.0.push(Value::Content(Content::empty()));
                        }
                        Value::Array(cells)
                    }
                    other => other.clone(),
                })
                .collect();
            let index = content.elem().field_index("rows").unwrap_or_default();
            content.push_field(index, Value::Array(padded));
        }
    }
    if content.is(BINOM) && matches!(content.field("lower"), Some(Value::Array(a)) if a.is_empty())
    {
        crate::bail!(content.span(), "missing argument: lower");
    }
    Ok(())
}

/// The number of cells of a matrix row.
fn row_len(row: &Value) -> usize {
    match row {
        Value::Array(cells) => cells.len(),
        _ => 1,
    }
}

/// An equation's `number-align`: its horizontal part, if any, must be an outer one (the
/// number stands beside the equation, not in its middle).
pub fn equation_number_align(
    value: Value,
    span: Span,
    _: &mut EcoVec<SourceDiagnostic>,
) -> SourceResult<Value> {
    if let Value::Alignment(alignment) = &value
        && alignment.x == Some(super::HAlign::Center)
    {
        return fail(span, "expected `start`, `left`, `right`, or `end`, found center");
    }
    Ok(value)
}

/// A `vec`'s or matrix's `align`: a horizontal alignment only.
fn horizontal(value: Value, span: Span, _: &mut EcoVec<SourceDiagnostic>) -> SourceResult<Value> {
    if let Value::Alignment(alignment) = &value
        && alignment.y.is_some()
    {
        return fail(
            span,
            eco_format!(
                "expected `start`, `left`, `center`, `right`, or `end`, found {}",
                value.repr()
            ),
        );
    }
    Ok(value)
}

fn fail<T>(span: Span, message: impl Into<EcoString>) -> SourceResult<T> {
    Err(ecow::eco_vec![SourceDiagnostic::error(span, message.into())])
}

/// The closing delimiter that matches an opening one, for the delimiters Typst accepts
/// (fences close themselves).
pub fn closing_delimiter(open: char) -> Option<char> {
    const PAIRS: &[(char, char)] = &[
        ('(', ')'),
        ('[', ']'),
        ('{', '}'),
        ('⟨', '⟩'),
        ('⟦', '⟧'),
        ('⟮', '⟯'),
        ('⦃', '⦄'),
        ('⦅', '⦆'),
        ('⦇', '⦈'),
        ('⦉', '⦊'),
        ('⦋', '⦌'),
        ('⦍', '⦎'),
        ('⦏', '⦐'),
        ('⦑', '⦒'),
        ('⦗', '⦘'),
        ('⧘', '⧙'),
        ('⧚', '⧛'),
        ('⧼', '⧽'),
        ('⌈', '⌉'),
        ('⌊', '⌋'),
        ('⎰', '⎱'),
        ('⟅', '⟆'),
        ('⟬', '⟭'),
        ('⏜', '⏝'),
        ('⏞', '⏟'),
        ('⏠', '⏡'),
        ('⎴', '⎵'),
    ];
    const FENCES: &[char] = &['|', '‖', '⦀', '⦙', '⧚', '/', '\\', '⫼', '⟊', '⦚'];
    PAIRS
        .iter()
        .find_map(|(o, c)| (*o == open).then_some(*c))
        .or_else(|| PAIRS.iter().find_map(|(o, c)| (*c == open).then_some(*o)))
        .or_else(|| FENCES.contains(&open).then_some(open))
}

/// One delimiter of a pair: `none`, or a single character (a string or a symbol).
fn delimiter(value: &Value) -> Result<Value, EcoString> {
    let text: EcoString = match value {
        Value::None => return Ok(Value::None),
        Value::Str(s) => s.0.clone(),
        Value::Symbol(symbol) => symbol.get().into(),
        other => return Err(mismatch("none, symbol, or string", other)),
    };
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(_), None) => Ok(Value::Str(text.into())),
        _ => Err("expected exactly one character".into()),
    }
}

/// A vector's, matrix's or cases' `delim`: a single opening delimiter (its closing one
/// inferred), a pair of them, or `none`; kept as an array of two.
fn delimiters(value: Value, span: Span, _: &mut EcoVec<SourceDiagnostic>) -> SourceResult<Value> {
    let result = match &value {
        Value::None => Ok(Value::Array(Array::from_iter([Value::None, Value::None]))),
        Value::Str(_) | Value::Symbol(_) => single_delimiter(&value),
        Value::Array(items) => match items.as_slice() {
            [open, close] => delimiter(open).and_then(|open| {
                delimiter(close).map(|close| Value::Array(Array::from_iter([open, close])))
            }),
            other => Err(eco_format!("expected 2 delimiters, found {}", other.len())),
        },
        other => Err(mismatch("array, none, symbol, or string", other)),
    };
    result.or_else(|message| fail(span, message))
}

/// A single opening delimiter and the closing one it implies.
fn single_delimiter(value: &Value) -> Result<Value, EcoString> {
    delimiter(value).and_then(|open| {
        let Value::Str(text) = &open else { return Ok(open) };
        let c = text.0.chars().next().unwrap_or_default();
        match closing_delimiter(c) {
            Some(close) => Ok(pair(text.as_str(), &close.to_string())),
            None => Err(eco_format!("invalid delimiter: {}", open.repr())),
        }
    })
}

/// The combining character of an accent given as a string, symbol or content: the known
/// accent characters (`^`, `~`, arrows) become their combining forms.
fn accent(value: Value, span: Span, _: &mut EcoVec<SourceDiagnostic>) -> SourceResult<Value> {
    let text: EcoString = match &value {
        Value::Str(s) => s.0.clone(),
        Value::Symbol(symbol) => symbol.get().into(),
        Value::Content(content) if content.is(SYMBOL) => content.plain_text(),
        Value::Content(_) => return fail(span, "expected a single-codepoint symbol"),
        other => return fail(span, mismatch("string or content", other)),
    };
    let mut chars = text.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return fail(span, "expected exactly one character");
    };
    Ok(Value::str(combining_accent(c).to_string()))
}

/// The combining form of an accent character (itself if it has none).
pub fn combining_accent(c: char) -> char {
    match c {
        '`' | '\u{2CB}' => '\u{300}',
        '´' | '\u{2CA}' => '\u{301}',
        '^' | 'ˆ' => '\u{302}',
        '~' | '∼' | '˜' => '\u{303}',
        '¯' | '‾' | 'ˉ' => '\u{304}',
        '˘' => '\u{306}',
        '.' | '˙' | '⋅' => '\u{307}',
        '¨' => '\u{308}',
        '⃛' => '\u{20db}',
        '⃜' => '\u{20dc}',
        '∘' | '○' | '˚' => '\u{30a}',
        '˝' => '\u{30b}',
        'ˇ' => '\u{30c}',
        '→' => '\u{20d7}',
        '←' => '\u{20d6}',
        '↔' => '\u{20e1}',
        '⇀' => '\u{20d1}',
        '↼' => '\u{20d0}',
        other => other,
    }
}

/// A fraction's `style`: `"vertical"`, `"skewed"` or `"horizontal"`.
fn frac_style(value: Value, span: Span, _: &mut EcoVec<SourceDiagnostic>) -> SourceResult<Value> {
    const EXPECTED: &str = "\"vertical\", \"skewed\", or \"horizontal\"";
    match &value {
        Value::Str(s) if matches!(s.0.as_str(), "vertical" | "skewed" | "horizontal") => Ok(value),
        Value::Str(_) => fail(span, eco_format!("expected {EXPECTED}")),
        other => fail(span, mismatch(EXPECTED, other)),
    }
}

/// The math classes `class` accepts.
const CLASSES: &[&str] = &[
    "normal",
    "punctuation",
    "opening",
    "closing",
    "fence",
    "large",
    "relation",
    "unary",
    "binary",
    "vary",
];

/// A math class name.
fn math_class(value: Value, span: Span, _: &mut EcoVec<SourceDiagnostic>) -> SourceResult<Value> {
    let expected = || {
        let names: Vec<EcoString> = CLASSES.iter().map(|c| eco_format!("\"{c}\"")).collect();
        eco_format!("{}, or {}", names[..names.len() - 1].join(", "), names[names.len() - 1])
    };
    match &value {
        Value::Str(s) if CLASSES.contains(&s.0.as_str()) => Ok(value),
        Value::Str(_) => fail(span, eco_format!("expected {}", expected())),
        other => fail(span, mismatch(&expected(), other)),
    }
}

/// A number of primes: at least zero.
fn count(value: Value, span: Span, _: &mut EcoVec<SourceDiagnostic>) -> SourceResult<Value> {
    match value {
        Value::Int(n) if n < 0 => fail(span, "number must be at least zero"),
        other => Ok(other),
    }
}

/// A matrix row: an array of cells, each shown as content; any other value is one cell
/// (`finish_math` makes a row of such cells).
fn matrix_row(value: Value, _: Span, _: &mut EcoVec<SourceDiagnostic>) -> SourceResult<Value> {
    Ok(match value {
        Value::Array(items) => Value::Array(
            items.as_slice().iter().map(|v| Value::Content(v.clone().display())).collect(),
        ),
        other => Value::Content(other.display()),
    })
}

/// A matrix's `augment`: `none`, a column offset, or a dictionary of `hline`, `vline`
/// (an offset or an array of them) and `stroke`, kept with all three keys.
fn augment(value: Value, span: Span, _: &mut EcoVec<SourceDiagnostic>) -> SourceResult<Value> {
    let Value::Dict(dict) = &value else {
        return match value {
            Value::None | Value::Int(_) => Ok(value),
            other => fail(span, mismatch("integer, dictionary, or none", &other)),
        };
    };
    let offsets = |key: &str| -> SourceResult<Value> {
        match dict.get(key) {
            None => Ok(Value::Array(Array::new())),
            Some(Value::Int(n)) => Ok(Value::Array(Array::from_iter([Value::Int(*n)]))),
            Some(Value::Array(items)) => {
                match items.as_slice().iter().find(|v| !matches!(v, Value::Int(_))) {
                    Some(other) => fail(span, mismatch("integer", other)),
                    None => Ok(Value::Array(items.clone())),
                }
            }
            Some(other) => fail(span, mismatch("integer or array", other)),
        }
    };
    // Other keys are ignored, as in Typst.
    let hline = offsets("hline")?;
    let vline = offsets("vline")?;
    let stroke = dict.get("stroke").cloned().unwrap_or(Value::Auto);
    // One vertical line with the automatic stroke reads back as its offset.
    if let (Value::Auto, Value::Array(h), Value::Array(v)) = (&stroke, &hline, &vline)
        && h.is_empty()
        && let [offset] = v.as_slice()
    {
        return Ok(offset.clone());
    }
    let mut out = Dict::new();
    out.insert("hline".into(), hline);
    out.insert("vline".into(), vline);
    out.insert("stroke".into(), stroke);
    Ok(Value::Dict(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delimiters_pair_up() {
        assert_eq!(closing_delimiter('('), Some(')'));
        assert_eq!(closing_delimiter('⌊'), Some('⌋'));
        assert_eq!(closing_delimiter('|'), Some('|'));
        assert_eq!(closing_delimiter('<'), None);
        assert_eq!(closing_delimiter('a'), None);
    }

    fn cell(text: &str) -> Value {
        Value::Content(Content::text(text))
    }

    #[test]
    fn matrices_are_completed() {
        // Cells without any row become one row; shorter rows are filled up.
        let mut single = Content::new(MAT)
            .with_field("rows", Value::Array(Array::from_iter([cell("p"), cell("q")])));
        finish_math(&mut single).unwrap();
        let row = Value::Array(Array::from_iter([cell("p"), cell("q")]));
        assert_eq!(single.field("rows"), Some(&Value::Array(Array::from_iter([row]))));

        let long = Value::Array(Array::from_iter([cell("p"), cell("q")]));
        let short = Value::Array(Array::from_iter([cell("r")]));
        let mut ragged = Content::new(MAT)
            .with_field("rows", Value::Array(Array::from_iter([long, short])))
            .with_field("gap", gap(2.0));
        finish_math(&mut ragged).unwrap();
        let Some(Value::Array(rows)) = ragged.field("rows") else { panic!("rows") };
        assert_eq!(
            rows.as_slice()[1],
            Value::Array(Array::from_iter([cell("r"), Value::Content(Content::empty())]))
        );
        assert_eq!(ragged.field("row-gap"), Some(&gap(2.0)));
        assert_eq!(ragged.field("column-gap"), Some(&gap(2.0)));
        assert_eq!(ragged.field("gap"), None);

        let mixed = Value::Array(Array::from_iter([Value::Array(Array::new()), cell("s")]));
        let mut wrong = Content::new(MAT).with_field("rows", mixed);
        assert!(finish_math(&mut wrong).is_err());
    }

    #[test]
    fn binomials_need_a_lower_index() {
        let mut binom = Content::new(BINOM)
            .with_field("upper", cell("n"))
            .with_field("lower", Value::Array(Array::new()));
        assert!(finish_math(&mut binom).is_err());
    }

    #[test]
    fn math_fields_are_well_formed() {
        for elem in MATH_ELEMENTS {
            let fields = elem.fields();
            for (i, field) in fields.iter().enumerate() {
                assert!(fields[..i].iter().all(|f| f.name != field.name), "{}", elem.name());
                assert!(!(field.required && field.settable), "{}.{}", elem.name(), field.name);
            }
        }
    }
}

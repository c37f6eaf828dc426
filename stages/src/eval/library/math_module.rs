//! The `math` module's scope: its element functions (`frac`, `attach`, `mat`, ...), the
//! functions that build other content (`abs` and its kin give `lr`, `sqrt` gives `root`,
//! `bold` and the other styles give styled content), the text operators (`sin` is `op`
//! content), the spacings (`thin` is `h` content), `dif`, and the symbols of `sym`.

use ecow::EcoString;

use crate::base::{SourceResult, Span};
use crate::eval::Engine;
use crate::model::{
    ACCENT, ATTACH, Args, BINOM, CANCEL, CASES, CLASS, Content, FRAC, Func, H, LIMITS, LR, Length,
    MAT, MATH_OVERLINE, MATH_STYLE, MATH_UNDERLINE, MID, OP, OVERBRACE, OVERBRACKET, OVERPAREN,
    OVERSHELL, PRIMES, Property, ROOT, SCRIPTS, STRETCH, Scope, Style, Styles, TEXT, UNDERBRACE,
    UNDERBRACKET, UNDERPAREN, UNDERSHELL, VEC, Value, symbol_content,
};

super::native!(ABS, "abs", abs);
super::native!(NORM, "norm", norm);
super::native!(ROUND, "round", round);
super::native!(SQRT, "sqrt", sqrt);
super::native!(UPRIGHT, "upright", upright);
super::native!(BOLD, "bold", bold);
super::native!(ITALIC, "italic", italic);
super::native!(SERIF, "serif", serif);
super::native!(SANS, "sans", sans);
super::native!(SCR, "scr", scr);
super::native!(CAL, "cal", cal);
super::native!(FRAK, "frak", frak);
super::native!(MONO, "mono", mono);
super::native!(BB, "bb", bb);
super::native!(DISPLAY, "display", display);
super::native!(INLINE, "inline", inline);
super::native!(SCRIPT, "script", script);
super::native!(SSCRIPT, "sscript", sscript);

/// The text operators: name, text and whether their attachments go above and below.
const OPERATORS: &[(&str, &str, bool)] = &[
    ("arccos", "arccos", false),
    ("arcsin", "arcsin", false),
    ("arctan", "arctan", false),
    ("arg", "arg", false),
    ("cos", "cos", false),
    ("cosh", "cosh", false),
    ("cot", "cot", false),
    ("coth", "coth", false),
    ("csc", "csc", false),
    ("csch", "csch", false),
    ("ctg", "ctg", false),
    ("deg", "deg", false),
    ("det", "det", true),
    ("dim", "dim", false),
    ("exp", "exp", false),
    ("gcd", "gcd", true),
    ("lcm", "lcm", true),
    ("hom", "hom", false),
    ("id", "id", false),
    ("im", "im", false),
    ("inf", "inf", true),
    ("ker", "ker", false),
    ("lg", "lg", false),
    ("lim", "lim", true),
    ("liminf", "lim\u{2009}inf", true),
    ("limsup", "lim\u{2009}sup", true),
    ("ln", "ln", false),
    ("log", "log", false),
    ("max", "max", true),
    ("min", "min", true),
    ("mod", "mod", false),
    ("Pr", "Pr", true),
    ("sec", "sec", false),
    ("sech", "sech", false),
    ("sin", "sin", false),
    ("sinc", "sinc", false),
    ("sinh", "sinh", false),
    ("sup", "sup", true),
    ("tan", "tan", false),
    ("tanh", "tanh", false),
    ("tg", "tg", false),
    ("tr", "tr", false),
];

/// The named spacings and their widths in em.
const SPACINGS: &[(&str, f64)] =
    &[("thin", 1.0 / 6.0), ("med", 2.0 / 9.0), ("thick", 5.0 / 18.0), ("quad", 1.0), ("wide", 2.0)];

/// Fills the `math` module: its functions and content in Typst's order, then the symbols
/// of `sym` (taken from `global`, which must already hold `sym`).
pub fn define(math: &mut Scope, global: &Scope) {
    math.define("text", Func::from(TEXT));
    math.define("lr", Func::from(LR));
    math.define("mid", Func::from(MID));
    math.define("attach", Func::from(ATTACH));
    math.define("stretch", Func::from(STRETCH));
    math.define("scripts", Func::from(SCRIPTS));
    math.define("limits", Func::from(LIMITS));
    math.define("accent", Func::from(ACCENT));
    math.define("underline", Func::from(MATH_UNDERLINE));
    math.define("overline", Func::from(MATH_OVERLINE));
    for elem in [
        UNDERBRACE,
        OVERBRACE,
        UNDERBRACKET,
        OVERBRACKET,
        UNDERPAREN,
        OVERPAREN,
        UNDERSHELL,
        OVERSHELL,
        CANCEL,
        FRAC,
        BINOM,
        VEC,
        MAT,
        CASES,
        ROOT,
        CLASS,
        OP,
        PRIMES,
    ] {
        math.define(elem.short_name(), Func::from(elem));
    }
    for native in [
        &ABS, &NORM, &ROUND, &SQRT, &UPRIGHT, &BOLD, &ITALIC, &SERIF, &SANS, &SCR, &CAL, &FRAK,
        &MONO, &BB, &DISPLAY, &INLINE, &SCRIPT, &SSCRIPT,
    ] {
        math.define(native.name, Func::from(native));
    }
    for (name, text, limits) in OPERATORS {
        math.define(*name, operator(text, *limits));
    }
    math.define("dif", differential("d"));
    math.define("Dif", differential("D"));
    for (name, em) in SPACINGS {
        math.define(*name, spacing(*em, false));
    }
    if let Some(Value::Module(sym)) = global.get("sym") {
        for (name, value) in sym.scope().iter() {
            if math.get(name).is_none() {
                math.define(name.clone(), value.clone());
            }
        }
    }
}

/// A text operator as `op` content.
fn operator(text: &str, limits: bool) -> Value {
    Value::Content(
        Content::new(OP)
            .with_field("text", Value::Content(Content::text(text)))
            .with_field("limits", Value::Bool(limits)),
    )
}

/// Horizontal spacing of `em` ems.
fn spacing(em: f64, weak: bool) -> Content {
    let amount = Value::Length(Length::em(crate::base::Em::new(em)));
    let content = Content::new(H).with_field("amount", amount);
    if weak { content.with_field("weak", Value::Bool(true)) } else { content }
}

/// `dif` and `Dif`: an upright letter of class unary after weak thin spacing.
fn differential(letter: &str) -> Value {
    let upright = math_style("italic", Value::Bool(false), Span::detached());
    let body = symbol_content(letter).styled(upright);
    let class = Content::new(CLASS)
        .with_field("class", Value::str("unary"))
        .with_field("body", Value::Content(body));
    Value::Content(Content::sequence_of(vec![spacing(1.0 / 6.0, true), class]))
}

/// A style of math (`bold`, `italic`, `variant`, `size`, `cramped`).
pub fn math_style(field: &str, value: Value, span: Span) -> Styles {
    let mut styles = Styles::new();
    let field = MATH_STYLE.field_index(field).unwrap_or_default();
    styles.push(Style::Property(Property { elem: MATH_STYLE, field, value, span }));
    styles
}

/// `lr` content: the body between two delimiters, with the size if one is given.
pub fn delimited(open: &str, body: Content, close: &str, size: Option<Value>) -> Content {
    let body = Content::sequence_of(vec![symbol_content(open), body, symbol_content(close)]);
    let lr = Content::new(LR).with_field("body", Value::Content(body));
    match size {
        Some(size) => lr.with_field("size", size),
        None => lr,
    }
}

/// `lr` content of the given parts (the delimiters among them), with the size if one is
/// given.
pub fn delimited_parts(parts: Vec<Content>, size: Option<Value>) -> Content {
    let lr = Content::new(LR).with_field("body", Value::Content(Content::sequence_of(parts)));
    match size {
        Some(size) => lr.with_field("size", size),
        None => lr,
    }
}

/// The body and optional size of `abs` and its kin, as `lr` content.
fn fenced(args: &mut Args, open: &str, close: &str) -> SourceResult<Value> {
    let body: Content = args.expect("body")?;
    let size = args
        .named_spanned::<Value>("size")?
        .map(|(value, span)| {
            crate::model::coerce(value, &[crate::model::Type::Relative])
                .map_err(|message| ecow::eco_vec![crate::error!(span, "{}", message)])
        })
        .transpose()?;
    Ok(Value::Content(delimited(open, body, close, size).spanned(args.span)))
}

fn abs(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    fenced(args, "|", "|")
}

fn norm(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    fenced(args, "‖", "‖")
}

fn round(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    fenced(args, "⌊", "⌉")
}

fn sqrt(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let radicand: Content = args.expect("radicand")?;
    let root = Content::new(ROOT).with_field("radicand", Value::Content(radicand));
    Ok(Value::Content(root.spanned(args.span)))
}

/// Styles the `body` argument with one math style.
fn styled(args: &mut Args, field: &str, value: Value) -> SourceResult<Value> {
    let body: Content = args.expect("body")?;
    Ok(Value::Content(body.styled(math_style(field, value, args.span))))
}

fn upright(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    styled(args, "italic", Value::Bool(false))
}

fn italic(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    styled(args, "italic", Value::Bool(true))
}

fn bold(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    styled(args, "bold", Value::Bool(true))
}

fn variant(args: &mut Args, name: &str) -> SourceResult<Value> {
    styled(args, "variant", Value::str(name))
}

fn serif(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    variant(args, "serif")
}

fn sans(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    variant(args, "sans")
}

fn scr(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    variant(args, "scr")
}

fn cal(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    variant(args, "cal")
}

fn frak(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    variant(args, "frak")
}

fn mono(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    variant(args, "mono")
}

fn bb(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    variant(args, "bb")
}

/// Styles the `body` argument at a math size, cramped or not.
fn sized(args: &mut Args, size: &str, cramped: bool) -> SourceResult<Value> {
    let body: Content = args.expect("body")?;
    let cramped = args.named::<bool>("cramped")?.unwrap_or(cramped);
    let mut styles = math_style("size", Value::str(size), args.span);
    styles.extend(math_style("cramped", Value::Bool(cramped), args.span));
    Ok(Value::Content(body.styled(styles)))
}

fn display(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    sized(args, "display", false)
}

fn inline(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    sized(args, "text", false)
}

fn script(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    sized(args, "script", true)
}

fn sscript(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    sized(args, "script-script", true)
}

/// The `lr` content that calling a delimiter symbol in math gives: `floor(x)`,
/// `paren.l(x)`; `None` if the symbol is no delimiter.
pub fn symbol_delimiters(symbol: &crate::model::Symbol) -> Option<(EcoString, EcoString)> {
    if let (Ok(l), Ok(r)) = (symbol.modified("l"), symbol.modified("r")) {
        return Some((l.get().into(), r.get().into()));
    }
    let mut chars = symbol.get().chars();
    let (Some(c), None) = (chars.next(), chars.next()) else { return None };
    let close = crate::model::closing_delimiter(c)?;
    Some((c.to_string().into(), close.to_string().into()))
}

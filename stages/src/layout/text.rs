//! Style resolution for text and paragraphs: a flattened `Styles` list (outermost first)
//! → the [`TextStyle`] and [`ParStyle`] values that paragraph layout takes, and the
//! helpers every layouter uses to turn lengths with `em` parts into absolute ones.
//!
//! Most properties take the innermost value. `text.size` folds instead: each size in the
//! list is resolved against the one before it, so `1.2em` inside `20pt` is 24pt. Strong
//! emphasis adds up the `text.delta` weights of every level, and `text.emph` toggles the
//! style once per level (emphasis inside emphasis is upright again), as in Typst.

use ecow::{EcoString, EcoVec};
use quire_shaping::{Feature, FontStretch, FontStyle, FontVariant, FontWeight, Tag};

use crate::base::Abs;
use crate::doc::{FixedStroke, Paint};
use crate::layout::inline::{
    BottomEdge, DecoLine, DecoStroke, Decoration, Dir, HAlign, Highlight, LineKind, Linebreaks,
    ParStyle, ScriptShift, TextStyle, TopEdge,
};
use crate::layout::props::Props;
use crate::layout::shapes::{folded_side_strokes, resolve_stroke};
use crate::model::{
    ALIGN_ELEM, Color, Content, HAlign as ModelHAlign, Length, PAR, Rel, Style, StyleChain, Styles,
    TEXT, VAlign, Value,
};

/// The font size in effect: the default 11pt, then every `text.size` from the outside in,
/// each resolved against the size around it.
pub fn font_size(styles: &Styles) -> Abs {
    let field = TEXT.field_index("size");
    let mut size = Abs::pt(11.0);
    for style in styles.iter() {
        if let Style::Property(p) = style
            && p.elem == TEXT
            && Some(p.field) == field
            && let Value::Length(length) = &p.value
        {
            size = (length.abs + length.em.at(size)).max(Abs::zero());
        }
    }
    size
}

/// A length resolved against the font size in effect.
pub fn resolve_length(styles: &Styles, length: Length) -> Abs {
    if length.em.get() == 0.0 {
        return length.abs;
    }
    length.abs + length.em.at(font_size(styles))
}

/// A relative length resolved against the font size in effect and `base` for its ratio.
/// A ratio of an infinite base (a region without bound, as `measure` lays out into)
/// counts as zero, as in Typst; multiplying would give infinity or, for 0%, NaN.
pub fn resolve_rel(styles: &Styles, rel: Rel, base: Abs) -> Abs {
    let part = rel.rel.get() * base;
    let part = if part.is_finite() { part } else { Abs::zero() };
    resolve_length(styles, rel.abs) + part
}

/// A language colour as an output paint.
pub fn paint(color: Color) -> Paint {
    Paint::Solid(color.to_doc())
}

/// The alignment in effect (`set align(..)`), with both axes filled in (start, top).
pub fn alignment(styles: &Styles) -> (ModelHAlign, VAlign) {
    let mut x = None;
    let mut y = None;
    // `set align(center)` then `set align(bottom)` keeps the center: look for each axis.
    let field = ALIGN_ELEM.field_index("alignment");
    for style in styles.iter().rev() {
        if let Style::Property(p) = style
            && p.elem == ALIGN_ELEM
            && Some(p.field) == field
            && let Value::Alignment(a) = &p.value
        {
            x = x.or(a.x);
            y = y.or(a.y);
            if x.is_some() && y.is_some() {
                break;
            }
        }
    }
    (x.unwrap_or(ModelHAlign::Start), y.unwrap_or(VAlign::Top))
}

/// The writing direction: `text.dir`, or the one of `text.lang` when it is `auto`.
pub fn dir(styles: &Styles) -> Dir {
    let chain = StyleChain::new(styles);
    match chain.get(TEXT, "dir") {
        Some(Value::Direction(d)) => {
            if d.name() == "rtl" {
                Dir::Rtl
            } else {
                Dir::Ltr
            }
        }
        _ => {
            let lang: EcoString = chain.get_cast(TEXT, "lang", EcoString::from("en"));
            let rtl = ["ar", "dv", "fa", "he", "ks", "pa", "ps", "sd", "ug", "ur", "yi"];
            if rtl.contains(&lang.to_lowercase().as_str()) { Dir::Rtl } else { Dir::Ltr }
        }
    }
}

/// The resolved text properties.
pub fn text_style(styles: &Styles) -> TextStyle {
    let chain = StyleChain::new(styles);
    let size = font_size(styles);
    let em = |length: Length| length.abs + length.em.at(size);
    let mut style = TextStyle { size, ..TextStyle::default() };

    match chain.get(TEXT, "font") {
        Some(Value::Str(family)) => style.families = vec![family.0.to_lowercase()],
        Some(Value::Array(list)) => {
            style.families = list
                .0
                .iter()
                .filter_map(|v| match v {
                    Value::Str(s) => Some(s.0.to_lowercase()),
                    Value::Dict(d) => match d.get("name") {
                        Some(Value::Str(s)) => Some(s.0.to_lowercase()),
                        _ => None,
                    },
                    _ => None,
                })
                .collect();
        }
        _ => {}
    }
    style.fallback = chain.get_cast(TEXT, "fallback", true);
    style.variant = variant(styles, &chain);
    if let Some(Value::Color(color)) = chain.get(TEXT, "fill") {
        style.fill = paint(*color);
    }
    if let Some(Value::Str(lang)) = chain.get(TEXT, "lang") {
        style.lang = lang.0.to_lowercase();
    }
    style.region = match chain.get(TEXT, "region") {
        Some(Value::Str(region)) => Some(region.0.to_uppercase()),
        _ => None,
    };
    style.hyphenate = match chain.get(TEXT, "hyphenate") {
        Some(Value::Bool(b)) => Some(*b),
        _ => None,
    };
    if let Some(Value::Length(t)) = chain.get(TEXT, "tracking") {
        style.tracking = em(*t);
    }
    match chain.get(TEXT, "spacing") {
        Some(Value::Relative(rel)) => style.word_spacing = rel.rel.get(),
        Some(Value::Ratio(ratio)) => style.word_spacing = ratio.get(),
        _ => {}
    }
    if let Some(Value::Length(b)) = chain.get(TEXT, "baseline") {
        style.baseline = em(*b);
    }
    style.top_edge = top_edge(chain.get(TEXT, "top-edge"), size).unwrap_or(TopEdge::CapHeight);
    style.bottom_edge =
        bottom_edge(chain.get(TEXT, "bottom-edge"), size).unwrap_or(BottomEdge::Baseline);
    style.features = features(&chain);
    (style.decos, style.script) = decorations(styles);
    style
}

/// A `top-edge` value: a metric's name or a length above the baseline.
fn top_edge(value: Option<&Value>, size: Abs) -> Option<TopEdge> {
    Some(match value? {
        Value::Length(l) => TopEdge::Length(l.abs + l.em.at(size)),
        Value::Str(s) => match s.0.as_str() {
            "ascender" => TopEdge::Ascender,
            "cap-height" => TopEdge::CapHeight,
            "x-height" => TopEdge::XHeight,
            "baseline" => TopEdge::Baseline,
            "bounds" => TopEdge::Bounds,
            _ => return None,
        },
        _ => return None,
    })
}

/// A `bottom-edge` value: a metric's name or a length, which Typst measures upwards
/// from the baseline (a negative one reaches below it).
fn bottom_edge(value: Option<&Value>, size: Abs) -> Option<BottomEdge> {
    Some(match value? {
        Value::Length(l) => BottomEdge::Length(-(l.abs + l.em.at(size))),
        Value::Str(s) => match s.0.as_str() {
            "baseline" => BottomEdge::Baseline,
            "descender" => BottomEdge::Descender,
            "bounds" => BottomEdge::Bounds,
            _ => return None,
        },
        _ => return None,
    })
}

/// The text decorations in effect, outermost first, and the innermost sub- or
/// superscript, their lengths resolved against the font size where each was applied (as
/// Typst resolves an `underline`'s or a `super`'s fields).
fn decorations(styles: &Styles) -> (EcoVec<Decoration>, Option<Box<ScriptShift>>) {
    let marked: Vec<&Content> = crate::realize::decorations(styles).collect();
    if marked.is_empty() {
        return (EcoVec::new(), None);
    }
    let field = TEXT.field_index("size");
    let mut size = Abs::pt(11.0);
    let mut out = EcoVec::new();
    let mut script = None;
    for style in styles.iter() {
        let Style::Property(p) = style else { continue };
        match &p.value {
            Value::Length(length) if p.elem == TEXT && Some(p.field) == field => {
                size = (length.abs + length.em.at(size)).max(Abs::zero());
            }
            Value::Content(deco) if marked.iter().any(|m| std::ptr::eq(*m, deco)) => {
                match deco.elem().name() {
                    "sub" | "super" => script = Some(Box::new(script_shift(deco, size))),
                    _ => out.extend(decoration(deco, size)),
                }
            }
            _ => {}
        }
    }
    (out, script)
}

/// A `sub` or `super` element (its fields materialized) resolved at font size `size`.
fn script_shift(script: &Content, size: Abs) -> ScriptShift {
    let length = |name: &str| match script.field(name) {
        Some(Value::Length(l)) => Some(l.abs + l.em.at(size)),
        _ => None,
    };
    ScriptShift {
        sub: script.elem().name() == "sub",
        typographic: !matches!(script.field("typographic"), Some(Value::Bool(false))),
        rise: length("baseline").map(|baseline| -baseline),
        size: length("size"),
    }
}

/// One decoration element (its fields materialized) resolved at font size `size`;
/// `None` for a line with a stroke of no thickness, which draws nothing.
fn decoration(deco: &Content, size: Abs) -> Option<Decoration> {
    let em = |length: Length| length.abs + length.em.at(size);
    let length = |name: &str| match deco.field(name) {
        Some(Value::Length(l)) => Some(em(*l)),
        _ => None,
    };
    let flag = |name: &str, default: bool| match deco.field(name) {
        Some(Value::Bool(b)) => *b,
        _ => default,
    };
    let extent = length("extent").unwrap_or_default();
    let kind = match deco.elem().name() {
        "underline" => LineKind::Underline,
        "strike" => LineKind::Strikethrough,
        "overline" => LineKind::Overline,
        _ => {
            let empty = Styles::new();
            let props = Props { content: deco, styles: &empty, font_size: size };
            let [left, top, right, bottom] = {
                let s = folded_side_strokes(&props, None);
                [s.left, s.top, s.right, s.bottom]
            };
            let rel = |r: Rel| (em(r.abs), r.rel.get());
            let radius = props.corners("radius");
            let highlight = Highlight {
                fill: props.fill("fill"),
                strokes: [left, top, right, bottom],
                radius: [
                    rel(radius.top_left),
                    rel(radius.top_right),
                    rel(radius.bottom_right),
                    rel(radius.bottom_left),
                ],
                top_edge: top_edge(deco.field("top-edge"), size).unwrap_or(TopEdge::Ascender),
                bottom_edge: bottom_edge(deco.field("bottom-edge"), size)
                    .unwrap_or(BottomEdge::Descender),
            };
            return Some(Decoration { line: DecoLine::Highlight(Box::new(highlight)), extent });
        }
    };
    let stroke = match deco.field("stroke") {
        Some(Value::Stroke(stroke)) => {
            let rest = resolve_stroke(stroke, size)?;
            DecoStroke {
                paint: stroke.paint.is_some().then_some(rest.paint),
                thickness: stroke.thickness.is_some().then_some(rest.thickness),
                rest,
            }
        }
        _ => DecoStroke { paint: None, thickness: None, rest: FixedStroke::default() },
    };
    let line = DecoLine::Line {
        kind,
        stroke,
        offset: length("offset"),
        evade: kind != LineKind::Strikethrough && flag("evade", true),
        background: flag("background", false),
    };
    Some(Decoration { line, extent })
}

/// Style, weight and stretch, with strong emphasis and emphasis folded in.
fn variant(styles: &Styles, chain: &StyleChain) -> FontVariant {
    let mut style = match chain.get(TEXT, "style") {
        Some(Value::Str(s)) if s.0 == "italic" => FontStyle::Italic,
        Some(Value::Str(s)) if s.0 == "oblique" => FontStyle::Oblique,
        _ => FontStyle::Normal,
    };
    let mut weight = match chain.get(TEXT, "weight") {
        Some(Value::Int(w)) => (*w).clamp(100, 900),
        Some(Value::Str(name)) => match name.0.as_str() {
            "thin" => 100,
            "extralight" => 200,
            "light" => 300,
            "medium" => 500,
            "semibold" => 600,
            "bold" => 700,
            "extrabold" => 800,
            "black" => 900,
            _ => 400,
        },
        _ => 400,
    };
    let delta_field = TEXT.field_index("delta");
    let emph_field = TEXT.field_index("emph");
    let mut delta = 0i64;
    let mut toggle = false;
    for s in styles.iter() {
        if let Style::Property(p) = s
            && p.elem == TEXT
        {
            match &p.value {
                Value::Int(d) if Some(p.field) == delta_field => delta += d,
                Value::Bool(true) if Some(p.field) == emph_field => toggle = !toggle,
                _ => {}
            }
        }
    }
    weight = (weight + delta).clamp(100, 900);
    if toggle {
        style = match style {
            FontStyle::Normal => FontStyle::Italic,
            FontStyle::Italic | FontStyle::Oblique => FontStyle::Normal,
        };
    }
    let stretch = match chain.get(TEXT, "stretch") {
        Some(Value::Ratio(r)) => FontStretch::from_ratio(r.get()),
        _ => FontStretch::NORMAL,
    };
    FontVariant::new(style, FontWeight::from_number(weight as u16), stretch)
}

/// The OpenType features the text properties ask for.
fn features(chain: &StyleChain) -> Vec<Feature> {
    let mut out = Vec::new();
    let mut set = |tag: &[u8; 4], value: u32| out.push(Feature { tag: Tag::new(tag), value });
    if !chain.get_cast(TEXT, "kerning", true) {
        set(b"kern", 0);
    }
    if !chain.get_cast(TEXT, "ligatures", true) {
        set(b"liga", 0);
        set(b"clig", 0);
    }
    match chain.get(TEXT, "number-type") {
        Some(Value::Str(s)) if s.0 == "lining" => set(b"lnum", 1),
        Some(Value::Str(s)) if s.0 == "old-style" => set(b"onum", 1),
        _ => {}
    }
    match chain.get(TEXT, "number-width") {
        Some(Value::Str(s)) if s.0 == "proportional" => set(b"pnum", 1),
        Some(Value::Str(s)) if s.0 == "tabular" => set(b"tnum", 1),
        _ => {}
    }
    if chain.get_cast(TEXT, "slashed-zero", false) {
        set(b"zero", 1);
    }
    if chain.get_cast(TEXT, "fractions", false) {
        set(b"frac", 1);
    }
    let tag = |name: &str| -> Option<[u8; 4]> {
        let bytes = name.as_bytes();
        (bytes.len() == 4).then(|| [bytes[0], bytes[1], bytes[2], bytes[3]])
    };
    match chain.get(TEXT, "features") {
        Some(Value::Array(list)) => {
            for v in list.0.iter() {
                if let Value::Str(s) = v
                    && let Some(t) = tag(&s.0)
                {
                    set(&t, 1);
                }
            }
        }
        Some(Value::Dict(dict)) => {
            for (name, v) in dict.iter() {
                if let (Some(t), Value::Int(n)) = (tag(&name.0), v) {
                    set(&t, u32::try_from(*n).unwrap_or(0));
                }
            }
        }
        _ => {}
    }
    out
}

/// The resolved paragraph properties for lines of `width`.
pub fn par_style(styles: &Styles, width: Abs) -> ParStyle {
    let chain = StyleChain::new(styles);
    let length = |field: &str, default: Length| {
        let value: Length = chain.get_cast(PAR, field, default);
        resolve_length(styles, value)
    };
    let first_line_indent = match chain.get_folded(PAR, "first-line-indent").as_ref() {
        Some(Value::Length(l)) => resolve_length(styles, *l),
        Some(Value::Dict(d)) => match d.get("amount") {
            Some(Value::Length(l)) => resolve_length(styles, *l),
            _ => Abs::zero(),
        },
        _ => Abs::zero(),
    };
    let linebreaks = match chain.get(PAR, "linebreaks") {
        Some(Value::Str(s)) if s.0 == "simple" => Some(Linebreaks::Simple),
        Some(Value::Str(s)) if s.0 == "optimized" => Some(Linebreaks::Optimized),
        _ => None,
    };
    let align = match alignment(styles).0 {
        ModelHAlign::Start => HAlign::Start,
        ModelHAlign::Left => HAlign::Left,
        ModelHAlign::Center => HAlign::Center,
        ModelHAlign::Right => HAlign::Right,
        ModelHAlign::End => HAlign::End,
    };
    ParStyle {
        width,
        justify: chain.get_cast(PAR, "justify", false),
        linebreaks,
        leading: length("leading", Length::em(crate::base::Em::new(0.65))),
        first_line_indent,
        hanging_indent: length("hanging-indent", Length::zero()),
        align,
        dir: dir(styles),
        hyphenation_cost: cost(&chain, "hyphenation"),
        runt_cost: cost(&chain, "runt"),
    }
}

/// One of the `text.costs` as a factor (100% is 1).
fn cost(chain: &StyleChain, key: &str) -> f64 {
    match chain.get_folded(TEXT, "costs") {
        Some(Value::Dict(costs)) => match costs.get(key) {
            Some(Value::Ratio(ratio)) => ratio.get(),
            _ => 1.0,
        },
        _ => 1.0,
    }
}

/// Whether `par.first-line-indent` asks to indent every paragraph (`all: true`), not
/// only those right after another paragraph.
pub fn indent_all(styles: &Styles) -> bool {
    match StyleChain::new(styles).get_folded(PAR, "first-line-indent") {
        Some(Value::Dict(d)) => matches!(d.get("all"), Some(Value::Bool(true))),
        _ => false,
    }
}

/// The space between paragraphs (`par.spacing`).
pub fn par_spacing(styles: &Styles) -> Abs {
    let chain = StyleChain::new(styles);
    let value: Length = chain.get_cast(PAR, "spacing", Length::em(crate::base::Em::new(1.2)));
    resolve_length(styles, value)
}

/// An alignment value's horizontal share of the free space (0 left, 0.5 center, 1 right).
pub fn x_share(align: ModelHAlign, dir: Dir) -> f64 {
    match (align, dir) {
        (ModelHAlign::Left, _) | (ModelHAlign::Start, Dir::Ltr) | (ModelHAlign::End, Dir::Rtl) => {
            0.0
        }
        (ModelHAlign::Center, _) => 0.5,
        _ => 1.0,
    }
}

/// A vertical alignment's share of the free space (0 top, 0.5 horizon, 1 bottom).
pub fn y_share(align: VAlign) -> f64 {
    match align {
        VAlign::Top => 0.0,
        VAlign::Horizon => 0.5,
        VAlign::Bottom => 1.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::{Em, Span};
    use crate::doc::Color as DocColor;
    use crate::model::{Alignment, Args, Element, STRONG};

    /// Styles from `set` rules given as (element, field, value), outermost first.
    fn styles(rules: &[(Element, &str, Value)]) -> Styles {
        let mut out = Styles::new();
        for (elem, field, value) in rules {
            let mut args = Args::new(Span::detached(), []);
            let positional = elem.fields().iter().any(|f| f.name == *field && f.positional);
            if positional {
                args.push(Span::detached(), value.clone());
            } else {
                args.push_named(Span::detached(), Span::detached(), (*field).into(), value.clone());
            }
            out.extend(elem.set(&mut args).unwrap());
        }
        out
    }

    /// Resolves the text style of `rules` and hands it to `f`.
    fn check(rules: &[(Element, &str, Value)], f: impl FnOnce(&Styles, TextStyle)) {
        let styles = styles(rules);
        let style = text_style(&styles);
        f(&styles, style)
    }

    fn em(v: f64) -> Value {
        Value::Length(Length::em(Em::new(v)))
    }

    fn pt(v: f64) -> Value {
        Value::Length(Length::abs(Abs::pt(v)))
    }

    #[test]
    fn text_sizes_fold_from_the_outside_in() {
        check(&[], |_, s| assert_eq!(s.size, Abs::pt(11.0)));
        check(&[(TEXT, "size", pt(20.0)), (TEXT, "size", em(1.5))], |styles, s| {
            assert_eq!(s.size, Abs::pt(30.0));
            assert_eq!(resolve_length(styles, Length::em(Em::new(0.5))), Abs::pt(15.0));
        });
        check(&[(TEXT, "size", em(2.0)), (TEXT, "tracking", em(0.1))], |_, s| {
            assert_eq!(s.size, Abs::pt(22.0));
            assert!((s.tracking.to_pt() - 2.2).abs() < 1e-9);
        });
    }

    #[test]
    fn text_families_are_lowercase_and_ordered() {
        let list = Value::Array(crate::model::Array::from_iter([
            Value::str("DejaVu Sans Mono"),
            Value::str("Libertinus Serif"),
        ]));
        check(&[(TEXT, "font", list)], |_, s| {
            assert_eq!(s.families, ["dejavu sans mono", "libertinus serif"]);
        });
    }

    #[test]
    fn text_weight_and_emphasis_fold() {
        check(&[(TEXT, "weight", Value::str("bold"))], |_, s| {
            assert_eq!(s.variant.weight.to_number(), 700)
        });
        // Two levels of strong emphasis add up and clamp at 900.
        let delta = || (TEXT, "delta", Value::Int(300));
        check(&[delta(), delta(), delta()], |_, s| assert_eq!(s.variant.weight.to_number(), 900));
        check(&[(TEXT, "emph", Value::Bool(true))], |_, s| {
            assert_eq!(s.variant.style, FontStyle::Italic)
        });
        let emph = || (TEXT, "emph", Value::Bool(true));
        check(&[emph(), emph()], |_, s| assert_eq!(s.variant.style, FontStyle::Normal));
        let _ = STRONG;
    }

    #[test]
    fn text_properties_resolve() {
        let rules = [
            (TEXT, "fill", Value::Color(Color::Rgb([1.0, 0.0, 0.0, 1.0]))),
            (TEXT, "lang", Value::str("de")),
            (TEXT, "region", Value::str("ch")),
            (TEXT, "hyphenate", Value::Bool(false)),
            (TEXT, "top-edge", Value::str("ascender")),
            (TEXT, "bottom-edge", pt(2.0)),
            (TEXT, "kerning", Value::Bool(false)),
        ];
        check(&rules, |_, s| {
            assert_eq!(s.fill, Paint::Solid(DocColor::Rgb { r: 1.0, g: 0.0, b: 0.0, a: 1.0 }));
            assert_eq!(s.lang, "de");
            assert_eq!(s.region.as_deref(), Some("CH"));
            assert_eq!(s.hyphenate, Some(false));
            assert_eq!(s.top_edge, TopEdge::Ascender);
            assert_eq!(s.bottom_edge, BottomEdge::Length(Abs::pt(-2.0)));
            assert_eq!(s.features, [Feature { tag: Tag::new(b"kern"), value: 0 }]);
        });
    }

    #[test]
    fn par_properties_resolve() {
        let rules = [
            (TEXT, "size", pt(10.0)),
            (PAR, "justify", Value::Bool(true)),
            (PAR, "leading", em(1.0)),
            (PAR, "first-line-indent", em(2.0)),
            (ALIGN_ELEM, "alignment", Value::Alignment(Alignment::h(ModelHAlign::Center))),
        ];
        let styles = styles(&rules);
        let par = par_style(&styles, Abs::pt(100.0));
        assert!(par.justify);
        assert_eq!(par.leading, Abs::pt(10.0));
        assert_eq!(par.first_line_indent, Abs::pt(20.0));
        assert_eq!(par.align, HAlign::Center);
        assert_eq!(par_spacing(&styles), Abs::pt(12.0));
        let arabic = self::styles(&[(TEXT, "lang", Value::str("ar"))]);
        assert_eq!(par_style(&arabic, Abs::pt(1.0)).dir, Dir::Rtl);
        assert_eq!(par_style(&Styles::new(), Abs::pt(1.0)).leading, Abs::pt(0.65 * 11.0));
    }
}

//! The element kinds a book needs, as static data: one `Element` per kind with its field
//! table (names, accepted types, positional/named/required/settable, defaults) following
//! Typst 0.15's parameter lists. A uniform list, hence longer than most files.
//!
//! `sequence` and `styled` are structural (built by evaluation, not callable);
//! `context` holds the closure of a `context` expression until layout resolves it;
//! `equation` holds its math as content for now (math evaluation comes with math layout).

use ecow::{EcoString, EcoVec, eco_format};
use unicode_segmentation::UnicodeSegmentation;

use super::content::{ElementData, FieldData as F, none};
use super::convert;
use super::fieldcast::{
    self, bottom_edge, default_costs, full_spacing, number_type, number_width, stylistic_set,
    text_costs, text_dir, text_features, text_font, text_region, text_script, text_stretch,
    text_style, top_edge,
};
use super::{Element, Type, Value, mismatch};
use crate::base::{Abs, Em, SourceDiagnostic, SourceResult, Span};

use Type as T;

const CONTENT: &[Type] = &[T::Content];
const BOOL: &[Type] = &[T::Bool];
const LEN: &[Type] = &[T::Length];
const REL: &[Type] = &[T::Relative];
const AUTO_REL: &[Type] = &[T::Auto, T::Relative];
const AUTO_LEN: &[Type] = &[T::Auto, T::Length];
const NONE_CONTENT: &[Type] = &[T::None, T::Content];
const NUMBERING: &[Type] = &[T::None, T::Str, T::Func];
const FILL: &[Type] = &[T::None, T::Color, T::Gradient, T::Tiling];
const INSET: &[Type] = &[T::Relative, T::Dict];
const SPACING: &[Type] = &[T::Relative, T::Fraction];
const ALIGN: &[Type] = &[T::Alignment];

fn auto() -> Value {
    Value::Auto
}
fn yes() -> Value {
    Value::Bool(true)
}
fn no() -> Value {
    Value::Bool(false)
}
fn one() -> Value {
    Value::Int(1)
}
fn zero_len() -> Value {
    Value::Length(super::Length::zero())
}
fn pt(v: f64) -> Value {
    Value::Length(super::Length::abs(Abs::pt(v)))
}
fn em(v: f64) -> Value {
    Value::Length(super::Length::em(Em::new(v)))
}
fn eleven_pt() -> Value {
    pt(11.0)
}
fn black() -> Value {
    Value::Color(super::Color::BLACK)
}
fn empty_dict() -> Value {
    Value::Dict(super::Dict::new())
}
fn leading() -> Value {
    em(0.65)
}
fn par_spacing() -> Value {
    em(1.2)
}
fn a4() -> Value {
    Value::str("a4")
}
fn libertinus() -> Value {
    Value::str("libertinus serif")
}
fn en() -> Value {
    Value::str("en")
}
fn regular() -> Value {
    Value::str("regular")
}
fn normal() -> Value {
    Value::str("normal")
}
fn cover() -> Value {
    Value::str("cover")
}
fn two() -> Value {
    Value::Int(2)
}
fn strong_delta() -> Value {
    Value::Int(300)
}
fn bullet() -> Value {
    let marker = |m: &str| Value::Content(super::Content::text(m));
    Value::Array(super::Array::from_iter([marker("•"), marker("‣"), marker("–")]))
}
/// A highlight's default fill: `rgb("#fffd11a1")`.
fn highlight_yellow() -> Value {
    let [r, g, b, a] = [0xff, 0xfd, 0x11, 0xa1].map(|c: u8| f32::from(c) / 255.0);
    Value::Color(super::Color::Rgb([r, g, b, a]))
}
fn zero_rel() -> Value {
    Value::Relative(super::Rel { abs: super::Length::zero(), rel: super::Ratio(0.0) })
}
fn clearance() -> Value {
    em(1.5)
}
/// The gutter between columns: 4%.
fn column_gutter() -> Value {
    Value::Relative(super::Ratio(0.04).into())
}
fn zero_deg() -> Value {
    Value::Angle(crate::base::Angle::zero())
}
fn center_horizon() -> Value {
    Value::Alignment(super::Alignment {
        x: Some(super::HAlign::Center),
        y: Some(super::VAlign::Horizon),
    })
}
/// A table cell's inset: `0% + 5pt` on every side.
fn table_inset() -> Value {
    Value::Relative(super::Length::abs(Abs::pt(5.0)).into())
}
/// A box's baseline: the content's own, not shifted.
fn box_baseline() -> Value {
    let mut parts = super::Dict::new();
    parts.insert("at".into(), Value::Auto);
    parts.insert("shift".into(), Value::Relative(super::Rel::default()));
    Value::Dict(parts)
}
/// A line's stroke when none is set: Typst's stroke with every part automatic (drawn as
/// `1pt + black`, its repr).
fn line_stroke() -> Value {
    Value::Stroke(std::sync::Arc::new(super::Stroke::default()))
}
fn non_zero() -> Value {
    Value::str("non-zero")
}
/// A line's start: `(0% + 0pt, 0% + 0pt)`.
fn origin() -> Value {
    let zero = Value::Relative(super::Rel { abs: super::Length::zero(), rel: super::Ratio(0.0) });
    Value::Array(super::Array::from_iter([zero.clone(), zero]))
}
fn thirty_pt() -> Value {
    Value::Relative(super::Length::abs(Abs::pt(30.0)).into())
}
fn top_align() -> Value {
    Value::Alignment(super::Alignment { x: None, y: Some(super::VAlign::Top) })
}

/// `pdf.artifact`'s default kind.
fn artifact_other() -> Value {
    Value::Str("other".into())
}

fn arabic() -> Value {
    Value::str("1")
}
fn column() -> Value {
    Value::str("column")
}
fn figure_gap() -> Value {
    em(0.65)
}
/// A term list's separator: `h(0.6em, weak: true)`.
fn terms_separator() -> Value {
    Value::Content(
        super::Content::new(H).with_field("amount", em(0.6)).with_field("weak", Value::Bool(true)),
    )
}
fn enum_numbering() -> Value {
    Value::str("1.")
}
fn indent_half_em() -> Value {
    em(0.5)
}
fn start_top() -> Value {
    Value::Alignment(super::Alignment {
        x: Some(super::HAlign::Start),
        y: Some(super::VAlign::Top),
    })
}
fn ttb() -> Value {
    Value::Direction(super::Dir::Ttb)
}
fn two_em() -> Value {
    em(2.0)
}
fn hundred_percent() -> Value {
    Value::Ratio(super::Ratio(1.0))
}
fn cap_height() -> Value {
    Value::str("cap-height")
}
fn baseline() -> Value {
    Value::str("baseline")
}
fn empty_array() -> Value {
    Value::Array(super::Array::new())
}
fn zero() -> Value {
    Value::Int(0)
}
fn ascender() -> Value {
    Value::str("ascender")
}
fn descender() -> Value {
    Value::str("descender")
}
fn end() -> Value {
    Value::Alignment(super::Alignment::h(super::HAlign::End))
}
fn end_horizon() -> Value {
    Value::Alignment(super::Alignment {
        x: Some(super::HAlign::End),
        y: Some(super::VAlign::Horizon),
    })
}
fn bottom() -> Value {
    Value::Alignment(super::Alignment { x: None, y: Some(super::VAlign::Bottom) })
}
fn start() -> Value {
    Value::Alignment(super::Alignment::h(super::HAlign::Start))
}
fn three() -> Value {
    Value::Int(3)
}
fn one_em() -> Value {
    em(1.0)
}
fn half_em() -> Value {
    em(0.5)
}
fn document() -> Value {
    Value::str("document")
}
/// An outline's target: headings.
fn heading_func() -> Value {
    Value::Selector(std::sync::Arc::new(super::Selector::Elem(HEADING, None)))
}
/// A footnote entry's separator: `line(length: 30%, stroke: 0.05em)`.
fn footnote_separator() -> Value {
    let stroke =
        super::Stroke { thickness: Some(super::Length::em(Em::new(0.05))), ..Default::default() };
    let length = super::Rel { abs: super::Length::zero(), rel: super::Ratio(0.3) };
    Value::Content(
        super::Content::new(LINE)
            .with_field("length", Value::Relative(length))
            .with_field("stroke", Value::Stroke(std::sync::Arc::new(stroke))),
    )
}
/// An outline entry's fill: `repeat(gap: 0.15em)[.]`.
fn outline_fill() -> Value {
    Value::Content(
        super::Content::new(REPEAT)
            .with_field("body", Value::Content(super::Content::text(".")))
            .with_field("gap", em(0.15)),
    )
}
/// A footnote entry's note given as content becomes a footnote.
fn footnote_note(value: Value, _: Span, _: &mut EcoVec<SourceDiagnostic>) -> SourceResult<Value> {
    Ok(match value {
        Value::Content(body) if !body.is(FOOTNOTE) => {
            let span = body.span();
            Value::Content(
                super::Content::new(FOOTNOTE)
                    .with_field("body", Value::Content(body))
                    .spanned(span),
            )
        }
        other => other,
    })
}

/// A figure's caption given as content becomes a `figure.caption`.
fn caption(value: Value, _: Span, _: &mut EcoVec<SourceDiagnostic>) -> SourceResult<Value> {
    Ok(match value {
        Value::Content(body) if !body.is(FIGURE_CAPTION) => {
            let span = body.span();
            Value::Content(
                super::Content::new(FIGURE_CAPTION)
                    .with_field("body", Value::Content(body))
                    .spanned(span),
            )
        }
        other => other,
    })
}

/// Declares a static element.
macro_rules! element {
    ($(#[$attr:meta])* $id:ident = $name:literal, $title:literal, [$($field:expr),* $(,)?] $(, scope: [$($child:expr),*])? $(, styles_body: $sb:literal)?) => {
        $(#[$attr])*
        pub static $id: Element = Element(&ElementData {
            name: $name,
            title: $title,
            fields: &[$($field),*],
            scope: &[$($(&$child),*)?],
            styles_body: false $(|| $sb)?,
        });
    };
}

element!(
    /// A sequence of content: what markup and joins produce.
    SEQUENCE = "sequence", "Sequence", [F::variadic("children", CONTENT)]
);
element!(
    /// Content with styles applied.
    STYLED = "styled", "Styled", [F::required("child", CONTENT), F::required("styles", &[T::Styles])]
);
element!(
    /// A piece of text; calling `text(..)[body]` styles the body instead.
    TEXT = "text", "Text", [
        F::named("font", &[], libertinus).cast_with(text_font),
        F::named("fallback", BOOL, yes),
        F::named("style", &[], normal).cast_with(text_style),
        F::named("weight", &[], regular).cast_with(convert::font_weight),
        F::named("stretch", &[T::Ratio], hundred_percent).cast_with(text_stretch),
        F::find("size", LEN, eleven_pt),
        F::find("fill", &[T::Color, T::Gradient, T::Tiling], black)
            .cast_with(super::paintcast::text_fill),
        F::named("stroke", &[T::None, T::Stroke], none),
        F::named("tracking", LEN, zero_len),
        F::named("spacing", REL, full_spacing),
        F::named("cjk-latin-spacing", &[T::None, T::Auto], auto),
        F::named("baseline", LEN, zero_len),
        F::named("overhang", BOOL, yes),
        F::named("top-edge", &[], cap_height).cast_with(top_edge),
        F::named("bottom-edge", &[], baseline).cast_with(bottom_edge),
        F::named("lang", &[T::Str], en).cast_with(convert::lang),
        F::named("region", &[T::None, T::Str], none).cast_with(text_region),
        F::named("script", &[T::Auto, T::Str], auto).cast_with(text_script),
        F::named("dir", &[T::Auto, T::Direction], auto).cast_with(text_dir),
        F::named("hyphenate", &[T::Auto, T::Bool], auto),
        F::named("costs", &[T::Dict], default_costs).cast_with(text_costs),
        F::named("kerning", BOOL, yes),
        F::named("alternates", &[T::Bool, T::Int], zero).cast_with(fieldcast::alternates),
        F::named("stylistic-set", &[], empty_array).cast_with(stylistic_set),
        F::named("ligatures", BOOL, yes),
        F::named("discretionary-ligatures", BOOL, no),
        F::named("historical-ligatures", BOOL, no),
        F::named("number-type", &[], auto).cast_with(number_type),
        F::named("number-width", &[], auto).cast_with(number_width),
        F::named("slashed-zero", BOOL, no),
        F::named("fractions", BOOL, no),
        F::named("features", &[T::Array, T::Dict], empty_dict).cast_with(text_features),
        F::named("variations", &[], empty_dict).cast_with(fieldcast::text_variations),
        F::named("delta", &[T::Int], none),
        F::named("emph", BOOL, no),
        // `upper`/`lower` of content: "upper" or "lower".
        F::internal("case"),
        F::required("text", &[T::Str]),
    ], styles_body: true
);
element!(
    /// A space between words.
    SPACE = "space", "Space", []
);
element!(
    /// A forced line break.
    LINEBREAK = "linebreak", "Line Break", [F::named("justify", BOOL, no)]
);
element!(
    /// A paragraph break.
    PARBREAK = "parbreak", "Paragraph Break", []
);
element!(
    /// A quote that becomes typographic according to its context.
    SMARTQUOTE = "smartquote", "Smart Quote", [
        F::named("double", BOOL, yes),
        F::named("enabled", BOOL, yes),
        F::named("alternative", BOOL, no),
        F::named("quotes", &[T::Dict, T::Array, T::Str, T::Auto], auto).cast_with(smartquotes),
    ]
);
element!(
    /// Strongly emphasized content.
    STRONG = "strong", "Strong", [F::named("delta", &[T::Int], strong_delta), F::required("body", CONTENT)]
);
element!(
    /// Emphasized content.
    EMPH = "emph", "Emphasis", [F::required("body", CONTENT)]
);
element!(
    /// Raw text, possibly highlighted.
    RAW = "raw", "Raw Text", [
        F::required("text", &[T::Str]),
        F::named("block", BOOL, no),
        F::named("lang", &[T::None, T::Str], none),
        F::named("align", ALIGN, start).cast_with(fieldcast::raw_align),
        F::named("syntaxes", &[], empty_array).cast_with(fieldcast::raw_syntaxes),
        F::named("theme", &[T::Path, T::Str, T::Bytes, T::None, T::Auto], auto),
        F::named("tab-size", &[T::Int], two).cast_with(fieldcast::non_negative),
        F::synthesized("lines"),
    ], scope: [RAW_LINE]
);
element!(
    /// A hyperlink.
    LINK = "link", "Link", [
        F::required("dest", &[T::Str, T::Dict, T::Location, T::Label]).cast_with(fieldcast::link_dest),
        // Optional for URL destinations, which then show themselves; not settable.
        F { settable: false, ..F::positional("body", CONTENT, none) },
    ]
);
element!(
    /// A reference to a label.
    REF = "ref", "Reference", [
        F::required("target", &[T::Label]),
        F::named("supplement", &[T::None, T::Auto, T::Content, T::Func], auto),
        F::named("form", &[], normal).cast_with(ref_form),
        F::synthesized("citation"),
        F::synthesized("element"),
    ]
);
element!(
    /// A section heading.
    HEADING = "heading", "Heading", [
        F::named("level", &[T::Int, T::Auto], auto).cast_with(convert::positive),
        F::named("depth", &[T::Int], one).cast_with(convert::positive),
        F::named("offset", &[T::Int], zero).cast_with(fieldcast::non_negative),
        F::named("numbering", NUMBERING, none).cast_with(fieldcast::numbering),
        F::named("supplement", &[T::None, T::Auto, T::Content, T::Func], auto),
        F::named("outlined", BOOL, yes),
        F::named("bookmarked", &[T::Auto, T::Bool], auto),
        F::named("hanging-indent", AUTO_LEN, auto),
        F::required("body", CONTENT),
    ]
);
element!(
    /// An item of a bullet list.
    LIST_ITEM = "list.item", "List Item", [F::required("body", CONTENT)]
);
element!(
    /// A bullet list.
    LIST = "list", "Bullet List", [
        F::named("tight", BOOL, yes),
        F::named("marker", &[T::Content, T::Array, T::Func], bullet).cast_with(fieldcast::list_marker),
        F::named("indent", LEN, zero_len),
        F::named("body-indent", LEN, indent_half_em),
        F::named("spacing", AUTO_LEN, auto),
        F::named("marker-align", ALIGN, end),
        F::internal("depth"),
        F::variadic("children", CONTENT).cast_with(convert::list_child),
    ], scope: [LIST_ITEM]
);
element!(
    /// An item of a numbered list.
    ENUM_ITEM = "enum.item", "Numbered List Item", [
        F::positional("number", &[T::Auto, T::None, T::Int], auto).cast_with(fieldcast::non_negative),
        F::required("body", CONTENT),
    ]
);
element!(
    /// A numbered list.
    ENUM = "enum", "Numbered List", [
        F::named("tight", BOOL, yes),
        F::named("numbering", &[T::Str, T::Func], enum_numbering).cast_with(fieldcast::numbering),
        F::named("start", &[T::Auto, T::Int], auto).cast_with(fieldcast::non_negative),
        F::named("full", BOOL, no),
        F::named("reversed", BOOL, no),
        F::named("indent", LEN, zero_len),
        F::named("body-indent", LEN, indent_half_em),
        F::named("spacing", AUTO_LEN, auto),
        F::named("number-align", ALIGN, end),
        F::internal("depth"),
        F::internal("parents"),
        F::variadic("children", &[]).cast_with(convert::enum_child),
    ], scope: [ENUM_ITEM]
);
element!(
    /// An item of a term list.
    TERM_ITEM = "terms.item", "Term", [F::required("term", CONTENT), F::required("description", CONTENT)]
);
element!(
    /// A list of terms and their descriptions.
    TERMS = "terms", "Term List", [
        F::named("tight", BOOL, yes),
        F::named("separator", CONTENT, terms_separator),
        F::named("indent", LEN, zero_len),
        F::named("hanging-indent", LEN, two_em),
        F::named("spacing", AUTO_LEN, auto),
        F::variadic("children", &[]).cast_with(convert::terms_child),
    ], scope: [TERM_ITEM]
);
element!(
    /// A mathematical equation.
    EQUATION = "math.equation", "Equation", [
        F::named("block", BOOL, no),
        F::named("numbering", NUMBERING, none).cast_with(fieldcast::numbering),
        F::named("number-align", ALIGN, end_horizon).cast_with(super::equation_number_align),
        F::named("supplement", &[T::None, T::Auto, T::Content, T::Func], auto),
        F::named("alt", &[T::None, T::Str], none),
        F::required("body", CONTENT),
    ]
);
element!(
    /// The value of a `context` expression, computed at layout time.
    CONTEXT = "context", "Context", [F::internal("func")]
);
element!(
    /// A paragraph.
    PAR = "par", "Paragraph", [
        F::named("leading", LEN, leading),
        F::named("spacing", LEN, par_spacing),
        F::named("justify", BOOL, no),
        F::named("justification-limits", &[T::Dict], fieldcast::justification_limits)
            .cast_with(fieldcast::check_justification_limits),
        F::named("linebreaks", &[], auto).cast_with(fieldcast::linebreaks),
        F::named("first-line-indent", &[T::Length, T::Dict], fieldcast::no_indent)
            .cast_with(fieldcast::first_line_indent),
        F::named("hanging-indent", LEN, zero_len),
        F::required("body", CONTENT),
    ], scope: [PAR_LINE]
);
element!(
    /// Page setup (only settable; a page is made by the flow).
    PAGE = "page", "Page", [
        F::find("paper", &[], a4).cast_with(fieldcast::paper),
        F::named("width", AUTO_LEN, auto),
        F::named("height", AUTO_LEN, auto),
        F::named("flipped", BOOL, no),
        F::named("margin", &[], auto).cast_with(super::sides::margin),
        F::named("bleed", &[], empty_dict).cast_with(fieldcast::page_bleed),
        F::named("binding", &[], auto).cast_with(super::sides::binding),
        F::named("columns", &[T::Int], one).cast_with(convert::positive),
        F::named("fill", &[], auto).cast_with(super::paintcast::paint_or_auto),
        F::named("numbering", NUMBERING, none).cast_with(fieldcast::numbering),
        F::named("supplement", &[T::None, T::Auto, T::Content], auto),
        F::named("number-align", ALIGN, super::sides::center_bottom).cast_with(super::sides::number_align),
        F::named("header", &[T::None, T::Auto, T::Content], auto),
        F::named("header-ascent", REL, none),
        F::named("footer", &[T::None, T::Auto, T::Content], auto),
        F::named("footer-descent", REL, none),
        F::named("background", NONE_CONTENT, none),
        F::named("foreground", NONE_CONTENT, none),
        F::required("body", CONTENT),
    ]
);
element!(
    /// A manual page break.
    /// `boundary` marks the break that `page(..)[body]` puts after its body.
    PAGEBREAK = "pagebreak", "Page Break", [
        F::named("weak", BOOL, no),
        F::named("to", &[], none).cast_with(convert::parity),
        F::internal("boundary"),
    ]
);
element!(
    /// A manual column break.
    COLBREAK = "colbreak", "Column Break", [F::named("weak", BOOL, no)]
);
element!(
    /// Horizontal spacing.
    H = "h", "Horizontal Spacing", [F::required("amount", SPACING).as_spacing(), F::named("weak", BOOL, no)]
);
element!(
    /// Vertical spacing.
    V = "v", "Vertical Spacing", [F::required("amount", SPACING).as_spacing(), F::named("weak", BOOL, no)]
);
element!(
    /// Aligned content.
    ALIGN_ELEM = "align", "Align", [F::positional("alignment", ALIGN, start_top), F::required("body", CONTENT)]
);
element!(
    /// A block-level container.
    BLOCK = "block", "Block", [
        F::named("width", AUTO_REL, auto),
        F::named("height", &[T::Auto, T::Relative, T::Fraction], auto),
        F::named("breakable", BOOL, yes),
        F::named("fill", FILL, none),
        F::named("stroke", &[], empty_dict).cast_with(super::paintcast::container_stroke),
        F::named("radius", &[T::Relative, T::Dict], super::sides::unset).cast_with(super::sides::corners),
        F::named("inset", INSET, super::sides::unset).cast_with(super::sides::sides),
        F::named("outset", INSET, super::sides::unset).cast_with(super::sides::sides),
        F::named("spacing", &[T::Auto, T::Relative, T::Fraction], none).as_spacing(),
        F::named("above", &[T::Auto, T::Relative, T::Fraction], auto).as_spacing(),
        F::named("below", &[T::Auto, T::Relative, T::Fraction], auto).as_spacing(),
        F::named("clip", BOOL, no),
        F::named("sticky", BOOL, no),
        F::positional("body", &[T::None, T::Content], none),
    ]
);
element!(
    /// An inline-level container.
    BOX = "box", "Box", [
        F::named("width", &[T::Auto, T::Relative, T::Fraction], auto),
        F::named("height", AUTO_REL, auto),
        F::named("baseline", &[], box_baseline).cast_with(fieldcast::box_baseline),
        F::named("fill", FILL, none),
        F::named("stroke", &[], empty_dict).cast_with(super::paintcast::container_stroke),
        F::named("radius", &[T::Relative, T::Dict], super::sides::unset).cast_with(super::sides::corners),
        F::named("inset", INSET, super::sides::unset).cast_with(super::sides::sides),
        F::named("outset", INSET, super::sides::unset).cast_with(super::sides::sides),
        F::named("clip", BOOL, no),
        F::positional("body", &[T::None, T::Content], none),
    ]
);
element!(
    /// Padding around content.
    PAD = "pad", "Padding", [
        F::named("left", REL, zero_rel),
        F::named("top", REL, zero_rel),
        F::named("right", REL, zero_rel),
        F::named("bottom", REL, zero_rel),
        F::named("x", REL, none),
        F::named("y", REL, none),
        F::find("rest", REL, none),
        F::required("body", CONTENT),
    ]
);
element!(
    /// Items stacked along an axis.
    STACK = "stack", "Stack", [
        F::named("dir", &[T::Direction], ttb),
        F::named("spacing", &[T::None, T::Relative, T::Fraction], none).as_spacing(),
        F::variadic("children", &[T::Relative, T::Fraction, T::Content]).as_spacing(),
    ]
);
element!(
    /// A raster or vector image.
    IMAGE = "image", "Image", [
        F::required("source", &[T::Path, T::Str, T::Bytes]),
        F::named("format", &[], auto).cast_with(fieldcast::image_format),
        F::named("width", AUTO_REL, auto),
        F::named("height", &[T::Auto, T::Relative, T::Fraction], auto),
        F::named("alt", &[T::None, T::Str], none),
        F::named("page", &[T::Int], one).cast_with(convert::positive),
        F::named("fit", &[], cover).cast_with(fieldcast::image_fit),
        F::named("scaling", &[], auto).cast_with(fieldcast::image_scaling),
        F::named("icc", &[T::Path, T::Str, T::Bytes, T::Auto], auto),
    ]
);
element!(
    /// A rectangle.
    RECT = "rect", "Rectangle", [
        F::named("width", AUTO_REL, auto),
        F::named("height", &[T::Auto, T::Relative, T::Fraction], auto),
        F::named("fill", FILL, none),
        F::named("stroke", &[], auto).cast_with(super::paintcast::shape_stroke),
        F::named("radius", &[T::Relative, T::Dict], super::sides::unset).cast_with(super::sides::corners),
        F::named("inset", INSET, super::sides::shape_inset).cast_with(super::sides::sides),
        F::named("outset", INSET, super::sides::unset).cast_with(super::sides::sides),
        F::positional("body", &[T::None, T::Content], none),
    ]
);
element!(
    /// A square.
    SQUARE = "square", "Square", [
        F::named("size", &[T::Auto, T::Length], auto),
        F::named("width", AUTO_REL, auto),
        F::named("height", &[T::Auto, T::Relative, T::Fraction], auto),
        F::named("fill", FILL, none),
        F::named("stroke", &[], auto).cast_with(super::paintcast::shape_stroke),
        F::named("radius", &[T::Relative, T::Dict], super::sides::unset).cast_with(super::sides::corners),
        F::named("inset", INSET, super::sides::shape_inset).cast_with(super::sides::sides),
        F::named("outset", INSET, super::sides::unset).cast_with(super::sides::sides),
        F::positional("body", &[T::None, T::Content], none),
    ]
);
element!(
    /// A circle.
    CIRCLE = "circle", "Circle", [
        F::named("radius", AUTO_LEN, none),
        F::named("width", AUTO_REL, auto),
        F::named("height", &[T::Auto, T::Relative, T::Fraction], auto),
        F::named("fill", FILL, none),
        F::named("stroke", &[], auto).cast_with(super::paintcast::plain_stroke),
        F::named("inset", INSET, super::sides::shape_inset).cast_with(super::sides::sides),
        F::named("outset", INSET, super::sides::unset).cast_with(super::sides::sides),
        F::positional("body", &[T::None, T::Content], none),
    ]
);
element!(
    /// An ellipse.
    ELLIPSE = "ellipse", "Ellipse", [
        F::named("width", AUTO_REL, auto),
        F::named("height", &[T::Auto, T::Relative, T::Fraction], auto),
        F::named("fill", FILL, none),
        F::named("stroke", &[], auto).cast_with(super::paintcast::plain_stroke),
        F::named("inset", INSET, super::sides::shape_inset).cast_with(super::sides::sides),
        F::named("outset", INSET, super::sides::unset).cast_with(super::sides::sides),
        F::positional("body", &[T::None, T::Content], none),
    ]
);
element!(
    /// A line.
    LINE = "line", "Line", [
        F::named("start", &[T::Array], origin).cast_with(super::curve::point),
        F::named("end", &[T::None, T::Array], none).cast_with(super::curve::point),
        F::named("length", REL, thirty_pt),
        F::named("angle", &[T::Angle], zero_deg),
        F::named("stroke", &[], line_stroke).cast_with(super::paintcast::line_stroke),
    ]
);
element!(
    /// A header of a grid, repeated on each page.
    GRID_HEADER = "grid.header", "Grid Header", [
        F::named("repeat", BOOL, yes),
        F::named("level", &[T::Int], one).cast_with(convert::positive),
        F::variadic("children", CONTENT).cast_with(convert::grid_group_child),
    ]
);
element!(
    /// A footer of a grid, repeated on each page.
    GRID_FOOTER = "grid.footer", "Grid Footer", [
        F::named("repeat", BOOL, yes),
        F::variadic("children", CONTENT).cast_with(convert::grid_group_child),
    ]
);
element!(
    /// A horizontal line in a grid.
    GRID_HLINE = "grid.hline", "Grid Horizontal Line", [
        F::named("y", &[T::Auto, T::Int], auto).cast_with(fieldcast::non_negative),
        F::named("start", &[T::Int], zero).cast_with(fieldcast::non_negative),
        F::named("end", &[T::None, T::Int], none).cast_with(fieldcast::positive_or_none),
        F::named("stroke", &[T::None, T::Stroke], super::paintcast::default_stroke),
        F::named("position", &[], top_align).cast_with(fieldcast::hline_position),
    ]
);
element!(
    /// A vertical line in a grid.
    GRID_VLINE = "grid.vline", "Grid Vertical Line", [
        F::named("x", &[T::Auto, T::Int], auto).cast_with(fieldcast::non_negative),
        F::named("start", &[T::Int], zero).cast_with(fieldcast::non_negative),
        F::named("end", &[T::None, T::Int], none).cast_with(fieldcast::positive_or_none),
        F::named("stroke", &[T::None, T::Stroke], super::paintcast::default_stroke),
        F::named("position", &[], start).cast_with(fieldcast::vline_position),
    ]
);
element!(
    /// A cell of a grid.
    GRID_CELL = "grid.cell", "Grid Cell", [
        F::required("body", CONTENT),
        F::named("x", &[T::Auto, T::Int], auto).cast_with(fieldcast::non_negative),
        F::named("y", &[T::Auto, T::Int], auto).cast_with(fieldcast::non_negative),
        F::named("colspan", &[T::Int], one).cast_with(convert::positive),
        F::named("rowspan", &[T::Int], one).cast_with(convert::positive),
        F::named("inset", &[T::Auto, T::Relative, T::Dict], auto).cast_with(super::sides::sides_each),
        F::named("align", &[T::Auto, T::Alignment], auto),
        F::named("fill", &[], auto).cast_with(super::paintcast::paint_or_auto),
        F::named("stroke", &[], empty_dict).cast_with(super::paintcast::container_stroke),
        F::named("breakable", &[T::Auto, T::Bool], auto),
    ]
);
element!(
    /// Content arranged in a grid.
    GRID = "grid", "Grid", [
        F::named("columns", &[T::Auto, T::Relative, T::Fraction, T::Int, T::Array], empty_array).cast_with(fieldcast::track_sizes),
        F::named("rows", &[T::Auto, T::Relative, T::Fraction, T::Int, T::Array], empty_array).cast_with(fieldcast::track_sizes),
        F::named("gutter", &[T::Auto, T::Relative, T::Fraction, T::Int, T::Array], empty_array).cast_with(fieldcast::track_sizes),
        F::named("column-gutter", &[T::Auto, T::Relative, T::Fraction, T::Int, T::Array], empty_array).cast_with(fieldcast::track_sizes),
        F::named("row-gutter", &[T::Auto, T::Relative, T::Fraction, T::Int, T::Array], empty_array).cast_with(fieldcast::track_sizes),
        F::named("inset", &[T::Relative, T::Dict, T::Array, T::Func], empty_dict).cast_with(super::sides::sides_each),
        F::named("align", &[], auto).cast_with(fieldcast::celled_align),
        F::named("fill", &[], none).cast_with(super::paintcast::celled_paint),
        F::named("stroke", &[], empty_dict).cast_with(fieldcast::celled_stroke),
        F::variadic("children", CONTENT).cast_with(convert::grid_child),
    ], scope: [GRID_CELL, GRID_HEADER, GRID_FOOTER, GRID_HLINE, GRID_VLINE]
);
element!(
    /// A header of a table, repeated on each page.
    TABLE_HEADER = "table.header", "Table Header", [
        F::named("repeat", BOOL, yes),
        F::named("level", &[T::Int], one).cast_with(convert::positive),
        F::variadic("children", CONTENT).cast_with(convert::table_group_child),
    ]
);
element!(
    /// A footer of a table, repeated on each page.
    TABLE_FOOTER = "table.footer", "Table Footer", [
        F::named("repeat", BOOL, yes),
        F::variadic("children", CONTENT).cast_with(convert::table_group_child),
    ]
);
element!(
    /// A horizontal line in a table.
    TABLE_HLINE = "table.hline", "Table Horizontal Line", [
        F::named("y", &[T::Auto, T::Int], auto).cast_with(fieldcast::non_negative),
        F::named("start", &[T::Int], zero).cast_with(fieldcast::non_negative),
        F::named("end", &[T::None, T::Int], none).cast_with(fieldcast::positive_or_none),
        F::named("stroke", &[T::None, T::Stroke], super::paintcast::default_stroke),
        F::named("position", &[], top_align).cast_with(fieldcast::hline_position),
    ]
);
element!(
    /// A vertical line in a table.
    TABLE_VLINE = "table.vline", "Table Vertical Line", [
        F::named("x", &[T::Auto, T::Int], auto).cast_with(fieldcast::non_negative),
        F::named("start", &[T::Int], zero).cast_with(fieldcast::non_negative),
        F::named("end", &[T::None, T::Int], none).cast_with(fieldcast::positive_or_none),
        F::named("stroke", &[T::None, T::Stroke], super::paintcast::default_stroke),
        F::named("position", &[], start).cast_with(fieldcast::vline_position),
    ]
);
element!(
    /// A cell of a table.
    TABLE_CELL = "table.cell", "Table Cell", [
        F::required("body", CONTENT),
        F::named("x", &[T::Auto, T::Int], auto).cast_with(fieldcast::non_negative),
        F::named("y", &[T::Auto, T::Int], auto).cast_with(fieldcast::non_negative),
        F::named("colspan", &[T::Int], one).cast_with(convert::positive),
        F::named("rowspan", &[T::Int], one).cast_with(convert::positive),
        F::named("inset", &[T::Auto, T::Relative, T::Dict], auto).cast_with(super::sides::sides_each),
        F::named("align", &[T::Auto, T::Alignment], auto),
        F::named("fill", &[], auto).cast_with(super::paintcast::paint_or_auto),
        F::named("stroke", &[], empty_dict).cast_with(super::paintcast::container_stroke),
        F::named("breakable", &[T::Auto, T::Bool], auto),
    ]
);
element!(
    /// A table.
    TABLE = "table", "Table", [
        F::named("columns", &[T::Auto, T::Relative, T::Fraction, T::Int, T::Array], empty_array).cast_with(fieldcast::track_sizes),
        F::named("rows", &[T::Auto, T::Relative, T::Fraction, T::Int, T::Array], empty_array).cast_with(fieldcast::track_sizes),
        F::named("gutter", &[T::Auto, T::Relative, T::Fraction, T::Int, T::Array], empty_array).cast_with(fieldcast::track_sizes),
        F::named("column-gutter", &[T::Auto, T::Relative, T::Fraction, T::Int, T::Array], empty_array).cast_with(fieldcast::track_sizes),
        F::named("row-gutter", &[T::Auto, T::Relative, T::Fraction, T::Int, T::Array], empty_array).cast_with(fieldcast::track_sizes),
        F::named("inset", &[T::Relative, T::Dict, T::Array, T::Func], table_inset).cast_with(super::sides::sides_each),
        F::named("align", &[], auto).cast_with(fieldcast::celled_align),
        F::named("fill", &[], none).cast_with(super::paintcast::celled_paint),
        F::named("stroke", &[], super::paintcast::default_stroke).cast_with(fieldcast::celled_stroke),
        F::variadic("children", CONTENT).cast_with(convert::table_child),
    ], scope: [TABLE_CELL, TABLE_HEADER, TABLE_FOOTER, TABLE_HLINE, TABLE_VLINE]
);
element!(
    /// A document of a bundle, or (in set rules) the document's metadata. Paged
    /// export refuses to show a constructed one, as Typst does.
    DOCUMENT = "document", "Document", [
        F::required("path", &[T::Str]).cast_with(convert::bundle_path),
        F::named("format", &[], auto).cast_with(convert::document_format),
        F::named("title", NONE_CONTENT, none),
        F::named("author", &[T::Str, T::Array], empty_array).cast_with(fieldcast::string_list),
        F::named("description", NONE_CONTENT, none),
        F::named("keywords", &[T::Str, T::Array], empty_array).cast_with(fieldcast::string_list),
        F::named("date", &[T::None, T::Auto, T::Datetime], auto),
        F::required("body", CONTENT),
    ]
);
element!(
    /// A file attached to the PDF (`pdf.attach`).
    PDF_ATTACH = "pdf.attach", "Attach", [
        F::required("path", &[T::Str]),
        F::required("data", &[T::Bytes]),
        F::named("relationship", &[], none).cast_with(convert::attach_relationship),
        F::named("mime-type", &[T::None, T::Str], none),
        F::named("description", &[T::None, T::Str], none),
    ]
);
element!(
    /// Content marked as a PDF artifact, not read by assistive technology
    /// (`pdf.artifact`).
    PDF_ARTIFACT = "pdf.artifact", "Artifact", [
        F::named("kind", &[], artifact_other).cast_with(convert::artifact_kind),
        F::required("body", CONTENT),
    ]
);
element!(
    /// A footnote.
    FOOTNOTE = "footnote", "Footnote", [
        F::named("numbering", &[T::Str, T::Func], arabic).cast_with(fieldcast::numbering),
        F::required("body", &[T::Content, T::Label]),
    ], scope: [FOOTNOTE_ENTRY]
);
element!(
    /// A figure with an optional caption.
    FIGURE = "figure", "Figure", [
        F::required("body", CONTENT),
        F::named("alt", &[T::None, T::Str], none),
        F::named("placement", &[], none).cast_with(fieldcast::figure_placement),
        F::named("scope", &[], column).cast_with(fieldcast::figure_scope),
        F::named("caption", &[T::Content, T::None], none).cast_with(caption),
        F::named("kind", &[T::Auto, T::Func, T::Str], auto),
        F::named("supplement", &[T::None, T::Auto, T::Content, T::Func], auto),
        F::named("numbering", NUMBERING, arabic).cast_with(fieldcast::numbering),
        F::named("gap", LEN, figure_gap),
        F::named("outlined", BOOL, yes),
        F::synthesized("counter"),
    ], scope: [FIGURE_CAPTION]
);
element!(
    /// A table of contents.
    OUTLINE = "outline", "Outline", [
        F::named("title", &[T::None, T::Auto, T::Content], auto),
        F::named("target", &[], heading_func).cast_with(fieldcast::outline_target),
        F::named("depth", &[T::None, T::Int], none).cast_with(convert::positive),
        F::named("indent", &[T::Auto, T::Relative, T::Func], auto),
    ], scope: [OUTLINE_ENTRY]
);
element!(
    /// Content placed relative to its parent, out of the flow or floating.
    PLACE = "place", "Place", [
        F::positional("alignment", &[T::Auto, T::Alignment], start),
        F::named("scope", &[], column).cast_with(convert::place_scope),
        F::named("float", BOOL, no),
        F::named("clearance", LEN, clearance),
        F::named("dx", REL, zero_rel),
        F::named("dy", REL, zero_rel),
        F::required("body", CONTENT),
    ], scope: [PLACE_FLUSH]
);
element!(
    /// Places the floats still waiting before any further content (`place.flush`).
    PLACE_FLUSH = "place.flush", "Flush", []
);
element!(
    /// Content in columns.
    COLUMNS = "columns", "Columns", [
        F::positional("count", &[T::Int], two).cast_with(convert::positive),
        F::named("gutter", REL, column_gutter),
        F::required("body", CONTENT),
    ]
);
element!(
    /// Hidden content that still takes space.
    HIDE = "hide", "Hide", [F::required("body", CONTENT)]
);
element!(
    /// Underlined text.
    UNDERLINE = "underline", "Underline", [
        F::named("stroke", &[T::Auto, T::Stroke], auto),
        F::named("offset", &[T::Auto, T::Length], auto),
        F::named("extent", LEN, zero_len),
        F::named("evade", BOOL, yes),
        F::named("background", BOOL, no),
        F::required("body", CONTENT),
    ]
);
element!(
    /// Struck-through text.
    STRIKE = "strike", "Strikethrough", [
        F::named("stroke", &[T::Auto, T::Stroke], auto),
        F::named("offset", &[T::Auto, T::Length], auto),
        F::named("extent", LEN, zero_len),
        F::named("background", BOOL, no),
        F::required("body", CONTENT),
    ]
);
element!(
    /// Highlighted text.
    HIGHLIGHT = "highlight", "Highlight", [
        F::named("fill", FILL, highlight_yellow),
        F::named("stroke", &[], empty_dict).cast_with(super::paintcast::container_stroke),
        F::named("top-edge", &[], ascender).cast_with(top_edge),
        F::named("bottom-edge", &[], descender).cast_with(bottom_edge),
        F::named("extent", LEN, zero_len),
        F::named("radius", &[T::Relative, T::Dict], empty_dict).cast_with(super::sides::corners),
        F::required("body", CONTENT),
    ]
);
element!(
    /// A quotation.
    QUOTE = "quote", "Quote", [
        F::named("block", BOOL, no),
        F::named("quotes", &[T::Auto, T::Bool], auto),
        F::named("attribution", &[T::None, T::Content, T::Label], none),
        F::required("body", CONTENT),
    ]
);

element!(
    /// Text in small capitals.
    SMALLCAPS = "smallcaps", "Small Capitals", [F::named("all", BOOL, no), F::required("body", CONTENT)]
);
element!(
    /// Subscript text.
    SUB = "sub", "Subscript", [
        F::named("typographic", BOOL, yes),
        F::named("baseline", AUTO_LEN, auto),
        F::named("size", AUTO_LEN, auto),
        F::required("body", CONTENT),
    ]
);
element!(
    /// Superscript text.
    SUPER = "super", "Superscript", [
        F::named("typographic", BOOL, yes),
        F::named("baseline", AUTO_LEN, auto),
        F::named("size", AUTO_LEN, auto),
        F::required("body", CONTENT),
    ]
);
element!(
    /// Overlined text.
    OVERLINE = "overline", "Overline", [
        F::named("stroke", &[T::Auto, T::Stroke], auto),
        F::named("offset", &[T::Auto, T::Length], auto),
        F::named("extent", LEN, zero_len),
        F::named("evade", BOOL, yes),
        F::named("background", BOOL, no),
        F::required("body", CONTENT),
    ]
);
element!(
    /// Content repeated to fill the available space.
    REPEAT = "repeat", "Repeat", [
        F::required("body", CONTENT),
        F::named("gap", LEN, zero_len),
        F::named("justify", BOOL, yes),
    ]
);
element!(
    /// Content moved without affecting layout.
    MOVE = "move", "Move", [F::named("dx", REL, zero_rel), F::named("dy", REL, zero_rel), F::required("body", CONTENT)]
);
element!(
    /// Rotated content.
    ROTATE = "rotate", "Rotate", [
        F::positional("angle", &[T::Angle], zero_deg),
        F::named("origin", &[T::Alignment], center_horizon),
        F::named("reflow", BOOL, no),
        F::required("body", CONTENT),
    ]
);
element!(
    /// Scaled content.
    SCALE = "scale", "Scale", [
        F::positional("factor", &[T::Auto, T::Ratio, T::Length], none),
        F::named("x", &[T::Auto, T::Ratio, T::Length], hundred_percent),
        F::named("y", &[T::Auto, T::Ratio, T::Length], hundred_percent),
        F::named("origin", &[T::Alignment], center_horizon),
        F::named("reflow", BOOL, no),
        F::required("body", CONTENT),
    ]
);
element!(
    /// Skewed content.
    SKEW = "skew", "Skew", [
        F::named("ax", &[T::Angle], zero_deg),
        F::named("ay", &[T::Angle], zero_deg),
        F::named("origin", &[T::Alignment], center_horizon),
        F::named("reflow", BOOL, no),
        F::required("body", CONTENT),
    ]
);
element!(
    /// A regular polygon (`polygon.regular`): a function in Typst, so constructing it
    /// gives the `polygon` through its vertices (`convert::finish`).
    POLYGON_REGULAR = "polygon.regular", "Regular Polygon", [
        F::named("fill", FILL, none),
        F::named("stroke", &[], auto).cast_with(super::paintcast::plain_stroke),
        F::named("size", LEN, one_em),
        F::named("vertices", &[T::Int], three).cast_with(fieldcast::non_negative),
    ]
);
element!(
    /// A closed polygon through the given vertices.
    POLYGON = "polygon", "Polygon", [
        F::named("fill", FILL, none),
        F::named("fill-rule", &[], non_zero).cast_with(super::curve::fill_rule),
        F::named("stroke", &[], auto).cast_with(super::paintcast::plain_stroke),
        F::variadic("vertices", &[T::Array]).cast_with(super::curve::point),
    ], scope: [POLYGON_REGULAR]
);
element!(
    /// A citation of a bibliography entry.
    CITE = "cite", "Citation", [
        F::required("key", &[T::Label]),
        F::named("supplement", NONE_CONTENT, none),
        F::named("form", &[], normal).cast_with(fieldcast::cite_form),
        F::named("style", &[], auto).cast_with(fieldcast::cite_style),
    ]
);
element!(
    /// A bibliography.
    BIBLIOGRAPHY = "bibliography", "Bibliography", [
        F::required("sources", &[T::Str, T::Array]),
        F::named("title", &[T::None, T::Auto, T::Content], auto),
        F::named("full", BOOL, no),
        F::named("style", &[], none).cast_with(fieldcast::bibliography_style),
        F::named("target", &[], auto).cast_with(fieldcast::bibliography_target),
        F::named("group", &[], auto).cast_with(fieldcast::bibliography_group),
    ]
);

element!(
    /// A figure's caption: its body with the figure's supplement, number and separator.
    FIGURE_CAPTION = "figure.caption", "Caption", [
        F::named("position", ALIGN, bottom).cast_with(fieldcast::caption_position),
        F::named("separator", &[T::Auto, T::Content], auto),
        F::required("body", CONTENT),
        F::synthesized("kind"),
        F::synthesized("supplement"),
        F::synthesized("numbering"),
        F::synthesized("counter"),
        // The figure's number as its numbering displays it.
        F::internal("number"),
    ]
);
element!(
    /// The entry of a footnote at the bottom of the page.
    FOOTNOTE_ENTRY = "footnote.entry", "Footnote Entry", [
        F::required("note", CONTENT).cast_with(footnote_note),
        F::named("separator", CONTENT, footnote_separator),
        F::named("clearance", LEN, one_em),
        F::named("gap", LEN, half_em),
        F::named("indent", LEN, one_em),
    ]
);
element!(
    /// An entry of an outline: an element at a level.
    OUTLINE_ENTRY = "outline.entry", "Outline Entry", [
        F::required("level", &[T::Int]).cast_with(convert::positive),
        F::required("element", CONTENT),
        F::named("fill", NONE_CONTENT, outline_fill),
    ]
);
element!(
    /// The lines of paragraphs, for line numbering (only configurable).
    PAR_LINE = "par.line", "Paragraph Line", [
        F::named("numbering", NUMBERING, none).cast_with(fieldcast::numbering),
        F::named("number-align", &[T::Auto, T::Alignment], auto),
        F::named("number-margin", ALIGN, start),
        F::named("number-clearance", AUTO_LEN, auto),
        F::named("numbering-scope", &[T::Str], document).cast_with(fieldcast::numbering_scope),
    ]
);
element!(
    /// A line of raw text.
    RAW_LINE = "raw.line", "Raw Text Line", [
        F::required("number", &[T::Int]),
        F::required("count", &[T::Int]),
        F::required("text", &[T::Str]),
        F::required("body", CONTENT),
    ]
);
element!(
    /// The document's title, shown as a heading-like block.
    TITLE = "title", "Title", [F::positional("body", &[T::Auto, T::Content], auto)]
);
element!(
    /// A thematic break between parts of the text: a horizontal line.
    DIVIDER = "divider", "Divider", []
);

element!(
    /// Content made by a function from the size of the region it is laid out in.
    LAYOUT = "layout", "Layout", [F::required("func", &[T::Func])]
);

/// Every element function the library exposes by its name.
pub static LIBRARY_ELEMENTS: &[&Element] = &[
    &TEXT,
    &LINEBREAK,
    &PARBREAK,
    &SMARTQUOTE,
    &STRONG,
    &EMPH,
    &RAW,
    &LINK,
    &REF,
    &HEADING,
    &LIST,
    &ENUM,
    &TERMS,
    &PAR,
    &PAGE,
    &PAGEBREAK,
    &COLBREAK,
    &H,
    &V,
    &ALIGN_ELEM,
    &BLOCK,
    &BOX,
    &PAD,
    &STACK,
    &IMAGE,
    &RECT,
    &SQUARE,
    &CIRCLE,
    &ELLIPSE,
    &LINE,
    &GRID,
    &TABLE,
    &DOCUMENT,
    &FOOTNOTE,
    &FIGURE,
    &OUTLINE,
    &PLACE,
    &COLUMNS,
    &HIDE,
    &UNDERLINE,
    &STRIKE,
    &HIGHLIGHT,
    &QUOTE,
    &SMALLCAPS,
    &SUB,
    &SUPER,
    &OVERLINE,
    &REPEAT,
    &MOVE,
    &ROTATE,
    &SCALE,
    &SKEW,
    &POLYGON,
    &CITE,
    &BIBLIOGRAPHY,
    &TITLE,
    &DIVIDER,
    &super::curve::CURVE,
    &LAYOUT,
];

/// Every element kind, the structural ones included.
pub static ALL_ELEMENTS: &[&Element] = &[
    &SEQUENCE,
    &STYLED,
    &TEXT,
    &SPACE,
    &LINEBREAK,
    &PARBREAK,
    &SMARTQUOTE,
    &STRONG,
    &EMPH,
    &RAW,
    &LINK,
    &REF,
    &HEADING,
    &LIST_ITEM,
    &LIST,
    &ENUM_ITEM,
    &ENUM,
    &TERM_ITEM,
    &TERMS,
    &EQUATION,
    &CONTEXT,
    &PAR,
    &PAGE,
    &PAGEBREAK,
    &COLBREAK,
    &H,
    &V,
    &ALIGN_ELEM,
    &BLOCK,
    &BOX,
    &PAD,
    &STACK,
    &IMAGE,
    &RECT,
    &SQUARE,
    &CIRCLE,
    &ELLIPSE,
    &LINE,
    &GRID_CELL,
    &GRID,
    &TABLE_CELL,
    &TABLE,
    &DOCUMENT,
    &PDF_ATTACH,
    &PDF_ARTIFACT,
    &FOOTNOTE,
    &FIGURE,
    &OUTLINE,
    &PLACE,
    &COLUMNS,
    &HIDE,
    &UNDERLINE,
    &STRIKE,
    &HIGHLIGHT,
    &QUOTE,
    &GRID_HEADER,
    &GRID_FOOTER,
    &GRID_HLINE,
    &GRID_VLINE,
    &TABLE_HEADER,
    &TABLE_FOOTER,
    &TABLE_HLINE,
    &TABLE_VLINE,
    &SMALLCAPS,
    &SUB,
    &SUPER,
    &OVERLINE,
    &REPEAT,
    &MOVE,
    &ROTATE,
    &SCALE,
    &SKEW,
    &POLYGON,
    &POLYGON_REGULAR,
    &CITE,
    &BIBLIOGRAPHY,
    &FIGURE_CAPTION,
    &FOOTNOTE_ENTRY,
    &PLACE_FLUSH,
    &OUTLINE_ENTRY,
    &PAR_LINE,
    &RAW_LINE,
    &TITLE,
    &DIVIDER,
    &super::curve::CURVE,
    &super::curve::CURVE_MOVE,
    &super::curve::CURVE_LINE,
    &super::curve::CURVE_QUAD,
    &super::curve::CURVE_CUBIC,
    &super::curve::CURVE_CLOSE,
    &super::math::LR,
    &super::math::MID,
    &super::math::ATTACH,
    &super::math::STRETCH,
    &super::math::SCRIPTS,
    &super::math::LIMITS,
    &super::math::ACCENT,
    &super::math::MATH_UNDERLINE,
    &super::math::MATH_OVERLINE,
    &super::math::UNDERBRACE,
    &super::math::OVERBRACE,
    &super::math::UNDERBRACKET,
    &super::math::OVERBRACKET,
    &super::math::UNDERPAREN,
    &super::math::OVERPAREN,
    &super::math::UNDERSHELL,
    &super::math::OVERSHELL,
    &super::math::CANCEL,
    &super::math::FRAC,
    &super::math::BINOM,
    &super::math::VEC,
    &super::math::MAT,
    &super::math::CASES,
    &super::math::ROOT,
    &super::math::CLASS,
    &super::math::OP,
    &super::math::PRIMES,
    &super::math::ALIGN_POINT,
    &LAYOUT,
];

/// Checks the custom quotes of `smartquote(quotes: ..)` as Typst does: a string of two
/// characters or an array of two strings (for double quotes), or a dictionary giving
/// either for `single` and `double`.
fn smartquotes(value: Value, span: Span, _: &mut EcoVec<SourceDiagnostic>) -> SourceResult<Value> {
    let check = |value: &Value, nested: bool| -> Result<(), EcoString> {
        let count = |n: usize, what: &str| {
            let plural = if n > 1 { "s" } else { "" };
            eco_format!("expected 2 {what}s, found {n} {what}{plural}")
        };
        match value {
            Value::Str(s) if s.0.graphemes(true).count() != 2 => {
                Err(count(s.0.graphemes(true).count(), "character"))
            }
            Value::Array(items) if items.len() != 2 => Err(count(items.len(), "quote")),
            Value::Array(items) => {
                match items.as_slice().iter().find(|v| !matches!(v, Value::Str(_))) {
                    Some(item) => Err(mismatch("string", item)),
                    None => Ok(()),
                }
            }
            Value::Str(_) | Value::Auto => Ok(()),
            other if nested => Err(mismatch("array, string, or auto", other)),
            _ => Ok(()),
        }
    };
    let result = match &value {
        Value::Dict(dict) => {
            // As Typst: the known keys are checked first, then all others are named.
            let known = ["double", "single"];
            known
                .iter()
                .filter_map(|key| dict.get(key))
                .try_for_each(|item| check(item, true))
                .and_then(|()| {
                    let others: Vec<&str> = dict
                        .iter()
                        .map(|(k, _)| k.as_str())
                        .filter(|k| !known.contains(k))
                        .collect();
                    match others.len() {
                        0 => Ok(()),
                        _ => Err(super::sides::unexpected_keys(&others, Some(&known))),
                    }
                })
        }
        other => check(other, false),
    };
    result.map_err(|message| ecow::eco_vec![SourceDiagnostic::error(span, message)])?;
    // As in Typst, the value is kept as a dictionary of both kinds, each `auto` or an
    // array of two strings.
    let pair = |value: Option<&Value>| match value {
        Some(Value::Str(s)) => Value::Array(s.0.graphemes(true).map(Value::str).collect()),
        Some(Value::Array(items)) => Value::Array(items.clone()),
        _ => Value::Auto,
    };
    let (double, single) = match &value {
        Value::Auto => return Ok(value),
        Value::Dict(dict) => (pair(dict.get("double")), pair(dict.get("single"))),
        other => (pair(Some(other)), Value::Auto),
    };
    let mut dict = super::Dict::new();
    dict.insert("double".into(), double);
    dict.insert("single".into(), single);
    Ok(Value::Dict(dict))
}

/// Checks a reference's `form`: `"normal"` or `"page"`.
fn ref_form(value: Value, span: Span, _: &mut EcoVec<SourceDiagnostic>) -> SourceResult<Value> {
    match &value {
        Value::Str(s) if matches!(s.0.as_str(), "normal" | "page") => Ok(value),
        Value::Str(_) => crate::bail!(span, "expected \"normal\" or \"page\""),
        other => Err(ecow::eco_vec![SourceDiagnostic::error(
            span,
            mismatch("\"normal\" or \"page\"", other)
        )]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_tables_are_well_formed() {
        for elem in ALL_ELEMENTS {
            let fields = elem.fields();
            assert!(fields.len() < 256, "{}", elem.name());
            for (i, field) in fields.iter().enumerate() {
                assert!(
                    fields[..i].iter().all(|f| f.name != field.name),
                    "duplicate field {} in {}",
                    field.name,
                    elem.name()
                );
                assert!(!(field.required && field.settable), "{}.{}", elem.name(), field.name);
            }
        }
    }
}

//! Selectors as values: what `selector(..)`, `heading.where(..)`, labels, strings and
//! regexes turn into, the methods that combine them (`or`, `and`, `before`, `after`,
//! `within`), and the checks that say where a selector may be used: show rules take only
//! elements, labels, a top-level text or regex and `or`/`and` of elements and labels;
//! counters and the arguments of `before`/`after`/`within` take only locatable ones.
//!
//! Matching a whole element (`matches`) needs no introspection; the selectors that do
//! (`before`, `after`, `within`, locations) are answered by queries against the previous
//! iteration's records (`eval::library::introspection`). Text selectors are regexes: a
//! string becomes its escaped pattern, as in Typst, so `selector("a.b")` shows as
//! `regex("a\\.b")` and equals `selector(regex("a\\.b"))`.

use std::sync::Arc;

use ecow::{EcoString, EcoVec, eco_format};

use super::{Args, Content, Dict, Element, Label, Regex, Type, Value, mismatch};
use crate::base::{Location, SourceDiagnostic, SourceResult, Span};

/// What a show rule, a counter or a query selects. Equal selectors are built alike:
/// `heading.where(level: 1, depth: 2)` differs from `heading.where(depth: 2, level: 1)`,
/// as in Typst, which keeps the fields in the order given.
#[derive(Debug, Clone)]
pub enum Selector {
    /// Elements of a kind, optionally only those whose fields equal the given ones.
    Elem(Element, Option<Dict>),
    /// Content with a label.
    Label(Label),
    /// Occurrences of a pattern in text (strings become their escaped pattern).
    Regex(Regex),
    /// The element at a location.
    Location(Location),
    /// Any of the selectors.
    Or(EcoVec<Selector>),
    /// All of the selectors.
    And(EcoVec<Selector>),
    /// Matches of `selector` before the first match of `end` (and the match itself when
    /// `inclusive`).
    Before { selector: Arc<Selector>, end: Arc<Selector>, inclusive: bool },
    /// Matches of `selector` after the first match of `start` (and the match itself when
    /// `inclusive`).
    After { selector: Arc<Selector>, start: Arc<Selector>, inclusive: bool },
    /// Matches of `selector` inside an element that matches `ancestor`.
    Within { selector: Arc<Selector>, ancestor: Arc<Selector> },
}

impl PartialEq for Selector {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::Elem(a, x), Self::Elem(b, y)) => {
                a == b
                    && match (x, y) {
                        (Some(x), Some(y)) => x.iter().eq(y.iter()),
                        (x, y) => x.is_none() && y.is_none(),
                    }
            }
            (Self::Label(a), Self::Label(b)) => a == b,
            (Self::Regex(a), Self::Regex(b)) => a == b,
            (Self::Location(a), Self::Location(b)) => a == b,
            (Self::Or(a), Self::Or(b)) | (Self::And(a), Self::And(b)) => a == b,
            (
                Self::Before { selector: a, end: x, inclusive: i },
                Self::Before { selector: b, end: y, inclusive: j },
            )
            | (
                Self::After { selector: a, start: x, inclusive: i },
                Self::After { selector: b, start: y, inclusive: j },
            ) => a == b && x == y && i == j,
            (
                Self::Within { selector: a, ancestor: x },
                Self::Within { selector: b, ancestor: y },
            ) => a == b && x == y,
            _ => false,
        }
    }
}

/// The types the `selector` cast accepts, as its error lists them.
const SELECTABLE: &str = "string, function, label, regex, location, or selector";

/// The types `before`, `after` and `within` accept, as their errors list them.
const LOCATABLE_ARG: &str = "label, function, location, or selector";

/// The types a show rule's selector may be, as its error lists them.
const SHOWABLE: &str = "symbol, string, label, function, regex, or selector";

impl Selector {
    /// The method names of selectors.
    pub const METHODS: &[&str] = &["or", "and", "before", "after", "within"];

    /// The selector of occurrences of a text.
    pub fn text(text: &str) -> Result<Self, EcoString> {
        if text.is_empty() {
            return Err("text selector is empty".into());
        }
        Ok(Self::Regex(Regex::new(&regex::escape(text))?))
    }

    /// The selector of a regex's matches.
    pub fn regex(regex: Regex) -> Result<Self, EcoString> {
        if regex.0.as_str().is_empty() {
            return Err("regex selector is empty".into());
        }
        if regex.0.is_match("") {
            return Err("regex matches empty text".into());
        }
        Ok(Self::Regex(regex))
    }

    /// A value as a selector, as `selector(..)` casts it: an element function, a label, a
    /// string, a regex, a location or a selector.
    pub fn from_value(value: Value) -> Result<Self, EcoString> {
        match value {
            Value::Func(func) => func
                .element()
                .filter(|elem| !elem.is_function_only())
                .map(|elem| Self::Elem(elem, None))
                .ok_or_else(|| "only element functions can be used as selectors".into()),
            Value::Str(s) => Self::text(&s),
            Value::Symbol(symbol) => Self::text(symbol.get()),
            Value::Regex(regex) => Self::regex(regex),
            Value::Label(label) => Ok(Self::Label(label)),
            Value::Location(location) => Ok(Self::Location(location)),
            Value::Selector(selector) => Ok(Arc::unwrap_or_clone(selector)),
            // A type stands for its constructor, which is never an element function.
            Value::Type(
                ty @ (Type::Content
                | Type::Location
                | Type::Module
                | Type::Func
                | Type::None
                | Type::Auto),
            ) => Err(eco_format!("type {} does not have a constructor", ty.short_name())),
            Value::Type(_) => Err("only element functions can be used as selectors".into()),
            v => Err(mismatch(SELECTABLE, &v)),
        }
    }

    /// A value as a selector of locatable elements (the argument of `before`, `after`
    /// and `within`, a counter's key): texts and regexes are refused as not locatable.
    pub fn locatable(value: Value) -> Result<Self, EcoString> {
        match value {
            v if selectable(&v) => {
                let selector = Self::from_value(v)?;
                selector.check_locatable()?;
                Ok(selector)
            }
            // A type fails as its constructor does.
            v @ Value::Type(_) => Self::from_value(v),
            v => Err(mismatch(LOCATABLE_ARG, &v)),
        }
    }

    /// A value as a show rule's selector, with Typst's errors for the selectors show
    /// rules cannot take.
    pub fn showable(value: Value) -> Result<Self, EcoString> {
        let selector = match value {
            v if selectable(&v) => Self::from_value(v)?,
            // A type fails as its constructor does (`show str: ..`).
            v @ Value::Type(_) => Self::from_value(v)?,
            v => return Err(mismatch(SHOWABLE, &v)),
        };
        selector.check_show(false)?;
        Ok(selector)
    }

    /// Fails unless a show rule can apply this selector: a text or regex only at the top,
    /// no locations and no `before`/`after`/`within`.
    fn check_show(&self, nested: bool) -> Result<(), EcoString> {
        match self {
            Self::Elem(..) | Self::Label(_) => Ok(()),
            Self::Regex(_) if !nested => Ok(()),
            Self::Or(list) | Self::And(list) => list.iter().try_for_each(|s| s.check_show(true)),
            Self::Within { .. } => Err("this selector cannot currently be used with show".into()),
            Self::Regex(_) | Self::Location(_) | Self::Before { .. } | Self::After { .. } => {
                Err("this selector cannot be used with show".into())
            }
        }
    }

    /// Fails with Typst's `X is not locatable` unless every element this selector can
    /// select leaves a record (only those can be counted, queried and located).
    pub fn check_locatable(&self) -> Result<(), EcoString> {
        match self {
            Self::Elem(elem, _) if !is_locatable(*elem) => {
                Err(eco_format!("{} is not locatable", elem.short_name()))
            }
            Self::Elem(..) | Self::Label(_) | Self::Location(_) => Ok(()),
            Self::Regex(_) => Err("text is not locatable".into()),
            Self::Or(list) | Self::And(list) => list.iter().try_for_each(Self::check_locatable),
            Self::Before { selector, end: other, .. }
            | Self::After { selector, start: other, .. }
            | Self::Within { selector, ancestor: other } => {
                selector.check_locatable()?;
                other.check_locatable()
            }
        }
    }

    /// Calls the selector method `name` (one of `METHODS`) with the arguments it takes.
    pub fn method(self, name: &str, args: &mut Args) -> SourceResult<Self> {
        Ok(match name {
            "or" | "and" => {
                // Typst puts the other selectors first and the one the method is called
                // on last (its repr shows them in that order).
                let mut list = EcoVec::new();
                let (positional, named) = args.take_positional();
                args.items = named;
                for arg in positional {
                    list.push(Self::from_value(arg.value).map_err(|e| error(arg.span, e))?);
                }
                list.push(self);
                if name == "or" { Self::Or(list) } else { Self::And(list) }
            }
            "before" | "after" => {
                let what = if name == "before" { "end" } else { "start" };
                let (value, span) = args.expect_spanned::<Value>(what)?;
                let other = Arc::new(Self::locatable(value).map_err(|e| error(span, e))?);
                let inclusive = args.named::<bool>("inclusive")?.unwrap_or(true);
                let selector = Arc::new(self);
                if name == "before" {
                    Self::Before { selector, end: other, inclusive }
                } else {
                    Self::After { selector, start: other, inclusive }
                }
            }
            "within" => {
                let (value, span) = args.expect_spanned::<Value>("ancestor")?;
                let ancestor = Arc::new(Self::locatable(value).map_err(|e| error(span, e))?);
                Self::Within { selector: Arc::new(self), ancestor }
            }
            _ => crate::bail!(args.span, "type selector has no method `{name}`"),
        })
    }

    /// Whether `content` matches, judged by the element alone: its kind, fields, label
    /// and location. Texts match inside text (never a whole element), and the selectors
    /// that depend on other elements (`before`, `after`, `within`) need a query.
    pub fn matches(&self, content: &Content) -> bool {
        match self {
            Self::Elem(elem, fields) => {
                content.is(*elem)
                    && fields.as_ref().is_none_or(|fields| {
                        fields.iter().all(|(name, value)| match name.as_str() {
                            "label" => {
                                content.label().map(|l| Value::Label(l.clone())).as_ref()
                                    == Some(value)
                            }
                            _ => content.field(name) == Some(value),
                        })
                    })
            }
            Self::Label(label) => content.label() == Some(label),
            Self::Location(location) => content.location() == Some(*location),
            Self::Or(list) => list.iter().any(|s| s.matches(content)),
            Self::And(list) => list.iter().all(|s| s.matches(content)),
            Self::Regex(_) | Self::Before { .. } | Self::After { .. } | Self::Within { .. } => {
                false
            }
        }
    }
}

/// Whether elements of this kind are locatable in Typst 0.15 (they can be counted,
/// queried and located).
fn is_locatable(elem: Element) -> bool {
    const LOCATABLE: &[&str] = &[
        "par",
        "list",
        "enum",
        "terms",
        "image",
        "link",
        "ref",
        "table",
        "strong",
        "emph",
        "raw",
        "heading",
        "outline",
        "figure",
        "footnote",
        "math.equation",
        "cite",
        "bibliography",
        "quote",
        "document",
        "underline",
        "strike",
        "highlight",
        "overline",
        "figure.caption",
        "footnote.entry",
        "outline.entry",
        "par.line",
        "title",
        "pdf.attach",
    ];
    LOCATABLE.contains(&elem.name())
}

/// An error at `span`.
fn error(span: Span, message: EcoString) -> EcoVec<SourceDiagnostic> {
    ecow::eco_vec![SourceDiagnostic::error(span, message)]
}

/// Whether a value is of a kind that can become a selector (which kinds a use accepts is
/// then up to it; the error messages list different kinds).
fn selectable(value: &Value) -> bool {
    matches!(
        value,
        Value::Func(_)
            | Value::Str(_)
            | Value::Symbol(_)
            | Value::Regex(_)
            | Value::Label(_)
            | Value::Location(_)
            | Value::Selector(_)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{HEADING, TEXT};

    fn locatable_error(selector: Selector) -> Option<EcoString> {
        selector.check_locatable().err()
    }

    #[test]
    fn strings_become_escaped_regexes() {
        let Selector::Regex(regex) = Selector::text("a.b").unwrap() else { panic!() };
        assert_eq!(regex.0.as_str(), "a\\.b");
        assert_eq!(Selector::text("").unwrap_err(), "text selector is empty");
        let empty = Regex::new("").unwrap();
        assert_eq!(Selector::regex(empty).unwrap_err(), "regex selector is empty");
        let star = Regex::new("x*").unwrap();
        assert_eq!(Selector::regex(star).unwrap_err(), "regex matches empty text");
        assert!(Selector::regex(Regex::new("\\b").unwrap()).is_ok());
    }

    #[test]
    fn where_fields_compare_in_order() {
        let fields = |pairs: &[(&str, i64)]| {
            let mut dict = Dict::new();
            for (name, value) in pairs {
                dict.insert((*name).into(), Value::Int(*value));
            }
            Selector::Elem(HEADING, Some(dict))
        };
        let a = fields(&[("level", 1), ("depth", 2)]);
        assert_eq!(a, fields(&[("level", 1), ("depth", 2)]));
        assert_ne!(a, fields(&[("depth", 2), ("level", 1)]));
        assert_ne!(a, Selector::Elem(HEADING, None));
    }

    #[test]
    fn locatable_selectors() {
        let heading = Selector::Elem(HEADING, None);
        let text = Selector::Elem(TEXT, None);
        assert_eq!(locatable_error(heading.clone()), None);
        assert_eq!(locatable_error(text.clone()).as_deref(), Some("text is not locatable"));
        let before = Selector::Before {
            selector: Arc::new(text),
            end: Arc::new(heading.clone()),
            inclusive: true,
        };
        assert_eq!(locatable_error(before).as_deref(), Some("text is not locatable"));
        let regex = Selector::text("x").unwrap();
        let or = Selector::Or(ecow::eco_vec![heading, regex]);
        assert_eq!(locatable_error(or).as_deref(), Some("text is not locatable"));
    }

    #[test]
    fn show_rules_refuse_nested_texts_and_relations() {
        let heading = Selector::Elem(HEADING, None);
        let regex = Selector::text("x").unwrap();
        assert_eq!(regex.check_show(false), Ok(()));
        let or = Selector::Or(ecow::eco_vec![heading.clone(), regex]);
        assert_eq!(or.check_show(false).unwrap_err(), "this selector cannot be used with show");
        let within =
            Selector::Within { selector: Arc::new(heading.clone()), ancestor: Arc::new(heading) };
        assert_eq!(
            within.check_show(false).unwrap_err(),
            "this selector cannot currently be used with show"
        );
    }
}

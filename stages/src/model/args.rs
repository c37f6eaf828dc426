//! Call arguments: positional and named values with their spans, and the ways functions
//! take them (`expect`, `eat`, `find`, `named`, `all`) and check that none is left over
//! (`finish`), with Typst's error wording.

use ecow::{EcoString, EcoVec, eco_format, eco_vec};

use super::{FromValue, Str, Value};
use crate::base::{SourceDiagnostic, SourceResult, Span};

/// The arguments of a call.
#[derive(Debug, Clone)]
pub struct Args {
    /// The span of the whole argument list (or call).
    pub span: Span,
    pub items: EcoVec<Arg>,
    /// Whether taking an argument failed (a cast error or a missing argument): the
    /// arguments were not all taken, so leftovers are no sign of an unexpected one.
    pub failed: bool,
}

/// One argument.
#[derive(Debug, Clone)]
pub struct Arg {
    /// The span of the whole argument (`name: value` for a named one).
    pub span: Span,
    /// The name, for a named argument.
    pub name: Option<Str>,
    pub value: Value,
    /// The span of the value alone, where type errors point.
    pub value_span: Span,
}

/// Arguments are equal when their positional values are, in order, and their named
/// values are, whatever their order (a later duplicate name wins, as when reading them).
impl PartialEq for Args {
    fn eq(&self, other: &Self) -> bool {
        fn named(args: &Args) -> Vec<(&Str, &Value)> {
            let mut out: Vec<(&Str, &Value)> = Vec::new();
            for (name, value) in args.named_items() {
                match out.iter_mut().find(|(n, _)| *n == name) {
                    Some(slot) => slot.1 = value,
                    None => out.push((name, value)),
                }
            }
            out
        }
        let (a, b) = (named(self), named(other));
        self.positional().eq(other.positional())
            && a.len() == b.len()
            && a.iter().all(|(name, value)| b.iter().any(|(n, v)| n == name && v == value))
    }
}

impl PartialEq for Arg {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name && self.value == other.value
    }
}

/// Whether an error message is one of taking an argument rather than of what a function
/// did with it.
fn is_cast_error(message: &str) -> bool {
    let body = ["expected (", "expected key of type", "expected pairs of"];
    (message.starts_with("expected ") && !body.iter().any(|b| message.starts_with(b)))
        || message.starts_with("missing argument")
        || message.starts_with("the argument `")
        || message.starts_with("number must ")
        || message.starts_with("number too large")
        || message.starts_with("invalid float")
        || message.starts_with("invalid numbering pattern")
        || message.ends_with("does not have a constructor")
        || message.ends_with("can only be called on element functions")
        || message.starts_with("cannot take absolute value of")
        || message.starts_with("bytes are not valid UTF-8")
}

fn error(span: Span, message: impl Into<EcoString>) -> EcoVec<SourceDiagnostic> {
    eco_vec![SourceDiagnostic::error(span, message)]
}

impl Args {
    /// Arguments from positional values, all at `span`.
    pub fn new(span: Span, values: impl IntoIterator<Item = Value>) -> Self {
        let items = values
            .into_iter()
            .map(|value| Arg { span, name: None, value, value_span: span })
            .collect();
        Self { span, items, failed: false }
    }

    /// Appends a positional argument.
    pub fn push(&mut self, span: Span, value: Value) {
        self.items.push(Arg { span, name: None, value, value_span: span });
    }

    /// Appends a named argument: `span` covers `name: value`, `value_span` the value.
    pub fn push_named(&mut self, span: Span, value_span: Span, name: Str, value: Value) {
        self.items.push(Arg { span, name: Some(name), value, value_span });
    }

    /// Takes the next positional argument if there is one, cast to `T`.
    pub fn eat<T: FromValue>(&mut self) -> SourceResult<Option<T>> {
        let Some(i) = self.items.iter().position(|arg| arg.name.is_none()) else {
            return Ok(None);
        };
        let arg = self.items.remove(i);
        let result = T::from_value(arg.value).map(Some).map_err(|e| error(arg.span, e));
        self.failed |= result.is_err();
        result
    }

    /// Takes the next positional argument, which must exist: `what` names it in the
    /// `missing argument: what` error.
    pub fn expect<T: FromValue>(&mut self, what: &str) -> SourceResult<T> {
        match self.eat()? {
            Some(v) => Ok(v),
            None => {
                self.failed = true;
                Err(eco_vec![self.missing_argument(what)])
            }
        }
    }

    /// Like `expect`, also giving the span of the value (for checks on it after the
    /// cast, such as "number must be positive").
    pub fn expect_spanned<T: FromValue>(&mut self, what: &str) -> SourceResult<(T, Span)> {
        match self.eat_spanned()? {
            Some(v) => Ok(v),
            None => {
                self.failed = true;
                Err(eco_vec![self.missing_argument(what)])
            }
        }
    }

    /// Like `eat`, also giving the span of the value.
    pub fn eat_spanned<T: FromValue>(&mut self) -> SourceResult<Option<(T, Span)>> {
        let Some(i) = self.items.iter().position(|arg| arg.name.is_none()) else {
            return Ok(None);
        };
        let arg = self.items.remove(i);
        let result = T::from_value(arg.value)
            .map(|v| Some((v, arg.value_span)))
            .map_err(|e| error(arg.span, e));
        self.failed |= result.is_err();
        result
    }

    /// The error for a positional argument that is missing: Typst's `missing argument`,
    /// or, where the argument was given by name, the hint to drop the name.
    pub fn missing_argument(&self, what: &str) -> SourceDiagnostic {
        match self.items.iter().find(|arg| arg.name.as_deref() == Some(what)) {
            Some(arg) => SourceDiagnostic::error(
                arg.span,
                eco_format!("the argument `{what}` is positional"),
            )
            .with_hint(eco_format!("try removing `{what}:`")),
            None => SourceDiagnostic::error(self.span, eco_format!("missing argument: {what}")),
        }
    }

    /// Takes the first positional argument that casts to `T`, if any.
    pub fn find<T: FromValue>(&mut self) -> SourceResult<Option<T>> {
        for i in 0..self.items.len() {
            let arg = &self.items[i];
            if arg.name.is_none()
                && let Ok(v) = T::from_value(arg.value.clone())
            {
                self.items.remove(i);
                return Ok(Some(v));
            }
        }
        Ok(None)
    }

    /// Takes all remaining positional arguments, cast to `T`. Every argument that does not
    /// cast is reported, not just the first, as in Typst.
    pub fn all<T: FromValue>(&mut self) -> SourceResult<Vec<T>> {
        Ok(self.all_spanned()?.into_iter().map(|(value, _)| value).collect())
    }

    /// Like `all`, also giving the span of each argument.
    pub fn all_spanned<T: FromValue>(&mut self) -> SourceResult<Vec<(T, Span)>> {
        let (positional, named) = self.take_positional();
        self.items = named;
        let mut out = Vec::with_capacity(positional.len());
        let mut errors = EcoVec::new();
        for arg in positional {
            match T::from_value(arg.value) {
                Ok(value) => out.push((value, arg.span)),
                Err(e) => errors.push(SourceDiagnostic::error(arg.span, e)),
            }
        }
        if !errors.is_empty() {
            self.failed = true;
            return Err(errors);
        }
        Ok(out)
    }

    /// Splits the arguments in one pass into the positional ones and the named ones
    /// (each in order); the caller decides what stays.
    pub fn take_positional(&mut self) -> (Vec<Arg>, EcoVec<Arg>) {
        let mut positional = Vec::new();
        let mut named = EcoVec::new();
        for arg in std::mem::take(&mut self.items) {
            if arg.name.is_none() {
                positional.push(arg);
            } else {
                named.push(arg);
            }
        }
        (positional, named)
    }

    /// Takes the named argument `name` (the last one wins if it is given twice).
    pub fn named<T: FromValue>(&mut self, name: &str) -> SourceResult<Option<T>> {
        let mut found = None;
        let mut i = 0;
        while i < self.items.len() {
            if self.items[i].name.as_deref() == Some(name) {
                let arg = self.items.remove(i);
                let value = T::from_value(arg.value).map_err(|e| error(arg.value_span, e));
                self.failed |= value.is_err();
                found = Some(value?);
            } else {
                i += 1;
            }
        }
        Ok(found)
    }

    /// Like `named`, also giving the span of the value.
    pub fn named_spanned<T: FromValue>(&mut self, name: &str) -> SourceResult<Option<(T, Span)>> {
        let mut found = None;
        let mut i = 0;
        while i < self.items.len() {
            if self.items[i].name.as_deref() == Some(name) {
                let arg = self.items.remove(i);
                let span = arg.value_span;
                let value = T::from_value(arg.value).map_err(|e| error(span, e));
                self.failed |= value.is_err();
                found = Some((value?, span));
            } else {
                i += 1;
            }
        }
        Ok(found)
    }

    /// The span of the value of the named argument `name` (the last one if repeated), or
    /// of the whole call if there is none.
    pub fn named_span(&self, name: &str) -> Span {
        self.items
            .iter()
            .rev()
            .find(|a| a.name.as_deref() == Some(name))
            .map_or(self.span, |a| a.value_span)
    }

    /// The number of arguments, positional and named.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether there are no arguments.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The named arguments in order (a name given twice appears twice).
    pub fn named_items(&self) -> impl Iterator<Item = (&Str, &Value)> {
        self.items.iter().filter_map(|arg| arg.name.as_ref().map(|name| (name, &arg.value)))
    }

    /// Takes the named argument `name`, or else the first positional one that casts.
    pub fn named_or_find<T: FromValue>(&mut self, name: &str) -> SourceResult<Option<T>> {
        match self.named(name)? {
            Some(v) => Ok(Some(v)),
            None => self.find(),
        }
    }

    /// Takes all arguments, leaving this list empty.
    pub fn take(&mut self) -> Self {
        Self { span: self.span, items: std::mem::take(&mut self.items), failed: false }
    }

    /// Fails on the first argument nobody took.
    pub fn finish(self) -> SourceResult<()> {
        self.check_taken()
    }

    /// Typst takes all arguments before a function runs, so an unexpected argument is
    /// reported before anything the function itself finds wrong: where `result` failed
    /// although every argument the function asked for could be taken, a leftover
    /// argument's error replaces it.
    ///
    /// Some functions cast their arguments themselves: an error worded as a cast error
    /// (`expected .., found ..`, a missing argument, a number out of its range) counts
    /// as a failure to take an argument too.
    pub fn leftover_first<T>(&self, result: SourceResult<T>) -> SourceResult<T> {
        match result {
            Err(errors)
                if !self.failed
                    && !self.items.is_empty()
                    && !errors.iter().any(|e| is_cast_error(&e.message)) =>
            {
                self.check_taken()?;
                Err(errors)
            }
            result => result,
        }
    }

    /// Fails on the first argument nobody took, leaving the list as it is.
    fn check_taken(&self) -> SourceResult<()> {
        if let Some(arg) = self.items.first() {
            return Err(match &arg.name {
                Some(name) => error(arg.span, eco_format!("unexpected argument: {name}")),
                None => error(arg.span, "unexpected argument"),
            });
        }
        Ok(())
    }

    /// The positional values, in order.
    pub fn positional(&self) -> impl Iterator<Item = &Value> {
        self.items.iter().filter(|arg| arg.name.is_none()).map(|arg| &arg.value)
    }
}

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

impl PartialEq for Args {
    fn eq(&self, other: &Self) -> bool {
        self.items == other.items
    }
}

impl PartialEq for Arg {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name && self.value == other.value
    }
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
        Self { span, items }
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
        T::from_value(arg.value).map(Some).map_err(|e| error(arg.span, e))
    }

    /// Takes the next positional argument, which must exist: `what` names it in the
    /// `missing argument: what` error.
    pub fn expect<T: FromValue>(&mut self, what: &str) -> SourceResult<T> {
        match self.eat()? {
            Some(v) => Ok(v),
            None => Err(error(self.span, eco_format!("missing argument: {what}"))),
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

    /// Takes all remaining positional arguments, cast to `T`.
    pub fn all<T: FromValue>(&mut self) -> SourceResult<Vec<T>> {
        let mut out = Vec::new();
        while let Some(v) = self.eat()? {
            out.push(v);
        }
        Ok(out)
    }

    /// Takes the named argument `name` (the last one wins if it is given twice).
    pub fn named<T: FromValue>(&mut self, name: &str) -> SourceResult<Option<T>> {
        let mut found = None;
        let mut i = 0;
        while i < self.items.len() {
            if self.items[i].name.as_deref() == Some(name) {
                let arg = self.items.remove(i);
                found = Some(T::from_value(arg.value).map_err(|e| error(arg.value_span, e))?);
            } else {
                i += 1;
            }
        }
        Ok(found)
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
        Self { span: self.span, items: std::mem::take(&mut self.items) }
    }

    /// Fails on the first argument nobody took.
    pub fn finish(self) -> SourceResult<()> {
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

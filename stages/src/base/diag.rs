//! Diagnostics as plain data: severity, span, message, hints and a trace.
//!
//! Stages report user problems as `SourceDiagnostic`s (never panics). The CLI renders them
//! for the terminal (`quire::diag`); the test runner compares them structurally. Messages
//! are lowercase without a final period; hints say what to do.

use ecow::{EcoString, EcoVec};

use super::Span;

/// The result of a stage step that can fail with one or more diagnostics.
pub type SourceResult<T> = Result<T, EcoVec<SourceDiagnostic>>;

/// How bad a diagnostic is.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash)]
pub enum Severity {
    /// Compilation fails.
    Error,
    /// Compilation goes on; the user should still look.
    Warning,
}

/// A problem in the user's input, located by a span.
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub struct SourceDiagnostic {
    pub severity: Severity,
    pub span: Span,
    pub message: EcoString,
    pub hints: EcoVec<EcoString>,
    /// The hints that are about a piece of code of their own, as (index into `hints`,
    /// span) pairs: the terminal shows such a hint as a label at its span instead of as
    /// a note below the snippet (Typst's spanned hints).
    pub hint_spans: EcoVec<(usize, Span)>,
    /// Where the problem was reached from (function calls, imports), innermost first.
    pub trace: EcoVec<Trace>,
}

/// One step of a diagnostic's trace.
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub struct Trace {
    pub span: Span,
    pub note: EcoString,
}

impl SourceDiagnostic {
    /// An error at `span`.
    pub fn error(span: Span, message: impl Into<EcoString>) -> Self {
        Self::new(Severity::Error, span, message.into())
    }

    /// A warning at `span`.
    pub fn warning(span: Span, message: impl Into<EcoString>) -> Self {
        Self::new(Severity::Warning, span, message.into())
    }

    fn new(severity: Severity, span: Span, message: EcoString) -> Self {
        Self {
            severity,
            span,
            message,
            hints: EcoVec::new(),
            hint_spans: EcoVec::new(),
            trace: EcoVec::new(),
        }
    }

    /// Adds a hint.
    pub fn with_hint(mut self, hint: impl Into<EcoString>) -> Self {
        self.hints.push(hint.into());
        self
    }

    /// Adds a hint about the code at `span` (shown as a label there).
    pub fn with_spanned_hint(mut self, span: Span, hint: impl Into<EcoString>) -> Self {
        self.hint_spans.push((self.hints.len(), span));
        self.hints.push(hint.into());
        self
    }

    /// The span a hint is about, if it has one of its own.
    pub fn hint_span(&self, index: usize) -> Option<Span> {
        self.hint_spans.iter().find(|&&(i, _)| i == index).map(|&(_, span)| span)
    }

    /// Adds several hints.
    pub fn with_hints(mut self, hints: impl IntoIterator<Item = EcoString>) -> Self {
        self.hints.extend(hints);
        self
    }

    /// Whether this diagnostic fails compilation.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Returns early with an error diagnostic: `bail!(span, "unknown variable: {}", name)`,
/// optionally followed by `; hint: "..."` clauses.
#[macro_export]
macro_rules! bail {
    ($($tts:tt)*) => {
        return Err(::ecow::eco_vec![$crate::error!($($tts)*)])
    };
}

/// Builds an error diagnostic: `error!(span, "message {}", x; hint: "do this")`; a hint
/// about other code names its span in brackets: `hint[callee]: "this is not a function"`.
#[macro_export]
macro_rules! error {
    ($span:expr, $fmt:literal $(, $arg:expr)* $(,)? $(; $($hint:tt)*)?) => {
        $crate::__hints!(
            $crate::base::SourceDiagnostic::error($span, ::ecow::eco_format!($fmt $(, $arg)*));
            $($($hint)*)?
        )
    };
}

/// Builds a warning diagnostic: `warning!(span, "message {}", x; hint: "do this")`, with
/// spanned hints as in `error!`.
#[macro_export]
macro_rules! warning {
    ($span:expr, $fmt:literal $(, $arg:expr)* $(,)? $(; $($hint:tt)*)?) => {
        $crate::__hints!(
            $crate::base::SourceDiagnostic::warning($span, ::ecow::eco_format!($fmt $(, $arg)*));
            $($($hint)*)?
        )
    };
}

/// Appends the `hint: ".."` and `hint[span]: ".."` clauses of `error!` and `warning!`.
#[doc(hidden)]
#[macro_export]
macro_rules! __hints {
    ($diag:expr; $(,)?) => { $diag };
    ($diag:expr; hint: $hint:literal $(, $arg:expr)* $(,)? $(; $($rest:tt)*)?) => {
        $crate::__hints!(
            $diag.with_hint(::ecow::eco_format!($hint $(, $arg)*)); $($($rest)*)?
        )
    };
    ($diag:expr; hint[$at:expr]: $hint:literal $(, $arg:expr)* $(,)? $(; $($rest:tt)*)?) => {
        $crate::__hints!(
            $diag.with_spanned_hint($at, ::ecow::eco_format!($hint $(, $arg)*)); $($($rest)*)?
        )
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fails(flag: bool) -> SourceResult<u8> {
        if flag {
            crate::bail!(Span::detached(), "bad {}", 1; hint: "try {}", 2; hint: "or 3");
        }
        Ok(0)
    }

    #[test]
    fn bail_builds_error_with_hints() {
        let errors = fails(true).unwrap_err();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].message, "bad 1");
        assert_eq!(errors[0].hints.as_slice(), ["try 2", "or 3"]);
        assert!(errors[0].is_error());
        assert_eq!(fails(false), Ok(0));
        let w = crate::warning!(Span::detached(), "careful");
        assert_eq!(w.severity, Severity::Warning);
    }

    #[test]
    fn spanned_hints_keep_their_place_among_hints() {
        let at = Span::new(crate::base::FileId::new("/diag.typ"), Span::FIRST).unwrap();
        let e = crate::error!(at, "bad"; hint[at]: "here {}", 1; hint: "plain",);
        assert_eq!(e.hints.as_slice(), ["here 1", "plain"]);
        assert_eq!(e.hint_span(0), Some(at));
        assert_eq!(e.hint_span(1), None);
    }
}

//! Compilation for the suite: a test and a target → an outcome (the parsed source and the
//! emitted diagnostics, positioned in the test body).
//!
//! A target runs the stages it needs in order. Only the parse stage exists so far; when
//! evaluation and layout land they become further `Stage`s that `Target::stages` lists and
//! `compile` runs, and their diagnostics join the outcome's.

use std::ops::Range;

use ecow::EcoString;
use quire_stages::base::{FileId, Severity, Span};
use quire_stages::syntax::Source;

use crate::Pos;
use crate::collect::Test;

/// What a test is compiled to.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Ord, PartialOrd)]
pub enum Target {
    /// Parsing only (tests without a target attribute).
    Parse,
    Eval,
    Paged,
    Html,
}

impl Target {
    /// The stages the target runs, in order.
    pub fn stages(self) -> &'static [Stage] {
        match self {
            Self::Parse | Self::Eval | Self::Paged | Self::Html => &[Stage::Parse],
        }
    }

    /// The attribute naming the target (`parse` for the implicit one).
    pub fn name(self) -> &'static str {
        match self {
            Self::Parse => "parse",
            Self::Eval => "eval",
            Self::Paged => "paged",
            Self::Html => "html",
        }
    }
}

/// A compiler stage the runner can run.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
pub enum Stage {
    /// Source text → syntax tree and syntax errors.
    Parse,
}

/// A diagnostic as the runner compares it.
#[derive(Debug, Clone, Eq, PartialEq)]
pub struct Diag {
    pub severity: Severity,
    /// Where it points in the test body; `None` when its span is detached or in another
    /// file.
    pub range: Option<Range<Pos>>,
    pub message: EcoString,
    pub hints: Vec<EcoString>,
}

/// What compiling a test gave.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The test body as a parsed source.
    pub source: Source,
    /// Every diagnostic, in the order the stages emitted them.
    pub diagnostics: Vec<Diag>,
}

/// Compiles a test for a target.
pub fn compile(test: &Test, target: Target) -> Outcome {
    let id = FileId::new(&format!("/tests/{}.typ", test.name));
    let source = Source::new(id, test.body.clone());
    let mut diagnostics = Vec::new();
    for stage in target.stages() {
        match stage {
            Stage::Parse => {
                for error in source.root().errors() {
                    diagnostics.push(Diag {
                        severity: Severity::Error,
                        range: locate(&source, error.span),
                        message: error.message,
                        hints: error.hints.into_iter().collect(),
                    });
                }
            }
        }
    }
    Outcome { source, diagnostics }
}

/// The body positions a span covers, if it points into `source`.
pub fn locate(source: &Source, span: Span) -> Option<Range<Pos>> {
    let range = source.range(span)?;
    let pos = |byte| source.line_col(byte).map(|(line, col)| Pos { line, col });
    Some(pos(range.start)?..pos(range.end)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Attr;

    /// Compiles `body` for every target and renders each diagnostic as
    /// `severity line:col-line:col message [hints]` (0-based positions).
    fn check(body: &str, expected: &[&str]) {
        let test = Test {
            file: "unit.typ".into(),
            line: 1,
            name: "compile-unit".into(),
            attrs: vec![Attr::Syntax],
            body: body.into(),
        };
        for target in [Target::Parse, Target::Eval, Target::Paged, Target::Html] {
            let outcome = compile(&test, target);
            assert_eq!(outcome.source.text(), body);
            let found: Vec<String> = outcome
                .diagnostics
                .iter()
                .map(|d| {
                    let range = d.range.as_ref().map_or("-".into(), |r| {
                        format!("{}:{}-{}:{}", r.start.line, r.start.col, r.end.line, r.end.col)
                    });
                    format!("{:?} {range} {} {:?}", d.severity, d.message, d.hints)
                })
                .collect();
            assert_eq!(found, expected, "target {}", target.name());
        }
    }

    #[test]
    fn clean_text_has_no_diagnostics() {
        check("Hello world", &[]);
    }

    #[test]
    fn syntax_errors_become_diagnostics() {
        check(
            "x\n#let as = 1",
            &["Error 1:5-1:7 expected pattern, found keyword `as` \
               [\"keyword `as` is not allowed as an identifier; try `as_` instead\"]"],
        );
    }

    #[test]
    fn spans_resolve_to_body_positions() {
        let source = Source::detached("ab\nçd");
        let root = source.root().span();
        assert_eq!(locate(&source, root), Some(Pos { line: 0, col: 0 }..Pos { line: 1, col: 2 }));
        assert_eq!(locate(&source, Span::detached()), None);
    }
}

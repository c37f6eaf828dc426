//! Compilation for the suite: a test and a target → an outcome (the parsed source and the
//! emitted diagnostics, positioned in the test body).
//!
//! A target runs the stages it needs in order: parsing, then evaluation (`eval` and
//! `html`) or the whole paged pipeline (`paged`: evaluation, realization, layout, through
//! `quire::compile`). Later stages are skipped when parsing failed, since they would only
//! repeat the syntax errors. A paged test is compiled twice, with one layout worker and
//! with several, and the two documents must be equal. A test's file id is
//! `/suite/<folder of its suite file>/<name>.typ`, so relative imports resolve next to the
//! suite file (see `world.rs`).

use std::ops::Range;

use ecow::EcoString;
use quire_stages::base::{FileId, Severity, SourceDiagnostic, Span};
use quire_stages::doc::PagedDocument;
use quire_stages::eval;
use quire_stages::syntax::Source;

use crate::Pos;
use crate::collect::Test;

mod world;
use self::world::TestWorld;

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
            Self::Parse => &[Stage::Parse],
            Self::Eval | Self::Html => &[Stage::Parse, Stage::Eval],
            Self::Paged => &[Stage::Parse, Stage::Layout],
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
    /// Syntax tree → module (values and content), with errors and warnings.
    Eval,
    /// Syntax tree → pages: evaluation, realization and layout, with errors and warnings.
    Layout,
}

/// A diagnostic as the runner compares it.
#[derive(Debug, Clone, Eq, PartialEq)]
pub struct Diag {
    pub severity: Severity,
    /// Where it points in the test body; for a problem in another file, where its trace
    /// (e.g. the import) passes through the body; `None` when neither is in the body.
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
    /// The laid-out document of a paged test that compiled without errors.
    pub document: Option<PagedDocument>,
    /// Whether one and several layout workers gave different documents.
    pub nondeterministic: bool,
}

/// Compiles a test for a target.
pub fn compile(test: &Test, target: Target) -> Outcome {
    let folder = test.file.rsplit_once('/').map_or("", |(dir, _)| dir);
    let path = if folder.is_empty() {
        format!("/suite/{}.typ", test.name)
    } else {
        format!("/suite/{folder}/{}.typ", test.name)
    };
    let id = FileId::new(&path);
    let source = Source::new(id, test.body.clone());
    let mut diagnostics = Vec::new();
    let mut document = None;
    let mut nondeterministic = false;
    for stage in target.stages() {
        match stage {
            Stage::Parse => {
                let errors = source.root().errors().into_iter().map(|e| (Severity::Error, e));
                let warnings = source.root().warnings().into_iter().map(|w| (Severity::Warning, w));
                for (severity, error) in errors.chain(warnings) {
                    diagnostics.push(Diag {
                        severity,
                        range: locate(&source, error.span),
                        message: error.message,
                        hints: error.hints.into_iter().collect(),
                    });
                }
            }
            Stage::Eval => {
                if source.root().erroneous() {
                    continue;
                }
                let world = TestWorld::new(source.clone());
                let emitted = eval_on_big_stack(&world, &source);
                diagnostics.extend(emitted.into_iter().map(|d| diag(&source, d)));
            }
            Stage::Layout => {
                if source.root().erroneous() {
                    continue;
                }
                let world = TestWorld::new(source.clone());
                let one = layout(&world, 1);
                let several = layout(&world, 3);
                nondeterministic = one.document != several.document;
                let emitted = one.warnings.into_iter().chain(one.errors);
                diagnostics.extend(emitted.map(|d| diag(&source, d)));
                document = one.document;
            }
        }
    }
    Outcome { source, diagnostics, document, nondeterministic }
}

/// A diagnostic as the runner compares it; a problem in an imported file is located at
/// the import in the body.
fn diag(source: &Source, diag: SourceDiagnostic) -> Diag {
    let range = std::iter::once(diag.span)
        .chain(diag.trace.iter().map(|t| t.span))
        .find_map(|span| locate(source, span));
    Diag {
        severity: diag.severity,
        range,
        message: diag.message,
        hints: diag.hints.into_iter().collect(),
    }
}

/// Runs the whole paged pipeline with `jobs` layout workers.
fn layout(world: &TestWorld, jobs: usize) -> quire::compile::Compiled {
    let jobs = std::num::NonZeroUsize::new(jobs).unwrap_or(std::num::NonZeroUsize::MIN);
    let options = quire::compile::CompileOptions::with_jobs(jobs);
    quire::compile::compile_paged(world, &FONTS, &options)
}

/// The embedded fonts only, so that references do not depend on the machine's fonts.
static FONTS: std::sync::LazyLock<quire_shaping::FontBook> =
    std::sync::LazyLock::new(quire_shaping::FontBook::embedded);

/// Evaluates the test on a thread with a large stack (deeply nested calls recurse deeply
/// in the evaluator) and gives its diagnostics: the warnings, then the errors. A panic is
/// passed on to the caller, which reports it with the test.
fn eval_on_big_stack(world: &TestWorld, source: &Source) -> Vec<SourceDiagnostic> {
    let joined = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn_scoped(scope, || eval::eval_warned(world, source))
            .map(|handle| handle.join())
    });
    let (result, warnings) = match joined {
        Ok(Ok(outcome)) => outcome,
        Ok(Err(payload)) => std::panic::resume_unwind(payload),
        // No thread could be started: evaluate on this one.
        Err(_) => eval::eval_warned(world, source),
    };
    let mut out: Vec<SourceDiagnostic> = warnings.into_iter().collect();
    if let Err(errors) = result {
        out.extend(errors);
    }
    out
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

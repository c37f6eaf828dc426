//! Reports: a failed test's findings → readable text (positions as suite-file
//! `line:column`), and the closing summary line.

use std::fmt::Write;
use std::ops::Range;

use ecow::EcoString;
use quire_stages::base::Severity;

use crate::annotate::AnnotationError;
use crate::{Mismatch, Pos, RoundTrip, Target, Test};

/// Where suite files and references are shown from (the workspace root).
pub const SUITE_PREFIX: &str = "tests/suite/";

/// One thing wrong with a test.
#[derive(Debug, Clone, Eq, PartialEq)]
pub enum Finding {
    /// An annotation could not be read.
    Annotation(AnnotationError),
    /// Emitted diagnostics differ from the annotations for these targets.
    Diagnostics { targets: Vec<Target>, mismatches: Vec<Mismatch> },
    /// The tree does not give back the body.
    RoundTrip(RoundTrip),
    /// A `syntax` test without its reference dump.
    MissingReference { path: String },
    /// The tree differs from its reference dump.
    Tree { path: String, diff: String },
    /// Compiling panicked.
    Panic { target: Target, message: String },
    /// The rendered pages differ from the reference PNG (or could not be rendered).
    Image { path: String, message: String },
    /// One and several layout workers gave different documents.
    Nondeterministic,
}

/// Writes the report of a failed test.
pub fn write_failure(out: &mut String, test: &Test, findings: &[Finding]) {
    let _ = writeln!(out, "FAILED {SUITE_PREFIX}{}:{} {}", test.file, test.line, test.name);
    for finding in findings {
        match finding {
            Finding::Annotation(error) => {
                let line = test.file_line(error.line);
                let _ = writeln!(out, "  invalid annotation at line {line}: {error}");
            }
            Finding::Diagnostics { targets, mismatches } => {
                let names: Vec<&str> = targets.iter().map(|t| t.name()).collect();
                let _ = writeln!(out, "  diagnostics differ ({}):", names.join(", "));
                for mismatch in mismatches {
                    write_mismatch(out, test, mismatch);
                }
            }
            Finding::RoundTrip(diff) => {
                let _ = writeln!(
                    out,
                    "  the tree does not give back the body: first difference at byte {}\n    \
                     body: {:?}\n    tree: {:?}",
                    diff.byte, diff.expected, diff.found
                );
            }
            Finding::MissingReference { path } => {
                let what =
                    if path.ends_with(".png") { "looks right" } else { "shows the right tree" };
                let _ = writeln!(
                    out,
                    "  missing reference {path}\n    hint: run with `--update` to write it, \
                     then check that it {what}"
                );
            }
            Finding::Tree { path, diff } => {
                let _ = writeln!(out, "  tree differs from {path} (- reference, + parsed):");
                for line in diff.lines() {
                    let _ = writeln!(out, "    {line}");
                }
            }
            Finding::Panic { target, message } => {
                let _ = writeln!(out, "  panicked ({}): {message}", target.name());
            }
            Finding::Image { path, message } => {
                let _ = writeln!(out, "  pages differ from {path}: {message}");
            }
            Finding::Nondeterministic => {
                let _ = writeln!(out, "  one and several layout workers gave different pages");
            }
        }
    }
}

fn write_mismatch(out: &mut String, test: &Test, mismatch: &Mismatch) {
    match mismatch {
        Mismatch::Missing(e) => {
            let at = format_range(test, Some(&e.range));
            let line = test.file_line(e.line);
            let _ = writeln!(
                out,
                "    missing    {} {at}: {} (annotated at line {line})",
                severity(e.severity),
                e.message
            );
            write_hints(out, &e.hints);
        }
        Mismatch::Unexpected(d) => {
            let at = format_range(test, d.range.as_ref());
            let _ = writeln!(out, "    unexpected {} {at}: {}", severity(d.severity), d.message);
            write_hints(out, &d.hints);
            if let Some(range) = &d.range {
                let line = test.file_line(range.start.line);
                let _ = writeln!(out, "      expect it with, above line {line}:");
                let position = annotation_position(range);
                let _ = writeln!(out, "        // {}: {position} {}", label(d.severity), d.message);
                for hint in &d.hints {
                    let _ = writeln!(out, "        // Hint: {position} {hint}");
                }
            }
        }
        Mismatch::Hints { expected, emitted } => {
            let at = format_range(test, Some(&expected.range));
            let _ = writeln!(
                out,
                "    hints differ for {} {at}: {}",
                severity(expected.severity),
                expected.message
            );
            let _ = writeln!(out, "      annotated: {:?}", expected.hints);
            let _ = writeln!(out, "      emitted:   {:?}", emitted.hints);
        }
    }
}

fn write_hints(out: &mut String, hints: &[EcoString]) {
    for hint in hints {
        let _ = writeln!(out, "                 hint: {hint}");
    }
}

/// `line:col-line:col` in the suite file (1-based), or a note for spans outside the body.
fn format_range(test: &Test, range: Option<&Range<Pos>>) -> String {
    match range {
        Some(r) => format!(
            "{}:{}-{}:{}",
            test.file_line(r.start.line),
            r.start.col + 1,
            test.file_line(r.end.line),
            r.end.col + 1
        ),
        None => "(outside the test body)".into(),
    }
}

/// The annotation position for a range, written above its start line.
fn annotation_position(range: &Range<Pos>) -> String {
    let (s, e) = (range.start, range.end);
    if s.line == e.line {
        format!("{}-{}", s.col + 1, e.col + 1)
    } else {
        format!("1:{}-{}:{}", s.col + 1, e.line - s.line + 1, e.col + 1)
    }
}

fn severity(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

fn label(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "Error",
        Severity::Warning => "Warning",
    }
}

/// The closing line (the runner never skips a selected test, so there is no skipped count).
pub fn summary(passed: usize, failed: usize) -> String {
    format!("{passed} passed, {failed} failed")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Diag, Expected};

    fn check(findings: &[Finding], expected: &str) {
        let test = Test {
            file: "syntax/x.typ".into(),
            line: 10,
            name: "some-test".into(),
            attrs: vec![],
            body: String::new(),
        };
        let mut out = String::new();
        write_failure(&mut out, &test, findings);
        assert_eq!(out, expected);
    }

    fn range(l1: usize, c1: usize, l2: usize, c2: usize) -> Range<Pos> {
        Pos { line: l1, col: c1 }..Pos { line: l2, col: c2 }
    }

    #[test]
    fn diagnostics_with_suggestions() {
        let missing = Expected {
            severity: Severity::Error,
            range: range(1, 2, 1, 4),
            message: "unclosed string".into(),
            hints: vec![],
            line: 0,
        };
        let unexpected = Diag {
            severity: Severity::Warning,
            range: Some(range(1, 2, 2, 0)),
            message: "odd".into(),
            hints: vec!["do this".into()],
        };
        check(
            &[Finding::Diagnostics {
                targets: vec![Target::Eval, Target::Paged],
                mismatches: vec![Mismatch::Missing(missing), Mismatch::Unexpected(unexpected)],
            }],
            "FAILED tests/suite/syntax/x.typ:10 some-test
  diagnostics differ (eval, paged):
    missing    error 12:3-12:5: unclosed string (annotated at line 11)
    unexpected warning 12:3-13:1: odd
                 hint: do this
      expect it with, above line 12:
        // Warning: 1:3-2:1 odd
        // Hint: 1:3-2:1 do this
",
        );
    }

    #[test]
    fn other_findings() {
        check(
            &[
                Finding::RoundTrip(RoundTrip { byte: 3, expected: "ab".into(), found: "".into() }),
                Finding::MissingReference { path: "tests/ref/syntax/some-test.txt".into() },
                Finding::Panic { target: Target::Parse, message: "boom".into() },
                Finding::Image {
                    path: "tests/ref/x.png".into(),
                    message: "3 of 9 pixels differ".into(),
                },
                Finding::Nondeterministic,
            ],
            "FAILED tests/suite/syntax/x.typ:10 some-test
  the tree does not give back the body: first difference at byte 3
    body: \"ab\"
    tree: \"\"
  missing reference tests/ref/syntax/some-test.txt
    hint: run with `--update` to write it, then check that it shows the right tree
  panicked (parse): boom
  pages differ from tests/ref/x.png: 3 of 9 pixels differ
  one and several layout workers gave different pages
",
        );
    }

    #[test]
    fn summary_line() {
        assert_eq!(summary(3, 0), "3 passed, 0 failed");
    }
}

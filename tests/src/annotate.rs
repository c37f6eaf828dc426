//! Annotations: a test body → the diagnostics it expects, read from its `// Error:`,
//! `// Warning:` and `// Hint:` comment lines, with positions resolved to body lines and
//! columns (the position grammar is described in the crate docs).

use std::fmt::{self, Display, Formatter};
use std::ops::Range;

use ecow::EcoString;
use quire_stages::base::Severity;
use quire_stages::syntax::{Lines, is_newline};

/// A position in a test body: a 0-based line and a 0-based character column.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash)]
pub struct Pos {
    pub line: usize,
    pub col: usize,
}

/// A diagnostic a test expects.
#[derive(Debug, Clone, Eq, PartialEq)]
pub struct Expected {
    pub severity: Severity,
    pub range: Range<Pos>,
    pub message: EcoString,
    pub hints: Vec<EcoString>,
    /// The 0-based body line of the annotation.
    pub line: usize,
}

/// A malformed annotation, at a 0-based body line.
#[derive(Debug, Clone, Eq, PartialEq)]
pub struct AnnotationError {
    pub line: usize,
    pub message: String,
}

impl Display for AnnotationError {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// What an annotation line announces.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
enum Kind {
    Error,
    Warning,
    Hint,
}

/// Reads the annotations of a test body. `lines` indexes `body`.
pub fn parse_annotations(body: &str, lines: &Lines) -> Result<Vec<Expected>, AnnotationError> {
    let line_text = |i: usize| -> &str {
        let range = lines.line_range(i).unwrap_or(0..0);
        body[range].trim_end_matches(is_newline)
    };
    let mut expected: Vec<Expected> = Vec::new();
    for i in 0..lines.count() {
        let Some((kind, rest)) = annotation(line_text(i)) else {
            continue;
        };
        let fail = |message: String| AnnotationError { line: i, message };
        let target = (i + 1..lines.count())
            .find(|&j| annotation(line_text(j)).is_none())
            .ok_or_else(|| fail("annotation is not followed by a line it could refer to".into()))?;
        let (position, message) = rest.split_once(' ').unwrap_or((rest, ""));
        let message = message.trim();
        if message.is_empty() {
            return Err(fail("annotation without a message".into()));
        }
        let range = parse_position(position)
            .ok_or_else(|| fail(format!("invalid position `{position}`")))
            .and_then(|range| resolve(range, target, &line_text, lines.count()).map_err(fail))?;
        let severity = match kind {
            Kind::Error => Severity::Error,
            Kind::Warning => Severity::Warning,
            Kind::Hint => {
                let Some(owner) = expected.iter_mut().rev().find(|e| e.range == range) else {
                    return Err(fail(format!(
                        "hint at {position} follows no error or warning at the same position"
                    )));
                };
                owner.hints.push(message.into());
                continue;
            }
        };
        expected.push(Expected {
            severity,
            range,
            message: message.into(),
            hints: vec![],
            line: i,
        });
    }
    Ok(expected)
}

/// Recognizes an annotation line, giving its kind and the text after the colon.
fn annotation(line: &str) -> Option<(Kind, &str)> {
    let rest = line.trim_start().strip_prefix("// ")?;
    let (kind, rest) = if let Some(rest) = rest.strip_prefix("Error:") {
        (Kind::Error, rest)
    } else if let Some(rest) = rest.strip_prefix("Warning:") {
        (Kind::Warning, rest)
    } else {
        (Kind::Hint, rest.strip_prefix("Hint:")?)
    };
    Some((kind, rest.trim()))
}

/// A written position: 1-based (relative line, column) pairs; the end is `None` for an
/// empty range and its line `None` when it stays on the start's line.
type Written = ((Option<usize>, usize), Option<(Option<usize>, usize)>);

/// Parses `C`, `L:C`, `C-C`, `L:C-C`, `L:C-L:C` (and `C-L:C`).
fn parse_position(text: &str) -> Option<Written> {
    fn number(text: &str) -> Option<usize> {
        let valid = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
        valid.then(|| text.parse().ok()).flatten().filter(|&n| n >= 1)
    }
    fn point(text: &str) -> Option<(Option<usize>, usize)> {
        match text.split_once(':') {
            Some((line, col)) => Some((Some(number(line)?), number(col)?)),
            None => Some((None, number(text)?)),
        }
    }
    match text.split_once('-') {
        Some((start, end)) => Some((point(start)?, Some(point(end)?))),
        None => Some((point(text)?, None)),
    }
}

/// Turns a written position into body positions; `target` is the 0-based line that line 1
/// refers to.
fn resolve<'a>(
    (start, end): Written,
    target: usize,
    line_text: &impl Fn(usize) -> &'a str,
    count: usize,
) -> Result<Range<Pos>, String> {
    let place = |(line, col): (Option<usize>, usize), base: usize| -> Result<Pos, String> {
        let line = match line {
            Some(line) => target + line - 1,
            None => base,
        };
        if line >= count {
            return Err(format!("line {} is past the end of the test", line + 1 - target));
        }
        let chars = line_text(line).chars().count();
        if col > chars + 1 {
            return Err(format!("column {col} is past the end of its line ({} characters)", chars));
        }
        Ok(Pos { line, col: col - 1 })
    };
    let start = place(start, target)?;
    let end = match end {
        Some(end) => place(end, start.line)?,
        None => start,
    };
    if end < start {
        return Err("the range ends before it starts".into());
    }
    Ok(start..end)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses the annotations of `body` and renders each as
    /// `severity line:col-line:col message [hints]` (0-based positions), or the error as
    /// `line: message`.
    fn check(body: &str, expected: &[&str]) {
        let lines = Lines::new(body);
        let found: Vec<String> = match parse_annotations(body, &lines) {
            Ok(list) => list
                .iter()
                .map(|e| {
                    let (s, t) = (e.range.start, e.range.end);
                    format!(
                        "{:?} {}:{}-{}:{} {} {:?} @{}",
                        e.severity, s.line, s.col, t.line, t.col, e.message, e.hints, e.line
                    )
                })
                .collect(),
            Err(error) => vec![format!("{}: {}", error.line, error.message)],
        };
        assert_eq!(found, expected);
    }

    #[test]
    fn columns_on_the_next_code_line() {
        check(
            "// Error: 4-6 unclosed delimiter\n// Warning: 2 empty here\n#f(x, y\n",
            &["Error 2:3-2:5 unclosed delimiter [] @0", "Warning 2:1-2:1 empty here [] @1"],
        );
    }

    #[test]
    fn relative_lines() {
        check(
            "a\n  // Error: 1:3-2:1 spans a line\n  xy\nz\n// Error: 2:1-2:2 below\nq\nr",
            &["Error 2:2-3:0 spans a line [] @1", "Error 6:0-6:1 below [] @4"],
        );
    }

    #[test]
    fn end_without_line_stays_on_start_line() {
        check("// Error: 2:2-3 x\na\nbcd", &["Error 2:1-2:2 x [] @0"]);
    }

    #[test]
    fn hints_attach_by_range_in_order() {
        check(
            "// Error: 1-2 first\n// Error: 3-4 second\n// Hint: 1-2 h1\n// Hint: 1-2 h2\n// Hint: 3-4 h3\nabcd",
            &["Error 5:0-5:1 first [\"h1\", \"h2\"] @0", "Error 5:2-5:3 second [\"h3\"] @1"],
        );
    }

    #[test]
    fn ordinary_comments_are_code_lines() {
        check(
            "// Error: 1-3 targets the comment\n// just a comment\nx",
            &["Error 1:0-1:2 targets the comment [] @0"],
        );
    }

    #[test]
    fn columns_count_characters() {
        check("// Error: 2-3 wide\nçé", &["Error 1:1-1:2 wide [] @0"]);
        check("// Error: 3 end of line\nçé", &["Error 1:2-1:2 end of line [] @0"]);
    }

    #[test]
    fn malformed_annotations() {
        check("// Error: 1-2 x", &["0: annotation is not followed by a line it could refer to"]);
        check("// Error: 1-2\nx", &["0: annotation without a message"]);
        check("// Error: 0-1 x\nx", &["0: invalid position `0-1`"]);
        check("// Error: a-b x\nx", &["0: invalid position `a-b`"]);
        check("// Error: 1-3 x\nx", &["0: column 3 is past the end of its line (1 characters)"]);
        check("// Error: 2:1 x\nx", &["0: line 2 is past the end of the test"]);
        check("// Error: 3-2 x\nxyz", &["0: the range ends before it starts"]);
        check(
            "// Error: 1-2 x\n// Hint: 2-3 h\nxyz",
            &["1: hint at 2-3 follows no error or warning at the same position"],
        );
    }

    #[test]
    fn lookalikes_are_not_annotations() {
        check("//Error: 1-2 x\n// error: 1-2 y\n// Errors: z\nab", &[]);
    }
}

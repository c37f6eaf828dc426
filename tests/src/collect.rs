//! Collection: the text of a suite file → its tests (name, attributes, body and where they
//! sit in the file), plus the problems of the file's format (a malformed header, an unknown
//! attribute, a duplicate name, text before the first test).

use std::collections::HashMap;
use std::fmt::{self, Display, Formatter};
use std::ops::Range;

use ecow::EcoString;
use quire_stages::syntax::{Lines, is_newline};

/// One test of the suite.
#[derive(Debug, Clone)]
pub struct Test {
    /// The suite file, relative to the suite folder, with forward slashes.
    pub file: EcoString,
    /// The 1-based line of the test's header in that file.
    pub line: usize,
    pub name: EcoString,
    pub attrs: Vec<Attr>,
    /// The Typst source of the test.
    pub body: String,
}

impl Test {
    /// The 1-based line of the suite file holding line `line` (0-based) of the body.
    pub fn file_line(&self, line: usize) -> usize {
        self.line + 1 + line
    }

    /// Whether the test has the attribute.
    pub fn has(&self, attr: Attr) -> bool {
        self.attrs.contains(&attr)
    }
}

/// A test attribute.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
pub enum Attr {
    Eval,
    Paged,
    Html,
    Syntax,
}

impl Attr {
    fn from_name(name: &str) -> Option<Self> {
        Some(match name {
            "eval" => Self::Eval,
            "paged" => Self::Paged,
            "html" => Self::Html,
            "syntax" => Self::Syntax,
            _ => return None,
        })
    }
}

/// A problem with the suite itself, located at a line of a suite file (or of a reference).
#[derive(Debug, Clone, Eq, PartialEq)]
pub struct Problem {
    pub file: EcoString,
    /// 1-based; 0 when the problem concerns the whole file.
    pub line: usize,
    pub message: String,
}

impl Display for Problem {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        }
    }
}

/// Splits the suite files `(path, text)` into tests, checking that names are unique across
/// all of them. Tests with a malformed header are left out and reported as problems.
pub fn collect(files: &[(EcoString, String)]) -> (Vec<Test>, Vec<Problem>) {
    let mut tests = Vec::new();
    let mut problems = Vec::new();
    for (path, text) in files {
        split(path, text, &mut tests, &mut problems);
    }
    let mut seen: HashMap<EcoString, (EcoString, usize)> = HashMap::new();
    tests.retain(|test| match seen.get(&test.name) {
        Some((file, line)) => {
            problems.push(Problem {
                file: test.file.clone(),
                line: test.line,
                message: format!(
                    "duplicate test name `{}` (first defined at {file}:{line})",
                    test.name
                ),
            });
            false
        }
        None => {
            seen.insert(test.name.clone(), (test.file.clone(), test.line));
            true
        }
    });
    (tests, problems)
}

/// Splits one suite file into tests.
fn split(path: &EcoString, text: &str, tests: &mut Vec<Test>, problems: &mut Vec<Problem>) {
    let lines = Lines::new(text);
    let line_text = |i: usize| -> &str {
        let range = lines.line_range(i).unwrap_or(0..0);
        text[range].trim_end_matches(is_newline)
    };
    let problem = |line: usize, message: String| Problem { file: path.clone(), line, message };

    // Headers with their 0-based line; `None` for a header too malformed to run.
    let mut headers: Vec<(usize, Option<Header>)> = Vec::new();
    for i in 0..lines.count() {
        let line = line_text(i);
        let Some(inner) = header_inner(line) else {
            let stray = !line.trim().is_empty() && !line.trim_start().starts_with("//");
            if headers.is_empty() && stray {
                problems.push(problem(i + 1, "text before the first test header".into()));
            }
            continue;
        };
        match parse_header(inner) {
            Ok(header) => headers.push((i, Some(header))),
            Err(message) => {
                problems.push(problem(i + 1, message));
                headers.push((i, None));
            }
        }
    }

    for (k, (line, header)) in headers.iter().enumerate() {
        let Some((name, attrs)) = header else {
            continue;
        };
        let end = headers.get(k + 1).map_or(lines.count(), |(next, _)| *next);
        let body = body_range(&lines, text, line + 1..end);
        tests.push(Test {
            file: path.clone(),
            line: line + 1,
            name: name.clone(),
            attrs: attrs.clone(),
            body: text[body].to_string(),
        });
    }
}

/// A test's name and attributes.
type Header = (EcoString, Vec<Attr>);

/// The text between `--- ` and ` ---` if `line` is a test header.
fn header_inner(line: &str) -> Option<&str> {
    let line = line.trim_end();
    if line == "--- ---" {
        return Some("");
    }
    line.strip_prefix("--- ")?.strip_suffix(" ---")
}

/// Parses `name attrs` of a header.
fn parse_header(inner: &str) -> Result<Header, String> {
    let mut words = inner.split_whitespace();
    let Some(name) = words.next() else {
        return Err("test header without a name".into());
    };
    let valid = name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !valid {
        return Err(format!(
            "invalid test name `{name}` (use lowercase letters, digits and hyphens)"
        ));
    }
    let mut attrs = Vec::new();
    for word in words {
        let Some(attr) = Attr::from_name(word) else {
            return Err(format!(
                "unknown attribute `{word}` on test `{name}` (known: eval, paged, html, syntax)"
            ));
        };
        if attrs.contains(&attr) {
            return Err(format!("attribute `{word}` given twice on test `{name}`"));
        }
        attrs.push(attr);
    }
    Ok((name.into(), attrs))
}

/// The byte range of the body made of the 0-based `lines`: from the first line to the end
/// of the last line that is not blank, without that line's terminator.
fn body_range(index: &Lines, text: &str, lines: Range<usize>) -> Range<usize> {
    let start = index.line_range(lines.start).map_or(text.len(), |r| r.start);
    let mut end = start;
    for i in lines {
        let Some(range) = index.line_range(i) else {
            break;
        };
        let line = &text[range.clone()];
        if !line.trim().is_empty() {
            end = range.start + line.trim_end_matches(is_newline).len();
        }
    }
    start..end
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Collects the files and renders each test as `file:line name attrs |body|` and each
    /// problem as its display.
    fn check(files: &[(&str, &str)], expected: &[&str]) {
        let files: Vec<(EcoString, String)> =
            files.iter().map(|(p, t)| ((*p).into(), (*t).to_string())).collect();
        let (tests, problems) = collect(&files);
        let mut found: Vec<String> = tests
            .iter()
            .map(|t| format!("{}:{} {} {:?} |{}|", t.file, t.line, t.name, t.attrs, t.body))
            .collect();
        found.extend(problems.iter().map(|p| p.to_string()));
        assert_eq!(found, expected);
    }

    #[test]
    fn splits_tests_and_trims_bodies() {
        check(
            &[(
                "a/x.typ",
                "// About this file.\n\n--- one paged ---\nHello\n  *x*\n\n \n--- two ---\n--- three syntax eval ---\nlast\r\n",
            )],
            &[
                "a/x.typ:3 one [Paged] |Hello\n  *x*|",
                "a/x.typ:8 two [] ||",
                "a/x.typ:9 three [Syntax, Eval] |last|",
            ],
        );
    }

    #[test]
    fn keeps_inner_blank_lines_and_trailing_spaces() {
        check(&[("x.typ", "--- a ---\nx \n\ny\t\n\n")], &["x.typ:1 a [] |x \n\ny\t|"]);
    }

    #[test]
    fn header_problems() {
        check(
            &[(
                "x.typ",
                "text\n--- a paged fancy ---\nbody\n--- ---\n--- B ---\n--- c eval eval ---\n--- d ---\nok",
            )],
            &[
                "x.typ:7 d [] |ok|",
                "x.typ:1: text before the first test header",
                "x.typ:2: unknown attribute `fancy` on test `a` (known: eval, paged, html, syntax)",
                "x.typ:4: test header without a name",
                "x.typ:5: invalid test name `B` (use lowercase letters, digits and hyphens)",
                "x.typ:6: attribute `eval` given twice on test `c`",
            ],
        );
    }

    #[test]
    fn em_dash_lines_are_not_headers() {
        check(&[("x.typ", "--- a ---\n--- dash\n---\n")], &["x.typ:1 a [] |--- dash\n---|"]);
    }

    #[test]
    fn duplicate_names_across_files() {
        check(
            &[("a.typ", "--- same ---\n1"), ("b.typ", "\n--- same ---\n2")],
            &[
                "a.typ:1 same [] |1|",
                "b.typ:2: duplicate test name `same` (first defined at a.typ:1)",
            ],
        );
    }
}

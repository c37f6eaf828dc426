//! Diagnostics for the terminal: `SourceDiagnostic`s + the sources they point into → text
//! in Typst's CLI layout, rendered with `codespan-reporting`.
//!
//! The human format prints `error: message`, a `┌─ path:line:column` locus, the source
//! snippet with the span underlined (a hint about other code labels that code, in the
//! same snippet) and one `= hint: …` line per other hint, followed by one
//! `while calling `f` at path:line:column` line per trace step with the traced text. The
//! short format prints one `path:line:column: error: message` line per diagnostic,
//! without hints or trace, for editors and scripts (Typst's short format does the same). As in Typst, lines count from 1 and columns (in
//! characters) from 0, and tabs are two columns wide.
//!
//! Spans are resolved through a `SourceStore`, which also names each file for display. The
//! renderer never reads files: a diagnostic whose span cannot be resolved is printed
//! without a snippet.

use std::io::{self, IsTerminal};
use std::ops::Range;

use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::{self, Files};
use codespan_reporting::term::termcolor::{ColorChoice, WriteColor};
use codespan_reporting::term::{self, Config, DisplayStyle};
use quire_stages::base::{FileId, Severity, SourceDiagnostic, Span, Trace};
use quire_stages::syntax::Source;

/// The layout diagnostics are printed in (`--diagnostic-format`).
#[derive(Debug, Default, Copy, Clone, Eq, PartialEq, clap::ValueEnum)]
pub enum DiagnosticFormat {
    /// A message with the source snippet, an underlined span and hints.
    #[default]
    Human,
    /// One `path:line:column: severity: message` line per diagnostic.
    Short,
}

/// What the renderer needs to know about files: their parsed sources and display names.
pub trait SourceStore {
    /// The source of a file that has been loaded, if any.
    fn source(&self, id: FileId) -> Option<Source>;

    /// The name under which a file is shown (the CLI: its path relative to the working
    /// directory).
    fn name(&self, id: FileId) -> String;

    /// The byte range a span points to, if its file is loaded.
    fn range(&self, span: Span) -> Option<Range<usize>> {
        self.source(span.id()?)?.range(span)
    }
}

/// Whether diagnostics written to stderr should be coloured: only on a terminal, and only
/// if the environment does not opt out (`NO_COLOR`, `TERM=dumb`; see `ColorChoice::Auto`).
pub fn stderr_color() -> ColorChoice {
    if io::stderr().is_terminal() { ColorChoice::Auto } else { ColorChoice::Never }
}

/// Writes `diagnostics` in order to `out` in `format`.
pub fn emit(
    out: &mut dyn WriteColor,
    store: &dyn SourceStore,
    diagnostics: &[SourceDiagnostic],
    format: DiagnosticFormat,
) -> io::Result<()> {
    let config = Config {
        tab_width: 2,
        display_style: match format {
            DiagnosticFormat::Human => DisplayStyle::Rich,
            DiagnosticFormat::Short => DisplayStyle::Short,
        },
        ..Config::default()
    };
    let files = StoreFiles { store };
    for diagnostic in diagnostics {
        write(out, &config, &files, &to_codespan(store, diagnostic))?;
        if format == DiagnosticFormat::Human {
            let mut traced = false;
            for step in &diagnostic.trace {
                traced |= write_trace(out, &files, step)?;
            }
            if traced {
                writeln!(out)?;
            }
        }
    }
    Ok(())
}

/// Renders `diagnostics` as plain text (no colours), as `emit` would print them.
pub fn render(
    store: &dyn SourceStore,
    diagnostics: &[SourceDiagnostic],
    format: DiagnosticFormat,
) -> String {
    let mut buffer = term::termcolor::NoColor::new(Vec::new());
    // Writing into a vector cannot fail, and every label was resolved against the store.
    let _ = emit(&mut buffer, store, diagnostics, format);
    String::from_utf8_lossy(&buffer.into_inner()).into_owned()
}

fn write(
    out: &mut dyn WriteColor,
    config: &Config,
    files: &StoreFiles,
    diagnostic: &Diagnostic<FileId>,
) -> io::Result<()> {
    term::emit_to_write_style(out, config, files, diagnostic).map_err(|err| match err {
        files::Error::Io(err) => err,
        // Labels are built only from resolved spans, so a lookup failure means that the
        // store changed under us: report it rather than panic.
        other => io::Error::other(other.to_string()),
    })
}

/// Writes one trace step as Typst does: `  while calling `f` at path:line:column`, then
/// the traced source text on one line (a multi-line text shortened to its first line, `…`
/// and its last character). Returns whether anything was written: a step whose span does
/// not resolve is left out.
fn write_trace(out: &mut dyn WriteColor, files: &StoreFiles, step: &Trace) -> io::Result<bool> {
    let Some(id) = step.span.id() else { return Ok(false) };
    let Some(source) = files.store.source(id) else { return Ok(false) };
    let Some(range) = files.store.range(step.span) else { return Ok(false) };
    let Some(text) = source.text().get(range.clone()) else { return Ok(false) };
    let Some((line, column)) = source.line_col(range.start) else { return Ok(false) };
    let name = files.store.name(id);
    writeln!(out, "  {} at {name}:{}:{column}", step.note, line + 1)?;
    let mut lines = text.lines();
    write!(out, "    {}", lines.next().unwrap_or_default())?;
    if let Some(last) = lines.next_back()
        && let Some(c) = last.chars().next_back()
        && !c.is_whitespace()
    {
        write!(out, "…{c}")?;
    }
    writeln!(out)?;
    Ok(true)
}

/// The codespan form of a diagnostic: plain hints become `hint: …` notes, and a hint about
/// code of its own becomes a secondary label there (dropped, as in Typst, if its span does
/// not resolve).
fn to_codespan(store: &dyn SourceStore, diagnostic: &SourceDiagnostic) -> Diagnostic<FileId> {
    let base = match diagnostic.severity {
        Severity::Error => Diagnostic::error(),
        Severity::Warning => Diagnostic::warning(),
    };
    let mut labels: Vec<_> = label(store, diagnostic.span).into_iter().collect();
    let mut notes = Vec::new();
    for (i, hint) in diagnostic.hints.iter().enumerate() {
        match diagnostic.hint_span(i).filter(|span| !span.is_detached()) {
            Some(span) => labels.extend(
                label(store, span).map(|l| Label::secondary(l.file_id, l.range).with_message(hint)),
            ),
            None => notes.push(format!("hint: {hint}")),
        }
    }
    base.with_message(diagnostic.message.as_str()).with_labels(labels).with_notes(notes)
}

/// The primary label for a span, if it resolves to a range of a loaded file.
fn label(store: &dyn SourceStore, span: Span) -> Option<Label<FileId>> {
    let id = span.id()?;
    let range = store.range(span)?;
    // Only a range inside the loaded text can be drawn; anything else would make the
    // renderer fail halfway through a diagnostic.
    store.source(id)?.text().get(range.clone())?;
    Some(Label::primary(id, range))
}

/// `codespan-reporting`'s view of a source store. Lines and columns come from the
/// source's own line index, so that every Unicode line terminator counts as in the parser.
struct StoreFiles<'a> {
    store: &'a dyn SourceStore,
}

/// A source's text, as `codespan-reporting` wants it.
struct Text(Source);

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        self.0.text()
    }
}

impl StoreFiles<'_> {
    fn get(&self, id: FileId) -> Result<Source, files::Error> {
        self.store.source(id).ok_or(files::Error::FileMissing)
    }
}

impl<'a> Files<'a> for StoreFiles<'_> {
    type FileId = FileId;
    type Name = String;
    type Source = Text;

    fn name(&'a self, id: FileId) -> Result<String, files::Error> {
        Ok(self.store.name(id))
    }

    fn source(&'a self, id: FileId) -> Result<Text, files::Error> {
        self.get(id).map(Text)
    }

    fn line_index(&'a self, id: FileId, byte: usize) -> Result<usize, files::Error> {
        let source = self.get(id)?;
        source
            .lines()
            .line_of(byte)
            .ok_or(files::Error::IndexTooLarge { given: byte, max: source.text().len() })
    }

    fn line_range(&'a self, id: FileId, line: usize) -> Result<Range<usize>, files::Error> {
        let source = self.get(id)?;
        source
            .lines()
            .line_range(line)
            .ok_or(files::Error::LineTooLarge { given: line, max: source.lines().count() })
    }

    fn column_number(
        &'a self,
        id: FileId,
        _line: usize,
        byte: usize,
    ) -> Result<usize, files::Error> {
        let source = self.get(id)?;
        match source.line_col(byte) {
            Some((_, column)) => Ok(column),
            None if byte > source.text().len() => {
                Err(files::Error::IndexTooLarge { given: byte, max: source.text().len() })
            }
            None => Err(files::Error::InvalidCharBoundary { given: byte }),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use ecow::eco_vec;
    use quire_stages::base::Trace;

    use super::*;

    /// A store with hand-made span → range assignments, so that these tests do not depend
    /// on the parser's tree shapes.
    struct Store {
        sources: Vec<Source>,
        ranges: BTreeMap<Span, Range<usize>>,
    }

    impl Store {
        fn new(files: &[(&str, &str)]) -> Self {
            let sources = files
                .iter()
                .map(|(path, text)| Source::new(FileId::new(path), (*text).to_owned()))
                .collect();
            Self { sources, ranges: BTreeMap::new() }
        }

        /// A span in file `path` standing for `range`.
        fn span(&mut self, path: &str, range: Range<usize>) -> Span {
            let number = Span::FIRST + 1_000 + self.ranges.len() as u64;
            let span = Span::new(FileId::new(path), number).unwrap();
            self.ranges.insert(span, range);
            span
        }
    }

    impl SourceStore for Store {
        fn source(&self, id: FileId) -> Option<Source> {
            self.sources.iter().find(|source| source.id() == id).cloned()
        }

        fn name(&self, id: FileId) -> String {
            id.path().trim_start_matches('/').to_owned()
        }

        fn range(&self, span: Span) -> Option<Range<usize>> {
            self.ranges.get(&span).cloned()
        }
    }

    fn check(
        store: &Store,
        diagnostics: &[SourceDiagnostic],
        format: DiagnosticFormat,
        expected: &str,
    ) {
        assert_eq!(render(store, diagnostics, format), expected);
    }

    #[test]
    fn human_error_underlines_span_and_lists_hints() {
        let mut store = Store::new(&[("/diag/main.typ", "= Title\n#let x = (1 +\nmore\n")]);
        let span = store.span("/diag/main.typ", 14..15);
        let error = SourceDiagnostic::error(span, "unclosed delimiter")
            .with_hint("add a closing parenthesis")
            .with_hint("or remove the opening one");
        check(
            &store,
            &[error],
            DiagnosticFormat::Human,
            "error: unclosed delimiter\n  \
             ┌─ diag/main.typ:2:6\n  \
             │\n\
             2 │ #let x = (1 +\n  \
             │       ^\n  \
             │\n  \
             = hint: add a closing parenthesis\n  \
             = hint: or remove the opening one\n\n",
        );
    }

    #[test]
    fn spanned_hints_label_their_code() {
        let mut store = Store::new(&[("/diag/label.typ", "$sin(..a)$\n")]);
        let args = store.span("/diag/label.typ", 5..8);
        let callee = store.span("/diag/label.typ", 1..4);
        let error =
            SourceDiagnostic::error(args, "spread-argument syntax can only be used with functions")
                .with_spanned_hint(callee, "`sin` is not a function")
                .with_hint("to render the dots as text, add a space: `.. a`");
        check(
            &store,
            &[error],
            DiagnosticFormat::Human,
            "error: spread-argument syntax can only be used with functions\n  \
             ┌─ diag/label.typ:1:5\n  \
             │\n\
             1 │ $sin(..a)$\n  \
             │  --- ^^^\n  \
             │  │    \n  \
             │  `sin` is not a function\n  \
             │\n  \
             = hint: to render the dots as text, add a space: `.. a`\n\n",
        );
    }

    #[test]
    fn columns_count_characters_from_zero() {
        let mut store = Store::new(&[("/diag/unicode.typ", "ää #foo\n")]);
        let span = store.span("/diag/unicode.typ", 6..9);
        let warning = SourceDiagnostic::warning(span, "unused");
        check(
            &store,
            std::slice::from_ref(&warning),
            DiagnosticFormat::Human,
            "warning: unused\n  ┌─ diag/unicode.typ:1:4\n  │\n1 │ ää #foo\n  │     ^^^\n\n",
        );
        check(
            &store,
            &[warning],
            DiagnosticFormat::Short,
            "diag/unicode.typ:1:4: warning: unused\n",
        );
    }

    #[test]
    fn short_format_is_one_line_per_diagnostic() {
        let mut store = Store::new(&[("/diag/short.typ", "a\nbc *d\n")]);
        let first = store.span("/diag/short.typ", 5..7);
        let second = store.span("/diag/short.typ", 0..1);
        let diagnostics = [
            SourceDiagnostic::error(first, "unclosed delimiter").with_hint("close it"),
            SourceDiagnostic::warning(second, "careful"),
        ];
        check(
            &store,
            &diagnostics,
            DiagnosticFormat::Short,
            "diag/short.typ:2:3: error: unclosed delimiter\ndiag/short.typ:1:0: warning: careful\n",
        );
    }

    #[test]
    fn detached_and_unresolvable_spans_print_without_snippet() {
        let mut store = Store::new(&[("/diag/io.typ", "text")]);
        let missing = Span::new(FileId::new("/diag/not-loaded.typ"), Span::FIRST).unwrap();
        let diagnostics = [
            SourceDiagnostic::error(Span::detached(), "file not found (searched at x.typ)"),
            SourceDiagnostic::error(missing, "lost").with_hint("look elsewhere"),
        ];
        let _ = store.span("/diag/io.typ", 0..4);
        check(
            &store,
            &diagnostics,
            DiagnosticFormat::Human,
            "error: file not found (searched at x.typ)\n\nerror: lost\n = hint: look elsewhere\n\n",
        );
        check(
            &store,
            &diagnostics,
            DiagnosticFormat::Short,
            "error: file not found (searched at x.typ)\nerror: lost\n",
        );
    }

    #[test]
    fn trace_steps_follow_in_human_format_only() {
        let mut store = Store::new(&[("/diag/trace.typ", "#let f() = g()\n#f(\n  1)\n")]);
        let inner = store.span("/diag/trace.typ", 11..12);
        let call = store.span("/diag/trace.typ", 16..23);
        let mut error = SourceDiagnostic::error(inner, "unknown variable: g");
        error.trace = eco_vec![Trace { span: call, note: "while calling `f`".into() }];
        check(
            &store,
            std::slice::from_ref(&error),
            DiagnosticFormat::Human,
            "error: unknown variable: g\n  \
             ┌─ diag/trace.typ:1:11\n  \
             │\n\
             1 │ #let f() = g()\n  \
             │            ^\n\n  \
             while calling `f` at diag/trace.typ:2:1\n    \
             f(…)\n\n",
        );
        check(
            &store,
            &[error],
            DiagnosticFormat::Short,
            "diag/trace.typ:1:11: error: unknown variable: g\n",
        );
    }

    #[test]
    fn tabs_are_two_columns_wide() {
        let mut store = Store::new(&[("/diag/tab.typ", "\tx y\n")]);
        let span = store.span("/diag/tab.typ", 3..4);
        check(
            &store,
            &[SourceDiagnostic::error(span, "bad")],
            DiagnosticFormat::Human,
            "error: bad\n  ┌─ diag/tab.typ:1:3\n  │\n1 │   x y\n  │     ^\n\n",
        );
    }
}

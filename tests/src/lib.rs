//! The `.typ` test suite runner: suite files → tests → compiled outcomes checked against
//! their annotations, their round trip and their tree references → a report.
//!
//! Run it with `cargo test -p quire-tests --test suite -- [ARGS]` (see `args.rs` for the
//! options: name filters, `--path`, `--exact`, `--update`, `--list`).
//!
//! # Suite files
//!
//! `tests/suite/<area>/*.typ` each hold many tests. A line `--- name attrs ---` starts a
//! test; the lines up to the next header are its *body*, the Typst source it compiles
//! (trailing blank lines and the line break ending the last line are not part of it). Lines
//! before the first header may only be blank or `//` comments.
//!
//! - Names are kebab-case (`a-z`, `0-9`, `-`) and unique across the whole suite.
//! - Attributes, space separated, choose what a test is checked as: `eval`, `paged` and
//!   `html` name compilation targets; `syntax` compares the parsed tree with the reference
//!   dump `tests/ref/syntax/<name>.txt`. Any other attribute is an error. `eval` and
//!   `html` tests are parsed and then evaluated (HTML export comes later); `paged` tests
//!   run the whole paged pipeline (evaluation, realization, layout) twice, with one layout
//!   worker and with three, which must give equal documents, and their pages, rendered at
//!   1 px/pt and stacked, must match `tests/ref/<name>.png` (see `render.rs`); a test
//!   without a target attribute is only parsed. Later stages are skipped when parsing
//!   failed, so syntax errors are not reported twice. Paged tests start with small pages
//!   (120pt wide, auto height, 10pt margins, 10pt text).
//! - Every test also checks that its tree gives back its body byte for byte, and every
//!   suite file is parsed whole and must give back its text.
//!
//! # Annotations
//!
//! Expected diagnostics are comment lines directly above the line they refer to:
//!
//! ```text
//! // Error: 4-6 message
//! // Warning: 1:4-2:1 message
//! // Hint: 4-6 what to do
//! ```
//!
//! The position comes first, then the message, both compared exactly. A position is
//! `START` or `START-END`, each either `C` (a column of the next non-annotation line) or
//! `L:C` (column `C` of line `L`, where line 1 is that next non-annotation line, 2 the line
//! after it, and so on). Columns count characters from 1 and the end is exclusive; `C` alone
//! (or `C-C`) is an empty range; an end without a line stays on the start's line. A
//! `// Hint:` belongs to the nearest preceding `Error`/`Warning` with the same position;
//! hints compare exactly and in order. An emitted diagnostic without an annotation fails the
//! test, and so does an annotation that nothing emitted.
//!
//! # Reports
//!
//! Each failure names the test's header as `file:line`, the test and what differed;
//! positions in reports are `line:column` of the suite file (both from 1). The last line
//! is `N passed, N failed`; the process exits non-zero on any failure. Problems with the
//! suite itself (a malformed header or annotation, a duplicate name, a reference without
//! its test) count as failures too.

mod annotate;
mod args;
mod collect;
mod compare;
mod compile;
mod render;
mod report;
mod run;
mod tree;

pub use self::annotate::{Expected, Pos, parse_annotations};
pub use self::args::{Args, USAGE};
pub use self::collect::{Attr, Problem, Test, collect};
pub use self::compare::{Mismatch, RoundTrip, compare, round_trip};
pub use self::compile::{Diag, Outcome, Stage, Target, compile};
pub use self::run::{Paths, run};
pub use self::tree::{diff_lines, dump};

//! The parse stage: a file of a `World` → its parsed source, or the reasons it cannot be
//! used (a read failure, or its syntax errors) as diagnostics.
//!
//! The parser itself never fails: it returns a tree with error nodes. This stage turns
//! those error nodes into `SourceDiagnostic`s in source order, so that the rest of the
//! pipeline and the CLI deal with one kind of problem report.

use ecow::{EcoVec, eco_vec};
use quire_stages::base::{FileId, Severity, SourceDiagnostic, SourceResult, Span};
use quire_stages::eval::World;
use quire_stages::syntax::Source;

/// A parsed source and the parser's warnings about it.
#[derive(Debug, Clone)]
pub struct Parsed {
    pub source: Source,
    pub warnings: EcoVec<SourceDiagnostic>,
}

/// Reads and parses file `id`; fails with its syntax errors (followed by its warnings) if it
/// has any errors.
pub fn parse_stage(world: &dyn World, id: FileId) -> SourceResult<Parsed> {
    let source = world.source(id).map_err(|err| {
        // The file has no text to point into, so the error has no span (Typst reports an
        // unreadable main file the same way).
        eco_vec![err.diagnostic(Span::detached())]
    })?;
    let mut diagnostics = syntax_diagnostics(&source);
    let warnings = syntax_warnings(&source);
    if diagnostics.is_empty() {
        Ok(Parsed { source, warnings })
    } else {
        diagnostics.extend(warnings);
        Err(diagnostics)
    }
}

/// The syntax errors of a parsed source as diagnostics, in source order.
pub fn syntax_diagnostics(source: &Source) -> EcoVec<SourceDiagnostic> {
    source.root().errors().into_iter().map(|error| error.to_diagnostic(Severity::Error)).collect()
}

/// The parser's warnings (e.g. `no text within stars`) as diagnostics, in source order.
pub fn syntax_warnings(source: &Source) -> EcoVec<SourceDiagnostic> {
    source.root().warnings().into_iter().map(|w| w.to_diagnostic(Severity::Warning)).collect()
}

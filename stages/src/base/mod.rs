//! Foundations shared by every stage: file identities, spans and diagnostics.

mod diag;
mod file;
mod span;

pub use self::diag::{Severity, SourceDiagnostic, SourceResult, Trace};
pub use self::file::FileId;
pub use self::span::Span;

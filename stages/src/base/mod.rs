//! Foundations shared by every stage: file identities, spans, diagnostics and geometry.

mod diag;
mod file;
mod geom;
mod span;

pub use self::diag::{Severity, SourceDiagnostic, SourceResult, Trace};
pub use self::file::FileId;
pub use self::geom::{Abs, Angle, Em, Factor, Point, Size, Transform};
pub use self::span::Span;

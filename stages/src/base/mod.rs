//! Foundations shared by every stage: file identities, spans, diagnostics, geometry and
//! the introspection vocabulary (locations, tags, records, the `Introspector` trait).

mod diag;
mod file;
mod geom;
mod introspect;
mod span;

pub use self::diag::{Severity, SourceDiagnostic, SourceResult, Trace};
pub use self::file::FileId;
pub use self::geom::{Abs, Angle, Em, Factor, Point, Size, Transform};
pub use self::introspect::{Asked, Payload, Question, Unsettled, observed_hint, update_indices};
pub use self::introspect::{
    EmptyIntrospector, FxHasher64, Introspection, Introspector, Location, Locator, Read, Record,
    Tag, TagInfo, labelled, missing_label, target_record,
};
pub use self::span::Span;

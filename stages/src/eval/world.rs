//! The `World`: everything evaluation needs from outside — the library, the main file,
//! and sources and raw files by id — and `FileError`, with Typst's wording for failures.
//!
//! File ids are project-relative paths (`/chapters/one.typ`) or, for a file of a package,
//! the package specification followed by the path inside the package
//! (`@preview/name:1.0.0/src/lib.typ`); the world maps them to storage (the file system
//! in the CLI, memory in tests). Evaluation never does I/O itself.
//!
//! Fonts and layout belong to later stages, yet two things evaluation does need them:
//! the `unknown font family` warning of `text(font: ..)` and `measure`. It reaches them
//! through the `Typesetter` trait, which the layout stage implements and the pipeline
//! attaches to the world it compiles with (`TypesetWorld`), so eval never names a layout
//! type. A world without one (evaluation alone, unit tests) knows every family and cannot
//! measure.

use std::collections::HashMap;
use std::fmt::{self, Display, Formatter};
use std::sync::{Arc, Mutex};

use ecow::{EcoString, eco_format};

use super::Engine;
use crate::base::{FileId, Size, SourceDiagnostic, SourceResult, Span};
use crate::model::{Content, Datetime, Module, Scope, Styles};
use crate::syntax::Source;

/// What evaluation reads from its surroundings. Shared by the parallel layout workers,
/// hence `Sync`.
pub trait World: Sync {
    /// The global scope: the standard library (see `library::std_library`), possibly
    /// with extra globals (the test suite adds `test` and `print`).
    fn library(&self) -> &Scope;

    /// The file compilation starts at.
    fn main(&self) -> FileId;

    /// The parsed source of a file.
    fn source(&self, id: FileId) -> Result<Source, FileError>;

    /// The raw bytes of a file (images, data).
    fn file(&self, id: FileId) -> Result<Arc<[u8]>, FileError>;

    /// The styles the document starts with, below its own set rules (empty for a real
    /// document; the test suite uses them for its small pages).
    fn styles(&self) -> Styles {
        Styles::new()
    }

    /// Today's date, in UTC shifted by `offset` seconds (`None`: the local time zone), or
    /// `None` when the world does not tell (a reproducible build without a timestamp).
    fn today(&self, offset: Option<i64>) -> Option<Datetime> {
        let _ = offset;
        None
    }

    /// The fonts and layout of the compilation, where evaluation runs inside one; `None`
    /// (the default) for evaluation on its own.
    fn typesetter(&self) -> Option<&dyn Typesetter> {
        None
    }

    /// The modules this compilation has evaluated so far, where the world keeps them;
    /// `None` (the default) evaluates a file anew at each import.
    fn modules(&self) -> Option<&ModuleCache> {
        None
    }
}

/// The modules a compilation evaluated, by file and module name, each with the warnings
/// its evaluation gave. A file's module does not depend on where it is imported (its code
/// starts without context), so each import of it gives the same module, as Typst's
/// memoized evaluation does: two imports of a file are equal modules with identical
/// closures, and the file is evaluated once.
#[derive(Debug, Default)]
pub struct ModuleCache(Mutex<HashMap<(FileId, EcoString), Evaluated>>);

/// A module with the warnings its evaluation gave.
type Evaluated = (Module, Vec<SourceDiagnostic>);

impl ModuleCache {
    /// The module of file `id` evaluated under `name`, with its warnings.
    pub fn get(&self, id: FileId, name: &str) -> Option<Evaluated> {
        let map = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        map.get(&(id, EcoString::from(name))).cloned()
    }

    /// Keeps the module of file `id` evaluated under `name`, with its warnings.
    pub fn insert(&self, id: FileId, name: &str, module: Module, warnings: Vec<SourceDiagnostic>) {
        let mut map = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        map.insert((id, EcoString::from(name)), (module, warnings));
    }
}

/// What evaluation asks of the fonts and the layouter. Shared by the parallel layout
/// workers, hence `Sync`.
pub trait Typesetter: Sync {
    /// Whether a font family of this name exists (names compare case-insensitively).
    fn font_family_exists(&self, family: &str) -> bool;

    /// The size of `content` laid out under `styles` into one region of `region`
    /// (infinite along an axis without bound), as `measure` gives it. Layout calls back
    /// into evaluation through `engine` (show rules, `context`), and its warnings and
    /// introspections go there.
    fn measure(
        &self,
        engine: &mut Engine,
        content: &Content,
        styles: &Styles,
        region: Size,
    ) -> SourceResult<Size>;
}

/// A world with a module cache and perhaps a typesetter: every other question goes to the
/// inner world. The pipeline compiles with one built from the caller's world and its fonts
/// (`new`); evaluation wraps a world without a cache in one (`caching`), so that each file
/// is one module wherever evaluation starts (the test suite evaluates with its own world).
pub struct TypesetWorld<'a> {
    world: &'a dyn World,
    /// The typesetter; `None` asks the inner world.
    typesetter: Option<&'a dyn Typesetter>,
    modules: ModuleCache,
}

impl<'a> TypesetWorld<'a> {
    /// The world `world` with `typesetter` and an empty module cache.
    pub fn new(world: &'a dyn World, typesetter: &'a dyn Typesetter) -> Self {
        Self { world, typesetter: Some(typesetter), modules: ModuleCache::default() }
    }

    /// The world `world` (with its own typesetter, if any) and an empty module cache.
    pub fn caching(world: &'a dyn World) -> Self {
        Self { world, typesetter: None, modules: ModuleCache::default() }
    }
}

impl std::fmt::Debug for TypesetWorld<'_> {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        f.debug_struct("TypesetWorld").finish_non_exhaustive()
    }
}

/// Forwards every method, defaulted ones included: a method added to `World` must be
/// forwarded here too.
impl World for TypesetWorld<'_> {
    fn library(&self) -> &Scope {
        self.world.library()
    }

    fn main(&self) -> FileId {
        self.world.main()
    }

    fn source(&self, id: FileId) -> Result<Source, FileError> {
        self.world.source(id)
    }

    fn file(&self, id: FileId) -> Result<Arc<[u8]>, FileError> {
        self.world.file(id)
    }

    fn styles(&self) -> Styles {
        self.world.styles()
    }

    fn today(&self, offset: Option<i64>) -> Option<Datetime> {
        self.world.today(offset)
    }

    fn typesetter(&self) -> Option<&dyn Typesetter> {
        self.typesetter.or_else(|| self.world.typesetter())
    }

    fn modules(&self) -> Option<&ModuleCache> {
        Some(&self.modules)
    }
}

/// Why a file could not be read.
#[derive(Debug, Clone, Eq, PartialEq, Hash)]
pub enum FileError {
    /// No file at the path; holds the path that was searched (on the storage side).
    NotFound(EcoString),
    /// The path, as written, would leave the project root.
    Escapes(EcoString),
    /// The path, as written in a package file, would leave the package's root.
    EscapesPackage(EcoString),
    /// The path, as written, has a backslash (Typst paths use forward slashes only).
    Backslash(EcoString),
    /// The file may not be read.
    AccessDenied,
    /// No package matches the specification (`@preview/name:1.0.0`): it is neither in the
    /// local package directory nor in the package cache.
    PackageNotFound(EcoString),
    /// The path is a directory.
    IsDirectory,
    /// The file is not valid UTF-8 (for a source).
    InvalidUtf8,
    /// Another failure, described.
    Other(EcoString),
}

impl FileError {
    /// The hints to show with the error, in order.
    pub fn hints(&self) -> Vec<EcoString> {
        match self {
            Self::Escapes(_) => vec![
                "cannot access files outside of the project sandbox".into(),
                "you can adjust the project root with the `--root` argument".into(),
            ],
            Self::EscapesPackage(_) => {
                vec!["cannot access files outside of the package sandbox".into()]
            }
            Self::Backslash(path) => vec![
                eco_format!(
                    "use forward slashes instead: `{}`",
                    crate::model::repr_str(&path.replace("\\", "/"))
                ),
                "in earlier Typst versions, backslashes indicated path separators on Windows"
                    .into(),
                "this behavior is no longer supported as it is not portable".into(),
            ],
            _ => vec![],
        }
    }

    /// The error as a diagnostic at `span`, with its hints.
    pub fn diagnostic(&self, span: Span) -> SourceDiagnostic {
        let mut diag = SourceDiagnostic::error(span, eco_format!("{self}"));
        for hint in self.hints() {
            diag = diag.with_hint(hint);
        }
        diag
    }
}

impl Display for FileError {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        match self {
            Self::NotFound(path) => write!(f, "file not found (searched at {path})"),
            Self::Escapes(path) => {
                write!(f, "path `{}` would escape the project root", crate::model::repr_str(path))
            }
            Self::EscapesPackage(path) => {
                write!(f, "path `{}` would escape the package root", crate::model::repr_str(path))
            }
            Self::PackageNotFound(spec) => write!(f, "package not found (searched for {spec})"),
            Self::Backslash(_) => f.write_str("path must not contain a backslash"),
            Self::AccessDenied => f.write_str("failed to load file (access denied)"),
            Self::IsDirectory => f.write_str("failed to load file (is a directory)"),
            Self::InvalidUtf8 => f.write_str("file is not valid utf-8"),
            Self::Other(message) => write!(f, "failed to load file ({message})"),
        }
    }
}

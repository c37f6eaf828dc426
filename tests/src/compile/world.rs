//! The suite's `World`: the test body as the main file, other files read from the `tests`
//! folder (so a test in `suite/eval/` imports `modules/a.typ` from `suite/eval/modules/`),
//! and the standard library plus the suite's helpers. Its typesetter is the embedded
//! fonts' (as in paged tests), so `eval` tests warn about unknown font families too.
//!
//! # Helpers
//!
//! - `test(left, right)` fails with `test failed` and the hints `left: REPR` and
//!   `right: REPR` when the values differ (by the language's `==`).
//! - `print(..values)` writes the values' `repr`s, separated by spaces, to stderr.
//!
//! # Page defaults
//!
//! Paged tests start with small pages: `page(width: 120pt, height: auto, margin: 10pt)`
//! and `text(size: 10pt)`, as the world's base styles (below the test's own set rules).

use std::path::PathBuf;
use std::sync::{Arc, LazyLock};

use ecow::EcoString;
use quire_shaping::ShapingContext;
use quire_stages::base::{Abs, FileId, SourceResult, Span};
use quire_stages::eval::{Engine, FileError, Typesetter, World, library};
use quire_stages::layout::inline::InlineContext;
use quire_stages::model::{
    Args, Dict, Element, Func, Length, NativeFunc, PAGE, Scope, Styles, TEXT, Value,
};
use quire_stages::syntax::Source;

/// The embedded fonts and a shaper of their own, for what evaluation asks of layout.
static TYPESETTER: LazyLock<InlineContext<'static>> =
    LazyLock::new(|| InlineContext { book: &super::FONTS, shaper: &*SHAPER });
static SHAPER: LazyLock<ShapingContext> = LazyLock::new(ShapingContext::new);

/// A world around one test.
pub struct TestWorld {
    main: Source,
    root: PathBuf,
}

static TEST: NativeFunc = NativeFunc { name: "test", call: test, scope: &[] };
static PRINT: NativeFunc = NativeFunc { name: "print", call: print, scope: &[] };

/// The standard library with `test` and `print`.
static LIBRARY: LazyLock<Scope> = LazyLock::new(|| {
    let mut scope = library::std_library(Dict::new());
    scope.define("test", Func::from(&TEST));
    scope.define("print", Func::from(&PRINT));
    scope
});

fn test(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let left: Value = args.expect("left")?;
    let right: Value = args.expect("right")?;
    if left != right {
        quire_stages::bail!(args.span, "test failed";
            hint: "left: {}", left.repr();
            hint: "right: {}", right.repr());
    }
    Ok(Value::None)
}

fn print(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let values: Vec<Value> = args.all()?;
    let parts: Vec<EcoString> = values.iter().map(Value::repr).collect();
    eprintln!("{}", parts.join(" "));
    Ok(Value::None)
}

/// The suite's page and text defaults.
static STYLES: LazyLock<Styles> = LazyLock::new(|| {
    let pt = |v: f64| Value::Length(Length::abs(Abs::pt(v)));
    let mut styles =
        set(PAGE, [("width", pt(120.0)), ("height", Value::Auto), ("margin", pt(10.0))]);
    styles.extend(set(TEXT, [("size", pt(10.0))]));
    styles
});

/// The styles of `set elem(name: value, ..)`.
fn set<const N: usize>(elem: Element, fields: [(&str, Value); N]) -> Styles {
    let span = Span::detached();
    let mut args = Args::new(span, []);
    for (name, value) in fields {
        args.push_named(span, span, name.into(), value);
    }
    elem.set(&mut args).unwrap_or_else(|errors| panic!("invalid suite defaults: {errors:?}"))
}

impl TestWorld {
    /// A world whose main file is `main`; other files come from the `tests` folder.
    pub fn new(main: Source) -> Self {
        Self { main, root: PathBuf::from(env!("CARGO_MANIFEST_DIR")) }
    }

    fn path(&self, id: FileId) -> PathBuf {
        self.root.join(id.path().trim_start_matches('/'))
    }
}

impl World for TestWorld {
    fn library(&self) -> &Scope {
        &LIBRARY
    }

    fn main(&self) -> FileId {
        self.main.id()
    }

    fn styles(&self) -> Styles {
        STYLES.clone()
    }

    fn source(&self, id: FileId) -> Result<Source, FileError> {
        if id == self.main.id() {
            return Ok(self.main.clone());
        }
        let bytes = self.file(id)?;
        let text = String::from_utf8(bytes.to_vec()).map_err(|_| FileError::InvalidUtf8)?;
        Ok(Source::new(id, text))
    }

    fn file(&self, id: FileId) -> Result<Arc<[u8]>, FileError> {
        let path = self.path(id);
        if path.is_dir() {
            return Err(FileError::IsDirectory);
        }
        std::fs::read(&path).map(Arc::from).map_err(|_| FileError::NotFound(id.path().into()))
    }

    fn typesetter(&self) -> Option<&dyn Typesetter> {
        Some(&*TYPESETTER)
    }
}

//! The generated-book check of the whole paged path: a book of several hundred pages →
//! PDF, PNG and SVG in one run, once with one worker and once with two → the same bytes.
//!
//! This is the in-process form of `quire compile book.typ book.pdf 'p-{p}.png'
//! 'p-{p}.svg' --jobs N`: the same compile and export functions the CLI calls, with a
//! worker pool of the given size.

use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};

use quire::args::{Output, OutputFormat};
use quire::compile::{CompileOptions, compile_paged_to, worker_pool};
use quire::export::{ExportOptions, Exporters, Target};
use quire_benches::{MemoryWorld, generate_markup};
use quire_shaping::FontBook;

/// About 340 A5 pages.
const BOOK_BYTES: usize = 600_000;

/// Compiles and exports the book with `jobs` workers into `dir`; returns the page count
/// and every written file's name and bytes, sorted by name.
fn build(
    world: &MemoryWorld,
    book: &FontBook,
    jobs: usize,
    dir: &Path,
) -> (usize, Vec<(String, Vec<u8>)>) {
    let jobs = NonZeroUsize::new(jobs).unwrap();
    std::fs::create_dir_all(dir).unwrap();
    let targets = [
        ("book.pdf", OutputFormat::Pdf),
        ("p-{0p}.png", OutputFormat::Png),
        ("p-{0p}.svg", OutputFormat::Svg),
    ]
    .map(|(name, format)| Target { output: Output::Path(dir.join(name)), format });
    // A low resolution keeps the check fast; determinism does not depend on it.
    let options = ExportOptions { pages: None, ppi: 18.0, timestamp: None };
    let pool = worker_pool(jobs).unwrap();
    // Pages stream to the exporters while the book is laid out, as in the CLI.
    let pages = std::thread::scope(|scope| {
        let exporters = Exporters::start(scope, &targets, &options, &pool);
        let compiled = compile_paged_to(
            world,
            book,
            &CompileOptions { jobs, pool: Some(&pool) },
            Some(&exporters),
        );
        assert!(compiled.errors.is_empty(), "{:?}", compiled.errors);
        let document = compiled.document.expect("a document without errors");
        exporters.finish(&document).expect("export succeeds");
        document.pages.len()
    });
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let entry = entry.unwrap();
            (entry.file_name().to_string_lossy().into_owned(), std::fs::read(entry.path()).unwrap())
        })
        .collect();
    files.sort();
    (pages, files)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("quire-book-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn generated_book_exports_the_same_bytes_with_one_and_two_workers() {
    let world = MemoryWorld::new(generate_markup(BOOK_BYTES));
    let book = FontBook::embedded();
    let (one_dir, two_dir) = (scratch("jobs1"), scratch("jobs2"));
    let (pages, one) = build(&world, &book, 1, &one_dir);
    let (pages_two, two) = build(&world, &book, 2, &two_dir);

    assert!(pages >= 300, "the book has only {pages} pages");
    assert_eq!(pages, pages_two);
    // One PDF, and one PNG and one SVG per page.
    assert_eq!(one.len(), 1 + 2 * pages);
    assert!(one.iter().any(|(name, _)| name == "p-001.png"));
    let names = |files: &[(String, Vec<u8>)]| files.iter().map(|f| f.0.clone()).collect::<Vec<_>>();
    assert_eq!(names(&one), names(&two));
    for ((name, a), (_, b)) in one.iter().zip(&two) {
        assert!(a == b, "{name} differs between one and two workers");
    }
    let pdf = &one.iter().find(|(name, _)| name == "book.pdf").unwrap().1;
    assert!(pdf.starts_with(b"%PDF-"));
    let _ = std::fs::remove_dir_all(one_dir);
    let _ = std::fs::remove_dir_all(two_dir);
}

//! The whole paged pipeline (parse, evaluate, realize, lay out, finalize) on generated
//! books → time per book, with one layout worker and with two side by side, so that one
//! run gives the scaling ratio on this machine; and compile + export to PDF and PNG, with
//! the pages streaming to the exporters while layout runs (as the CLI does) and with export
//! started only after compilation, side by side.
//!
//! The books come from `generate_markup` (A5 pages, numbered headings, justified
//! paragraphs, lists, tables, raw blocks): 60 KB is about 40 pages, 240 KB about 160.

use std::num::NonZeroUsize;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use quire::args::{Output, OutputFormat};
use quire::compile::{CompileOptions, compile_paged, compile_paged_to, worker_pool};
use quire::export::{ExportOptions, Exporters, Target, export};
use quire_benches::{MemoryWorld, generate_markup};
use quire_shaping::FontBook;

/// Label and size in bytes of each book.
const SIZES: [(&str, usize); 2] = [("60KB", 60_000), ("240KB", 240_000)];

fn pipeline(c: &mut Criterion) {
    let book = FontBook::embedded();
    let mut group = c.benchmark_group("pipeline");
    group.sample_size(10).warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(8));
    for (label, bytes) in SIZES {
        let world = MemoryWorld::new(generate_markup(bytes));
        group.throughput(Throughput::Bytes(bytes as u64));
        for jobs in [1, 2] {
            let options =
                CompileOptions::with_jobs(NonZeroUsize::new(jobs).unwrap_or(NonZeroUsize::MIN));
            let id = BenchmarkId::new(format!("jobs{jobs}"), label);
            group.bench_with_input(id, &world, |b, world| {
                b.iter(|| {
                    let compiled = compile_paged(world, &book, &options);
                    assert!(compiled.errors.is_empty(), "{:?}", compiled.errors);
                    compiled.document.map_or(0, |d| d.pages.len())
                })
            });
        }
    }
    group.finish();
}

/// Compile + export of the 60 KB book to a PDF and one PNG per page (at 36 ppi), two
/// workers: streamed to the exporters vs. exported after compiling.
fn export_modes(c: &mut Criterion) {
    let book = FontBook::embedded();
    let world = MemoryWorld::new(generate_markup(60_000));
    let dir = std::env::temp_dir().join(format!("quire-bench-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch directory");
    let targets = [("book.pdf", OutputFormat::Pdf), ("p-{0p}.png", OutputFormat::Png)]
        .map(|(name, format)| Target { output: Output::Path(dir.join(name)), format });
    let export_options = ExportOptions { pages: None, ppi: 36.0, timestamp: None };
    let jobs = NonZeroUsize::new(2).unwrap_or(NonZeroUsize::MIN);
    let pool = worker_pool(jobs).expect("pool");
    // One pool for layout and export, as the CLI runs them.
    let options = CompileOptions { jobs, pool: Some(&pool) };

    let mut group = c.benchmark_group("compile_export");
    group.sample_size(10).warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(8));
    group.bench_function("streamed/60KB", |b| {
        b.iter(|| {
            std::thread::scope(|scope| {
                let exporters = Exporters::start(scope, &targets, &export_options, &pool);
                let compiled = compile_paged_to(&world, &book, &options, Some(&exporters));
                let document = compiled.document.expect("compiles");
                exporters.finish(&document).expect("exports");
            })
        })
    });
    group.bench_function("after/60KB", |b| {
        b.iter(|| {
            let document = compile_paged(&world, &book, &options).document.expect("compiles");
            export(&document, &targets, &export_options, &pool).expect("exports");
        })
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, pipeline, export_modes);
criterion_main!(benches);

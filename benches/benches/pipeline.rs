//! The whole paged pipeline (parse, evaluate, realize, lay out, finalize) on generated
//! books → time per book, with one layout worker and with two side by side, so that one
//! run gives the scaling ratio on this machine. Exporters are not included: they are
//! measured on their own.
//!
//! The books come from `generate_markup` (A5 pages, numbered headings, justified
//! paragraphs, lists, tables, raw blocks): 60 KB is about 40 pages, 240 KB about 160.

use std::num::NonZeroUsize;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use quire::compile::{CompileOptions, compile_paged};
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
                CompileOptions { jobs: NonZeroUsize::new(jobs).unwrap_or(NonZeroUsize::MIN) };
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

criterion_group!(benches, pipeline);
criterion_main!(benches);

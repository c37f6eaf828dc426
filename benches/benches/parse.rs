//! Parser throughput: generated documents of 100 KB, 1 MB and 10 MB → bytes parsed per
//! second (each iteration parses the whole document and frees its tree). A linear parser
//! shows the same throughput at every size.
//!
//! Sample counts and times are kept small so that `cargo bench -p quire-benches` stays
//! under two minutes; each sample of the largest size already parses 10 MB.

use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use quire_benches::generate_markup;
use quire_stages::syntax::parse;

/// Label, size in bytes and measurement time of each document.
const SIZES: [(&str, usize, u64); 3] =
    [("100KB", 100_000, 3), ("1MB", 1_000_000, 4), ("10MB", 10_000_000, 10)];

fn parse_throughput(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse");
    group.sample_size(10).warm_up_time(Duration::from_secs(1));
    for (label, bytes, seconds) in SIZES {
        let text = generate_markup(bytes);
        group.measurement_time(Duration::from_secs(seconds));
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(label), &text, |b, text| {
            b.iter(|| parse(text))
        });
    }
    group.finish();
}

criterion_group!(benches, parse_throughput);
criterion_main!(benches);

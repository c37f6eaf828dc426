//! Evaluation alone (parse excluded, no layout) → time per document, on two kinds of
//! document: a script-heavy one (recursion, loops, closures, string and array work) and a
//! data-heavy one (a 10 MB JSON file, generated when the bench starts, loaded with
//! `json(..)` and turned into a `table(..)` of 40 000 rows). The documents are in the
//! library (`documents.rs`).

use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use quire_benches::{DATA, JSON_PATH, JSON_ROWS, MemoryWorld, SCRIPT, generate_json};
use quire_stages::eval::{World, eval};

fn evaluate(c: &mut Criterion) {
    let mut group = c.benchmark_group("eval");
    group.sample_size(10).warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(8));

    let script = MemoryWorld::new(SCRIPT);
    group.throughput(Throughput::Bytes(SCRIPT.len() as u64));
    group.bench_function("script", |b| {
        b.iter(|| {
            let source = script.source(script.main()).expect("the main file exists");
            let module = eval(&script, &source);
            assert!(module.is_ok(), "{:?}", module.err());
        })
    });

    let json = generate_json(JSON_ROWS);
    let bytes = json.len();
    let data = MemoryWorld::new(DATA).with_file(JSON_PATH, json.into_bytes());
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("json-10MB-table", |b| {
        b.iter(|| {
            let source = data.source(data.main()).expect("the main file exists");
            let module = eval(&data, &source);
            assert!(module.is_ok(), "{:?}", module.err());
        })
    });
    group.finish();
}

criterion_group!(benches, evaluate);
criterion_main!(benches);

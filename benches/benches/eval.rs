//! Evaluation alone (parse excluded, no layout) → time per document, on two kinds of
//! document: a script-heavy one (recursion, loops, closures, string and array work) and a
//! data-heavy one (a 10 MB JSON file, generated when the bench starts, loaded with
//! `json(..)` and turned into a `table(..)` of 40 000 rows).

use std::fmt::Write;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use quire_benches::MemoryWorld;
use quire_stages::eval::{World, eval};

/// A document that spends its time in the evaluator: recursive functions, loops over
/// ranges, closures passed to array methods, dictionary updates and string building.
const SCRIPT: &str = r#"
#let fib(n) = if n < 2 { n } else { fib(n - 1) + fib(n - 2) }
#let primes(limit) = {
  let sieve = range(limit).map(_ => true)
  let found = ()
  for i in range(2, limit) {
    if sieve.at(i) {
      found.push(i)
      for j in range(i * i, limit, step: i) { sieve.at(j) = false }
    }
  }
  found
}
#let words = lorem(2000).split(" ")
#let counts = (:)
#for word in words {
  let key = lower(word.trim(regex("[.,;]")))
  counts.insert(key, counts.at(key, default: 0) + 1)
}
#let total = fib(20) + primes(20000).len() + counts.len()
#let text = range(3000).map(i => str(i)).join(", ")
#let sorted = words.sorted(key: w => w.len()).rev().slice(0, 50)
Total: #total, #text.len(), #sorted.join(" ")
"#;

/// Rows in the generated JSON file: about 10 MB.
const ROWS: usize = 40_000;

/// A JSON array of `ROWS` records with strings, integers, floats, booleans, nulls and a
/// nested array each.
fn generate_json() -> String {
    let mut out = String::with_capacity(ROWS * 260);
    out.push('[');
    for i in 0..ROWS {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(
            out,
            "{{\"id\":{i},\"name\":\"customer number {i} with a fairly long name\",\
             \"city\":\"Springfield {}\",\"balance\":{}.{:02},\"active\":{},\
             \"note\":null,\"tags\":[\"alpha\",\"beta\",\"gamma\",{}],\
             \"address\":{{\"street\":\"{} Long Road\",\"zip\":\"{:05}\"}},\
             \"comment\":\"lorem ipsum dolor sit amet consectetur adipiscing elit sed do\"}}",
            i % 97,
            i * 37 % 100_000,
            i % 100,
            i % 3 == 0,
            i % 11,
            i % 1000,
            i % 100_000,
        );
    }
    out.push(']');
    out
}

/// The data-heavy document: load the JSON and build a four-column table from it.
const DATA: &str = r#"
#let rows = json("/data.json")
#table(
  columns: 4,
  table.header[ID][Name][City][Balance],
  ..rows.map(r => (str(r.id), r.name, r.city, str(r.balance))).flatten(),
)
"#;

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

    let json = generate_json();
    let bytes = json.len();
    let data = MemoryWorld::new(DATA).with_file("/data.json", json.into_bytes());
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

//! The evaluation bench's documents → their sources: a script-heavy one and a data-heavy
//! one (a generated JSON file of about 10 MB turned into a table). Shared by the bench
//! (`benches/eval.rs`) and by the test that keeps them evaluating (`tests/documents.rs`).

use std::fmt::Write;

/// A document that spends its time in the evaluator: recursive functions, loops over
/// ranges, closures passed to array methods, dictionary updates and string building.
pub const SCRIPT: &str = r#"
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

/// The data-heavy document: load the JSON at `JSON_PATH` and build a four-column table
/// from it.
pub const DATA: &str = r#"
#let rows = json("/data.json")
#table(
  columns: 4,
  table.header[ID][Name][City][Balance],
  ..rows.map(r => (str(r.id), r.name, r.city, str(r.balance))).flatten(),
)
"#;

/// Where `DATA` finds its JSON file in the project.
pub const JSON_PATH: &str = "/data.json";

/// Rows in the bench's JSON file: about 10 MB.
pub const JSON_ROWS: usize = 40_000;

/// A JSON array of `rows` records with strings, integers, floats, booleans, nulls, a
/// nested array and a nested object each (about 260 bytes a record).
pub fn generate_json(rows: usize) -> String {
    let mut out = String::with_capacity(rows * 260);
    out.push('[');
    for i in 0..rows {
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

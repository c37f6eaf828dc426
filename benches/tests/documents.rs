//! The evaluation bench's documents → they still evaluate, to the values the bench means
//! to measure, and the data-heavy one's JSON is the size its name promises. Runs with
//! `cargo test`, so that a change that breaks a bench document shows before a bench run.

use quire_benches::{DATA, JSON_PATH, JSON_ROWS, MemoryWorld, SCRIPT, generate_json};
use quire_stages::eval::{World, eval};
use quire_stages::model::Value;

/// Evaluates the main file of `world` → the module's content, as plain text.
fn evaluate(world: &MemoryWorld) -> String {
    let source = world.source(world.main()).expect("the main file exists");
    let module = eval(world, &source);
    let module = module.unwrap_or_else(|errors| panic!("evaluation failed: {errors:?}"));
    module.content().plain_text().to_string()
}

#[test]
fn script_document_evaluates() {
    let text = evaluate(&MemoryWorld::new(SCRIPT));
    let mut parts =
        text.trim_start().strip_prefix("Total: ").expect("the total comes first").split(", ");
    // fib(20) = 6765 and 2262 primes below 20 000, plus the distinct words of the text.
    let total: i64 = parts.next().unwrap().parse().unwrap();
    assert!(total > 6765 + 2262, "{text}");
    // The numbers 0 to 2999 joined with ", ": 10 890 digits and 2999 separators.
    assert_eq!(parts.next(), Some("16888"));
}

#[test]
fn data_document_evaluates_to_a_table() {
    let rows = 50;
    let world = MemoryWorld::new(DATA).with_file(JSON_PATH, generate_json(rows).into_bytes());
    let source = world.source(world.main()).expect("the main file exists");
    let module = eval(&world, &source).expect("evaluation succeeds");
    let rows_value = module.scope().get("rows").expect("the document binds `rows`");
    match rows_value {
        Value::Array(array) => assert_eq!(array.len(), rows),
        other => panic!("`rows` is not an array: {other:?}"),
    }
    assert!(!module.content().is_empty(), "the document makes a table");
}

#[test]
fn bench_json_is_about_ten_megabytes() {
    let bytes = generate_json(JSON_ROWS).len();
    assert!((9_500_000..12_000_000).contains(&bytes), "{bytes} bytes");
}

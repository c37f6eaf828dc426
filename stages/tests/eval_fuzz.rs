//! Evaluator robustness: random programs → `eval` returns, with a value or with errors.
//!
//! Two generators: token soup (code tokens in random order, mostly invalid) and
//! grammar-directed programs (bindings, closures, recursion, loops, method calls on
//! collections, destructuring, spreads), mostly valid. For every input, evaluation must
//! not panic and must finish: the call depth limit, the loop iteration limit and the
//! errors for impossible operations end runaway programs. Evaluation runs on a thread with
//! the pipeline's evaluation stack size; a case that takes too long counts as a hang.

use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use proptest::prelude::*;
use proptest::test_runner::Config;
use quire_stages::eval::{MemoryWorld, eval};

/// How long one program may take before the case counts as a hang. The programs are
/// small; a runaway one is stopped by a limit within a few hundred milliseconds.
const HANG_LIMIT: Duration = Duration::from_secs(30);

/// The stack the pipeline gives evaluation.
const EVAL_STACK: usize = 256 << 20;

/// Evaluates `text` as a main file on a fresh thread; fails on a panic or a hang.
fn check(text: String) {
    // The outcome itself does not matter, only that there is one.
    let _ = outcome(text);
}

/// Evaluates `text` as a main file on a fresh thread → the message of its first error, or
/// `None` when it evaluates; fails on a panic or a hang.
fn outcome(text: String) -> Option<String> {
    let (send, recv) = mpsc::channel();
    let shown = text.clone();
    let worker = thread::Builder::new()
        .stack_size(EVAL_STACK)
        .spawn(move || {
            let world = MemoryWorld::new(text);
            let result = eval(&world, world.main_source());
            let first = result.err().map(|errors| match errors.first() {
                Some(error) => error.message.to_string(),
                None => String::new(),
            });
            let _ = send.send(first);
        })
        .expect("spawning the evaluation thread");
    match recv.recv_timeout(HANG_LIMIT) {
        Ok(first) => first,
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("evaluation hangs on:\n{shown}"),
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            let _ = worker.join();
            panic!("evaluation panicked on:\n{shown}");
        }
    }
}

/// Checks that `text` stops with an error whose message starts with `message`.
fn check_stops(text: &str, message: &str) {
    match outcome(text.into()) {
        Some(first) if first.starts_with(message) => {}
        Some(first) => panic!("expected `{message}`, got `{first}` on:\n{text}"),
        None => panic!("expected `{message}`, but evaluation succeeded on:\n{text}"),
    }
}

/// 96 cases per property, or `PROPTEST_CASES` of them when that is set (for a longer run:
/// `PROPTEST_CASES=5000 cargo test -p quire-stages --test eval_fuzz`).
fn config() -> Config {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(96);
    Config { cases, ..Config::default() }
}

/// Tokens of code, including ones that rarely fit together.
const TOKENS: &[&str] = &[
    "let",
    "x",
    "y",
    "f",
    "g",
    "=",
    "==",
    "+",
    "-",
    "*",
    "/",
    "+=",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    ";",
    ".",
    "..",
    "=>",
    "if",
    "else",
    "for",
    "in",
    "while",
    "break",
    "continue",
    "return",
    "none",
    "auto",
    "true",
    "false",
    "0",
    "1",
    "2",
    "3",
    "-1",
    "10",
    "1.5",
    "2pt",
    "50%",
    "\"a\"",
    "\"bc\"",
    "<l>",
    "len",
    "at",
    "map",
    "filter",
    "push",
    "pop",
    "insert",
    "remove",
    "fold",
    "sorted",
    "zip",
    "join",
    "keys",
    "pairs",
    "with",
    "where",
    "range",
    "array",
    "dictionary",
    "arguments",
    "type",
    "str",
    "repr",
    "calc",
    "heading",
    "_",
    "not",
    "and",
    "or",
    "context",
    "set",
    "show",
    "import",
    "\n",
];

/// A line of random code tokens inside a code block.
fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(TOKENS), 0..48)
        .prop_map(|tokens| format!("#{{\n{}\n}}", tokens.join(" ")))
}

/// A random expression over the variables `x`, `y`, `xs`, `d` and the functions `f`,
/// `g`, nested up to a few levels.
fn expr() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        (-3i64..12).prop_map(|n| n.to_string()),
        Just("x".to_string()),
        Just("y".to_string()),
        Just("xs".to_string()),
        Just("d".to_string()),
        Just("none".to_string()),
        Just("\"ab\"".to_string()),
        Just("(1, 2, 3)".to_string()),
        Just("(a: 1, b: 2)".to_string()),
        Just("[c]".to_string()),
        Just("1.5".to_string()),
        Just("true".to_string()),
        Just("undefined".to_string()),
    ];
    leaf.prop_recursive(4, 32, 4, |inner| {
        let binop = prop::sample::select(&["+", "-", "*", "/", "==", "<", "and", "or", "in"][..]);
        let method = prop::sample::select(
            &[
                "len()",
                "first()",
                "last()",
                "at(0)",
                "at(-1, default: 0)",
                "slice(1)",
                "rev()",
                "sorted()",
                "dedup()",
                "flatten()",
                "sum()",
                "join()",
                "map(v => v)",
                "filter(v => v == 1)",
                "fold(0, (a, b) => a + b)",
                "zip((1, 2))",
                "enumerate()",
                "chunks(2)",
                "windows(2)",
                "keys()",
                "values()",
                "pairs()",
                "pos()",
                "named()",
                "with(1)",
                "contains(1)",
                "find(v => true)",
                "intersperse(0)",
                "to-dict()",
            ][..],
        );
        prop_oneof![
            (inner.clone(), binop, inner.clone()).prop_map(|(a, op, b)| format!("({a} {op} {b})")),
            (inner.clone(), method).prop_map(|(a, m)| format!("{a}.{m}")),
            inner.clone().prop_map(|a| format!("f({a})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("g({a}, y: {b})")),
            inner.clone().prop_map(|a| format!("(v => {a})(1)")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a}, ..{b})")),
            (inner.clone(), inner.clone(), inner.clone())
                .prop_map(|(c, a, b)| format!("if {c} {{ {a} }} else {{ {b} }}")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{{ let x = {a}; {b} }}")),
            (0i64..20, inner.clone()).prop_map(|(n, a)| format!("for i in range({n}) {{ {a} }}")),
            inner.clone().prop_map(|a| format!("arguments(..{a})")),
            inner.prop_map(|a| format!("type({a})")),
        ]
    })
}

/// A statement of a program body: bindings, assignments, loops, output.
fn statement() -> impl Strategy<Value = String> {
    prop_oneof![
        expr().prop_map(|e| format!("let x = {e}")),
        expr().prop_map(|e| format!("x = {e}")),
        expr().prop_map(|e| format!("xs.push({e})")),
        expr().prop_map(|e| format!("d.insert(\"k\", {e})")),
        expr().prop_map(|e| format!("xs.at(0) = {e}")),
        expr().prop_map(|e| format!("d.k = {e}")),
        expr().prop_map(|e| format!("let (a, ..rest) = {e}")),
        expr().prop_map(|e| format!("let (a: p, ..q) = {e}")),
        expr().prop_map(|e| format!("while x < 5 {{ x += 1; {e} }}")),
        expr().prop_map(|e| format!("while true {{ {e} }}")),
        expr().prop_map(|e| format!("for (k, v) in {e} {{ }}")),
        expr().prop_map(|e| format!("out += repr({e})")),
        expr().prop_map(|e| format!("if {e} {{ break }} else {{ return }}")),
    ]
}

/// A program: the variables and functions the expressions use (among them unbounded
/// recursion), then random statements.
fn program() -> impl Strategy<Value = String> {
    prop::collection::vec(statement(), 1..8).prop_map(|statements| {
        let mut text = String::from(
            "#let f(n) = if type(n) == int and n > 0 { f(n - 1) } else { n }\n\
             #let g(a, y: 0, ..rest) = (a, y, rest)\n\
             #let h(n) = h(n + 1)\n\
             #{\n  let x = 0\n  let y = 1\n  let xs = (1, 2)\n  let d = (k: 0)\n  let out = \"\"\n",
        );
        for statement in statements {
            text.push_str("  ");
            text.push_str(&statement);
            text.push('\n');
        }
        text.push_str("  out\n}\n#h(0)\n");
        text
    })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn eval_survives_token_soup(text in soup()) {
        check(text);
    }

    #[test]
    fn eval_survives_generated_programs(text in program()) {
        check(text);
    }
}

/// Programs that must hit a limit rather than run away or overflow the stack, each with
/// the error that stops it.
#[test]
fn eval_stops_runaway_programs() {
    for (text, message) in [
        ("#let f(n) = f(n + 1)\n#f(0)", "maximum function call depth exceeded"),
        ("#let f(n) = (n,).map(f)\n#f(0)", "maximum function call depth exceeded"),
        ("#let f(n) = (n, n).sorted(key: f)\n#f(0)", "maximum function call depth exceeded"),
        ("#let f(..a) = f(..a, 1)\n#f()", "maximum function call depth exceeded"),
        ("#let f = x => x(x)\n#f(f)", "maximum function call depth exceeded"),
        ("#while true { }", "condition is always true"),
        ("#let t = true\n#while t { }", "loop seems to be infinite"),
        ("#let i = 0\n#while i >= 0 { i += 1 }", "loop seems to be infinite"),
        ("#let x = 0\n#while x < 1 { }", "loop seems to be infinite"),
    ] {
        check_stops(text, message);
    }
    // Long but finite work is no runaway.
    assert_eq!(outcome("#range(100000).map(x => x).len()".into()), None);
}

/// Requests for more memory than can exist (lengths that overflow) are errors, not
/// aborts or panics.
#[test]
fn eval_refuses_impossible_sizes() {
    for (text, message) in [
        ("#(\"b\" * int.max)", "cannot repeat this string"),
        ("#{ let x = int.max; x *= \"b\" }", "cannot repeat this string"),
        ("#((1,) * int.max)", "cannot repeat this array"),
        ("#([a] * int.max)", "cannot repeat this content"),
        ("#calc.pow(2, int.max)", "exponent is too large"),
        ("#(int.max + 1)", "value is too large"),
        ("#\"abc\".slice(0, count: int.max)", "string index out of bounds"),
        ("#(1, 2).slice(0, count: int.max)", "array index out of bounds"),
        ("#range(3).windows(int.max).len()", ""),
    ] {
        match outcome(text.into()) {
            Some(first) if first.starts_with(message) => {}
            None if message.is_empty() => {}
            other => panic!("expected `{message}`, got {other:?} on:\n{text}"),
        }
    }
}

/// Deeply nested values and sources end with a limit's error or evaluate, without
/// overflowing the evaluation stack.
#[test]
fn eval_survives_deep_nesting() {
    let parens = format!("#{}1{}", "(".repeat(20_000), ")".repeat(20_000));
    check_stops(&parens, "maximum parsing depth exceeded");
    let blocks = format!("#{}1{}", "{".repeat(5_000), "}".repeat(5_000));
    check_stops(&blocks, "maximum parsing depth exceeded");
    let json = format!("#json(bytes(\"{}{}\"))", "[".repeat(20_000), "]".repeat(20_000));
    check_stops(&json, "failed to parse JSON (recursion limit exceeded");
    for text in [
        "#{ let a = (); let b = (); for i in range(9000) { a = (a,); b = (b,) }; a == b }",
        "#{ let c = [x]; for i in range(9000) { c = strong(c) }; c.func() }",
        "#{ let a = (); for i in range(9000) { a = (a,) }; json.encode(a).len() }",
        "#{ let a = (); for i in range(9000) { a = (a,) }; cbor.encode(a).len() }",
        "#{ let a = (); let b = (); for i in range(9000) { a = (a,); b = (b, 1) }; (a, b).sorted().len() }",
    ] {
        check(text.into());
    }
}

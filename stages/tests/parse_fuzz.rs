//! Parser robustness: random and spliced Typst-like text → the parsers' guarantees.
//!
//! For any input, `parse`, `parse_code` and `parse_math` return (no panic, no hang), their
//! trees give back the input byte for byte, and every syntax error of a numbered source
//! points to a range of the text. Deeply nested input must not overflow the stack of an
//! ordinary test thread, in parsing nor in walking or dropping the tree.

use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use proptest::prelude::*;
use proptest::test_runner::Config;
use quire_stages::base::FileId;
use quire_stages::syntax::{Source, SyntaxNode, parse, parse_code, parse_math};

/// How long the three parsers together may take on one input of a few KB before the
/// case counts as a hang. A linear parser needs well under a millisecond; the margin is
/// for slow, loaded machines.
const HANG_LIMIT: Duration = Duration::from_secs(20);

/// Characters that steer the lexer, plus letters, digits, whitespace and some Unicode
/// (combining marks, joiners, astral characters, the line separator).
const CHARS: &[char] = &[
    '#', '*', '_', '$', '[', ']', '(', ')', '{', '}', '"', '\'', '\\', '`', '<', '>', '@', '=',
    '-', '+', '/', '.', ',', ':', ';', '~', '!', '?', '|', '&', '^', '%', ' ', ' ', ' ', '\n',
    '\n', '\r', '\t', 'a', 'b', 'x', 'y', 'f', 'E', 'e', 'm', 'p', 't', '0', '1', '2', '9', 'é',
    'ß', 'α', '∑', '中', '😀', '\u{0301}', '\u{200D}', '\u{2028}', '\u{FEFF}',
];

/// Multi-character pieces that single characters rarely assemble.
const FRAGMENTS: &[&str] = &[
    "//",
    "/*",
    "*/",
    "```",
    "``",
    "#let ",
    "#set ",
    "#show ",
    "#import ",
    "#include ",
    "=>",
    "..",
    "\\u{",
    "\\u{1F600}",
    "#{",
    "#(",
    "#[",
    "$ ",
    "- ",
    "+ ",
    "/ ",
    "= ",
    "== ",
    "<lab>",
    "@ref",
    "https://typst.app/",
    "0.5em",
    "1e3",
    "12pt",
    "50%",
    "2fr",
    "\"str\"",
    "if ",
    " else ",
    "for ",
    " in ",
    "while ",
    "return",
    "context ",
    "not ",
    " and ",
    "break",
    "none",
    "auto",
    "true",
    ": ",
    "---",
    "-?",
    "\n\n",
    "  ",
    "\r\n",
    "x.y",
    "f(x)",
    "a-b",
];

/// Valid snippets of every syntactic area, to be cut and spliced into almost-valid text.
const SNIPPETS: &[&str] = &[
    "= Heading <intro>\n",
    "Some *strong* and _emphasized_ text, `raw`, a \\# escape and a ~ shorthand -- ok.\n",
    "- item\n  - nested item\n+ numbered\n/ Term: description\n",
    "#let f(x, y: 2, ..rest) = x + y * 2\n",
    "#let (a, b, ..c) = (1, 2, 3, 4)\n",
    "#set text(font: \"Libertinus Serif\", size: 11pt)\n",
    "#show heading: it => block(it.body)\n",
    "#show \"quire\": smallcaps\n",
    "#if x < 2 [small] else if x > 10 { big } else [mid]\n",
    "#for (k, v) in dict.pairs() { k + str(v) }\n",
    "#while i < 10 { i += 1; if i == 5 { break } }\n",
    "#{ let s = \"a\\\"b\\u{41}\"; s.len() }\n",
    "#(1, 2.5, -3e2, 50%, 1fr, 10pt, true, none, auto)\n",
    "#(a: 1, \"b c\": 2, ..other)\n",
    "#import \"mod.typ\": a, b as c\n",
    "#include \"chapter.typ\"\n",
    "#context counter(page).get().first()\n",
    "$x^2 + sqrt(y_1) = sum_(k=0)^n k / 2$\n",
    "$ mat(1, 2; 3, 4) arrow.r.long lr((a + b)) &= \"text\" #x $\n",
    "```rust\nfn main() { println!(\"hi\"); }\n```\n",
    "See @intro and https://example.org/path?q=1 for more.\n",
    "// a line comment\n/* a /* nested */ block comment */\n",
    "#box(width: 2cm)[content with #emph[nested *markup*]]\n",
    "#f(x)[a][b].field.method(y => y)\n",
    "<label> #ref(<label>) #label(\"x\")\n",
    "#(x => x)(1) #(() => none)() #((a, b) => a)(1, 2)\n",
    "#return 1\n#let x = not true and false or 1 in (1,)\n",
    "#text(fill: rgb(\"#abc\"))[a]\\\nline\n",
];

/// 512 cases per property, or `PROPTEST_CASES` of them when that is set.
fn config() -> Config {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(512);
    // Shrinking is bounded so that a failing run still ends quickly.
    Config { cases, max_shrink_time: 60_000, ..Config::default() }
}

/// Random text over the Typst-heavy alphabet and fragments.
fn arbitrary_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => prop::sample::select(CHARS).prop_map(String::from),
        1 => prop::sample::select(FRAGMENTS).prop_map(str::to_owned),
    ];
    prop::collection::vec(piece, 0..1500).prop_map(|pieces| pieces.concat())
}

/// Whole and cut snippets spliced together.
fn spliced_snippets() -> impl Strategy<Value = String> {
    let part = (0..SNIPPETS.len(), any::<bool>(), 0..200_usize, 0..200_usize, 0..4_usize);
    prop::collection::vec(part, 0..40).prop_map(|parts| {
        let mut out = String::new();
        for (index, whole, a, b, separator) in parts {
            let snippet = SNIPPETS[index];
            if whole {
                out.push_str(snippet);
            } else {
                // Cut at character boundaries: the `a`-th to the `b`-th character.
                let chars: Vec<char> = snippet.chars().collect();
                let (start, end) = (a.min(b) % chars.len(), a.max(b) % (chars.len() + 1));
                out.extend(&chars[start..end.max(start)]);
            }
            out.push_str(["", " ", "\n", "\n\n"][separator]);
        }
        out
    })
}

/// Runs the three parsers on another thread and fails if they panic or exceed
/// `HANG_LIMIT`.
fn parse_all(text: &str) -> Result<[SyntaxNode; 3], TestCaseError> {
    let (sender, receiver) = mpsc::channel();
    let owned = text.to_owned();
    thread::spawn(move || {
        let trees = [parse(&owned), parse_code(&owned), parse_math(&owned)];
        let _ = sender.send(trees);
    });
    match receiver.recv_timeout(HANG_LIMIT) {
        Ok(trees) => Ok(trees),
        Err(mpsc::RecvTimeoutError::Timeout) => {
            Err(TestCaseError::fail(format!("parsing did not finish within {HANG_LIMIT:?}")))
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            Err(TestCaseError::fail("a parser panicked (see its message above)"))
        }
    }
}

/// The guarantees for one input.
fn check(text: &str) -> Result<(), TestCaseError> {
    let [markup, code, math] = parse_all(text)?;
    for (mode, tree) in [("markup", markup), ("code", code), ("math", math)] {
        prop_assert_eq!(tree.to_text(), text, "{} round trip", mode);
    }
    check_error_spans(text)
}

/// Every error of the numbered markup tree resolves to a range on character boundaries.
fn check_error_spans(text: &str) -> Result<(), TestCaseError> {
    let source = Source::new(FileId::new("/fuzz.typ"), text.to_owned());
    for error in source.root().errors() {
        prop_assert!(!error.span.is_detached(), "detached span for {:?}", error.message);
        let range = source.range(error.span);
        prop_assert!(range.is_some(), "unresolvable span for {:?}", error.message);
        let range = range.unwrap_or_default();
        prop_assert!(
            text.get(range.clone()).is_some(),
            "range {range:?} of {:?} is not inside the text",
            error.message
        );
        prop_assert!(source.line_col(range.start).is_some());
        prop_assert!(!error.message.is_empty());
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn arbitrary_text_parses(text in arbitrary_text()) {
        check(&text)?;
    }

    #[test]
    fn spliced_snippets_parse(text in spliced_snippets()) {
        check(&text)?;
    }
}

#[test]
fn all_snippets_are_valid_markup() {
    for snippet in SNIPPETS {
        let errors = parse(snippet).errors();
        assert!(errors.is_empty(), "{snippet:?}: {errors:?}");
    }
}

/// Nesting depth of the deep inputs.
const DEPTH: usize = 100_000;

/// Parses, walks and drops one deeply nested input on this (ordinary test) thread.
fn check_deep(prefix: &str, open: &str) {
    let text = format!("{prefix}{}", open.repeat(DEPTH));
    let source = Source::new(FileId::new("/deep.typ"), text.clone());
    assert_eq!(source.root().to_text(), text, "round trip of {open:?}");
    for error in source.root().errors() {
        let range = source.range(error.span).expect("error span resolves");
        assert!(text.get(range).is_some());
    }
    assert_eq!(parse_code(&text).len(), text.len());
    assert_eq!(parse_math(&text).len(), text.len());
}

#[test]
fn deep_parentheses() {
    check_deep("#", "(");
}

#[test]
fn deep_brackets() {
    check_deep("", "#[");
    check_deep("#f", "[");
}

#[test]
fn deep_braces() {
    check_deep("#", "{");
}

#[test]
fn deep_math() {
    check_deep("$", "(");
    check_deep("", "$#[");
}

#[test]
fn deep_calls() {
    check_deep("", "#f(");
    check_deep("#", "f(");
}

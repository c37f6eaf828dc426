//! Tests of the typed AST: snippets parsed by the real parser and read back through `check`
//! (one test per area of the syntax). Malformed trees are tested in `malformed.rs`.

use std::num::NonZeroUsize;

use super::*;
use crate::syntax::{SyntaxKind, SyntaxNode, parse, parse_code, parse_math};

/// The mode a snippet is parsed in.
#[derive(Debug, Copy, Clone)]
enum Mode {
    Markup,
    Code,
    Math,
}

/// Parses `text` in `mode`, checks that the tree is lossless and free of errors, and hands
/// its root to `test`.
#[track_caller]
fn check(mode: Mode, text: &str, test: impl FnOnce(&SyntaxNode)) {
    let root = match mode {
        Mode::Markup => parse(text),
        Mode::Code => parse_code(text),
        Mode::Math => parse_math(text),
    };
    assert_eq!(root.to_text(), text, "the tree of {text:?} is not lossless");
    let errors = root.errors();
    assert!(errors.is_empty(), "{text:?} has errors {errors:?} in {root:?}");
    test(&root);
}

/// The first node of `root` (in pre-order) that casts to `T`.
#[track_caller]
fn find<'a, T: AstNode<'a>>(root: &'a SyntaxNode) -> T {
    fn search<'a, T: AstNode<'a>>(node: &'a SyntaxNode) -> Option<T> {
        T::from_untyped(node).or_else(|| node.children().find_map(search))
    }
    search(root).unwrap_or_else(|| panic!("no {} in {root:?}", std::any::type_name::<T>()))
}

/// The source text of a typed node.
fn text<'a>(node: impl AstNode<'a>) -> String {
    node.to_untyped().to_text().to_string()
}

/// The source texts of expressions.
fn texts<'a>(exprs: impl IntoIterator<Item = Expr<'a>>) -> Vec<String> {
    exprs.into_iter().map(text).collect()
}

/// The names of identifiers.
fn names<'a>(idents: Vec<Ident<'a>>) -> Vec<&'a str> {
    idents.into_iter().map(Ident::as_str).collect()
}

#[test]
fn integers_read_in_every_base() {
    for (source, value) in [("42", 42), ("0xff", 255), ("0o17", 15), ("0b101", 5), ("0", 0)] {
        check(Mode::Code, source, |root| assert_eq!(find::<Int>(root).get(), value));
    }
}

#[test]
fn floats_and_numerics_read_with_units() {
    check(Mode::Code, "2.5e2", |root| assert_eq!(find::<Float>(root).get(), 250.0));
    check(Mode::Code, "0.5", |root| assert_eq!(find::<Float>(root).get(), 0.5));
    for (source, value, unit) in [
        ("2.5em", 2.5, Unit::Em),
        ("12pt", 12.0, Unit::Pt),
        ("1mm", 1.0, Unit::Mm),
        ("2cm", 2.0, Unit::Cm),
        ("3in", 3.0, Unit::In),
        ("1.5rad", 1.5, Unit::Rad),
        ("90deg", 90.0, Unit::Deg),
        ("1fr", 1.0, Unit::Fr),
        ("50%", 50.0, Unit::Percent),
        ("1e2pt", 100.0, Unit::Pt),
    ] {
        check(Mode::Code, source, |root| assert_eq!(find::<Numeric>(root).get(), (value, unit)));
    }
    assert_eq!(Unit::from_suffix("deg").map(Unit::as_str), Some("deg"));
}

#[test]
fn keyword_literals() {
    check(Mode::Code, "none; auto; true; false", |root| {
        let exprs: Vec<_> = find::<Code>(root).exprs().collect();
        assert!(matches!(exprs[0], Expr::None(_)));
        assert!(matches!(exprs[1], Expr::Auto(_)));
        assert!(matches!(exprs[2], Expr::Bool(b) if b.get()));
        assert!(matches!(exprs[3], Expr::Bool(b) if !b.get()));
        assert!(exprs.iter().all(|expr| expr.is_literal() && expr.hash()));
    });
}

#[test]
fn strings_resolve_escapes() {
    check(Mode::Code, r#""a\"b\\c\nd\te\rf\u{1F600}""#, |root| {
        assert_eq!(find::<Str>(root).get(), "a\"b\\c\nd\te\rf😀");
    });
    check(Mode::Code, r#""plain""#, |root| assert_eq!(find::<Str>(root).get(), "plain"));
    check(Mode::Code, r#""""#, |root| assert_eq!(find::<Str>(root).get(), ""));
}

#[test]
fn identifiers_keep_hyphens() {
    check(Mode::Code, "my-name_2", |root| {
        let ident = find::<Ident>(root);
        assert_eq!(ident.as_str(), "my-name_2");
        assert_eq!(ident.get(), "my-name_2");
    });
}

#[test]
fn escapes_shorthands_and_quotes() {
    check(Mode::Markup, r"\# \u{1F600} \\", |root| {
        let escapes: Vec<_> = find::<Markup>(root)
            .exprs()
            .filter_map(|e| match e {
                Expr::Escape(escape) => Some(escape.get()),
                _ => Option::None,
            })
            .collect();
        assert_eq!(escapes, ['#', '😀', '\\']);
    });
    for (source, c) in [
        ("a~b", '\u{A0}'),
        ("a--b", '–'),
        ("a---b", '—'),
        ("a-?b", '\u{AD}'),
        ("a...", '…'),
        ("-1", '−'),
    ] {
        check(Mode::Markup, source, |root| assert_eq!(find::<Shorthand>(root).get(), c));
    }
    check(Mode::Markup, "\"a\" 'b'", |root| {
        let quotes: Vec<_> = find::<Markup>(root)
            .exprs()
            .filter_map(|e| match e {
                Expr::SmartQuote(quote) => Some(quote.double()),
                _ => Option::None,
            })
            .collect();
        assert_eq!(quotes, [true, true, false, false]);
    });
}

#[test]
fn strong_emph_and_spacing() {
    check(Mode::Markup, "*bold* _it_ a\\\nb\n\nc", |root| {
        let exprs: Vec<_> = find::<Markup>(root).exprs().collect();
        assert!(matches!(exprs[0], Expr::Strong(s) if text(s.body()) == "bold"));
        assert!(matches!(exprs[1], Expr::Space(_)));
        assert!(matches!(exprs[2], Expr::Emph(e) if text(e.body()) == "it"));
        assert!(exprs.iter().any(|e| matches!(e, Expr::Linebreak(_))));
        assert!(exprs.iter().any(|e| matches!(e, Expr::Parbreak(_))));
        assert!(exprs.iter().all(|e| !e.hash()));
    });
}

#[test]
fn raw_text_has_lang_lines_and_block() {
    check(Mode::Markup, "```rust\nlet x\nlet y\n```", |root| {
        let raw = find::<Raw>(root);
        assert_eq!(raw.lang().map(|lang| lang.get().as_str()), Some("rust"));
        let lines: Vec<_> = raw.lines().map(|line| line.get().as_str()).collect();
        assert_eq!(lines, ["let x", "let y"]);
        assert!(raw.block());
    });
    check(Mode::Markup, "`x + 1`", |root| {
        let raw = find::<Raw>(root);
        assert_eq!(raw.lang(), Option::None);
        assert_eq!(raw.lines().map(text).collect::<Vec<_>>(), ["x + 1"]);
        assert!(!raw.block());
    });
    check(Mode::Markup, "```rust fn```", |root| assert!(!find::<Raw>(root).block()));
}

#[test]
fn links_labels_and_references() {
    check(Mode::Markup, "https://typst.app/docs <intro> @intro @fig[Figure]", |root| {
        assert_eq!(find::<Link>(root).get(), "https://typst.app/docs");
        assert_eq!(find::<Label>(root).get(), "intro");
        let refs: Vec<_> = find::<Markup>(root)
            .exprs()
            .filter_map(|e| match e {
                Expr::Ref(reference) => Some(reference),
                _ => Option::None,
            })
            .collect();
        assert_eq!(refs[0].target(), "intro");
        assert_eq!(refs[0].supplement(), Option::None);
        assert_eq!(refs[1].target(), "fig");
        assert_eq!(refs[1].supplement().map(|block| text(block.body())), Some("Figure".into()));
    });
}

#[test]
fn headings_and_list_items() {
    check(Mode::Markup, "=== Deep title", |root| {
        let heading = find::<Heading>(root);
        assert_eq!(heading.depth(), NonZeroUsize::new(3).unwrap());
        assert_eq!(text(heading.body()), "Deep title");
    });
    check(Mode::Markup, "- bullet", |root| {
        assert_eq!(text(find::<ListItem>(root).body()), "bullet")
    });
    check(Mode::Markup, "+ first\n12. twelfth", |root| {
        let items: Vec<_> = find::<Markup>(root)
            .exprs()
            .filter_map(|e| match e {
                Expr::EnumItem(item) => Some((item.number(), text(item.body()))),
                _ => Option::None,
            })
            .collect();
        assert_eq!(items, [(Option::None, "first".into()), (Some(12), "twelfth".into())]);
    });
    check(Mode::Markup, "/ Term: the description", |root| {
        let item = find::<TermItem>(root);
        assert_eq!(text(item.term()), "Term");
        assert_eq!(text(item.description()).trim(), "the description");
    });
}

#[test]
fn equations_know_inline_from_block() {
    check(Mode::Markup, "$x^2$", |root| {
        let equation = find::<Equation>(root);
        assert!(!equation.block());
        assert!(matches!(equation.body().exprs().next(), Some(Expr::MathAttach(_))));
    });
    check(Mode::Markup, "$ x $", |root| assert!(find::<Equation>(root).block()));
    check(Mode::Markup, "$ x$", |root| assert!(!find::<Equation>(root).block()));
}

#[test]
fn markup_drops_the_space_after_a_statement() {
    check(Mode::Markup, "#let x = 1\nA #x B", |root| {
        let exprs: Vec<_> = find::<Markup>(root).exprs().collect();
        assert!(matches!(exprs[0], Expr::LetBinding(_)));
        assert!(matches!(exprs[1], Expr::Text(t) if t.get() == "A"));
        assert!(matches!(exprs[2], Expr::Space(_)));
        assert!(matches!(exprs[3], Expr::Ident(i) if i.as_str() == "x"));
        assert!(matches!(exprs[4], Expr::Space(_)));
    });
}

#[test]
fn math_attachments_and_primes() {
    check(Mode::Math, "a_1^2", |root| {
        let attach = find::<MathAttach>(root);
        assert_eq!(text(attach.base()), "a");
        assert_eq!(attach.bottom().map(text), Some("1".into()));
        assert_eq!(attach.top().map(text), Some("2".into()));
        assert_eq!(attach.primes(), Option::None);
    });
    check(Mode::Math, "f''_n", |root| {
        let attach = find::<MathAttach>(root);
        assert_eq!(text(attach.base()), "f");
        assert_eq!(attach.primes().map(MathPrimes::count), Some(2));
        assert_eq!(attach.bottom().map(text), Some("n".into()));
        assert_eq!(attach.top(), Option::None);
    });
}

#[test]
fn math_fractions_roots_and_delimiters() {
    check(Mode::Math, "x/2", |root| {
        let frac = find::<MathFrac>(root);
        assert_eq!(text(frac.num()), "x");
        assert_eq!(text(frac.denom()), "2");
    });
    for (source, index) in [("√x", Option::None), ("∛x", Some(3)), ("∜x", Some(4))] {
        check(Mode::Math, source, |root| {
            let root = find::<MathRoot>(root);
            assert_eq!(root.index(), index);
            assert_eq!(text(root.radicand()), "x");
        });
    }
    check(Mode::Math, "[a + b)", |root| {
        let delimited = find::<MathDelimited>(root);
        assert_eq!(text(delimited.open()), "[");
        assert_eq!(text(delimited.body()), "a + b");
        assert_eq!(text(delimited.close()), ")");
    });
}

#[test]
fn math_leaves() {
    check(Mode::Math, "pi x 12 -> <= != & ...", |root| {
        let exprs: Vec<_> = find::<Math>(root).exprs().collect();
        assert!(matches!(exprs[0], Expr::MathIdent(i) if i.as_str() == "pi"));
        assert!(exprs.iter().any(|e| matches!(e, Expr::MathAlignPoint(_))));
        let chars: Vec<_> = exprs
            .iter()
            .filter_map(|e| match e {
                Expr::MathText(t) => Some(t.get()),
                _ => Option::None,
            })
            .collect();
        assert_eq!(chars[0], MathTextKind::Character('x'));
        assert!(matches!(chars[1], MathTextKind::Number(n) if n == "12"));
        let symbols: Vec<_> = exprs
            .iter()
            .filter_map(|e| match e {
                Expr::MathShorthand(s) => Some(s.get()),
                _ => Option::None,
            })
            .collect();
        assert_eq!(symbols, ['→', '≤', '≠', '…']);
    });
}

#[test]
fn blocks_and_parentheses() {
    check(Mode::Code, "{ 1; 2 }", |root| {
        assert_eq!(texts(find::<CodeBlock>(root).body().exprs()), ["1", "2"]);
    });
    check(Mode::Code, "[*a*]", |root| {
        let body = find::<ContentBlock>(root).body();
        assert!(matches!(body.exprs().next(), Some(Expr::Strong(_))));
    });
    check(Mode::Code, "(1 + 2)", |root| {
        let parenthesized = find::<Parenthesized>(root);
        assert!(matches!(parenthesized.expr(), Expr::Binary(_)));
    });
}

#[test]
fn arrays_and_dictionaries() {
    check(Mode::Code, "(1, ..xs, 3)", |root| {
        let items: Vec<_> = find::<Array>(root).items().collect();
        assert!(matches!(items[0], ArrayItem::Pos(Expr::Int(i)) if i.get() == 1));
        assert!(matches!(items[1], ArrayItem::Spread(s) if text(s.expr()) == "xs"));
        assert!(matches!(items[2], ArrayItem::Pos(Expr::Int(i)) if i.get() == 3));
    });
    check(Mode::Code, r#"(a: 1, "b c": 2, ..d)"#, |root| {
        let items: Vec<_> = find::<Dict>(root).items().collect();
        assert!(
            matches!(items[0], DictItem::Named(n) if n.name().as_str() == "a" && text(n.expr()) == "1")
        );
        assert!(matches!(items[1], DictItem::Keyed(k)
            if matches!(k.key(), Expr::Str(s) if s.get() == "b c") && text(k.expr()) == "2"));
        assert!(matches!(items[2], DictItem::Spread(s) if text(s.expr()) == "d"));
    });
    check(Mode::Code, "(:)", |root| assert_eq!(find::<Dict>(root).items().count(), 0));
    check(Mode::Code, "(1,)", |root| assert_eq!(find::<Array>(root).items().count(), 1));
}

#[test]
fn unary_and_binary_operations() {
    check(Mode::Code, "-x", |root| {
        let unary = find::<Unary>(root);
        assert_eq!(unary.op(), UnOp::Neg);
        assert_eq!(text(unary.expr()), "x");
    });
    check(Mode::Code, "1 + 2 * 3", |root| {
        let binary = find::<Binary>(root);
        assert_eq!(binary.op(), BinOp::Add);
        assert_eq!(text(binary.lhs()), "1");
        assert!(matches!(binary.rhs(), Expr::Binary(rhs) if rhs.op() == BinOp::Mul));
    });
    check(Mode::Code, "x not in xs", |root| {
        let binary = find::<Binary>(root);
        assert_eq!(binary.op(), BinOp::NotIn);
        assert_eq!(text(binary.lhs()), "x");
        assert_eq!(text(binary.rhs()), "xs");
    });
    check(Mode::Code, "a - b - c", |root| {
        let binary = find::<Binary>(root);
        assert_eq!(text(binary.lhs()), "a - b");
        assert_eq!(text(binary.rhs()), "c");
    });
    check(Mode::Code, "a = b += c", |root| {
        let binary = find::<Binary>(root);
        assert_eq!(binary.op(), BinOp::Assign);
        assert!(matches!(binary.rhs(), Expr::Binary(rhs) if rhs.op() == BinOp::AddAssign));
    });
    check(Mode::Code, "not a and b", |root| {
        let binary = find::<Binary>(root);
        assert_eq!(binary.op(), BinOp::And);
        assert!(matches!(binary.lhs(), Expr::Unary(lhs) if lhs.op() == UnOp::Not));
    });
    check(Mode::Code, "not a == b", |root| {
        let unary = find::<Unary>(root);
        assert_eq!(unary.op(), UnOp::Not);
        assert!(matches!(unary.expr(), Expr::Binary(b) if b.op() == BinOp::Eq));
    });
}

#[test]
fn operator_table() {
    use BinOp::*;
    let table = [
        (Mul, "*", 6),
        (Div, "/", 6),
        (Add, "+", 5),
        (Sub, "-", 5),
        (Eq, "==", 4),
        (Neq, "!=", 4),
        (Lt, "<", 4),
        (Leq, "<=", 4),
        (Gt, ">", 4),
        (Geq, ">=", 4),
        (In, "in", 4),
        (NotIn, "not in", 4),
        (And, "and", 3),
        (Or, "or", 2),
        (Assign, "=", 1),
        (AddAssign, "+=", 1),
        (SubAssign, "-=", 1),
        (MulAssign, "*=", 1),
        (DivAssign, "/=", 1),
    ];
    for (op, spelling, precedence) in table {
        assert_eq!(op.as_str(), spelling);
        assert_eq!(op.precedence(), precedence, "{spelling}");
        let assoc = if precedence == 1 { Assoc::Right } else { Assoc::Left };
        assert_eq!(op.assoc(), assoc, "{spelling}");
    }
    assert_eq!(BinOp::from_kind(SyntaxKind::HyphEq), Some(SubAssign));
    assert_eq!(BinOp::from_kind(SyntaxKind::Not), Option::None);
    assert_eq!(UnOp::from_kind(SyntaxKind::Minus), Some(UnOp::Neg));
    assert_eq!(UnOp::Neg.precedence(), 7);
    assert_eq!(UnOp::Pos.as_str(), "+");
    assert_eq!(UnOp::Not.precedence(), 4);
}

#[test]
fn field_access_and_calls() {
    check(Mode::Code, "a.b.c", |root| {
        let access = find::<FieldAccess>(root);
        assert_eq!(text(access.target()), "a.b");
        assert_eq!(access.field().as_str(), "c");
    });
    check(Mode::Code, "f(1, x: 2, ..r)[body]", |root| {
        let call = find::<FuncCall>(root);
        assert_eq!(text(call.callee()), "f");
        let args: Vec<_> = call.args().items().collect();
        assert!(matches!(args[0], Arg::Pos(Expr::Int(_))));
        assert!(matches!(args[1], Arg::Named(n) if n.name().as_str() == "x"));
        assert!(matches!(args[2], Arg::Spread(s) if text(s.expr()) == "r"));
        assert!(matches!(args[3], Arg::Pos(Expr::ContentBlock(_))));
        assert!(!call.args().trailing_comma());
    });
    check(Mode::Code, "f(1,)", |root| assert!(find::<Args>(root).trailing_comma()));
    check(Mode::Code, "f[a][b]", |root| assert_eq!(find::<Args>(root).items().count(), 2));
}

#[test]
fn closures_and_parameters() {
    check(Mode::Code, "(x, (a, b), y: 1, ..rest) => x", |root| {
        let closure = find::<Closure>(root);
        assert_eq!(closure.name(), Option::None);
        let params: Vec<_> = closure.params().children().collect();
        assert!(
            matches!(params[0], Param::Pos(Pattern::Normal(Expr::Ident(i))) if i.as_str() == "x")
        );
        assert!(matches!(params[1], Param::Pos(p @ Pattern::Destructuring(_))
            if names(p.bindings()) == ["a", "b"]));
        assert!(matches!(params[2], Param::Named(n) if n.name().as_str() == "y"));
        assert!(matches!(params[3], Param::Spread(s)
            if s.sink_ident().map(Ident::as_str) == Some("rest")));
        assert_eq!(text(closure.body()), "x");
    });
    check(Mode::Code, "x => x + 1", |root| {
        let closure = find::<Closure>(root);
        assert_eq!(closure.params().children().count(), 1);
        assert!(matches!(closure.body(), Expr::Binary(_)));
    });
    check(Mode::Code, "(..) => 1", |root| {
        let params: Vec<_> = find::<Params>(root).children().collect();
        assert!(matches!(params[0], Param::Spread(s) if s.sink_ident().is_none()));
    });
}

#[test]
fn let_bindings_and_patterns() {
    check(Mode::Code, "let f(x, y) = x", |root| {
        let binding = find::<LetBinding>(root);
        assert!(matches!(binding.kind(), LetBindingKind::Closure(name) if name.as_str() == "f"));
        assert_eq!(names(binding.kind().bindings()), ["f"]);
        let Some(Expr::Closure(closure)) = binding.init() else { panic!("no closure") };
        assert_eq!(closure.name().map(Ident::as_str), Some("f"));
        assert_eq!(closure.params().children().count(), 2);
        assert_eq!(text(closure.body()), "x");
    });
    check(Mode::Code, "let (a, (b, _), c: d, ..e) = t", |root| {
        let binding = find::<LetBinding>(root);
        let LetBindingKind::Normal(pattern) = binding.kind() else { panic!("not a pattern") };
        assert!(matches!(pattern, Pattern::Destructuring(_)));
        assert_eq!(names(pattern.bindings()), ["a", "b", "d", "e"]);
        assert_eq!(binding.init().map(text), Some("t".into()));
    });
    check(Mode::Code, "let x", |root| assert_eq!(find::<LetBinding>(root).init(), Option::None));
    check(Mode::Code, "let _ = 1", |root| {
        let LetBindingKind::Normal(pattern) = find::<LetBinding>(root).kind() else {
            panic!("not a pattern")
        };
        assert!(matches!(pattern, Pattern::Placeholder(_)));
        assert!(pattern.bindings().is_empty());
    });
    check(Mode::Code, "(a, b) = (b, a)", |root| {
        let assignment = find::<DestructAssignment>(root);
        assert_eq!(names(assignment.pattern().bindings()), ["a", "b"]);
        assert!(matches!(assignment.value(), Expr::Array(_)));
    });
}

#[test]
fn set_show_and_context() {
    check(Mode::Code, "set text(red) if x", |root| {
        let rule = find::<SetRule>(root);
        assert_eq!(text(rule.target()), "text");
        assert_eq!(rule.args().items().count(), 1);
        assert_eq!(rule.condition().map(text), Some("x".into()));
    });
    check(Mode::Code, "show heading: it => it", |root| {
        let rule = find::<ShowRule>(root);
        assert_eq!(rule.selector().map(text), Some("heading".into()));
        assert!(matches!(rule.transform(), Expr::Closure(_)));
    });
    check(Mode::Code, "show: rest => rest", |root| {
        assert_eq!(find::<ShowRule>(root).selector(), Option::None);
    });
    check(Mode::Code, "context text.lang", |root| {
        assert!(matches!(find::<Contextual>(root).body(), Expr::FieldAccess(_)));
    });
}

#[test]
fn conditionals_and_loops() {
    check(Mode::Code, "if a { b } else if c [d] else { e }", |root| {
        let conditional = find::<Conditional>(root);
        assert_eq!(text(conditional.condition()), "a");
        assert!(matches!(conditional.if_body(), Expr::CodeBlock(_)));
        let Some(Expr::Conditional(nested)) = conditional.else_body() else { panic!() };
        assert!(matches!(nested.if_body(), Expr::ContentBlock(_)));
        assert!(matches!(nested.else_body(), Some(Expr::CodeBlock(_))));
    });
    check(Mode::Code, "while x < 3 { x += 1 }", |root| {
        let while_loop = find::<WhileLoop>(root);
        assert!(matches!(while_loop.condition(), Expr::Binary(b) if b.op() == BinOp::Lt));
        assert!(matches!(while_loop.body(), Expr::CodeBlock(_)));
    });
    check(Mode::Code, "for (k, v) in d { break; continue; return k }", |root| {
        let for_loop = find::<ForLoop>(root);
        assert_eq!(names(for_loop.pattern().bindings()), ["k", "v"]);
        assert_eq!(text(for_loop.iterable()), "d");
        let Expr::CodeBlock(body) = for_loop.body() else { panic!("no body") };
        let exprs: Vec<_> = body.body().exprs().collect();
        assert!(matches!(exprs[0], Expr::LoopBreak(_)));
        assert!(matches!(exprs[1], Expr::LoopContinue(_)));
        assert!(matches!(exprs[2], Expr::FuncReturn(r) if r.body().map(text) == Some("k".into())));
    });
    check(Mode::Code, "return", |root| assert_eq!(find::<FuncReturn>(root).body(), Option::None));
}

#[test]
fn imports_and_includes() {
    check(Mode::Code, r#"import "a.typ": x, y.z as w"#, |root| {
        let import = find::<ModuleImport>(root);
        assert!(matches!(import.source(), Expr::Str(s) if s.get() == "a.typ"));
        assert_eq!(import.new_name(), Option::None);
        let Some(Imports::Items(items)) = import.imports() else { panic!("no items") };
        let items: Vec<_> = items.iter().collect();
        assert!(matches!(items[0], ImportItem::Simple(_)));
        assert_eq!(items[0].original_name().as_str(), "x");
        assert_eq!(items[0].bound_name().as_str(), "x");
        assert!(matches!(items[1], ImportItem::Renamed(_)));
        let path: Vec<_> = items[1].path().iter().map(Ident::as_str).collect();
        assert_eq!(path, ["y", "z"]);
        assert_eq!(items[1].original_name().as_str(), "z");
        assert_eq!(items[1].bound_name().as_str(), "w");
    });
    check(Mode::Code, r#"import "a.typ" as m: *"#, |root| {
        let import = find::<ModuleImport>(root);
        assert_eq!(import.new_name().map(Ident::as_str), Some("m"));
        assert_eq!(import.imports(), Some(Imports::Wildcard));
    });
    check(Mode::Code, r#"import "a.typ": (a, b,)"#, |root| {
        let Some(Imports::Items(items)) = find::<ModuleImport>(root).imports() else { panic!() };
        assert_eq!(
            items.iter().map(|item| item.bound_name().as_str()).collect::<Vec<_>>(),
            ["a", "b"]
        );
    });
    check(Mode::Code, "import foo", |root| {
        let import = find::<ModuleImport>(root);
        assert!(matches!(import.source(), Expr::Ident(_)));
        assert_eq!(import.imports(), Option::None);
    });
    check(Mode::Code, r#"include "c.typ""#, |root| {
        assert_eq!(text(find::<ModuleInclude>(root).source()), r#""c.typ""#);
    });
}

#[test]
fn embeddable_expressions() {
    check(Mode::Code, "f(x); a + b; x => x; a.b", |root| {
        let hash: Vec<_> = find::<Code>(root).exprs().map(Expr::hash).collect();
        assert_eq!(hash, [true, false, false, true]);
    });
}

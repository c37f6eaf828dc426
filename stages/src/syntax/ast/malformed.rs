//! Malformed trees: hand-built nodes that no parser would build must read as defaults, and
//! every accessor of every node of arbitrary (mostly erroneous) input must answer without
//! panicking. The reader below is exhaustive over `Expr`, so a new variant must be read here.

use std::num::NonZeroUsize;

use proptest::prelude::*;

use super::*;
use crate::syntax::{SyntaxError, SyntaxKind, SyntaxNode, parse, parse_code, parse_math};

/// A leaf of `kind` with `text`, for malformed trees no parser would build.
fn leaf(kind: SyntaxKind, text: &str) -> SyntaxNode {
    SyntaxNode::leaf(kind, text)
}

#[test]
fn malformed_literals_read_as_defaults() {
    let int = |source| Int::from_untyped(&leaf(SyntaxKind::Int, source)).unwrap().get();
    assert_eq!(int("0xzz"), 0);
    assert_eq!(int("99999999999999999999"), 0);
    assert_eq!(int("0x-1"), 0);
    let string = |source| Str::from_untyped(&leaf(SyntaxKind::Str, source)).unwrap().get();
    assert_eq!(string(r#""open"#), "open");
    assert_eq!(string(r#""\q\u{zz}\u{D800}x""#), r"\q\u{zz}\u{D800}x");
    assert_eq!(string(r#""\u{41""#), "A");
    assert_eq!(string(r#""\""#), "\\");
    assert_eq!(string(""), "");
    let escape = |source| Escape::from_untyped(&leaf(SyntaxKind::Escape, source)).unwrap().get();
    assert_eq!(escape(r"\u{D800}"), char::REPLACEMENT_CHARACTER);
    assert_eq!(escape(r"\u{}"), char::REPLACEMENT_CHARACTER);
    assert_eq!(escape(r"\"), char::REPLACEMENT_CHARACTER);
    assert_eq!(escape(r"\u"), 'u');
    let numeric = leaf(SyntaxKind::Numeric, "12qq");
    assert_eq!(Numeric::from_untyped(&numeric).unwrap().get(), (12.0, Unit::Pt));
    let shorthand = leaf(SyntaxKind::MathShorthand, "=/=");
    assert_eq!(MathShorthand::from_untyped(&shorthand).unwrap().get(), '\u{FFFD}');
}

#[test]
fn malformed_nodes_read_as_defaults() {
    // `1 +` with the right-hand side missing.
    let binary = SyntaxNode::inner(
        SyntaxKind::Binary,
        vec![
            leaf(SyntaxKind::Int, "1"),
            leaf(SyntaxKind::Space, " "),
            leaf(SyntaxKind::Plus, "+"),
            SyntaxNode::error(SyntaxError::new("expected expression"), ""),
        ],
    );
    let binary = Binary::from_untyped(&binary).unwrap();
    assert_eq!(binary.op(), BinOp::Add);
    assert!(matches!(binary.lhs(), Expr::Int(_)));
    assert!(matches!(binary.rhs(), Expr::None(_)));

    // An empty heading and an empty let binding.
    let heading = SyntaxNode::inner(SyntaxKind::Heading, Vec::new());
    let heading = Heading::from_untyped(&heading).unwrap();
    assert_eq!(heading.depth(), NonZeroUsize::MIN);
    assert_eq!(heading.body().exprs().count(), 0);
    assert!(matches!(LetBinding::default().kind(), LetBindingKind::Normal(Pattern::Normal(_))));
    assert_eq!(LetBinding::default().init(), Option::None);

    // Views refuse nodes of other kinds, and spaces only cast with `cast_with_space`.
    let space = leaf(SyntaxKind::Space, " ");
    assert_eq!(Expr::from_untyped(&space), Option::None);
    assert!(matches!(Expr::cast_with_space(&space), Some(Expr::Space(_))));
    assert_eq!(Int::from_untyped(&leaf(SyntaxKind::Float, "1.0")), Option::None);
    assert!(Expr::default().is_literal());
}

/// Reads every accessor of `expr` and, recursively, of every node below it.
fn read_expr(expr: Expr) {
    let _ = (expr.span(), expr.hash(), expr.is_literal());
    match expr {
        Expr::Space(_)
        | Expr::Linebreak(_)
        | Expr::Parbreak(_)
        | Expr::MathAlignPoint(_)
        | Expr::None(_)
        | Expr::Auto(_)
        | Expr::LoopBreak(_)
        | Expr::LoopContinue(_) => {}
        Expr::Text(v) => {
            let _ = v.get();
        }
        Expr::Escape(v) => {
            let _ = v.get();
        }
        Expr::Shorthand(v) => {
            let _ = v.get();
        }
        Expr::SmartQuote(v) => {
            let _ = v.double();
        }
        Expr::Strong(v) => read_markup(v.body()),
        Expr::Emph(v) => read_markup(v.body()),
        Expr::Raw(v) => {
            v.lines().for_each(|line| {
                let _ = line.get();
            });
            let _ = (v.lang().map(RawLang::get), v.block());
        }
        Expr::Link(v) => {
            let _ = v.get();
        }
        Expr::Label(v) => {
            let _ = v.get();
        }
        Expr::Ref(v) => {
            let _ = v.target();
            v.supplement().map(Expr::ContentBlock).into_iter().for_each(read_expr);
        }
        Expr::Heading(v) => {
            let _ = v.depth();
            read_markup(v.body());
        }
        Expr::ListItem(v) => read_markup(v.body()),
        Expr::EnumItem(v) => {
            let _ = v.number();
            read_markup(v.body());
        }
        Expr::TermItem(v) => {
            read_markup(v.term());
            read_markup(v.description());
        }
        Expr::Equation(v) => {
            let _ = v.block();
            v.body().exprs().for_each(read_expr);
        }
        Expr::Math(v) => v.exprs().for_each(read_expr),
        Expr::MathText(v) => {
            let _ = v.get();
        }
        Expr::MathIdent(v) => {
            let _ = (v.get(), v.as_str());
        }
        Expr::MathShorthand(v) => {
            let _ = v.get();
        }
        Expr::MathDelimited(v) => {
            read_expr(v.open());
            v.body().exprs().for_each(read_expr);
            read_expr(v.close());
        }
        Expr::MathAttach(v) => {
            read_expr(v.base());
            v.bottom().into_iter().chain(v.top()).for_each(read_expr);
            let _ = v.primes().map(MathPrimes::count);
        }
        Expr::MathPrimes(v) => {
            let _ = v.count();
        }
        Expr::MathFrac(v) => {
            read_expr(v.num());
            read_expr(v.denom());
        }
        Expr::MathRoot(v) => {
            let _ = v.index();
            read_expr(v.radicand());
        }
        Expr::Ident(v) => {
            let _ = (v.get(), v.as_str());
        }
        Expr::Bool(v) => {
            let _ = v.get();
        }
        Expr::Int(v) => {
            let _ = v.get();
        }
        Expr::Float(v) => {
            let _ = v.get();
        }
        Expr::Numeric(v) => {
            let _ = v.get();
        }
        Expr::Str(v) => {
            let _ = v.get();
        }
        Expr::CodeBlock(v) => v.body().exprs().for_each(read_expr),
        Expr::ContentBlock(v) => read_markup(v.body()),
        Expr::Parenthesized(v) => {
            read_expr(v.expr());
            read_pattern(v.pattern());
        }
        Expr::Array(v) => v.items().for_each(|item| match item {
            ArrayItem::Pos(expr) => read_expr(expr),
            ArrayItem::Spread(spread) => read_spread(spread),
        }),
        Expr::Dict(v) => v.items().for_each(|item| match item {
            DictItem::Named(named) => read_named(named),
            DictItem::Keyed(keyed) => {
                read_expr(keyed.key());
                read_expr(keyed.expr());
            }
            DictItem::Spread(spread) => read_spread(spread),
        }),
        Expr::Unary(v) => {
            let _ = (v.op().precedence(), v.op().as_str());
            read_expr(v.expr());
        }
        Expr::Binary(v) => {
            let _ = (v.op().precedence(), v.op().assoc(), v.op().as_str());
            read_expr(v.lhs());
            read_expr(v.rhs());
        }
        Expr::FieldAccess(v) => {
            read_expr(v.target());
            let _ = v.field().get();
        }
        Expr::FuncCall(v) => {
            read_expr(v.callee());
            read_args(v.args());
        }
        Expr::Closure(v) => {
            let _ = v.name();
            read_params(v.params());
            read_expr(v.body());
        }
        Expr::LetBinding(v) => {
            let _ = v.kind().bindings();
            if let LetBindingKind::Normal(pattern) = v.kind() {
                read_pattern(pattern);
            }
            v.init().into_iter().for_each(read_expr);
        }
        Expr::DestructAssignment(v) => {
            read_pattern(v.pattern());
            read_expr(v.value());
        }
        Expr::SetRule(v) => {
            read_expr(v.target());
            read_args(v.args());
            v.condition().into_iter().for_each(read_expr);
        }
        Expr::ShowRule(v) => {
            v.selector().into_iter().for_each(read_expr);
            read_expr(v.transform());
        }
        Expr::Contextual(v) => read_expr(v.body()),
        Expr::Conditional(v) => {
            read_expr(v.condition());
            read_expr(v.if_body());
            v.else_body().into_iter().for_each(read_expr);
        }
        Expr::WhileLoop(v) => {
            read_expr(v.condition());
            read_expr(v.body());
        }
        Expr::ForLoop(v) => {
            read_pattern(v.pattern());
            read_expr(v.iterable());
            read_expr(v.body());
        }
        Expr::ModuleImport(v) => {
            read_expr(v.source());
            let _ = v.new_name();
            if let Some(Imports::Items(items)) = v.imports() {
                for item in items.iter() {
                    let _ = (item.path().iter().count(), item.original_name(), item.bound_name());
                }
            }
        }
        Expr::ModuleInclude(v) => read_expr(v.source()),
        Expr::FuncReturn(v) => v.body().into_iter().for_each(read_expr),
    }
}

fn read_markup(markup: Markup) {
    markup.exprs().for_each(read_expr);
}

fn read_spread(spread: Spread) {
    read_expr(spread.expr());
    let _ = spread.sink_ident();
}

fn read_named(named: Named) {
    let _ = named.name().get();
    read_expr(named.expr());
    read_pattern(named.pattern());
}

fn read_args(args: Args) {
    let _ = args.trailing_comma();
    args.items().for_each(|arg| match arg {
        Arg::Pos(expr) => read_expr(expr),
        Arg::Named(named) => read_named(named),
        Arg::Spread(spread) => read_spread(spread),
    });
}

fn read_params(params: Params) {
    params.children().for_each(|param| match param {
        Param::Pos(pattern) => read_pattern(pattern),
        Param::Named(named) => read_named(named),
        Param::Spread(spread) => read_spread(spread),
    });
}

fn read_pattern(pattern: Pattern) {
    let _ = pattern.bindings();
    if let Pattern::Destructuring(destructuring) = pattern {
        destructuring.items().for_each(|item| match item {
            DestructuringItem::Pattern(pattern) => read_pattern(pattern),
            DestructuringItem::Named(named) => read_named(named),
            DestructuringItem::Spread(spread) => read_spread(spread),
        });
    }
}

/// Reads every node of the tree below `node` through every view that accepts it.
fn read_tree(node: &SyntaxNode) {
    if let Some(expr) = Expr::cast_with_space(node) {
        read_expr(expr);
    }
    if let Some(pattern) = Pattern::from_untyped(node) {
        read_pattern(pattern);
    }
    if let Some(markup) = Markup::from_untyped(node) {
        read_markup(markup);
    }
    if let Some(code) = Code::from_untyped(node) {
        code.exprs().for_each(read_expr);
    }
    node.children().for_each(read_tree);
}

/// Snippets of Typst syntax that random inputs are assembled from.
const TOKENS: &[&str] = &[
    "#", "let ", "set ", "show", "context ", "if ", "else", "for ", " in ", "while ", "not ",
    "import ", "include ", " as ", "return", "break", "(", ")", "[", "]", "{", "}", "$", "*", "_",
    "=", "==", "=>", ":", ",", ";", "..", ".", "+", "-", "/", "^", "'", "\"", "`", "```", "<a>",
    "@a", "\\", "\\u{", "x", "f", "12", "0x1", "1.5", "2pt", "50%", " ", "\n", "\n\n", "√", "->",
    "&", "//", "/*", "*/", "~", "...",
];

proptest! {
    #[test]
    fn accessors_never_panic(picks in prop::collection::vec(0..TOKENS.len(), 0..24)) {
        let text: String = picks.iter().map(|&i| TOKENS[i]).collect();
        for root in [parse(&text), parse_code(&text), parse_math(&text)] {
            read_tree(&root);
        }
    }
}

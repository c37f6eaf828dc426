//! Code grammar: tokens in code mode → expressions (literals, operators with Typst's
//! precedence, calls and fields, collections, closures, bindings, rules, control flow,
//! imports) and patterns.
//!
//! A parenthesized expression is first parsed as a group, array or dictionary; when `=>` or
//! `=` follows, it is parsed again as parameters or a destructuring pattern. Such reparses
//! are remembered by position, so that nested guesses never cost more than one reparse per
//! position.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::HashSet;

use ecow::{EcoString, eco_format};

use super::markup::{content_block, equation};
use super::parser::{AtNewline, KindSet, Parser, kinds};
use super::{LexMode, Lexer, SyntaxKind, is_id_start};

/// Statements: in markup, they end at a newline or a semicolon.
const STMT: KindSet = kinds!(Let, Set, Show, Import, Include, Return);

/// Expressions that need no operator: what `#` may start.
const ATOMIC_CODE_EXPR: KindSet = kinds!(
    Ident,
    LeftBrace,
    LeftBracket,
    LeftParen,
    Dollar,
    Let,
    Set,
    Show,
    Context,
    If,
    While,
    For,
    Import,
    Include,
    Break,
    Continue,
    Return,
    None,
    Auto,
    Int,
    Float,
    Bool,
    Numeric,
    Str,
    Label,
    Raw,
);

const UNARY_OP: KindSet = kinds!(Plus, Minus, Not);

const BINARY_OP: KindSet = kinds!(
    Plus, Minus, Star, Slash, And, Or, EqEq, ExclEq, Lt, LtEq, Gt, GtEq, Eq, In, PlusEq, HyphEq,
    StarEq, SlashEq,
);

/// What may start an expression.
const CODE_EXPR: KindSet = ATOMIC_CODE_EXPR
    .union(UNARY_OP)
    .with(SyntaxKind::Underscore);

/// What may start an argument or a collection item.
const ARG: KindSet = CODE_EXPR.with(SyntaxKind::Dots);

/// What may start a pattern.
const PATTERN: KindSet = ATOMIC_CODE_EXPR
    .with(SyntaxKind::LeftParen)
    .with(SyntaxKind::Underscore);

/// What may start a parameter or a destructuring item.
const PARAM: KindSet = PATTERN.with(SyntaxKind::Dots);

/// Where an overlong chain of operators, calls or fields gives up.
const CHAIN_END: KindSet = kinds!(
    End,
    Semicolon,
    Comma,
    Colon,
    RightParen,
    RightBracket,
    RightBrace
);

/// Whether `kind` ends a list of items or statements.
fn is_terminator(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        SyntaxKind::End
            | SyntaxKind::Semicolon
            | SyntaxKind::RightBrace
            | SyntaxKind::RightParen
            | SyntaxKind::RightBracket
    )
}

/// `#` and the expression it embeds in markup or math. The expression is atomic: postfix
/// calls and fields that follow directly belong to it, operators do not. Statements end at
/// a newline or a semicolon, which they take.
pub(super) fn embedded_code_expr(p: &mut Parser) {
    p.enter_modes(LexMode::Code, AtNewline::Stop, |p| {
        p.eat();
        if p.had_trivia() || p.end() {
            p.expected("expression");
            return;
        }
        let stmt = p.at_set(STMT);
        code_expr_prec(p, true, 0);
        let semi =
            (stmt || p.directly_at(SyntaxKind::Semicolon)) && p.eat_if(SyntaxKind::Semicolon);
        if stmt && !semi && !p.end() && !p.at(SyntaxKind::RightBracket) {
            p.expected("semicolon or line break");
        }
    });
}

/// Parses code until a token of `stop` into a `Code` node.
fn code(p: &mut Parser, stop: KindSet) {
    let m = p.marker();
    code_exprs(p, stop);
    p.wrap(m, SyntaxKind::Code);
}

/// Parses expressions separated by semicolons or newlines until a token of `stop` (which
/// holds `End`).
pub(super) fn code_exprs(p: &mut Parser, stop: KindSet) {
    if p.too_deep(stop) {
        return;
    }
    while !p.at_set(stop) {
        p.with_nl_mode(AtNewline::ContextualContinue, |p| {
            if !p.at_set(CODE_EXPR) {
                p.unexpected();
                return;
            }
            code_expr(p);
            if !p.at_set(stop) && !p.eat_if(SyntaxKind::Semicolon) {
                p.expected("semicolon or line break");
                if p.at(SyntaxKind::Label) {
                    p.hint("labels can only be applied in markup mode");
                    p.hint("try wrapping your code in a markup block (`[ ]`)");
                }
            }
        });
    }
}

/// Parses one expression.
fn code_expr(p: &mut Parser) {
    code_expr_prec(p, false, 0);
}

/// Precedence of a unary operator.
fn unary_prec(kind: SyntaxKind) -> usize {
    if kind == SyntaxKind::Not { 4 } else { 7 }
}

/// Precedence of a binary operator and whether it is left-associative.
fn binary_prec(kind: SyntaxKind) -> (usize, bool) {
    match kind {
        SyntaxKind::Star | SyntaxKind::Slash => (6, true),
        SyntaxKind::Plus | SyntaxKind::Minus => (5, true),
        SyntaxKind::EqEq
        | SyntaxKind::ExclEq
        | SyntaxKind::Lt
        | SyntaxKind::LtEq
        | SyntaxKind::Gt
        | SyntaxKind::GtEq
        | SyntaxKind::In
        | SyntaxKind::Not => (4, true),
        SyntaxKind::And => (3, true),
        SyntaxKind::Or => (2, true),
        _ => (1, false),
    }
}

/// Parses an expression whose operators bind at least as tightly as `min_prec`. An atomic
/// expression (after `#`) takes no operators, only directly following calls and fields.
fn code_expr_prec(p: &mut Parser, atomic: bool, min_prec: usize) {
    p.nested(|p| {
        let m = p.marker();
        if p.at_set(UNARY_OP) {
            if atomic {
                p.unexpected();
                p.hint("to use a unary operator here, wrap the entire expression in parentheses");
            } else {
                let prec = unary_prec(p.current());
                p.eat();
                code_expr_prec(p, false, prec);
                p.wrap(m, SyntaxKind::Unary);
            }
        } else {
            code_primary(p, atomic);
        }

        // Each postfix or binary operator nests the tree one level deeper.
        let mut levels = 0;
        loop {
            if p.directly_at(SyntaxKind::LeftParen) || p.directly_at(SyntaxKind::LeftBracket) {
                if p.too_deep(CHAIN_END) {
                    break;
                }
                args(p);
                p.wrap(m, SyntaxKind::FuncCall);
            } else if p.directly_at(SyntaxKind::Dot) && next_is_ident(p) {
                if p.too_deep(CHAIN_END) {
                    break;
                }
                p.eat();
                p.eat();
                p.wrap(m, SyntaxKind::FieldAccess);
            } else if atomic {
                break;
            } else if p.at(SyntaxKind::Dot) {
                if p.too_deep(CHAIN_END) {
                    break;
                }
                p.eat();
                p.expect(SyntaxKind::Ident);
                p.wrap(m, SyntaxKind::FieldAccess);
            } else if p.at_set(BINARY_OP) || (min_prec <= 4 && p.at(SyntaxKind::Not)) {
                let (prec, left) = binary_prec(p.current());
                if prec < min_prec {
                    break;
                }
                if p.too_deep(CHAIN_END) {
                    break;
                }
                if p.eat_if(SyntaxKind::Not) && !p.at(SyntaxKind::In) {
                    p.expected("keyword `in`");
                    break;
                }
                p.eat();
                code_expr_prec(p, false, if left { prec + 1 } else { prec });
                p.wrap(m, SyntaxKind::Binary);
            } else {
                break;
            }
            p.deepen(1);
            levels += 1;
        }
        p.release(levels);
    });
}

/// Whether an identifier follows the current token (a dot) directly. After a dot, keywords
/// are identifiers too, except after `..`.
fn next_is_ident(p: &Parser) -> bool {
    let start = p.current_start() + 1;
    let after = p.text().get(start..).unwrap_or("");
    if !after.starts_with(is_id_start) {
        return false;
    }
    let mut lexer = Lexer::new(p.text(), LexMode::Code);
    lexer.jump(start);
    lexer.next_token().0 == SyntaxKind::Ident
}

/// Parses a primary expression: a literal, identifier, block, group or keyword expression.
fn code_primary(p: &mut Parser, atomic: bool) {
    let m = p.marker();
    match p.current() {
        SyntaxKind::Ident => {
            p.eat();
            if !atomic && p.at(SyntaxKind::Arrow) {
                p.wrap(m, SyntaxKind::Params);
                p.eat();
                code_expr(p);
                p.wrap(m, SyntaxKind::Closure);
            }
        }
        SyntaxKind::Underscore if !atomic => {
            p.eat();
            if p.at(SyntaxKind::Arrow) {
                p.wrap(m, SyntaxKind::Params);
                p.eat();
                code_expr(p);
                p.wrap(m, SyntaxKind::Closure);
            } else if p.eat_if(SyntaxKind::Eq) {
                code_expr(p);
                p.wrap(m, SyntaxKind::DestructAssignment);
            } else if let Some(node) = p.node_mut(m) {
                node.expected("expression");
            }
        }
        SyntaxKind::LeftBrace => code_block(p),
        SyntaxKind::LeftBracket => content_block(p),
        SyntaxKind::LeftParen => expr_with_paren(p, atomic),
        SyntaxKind::Dollar => equation(p),
        SyntaxKind::Let => let_binding(p),
        SyntaxKind::Set => set_rule(p),
        SyntaxKind::Show => show_rule(p),
        SyntaxKind::Context => {
            p.eat();
            code_expr_prec(p, atomic, 0);
            p.wrap(m, SyntaxKind::Contextual);
        }
        SyntaxKind::If => conditional(p),
        SyntaxKind::While => {
            p.eat();
            code_expr(p);
            block(p);
            p.wrap(m, SyntaxKind::WhileLoop);
        }
        SyntaxKind::For => for_loop(p),
        SyntaxKind::Import => module_import(p),
        SyntaxKind::Include => {
            p.eat();
            code_expr(p);
            p.wrap(m, SyntaxKind::ModuleInclude);
        }
        SyntaxKind::Break => {
            p.eat();
            p.wrap(m, SyntaxKind::LoopBreak);
        }
        SyntaxKind::Continue => {
            p.eat();
            p.wrap(m, SyntaxKind::LoopContinue);
        }
        SyntaxKind::Return => {
            p.eat();
            if p.at_set(CODE_EXPR) {
                code_expr(p);
            }
            p.wrap(m, SyntaxKind::FuncReturn);
        }
        SyntaxKind::Raw
        | SyntaxKind::None
        | SyntaxKind::Auto
        | SyntaxKind::Int
        | SyntaxKind::Float
        | SyntaxKind::Bool
        | SyntaxKind::Numeric
        | SyntaxKind::Str
        | SyntaxKind::Label => p.eat(),
        // After `#`, whatever comes is taken as the error, like `#]` or `#12p`.
        _ if atomic => p.unexpected(),
        _ => p.expected("expression"),
    }
}

/// A code or content block, as the body of a loop or conditional.
fn block(p: &mut Parser) {
    match p.current() {
        SyntaxKind::LeftBracket => content_block(p),
        SyntaxKind::LeftBrace => code_block(p),
        _ => p.expected("block"),
    }
}

/// `{ code }`.
fn code_block(p: &mut Parser) {
    let m = p.marker();
    p.enter_modes(LexMode::Code, AtNewline::Continue, |p| {
        p.eat();
        code(p, kinds!(RightBrace, RightBracket, RightParen, End));
        p.expect_closing(m, SyntaxKind::RightBrace);
    });
    p.wrap(m, SyntaxKind::CodeBlock);
}

/// `let x = 1`, `let (a, b) = pair`, `let f(x) = x`.
fn let_binding(p: &mut Parser) {
    let m = p.marker();
    p.eat();
    let m2 = p.marker();
    let mut closure = false;
    let mut pattern_bound = false;
    if p.eat_if(SyntaxKind::Ident) {
        if p.directly_at(SyntaxKind::LeftParen) {
            params(p);
            closure = true;
        }
    } else {
        pattern(p, false, &mut HashSet::new(), None);
        pattern_bound = true;
    }
    let has_eq = if closure || pattern_bound {
        p.expect(SyntaxKind::Eq)
    } else {
        p.eat_if(SyntaxKind::Eq)
    };
    if has_eq {
        code_expr(p);
    }
    if closure {
        p.wrap(m2, SyntaxKind::Closure);
    }
    p.wrap(m, SyntaxKind::LetBinding);
}

/// `set text(red) if cond`.
fn set_rule(p: &mut Parser) {
    let m = p.marker();
    p.eat();
    let m2 = p.marker();
    p.expect(SyntaxKind::Ident);
    let mut levels = 0;
    while p.at(SyntaxKind::Dot) && !p.too_deep(CHAIN_END) {
        p.eat();
        p.expect(SyntaxKind::Ident);
        p.wrap(m2, SyntaxKind::FieldAccess);
        p.deepen(1);
        levels += 1;
    }
    args(p);
    if p.eat_if(SyntaxKind::If) {
        code_expr(p);
    }
    p.release(levels);
    p.wrap(m, SyntaxKind::SetRule);
}

/// `show selector: transform` and `show: transform`.
fn show_rule(p: &mut Parser) {
    let m = p.marker();
    p.eat();
    let m2 = p.before_trivia();
    if !p.at(SyntaxKind::Colon) {
        code_expr(p);
    }
    if p.eat_if(SyntaxKind::Colon) {
        code_expr(p);
    } else {
        p.expected_at(m2, "colon");
    }
    p.wrap(m, SyntaxKind::ShowRule);
}

/// `if cond { a } else if other { b } else { c }`.
fn conditional(p: &mut Parser) {
    let m = p.marker();
    p.eat();
    code_expr(p);
    block(p);
    if p.eat_if(SyntaxKind::Else) {
        if p.at(SyntaxKind::If) {
            p.nested(conditional);
        } else {
            block(p);
        }
    }
    p.wrap(m, SyntaxKind::Conditional);
}

/// `for pattern in iterable { body }`.
fn for_loop(p: &mut Parser) {
    let m = p.marker();
    p.eat();
    let mut seen = HashSet::new();
    pattern(p, false, &mut seen, None);
    if p.at(SyntaxKind::Comma) {
        if let Some(node) = p.eat_and_get() {
            node.unexpected();
            node.hint("destructuring patterns must be wrapped in parentheses");
        }
        if p.at_set(PATTERN) {
            pattern(p, false, &mut seen, None);
        }
    }
    p.expect(SyntaxKind::In);
    code_expr(p);
    block(p);
    p.wrap(m, SyntaxKind::ForLoop);
}

/// `import "source" as name: a, b.c as d` and `import "source": *`.
fn module_import(p: &mut Parser) {
    let m = p.marker();
    p.eat();
    code_expr(p);
    if p.eat_if(SyntaxKind::As) {
        p.expect(SyntaxKind::Ident);
    }
    if p.eat_if(SyntaxKind::Colon) {
        if p.at(SyntaxKind::LeftParen) {
            let items = p.marker();
            p.with_nl_mode(AtNewline::Continue, |p| {
                p.eat();
                import_items(p);
                p.expect_closing(items, SyntaxKind::RightParen);
            });
            p.wrap(items, SyntaxKind::ImportItems);
        } else if !p.eat_if(SyntaxKind::Star) {
            let items = p.marker();
            import_items(p);
            p.wrap(items, SyntaxKind::ImportItems);
        }
    }
    p.wrap(m, SyntaxKind::ModuleImport);
}

/// Import items up to a terminator: `a, b.c as d`.
fn import_items(p: &mut Parser) {
    while !is_terminator(p.current()) {
        let item = p.marker();
        if !p.eat_if(SyntaxKind::Ident) {
            p.unexpected();
        }
        while p.eat_if(SyntaxKind::Dot) {
            p.expect(SyntaxKind::Ident);
        }
        p.wrap(item, SyntaxKind::ImportItemPath);
        if p.eat_if(SyntaxKind::As) {
            p.expect(SyntaxKind::Ident);
            p.wrap(item, SyntaxKind::RenamedImportItem);
        }
        if !is_terminator(p.current()) {
            p.expect(SyntaxKind::Comma);
        }
    }
}

/// An expression starting with `(`: a group, array or dictionary, or (when `=>` or `=`
/// follows) closure parameters or a destructuring.
fn expr_with_paren(p: &mut Parser, atomic: bool) {
    if atomic {
        // Nothing may follow after `#`, so the first guess is right.
        collection(p);
        return;
    }
    if p.replay() {
        return;
    }
    let checkpoint = p.checkpoint();
    let kind = collection(p);
    if p.at(SyntaxKind::Arrow) {
        p.restore(&checkpoint);
        let m = p.marker();
        params(p);
        if !p.expect(SyntaxKind::Arrow) {
            return;
        }
        code_expr(p);
        p.wrap(m, SyntaxKind::Closure);
    } else if p.at(SyntaxKind::Eq) && kind != SyntaxKind::Parenthesized {
        p.restore(&checkpoint);
        let m = p.marker();
        destructuring(p, true, &mut HashSet::new());
        if !p.expect(SyntaxKind::Eq) {
            return;
        }
        code_expr(p);
        p.wrap(m, SyntaxKind::DestructAssignment);
    } else {
        return;
    }
    p.remember(&checkpoint);
}

/// What a parenthesized collection turned out to be.
struct Collection {
    count: usize,
    /// Whether it is one expression in parens (`(a)`); arrays of one need a comma, `(a,)`.
    just_parens: bool,
    /// `Array` or `Dict`, once an item decided it.
    kind: Option<SyntaxKind>,
    /// The keys so far, to reject duplicates.
    keys: HashSet<EcoString>,
}

/// `(1 + 2)`, `(1, 2)`, `(a: 1, "b": 2)`, `(:)`. A leading colon makes a dictionary, so
/// that `(: ..a, ..b)` merges dictionaries.
fn collection(p: &mut Parser) -> SyntaxKind {
    let mut state = Collection {
        count: 0,
        just_parens: true,
        kind: None,
        keys: HashSet::new(),
    };
    let m = p.marker();
    p.with_nl_mode(AtNewline::Continue, |p| {
        p.eat();
        if p.eat_if(SyntaxKind::Colon) {
            state.kind = Some(SyntaxKind::Dict);
        }
        while !is_terminator(p.current()) {
            if !p.at_set(ARG) {
                p.unexpected();
                continue;
            }
            collection_item(p, &mut state);
            state.count += 1;
            if !is_terminator(p.current()) && p.expect(SyntaxKind::Comma) {
                state.just_parens = false;
            }
        }
        p.expect_closing(m, SyntaxKind::RightParen);
    });
    let kind = if state.just_parens && state.count == 1 {
        SyntaxKind::Parenthesized
    } else {
        state.kind.unwrap_or(SyntaxKind::Array)
    };
    p.wrap(m, kind);
    kind
}

/// One item of an array or dictionary: an expression, a spread, or a pair.
fn collection_item(p: &mut Parser, state: &mut Collection) {
    let m = p.marker();
    if p.eat_if(SyntaxKind::Dots) {
        code_expr(p);
        p.wrap(m, SyntaxKind::Spread);
        state.just_parens = false;
        return;
    }

    code_expr(p);
    if p.eat_if(SyntaxKind::Colon) {
        code_expr(p);
        let pair = if p.kind_at(m) == SyntaxKind::Ident {
            SyntaxKind::Named
        } else {
            SyntaxKind::Keyed
        };
        if let Some(key) = p.node_mut(m) {
            let name = match key.kind() {
                SyntaxKind::Ident => Some(key.text().clone()),
                SyntaxKind::Str => Some(string_value(key.text())),
                _ => None,
            };
            if let Some(name) = name
                && !state.keys.insert(name.clone())
            {
                key.convert_to_error(eco_format!("duplicate key: {name}"));
            }
        }
        p.wrap(m, pair);
        state.just_parens = false;
        if state.kind == Some(SyntaxKind::Array) {
            if let Some(node) = p.node_mut(m) {
                node.expected("expression");
            }
        } else {
            state.kind = Some(SyntaxKind::Dict);
        }
    } else if state.kind == Some(SyntaxKind::Dict) {
        if let Some(node) = p.node_mut(m) {
            node.expected("named or keyed pair");
        }
    } else {
        state.kind = Some(SyntaxKind::Array);
    }
}

/// The value of a string literal (with its quotes), for comparing dictionary keys.
fn string_value(literal: &str) -> EcoString {
    let inner = literal.strip_prefix('"').unwrap_or(literal);
    let inner = inner.strip_suffix('"').unwrap_or(inner);
    let mut out = EcoString::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some('u') if chars.as_str().starts_with('{') => {
                let rest = chars.as_str();
                let end = rest.find('}').unwrap_or(rest.len());
                let hex = rest.get(1..end).unwrap_or("");
                match u32::from_str_radix(hex, 16).ok().and_then(char::from_u32) {
                    Some(c) => out.push(c),
                    None => {
                        out.push_str("\\u");
                        out.push_str(rest.get(..=end).unwrap_or(rest));
                    }
                }
                chars = rest.get(end + 1..).unwrap_or("").chars();
            }
            Some(c @ ('\\' | '"')) => out.push(c),
            Some(c) => {
                out.push('\\');
                out.push(c);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// A call's arguments: `(a, b: c, ..d)` and trailing content blocks `[e]`.
fn args(p: &mut Parser) {
    if !p.directly_at(SyntaxKind::LeftParen) && !p.directly_at(SyntaxKind::LeftBracket) {
        p.expected("argument list");
        if p.at(SyntaxKind::LeftParen) || p.at(SyntaxKind::LeftBracket) {
            p.hint("there may not be any spaces before the argument list");
        }
    }
    let m = p.marker();
    if p.at(SyntaxKind::LeftParen) {
        let open = p.marker();
        p.with_nl_mode(AtNewline::Continue, |p| {
            p.eat();
            let mut seen = HashSet::new();
            while !is_terminator(p.current()) {
                if !p.at_set(ARG) {
                    p.unexpected();
                    continue;
                }
                arg(p, &mut seen);
                if !is_terminator(p.current()) {
                    p.expect(SyntaxKind::Comma);
                }
            }
            p.expect_closing(open, SyntaxKind::RightParen);
        });
    }
    while p.directly_at(SyntaxKind::LeftBracket) {
        content_block(p);
    }
    p.wrap(m, SyntaxKind::Args);
}

/// One argument: positional, named (`name: value`) or spread (`..value`).
fn arg<'s>(p: &mut Parser<'s>, seen: &mut HashSet<&'s str>) {
    let m = p.marker();
    if p.eat_if(SyntaxKind::Dots) {
        code_expr(p);
        p.wrap(m, SyntaxKind::Spread);
        return;
    }
    let was_at_expr = p.at_set(CODE_EXPR);
    let name = p.current_text();
    code_expr(p);
    if p.eat_if(SyntaxKind::Colon) {
        if was_at_expr && let Some(node) = p.node_mut(m) {
            if node.kind() != SyntaxKind::Ident {
                node.expected("identifier");
            } else if !seen.insert(name) {
                node.convert_to_error(eco_format!("duplicate argument: {name}"));
            }
        }
        code_expr(p);
        p.wrap(m, SyntaxKind::Named);
    }
}

/// Closure parameters: `(x, y: 1, ..rest)`.
fn params(p: &mut Parser) {
    let m = p.marker();
    p.with_nl_mode(AtNewline::Continue, |p| {
        p.eat();
        let mut seen = HashSet::new();
        let mut sink = false;
        while !is_terminator(p.current()) {
            if !p.at_set(PARAM) {
                p.unexpected();
                continue;
            }
            param(p, &mut seen, &mut sink);
            if !is_terminator(p.current()) {
                p.expect(SyntaxKind::Comma);
            }
        }
        p.expect_closing(m, SyntaxKind::RightParen);
    });
    p.wrap(m, SyntaxKind::Params);
}

/// One parameter: a pattern, a named parameter with a default, or an argument sink.
fn param<'s>(p: &mut Parser<'s>, seen: &mut HashSet<&'s str>, sink: &mut bool) {
    let m = p.marker();
    if p.eat_if(SyntaxKind::Dots) {
        if p.at_set(ATOMIC_CODE_EXPR) {
            pattern_leaf(p, false, seen, Some("parameter"));
        }
        p.wrap(m, SyntaxKind::Spread);
        if std::mem::replace(sink, true)
            && let Some(node) = p.node_mut(m)
        {
            node.convert_to_error("only one argument sink is allowed");
        }
        return;
    }
    let was_at_pattern = p.at_set(PATTERN);
    pattern(p, false, seen, Some("parameter"));
    if p.eat_if(SyntaxKind::Colon) {
        if was_at_pattern
            && p.kind_at(m) != SyntaxKind::Ident
            && let Some(node) = p.node_mut(m)
        {
            node.expected("identifier");
        }
        code_expr(p);
        p.wrap(m, SyntaxKind::Named);
    }
}

/// A pattern that binds (`reassignment` false) or assigns (true): `_`, an identifier, or
/// a destructuring.
fn pattern<'s>(
    p: &mut Parser<'s>,
    reassignment: bool,
    seen: &mut HashSet<&'s str>,
    dupe: Option<&'static str>,
) {
    p.nested(|p| match p.current() {
        SyntaxKind::Underscore => p.eat(),
        SyntaxKind::LeftParen => destructuring(p, reassignment, seen),
        _ => pattern_leaf(p, reassignment, seen, dupe),
    });
}

/// `(a, b: c, ..rest)` as a pattern; `(a)` is just a parenthesized pattern.
fn destructuring<'s>(p: &mut Parser<'s>, reassignment: bool, seen: &mut HashSet<&'s str>) {
    let mut sink = false;
    let mut count = 0;
    let mut just_parens = true;
    let m = p.marker();
    p.with_nl_mode(AtNewline::Continue, |p| {
        p.eat();
        while !is_terminator(p.current()) {
            if !p.at_set(PARAM) {
                p.unexpected();
                continue;
            }
            destructuring_item(p, reassignment, seen, &mut just_parens, &mut sink);
            count += 1;
            if !is_terminator(p.current()) && p.expect(SyntaxKind::Comma) {
                just_parens = false;
            }
        }
        p.expect_closing(m, SyntaxKind::RightParen);
    });
    let kind = if just_parens && count == 1 && !sink {
        SyntaxKind::Parenthesized
    } else {
        SyntaxKind::Destructuring
    };
    p.wrap(m, kind);
}

/// One item of a destructuring: a pattern, `key: pattern`, or a sink `..rest`.
fn destructuring_item<'s>(
    p: &mut Parser<'s>,
    reassignment: bool,
    seen: &mut HashSet<&'s str>,
    just_parens: &mut bool,
    sink: &mut bool,
) {
    let m = p.marker();
    if p.eat_if(SyntaxKind::Dots) {
        if p.at_set(ATOMIC_CODE_EXPR) {
            pattern_leaf(p, reassignment, seen, None);
        }
        p.wrap(m, SyntaxKind::Spread);
        if std::mem::replace(sink, true)
            && let Some(node) = p.node_mut(m)
        {
            node.convert_to_error("only one destructuring sink is allowed");
        }
        return;
    }

    let was_at_pattern = p.at_set(PATTERN);
    // A key is an identifier before a colon, which may come after trivia.
    let checkpoint = p.checkpoint();
    if !(p.eat_if(SyntaxKind::Ident) && p.at(SyntaxKind::Colon)) {
        p.restore(&checkpoint);
        pattern(p, reassignment, seen, None);
    }
    if p.eat_if(SyntaxKind::Colon) {
        if was_at_pattern
            && p.kind_at(m) != SyntaxKind::Ident
            && let Some(node) = p.node_mut(m)
        {
            node.expected("identifier");
        }
        pattern(p, reassignment, seen, None);
        p.wrap(m, SyntaxKind::Named);
        *just_parens = false;
    }
}

/// An identifier in a binding pattern (or any atomic expression in an assignment). Other
/// expressions are parsed whole and then marked, so that the error covers all of them.
fn pattern_leaf<'s>(
    p: &mut Parser<'s>,
    reassignment: bool,
    seen: &mut HashSet<&'s str>,
    dupe: Option<&'static str>,
) {
    if p.current().is_keyword() {
        if let Some(node) = p.eat_and_get() {
            node.expected("pattern");
        }
        return;
    }
    if !p.at_set(ATOMIC_CODE_EXPR) {
        p.expected("pattern");
        return;
    }
    let m = p.marker();
    let name = p.current_text();
    code_expr_prec(p, true, 0);
    if !reassignment && let Some(node) = p.node_mut(m) {
        if node.kind() == SyntaxKind::Ident {
            if !seen.insert(name) {
                let what = dupe.unwrap_or("binding");
                node.convert_to_error(eco_format!("duplicate {what}: {name}"));
            }
        } else {
            node.expected("pattern");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::parser::testing;

    /// Parses `text` as code and compares its tree (in `testing::dump`'s form, without the
    /// root) and its errors (`start-end message`, joined by "; ").
    #[track_caller]
    fn check(text: &str, tree: &str, errors: &str) {
        testing::check(super::super::parse_code(text), text, tree, errors);
    }

    #[test]
    fn literals() {
        check(
            "none auto true 1 0xff 1.5 2e3 12pt 50%",
            r##"None"none" Error"" Space" " Auto"auto" Error"" Space" " Bool"true" Error"" Space" " Int"1" Error"" Space" " Int"0xff" Error"" Space" " Float"1.5" Error"" Space" " Float"2e3" Error"" Space" " Numeric"12pt" Error"" Space" " Numeric"50%""##,
            "4-4 expected semicolon or line break; 9-9 expected semicolon or line break; 14-14 expected semicolon or line break; 16-16 expected semicolon or line break; 21-21 expected semicolon or line break; 25-25 expected semicolon or line break; 29-29 expected semicolon or line break; 34-34 expected semicolon or line break",
        );
        check("\"a\\\"b\"", r##"Str"\"a\\\"b\"""##, "");
        check("1u", r##"Error"1u""##, "0-2 invalid number suffix: `u`");
        check("\"ab", r##"Error"\"ab""##, "0-3 unclosed string");
        check("x-y", r##"Ident"x-y""##, "");
    }

    #[test]
    fn precedence_and_associativity() {
        check(
            "1 + 2 * 3",
            r##"Binary[Int"1" Space" " Plus"+" Space" " Binary[Int"2" Space" " Star"*" Space" " Int"3"]]"##,
            "",
        );
        check(
            "1 - 2 - 3",
            r##"Binary[Binary[Int"1" Space" " Minus"-" Space" " Int"2"] Space" " Minus"-" Space" " Int"3"]"##,
            "",
        );
        check(
            "a = b = c",
            r##"Binary[Ident"a" Space" " Eq"=" Space" " Binary[Ident"b" Space" " Eq"=" Space" " Ident"c"]]"##,
            "",
        );
        check(
            "x += 1",
            r##"Binary[Ident"x" Space" " PlusEq"+=" Space" " Int"1"]"##,
            "",
        );
        check(
            "-a * b",
            r##"Binary[Unary[Minus"-" Ident"a"] Space" " Star"*" Space" " Ident"b"]"##,
            "",
        );
        check(
            "not a and b",
            r##"Binary[Unary[Not"not" Space" " Ident"a"] Space" " And"and" Space" " Ident"b"]"##,
            "",
        );
        check(
            "not a == b",
            r##"Unary[Not"not" Space" " Binary[Ident"a" Space" " EqEq"==" Space" " Ident"b"]]"##,
            "",
        );
        check(
            "a or b and c",
            r##"Binary[Ident"a" Space" " Or"or" Space" " Binary[Ident"b" Space" " And"and" Space" " Ident"c"]]"##,
            "",
        );
        check(
            "a not in b",
            r##"Binary[Ident"a" Space" " Not"not" Space" " In"in" Space" " Ident"b"]"##,
            "",
        );
        check(
            "a not b",
            r##"Ident"a" Space" " Not"not" Error"" Space" " Ident"b""##,
            "5-5 expected keyword `in`",
        );
        check(
            "a < b",
            r##"Binary[Ident"a" Space" " Lt"<" Space" " Ident"b"]"##,
            "",
        );
        check(
            "1 +",
            r##"Binary[Int"1" Space" " Plus"+" Error""]"##,
            "3-3 expected expression",
        );
    }

    #[test]
    fn calls_and_fields() {
        check(
            "f(1, x: 2, ..a)[b]",
            r##"FuncCall[Ident"f" Args[LeftParen"(" Int"1" Comma"," Space" " Named[Ident"x" Colon":" Space" " Int"2"] Comma"," Space" " Spread[Dots".." Ident"a"] RightParen")" ContentBlock[LeftBracket"[" Markup[Text"b"] RightBracket"]"]]]"##,
            "",
        );
        check(
            "a.b.c()",
            r##"FuncCall[FieldAccess[FieldAccess[Ident"a" Dot"." Ident"b"] Dot"." Ident"c"] Args[LeftParen"(" RightParen")"]]"##,
            "",
        );
        check(
            "f(x: 1, x: 2)",
            r##"FuncCall[Ident"f" Args[LeftParen"(" Named[Ident"x" Colon":" Space" " Int"1"] Comma"," Space" " Named[Error"x" Colon":" Space" " Int"2"] RightParen")"]]"##,
            "8-9 duplicate argument: x",
        );
        check(
            "f(1: 2)",
            r##"FuncCall[Ident"f" Args[LeftParen"(" Named[Error"1" Colon":" Space" " Int"2"] RightParen")"]]"##,
            "2-3 expected identifier, found integer",
        );
        check(
            "f(1 2)",
            r##"FuncCall[Ident"f" Args[LeftParen"(" Int"1" Error"" Space" " Int"2" RightParen")"]]"##,
            "3-3 expected comma",
        );
        check(
            "f(1",
            r##"FuncCall[Ident"f" Args[Error"(" Int"1"]]"##,
            "1-2 unclosed delimiter",
        );
        check(
            "a.\nb",
            r##"FieldAccess[Ident"a" Dot"." Error""] Space"\n" Ident"b""##,
            "2-2 expected identifier",
        );
        check(
            "x\n.y",
            r##"FieldAccess[Ident"x" Space"\n" Dot"." Ident"y"]"##,
            "",
        );
    }

    #[test]
    fn collections() {
        check(
            "(1)",
            r##"Parenthesized[LeftParen"(" Int"1" RightParen")"]"##,
            "",
        );
        check(
            "(1,)",
            r##"Array[LeftParen"(" Int"1" Comma"," RightParen")"]"##,
            "",
        );
        check("()", r##"Array[LeftParen"(" RightParen")"]"##, "");
        check("(:)", r##"Dict[LeftParen"(" Colon":" RightParen")"]"##, "");
        check(
            "(a: 1, \"b\": 2, ..c)",
            r##"Dict[LeftParen"(" Named[Ident"a" Colon":" Space" " Int"1"] Comma"," Space" " Keyed[Str"\"b\"" Colon":" Space" " Int"2"] Comma"," Space" " Spread[Dots".." Ident"c"] RightParen")"]"##,
            "",
        );
        check(
            "(a: 1, \"a\": 2)",
            r##"Dict[LeftParen"(" Named[Ident"a" Colon":" Space" " Int"1"] Comma"," Space" " Keyed[Error"\"a\"" Colon":" Space" " Int"2"] RightParen")"]"##,
            "7-10 duplicate key: a",
        );
        check(
            "(1, a: 2)",
            r##"Array[LeftParen"(" Int"1" Comma"," Space" " Error"a: 2" RightParen")"]"##,
            "4-8 expected expression, found named pair",
        );
        check(
            "(a: 1, 2)",
            r##"Dict[LeftParen"(" Named[Ident"a" Colon":" Space" " Int"1"] Comma"," Space" " Error"2" RightParen")"]"##,
            "7-8 expected named or keyed pair, found integer",
        );
        check(
            "(..a)",
            r##"Array[LeftParen"(" Spread[Dots".." Ident"a"] RightParen")"]"##,
            "",
        );
        check(
            "(\n1,\n2\n)",
            r##"Array[LeftParen"(" Space"\n" Int"1" Comma"," Space"\n" Int"2" Space"\n" RightParen")"]"##,
            "",
        );
    }

    #[test]
    fn closures() {
        check(
            "x => x",
            r##"Closure[Params[Ident"x"] Space" " Arrow"=>" Space" " Ident"x"]"##,
            "",
        );
        check(
            "_ => 1",
            r##"Closure[Params[Underscore"_"] Space" " Arrow"=>" Space" " Int"1"]"##,
            "",
        );
        check(
            "(x, y: 1, ..r) => x",
            r##"Closure[Params[LeftParen"(" Ident"x" Comma"," Space" " Named[Ident"y" Colon":" Space" " Int"1"] Comma"," Space" " Spread[Dots".." Ident"r"] RightParen")"] Space" " Arrow"=>" Space" " Ident"x"]"##,
            "",
        );
        check(
            "((a, b), _) => a",
            r##"Closure[Params[LeftParen"(" Destructuring[LeftParen"(" Ident"a" Comma"," Space" " Ident"b" RightParen")"] Comma"," Space" " Underscore"_" RightParen")"] Space" " Arrow"=>" Space" " Ident"a"]"##,
            "",
        );
        check(
            "(x, x) => 1",
            r##"Closure[Params[LeftParen"(" Ident"x" Comma"," Space" " Error"x" RightParen")"] Space" " Arrow"=>" Space" " Int"1"]"##,
            "4-5 duplicate parameter: x",
        );
        check(
            "(..a, ..b) => 1",
            r##"Closure[Params[LeftParen"(" Spread[Dots".." Ident"a"] Comma"," Space" " Error"..b" RightParen")"] Space" " Arrow"=>" Space" " Int"1"]"##,
            "6-9 only one argument sink is allowed",
        );
        check(
            "(x: (y) => y) => x",
            r##"Closure[Params[LeftParen"(" Named[Ident"x" Colon":" Space" " Closure[Params[LeftParen"(" Ident"y" RightParen")"] Space" " Arrow"=>" Space" " Ident"y"]] RightParen")"] Space" " Arrow"=>" Space" " Ident"x"]"##,
            "",
        );
        check(
            "(1) => 2",
            r##"Closure[Params[LeftParen"(" Error"1" RightParen")"] Space" " Arrow"=>" Space" " Int"2"]"##,
            "1-2 expected pattern, found integer",
        );
    }

    #[test]
    fn bindings_and_assignments() {
        check(
            "let x = 1",
            r##"LetBinding[Let"let" Space" " Ident"x" Space" " Eq"=" Space" " Int"1"]"##,
            "",
        );
        check("let x", r##"LetBinding[Let"let" Space" " Ident"x"]"##, "");
        check(
            "let f(x) = x",
            r##"LetBinding[Let"let" Space" " Closure[Ident"f" Params[LeftParen"(" Ident"x" RightParen")"] Space" " Eq"=" Space" " Ident"x"]]"##,
            "",
        );
        check(
            "let (a, .., b: c) = d",
            r##"LetBinding[Let"let" Space" " Destructuring[LeftParen"(" Ident"a" Comma"," Space" " Spread[Dots".."] Comma"," Space" " Named[Ident"b" Colon":" Space" " Ident"c"] RightParen")"] Space" " Eq"=" Space" " Ident"d"]"##,
            "",
        );
        check(
            "let let = 1",
            r##"LetBinding[Let"let" Space" " Error"let" Space" " Eq"=" Space" " Int"1"]"##,
            "4-7 expected pattern, found keyword `let`",
        );
        check(
            "let (a, b)",
            r##"LetBinding[Let"let" Space" " Destructuring[LeftParen"(" Ident"a" Comma"," Space" " Ident"b" RightParen")"] Error""]"##,
            "10-10 expected equals sign",
        );
        check(
            "(a, b) = (b, a)",
            r##"DestructAssignment[Destructuring[LeftParen"(" Ident"a" Comma"," Space" " Ident"b" RightParen")"] Space" " Eq"=" Space" " Array[LeftParen"(" Ident"b" Comma"," Space" " Ident"a" RightParen")"]]"##,
            "",
        );
        check(
            "(x) = 1",
            r##"Binary[Parenthesized[LeftParen"(" Ident"x" RightParen")"] Space" " Eq"=" Space" " Int"1"]"##,
            "",
        );
        check(
            "_ = 1",
            r##"DestructAssignment[Underscore"_" Space" " Eq"=" Space" " Int"1"]"##,
            "",
        );
        check(
            "(a.b, _) = c",
            r##"DestructAssignment[Destructuring[LeftParen"(" FieldAccess[Ident"a" Dot"." Ident"b"] Comma"," Space" " Underscore"_" RightParen")"] Space" " Eq"=" Space" " Ident"c"]"##,
            "",
        );
    }

    #[test]
    fn rules() {
        check(
            "set text(red) if x",
            r##"SetRule[Set"set" Space" " Ident"text" Args[LeftParen"(" Ident"red" RightParen")"] Space" " If"if" Space" " Ident"x"]"##,
            "",
        );
        check(
            "set a.b(c)",
            r##"SetRule[Set"set" Space" " FieldAccess[Ident"a" Dot"." Ident"b"] Args[LeftParen"(" Ident"c" RightParen")"]]"##,
            "",
        );
        check(
            "set text (red)",
            r##"SetRule[Set"set" Space" " Ident"text" Error"" Space" " Args[LeftParen"(" Ident"red" RightParen")"]]"##,
            "8-8 expected argument list",
        );
        check(
            "show: x => x",
            r##"ShowRule[Show"show" Colon":" Space" " Closure[Params[Ident"x"] Space" " Arrow"=>" Space" " Ident"x"]]"##,
            "",
        );
        check(
            "show heading: set text(red)",
            r##"ShowRule[Show"show" Space" " Ident"heading" Colon":" Space" " SetRule[Set"set" Space" " Ident"text" Args[LeftParen"(" Ident"red" RightParen")"]]]"##,
            "",
        );
        check(
            "show x",
            r##"ShowRule[Show"show" Error"" Space" " Ident"x"]"##,
            "4-4 expected colon",
        );
        check(
            "context text.lang",
            r##"Contextual[Context"context" Space" " FieldAccess[Ident"text" Dot"." Ident"lang"]]"##,
            "",
        );
    }

    #[test]
    fn control_flow() {
        check(
            "if a {b} else if c [d] else {e}",
            r##"Conditional[If"if" Space" " Ident"a" Space" " CodeBlock[LeftBrace"{" Code[Ident"b"] RightBrace"}"] Space" " Else"else" Space" " Conditional[If"if" Space" " Ident"c" Space" " ContentBlock[LeftBracket"[" Markup[Text"d"] RightBracket"]"] Space" " Else"else" Space" " CodeBlock[LeftBrace"{" Code[Ident"e"] RightBrace"}"]]]"##,
            "",
        );
        check(
            "{if a {b}\nelse {c}}",
            r##"CodeBlock[LeftBrace"{" Code[Conditional[If"if" Space" " Ident"a" Space" " CodeBlock[LeftBrace"{" Code[Ident"b"] RightBrace"}"] Space"\n" Else"else" Space" " CodeBlock[LeftBrace"{" Code[Ident"c"] RightBrace"}"]]] RightBrace"}"]"##,
            "",
        );
        check(
            "if a b",
            r##"Conditional[If"if" Space" " Ident"a" Error""] Error"" Space" " Ident"b""##,
            "4-4 expected block; 4-4 expected semicolon or line break",
        );
        check(
            "while x {}",
            r##"WhileLoop[While"while" Space" " Ident"x" Space" " CodeBlock[LeftBrace"{" Code[] RightBrace"}"]]"##,
            "",
        );
        check(
            "for (k, v) in d {break; continue}",
            r##"ForLoop[For"for" Space" " Destructuring[LeftParen"(" Ident"k" Comma"," Space" " Ident"v" RightParen")"] Space" " In"in" Space" " Ident"d" Space" " CodeBlock[LeftBrace"{" Code[LoopBreak[Break"break"] Semicolon";" Space" " LoopContinue[Continue"continue"]] RightBrace"}"]]"##,
            "",
        );
        check(
            "for k, v in d {}",
            r##"ForLoop[For"for" Space" " Ident"k" Error"," Space" " Ident"v" Space" " In"in" Space" " Ident"d" Space" " CodeBlock[LeftBrace"{" Code[] RightBrace"}"]]"##,
            "5-6 unexpected comma",
        );
        check("return", r##"FuncReturn[Return"return"]"##, "");
        check(
            "return 1 + 2",
            r##"FuncReturn[Return"return" Space" " Binary[Int"1" Space" " Plus"+" Space" " Int"2"]]"##,
            "",
        );
    }

    #[test]
    fn imports_and_includes() {
        check(
            "import \"a.typ\": x, y.z as w",
            r##"ModuleImport[Import"import" Space" " Str"\"a.typ\"" Colon":" Space" " ImportItems[ImportItemPath[Ident"x"] Comma"," Space" " RenamedImportItem[ImportItemPath[Ident"y" Dot"." Ident"z"] Space" " As"as" Space" " Ident"w"]]]"##,
            "",
        );
        check(
            "import \"a.typ\": *",
            r##"ModuleImport[Import"import" Space" " Str"\"a.typ\"" Colon":" Space" " Star"*"]"##,
            "",
        );
        check(
            "import \"a.typ\" as m: (a,\n b)",
            r##"ModuleImport[Import"import" Space" " Str"\"a.typ\"" Space" " As"as" Space" " Ident"m" Colon":" Space" " ImportItems[LeftParen"(" ImportItemPath[Ident"a"] Comma"," Space"\n " ImportItemPath[Ident"b"] RightParen")"]]"##,
            "",
        );
        check(
            "import a: 1",
            r##"ModuleImport[Import"import" Space" " Ident"a" Colon":" Space" " ImportItems[ImportItemPath[Error"1"]]]"##,
            "10-11 unexpected integer",
        );
        check(
            "include \"c.typ\"",
            r##"ModuleInclude[Include"include" Space" " Str"\"c.typ\""]"##,
            "",
        );
    }

    #[test]
    fn blocks_and_statements() {
        check(
            "{a; b\nc}",
            r##"CodeBlock[LeftBrace"{" Code[Ident"a" Semicolon";" Space" " Ident"b" Space"\n" Ident"c"] RightBrace"}"]"##,
            "",
        );
        check(
            "[*a*]",
            r##"ContentBlock[LeftBracket"[" Markup[Strong[Star"*" Markup[Text"a"] Star"*"]] RightBracket"]"]"##,
            "",
        );
        check(
            "{",
            r##"CodeBlock[Error"{" Code[]]"##,
            "0-1 unclosed delimiter",
        );
        check(
            "a <l>",
            r##"Ident"a" Error"" Space" " Label"<l>""##,
            "1-1 expected semicolon or line break",
        );
        check(
            "#x",
            r##"Error"#" Ident"x""##,
            "0-1 the character `#` is not valid in code",
        );
        check(")", r##"Error")""##, "0-1 unexpected closing paren");
        check(
            "$x$",
            r##"Equation[Dollar"$" Math[MathText"x"] Dollar"$"]"##,
            "",
        );
    }

    #[test]
    fn string_values_unescape() {
        assert_eq!(super::string_value("\"a\\n\\u{62}\\\"\""), "a\nb\"");
        assert_eq!(super::string_value("\"\\q\""), "\\q");
    }
}

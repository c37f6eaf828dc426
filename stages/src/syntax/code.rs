//! Code grammar: tokens in code mode → expressions (literals, operators with Typst's
//! precedence, calls and fields, blocks, collections and closures). Keyword expressions are
//! in `statements.rs`, patterns and parameters in `patterns.rs`.
//!
//! A parenthesized expression is first parsed as a group, array or dictionary; when `=>` or
//! `=` follows, it is parsed again as parameters or a destructuring pattern. Such reparses
//! are remembered by position, so that nested guesses never cost more than one reparse per
//! position.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use std::collections::HashSet;

use ecow::{EcoString, eco_format};

use super::markup::{content_block, equation};
use super::parser::{AtNewline, KindSet, Parser, kinds};
use super::patterns::{destructuring, params};
use super::statements::{conditional, for_loop, let_binding, module_import, set_rule, show_rule};
use super::{LexMode, Lexer, SyntaxKind, is_id_start};

/// Statements: in markup, they end at a newline or a semicolon.
const STMT: KindSet = kinds!(Let, Set, Show, Import, Include, Return);

/// Expressions that need no operator: what `#` may start.
pub(super) const ATOMIC_CODE_EXPR: KindSet = kinds!(
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
const CODE_EXPR: KindSet = ATOMIC_CODE_EXPR.union(UNARY_OP).with(SyntaxKind::Underscore);

/// What may start an argument or a collection item.
const ARG: KindSet = CODE_EXPR.with(SyntaxKind::Dots);

/// What may start a pattern.
pub(super) const PATTERN: KindSet =
    ATOMIC_CODE_EXPR.with(SyntaxKind::LeftParen).with(SyntaxKind::Underscore);

/// What may start a parameter or a destructuring item.
pub(super) const PARAM: KindSet = PATTERN.with(SyntaxKind::Dots);

/// Where an overlong chain of operators, calls or fields gives up.
pub(super) const CHAIN_END: KindSet =
    kinds!(End, Semicolon, Comma, Colon, RightParen, RightBracket, RightBrace);

/// Whether `kind` ends a list of items or statements.
pub(super) fn is_terminator(kind: SyntaxKind) -> bool {
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
pub(super) fn code_expr(p: &mut Parser) {
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
pub(super) fn code_expr_prec(p: &mut Parser, atomic: bool, min_prec: usize) {
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
        let mut links = 0;
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
            links += 1;
        }
        p.release(links);
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
pub(super) fn block(p: &mut Parser) {
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
    let mut state = Collection { count: 0, just_parens: true, kind: None, keys: HashSet::new() };
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
        let pair =
            if p.kind_at(m) == SyntaxKind::Ident { SyntaxKind::Named } else { SyntaxKind::Keyed };
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
pub(super) fn args(p: &mut Parser) {
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

#[cfg(test)]
mod tests {
    use super::super::parser::testing;

    /// Parses `text` as code and compares its tree (in `testing::dump`'s form, without the
    /// root) and its errors (`start-end message | hint`, joined by "; ").
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
        check("x += 1", r##"Binary[Ident"x" Space" " PlusEq"+=" Space" " Int"1"]"##, "");
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
        check("a < b", r##"Binary[Ident"a" Space" " Lt"<" Space" " Ident"b"]"##, "");
        check("1 +", r##"Binary[Int"1" Space" " Plus"+" Error""]"##, "3-3 expected expression");
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
        check("f(1", r##"FuncCall[Ident"f" Args[Error"(" Int"1"]]"##, "1-2 unclosed delimiter");
        check(
            "a.\nb",
            r##"FieldAccess[Ident"a" Dot"." Error""] Space"\n" Ident"b""##,
            "2-2 expected identifier",
        );
        check("x\n.y", r##"FieldAccess[Ident"x" Space"\n" Dot"." Ident"y"]"##, "");
    }

    #[test]
    fn collections() {
        check("(1)", r##"Parenthesized[LeftParen"(" Int"1" RightParen")"]"##, "");
        check("(1,)", r##"Array[LeftParen"(" Int"1" Comma"," RightParen")"]"##, "");
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
        check("(..a)", r##"Array[LeftParen"(" Spread[Dots".." Ident"a"] RightParen")"]"##, "");
        check(
            "(\n1,\n2\n)",
            r##"Array[LeftParen"(" Space"\n" Int"1" Comma"," Space"\n" Int"2" Space"\n" RightParen")"]"##,
            "",
        );
    }

    #[test]
    fn closures() {
        check("x => x", r##"Closure[Params[Ident"x"] Space" " Arrow"=>" Space" " Ident"x"]"##, "");
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
        check("{", r##"CodeBlock[Error"{" Code[]]"##, "0-1 unclosed delimiter");
        check(
            "a <l>",
            r##"Ident"a" Error"" Space" " Label"<l>""##,
            "1-1 expected semicolon or line break | labels can only be applied in markup mode | try wrapping your code in a markup block (`[ ]`)",
        );
        check(
            "#x",
            r##"Error"#" Ident"x""##,
            "0-1 the character `#` is not valid in code | you are already in code mode | try removing the `#`",
        );
        check(")", r##"Error")""##, "0-1 unexpected closing paren");
        check("$x$", r##"Equation[Dollar"$" Math[MathText"x"] Dollar"$"]"##, "");
    }

    #[test]
    fn string_values_unescape() {
        assert_eq!(super::string_value("\"a\\n\\u{62}\\\"\""), "a\nb\"");
        assert_eq!(super::string_value("\"\\q\""), "\\q");
    }

    #[test]
    fn more_forms_and_errors() {
        check(
            "x -= 1; x *= 2; x /= 3",
            r##"Binary[Ident"x" Space" " HyphEq"-=" Space" " Int"1"] Semicolon";" Space" " Binary[Ident"x" Space" " StarEq"*=" Space" " Int"2"] Semicolon";" Space" " Binary[Ident"x" Space" " SlashEq"/=" Space" " Int"3"]"##,
            "",
        );
        check(
            "import \"a.typ\" as b",
            r##"ModuleImport[Import"import" Space" " Str"\"a.typ\"" Space" " As"as" Space" " Ident"b"]"##,
            "",
        );
        check(
            "import \"a\" as let",
            r##"ModuleImport[Import"import" Space" " Str"\"a\"" Space" " As"as" Space" " Error"let"]"##,
            "14-17 expected identifier, found keyword `let` | keyword `let` is not allowed as an identifier; try `let_` instead",
        );
        check("`a", r##"Error"`a""##, "0-2 unclosed raw text");
        check(
            "(1 2",
            r##"Array[Error"(" Int"1" Error"" Space" " Int"2"]"##,
            "0-1 unclosed delimiter; 2-2 expected comma",
        );
        check("context", r##"Contextual[Context"context" Error""]"##, "7-7 expected expression");
        check(
            "x.at(0).at(1)",
            r##"FuncCall[FieldAccess[FuncCall[FieldAccess[Ident"x" Dot"." Ident"at"] Args[LeftParen"(" Int"0" RightParen")"]] Dot"." Ident"at"] Args[LeftParen"(" Int"1" RightParen")"]]"##,
            "",
        );
        check(
            "a.b = 1",
            r##"Binary[FieldAccess[Ident"a" Dot"." Ident"b"] Space" " Eq"=" Space" " Int"1"]"##,
            "",
        );
        check(
            "let (a, (b, c)) = x",
            r##"LetBinding[Let"let" Space" " Destructuring[LeftParen"(" Ident"a" Comma"," Space" " Destructuring[LeftParen"(" Ident"b" Comma"," Space" " Ident"c" RightParen")"] RightParen")"] Space" " Eq"=" Space" " Ident"x"]"##,
            "",
        );
        check(
            "(a, ..b, ..c) = d",
            r##"DestructAssignment[Destructuring[LeftParen"(" Ident"a" Comma"," Space" " Spread[Dots".." Ident"b"] Comma"," Space" " Error"..c" RightParen")"] Space" " Eq"=" Space" " Ident"d"]"##,
            "9-12 only one destructuring sink is allowed",
        );
        check(
            "1 in (1, 2)",
            r##"Binary[Int"1" Space" " In"in" Space" " Array[LeftParen"(" Int"1" Comma"," Space" " Int"2" RightParen")"]]"##,
            "",
        );
        check(
            "{let x = 1\nx}",
            r##"CodeBlock[LeftBrace"{" Code[LetBinding[Let"let" Space" " Ident"x" Space" " Eq"=" Space" " Int"1"] Space"\n" Ident"x"] RightBrace"}"]"##,
            "",
        );
        check(
            "f(x, x => x + 1, y: 2)",
            r##"FuncCall[Ident"f" Args[LeftParen"(" Ident"x" Comma"," Space" " Closure[Params[Ident"x"] Space" " Arrow"=>" Space" " Binary[Ident"x" Space" " Plus"+" Space" " Int"1"]] Comma"," Space" " Named[Ident"y" Colon":" Space" " Int"2"] RightParen")"]]"##,
            "",
        );
    }
}

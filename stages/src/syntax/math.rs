//! Math grammar: tokens in math mode → `Math` children (atoms, identifiers and their
//! fields, calls with 2-D arguments, delimited groups, attachments, primes, fractions,
//! roots, alignment points, line breaks and embedded code).
//!
//! Attachments (`_`, `^`, primes) bind tighter than fractions (`/`); a letter directly
//! followed by a delimited group forms one unit with it (`f(x)/2` divides `f(x)`). Parens
//! around a fraction's or attachment's operand stay in the tree as a `MathDelimited`; the
//! evaluator drops them.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use std::collections::HashSet;

use ecow::eco_format;

use super::code::embedded_code_expr;
use super::parser::{KindSet, Parser, kinds};
use super::{SyntaxKind, is_id_continue, is_id_start, is_math_id_start};

/// What may start a math expression.
const MATH_EXPR: KindSet = kinds!(
    Hash,
    MathIdent,
    Dot,
    Comma,
    Semicolon,
    LeftBrace,
    RightBrace,
    LeftParen,
    RightParen,
    MathText,
    MathShorthand,
    Linebreak,
    MathAlignPoint,
    Prime,
    Escape,
    Str,
    Root,
);

/// Precedence of calls and of the implicit grouping of `f(x)`.
const FUNC_PREC: usize = 2;
/// Precedence a root's radicand binds with.
const ROOT_PREC: usize = 2;

/// Where an overlong chain of math operators gives up.
const CHAIN_END: KindSet = kinds!(End, Dollar, Comma, Semicolon, RightParen, RightBrace);

/// Parses math until a token of `stop` into a `Math` node.
pub(super) fn math(p: &mut Parser, stop: KindSet) {
    let m = p.marker();
    math_exprs(p, stop);
    p.wrap(m, SyntaxKind::Math);
}

/// Parses math expressions until a token of `stop` (which holds `End`); returns how many
/// (errors included).
pub(super) fn math_exprs(p: &mut Parser, stop: KindSet) -> usize {
    if p.too_deep(stop) {
        return 1;
    }
    let mut count = 0;
    while !p.at_set(stop) {
        if p.at_set(MATH_EXPR) {
            math_expr(p);
        } else {
            p.unexpected();
        }
        count += 1;
    }
    count
}

/// Parses one math expression.
fn math_expr(p: &mut Parser) {
    math_expr_prec(p, 0, kinds!());
}

/// Parses a math expression whose operators bind at least as tightly as `min_prec`,
/// stopping before a token of `stop` (used to chain `_` and `^` into one attachment).
fn math_expr_prec(p: &mut Parser, min_prec: usize, stop: KindSet) {
    p.nested(|p| {
        let m = p.marker();
        let mut links = 0;
        let mut continuable = false;
        match p.current() {
            SyntaxKind::Hash => embedded_code_expr(p),
            SyntaxKind::MathIdent => {
                continuable = true;
                p.eat();
                while p.directly_at(SyntaxKind::Dot) && field_follows(p) {
                    if p.too_deep(CHAIN_END) {
                        break;
                    }
                    p.eat();
                    p.convert_and_eat(SyntaxKind::Ident);
                    p.wrap(m, SyntaxKind::FieldAccess);
                    p.deepen(1);
                    links += 1;
                }
                if min_prec <= FUNC_PREC && p.directly_at(SyntaxKind::LeftParen) {
                    math_args(p);
                    p.wrap(m, SyntaxKind::FuncCall);
                    continuable = false;
                }
            }
            SyntaxKind::LeftBrace | SyntaxKind::LeftParen => math_delimited(p),
            SyntaxKind::RightBrace if p.current_text() == "|]" => {
                p.convert_and_eat(SyntaxKind::MathShorthand);
            }
            SyntaxKind::Dot
            | SyntaxKind::Comma
            | SyntaxKind::Semicolon
            | SyntaxKind::RightBrace
            | SyntaxKind::RightParen => p.convert_and_eat(SyntaxKind::MathText),
            SyntaxKind::MathText => {
                continuable = is_math_alphabetic(p.current_text());
                p.eat();
            }
            SyntaxKind::Linebreak | SyntaxKind::MathAlignPoint | SyntaxKind::MathShorthand => {
                p.eat()
            }
            SyntaxKind::Escape | SyntaxKind::Str => {
                continuable = true;
                p.eat();
            }
            SyntaxKind::Prime => {
                continuable = true;
                primes(p);
            }
            SyntaxKind::Root => {
                p.eat();
                math_expr_prec(p, ROOT_PREC, kinds!());
                p.wrap(m, SyntaxKind::MathRoot);
            }
            _ => p.expected("expression"),
        }

        // A letter (or the like) directly before delimiters groups with them like a call.
        if continuable
            && min_prec <= FUNC_PREC
            && !p.had_trivia()
            && p.at_set(kinds!(LeftBrace, LeftParen))
        {
            math_delimited(p);
            p.wrap(m, SyntaxKind::Math);
        }

        // Infix and postfix operators, each wrapping what came before as its left operand.
        while !p.at_set(stop) {
            let op = p.current();
            let Some((wrapper, assoc, prec)) = math_op(p) else {
                break;
            };
            if prec < min_prec || p.too_deep(CHAIN_END) {
                break;
            }
            // `_` chains with a following `^` and the other way round; primes with both.
            let mut chain = if wrapper == SyntaxKind::MathAttach {
                kinds!(Hat, Underscore).without(op)
            } else {
                kinds!()
            };
            if op == SyntaxKind::Prime {
                primes(p);
            } else {
                p.eat();
            }
            if let Some(left) = assoc {
                math_expr_prec(p, if left { prec + 1 } else { prec }, chain);
            }
            // In `a^b'_c`, the prime ends the top and `_c` attaches to `a`.
            if !(op == SyntaxKind::Prime && p.at_set(stop)) {
                while p.at_set(chain) {
                    chain = chain.without(p.current());
                    p.eat();
                    math_expr_prec(p, prec, chain);
                }
            }
            p.wrap(m, wrapper);
            p.deepen(1);
            links += 1;
        }
        p.release(links);
    });
}

/// The current token as a math operator: the node it wraps into, its associativity
/// (`Some(true)` left, `Some(false)` right, `None` postfix) and its precedence.
fn math_op(p: &Parser) -> Option<(SyntaxKind, Option<bool>, usize)> {
    match p.current() {
        SyntaxKind::Slash => Some((SyntaxKind::MathFrac, Some(true), 1)),
        SyntaxKind::Underscore | SyntaxKind::Hat => Some((SyntaxKind::MathAttach, Some(false), 2)),
        SyntaxKind::Prime if !p.had_trivia() => Some((SyntaxKind::MathAttach, None, 2)),
        // A factorial sticks to what it follows.
        SyntaxKind::MathText if !p.had_trivia() && p.current_text() == "!" => {
            Some((SyntaxKind::Math, None, 3))
        }
        _ => None,
    }
}

/// Directly adjacent primes, grouped into `MathPrimes`.
fn primes(p: &mut Parser) {
    let m = p.marker();
    p.eat();
    while p.eat_if_direct(SyntaxKind::Prime) {}
    p.wrap(m, SyntaxKind::MathPrimes);
}

/// Whether a field name follows the current token (a dot) directly: `arrow.r`.
fn field_follows(p: &Parser) -> bool {
    let after = p.text().get(p.current_start() + 1..).unwrap_or("");
    after.chars().next().is_some_and(is_math_id_start)
}

/// Whether math text counts as a letter, grouping with directly following delimiters.
fn is_math_alphabetic(text: &str) -> bool {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => {
            c.is_alphabetic()
                || matches!(
                    c,
                    '\u{608}'
                        | '℘'
                        | '𝛁'
                        | '𝛛'
                        | '𝛻'
                        | '𝜕'
                        | '𝜵'
                        | '𝝏'
                        | '𝝯'
                        | '𝞉'
                        | '𝞩'
                        | '𝟃'
                )
        }
        _ => text.chars().all(char::is_alphabetic),
    }
}

/// A group between matching delimiters: `(x)`, `[x]`, `⟨x⟩`, `[|x|]`. Without a closing
/// delimiter, it is plain math.
fn math_delimited(p: &mut Parser) {
    let m = p.marker();
    let open =
        if p.current_text() == "[|" { SyntaxKind::MathShorthand } else { SyntaxKind::MathText };
    p.convert_and_eat(open);
    let body = p.marker();
    math_exprs(p, kinds!(Dollar, End, RightBrace, RightParen));
    if p.at_set(kinds!(RightBrace, RightParen)) {
        p.wrap(body, SyntaxKind::Math);
        let close =
            if p.current_text() == "|]" { SyntaxKind::MathShorthand } else { SyntaxKind::MathText };
        p.convert_and_eat(close);
        p.wrap(m, SyntaxKind::MathDelimited);
    } else {
        p.wrap(m, SyntaxKind::Math);
    }
}

/// A call's arguments in math: `(a, b; c, d; size: #50%, ..rest)`. Each `;` closes a row:
/// the arguments since the last row (or named argument) become an `Array`. As in Typst, a
/// `;` right after embedded code belongs to the code (`mat(#a; b)` is one argument).
fn math_args(p: &mut Parser) {
    let m = p.marker();
    p.eat();
    let mut seen = HashSet::new();
    let mut row = p.marker();
    let mut rows = false;
    while !p.at_set(kinds!(End, Dollar, RightParen)) {
        let named = math_arg(p, &mut seen);
        match p.current() {
            SyntaxKind::End | SyntaxKind::Dollar | SyntaxKind::RightParen => {}
            SyntaxKind::Semicolon => {
                p.wrap(row, SyntaxKind::Array);
                p.eat();
                row = p.marker();
                rows = true;
            }
            SyntaxKind::Comma => {
                p.eat();
                if named {
                    row = p.marker();
                }
            }
            _ => p.unexpected(),
        }
    }
    if rows && row != p.marker() {
        p.wrap(row, SyntaxKind::Array);
    }
    p.expect_closing(m, SyntaxKind::RightParen);
    p.wrap(m, SyntaxKind::Args);
}

/// One argument in math; returns whether it was named. A positional argument of other than
/// exactly one expression is wrapped into `Math` (so that `#12pt` alone stays a length).
fn math_arg<'s>(p: &mut Parser<'s>, seen: &mut HashSet<&'s str>) -> bool {
    let m = p.marker();
    let start = p.current_start();
    let text = p.text();
    let mut kind = None;
    if let Some(end) = spread_at(text, start) {
        p.recut_current(SyntaxKind::Dots, end);
        p.eat();
        kind = Some(SyntaxKind::Spread);
    } else if let Some(end) = name_at(text, start) {
        let name = text.get(start..end).unwrap_or("");
        p.recut_current(SyntaxKind::Ident, end);
        p.eat();
        p.convert_and_eat(SyntaxKind::Colon);
        if let Some(node) = p.node_mut(m) {
            if name == "_" {
                node.convert_to_error("expected identifier, found underscore");
            } else if !seen.insert(name) {
                node.convert_to_error(eco_format!("duplicate argument: {name}"));
            }
        }
        kind = Some(SyntaxKind::Named);
    }

    let value = p.marker();
    let count = math_exprs(p, kinds!(End, Dollar, Comma, Semicolon, RightParen));
    if count == 0 && kind == Some(SyntaxKind::Named) {
        p.expected("expression");
    }
    if count != 1 {
        p.wrap(value, SyntaxKind::Math);
    }
    if let Some(kind) = kind {
        p.wrap(m, kind);
    }
    kind == Some(SyntaxKind::Named)
}

/// The end of a spread's `..` at `start`, if one is there: it must be followed by what it
/// spreads (not by space, a comment, a dot or the end of the argument).
fn spread_at(text: &str, start: usize) -> Option<usize> {
    let rest = text.get(start..)?.strip_prefix("..")?;
    let spreads = rest
        .chars()
        .next()
        .is_some_and(|c| !c.is_whitespace() && !matches!(c, '.' | ',' | ';' | ')' | '$'))
        && !rest.starts_with("//")
        && !rest.starts_with("/*");
    spreads.then_some(start + 2)
}

/// The end of an argument name at `start`, if one is there: an identifier directly followed
/// by a colon (but not by the shorthands `:=` and `::=`).
fn name_at(text: &str, start: usize) -> Option<usize> {
    let rest = text.get(start..)?;
    let mut chars = rest.char_indices();
    let (_, first) = chars.next()?;
    if !is_id_start(first) {
        return None;
    }
    let len = chars.find(|&(_, c)| !is_id_continue(c)).map_or(rest.len(), |(i, _)| i);
    let after = rest.get(len..)?;
    let named = after.starts_with(':') && !after.starts_with(":=") && !after.starts_with("::=");
    named.then_some(start + len)
}

#[cfg(test)]
mod tests {
    use super::super::parser::testing;

    /// Parses `text` as math and compares its tree (in `testing::dump`'s form, without the
    /// root) and its errors (`start-end message | hint`, joined by "; ").
    #[track_caller]
    fn check(text: &str, tree: &str, errors: &str) {
        testing::check(super::super::parse_math(text), text, tree, errors);
    }

    #[test]
    fn atoms_and_identifiers() {
        check("x + 12.5", r##"MathText"x" Space" " MathText"+" Space" " MathText"12.5""##, "");
        check("pi", r##"MathIdent"pi""##, "");
        check(
            "arrow.r.long",
            r##"FieldAccess[FieldAccess[MathIdent"arrow" Dot"." Ident"r"] Dot"." Ident"long"]"##,
            "",
        );
        check("a.b", r##"MathText"a" MathText"." MathText"b""##, "");
        check(
            "x -> y != z",
            r##"MathText"x" Space" " MathShorthand"->" Space" " MathText"y" Space" " MathShorthand"!=" Space" " MathText"z""##,
            "",
        );
        check(
            "a & b \\ c",
            r##"MathText"a" Space" " MathAlignPoint"&" Space" " MathText"b" Space" " Linebreak"\\" Space" " MathText"c""##,
            "",
        );
        check("\"hi\" \\$", r##"Str"\"hi\"" Space" " Escape"\\$""##, "");
        check("#x y", r##"Hash"#" Ident"x" Space" " MathText"y""##, "");
    }

    #[test]
    fn attachments_and_primes() {
        check("x^2", r##"MathAttach[MathText"x" Hat"^" MathText"2"]"##, "");
        check(
            "x_1^2",
            r##"MathAttach[MathText"x" Underscore"_" MathText"1" Hat"^" MathText"2"]"##,
            "",
        );
        check(
            "a^b^c",
            r##"MathAttach[MathText"a" Hat"^" MathAttach[MathText"b" Hat"^" MathText"c"]]"##,
            "",
        );
        check("f''", r##"MathAttach[MathText"f" MathPrimes[Prime"'" Prime"'"]]"##, "");
        check(
            "f'_1",
            r##"MathAttach[MathText"f" MathPrimes[Prime"'"] Underscore"_" MathText"1"]"##,
            "",
        );
        check(
            "a_b'",
            r##"MathAttach[MathText"a" Underscore"_" MathAttach[MathText"b" MathPrimes[Prime"'"]]]"##,
            "",
        );
        check(
            "x^(a+b)",
            r##"MathAttach[MathText"x" Hat"^" MathDelimited[MathText"(" Math[MathText"a" MathText"+" MathText"b"] MathText")"]]"##,
            "",
        );
        check("x^", r##"MathAttach[MathText"x" Hat"^" Error""]"##, "2-2 expected expression");
        check("_x", r##"Error"_" MathText"x""##, "0-1 unexpected underscore");
        check("n!", r##"Math[MathText"n" MathText"!"]"##, "");
    }

    #[test]
    fn fractions() {
        check("a/b", r##"MathFrac[MathText"a" Slash"/" MathText"b"]"##, "");
        check(
            "a/b/c",
            r##"MathFrac[MathFrac[MathText"a" Slash"/" MathText"b"] Slash"/" MathText"c"]"##,
            "",
        );
        check(
            "x^2/y_1",
            r##"MathFrac[MathAttach[MathText"x" Hat"^" MathText"2"] Slash"/" MathAttach[MathText"y" Underscore"_" MathText"1"]]"##,
            "",
        );
        check(
            "(a+b)/2",
            r##"MathFrac[MathDelimited[MathText"(" Math[MathText"a" MathText"+" MathText"b"] MathText")"] Slash"/" MathText"2"]"##,
            "",
        );
        check(
            "f(x)/2",
            r##"MathFrac[Math[MathText"f" MathDelimited[MathText"(" Math[MathText"x"] MathText")"]] Slash"/" MathText"2"]"##,
            "",
        );
        check("√x", r##"MathRoot[Root"√" MathText"x"]"##, "");
        check(
            "∛(a)",
            r##"MathRoot[Root"∛" MathDelimited[MathText"(" Math[MathText"a"] MathText")"]]"##,
            "",
        );
    }

    #[test]
    fn delimiters() {
        check(
            "[|x|]",
            r##"MathDelimited[MathShorthand"[|" Math[MathText"x"] MathShorthand"|]"]"##,
            "",
        );
        check(
            "⌈x⌉ (a]",
            r##"MathDelimited[MathText"⌈" Math[MathText"x"] MathText"⌉"] Space" " MathDelimited[MathText"(" Math[MathText"a"] MathText"]"]"##,
            "",
        );
        check("(x", r##"Math[MathText"(" MathText"x"]"##, "");
        check("x)", r##"MathText"x" MathText")""##, "");
        check("|x|", r##"MathText"|" MathText"x" MathText"|""##, "");
    }

    #[test]
    fn calls() {
        check(
            "sin(x)",
            r##"FuncCall[MathIdent"sin" Args[LeftParen"(" MathText"x" RightParen")"]]"##,
            "",
        );
        check(
            "op(a b, c)",
            r##"FuncCall[MathIdent"op" Args[LeftParen"(" Math[MathText"a" Space" " MathText"b"] Comma"," Space" " MathText"c" RightParen")"]]"##,
            "",
        );
        check(
            "mat(1, 2; 3, 4)",
            r##"FuncCall[MathIdent"mat" Args[LeftParen"(" Array[MathText"1" Comma"," Space" " MathText"2"] Semicolon";" Space" " Array[MathText"3" Comma"," Space" " MathText"4"] RightParen")"]]"##,
            "",
        );
        check(
            "mat(delim: #none, a; b)",
            r##"FuncCall[MathIdent"mat" Args[LeftParen"(" Named[Ident"delim" Colon":" Space" " Hash"#" None"none"] Comma"," Space" " Array[MathText"a"] Semicolon";" Space" " Array[MathText"b"] RightParen")"]]"##,
            "",
        );
        check(
            "op(..args)",
            r##"FuncCall[MathIdent"op" Args[LeftParen"(" Spread[Dots".." MathIdent"args"] RightParen")"]]"##,
            "",
        );
        check(
            "op(a: 1, a: 2)",
            r##"FuncCall[MathIdent"op" Args[LeftParen"(" Named[Ident"a" Colon":" Space" " MathText"1"] Comma"," Space" " Named[Error"a" Colon":" Space" " MathText"2"] RightParen")"]]"##,
            "9-10 duplicate argument: a",
        );
        check(
            "op(x:)",
            r##"FuncCall[MathIdent"op" Args[LeftParen"(" Named[Ident"x" Colon":" Math[Error""]] RightParen")"]]"##,
            "5-5 expected expression",
        );
        check(
            "op(,)",
            r##"FuncCall[MathIdent"op" Args[LeftParen"(" Math[] Comma"," RightParen")"]]"##,
            "",
        );
        check(
            "op(a",
            r##"FuncCall[MathIdent"op" Args[Error"(" MathText"a"]]"##,
            "2-3 unclosed delimiter",
        );
        check(
            "op (x)",
            r##"MathIdent"op" Space" " MathDelimited[MathText"(" Math[MathText"x"] MathText")"]"##,
            "",
        );
        check("x := y", r##"MathText"x" Space" " MathShorthand":=" Space" " MathText"y""##, "");
    }

    #[test]
    fn more_math() {
        check(
            "\\u{41} \\ x",
            r##"Escape"\\u{41}" Space" " Linebreak"\\" Space" " MathText"x""##,
            "",
        );
        check(
            "1/2^3",
            r##"MathFrac[MathText"1" Slash"/" MathAttach[MathText"2" Hat"^" MathText"3"]]"##,
            "",
        );
        check(
            "a^b'_c",
            r##"MathAttach[MathText"a" Hat"^" MathAttach[MathText"b" MathPrimes[Prime"'"]] Underscore"_" MathText"c"]"##,
            "",
        );
        check(
            "sum_(i=0)^n",
            r##"MathAttach[MathIdent"sum" Underscore"_" MathDelimited[MathText"(" Math[MathText"i" MathText"=" MathText"0"] MathText")"] Hat"^" MathText"n"]"##,
            "",
        );
        check(
            "lr(( a ))",
            r##"FuncCall[MathIdent"lr" Args[LeftParen"(" MathDelimited[MathText"(" Space" " Math[MathText"a"] Space" " MathText")"] RightParen")"]]"##,
            "",
        );
        check("$", r##"Error"$""##, "0-1 unexpected dollar sign");
    }
}

//! Patterns and parameters: tokens in code mode → `Params`, `Destructuring` and the
//! patterns inside them (identifiers, `_`, named items and sinks), for closures, `let`,
//! `for` and destructuring assignments.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use std::collections::HashSet;

use ecow::eco_format;

use super::SyntaxKind;
use super::code::{ATOMIC_CODE_EXPR, PARAM, PATTERN, code_expr, code_expr_prec, is_terminator};
use super::parser::{AtNewline, Parser};

/// Closure parameters: `(x, y: 1, ..rest)`.
pub(super) fn params(p: &mut Parser) {
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
pub(super) fn pattern<'s>(
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
pub(super) fn destructuring<'s>(
    p: &mut Parser<'s>,
    reassignment: bool,
    seen: &mut HashSet<&'s str>,
) {
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
    /// root) and its errors (`start-end message | hint`, joined by "; ").
    #[track_caller]
    fn check(text: &str, tree: &str, errors: &str) {
        testing::check(super::super::parse_code(text), text, tree, errors);
    }

    #[test]
    fn patterns() {
        check(
            "let (a, (b, _), ..c) = x",
            r##"LetBinding[Let"let" Space" " Destructuring[LeftParen"(" Ident"a" Comma"," Space" " Destructuring[LeftParen"(" Ident"b" Comma"," Space" " Underscore"_" RightParen")"] Comma"," Space" " Spread[Dots".." Ident"c"] RightParen")"] Space" " Eq"=" Space" " Ident"x"]"##,
            "",
        );
        check(
            "let (a: x, b) = d",
            r##"LetBinding[Let"let" Space" " Destructuring[LeftParen"(" Named[Ident"a" Colon":" Space" " Ident"x"] Comma"," Space" " Ident"b" RightParen")"] Space" " Eq"=" Space" " Ident"d"]"##,
            "",
        );
        check(
            "let (a, a) = d",
            r##"LetBinding[Let"let" Space" " Destructuring[LeftParen"(" Ident"a" Comma"," Space" " Error"a" RightParen")"] Space" " Eq"=" Space" " Ident"d"]"##,
            "8-9 duplicate binding: a",
        );
        check(
            "let (1, b) = d",
            r##"LetBinding[Let"let" Space" " Destructuring[LeftParen"(" Error"1" Comma"," Space" " Ident"b" RightParen")"] Space" " Eq"=" Space" " Ident"d"]"##,
            "5-6 expected pattern, found integer",
        );
        check(
            "let (.., ..) = d",
            r##"LetBinding[Let"let" Space" " Destructuring[LeftParen"(" Spread[Dots".."] Comma"," Space" " Error".." RightParen")"] Space" " Eq"=" Space" " Ident"d"]"##,
            "9-11 only one destructuring sink is allowed",
        );
        check(
            "let (a) = d",
            r##"LetBinding[Let"let" Space" " Parenthesized[LeftParen"(" Ident"a" RightParen")"] Space" " Eq"=" Space" " Ident"d"]"##,
            "",
        );
        check(
            "let none = 1",
            r##"LetBinding[Let"let" Space" " Error"none" Space" " Eq"=" Space" " Int"1"]"##,
            "4-8 expected pattern, found `none` | keyword `none` is not allowed as an identifier; try `none_` instead",
        );
        check(
            "for (i, x) in y {}",
            r##"ForLoop[For"for" Space" " Destructuring[LeftParen"(" Ident"i" Comma"," Space" " Ident"x" RightParen")"] Space" " In"in" Space" " Ident"y" Space" " CodeBlock[LeftBrace"{" Code[] RightBrace"}"]]"##,
            "",
        );
    }

    #[test]
    fn parameters() {
        check(
            "(a, (b, c), d: 1, ..e) => a",
            r##"Closure[Params[LeftParen"(" Ident"a" Comma"," Space" " Destructuring[LeftParen"(" Ident"b" Comma"," Space" " Ident"c" RightParen")"] Comma"," Space" " Named[Ident"d" Colon":" Space" " Int"1"] Comma"," Space" " Spread[Dots".." Ident"e"] RightParen")"] Space" " Arrow"=>" Space" " Ident"a"]"##,
            "",
        );
        check(
            "(a, a) => 1",
            r##"Closure[Params[LeftParen"(" Ident"a" Comma"," Space" " Error"a" RightParen")"] Space" " Arrow"=>" Space" " Int"1"]"##,
            "4-5 duplicate parameter: a",
        );
        check(
            "(..) => 1",
            r##"Closure[Params[LeftParen"(" Spread[Dots".."] RightParen")"] Space" " Arrow"=>" Space" " Int"1"]"##,
            "",
        );
        check(
            "((a): 1) => 1",
            r##"Closure[Params[LeftParen"(" Named[Error"(a)" Colon":" Space" " Int"1"] RightParen")"] Space" " Arrow"=>" Space" " Int"1"]"##,
            "1-4 expected identifier, found group",
        );
        check(
            "let f(x, y: x) = y",
            r##"LetBinding[Let"let" Space" " Closure[Ident"f" Params[LeftParen"(" Ident"x" Comma"," Space" " Named[Ident"y" Colon":" Space" " Ident"x"] RightParen")"] Space" " Eq"=" Space" " Ident"y"]]"##,
            "",
        );
    }
}

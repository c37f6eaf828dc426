//! Keyword expressions of code: `let`, `set`, `show`, `if`, `for` and `import` → their
//! nodes (`LetBinding`, `SetRule`, `ShowRule`, `Conditional`, `ForLoop`, `ModuleImport`).
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use std::collections::HashSet;

use super::SyntaxKind;
use super::code::{CHAIN_END, PATTERN, args, block, code_expr, is_terminator};
use super::parser::{AtNewline, Parser};
use super::patterns::{params, pattern};

/// `let x = 1`, `let (a, b) = pair`, `let f(x) = x`.
pub(super) fn let_binding(p: &mut Parser) {
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
    let has_eq =
        if closure || pattern_bound { p.expect(SyntaxKind::Eq) } else { p.eat_if(SyntaxKind::Eq) };
    if has_eq {
        code_expr(p);
    }
    if closure {
        p.wrap(m2, SyntaxKind::Closure);
    }
    p.wrap(m, SyntaxKind::LetBinding);
}

/// `set text(red) if cond`.
pub(super) fn set_rule(p: &mut Parser) {
    let m = p.marker();
    p.eat();
    let m2 = p.marker();
    p.expect(SyntaxKind::Ident);
    let mut links = 0;
    while p.at(SyntaxKind::Dot) && !p.too_deep(CHAIN_END) {
        p.eat();
        p.expect(SyntaxKind::Ident);
        p.wrap(m2, SyntaxKind::FieldAccess);
        p.deepen(1);
        links += 1;
    }
    args(p);
    if p.eat_if(SyntaxKind::If) {
        code_expr(p);
    }
    p.release(links);
    p.wrap(m, SyntaxKind::SetRule);
}

/// `show selector: transform` and `show: transform`.
pub(super) fn show_rule(p: &mut Parser) {
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
pub(super) fn conditional(p: &mut Parser) {
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
pub(super) fn for_loop(p: &mut Parser) {
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
pub(super) fn module_import(p: &mut Parser) {
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
            "4-7 expected pattern, found keyword `let` | keyword `let` is not allowed as an identifier; try `let_` instead",
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
        check("_ = 1", r##"DestructAssignment[Underscore"_" Space" " Eq"=" Space" " Int"1"]"##, "");
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
            "8-8 expected argument list | there may not be any spaces before the argument list",
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
            "5-6 unexpected comma | destructuring patterns must be wrapped in parentheses",
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
}

//! Markup grammar: tokens in markup mode → `Markup` children (text, strong and emphasis,
//! headings, list, enum and term items, references, equations and embedded code).
//!
//! Headings, list markers and term markers count only at the start of a line (or of a
//! block); elsewhere they are text. List, enum and term items take the following lines
//! that are indented further than their marker.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use super::LexMode;
use super::SyntaxKind;
use super::code::embedded_code_expr;
use super::math::math;
use super::parser::{AtNewline, KindSet, Parser, kinds};

/// Parses markup until a token of `stop` into a `Markup` node. With `wrap_trivia`, the
/// whitespace around it belongs to the node (as in `[ a ]`); otherwise it stays outside.
pub(super) fn markup(p: &mut Parser, at_start: bool, wrap_trivia: bool, stop: KindSet) {
    let m = if wrap_trivia { p.before_trivia() } else { p.marker() };
    markup_exprs(p, at_start, stop);
    if wrap_trivia {
        p.flush_trivia();
    }
    p.wrap(m, SyntaxKind::Markup);
}

/// Parses markup nodes until a token of `stop` (which holds `End`). Brackets that open in
/// the text are text and so are their matching closing brackets.
pub(super) fn markup_exprs(p: &mut Parser, at_start: bool, stop: KindSet) {
    if p.too_deep(stop) {
        return;
    }
    let mut at_start = at_start || p.had_newline();
    let mut nesting = 0usize;
    while !p.at_set(stop) || (nesting > 0 && p.at(SyntaxKind::RightBracket)) {
        markup_expr(p, at_start, &mut nesting);
        at_start = p.had_newline();
    }
}

/// Parses one markup node.
fn markup_expr(p: &mut Parser, at_start: bool, nesting: &mut usize) {
    p.nested(|p| match p.current() {
        SyntaxKind::LeftBracket => {
            *nesting += 1;
            p.convert_and_eat(SyntaxKind::Text);
        }
        SyntaxKind::RightBracket if *nesting > 0 => {
            *nesting -= 1;
            p.convert_and_eat(SyntaxKind::Text);
        }
        SyntaxKind::RightBracket => {
            p.unexpected();
            p.hint("try using a backslash escape: \\]");
        }
        SyntaxKind::Text
        | SyntaxKind::Linebreak
        | SyntaxKind::Escape
        | SyntaxKind::Shorthand
        | SyntaxKind::SmartQuote
        | SyntaxKind::Link
        | SyntaxKind::Label
        | SyntaxKind::Raw => p.eat(),
        SyntaxKind::Hash => embedded_code_expr(p),
        SyntaxKind::Star => strong(p),
        SyntaxKind::Underscore => emph(p),
        SyntaxKind::HeadingMarker if at_start => heading(p),
        SyntaxKind::ListMarker if at_start => item(p, SyntaxKind::ListItem),
        SyntaxKind::EnumMarker if at_start => item(p, SyntaxKind::EnumItem),
        SyntaxKind::TermMarker if at_start => term_item(p),
        SyntaxKind::RefMarker => reference(p),
        SyntaxKind::Dollar => equation(p),
        SyntaxKind::HeadingMarker
        | SyntaxKind::ListMarker
        | SyntaxKind::EnumMarker
        | SyntaxKind::TermMarker
        | SyntaxKind::Colon => p.convert_and_eat(SyntaxKind::Text),
        _ => p.unexpected(),
    });
}

/// `*strong*`, ending at the paragraph's end at the latest.
fn strong(p: &mut Parser) {
    delimited(p, SyntaxKind::Star, SyntaxKind::Strong);
}

/// `_emphasis_`, ending at the paragraph's end at the latest.
fn emph(p: &mut Parser) {
    delimited(p, SyntaxKind::Underscore, SyntaxKind::Emph);
}

fn delimited(p: &mut Parser, delim: SyntaxKind, kind: SyntaxKind) {
    p.with_nl_mode(AtNewline::StopParbreak, |p| {
        let m = p.marker();
        p.eat();
        markup(p, false, true, kinds!(RightBracket, End).with(delim));
        let closed = p.expect_closing(m, delim);
        p.wrap(m, kind);
        // Typst warns about `**` and `__`: two delimiters with nothing between them.
        if let Some(node) = p.node_mut(m)
            && closed
            && node.children().all(|child| child.kind() == delim || child.is_empty())
        {
            let (message, hint) = match kind {
                SyntaxKind::Strong => (
                    "no text within stars",
                    "using multiple consecutive stars (e.g. **) has no additional effect",
                ),
                _ => (
                    "no text within underscores",
                    "using multiple consecutive underscores (e.g. __) has no additional effect",
                ),
            };
            node.warn(message, &[hint]);
        }
    });
}

/// `= Heading`, up to the end of the line or a label.
fn heading(p: &mut Parser) {
    p.with_nl_mode(AtNewline::Stop, |p| {
        let m = p.marker();
        p.eat();
        markup(p, false, false, kinds!(Label, RightBracket, End));
        p.wrap(m, SyntaxKind::Heading);
    });
}

/// A list or enum item, with the following lines indented further than its marker.
fn item(p: &mut Parser, kind: SyntaxKind) {
    let column = p.current_column();
    p.with_nl_mode(AtNewline::RequireColumn(column), |p| {
        let m = p.marker();
        p.eat();
        markup(p, true, false, kinds!(RightBracket, End));
        p.wrap(m, kind);
    });
}

/// `/ Term: description`: the term ends at the first colon on the marker's line.
fn term_item(p: &mut Parser) {
    let column = p.current_column();
    p.with_nl_mode(AtNewline::RequireColumn(column), |p| {
        let m = p.marker();
        p.with_nl_mode(AtNewline::Stop, |p| {
            p.eat();
            markup(p, false, false, kinds!(Colon, RightBracket, End));
        });
        p.expect(SyntaxKind::Colon);
        markup(p, true, false, kinds!(RightBracket, End));
        p.wrap(m, SyntaxKind::TermItem);
    });
}

/// `@target`, with a directly following content block as supplement.
fn reference(p: &mut Parser) {
    let m = p.marker();
    p.eat();
    if p.directly_at(SyntaxKind::LeftBracket) {
        content_block(p);
    }
    p.wrap(m, SyntaxKind::Ref);
}

/// `$math$`.
pub(super) fn equation(p: &mut Parser) {
    let m = p.marker();
    p.enter_modes(LexMode::Math, AtNewline::Continue, |p| {
        p.eat();
        math(p, kinds!(Dollar, End));
        p.expect_closing(m, SyntaxKind::Dollar);
    });
    p.wrap(m, SyntaxKind::Equation);
}

/// `[markup]`.
pub(super) fn content_block(p: &mut Parser) {
    let m = p.marker();
    p.enter_modes(LexMode::Markup, AtNewline::Continue, |p| {
        p.eat();
        markup(p, true, true, kinds!(RightBracket, End));
        p.expect_closing(m, SyntaxKind::RightBracket);
    });
    p.wrap(m, SyntaxKind::ContentBlock);
}

#[cfg(test)]
mod tests {
    use super::super::parser::testing;

    /// Parses `text` as markup and compares its tree (in `testing::dump`'s form, without
    /// the root) and its errors (`start-end message | hint`, joined by "; ").
    #[track_caller]
    fn check(text: &str, tree: &str, errors: &str) {
        testing::check(super::super::parse(text), text, tree, errors);
    }

    #[test]
    fn text_spaces_and_breaks() {
        check("hello world", r##"Text"hello world""##, "");
        check("a  b\nc", r##"Text"a" Space"  " Text"b" Space"\n" Text"c""##, "");
        check("a\n\n\nb", r##"Text"a" Parbreak"\n\n\n" Text"b""##, "");
        check("a \\\nb", r##"Text"a" Space" " Linebreak"\\" Space"\n" Text"b""##, "");
        check("\\# \\u{1F600}", r##"Escape"\\#" Space" " Escape"\\u{1F600}""##, "");
        check("\\u{FFFFFF}", r##"Error"\\u{FFFFFF}""##, "0-10 invalid Unicode codepoint: FFFFFF");
        check(
            "a~b -- c",
            r##"Text"a" Shorthand"~" Text"b" Space" " Shorthand"--" Space" " Text"c""##,
            "",
        );
        check(
            "'a' \"b\"",
            r##"SmartQuote"'" Text"a" SmartQuote"'" Space" " SmartQuote"\"" Text"b" SmartQuote"\"""##,
            "",
        );
        check("a: b", r##"Text"a" Text":" Space" " Text"b""##, "");
        check("[a]", r##"Text"[" Text"a" Text"]""##, "");
        check(
            "a]",
            r##"Text"a" Error"]""##,
            "1-2 unexpected closing bracket | try using a backslash escape: \\]",
        );
    }

    #[test]
    fn strong_and_emph() {
        check("*a*", r##"Strong[Star"*" Markup[Text"a"] Star"*"]"##, "");
        check(
            "_a *b*_",
            r##"Emph[Underscore"_" Markup[Text"a" Space" " Strong[Star"*" Markup[Text"b"] Star"*"]] Underscore"_"]"##,
            "",
        );
        check("* a *", r##"Strong[Star"*" Markup[Space" " Text"a" Space" "] Star"*"]"##, "");
        check("*a\nb*", r##"Strong[Star"*" Markup[Text"a" Space"\n" Text"b"] Star"*"]"##, "");
        check(
            "*a\n\nb",
            r##"Strong[Error"*" Markup[Text"a" Parbreak"\n\n"]] Text"b""##,
            "0-1 unclosed delimiter",
        );
        check("_a", r##"Emph[Error"_" Markup[Text"a"]]"##, "0-1 unclosed delimiter");
        check(
            "[*a]*",
            r##"Text"[" Strong[Error"*" Markup[Text"a"]] Text"]" Strong[Error"*" Markup[]]"##,
            "1-2 unclosed delimiter; 4-5 unclosed delimiter",
        );
    }

    #[test]
    fn headings() {
        check("= Intro", r##"Heading[HeadingMarker"=" Space" " Markup[Text"Intro"]]"##, "");
        check(
            "=== A <l>\nb",
            r##"Heading[HeadingMarker"===" Space" " Markup[Text"A"]] Space" " Label"<l>" Space"\n" Text"b""##,
            "",
        );
        check("a = b", r##"Text"a" Space" " Text"=" Space" " Text"b""##, "");
        check("  = x", r##"Space"  " Heading[HeadingMarker"=" Space" " Markup[Text"x"]]"##, "");
        check("=x", r##"Text"=x""##, "");
        check(
            "#[= a]",
            r##"Hash"#" ContentBlock[LeftBracket"[" Markup[Heading[HeadingMarker"=" Space" " Markup[Text"a"]]] RightBracket"]"]"##,
            "",
        );
    }

    #[test]
    fn lists_nest_by_indentation() {
        check(
            "- a\n  b\n  - c\n- d",
            r##"ListItem[ListMarker"-" Space" " Markup[Text"a" Space"\n  " Text"b" Space"\n  " ListItem[ListMarker"-" Space" " Markup[Text"c"]]]] Space"\n" ListItem[ListMarker"-" Space" " Markup[Text"d"]]"##,
            "",
        );
        check(
            "+ a\n12. b",
            r##"EnumItem[EnumMarker"+" Space" " Markup[Text"a"]] Space"\n" EnumItem[EnumMarker"12." Space" " Markup[Text"b"]]"##,
            "",
        );
        check(
            "- a\n\n  b",
            r##"ListItem[ListMarker"-" Space" " Markup[Text"a" Parbreak"\n\n  " Text"b"]]"##,
            "",
        );
        check("a - b", r##"Text"a" Space" " Text"-" Space" " Text"b""##, "");
        check(
            "- - a",
            r##"ListItem[ListMarker"-" Space" " Markup[ListItem[ListMarker"-" Space" " Markup[Text"a"]]]]"##,
            "",
        );
    }

    #[test]
    fn term_items() {
        check(
            "/ Term: desc",
            r##"TermItem[TermMarker"/" Space" " Markup[Text"Term"] Colon":" Space" " Markup[Text"desc"]]"##,
            "",
        );
        check(
            "/ a b\nc",
            r##"TermItem[TermMarker"/" Space" " Markup[Text"a b"] Error"" Markup[]] Space"\n" Text"c""##,
            "5-5 expected colon",
        );
    }

    #[test]
    fn raw_links_labels_refs() {
        check("`x`", r##"Raw[RawDelim"`" Text"x" RawDelim"`"]"##, "");
        check("see https://x.org.", r##"Text"see " Link"https://x.org" Text".""##, "");
        check(
            "@sec[p. 1] @a",
            r##"Ref[RefMarker"@sec" ContentBlock[LeftBracket"[" Markup[Text"p. 1"] RightBracket"]"]] Space" " Ref[RefMarker"@a"]"##,
            "",
        );
        check("@a [b]", r##"Ref[RefMarker"@a"] Space" " Text"[" Text"b" Text"]""##, "");
        check("a <b", r##"Text"a" Space" " Error"<b""##, "2-4 unclosed label");
        check(
            "/* x */ y */",
            r##"BlockComment"/* x */" Space" " Text"y" Space" " Error"*/""##,
            "10-12 unexpected end of block comment | consider escaping the `*` with a backslash or opening the block comment with `/*`",
        );
    }

    #[test]
    fn equations() {
        check("$x$", r##"Equation[Dollar"$" Math[MathText"x"] Dollar"$"]"##, "");
        check(
            "$ x $",
            r##"Equation[Dollar"$" Space" " Math[MathText"x"] Space" " Dollar"$"]"##,
            "",
        );
        check("$x", r##"Equation[Error"$" Math[MathText"x"]]"##, "0-1 unclosed delimiter");
    }

    #[test]
    fn embedded_code_ends_where_typst_ends_it() {
        check(
            "#x.y(1)[a] b",
            r##"Hash"#" FuncCall[FieldAccess[Ident"x" Dot"." Ident"y"] Args[LeftParen"(" Int"1" RightParen")" ContentBlock[LeftBracket"[" Markup[Text"a"] RightBracket"]"]]] Space" " Text"b""##,
            "",
        );
        check("#x. y", r##"Hash"#" Ident"x" Text". y""##, "");
        check("#x + 1", r##"Hash"#" Ident"x" Space" " Text"+" Space" " Text"1""##, "");
        check(
            "#let x = 1\nb",
            r##"Hash"#" LetBinding[Let"let" Space" " Ident"x" Space" " Eq"=" Space" " Int"1"] Space"\n" Text"b""##,
            "",
        );
        check(
            "#let x = 1; b",
            r##"Hash"#" LetBinding[Let"let" Space" " Ident"x" Space" " Eq"=" Space" " Int"1"] Semicolon";" Space" " Text"b""##,
            "",
        );
        check(
            "#let x = 1 b",
            r##"Hash"#" LetBinding[Let"let" Space" " Ident"x" Space" " Eq"=" Space" " Int"1"] Error"" Space" " Text"b""##,
            "10-10 expected semicolon or line break",
        );
        check("#x;y", r##"Hash"#" Ident"x" Semicolon";" Text"y""##, "");
        check(
            "#-x",
            r##"Hash"#" Error"-" Text"x""##,
            "1-2 unexpected minus | to use a unary operator here, wrap the entire expression in parentheses",
        );
        check("#", r##"Hash"#" Error"""##, "1-1 expected expression");
        check("# x", r##"Hash"#" Error"" Space" " Text"x""##, "1-1 expected expression");
        check("#{1}", r##"Hash"#" CodeBlock[LeftBrace"{" Code[Int"1"] RightBrace"}"]"##, "");
        check("#\"a\"b", r##"Hash"#" Str"\"a\"" Text"b""##, "");
        check("#!x", r##"Shebang"#!x""##, "");
        check(
            "a#!x",
            r##"Text"a" Hash"#" Error"!" Text"x""##,
            "2-3 the character `!` is not valid in code | the preceding hash is causing this to parse in code mode | try escaping the preceding hash: `\\#`",
        );
    }

    #[test]
    fn more_markup() {
        check(
            "-? ... -1",
            r##"Shorthand"-?" Space" " Shorthand"..." Space" " Shorthand"-" Text"1""##,
            "",
        );
        check("`a", r##"Error"`a""##, "0-2 unclosed raw text");
        check(
            "```rs\nlet x\n```",
            r##"Raw[RawDelim"```" RawLang"rs" RawTrimmed"\n" Text"let x" RawTrimmed"\n" RawDelim"```"]"##,
            "",
        );
        check("a // c\nb", r##"Text"a" Space" " LineComment"// c" Space"\n" Text"b""##, "");
        check(
            "= a\n== b",
            r##"Heading[HeadingMarker"=" Space" " Markup[Text"a"]] Space"\n" Heading[HeadingMarker"==" Space" " Markup[Text"b"]]"##,
            "",
        );
        check(
            "#[#]",
            r##"Hash"#" ContentBlock[Error"[" Markup[Hash"#" Error"]"]]"##,
            "1-2 unclosed delimiter; 3-4 unexpected closing bracket",
        );
        check(
            "/ a: b\n  c",
            r##"TermItem[TermMarker"/" Space" " Markup[Text"a"] Colon":" Space" " Markup[Text"b" Space"\n  " Text"c"]]"##,
            "",
        );
    }
}

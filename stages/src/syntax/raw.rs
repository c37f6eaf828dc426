//! Raw text: the backticked text the lexer meets → a `Raw` node (delimiters, language tag,
//! and the content as `Text` lines with `RawTrimmed` whitespace between them), following
//! Typst's rules for trimming and dedenting block raw text.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use ecow::eco_format;
use unscanny::Scanner;

use super::chars::newline_len;
use super::{SyntaxError, SyntaxKind, SyntaxNode, is_id_continue, is_id_start};

/// Lexes raw text whole, with `s` after its first backtick at `start`, into a `Raw` node (or
/// an "unclosed raw text" error up to the end).
pub(super) fn lex_raw(s: &mut Scanner, start: usize) -> (SyntaxKind, SyntaxNode) {
    let backticks = 1 + s.eat_while('`').len();
    if backticks == 2 {
        // Two backticks are empty inline raw text.
        let nodes = vec![
            SyntaxNode::leaf(SyntaxKind::RawDelim, "`"),
            SyntaxNode::leaf(SyntaxKind::RawDelim, "`"),
        ];
        return (SyntaxKind::Raw, SyntaxNode::inner(SyntaxKind::Raw, nodes));
    }

    // The raw text ends at the first run of as many backticks as it opened with.
    let inner_start = s.cursor();
    let mut found = 0;
    while found < backticks {
        match s.eat() {
            Some('`') => found += 1,
            Some(_) => found = 0,
            None => {
                let error = SyntaxError::new("unclosed raw text");
                return (SyntaxKind::Error, SyntaxNode::error(error, s.from(start)));
            }
        }
    }
    let end = s.cursor();
    let delim = s.get(start..inner_start);
    let inner = s.get(inner_start..end - backticks);

    let mut nodes = vec![SyntaxNode::leaf(SyntaxKind::RawDelim, delim)];
    if backticks >= 3 {
        blocky_raw(inner, &mut nodes);
    } else {
        inline_raw(inner, &mut nodes);
    }
    nodes.push(SyntaxNode::leaf(SyntaxKind::RawDelim, delim));
    let mut raw = SyntaxNode::inner(SyntaxKind::Raw, nodes);
    if backticks >= 3 {
        warn_about_lang_tag(&mut raw, backticks, inner);
    }
    (SyntaxKind::Raw, raw)
}

/// Typst's warnings about the language tag of block raw text (`backticks` long
/// delimiters, `inner` between them): text glued to the tag, or to the backticks where
/// there is no tag, will be read as the tag by the next version of Typst, and a tag with
/// nothing after it (` ```rust``` `) leaves the raw text empty.
fn warn_about_lang_tag(raw: &mut SyntaxNode, backticks: usize, inner: &str) {
    let tag = raw.children().find(|c| c.kind() == SyntaxKind::RawLang).map(|c| c.text().clone());
    // The next version of Typst takes all text up to whitespace or a backtick as the tag.
    let future = inner.find(|c: char| c.is_whitespace() || c == '`').unwrap_or(inner.len());
    let differs = future > 0 && tag.as_ref().is_none_or(|tag| tag.len() != future);
    let within = Some(backticks..backticks + future);
    match tag {
        Some(tag) if differs => {
            let current = eco_format!("currently, Typst is treating `{tag}` as the language tag");
            raw.warn_within(
                within,
                "no whitespace between language tag and raw text",
                &[
                    &current,
                    "in the next version of Typst, this will change and we will treat all text \
                     until the first whitespace as the language tag",
                ],
            );
            // The last two hints point at the tag itself.
            let at = backticks..backticks + tag.len();
            raw.hint_within(
                at.clone(),
                eco_format!("if the current behavior is correct, please add a space after `{tag}`"),
            );
            raw.hint_within(at, "otherwise, add a space or newline after the initial backticks");
        }
        None if differs => raw.warn_within(
            within,
            "no whitespace before raw text",
            &[
                "in the next version of Typst, this text will be treated as the language tag \
                 for this element",
                "to avoid this, add a space after the initial backticks",
            ],
        ),
        Some(tag) if inner.len() == tag.len() => {
            let treating = eco_format!("Typst is treating `{tag}` as the language tag");
            raw.warn("empty raw text", &[&treating]);
            raw.hint_within(
                backticks..backticks + tag.len(),
                "to treat this as text, add a space after the initial backticks",
            );
        }
        _ => {}
    }
}

/// Splits inline raw text (one backtick) into `Text` lines and `RawTrimmed` newlines.
fn inline_raw(inner: &str, nodes: &mut Vec<SyntaxNode>) {
    let mut s = Scanner::new(inner);
    let mut line_start = 0;
    while !s.done() {
        if let Some(len) = newline_len(s.after()) {
            nodes.push(SyntaxNode::leaf(SyntaxKind::Text, s.from(line_start)));
            let at = s.cursor();
            s.jump(at + len);
            nodes.push(SyntaxNode::leaf(SyntaxKind::RawTrimmed, s.from(at)));
            line_start = s.cursor();
        } else {
            s.eat();
        }
    }
    nodes.push(SyntaxNode::leaf(SyntaxKind::Text, s.from(line_start)));
}

/// Splits block raw text (three or more backticks) into its language tag, `Text` lines and
/// `RawTrimmed` whitespace:
///
/// - an identifier right after the backticks is the language tag;
/// - a first line of only whitespace is trimmed, otherwise one leading space is;
/// - the other lines lose their common indentation (the dedent: the least number of leading
///   whitespace characters over the lines after the first that hold more than whitespace,
///   and over the closing line in any case);
/// - a last line of only whitespace is trimmed; otherwise, if its last non-whitespace
///   character is a backtick, one trailing space is.
fn blocky_raw(inner: &str, nodes: &mut Vec<SyntaxNode>) {
    let mut s = Scanner::new(inner);
    if s.eat_if(is_id_start) {
        s.eat_while(is_id_continue);
        nodes.push(SyntaxNode::leaf(SyntaxKind::RawLang, s.before()));
    }

    // Each line as (start, end) byte offsets into `inner`, without its newline.
    let lines = split_lines(inner, s.cursor());
    let blank =
        |&(a, b): &(usize, usize)| inner.get(a..b).unwrap_or("").chars().all(char::is_whitespace);
    let indent = |&(a, b): &(usize, usize)| {
        inner.get(a..b).unwrap_or("").chars().take_while(|c| c.is_whitespace()).count()
    };
    let dedent = lines
        .iter()
        .skip(1)
        .filter(|line| !blank(line))
        .chain(lines.last())
        .map(indent)
        .min()
        .unwrap_or(0);

    let mut lines = lines;
    if lines.last().is_some_and(blank) {
        lines.pop();
    } else if let Some(last) = lines.last_mut() {
        let text = inner.get(last.0..last.1).unwrap_or("");
        if text.trim_end().ends_with('`') && text.ends_with(' ') {
            last.1 -= 1;
        }
    }

    // `trimmed_from` is where the pending trimmed whitespace starts.
    let mut trimmed_from = s.cursor();
    let push = |nodes: &mut Vec<SyntaxNode>, kind, from: usize, to: usize| {
        if kind == SyntaxKind::Text || to > from {
            nodes.push(SyntaxNode::leaf(kind, inner.get(from..to).unwrap_or("")));
        }
    };

    for (i, &(line_start, line_end)) in lines.iter().enumerate() {
        let text = inner.get(line_start..line_end).unwrap_or("");
        if i == 0 {
            if blank(&(line_start, line_end)) {
                // Stays pending and joins the trimmed whitespace of the next line.
                continue;
            }
            let content = if text.starts_with(' ') { line_start + 1 } else { line_start };
            push(nodes, SyntaxKind::RawTrimmed, trimmed_from, content);
            push(nodes, SyntaxKind::Text, content, line_end);
        } else {
            let strip: usize = text.chars().take(dedent).map(char::len_utf8).sum();
            push(nodes, SyntaxKind::RawTrimmed, trimmed_from, line_start + strip);
            push(nodes, SyntaxKind::Text, line_start + strip, line_end);
        }
        trimmed_from = line_end;
    }
    push(nodes, SyntaxKind::RawTrimmed, trimmed_from, inner.len());
}

/// The lines of `text` from byte `from` on, as byte ranges without their newlines.
fn split_lines(text: &str, from: usize) -> Vec<(usize, usize)> {
    let mut s = Scanner::new(text);
    s.jump(from);
    let mut lines = Vec::new();
    let mut start = from;
    while !s.done() {
        if let Some(len) = newline_len(s.after()) {
            lines.push((start, s.cursor()));
            let at = s.cursor();
            s.jump(at + len);
            start = s.cursor();
        } else {
            s.eat();
        }
    }
    lines.push((start, text.len()));
    lines
}

#[cfg(test)]
mod tests {
    use super::super::{LexMode, Lexer};
    use super::*;

    /// Lexes `text` in markup and compares its tokens: raw text as `Raw{children}` with
    /// leaves written `Kind:text`, errors as `Error:text(message)`, joined by spaces.
    #[track_caller]
    fn check(text: &str, expected: &str) {
        let mut lexer = Lexer::new(text, LexMode::Markup);
        let mut tokens = Vec::new();
        loop {
            let (kind, node) = lexer.next_token();
            if kind == SyntaxKind::End {
                break;
            }
            tokens.push(show(&node));
        }
        assert_eq!(tokens.join(" "), expected, "lexing {text:?}");
    }

    fn show(node: &SyntaxNode) -> String {
        match node.kind() {
            SyntaxKind::Error => {
                let message = node.errors().first().map(|e| e.message.clone()).unwrap_or_default();
                format!("Error:{}({message})", node.text())
            }
            SyntaxKind::Raw => {
                let inner: Vec<String> = node.children().map(show).collect();
                format!("Raw{{{}}}", inner.join(" "))
            }
            kind => format!("{kind:?}:{}", node.text()),
        }
    }

    #[test]
    fn raw_inline_and_block() {
        check("``", "Raw{RawDelim:` RawDelim:`}");
        check("`a b`", "Raw{RawDelim:` Text:a b RawDelim:`}");
        check("`a\nb`", "Raw{RawDelim:` Text:a RawTrimmed:\n Text:b RawDelim:`}");
        check("```rust fn```", "Raw{RawDelim:``` RawLang:rust RawTrimmed:  Text:fn RawDelim:```}");
        check(
            "```py\n  a\n    b\n  ```",
            "Raw{RawDelim:``` RawLang:py RawTrimmed:\n   Text:a RawTrimmed:\n   Text:  b RawTrimmed:\n   RawDelim:```}",
        );
        check("``` `x` ```", "Raw{RawDelim:``` RawTrimmed:  Text:`x` RawTrimmed:  RawDelim:```}");
        check(
            "```\na\n\nb\n```",
            "Raw{RawDelim:``` RawTrimmed:\n Text:a RawTrimmed:\n Text: RawTrimmed:\n Text:b RawTrimmed:\n RawDelim:```}",
        );
        check("```a````", "Raw{RawDelim:``` RawLang:a RawDelim:```} Error:`(unclosed raw text)");
        check("`abc", "Error:`abc(unclosed raw text)");
    }
}

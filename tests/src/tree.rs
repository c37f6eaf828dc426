//! Tree dumps: a syntax tree → its reference text (one node per line, indented two spaces
//! per level: `Kind: length` for inner nodes, `Kind: "text"` for leaves,
//! `Error: "text" (message)` for errors), and a line diff between two dumps.

use std::fmt::Write;

use quire_stages::syntax::{SyntaxKind, SyntaxNode};

/// Dumps a tree, ending with a newline.
pub fn dump(node: &SyntaxNode) -> String {
    let mut out = String::new();
    write_node(&mut out, node, 0);
    out
}

fn write_node(out: &mut String, node: &SyntaxNode, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
    let kind = node.kind();
    // Writing into a `String` cannot fail.
    let _ = if kind == SyntaxKind::Error {
        let errors = node.errors();
        let message = errors.first().map_or("", |e| e.message.as_str());
        writeln!(out, "Error: {:?} ({message})", node.text())
    } else if node.is_inner() {
        writeln!(out, "{kind:?}: {}", node.len())
    } else {
        writeln!(out, "{kind:?}: {:?}", node.text())
    };
    for child in node.children() {
        write_node(out, child, depth + 1);
    }
}

/// A line diff of `expected` → `found`: changed lines prefixed `-`/`+`, with up to two
/// unchanged lines of context around each change (`  `) and `…` for the gaps. Each line
/// carries its 1-based line number in the side it comes from.
pub fn diff_lines(expected: &str, found: &str) -> String {
    let a: Vec<&str> = expected.lines().collect();
    let b: Vec<&str> = found.lines().collect();
    // Longest common subsequence table, filled from the ends.
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] =
                if a[i] == b[j] { lcs[i + 1][j + 1] + 1 } else { lcs[i + 1][j].max(lcs[i][j + 1]) };
        }
    }
    // Walk the table into (marker, line number, text) entries.
    let mut entries: Vec<(char, usize, &str)> = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            entries.push((' ', i + 1, a[i]));
            i += 1;
            j += 1;
        } else if i < a.len() && (j == b.len() || lcs[i + 1][j] >= lcs[i][j + 1]) {
            entries.push(('-', i + 1, a[i]));
            i += 1;
        } else {
            entries.push(('+', j + 1, b[j]));
            j += 1;
        }
    }
    let near_change = |k: usize| {
        let lo = k.saturating_sub(2);
        let hi = (k + 2).min(entries.len() - 1);
        entries[lo..=hi].iter().any(|e| e.0 != ' ')
    };
    let mut out = String::new();
    let mut gap = false;
    for (k, &(marker, number, text)) in entries.iter().enumerate() {
        if near_change(k) {
            let _ = writeln!(out, "{marker} {number:>4} {text}");
            gap = false;
        } else if !gap {
            out.push_str("  …\n");
            gap = true;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use quire_stages::syntax::SyntaxError;

    fn check(node: &SyntaxNode, expected: &str) {
        assert_eq!(dump(node), expected);
    }

    fn leaf(kind: SyntaxKind, text: &str) -> SyntaxNode {
        SyntaxNode::leaf(kind, text)
    }

    #[test]
    fn dumps_one_node_per_line() {
        let tree = SyntaxNode::inner(
            SyntaxKind::Markup,
            vec![
                SyntaxNode::inner(
                    SyntaxKind::Strong,
                    vec![
                        leaf(SyntaxKind::Star, "*"),
                        SyntaxNode::inner(SyntaxKind::Markup, vec![leaf(SyntaxKind::Text, "a")]),
                        leaf(SyntaxKind::Star, "*"),
                    ],
                ),
                leaf(SyntaxKind::Space, "\n"),
                SyntaxNode::error(SyntaxError::new("unclosed string"), "\"b"),
                SyntaxNode::inner(SyntaxKind::Markup, vec![]),
            ],
        );
        check(
            &tree,
            "Markup: 6\n  Strong: 3\n    Star: \"*\"\n    Markup: 1\n      Text: \"a\"\n    Star: \"*\"\n  Space: \"\\n\"\n  Error: \"\\\"b\" (unclosed string)\n  Markup: 0\n",
        );
    }

    #[test]
    fn diff_shows_changes_with_context() {
        let a = "1\n2\n3\n4\n5\n6\n7\n8\n";
        let b = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n";
        assert_eq!(
            diff_lines(a, b),
            "  …\n     3 3\n     4 4\n-    5 5\n+    5 five\n     6 6\n     7 7\n     8 8\n+    9 9\n"
        );
        assert_eq!(diff_lines("x\n", "x\n"), "  …\n");
    }
}

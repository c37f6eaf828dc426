//! Parser: source text → concrete syntax tree, recovering from every error.
//! (Being written: see issue 2.)

use super::{SyntaxKind, SyntaxNode};

/// Parses a file's text as markup.
pub fn parse(text: &str) -> SyntaxNode {
    SyntaxNode::inner(SyntaxKind::Markup, vec![SyntaxNode::leaf(SyntaxKind::Text, text)])
}

/// Parses text as code (for `eval(mode: "code")`).
pub fn parse_code(text: &str) -> SyntaxNode {
    SyntaxNode::inner(SyntaxKind::Code, vec![SyntaxNode::leaf(SyntaxKind::Text, text)])
}

/// Parses text as math (for `eval(mode: "math")`).
pub fn parse_math(text: &str) -> SyntaxNode {
    SyntaxNode::inner(SyntaxKind::Math, vec![SyntaxNode::leaf(SyntaxKind::Text, text)])
}

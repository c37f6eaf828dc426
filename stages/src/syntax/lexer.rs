//! Lexer: source text → tokens, in the mode the parser asks for (markup, code or math).
//! (Being written: see issue 2.)

use super::SyntaxKind;

/// The mode the lexer tokenizes in.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
pub enum LexMode {
    Markup,
    Code,
    Math,
}

/// A mode-aware lexer.
#[derive(Debug)]
pub struct Lexer<'s> {
    text: &'s str,
    mode: LexMode,
}

impl<'s> Lexer<'s> {
    /// A lexer over `text` in `mode`.
    pub fn new(text: &'s str, mode: LexMode) -> Self {
        Self { text, mode }
    }

    /// The next token's kind (temporary skeleton: everything is one text token).
    pub fn next(&mut self) -> SyntaxKind {
        let _ = (self.text, self.mode);
        SyntaxKind::Text
    }
}

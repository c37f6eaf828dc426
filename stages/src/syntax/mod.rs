//! Syntax: source text → lossless concrete syntax tree (lexer + recovering parser for
//! markup, code and math), with a typed AST view over it and spans back to lines/columns.

mod chars;
mod code;
mod kind;
mod lexer;
mod markup;
mod math;
mod node;
mod parser;
mod patterns;
mod raw;
mod source;
mod statements;

pub mod ast;

pub use self::chars::{
    is_id_continue, is_id_start, is_ident, is_math_id_continue, is_math_id_start, is_newline,
};
pub use self::kind::SyntaxKind;
pub use self::lexer::{LexMode, Lexer};
pub use self::node::{SyntaxError, SyntaxNode, Unnumberable};
pub use self::parser::{parse, parse_code, parse_math};
pub use self::source::{Lines, Source};

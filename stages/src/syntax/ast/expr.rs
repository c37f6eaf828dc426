//! The `Expr` enum: one variant per expression kind of markup, math and code, with the
//! questions the evaluator asks of any expression (span, needs a `#`, is a literal).

use super::base::AstNode;
use super::bindings::{Closure, DestructAssignment, LetBinding};
use super::code::{Array, CodeBlock, ContentBlock, Dict, FieldAccess, FuncCall, Parenthesized};
use super::flow::{Conditional, ForLoop, FuncReturn, LoopBreak, LoopContinue, WhileLoop};
use super::literals::{Auto, Bool, Float, Ident, Int, None, Numeric, Str};
use super::markup::{
    Emph, EnumItem, Equation, Escape, Heading, Label, Linebreak, Link, ListItem, Parbreak, Raw,
    Ref, Shorthand, SmartQuote, Space, Strong, TermItem, Text,
};
use super::math::{
    Math, MathAlignPoint, MathAttach, MathDelimited, MathFrac, MathIdent, MathPrimes, MathRoot,
    MathShorthand, MathText,
};
use super::modules::{ModuleImport, ModuleInclude};
use super::ops::{Binary, Unary};
use super::rules::{Contextual, SetRule, ShowRule};
use crate::base::Span;
use crate::syntax::{SyntaxKind, SyntaxNode};

/// Declares `Expr` with one variant per listed view (each named like its syntax kind) and
/// its `AstNode` impl.
macro_rules! exprs {
    ($($(#[$attr:meta])* $name:ident,)*) => {
        /// An expression: any node of markup, math or code that evaluates to a value.
        #[derive(Debug, Copy, Clone, Eq, PartialEq, Hash)]
        pub enum Expr<'a> {
            $($(#[$attr])* $name($name<'a>),)*
        }

        impl<'a> Expr<'a> {
            /// Casts any expression node, `Space` included.
            fn cast_any(node: &'a SyntaxNode) -> Option<Self> {
                match node.kind() {
                    $(SyntaxKind::$name => $name::from_untyped(node).map(Self::$name),)*
                    _ => Option::None,
                }
            }
        }

        impl<'a> AstNode<'a> for Expr<'a> {
            /// Casts any expression node except `Space`, which is trivia between the
            /// children of code; markup and math read it with `Expr::cast_with_space`.
            fn from_untyped(node: &'a SyntaxNode) -> Option<Self> {
                match node.kind() {
                    SyntaxKind::Space => Option::None,
                    _ => Self::cast_any(node),
                }
            }

            fn to_untyped(self) -> &'a SyntaxNode {
                match self {
                    $(Self::$name(node) => node.to_untyped(),)*
                }
            }
        }
    };
}

exprs! {
    /// Plain text without markup.
    Text,
    /// Whitespace (only from `Markup::exprs` and `Math::exprs`).
    Space,
    /// A forced line break: `\`.
    Linebreak,
    /// A paragraph break: a blank line.
    Parbreak,
    /// An escape sequence: `\#`, `\u{1F600}`.
    Escape,
    /// A shorthand for a character: `~`, `--`.
    Shorthand,
    /// A smart quote: `'`, `"`.
    SmartQuote,
    /// Strong content: `*strong*`.
    Strong,
    /// Emphasized content: `_emph_`.
    Emph,
    /// Raw text: `` `code` ``.
    Raw,
    /// A hyperlink: `https://typst.app`.
    Link,
    /// A label: `<intro>`.
    Label,
    /// A reference: `@target`.
    Ref,
    /// A section heading: `= Introduction`.
    Heading,
    /// A bullet list item: `- item`.
    ListItem,
    /// A numbered list item: `+ item`, `1. item`.
    EnumItem,
    /// A term list item: `/ Term: description`.
    TermItem,
    /// A math equation: `$x$`, `$ x^2 $`.
    Equation,
    /// Math: the contents of an equation, or a positional argument of a math call.
    Math,
    /// Text in math: `x`, `25`.
    MathText,
    /// An identifier in math: `pi`.
    MathIdent,
    /// A shorthand for a symbol in math: `->`.
    MathShorthand,
    /// An alignment point in math: `&`.
    MathAlignPoint,
    /// Matched delimiters in math: `[x + y]`.
    MathDelimited,
    /// A base with attachments in math: `a_1^2`.
    MathAttach,
    /// Primes in math: `a'`.
    MathPrimes,
    /// A fraction in math: `x/2`.
    MathFrac,
    /// A root in math: `√x`.
    MathRoot,
    /// An identifier: `left`.
    Ident,
    /// The `none` literal.
    None,
    /// The `auto` literal.
    Auto,
    /// A boolean: `true`, `false`.
    Bool,
    /// An integer: `120`.
    Int,
    /// A float: `1.2`, `10e-4`.
    Float,
    /// A number with a unit: `12pt`, `3cm`, `2em`, `90deg`, `1fr`, `50%`.
    Numeric,
    /// A string: `"hello"`.
    Str,
    /// A code block: `{ let x = 1; x + 2 }`.
    CodeBlock,
    /// A content block: `[*Hi* there!]`.
    ContentBlock,
    /// A parenthesized expression: `(1 + 2)`.
    Parenthesized,
    /// An array: `(1, "hi", 12cm)`.
    Array,
    /// A dictionary: `(thickness: 3pt, dash: "solid")`.
    Dict,
    /// A unary operation: `-x`.
    Unary,
    /// A binary operation: `a + b`.
    Binary,
    /// A field access: `properties.age`.
    FieldAccess,
    /// A function call: `f(x, y)`.
    FuncCall,
    /// A closure: `(x, y) => z`.
    Closure,
    /// A let binding: `let x = 1`.
    LetBinding,
    /// A destructuring assignment: `(x, y) = (1, 2)`.
    DestructAssignment,
    /// A set rule: `set text(...)`.
    SetRule,
    /// A show rule: `show heading: it => emph(it.body)`.
    ShowRule,
    /// A context expression: `context text.lang`.
    Contextual,
    /// An if-else conditional: `if x { y } else { z }`.
    Conditional,
    /// A while loop: `while x { y }`.
    WhileLoop,
    /// A for loop: `for x in y { z }`.
    ForLoop,
    /// A module import: `import "utils.typ": a, b, c`.
    ModuleImport,
    /// A module include: `include "chapter1.typ"`.
    ModuleInclude,
    /// A break from a loop: `break`.
    LoopBreak,
    /// A continue in a loop: `continue`.
    LoopContinue,
    /// A return from a function: `return`, `return x + 1`.
    FuncReturn,
}

impl<'a> Expr<'a> {
    /// Casts `node`, reading `Space` as an expression too (markup and math, where spaces
    /// are content).
    pub fn cast_with_space(node: &'a SyntaxNode) -> Option<Self> {
        Self::cast_any(node)
    }

    /// The expression's span.
    pub fn span(self) -> Span {
        self.to_untyped().span()
    }

    /// Whether the expression can be embedded in markup (and math) after a `#` as it is:
    /// identifiers, literals, blocks, collections, field accesses, calls and keyword
    /// expressions. Operators and closures need parentheses.
    pub fn hash(self) -> bool {
        self.is_literal()
            || matches!(
                self,
                Self::Ident(_)
                    | Self::CodeBlock(_)
                    | Self::ContentBlock(_)
                    | Self::Array(_)
                    | Self::Dict(_)
                    | Self::Parenthesized(_)
                    | Self::FieldAccess(_)
                    | Self::FuncCall(_)
                    | Self::LetBinding(_)
                    | Self::SetRule(_)
                    | Self::ShowRule(_)
                    | Self::Contextual(_)
                    | Self::Conditional(_)
                    | Self::WhileLoop(_)
                    | Self::ForLoop(_)
                    | Self::ModuleImport(_)
                    | Self::ModuleInclude(_)
                    | Self::LoopBreak(_)
                    | Self::LoopContinue(_)
                    | Self::FuncReturn(_)
            )
    }

    /// Whether the expression is a literal: `none`, `auto`, a boolean, a number or a string.
    pub fn is_literal(self) -> bool {
        matches!(
            self,
            Self::None(_)
                | Self::Auto(_)
                | Self::Bool(_)
                | Self::Int(_)
                | Self::Float(_)
                | Self::Numeric(_)
                | Self::Str(_)
        )
    }
}

impl Default for Expr<'_> {
    /// `none`: what accessors give for a missing expression in a malformed tree.
    fn default() -> Self {
        Self::None(None::default())
    }
}

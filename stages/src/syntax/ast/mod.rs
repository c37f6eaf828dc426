//! The typed AST: zero-cost typed views over the `SyntaxNode`s of the concrete syntax tree,
//! read according to the child contract in `kind.rs`. Accessors never panic: on a malformed
//! tree a missing child reads as an empty placeholder node (or `None` where optional).

mod base;

mod expr;
mod literals;
mod markup;
mod math;

mod bindings;
mod code;
mod flow;
mod modules;
mod ops;
mod rules;

#[cfg(test)]
mod malformed;
#[cfg(test)]
mod tests;

pub use self::base::AstNode;
pub use self::bindings::{
    Closure, DestructAssignment, Destructuring, DestructuringItem, LetBinding, LetBindingKind,
    Param, Params, Pattern, Underscore,
};
pub use self::code::{
    Arg, Args, Array, ArrayItem, Code, CodeBlock, ContentBlock, Dict, DictItem, FieldAccess,
    FuncCall, Keyed, Named, Parenthesized, Spread,
};
pub use self::expr::Expr;
pub use self::flow::{Conditional, ForLoop, FuncReturn, LoopBreak, LoopContinue, WhileLoop};
pub use self::literals::{Auto, Bool, Float, Ident, Int, None, Numeric, Str, Unit};
pub use self::markup::{
    Emph, EnumItem, Equation, Escape, Heading, Label, Linebreak, Link, ListItem, Markup, Parbreak,
    Raw, RawDelim, RawLang, Ref, Shorthand, SmartQuote, Space, Strong, TermItem, Text,
};
pub use self::math::{
    Math, MathAlignPoint, MathAttach, MathDelimited, MathFrac, MathIdent, MathPrimes, MathRoot,
    MathShorthand, MathText, MathTextKind,
};
pub use self::modules::{
    ImportItem, ImportItemPath, ImportItems, Imports, ModuleImport, ModuleInclude,
    RenamedImportItem,
};
pub use self::ops::{Assoc, BinOp, Binary, UnOp, Unary};
pub use self::rules::{Contextual, SetRule, ShowRule};

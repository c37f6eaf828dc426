//! Names in math: an identifier in an equation must be a local binding, a function of
//! the `math` module or a symbol of `sym`; symbol modifiers must exist. Errors carry
//! Typst's hints (spell the letters apart, or quote the text).
//!
//! Math is otherwise kept as its source text until math layout evaluates it, so this
//! walk only checks names; it does not evaluate them.

use ecow::{EcoString, eco_format};

use super::Vm;
use crate::base::{SourceDiagnostic, SourceResult, Span};
use crate::model::Value;
use crate::syntax::ast::{self, AstNode};
use crate::syntax::{SyntaxKind, SyntaxNode};

/// The functions and spacings of Typst's `math` module (its other names are `sym`'s).
const MATH_FUNCTIONS: &[&str] = &[
    "equation",
    "text",
    "lr",
    "mid",
    "attach",
    "stretch",
    "scripts",
    "limits",
    "accent",
    "underline",
    "overline",
    "underbrace",
    "overbrace",
    "underbracket",
    "overbracket",
    "underparen",
    "overparen",
    "undershell",
    "overshell",
    "cancel",
    "frac",
    "binom",
    "vec",
    "mat",
    "cases",
    "root",
    "class",
    "op",
    "primes",
    "abs",
    "norm",
    "round",
    "sqrt",
    "upright",
    "bold",
    "italic",
    "serif",
    "sans",
    "scr",
    "cal",
    "frak",
    "mono",
    "bb",
    "display",
    "inline",
    "script",
    "sscript",
    "arccos",
    "arcsin",
    "arctan",
    "arg",
    "cos",
    "cosh",
    "cot",
    "coth",
    "csc",
    "csch",
    "ctg",
    "deg",
    "det",
    "dim",
    "exp",
    "gcd",
    "lcm",
    "hom",
    "id",
    "im",
    "inf",
    "ker",
    "lg",
    "lim",
    "liminf",
    "limsup",
    "ln",
    "log",
    "max",
    "min",
    "mod",
    "Pr",
    "sec",
    "sech",
    "sin",
    "sinc",
    "sinh",
    "sup",
    "tan",
    "tanh",
    "tg",
    "tr",
    "dif",
    "Dif",
    "thin",
    "med",
    "thick",
    "quad",
    "wide",
];

/// Checks the names in a piece of math syntax, in source order.
pub fn check_names(vm: &Vm, node: &SyntaxNode) -> SourceResult<()> {
    match node.kind() {
        SyntaxKind::MathIdent => {
            resolve(vm, node.text(), node.span())?;
        }
        SyntaxKind::FieldAccess => {
            if let Some(access) = ast::FieldAccess::from_untyped(node) {
                return check_access(vm, access);
            }
        }
        _ => {}
    }
    for child in node.children() {
        // Embedded code is evaluated as code, not checked as math.
        if child.kind() == SyntaxKind::Hash {
            break;
        }
        check_names(vm, child)?;
    }
    Ok(())
}

/// What a math identifier names: `Some(symbol)` for a symbol, `None` for a local binding
/// or a math function; an error for anything else.
fn resolve(vm: &Vm, name: &str, span: Span) -> SourceResult<Option<Value>> {
    if vm.scopes.get_local(name).is_some() || MATH_FUNCTIONS.contains(&name) {
        return Ok(None);
    }
    if let Some(Value::Module(sym)) = vm.scopes.base.get("sym")
        && let Some(symbol @ Value::Symbol(_)) = sym.scope().get(name)
    {
        return Ok(Some(symbol.clone()));
    }
    Err(ecow::eco_vec![unknown(name, span)])
}

/// Checks `a.b.c` in math: the root must be known and a symbol's modifiers must exist.
fn check_access(vm: &Vm, access: ast::FieldAccess) -> SourceResult<()> {
    // The fields from the outermost in, and the root they apply to.
    let mut fields = vec![access.field()];
    let mut root = access.target();
    while let ast::Expr::FieldAccess(inner) = root {
        fields.push(inner.field());
        root = inner.target();
    }
    let ast::Expr::MathIdent(ident) = root else {
        return check_names(vm, root.to_untyped());
    };
    let Some(Value::Symbol(mut symbol)) = resolve(vm, ident.as_str(), ident.span())? else {
        return Ok(());
    };
    for field in fields.into_iter().rev() {
        symbol = symbol
            .modified(field.as_str())
            .map_err(|message| ecow::eco_vec![SourceDiagnostic::error(field.span(), message)])?;
    }
    Ok(())
}

/// Typst's error for an unknown name in math.
fn unknown(name: &str, span: Span) -> SourceDiagnostic {
    let spaced: Vec<EcoString> = name.chars().map(|c| c.to_string().into()).collect();
    SourceDiagnostic::error(span, eco_format!("unknown variable: {name}"))
        .with_hint(eco_format!(
            "if you meant to display multiple letters as is, try adding spaces between each \
             letter: `{}`",
            spaced.join(" ")
        ))
        .with_hint(eco_format!(
            "or if you meant to display this as text, try placing it in quotes: `\"{name}\"`"
        ))
}

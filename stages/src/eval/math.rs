//! Names in math: an identifier in an equation is a local binding, a function of the
//! `math` module, a symbol of `sym` or `std`; fields on it are read as in code. Names
//! and field accesses evaluate to what they name (`$arrow.l$` is `←`), shorthands to
//! their symbols. Unknown names are errors with Typst's hints (spell the letters apart,
//! or quote the text).
//!
//! Math structure (attachments, fractions, function calls) is kept as its source text
//! until math layout evaluates it; only the names inside it are checked.

use ecow::{EcoString, EcoVec, eco_format};

use super::Vm;
use super::call::call_value;
use super::code::{eval_expr, field};
use super::markup::eval_math_node;
use crate::base::{SourceDiagnostic, SourceResult, Span};
use crate::model::{Args, Array, Content, Value};
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

/// The names of `MATH_FUNCTIONS` that are text operators (`op` content).
const OPERATORS: &[&str] = &[
    "arccos", "arcsin", "arctan", "arg", "cos", "cosh", "cot", "coth", "csc", "csch", "ctg", "deg",
    "det", "dim", "exp", "gcd", "lcm", "hom", "id", "im", "inf", "ker", "lg", "lim", "liminf",
    "limsup", "ln", "log", "max", "min", "mod", "Pr", "sec", "sech", "sin", "sinc", "sinh", "sup",
    "tan", "tanh", "tg", "tr",
];

/// The names of `MATH_FUNCTIONS` that are spacings (`h` content).
const SPACINGS: &[&str] = &["thin", "med", "thick", "quad", "wide"];

/// Evaluates a piece of math that is not embedded code. A name becomes what it names
/// (a symbol its text, a local binding its value, a field access its field), a call of a
/// function that is not a math function its result, a shorthand its symbol and matched
/// delimiters their parts; other math keeps its source text for math layout, once its
/// names are checked.
pub fn eval_math_expr(vm: &mut Vm, expr: ast::Expr) -> SourceResult<Content> {
    let span = expr.span();
    match expr {
        ast::Expr::MathIdent(_) | ast::Expr::FieldAccess(_) | ast::Expr::FuncCall(_) => {
            if let Some(value) = eval_name_or_call(vm, expr)? {
                return Ok(value.display().spanned(span));
            }
        }
        ast::Expr::MathShorthand(shorthand) => {
            return Ok(Content::text(shorthand.get().to_string()).spanned(span));
        }
        ast::Expr::MathDelimited(delimited) => {
            let parts = vec![
                eval_math_node(vm, delimited.open())?,
                eval_math_node(vm, ast::Expr::Math(delimited.body()))?,
                eval_math_node(vm, delimited.close())?,
            ];
            return Ok(Content::sequence_of(parts));
        }
        _ => {}
    }
    check_names(vm, expr.to_untyped())?;
    Ok(Content::text(expr.to_untyped().to_text()).spanned(span))
}

/// The value of a name, a field access on one, or a call of one in math; `None` where
/// the math stays for math layout (a math function, a symbol used as an accent).
fn eval_name_or_call(vm: &mut Vm, expr: ast::Expr) -> SourceResult<Option<Value>> {
    match expr {
        ast::Expr::MathIdent(ident) => resolve(vm, ident.as_str(), ident.span()),
        ast::Expr::FieldAccess(access) => eval_access(vm, access),
        ast::Expr::FuncCall(call) => {
            let callee = call.callee();
            let func = match callee {
                ast::Expr::MathIdent(_) | ast::Expr::FieldAccess(_) => {
                    eval_name_or_call(vm, callee)?
                }
                _ => None,
            };
            let Some(func @ (Value::Func(_) | Value::Type(_))) = func else {
                check_names(vm, call.args().to_untyped())?;
                return Ok(None);
            };
            let args = eval_math_args(vm, call.args(), call.span())?;
            call_value(vm.engine, func, args, callee.span()).map(Some)
        }
        _ => Ok(None),
    }
}

/// The arguments of a call in math: each positional argument is a value (math becomes
/// content, a name its value, embedded code and strings their value), rows separated
/// by `;` become arrays, and spreads are spread as in code.
fn eval_math_args(vm: &mut Vm, args: ast::Args, span: Span) -> SourceResult<Args> {
    let mut out = Args::new(span, []);
    for arg in args.items() {
        match arg {
            ast::Arg::Pos(ast::Expr::Array(row)) => {
                let mut items = EcoVec::new();
                for item in row.items() {
                    match item {
                        ast::ArrayItem::Pos(expr) => items.push(math_value(vm, expr)?),
                        ast::ArrayItem::Spread(spread) => match math_value(vm, spread.expr())? {
                            Value::None => {}
                            Value::Array(array) => items.extend(array),
                            v => crate::bail!(
                                spread.span(),
                                "cannot spread {} into array",
                                v.ty().long_name()
                            ),
                        },
                    }
                }
                out.push(row.span(), Value::Array(Array(items)));
            }
            ast::Arg::Pos(expr) => {
                let value = math_value(vm, expr)?;
                out.push(expr.span(), value);
            }
            ast::Arg::Named(named) => {
                let expr = named.expr();
                let value = math_value(vm, expr)?;
                out.push_named(named.span(), expr.span(), named.name().get().clone().into(), value);
            }
            ast::Arg::Spread(spread) => {
                let value = math_value(vm, spread.expr())?;
                super::call::spread_into(&mut out, value, spread.span())?;
            }
        }
    }
    Ok(out)
}

/// The value of one math argument: embedded code and strings are evaluated as code, a
/// name or call gives its value, and other math becomes content.
fn math_value(vm: &mut Vm, expr: ast::Expr) -> SourceResult<Value> {
    if expr.hash() && !math_head(expr) {
        return eval_expr(vm, expr);
    }
    if let ast::Expr::MathIdent(_) | ast::Expr::FieldAccess(_) | ast::Expr::FuncCall(_) = expr
        && let Some(value) = eval_name_or_call(vm, expr)?
    {
        return Ok(value);
    }
    eval_math_node(vm, expr).map(Value::Content)
}

/// Whether a call or field access starts with a math identifier (`frac(a, b)`,
/// `arrow.r`): math syntax, not embedded code.
fn math_head(expr: ast::Expr) -> bool {
    match expr {
        ast::Expr::FuncCall(call) => math_head(call.callee()),
        ast::Expr::FieldAccess(access) => math_head(access.target()),
        ast::Expr::MathIdent(_) => true,
        _ => false,
    }
}

/// Checks the names in a piece of math syntax, in source order.
pub fn check_names(vm: &Vm, node: &SyntaxNode) -> SourceResult<()> {
    match node.kind() {
        SyntaxKind::MathIdent => {
            resolve(vm, node.text(), node.span())?;
        }
        SyntaxKind::FieldAccess => {
            if let Some(access) = ast::FieldAccess::from_untyped(node) {
                return eval_access(vm, access).map(|_| ());
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

/// What a math identifier names, looked up as Typst does: local bindings first, then the
/// math scope (its functions, the symbols of `sym`, and `std`). A math function gives
/// `None`, as it stays for math layout; an unknown name is an error.
fn resolve(vm: &Vm, name: &str, span: Span) -> SourceResult<Option<Value>> {
    if let Some(value) = vm.scopes.get_local(name) {
        return Ok(Some(value.clone()));
    }
    if MATH_FUNCTIONS.contains(&name) {
        return Ok(None);
    }
    if name == "std"
        && let Some(std) = vm.scopes.base.get(name)
    {
        return Ok(Some(std.clone()));
    }
    if let Some(Value::Module(sym)) = vm.scopes.base.get("sym")
        && let Some(symbol @ Value::Symbol(_)) = sym.scope().get(name)
    {
        return Ok(Some(symbol.clone()));
    }
    Err(ecow::eco_vec![unknown(name, span)])
}

/// Evaluates `a.b.c` in math whose root is a name: each field is read as in code
/// (symbol modifiers, module bindings, dictionary keys), with code's errors. `None` when
/// the root is a math function or not a name; the root is then only checked.
fn eval_access(vm: &Vm, access: ast::FieldAccess) -> SourceResult<Option<Value>> {
    // The fields from the outermost in, and the root they apply to.
    let mut fields = vec![access.field()];
    let mut root = access.target();
    while let ast::Expr::FieldAccess(inner) = root {
        fields.push(inner.field());
        root = inner.target();
    }
    let ast::Expr::MathIdent(ident) = root else {
        check_names(vm, root.to_untyped())?;
        return Ok(None);
    };
    let Some(mut value) = resolve(vm, ident.as_str(), ident.span())? else {
        // A math function has no fields; the first one named is the error.
        let first = fields[fields.len() - 1];
        let message = no_field(ident.as_str(), first.as_str());
        return Err(ecow::eco_vec![SourceDiagnostic::error(first.span(), message)]);
    };
    for name in fields.into_iter().rev() {
        value = field(value, name.as_str())
            .map_err(|message| ecow::eco_vec![SourceDiagnostic::error(name.span(), message)])?;
    }
    Ok(Some(value))
}

/// Typst's error for a field of a name of the `math` module: its operators (`lim`) are
/// `op` content, its spacings (`thin`) `h` content, `dif` a sequence, the rest functions.
fn no_field(name: &str, field: &str) -> EcoString {
    let content = if OPERATORS.contains(&name) {
        "op"
    } else if SPACINGS.contains(&name) {
        "h"
    } else if matches!(name, "dif" | "Dif") {
        "sequence"
    } else {
        return eco_format!("function `{name}` does not contain field `{field}`");
    };
    eco_format!("{content} does not have field \"{field}\"")
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

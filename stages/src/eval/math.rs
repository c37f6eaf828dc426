//! Math syntax → Typst's math elements. Names are looked up as Typst does (local
//! bindings, then the `math` module with the symbols of `sym`, then `std`); attachments
//! become `attach` (primes `primes`), `/` becomes `frac` and matched delimiters `lr`, with
//! the grouping parentheses of scripts, fractions and roots removed; calls of functions
//! are calls (their arguments evaluated as math, `;` making rows), as are methods of
//! values (`arr.len()`; mutating ones are refused), calls of accent or delimiter symbols
//! give `accent` or `lr` (as they do in code), and anything else followed by parentheses
//! stays itself, followed by the parenthesized arguments as `lr`. Unknown names are
//! errors with Typst's hints; deprecated symbols warn.

use ecow::{EcoString, EcoVec, eco_format};

use super::call::{call_resolved, call_value, resolve_method};
use super::code::{eval_expr, field};
use super::markup::eval_math_node;
use super::{Vm, methods};
use crate::base::{SourceDiagnostic, SourceResult, Span};
use crate::model::{
    ACCENT, ALIGN_POINT, ATTACH, Args, Array, Content, FRAC, LINEBREAK, LR, PRIMES, ROOT, SPACE,
    Symbol, Value, symbol_content,
};
use crate::syntax::ast::{self, AstNode};
use crate::syntax::{SyntaxKind, SyntaxNode};

/// Evaluates a piece of math that is not embedded code.
pub fn eval_math_expr(vm: &mut Vm, expr: ast::Expr) -> SourceResult<Content> {
    let span = expr.span();
    let content = match expr {
        ast::Expr::MathIdent(_) | ast::Expr::FieldAccess(_) => {
            return Ok(math_display(name_value(vm, expr)?).spanned(span));
        }
        ast::Expr::FuncCall(call) => {
            return Ok(math_display(eval_math_call(vm, call)?).spanned(span));
        }
        ast::Expr::MathText(text) => {
            // Numbers are text; any other character is a symbol (its letters italic).
            let text = text.to_untyped().text();
            if text.starts_with(|c: char| c.is_ascii_digit()) {
                Content::text(text.clone())
            } else {
                symbol_content(text.clone())
            }
        }
        ast::Expr::MathShorthand(shorthand) => symbol_content(shorthand.get().to_string()),
        ast::Expr::Text(text) => Content::text(text.to_untyped().text().clone()),
        ast::Expr::Escape(escape) => symbol_content(escape.get().to_string()),
        ast::Expr::Str(string) => Content::text(string.get()),
        ast::Expr::Space(_) => Content::new(SPACE),
        ast::Expr::Linebreak(_) => Content::new(LINEBREAK),
        ast::Expr::MathAlignPoint(_) => Content::new(ALIGN_POINT),
        ast::Expr::MathDelimited(delimited) => {
            let mut parts = vec![eval_math_node(vm, delimited.open())?];
            for child in delimited.body().exprs() {
                parts.push(eval_math_node(vm, child)?);
            }
            parts.push(eval_math_node(vm, delimited.close())?);
            crate::eval::library::delimited_parts(parts, None)
        }
        ast::Expr::MathAttach(attach) => {
            let base = eval_math_node(vm, attach.base())?;
            let mut content = Content::new(ATTACH).with_field("base", base.into());
            if let Some(top) = attach.top() {
                content = content.with_field("t", ungrouped(vm, top)?.0.into());
            }
            if let Some(bottom) = attach.bottom() {
                content = content.with_field("b", ungrouped(vm, bottom)?.0.into());
            }
            if let Some(primes) = attach.primes() {
                content = content.with_field("tr", primes_content(primes).into());
            }
            content
        }
        ast::Expr::MathPrimes(primes) => primes_content(primes),
        ast::Expr::MathFrac(frac) => {
            let (num, num_paren) = ungrouped(vm, frac.num())?;
            let (denom, denom_paren) = ungrouped(vm, frac.denom())?;
            let mut content =
                Content::new(FRAC).with_field("num", num.into()).with_field("denom", denom.into());
            if num_paren {
                content = content.with_field("num-deparenthesized", Value::Bool(true));
            }
            if denom_paren {
                content = content.with_field("denom-deparenthesized", Value::Bool(true));
            }
            content
        }
        ast::Expr::MathRoot(root) => {
            let index = match root.index() {
                Some(n) => Value::Content(Content::text(n.to_string())),
                None => Value::None,
            };
            Content::new(ROOT)
                .with_field("index", index)
                .with_field("radicand", ungrouped(vm, root.radicand())?.0.into())
        }
        ast::Expr::Math(_) => return eval_math_node(vm, expr),
        other => {
            check_names(vm, other.to_untyped())?;
            Content::text(other.to_untyped().to_text())
        }
    };
    Ok(content.spanned(span))
}

/// A value shown in math: a symbol as symbol content (as Typst does), anything else as
/// it shows anywhere.
pub fn math_display(value: Value) -> Content {
    match value {
        Value::Symbol(symbol) => symbol_content(symbol.get()),
        other => other.display(),
    }
}

/// The math of a script, fraction part or radicand, without the round parentheses that
/// group it (`a_(1+2)`, `(a+b)/c`); whether there were any.
fn ungrouped(vm: &mut Vm, expr: ast::Expr) -> SourceResult<(Content, bool)> {
    if let ast::Expr::MathDelimited(delimited) = expr
        && delimited.open().to_untyped().text() == "("
        && delimited.close().to_untyped().text() == ")"
    {
        let body = eval_math_node(vm, ast::Expr::Math(delimited.body()))?;
        return Ok((body, true));
    }
    Ok((eval_math_node(vm, expr)?, false))
}

/// `primes` content for a run of primes.
fn primes_content(primes: ast::MathPrimes) -> Content {
    let count = i64::try_from(primes.count()).unwrap_or(i64::MAX);
    Content::new(PRIMES).with_field("count", Value::Int(count)).spanned(primes.span())
}

/// The value of a name or of a field access on one (`arrow.l`), with code's errors for
/// the fields and Typst's warnings for deprecated symbols.
fn name_value(vm: &mut Vm, expr: ast::Expr) -> SourceResult<Value> {
    match expr {
        ast::Expr::MathIdent(ident) => resolve(vm, ident.as_str(), ident.span()),
        ast::Expr::FieldAccess(access) => {
            let target = access.target();
            let value = match target {
                ast::Expr::MathIdent(_) | ast::Expr::FieldAccess(_) => name_value(vm, target)?,
                _ => {
                    return Err(ecow::eco_vec![SourceDiagnostic::error(
                        target.span(),
                        "expected identifier"
                    )]);
                }
            };
            access_field(vm, value, access)
        }
        other => Err(ecow::eco_vec![SourceDiagnostic::error(other.span(), "expected identifier")]),
    }
}

/// The field `access` names on the already evaluated `target`, with code's errors and
/// Typst's warning where it selects a deprecated symbol.
fn access_field(vm: &mut Vm, target: Value, access: ast::FieldAccess) -> SourceResult<Value> {
    let name = access.field();
    // A function of the `math` module goes by its short name (`frac`).
    let short: Option<EcoString> = match &target {
        Value::Func(func) => func.name().map(|n| n.rsplit('.').next().unwrap_or(n).into()),
        _ => None,
    };
    let module = match &target {
        Value::Module(module) => Some(EcoString::from(module.name())),
        _ => None,
    };
    let value = field(target, name.as_str()).map_err(|message| {
        let message = match short {
            Some(short) => {
                eco_format!("function `{short}` does not contain field `{}`", name.as_str())
            }
            None => message,
        };
        ecow::eco_vec![SourceDiagnostic::error(name.span(), message)]
    })?;
    if let Value::Symbol(symbol) = &value {
        let message = match module {
            Some(module) => symbol_binding_deprecation(&module, name.as_str()),
            None => symbol.deprecation(),
        };
        if let Some(message) = message {
            vm.warn(crate::warning!(name.span(), "{}", message));
        }
    }
    Ok(value)
}

/// The deprecation message of the symbol bound to `name` in a library module: `sym`
/// and `emoji` have their own, and `math` holds the symbols of `sym`.
pub(super) fn symbol_binding_deprecation(module: &str, name: &str) -> Option<&'static str> {
    let module = if module == "math" { "sym" } else { module };
    crate::eval::library::binding_deprecation(module, name)
}

/// A call in math: a function is called with math arguments, and a method of a value
/// (`arr.len()`) on it; an accent symbol gives an `accent` and a delimiter symbol an `lr`
/// around its argument; anything else shows itself, followed by its parenthesized
/// arguments as `lr`. The result is the call's value, not yet shown.
fn eval_math_call(vm: &mut Vm, call: ast::FuncCall) -> SourceResult<Value> {
    let callee = call.callee();
    let span = call.span();
    let value = match callee {
        ast::Expr::FieldAccess(access) => match field_callee(vm, call, access)? {
            FieldCallee::Value(value) => value,
            FieldCallee::Method(target) => {
                let callee = resolve_method(target, access, true)?;
                let args = eval_math_args(vm, call.args(), span)?;
                return call_resolved(vm, callee, access, args, span);
            }
        },
        ast::Expr::MathIdent(_) => name_value(vm, callee)?,
        other => eval_math_node(vm, other)?.into(),
    };
    match &value {
        Value::Func(_) | Value::Type(_) => {
            let mut args = eval_math_args(vm, call.args(), span)?;
            if let Value::Func(func) = &value
                && func.element() == Some(LR)
            {
                join_lr_body(&mut args)?;
            }
            return call_value(vm.engine, value, args, callee.span());
        }
        Value::Symbol(symbol) if symbol_callable(symbol) => {
            let args = eval_math_args(vm, call.args(), span)?;
            return call_symbol(symbol, args, span);
        }
        _ => {}
    }
    let head = math_display(value).spanned(callee.span());
    no_function_args(call)?;
    let mut parts = Vec::new();
    args_as_math(vm, call.args().to_untyped(), &mut parts)?;
    let lr = crate::eval::library::delimited_parts(parts, None).spanned(call.args().span());
    Ok(Content::sequence_of(vec![head, lr]).into())
}

/// Whether a symbol can be called as a function: an accent or a delimiter of Typst's
/// pairs.
pub(super) fn symbol_callable(symbol: &Symbol) -> bool {
    accent_of(symbol.get()).is_some() || lr_wrapper(symbol.get()).is_some()
}

/// Calls a symbol as the function Typst makes of it: an accent symbol puts itself over
/// its argument (`hat(x)`), a delimiter wraps its argument in `lr` (`paren.l(x)`), and
/// any other symbol is not callable.
pub(super) fn call_symbol(symbol: &Symbol, mut args: Args, span: Span) -> SourceResult<Value> {
    if let Some(c) = accent_of(symbol.get()) {
        let base: Content = args.expect("base")?;
        let size = args.named_spanned::<Value>("size")?;
        let dotless = args.named::<bool>("dotless")?;
        args.finish()?;
        let accent = c.to_string();
        let mut content = Content::new(ACCENT)
            .with_field("base", base.into())
            .with_field("accent", Value::str(accent));
        if let Some((size, size_span)) = size {
            content = content.with_field("size", relative(size, size_span)?);
        }
        if let Some(dotless) = dotless {
            content = content.with_field("dotless", Value::Bool(dotless));
        }
        return Ok(content.spanned(span).into());
    }
    if let Some((open, close)) = lr_wrapper(symbol.get()) {
        let size = args.named_spanned::<Value>("size")?;
        let size = size.map(|(v, size_span)| relative(v, size_span)).transpose()?;
        let body: Content = args.expect("body")?;
        args.finish()?;
        let (open, close) = (open.to_string(), close.to_string());
        let lr = crate::eval::library::delimited(&open, body, &close, size);
        return Ok(lr.spanned(span).into());
    }
    crate::bail!(span, "symbol {} is not callable", symbol.get())
}

/// The combining accent a symbol of this text puts over its argument when called:
/// Typst's accents, each named by itself or by the characters that show it.
fn accent_of(text: &str) -> Option<char> {
    const ACCENTS: &[(char, &[&str])] = &[
        ('\u{300}', &["`"]),
        ('\u{301}', &["´"]),
        ('\u{302}', &["^", "ˆ"]),
        ('\u{303}', &["~", "∼", "˜"]),
        ('\u{304}', &["¯"]),
        ('\u{305}', &["-", "–", "‾", "−"]),
        ('\u{306}', &["˘"]),
        ('\u{307}', &[".", "˙", "⋅"]),
        ('\u{308}', &["¨"]),
        ('\u{20db}', &[]),
        ('\u{20dc}', &[]),
        ('\u{30a}', &["∘", "○"]),
        ('\u{30b}', &["˝"]),
        ('\u{30c}', &["ˇ"]),
        ('\u{20d6}', &["←"]),
        ('\u{20d7}', &["→", "⟶"]),
        ('\u{20e1}', &["↔", "↔\u{fe0e}", "⟷"]),
        ('\u{20d0}', &["↼"]),
        ('\u{20d1}', &["⇀"]),
    ];
    let mut chars = text.chars();
    let single = match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    };
    ACCENTS
        .iter()
        .find(|(accent, names)| Some(*accent) == single || names.contains(&text))
        .map(|(accent, _)| *accent)
}

/// What a field access called in math names: as in Typst, fields of symbols,
/// functions, types and modules are called (or shown, for what is no function), while
/// other values only have methods (`arr.len()`), and mutating ones are refused.
fn field_callee(
    vm: &mut Vm,
    call: ast::FuncCall,
    access: ast::FieldAccess,
) -> SourceResult<FieldCallee> {
    let target = name_value(vm, access.target())?;
    let name = access.field();
    let name = name.as_str();
    match target {
        Value::Symbol(_) | Value::Func(_) | Value::Type(_) | Value::Module(_) => {
            if field(target.clone(), name).is_err() && methods::has_method(&target, name) {
                return Ok(FieldCallee::Method(target));
            }
            access_field(vm, target, access).map(FieldCallee::Value)
        }
        Value::Array(_) | Value::Dict(_) if methods::is_mutating(name) => {
            crate::bail!(
                call.span(),
                "cannot call mutating methods in math";
                hint: "try using code mode to call the method: `#{}`",
                call.to_untyped().to_text()
            )
        }
        _ => Ok(FieldCallee::Method(target)),
    }
}

/// What a field access called in math names.
enum FieldCallee {
    /// The value of the field, called if it is a function and shown otherwise.
    Value(Value),
    /// A method of this target (its type's).
    Method(Value),
}

/// Named and spread arguments in a call of something that is no function are errors,
/// one per argument in source order, with Typst's hints.
fn no_function_args(call: ast::FuncCall) -> SourceResult<()> {
    let name = call.callee().to_untyped().to_text();
    let mut errors = EcoVec::new();
    let mut items = Vec::new();
    flatten_args(call.args().to_untyped(), &mut items);
    for item in items {
        let MathArgItem::Arg(arg) = item else { continue };
        let (node, message, hint) = match arg {
            ast::Arg::Named(named) => {
                let fixed = named.to_untyped().to_text().replacen(":", "\\:", 1);
                let hint = eco_format!("to render the colon as text, escape it: `{fixed}`");
                (named.to_untyped(), "named-argument syntax can only be used with functions", hint)
            }
            ast::Arg::Spread(spread) => {
                let fixed = spread.to_untyped().to_text().replacen("..", ".. ", 1);
                let hint = eco_format!("to render the dots as text, add a space: `{fixed}`");
                (
                    spread.to_untyped(),
                    "spread-argument syntax can only be used with functions",
                    hint,
                )
            }
            ast::Arg::Pos(_) => continue,
        };
        errors.push(
            SourceDiagnostic::error(node.span(), message)
                .with_spanned_hint(call.callee().span(), eco_format!("`{name}` is not a function"))
                .with_hint(hint),
        );
    }
    if errors.is_empty() { Ok(()) } else { Err(errors) }
}

/// The positional arguments of `lr` in math joined into one body, separated by commas
/// (`lr(|]1,2[|)` has one body); none give an empty body.
fn join_lr_body(args: &mut Args) -> SourceResult<()> {
    let (positional, named) = args.take_positional();
    if positional.is_empty() {
        // Without arguments, the body is empty (`lr()` shows nothing).
        let empty = crate::model::Arg {
            span: args.span,
            name: None,
            value: Value::Content(Content::empty()),
            value_span: args.span,
        };
        args.items = std::iter::once(empty).chain(named).collect();
        return Ok(());
    }
    if positional.len() < 2 {
        args.items = positional.into_iter().chain(named).collect();
        return Ok(());
    }
    let first = positional[0].clone();
    let mut parts = Vec::with_capacity(positional.len() * 2);
    for (i, arg) in positional.into_iter().enumerate() {
        if i > 0 {
            parts.push(symbol_content(","));
        }
        let part: Content = crate::model::FromValue::from_value(arg.value)
            .map_err(|message| ecow::eco_vec![SourceDiagnostic::error(arg.span, message)])?;
        parts.push(part);
    }
    let body = crate::model::Arg { value: Value::Content(Content::sequence(parts)), ..first };
    args.items = std::iter::once(body).chain(named).collect();
    Ok(())
}

/// The delimiters a symbol of this text wraps its argument in when called (`paren.l(x)`
/// is `lr`, as `ceil(x)` is): Typst's pairs, by the symbol's own character only, not by
/// its variants (`join(x)` is no call).
fn lr_wrapper(text: &str) -> Option<(char, char)> {
    const PAIRS: &[(char, char)] = &[
        ('(', ')'),
        ('⟮', '⟯'),
        ('⦇', '⦈'),
        ('⦅', '⦆'),
        ('⦓', '⦔'),
        ('⦕', '⦖'),
        ('{', '}'),
        ('⦃', '⦄'),
        ('[', ']'),
        ('⦍', '⦐'),
        ('⦏', '⦎'),
        ('⟦', '⟧'),
        ('⦋', '⦌'),
        ('❲', '❳'),
        ('⟬', '⟭'),
        ('⦗', '⦘'),
        ('⟅', '⟆'),
        ('⎰', '⎱'),
        ('⎱', '⎰'),
        ('⧘', '⧙'),
        ('⧚', '⧛'),
        ('⟨', '⟩'),
        ('⧼', '⧽'),
        ('⦑', '⦒'),
        ('⦉', '⦊'),
        ('⟪', '⟫'),
        ('⌜', '⌝'),
        ('⌞', '⌟'),
        ('⌈', '⌉'),
        ('⌊', '⌋'),
        ('|', '|'),
        ('‖', '‖'),
        ('⦀', '⦀'),
        ('⦙', '⦙'),
        ('⦚', '⦚'),
    ];
    let mut chars = text.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else { return None };
    PAIRS.iter().copied().find(|&(open, _)| open == c)
}

/// A `size` argument as the relative length it is stored as.
fn relative(value: Value, span: Span) -> SourceResult<Value> {
    crate::model::coerce(value, &[crate::model::Type::Relative])
        .map_err(|message| ecow::eco_vec![SourceDiagnostic::error(span, message)])
}

/// The arguments of a call of something that is no function, as the math they are:
/// parentheses, commas and semicolons become text.
fn args_as_math(vm: &mut Vm, node: &SyntaxNode, out: &mut Vec<Content>) -> SourceResult<()> {
    for child in node.children() {
        match child.kind() {
            SyntaxKind::LeftParen
            | SyntaxKind::RightParen
            | SyntaxKind::Comma
            | SyntaxKind::Semicolon
            | SyntaxKind::Colon => out.push(symbol_content(child.text().clone())),
            SyntaxKind::Dots => {
                out.push(symbol_content("."));
                out.push(symbol_content("."));
            }
            SyntaxKind::Space => out.push(Content::new(SPACE)),
            SyntaxKind::Args
            | SyntaxKind::Array
            | SyntaxKind::Named
            | SyntaxKind::Spread
            | SyntaxKind::Math => args_as_math(vm, child, out)?,
            _ => {
                if let Some(expr) = ast::Expr::from_untyped(child) {
                    out.push(eval_math_node(vm, expr)?);
                } else if child.kind() == SyntaxKind::Ident {
                    out.push(Content::text(child.text().clone()));
                }
            }
        }
    }
    Ok(())
}

/// The arguments of a math call, as Typst 0.15 reads them: named arguments stand apart,
/// and each `;` gathers the positional arguments since the previous one into an array
/// (a row); positional ones after the last `;` form a last row. Where the parser grouped
/// a row does not matter.
fn eval_math_args(vm: &mut Vm, args: ast::Args, span: Span) -> SourceResult<Args> {
    // A row has no better place than the whole argument list, as in Typst.
    let row_span = args.span();
    let mut items = Vec::new();
    flatten_args(args.to_untyped(), &mut items);
    let mut named: Vec<(Span, Span, crate::model::Str, Value)> = Vec::new();
    let mut pos: Vec<(Span, Value)> = Vec::new();
    let mut row_start: Option<usize> = None;
    for item in items {
        let arg = match item {
            MathArgItem::Arg(arg) => arg,
            MathArgItem::RowEnd => {
                let start = row_start.unwrap_or(0);
                gather_row(&mut pos, start, row_span);
                row_start = Some(pos.len());
                continue;
            }
        };
        match arg {
            ast::Arg::Pos(expr) => pos.push((expr.span(), math_value(vm, expr)?)),
            ast::Arg::Named(arg) => {
                let expr = arg.expr();
                let value = math_value(vm, expr)?;
                named.push((arg.span(), expr.span(), arg.name().get().clone().into(), value));
            }
            ast::Arg::Spread(spread) => match math_value(vm, spread.expr())? {
                Value::None => {}
                Value::Array(array) => {
                    pos.extend(array.into_iter().map(|value| (spread.span(), value)));
                }
                Value::Dict(dict) => {
                    for (key, value) in dict.iter() {
                        named.push((spread.span(), spread.span(), key.clone(), value.clone()));
                    }
                }
                Value::Args(spread_args) => {
                    for item in spread_args.items.iter().cloned() {
                        match item.name {
                            Some(name) => named.push((item.span, item.span, name, item.value)),
                            None => pos.push((item.span, item.value)),
                        }
                    }
                }
                v => crate::bail!(spread.span(), "cannot spread {}", v.ty().long_name()),
            },
        }
    }
    if let Some(start) = row_start
        && start != pos.len()
    {
        gather_row(&mut pos, start, row_span);
    }
    let mut out = Args::new(span, []);
    for (span, value_span, name, value) in named {
        out.push_named(span, value_span, name, value);
    }
    for (span, value) in pos {
        out.push(span, value);
    }
    Ok(out)
}

/// An argument of a math call, or the `;` that ends a row.
enum MathArgItem<'a> {
    Arg(ast::Arg<'a>),
    RowEnd,
}

/// The arguments and row ends of a math call's argument list in source order, looking
/// into the rows the parser grouped (arrays without parentheses).
fn flatten_args<'a>(node: &'a SyntaxNode, out: &mut Vec<MathArgItem<'a>>) {
    for child in node.children() {
        match child.kind() {
            SyntaxKind::Semicolon => out.push(MathArgItem::RowEnd),
            SyntaxKind::Space | SyntaxKind::Hash | SyntaxKind::Comma => {}
            SyntaxKind::Array
                if child.children().next().map(SyntaxNode::kind) != Some(SyntaxKind::LeftParen) =>
            {
                flatten_args(child, out);
            }
            _ => {
                if let Some(arg) = ast::Arg::from_untyped(child) {
                    out.push(MathArgItem::Arg(arg));
                }
            }
        }
    }
}

/// Gathers the positional arguments from `start` on into one array argument (a row).
fn gather_row(pos: &mut Vec<(Span, Value)>, start: usize, span: Span) {
    let row: EcoVec<Value> = pos.drain(start..).map(|(_, value)| value).collect();
    pos.push((span, Value::Array(Array(row))));
}

/// The value of one math argument: embedded code and strings are evaluated as code, and
/// other math becomes content.
fn math_value(vm: &mut Vm, expr: ast::Expr) -> SourceResult<Value> {
    if (expr.hash() && !math_head(expr)) || matches!(expr, ast::Expr::Str(_)) {
        return eval_expr(vm, expr);
    }
    match expr {
        // A call is its value (`f(g(1))` passes what `g` returns), as in Typst.
        ast::Expr::FuncCall(call) if math_head(expr) => eval_math_call(vm, call),
        // A name is its value (a symbol stays a symbol), as are escapes and shorthands.
        ast::Expr::MathIdent(_) | ast::Expr::FieldAccess(_) if math_head(expr) => {
            name_value(vm, expr)
        }
        ast::Expr::MathShorthand(shorthand) => Ok(char_symbol(shorthand.get())),
        ast::Expr::Escape(escape) => Ok(char_symbol(escape.get())),
        _ => eval_math_node(vm, expr).map(Value::Content),
    }
}

/// A symbol of one character, as escapes and shorthands are.
fn char_symbol(c: char) -> Value {
    Value::Symbol(Symbol::runtime(vec![(EcoString::new(), c.to_string().into())]))
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
pub fn check_names(vm: &mut Vm, node: &SyntaxNode) -> SourceResult<()> {
    match node.kind() {
        SyntaxKind::MathIdent => {
            resolve(vm, node.text(), node.span())?;
        }
        SyntaxKind::FieldAccess => {
            if let Some(access) = ast::FieldAccess::from_untyped(node) {
                return name_value(vm, ast::Expr::FieldAccess(access)).map(|_| ());
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
/// `math` module (its functions and the symbols of `sym`, warning about deprecated ones),
/// then `std`; an unknown name is an error.
fn resolve(vm: &mut Vm, name: &str, span: Span) -> SourceResult<Value> {
    if let Some(value) = vm.scopes.get_local(name) {
        let value = value.clone();
        super::code::warn_deprecated_binding(vm, name, span);
        return Ok(value);
    }
    if let Some(Value::Module(math)) = vm.scopes.base.get("math")
        && let Some(value) = math.scope().get(name)
    {
        let value = value.clone();
        if matches!(value, Value::Symbol(_))
            && let Some(message) = symbol_binding_deprecation("math", name)
        {
            vm.warn(crate::warning!(span, "{}", message));
        }
        return Ok(value);
    }
    if name == "std"
        && let Some(std) = vm.scopes.base.get(name)
    {
        return Ok(std.clone());
    }
    Err(ecow::eco_vec![unknown(vm, name, span)])
}

/// Typst's error for an unknown name in math, with hints for a literal that lacks its hash,
/// a global of the library that math does not see, or letters meant as text.
fn unknown(vm: &Vm, name: &str, span: Span) -> SourceDiagnostic {
    let error = SourceDiagnostic::error(span, eco_format!("unknown variable: {name}"));
    if matches!(name, "none" | "auto" | "false" | "true") {
        return error.with_hint(eco_format!(
            "if you meant to use a literal, try adding a hash before it: `#{name}`"
        ));
    }
    if vm.scopes.base.get(name).is_some() {
        return error
            .with_hint(eco_format!(
                "`{name}` is not available directly in math, but is in the standard library"
            ))
            .with_hint(eco_format!("to access `{name}` in code mode you can add a hash: `#{name}`"))
            .with_hint(eco_format!(
                "or access `{name}` in math mode by using the `std` module: `std.{name}`"
            ));
    }
    let spaced: Vec<EcoString> = name.chars().map(|c| c.to_string().into()).collect();
    error
        .with_hint(eco_format!(
            "if you meant to display multiple letters as is, try adding spaces between each \
             letter: `{}`",
            spaced.join(" ")
        ))
        .with_hint(eco_format!(
            "or if you meant to display this as text, try placing it in quotes: `\"{name}\"`"
        ))
}

#[cfg(test)]
mod tests {
    use crate::eval::{MemoryWorld, eval};

    /// The errors of `text` in markup, each as (message, hint, the text its span is
    /// about where it has one).
    fn check(text: &str, expected: &[(&str, &str, Option<&str>)]) {
        let world = MemoryWorld::new(text);
        let source = world.main_source();
        let errors = eval(&world, source).unwrap_err();
        let mut found = Vec::new();
        for error in &errors {
            for (i, hint) in error.hints.iter().enumerate() {
                let at = error.hint_span(i).and_then(|span| source.range(span));
                found.push((error.message.as_str(), hint.as_str(), at.map(|r| &text[r])));
            }
        }
        assert_eq!(found, expected);
    }

    #[test]
    fn not_a_function_hint_points_at_the_callee() {
        check(
            "$sin(..a)$",
            &[
                (
                    "spread-argument syntax can only be used with functions",
                    "`sin` is not a function",
                    Some("sin"),
                ),
                (
                    "spread-argument syntax can only be used with functions",
                    "to render the dots as text, add a space: `.. a`",
                    None,
                ),
            ],
        );
        check(
            "$dots.h(a: 1)$",
            &[
                (
                    "named-argument syntax can only be used with functions",
                    "`dots.h` is not a function",
                    Some("dots.h"),
                ),
                (
                    "named-argument syntax can only be used with functions",
                    "to render the colon as text, escape it: `a\\: 1`",
                    None,
                ),
            ],
        );
    }
}

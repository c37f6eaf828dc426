//! Bindings: `let` (plain and closure), and patterns — identifiers, placeholders,
//! parenthesized and destructuring patterns over arrays (with one sink) and dictionaries
//! (by key, renamed, with a sink) — either defining new variables or assigning to places.

use ecow::EcoVec;

use super::code::eval_expr;
use super::{Vm, access};
use crate::base::SourceResult;
use crate::model::{Array, Dict, Value};
use crate::syntax::ast::{self, AstNode, Expr, Pattern};

/// Evaluates a `let` binding.
pub fn eval_let(vm: &mut Vm, binding: ast::LetBinding) -> SourceResult<()> {
    let value = match binding.init() {
        Some(init) => eval_expr(vm, init)?,
        None => Value::None,
    };
    if vm.flow.is_some() {
        return Ok(());
    }
    match binding.kind() {
        ast::LetBindingKind::Normal(pattern) => define_pattern(vm, pattern, value),
        ast::LetBindingKind::Closure(ident) => {
            vm.define_ident(ident, value);
            Ok(())
        }
    }
}

/// Binds the identifiers of `pattern` as new variables.
pub fn define_pattern(vm: &mut Vm, pattern: Pattern, value: Value) -> SourceResult<()> {
    destructure(vm, pattern, value, &mut |vm, expr, value| match expr {
        Expr::Ident(ident) => {
            vm.define_ident(ident, value);
            Ok(())
        }
        other => crate::bail!(other.span(), "cannot assign to this expression"),
    })
}

/// Assigns to the places `pattern` names.
pub fn assign_pattern(vm: &mut Vm, pattern: Pattern, value: Value) -> SourceResult<()> {
    destructure(vm, pattern, value, &mut |vm, expr, value| {
        *access::access(vm, expr)? = value;
        Ok(())
    })
}

type Binder<'f> = dyn FnMut(&mut Vm, Expr, Value) -> SourceResult<()> + 'f;

fn destructure(vm: &mut Vm, pattern: Pattern, value: Value, f: &mut Binder) -> SourceResult<()> {
    match pattern {
        Pattern::Normal(expr) => f(vm, expr, value),
        Pattern::Placeholder(_) => Ok(()),
        Pattern::Parenthesized(p) => destructure(vm, p.pattern(), value, f),
        Pattern::Destructuring(d) => match value {
            Value::Array(array) => destructure_array(vm, d, array, f),
            Value::Dict(dict) => destructure_dict(vm, d, dict, f),
            v => crate::bail!(pattern.span(), "cannot destructure {}", v.ty().long_name()),
        },
    }
}

fn destructure_array(
    vm: &mut Vm,
    d: ast::Destructuring,
    array: Array,
    f: &mut Binder,
) -> SourceResult<()> {
    let items: Vec<_> = d.items().collect();
    let len = array.len();
    let fixed = items.iter().filter(|i| matches!(i, ast::DestructuringItem::Pattern(_))).count();
    let has_sink = items.iter().any(|i| matches!(i, ast::DestructuringItem::Spread(_)));
    let wrong_count = || wrong_number_of_elements(d, len, fixed, has_sink);
    // Items are matched in order, each bound (and its own pattern checked) before the
    // next; a count that does not fit fails where it is found.
    let items_len = items.len();
    let mut values = array.0.into_iter();
    for item in items {
        match item {
            ast::DestructuringItem::Pattern(pattern) => {
                let Some(value) = values.next() else {
                    return Err(ecow::eco_vec![wrong_count()]);
                };
                destructure(vm, pattern, value, f)?;
            }
            ast::DestructuringItem::Spread(spread) => {
                let Some(rest) = (len + 1).checked_sub(items_len) else {
                    return Err(ecow::eco_vec![wrong_count()]);
                };
                let sink: EcoVec<Value> = values.by_ref().take(rest).collect();
                if let Some(expr) = sink_target(spread) {
                    f(vm, expr, Value::Array(Array(sink)))?;
                }
            }
            ast::DestructuringItem::Named(named) => {
                crate::bail!(named.span(), "cannot destructure named pattern from an array")
            }
        }
    }
    if values.next().is_some() {
        return Err(ecow::eco_vec![wrong_count()]);
    }
    Ok(())
}

/// The error for an array whose length does not fit the pattern: `fixed` patterns, and
/// a sink or not.
#[cold]
fn wrong_number_of_elements(
    d: ast::Destructuring,
    len: usize,
    fixed: usize,
    has_sink: bool,
) -> crate::base::SourceDiagnostic {
    let quantifier = if len > fixed { "too many" } else { "not enough" };
    let expected: ecow::EcoString = match (has_sink, fixed) {
        (true, 1) => "at least 1 element".into(),
        (true, n) => ecow::eco_format!("at least {n} elements"),
        (false, 0) => "an empty array".into(),
        (false, 1) => "a single element".into(),
        (false, n) => ecow::eco_format!("{n} elements"),
    };
    crate::error!(d.span(), "{quantifier} elements to destructure";
        hint: "the provided array has a length of {len}, but the pattern expects {expected}")
}

/// What a sink binds or assigns to: `rest` in `..rest`, a place like `arr.at(0)` in an
/// assignment, or nothing for a bare `..`.
fn sink_target(spread: ast::Spread) -> Option<Expr> {
    spread.to_untyped().children().find_map(Expr::from_untyped)
}

fn destructure_dict(
    vm: &mut Vm,
    d: ast::Destructuring,
    dict: Dict,
    f: &mut Binder,
) -> SourceResult<()> {
    let mut used = Vec::new();
    let mut sink = None;
    for item in d.items() {
        match item {
            ast::DestructuringItem::Pattern(Pattern::Normal(Expr::Ident(ident))) => {
                let value = dict
                    .at(ident.as_str())
                    .map_err(|e| ecow::eco_vec![crate::error!(ident.span(), "{}", e)])?;
                used.push(ident.get().clone());
                f(vm, Expr::Ident(ident), value.clone())?;
            }
            ast::DestructuringItem::Pattern(other) => {
                crate::bail!(other.span(), "cannot destructure unnamed pattern from dictionary")
            }
            ast::DestructuringItem::Named(named) => {
                let name = named.name();
                let value = dict
                    .at(name.as_str())
                    .map_err(|e| ecow::eco_vec![crate::error!(name.span(), "{}", e)])?;
                used.push(name.get().clone());
                destructure(vm, named.pattern(), value.clone(), f)?;
            }
            ast::DestructuringItem::Spread(spread) => sink = Some(spread),
        }
    }
    if let Some(spread) = sink
        && let Some(expr) = sink_target(spread)
    {
        let rest: Dict = dict
            .iter()
            .filter(|(k, _)| !used.iter().any(|u| u == k.as_str()))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        f(vm, expr, Value::Dict(rest))?;
    }
    Ok(())
}

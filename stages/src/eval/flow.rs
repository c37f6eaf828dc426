//! Control flow: `if`/`else`, `while` (with the infinite-loop guard) and `for` over
//! arrays, dictionaries (pairs), strings (grapheme clusters) and arguments, handling the
//! `break`/`continue` events their bodies raise.

use ecow::eco_format;

use super::code::eval_expr;
use super::{At, FlowEvent, Vm, bind};
use crate::base::SourceResult;
use crate::model::{Array, Str, Value, join, mismatch};
use crate::syntax::ast::{self, AstNode};
use crate::syntax::{SyntaxKind, SyntaxNode};

/// How many iterations a `while` loop may run before it is deemed infinite.
const MAX_ITERATIONS: usize = 10_000;

/// Evaluates a condition, which must be a boolean.
fn condition(vm: &mut Vm, expr: ast::Expr) -> SourceResult<bool> {
    match eval_expr(vm, expr)? {
        Value::Bool(b) => Ok(b),
        v => Err(mismatch("boolean", &v)).at(expr.span()),
    }
}

/// Evaluates `if`/`else`.
pub fn eval_conditional(vm: &mut Vm, c: ast::Conditional) -> SourceResult<Value> {
    let value = if condition(vm, c.condition())? {
        eval_expr(vm, c.if_body())?
    } else if let Some(else_body) = c.else_body() {
        eval_expr(vm, else_body)?
    } else {
        Value::None
    };
    make_conditional(vm);
    Ok(value)
}

/// Marks a `return` raised in a conditional or loop body as conditional: it discards
/// the content before it only on some paths, so it is not warned about.
fn make_conditional(vm: &mut Vm) {
    if let Some(FlowEvent::Return(_, _, unconditional)) = &mut vm.flow {
        *unconditional = false;
    }
}

/// Handles the flow event after one iteration; returns whether the loop ends.
fn after_iteration(vm: &mut Vm) -> bool {
    match vm.flow {
        Some(FlowEvent::Break(_)) => {
            vm.flow = None;
            true
        }
        Some(FlowEvent::Continue(_)) => {
            vm.flow = None;
            false
        }
        Some(FlowEvent::Return(..)) => {
            make_conditional(vm);
            true
        }
        None => false,
    }
}

/// Evaluates a `while` loop, joining the results of its iterations.
pub fn eval_while(vm: &mut Vm, w: ast::WhileLoop) -> SourceResult<Value> {
    // A loop evaluated while an outer event is pending (an argument after `break`) runs
    // normally and leaves that event in place.
    let outer = vm.flow.take();
    let result = run_while(vm, w);
    if outer.is_some() {
        vm.flow = outer;
    }
    result
}

fn run_while(vm: &mut Vm, w: ast::WhileLoop) -> SourceResult<Value> {
    let mut output = Value::None;
    let mut iterations = 0;
    while condition(vm, w.condition())? {
        if iterations == 0
            && is_invariant(w.condition().to_untyped())
            && !can_diverge(w.body().to_untyped())
        {
            crate::bail!(w.condition().span(), "condition is always true");
        }
        iterations += 1;
        if iterations > MAX_ITERATIONS {
            crate::bail!(w.span(), "loop seems to be infinite");
        }
        let body = w.body();
        let value = eval_expr(vm, body)?;
        output = join(output, value).at(body.span())?;
        if after_iteration(vm) {
            break;
        }
    }
    Ok(output)
}

/// Whether an expression gives the same value every time: it mentions no variable
/// (a field of a constant or a call of constant things is constant too).
fn is_invariant(node: &SyntaxNode) -> bool {
    match ast::Expr::from_untyped(node) {
        Some(ast::Expr::Ident(_) | ast::Expr::MathIdent(_)) => false,
        Some(ast::Expr::FieldAccess(access)) => is_invariant(access.target().to_untyped()),
        Some(ast::Expr::FuncCall(call)) => {
            is_invariant(call.callee().to_untyped()) && is_invariant(call.args().to_untyped())
        }
        _ => node.children().all(is_invariant),
    }
}

/// Whether a loop body contains a `break` or `return` that could end the loop.
fn can_diverge(node: &SyntaxNode) -> bool {
    matches!(node.kind(), SyntaxKind::Break | SyntaxKind::Return)
        || node.children().any(can_diverge)
}

/// Evaluates a `for` loop, joining the results of its iterations.
pub fn eval_for(vm: &mut Vm, f: ast::ForLoop) -> SourceResult<Value> {
    let outer = vm.flow.take();
    let result = run_for(vm, f);
    if outer.is_some() {
        vm.flow = outer;
    }
    result
}

fn run_for(vm: &mut Vm, f: ast::ForLoop) -> SourceResult<Value> {
    let iterable = eval_expr(vm, f.iterable())?;
    let items: Array = match iterable {
        Value::Array(array) => array,
        Value::Dict(dict) => dict
            .iter()
            .map(|(k, v)| Value::Array(Array::from_iter([Value::Str(k.clone()), v.clone()])))
            .collect(),
        // Strings and bytes are looped over only into a name or `_`.
        Value::Str(s) if !matches!(f.pattern(), ast::Pattern::Parenthesized(_)) => {
            if matches!(f.pattern(), ast::Pattern::Destructuring(_)) {
                crate::bail!(f.pattern().span(), "cannot destructure values of string");
            }
            s.graphemes().map(|g| Value::Str(Str::from(g))).collect()
        }
        Value::Bytes(bytes) if !matches!(f.pattern(), ast::Pattern::Parenthesized(_)) => {
            if matches!(f.pattern(), ast::Pattern::Destructuring(_)) {
                crate::bail!(f.pattern().span(), "cannot destructure values of bytes");
            }
            bytes.as_slice().iter().map(|b| Value::Int(i64::from(*b))).collect()
        }
        v => crate::bail!(
            f.iterable().span(),
            "{}",
            eco_format!("cannot loop over {}", v.ty().long_name())
        ),
    };

    let mut output = Value::None;
    vm.scopes.enter();
    let result = (|| {
        for item in items {
            bind::define_pattern(vm, f.pattern(), item)?;
            let body = f.body();
            let value = eval_expr(vm, body)?;
            output = join(std::mem::take(&mut output), value).at(body.span())?;
            if after_iteration(vm) {
                break;
            }
        }
        Ok(())
    })();
    vm.scopes.exit();
    result.map(|()| output)
}

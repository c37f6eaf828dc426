//! Places: the expressions that can be assigned to or mutated (`x`, `dict.key`,
//! `arr.at(i)`, `arr.first()`, `arr.last()`), resolved to a mutable value.

use ecow::eco_format;

use super::{At, Vm};
use crate::base::SourceResult;
use crate::model::{Str, Value};
use crate::syntax::ast::{self, AstNode, Expr};

/// The value an expression names, mutably.
pub fn access<'v>(vm: &'v mut Vm, expr: Expr) -> SourceResult<&'v mut Value> {
    match expr {
        Expr::Ident(ident) => vm.scopes.get_mut(ident.as_str()).at(ident.span()),
        Expr::Parenthesized(p) => access(vm, p.expr()),
        Expr::FieldAccess(field) => {
            let name = field.field();
            let target = access(vm, field.target())?;
            match target {
                Value::Dict(dict) => Ok(dict.entry(Str(name.get().clone()))),
                v => crate::bail!(name.span(), "cannot mutate fields on {}", v.ty().long_name()),
            }
        }
        Expr::FuncCall(call) => access_call(vm, call),
        other => crate::bail!(other.span(), "cannot mutate a temporary value"),
    }
}

/// `arr.at(i)`, `dict.at(key)`, `arr.first()`, `arr.last()` as places.
fn access_call<'v>(vm: &'v mut Vm, call: ast::FuncCall) -> SourceResult<&'v mut Value> {
    let Expr::FieldAccess(callee) = call.callee() else {
        crate::bail!(call.span(), "cannot mutate a temporary value");
    };
    let method = callee.field();
    let span = call.span();
    let args = super::call::eval_args(vm, call.args(), span)?;
    let target = access(vm, callee.target())?;
    let mut args = args;
    match (method.as_str(), target) {
        ("at", Value::Array(array)) => {
            let index: i64 = args.expect("index")?;
            args.finish()?;
            array.at_mut(index).at(span)
        }
        ("at", Value::Dict(dict)) => {
            let key: Str = args.expect("key")?;
            args.finish()?;
            dict.at_mut(&key).at(span)
        }
        ("first", Value::Array(array)) => {
            args.finish()?;
            array.at_mut(0).map_err(|_| "array is empty".into()).at(span)
        }
        ("last", Value::Array(array)) => {
            args.finish()?;
            array.at_mut(-1).map_err(|_| "array is empty".into()).at(span)
        }
        (name, v) => crate::bail!(
            method.span(),
            "{}",
            eco_format!("cannot mutate the result of `{}.{name}()`", v.ty().short_name())
        ),
    }
}

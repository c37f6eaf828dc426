//! Places: the expressions that can be assigned to or mutated (`x`, `dict.key`,
//! `arr.at(i)`, `arr.first()`, `arr.last()`, `dict.at(key)`), resolved to a mutable
//! value, with Typst's errors for everything else (`cannot mutate a temporary value`,
//! read-only captured variables, constants of the library, fields of other types).

use ecow::{EcoString, eco_vec};

use super::code::{eval_expr, variable_error};
use super::{At, Vm};
use crate::base::{SourceDiagnostic, SourceResult, Span};
use crate::model::{Dict, Str, Type, Value};
use crate::syntax::ast::{self, AstNode, Expr};

/// The value an expression names, mutably.
pub fn access<'v>(vm: &'v mut Vm, expr: Expr) -> SourceResult<&'v mut Value> {
    match expr {
        Expr::Ident(ident) => match vm.scopes.get_mut(ident.as_str()) {
            Ok(value) => Ok(value),
            Err(message) => Err(eco_vec![variable_error(ident.span(), message, ident.as_str())]),
        },
        Expr::Parenthesized(p) => access(vm, p.expr()),
        Expr::FieldAccess(field) => {
            let name = field.field();
            let dict = access_dict(vm, field)?;
            dict.at_mut(name.as_str()).map_err(|message| missing_key(field.span(), message))
        }
        Expr::FuncCall(call) => access_call(vm, call),
        other => {
            eval_expr(vm, other)?;
            crate::bail!(other.span(), "cannot mutate a temporary value")
        }
    }
}

/// The dictionary whose field a field access names, for assigning to the field.
pub fn access_dict<'v>(vm: &'v mut Vm, field: ast::FieldAccess) -> SourceResult<&'v mut Dict> {
    let target = field.target();
    let span = target.span();
    match access(vm, target)? {
        Value::Dict(dict) => Ok(dict),
        value => {
            let ty = value.ty();
            let name = ty.long_name();
            if matches!(ty, Type::Symbol | Type::Content | Type::Module | Type::Func | Type::Args) {
                crate::bail!(span, "cannot mutate fields on {name}");
            } else if has_fields(ty) {
                crate::bail!(span, "fields on {name} are not yet mutable";
                    hint: "try creating a new {name} with the updated field value instead");
            } else {
                crate::bail!(span, "{name} does not have accessible fields");
            }
        }
    }
}

/// Typst's error for assigning to a key a dictionary lacks, with its hint.
fn missing_key(span: Span, message: EcoString) -> ecow::EcoVec<SourceDiagnostic> {
    eco_vec![
        SourceDiagnostic::error(span, message).with_hint("use `insert` to add or update values")
    ]
}

/// Whether values of a type have fields to read (`1pt.abs`, `left.x`).
fn has_fields(ty: Type) -> bool {
    matches!(
        ty,
        Type::Length | Type::Alignment | Type::Stroke | Type::Relative | Type::Version | Type::Args
    )
}

/// `arr.at(i)`, `dict.at(key)`, `arr.first()`, `arr.last()` as places; any other call is
/// evaluated and then refused as a temporary value.
fn access_call<'v>(vm: &'v mut Vm, call: ast::FuncCall) -> SourceResult<&'v mut Value> {
    let span = call.span();
    if let Expr::FieldAccess(callee) = call.callee() {
        let method = callee.field();
        if matches!(method.as_str(), "at" | "first" | "last") {
            let mut args = super::call::eval_args(vm, call.args(), span)?;
            let target = access(vm, callee.target())?;
            let slot: Result<&mut Value, EcoString> = match (method.as_str(), target) {
                ("at", Value::Array(array)) => {
                    let index: i64 = args.expect("index")?;
                    array.at_mut(index)
                }
                ("first", Value::Array(array)) => {
                    array.at_mut(0).map_err(|_| "array is empty".into())
                }
                ("last", Value::Array(array)) => {
                    array.at_mut(-1).map_err(|_| "array is empty".into())
                }
                ("at", Value::Dict(dict)) => {
                    let key: Str = args.expect("key")?;
                    let slot = dict.at_mut(&key).map_err(|message| missing_key(span, message))?;
                    args.finish()?;
                    return Ok(slot);
                }
                (_, target) if !super::methods::has_method(target, method.as_str()) => {
                    crate::bail!(
                        span,
                        "type {} has no method `{}`",
                        target.ty().long_name(),
                        method.as_str()
                    )
                }
                _ => crate::bail!(span, "cannot mutate a temporary value"),
            };
            // A missing key is reported before unexpected arguments (such as a default,
            // which has no place to assign to).
            let slot = slot.at(span)?;
            args.finish()?;
            return Ok(slot);
        }
    }
    eval_expr(vm, Expr::FuncCall(call))?;
    crate::bail!(span, "cannot mutate a temporary value")
}

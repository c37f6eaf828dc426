//! Methods of functions (`with`, `where`) and selectors (`or`, `and`, `before`, `after`,
//! `within`; their logic is the selector's own).

use std::sync::Arc;

use crate::base::{SourceResult, Span};
use crate::model::{Args, Dict, Func, Selector, Value};

/// The names of the function methods.
pub(super) const NAMES: &[&str] = &["with", "where"];

/// The names of the selector methods.
pub(super) const SELECTOR_NAMES: &[&str] = crate::model::Selector::METHODS;

pub(super) fn call(func: Func, name: &str, args: &mut Args, span: Span) -> SourceResult<Value> {
    Ok(match name {
        "with" => Value::Func(func.with(args.take())),
        _ => {
            // All fields are taken first: a failure is the call's, not a leftover's.
            let items = std::mem::take(&mut args.items);
            let Some(elem) = func.element() else {
                crate::bail!(span, "`where()` can only be called on element functions");
            };
            let mut fields = Dict::new();
            for arg in items {
                let Some(name) = arg.name else {
                    crate::bail!(arg.span, "unexpected argument");
                };
                if name.as_str() != "label"
                    && (elem.field_index(&name).is_none() || elem.is_shorthand(&name))
                {
                    crate::bail!(
                        span,
                        "element `{}` does not have field `{}`",
                        elem.short_name(),
                        name
                    );
                }
                fields.insert(name, arg.value);
            }
            Value::Selector(Arc::new(Selector::Elem(elem, Some(fields))))
        }
    })
}

/// Calls a selector method.
pub(super) fn call_selector(
    selector: Arc<Selector>,
    name: &str,
    args: &mut Args,
) -> SourceResult<Value> {
    let selector = Arc::unwrap_or_clone(selector).method(name, args)?;
    Ok(Value::Selector(Arc::new(selector)))
}

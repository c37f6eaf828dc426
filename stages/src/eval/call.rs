//! Calls: argument lists → `Args`, function and method calls (the callee resolved before
//! the arguments, as in Typst, with its errors for fields called like methods, and
//! methods found in the target type's scope), closures (creation with their captured values and
//! evaluated defaults; invocation with positional, named, destructured and sink
//! parameters).

use std::sync::Arc;

use ecow::{EcoString, eco_format, eco_vec};

use super::code::{eval_expr, field};
use super::{Engine, FlowEvent, Scopes, Vm, access, bind, methods};
use crate::base::{SourceDiagnostic, SourceResult, Span};
use crate::model::{Args, Closure, ClosureKind, Func, FuncRepr, Scope, Value};
use crate::syntax::SyntaxKind;
use crate::syntax::ast::{self, AstNode, Expr};

/// Evaluates a function call or method call. As in Typst, the callee is resolved before
/// the arguments are evaluated (`#calc.foo(y)` complains about `foo`, not about `y`),
/// except for mutating methods, which take their arguments before the place they change.
pub fn eval_call(vm: &mut Vm, call: ast::FuncCall) -> SourceResult<Value> {
    let span = call.span();
    check_call_depth(vm.engine, span)?;
    let callee = call.callee();
    if let Expr::FieldAccess(access) = callee {
        let name = access.field();
        let target_expr = access.target();
        // Mutating methods act on the place the target names.
        if methods::is_mutating(name.as_str()) {
            let args = eval_args(vm, call.args(), span)?;
            let target = access::access(vm, target_expr)?;
            if matches!(target, Value::Array(_) | Value::Dict(_)) {
                let result = methods::call_mut(target, name.as_str(), args.clone(), span);
                let note = || eco_format!("while calling `{}`", name.as_str());
                if let Some(result) = vm.engine.trace(result, span, note)? {
                    return Ok(result);
                }
                let target = access::access(vm, target_expr)?.clone();
                let callee = resolve_method(target, access, false)?;
                return call_resolved(vm, callee, access, args, span);
            }
            let target = target.clone();
            let callee = resolve_method(target, access, false)?;
            return call_resolved(vm, callee, access, args, span);
        }
        let target = eval_expr(vm, target_expr)?;
        let module = match &target {
            Value::Module(module) => Some(EcoString::from(module.name())),
            _ => None,
        };
        let callee = resolve_method(target, access, false)?;
        if let Callee::Field(Value::Symbol(symbol)) = &callee {
            super::code::warn_deprecated_symbol(vm, access, module.as_deref(), symbol);
        }
        let args = eval_args(vm, call.args(), span)?;
        return call_resolved(vm, callee, access, args, span);
    }
    let func = eval_expr(vm, callee)?;
    let message = match &func {
        Value::Func(_) => None,
        Value::Symbol(symbol) if super::math::symbol_callable(symbol) => None,
        Value::Symbol(symbol) => Some(eco_format!("symbol {} is not callable", symbol.get())),
        Value::Type(ty) if super::library::has_constructor(*ty) => None,
        Value::Type(ty) => Some(eco_format!("type {} does not have a constructor", ty.long_name())),
        other => Some(eco_format!("expected function, found {}", other.ty().long_name())),
    };
    if let Some(message) = message {
        let mut error = SourceDiagnostic::error(callee.span(), message);
        if let Some(hint) = shadowed_std_hint(vm, callee) {
            error = error.with_hint(hint);
        }
        return Err(eco_vec![error]);
    }
    let args = eval_args(vm, call.args(), span)?;
    let name = callee_name(&func);
    let result = call_value(vm.engine, func, args, callee.span());
    vm.engine.trace(result, span, || call_note(name.as_deref()))
}

/// Typst's hint for an identifier that names a standard library definition but is
/// shadowed by a local binding (where it is used as a function, selector or rule target).
/// Closure bodies (and `context` bodies) never get it: Typst evaluates them without the
/// library as their base scope.
pub fn shadowed_std_hint(vm: &Vm, expr: Expr) -> Option<EcoString> {
    let Expr::Ident(ident) = expr else { return None };
    if vm.scopes.captured.is_some() {
        return None;
    }
    let name = ident.as_str();
    let shadowed = vm.scopes.base.get(name).is_some() && vm.scopes.get_local(name).is_some();
    shadowed
        .then(|| eco_format!("use `std.{name}` to access the shadowed standard library function"))
}

/// How deep evaluation may be nested (files and closure calls, counted as Typst counts its
/// route) where a call is still allowed: a call expression evaluated deeper fails.
const MAX_CALL_DEPTH: usize = 80;

/// Fails if a call written at `span` is nested too deep, before anything of the call is
/// evaluated: as in Typst, the call that fails is the first one evaluated at a depth past
/// the limit (`str(n)` in the body of a recursive closure), not the closure call itself.
pub fn check_call_depth(engine: &Engine, span: Span) -> SourceResult<()> {
    if engine.depth > MAX_CALL_DEPTH {
        crate::bail!(span, "maximum function call depth exceeded");
    }
    Ok(())
}

/// What `target.name(..)` calls.
pub(super) enum Callee {
    /// A method of the target's type, called on the target.
    Method(Value),
    /// A function stored in a field of a module, function, type or symbol.
    Field(Value),
    /// A function of the target's type's scope, called with the target as its first
    /// argument (`red.hsl()` is `color.hsl(red)`).
    Scoped(Value, Value),
}

/// Resolves `target.name`: a method of the target's type (or of a content's element), or
/// else a function stored in a field of a module, function, type or symbol. `in_math`
/// picks the hints of a call written in math.
pub(super) fn resolve_method(
    target: Value,
    access: ast::FieldAccess,
    in_math: bool,
) -> SourceResult<Callee> {
    let name = access.field();
    let is_container =
        matches!(target, Value::Module(_) | Value::Func(_) | Value::Type(_) | Value::Symbol(_));
    if !is_container && methods::has_method(&target, name.as_str()) {
        return Ok(Callee::Method(target));
    }
    if is_container {
        return match field(target.clone(), name.as_str()) {
            Ok(func) => Ok(Callee::Field(func)),
            Err(_) if methods::has_method(&target, name.as_str()) => Ok(Callee::Method(target)),
            Err(message) => crate::bail!(name.span(), "{}", message),
        };
    }
    match field(Value::Type(target.ty()), name.as_str()) {
        Ok(func @ Value::Func(_)) => Ok(Callee::Scoped(func, target)),
        Ok(other) => {
            crate::bail!(access.span(), "expected function, found {}", other.ty().long_name())
        }
        Err(_) => {
            // Content also has the functions of its element's scope as methods, called
            // with the content first (`figure[a].caption()` is `figure.caption(figure[a])`).
            if let Value::Content(content) = &target
                && let Ok(func @ Value::Func(_)) =
                    field(Value::Func(content.elem().into()), name.as_str())
            {
                return Ok(Callee::Scoped(func, target));
            }
            Err(eco_vec![missing_method(target, access, in_math)])
        }
    }
}

/// Calls what `resolve_method` found with the evaluated arguments.
pub(super) fn call_resolved(
    vm: &mut Vm,
    callee: Callee,
    access: ast::FieldAccess,
    args: Args,
    span: Span,
) -> SourceResult<Value> {
    let name = match &callee {
        Callee::Method(_) => Some(access.field().get().clone()),
        Callee::Field(func) | Callee::Scoped(func, _) => callee_name(func),
    };
    let result = match callee {
        Callee::Method(target) => {
            let target_span = access.target().span();
            methods::call(vm.engine, target, target_span, access.field().as_str(), args, span)
        }
        Callee::Field(func) => call_value(vm.engine, func, args, access.span()),
        Callee::Scoped(func, target) => {
            let mut args = args;
            let target_span = access.target().span();
            args.items.insert(
                0,
                crate::model::Arg {
                    span: target_span,
                    name: None,
                    value: target,
                    value_span: target_span,
                },
            );
            call_value(vm.engine, func, args, access.span())
        }
    };
    vm.engine.trace(result, span, || call_note(name.as_deref()))
}

/// The name a call of `callee` is traced under, if it has one.
fn callee_name(callee: &Value) -> Option<EcoString> {
    match callee {
        Value::Func(func) => func.name().map(|name| name.rsplit('.').next().unwrap_or(name).into()),
        Value::Type(ty) => Some(ty.short_name().into()),
        _ => None,
    }
}

/// The trace step of a call: `while calling `f``, or `while calling function`.
fn call_note(name: Option<&str>) -> EcoString {
    match name {
        Some(name) => eco_format!("while calling `{name}`"),
        None => "while calling function".into(),
    }
}

/// Typst's error for `target.name(..)` where the target's type has no method `name`,
/// with hints where `name` is a field that was meant to be read or a stored function
/// that was meant to be called. It points to the field access, not the whole call. In
/// math, the hints say how to get there from math.
fn missing_method(target: Value, access: ast::FieldAccess, in_math: bool) -> SourceDiagnostic {
    let span = access.span();
    let name = access.field();
    let name = name.as_str();
    let source = access.to_untyped().to_text();
    let (kind, owner) = match &target {
        Value::Content(content) => ("element", EcoString::from(content.elem().short_name())),
        other => ("type", EcoString::from(other.ty().long_name())),
    };
    let stored = match &target {
        Value::Dict(dict) => dict.at(name).ok().cloned(),
        Value::Args(args) => {
            args.named_items().find(|(k, _)| k.as_str() == name).map(|(_, v)| v.clone())
        }
        // As in Typst, content has a field only where it is set (`rect().body()` has
        // no method `body` rather than an inaccessible field).
        _ => field(target.clone(), name).ok(),
    };
    let Some(stored) = stored else {
        return SourceDiagnostic::error(span, eco_format!("{kind} {owner} has no method `{name}`"));
    };
    let (message, what) = match &target {
        Value::Dict(_) => ("cannot directly call dictionary keys as functions".into(), "key"),
        Value::Args(_) => {
            ("cannot directly call named argument fields as functions".into(), "argument")
        }
        _ => (eco_format!("`{name}` is not a valid method for {kind} `{owner}`"), "field"),
    };
    let callable = match &stored {
        Value::Func(_) => true,
        Value::Type(ty) => super::library::has_constructor(*ty),
        _ => false,
    };
    let mut error = SourceDiagnostic::error(span, message);
    error = if callable && in_math {
        error.with_hint(eco_format!(
            "to call the stored function, use code mode and wrap the field access in \
             parentheses: `#({source})(..)`"
        ))
    } else if callable {
        error.with_hint(eco_format!(
            "to call the stored function, wrap the field access in parentheses: `({source})(..)`"
        ))
    } else if in_math {
        error.with_hint("try adding a space before the parentheses")
    } else {
        error.with_hint(eco_format!(
            "to access the `{name}` {what}, remove the function arguments: `{source}`"
        ))
    };
    match &target {
        Value::Dict(_) => error.with_hint(
            "dictionary keys cannot be used with method syntax as keys could conflict with \
             built-in method names",
        ),
        Value::Args(_) => error.with_hint(
            "named arguments cannot be used with method syntax as argument names could \
             conflict with built-in method names",
        ),
        _ => error,
    }
}

/// Calls a value: a function, a type (its constructor), or a symbol (an accent or a
/// delimiter, as Typst makes functions of them).
pub fn call_value(
    engine: &mut Engine,
    callee: Value,
    args: Args,
    span: Span,
) -> SourceResult<Value> {
    match callee {
        Value::Func(func) => func.call(engine, args),
        Value::Type(ty) => super::library::construct(engine, ty, args),
        Value::Symbol(symbol) => super::math::call_symbol(&symbol, args, span),
        v => crate::bail!(span, "expected function, found {}", v.ty().long_name()),
    }
}

/// Evaluates call arguments, resolving spreads. A library function passed as an argument
/// is located where it was passed (errors about its results point there).
pub fn eval_args(vm: &mut Vm, args: ast::Args, span: Span) -> SourceResult<Args> {
    let mut out = Args::new(span, []);
    for arg in args.items() {
        match arg {
            ast::Arg::Pos(expr) => {
                let value = eval_expr(vm, expr)?;
                out.push(expr.span(), located(value, expr.span()));
            }
            ast::Arg::Named(named) => {
                // Named arguments are located by the whole `name: value` pair.
                let expr = named.expr();
                let value = located(eval_expr(vm, expr)?, expr.span());
                let name = named.name().get().clone().into();
                out.push_named(named.span(), expr.span(), name, value);
            }
            ast::Arg::Spread(spread) => {
                let value = eval_expr(vm, spread.expr())?;
                spread_into(&mut out, value, spread.span())?;
            }
        }
    }
    Ok(out)
}

/// A function value located at `span` if it has no place of its own.
fn located(value: Value, span: Span) -> Value {
    match value {
        Value::Func(func) => Value::Func(func.spanned(span)),
        other => other,
    }
}

/// Creates a closure value: captures the outside variables its body mentions and
/// evaluates the defaults of its named parameters.
pub fn eval_closure(vm: &mut Vm, closure: ast::Closure) -> SourceResult<Value> {
    let mut defaults = Vec::new();
    for param in closure.params().children() {
        if let ast::Param::Named(named) = param {
            defaults.push(eval_expr(vm, named.expr())?);
        }
    }
    let node = closure.to_untyped().clone();
    let captured = capture(vm, &node);
    let name = closure.name().map(|n| n.get().clone());
    let data = Closure { node, kind: ClosureKind::Closure, captured, defaults, name };
    // As in Typst, a closure is located at its parameters (`x` in `x => x + 1`).
    Ok(Value::Func(Func::new(FuncRepr::Closure(Arc::new(data)), closure.params().span())))
}

/// The values of the local variables that `node` mentions. Every identifier counts, even
/// one the body binds itself: capturing too much is harmless, since inner bindings shadow
/// captured ones.
pub fn capture(vm: &Vm, node: &crate::syntax::SyntaxNode) -> Scope {
    let mut scope = Scope::new();
    let mut stack = vec![node];
    while let Some(node) = stack.pop() {
        if matches!(node.kind(), SyntaxKind::Ident | SyntaxKind::MathIdent) {
            let name = node.text();
            if scope.get(name).is_none()
                && let Some(value) = vm.scopes.get_local(name)
            {
                scope.define(name.clone(), value.clone());
                if let Some(message) = vm.scopes.deprecation(name) {
                    scope.deprecate(name.clone(), message);
                }
            }
        }
        stack.extend(node.children());
    }
    scope
}

/// Calls a closure with arguments.
pub fn call_closure(
    engine: &mut Engine,
    func: &Func,
    closure: &Arc<Closure>,
    mut args: Args,
) -> SourceResult<Value> {
    let base = engine.world.library();
    let mut scopes = Scopes::new(base);
    scopes.captured = Some(&closure.captured);
    scopes.in_context = closure.kind == ClosureKind::Context;
    let file = closure.node.span().id();
    let mut vm = Vm::new(engine, scopes, file);

    let body = match closure.kind {
        ClosureKind::Context => {
            ast::Contextual::from_untyped(&closure.node).map(|c| c.body()).unwrap_or_default()
        }
        ClosureKind::Closure => {
            let node = ast::Closure::from_untyped(&closure.node).unwrap_or_default();
            if let Some(ident) = node.name() {
                vm.define_ident(ident, Value::Func(func.clone()));
            } else if let Some(name) = &closure.name {
                vm.scopes.define(name.clone(), Value::Func(func.clone()));
            }
            bind_params(&mut vm, node, &closure.defaults, &mut args)?;
            node.body()
        }
    };
    args.finish()?;

    let output = eval_expr(&mut vm, body)?;
    match vm.flow.take() {
        None => Ok(output),
        Some(FlowEvent::Return(_, Some(value), _)) => Ok(value),
        Some(FlowEvent::Return(_, None, _)) => Ok(output),
        Some(other) => Err(eco_vec![other.forbidden()]),
    }
}

/// Binds the parameters of a closure to the arguments. The sink takes the named
/// arguments nobody else took, then the positional ones the other positional
/// parameters leave over (those after the sink take theirs from the end).
fn bind_params(
    vm: &mut Vm,
    closure: ast::Closure,
    defaults: &[Value],
    args: &mut Args,
) -> SourceResult<()> {
    let params: Vec<ast::Param> = closure.params().children().collect();
    let pos_params = params.iter().filter(|p| matches!(p, ast::Param::Pos(_))).count();
    let pos_args = args.positional().count();
    let sink_size = pos_args.checked_sub(pos_params);
    let mut sink: Option<Option<ast::Ident>> = None;
    let mut sink_values: Vec<crate::model::Arg> = Vec::new();
    let mut defaults = defaults.iter();
    for param in params {
        match param {
            ast::Param::Pos(pattern) => {
                let what: EcoString = match pattern {
                    ast::Pattern::Normal(Expr::Ident(ident)) => ident.get().clone(),
                    _ => "pattern parameter".into(),
                };
                let value: Value = args.expect(&what)?;
                bind::define_pattern(vm, pattern, value)?;
            }
            ast::Param::Named(named) => {
                let default = defaults.next().cloned().unwrap_or_default();
                let name = named.name();
                let value = args.named::<Value>(name.as_str())?.unwrap_or(default);
                vm.define_ident(name, value);
            }
            ast::Param::Spread(spread) => {
                sink = Some(spread.sink_ident());
                if let Some(size) = sink_size {
                    for _ in 0..size {
                        let Some(i) = args.items.iter().position(|a| a.name.is_none()) else {
                            break;
                        };
                        sink_values.push(args.items.remove(i));
                    }
                }
            }
        }
    }
    if let Some(sink) = sink {
        // The remaining arguments are taken even by an unnamed sink.
        let mut rest = args.take();
        if let Some(ident) = sink {
            rest.items.extend(sink_values);
            vm.define_ident(ident, Value::Args(Arc::new(rest)));
        }
    }
    Ok(())
}

/// Spreads a value into arguments (`..value` in a call, also in math calls).
pub(super) fn spread_into(out: &mut Args, value: Value, span: Span) -> SourceResult<()> {
    match value {
        Value::None => {}
        Value::Array(array) => {
            for value in array {
                out.push(span, value);
            }
        }
        Value::Dict(dict) => {
            for (key, value) in dict.iter() {
                out.push_named(span, span, key.clone(), value.clone());
            }
        }
        Value::Args(args) => out.items.extend(args.items.iter().cloned()),
        v => crate::bail!(span, "cannot spread {}", v.ty().long_name()),
    }
    Ok(())
}

//! Code: expressions → values. Literals, identifiers, blocks (whose results are joined),
//! arrays and dictionaries with spreads, unary and binary operators (short-circuiting
//! `and`/`or`, assignments), field access, and the dispatch of every expression kind to
//! the module that evaluates it.

use ecow::{EcoString, EcoVec, eco_format, eco_vec};

use super::{At, Vm, access, bind, call, flow, import, markup, rules};
use crate::base::{Abs, Angle, Em, SourceDiagnostic, SourceResult, Span};
use crate::model::{Array, Dict, Fr, Length, Ratio, Str, Type, Value, join, ops_fns as ops};
use crate::syntax::ast::{self, AstNode, BinOp, Expr, UnOp, Unit};

/// Evaluates an expression.
pub fn eval_expr(vm: &mut Vm, expr: Expr) -> SourceResult<Value> {
    let span = expr.span();
    let value = match expr {
        Expr::Text(_)
        | Expr::Space(_)
        | Expr::Linebreak(_)
        | Expr::Parbreak(_)
        | Expr::Escape(_)
        | Expr::Shorthand(_)
        | Expr::SmartQuote(_)
        | Expr::Strong(_)
        | Expr::Emph(_)
        | Expr::Raw(_)
        | Expr::Link(_)
        | Expr::Ref(_)
        | Expr::Heading(_)
        | Expr::ListItem(_)
        | Expr::EnumItem(_)
        | Expr::TermItem(_)
        | Expr::Equation(_) => Value::Content(markup::eval_markup_node(vm, expr)?.spanned(span)),
        Expr::Math(_)
        | Expr::MathText(_)
        | Expr::MathIdent(_)
        | Expr::MathShorthand(_)
        | Expr::MathAlignPoint(_)
        | Expr::MathDelimited(_)
        | Expr::MathAttach(_)
        | Expr::MathPrimes(_)
        | Expr::MathFrac(_)
        | Expr::MathRoot(_) => Value::Content(markup::eval_math_node(vm, expr)?),
        Expr::Label(label) => Value::Label(crate::model::Label(label.get().into())),
        Expr::Ident(ident) => match vm.scopes.get(ident.as_str()) {
            Ok(value) => {
                let value = value.clone();
                warn_deprecated_binding(vm, ident.as_str(), span);
                value
            }
            Err(message) => return Err(eco_vec![variable_error(span, message, ident.as_str())]),
        },
        Expr::None(_) => Value::None,
        Expr::Auto(_) => Value::Auto,
        Expr::Bool(v) => Value::Bool(v.get()),
        Expr::Int(v) => Value::Int(v.get()),
        Expr::Float(v) => Value::Float(v.get()),
        Expr::Numeric(v) => numeric(v.get()),
        Expr::Str(v) => Value::Str(Str(v.get())),
        Expr::CodeBlock(block) => {
            vm.scopes.enter();
            let result = eval_code(vm, &mut block.body().exprs());
            vm.scopes.exit();
            result?
        }
        Expr::ContentBlock(block) => {
            vm.scopes.enter();
            let result = markup::eval_markup(vm, &mut block.body().exprs());
            vm.scopes.exit();
            Value::Content(result?)
        }
        Expr::Parenthesized(p) => eval_expr(vm, p.expr())?,
        Expr::Array(array) => eval_array(vm, array)?,
        Expr::Dict(dict) => eval_dict(vm, dict)?,
        Expr::Unary(unary) => eval_unary(vm, unary)?,
        Expr::Binary(binary) => eval_binary(vm, binary)?,
        Expr::FieldAccess(access) => {
            let target = eval_expr(vm, access.target())?;
            let (name, span) = (access.field(), access.field().span());
            // An element's settable field reads the styles in effect (in `context`);
            // an element function in its scope (`figure.caption`) goes first.
            if let Value::Func(func) = &target
                && let Some(elem) = func.element()
                && func.field(name.as_str()).is_none()
                && let Some(value) = super::style_field(vm.engine, elem, name.as_str(), span)
            {
                return value;
            }
            let from_module = match &target {
                Value::Module(module) => Some(EcoString::from(module.name())),
                _ => None,
            };
            let value = field(target, name.as_str()).at(span)?;
            if let Value::Symbol(symbol) = &value {
                warn_deprecated_symbol(vm, access, from_module.as_deref(), symbol);
            }
            value
        }
        Expr::FuncCall(c) => call::eval_call(vm, c)?,
        Expr::Closure(c) => call::eval_closure(vm, c)?,
        Expr::LetBinding(binding) => {
            bind::eval_let(vm, binding)?;
            Value::None
        }
        Expr::DestructAssignment(assign) => {
            let value = eval_expr(vm, assign.value())?;
            bind::assign_pattern(vm, assign.pattern(), value)?;
            Value::None
        }
        // Rules style what follows them, so they stand only directly in code and content
        // blocks (`eval_code`, `eval_markup`); `rules::eval_show` takes a `set`
        // transformation itself.
        Expr::SetRule(_) => {
            crate::bail!(span, "set is only allowed directly in code and content blocks")
        }
        Expr::ShowRule(_) => {
            crate::bail!(span, "show is only allowed directly in code and content blocks")
        }
        Expr::Contextual(c) => Value::Content(rules::eval_context(vm, c)?),
        Expr::Conditional(c) => flow::eval_conditional(vm, c)?,
        Expr::WhileLoop(w) => flow::eval_while(vm, w)?,
        Expr::ForLoop(f) => flow::eval_for(vm, f)?,
        Expr::LoopBreak(_) => {
            vm.flow.get_or_insert(super::FlowEvent::Break(span));
            Value::None
        }
        Expr::LoopContinue(_) => {
            vm.flow.get_or_insert(super::FlowEvent::Continue(span));
            Value::None
        }
        Expr::FuncReturn(ret) => {
            let value = ret.body().map(|body| eval_expr(vm, body)).transpose()?;
            let unconditional = value.is_some();
            vm.flow.get_or_insert(super::FlowEvent::Return(span, value, unconditional));
            Value::None
        }
        Expr::ModuleImport(i) => {
            import::eval_import(vm, i)?;
            Value::None
        }
        Expr::ModuleInclude(i) => Value::Content(import::eval_include(vm, i)?),
    };
    // As in Typst, a function without a place of its own is located at the first
    // expression that gave it (`calc.abs` in `let f = calc.abs`): errors about calls
    // made with it elsewhere (`map(f)`) point there.
    Ok(match value {
        Value::Func(func) => Value::Func(func.spanned(span)),
        other => other,
    })
}

/// Evaluates a sequence of code expressions, joining their results. A `set` or `show`
/// rule styles the rest of the sequence.
pub fn eval_code<'a>(
    vm: &mut Vm,
    exprs: &mut impl Iterator<Item = Expr<'a>>,
) -> SourceResult<Value> {
    let mut output = Value::None;
    while let Some(expr) = exprs.next() {
        let span = expr.span();
        let value = match expr {
            Expr::SetRule(set) => {
                let styles = rules::eval_set(vm, set)?;
                if vm.flow.is_some() {
                    break;
                }
                let tail = eval_code(vm, exprs)?.display();
                Value::Content(tail.styled(styles))
            }
            Expr::ShowRule(show) => {
                let recipe = rules::eval_show(vm, show)?;
                if vm.flow.is_some() {
                    break;
                }
                let tail = eval_code(vm, exprs)?.display();
                Value::Content(rules::apply_recipe(vm, tail, recipe)?)
            }
            _ => eval_expr(vm, expr)?,
        };
        // The warning about a discarding `return` comes only once the join succeeded; it
        // looks at everything joined so far, the expression that returned included (a
        // content block a `return` leaves joins what it had before).
        output = join(output, value).at(span)?;
        if matches!(vm.flow, Some(super::FlowEvent::Return(_, Some(_), true))) {
            warn_discarded(vm, &output);
        }
        if vm.flow.is_some() {
            break;
        }
    }
    Ok(output)
}

/// Warns when a `return` with a value, reached unconditionally, throws away content that
/// the enclosing code blocks joined before it. Each return is warned about once.
fn warn_discarded(vm: &mut Vm, joined: &Value) {
    let Some(super::FlowEvent::Return(span, Some(_), unconditional @ true)) = &mut vm.flow else {
        return;
    };
    let Value::Content(content) = joined else { return };
    *unconditional = false;
    let mut warning =
        crate::warning!(*span, "this return unconditionally discards the content before it")
            .with_hint("try omitting the `return` to automatically join all values");
    if holds_update(content) {
        warning = warning.with_hint(
            "state/counter updates are content that must end up in the document to have an \
             effect",
        );
    }
    vm.warn(warning);
}

/// Whether content holds a state or counter update anywhere inside it.
fn holds_update(content: &crate::model::Content) -> bool {
    fn value_holds(value: &Value) -> bool {
        match value {
            Value::Content(content) => holds_update(content),
            Value::Array(array) => array.as_slice().iter().any(value_holds),
            _ => false,
        }
    }
    content.is(crate::model::STATE_UPDATE)
        || content.is(crate::model::COUNTER_UPDATE)
        || content.fields().iter().any(|(_, value)| value_holds(value))
}

/// The value of a numeric literal.
fn numeric((v, unit): (f64, Unit)) -> Value {
    let abs = |abs| Value::Length(Length::abs(abs));
    match unit {
        Unit::Pt => abs(Abs::pt(v)),
        Unit::Mm => abs(Abs::mm(v)),
        Unit::Cm => abs(Abs::cm(v)),
        Unit::In => abs(Abs::inches(v)),
        Unit::Em => Value::Length(Length::em(Em::new(v))),
        Unit::Rad => Value::Angle(Angle::rad(v)),
        Unit::Deg => Value::Angle(Angle::deg(v)),
        Unit::Fr => Value::Fraction(Fr(v)),
        Unit::Percent => Value::Ratio(Ratio(v / 100.0)),
    }
}

/// An array literal. Spreading a dictionary into it is an error; where every item is a
/// spread of a dictionary, the hint suggests the dictionary literal that was meant.
fn eval_array(vm: &mut Vm, array: ast::Array) -> SourceResult<Value> {
    let mut items = EcoVec::new();
    let mut only_dict_spreads = true;
    let mut rest = array.items();
    while let Some(item) = rest.next() {
        match item {
            ast::ArrayItem::Pos(expr) => {
                only_dict_spreads = false;
                items.push(eval_expr(vm, expr)?);
            }
            ast::ArrayItem::Spread(spread) => match eval_expr(vm, spread.expr())? {
                Value::None => {}
                Value::Array(array) => {
                    only_dict_spreads = false;
                    items.extend(array);
                }
                v => {
                    let mut error = SourceDiagnostic::error(
                        spread.span(),
                        eco_format!("cannot spread {} into array", v.ty().long_name()),
                    );
                    // Like Typst, the remaining spreads are evaluated to decide.
                    if matches!(v, Value::Dict(_))
                        && only_dict_spreads
                        && rest.all(|item| {
                            matches!(item, ast::ArrayItem::Spread(s)
                                if matches!(eval_expr(vm, s.expr()), Ok(Value::Dict(_))))
                        })
                    {
                        let fixed = array.to_untyped().to_text().replacen("(", "(: ", 1);
                        error = error.with_hint(eco_format!(
                            "add a colon to create a dictionary instead: `{fixed}`"
                        ));
                    }
                    return Err(ecow::eco_vec![error]);
                }
            },
        }
    }
    Ok(Value::Array(Array(items)))
}

/// A dictionary literal. Every key of a wrong type is reported, not just the first.
fn eval_dict(vm: &mut Vm, dict: ast::Dict) -> SourceResult<Value> {
    let mut out = Dict::new();
    let mut bad_keys = EcoVec::new();
    for item in dict.items() {
        match item {
            ast::DictItem::Named(named) => {
                let value = eval_expr(vm, named.expr())?;
                out.insert(named.name().get().clone().into(), value);
            }
            ast::DictItem::Keyed(keyed) => {
                let key = match eval_expr(vm, keyed.key())? {
                    Value::Str(s) => Some(s),
                    Value::Symbol(s) => Some(crate::model::Str(s.get().into())),
                    v => {
                        let message = crate::model::mismatch("string", &v);
                        bad_keys.push(crate::error!(keyed.key().span(), "{}", message));
                        None
                    }
                };
                let value = eval_expr(vm, keyed.expr())?;
                if let Some(key) = key {
                    out.insert(key, value);
                }
            }
            ast::DictItem::Spread(spread) => match eval_expr(vm, spread.expr())? {
                Value::None => {}
                Value::Dict(dict) => out.extend(dict),
                v => crate::bail!(
                    spread.span(),
                    "cannot spread {} into dictionary",
                    v.ty().long_name()
                ),
            },
        }
    }
    if !bad_keys.is_empty() {
        return Err(bad_keys);
    }
    Ok(Value::Dict(out))
}

fn eval_unary(vm: &mut Vm, unary: ast::Unary) -> SourceResult<Value> {
    let value = eval_expr(vm, unary.expr())?;
    match unary.op() {
        UnOp::Pos => ops::pos(value),
        UnOp::Neg => ops::neg(value),
        UnOp::Not => ops::not(value),
    }
    .at(unary.span())
}

fn eval_binary(vm: &mut Vm, binary: ast::Binary) -> SourceResult<Value> {
    let op = binary.op();
    let span = binary.span();
    match op {
        BinOp::And | BinOp::Or => {
            let lhs = eval_expr(vm, binary.lhs())?;
            // Short-circuit: the right side is not evaluated when the left decides.
            if let Value::Bool(b) = lhs
                && (b == (op == BinOp::Or))
            {
                return Ok(Value::Bool(b));
            }
            let rhs = eval_expr(vm, binary.rhs())?;
            return if op == BinOp::And { ops::and(lhs, rhs) } else { ops::or(lhs, rhs) }.at(span);
        }
        BinOp::Assign
        | BinOp::AddAssign
        | BinOp::SubAssign
        | BinOp::MulAssign
        | BinOp::DivAssign => {
            let rhs = eval_expr(vm, binary.rhs())?;
            let lhs = binary.lhs();
            // Assigning a whole pattern (`(a, b) = ..`) is a destructuring assignment.
            if op == BinOp::Assign && matches!(lhs, Expr::Array(_) | Expr::Dict(_)) {
                let pattern = ast::Pattern::from_untyped(lhs.to_untyped()).unwrap_or_default();
                bind::assign_pattern(vm, pattern, rhs)?;
                return Ok(Value::None);
            }
            // Assigning to a dictionary's field may create the field.
            if op == BinOp::Assign
                && let Expr::FieldAccess(field) = lhs
            {
                let dict = access::access_dict(vm, field)?;
                dict.insert(Str(field.field().get().clone()), rhs);
                return Ok(Value::None);
            }
            let slot = access::access(vm, lhs)?;
            // The old value is moved out so that `+=` on a large array does not copy it;
            // an error ends evaluation, so the slot need not be restored.
            let old = std::mem::take(slot);
            *slot = match op {
                BinOp::Assign => rhs,
                BinOp::AddAssign => ops::add(old, rhs).at(span)?,
                BinOp::SubAssign => ops::sub(old, rhs).at(span)?,
                BinOp::MulAssign => ops::mul(old, rhs).at(span)?,
                _ => ops::div(old, rhs).at(span)?,
            };
            return Ok(Value::None);
        }
        _ => {}
    }
    let lhs = eval_expr(vm, binary.lhs())?;
    let rhs = eval_expr(vm, binary.rhs())?;
    use std::cmp::Ordering::*;
    match op {
        BinOp::Add => ops::add(lhs, rhs),
        BinOp::Sub => ops::sub(lhs, rhs),
        BinOp::Mul => ops::mul(lhs, rhs),
        BinOp::Div => ops::div(lhs, rhs),
        BinOp::Eq => Ok(Value::Bool(lhs == rhs)),
        BinOp::Neq => Ok(Value::Bool(lhs != rhs)),
        BinOp::Lt => ops::cmp_op(lhs, rhs, |o| o == Less),
        BinOp::Leq => ops::cmp_op(lhs, rhs, |o| o != Greater),
        BinOp::Gt => ops::cmp_op(lhs, rhs, |o| o == Greater),
        BinOp::Geq => ops::cmp_op(lhs, rhs, |o| o != Less),
        BinOp::In => ops::in_(lhs, rhs),
        BinOp::NotIn => ops::not_in(lhs, rhs),
        _ => unreachable!("handled above"),
    }
    .at(span)
}

/// An error about the variable `name` (unknown, read-only), with Typst's hint for a
/// name that was probably meant as a subtraction (`a-b`).
pub fn variable_error(span: Span, message: EcoString, name: &str) -> SourceDiagnostic {
    let error = SourceDiagnostic::error(span, message.clone());
    let minus = name.matches('-').count();
    if !message.starts_with("unknown variable") || minus == 0 {
        return error;
    }
    let spaced = name.split('-').collect::<Vec<_>>().join(" - ");
    let plural = if minus > 1 { "s" } else { "" };
    error.with_hint(eco_format!(
        "if you meant to use subtraction, try adding spaces around the minus sign{plural}: `{spaced}`"
    ))
}

/// The field `name` of a value: a dictionary key, a content field, a module binding, a
/// function in a function's scope, a constant of a type, or a part of a length.
pub fn field(target: Value, name: &str) -> Result<Value, ecow::EcoString> {
    if let Some(result) = super::library::number_field(&target, name) {
        return result;
    }
    match &target {
        Value::Dict(dict) => dict.at(name).cloned(),
        Value::Content(content) => content.get(name),
        Value::Module(module) => module
            .scope()
            .get(name)
            .cloned()
            .ok_or_else(|| eco_format!("module `{}` does not contain `{name}`", module.name())),
        Value::Func(func) => func.field(name).ok_or_else(|| match func.name() {
            _ if func.is_closure() => "cannot access fields on user-defined functions".into(),
            Some(f) => {
                // A function goes by its short name (`caption`, not `figure.caption`).
                let f = f.rsplit('.').next().unwrap_or(f);
                eco_format!("function `{f}` does not contain field `{name}`")
            }
            None => eco_format!("function does not contain field `{name}`"),
        }),
        Value::Type(ty) => type_field(*ty, name)
            .ok_or_else(|| eco_format!("type {} does not contain field `{name}`", ty.long_name())),
        Value::Args(args) => super::methods::args_field(args, name),
        Value::Symbol(symbol) => symbol.modified(name).map(Value::Symbol),
        Value::Version(version) => version.field(name),
        Value::Length(length) => match name {
            "abs" => Ok(Value::Length(Length::abs(length.abs))),
            "em" => Ok(Value::Float(length.em.get())),
            _ => Err(eco_format!("length does not contain field \"{name}\"")),
        },
        Value::Alignment(align) => match name {
            "x" => {
                Ok(align.x.map_or(Value::None, |x| Value::Alignment(crate::model::Alignment::h(x))))
            }
            "y" => {
                Ok(align.y.map_or(Value::None, |y| Value::Alignment(crate::model::Alignment::v(y))))
            }
            _ => Err(eco_format!("alignment does not contain field \"{name}\"")),
        },
        Value::Stroke(stroke) => stroke.field(name),
        Value::Relative(rel) => match name {
            "ratio" => Ok(Value::Ratio(rel.rel)),
            "length" => Ok(Value::Length(rel.abs)),
            _ => Err(eco_format!("relative length does not contain field \"{name}\"")),
        },
        v => Err(eco_format!("cannot access fields on type {}", v.ty().long_name())),
    }
}

/// The constants and functions reachable from a type: `float.inf`, `array.range`.
pub(super) fn type_field(ty: Type, name: &str) -> Option<Value> {
    match (ty, name) {
        (Type::Float, "inf") => Some(Value::Float(f64::INFINITY)),
        (Type::Float, "nan") => Some(Value::Float(f64::NAN)),
        _ => super::library::type_scope(ty, name).or_else(|| {
            let method = super::methods::type_method(ty, name)?;
            let repr = crate::model::FuncRepr::Method(ty, method);
            Some(Value::Func(crate::model::Func::new(repr, Span::detached())))
        }),
    }
}

/// Warns (at `span`) when `name` is a local binding that an import brought in deprecated,
/// as `join` after `import sym: join`.
pub(super) fn warn_deprecated_binding(vm: &mut Vm, name: &str, span: Span) {
    if let Some(message) = vm.scopes.deprecation(name) {
        vm.warn(crate::warning!(span, "{}", message));
    }
}

/// Warns when a field access selects a deprecated symbol: a deprecated binding of `sym`,
/// `emoji` or `math`, or a deprecated variant of a symbol. Codex words the whole message.
pub(super) fn warn_deprecated_symbol(
    vm: &mut Vm,
    access: ast::FieldAccess,
    module: Option<&str>,
    symbol: &crate::model::Symbol,
) {
    let name = access.field();
    let message = match module {
        Some(module) => super::math::symbol_binding_deprecation(module, name.as_str()),
        None => symbol.deprecation(),
    };
    if let Some(message) = message {
        vm.warn(crate::warning!(name.span(), "{}", message));
    }
}

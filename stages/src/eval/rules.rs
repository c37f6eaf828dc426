//! Rules: `set` (conditional, element functions only) → styles; `show` with its selector
//! forms (element function, `.where(..)`, label, string, symbol, regex, selector, none;
//! `model::Selector::showable` refuses the rest with Typst's errors) and
//! transformations (function, content, `set` rule) → a recipe; `show: f` applied to the
//! rest at once; `context` → a content element holding a closure.

use std::sync::Arc;

use ecow::{EcoString, EcoVec, eco_vec};

use super::call::{capture, eval_args, shadowed_std_hint};
use super::code::eval_expr;
use super::{At, Vm};
use crate::base::{SourceDiagnostic, SourceResult};
use crate::model::{
    Args, BLOCK, CONTEXT, Closure, ClosureKind, Content, FromValue, Func, FuncRepr, PAGE, PAR,
    Recipe, Selector, Style, Styles, Transformation, Value, mismatch,
};
use crate::syntax::ast::{self, AstNode};

/// Evaluates a `set` rule.
pub fn eval_set(vm: &mut Vm, set: ast::SetRule) -> SourceResult<Styles> {
    if let Some(condition) = set.condition() {
        match eval_expr(vm, condition)? {
            Value::Bool(true) => {}
            Value::Bool(false) => return Ok(Styles::new()),
            v => return Err(mismatch("boolean", &v)).at(condition.span()),
        }
    }
    let target = set.target();
    let elem = match eval_expr(vm, target)? {
        Value::Func(func) => match func.element().filter(|e| !e.is_function_only()) {
            Some(elem) => elem,
            None => crate::bail!(target.span(), "only element functions can be used in set rules"),
        },
        // A type stands for its constructor, which is never an element function.
        v @ Value::Type(_) => match Func::from_value(v) {
            Ok(_) => crate::bail!(target.span(), "only element functions can be used in set rules"),
            Err(message) => return Err(with_shadow_hint(vm, target, message)),
        },
        v => return Err(with_shadow_hint(vm, target, mismatch("function", &v))),
    };
    let mut args = eval_args(vm, set.args(), set.args().span())?;
    crate::eval::library::check_font_families(vm.engine, elem, &args);
    crate::eval::library::check_set_files(vm.engine, elem, &args)?;
    let styles = elem.set(&mut args)?;
    args.finish()?;
    // As in Typst, a property's span is the whole set rule's (errors about misplaced
    // page and document rules point at it).
    let mut spanned = Styles::new();
    for style in styles.iter() {
        let mut style = style.clone();
        if let Style::Property(property) = &mut style {
            property.span = set.span();
        }
        spanned.push(style);
    }
    Ok(spanned)
}

/// Evaluates a `show` rule into a recipe.
pub fn eval_show(vm: &mut Vm, show: ast::ShowRule) -> SourceResult<Recipe> {
    let selector = match show.selector() {
        Some(expr) => match Selector::showable(eval_expr(vm, expr)?) {
            Ok(selector) => Some(selector),
            Err(message) => return Err(with_shadow_hint(vm, expr, message)),
        },
        None => None,
    };
    let transform_expr = show.transform();
    // A `set` rule is a transformation only here, right after the colon.
    if let ast::Expr::SetRule(set) = transform_expr {
        let transform = Transformation::Styles(eval_set(vm, set)?);
        return Ok(checked(vm, Recipe { selector, transform, span: show.span() }));
    }
    let transform = match eval_expr(vm, transform_expr)? {
        // A library function is called with the place where the rule names it.
        Value::Func(func) => Transformation::Func(func.spanned(transform_expr.span())),
        Value::Styles(styles) => Transformation::Styles(styles),
        // A type stands for its constructor (`show heading: str`), as in Typst.
        v @ Value::Type(_) => {
            let func = <crate::model::Func as crate::model::FromValue>::from_value(v)
                .at(transform_expr.span())?;
            Transformation::Func(func)
        }
        v @ (Value::Content(_) | Value::Str(_) | Value::Symbol(_) | Value::None) => {
            Transformation::Content(v.display())
        }
        v => {
            return Err(mismatch("content or function", &v)).at(transform_expr.span());
        }
    };
    Ok(checked(vm, Recipe { selector, transform, span: show.span() }))
}

/// An error at `expr`, with Typst's hint where `expr` names a shadowed library definition.
fn with_shadow_hint(vm: &Vm, expr: ast::Expr, message: EcoString) -> EcoVec<SourceDiagnostic> {
    let mut error = SourceDiagnostic::error(expr.span(), message);
    if let Some(hint) = shadowed_std_hint(vm, expr) {
        error = error.with_hint(hint);
    }
    eco_vec![error]
}

/// The recipe, after warning (as Typst does) that `show page` rules and
/// `show par: set block(spacing: ..)` rules have no effect.
fn checked(vm: &mut Vm, recipe: Recipe) -> Recipe {
    let elem = match recipe.selector {
        Some(Selector::Elem(elem, _)) => Some(elem),
        _ => None,
    };
    if elem == Some(PAGE) {
        vm.warn(crate::warning!(recipe.span, "`show page` is not supported and has no effect";
            hint: "customize pages with `set page(..)` instead"));
    }
    if elem == Some(PAR)
        && let Transformation::Styles(styles) = &recipe.transform
        && sets_block_spacing(styles)
    {
        vm.warn(crate::warning!(recipe.span,
            "`show par: set block(spacing: ..)` has no effect anymore";
            hint: "write `set par(spacing: ..)` instead";
            hint: "this is specific to paragraphs as they are not considered blocks anymore"));
    }
    recipe
}

/// Whether `styles` set a block's `above` or `below` spacing (`spacing` sets both).
fn sets_block_spacing(styles: &Styles) -> bool {
    let above = BLOCK.field_index("above");
    let below = BLOCK.field_index("below");
    styles.iter().any(|style| {
        matches!(style, Style::Property(p)
            if p.elem == BLOCK && (Some(p.field) == above || Some(p.field) == below))
    })
}

/// A value as a selector, as `selector(..)` casts it.
pub fn selector(value: Value) -> Result<Selector, ecow::EcoString> {
    Selector::from_value(value)
}

/// Applies a recipe to the content after it: a rule without a selector transforms the
/// content now; one with a selector styles it (realization applies it later).
pub fn apply_recipe(vm: &mut Vm, content: Content, recipe: Recipe) -> SourceResult<Content> {
    if recipe.selector.is_some() {
        return Ok(content.styled(Style::Recipe(recipe).into()));
    }
    Ok(match recipe.transform {
        Transformation::Content(replacement) => replacement,
        Transformation::Styles(styles) => content.styled(styles),
        Transformation::Func(func) => {
            // (an element function makes an element placed at the rule, as in Typst).
            let named = !func.span().is_detached() && func.element().is_none();
            let span = if named { func.span() } else { recipe.span };
            let args = Args::new(span, [Value::Content(content)]);
            func.call(vm.engine, args)?.display()
        }
    })
}

/// Evaluates `context expr` into a context element holding the expression as a closure.
pub fn eval_context(vm: &mut Vm, c: ast::Contextual) -> SourceResult<Content> {
    let node = c.to_untyped().clone();
    let captured = capture(vm, &node);
    let closure =
        Closure { node, kind: ClosureKind::Context, captured, defaults: Vec::new(), name: None };
    let func = Func::new(FuncRepr::Closure(Arc::new(closure)), c.span());
    Ok(Content::new(CONTEXT).with_field("func", Value::Func(func)).spanned(c.span()))
}

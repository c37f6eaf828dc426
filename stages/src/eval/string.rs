//! `eval`uating a string: text → parsed in code, markup or math mode → a value, with the
//! library plus an optional scope of extra bindings. The text has no file: all its syntax
//! nodes take the span of the string given to `eval`, so that diagnostics point there and
//! relative paths resolve from the calling file. Math mode gives an inline equation.

use ecow::EcoVec;

use super::code::eval_code;
use super::markup::{eval_markup, eval_math_node};
use super::{Engine, Scopes, Vm};
use crate::base::{SourceDiagnostic, SourceResult, Span};
use crate::model::{Content, Dict, EQUATION, Value};
use crate::syntax::ast::{self, AstNode};
use crate::syntax::{parse, parse_code, parse_math};

/// The syntax mode a string is evaluated in.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
pub enum EvalMode {
    Code,
    Markup,
    Math,
}

/// Evaluates `text` in `mode`, with `scope`'s pairs bound as variables.
pub fn eval_string(
    engine: &mut Engine,
    text: &str,
    span: Span,
    mode: EvalMode,
    scope: Dict,
) -> SourceResult<Value> {
    let mut root = match mode {
        EvalMode::Code => parse_code(text),
        EvalMode::Markup => parse(text),
        EvalMode::Math => parse_math(text),
    };
    // Everything in the text is located at the string, so that diagnostics point there
    // and relative paths resolve from the calling file.
    root.synthesize(span);
    let locate = |errors: EcoVec<SourceDiagnostic>| -> EcoVec<SourceDiagnostic> {
        errors
            .into_iter()
            .map(|mut diag| {
                diag.span = diag.span.or(span);
                diag
            })
            .collect()
    };
    if root.erroneous() {
        return Err(locate(
            root.errors()
                .into_iter()
                .map(|e| SourceDiagnostic::error(span, e.message).with_hints(e.hints))
                .collect(),
        ));
    }

    // The parser's warnings (`**`) point at the string as well.
    for warning in root.warnings() {
        engine.warnings.push(
            SourceDiagnostic::warning(warning.span.or(span), warning.message)
                .with_hints(warning.hints),
        );
    }
    let base = engine.world.library();
    let warned = engine.warnings.len();
    // As in Typst, the text is evaluated at depth zero, however deep `eval` was called.
    let depth = std::mem::replace(&mut engine.depth, 0);
    // Relative paths in the text resolve from the file that called `eval`.
    let mut vm = Vm::new(engine, Scopes::new(base), span.id());
    for (name, value) in scope.iter() {
        vm.scopes.define(name.0.clone(), value.clone());
    }
    let result = match mode {
        EvalMode::Code => {
            let code = ast::Code::from_untyped(&root).unwrap_or_default();
            eval_code(&mut vm, &mut code.exprs())
        }
        EvalMode::Markup => {
            let markup = ast::Markup::from_untyped(&root).unwrap_or_default();
            eval_markup(&mut vm, &mut markup.exprs()).map(Value::Content)
        }
        EvalMode::Math => {
            let math = ast::Math::from_untyped(&root).unwrap_or_default();
            eval_math_node(&mut vm, ast::Expr::Math(math)).map(|body| {
                Value::Content(
                    Content::new(EQUATION)
                        .with_field("block", Value::Bool(false))
                        .with_field("body", Value::Content(body)),
                )
            })
        }
    };
    let flow = vm.flow.take();
    vm.engine.depth = depth;
    // Warnings from the text point at it too.
    for warning in vm.engine.warnings.make_mut()[warned..].iter_mut() {
        warning.span = warning.span.or(span);
    }
    let value = result.map_err(locate)?;
    if let Some(flow) = flow {
        return Err(locate(ecow::eco_vec![flow.forbidden()]));
    }
    Ok(value)
}

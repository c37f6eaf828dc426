//! Markup → content: text, spaces, breaks, escapes and shorthands (as the characters they
//! stand for), smart quotes, strong and emphasis, raw text, links, labels (attached to the
//! preceding element), references, headings, list/enum/term items and equations. `set`
//! and `show` rules in markup style the rest of it.
//!
//! An equation's math becomes the elements of the `math` module (`math.rs` evaluates
//! each piece; embedded code is evaluated here).

use ecow::eco_format;

use super::code::eval_expr;
use super::{Vm, rules};
use crate::base::{SourceResult, Span};
use crate::model::{
    Content, EMPH, ENUM_ITEM, EQUATION, HEADING, LINEBREAK, LINK, LIST_ITEM, Label, PARBREAK, RAW,
    REF, SMARTQUOTE, SPACE, STRONG, Str, TERM_ITEM, Value,
};
use crate::syntax::ast::{self, AstNode, Expr};

/// Evaluates markup into content.
pub fn eval_markup<'a>(
    vm: &mut Vm,
    exprs: &mut impl Iterator<Item = Expr<'a>>,
) -> SourceResult<Content> {
    let mut seq: Vec<Content> = Vec::new();
    while let Some(expr) = exprs.next() {
        match expr {
            Expr::SetRule(set) => {
                let styles = rules::eval_set(vm, set)?;
                if vm.flow.is_some() {
                    break;
                }
                let tail = eval_markup(vm, exprs)?;
                seq.push(tail.styled(styles));
            }
            Expr::ShowRule(show) => {
                let recipe = rules::eval_show(vm, show)?;
                if vm.flow.is_some() {
                    break;
                }
                let tail = eval_markup(vm, exprs)?;
                seq.push(rules::apply_recipe(vm, tail, recipe)?);
            }
            Expr::Label(label) => attach(vm, &mut seq, Label(label.get().into()), label.span()),
            // An embedded expression that broke off (`#{ [a]; break }`) still adds what it
            // made before (`a`), as in Typst.
            expr => match eval_expr(vm, expr)? {
                Value::Label(label) => attach(vm, &mut seq, label, expr.span()),
                value => seq.push(value.display().spanned(expr.span())),
            },
        }
        if vm.flow.is_some() {
            break;
        }
    }
    Ok(Content::sequence_of(seq))
}

/// Attaches a label to the last element before it that is not a space or a paragraph
/// break; a second label replaces the first with a warning.
fn attach(vm: &mut Vm, seq: &mut [Content], label: Label, span: Span) {
    let target = seq.iter_mut().rev().find(|c| !c.is(SPACE) && !c.is(PARBREAK));
    match target {
        Some(content) => {
            if content.label().is_some() {
                vm.warn(crate::warning!(
                    content.span(),
                    "content labelled multiple times";
                    hint: "only the last label is used, the rest are ignored"
                ));
            }
            *content = content.clone().labelled(label);
        }
        None => {
            vm.warn(crate::warning!(span, "label `{}` is not attached to anything", label.repr()))
        }
    }
}

/// Evaluates markup inside a node (the body of strong, a heading, …) in its own scope.
fn body(vm: &mut Vm, markup: ast::Markup) -> SourceResult<Value> {
    vm.scopes.enter();
    let result = eval_markup(vm, &mut markup.exprs());
    vm.scopes.exit();
    Ok(Value::Content(result?))
}

/// Evaluates one markup node.
pub fn eval_markup_node(vm: &mut Vm, expr: Expr) -> SourceResult<Content> {
    Ok(match expr {
        Expr::Text(text) => Content::text(text.get().clone()),
        Expr::Space(_) => Content::new(SPACE),
        Expr::Linebreak(_) => Content::new(LINEBREAK),
        Expr::Parbreak(_) => Content::new(PARBREAK),
        // Escapes and shorthands are symbols, as in Typst (`[\#].func()` is `symbol`).
        Expr::Escape(escape) => crate::model::symbol_content(escape.get().to_string()),
        Expr::Shorthand(shorthand) => crate::model::symbol_content(shorthand.get().to_string()),
        Expr::SmartQuote(quote) => {
            Content::new(SMARTQUOTE).with_field("double", Value::Bool(quote.double()))
        }
        Expr::Strong(strong) => Content::new(STRONG).with_field("body", body(vm, strong.body())?),
        Expr::Emph(emph) => Content::new(EMPH).with_field("body", body(vm, emph.body())?),
        Expr::Raw(raw) => {
            let lines: Vec<&str> = raw.lines().map(|line| line.get().as_str()).collect();
            let mut content = Content::new(RAW)
                .with_field("text", Value::Str(Str(lines.join("\n").into())))
                .with_field("block", Value::Bool(raw.block()));
            if let Some(lang) = raw.lang() {
                content = content.with_field("lang", Value::Str(Str(lang.get().clone())));
            }
            content
        }
        Expr::Link(link) => {
            let url = link.get().clone();
            Content::new(LINK)
                .with_field("dest", Value::Str(Str(url.clone())))
                .with_field("body", Value::Content(Content::text(url)))
        }
        Expr::Ref(reference) => {
            let mut content = Content::new(REF)
                .with_field("target", Value::Label(Label(reference.target().into())));
            if let Some(supplement) = reference.supplement() {
                let supplement = eval_expr(vm, Expr::ContentBlock(supplement))?;
                content = content.with_field("supplement", supplement);
            }
            content
        }
        Expr::Heading(heading) => Content::new(HEADING)
            .with_field("depth", Value::Int(heading.depth().get() as i64))
            .with_field("body", body(vm, heading.body())?),
        Expr::ListItem(item) => Content::new(LIST_ITEM).with_field("body", body(vm, item.body())?),
        Expr::EnumItem(item) => {
            let mut content = Content::new(ENUM_ITEM);
            if let Some(number) = item.number() {
                let number = i64::try_from(number).unwrap_or(i64::MAX);
                content = content.with_field("number", Value::Int(number));
            }
            content.with_field("body", body(vm, item.body())?)
        }
        Expr::TermItem(item) => Content::new(TERM_ITEM)
            .with_field("term", body(vm, item.term())?)
            .with_field("description", body(vm, item.description())?),
        Expr::Equation(equation) => {
            let math = eval_math_node(vm, Expr::Math(equation.body()))?;
            Content::new(EQUATION)
                .with_field("block", Value::Bool(equation.block()))
                .with_field("body", Value::Content(math))
        }
        other => crate::bail!(other.span(), "{}", eco_format!("unexpected markup")),
    })
}

/// Evaluates math into content: embedded code is evaluated and displayed, spaces are
/// spaces, and every other piece of math becomes its math element (`math.rs`).
pub fn eval_math_node(vm: &mut Vm, expr: Expr) -> SourceResult<Content> {
    match expr {
        Expr::Math(math) => {
            let mut seq = Vec::new();
            for child in math.exprs() {
                seq.push(eval_math_node(vm, child)?);
            }
            Ok(Content::sequence_of(seq))
        }
        Expr::Space(_) => Ok(Content::new(SPACE)),
        e if e.hash() && !math_head(e) => Ok(eval_expr(vm, e)?.display().spanned(e.span())),
        e => super::math::eval_math_expr(vm, e),
    }
}

/// Whether a call or field access starts with a math identifier (`frac(a, b)`, `arrow.r`):
/// math syntax, not embedded code.
fn math_head(expr: Expr) -> bool {
    match expr {
        Expr::FuncCall(call) => math_head(call.callee()),
        Expr::FieldAccess(access) => math_head(access.target()),
        Expr::MathIdent(_) => true,
        _ => false,
    }
}

//! The symbol modules `sym` and `emoji` (built once from the `codex` crate's tables) and
//! the `symbol(..variants)` constructor with Typst's checks.

use std::collections::BTreeSet;
use std::sync::LazyLock;

use ecow::{EcoString, eco_format, eco_vec};
use unicode_segmentation::UnicodeSegmentation;

use crate::base::{SourceDiagnostic, SourceResult};
use crate::eval::At;
use crate::model::{Args, Content, Module, Scope, Str, Symbol, Value, mismatch, repr_str};
use crate::syntax::is_ident;

/// The `sym` module.
static SYM: LazyLock<Module> = LazyLock::new(|| module("sym", codex::SYM));

/// The `emoji` module.
static EMOJI: LazyLock<Module> = LazyLock::new(|| module("emoji", codex::EMOJI));

/// Adds `sym` and `emoji` to the global scope.
pub fn define(scope: &mut Scope) {
    scope.define("sym", Value::Module(SYM.clone()));
    scope.define("emoji", Value::Module(EMOJI.clone()));
}

/// The deprecation message of the binding `key` in the symbol module `module` (`sym` or
/// `emoji`), if it is deprecated.
pub fn binding_deprecation(module: &str, key: &str) -> Option<&'static str> {
    let source = match module {
        "sym" => codex::SYM,
        "emoji" => codex::EMOJI,
        _ => return None,
    };
    source.get(key)?.deprecation
}

/// A library module from a codex module, its submodules included.
fn module(name: &str, source: codex::Module) -> Module {
    let mut scope = Scope::new();
    for (key, binding) in source.iter() {
        match binding.def {
            codex::Def::Symbol(symbol) => scope.define(key, Value::Symbol(Symbol::codex(symbol))),
            codex::Def::Module(inner) => scope.define(key, Value::Module(module(key, inner))),
        }
    }
    Module::new(name, scope, Content::empty())
}

/// `symbol(..variants)`: a default text and `(modifiers, text)` pairs.
pub fn construct(args: &mut Args) -> SourceResult<Value> {
    let mut variants: Vec<(EcoString, EcoString)> = Vec::new();
    let mut seen: Vec<BTreeSet<EcoString>> = Vec::new();
    let items: Vec<_> = args.items.iter().filter(|arg| arg.name.is_none()).cloned().collect();
    args.items.retain(|arg| arg.name.is_some());
    if items.is_empty() {
        crate::bail!(args.span, "expected at least one variant");
    }
    for arg in items {
        let span = arg.span;
        let (modifiers, text) = match arg.value {
            Value::Str(s) => (Str::default(), s),
            Value::Array(pair) => {
                if pair.len() != 2 {
                    crate::bail!(span, "variant array must contain exactly two entries");
                }
                let text_of = |v: &Value| match v {
                    Value::Str(s) => Ok(s.clone()),
                    Value::Symbol(s) => Ok(Str::from(s.get())),
                    v => Err(mismatch("string", v)),
                };
                let modifiers = text_of(&pair.0[0]).at(span)?;
                let text = text_of(&pair.0[1]).at(span)?;
                (modifiers, text)
            }
            Value::Symbol(s) => (Str::default(), Str::from(s.get())),
            v => crate::bail!(span, "{}", mismatch("string or array", &v)),
        };
        let set: BTreeSet<EcoString> = if modifiers.is_empty() {
            BTreeSet::new()
        } else {
            let mut set = BTreeSet::new();
            for m in modifiers.split('.') {
                if !is_ident(m) {
                    crate::bail!(span, "invalid symbol modifier: {}", repr_str(m));
                }
                if !set.insert(EcoString::from(m)) {
                    return Err(eco_vec![
                        SourceDiagnostic::error(
                            span,
                            eco_format!("duplicate modifier within variant: {}", repr_str(m)),
                        )
                        .with_hint("modifiers are not ordered, so each one may appear only once")
                    ]);
                }
            }
            set
        };
        if text.as_str().graphemes(true).count() != 1 {
            crate::bail!(span, "invalid variant value: {}", repr_str(&text));
        }
        if let Some(index) = seen.iter().position(|other| *other == set) {
            if set.is_empty() {
                crate::bail!(span, "duplicate default variant");
            }
            let mut error = SourceDiagnostic::error(
                span,
                eco_format!("duplicate variant: {}", repr_str(&modifiers)),
            );
            if variants[index].0 != modifiers.as_str() {
                error = error.with_hint(
                    "variants with the same modifiers are identical, regardless of their order",
                );
            }
            return Err(eco_vec![error]);
        }
        seen.push(set);
        variants.push((modifiers.0, text.0));
    }
    Ok(Value::Symbol(Symbol::runtime(variants)))
}

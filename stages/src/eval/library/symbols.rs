//! The symbol modules `sym` and `emoji` (built once from the `codex` crate's tables) and
//! the `symbol(..variants)` constructor with Typst's checks.

use std::sync::LazyLock;

use ecow::{EcoVec, eco_format};
use unicode_segmentation::UnicodeSegmentation;

use crate::base::{SourceDiagnostic, SourceResult, Span};
use crate::model::{
    Args, Content, FromValue, Module, Scope, Str, StrResult, Symbol, Value, mismatch, repr_str,
};
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
        if let Some(message) = binding.deprecation {
            scope.deprecate(key, message);
        }
    }
    Module::new(name, scope, Content::empty())
}

/// One argument of `symbol`: a text alone (the default variant) or a `(modifiers, text)`
/// pair.
struct Variant(Str, Str);

impl FromValue for Variant {
    fn from_value(value: Value) -> StrResult<Self> {
        let text_of = |v: Value| match v {
            Value::Str(s) => Ok(s),
            Value::Symbol(s) => Ok(Str::from(s.get())),
            v => Err(mismatch("string", &v)),
        };
        match value {
            Value::Array(pair) => match pair.0.as_slice() {
                [modifiers, text] => Ok(Self(text_of(modifiers.clone())?, text_of(text.clone())?)),
                _ => Err("variant array must contain exactly two entries".into()),
            },
            v @ (Value::Str(_) | Value::Symbol(_)) => Ok(Self(Str::default(), text_of(v)?)),
            v => Err(mismatch("string or array", &v)),
        }
    }
}

/// `symbol(..variants)`: a default text and `(modifiers, text)` pairs. As in Typst,
/// every bad variant is reported, each with its first problem (a bad text and a bad
/// modifier may both be).
pub fn construct(args: &mut Args) -> SourceResult<Value> {
    let variants: Vec<(Variant, Span)> = args.all_spanned()?;
    args.take().finish()?;
    if variants.is_empty() {
        crate::bail!(args.span, "expected at least one variant");
    }
    let mut errors = EcoVec::new();
    // The sorted modifiers of each valid variant so far, with its index.
    let mut seen: Vec<(Vec<&str>, usize)> = Vec::new();
    for (i, (Variant(modifiers, text), span)) in variants.iter().enumerate() {
        let span = *span;
        if text.as_str().graphemes(true).count() != 1 {
            errors.push(
                SourceDiagnostic::error(
                    span,
                    eco_format!("invalid variant value: {}", repr_str(text)),
                )
                .with_hint("variant value must be exactly one grapheme cluster"),
            );
        }
        let mut set: Vec<&str> = Vec::new();
        if !modifiers.is_empty() {
            if let Some(bad) = modifiers.split('.').find(|m| !is_ident(m)) {
                let message = eco_format!("invalid symbol modifier: {}", repr_str(bad));
                errors.push(SourceDiagnostic::error(span, message));
                continue;
            }
            set = modifiers.split('.').collect();
        }
        set.sort_unstable();
        if let Some(pair) = set.windows(2).find(|pair| pair[0] == pair[1]) {
            let message = eco_format!("duplicate modifier within variant: {}", repr_str(pair[0]));
            errors.push(
                SourceDiagnostic::error(span, message)
                    .with_hint("modifiers are not ordered, so each one may appear only once"),
            );
            continue;
        }
        if let Some(&(_, first)) = seen.iter().find(|(other, _)| *other == set) {
            let error = if modifiers.is_empty() {
                SourceDiagnostic::error(span, "duplicate default variant")
            } else {
                let message = eco_format!("duplicate variant: {}", repr_str(modifiers));
                let error = SourceDiagnostic::error(span, message);
                if variants[first].0.0 == *modifiers {
                    error
                } else {
                    error.with_hint(
                        "variants with the same modifiers are identical, regardless of their order",
                    )
                }
            };
            errors.push(error);
            continue;
        }
        seen.push((set, i));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let variants = variants.into_iter().map(|(Variant(m, t), _)| (m.0, t.0)).collect();
    Ok(Value::Symbol(Symbol::runtime(variants)))
}

//! Evaluation: a parsed source → a `Module` (its top-level bindings and its content).
//!
//! The evaluator walks the typed AST with a `Vm` (scopes and control flow) over an
//! `Engine` (the world, the import route, the call depth and the warning sink). Code
//! evaluates to values, markup to content; `set` and `show` rules evaluate to styles that
//! apply to the rest of the enclosing block or markup; `context` becomes a content element
//! holding a closure that layout calls later. Files are read only through the `World`.

mod engine;
mod memory;
mod world;

mod access;
mod bind;
mod call;
mod code;
mod flow;
mod import;
mod markup;
mod math;
mod methods;
mod rules;
mod string;
mod styled;

pub mod library;

pub use self::call::call_closure;
pub use self::engine::{At, Engine, FlowEvent, Here, Scopes, Vm};
pub use self::import::{eval, eval_warned, resolve_path};
pub use self::memory::MemoryWorld;
pub use self::methods::call_type_method;
pub(crate) use self::rules::selector as selector_of;
pub use self::string::{EvalMode, eval_string};
pub use self::styled::{require_context, style_field, text_size, to_absolute};
pub use self::world::{FileError, TypesetWorld, Typesetter, World};

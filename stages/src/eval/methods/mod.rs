//! Methods: `value.name(args)` with Typst's names, parameters and errors, one module per
//! type family. Mutating methods (`push`, `pop`, `insert`, `remove`) act on a place; the
//! rest on a value.

mod dispatch;

mod args;
mod array;
mod color;
mod content;
mod datetime;
mod dict;
mod func;
mod numeric;
mod str;

pub use self::dispatch::{call, call_mut, has_method, is_mutating};

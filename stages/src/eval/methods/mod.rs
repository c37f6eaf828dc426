//! Methods: `value.name(args)` with Typst's names, parameters and errors, one module per
//! type family. Mutating methods (`push`, `pop`, `insert`, `remove`) act on a place; the
//! rest on a value.

mod dispatch;

mod align;
mod args;
mod array;
mod bytes;
mod color;
mod content;
mod datetime;
mod dict;
mod duration;
mod float;
mod func;
mod gradient;
mod int;
mod numeric;
mod str;
mod typed;

pub use self::args::named_field as args_field;
pub use self::array::{construct as construct_array, range as array_range};
pub use self::dict::construct as construct_dict;
pub use self::dispatch::{call, call_mut, has_method, is_mutating};
pub use self::typed::{call_type_method, type_method};

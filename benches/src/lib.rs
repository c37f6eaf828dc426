//! Benchmark inputs: generated books (`generate`), compiled in the stages' in-memory
//! world (`MemoryWorld`). The benches themselves are in `benches/`.

mod generate;

pub use self::generate::generate_markup;
pub use quire_stages::eval::MemoryWorld;

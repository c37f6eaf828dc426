//! Benchmark inputs: generated books (`generate`) and an in-memory world to compile them
//! in (`world`). The benches themselves are in `benches/`.

mod generate;
mod world;

pub use self::generate::generate_markup;
pub use self::world::MemoryWorld;

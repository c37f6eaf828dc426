//! Benchmark inputs: generated books (`generate`) and the evaluation bench's documents
//! (`documents`), compiled in the stages' in-memory world (`MemoryWorld`). The benches
//! themselves are in `benches/`.

mod documents;
mod generate;

pub use self::documents::{DATA, JSON_PATH, JSON_ROWS, SCRIPT, generate_json};
pub use self::generate::generate_markup;
pub use quire_stages::eval::MemoryWorld;

//! SVG export: a laid-out page → one standalone SVG document. Glyphs, images and clip
//! paths are defined once per page and referenced; each page renders independently, so
//! the pipeline can call this from any number of workers.

mod image;
mod render;
mod shape;
mod text;
mod write;

pub use self::render::render_page;

//! Exporters: laid-out documents (`quire_stages::doc`) → PDF, PNG, SVG and HTML files.
//! Exporters never see `Content` or syntax. Filled in by the pipeline issue (issue 3).

pub mod pdf;
pub mod png;
mod raster_glyphs;
pub mod svg;

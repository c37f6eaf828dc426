//! Grids and tables: cell resolution (`cells`), track sizing (`tracks`) and the layout of
//! rows into regions with fills and strokes (`layout`).

mod cells;
mod layout;
mod tracks;

pub(super) use self::layout::layout_grid;

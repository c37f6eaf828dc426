//! Pages: page runs → laid pages (`run`: geometry from the `page` properties and named
//! papers from `paper`, the run's flow in the body regions, pagination with parity), and
//! laid pages + numbers → final pages (`finalize`: numbering, header, footer, background,
//! foreground, fill).

mod finalize;
mod paper;
mod run;
#[cfg(test)]
mod tests;

pub use self::finalize::finalize_page;
pub use self::paper::{paper_names, paper_size, styled_paper};
pub use self::run::{Geometry, Paginator, layout_run, paginate, set_later};

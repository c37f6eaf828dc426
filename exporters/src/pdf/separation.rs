//! Spot inks: an [`Ink`] → a Separation colour space object (PDF 1.7, 8.6.6.4 Separation
//! colour spaces), so that the ink gets its own plate at a print shop.
//!
//! The colorant is the ink's name (`/All` and `/None` for the special names). Where the
//! output device lacks the colorant, it paints in the alternate space, the device space of
//! the ink's fallback colour, through a linear tint transform (a type 2 exponential
//! function with N = 1, PDF 1.7, 7.10.3) from no ink (white) to the full-strength fallback.

use pdf_writer::{Name, Pdf, Ref};
use quire_stages::doc::{Color, Ink, InkName};

/// Writes the Separation colour space of `ink` as object `id`.
pub(super) fn write_separation(pdf: &mut Pdf, id: Ref, ink: &Ink) {
    let name = match &ink.name {
        InkName::All => Name(b"All"),
        InkName::None => Name(b"None"),
        InkName::Custom(name) => Name(name.as_bytes()),
    };
    let (space, white, full) = alternate(ink.fallback);
    let mut separation = pdf.color_space(id).separation(name);
    let alternate = separation.alternate_color_space();
    match space {
        Device::Gray => alternate.device_gray(),
        Device::Rgb => alternate.device_rgb(),
        Device::Cmyk => alternate.device_cmyk(),
    }
    separation
        .tint_exponential()
        .domain([0.0, 1.0])
        .range(full.iter().flat_map(|_| [0.0, 1.0]))
        .c0(white)
        .c1(full)
        .n(1.0);
}

/// A device colour space (pdf-writer keeps its own enum private).
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
enum Device {
    Gray,
    Rgb,
    Cmyk,
}

/// The alternate device space of a fallback colour, with white (no ink) and the colour in
/// it. The fallback's alpha does not apply: inks are opaque.
fn alternate(fallback: Color) -> (Device, Vec<f32>, Vec<f32>) {
    match fallback {
        Color::Luma { l, .. } => (Device::Gray, vec![1.0], vec![l]),
        Color::Cmyk { c, m, y, k } => (Device::Cmyk, vec![0.0; 4], vec![c, m, y, k]),
        Color::Rgb { r, g, b, .. } => (Device::Rgb, vec![1.0; 3], vec![r, g, b]),
        // The model never makes a spot ink the fallback of another; should it happen,
        // the preview stands in.
        Color::Spot(spot) => {
            let [r, g, b, _] = Color::Spot(spot).to_rgba();
            (Device::Rgb, vec![1.0; 3], vec![r, g, b])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fallbacks_choose_the_alternate_space() {
        let (space, white, full) = alternate(Color::Cmyk { c: 0.1, m: 0.2, y: 0.3, k: 0.4 });
        assert_eq!(space, Device::Cmyk);
        assert_eq!((white, full), (vec![0.0; 4], vec![0.1, 0.2, 0.3, 0.4]));
        let (space, white, _) = alternate(Color::Luma { l: 0.2, a: 0.5 });
        assert_eq!((space, white), (Device::Gray, vec![1.0]));
    }
}

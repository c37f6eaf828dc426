//! Paper sizes: Typst's named page presets (`page(paper: "a4")`) → width and height.
//! A uniform table, hence longer than its logic; sizes in millimetres, portrait unless
//! the format is landscape by definition (ledger, presentations, business cards).

use crate::base::{Abs, Size};
use crate::model::{PAGE, StyleChain, Value};

/// The size of a named paper, or `None` for an unknown name.
pub fn paper_size(name: &str) -> Option<Size> {
    PAPERS.iter().find(|(n, _, _)| *n == name).map(|&(_, w, h)| Size::new(Abs::mm(w), Abs::mm(h)))
}

/// The size of the paper the page styles name (`page.paper`), A4 by default.
pub fn styled_paper(chain: &StyleChain) -> Size {
    let named = match chain.get(PAGE, "paper") {
        Some(Value::Str(name)) => paper_size(&name.0),
        _ => None,
    };
    named.unwrap_or(Size::new(Abs::mm(210.0), Abs::mm(297.0)))
}

/// The names of all papers, in Typst's order (for error messages).
pub fn paper_names() -> impl Iterator<Item = &'static str> {
    PAPERS.iter().map(|(n, _, _)| *n)
}

/// Name, width and height in millimetres.
const PAPERS: &[(&str, f64, f64)] = &[
    ("a0", 841.0, 1189.0),
    ("a1", 594.0, 841.0),
    ("a2", 420.0, 594.0),
    ("a3", 297.0, 420.0),
    ("a4", 210.0, 297.0),
    ("a5", 148.0, 210.0),
    ("a6", 105.0, 148.0),
    ("a7", 74.0, 105.0),
    ("a8", 52.0, 74.0),
    ("a9", 37.0, 52.0),
    ("a10", 26.0, 37.0),
    ("a11", 18.0, 26.0),
    ("iso-b1", 707.0, 1000.0),
    ("iso-b2", 500.0, 707.0),
    ("iso-b3", 353.0, 500.0),
    ("iso-b4", 250.0, 353.0),
    ("iso-b5", 176.0, 250.0),
    ("iso-b6", 125.0, 176.0),
    ("iso-b7", 88.0, 125.0),
    ("iso-b8", 62.0, 88.0),
    ("iso-c3", 324.0, 458.0),
    ("iso-c4", 229.0, 324.0),
    ("iso-c5", 162.0, 229.0),
    ("iso-c6", 114.0, 162.0),
    ("iso-c7", 81.0, 114.0),
    ("iso-c8", 57.0, 81.0),
    ("din-d3", 272.0, 385.0),
    ("din-d4", 192.0, 272.0),
    ("din-d5", 136.0, 192.0),
    ("din-d6", 96.0, 136.0),
    ("din-d7", 68.0, 96.0),
    ("din-d8", 48.0, 68.0),
    ("sis-g5", 169.0, 239.0),
    ("sis-e5", 115.0, 220.0),
    ("ansi-a", 216.0, 279.0),
    ("ansi-b", 279.0, 432.0),
    ("ansi-c", 432.0, 559.0),
    ("ansi-d", 559.0, 864.0),
    ("ansi-e", 864.0, 1118.0),
    ("arch-a", 229.0, 305.0),
    ("arch-b", 305.0, 457.0),
    ("arch-c", 457.0, 610.0),
    ("arch-d", 610.0, 914.0),
    ("arch-e1", 762.0, 1067.0),
    ("arch-e", 914.0, 1219.0),
    ("jis-b0", 1030.0, 1456.0),
    ("jis-b1", 728.0, 1030.0),
    ("jis-b2", 515.0, 728.0),
    ("jis-b3", 364.0, 515.0),
    ("jis-b4", 257.0, 364.0),
    ("jis-b5", 182.0, 257.0),
    ("jis-b6", 128.0, 182.0),
    ("jis-b7", 91.0, 128.0),
    ("jis-b8", 64.0, 91.0),
    ("jis-b9", 45.0, 64.0),
    ("jis-b10", 32.0, 45.0),
    ("jis-b11", 22.0, 32.0),
    ("sac-d0", 764.0, 1064.0),
    ("sac-d1", 532.0, 760.0),
    ("sac-d2", 380.0, 528.0),
    ("sac-d3", 264.0, 376.0),
    ("sac-d4", 188.0, 260.0),
    ("sac-d5", 130.0, 184.0),
    ("sac-d6", 92.0, 126.0),
    ("iso-id-1", 85.6, 53.98),
    ("iso-id-2", 74.0, 105.0),
    ("iso-id-3", 88.0, 125.0),
    ("asia-f4", 210.0, 330.0),
    ("jp-shiroku-ban-4", 264.0, 379.0),
    ("jp-shiroku-ban-5", 189.0, 262.0),
    ("jp-shiroku-ban-6", 127.0, 188.0),
    ("jp-kiku-4", 227.0, 306.0),
    ("jp-kiku-5", 151.0, 227.0),
    ("jp-business-card", 91.0, 55.0),
    ("cn-business-card", 90.0, 54.0),
    ("eu-business-card", 85.0, 55.0),
    ("fr-tellière", 340.0, 440.0),
    ("fr-couronne-écriture", 360.0, 460.0),
    ("fr-couronne-édition", 370.0, 470.0),
    ("fr-raisin", 500.0, 650.0),
    ("fr-carré", 450.0, 560.0),
    ("fr-jésus", 560.0, 760.0),
    ("uk-brief", 406.4, 342.9),
    ("uk-draft", 254.0, 406.4),
    ("uk-foolscap", 203.2, 330.2),
    ("uk-quarto", 203.2, 254.0),
    ("uk-crown", 508.0, 381.0),
    ("uk-book-a", 111.0, 178.0),
    ("uk-book-b", 129.0, 198.0),
    ("us-letter", 215.9, 279.4),
    ("us-legal", 215.9, 355.6),
    ("us-tabloid", 279.4, 431.8),
    ("us-executive", 184.15, 266.7),
    ("us-foolscap-folio", 215.9, 342.9),
    ("us-statement", 139.7, 215.9),
    ("us-ledger", 431.8, 279.4),
    ("us-oficio", 215.9, 340.36),
    ("us-gov-letter", 203.2, 266.7),
    ("us-gov-legal", 215.9, 330.2),
    ("us-business-card", 88.9, 50.8),
    ("us-digest", 139.7, 215.9),
    ("us-trade", 152.4, 228.6),
    ("newspaper-compact", 280.0, 430.0),
    ("newspaper-berliner", 315.0, 470.0),
    ("newspaper-broadsheet", 381.0, 578.0),
    ("presentation-16-9", 297.0, 167.0625),
    ("presentation-4-3", 280.0, 210.0),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Looks up `name` and compares its size in millimetres.
    fn check(name: &str, width: f64, height: f64) {
        let size = paper_size(name).unwrap();
        assert!((size.width.to_mm() - width).abs() < 1e-9, "{name}");
        assert!((size.height.to_mm() - height).abs() < 1e-9, "{name}");
    }

    #[test]
    fn papers_have_their_sizes() {
        check("a4", 210.0, 297.0);
        check("us-letter", 215.9, 279.4);
        check("a5", 148.0, 210.0);
        check("presentation-16-9", 297.0, 167.0625);
        assert_eq!(paper_names().count(), 107);
        assert!(paper_size("a12").is_none());
    }
}

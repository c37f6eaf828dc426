//! Book generation: a byte budget → a deterministic, realistic Typst document of about
//! that size (headings, paragraphs with strong and emphasized text, lists, `#let`
//! bindings, function calls, math, raw blocks and tables).
//!
//! The same budget always gives the same text, so that runs compare. Every block is
//! complete on its own, so the text parses without errors at any size.

use std::fmt::Write;

/// A document of at least `bytes` bytes, overshooting by at most one block (under 2 KB).
pub fn generate_markup(bytes: usize) -> String {
    let mut generator = Generator { out: String::with_capacity(bytes + 2048), rng: Rng(SEED) };
    generator.preamble();
    let mut block = 0_usize;
    while generator.out.len() < bytes {
        generator.block(block);
        block += 1;
    }
    generator.out
}

const SEED: u64 = 0x5EED_F00D_CAFE;

const WORDS: &[&str] = &[
    "the",
    "layout",
    "of",
    "a",
    "page",
    "flows",
    "into",
    "columns",
    "and",
    "every",
    "paragraph",
    "is",
    "shaped",
    "before",
    "lines",
    "are",
    "broken",
    "with",
    "care",
    "for",
    "widows",
    "orphans",
    "hyphens",
    "quire",
    "typesets",
    "books",
    "in",
    "parallel",
    "while",
    "fonts",
    "load",
    "lazily",
    "counters",
    "advance",
    "figures",
    "float",
    "to",
    "top",
    "margins",
    "stay",
    "wide",
    "enough",
    "readers",
    "notice",
    "rhythm",
    "spacing",
    "grids",
    "théorie",
    "naïve",
    "Straße",
    "déjà",
    "vu",
    "über",
    "résumé",
];

const FUNCTIONS: &[&str] = &["emph", "strong", "underline", "smallcaps", "highlight"];

/// A small deterministic pseudo-random generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

struct Generator {
    out: String,
    rng: Rng,
}

impl Generator {
    fn preamble(&mut self) {
        self.out.push_str(
            "#set page(paper: \"a5\", numbering: \"1\")\n\
             #set heading(numbering: \"1.1\")\n\
             #set par(justify: true)\n\
             #let accent = rgb(\"#1d4e89\")\n\
             #let note(body) = box(stroke: accent, inset: 4pt, body)\n\n",
        );
    }

    /// Appends block number `index`; the mix repeats every twelve blocks.
    fn block(&mut self, index: usize) {
        match index % 12 {
            0 => self.heading(1, index),
            1 | 3 | 6 | 9 => self.paragraph(),
            2 => self.list("- "),
            4 => self.binding(index),
            5 => self.equation(),
            7 => self.raw_block(index),
            8 => self.table(),
            10 => self.list("+ "),
            _ => self.heading(2, index),
        }
        self.out.push('\n');
    }

    fn words(&mut self, count: usize) {
        for i in 0..count {
            if i > 0 {
                self.out.push(' ');
            }
            let word = self.rng.pick(WORDS);
            self.out.push_str(word);
        }
    }

    fn heading(&mut self, depth: usize, index: usize) {
        self.out.push_str(&"=".repeat(depth));
        self.out.push(' ');
        let count = 2 + self.rng.below(4);
        self.words(count);
        let _ = writeln!(self.out, " <sec-{index}>");
    }

    fn paragraph(&mut self) {
        let sentences = 3 + self.rng.below(4);
        for s in 0..sentences {
            if s > 0 && !self.out.ends_with('\n') {
                self.out.push(' ');
            }
            let count = 4 + self.rng.below(8);
            self.words(count);
            self.out.push(' ');
            self.inline();
            self.out.push(' ');
            let count = 2 + self.rng.below(6);
            self.words(count);
            self.out.push_str(if s % 3 == 2 { ".\n" } else { "." });
        }
        self.out.push('\n');
    }

    /// One inline element: markup, code or math in the middle of a sentence.
    fn inline(&mut self) {
        let word = self.rng.pick(WORDS);
        match self.rng.below(9) {
            0 => {
                let _ = write!(self.out, "*{word}*");
            }
            1 => {
                let _ = write!(self.out, "_{word}_");
            }
            2 => {
                let _ = write!(self.out, "`{word}`");
            }
            3 => {
                let n = self.rng.below(100);
                let _ = write!(self.out, "$x^{n} + sqrt(y_{n})$");
            }
            4 => {
                let function = self.rng.pick(FUNCTIONS);
                let _ = write!(self.out, "#{function}[{word}]");
            }
            5 => {
                let _ = write!(self.out, "#note[{word} -- see @sec-0]");
            }
            6 => {
                let _ = write!(self.out, "#link(\"https://example.org/{word}\")[{word}]");
            }
            7 => {
                let size = 8 + self.rng.below(6);
                let _ = write!(self.out, "#text(size: {size}pt, fill: accent)[{word}]");
            }
            _ => {
                let _ = write!(self.out, "\"{word}\" \\#{}", self.rng.below(10));
            }
        }
    }

    fn list(&mut self, marker: &str) {
        let items = 2 + self.rng.below(4);
        for item in 0..items {
            let indent = if item % 3 == 2 { "  " } else { "" };
            self.out.push_str(indent);
            self.out.push_str(marker);
            let count = 3 + self.rng.below(6);
            self.words(count);
            if item % 2 == 1 {
                self.out.push(' ');
                self.inline();
            }
            self.out.push('\n');
        }
    }

    fn binding(&mut self, index: usize) {
        let n = self.rng.below(50);
        let _ = writeln!(
            self.out,
            "#let total-{index} = range({n}).fold(0, (sum, k) => sum + k * 2)\n\
             #let label-{index}(name, count: 1) = [#name (#count)]\n\
             #if total-{index} > 100 [large] else [small]: #label-{index}(\"item\", count: {n})"
        );
    }

    fn equation(&mut self) {
        let n = 2 + self.rng.below(9);
        let _ = writeln!(
            self.out,
            "$ sum_(k=1)^{n} k^2 = (n(n+1)(2n+1)) / 6, quad integral_0^1 x^{n} dif x = 1 / {} $",
            n + 1
        );
    }

    fn raw_block(&mut self, index: usize) {
        let _ = writeln!(
            self.out,
            "```rust\n\
             fn block_{index}(pages: &[Page]) -> usize {{\n    \
             pages.iter().map(|page| page.lines.len()).sum()\n\
             }}\n\
             ```"
        );
    }

    fn table(&mut self) {
        self.out
            .push_str("#table(\n  columns: 3,\n  table.header([*Name*], [*Pages*], [*Time*]),\n");
        let rows = 2 + self.rng.below(4);
        for _ in 0..rows {
            let name = self.rng.pick(WORDS);
            let pages = self.rng.below(2000);
            let time = self.rng.below(1000);
            let _ = writeln!(self.out, "  [{name}], [{pages}], [{time} ms],");
        }
        self.out.push_str(")\n");
    }
}

#[cfg(test)]
mod tests {
    use quire_stages::syntax::parse;

    use super::*;

    #[test]
    fn generated_markup_parses_cleanly_at_about_the_requested_size() {
        for bytes in [0, 10_000, 200_000] {
            let text = generate_markup(bytes);
            assert!(text.len() >= bytes && text.len() < bytes + 2048, "{} for {bytes}", text.len());
            let root = parse(&text);
            assert_eq!(root.to_text(), text);
            let errors = root.errors();
            assert!(errors.is_empty(), "first error: {:?}", errors.first());
        }
    }

    #[test]
    fn generation_is_deterministic_and_varied() {
        let small = generate_markup(50_000);
        let large = generate_markup(80_000);
        assert_eq!(small, generate_markup(50_000));
        // A larger budget continues the same stream of blocks.
        assert!(large.starts_with(&small));
        for construct in
            ["\n= ", "\n== ", "\n- ", "\n+ ", "#let ", "$ sum", "```rust", "#table(", "*"]
        {
            assert!(small.contains(construct), "no {construct:?}");
        }
    }
}

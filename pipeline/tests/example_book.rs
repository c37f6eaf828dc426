//! README's first command, checked: the bundled example book (`examples/book`, several
//! files, embedded fonts only) → a PDF that `qpdf --check` accepts, whose text
//! `pdftotext` extracts and whose fonts `pdffonts` lists as embedded subsets, plus PNG and
//! SVG pages from the same run, one per PDF page.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs a checking tool and gives its standard output; the tool must succeed.
fn tool(name: &str, args: &[&str], dir: &Path) -> String {
    let output = Command::new(name)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|err| panic!("{name} (qpdf / poppler-utils) must be installed: {err}"));
    assert!(output.status.success(), "{name} {args:?}: {output:?}");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn book() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/book/main.typ")
}

#[test]
fn example_book_renders_to_pdf_png_and_svg() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("quire-example-book");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let book = book();
    let output = Command::new(env!("CARGO_BIN_EXE_quire"))
        .args(["compile", "--ignore-system-fonts", "--ppi", "36"])
        .arg(&book)
        .args(["book.pdf", "page-{p}.png", "page-{p}.svg"])
        .current_dir(&dir)
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .output()
        .expect("quire runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!((output.status.code(), stderr.as_ref()), (Some(0), ""));

    assert!(
        tool("qpdf", &["--check", "book.pdf"], &dir)
            .contains("No syntax or stream encoding errors")
    );
    let info = tool("pdfinfo", &["book.pdf"], &dir);
    let pages: usize = info
        .lines()
        .find_map(|line| line.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .expect("a page count");
    assert!(pages >= 3, "{info}");
    assert!(info.contains("Title:           Quire Field Notes"), "{info}");

    let text = tool("pdftotext", &["-layout", "book.pdf", "-"], &dir);
    for expected in [
        "Quire Field Notes",
        "Contents",
        "1 Introduction",
        "1.1 Why another compiler",
        "books of thousands of pages,",
        "Section 2 describes the setup",
        "2.2 Measurements",
        "Handbook",
        "1200",
        "Figure 1: The stages of a compilation",
        "Figure 1 shows the stages",
        "Parsing",
    ] {
        assert!(text.contains(expected), "{expected:?} missing from:\n{text}");
    }

    // Every font is embedded as a subset (a `ABCDEF+` name prefix) with a ToUnicode map.
    let fonts = tool("pdffonts", &["book.pdf"], &dir);
    let rows: Vec<&str> = fonts.lines().skip(2).collect();
    assert!(rows.len() >= 2, "{fonts}");
    for row in rows {
        let cols: Vec<&str> = row.split_whitespace().collect();
        assert!(cols[0].chars().nth(6) == Some('+'), "not a subset: {row}");
        let n = cols.len();
        assert_eq!(&cols[n - 5..n - 2], ["yes", "yes", "yes"], "not embedded: {row}");
    }

    for (ext, magic) in [("png", &b"\x89PNG"[..]), ("svg", &b"<svg"[..])] {
        for page in 1..=pages {
            let file = dir.join(format!("page-{page}.{ext}"));
            let bytes = fs::read(&file).unwrap_or_else(|err| panic!("{file:?}: {err}"));
            assert!(bytes.starts_with(magic), "{file:?}");
        }
        assert!(!dir.join(format!("page-{}.{ext}", pages + 1)).exists());
    }
}

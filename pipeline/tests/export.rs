//! The `quire` binary from source to files: documents in a scratch project → the PDF, PNG
//! and SVG files (or standard output) a run writes, checked for page counts, page
//! selection, templates, text, embedded fonts, determinism across `--jobs`, and that a
//! failing run writes nothing. PDFs are inspected with poppler's `pdfinfo`, `pdftotext`
//! and `pdffonts`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A scratch directory for one test, emptied on creation.
struct Project {
    dir: PathBuf,
}

/// What a run of the binary gave; stdout stays bytes (it may be a PDF or PNG).
#[derive(Debug)]
struct Run {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
}

impl Project {
    fn new(name: &str) -> Self {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("quire-export").join(name);
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("scratch directory");
        Self { dir }
    }

    fn file(&self, path: &str, contents: &str) -> &Self {
        fs::write(self.dir.join(path), contents).expect("scratch file");
        self
    }

    /// Runs `quire ARGS` in the project with a fixed creation time and without the
    /// environment variables quire reads.
    fn run(&self, args: &[&str]) -> Run {
        let mut command = Command::new(env!("CARGO_BIN_EXE_quire"));
        command.args(args).current_dir(&self.dir);
        for var in [
            "TYPST_ROOT",
            "TYPST_FONT_PATHS",
            "TYPST_IGNORE_SYSTEM_FONTS",
            "TYPST_FEATURES",
            "TYPST_PACKAGE_PATH",
        ] {
            command.env_remove(var);
        }
        command.env("SOURCE_DATE_EPOCH", "1700000000");
        command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
        let Output { status, stdout, stderr } = command.output().expect("quire runs");
        Run { code: status.code(), stdout, stderr: String::from_utf8(stderr).expect("utf-8") }
    }

    /// Runs and asserts success without diagnostics.
    fn ok(&self, args: &[&str]) -> Run {
        let run = self.run(args);
        assert_eq!((run.code, run.stderr.as_str()), (Some(0), ""), "{args:?}");
        run
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    fn read(&self, name: &str) -> Vec<u8> {
        fs::read(self.path(name)).unwrap_or_else(|err| panic!("{name}: {err}"))
    }

    /// The names of the files in the project, sorted.
    fn files(&self) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(&self.dir)
            .expect("listing")
            .map(|entry| entry.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    /// The output of a poppler tool on a file of the project.
    fn poppler(&self, tool: &str, args: &[&str]) -> String {
        let output = Command::new(tool)
            .args(args)
            .current_dir(&self.dir)
            .output()
            .unwrap_or_else(|err| panic!("{tool} (poppler-utils) must be installed: {err}"));
        assert!(output.status.success(), "{tool} {args:?}: {output:?}");
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    fn pdf_pages(&self, name: &str) -> usize {
        let info = self.poppler("pdfinfo", &[name]);
        info.lines()
            .find_map(|line| line.strip_prefix("Pages:"))
            .and_then(|count| count.trim().parse().ok())
            .unwrap_or_else(|| panic!("no page count in {info}"))
    }
}

/// A document of `pages` pages, page N saying `Page N.` under a heading.
fn pages(count: usize) -> String {
    (1..=count)
        .map(|n| format!("= Part {n}\n\nPage {n}. Some text to shape: fluffy office.\n"))
        .collect::<Vec<_>>()
        .join("\n#pagebreak()\n")
}

#[test]
fn one_run_writes_every_format_with_matching_page_counts() {
    let project = Project::new("bundle");
    project.file("main.typ", &pages(3));
    project.ok(&["c", "main.typ", "out.pdf", "p-{p}.png", "p-{p}.svg"]);
    assert_eq!(project.pdf_pages("out.pdf"), 3);
    for n in 1..=3 {
        assert!(project.read(&format!("p-{n}.png")).starts_with(b"\x89PNG\r\n"));
        let svg = String::from_utf8(project.read(&format!("p-{n}.svg"))).expect("utf-8 svg");
        assert!(svg.starts_with("<svg"), "{svg:.40}");
    }
    assert_eq!(
        project.files(),
        ["main.typ", "out.pdf", "p-1.png", "p-1.svg", "p-2.png", "p-2.svg", "p-3.png", "p-3.svg"]
    );
}

#[test]
fn formats_can_be_given_per_output() {
    let project = Project::new("formats");
    project.file("main.typ", &pages(1));
    project.ok(&["c", "-f", "svg", "-f", "png", "main.typ", "a.out", "b.out", "c.pdf"]);
    assert!(project.read("a.out").starts_with(b"<svg"));
    assert!(project.read("b.out").starts_with(b"\x89PNG"));
    assert!(project.read("c.pdf").starts_with(b"%PDF-"));
    project.ok(&["c", "-f", "png", "main.typ"]);
    assert!(project.read("main.png").starts_with(b"\x89PNG"));
}

#[test]
fn templates_number_pages_with_padding_and_count() {
    let project = Project::new("templates");
    project.file("main.typ", &pages(10));
    project.ok(&["c", "--pages", "1,9-", "main.typ", "s-{0p}-of-{t}.svg"]);
    assert_eq!(project.files(), ["main.typ", "s-01-of-10.svg", "s-09-of-10.svg", "s-10-of-10.svg"]);
}

#[test]
fn pages_selects_what_is_exported() {
    let project = Project::new("pages");
    project.file("main.typ", &pages(5));
    project.ok(&["c", "--pages", "2,4-", "main.typ", "sel.pdf", "p{p}.png"]);
    assert_eq!(project.pdf_pages("sel.pdf"), 3);
    let text = project.poppler("pdftotext", &["sel.pdf", "-"]);
    assert!(text.contains("Page 2.") && text.contains("Page 4.") && text.contains("Page 5."));
    assert!(!text.contains("Page 1.") && !text.contains("Page 3."), "{text}");
    assert_eq!(project.files(), ["main.typ", "p2.png", "p4.png", "p5.png", "sel.pdf"]);
    // One selected page needs no template.
    project.ok(&["c", "--pages", "3", "main.typ", "third.png"]);
    assert!(project.read("third.png").starts_with(b"\x89PNG"));
}

#[test]
fn several_images_need_a_template_and_nothing_is_written_then() {
    let project = Project::new("no-template");
    project.file("main.typ", &pages(2));
    let run = project.run(&["c", "main.typ", "fine.pdf", "page.png"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert_eq!(
        run.stderr,
        "error: cannot export multiple images without a page number template ({p}, {0p}) in \
         the output path\n"
    );
    // The PDF could have been written, but a run writes everything or nothing.
    assert_eq!(project.files(), ["main.typ"]);
}

#[test]
fn standard_output_takes_pdfs_and_single_images() {
    let project = Project::new("stdout");
    project.file("main.typ", &pages(2));
    assert!(project.ok(&["c", "main.typ", "-"]).stdout.starts_with(b"%PDF-"));
    let png = project.ok(&["c", "--pages", "2", "-f", "png", "main.typ", "-"]).stdout;
    assert!(png.starts_with(b"\x89PNG\r\n"));
    let svg = project.ok(&["c", "--pages", "1", "-f", "svg", "main.typ", "-"]).stdout;
    assert!(svg.starts_with(b"<svg"));
    let run = project.run(&["c", "-f", "png", "main.typ", "-"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert_eq!(run.stderr, "error: cannot export multiple images to stdout\n");
    assert!(run.stdout.is_empty());
    assert_eq!(project.files(), ["main.typ"]);
}

#[test]
fn output_is_identical_for_any_number_of_jobs() {
    let project = Project::new("determinism");
    let mut source = String::from("#set page(numbering: \"1\")\n");
    source.push_str(&pages(8));
    source.push_str("\n#context counter(page).final()\n");
    project.file("main.typ", &source);
    for jobs in ["1", "2", "5"] {
        project.ok(&[
            "c",
            "-j",
            jobs,
            "main.typ",
            &format!("j{jobs}.pdf"),
            &format!("j{jobs}-{{p}}.png"),
            &format!("j{jobs}-{{p}}.svg"),
        ]);
    }
    assert_eq!(project.pdf_pages("j1.pdf"), 8);
    for other in ["2", "5"] {
        assert!(
            project.read("j1.pdf") == project.read(&format!("j{other}.pdf")),
            "pdf, -j {other}"
        );
        for page in 1..=8 {
            for ext in ["png", "svg"] {
                let one = project.read(&format!("j1-{page}.{ext}"));
                let many = project.read(&format!("j{other}-{page}.{ext}"));
                assert!(one == many, "page {page}.{ext}, -j {other}");
            }
        }
    }
}

#[test]
fn pdf_holds_the_text_and_embedded_font_subsets() {
    let project = Project::new("pdf-text");
    project.file("main.typ", "= Greetings\n\nHello *bold* world.\n");
    project.ok(&["c", "main.typ"]);
    let text = project.poppler("pdftotext", &["main.pdf", "-"]);
    assert!(text.contains("Greetings") && text.contains("Hello bold world."), "{text}");
    let fonts = project.poppler("pdffonts", &["main.pdf"]);
    let faces: Vec<&str> = fonts.lines().skip(2).collect();
    assert!(!faces.is_empty(), "{fonts}");
    for face in faces {
        let columns: Vec<&str> = face.split_whitespace().collect();
        // name … emb sub uni object generation: embedded, subset, with a ToUnicode map.
        let flags = &columns[columns.len() - 5..columns.len() - 2];
        assert_eq!(flags, ["yes", "yes", "yes"], "{face}");
        assert!(columns[0].chars().nth(6) == Some('+'), "subset tag in {face}");
    }
}

#[test]
fn inputs_and_the_creation_date_reach_the_document() {
    let project = Project::new("inputs");
    project.file(
        "main.typ",
        "Hello #sys.inputs.name, today is #datetime.today().display(), \
         west of here #datetime.today(offset: -1).display().\n",
    );
    project.ok(&["c", "--input", "name=Ada", "--creation-timestamp", "951782400", "main.typ"]);
    let text = project.poppler("pdftotext", &["main.pdf", "-"]).replace('\n', " ");
    assert!(text.contains("Hello Ada, today is 2000-02-29, west of here 2000-02-28."), "{text}");
}

#[test]
fn errors_are_located_and_write_nothing() {
    let project = Project::new("eval-error");
    project.file("main.typ", "= Title\n\n#let x = 1 + \"a\"\n");
    let run = project.run(&["c", "main.typ", "out.pdf", "p{p}.png"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert!(run.stderr.starts_with("error: cannot add integer and string\n"), "{}", run.stderr);
    assert!(run.stderr.contains("┌─ main.typ:3:9\n"), "{}", run.stderr);
    assert_eq!(project.files(), ["main.typ"]);
}

#[test]
fn late_errors_discard_pages_already_streamed() {
    // Page 1 reaches the exporters before page 2's footer fails.
    let project = Project::new("late-error");
    project.file("main.typ", "A\n#set page(footer: context panic(\"late\"))\nB\n");
    let run = project.run(&["c", "main.typ", "out.pdf", "p{p}.png", "p{p}.svg"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert!(run.stderr.starts_with("error: panicked with: late\n"), "{}", run.stderr);
    assert_eq!(project.files(), ["main.typ"]);
}

#[test]
fn runaway_recursion_is_an_error_not_a_crash() {
    let project = Project::new("recursion");
    project.file("main.typ", "#let f(x) = f(x)\n#f(1)\n");
    let run = project.run(&["c", "--diagnostic-format", "short", "main.typ"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert_eq!(run.stderr, "main.typ:1:12: error: maximum function call depth exceeded\n");
    assert_eq!(project.files(), ["main.typ"]);
}

#[test]
fn endless_loops_are_stopped() {
    let project = Project::new("loop");
    // A literal `true` is refused outright; a condition that never changes is stopped.
    project.file("main.typ", "#let go = true\n#while go {}\n");
    let run = project.run(&["c", "--diagnostic-format", "short", "main.typ"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert_eq!(run.stderr, "main.typ:2:1: error: loop seems to be infinite\n");
}

#[test]
fn unsettled_documents_warn_but_compile() {
    let project = Project::new("unsettled");
    project.file(
        "main.typ",
        "#context for i in range(counter(page).final().first()) { pagebreak() }\n",
    );
    let run = project.run(&["c", "--diagnostic-format", "short", "main.typ"]);
    assert_eq!(run.code, Some(0), "{run:?}");
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stderr);
    assert_eq!(lines[0], "warning: document did not converge within five attempts");
    assert!(lines[1].starts_with("main.typ:1:24: warning: value of "), "{}", lines[1]);
    assert!(lines[1].ends_with(" did not converge"), "{}", lines[1]);
    assert_eq!(project.pdf_pages("main.pdf"), 6);
}

#[test]
fn fonts_lists_families_and_variants() {
    let project = Project::new("fonts");
    let run = project.ok(&["fonts", "--ignore-system-fonts"]);
    let families = String::from_utf8(run.stdout).expect("utf-8");
    assert_eq!(
        families,
        "DejaVu Sans Mono\nLibertinus Serif\nNew Computer Modern\nNew Computer Modern Math\n"
    );
    let run = project.ok(&["fonts", "--ignore-system-fonts", "--variants"]);
    let listing = String::from_utf8(run.stdout).expect("utf-8");
    assert!(
        listing.contains("Libertinus Serif\n  ├ Style: Normal, Weight: 400, Stretch: 100%\n"),
        "{listing}"
    );
    assert!(listing.ends_with("└ Style: Normal, Weight: 700, Stretch: 100%\n"), "{listing}");
}

#[test]
fn unwritable_outputs_fail_and_leave_nothing_behind() {
    let project = Project::new("unwritable");
    project.file("main.typ", &pages(1));
    let run = project.run(&["c", "main.typ", "ok.pdf", "missing/x.svg"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert_eq!(
        run.stderr,
        "error: failed to write SVG file missing/x.svg (No such file or directory (os error 2))\n"
    );
    assert_eq!(project.files(), ["main.typ"]);
}

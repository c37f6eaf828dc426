//! The `quire` binary end to end: files in a scratch project → exit code, stdout and
//! stderr, compared exactly (diagnostics are uncoloured because stderr is a pipe).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use std::io::Write;

/// A scratch directory for one test, emptied on creation.
struct Project {
    dir: PathBuf,
}

/// What a run of the binary gave.
#[derive(Debug)]
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Project {
    fn new(name: &str) -> Self {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("quire-cli").join(name);
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("scratch directory");
        Self { dir }
    }

    fn file(&self, path: &str, contents: impl AsRef<[u8]>) -> &Self {
        let path = self.dir.join(path);
        fs::create_dir_all(path.parent().expect("file in a directory")).expect("directory");
        fs::write(path, contents).expect("scratch file");
        self
    }

    /// Runs `quire ARGS` in the project directory with an empty environment for quire's
    /// own variables.
    fn run(&self, args: &[&str]) -> Run {
        self.run_with(args, &[], None)
    }

    fn run_with(&self, args: &[&str], env: &[(&str, &str)], stdin: Option<&str>) -> Run {
        let mut command = Command::new(env!("CARGO_BIN_EXE_quire"));
        command.args(args).current_dir(&self.dir);
        for var in [
            "TYPST_ROOT",
            "TYPST_FONT_PATHS",
            "TYPST_IGNORE_SYSTEM_FONTS",
            "TYPST_FEATURES",
            "TYPST_PACKAGE_PATH",
            "SOURCE_DATE_EPOCH",
        ] {
            command.env_remove(var);
        }
        command.envs(env.iter().copied());
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        let mut child = command.spawn().expect("quire starts");
        let mut pipe = child.stdin.take().expect("stdin pipe");
        // A run that fails before reading its input (a usage error) closes the pipe early;
        // that broken pipe is part of the behaviour under test, not a harness failure.
        if let Err(error) = pipe.write_all(stdin.unwrap_or("").as_bytes()) {
            assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe, "stdin written");
        }
        drop(pipe);
        let Output { status, stdout, stderr } = child.wait_with_output().expect("quire ends");
        Run {
            code: status.code(),
            stdout: String::from_utf8(stdout).expect("utf-8 stdout"),
            stderr: String::from_utf8(stderr).expect("utf-8 stderr"),
        }
    }
}

/// Asserts the exit code and the exact stderr (stdout stays empty).
fn check(run: Run, code: i32, stderr: &str) {
    assert_eq!(run.stderr, stderr, "stderr of {run:?}");
    assert_eq!(run.code, Some(code), "exit code of {run:?}");
    assert_eq!(run.stdout, "", "stdout of {run:?}");
}

/// Asserts a usage error: exit code 2 and clap's message naming `needle`.
fn check_usage_error(run: Run, needle: &str) {
    assert_eq!(run.code, Some(2), "exit code of {run:?}");
    assert!(run.stderr.starts_with("error: "), "{run:?}");
    assert!(run.stderr.contains(needle), "{needle:?} not in {run:?}");
}

const VALID: &str = "= Introduction\n\nSome *strong* and _emphasized_ text with $x^2$.\n\n- a list\n- with items\n\n#let x = 1 + 2\n#x\n";

#[test]
fn valid_file_compiles_silently() {
    let project = Project::new("valid");
    project.file("main.typ", VALID);
    check(project.run(&["compile", "main.typ"]), 0, "");
    check(project.run(&["c", "main.typ", "out.pdf"]), 0, "");
    for name in ["main.pdf", "out.pdf"] {
        let bytes = fs::read(project.dir.join(name)).expect("output written");
        assert!(bytes.starts_with(b"%PDF-"), "{name} is a PDF");
    }
}

#[test]
fn syntax_error_is_rendered_with_snippet() {
    let project = Project::new("syntax-error");
    project.file("main.typ", "= Title\nSome *unclosed text\n");
    check(
        project.run(&["compile", "main.typ"]),
        1,
        "error: unclosed delimiter\n  \
         ┌─ main.typ:2:5\n  \
         │\n\
         2 │ Some *unclosed text\n  \
         │      ^\n\n",
    );
}

#[test]
fn errors_come_before_warnings_as_in_typst() {
    // The expected text is what Typst 0.15 prints for this file.
    let project = Project::new("warnings");
    project.file("main.typ", "a ** b\n#(\n");
    let warning = "warning: no text within stars\n  \
         ┌─ main.typ:1:2\n  \
         │\n\
         1 │ a ** b\n  \
         │   ^^\n  \
         │\n  \
         = hint: using multiple consecutive stars (e.g. **) has no additional effect\n\n";
    let error = "error: unclosed delimiter\n  \
         ┌─ main.typ:2:1\n  \
         │\n\
         2 │ #(\n  \
         │  ^\n\n";
    check(project.run(&["compile", "main.typ"]), 1, &format!("{error}{warning}"));
    // Warnings alone do not fail the compilation.
    project.file("main.typ", "a ** b\n");
    check(project.run(&["compile", "main.typ"]), 0, warning);
}

#[test]
fn hints_and_tabs_render_as_in_typst() {
    // The expected text is what Typst 0.15 prints for this file.
    let project = Project::new("hints");
    project.file("main.typ", "a\n#let if = 1\n\tx *y\n");
    check(
        project.run(&["compile", "main.typ"]),
        1,
        "error: expected pattern, found keyword `if`\n  \
         ┌─ main.typ:2:5\n  \
         │\n\
         2 │ #let if = 1\n  \
         │      ^^\n  \
         │\n  \
         = hint: keyword `if` is not allowed as an identifier; try `if_` instead\n\n\
         error: unclosed delimiter\n  \
         ┌─ main.typ:3:3\n  \
         │\n\
         3 │   x *y\n  \
         │     ^\n\n",
    );
}

#[test]
fn every_syntax_error_is_reported() {
    let project = Project::new("several-errors");
    project.file("main.typ", "#(1 + \n");
    let run = project.run(&["compile", "main.typ"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert!(run.stderr.contains("error: unclosed delimiter\n  ┌─ main.typ:1:1\n"), "{run:?}");
    assert!(run.stderr.contains("error: expected expression\n"), "{run:?}");
}

#[test]
fn short_format_is_one_line_per_error() {
    let project = Project::new("short");
    project.file("main.typ", "= Title\nSome *unclosed text\n");
    check(
        project.run(&["compile", "--diagnostic-format", "short", "main.typ"]),
        1,
        "main.typ:2:5: error: unclosed delimiter\n",
    );
}

#[test]
fn paths_are_shown_relative_to_the_working_directory() {
    let project = Project::new("relative");
    project.file("book/chapters/main.typ", "_open\n");
    check(
        project.run(&["c", "--diagnostic-format=short", "book/chapters/main.typ"]),
        1,
        "book/chapters/main.typ:1:0: error: unclosed delimiter\n",
    );
    check(
        project.run(&[
            "c",
            "--diagnostic-format=short",
            "--root",
            "book",
            "book/chapters/main.typ",
        ]),
        1,
        "book/chapters/main.typ:1:0: error: unclosed delimiter\n",
    );
}

#[test]
fn missing_input_is_an_error() {
    let project = Project::new("missing");
    check(
        project.run(&["compile", "nope.typ"]),
        1,
        "error: input file not found (searched at nope.typ)\n",
    );
}

#[test]
fn unreadable_inputs_are_errors() {
    let project = Project::new("unreadable");
    project.file("latin1.typ", b"caf\xe9\n");
    fs::create_dir_all(project.dir.join("folder.typ")).expect("directory");
    // These are diagnostics without a location, so a blank line ends them as any other.
    check(project.run(&["c", "latin1.typ"]), 1, "error: file is not valid utf-8\n\n");
    check(project.run(&["c", "folder.typ"]), 1, "error: failed to load file (is a directory)\n\n");
    check(
        project.run(&["c", "--diagnostic-format", "short", "latin1.typ"]),
        1,
        "error: file is not valid utf-8\n",
    );
}

#[test]
fn root_must_contain_the_input() {
    let project = Project::new("root");
    project.file("main.typ", VALID).file("sub/other.typ", VALID);
    check(
        project.run(&["c", "--root", "sub", "main.typ"]),
        1,
        "error: source file must be contained in project root\n",
    );
    check(
        project.run(&["c", "--root", "absent", "main.typ"]),
        1,
        "error: root directory not found (searched at absent)\n",
    );
    check(project.run_with(&["c", "main.typ"], &[("TYPST_ROOT", ".")], None), 0, "");
    check(
        project.run_with(&["c", "main.typ"], &[("TYPST_ROOT", "sub")], None),
        1,
        "error: source file must be contained in project root\n",
    );
}

#[test]
fn standard_input_is_read_with_dash() {
    let project = Project::new("stdin");
    check(project.run_with(&["c", "-", "out.pdf"], &[], Some(VALID)), 0, "");
    check(
        project.run_with(&["c", "--diagnostic-format", "short", "-", "-"], &[], Some("a\n_b")),
        1,
        "<stdin>:2:0: error: unclosed delimiter\n",
    );
    // Standard input has no file name to derive an output name from.
    check_usage_error(project.run_with(&["c", "-"], &[], Some(VALID)), "<OUTPUT>");
}

#[test]
fn output_format_must_be_known() {
    let project = Project::new("format");
    project.file("main.typ", VALID);
    check(
        project.run(&["c", "main.typ", "out.txt"]),
        1,
        "error: could not infer output format for path out.txt.\n\
         consider providing the format manually with `--format/-f`\n",
    );
    check(project.run(&["c", "-f", "png", "main.typ", "out.txt"]), 0, "");
    assert!(fs::read(project.dir.join("out.txt")).expect("png").starts_with(b"\x89PNG"));
    check(project.run(&["c", "main.typ", "page-{p}.SVG"]), 0, "");
    assert!(project.dir.join("page-1.SVG").exists());
    check(
        project.run(&["c", "main.typ", "out.html"]),
        1,
        "error: html export is not supported yet: choose pdf, png or svg\n",
    );
    check_usage_error(project.run(&["c", "--format", "docx", "main.typ"]), "docx");
}

#[test]
fn bad_flags_are_usage_errors() {
    let project = Project::new("flags");
    project.file("main.typ", VALID);
    check_usage_error(project.run(&["compile", "--no-such-flag", "main.typ"]), "--no-such-flag");
    check_usage_error(project.run(&["compile"]), "<INPUT>");
    check_usage_error(project.run(&["frobnicate"]), "frobnicate");
    check_usage_error(project.run(&["c", "--ppi", "0", "main.typ"]), "positive number");
    check_usage_error(project.run(&["c", "--ppi", "abc", "main.typ"]), "--ppi");
    check_usage_error(project.run(&["c", "--jobs", "0", "main.typ"]), "--jobs");
    check_usage_error(project.run(&["c", "--input", "novalue", "main.typ"]), "key and a value");
    check_usage_error(project.run(&["c", "--input", "=x", "main.typ"]), "key was missing");
    check_usage_error(project.run(&["c", "--pages", "3-1", "main.typ"]), "after the start");
    check_usage_error(project.run(&["c", "--pages", "0", "main.typ"]), "start at one");
    check_usage_error(
        project.run(&["c", "--creation-timestamp", "yesterday", "main.typ"]),
        "decimal integer",
    );
    check_usage_error(
        project.run_with(&["c", "main.typ"], &[("SOURCE_DATE_EPOCH", "99999999999999999")], None),
        "out of range",
    );
    check_usage_error(project.run(&["c", "--diagnostic-format", "json", "main.typ"]), "json");
    check_usage_error(project.run(&["c", "--features", "teleport", "main.typ"]), "teleport");
}

#[test]
fn valid_flags_are_accepted() {
    let project = Project::new("good-flags");
    project.file("main.typ", VALID);
    let fonts = project.dir.join("fonts");
    fs::create_dir_all(&fonts).expect("font directory");
    let fonts = fonts.to_str().expect("utf-8 path");
    check(
        project.run(&[
            "c",
            "main.typ",
            "out.png",
            "--ppi",
            "300",
            "--pages",
            "1,3-5,8-",
            "-j",
            "2",
            "--input",
            "name=World",
            "--input",
            "empty=",
            "--font-path",
            fonts,
            "--ignore-system-fonts",
            "--creation-timestamp",
            "1700000000",
        ]),
        0,
        "",
    );
    check(
        project.run_with(
            &["c", "main.typ"],
            &[
                ("SOURCE_DATE_EPOCH", "0"),
                ("TYPST_IGNORE_SYSTEM_FONTS", "true"),
                ("TYPST_FONT_PATHS", fonts),
                ("TYPST_FEATURES", "html,a11y-extras"),
                ("TYPST_PACKAGE_PATH", fonts),
            ],
            None,
        ),
        0,
        "",
    );
}

#[test]
fn help_and_version_exit_successfully() {
    let project = Project::new("help");
    let help = project.run(&["compile", "--help"]);
    assert_eq!(help.code, Some(0), "{help:?}");
    assert!(help.stdout.contains("{0p}"), "{help:?}");
    let version = project.run(&["--version"]);
    assert_eq!(version.code, Some(0), "{version:?}");
    assert!(version.stdout.starts_with("quire "), "{version:?}");
}

/// A project with a local package `@local/greet:0.1.0` (entrypoint `src/lib.typ`, which
/// reads a file next to it and one at the package root) under `packages/`, and a cached
/// `@preview/cached:0.2.0` under `cache/`.
fn package_project(name: &str) -> Project {
    let project = Project::new(name);
    project
        .file(
            "packages/local/greet/0.1.0/typst.toml",
            "[package]\nname = \"greet\"\nversion = \"0.1.0\"\nentrypoint = \"src/lib.typ\"\n",
        )
        .file(
            "packages/local/greet/0.1.0/src/lib.typ",
            "#let hello = read(\"hello.txt\").trim()\n#let root = json(\"/data.json\")\n\
             #let escape() = read(\"/../outside.txt\")\n",
        )
        .file("packages/local/greet/0.1.0/src/hello.txt", "hi\n")
        .file("packages/local/greet/0.1.0/data.json", "[1, 2]")
        .file(
            "cache/preview/cached/0.2.0/typst.toml",
            "[package]\nname = \"cached\"\nversion = \"0.2.0\"\nentrypoint = \"lib.typ\"\n",
        )
        .file("cache/preview/cached/0.2.0/lib.typ", "#let y = 2\n");
    project
}

/// Runs `quire compile --diagnostic-format short main.typ` with the project's package
/// directories in the environment.
fn run_with_packages(project: &Project) -> Run {
    let packages = project.dir.join("packages");
    let cache = project.dir.join("cache");
    project.run_with(
        &["compile", "--diagnostic-format", "short", "main.typ"],
        &[
            ("TYPST_PACKAGE_PATH", packages.to_str().expect("utf-8 path")),
            ("TYPST_PACKAGE_CACHE_PATH", cache.to_str().expect("utf-8 path")),
        ],
        None,
    )
}

#[test]
fn local_packages_load_from_the_package_path() {
    let project = package_project("package-local");
    project.file(
        "main.typ",
        "#import \"@local/greet:0.1.0\": hello, root\n#import \"@local/greet:0.1.0\"\n\
         #import \"@preview/cached:0.2.0\": y\n\
         #assert.eq(hello, \"hi\")\n#assert.eq(root, (1, 2))\n#assert.eq(greet.hello, \"hi\")\n\
         #assert.eq(y, 2)\n",
    );
    check(run_with_packages(&project), 0, "");
}

#[test]
fn package_errors_are_worded_as_in_typst() {
    let project = package_project("package-errors");
    project.file("main.typ", "#import \"@local/nope:0.1.0\"\n");
    check(
        run_with_packages(&project),
        1,
        "main.typ:1:8: error: package not found (searched for @local/nope:0.1.0)\n",
    );
    project.file("main.typ", "#import \"@local/greet:0.1\"\n");
    check(
        run_with_packages(&project),
        1,
        "main.typ:1:8: error: version number is missing patch version\n",
    );
    project.file("main.typ", "#import \"@local/greet:0.1.0\": escape\n#escape()\n");
    check(
        run_with_packages(&project),
        1,
        "@local/greet:0.1.0/src/lib.typ:3:21: error: path `\"/../outside.txt\"` would escape \
         the package root\n",
    );
}

#[test]
fn data_files_are_read_relative_to_the_file() {
    let project = Project::new("data-files");
    project
        .file("main.typ", "#import \"sub/lib.typ\": rows\n#assert.eq(rows, ((a: \"1\"),))\n")
        .file("sub/lib.typ", "#let rows = csv(\"rows.csv\", row-type: dictionary)\n")
        .file("sub/rows.csv", "a\n1\n");
    check(project.run(&["compile", "--diagnostic-format", "short", "main.typ"]), 0, "");
    project.file("main.typ", "#json(\"bad.json\")\n").file("bad.json", "{\n  \"a\": x\n}\n");
    check(
        project.run(&["compile", "--diagnostic-format", "short", "main.typ"]),
        1,
        "bad.json:2:7: error: failed to parse JSON (expected value at line 2 column 8)\n",
    );
    // The snippet comes from the data file; the call follows as the trace.
    check(
        project.run(&["compile", "main.typ"]),
        1,
        "error: failed to parse JSON (expected value at line 2 column 8)\n  \
         ┌─ bad.json:2:7\n  \
         │\n\
         2 │   \"a\": x\n  \
         │        ^\n\n  \
         while calling `json` at main.typ:1:1\n    \
         json(\"bad.json\")\n\n",
    );
    // A file that is not UTF-8 cannot be shown: the error names the place.
    project.file("bad.json", b"{\n  \xff\n}");
    check(
        project.run(&["compile", "--diagnostic-format", "short", "main.typ"]),
        1,
        "main.typ:1:6: error: failed to parse JSON (key must be a string at line 2 column 3 in \
         bad.json:2:3)\n",
    );
}

#[test]
fn show_rule_errors_name_the_shown_element() {
    let project = Project::new("show-trace");
    project.file("main.typ", "#show heading: it => it.foo\n= A\n");
    check(
        project.run(&["compile", "main.typ"]),
        1,
        "error: heading does not have field \"foo\"\n  \
         ┌─ main.typ:1:24\n  \
         │\n\
         1 │ #show heading: it => it.foo\n  \
         │                         ^^^\n\n  \
         while showing heading element at main.typ:2:0\n    \
         = A\n\n",
    );
}

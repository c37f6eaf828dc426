//! A suite run: arguments and the suite's folders → every selected test compiled and
//! checked on a pool of threads → the report text and whether everything passed.
//!
//! Results are gathered by test index and reported in suite order, so the report is the
//! same for any thread count.

use std::collections::HashSet;
use std::fs;
use std::io;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use ecow::EcoString;
use quire_stages::base::FileId;
use quire_stages::syntax::{Lines, Source};

use crate::annotate::parse_annotations;
use crate::report::{Finding, SUITE_PREFIX, summary, write_failure};
use crate::{
    Args, Attr, Problem, Target, Test, collect, compare, compile, diff_lines, dump, render,
};

/// The folders a run reads and writes.
#[derive(Debug, Clone)]
pub struct Paths {
    /// `tests/suite`.
    pub suite: PathBuf,
    /// `tests/ref`.
    pub refs: PathBuf,
}

impl Paths {
    /// The folders under the `tests` crate root.
    pub fn new(root: &Path) -> Self {
        Self { suite: root.join("suite"), refs: root.join("ref") }
    }

    fn reference(&self, name: &str) -> PathBuf {
        self.refs.join("syntax").join(format!("{name}.txt"))
    }

    fn image(&self, name: &str) -> PathBuf {
        self.refs.join(format!("{name}.png"))
    }
}

/// How a reference path is shown in reports.
fn shown_reference(name: &str) -> String {
    format!("tests/ref/syntax/{name}.txt")
}

/// How a paged reference path is shown in reports.
fn shown_image(name: &str) -> String {
    format!("tests/ref/{name}.png")
}

/// What checking one test gave.
#[derive(Debug, Default)]
struct Checked {
    findings: Vec<Finding>,
    /// References written by `--update`.
    written: Vec<String>,
}

/// Runs the suite, returning the report (ending with the summary line) and whether every
/// selected test passed.
pub fn run(args: &Args, paths: &Paths) -> (String, bool) {
    let mut report = String::new();
    let mut problems = Vec::new();
    let files = read_suite(&paths.suite, &mut problems);
    let (tests, collect_problems) = collect(&files);
    problems.extend(collect_problems);
    for problem in &mut problems {
        problem.file = format!("{SUITE_PREFIX}{}", problem.file).into();
    }

    let selected: Vec<&Test> = tests.iter().filter(|t| args.selects(&t.file, &t.name)).collect();
    if args.list {
        for test in &selected {
            let attrs: Vec<String> =
                test.attrs.iter().map(|a| format!("{a:?}").to_lowercase()).collect();
            report += &format!(
                "{SUITE_PREFIX}{}:{} {} {}\n",
                test.file,
                test.line,
                test.name,
                attrs.join(" ")
            );
        }
        report += &format!("{} tests\n", selected.len());
        return (report, problems.is_empty());
    }

    // Every file holding a selected test is parsed whole.
    let chosen: HashSet<&str> = selected.iter().map(|t| t.file.as_str()).collect();
    for (path, text) in files.iter().filter(|(path, _)| chosen.contains(path.as_str())) {
        check_file(path, text, &mut problems);
    }

    let results = run_parallel(&selected, args, paths);
    for checked in &results {
        for path in &checked.written {
            report += &format!("wrote {path}\n");
        }
    }
    if !args.is_filtered() {
        check_stale(&tests, paths, args.update, &mut report, &mut problems);
    }

    let mut failed = 0;
    for (test, checked) in selected.iter().zip(&results) {
        if !checked.findings.is_empty() {
            failed += 1;
            write_failure(&mut report, test, &checked.findings);
        }
    }
    for problem in &problems {
        report += &format!("PROBLEM {problem}\n");
    }
    let passed = selected.len() - failed;
    let failed = failed + problems.len();
    report += &summary(passed, failed);
    report.push('\n');
    (report, failed == 0)
}

/// Reads every `.typ` file under `dir`, sorted by path, as (path relative to `dir`, text).
fn read_suite(dir: &Path, problems: &mut Vec<Problem>) -> Vec<(EcoString, String)> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        let entries = match fs::read_dir(&folder) {
            Ok(entries) => entries,
            Err(error) => {
                problems.push(io_problem(&folder, dir, &error));
                continue;
            }
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "typ") {
                match fs::read_to_string(&path) {
                    Ok(text) => files.push((relative(&path, dir), text)),
                    Err(error) => problems.push(io_problem(&path, dir, &error)),
                }
            }
        }
    }
    files.sort_by(|a, b| a.0.cmp(&b.0));
    files
}

fn relative(path: &Path, dir: &Path) -> EcoString {
    let rel = path.strip_prefix(dir).unwrap_or(path);
    let parts: Vec<String> =
        rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    parts.join("/").into()
}

fn io_problem(path: &Path, dir: &Path, error: &io::Error) -> Problem {
    Problem { file: relative(path, dir), line: 0, message: format!("cannot read: {error}") }
}

/// Parses a whole suite file; its tree must give back its text.
fn check_file(path: &EcoString, text: &str, problems: &mut Vec<Problem>) {
    let parsed = catch_unwind(|| {
        let source = Source::new(FileId::new(&format!("/tests/suite/{path}")), text.to_string());
        source.root().to_text()
    });
    let file = EcoString::from(format!("{SUITE_PREFIX}{path}"));
    match parsed {
        Ok(tree) => {
            if let Some(diff) = compare::round_trip(text, &tree) {
                let line = Lines::new(text).line_of(diff.byte).map_or(0, |l| l + 1);
                problems.push(Problem {
                    file,
                    line,
                    message: format!(
                        "the whole file's tree does not give back its text: first difference \
                         at byte {} (file {:?}, tree {:?})",
                        diff.byte, diff.expected, diff.found
                    ),
                });
            }
        }
        Err(payload) => problems.push(Problem {
            file,
            line: 0,
            message: format!("parsing the whole file panicked: {}", panic_message(&*payload)),
        }),
    }
}

/// Checks the tests on a pool of threads; results come back in test order.
fn run_parallel(tests: &[&Test], args: &Args, paths: &Paths) -> Vec<Checked> {
    let threads = args
        .threads
        .unwrap_or_else(|| thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, tests.len().max(1));
    let next = AtomicUsize::new(0);
    let mut results: Vec<(usize, Checked)> = thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(test) = tests.get(i) else { break };
                        done.push((i, check_test(test, args.update, paths)));
                    }
                    done
                })
            })
            .collect();
        // A worker only panics outside `check_test`'s guards, which would be a runner bug.
        workers.into_iter().flat_map(|w| w.join().expect("a runner worker panicked")).collect()
    });
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, checked)| checked).collect()
}

/// Compiles a test for each of its targets and checks the outcomes.
fn check_test(test: &Test, update: bool, paths: &Paths) -> Checked {
    let mut checked = Checked::default();
    let lines = Lines::new(&test.body);
    let expected = match parse_annotations(&test.body, &lines) {
        Ok(expected) => Some(expected),
        Err(error) => {
            checked.findings.push(Finding::Annotation(error));
            None
        }
    };

    let mut targets: Vec<Target> = test
        .attrs
        .iter()
        .filter_map(|attr| match attr {
            Attr::Eval => Some(Target::Eval),
            Attr::Paged => Some(Target::Paged),
            Attr::Html => Some(Target::Html),
            Attr::Syntax => None,
        })
        .collect();
    if targets.is_empty() {
        targets.push(Target::Parse);
    }
    targets.sort();

    let mut tree = None;
    let mut differing: Vec<(Vec<Target>, Vec<compare::Mismatch>)> = Vec::new();
    for &target in &targets {
        let outcome = match catch_unwind(AssertUnwindSafe(|| compile(test, target))) {
            Ok(outcome) => outcome,
            Err(payload) => {
                let message = panic_message(&*payload);
                checked.findings.push(Finding::Panic { target, message });
                continue;
            }
        };
        if outcome.nondeterministic {
            checked.findings.push(Finding::Nondeterministic);
        }
        if let Some(document) = &outcome.document {
            check_image(test, document, update, paths, &mut checked);
        }
        if let Some(expected) = &expected {
            let mismatches = compare::compare(expected, &outcome.diagnostics);
            if !mismatches.is_empty() {
                // Targets that disagree in the same way are reported together.
                match differing.iter_mut().find(|(_, m)| *m == mismatches) {
                    Some((group, _)) => group.push(target),
                    None => differing.push((vec![target], mismatches)),
                }
            }
        }
        tree.get_or_insert_with(|| outcome.source.root().clone());
    }
    for (targets, mismatches) in differing {
        checked.findings.push(Finding::Diagnostics { targets, mismatches });
    }

    let Some(tree) = tree else { return checked };
    if let Some(diff) = compare::round_trip(&test.body, &tree.to_text()) {
        checked.findings.push(Finding::RoundTrip(diff));
    }
    if test.has(Attr::Syntax) {
        check_reference(test, &dump(&tree), update, paths, &mut checked);
    }
    checked
}

/// Compares a paged test's rendered pages with its reference PNG, or writes it with
/// `--update`.
fn check_image(
    test: &Test,
    document: &quire_stages::doc::PagedDocument,
    update: bool,
    paths: &Paths,
    checked: &mut Checked,
) {
    let file = paths.image(&test.name);
    let path = shown_image(&test.name);
    let rendered = match render::render(document) {
        Ok(rendered) => rendered,
        Err(message) => {
            checked.findings.push(Finding::Image { path, message });
            return;
        }
    };
    let stored = fs::read(&file).ok();
    let verdict = stored.as_deref().map(|stored| render::compare(stored, &rendered));
    if let Some(Ok(())) = verdict {
        return;
    }
    if update {
        write_reference(&file, path, &rendered, Target::Paged, checked);
        return;
    }
    match verdict {
        Some(Err(message)) => checked.findings.push(Finding::Image { path, message }),
        _ => checked.findings.push(Finding::MissingReference { path }),
    }
}

/// Writes a reference file for `--update`.
fn write_reference(file: &Path, path: String, bytes: &[u8], target: Target, checked: &mut Checked) {
    let written =
        file.parent().map_or(Ok(()), fs::create_dir_all).and_then(|()| fs::write(file, bytes));
    match written {
        Ok(()) => checked.written.push(path),
        Err(error) => checked
            .findings
            .push(Finding::Panic { target, message: format!("cannot write {path}: {error}") }),
    }
}

/// Compares a `syntax` test's tree dump with its reference, or writes it with `--update`.
fn check_reference(test: &Test, dumped: &str, update: bool, paths: &Paths, checked: &mut Checked) {
    let file = paths.reference(&test.name);
    let path = shown_reference(&test.name);
    let stored = fs::read_to_string(&file).ok();
    if stored.as_deref() == Some(dumped) {
        return;
    }
    if update {
        write_reference(&file, path, dumped.as_bytes(), Target::Parse, checked);
        return;
    }
    match stored {
        Some(stored) => {
            checked.findings.push(Finding::Tree { path, diff: diff_lines(&stored, dumped) })
        }
        None => checked.findings.push(Finding::MissingReference { path }),
    }
}

/// Reports (or with `--update` deletes) reference dumps that no `syntax` test uses.
fn check_stale(
    tests: &[Test],
    paths: &Paths,
    update: bool,
    report: &mut String,
    problems: &mut Vec<Problem>,
) {
    let kinds = [
        (Attr::Syntax, paths.refs.join("syntax"), ".txt", "syntax"),
        (Attr::Paged, paths.refs.clone(), ".png", "paged"),
    ];
    for (attr, dir, suffix, kind) in kinds {
        let used: HashSet<&str> =
            tests.iter().filter(|t| t.has(attr)).map(|t| t.name.as_str()).collect();
        let Ok(entries) = fs::read_dir(&dir) else { continue };
        let mut stale: Vec<(String, PathBuf)> = entries
            .flatten()
            .filter(|entry| entry.path().is_file())
            .filter_map(|entry| {
                let name = entry.file_name().to_string_lossy().into_owned();
                let test = name.strip_suffix(suffix)?;
                (!used.contains(test)).then(|| (test.to_string(), entry.path()))
            })
            .collect();
        stale.sort();
        for (name, file) in stale {
            let path =
                if attr == Attr::Syntax { shown_reference(&name) } else { shown_image(&name) };
            if update && fs::remove_file(&file).is_ok() {
                *report += &format!("deleted {path} (no {kind} test uses it)\n");
            } else {
                problems.push(Problem {
                    file: path.into(),
                    line: 0,
                    message: format!("no {kind} test uses this reference (`--update` deletes it)"),
                });
            }
        }
    }
}

/// The message of a panic payload.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh suite folder under the system's temporary folder.
    fn scratch(name: &str, files: &[(&str, &str)]) -> PathBuf {
        let root = std::env::temp_dir().join(format!("quire-runner-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        for (path, text) in files {
            let path = root.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        root
    }

    /// Runs the suite under `root` with `args` and compares the report (minus the failure
    /// details, which `report.rs` tests) and the verdict.
    fn check(root: &Path, args: &[&str], expected: &[&str], ok: bool) {
        let args = Args::parse(args.iter().map(|s| s.to_string())).unwrap();
        let (report, passed) = run(&args, &Paths::new(root));
        let lines: Vec<&str> = report.lines().filter(|l| !l.starts_with(' ')).collect();
        assert_eq!(lines, expected, "{report}");
        assert_eq!(passed, ok);
    }

    #[test]
    fn clean_suite_passes_and_lists() {
        let root = scratch(
            "clean",
            &[("suite/a/one.typ", "--- first ---\nHello\n\n--- second eval html ---\nWorld\n")],
        );
        check(&root, &[], &["2 passed, 0 failed"], true);
        check(
            &root,
            &["sec", "--list"],
            &["tests/suite/a/one.typ:4 second eval html", "1 tests"],
            true,
        );
        check(&root, &["--path", "b/"], &["0 passed, 0 failed"], true);
        let _ = fs::remove_dir_all(root);
    }

    #[test]
    fn references_are_required_written_and_pruned() {
        let root = scratch(
            "refs",
            &[("suite/s.typ", "--- tree syntax ---\nHi\n"), ("ref/syntax/gone.txt", "Markup: 0\n")],
        );
        check(
            &root,
            &[],
            &[
                "FAILED tests/suite/s.typ:1 tree",
                "PROBLEM tests/ref/syntax/gone.txt: no syntax test uses this reference (`--update` deletes it)",
                "0 passed, 2 failed",
            ],
            false,
        );
        check(
            &root,
            &["--update"],
            &[
                "wrote tests/ref/syntax/tree.txt",
                "deleted tests/ref/syntax/gone.txt (no syntax test uses it)",
                "1 passed, 0 failed",
            ],
            true,
        );
        let written = fs::read_to_string(root.join("ref/syntax/tree.txt")).unwrap();
        let source = Source::detached("Hi");
        assert_eq!(written, dump(source.root()));
        check(&root, &[], &["1 passed, 0 failed"], true);
        fs::write(root.join("ref/syntax/tree.txt"), "Markup: 9\n").unwrap();
        check(&root, &["tree"], &["FAILED tests/suite/s.typ:1 tree", "0 passed, 1 failed"], false);
        let _ = fs::remove_dir_all(root);
    }

    #[test]
    fn annotations_and_format_problems_fail() {
        let root = scratch(
            "problems",
            &[(
                "suite/p.typ",
                "--- needs-error ---\n// Error: 1-2 never emitted\nx\n--- bad strange ---\ny\n--- needs-error ---\nz\n",
            )],
        );
        check(
            &root,
            &["--test-threads", "1"],
            &[
                "FAILED tests/suite/p.typ:1 needs-error",
                "PROBLEM tests/suite/p.typ:4: unknown attribute `strange` on test `bad` (known: eval, paged, html, syntax)",
                "PROBLEM tests/suite/p.typ:6: duplicate test name `needs-error` (first defined at p.typ:1)",
                "0 passed, 3 failed",
            ],
            false,
        );
        let _ = fs::remove_dir_all(root);
    }
}

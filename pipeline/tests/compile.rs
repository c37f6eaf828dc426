//! The library entry point `quire::compile::compile_paged`: an in-memory world → the
//! document, its diagnostics and the number of layout iterations, checked for
//! convergence, determinism across worker counts, and the outline; and
//! `compile_paged_to`, which streams pages to a `PageSink` as they become final.

use std::num::NonZeroUsize;
use std::sync::{LazyLock, Mutex};

use quire::compile::{CompileOptions, Compiled, PageSink, compile_paged, compile_paged_to};
use quire_shaping::FontBook;
use quire_stages::doc::Page;
use quire_stages::eval::MemoryWorld;

static FONTS: LazyLock<FontBook> = LazyLock::new(FontBook::embedded);

fn compile(text: &str, jobs: usize) -> Compiled {
    let world = MemoryWorld::new(text);
    let jobs = NonZeroUsize::new(jobs).unwrap_or(NonZeroUsize::MIN);
    compile_paged(&world, &FONTS, &CompileOptions::with_jobs(jobs))
}

fn messages(compiled: &Compiled) -> Vec<String> {
    compiled.errors.iter().chain(&compiled.warnings).map(|d| d.message.to_string()).collect()
}

#[test]
fn documents_without_introspection_take_one_iteration() {
    let compiled = compile("= Hello\n\nWorld.\n#pagebreak()\nAgain.\n", 2);
    assert_eq!(messages(&compiled), Vec::<String>::new());
    assert_eq!(compiled.iterations, 1);
    assert_eq!(compiled.document.map(|doc| doc.pages.len()), Some(2));
}

#[test]
fn the_final_page_count_converges_in_two_iterations() {
    let compiled = compile("#context counter(page).final()\n#pagebreak()\nEnd.\n", 2);
    assert_eq!(messages(&compiled), Vec::<String>::new());
    assert_eq!(compiled.iterations, 2);
    let pages = compiled.document.map(|doc| doc.pages.len());
    assert_eq!(pages, Some(2));
}

#[test]
fn unsettled_documents_stop_after_five_iterations() {
    let compiled =
        compile("#context for i in range(counter(page).final().first()) { pagebreak() }\n", 3);
    assert_eq!(compiled.iterations, 5);
    assert!(compiled.errors.is_empty(), "{:?}", compiled.errors);
    let warnings = messages(&compiled);
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert_eq!(warnings[0], "document did not converge within five attempts");
    assert_eq!(
        compiled.warnings[0].hints.as_slice(),
        [
            "see 1 additional warning for more details",
            "see https://typst.app/help/convergence for help"
        ]
    );
    let observed = compiled.warnings[1].hints.first().map(|hint| hint.to_string());
    let observed = observed.unwrap_or_default();
    assert!(observed.starts_with("the following values were observed:\n- run 1: "), "{observed}");
    assert!(observed.ends_with("\n- final: 6"), "{observed}");
}

#[test]
fn documents_are_equal_for_any_number_of_workers() {
    let mut text = String::from("#set page(height: 120pt)\n");
    for n in 1..=12 {
        text.push_str(&format!("= Section {n}\n\n#lorem(30)\n\n"));
        if n % 4 == 0 {
            text.push_str("#pagebreak()\n");
        }
    }
    text.push_str("#context counter(page).final()\n");
    let one = compile(&text, 1);
    assert_eq!(messages(&one), Vec::<String>::new());
    assert!(one.document.as_ref().is_some_and(|doc| doc.pages.len() > 3));
    for jobs in [2, 3, 8] {
        let many = compile(&text, jobs);
        assert_eq!(many.iterations, one.iterations, "-j {jobs}");
        assert!(many.document == one.document, "-j {jobs}");
    }
}

#[test]
fn bookmarks_follow_the_headings() {
    let compiled = compile(
        "#set heading(numbering: \"1.1\")\n= One\n== Inner\n#pagebreak()\n= Two\n\
         #heading(bookmarked: false)[Hidden]\n",
        2,
    );
    assert_eq!(messages(&compiled), Vec::<String>::new());
    let document = compiled.document.expect("document");
    let outline: Vec<(String, usize, usize)> = document
        .outline
        .iter()
        .map(|item| (item.title.to_string(), item.level.get(), item.page))
        .collect();
    assert_eq!(
        outline,
        [("1 One".into(), 1, 0), ("1.1 Inner".into(), 2, 0), ("2 Two".into(), 1, 1)]
    );
}

#[test]
fn problems_in_the_main_file_are_errors() {
    let compiled = compile("#(1 +\n", 1);
    assert!(compiled.document.is_none());
    assert_eq!(compiled.iterations, 0);
    assert!(!compiled.errors.is_empty());
    let compiled = compile("#let f(x) = f(x)\n#f(1)\n", 1);
    assert_eq!(messages(&compiled), ["maximum function call depth exceeded"]);
}

/// What a sink was told, in order.
#[derive(Debug, Clone, PartialEq)]
enum Event {
    Restart,
    Page(usize),
}

/// A sink that records its events and the pages since the last restart.
#[derive(Default)]
struct Recorder {
    events: Mutex<Vec<Event>>,
    pages: Mutex<Vec<Page>>,
}

impl PageSink for Recorder {
    fn restart(&self) {
        self.events.lock().unwrap().push(Event::Restart);
        self.pages.lock().unwrap().clear();
    }

    fn page(&self, page: &Page) {
        self.events.lock().unwrap().push(Event::Page(page.number.get()));
        self.pages.lock().unwrap().push(page.clone());
    }
}

fn stream(text: &str, jobs: usize) -> (Compiled, Recorder) {
    // A file that is there but is no image: it fails only when laid out.
    let world = MemoryWorld::new(text).with_file("/broken.png", b"not a png".to_vec());
    let recorder = Recorder::default();
    let jobs = NonZeroUsize::new(jobs).unwrap_or(NonZeroUsize::MIN);
    let compiled =
        compile_paged_to(&world, &FONTS, &CompileOptions::with_jobs(jobs), Some(&recorder));
    (compiled, recorder)
}

#[test]
fn pages_stream_to_the_sink_in_order() {
    let text = "A\n#pagebreak()\nB\n#set page(fill: gray)\nC\n#pagebreak()\nD\n";
    for jobs in [1, 3] {
        let (compiled, recorder) = stream(text, jobs);
        let document = compiled.document.expect("compiles");
        let events = recorder.events.into_inner().unwrap();
        assert_eq!(events, (1..=4).map(Event::Page).collect::<Vec<_>>());
        assert_eq!(recorder.pages.into_inner().unwrap(), document.pages);
    }
}

#[test]
fn pages_stream_before_later_runs_are_final() {
    // The second run's footer fails only when its page is finalized; the first run's page
    // has gone to the sink by then.
    let text = "A\n#set page(footer: image(\"broken.png\"))\nB\n";
    let (compiled, recorder) = stream(text, 2);
    assert!(compiled.document.is_none());
    assert_eq!(messages(&compiled), ["unknown image format"]);
    assert_eq!(recorder.events.into_inner().unwrap(), [Event::Page(1)]);
    // An error in `context` holds only if the document settles with it, so that page is
    // finalized and streamed too; the compilation still fails.
    let text = "A\n#set page(footer: context panic(\"late\"))\nB\n";
    let (compiled, recorder) = stream(text, 2);
    assert!(compiled.document.is_none());
    assert_eq!(messages(&compiled), ["panicked with: late"]);
    assert_eq!(recorder.events.into_inner().unwrap(), [Event::Page(1), Event::Page(2)]);
}

#[test]
fn unsettled_iterations_restart_the_sink() {
    // The first iteration introspects, so its pages are held back; the second settles.
    let (compiled, recorder) = stream("#context counter(page).final()\n#pagebreak()\nEnd.\n", 2);
    assert_eq!(compiled.iterations, 2);
    let document = compiled.document.expect("compiles");
    assert_eq!(recorder.events.into_inner().unwrap(), [Event::Page(1), Event::Page(2)]);
    assert_eq!(recorder.pages.into_inner().unwrap(), document.pages);

    // Five iterations: every one after the first streams, the next voids it.
    let text = "#context for i in range(counter(page).final().first()) { pagebreak() }\n";
    let (compiled, recorder) = stream(text, 3);
    assert_eq!(compiled.iterations, 5);
    let events = recorder.events.into_inner().unwrap();
    assert_eq!(events.iter().filter(|e| **e == Event::Restart).count(), 3, "{events:?}");
    let document = compiled.document.expect("compiles");
    assert_eq!(recorder.pages.into_inner().unwrap(), document.pages);
}

#[test]
fn errors_that_may_yet_resolve_are_delayed() {
    // The label appears only once the page count is known (iteration 2) and is found in
    // iteration 3; an immediate error in iteration 1 or 2 would be wrong.
    let text = "#context if counter(page).final().first() == 2 [= Here <late>]\n\
                #context locate(<late>).page()\n#pagebreak()\nB\n";
    let compiled = compile(text, 2);
    assert_eq!(messages(&compiled), Vec::<String>::new());
    assert_eq!(compiled.iterations, 3);

    // A label that never appears is an error once the document has settled.
    let compiled = compile("#context locate(<never>).page()\n", 2);
    assert_eq!(messages(&compiled), ["label `<never>` does not exist in the document"]);
    assert!(compiled.document.is_none());
    let compiled = compile("= A <twice>\n= B <twice>\n@twice\n", 1);
    assert_eq!(messages(&compiled), ["label `<twice>` occurs multiple times in the document"]);
}

//! Compiling to pages: a `World` + fonts + options → a `PagedDocument` (or the errors
//! that prevent one), its warnings and how many layout iterations it took; with a
//! `PageSink`, the pages also stream out (to the exporters) as they become final.
//!
//! The stages run as actors. Parsing and evaluation happen once, evaluation on a thread
//! with a 256 MiB stack (deep recursion ends in `maximum function call depth exceeded`,
//! never in a stack overflow). Then each iteration runs:
//! - realization, on its own thread, streaming page runs over a bounded channel as they
//!   are complete;
//! - layout, on a rayon pool of `jobs` threads with large stacks: each run is laid out as
//!   soon as it arrives, with its own `Engine` that reads the previous snapshot;
//! - finalization, on its own thread: takes the laid-out runs in run order as they
//!   complete, paginates them (a page's number needs only the earlier runs' page
//!   counts), finalizes their pages in parallel, adds their records to the iteration's
//!   `Collector` and hands them to the sink;
//! - the driver (the calling thread): freezes the records into the next snapshot and
//!   checks whether every introspection kept its answer; if not, it restarts the sink
//!   and iterates (at most five times).
//!
//! Pages stream speculatively: the next iteration voids them with `PageSink::restart`.
//! Only the first iteration, which reads an empty snapshot, holds its pages back once it
//! has introspected (it will most likely not settle); held pages go to the sink when the
//! driver knows the iteration settled. Memory stays bounded: a slot is taken for each
//! run from layout until finalization, and the sink's channels are bounded.
//!
//! A run whose reads all kept their answers, in an iteration whose realization also kept
//! all of its answers, is not laid out again: its pages are reused.
//!
//! Determinism: every parallel result (warnings, reads, pages) is merged in run or page
//! order, and when several runs fail, the first failing run's errors are reported, which
//! every schedule lays out. A panic in a stage becomes the error `internal error in
//! <stage>: <message>`; channels are dropped on every exit path, so nothing waits forever.

use std::num::NonZeroUsize;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;

use crossbeam_channel::{bounded, unbounded};
use ecow::{EcoVec, eco_format};
use quire_shaping::{FontBook, ShapingContext};
use quire_stages::base::{
    Introspector, Location, Locator, Read, Record, SourceDiagnostic, Span, TagInfo,
};
use quire_stages::doc::{DocumentInfo, OutlineItem, Page, PagedDocument};
use quire_stages::eval::{self, Engine, TypesetWorld, World};
use quire_stages::layout::inline::InlineContext;
use quire_stages::layout::page::{Paginator, finalize_page, layout_run};
use quire_stages::layout::{LaidPage, LayoutContext};
use quire_stages::model::Content;
use quire_stages::realize::{PageRun, realize_document};
use quire_stages::syntax::Source;
use rayon::prelude::*;

use crate::parse::parse_stage;
use crate::store::{Collector, MAX_ITERATIONS, Snapshot, Store, converged, convergence_warnings};

/// The stack of the evaluation and realization threads: deep enough that the evaluator's
/// call-depth limit is reached long before the stack ends.
const EVAL_STACK: usize = 256 << 20;

/// The stack of each layout or export worker: layout calls back into evaluation for
/// `context`, and both walk nested frames recursively.
pub const WORKER_STACK: usize = 128 << 20;

/// How many realized runs may wait for a layout worker before realization pauses.
const RUNS_IN_FLIGHT_PER_JOB: usize = 4;

/// How a compilation runs.
#[derive(Debug, Clone)]
pub struct CompileOptions<'a> {
    /// The number of layout (and export) worker threads.
    pub jobs: NonZeroUsize,
    /// The worker pool to lay out on (one of `jobs` threads is started when `None`). Give
    /// the exporters' pool here: two busy pools on the same cores slow each other down.
    pub pool: Option<&'a rayon::ThreadPool>,
}

impl Default for CompileOptions<'_> {
    /// As many workers as the machine has CPUs, on a pool of their own.
    fn default() -> Self {
        Self { jobs: thread::available_parallelism().unwrap_or(NonZeroUsize::MIN), pool: None }
    }
}

impl CompileOptions<'_> {
    /// `jobs` workers on a pool of their own.
    pub fn with_jobs(jobs: NonZeroUsize) -> Self {
        Self { jobs, pool: None }
    }
}

/// A pool of `jobs` workers with the large stacks layout and export need.
pub fn worker_pool(jobs: NonZeroUsize) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.get())
        .stack_size(WORKER_STACK)
        .thread_name(|index| format!("quire-worker-{index}"))
        .build()
}

/// What a compilation gave.
#[derive(Debug, Default)]
pub struct Compiled {
    /// The document, unless there were errors.
    pub document: Option<PagedDocument>,
    /// Warnings, in the stages' order.
    pub warnings: Vec<SourceDiagnostic>,
    /// Errors (empty when `document` is there).
    pub errors: Vec<SourceDiagnostic>,
    /// How many layout iterations ran.
    pub iterations: usize,
}

/// Compiles the world's main file into pages.
pub fn compile_paged(world: &dyn World, book: &FontBook, options: &CompileOptions) -> Compiled {
    compile_paged_to(world, book, options, None)
}

/// Compiles the world's main file into pages, handing each page to `sink` as soon as it
/// is final (see `PageSink`). When the compilation succeeds, the sink has received every
/// page of the returned document, in order, since its last `restart`.
pub fn compile_paged_to(
    world: &dyn World,
    book: &FontBook,
    options: &CompileOptions,
    sink: Option<&dyn PageSink>,
) -> Compiled {
    // Evaluation reaches the fonts and layout (`measure`, unknown font families) through
    // the world.
    let shaper = ShapingContext::new();
    let fonts = InlineContext { book, shaper: &shaper };
    let world = &TypesetWorld::new(world, &fonts);
    let mut out = Compiled::default();
    let source = match parse_stage(world, world.main()) {
        Ok(parsed) => {
            out.warnings.extend(parsed.warnings);
            parsed.source
        }
        Err(diagnostics) => {
            let (errors, warnings) = diagnostics.into_iter().partition(SourceDiagnostic::is_error);
            out.errors = errors;
            out.warnings = warnings;
            return out;
        }
    };

    let content = match evaluate(world, &source, &mut out.warnings) {
        Ok(content) => content,
        Err(errors) => {
            out.errors.extend(errors);
            return out;
        }
    };

    let owned;
    let pool = match options.pool {
        Some(pool) => pool,
        None => match worker_pool(options.jobs) {
            Ok(pool) => {
                owned = pool;
                &owned
            }
            Err(err) => {
                out.errors.push(internal("layout", &format!("cannot start workers ({err})")));
                return out;
            }
        },
    };
    let driver = Driver { world, book, shaper: &shaper, pool, jobs: options.jobs.get(), sink };
    let mut out = driver.run(&content, out);
    dedup(&mut out.warnings);
    dedup(&mut out.errors);
    out
}

/// Drops repeats of a diagnostic (same place, same message), as Typst does: a header's
/// warning is reported once, not once per page.
fn dedup(diagnostics: &mut Vec<SourceDiagnostic>) {
    let mut seen = std::collections::HashSet::new();
    diagnostics.retain(|diagnostic| seen.insert((diagnostic.span, diagnostic.message.clone())));
}

/// Evaluates the main source on a thread with a large stack; its warnings go to
/// `warnings`, and the module's content is returned.
fn evaluate(
    world: &dyn World,
    source: &Source,
    warnings: &mut Vec<SourceDiagnostic>,
) -> Result<Content, Vec<SourceDiagnostic>> {
    let outcome = thread::scope(|scope| {
        let handle = thread::Builder::new()
            .name("quire-eval".into())
            .stack_size(EVAL_STACK)
            .spawn_scoped(scope, || guarded("eval", || eval::eval_warned(world, source)))
            .map_err(|err| vec![internal("eval", &format!("cannot start thread ({err})"))])?;
        handle.join().map_err(|payload| vec![internal("eval", &panic_message(&*payload))])?
    })?;
    let (result, emitted) = outcome;
    warnings.extend(emitted);
    match result {
        Ok(module) => Ok(module.content().clone()),
        Err(errors) => Err(errors.into_iter().collect()),
    }
}

/// Runs `f`, turning a panic into the error `internal error in <stage>: <message>`.
fn guarded<T>(stage: &str, f: impl FnOnce() -> T) -> Result<T, Vec<SourceDiagnostic>> {
    catch_unwind(AssertUnwindSafe(f))
        .map_err(|payload| vec![internal(stage, &panic_message(&*payload))])
}

/// Like `guarded`, for a stage that fails with diagnostics itself.
fn guarded_stage<T>(
    stage: &str,
    f: impl FnOnce() -> Result<T, EcoVec<SourceDiagnostic>>,
) -> Result<T, Vec<SourceDiagnostic>> {
    guarded(stage, f)?.map_err(|errors| errors.into_iter().collect())
}

/// The error for a bug in quire rather than in the document.
fn internal(stage: &str, message: &str) -> SourceDiagnostic {
    SourceDiagnostic::error(Span::detached(), eco_format!("internal error in {stage}: {message}"))
        .with_hint("this is a bug in quire; please report it")
}

/// The text of a panic's payload.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_owned()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "unknown panic".to_owned()
    }
}

/// Where pages go as soon as they are final for their iteration: the exporters. Pages
/// arrive in order; `restart` voids everything received so far (the iteration that sent
/// them did not settle, and the pages come again).
pub trait PageSink: Sync {
    /// Voids the pages received so far.
    fn restart(&self);
    /// The next page, in document order.
    fn page(&self, page: &Page);
}

/// What the driver needs for every iteration.
struct Driver<'a> {
    world: &'a dyn World,
    book: &'a FontBook,
    shaper: &'a ShapingContext,
    pool: &'a rayon::ThreadPool,
    jobs: usize,
    sink: Option<&'a dyn PageSink>,
}

/// One run laid out in one iteration.
#[derive(Clone)]
struct RunOutcome {
    result: Result<Vec<LaidPage>, Vec<SourceDiagnostic>>,
    warnings: EcoVec<SourceDiagnostic>,
    reads: Vec<Read>,
    delayed: EcoVec<SourceDiagnostic>,
}

/// Realization's part of one iteration.
struct Realized {
    result: Result<DocumentInfo, Vec<SourceDiagnostic>>,
    warnings: EcoVec<SourceDiagnostic>,
    reads: Vec<Read>,
    delayed: EcoVec<SourceDiagnostic>,
}

/// The finalization stage's part of one iteration: the runs in order (cut after the
/// first that failed) and, if none failed, their final pages.
#[derive(Default)]
struct Finalized {
    runs: Vec<RunOutcome>,
    pages: Vec<Page>,
    /// The first failing page's errors.
    errors: Option<Vec<SourceDiagnostic>>,
    warnings: Vec<SourceDiagnostic>,
    reads: Vec<Read>,
    delayed: Vec<SourceDiagnostic>,
    /// The records of the pages, for the next snapshot.
    records: Collector,
    /// How many of `pages` went to the sink while the iteration ran.
    streamed: usize,
}

/// What one iteration gave.
struct Iteration {
    realized: Realized,
    runs: Vec<RunOutcome>,
    /// The final pages, or the errors of the iteration.
    pages: Result<Vec<Page>, Vec<SourceDiagnostic>>,
    warnings: Vec<SourceDiagnostic>,
    /// Every introspection made: realization's, then each run's, then each page's.
    reads: Vec<Read>,
    /// The errors that hold only if the document settled, in the same order.
    delayed: Vec<SourceDiagnostic>,
    /// The records of the pages.
    records: Collector,
    /// How many pages went to the sink while the iteration ran.
    streamed: usize,
}

impl Driver<'_> {
    /// Iterates until the document settles (or five times), then assembles it.
    fn run(&self, content: &Content, mut out: Compiled) -> Compiled {
        let mut store = Store::new();
        let mut previous: Option<Iteration> = None;
        loop {
            let snapshot = store.latest();
            if let (Some(sink), Some(prev)) = (self.sink, &previous)
                && prev.streamed > 0
            {
                sink.restart();
            }
            // The first iteration reads an empty snapshot: once it has read anything, its
            // pages will likely come again, so they are held back instead of streamed.
            let introspected = AtomicBool::new(false);
            let watched = Watched { inner: &*snapshot, used: &introspected };
            let stream = Stream {
                sink: self.sink,
                held_back: (out.iterations == 0).then_some(&introspected),
            };
            let mut iteration = self.iterate(content, &watched, previous.as_ref(), &stream);
            out.iterations += 1;
            let pages = match &iteration.pages {
                Ok(pages) => pages.len(),
                Err(errors) => {
                    out.warnings.extend(iteration.warnings.iter().cloned());
                    out.errors.extend(errors.iter().cloned());
                    return out;
                }
            };
            let next = std::mem::take(&mut iteration.records).finish(pages);
            let settled = converged(&iteration.reads, &next);
            store.push(next);
            if settled || out.iterations >= MAX_ITERATIONS {
                out.warnings.extend(iteration.warnings.iter().cloned());
                if !settled {
                    out.warnings.extend(convergence_warnings(&iteration.reads, &store));
                }
                // Errors delayed until the document settled hold now.
                if !iteration.delayed.is_empty() {
                    out.errors.extend(iteration.delayed);
                    return out;
                }
                if let (Some(sink), Ok(pages)) = (self.sink, &iteration.pages) {
                    for page in &pages[iteration.streamed..] {
                        sink.page(page);
                    }
                }
                out.document = Some(assemble(iteration, &store.latest()));
                return out;
            }
            // Only the runs (for reuse), the reads and what was streamed are needed from
            // here on.
            previous = Some(Iteration { pages: Ok(Vec::new()), ..iteration });
        }
    }

    /// One iteration: realization streaming runs to the layout pool, layout streaming
    /// them to finalization, which paginates and finalizes them in order (and hands the
    /// pages on to the sink), then the merged warnings and reads.
    fn iterate(
        &self,
        content: &Content,
        snapshot: &dyn Introspector,
        previous: Option<&Iteration>,
        stream: &Stream,
    ) -> Iteration {
        let world = self.world;
        let (realized, finalized) = thread::scope(|scope| {
            let (sender, receiver) = bounded::<PageRun>(self.jobs * RUNS_IN_FLIGHT_PER_JOB);
            let realize = thread::Builder::new()
                .name("quire-realize".into())
                .stack_size(EVAL_STACK)
                .spawn_scoped(scope, move || {
                    let mut engine = Engine::with_introspector(world, snapshot);
                    let result = guarded_stage("realize", || {
                        let styles = world.styles();
                        // A closed channel means that layout has failed: the rest of the
                        // runs are not needed.
                        let mut emit = |run: PageRun| {
                            let _ = sender.send(run);
                        };
                        realize_document(&mut engine, content, &styles, Locator::root(), &mut emit)
                    });
                    Realized {
                        result,
                        warnings: std::mem::take(&mut engine.warnings),
                        reads: std::mem::take(&mut engine.reads),
                        delayed: std::mem::take(&mut engine.delayed),
                    }
                });
            let realize = match realize {
                Ok(handle) => handle,
                Err(err) => {
                    let error = internal("realize", &format!("cannot start thread ({err})"));
                    let realized = Realized {
                        result: Err(vec![error]),
                        warnings: EcoVec::new(),
                        reads: Vec::new(),
                        delayed: EcoVec::new(),
                    };
                    return (realized, Finalized::default());
                }
            };
            let reusable = previous.filter(|prev| converged(&prev.realized.reads, snapshot));
            let finalized = self.layout_runs(receiver, snapshot, reusable, stream);
            let realized = realize.join().unwrap_or_else(|payload| Realized {
                result: Err(vec![internal("realize", &panic_message(&*payload))]),
                warnings: EcoVec::new(),
                reads: Vec::new(),
                delayed: EcoVec::new(),
            });
            (realized, finalized)
        });
        finish_iteration(realized, finalized)
    }

    /// Lays out runs as they arrive, on the pool, while a finalization thread takes them
    /// in order. Runs of `reusable` whose reads kept their answers are taken over instead
    /// of laid out again.
    fn layout_runs(
        &self,
        receiver: crossbeam_channel::Receiver<PageRun>,
        snapshot: &dyn Introspector,
        reusable: Option<&Iteration>,
        stream: &Stream,
    ) -> Finalized {
        // Each outcome says whether it holds a slot, which finalization frees.
        let (done_sender, done) = unbounded::<(usize, RunOutcome, bool)>();
        // One token per run laid out and not yet finalized: when all are taken, the driver
        // waits, the run channel fills up and realization pauses, so memory stays bounded
        // however far realization (or layout, ahead of a slow run) could run ahead.
        let (take_slot, free_slot) = bounded::<()>(self.jobs * RUNS_IN_FLIGHT_PER_JOB);
        let failed = AtomicBool::new(false);
        thread::scope(|scope| {
            let finalizer = thread::Builder::new()
                .name("quire-finalize".into())
                .stack_size(WORKER_STACK)
                .spawn_scoped(scope, || self.finalize_runs(done, &free_slot, snapshot, stream));
            let mut count = 0;
            self.pool.in_place_scope(|scope| {
                for run in receiver.iter() {
                    let seq = count;
                    count += 1;
                    let kept = reusable
                        .and_then(|prev| prev.runs.get(seq))
                        .filter(|prev| prev.result.is_ok() && converged(&prev.reads, snapshot));
                    if let Some(kept) = kept {
                        let _ = done_sender.send((seq, kept.clone(), false));
                        continue;
                    }
                    // Finalization frees slots as it goes, so this only waits for it.
                    let _ = take_slot.send(());
                    let done_sender = done_sender.clone();
                    let failed = &failed;
                    scope.spawn(move |_| {
                        let outcome = self.layout_one(&run, snapshot);
                        if outcome.result.is_err() {
                            failed.store(true, Ordering::Relaxed);
                        }
                        let _ = done_sender.send((seq, outcome, true));
                    });
                    if failed.load(Ordering::Relaxed) {
                        // Later runs cannot change the outcome; dropping the receiver
                        // tells realization to stop sending.
                        break;
                    }
                }
                drop(receiver);
            });
            drop(done_sender);
            match finalizer {
                Ok(handle) => handle.join().unwrap_or_else(|payload| Finalized {
                    errors: Some(vec![internal("layout", &panic_message(&*payload))]),
                    ..Finalized::default()
                }),
                Err(err) => Finalized {
                    errors: Some(vec![internal("layout", &format!("cannot start thread ({err})"))]),
                    ..Finalized::default()
                },
            }
        })
    }

    /// The finalization stage: takes laid-out runs in any order, and in run order
    /// paginates them, finalizes their pages in parallel, gathers their records and
    /// hands them to the sink. Stops using runs after the first that failed.
    fn finalize_runs(
        &self,
        done: crossbeam_channel::Receiver<(usize, RunOutcome, bool)>,
        free_slot: &crossbeam_channel::Receiver<()>,
        snapshot: &dyn Introspector,
        stream: &Stream,
    ) -> Finalized {
        let mut out = Finalized::default();
        let mut waiting = std::collections::BTreeMap::new();
        let mut next = 0;
        let mut failed = false;
        let mut paginator = Paginator::default();
        for (seq, outcome, holds_slot) in done.iter() {
            waiting.insert(seq, (outcome, holds_slot));
            while let Some((outcome, holds_slot)) = waiting.remove(&next) {
                next += 1;
                if holds_slot {
                    let _ = free_slot.recv();
                }
                if failed {
                    continue;
                }
                failed = outcome.result.is_err();
                if let Ok(laid) = &outcome.result
                    && out.errors.is_none()
                {
                    let laid = paginator.push(laid.clone());
                    self.finalize_pages(&laid, snapshot, &mut out, stream);
                }
                out.runs.push(outcome);
            }
        }
        out
    }

    /// Finalizes the next pages of the document in parallel and takes them in order.
    fn finalize_pages(
        &self,
        laid: &[LaidPage],
        snapshot: &dyn Introspector,
        out: &mut Finalized,
        stream: &Stream,
    ) {
        let first = out.pages.len();
        let finalized: Vec<_> = self.pool.install(|| {
            laid.par_iter()
                .enumerate()
                .map(|(i, page)| {
                    let index = first + i;
                    let outcome = self.finalize_one(page, index, snapshot);
                    if let Ok(page) = &outcome.result {
                        out.records.add(index, page);
                    }
                    outcome
                })
                .collect()
        });
        for PageOutcome { result, warnings, reads, delayed } in finalized {
            out.warnings.extend(warnings);
            out.reads.extend(reads);
            out.delayed.extend(delayed);
            match result {
                Ok(page) if out.errors.is_none() => {
                    // Once a page is held back, the rest are too: the sink gets pages
                    // in order.
                    if out.streamed == out.pages.len()
                        && let Some(sink) = stream.live()
                    {
                        sink.page(&page);
                        out.streamed += 1;
                    }
                    out.pages.push(page);
                }
                Ok(_) => {}
                Err(errors) => {
                    out.errors.get_or_insert(errors);
                }
            }
        }
    }

    /// Lays out one run with an engine of its own.
    fn layout_one(&self, run: &PageRun, snapshot: &dyn Introspector) -> RunOutcome {
        let mut engine = Engine::with_introspector(self.world, snapshot);
        let result = guarded_stage("layout", || {
            let fonts = InlineContext { book: self.book, shaper: self.shaper };
            let mut cx = LayoutContext { engine: &mut engine, fonts };
            layout_run(&mut cx, run)
        });
        RunOutcome {
            result,
            warnings: std::mem::take(&mut engine.warnings),
            reads: std::mem::take(&mut engine.reads),
            delayed: std::mem::take(&mut engine.delayed),
        }
    }

    /// Numbers and finalizes one page (`index` from 0) with an engine of its own.
    fn finalize_one(
        &self,
        page: &LaidPage,
        index: usize,
        snapshot: &dyn Introspector,
    ) -> PageOutcome {
        let mut engine = Engine::with_introspector(self.world, snapshot);
        let number = NonZeroUsize::new(index + 1).unwrap_or(NonZeroUsize::MIN);
        let result = guarded_stage("layout", || {
            let fonts = InlineContext { book: self.book, shaper: self.shaper };
            let mut cx = LayoutContext { engine: &mut engine, fonts };
            finalize_page(&mut cx, page, number)
        });
        PageOutcome {
            result,
            warnings: std::mem::take(&mut engine.warnings),
            reads: std::mem::take(&mut engine.reads),
            delayed: std::mem::take(&mut engine.delayed),
        }
    }
}

/// One page finalized in one iteration.
struct PageOutcome {
    result: Result<Page, Vec<SourceDiagnostic>>,
    warnings: EcoVec<SourceDiagnostic>,
    reads: Vec<Read>,
    delayed: EcoVec<SourceDiagnostic>,
}

/// Whether finished pages go to the sink right away. They do unless the iteration is
/// the first (it reads an empty snapshot) and something has introspected: then it will
/// most likely not settle, and its pages are held until the driver knows.
struct Stream<'a> {
    sink: Option<&'a dyn PageSink>,
    /// Set when the first iteration has introspected.
    held_back: Option<&'a AtomicBool>,
}

impl<'a> Stream<'a> {
    /// The sink, if pages go to it now.
    fn live(&self) -> Option<&'a dyn PageSink> {
        match self.held_back {
            Some(flag) if flag.load(Ordering::Relaxed) => None,
            _ => self.sink,
        }
    }
}

/// A snapshot that notes whether anything asked it anything.
struct Watched<'a> {
    inner: &'a dyn Introspector,
    used: &'a AtomicBool,
}

impl Watched<'_> {
    fn note(&self) {
        self.used.store(true, Ordering::Relaxed);
    }
}

impl Introspector for Watched<'_> {
    fn pages(&self) -> usize {
        self.note();
        self.inner.pages()
    }

    fn record(&self, location: Location) -> Option<&Record> {
        self.note();
        self.inner.record(location)
    }

    fn records(&self) -> &[Record] {
        self.note();
        self.inner.records()
    }

    fn label(&self, label: &str) -> Option<&Record> {
        self.note();
        self.inner.label(label)
    }
}

/// Merges realization's and finalization's parts of an iteration: warnings and reads in
/// order (realization's, then each run's, then each page's), and the errors that decide
/// the iteration (the runs' and realization's first, the pages' only without those).
fn finish_iteration(realized: Realized, finalized: Finalized) -> Iteration {
    let Finalized {
        runs,
        pages,
        errors: page_errors,
        warnings: page_warnings,
        reads: page_reads,
        delayed: page_delayed,
        records,
        streamed,
    } = finalized;
    let mut warnings: Vec<SourceDiagnostic> = realized.warnings.iter().cloned().collect();
    let mut reads = realized.reads.clone();
    let mut delayed: Vec<SourceDiagnostic> = realized.delayed.iter().cloned().collect();
    let mut errors = Vec::new();
    for run in &runs {
        warnings.extend(run.warnings.iter().cloned());
        reads.extend(run.reads.iter().cloned());
        delayed.extend(run.delayed.iter().cloned());
        if let Err(run_errors) = &run.result {
            errors.extend(run_errors.iter().cloned());
        }
    }
    if let Err(realize_errors) = &realized.result {
        errors.extend(realize_errors.iter().cloned());
    }
    let pages = if !errors.is_empty() {
        Err(errors)
    } else {
        warnings.extend(page_warnings);
        reads.extend(page_reads);
        delayed.extend(page_delayed);
        match page_errors {
            Some(errors) => Err(errors),
            None => Ok(pages),
        }
    };
    Iteration { realized, runs, pages, warnings, reads, delayed, records, streamed }
}

/// The document of the last iteration: its pages, the metadata realization found and the
/// outline from the bookmarked headings of its snapshot.
fn assemble(iteration: Iteration, snapshot: &Snapshot) -> PagedDocument {
    let info = iteration.realized.result.unwrap_or_default();
    let pages = iteration.pages.unwrap_or_default();
    PagedDocument { pages, info, outline: outline(snapshot) }
}

/// The bookmarks: every bookmarked heading in document order, titled with its number.
fn outline(snapshot: &Snapshot) -> Vec<OutlineItem> {
    snapshot
        .records()
        .iter()
        .filter_map(|record| match &record.info {
            TagInfo::Heading { level, numbers, title, bookmarked: true, .. } => {
                let title = match numbers {
                    Some(numbers) => eco_format!("{numbers} {title}"),
                    None => title.clone(),
                };
                Some(OutlineItem {
                    title,
                    level: NonZeroUsize::new(*level).unwrap_or(NonZeroUsize::MIN),
                    page: record.page.saturating_sub(1),
                    y: record.position.y,
                })
            }
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panics_become_internal_errors() {
        let failed = guarded("layout", || -> usize { panic!("boom at {}", 3) });
        let messages: Vec<_> = failed.unwrap_err().into_iter().map(|d| d.message).collect();
        assert_eq!(messages, ["internal error in layout: boom at 3"]);
        let fine = guarded_stage("realize", || Ok::<_, EcoVec<SourceDiagnostic>>(7));
        assert_eq!(fine.ok(), Some(7));
    }

    #[test]
    fn repeated_diagnostics_are_reported_once() {
        let warning = |message: &str| SourceDiagnostic::warning(Span::detached(), message);
        let mut warnings = vec![warning("a"), warning("b"), warning("a"), warning("c")];
        dedup(&mut warnings);
        let messages: Vec<_> = warnings.iter().map(|w| w.message.as_str()).collect();
        assert_eq!(messages, ["a", "b", "c"]);
    }
}

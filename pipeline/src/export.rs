//! Export: pages + the outputs the command line asked for → files (or standard output).
//! Each output is an exporter actor (`Exporters`): a thread fed pages over a bounded
//! channel while layout still runs, encoding or rendering each page as a job on the
//! worker pool; pieces are put back in page order, so the bytes do not depend on `--jobs`
//! or on timing. A restart (the compilation iterated again) voids the pieces so far;
//! a page that comes again unchanged reuses its earlier piece instead of being encoded
//! again.
//!
//! Output paths may hold page templates (`{p}` the page number, `{0p}` the page number
//! zero-padded to the width of the page count, `{t}` the page count); PNG and SVG need
//! one when more than one page is exported. Files are written atomically and all
//! together: each goes to a temporary file in its target folder first, and only when
//! every output succeeded are the temporary files renamed into place (otherwise they are
//! removed and nothing is written).

use std::collections::HashMap;
use std::io::Write;
use std::num::NonZeroUsize;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::ScopedJoinHandle;

use crossbeam_channel::{Receiver, Sender, bounded, unbounded};
use quire_exporters::{pdf, png, svg};
use quire_stages::doc::{DocumentInfo, OutlineItem, Page, PagedDocument, Timestamp};

use crate::args::{Output, OutputFormat, PageRange};
use crate::compile::PageSink;

/// One output: where it goes and in which format.
#[derive(Debug, Clone, Eq, PartialEq)]
pub struct Target {
    pub output: Output,
    pub format: OutputFormat,
}

/// How pages are exported.
#[derive(Debug, Clone, Default)]
pub struct ExportOptions {
    /// The pages to export (all when `None`).
    pub pages: Option<Vec<PageRange>>,
    /// The resolution of PNG output.
    pub ppi: f32,
    /// The creation time written into PDF metadata.
    pub timestamp: Option<Timestamp>,
}

/// Writes every target for a document already compiled; on failure nothing is written
/// and the messages say why.
pub fn export(
    document: &PagedDocument,
    targets: &[Target],
    options: &ExportOptions,
    pool: &rayon::ThreadPool,
) -> Result<(), Vec<String>> {
    std::thread::scope(|scope| {
        let exporters = Exporters::start(scope, targets, options, pool);
        for page in &document.pages {
            exporters.page(page);
        }
        exporters.finish(document)
    })
}

/// Whether page `number` is among those to export.
fn selected(options: &ExportOptions, number: NonZeroUsize) -> bool {
    let Some(ranges) = &options.pages else { return true };
    ranges.iter().any(|range| {
        range.start.is_none_or(|start| start <= number) && range.end.is_none_or(|end| number <= end)
    })
}

/// Something an exporter produced, waiting to be put in place.
#[derive(Debug)]
enum Written {
    /// A temporary file to rename to its final path.
    File { temp: PathBuf, path: PathBuf, format: OutputFormat },
    /// Bytes for standard output.
    Stdout(Vec<u8>),
}

/// What an exporter thread is told.
enum Event {
    /// The next page.
    Page(Page),
    /// Forget the pages so far.
    Restart,
    /// The document is complete: write it.
    Finish(Arc<Finish>),
}

/// What the exporters need once every page has come.
struct Finish {
    info: DocumentInfo,
    outline: Vec<OutlineItem>,
    /// The number of pages of the document (for `{t}` and `{0p}`).
    total: usize,
}

/// The exporter actors: one thread per output, fed pages over a bounded channel while
/// the document is still being laid out (they are a `PageSink`). Each encodes or renders
/// its pages on the worker pool as they come and stages them; `finish` writes all outputs
/// together, or none.
pub struct Exporters<'scope> {
    feeds: Vec<Sender<Event>>,
    handles: Vec<ScopedJoinHandle<'scope, Result<Vec<Written>, String>>>,
}

impl std::fmt::Debug for Exporters<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Exporters").field("outputs", &self.feeds.len()).finish()
    }
}

/// How many pages may wait for each exporter before the pipeline pauses.
const PAGES_IN_FLIGHT: usize = 16;

impl<'scope> Exporters<'scope> {
    /// Starts one exporter thread per target.
    pub fn start<'env>(
        scope: &'scope std::thread::Scope<'scope, 'env>,
        targets: &'env [Target],
        options: &'env ExportOptions,
        pool: &'env rayon::ThreadPool,
    ) -> Self {
        let mut feeds = Vec::with_capacity(targets.len());
        let mut handles = Vec::with_capacity(targets.len());
        for target in targets {
            let (feed, events) = bounded(PAGES_IN_FLIGHT);
            feeds.push(feed);
            handles.push(scope.spawn(move || {
                catch_unwind(AssertUnwindSafe(|| run_exporter(target, options, pool, events)))
                    .unwrap_or_else(|payload| {
                        Err(format!("internal error in export: {}", panic_text(&*payload)))
                    })
            }));
        }
        Self { feeds, handles }
    }

    /// Writes every output of `document`, whose pages have all been sent since the last
    /// restart; on failure nothing is written and the messages say why.
    pub fn finish(self, document: &PagedDocument) -> Result<(), Vec<String>> {
        let finish = Arc::new(Finish {
            info: document.info.clone(),
            outline: document.outline.clone(),
            total: document.pages.len(),
        });
        for feed in &self.feeds {
            let _ = feed.send(Event::Finish(finish.clone()));
        }
        let Self { feeds, handles } = self;
        drop(feeds);
        let mut written = Vec::new();
        let mut errors = Vec::new();
        for handle in handles {
            let result = handle.join().unwrap_or_else(|payload| {
                Err(format!("internal error in export: {}", panic_text(&*payload)))
            });
            match result {
                Ok(files) => written.extend(files),
                Err(message) => errors.push(message),
            }
        }
        if errors.is_empty() {
            errors.extend(commit(&written));
        }
        if !errors.is_empty() {
            discard(&written);
            return Err(errors);
        }
        Ok(())
    }

    /// Stops every exporter without writing anything (the compilation failed).
    pub fn abort(self) {
        let Self { feeds, handles } = self;
        drop(feeds);
        for handle in handles {
            if let Ok(Ok(written)) = handle.join() {
                discard(&written);
            }
        }
    }
}

impl PageSink for Exporters<'_> {
    fn restart(&self) {
        for feed in &self.feeds {
            let _ = feed.send(Event::Restart);
        }
    }

    fn page(&self, page: &Page) {
        for feed in &self.feeds {
            let _ = feed.send(Event::Page(page.clone()));
        }
    }
}

/// One page's share of an output, ready to be assembled.
enum Piece {
    /// A PDF page's content and resources (boxed: much larger than the other pieces).
    Pdf(Box<pdf::EncodedPage>),
    /// An image staged in a temporary file, to be renamed once the page count is known.
    Staged { temp: PathBuf, number: usize },
    /// An image for standard output.
    Bytes(Vec<u8>),
}

/// A finished piece: the restart generation it belongs to, its position, the page it
/// was made from, and it.
type Done = (usize, usize, Page, Result<Piece, String>);

/// One exporter thread: takes events until `Finish` (or until the feed closes, which
/// aborts), encoding each selected page as a job on the pool, at most
/// `PAGES_IN_FLIGHT` at a time; then assembles the output of the latest generation.
fn run_exporter(
    target: &Target,
    options: &ExportOptions,
    pool: &rayon::ThreadPool,
    events: Receiver<Event>,
) -> Result<Vec<Written>, String> {
    let (done_sender, done) = unbounded::<Done>();
    let (take_slot, free_slot) = bounded::<()>(PAGES_IN_FLIGHT);
    let mut pieces = Pieces::default();
    let mut seq = 0;
    let mut finish = None;
    pool.in_place_scope(|scope| {
        for event in events.iter() {
            match event {
                Event::Page(page) => {
                    if !selected(options, page.number) {
                        continue;
                    }
                    let position = seq;
                    seq += 1;
                    if let Some(piece) = pieces.reuse(&page) {
                        pieces.current.push((position, page, Ok(piece)));
                        continue;
                    }
                    let _ = take_slot.send(());
                    let (done_sender, free_slot) = (done_sender.clone(), free_slot.clone());
                    let this = pieces.generation;
                    scope.spawn(move |_| {
                        let piece = encode(target, options, &page);
                        let _ = done_sender.send((this, position, page, piece));
                        let _ = free_slot.recv();
                    });
                }
                Event::Restart => {
                    pieces.restart();
                    seq = 0;
                }
                Event::Finish(info) => {
                    finish = Some(info);
                    break;
                }
            }
            pieces.collect(&done);
        }
    });
    drop(done_sender);
    pieces.collect(&done);
    pieces.discard_earlier();
    let mut kept = std::mem::take(&mut pieces.current);
    kept.sort_by_key(|(position, ..)| *position);
    let mut pieces = Vec::with_capacity(kept.len());
    let mut error = None;
    for (_, _, piece) in kept {
        match piece {
            Ok(piece) => pieces.push(piece),
            Err(message) => {
                error.get_or_insert(message);
            }
        }
    }
    let outcome = match (finish, error) {
        (Some(finish), None) => assemble(target, options, &finish, &mut pieces),
        (_, Some(message)) => Err(message),
        (None, None) => Err("export aborted".into()),
    };
    if outcome.is_err() {
        for piece in &pieces {
            piece.discard();
        }
    }
    outcome
}

/// An exporter's pieces: those of the current generation with their positions, and
/// those of the generation before, by the page they were made from, so that a page that
/// comes again unchanged after a restart (most do) is not encoded again.
#[derive(Default)]
struct Pieces {
    generation: usize,
    current: Vec<(usize, Page, Result<Piece, String>)>,
    earlier: HashMap<Page, Piece>,
}

impl Pieces {
    /// Takes the finished pieces: the current generation's are kept, older ones become
    /// reusable.
    fn collect(&mut self, done: &Receiver<Done>) {
        for (of, position, page, piece) in done.try_iter() {
            if of == self.generation {
                self.current.push((position, page, piece));
            } else if let Ok(piece) = piece
                && let Some(replaced) = self.earlier.insert(page, piece)
            {
                replaced.discard();
            }
        }
    }

    /// Starts a new generation; the current pieces become reusable, older ones go.
    fn restart(&mut self) {
        self.generation += 1;
        self.discard_earlier();
        for (_, page, piece) in self.current.drain(..) {
            if let Ok(piece) = piece {
                self.earlier.insert(page, piece);
            }
        }
    }

    /// The piece an earlier generation made from a page equal to `page`.
    fn reuse(&mut self, page: &Page) -> Option<Piece> {
        // Without a restart there is nothing to reuse; hashing the page would be waste.
        if self.earlier.is_empty() {
            return None;
        }
        self.earlier.remove(page)
    }

    /// Drops the reusable pieces (and their staged files).
    #[allow(clippy::iter_over_hash_type, reason = "removing files in any order")]
    fn discard_earlier(&mut self) {
        for (_, piece) in self.earlier.drain() {
            piece.discard();
        }
    }
}

impl Piece {
    /// Removes the piece's staged file, if it has one.
    fn discard(&self) {
        if let Self::Staged { temp, .. } = self {
            let _ = std::fs::remove_file(temp);
        }
    }
}

/// Encodes or renders one page for a target.
fn encode(target: &Target, options: &ExportOptions, page: &Page) -> Result<Piece, String> {
    let image = |page: &Page| -> Result<Vec<u8>, String> {
        match target.format {
            OutputFormat::Png => png::export_page(page, options.ppi).map_err(|err| err.to_string()),
            _ => Ok(svg::render_page(page).into_bytes()),
        }
    };
    match (target.format, &target.output) {
        (OutputFormat::Pdf, _) => Ok(Piece::Pdf(Box::new(pdf::encode_page(page)))),
        (OutputFormat::Html, _) => Err(html_unsupported()),
        (_, Output::Stdout) => image(page).map(Piece::Bytes),
        (format, Output::Path(template)) => {
            let number = page.number.get();
            // The final name may need the page count; the folder does not.
            let near = expand(template, number, number);
            let temp = stage_file(&near, format, &image(page)?)?;
            Ok(Piece::Staged { temp, number })
        }
    }
}

/// Puts a target's pieces together once the page count is known: the PDF file, or the
/// final names of the staged images.
fn assemble(
    target: &Target,
    options: &ExportOptions,
    finish: &Finish,
    pieces: &mut Vec<Piece>,
) -> Result<Vec<Written>, String> {
    match target.format {
        OutputFormat::Pdf => {
            let mut exporter =
                pdf::PdfExporter::new(pdf::PdfOptions { timestamp: options.timestamp });
            for piece in pieces.drain(..) {
                if let Piece::Pdf(page) = piece {
                    exporter.add_encoded(*page);
                }
            }
            let bytes =
                exporter.finish(&finish.info, &finish.outline).map_err(|err| err.to_string())?;
            match &target.output {
                Output::Stdout => Ok(vec![Written::Stdout(bytes)]),
                Output::Path(path) => Ok(vec![Written::File {
                    temp: stage_file(path, target.format, &bytes)?,
                    path: path.clone(),
                    format: target.format,
                }]),
            }
        }
        _ => {
            if pieces.len() > 1 {
                match &target.output {
                    Output::Stdout => return Err("cannot export multiple images to stdout".into()),
                    Output::Path(path) if !is_template(path) => {
                        return Err("cannot export multiple images without a page number \
                                    template ({p}, {0p}) in the output path"
                            .into());
                    }
                    Output::Path(_) => {}
                }
            }
            Ok(pieces
                .drain(..)
                .filter_map(|piece| match (piece, &target.output) {
                    (Piece::Bytes(bytes), _) => Some(Written::Stdout(bytes)),
                    (Piece::Staged { temp, number }, Output::Path(template)) => {
                        Some(Written::File {
                            temp,
                            path: expand(template, number, finish.total),
                            format: target.format,
                        })
                    }
                    _ => None,
                })
                .collect())
        }
    }
}

/// The error for HTML output, which quire does not write yet.
pub fn html_unsupported() -> String {
    "html export is not supported yet: choose pdf, png or svg".into()
}

/// Whether a path holds a page number template.
pub fn is_template(path: &Path) -> bool {
    let text = path.to_string_lossy();
    text.contains("{p}") || text.contains("{0p}")
}

/// The path of page `number` (from 1) of a document of `total` pages.
pub fn expand(template: &Path, number: usize, total: usize) -> PathBuf {
    let text = template.to_string_lossy();
    if !text.contains('{') {
        return template.to_path_buf();
    }
    let width = total.max(1).to_string().len();
    let expanded = text
        .replace("{0p}", &format!("{number:0width$}"))
        .replace("{p}", &number.to_string())
        .replace("{t}", &total.to_string());
    PathBuf::from(expanded)
}

/// Writes `bytes` to a fresh temporary file next to `path`.
fn stage_file(path: &Path, format: OutputFormat, bytes: &[u8]) -> Result<PathBuf, String> {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let name = path.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
    let temp_name = format!(
        ".{name}.quire-{}-{}.tmp",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    let temp = path.with_file_name(temp_name);
    std::fs::write(&temp, bytes).map_err(|err| write_error(path, format, &err))?;
    Ok(temp)
}

/// Typst's message for a file that cannot be written, with the path (a run may write
/// several files).
fn write_error(path: &Path, format: OutputFormat, err: &std::io::Error) -> String {
    let name = format.extension().to_uppercase();
    format!("failed to write {name} file {} ({err})", path.display())
}

/// Puts every staged output in place: renames files, then writes standard output.
fn commit(written: &[Written]) -> Vec<String> {
    let mut errors = Vec::new();
    for item in written {
        if let Written::File { temp, path, format } = item
            && let Err(err) = std::fs::rename(temp, path)
        {
            errors.push(write_error(path, *format, &err));
        }
    }
    let mut stdout = std::io::stdout().lock();
    for item in written {
        if let Written::Stdout(bytes) = item
            && let Err(err) = stdout.write_all(bytes).and_then(|()| stdout.flush())
        {
            errors.push(format!("failed to write to stdout ({err})"));
        }
    }
    errors
}

/// Removes the temporary files that are still there.
fn discard(written: &[Written]) {
    for item in written {
        if let Written::File { temp, .. } = item {
            // A file already renamed is gone from here; nothing else can be done.
            let _ = std::fs::remove_file(temp);
        }
    }
}

fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|text| (*text).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_expand_page_numbers_and_counts() {
        let path = Path::new("out/p-{0p}-of-{t}.png");
        assert_eq!(expand(path, 3, 12), PathBuf::from("out/p-03-of-12.png"));
        assert_eq!(expand(Path::new("p{p}.svg"), 3, 12), PathBuf::from("p3.svg"));
        assert_eq!(expand(Path::new("plain.png"), 1, 1), PathBuf::from("plain.png"));
        assert!(is_template(Path::new("a-{p}.png")));
        assert!(is_template(Path::new("a-{0p}.png")));
        assert!(!is_template(Path::new("a-{t}.png")));
    }

    #[test]
    fn page_ranges_select_pages() {
        let range = |text: &str| text.parse::<PageRange>().ok();
        let options = ExportOptions {
            pages: Some([range("1"), range("3-4"), range("8-")].into_iter().flatten().collect()),
            ..ExportOptions::default()
        };
        let chosen: Vec<usize> = (1..=10)
            .filter(|&n| NonZeroUsize::new(n).is_some_and(|n| selected(&options, n)))
            .collect();
        assert_eq!(chosen, [1, 3, 4, 8, 9, 10]);
        let all = ExportOptions::default();
        assert!(selected(&all, NonZeroUsize::MIN));
    }

    #[test]
    fn unchanged_pages_reuse_their_pieces_after_a_restart() {
        let page = |number: usize, width: f64| Page {
            frame: quire_stages::doc::Frame::new(quire_stages::base::Size::new(
                quire_stages::base::Abs::pt(width),
                quire_stages::base::Abs::pt(100.0),
            )),
            fill: Default::default(),
            number: NonZeroUsize::new(number).unwrap_or(NonZeroUsize::MIN),
            label: None,
        };
        let dir = std::env::temp_dir().join(format!("quire-reuse-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch folder");
        let staged = |name: &str| {
            let temp = dir.join(name);
            std::fs::write(&temp, name).expect("staged file");
            Piece::Staged { temp, number: 1 }
        };
        let (sender, done) = unbounded::<Done>();
        let mut pieces = Pieces::default();
        sender.send((0, 0, page(1, 100.0), Ok(staged("one")))).expect("send");
        sender.send((0, 1, page(2, 100.0), Ok(staged("two")))).expect("send");
        pieces.collect(&done);
        pieces.restart();
        // Page 1 comes again unchanged, page 2 changed.
        assert!(matches!(pieces.reuse(&page(1, 100.0)), Some(Piece::Staged { .. })));
        assert!(pieces.reuse(&page(2, 120.0)).is_none());
        // A piece of the old generation that finishes late is reusable too.
        sender.send((0, 2, page(3, 100.0), Ok(staged("three")))).expect("send");
        pieces.collect(&done);
        assert!(pieces.current.is_empty());
        pieces.restart();
        // Pieces not reused by the next generation are gone with their files.
        assert!(pieces.reuse(&page(2, 100.0)).is_none());
        assert!(!dir.join("two").exists() && !dir.join("three").exists());
        assert!(dir.join("one").exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}

//! Export: a compiled document + the outputs the command line asked for → files (or
//! standard output). Each output is one exporter thread; inside it, pages are encoded
//! or rendered in parallel on the worker pool and merged in page order, so the bytes do
//! not depend on `--jobs`.
//!
//! Output paths may hold page templates (`{p}` the page number, `{0p}` the page number
//! zero-padded to the width of the page count, `{t}` the page count); PNG and SVG need
//! one when more than one page is exported. Files are written atomically and all
//! together: each goes to a temporary file in its target folder first, and only when
//! every output succeeded are the temporary files renamed into place (otherwise they are
//! removed and nothing is written).

use std::io::Write;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use quire_exporters::{pdf, png, svg};
use quire_stages::doc::{Page, PagedDocument, Timestamp};
use rayon::prelude::*;

use crate::args::{Output, OutputFormat, PageRange};

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

/// Writes every target; on failure nothing is written and the messages say why.
pub fn export(
    document: &PagedDocument,
    targets: &[Target],
    options: &ExportOptions,
    pool: &rayon::ThreadPool,
) -> Result<(), Vec<String>> {
    let selected: Vec<&Page> =
        document.pages.iter().filter(|page| selected(options, page.number)).collect();
    let total = document.pages.len();
    let results: Vec<Result<Vec<Written>, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = targets
            .iter()
            .map(|target| {
                let selected = &selected;
                scope.spawn(move || {
                    pool.install(|| export_target(document, selected, total, target, options))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| {
                handle.join().unwrap_or_else(|payload| {
                    Err(format!("internal error in export: {}", panic_text(&*payload)))
                })
            })
            .collect()
    });

    let mut written = Vec::new();
    let mut errors = Vec::new();
    for result in results {
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

/// Exports one target into temporary files (or a buffer for standard output).
fn export_target(
    document: &PagedDocument,
    pages: &[&Page],
    total: usize,
    target: &Target,
    options: &ExportOptions,
) -> Result<Vec<Written>, String> {
    match target.format {
        OutputFormat::Pdf => {
            let encoded: Vec<pdf::EncodedPage> =
                pages.par_iter().map(|page| pdf::encode_page(page)).collect();
            let mut exporter =
                pdf::PdfExporter::new(pdf::PdfOptions { timestamp: options.timestamp });
            for page in encoded {
                exporter.add_encoded(page);
            }
            let bytes = exporter
                .finish(&document.info, &document.outline)
                .map_err(|err| err.to_string())?;
            let path = match &target.output {
                Output::Stdout => return Ok(vec![Written::Stdout(bytes)]),
                Output::Path(path) => path,
            };
            Ok(vec![stage_file(path, target.format, &bytes)?])
        }
        OutputFormat::Png | OutputFormat::Svg => {
            let template = match &target.output {
                Output::Stdout if pages.len() > 1 => {
                    return Err("cannot export multiple images to stdout".into());
                }
                Output::Stdout => None,
                Output::Path(path) => Some(path),
            };
            if let Some(path) = template
                && pages.len() > 1
                && !is_template(path)
            {
                return Err("cannot export multiple images without a page number template \
                            ({p}, {0p}) in the output path"
                    .into());
            }
            let ppi = options.ppi;
            let encode = |page: &Page| -> Result<Vec<u8>, String> {
                match target.format {
                    OutputFormat::Png => png::export_page(page, ppi).map_err(|err| err.to_string()),
                    _ => Ok(svg::render_page(page).into_bytes()),
                }
            };
            let Some(template) = template else {
                return pages.iter().map(|page| encode(page).map(Written::Stdout)).collect();
            };
            pages
                .par_iter()
                .map(|page| {
                    let bytes = encode(page)?;
                    let path = expand(template, page.number.get(), total);
                    stage_file(&path, target.format, &bytes)
                })
                .collect()
        }
        OutputFormat::Html => Err(html_unsupported()),
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
fn stage_file(path: &Path, format: OutputFormat, bytes: &[u8]) -> Result<Written, String> {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let name = path.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
    let temp_name = format!(
        ".{name}.quire-{}-{}.tmp",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    let temp = path.with_file_name(temp_name);
    std::fs::write(&temp, bytes).map_err(|err| write_error(path, format, &err))?;
    Ok(Written::File { temp, path: path.to_path_buf(), format })
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
}

//! The `quire` command: command-line arguments → a compilation (or a font listing), its
//! diagnostics on stderr, the output files and the exit code (0 success, warnings
//! allowed; 1 compile, export or I/O error; 2 usage error, reported by clap).

use std::io::Write;
use std::num::NonZeroUsize;
use std::process::ExitCode;

use anyhow::Context;
use clap::Parser;
use codespan_reporting::term::termcolor::{
    BufferedStandardStream, Color, ColorSpec, StandardStream, WriteColor,
};
use quire_shaping::{FontBook, FontOptions};
use quire_stages::base::SourceDiagnostic;
use quire_stages::doc::Timestamp as DocTimestamp;

use crate::args::{Cli, Command, CompileArgs, FontArgs, FontsArgs, OutputFormat};
use crate::compile::{CompileOptions, WORKER_STACK, compile_paged_to, worker_pool};
use crate::diag::{self, DiagnosticFormat, stderr_color};
use crate::export::{ExportOptions, Exporters, Target, html_unsupported};
use crate::world::SystemWorld;

/// Runs the command line of this process.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    // The driver walks, compares and drops deeply nested documents recursively, so it
    // gets a large stack too.
    let outcome = std::thread::Builder::new()
        .name("quire-driver".into())
        .stack_size(WORKER_STACK)
        .spawn(move || match &cli.command {
            Command::Compile(args) => compile(args),
            Command::Fonts(args) => fonts(args),
        })
        .context("failed to start the driver thread")
        .and_then(|handle| {
            handle.join().unwrap_or_else(|_| Err(anyhow::anyhow!("internal error in the driver")))
        });
    match outcome {
        Ok(Success::Yes) => ExitCode::SUCCESS,
        Ok(Success::No) => ExitCode::FAILURE,
        Err(err) => {
            print_error(&format!("{err:#}"));
            ExitCode::FAILURE
        }
    }
}

/// Whether a command succeeded; its diagnostics are already printed.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
enum Success {
    Yes,
    No,
}

/// Compiles the input and writes every output, or prints why it cannot.
fn compile(args: &CompileArgs) -> anyhow::Result<Success> {
    let targets: Vec<Target> = args
        .targets()
        .map_err(anyhow::Error::msg)?
        .into_iter()
        .map(|(output, format)| Target { output, format })
        .collect();
    if targets.iter().any(|target| target.format == OutputFormat::Html) {
        anyhow::bail!(html_unsupported());
    }
    let world = SystemWorld::new(&args.input, args.root.as_deref())?
        .with_inputs(&args.inputs)
        .with_creation_timestamp(args.creation_timestamp)
        .with_package_paths(args.package_path.clone(), args.package_cache_path.clone());
    let book = font_book(&args.fonts);
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN));
    // Layout and export share one pool: two busy pools on the same cores slow each other.
    let pool = worker_pool(jobs).context("failed to start the workers")?;
    let utc = world.creation_time().to_utc();
    let options = ExportOptions {
        pages: args.pages.clone(),
        // The parser accepts only positive, finite values.
        ppi: args.ppi as f32,
        timestamp: Some(DocTimestamp {
            year: i32::try_from(utc.year).unwrap_or(1970),
            month: utc.month,
            day: utc.day,
            hour: utc.hour,
            minute: utc.minute,
            second: utc.second,
        }),
    };
    // The exporters take the pages while the document is still being laid out.
    let (compiled, exported) = std::thread::scope(|scope| {
        let exporters = Exporters::start(scope, &targets, &options, &pool);
        let compiled = compile_paged_to(
            &world,
            &book,
            &CompileOptions { jobs, pool: Some(&pool) },
            Some(&exporters),
        );
        let exported = match &compiled.document {
            Some(document) => Some(exporters.finish(document)),
            None => {
                exporters.abort();
                None
            }
        };
        (compiled, exported)
    });
    let diagnostics: Vec<SourceDiagnostic> =
        compiled.errors.iter().chain(&compiled.warnings).cloned().collect();
    print_diagnostics(&world, &diagnostics, args.diagnostic_format)?;
    match exported {
        Some(Ok(())) => Ok(Success::Yes),
        Some(Err(messages)) => {
            for message in messages {
                print_error(&message);
            }
            Ok(Success::No)
        }
        None => Ok(Success::No),
    }
}

/// The fonts the font arguments ask for.
fn font_book(args: &FontArgs) -> FontBook {
    FontBook::new(&FontOptions {
        font_paths: args.font_paths.clone(),
        ignore_system_fonts: args.ignore_system_fonts,
        ..FontOptions::default()
    })
}

/// Lists the font families (with `--variants`, each face's style, weight and stretch).
fn fonts(args: &FontsArgs) -> anyhow::Result<Success> {
    let book = font_book(&args.fonts);
    let mut out = String::new();
    for family in book.families() {
        out.push_str(&family.name);
        out.push('\n');
        if args.variants {
            let count = family.variants.len();
            for (index, variant) in family.variants.iter().enumerate() {
                let branch = if index + 1 == count { '└' } else { '├' };
                let style = format!("{:?}", variant.style);
                out.push_str(&format!(
                    "  {branch} Style: {style}, Weight: {:?}, Stretch: {:?}\n",
                    variant.weight, variant.stretch
                ));
            }
        }
    }
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(out.as_bytes()).and_then(|()| stdout.flush()).context("failed to print")?;
    Ok(Success::Yes)
}

/// Prints errors before warnings (as Typst 0.15 does), each group in the stages' order.
fn print_diagnostics(
    world: &SystemWorld,
    diagnostics: &[SourceDiagnostic],
    format: DiagnosticFormat,
) -> anyhow::Result<()> {
    let (errors, warnings): (Vec<_>, Vec<_>) =
        diagnostics.iter().cloned().partition(SourceDiagnostic::is_error);
    let ordered: Vec<SourceDiagnostic> = errors.into_iter().chain(warnings).collect();
    let mut stderr = BufferedStandardStream::stderr(stderr_color());
    diag::emit(&mut stderr, world, &ordered, format)
        .and_then(|()| stderr.flush())
        .context("failed to print diagnostics")
}

/// Prints a problem that is not tied to a source location: `error: message`.
fn print_error(message: &str) {
    let mut stderr = StandardStream::stderr(stderr_color());
    // Nothing sensible is left to do if stderr itself fails.
    let _ = stderr
        .set_color(ColorSpec::new().set_fg(Some(Color::Red)).set_bold(true))
        .and_then(|()| write!(stderr, "error"))
        .and_then(|()| stderr.reset())
        .and_then(|()| writeln!(stderr, ": {message}"));
}

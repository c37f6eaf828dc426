//! The `quire` command: command-line arguments → a compilation, its diagnostics on stderr
//! and the exit code (0 success, warnings allowed; 1 compile or I/O error; 2 usage error,
//! reported by clap).
//!
//! Compilation currently reads and parses the input file only: the stage actors, layout
//! and export arrive with the next stages, so no output file is written yet.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use clap::Parser;
use codespan_reporting::term::termcolor::{
    BufferedStandardStream, Color, ColorSpec, StandardStream, WriteColor,
};
use quire_stages::base::SourceDiagnostic;

use crate::args::{Cli, Command, CompileArgs};
use crate::diag::{self, DiagnosticFormat, stderr_color};
use crate::parse::parse_stage;
use crate::world::SystemWorld;

/// Runs the command line of this process.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match &cli.command {
        Command::Compile(args) => compile(args),
    };
    match outcome {
        Ok(Success::Yes) => ExitCode::SUCCESS,
        Ok(Success::No) => ExitCode::FAILURE,
        Err(err) => {
            print_error(&format!("{err:#}"));
            ExitCode::FAILURE
        }
    }
}

/// Whether a compilation succeeded; its diagnostics are already printed.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
enum Success {
    Yes,
    No,
}

/// Compiles as far as the pipeline goes: reads and parses the input and prints its
/// diagnostics.
fn compile(args: &CompileArgs) -> anyhow::Result<Success> {
    args.output_format().map_err(anyhow::Error::msg)?;
    let world = SystemWorld::new(&args.input, args.root.as_deref())?;
    let diagnostics = match parse_stage(&world, world.main()) {
        Ok(parsed) => parsed.warnings,
        Err(diagnostics) => diagnostics,
    };
    print_diagnostics(&world, &diagnostics, args.diagnostic_format)?;
    let failed = diagnostics.iter().any(SourceDiagnostic::is_error);
    Ok(if failed { Success::No } else { Success::Yes })
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

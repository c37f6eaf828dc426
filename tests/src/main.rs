//! Entry point of the `suite` test target: command-line arguments → a run of the `.typ`
//! suite → the report on stdout and an exit status (non-zero on any failure).

use std::path::Path;
use std::process::ExitCode;

use quire_tests::{Args, Paths, run};

fn main() -> ExitCode {
    let args = match Args::parse(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(message) => {
            eprintln!("error: {message}\n\n{}", quire_tests::USAGE);
            return ExitCode::from(2);
        }
    };
    if args.help {
        print!("{}", quire_tests::USAGE);
        return ExitCode::SUCCESS;
    }
    // Panics inside a test are caught and reported with the test; the default hook would
    // also print them out of order from the worker threads.
    std::panic::set_hook(Box::new(|_| {}));
    let (report, passed) = run(&args, &Paths::new(Path::new(env!("CARGO_MANIFEST_DIR"))));
    print!("{report}");
    if passed { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

//! The `quire` command-line entry point: hands the process over to `quire::cli`.

fn main() -> std::process::ExitCode {
    quire::cli::main()
}

//! Command-line arguments of the suite runner → what to run and how.
//!
//! `cargo test -p quire-tests --test suite -- [FILTER…] [OPTIONS]`:
//!
//! - `FILTER`: run only tests whose name contains one of the filters.
//! - `--exact`: filters must equal the name instead.
//! - `--path SUBSTR`: run only tests whose suite file path (relative to `tests/suite`, for
//!   example `syntax/raw.typ`) contains `SUBSTR`; may repeat.
//! - `--skip SUBSTR`: leave out tests whose name contains `SUBSTR`; may repeat.
//! - `--update`: write the reference dumps of the selected `syntax` tests (and, in an
//!   unfiltered run, delete references no test uses), reporting each file it touched.
//! - `--list`: print the selected tests instead of running them.
//! - `--test-threads N`: run on `N` threads (default: the available parallelism).
//!
//! Other arguments that cargo and libtest use (`--nocapture`, `--quiet`, `--color WHEN`, …)
//! are accepted and ignored, so that `cargo test --workspace -- ARGS` works.

/// The parsed arguments.
#[derive(Debug, Clone, Default, Eq, PartialEq)]
pub struct Args {
    pub filters: Vec<String>,
    pub exact: bool,
    pub paths: Vec<String>,
    pub skip: Vec<String>,
    pub update: bool,
    pub list: bool,
    pub threads: Option<usize>,
    pub help: bool,
}

/// libtest options that take a value, accepted and ignored.
const IGNORED_WITH_VALUE: &[&str] = &["--color", "--format", "--logfile", "-Z", "--shuffle-seed"];

impl Args {
    /// Parses the arguments after the program name.
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Self, String> {
        let mut out = Self::default();
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            // `--name=value` is the same as `--name value`.
            let (name, inline) = match arg.split_once('=') {
                Some((name, value)) if name.starts_with("--") => (name, Some(value.to_string())),
                _ => (arg.as_str(), None),
            };
            let mut value =
                || inline.clone().or_else(|| args.next()).ok_or(format!("`{name}` needs a value"));
            match name {
                "--exact" => out.exact = true,
                "--update" => out.update = true,
                "--list" => out.list = true,
                "-h" | "--help" => out.help = true,
                "--path" => out.paths.push(value()?),
                "--skip" => out.skip.push(value()?),
                "--test-threads" => {
                    let text = value()?;
                    let n = text.parse::<usize>().ok().filter(|&n| n > 0);
                    out.threads = Some(n.ok_or(format!("invalid thread count `{text}`"))?);
                }
                _ if IGNORED_WITH_VALUE.contains(&name) => {
                    value()?;
                }
                _ if name.starts_with('-') => {}
                _ => out.filters.push(arg),
            }
        }
        Ok(out)
    }

    /// Whether the run is restricted to part of the suite.
    pub fn is_filtered(&self) -> bool {
        !self.filters.is_empty() || !self.paths.is_empty() || !self.skip.is_empty()
    }

    /// Whether the test `name` in suite file `path` is selected.
    pub fn selects(&self, path: &str, name: &str) -> bool {
        let by_name = self.filters.is_empty()
            || self.filters.iter().any(|f| if self.exact { name == f } else { name.contains(f) });
        let by_path = self.paths.is_empty() || self.paths.iter().any(|p| path.contains(p));
        let skipped = self.skip.iter().any(|s| name.contains(s));
        by_name && by_path && !skipped
    }
}

/// The usage text for `--help`.
pub const USAGE: &str = "\
usage: cargo test -p quire-tests --test suite -- [FILTER...] [OPTIONS]

  FILTER               run tests whose name contains FILTER
  --exact              filters must equal the test name
  --path SUBSTR        run tests whose file path (e.g. syntax/raw.typ) contains SUBSTR
  --skip SUBSTR        leave out tests whose name contains SUBSTR
  --update             write the tree references of the selected syntax tests
  --list               list the selected tests
  --test-threads N     run on N threads
";

#[cfg(test)]
mod tests {
    use super::*;

    fn check(args: &[&str], expected: Result<Args, &str>) {
        let parsed = Args::parse(args.iter().map(|s| s.to_string()));
        assert_eq!(parsed, expected.map_err(str::to_string));
    }

    #[test]
    fn filters_and_options() {
        check(
            &["raw", "--path", "syntax/", "--exact", "--update", "--path=x", "heading"],
            Ok(Args {
                filters: vec!["raw".into(), "heading".into()],
                exact: true,
                paths: vec!["syntax/".into(), "x".into()],
                update: true,
                ..Args::default()
            }),
        );
    }

    #[test]
    fn cargo_arguments_are_ignored() {
        check(
            &["--nocapture", "-q", "--quiet", "--color", "never", "--format=pretty", "-Zx"],
            Ok(Args::default()),
        );
        check(
            &["--test-threads", "3", "--list"],
            Ok(Args { threads: Some(3), list: true, ..Args::default() }),
        );
        check(&["--test-threads=1"], Ok(Args { threads: Some(1), ..Args::default() }));
    }

    #[test]
    fn bad_values() {
        check(&["--path"], Err("`--path` needs a value"));
        check(&["--test-threads", "0"], Err("invalid thread count `0`"));
    }

    #[test]
    fn selection() {
        let args = Args::parse(["raw".into(), "--skip".into(), "dedent".into()]).unwrap();
        assert!(args.selects("syntax/raw.typ", "raw-inline"));
        assert!(!args.selects("syntax/raw.typ", "raw-block-dedent"));
        assert!(!args.selects("syntax/markup.typ", "strong"));
        let exact =
            Args::parse(["raw".into(), "--exact".into(), "--path".into(), "s/".into()]).unwrap();
        assert!(exact.selects("s/raw.typ", "raw"));
        assert!(!exact.selects("s/raw.typ", "raw-inline"));
        assert!(!exact.selects("t/raw.typ", "raw"));
    }
}

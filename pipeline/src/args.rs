//! Command-line arguments: the `clap` definition of `quire`, compatible with `typst
//! compile`, and the parsers that validate option values before anything runs.
//!
//! Every option is acted on, except `--features`, which is accepted for compatibility
//! and says so in `--help`. Invalid values are usage errors (exit code
//! 2, clap's message).

use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use clap::builder::{OsStringValueParser, TypedValueParser};
use clap::{ArgAction, Args, Parser, Subcommand, ValueEnum, ValueHint};

use crate::diag::DiagnosticFormat;
use crate::world::Input;

/// Separates several paths in one value (as in `PATH`).
const PATH_LIST_SEPARATOR: char = if cfg!(windows) { ';' } else { ':' };

/// quire, a parallel Typst-compatible typesetting compiler.
#[derive(Debug, Parser)]
#[command(name = "quire", version, max_term_width = 100)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Compiles an input file into one or more outputs (PDF, PNG, SVG).
    #[command(visible_alias = "c")]
    Compile(Box<CompileArgs>),

    /// Lists the font families quire can use.
    Fonts(FontsArgs),
}

/// Arguments of `quire compile`.
#[derive(Debug, Args)]
pub struct CompileArgs {
    /// Path to the input Typst file; `-` reads it from standard input.
    #[arg(value_parser = input_parser(), value_hint = ValueHint::FilePath)]
    pub input: Input,

    /// Paths to the output files (PDF, PNG or SVG), all written from one layout; `-`
    /// writes to standard output. Defaults to the input's name with `.pdf`.
    ///
    /// For formats that write one file per page (PNG and SVG), a path must hold a page
    /// number template when several pages are exported: `{p}` for the page number, `{0p}`
    /// for the zero-padded page number and `{t}` for the page count, e.g.
    /// `page-{0p}-of-{t}.png`.
    #[arg(
        required_if_eq("input", "-"),
        value_parser = output_parser(),
        value_hint = ValueHint::FilePath
    )]
    pub output: Vec<Output>,

    /// The format of an output file, inferred from its extension by default. Given
    /// several times, the formats apply to the outputs in order.
    #[arg(long, short = 'f', action = ArgAction::Append)]
    pub format: Vec<OutputFormat>,

    /// The project root: absolute paths in the document start here, and no file outside
    /// it can be read. Defaults to the directory of the input file.
    #[arg(long, env = "TYPST_ROOT", value_name = "DIR", value_hint = ValueHint::DirPath)]
    pub root: Option<PathBuf>,

    /// Adds a string key-value pair visible through `sys.inputs`.
    #[arg(
        long = "input",
        value_name = "key=value",
        action = ArgAction::Append,
        value_parser = parse_input_pair
    )]
    pub inputs: Vec<(String, String)>,

    #[command(flatten)]
    pub fonts: FontArgs,

    /// The resolution of PNG output, in pixels per inch.
    #[arg(long, default_value = "144", value_parser = parse_ppi)]
    pub ppi: f64,

    /// Which pages to export, e.g. `2,5` or `2,3-6,8-`. Page numbers start at 1 and are
    /// physical page numbers. All pages by default.
    #[arg(long, value_delimiter = ',', value_name = "PAGES")]
    pub pages: Option<Vec<PageRange>>,

    /// The document's creation date as a UNIX timestamp, for reproducible output (see
    /// <https://reproducible-builds.org/specs/source-date-epoch/>); `datetime.today()`
    /// and the PDF's dates use it. Defaults to the current time.
    #[arg(
        long,
        env = "SOURCE_DATE_EPOCH",
        value_name = "UNIX_TIMESTAMP",
        value_parser = parse_timestamp
    )]
    pub creation_timestamp: Option<Timestamp>,

    /// The number of worker threads for layout and export. Defaults to the number of
    /// CPUs. The output is the same for any number.
    #[arg(long, short)]
    pub jobs: Option<NonZeroUsize>,

    /// In-development features to enable (accepted for compatibility with Typst; quire
    /// does not export HTML yet).
    #[arg(long = "features", env = "TYPST_FEATURES", value_delimiter = ',')]
    pub features: Vec<Feature>,

    /// Custom path to local packages (`@local/name:1.0.0` lives in
    /// `DIR/local/name/1.0.0`), defaults to `{data-dir}/typst/packages`.
    #[arg(long, env = "TYPST_PACKAGE_PATH", value_name = "DIR", value_hint = ValueHint::DirPath)]
    pub package_path: Option<PathBuf>,

    /// Custom path to the package cache, where packages downloaded by Typst are found;
    /// defaults to `{cache-dir}/typst/packages`. quire downloads no packages.
    #[arg(
        long,
        env = "TYPST_PACKAGE_CACHE_PATH",
        value_name = "DIR",
        value_hint = ValueHint::DirPath
    )]
    pub package_cache_path: Option<PathBuf>,

    /// The format to print diagnostics in.
    #[arg(long, default_value_t, value_enum)]
    pub diagnostic_format: DiagnosticFormat,
}

/// Where fonts come from (shared by `compile` and `fonts`).
#[derive(Debug, Clone, Args)]
pub struct FontArgs {
    /// Adds directories that are searched recursively for fonts. Several paths in one
    /// value are separated like in `PATH` (`:`, or `;` on Windows).
    #[arg(
        long = "font-path",
        env = "TYPST_FONT_PATHS",
        value_name = "DIR",
        value_delimiter = PATH_LIST_SEPARATOR,
        value_hint = ValueHint::DirPath
    )]
    pub font_paths: Vec<PathBuf>,

    /// Searches no system fonts, only the embedded ones and those of `--font-path`.
    #[arg(long, env = "TYPST_IGNORE_SYSTEM_FONTS")]
    pub ignore_system_fonts: bool,
}

/// Arguments of `quire fonts`.
#[derive(Debug, Args)]
pub struct FontsArgs {
    #[command(flatten)]
    pub fonts: FontArgs,

    /// Also lists the style, weight and stretch of every face of a family.
    #[arg(long)]
    pub variants: bool,
}

/// An in-development feature (Typst's `--features`).
#[derive(Debug, Copy, Clone, Eq, PartialEq, ValueEnum)]
pub enum Feature {
    Html,
    A11yExtras,
}

impl CompileArgs {
    /// The outputs with their formats: `--format`s apply to the outputs in order, other
    /// outputs get the format of their extension; without outputs, the input's name with
    /// the extension of the (first) format, PDF by default.
    pub fn targets(&self) -> Result<Vec<(Output, OutputFormat)>, String> {
        if self.format.len() > self.output.len().max(1) {
            return Err("there are more formats than outputs: give one `--format` per output, \
                        in the order of the outputs"
                .into());
        }
        let outputs = if self.output.is_empty() {
            let format = self.format.first().copied().unwrap_or(OutputFormat::Pdf);
            let Input::Path(input) = &self.input else {
                // Clap requires an output for standard input.
                return Err("an output path is needed when reading from standard input".into());
            };
            vec![Output::Path(input.with_extension(format.extension()))]
        } else {
            self.output.clone()
        };
        if outputs.iter().filter(|output| **output == Output::Stdout).count() > 1 {
            return Err("only one output can be written to standard output".into());
        }
        outputs
            .into_iter()
            .enumerate()
            .map(|(index, output)| {
                let format = match (self.format.get(index), &output) {
                    (Some(format), _) => *format,
                    (None, Output::Stdout) => OutputFormat::Pdf,
                    (None, Output::Path(path)) => {
                        OutputFormat::from_extension(path).ok_or_else(|| {
                            format!(
                                "could not infer output format for path {}.\n\
                                 consider providing the format manually with `--format/-f`",
                                path.display()
                            )
                        })?
                    }
                };
                Ok((output, format))
            })
            .collect()
    }
}

/// Where the output goes.
#[derive(Debug, Clone, Eq, PartialEq)]
pub enum Output {
    /// Standard output (`-`).
    Stdout,
    /// A file.
    Path(PathBuf),
}

/// The formats quire writes.
#[derive(Debug, Copy, Clone, Eq, PartialEq, ValueEnum)]
pub enum OutputFormat {
    Pdf,
    Png,
    Svg,
    Html,
}

impl OutputFormat {
    /// The format a file extension names, ignoring case.
    pub fn from_extension(path: &Path) -> Option<Self> {
        let extension = path.extension()?.to_str()?;
        Self::value_variants()
            .iter()
            .copied()
            .find(|format| format.extension().eq_ignore_ascii_case(extension))
    }

    /// The usual file extension.
    pub fn extension(self) -> &'static str {
        match self {
            Self::Pdf => "pdf",
            Self::Png => "png",
            Self::Svg => "svg",
            Self::Html => "html",
        }
    }
}

/// An inclusive range of physical page numbers; an absent end is open.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
pub struct PageRange {
    pub start: Option<NonZeroUsize>,
    pub end: Option<NonZeroUsize>,
}

impl FromStr for PageRange {
    type Err = &'static str;

    /// Parses `N`, `N-M`, `N-` or `-M`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        if text.is_empty() {
            return Err("page export range must not be empty");
        }
        let Some((start, end)) = text.split_once('-') else {
            let page = parse_page_number(text)?;
            return Ok(Self { start: Some(page), end: Some(page) });
        };
        if end.contains('-') {
            return Err("page export range must have a single hyphen");
        }
        let bound = |part: &str| {
            let part = part.trim();
            if part.is_empty() { Ok(None) } else { parse_page_number(part).map(Some) }
        };
        let range = Self { start: bound(start)?, end: bound(end)? };
        match (range.start, range.end) {
            (None, None) => Err("page export range must have start or end"),
            (Some(start), Some(end)) if start > end => {
                Err("page export range must end at a page after the start")
            }
            _ => Ok(range),
        }
    }
}

fn parse_page_number(text: &str) -> Result<NonZeroUsize, &'static str> {
    match text.parse::<usize>() {
        Ok(0) => Err("page numbers start at one"),
        Ok(number) => NonZeroUsize::new(number).ok_or("page numbers start at one"),
        Err(_) => Err("not a valid page number"),
    }
}

/// A validated creation timestamp: seconds since 1970-01-01 00:00 UTC.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
pub struct Timestamp(i64);

impl Timestamp {
    /// 1970-01-01 00:00 UTC.
    pub const EPOCH: Self = Self(0);

    /// The timestamp `seconds` after the epoch, if its year is within the supported
    /// range (that of Typst's CLI).
    pub fn from_seconds(seconds: i64) -> Option<Self> {
        // Checked first so that the day count cannot overflow, then by calendar year.
        if seconds.unsigned_abs() > 10_000_000_000_000 {
            return None;
        }
        let timestamp = Self(seconds);
        TIMESTAMP_YEARS.contains(&timestamp.to_utc().year).then_some(timestamp)
    }

    /// The seconds since the UNIX epoch.
    pub fn seconds(self) -> i64 {
        self.0
    }

    /// The UTC calendar date and time of the timestamp.
    pub fn to_utc(self) -> UtcDateTime {
        let days = self.0.div_euclid(86_400);
        let second_of_day = self.0.rem_euclid(86_400);
        let (year, month, day) = civil_from_days(days);
        // The remainder is below 86 400, so the parts fit in a byte.
        let part = |value: i64| u8::try_from(value).unwrap_or(0);
        UtcDateTime {
            year,
            month,
            day,
            hour: part(second_of_day / 3600),
            minute: part(second_of_day / 60 % 60),
            second: part(second_of_day % 60),
        }
    }
}

/// A proleptic Gregorian date and time in UTC.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
pub struct UtcDateTime {
    pub year: i64,
    pub month: u8,
    pub day: u8,
    pub hour: u8,
    pub minute: u8,
    pub second: u8,
}

/// The year, month and day of a day count from 1970-01-01 (Gregorian calendar, with the
/// 400-year cycle of 146 097 days).
fn civil_from_days(days: i64) -> (i64, u8, u8) {
    let shifted = days + 719_468; // Days from 0000-03-01.
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153; // March = 0.
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 { month_index + 3 } else { month_index - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, u8::try_from(month).unwrap_or(1), u8::try_from(day).unwrap_or(1))
}

/// The years a timestamp may fall in: those of Typst's CLI (the `chrono` date range).
const TIMESTAMP_YEARS: std::ops::RangeInclusive<i64> = -262_143..=262_142;

fn parse_timestamp(text: &str) -> Result<Timestamp, String> {
    let seconds: i64 =
        text.trim().parse().map_err(|err| format!("timestamp must be decimal integer ({err})"))?;
    Timestamp::from_seconds(seconds).ok_or_else(|| "timestamp out of range".into())
}

fn parse_ppi(text: &str) -> Result<f64, String> {
    let ppi: f64 = text.trim().parse().map_err(|err| format!("{err}"))?;
    if ppi.is_finite() && ppi > 0.0 {
        Ok(ppi)
    } else {
        Err("pixels per inch must be a positive number".into())
    }
}

/// Splits `key=value` at the first `=`, trimming both sides; the key must not be empty.
fn parse_input_pair(text: &str) -> Result<(String, String), String> {
    let (key, value) =
        text.split_once('=').ok_or("input must be a key and a value separated by an equal sign")?;
    let key = key.trim();
    if key.is_empty() {
        return Err("the key was missing or empty".into());
    }
    Ok((key.to_owned(), value.trim().to_owned()))
}

fn input_parser() -> impl TypedValueParser<Value = Input> {
    OsStringValueParser::new().try_map(|value| {
        if value.is_empty() {
            Err(clap::Error::new(clap::error::ErrorKind::InvalidValue))
        } else if value == "-" {
            Ok(Input::Stdin)
        } else {
            Ok(Input::Path(value.into()))
        }
    })
}

fn output_parser() -> impl TypedValueParser<Value = Output> {
    OsStringValueParser::new().try_map(|value| {
        if value.is_empty() {
            Err(clap::Error::new(clap::error::ErrorKind::InvalidValue))
        } else if value == "-" {
            Ok(Output::Stdout)
        } else {
            Ok(Output::Path(value.into()))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pages(text: &str) -> Result<(Option<usize>, Option<usize>), &'static str> {
        text.parse::<PageRange>()
            .map(|range| (range.start.map(NonZeroUsize::get), range.end.map(NonZeroUsize::get)))
    }

    #[test]
    fn page_ranges() {
        assert_eq!(pages("4"), Ok((Some(4), Some(4))));
        assert_eq!(pages("2-6"), Ok((Some(2), Some(6))));
        assert_eq!(pages(" 8- "), Ok((Some(8), None)));
        assert_eq!(pages("-3"), Ok((None, Some(3))));
        assert_eq!(pages(""), Err("page export range must not be empty"));
        assert_eq!(pages("-"), Err("page export range must have start or end"));
        assert_eq!(pages("0"), Err("page numbers start at one"));
        assert_eq!(pages("x"), Err("not a valid page number"));
        assert_eq!(pages("1-2-3"), Err("page export range must have a single hyphen"));
        assert_eq!(pages("5-2"), Err("page export range must end at a page after the start"));
    }

    #[test]
    fn timestamps_convert_to_utc_dates() {
        let utc = |seconds| Timestamp(seconds).to_utc();
        let date = |t: UtcDateTime| (t.year, t.month, t.day, t.hour, t.minute, t.second);
        assert_eq!(date(utc(0)), (1970, 1, 1, 0, 0, 0));
        assert_eq!(date(utc(951_782_400)), (2000, 2, 29, 0, 0, 0));
        assert_eq!(date(utc(1_700_000_000)), (2023, 11, 14, 22, 13, 20));
        assert_eq!(date(utc(-1)), (1969, 12, 31, 23, 59, 59));
        assert_eq!(parse_timestamp("1700000000"), Ok(Timestamp(1_700_000_000)));
        assert_eq!(parse_timestamp("99999999999999"), Err("timestamp out of range".into()));
        assert!(parse_timestamp("soon").unwrap_err().starts_with("timestamp must be decimal"));
    }

    #[test]
    fn option_values_are_validated() {
        assert_eq!(parse_ppi("300"), Ok(300.0));
        assert!(parse_ppi("0").is_err());
        assert!(parse_ppi("-1").is_err());
        assert!(parse_ppi("inf").is_err());
        assert!(parse_ppi("NaN").is_err());
        assert_eq!(parse_input_pair(" a = b=c "), Ok(("a".into(), "b=c".into())));
        assert!(parse_input_pair("novalue").is_err());
        assert!(parse_input_pair(" =x").is_err());
    }

    #[test]
    fn output_formats_come_from_flags_then_extensions() {
        let targets = |argv: &[&str]| {
            let mut full = vec!["quire", "compile"];
            full.extend(argv);
            let Command::Compile(args) = Cli::parse_from(full).command else {
                return Err("not compile".to_owned());
            };
            args.targets().map(|targets| targets.into_iter().map(|(_, f)| f).collect::<Vec<_>>())
        };
        use OutputFormat::*;
        assert_eq!(targets(&["in.typ"]), Ok(vec![Pdf]));
        assert_eq!(targets(&["in.typ", "-f", "svg"]), Ok(vec![Svg]));
        assert_eq!(targets(&["in.typ", "out.PNG"]), Ok(vec![Png]));
        assert_eq!(targets(&["in.typ", "-"]), Ok(vec![Pdf]));
        assert_eq!(targets(&["in.typ", "a.pdf", "p{p}.png", "p{p}.svg"]), Ok(vec![Pdf, Png, Svg]));
        assert_eq!(
            targets(&["in.typ", "-f", "svg", "-f", "png", "a", "b", "c.pdf"]),
            Ok(vec![Svg, Png, Pdf])
        );
        assert!(targets(&["in.typ", "out.txt"]).unwrap_err().starts_with("could not infer"));
        assert!(
            targets(&["in.typ", "-f", "png", "-f", "svg", "a"])
                .unwrap_err()
                .contains("more formats")
        );
        assert!(targets(&["in.typ", "-", "-"]).unwrap_err().contains("standard output"));
    }

    #[test]
    fn cli_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}

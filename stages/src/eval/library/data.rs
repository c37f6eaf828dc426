//! Data loading: `read`, `json`, `yaml`, `toml`, `csv`, `xml` and `cbor` (a path string,
//! read through the `World` relative to the file that wrote it, a `path` value, or bytes
//! → values), the `path` constructor (a string resolved where it is written), the
//! encoders `json.encode`, `yaml.encode`, `toml.encode` and `cbor.encode` (value → string
//! or bytes), and `plugin`, which quire refuses.
//!
//! Parse errors follow Typst's wording: `failed to parse JSON (MESSAGE at LINE:COL)` for
//! bytes. An error in a text file points into the file (a byte-range span), with the call
//! in its trace; in a file that is not UTF-8 it points at the path and names the place:
//! `(MESSAGE in data/x.json:LINE:COL)`.

mod csv;
mod decode;
mod encode;
mod json;
mod toml;
mod xml;

use std::sync::Arc;

use ecow::{EcoString, eco_format, eco_vec};

use self::decode::Decoded;
use self::encode::Encode;
use super::native;
use crate::base::{FileId, SourceDiagnostic, SourceResult, Span};
use crate::eval::{Engine, FileError, resolve_path};
use crate::model::{Args, Bytes, FilePath, Func, Scope, Str, Value, mismatch};

native!(READ, "read", read);
native!(JSON_ENCODE, "json.encode", json_encode);
native!(JSON, "json", json, [&JSON_ENCODE]);
native!(YAML_ENCODE, "yaml.encode", yaml_encode);
native!(YAML, "yaml", yaml, [&YAML_ENCODE]);
native!(TOML_ENCODE, "toml.encode", toml_encode);
native!(TOML, "toml", toml, [&TOML_ENCODE]);
native!(CSV, "csv", csv_load);
native!(XML, "xml", xml_load);
native!(CBOR_ENCODE, "cbor.encode", cbor_encode);
native!(CBOR, "cbor", cbor, [&CBOR_ENCODE]);
native!(PLUGIN_TRANSITION, "plugin.transition", plugin_transition);
native!(PLUGIN, "plugin", plugin, [&PLUGIN_TRANSITION]);

/// Adds the data loading functions to the global scope.
pub fn define(scope: &mut Scope) {
    for native in [&READ, &JSON, &YAML, &TOML, &CSV, &XML, &CBOR, &PLUGIN] {
        scope.define(native.name, Func::from(native));
    }
}

/// Where loaded data came from, for error messages.
enum Origin {
    /// A file, by its id.
    File(FileId),
    /// A bytes value given directly.
    Bytes,
}

/// Data to decode: its bytes, where they came from and the span of the argument.
struct Loaded {
    data: Arc<[u8]>,
    origin: Origin,
    span: Span,
}

impl Loaded {
    /// An error of decoding this data: `what` is the failure (`failed to parse JSON`),
    /// `message` the decoder's words and `pos` the one-based line and column, if known.
    fn error(
        &self,
        what: &str,
        message: impl std::fmt::Display,
        pos: Option<(usize, usize)>,
    ) -> ecow::EcoVec<SourceDiagnostic> {
        let Some((line, col)) = pos else {
            return self.error_at(what, message, None);
        };
        let Origin::File(id) = self.origin else {
            let col = col.max(1);
            let text = eco_format!("{what} ({message} at {line}:{col})");
            return eco_vec![SourceDiagnostic::error(self.span, text)];
        };
        if std::str::from_utf8(&self.data).is_err() {
            let text = eco_format!("{what} ({message} in {}:{line}:{col})", display_path(id));
            return eco_vec![SourceDiagnostic::error(self.span, text)];
        }
        match offset(&self.data, line, col) {
            // Typst points at the place itself (an empty range), so that a place at a
            // line's end stays on that line.
            Some(start) => self.error_at(what, message, Some(start..start)),
            // A place past the end: the whole file, with the place in the message.
            None => self.error_at(what, eco_format!("{message} at {line}:{col}"), None),
        }
    }

    /// An error of decoding this data at the bytes `range`, if known.
    fn error_at(
        &self,
        what: &str,
        message: impl std::fmt::Display,
        range: Option<std::ops::Range<usize>>,
    ) -> ecow::EcoVec<SourceDiagnostic> {
        let text = match (&self.origin, range) {
            (Origin::File(id), Some(range)) if std::str::from_utf8(&self.data).is_ok() => {
                let span = Span::from_range(*id, range);
                // The call's trace (`while calling `json``) is added where it is evaluated.
                return eco_vec![SourceDiagnostic::error(span, eco_format!("{what} ({message})"))];
            }
            (Origin::File(id), Some(range)) => {
                let (line, col) = line_col(&self.data, range.start);
                eco_format!("{what} ({message} in {}:{line}:{col})", display_path(*id))
            }
            (Origin::File(id), None) if std::str::from_utf8(&self.data).is_ok() => {
                let span = Span::from_range(*id, 0..self.data.len());
                // The call's trace (`while calling `json``) is added where it is evaluated.
                return eco_vec![SourceDiagnostic::error(span, eco_format!("{what} ({message})"))];
            }
            (Origin::File(id), None) => eco_format!("{what} ({message} in {})", display_path(*id)),
            (Origin::Bytes, Some(range)) => {
                let (line, col) = line_col(&self.data, range.start);
                eco_format!("{what} ({message} at {line}:{col})")
            }
            (Origin::Bytes, None) => eco_format!("{what} ({message})"),
        };
        eco_vec![SourceDiagnostic::error(self.span, text)]
    }

    /// An error with both a byte place and a line and column (YAML's): a readable file
    /// points at the byte (even at its very end), elsewhere the line and column are named.
    fn error_full(
        &self,
        what: &str,
        message: impl std::fmt::Display,
        at: usize,
        pos: (usize, usize),
    ) -> ecow::EcoVec<SourceDiagnostic> {
        match self.origin {
            Origin::File(_) if std::str::from_utf8(&self.data).is_ok() => {
                let at = at.min(self.data.len());
                self.error_at(what, message, Some(at..at))
            }
            _ => self.error(what, message, Some(pos)),
        }
    }

    /// The data as text, or Typst's error for data that is not UTF-8 (placed at the start).
    fn text(&self) -> SourceResult<&str> {
        std::str::from_utf8(&self.data).map_err(|err| {
            let at = err.valid_up_to();
            self.error_at("failed to convert to string", "file is not valid UTF-8", Some(at..at))
        })
    }
}

/// A file's path as error messages name it: relative to the project root.
fn display_path(id: FileId) -> &'static str {
    let path = id.path();
    path.strip_prefix('/').unwrap_or(path)
}

/// The error for a file that could not be read, with its hints.
fn file_error(span: Span, error: FileError) -> ecow::EcoVec<SourceDiagnostic> {
    eco_vec![error.diagnostic(span)]
}

/// `path(path)`: a string resolved against the file that wrote it (a path stays as is).
pub fn construct_path(args: &mut Args) -> SourceResult<Value> {
    let Some(index) = args.items.iter().position(|arg| arg.name.is_none()) else {
        return Err(eco_vec![args.missing_argument("path")]);
    };
    let arg = args.items.remove(index);
    let span = arg.span;
    match symbol_as_str(arg.value) {
        Value::Path(path) => Ok(Value::Path(path)),
        // A type called back by a method (`.map(path)`) gives its arguments no place,
        // and a string with no file to be relative to is refused, as in Typst.
        Value::Str(_) if span.id().is_none() => {
            crate::bail!(span, "cannot access file system from here")
        }
        Value::Str(path) => {
            let resolved = resolve_path(span.id(), &path).map_err(|e| file_error(span, e))?;
            Ok(Value::Path(FilePath(resolved)))
        }
        v => crate::bail!(span, "{}", mismatch("path or string", &v)),
    }
}

/// A symbol where a path string is expected stands for its text, as wherever Typst
/// takes a string (`read(sym.star)` reads the file `*`).
fn symbol_as_str(value: Value) -> Value {
    match value {
        Value::Symbol(symbol) => Value::Str(Str::from(symbol.get())),
        value => value,
    }
}

/// The file a path argument names: a `path` value, or a string resolved against the file
/// that wrote it (at `span`).
fn file_of(value: Value, span: Span, expected: &str) -> SourceResult<FileId> {
    match value {
        Value::Path(path) => Ok(FileId::new(&path.0)),
        Value::Str(_) if span.id().is_none() => {
            crate::bail!(span, "cannot access file system from here")
        }
        Value::Str(path) => {
            let resolved = resolve_path(span.id(), &path).map_err(|e| file_error(span, e))?;
            Ok(FileId::new(&resolved))
        }
        v => crate::bail!(span, "{}", mismatch(expected, &v)),
    }
}

/// Reads file `id` through the world (errors at `span`).
fn read_file(engine: &Engine, id: FileId, span: Span) -> SourceResult<Arc<[u8]>> {
    engine.world.file(id).map_err(|e| file_error(span, e))
}

/// The `source` argument of a decoder, taken but not yet read: a file or bytes.
enum Source {
    /// A path (a `path` value or a string, resolved where it was written).
    Path(Value),
    /// Bytes given directly.
    Bytes(Bytes),
}

/// Takes the `source` argument of a decoder (`what` names it in errors): a path or bytes.
/// The file is read only by `Source::load`, after every other argument was checked.
fn take_source(args: &mut Args, what: &str) -> SourceResult<(Source, Span)> {
    let Some(index) = args.items.iter().position(|arg| arg.name.is_none()) else {
        return Err(eco_vec![args.missing_argument(what)]);
    };
    let arg = args.items.remove(index);
    match symbol_as_str(arg.value) {
        Value::Bytes(bytes) => Ok((Source::Bytes(bytes), arg.span)),
        value @ (Value::Str(_) | Value::Path(_)) => Ok((Source::Path(value), arg.span)),
        v => crate::bail!(arg.span, "{}", mismatch("path, string, or bytes", &v)),
    }
}

impl Source {
    /// Reads the data (a file through the world); `span` is the span of the argument.
    fn load(self, engine: &Engine, span: Span) -> SourceResult<Loaded> {
        match self {
            Source::Bytes(bytes) => {
                Ok(Loaded { data: Arc::from(bytes.0.as_slice()), origin: Origin::Bytes, span })
            }
            Source::Path(value) => {
                let id = file_of(value, span, "path, string, or bytes")?;
                let data = read_file(engine, id, span)?;
                Ok(Loaded { data, origin: Origin::File(id), span })
            }
        }
    }
}

/// Loads the file or bytes an element's argument names (a path, a string resolved where it
/// was written, or bytes; other values are left to the element's own checks) and checks
/// the data with `check`, whose failure becomes Typst's `WHAT (MESSAGE)` error: in the
/// file when it was read from one, else at the argument. `text` asks for UTF-8 data.
pub(super) fn load_checked(
    engine: &Engine,
    value: &Value,
    span: Span,
    what: &str,
    text: bool,
    check: fn(&[u8]) -> Result<(), EcoString>,
) -> SourceResult<()> {
    let source = match value {
        Value::Bytes(bytes) => Source::Bytes(bytes.clone()),
        Value::Str(_) | Value::Path(_) => Source::Path(value.clone()),
        _ => return Ok(()),
    };
    let loaded = source.load(engine, span)?;
    if text {
        loaded.text()?;
    }
    check(&loaded.data).map_err(|message| loaded.error_at(what, message, None))
}

/// Takes the `source` argument of a decoder that has no other parameter, checks that no
/// argument is left over, and reads the data.
fn load_source(engine: &Engine, args: &mut Args) -> SourceResult<Loaded> {
    let (source, span) = take_source(args, "source")?;
    args.take().finish()?;
    source.load(engine, span)
}

/// `read(path, encoding: "utf8")`: a file's text, or its bytes with `encoding: none`.
fn read(engine: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let Some(index) = args.items.iter().position(|arg| arg.name.is_none()) else {
        return Err(eco_vec![args.missing_argument("path")]);
    };
    let arg = args.items.remove(index);
    let span = arg.span;
    let path = match symbol_as_str(arg.value) {
        value @ (Value::Str(_) | Value::Path(_)) => value,
        v => crate::bail!(span, "{}", mismatch("path or string", &v)),
    };
    let utf8 = match take_named(args, "encoding") {
        Some((value, value_span)) => match value {
            Value::None => false,
            Value::Str(s) if s.as_str() == "utf8" => true,
            Value::Str(_) => crate::bail!(value_span, "expected \"utf8\" or none"),
            v => crate::bail!(value_span, "{}", mismatch("\"utf8\" or none", &v)),
        },
        None => true,
    };
    args.take().finish()?;
    let id = file_of(path, span, "path or string")?;
    let data = read_file(engine, id, span)?;
    if !utf8 {
        return Ok(Value::Bytes(Bytes(data.as_ref().into())));
    }
    match std::str::from_utf8(&data) {
        Ok(text) => Ok(Value::Str(Str::from(text))),
        Err(err) => {
            let (line, col) = line_col(&data, err.valid_up_to());
            crate::bail!(
                span,
                "failed to convert to string (file is not valid UTF-8 in {}:{line}:{col})",
                display_path(id)
            )
        }
    }
}

/// The byte offset of the one-based `line` and `column` (in characters, counted on past
/// the line's end), if inside `data` or at its end.
fn offset(data: &[u8], line: usize, column: usize) -> Option<usize> {
    let mut start = 0;
    for _ in 1..line {
        start += data.get(start..)?.iter().position(|&b| b == b'\n')? + 1;
    }
    let text = std::str::from_utf8(data.get(start..)?).ok()?;
    let skip = column.saturating_sub(1);
    match text.char_indices().nth(skip) {
        Some((within, _)) => Some(start + within),
        None => (text.chars().count() == skip).then_some(data.len()),
    }
}

/// The one-based line and column (in characters) of byte `offset`. In data that is not
/// UTF-8, Typst counts the column only after a line break: there, any place on the first
/// line is reported in column 1.
fn line_col(data: &[u8], offset: usize) -> (usize, usize) {
    let before = &data[..offset.min(data.len())];
    let line_start = match before.iter().rposition(|&b| b == b'\n') {
        Some(i) => i + 1,
        None if std::str::from_utf8(data).is_err() => before.len(),
        None => 0,
    };
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let col = String::from_utf8_lossy(&before[line_start..]).chars().count() + 1;
    (line, col)
}

/// Takes the named boolean `pretty` (default `true`).
fn pretty(args: &mut Args) -> SourceResult<bool> {
    Ok(args.named::<bool>("pretty")?.unwrap_or(true))
}

/// The UTF-8 byte order mark, which JSON must not start with.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// `json(source)`.
fn json(engine: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let loaded = load_source(engine, args)?;
    if loaded.data.starts_with(BOM) {
        let mut errors =
            loaded.error("failed to parse JSON", "unexpected Byte Order Mark", Some((1, 1)));
        errors.make_mut()[0].hints.push("JSON requires UTF-8 without a BOM".into());
        return Err(errors);
    }
    serde_json::from_slice::<Decoded>(&loaded.data).map(|d| d.0).map_err(|err| {
        let (message, pos) = json::describe(&loaded.data, &err);
        loaded.error("failed to parse JSON", message, Some(pos))
    })
}

/// `json.encode(value, pretty: true)`.
fn json_encode(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (value, span) = take_value(args)?;
    let pretty = pretty(args)?;
    match json::to_string(&value, pretty) {
        Ok(text) => Ok(Value::Str(Str::from(text.as_str()))),
        Err(err) => crate::bail!(span, "failed to encode value as JSON ({err})"),
    }
}

/// `yaml(source)`.
fn yaml(engine: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let loaded = load_source(engine, args)?;
    serde_yaml::from_slice::<Decoded>(&loaded.data).map(|d| d.0).map_err(|err| {
        match err.location() {
            Some(l) => {
                loaded.error_full("failed to parse YAML", &err, l.index(), (l.line(), l.column()))
            }
            None => loaded.error("failed to parse YAML", err, None),
        }
    })
}

/// `yaml.encode(value)`.
fn yaml_encode(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (value, span) = take_value(args)?;
    match serde_yaml::to_string(&Encode(&value)) {
        Ok(text) => Ok(Value::Str(Str::from(text.as_str()))),
        Err(err) => crate::bail!(span, "failed to encode value as YAML ({err})"),
    }
}

/// `toml(source)`.
fn toml(engine: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let loaded = load_source(engine, args)?;
    let text = loaded.text()?;
    ::toml::from_str::<Decoded>(text)
        .map(|d| d.0)
        .map_err(|err| loaded.error_at("failed to parse TOML", err.message(), err.span()))
}

/// `toml.encode(value, pretty: true)`: the value must be a dictionary.
fn toml_encode(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (value, span) = take_value(args)?;
    if !matches!(value, Value::Dict(_)) {
        crate::bail!(span, "{}", mismatch("dictionary", &value));
    }
    let pretty = pretty(args)?;
    match toml::to_string(&value, pretty) {
        Ok(text) => Ok(Value::Str(Str::from(text.as_str()))),
        Err(err) => crate::bail!(span, "failed to encode value as TOML ({err})"),
    }
}

/// `csv(source, delimiter: ",", row-type: array)`.
fn csv_load(engine: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (source, source_span) = take_source(args, "source")?;
    let delimiter = match take_named(args, "delimiter") {
        Some((value, span)) => {
            csv::delimiter(value).map_err(|e| eco_vec![SourceDiagnostic::error(span, e)])?
        }
        None => b',',
    };
    let dictionaries = match take_named(args, "row-type") {
        Some((value, span)) => {
            csv::row_type(value).map_err(|e| eco_vec![SourceDiagnostic::error(span, e)])?
        }
        None => false,
    };
    args.take().finish()?;
    let loaded = source.load(engine, source_span)?;
    csv::parse(&loaded.data, delimiter, dictionaries).map_err(|(message, place)| match place {
        csv::Place::Byte(at) => loaded.error_at("failed to parse CSV", message, Some(at..at)),
        csv::Place::Line(line) => loaded.error("failed to parse CSV", message, Some((line, 1))),
    })
}

/// `xml(source)`.
fn xml_load(engine: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let loaded = load_source(engine, args)?;
    let text = loaded.text()?;
    xml::parse(text)
        .map_err(|(message, pos)| loaded.error("failed to parse XML", message, Some(pos)))
}

/// `cbor(source)`.
fn cbor(engine: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let loaded = load_source(engine, args)?;
    ciborium::de::from_reader::<Decoded, _>(&loaded.data[..]).map(|d| d.0).map_err(|err| {
        let message = match err {
            ciborium::de::Error::Io(err) => eco_format!("IO error: {err}"),
            ciborium::de::Error::Syntax(_) => "syntax error".into(),
            ciborium::de::Error::Semantic(_, message) => message.into(),
            ciborium::de::Error::RecursionLimitExceeded => "recursion limit exceeded".into(),
        };
        // CBOR is binary: an error names the file, but never points into it.
        let text = match loaded.origin {
            Origin::File(id) => {
                eco_format!("failed to parse CBOR ({message} in {})", display_path(id))
            }
            Origin::Bytes => eco_format!("failed to parse CBOR ({message})"),
        };
        eco_vec![SourceDiagnostic::error(loaded.span, text)]
    })
}

/// `cbor.encode(value)`.
fn cbor_encode(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let (value, span) = take_value(args)?;
    let mut out = Vec::new();
    match ciborium::ser::into_writer(&Encode(&value), &mut out) {
        Ok(()) => Ok(Value::Bytes(Bytes(out.as_slice().into()))),
        Err(err) => crate::bail!(span, "failed to encode value as CBOR ({err})"),
    }
}

/// `plugin(source)`: WebAssembly plugins cannot run in quire. The source is still read,
/// so that a missing file gets Typst's error.
fn plugin(engine: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let loaded = load_source(engine, args)?;
    // Data that is no WebAssembly module at all gets Typst's loading error; an empty
    // module exports no memory. Running plugins is what quire leaves out.
    match wasm_header_error(&loaded.data) {
        Some(message) => {
            crate::bail!(loaded.span, "failed to load WebAssembly module ({message})")
        }
        None if loaded.data.len() == WASM_HEADER.len() + 4 => {
            crate::bail!(loaded.span, "plugin does not export its memory")
        }
        None => crate::bail!(loaded.span, "plugins are not supported by quire";
            hint: "compute the data with another tool and load it with `json`, `cbor` or `read`"),
    }
}

/// The magic bytes that open a WebAssembly module (`\0asm`).
const WASM_HEADER: [u8; 4] = [0x00, 0x61, 0x73, 0x6d];

/// The error of a WebAssembly module's header (magic bytes and version 1), worded as
/// wasmi words it for Typst, or `None` for a valid header.
fn wasm_header_error(data: &[u8]) -> Option<EcoString> {
    if data.len() < 4 {
        return Some("unexpected end-of-file (at offset 0x0)".into());
    }
    if data[..4] != WASM_HEADER {
        let list =
            |bytes: &[u8]| bytes.iter().map(|b| format!("    {b:#x},\n")).collect::<String>();
        return Some(eco_format!(
            "magic header not detected: bad magic number - expected=[\n{}] actual=[\n{}] (at offset 0x0)",
            list(&WASM_HEADER),
            list(&data[..4])
        ));
    }
    let Some(version) = data.get(4..8) else {
        return Some("unexpected end-of-file (at offset 0x4)".into());
    };
    let version = u32::from_le_bytes([version[0], version[1], version[2], version[3]]);
    (version != 1).then(|| eco_format!("unknown binary version: {version:#x} (at offset 0x0)"))
}

/// `plugin.transition(func, ..args)`: needs a function of a plugin, which quire never
/// has, so any function is refused as Typst refuses one that is not a plugin's.
fn plugin_transition(_: &mut Engine, args: &mut Args) -> SourceResult<Value> {
    let Some(index) = args.items.iter().position(|arg| arg.name.is_none()) else {
        return Err(eco_vec![args.missing_argument("func")]);
    };
    let arg = args.items.remove(index);
    match arg.value {
        Value::Func(_) | Value::Type(_) => crate::bail!(arg.span, "expected plugin function"),
        v => crate::bail!(arg.span, "{}", mismatch("function", &v)),
    }
}

/// Takes the `value` argument of an encoder, with its span.
fn take_value(args: &mut Args) -> SourceResult<(Value, Span)> {
    let Some(index) = args.items.iter().position(|arg| arg.name.is_none()) else {
        return Err(eco_vec![args.missing_argument("value")]);
    };
    let arg = args.items.remove(index);
    Ok((arg.value, arg.span))
}

/// Takes the named argument `name` (the last one wins), with the span of its value.
fn take_named(args: &mut Args, name: &str) -> Option<(Value, Span)> {
    let index = args.items.iter().rposition(|arg| arg.name.as_deref() == Some(name))?;
    let arg = args.items.remove(index);
    args.items.retain(|arg| arg.name.as_deref() != Some(name));
    Some((arg.value, arg.value_span))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_characters_from_one() {
        assert_eq!(line_col(b"ab\ncd", 0), (1, 1));
        assert_eq!(line_col(b"ab\ncd", 4), (2, 2));
        assert_eq!(line_col("é\nx".as_bytes(), 2), (1, 2));
    }

    #[test]
    fn line_col_in_binary_counts_columns_after_a_break() {
        assert_eq!(line_col(b"caf\xe9", 3), (1, 1));
        assert_eq!(line_col(b"a\nbc\xff", 4), (2, 3));
    }

    #[test]
    fn offset_counts_characters_across_lines() {
        assert_eq!(offset("aé\nb".as_bytes(), 1, 3), Some(3));
        assert_eq!(offset("aé\nb".as_bytes(), 1, 4), Some(4));
        assert_eq!(offset("aé\nb".as_bytes(), 1, 5), Some(5));
        assert_eq!(offset("aé\nb".as_bytes(), 1, 6), None);
        assert_eq!(offset("aé\nb".as_bytes(), 2, 1), Some(4));
        assert_eq!(offset(b"a", 3, 1), None);
    }

    #[test]
    fn error_in_a_file_points_at_an_empty_range() {
        // At a line's end the place must not swallow the line break (Typst's range is
        // empty, so its caret stays on the line).
        let id = FileId::new("/x.json");
        let data: Arc<[u8]> = Arc::from("{\"é\": tru}\n".as_bytes());
        let loaded = Loaded { data, origin: Origin::File(id), span: Span::detached() };
        let errors = loaded.error("failed to parse JSON", "expected ident", Some((1, 11)));
        assert_eq!(errors[0].span.range(), Some(11..11));
        assert_eq!(errors[0].span.id(), Some(id));
    }

    #[test]
    fn wasm_headers_are_checked_as_wasmi_checks_them() {
        let eof = Some("unexpected end-of-file (at offset 0x0)".into());
        assert_eq!(wasm_header_error(b"ab"), eof);
        assert_eq!(
            wasm_header_error(b"\0asm\x01\0"),
            Some("unexpected end-of-file (at offset 0x4)".into())
        );
        assert_eq!(
            wasm_header_error(b"\0asm\x02\0\0\0"),
            Some("unknown binary version: 0x2 (at offset 0x0)".into())
        );
        assert_eq!(wasm_header_error(b"\0asm\x01\0\0\0"), None);
        let bad = wasm_header_error(b"\x01\x02\x03\x04\0\0\0\0").unwrap();
        assert!(
            bad.ends_with("actual=[\n    0x1,\n    0x2,\n    0x3,\n    0x4,\n] (at offset 0x0)")
        );
    }
}

//! The world on the file system: an input path and an optional root → the project root,
//! the main file's id, and the sources read so far (file id → parsed `Source`), each named
//! for display by its path relative to the working directory.
//!
//! File ids are project paths (`/chapters/intro.typ`, see `FileId`); they resolve against
//! the root and can never leave it. A package file's id starts with the package's
//! specification (`@preview/name:1.0.0/lib.typ`): it resolves against the package's
//! folder, `{package-path}/{namespace}/{name}/{version}` (local packages) or else
//! `{package-cache-path}/...` (packages downloaded before); quire downloads nothing. Standard input is the file `<stdin>`, which has no
//! place under the root. Sources are read and parsed once, on first access, and cached;
//! the cache lock is not held while a file is read, so that files can be parsed in
//! parallel.

use std::collections::HashMap;
use std::fmt::{self, Display, Formatter};
use std::io::{self, Read};
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

use quire_stages::base::FileId;
use quire_stages::eval::library::std_library;
use quire_stages::eval::{FileError, World};
use quire_stages::model::{Datetime, Dict, Scope, Str, Value};
use quire_stages::syntax::Source;

use crate::args::Timestamp;
use crate::diag::SourceStore;

/// The outcome of reading a file.
type FileResult<T> = Result<T, FileError>;

/// The path of the file id that stands for standard input.
const STDIN_PATH: &str = "<stdin>";

/// Where the main file comes from.
#[derive(Debug, Clone, Eq, PartialEq)]
pub enum Input {
    /// Standard input (`-` on the command line).
    Stdin,
    /// A file on disk.
    Path(PathBuf),
}

/// The file system as the compiler sees it.
#[derive(Debug)]
pub struct SystemWorld {
    /// The canonical project root; file ids resolve against it.
    root: PathBuf,
    /// The canonical working directory, for display names (absent if it is unreadable).
    workdir: Option<PathBuf>,
    /// The main file.
    main: FileId,
    /// The canonical path of the main file (absent for standard input). Kept beside the
    /// id because a path that is not valid Unicode has only a lossy file id.
    main_path: Option<PathBuf>,
    /// Every file read so far, with the outcome of reading it.
    sources: Mutex<HashMap<FileId, Result<Source, FileError>>>,
    /// Every raw file read so far.
    files: Mutex<HashMap<FileId, FileResult<Arc<[u8]>>>>,
    /// The standard library, with `sys.inputs`.
    library: Scope,
    /// The fixed creation time, if one was given.
    creation: Option<Timestamp>,
    /// The clock's time at its first reading (when no creation time was given).
    now: OnceLock<Timestamp>,
    /// Where local packages are stored (`{data-dir}/typst/packages` by default).
    package_path: Option<PathBuf>,
    /// Where downloaded packages are cached (`{cache-dir}/typst/packages` by default).
    package_cache_path: Option<PathBuf>,
}

impl SystemWorld {
    /// A world for `input`, with the project root `root` or, by default, the directory
    /// of the input (the working directory for standard input).
    pub fn new(input: &Input, root: Option<&Path>) -> Result<Self, WorldError> {
        let main_path = match input {
            Input::Stdin => None,
            Input::Path(path) => Some(path.canonicalize().map_err(|err| match err.kind() {
                io::ErrorKind::NotFound => WorldError::InputNotFound(path.clone()),
                _ => WorldError::Io(path.clone(), err),
            })?),
        };

        let root = {
            let given = root
                .or_else(|| main_path.as_deref().and_then(Path::parent))
                .unwrap_or(Path::new("."));
            given.canonicalize().map_err(|err| match err.kind() {
                io::ErrorKind::NotFound => WorldError::RootNotFound(given.to_path_buf()),
                _ => WorldError::Io(given.to_path_buf(), err),
            })?
        };

        let main = match &main_path {
            None => FileId::new(STDIN_PATH),
            Some(path) => {
                let within = path.strip_prefix(&root).map_err(|_| WorldError::InputOutsideRoot)?;
                FileId::new(&project_path(within))
            }
        };

        let workdir = std::env::current_dir().and_then(|dir| dir.canonicalize()).ok();
        Ok(Self {
            root,
            workdir,
            main,
            main_path,
            sources: Mutex::new(HashMap::new()),
            files: Mutex::new(HashMap::new()),
            library: std_library(Dict::new()),
            creation: None,
            now: OnceLock::new(),
            package_path: env_path("TYPST_PACKAGE_PATH").or_else(|| data_dir().map(typst_packages)),
            package_cache_path: env_path("TYPST_PACKAGE_CACHE_PATH")
                .or_else(|| cache_dir().map(typst_packages)),
        })
    }

    /// The world with these package directories (`--package-path` and
    /// `--package-cache-path`) instead of the environment's or the default ones.
    pub fn with_package_paths(
        mut self,
        package_path: Option<PathBuf>,
        package_cache_path: Option<PathBuf>,
    ) -> Self {
        if package_path.is_some() {
            self.package_path = package_path;
        }
        if package_cache_path.is_some() {
            self.package_cache_path = package_cache_path;
        }
        self
    }

    /// The folder of the package `spec` (`@namespace/name:version`): the local package
    /// directory first, then the cache.
    fn package_dir(&self, spec: &str) -> FileResult<PathBuf> {
        let not_found = || FileError::PackageNotFound(spec.into());
        let rest = spec.strip_prefix('@').ok_or_else(not_found)?;
        let (namespace, rest) = rest.split_once('/').ok_or_else(not_found)?;
        let (name, version) = rest.split_once(':').ok_or_else(not_found)?;
        let relative: PathBuf = [namespace, name, version].iter().collect();
        [&self.package_path, &self.package_cache_path]
            .into_iter()
            .flatten()
            .map(|dir| dir.join(&relative))
            .find(|dir| dir.is_dir())
            .ok_or_else(not_found)
    }

    /// The world with `sys.inputs` holding these string pairs (later keys win).
    pub fn with_inputs(mut self, inputs: &[(String, String)]) -> Self {
        let mut dict = Dict::new();
        for (key, value) in inputs {
            dict.insert(Str::from(key.as_str()), Value::from(Str::from(value.as_str())));
        }
        self.library = std_library(dict);
        self
    }

    /// The world with a fixed creation time (`--creation-timestamp`), which
    /// `datetime.today()` and the document's date use instead of the clock.
    pub fn with_creation_timestamp(mut self, creation: Option<Timestamp>) -> Self {
        self.creation = creation;
        self
    }

    /// The creation time: the fixed one, else the clock's (read once).
    pub fn creation_time(&self) -> Timestamp {
        self.creation.unwrap_or_else(|| *self.now.get_or_init(clock))
    }

    /// The main file.
    pub fn main(&self) -> FileId {
        self.main
    }

    /// The canonical project root.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The parsed source of a file, reading and parsing it on first access.
    pub fn source(&self, id: FileId) -> Result<Source, FileError> {
        if let Some(cached) = self.cache().get(&id) {
            return cached.clone();
        }
        let loaded = self.load(id);
        // If another thread loaded the file meanwhile, its result wins, so that every
        // caller sees the same source (and the same spans).
        self.cache().entry(id).or_insert(loaded).clone()
    }

    /// The path of a file on disk, or `None` for standard input.
    pub fn system_path(&self, id: FileId) -> Result<Option<PathBuf>, FileError> {
        if id == self.main {
            return Ok(self.main_path.clone());
        }
        if id.path() == STDIN_PATH {
            return Ok(None);
        }
        if let Some((spec, within)) = package_file(id.path()) {
            return resolve(&self.package_dir(spec)?, within).map(Some);
        }
        resolve(&self.root, id.path()).map(Some)
    }

    fn load(&self, id: FileId) -> Result<Source, FileError> {
        let bytes = match self.system_path(id)? {
            Some(path) => read_file(&path)?,
            None => read_stdin()?,
        };
        let text = decode_utf8(bytes)?;
        Ok(Source::new(id, text))
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, HashMap<FileId, Result<Source, FileError>>> {
        // The cache holds only finished results, so a panic elsewhere cannot leave it torn.
        self.sources.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The raw bytes of a file, read on first access and cached.
    pub fn bytes(&self, id: FileId) -> Result<Arc<[u8]>, FileError> {
        let cache = || self.files.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(cached) = cache().get(&id) {
            return cached.clone();
        }
        let loaded = match self.system_path(id) {
            Ok(Some(path)) => read_file(&path).map(Arc::from),
            Ok(None) => read_stdin().map(Arc::from),
            Err(err) => Err(err),
        };
        cache().entry(id).or_insert(loaded).clone()
    }
}

impl World for SystemWorld {
    fn library(&self) -> &Scope {
        &self.library
    }

    fn main(&self) -> FileId {
        self.main
    }

    fn source(&self, id: FileId) -> Result<Source, FileError> {
        SystemWorld::source(self, id)
    }

    fn file(&self, id: FileId) -> Result<Arc<[u8]>, FileError> {
        self.bytes(id)
    }

    /// The creation date shifted by `offset` seconds; without an offset, in UTC (quire
    /// does not read the local time zone).
    fn today(&self, offset: Option<i64>) -> Option<Datetime> {
        let seconds = self.creation_time().seconds().checked_add(offset.unwrap_or(0))?;
        let date = Timestamp::from_seconds(seconds)?.to_utc();
        Datetime::new(Some((i32::try_from(date.year).ok()?, date.month, date.day)), None)
    }
}

/// The clock's current time (the epoch if the clock is set before it).
fn clock() -> Timestamp {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| i64::try_from(elapsed.as_secs()).unwrap_or(i64::MAX));
    Timestamp::from_seconds(seconds).unwrap_or(Timestamp::EPOCH)
}

impl SourceStore for SystemWorld {
    /// A loaded source, or a data file read as text (errors may point into one).
    fn source(&self, id: FileId) -> Option<Source> {
        if let Some(source) = self.cache().get(&id).and_then(|result| result.as_ref().ok()) {
            return Some(source.clone());
        }
        let files = self.files.lock().unwrap_or_else(PoisonError::into_inner);
        let bytes = files.get(&id)?.as_ref().ok()?;
        let text = std::str::from_utf8(bytes).ok()?;
        Some(Source::unparsed(id, text.to_owned()))
    }

    fn name(&self, id: FileId) -> String {
        if package_file(id.path()).is_some() {
            return id.path().to_owned();
        }
        let Ok(Some(path)) = self.system_path(id) else {
            return id.path().to_owned();
        };
        self.workdir
            .as_deref()
            .and_then(|workdir| relative_to(&path, workdir))
            .unwrap_or(path)
            .display()
            .to_string()
    }
}

/// A package file's specification and its path inside the package, if the id's path
/// names a package file (`@preview/name:1.0.0/lib.typ`).
fn package_file(path: &str) -> Option<(&str, &str)> {
    if !path.starts_with('@') {
        return None;
    }
    let colon = path.find(':')?;
    let end = path[colon..].find('/').map_or(path.len(), |i| colon + i);
    Some(path.split_at(end))
}

/// A path from an environment variable, if it is set and not empty.
fn env_path(name: &str) -> Option<PathBuf> {
    std::env::var_os(name).filter(|value| !value.is_empty()).map(PathBuf::from)
}

/// The user's data directory (`$XDG_DATA_HOME`, else `~/.local/share`; the platform's
/// equivalents on macOS and Windows).
fn data_dir() -> Option<PathBuf> {
    if cfg!(windows) {
        return env_path("APPDATA");
    }
    if cfg!(target_os = "macos") {
        return env_path("HOME").map(|home| home.join("Library/Application Support"));
    }
    env_path("XDG_DATA_HOME").or_else(|| env_path("HOME").map(|home| home.join(".local/share")))
}

/// The user's cache directory (`$XDG_CACHE_HOME`, else `~/.cache`; the platform's
/// equivalents on macOS and Windows).
fn cache_dir() -> Option<PathBuf> {
    if cfg!(windows) {
        return env_path("LOCALAPPDATA");
    }
    if cfg!(target_os = "macos") {
        return env_path("HOME").map(|home| home.join("Library/Caches"));
    }
    env_path("XDG_CACHE_HOME").or_else(|| env_path("HOME").map(|home| home.join(".cache")))
}

/// `{dir}/typst/packages`.
fn typst_packages(dir: PathBuf) -> PathBuf {
    dir.join("typst").join("packages")
}

/// A file id's project path for a path relative to the root: `/` + its components.
fn project_path(within_root: &Path) -> String {
    let mut out = String::new();
    for component in within_root.components() {
        out.push('/');
        out.push_str(&component.as_os_str().to_string_lossy());
    }
    if out.is_empty() {
        out.push('/');
    }
    out
}

/// The system path of a project path, or `Escapes` if `..` would leave the root.
fn resolve(root: &Path, project_path: &str) -> Result<PathBuf, FileError> {
    let mut parts: Vec<&str> = Vec::new();
    for part in project_path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop().ok_or_else(|| FileError::Escapes(project_path.into()))?;
            }
            part => parts.push(part),
        }
    }
    let mut path = root.to_path_buf();
    path.extend(parts);
    Ok(path)
}

/// `path` relative to `base` (both absolute), climbing with `..` where needed; `None`
/// when they share no root (different drives).
fn relative_to(path: &Path, base: &Path) -> Option<PathBuf> {
    let mut path_parts = path.components().peekable();
    let mut base_parts = base.components().peekable();
    let mut shared = false;
    while let (Some(a), Some(b)) = (path_parts.peek(), base_parts.peek()) {
        if a != b {
            break;
        }
        shared |= matches!(a, Component::RootDir | Component::Prefix(_));
        path_parts.next();
        base_parts.next();
    }
    if !shared {
        return None;
    }
    let mut out: PathBuf = base_parts.map(|_| Component::ParentDir).collect();
    out.extend(path_parts);
    Some(out)
}

fn read_file(path: &Path) -> Result<Vec<u8>, FileError> {
    let metadata = std::fs::metadata(path).map_err(|err| io_error(err, path))?;
    if metadata.is_dir() {
        return Err(FileError::IsDirectory);
    }
    std::fs::read(path).map_err(|err| io_error(err, path))
}

fn read_stdin() -> Result<Vec<u8>, FileError> {
    let mut bytes = Vec::new();
    match io::stdin().read_to_end(&mut bytes) {
        Ok(_) => Ok(bytes),
        // A writer that closed early has still given us everything it wrote.
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => Ok(bytes),
        Err(err) => Err(io_error(err, Path::new(STDIN_PATH))),
    }
}

/// UTF-8 text without a leading byte-order mark.
fn decode_utf8(mut bytes: Vec<u8>) -> Result<String, FileError> {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    String::from_utf8(bytes).map_err(|_| FileError::InvalidUtf8)
}

/// The `FileError` for an I/O failure on `path`.
fn io_error(err: io::Error, path: &Path) -> FileError {
    match err.kind() {
        io::ErrorKind::NotFound => FileError::NotFound(path.display().to_string().into()),
        io::ErrorKind::PermissionDenied => FileError::AccessDenied,
        io::ErrorKind::IsADirectory => FileError::IsDirectory,
        _ => FileError::Other(err.to_string().into()),
    }
}

/// Why a world could not be set up.
#[derive(Debug)]
pub enum WorldError {
    /// The input file does not exist.
    InputNotFound(PathBuf),
    /// The root directory does not exist.
    RootNotFound(PathBuf),
    /// The input file lies outside the root.
    InputOutsideRoot,
    /// Another I/O failure while resolving a path.
    Io(PathBuf, io::Error),
}

impl Display for WorldError {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        match self {
            Self::InputNotFound(path) => {
                write!(f, "input file not found (searched at {})", path.display())
            }
            Self::RootNotFound(path) => {
                write!(f, "root directory not found (searched at {})", path.display())
            }
            Self::InputOutsideRoot => f.write_str("source file must be contained in project root"),
            Self::Io(path, err) => write!(f, "failed to access {} ({err})", path.display()),
        }
    }
}

impl std::error::Error for WorldError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn project_paths_resolve_inside_the_root_only() {
        let root = Path::new("/project");
        assert_eq!(resolve(root, "/chapters/intro.typ"), Ok(root.join("chapters/intro.typ")));
        assert_eq!(resolve(root, "/a/../b/./c.typ"), Ok(root.join("b/c.typ")));
        assert_eq!(
            resolve(root, "/../secret.typ"),
            Err(FileError::Escapes("/../secret.typ".into()))
        );
        assert_eq!(project_path(Path::new("chapters/intro.typ")), "/chapters/intro.typ");
    }

    #[test]
    fn display_paths_are_relative_to_the_working_directory() {
        let rel = |path: &str, base: &str| relative_to(Path::new(path), Path::new(base));
        assert_eq!(rel("/work/book/main.typ", "/work"), Some("book/main.typ".into()));
        assert_eq!(rel("/work/book/main.typ", "/work/book"), Some("main.typ".into()));
        assert_eq!(rel("/tmp/x.typ", "/work/book"), Some("../../tmp/x.typ".into()));
    }

    #[test]
    fn today_shifts_by_an_offset_in_seconds() {
        // 2024-01-01 23:30 UTC: half an hour ahead is already the next day.
        let creation = Timestamp::from_seconds(1_704_151_800);
        let world =
            SystemWorld::new(&Input::Stdin, None).unwrap().with_creation_timestamp(creation);
        let day = |offset| world.today(offset).map(|date| date.date.map(|(_, _, day)| day));
        assert_eq!(day(None), Some(Some(1)));
        assert_eq!(day(Some(1799)), Some(Some(1)));
        assert_eq!(day(Some(1800)), Some(Some(2)));
        assert_eq!(day(Some(-90_000)), Some(Some(31)));
    }

    #[test]
    fn utf8_decoding_drops_the_byte_order_mark() {
        assert_eq!(decode_utf8(b"\xEF\xBB\xBFhi".to_vec()), Ok("hi".to_owned()));
        assert_eq!(decode_utf8(vec![0xFF, 0x41]), Err(FileError::InvalidUtf8));
    }
}

//! Modules: evaluating a source into a `Module` (the entry points `eval` and
//! `eval_warned`), `import` (path, module or function sources; renaming; item lists with
//! nested paths; wildcard) and `include`, with paths resolved relative to the importing
//! file, cyclic imports detected through the engine's route, and Typst's wording for
//! failures.

use ecow::{EcoString, EcoVec, eco_format};

use super::markup::eval_markup;
use super::world::TypesetWorld;
use super::{At, Engine, FileError, Scopes, Vm, World};
use crate::base::{FileId, Severity, SourceDiagnostic, SourceResult, Span};
use crate::model::{Func, Module, Type, Value, mismatch};
use crate::syntax::ast::{self, AstNode};
use crate::syntax::{Source, is_ident};

/// Evaluates a source file into a module. Syntax errors are returned without evaluating.
pub fn eval(world: &dyn World, source: &Source) -> SourceResult<Module> {
    eval_warned(world, source).0
}

/// Like `eval`, also giving the warnings emitted (in order), even when evaluation failed.
pub fn eval_warned(
    world: &dyn World,
    source: &Source,
) -> (SourceResult<Module>, EcoVec<SourceDiagnostic>) {
    // Each file is evaluated once, into one module, however often it is imported.
    let caching;
    let world = match world.modules() {
        Some(_) => world,
        None => {
            caching = TypesetWorld::caching(world);
            &caching
        }
    };
    let mut engine = Engine::new(world);
    let result = eval_source(&mut engine, source, stem(source.id().path())).map_err(dedup);
    (result, dedup(std::mem::take(&mut engine.warnings)))
}

/// Drops repeats of a diagnostic (same place, same message), keeping the first, as Typst
/// reports each problem once even where a loop or `eval` raises it many times.
pub fn dedup(mut diagnostics: EcoVec<SourceDiagnostic>) -> EcoVec<SourceDiagnostic> {
    let mut seen = std::collections::HashSet::new();
    diagnostics.retain(|diagnostic| seen.insert((diagnostic.span, diagnostic.message.clone())));
    diagnostics
}

/// Evaluates a source with an existing engine (for imports) into a module called `name`.
fn eval_source(engine: &mut Engine, source: &Source, name: &str) -> SourceResult<Module> {
    let root = source.root();
    if root.erroneous() {
        return Err(root.errors().into_iter().map(|e| e.to_diagnostic(Severity::Error)).collect());
    }
    engine.route.push(source.id());
    engine.depth += 1;
    // A file's code starts without context, even when imported inside `context`.
    let here = std::mem::take(&mut engine.here);
    let styles = std::mem::take(&mut engine.styles);
    let base = engine.world.library();
    let mut vm = Vm::new(engine, Scopes::new(base), Some(source.id()));
    let markup = ast::Markup::from_untyped(root).unwrap_or_default();
    let result = eval_markup(&mut vm, &mut markup.exprs());
    let flow = vm.flow.take();
    let scope = std::mem::take(&mut vm.scopes.top);
    engine.here = here;
    engine.styles = styles;
    engine.route.pop();
    engine.depth -= 1;
    let content = result?;
    if let Some(flow) = flow {
        return Err(ecow::eco_vec![flow.forbidden()]);
    }
    Ok(Module::new(name, scope, content))
}

/// The name of a file's module: its file name without the last extension (`a.b` for
/// `a.b.typ`; a leading dot starts no extension, as with Rust's `Path::file_stem`).
fn stem(path: &str) -> &str {
    let name = path.rsplit('/').next().unwrap_or(path);
    match name.rsplit_once('.') {
        Some((stem, _)) if !stem.is_empty() => stem,
        _ => name,
    }
}

/// Splits a file id's path into the root it lives under and the path below it: `""` and
/// the path for a project file, `@ns/name:1.0.0` and `/src/lib.typ` for a package file.
fn split_root(path: &str) -> (&str, &str) {
    if path.starts_with('@')
        && let Some(colon) = path.find(':')
    {
        let end = path[colon..].find('/').map_or(path.len(), |i| colon + i);
        return path.split_at(end);
    }
    ("", path)
}

/// Resolves `path` as written in file `from` to a file id's path: absolute paths start at
/// the root of `from`'s project or package, others at `from`'s folder. `..` may not leave
/// the root.
pub fn resolve_path(from: Option<FileId>, path: &str) -> Result<EcoString, FileError> {
    if path.contains('\\') {
        return Err(FileError::Backslash(path.into()));
    }
    let (root, within) = from.map_or(("", ""), |from| split_root(from.path()));
    let mut parts: Vec<&str> = Vec::new();
    if !path.starts_with('/') {
        let dir = within.rsplit_once('/').map_or("", |(dir, _)| dir);
        parts.extend(dir.split('/').filter(|p| !p.is_empty()));
    }
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                if parts.pop().is_none() {
                    return Err(if root.is_empty() {
                        FileError::Escapes(path.into())
                    } else {
                        FileError::EscapesPackage(path.into())
                    });
                }
            }
            part => parts.push(part),
        }
    }
    Ok(eco_format!("{root}/{}", parts.join("/")))
}

/// A package specification: `@namespace/name:major.minor.patch`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct PackageSpec {
    namespace: EcoString,
    name: EcoString,
    version: [u32; 3],
}

impl PackageSpec {
    /// Parses a specification, with Typst's wording for what is wrong with it.
    fn parse(text: &str) -> Result<Self, EcoString> {
        let Some(rest) = text.strip_prefix('@') else {
            return Err("package specification must start with '@'".into());
        };
        let (namespace, rest) = rest.split_once('/').unwrap_or((rest, ""));
        if namespace.is_empty() {
            return Err("package specification is missing namespace".into());
        }
        if !is_ident(namespace) {
            return Err(eco_format!("`{namespace}` is not a valid package namespace"));
        }
        let (name, version) = rest.split_once(':').unwrap_or((rest, ""));
        if name.is_empty() {
            return Err("package specification is missing name".into());
        }
        if !is_ident(name) {
            return Err(eco_format!("`{name}` is not a valid package name"));
        }
        if version.is_empty() {
            return Err("package specification is missing version".into());
        }
        Ok(Self {
            namespace: namespace.into(),
            name: name.into(),
            version: parse_version(version)?,
        })
    }

    /// The specification as Typst writes it.
    fn display(&self) -> EcoString {
        let [major, minor, patch] = self.version;
        eco_format!("@{}/{}:{major}.{minor}.{patch}", self.namespace, self.name)
    }
}

/// Parses `major.minor.patch`.
fn parse_version(text: &str) -> Result<[u32; 3], EcoString> {
    let mut parts = text.split('.');
    let mut out = [0; 3];
    for (slot, kind) in out.iter_mut().zip(["major", "minor", "patch"]) {
        let Some(part) = parts.next().filter(|part| !part.is_empty()) else {
            return Err(eco_format!("version number is missing {kind} version"));
        };
        *slot = part.parse().map_err(|_| eco_format!("`{part}` is not a valid {kind} version"))?;
    }
    if let Some(rest) = parts.next() {
        return Err(eco_format!("version number has unexpected fourth component: `{rest}`"));
    }
    Ok(out)
}

/// The version of Typst that quire matches, for packages' `compiler` requirements.
const TYPST_VERSION: [u32; 3] = [0, 15, 1];

/// Reads a package's manifest (`typst.toml`) and checks it against the specification;
/// returns the id of the package's entrypoint.
fn package_entrypoint(world: &dyn World, spec: &PackageSpec) -> Result<FileId, EcoString> {
    let root = spec.display();
    let manifest = world
        .file(FileId::new(&eco_format!("{root}/typst.toml")))
        .map_err(|e| eco_format!("{e}"))?;
    let malformed =
        |message: &dyn std::fmt::Display| eco_format!("package manifest is malformed ({message})");
    let text = std::str::from_utf8(&manifest).map_err(|_| malformed(&"invalid UTF-8"))?;
    let table: toml::Table = toml::from_str(text).map_err(|e| malformed(&e.message()))?;
    let Some(package) = table.get("package") else {
        return Err(malformed(&"missing field `package`"));
    };
    let field = |name: &str| -> Result<&str, EcoString> {
        match package.get(name) {
            Some(toml::Value::String(value)) => Ok(value.as_str()),
            Some(other) => Err(malformed(&format_args!(
                "invalid type: {}, expected a string",
                other.type_str()
            ))),
            None => Err(malformed(&format_args!("missing field `{name}`"))),
        }
    };
    let name = field("name")?;
    let version = field("version")?;
    let entrypoint = field("entrypoint")?;
    if name != spec.name {
        return Err(eco_format!("package manifest contains mismatched name `{name}`"));
    }
    if parse_version(version).map_err(|e| malformed(&e))? != spec.version {
        return Err(eco_format!("package manifest contains mismatched version {version}"));
    }
    if let Some(toml::Value::String(compiler)) = package.get("compiler") {
        let required = parse_version(compiler).map_err(|e| malformed(&e))?;
        if required > TYPST_VERSION {
            return Err(eco_format!(
                "package requires Typst {compiler} or newer (current version is {}.{}.{})",
                TYPST_VERSION[0],
                TYPST_VERSION[1],
                TYPST_VERSION[2]
            ));
        }
    }
    let inside = FileId::new(&eco_format!("{root}/typst.toml"));
    let path = resolve_path(Some(inside), entrypoint).map_err(|e| eco_format!("{e}"))?;
    Ok(FileId::new(&path))
}

/// Loads and evaluates the module at `path` (relative to the current file, or a package
/// specification).
fn load(vm: &mut Vm, path: &str, span: Span) -> SourceResult<Module> {
    if path.starts_with('@') {
        let spec = PackageSpec::parse(path).at(span)?;
        let id = package_entrypoint(vm.engine.world, &spec).at(span)?;
        return load_named(vm, id, &spec.name, span);
    }
    let resolved = resolve_path(vm.file, path).map_err(|e| ecow::eco_vec![e.diagnostic(span)])?;
    load_file(vm, FileId::new(&resolved), span)
}

/// Loads and evaluates the module in file `id` (a `path` value), named after the file.
fn load_file(vm: &mut Vm, id: FileId, span: Span) -> SourceResult<Module> {
    load_named(vm, id, stem(id.path()), span)
}

/// Loads and evaluates the module in file `id` under `name`.
fn load_named(vm: &mut Vm, id: FileId, name: &str, span: Span) -> SourceResult<Module> {
    let file_error = |e: FileError| ecow::eco_vec![e.diagnostic(span)];
    if vm.engine.route.contains(&id) {
        crate::bail!(span, "cyclic import");
    }
    let cache = vm.engine.world.modules();
    if let Some((module, warnings)) = cache.and_then(|cache| cache.get(id, name)) {
        vm.engine.warnings.extend(warnings);
        return Ok(module);
    }
    let source = vm.engine.world.source(id).map_err(file_error)?;
    let before = vm.engine.warnings.len();
    // The parser's warnings about an imported file are reported with the importer's.
    for warning in source.root().warnings() {
        vm.warn(warning.to_diagnostic(Severity::Warning));
    }
    let module = eval_source(vm.engine, &source, name)?;
    if let Some(cache) = cache {
        let warnings = vm.engine.warnings[before..].to_vec();
        cache.insert(id, name, module.clone(), warnings);
    }
    Ok(module)
}

/// Loads a module from a path (a string or path value) for an import or include (the
/// expression `whole`), tracing errors as `while importing `path``.
fn load_traced(
    vm: &mut Vm,
    value: &Value,
    span: Span,
    whole: Span,
    verb: &str,
) -> SourceResult<Module> {
    let (result, shown) = match value {
        Value::Str(path) => (load(vm, path, span), EcoString::from(path.as_str())),
        Value::Path(path) => (load_file(vm, FileId::new(&path.0), span), path.0.clone()),
        _ => unreachable!("only paths are loaded"),
    };
    vm.engine.trace(result, whole, || eco_format!("while {verb} `{shown}`"))
}

/// What names can be imported from: a module, or a function or type with a scope
/// (`json: encode`, `str: from-unicode`).
#[derive(Clone)]
enum Importable {
    Module(Module),
    Func(Func),
    Type(Type),
}

impl Importable {
    /// The importable a value is, or Typst's error for one that is none.
    fn of(value: Value, expected: &str) -> Result<Self, EcoString> {
        match value {
            Value::Module(module) => Ok(Self::Module(module)),
            Value::Func(func) if func.is_closure() => {
                Err("cannot import from user-defined functions".into())
            }
            Value::Func(func) => Ok(Self::Func(func)),
            Value::Type(ty) => Ok(Self::Type(ty)),
            v => Err(mismatch(expected, &v)),
        }
    }

    /// The value bound to `name` in its scope.
    fn get(&self, name: &str) -> Option<Value> {
        match self {
            Self::Module(module) => module.scope().get(name).cloned(),
            Self::Func(func) => func.field(name),
            Self::Type(ty) => super::code::type_field(*ty, name),
        }
    }

    /// The deprecation message of the binding `name` in its scope, if it is deprecated.
    fn deprecation(&self, name: &str) -> Option<&'static str> {
        match self {
            Self::Module(module) => module.scope().deprecation(name),
            Self::Func(_) | Self::Type(_) => None,
        }
    }

    /// The importable as a value.
    fn into_value(self) -> Value {
        match self {
            Self::Module(module) => Value::Module(module),
            Self::Func(func) => Value::Func(func),
            Self::Type(ty) => Value::Type(ty),
        }
    }
}

/// The module (or other importable) an import refers to, and whether it was loaded from
/// a path (a string or path value) rather than given as a value.
fn importable_of(vm: &mut Vm, source: ast::Expr, whole: Span) -> SourceResult<(Importable, bool)> {
    let span = source.span();
    match super::code::eval_expr(vm, source)? {
        v @ (Value::Str(_) | Value::Path(_)) => {
            Ok((Importable::Module(load_traced(vm, &v, span, whole, "importing")?), true))
        }
        v => Ok((Importable::of(v, "path, module, function, or type").at(span)?, false)),
    }
}

/// Whether an import's new name only repeats the name the source already has.
fn renames_to_same(source: ast::Expr, new_name: &str) -> bool {
    match source {
        ast::Expr::Ident(ident) => ident.as_str() == new_name,
        _ => false,
    }
}

/// Evaluates an `import`.
pub fn eval_import(vm: &mut Vm, import: ast::ModuleImport) -> SourceResult<()> {
    let source = import.source();
    let (importable, from_path) = importable_of(vm, source, import.span())?;
    if let Some(new_name) = import.new_name() {
        if renames_to_same(source, new_name.as_str()) {
            vm.warn(crate::warning!(new_name.span(), "unnecessary import rename to same name"));
        }
        vm.define_ident(new_name, importable.clone().into_value());
    }
    match import.imports() {
        None => {
            if import.new_name().is_some() {
                return Ok(());
            }
            bind_bare(vm, source, importable, from_path)?;
        }
        Some(ast::Imports::Wildcard) => match importable {
            Importable::Module(module) => {
                for (name, value) in module.scope().iter() {
                    vm.scopes.define(name.clone(), value.clone());
                    if let Some(message) = module.scope().deprecation(name) {
                        vm.scopes.top.deprecate(name.clone(), message);
                    }
                }
            }
            Importable::Func(func) => {
                for (name, value) in func.scope() {
                    vm.scopes.define(name, value);
                }
            }
            Importable::Type(ty) => {
                for name in TYPE_SCOPE_NAMES {
                    if let Some(value) = super::code::type_field(ty, name) {
                        vm.scopes.define(*name, value);
                    }
                }
            }
        },
        Some(ast::Imports::Items(items)) => {
            // Every item that cannot be resolved is reported, not just the first.
            let mut errors = ecow::EcoVec::new();
            'items: for item in items.iter() {
                let mut from = importable.clone();
                let mut value = None;
                let mut deprecation = None;
                let segments: Vec<_> = item.path().iter().collect();
                for (i, segment) in segments.iter().enumerate() {
                    let Some(found) = from.get(segment.as_str()) else {
                        errors.push(crate::error!(segment.span(), "unresolved import"));
                        continue 'items;
                    };
                    if i + 1 < segments.len() {
                        match Importable::of(found.clone(), "module, function, or type")
                            .at(segment.span())
                        {
                            Ok(next) => from = next,
                            Err(e) => {
                                errors.extend(e);
                                continue 'items;
                            }
                        }
                    }
                    deprecation = from.deprecation(segment.as_str());
                    value = Some(found);
                }
                let Some(value) = value else { continue };
                let bound = item.bound_name();
                if let ast::ImportItem::Renamed(renamed) = item
                    && renamed.original_name().as_str() == bound.as_str()
                {
                    vm.warn(crate::warning!(
                        bound.span(),
                        "unnecessary import rename to same name"
                    ));
                }
                vm.define_ident(bound, value);
                if let Some(message) = deprecation {
                    vm.scopes.top.deprecate(bound.as_str(), message);
                }
            }
            if !errors.is_empty() {
                return Err(errors);
            }
        }
    }
    Ok(())
}

/// Every name that some type's scope defines (`datetime.today`, `str.from-unicode`,
/// `gradient.linear`, …): `import ty: *` binds those the type has.
const TYPE_SCOPE_NAMES: &[&str] = &[
    "today",
    "map",
    "rgb",
    "luma",
    "cmyk",
    "oklab",
    "oklch",
    "linear-rgb",
    "hsl",
    "hsv",
    "mix",
    "from-unicode",
    "to-unicode",
    "from-bytes",
    "nan",
    "inf",
    "max",
    "min",
    "linear",
    "radial",
    "conic",
    "zip",
    "range",
];

/// Binds what an import without `as` and without items names: a module loaded from a
/// literal path under its own name, the last field of a field access; an identifier is
/// already bound, and anything else has no name to bind.
fn bind_bare(
    vm: &mut Vm,
    source: ast::Expr,
    importable: Importable,
    from_path: bool,
) -> SourceResult<()> {
    let dynamic = || -> SourceResult<()> {
        crate::bail!(source.span(), "dynamic import requires an explicit name";
            hint: "you can name the import with `as`")
    };
    match (source, importable) {
        (ast::Expr::Str(_), Importable::Module(module)) => {
            let name = module.name();
            if !is_ident(name) {
                crate::bail!(source.span(), "module name would not be a valid identifier";
                    hint: "you can rename the import with `as`");
            }
            vm.scopes.define(name, Value::Module(module.clone()));
        }
        _ if from_path => dynamic()?,
        // The name is bound again in the innermost scope, as in Typst: a module's bare
        // `import calc` exports `calc`, however much it seems to have no effect.
        (ast::Expr::Ident(ident), importable) => {
            vm.warn(crate::warning!(source.span(), "this import has no effect"));
            vm.scopes.define(ident.get().clone(), importable.into_value());
        }
        (ast::Expr::FieldAccess(access), importable) => {
            vm.scopes.define(access.field().get().clone(), importable.into_value());
        }
        _ => dynamic()?,
    }
    Ok(())
}

/// The module an include refers to: a path or a module.
fn module_of(vm: &mut Vm, source: ast::Expr, whole: Span) -> SourceResult<Module> {
    let span = source.span();
    match super::code::eval_expr(vm, source)? {
        v @ (Value::Str(_) | Value::Path(_)) => load_traced(vm, &v, span, whole, "including"),
        Value::Module(module) => Ok(module),
        v => crate::bail!(span, "{}", mismatch("path or module", &v)),
    }
}

/// Evaluates an `include`: the content of the module.
pub fn eval_include(
    vm: &mut Vm,
    include: ast::ModuleInclude,
) -> SourceResult<crate::model::Content> {
    let module = module_of(vm, include.source(), include.span())?;
    Ok(module.content().clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::MemoryWorld;

    /// Evaluates `main` next to the file `/a.typ` holding `module`, and checks the repr of
    /// the main module's binding `name` and the warnings' messages.
    fn check(main: &str, module: &str, name: &str, expected: &str, warnings: &[&str]) {
        let world = MemoryWorld::new(main).with_file("/a.typ", module.as_bytes().to_vec());
        let (result, emitted) = eval_warned(&world, world.main_source());
        let module = result.unwrap_or_else(|errors| panic!("{errors:?}"));
        let value = module.scope().get(name).unwrap_or_else(|| panic!("no `{name}`"));
        assert_eq!(value.repr(), expected);
        let messages: Vec<&str> = emitted.iter().map(|w| w.message.as_str()).collect();
        assert_eq!(messages, warnings);
    }

    #[test]
    fn a_file_imported_twice_is_one_module() {
        let main = "#import \"a.typ\" as m\n#import \"a.typ\" as n\n#let same = m == n";
        check(main, "#let f(x) = x", "same", "true", &[]);
        let main = "#import \"a.typ\": f\n#import \"a.typ\" as m\n#let same = f == m.f";
        check(main, "#let f(x) = x", "same", "true", &[]);
    }

    #[test]
    fn a_bare_import_of_a_name_binds_it_in_the_module() {
        let main = "#import \"a.typ\": calc\n#let v = calc.sqrt(4)";
        check(main, "#import calc", "v", "2.0", &["this import has no effect"]);
    }
}

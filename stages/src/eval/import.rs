//! Modules: evaluating a source into a `Module` (the entry points `eval` and
//! `eval_warned`), `import` (path, module or function sources; renaming; item lists with
//! nested paths; wildcard) and `include`, with paths resolved relative to the importing
//! file, cyclic imports detected through the engine's route, and Typst's wording for
//! failures.

use ecow::{EcoString, EcoVec, eco_format};

use super::markup::eval_markup;
use super::{Engine, FileError, Scopes, Vm, World};
use crate::base::{FileId, SourceDiagnostic, SourceResult, Span, Trace};
use crate::model::{Module, Value, mismatch};
use crate::syntax::Source;
use crate::syntax::ast::{self, AstNode};

/// Evaluates a source file into a module. Syntax errors are returned without evaluating.
pub fn eval(world: &dyn World, source: &Source) -> SourceResult<Module> {
    eval_warned(world, source).0
}

/// Like `eval`, also giving the warnings emitted (in order), even when evaluation failed.
pub fn eval_warned(
    world: &dyn World,
    source: &Source,
) -> (SourceResult<Module>, EcoVec<SourceDiagnostic>) {
    let mut engine = Engine::new(world);
    let result = eval_source(&mut engine, source);
    (result, std::mem::take(&mut engine.warnings))
}

/// Evaluates a source with an existing engine (for imports).
fn eval_source(engine: &mut Engine, source: &Source) -> SourceResult<Module> {
    let root = source.root();
    if root.erroneous() {
        return Err(root
            .errors()
            .into_iter()
            .map(|e| SourceDiagnostic::error(e.span, e.message).with_hints(e.hints))
            .collect());
    }
    engine.route.push(source.id());
    let base = engine.world.library();
    let mut vm = Vm::new(engine, Scopes::new(base), Some(source.id()));
    let markup = ast::Markup::from_untyped(root).unwrap_or_default();
    let result = eval_markup(&mut vm, &mut markup.exprs());
    let flow = vm.flow.take();
    let scope = std::mem::take(&mut vm.scopes.top);
    engine.route.pop();
    let content = result?;
    if let Some(flow) = flow {
        return Err(ecow::eco_vec![flow.forbidden()]);
    }
    Ok(Module::new(stem(source.id().path()), scope, content))
}

/// The name of a file's module: its file name without extension.
fn stem(path: &str) -> &str {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.split_once('.').map_or(name, |(stem, _)| stem)
}

/// Resolves `path` as written in file `from` to a project-relative path: absolute paths
/// start at the project root, others at `from`'s folder. `..` may not leave the root.
pub fn resolve_path(from: Option<FileId>, path: &str) -> Result<EcoString, FileError> {
    let mut parts: Vec<&str> = Vec::new();
    if !path.starts_with('/')
        && let Some(from) = from
    {
        let dir = from.path().rsplit_once('/').map_or("", |(dir, _)| dir);
        parts.extend(dir.split('/').filter(|p| !p.is_empty()));
    }
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                if parts.pop().is_none() {
                    return Err(FileError::AccessDenied);
                }
            }
            part => parts.push(part),
        }
    }
    Ok(eco_format!("/{}", parts.join("/")))
}

/// Loads and evaluates the module at `path` (relative to the current file).
fn load(vm: &mut Vm, path: &str, span: Span) -> SourceResult<Module> {
    if path.starts_with('@') {
        crate::bail!(span, "package imports are not supported yet");
    }
    let file_error = |e: FileError| {
        let mut diag = SourceDiagnostic::error(span, eco_format!("{e}"));
        if let Some(hint) = e.hint() {
            diag = diag.with_hint(hint);
        }
        ecow::eco_vec![diag]
    };
    let resolved = resolve_path(vm.file, path).map_err(file_error)?;
    let id = FileId::new(&resolved);
    if vm.engine.route.contains(&id) {
        crate::bail!(span, "cyclic import");
    }
    let source = vm.engine.world.source(id).map_err(file_error)?;
    eval_source(vm.engine, &source).map_err(|mut errors| {
        for error in errors.make_mut() {
            error
                .trace
                .push(Trace { span, note: "error occurred while importing this module".into() });
        }
        errors
    })
}

/// The module an import or include refers to.
fn module_of(vm: &mut Vm, source: ast::Expr) -> SourceResult<Module> {
    let span = source.span();
    match super::code::eval_expr(vm, source)? {
        Value::Str(path) => load(vm, &path, span),
        Value::Module(module) => Ok(module),
        v => crate::bail!(span, "{}", mismatch("path or module", &v)),
    }
}

/// Evaluates an `import`.
pub fn eval_import(vm: &mut Vm, import: ast::ModuleImport) -> SourceResult<()> {
    let source = import.source();
    let module = module_of(vm, source)?;
    if let Some(new_name) = import.new_name() {
        vm.scopes.define(new_name.get().clone(), Value::Module(module.clone()));
    }
    match import.imports() {
        None => {
            if import.new_name().is_none() {
                let name = module.name();
                if !crate::syntax::is_ident(name) {
                    crate::bail!(source.span(), "cannot determine the name of the module";
                        hint: "try `as` to name it");
                }
                vm.scopes.define(name, Value::Module(module.clone()));
            }
        }
        Some(ast::Imports::Wildcard) => {
            for (name, value) in module.scope().iter() {
                vm.scopes.define(name.clone(), value.clone());
            }
        }
        Some(ast::Imports::Items(items)) => {
            for item in items.iter() {
                let mut scope = module.scope();
                let mut value = None;
                let segments: Vec<_> = item.path().iter().collect();
                for (i, segment) in segments.iter().enumerate() {
                    let Some(found) = scope.get(segment.as_str()) else {
                        crate::bail!(segment.span(), "unresolved import");
                    };
                    if i + 1 < segments.len() {
                        match found {
                            Value::Module(m) => scope = m.scope(),
                            v => crate::bail!(
                                segment.span(),
                                "expected module, found {}",
                                v.ty().long_name()
                            ),
                        }
                    }
                    value = Some(found.clone());
                }
                let Some(value) = value else { continue };
                vm.scopes.define(item.bound_name().get().clone(), value);
            }
        }
    }
    Ok(())
}

/// Evaluates an `include`: the content of the module.
pub fn eval_include(
    vm: &mut Vm,
    include: ast::ModuleInclude,
) -> SourceResult<crate::model::Content> {
    let module = module_of(vm, include.source())?;
    Ok(module.content().clone())
}

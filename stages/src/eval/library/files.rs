//! Files named by element arguments (`image("tiger.jpg")`, `bibliography("works.bib")`)
//! are read when the element is made, as Typst does, so a missing or unreadable file is
//! an error at the path argument of the call, even for content that is never laid out.

use crate::base::{FileId, SourceResult, Span};
use crate::eval::{Engine, resolve_path};
use crate::model::{Args, BIBLIOGRAPHY, Element, IMAGE, Value};

/// Reads the files an element's arguments name, failing at the first argument whose
/// file cannot be read. Arguments of the wrong type are left to the element's own checks.
pub fn check_element_files(engine: &Engine, elem: Element, args: &Args) -> SourceResult<()> {
    let name = if elem == IMAGE {
        "source"
    } else if elem == BIBLIOGRAPHY {
        "sources"
    } else {
        return Ok(());
    };
    let arg = args
        .items
        .iter()
        .find(|arg| arg.name.as_deref() == Some(name))
        .or_else(|| args.items.iter().find(|arg| arg.name.is_none()));
    let Some(arg) = arg else { return Ok(()) };
    match &arg.value {
        Value::Array(paths) if elem == BIBLIOGRAPHY => {
            for path in paths.as_slice() {
                read(engine, path, arg.value_span)?;
            }
            Ok(())
        }
        value => read(engine, value, arg.value_span),
    }
}

/// Reads the file a path or string value names (strings relative to the file they were
/// written in); other values are not files.
fn read(engine: &Engine, value: &Value, span: Span) -> SourceResult<()> {
    let resolved = match value {
        Value::Path(path) => path.0.clone(),
        Value::Str(path) => resolve_path(span.id(), path.as_str())
            .map_err(|e| ecow::eco_vec![e.diagnostic(span)])?,
        _ => return Ok(()),
    };
    engine.world.file(FileId::new(&resolved)).map_err(|e| ecow::eco_vec![e.diagnostic(span)])?;
    Ok(())
}

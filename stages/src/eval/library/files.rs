//! Files named by element arguments (`image("tiger.jpg")`, `bibliography("works.bib")`,
//! `raw(theme: "dark.tmTheme")`, `cite(style: "ieee.csl")`) are read when the element is
//! made or the `set` rule is evaluated, as Typst does, so a missing or unreadable file is
//! an error at the argument, even for content that is never laid out. Themes, syntaxes
//! and CSL styles are also checked for the shape Typst's decoders need (a property list
//! theme with its settings, a YAML syntax with `contexts`, `scope` and a `main` context,
//! an XML `style`), with their error wording; their contents are not otherwise used.

use ecow::{EcoString, eco_format};

use super::data::load_checked;
use crate::base::{FileId, SourceDiagnostic, SourceResult, Span};
use crate::eval::{Engine, resolve_path};
use crate::model::{Args, BIBLIOGRAPHY, CITE, Element, IMAGE, RAW, Value, repr_str};

/// Reads the files an element's arguments name, failing at the first argument whose
/// file cannot be read. Arguments of the wrong type are left to the element's own checks.
pub fn check_element_files(engine: &mut Engine, elem: Element, args: &Args) -> SourceResult<()> {
    let name = if elem == IMAGE {
        "source"
    } else if elem == BIBLIOGRAPHY {
        "sources"
    } else {
        return check_set_files(engine, elem, args);
    };
    let arg = args
        .items
        .iter()
        .find(|arg| arg.name.as_deref() == Some(name))
        .or_else(|| args.items.iter().find(|arg| arg.name.is_none()));
    if let Some(arg) = arg {
        match &arg.value {
            Value::Array(paths) if elem == BIBLIOGRAPHY => {
                for path in paths.as_slice() {
                    read(engine, path, arg.value_span)?;
                }
            }
            value => read(engine, value, arg.value_span)?,
        }
    }
    check_set_files(engine, elem, args)
}

/// Loads the files that settable fields name (`raw.syntaxes`, `raw.theme`, `cite.style`,
/// `bibliography.style`, `image.icc`), in the element's field order, for a call or a
/// `set` rule. As with Typst's named arguments, the last of a repeated name counts.
pub fn check_set_files(engine: &mut Engine, elem: Element, args: &Args) -> SourceResult<()> {
    let fields: &[(&str, Asset)] = if elem == RAW {
        &[("syntaxes", Asset::Syntax), ("theme", Asset::Theme)]
    } else if elem == CITE || elem == BIBLIOGRAPHY {
        &[("style", Asset::Csl)]
    } else if elem == IMAGE {
        &[("icc", Asset::Icc)]
    } else {
        return Ok(());
    };
    for &(name, asset) in fields {
        let Some(arg) = args.items.iter().rev().find(|arg| arg.name.as_deref() == Some(name))
        else {
            continue;
        };
        match &arg.value {
            Value::Array(items) if asset == Asset::Syntax => {
                for item in items.as_slice() {
                    asset.load(engine, item, arg.value_span)?;
                }
            }
            value => asset.load(engine, value, arg.value_span)?,
        }
    }
    Ok(())
}

/// A kind of file that a settable field names.
#[derive(Copy, Clone, PartialEq)]
enum Asset {
    /// A `tmTheme` for `raw.theme`.
    Theme,
    /// A `sublime-syntax` for `raw.syntaxes`.
    Syntax,
    /// A CSL style for `cite.style` and `bibliography.style`.
    Csl,
    /// An ICC profile for `image.icc`: read, but checked only when an image is decoded.
    Icc,
}

impl Asset {
    /// Loads and checks the data `value` names (`span`: the argument's value).
    fn load(self, engine: &mut Engine, value: &Value, span: Span) -> SourceResult<()> {
        match self {
            Asset::Csl
                if let Value::Str(name) = value
                    && let Some((_, new)) =
                        CSL_DEPRECATED.iter().find(|(old, _)| *old == name.as_str()) =>
            {
                let message = eco_format!(
                    "style `{}` has been deprecated in favor of `{}`",
                    repr_str(name),
                    repr_str(new)
                );
                engine.warnings.push(SourceDiagnostic::warning(span, message));
                Ok(())
            }
            Asset::Theme => {
                load_checked(engine, value, span, "failed to parse theme", false, check_theme)
            }
            Asset::Syntax => {
                load_checked(engine, value, span, "failed to parse syntax", true, check_syntax)
            }
            // A string without an extension is the name of a built-in style.
            Asset::Csl if matches!(value, Value::Str(s) if !has_extension(s)) => Ok(()),
            Asset::Csl => {
                load_checked(engine, value, span, "failed to load CSL style", true, check_csl)
            }
            Asset::Icc => load_checked(engine, value, span, "", false, |_| Ok(())),
        }
    }
}

/// Built-in style names Typst still accepts with a warning, with the name to use instead.
const CSL_DEPRECATED: &[(&str, &str)] = &[
    ("chicago-fullnotes", "chicago-notes"),
    ("modern-humanities-research-association", "modern-humanities-research-association-notes"),
    ("council-of-science-editors", "cse-citation-sequence-brackets-8th-edition"),
    ("council-of-science-editors-author-date", "cse-name-year"),
    ("modern-language-association-8", "modern-language-association"),
    ("mla-8", "modern-language-association"),
    ("vancouver", "nlm-citation-sequence"),
    ("vancouver-superscript", "nlm-citation-sequence-superscript"),
];

/// Whether a path string has an extension as Rust's `Path::extension` sees it: its last
/// component holds a dot that is not its first character (`"a.csl"`, not `".csl"`).
pub fn has_extension(path: &str) -> bool {
    let name = path.trim_end_matches('/').rsplit('/').next().unwrap_or_default();
    name != ".." && name.rfind('.').is_some_and(|dot| dot > 0)
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

/// Parses XML, allowing a document type declaration (property lists have one).
fn parse_xml(text: &str) -> Result<roxmltree::Document<'_>, roxmltree::Error> {
    let options = roxmltree::ParsingOptions { allow_dtd: true, ..Default::default() };
    roxmltree::Document::parse_with_options(text, options)
}

/// A property list value, as far as a theme's checks look into it.
enum Plist {
    Dict(Vec<(String, Plist)>),
    Array(Vec<Plist>),
    Str,
    Other,
}

impl Plist {
    /// The value of `key` in a dictionary.
    fn get(&self, key: &str) -> Option<&Plist> {
        match self {
            Plist::Dict(entries) => entries.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Reads an XML property list element; `None` for one that is not well-formed.
    fn from_xml(node: roxmltree::Node) -> Option<Plist> {
        let mut children = node.children().filter(|c| c.is_element());
        Some(match node.tag_name().name() {
            "dict" => {
                let mut entries = Vec::new();
                while let Some(key) = children.next() {
                    if key.tag_name().name() != "key" {
                        return None;
                    }
                    let value = Plist::from_xml(children.next()?)?;
                    entries.push((key.text().unwrap_or_default().to_string(), value));
                }
                Plist::Dict(entries)
            }
            "array" => Plist::Array(children.map(Plist::from_xml).collect::<Option<_>>()?),
            "string" => Plist::Str,
            "integer" | "real" | "true" | "false" | "date" | "data" => Plist::Other,
            _ => return None,
        })
    }
}

/// Checks a `tmTheme` as syntect reads one: a property list (else its settings cannot be
/// read) holding a dictionary with an optional string `name` and `author` and an array
/// `settings` whose first item is a dictionary with a dictionary of global `settings`.
fn check_theme(data: &[u8]) -> Result<(), EcoString> {
    // A binary property list is taken as it is.
    if data.starts_with(b"bplist") {
        return Ok(());
    }
    let unreadable = || EcoString::from("Invalid syntax theme settings");
    let text = std::str::from_utf8(data).map_err(|_| unreadable())?;
    let doc = parse_xml(text).map_err(|_| unreadable())?;
    let mut root = doc.root_element();
    if root.tag_name().name() == "plist" {
        let mut inner = root.children().filter(|c| c.is_element());
        root = inner.next().ok_or_else(unreadable)?;
    }
    let plist = Plist::from_xml(root).ok_or_else(unreadable)?;
    let invalid = || EcoString::from("Invalid syntax theme");
    let optional_str = |key| matches!(plist.get(key), None | Some(Plist::Str));
    if !matches!(plist, Plist::Dict(_)) || !optional_str("name") || !optional_str("author") {
        return Err(invalid());
    }
    let Some(Plist::Array(items)) = plist.get("settings") else { return Err(invalid()) };
    match items.first().and_then(|first| first.get("settings")) {
        Some(Plist::Dict(_)) => Ok(()),
        _ => Err(invalid()),
    }
}

/// Checks a `sublime-syntax` as syntect reads one: a YAML document holding a mapping with
/// a mapping `contexts` (with a list `main`) and a string `scope`.
fn check_syntax(data: &[u8]) -> Result<(), EcoString> {
    use serde::Deserialize;
    let text = std::str::from_utf8(data).unwrap_or_default();
    let Some(document) = serde_yaml::Deserializer::from_str(text).next() else {
        return Err("The file must contain at least one YAML document".into());
    };
    let yaml = serde_yaml::Value::deserialize(document)
        .map_err(|err| eco_format!("Invalid YAML file syntax: {err}"))?;
    let mismatch = || EcoString::from("Type mismatch");
    let serde_yaml::Value::Mapping(map) = yaml else {
        // A file of only comments and blank lines has no document at all.
        if yaml.is_null() && text.lines().all(is_blank_yaml_line) {
            return Err("The file must contain at least one YAML document".into());
        }
        return Err(mismatch());
    };
    let key = |name: &'static str| {
        map.get(name).ok_or_else(|| eco_format!("Missing mandatory key in YAML file: {name}"))
    };
    let contexts = key("contexts")?.as_mapping().ok_or_else(mismatch)?;
    key("scope")?.as_str().ok_or_else(mismatch)?;
    match contexts.get("main") {
        Some(serde_yaml::Value::Sequence(_)) => Ok(()),
        _ => Err("Context 'main' is missing".into()),
    }
}

/// Whether a YAML line holds no content (blank, a comment, a directive or a marker).
fn is_blank_yaml_line(line: &str) -> bool {
    let line = line.trim();
    line.is_empty() || line.starts_with('#') || line.starts_with('%') || line == "---"
}

/// Checks a CSL style: an XML document whose root is a `style` with `info` and
/// `citation` children, else citationberg's deserialization error.
fn check_csl(data: &[u8]) -> Result<(), EcoString> {
    let text = std::str::from_utf8(data).unwrap_or_default();
    let invalid = || EcoString::from("Deserialization error occured at `.`");
    let doc = parse_xml(text).map_err(|_| invalid())?;
    let root = doc.root_element();
    let has = |name: &str| root.children().any(|c| c.tag_name().name() == name);
    if root.tag_name().name() != "style" || !has("info") || !has("citation") {
        return Err(invalid());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_follow_rusts_path_rules() {
        assert!(has_extension("ieee.csl"));
        assert!(has_extension("a.b.c"));
        assert!(has_extension("dir/x.xml"));
        assert!(!has_extension(".csl"));
        assert!(!has_extension("apa"));
        assert!(!has_extension("sub/"));
        assert!(!has_extension(".."));
    }

    #[test]
    fn themes_need_global_settings() {
        let good = "<plist><dict><key>settings</key><array><dict><key>settings</key>\
                    <dict/></dict></array></dict></plist>";
        assert_eq!(check_theme(good.as_bytes()), Ok(()));
        assert_eq!(check_theme(b"nope"), Err("Invalid syntax theme settings".into()));
        assert_eq!(check_theme(b"<plist><dict/></plist>"), Err("Invalid syntax theme".into()));
    }

    #[test]
    fn syntaxes_need_contexts_scope_and_main() {
        let good = "name: X\nscope: source.x\ncontexts:\n  main:\n    - match: a\n";
        assert_eq!(check_syntax(good.as_bytes()), Ok(()));
        let no_contexts = Err("Missing mandatory key in YAML file: contexts".into());
        assert_eq!(check_syntax(b"name: X\n"), no_contexts);
        assert_eq!(check_syntax(b"x"), Err("Type mismatch".into()));
        let no_main = "scope: source.x\ncontexts:\n  other: []\n";
        assert_eq!(check_syntax(no_main.as_bytes()), Err("Context 'main' is missing".into()));
    }
}

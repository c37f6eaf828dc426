//! XML: text → the document's top-level nodes, each element a dictionary with
//! `namespace`, `tag`, `attrs` and `children` (text nodes are strings; comments and
//! processing instructions are elements with an empty tag), with Typst's error wording.

use ecow::{EcoString, eco_format};

use crate::model::{Array, Dict, Str, Value};

/// The top-level nodes of an XML document, or the error's message with its one-based
/// line and column.
pub fn parse(text: &str) -> Result<Value, (EcoString, (usize, usize))> {
    let options = roxmltree::ParsingOptions { allow_dtd: true, ..Default::default() };
    let document = roxmltree::Document::parse_with_options(text, options).map_err(describe)?;
    Ok(convert(document.root()))
}

/// A node as a value.
fn convert(node: roxmltree::Node) -> Value {
    if node.is_text() {
        return Value::Str(Str::from(node.text().unwrap_or_default()));
    }
    let children: Array = node.children().map(convert).collect();
    if node.is_root() {
        return Value::Array(children);
    }
    let name = node.tag_name();
    let namespace = name.namespace().map_or(Value::None, |ns| Value::Str(Str::from(ns)));
    let attrs: Dict = node
        .attributes()
        .map(|attr| (Str::from(attr.name()), Value::Str(Str::from(attr.value()))))
        .collect();
    let mut dict = Dict::new();
    dict.insert("namespace".into(), namespace);
    dict.insert("tag".into(), Value::Str(Str::from(name.name())));
    dict.insert("attrs".into(), Value::Dict(attrs));
    dict.insert("children".into(), Value::Array(children));
    Value::Dict(dict)
}

/// Typst's words for an XML error and where it happened.
fn describe(err: roxmltree::Error) -> (EcoString, (usize, usize)) {
    let pos = err.pos();
    let message = match &err {
        roxmltree::Error::UnexpectedCloseTag(expected, actual, _) => {
            eco_format!("found closing tag '{actual}' instead of '{expected}'")
        }
        roxmltree::Error::UnknownEntityReference(entity, _) => {
            eco_format!("unknown entity '{entity}'")
        }
        roxmltree::Error::DuplicatedAttribute(attr, _) => {
            eco_format!("duplicate attribute '{attr}'")
        }
        roxmltree::Error::NoRootNode => "missing root node".into(),
        other => eco_format!("{other}"),
    };
    (message, (pos.row as usize, pos.col as usize))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, expected: &str) {
        let out = match parse(text) {
            Ok(value) => value.repr(),
            Err((message, (line, col))) => eco_format!("{message} at {line}:{col}"),
        };
        assert_eq!(out, expected, "{text:?}");
    }

    #[test]
    fn elements_become_dictionaries() {
        check(
            "<a x=\"1\">hi</a>",
            "(\n  (\n    namespace: none,\n    tag: \"a\",\n    attrs: (x: \"1\"),\n    children: (\"hi\",),\n  ),\n)",
        );
        check("<a><b></a>", "found closing tag 'a' instead of 'b' at 1:7");
        check("", "missing root node at 1:1");
    }
}

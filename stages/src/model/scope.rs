//! Scopes and modules: a `Scope` maps names to values in definition order; a `Module` is
//! the evaluated result of a file (its top-level bindings and its content) or a library
//! module like `calc`.

use std::sync::Arc;

use ecow::EcoString;
use indexmap::IndexMap;

use super::{Content, Value};

/// Bindings from names to values, in definition order.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Scope {
    map: IndexMap<EcoString, Value>,
    /// The deprecation messages of deprecated bindings (as `sym.join`'s); an import
    /// carries them along with the values.
    deprecations: Vec<(EcoString, &'static str)>,
}

impl Scope {
    /// An empty scope.
    pub fn new() -> Self {
        Self::default()
    }

    /// Binds `name` (replacing an earlier binding of the same name).
    pub fn define(&mut self, name: impl Into<EcoString>, value: impl Into<Value>) {
        let name = name.into();
        if !self.deprecations.is_empty() {
            self.deprecations.retain(|(n, _)| *n != name);
        }
        self.map.insert(name, value.into());
    }

    /// Marks the binding `name` as deprecated: using it warns with `message`.
    pub fn deprecate(&mut self, name: impl Into<EcoString>, message: &'static str) {
        let name = name.into();
        self.deprecations.retain(|(n, _)| *n != name);
        self.deprecations.push((name, message));
    }

    /// The deprecation message of the binding `name`, if it is deprecated.
    pub fn deprecation(&self, name: &str) -> Option<&'static str> {
        self.deprecations.iter().find(|(n, _)| n == name).map(|&(_, message)| message)
    }

    /// Moves the bindings named in `order` to the front, in that order; the others
    /// follow in their definition order.
    pub fn reorder(&mut self, order: &[&str]) {
        // A stable sort keeps the unnamed bindings in definition order.
        self.map.sort_by_cached_key(|name, _| {
            order.iter().position(|n| n == name).unwrap_or(order.len())
        });
    }

    /// The value bound to `name`.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.map.get(name)
    }

    /// The value bound to `name`, mutably.
    pub fn get_mut(&mut self, name: &str) -> Option<&mut Value> {
        self.map.get_mut(name)
    }

    /// The bindings in definition order.
    pub fn iter(&self) -> impl Iterator<Item = (&EcoString, &Value)> {
        self.map.iter()
    }

    /// The number of bindings.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether there are no bindings.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

/// An evaluated module. Cheap to clone.
#[derive(Debug, Clone)]
pub struct Module(Arc<ModuleInner>);

#[derive(Debug)]
struct ModuleInner {
    name: EcoString,
    scope: Scope,
    content: Content,
}

impl Module {
    /// A module with a name, its bindings and its content.
    pub fn new(name: impl Into<EcoString>, scope: Scope, content: Content) -> Self {
        Self(Arc::new(ModuleInner { name: name.into(), scope, content }))
    }

    /// The module's name (the file stem for a file).
    pub fn name(&self) -> &str {
        &self.0.name
    }

    /// The module's top-level bindings.
    pub fn scope(&self) -> &Scope {
        &self.0.scope
    }

    /// The content the module's markup produced.
    pub fn content(&self) -> &Content {
        &self.0.content
    }
}

/// Modules are equal when they are the same module, as in Typst: two imports of one file
/// give the same module (the world's module cache), two files with the same bindings do not.
impl PartialEq for Module {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl From<Module> for Value {
    fn from(v: Module) -> Self {
        Value::Module(v)
    }
}

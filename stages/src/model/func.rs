//! Functions: native functions of the library, element functions (which construct
//! content), closures defined in source (with the bindings they captured) and functions
//! with pre-applied arguments (`f.with(..)`). Calling one goes through `Func::call`, which
//! enforces the call depth limit.

use std::fmt::{self, Debug, Formatter};
use std::sync::Arc;

use ecow::{EcoString, eco_format};

use super::{Args, Element, Scope, Value};
use crate::base::{SourceResult, Span};
use crate::eval::Engine;
use crate::syntax::SyntaxNode;

/// The most nested closure calls of all, `eval` included (which starts Typst's count of
/// the call depth afresh): a guard against running out of stack, far above the depth
/// that `eval::check_call_depth` allows.
pub const MAX_CLOSURE_NESTING: usize = 256;

/// A function value.
#[derive(Clone)]
pub struct Func {
    repr: FuncRepr,
    span: Span,
}

/// What kind of function a `Func` is.
#[derive(Debug, Clone)]
pub enum FuncRepr {
    /// A function of the library, written in Rust.
    Native(&'static NativeFunc),
    /// An element function: constructs content.
    Element(Element),
    /// A closure defined in source.
    Closure(Arc<Closure>),
    /// A function with arguments applied in advance.
    With(Arc<(Func, Args)>),
    /// The constructor of a type, where a type is used as a function (`map(str)`).
    Type(super::Type),
    /// A method reached through its type (`array.len`), taking `self` first.
    Method(super::Type, &'static str),
    /// A callable symbol (an accent or a delimiter) where a function is expected:
    /// `(x, y).map(sym.hat)`.
    Symbol(super::Symbol),
}

/// A library function written in Rust. It takes what it needs from the arguments; the
/// caller fails on any argument left over.
pub struct NativeFunc {
    pub name: &'static str,
    pub call: fn(&mut Engine, &mut Args) -> SourceResult<Value>,
    /// Functions reachable as fields: `assert.eq`.
    pub scope: &'static [&'static NativeFunc],
}

impl Debug for NativeFunc {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        write!(f, "NativeFunc({})", self.name)
    }
}

/// A closure: its syntax node, the values it captured and its evaluated defaults.
#[derive(Debug)]
pub struct Closure {
    /// The `Closure` node, or the `Contextual` node of a `context` expression.
    pub node: SyntaxNode,
    pub kind: ClosureKind,
    /// The values of the outside variables the body mentions, as they were at creation.
    pub captured: Scope,
    /// The default values of the named parameters, in order.
    pub defaults: Vec<Value>,
    /// The name of a closure defined by `let f(..) = ..` (bound in its body, for recursion).
    pub name: Option<EcoString>,
}

/// Where a closure came from.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
pub enum ClosureKind {
    /// `(params) => body` or `let f(params) = body`.
    Closure,
    /// The body of `context expr`, which takes no arguments.
    Context,
}

impl Func {
    /// A function of the given kind, defined at `span`.
    pub fn new(repr: FuncRepr, span: Span) -> Self {
        Self { repr, span }
    }

    /// What kind of function this is.
    pub fn repr_kind(&self) -> &FuncRepr {
        &self.repr
    }

    /// Where the function was defined (detached for library functions).
    pub fn span(&self) -> Span {
        self.span
    }

    /// The function located at `span` if it has no place of its own yet (a library
    /// function passed as an argument is located where it was passed).
    pub fn spanned(mut self, span: Span) -> Self {
        if self.span.is_detached() {
            self.span = span;
        }
        self
    }

    /// The function's name, if it has one.
    pub fn name(&self) -> Option<&str> {
        match &self.repr {
            FuncRepr::Native(native) => Some(native.name),
            FuncRepr::Element(elem) => Some(elem.name()),
            FuncRepr::Closure(closure) => closure.name.as_deref(),
            FuncRepr::With(with) => with.0.name(),
            FuncRepr::Type(ty) => Some(ty.short_name()),
            FuncRepr::Method(_, name) => Some(name),
            FuncRepr::Symbol(_) => None,
        }
    }

    /// Whether this is a closure defined in source (or one with arguments applied).
    pub fn is_closure(&self) -> bool {
        match &self.repr {
            FuncRepr::Closure(_) => true,
            FuncRepr::With(with) => with.0.is_closure(),
            _ => false,
        }
    }

    /// The element this function constructs, if it is an element function.
    pub fn element(&self) -> Option<Element> {
        match &self.repr {
            FuncRepr::Element(elem) => Some(*elem),
            _ => None,
        }
    }

    /// A function reachable as a field of this one (`assert.eq`, `list.item`).
    pub fn field(&self, name: &str) -> Option<Value> {
        match &self.repr {
            FuncRepr::Native(native) => native
                .scope
                .iter()
                .find(|f| f.name.rsplit('.').next() == Some(name))
                .map(|f| Value::Func(Func::from(*f))),
            FuncRepr::Element(elem) => elem.scoped(name).map(|e| Value::Func(e.into())),
            FuncRepr::With(with) => with.0.field(name),
            _ => None,
        }
    }

    /// Every function reachable as a field of this one, with its short name, in
    /// definition order (for `import assert: *`).
    pub fn scope(&self) -> Vec<(&'static str, Value)> {
        let short = |name: &'static str| name.rsplit('.').next().unwrap_or(name);
        match &self.repr {
            FuncRepr::Native(native) => {
                native.scope.iter().map(|f| (short(f.name), Value::Func(Func::from(*f)))).collect()
            }
            FuncRepr::Element(elem) => {
                elem.0.scope.iter().map(|e| (short(e.name()), Value::Func((**e).into()))).collect()
            }
            FuncRepr::With(with) => with.0.scope(),
            _ => Vec::new(),
        }
    }

    /// Calls the function. Only a closure call nests evaluation deeper; the depth is
    /// checked where calls are written (`eval::check_call_depth`), as in Typst.
    pub fn call(&self, engine: &mut Engine, mut args: Args) -> SourceResult<Value> {
        match &self.repr {
            FuncRepr::Native(native) => {
                let result = (native.call)(engine, &mut args);
                args.leftover_first(result).and_then(|v| args.finish().map(|()| v))
            }
            FuncRepr::Element(elem) => {
                crate::eval::library::check_font_families(engine, *elem, &args);
                crate::eval::library::check_element_files(engine, *elem, &args)?;
                elem.construct(&mut args, &mut engine.warnings).and_then(|v| {
                    args.finish()?;
                    Ok(Value::Content(v))
                })
            }
            FuncRepr::Closure(closure) => {
                if engine.nesting >= MAX_CLOSURE_NESTING {
                    crate::bail!(args.span, "maximum function call depth exceeded");
                }
                engine.depth += 1;
                engine.nesting += 1;
                let result = crate::eval::call_closure(engine, self, closure, args);
                engine.depth -= 1;
                engine.nesting -= 1;
                result
            }
            FuncRepr::Type(ty) => crate::eval::library::construct(engine, *ty, args),
            FuncRepr::Method(ty, name) => crate::eval::call_type_method(engine, *ty, name, args),
            FuncRepr::Symbol(symbol) => {
                let span = args.span;
                crate::eval::library::call_symbol(symbol, args, span)
            }
            FuncRepr::With(with) => {
                let (inner, applied) = &**with;
                let mut all = applied.clone();
                all.span = args.span;
                all.items.extend(args.items);
                inner.call(engine, all)
            }
        }
    }

    /// This function with `args` applied in advance.
    pub fn with(self, args: Args) -> Self {
        let span = self.span;
        Self { repr: FuncRepr::With(Arc::new((self, args))), span }
    }

    /// The function as `repr` writes it: its name, or `(..) => ..` for an anonymous one.
    pub fn repr(&self) -> EcoString {
        // A function in another's scope shows its own name: `list.item` is `item`.
        match self.name() {
            Some(_) if matches!(self.repr, FuncRepr::With(_)) => "(..) => ..".into(),
            Some(name) => name.rsplit('.').next().unwrap_or(name).into(),
            None => eco_format!("(..) => .."),
        }
    }
}

impl PartialEq for Func {
    fn eq(&self, other: &Self) -> bool {
        match (&self.repr, &other.repr) {
            (FuncRepr::Native(a), FuncRepr::Native(b)) => std::ptr::eq(*a, *b),
            (FuncRepr::Element(a), FuncRepr::Element(b)) => a == b,
            (FuncRepr::Closure(a), FuncRepr::Closure(b)) => Arc::ptr_eq(a, b),
            // Like Typst, applied arguments compare by value: `f.with(1) == f.with(1)`.
            (FuncRepr::With(a), FuncRepr::With(b)) => Arc::ptr_eq(a, b) || **a == **b,
            (FuncRepr::Type(a), FuncRepr::Type(b)) => a == b,
            (FuncRepr::Method(a, m), FuncRepr::Method(b, n)) => a == b && m == n,
            (FuncRepr::Symbol(a), FuncRepr::Symbol(b)) => a.get() == b.get(),
            _ => false,
        }
    }
}

impl Debug for Func {
    fn fmt(&self, f: &mut Formatter) -> fmt::Result {
        write!(f, "Func({})", self.repr())
    }
}

impl From<&'static NativeFunc> for Func {
    fn from(native: &'static NativeFunc) -> Self {
        Self::new(FuncRepr::Native(native), Span::detached())
    }
}

impl From<Element> for Func {
    fn from(elem: Element) -> Self {
        Self::new(FuncRepr::Element(elem), Span::detached())
    }
}

//! The evaluator's state: the `Engine` shared by all evaluation of one compilation (world,
//! import route, call depth, warnings), and the `Vm` of one file or closure body (its
//! `Scopes` and pending control flow).

use ecow::{EcoString, EcoVec, eco_format};

use super::World;
use crate::base::{
    EmptyIntrospector, FileId, Introspection, Introspector, Location, Read, SourceDiagnostic,
    SourceResult, Span, Trace,
};
use crate::model::{Scope, Styles, Value};
use crate::syntax::ast::AstNode;

/// State shared by all evaluation of one compilation.
pub struct Engine<'a> {
    pub world: &'a dyn World,
    /// The files being evaluated, outermost first (for cyclic import detection).
    pub route: Vec<FileId>,
    /// How deep evaluation is nested, counted as Typst counts its route: one for each file
    /// being evaluated and each closure being called; `eval` starts afresh at zero.
    pub depth: usize,
    /// The closure calls being evaluated, all of them (`eval` does not reset this count).
    pub nesting: usize,
    /// Warnings emitted so far, in order.
    pub warnings: EcoVec<SourceDiagnostic>,
    /// The previous iteration's layout (empty in the first iteration).
    pub introspector: &'a dyn Introspector,
    /// The questions asked of `introspector` so far, in order, for convergence checks.
    pub reads: Vec<Read>,
    /// Where the code being evaluated stands, inside `context`.
    pub here: Here,
    /// Errors that hold only while the document has not settled (a label the previous
    /// layout did not have): the driver reports those still there at the end.
    pub delayed: EcoVec<SourceDiagnostic>,
    /// The styles in effect where the `context` being evaluated stands, which realization
    /// sets around the call of its closure (empty elsewhere).
    pub styles: Styles,
}

impl Engine<'_> {
    /// Adds the trace step `note` (`while calling `f``) at `span` to each error of `result`
    /// that lies outside `span`, as Typst does: an error inside the traced call or import
    /// needs no pointer to it.
    pub fn trace<T>(
        &self,
        result: SourceResult<T>,
        span: Span,
        note: impl Fn() -> EcoString,
    ) -> SourceResult<T> {
        result.map_err(|mut errors| {
            let Some(outer) = self.range(span) else { return errors };
            for error in errors.make_mut().iter_mut() {
                if error.span.id() == span.id()
                    && let Some(inner) = self.range(error.span)
                    && outer.start <= inner.start
                    && inner.end <= outer.end
                {
                    continue;
                }
                error.trace.push(Trace { span, note: note() });
            }
            errors
        })
    }

    /// The byte range `span` points to in its file, if that file can be loaded.
    fn range(&self, span: Span) -> Option<std::ops::Range<usize>> {
        self.world.source(span.id()?).ok()?.range(span)
    }
}

/// What `context` knows about its place. Not `Copy` (the numbering may be a function):
/// save and restore it with `std::mem::replace`.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Here {
    /// The location of the `context` element, once realized.
    pub location: Option<Location>,
    /// The physical page (from 1), where known directly (headers and footers).
    pub page: Option<usize>,
    /// The page numbering in effect (`page.numbering`: a pattern string or a function),
    /// `None` when pages are not numbered. Finalization sets it for headers and footers,
    /// realization from the styles at a `context` in the body. `counter(page).display()`
    /// and `location.page-numbering()` answer with it.
    pub numbering: Option<Value>,
}

impl<'a> Engine<'a> {
    /// A fresh engine over `world`, with nothing known about layout.
    pub fn new(world: &'a dyn World) -> Self {
        Self::with_introspector(world, &EmptyIntrospector)
    }

    /// A fresh engine over `world` that answers introspection from `introspector`.
    pub fn with_introspector(world: &'a dyn World, introspector: &'a dyn Introspector) -> Self {
        Self {
            world,
            route: Vec::new(),
            depth: 0,
            nesting: 0,
            warnings: EcoVec::new(),
            introspector,
            reads: Vec::new(),
            here: Here::default(),
            delayed: EcoVec::new(),
            styles: Styles::new(),
        }
    }

    /// Notes an error that holds only if the document has settled; the caller goes on
    /// with a stand-in, and has recorded the read whose change would lift the error.
    pub fn delay(&mut self, error: SourceDiagnostic) {
        self.delayed.push(error);
    }

    /// Asks the introspector a question and records it (with `label`, how the user
    /// asked, for non-convergence warnings); returns the introspector to read the answer.
    pub fn introspect(
        &mut self,
        what: Introspection,
        span: Span,
        label: impl Into<EcoString>,
    ) -> &'a dyn Introspector {
        let answer = what.answer(self.introspector);
        self.reads.push(Read { what, answer, span, label: label.into() });
        self.introspector
    }
}

impl std::fmt::Debug for Engine<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "Engine(depth {}, route {:?})", self.depth, self.route)
    }
}

/// Attaches a span to a span-less error.
pub trait At<T> {
    /// The result with its error located at `span`.
    fn at(self, span: Span) -> SourceResult<T>;
}

impl<T> At<T> for Result<T, EcoString> {
    fn at(self, span: Span) -> SourceResult<T> {
        self.map_err(|message| ecow::eco_vec![SourceDiagnostic::error(span, message)])
    }
}

/// Control flow that interrupts evaluation.
#[derive(Debug, Clone)]
pub enum FlowEvent {
    /// `break`.
    Break(Span),
    /// `continue`.
    Continue(Span),
    /// `return`, with the value if one was given, and whether it may still be warned
    /// about for discarding content: it was not raised inside a conditional or loop and
    /// no warning was given for it yet.
    Return(Span, Option<Value>, bool),
}

impl FlowEvent {
    /// The error for this event where it is not allowed.
    pub fn forbidden(&self) -> SourceDiagnostic {
        match self {
            Self::Break(span) => SourceDiagnostic::error(*span, "cannot break outside of loop"),
            Self::Continue(span) => {
                SourceDiagnostic::error(*span, "cannot continue outside of loop")
            }
            Self::Return(span, ..) => {
                SourceDiagnostic::error(*span, "cannot return outside of function")
            }
        }
    }
}

/// The scopes visible at a point: nested block scopes, then the values a closure
/// captured, then the library.
#[derive(Debug)]
pub struct Scopes<'c> {
    /// The innermost scope.
    pub top: Scope,
    /// The enclosing scopes, outermost first.
    pub scopes: Vec<Scope>,
    /// What the running closure captured (read-only).
    pub captured: Option<&'c Scope>,
    /// Whether the running closure is the body of a `context` expression (for the
    /// wording of the read-only error).
    pub in_context: bool,
    /// The library (read-only).
    pub base: &'c Scope,
}

impl<'c> Scopes<'c> {
    /// Scopes over a library.
    pub fn new(base: &'c Scope) -> Self {
        Self { top: Scope::new(), scopes: Vec::new(), captured: None, in_context: false, base }
    }

    /// Opens a nested scope.
    pub fn enter(&mut self) {
        self.scopes.push(std::mem::take(&mut self.top));
    }

    /// Closes the innermost scope.
    pub fn exit(&mut self) {
        self.top = self.scopes.pop().unwrap_or_default();
    }

    /// Binds `name` in the innermost scope.
    pub fn define(&mut self, name: impl Into<EcoString>, value: impl Into<Value>) {
        self.top.define(name, value);
    }

    /// The value of a variable, or Typst's `unknown variable` error.
    pub fn get(&self, name: &str) -> Result<&Value, EcoString> {
        std::iter::once(&self.top)
            .chain(self.scopes.iter().rev())
            .chain(self.captured)
            .chain(std::iter::once(self.base))
            .find_map(|scope| scope.get(name))
            .ok_or_else(|| unknown_variable(name))
    }

    /// The value of a local variable, or the error saying why it cannot be changed.
    pub fn get_mut(&mut self, name: &str) -> Result<&mut Value, EcoString> {
        if let Some(value) = std::iter::once(&mut self.top)
            .chain(self.scopes.iter_mut().rev())
            .find_map(|scope| scope.get_mut(name))
        {
            return Ok(value);
        }
        if self.captured.is_some_and(|c| c.get(name).is_some()) {
            let outside = if self.in_context { "context expression" } else { "function" };
            return Err(eco_format!(
                "variables from outside the {outside} are read-only and cannot be modified"
            ));
        }
        if self.base.get(name).is_some() {
            return Err(eco_format!("cannot mutate a constant: {name}"));
        }
        Err(unknown_variable(name))
    }

    /// The deprecation message of the local binding `name` (one an import brought in
    /// from a module that deprecates it), if there is one.
    pub fn deprecation(&self, name: &str) -> Option<&'static str> {
        std::iter::once(&self.top)
            .chain(self.scopes.iter().rev())
            .chain(self.captured)
            .find(|scope| scope.get(name).is_some())
            .and_then(|scope| scope.deprecation(name))
    }

    /// Whether `name` is bound outside the library (what a closure needs to capture).
    pub fn get_local(&self, name: &str) -> Option<&Value> {
        std::iter::once(&self.top)
            .chain(self.scopes.iter().rev())
            .chain(self.captured)
            .find_map(|scope| scope.get(name))
    }
}

/// Typst's error for an unbound name.
fn unknown_variable(name: &str) -> EcoString {
    eco_format!("unknown variable: {name}")
}

/// The evaluator of one file or closure body.
pub struct Vm<'c, 'a> {
    pub engine: &'c mut Engine<'a>,
    pub scopes: Scopes<'c>,
    /// Pending control flow (`break`, `continue`, `return`).
    pub flow: Option<FlowEvent>,
    /// The file being evaluated, for resolving relative paths.
    pub file: Option<FileId>,
}

impl<'c, 'a> Vm<'c, 'a> {
    /// A VM with fresh scopes over the engine's library.
    pub fn new(engine: &'c mut Engine<'a>, scopes: Scopes<'c>, file: Option<FileId>) -> Self {
        Self { engine, scopes, flow: None, file }
    }

    /// Records a warning.
    pub fn warn(&mut self, warning: SourceDiagnostic) {
        self.engine.warnings.push(warning);
    }

    /// Binds the identifier `ident` in the innermost scope, warning (as Typst does) about
    /// the name `is`, which is likely to become a keyword.
    pub fn define_ident(&mut self, ident: crate::syntax::ast::Ident, value: impl Into<Value>) {
        if ident.as_str() == "is" {
            self.warn(
                SourceDiagnostic::warning(
                    ident.span(),
                    "`is` will likely become a keyword in future versions and will not be \
                     allowed as an identifier",
                )
                .with_hint("rename this variable to avoid future errors")
                .with_hint("try `is_` instead"),
            );
        }
        self.scopes.define(ident.get().clone(), value);
    }
}

impl std::fmt::Debug for Vm<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "Vm({:?})", self.file)
    }
}

//! Syntax kinds: the closed set of leaf and inner node kinds of the concrete syntax tree.
//!
//! This file is the contract between the parser (which builds trees) and the typed AST view
//! (which reads them): the doc of every inner kind states its children in order. Trivia
//! (`Space`, `LineComment`, `BlockComment`) and `Error` nodes may appear between any two
//! children; the AST skips them. `Expr` below means any expression node (a literal leaf, an
//! `Ident`, or an inner expression node); `Pattern` means `Ident`, `Underscore`,
//! `Parenthesized`, `Destructuring` or (in destructuring assignments) any expression.

/// The kind of a syntax node.
#[derive(Debug, Copy, Clone, Eq, PartialEq, Hash, Ord, PartialOrd)]
#[repr(u8)]
pub enum SyntaxKind {
    /// The end of the token stream (lexer only, never in a tree).
    End,
    /// Invalid syntax; the node carries the error message.
    Error,

    /// A `#!` line at the very start of a file.
    Shebang,
    /// A `// ...` comment (without the newline).
    LineComment,
    /// A `/* ... */` comment, possibly nested.
    BlockComment,

    /// Markup: a sequence of markup nodes; embedded code appears as a `Hash` leaf followed by
    /// an expression node.
    Markup,
    /// Plain text (leaf).
    Text,
    /// Whitespace. In markup it holds at most one newline; in code and math any amount.
    Space,
    /// A forced line break `\` (leaf).
    Linebreak,
    /// Whitespace containing two or more newlines, in markup (leaf).
    Parbreak,
    /// An escape such as `\#` or `\u{1F600}` (leaf, in markup and math).
    Escape,
    /// A markup shorthand: `~`, `--`, `---`, `-?`, `...` (leaf).
    Shorthand,
    /// A smart quote `'` or `"` (leaf).
    SmartQuote,
    /// Strong emphasis: `Star`, `Markup`, `Star`.
    Strong,
    /// Emphasis: `Underscore`, `Markup`, `Underscore`.
    Emph,
    /// Raw text: `RawDelim`, optional `RawLang`, then the content as `Text` leaves (one per
    /// line, after dedent) interleaved with `RawTrimmed` leaves (newlines, stripped
    /// indentation and trimmed whitespace), then the closing `RawDelim`.
    Raw,
    /// The language tag of block raw text (leaf).
    RawLang,
    /// A run of backticks opening or closing raw text (leaf).
    RawDelim,
    /// Whitespace of raw text that is not part of its content (leaf).
    RawTrimmed,
    /// An automatic hyperlink `https://...` (leaf).
    Link,
    /// A label `<name>` (leaf).
    Label,
    /// A reference: `RefMarker`, then an optional `ContentBlock` supplement.
    Ref,
    /// The `@name` of a reference (leaf).
    RefMarker,
    /// A heading: `HeadingMarker`, `Markup` (the body).
    Heading,
    /// The `=`s of a heading (leaf).
    HeadingMarker,
    /// A bullet list item: `ListMarker`, `Markup`.
    ListItem,
    /// `-` starting a list item (leaf).
    ListMarker,
    /// A numbered list item: `EnumMarker`, `Markup`.
    EnumItem,
    /// `+` or `12.` starting an enum item (leaf).
    EnumMarker,
    /// A term list item: `TermMarker`, `Markup` (term), `Colon`, `Markup` (description).
    TermItem,
    /// `/` starting a term item (leaf).
    TermMarker,
    /// A math equation: `Dollar`, `Math`, `Dollar`. It is a block equation when the math
    /// starts and ends with whitespace.
    Equation,

    /// Math: a sequence of math nodes.
    Math,
    /// Text in math: a number, or a single character / grapheme (leaf).
    MathText,
    /// An identifier in math, like `pi` (leaf).
    MathIdent,
    /// A math shorthand like `->` or `<=` (leaf).
    MathShorthand,
    /// An alignment point `&` (leaf).
    MathAlignPoint,
    /// Matched delimiters: opening leaf (`MathText` or `MathShorthand`), `Math`, closing leaf.
    MathDelimited,
    /// Attachments: base, then in source order optional `MathPrimes`, `Underscore` + bottom,
    /// `Hat` + top.
    MathAttach,
    /// Primes after a base: one or more `Prime` leaves.
    MathPrimes,
    /// A fraction: numerator, `Slash`, denominator (grouping parens removed later).
    MathFrac,
    /// A root: `Root` leaf (√ ∛ ∜), radicand.
    MathRoot,

    /// `#` before embedded code (leaf).
    Hash,
    /// `{` (leaf).
    LeftBrace,
    /// `}` (leaf).
    RightBrace,
    /// `[` (leaf).
    LeftBracket,
    /// `]` (leaf).
    RightBracket,
    /// `(` (leaf).
    LeftParen,
    /// `)` (leaf).
    RightParen,
    /// `,` (leaf).
    Comma,
    /// `;` (leaf).
    Semicolon,
    /// `:` (leaf).
    Colon,
    /// `*` (leaf).
    Star,
    /// `_` (leaf).
    Underscore,
    /// `$` (leaf).
    Dollar,
    /// `+` (leaf).
    Plus,
    /// `-` (leaf).
    Minus,
    /// `/` (leaf).
    Slash,
    /// `^` (leaf).
    Hat,
    /// `'` in math (leaf).
    Prime,
    /// `.` (leaf).
    Dot,
    /// `=` (leaf).
    Eq,
    /// `==` (leaf).
    EqEq,
    /// `!=` (leaf).
    ExclEq,
    /// `<` (leaf).
    Lt,
    /// `<=` (leaf).
    LtEq,
    /// `>` (leaf).
    Gt,
    /// `>=` (leaf).
    GtEq,
    /// `+=` (leaf).
    PlusEq,
    /// `-=` (leaf).
    HyphEq,
    /// `*=` (leaf).
    StarEq,
    /// `/=` (leaf).
    SlashEq,
    /// `..` (leaf).
    Dots,
    /// `=>` (leaf).
    Arrow,
    /// `√`, `∛` or `∜` in math (leaf).
    Root,

    /// `not` (leaf).
    Not,
    /// `and` (leaf).
    And,
    /// `or` (leaf).
    Or,
    /// `none` (leaf).
    None,
    /// `auto` (leaf).
    Auto,
    /// `let` (leaf).
    Let,
    /// `set` (leaf).
    Set,
    /// `show` (leaf).
    Show,
    /// `context` (leaf).
    Context,
    /// `if` (leaf).
    If,
    /// `else` (leaf).
    Else,
    /// `for` (leaf).
    For,
    /// `in` (leaf).
    In,
    /// `while` (leaf).
    While,
    /// `break` (leaf).
    Break,
    /// `continue` (leaf).
    Continue,
    /// `return` (leaf).
    Return,
    /// `import` (leaf).
    Import,
    /// `include` (leaf).
    Include,
    /// `as` (leaf).
    As,

    /// Code: a sequence of expressions, separated by `Semicolon`s or newlines.
    Code,
    /// An identifier, possibly with hyphens: `my-name` (leaf).
    Ident,
    /// `true` or `false` (leaf).
    Bool,
    /// An integer literal, possibly `0x`/`0o`/`0b` (leaf).
    Int,
    /// A float literal (leaf).
    Float,
    /// A number with a unit: `12pt`, `50%`, `1fr`, `90deg` (leaf).
    Numeric,
    /// A string literal including its quotes (leaf).
    Str,
    /// A code block: `LeftBrace`, `Code`, `RightBrace`.
    CodeBlock,
    /// A content block: `LeftBracket`, `Markup`, `RightBracket`.
    ContentBlock,
    /// A parenthesized expression or pattern: `LeftParen`, `Expr`, `RightParen`.
    Parenthesized,
    /// An array: `LeftParen`, items (`Expr` or `Spread`) separated by `Comma`, `RightParen`.
    Array,
    /// A dictionary: `LeftParen`, items (`Named`, `Keyed` or `Spread`) separated by `Comma`,
    /// `RightParen`; the empty dictionary is `LeftParen`, `Colon`, `RightParen`.
    Dict,
    /// A named pair: `Ident`, `Colon`, `Expr` (or `Pattern` inside a destructuring).
    Named,
    /// A keyed pair: `Expr` (the key), `Colon`, `Expr`.
    Keyed,
    /// A unary operation: operator leaf (`Plus`, `Minus`, `Not`), `Expr`.
    Unary,
    /// A binary operation: `Expr`, operator leaf (`Not`, `In` for `not in`), `Expr`.
    Binary,
    /// Field access: `Expr`, `Dot`, `Ident`. In math the target is a `MathIdent` or another
    /// `FieldAccess` (`arrow.r.long`).
    FieldAccess,
    /// A function call: `Expr` (the callee), `Args`. In math the callee is a `MathIdent` or
    /// `FieldAccess`, directly followed by the parenthesized `Args`.
    FuncCall,
    /// Call arguments: optionally `LeftParen`, items (`Expr`, `Named`, `Spread`) separated by
    /// `Comma`, `RightParen`; then zero or more trailing `ContentBlock`s. In math, a
    /// positional item of zero or several nodes is wrapped in a `Math` node (a single node
    /// stays as it is), and `;` groups the items before it into an `Array`.
    Args,
    /// Spreading or a sink: `Dots`, then an `Expr` (in arguments and collections) or an
    /// optional `Ident` (in parameters and destructuring).
    Spread,
    /// A closure: optional `Ident` (its name, in `let f(..) = ..`), `Params`, `Arrow` (or
    /// `Eq` for named closures), `Expr` (the body).
    Closure,
    /// Closure parameters: `LeftParen`, items (`Pattern`, `Named` with a default, `Spread`)
    /// separated by `Comma`, `RightParen`; or a single `Ident` for `x => ..`.
    Params,
    /// A let binding: `Let`, then either `Pattern`, optionally `Eq` and `Expr`; or a
    /// `Closure` (for `let f(x) = ..`).
    LetBinding,
    /// A set rule: `Set`, `Expr` (the target), `Args`, optionally `If` and `Expr`.
    SetRule,
    /// A show rule: `Show`, optional `Expr` (the selector), `Colon`, `Expr` (the transform).
    ShowRule,
    /// A context expression: `Context`, `Expr`.
    Contextual,
    /// An if-else: `If`, `Expr`, `CodeBlock` or `ContentBlock`, optionally `Else` and a
    /// block or another `Conditional`.
    Conditional,
    /// A while loop: `While`, `Expr`, `CodeBlock` or `ContentBlock`.
    WhileLoop,
    /// A for loop: `For`, `Pattern`, `In`, `Expr`, `CodeBlock` or `ContentBlock`.
    ForLoop,
    /// A module import: `Import`, `Expr` (the source), optionally `As` and `Ident`, then
    /// optionally `Colon` and either `Star` or `ImportItems`.
    ModuleImport,
    /// Import items: optionally `LeftParen`, then `ImportItemPath` or `RenamedImportItem`
    /// items separated by `Comma`, then `RightParen` if it opened with one.
    ImportItems,
    /// A path to an imported item: `Ident`, then any number of `Dot`, `Ident`.
    ImportItemPath,
    /// A renamed import item: `ImportItemPath`, `As`, `Ident`.
    RenamedImportItem,
    /// A module include: `Include`, `Expr`.
    ModuleInclude,
    /// `break`: a `Break` leaf.
    LoopBreak,
    /// `continue`: a `Continue` leaf.
    LoopContinue,
    /// A return: `Return`, optional `Expr`.
    FuncReturn,
    /// A destructuring pattern: `LeftParen`, items (`Pattern`, `Named` with a pattern,
    /// `Spread` sink) separated by `Comma`, `RightParen`.
    Destructuring,
    /// A destructuring assignment: `Pattern`, `Eq`, `Expr`.
    DestructAssignment,
}

impl SyntaxKind {
    /// Whether this is trivia: whitespace or a comment (never part of the AST).
    pub fn is_trivia(self) -> bool {
        matches!(self, Self::Shebang | Self::LineComment | Self::BlockComment | Self::Space)
    }

    /// Whether this is an error node.
    pub fn is_error(self) -> bool {
        self == Self::Error
    }

    /// Whether this is a keyword.
    pub fn is_keyword(self) -> bool {
        matches!(
            self,
            Self::Not
                | Self::And
                | Self::Or
                | Self::None
                | Self::Auto
                | Self::Let
                | Self::Set
                | Self::Show
                | Self::Context
                | Self::If
                | Self::Else
                | Self::For
                | Self::In
                | Self::While
                | Self::Break
                | Self::Continue
                | Self::Return
                | Self::Import
                | Self::Include
                | Self::As
        )
    }

    /// Whether this kind terminates at the end of its delimiters (`(`/`[`/`{`/`$`).
    pub fn is_grouping(self) -> bool {
        matches!(
            self,
            Self::LeftBracket
                | Self::LeftBrace
                | Self::LeftParen
                | Self::RightBracket
                | Self::RightBrace
                | Self::RightParen
        )
    }

    /// A human-readable name, as used in diagnostics ("expected expression, found …").
    pub fn name(self) -> &'static str {
        match self {
            Self::End => "end of tokens",
            Self::Error => "syntax error",
            Self::Shebang => "shebang",
            Self::LineComment => "line comment",
            Self::BlockComment => "block comment",
            Self::Markup => "markup",
            Self::Text => "text",
            Self::Space => "space",
            Self::Linebreak => "line break",
            Self::Parbreak => "paragraph break",
            Self::Escape => "escape sequence",
            Self::Shorthand => "shorthand",
            Self::SmartQuote => "smart quote",
            Self::Strong => "strong content",
            Self::Emph => "emphasized content",
            Self::Raw => "raw block",
            Self::RawLang => "raw language tag",
            Self::RawDelim => "raw delimiter",
            Self::RawTrimmed => "raw trimmed",
            Self::Link => "link",
            Self::Label => "label",
            Self::Ref => "reference",
            Self::RefMarker => "reference marker",
            Self::Heading => "heading",
            Self::HeadingMarker => "heading marker",
            Self::ListItem => "list item",
            Self::ListMarker => "list marker",
            Self::EnumItem => "enum item",
            Self::EnumMarker => "enum marker",
            Self::TermItem => "term list item",
            Self::TermMarker => "term marker",
            Self::Equation => "equation",
            Self::Math => "math",
            Self::MathText => "math text",
            Self::MathIdent => "math identifier",
            Self::MathShorthand => "math shorthand",
            Self::MathAlignPoint => "math alignment point",
            Self::MathDelimited => "delimited math",
            Self::MathAttach => "math attachments",
            Self::MathPrimes => "math primes",
            Self::MathFrac => "math fraction",
            Self::MathRoot => "math root",
            Self::Hash => "hash",
            Self::LeftBrace => "opening brace",
            Self::RightBrace => "closing brace",
            Self::LeftBracket => "opening bracket",
            Self::RightBracket => "closing bracket",
            Self::LeftParen => "opening paren",
            Self::RightParen => "closing paren",
            Self::Comma => "comma",
            Self::Semicolon => "semicolon",
            Self::Colon => "colon",
            Self::Star => "star",
            Self::Underscore => "underscore",
            Self::Dollar => "dollar sign",
            Self::Plus => "plus",
            Self::Minus => "minus",
            Self::Slash => "slash",
            Self::Hat => "hat",
            Self::Prime => "prime",
            Self::Dot => "dot",
            Self::Eq => "equals sign",
            Self::EqEq => "equality operator",
            Self::ExclEq => "inequality operator",
            Self::Lt => "less-than operator",
            Self::LtEq => "less-than or equal operator",
            Self::Gt => "greater-than operator",
            Self::GtEq => "greater-than or equal operator",
            Self::PlusEq => "add-assign operator",
            Self::HyphEq => "subtract-assign operator",
            Self::StarEq => "multiply-assign operator",
            Self::SlashEq => "divide-assign operator",
            Self::Dots => "dots",
            Self::Arrow => "arrow",
            Self::Root => "root",
            Self::Not => "operator `not`",
            Self::And => "operator `and`",
            Self::Or => "operator `or`",
            Self::None => "`none`",
            Self::Auto => "`auto`",
            Self::Let => "keyword `let`",
            Self::Set => "keyword `set`",
            Self::Show => "keyword `show`",
            Self::Context => "keyword `context`",
            Self::If => "keyword `if`",
            Self::Else => "keyword `else`",
            Self::For => "keyword `for`",
            Self::In => "keyword `in`",
            Self::While => "keyword `while`",
            Self::Break => "keyword `break`",
            Self::Continue => "keyword `continue`",
            Self::Return => "keyword `return`",
            Self::Import => "keyword `import`",
            Self::Include => "keyword `include`",
            Self::As => "keyword `as`",
            Self::Code => "code",
            Self::Ident => "identifier",
            Self::Bool => "boolean",
            Self::Int => "integer",
            Self::Float => "float",
            Self::Numeric => "numeric value",
            Self::Str => "string",
            Self::CodeBlock => "code block",
            Self::ContentBlock => "content block",
            Self::Parenthesized => "group",
            Self::Array => "array",
            Self::Dict => "dictionary",
            Self::Named => "named pair",
            Self::Keyed => "keyed pair",
            Self::Unary => "unary expression",
            Self::Binary => "binary expression",
            Self::FieldAccess => "field access",
            Self::FuncCall => "function call",
            Self::Args => "call arguments",
            Self::Spread => "spread",
            Self::Closure => "closure",
            Self::Params => "closure parameters",
            Self::LetBinding => "`let` expression",
            Self::SetRule => "`set` expression",
            Self::ShowRule => "`show` expression",
            Self::Contextual => "`context` expression",
            Self::Conditional => "`if` expression",
            Self::WhileLoop => "while-loop expression",
            Self::ForLoop => "for-loop expression",
            Self::ModuleImport => "`import` expression",
            Self::ImportItems => "import items",
            Self::ImportItemPath => "imported item path",
            Self::RenamedImportItem => "renamed import item",
            Self::ModuleInclude => "`include` expression",
            Self::LoopBreak => "`break` expression",
            Self::LoopContinue => "`continue` expression",
            Self::FuncReturn => "`return` expression",
            Self::Destructuring => "destructuring pattern",
            Self::DestructAssignment => "destructuring assignment expression",
        }
    }
}

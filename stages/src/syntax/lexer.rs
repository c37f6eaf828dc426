//! Lexer: source text → tokens (a kind plus a leaf, inner `Raw` or error node), in the mode
//! the parser asks for (markup, code or math).
//!
//! The lexer never fails: text it cannot make sense of becomes an error node that still holds
//! the text, so that the tree stays lossless. Raw text is lexed whole into a `Raw` node (in
//! `raw.rs`), because its lines, indentation and language tag are a matter of characters, not
//! tokens. The three modes share one file because they share the scanner, whitespace,
//! comments, escapes and strings.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use std::num::IntErrorKind;

use ecow::{EcoString, eco_format};
use unicode_script::{Script, UnicodeScript};
use unicode_segmentation::UnicodeSegmentation;
use unscanny::Scanner;

use super::raw::lex_raw;
use super::{
    SyntaxError, SyntaxKind, SyntaxNode, is_id_continue, is_id_start, is_math_id_continue,
    is_math_id_start, is_newline,
};

/// The mode the lexer tokenizes in.
#[derive(Debug, Copy, Clone, Eq, PartialEq)]
pub enum LexMode {
    Markup,
    Code,
    Math,
}

/// A mode-aware lexer. It is cheap to clone, so that a caller can look ahead by lexing from
/// a clone.
#[derive(Debug, Clone)]
pub struct Lexer<'s> {
    s: Scanner<'s>,
    mode: LexMode,
    /// Whether the last token contained a newline.
    newline: bool,
    /// The error of the token being lexed, taken when the token is finished.
    error: Option<SyntaxError>,
}

impl<'s> Lexer<'s> {
    /// A lexer over `text` in `mode`, starting at the first byte.
    pub fn new(text: &'s str, mode: LexMode) -> Self {
        Self { s: Scanner::new(text), mode, newline: false, error: None }
    }

    /// The mode tokens are lexed in.
    pub fn mode(&self) -> LexMode {
        self.mode
    }

    /// Changes the mode for the tokens that follow.
    pub fn set_mode(&mut self, mode: LexMode) {
        self.mode = mode;
    }

    /// The byte offset where the next token starts.
    pub fn cursor(&self) -> usize {
        self.s.cursor()
    }

    /// Moves to byte offset `index` (snapped to a character boundary inside the text).
    pub fn jump(&mut self, index: usize) {
        self.s.jump(index);
    }

    /// Whether the last token contained a newline.
    pub fn newline(&self) -> bool {
        self.newline
    }

    /// The whole text being lexed.
    pub fn source(&self) -> &'s str {
        self.s.string()
    }

    /// Lexes the next token: its kind and its node. At the end of the text, the kind is
    /// `End` and the node an empty `End` leaf; an error token has kind `Error`.
    pub fn next_token(&mut self) -> (SyntaxKind, SyntaxNode) {
        self.error = None;
        self.newline = false;
        let start = self.s.cursor();
        let kind = match self.s.eat() {
            None => SyntaxKind::End,
            Some(c) if self.is_space(c) => self.whitespace(start, c),
            Some('#') if start == 0 && self.s.eat_if('!') => {
                self.s.eat_until(is_newline);
                SyntaxKind::Shebang
            }
            Some('/') if self.s.eat_if('/') => {
                self.s.eat_until(is_newline);
                SyntaxKind::LineComment
            }
            Some('/') if self.s.eat_if('*') => self.block_comment(),
            Some('*') if self.s.eat_if('/') => self.error_with_hint(
                "unexpected end of block comment",
                "consider escaping the `*` with a backslash or opening the block comment \
                 with `/*`",
            ),
            Some('`') if self.mode != LexMode::Math => return lex_raw(&mut self.s, start),
            Some(c) => match self.mode {
                LexMode::Markup => self.markup(start, c),
                LexMode::Code => self.code(start, c),
                LexMode::Math => self.math(start, c),
            },
        };
        let text = self.s.from(start);
        let node = match self.error.take() {
            Some(error) => SyntaxNode::error(error, text),
            None => SyntaxNode::leaf(kind, text),
        };
        (kind, node)
    }

    /// Records an error for the current token.
    fn error(&mut self, message: impl Into<EcoString>) -> SyntaxKind {
        self.error = Some(SyntaxError::new(message));
        SyntaxKind::Error
    }

    /// Records an error with one hint for the current token.
    fn error_with_hint(&mut self, message: impl Into<EcoString>, hint: &str) -> SyntaxKind {
        let mut error = SyntaxError::new(message);
        error.hints.push(hint.into());
        self.error = Some(error);
        SyntaxKind::Error
    }

    /// Adds a hint to the error of the current token.
    fn hint(&mut self, hint: &str) {
        if let Some(error) = &mut self.error {
            error.hints.push(hint.into());
        }
    }

    /// Whether `c` is whitespace in the current mode. Markup knows only spaces, tabs and
    /// newlines; other Unicode spaces are text there.
    fn is_space(&self, c: char) -> bool {
        match self.mode {
            LexMode::Markup => matches!(c, ' ' | '\t') || is_newline(c),
            LexMode::Code | LexMode::Math => c.is_whitespace(),
        }
    }

    fn whitespace(&mut self, start: usize, first: char) -> SyntaxKind {
        let mode = self.mode;
        let rest = self.s.eat_while(|c: char| match mode {
            LexMode::Markup => matches!(c, ' ' | '\t') || is_newline(c),
            LexMode::Code | LexMode::Math => c.is_whitespace(),
        });
        let newlines =
            if first == ' ' && rest.is_empty() { 0 } else { count_newlines(self.s.from(start)) };
        self.newline = newlines > 0;
        if mode == LexMode::Markup && newlines >= 2 {
            SyntaxKind::Parbreak
        } else {
            SyntaxKind::Space
        }
    }

    /// A possibly nested block comment, after its `/*`. An unterminated one runs to the end.
    fn block_comment(&mut self) -> SyntaxKind {
        let mut depth = 1usize;
        let mut prev = '\0';
        while let Some(c) = self.s.eat() {
            if prev == '*' && c == '/' {
                depth -= 1;
                if depth == 0 {
                    break;
                }
                prev = '\0';
            } else if prev == '/' && c == '*' {
                depth += 1;
                prev = '\0';
            } else {
                prev = c;
            }
        }
        SyntaxKind::BlockComment
    }
}

/// Markup.
impl Lexer<'_> {
    fn markup(&mut self, start: usize, c: char) -> SyntaxKind {
        match c {
            '\\' => self.backslash(),
            'h' if self.s.eat_if("ttp://") || self.s.eat_if("ttps://") => self.link(),
            '<' if self.s.at(is_id_continue) => self.label(),
            '@' if self.s.at(is_id_continue) => self.ref_marker(),

            '.' if self.s.eat_if("..") => SyntaxKind::Shorthand,
            '-' if self.s.eat_if("--") || self.s.eat_if('-') || self.s.eat_if('?') => {
                SyntaxKind::Shorthand
            }
            // A minus sign before a number.
            '-' if self.s.at(char::is_numeric) => SyntaxKind::Shorthand,
            '~' => SyntaxKind::Shorthand,
            '*' if !self.in_word() => SyntaxKind::Star,
            '_' if !self.in_word() => SyntaxKind::Underscore,

            '#' => SyntaxKind::Hash,
            '[' => SyntaxKind::LeftBracket,
            ']' => SyntaxKind::RightBracket,
            '\'' | '"' => SyntaxKind::SmartQuote,
            '$' => SyntaxKind::Dollar,
            ':' => SyntaxKind::Colon,
            '=' => {
                self.s.eat_while('=');
                if self.space_or_end() { SyntaxKind::HeadingMarker } else { self.text() }
            }
            '-' if self.space_or_end() => SyntaxKind::ListMarker,
            '+' if self.space_or_end() => SyntaxKind::EnumMarker,
            '/' if self.space_or_end() => SyntaxKind::TermMarker,
            '0'..='9' => self.numbering(start),
            _ => self.text(),
        }
    }

    /// A backslash: a line break before whitespace or the end, otherwise an escape.
    fn backslash(&mut self) -> SyntaxKind {
        if self.s.eat_if("u{") {
            let hex = self.s.eat_while(char::is_ascii_alphanumeric);
            if !self.s.eat_if('}') {
                return self.error("unclosed Unicode escape sequence");
            }
            if u32::from_str_radix(hex, 16).ok().and_then(char::from_u32).is_none() {
                return self.error(eco_format!("invalid Unicode codepoint: {hex}"));
            }
            return SyntaxKind::Escape;
        }
        if self.s.done() || self.s.at(char::is_whitespace) {
            SyntaxKind::Linebreak
        } else {
            self.s.eat();
            SyntaxKind::Escape
        }
    }

    /// An automatic link, after its `http://` or `https://`.
    fn link(&mut self) -> SyntaxKind {
        let (len, balanced) = link_prefix(self.s.after());
        let at = self.s.cursor();
        self.s.jump(at + len);
        if !balanced {
            return self.error(
                "automatic links cannot contain unbalanced brackets, use the `link` function \
                 instead",
            );
        }
        SyntaxKind::Link
    }

    /// Digits: an enum marker like `12.` before whitespace, otherwise text.
    fn numbering(&mut self, start: usize) -> SyntaxKind {
        self.s.eat_while(|c: char| c.is_ascii_digit());
        let digits = self.s.from(start);
        if self.s.eat_if('.') && self.space_or_end() && digits.parse::<u64>().is_ok() {
            return SyntaxKind::EnumMarker;
        }
        self.text()
    }

    /// A reference marker `@name`, without trailing dots and colons.
    fn ref_marker(&mut self) -> SyntaxKind {
        self.s.eat_while(is_label_char);
        while matches!(self.s.scout(-1), Some('.' | ':')) {
            self.s.uneat();
        }
        SyntaxKind::RefMarker
    }

    /// A label `<name>`, after its `<`.
    fn label(&mut self) -> SyntaxKind {
        let name = self.s.eat_while(is_label_char);
        if name.is_empty() {
            return self.error("label cannot be empty");
        }
        if !self.s.eat_if('>') {
            return self.error("unclosed label");
        }
        SyntaxKind::Label
    }

    /// Plain text: runs until a character that may mean something else in markup. Spaces
    /// before letters and characters that would become text anyway do not end it.
    fn text(&mut self) -> SyntaxKind {
        loop {
            self.s.eat_until(|c: char| {
                if c.is_ascii() {
                    matches!(
                        c,
                        ' ' | '\t'
                            | '\n'
                            | '\x0b'
                            | '\x0c'
                            | '\r'
                            | '\\'
                            | '/'
                            | '['
                            | ']'
                            | '~'
                            | '-'
                            | '.'
                            | '\''
                            | '"'
                            | '*'
                            | '_'
                            | ':'
                            | 'h'
                            | '`'
                            | '$'
                            | '<'
                            | '>'
                            | '@'
                            | '#'
                    )
                } else {
                    c.is_whitespace()
                }
            });
            let mut ahead = self.s;
            let keep = match ahead.eat() {
                Some(' ') => ahead.at(char::is_alphanumeric),
                Some('/') => !ahead.at(['/', '*']),
                Some('-') => !ahead.at(['-', '?']),
                Some('.') => !ahead.at(".."),
                Some('h') => !ahead.at("ttp://") && !ahead.at("ttps://"),
                Some('@') => !ahead.at(is_label_char),
                _ => false,
            };
            if !keep {
                break;
            }
            self.s = ahead;
        }
        SyntaxKind::Text
    }

    /// Whether the `*` or `_` just eaten stands inside a word (and so is text): letters or
    /// digits on both sides, except in scripts written without spaces between words.
    fn in_word(&self) -> bool {
        let wordy = |c: Option<char>| {
            c.is_some_and(|c| {
                c.is_alphanumeric()
                    && !matches!(
                        c.script(),
                        Script::Han | Script::Hiragana | Script::Katakana | Script::Hangul
                    )
            })
        };
        wordy(self.s.scout(-2)) && wordy(self.s.peek())
    }

    /// Whether the cursor is before whitespace, a comment or the end.
    fn space_or_end(&self) -> bool {
        self.s.done() || self.s.at(char::is_whitespace) || self.s.at("//") || self.s.at("/*")
    }
}

/// The byte length of the automatic link at the start of `text` (after its scheme), and
/// whether its brackets are balanced. Trailing punctuation is left to the text after it.
fn link_prefix(text: &str) -> (usize, bool) {
    let mut s = Scanner::new(text);
    let mut open = Vec::new();
    s.eat_while(|c: char| match c {
        '0'..='9' | 'a'..='z' | 'A'..='Z' => true,
        '!' | '#' | '$' | '%' | '&' | '*' | '+' | ',' | '-' | '.' | '/' | ':' | ';' | '=' | '?'
        | '@' | '_' | '~' | '\'' => true,
        '(' | '[' => {
            open.push(c);
            true
        }
        // A closing bracket that does not match ends the link (and, as in Typst, still
        // closes the innermost open bracket).
        ')' | ']' => {
            let opener = if c == ')' { '(' } else { '[' };
            open.pop() == Some(opener)
        }
        _ => false,
    });
    while matches!(s.scout(-1), Some('!' | ',' | '.' | ':' | ';' | '?' | '\'')) {
        s.uneat();
    }
    (s.cursor(), open.is_empty())
}

/// Whether `c` can be part of a label's or reference's name.
fn is_label_char(c: char) -> bool {
    is_id_continue(c) || matches!(c, ':' | '.')
}

/// The shorthands of math, longest first so that the first match is the longest one.
const MATH_SHORTHANDS: &[&str] = &[
    "<==>", "<-->", "->>", "-->", "::=", "<--", "<-<", "<->", "<<-", "<<<", "<=>", "<==", "<~~",
    ">->", ">>>", "==>", "|->", "|=>", "~~>", "->", ":=", "!=", "...", "<=", "<<", "<-", "<~",
    "=>", "=:", ">=", ">>", "||", "~>", "*", "-", "~",
];

/// Math.
impl Lexer<'_> {
    fn math(&mut self, start: usize, c: char) -> SyntaxKind {
        match c {
            '\\' => return self.backslash(),
            '"' => return self.string(),
            // Delimiters are lexed as brace and paren kinds (whatever their character), so
            // that the parser can match them; it turns them into math text when it eats them.
            '[' if self.s.eat_if('|') => return SyntaxKind::LeftBrace,
            '|' if self.s.eat_if(']') => return SyntaxKind::RightBrace,
            _ => {}
        }

        // Shorthands: the first character is already eaten.
        let rest = self.s.after();
        for shorthand in MATH_SHORTHANDS {
            if let Some(tail) = shorthand.strip_prefix(c)
                && rest.starts_with(tail)
            {
                self.s.jump(start + shorthand.len());
                return SyntaxKind::MathShorthand;
            }
        }

        match c {
            '.' => SyntaxKind::Dot,
            ',' => SyntaxKind::Comma,
            ';' => SyntaxKind::Semicolon,
            '#' => SyntaxKind::Hash,
            '_' => SyntaxKind::Underscore,
            '$' => SyntaxKind::Dollar,
            '/' => SyntaxKind::Slash,
            '^' => SyntaxKind::Hat,
            '\'' => SyntaxKind::Prime,
            '&' => SyntaxKind::MathAlignPoint,
            '√' | '∛' | '∜' => SyntaxKind::Root,
            '(' => SyntaxKind::LeftParen,
            ')' => SyntaxKind::RightParen,
            c if MATH_OPENING.contains(&c) => SyntaxKind::LeftBrace,
            c if MATH_CLOSING.contains(&c) => SyntaxKind::RightBrace,
            c if is_math_id_start(c) && self.s.at(is_math_id_continue) => {
                self.s.eat_while(is_math_id_continue);
                // A letter with combining marks is one character to the reader.
                if self.s.from(start).graphemes(true).nth(1).is_some() {
                    SyntaxKind::MathIdent
                } else {
                    SyntaxKind::MathText
                }
            }
            c => self.math_text(start, c),
        }
    }

    /// A number (with an optional fraction) or a single grapheme cluster.
    fn math_text(&mut self, start: usize, c: char) -> SyntaxKind {
        if c.is_numeric() {
            self.s.eat_while(char::is_numeric);
            let mut ahead = self.s;
            if ahead.eat_if('.') && !ahead.eat_while(char::is_numeric).is_empty() {
                self.s = ahead;
            }
        } else {
            let len =
                self.s.get(start..self.s.string().len()).graphemes(true).next().map_or(0, str::len);
            self.s.jump(start + len);
        }
        SyntaxKind::MathText
    }
}

/// The characters that open a delimited group in math (Unicode math class "opening", with
/// Typst's additions `⎰` and `⟅`).
const MATH_OPENING: &[char] = &[
    '(', '[', '{', '⌈', '⌊', '⌜', '⌞', '❲', '⟦', '⟨', '⟪', '⟬', '⟮', '⦃', '⦅', '⦇', '⦉', '⦋', '⦍',
    '⦏', '⦑', '⦓', '⦕', '⦗', '⧘', '⧚', '⧼', '⎰', '⟅',
];

/// The characters that close a delimited group in math, in the order of `MATH_OPENING`.
const MATH_CLOSING: &[char] = &[
    ')', ']', '}', '⌉', '⌋', '⌝', '⌟', '❳', '⟧', '⟩', '⟫', '⟭', '⟯', '⦄', '⦆', '⦈', '⦊', '⦌', '⦎',
    '⦐', '⦒', '⦔', '⦖', '⦘', '⧙', '⧛', '⧽', '⎱', '⟆',
];

/// Code.
impl Lexer<'_> {
    fn code(&mut self, start: usize, c: char) -> SyntaxKind {
        match c {
            '<' if self.s.at(is_id_continue) => self.label(),
            '0'..='9' => self.number(start, c),
            '.' if self.s.at(|c: char| c.is_ascii_digit()) => self.number(start, c),
            '"' => self.string(),

            '=' if self.s.eat_if('=') => SyntaxKind::EqEq,
            '!' if self.s.eat_if('=') => SyntaxKind::ExclEq,
            '<' if self.s.eat_if('=') => SyntaxKind::LtEq,
            '>' if self.s.eat_if('=') => SyntaxKind::GtEq,
            '+' if self.s.eat_if('=') => SyntaxKind::PlusEq,
            '-' | '\u{2212}' if self.s.eat_if('=') => SyntaxKind::HyphEq,
            '*' if self.s.eat_if('=') => SyntaxKind::StarEq,
            '/' if self.s.eat_if('=') => SyntaxKind::SlashEq,
            '.' if self.s.eat_if('.') => SyntaxKind::Dots,
            '=' if self.s.eat_if('>') => SyntaxKind::Arrow,

            '{' => SyntaxKind::LeftBrace,
            '}' => SyntaxKind::RightBrace,
            '[' => SyntaxKind::LeftBracket,
            ']' => SyntaxKind::RightBracket,
            '(' => SyntaxKind::LeftParen,
            ')' => SyntaxKind::RightParen,
            '$' => SyntaxKind::Dollar,
            ',' => SyntaxKind::Comma,
            ';' => SyntaxKind::Semicolon,
            ':' => SyntaxKind::Colon,
            '.' => SyntaxKind::Dot,
            '+' => SyntaxKind::Plus,
            '-' | '\u{2212}' => SyntaxKind::Minus,
            '*' => SyntaxKind::Star,
            '/' => SyntaxKind::Slash,
            '=' => SyntaxKind::Eq,
            '<' => SyntaxKind::Lt,
            '>' => SyntaxKind::Gt,

            c if is_id_start(c) => self.ident(start),
            c => self.invalid_in_code(c),
        }
    }

    /// An error for a character that means nothing in code, with hints for operators that
    /// other languages spell differently.
    fn invalid_in_code(&mut self, c: char) -> SyntaxKind {
        let message = eco_format!("the character `{c}` is not valid in code");
        if self.s.scout(-2) == Some('#') {
            self.error(message);
            self.hint("the preceding hash is causing this to parse in code mode");
            self.hint("try escaping the preceding hash: `\\#`");
            return SyntaxKind::Error;
        }
        match c {
            '#' => {
                self.error(message);
                self.hint("you are already in code mode");
                self.hint("try removing the `#`");
            }
            '&' if self.s.eat_if('&') => {
                self.error_with_hint(
                    "`&&` is not valid in code",
                    "in Typst, `and` is used for logical AND",
                );
            }
            '|' if self.s.eat_if('|') => {
                self.error_with_hint(
                    "`||` is not valid in code",
                    "in Typst, `or` is used for logical OR",
                );
            }
            '!' => {
                self.error(message);
                self.hint("in Typst, `not` is used for negation");
                self.hint("or did you mean to write `!=` for not-equal?");
            }
            '~' if self.s.eat_if('=') => {
                self.error_with_hint(
                    "`~=` is not valid in code",
                    "in Typst, `!=` is used for not-equal",
                );
            }
            _ => {
                self.error(message);
            }
        }
        SyntaxKind::Error
    }

    /// An identifier or keyword. Keywords are plain identifiers right after a `.` (a field)
    /// or `@`, but not after `..` (a spread).
    fn ident(&mut self, start: usize) -> SyntaxKind {
        self.s.eat_while(is_id_continue);
        let ident = self.s.from(start);
        let before = self.s.get(0..start);
        let field = before.ends_with(['.', '@']) && !before.ends_with("..");
        if !field && let Some(keyword) = keyword(ident) {
            return keyword;
        }
        if ident == "_" { SyntaxKind::Underscore } else { SyntaxKind::Ident }
    }

    /// A number: an integer (possibly `0b`, `0o` or `0x`), a float (with a fraction or an
    /// exponent), or a decimal number with a unit suffix.
    fn number(&mut self, start: usize, first: char) -> SyntaxKind {
        let base = match first {
            '0' if self.s.eat_if('b') => 2,
            '0' if self.s.eat_if('o') => 8,
            '0' if self.s.eat_if('x') => 16,
            _ => 10,
        };
        if base == 16 {
            self.s.eat_while(char::is_ascii_alphanumeric);
        } else {
            self.s.eat_while(|c: char| c.is_ascii_digit());
        }

        let mut float = false;
        if base == 10 {
            if first == '.' {
                float = true;
            } else if !self.s.at("..")
                && !self.s.scout(1).is_some_and(is_id_start)
                && self.s.eat_if('.')
            {
                // A dot before a letter is a field access or method call, not a fraction.
                float = true;
                self.s.eat_while(|c: char| c.is_ascii_digit());
            }
            if !self.s.at("em") && self.s.eat_if(['e', 'E']) {
                float = true;
                self.s.eat_if(['+', '-']);
                self.s.eat_while(|c: char| c.is_ascii_digit());
            }
        }

        let number = self.s.from(start);
        let suffix = self.s.eat_while(|c: char| c.is_ascii_alphanumeric() || c == '%');

        // Decimal integers too large for 64 bits become floats.
        if base == 10
            && !float
            && let Err(err) = number.parse::<i64>()
            && matches!(err.kind(), IntErrorKind::PosOverflow | IntErrorKind::NegOverflow)
            && number.parse::<f64>().is_ok()
        {
            float = true;
        }

        let mut suffix_error = match suffix {
            "" | "pt" | "mm" | "cm" | "in" | "deg" | "rad" | "em" | "fr" | "%" => None,
            _ => Some(eco_format!("invalid number suffix: `{suffix}`")),
        };

        let number_error = if float && number.parse::<f64>().is_err() {
            Some(eco_format!("invalid floating point number: `{number}`"))
        } else if base == 10 {
            None
        } else {
            let name = match base {
                2 => "binary",
                8 => "octal",
                _ => "hexadecimal",
            };
            let digits = number.get(2..).unwrap_or("");
            match i64::from_str_radix(digits, base) {
                Ok(_) if suffix.is_empty() => None,
                Ok(value) => {
                    if suffix_error.is_none() {
                        suffix_error =
                            Some(eco_format!("try using a decimal number: `{value}{suffix}`"));
                    }
                    Some(eco_format!("{name} numbers cannot have a suffix"))
                }
                Err(err) if *err.kind() == IntErrorKind::Empty => {
                    let article = if base == 8 { "an" } else { "a" };
                    Some(eco_format!("expected {article} {name} number"))
                }
                Err(_) => Some(eco_format!("invalid {name} number: `{number}`")),
            }
        };

        match (number_error, suffix_error) {
            (None, None) if !suffix.is_empty() => SyntaxKind::Numeric,
            (None, None) if float => SyntaxKind::Float,
            (None, None) => SyntaxKind::Int,
            (Some(number), Some(suffix)) => {
                self.error(number);
                self.hint(&suffix);
                SyntaxKind::Error
            }
            (Some(message), None) | (None, Some(message)) => self.error(message),
        }
    }

    /// A string literal, after its opening quote.
    fn string(&mut self) -> SyntaxKind {
        let mut escaped = false;
        self.s.eat_until(|c: char| {
            let stop = c == '"' && !escaped;
            escaped = c == '\\' && !escaped;
            stop
        });
        if !self.s.eat_if('"') {
            return self.error("unclosed string");
        }
        SyntaxKind::Str
    }
}

/// The keyword spelled `ident`, if any.
fn keyword(ident: &str) -> Option<SyntaxKind> {
    Some(match ident {
        "none" => SyntaxKind::None,
        "auto" => SyntaxKind::Auto,
        "true" | "false" => SyntaxKind::Bool,
        "not" => SyntaxKind::Not,
        "and" => SyntaxKind::And,
        "or" => SyntaxKind::Or,
        "let" => SyntaxKind::Let,
        "set" => SyntaxKind::Set,
        "show" => SyntaxKind::Show,
        "context" => SyntaxKind::Context,
        "if" => SyntaxKind::If,
        "else" => SyntaxKind::Else,
        "for" => SyntaxKind::For,
        "in" => SyntaxKind::In,
        "while" => SyntaxKind::While,
        "break" => SyntaxKind::Break,
        "continue" => SyntaxKind::Continue,
        "return" => SyntaxKind::Return,
        "import" => SyntaxKind::Import,
        "include" => SyntaxKind::Include,
        "as" => SyntaxKind::As,
        _ => return None,
    })
}

/// The number of line terminators in `text` (`\r\n` counts once).
fn count_newlines(text: &str) -> usize {
    let mut count = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if is_newline(c) {
            if c == '\r' && chars.peek() == Some(&'\n') {
                chars.next();
            }
            count += 1;
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lexes `text` in `mode` and compares the tokens, written `Kind:text` and joined by
    /// spaces (errors as `Error:text(message)`, raw text as its inner children in braces).
    #[track_caller]
    fn check(mode: LexMode, text: &str, expected: &str) {
        let mut lexer = Lexer::new(text, mode);
        let mut tokens = Vec::new();
        loop {
            let (kind, node) = lexer.next_token();
            if kind == SyntaxKind::End {
                break;
            }
            tokens.push(show(&node));
        }
        assert_eq!(tokens.join(" "), expected, "lexing {text:?}");
    }

    fn show(node: &SyntaxNode) -> String {
        if node.kind() == SyntaxKind::Error {
            let message = node.errors().first().map(|e| e.message.clone()).unwrap_or_default();
            format!("Error:{}({message})", node.text())
        } else if node.kind() == SyntaxKind::Raw {
            let inner: Vec<String> = node.children().map(show).collect();
            format!("Raw{{{}}}", inner.join(" "))
        } else {
            format!("{:?}:{}", node.kind(), node.text())
        }
    }

    use LexMode::{Code, Markup, Math};

    #[test]
    fn markup_text_and_space() {
        check(Markup, "hello world", "Text:hello world");
        check(Markup, "a  b", "Text:a Space:   Text:b");
        check(Markup, "a\n\n b", "Text:a Parbreak:\n\n  Text:b");
        check(Markup, "a\r\nb", "Text:a Space:\r\n Text:b");
        check(Markup, "a\u{3000}b", "Text:a Text:\u{3000}b");
        check(Markup, "a/b a-b a.b", "Text:a/b a-b a.b");
        check(Markup, "\0\u{7}", "Text:\0\u{7}");
    }

    #[test]
    fn markup_markers() {
        check(Markup, "= a", "HeadingMarker:= Space:  Text:a");
        check(Markup, "==a", "Text:==a");
        check(Markup, "- a", "ListMarker:- Space:  Text:a");
        check(Markup, "+ a", "EnumMarker:+ Space:  Text:a");
        check(Markup, "12. a", "EnumMarker:12. Space:  Text:a");
        check(Markup, "12.5", "Text:12.5");
        check(Markup, "/ a: b", "TermMarker:/ Space:  Text:a Colon:: Space:  Text:b");
        check(Markup, "-", "ListMarker:-");
    }

    #[test]
    fn markup_shorthands_and_escapes() {
        check(Markup, "a~b", "Text:a Shorthand:~ Text:b");
        check(
            Markup,
            "--- -- -? -1",
            "Shorthand:--- Space:  Shorthand:-- Space:  Shorthand:-? Space:  Shorthand:- Text:1",
        );
        check(Markup, "...", "Shorthand:...");
        check(Markup, "\\#\\u{1F600}", "Escape:\\# Escape:\\u{1F600}");
        check(Markup, "\\u{D800}", "Error:\\u{D800}(invalid Unicode codepoint: D800)");
        check(Markup, "\\u{41", "Error:\\u{41(unclosed Unicode escape sequence)");
        check(Markup, "a\\ b\\", "Text:a Linebreak:\\ Space:  Text:b Linebreak:\\");
        check(Markup, "'\"", "SmartQuote:' SmartQuote:\"");
    }

    #[test]
    fn markup_strong_emph_in_words() {
        check(Markup, "*a* _b_", "Star:* Text:a Star:* Space:  Underscore:_ Text:b Underscore:_");
        check(Markup, "a*b a_b", "Text:a Text:*b a Text:_b");
        check(Markup, "中*文", "Text:中 Star:* Text:文");
    }

    #[test]
    fn markup_links_labels_refs() {
        check(Markup, "https://a.org/x(y).", "Link:https://a.org/x(y) Text:.");
        check(Markup, "see http://a.b/[c]?", "Text:see  Link:http://a.b/[c] Text:?");
        check(
            Markup,
            "http://a(b c",
            "Error:http://a(b(automatic links cannot contain unbalanced brackets, use the `link` function instead) Space:  Text:c",
        );
        check(Markup, "<a:b.c>", "Label:<a:b.c>");
        check(Markup, "<ab", "Error:<ab(unclosed label)");
        check(Markup, "a < b", "Text:a Space:  Text:< b");
        check(Markup, "@sec.", "RefMarker:@sec Text:.");
        check(Markup, "a@b", "Text:a RefMarker:@b");
        check(Markup, "a@ b", "Text:a@ b");
    }

    #[test]
    fn comments_in_every_mode() {
        check(Markup, "a // c\nb", "Text:a Space:  LineComment:// c Space:\n Text:b");
        check(Code, "/* a /* b */ c */x", "BlockComment:/* a /* b */ c */ Ident:x");
        check(Math, "/* open", "BlockComment:/* open");
        check(Markup, "a */", "Text:a Space:  Error:*/(unexpected end of block comment)");
        check(Code, "#!x", "Shebang:#!x");
    }

    #[test]
    fn code_tokens() {
        check(Code, "let x-y = 1", "Let:let Space:  Ident:x-y Space:  Eq:= Space:  Int:1");
        check(
            Code,
            "a.if ..none _",
            "Ident:a Dot:. Ident:if Space:  Dots:.. None:none Space:  Underscore:_",
        );
        check(
            Code,
            "== != <= >= += -= *= /= => ..",
            "EqEq:== Space:  ExclEq:!= Space:  LtEq:<= Space:  GtEq:>= Space:  PlusEq:+= Space:  HyphEq:-= Space:  StarEq:*= Space:  SlashEq:/= Space:  Arrow:=> Space:  Dots:..",
        );
        check(Code, "\"a\\\"b\" \"x", "Str:\"a\\\"b\" Space:  Error:\"x(unclosed string)");
        check(Code, "<lbl>", "Label:<lbl>");
        check(Code, "#", "Error:#(the character `#` is not valid in code)");
        check(
            Code,
            "a && b",
            "Ident:a Space:  Error:&&(`&&` is not valid in code) Space:  Ident:b",
        );
    }

    #[test]
    fn numbers() {
        check(
            Code,
            "1 0x1F 0o7 0b10 1.5 .5 1e3 2.5e-3 1.",
            "Int:1 Space:  Int:0x1F Space:  Int:0o7 Space:  Int:0b10 Space:  Float:1.5 Space:  Float:.5 Space:  Float:1e3 Space:  Float:2.5e-3 Space:  Float:1.",
        );
        check(
            Code,
            "12pt 1em 50% 1fr 90deg 2rad 1in 1mm 1cm",
            "Numeric:12pt Space:  Numeric:1em Space:  Numeric:50% Space:  Numeric:1fr Space:  Numeric:90deg Space:  Numeric:2rad Space:  Numeric:1in Space:  Numeric:1mm Space:  Numeric:1cm",
        );
        check(Code, "1u", "Error:1u(invalid number suffix: `u`)");
        check(Code, "1.abs 1..2", "Int:1 Dot:. Ident:abs Space:  Int:1 Dots:.. Int:2");
        check(Code, "99999999999999999999", "Float:99999999999999999999");
        check(Code, "0x", "Error:0x(expected a hexadecimal number)");
        check(Code, "0b12", "Error:0b12(invalid binary number: `0b12`)");
        check(Code, "0x1pt", "Error:0x1pt(invalid hexadecimal number: `0x1pt`)");
        check(Code, "0b1pt", "Error:0b1pt(binary numbers cannot have a suffix)");
        check(Code, "1e", "Error:1e(invalid floating point number: `1e`)");
    }

    #[test]
    fn math_tokens() {
        check(Math, "x^2_a'", "MathText:x Hat:^ MathText:2 Underscore:_ MathText:a Prime:'");
        check(
            Math,
            "sin alpha 12.5",
            "MathIdent:sin Space:  MathIdent:alpha Space:  MathText:12.5",
        );
        check(
            Math,
            "a -> b <==> c |-> d",
            "MathText:a Space:  MathShorthand:-> Space:  MathText:b Space:  MathShorthand:<==> Space:  MathText:c Space:  MathShorthand:|-> Space:  MathText:d",
        );
        check(
            Math,
            "[| x |] ||",
            "LeftBrace:[| Space:  MathText:x Space:  RightBrace:|] Space:  MathShorthand:||",
        );
        check(Math, "(⟨a⟩)", "LeftParen:( LeftBrace:⟨ MathText:a RightBrace:⟩ RightParen:)");
        check(
            Math,
            "√x & \\ \\#",
            "Root:√ MathText:x Space:  MathAlignPoint:& Space:  Linebreak:\\ Space:  Escape:\\#",
        );
        check(
            Math,
            "\"a b\" a.b, ;",
            "Str:\"a b\" Space:  MathText:a Dot:. MathText:b Comma:, Space:  Semicolon:;",
        );
        check(Math, "e\u{301}", "MathText:e\u{301}");
        check(Math, "`", "MathText:`");
        check(Math, "👍🏽!", "MathText:👍🏽 MathText:!");
    }

    #[test]
    fn link_prefix_stops_at_unmatched_closer() {
        assert_eq!(link_prefix("a.b/c)"), (5, true));
        assert_eq!(link_prefix("a(b]"), (3, true));
        assert_eq!(link_prefix("a((b)"), (5, false));
    }
}

//! Character classes of the Typst syntax, shared by the lexer, the line index and the
//! evaluator (`is_ident` decides how labels and dictionary keys are printed).

/// Whether `c` ends a line: `\n`, `\r`, and the other Unicode line terminators.
#[inline]
pub fn is_newline(c: char) -> bool {
    matches!(c, '\n' | '\x0B' | '\x0C' | '\r' | '\u{0085}' | '\u{2028}' | '\u{2029}')
}

/// Whether `c` can start an identifier in code.
#[inline]
pub fn is_id_start(c: char) -> bool {
    unicode_ident::is_xid_start(c) || c == '_'
}

/// Whether `c` can continue an identifier in code (hyphens are allowed).
#[inline]
pub fn is_id_continue(c: char) -> bool {
    unicode_ident::is_xid_continue(c) || c == '_' || c == '-'
}

/// Whether `string` is a valid code identifier.
pub fn is_ident(string: &str) -> bool {
    let mut chars = string.chars();
    chars.next().is_some_and(is_id_start) && chars.all(is_id_continue)
}

/// Whether `c` can start an identifier in math.
#[inline]
pub fn is_math_id_start(c: char) -> bool {
    unicode_ident::is_xid_start(c)
}

/// Whether `c` can continue an identifier in math (no hyphens or underscores).
#[inline]
pub fn is_math_id_continue(c: char) -> bool {
    unicode_ident::is_xid_continue(c) && c != '_'
}

/// The byte length of the line terminator starting `text`, if any (`\r\n` counts as one).
pub fn newline_len(text: &str) -> Option<usize> {
    let c = text.chars().next()?;
    if text.starts_with("\r\n") {
        Some(2)
    } else if is_newline(c) {
        Some(c.len_utf8())
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers() {
        assert!(is_ident("my-name_2"));
        assert!(is_ident("_x"));
        assert!(is_ident("αβ"));
        assert!(!is_ident("-x"));
        assert!(!is_ident("2x"));
        assert!(!is_ident(""));
        assert!(is_math_id_continue('a') && !is_math_id_continue('_'));
    }

    #[test]
    fn newlines() {
        assert_eq!(newline_len("\r\nx"), Some(2));
        assert_eq!(newline_len("\u{2028}"), Some(3));
        assert_eq!(newline_len("x"), None);
        assert!(is_newline('\r') && !is_newline(' '));
    }
}

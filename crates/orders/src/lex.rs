//! Splitting order text into tokens with their columns.

/// A token of order text.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Tok<'a> {
    Word(&'a str),
    /// `-`, `->`, `=>` or an en dash: the move arrow.
    Dash,
    Open,
    Close,
    Slash,
    Colon,
    Comma,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Token<'a> {
    pub tok: Tok<'a>,
    /// 1-based column (in characters) where the token starts.
    pub column: usize,
    /// Byte offset in the text.
    pub start: usize,
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '.' || c == '\''
}

/// Tokenises a line; characters that fit no token become one-character words, so the
/// parser can name them in its diagnostic.
pub(crate) fn tokens(text: &str) -> Vec<Token<'_>> {
    if text.is_ascii() {
        return ascii_tokens(text);
    }
    // Most tokens are three or more bytes with a space: one allocation suffices.
    let mut out = Vec::with_capacity(text.len() / 3 + 4);
    let mut chars = text.char_indices().peekable();
    let mut column = 0;
    while let Some((start, c)) = chars.next() {
        column += 1;
        let col = column;
        let tok = match c {
            c if c.is_whitespace() => continue,
            '-' | '–' | '—' => {
                if let Some(&(_, '>')) = chars.peek() {
                    chars.next();
                    column += 1;
                }
                Tok::Dash
            }
            '=' if matches!(chars.peek(), Some(&(_, '>'))) => {
                chars.next();
                column += 1;
                Tok::Dash
            }
            '(' | '[' => Tok::Open,
            ')' | ']' => Tok::Close,
            '/' => Tok::Slash,
            ':' => Tok::Colon,
            ',' | ';' => Tok::Comma,
            c if is_word_char(c) => {
                let mut end = start + c.len_utf8();
                while let Some(&(i, d)) = chars.peek() {
                    if !is_word_char(d) {
                        break;
                    }
                    chars.next();
                    column += 1;
                    end = i + d.len_utf8();
                }
                let word = &text[start..end];
                out.push(Token { tok: Tok::Word(word), column: col, start });
                continue;
            }
            _ => Tok::Word(&text[start..start + c.len_utf8()]),
        };
        out.push(Token { tok, column: col, start });
    }
    out
}

/// [`tokens`] for ASCII text (nearly every order): bytes instead of chars, and a column
/// is a byte offset.
fn ascii_tokens(text: &str) -> Vec<Token<'_>> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(text.len() / 3 + 4);
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        let b = bytes[i];
        i += 1;
        let tok = match b {
            b if b.is_ascii_whitespace() => continue,
            b'-' | b'=' if bytes.get(i) == Some(&b'>') => {
                i += 1;
                Tok::Dash
            }
            b'-' => Tok::Dash,
            b'(' | b'[' => Tok::Open,
            b')' | b']' => Tok::Close,
            b'/' => Tok::Slash,
            b':' => Tok::Colon,
            b',' | b';' => Tok::Comma,
            b if b.is_ascii_alphanumeric() || b == b'.' || b == b'\'' => {
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'.' || bytes[i] == b'\'') {
                    i += 1;
                }
                Tok::Word(&text[start..i])
            }
            _ => Tok::Word(&text[start..i]),
        };
        out.push(Token { tok, column: start + 1, start });
    }
    out
}

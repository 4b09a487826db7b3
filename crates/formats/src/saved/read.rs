//! Reading games: one JSON object, or JSONL with one game a line.

use std::io::{BufRead, Read};

use serde::de::IgnoredAny;

use super::{GameError, SavedGame};

/// Reads the games of a text: one JSON object (possibly over many lines), or JSONL with
/// one game a line (blank lines skipped). Each game is read on its own, so one bad line
/// of a JSONL file does not hide the others; its error names the line.
pub fn parse_games(text: &str) -> Vec<Result<SavedGame, GameError>> {
    if is_jsonl(text) {
        GameLines::new(text.as_bytes(), u64::MAX).map(|(_, game)| game).collect()
    } else {
        vec![parse_one(text, None)]
    }
}

/// Whether the first non-blank line of the text is a whole JSON value by itself.
fn is_jsonl(text: &str) -> bool {
    text.lines().find(|l| !l.trim().is_empty()).is_some_and(is_whole_line)
}

/// Whether a file whose first non-blank line is `line` is JSONL (a game a line) rather than
/// one JSON value over many lines: the line holds a whole value, or a fault other than an
/// object left open.
pub fn is_whole_line(line: &str) -> bool {
    match serde_json::from_str::<IgnoredAny>(line) {
        Ok(_) => true,
        // An object left open goes on over the next lines: one pretty-printed game.
        Err(e) => !e.is_eof(),
    }
}

/// One game from JSON text; `line` is the JSONL line it came from.
fn parse_one(text: &str, line: Option<usize>) -> Result<SavedGame, GameError> {
    serde_json::from_str::<SavedGame>(text).map_err(|e| {
        let full = e.to_string();
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        let message = full.strip_suffix(&suffix).unwrap_or(&full).to_string();
        // Inside one JSONL line, the line is the file's and the column the line's.
        let mut error = GameError::new(message).at(line.unwrap_or(e.line()), e.column());
        // Name the game when its id can still be read.
        if let Some(id) = serde_json::from_str::<serde_json::Value>(text)
            .ok()
            .and_then(|v| v.get("id").and_then(|id| id.as_str()).map(str::to_string))
        {
            error = error.in_game(&id);
        }
        error
    })
}

/// The games of a JSONL stream, one a line, read as they come (a file of any size takes
/// the memory of its longest line). Yields the 1-based line number and the game; blank
/// lines are skipped.
#[derive(Debug)]
pub struct GameLines<R> {
    reader: R,
    line: usize,
    max_line_bytes: u64,
    buf: Vec<u8>,
    done: bool,
}

impl<R: BufRead> GameLines<R> {
    /// Reads `reader`; a line longer than `max_line_bytes` is an error for that line.
    pub fn new(reader: R, max_line_bytes: u64) -> Self {
        GameLines { reader, line: 0, max_line_bytes, buf: Vec::new(), done: false }
    }

    /// Skips the rest of an over-long line.
    fn skip_line(&mut self) -> std::io::Result<()> {
        loop {
            let available = self.reader.fill_buf()?;
            if available.is_empty() {
                return Ok(());
            }
            match available.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    self.reader.consume(i + 1);
                    return Ok(());
                }
                None => {
                    let n = available.len();
                    self.reader.consume(n);
                }
            }
        }
    }
}

impl<R: BufRead> Iterator for GameLines<R> {
    type Item = (usize, Result<SavedGame, GameError>);

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            self.buf.clear();
            self.line += 1;
            let line = self.line;
            let limit = self.max_line_bytes.saturating_add(1);
            let read = (&mut self.reader).take(limit).read_until(b'\n', &mut self.buf);
            match read {
                Err(e) => {
                    self.done = true;
                    return Some((line, Err(GameError::new(format!("cannot read: {e}")).at_line(line))));
                }
                Ok(0) => self.done = true,
                Ok(_) => {
                    if self.buf.len() as u64 > self.max_line_bytes && self.buf.last() != Some(&b'\n') {
                        let skipped = self.skip_line();
                        let message = format!("line longer than {} bytes", self.max_line_bytes);
                        if let Err(e) = skipped {
                            self.done = true;
                            return Some((line, Err(GameError::new(format!("cannot read: {e}")).at_line(line))));
                        }
                        return Some((line, Err(GameError::new(message).at_line(line))));
                    }
                    let Ok(text) = std::str::from_utf8(&self.buf) else {
                        return Some((line, Err(GameError::new("not UTF-8 text").at_line(line))));
                    };
                    if text.trim().is_empty() {
                        continue;
                    }
                    return Some((line, parse_one(text, Some(line))));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_game_or_a_game_a_line() {
        let one = "{\n  \"id\": \"a\",\n  \"map\": \"standard\",\n  \"phases\": []\n}\n";
        let games = parse_games(one);
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].as_ref().map(|g| g.id.as_str()), Ok("a"));

        let lines = "{\"id\": \"a\", \"phases\": []}\n\n{\"id\": \"b\", \"phases\": [}\n{\"id\": \"c\"}\n";
        let games = parse_games(lines);
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].as_ref().map(|g| g.id.as_str()), Ok("a"));
        let error = games[1].as_ref().expect_err("line 3 is broken");
        assert_eq!(error.line(), Some(3));
        assert!(error.to_string().starts_with("line 3, column "), "{error}");
        assert_eq!(games[2].as_ref().map(|g| g.map.as_str()), Ok("standard"));

        let broken = "{\n  \"id\": \"a\",\n  \"phases\": 7\n}";
        let error = parse_games(broken).remove(0).expect_err("phases is not a list");
        assert_eq!((error.line(), error.game()), (Some(3), Some("a")));
        assert!(parse_games("").is_empty() || parse_games("")[0].is_err());
    }

    #[test]
    fn long_lines_are_refused_and_skipped() {
        let text = format!("{{\"id\": \"{}\"}}\n{{\"id\": \"short\"}}\n", "x".repeat(100));
        let games: Vec<_> = GameLines::new(text.as_bytes(), 50).collect();
        assert_eq!(games.len(), 2);
        assert!(games[0].1.as_ref().is_err_and(|e| e.message().contains("longer than 50")));
        assert_eq!(games[1].0, 2);
        assert_eq!(games[1].1.as_ref().map(|g| g.id.as_str()), Ok("short"));
    }
}

//! Reading games: one JSON object, or JSONL with one game a line.

use std::borrow::Cow;
use std::io::{BufRead, Read};

use serde::Deserialize;
use serde::de::{DeserializeSeed, Deserializer, Error as _, IgnoredAny, MapAccess, SeqAccess, Visitor};

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

/// One game from JSON text; `line` is the JSONL line it came from. A key given twice in
/// any object of the game is an error (the typed reading refuses it, see `mod.rs`): a plain
/// reading would keep the last and silently drop the first (a power's orders, a board's
/// units). Only when reading fails is the text read again, to name the object whose key is
/// given twice (by the way to it, its line and column, and the phase).
fn parse_one(text: &str, line: Option<usize>) -> Result<SavedGame, GameError> {
    serde_json::from_str::<SavedGame>(text).map_err(|e| {
        if let Err((twice, path)) = unique_keys(text)
            && twice.is_data()
        {
            return duplicate_key_error(text, line, &twice, &path);
        }
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

/// One step of the way from a game's top to a value: a key of an object, an index of a list.
#[derive(Debug)]
enum Step<'t> {
    Key(Cow<'t, str>),
    Index(usize),
}

/// `phases[3].orders`.
fn path_text(path: &[Step<'_>]) -> String {
    let mut out = String::new();
    for step in path {
        match step {
            Step::Key(key) if out.is_empty() => out.push_str(key),
            Step::Key(key) => {
                out.push('.');
                out.push_str(key);
            }
            Step::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

/// Reads the text as JSON, refusing a key given twice in any object. On such an error, the
/// way to the object is left in the returned path. A syntax error is returned as well (the
/// typed reading reports it in its own words).
fn unique_keys(text: &str) -> Result<(), (serde_json::Error, Vec<Step<'_>>)> {
    let mut path = Vec::new();
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let read = UniqueKeys { path: &mut path }.deserialize(&mut deserializer).and_then(|()| deserializer.end());
    read.map_err(|e| (e, path))
}

/// A JSON value of any shape whose objects have each key once.
struct UniqueKeys<'p, 't> {
    path: &'p mut Vec<Step<'t>>,
}

impl<'de> DeserializeSeed<'de> for UniqueKeys<'_, 'de> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for UniqueKeys<'_, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }

    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }

    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }

    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }

    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut index = 0;
        loop {
            self.path.push(Step::Index(index));
            let more = seq.next_element_seed(UniqueKeys { path: &mut *self.path })?;
            self.path.pop();
            if more.is_none() {
                return Ok(());
            }
            index += 1;
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        // Objects of a saved game are small (a power, a unit or a field a key): a list
        // searched is quicker than a hash set.
        let mut keys: Vec<Cow<'de, str>> = Vec::new();
        while let Some(Key(key)) = map.next_key::<Key<'de>>()? {
            if keys.contains(&key) {
                let within =
                    if self.path.is_empty() { String::new() } else { format!(" in `{}`", path_text(self.path)) };
                return Err(A::Error::custom(format!("`{key}` is given twice{within}: only one is allowed")));
            }
            self.path.push(Step::Key(key));
            map.next_value_seed(UniqueKeys { path: &mut *self.path })?;
            if let Some(Step::Key(key)) = self.path.pop() {
                keys.push(key);
            }
        }
        Ok(())
    }
}

/// A key as written: borrowed from the text unless it has escapes.
struct Key<'de>(Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a key")
            }
            fn visit_borrowed_str<E>(self, key: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(key)))
            }
            fn visit_str<E>(self, key: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(key.to_string())))
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}

/// The error for a key given twice, naming the line and column, the game and the phase.
fn duplicate_key_error(text: &str, line: Option<usize>, e: &serde_json::Error, path: &[Step<'_>]) -> GameError {
    let full = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    let message = full.strip_suffix(&suffix).unwrap_or(&full).to_string();
    let mut error = GameError::new(message).at(line.unwrap_or(e.line()), e.column());
    // The game and phase as a plain reading gives them, to name them.
    if let Ok(value) = serde_json::from_str::<serde_json::Value>(text) {
        if let Some(id) = value.get("id").and_then(|id| id.as_str()) {
            error = error.in_game(id);
        }
        let phase = match path {
            [Step::Key(phases), Step::Index(i), ..] if phases == "phases" => value["phases"].get(*i),
            _ => None,
        };
        if let Some(name) = phase.and_then(|p| p.get("name")).and_then(|n| n.as_str()) {
            error = error.in_phase(name);
        }
    }
    error
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

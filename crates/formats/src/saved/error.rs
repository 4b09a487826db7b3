//! Errors naming where in a saved game the fault is.

use std::fmt;

/// A fault in a saved game: what is wrong and where (game, line of a JSONL file, phase,
/// power, the unit or order as written).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameError {
    // Boxed: results carrying this error stay small.
    at: Box<Context>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Context {
    game: Option<String>,
    line: Option<usize>,
    column: Option<usize>,
    phase: Option<String>,
    power: Option<String>,
    item: Option<String>,
    message: String,
}

impl GameError {
    pub fn new(message: impl Into<String>) -> Self {
        GameError { at: Box::new(Context { message: message.into(), ..Context::default() }) }
    }

    /// Names the game by its id (unless one is named already, or the id is empty).
    pub fn in_game(mut self, id: &str) -> Self {
        if self.at.game.is_none() && !id.is_empty() {
            self.at.game = Some(id.to_string());
        }
        self
    }

    /// Names the 1-based line (unless one is named already).
    pub fn at_line(mut self, line: usize) -> Self {
        self.at.line.get_or_insert(line);
        self
    }

    /// Names the line and column of a JSON syntax fault.
    pub fn at(mut self, line: usize, column: usize) -> Self {
        self.at.line = Some(line);
        self.at.column = Some(column);
        self
    }

    /// Names the phase (`S1901M`), unless one is named already.
    pub fn in_phase(mut self, phase: &str) -> Self {
        self.at.phase.get_or_insert_with(|| phase.to_string());
        self
    }

    /// Names the power (`FRANCE`), unless one is named already.
    pub fn of_power(mut self, power: &str) -> Self {
        self.at.power.get_or_insert_with(|| power.to_string());
        self
    }

    /// Names the unit, province or order as written, unless one is named already.
    pub fn about(mut self, item: &str) -> Self {
        self.at.item.get_or_insert_with(|| item.to_string());
        self
    }

    /// The game's id, when it is known.
    pub fn game(&self) -> Option<&str> {
        self.at.game.as_deref()
    }

    /// 1-based line: of the JSONL file for a game a line, or of the text for a JSON syntax
    /// fault.
    pub fn line(&self) -> Option<usize> {
        self.at.line
    }

    pub fn column(&self) -> Option<usize> {
        self.at.column
    }

    pub fn phase(&self) -> Option<&str> {
        self.at.phase.as_deref()
    }

    pub fn power(&self) -> Option<&str> {
        self.at.power.as_deref()
    }

    /// The unit, province or order as written.
    pub fn item(&self) -> Option<&str> {
        self.at.item.as_deref()
    }

    /// What is wrong.
    pub fn message(&self) -> &str {
        &self.at.message
    }

    /// `game ID, S1901M, FRANCE, `A PAR - XYZ``: everything named but the line.
    pub fn context(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        if let Some(game) = &self.at.game {
            parts.push(format!("game {game}"));
        }
        parts.extend(self.at.phase.iter().cloned());
        parts.extend(self.at.power.iter().cloned());
        if let Some(item) = &self.at.item {
            parts.push(format!("`{item}`"));
        }
        parts.join(", ")
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.at.line, self.at.column) {
            (Some(line), Some(column)) => write!(f, "line {line}, column {column}: ")?,
            (Some(line), None) => write!(f, "line {line}: ")?,
            _ => {}
        }
        let context = self.context();
        if context.is_empty() { f.write_str(&self.at.message) } else { write!(f, "{context}: {}", self.at.message) }
    }
}

impl std::error::Error for GameError {}

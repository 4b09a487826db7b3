//! The Pythonic core API: maps, positions, orders, adjudication, legal orders, games.

use std::sync::Arc;

use pyo3::exceptions::{PyOSError, PyPermissionError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use dip::formats::saved::{self, PhaseName, SavedGame};
use dip::formats::{Outcome, PhaseResults, PlayedPhase};
use dip::{Map, Notation, Order, OrderLine, ParseOptions, PhaseKind, Position, PositionFile, PowerId, Rules};

use crate::convert::{
    adjudication_error, apply_rule_items, game_errors, position_error, rule_items, rules_for, serde_to_py,
};
use crate::{DifferingBoardsWarning, GameError, ParseError, PositionError};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMap>()?;
    m.add_class::<PyPosition>()?;
    m.add_class::<PyOrder>()?;
    m.add_class::<PyGame>()?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(rule_presets, m)?)?;
    m.add_function(wrap_pyfunction!(parse_order, m)?)?;
    m.add_function(wrap_pyfunction!(adjudicate, m)?)?;
    m.add_function(wrap_pyfunction!(legal_orders, m)?)?;
    m.add_function(wrap_pyfunction!(read_position_file, m)?)?;
    m.add_function(wrap_pyfunction!(write_text, m)?)?;
    Ok(())
}

/// Writes `text` to `path` as every file dip writes: a regular file the user may write is
/// replaced through a temporary file beside it, synced, then renamed over it; a device or
/// a FIFO is written straight to; anything else is refused. With `append`, the text is
/// added at the end as one line, in one `O_APPEND` write, then synced: it costs the line,
/// not the file. A refused or failed write raises `PermissionError` (the user may not
/// write the file or its folder) or `OSError`, naming the file, and leaves it whole.
#[pyfunction(name = "_write_text")]
#[pyo3(signature = (path, text, append=false))]
fn write_text(py: Python<'_>, path: std::path::PathBuf, text: &str, append: bool) -> PyResult<()> {
    // Without the interpreter's lock: opening a FIFO waits for its reader, who may be
    // another Python thread.
    let written = py.detach(|| if append { dip::io::append_line(&path, text) } else { dip::atomic_write(&path, text) });
    written.map_err(|e| match e {
        dip::WriteError::PermissionDenied { .. } => PyPermissionError::new_err(e.to_string()),
        e => PyOSError::new_err(e.to_string()),
    })
}

/// The names of the variants dip embeds (`standard`, `colonial`, ...).
#[pyfunction]
fn variants() -> Vec<&'static str> {
    dip::EMBEDDED_VARIANTS.iter().map(|(name, _)| *name).collect()
}

/// The names of the rule presets dip embeds (`datc`, `1982`, `webdiplomacy`, ...).
#[pyfunction]
fn rule_presets() -> Vec<&'static str> {
    dip::RULE_PRESETS.iter().map(|(name, _)| *name).collect()
}

/// An embedded variant, loaded once per process and shared.
pub fn load_map(py: Python<'_>, name: &str) -> PyResult<Arc<Map>> {
    Ok(crate::cache::map_cache(py, name)?.map.clone())
}

pub fn phase_kind(name: &str) -> PyResult<PhaseKind> {
    match name.to_ascii_lowercase().as_str() {
        "movement" | "m" | "moves" => Ok(PhaseKind::Movement),
        "retreat" | "retreats" | "r" => Ok(PhaseKind::Retreat),
        "adjustment" | "adjustments" | "builds" | "a" => Ok(PhaseKind::Adjustment),
        _ => Err(PyValueError::new_err(format!("`{name}` is not a phase kind: movement, retreat or adjustment"))),
    }
}

pub fn notation(name: &str) -> PyResult<Notation> {
    Notation::from_name(name)
        .ok_or_else(|| PyValueError::new_err(format!("`{name}` is not a notation: datc, judge or mila")))
}

pub fn power_id(map: &Map, name: &str) -> PyResult<PowerId> {
    map.power_by_name(name).ok_or_else(|| {
        let names: Vec<&str> = map.powers().map(|p| map.power(p).name.as_str()).collect();
        PyValueError::new_err(format!("no power `{name}` on {} (powers: {})", map.name(), names.join(", ")))
    })
}

/// A map (variant): its powers, provinces and supply centres.
#[pyclass(name = "Map", module = "dip", frozen)]
#[derive(Clone, Debug)]
pub struct PyMap {
    pub map: Arc<Map>,
}

#[pymethods]
impl PyMap {
    /// Loads an embedded variant by name (`dip.variants()` lists them), or by MILA's name
    /// of a map dip has (`ancmed`, `standard_france_austria`).
    #[new]
    fn new(py: Python<'_>, name: &str) -> PyResult<Self> {
        Ok(PyMap { map: load_map(py, name)? })
    }
    #[getter]
    fn name(&self) -> &str {
        self.map.name()
    }
    #[getter]
    fn title(&self) -> &str {
        self.map.title()
    }
    /// Power names, in the map's order (`England`, `France`, ...).
    #[getter]
    fn powers(&self) -> Vec<String> {
        self.map.powers().map(|p| self.map.power(p).name.clone()).collect()
    }
    /// Province abbreviations (`lon`, `par`, ...), in the map's order.
    #[getter]
    fn provinces(&self) -> Vec<String> {
        self.map.provinces().map(|p| self.map.province(p).abbr.clone()).collect()
    }
    /// Abbreviation to full name (`par` → `Paris`).
    #[getter]
    fn province_names<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for p in self.map.provinces() {
            let province = self.map.province(p);
            dict.set_item(&province.abbr, &province.name)?;
        }
        Ok(dict)
    }
    /// Supply-centre abbreviations.
    #[getter]
    fn centres(&self) -> Vec<String> {
        self.map.centres().map(|p| self.map.province(p).abbr.clone()).collect()
    }
    /// Every location, coasts included, as MILA names them (`PAR`, `STP/NC`).
    #[getter]
    fn locations(&self) -> Vec<String> {
        self.map.locations().map(|l| self.map.loc_abbr(l).to_ascii_uppercase()).collect()
    }
    /// The home centres of a power.
    fn homes(&self, power: &str) -> PyResult<Vec<String>> {
        let id = power_id(&self.map, power)?;
        Ok(self.map.power(id).homes.iter().map(|&h| self.map.province(h).abbr.clone()).collect())
    }
    /// Centres a power needs to win.
    #[getter]
    fn victory_centres(&self) -> u16 {
        self.map.victory_centres()
    }
    fn __repr__(&self) -> String {
        format!("dip.Map({:?})", self.map.name())
    }
}

/// A position: units, dislodged units, centre owners and the phase.
#[pyclass(name = "Position", module = "dip", frozen)]
#[derive(Clone, Debug)]
pub struct PyPosition {
    pub map: Arc<Map>,
    pub position: Position,
}

fn read_position_text(
    py: Python<'_>,
    text: &str,
    map: Option<&PyMap>,
) -> PyResult<(Arc<Map>, Position, Vec<OrderLine>)> {
    let file: PositionFile = if text.trim_start().starts_with('{') {
        serde_json::from_str(text).map_err(|e| PositionError::new_err(format!("not a position file: {e}")))?
    } else {
        ron::from_str(text).map_err(|e| PositionError::new_err(format!("not a position file: {e}")))?
    };
    let map = match map {
        Some(m) => m.map.clone(),
        None => load_map(py, &file.variant)?,
    };
    let (position, lines) = file.read(&map, Some(text)).map_err(|problems| {
        let lines: Vec<String> = problems
            .iter()
            .map(|p| match p.line {
                Some(line) => format!("line {line}: {}", p.message),
                None => p.message.clone(),
            })
            .collect();
        PositionError::new_err(lines.join("\n"))
    })?;
    Ok((map, position, lines))
}

/// Reads a position file (RON or JSON text, as `dip adjudicate` reads): the position and
/// its orders as `(power, text)` pairs, which `adjudicate` takes.
#[pyfunction]
#[pyo3(signature = (text, map=None))]
fn read_position_file(
    py: Python<'_>,
    text: &str,
    map: Option<&PyMap>,
) -> PyResult<(PyPosition, Vec<(String, String)>)> {
    let (map, position, lines) = read_position_text(py, text, map)?;
    let orders = lines.into_iter().map(|l| (map.power(l.power).name.clone(), l.text)).collect();
    Ok((PyPosition { map, position }, orders))
}

#[pymethods]
impl PyPosition {
    /// The variant's opening position.
    #[staticmethod]
    fn opening(map: &PyMap) -> Self {
        PyPosition { map: map.map.clone(), position: Position::opening(&map.map) }
    }
    /// A position from a position file's text (RON or JSON); its orders are ignored.
    #[staticmethod]
    #[pyo3(signature = (text, map=None))]
    fn from_text(py: Python<'_>, text: &str, map: Option<&PyMap>) -> PyResult<Self> {
        let (map, position, _) = read_position_text(py, text, map)?;
        Ok(PyPosition { map, position })
    }
    /// A position from a saved game's `state` dict (MILA's `get_state()`).
    #[staticmethod]
    fn from_state(map: &PyMap, state: &Bound<'_, PyAny>) -> PyResult<Self> {
        let position = state_position(&map.map, state, &[])?;
        Ok(PyPosition { map: map.map.clone(), position })
    }
    #[getter]
    fn map(&self) -> PyMap {
        PyMap { map: self.map.clone() }
    }
    /// `S1901M`, `F1901R`, `W1901A`.
    #[getter]
    fn phase(&self) -> String {
        saved::phase_name(self.position.phase)
    }
    /// `Spring 1901 Movement`.
    #[getter]
    fn phase_long(&self) -> String {
        self.position.phase.to_string()
    }
    /// Units by power name, MILA style (`A PAR`, `F STP/SC`).
    #[getter]
    fn units<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let state = saved::position_to_state(&self.map, &self.position);
        serde_to_py(py, &state.units)
    }
    /// Centres by power name.
    #[getter]
    fn centres<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let state = saved::position_to_state(&self.map, &self.position);
        serde_to_py(py, &state.centers)
    }
    /// The position as a saved game's `state` dict (MILA's `get_state()` keys).
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        serde_to_py(py, &saved::position_to_state(&self.map, &self.position))
    }
    /// Checks the position against the rules of the board; raises `PositionError`.
    fn validate(&self) -> PyResult<()> {
        let rules = Rules::of_variant(&self.map).map_err(|e| crate::RulesError::new_err(e.to_string()))?;
        self.position.validate(&self.map, &rules).map_err(position_error)
    }
    /// The position as a position file in RON (what `dip adjudicate` reads).
    fn to_text(&self) -> PyResult<String> {
        let file = PositionFile::write(&self.map, &self.position, &[]).map_err(adjudication_error)?;
        // As `dip run` writes it: the implicit-some extension keeps optional fields readable.
        let config =
            ron::ser::PrettyConfig::new().compact_arrays(true).extensions(ron::extensions::Extensions::IMPLICIT_SOME);
        ron::ser::to_string_pretty(&file, config).map_err(|e| PositionError::new_err(e.to_string()))
    }
    /// The position as a position file in JSON.
    fn to_json(&self) -> PyResult<String> {
        let file = PositionFile::write(&self.map, &self.position, &[]).map_err(adjudication_error)?;
        serde_json::to_string_pretty(&file).map_err(|e| PositionError::new_err(e.to_string()))
    }
    fn __eq__(&self, other: &PyPosition) -> bool {
        let (mut a, mut b) = (self.position.clone(), other.position.clone());
        a.normalise();
        b.normalise();
        self.map.name() == other.map.name() && a == b
    }
    fn __repr__(&self) -> String {
        format!("dip.Position({} {}, {} units)", self.map.name(), self.phase(), self.position.units.len())
    }
}

/// Reads a `state` dict against the map.
pub fn state_position(map: &Map, state: &Bound<'_, PyAny>, attackers: &[saved::Attacker]) -> PyResult<Position> {
    let value = crate::convert::from_py(state)?;
    let state: saved::SavedState =
        serde_json::from_value(value).map_err(|e| GameError::new_err(format!("not a game state: {e}")))?;
    let phase = match saved::parse_phase_name(&state.name) {
        Ok(PhaseName::Phase(phase)) => phase,
        Ok(PhaseName::Completed) => return Err(GameError::new_err("a COMPLETED state has no phase to play")),
        Err(e) => return Err(GameError::new_err(e)),
    };
    saved::state_to_position(map, &state, phase, attackers).map_err(game_errors)
}

/// One order, read against a map.
#[pyclass(name = "Order", module = "dip", frozen)]
#[derive(Clone, Debug)]
pub struct PyOrder {
    pub map: Arc<Map>,
    pub order: Order,
}

#[pymethods]
impl PyOrder {
    /// The power giving the order.
    #[getter]
    fn power(&self) -> String {
        self.map.power(self.order.power).name.clone()
    }
    /// The order in a notation: `datc` (`A Paris - Burgundy`), `judge` (`A par - bur`) or
    /// `mila` (`A PAR - BUR`).
    #[pyo3(signature = (notation="datc"))]
    fn display(&self, notation: &str) -> PyResult<String> {
        Ok(self.order.display_as(&self.map, crate::core::notation(notation)?).to_string())
    }
    /// The order in MILA notation.
    #[getter]
    fn mila(&self) -> String {
        self.order.display_mila(&self.map).to_string()
    }
    fn __str__(&self) -> String {
        self.order.display(&self.map).to_string()
    }
    fn __repr__(&self) -> String {
        format!("dip.Order({:?}, power={:?})", self.order.display(&self.map).to_string(), self.power())
    }
    fn __eq__(&self, other: &PyOrder) -> bool {
        self.map.name() == other.map.name() && self.order == other.order
    }
}

fn parse_with(map: &Map, text: &str, power: Option<PowerId>, kind: PhaseKind) -> Result<Order, dip::ParseError> {
    let mut options = ParseOptions::new(kind);
    if let Some(power) = power {
        options = options.power(power);
    }
    dip::parse_order(map, options, text)
}

fn parse_error(text: &str, e: &dip::ParseError) -> PyErr {
    ParseError::new_err(format!("`{text}`: {e}"))
}

/// Reads an order in any notation dip reads (DATC, judge, MILA). `power` is needed unless
/// the text starts with one (`France: A Paris - Burgundy`); `phase` is the phase kind.
#[pyfunction]
#[pyo3(signature = (map, text, power=None, phase="movement"))]
fn parse_order(map: &PyMap, text: &str, power: Option<&str>, phase: &str) -> PyResult<PyOrder> {
    let power = power.map(|p| power_id(&map.map, p)).transpose()?;
    let order = parse_with(&map.map, text, power, phase_kind(phase)?).map_err(|e| parse_error(text, &e))?;
    Ok(PyOrder { map: map.map.clone(), order })
}

/// Orders as Python gives them: `Order`s, `(power, text)` pairs, or texts with a power
/// prefix. Unreadable texts stay as lines with their error (code `unreadable`).
fn order_lines(map: &Arc<Map>, kind: PhaseKind, orders: &Bound<'_, PyAny>) -> PyResult<Vec<OrderLine>> {
    let mut lines = Vec::new();
    for item in orders.try_iter()? {
        let item = item?;
        if let Ok(order) = item.cast::<PyOrder>() {
            let order = order.get();
            if order.map.name() != map.name() {
                return Err(PyValueError::new_err(format!(
                    "an order of {} given for a position of {}",
                    order.map.name(),
                    map.name()
                )));
            }
            let text = order.order.display(map).to_string();
            lines.push(OrderLine { power: order.order.power, text, line: None, parsed: Ok(order.order.clone()) });
        } else if let Ok((power, text)) = item.extract::<(String, String)>() {
            let power = power_id(map, &power)?;
            let parsed = parse_with(map, &text, Some(power), kind);
            lines.push(OrderLine { power, text, line: None, parsed });
        } else if let Ok(text) = item.extract::<String>() {
            // The power comes from the prefix; without one the text cannot be placed.
            let order = parse_with(map, &text, None, kind).map_err(|e| parse_error(&text, &e))?;
            lines.push(OrderLine { power: order.power, text, line: None, parsed: Ok(order) });
        } else {
            return Err(PyTypeError::new_err("each order must be a dip.Order, a (power, text) pair or a text"));
        }
    }
    Ok(lines)
}

/// Adjudicates one phase and moves on as a game does. Returns a dict in the `dip-results`
/// schema of `dip adjudicate --json` (`docs/json.md`): `orders` with a machine `code` each
/// (`succeeds`, `bounced`, `cut`, `illegal`, `unreadable`, ...), `dislodged`, the next
/// `position` as a position file, and `next`: the next position as a `dip.Position`.
#[pyfunction]
#[pyo3(signature = (map, position, orders, rules=None, notation="datc"))]
fn adjudicate<'py>(
    py: Python<'py>,
    map: &PyMap,
    position: &PyPosition,
    orders: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    notation: &str,
) -> PyResult<Bound<'py, PyAny>> {
    if position.map.name() != map.map.name() {
        return Err(PositionError::new_err(format!(
            "a position of {} given for the map {}",
            position.map.name(),
            map.map.name()
        )));
    }
    let rules = rules_for(&map.map, &rule_items(rules)?)?;
    let notation = crate::core::notation(notation)?;
    let start = &position.position;
    let lines = order_lines(&map.map, start.phase.kind, orders)?;
    let readable: Vec<Order> = lines.iter().filter_map(|l| l.parsed.as_ref().ok().cloned()).collect();
    let result = dip::play_phase(&map.map, start, &readable, &rules).map_err(adjudication_error)?;
    let outcome: Outcome<'_> = (&result.outcome).into();
    let played = PlayedPhase { start, lines: &lines, outcome, next: &result.next };
    let results =
        PhaseResults::new(&map.map, played, notation).map_err(|e| crate::AdjudicationError::new_err(e.to_string()))?;
    let document = serde_to_py(py, &results)?;
    document.set_item("next", PyPosition { map: map.map.clone(), position: result.next })?;
    Ok(document)
}

/// Every legal order of the position: a list of `(power, [Order, ...])`, one entry a unit
/// (in an adjustment phase, a power).
#[pyfunction]
fn legal_orders(position: &PyPosition) -> PyResult<Vec<(String, Vec<PyOrder>)>> {
    let map = &position.map;
    let all = dip::legal_orders(map, &position.position).map_err(position_error)?;
    Ok(all
        .into_iter()
        .map(|(power, orders)| {
            let orders = orders.into_iter().map(|order| PyOrder { map: map.clone(), order }).collect();
            (map.power(power).name.clone(), orders)
        })
        .collect())
}

/// A game on one map under one set of rules, with its history.
#[pyclass(name = "Game", module = "dip")]
#[derive(Debug)]
pub struct PyGame {
    game: dip::Game,
    map: Arc<Map>,
    /// For a game read from a saved game with `differing_boards="report"`: each phase whose
    /// orders make a board other than the one the game records, and what differs.
    board_differences: Vec<String>,
}

#[pymethods]
impl PyGame {
    /// A new game from the variant's opening. `rules`: a preset name, an `ISSUE=CHOICE`
    /// override, or a list of them, applied over the variant's defaults.
    #[new]
    #[pyo3(signature = (variant="standard", rules=None))]
    fn new(py: Python<'_>, variant: &str, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let map = load_map(py, variant)?;
        let rules = rules_for(&map, &rule_items(rules)?)?;
        Ok(PyGame { game: dip::Game::new((*map).clone(), rules), map, board_differences: Vec::new() })
    }
    /// A game going on from a position.
    #[staticmethod]
    #[pyo3(signature = (position, rules=None))]
    fn from_position(position: &PyPosition, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let map = position.map.clone();
        let rules = rules_for(&map, &rule_items(rules)?)?;
        let game =
            dip::Game::from_position((*map).clone(), rules, position.position.clone()).map_err(position_error)?;
        Ok(PyGame { game, map, board_differences: Vec::new() })
    }
    /// A game read from saved-game JSON (text or dict): every recorded phase played again,
    /// and every board the game records after its first compared with the one its orders
    /// make (each phase's orders played on the board recorded before them).
    ///
    /// `differing_boards`: `"refuse"` (the default) raises `GameError`, a line for each
    /// phase that differs naming the game, the phase and what differs; `"report"` goes on
    /// from the boards the orders make, issues a `DifferingBoardsWarning` for each such phase
    /// and keeps the lines in `board_differences`. A game that cannot be played again (an
    /// order that cannot be read, a phase the game does not reach) raises `GameError` either
    /// way. `rules`: for a game that records none (from another engine), the rules it was
    /// played under, as `Game(rules=...)` takes them; a game dip wrote keeps the rules it
    /// records, and rules that change them raise `GameError`.
    #[staticmethod]
    #[pyo3(signature = (game, differing_boards="refuse", rules=None))]
    fn from_saved_game(
        game: &Bound<'_, PyAny>,
        differing_boards: &str,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let py = game.py();
        let differing = dip::DifferingBoards::from_name(differing_boards).ok_or_else(|| {
            PyValueError::new_err(format!(
                "differing_boards must be \"refuse\" or \"report\", not {differing_boards:?}"
            ))
        })?;
        let items = rule_items(rules)?;
        let saved = saved_game_arg(game)?;
        let map = load_map(py, &saved.map)?;
        let recorded = saved::saved_rules(&map, &saved).map_err(|e| game_errors(vec![e]))?;
        let mut in_force = recorded;
        apply_rule_items(&mut in_force, &items)?;
        if in_force != recorded && saved::records_rules(&saved) {
            return Err(GameError::new_err(format!(
                "game `{}`: rules cannot change the rules of a game under way; it keeps the rules it records",
                saved.id
            )));
        }
        let read = dip::Game::from_saved_game_with((*map).clone(), in_force, &saved, differing).map_err(game_errors)?;
        let board_differences: Vec<String> = read.faults().iter().map(ToString::to_string).collect();
        if !board_differences.is_empty() {
            let warn = py.import("warnings")?.getattr("warn")?;
            let category = py.get_type::<DifferingBoardsWarning>();
            for line in &board_differences {
                // Stack level 1: the warning names the line that called `from_saved_game`.
                warn.call1((line.as_str(), &category, 1))?;
            }
        }
        Ok(PyGame { game: read.game, map, board_differences })
    }
    /// For a game read with `from_saved_game(..., differing_boards="report")`: a line for
    /// each phase whose orders make a board other than the one the game records, naming the
    /// game, the phase and what differs. Empty when every board agrees, and for a game not
    /// read from a saved game.
    #[getter]
    fn board_differences(&self) -> Vec<String> {
        self.board_differences.clone()
    }
    #[getter]
    fn map(&self) -> PyMap {
        PyMap { map: self.map.clone() }
    }
    /// The position waiting for orders.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition { map: self.map.clone(), position: self.game.position().clone() }
    }
    #[getter]
    fn phase(&self) -> String {
        saved::phase_name(self.game.phase())
    }
    /// The winner's name, if a power has won.
    #[getter]
    fn winner(&self) -> Option<String> {
        self.game.winner().map(|p| self.map.power(p).name.clone())
    }
    /// Supply centres that count, by power.
    fn centre_counts(&self) -> Vec<(String, u16)> {
        self.game.centre_counts().into_iter().map(|(p, n)| (self.map.power(p).name.clone(), n)).collect()
    }
    /// Legal orders of the position waiting (see `dip.legal_orders`).
    fn legal_orders(&self) -> PyResult<Vec<(String, Vec<PyOrder>)>> {
        legal_orders(&self.position())
    }
    /// Plays the phase waiting with these orders (`Order`s, `(power, text)` pairs or texts
    /// with a power prefix) and returns what each did in MILA's codes, by unit. Unreadable
    /// orders raise `ParseError` and leave the game as it was.
    fn play<'py>(&mut self, py: Python<'py>, orders: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let lines = order_lines(&self.map, self.game.phase().kind, orders)?;
        let mut parsed = Vec::with_capacity(lines.len());
        for line in lines {
            parsed.push(line.parsed.map_err(|e| parse_error(&line.text, &e))?);
        }
        let record = self.game.play(parsed).map_err(adjudication_error)?;
        let results = saved::mila_results(&self.map, &record.position, &record.orders, (&record.outcome).into());
        serde_to_py(py, &results)
    }
    /// Every phase played: dicts with `name`, `state`, `orders` (MILA notation) and
    /// `results` (MILA's codes), as the saved game has them.
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut saved = self.game.to_saved_game("");
        saved.phases.pop();
        serde_to_py(py, &saved.phases)
    }
    /// The game as saved-game JSON (a dict), as MILA's `to_saved_game_format` writes it.
    #[pyo3(signature = (id="dip"))]
    fn to_saved_game<'py>(&self, py: Python<'py>, id: &str) -> PyResult<Bound<'py, PyAny>> {
        serde_to_py(py, &self.game.to_saved_game(id))
    }
    fn __repr__(&self) -> String {
        format!("dip.Game({} {}, {} phases played)", self.map.name(), self.phase(), self.game.history().len())
    }
}

/// A saved game given as JSON text or as a dict.
pub fn saved_game_arg(game: &Bound<'_, PyAny>) -> PyResult<SavedGame> {
    let value = match game.extract::<String>() {
        Ok(text) => serde_json::from_str(&text).map_err(|e| GameError::new_err(format!("not JSON: {e}")))?,
        Err(_) => crate::convert::from_py(game)?,
    };
    serde_json::from_value(value).map_err(|e| GameError::new_err(format!("not a saved game: {e}")))
}

//! The engine of `dip.mila.Game`: a game kept the way MILA's `diplomacy.Game` keeps and
//! shows it (phase names, `A PAR` units in MILA's order, orders by power as MILA checks
//! them, results in MILA's codes, MILA's end of the game), adjudicated by dip, and
//! `process_many`, which plays many games' phases at once across cores.
//!
//! One `impl MilaCore` is split across files by concern:
//! - this file: the state, the Python methods, and listing possible orders;
//! - `book.rs`: the orders given (`set_orders`, `get_orders`, `Power.orders`);
//! - `board.rs`: setting a board up (`set_units`, `set_centers`, `set_current_phase`) and
//!   MILA's orders of units and centres;
//! - `play.rs`: processing a phase and MILA's bookkeeping after it;
//! - `results.rs`: what a played phase shows (result codes, `command`, `popped`, ...).

mod board;
mod book;
mod play;
mod results;

use std::sync::Arc;

use pyo3::PyTraverseError;
use pyo3::exceptions::PyValueError;
use pyo3::gc::PyVisit;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use dip::formats::saved::{self, PlayedRecord};
use dip::movement::Adjudicator;
use dip::{LegalAction, Map, ParseOptions, PhaseKind, PhaseOutcome, Position, PowerId, ProvinceId, Rules};

use crate::cache::{MapCache, OrderTexts, map_cache};
use crate::convert::{adjudication_error, game_errors, serde_to_py};
use crate::core::{power_id, saved_game_arg};
pub(crate) use board::opening_centre_order;
use book::{Entry, Given};
use play::Ended;

thread_local! {
    /// The movement resolver's scratch tables, reused by every game processed on a thread.
    static ADJUDICATOR: std::cell::RefCell<Adjudicator> = std::cell::RefCell::new(Adjudicator::new());
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<MilaCore>()?;
    m.add_class::<results::PhaseData>()?;
    m.add_function(wrap_pyfunction!(process_many, m)?)?;
    m.add_function(wrap_pyfunction!(crate::cache::_set_text_table_limits, m)?)?;
    m.add_function(wrap_pyfunction!(crate::cache::_listing_dicts_reused, m)?)?;
    Ok(())
}

/// MILA's rule flags that change what a game does; the Python class keeps the list of
/// rules and sets these from it. MILA's other rules (press, deadlines, ...) change nothing
/// here.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct MilaFlags {
    /// `NO_CHECK`: movement orders are kept as written and checked when processed.
    no_check: bool,
    /// `HOLD_WIN`: a win needs the victory count a year before too (not growth).
    hold_win: bool,
    /// `SHARED_VICTORY`: every power with the victory count wins, alone in the lead or not.
    shared_victory: bool,
}

/// One game, as MILA's `Game` keeps it.
#[pyclass(module = "dip._dip", subclass)]
#[derive(Debug)]
pub struct MilaCore {
    cache: Arc<MapCache>,
    map: Arc<Map>,
    rules: Rules,
    flags: MilaFlags,
    /// The board waiting; its units in MILA's order (see `board.rs`).
    position: Position,
    /// The units on the board in MILA's order (by location; the board's own list is sorted
    /// by location, so that equal boards list alike). Shared by copies until one changes it.
    unit_order: Arc<Vec<dip::LocId>>,
    /// Units waiting to retreat outside a retreat phase (MILA allows them; they play no
    /// part).
    strays: Vec<dip::Unit>,
    /// The centres owned, in MILA's order (shared by copies until one changes it).
    centre_order: Arc<Vec<ProvinceId>>,
    /// The orders given for the phase waiting, by power index, in the order given.
    orders: Vec<Vec<Entry>>,
    /// The phases played, each shared by the copies of the game made after it: a copy
    /// costs a reference a phase, not the phase.
    history: Vec<Arc<Played>>,
    /// The game is over (MILA's phase `COMPLETED`).
    done: bool,
    /// How it ended, once it has (a win, a draw; none when ended by hand).
    ended: Option<Arc<Ended>>,
    /// The possible orders of a board, once listed: shared by copies (a search
    /// lists the same board on many copies of a game).
    possible: Option<Arc<Listing>>,
    /// The number of the board waiting, unique across games (a copy keeps its game's
    /// until either changes the board): a listing, the units by province and the orders'
    /// checks are of the board with this number. A phase played leaves the old listing to be dropped by the next listing,
    /// on the Python thread that made it (not on `process_many`'s threads, where freeing
    /// another thread's memory costs more).
    board: u64,
    /// MILA's `game.error`: the orders `set_orders` ignored, with why. Made when first
    /// needed (most games never ignore an order).
    error: Option<Py<PyList>>,
    /// The unit in each province, of the board numbered `.0` (0: none yet), filled when
    /// `set_orders` first needs it on a board: each order given is checked and written out
    /// against it.
    units_at: (u64, Vec<Option<dip::Unit>>),
    // MILA's Python attributes of a game, any Python objects the Python class sets (`None`
    // until it does). They are kept here, not in the instance's `__dict__`, so that a copy
    // of the game copies them in Rust: set one by one from Python, five of them cost a
    // fifth of `clone()`'s instructions. See `Attributes` for which are copied.
    #[pyo3(get, set)]
    game_id: Option<Py<PyAny>>,
    #[pyo3(get, set)]
    map_name: Option<Py<PyAny>>,
    #[pyo3(get, set)]
    note: Option<Py<PyAny>>,
    #[pyo3(get, set)]
    role: Option<Py<PyAny>>,
    #[pyo3(get, set)]
    deadline: Option<Py<PyAny>>,
    #[pyo3(get, set)]
    messages: Option<Py<PyAny>>,
    #[pyo3(get, set)]
    metadata: Option<Py<PyAny>>,
    /// MILA's rule flags as a list (`_rules`; `rules` is a Python property over it).
    #[pyo3(get, set, name = "_rules")]
    rule_list: Option<Py<PyAny>>,
    #[pyo3(get, set)]
    no_rules: Option<Py<PyAny>>,
    /// dip's rule items given (`_dip_rules`).
    #[pyo3(get, set, name = "_dip_rules")]
    dip_rule_list: Option<Py<PyAny>>,
}

/// What a copy of a game does with its Python attributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Attributes {
    /// Copies each container (a list, set or dict: another game's `messages` must not be
    /// this one's) and shares the rest (strings, numbers; any other object is copied with
    /// Python's `copy.copy`, as its kind is unknown).
    Copied,
    /// Shares every one: the copy replaces the game (`set_state` builds the new board on a
    /// copy, and `game.messages` stays the same dict).
    Shared,
}

/// One of a game's Python attributes, for a copy of the game.
fn attribute_copy(py: Python<'_>, value: &Option<Py<PyAny>>, how: Attributes) -> PyResult<Option<Py<PyAny>>> {
    use pyo3::types::{PyBool, PyFloat, PyFrozenSet, PyInt, PySet, PyTuple};
    let Some(value) = value else { return Ok(None) };
    let value = value.bind(py);
    if how == Attributes::Shared
        || value.is_none()
        || value.is_exact_instance_of::<PyString>()
        || value.is_exact_instance_of::<PyInt>()
        || value.is_exact_instance_of::<PyBool>()
        || value.is_exact_instance_of::<PyFloat>()
        || value.is_exact_instance_of::<PyTuple>()
        || value.is_exact_instance_of::<PyFrozenSet>()
    {
        return Ok(Some(value.clone().unbind()));
    }
    let copied = if let Ok(list) = value.cast_exact::<PyList>() {
        list.get_slice(0, usize::MAX).into_any()
    } else if let Ok(dict) = value.cast_exact::<PyDict>() {
        if dict.is_empty() { PyDict::new(py) } else { dict.copy()? }.into_any()
    } else if let Ok(set) = value.cast_exact::<PySet>() {
        PySet::new(py, set.iter())?.into_any()
    } else {
        py.import("copy")?.call_method1("copy", (value,))?
    };
    Ok(Some(copied.unbind()))
}

/// The possible orders of one board: ids of their texts in the map's table of a given
/// generation, in groups, each the list of one location key.
#[derive(Debug, Default)]
struct Listing {
    board: u64,
    generation: u64,
    ids: Vec<u32>,
    /// Location key index, and where its ids start and end in `ids`.
    groups: Vec<(u32, u32, u32)>,
}

impl Listing {
    /// A province's builds or removals (`orders`: the location of each and its id): under
    /// the province, and those on a coast under the coast too, each list ending with the
    /// waive, if any.
    fn site(&mut self, province: ProvinceId, orders: &[(dip::LocId, u32)], waive: Option<u32>) {
        let start = self.ids.len() as u32;
        self.ids.extend(orders.iter().map(|&(_, id)| id));
        self.ids.extend(waive);
        self.groups.push((province.index() as u32, start, self.ids.len() as u32));
        for (i, &(coast, _)) in orders.iter().enumerate() {
            if coast.index() == province.index() || orders[..i].iter().any(|&(l, _)| l == coast) {
                continue;
            }
            let start = self.ids.len() as u32;
            self.ids.extend(orders.iter().filter(|&&(l, _)| l == coast).map(|&(_, id)| id));
            self.ids.extend(waive);
            self.groups.push((coast.index() as u32, start, self.ids.len() as u32));
        }
    }

    /// A unit's list, ids `start..end`: under its location and, for a unit on a coast,
    /// under its province as well, as MILA does.
    fn add(&mut self, map: &Map, loc: dip::LocId, start: u32, end: u32) {
        let province = map.province_of(loc);
        if loc.index() != province.index() {
            self.groups.push((loc.index() as u32, start, end));
        }
        self.groups.push((province.index() as u32, start, end));
    }
}

/// A phase played: the board it started from, the orders that counted, what came of them,
/// and the orders MILA voided (retreat and adjustment phases, `NO_CHECK` movement phases).
#[derive(Debug)]
struct Played {
    position: Position,
    /// The orders MILA listed the start's units and centres in.
    unit_order: Arc<Vec<dip::LocId>>,
    centre_order: Arc<Vec<ProvinceId>>,
    orders: Vec<Given>,
    outcome: PhaseOutcome,
    voided: Option<Box<[Voided]>>,
}

/// The numbers boards are given (see `MilaCore::board`).
static BOARDS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// A board number no board had.
fn next_board() -> u64 {
    BOARDS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// An order MILA voided: the power that gave it and its text as written.
type Voided = (PowerId, Box<str>);

impl MilaCore {
    /// A game at the map's opening.
    fn fresh(cache: Arc<MapCache>, rules: Rules) -> Self {
        let map = cache.map.clone();
        let powers = map.power_count();
        let opening = &cache.opening;
        let (position, unit_order, centre_order) =
            (opening.position.clone(), opening.unit_order.clone(), opening.centre_order.clone());
        MilaCore {
            cache,
            map,
            rules,
            flags: MilaFlags::default(),
            position,
            unit_order,
            strays: Vec::new(),
            centre_order,
            orders: vec![Vec::new(); powers],
            history: Vec::new(),
            done: false,
            ended: None,
            possible: None,
            board: next_board(),
            error: None,
            units_at: (0, Vec::new()),
            game_id: None,
            map_name: None,
            note: None,
            role: None,
            deadline: None,
            messages: None,
            metadata: None,
            rule_list: None,
            no_rules: None,
            dip_rule_list: None,
        }
    }

    /// A copy sharing nothing mutable with this game (its `error` list copied too), its
    /// Python attributes copied or shared as `attributes` says.
    fn copy(&self, py: Python<'_>, attributes: Attributes) -> PyResult<Self> {
        let attribute = |value: &Option<Py<PyAny>>| attribute_copy(py, value, attributes);
        Ok(MilaCore {
            cache: self.cache.clone(),
            map: self.map.clone(),
            rules: self.rules,
            flags: self.flags,
            position: self.position.clone(),
            unit_order: self.unit_order.clone(),
            strays: self.strays.clone(),
            centre_order: self.centre_order.clone(),
            orders: self.orders.clone(),
            history: self.history.clone(),
            done: self.done,
            ended: self.ended.clone(),
            possible: self.possible.clone().filter(|l| l.board == self.board),
            board: self.board,
            error: self.error.as_ref().map(|list| list.bind(py).get_slice(0, usize::MAX).unbind()),
            units_at: (0, Vec::new()),
            game_id: attribute(&self.game_id)?,
            map_name: attribute(&self.map_name)?,
            note: attribute(&self.note)?,
            role: attribute(&self.role)?,
            deadline: attribute(&self.deadline)?,
            messages: attribute(&self.messages)?,
            metadata: attribute(&self.metadata)?,
            rule_list: attribute(&self.rule_list)?,
            no_rules: attribute(&self.no_rules)?,
            dip_rule_list: attribute(&self.dip_rule_list)?,
        })
    }

    /// The game's Python attributes (see the fields' comment).
    fn attributes(&self) -> [&Option<Py<PyAny>>; 10] {
        [
            &self.game_id,
            &self.map_name,
            &self.note,
            &self.role,
            &self.deadline,
            &self.messages,
            &self.metadata,
            &self.rule_list,
            &self.no_rules,
            &self.dip_rule_list,
        ]
    }

    /// A power by any of its names, or as MILA writes it (`WESTERNCANADA`).
    fn power(&self, name: &str) -> PyResult<PowerId> {
        saved::power_named(&self.map, name).map_or_else(|| power_id(&self.map, name), Ok)
    }

    /// A power named by a Python string: one of the names `power_names()` gave is known
    /// by its address, without reading it.
    fn power_of(&self, name: &Bound<'_, PyString>) -> PyResult<PowerId> {
        match self.cache.powers.iter().position(|p| p.as_ptr() == name.as_ptr()) {
            Some(i) => Ok(PowerId(i as u8)),
            None => {
                // Written as MILA writes it (the common case: a name from Python code), or
                // read as any of the power's names.
                let text = name.to_cow()?;
                let py = name.py();
                match self.cache.powers.iter().position(|p| p.bind(py).to_str().is_ok_and(|p| p == text)) {
                    Some(i) => Ok(PowerId(i as u8)),
                    None => self.power(&text),
                }
            }
        }
    }

    /// The legal orders of the board waiting as ids of MILA texts, by location key (see
    /// `all_possible_orders`); empty once the game is over.
    fn list_possible(&self, py: Python<'_>, table: &mut OrderTexts) -> PyResult<Listing> {
        let mut listing = Listing {
            board: self.board,
            generation: table.generation(),
            // A list a unit, two for one on a coast.
            groups: Vec::with_capacity(2 * self.position.units.len().max(self.position.dislodged.len())),
            ..Listing::default()
        };
        if self.done {
            return Ok(listing);
        }
        let map = &*self.map;
        // MILA's vocabulary: moves by convoy into every province the fleets could carry an army
        // to, walkable or not.
        let legal = dip::LegalOrders::new(map, &self.position)
            .map_err(crate::convert::position_error)?
            .convoy_moves(dip::ConvoyMoves::Everywhere);
        let kind = self.position.phase.kind;
        listing.ids.reserve(512);
        if kind != PhaseKind::Adjustment {
            // One unit's orders (for a retreat, its retreats and disband): one list, under
            // its location (and its province when that is a coast).
            let mut units = Vec::with_capacity(self.position.units.len());
            legal.unit_actions_into(&mut table.unit_ids(py, map, &mut listing.ids, &mut units));
            let ends = units.iter().skip(1).map(|&(_, start)| start).chain([listing.ids.len() as u32]);
            for (&(loc, start), end) in units.iter().zip(ends) {
                listing.add(map, loc, start, end);
            }
            return Ok(listing);
        }
        let waive = table.id(py, map, &dip::LegalOrder { power: PowerId(0), unit: None, action: LegalAction::Waive });
        let mut site: Vec<(dip::LocId, u32)> = Vec::new();
        legal.groups(|group| {
            // One power's builds or removals: a list a province (an army's and a fleet's
            // builds there), each ending with a waive when the power may waive (its waive
            // comes first); as MILA lists them, a fleet's build or removal on a coast is
            // under the coast too, with the waive.
            let waives = group.first().is_some_and(|o| o.action == LegalAction::Waive);
            let waive = waives.then_some(waive);
            let mut orders = group.iter().filter_map(|o| o.unit.map(|(_, loc)| (map.province_of(loc), o))).peekable();
            while let Some((province, first)) = orders.next() {
                site.clear();
                site.extend(first.unit.map(|(_, loc)| (loc, table.id(py, map, first))));
                while let Some((_, order)) = orders.next_if(|(p, _)| *p == province) {
                    site.extend(order.unit.map(|(_, loc)| (loc, table.id(py, map, order))));
                }
                listing.site(province, &site, waive);
            }
        });
        Ok(listing)
    }

    fn orderable(&self, power: PowerId) -> Vec<ProvinceId> {
        let map = &*self.map;
        if self.done {
            return Vec::new();
        }
        let mut provinces: Vec<ProvinceId> = match self.position.phase.kind {
            PhaseKind::Movement => {
                self.position.units.iter().filter(|u| u.power == power).map(|u| map.province_of(u.loc)).collect()
            }
            PhaseKind::Retreat => self
                .position
                .dislodged
                .iter()
                .filter(|d| d.unit.power == power)
                .map(|d| map.province_of(d.unit.loc))
                .collect(),
            PhaseKind::Adjustment => {
                let units = self.position.units.iter().filter(|u| u.power == power).count();
                let centres = usize::from(dip::adjust::counted_centres(map, &self.position, power));
                if centres > units {
                    dip::adjust::build_sites(map, &self.position, power)
                } else if units > centres {
                    self.position.units.iter().filter(|u| u.power == power).map(|u| map.province_of(u.loc)).collect()
                } else {
                    Vec::new()
                }
            }
        };
        // MILA sorts them by name.
        provinces.sort_unstable_by_key(|p| self.cache.name_rank[p.index()]);
        provinces
    }

    /// A province as MILA names it, from the map's shared names (location `i` of a map is
    /// province `i`).
    fn province_name<'py>(&self, py: Python<'py>, province: ProvinceId) -> Bound<'py, PyString> {
        self.cache.keys[province.index()].bind(py).clone()
    }

    /// The strings given to `set_orders`: one string, or a list (any iterable) of them;
    /// every item is checked to be a string before any order is set; empty ones are left
    /// out, as MILA leaves them out.
    fn order_items<'py>(orders: &Bound<'py, PyAny>) -> PyResult<Vec<Bound<'py, PyString>>> {
        let kept = |item: Bound<'py, PyAny>| -> PyResult<Option<Bound<'py, PyString>>> {
            let text = item.cast_into::<PyString>()?;
            Ok((text.len()? > 0).then_some(text))
        };
        let mut items: Vec<Bound<'py, PyString>> = Vec::new();
        if let Ok(one) = orders.cast::<PyString>() {
            items.extend(kept(one.clone().into_any())?);
        } else if let Ok(list) = orders.cast::<PyList>() {
            items.reserve(list.len());
            for item in list.iter() {
                items.extend(kept(item)?);
            }
        } else {
            for item in orders.try_iter()? {
                items.extend(kept(item?)?);
            }
        }
        Ok(items)
    }

    /// Adds messages to `game.error`.
    fn report(&mut self, py: Python<'_>, messages: Vec<String>) -> PyResult<()> {
        if messages.is_empty() {
            return Ok(());
        }
        let error = self.get_error(py);
        for message in messages {
            error.append(message)?;
        }
        Ok(())
    }

    /// Why a listed text not known by its address does not read as a legal order of its
    /// unit's power, if it does not.
    fn unlisted_unlike_read(&self, text: &str) -> Option<String> {
        let map = &*self.map;
        let unit = book::written_unit(text);
        let Some(unit) = dip::orders::parse_unit(map, &unit)
            .ok()
            .and_then(|(_, loc)| self.position.unit_in(map, map.province_of(loc)))
        else {
            return Some("no unit there".into());
        };
        let options = ParseOptions::new(self.position.phase.kind).power(unit.power);
        match dip::parse_order(map, options, text) {
            Ok(read) => self.illegal_movement(&read).map(|why| format!("illegal: {why}")),
            Err(e) => Some(e.to_string()),
        }
    }

    /// The rules of a game given none: MILA's adjudication (the `mila` preset).
    fn default_rule_items() -> Vec<String> {
        dip::RULE_PRESETS.iter().filter(|(name, _)| *name == "mila").map(|(name, _)| name.to_string()).collect()
    }

    /// Played phase `index` as MILA's `GamePhaseData`, if there is one.
    fn phase_data(&self, index: usize) -> Option<results::PhaseData> {
        let record = self.history.get(index)?.clone();
        let before = index.checked_sub(1).map(|i| self.history[i].clone());
        Some(results::PhaseData::new(self.cache.clone(), record, before))
    }

    /// The game's end as MILA's `outcome` shows it.
    fn outcome_list(&self) -> Vec<String> {
        match &self.ended {
            Some(ended) => {
                let mut out = vec![saved::phase_name(ended.phase)];
                out.extend(ended.victors.iter().map(|&p| saved::power_key(&self.map, p)));
                out
            }
            None => Vec::new(),
        }
    }
}

/// Reads a rule list as MILA's `Game(rules=...)` takes it: MILA's own rule names
/// (`NO_PRESS`, ...) are accepted and left to the Python side; dip presets and overrides
/// are applied.
fn dip_rule_items(items: &[String]) -> Vec<String> {
    items
        .iter()
        .filter(|r| r.contains('=') || dip::RULE_PRESETS.iter().any(|(n, _)| n.eq_ignore_ascii_case(r)))
        .cloned()
        .collect()
}

/// A recorded retreat phase in which no dislodged unit may retreat (webDiplomacy records
/// it; MILA's game passes over it).
fn passed_over(phase: &saved::SavedPhase) -> bool {
    let retreat =
        matches!(saved::parse_phase_name(&phase.name), Ok(saved::PhaseName::Phase(p)) if p.kind == PhaseKind::Retreat);
    retreat && phase.state.as_ref().is_some_and(|s| s.retreats.values().all(|units| units.values().all(Vec::is_empty)))
}

/// Strings of a Python list or of one string (MILA's `set_units` and `set_centers` take
/// either).
fn strings(value: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(one) = value.extract::<String>() {
        return Ok(vec![one]);
    }
    value.try_iter()?.map(|item| item?.extract::<String>()).collect()
}

#[pymethods]
impl MilaCore {
    /// The opening of `map_name` under `rules` (MILA's rule flags, which the Python class
    /// acts on, and dip presets or `ISSUE=CHOICE` overrides) and `dip_rules` (dip's only, a
    /// string or a list), over the `mila` preset (MILA's adjudication) when neither names a
    /// dip preset or override. As MILA's `Game`, only `game_id` may be given by position;
    /// it and MILA's other arguments are the Python class's. With `_source`, a copy of that
    /// game instead (how `clone()` makes one of a subclass).
    /// The garbage collector's walk: the game's Python attributes may hold the game (a
    /// message or metadata naming it), a cycle only the collector can free.
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        for value in self.attributes() {
            visit.call(value)?;
        }
        if let Some(error) = &self.error {
            visit.call(error)?;
        }
        Ok(())
    }

    /// Breaks the cycles the collector found: the attributes are let go (`error` holds
    /// only strings).
    fn __clear__(&mut self) {
        self.game_id = None;
        self.map_name = None;
        self.note = None;
        self.role = None;
        self.deadline = None;
        self.messages = None;
        self.metadata = None;
        self.rule_list = None;
        self.no_rules = None;
        self.dip_rule_list = None;
    }

    #[new]
    #[pyo3(signature = (game_id=None, *, map_name="standard", rules=None, dip_rules=None, _source=None, **kwargs))]
    fn new(
        py: Python<'_>,
        game_id: Option<&Bound<'_, PyAny>>,
        map_name: &str,
        rules: Option<&Bound<'_, PyAny>>,
        dip_rules: Option<&Bound<'_, PyAny>>,
        _source: Option<PyRef<'_, Self>>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let _ = (game_id, kwargs);
        if let Some(source) = _source {
            return source.copy(py, Attributes::Copied);
        }
        // Rule names: any iterable of strings (MILA code passes lists, tuples and sets), or
        // one string. Among `rules`, MILA's own flags are passed over; `dip_rules` are
        // dip's only, so an unknown one is an error.
        let names = |group: Option<&Bound<'_, PyAny>>| -> PyResult<Vec<String>> {
            let Some(group) = group else { return Ok(Vec::new()) };
            if group.is_none() {
                return Ok(Vec::new());
            }
            if group.is_instance_of::<PyString>() {
                return Ok(vec![group.extract()?]);
            }
            group.try_iter()?.map(|item| item?.extract::<String>()).collect()
        };
        let mut items = dip_rule_items(&names(rules)?);
        items.extend(names(dip_rules)?);
        if items.is_empty() {
            items = Self::default_rule_items();
        }
        let cache = map_cache(py, map_name)?;
        let rules = cache.rules(&items)?;
        Ok(MilaCore::fresh(cache, rules))
    }

    /// The map's name as dip knows it.
    #[getter]
    fn _map_name(&self) -> &str {
        self.map.name()
    }

    /// `S1901M`, or `COMPLETED` once the game is over.
    fn get_current_phase(&self) -> String {
        if self.done { "COMPLETED".into() } else { saved::phase_name(self.position.phase) }
    }

    /// `S1901M`, or `COMPLETED` once the game is over.
    #[getter]
    fn current_short_phase(&self) -> String {
        self.get_current_phase()
    }

    /// `SPRING 1901 MOVEMENT`, `FALL 1901 RETREATS`, `WINTER 1901 ADJUSTMENTS`;
    /// `COMPLETED` once the game is over.
    #[getter]
    fn get_phase(&self) -> String {
        if self.done { "COMPLETED".into() } else { board::long_phase_name(self.position.phase) }
    }

    /// Sets the phase as MILA's `game.phase = ...` does: a long or short name, or
    /// `COMPLETED` (the game is over).
    #[setter]
    fn set_phase(&mut self, name: &str) -> PyResult<()> {
        self.set_current_phase(name)
    }

    /// MILA's `set_current_phase`: the board stays, the phase changes; `COMPLETED` ends the
    /// game. A phase the map's calendar does not have is a `ValueError`.
    fn set_current_phase(&mut self, new_phase: &str) -> PyResult<()> {
        let phase = board::read_phase(new_phase).map_err(PyValueError::new_err)?;
        self.move_to_phase(phase);
        Ok(())
    }

    /// The game is over.
    #[getter]
    fn is_game_done(&self) -> bool {
        self.done
    }

    #[getter]
    fn _year(&self) -> u16 {
        self.position.phase.year
    }

    /// MILA's `game.error`: what `set_orders` and the set-up methods refused, as
    /// `"ORDER: why"`; emptied by `process()`.
    #[getter]
    fn get_error<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyList> {
        self.error.get_or_insert_with(|| PyList::empty(py).unbind()).bind(py).clone()
    }

    #[setter]
    fn set_error(&mut self, error: Bound<'_, PyList>) {
        self.error = Some(error.unbind());
    }

    /// MILA's rule flags that change what the game does (`NO_CHECK`, `HOLD_WIN`,
    /// `SHARED_VICTORY`), from the game's list of rules.
    fn _set_mila_rules(&mut self, rules: Vec<String>) {
        let has = |name: &str| rules.iter().any(|r| r == name);
        self.flags =
            MilaFlags { no_check: has("NO_CHECK"), hold_win: has("HOLD_WIN"), shared_victory: has("SHARED_VICTORY") };
    }

    /// Power names upper-case, in the map's order.
    fn _power_names<'py>(&self, py: Python<'py>) -> Vec<Bound<'py, PyString>> {
        self.cache.powers.iter().map(|p| p.bind(py).clone()).collect()
    }

    /// A power's units in MILA's order; with `waiting`, then those waiting to retreat
    /// (`*A MUN`).
    #[pyo3(signature = (power, waiting=true))]
    fn _units(&self, power: &str, waiting: bool) -> PyResult<Vec<String>> {
        Ok(self.shown().unit_texts(self.power(power)?, waiting))
    }

    /// A power's supply centres in MILA's order.
    fn _centers<'py>(&self, py: Python<'py>, power: &str) -> PyResult<Vec<Bound<'py, PyString>>> {
        Ok(self.shown().centres(py, self.power(power)?))
    }

    /// A power's home centres (MILA's `power.homes`).
    fn _homes(&self, power: &str) -> PyResult<Vec<String>> {
        Ok(self.shown().homes(self.power(power)?))
    }

    /// Retreat lists of the power's units waiting to retreat: `{"A MUN": ["BOH", "TYR"]}`.
    fn _retreats<'py>(&self, py: Python<'py>, power: &str) -> PyResult<Bound<'py, PyDict>> {
        self.shown().retreats(py, self.power(power)?)
    }

    /// MILA's `is_eliminated()`: no units, no centres, nothing waiting to retreat.
    fn _is_eliminated(&self, power: &str) -> PyResult<bool> {
        let power = self.power(power)?;
        let has_units = self.position.units.iter().any(|u| u.power == power)
            || self.position.dislodged.iter().any(|d| d.unit.power == power)
            || self.strays.iter().any(|u| u.power == power);
        Ok(!has_units && self.position.owners.iter().all(|&o| o != Some(power)))
    }

    /// Where a power has something to order this phase (provinces: `STP`, `PAR`, sorted
    /// as MILA sorts them), or a dict of every power's.
    #[pyo3(signature = (power_name=None))]
    fn get_orderable_locations<'py>(
        &self,
        py: Python<'py>,
        power_name: Option<&Bound<'py, PyString>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let of = |power: PowerId| PyList::new(py, self.orderable(power).into_iter().map(|p| self.province_name(py, p)));
        match power_name {
            Some(name) => Ok(of(self.power_of(name)?)?.into_any()),
            None => {
                let dict = PyDict::new(py);
                for (i, name) in self.cache.powers.iter().enumerate() {
                    dict.set_item(name.bind(py), of(PowerId(i as u8))?)?;
                }
                Ok(dict.into_any())
            }
        }
    }

    /// Every location of the map → the legal orders there, in MILA notation. Locations
    /// with nothing to order map to an empty list; a unit on a coast is listed under both
    /// the coast (`STP/SC`) and the province (`STP`), as MILA does. A dict and lists of
    /// their own every call, as far as any caller can tell (a dict and its lists that no
    /// one holds any more are filled again: see `dicts`); the texts are worked out once a
    /// board (see `possible`).
    fn get_all_possible_orders<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let mut table = self.cache.order_texts();
        let listing = match &self.possible {
            Some(listing) if listing.generation == table.generation() && listing.board == self.board => listing.clone(),
            _ => {
                let mut listing = self.list_possible(py, &mut table)?;
                // A table that filled up and was emptied during the listing: once more, now
                // with room; a listing too big for the table even when empty doubles its
                // limits until it fits.
                let mut tries = 0;
                while listing.generation != table.generation() {
                    tries += 1;
                    if tries > 1 {
                        table.grow_limits();
                    }
                    listing = self.list_possible(py, &mut table)?;
                }
                let listing = Arc::new(listing);
                self.possible = Some(listing.clone());
                listing
            }
        };
        table.check(&listing.ids)?;
        // Each key's texts in key order, a reference taken to each under the table's lock;
        // the dict is filled once the lock is let go, as filling it may run Python code
        // (see `dicts`).
        let mut spans = vec![(0, 0); self.cache.keys.len()];
        for &(key, start, end) in &listing.groups {
            if let Some(span) = spans.get_mut(key as usize) {
                *span = (start, end);
            }
        }
        let ids = |(start, end): (u32, u32)| listing.ids.get(start as usize..end as usize).unwrap_or_default();
        let mut texts = Vec::with_capacity(spans.iter().map(|&s| ids(s).len()).sum());
        let lens: Vec<u32> = spans
            .iter()
            .map(|&span| {
                texts.extend(ids(span).iter().map(|&id| table.text(py, id).clone()));
                ids(span).len() as u32
            })
            .collect();
        drop(table);
        self.cache.dicts.fill(py, &self.cache, texts, &lens)
    }

    /// Sets a power's orders (MILA's `set_orders`): a string, or a list (any iterable) of
    /// strings, checked as MILA checks them (see `book.rs`); what is refused is named in
    /// `error`. `expand` is MILA's and changes nothing: orders are always read in full.
    #[pyo3(signature = (power_name, orders, expand=true, replace=true))]
    fn set_orders(
        &mut self,
        py: Python<'_>,
        power_name: &Bound<'_, PyString>,
        orders: &Bound<'_, PyAny>,
        expand: bool,
        replace: bool,
    ) -> PyResult<()> {
        let _ = expand;
        let power = self.power_of(power_name)?;
        let items = Self::order_items(orders)?;
        let mut refused: Vec<String> = Vec::new();
        if self.done {
            refused.extend(items.iter().map(|o| format!("{o}: the game is over")));
        } else {
            match self.position.phase.kind {
                PhaseKind::Movement if self.flags.no_check => {
                    let texts: Vec<String> = items.iter().map(|o| o.to_string()).collect();
                    self.give_unchecked(power, &texts, replace, &mut refused);
                }
                PhaseKind::Movement => self.give_movement(power, &items, replace, &mut refused),
                kind => {
                    // MILA: an empty list clears a power's retreat or adjustment orders.
                    if items.is_empty() {
                        self.orders[power.index()].clear();
                    } else if kind == PhaseKind::Retreat {
                        self.give_retreats(power, &items, replace, &mut refused)?;
                    } else {
                        self.give_adjustments(power, &items, replace, &mut refused)?;
                    }
                }
            }
        }
        self.report(py, refused)
    }

    /// For the tests: the listed texts of the board waiting whose order, taken from the
    /// listing (as `set_orders` takes the strings a listing gave), differs from the order
    /// read from the text. Empty when the two ways agree.
    fn _listed_orders_unlike_read(&mut self, py: Python<'_>) -> PyResult<Vec<String>> {
        let listing = self.get_all_possible_orders(py)?;
        let table = self.cache.order_texts();
        let options = ParseOptions::new(self.position.phase.kind);
        let mut unlike = Vec::new();
        for (_, texts) in listing.iter() {
            for item in texts.cast::<PyList>()?.iter() {
                let Some(legal) = table.listed(&item) else {
                    // MILA's supports of a fleet's move to one coast are read when given:
                    // each must read as a legal order of its unit's power.
                    let text: String = item.extract()?;
                    if let Some(why) = self.unlisted_unlike_read(&text) {
                        unlike.push(format!("{text}: {why}"));
                    }
                    continue;
                };
                let taken = crate::cache::mila_order(&self.map, &legal);
                let text: String = item.extract()?;
                match dip::parse_order(&self.map, options.power(legal.power), &text) {
                    Ok(read) if read == taken => {}
                    Ok(read) => unlike.push(format!("{text}: read {read:?}, taken {taken:?}")),
                    Err(e) => unlike.push(format!("{text}: {e}")),
                }
            }
        }
        Ok(unlike)
    }

    /// MILA's `get_orders`: a power's orders (see `book.rs`), or a dict of every power's.
    #[pyo3(signature = (power_name=None))]
    fn get_orders<'py>(
        &self,
        py: Python<'py>,
        power_name: Option<&Bound<'py, PyString>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        match power_name {
            Some(name) => {
                let name = name.to_cow()?.to_ascii_uppercase();
                Ok(PyList::new(py, self.orders_of(self.power(&name)?))?.into_any())
            }
            None => {
                let dict = PyDict::new(py);
                for (i, name) in self.cache.powers.iter().enumerate() {
                    dict.set_item(name.bind(py), self.orders_of(PowerId(i as u8)))?;
                }
                Ok(dict.into_any())
            }
        }
    }

    /// MILA's `Power.orders` (a new dict; see `book.rs`).
    fn _orders_dict<'py>(&self, py: Python<'py>, power: &str) -> PyResult<Bound<'py, PyDict>> {
        self.orders_dict(py, self.power(power)?)
    }

    /// MILA's `Power.adjust` (a new list of texts).
    fn _adjust<'py>(&self, py: Python<'py>, power: &str) -> PyResult<Bound<'py, PyList>> {
        self.adjust_list(py, self.power(power)?)
    }

    /// Replaces a power's movement orders by those of a `Power.orders` dict (unit →
    /// order, or MILA's `ORDER n` → whole order under `NO_CHECK`), as MILA's code does by
    /// assigning or changing the dict.
    fn _set_orders_dict(&mut self, py: Python<'_>, power: &str, orders: &Bound<'_, PyDict>) -> PyResult<()> {
        let power_id = self.power(power)?;
        self.orders[power_id.index()].clear();
        let mut texts: Vec<String> = Vec::new();
        for (key, value) in orders.iter() {
            let key: String = key.extract()?;
            let value: String = value.extract()?;
            if value.is_empty() {
                continue;
            }
            let numbered = ["ORDER ", "INVALID ", "REORDER "].iter().any(|p| key.starts_with(p));
            texts.push(if numbered { value } else { format!("{key} {value}") });
        }
        let texts = PyList::new(py, texts)?;
        let name = PyString::new(py, power);
        self.set_orders(py, &name, texts.as_any(), true, true)
    }

    /// Clears the orders of one power, or of all.
    #[pyo3(signature = (power_name=None))]
    fn clear_orders(&mut self, power_name: Option<&str>) -> PyResult<()> {
        match power_name {
            Some(name) => {
                let p = self.power(name)?;
                self.orders[p.index()].clear();
            }
            None => self.orders.iter_mut().for_each(Vec::clear),
        }
        Ok(())
    }

    /// Adjudicates the phase with the orders set and moves on to the next phase that needs
    /// orders, as MILA does (see `play.rs`); `error` is emptied first. Returns the phase
    /// played, as MILA's `GamePhaseData` (None when the game was over).
    fn process(&mut self, py: Python<'_>) -> PyResult<Option<results::PhaseData>> {
        if let Some(error) = &self.error {
            let error = error.bind(py);
            if !error.is_empty() {
                error.del_slice(0, usize::MAX)?;
            }
        }
        let played = self.history.len();
        ADJUDICATOR.with_borrow_mut(|adjudicator| self.play_with(adjudicator)).map_err(adjudication_error)?;
        Ok(self.phase_data(played))
    }

    /// Played phase `index` as MILA's `GamePhaseData`.
    fn _phase_data(&self, index: usize) -> PyResult<results::PhaseData> {
        self.phase_data(index)
            .ok_or_else(|| PyValueError::new_err(format!("no phase {index}: {} played", self.history.len())))
    }

    /// Phases played.
    fn _history_len(&self) -> usize {
        self.history.len()
    }

    /// A played phase (the last by default) as MILA shows it: its name, and its
    /// `results`, `command`, `ordered_units`, `popped` and `dislodged`.
    #[pyo3(signature = (index=None))]
    fn _view<'py>(&self, py: Python<'py>, index: Option<usize>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        let Some(index) = index.or(self.history.len().checked_sub(1)) else { return Ok(dict) };
        if index >= self.history.len() {
            return Err(PyValueError::new_err(format!("no phase {index}: {} played", self.history.len())));
        }
        let view = self.view(py, index)?;
        dict.set_item("name", saved::phase_name(self.history[index].position.phase))?;
        dict.set_item("results", view.results)?;
        dict.set_item("command", view.command)?;
        dict.set_item("ordered_units", view.ordered_units)?;
        dict.set_item("popped", view.popped)?;
        dict.set_item("dislodged", view.dislodged)?;
        Ok(dict)
    }

    /// The results of the phase last processed, in MILA's codes by unit.
    fn _last_results<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self.history.len().checked_sub(1) {
            Some(i) => Ok(self.view(py, i)?.results.into_any()),
            None => Ok(PyDict::new(py).into_any()),
        }
    }

    /// The board as MILA's `get_state()` keys it: `name`, `units`, `retreats`, `centers`,
    /// `homes`, `builds` (the Python class adds MILA's other keys). Played phase `index`'s
    /// board with an index.
    #[pyo3(signature = (index=None))]
    fn _state<'py>(&self, py: Python<'py>, index: Option<usize>) -> PyResult<Bound<'py, PyDict>> {
        match index {
            None => self.shown().state(py),
            Some(i) => {
                let record = self.history.get(i).ok_or_else(|| PyValueError::new_err(format!("no phase {i}")))?;
                record.shown(&self.cache).state(py)
            }
        }
    }

    /// Puts MILA's board of a `get_state()` dict (or a saved game's phase `state`) in
    /// place, as MILA's `set_state` does: the phase, then each power's units, retreat
    /// lists and centres; orders set are cleared, history is kept. A state that cannot be
    /// read (an unknown phase, power, unit or place) is a `GameError` naming each fault,
    /// and leaves the game as it was.
    fn _set_state(&mut self, py: Python<'_>, state: &Bound<'_, PyDict>) -> PyResult<()> {
        let mut next = self.copy(py, Attributes::Shared)?;
        let mut faults: Vec<String> = Vec::new();
        next.apply_state(state, &mut faults)?;
        if !faults.is_empty() {
            return Err(crate::GameError::new_err(format!("not a game state: {}", faults.join("; "))));
        }
        next.error = self.error.take();
        *self = next;
        Ok(())
    }

    /// Lists the board's units and centres in the order a state lists them (a saved game's
    /// last state, written in MILA's order), without changing the board.
    fn _arrange_as(&mut self, state: &Bound<'_, PyDict>) -> PyResult<()> {
        let map = self.map.clone();
        let mut units: Vec<dip::LocId> = Vec::new();
        if let Some(listed) = state.get_item("units")? {
            for (_, list) in listed.cast::<PyDict>()?.iter() {
                for text in strings(&list)? {
                    if let Ok((_, loc)) = dip::orders::parse_unit(&map, &text)
                        && self.position.units.iter().any(|u| u.loc == loc)
                        && !units.contains(&loc)
                    {
                        units.push(loc);
                    }
                }
            }
        }
        units.extend(self.position.units.iter().map(|u| u.loc).filter(|l| !self.unit_order.contains(l)));
        let mut missing: Vec<dip::LocId> = self.unit_order.iter().copied().filter(|l| !units.contains(l)).collect();
        units.append(&mut missing);
        self.unit_order = Arc::new(units);
        let mut centres: Vec<ProvinceId> = Vec::new();
        if let Some(listed) = state.get_item("centers")? {
            for (_, list) in listed.cast::<PyDict>()?.iter() {
                for name in strings(&list)? {
                    if let Some(p) = map.province_by_name(&name)
                        && self.position.owners[p.index()].is_some()
                        && !centres.contains(&p)
                    {
                        centres.push(p);
                    }
                }
            }
        }
        let mut missing: Vec<ProvinceId> = self.centre_order.iter().copied().filter(|p| !centres.contains(p)).collect();
        centres.append(&mut missing);
        self.centre_order = Arc::new(centres);
        Ok(())
    }

    /// Forgets the phases played (MILA's `set_state(..., clear_history=True)`).
    fn _clear_history(&mut self) {
        self.history.clear();
    }

    /// MILA's `set_units(power, units, reset=False)`; units that cannot stand where written
    /// are named in `error`.
    #[pyo3(signature = (power_name, units, reset=false))]
    fn set_units(&mut self, py: Python<'_>, power_name: &str, units: &Bound<'_, PyAny>, reset: bool) -> PyResult<()> {
        let Some(power) = saved::power_named(&self.map, power_name) else { return Ok(()) };
        let mut errors = Vec::new();
        self.set_units_of(power, &strings(units)?, reset, &mut errors);
        self.report(py, errors)
    }

    /// MILA's `clear_units(power=None)`.
    #[pyo3(signature = (power_name=None))]
    fn clear_units(&mut self, power_name: Option<&str>) {
        match power_name {
            Some(name) => {
                if let Some(power) = saved::power_named(&self.map, name) {
                    self.remove_units_of(Some(power));
                }
            }
            None => self.remove_units_of(None),
        }
    }

    /// MILA's `set_centers(power, centers, reset=False)`: names that are no supply centre
    /// are passed over.
    #[pyo3(signature = (power_name, centers, reset=false))]
    fn set_centers(&mut self, power_name: &str, centers: &Bound<'_, PyAny>, reset: bool) -> PyResult<()> {
        let Some(power) = saved::power_named(&self.map, power_name) else { return Ok(()) };
        self.set_centres(power, &strings(centers)?, reset);
        Ok(())
    }

    /// MILA's `clear_centers(power=None)`.
    #[pyo3(signature = (power_name=None))]
    fn clear_centers(&mut self, power_name: Option<&str>) {
        match power_name {
            Some(name) => {
                if let Some(power) = saved::power_named(&self.map, name) {
                    self.remove_centres_of(Some(power));
                }
            }
            None => self.remove_centres_of(None),
        }
    }

    /// The game in the saved-game format (a dict): every phase played, then the board
    /// waiting (named `COMPLETED` once the game is over).
    fn _saved_game<'py>(&self, py: Python<'py>, id: &str) -> PyResult<Bound<'py, PyAny>> {
        let orders: Vec<Vec<dip::Order>> = self.history.iter().map(|r| r.orders(&self.map)).collect();
        let played = self.history.iter().zip(&orders).map(|(r, orders)| PlayedRecord {
            start: &r.position,
            orders,
            outcome: (&r.outcome).into(),
        });
        let mut game = saved::saved_game(&self.map, id, &self.rules, played, &self.position);
        if self.done
            && let Some(last) = game.phases.last_mut()
        {
            last.name = "COMPLETED".into();
            if let Some(state) = &mut last.state {
                state.name = "COMPLETED".into();
            }
        }
        serde_to_py(py, &game)
    }

    /// A game from the saved-game format (dict or JSON text, written by MILA, dip or
    /// another engine): from its first board, each recorded phase's orders are given and
    /// the phase processed as this game processes it, under `rules` (dip presets or
    /// overrides) when given, else the rules dip recorded in the game, else MILA's. The
    /// last phase's orders, if any, are set and wait. A phase the game is not at is a
    /// `GameError` (a retreat phase in which no unit may retreat, which MILA's game passes
    /// over, is passed over); orders refused are in `error`. A phase after `COMPLETED`, or
    /// of a year before the variant's first, is a `GameError`.
    ///
    /// Every board the game records after its first is then compared with the one its
    /// orders make under the same rules (`dip::replay`, as `dip.Game.from_saved_game`
    /// compares them: each phase's orders on the board recorded before them, a unit MILA
    /// removed at once for having nowhere to retreat, a retreat phase it skipped and a
    /// drawn game read as MILA records them). With `differing_boards="refuse"` a board
    /// that differs is a `GameError`, a line a phase naming the game, the phase and what
    /// differs; with `"report"` the game goes on from the boards the orders make, and
    /// those lines are returned beside it (the Python side warns with them).
    #[staticmethod]
    #[pyo3(signature = (game, rules=Vec::new(), differing_boards="refuse"))]
    fn _from_saved_game(
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        rules: Vec<String>,
        differing_boards: &str,
    ) -> PyResult<(Self, Vec<String>)> {
        let differing = dip::DifferingBoards::from_name(differing_boards).ok_or_else(|| {
            PyValueError::new_err(format!(
                "differing_boards must be \"refuse\" or \"report\", not {differing_boards:?}"
            ))
        })?;
        let saved = saved_game_arg(game)?;
        let cache = map_cache(py, saved::variant_name(&saved.map))?;
        let map = cache.map.clone();
        let recorded = saved.other.get("metadata").and_then(|m| m.get(saved::RULES_METADATA)).is_some();
        let rules = if !rules.is_empty() {
            cache.rules(&rules)?
        } else if recorded {
            saved::saved_rules(&map, &saved).map_err(|e| game_errors(vec![e]))?
        } else {
            cache.rules(&Self::default_rule_items())?
        };
        let fault = |phase: &str, message: String| {
            crate::GameError::new_err(format!("game `{}`, phase {phase}: {message}", saved.id))
        };
        let phase_faults = saved::phase_faults(&map, &saved);
        if !phase_faults.is_empty() {
            return Err(game_errors(phase_faults));
        }
        let Some(first) = saved.phases.first() else {
            return Err(crate::GameError::new_err(format!("game `{}`: the game has no phases", saved.id)));
        };
        let mut core = MilaCore::fresh(cache.clone(), rules);
        let Some(state) = &first.state else { return Err(fault(&first.name, "the phase has no `state`".into())) };
        let mut faults = Vec::new();
        core.apply_state(serde_to_py(py, state)?.cast::<PyDict>()?, &mut faults)?;
        if !faults.is_empty() {
            return Err(fault(&first.name, faults.join("; ")));
        }
        let phases = &saved.phases;
        for (i, phase) in phases.iter().enumerate() {
            if core.done || saved::parse_phase_name(&phase.name) == Ok(saved::PhaseName::Completed) {
                break;
            }
            let here = core.get_current_phase();
            if !phase.name.eq_ignore_ascii_case(&here) {
                if passed_over(phase) {
                    continue;
                }
                return Err(fault(&phase.name, format!("the game is at {here} here")));
            }
            core.error = None;
            for (key, orders) in &phase.orders {
                if orders.is_empty() {
                    continue;
                }
                let power = core.power(key).map_err(|e| fault(&phase.name, e.to_string()))?;
                let name = PyString::new(py, &saved::power_key(&map, power));
                core.set_orders(py, &name, PyList::new(py, orders)?.as_any(), true, true)?;
            }
            let waiting = match phases.get(i + 1) {
                None => true,
                Some(next) => saved::ended_before_played(&map, phase, next),
            };
            if waiting {
                break;
            }
            ADJUDICATOR
                .with_borrow_mut(|adjudicator| core.play_with(adjudicator))
                .map_err(|e| fault(&phase.name, e.to_string()))?;
        }
        if phases.last().is_some_and(|p| saved::parse_phase_name(&p.name) == Ok(saved::PhaseName::Completed)) {
            core.move_to_phase(None);
        }
        // The game is played again first, so a game that cannot be is refused for that
        // whatever `differing_boards` says, as `dip.Game.from_saved_game` refuses it.
        let differences = dip::replay(&map, &core.rules, &saved).faults();
        if differing == dip::DifferingBoards::Refuse && !differences.is_empty() {
            return Err(game_errors(differences));
        }
        Ok((core, differences.iter().map(ToString::to_string).collect()))
    }

    /// MILA's `draw(winners=None)`: the game ends in a draw of `winners` (power names; by
    /// default every power with units), the phase waiting recorded unplayed. Does nothing to
    /// a game that is over.
    #[pyo3(signature = (winners=None))]
    fn _draw(&mut self, winners: Option<Vec<String>>) -> PyResult<()> {
        if self.done {
            return Ok(());
        }
        let winners = match winners {
            Some(names) => Some(names.iter().map(|n| self.power(n)).collect::<PyResult<Vec<PowerId>>>()?),
            None => None,
        };
        self.draw(winners);
        Ok(())
    }

    /// MILA's `outcome`: `[phase, winner, ...]` once the game has ended by a win or a
    /// draw; else empty.
    fn _outcome(&self) -> Vec<String> {
        self.outcome_list()
    }
}

/// Processes the current phase of each game at once, across cores (rayon), without the
/// GIL; each game moves on exactly as its own `process()` would. Games that are over are
/// left as they are. An error in one game (left as it was) is raised after every other
/// game has moved on.
#[pyfunction]
fn process_many(py: Python<'_>, games: Vec<Bound<'_, MilaCore>>) -> PyResult<()> {
    let mut cores: Vec<PyRefMut<'_, MilaCore>> = Vec::with_capacity(games.len());
    for game in &games {
        cores.push(
            game.try_borrow_mut()
                .map_err(|_| PyValueError::new_err("a game is in use elsewhere (or given twice to process_many)"))?,
        );
    }
    // The borrows are held until every game is done, so no Python thread can touch a game
    // while it is played on another thread; all the work, bookkeeping included, is parallel.
    let mut games: Vec<&mut MilaCore> = cores.iter_mut().map(|core| &mut **core).collect();
    let first_error = py.detach(|| play_all(&mut games));
    first_error.map_or(Ok(()), |e| Err(adjudication_error(e)))
}

/// Games handed out to the threads a few at a time.
const GAMES_A_TAKE: usize = 8;

/// Plays the phase of every game on rayon's threads, this thread among them: it starts at
/// once while the others wake (waking a sleeping thread took about a millisecond on the
/// virtual machines measured, a tenth of a batch of 2,048 games), and the games are taken
/// a few at a time by whichever thread is free. The error of the first game (in the
/// order given) that failed, if any.
fn play_all(games: &mut [&mut MilaCore]) -> Option<dip::AdjudicationError> {
    let takes = std::sync::Mutex::new(games.chunks_mut(GAMES_A_TAKE).enumerate());
    let errors = std::sync::Mutex::new(Vec::new());
    let work = || {
        loop {
            let next = takes.lock().unwrap_or_else(|e| e.into_inner()).next();
            let Some((take, chunk)) = next else { break };
            for (i, game) in chunk.iter_mut().enumerate() {
                if let Err(e) = ADJUDICATOR.with_borrow_mut(|adjudicator| game.play_with(adjudicator)) {
                    errors.lock().unwrap_or_else(|e| e.into_inner()).push((take * GAMES_A_TAKE + i, e));
                }
            }
        }
    };
    rayon::in_place_scope(|scope| {
        for _ in 1..rayon::current_num_threads() {
            scope.spawn(|_| work());
        }
        work();
    });
    let errors = errors.into_inner().unwrap_or_else(|e| e.into_inner());
    errors.into_iter().min_by_key(|&(i, _)| i).map(|(_, e)| e)
}

//! The engine of `dip.mila.Game`: a game kept the way MILA's `diplomacy.Game` shows it
//! (phase names, `A PAR` units, orders by power, results in MILA's codes), and
//! `process_many`, which plays many games' phases at once across cores.

use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use dip::formats::saved::{self, PlayedRecord};
use dip::movement::Adjudicator;
use dip::{
    Action, LegalAction, Map, Order, ParseOptions, PhaseKind, PhaseOutcome, Position, PowerId, ProvinceId, Rules,
};

use crate::cache::{MapCache, OrderTexts, map_cache};
use crate::convert::{adjudication_error, game_errors, rules_for, serde_to_py};
use crate::core::{power_id, saved_game_arg, state_position};

thread_local! {
    /// The movement resolver's scratch tables, reused by every game processed on a thread.
    static ADJUDICATOR: std::cell::RefCell<Adjudicator> = std::cell::RefCell::new(Adjudicator::new());
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<MilaCore>()?;
    m.add_function(wrap_pyfunction!(process_many, m)?)?;
    m.add_function(wrap_pyfunction!(crate::cache::_set_text_table_limits, m)?)?;
    m.add_function(wrap_pyfunction!(crate::cache::_listing_dicts_reused, m)?)?;
    Ok(())
}

/// One game, as MILA's `Game` keeps it.
#[pyclass(module = "dip._dip", subclass)]
#[derive(Debug)]
pub struct MilaCore {
    cache: Arc<MapCache>,
    map: Arc<Map>,
    rules: Rules,
    position: Position,
    /// The orders given for the phase waiting, by power index, in the order given.
    orders: Vec<Vec<Given>>,
    /// The phases played, each shared by the copies of the game made after it: a copy
    /// costs a reference a phase, not the phase.
    history: Vec<Arc<Played>>,
    /// A power has won: MILA's phase is then `COMPLETED`.
    done: bool,
    /// The possible orders of a board, once listed: shared by copies (a search
    /// lists the same board on many copies of a game).
    possible: Option<Arc<Listing>>,
    /// Boards this game has had: a listing is of the board waiting when it has this
    /// number. A phase played leaves the old listing to be dropped by the next listing,
    /// on the Python thread that made it (not on `process_many`'s threads, where freeing
    /// another thread's memory costs more).
    board: u64,
    /// MILA's `game.error`: the orders `set_orders` ignored, with why. Made when first
    /// needed (most games never ignore an order).
    error: Option<Py<PyList>>,
    /// The power of the unit in each province, for the board numbered `board` (made when
    /// `set_orders` first needs it on a board): each order given is checked against it.
    units_at: Option<(u64, Vec<Option<PowerId>>)>,
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

/// A province's builds or removals being listed: the province, where its ids start.
struct Group {
    province: ProvinceId,
    start: u32,
}

impl Listing {
    /// Ends a province's builds or removals (`waive` the id appended to them, if any).
    fn close(&mut self, group: Option<Group>, waive: Option<u32>) {
        let Some(Group { province, start }) = group else { return };
        self.ids.extend(waive);
        self.groups.push((province.index() as u32, start, self.ids.len() as u32));
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

/// An order given for a unit: the legal order a listing handed out (12 bytes: an agent
/// loop gives back listed strings), or an order read from a text. The orders of a phase
/// and of every phase played are kept so: an `Order` is 128 bytes, and a game's history
/// (and `process_many`'s memory traffic, which bounded its scaling) was mostly orders.
#[derive(Clone, Debug)]
enum Given {
    Listed(dip::LegalOrder),
    Read(Box<Order>),
}

impl Given {
    fn power(&self) -> PowerId {
        match self {
            Given::Listed(legal) => legal.power,
            Given::Read(order) => order.power,
        }
    }

    /// The province the order is for (the unit's, or the build site's); None for a waive.
    fn province(&self, map: &Map) -> Option<ProvinceId> {
        match self {
            Given::Listed(legal) => legal.unit.map(|(_, loc)| map.province_of(loc)),
            Given::Read(order) => (order.action != Action::Waive).then_some(order.unit.place.province),
        }
    }

    /// The order as the adjudicator takes it.
    fn to_order(&self, map: &Map) -> Order {
        match self {
            Given::Listed(legal) => crate::cache::mila_order(map, legal),
            Given::Read(order) => (**order).clone(),
        }
    }
}

/// A phase played: the board it started from, the orders given, what came of them.
#[derive(Debug)]
struct Played {
    position: Position,
    orders: Vec<Given>,
    outcome: PhaseOutcome,
}

impl Played {
    /// The orders as the adjudicator took them.
    fn orders(&self, map: &Map) -> Vec<Order> {
        self.orders.iter().map(|g| g.to_order(map)).collect()
    }
}

thread_local! {
    /// The orders of the phase being played, written out for the adjudicator: one list a
    /// thread, reused.
    static ORDERS: std::cell::RefCell<Vec<Order>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl MilaCore {
    fn fresh(cache: Arc<MapCache>, rules: Rules, position: Position) -> Self {
        let map = cache.map.clone();
        let powers = map.power_count();
        let done = dip::adjust::winner(&map, &position).is_some();
        MilaCore {
            cache,
            map,
            rules,
            position,
            orders: vec![Vec::new(); powers],
            history: Vec::new(),
            done,
            possible: None,
            board: 0,
            error: None,
            units_at: None,
        }
    }

    /// A copy sharing nothing mutable with this game (its `error` list copied too).
    fn copy(&self, py: Python<'_>) -> Self {
        MilaCore {
            cache: self.cache.clone(),
            map: self.map.clone(),
            rules: self.rules,
            position: self.position.clone(),
            orders: self.orders.clone(),
            history: self.history.clone(),
            done: self.done,
            possible: self.possible.clone().filter(|l| l.board == self.board),
            board: self.board,
            error: self.error.as_ref().map(|list| list.bind(py).get_slice(0, usize::MAX).unbind()),
            units_at: None,
        }
    }

    fn power(&self, name: &str) -> PyResult<PowerId> {
        power_id(&self.map, name)
    }

    /// A power named by a Python string: one of the names `power_names()` gave is known
    /// by its address, without reading it.
    fn power_of(&self, name: &Bound<'_, PyString>) -> PyResult<PowerId> {
        match self.cache.powers.iter().position(|p| p.as_ptr() == name.as_ptr()) {
            Some(i) => Ok(PowerId(i as u8)),
            None => self.power(&name.to_cow()?),
        }
    }

    /// The orders of every power, moved out (the phase is about to be played).
    fn take_orders(&mut self) -> Vec<Given> {
        let mut all = Vec::with_capacity(self.orders.iter().map(Vec::len).sum());
        for list in &mut self.orders {
            all.append(list);
        }
        all
    }

    /// Orders taken by `take_orders` put back, as each power gave them.
    fn restore_orders(&mut self, orders: Vec<Given>) {
        for order in orders {
            self.orders[order.power().index()].push(order);
        }
    }

    /// Plays the phase with the orders given and moves on; on an error the game is left
    /// as it was, orders included.
    fn play_with(&mut self, adjudicator: &mut Adjudicator) -> Result<(), dip::AdjudicationError> {
        if self.done {
            return Ok(());
        }
        let orders = self.take_orders();
        let played = ORDERS.with_borrow_mut(|written| {
            written.clear();
            written.extend(orders.iter().map(|g| g.to_order(&self.map)));
            dip::play_phase_with(adjudicator, &self.map, &self.position, written, &self.rules)
        });
        match played {
            Ok(result) => {
                self.apply(result, orders);
                Ok(())
            }
            Err(e) => {
                self.restore_orders(orders);
                Err(e)
            }
        }
    }

    /// Records the phase played and moves on to the next.
    fn apply(&mut self, result: dip::PhaseResult, orders: Vec<Given>) {
        let start = std::mem::replace(&mut self.position, result.next);
        let mut outcome = result.outcome;
        // The board after the phase is the next record's start (or the current board): it
        // is not kept twice. Nothing read from the history (results, the saved game) uses it.
        let after = match &mut outcome {
            PhaseOutcome::Movement(o) => &mut o.position,
            PhaseOutcome::Retreat(o) => &mut o.position,
            PhaseOutcome::Adjustment(o) => &mut o.position,
        };
        *after = Position { phase: after.phase, units: Vec::new(), dislodged: Vec::new(), owners: Vec::new() };
        self.history.push(Arc::new(Played { position: start, orders, outcome }));
        for list in &mut self.orders {
            list.clear();
        }
        self.done = dip::adjust::winner(&self.map, &self.position).is_some();
        self.board += 1;
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
        let legal = dip::LegalOrders::new(map, &self.position).map_err(crate::convert::position_error)?;
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
        let mut open: Option<Group> = None;
        legal.groups(|group| {
            // One power's builds or removals: a list a province (an army's and a fleet's
            // builds there), each ending with a waive when the power may waive (its waive
            // comes first).
            let waives = group.first().is_some_and(|o| o.action == LegalAction::Waive);
            let waive = waives.then_some(waive);
            for order in group {
                let Some((_, loc)) = order.unit else { continue };
                let province = map.province_of(loc);
                if open.as_ref().is_none_or(|g| g.province != province) {
                    listing.close(open.take(), waive);
                    open = Some(Group { province, start: listing.ids.len() as u32 });
                }
                listing.ids.push(table.id(py, map, order));
            }
            listing.close(open.take(), waive);
        });
        Ok(listing)
    }

    /// The order a string given to `set_orders` stands for: taken from the table when it
    /// is a string a listing gave for this kind of phase, else read from its text.
    fn order_from(&self, table: &OrderTexts, power: PowerId, item: &Bound<'_, PyString>) -> Result<Given, String> {
        let kind = self.position.phase.kind;
        if let Some(legal) = table.listed(item.as_any()).filter(|o| phase_of(o.action) == kind) {
            // The table keeps the power of the listing that made the text.
            return Ok(Given::Listed(dip::LegalOrder { power, ..legal }));
        }
        let text = item.to_cow().map_err(|e| e.to_string())?;
        let order =
            dip::parse_order(&self.map, ParseOptions::new(kind).power(power), &text).map_err(|e| e.to_string())?;
        Ok(Given::Read(Box::new(order)))
    }

    fn province_key(&self, province: ProvinceId) -> String {
        self.map.province(province).abbr.to_ascii_uppercase()
    }

    /// Makes `units_at` that of the board waiting.
    fn find_units(&mut self) {
        if self.units_at.as_ref().is_some_and(|(board, _)| *board == self.board) {
            return;
        }
        let map = &*self.map;
        let mut powers = vec![None; map.province_count()];
        for u in &self.position.units {
            powers[map.province_of(u.loc).index()] = Some(u.power);
        }
        self.units_at = Some((self.board, powers));
    }

    /// Whether `power` may order something in `province` in this phase (`find_units`
    /// called on this board).
    fn may_order(&self, power: PowerId, order: &Given) -> bool {
        let map = &*self.map;
        let Some(province) = order.province(map) else {
            return self.position.phase.kind == PhaseKind::Adjustment;
        };
        match self.position.phase.kind {
            PhaseKind::Movement => match &self.units_at {
                Some((board, powers)) if *board == self.board => {
                    powers.get(province.index()).copied().flatten() == Some(power)
                }
                _ => self.position.unit_in(map, province).is_some_and(|u| u.power == power),
            },
            PhaseKind::Retreat => {
                self.position.dislodged.iter().any(|d| d.unit.power == power && map.province_of(d.unit.loc) == province)
            }
            PhaseKind::Adjustment => true,
        }
    }

    fn unit_strings(&self, power: PowerId) -> Vec<String> {
        let map = &*self.map;
        let unit = |u: &dip::Unit| format!("{} {}", u.kind, map.loc_abbr(u.loc).to_ascii_uppercase());
        let mut out: Vec<String> = self.position.units.iter().filter(|u| u.power == power).map(unit).collect();
        out.extend(
            self.position.dislodged.iter().filter(|d| d.unit.power == power).map(|d| format!("*{}", unit(&d.unit))),
        );
        out
    }

    fn orderable(&self, power: PowerId) -> Vec<ProvinceId> {
        let map = &*self.map;
        if self.done {
            return Vec::new();
        }
        let provinces: Vec<ProvinceId> = match self.position.phase.kind {
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
        provinces
    }

    /// A province as MILA names it, from the map's shared names (location `i` of a map is
    /// province `i`).
    fn province_name<'py>(&self, py: Python<'py>, province: ProvinceId) -> Bound<'py, PyString> {
        self.cache.keys[province.index()].bind(py).clone()
    }
}

/// The kind of phase an order is given in.
fn phase_of(action: LegalAction) -> PhaseKind {
    match action {
        LegalAction::Retreat { .. } | LegalAction::Disband => PhaseKind::Retreat,
        LegalAction::Build | LegalAction::Remove | LegalAction::Waive => PhaseKind::Adjustment,
        LegalAction::Hold
        | LegalAction::Move { .. }
        | LegalAction::MoveByConvoy { .. }
        | LegalAction::Rail { .. }
        | LegalAction::SupportHold { .. }
        | LegalAction::SupportMove { .. }
        | LegalAction::Convoy { .. } => PhaseKind::Movement,
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

#[pymethods]
impl MilaCore {
    /// The opening of `map_name` under `rules` (MILA's rule flags, which change nothing,
    /// and dip presets or `ISSUE=CHOICE` overrides) and `dip_rules` (dip's only, a string
    /// or a list). As MILA's `Game`, only `game_id` may be given by position; it and
    /// MILA's other arguments are the Python class's. With `_source`, a copy of that game
    /// instead (how `clone()` makes one of a subclass).
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
            return Ok(source.copy(py));
        }
        // Rule names: any iterable of strings (MILA code passes lists, tuples and sets), or
        // one string. Among `rules`, MILA's own flags are passed over; `dip_rules` are
        // dip's only, so an unknown one is an error.
        let names = |group: Option<&Bound<'_, PyAny>>| -> PyResult<Vec<String>> {
            let Some(group) = group else { return Ok(Vec::new()) };
            if group.is_instance_of::<PyString>() {
                return Ok(vec![group.extract()?]);
            }
            group.try_iter()?.map(|item| item?.extract::<String>()).collect()
        };
        let mut items = dip_rule_items(&names(rules)?);
        items.extend(names(dip_rules)?);
        let cache = map_cache(py, map_name)?;
        let rules = rules_for(&cache.map, &items)?;
        let position = Position::opening(&cache.map);
        Ok(MilaCore::fresh(cache, rules, position))
    }

    /// The map's name as dip knows it.
    #[getter]
    fn _map_name(&self) -> &str {
        self.map.name()
    }

    /// `S1901M`, or `COMPLETED` once a power has won.
    fn get_current_phase(&self) -> String {
        if self.done { "COMPLETED".into() } else { saved::phase_name(self.position.phase) }
    }

    /// `S1901M`, or `COMPLETED` once a power has won.
    #[getter]
    fn current_short_phase(&self) -> String {
        self.get_current_phase()
    }

    /// `SPRING 1901 MOVEMENT`, `FALL 1901 RETREATS`, `WINTER 1901 ADJUSTMENTS`;
    /// `COMPLETED` once a power has won.
    #[getter]
    fn phase(&self) -> String {
        if self.done {
            return "COMPLETED".into();
        }
        let phase = self.position.phase;
        let season = match (phase.kind, phase.season) {
            (PhaseKind::Adjustment, _) => "WINTER".to_string(),
            (_, season) => season.to_string().to_ascii_uppercase(),
        };
        let kind = match phase.kind {
            PhaseKind::Movement => "MOVEMENT",
            PhaseKind::Retreat => "RETREATS",
            PhaseKind::Adjustment => "ADJUSTMENTS",
        };
        format!("{season} {} {kind}", phase.year)
    }

    /// A power has won.
    #[getter]
    fn is_game_done(&self) -> bool {
        self.done
    }

    #[getter]
    fn _year(&self) -> u16 {
        self.position.phase.year
    }

    /// MILA's `game.error`: the orders `set_orders` ignored, as `"ORDER: why"`.
    #[getter]
    fn get_error<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyList> {
        self.error.get_or_insert_with(|| PyList::empty(py).unbind()).bind(py).clone()
    }

    #[setter]
    fn set_error(&mut self, error: Bound<'_, PyList>) {
        self.error = Some(error.unbind());
    }

    /// Power names upper-case, in the map's order.
    fn _power_names<'py>(&self, py: Python<'py>) -> Vec<Bound<'py, PyString>> {
        self.cache.powers.iter().map(|p| p.bind(py).clone()).collect()
    }

    fn _units(&self, power: &str) -> PyResult<Vec<String>> {
        Ok(self.unit_strings(self.power(power)?))
    }

    fn _centers<'py>(&self, py: Python<'py>, power: &str) -> PyResult<Vec<Bound<'py, PyString>>> {
        let power = self.power(power)?;
        Ok(self
            .map
            .centres()
            .filter(|c| self.position.owners[c.index()] == Some(power))
            .map(|c| self.province_name(py, c))
            .collect())
    }

    fn _homes(&self, power: &str) -> PyResult<Vec<String>> {
        let power = self.power(power)?;
        Ok(self.map.power(power).homes.iter().map(|&h| self.province_key(h)).collect())
    }

    /// Retreat lists of the power's dislodged units: `{"A MUN": ["BOH", "TYR"]}`.
    fn _retreats<'py>(&self, py: Python<'py>, power: &str) -> PyResult<Bound<'py, PyDict>> {
        let power = self.power(power)?;
        let map = &*self.map;
        let dict = PyDict::new(py);
        for d in self.position.dislodged.iter().filter(|d| d.unit.power == power) {
            let unit = format!("{} {}", d.unit.kind, map.loc_abbr(d.unit.loc).to_ascii_uppercase());
            let to: Vec<String> = d.retreats.iter().map(|&l| map.loc_abbr(l).to_ascii_uppercase()).collect();
            dict.set_item(unit, to)?;
        }
        Ok(dict)
    }

    /// Where a power has something to order this phase (provinces: `STP`, `PAR`), or a
    /// dict of every power's.
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
    /// strings. Each order replaces an earlier one for the same unit when `replace` is
    /// true, and is dropped otherwise. Orders that cannot be read, or for a unit the power
    /// has no say over, are ignored (MILA's `IGNORE_ERRORS`) and added to `error` as
    /// `"ORDER: why"`. `expand` is MILA's and changes nothing.
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
        // Every item is checked to be a string before any order is set.
        let items: Vec<Bound<'_, PyString>> = if let Ok(one) = orders.cast::<PyString>() {
            vec![one.clone()]
        } else if let Ok(list) = orders.cast::<PyList>() {
            list.iter().map(|o| o.cast_into::<PyString>().map_err(PyErr::from)).collect::<PyResult<_>>()?
        } else {
            orders.try_iter()?.map(|o| o?.cast_into::<PyString>().map_err(PyErr::from)).collect::<PyResult<_>>()?
        };
        let mut rejected: Vec<(&Bound<'_, PyString>, String)> = Vec::new();
        if self.done {
            rejected.extend(items.iter().map(|o| (o, "the game is over".to_string())));
        } else {
            self.find_units();
            let table = self.cache.order_texts();
            for item in &items {
                let order = match self.order_from(&table, power, item) {
                    Ok(order) => order,
                    Err(e) => {
                        rejected.push((item, e));
                        continue;
                    }
                };
                if order.power() != power || !self.may_order(power, &order) {
                    rejected.push((item, "no unit of this power to order there".into()));
                    continue;
                }
                let province = order.province(&self.map);
                let list = &mut self.orders[power.index()];
                let same = province.and_then(|p| list.iter().position(|o| o.province(&self.map) == Some(p)));
                match same {
                    Some(i) if replace => list[i] = order,
                    Some(_) => rejected.push((item, "the unit already has an order".into())),
                    None => list.push(order),
                }
            }
        }
        if !rejected.is_empty() {
            let error = self.get_error(py);
            for (item, why) in rejected {
                error.append(format!("{item}: {why}"))?;
            }
        }
        Ok(())
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
                    unlike.push(format!("{item}: not found by its address"));
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

    /// The orders set for a power, in MILA notation.
    fn _orders_of(&self, power: &str) -> PyResult<Vec<String>> {
        let power = self.power(power)?;
        Ok(self.orders[power.index()]
            .iter()
            .map(|o| o.to_order(&self.map).display_mila(&self.map).to_string())
            .collect())
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
    /// orders. Units without orders hold; a power without orders in an adjustment phase
    /// is handled by the civil-disorder rules.
    fn process<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, Self>> {
        let mut game = slf.try_borrow_mut()?;
        ADJUDICATOR.with_borrow_mut(|adjudicator| game.play_with(adjudicator)).map_err(adjudication_error)?;
        Ok(slf.clone())
    }

    /// The results of the phase last processed, in MILA's codes by unit.
    fn _last_results<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self.history.last() {
            Some(r) => {
                let results = saved::mila_results(&self.map, &r.position, &r.orders(&self.map), (&r.outcome).into());
                serde_to_py(py, &results)
            }
            None => Ok(PyDict::new(py).into_any()),
        }
    }

    /// The board as MILA's `get_state()` keys it.
    fn _state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut state = saved::position_to_state(&self.map, &self.position);
        if self.done {
            state.name = "COMPLETED".into();
        }
        serde_to_py(py, &state)
    }

    /// Replaces the board by a `get_state()` dict; orders set are cleared, history is kept.
    fn _set_state(&mut self, state: &Bound<'_, PyAny>) -> PyResult<()> {
        let map = &*self.map;
        // The state does not say where attackers came from; the phase just played does.
        let attackers: Vec<saved::Attacker> = self
            .position
            .dislodged
            .iter()
            .map(|d| saved::Attacker {
                province: map.province_of(d.unit.loc),
                from: d.attacker_from,
                by_convoy: d.by_convoy,
            })
            .collect();
        let position = state_position(map, state, &attackers)?;
        position.check(map).map_err(crate::convert::position_error)?;
        self.position = position;
        self.possible = None;
        self.board += 1;
        self.orders.iter_mut().for_each(Vec::clear);
        self.done = dip::adjust::winner(map, &self.position).is_some();
        Ok(())
    }

    /// Forgets the phases played (MILA's `set_state(..., clear_history=True)`).
    fn _clear_history(&mut self) {
        self.history.clear();
    }

    /// Phases played.
    fn _history_len(&self) -> usize {
        self.history.len()
    }

    /// The game in the saved-game format (a dict): every phase played, then the board
    /// waiting (named `COMPLETED` once a power has won).
    fn _saved_game<'py>(&self, py: Python<'py>, id: &str) -> PyResult<Bound<'py, PyAny>> {
        let orders: Vec<Vec<Order>> = self.history.iter().map(|r| r.orders(&self.map)).collect();
        let played = self.history.iter().zip(&orders).map(|(r, orders)| PlayedRecord {
            start: &r.position,
            orders,
            outcome: (&r.outcome).into(),
        });
        let mut game = saved::saved_game(&self.map, id, &self.rules, played, &self.position);
        if self.done {
            if let Some(last) = game.phases.last_mut() {
                last.name = "COMPLETED".into();
                if let Some(state) = &mut last.state {
                    state.name = "COMPLETED".into();
                }
            }
        }
        serde_to_py(py, &game)
    }

    /// A game from the saved-game format (dict or JSON text): its phases are played
    /// again, under dip presets or overrides in `rules` when given.
    #[staticmethod]
    #[pyo3(signature = (game, rules=Vec::new()))]
    fn _from_saved_game(game: &Bound<'_, PyAny>, rules: Vec<String>) -> PyResult<Self> {
        let saved = saved_game_arg(game)?;
        let cache = map_cache(game.py(), &saved.map)?;
        let played = dip::Game::from_saved_game((*cache.map).clone(), &saved).map_err(game_errors)?;
        // dip presets and overrides only: an unknown one is an error.
        let rules = if rules.is_empty() { *played.rules() } else { rules_for(&cache.map, &rules)? };
        let mut core = MilaCore::fresh(cache, rules, played.position().clone());
        core.history = played
            .history()
            .iter()
            .map(|r| {
                let orders = r.orders.iter().map(|o| Given::Read(Box::new(o.clone()))).collect();
                Arc::new(Played { position: r.position.clone(), orders, outcome: r.outcome.clone() })
            })
            .collect();
        Ok(core)
    }

    /// The winner's name, upper-case, once a power has won.
    fn _winner(&self) -> Option<String> {
        dip::adjust::winner(&self.map, &self.position).map(|p| self.map.power(p).name.to_ascii_uppercase())
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

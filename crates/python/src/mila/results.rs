//! What MILA's `Game` shows of a phase played: each unit's result in MILA's codes
//! (`result_history`), and the bookkeeping its tests read (`command`, `ordered_units`,
//! `popped`, `dislodged`).
//!
//! The codes come from dip's adjudication, written as MILA writes them:
//! - movement: `bounce`, `cut`, `dislodged`, `void` (an order that did nothing: a support
//!   or convoy the other unit did not match, a support of a move against the supporter's
//!   own unit, which cannot count, an illegal order under `NO_CHECK`), `no convoy` (a move
//!   whose convoy failed, and the convoys and supports of it; a convoy no army used),
//!   `disrupted` (a convoy failed by the paradox rule); every unit is listed, a success
//!   with no code;
//! - retreats: `bounce` and `disband` for two retreats to one place, `disband` for every
//!   unit that did not retreat, `void` for an order MILA voided;
//! - adjustments: `''` (MILA's `OK`) for a build or removal made, `void` for one not made.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use dip::{
    Action, AdjustmentResult, Failure, Map, MovementOutcome, Order, OrderResult, PhaseOutcome, Position, PowerId,
    ProvinceId, RetreatResult, Unit,
};

use super::book::{split_unit, written_unit};
use super::{MilaCore, Played};

/// MILA's codes.
const VOID: &str = "void";
const BOUNCE: &str = "bounce";
const CUT: &str = "cut";
const DISLODGED: &str = "dislodged";
const NO_CONVOY: &str = "no convoy";
const DISRUPTED: &str = "disrupted";
const DISBAND: &str = "disband";
const OK: &str = "";

/// `A PAR`, `F STP/SC`.
fn unit_text(map: &Map, unit: &Unit) -> String {
    format!("{} {}", unit.kind, map.loc_abbr(unit.loc).to_ascii_uppercase())
}

/// Appends a code to a unit's list once.
fn add<'py>(dict: &Bound<'py, PyDict>, key: &str, code: &str) -> PyResult<()> {
    let list = match dict.get_item(key)? {
        Some(list) => list.cast_into::<PyList>()?,
        None => {
            let list = PyList::empty(dict.py());
            dict.set_item(key, &list)?;
            list
        }
    };
    if !list.iter().any(|c| c.extract::<String>().is_ok_and(|c| c == code)) {
        list.append(code)?;
    }
    Ok(())
}

/// Appends a code to a unit's list, even when it is there already.
fn append(dict: &Bound<'_, PyDict>, key: &str, code: &str) -> PyResult<()> {
    match dict.get_item(key)? {
        Some(list) => list.cast_into::<PyList>()?.append(code),
        None => dict.set_item(key, [code]),
    }
}

/// Takes a code off a unit's list.
fn remove(dict: &Bound<'_, PyDict>, key: &str, code: &str) -> PyResult<()> {
    if let Some(list) = dict.get_item(key)? {
        let list = list.cast_into::<PyList>()?;
        let kept: Vec<String> = list.iter().filter_map(|c| c.extract::<String>().ok()).filter(|c| c != code).collect();
        dict.set_item(key, kept)?;
    }
    Ok(())
}

/// Makes sure a unit is listed.
fn listed<'py>(dict: &Bound<'py, PyDict>, key: &str) -> PyResult<()> {
    if !dict.contains(key)? {
        dict.set_item(key, PyList::empty(dict.py()))?;
    }
    Ok(())
}

/// One phase as MILA's game shows it once played.
pub(super) struct View<'py> {
    pub results: Bound<'py, PyDict>,
    pub command: Bound<'py, PyDict>,
    pub ordered_units: Bound<'py, PyDict>,
    pub popped: Bound<'py, PyList>,
    pub dislodged: Bound<'py, PyDict>,
}

impl MilaCore {
    /// The view of played phase `index`.
    pub(super) fn view<'py>(&self, py: Python<'py>, index: usize) -> PyResult<View<'py>> {
        let before = index.checked_sub(1).map(|i| &*self.history[i]);
        view_of(py, &self.cache, &self.history[index], before)
    }
}

/// What played phase `record` shows (`before`: the phase played before it, if any).
pub(super) fn view_of<'py>(
    py: Python<'py>,
    cache: &crate::cache::MapCache,
    record: &Played,
    before: Option<&Played>,
) -> PyResult<View<'py>> {
    {
        let map = &*cache.map;
        let view = View {
            results: PyDict::new(py),
            command: PyDict::new(py),
            ordered_units: PyDict::new(py),
            popped: PyList::empty(py),
            dislodged: PyDict::new(py),
        };
        for name in &cache.powers {
            view.ordered_units.set_item(name.bind(py), PyList::empty(py))?;
        }
        let orders = record.orders(map);
        let ordered = |power: PowerId, unit: &str| -> PyResult<()> {
            let list = view.ordered_units.get_item(cache.powers[power.index()].bind(py))?;
            if let Some(list) = list {
                let list = list.cast_into::<PyList>()?;
                if !list.contains(unit)? {
                    list.append(unit)?;
                }
            }
            Ok(())
        };
        // Orders MILA voided come first, under the unit their text names.
        for (power, text) in record.voided.iter().flatten() {
            let unit = written_unit(text);
            add(&view.results, &unit, VOID)?;
            ordered(*power, &unit)?;
        }
        match &record.outcome {
            PhaseOutcome::Movement(o) => {
                let start = &record.position;
                let codes = movement_codes(map, start, &orders, o);
                for power in map.powers() {
                    for unit in start.units.iter().filter(|u| u.power == power) {
                        let key = unit_text(map, unit);
                        let order = orders.iter().position(|o| o.unit.place.province == map.province_of(unit.loc));
                        match order {
                            Some(i) => {
                                let text = orders[i].display_mila(map).to_string();
                                view.command.set_item(&key, split_unit(&text).1)?;
                                ordered(power, &key)?;
                            }
                            None => view.command.set_item(&key, "H")?,
                        }
                        listed(&view.results, &key)?;
                        if let Some(i) = order {
                            for code in &codes[i] {
                                add(&view.results, &key, code)?;
                            }
                        }
                    }
                }
                for d in &o.dislodged {
                    let key = unit_text(map, &d.unit);
                    // A convoying fleet dislodged is reported dislodged, not disrupted.
                    remove(&view.results, &key, DISRUPTED)?;
                    add(&view.results, &key, DISLODGED)?;
                    view.dislodged.set_item(&key, map.province(d.by).abbr.to_ascii_uppercase())?;
                    if d.retreats.is_empty() {
                        view.popped.append(&key)?;
                    }
                }
            }
            PhaseOutcome::Retreat(o) => {
                let start = &record.position;
                for d in &start.dislodged {
                    listed(&view.results, &unit_text(map, &d.unit))?;
                }
                for (order, result) in orders.iter().zip(&o.results) {
                    let Some(d) =
                        start.dislodged.iter().find(|d| map.province_of(d.unit.loc) == order.unit.place.province)
                    else {
                        continue;
                    };
                    let key = unit_text(map, &d.unit);
                    ordered(order.power, &key)?;
                    if let RetreatResult::Fails(_) = result {
                        add(&view.results, &key, BOUNCE)?;
                    } else if let RetreatResult::Illegal(_) = result {
                        add(&view.results, &key, VOID)?;
                    }
                }
                // The units removed at once in the movement phase before are disbanded
                // again in MILA's retreat results.
                if let Some(before) = before
                    && let PhaseOutcome::Movement(m) = &before.outcome
                {
                    for d in m.dislodged.iter().filter(|d| d.retreats.is_empty()) {
                        let key = unit_text(map, &d.unit);
                        add(&view.results, &key, DISBAND)?;
                        view.popped.append(&key)?;
                    }
                }
                for d in &o.disbanded {
                    let key = unit_text(map, &d.unit);
                    add(&view.results, &key, DISBAND)?;
                    view.popped.append(&key)?;
                }
            }
            // MILA's draw records the winter it ends in unplayed, with no results (a real
            // adjustment phase counts every power).
            PhaseOutcome::Adjustment(o) if o.powers.is_empty() => {}
            PhaseOutcome::Adjustment(o) => {
                for order in &orders {
                    let key = adjustment_key(map, &record.position, order);
                    listed(&view.results, &key)?;
                    ordered(order.power, &key)?;
                }
                for (order, result) in orders.iter().zip(&o.results) {
                    let key = adjustment_key(map, &record.position, order);
                    let code = match (result, &order.action) {
                        // MILA voids every waive in its count of builds, once a waive.
                        (_, Action::Waive) => {
                            append(&view.results, &key, VOID)?;
                            continue;
                        }
                        (AdjustmentResult::Succeeds, _) => OK,
                        _ => VOID,
                    };
                    add(&view.results, &key, code)?;
                }
                // The units removed at once in the fall's movement, when no retreat phase
                // followed, are disbanded again in MILA's adjustment results.
                if let Some(PhaseOutcome::Movement(m)) = before.map(|b| &b.outcome) {
                    for d in m.dislodged.iter().filter(|d| d.retreats.is_empty()) {
                        let key = unit_text(map, &d.unit);
                        add(&view.results, &key, DISBAND)?;
                        view.popped.append(&key)?;
                    }
                }
                for r in o.removed.iter().filter(|r| r.cause == dip::adjust::RemovalCause::CivilDisorder) {
                    add(&view.results, &unit_text(map, &r.unit), OK)?;
                }
            }
        }
        Ok(view)
    }
}

/// The unit an adjustment order is filed under (`A PAR`, `F STP/NC`, `WAIVE`).
fn adjustment_key(map: &Map, start: &Position, order: &dip::Order) -> String {
    if order.action == Action::Waive {
        return "WAIVE".into();
    }
    if order.action == Action::Remove
        && let Some(unit) = start.unit_in(map, order.unit.place.province)
    {
        return unit_text(map, unit);
    }
    written_unit(&order.display_mila(map).to_string())
}

/// MILA's codes for every movement order (see the module's comment), from dip's results.
fn movement_codes(map: &Map, start: &Position, orders: &[Order], outcome: &MovementOutcome) -> Vec<Vec<&'static str>> {
    let board = Board::new(map, start, orders, outcome);
    orders
        .iter()
        .zip(&outcome.results)
        .enumerate()
        .map(|(i, (order, result))| match (&order.action, result) {
            (_, OrderResult::Illegal(_)) => vec![VOID],
            (Action::SupportMove { target, to }, _) => board.support_codes(i, target.place.province, to.province),
            (Action::Convoy { army, to }, _) => board.convoy_codes(i, army.place.province, to.province),
            (_, OrderResult::Succeeds) => Vec::new(),
            (_, OrderResult::Fails(why)) => failure_codes(why),
        })
        .collect()
}

/// MILA's codes of a failure, as it names them.
fn failure_codes(why: &Failure) -> Vec<&'static str> {
    match why {
        Failure::Bounced { .. } | Failure::RailStopped { .. } => vec![BOUNCE],
        Failure::NoConvoyPath => vec![NO_CONVOY],
        Failure::SupportCut { .. } => vec![CUT],
        Failure::SupportDislodged { .. } => vec![CUT, DISLODGED],
        Failure::ConvoyDislodged { .. } | Failure::Dislodged { .. } => vec![DISLODGED],
        Failure::ConvoyParadox | Failure::CanalParadox => vec![DISRUPTED],
        _ => vec![VOID],
    }
}

/// A movement phase's orders and results, looked up by province.
struct Board<'a> {
    map: &'a Map,
    start: &'a Position,
    orders: &'a [Order],
    results: &'a [OrderResult],
    /// The order given to the unit in each province.
    order_at: Vec<Option<usize>>,
}

impl<'a> Board<'a> {
    fn new(map: &'a Map, start: &'a Position, orders: &'a [Order], outcome: &'a MovementOutcome) -> Self {
        let mut order_at = vec![None; map.province_count()];
        for (i, order) in orders.iter().enumerate() {
            order_at[order.unit.place.province.index()] = Some(i);
        }
        Board { map, start, orders, results: &outcome.results, order_at }
    }

    fn order(&self, province: ProvinceId) -> Option<(&'a Order, &'a OrderResult)> {
        self.order_at[province.index()].map(|i| (&self.orders[i], &self.results[i]))
    }

    /// The destination of the unit in `province`, if it was ordered to move.
    fn move_of(&self, province: ProvinceId) -> Option<(ProvinceId, &'a OrderResult, bool)> {
        match self.order(province)? {
            (Order { action: Action::Move { to, via_convoy, .. }, .. }, result) => {
                Some((to.province, result, *via_convoy))
            }
            _ => None,
        }
    }

    /// For the move of the unit in `province` that found no convoy: whether a chain of
    /// convoy orders carried it (MILA's paths: its convoy was disrupted) or not (it never
    /// had a route).
    fn convoy_failed(&self, province: ProvinceId) -> Option<bool> {
        let (to, result, _) = self.move_of(province)?;
        matches!(result, OrderResult::Fails(Failure::NoConvoyPath)).then(|| self.convoy_chain(province, to))
    }

    /// Whether fleets ordered to convoy the army in `from` to `to` form a chain from one to
    /// the other, whatever became of them.
    fn convoy_chain(&self, from: ProvinceId, to: ProvinceId) -> bool {
        on_chains(self.map, &self.convoyers(from, to), from, to).contains(&true)
    }

    /// MILA's codes of support order `i` of the unit in `target` moving to `to`.
    fn support_codes(&self, i: usize, target: ProvinceId, to: ProvinceId) -> Vec<&'static str> {
        let result = &self.results[i];
        match (self.convoy_failed(target), result) {
            // The supported army never had a convoy route: void.
            (Some(false), _) => vec![VOID],
            // Its convoy was disrupted: "no convoy", unless the support was cut first.
            (Some(true), OrderResult::Succeeds) => vec![NO_CONVOY],
            (_, OrderResult::Succeeds) if self.cannot_count(i, target, to) => vec![VOID],
            (_, OrderResult::Succeeds) => Vec::new(),
            (_, OrderResult::Fails(why)) => failure_codes(why),
            (_, OrderResult::Illegal(_)) => vec![VOID],
        }
    }

    /// A support of a move against a unit of the supporter's own power that stays: MILA
    /// does not count it towards dislodging, and calls it void when it mattered, when the
    /// two units swap places or the move is the strongest into the province.
    fn cannot_count(&self, i: usize, mover: ProvinceId, to: ProvinceId) -> bool {
        let map = self.map;
        let support = &self.orders[i];
        let Some(occupant) = self.start.unit_in(map, to) else { return false };
        if occupant.power != support.power {
            return false;
        }
        let leaves = self.move_of(to).is_some_and(|(_, r, _)| r.succeeded());
        if leaves {
            return false;
        }
        if self.move_of(to).is_some_and(|(dest, _, via)| dest == mover && !via) {
            return true;
        }
        let strength = |province: ProvinceId| 1 + self.supports_of(province, Some(to));
        let attack = strength(mover);
        let rivals = self.orders.iter().filter(|o| o.unit.place.province != mover).filter_map(|o| match &o.action {
            Action::Move { to: t, .. } if t.province == to => Some(strength(o.unit.place.province)),
            _ => None,
        });
        let hold = match self.move_of(to) {
            Some(_) => 1,
            None => 1 + self.supports_of(to, None),
        };
        rivals.chain([hold]).all(|s| s < attack)
    }

    /// The supports that held (not cut or void) of the unit in `province` moving to `to`,
    /// or holding (`None`).
    fn supports_of(&self, province: ProvinceId, to: Option<ProvinceId>) -> usize {
        self.orders
            .iter()
            .zip(self.results)
            .filter(|(o, r)| {
                r.succeeded()
                    && match (&o.action, to) {
                        (Action::SupportMove { target, to: t }, Some(to)) => {
                            target.place.province == province && t.province == to
                        }
                        (Action::SupportHold { target }, None) => target.place.province == province,
                        _ => false,
                    }
            })
            .count()
    }

    /// MILA's codes of convoy order `i` of the army in `army` to `to`. MILA follows an
    /// army's convoy only along the paths of the fleets ordered to convoy it there, and only
    /// when the army means to go by convoy (its order says so, it cannot walk there, or one
    /// of its own power's fleets ordered to convoy it lies on a route of the board's fleets);
    /// a fleet on no such path did nothing: "no convoy", and void.
    fn convoy_codes(&self, i: usize, army: ProvinceId, to: ProvinceId) -> Vec<&'static str> {
        let map = self.map;
        let Some((dest, _, via)) = self.move_of(army).filter(|(dest, _, _)| *dest == to) else {
            // The army does not move there: void.
            return vec![VOID];
        };
        let fleets = self.convoyers(army, dest);
        let on_path = on_chains(map, &fleets, army, dest);
        let here = self.start.unit_in(map, self.orders[i].unit.place.province).map(|u| u.loc);
        let mine = here.and_then(|loc| fleets.iter().position(|&f| f == loc)).is_some_and(|j| on_path[j]);
        let intent = via || !map.army_adjacent(army, dest) || self.own_fleet_on_a_route(army, dest, &fleets);
        if !mine || !intent {
            return vec![NO_CONVOY, VOID];
        }
        match &self.results[i] {
            OrderResult::Fails(Failure::ConvoyVoid) => vec![NO_CONVOY, VOID],
            OrderResult::Fails(why) => failure_codes(why),
            OrderResult::Illegal(_) => vec![VOID],
            // The convoy held but the army found no route (it was disrupted elsewhere).
            OrderResult::Succeeds if self.convoy_failed(army).is_some() => vec![NO_CONVOY],
            OrderResult::Succeeds => Vec::new(),
        }
    }

    /// The locations of the fleets ordered to convoy the army in `from` to `to`.
    fn convoyers(&self, from: ProvinceId, to: ProvinceId) -> Vec<dip::LocId> {
        let map = self.map;
        self.orders
            .iter()
            .filter(|o| matches!(&o.action, Action::Convoy { army, to: t } if army.place.province == from && t.province == to))
            .filter_map(|o| self.start.unit_in(map, o.unit.place.province).map(|u| u.loc))
            .collect()
    }

    /// Whether a fleet of the army's own power among `ordered` lies on a route of the
    /// board's fleets from `from` to `to` (MILA's sign that the army means to go by convoy).
    fn own_fleet_on_a_route(&self, from: ProvinceId, to: ProvinceId, ordered: &[dip::LocId]) -> bool {
        let map = self.map;
        let Some(power) = self.start.unit_in(map, from).map(|u| u.power) else { return false };
        let board: Vec<dip::LocId> = self
            .start
            .units
            .iter()
            .filter(|u| u.kind == dip::UnitKind::Fleet && map.can_convoy(map.province_of(u.loc)))
            .map(|u| u.loc)
            .collect();
        let on_route = on_chains(map, &board, from, to);
        board.iter().zip(&on_route).any(|(loc, &on)| {
            on && ordered.contains(loc) && self.start.units.iter().any(|u| u.loc == *loc && u.power == power)
        })
    }
}

/// For each fleet of `fleets`, whether it lies on a chain of them from `from` to `to`: a
/// fleet reached from `from` through the fleets, from which `to` is reached.
fn on_chains(map: &Map, fleets: &[dip::LocId], from: ProvinceId, to: ProvinceId) -> Vec<bool> {
    let spread = |start: ProvinceId| {
        let mut reached: Vec<bool> = fleets.iter().map(|&f| map.fleet_reaches(f, start)).collect();
        let mut grew = true;
        while grew {
            grew = false;
            for i in 0..fleets.len() {
                if !reached[i] && (0..fleets.len()).any(|j| reached[j] && map.fleet_adjacent(fleets[j], fleets[i])) {
                    reached[i] = true;
                    grew = true;
                }
            }
        }
        reached
    };
    let (forth, back) = (spread(from), spread(to));
    forth.iter().zip(&back).map(|(&a, &b)| a && b).collect()
}

impl Played {
    /// The phase's start as MILA shows it.
    pub(super) fn shown<'a>(&'a self, cache: &'a crate::cache::MapCache) -> super::board::Shown<'a> {
        super::board::Shown {
            cache,
            position: &self.position,
            unit_order: &self.unit_order,
            centre_order: &self.centre_order,
            strays: &[],
            done: false,
        }
    }

    /// The orders as the adjudicator took them.
    pub(super) fn orders(&self, map: &Map) -> Vec<dip::Order> {
        self.orders.iter().map(|g| g.to_order(map)).collect()
    }
}

/// One phase played, as MILA's `GamePhaseData` shows it (what `process()` returns and
/// `get_phase_history()` lists): `name`, `state` (the board it started from), `orders`,
/// `results`, `messages`. Each is worked out when first asked for, from the phase kept.
#[pyclass(name = "PhaseData", module = "dip._dip", frozen)]
#[derive(Debug)]
pub struct PhaseData {
    cache: std::sync::Arc<crate::cache::MapCache>,
    record: std::sync::Arc<Played>,
    before: Option<std::sync::Arc<Played>>,
}

impl PhaseData {
    pub(super) fn new(
        cache: std::sync::Arc<crate::cache::MapCache>,
        record: std::sync::Arc<Played>,
        before: Option<std::sync::Arc<Played>>,
    ) -> Self {
        PhaseData { cache, record, before }
    }
}

#[pymethods]
impl PhaseData {
    /// `S1901M`.
    #[getter]
    fn name(&self) -> String {
        dip::formats::saved::phase_name(self.record.position.phase)
    }

    /// The board the phase started from, as MILA's `get_state()` shows it.
    #[getter]
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let state = self.record.shown(&self.cache).state(py)?;
        py.import("dip.mila")?.getattr("_complete_state")?.call1((self.cache.map.name(), state))
    }

    /// Each power's orders as MILA's `get_orders()` gave them (waives and void orders
    /// left out; under `NO_CHECK`, orders found invalid kept as written).
    #[getter]
    fn orders<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let map = &*self.cache.map;
        let dict = PyDict::new(py);
        for name in &self.cache.powers {
            dict.set_item(name.bind(py), PyList::empty(py))?;
        }
        let append = |power: PowerId, text: String| -> PyResult<()> {
            match dict.get_item(self.cache.powers[power.index()].bind(py))? {
                Some(list) => list.cast_into::<PyList>()?.append(text),
                None => Ok(()),
            }
        };
        for given in self.record.orders.iter().filter(|g| !g.is_waive()) {
            append(given.power(), given.mila_text(map))?;
        }
        if self.record.position.phase.kind == dip::PhaseKind::Movement {
            for (power, text) in self.record.voided.iter().flatten() {
                append(*power, text.to_string())?;
            }
        }
        Ok(dict)
    }

    /// What each unit's order did, in MILA's codes.
    #[getter]
    fn results<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        Ok(view_of(py, &self.cache, &self.record, self.before.as_deref())?.results)
    }

    /// Press is not kept: always empty.
    #[getter]
    fn messages<'py>(&self, py: Python<'py>) -> Bound<'py, PyDict> {
        PyDict::new(py)
    }

    /// The phase as the saved-game format writes it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("name", self.name())?;
        dict.set_item("state", self.state(py)?)?;
        dict.set_item("orders", self.orders(py)?)?;
        dict.set_item("results", self.results(py)?)?;
        dict.set_item("messages", PyList::empty(py))?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!("GamePhaseData({:?})", self.name())
    }
}

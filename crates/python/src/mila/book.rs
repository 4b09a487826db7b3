//! The orders given for the phase waiting, kept as MILA's `Game` keeps them: what
//! `set_orders` accepts, drops or voids in each kind of phase, and what `get_orders`,
//! `Power.orders` and `Power.adjust` show of them.
//!
//! MILA checks an order when it is given. In a movement phase an order that cannot be
//! read, names a unit the power does not have, or is illegal is dropped (named in
//! `game.error`); with the `NO_CHECK` rule every order is kept as written and checked when
//! the phase is processed, an invalid one voiding its unit. In retreat and adjustment
//! phases an order that cannot be carried out is kept as a void order, reported `void` in
//! the results. Legality is the engine's (the resolver's §4.E.1 check, the retreat and
//! adjustment rules), under the game's rules.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use dip::{Action, LegalAction, Map, Order, ParseOptions, PhaseKind, PowerId, ProvinceId, RetreatResult, UnitKind};

use super::MilaCore;

/// A movement adjudicator that read a board, to check orders as they are given: the board
/// (its number) and rules it read, if any.
type Checks = (dip::movement::Adjudicator, Option<(u64, dip::Rules)>);

thread_local! {
    /// One a thread, boxed: the extension's static thread-local block is small (a library
    /// loaded by Python may not use much of it).
    static CHECKS: std::cell::RefCell<Box<Checks>> =
        std::cell::RefCell::new(Box::new((dip::movement::Adjudicator::new(), None)));
}
use crate::cache::OrderTexts;

/// An order given for a unit: the legal order a listing handed out (12 bytes: an agent
/// loop gives back listed strings), or an order read from a text. The orders of a phase
/// and of every phase played are kept so: an `Order` is 128 bytes, and a game's history
/// (and `process_many`'s memory traffic, which bounded its scaling) was mostly orders.
#[derive(Clone, Debug)]
pub(super) enum Given {
    Listed(dip::LegalOrder),
    Read(Box<Order>),
}

impl Given {
    pub(super) fn power(&self) -> PowerId {
        match self {
            Given::Listed(legal) => legal.power,
            Given::Read(order) => order.power,
        }
    }

    /// The province the order is for (the unit's, or the build site's); None for a waive.
    pub(super) fn province(&self, map: &Map) -> Option<ProvinceId> {
        match self {
            Given::Listed(legal) => legal.unit.map(|(_, loc)| map.province_of(loc)),
            Given::Read(order) => (order.action != Action::Waive).then_some(order.unit.place.province),
        }
    }

    pub(super) fn is_waive(&self) -> bool {
        match self {
            Given::Listed(legal) => legal.action == LegalAction::Waive,
            Given::Read(order) => order.action == Action::Waive,
        }
    }

    /// The order as the adjudicator takes it.
    pub(super) fn to_order(&self, map: &Map) -> Order {
        match self {
            Given::Listed(legal) => crate::cache::mila_order(map, legal),
            Given::Read(order) => (**order).clone(),
        }
    }

    /// The order in MILA's notation (`A PAR - BUR`, `F STP/SC B`, `WAIVE`).
    pub(super) fn mila_text(&self, map: &Map) -> String {
        self.to_order(map).display_mila(map).to_string()
    }
}

/// One entry of a power's orders for the phase waiting.
#[derive(Clone, Debug)]
pub(super) enum Entry {
    /// An order that counts.
    Order(Given),
    /// Retreat and adjustment phases: an order MILA keeps but voids (its `VOID ...`
    /// entries), as written. It is reported `void` under the unit its first two words name.
    Void(Box<str>),
    /// A movement phase under `NO_CHECK`: the order as written (MILA's `ORDER n`), read and
    /// checked when the phase is processed; empty once a later order for the same unit
    /// replaced it.
    Raw(Box<str>),
}

impl Entry {
    fn order(&self) -> Option<&Given> {
        match self {
            Entry::Order(given) => Some(given),
            Entry::Void(_) | Entry::Raw(_) => None,
        }
    }
}

/// The unit MILA files an order written as `text` under: its first two words (`A PAR`).
pub(super) fn written_unit(text: &str) -> String {
    text.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
}

/// Why `set_orders` dropped or voided an order, as MILA words it in `game.error`.
fn refusal(text: &str, why: impl std::fmt::Display) -> String {
    format!("{text}: {why}")
}

/// An order of a retreat or adjustment phase kept void (MILA keeps it, and plays nothing
/// for it), named in `refused` with why.
fn keep_void(batch: &mut Vec<Entry>, refused: &mut Vec<String>, text: &str, why: impl std::fmt::Display) {
    refused.push(refusal(text, why));
    batch.push(Entry::Void(text.into()));
}

impl MilaCore {
    /// The order a string given to `set_orders` stands for: taken from the table when it
    /// is a string a listing gave for this kind of phase, else read from its text.
    pub(super) fn order_from(
        &self,
        table: &OrderTexts,
        power: PowerId,
        item: &Bound<'_, PyString>,
    ) -> Result<Given, String> {
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

    /// Makes `units_at` that of the board waiting.
    pub(super) fn find_units(&mut self) {
        if self.units_at.0 == self.board {
            return;
        }
        let map = &*self.map;
        let (board, units) = &mut self.units_at;
        units.clear();
        units.resize(map.province_count(), None);
        for u in &self.position.units {
            units[map.province_of(u.loc).index()] = Some(*u);
        }
        *board = self.board;
    }

    /// The unit in `province` on the board waiting: from `units_at` once `find_units` made
    /// it for this board, else looked for.
    fn unit_at(&self, province: ProvinceId) -> Option<dip::Unit> {
        match &self.units_at {
            (board, units) if *board == self.board => units.get(province.index()).copied().flatten(),
            _ => self.position.unit_in(&self.map, province).copied(),
        }
    }

    /// Whether `power` has a unit to order in `province` in this movement phase.
    pub(super) fn owns_unit_in(&self, power: PowerId, province: ProvinceId) -> bool {
        self.unit_at(province).is_some_and(|u| u.power == power)
    }

    /// `set_orders` in a movement phase: each order replaces the unit's earlier one (or,
    /// without `replace`, is dropped when the unit has one); orders that cannot be read,
    /// for a unit the power does not have, or illegal are dropped.
    pub(super) fn give_movement(
        &mut self,
        power: PowerId,
        items: &[Bound<'_, PyString>],
        replace: bool,
        refused: &mut Vec<String>,
    ) {
        self.find_units();
        let table = self.cache.order_texts();
        for item in items {
            let order = match self.order_from(&table, power, item) {
                Ok(order) => order,
                Err(e) => {
                    refused.push(refusal(&item.to_string(), e));
                    continue;
                }
            };
            let province = order.province(&self.map);
            if order.power() != power || !province.is_some_and(|p| self.owns_unit_in(power, p)) {
                refused.push(refusal(&item.to_string(), "no unit of this power to order there"));
                continue;
            }
            // A listed order is legal by construction; one read from a text is checked as
            // the resolver would check it, and its units written out in full as MILA writes
            // them (`LON H` is `F LON H`).
            let order = match order {
                Given::Read(mut read) => {
                    self.complete(&mut read);
                    if let Some(why) = self.illegal_movement(&read) {
                        refused.push(refusal(&item.to_string(), why));
                        continue;
                    }
                    Given::Read(read)
                }
                listed => listed,
            };
            let map = &*self.map;
            let list = &mut self.orders[power.index()];
            let same = list.iter().position(|e| e.order().is_some_and(|o| o.province(map) == province));
            match same {
                Some(i) if replace => list[i] = Entry::Order(order),
                Some(_) => refused.push(refusal(&item.to_string(), "the unit already has an order")),
                None => list.push(Entry::Order(order)),
            }
        }
    }

    /// Writes a movement order out as MILA's expansion does: the type of the ordered unit
    /// and of the unit a support or convoy names, as they stand; a fleet's coast as it
    /// stands (MILA corrects a wrong one); and the place a fleet supports another fleet's
    /// move into with the coast that fleet can reach, or none when it can reach two (MILA's
    /// default coast; an army's move is supported into the province).
    fn complete(&self, order: &mut Order) {
        let map = &*self.map;
        let fill = |spec: &mut dip::UnitSpec| {
            if let Some(unit) = self.unit_at(spec.place.province) {
                if spec.kind.is_none() {
                    spec.kind = Some(unit.kind);
                }
                if spec.kind == Some(unit.kind) && unit.loc.index() != spec.place.province.index() {
                    spec.place.set_coast(Some(dip::CoastSpec::Known(unit.loc)));
                }
            }
        };
        fill(&mut order.unit);
        let supporter = order.unit.kind;
        match &mut order.action {
            Action::SupportHold { target } => fill(target),
            Action::SupportMove { target, to } => {
                fill(target);
                if to.coast().is_some() {
                    let mover = self.unit_at(target.place.province);
                    let coast = match (supporter, mover) {
                        (Some(UnitKind::Fleet), Some(fleet)) if fleet.kind == UnitKind::Fleet => {
                            let mut coasts =
                                map.province(to.province).coasts.iter().filter(|&&c| map.fleet_adjacent(fleet.loc, c));
                            match (coasts.next(), coasts.next()) {
                                (Some(&only), None) => Some(dip::CoastSpec::Known(only)),
                                _ => None,
                            }
                        }
                        (_, Some(army)) if army.kind == UnitKind::Army => None,
                        _ => to.coast(),
                    };
                    to.set_coast(coast);
                }
            }
            Action::Convoy { army, .. } => fill(army),
            _ => {}
        }
    }

    /// Why the resolver would refuse a movement order given alone, if it would.
    pub(super) fn illegal_movement(&self, order: &Order) -> Option<String> {
        CHECKS.with_borrow_mut(|checks| {
            let (adjudicator, prepared) = &mut **checks;
            // The board is read once for all the orders checked on it (boards are numbered
            // apart across games; copies of a game share the board they copied).
            if *prepared != Some((self.board, self.rules)) {
                *prepared = None;
                if let Err(e) = adjudicator.prepare_checks(&self.map, &self.position, &self.rules) {
                    return Some(e.to_string());
                }
                *prepared = Some((self.board, self.rules));
            }
            match adjudicator.check_order(&self.map, order) {
                Ok(illegal) => illegal.map(|why| why.to_string()),
                Err(e) => Some(e.to_string()),
            }
        })
    }

    /// `set_orders` in a movement phase under `NO_CHECK`: every order is kept as written
    /// (MILA's `ORDER n`); with `replace`, earlier orders naming the same place second are
    /// blanked. An order too short to name a unit and an action is dropped.
    pub(super) fn give_unchecked(
        &mut self,
        power: PowerId,
        items: &[String],
        replace: bool,
        refused: &mut Vec<String>,
    ) {
        let list = &mut self.orders[power.index()];
        for text in items {
            let words: Vec<&str> = text.split_whitespace().collect();
            if words.len() < 2 || (words.len() == 2 && words[1] != "H") {
                refused.push(refusal(text, "expected a unit and an order"));
                continue;
            }
            if replace {
                let place = prefix3(words[1]);
                for entry in list.iter_mut() {
                    if let Entry::Raw(old) = entry
                        && old.split_whitespace().nth(1).is_some_and(|w| prefix3(w) == place)
                    {
                        *old = "".into();
                    }
                }
            }
            list.push(Entry::Raw(words.join(" ").into()));
        }
    }

    /// An order given in a retreat or adjustment phase, read; `None` when it is kept void
    /// (in `batch`, with why in `refused`) or passed over (fewer than two words, as MILA).
    fn read_or_void(
        &self,
        table: &OrderTexts,
        power: PowerId,
        item: &Bound<'_, PyString>,
        text: &str,
        batch: &mut Vec<Entry>,
        refused: &mut Vec<String>,
    ) -> Option<Given> {
        if text.split_whitespace().count() < 2 {
            return None;
        }
        match self.order_from(table, power, item) {
            Ok(order) => Some(order),
            Err(e) => {
                keep_void(batch, refused, text, e);
                None
            }
        }
    }

    /// `set_orders` in a retreat phase: an order for a dislodged unit of the power that
    /// the retreat rules allow counts; any other is kept void. With `replace` an order
    /// replaces the unit's earlier ones, else a second order for a unit is dropped. An
    /// empty list clears the power's orders.
    pub(super) fn give_retreats(
        &mut self,
        power: PowerId,
        items: &[Bound<'_, PyString>],
        replace: bool,
        refused: &mut Vec<String>,
    ) -> PyResult<()> {
        let map = self.map.clone();
        let mut batch: Vec<Entry> = Vec::new();
        let mut retreated: Vec<ProvinceId> = Vec::new();
        {
            let table = self.cache.order_texts();
            for item in items {
                let text = item.to_cow()?;
                let Some(order) = self.read_or_void(&table, power, item, &text, &mut batch, refused) else { continue };
                let province = order.province(&map);
                let is_dislodged = province.is_some_and(|p| {
                    self.position.dislodged.iter().any(|d| d.unit.power == power && map.province_of(d.unit.loc) == p)
                });
                if !is_dislodged {
                    keep_void(&mut batch, refused, &text, "no dislodged unit of this power there");
                    continue;
                }
                let Some(province) = province else { continue };
                if retreated.contains(&province) {
                    keep_void(&mut batch, refused, &text, "a second order for the unit");
                    continue;
                }
                let written = order.to_order(&map);
                let checked =
                    dip::adjudicate_retreats(&map, &self.position, std::slice::from_ref(&written), &self.rules);
                match checked.as_ref().map(|o| o.results.first()) {
                    Ok(Some(RetreatResult::Illegal(why))) => {
                        keep_void(&mut batch, refused, &text, why);
                    }
                    Err(e) => {
                        keep_void(&mut batch, refused, &text, e);
                    }
                    Ok(_) => {
                        retreated.push(province);
                        batch.push(Entry::Order(order));
                    }
                }
            }
        }
        self.file(power, batch, replace, refused, |map, given| given.province(map).map(|p| p.index()));
        Ok(())
    }

    /// `set_orders` in an adjustment phase, as MILA checks it: builds when the power may
    /// build (at a free build site, one a site, a unit that may stand there), removals of
    /// its own units when it must remove, a waive when it need not remove; anything else
    /// is kept void. Then, as MILA does, waives beyond the builds allowed are dropped, and a
    /// power that waived has waives added up to the builds allowed.
    pub(super) fn give_adjustments(
        &mut self,
        power: PowerId,
        items: &[Bound<'_, PyString>],
        replace: bool,
        refused: &mut Vec<String>,
    ) -> PyResult<()> {
        let map = self.map.clone();
        let centres = i32::from(dip::adjust::counted_centres(&map, &self.position, power));
        let units = self.position.units.iter().filter(|u| u.power == power).count() as i32;
        let mut need = centres - units;
        let sites = if need > 0 { dip::adjust::build_sites(&map, &self.position, power) } else { Vec::new() };
        if need > 0 {
            need = need.min(sites.len() as i32);
        }
        let mut batch: Vec<Entry> = Vec::new();
        let mut places: Vec<ProvinceId> = Vec::new();
        let mut removals: Vec<dip::LocId> = Vec::new();
        {
            let table = self.cache.order_texts();
            for item in items {
                let text = item.to_cow()?.trim().to_string();
                if text == "WAIVE" {
                    if need >= 0 {
                        let waive = dip::LegalOrder { power, unit: None, action: LegalAction::Waive };
                        batch.push(Entry::Order(Given::Listed(waive)));
                    } else {
                        keep_void(&mut batch, refused, &text, "a power that must remove units cannot waive");
                    }
                    continue;
                }
                let Some(order) = self.read_or_void(&table, power, item, &text, &mut batch, refused) else { continue };
                let written = order.to_order(&map);
                let void = match (&written.action, need < 0) {
                    (Action::Build, false) => {
                        let site = written.unit.place.province;
                        let loc =
                            written.unit.kind.and_then(|kind| map.unit_loc(kind, site, written.unit.place.coast_loc()));
                        if !sites.contains(&site) {
                            Some("not a free build site of the power")
                        } else if places.contains(&site) {
                            Some("a second build at the site")
                        } else if loc.is_none() {
                            Some("that unit cannot be built there")
                        } else {
                            places.push(site);
                            None
                        }
                    }
                    (Action::Remove, true) => {
                        let unit = self.position.units.iter().find(|u| {
                            u.power == power
                                && map.province_of(u.loc) == written.unit.place.province
                                && written.unit.kind.is_none_or(|k| k == u.kind)
                        });
                        match unit {
                            None => Some("no such unit of the power"),
                            Some(u) if removals.contains(&u.loc) => Some("a second removal of the unit"),
                            Some(u) => {
                                removals.push(u.loc);
                                None
                            }
                        }
                    }
                    (Action::Build, true) => Some("the power must remove units, not build"),
                    (Action::Remove, false) => Some("the power has no units to remove"),
                    _ => Some("not an adjustment order"),
                };
                match void {
                    Some(why) => {
                        keep_void(&mut batch, refused, &text, why);
                    }
                    None => batch.push(Entry::Order(order)),
                }
            }
        }
        // Orders for the same unit or site are the same location (MILA compares the
        // location it writes: `MAR` for both `A MAR B` and `F MAR B`).
        self.file(power, batch, replace, refused, |map, given| {
            let order = given.to_order(map);
            (order.action != Action::Waive).then(|| loc_index(map, &order))
        });
        // MILA's waives: no more orders than builds allowed while waives are left, and
        // every build left open is waived.
        let list = &mut self.orders[power.index()];
        while need > 0 && (list.len() as i32) > need {
            match list.iter().position(|e| e.order().is_some_and(Given::is_waive)) {
                Some(i) => {
                    list.remove(i);
                }
                None => break,
            }
        }
        // (MILA adds them when the power waived, or is a dummy: every power of a game
        // without players is.)
        {
            while (list.len() as i32) < need {
                list.push(Entry::Order(Given::Listed(dip::LegalOrder {
                    power,
                    unit: None,
                    action: LegalAction::Waive,
                })));
            }
        }
        Ok(())
    }

    /// Adds a batch of retreat or adjustment entries to a power's orders: with `replace`
    /// each order of the batch first removes the power's earlier orders for the same
    /// location (`key`); without it, orders for a location already ordered are dropped.
    /// Void entries are never replaced and never replace.
    fn file(
        &mut self,
        power: PowerId,
        mut batch: Vec<Entry>,
        replace: bool,
        refused: &mut Vec<String>,
        key: impl Fn(&Map, &Given) -> Option<usize>,
    ) {
        let map = &*self.map;
        let list = &mut self.orders[power.index()];
        let keys = |entries: &[Entry]| -> Vec<usize> {
            entries.iter().filter_map(|e| e.order().and_then(|g| key(map, g))).collect()
        };
        if replace {
            let new = keys(&batch);
            list.retain(|e| e.order().and_then(|g| key(map, g)).is_none_or(|k| !new.contains(&k)));
        } else {
            let old = keys(list);
            batch.retain(|e| match e.order().and_then(|g| key(map, g)) {
                Some(k) if old.contains(&k) => {
                    refused.push(format!(
                        "{}: the unit already has an order",
                        e.order().map(|g| g.mila_text(map)).unwrap_or_default()
                    ));
                    false
                }
                _ => true,
            });
        }
        list.extend(batch);
    }

    /// MILA's `get_orders(power)`: in a movement phase each unit's order with its unit
    /// written out (`F LON H` for `LON H`), or under `NO_CHECK` the orders as written; in
    /// retreat and adjustment phases the orders that count, without waives.
    pub(super) fn orders_of(&self, power: PowerId) -> Vec<String> {
        let map = &*self.map;
        self.orders[power.index()]
            .iter()
            .filter_map(|entry| match entry {
                Entry::Order(given) if !given.is_waive() => Some(given.mila_text(map)),
                Entry::Raw(text) if !text.is_empty() => Some(text.to_string()),
                _ => None,
            })
            .collect()
    }

    /// MILA's `Power.orders`: in a movement phase a dict of unit → order (`{"A PAR": "-
    /// BUR"}`), under `NO_CHECK` `{"ORDER 1": "A PAR - BUR", ...}`; empty in other phases.
    pub(super) fn orders_dict<'py>(&self, py: Python<'py>, power: PowerId) -> PyResult<Bound<'py, PyDict>> {
        let map = &*self.map;
        let dict = PyDict::new(py);
        if self.position.phase.kind != PhaseKind::Movement {
            return Ok(dict);
        }
        for (i, entry) in self.orders[power.index()].iter().enumerate() {
            match entry {
                Entry::Order(given) => {
                    let text = given.mila_text(map);
                    let (unit, action) = split_unit(&text);
                    dict.set_item(unit, action)?;
                }
                Entry::Raw(text) => dict.set_item(format!("ORDER {}", i + 1), &**text)?,
                Entry::Void(_) => {}
            }
        }
        Ok(dict)
    }

    /// MILA's `Power.adjust`: the retreat or adjustment orders, void ones as `VOID ...`.
    pub(super) fn adjust_list<'py>(&self, py: Python<'py>, power: PowerId) -> PyResult<Bound<'py, PyList>> {
        let map = &*self.map;
        let texts = self.orders[power.index()].iter().map(|entry| match entry {
            Entry::Order(given) => given.mila_text(map),
            Entry::Void(text) => format!("VOID {text}"),
            Entry::Raw(text) => text.to_string(),
        });
        PyList::new(py, texts)
    }
}

/// A MILA order's unit and the rest: `("A PAR", "- BUR")`; a waive is all unit.
pub(super) fn split_unit(text: &str) -> (&str, &str) {
    let mut spaces = text.match_indices(' ').map(|(i, _)| i);
    let _ = spaces.next();
    match spaces.next() {
        Some(i) => (&text[..i], &text[i + 1..]),
        None => (text, ""),
    }
}

/// The first three characters of a word (MILA compares places by them).
fn prefix3(word: &str) -> &str {
    word.char_indices().nth(3).map_or(word, |(i, _)| &word[..i])
}

/// The location an adjustment order is for, as an index (a fleet's coast counts).
fn loc_index(map: &Map, order: &Order) -> usize {
    let province = order.unit.place.province;
    match (order.unit.kind, order.unit.place.coast_loc()) {
        (Some(UnitKind::Fleet), Some(coast)) => coast.index(),
        _ => map.main_loc(province).index(),
    }
}

/// The kind of phase an order is given in.
pub(super) fn phase_of(action: LegalAction) -> PhaseKind {
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

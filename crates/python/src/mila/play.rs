//! Processing a phase as MILA's `Game` does: the orders that count are adjudicated by dip
//! under the game's rules, and the game moves on with MILA's bookkeeping:
//! - a dislodged unit with nowhere to retreat is removed at once, and a retreat phase left
//!   with nothing to retreat is skipped;
//! - units that moved, retreated or were built go to the end of their power's list, and
//!   centres captured to the end of their new owner's;
//! - when no power owns a centre at the end of a year, each takes its home centres before
//!   the captures (MILA's start of a game set up without centres);
//! - the game ends at the end of a year when a power has the map's victory count, more
//!   centres than a year before and more than any other power (MILA's `HOLD_WIN` and
//!   `SHARED_VICTORY` rules change the last two), or as a draw of the powers with units
//!   after the hundredth year.

use std::cell::RefCell;
use std::sync::Arc;

use dip::movement::Adjudicator;
use dip::{
    Action, AdjudicationError, AdjustmentOutcome, LocId, Map, Order, ParseOptions, Phase, PhaseKind, PhaseOutcome,
    Position, PowerId, ProvinceId, Season,
};

use super::book::{Entry, Given};
use super::{MilaCore, Played, Voided};

/// How a game ended: in the adjustment phase of `phase`'s year, won by `victors` (all the
/// powers with units for a draw), as MILA's `outcome` records it.
#[derive(Debug)]
pub(super) struct Ended {
    pub phase: Phase,
    pub victors: Vec<PowerId>,
}

thread_local! {
    /// The orders of the phase being played, written out for the adjudicator: one list a
    /// thread, reused.
    static ORDERS: RefCell<Vec<Order>> = const { RefCell::new(Vec::new()) };
    /// Per province, the rank of the start's unit there, and the index of the next board's
    /// unit there, for the order being arranged: two tables a thread.
    static PLACES: RefCell<(Vec<u32>, Vec<u32>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}

/// No unit in the province.
const EMPTY: u32 = u32::MAX;
/// A unit arrived in the province (a move, retreat or build).
const ARRIVED: u32 = u32::MAX - 1;
/// The province's unit has its place in the order.
const PLACED: u32 = u32::MAX - 2;

impl MilaCore {
    /// The orders of every power, moved out (the phase is about to be played): the orders
    /// that count, and the texts MILA voids (with the unit each names).
    fn take_orders(&mut self, adjudicator: &mut Adjudicator) -> (Vec<Given>, Vec<Voided>) {
        let count = self.orders.iter().map(Vec::len).sum();
        let mut given = Vec::with_capacity(count);
        let mut voided = Vec::new();
        let unchecked = self.flags.no_check && self.position.phase.kind == PhaseKind::Movement;
        for power in 0..self.orders.len() {
            if unchecked {
                let list = std::mem::take(&mut self.orders[power]);
                self.read_unchecked(adjudicator, PowerId(power as u8), list, &mut given, &mut voided);
                continue;
            }
            // Drained, not taken: each power's list keeps its room for the next phase.
            for entry in self.orders[power].drain(..) {
                match entry {
                    Entry::Order(order) => given.push(order),
                    Entry::Void(text) => voided.push((PowerId(power as u8), text)),
                    Entry::Raw(_) => {}
                }
            }
        }
        if self.position.phase.kind == PhaseKind::Movement {
            // An order for a unit the power no longer has (the board was set up again after
            // the order was given) is dropped, as MILA drops it.
            self.find_units();
            given.retain(|g| g.province(&self.map).is_some_and(|p| self.owns_unit_in(g.power(), p)));
        }
        (given, voided)
    }

    /// A `NO_CHECK` movement phase's orders, read and checked as MILA does when it processes
    /// them: an order that cannot be read or is illegal voids the unit it names; one for a
    /// unit the power does not have is dropped; a unit given two different orders holds.
    fn read_unchecked(
        &self,
        adjudicator: &mut Adjudicator,
        power: PowerId,
        list: Vec<Entry>,
        given: &mut Vec<Given>,
        voided: &mut Vec<Voided>,
    ) {
        let map = &*self.map;
        let first = given.len();
        let mut reordered: Vec<ProvinceId> = Vec::new();
        let prepared = adjudicator.prepare_checks(map, &self.position, &self.rules).is_ok();
        for entry in list {
            let Entry::Raw(text) = entry else { continue };
            if text.is_empty() {
                continue;
            }
            let order = match dip::parse_order(map, ParseOptions::new(PhaseKind::Movement).power(power), &text) {
                Ok(order) => order,
                Err(_) => {
                    // MILA voids an order it cannot carry out for a unit of the power, and
                    // drops one that names no such unit.
                    let unit = super::board::exact_unit(map, &super::book::written_unit(&text));
                    if unit.is_some_and(|(kind, loc)| {
                        self.position.units.iter().any(|u| u.loc == loc && u.kind == kind && u.power == power)
                    }) {
                        voided.push((power, text));
                    }
                    continue;
                }
            };
            let province = order.unit.place.province;
            if self.position.unit_in(map, province).is_none_or(|u| u.power != power) {
                continue;
            }
            let illegal = !prepared || adjudicator.check_order(map, &order).map_or(true, |illegal| illegal.is_some());
            if illegal {
                voided.push((power, text));
                continue;
            }
            match given[first..].iter().position(|g| g.province(map) == Some(province)) {
                Some(i) => {
                    if given[first + i].to_order(map) != order && !reordered.contains(&province) {
                        reordered.push(province);
                    }
                }
                None => given.push(Given::Read(Box::new(order))),
            }
        }
        // MILA's REORDER: a unit given different orders holds.
        let mut i = first;
        while i < given.len() {
            if given[i].province(map).is_some_and(|p| reordered.contains(&p)) {
                given.remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// Plays the phase with the orders given and moves on; on an error the game is left
    /// as it was, orders included.
    pub(super) fn play_with(&mut self, adjudicator: &mut Adjudicator) -> Result<(), AdjudicationError> {
        if self.done {
            return Ok(());
        }
        let saved: Vec<Vec<Entry>> = if self.flags.no_check { self.orders.clone() } else { Vec::new() };
        let (given, voided) = self.take_orders(adjudicator);
        let played = ORDERS.with_borrow_mut(|written| {
            written.clear();
            written.extend(given.iter().map(|g| g.to_order(&self.map)));
            let result = dip::play_phase_with(adjudicator, &self.map, &self.position, written, &self.rules)?;
            let mut next = result.next;
            let order = arrange(&self.map, &self.unit_order, written, &result.outcome, &mut next);
            Ok((result.outcome, next, order))
        });
        let (outcome, next, order) = match played {
            Ok(played) => played,
            Err(e) => {
                self.restore(given, voided, saved);
                return Err(e);
            }
        };
        let start = std::mem::replace(&mut self.position, next);
        let start_order = std::mem::replace(&mut self.unit_order, Arc::new(order));
        self.strays.clear();
        let voided = (!voided.is_empty()).then(|| voided.into_boxed_slice());
        let played = Played {
            position: start,
            unit_order: start_order,
            centre_order: self.centre_order.clone(),
            orders: given,
            outcome,
            voided,
        };
        self.after(adjudicator, played)?;
        Ok(())
    }

    /// Puts orders taken by `take_orders` back, as each power gave them.
    fn restore(&mut self, given: Vec<Given>, voided: Vec<Voided>, saved: Vec<Vec<Entry>>) {
        if self.flags.no_check && self.position.phase.kind == PhaseKind::Movement {
            self.orders = saved;
            return;
        }
        for order in given {
            self.orders[order.power().index()].push(Entry::Order(order));
        }
        for (power, text) in voided {
            self.orders[power.index()].push(Entry::Void(text));
        }
    }

    /// MILA's bookkeeping once the phase is adjudicated (`self.position` is the next
    /// board): records the phase, removes dislodged units with no retreat (skipping a retreat
    /// phase left empty), and at the end of a year settles MILA's captures and the end of
    /// the game.
    fn after(&mut self, adjudicator: &mut Adjudicator, played: Played) -> Result<(), AdjudicationError> {
        let map = self.map.clone();
        let start_phase = played.position.phase;
        // Centres change hands only at the end of a fall.
        let owners_before = (start_phase.season == Season::Fall).then(|| played.position.owners.clone());
        let mut fall_over = start_phase.season == Season::Fall && self.position.phase.kind != PhaseKind::Retreat;
        self.history.push(Arc::new(played));
        for list in &mut self.orders {
            list.clear();
        }
        if self.position.phase.kind == PhaseKind::Retreat {
            self.position.dislodged.retain(|d| !d.retreats.is_empty());
            if self.position.dislodged.is_empty() {
                // Nothing left to retreat: MILA skips the phase (not recorded).
                let result = dip::play_phase_with(adjudicator, &map, &self.position, &[], &self.rules)?;
                let mut next = result.next;
                let order = arrange(&map, &self.unit_order, &[], &result.outcome, &mut next);
                self.position = next;
                self.unit_order = Arc::new(order);
                fall_over = start_phase.season == Season::Fall;
            }
        }
        if let Some(before) = owners_before.filter(|_| fall_over) {
            self.year_end(&before, start_phase.year);
        }
        // A new board. The old listing stays until the next listing replaces it, so it is
        // freed on the Python thread that made it, not on one of process_many's.
        self.board = super::next_board();
        Ok(())
    }

    /// The end of a year (the position waiting is the winter's, or the next spring's when
    /// nobody adjusts): MILA's captures and the end of the game.
    fn year_end(&mut self, before: &[Option<PowerId>], year: u16) {
        let map = self.map.clone();
        if before.iter().all(Option::is_none) {
            // No power owned a centre: MILA hands each its home centres first.
            let owners = &mut self.position.owners;
            for power in map.powers() {
                for &home in &map.power(power).homes {
                    owners[home.index()] = Some(power);
                }
            }
            dip::adjust::update_ownership(&map, &mut self.position);
            let winter = Phase { season: Season::Fall, year, kind: PhaseKind::Adjustment };
            if dip::adjust::adjustments_needed(&map, &self.position) {
                self.position.phase = winter;
            } else if let Some(spring) = map.next_spring_year(year) {
                self.position.phase = Phase { season: Season::Spring, year: spring, kind: PhaseKind::Movement };
            }
            let homes: Vec<Option<PowerId>> = (0..map.province_count())
                .map(|p| {
                    map.province(ProvinceId(p as u16)).home_of.filter(|_| map.province(ProvinceId(p as u16)).centre)
                })
                .collect();
            self.centre_order = Arc::new(super::board::opening_centre_order(&map, &homes));
            self.captured(&homes);
        } else {
            self.captured(before);
        }
        let count = |owners: &[Option<PowerId>]| {
            let mut counts = vec![0usize; map.power_count()];
            for owner in owners.iter().flatten() {
                counts[owner.index()] += 1;
            }
            counts
        };
        let (now, then) = (count(&self.position.owners), count(before));
        let win = usize::from(map.victory_centres());
        let top = now.iter().copied().max().unwrap_or(0);
        let leaders = now.iter().filter(|&&n| n == top).count();
        let victors: Vec<PowerId> = map
            .powers()
            .filter(|p| {
                let (n, was) = (now[p.index()], then[p.index()]);
                n >= win
                    && if self.flags.hold_win { was >= win } else { n > was }
                    && (self.flags.shared_victory || (n == top && leaders == 1))
            })
            .collect();
        let winter = Phase { season: Season::Fall, year, kind: PhaseKind::Adjustment };
        if !victors.is_empty() {
            self.position.phase = winter;
            self.ended = Some(Arc::new(Ended { phase: winter, victors }));
            self.done = true;
        } else if u32::from(year) + 1 == u32::from(map.start_year()) + 100 {
            // MILA's draw after a hundred years, in the winter.
            self.position.phase = winter;
            self.draw(None);
        }
    }

    /// Ends the game in a draw as MILA's `draw()` does: the phase waiting is recorded as a
    /// phase of its own, unplayed (no orders, no results), and the game is over, won by
    /// `victors` (by default every power with units on the board).
    pub(super) fn draw(&mut self, victors: Option<Vec<PowerId>>) {
        let map = &*self.map;
        let victors = victors
            .unwrap_or_else(|| map.powers().filter(|&p| self.position.units.iter().any(|u| u.power == p)).collect());
        let outcome = PhaseOutcome::Adjustment(AdjustmentOutcome {
            results: Vec::new(),
            powers: Vec::new(),
            built: Vec::new(),
            removed: Vec::new(),
            position: self.position.clone(),
        });
        let record = Played {
            position: self.position.clone(),
            unit_order: self.unit_order.clone(),
            centre_order: self.centre_order.clone(),
            orders: Vec::new(),
            outcome,
            voided: None,
        };
        self.history.push(Arc::new(record));
        for list in &mut self.orders {
            list.clear();
        }
        self.ended = Some(Arc::new(Ended { phase: self.position.phase, victors }));
        self.done = true;
    }
}

/// The next board's units in MILA's order (`start_order` is the start's): the units that
/// stayed where they were in their order before, then those that arrived (moved, retreated,
/// built) in the order MILA adds them (a move in the order of the units before, a retreat
/// or build in the order of the orders). Units waiting to retreat are put in the order of
/// the units they were. The next board has its units sorted by location (normalised).
/// Linear in the units, with two tables by province a thread.
fn arrange(
    map: &Map,
    start_order: &[LocId],
    orders: &[Order],
    outcome: &PhaseOutcome,
    next: &mut Position,
) -> Vec<LocId> {
    PLACES.with_borrow_mut(|(places, next_at)| {
        let provinces = map.province_count();
        places.clear();
        places.resize(provinces, EMPTY);
        for (i, &loc) in start_order.iter().enumerate() {
            places[map.province_of(loc).index()] = i as u32;
        }
        next_at.clear();
        next_at.resize(provinces, EMPTY);
        for (i, u) in next.units.iter().enumerate() {
            next_at[map.province_of(u.loc).index()] = i as u32;
        }
        // Where each unit that arrived came in: (its province, the rank it comes in at).
        let mut arrivals: Vec<(ProvinceId, u32)> = Vec::new();
        match outcome {
            PhaseOutcome::Movement(o) => {
                for (order, result) in orders.iter().zip(&o.results) {
                    let to = match &order.action {
                        Action::Move { to, .. } | Action::Rail { to, .. } if result.succeeded() => to.province,
                        _ => continue,
                    };
                    arrivals.push((to, places[order.unit.place.province.index()]));
                }
            }
            PhaseOutcome::Retreat(o) => {
                for r in &o.retreated {
                    let from = map.province_of(r.unit.loc);
                    let rank = orders.iter().position(|o| o.unit.place.province == from).unwrap_or(usize::MAX);
                    arrivals.push((map.province_of(r.to), rank as u32));
                }
            }
            PhaseOutcome::Adjustment(o) => {
                for (i, u) in o.built.iter().enumerate() {
                    arrivals.push((map.province_of(u.loc), i as u32));
                }
            }
        }
        arrivals.sort_by_key(|&(_, rank)| rank);
        if next.dislodged.len() > 1 {
            next.dislodged.sort_by_key(|d| places[map.province_of(d.unit.loc).index()]);
        }
        // The start's ranks are read; from here `places` marks the provinces whose unit is
        // in the order already (`PLACED`) or arrived (`ARRIVED`).
        for &(province, _) in &arrivals {
            places[province.index()] = ARRIVED;
        }
        let mut order: Vec<LocId> = Vec::with_capacity(next.units.len());
        for &loc in start_order {
            // A unit where a unit stood, and none arrived, is the unit that stood there.
            let province = map.province_of(loc).index();
            let stayed = next_at[province] != EMPTY && next.units[next_at[province] as usize].loc == loc;
            if places[province] != ARRIVED && stayed {
                order.push(loc);
                places[province] = PLACED;
            }
        }
        for &(province, _) in &arrivals {
            if let Some(&i) = next_at.get(province.index()).filter(|&&i| i != EMPTY) {
                order.push(next.units[i as usize].loc);
                places[province.index()] = PLACED;
            }
        }
        // Units the order does not know yet (none, unless the engine placed one unforeseen).
        for u in &next.units {
            if places[map.province_of(u.loc).index()] != PLACED {
                order.push(u.loc);
            }
        }
        order
    })
}

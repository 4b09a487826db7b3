//! Turning the resolver's state into results a player can read.
//!
//! Built in a few passes over the slots with bit sets over provinces and locations kept
//! between phases: no sorting of the board, one allocation for each list returned.

use dip_map::rules::RetreatToConvoyOrigin;
use dip_map::{Dislodged, LocId, Map, PhaseKind, Position, PowerId, ProvinceId, Season, Unit, UnitKind};
use dip_orders::{AdjudicationError, Order};

use crate::Provinces;
use crate::outcome::{DislodgedReport, Failure, ImpliedMove, MovementOutcome, OrderResult};
use crate::resolve::{Adjudicator, CLOSED, Kind, NONE, Resolved};

/// Scratch tables of [`Adjudicator::outcome`], grown to the map's size once.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// Per unit: the unit that dislodged it, or `NONE`.
    dislodger: Vec<u16>,
    /// Per location: the unit standing there after the phase (valid where `at` is set).
    occupant: Vec<Unit>,
    /// Locations with a unit after the phase.
    at: Vec<u64>,
    /// Provinces some move tried to enter (set for the moves that failed: one that
    /// succeeded holds the province it entered); the standoffs are those nobody holds.
    tried: Vec<u64>,
    /// The orders given to units whose result is more than plain success: not a move that
    /// succeeded, a support or convoy that matched and was given (a fleet that convoys was
    /// not dislodged, nor failed by a paradox rule), or a hold not dislodged. Their results
    /// are written after the pass over the units that finds them. Kept by unit: the order
    /// a unit's slot names is legal, except where a rule turned the unit to a hold
    /// (conflicting orders under §4.D.3's hold, a second train on a railroad); such an
    /// order's result is written again, as illegal, by `write_not_given`.
    told: Vec<u16>,
    /// The units dislodged, in increasing order once `units_after` is done.
    dislodged: Vec<u16>,
}

impl Scratch {
    /// Whether a unit stands in province `p` after the phase (at its main location or a
    /// coast).
    fn held(&self, map: &Map, p: ProvinceId) -> bool {
        get(&self.at, map.main_loc(p).index()) || map.province(p).coasts.iter().any(|c| get(&self.at, c.index()))
    }
}

/// The prevent strengths an outcome has asked for, per slot (`UNKNOWN` before): the results'
/// bounces and the standoffs ask for the same movers' strengths. Apart from [`Scratch`],
/// which is taken out of the adjudicator while the outcome reads the board: the standoffs
/// read this through the adjudicator meanwhile.
#[derive(Debug, Default)]
pub(crate) struct PreventKnown(Vec<u32>);

/// A prevent strength not asked for yet (`PreventKnown`).
const UNKNOWN: u32 = u32::MAX;

fn set(bits: &mut [u64], i: usize) {
    bits[i / 64] |= 1 << (i % 64);
}

fn unset(bits: &mut [u64], i: usize) {
    bits[i / 64] &= !(1 << (i % 64));
}

fn get(bits: &[u64], i: usize) -> bool {
    bits[i / 64] >> (i % 64) & 1 == 1
}

/// The set bits in increasing order.
fn ones(bits: &[u64]) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(k, &word)| {
        let mut word = word;
        std::iter::from_fn(move || {
            (word != 0).then(|| {
                let bit = word.trailing_zeros() as usize;
                word &= word - 1;
                k * 64 + bit
            })
        })
    })
}

impl Resolved<'_> {
    /// The full outcome of the run, as [`Adjudicator::outcome`] gives it: the run checked
    /// the map, position and orders, and they cannot have changed since.
    pub fn outcome(&mut self) -> MovementOutcome {
        self.adjudicator.outcome_checked(self.map, self.position, self.orders)
    }
}

impl Adjudicator {
    /// The full outcome of the last [`Adjudicator::run`]: a result and reason for every
    /// order, the dislodged units with their retreats, and the next position.
    ///
    /// The map and orders must be those of the last successful run (the position's phase
    /// and owners are read from `position`); anything else is refused.
    pub fn outcome(
        &mut self,
        map: &Map,
        position: &Position,
        orders: &[Order],
    ) -> Result<MovementOutcome, AdjudicationError> {
        if self.last_run != Some((map.province_count(), map.location_count(), orders.len())) {
            return Err(AdjudicationError::NotTheLastRun);
        }
        position.check(map)?;
        Ok(self.outcome_checked(map, position, orders))
    }

    pub(crate) fn outcome_checked(&mut self, map: &Map, position: &Position, orders: &[Order]) -> MovementOutcome {
        self.prevent_known.0.clear();
        self.prevent_known.0.resize(self.slots.len(), UNKNOWN);
        let mut scratch = std::mem::take(&mut self.report);
        let mut unordered = Vec::new();
        let units = self.units_after(map, &mut scratch, &mut unordered);
        // Every result is written where it stays: a result returned through memory and read
        // back whole stalled on the narrower stores that wrote it. The usual one is filled
        // in as a constant, the others written in place: the units' orders that did not
        // plainly succeed (found by the pass over the units), and the orders given to no
        // unit's slot, illegal or permits (found by a pass over the orders when there are
        // any: a fold without early exits, which compiles to a straight loop).
        let mut results = vec![OrderResult::Succeeds; orders.len()];
        for &u in &scratch.told {
            let i = self.slots[usize::from(u)].order_index as usize;
            if let Some(result) = results.get_mut(i) {
                self.write_unit_result(map, u, &scratch.dislodger, result);
            }
        }
        let (illegal, unit) = (&self.order_illegal[..], &self.order_unit[..]);
        let all_given = illegal.iter().zip(unit).fold(true, |all, (why, &u)| all & why.is_none() & (u != NONE));
        if !all_given {
            self.write_not_given(map, &scratch.dislodger, &mut results);
        }
        // Moves implied for units without an order (§4.E.3 a): found among those units.
        let implied = if self.implied.is_empty() {
            Vec::new()
        } else {
            self.implied_moves(map, &scratch.dislodger, &mut unordered)
        };
        let contested = self.standoffs(map, &scratch);
        let reports = self.dislodged_reports(map, position, &scratch, &contested);
        self.report = scratch;

        let mut waiting: Vec<Dislodged> = reports
            .iter()
            .map(|d| Dislodged {
                unit: d.unit,
                attacker_from: d.by,
                by_convoy: d.by_convoy,
                retreats: d.retreats.clone(),
            })
            .collect();
        waiting.sort_by_key(|d| d.unit.loc);
        let mut next = Position { phase: position.phase, units, dislodged: waiting, owners: position.owners.clone() };
        next.phase.kind = if next.dislodged.is_empty() {
            match position.phase.season {
                Season::Spring => {
                    next.phase.season = Season::Fall;
                    next.phase.year = map.fall_year(position.phase.year).unwrap_or(position.phase.year);
                    PhaseKind::Movement
                }
                Season::Fall => PhaseKind::Adjustment,
            }
        } else {
            PhaseKind::Retreat
        };
        MovementOutcome { results, unordered, implied, dislodged: reports, contested, position: next }
    }

    /// The units on the board after the phase, by location; fills `scratch`'s dislodgers
    /// (for each unit that stayed, the unit that moved into its province, if one did), the
    /// units dislodged, its locations held and provinces tried, and the orders whose
    /// result is more than plain success (`Scratch::told`); pushes the units without an
    /// order onto `unordered`. One pass over the units: a unit found dislodged after it was
    /// placed is taken off its location again.
    fn units_after(&mut self, map: &Map, scratch: &mut Scratch, unordered: &mut Vec<(PowerId, LocId)>) -> Vec<Unit> {
        let (provinces, locations) = (map.province_count().div_ceil(64), map.location_count().div_ceil(64));
        scratch.tried.clear();
        scratch.tried.resize(provinces, 0);
        scratch.at.clear();
        scratch.at.resize(locations, 0);
        let filler = Unit { power: dip_map::PowerId(0), kind: UnitKind::Army, loc: LocId(0) };
        scratch.occupant.resize(map.location_count(), filler);
        let mut trains = false;
        // The tables as slices: their base and length stay in registers through the loop.
        let (tried, at) = (&mut scratch.tried[..], &mut scratch.at[..]);
        scratch.dislodger.clear();
        scratch.dislodger.resize(self.units, NONE);
        scratch.told.clear();
        scratch.dislodged.clear();
        let (told, dislodged) = (&mut scratch.told, &mut scratch.dislodged);
        let (occupant, dislodger) = (&mut scratch.occupant[..], &mut scratch.dislodger[..]);
        let (slots, unit_at) = (&self.slots[..self.units], &self.unit_at[..]);
        for (u, s) in slots.iter().enumerate() {
            // A hold is told when it is found dislodged, below.
            if s.order_index == u32::MAX {
                unordered.push((s.power, s.loc));
            } else if !(s.result && (s.given.order == Kind::Move || s.matches)) && s.given.order != Kind::Hold {
                told.push(u as u16);
            }
            // A province a move entered is held after the phase: only failed moves count.
            if s.given.order == Kind::Move && !s.result {
                set(tried, usize::from(s.given.dst));
            }
            let moved = s.given.order.moves() && s.result;
            let loc = if moved && s.given.order == Kind::Move {
                // It dislodges the unit in its destination if that one stayed.
                let d = usize::from(unit_at[usize::from(s.given.dst)]);
                if let Some(stayed) = slots.get(d)
                    && !(stayed.given.order.moves() && stayed.result)
                    && let Some(by) = dislodger.get_mut(d)
                {
                    *by = u as u16;
                    dislodged.push(d as u16);
                    if stayed.given.order == Kind::Hold && stayed.order_index != u32::MAX {
                        told.push(d as u16);
                    }
                    if d < u {
                        unset(at, stayed.loc.index());
                    }
                }
                s.given.dst_loc
            } else if moved {
                // A train's station is found below.
                trains = true;
                continue;
            } else if dislodger.get(u).is_some_and(|&by| by != NONE) {
                // Dislodged by a move already placed.
                continue;
            } else {
                s.loc
            };
            set(at, loc.index());
            if let Some(slot) = occupant.get_mut(loc.index()) {
                *slot = Unit { power: s.power, kind: s.kind, loc };
            }
        }
        if trains {
            self.trains_after(map, scratch);
        }
        // Provinces some move tried to enter: the units' above, trains' stations here.
        for s in &self.slots[self.units..] {
            if s.given.order == Kind::LegReach {
                set(&mut scratch.tried, usize::from(s.given.dst));
            }
        }
        // Found in the order of their dislodgers: the reports list them by unit.
        scratch.dislodged.sort_unstable();
        let mut units = Vec::with_capacity(self.units);
        for (k, &word) in scratch.at.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                units.push(scratch.occupant[k * 64 + word.trailing_zeros() as usize]);
                word &= word - 1;
            }
        }
        units
    }

    /// The trains that moved, at the stations they got to.
    #[cold]
    fn trains_after(&mut self, map: &Map, scratch: &mut Scratch) {
        for u in 0..self.units {
            let s = self.slots[u];
            if s.given.order == Kind::Train && s.result {
                let end = self.train_end(map, u as u16);
                let station = self.station(u as u16, end);
                let loc = map.main_loc(ProvinceId(station));
                set(&mut scratch.at, loc.index());
                scratch.occupant[loc.index()] = Unit { power: s.power, kind: s.kind, loc };
            }
        }
    }

    /// Provinces left empty by a standoff.
    fn standoffs(&mut self, map: &Map, scratch: &Scratch) -> Vec<ProvinceId> {
        // At most every province tried: one allocation.
        let mut contested = Vec::with_capacity(scratch.tried.iter().map(|w| w.count_ones() as usize).sum());
        for p in ones(&scratch.tried) {
            if scratch.held(map, ProvinceId(p as u16)) {
                continue;
            }
            let mut m = self.first_mover[p];
            let mut bounced = false;
            while m != NONE {
                // A unit that lost a head-to-head battle has no strength left to contest
                // the province it attacked (DATC 6.H.9). A train that got through a
                // station fought no standoff there.
                let passed = self.slots[m as usize].given.order == Kind::LegReach && self.resolve(map, m - 1);
                if !passed && self.prevent_known(map, m) > 0 {
                    bounced = true;
                    break;
                }
                m = self.slots[m as usize].next_mover;
            }
            if bounced {
                contested.push(ProvinceId(p as u16));
            }
        }
        contested
    }

    /// The dislodged units with where each may retreat.
    fn dislodged_reports(
        &mut self,
        map: &Map,
        position: &Position,
        scratch: &Scratch,
        contested: &[ProvinceId],
    ) -> Vec<DislodgedReport> {
        let mut reports = Vec::with_capacity(scratch.dislodged.len());
        for &u in &scratch.dislodged {
            let u = usize::from(u);
            let by = scratch.dislodger[u];
            let s = self.slots[u];
            let attacker = self.slots[by as usize];
            let attacker_by_convoy = self.by_convoy(map, by);
            let origin_open =
                attacker_by_convoy && self.rules.retreat_to_convoy_origin == RetreatToConvoyOrigin::AllowedAfterConvoy;
            // A neutral unit never retreats: dislodged, it is disbanded.
            let neutral = map.is_neutral(s.power);
            // At most every neighbour: one allocation.
            let neighbours = match s.kind {
                UnitKind::Army => map.army_neighbours(ProvinceId(s.prov)).len(),
                UnitKind::Fleet => map.fleet_neighbours(s.loc).len(),
            };
            let mut retreats = Vec::with_capacity(if neutral { 0 } else { neighbours });
            let mut consider = |loc: LocId| {
                let p = map.province_of(loc);
                let blocked = scratch.held(map, p)
                    || contested.contains(&p)
                    || (p.0 == attacker.prov && !origin_open)
                    || map.is_frozen(p, position.phase.season)
                    || (position.phase.season == Season::Fall && map.is_frozen(p, Season::Fall));
                if !blocked && !neutral {
                    retreats.push(loc);
                }
            };
            match s.kind {
                UnitKind::Army => {
                    map.army_neighbours(ProvinceId(s.prov)).iter().for_each(|&p| consider(map.main_loc(p)))
                }
                UnitKind::Fleet => map.fleet_neighbours(s.loc).iter().for_each(|&l| consider(l)),
            }
            retreats.sort();
            reports.push(DislodgedReport {
                unit: Unit { power: s.power, kind: s.kind, loc: s.loc },
                by: ProvinceId(attacker.prov),
                by_convoy: attacker_by_convoy,
                retreats,
            });
        }
        reports
    }

    /// The prevent strength of move `m`, worked out once an outcome: every decision is
    /// settled after the run, so it cannot change.
    fn prevent_known(&mut self, map: &Map, m: u16) -> u32 {
        match self.prevent_known.0.get(usize::from(m)) {
            Some(&known) if known != UNKNOWN => known,
            _ => {
                let strength = self.prevent_strength(map, m);
                if let Some(known) = self.prevent_known.0.get_mut(usize::from(m)) {
                    *known = strength;
                }
                strength
            }
        }
    }

    /// The moves implied for units without an order, with their results, taken out of
    /// `unordered` (the units without an order): a unit an implied order moves did not hold.
    #[cold]
    #[inline(never)]
    fn implied_moves(
        &mut self,
        map: &Map,
        dislodger: &[u16],
        unordered: &mut Vec<(PowerId, LocId)>,
    ) -> Vec<ImpliedMove> {
        let mut moves = Vec::new();
        let mut holding = Vec::with_capacity(unordered.len());
        for &(power, loc) in unordered.iter() {
            let u = self.unit_at[map.province_of(loc).index()];
            let s = self.slots[usize::from(u)];
            // An implied order is the only order of a unit without one.
            if s.given.order != Kind::Move {
                holding.push((power, loc));
                continue;
            }
            let mut result = OrderResult::Succeeds;
            self.write_unit_result(map, u, dislodger, &mut result);
            let unit = Unit { power: s.power, kind: s.kind, loc: s.loc };
            moves.push(ImpliedMove { unit, to: ProvinceId(s.given.dst), result });
        }
        *unordered = holding;
        moves
    }

    /// Writes the results of the orders given to no unit's slot: the illegal ones and
    /// canal permissions.
    #[cold]
    #[inline(never)]
    fn write_not_given(&mut self, map: &Map, dislodger: &[u16], results: &mut [OrderResult]) {
        for (i, result) in results.iter_mut().enumerate() {
            if self.order_illegal[i].is_some() || self.order_unit[i] == NONE {
                self.write_result(map, i, dislodger, result);
            }
        }
    }

    /// Writes order `i`'s result into `out` (which holds `Succeeds`), the units' dislodgers
    /// found (`units_after`).
    #[inline(always)]
    fn write_result(&mut self, map: &Map, i: usize, dislodger: &[u16], out: &mut OrderResult) {
        if let Some(why) = self.order_illegal[i] {
            *out = OrderResult::Illegal(why);
            return;
        }
        if self.order_unit[i] == NONE {
            *out = self.permit_result(map, i);
            return;
        }
        self.write_unit_result(map, self.order_unit[i], dislodger, out);
    }

    /// Writes into `out` (which holds `Succeeds`) the result of the order applied to unit
    /// `u`.
    #[inline(always)]
    fn write_unit_result(&mut self, map: &Map, u: u16, dislodger: &[u16], out: &mut OrderResult) {
        let u = usize::from(u);
        let s = self.slots[u];
        let by = dislodger.get(u).copied().unwrap_or(NONE);
        let dislodger = (by != NONE).then(|| ProvinceId(self.slots[usize::from(by)].prov));
        *out = match s.given.order {
            Kind::Hold => match dislodger {
                Some(by) => OrderResult::Fails(Failure::Dislodged { by }),
                None => OrderResult::Succeeds,
            },
            Kind::Move => {
                if s.result {
                    OrderResult::Succeeds
                } else if s.given.void {
                    OrderResult::Fails(Failure::Impossible)
                } else if !self.canal_open(map, u as u16) {
                    OrderResult::Fails(self.canal_failure(u))
                } else if !self.path(map, u as u16) {
                    OrderResult::Fails(Failure::NoConvoyPath)
                } else {
                    // The bouncers are written into the result in place.
                    *out = OrderResult::Fails(Failure::Bounced { by: Provinces::new() });
                    if let OrderResult::Fails(Failure::Bounced { by }) = out {
                        self.bounced_by(map, u as u16, by);
                    }
                    return;
                }
            }
            Kind::SupportHold | Kind::SupportMove => {
                if !s.matches {
                    OrderResult::Fails(Failure::SupportVoid)
                } else if s.result {
                    OrderResult::Succeeds
                } else if let Some(by) = dislodger {
                    OrderResult::Fails(Failure::SupportDislodged { by })
                } else if !self.canal_open(map, u as u16) {
                    OrderResult::Fails(self.canal_failure(u))
                } else {
                    OrderResult::Fails(Failure::SupportCut { by: self.cut_by(map, u as u16) })
                }
            }
            Kind::Train => {
                let end = self.train_end(map, u as u16);
                if let Some(by) = dislodger {
                    OrderResult::Fails(Failure::Dislodged { by })
                } else if end == self.trip(u as u16).legs {
                    OrderResult::Succeeds
                } else {
                    OrderResult::Fails(Failure::RailStopped { at: ProvinceId(self.station(u as u16, end)) })
                }
            }
            // Decision slots carry no order.
            Kind::LegPass | Kind::LegReach | Kind::Canal => OrderResult::Succeeds,
            Kind::Convoy => {
                if !s.matches {
                    OrderResult::Fails(Failure::ConvoyVoid)
                } else if s.paradox {
                    OrderResult::Fails(Failure::ConvoyParadox)
                } else if let Some(by) = dislodger {
                    OrderResult::Fails(Failure::ConvoyDislodged { by })
                } else {
                    // DATC §5.B.3: a matching convoy succeeds when the fleet stays.
                    OrderResult::Succeeds
                }
            }
        };
    }

    /// A canal permission succeeds when it was the one that counted and the canal stayed
    /// open.
    fn permit_result(&mut self, map: &Map, i: usize) -> OrderResult {
        let decision = self.permits.iter().find(|p| p.order as usize == i).map_or(NONE, |p| p.decision);
        if decision != NONE && self.resolve(map, decision) {
            return OrderResult::Succeeds;
        }
        if decision != NONE && self.slots[decision as usize].paradox {
            return OrderResult::Fails(Failure::CanalParadox);
        }
        OrderResult::Fails(Failure::CanalClosed)
    }

    fn canal_failure(&self, u: usize) -> Failure {
        let c = self.canal(u as u16);
        if c != NONE && c != CLOSED && self.slots[c as usize].paradox {
            Failure::CanalParadox
        } else {
            Failure::CanalClosed
        }
    }

    /// Pushes onto `by` (empty) the provinces of the units whose strength stopped move `m`.
    #[inline(always)]
    fn bounced_by(&mut self, map: &Map, m: u16, by: &mut Provinces) {
        let s = self.slots[m as usize];
        // The move has its route (the caller asked `path`).
        let attack = self.attack_on_route(map, m).map_or(0, |a| a.saturating_sub(self.border_cost(map, m)));
        let opponent = self.head_to_head(map, m);
        if opponent != NONE {
            if attack <= self.defend_strength(map, opponent) {
                by.push(ProvinceId(s.given.dst));
            }
        } else if attack <= self.hold_strength(map, s.given.dst) && self.unit_at[s.given.dst as usize] != NONE {
            by.push(ProvinceId(s.given.dst));
        }
        let mut o = self.first_mover[s.given.dst as usize];
        while o != NONE {
            if o != m && attack <= self.prevent_known(map, o) {
                // A train is named by the province it started from.
                let other = self.slots[o as usize];
                let from = if other.given.order == Kind::LegReach {
                    self.slots[other.given.target as usize].prov
                } else {
                    other.prov
                };
                by.push(ProvinceId(from));
            }
            o = self.slots[o as usize].next_mover;
        }
        if by.is_empty() {
            self.kept_from_swapping(map, m, by);
        }
    }

    /// A move nothing else stopped: one of a pair over land that the backup rule kept from
    /// swapping (via-or-land-fallback) was stopped by the unit in its destination.
    #[cold]
    #[inline(never)]
    fn kept_from_swapping(&self, map: &Map, m: u16, by: &mut Provinces) {
        if self.land_pair(map, m) {
            by.push(ProvinceId(self.slots[m as usize].given.dst));
        }
    }

    #[inline(always)]
    fn cut_by(&mut self, map: &Map, s: u16) -> ProvinceId {
        let sup = self.slots[s as usize];
        let mut m = self.first_mover[sup.prov as usize];
        while m != NONE {
            let mv = self.slots[m as usize];
            if mv.power != sup.power && mv.given.order == Kind::Move && self.path(map, m) {
                return ProvinceId(mv.prov);
            }
            m = mv.next_mover;
        }
        ProvinceId(sup.prov)
    }
}

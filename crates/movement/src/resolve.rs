//! The movement resolver: Kruijswijk's decisions (DATC chapter 5) over dense per-unit
//! slots, solved by the guess algorithm of DATC §5.F with backup rules for cycles.
//!
//! No I/O, no panics on any input, and no allocation or hashing once the scratch tables
//! have grown to the map's size.

use dip_map::rules::{
    AdjacentConvoy, CivilDisorderHoldSupport, ConvoyPath, ConvoyedAttackOnSupporter, Designation, DislodgedUnitBounce,
    IgnoreOrFail, IllegalOrders, ImplicitOrders, ImpossibleCoast, MultiRouteDisruption, MultipleOrders, OmittedCoast,
    OmittedSingleCoast, ParadoxRule, PoorlyWritten, ProxyOrders, SupportCoast, WrongUnitType,
};
use dip_map::{LocId, Map, Position, PowerId, ProvinceId, Rules, Season, UnitKind};
use dip_orders::{Action, CoastSpec, Order, Place};

use crate::outcome::Illegal;

pub(crate) const NONE: u16 = u16::MAX;
/// A crossing of a canal without the keeper's permission.
pub(crate) const CLOSED: u16 = u16::MAX - 1;

/// What a unit was (effectively) ordered to do.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Hold,
    Move,
    SupportHold,
    SupportMove,
    Convoy,
    /// A move along a railroad (DATC 7.B).
    Train,
    /// Decision slot, not a unit: whether a train gets into (or through) station `leg`.
    LegPass,
    /// Decision slot, not a unit: whether a train gets as far as trying station `leg`, where
    /// it bounces other moves. It stands in the station's list of moves.
    LegReach,
    /// Decision slot, not a unit: whether the canal's keeper (`target`) stays in place.
    Canal,
}

impl Kind {
    /// A unit order that may leave its province.
    fn moves(self) -> bool {
        matches!(self, Kind::Move | Kind::Train)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    Unresolved,
    Guessing,
    Resolved,
}

/// One unit and its effective order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slot {
    pub power: PowerId,
    pub kind: UnitKind,
    pub loc: LocId,
    pub prov: u16,
    pub order: Kind,
    /// Index of the order given to this unit, or `NONE`.
    pub order_index: u32,
    /// Move: destination province. Supports and convoys: the unit supported or convoyed.
    pub target: u16,
    /// Support of a move, convoy: destination province.
    pub dst: u16,
    /// Move: the location it ends on if it succeeds.
    pub dst_loc: LocId,
    /// Move: travels by convoy (or may, with `fallback`).
    pub convoyed: bool,
    /// Move: a land route exists too.
    pub adjacent: bool,
    /// Move: "via convoy" was written.
    pub via_written: bool,
    /// Move: takes the land route when the convoy fails (§4.A.3).
    pub fallback: bool,
    /// Move: a convoy path was written (§4.A.6).
    pub path_written: bool,
    /// Move that could go by land: some fleet, or one of its own power, orders its convoy.
    convoy_named: bool,
    own_convoy_named: bool,
    /// Move: impossible, but an order under §4.E.1 a/b: it fails, and the unit counts as
    /// moving. Support or convoy: impossible, so void.
    pub void: bool,
    /// Support or convoy: matches the target's order.
    pub matches: bool,
    /// Move: the unit moving the opposite way by land (head-to-head), or `NONE`.
    pub opposing: u16,
    /// Next move into the same destination.
    pub next_mover: u16,
    /// First matching support of this unit's order.
    pub first_support: u16,
    pub next_support: u16,
    /// First matching convoy of this army's move.
    pub first_convoy: u16,
    pub next_convoy: u16,
    state: State,
    pub result: bool,
    in_cycle: bool,
    /// A convoy or canal failed by the paradox rule; a train's pass failed by it, or its
    /// reach bouncing by it even where the train does not get.
    pub paradox: bool,
    /// Train: the railroad's index. Legs: the station's number on the trip (1 is the first).
    pub rail: u16,
}

impl Slot {
    fn new(power: PowerId, kind: UnitKind, loc: LocId, prov: u16) -> Self {
        Slot {
            power,
            kind,
            loc,
            prov,
            order: Kind::Hold,
            order_index: u32::MAX,
            target: NONE,
            dst: NONE,
            dst_loc: LocId(NONE),
            convoyed: false,
            adjacent: false,
            via_written: false,
            fallback: false,
            path_written: false,
            convoy_named: false,
            own_convoy_named: false,
            void: false,
            matches: false,
            opposing: NONE,
            next_mover: NONE,
            first_support: NONE,
            next_support: NONE,
            first_convoy: NONE,
            next_convoy: NONE,
            state: State::Unresolved,
            result: false,
            in_cycle: false,
            paradox: false,
            rail: NONE,
        }
    }
}

/// A reusable movement adjudicator. Keep one per thread and call [`Adjudicator::run`]
/// for each phase: after the first call on a map it allocates nothing.
#[derive(Debug, Default)]
pub struct Adjudicator {
    /// Units first (`units` of them), then decision slots of trains and canals.
    pub(crate) slots: Vec<Slot>,
    pub(crate) units: usize,
    /// Centre owners, for railroad stations (kept only on maps with railroads).
    owners: Vec<Option<PowerId>>,
    /// Canal permissions given this phase.
    pub(crate) permits: Vec<Permit>,
    /// Per slot, on maps with canals: `NONE` if it crosses none, `CLOSED` if it crosses
    /// without permission, else the canal's decision slot.
    canal_of: Vec<u16>,
    /// The trips of this phase's trains.
    trips: Vec<Trip>,
    /// Per slot: place in the cycle list, while `in_cycle`.
    cycle_pos: Vec<u16>,
    /// Unit index by province.
    pub(crate) unit_at: Vec<u16>,
    /// First move into each province.
    pub(crate) first_mover: Vec<u16>,
    /// Per order given: the unit it was applied to and why it is illegal, if it is.
    pub(crate) order_unit: Vec<u16>,
    pub(crate) order_illegal: Vec<Option<Illegal>>,
    pub(crate) rules: Rules,
    /// The season of the phase: frozen provinces depend on it.
    season: Season,
    cycle: Vec<u16>,
    recursion_hits: u32,
    /// Lowest cycle-list place of a guess-based decision the current one read.
    lowest_hit: u32,
    guess_based: bool,
    /// Cycle decisions under each guess, for the DPTG paradox rule.
    snapshot_false: Vec<(u16, bool)>,
    snapshot_true: Vec<(u16, bool)>,
    /// Per power: whether it gave any order this phase (§4.D.9).
    ordered_power: Vec<bool>,
    /// The ends of the route being searched: fleets there are not on it.
    route_ends: (u16, u16),
    /// Scratch for convoy reachability at order intake.
    fleets: Vec<u16>,
    marks: Vec<u32>,
    stack: Vec<u16>,
    generation: u32,
}

impl Adjudicator {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adjudicates a movement phase. The results are read with the accessor methods or
    /// turned into a report with [`Adjudicator::outcome`].
    pub fn run(&mut self, map: &Map, position: &Position, orders: &[Order], rules: &Rules) {
        self.rules = *rules;
        self.setup(map, position);
        self.intake(map, orders);
        self.link(map, orders);
        if self.cycle_pos.len() < self.slots.len() {
            self.cycle_pos.resize(self.slots.len(), 0);
        }
        for u in 0..self.slots.len() {
            if self.slots[u].order != Kind::Hold {
                self.resolve(map, u as u16);
            }
        }
    }

    fn setup(&mut self, map: &Map, position: &Position) {
        let n = map.province_count();
        self.season = position.phase.season;
        self.slots.clear();
        self.unit_at.clear();
        self.unit_at.resize(n, NONE);
        self.first_mover.clear();
        self.first_mover.resize(n, NONE);
        self.cycle.clear();
        self.recursion_hits = 0;
        self.lowest_hit = u32::MAX;
        self.guess_based = false;
        self.fleets.clear();
        for unit in &position.units {
            let prov = map.province_of(unit.loc);
            // A second unit in one province is ignored: the position is corrupt there.
            if self.unit_at[prov.index()] != NONE {
                continue;
            }
            self.unit_at[prov.index()] = self.slots.len() as u16;
            // A fleet on ice cannot convoy (DATC 8.E).
            if unit.kind == UnitKind::Fleet && map.can_convoy(prov) && !map.is_frozen(prov, position.phase.season) {
                self.fleets.push(self.slots.len() as u16);
            }
            self.slots.push(Slot::new(unit.power, unit.kind, unit.loc, prov.0));
        }
        self.units = self.slots.len();
        self.permits.clear();
        self.trips.clear();
        self.canal_of.clear();
        self.owners.clear();
        if !map.railroads().is_empty() {
            self.owners.extend_from_slice(&position.owners);
        }
        if self.marks.len() < self.slots.len() {
            self.marks.resize(self.slots.len(), 0);
        }
    }

    /// Checks each order on its own and applies the legal ones to their units.
    fn intake(&mut self, map: &Map, orders: &[Order]) {
        self.order_unit.clear();
        self.order_illegal.clear();
        self.ordered_power.clear();
        self.ordered_power.resize(map.power_count(), false);
        for (i, order) in orders.iter().enumerate() {
            if let Some(flag) = self.ordered_power.get_mut(order.power.index()) {
                *flag = true;
            }
            if let Action::Permit { canal, .. } = order.action {
                let illegal = self.check_permit(map, order, canal, i).err();
                self.order_unit.push(NONE);
                self.order_illegal.push(illegal);
                continue;
            }
            let (unit, illegal) = match self.check(map, order) {
                Ok(applied) => {
                    let u = applied.unit;
                    let first = self.slots[u as usize].order_index;
                    if first == u32::MAX {
                        self.apply(&applied, i);
                        (u, None)
                    } else {
                        let first = first as usize;
                        if self.gives_way(&orders[first], u) && !self.gives_way(order, u) {
                            self.order_illegal[first] = Some(Illegal::Superseded);
                            self.apply(&applied, i);
                            (u, None)
                        } else if self.gives_way(order, u) && !self.gives_way(&orders[first], u) {
                            (u, Some(Illegal::Superseded))
                        } else if same_effect(&orders[first], order) {
                            (u, Some(Illegal::Duplicate))
                        } else {
                            match self.rules.multiple_orders {
                                MultipleOrders::First => (u, Some(Illegal::ConflictingOrders)),
                                MultipleOrders::Last => {
                                    self.order_illegal[first] = Some(Illegal::ConflictingOrders);
                                    self.apply(&applied, i);
                                    (u, None)
                                }
                                MultipleOrders::Hold => {
                                    // The unit holds and may receive hold support.
                                    let slot = &mut self.slots[u as usize];
                                    slot.order = Kind::Hold;
                                    slot.target = NONE;
                                    self.order_illegal[first] = Some(Illegal::ConflictingOrders);
                                    (u, Some(Illegal::ConflictingOrders))
                                }
                            }
                        }
                    }
                }
                Err((unit, why)) => (unit, Some(why)),
            };
            self.order_unit.push(unit);
            self.order_illegal.push(illegal);
        }
        if self.rules.implicit_orders == ImplicitOrders::Allowed {
            self.implicit_moves(map, orders);
        }
        if !map.railroads().is_empty() {
            self.one_train_per_railroad();
        }
    }

    #[cold]
    #[inline(never)]
    /// DATC 7.B.33: two trains on one railroad both fail, and hold.
    fn one_train_per_railroad(&mut self) {
        let trains_on =
            |slots: &[Slot], rail: u16| slots.iter().filter(|t| t.order == Kind::Train && t.rail == rail).count();
        for u in 0..self.units {
            let s = self.slots[u];
            if s.order == Kind::Train && trains_on(&self.slots[..self.units], s.rail) > 1 {
                // Marked, not yet turned to holds: the other train must still be counted.
                if let Some(flag) = self.order_illegal.get_mut(s.order_index as usize) {
                    *flag = Some(Illegal::RailroadBusy);
                }
            }
        }
        for u in 0..self.units {
            let s = self.slots[u];
            if s.order == Kind::Train
                && self.order_illegal.get(s.order_index as usize) == Some(&Some(Illegal::RailroadBusy))
            {
                let slot = &mut self.slots[u];
                slot.order = Kind::Hold;
                slot.target = NONE;
                slot.dst = NONE;
                slot.rail = NONE;
            }
        }
    }

    #[cold]
    #[inline(never)]
    /// A canal permission: given by the power whose unit is in the keeper province, for a
    /// unit at one end of the canal.
    fn check_permit(&mut self, map: &Map, order: &Order, canal: u8, index: usize) -> Result<(), Illegal> {
        let Some(c) = map.canals().get(usize::from(canal)) else { return Err(Illegal::NoCanalControl) };
        let keeper = self.unit_in(c.keeper);
        if keeper == NONE || self.slots[keeper as usize].power != order.power {
            return Err(Illegal::NoCanalControl);
        }
        let p = order.unit.place.province;
        let u = self.unit_in(p);
        if u == NONE {
            return Err(Illegal::NoSuchUnit);
        }
        if p != c.between.0 && p != c.between.1 {
            return Err(Illegal::PermitNotAtCanal);
        }
        self.permits.push(Permit { canal: u16::from(canal), unit: u, order: index as u32, decision: NONE });
        Ok(())
    }

    fn apply(&mut self, applied: &Applied, index: usize) {
        let slot = &mut self.slots[applied.unit as usize];
        slot.order_index = index as u32;
        slot.order = applied.kind;
        slot.target = applied.target;
        slot.dst = applied.dst;
        slot.dst_loc = applied.dst_loc;
        slot.convoyed = applied.convoyed;
        slot.adjacent = applied.adjacent;
        slot.via_written = applied.via_written;
        slot.path_written = applied.path_written;
        slot.void = applied.void;
        slot.rail = applied.rail;
    }

    /// §4.E.3 choice a: a unit without an order moves where its own power's support or
    /// convoy order says it moves (never from another power's orders). The order given to
    /// the unit stays "none"; its move is adjudicated like any other.
    fn implicit_moves(&mut self, map: &Map, orders: &[Order]) {
        for i in 0..orders.len() {
            if self.order_illegal[i].is_some() {
                continue;
            }
            let u = self.order_unit[i];
            if u == NONE {
                continue;
            }
            let giver = self.slots[u as usize];
            if !matches!(giver.order, Kind::SupportMove | Kind::Convoy) {
                continue;
            }
            let t = giver.target;
            let target = self.slots[t as usize];
            if target.order_index != u32::MAX || target.order != Kind::Hold || target.power != giver.power {
                continue;
            }
            let coast = if giver.dst_loc.0 == NONE { None } else { Some(CoastSpec::Known(giver.dst_loc)) };
            let place = Place { province: ProvinceId(giver.dst), coast };
            if let Ok((dst_loc, needs_convoy)) = self.check_move(map, &target, &place) {
                let slot = &mut self.slots[t as usize];
                slot.order = Kind::Move;
                slot.dst = giver.dst;
                slot.target = giver.dst;
                slot.dst_loc = dst_loc;
                slot.convoyed = needs_convoy || giver.order == Kind::Convoy;
                slot.adjacent = !needs_convoy;
            }
        }
    }

    fn check(&mut self, map: &Map, order: &Order) -> Result<Applied, (u16, Illegal)> {
        let place = &order.unit.place;
        let u = self.unit_at.get(place.province.index()).copied().unwrap_or(NONE);
        if u == NONE {
            return Err((NONE, Illegal::NoUnit));
        }
        let slot = self.slots[u as usize];
        // §4.E.5 choice b: an order for another power's unit in an order set counts.
        if slot.power != order.power && self.rules.proxy_orders != ProxyOrders::InOrderSet {
            return Err((u, Illegal::ForeignUnit));
        }
        if self.rules.wrong_unit_type == WrongUnitType::Invalid && order.unit.kind.is_some_and(|k| k != slot.kind) {
            return Err((u, Illegal::WrongUnitType));
        }
        if self.rules.missing_unit_type == Designation::Invalid && order.unit.kind.is_none() {
            return Err((u, Illegal::MissingUnitType));
        }
        if let Some(why) = self.nationality_fault(order) {
            return Err((u, why));
        }
        match &place.coast {
            Some(CoastSpec::Known(loc)) if *loc != slot.loc && self.rules.wrong_coast_of_unit == IgnoreOrFail::Fail => {
                return Err((u, Illegal::WrongCoast));
            }
            Some(CoastSpec::Unknown(_)) if self.rules.unknown_coast == IgnoreOrFail::Fail => {
                return Err((u, Illegal::UnknownCoast));
            }
            _ => {}
        }
        // Nothing moves, supports or convoys from ice in its season (DATC 8.B, 8.C).
        let frozen = |p: ProvinceId| map.is_frozen(p, self.season);
        if frozen(ProvinceId(slot.prov)) && !matches!(order.action, Action::Hold) {
            return Err((u, Illegal::Frozen));
        }
        let applied = |kind, target, dst| Applied {
            unit: u,
            kind,
            target,
            dst,
            dst_loc: LocId(NONE),
            convoyed: false,
            adjacent: false,
            via_written: false,
            path_written: false,
            void: false,
            rail: NONE,
        };
        match &order.action {
            Action::Hold => Ok(applied(Kind::Hold, NONE, NONE)),
            Action::Move { to, via_convoy, path } => {
                if frozen(to.province) {
                    return Err((u, Illegal::Frozen));
                }
                if !map.railroads().is_empty() {
                    if let Some(r) = self.implicit_railroad(map, &slot, to.province, *via_convoy || !path.is_empty()) {
                        return self.check_rail(map, u, &slot, r, to.province);
                    }
                }
                let (dst_loc, needs_convoy, void) = match self.check_move(map, &slot, to) {
                    Ok((loc, convoy)) => (loc, convoy, false),
                    // §4.E.1 c: the map's geography decides, not the fleets on the board.
                    Err(Illegal::Unreachable)
                        if self.rules.illegal_orders == IllegalOrders::Geography
                            && slot.kind == UnitKind::Army
                            && sea_route(map, ProvinceId(slot.prov), to.province, None) =>
                    {
                        (map.main_loc(to.province), true, false)
                    }
                    // §4.E.1 a, b: an impossible move is still an order, one that fails.
                    Err(Illegal::Unreachable | Illegal::CoastNeeded | Illegal::CoastUnreachable)
                        if self.lenient_orders() =>
                    {
                        (map.main_loc(to.province), false, true)
                    }
                    Err(e) => return Err((u, e)),
                };
                Ok(Applied {
                    unit: u,
                    kind: Kind::Move,
                    target: to.province.0,
                    dst: to.province.0,
                    dst_loc,
                    // Whether an adjacent move goes by convoy is decided when the orders
                    // are linked (§4.A.3).
                    convoyed: needs_convoy,
                    adjacent: !needs_convoy,
                    via_written: *via_convoy && slot.kind == UnitKind::Army,
                    path_written: !path.is_empty(),
                    void,
                    rail: NONE,
                })
            }
            Action::Rail { railroad, to } => {
                if frozen(to.province) {
                    return Err((u, Illegal::Frozen));
                }
                self.check_rail(map, u, &slot, u16::from(*railroad), to.province)
            }
            Action::SupportHold { target } => {
                let t = self.unit_in(target.place.province);
                if target.place.province.0 == slot.prov {
                    return Err((u, Illegal::SupportSelf));
                }
                if t == NONE {
                    return Err((u, Illegal::NoSuchUnit));
                }
                if !self.reaches(map, &slot, target.place.province) {
                    return Err((u, Illegal::SupportUnreachable));
                }
                if map.border_cost(ProvinceId(slot.prov), target.place.province) > 0 {
                    return Err((u, Illegal::SupportOverDifficultBorder));
                }
                Ok(applied(Kind::SupportHold, t, NONE))
            }
            Action::SupportMove { target, to } => {
                let t = self.unit_in(target.place.province);
                if target.place.province.0 == slot.prov || to.province.0 == slot.prov {
                    return Err((u, Illegal::SupportSelf));
                }
                if t == NONE {
                    return Err((u, Illegal::NoSuchUnit));
                }
                if !self.reaches(map, &slot, to.province) {
                    return Err((u, Illegal::SupportUnreachable));
                }
                if map.border_cost(ProvinceId(slot.prov), to.province) > 0 {
                    return Err((u, Illegal::SupportOverDifficultBorder));
                }
                if frozen(to.province) {
                    return Err((u, Illegal::Frozen));
                }
                let supported = self.slots[t as usize];
                let possible = to.province.0 != supported.prov
                    && match supported.kind {
                        UnitKind::Fleet => map.fleet_reaches(supported.loc, to.province),
                        UnitKind::Army => {
                            map.army_adjacent(ProvinceId(supported.prov), to.province)
                                || self.convoy_possible(map, supported.prov, to.province.0, NONE, u)
                                || (self.rules.illegal_orders == IllegalOrders::Geography
                                    && sea_route(map, ProvinceId(supported.prov), to.province, None))
                                || map
                                    .railroad_between(supported.power, ProvinceId(supported.prov), to.province)
                                    .is_some()
                        }
                    };
                if !possible && !self.lenient_orders() {
                    return Err((u, Illegal::SupportedMoveImpossible));
                }
                let mut a = applied(Kind::SupportMove, t, to.province.0);
                a.void = !possible;
                // A support naming a coast supports only the move to that coast (§4.B.4).
                a.dst_loc = to.coast_loc().unwrap_or(LocId(NONE));
                Ok(a)
            }
            Action::Convoy { army, to } => {
                if !map.can_convoy(ProvinceId(slot.prov)) || slot.kind != UnitKind::Fleet {
                    return Err((u, Illegal::ConvoyNotAtSea));
                }
                let a = self.unit_in(army.place.province);
                if a == NONE {
                    return Err((u, Illegal::NoSuchUnit));
                }
                if self.slots[a as usize].kind != UnitKind::Army {
                    return Err((u, Illegal::ConvoyOfFleet));
                }
                let from = self.slots[a as usize].prov;
                let possible = to.province.0 != from
                    && map.can_hold(UnitKind::Army, to.province)
                    && (self.convoy_possible(map, from, to.province.0, u, NONE)
                        || (self.rules.illegal_orders == IllegalOrders::Geography
                            && to.province.0 != slot.prov
                            && sea_route(map, ProvinceId(from), to.province, Some(ProvinceId(slot.prov)))));
                if !possible && !self.lenient_orders() {
                    return Err((u, Illegal::ConvoyImpossible));
                }
                let mut c = applied(Kind::Convoy, a, to.province.0);
                c.void = !possible;
                Ok(c)
            }
            Action::Retreat { .. } | Action::Disband | Action::Build | Action::Remove | Action::Waive => {
                Err((u, Illegal::WrongPhase))
            }
            // Taken care of before any unit order is checked.
            Action::Permit { .. } => Err((u, Illegal::WrongPhase)),
        }
    }

    #[cold]
    #[inline(never)]
    /// A move by railroad: only the railroad's power's armies, from a station to another.
    fn check_rail(
        &self,
        map: &Map,
        u: u16,
        slot: &Slot,
        railroad: u16,
        to: ProvinceId,
    ) -> Result<Applied, (u16, Illegal)> {
        let Some(r) = map.railroads().get(usize::from(railroad)) else { return Err((u, Illegal::NotOnRailroad)) };
        if slot.kind != UnitKind::Army || slot.power != r.power {
            return Err((u, Illegal::RailroadForbidden));
        }
        if to.0 == slot.prov {
            return Err((u, Illegal::MoveToSelf));
        }
        if !r.stations.contains(&ProvinceId(slot.prov)) || !r.stations.contains(&to) {
            return Err((u, Illegal::NotOnRailroad));
        }
        Ok(Applied {
            unit: u,
            kind: Kind::Train,
            target: to.0,
            dst: to.0,
            dst_loc: map.main_loc(to),
            convoyed: false,
            adjacent: false,
            via_written: false,
            path_written: false,
            void: false,
            rail: railroad,
        })
    }

    #[cold]
    #[inline(never)]
    /// A move written without the railroad's name (`A Vladivostok - Moscow`) that only a
    /// railroad can make is a move by that railroad.
    fn implicit_railroad(&mut self, map: &Map, slot: &Slot, to: ProvinceId, by_sea: bool) -> Option<u16> {
        if map.railroads().is_empty() || by_sea || slot.kind != UnitKind::Army {
            return None;
        }
        let from = ProvinceId(slot.prov);
        let r = map.railroad_between(slot.power, from, to)?;
        let by_land_or_sea = map.army_adjacent(from, to) || self.convoy_possible(map, slot.prov, to.0, NONE, NONE);
        (!by_land_or_sea).then_some(r as u16)
    }

    /// §4.C.5 and §4.C.6 choice a: a support or convoy that leaves out a foreign unit's
    /// nationality, or names the wrong one, is invalid.
    fn nationality_fault(&self, order: &Order) -> Option<Illegal> {
        let (written, actual) = self.named_nationality(order)?;
        match written {
            None if actual != order.power && self.rules.missing_nationality == Designation::Invalid => {
                Some(Illegal::MissingNationality)
            }
            Some(p) if p != actual && self.rules.wrong_nationality == Designation::Invalid => {
                Some(Illegal::WrongNationality)
            }
            _ => None,
        }
    }

    /// For a support or convoy of a unit on the board: the nationality written for that
    /// unit, and its real one.
    fn named_nationality(&self, order: &Order) -> Option<(Option<PowerId>, PowerId)> {
        let target = match &order.action {
            Action::SupportHold { target } | Action::SupportMove { target, .. } => target,
            Action::Convoy { army, .. } => army,
            _ => return None,
        };
        let t = self.unit_in(target.place.province);
        (t != NONE).then(|| (target.power, self.slots[t as usize].power))
    }

    /// §4.E.1 a and b: every order in the right format is an order.
    fn lenient_orders(&self) -> bool {
        matches!(self.rules.illegal_orders, IllegalOrders::Format | IllegalOrders::Places)
    }

    /// §4.B.4: whether a support's coast (or its lack) fits the supported move. Only
    /// fleet moves to multi-coast provinces are concerned.
    fn support_coast_fits(&self, map: &Map, support: &Slot, mover: &Slot) -> bool {
        if mover.kind != UnitKind::Fleet || !map.is_multi_coast(ProvinceId(support.dst)) {
            return true;
        }
        let written = (support.dst_loc.0 != NONE).then_some(support.dst_loc);
        let default_coast = map.province(ProvinceId(support.dst)).coasts.first().copied();
        let own_fleet = mover.power == support.power;
        let rule = if self.rules.poorly_written == PoorlyWritten::AsSet && written.is_none() {
            SupportCoast::OwnFleet
        } else {
            self.rules.support_coast
        };
        match (rule, written) {
            (SupportCoast::Ignored, _) => true,
            (_, Some(coast)) => coast == mover.dst_loc,
            (SupportCoast::Mandatory, None) => false,
            (SupportCoast::DefaultCoast, None) => default_coast == Some(mover.dst_loc),
            (SupportCoast::OwnFleet, None) => own_fleet,
            (SupportCoast::Optional, None) => true,
        }
    }

    /// Whether an order has a designation wrong or missing that choice c of §4.C.1,
    /// §4.C.2, §4.C.5 or §4.C.6 lets a correct order for the same unit override.
    fn gives_way(&self, order: &Order, unit: u16) -> bool {
        let rules = &self.rules;
        let kind = order.unit.kind;
        let actual_kind = self.slots[unit as usize].kind;
        if rules.missing_unit_type == Designation::UnlessCorrected && kind.is_none() {
            return true;
        }
        if rules.wrong_unit_type == WrongUnitType::UnlessCorrected && kind.is_some_and(|k| k != actual_kind) {
            return true;
        }
        let Some((written, actual)) = self.named_nationality(order) else { return false };
        match written {
            None => actual != order.power && rules.missing_nationality == Designation::UnlessCorrected,
            Some(p) => p != actual && rules.wrong_nationality == Designation::UnlessCorrected,
        }
    }

    fn unit_in(&self, province: ProvinceId) -> u16 {
        self.unit_at.get(province.index()).copied().unwrap_or(NONE)
    }

    fn reaches(&self, map: &Map, slot: &Slot, to: ProvinceId) -> bool {
        map.reaches(slot.kind, slot.loc, to)
    }

    /// The location a move ends on, and whether it must go by convoy.
    fn check_move(&mut self, map: &Map, slot: &Slot, to: &Place) -> Result<(LocId, bool), Illegal> {
        let dst = to.province;
        if dst.0 == slot.prov {
            return Err(Illegal::MoveToSelf);
        }
        match slot.kind {
            UnitKind::Army => {
                if let Some(CoastSpec::Unknown(_)) = to.coast {
                    if self.rules.unknown_coast == IgnoreOrFail::Fail {
                        return Err(Illegal::UnknownCoast);
                    }
                }
                if to.coast.is_some() && self.rules.unknown_coast == IgnoreOrFail::Fail {
                    // A coast on an army's destination is irrelevant (§4.B.6).
                    return Err(Illegal::UnknownCoast);
                }
                if !map.can_hold(UnitKind::Army, dst) {
                    return Err(Illegal::Unreachable);
                }
                if map.army_adjacent(ProvinceId(slot.prov), dst) {
                    Ok((map.main_loc(dst), false))
                } else if self.convoy_possible(map, slot.prov, dst.0, NONE, NONE) {
                    Ok((map.main_loc(dst), true))
                } else {
                    Err(Illegal::Unreachable)
                }
            }
            UnitKind::Fleet => {
                if !map.is_multi_coast(dst) {
                    if let Some(CoastSpec::Unknown(_)) = to.coast {
                        if self.rules.unknown_coast == IgnoreOrFail::Fail {
                            return Err(Illegal::UnknownCoast);
                        }
                    }
                    let loc = map.main_loc(dst);
                    return if map.fleet_adjacent(slot.loc, loc) {
                        Ok((loc, false))
                    } else {
                        Err(Illegal::Unreachable)
                    };
                }
                let mut reachable =
                    map.province(dst).coasts.iter().copied().filter(|&c| map.fleet_adjacent(slot.loc, c));
                let first = reachable.next();
                let second = reachable.next();
                let only = match (first, second) {
                    (None, _) => return Err(Illegal::Unreachable),
                    (Some(c), None) => Some(c),
                    _ => None,
                };
                match &to.coast {
                    Some(CoastSpec::Known(c)) => {
                        if map.fleet_adjacent(slot.loc, *c) {
                            Ok((*c, false))
                        } else if let (ImpossibleCoast::UsePossibleCoast, Some(c)) = (self.rules.impossible_coast, only)
                        {
                            Ok((c, false))
                        } else {
                            Err(Illegal::CoastUnreachable)
                        }
                    }
                    Some(CoastSpec::Unknown(_)) if self.rules.unknown_coast == IgnoreOrFail::Fail => {
                        Err(Illegal::UnknownCoast)
                    }
                    _ => match only {
                        Some(c) if self.rules.omitted_single_coast == OmittedSingleCoast::UseOnlyCoast => {
                            Ok((c, false))
                        }
                        Some(_) => Err(Illegal::CoastNeeded),
                        // §4.B.1 choice b: the first reachable coast the variant lists.
                        None if self.rules.omitted_coast == OmittedCoast::DefaultCoast => {
                            first.map(|c| (c, false)).ok_or(Illegal::CoastNeeded)
                        }
                        None => Err(Illegal::CoastNeeded),
                    },
                }
            }
        }
    }

    /// Whether fleets on the board could carry an army from `from` to `to` (leaving out
    /// the fleet `except`), through the fleet `via` if it is not `NONE`. Through `via`
    /// means on a route that needs it: no fleet of the route may be skipped (DATC 6.G.19).
    fn convoy_possible(&mut self, map: &Map, from: u16, to: u16, via: u16, except: u16) -> bool {
        if from == to || !map.can_hold(UnitKind::Army, ProvinceId(to)) {
            return false;
        }
        // A route never passes through its own ends (a convoyable coast at either end).
        self.route_ends = (from, to);
        if via == NONE {
            let generation = self.reach_fleets(map, from, except);
            return self.fleets.iter().any(|&f| {
                self.marks[f as usize] == generation && map.fleet_reaches(self.slots[f as usize].loc, ProvinceId(to))
            });
        }
        self.stack.clear();
        // Bounded: a web of fleets has too many routes to search them all.
        let mut budget = 400u32;
        for k in 0..self.fleets.len() {
            let f = self.fleets[k];
            let on_end = self.slots[f as usize].prov == from || self.slots[f as usize].prov == to;
            if f != except && !on_end && map.fleet_reaches(self.slots[f as usize].loc, ProvinceId(from)) {
                self.stack.push(f);
                if self.induced_route(map, from, to, via, &mut budget) {
                    return true;
                }
                self.stack.pop();
                if budget == 0 {
                    // Too many routes to search: do not call the order illegal.
                    return true;
                }
            }
        }
        false
    }

    /// Extends the route on `stack` (fleets from the army's coast onward) without a
    /// shortcut; true when it reaches `to` having passed `via`.
    fn induced_route(&mut self, map: &Map, from: u16, to: u16, via: u16, budget: &mut u32) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let Some(&last) = self.stack.last() else { return false };
        let last_loc = self.slots[last as usize].loc;
        if map.fleet_reaches(last_loc, ProvinceId(to)) {
            return self.stack.contains(&via);
        }
        for k in 0..self.fleets.len() {
            let g = self.fleets[k];
            let g_loc = self.slots[g as usize].loc;
            if self.stack.contains(&g)
                || !map.fleet_adjacent(last_loc, g_loc)
                || map.fleet_reaches(g_loc, ProvinceId(from))
            {
                continue;
            }
            let len = self.stack.len();
            let shortcut = self.stack[..len - 1].iter().any(|&h| map.fleet_adjacent(self.slots[h as usize].loc, g_loc));
            if shortcut {
                continue;
            }
            self.stack.push(g);
            if self.induced_route(map, from, to, via, budget) {
                return true;
            }
            self.stack.pop();
        }
        false
    }

    /// Marks with a new generation every convoy-capable fleet but `except` connected to
    /// the coast of `province`; returns the generation.
    fn reach_fleets(&mut self, map: &Map, province: u16, except: u16) -> u32 {
        self.generation = self.generation.wrapping_add(1).max(1);
        let generation = self.generation;
        self.stack.clear();
        let ends = self.route_ends;
        let on_end = |slots: &[Slot], f: u16| {
            let p = slots[f as usize].prov;
            p == ends.0 || p == ends.1
        };
        for &f in &self.fleets {
            if f != except
                && !on_end(&self.slots, f)
                && map.fleet_reaches(self.slots[f as usize].loc, ProvinceId(province))
            {
                self.marks[f as usize] = generation;
                self.stack.push(f);
            }
        }
        while let Some(f) = self.stack.pop() {
            let loc = self.slots[f as usize].loc;
            for &g in &self.fleets {
                if g != except
                    && self.marks[g as usize] != generation
                    && map.fleet_adjacent(loc, self.slots[g as usize].loc)
                {
                    self.marks[g as usize] = generation;
                    self.stack.push(g);
                }
            }
        }
        generation
    }

    /// Builds the lists the decisions walk: moves by destination, matching supports and
    /// convoys by unit, head-to-head opponents.
    fn link(&mut self, map: &Map, orders: &[Order]) {
        let n = self.slots.len();
        // Convoy intent for moves that could go by land (§4.A.3): first which convoy orders
        // name each such move, then each move's route.
        for c in 0..n {
            let s = self.slots[c];
            if s.order != Kind::Convoy {
                continue;
            }
            let army = &mut self.slots[s.target as usize];
            if army.order == Kind::Move && army.adjacent && army.dst == s.dst {
                army.convoy_named |= true;
                army.own_convoy_named |= army.power == s.power;
            }
        }
        for a in 0..n {
            let army = self.slots[a];
            if army.order != Kind::Move || army.kind != UnitKind::Army || !army.adjacent {
                continue;
            }
            let (own, any) = (army.own_convoy_named, army.convoy_named);
            let d = self.unit_at[army.dst as usize];
            let swapping =
                d != NONE && self.slots[d as usize].order == Kind::Move && self.slots[d as usize].dst == army.prov;
            let (convoyed, fallback) = match self.rules.adjacent_convoy {
                AdjacentConvoy::Rulebook2000 => (army.via_written || own, false),
                AdjacentConvoy::Rulebook2000Fallback => (army.via_written || own, true),
                AdjacentConvoy::Rulebook1982 => (own, false),
                AdjacentConvoy::Dptg => (army.via_written, false),
                AdjacentConvoy::Rulebook1971 => (any && swapping, true),
            };
            self.slots[a].convoyed = convoyed;
            self.slots[a].fallback = convoyed && fallback;
        }
        for u in (0..n).rev() {
            let s = self.slots[u];
            match s.order {
                Kind::Move => {
                    self.slots[u].next_mover = self.first_mover[s.dst as usize];
                    self.first_mover[s.dst as usize] = u as u16;
                }
                Kind::SupportHold => {
                    let t = s.target as usize;
                    // §4.D.9 choice a: no hold support for a power that gave no orders.
                    let in_disorder = !self.ordered_power.get(self.slots[t].power.index()).copied().unwrap_or(false);
                    let refused =
                        in_disorder && self.rules.civil_disorder_hold_support == CivilDisorderHoldSupport::Fails;
                    if !self.slots[t].order.moves() && !refused && !s.void {
                        self.slots[u].matches = true;
                        self.slots[u].next_support = self.slots[t].first_support;
                        self.slots[t].first_support = u as u16;
                    }
                }
                Kind::SupportMove => {
                    let t = s.target as usize;
                    let coast_fits = self.support_coast_fits(map, &s, &self.slots[t]);
                    if self.slots[t].order.moves() && self.slots[t].dst == s.dst && coast_fits && !s.void {
                        self.slots[u].matches = true;
                        self.slots[u].next_support = self.slots[t].first_support;
                        self.slots[t].first_support = u as u16;
                    }
                }
                Kind::Convoy => {
                    let t = s.target as usize;
                    let army = self.slots[t];
                    // §4.A.6 choices b and c: a written path names the only fleets to use.
                    let on_written_path = self.rules.convoy_path == ConvoyPath::Ignored
                        || !army.path_written
                        || orders.get(army.order_index as usize).is_some_and(|o| match &o.action {
                            Action::Move { path, .. } => path.contains(&ProvinceId(s.prov)),
                            _ => false,
                        });
                    if army.order == Kind::Move && army.dst == s.dst && army.convoyed && on_written_path && !s.void {
                        self.slots[u].matches = true;
                        self.slots[u].next_convoy = self.slots[t].first_convoy;
                        self.slots[t].first_convoy = u as u16;
                    }
                }
                Kind::Hold | Kind::Train | Kind::LegPass | Kind::LegReach | Kind::Canal => {}
            }
        }
        if !map.canals().is_empty() {
            self.link_canals(map);
        }
        for u in 0..n {
            let s = self.slots[u];
            if s.order == Kind::Move && (!s.convoyed || s.fallback) && self.canal(u as u16) != CLOSED {
                let o = self.unit_at[s.dst as usize];
                if o != NONE {
                    let os = self.slots[o as usize];
                    if os.order == Kind::Move
                        && os.dst == s.prov
                        && (!os.convoyed || os.fallback)
                        && self.canal(o) != CLOSED
                    {
                        self.slots[u].opposing = o;
                    }
                }
            }
        }
        for t in 0..n {
            if self.slots[t].order == Kind::Train {
                self.link_train(map, t as u16);
            }
        }
        // Decisions that need no other decision: orders nothing can touch are settled now.
        for u in 0..n {
            let s = self.slots[u];
            if matches!(s.order, Kind::SupportHold | Kind::SupportMove | Kind::Convoy) && !s.matches {
                self.slots[u].state = State::Resolved;
                self.slots[u].result = false;
            }
        }
    }

    #[cold]
    #[inline(never)]
    /// Adds a train's leg decisions: for each station after the start, whether the train
    /// gets through it (pass) and whether it gets as far as trying it (reach). Reach stands
    /// in the station's list of moves, to bounce other units there.
    fn link_train(&mut self, map: &Map, t: u16) {
        let train = self.slots[t as usize];
        let Some(r) = map.railroads().get(usize::from(train.rail)) else { return };
        let at = |p: u16| r.stations.iter().position(|s| s.0 == p);
        let (Some(a), Some(b)) = (at(train.prov), at(train.dst)) else { return };
        let legs = a.abs_diff(b);
        self.trips.push(Trip { train: t, legs: legs as u16, first_leg: self.slots.len() as u16 });
        for i in 1..=legs {
            let station = if b > a { r.stations[a + i] } else { r.stations[a - i] };
            let mut leg = Slot::new(train.power, UnitKind::Army, map.main_loc(station), station.0);
            leg.order = Kind::LegPass;
            leg.target = t;
            leg.dst = station.0;
            leg.rail = i as u16;
            self.slots.push(leg);
            leg.order = Kind::LegReach;
            leg.next_mover = self.first_mover[station.index()];
            self.first_mover[station.index()] = self.slots.len() as u16;
            if i == 1 {
                // The train always tries the first station.
                leg.state = State::Resolved;
                leg.result = true;
                // A unit there moving to the train's start meets it head to head (DATC
                // 7.B.26-7.B.29), as if the train moved to the first station only.
                let o = self.unit_at[station.index()];
                if o != NONE {
                    let os = self.slots[o as usize];
                    if os.order == Kind::Move && os.dst == train.prov && !os.convoyed {
                        self.slots[o as usize].opposing = t;
                    }
                }
            }
            self.slots.push(leg);
        }
        if self.marks.len() < self.slots.len() {
            self.marks.resize(self.slots.len(), 0);
        }
    }

    #[cold]
    #[inline(never)]
    /// Decides which crossing of each canal has permission (DATC 7.C): only the unit the
    /// keeper's power names, or else its own single unit crossing. Others are closed.
    fn link_canals(&mut self, map: &Map) {
        self.canal_of.resize(self.slots.len(), NONE);
        for (c, canal) in map.canals().iter().enumerate() {
            let (a, b) = (canal.between.0.0, canal.between.1.0);
            let crosses = |slots: &[Slot], s: &Slot| {
                let to = match s.order {
                    Kind::Move | Kind::SupportMove => s.dst,
                    Kind::SupportHold => slots[s.target as usize].prov,
                    _ => return false,
                };
                (s.prov == a && to == b) || (s.prov == b && to == a)
            };
            let keeper = self.unit_at[canal.keeper.index()];
            let mut permitted = NONE;
            let explicit = self.permits.iter().filter(|p| p.canal == c as u16).count();
            if keeper != NONE && explicit == 1 {
                permitted = self.permits.iter().find(|p| p.canal == c as u16).map_or(NONE, |p| p.unit);
            } else if keeper != NONE && explicit == 0 {
                let power = self.slots[keeper as usize].power;
                let mut own = (0..self.units).filter(|&u| {
                    let s = self.slots[u];
                    s.power == power && crosses(&self.slots, &s)
                });
                if let (Some(u), None) = (own.next(), own.next()) {
                    permitted = u as u16;
                }
            }
            let mut decision = NONE;
            if permitted != NONE && crosses(&self.slots, &self.slots[permitted as usize]) {
                decision = self.slots.len() as u16;
                let k = self.slots[keeper as usize];
                let mut slot = Slot::new(k.power, k.kind, k.loc, k.prov);
                slot.order = Kind::Canal;
                slot.target = keeper;
                slot.dst = c as u16;
                self.slots.push(slot);
            }
            for u in 0..self.units {
                let s = self.slots[u];
                if crosses(&self.slots, &s) {
                    self.canal_of[u] = if u as u16 == permitted && decision != NONE { decision } else { CLOSED };
                }
            }
            for p in self.permits.iter_mut().filter(|p| p.canal == c as u16) {
                p.decision = if p.unit == permitted { decision } else { NONE };
            }
        }
        if self.marks.len() < self.slots.len() {
            self.marks.resize(self.slots.len(), 0);
        }
        self.canal_of.resize(self.slots.len(), NONE);
    }

    // ---- the decisions -------------------------------------------------------------

    pub(crate) fn resolve(&mut self, map: &Map, u: u16) -> bool {
        let i = u as usize;
        match self.slots[i].state {
            State::Resolved => return self.slots[i].result,
            _ if self.slots[i].in_cycle => {
                self.guess_based = true;
                self.lowest_hit = self.lowest_hit.min(u32::from(self.cycle_pos[i]));
                return self.slots[i].result;
            }
            State::Guessing => {
                self.slots[i].in_cycle = true;
                self.cycle_pos[i] = self.cycle.len() as u16;
                self.cycle.push(u);
                self.guess_based = true;
                self.recursion_hits += 1;
                return self.slots[i].result;
            }
            State::Unresolved => {}
        }
        self.slots[i].state = State::Guessing;
        let old_cycle_len = self.cycle.len();
        let old_guess_based = self.guess_based;
        let old_hits = self.recursion_hits;
        self.guess_based = false;
        self.slots[i].result = false;
        let old_lowest = std::mem::replace(&mut self.lowest_hit, u32::MAX);
        let first = self.adjudicate(map, u);
        // A guess of a cycle found before this decision began is one of an outer cycle.
        let outer = self.lowest_hit < old_cycle_len as u32;
        self.lowest_hit = self.lowest_hit.min(old_lowest);
        if !self.guess_based {
            return self.settle(u, first, old_guess_based);
        }
        if self.slots[i].in_cycle {
            self.recursion_hits -= 1;
        }
        if self.recursion_hits == old_hits && !outer {
            // This order is the ancestor of the whole cycle: try the other guess.
            let dptg = self.rules.paradox_rule == ParadoxRule::Dptg;
            if dptg {
                self.snapshot(old_cycle_len, Guess::False);
            }
            self.truncate_cycle(old_cycle_len);
            self.slots[i].result = true;
            let lowest = std::mem::replace(&mut self.lowest_hit, u32::MAX);
            let second = self.adjudicate(map, u);
            self.lowest_hit = lowest;
            self.recursion_hits = old_hits;
            if first == second {
                self.truncate_cycle(old_cycle_len);
                return self.settle(u, first, old_guess_based);
            }
            // Two solutions (the false guess held and so did the true one): the DPTG takes
            // the one in which every convoy of the paradox is disrupted, if there is one.
            if dptg && !first && second {
                self.snapshot(old_cycle_len, Guess::True);
                if let Some(guess) = self.resolution_without_convoys() {
                    self.truncate_cycle(old_cycle_len);
                    self.apply_snapshot(guess);
                    return self.settle(u, guess == Guess::True, old_guess_based);
                }
            }
            // Zero or two solutions: the backup rule decides.
            self.backup_rule(old_cycle_len, !first && second);
            self.truncate_cycle(old_cycle_len);
            self.guess_based = old_guess_based;
            if self.slots[i].state == State::Guessing {
                self.slots[i].state = State::Unresolved;
            }
            return self.resolve(map, u);
        }
        // Part of a cycle whose ancestor is further up: return the guess-based result.
        if !self.slots[i].in_cycle {
            self.slots[i].in_cycle = true;
            self.cycle_pos[i] = self.cycle.len() as u16;
            self.cycle.push(u);
        }
        self.slots[i].result = first;
        self.slots[i].state = State::Unresolved;
        first
    }

    fn settle(&mut self, u: u16, result: bool, old_guess_based: bool) -> bool {
        let slot = &mut self.slots[u as usize];
        slot.result = result;
        slot.state = State::Resolved;
        self.guess_based = old_guess_based;
        result
    }

    fn truncate_cycle(&mut self, len: usize) {
        for k in len..self.cycle.len() {
            let u = self.cycle[k] as usize;
            self.slots[u].in_cycle = false;
        }
        self.cycle.truncate(len);
    }

    /// The backup rule for a cycle with zero or two solutions (DATC §5.B.9): with convoys
    /// in it, a convoy paradox, settled by the Szykman rule (the convoys fail); with only
    /// moves, circular movement (all succeed); otherwise every order in it fails. Variant
    /// rules add their own, applied together (DATC 7): a canal in the cycle closes (the
    /// crossing fails without effect), and a train in a paradox fails on the last station
    /// of its trip that is part of it, still bouncing there; a train only passing through
    /// a ring of moves with two solutions is circular movement.
    fn backup_rule(&mut self, from: usize, two_solutions: bool) {
        let members = from..self.cycle.len();
        let kind_in =
            |kinds: &[Kind]| members.clone().any(|k| kinds.contains(&self.slots[self.cycle[k] as usize].order));
        let has_convoy = kind_in(&[Kind::Convoy]);
        let has_canal = kind_in(&[Kind::Canal]);
        let has_leg = kind_in(&[Kind::LegPass, Kind::LegReach]);
        let has_bounce = kind_in(&[Kind::LegReach]);
        let only_moves = members
            .clone()
            .all(|k| matches!(self.slots[self.cycle[k] as usize].order, Kind::Move | Kind::Train | Kind::LegPass));
        if has_leg && !has_bounce && !has_canal && !has_convoy && only_moves && two_solutions {
            for k in members {
                self.settle_as(self.cycle[k], true);
            }
            return;
        }
        if has_leg {
            self.railroad_paradox(from);
        }
        let szykman =
            matches!(self.rules.paradox_rule, ParadoxRule::Szykman | ParadoxRule::AllHold | ParadoxRule::Dptg);
        // Under the 1971, 1982 and 2000 rules the convoys of a variant paradox are left to
        // those rules, once the variant's own rule has acted (DATC 7.C.13, 7.C.14).
        let convoys_fail = has_convoy && (szykman || !(has_canal || has_leg));
        // The DPTG falls back on All Hold when no resolution disrupts every convoy.
        let all_hold = matches!(self.rules.paradox_rule, ParadoxRule::AllHold | ParadoxRule::Dptg);
        for k in members {
            let u = self.cycle[k];
            let slot = self.slots[u as usize];
            if slot.order == Kind::Canal {
                self.settle_as(u, false);
                self.slots[u as usize].paradox = true;
                continue;
            }
            if !(has_convoy || has_canal || has_leg) {
                self.settle_as(u, only_moves);
                continue;
            }
            if !convoys_fail {
                continue;
            }
            if slot.order == Kind::Convoy {
                self.settle_as(u, false);
                self.slots[u as usize].paradox = true;
                if all_hold {
                    // All Hold: the convoyed army and the attacks on the convoy are moves
                    // of the paradox too, and fail.
                    self.settle_as(slot.target, false);
                    let mut m = self.first_mover[slot.prov as usize];
                    while m != NONE {
                        self.settle_as(m, false);
                        m = self.slots[m as usize].next_mover;
                    }
                }
            } else if all_hold && slot.order == Kind::Move {
                self.settle_as(u, false);
            }
        }
    }

    #[cold]
    #[inline(never)]
    /// DATC 7 assumptions: in a paradox with a train, the last part of its trip in the
    /// paradox fails, but still bounces other units there.
    fn railroad_paradox(&mut self, from: usize) {
        for k in from..self.cycle.len() {
            let u = self.cycle[k];
            let leg = self.slots[u as usize];
            if !matches!(leg.order, Kind::LegPass | Kind::LegReach) {
                continue;
            }
            let later = self.cycle[from..].iter().any(|&v| {
                let other = self.slots[v as usize];
                matches!(other.order, Kind::LegPass | Kind::LegReach)
                    && other.target == leg.target
                    && other.rail > leg.rail
            });
            if later {
                continue;
            }
            let pass = self.trip(leg.target).first_leg + 2 * (leg.rail - 1);
            self.slots[pass as usize].paradox = true;
            self.slots[pass as usize + 1].paradox = true;
            self.settle_as(pass, false);
        }
    }

    /// Records the decisions of the cycle members under one guess of the ancestor.
    fn snapshot(&mut self, from: usize, guess: Guess) {
        let list = match guess {
            Guess::False => &mut self.snapshot_false,
            Guess::True => &mut self.snapshot_true,
        };
        list.clear();
        for &m in &self.cycle[from..] {
            list.push((m, self.slots[m as usize].result));
        }
    }

    /// The guess under which every convoy of the cycle failed, if exactly one had that.
    fn resolution_without_convoys(&self) -> Option<Guess> {
        let disrupted = |list: &[(u16, bool)]| {
            let convoys = list.iter().filter(|(m, _)| self.slots[*m as usize].order == Kind::Convoy);
            convoys.clone().count() > 0 && convoys.clone().all(|&(_, r)| !r)
        };
        match (disrupted(&self.snapshot_false), disrupted(&self.snapshot_true)) {
            (true, false) => Some(Guess::False),
            (false, true) => Some(Guess::True),
            _ => None,
        }
    }

    fn apply_snapshot(&mut self, guess: Guess) {
        let list = std::mem::take(match guess {
            Guess::False => &mut self.snapshot_false,
            Guess::True => &mut self.snapshot_true,
        });
        for &(m, result) in &list {
            self.settle_as(m, result);
        }
        match guess {
            Guess::False => self.snapshot_false = list,
            Guess::True => self.snapshot_true = list,
        }
    }

    /// Fixes a decision from outside its own adjudication (a backup rule).
    fn settle_as(&mut self, u: u16, result: bool) {
        let slot = &mut self.slots[u as usize];
        if slot.order != Kind::Hold {
            slot.state = State::Resolved;
            slot.result = result;
        }
    }

    #[inline(always)]
    fn adjudicate(&mut self, map: &Map, u: u16) -> bool {
        match self.slots[u as usize].order {
            Kind::Move => self.adjudicate_move(map, u),
            Kind::SupportHold | Kind::SupportMove => self.adjudicate_support(map, u),
            Kind::Convoy => self.adjudicate_convoy(map, u),
            Kind::Hold => true,
            Kind::Train => self.train_end(map, u) != 0,
            Kind::LegPass => self.adjudicate_pass(map, u),
            Kind::LegReach => self.adjudicate_reach(map, u),
            Kind::Canal => self.adjudicate_canal(map, u),
        }
    }

    // ---- railroads (DATC 7.B) ------------------------------------------------------

    #[cold]
    #[inline(never)]
    /// How far the train goes: the number of the last station it gets through that no
    /// unit is left in (0: it stays). It stops at a supply centre its power does not own.
    pub(crate) fn train_end(&mut self, map: &Map, t: u16) -> u16 {
        let trip = self.trip(t);
        let mut end = 0;
        for i in 1..=trip.legs {
            let pass = trip.first_leg + 2 * (i - 1);
            if i > 1 && self.forced_stop(map, t, pass - 2) {
                break;
            }
            if !self.resolve(map, pass) {
                break;
            }
            if self.vacant(map, self.slots[pass as usize].dst) {
                end = i;
            }
        }
        end
    }

    /// The station (province) of a train's leg `i`, 0 being its start.
    pub(crate) fn station(&self, t: u16, i: u16) -> u16 {
        if i == 0 {
            self.slots[t as usize].prov
        } else {
            self.slots[(self.trip(t).first_leg + 2 * (i - 1)) as usize].dst
        }
    }

    /// The trip of train `t`.
    pub(crate) fn trip(&self, t: u16) -> Trip {
        self.trips.iter().copied().find(|trip| trip.train == t).unwrap_or_default()
    }

    /// The canal decision of a crossing (see `canal_of`).
    pub(crate) fn canal(&self, u: u16) -> u16 {
        self.canal_of.get(u as usize).copied().unwrap_or(NONE)
    }

    /// Whether nobody is left in the province (its unit, if any, moved away).
    fn vacant(&mut self, map: &Map, province: u16) -> bool {
        let o = self.unit_at[province as usize];
        o == NONE || (self.slots[o as usize].order.moves() && self.resolve(map, o))
    }

    /// Whether the unit in the province stays and is of the power.
    fn own_stays(&mut self, map: &Map, power: PowerId, province: u16) -> bool {
        let o = self.unit_at[province as usize];
        o != NONE && self.slots[o as usize].power == power && !self.vacant(map, province)
    }

    #[cold]
    #[inline(never)]
    /// The train must stop at this leg's station: a supply centre its power does not own
    /// (DATC 7.B.18-7.B.22), unless its own army holds there.
    fn forced_stop(&mut self, map: &Map, t: u16, pass: u16) -> bool {
        let station = self.slots[pass as usize].dst;
        let power = self.slots[t as usize].power;
        map.province(ProvinceId(station)).centre
            && self.owners.get(station as usize).copied().flatten() != Some(power)
            && !self.own_stays(map, power, station)
    }

    /// The train's strength at leg `i`: support counts only on the last leg.
    fn leg_strength(&mut self, map: &Map, t: u16, i: u16) -> u32 {
        if i == self.trip(t).legs { 1 + self.support_count(map, t, None) } else { 1 }
    }

    #[cold]
    #[inline(never)]
    /// Whether the train gets into or through the station, once it tries it: past its own
    /// power's army that stays and is not dislodged; into a province left or empty unless
    /// a move there that beats every other move is at least as strong. Never past a
    /// foreign unit that stays, never into a unit meeting it head to head.
    fn adjudicate_pass(&mut self, map: &Map, p: u16) -> bool {
        let leg = self.slots[p as usize];
        if leg.paradox {
            return false;
        }
        let (t, station) = (leg.target, leg.dst);
        let o = self.unit_at[station as usize];
        if o != NONE && self.slots[o as usize].opposing == t {
            return false;
        }
        if !self.vacant(map, station) {
            return self.slots[o as usize].power == leg.power && !self.entered(map, station);
        }
        let attack = self.leg_strength(map, t, leg.rail);
        let mut m = self.first_mover[station as usize];
        while m != NONE {
            let next = self.slots[m as usize].next_mover;
            if self.slots[m as usize].order == Kind::Move
                && self.prevent_strength(map, m) >= attack
                && self.beats_other_moves(map, m, station)
            {
                return false;
            }
            m = next;
        }
        true
    }

    #[cold]
    #[inline(never)]
    /// Whether a move beats every other unit's move into the province (trains aside).
    fn beats_other_moves(&mut self, map: &Map, m: u16, province: u16) -> bool {
        let attack = self.attack_strength(map, m);
        let mut o = self.first_mover[province as usize];
        while o != NONE {
            let next = self.slots[o as usize].next_mover;
            if o != m && self.slots[o as usize].order == Kind::Move && attack <= self.prevent_strength(map, o) {
                return false;
            }
            o = next;
        }
        attack > 0
    }

    #[cold]
    #[inline(never)]
    /// Whether a unit's move into the province succeeded.
    fn entered(&mut self, map: &Map, province: u16) -> bool {
        let mut m = self.first_mover[province as usize];
        while m != NONE {
            let next = self.slots[m as usize].next_mover;
            if self.slots[m as usize].order == Kind::Move && self.resolve(map, m) {
                return true;
            }
            m = next;
        }
        false
    }

    #[cold]
    #[inline(never)]
    /// Whether the train tries station `i`: it got through every station before, and
    /// stopped at none.
    fn adjudicate_reach(&mut self, map: &Map, r: u16) -> bool {
        let leg = self.slots[r as usize];
        let (t, i) = (leg.target, leg.rail);
        let first = self.trip(t).first_leg;
        let before_pass = first + 2 * (i - 2);
        self.resolve(map, before_pass + 1) && self.resolve(map, before_pass) && !self.forced_stop(map, t, before_pass)
    }

    #[cold]
    #[inline(never)]
    /// The strength with which a train bounces others at a station: none where its own
    /// army stays (it is no part of that garrison), none after losing a head-to-head.
    fn prevent_leg(&mut self, map: &Map, r: u16) -> u32 {
        let leg = self.slots[r as usize];
        let (t, station) = (leg.target, leg.dst);
        let o = self.unit_at[station as usize];
        if o != NONE && self.slots[o as usize].opposing == t && self.resolve(map, o) {
            return 0;
        }
        if self.own_stays(map, leg.power, station) {
            return 0;
        }
        if !leg.paradox && !self.resolve(map, r) {
            return 0;
        }
        self.leg_strength(map, t, leg.rail)
    }

    // ---- canals (DATC 7.C) ---------------------------------------------------------

    #[cold]
    #[inline(never)]
    /// The canal is open while its keeper neither leaves nor is dislodged.
    fn adjudicate_canal(&mut self, map: &Map, c: u16) -> bool {
        let keeper = self.slots[c as usize].target;
        let k = self.slots[keeper as usize];
        let left = k.order.moves() && self.resolve(map, keeper);
        !left && !self.entered(map, k.prov)
    }

    /// Whether a crossing's canal is open for it.
    #[inline]
    pub(crate) fn canal_open(&mut self, map: &Map, u: u16) -> bool {
        if self.canal_of.is_empty() {
            return true;
        }
        match self.canal(u) {
            NONE => true,
            CLOSED => false,
            c => self.resolve(map, c),
        }
    }

    fn adjudicate_move(&mut self, map: &Map, m: u16) -> bool {
        let s = self.slots[m as usize];
        let Some(before_border) = self.attack_before_border(map, m) else { return false };
        let attack = before_border.saturating_sub(self.border_cost(map, &s));
        let opponent = self.head_to_head(map, m);
        if opponent != NONE {
            if attack <= self.defend_strength(map, opponent) {
                return false;
            }
        } else {
            // A move a difficult border leaves without strength still enters a province
            // nobody holds (DATC 10.H), though it beats no competitor (10.C, 10.D).
            let hold = self.hold_strength(map, s.dst);
            if attack <= hold && !(attack == 0 && hold == 0) {
                return false;
            }
        }
        let mut o = self.first_mover[s.dst as usize];
        while o != NONE {
            if o != m && attack <= self.prevent_strength(map, o) {
                return false;
            }
            o = self.slots[o as usize].next_mover;
        }
        true
    }

    fn adjudicate_support(&mut self, map: &Map, s: u16) -> bool {
        let sup = self.slots[s as usize];
        if !self.canal_open(map, s) {
            return false;
        }
        let mut m = self.first_mover[sup.prov as usize];
        // Cut by an attack from anywhere but the province supported into. A train never
        // cuts (DATC 7.B.14).
        while m != NONE {
            let mv = self.slots[m as usize];
            if mv.power == sup.power || mv.order == Kind::LegReach || !self.path(map, m) {
                m = mv.next_mover;
                continue;
            }
            let from_target = sup.order == Kind::SupportMove
                && mv.prov == sup.dst
                && !(self.rules.convoyed_attack_on_supporter == ConvoyedAttackOnSupporter::Cut
                    && self.by_convoy(map, m));
            if !from_target && !self.paradox_rule_protects(map, s, m) && self.strong_enough_to_cut(map, m, sup.power) {
                return false;
            }
            m = mv.next_mover;
        }
        // Cut by being dislodged, even from the province supported into.
        let mut m = self.first_mover[sup.prov as usize];
        while m != NONE {
            let mv = self.slots[m as usize];
            if mv.power != sup.power
                && mv.order == Kind::Move
                && sup.order == Kind::SupportMove
                && mv.prov == sup.dst
                && self.resolve(map, m)
                && !self.paradox_rule_protects(map, s, m)
            {
                return false;
            }
            m = mv.next_mover;
        }
        true
    }

    /// A move over a difficult border cuts support only with strength left after the border
    /// (DATC 10.A, 10.B); supports from the supporter's own power do not count (10.O).
    fn strong_enough_to_cut(&mut self, map: &Map, m: u16, supporter: PowerId) -> bool {
        let s = self.slots[m as usize];
        let cost = self.border_cost(map, &s);
        cost == 0 || 1 + self.support_count(map, m, Some(supporter)) > cost
    }

    /// The 1971, 1982 and 2000 paradox rules (§4.A.2): a convoyed army does not cut some
    /// supports of attacks on convoying fleets.
    fn paradox_rule_protects(&mut self, map: &Map, s: u16, m: u16) -> bool {
        let rule = self.rules.paradox_rule;
        if matches!(rule, ParadoxRule::Szykman | ParadoxRule::AllHold | ParadoxRule::Dptg)
            || !self.slots[m as usize].convoyed
        {
            return false;
        }
        let sup = self.slots[s as usize];
        // The province the supported action is aimed at.
        let aim = match sup.order {
            Kind::SupportMove => sup.dst,
            _ => self.slots[sup.target as usize].prov,
        };
        let held = self.unit_at[aim as usize];
        match rule {
            ParadoxRule::Rulebook1982 => {
                // An action in a body of water holding a fleet ordered to convoy.
                held != NONE
                    && !map.can_hold(UnitKind::Army, ProvinceId(aim))
                    && self.slots[held as usize].order == Kind::Convoy
            }
            ParadoxRule::Rulebook1971 => {
                // A fleet supporting a fleet's attack on one of this army's convoys.
                sup.kind == UnitKind::Fleet
                    && sup.order == Kind::SupportMove
                    && self.slots[sup.target as usize].kind == UnitKind::Fleet
                    && held != NONE
                    && self.convoys_army(held, m)
            }
            ParadoxRule::Rulebook2000 => {
                // A support of an attack on a fleet the army needs for every route.
                sup.order == Kind::SupportMove
                    && held != NONE
                    && self.convoys_army(held, m)
                    && self.needed(map, m, held)
            }
            ParadoxRule::Szykman | ParadoxRule::AllHold | ParadoxRule::Dptg => false,
        }
    }

    /// Whether fleet `f` has a matching convoy order for army move `m`.
    fn convoys_army(&self, f: u16, m: u16) -> bool {
        let mut c = self.slots[m as usize].first_convoy;
        while c != NONE {
            if c == f {
                return true;
            }
            c = self.slots[c as usize].next_convoy;
        }
        false
    }

    /// Whether every route of the army's convoys passes through fleet `f`.
    fn needed(&self, map: &Map, m: u16, f: u16) -> bool {
        let s = self.slots[m as usize];
        let (fleets, k) = self.convoys_of(m);
        let fleets = &fleets[..k];
        let all: u128 = if k == 128 { u128::MAX } else { (1u128 << k) - 1 };
        let without = fleets.iter().enumerate().filter(|&(_, &c)| c != f).fold(0u128, |mask, (i, _)| mask | 1 << i);
        self.chain(map, s.prov, s.dst, fleets, all) && !self.chain(map, s.prov, s.dst, fleets, without)
    }

    fn adjudicate_convoy(&mut self, map: &Map, c: u16) -> bool {
        let fleet = self.slots[c as usize];
        let mut m = self.first_mover[fleet.prov as usize];
        while m != NONE {
            let mv = self.slots[m as usize];
            // Look through the attack instead of depending on its decision, so that every
            // cycle through a convoy is a clean single cycle (DATC §5.D).
            if mv.order != Kind::Move {
                m = mv.next_mover;
                continue;
            }
            let attack_succeeds = if mv.state == State::Resolved { mv.result } else { self.adjudicate_move(map, m) };
            if mv.power != fleet.power && attack_succeeds {
                return false;
            }
            m = mv.next_mover;
        }
        true
    }

    /// Whether a move has its route: by land, or a chain of successful convoys, or the
    /// land route when the convoy fails and the rules allow that fallback.
    pub(crate) fn path(&mut self, map: &Map, m: u16) -> bool {
        let s = self.slots[m as usize];
        !s.void && self.canal_open(map, m) && (!s.convoyed || s.fallback || self.convoy_path(map, m))
    }

    /// Whether a move travels by convoy in the end.
    pub(crate) fn by_convoy(&mut self, map: &Map, m: u16) -> bool {
        let s = self.slots[m as usize];
        s.convoyed && (!s.fallback || self.convoy_path(map, m))
    }

    /// The unit this move meets head-to-head (both by land, in opposite directions).
    #[inline(always)]
    pub(crate) fn head_to_head(&mut self, map: &Map, m: u16) -> u16 {
        let o = self.slots[m as usize].opposing;
        if o == NONE {
            return NONE;
        }
        // No battle through a canal one side may not cross (DATC 7.C.6).
        if !self.canal_of.is_empty()
            && (self.canal(m) != NONE || self.canal(o) != NONE)
            && !(self.canal_open(map, m) && self.canal_open(map, o))
        {
            return NONE;
        }
        let either_may_convoy = self.slots[m as usize].fallback || self.slots[o as usize].fallback;
        if either_may_convoy && (self.by_convoy(map, m) || self.by_convoy(map, o)) {
            return NONE;
        }
        o
    }

    /// Whether the move's convoys form a chain from origin to destination.
    fn convoy_path(&mut self, map: &Map, m: u16) -> bool {
        let s = self.slots[m as usize];
        // §4.A.6 choice c: a convoy needs its path written out.
        if self.rules.convoy_path == ConvoyPath::Required && !s.path_written {
            return false;
        }
        let (fleets, k) = self.convoys_of(m);
        let fleets = &fleets[..k];
        let all: u128 = if k == 128 { u128::MAX } else { (1u128 << k) - 1 };
        // Settle the convoys first: the chain search below must not be re-entered.
        let mut ok: u128 = 0;
        for (i, &c) in fleets.iter().enumerate() {
            if self.resolve(map, c) {
                ok |= 1 << i;
            }
        }
        match self.rules.multi_route_disruption {
            MultiRouteDisruption::AllRoutes => self.chain(map, s.prov, s.dst, fleets, ok),
            MultiRouteDisruption::AnyRoute => {
                // Every fleet on some route must have convoyed.
                let on_route = self.on_route(map, s.prov, s.dst, fleets, all);
                on_route != 0 && on_route & !ok == 0
            }
        }
    }

    /// The matching convoys of move `m`, at most 128 (a chain needs no more).
    fn convoys_of(&self, m: u16) -> ([u16; 128], usize) {
        let mut fleets = [NONE; 128];
        let mut k = 0;
        let mut c = self.slots[m as usize].first_convoy;
        while c != NONE && k < fleets.len() {
            fleets[k] = c;
            c = self.slots[c as usize].next_convoy;
            k += 1;
        }
        (fleets, k)
    }

    /// Whether the fleets in `usable` link `from` to `to`.
    fn chain(&self, map: &Map, from: u16, to: u16, fleets: &[u16], usable: u128) -> bool {
        let reached = self.reach(map, from, fleets, usable);
        (0..fleets.len())
            .any(|k| reached >> k & 1 == 1 && map.fleet_reaches(self.slots[fleets[k] as usize].loc, ProvinceId(to)))
    }

    /// The fleets of `usable` that lie on some route from `from` to `to`.
    fn on_route(&self, map: &Map, from: u16, to: u16, fleets: &[u16], usable: u128) -> u128 {
        let forward = self.reach(map, from, fleets, usable);
        let backward = self.reach(map, to, fleets, usable);
        if !self.chain(map, from, to, fleets, usable) {
            return 0;
        }
        forward & backward
    }

    fn reach(&self, map: &Map, from: u16, fleets: &[u16], usable: u128) -> u128 {
        let mut reached: u128 = 0;
        for (k, &f) in fleets.iter().enumerate() {
            if usable >> k & 1 == 1 && map.fleet_reaches(self.slots[f as usize].loc, ProvinceId(from)) {
                reached |= 1 << k;
            }
        }
        let mut frontier = reached;
        while frontier != 0 {
            let k = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let loc = self.slots[fleets[k] as usize].loc;
            for (j, &g) in fleets.iter().enumerate() {
                let bit = 1u128 << j;
                if usable & bit != 0 && reached & bit == 0 && map.fleet_adjacent(loc, self.slots[g as usize].loc) {
                    reached |= bit;
                    frontier |= bit;
                }
            }
        }
        reached
    }

    /// Count of successful supports of `u`'s order, leaving out supporters of `except`.
    fn support_count(&mut self, map: &Map, u: u16, except: Option<PowerId>) -> u32 {
        let mut count = 0;
        let mut s = self.slots[u as usize].first_support;
        while s != NONE {
            let sup = self.slots[s as usize];
            if Some(sup.power) != except && self.resolve(map, s) {
                count += 1;
            }
            s = sup.next_support;
        }
        count
    }

    pub(crate) fn attack_strength(&mut self, map: &Map, m: u16) -> u32 {
        let s = self.slots[m as usize];
        self.attack_before_border(map, m).map_or(0, |a| a.saturating_sub(self.border_cost(map, &s)))
    }

    /// The attack strength before a difficult border takes its toll, or `None` when the
    /// move has no route or would hit its own power's unit.
    fn attack_before_border(&mut self, map: &Map, m: u16) -> Option<u32> {
        if !self.path(map, m) {
            return None;
        }
        let s = self.slots[m as usize];
        let d = self.unit_at[s.dst as usize];
        if d == NONE {
            return Some(1 + self.support_count(map, m, None));
        }
        let defender = self.slots[d as usize];
        if self.head_to_head(map, m) == NONE && defender.order.moves() && self.resolve(map, d) {
            Some(1 + self.support_count(map, m, None))
        } else if defender.power == s.power {
            None
        } else {
            Some(1 + self.support_count(map, m, Some(defender.power)))
        }
    }

    #[inline(always)]
    pub(crate) fn hold_strength(&mut self, map: &Map, province: u16) -> u32 {
        let u = self.unit_at[province as usize];
        if u == NONE {
            return 0;
        }
        if self.slots[u as usize].order.moves() {
            return if self.resolve(map, u) { 0 } else { 1 };
        }
        1 + self.support_count(map, u, None)
    }

    pub(crate) fn defend_strength(&mut self, map: &Map, m: u16) -> u32 {
        let s = self.slots[m as usize];
        if s.order == Kind::Train {
            // Met head to head at its first station, a train is as strong as it is there.
            return self.leg_strength(map, m, 1);
        }
        (1 + self.support_count(map, m, None)).saturating_sub(self.border_cost(map, &s))
    }

    pub(crate) fn prevent_strength(&mut self, map: &Map, m: u16) -> u32 {
        if self.slots[m as usize].order == Kind::LegReach {
            return self.prevent_leg(map, m);
        }
        if !self.path(map, m) {
            return 0;
        }
        let s = self.slots[m as usize];
        let opponent = self.head_to_head(map, m);
        if opponent != NONE && self.slots[opponent as usize].order == Kind::Train {
            // A train beats the unit head to head without moving (DATC 7.B.29).
            if self.leg_strength(map, opponent, 1) > self.defend_strength(map, m) {
                return 0;
            }
        } else if opponent != NONE && self.resolve(map, opponent) {
            return 0;
        }
        if self.rules.dislodged_unit_bounce == DislodgedUnitBounce::Never {
            // Literal reading: a unit dislodged by one from its destination never bounces.
            let d = self.unit_at[s.dst as usize];
            if d != NONE
                && self.slots[d as usize].order == Kind::Move
                && self.slots[d as usize].dst == s.prov
                && self.resolve(map, d)
            {
                return 0;
            }
        }
        (1 + self.support_count(map, m, None)).saturating_sub(self.border_cost(map, &s))
    }

    fn border_cost(&self, map: &Map, s: &Slot) -> u32 {
        if map.difficult_borders().is_empty() || s.convoyed {
            return 0;
        }
        u32::from(map.border_cost(ProvinceId(s.prov), ProvinceId(s.dst)))
    }

    // ---- reading results -----------------------------------------------------------

    /// Number of units on the board.
    pub fn unit_count(&self) -> usize {
        self.units
    }

    /// Whether unit `u` (index in the position's unit list after de-duplication) moved.
    pub fn moved(&self, u: usize) -> bool {
        let s = &self.slots[u];
        s.order.moves() && s.result
    }

    /// The unit that dislodged unit `u`, if one did.
    pub fn dislodged_by(&self, u: usize) -> Option<usize> {
        if self.moved(u) {
            return None;
        }
        let mut m = self.first_mover[self.slots[u].prov as usize];
        while m != NONE {
            if self.slots[m as usize].order == Kind::Move && self.slots[m as usize].result {
                return Some(m as usize);
            }
            m = self.slots[m as usize].next_mover;
        }
        None
    }
}

/// A canal permission given by the keeper's power.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Permit {
    pub canal: u16,
    /// The unit permitted.
    pub unit: u16,
    /// Index of the permission order.
    pub order: u32,
    /// The canal's decision slot if this permission counted, else `NONE`.
    pub decision: u16,
}

/// A train's trip: the slot of its first leg decision (legs come in pairs: pass, reach)
/// and how many stations it goes past its start.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Trip {
    pub train: u16,
    pub legs: u16,
    pub first_leg: u16,
}

/// The two guesses of the guess algorithm.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Guess {
    False,
    True,
}

struct Applied {
    unit: u16,
    kind: Kind,
    target: u16,
    dst: u16,
    dst_loc: LocId,
    convoyed: bool,
    adjacent: bool,
    via_written: bool,
    path_written: bool,
    void: bool,
    /// A train's railroad, or `NONE`.
    rail: u16,
}

/// Two orders that do the same thing (a repeated order is not a conflict). Unit types,
/// coasts of the ordered unit and nationalities of supported units do not change what an
/// order does; where a rule makes them matter, the order is illegal before this is asked.
fn same_effect(a: &Order, b: &Order) -> bool {
    let strip = |o: &Order| {
        let mut o = o.clone();
        o.unit.kind = None;
        o.unit.place.coast = None;
        match &mut o.action {
            Action::SupportHold { target } | Action::SupportMove { target, .. } => {
                target.power = None;
                target.kind = None;
            }
            Action::Convoy { army, .. } => {
                army.power = None;
                army.kind = None;
            }
            _ => {}
        }
        o
    };
    strip(a) == strip(b)
}

/// Whether the map's seas (and convoyable coasts) link `from` to `to`, through `via` if
/// given, whatever fleets stand there (§4.E.1 c).
fn sea_route(map: &Map, from: ProvinceId, to: ProvinceId, via: Option<ProvinceId>) -> bool {
    if from == to || !map.can_hold(UnitKind::Army, to) {
        return false;
    }
    let reach = |start: ProvinceId| -> Vec<bool> {
        let mut seen = vec![false; map.province_count()];
        let mut stack: Vec<ProvinceId> = map
            .provinces()
            .filter(|&p| p != from && p != to && map.can_convoy(p) && map.fleet_reaches(map.main_loc(p), start))
            .collect();
        for &p in &stack {
            seen[p.index()] = true;
        }
        while let Some(p) = stack.pop() {
            for &next in map.fleet_neighbours(map.main_loc(p)) {
                let q = map.province_of(next);
                if q != from && q != to && map.can_convoy(q) && !seen[q.index()] {
                    seen[q.index()] = true;
                    stack.push(q);
                }
            }
        }
        seen
    };
    let forward = reach(from);
    match via {
        Some(v) => forward[v.index()] && reach(to)[v.index()],
        None => map.provinces().any(|p| forward[p.index()] && map.fleet_reaches(map.main_loc(p), to)),
    }
}

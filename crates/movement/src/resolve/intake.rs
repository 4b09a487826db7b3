//! Order intake and legality: each order is checked on its own against the position
//! (DATC §4.E.1: an illegal order leaves its unit holding), duplicates and conflicts for
//! one unit are settled (§4.C, §4.D.3), and the legal orders are applied to the units'
//! slots. Implicit moves (§4.E.3) are added here too.

use dip_map::rules::{
    Designation, IgnoreOrFail, IllegalOrders, ImplicitOrders, ImpossibleCoast, MultipleOrders, OmittedCoast,
    OmittedSingleCoast, ProxyOrders, WrongUnitType,
};
use dip_map::{LocId, Map, PowerId, ProvinceId, UnitKind};
use dip_orders::{Action, AdjudicationError, CoastSpec, Order, Place, PlaceSlot, foreign_order};

use super::{Adjudicator, Given, Implication, Kind, NONE, Piece, convoy::sea_route};
use crate::outcome::Illegal;

impl Adjudicator {
    /// Checks each order on its own and applies the legal ones to their units. An order
    /// naming an id the map does not have is refused before anything else of it is read:
    /// the first one (in the order given) is the error.
    pub(super) fn intake(&mut self, map: &Map, orders: &[Order]) -> Result<(), AdjudicationError> {
        self.order_unit.clear();
        self.order_unit.resize(orders.len(), NONE);
        self.order_illegal.clear();
        self.order_illegal.resize(orders.len(), None);
        self.ordered_power.clear();
        self.ordered_power.resize(map.power_count(), false);
        self.convoy_intent = false;
        // Nothing on the map can make a plain move illegal or change it (`plain_move`).
        let plain_map = !map.has_ice() && map.railroads().is_empty() && !map.powers().any(|p| map.is_neutral(p));
        let (powers, provinces, locations) = (map.power_count(), map.province_count(), map.location_count());
        for (i, order) in orders.iter().enumerate() {
            if let Some(flag) = self.ordered_power.get_mut(order.power.index()) {
                *flag = true;
            }
            if plain_map && let Some((u, given)) = self.plain_move(map, order) {
                debug_assert!(order.ids_within(powers, provinces, locations), "a plain move names only the map's ids");
                debug_assert!(
                    matches!(self.check(map, order), Ok(a) if a.unit == u && a.given == given),
                    "the plain move {order:?} checks as the general check does"
                );
                self.apply(&Applied { unit: u, given }, i);
                self.order_unit[i] = u;
                continue;
            }
            if !order.ids_within(powers, provinces, locations) {
                return Err(foreign_order(map, order, i));
            }
            self.convoy_intent |= matches!(order.action, Action::Convoy { .. } | Action::Move { via_convoy: true, .. });
            if let Action::Permit { canal, .. } = order.action {
                let illegal = self.check_permit(map, order, canal, i).err();
                self.order_illegal[i] = illegal;
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
                        self.second_order(orders, &applied, i, first as usize)
                    }
                }
                Err((unit, why)) => (unit, Some(why)),
            };
            self.order_unit[i] = unit;
            if illegal.is_some() {
                self.order_illegal[i] = illegal;
            }
        }
        if self.rules.implicit_orders == ImplicitOrders::Allowed {
            self.implicit_moves(map, orders);
        } else {
            // No move is implied: the outcome finds none to report.
            self.implied.clear();
        }
        if !map.railroads().is_empty() {
            self.one_train_per_railroad();
        }
        Ok(())
    }

    /// Order `i`, `applied` to a unit that order `first` was applied to already (§4.D.3,
    /// §4.C for the orders that give way): which one counts, and why the other does not.
    #[cold]
    #[inline(never)]
    fn second_order(&mut self, orders: &[Order], applied: &Applied, i: usize, first: usize) -> (u16, Option<Illegal>) {
        let (u, order) = (applied.unit, &orders[i]);
        if self.gives_way(&orders[first], u) && !self.gives_way(order, u) {
            self.order_illegal[first] = Some(Illegal::Superseded);
            self.apply(applied, i);
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
                    self.apply(applied, i);
                    (u, None)
                }
                MultipleOrders::Hold => {
                    // The unit holds and may receive hold support.
                    let slot = &mut self.slots[u as usize];
                    slot.given.order = Kind::Hold;
                    slot.given.target = NONE;
                    self.order_illegal[first] = Some(Illegal::ConflictingOrders);
                    (u, Some(Illegal::ConflictingOrders))
                }
            }
        }
    }

    fn apply(&mut self, applied: &Applied, index: usize) {
        let slot = &mut self.slots[applied.unit as usize];
        slot.order_index = index as u32;
        slot.given = applied.given;
    }

    /// §4.E.3 choice a: a unit without an order moves where its own power's support or
    /// convoy order says it moves (never from another power's orders). The order given to
    /// the unit stays "none"; its move is adjudicated like any other. Orders of the power
    /// that imply different moves for one unit imply none: it holds, whatever the order
    /// in which they are listed.
    #[cold]
    #[inline(never)]
    fn implicit_moves(&mut self, map: &Map, orders: &[Order]) {
        let mut implied = std::mem::take(&mut self.implied);
        implied.clear();
        for i in 0..orders.len() {
            if self.order_illegal[i].is_some() {
                continue;
            }
            let u = self.order_unit[i];
            if u == NONE {
                continue;
            }
            let giver = self.slots[u as usize];
            if !matches!(giver.given.order, Kind::SupportMove | Kind::Convoy) {
                continue;
            }
            let t = giver.given.target;
            let target = self.slots[t as usize];
            if target.order_index != u32::MAX || target.given.order != Kind::Hold || target.power != giver.power {
                continue;
            }
            let coast = if giver.given.dst_loc.0 == NONE { None } else { Some(CoastSpec::Known(giver.given.dst_loc)) };
            let place = Place::with_coast(ProvinceId(giver.given.dst), coast);
            if let Ok((dst_loc, needs_convoy)) = self.check_move(map, target.piece(), &place) {
                let by_convoy = giver.given.order == Kind::Convoy;
                let order = i as u32;
                implied.push(Implication { unit: t, order, dst: giver.given.dst, dst_loc, needs_convoy, by_convoy });
            }
        }
        // Each unit's implied moves together: one destination, or none.
        // By unit, then by order: a group's first is the first order that implies the move.
        implied.sort_unstable_by_key(|m| (m.unit, m.order));
        for group in implied.chunk_by(|a, b| a.unit == b.unit) {
            let first = group[0];
            if group.iter().any(|m| m.dst != first.dst || m.dst_loc != first.dst_loc) {
                continue;
            }
            let slot = &mut self.slots[first.unit as usize];
            slot.given.order = Kind::Move;
            slot.given.dst = first.dst;
            slot.given.target = first.dst;
            slot.given.dst_loc = first.dst_loc;
            slot.given.convoyed = first.needs_convoy || group.iter().any(|m| m.by_convoy);
            slot.given.adjacent = !first.needs_convoy;
        }
        self.implied = implied;
    }

    pub(super) fn check(&mut self, map: &Map, order: &Order) -> Result<Applied, (u16, Illegal)> {
        let place = &order.unit.place;
        let u = self.unit_at.get(place.province.index()).copied().unwrap_or(NONE);
        if u == NONE {
            return Err((NONE, Illegal::NoUnit));
        }
        let slot = self.slots[u as usize].piece();
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
        // Most orders name no coast for their unit: nothing to read then.
        if place.coast_written() {
            match &place.coast() {
                Some(CoastSpec::Known(loc))
                    if *loc != slot.loc && self.rules.wrong_coast_of_unit == IgnoreOrFail::Fail =>
                {
                    return Err((u, Illegal::WrongCoast));
                }
                Some(CoastSpec::Unknown) if self.rules.unknown_coast == IgnoreOrFail::Fail => {
                    return Err((u, Illegal::UnknownCoast));
                }
                _ => {}
            }
        }
        // Nothing moves, supports or convoys from ice in its season (DATC 8.B, 8.C).
        let frozen = |p: ProvinceId| map.is_frozen(p, self.season);
        if frozen(ProvinceId(slot.prov)) && !matches!(order.action, Action::Hold) {
            return Err((u, Illegal::Frozen));
        }
        // A neutral power's units only hold, whoever orders them.
        if !matches!(order.action, Action::Hold) && map.is_neutral(slot.power) {
            return Err((u, Illegal::NeutralUnit));
        }
        let applied = |order, target, dst| Applied { unit: u, given: Given { order, target, dst, ..Given::HOLD } };
        match &order.action {
            Action::Hold => Ok(applied(Kind::Hold, NONE, NONE)),
            Action::Move { to, via_convoy } => {
                if frozen(to.province) {
                    return Err((u, Illegal::Frozen));
                }
                let path_written = !order.path().is_empty();
                if !map.railroads().is_empty()
                    && let Some(r) = self.implicit_railroad(map, slot, to.province, *via_convoy || path_written)
                {
                    return self.check_rail(map, u, slot, r, to.province);
                }
                let (dst_loc, needs_convoy, void) = match self.check_move(map, slot, to) {
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
                    given: Given {
                        order: Kind::Move,
                        target: to.province.0,
                        dst: to.province.0,
                        dst_loc,
                        // Whether an adjacent move goes by convoy is decided when the orders
                        // are linked (§4.A.3).
                        convoyed: needs_convoy,
                        adjacent: !needs_convoy,
                        via_written: *via_convoy && slot.kind == UnitKind::Army,
                        path_written,
                        void,
                        rail: NONE,
                    },
                })
            }
            Action::Rail { railroad, to } => {
                if frozen(to.province) {
                    return Err((u, Illegal::Frozen));
                }
                self.check_rail(map, u, slot, u16::from(*railroad), to.province)
            }
            Action::SupportHold { target } => {
                let t = self.unit_in(target.place.province);
                if target.place.province.0 == slot.prov {
                    return Err((u, Illegal::SupportSelf));
                }
                if t == NONE {
                    return Err((u, Illegal::NoSuchUnit));
                }
                if !map.reaches(slot.kind, slot.loc, target.place.province) {
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
                if !map.reaches(slot.kind, slot.loc, to.province) {
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
                a.given.void = !possible;
                // A support naming a coast supports only the move to that coast (§4.B.4).
                a.given.dst_loc = to.coast_loc().unwrap_or(LocId(NONE));
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
                c.given.void = !possible;
                Ok(c)
            }
            Action::Retreat { .. } | Action::Disband | Action::Build | Action::Remove | Action::Waive => {
                Err((u, Illegal::WrongPhase))
            }
            // Taken care of before any unit order is checked.
            Action::Permit { .. } => Err((u, Illegal::WrongPhase)),
        }
    }

    /// The usual order, read without the general check (`check`), which costs several times
    /// as much: a move by a unit of the ordering power, of the type written, its first order,
    /// no coast written at either end, no convoy path nor "via convoy", to a province it
    /// borders (a fleet: one of a single coast). On a map without ice, railroads or neutral
    /// powers (the caller asks) nothing else can make such a move illegal or change what it
    /// does: the unit and what `check` would set in its slot. `None` for every other order,
    /// which the general check takes; debug builds (and so the property tests) check that
    /// both agree. (Holds and supports read this way cost about what the general check
    /// does: measured, and left to it.) Every id it reads is looked up in a table it must
    /// be in or compared with one that is, so a move it takes names only the map's ids:
    /// the intake checks them for the other orders.
    #[inline(always)]
    fn plain_move(&self, map: &Map, order: &Order) -> Option<(u16, Given)> {
        let Action::Move { to, via_convoy: false } = &order.action else { return None };
        let place = &order.unit.place;
        if place.coast_written() || to.coast_written() || !order.path().is_empty() {
            return None;
        }
        let u = *self.unit_at.get(place.province.index())?;
        let slot = self.slots.get(usize::from(u))?;
        let dst = to.province;
        if slot.power != order.power
            || order.unit.power.is_some_and(|p| p != slot.power)
            || dst.index() >= self.unit_at.len()
            || order.unit.kind != Some(slot.kind)
            || slot.order_index != u32::MAX
            || dst.0 == slot.prov
        {
            return None;
        }
        let dst_loc = map.main_loc(dst);
        let borders = match slot.kind {
            UnitKind::Army => map.can_hold(UnitKind::Army, dst) && map.army_adjacent(ProvinceId(slot.prov), dst),
            UnitKind::Fleet => !map.is_multi_coast(dst) && map.fleet_adjacent(slot.loc, dst_loc),
        };
        let given = Given { order: Kind::Move, target: dst.0, dst: dst.0, dst_loc, adjacent: true, ..Given::HOLD };
        borders.then_some((u, given))
    }

    /// The location a move ends on, and whether it must go by convoy. Inline: a call cost
    /// a third of the usual move's check in saving and restoring registers.
    #[inline(always)]
    fn check_move(&mut self, map: &Map, slot: Piece, to: &Place) -> Result<(LocId, bool), Illegal> {
        let dst = to.province;
        if dst.0 == slot.prov {
            return Err(Illegal::MoveToSelf);
        }
        match slot.kind {
            UnitKind::Army => {
                if to.coast_written() && self.rules.unknown_coast == IgnoreOrFail::Fail {
                    // A coast on an army's destination, known or not, is irrelevant (§4.B.6).
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
                    if to.has_unknown_coast() && self.rules.unknown_coast == IgnoreOrFail::Fail {
                        return Err(Illegal::UnknownCoast);
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
                match &to.coast() {
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
                    Some(CoastSpec::Unknown) if self.rules.unknown_coast == IgnoreOrFail::Fail => {
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
}

/// A legal order checked for its unit: what it sets in the unit's slot.
pub(super) struct Applied {
    pub(super) unit: u16,
    pub(super) given: Given,
}

/// Two orders that do the same thing (a repeated order is not a conflict). Unit types,
/// coasts of the ordered unit and nationalities of supported units do not change what an
/// order does; where a rule makes them matter, the order is illegal before this is asked.
fn same_effect(a: &Order, b: &Order) -> bool {
    let strip = |o: &Order| {
        let mut o = o.clone();
        o.unit.kind = None;
        o.set_coast(PlaceSlot::Unit, None);
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

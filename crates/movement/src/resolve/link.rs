//! Linking: after intake, the lists the decisions walk are built once: moves by
//! destination, matching supports and convoys by unit, head-to-head opponents, and
//! whether a move that could go by land goes by convoy (§4.A.3).

use dip_map::rules::{AdjacentConvoy, CivilDisorderHoldSupport, ConvoyPath, PoorlyWritten, SupportCoast};
use dip_map::{Map, ProvinceId, Rules, UnitKind};
use dip_orders::{Action, Order};

use super::{Adjudicator, CLOSED, Fallback, Kind, NONE, Slot, State, canal::canal_in};

impl Adjudicator {
    /// Builds the lists the decisions walk: moves by destination, matching supports and
    /// convoys by unit, head-to-head opponents.
    pub(super) fn link(&mut self, map: &Map, orders: &[Order]) {
        let n = self.slots.len();
        // Convoy intent for moves that could go by land (§4.A.3). Without convoy orders nor a
        // move written "via convoy", every move that could go by land does, under every rule
        // (as intake left it).
        if self.convoy_intent {
            self.link_convoy_intent(map);
        }
        // The tables as local slices: their bases and lengths stay in registers, where a
        // write through one of the adjudicator's vectors made the others be read again.
        let rules = self.rules;
        let (slots, first_mover, ordered_power) =
            (&mut self.slots[..], &mut self.first_mover[..], &self.ordered_power[..]);
        for u in (0..slots.len()).rev() {
            // Only what each kind of order reads is loaded: most are moves.
            match slots[u].given.order {
                Kind::Move => {
                    let d = usize::from(slots[u].given.dst);
                    slots[u].next_mover = first_mover[d];
                    first_mover[d] = u as u16;
                }
                Kind::SupportHold => {
                    let s = slots[u];
                    let t = usize::from(s.given.target);
                    // §4.D.9 choice a: no hold support for a power that gave no orders.
                    let in_disorder = !ordered_power.get(slots[t].power.index()).copied().unwrap_or(false);
                    let refused = in_disorder && rules.civil_disorder_hold_support == CivilDisorderHoldSupport::Fails;
                    if !slots[t].given.order.moves() && !refused && !s.given.void {
                        slots[u].matches = true;
                        slots[u].next_support = slots[t].first_support;
                        slots[t].first_support = u as u16;
                    }
                }
                Kind::SupportMove => {
                    let s = slots[u];
                    let t = usize::from(s.given.target);
                    let mover = slots[t];
                    if mover.given.order.moves()
                        && mover.given.dst == s.given.dst
                        && support_coast_fits(&rules, map, &s, &mover)
                        && !s.given.void
                    {
                        slots[u].matches = true;
                        slots[u].next_support = slots[t].first_support;
                        slots[t].first_support = u as u16;
                    }
                }
                Kind::Convoy => {
                    let s = slots[u];
                    let t = usize::from(s.given.target);
                    let army = slots[t];
                    // §4.A.6 choices b and c: a written path names the only fleets to use.
                    let on_written_path = rules.convoy_path == ConvoyPath::Ignored
                        || !army.given.path_written
                        || orders.get(army.order_index as usize).is_some_and(|o| match &o.action {
                            Action::Move { .. } => o.path().contains(&ProvinceId(s.prov)),
                            _ => false,
                        });
                    if army.given.order == Kind::Move
                        && army.given.dst == s.given.dst
                        && army.given.convoyed
                        && on_written_path
                        && !s.given.void
                    {
                        slots[u].matches = true;
                        slots[u].next_convoy = slots[t].first_convoy;
                        slots[t].first_convoy = u as u16;
                    }
                }
                Kind::Hold | Kind::Train | Kind::LegPass | Kind::LegReach | Kind::Canal => {}
            }
        }
        // intent-or-land, via-or-land and via-or-land-fallback: a move that could go by land
        // is convoyed only when convoy orders for it link origin and destination (whatever
        // becomes of the fleets); otherwise it goes by land and its convoys match nothing.
        if matches!(
            self.rules.adjacent_convoy,
            AdjacentConvoy::IntentOrLand | AdjacentConvoy::ViaOrLand | AdjacentConvoy::ViaOrLandFallback
        ) {
            for a in 0..self.units {
                let s = self.slots[a];
                if s.given.order == Kind::Move
                    && s.given.adjacent
                    && s.given.convoyed
                    && !self.ordered_chain(map, a as u16)
                {
                    self.take_land_route(a);
                } else if s.fallback == Fallback::Always && self.destination_backs_attack_on_convoy(a) {
                    // intent-or-land: no fallback where the land route would cut the support
                    // of an attack on the convoy (DATC 6.G.11).
                    self.slots[a].fallback = Fallback::No;
                }
            }
        }
        if !map.canals().is_empty() {
            self.link_canals(map);
        }
        // Trains first: their stations' decisions join the lists of moves.
        if !map.railroads().is_empty() {
            for t in 0..n {
                if self.slots[t].given.order == Kind::Train {
                    self.link_train(map, t as u16);
                }
            }
        }
        // One pass over the orders for two things.
        // Pairs moving into each other's provinces that may go by land: a head-to-head battle
        // (`head_to_head` decides), or under via-or-land-fallback, with a move written "via
        // convoy", no battle but no swap over land either (`land_pair`).
        // Decisions that need no other decision are settled now: a support or convoy that
        // matches nothing fails; one that nothing moves against, over no canal, stands; a
        // move over land and no canal, alone into a province nobody holds, succeeds (no hold
        // strength, no prevent strength: even a move a difficult border leaves without
        // strength enters, DATC 10.H); an unsupported move over land and no canal into a
        // province whose unit stays fails, and so does an unsupported move into an empty
        // province that a move over land, no canal and no difficult border also enters (its
        // prevent strength is one at least: nobody there to meet head to head). The
        // decisions that wait on others are left.
        let may_go_by_land = |s: &Slot| !s.given.convoyed || s.fallback != Fallback::No;
        let (slots, unit_at) = (&mut self.slots[..], &self.unit_at[..]);
        let (first_mover, canal_of) = (&self.first_mover[..], &self.canal_of[..]);
        for u in 0..slots.len() {
            let view = Linked { slots, first_mover, canal_of };
            let s = &view.slots[u];
            let mut opposing = NONE;
            let settled = match s.given.order {
                Kind::Move => {
                    let o = unit_at[usize::from(s.given.dst)];
                    if o != NONE {
                        let os = view.slots[usize::from(o)];
                        if os.given.order == Kind::Move
                            && os.given.dst == s.prov
                            && may_go_by_land(s)
                            && may_go_by_land(&os)
                            && view.canal(u as u16) != CLOSED
                            && view.canal(o) != CLOSED
                        {
                            opposing = o;
                        }
                        // Alone over land against a unit that stays: strength one, no more
                        // than the unit's hold strength (or its own power's unit), so it fails.
                        let fails =
                            !os.given.order.moves() && s.first_support == NONE && view.sure_land_route(u as u16);
                        fails.then_some(false)
                    } else if view.sure_land_route(u as u16)
                        && first_mover[usize::from(s.given.dst)] == u as u16
                        && s.next_mover == NONE
                    {
                        Some(true)
                    } else if s.first_support == NONE && view.plain_rival(map, u as u16) {
                        // Strength one at most, against a prevent strength of one at least.
                        Some(false)
                    } else {
                        None
                    }
                }
                Kind::SupportHold | Kind::SupportMove | Kind::Convoy if !s.matches => Some(false),
                Kind::SupportHold | Kind::SupportMove | Kind::Convoy
                    if first_mover[usize::from(s.prov)] == NONE && view.canal(u as u16) == NONE =>
                {
                    Some(true)
                }
                _ => None,
            };
            if opposing != NONE {
                slots[u].opposing = opposing;
            }
            if let Some(result) = settled {
                slots[u].state = State::Resolved;
                slots[u].result = result;
            }
        }
    }

    /// Whether each move that could go by land goes by convoy (§4.A.3): first which convoy
    /// orders name each such move, then each move's route under the rule.
    fn link_convoy_intent(&mut self, map: &Map) {
        let rule = self.rules.adjacent_convoy;
        // Each pass finds the slots it changes with a search over the slots as a slice (its
        // base and length in registers), then changes them through the adjudicator.
        let mut next = 0;
        while let Some(k) = self.slots[next..].iter().position(|s| s.given.order == Kind::Convoy) {
            let c = next + k;
            next = c + 1;
            let s = self.slots[c];
            let army = &self.slots[s.given.target as usize];
            if army.given.order == Kind::Move && army.given.adjacent && army.given.dst == s.given.dst {
                let (from, own_power) = (army.prov, army.power == s.power);
                // intent-or-land (MILA): an own fleet shows intent only where some route of
                // the fleets on the board needs it (as MILA's list of possible routes).
                let own = own_power
                    && (rule != AdjacentConvoy::IntentOrLand
                        || self.convoy_possible(map, from, s.given.dst, c as u16, NONE));
                let army = &mut self.slots[s.given.target as usize];
                army.convoy_named = true;
                army.own_convoy_named |= own;
            }
        }
        // A move no convoy order names and not written "via convoy" goes over land under
        // every rule: its slot says so already (not convoyed, no fallback).
        let may_convoy = |army: &Slot| {
            army.given.order == Kind::Move
                && army.kind == UnitKind::Army
                && army.given.adjacent
                && (army.given.via_written || army.convoy_named)
        };
        let mut next = 0;
        while let Some(k) = self.slots[next..].iter().position(may_convoy) {
            let a = next + k;
            next = a + 1;
            let army = self.slots[a];
            let (own, any) = (army.own_convoy_named, army.convoy_named);
            let d = self.unit_at[army.given.dst as usize];
            let swapping = d != NONE
                && self.slots[d as usize].given.order == Kind::Move
                && self.slots[d as usize].given.dst == army.prov;
            let (convoyed, fallback) = match rule {
                AdjacentConvoy::Rulebook2000 => (army.given.via_written || own, false),
                AdjacentConvoy::Rulebook2000Fallback => (army.given.via_written || own, true),
                AdjacentConvoy::Rulebook1982 => (own, false),
                AdjacentConvoy::Dptg => (army.given.via_written, false),
                AdjacentConvoy::Rulebook1971 => (any && swapping, true),
                // Both also need a chain of convoy orders, checked once the convoys are linked.
                AdjacentConvoy::IntentOrLand => (army.given.via_written || own, !army.given.via_written),
                AdjacentConvoy::ViaOrLand | AdjacentConvoy::ViaOrLandFallback => (army.given.via_written, false),
            };
            self.slots[a].given.convoyed = convoyed;
            self.slots[a].fallback = match (convoyed, fallback) {
                (false, _) => Fallback::No,
                (true, true) => Fallback::Always,
                // via-or-land-fallback: the land route once the convoy has failed for good
                // (path(), as dipcc's _disable_convoy_fleet), not before.
                (true, false) if rule == AdjacentConvoy::ViaOrLandFallback => Fallback::AfterConvoyFails,
                (true, false) => Fallback::No,
            };
        }
        debug_assert!(
            self.slots.iter().all(|s| !(s.given.order == Kind::Move && s.kind == UnitKind::Army && s.given.adjacent)
                || may_convoy(s)
                || (!s.given.convoyed && s.fallback == Fallback::No)),
            "a move over land that no convoy names stays over land"
        );
    }

    /// Whether the unit in move `a`'s destination, or the chain of supports and convoys it
    /// starts, supports a move into the province of one of `a`'s convoying fleets (MILA's
    /// test before the land fallback, asked of every fleet of the convoy orders).
    fn destination_backs_attack_on_convoy(&self, a: usize) -> bool {
        let dst = self.slots[a].given.dst;
        let mut c = self.slots[a].first_convoy;
        while c != NONE {
            if self.backs_move_into(dst, self.slots[c as usize].prov) {
                return true;
            }
            c = self.slots[c as usize].next_convoy;
        }
        false
    }

    /// Whether the unit in `from` supports a move into `area`, or leads there: a support or
    /// convoy leads to the unit in the province its order ends on (the supported unit's for
    /// a support to hold), as MILA follows the chain.
    fn backs_move_into(&self, from: u16, area: u16) -> bool {
        let mut u = self.unit_at[from as usize];
        // A chain visits each unit once at most; a longer walk is a loop.
        for _ in 0..self.units {
            if u == NONE || usize::from(u) >= self.units {
                return false;
            }
            let s = self.slots[u as usize];
            u = match s.given.order {
                Kind::SupportMove if s.given.dst == area => return true,
                Kind::SupportMove | Kind::Convoy => self.unit_at[s.given.dst as usize],
                Kind::SupportHold => s.given.target,
                _ => return false,
            };
        }
        false
    }

    /// Move `a` goes by land after all: its convoys are unlinked and match nothing.
    fn take_land_route(&mut self, a: usize) {
        let mut c = self.slots[a].first_convoy;
        while c != NONE {
            let convoy = &mut self.slots[c as usize];
            c = convoy.next_convoy;
            convoy.matches = false;
            convoy.next_convoy = NONE;
        }
        let army = &mut self.slots[a];
        army.first_convoy = NONE;
        army.given.convoyed = false;
        army.fallback = Fallback::No;
    }
}

/// §4.B.4: whether a support's coast (or its lack) fits the supported move. Only
/// fleet moves to multi-coast provinces are concerned.
fn support_coast_fits(rules: &Rules, map: &Map, support: &Slot, mover: &Slot) -> bool {
    if mover.kind != UnitKind::Fleet || !map.is_multi_coast(ProvinceId(support.given.dst)) {
        return true;
    }
    let written = (support.given.dst_loc.0 != NONE).then_some(support.given.dst_loc);
    let default_coast = map.province(ProvinceId(support.given.dst)).coasts.first().copied();
    let own_fleet = mover.power == support.power;
    let rule = if rules.poorly_written == PoorlyWritten::AsSet && written.is_none() {
        SupportCoast::OwnFleet
    } else {
        rules.support_coast
    };
    match (rule, written) {
        (SupportCoast::Ignored, _) => true,
        (_, Some(coast)) => coast == mover.given.dst_loc,
        (SupportCoast::Mandatory, None) => false,
        (SupportCoast::DefaultCoast, None) => default_coast == Some(mover.given.dst_loc),
        (SupportCoast::OwnFleet, None) => own_fleet,
        (SupportCoast::Optional, None) => true,
    }
}

/// The tables link's settling pass reads, as local slices (their bases and lengths stay in
/// registers through the pass).
#[derive(Clone, Copy)]
struct Linked<'a> {
    slots: &'a [Slot],
    first_mover: &'a [u16],
    /// `Adjudicator::canal_of`: empty on a map without canals.
    canal_of: &'a [u16],
}

impl Linked<'_> {
    /// `Adjudicator::canal`.
    fn canal(self, u: u16) -> u16 {
        canal_in(self.canal_of, u)
    }

    /// Whether move `m` has its route whatever else is decided: a possible move over land,
    /// over no canal.
    fn sure_land_route(self, m: u16) -> bool {
        let s = &self.slots[usize::from(m)];
        !s.given.void && !s.given.convoyed && self.canal(m) == NONE
    }

    /// Whether another move into move `m`'s destination goes over land, over no canal and
    /// no difficult border: its route cannot fail and nothing takes from its strength, so
    /// its prevent strength is one at least in a province nobody holds.
    fn plain_rival(self, map: &Map, m: u16) -> bool {
        let no_borders = map.difficult_borders().is_empty();
        let mut o = self.first_mover[usize::from(self.slots[usize::from(m)].given.dst)];
        while o != NONE {
            let os = &self.slots[usize::from(o)];
            if o != m
                && os.given.order == Kind::Move
                && self.sure_land_route(o)
                && (no_borders || map.border_cost(ProvinceId(os.prov), ProvinceId(os.given.dst)) == 0)
            {
                return true;
            }
            o = os.next_mover;
        }
        false
    }
}

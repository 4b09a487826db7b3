//! The decisions of DATC chapter 5 for each unit order: whether a move succeeds, a
//! support is given, a convoy holds, and who meets whom head to head.

use dip_map::rules::{ConvoyedAttackOnSupporter, ParadoxRule};
use dip_map::{Map, PowerId, ProvinceId, UnitKind};

use super::{Adjudicator, Fallback, Kind, NONE, State};

/// What keeps a support from being given.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Cut {
    /// It crosses a closed canal.
    Canal,
    /// The move of this slot cuts it.
    By(u16),
    /// The move of this slot, from the province supported into, dislodges the supporter.
    DislodgedBy(u16),
}

impl Adjudicator {
    pub(super) fn adjudicate_move(&mut self, map: &Map, m: u16) -> bool {
        let s = self.slots[m as usize];
        let Some(before_border) = self.attack_before_border(map, m) else { return false };
        let attack = before_border.saturating_sub(self.border_cost(map, m));
        let opponent = self.head_to_head(map, m);
        if opponent != NONE {
            if attack <= self.defend_strength(map, opponent) {
                return false;
            }
        } else {
            // A move a difficult border leaves without strength still enters a province
            // nobody holds (DATC 10.H), though it beats no competitor (10.C, 10.D).
            let hold = self.hold_strength(map, s.given.dst);
            if attack <= hold && !(attack == 0 && hold == 0) {
                return false;
            }
        }
        let mut o = self.first_mover[s.given.dst as usize];
        while o != NONE {
            if o != m && attack <= self.prevent_strength(map, o) {
                return false;
            }
            o = self.slots[o as usize].next_mover;
        }
        true
    }

    pub(super) fn adjudicate_support(&mut self, map: &Map, s: u16) -> bool {
        self.support_cut(map, s).is_none()
    }

    /// What keeps support `s` from being given, or `None` when it is given (the support
    /// decision; also read after resolution to explain it).
    #[inline(always)]
    pub(super) fn support_cut(&mut self, map: &Map, s: u16) -> Option<Cut> {
        let sup = self.slots[s as usize];
        if !self.canal_open(map, s) {
            return Some(Cut::Canal);
        }
        let mut m = self.first_mover[sup.prov as usize];
        // Cut by an attack from anywhere but the province supported into. A train never
        // cuts (DATC 7.B.14).
        while m != NONE {
            let mv = self.slots[m as usize];
            if mv.power == sup.power || mv.given.order == Kind::LegReach || !self.path(map, m) {
                m = mv.next_mover;
                continue;
            }
            let from_target = sup.given.order == Kind::SupportMove
                && mv.prov == sup.given.dst
                && !(self.rules.convoyed_attack_on_supporter == ConvoyedAttackOnSupporter::Cut
                    && self.by_convoy(map, m));
            if !from_target && !self.paradox_rule_protects(map, s, m) && self.strong_enough_to_cut(map, m, sup.power) {
                return Some(Cut::By(m));
            }
            m = mv.next_mover;
        }
        // Cut by being dislodged, even from the province supported into.
        let mut m = self.first_mover[sup.prov as usize];
        while m != NONE {
            let mv = self.slots[m as usize];
            if mv.power != sup.power
                && mv.given.order == Kind::Move
                && sup.given.order == Kind::SupportMove
                && mv.prov == sup.given.dst
                && self.resolve(map, m)
                && !self.paradox_rule_protects(map, s, m)
            {
                return Some(Cut::DislodgedBy(m));
            }
            m = mv.next_mover;
        }
        None
    }

    /// A move over a difficult border cuts support only with strength left after the border
    /// (DATC 10.A, 10.B); supports from the supporter's own power do not count (10.O).
    pub(super) fn strong_enough_to_cut(&mut self, map: &Map, m: u16, supporter: PowerId) -> bool {
        let cost = self.border_cost(map, m);
        cost == 0 || 1 + self.support_count(map, m, Some(supporter)) > cost
    }

    /// The 1971, 1982 and 2000 paradox rules (§4.A.2): a convoyed army does not cut some
    /// supports of attacks on convoying fleets.
    pub(super) fn paradox_rule_protects(&mut self, map: &Map, s: u16, m: u16) -> bool {
        let rule = self.rules.paradox_rule;
        if matches!(rule, ParadoxRule::Szykman | ParadoxRule::AllHold | ParadoxRule::Dptg)
            || !self.slots[m as usize].given.convoyed
        {
            return false;
        }
        let sup = self.slots[s as usize];
        // The province the supported action is aimed at.
        let aim = match sup.given.order {
            Kind::SupportMove => sup.given.dst,
            _ => self.slots[sup.given.target as usize].prov,
        };
        let held = self.unit_at[aim as usize];
        match rule {
            ParadoxRule::Rulebook1982 => {
                // An action in a body of water holding a fleet ordered to convoy.
                held != NONE
                    && !map.can_hold(UnitKind::Army, ProvinceId(aim))
                    && self.slots[held as usize].given.order == Kind::Convoy
            }
            ParadoxRule::Rulebook1971 => {
                // A fleet supporting a fleet's attack on one of this army's convoys.
                sup.kind == UnitKind::Fleet
                    && sup.given.order == Kind::SupportMove
                    && self.slots[sup.given.target as usize].kind == UnitKind::Fleet
                    && held != NONE
                    && self.convoys_army(held, m)
            }
            ParadoxRule::Rulebook2000 => {
                // A support of an attack on a fleet the army needs for every route.
                sup.given.order == Kind::SupportMove
                    && held != NONE
                    && self.convoys_army(held, m)
                    && self.needed(map, m, held)
            }
            ParadoxRule::Szykman | ParadoxRule::AllHold | ParadoxRule::Dptg => false,
        }
    }

    pub(super) fn adjudicate_convoy(&mut self, map: &Map, c: u16) -> bool {
        let fleet = self.slots[c as usize];
        let mut m = self.first_mover[fleet.prov as usize];
        while m != NONE {
            let mv = self.slots[m as usize];
            // Look through the attack instead of depending on its decision, so that every
            // cycle through a convoy is a clean single cycle (DATC §5.D).
            if mv.given.order != Kind::Move {
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

    /// §4.A.3 via-or-land-fallback: whether move `m` and the unit coming the other way go over
    /// land with no head-to-head battle between them (one of them written "via convoy"). They
    /// never swap: `attack_before_border` takes a move's attack away when the other one
    /// succeeds, and the backup rule bounces the two when each could win (dipcc bounces such a
    /// pair when each waits on the other, `_check_and_resolve_move_cycle`: a two-unit cycle
    /// without convoy). Reads decisions only.
    #[cold]
    #[inline(never)]
    pub(crate) fn land_pair(&self, map: &Map, m: u16) -> bool {
        let s = self.slots[m as usize];
        let o = s.opposing;
        s.given.order == Kind::Move
            && o != NONE
            && (s.fallback == Fallback::AfterConvoyFails
                || self.slots[o as usize].fallback == Fallback::AfterConvoyFails)
            && self.over_land(map, m)
            && self.over_land(map, o)
    }

    /// Whether a canal one of the pair `m`, `o` may not cross keeps them from meeting.
    #[cold]
    #[inline(never)]
    fn canal_parts_pair(&mut self, map: &Map, m: u16, o: u16) -> bool {
        (self.canal(m) != NONE || self.canal(o) != NONE) && !(self.canal_open(map, m) && self.canal_open(map, o))
    }

    /// The unit this move meets head-to-head (both by land, in opposite directions).
    #[inline(always)]
    pub(crate) fn head_to_head(&mut self, map: &Map, m: u16) -> u16 {
        let o = self.slots[m as usize].opposing;
        if o == NONE {
            return NONE;
        }
        // No battle through a canal one side may not cross (DATC 7.C.6).
        if !self.canal_of.is_empty() && self.canal_parts_pair(map, m, o) {
            return NONE;
        }
        let (ms, os) = (self.slots[m as usize], self.slots[o as usize]);
        // §4.A.3 via-or-land-fallback: a move written "via convoy" meets nobody head to head,
        // even over land (dipcc decides the battle when the move is listed, before its convoy
        // is known: `add_candidate`'s `is_h2h`); `land_pair` keeps the two from swapping.
        if ms.fallback == Fallback::AfterConvoyFails || os.fallback == Fallback::AfterConvoyFails {
            return NONE;
        }
        let either_may_convoy = ms.fallback == Fallback::Always || os.fallback == Fallback::Always;
        if either_may_convoy && (self.by_convoy(map, m) || self.by_convoy(map, o)) {
            return NONE;
        }
        o
    }
}

//! The four strengths of DATC chapter 5 (attack, hold, defend, prevent) and the support
//! count they are built on, with difficult borders' toll (DATC chapter 10).

use dip_map::rules::DislodgedUnitBounce;
use dip_map::{Map, PowerId, ProvinceId};

use super::{Adjudicator, Kind, NONE};

impl Adjudicator {
    /// Count of successful supports of `u`'s order, leaving out supporters of `except`.
    pub(super) fn support_count(&mut self, map: &Map, u: u16, except: Option<PowerId>) -> u32 {
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
        self.attack_before_border(map, m).map_or(0, |a| a.saturating_sub(self.border_cost(map, m)))
    }

    /// The attack strength before a difficult border takes its toll, or `None` when the
    /// move has no route or would hit its own power's unit. Always inline: the calls cost the
    /// midgame's decisions 366 instructions of about 4,500 (callgrind).
    #[inline(always)]
    pub(super) fn attack_before_border(&mut self, map: &Map, m: u16) -> Option<u32> {
        if !self.path(map, m) {
            return None;
        }
        self.attack_on_route(map, m)
    }

    /// [`Adjudicator::attack_before_border`] of a move known to have its route.
    #[inline(always)]
    pub(crate) fn attack_on_route(&mut self, map: &Map, m: u16) -> Option<u32> {
        let s = self.slots[m as usize];
        let d = self.unit_at[s.given.dst as usize];
        if d == NONE {
            return Some(1 + self.support_count(map, m, None));
        }
        let defender = self.slots[d as usize];
        if self.head_to_head(map, m) == NONE && defender.given.order.moves() && self.resolve(map, d) {
            // The defender left for this move's origin: they may not swap over land
            // (via-or-land-fallback, where such a pair meets no head to head).
            if self.slots[d as usize].opposing == m && self.land_pair(map, m) {
                return None;
            }
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
        if self.slots[u as usize].given.order.moves() {
            return if self.resolve(map, u) { 0 } else { 1 };
        }
        1 + self.support_count(map, u, None)
    }

    pub(crate) fn defend_strength(&mut self, map: &Map, m: u16) -> u32 {
        if self.slots[m as usize].given.order == Kind::Train {
            // Met head to head at its first station, a train is as strong as it is there.
            return self.leg_strength(map, m, 1);
        }
        (1 + self.support_count(map, m, None)).saturating_sub(self.border_cost(map, m))
    }

    pub(crate) fn prevent_strength(&mut self, map: &Map, m: u16) -> u32 {
        if self.slots[m as usize].given.order == Kind::LegReach {
            return self.prevent_leg(map, m);
        }
        if !self.path(map, m) {
            return 0;
        }
        let opponent = self.head_to_head(map, m);
        if opponent != NONE {
            let beaten = if self.slots[opponent as usize].given.order == Kind::Train {
                self.train_beats(map, opponent, m)
            } else {
                self.resolve(map, opponent)
            };
            if beaten {
                return 0;
            }
        }
        if self.rules.dislodged_unit_bounce == DislodgedUnitBounce::Never && self.dislodged_from_destination(map, m) {
            return 0;
        }
        (1 + self.support_count(map, m, None)).saturating_sub(self.border_cost(map, m))
    }

    /// A train beats the unit head to head without moving (DATC 7.B.29).
    #[cold]
    #[inline(never)]
    fn train_beats(&mut self, map: &Map, train: u16, m: u16) -> bool {
        self.leg_strength(map, train, 1) > self.defend_strength(map, m)
    }

    /// The literal reading (§4.A.7 choice a): a unit dislodged by one from its
    /// destination never bounces.
    #[cold]
    #[inline(never)]
    fn dislodged_from_destination(&mut self, map: &Map, m: u16) -> bool {
        let s = self.slots[m as usize];
        let d = self.unit_at[s.given.dst as usize];
        d != NONE
            && self.slots[d as usize].given.order == Kind::Move
            && self.slots[d as usize].given.dst == s.prov
            && self.resolve(map, d)
    }

    /// The toll of the difficult border move `m` crosses (none by convoy).
    #[inline(always)]
    pub(crate) fn border_cost(&self, map: &Map, m: u16) -> u32 {
        if map.difficult_borders().is_empty() {
            return 0;
        }
        let s = &self.slots[usize::from(m)];
        if s.given.convoyed {
            return 0;
        }
        u32::from(map.border_cost(ProvinceId(s.prov), ProvinceId(s.given.dst)))
    }
}

//! Railroads (DATC 7.B): a move along a railroad is a `Train` slot with two decision slots
//! per station of its trip, *pass* (it gets into or through the station) and *reach* (it
//! gets as far as trying it, bouncing others there). Nothing here runs on a map without
//! railroads.

use dip_map::{Map, PowerId, ProvinceId, UnitKind};

use super::{Adjudicator, Given, Kind, NONE, Piece, Slot, State, intake::Applied};
use crate::outcome::Illegal;

impl Adjudicator {
    #[cold]
    #[inline(never)]
    /// DATC 7.B.33: two trains on one railroad both fail, and hold.
    pub(super) fn one_train_per_railroad(&mut self) {
        let trains_on = |slots: &[Slot], rail: u16| {
            slots.iter().filter(|t| t.given.order == Kind::Train && t.given.rail == rail).count()
        };
        for u in 0..self.units {
            let s = self.slots[u];
            if s.given.order == Kind::Train && trains_on(&self.slots[..self.units], s.given.rail) > 1 {
                // Marked, not yet turned to holds: the other train must still be counted.
                if let Some(flag) = self.order_illegal.get_mut(s.order_index as usize) {
                    *flag = Some(Illegal::RailroadBusy);
                }
            }
        }
        for u in 0..self.units {
            let s = self.slots[u];
            if s.given.order == Kind::Train
                && self.order_illegal.get(s.order_index as usize) == Some(&Some(Illegal::RailroadBusy))
            {
                let slot = &mut self.slots[u];
                slot.given.order = Kind::Hold;
                slot.given.target = NONE;
                slot.given.dst = NONE;
                slot.given.rail = NONE;
            }
        }
    }

    #[cold]
    #[inline(never)]
    /// A move by railroad: only the railroad's power's armies, from a station to another.
    pub(super) fn check_rail(
        &self,
        map: &Map,
        u: u16,
        slot: Piece,
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
            given: Given {
                order: Kind::Train,
                target: to.0,
                dst: to.0,
                dst_loc: map.main_loc(to),
                rail: railroad,
                ..Given::HOLD
            },
        })
    }

    #[cold]
    #[inline(never)]
    /// A move written without the railroad's name (`A Vladivostok - Moscow`) that only a
    /// railroad can make is a move by that railroad.
    pub(super) fn implicit_railroad(&mut self, map: &Map, slot: Piece, to: ProvinceId, by_sea: bool) -> Option<u16> {
        if map.railroads().is_empty() || by_sea || slot.kind != UnitKind::Army {
            return None;
        }
        let from = ProvinceId(slot.prov);
        let r = map.railroad_between(slot.power, from, to)?;
        let by_land_or_sea = map.army_adjacent(from, to) || self.convoy_possible(map, slot.prov, to.0, NONE, NONE);
        (!by_land_or_sea).then_some(r as u16)
    }

    #[cold]
    #[inline(never)]
    /// Adds a train's leg decisions: for each station after the start, whether the train
    /// gets through it (pass) and whether it gets as far as trying it (reach). Reach stands
    /// in the station's list of moves, to bounce other units there.
    pub(super) fn link_train(&mut self, map: &Map, t: u16) {
        let train = self.slots[t as usize];
        let Some(r) = map.railroads().get(usize::from(train.given.rail)) else { return };
        let at = |p: u16| r.stations.iter().position(|s| s.0 == p);
        let (Some(a), Some(b)) = (at(train.prov), at(train.given.dst)) else { return };
        let legs = a.abs_diff(b);
        self.trips.push(Trip { train: t, legs: legs as u16, first_leg: self.slots.len() as u16 });
        for i in 1..=legs {
            let station = if b > a { r.stations[a + i] } else { r.stations[a - i] };
            let mut leg = Slot::new(train.power, UnitKind::Army, map.main_loc(station), station.0);
            leg.given.order = Kind::LegPass;
            leg.given.target = t;
            leg.given.dst = station.0;
            leg.given.rail = i as u16;
            self.slots.push(leg);
            leg.given.order = Kind::LegReach;
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
                    if os.given.order == Kind::Move && os.given.dst == train.prov && !os.given.convoyed {
                        self.slots[o as usize].opposing = t;
                    }
                }
            }
            self.slots.push(leg);
        }
    }

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
            if self.vacant(map, self.slots[pass as usize].given.dst) {
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
            self.slots[(self.trip(t).first_leg + 2 * (i - 1)) as usize].given.dst
        }
    }

    /// The trip of train `t`.
    pub(crate) fn trip(&self, t: u16) -> Trip {
        self.trips.iter().copied().find(|trip| trip.train == t).unwrap_or_default()
    }

    /// The train's strength at leg `i`: support counts only on the last leg.
    pub(super) fn leg_strength(&mut self, map: &Map, t: u16, i: u16) -> u32 {
        if i == self.trip(t).legs { 1 + self.support_count(map, t, None) } else { 1 }
    }

    #[cold]
    #[inline(never)]
    /// Whether the train gets into or through the station, once it tries it: past its own
    /// power's army that stays and is not dislodged; into a province left or empty unless
    /// a move there that beats every other move is at least as strong. Never past a
    /// foreign unit that stays, never into a unit meeting it head to head.
    pub(super) fn adjudicate_pass(&mut self, map: &Map, p: u16) -> bool {
        let leg = self.slots[p as usize];
        if leg.paradox {
            return false;
        }
        let (t, station) = (leg.given.target, leg.given.dst);
        let o = self.unit_at[station as usize];
        if o != NONE && self.slots[o as usize].opposing == t {
            return false;
        }
        if !self.vacant(map, station) {
            return self.slots[o as usize].power == leg.power && !self.entered(map, station);
        }
        let attack = self.leg_strength(map, t, leg.given.rail);
        let mut m = self.first_mover[station as usize];
        while m != NONE {
            let next = self.slots[m as usize].next_mover;
            if self.slots[m as usize].given.order == Kind::Move
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
    /// Whether the train tries station `i`: it got through every station before, and
    /// stopped at none.
    pub(super) fn adjudicate_reach(&mut self, map: &Map, r: u16) -> bool {
        let leg = self.slots[r as usize];
        let (t, i) = (leg.given.target, leg.given.rail);
        let first = self.trip(t).first_leg;
        let before_pass = first + 2 * (i - 2);
        self.resolve(map, before_pass + 1) && self.resolve(map, before_pass) && !self.forced_stop(map, t, before_pass)
    }

    #[cold]
    #[inline(never)]
    /// The strength with which a train bounces others at a station: none where its own
    /// army stays (it is no part of that garrison), none after losing a head-to-head.
    pub(super) fn prevent_leg(&mut self, map: &Map, r: u16) -> u32 {
        let leg = self.slots[r as usize];
        let (t, station) = (leg.given.target, leg.given.dst);
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
        self.leg_strength(map, t, leg.given.rail)
    }

    #[cold]
    #[inline(never)]
    /// The train must stop at this leg's station: a supply centre its power does not own
    /// (DATC 7.B.18-7.B.22), unless its own army holds there.
    fn forced_stop(&mut self, map: &Map, t: u16, pass: u16) -> bool {
        let station = self.slots[pass as usize].given.dst;
        let power = self.slots[t as usize].power;
        map.province(ProvinceId(station)).centre
            && self.owners.get(station as usize).copied().flatten() != Some(power)
            && !self.own_stays(map, power, station)
    }

    #[cold]
    #[inline(never)]
    /// Whether a move beats every other unit's move into the province (trains aside).
    fn beats_other_moves(&mut self, map: &Map, m: u16, province: u16) -> bool {
        let attack = self.attack_strength(map, m);
        let mut o = self.first_mover[province as usize];
        while o != NONE {
            let next = self.slots[o as usize].next_mover;
            if o != m && self.slots[o as usize].given.order == Kind::Move && attack <= self.prevent_strength(map, o) {
                return false;
            }
            o = next;
        }
        attack > 0
    }

    /// Whether nobody is left in the province (its unit, if any, moved away).
    fn vacant(&mut self, map: &Map, province: u16) -> bool {
        let o = self.unit_at[province as usize];
        o == NONE || (self.slots[o as usize].given.order.moves() && self.resolve(map, o))
    }

    /// Whether the unit in the province stays and is of the power.
    fn own_stays(&mut self, map: &Map, power: PowerId, province: u16) -> bool {
        let o = self.unit_at[province as usize];
        o != NONE && self.slots[o as usize].power == power && !self.vacant(map, province)
    }

    #[cold]
    #[inline(never)]
    /// Whether a unit's move into the province succeeded.
    pub(super) fn entered(&mut self, map: &Map, province: u16) -> bool {
        let mut m = self.first_mover[province as usize];
        while m != NONE {
            let next = self.slots[m as usize].next_mover;
            if self.slots[m as usize].given.order == Kind::Move && self.resolve(map, m) {
                return true;
            }
            m = next;
        }
        false
    }

    #[cold]
    #[inline(never)]
    /// DATC 7 assumptions: in a paradox with a train, the last part of its trip in the
    /// paradox fails, but still bounces other units there.
    pub(super) fn railroad_paradox(&mut self, from: usize) {
        for k in from..self.cycle.len() {
            let u = self.cycle[k];
            let leg = self.slots[u as usize];
            if !matches!(leg.given.order, Kind::LegPass | Kind::LegReach) {
                continue;
            }
            let later = self.cycle[from..].iter().any(|&v| {
                let other = self.slots[v as usize];
                matches!(other.given.order, Kind::LegPass | Kind::LegReach)
                    && other.given.target == leg.given.target
                    && other.given.rail > leg.given.rail
            });
            if later {
                continue;
            }
            let pass = self.trip(leg.given.target).first_leg + 2 * (leg.given.rail - 1);
            self.slots[pass as usize].paradox = true;
            self.slots[pass as usize + 1].paradox = true;
            self.settle_as(pass, false);
        }
    }
}

/// A train's trip: the slot of its first leg decision (legs come in pairs: pass, reach)
/// and how many stations it goes past its start.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Trip {
    pub train: u16,
    pub legs: u16,
    pub first_leg: u16,
}

//! `explain`: the decision trace of the last run, read after resolution from the final
//! decisions (every decision is settled by then, so the strength and support functions
//! only read them). Nothing here runs unless asked, so resolution pays nothing for it.

use dip_map::rules::{ConvoyPath, ConvoyedAttackOnSupporter, DislodgedUnitBounce};
use dip_map::{Map, Position, PowerId, ProvinceId, Unit};
use dip_orders::{AdjudicationError, Order};

use super::decisions::Cut;
use super::{Adjudicator, Kind, NONE, Resolved};
use crate::explanation::{
    BackupRule, ConvoyFleet, ConvoyStatus, ConvoyTrace, Explanation, HoldTrace, MoveTrace, OrderExplanation, Route,
    Strength, StrengthKind, StrengthNote, SupportRef, SupportStatus, SupportTrace, Trace, VoidReason,
};
use crate::outcome::MovementOutcome;

impl Resolved<'_> {
    /// How each order of the run was decided, as [`Adjudicator::explain`] tells it: the
    /// run checked the map, position and orders, and they cannot have changed since.
    pub fn explain(&mut self) -> Explanation {
        let outcome = self.outcome();
        self.adjudicator.explain_outcome(self.map, outcome)
    }
}

impl Adjudicator {
    /// How each order of the last [`Adjudicator::run`] was decided: the strengths compared,
    /// each support counted or not and why, the convoy route, and where a backup rule
    /// decided. Built from the run's final decisions; the run itself does no extra work.
    ///
    /// The map, position and orders must be those of the last successful run, as for
    /// [`Adjudicator::outcome`]; anything else is refused.
    pub fn explain(
        &mut self,
        map: &Map,
        position: &Position,
        orders: &[Order],
    ) -> Result<Explanation, AdjudicationError> {
        // The outcome checks the input and gives each order's result.
        let outcome = self.outcome(map, position, orders)?;
        Ok(self.explain_outcome(map, outcome))
    }

    /// The explanation of a run whose input is checked, from its outcome.
    fn explain_outcome(&mut self, map: &Map, outcome: MovementOutcome) -> Explanation {
        let implied = self.implied_explained(map, &outcome);
        let mut explained = Vec::with_capacity(outcome.results.len());
        for (index, result) in outcome.results.into_iter().enumerate() {
            let u = self.order_unit[index];
            let illegal = self.order_illegal[index].is_some();
            let unit = (u != NONE && usize::from(u) < self.units).then(|| self.unit_of(u));
            let trace = if illegal {
                Trace::Illegal
            } else if u == NONE || usize::from(u) >= self.units {
                Trace::Other
            } else {
                self.trace(map, u)
            };
            let backup = if illegal || u == NONE { None } else { self.settled_by(u) };
            explained.push(OrderExplanation { index, unit, result, trace, backup });
        }
        Explanation { orders: explained, implied }
    }

    /// How each move implied for a unit without an order was decided (§4.E.3 choice a).
    fn implied_explained(&mut self, map: &Map, outcome: &MovementOutcome) -> Vec<OrderExplanation> {
        let mut explained = Vec::with_capacity(outcome.implied.len());
        for implied in &outcome.implied {
            let u = self.unit_at[map.province_of(implied.unit.loc).index()];
            // Every implied move was made from an implication at intake.
            let Some(index) = self.implied.iter().find(|m| m.unit == u).map(|m| m.order as usize) else {
                debug_assert!(false, "an implied move without the order that implies it");
                continue;
            };
            let trace = self.trace(map, u);
            let backup = self.settled_by(u);
            explained.push(OrderExplanation {
                index,
                unit: Some(implied.unit),
                result: implied.result.clone(),
                trace,
                backup,
            });
        }
        explained
    }

    fn unit_of(&self, u: u16) -> Unit {
        let s = &self.slots[usize::from(u)];
        Unit { power: s.power, kind: s.kind, loc: s.loc }
    }

    /// The backup rule that settled decision `u`, if one did.
    fn settled_by(&self, u: u16) -> Option<BackupRule> {
        self.backup_settled.iter().rev().find(|(v, _)| *v == u).map(|(_, rule)| *rule)
    }

    fn trace(&mut self, map: &Map, u: u16) -> Trace {
        let s = self.slots[usize::from(u)];
        match s.given.order {
            Kind::Hold => {
                let hold = self.hold_explained(map, s.prov);
                let attacks = self.attacks_on(map, s.prov);
                Trace::Hold(HoldTrace { hold, attacks })
            }
            Kind::Move => {
                let attack = self.attack_explained(map, u);
                let mut opposing = Vec::new();
                let opponent = self.head_to_head(map, u);
                if opponent != NONE {
                    opposing.push(self.defend_explained(map, opponent));
                } else {
                    opposing.push(self.hold_explained(map, s.given.dst));
                }
                let mut o = self.first_mover[usize::from(s.given.dst)];
                while o != NONE {
                    if o != u {
                        opposing.push(self.prevent_explained(map, o));
                    }
                    o = self.slots[usize::from(o)].next_mover;
                }
                let route = self.route_explained(map, u);
                Trace::Move(MoveTrace { destination: ProvinceId(s.given.dst), attack, opposing, route })
            }
            Kind::SupportHold | Kind::SupportMove => {
                let status = self.support_status(map, u);
                Trace::Support(SupportTrace { supported: self.unit_of(s.given.target), status })
            }
            Kind::Convoy => {
                let status = self.convoy_status(u);
                Trace::Convoy(ConvoyTrace { army: self.unit_of(s.given.target), status })
            }
            Kind::Train | Kind::LegPass | Kind::LegReach | Kind::Canal => Trace::Other,
        }
    }

    /// The attack strength of every move into `province`.
    fn attacks_on(&mut self, map: &Map, province: u16) -> Vec<Strength> {
        let mut attacks = Vec::new();
        let mut m = self.first_mover[usize::from(province)];
        while m != NONE {
            if self.slots[usize::from(m)].given.order == Kind::Move {
                attacks.push(self.attack_explained(map, m));
            }
            m = self.slots[usize::from(m)].next_mover;
        }
        attacks
    }

    /// What became of support `s`.
    fn support_status(&mut self, map: &Map, s: u16) -> SupportStatus {
        let sup = self.slots[usize::from(s)];
        if !sup.matches {
            return SupportStatus::Void(self.support_void(s));
        }
        if sup.result {
            return self.counted_status(map, s);
        }
        if let Some(rule) = self.settled_by(s) {
            return SupportStatus::Backup(rule);
        }
        // Dislodged, it is cut by that first (as the outcome says), whoever else attacked.
        if let Some(by) = self.dislodged_by(usize::from(s)) {
            return SupportStatus::Dislodged { by: self.unit_of(by as u16) };
        }
        match self.support_cut(map, s) {
            Some(Cut::Canal) => SupportStatus::CanalClosed,
            Some(Cut::By(m)) => SupportStatus::Cut { by: self.unit_of(m) },
            Some(Cut::DislodgedBy(m)) => SupportStatus::Dislodged { by: self.unit_of(m) },
            // Failed, but nothing cuts it now: a decision a backup rule settled (one of
            // the cycle's) decided it. Said as such rather than left unexplained.
            None => SupportStatus::Backup(BackupRule::CycleFails),
        }
    }

    /// A support given: counted, or counted because a paradox rule (§4.A.2: 1971, 1982,
    /// 2000) kept a convoyed attack from cutting it (or from cutting it by dislodging the
    /// supporter from the province supported into).
    fn counted_status(&mut self, map: &Map, s: u16) -> SupportStatus {
        let sup = self.slots[usize::from(s)];
        let mut m = self.first_mover[usize::from(sup.prov)];
        while m != NONE {
            let mv = self.slots[usize::from(m)];
            let attack = mv.power != sup.power && mv.given.order == Kind::Move && self.path(map, m);
            if attack && self.paradox_rule_protects(map, s, m) {
                let from_target = sup.given.order == Kind::SupportMove
                    && mv.prov == sup.given.dst
                    && !(self.rules.convoyed_attack_on_supporter == ConvoyedAttackOnSupporter::Cut
                        && self.by_convoy(map, m));
                let would_cut = !from_target && self.strong_enough_to_cut(map, m, sup.power);
                let would_dislodge =
                    sup.given.order == Kind::SupportMove && mv.prov == sup.given.dst && self.resolve(map, m);
                if would_cut || would_dislodge {
                    return SupportStatus::Protected { from: self.unit_of(m), rule: self.rules.paradox_rule };
                }
            }
            m = mv.next_mover;
        }
        SupportStatus::Counted
    }

    fn support_void(&self, s: u16) -> VoidReason {
        let sup = self.slots[usize::from(s)];
        let target = self.slots[usize::from(sup.given.target)];
        if sup.given.void {
            return VoidReason::Impossible;
        }
        match sup.given.order {
            Kind::SupportHold if !target.given.order.moves() => VoidReason::CivilDisorder,
            Kind::SupportMove if target.given.order.moves() && target.given.dst == sup.given.dst => {
                VoidReason::CoastDiffers
            }
            _ => VoidReason::OrderDiffers,
        }
    }

    /// What became of convoy `c`.
    fn convoy_status(&self, c: u16) -> ConvoyStatus {
        let fleet = self.slots[usize::from(c)];
        if !fleet.matches {
            let army = self.slots[usize::from(fleet.given.target)];
            let why = if fleet.given.void {
                VoidReason::Impossible
            } else if army.given.order != Kind::Move || army.given.dst != fleet.given.dst {
                VoidReason::OrderDiffers
            } else if !army.given.convoyed {
                VoidReason::ArmyGoesByLand
            } else {
                VoidReason::OffWrittenPath
            };
            return ConvoyStatus::Void(why);
        }
        if fleet.paradox {
            let rule = self.settled_by(c).unwrap_or(BackupRule::ConvoyParadox(self.rules.paradox_rule));
            return ConvoyStatus::Paradox(rule);
        }
        if let Some(by) = self.dislodged_by(usize::from(c)) {
            return ConvoyStatus::Dislodged { by: self.unit_of(by as u16) };
        }
        if !fleet.result {
            return ConvoyStatus::Backup(self.settled_by(c).unwrap_or(BackupRule::CycleFails));
        }
        ConvoyStatus::Convoyed
    }

    /// The supports ordered for unit `u`: the matching ones (counted unless failed or of
    /// the power `except`) and the void ones.
    fn supports_of(&mut self, map: &Map, u: u16, except: Option<PowerId>) -> Vec<SupportRef> {
        let mut supports = Vec::new();
        let mut s = self.slots[usize::from(u)].first_support;
        while s != NONE {
            let sup = self.slots[usize::from(s)];
            let status = if self.resolve(map, s) {
                if Some(sup.power) == except { SupportStatus::OwnPowerAttacked } else { self.counted_status(map, s) }
            } else {
                self.support_status(map, s)
            };
            supports.push(SupportRef { unit: self.unit_of(s), status });
            s = sup.next_support;
        }
        for v in 0..self.units {
            let sup = self.slots[v];
            if matches!(sup.given.order, Kind::SupportHold | Kind::SupportMove) && sup.given.target == u && !sup.matches
            {
                supports.push(SupportRef { unit: self.unit_of(v as u16), status: self.support_status(map, v as u16) });
            }
        }
        supports
    }

    fn strength(
        &self,
        kind: StrengthKind,
        u: u16,
        value: u32,
        supports: Vec<SupportRef>,
        note: Option<StrengthNote>,
    ) -> Strength {
        let s = self.slots[usize::from(u)];
        Strength { kind, unit: Some(self.unit_of(u)), province: ProvinceId(s.prov), value, supports, toll: 0, note }
    }

    /// Move `m`'s attack strength, classed as `attack_before_border` classes it.
    fn attack_explained(&mut self, map: &Map, m: u16) -> Strength {
        let s = self.slots[usize::from(m)];
        let value = self.attack_strength(map, m);
        let toll = self.border_cost(map, m);
        let (except, note) = if !self.path(map, m) {
            (None, Some(StrengthNote::NoRoute))
        } else {
            let d = self.unit_at[usize::from(s.given.dst)];
            if d == NONE {
                (None, None)
            } else {
                let defender = self.slots[usize::from(d)];
                if self.head_to_head(map, m) == NONE && defender.given.order.moves() && self.resolve(map, d) {
                    if defender.opposing == m && self.land_pair(map, m) {
                        (None, Some(StrengthNote::NoSwapOverLand))
                    } else {
                        (None, None)
                    }
                } else if defender.power == s.power {
                    (None, Some(StrengthNote::OwnUnit))
                } else {
                    (Some(defender.power), None)
                }
            }
        };
        let supports = self.supports_of(map, m, except);
        let mut strength = self.strength(StrengthKind::Attack, m, value, supports, note);
        strength.toll = toll;
        strength
    }

    /// The hold strength of `province`.
    fn hold_explained(&mut self, map: &Map, province: u16) -> Strength {
        let value = self.hold_strength(map, province);
        let u = self.unit_at[usize::from(province)];
        if u == NONE {
            return Strength {
                kind: StrengthKind::Hold,
                unit: None,
                province: ProvinceId(province),
                value,
                supports: Vec::new(),
                toll: 0,
                note: Some(StrengthNote::Empty),
            };
        }
        if self.slots[usize::from(u)].given.order.moves() {
            let note = if self.resolve(map, u) { StrengthNote::LeftProvince } else { StrengthNote::MoveFailed };
            return self.strength(StrengthKind::Hold, u, value, Vec::new(), Some(note));
        }
        let supports = self.supports_of(map, u, None);
        self.strength(StrengthKind::Hold, u, value, supports, None)
    }

    /// The defend strength of move `m`, met head to head.
    fn defend_explained(&mut self, map: &Map, m: u16) -> Strength {
        let s = self.slots[usize::from(m)];
        let value = self.defend_strength(map, m);
        if s.given.order == Kind::Train {
            return self.strength(StrengthKind::Defend, m, value, Vec::new(), Some(StrengthNote::Railroad));
        }
        let supports = self.supports_of(map, m, None);
        let mut strength = self.strength(StrengthKind::Defend, m, value, supports, None);
        strength.toll = self.border_cost(map, m);
        strength
    }

    /// The prevent strength of move `m`, classed as `prevent_strength` classes it.
    fn prevent_explained(&mut self, map: &Map, m: u16) -> Strength {
        let value = self.prevent_strength(map, m);
        let s = self.slots[usize::from(m)];
        if s.given.order == Kind::LegReach {
            // A train's reach slot: named by the train.
            let mut strength =
                self.strength(StrengthKind::Prevent, s.given.target, value, Vec::new(), Some(StrengthNote::Railroad));
            strength.province = ProvinceId(self.slots[usize::from(s.given.target)].prov);
            return strength;
        }
        let note = if !self.path(map, m) {
            Some(StrengthNote::NoRoute)
        } else {
            let opponent = self.head_to_head(map, m);
            if opponent != NONE && self.slots[usize::from(opponent)].given.order == Kind::Train {
                Some(StrengthNote::Railroad)
            } else if opponent != NONE && self.resolve(map, opponent) {
                Some(StrengthNote::LostHeadToHead)
            } else if self.rules.dislodged_unit_bounce == DislodgedUnitBounce::Never && {
                let d = self.unit_at[usize::from(s.given.dst)];
                d != NONE
                    && self.slots[usize::from(d)].given.order == Kind::Move
                    && self.slots[usize::from(d)].given.dst == s.prov
                    && self.resolve(map, d)
            } {
                Some(StrengthNote::DislodgedFromDestination)
            } else {
                None
            }
        };
        let supports = self.supports_of(map, m, None);
        let mut strength = self.strength(StrengthKind::Prevent, m, value, supports, note);
        strength.toll = self.border_cost(map, m);
        strength
    }

    /// Move `m`'s route, or why it had none.
    fn route_explained(&mut self, map: &Map, m: u16) -> Route {
        let s = self.slots[usize::from(m)];
        if s.given.void {
            return Route::Impossible;
        }
        if !self.canal_open(map, m) {
            return Route::CanalClosed;
        }
        if !s.given.convoyed {
            return Route::Direct;
        }
        let (fleets, k) = self.convoys_of(m);
        let fleets = &fleets[..k];
        if self.path(map, m) && self.by_convoy(map, m) {
            let mut ok: u128 = 0;
            for (i, &c) in fleets.iter().enumerate() {
                if self.slots[usize::from(c)].result {
                    ok |= 1 << i;
                }
            }
            let used = self.on_route(map, s.prov, s.given.dst, fleets, ok);
            let route = (0..k).filter(|&i| used >> i & 1 == 1).map(|i| self.unit_of(fleets[i])).collect();
            return Route::Convoy { fleets: route };
        }
        let listed: Vec<ConvoyFleet> =
            fleets.iter().map(|&c| ConvoyFleet { fleet: self.unit_of(c), status: self.convoy_status(c) }).collect();
        if self.path(map, m) {
            return Route::LandAfterConvoy { fleets: listed };
        }
        if self.rules.convoy_path == ConvoyPath::Required && !s.given.path_written {
            return Route::PathNotWritten;
        }
        Route::NoConvoy { fleets: listed }
    }
}

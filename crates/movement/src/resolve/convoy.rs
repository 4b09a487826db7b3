//! Convoy routes: at intake, whether fleets on the board (or the map's seas, §4.E.1 c)
//! could carry an army at all; during resolution, whether a move's successful convoys
//! form a chain (the path decision), under the multi-route rule (§4.A.1) and the paradox
//! rules that ask which fleets every route needs (§4.A.2).

use dip_map::rules::{ConvoyPath, MultiRouteDisruption};
use dip_map::{Map, ProvinceId, UnitKind};

use super::{Adjudicator, Fallback, NONE, Route, State};

impl Adjudicator {
    /// Whether a move has its route: by land, or a chain of successful convoys, or the
    /// land route when the convoy fails and the rules allow that fallback.
    pub(crate) fn path(&mut self, map: &Map, m: u16) -> bool {
        let s = self.slots[m as usize];
        !s.given.void
            && self.canal_open(map, m)
            && (!s.given.convoyed || s.fallback == Fallback::Always || self.convoy_path(map, m))
    }

    /// Whether move `m`'s convoy has failed for good: no chain is left of fleets whose convoy
    /// is not decided failed (dislodged, or failed by the paradox rule). Only settled
    /// decisions count, so under a guess of a cycle the convoy has not failed yet (§4.A.3
    /// via-or-land-fallback: dipcc takes the land route when it disables a convoying fleet,
    /// `_disable_convoy_fleet`, after a dislodgement or a paradox). Reads decisions only.
    #[cold]
    #[inline(never)]
    pub(super) fn convoy_failed(&self, map: &Map, m: u16) -> bool {
        let s = self.slots[m as usize];
        // §4.A.6 choice c: without a written path the convoy fails whatever the fleets do.
        if self.rules.convoy_path == ConvoyPath::Required && !s.given.path_written {
            return true;
        }
        match self.routes.get(m as usize).copied().unwrap_or_default() {
            Route::Closed => return true,
            Route::Open => return false,
            Route::Unknown => {}
        }
        let (fleets, k) = self.convoys_of(m);
        let fleets = &fleets[..k];
        let mut alive: u128 = 0;
        for (i, &c) in fleets.iter().enumerate() {
            let fleet = &self.slots[c as usize];
            if fleet.state != State::Resolved || fleet.result {
                alive |= 1 << i;
            }
        }
        match self.rules.multi_route_disruption {
            MultiRouteDisruption::AllRoutes => !self.chain(map, s.prov, s.given.dst, fleets, alive),
            MultiRouteDisruption::AnyRoute => {
                let all: u128 = if k == 128 { u128::MAX } else { (1u128 << k) - 1 };
                let on_route = self.on_route(map, s.prov, s.given.dst, fleets, all);
                on_route == 0 || on_route & !alive != 0
            }
        }
    }

    /// Whether move `m` goes over land as things are decided so far: not convoyed, or its
    /// convoy has failed for good and it takes the land route (via-or-land-fallback; a move
    /// with the other rules' fallback is not asked). Reads decisions only.
    pub(super) fn over_land(&self, map: &Map, m: u16) -> bool {
        let s = self.slots[m as usize];
        !s.given.convoyed || s.fallback == Fallback::AfterConvoyFails && self.convoy_failed(map, m)
    }

    /// Whether convoy orders link move `m`'s origin and destination: a chain of its matching
    /// convoys, whatever becomes of the fleets (§4.A.3 intent-or-land, via-or-land).
    pub(super) fn ordered_chain(&self, map: &Map, m: u16) -> bool {
        let s = self.slots[m as usize];
        let (fleets, k) = self.convoys_of(m);
        let all: u128 = if k == 128 { u128::MAX } else { (1u128 << k) - 1 };
        self.chain(map, s.prov, s.given.dst, &fleets[..k], all)
    }

    /// Whether a move travels by convoy in the end.
    pub(crate) fn by_convoy(&mut self, map: &Map, m: u16) -> bool {
        let s = self.slots[m as usize];
        s.given.convoyed
            && match s.fallback {
                Fallback::No => true,
                Fallback::Always => self.convoy_path(map, m),
                Fallback::AfterConvoyFails => self.convoy_path(map, m) && !self.convoy_failed(map, m),
            }
    }

    /// Whether a convoyed move has its route: the move's convoys form a chain from origin to
    /// destination, or (via-or-land-fallback) they have failed for good and it goes by land.
    fn convoy_path(&mut self, map: &Map, m: u16) -> bool {
        let s = self.slots[m as usize];
        let land_after = s.fallback == Fallback::AfterConvoyFails;
        // §4.A.6 choice c: a convoy needs its path written out.
        if self.rules.convoy_path == ConvoyPath::Required && !s.given.path_written {
            return land_after;
        }
        match self.routes.get(m as usize).copied().unwrap_or_default() {
            Route::Open => return true,
            // Closed only once every convoy is decided: failed for good.
            Route::Closed => return land_after,
            Route::Unknown => {}
        }
        // Most convoys are of one fleet: its route is the fleet at both ends' coasts, under
        // either multi-route rule (the one route it lies on needs it).
        let c = s.first_convoy;
        let (open, settled) = if c != NONE && self.slots[usize::from(c)].next_convoy == NONE {
            let convoyed = self.resolve(map, c);
            let fleet = &self.slots[usize::from(c)];
            let open = convoyed
                && map.fleet_reaches(fleet.loc, ProvinceId(s.prov))
                && map.fleet_reaches(fleet.loc, ProvinceId(s.given.dst));
            (open, fleet.state == State::Resolved)
        } else {
            self.chain_of_convoys(map, m)
        };
        // Once every convoy is decided, so is the route: later questions read it.
        if let (true, Some(route)) = (settled, self.routes.get_mut(m as usize)) {
            *route = if open { Route::Open } else { Route::Closed };
        }
        open || land_after && self.convoy_failed(map, m)
    }

    /// Whether move `m`'s convoys (none, or more than one) form a chain under the multi-route rule,
    /// and whether every one of them is decided.
    fn chain_of_convoys(&mut self, map: &Map, m: u16) -> (bool, bool) {
        let s = self.slots[m as usize];
        let (fleets, k) = self.convoys_of(m);
        let fleets = &fleets[..k];
        let all: u128 = if k == 128 { u128::MAX } else { (1u128 << k) - 1 };
        // Settle the convoys first: the chain search below must not be re-entered.
        let mut ok: u128 = 0;
        let mut settled = true;
        for (i, &c) in fleets.iter().enumerate() {
            if self.resolve(map, c) {
                ok |= 1 << i;
            }
            settled &= self.slots[c as usize].state == State::Resolved;
        }
        let open = match self.rules.multi_route_disruption {
            MultiRouteDisruption::AllRoutes => self.chain(map, s.prov, s.given.dst, fleets, ok),
            MultiRouteDisruption::AnyRoute => {
                // Every fleet on some route must have convoyed.
                let on_route = self.on_route(map, s.prov, s.given.dst, fleets, all);
                on_route != 0 && on_route & !ok == 0
            }
        };
        (open, settled)
    }

    /// The matching convoys of move `m`, at most 128 (a chain needs no more).
    pub(super) fn convoys_of(&self, m: u16) -> ([u16; 128], usize) {
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
    pub(super) fn on_route(&self, map: &Map, from: u16, to: u16, fleets: &[u16], usable: u128) -> u128 {
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

    /// Whether every route of the army's convoys passes through fleet `f`.
    pub(super) fn needed(&self, map: &Map, m: u16, f: u16) -> bool {
        let s = self.slots[m as usize];
        let (fleets, k) = self.convoys_of(m);
        let fleets = &fleets[..k];
        let all: u128 = if k == 128 { u128::MAX } else { (1u128 << k) - 1 };
        let without = fleets.iter().enumerate().filter(|&(_, &c)| c != f).fold(0u128, |mask, (i, _)| mask | 1 << i);
        self.chain(map, s.prov, s.given.dst, fleets, all) && !self.chain(map, s.prov, s.given.dst, fleets, without)
    }

    /// Whether fleet `f` has a matching convoy order for army move `m`.
    pub(super) fn convoys_army(&self, f: u16, m: u16) -> bool {
        let mut c = self.slots[m as usize].first_convoy;
        while c != NONE {
            if c == f {
                return true;
            }
            c = self.slots[c as usize].next_convoy;
        }
        false
    }

    /// Whether fleets on the board could carry an army from `from` to `to` (leaving out
    /// the fleet `except`), through the fleet `via` if it is not `NONE`. Through `via`
    /// means on a route that needs it: no fleet of the route may be skipped (DATC 6.G.19).
    pub(super) fn convoy_possible(&mut self, map: &Map, from: u16, to: u16, via: u16, except: u16) -> bool {
        if from == to || !map.can_hold(UnitKind::Army, ProvinceId(to)) {
            return false;
        }
        // The graph knows a fleet by its location.
        let loc = |slot: u16| self.slots.get(usize::from(slot)).map(|s| s.loc);
        if via == NONE {
            let except = loc(except);
            self.fleets.connects(map, from, to, except)
        } else {
            match loc(via) {
                Some(via) => self.fleets.chain_through(map, from, to, via),
                None => false,
            }
        }
    }
}

/// Whether the map's seas (and convoyable coasts) link `from` to `to`, through `via` if
/// given, whatever fleets stand there (§4.E.1 c).
pub(super) fn sea_route(map: &Map, from: ProvinceId, to: ProvinceId, via: Option<ProvinceId>) -> bool {
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

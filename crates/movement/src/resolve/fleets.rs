//! The fleets on the board that may convoy, as a graph of bit sets, for the questions
//! asked at order intake: could these fleets carry an army from one coast to another, and
//! could they through a given fleet? Nothing is built for a phase without such questions;
//! a fleet's borders with the others are found the first time a search reaches it, and
//! the fleets that can enter a province from the map's list of where fleets enter it
//! ([`Map::fleet_entries`]). A question is a few word operations per fleet it reaches, and
//! most stop at the first fleets.

use dip_map::{LocId, Map, ProvinceId};

/// Searches through a given fleet stop after this many steps and call the convoy possible:
/// a web of fleets has too many routes to try them all.
const ROUTE_BUDGET: u32 = 400;

#[derive(Debug, Default)]
pub(crate) struct FleetGraph {
    /// Fleets on the board that may convoy.
    count: usize,
    /// Once built, each fleet's location and province, in location order; fleet `i` is bit
    /// `i` of every mask.
    locs: Vec<LocId>,
    provinces: Vec<u16>,
    /// Words of one mask.
    words: usize,
    /// Fleet borders between the fleets, one mask per fleet: the fleets it borders (filled
    /// when a search first reaches the fleet: mask `DONE`).
    adjacent: Vec<u64>,
    /// The locations of the fleets, one bit each: the questions answered from the map's
    /// borders (a route of one or two fleets) read only this, and build nothing.
    on_loc: Vec<u64>,
    /// Per location of the map, the fleet standing there, or `NO_FLEET`; set while the
    /// graph is built (every entry is `NO_FLEET` when it is not).
    at_loc: Vec<u16>,
    built: bool,
    /// Scratch: masks for one question, then one blocked mask per depth of a route search.
    masks: Vec<u64>,
    path: Vec<u16>,
    /// Per fleet, borders to cross to the fleet searched for, and to a fleet at the
    /// destination's coast: a search tries the nearer fleets first.
    to_via: Vec<u16>,
    to_end: Vec<u16>,
    /// Candidates of each depth of a search, sorted, one segment per depth.
    order: Vec<u16>,
    queue: Vec<u16>,
    /// Per fleet, the fleet it was found from in a breadth-first search.
    parent: Vec<u16>,
}

/// Word `k` of a bit set over locations holding `loc` alone (none for `None`).
fn location_bit(loc: Option<LocId>, k: usize) -> u64 {
    loc.filter(|l| l.index() / 64 == k).map_or(0, |l| 1 << (l.index() % 64))
}

/// No fleet at a location (`FleetGraph::at_loc`).
const NO_FLEET: u16 = u16::MAX;

/// The masks of one question, as offsets into `masks`.
const FROM: usize = 0;
const TO: usize = 1;
const REACHED: usize = 2;
const FRONTIER: usize = 3;
const USABLE: usize = 4;
const GOAL: usize = 5;
/// The fleets whose row of `adjacent` is filled.
const DONE: usize = 6;
const DEPTHS: usize = 7;

impl FleetGraph {
    /// Empties the graph for a phase on `map`.
    pub fn clear(&mut self, map: &Map) {
        if self.built {
            for loc in &self.locs {
                self.at_loc[loc.index()] = NO_FLEET;
            }
        }
        self.count = 0;
        self.built = false;
        let words = map.location_count().div_ceil(64);
        self.on_loc.clear();
        self.on_loc.resize(words, 0);
    }

    /// A fleet that may convoy, at `loc` (one unit a province: one fleet a location).
    pub fn push(&mut self, loc: LocId) {
        if let Some(word) = self.on_loc.get_mut(loc.index() / 64) {
            *word |= 1 << (loc.index() % 64);
            self.count += 1;
        }
    }

    /// Whether a fleet that may convoy stands at `loc`.
    #[inline]
    fn fleet_on(&self, loc: LocId) -> bool {
        self.on_loc.get(loc.index() / 64).is_some_and(|word| word >> (loc.index() % 64) & 1 == 1)
    }

    /// Readies the graph for questions: the fleets by location, the masks' size, no
    /// fleet's borders known yet.
    fn build(&mut self, map: &Map) {
        if self.built {
            return;
        }
        // The fleets in location order: fleet `i` is bit `i` of every mask.
        self.locs.clear();
        self.provinces.clear();
        for (k, &word) in self.on_loc.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let loc = LocId((k * 64 + word.trailing_zeros() as usize) as u16);
                word &= word - 1;
                self.locs.push(loc);
                self.provinces.push(map.province_of(loc).0);
            }
        }
        let n = self.locs.len();
        let w = n.div_ceil(64).max(1);
        self.words = w;
        if self.adjacent.len() < n * w {
            self.adjacent.resize(n * w, 0);
        }
        if self.at_loc.len() < map.location_count() {
            self.at_loc.resize(map.location_count(), NO_FLEET);
        }
        for (i, loc) in self.locs.iter().enumerate() {
            self.at_loc[loc.index()] = i as u16;
        }
        let need = (DEPTHS + n + 1) * w;
        if self.masks.len() < need {
            self.masks.resize(need, 0);
        }
        self.mask(DONE).fill(0);
        self.built = true;
    }

    /// Where fleet `i`'s row of `adjacent` starts, filled the first time it is asked for.
    #[inline(always)]
    fn row(&mut self, map: &Map, i: usize) -> usize {
        let w = self.words;
        if self.masks[DONE * w + i / 64] >> (i % 64) & 1 == 0 {
            self.fill_row(map, i);
        }
        i * w
    }

    /// Every fleet's row of `adjacent`: a search through a given fleet reads rows in its
    /// innermost loops, which then do without `row`'s test.
    fn fill_rows(&mut self, map: &Map) {
        let w = self.words;
        for i in 0..self.locs.len() {
            if self.masks[DONE * w + i / 64] >> (i % 64) & 1 == 0 {
                self.fill_row(map, i);
            }
        }
    }

    /// Fleet `i`'s row of `adjacent`, from its borders on the map (`fleet_neighbours`, the
    /// rows of `fleet_adjacent`; borders may go one way: the row holds the fleets it
    /// borders in its direction).
    #[inline(never)]
    fn fill_row(&mut self, map: &Map, i: usize) {
        let w = self.words;
        let at = i * w;
        self.adjacent[at..at + w].fill(0);
        for &to in map.fleet_neighbours(self.locs[i]) {
            let j = self.at_loc[to.index()];
            if j != NO_FLEET && usize::from(j) != i {
                self.adjacent[at + usize::from(j) / 64] |= 1 << (j % 64);
            }
        }
        self.masks[DONE * w + i / 64] |= 1 << (i % 64);
    }

    fn mask(&mut self, which: usize) -> &mut [u64] {
        let w = self.words;
        &mut self.masks[which * w..(which + 1) * w]
    }

    fn has(&self, which: usize, i: usize) -> bool {
        self.masks[which * self.words + i / 64] >> (i % 64) & 1 == 1
    }

    /// Fills mask `which` with the fleets that can enter `province`.
    fn reaching(&mut self, map: &Map, which: usize, province: u16) {
        let w = self.words;
        self.masks[which * w..(which + 1) * w].fill(0);
        for &loc in map.fleet_entries(ProvinceId(province)) {
            let i = self.at_loc[loc.index()];
            if i != NO_FLEET {
                self.masks[which * w + usize::from(i) / 64] |= 1 << (i % 64);
            }
        }
    }

    /// Whether the fleets but the one in slot `except` link `from` to `to`: a fleet at
    /// `from`'s coast (not standing in `from` or `to`), then fleets bordering each other,
    /// the last at `to`'s coast.
    pub fn connects(&mut self, map: &Map, from: u16, to: u16, except: Option<LocId>) -> bool {
        if self.count == 0 {
            return false;
        }
        let (from_province, to_province) = (ProvinceId(from), ProvinceId(to));
        // Most convoys are of one or two fleets: a first fleet (at `from`'s coast, standing
        // in neither end, not the excluded one) at `to`'s coast, or bordering one that is,
        // found from the map's borders and the fleets' locations without building anything.
        let short = match (map.fleet_entry_bits(from_province), map.fleet_entry_bits(to_province)) {
            (Some(starts), Some(ends)) if starts.len() == self.on_loc.len() && ends.len() == self.on_loc.len() => {
                self.short_by_bits(map, (starts, ends), (from_province, to_province), except)
            }
            _ => self.short_by_lists(map, from_province, to_province, except),
        };
        if let Some(answer) = short {
            return answer;
        }
        // Longer chains: a search through the fleets' borders.
        self.build(map);
        let w = self.words;
        self.mask(REACHED).fill(0);
        for &loc in map.fleet_entries(from_province) {
            if self.first_fleet(map, loc, (from_province, to_province), except) {
                let i = usize::from(self.at_loc[loc.index()]);
                self.masks[REACHED * w + i / 64] |= 1 << (i % 64);
            }
        }
        let excluded = except.map(|loc| self.at_loc[loc.index()]).filter(|&i| i != NO_FLEET).map(usize::from);
        self.spread_to(map, to_province, excluded)
    }

    /// `connects`' usual answers, from the map's bit sets over locations (`starts`, `ends`:
    /// where fleets enter `from` and `to`): a route of one fleet or two (`Some(true)`), no
    /// fleet to start from (`Some(false)`), or `None`: a longer chain must be searched for.
    /// A few word operations a fleet at `from`'s coast.
    fn short_by_bits(
        &self,
        map: &Map,
        (starts, ends): (&[u64], &[u64]),
        (from, to): (ProvinceId, ProvinceId),
        except: Option<LocId>,
    ) -> Option<bool> {
        let on = &self.on_loc[..];
        let mut any_start = false;
        for k in 0..on.len() {
            let mut firsts = starts[k] & on[k] & !location_bit(except, k);
            while firsts != 0 {
                let bit = firsts.trailing_zeros() as usize;
                firsts &= firsts - 1;
                let loc = LocId((k * 64 + bit) as u16);
                let p = map.province_of(loc);
                if p == from || p == to {
                    continue;
                }
                any_start = true;
                // At `to`'s coast itself, or bordering a fleet that is.
                if ends[k] >> bit & 1 == 1 || self.borders_fleet_at(map, loc, ends, except) {
                    return Some(true);
                }
            }
        }
        if any_start { None } else { Some(false) }
    }

    /// Whether the fleet at `loc` borders another (not the one at `except`) whose location
    /// is in `ends`.
    fn borders_fleet_at(&self, map: &Map, loc: LocId, ends: &[u64], except: Option<LocId>) -> bool {
        let on = &self.on_loc[..];
        match map.fleet_adjacent_bits(loc) {
            Some(row) => row
                .iter()
                .zip(ends)
                .zip(on)
                .enumerate()
                .any(|(k, ((&r, &e), &o))| r & e & o & !location_bit(except, k) != 0),
            // Borders too many to keep as a matrix: the fleet's list of them.
            None => map.fleet_neighbours(loc).iter().any(|&next| {
                self.fleet_on(next)
                    && Some(next) != except
                    && ends.get(next.index() / 64).is_some_and(|w| w >> (next.index() % 64) & 1 == 1)
            }),
        }
    }

    /// Whether a chain from `from` to `to` may start with the fleet at `loc` (one of the
    /// map's entries into `from`): a fleet that may convoy stands there, not the excluded
    /// one, in neither end.
    fn first_fleet(&self, map: &Map, loc: LocId, (from, to): (ProvinceId, ProvinceId), except: Option<LocId>) -> bool {
        let p = map.province_of(loc);
        self.fleet_on(loc) && Some(loc) != except && p != from && p != to
    }

    /// `short_by_bits`' answers on a map too large to keep bit sets of its borders: from
    /// the lists of where fleets enter `from` and of each fleet's borders.
    fn short_by_lists(&self, map: &Map, from: ProvinceId, to: ProvinceId, except: Option<LocId>) -> Option<bool> {
        let mut any_start = false;
        for &loc in map.fleet_entries(from) {
            if !self.first_fleet(map, loc, (from, to), except) {
                continue;
            }
            any_start = true;
            if map.fleet_reaches(loc, to)
                || map
                    .fleet_neighbours(loc)
                    .iter()
                    .any(|&next| self.fleet_on(next) && Some(next) != except && map.fleet_reaches(next, to))
            {
                return Some(true);
            }
        }
        if any_start { None } else { Some(false) }
    }

    /// Grows `REACHED` along fleet borders, leaving out fleet `excluded`, until it holds a
    /// fleet that can enter `to`: whether it does. Its first fleets are not tested again:
    /// `connects` asked of each whether it, or a fleet beside it, reaches `to`.
    fn spread_to(&mut self, map: &Map, to: ProvinceId, excluded: Option<usize>) -> bool {
        let w = self.words;
        let (reached, frontier) = (REACHED * w, FRONTIER * w);
        let ends = |graph: &Self, mut bits: u64, k: usize| {
            while bits != 0 {
                let i = k * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if map.fleet_reaches(graph.locs[i], to) {
                    return true;
                }
            }
            false
        };
        self.masks.copy_within(reached..reached + w, frontier);
        if let Some(x) = excluded {
            self.masks[reached + x / 64] |= 1 << (x % 64);
        }
        while let Some(k) = (0..w).find(|&k| self.masks[frontier + k] != 0) {
            let i = k * 64 + self.masks[frontier + k].trailing_zeros() as usize;
            self.masks[frontier + k] &= self.masks[frontier + k] - 1;
            let row = self.row(map, i);
            for j in 0..w {
                let new = self.adjacent[row + j] & !self.masks[reached + j];
                self.masks[reached + j] |= new;
                self.masks[frontier + j] |= new;
                if ends(self, new, j) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a chain of fleets from `from` to `to` needs the fleet in slot `via`: a
    /// route without a shortcut (no fleet of it borders a fleet of it other than its
    /// neighbours, only its first fleet is at `from`'s coast, only its last at `to`'s)
    /// that passes through `via` (DATC 6.G.19).
    pub fn chain_through(&mut self, map: &Map, from: u16, to: u16, via: LocId) -> bool {
        if !self.fleet_on(via) {
            return false;
        }
        if self.short_chain_through(map, from, to, via) {
            return true;
        }
        self.build(map);
        let v = usize::from(self.at_loc[via.index()]);
        let on_end = |p: u16| p == from || p == to;
        // The searches below read every fleet's row.
        self.fill_rows(map);
        self.reaching(map, FROM, from);
        self.reaching(map, TO, to);
        let starts = |graph: &Self, s: usize| graph.has(FROM, s) && !on_end(graph.provinces[s]);
        // Nearly always a route made of two shortest paths is found at once.
        for s in 0..self.locs.len() {
            if starts(self, s) && self.shortest_route(s, v) {
                return true;
            }
        }
        // Otherwise every route is tried, the most promising first, up to the budget.
        self.distances(v);
        let mut budget = ROUTE_BUDGET;
        let mut order = std::mem::take(&mut self.order);
        order.clear();
        order.extend((0..self.locs.len() as u16).filter(|&s| starts(self, usize::from(s))));
        order.sort_by_key(|&s| self.to_via[usize::from(s)]);
        self.order = order;
        for k in 0..self.order.len() {
            let s = usize::from(self.order[k]);
            self.path.clear();
            self.path.push(s as u16);
            // Blocked for the next fleet: the route so far and what borders its fleets
            // before the last.
            let w = self.words;
            let depth = DEPTHS * w;
            self.masks[depth..depth + w].fill(0);
            self.masks[depth + s / 64] |= 1 << (s % 64);
            let base = self.order.len();
            let found = self.extend(v, s == v, 0, &mut budget);
            self.order.truncate(base);
            if found || budget == 0 {
                return true;
            }
        }
        false
    }

    /// The usual convoys, answered from the map's borders without a search: a route of
    /// `v` alone (it borders both ends), or of `v` and one fleet beside it, which is a
    /// route without a shortcut when neither fleet borders the end the other is at.
    fn short_chain_through(&self, map: &Map, from: u16, to: u16, v_loc: LocId) -> bool {
        let (from, to) = (ProvinceId(from), ProvinceId(to));
        let v_province = map.province_of(v_loc);
        if v_province == from || v_province == to {
            return false;
        }
        let fleet = |loc: LocId| loc != v_loc && self.fleet_on(loc);
        match (map.fleet_reaches(v_loc, from), map.fleet_reaches(v_loc, to)) {
            (true, true) => true,
            // `v` first, then a fleet it borders at `to`'s coast.
            (true, false) => map
                .fleet_neighbours(v_loc)
                .iter()
                .any(|&loc| fleet(loc) && map.fleet_reaches(loc, to) && !map.fleet_reaches(loc, from)),
            // A fleet at `from`'s coast (standing in neither end) that borders `v`, then `v`.
            (false, true) => map.fleet_entries(v_province).iter().any(|&loc| {
                let province = map.province_of(loc);
                fleet(loc)
                    && province != from
                    && province != to
                    && map.fleet_adjacent(loc, v_loc)
                    && map.fleet_reaches(loc, from)
                    && !map.fleet_reaches(loc, to)
            }),
            (false, false) => false,
        }
    }

    /// A route through `v` made of a shortest path from start fleet `s` to `v` (through
    /// fleets at neither coast), then a shortest path from `v` to the destination's coast
    /// that keeps away from the first part. Shortest paths have no shortcut, so such a
    /// route is one of the routes `chain_through` asks for.
    fn shortest_route(&mut self, s: usize, v: usize) -> bool {
        let w = self.words;
        if s != v {
            if self.has(FROM, v) || self.has(TO, s) {
                return false;
            }
            for k in 0..w {
                self.masks[USABLE * w + k] = !self.masks[FROM * w + k] & !self.masks[TO * w + k];
                self.masks[GOAL * w + k] = 0;
            }
            self.masks[USABLE * w + v / 64] |= 1 << (v % 64);
            self.masks[GOAL * w + v / 64] |= 1 << (v % 64);
            if self.nearest(s).is_none() {
                return false;
            }
        }
        if self.has(TO, v) {
            return true;
        }
        for k in 0..w {
            self.masks[USABLE * w + k] = !self.masks[FROM * w + k];
            self.masks[GOAL * w + k] = self.masks[TO * w + k];
        }
        // Nothing of the first part before `v`, nor any fleet bordering it.
        let mut u = v;
        while u != s {
            u = usize::from(self.parent[u]);
            let row = u * w;
            for k in 0..w {
                self.masks[USABLE * w + k] &= !self.adjacent[row + k];
            }
            self.masks[USABLE * w + u / 64] &= !(1 << (u % 64));
        }
        self.nearest(v).is_some()
    }

    /// Breadth-first from `source` through the fleets of mask `USABLE`: the nearest fleet
    /// of mask `GOAL`, with the way there in `parent`.
    fn nearest(&mut self, source: usize) -> Option<usize> {
        let w = self.words;
        self.parent.resize(self.locs.len(), 0);
        for k in 0..w {
            self.masks[REACHED * w + k] = !self.masks[USABLE * w + k];
        }
        self.masks[REACHED * w + source / 64] |= 1 << (source % 64);
        self.queue.clear();
        self.queue.push(source as u16);
        let mut head = 0;
        while head < self.queue.len() {
            let i = usize::from(self.queue[head]);
            head += 1;
            let row = i * w;
            for k in 0..w {
                let mut next = self.adjacent[row + k] & !self.masks[REACHED * w + k];
                self.masks[REACHED * w + k] |= next;
                while next != 0 {
                    let j = k * 64 + next.trailing_zeros() as usize;
                    next &= next - 1;
                    self.parent[j] = i as u16;
                    if self.has(GOAL, j) {
                        return Some(j);
                    }
                    self.queue.push(j as u16);
                }
            }
        }
        None
    }

    /// Extends the route in `path` whose blocked mask is at depth `d`; true when it reaches
    /// `to`'s coast having passed fleet `v` (`passed`: it already has).
    fn extend(&mut self, v: usize, passed: bool, d: usize, budget: &mut u32) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let w = self.words;
        let last = usize::from(*self.path.last().unwrap_or(&0));
        if self.has(TO, last) {
            return passed;
        }
        let blocked = (DEPTHS + d) * w;
        let next = blocked + w;
        if !passed && !self.may_reach(last, blocked, v) {
            return false;
        }
        // The candidates, nearest to what the route still needs first.
        let base = self.order.len();
        let row = last * w;
        for k in 0..w {
            let mut candidates = self.adjacent[row + k] & !self.masks[blocked + k] & !self.masks[FROM * w + k];
            while candidates != 0 {
                self.order.push((k * 64 + candidates.trailing_zeros() as usize) as u16);
                candidates &= candidates - 1;
            }
        }
        let distance = if passed { &self.to_end } else { &self.to_via };
        self.order[base..].sort_by_key(|&g| distance[usize::from(g)]);
        for c in base..self.order.len() {
            let g = usize::from(self.order[c]);
            for j in 0..w {
                self.masks[next + j] = self.masks[blocked + j] | self.adjacent[row + j];
            }
            self.masks[next + g / 64] |= 1 << (g % 64);
            self.path.push(g as u16);
            let end = self.order.len();
            let found = self.extend(v, passed || g == v, d + 1, budget);
            self.order.truncate(end);
            if found {
                return true;
            }
            self.path.pop();
            if *budget == 0 {
                return false;
            }
        }
        self.order.truncate(base);
        false
    }

    /// Fills `to_via` with each fleet's distance in borders to fleet `v`, and `to_end`
    /// with its distance to the fleets at the destination's coast (mask `TO`).
    fn distances(&mut self, v: usize) {
        let n = self.locs.len();
        for to_end in [false, true] {
            let mut dist = std::mem::take(if to_end { &mut self.to_end } else { &mut self.to_via });
            dist.clear();
            dist.resize(n, u16::MAX);
            self.queue.clear();
            for (i, d) in dist.iter_mut().enumerate() {
                if if to_end { self.has(TO, i) } else { i == v } {
                    *d = 0;
                    self.queue.push(i as u16);
                }
            }
            let w = self.words;
            let mut head = 0;
            while head < self.queue.len() {
                let i = usize::from(self.queue[head]);
                head += 1;
                let row = i * w;
                for k in 0..w {
                    let mut next = self.adjacent[row + k];
                    while next != 0 {
                        let j = k * 64 + next.trailing_zeros() as usize;
                        next &= next - 1;
                        if dist[j] == u16::MAX {
                            dist[j] = dist[i] + 1;
                            self.queue.push(j as u16);
                        }
                    }
                }
            }
            if to_end {
                self.to_end = dist;
            } else {
                self.to_via = dist;
            }
        }
    }

    /// Whether fleet `v` and some fleet at `to`'s coast can still be reached from `last`
    /// through fleets neither blocked nor at `from`'s coast: a route that cannot get there
    /// is given up at once.
    fn may_reach(&mut self, last: usize, blocked: usize, v: usize) -> bool {
        let w = self.words;
        let (reached, frontier) = (REACHED * w, FRONTIER * w);
        for k in 0..w {
            // Marking the unusable fleets reached keeps the spread away from them.
            self.masks[reached + k] = self.masks[blocked + k] | self.masks[FROM * w + k];
            self.masks[frontier + k] = 0;
        }
        self.masks[frontier + last / 64] |= 1 << (last % 64);
        while let Some(k) = (0..w).find(|&k| self.masks[frontier + k] != 0) {
            let i = k * 64 + self.masks[frontier + k].trailing_zeros() as usize;
            self.masks[frontier + k] &= self.masks[frontier + k] - 1;
            let row = i * w;
            for j in 0..w {
                let new = self.adjacent[row + j] & !self.masks[reached + j];
                self.masks[reached + j] |= new;
                self.masks[frontier + j] |= new;
            }
        }
        let usable = |k: usize| self.masks[reached + k] & !self.masks[blocked + k] & !self.masks[FROM * w + k];
        let v_reached = usable(v / 64) >> (v % 64) & 1 == 1;
        v_reached && (0..w).any(|k| usable(k) & self.masks[TO * w + k] != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dip_map::{ProvinceId, Terrain, UnitKind};

    /// The plain definitions, searched exhaustively: every fleet linked to `from` (or
    /// through `via`, every route without a shortcut).
    fn connects_reference(map: &Map, fleets: &[(u16, LocId, u16)], from: u16, to: u16, except: u16) -> bool {
        let reaches = |i: usize, p: u16| map.fleet_reaches(fleets[i].1, ProvinceId(p));
        let mut reached: Vec<usize> = (0..fleets.len())
            .filter(|&i| fleets[i].0 != except && fleets[i].2 != from && fleets[i].2 != to && reaches(i, from))
            .collect();
        let mut k = 0;
        while k < reached.len() {
            for j in 0..fleets.len() {
                if fleets[j].0 != except
                    && !reached.contains(&j)
                    && map.fleet_adjacent(fleets[reached[k]].1, fleets[j].1)
                {
                    reached.push(j);
                }
            }
            k += 1;
        }
        reached.iter().any(|&i| reaches(i, to))
    }

    fn chain_reference(map: &Map, fleets: &[(u16, LocId, u16)], from: u16, to: u16, via: usize) -> bool {
        fn extend(
            map: &Map,
            fleets: &[(u16, LocId, u16)],
            path: &mut Vec<usize>,
            from: u16,
            to: u16,
            via: usize,
        ) -> bool {
            let last = path[path.len() - 1];
            if map.fleet_reaches(fleets[last].1, ProvinceId(to)) {
                return path.contains(&via);
            }
            for g in 0..fleets.len() {
                let adjacent = |a: usize, b: usize| map.fleet_adjacent(fleets[a].1, fleets[b].1);
                if path.contains(&g)
                    || !adjacent(last, g)
                    || map.fleet_reaches(fleets[g].1, ProvinceId(from))
                    || path[..path.len() - 1].iter().any(|&h| adjacent(h, g))
                {
                    continue;
                }
                path.push(g);
                if extend(map, fleets, path, from, to, via) {
                    return true;
                }
                path.pop();
            }
            false
        }
        (0..fleets.len()).any(|s| {
            let f = fleets[s];
            f.2 != from && f.2 != to && map.fleet_reaches(f.1, ProvinceId(from)) && {
                let mut path = vec![s];
                extend(map, fleets, &mut path, from, to, via)
            }
        })
    }

    /// Random fleets on the seas of the standard map, and of North Sea Wars (borders one
    /// way): every question agrees with the plain definitions (the budget is never reached
    /// on boards this size).
    #[test]
    fn the_bit_set_searches_agree_with_the_definitions() {
        for file in ["standard", "north_sea_wars"] {
            let path = format!("{}/../../variants/{file}.ron", env!("CARGO_MANIFEST_DIR"));
            searches_agree_with_the_definitions(&dip_map::load(&path).expect("map"));
        }
    }

    fn searches_agree_with_the_definitions(map: &Map) {
        let seas: Vec<ProvinceId> = map.provinces().filter(|&p| map.province(p).terrain == Terrain::Sea).collect();
        let coasts: Vec<u16> = map
            .provinces()
            .filter(|&p| map.province(p).terrain == Terrain::Coast && map.can_hold(UnitKind::Army, p))
            .map(|p| p.0)
            .collect();
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut random = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let (mut routes, mut chains) = (0, 0);
        for _ in 0..60 {
            let mut graph = FleetGraph::default();
            graph.clear(map);
            let mut fleets = Vec::new();
            for (slot, &p) in seas.iter().enumerate() {
                if random(3) > 0 {
                    fleets.push((slot as u16, map.main_loc(p), p.0));
                    graph.push(map.main_loc(p));
                }
            }
            for _ in 0..40 {
                let (from, to) = (coasts[random(coasts.len())], coasts[random(coasts.len())]);
                if from == to || fleets.is_empty() {
                    continue;
                }
                let (except, except_loc, _) = fleets[random(fleets.len())];
                let connects = graph.connects(map, from, to, Some(except_loc));
                assert_eq!(connects, connects_reference(map, &fleets, from, to, except));
                routes += usize::from(connects);
                let via = random(fleets.len());
                let chain = graph.chain_through(map, from, to, fleets[via].1);
                assert_eq!(chain, chain_reference(map, &fleets, from, to, via), "{from} {to} via {via}");
                chains += usize::from(chain);
            }
        }
        // Both answers came up.
        assert!(routes > 20 && chains > 5, "{routes} routes, {chains} chains");
    }
}

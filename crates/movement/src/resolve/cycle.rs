//! The guess algorithm of DATC §5.F: a decision is resolved by recursion; a decision met
//! again while it is being resolved is guessed, and the ancestor of the cycle tries both
//! guesses. One solution settles the cycle; zero or two go to the backup rule
//! (`backup.rs`).

use dip_map::Map;
use dip_map::rules::ParadoxRule;

use super::{Adjudicator, Kind, State, backup::Guess};

/// What a decision's resolution saves of the cycle bookkeeping while it works.
#[derive(Clone, Copy)]
struct Before {
    cycle_len: usize,
    guess_based: bool,
    hits: u32,
    lowest: u32,
}

impl Adjudicator {
    /// Decision `u`'s result: read if it is settled (most are, once asked), else worked out.
    #[inline(always)]
    pub(crate) fn resolve(&mut self, map: &Map, u: u16) -> bool {
        let slot = &self.slots[u as usize];
        if slot.state == State::Resolved { slot.result } else { self.resolve_open(map, u) }
    }

    #[inline(never)]
    fn resolve_open(&mut self, map: &Map, u: u16) -> bool {
        let i = u as usize;
        match self.slots[i].state {
            State::Resolved => return self.slots[i].result,
            State::Guessing => return self.met_again(u),
            State::Unresolved if self.slots[i].in_cycle => return self.met_again(u),
            State::Unresolved => {}
        }
        self.slots[i].state = State::Guessing;
        let before = Before {
            cycle_len: self.cycle.len(),
            guess_based: self.guess_based,
            hits: self.recursion_hits,
            lowest: std::mem::replace(&mut self.lowest_hit, u32::MAX),
        };
        self.guess_based = false;
        self.slots[i].result = false;
        let first = self.adjudicate(map, u);
        if !self.guess_based {
            self.lowest_hit = self.lowest_hit.min(before.lowest);
            return self.settle(u, first, before.guess_based);
        }
        self.guess_based_result(map, u, first, before)
    }

    /// A decision met again while it is worked out, or one of a cycle still open: its
    /// guess, and the cycle noted.
    #[cold]
    #[inline(never)]
    fn met_again(&mut self, u: u16) -> bool {
        let i = u as usize;
        if self.slots[i].in_cycle {
            self.guess_based = true;
            self.lowest_hit = self.lowest_hit.min(u32::from(self.cycle_pos[i]));
        } else {
            self.slots[i].in_cycle = true;
            self.cycle_pos[i] = self.cycle.len() as u16;
            self.cycle.push(u);
            self.guess_based = true;
            self.recursion_hits += 1;
        }
        self.slots[i].result
    }

    /// Decision `u` read a guess on its first try (`first`): the ancestor of a cycle tries
    /// the other guess and settles it, or the backup rule does; a decision inside a cycle
    /// returns its guess-based result.
    #[cold]
    #[inline(never)]
    fn guess_based_result(&mut self, map: &Map, u: u16, first: bool, before: Before) -> bool {
        let i = u as usize;
        let (old_cycle_len, old_guess_based, old_hits) = (before.cycle_len, before.guess_based, before.hits);
        // A guess of a cycle found before this decision began is one of an outer cycle.
        let outer = self.lowest_hit < old_cycle_len as u32;
        self.lowest_hit = self.lowest_hit.min(before.lowest);
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
            self.backup_rule(map, old_cycle_len, !first && second);
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

    #[inline(always)]
    fn adjudicate(&mut self, map: &Map, u: u16) -> bool {
        match self.slots[u as usize].given.order {
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
}

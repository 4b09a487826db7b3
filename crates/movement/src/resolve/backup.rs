//! The backup rule for cycles with zero or two solutions (DATC §5.B.9, §4.A.2): convoy
//! paradoxes, circular movement, and the paradox rules of variants (canals, railroads).
//! Also the DPTG's preference for the resolution that disrupts every convoy.

use dip_map::Map;
use dip_map::rules::ParadoxRule;

use super::{Adjudicator, Kind, NONE, State};
use crate::explanation::BackupRule;

impl Adjudicator {
    /// The backup rule for a cycle with zero or two solutions (DATC §5.B.9): with convoys
    /// in it, a convoy paradox, settled by the Szykman rule (the convoys fail); with only
    /// moves, circular movement (all succeed); otherwise every order in it fails. Variant
    /// rules add their own, applied together (DATC 7): a canal in the cycle closes (the
    /// crossing fails without effect), and a train in a paradox fails on the last station
    /// of its trip that is part of it, still bouncing there; a train only passing through
    /// a ring of moves with two solutions is circular movement.
    pub(super) fn backup_rule(&mut self, map: &Map, from: usize, two_solutions: bool) {
        let members = from..self.cycle.len();
        let kind_in =
            |kinds: &[Kind]| members.clone().any(|k| kinds.contains(&self.slots[self.cycle[k] as usize].given.order));
        let has_convoy = kind_in(&[Kind::Convoy]);
        let has_canal = kind_in(&[Kind::Canal]);
        let has_leg = kind_in(&[Kind::LegPass, Kind::LegReach]);
        let has_bounce = kind_in(&[Kind::LegReach]);
        let only_moves = members.clone().all(|k| {
            matches!(self.slots[self.cycle[k] as usize].given.order, Kind::Move | Kind::Train | Kind::LegPass)
        });
        // §4.A.3 via-or-land-fallback: a ring of moves with a pair that would swap over land
        // (no head-to-head battle, one written "via convoy") is no circular movement: it
        // bounces, as dipcc's two-unit move cycle without convoy does.
        let land_swap = only_moves && members.clone().any(|k| self.land_pair(map, self.cycle[k]));
        // Which rule settles the cycle, recorded with each decision it settles (for
        // `explain`; this path is taken only for a cycle without one solution).
        self.backup_in_force =
            Some(if has_leg && !has_bounce && !has_canal && !has_convoy && only_moves && two_solutions {
                BackupRule::CircularMovement
            } else if has_convoy {
                BackupRule::ConvoyParadox(self.rules.paradox_rule)
            } else if has_canal {
                BackupRule::CanalParadox
            } else if has_leg {
                BackupRule::RailroadParadox
            } else if only_moves && !land_swap {
                BackupRule::CircularMovement
            } else if land_swap {
                BackupRule::NoSwapOverLand
            } else {
                BackupRule::CycleFails
            });
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
            if slot.given.order == Kind::Canal {
                self.settle_as(u, false);
                self.slots[u as usize].paradox = true;
                continue;
            }
            if !(has_convoy || has_canal || has_leg) {
                self.settle_as(u, only_moves && !land_swap);
                continue;
            }
            if !convoys_fail {
                continue;
            }
            if slot.given.order == Kind::Convoy {
                self.settle_as(u, false);
                self.slots[u as usize].paradox = true;
                if all_hold {
                    // All Hold: the convoyed army and the attacks on the convoy are moves
                    // of the paradox too, and fail.
                    self.settle_as(slot.given.target, false);
                    let mut m = self.first_mover[slot.prov as usize];
                    while m != NONE {
                        self.settle_as(m, false);
                        m = self.slots[m as usize].next_mover;
                    }
                }
            } else if all_hold && slot.given.order == Kind::Move {
                self.settle_as(u, false);
            }
        }
    }

    /// Fixes a decision from outside its own adjudication (a backup rule).
    pub(super) fn settle_as(&mut self, u: u16, result: bool) {
        let slot = &mut self.slots[u as usize];
        if slot.given.order != Kind::Hold {
            slot.state = State::Resolved;
            slot.result = result;
            if let Some(rule) = self.backup_in_force {
                self.backup_settled.push((u, rule));
            }
        }
    }

    /// Records the decisions of the cycle members under one guess of the ancestor.
    pub(super) fn snapshot(&mut self, from: usize, guess: Guess) {
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
    pub(super) fn resolution_without_convoys(&self) -> Option<Guess> {
        let disrupted = |list: &[(u16, bool)]| {
            let convoys = list.iter().filter(|(m, _)| self.slots[*m as usize].given.order == Kind::Convoy);
            convoys.clone().count() > 0 && convoys.clone().all(|&(_, r)| !r)
        };
        match (disrupted(&self.snapshot_false), disrupted(&self.snapshot_true)) {
            (true, false) => Some(Guess::False),
            (false, true) => Some(Guess::True),
            _ => None,
        }
    }

    pub(super) fn apply_snapshot(&mut self, guess: Guess) {
        self.backup_in_force = Some(BackupRule::ConvoyParadox(self.rules.paradox_rule));
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
}

/// The two guesses of the guess algorithm.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Guess {
    False,
    True,
}

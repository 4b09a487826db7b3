//! Helpers shared by the random-play tests.

use dip::{Action, Order, PowerId};

/// A small deterministic generator (xorshift64*), so failures reproduce.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() >> 33) as usize % n.max(1)
    }
}

/// One random choice from each list `dip::legal_orders` gives (for an adjustment phase a
/// list is a power's whole menu). A second train on a railroad holds instead, as a player
/// would order: two would both be refused (DATC 7.B.33).
#[allow(dead_code)]
pub fn random_orders(choices: &[(PowerId, Vec<Order>)], rng: &mut Rng) -> Vec<Order> {
    let mut rails_used = Vec::new();
    choices
        .iter()
        .map(|(_, options)| {
            let mut pick = options[rng.below(options.len())].clone();
            if let Action::Rail { railroad, .. } = pick.action {
                if rails_used.contains(&railroad) {
                    pick.action = Action::Hold;
                }
                rails_used.push(railroad);
            }
            pick
        })
        .collect()
}

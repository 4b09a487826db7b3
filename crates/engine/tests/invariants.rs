//! Invariants of adjudication on many random positions and random legal orders (a
//! fuzz-style test with a fixed seed): one unit a province afterwards, retreats only to
//! empty provinces, every order answered, and the same outcome whatever the order of the
//! orders.

use std::collections::HashSet;

use dip::{Game, Order, PhaseKind, Rules};

mod common;
use common::{Rng, random_orders};

#[test]
fn adjudication_invariants_hold_on_random_games() {
    check_random_games("standard", 200, 0x0005_EED0_FD1B);
}

/// Colonial adds trains (one a railroad a turn, as players order them) and canal crossings.
#[test]
fn adjudication_invariants_hold_on_random_colonial_games() {
    check_random_games("colonial", 60, 0x00C0_10A1);
}

fn check_random_games(variant: &str, games: usize, seed: u64) {
    let map = dip::variant(variant).expect(variant);
    let mut rng = Rng(seed);
    for _game in 0..games {
        let mut game = Game::new(map.clone(), Rules::default());
        for _phase in 0..12 {
            if game.winner().is_some() {
                break;
            }
            let choices = dip::legal_orders(game.map(), game.position()).expect("a position of the map");
            let orders: Vec<Order> = random_orders(&choices, &mut rng);
            if game.phase().kind == PhaseKind::Movement {
                // The same orders in another order must give the same board.
                let mut shuffled = orders.clone();
                for i in (1..shuffled.len()).rev() {
                    shuffled.swap(i, rng.below(i + 1));
                }
                let a = dip::adjudicate(game.map(), game.position(), &orders, game.rules()).expect("valid input");
                let b = dip::adjudicate(game.map(), game.position(), &shuffled, game.rules()).expect("valid input");
                assert_eq!(a.position, b.position, "order of orders changed the outcome");
                assert_eq!(a.results.len(), orders.len());
                // Every unit is somewhere: on the board or dislodged.
                assert_eq!(a.position.units.len() + a.dislodged.len(), game.position().units.len());
                // One unit a province, and retreats only to provinces left empty.
                let mut seen = HashSet::new();
                for unit in &a.position.units {
                    assert!(seen.insert(map.province_of(unit.loc)), "two units in {}", map.loc_name(unit.loc));
                }
                for d in &a.dislodged {
                    for &r in &d.retreats {
                        assert!(!seen.contains(&map.province_of(r)), "retreat into an occupied province");
                        if !d.by_convoy {
                            assert_ne!(map.province_of(r), d.by, "retreat to the attacker's province");
                        }
                    }
                }
            }
            game.play(orders).expect("orders of the map");
        }
    }
}

//! Adversarial inputs must finish quickly: a grid of 100 sea provinces full of fleets all
//! ordered to convoy, with armies on the shores and attacks on the fleets. Its speed is
//! measured by the benchmark (`cargo xtask bench`, `convoy_web`).

use dip_map::{PhaseKind, Rules};
use dip_orders::{ParseOptions, parse_order};

#[path = "common/grid.rs"]
mod grid;

#[test]
fn a_web_of_100_convoying_fleets_finishes_quickly() {
    let (map, position, texts) = grid::convoy_web();
    let orders: Vec<_> = texts
        .iter()
        .map(|(p, t)| parse_order(&map, ParseOptions::new(PhaseKind::Movement).power(*p), t).expect("order parses"))
        .collect();
    let start = std::time::Instant::now();
    let outcome = dip_movement::adjudicate(&map, &position, &orders, &Rules::default()).expect("valid input");
    let elapsed = start.elapsed();
    assert_eq!(outcome.results.len(), orders.len());
    // A guard against combinatorial explosion, not a benchmark: generous even for a
    // debug build on a loaded machine.
    assert!(elapsed.as_secs_f64() < 5.0, "took {elapsed:?}");
    // The same orders listed in reverse give the same board (determinism).
    let mut reversed = orders.clone();
    reversed.reverse();
    let again = dip_movement::adjudicate(&map, &position, &reversed, &Rules::default()).expect("valid input");
    assert_eq!(outcome.position, again.position);
    eprintln!("100-fleet web: {elapsed:?}");
}

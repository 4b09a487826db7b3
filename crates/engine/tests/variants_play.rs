//! Every variant file loads, validates, and plays a full year with random legal orders:
//! every order `legal_orders` offers is accepted by the adjudicator as legal. Colonial's
//! random orders include railroad moves and canal crossings.

use std::path::Path;

use dip::{Game, MovementOutcome, PhaseOutcome, Rules};

mod common;
use common::{Rng, random_orders};

fn illegal_count(outcome: &PhaseOutcome) -> usize {
    match outcome {
        PhaseOutcome::Movement(MovementOutcome { results, .. }) => {
            results.iter().filter(|r| matches!(r, dip::OrderResult::Illegal(_))).count()
        }
        PhaseOutcome::Retreat(o) => o.results.iter().filter(|r| matches!(r, dip::RetreatResult::Illegal(_))).count(),
        PhaseOutcome::Adjustment(o) => {
            o.results.iter().filter(|r| matches!(r, dip::AdjustmentResult::Illegal(_))).count()
        }
    }
}

#[test]
fn every_variant_plays_a_year_of_random_legal_orders() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants");
    let mut played = 0;
    let mut entries: Vec<_> =
        std::fs::read_dir(&dir).expect("variants dir").map(|e| e.expect("entry").path()).collect();
    entries.sort();
    for path in entries.into_iter().filter(|p| p.extension().is_some_and(|e| e == "ron")) {
        let map = dip::load(&path).unwrap_or_else(|e| panic!("{e}"));
        for seed in 1..=3u64 {
            let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ seed);
            let mut game = Game::new(map.clone(), Rules::default());
            // A year: until the spring after next (as the calendar counts years), or at most
            // eight phases.
            let start = game.phase();
            let last = map.fall_year(start.year).and_then(|fall| map.next_spring_year(fall)).unwrap_or(u16::MAX);
            for _ in 0..8 {
                if game.phase().year > last || game.winner().is_some() {
                    break;
                }
                let choices = dip::legal_orders(game.map(), game.position()).expect("a position of the map");
                let orders = random_orders(&choices, &mut rng);
                let phase = game.phase();
                let record = game.play(orders).expect("orders of the map");
                assert_eq!(
                    illegal_count(&record.outcome),
                    0,
                    "{}: {phase}: a legal order was refused: {:?}",
                    path.display(),
                    record.outcome
                );
            }
            assert!(game.history().len() >= 2, "{}: the game did not move on", path.display());
        }
        played += 1;
    }
    assert!(played >= 8, "only {played} variants");
}

#[test]
fn legal_orders_of_the_standard_opening() {
    let map = dip::variant("standard").expect("standard");
    let game = Game::new(map, Rules::default());
    let choices = dip::legal_orders(game.map(), game.position()).expect("a position of the map");
    assert_eq!(choices.len(), 22);
    let paris: Vec<String> = choices
        .iter()
        .flat_map(|(_, o)| o)
        .filter(|o| o.unit.place.province == game.map().province_by_name("Paris").expect("Paris"))
        .map(|o| o.display(game.map()).to_string())
        .collect();
    assert!(paris.contains(&"A Paris - Burgundy".to_string()));
    assert!(paris.contains(&"A Paris Supports A Marseilles - Burgundy".to_string()));
    assert!(paris.contains(&"A Paris Supports A Munich - Burgundy".to_string()));
    assert!(!paris.iter().any(|o| o.starts_with("A Paris - Munich")));
}

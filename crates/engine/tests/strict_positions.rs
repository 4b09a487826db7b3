//! Every position dip itself produces passes strict validation, and the retreat lists a
//! file may leave out are worked out exactly as the movement phase makes them.

use dip::{Game, PhaseOutcome, Rules};

mod common;
use common::{Rng, random_orders};

#[test]
fn every_position_of_random_games_is_valid_and_retreat_lists_agree() {
    let mut lists = 0;
    for (name, _) in dip::EMBEDDED_VARIANTS {
        let map = dip::variant(name).expect("an embedded variant");
        for seed in 1..=8u64 {
            let mut rng = Rng(0x2545_F491_4F6C_DD1D ^ seed);
            let rules = Rules::of_variant(&map).expect("the variant's rules");
            let mut game = Game::new(map.clone(), rules);
            for _ in 0..24 {
                if game.winner().is_some() {
                    break;
                }
                let position = game.position().clone();
                position.validate(&map, &rules).unwrap_or_else(|e| panic!("{name}: {}: {e}", position.phase));
                let choices = dip::legal_orders(&map, &position).expect("a position of the map");
                let orders = random_orders(&choices, &mut rng);
                let record = game.play(orders).expect("orders of the map");
                if let PhaseOutcome::Movement(outcome) = &record.outcome {
                    let next = &outcome.position;
                    next.validate(&map, &rules).unwrap_or_else(|e| panic!("{name}: after {}: {e}", position.phase));
                    for d in &next.dislodged {
                        let worked_out = dip::retreat_options(&map, next, d, &outcome.contested, &rules);
                        assert_eq!(worked_out, d.retreats, "{name}: {}: {d:?}", position.phase);
                        lists += 1;
                    }
                }
            }
        }
    }
    assert!(lists > 20, "only {lists} dislodged units");
}

//! Every legal order of many positions, on every embedded variant, displayed in each
//! notation dip writes (DATC, judge, MILA), reads back to the same order.

use dip::{Game, Notation, ParseOptions, Rules, parse_order};

mod common;
use common::{Rng, random_orders};

#[test]
fn every_legal_order_reads_back_in_every_notation() {
    let mut checked = 0usize;
    for (name, _) in dip::EMBEDDED_VARIANTS {
        let map = dip::variant(name).expect(name);
        let mut rng = Rng(0x0DD5_A11A ^ name.len() as u64);
        for _game in 0..2 {
            let mut game = Game::new(map.clone(), Rules::default());
            // Fourteen phases reach the retreats and adjustments of several years.
            for _phase in 0..14 {
                let choices = dip::legal_orders(game.map(), game.position()).expect("a position of the map");
                let kind = game.phase().kind;
                for (power, orders) in &choices {
                    for order in orders {
                        for notation in Notation::ALL {
                            let shown = order.display_as(&map, notation).to_string();
                            let options = ParseOptions::new(kind).power(*power);
                            let again = parse_order(&map, options, &shown)
                                .unwrap_or_else(|e| panic!("{name}, {}: `{shown}` ({notation:?}): {e}", game.phase()));
                            assert_eq!(
                                &again,
                                order,
                                "{name}, {}: `{shown}` ({notation:?}) reads back differently",
                                game.phase()
                            );
                            checked += 1;
                        }
                    }
                }
                let orders = random_orders(&choices, &mut rng);
                game.play(orders).expect("orders of the map");
                if game.winner().is_some() {
                    break;
                }
            }
        }
    }
    eprintln!("{checked} displays read back");
    assert!(checked > 10_000, "only {checked} displays checked");
}

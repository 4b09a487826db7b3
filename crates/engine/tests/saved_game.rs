//! A game played with `dip::Game`, written as the saved-game JSON, reads back into the same
//! game and replays cleanly: on random games of every embedded variant, under default and
//! other rules.

use dip::formats::Verdict;
use dip::formats::saved::parse_games;
use dip::{Game, Rules};

mod common;
use common::{Rng, random_orders};

fn play_random(variant: &str, rules: Rules, phases: usize, rng: &mut Rng) -> Game {
    let map = dip::variant(variant).expect(variant);
    let mut game = Game::new(map, rules);
    for _ in 0..phases {
        if game.winner().is_some() {
            break;
        }
        let choices = dip::legal_orders(game.map(), game.position()).expect("legal orders");
        let mut orders = random_orders(&choices, rng);
        // Each power's orders together, as players send them: the format groups orders by
        // power, so an order list that mixes powers reads back grouped.
        orders.sort_by_key(|o| o.power);
        game.play(orders).expect("a phase of the game");
    }
    game
}

fn check_round_trip(game: &Game, id: &str) {
    let saved = game.to_saved_game(id);
    // Through the text, as a file would be.
    for text in [saved.to_json(), saved.to_json_pretty()] {
        let mut games = parse_games(&text);
        assert_eq!(games.len(), 1);
        let read = games.remove(0).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(read, saved, "{id}: the JSON reads back differently");
        let again = Game::from_saved_game(game.map().clone(), &read).unwrap_or_else(|e| panic!("{id}: {e:?}"));
        assert_eq!(again.rules(), game.rules(), "{id}: rules");
        assert_eq!(again.history().len(), game.history().len(), "{id}: phases");
        for (a, b) in again.history().iter().zip(game.history()) {
            let phase = b.position.phase;
            assert_eq!(a.position, b.position, "{id} {phase}: the board");
            assert_eq!(a.orders, b.orders, "{id} {phase}: the orders");
            assert_eq!(a.outcome, b.outcome, "{id} {phase}: the outcome");
        }
        assert_eq!(again.position(), game.position(), "{id}: position");
    }
    let replay = dip::replay(game.map(), game.rules(), &saved);
    assert_eq!(replay.phases.len(), game.history().len(), "{id}");
    for phase in &replay.phases {
        assert_eq!(phase.verdict, Verdict::Agrees, "{id} {}", phase.name);
        assert!(phase.notes.is_empty(), "{id} {}: {:?}", phase.name, phase.notes);
    }
}

#[test]
fn random_games_read_back_and_replay_on_every_variant() {
    let mut rng = Rng(0x5A7E_D6A3);
    for (variant, _) in dip::EMBEDDED_VARIANTS {
        for n in 0..3 {
            let game = play_random(
                variant,
                Rules::of_variant(&dip::variant(variant).expect(variant)).expect("rules"),
                20,
                &mut rng,
            );
            check_round_trip(&game, &format!("{variant}-{n}"));
        }
    }
}

#[test]
fn rule_choices_travel_in_the_metadata() {
    let mut rng = Rng(0xC1_0C4);
    let rules = dip::rules_preset("1982").expect("1982");
    let game = play_random("standard", rules, 30, &mut rng);
    let saved = game.to_saved_game("g");
    let written = saved.other["metadata"][dip::formats::saved::RULES_METADATA].as_str().expect("rules metadata");
    assert!(written.contains("4.D.8="), "{written}");
    check_round_trip(&game, "1982");
    // A game from elsewhere has no choices: the variant's rules.
    let mut plain = saved.clone();
    plain.other.remove("metadata");
    let map = dip::variant("standard").expect("standard");
    assert_eq!(dip::formats::saved::saved_rules(&map, &plain), Ok(Rules::default()));
}

#[test]
fn the_written_game_is_the_format_of_the_recorded_games() {
    let mut rng = Rng(7);
    let game = play_random("standard", Rules::default(), 12, &mut rng);
    let saved = game.to_saved_game("abc");
    let value: serde_json::Value = serde_json::from_str(&saved.to_json()).expect("JSON");
    assert_eq!(value["map"], "standard");
    assert_eq!(value["version"], "1.0");
    let first = &value["phases"][0];
    assert_eq!(first["name"], "S1901M");
    assert!(first["state"]["units"]["RUSSIA"].as_array().is_some_and(|u| u.contains(&"F STP/SC".into())));
    assert_eq!(first["state"]["centers"]["FRANCE"], serde_json::json!(["BRE", "MAR", "PAR"]));
    assert_eq!(first["state"]["homes"]["AUSTRIA"], serde_json::json!(["BUD", "TRI", "VIE"]));
    assert!(first["orders"]["ENGLAND"].as_array().is_some_and(|o| o.len() == 3));
    let names: Vec<&str> =
        value["phases"].as_array().expect("phases").iter().filter_map(|p| p["name"].as_str()).collect();
    assert!(names.iter().any(|n| n.starts_with('W') && n.ends_with('A')), "{names:?}");
    let last = value["phases"].as_array().and_then(|p| p.last()).expect("a last phase");
    assert_eq!(last["orders"], serde_json::json!({}));
}

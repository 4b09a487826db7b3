//! Saved games are strict: a board the game records after its first that its orders do not
//! make is an error naming the game, the phase and what differs, never silently replaced by
//! dip's replay; `DifferingBoards::Report` goes on from the boards the orders make and says
//! what differs. Real recorded games that replay cleanly still load.

use dip::formats::saved::{SavedGame, parse_games};
use dip::{DifferingBoards, Game, Map, Rules};

fn map() -> Map {
    dip::variant("standard").expect("standard")
}

fn read(path: &str) -> SavedGame {
    let path = format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_games(&text).remove(0).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A game of two phases played (F1901M, W1901A) waiting in S1902M, recorded as MILA does.
fn clean() -> SavedGame {
    read("games/handmade/no_retreat_removed.json")
}

/// The game with the board recorded at W1901A edited by `edit`.
fn edited(edit: impl FnOnce(&mut dip::formats::saved::SavedState)) -> SavedGame {
    let mut game = clean();
    edit(game.phases[1].state.as_mut().expect("a state"));
    game
}

#[test]
fn a_clean_game_loads_and_reports_nothing() {
    let game = Game::from_saved_game(map(), &clean()).expect("a clean game");
    assert_eq!(game.position().phase.to_string(), "Spring 1902 Movement");
    let read = Game::from_saved_game_with(map(), Rules::default(), &clean(), DifferingBoards::Refuse).expect("clean");
    assert!(!read.differs());
    assert!(read.faults().is_empty());
    assert_eq!(read.game.position(), game.position());
}

#[test]
fn a_unit_moved_in_the_record_is_refused_naming_game_phase_and_difference() {
    let moved = edited(|state| {
        state.units.insert("RUSSIA".into(), vec!["A FIN".into()]);
    });
    let errors = Game::from_saved_game(map(), &moved).expect_err("a board the orders do not make");
    // F1901M's orders do not make the board recorded at W1901A; W1901A's orders, played on
    // that board, do not make the one recorded at S1902M (where Russia is in Sweden).
    let phases: Vec<Option<&str>> = errors.iter().map(|e| e.phase()).collect();
    assert_eq!(phases, [Some("F1901M"), Some("W1901A")], "{errors:#?}");
    assert!(errors.iter().all(|e| e.game() == Some("no-retreat-removed")), "{errors:#?}");
    let first = errors[0].to_string();
    assert!(
        first.starts_with("game no-retreat-removed, F1901M: its orders, played on the board the game records, make another board than the one it records at W1901A"),
        "{first}"
    );
    assert!(first.contains("RUSSIA units: the game recorded A FIN, dip made A SWE"), "{first}");
    // The skipped retreat phase (England's army in Denmark had nowhere to go) is named.
    assert!(first.contains("compared after disbanding ENGLAND A DEN"), "{first}");
    // `_under` is as strict.
    let under = Game::from_saved_game_under(map(), Rules::default(), &moved).expect_err("strict");
    assert_eq!(under, errors);
}

#[test]
fn a_centre_changed_in_the_record_is_refused() {
    let centre = edited(|state| {
        state.centers.insert("GERMANY".into(), vec!["BER".into(), "KIE".into()]);
        state.centers.insert("RUSSIA".into(), vec!["DEN".into(), "SWE".into()]);
    });
    let errors = Game::from_saved_game(map(), &centre).expect_err("centres the orders do not make");
    let f1901 = errors.iter().find(|e| e.phase() == Some("F1901M")).unwrap_or_else(|| panic!("{errors:#?}"));
    let text = f1901.to_string();
    assert!(text.contains("GERMANY centres: the game recorded nothing, dip made DEN"), "{text}");
    assert!(text.contains("RUSSIA centres: the game recorded DEN, dip made nothing"), "{text}");
}

#[test]
fn report_goes_on_from_the_boards_the_orders_make() {
    let moved = edited(|state| {
        state.units.insert("RUSSIA".into(), vec!["A FIN".into()]);
    });
    let refused = Game::from_saved_game(map(), &moved).expect_err("refused");
    let read = Game::from_saved_game_with(map(), Rules::default(), &moved, DifferingBoards::Report).expect("reported");
    assert!(read.differs());
    assert_eq!(read.faults(), refused, "the report is what refusing says");
    assert_eq!(read.replay.differing(), 2);
    // The game is the one the orders make: the clean record's.
    let clean = Game::from_saved_game(map(), &clean()).expect("clean");
    assert_eq!(read.game.position(), clean.position());
    assert_eq!(read.game.history(), clean.history());
}

#[test]
fn a_game_that_cannot_be_played_is_an_error_whatever_the_choice() {
    let mut unreadable = clean();
    unreadable.phases[0].orders.insert("RUSSIA".into(), vec!["A SWE - XYZ".into()]);
    for differing in DifferingBoards::ALL {
        let errors = Game::from_saved_game_with(map(), Rules::default(), &unreadable, differing)
            .expect_err("an order that cannot be read");
        assert!(errors.iter().any(|e| e.item() == Some("A SWE - XYZ")), "{differing:?}: {errors:#?}");
    }
}

#[test]
fn the_choices_are_named() {
    assert_eq!(DifferingBoards::default(), DifferingBoards::Refuse);
    for d in DifferingBoards::ALL {
        assert_eq!(DifferingBoards::from_name(d.name()), Some(d));
    }
    assert_eq!(DifferingBoards::from_name("Report"), Some(DifferingBoards::Report));
    assert_eq!(DifferingBoards::from_name("replace"), None);
}

/// The 20 webDiplomacy games of `games/cicero/` load under the rules they were played under;
/// under dip's defaults (another civil-disorder rule) one is refused at the phase that shows it.
#[test]
fn real_games_that_replay_cleanly_still_load() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../games/cicero");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .expect("games/cicero")
        .map(|e| e.expect("an entry").file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".json"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 20);
    let webdiplomacy = dip::rules_preset("webdiplomacy").expect("preset");
    for file in &files {
        let game = read(&format!("games/cicero/{file}"));
        let read = Game::from_saved_game_with(map(), webdiplomacy, &game, DifferingBoards::Refuse)
            .unwrap_or_else(|e| panic!("{file}: {e:#?}"));
        assert!(!read.differs(), "{file}");
        // Every phase compared was played (and a retreat phase the record skipped besides).
        assert!(read.game.history().len() >= read.replay.phases.len(), "{file}");
    }
    let game = read("games/cicero/game_433761_ENGLAND_AG.json");
    let errors = Game::from_saved_game(map(), &game).expect_err("another civil-disorder rule");
    assert!(errors.iter().any(|e| e.phase() == Some("W1908A") && e.message().contains("S1909M")), "{errors:#?}");
}

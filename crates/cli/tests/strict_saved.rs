//! Saved games read strictly: what a plain reading would silently drop, replace or stop at
//! is an error naming the file, the game and the phase, for every command that reads them.

mod program;

use program::{dip, folder, root, write};
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

fn temp_dir(test: &str) -> PathBuf {
    folder("strict", test)
}

/// A game of two phases (F1901M, then W1901A) recorded as MILA records it.
fn game() -> Value {
    let text = std::fs::read_to_string(root().join("games/handmade/no_retreat_removed.json")).expect("a game");
    serde_json::from_str(&text).expect("JSON")
}

/// The commands that read a saved game, each of which must refuse a faulty one.
const READERS: [&[&str]; 3] = [&["check-orders"], &["replay"], &["run"]];

fn refused_by_all(file: &str, expected: &[&str]) {
    for command in READERS {
        let mut args = command.to_vec();
        args.push(file);
        let run = dip(&args);
        assert_eq!(run.code, Some(1), "{args:?}: {}{}", run.stdout, run.stderr);
        // `dip replay` reports a phase it cannot play among its differences, on standard output.
        let said = format!("{}{}", run.stderr, run.stdout);
        for part in expected {
            assert!(said.contains(part), "{args:?}: expected `{part}` in\n{said}");
        }
    }
}

/// A power's orders given twice in a phase, or any key twice: a plain reading keeps the
/// last list and drops the first.
#[test]
fn keys_given_twice_are_refused() {
    let dir = temp_dir("twice");
    let text = serde_json::to_string(&game()).expect("JSON");
    let orders = r#""ENGLAND":["A DEN H"]"#;
    assert!(text.contains(orders), "{text}");
    let twice = text.replacen(orders, &format!(r#""ENGLAND":["A DEN - KIE"],{orders}"#), 1);
    let file = write(&dir, "orders_twice.json", &twice);
    refused_by_all(
        &file,
        &[&file, "game no-retreat-removed, F1901M", "`ENGLAND` is given twice in `phases[0].orders`"],
    );

    let id = r#""id":"no-retreat-removed""#;
    let twice = text.replacen(id, &format!(r#"{id},"map":"pure""#), 1);
    let file = write(&dir, "map_twice.json", &twice);
    refused_by_all(&file, &[&format!("{file}:1:"), "`map` is given twice"]);
}

/// A centre owned by two powers.
#[test]
fn a_centre_owned_twice_is_refused() {
    let dir = temp_dir("centre");
    let mut twice = game();
    twice["phases"][0]["state"]["centers"]["RUSSIA"] = json!(["SWE", "DEN"]);
    let file = write(&dir, "centre.json", &twice.to_string());
    refused_by_all(
        &file,
        &[&file, "game no-retreat-removed, F1901M, RUSSIA, `DEN`: supply centre owned by both ENGLAND and RUSSIA"],
    );
}

/// A `COMPLETED` phase before others: the replay stopped there and said all was well.
#[test]
fn a_phase_after_completed_is_refused() {
    let dir = temp_dir("completed");
    let mut early = game();
    let phases = early["phases"].as_array_mut().expect("phases");
    let mut completed = phases[1].clone();
    completed["name"] = "COMPLETED".into();
    completed["state"]["name"] = "COMPLETED".into();
    phases.insert(1, completed);
    let file = write(&dir, "completed.json", &early.to_string());
    refused_by_all(&file, &[&file, "game no-retreat-removed, W1901A: a phase after `COMPLETED`: the game was over"]);
}

/// A year before the variant's first (year 0 on a map that starts in 1901).
#[test]
fn a_year_before_the_first_is_refused() {
    let dir = temp_dir("year");
    let mut year = game();
    year["phases"][0]["name"] = "F0000M".into();
    year["phases"][0]["state"]["name"] = "F0000M".into();
    year["phases"][1]["name"] = "W0000A".into();
    year["phases"][1]["state"]["name"] = "W0000A".into();
    let file = write(&dir, "year.json", &year.to_string());
    refused_by_all(&file, &[&file, "game no-retreat-removed, F0000M: year 0 is before the variant's first, 1901"]);
}

/// Illegal orders make `check-orders` exit with 1, for a saved game as for a position file.
#[test]
fn check_orders_exits_alike_for_both_formats() {
    let dir = temp_dir("illegal");
    let mut illegal = game();
    illegal["phases"][0]["orders"]["RUSSIA"] = json!(["A SWE - MOS"]);
    let file = write(&dir, "illegal.json", &illegal.to_string());
    let run = dip(&["check-orders", &file]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("F1901M, RUSSIA, `A SWE - MOS`: illegal"), "{}", run.stdout);

    let position = std::fs::read_to_string(root().join("examples/opening_s1901.ron")).expect("a position");
    let position = position.replace(r#""A WAR - GAL""#, r#""A WAR - BOH""#);
    let file = write(&dir, "illegal.ron", &position);
    let run = dip(&["check-orders", &file]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("illegal"), "{}", run.stdout);
}

/// A recorded board the game's orders do not make: `dip run` went on from its own replay
/// and wrote it back with `--out`. Now it is refused, naming the file, the game, the phase
/// and what differs; with `--differing-boards report` it is reported as `dip replay` reports
/// it, and the game goes on from the boards the orders make.
#[test]
fn a_recorded_board_that_differs_from_the_replay_is_refused() {
    let dir = temp_dir("differs");
    let mut moved = game();
    moved["phases"][1]["state"]["units"]["RUSSIA"] = json!(["A FIN"]);
    let file = write(&dir, "moved.json", &moved.to_string());
    let out = dir.join("out.json").to_string_lossy().into_owned();
    let run = dip(&["run", &file, "--format", "saved-game", "--out", &out]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    for line in [
        format!("{file}: game no-retreat-removed, F1901M -> W1901A: dip made another board"),
        "    RUSSIA units: the game recorded A FIN, dip made A SWE".to_string(),
        format!(
            "{file}: game no-retreat-removed: 2 phases of the game's orders, replayed under the variant's rules (the \
             game records none: give those it was played under with --rules or --option), make boards other than \
             those it records"
        ),
    ] {
        assert!(run.stderr.contains(&line), "{line}\n{}", run.stderr);
    }
    assert!(!Path::new(&out).exists(), "nothing written");

    let run = dip(&["run", &file, "--differing-boards", "report", "--format", "saved-game", "--out", &out]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("RUSSIA units: the game recorded A FIN, dip made A SWE"), "{}", run.stdout);
    assert!(run.stdout.contains("the game goes on from the boards its orders make"), "{}", run.stdout);
    let written: Value = serde_json::from_str(&std::fs::read_to_string(&out).expect("written")).expect("JSON");
    assert_eq!(written["phases"][1]["state"]["units"]["RUSSIA"], json!(["A SWE"]));

    // The game as recorded goes on without a word.
    let run = dip(&["run", "games/handmade/no_retreat_removed.json"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(!run.stdout.contains("differ"), "{}", run.stdout);
}

/// A game from another engine records no rules: it is checked and goes on under the rules
/// the command line says it was played under. A game dip wrote keeps the rules it records.
#[test]
fn a_game_goes_on_under_the_rules_it_was_played_under() {
    let cicero = "games/cicero/game_433761_ENGLAND_AG.json";
    let run = dip(&["run", cicero]);
    assert_eq!(run.code, Some(1), "{}", run.stdout);
    assert!(
        run.stderr.contains(&format!("{cicero}: game zHJfwg72CWXs, W1908A -> S1909M: dip made another board")),
        "{}",
        run.stderr
    );
    let dir = temp_dir("rules");
    let out = dir.join("cicero.json").to_string_lossy().into_owned();
    let run = dip(&["run", cicero, "--rules", "webdiplomacy", "--format", "saved-game", "--out", &out]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains("Spring 1909 Movement"), "{}", run.stdout);
    // Written back with the rules it was played under, which it then keeps.
    let written: Value = serde_json::from_str(&std::fs::read_to_string(&out).expect("written")).expect("JSON");
    assert!(written["metadata"]["dip_rules"].as_str().is_some_and(|r| r.contains("4.D.8=")), "{}", written["metadata"]);
    assert_eq!(dip(&["run", &out]).code, Some(0));
    let run = dip(&["run", &out, "--option", "4.D.8=2023"]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("cannot change the rules of a game under way"), "{}", run.stderr);
}

/// A game whose orders cannot be played on to the phases it records (here a phase the game
/// never reaches): the error says so, after what differs from the record, which is why.
#[test]
fn a_game_that_cannot_be_played_again_says_what_differs_first() {
    let dir = temp_dir("unplayable");
    let mut skipped = game();
    skipped["phases"][1]["name"] = "S1902M".into();
    skipped["phases"][1]["state"]["name"] = "S1902M".into();
    let file = write(&dir, "skipped.json", &skipped.to_string());
    for differing in ["refuse", "report"] {
        let run = dip(&["run", &file, "--differing-boards", differing]);
        assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
        let differs =
            run.stderr.find(&format!("{file}: game no-retreat-removed, F1901M -> S1902M: dip made another board"));
        let unplayable = run.stderr.find("the game is at W1901A here, but the file has S1902M");
        assert!(differs.is_some() && differs < unplayable, "{differing}: {}", run.stderr);
    }
}

//! `dip replay`, `dip check-orders` on saved games, and `dip new`/`dip run` writing the
//! saved-game JSON.

mod program;

use program::{dip, folder, root};
use std::path::PathBuf;

fn temp_dir(test: &str) -> PathBuf {
    folder("games", test)
}

/// The saved games in `games/<folder>`, as paths from the workspace, sorted.
fn games_in(folder: &str) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(root().join("games").join(folder))
        .unwrap_or_else(|e| panic!("games/{folder}: {e}"))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| p.strip_prefix(root()).expect("in the workspace").display().to_string())
        .collect();
    files.sort();
    files
}

fn cicero() -> Vec<String> {
    games_in("cicero")
}

#[test]
fn replay_of_the_recorded_games() {
    let files = cicero();
    assert_eq!(files.len(), 20);
    let mut args = vec!["replay", "--rules", "webdiplomacy"];
    args.extend(files.iter().map(String::as_str));
    let run = dip(&args);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert_eq!(run.stdout.lines().last(), Some("replay: 722 phases agree, 0 differ in 0 games"), "{}", run.stdout);
    assert!(run.stdout.contains("note: ITALY builds: the game recorded 1"), "{}", run.stdout);

    // Under dip's defaults the civil-disorder removals of the last winter differ.
    let mut args = vec!["replay"];
    args.extend(files.iter().map(String::as_str));
    let run = dip(&args);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert_eq!(run.stdout.lines().last(), Some("replay: 712 phases agree, 10 differ in 10 games"), "{}", run.stdout);
    assert!(run.stdout.contains("game zHJfwg72CWXs, W1908A -> S1909M: dip made another board"), "{}", run.stdout);
    assert!(run.stdout.contains("FRANCE units: the game recorded A RUH, dip made A WAR"), "{}", run.stdout);
    assert!(run.stdout.contains("FRANCE gave no orders"), "{}", run.stdout);
    // The preset's choice alone explains them.
    let mut args = vec!["replay", "--option", "4.D.8=a"];
    args.extend(files.iter().map(String::as_str));
    assert_eq!(dip(&args).code, Some(0));
}

#[test]
fn check_orders_reads_every_order_of_the_recorded_games() {
    for file in cicero() {
        let run = dip(&["check-orders", &file]);
        assert_eq!(run.code, Some(0), "{file}: {}{}", run.stdout, run.stderr);
        let last = run.stdout.lines().last().unwrap_or_default();
        assert!(last.ends_with("0 could not be read, 0 illegal on their board"), "{file}: {last}");
        assert_eq!(run.stdout.lines().count(), 1, "{file}: {}", run.stdout);
    }
}

#[test]
fn a_game_a_line_and_faults_named_by_line_and_game() {
    let dir = temp_dir("jsonl");
    let one = std::fs::read_to_string(root().join(&cicero()[0])).expect("a game");
    let line: serde_json::Value = serde_json::from_str(&one).expect("JSON");
    let mut broken = line.clone();
    broken["phases"][3]["orders"]["FRANCE"][0] = "A PAR - XYZ".into();
    let text = format!(
        "{}\n{}\nnot json\n",
        serde_json::to_string(&line).expect("json"),
        serde_json::to_string(&broken).expect("json")
    );
    let path = dir.join("games.jsonl");
    std::fs::write(&path, text).expect("write");
    let file = path.to_string_lossy().into_owned();

    let run = dip(&["check-orders", &file]);
    assert_eq!(run.code, Some(1));
    assert!(
        run.stdout.contains(&format!("{file}: game zHJfwg72CWXs, S1902M, FRANCE, `A PAR - XYZ`: expected a province")),
        "{}",
        run.stdout
    );
    assert!(run.stderr.contains(&format!("{file}:3:2: expected ident")), "{}", run.stderr);

    let run = dip(&["replay", "--rules", "webdiplomacy", &file]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains(&format!("{file}:3:")), "{}", run.stderr);
    assert_eq!(run.stdout.lines().last(), Some("replay: 69 phases agree, 1 differ in 2 games"), "{}", run.stdout);
}

#[test]
fn a_game_played_with_dip_run_is_written_as_a_saved_game_and_replays() {
    let dir = temp_dir("run");
    let start = dir.join("start.ron");
    let new = dip(&["new", "standard"]);
    std::fs::write(&start, &new.stdout).expect("write");
    let saved = dir.join("game.json");
    let (start, saved_s) = (start.to_string_lossy().into_owned(), saved.to_string_lossy().into_owned());
    let orders = ["examples/game/s1901.ron", "examples/game/f1901.ron", "examples/game/w1901.ron"];
    let mut args = vec!["run", &start];
    args.extend(orders);
    args.extend(["--format", "saved-game", "--out", &saved_s]);
    let run = dip(&args);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains(&format!("written to {saved_s}")), "{}", run.stdout);
    let value: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&saved).expect("read")).expect("JSON");
    assert_eq!(value["id"], "game");
    let names: Vec<&str> =
        value["phases"].as_array().expect("phases").iter().filter_map(|p| p["name"].as_str()).collect();
    assert_eq!(names.first(), Some(&"S1901M"));

    let replay = dip(&["replay", &saved_s]);
    assert_eq!(replay.code, Some(0), "{}{}", replay.stdout, replay.stderr);
    assert!(replay.stdout.ends_with("0 differ in 0 games\n"), "{}", replay.stdout);

    // Going on from the saved game gives the game played in one go.
    let in_one = dip(&["run", &start, orders[0], orders[1], orders[2]]);
    let first = dir.join("first.json");
    let first_s = first.to_string_lossy().into_owned();
    dip(&["run", &start, orders[0], "--format", "saved-game", "--out", &first_s]);
    let on = dip(&["run", &first_s, orders[1], orders[2]]);
    assert_eq!(on.code, Some(0), "{}", on.stderr);
    let tail = |s: &str| s[s.find("Final position").expect("a final position")..].to_string();
    assert_eq!(tail(&on.stdout), tail(&in_one.stdout));
    // Its rules are the game's own.
    let changed = dip(&["run", &first_s, orders[1], "--option", "4.D.8=a"]);
    assert_eq!(changed.code, Some(1));
    assert!(changed.stderr.contains("cannot change the rules of a game under way"), "{}", changed.stderr);

    let opening = dip(&["new", "standard", "--format", "saved-game", "--id", "x"]);
    let value: serde_json::Value = serde_json::from_str(&opening.stdout).expect("JSON");
    assert_eq!(value["phases"].as_array().map(Vec::len), Some(1));
    assert_eq!(value["phases"][0]["state"]["units"]["ENGLAND"], serde_json::json!(["F EDI", "F LON", "A LVP"]));
}

fn handmade() -> Vec<String> {
    games_in("handmade")
}

/// Games written as MILA writes them (`null` orders for the phase in progress), in dip's
/// way and in MILA's way of handling a unit dislodged with nowhere to retreat.
#[test]
fn records_of_either_way_with_a_unit_that_cannot_retreat() {
    let files = handmade();
    assert_eq!(files.len(), 5, "{files:?}");
    let mut args = vec!["replay"];
    args.extend(files.iter().map(String::as_str));
    let run = dip(&args);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines,
        [
            "replay: 2 phases recorded units dislodged with nowhere to retreat as removed at once (as MILA, dipcc and \
             godip do); each was compared with dip's board after they disbanded",
            "replay: 10 phases agree, 0 differ in 0 games"
        ],
        "{}",
        run.stdout
    );
    for file in &files {
        let run = dip(&["check-orders", file]);
        assert_eq!(run.code, Some(0), "{file}: {}{}", run.stdout, run.stderr);
    }
    // `dip run` goes on from a game that skipped a retreat phase.
    let run = dip(&["run", "games/handmade/no_retreat_removed.json"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains("Spring 1902 Movement"), "{}", run.stdout);
}

/// What `dip replay` prints for a phase that differs: when the record shows standing a unit
/// dip dislodged with nowhere to retreat, the dislodgement (the record did not remove the
/// unit at once, it never dislodged it); when the record did remove it at once and differs
/// elsewhere, which units the board compared lacks; and among the orders involved, an
/// attack that cut a support from a province no difference names.
#[test]
fn replay_shows_what_differs_behind_a_removal_at_once() {
    let dir = temp_dir("removed");
    let text = std::fs::read_to_string(root().join("games/handmade/no_retreat_removed.json")).expect("a game");
    let game: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let write = |name: &str, game: &serde_json::Value| {
        let path = dir.join(name);
        std::fs::write(&path, serde_json::to_string(game).expect("JSON")).expect("write");
        path.to_string_lossy().into_owned()
    };

    // The record has the attack on Denmark fail: the English army is still standing.
    let mut standing = game.clone();
    standing["phases"][1]["state"]["units"]["ENGLAND"] = serde_json::json!(["A DEN"]);
    standing["phases"][1]["state"]["units"]["GERMANY"] = serde_json::json!(["A KIE", "F HEL"]);
    let run = dip(&["replay", &write("standing.json", &standing)]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    for line in [
        "game no-retreat-removed, F1901M -> W1901A: dip made another board",
        "    next phase: the game recorded W1901A, dip made F1901R",
        "    ENGLAND dislodged units: the game recorded nothing, dip made *A DEN",
    ] {
        assert!(run.stdout.contains(line), "{line}\n{}", run.stdout);
    }
    assert!(!run.stdout.contains("removed at once"), "{}", run.stdout);

    // The record removed the army at once, and has Russia's army elsewhere.
    let mut moved = game.clone();
    moved["phases"][1]["state"]["units"]["RUSSIA"] = serde_json::json!(["A FIN"]);
    let run = dip(&["replay", &write("moved.json", &moved)]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    for line in [
        "    RUSSIA units: the game recorded A FIN, dip made A SWE",
        "  compared after disbanding ENGLAND A DEN, dislodged with nowhere to retreat, as the record removed them at \
         once",
        "replay: 1 phase recorded units dislodged with nowhere to retreat as removed at once",
    ] {
        assert!(run.stdout.contains(line), "{line}\n{}", run.stdout);
    }

    // A French fleet cuts the support of the attack from the North Sea; the record has the
    // attack succeed anyway. The cut is listed, Russia's hold is not.
    let mut cut = game.clone();
    for phase in cut["phases"].as_array_mut().expect("phases") {
        phase["state"]["units"]["FRANCE"] = serde_json::json!(["F NTH"]);
    }
    cut["phases"][0]["orders"]["FRANCE"] = serde_json::json!(["F NTH - HEL"]);
    let run = dip(&["replay", &write("cut.json", &cut)]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let involved = "  orders involved:\n    ENGLAND: A DEN H\n    FRANCE: F NTH - HEL\n    GERMANY: A KIE - DEN\n    \
                    GERMANY: F HEL S A KIE - DEN\n  ";
    assert!(run.stdout.contains(involved), "{}", run.stdout);
}

/// A file that cannot be read as saved games is an error naming the file, the line and
/// column, the game, and what was expected; both commands exit with 1.
#[test]
fn files_that_cannot_be_read_are_errors() {
    let dir = temp_dir("bad");
    let cases: &[(&str, &str, &str)] = &[
        ("not_json.json", "{\"id\": \"a\",\n \"phases\": [}\n", ":2:"),
        (
            "phases.json",
            "{\"id\": \"a\",\n \"phases\": 7}\n",
            ":2:12: game a: invalid type: integer `7`, expected a sequence",
        ),
        (
            "orders.json",
            "{\"id\": \"b\",\n \"phases\": [{\"name\": \"S1901M\",\n  \"orders\": {\"FRANCE\": 7}}]}\n",
            ":3:24: game b: invalid type: integer `7`, expected a sequence",
        ),
        (
            "lines.jsonl",
            "{\"id\": \"c\", \"phases\": []}\n{\"id\": \"d\", \"phases\": {}}\n",
            ":2:22: game d: invalid type: map",
        ),
        ("empty.json", "", "EOF while parsing"),
        ("variant.json", "{\"id\": \"e\", \"map\": \"nowhere\", \"phases\": []}\n", "unknown variant `nowhere`"),
    ];
    for (name, text, expected) in cases {
        let path = dir.join(name);
        std::fs::write(&path, text).expect("write");
        let file = path.to_string_lossy().into_owned();
        for command in ["check-orders", "replay"] {
            let run = dip(&[command, &file]);
            assert_eq!(run.code, Some(1), "{command} {name}: {}{}", run.stdout, run.stderr);
            assert!(run.stderr.contains(&file) && run.stderr.contains(expected), "{command} {name}: {}", run.stderr);
        }
    }
    let missing = dir.join("missing.jsonl").to_string_lossy().into_owned();
    for command in ["check-orders", "replay"] {
        let run = dip(&[command, &missing]);
        assert_eq!(run.code, Some(1), "{command}: {}{}", run.stdout, run.stderr);
        assert!(run.stderr.contains(&format!("{missing}: cannot read")), "{command}: {}", run.stderr);
    }
}

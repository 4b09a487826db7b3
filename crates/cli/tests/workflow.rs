//! The command-line workflow: checking orders of every phase, playing a game from
//! orders files keyed by phase (refusing a file for another phase), resuming an
//! interrupted run, variants from any file, and the rule options.

mod program;

use program::{dip, root, write};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh folder for one test.
fn folder(test: &str) -> PathBuf {
    program::folder("workflow", test)
}

/// `dip new standard` written to `game.ron` in the folder.
fn new_game(dir: &Path, name: &str) -> String {
    let new = dip(&["new", "standard"]);
    assert_eq!(new.code, Some(0), "{}", new.stderr);
    write(dir, name, &new.stdout)
}

const YEAR: [&str; 3] = ["examples/game/s1901.ron", "examples/game/f1901.ron", "examples/game/w1901.ron"];

/// The three example files of 1901 as one file keyed by phase, the phases out of order.
fn year_in_one_file(dir: &Path) -> String {
    let mut entries = Vec::new();
    for file in [YEAR[2], YEAR[0], YEAR[1]] {
        let text = std::fs::read_to_string(root().join(file)).expect("an example");
        let body: String = text.lines().filter(|l| !l.starts_with("//")).collect::<Vec<_>>().join("\n");
        let body = body.trim().trim_start_matches('{').trim_end_matches('}').trim().trim_end_matches(',');
        entries.push(body.to_string());
    }
    write(dir, "1901.ron", &format!("{{\n{}\n}}\n", entries.join(",\n")))
}

/// The final position a run wrote.
fn final_position(path: &str) -> String {
    std::fs::read_to_string(path).expect("the game file")
}

#[test]
fn run_plays_a_turn_from_one_file_keyed_by_phase() {
    let dir = folder("one-file");
    let (a, b) = (new_game(&dir, "a.ron"), new_game(&dir, "b.ron"));
    let mut args = vec!["run", a.as_str(), "--out", a.as_str()];
    args.extend(YEAR);
    let by_files = dip(&args);
    assert_eq!(by_files.code, Some(0), "{}{}", by_files.stdout, by_files.stderr);
    let turn = year_in_one_file(&dir);
    let in_one = dip(&["run", &b, &turn, "--out", &b]);
    assert_eq!(in_one.code, Some(0), "{}{}", in_one.stdout, in_one.stderr);
    for heading in ["== Spring 1901 Movement ==", "== Fall 1901 Movement ==", "== Winter 1901 Adjustment =="] {
        assert!(in_one.stdout.contains(heading), "{heading} missing from {}", in_one.stdout);
    }
    assert!(final_position(&b).contains("phase: \"Spring 1902 Movement\""));
    assert_eq!(final_position(&a), final_position(&b), "one file or three, the same game");
}

#[test]
fn run_refuses_orders_for_another_phase() {
    let dir = folder("wrong-phase");
    let game = new_game(&dir, "game.ron");
    // Fall orders for a game in the spring: nothing is played, and it is an error.
    let run = dip(&["run", &game, "examples/game/f1901.ron"]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stderr.contains(
            "examples/game/f1901.ron:5: orders for Fall 1901 Movement were not played: the game stopped at Spring 1901 Movement, which has no orders"
        ),
        "{}",
        run.stderr
    );
    assert!(!run.stdout.contains("== Spring 1901 Movement =="), "{}", run.stdout);
    // Orders for a retreat phase that never comes (nothing is dislodged in the spring).
    let retreat = write(&dir, "retreat.ron", "{\"Spring 1901 Retreat\": {\"France\": [\"A Paris - Gascony\"]}}");
    let run = dip(&["run", &game, YEAR[0], &retreat, YEAR[1]]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("== Fall 1901 Movement =="), "{}", run.stdout);
    assert!(
        run.stderr.contains("orders for Spring 1901 Retreat were not played: the game passed it without playing it"),
        "{}",
        run.stderr
    );
    // Orders under no phase at all (the old form) say nothing of their phase: refused.
    let bare = write(&dir, "bare.ron", "{\"France\": [\"A Paris - Burgundy\"]}");
    let run = dip(&["run", &game, &bare]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert!(run.stderr.contains("these orders are not under a phase"), "{}", run.stderr);
    // A phase the variant does not have, and one phase given twice.
    let winter = write(&dir, "winter.ron", "{\n\"Winter 1901 Movement\": {}}");
    let run = dip(&["run", &game, &winter]);
    assert!(
        run.stderr.contains("winter.ron:2: `Winter 1901 Movement`: the winter has only the adjustment phase"),
        "{}",
        run.stderr
    );
    let again = write(&dir, "again.ron", "{\"spring 1901 movement\": {}}");
    let run = dip(&["run", &game, YEAR[0], &again]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("orders for Spring 1901 Movement are given twice"), "{}", run.stderr);
    assert!(!run.stdout.contains("=="), "nothing is played: {}", run.stdout);
}

#[test]
fn a_power_given_twice_in_an_orders_file_is_refused() {
    let dir = folder("power-twice");
    let game = new_game(&dir, "game.ron");
    let json = write(
        &dir,
        "twice.json",
        "{\"Spring 1901 Movement\": {\n \"France\": [\"A Paris - Burgundy\"],\n \"France\": [\"A Paris - Picardy\"]}}",
    );
    let run = dip(&["run", &game, &json]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert!(run.stderr.contains("twice.json:3:"), "{}", run.stderr);
    assert!(run.stderr.contains("`France` is given twice"), "{}", run.stderr);
    let ron = write(
        &dir,
        "twice.ron",
        "{\"Spring 1901 Movement\": {\n \"France\": [\"A Paris - Burgundy\"],\n \"FRA\": [\"A Paris - Picardy\"]}}",
    );
    let run = dip(&["run", &game, &ron]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert!(run.stderr.contains("twice.ron:3: `FRA` in `orders` is France again"), "{}", run.stderr);
}

#[test]
fn an_interrupted_run_resumes_where_it_stopped() {
    let dir = folder("resume");
    let whole = new_game(&dir, "whole.ron");
    let mut args = vec!["run", whole.as_str(), "--out", whole.as_str()];
    args.extend(YEAR);
    assert_eq!(dip(&args).code, Some(0));
    let expected = final_position(&whole);
    // Stopped after each phase in turn (the game file is saved after every phase), then
    // the same command again: the phases already played are skipped.
    for stop in 0..=3 {
        let game = new_game(&dir, &format!("stopped-{stop}.ron"));
        if stop > 0 {
            let mut first = vec!["run", game.as_str(), "--out", game.as_str()];
            first.extend(&YEAR[..stop]);
            let run = dip(&first);
            assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
        }
        let mut again = vec!["run", game.as_str(), "--out", game.as_str()];
        again.extend(YEAR);
        let run = dip(&again);
        assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
        assert_eq!(run.stdout.matches("already played").count(), stop, "{}", run.stdout);
        assert_eq!(final_position(&game), expected, "stopped after {stop} phases");
    }
}

/// A run killed while it saves (SIGXFSZ at the file-size limit) leaves the last saved
/// game; running it again finishes the year.
#[cfg(unix)]
#[test]
fn a_run_killed_while_saving_resumes_from_the_last_saved_phase() {
    let dir = folder("killed");
    let whole = new_game(&dir, "whole.ron");
    let mut args = vec!["run", whole.as_str(), "--out", whole.as_str()];
    args.extend(YEAR);
    assert_eq!(dip(&args).code, Some(0));
    let game = new_game(&dir, "game.ron");
    let before = final_position(&game);
    let killed = Command::new("sh")
        .arg("-c")
        .arg("ulimit -f 1; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_dip"))
        .args(&args[..1])
        .args([game.as_str(), "--out", game.as_str()])
        .args(YEAR)
        .current_dir(root())
        .output()
        .expect("run dip");
    assert!(!killed.status.success());
    assert_eq!(final_position(&game), before, "the game file is whole");
    let mut again = vec!["run", game.as_str(), "--out", game.as_str()];
    again.extend(YEAR);
    let run = dip(&again);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert_eq!(final_position(&game), final_position(&whole));
}

#[test]
fn check_orders_checks_retreat_and_adjustment_orders() {
    let run = dip(&["check-orders", "examples/retreat_f1901.ron"]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains(
            "examples/retreat_f1901.ron:27: Germany: `A Berlin - Prussia`: illegal: the unit was not dislodged"
        ),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("ok   Austria: A Vienna - Bohemia"), "{}", run.stdout);
    let run = dip(&["check-orders", "examples/adjustment_w1901.ron"]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("`Build A Warsaw`: illegal: that supply centre is not a home centre"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("`Build F London`: illegal: the power may not build"), "{}", run.stdout);
    assert!(run.stdout.contains("5 orders: 0 could not be read, 2 illegal"), "{}", run.stdout);
}

#[test]
fn variant_option_reads_a_variant_from_any_file() {
    let dir = folder("variant-file");
    let standard = std::fs::read_to_string(root().join("variants/standard.ron")).expect("standard");
    let renamed = standard.replacen("name: \"standard\"", "name: \"homebrew\"", 1);
    assert_ne!(renamed, standard);
    let variant = write(&dir, "elsewhere.ron", &renamed);
    let position = std::fs::read_to_string(root().join("examples/opening_s1901.ron")).expect("example");
    let position = write(&dir, "game.ron", &position.replacen("variant: \"standard\"", "variant: \"homebrew\"", 1));
    // Not embedded, not in variants/: named with --variant.
    let run = dip(&["adjudicate", &position]);
    assert_eq!(run.code, Some(1));
    assert!(
        run.stderr.contains("unknown variant `homebrew`") && run.stderr.contains("--variant FILE"),
        "{}",
        run.stderr
    );
    for command in ["adjudicate", "check-orders", "run"] {
        let run = dip(&[command, &position, "--variant", &variant]);
        assert_ne!(run.code, Some(2), "{command}: {}", run.stderr);
        assert!(!run.stderr.contains("unknown variant"), "{command}: {}", run.stderr);
    }
    let run = dip(&["adjudicate", &position, "--variant", &variant]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains("France: A Paris - Burgundy: succeeds"), "{}", run.stdout);
    // A file of another variant is refused.
    let run = dip(&["adjudicate", &position, "--variant", "variants/standard.ron"]);
    assert_eq!(run.code, Some(1));
    assert!(
        run.stderr
            .contains("the position is of the variant `homebrew`, but variants/standard.ron is the variant `standard`"),
        "{}",
        run.stderr
    );
}

#[test]
fn option_errors_list_the_choices_and_rules_lists_every_issue() {
    let run = dip(&["adjudicate", "examples/opening_s1901.ron", "--option", "4.A.2=bogus"]);
    assert_eq!(run.code, Some(1));
    assert!(
        run.stderr.contains(
            "issue 4.A.2 has no choice `bogus`: choose one of Rulebook1971 (1971), Rulebook1982 (1982), Rulebook2000 (2023, 2000), AllHold, Szykman, Dptg"
        ),
        "{}",
        run.stderr
    );
    let run = dip(&["adjudicate", "examples/opening_s1901.ron", "--option", "4.Q.9=a"]);
    assert!(run.stderr.contains("unknown DATC issue `4.Q.9`: the issues are 4.A.1 to 4.E.6"), "{}", run.stderr);
    // The matrix's names are read too.
    let run = dip(&["adjudicate", "examples/opening_s1901.ron", "--option", "4.A.2=AllHold"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);

    let run = dip(&["rules"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    for issue in dip::map::rules::ISSUES {
        let rules = dip::Rules::default();
        let heading = format!(
            "{issue}  {}: {}",
            dip::Rules::title(issue).expect("a title"),
            rules.choice(issue).expect("a choice")
        );
        assert!(run.stdout.contains(&heading), "{heading} missing from {}", run.stdout);
        // Each choice as the compliance matrix spells it, and --option reads that spelling.
        for name in dip::Rules::choices(issue) {
            assert!(run.stdout.contains(&format!(" {name}")), "{issue} {name} missing");
            let mut r = dip::Rules::default();
            r.set(issue, &name).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(r.choice(issue), Some(name));
        }
    }
    let run = dip(&["rules", "colonial", "--rules", "1982", "--option", "4.A.2=all-hold"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains("4.A.2  Convoy disruption paradoxes: AllHold"), "{}", run.stdout);
    assert!(run.stdout.contains("4.A.3  Convoying to an adjacent province: Rulebook1982"), "{}", run.stdout);
}

#[test]
fn the_readme_says_how_to_install_the_binary() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    assert!(readme.contains("cargo install --path crates/cli"), "README.md must say how to install dip");
}

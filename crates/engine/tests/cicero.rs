//! The 20 recorded webDiplomacy games of `games/cicero/` (MIT, see its LICENSE.md),
//! replayed phase by phase: each phase's orders on its recorded board, compared with the
//! board recorded next. Under `rules/webdiplomacy.toml` every phase agrees; the test pins
//! the evidence the preset cites for each choice.

use std::sync::OnceLock;

use dip::formats::saved::{SavedGame, parse_games};
use dip::formats::{Field, GameReplay, Verdict};
use dip::{Map, Rules};

fn map() -> &'static Map {
    static MAP: OnceLock<Map> = OnceLock::new();
    MAP.get_or_init(|| dip::variant("standard").expect("standard"))
}

/// (file, game) for every game of `games/cicero/`, by file name.
fn games() -> &'static [(String, SavedGame)] {
    static GAMES: OnceLock<Vec<(String, SavedGame)>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../games/cicero");
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .map(|e| e.expect("a folder entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        files
            .into_iter()
            .map(|path| {
                let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                let mut games = parse_games(&text);
                assert_eq!(games.len(), 1, "{}", path.display());
                let game = games.remove(0).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                (path.file_name().unwrap_or_default().to_string_lossy().into_owned(), game)
            })
            .collect()
    })
}

fn replay_all(rules: &Rules) -> Vec<(String, GameReplay)> {
    games().iter().map(|(file, game)| (file.clone(), dip::replay(map(), rules, game))).collect()
}

/// `game phase` of every phase that differs.
fn differing(replays: &[(String, GameReplay)]) -> Vec<String> {
    let mut out = Vec::new();
    for (file, replay) in replays {
        for phase in &replay.phases {
            if phase.verdict != Verdict::Agrees {
                out.push(format!("{} {}", &file[5..11], phase.name));
            }
        }
    }
    out
}

fn with(base: &Rules, changes: &[(&str, &str)]) -> Rules {
    let mut rules = *base;
    for (issue, choice) in changes {
        rules.set(issue, choice).unwrap_or_else(|e| panic!("{issue}={choice}: {e}"));
    }
    rules
}

fn webdiplomacy() -> Rules {
    dip::rules_preset("webdiplomacy").expect("the webdiplomacy preset")
}

#[test]
fn every_phase_agrees_under_webdiplomacy_rules() {
    let replays = replay_all(&webdiplomacy());
    assert_eq!(replays.len(), 20);
    let mut phases = 0;
    let mut notes = Vec::new();
    for (file, replay) in &replays {
        // Every phase but the last is played; none is left out.
        let game = &games().iter().find(|(f, _)| f == file).expect("the game").1;
        assert_eq!(replay.phases.len() + replay.final_phases.len(), game.phases.len(), "{file}");
        assert_eq!(replay.final_phases.len(), 1, "{file}: {:?}", replay.final_phases);
        for phase in &replay.phases {
            phases += 1;
            assert_eq!(phase.verdict, Verdict::Agrees, "{file} {}: {:?}", phase.name, phase.verdict);
            assert!(phase.unreadable.is_empty(), "{file} {}: {:?}", phase.name, phase.unreadable);
            notes.extend(phase.notes.iter().map(|n| format!("{} {} {n}", &file[5..11], phase.name)));
        }
    }
    assert_eq!(phases, 722);
    // The record's builds count for Italy, which owned no home centre, does not follow from
    // its own board (MILA counts at most the free build sites); the boards agree.
    assert_eq!(
        notes,
        [
            "448105 F1906R ITALY builds: the game recorded 1, dip made 0",
            "448105 F1908R ITALY builds: the game recorded 1, dip made 0",
        ]
    );
}

/// Under dip's defaults only the removals of powers that ordered too few in the last winter
/// differ: the civil-disorder rule, DATC §4.D.8 (webDiplomacy: a, the 1982 rule; the DATC
/// v3.1 preference: c, the 2023 rule).
#[test]
fn dip_defaults_differ_only_by_the_civil_disorder_rule() {
    let replays = replay_all(&Rules::default());
    let civil_disorder = [
        "433761 W1908A",
        "433920 W1908A",
        "434015 W1908A",
        "434170 W1908A",
        "441488 W1908A",
        "443556 W1908A",
        "443831 W1908A",
        "445034 W1908A",
        "445663 W1908A",
        "448105 W1908A",
    ];
    assert_eq!(differing(&replays), civil_disorder);
    for (file, replay) in &replays {
        for phase in &replay.phases {
            let Verdict::Differs(differences) = &phase.verdict else { continue };
            // Other units than the game's were removed; the phase had no removal orders for
            // that power.
            assert!(differences.iter().all(|d| d.field == Field::Units), "{file} {}: {differences:?}", phase.name);
            for d in differences {
                let power = d.power.as_deref().unwrap_or_default();
                assert!(phase.orders.iter().all(|(p, _)| p != power), "{file} {}: {power} ordered", phase.name);
            }
        }
    }
    assert!(differing(&replay_all(&with(&Rules::default(), &[("4.D.8", "a")]))).is_empty());
}

/// The evidence `rules/webdiplomacy.toml` cites from the recorded games: how many phases
/// differ under each refuted choice.
#[test]
fn the_refuted_choices_differ_where_the_preset_says() {
    let base = webdiplomacy();
    let count = |issue: &str, choice: &str| differing(&replay_all(&with(&base, &[(issue, choice)]))).len();
    assert_eq!(count("4.D.8", "c"), 10);
    assert_eq!(count("4.B.4", "a"), 22);
    assert_eq!(count("4.B.4", "b"), 16);
    assert_eq!(count("4.B.4", "c"), 4);
    assert_eq!(count("4.B.4", "d"), 0);
    assert_eq!(count("4.A.6", "c"), 119);
    assert_eq!(count("4.C.5", "a"), 114);
    assert_eq!(count("4.E.2", "b"), 4);
}

//! Records of the two ways engines handle a unit dislodged with nowhere to retreat, on the
//! hand-made games of `games/handmade/`: dip's (the unit stays dislodged with no retreats
//! until the retreat phase disbands it) and MILA's, dipcc's and godip's (the unit is
//! removed at once, and a retreat phase with nothing else to do is skipped). Both replay
//! with no difference, read into the same game, and a record that contradicts both still
//! differs. Also a game drawn before its last phase was played, and MILA's `null` orders.

use dip::formats::saved::{SavedGame, parse_games};
use dip::formats::{Field, Verdict};
use dip::{Game, Map, Rules};

fn map() -> Map {
    dip::variant("standard").expect("standard")
}

fn game(file: &str) -> SavedGame {
    let path = format!("{}/../../games/handmade/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse_games(&text).remove(0).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A phase replayed: its name, the verdict, the units the record removed at once.
type Replayed = (String, Verdict, Vec<(String, String)>);

fn verdicts(game: &SavedGame) -> Vec<Replayed> {
    dip::replay(&map(), &Rules::default(), game)
        .phases
        .into_iter()
        .map(|p| (p.name, p.verdict, p.removed_at_once))
        .collect()
}

fn den() -> Vec<(String, String)> {
    vec![("ENGLAND".into(), "A DEN".into())]
}

#[test]
fn a_unit_removed_at_once_and_the_retreat_phase_skipped() {
    let removed = game("no_retreat_removed.json");
    assert_eq!(removed.phases[1].name, "W1901A", "the record skips F1901R");
    let replay = verdicts(&removed);
    assert_eq!(
        replay,
        [("F1901M".into(), Verdict::Agrees, den()), ("W1901A".into(), Verdict::Agrees, vec![])],
        "{replay:?}"
    );
    let kept = game("no_retreat_kept.json");
    let replay = verdicts(&kept);
    assert!(replay.iter().all(|(_, v, removed)| *v == Verdict::Agrees && removed.is_empty()), "{replay:?}");
    assert_eq!(replay.len(), 3);

    // Both read into the same game: dip plays the skipped retreat phase with no orders.
    let a = Game::from_saved_game(map(), &removed).expect("MILA's style");
    let b = Game::from_saved_game(map(), &kept).expect("dip's style");
    assert_eq!(a.position(), b.position());
    let names = |g: &Game| g.history().iter().map(|r| r.position.phase.to_string()).collect::<Vec<_>>();
    assert_eq!(names(&a), names(&b));
    assert_eq!(names(&a).len(), 3);
    assert_eq!(a.position().phase.to_string(), "Spring 1902 Movement");
    assert_eq!(a.to_saved_game("x"), b.to_saved_game("x"));
}

#[test]
fn a_unit_removed_at_once_beside_one_that_retreats() {
    let removed = game("no_retreat_removed_retreat_kept.json");
    let replay = verdicts(&removed);
    assert_eq!(
        replay,
        [("S1901M".into(), Verdict::Agrees, den()), ("S1901R".into(), Verdict::Agrees, vec![])],
        "{replay:?}"
    );
    let kept = game("no_retreat_kept_retreat_kept.json");
    let replay = verdicts(&kept);
    assert!(replay.iter().all(|(_, v, removed)| *v == Verdict::Agrees && removed.is_empty()), "{replay:?}");
    let a = Game::from_saved_game(map(), &removed).expect("MILA's style");
    let b = Game::from_saved_game(map(), &kept).expect("dip's style");
    assert_eq!(a.position(), b.position());
    assert_eq!(a.history().len(), 2);
}

/// Which style a record has is read from it, and what contradicts both is still reported.
#[test]
fn records_that_contradict_both_styles_differ() {
    // The next phase is not the retreat phase, but the record has the attack fail: the
    // unit is still standing. The record did not dislodge it, so it did not remove it at
    // once either: the board dip made is compared as it is, and the difference is the
    // dislodgement (not a unit gone missing after a removal the record never made).
    let mut standing = game("no_retreat_removed.json");
    let winter = standing.phases[1].state.as_mut().expect("state");
    winter.units.insert("ENGLAND".into(), vec!["A DEN".into()]);
    winter.units.insert("GERMANY".into(), vec!["A KIE".into(), "F HEL".into()]);
    let replay = verdicts(&standing);
    let Verdict::Differs(differences) = &replay[0].1 else { panic!("{replay:?}") };
    assert_eq!(replay[0].2, vec![], "nothing was removed at once");
    assert!(differences.iter().any(|d| d.field == Field::Units && d.expected == ["A DEN"]), "{differences:?}");
    assert!(differences.iter().any(|d| d.field == Field::Dislodged && d.got == ["*A DEN"]), "{differences:?}");
    assert!(
        differences.iter().any(|d| d.field == Field::Phase && d.expected == ["W1901A"] && d.got == ["F1901R"]),
        "{differences:?}"
    );
    // The same when the record keeps the retreat phase for another unit: the unit it shows
    // standing was not removed.
    let mut kept = game("no_retreat_removed_retreat_kept.json");
    let den_state = kept.phases[0].state.clone().expect("state");
    let retreat = kept.phases[1].state.as_mut().expect("state");
    retreat.units.insert("ENGLAND".into(), den_state.units["ENGLAND"].clone());
    retreat.units.insert("GERMANY".into(), vec!["A KIE".into(), "F HEL".into(), "A BUR".into(), "A RUH".into()]);
    let replay = verdicts(&kept);
    assert!(matches!(replay[0].1, Verdict::Differs(_)), "{replay:?}");
    assert_eq!(replay[0].2, vec![], "nothing was removed at once");

    // The retreat phase shows the unit with no retreats but has lost the one that could.
    let mut lost = game("no_retreat_kept_retreat_kept.json");
    let retreat = lost.phases[1].state.as_mut().expect("state");
    retreat.units.insert("FRANCE".into(), Vec::new());
    let replay = verdicts(&lost);
    let Verdict::Differs(differences) = &replay[0].1 else { panic!("{replay:?}") };
    assert_eq!(replay[0].2, vec![], "the record keeps A DEN: dip's style");
    assert!(differences.iter().any(|d| d.field == Field::Dislodged && d.got == ["*A BUR"]), "{differences:?}");

    // A retreat phase recorded though every dislodged unit has nowhere to go, without the
    // unit: the record removed it at once but did not skip the phase; dip compares with
    // the board without it (the phase names agree, the boards too).
    let mut unskipped = game("no_retreat_kept.json");
    let retreat = unskipped.phases[1].state.as_mut().expect("state");
    retreat.units.insert("ENGLAND".into(), Vec::new());
    let replay = verdicts(&unskipped);
    assert_eq!(replay[0].1, Verdict::Agrees, "{replay:?}");
    assert_eq!(replay[0].2, den());
}

#[test]
fn a_game_drawn_before_its_last_phase_was_played() {
    let drawn = game("drawn.json");
    let replay = dip::replay(&map(), &Rules::default(), &drawn);
    assert_eq!(replay.phases.len(), 1);
    assert_eq!(replay.phases[0].verdict, Verdict::Agrees);
    assert_eq!(replay.final_phases, ["F1901M", "COMPLETED"]);
    let played = Game::from_saved_game(map(), &drawn).expect("drawn game");
    assert_eq!(played.history().len(), 1);
    assert_eq!(played.position().phase.to_string(), "Fall 1901 Movement");

    // With orders the phase was played: the final board is the one after it.
    let mut won = drawn.clone();
    won.phases[1].orders.insert("FRANCE".into(), vec!["A BEL - HOL".into()]);
    let replay = dip::replay(&map(), &Rules::default(), &won);
    assert_eq!(replay.phases.len(), 2);
    let Verdict::Differs(differences) = &replay.phases[1].verdict else { panic!("{replay:?}") };
    assert!(differences.iter().any(|d| d.field == Field::Units && d.got == ["A HOL"]), "{differences:?}");
}

/// The last phase recorded is the one the game waits in: after a skipped retreat phase too;
/// a last phase the orders do not lead to is an error naming it.
#[test]
fn the_last_phase_is_the_one_the_game_waits_in() {
    let mut saved = game("no_retreat_removed.json");
    saved.phases.truncate(2);
    let played = Game::from_saved_game(map(), &saved).expect("a game waiting in W1901A");
    assert_eq!(played.position().phase.to_string(), "Winter 1901 Adjustment");
    assert_eq!(played.history().len(), 2);

    saved.phases[1].name = "S1902M".into();
    let errors = Game::from_saved_game(map(), &saved).expect_err("W1901A follows");
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].phase(), Some("S1902M"));
    assert!(errors[0].message().contains("the game is at W1901A here, but the file has S1902M"), "{}", errors[0]);
}

/// The orders listed with a phase that differs include those acting on a unit whose order
/// names the differences: here a French fleet cutting the support of the attack on Denmark
/// from the North Sea, a province no difference names.
#[test]
fn orders_involved_include_an_attack_that_cut_a_support() {
    let mut cut = game("no_retreat_removed.json");
    for phase in &mut cut.phases {
        let state = phase.state.as_mut().expect("state");
        state.units.insert("FRANCE".into(), vec!["F NTH".into()]);
    }
    cut.phases[0].orders.insert("FRANCE".into(), vec!["F NTH - HEL".into()]);
    let replay = dip::replay(&map(), &Rules::default(), &cut);
    let phase = &replay.phases[0];
    let Verdict::Differs(differences) = &phase.verdict else { panic!("{replay:?}") };
    // The record has Denmark taken; with its support cut the attack fails.
    assert!(differences.iter().any(|d| d.field == Field::Units && d.got == ["A DEN"]), "{differences:?}");
    let involved: Vec<String> = phase.orders_involved(&map()).iter().map(|(p, o)| format!("{p}: {o}")).collect();
    assert_eq!(
        involved,
        ["ENGLAND: A DEN H", "FRANCE: F NTH - HEL", "GERMANY: A KIE - DEN", "GERMANY: F HEL S A KIE - DEN"],
        "Russia's hold in Sweden had no part"
    );
}

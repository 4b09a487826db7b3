//! The 20 recorded webDiplomacy games of `games/cicero/` (MIT, see its LICENSE.md),
//! replayed phase by phase: each phase's orders on its recorded board, compared with the
//! board recorded next. Under `rules/webdiplomacy.toml` every phase agrees; the tests pin
//! the evidence the preset cites for each choice it refutes: the phases that differ under
//! the other choice, and that the orders whose results it changes are the ones the issue
//! governs.

use std::sync::OnceLock;

use dip::formats::replay_game;
use dip::formats::saved::phase_name;
use dip::formats::saved::{SavedGame, parse_games};
use dip::formats::{Field, GameReplay, Verdict};
use dip::map::{Position, ProvinceId, UnitKind};
use dip::movement::{Failure, Illegal, OrderResult};
use dip::orders::{Action, Order};
use dip::{Map, PhaseOutcome, Rules, play_phase};

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
    assert_eq!(differing(&replays), CIVIL_DISORDER);
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

/// An order whose result the other choice changes, on its phase's recorded board.
#[derive(Debug)]
struct Changed {
    /// `game phase`, as [`differing`] names it.
    phase: String,
    /// The order in MILA notation, with its result under the preset and under the other choice.
    text: String,
    preset: OrderResult,
    other: OrderResult,
    /// Whether the issue governs the order.
    governed: bool,
    /// The provinces the order names.
    provinces: Vec<ProvinceId>,
}

/// The phases that differ from the record under `base` changed to `choice` of `issue`, and
/// every order whose result that choice changes, each played on its recorded board.
fn changed_orders(
    base: &Rules,
    issue: &str,
    choice: &str,
    governs: fn(&Map, &Position, &Order) -> bool,
) -> (Vec<String>, Vec<Changed>) {
    let map = map();
    let other = with(base, &[(issue, choice)]);
    let mut changed = Vec::new();
    let replays: Vec<(String, GameReplay)> = games()
        .iter()
        .map(|(file, game)| {
            let replay = replay_game(map, game, |start: &Position, orders: Vec<Order>| {
                let preset = play_phase(map, start, &orders, base).map_err(|e| e.to_string())?;
                let made = play_phase(map, start, &orders, &other).map_err(|e| e.to_string())?;
                match (&preset.outcome, &made.outcome) {
                    (PhaseOutcome::Movement(p), PhaseOutcome::Movement(m)) => {
                        for (order, (p, m)) in orders.iter().zip(p.results.iter().zip(&m.results)) {
                            if p != m {
                                changed.push(Changed {
                                    phase: format!("{} {}", &file[5..11], phase_name(start.phase)),
                                    text: order.display_mila(map).to_string(),
                                    preset: p.clone(),
                                    other: m.clone(),
                                    governed: governs(map, start, order),
                                    provinces: order_provinces(order),
                                });
                            }
                        }
                    }
                    // Only movement is concerned: the retreats and adjustments the choice
                    // makes are the preset's.
                    (p, m) => assert_eq!(p, m, "{file} {}", phase_name(start.phase)),
                }
                Ok(made.next)
            });
            (file.clone(), replay)
        })
        .collect();
    (differing(&replays), changed)
}

/// The provinces an order names: its unit's, its destination, the unit it supports or convoys.
fn order_provinces(order: &Order) -> Vec<ProvinceId> {
    let mut out = vec![order.unit.place.province];
    match &order.action {
        Action::Move { to, .. } => {
            out.push(to.province);
            out.extend(order.path());
        }
        Action::SupportHold { target } => out.push(target.place.province),
        Action::SupportMove { target, to } | Action::Convoy { army: target, to } => {
            out.extend([target.place.province, to.province])
        }
        _ => {}
    }
    out
}

/// Checks that the choice's differences are the issue's: every phase that differs from the
/// record has an order the issue governs whose result the choice changes, and every other
/// order whose result changes follows from those (it names a province such an order, or an
/// order that follows from one, names: the supported move, the unit it attacked, a support
/// that attack cut).
fn assert_governed(what: &str, phases: &[String], changed: &[Changed]) {
    assert!(!phases.is_empty(), "{what}: no phase differs");
    for phase in phases {
        assert!(
            changed.iter().any(|c| &c.phase == phase && c.governed),
            "{what}: {phase} differs, but no order the issue governs changed: {:?}",
            changed.iter().filter(|c| &c.phase == phase).collect::<Vec<_>>()
        );
    }
    let mut phase_names: Vec<&String> = changed.iter().map(|c| &c.phase).collect();
    phase_names.dedup();
    for phase in phase_names {
        let orders: Vec<&Changed> = changed.iter().filter(|c| &c.phase == phase).collect();
        let mut reached: Vec<ProvinceId> =
            orders.iter().filter(|c| c.governed).flat_map(|c| c.provinces.iter().copied()).collect();
        let mut linked: Vec<bool> = orders.iter().map(|c| c.governed).collect();
        while let Some(i) =
            (0..orders.len()).find(|&i| !linked[i] && orders[i].provinces.iter().any(|p| reached.contains(p)))
        {
            linked[i] = true;
            reached.extend(orders[i].provinces.iter().copied());
        }
        for (c, linked) in orders.iter().zip(linked) {
            assert!(
                linked,
                "{what}: {phase}: `{}` changed ({:?} to {:?}), unrelated to the issue",
                c.text, c.preset, c.other
            );
        }
    }
}

/// §4.B.4 a and b govern a support of a fleet's move to a province with several coasts that
/// writes no coast (a coast written must match under every choice but e; under d, which
/// differs from e only there, no phase differs).
fn support_without_coast(map: &Map, start: &Position, order: &Order) -> bool {
    let Action::SupportMove { target, to } = &order.action else { return false };
    let fleet = start.unit_in(map, target.place.province).is_some_and(|u| u.kind == UnitKind::Fleet);
    fleet && map.is_multi_coast(to.province) && to.coast().is_none()
}

/// §4.B.4 c and §4.E.2 b (which reads such a support as 4.B.4 c does) govern those of
/// another power's fleet: a support of the supporter's own fleet stands.
fn support_of_foreign_fleet_without_coast(map: &Map, start: &Position, order: &Order) -> bool {
    let Action::SupportMove { target, .. } = &order.action else { return false };
    support_without_coast(map, start, order)
        && start.unit_in(map, target.place.province).is_some_and(|u| u.power != order.power)
}

/// §4.A.6 c governs an army's move by convoy that writes no path (none does in these games).
fn convoyed_move_without_path(map: &Map, start: &Position, order: &Order) -> bool {
    let Action::Move { to, via_convoy } = &order.action else { return false };
    let path = order.path();
    let army = start.unit_in(map, order.unit.place.province).is_some_and(|u| u.kind == UnitKind::Army);
    army && path.is_empty() && (*via_convoy || !map.army_adjacent(order.unit.place.province, to.province))
}

/// §4.C.5 a governs a support or convoy of another power's unit that names no nationality.
fn foreign_unit_without_nationality(map: &Map, start: &Position, order: &Order) -> bool {
    let target = match &order.action {
        Action::SupportHold { target } | Action::SupportMove { target, .. } | Action::Convoy { army: target, .. } => {
            target
        }
        _ => return false,
    };
    target.power.is_none() && start.unit_in(map, target.place.province).is_some_and(|u| u.power != order.power)
}

/// The phases where the 10 powers that ordered too few removals lose the units the civil
/// disorder rule picks (§4.D.8).
const CIVIL_DISORDER: [&str; 10] = [
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

/// The phases that differ under §4.B.4 a, the coast of a support mandatory.
const SUPPORT_COAST_MANDATORY: [&str; 22] = [
    "433761 S1903M",
    "433761 F1907M",
    "435211 S1903M",
    "435211 F1904M",
    "435211 F1906M",
    "435211 S1907M",
    "435500 S1902M",
    "435500 F1902M",
    "436345 F1902M",
    "437495 S1905M",
    "437765 S1906M",
    "437765 F1906M",
    "437765 F1907M",
    "439643 S1903M",
    "441488 S1903M",
    "441488 S1904M",
    "443556 S1904M",
    "443556 F1908M",
    "443831 F1908M",
    "447229 F1908M",
    "448105 F1907M",
    "449062 S1907M",
];

/// §4.B.4 b: a support without coast means the first coast the variant lists.
const SUPPORT_COAST_DEFAULT: [&str; 16] = [
    "433761 S1903M",
    "433761 F1907M",
    "435211 S1903M",
    "435211 F1904M",
    "435211 F1906M",
    "435211 S1907M",
    "435500 S1902M",
    "436345 F1902M",
    "437495 S1905M",
    "439643 S1903M",
    "441488 S1903M",
    "443556 S1904M",
    "443556 F1908M",
    "443831 F1908M",
    "448105 F1907M",
    "449062 S1907M",
];

/// §4.B.4 c and §4.E.2 b: a support without coast of another power's fleet fails.
const SUPPORT_COAST_OWN_FLEET: [&str; 4] = ["433761 S1903M", "436345 F1902M", "437765 S1906M", "441488 S1904M"];

/// A choice the preset refutes, and what the recorded games show under it.
struct Refuted {
    issue: &'static str,
    choice: &'static str,
    /// The orders the issue governs.
    governs: fn(&Map, &Position, &Order) -> bool,
    /// The result the choice gives such an order where the preset's differs.
    result: OrderResult,
    /// The phases that differ, where few enough to list.
    phases: Option<&'static [&'static str]>,
    count: usize,
}

/// The evidence `rules/webdiplomacy.toml` cites from the recorded games for each refuted
/// choice: which phases differ, that in each an order the issue governs has the result the
/// choice gives it, and that every other result changed follows from those orders.
#[test]
fn the_refuted_choices_differ_where_the_preset_says() {
    let base = webdiplomacy();
    assert_eq!(differing(&replay_all(&with(&base, &[("4.D.8", "c")]))), CIVIL_DISORDER);
    let support_void = OrderResult::Fails(Failure::SupportVoid);
    let refuted = [
        Refuted {
            issue: "4.B.4",
            choice: "a",
            governs: support_without_coast,
            result: support_void.clone(),
            phases: Some(&SUPPORT_COAST_MANDATORY),
            count: 22,
        },
        Refuted {
            issue: "4.B.4",
            choice: "b",
            governs: support_without_coast,
            result: support_void.clone(),
            phases: Some(&SUPPORT_COAST_DEFAULT),
            count: 16,
        },
        Refuted {
            issue: "4.B.4",
            choice: "c",
            governs: support_of_foreign_fleet_without_coast,
            result: support_void.clone(),
            phases: Some(&SUPPORT_COAST_OWN_FLEET),
            count: 4,
        },
        Refuted {
            issue: "4.E.2",
            choice: "b",
            governs: support_of_foreign_fleet_without_coast,
            result: support_void,
            phases: Some(&SUPPORT_COAST_OWN_FLEET),
            count: 4,
        },
        Refuted {
            issue: "4.A.6",
            choice: "c",
            governs: convoyed_move_without_path,
            result: OrderResult::Fails(Failure::NoConvoyPath),
            phases: None,
            count: 119,
        },
        Refuted {
            issue: "4.C.5",
            choice: "a",
            governs: foreign_unit_without_nationality,
            result: OrderResult::Illegal(Illegal::MissingNationality),
            phases: None,
            count: 114,
        },
    ];
    for r in refuted {
        let what = format!("{}={}", r.issue, r.choice);
        let (phases, changed) = changed_orders(&base, r.issue, r.choice, r.governs);
        assert_governed(&what, &phases, &changed);
        for c in changed.iter().filter(|c| c.governed) {
            assert_eq!(c.other, r.result, "{what}: {}: `{}`", c.phase, c.text);
        }
        if let Some(pinned) = r.phases {
            assert_eq!(phases, pinned, "{what}");
        }
        assert_eq!(phases.len(), r.count, "{what}: {phases:?}");
    }
    // Under d a coast written must match, as under every choice but e: none is wrong.
    assert!(differing(&replay_all(&with(&base, &[("4.B.4", "d")]))).is_empty());
}

//! A whole game on the standard map, Spring 1901 to Winter 1903, played through `Game`.
//!
//! `tests/games/standard/NN_<phase>.ron` hold, in order, the orders of each phase and the
//! position expected after it (`expect_phase`, `expect_units`, and where given
//! `expect_centres` and `expect_dislodged`; no dislodged units are expected when it is left
//! out). The expectations were worked out by hand from the rules, not taken from the engine.
//! Every order in the files is legal, so an order the adjudicator calls illegal fails too.

use std::collections::BTreeMap;
use std::path::PathBuf;

use dip::{
    AdjustmentResult, Game, Map, Order, OrderResult, ParseOptions, PhaseOutcome, PhaseRecord, Position, RetreatResult,
    Rules, Unit, UnitKind,
};
use serde::Deserialize;

type ByPower = BTreeMap<String, Vec<String>>;

/// One phase: its orders and the position expected after them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PhaseFile {
    /// Orders by power name.
    #[serde(default)]
    orders: ByPower,
    /// The phase the game is in after these orders (`Fall 1901 Movement`).
    expect_phase: String,
    /// Units on the board by power: `"F North Sea"`, `"F St Petersburg(nc)"`.
    expect_units: ByPower,
    /// Supply centres by owner (province names).
    #[serde(default)]
    expect_centres: Option<ByPower>,
    /// Dislodged units by power; none when left out.
    #[serde(default)]
    expect_dislodged: Option<ByPower>,
}

fn game_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/games/standard")
}

/// The phase files in order: (file name, contents).
fn phase_files() -> Vec<(String, PhaseFile)> {
    let dir = game_dir();
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".ron"))
        .collect();
    names.sort();
    assert!(!names.is_empty(), "no phase files in {}", dir.display());
    names
        .into_iter()
        .map(|name| {
            let text = std::fs::read_to_string(dir.join(&name)).unwrap_or_else(|e| panic!("{name}: {e}"));
            let file: PhaseFile = ron::Options::default()
                .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
                .from_str(&text)
                .unwrap_or_else(|e| panic!("{name}: cannot read the phase file: {e}"));
            (name, file)
        })
        .collect()
}

/// Parses a file's orders for the game's current phase, power by power in file order.
fn parse_orders(map: &Map, game: &Game, name: &str, orders: &ByPower) -> Vec<Order> {
    let mut parsed = Vec::new();
    for (power_name, lines) in orders {
        let power = map.power_by_name(power_name).unwrap_or_else(|| panic!("{name}: no power named `{power_name}`"));
        let options = ParseOptions::new(game.phase().kind).power(power);
        for line in lines {
            let order = dip::parse_order(map, options, line)
                .unwrap_or_else(|e| panic!("{name}: {power_name} order `{line}` does not parse: {e}"));
            parsed.push(order);
        }
    }
    parsed
}

fn unit_text(map: &Map, unit: &Unit) -> String {
    let kind = match unit.kind {
        UnitKind::Army => "A",
        UnitKind::Fleet => "F",
    };
    format!("{}: {kind} {}", map.power(unit.power).name, map.loc_name(unit.loc))
}

fn units(map: &Map, position: &Position) -> Vec<String> {
    let mut list: Vec<String> = position.units.iter().map(|u| unit_text(map, u)).collect();
    list.sort();
    list
}

fn dislodged(map: &Map, position: &Position) -> Vec<String> {
    let mut list: Vec<String> = position.dislodged.iter().map(|d| unit_text(map, &d.unit)).collect();
    list.sort();
    list
}

fn centres(map: &Map, position: &Position) -> Vec<String> {
    let mut list: Vec<String> = map
        .provinces()
        .filter_map(|p| {
            let owner = position.owners.get(p.index()).copied().flatten()?;
            Some(format!("{}: {}", map.power(owner).name, map.province(p).name))
        })
        .collect();
    list.sort();
    list
}

/// `Power: item` lines from a power → items map, sorted.
fn flatten(by_power: &ByPower) -> Vec<String> {
    let mut list: Vec<String> =
        by_power.iter().flat_map(|(power, items)| items.iter().map(move |item| format!("{power}: {item}"))).collect();
    list.sort();
    list
}

/// Two sorted lists side by side, lines found on one side only marked with `!`.
fn side_by_side(expected: &[String], actual: &[String]) -> String {
    let width = expected.iter().map(String::len).max().unwrap_or(0).max("expected".len());
    let mut out = format!("  {:width$} | actual\n", "expected");
    let (mut i, mut j) = (0, 0);
    while i < expected.len() || j < actual.len() {
        let (left, right) = match (expected.get(i), actual.get(j)) {
            (Some(e), Some(a)) if e == a => {
                i += 1;
                j += 1;
                (e.as_str(), a.as_str())
            }
            (Some(e), Some(a)) if e < a => {
                i += 1;
                (e.as_str(), "")
            }
            (Some(_), Some(a)) | (None, Some(a)) => {
                j += 1;
                ("", a.as_str())
            }
            (Some(e), None) => {
                i += 1;
                (e.as_str(), "")
            }
            (None, None) => unreachable!(),
        };
        let mark = if left == right { ' ' } else { '!' };
        out.push_str(&format!("{mark} {left:width$} | {right}\n"));
    }
    out
}

fn check_list(problems: &mut Vec<String>, what: &str, expected: &[String], actual: &[String]) {
    if expected != actual {
        problems.push(format!("{what}:\n{}", side_by_side(expected, actual)));
    }
}

/// The orders of a played phase that the adjudicator found illegal, with the reason.
fn illegal_orders(map: &Map, record: &PhaseRecord) -> Vec<String> {
    let illegal: Vec<Option<String>> = match &record.outcome {
        PhaseOutcome::Movement(outcome) => {
            outcome.results.iter().map(|r| matches!(r, OrderResult::Illegal(_)).then(|| format!("{r:?}"))).collect()
        }
        PhaseOutcome::Retreat(outcome) => {
            outcome.results.iter().map(|r| matches!(r, RetreatResult::Illegal(_)).then(|| r.describe(map))).collect()
        }
        PhaseOutcome::Adjustment(outcome) => {
            outcome.results.iter().map(|r| matches!(r, AdjustmentResult::Illegal(_)).then(|| r.to_string())).collect()
        }
    };
    record
        .orders
        .iter()
        .zip(illegal)
        .filter_map(|(order, why)| Some(format!("{}: {}", order.display(map), why?)))
        .collect()
}

/// Plays every phase file in order, each phase's orders reversed when `reverse`, and
/// returns the file names with the position reached after each and the orders found
/// illegal.
fn play(files: &[(String, PhaseFile)], reverse: bool) -> (Map, Vec<(String, Position, Vec<String>)>) {
    let map = dip::variant("standard").expect("the standard map loads");
    let mut game = Game::new(map.clone(), Rules::default());
    let mut reached = Vec::new();
    for (name, file) in files {
        let mut orders = parse_orders(&map, &game, name, &file.orders);
        if reverse {
            orders.reverse();
        }
        let illegal = illegal_orders(&map, game.play(orders).expect("orders of the map"));
        reached.push((name.clone(), game.position().clone(), illegal));
    }
    (map, reached)
}

#[test]
fn standard_game_1901_to_1903() {
    let files = phase_files();
    let (map, reached) = play(&files, false);
    for ((name, file), (_, position, illegal)) in files.iter().zip(&reached) {
        let mut problems = Vec::new();
        if !illegal.is_empty() {
            problems.push(format!("illegal orders (every order in the files is legal):\n  {}", illegal.join("\n  ")));
        }
        let phase = position.phase.to_string();
        if phase != file.expect_phase {
            problems.push(format!("phase: expected `{}`, actual `{phase}`", file.expect_phase));
        }
        check_list(&mut problems, "units", &flatten(&file.expect_units), &units(&map, position));
        let expected_dislodged = file.expect_dislodged.as_ref().map(flatten).unwrap_or_default();
        check_list(&mut problems, "dislodged", &expected_dislodged, &dislodged(&map, position));
        if let Some(expected) = &file.expect_centres {
            check_list(&mut problems, "centres", &flatten(expected), &centres(&map, position));
        }
        assert!(problems.is_empty(), "{name}: the position after these orders differs\n{}", problems.join("\n"));
    }
}

#[test]
fn order_of_orders_does_not_matter() {
    let files = phase_files();
    let (map, forward) = play(&files, false);
    let (_, reversed) = play(&files, true);
    for ((name, a, _), (_, b, _)) in forward.iter().zip(&reversed) {
        let mut problems = Vec::new();
        if a.phase != b.phase {
            problems.push(format!("phase: in file order `{}`, reversed `{}`", a.phase, b.phase));
        }
        check_list(&mut problems, "units (in file order | reversed)", &units(&map, a), &units(&map, b));
        check_list(&mut problems, "dislodged (in file order | reversed)", &dislodged(&map, a), &dislodged(&map, b));
        check_list(&mut problems, "centres (in file order | reversed)", &centres(&map, a), &centres(&map, b));
        assert!(problems.is_empty(), "{name}: reversing the orders changes the position\n{}", problems.join("\n"));
        assert_eq!(a, b, "{name}: reversing the orders changes the position");
    }
}

//! DATC 6.J: too many removals and civil disorder, under the 2023 rule (DATC v3.1) and the
//! older rulebooks (the DATC v2.5 versions of the cases).

mod common;

use common::{board, map, orders};
use dip_adjust::{
    AdjustmentFailure, AdjustmentIllegal, AdjustmentOutcome, AdjustmentResult, RemovalCause, adjudicate_adjustments,
    removal_precedence,
};
use dip_map::{Map, PhaseKind, Position, Rules};

const WINTER: &str = "Winter 1901 Adjustment";

fn adjust(map: &Map, position: &Position, block: &str, rules: &Rules) -> AdjustmentOutcome {
    adjudicate_adjustments(map, position, &orders(map, PhaseKind::Adjustment, block), rules).expect("valid input")
}

fn old_rules() -> Rules {
    let mut rules = Rules::default();
    rules.set("4.D.8", "1982").expect("a known choice");
    rules
}

/// The units removed, as `A Paris`, with the cause.
fn removed(map: &Map, outcome: &AdjustmentOutcome) -> Vec<(String, RemovalCause)> {
    outcome.removed.iter().map(|r| (format!("{} {}", r.unit.kind, map.loc_name(r.unit.loc)), r.cause)).collect()
}

/// The unit the civil-disorder rule removes when `power` with `units` and `owned` centres
/// orders nothing and has one unit too many.
fn disorder_removes(power: &str, units: &[&str], owned: &[&str], rules: &Rules) -> String {
    let map = map();
    let units: Vec<(&str, &str)> = units.iter().map(|u| (power, *u)).collect();
    let owners: Vec<(&str, &str)> = owned.iter().map(|c| (power, *c)).collect();
    let position = board(&map, WINTER, &units, &owners);
    assert_eq!(units.len(), owned.len() + 1, "one unit too many");
    let outcome = adjudicate_adjustments(&map, &position, &[], rules).expect("valid input");
    let gone = removed(&map, &outcome);
    assert_eq!(gone.len(), 1);
    assert_eq!(gone[0].1, RemovalCause::CivilDisorder);
    assert_eq!(outcome.position.units.len(), owned.len());
    gone[0].0.clone()
}

#[test]
fn j01_too_many_disband_orders() {
    let map = map();
    let position = board(&map, WINTER, &[("France", "A Paris"), ("France", "A Picardy")], &[("France", "Paris")]);
    let block = "France:\nRemove F Gulf of Lyon\nRemove A Picardy\nRemove A Paris";
    let outcome = adjust(&map, &position, block, &Rules::default());
    assert_eq!(outcome.results[0], AdjustmentResult::Illegal(AdjustmentIllegal::NoUnit));
    assert_eq!(outcome.results[1], AdjustmentResult::Succeeds);
    assert_eq!(outcome.results[2], AdjustmentResult::Fails(AdjustmentFailure::TooManyRemovals));
    assert_eq!(removed(&map, &outcome), [("A Picardy".to_string(), RemovalCause::Ordered)]);
    assert_eq!(outcome.position.units.len(), 1);

    // §4.D.6 choice c: the last legal ones; choice a: the civil-disorder rule decides.
    let mut rules = Rules::default();
    rules.set("4.D.6", "c").expect("a known choice");
    let outcome = adjust(&map, &position, block, &rules);
    assert_eq!(removed(&map, &outcome), [("A Paris".to_string(), RemovalCause::Ordered)]);
    rules.set("4.D.6", "a").expect("a known choice");
    let outcome = adjust(&map, &position, block, &rules);
    assert_eq!(outcome.results[1], AdjustmentResult::Fails(AdjustmentFailure::RemovalsByCivilDisorder));
    assert_eq!(outcome.results[2], AdjustmentResult::Fails(AdjustmentFailure::RemovalsByCivilDisorder));
    // Paris stands on a supply centre, so Picardy goes.
    assert_eq!(removed(&map, &outcome), [("A Picardy".to_string(), RemovalCause::CivilDisorder)]);
}

#[test]
fn j02_removing_the_same_unit_twice() {
    let map = map();
    let position = board(
        &map,
        WINTER,
        &[("France", "A Paris"), ("France", "A Picardy"), ("France", "A Burgundy")],
        &[("France", "Paris")],
    );
    let outcome = adjust(&map, &position, "France:\nRemove A Paris\nRemove A Paris", &Rules::default());
    assert_eq!(outcome.results[0], AdjustmentResult::Succeeds);
    assert_eq!(outcome.results[1], AdjustmentResult::Fails(AdjustmentFailure::Duplicate));
    let gone = removed(&map, &outcome);
    assert_eq!(gone.len(), 2);
    assert_eq!(gone[0], ("A Paris".to_string(), RemovalCause::Ordered));
    // Burgundy and Picardy are both one from a French centre: alphabetical order.
    assert_eq!(gone[1], ("A Burgundy".to_string(), RemovalCause::CivilDisorder));
    assert_eq!(outcome.position.units.len(), 1);
}

#[test]
fn j03_two_armies_with_different_distance() {
    let rules = Rules::default();
    assert_eq!(disorder_removes("Russia", &["A Livonia", "A Prussia"], &["St Petersburg"], &rules), "A Prussia");
}

#[test]
fn j04_two_armies_with_equal_distance() {
    let rules = Rules::default();
    assert_eq!(disorder_removes("Russia", &["A Livonia", "A Ukraine"], &["Moscow"], &rules), "A Livonia");
}

#[test]
fn j05_two_fleets_with_different_distance() {
    let rules = Rules::default();
    assert_eq!(
        disorder_removes("Russia", &["F Skagerrak", "F North Atlantic Ocean"], &["St Petersburg"], &rules),
        "F North Atlantic Ocean"
    );
}

#[test]
fn j06_two_fleets_with_equal_distance() {
    let rules = Rules::default();
    assert_eq!(
        disorder_removes("Russia", &["F Gulf of Bothnia", "F North Sea"], &["Munich"], &rules),
        "F Gulf of Bothnia"
    );
}

#[test]
fn j07_two_fleets_and_army_with_equal_distance() {
    let rules = Rules::default();
    assert_eq!(
        disorder_removes("Russia", &["A Bohemia", "F Skagerrak", "F North Sea"], &["St Petersburg", "Warsaw"], &rules),
        "F North Sea"
    );
}

#[test]
fn j08_fleet_with_shorter_distance_than_the_army() {
    let rules = Rules::default();
    assert_eq!(disorder_removes("Russia", &["A Tyrolia", "F Baltic Sea"], &["Warsaw"], &rules), "A Tyrolia");
}

#[test]
fn j09_distance_counted_from_both_coasts() {
    let rules = Rules::default();
    let owned = ["St Petersburg", "Sevastopol"];
    assert_eq!(disorder_removes("Russia", &["A Albania", "A Sevastopol", "F Baltic Sea"], &owned, &rules), "A Albania");
    assert_eq!(disorder_removes("Russia", &["A Albania", "A Sevastopol", "F Skagerrak"], &owned, &rules), "A Albania");
}

#[test]
fn j10_counting_convoying_distance() {
    let rules = Rules::default();
    assert_eq!(disorder_removes("Italy", &["A Albania", "A Piedmont"], &["Naples"], &rules), "A Piedmont");
}

#[test]
fn j11_distance_to_owned_supply_centre() {
    assert_eq!(disorder_removes("Italy", &["A Warsaw", "A Tuscany"], &["Warsaw"], &Rules::default()), "A Tuscany");
    // Older rulebooks: distance to the home centres, so Warsaw goes.
    assert_eq!(disorder_removes("Italy", &["A Warsaw", "A Tuscany"], &["Warsaw"], &old_rules()), "A Warsaw");
}

/// The DATC v2.5 versions of 6.J.3–6.J.11, for the 1971/1982 rule (§4.D.8 choice a): the
/// distance to the nearest home centre, fleets moving as fleets, armies as armies or fleets.
#[test]
fn j_older_rulebooks() {
    let rules = old_rules();
    let r = |units: &[&str]| disorder_removes("Russia", units, &["Moscow"], &rules);
    assert_eq!(r(&["A Livonia", "A Sweden"]), "A Sweden");
    assert_eq!(r(&["A Livonia", "A Ukraine"]), "A Livonia");
    assert_eq!(r(&["F Skagerrak", "F Berlin"]), "F Berlin");
    assert_eq!(r(&["F Berlin", "F Helgoland Bight"]), "F Berlin");
    assert_eq!(r(&["A Tyrolia", "F Baltic Sea"]), "A Tyrolia");
    assert_eq!(r(&["A Tyrolia", "F Skagerrak"]), "A Tyrolia");
    let two = |units: &[&str]| disorder_removes("Russia", units, &["Moscow", "Warsaw"], &rules);
    assert_eq!(two(&["A Bohemia", "F Skagerrak", "F North Sea"]), "F North Sea");
    let italy = |units: &[&str]| disorder_removes("Italy", units, &["Rome", "Naples"], &rules);
    assert_eq!(italy(&["F Ionian Sea", "A Greece", "A Silesia"]), "A Silesia");
    let italy_one = |units: &[&str]| disorder_removes("Italy", units, &["Rome"], &rules);
    assert_eq!(italy_one(&["A Greece", "A Silesia"]), "A Silesia");
    // The 2000 rulebook is read the same way.
    let mut rules2000 = Rules::default();
    rules2000.set("4.D.8", "2000").expect("a known choice");
    assert_eq!(disorder_removes("Russia", &["F Skagerrak", "F Berlin"], &["Moscow"], &rules2000), "F Berlin");
}

#[test]
fn precedence_lists_every_unit() {
    let map = map();
    let position = board(
        &map,
        WINTER,
        &[("Russia", "A Sevastopol"), ("Russia", "A Albania"), ("Russia", "F Baltic Sea"), ("Turkey", "F Ankara")],
        &[("Russia", "St Petersburg"), ("Russia", "Sevastopol")],
    );
    let russia = common::power(&map, "Russia");
    let order: Vec<String> =
        removal_precedence(&map, &position, russia, &Rules::default()).iter().map(|u| map.loc_name(u.loc)).collect();
    assert_eq!(order, ["Albania", "Baltic Sea", "Sevastopol"]);
}

#[test]
fn a_power_with_no_centres_loses_every_unit() {
    let map = map();
    let position = board(&map, WINTER, &[("Austria", "A Vienna"), ("Austria", "F Trieste")], &[]);
    let outcome = adjust(&map, &position, "Austria:\nRemove A Vienna", &Rules::default());
    assert_eq!(outcome.results[0], AdjustmentResult::Succeeds);
    assert_eq!(outcome.removed.len(), 2);
    assert!(outcome.position.units.is_empty());
}

fn rules_with(choice: &str) -> Rules {
    let mut rules = Rules::default();
    rules.set("4.D.8", choice).expect("a known choice");
    rules
}

/// godip and MILA break a tie by province abbreviation, the rulebooks by English name.
/// Russia (home centres Moscow, Sevastopol, St Petersburg, Warsaw) owns St Petersburg and
/// keeps two fleets, each one move from St Petersburg's south coast and one step from it
/// over any border: every rule finds them equally far, fleets both. `Finland` comes before
/// `Gulf of Bothnia`, but `bot` before `fin`. MILA 1.1.2 removes F BOT.
#[test]
fn godip_and_mila_break_ties_by_abbreviation() {
    let units = ["F Gulf of Bothnia", "F Finland"];
    let owned = ["St Petersburg"];
    for choice in ["a", "b", "c"] {
        assert_eq!(disorder_removes("Russia", &units, &owned, &rules_with(choice)), "F Finland", "{choice}");
    }
    for choice in ["godip", "mila"] {
        assert_eq!(disorder_removes("Russia", &units, &owned, &rules_with(choice)), "F Gulf of Bothnia", "{choice}");
    }
}

/// godip counts every border for fleets too. Austria (home centres Budapest, Trieste,
/// Vienna) owns Vienna and keeps F Black Sea and A Prussia:
/// - a, b and MILA: the fleet sails Constantinople, Aegean, Ionian, Adriatic to Trieste (5
///   moves); the army is 3 steps from Vienna or Budapest (Silesia, Galicia): the fleet goes.
/// - c: both are 3 steps from Vienna, the owned centre (Rumania, Galicia; Silesia,
///   Galicia), neither on a centre: the fleet goes first.
/// - godip: the fleet is 2 steps from Budapest over any border (Rumania), the army 3: the
///   army goes.
///
/// MILA 1.1.2 removes F BLA.
#[test]
fn godip_counts_every_border_for_fleets() {
    let units = ["F Black Sea", "A Prussia"];
    let owned = ["Vienna"];
    for choice in ["a", "b", "c", "mila"] {
        assert_eq!(disorder_removes("Austria", &units, &owned, &rules_with(choice)), "F Black Sea", "{choice}");
    }
    assert_eq!(disorder_removes("Austria", &units, &owned, &rules_with("godip")), "A Prussia");
}

/// A unit that cannot reach a home centre at all: the farthest for the rulebooks and MILA
/// (which counts it 99,999 steps away), as if on a home centre for godip (whose search
/// leaves such a distance at 0). Alpha's home is `h`; `m` borders it; `z` borders nothing.
#[test]
fn a_unit_that_cannot_reach_home() {
    let map = dip_map::load_str(
        "cut_off.ron",
        r#"(
    name: "cut_off", title: "Cut off",
    powers: [(name: "Alpha", adjective: "Alphan", short: "ALP", homes: ["h"])],
    provinces: [
        (abbr: "h", name: "Home", terrain: Land, centre: true, army: ["m"]),
        (abbr: "m", name: "March", terrain: Land, army: ["h"]),
        (abbr: "z", name: "Zone", terrain: Land),
    ],
    start: (season: Spring, year: 1901, units: [(power: "Alpha", kind: Army, at: "h")]),
    victory: (centres: 1),
)"#,
    )
    .expect("the test map loads");
    let alpha = map.power_by_name("Alpha").expect("Alpha");
    let mut position = Position::empty(&map, WINTER.parse().expect("a phase"));
    for at in ["m", "z"] {
        let loc = map.main_loc(map.province_by_name(at).expect("a province"));
        position.units.push(dip_map::Unit { power: alpha, kind: dip_map::UnitKind::Army, loc });
    }
    position.owners[map.province_by_name("h").expect("h").index()] = Some(alpha);
    let removed_by = |choice: &str| -> String {
        let outcome = adjudicate_adjustments(&map, &position, &[], &rules_with(choice)).expect("valid input");
        assert_eq!(outcome.removed.len(), 1);
        map.loc_name(outcome.removed[0].unit.loc)
    };
    for choice in ["a", "b", "c", "mila"] {
        assert_eq!(removed_by(choice), "Zone", "{choice}");
    }
    assert_eq!(removed_by("godip"), "March");
}

/// The positions of DATC 6.J (v2.5 and v3.1) under the MILA choice, each with the unit
/// MILA 1.1.2 removes (run on the same position): none of them ends in a tie that the
/// abbreviation decides otherwise than the English name, so MILA agrees with choice a.
#[test]
fn mila_on_the_datc_positions() {
    let rules = rules_with("mila");
    let cases: &[(&str, &[&str], &[&str], &str)] = &[
        ("Russia", &["A Livonia", "A Sweden"], &["Moscow"], "A Sweden"),
        ("Russia", &["A Livonia", "A Ukraine"], &["Moscow"], "A Livonia"),
        ("Russia", &["F Skagerrak", "F Berlin"], &["Moscow"], "F Berlin"),
        ("Russia", &["F Berlin", "F Helgoland Bight"], &["Moscow"], "F Berlin"),
        ("Russia", &["A Tyrolia", "F Baltic Sea"], &["Moscow"], "A Tyrolia"),
        ("Russia", &["A Tyrolia", "F Skagerrak"], &["Moscow"], "A Tyrolia"),
        ("Russia", &["A Bohemia", "F Skagerrak", "F North Sea"], &["Moscow", "Warsaw"], "F North Sea"),
        ("Italy", &["F Ionian Sea", "A Greece", "A Silesia"], &["Rome", "Naples"], "A Silesia"),
        ("Italy", &["A Greece", "A Silesia"], &["Rome"], "A Silesia"),
        ("Russia", &["A Livonia", "A Prussia"], &["St Petersburg"], "A Livonia"),
        ("Russia", &["F Skagerrak", "F North Atlantic Ocean"], &["St Petersburg"], "F North Atlantic Ocean"),
        ("Russia", &["F Gulf of Bothnia", "F North Sea"], &["Munich"], "F North Sea"),
        ("Russia", &["A Bohemia", "F Skagerrak", "F North Sea"], &["St Petersburg", "Warsaw"], "F North Sea"),
        ("Russia", &["A Tyrolia", "F Baltic Sea"], &["Warsaw"], "A Tyrolia"),
        ("Russia", &["A Albania", "A Sevastopol", "F Baltic Sea"], &["St Petersburg", "Sevastopol"], "A Albania"),
        ("Russia", &["A Albania", "A Sevastopol", "F Skagerrak"], &["St Petersburg", "Sevastopol"], "A Albania"),
        ("Italy", &["A Albania", "A Piedmont"], &["Naples"], "A Albania"),
        ("Italy", &["A Warsaw", "A Tuscany"], &["Warsaw"], "A Warsaw"),
    ];
    for (power, units, owned, gone) in cases {
        assert_eq!(disorder_removes(power, units, owned, &rules), *gone, "{power} {units:?} owning {owned:?}");
    }
}

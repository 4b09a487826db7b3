//! DATC 6.I (building) and 6.B.14, and the build-related rule choices.

mod common;

use common::{board, loc, map, orders};
use dip_adjust::{AdjustmentFailure, AdjustmentIllegal, AdjustmentOutcome, AdjustmentResult, adjudicate_adjustments};
use dip_map::{Map, PhaseKind, Position, Rules};

const WINTER: &str = "Winter 1901 Adjustment";

fn adjust(map: &Map, position: &Position, block: &str, rules: &Rules) -> AdjustmentOutcome {
    adjudicate_adjustments(map, position, &orders(map, PhaseKind::Adjustment, block), rules).expect("valid input")
}

fn rules(choices: &[(&str, &str)]) -> Rules {
    let mut rules = Rules::default();
    for (issue, choice) in choices {
        rules.set(issue, choice).expect("a known issue and choice");
    }
    rules
}

fn built(map: &Map, outcome: &AdjustmentOutcome) -> Vec<String> {
    outcome.built.iter().map(|u| format!("{} {}", u.kind, map.loc_name(u.loc))).collect()
}

const FAILS_TOO_MANY: AdjustmentResult = AdjustmentResult::Fails(AdjustmentFailure::TooManyBuilds);

/// Germany owns its home centres and Holland, with armies in Berlin, Holland and Ruhr:
/// one build. Warsaw is Russian.
fn germany_one_build(map: &Map) -> Position {
    board(
        map,
        WINTER,
        &[("Germany", "A Berlin"), ("Germany", "A Holland"), ("Germany", "A Ruhr")],
        &[
            ("Germany", "Berlin"),
            ("Germany", "Kiel"),
            ("Germany", "Munich"),
            ("Germany", "Holland"),
            ("Russia", "Warsaw"),
        ],
    )
}

#[test]
fn i01_too_many_build_orders() {
    let map = map();
    let position = germany_one_build(&map);
    let block = "Germany:\nBuild A Warsaw\nBuild A Kiel\nBuild A Munich";
    let outcome = adjust(&map, &position, block, &Rules::default());
    assert_eq!(outcome.results[0], AdjustmentResult::Illegal(AdjustmentIllegal::NotOwned));
    assert_eq!(outcome.results[1], AdjustmentResult::Succeeds);
    assert_eq!(outcome.results[2], FAILS_TOO_MANY);
    assert_eq!(built(&map, &outcome), ["A Kiel"]);
    assert_eq!(outcome.powers[common::power(&map, "Germany").index()].change, 1);
    assert_eq!(outcome.position.phase, common::phase("Spring 1902 Movement"));
    assert_eq!(outcome.position.units.len(), 4);

    // §4.D.4 choice a: all builds invalid; choice c: the last legal ones.
    let outcome = adjust(&map, &position, block, &rules(&[("4.D.4", "a")]));
    assert_eq!(outcome.results[1..], [FAILS_TOO_MANY, FAILS_TOO_MANY]);
    assert!(outcome.built.is_empty());
    let outcome = adjust(&map, &position, block, &rules(&[("4.D.4", "c")]));
    assert_eq!(outcome.results[1..], [FAILS_TOO_MANY, AdjustmentResult::Succeeds]);
    assert_eq!(built(&map, &outcome), ["A Munich"]);
}

/// Russia owns its four home centres and has three units, none in Moscow or St Petersburg.
fn russia(map: &Map, units: &[&str]) -> Position {
    let units: Vec<(&str, &str)> = units.iter().map(|u| ("Russia", *u)).collect();
    board(
        map,
        WINTER,
        &units,
        &[("Russia", "Moscow"), ("Russia", "St Petersburg"), ("Russia", "Warsaw"), ("Russia", "Sevastopol")],
    )
}

#[test]
fn i02_fleets_cannot_be_built_in_land_areas() {
    let map = map();
    let position = russia(&map, &["A Warsaw", "F Sevastopol", "A Ukraine"]);
    let outcome = adjust(&map, &position, "Russia:\nBuild F Moscow", &Rules::default());
    assert_eq!(outcome.results[0], AdjustmentResult::Illegal(AdjustmentIllegal::FleetInLand));
    assert!(outcome.built.is_empty());
    // §4.C.4 choice b: an army is built.
    let outcome = adjust(&map, &position, "Russia:\nBuild F Moscow", &rules(&[("4.C.4", "b")]));
    assert_eq!(outcome.results[0], AdjustmentResult::Succeeds);
    assert_eq!(built(&map, &outcome), ["A Moscow"]);
}

#[test]
fn i03_supply_centre_must_be_empty_for_building() {
    let map = map();
    let position = board(&map, WINTER, &[("Germany", "A Berlin")], &[("Germany", "Berlin"), ("Germany", "Kiel")]);
    let outcome = adjust(&map, &position, "Germany:\nBuild A Berlin", &Rules::default());
    assert_eq!(outcome.results[0], AdjustmentResult::Illegal(AdjustmentIllegal::Occupied));
    assert!(outcome.built.is_empty());
}

#[test]
fn i04_both_coasts_must_be_empty_for_building() {
    let map = map();
    let position = russia(&map, &["F St Petersburg(sc)", "A Warsaw"]);
    let outcome = adjust(&map, &position, "Russia:\nBuild A St Petersburg(nc)", &Rules::default());
    assert_eq!(outcome.results[0], AdjustmentResult::Illegal(AdjustmentIllegal::Occupied));
    assert!(outcome.built.is_empty());
}

#[test]
fn i05_building_in_home_supply_centre_that_is_not_owned() {
    let map = map();
    let position = board(
        &map,
        WINTER,
        &[("Germany", "A Kiel")],
        &[("Russia", "Berlin"), ("Germany", "Kiel"), ("Germany", "Denmark"), ("Germany", "Holland")],
    );
    let outcome = adjust(&map, &position, "Germany:\nBuild A Berlin", &Rules::default());
    assert_eq!(outcome.results[0], AdjustmentResult::Illegal(AdjustmentIllegal::NotOwned));
    assert!(outcome.built.is_empty());
}

#[test]
fn i06_building_in_owned_supply_centre_that_is_not_a_home_centre() {
    let map = map();
    let position = board(
        &map,
        WINTER,
        &[("Germany", "A Berlin"), ("Germany", "A Kiel"), ("Germany", "A Munich")],
        &[("Germany", "Berlin"), ("Germany", "Kiel"), ("Germany", "Munich"), ("Germany", "Warsaw")],
    );
    let outcome = adjust(&map, &position, "Germany:\nBuild A Warsaw", &Rules::default());
    assert_eq!(outcome.results[0], AdjustmentResult::Illegal(AdjustmentIllegal::NotHomeCentre));
    assert!(outcome.built.is_empty());
}

#[test]
fn i07_only_one_build_in_a_home_supply_centre() {
    let map = map();
    let position = russia(&map, &["A Warsaw", "F Sevastopol"]);
    let block = "Russia:\nBuild A Moscow\nBuild A Moscow";
    let outcome = adjust(&map, &position, block, &Rules::default());
    assert_eq!(outcome.results[0], AdjustmentResult::Succeeds);
    assert_eq!(outcome.results[1], AdjustmentResult::Fails(AdjustmentFailure::AnotherBuildInProvince));
    assert_eq!(built(&map, &outcome), ["A Moscow"]);

    // §4.D.5: choice a, both fail; choice c, the last is used.
    let block = "Russia:\nBuild A Moscow\nBuild A St Petersburg\nBuild F St Petersburg(nc)";
    let outcome = adjust(&map, &position, block, &rules(&[("4.D.5", "a")]));
    assert_eq!(built(&map, &outcome), ["A Moscow"]);
    let outcome = adjust(&map, &position, block, &rules(&[("4.D.5", "c")]));
    assert_eq!(built(&map, &outcome), ["A Moscow", "F St Petersburg(nc)"]);
    let outcome = adjust(&map, &position, block, &Rules::default());
    assert_eq!(built(&map, &outcome), ["A Moscow", "A St Petersburg"]);
}

#[test]
fn b14_building_with_unspecified_coast() {
    let map = map();
    let position = russia(&map, &["A Warsaw", "F Sevastopol", "A Moscow"]);
    let outcome = adjust(&map, &position, "Russia:\nBuild F St Petersburg", &Rules::default());
    assert_eq!(outcome.results[0], AdjustmentResult::Illegal(AdjustmentIllegal::CoastNeeded));
    assert!(outcome.built.is_empty());
    let outcome = adjust(&map, &position, "Russia:\nBuild F St Petersburg(nc)", &Rules::default());
    assert_eq!(outcome.results[0], AdjustmentResult::Succeeds);
    assert_eq!(outcome.built[0].loc, loc(&map, "F St Petersburg(nc)"));
}

#[test]
fn missing_unit_type_per_4c3() {
    let map = map();
    let position = russia(&map, &["A Warsaw"]);
    let block = "Russia:\nBuild Moscow\nBuild St Petersburg(sc)\nBuild Sevastopol";
    // c (default): army inland, fleet where a coast is given, fails otherwise.
    let outcome = adjust(&map, &position, block, &Rules::default());
    assert_eq!(built(&map, &outcome), ["A Moscow", "F St Petersburg(sc)"]);
    assert_eq!(outcome.results[2], AdjustmentResult::Illegal(AdjustmentIllegal::NoUnitType));
    // b: army inland only.
    let outcome = adjust(&map, &position, block, &rules(&[("4.C.3", "b")]));
    assert_eq!(built(&map, &outcome), ["A Moscow"]);
    // a: always fails.
    let outcome = adjust(&map, &position, block, &rules(&[("4.C.3", "a")]));
    assert!(outcome.built.is_empty());
    assert!(outcome.results.iter().all(|r| *r == AdjustmentResult::Illegal(AdjustmentIllegal::NoUnitType)));
}

#[test]
fn waiving_builds_per_4d7() {
    let map = map();
    let position = russia(&map, &["A Warsaw", "F Sevastopol"]);
    let block = "Russia:\nWaive\nBuild A Moscow\nBuild F St Petersburg(sc)";
    // A waive uses one of the two builds.
    let outcome = adjust(&map, &position, block, &Rules::default());
    assert_eq!(outcome.results, [AdjustmentResult::Succeeds, AdjustmentResult::Succeeds, FAILS_TOO_MANY]);
    assert_eq!(built(&map, &outcome), ["A Moscow"]);
    assert_eq!(outcome.powers[common::power(&map, "Russia").index()].waived, 1);
    let outcome = adjust(&map, &position, block, &rules(&[("4.D.7", "b")]));
    assert_eq!(outcome.results[0], AdjustmentResult::Illegal(AdjustmentIllegal::WaiveNotAllowed));
    assert_eq!(built(&map, &outcome), ["A Moscow", "F St Petersburg(sc)"]);
}

#[test]
fn builds_without_right_to_build() {
    let map = map();
    // Russia has as many units as centres; Turkey has no centres but one unit.
    let position = board(
        &map,
        WINTER,
        &[("Russia", "A Warsaw"), ("Russia", "A Ukraine"), ("Turkey", "F Black Sea")],
        &[("Russia", "Warsaw"), ("Russia", "Moscow")],
    );
    let mut given = orders(&map, PhaseKind::Adjustment, "Russia:\nBuild A Moscow\nWaive\nRemove A Warsaw");
    given.extend(orders(&map, PhaseKind::Movement, "Russia:\nA Ukraine - Moscow"));
    let outcome = adjudicate_adjustments(&map, &position, &given, &Rules::default()).expect("valid input");
    assert_eq!(outcome.results[0], AdjustmentResult::Illegal(AdjustmentIllegal::NoBuildsDue));
    assert_eq!(outcome.results[1], AdjustmentResult::Illegal(AdjustmentIllegal::NoBuildsDue));
    assert_eq!(outcome.results[2], AdjustmentResult::Illegal(AdjustmentIllegal::NoRemovalsDue));
    assert_eq!(outcome.results[3], AdjustmentResult::Illegal(AdjustmentIllegal::WrongPhase));
    // Turkey, with no centres and no orders, loses its unit.
    assert_eq!(outcome.removed.len(), 1);
    assert_eq!(outcome.position.units.len(), 2);
    assert_eq!(outcome.results[0].to_string(), "illegal: the power may not build");
}

//! DATC 6.H: retreats. Each case adjudicates the movement phase with `dip-movement`, then
//! the retreat orders with `adjudicate_retreats`.

mod common;

use common::{after_movement, loc, map, orders, phase};
use dip_adjust::{DisbandReason, RetreatFailure, RetreatIllegal, RetreatOutcome, RetreatResult, adjudicate_retreats};
use dip_map::{Map, PhaseKind, Position, Rules, Unit};

fn retreat(map: &Map, position: &Position, block: &str) -> RetreatOutcome {
    adjudicate_retreats(map, position, &orders(map, PhaseKind::Retreat, block), &Rules::default()).expect("valid input")
}

fn dislodged_in(map: &Map, position: &Position) -> Vec<String> {
    let mut names: Vec<String> = position.dislodged.iter().map(|d| map.loc_name(d.unit.loc)).collect();
    names.sort();
    names
}

fn retreats_of(map: &Map, position: &Position, unit: &str) -> Vec<String> {
    let at = loc(map, unit);
    let d = position.dislodged.iter().find(|d| d.unit.loc == at).expect("the unit is dislodged");
    d.retreats.iter().map(|&l| map.loc_name(l)).collect()
}

fn bounced(result: &RetreatResult) -> bool {
    matches!(result, RetreatResult::Fails(RetreatFailure::Bounced { .. }))
}

fn disbanded(outcome: &RetreatOutcome, map: &Map, unit: &str) -> Option<DisbandReason> {
    let at = loc(map, unit);
    outcome.disbanded.iter().find(|d| d.unit.loc == at).map(|d| d.reason)
}

fn stands(outcome: &RetreatOutcome, map: &Map, unit: &str) -> Option<Unit> {
    let at = loc(map, unit);
    outcome.position.units.iter().copied().find(|u| u.loc == at)
}

#[test]
fn h01_no_supports_during_retreat() {
    let map = map();
    let position = after_movement(
        &map,
        "Spring 1901 Movement",
        "Austria:
         F Trieste Hold
         A Serbia Hold
         Turkey:
         F Greece Hold
         Italy:
         A Venice Supports A Tyrolia - Trieste
         A Tyrolia - Trieste
         F Ionian Sea - Greece
         F Aegean Sea Supports F Ionian Sea - Greece",
        &Rules::default(),
    );
    assert_eq!(dislodged_in(&map, &position), ["Greece", "Trieste"]);
    let outcome = retreat(
        &map,
        &position,
        "Austria:
         F Trieste - Albania
         A Serbia Supports F Trieste - Albania
         Turkey:
         F Greece - Albania",
    );
    assert!(bounced(&outcome.results[0]));
    assert_eq!(outcome.results[1], RetreatResult::Illegal(RetreatIllegal::WrongPhase));
    assert!(bounced(&outcome.results[2]));
    assert_eq!(disbanded(&outcome, &map, "F Trieste"), Some(DisbandReason::Bounced));
    assert_eq!(disbanded(&outcome, &map, "F Greece"), Some(DisbandReason::Bounced));
    assert!(outcome.retreated.is_empty());
    assert!(stands(&outcome, &map, "A Albania").is_none());
}

const H2_MOVEMENT: &str = "England:
    A Liverpool - Edinburgh
    F Yorkshire Supports A Liverpool - Edinburgh
    F Norway Hold
    Germany:
    A Kiel Supports A Ruhr - Holland
    A Ruhr - Holland
    Russia:
    F Edinburgh Hold
    A Sweden Supports A Finland - Norway
    A Finland - Norway
    F Holland Hold";

#[test]
fn h02_no_supports_from_retreating_unit() {
    let map = map();
    let position = after_movement(&map, "Spring 1901 Movement", H2_MOVEMENT, &Rules::default());
    assert_eq!(dislodged_in(&map, &position), ["Edinburgh", "Holland", "Norway"]);
    let outcome = retreat(
        &map,
        &position,
        "England:
         F Norway - North Sea
         Russia:
         F Edinburgh - North Sea
         F Holland Supports F Edinburgh - North Sea",
    );
    assert!(bounced(&outcome.results[0]));
    assert!(bounced(&outcome.results[1]));
    assert_eq!(outcome.results[2], RetreatResult::Illegal(RetreatIllegal::WrongPhase));
    assert_eq!(disbanded(&outcome, &map, "F Norway"), Some(DisbandReason::Bounced));
    assert_eq!(disbanded(&outcome, &map, "F Edinburgh"), Some(DisbandReason::Bounced));
    assert_eq!(disbanded(&outcome, &map, "F Holland"), Some(DisbandReason::NoValidOrder));
    assert_eq!(outcome.disbanded.len(), 3);
}

const H3_MOVEMENT: &str = "England:
    F North Sea Hold
    A Holland Hold
    Germany:
    F Kiel Supports A Ruhr - Holland
    A Ruhr - Holland";

#[test]
fn h03_no_convoy_during_retreat() {
    let map = map();
    let position = after_movement(&map, "Spring 1901 Movement", H3_MOVEMENT, &Rules::default());
    assert_eq!(dislodged_in(&map, &position), ["Holland"]);
    let outcome = retreat(
        &map,
        &position,
        "England:
         A Holland - Yorkshire
         F North Sea Convoys A Holland - Yorkshire",
    );
    assert_eq!(outcome.results[0], RetreatResult::Illegal(RetreatIllegal::NotAllowed));
    assert_eq!(outcome.results[1], RetreatResult::Illegal(RetreatIllegal::WrongPhase));
    assert_eq!(disbanded(&outcome, &map, "A Holland"), Some(DisbandReason::NoValidOrder));
    assert!(stands(&outcome, &map, "A Yorkshire").is_none());
}

#[test]
fn h04_no_other_moves_during_retreat() {
    let map = map();
    let position = after_movement(&map, "Spring 1901 Movement", H3_MOVEMENT, &Rules::default());
    let outcome = retreat(
        &map,
        &position,
        "England:
         A Holland - Belgium
         F North Sea - Norwegian Sea",
    );
    assert_eq!(outcome.results[0], RetreatResult::Succeeds);
    assert_eq!(outcome.results[1], RetreatResult::Illegal(RetreatIllegal::NotDislodged));
    assert!(stands(&outcome, &map, "A Belgium").is_some());
    assert!(stands(&outcome, &map, "F North Sea").is_some());
    assert!(stands(&outcome, &map, "F Norwegian Sea").is_none());
}

#[test]
fn h05_no_retreat_to_the_attackers_area() {
    let map = map();
    let position = after_movement(
        &map,
        "Spring 1901 Movement",
        "Russia:
         F Constantinople Supports F Black Sea - Ankara
         F Black Sea - Ankara
         Turkey:
         F Ankara Hold",
        &Rules::default(),
    );
    assert!(!retreats_of(&map, &position, "F Ankara").contains(&"Black Sea".to_string()));
    let outcome = retreat(&map, &position, "Turkey:\nF Ankara - Black Sea");
    assert_eq!(outcome.results[0], RetreatResult::Illegal(RetreatIllegal::NotAllowed));
    assert_eq!(disbanded(&outcome, &map, "F Ankara"), Some(DisbandReason::NoValidOrder));
}

#[test]
fn h06_no_retreat_to_a_contested_area() {
    let map = map();
    let position = after_movement(
        &map,
        "Spring 1901 Movement",
        "Austria:
         A Budapest Supports A Trieste - Vienna
         A Trieste - Vienna
         Germany:
         A Munich - Bohemia
         A Silesia - Bohemia
         Italy:
         A Vienna Hold",
        &Rules::default(),
    );
    assert!(!retreats_of(&map, &position, "A Vienna").contains(&"Bohemia".to_string()));
    let outcome = retreat(&map, &position, "Italy:\nA Vienna - Bohemia");
    assert_eq!(outcome.results[0], RetreatResult::Illegal(RetreatIllegal::NotAllowed));
    assert_eq!(disbanded(&outcome, &map, "A Vienna"), Some(DisbandReason::NoValidOrder));
}

#[test]
fn h07_two_retreats_to_one_area_disband_both() {
    let map = map();
    let position = after_movement(
        &map,
        "Spring 1901 Movement",
        "Austria:
         A Budapest Supports A Trieste - Vienna
         A Trieste - Vienna
         Germany:
         A Munich Supports A Silesia - Bohemia
         A Silesia - Bohemia
         Italy:
         A Vienna Hold
         A Bohemia Hold",
        &Rules::default(),
    );
    let outcome = retreat(
        &map,
        &position,
        "Italy:
         A Bohemia - Tyrolia
         A Vienna - Tyrolia",
    );
    assert!(bounced(&outcome.results[0]));
    assert!(bounced(&outcome.results[1]));
    assert_eq!(outcome.disbanded.len(), 2);
    assert!(stands(&outcome, &map, "A Tyrolia").is_none());
}

#[test]
fn h08_three_retreats_to_one_area_disband_all() {
    let map = map();
    let position = after_movement(&map, "Spring 1901 Movement", H2_MOVEMENT, &Rules::default());
    let outcome = retreat(
        &map,
        &position,
        "England:
         F Norway - North Sea
         Russia:
         F Edinburgh - North Sea
         F Holland - North Sea",
    );
    assert!(outcome.results.iter().all(bounced));
    assert_eq!(outcome.disbanded.len(), 3);
    assert!(outcome.disbanded.iter().all(|d| d.reason == DisbandReason::Bounced));
    let RetreatResult::Fails(RetreatFailure::Bounced { with }) = &outcome.results[0] else { unreachable!() };
    assert_eq!(with.len(), 2);
}

const H9_MOVEMENT: &str = "England:
    F Helgoland Bight - Kiel
    F Denmark Supports F Helgoland Bight - Kiel
    Germany:
    A Berlin - Prussia
    F Kiel Hold
    A Silesia Supports A Berlin - Prussia
    Russia:
    A Prussia - Berlin";

/// The full case, movement phase included: the army from Prussia lost a head-to-head
/// battle, so Berlin is not contested and Kiel may retreat there.
#[test]
fn h09_dislodged_unit_does_not_make_the_attackers_area_contested() {
    let map = map();
    let position = after_movement(&map, "Spring 1901 Movement", H9_MOVEMENT, &Rules::default());
    assert!(retreats_of(&map, &position, "F Kiel").contains(&"Berlin".to_string()));
    let outcome = retreat(&map, &position, "Germany:\nF Kiel - Berlin");
    assert_eq!(outcome.results[0], RetreatResult::Succeeds);
    assert!(stands(&outcome, &map, "F Berlin").is_some());
}

#[test]
fn h10_not_retreating_to_the_attacker_does_not_mean_contested() {
    let map = map();
    let position = after_movement(
        &map,
        "Spring 1901 Movement",
        "England:
         A Kiel Hold
         Germany:
         A Berlin - Kiel
         A Munich Supports A Berlin - Kiel
         A Prussia Hold
         Russia:
         A Warsaw - Prussia
         A Silesia Supports A Warsaw - Prussia",
        &Rules::default(),
    );
    assert_eq!(dislodged_in(&map, &position), ["Kiel", "Prussia"]);
    let outcome = retreat(
        &map,
        &position,
        "England:
         A Kiel - Berlin
         Germany:
         A Prussia - Berlin",
    );
    assert_eq!(outcome.results[0], RetreatResult::Illegal(RetreatIllegal::NotAllowed));
    assert_eq!(outcome.results[1], RetreatResult::Succeeds);
    assert_eq!(disbanded(&outcome, &map, "A Kiel"), Some(DisbandReason::NoValidOrder));
    let berlin = stands(&outcome, &map, "A Berlin").expect("the German army retreated to Berlin");
    assert_eq!(berlin.power, common::power(&map, "Germany"));
}

const H11_MOVEMENT: &str = "France:
    A Gascony - Marseilles via convoy
    A Burgundy Supports A Gascony - Marseilles
    F Mid-Atlantic Ocean Convoys A Gascony - Marseilles
    F Western Mediterranean Convoys A Gascony - Marseilles
    F Gulf of Lyon Convoys A Gascony - Marseilles
    Italy:
    A Marseilles Hold";

#[test]
fn h11_retreat_when_dislodged_by_adjacent_convoy() {
    let map = map();
    let position = after_movement(&map, "Spring 1901 Movement", H11_MOVEMENT, &Rules::default());
    let outcome = retreat(&map, &position, "Italy:\nA Marseilles - Gascony");
    assert_eq!(outcome.results[0], RetreatResult::Succeeds);
    assert!(stands(&outcome, &map, "A Gascony").is_some());

    // §4.A.5 choice a: not to the attacker's origin.
    let mut rules = Rules::default();
    rules.set("4.A.5", "a").expect("a known choice");
    let position = after_movement(&map, "Spring 1901 Movement", H11_MOVEMENT, &rules);
    let outcome = adjudicate_retreats(
        &map,
        &position,
        &orders(&map, PhaseKind::Retreat, "Italy:\nA Marseilles - Gascony"),
        &rules,
    )
    .expect("valid input");
    assert_eq!(outcome.results[0], RetreatResult::Illegal(RetreatIllegal::NotAllowed));
}

#[test]
fn h12_retreat_when_dislodged_by_adjacent_convoy_while_trying_the_same() {
    let map = map();
    let position = after_movement(
        &map,
        "Spring 1901 Movement",
        "England:
         A Liverpool - Edinburgh via convoy
         F Irish Sea Convoys A Liverpool - Edinburgh
         F English Channel Convoys A Liverpool - Edinburgh
         F North Sea Convoys A Liverpool - Edinburgh
         France:
         F Brest - English Channel
         F Mid-Atlantic Ocean Supports F Brest - English Channel
         Russia:
         A Edinburgh - Liverpool via convoy
         F Norwegian Sea Convoys A Edinburgh - Liverpool
         F North Atlantic Ocean Convoys A Edinburgh - Liverpool
         A Clyde Supports A Edinburgh - Liverpool",
        &Rules::default(),
    );
    assert_eq!(dislodged_in(&map, &position), ["English Channel", "Liverpool"]);
    let outcome = retreat(&map, &position, "England:\nA Liverpool - Edinburgh");
    assert_eq!(outcome.results[0], RetreatResult::Succeeds);
    assert!(stands(&outcome, &map, "A Edinburgh").is_some());
}

#[test]
fn h13_no_retreat_with_convoy_in_movement_phase() {
    let map = map();
    let position = after_movement(
        &map,
        "Spring 1901 Movement",
        "England:
         A Picardy Hold
         F English Channel Convoys A Picardy - London
         France:
         A Paris - Picardy
         A Brest Supports A Paris - Picardy",
        &Rules::default(),
    );
    let outcome = retreat(&map, &position, "England:\nA Picardy - London");
    assert_eq!(outcome.results[0], RetreatResult::Illegal(RetreatIllegal::NotAllowed));
    assert_eq!(disbanded(&outcome, &map, "A Picardy"), Some(DisbandReason::NoValidOrder));
}

#[test]
fn h14_no_retreat_with_support_in_movement_phase() {
    let map = map();
    let position = after_movement(
        &map,
        "Spring 1901 Movement",
        "England:
         A Picardy Hold
         F English Channel Supports A Picardy - Belgium
         France:
         A Paris - Picardy
         A Brest Supports A Paris - Picardy
         A Burgundy Hold
         Germany:
         A Munich Supports A Marseilles - Burgundy
         A Marseilles - Burgundy",
        &Rules::default(),
    );
    let outcome = retreat(
        &map,
        &position,
        "England:
         A Picardy - Belgium
         France:
         A Burgundy - Belgium",
    );
    assert!(bounced(&outcome.results[0]));
    assert!(bounced(&outcome.results[1]));
    assert_eq!(disbanded(&outcome, &map, "A Picardy"), Some(DisbandReason::Bounced));
    assert_eq!(disbanded(&outcome, &map, "A Burgundy"), Some(DisbandReason::Bounced));
}

#[test]
fn h15_no_coastal_crawl_in_retreat() {
    let map = map();
    let position = after_movement(
        &map,
        "Spring 1901 Movement",
        "England:
         F Portugal Hold
         France:
         F Spain(sc) - Portugal
         F Mid-Atlantic Ocean Supports F Spain(sc) - Portugal",
        &Rules::default(),
    );
    assert!(retreats_of(&map, &position, "F Portugal").iter().all(|l| !l.starts_with("Spain")));
    for order in ["F Portugal - Spain(nc)", "F Portugal - Spain"] {
        let outcome = retreat(&map, &position, &format!("England:\n{order}"));
        assert_eq!(outcome.results[0], RetreatResult::Illegal(RetreatIllegal::NotAllowed), "{order}");
        assert_eq!(disbanded(&outcome, &map, "F Portugal"), Some(DisbandReason::NoValidOrder));
    }
}

#[test]
fn h16_contested_for_both_coasts() {
    let map = map();
    let position = after_movement(
        &map,
        "Spring 1901 Movement",
        "France:
         F Mid-Atlantic Ocean - Spain(nc)
         F Gascony - Spain(nc)
         F Western Mediterranean Hold
         Italy:
         F Tunis Supports F Tyrrhenian Sea - Western Mediterranean
         F Tyrrhenian Sea - Western Mediterranean",
        &Rules::default(),
    );
    assert!(retreats_of(&map, &position, "F Western Mediterranean").iter().all(|l| !l.starts_with("Spain")));
    let outcome = retreat(&map, &position, "France:\nF Western Mediterranean - Spain(sc)");
    assert_eq!(outcome.results[0], RetreatResult::Illegal(RetreatIllegal::NotAllowed));
}

/// Gulf of Bothnia dislodged from the Baltic: St Petersburg can only be reached on the south
/// coast, so the coast may be left out.
fn bothnia(map: &Map, phase_text: &str) -> Position {
    after_movement(
        map,
        phase_text,
        "Russia:
         F Gulf of Bothnia Hold
         Germany:
         F Baltic Sea - Gulf of Bothnia
         F Sweden Supports F Baltic Sea - Gulf of Bothnia",
        &Rules::default(),
    )
}

#[test]
fn retreat_to_a_multi_coast_province_resolves_the_only_coast() {
    let map = map();
    let position = bothnia(&map, "Spring 1901 Movement");
    let outcome = retreat(&map, &position, "Russia:\nF Gulf of Bothnia - St Petersburg");
    assert_eq!(outcome.results[0], RetreatResult::Succeeds);
    assert!(stands(&outcome, &map, "F St Petersburg(sc)").is_some());
    assert_eq!(outcome.position.phase, phase("Fall 1901 Movement"));
    assert!(outcome.position.dislodged.is_empty());

    // The north coast cannot be reached (§4.B.3 choice b: illegal).
    let outcome = retreat(&map, &position, "Russia:\nF Gulf of Bothnia - St Petersburg(nc)");
    assert_eq!(outcome.results[0], RetreatResult::Illegal(RetreatIllegal::CoastUnreachable));
    let mut rules = Rules::default();
    rules.set("4.B.3", "a").expect("a known choice");
    let ordered = orders(&map, PhaseKind::Retreat, "Russia:\nF Gulf of Bothnia - St Petersburg(nc)");
    let outcome = adjudicate_retreats(&map, &position, &ordered, &rules).expect("valid input");
    assert_eq!(outcome.results[0], RetreatResult::Succeeds);
    assert!(stands(&outcome, &map, "F St Petersburg(sc)").is_some());
}

#[test]
fn fall_retreat_leads_to_the_adjustment_phase() {
    let map = map();
    let position = bothnia(&map, "Fall 1901 Movement");
    assert_eq!(position.phase, phase("Fall 1901 Retreat"));
    let outcome = retreat(&map, &position, "Russia:\nF Gulf of Bothnia Disband");
    assert_eq!(outcome.results[0], RetreatResult::Succeeds);
    assert_eq!(disbanded(&outcome, &map, "F Gulf of Bothnia"), Some(DisbandReason::Ordered));
    assert_eq!(outcome.position.phase, phase("Winter 1901 Adjustment"));
    assert_eq!(outcome.position.phase.kind, PhaseKind::Adjustment);
}

#[test]
fn unordered_foreign_duplicate_and_conflicting_orders() {
    let map = map();
    let position = bothnia(&map, "Spring 1901 Movement");
    // No order: disbanded.
    let outcome = retreat(&map, &position, "");
    assert_eq!(disbanded(&outcome, &map, "F Gulf of Bothnia"), Some(DisbandReason::NoValidOrder));
    // Another power's unit, and a province with no unit.
    let outcome = retreat(&map, &position, "Germany:\nF Gulf of Bothnia - Finland\nA Ruhr - Holland");
    assert_eq!(outcome.results[0], RetreatResult::Illegal(RetreatIllegal::ForeignUnit));
    assert_eq!(outcome.results[1], RetreatResult::Illegal(RetreatIllegal::NoUnit));
    // The same order twice: the first counts.
    let outcome = retreat(&map, &position, "Russia:\nF Gulf of Bothnia - Finland\nF Gulf of Bothnia - Finland");
    assert_eq!(outcome.results[0], RetreatResult::Succeeds);
    assert_eq!(outcome.results[1], RetreatResult::Illegal(RetreatIllegal::Duplicate));
    assert!(stands(&outcome, &map, "F Finland").is_some());
    // Two different orders: neither is followed (§4.D.3 choice c); an illegal one does not count.
    let outcome = retreat(
        &map,
        &position,
        "Russia:\nF Gulf of Bothnia - Finland\nF Gulf of Bothnia - Livonia\nF Gulf of Bothnia - Baltic Sea",
    );
    assert_eq!(outcome.results[0], RetreatResult::Illegal(RetreatIllegal::ConflictingOrders));
    assert_eq!(outcome.results[1], RetreatResult::Illegal(RetreatIllegal::ConflictingOrders));
    assert_eq!(outcome.results[2], RetreatResult::Illegal(RetreatIllegal::NotAllowed));
    assert_eq!(disbanded(&outcome, &map, "F Gulf of Bothnia"), Some(DisbandReason::NoValidOrder));
    let outcome = retreat(&map, &position, "Russia:\nF Gulf of Bothnia - Baltic Sea\nF Gulf of Bothnia - Livonia");
    assert_eq!(outcome.results[1], RetreatResult::Succeeds);
    assert!(stands(&outcome, &map, "F Livonia").is_some());
}

#[test]
fn reasons_read_as_words() {
    let map = map();
    let position = bothnia(&map, "Spring 1901 Movement");
    let outcome = retreat(&map, &position, "Russia:\nF Gulf of Bothnia - Baltic Sea");
    assert_eq!(outcome.results[0].describe(&map), "illegal: the unit may not retreat there");
    let bounce =
        RetreatResult::Fails(RetreatFailure::Bounced { with: vec![map.province_by_name("Vienna").expect("vie")] });
    assert_eq!(bounce.describe(&map), "fails: bounced with the retreat from Vienna");
}

//! §4.A.3 choices intent-or-land (MILA 1.1.2) and via-or-land (webDiplomacy): a move that
//! could go by land goes by convoy only when convoy orders complete a chain, and (for
//! intent-or-land) when the convoy fails. The DATC cases 6.G cover the rest; every position
//! here was also run through MILA's `diplomacy` 1.1.2, which leaves the same board.

use dip_map::{Map, PhaseKind, Position, Rules, Unit};
use dip_movement::{Failure, OrderResult, adjudicate};
use dip_orders::{ParseOptions, parse_order, parse_unit};

fn map() -> Map {
    dip_map::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/standard.ron")).expect("standard map loads")
}

/// Orders written as the DATC writes them (`England:` lines, then that power's orders) on a
/// board of just the ordered units, adjudicated under `choices` (`("4.A.3", "mila")`).
/// Returns each order's result and the units after the phase (`A Liverpool`), sorted.
fn adjudicated(block: &str, choices: &[(&str, &str)]) -> (Vec<OrderResult>, Vec<String>) {
    let map = map();
    let mut position = Position::empty(&map, "Spring 1901 Movement".parse().expect("a phase"));
    let mut orders = Vec::new();
    let mut power = None;
    for line in block.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(name) = line.strip_suffix(':') {
            power = Some(map.power_by_name(name).expect("a power"));
            continue;
        }
        let power = power.expect("a power line first");
        let unit_text: String =
            line.split(" - ").next().expect("text").split(" Supports ").next().expect("text").into();
        let unit_text = unit_text.split(" Convoys ").next().expect("text").trim_end_matches(" Hold");
        let (kind, loc) = parse_unit(&map, unit_text).unwrap_or_else(|e| panic!("`{unit_text}`: {e}"));
        position.units.push(Unit { power, kind, loc });
        let options = ParseOptions::new(PhaseKind::Movement).power(power);
        orders.push(parse_order(&map, options, line).unwrap_or_else(|e| panic!("`{line}`: {e}")));
    }
    let mut rules = Rules::default();
    for (issue, choice) in choices {
        rules.set(issue, choice).expect("a known choice");
    }
    let outcome = adjudicate(&map, &position, &orders, &rules).expect("valid input");
    let mut after: Vec<String> =
        outcome.position.units.iter().map(|u| format!("{} {}", u.kind, map.loc_name(u.loc))).collect();
    after.sort();
    (outcome.results, after)
}

fn army_in(after: &[String], province: &str) -> bool {
    after.iter().any(|u| u == &format!("A {province}"))
}

/// "Via convoy" with a convoy order that does not complete a chain (the North Atlantic
/// fleet holds): MILA and webDiplomacy send the army over land; the 2000 rule (d) and DPTG
/// let it fail.
#[test]
fn via_convoy_without_a_chain_of_convoy_orders_goes_by_land() {
    let block = "England:
        A Edinburgh - Liverpool via convoy
        F Norwegian Sea Convoys A Edinburgh - Liverpool
        F North Atlantic Ocean Hold";
    for choice in ["intent-or-land", "via-or-land"] {
        let (results, after) = adjudicated(block, &[("4.A.3", choice)]);
        assert_eq!(results[0], OrderResult::Succeeds, "{choice}");
        // The army went by land: the convoy matches no convoyed move.
        assert_eq!(results[1], OrderResult::Fails(Failure::ConvoyVoid), "{choice}");
        assert!(army_in(&after, "Liverpool"), "{choice}: {after:?}");
    }
    for choice in ["2000", "dptg"] {
        let (results, after) = adjudicated(block, &[("4.A.3", choice)]);
        assert_eq!(results[0], OrderResult::Fails(Failure::NoConvoyPath), "{choice}");
        assert!(army_in(&after, "Edinburgh"), "{choice}: {after:?}");
    }
}

/// An own fleet's convoy order without "via convoy", and no chain of convoy orders: the land
/// route under intent-or-land; under the 2000 rule the own fleet makes it a convoy that fails.
#[test]
fn own_convoy_without_a_chain_of_convoy_orders_goes_by_land() {
    let block = "England:
        A Edinburgh - Liverpool
        F Norwegian Sea Convoys A Edinburgh - Liverpool
        F North Atlantic Ocean Hold";
    let (results, after) = adjudicated(block, &[("4.A.3", "intent-or-land")]);
    assert_eq!(results[0], OrderResult::Succeeds);
    assert!(army_in(&after, "Liverpool"), "{after:?}");
    let (results, _) = adjudicated(block, &[("4.A.3", "2000")]);
    assert_eq!(results[0], OrderResult::Fails(Failure::NoConvoyPath));
}

/// The chain is complete but Germany dislodges the Norwegian Sea fleet. Meant by an own
/// fleet only, the move falls back to the land route under intent-or-land (Liverpool is
/// empty); written "via convoy", it fails with its convoy, whoever's fleets they are.
#[test]
fn a_failed_convoy_falls_back_to_land_only_without_via_convoy() {
    let german = "Germany:
        F North Sea - Norwegian Sea
        F Norway Supports F North Sea - Norwegian Sea";
    let own = format!(
        "England:
        A Edinburgh - Liverpool
        F Norwegian Sea Convoys A Edinburgh - Liverpool
        F North Atlantic Ocean Convoys A Edinburgh - Liverpool
        {german}"
    );
    let (results, after) = adjudicated(&own, &[("4.A.3", "intent-or-land")]);
    assert_eq!(results[0], OrderResult::Succeeds);
    assert!(army_in(&after, "Liverpool"), "{after:?}");
    let (results, _) = adjudicated(&own, &[("4.A.3", "2000")]);
    assert_eq!(results[0], OrderResult::Fails(Failure::NoConvoyPath));

    let foreign_via = format!(
        "England:
        A Edinburgh - Liverpool via convoy
        France:
        F Norwegian Sea Convoys A Edinburgh - Liverpool
        F North Atlantic Ocean Convoys A Edinburgh - Liverpool
        {german}"
    );
    for choice in ["intent-or-land", "via-or-land"] {
        let (results, after) = adjudicated(&foreign_via, &[("4.A.3", choice)]);
        assert_eq!(results[0], OrderResult::Fails(Failure::NoConvoyPath), "{choice}");
        assert!(army_in(&after, "Edinburgh"), "{choice}: {after:?}");
    }
    // With the 2000 rule's fallback (c) it goes by land.
    let (results, _) = adjudicated(&foreign_via, &[("4.A.3", "2000-fallback")]);
    assert_eq!(results[0], OrderResult::Succeeds);
}

/// No fallback when the unit in the destination leads, through the chain of supports it
/// starts, to the support of the attack that broke the convoy: Belgium supports the English
/// Channel to hold, which supports Edinburgh into the North Sea. Germany's army then stays
/// in Holland (MILA: "no convoy"); if Belgium only holds, it falls back to the land route
/// and, supported from the Ruhr, dislodges Belgium. Choice c falls back in both.
#[test]
fn no_fallback_when_the_destination_backs_the_attack_on_the_convoy() {
    let block = |belgium: &str| {
        format!(
            "Germany:
            A Holland - Belgium
            F North Sea Convoys A Holland - Belgium
            A Ruhr Supports A Holland - Belgium
            England:
            F Edinburgh - North Sea
            F English Channel Supports F Edinburgh - North Sea
            {belgium}"
        )
    };
    let backing = block("F Belgium Supports F English Channel");
    let (results, after) = adjudicated(&backing, &[("4.A.3", "intent-or-land")]);
    assert_eq!(results[0], OrderResult::Fails(Failure::NoConvoyPath));
    assert!(army_in(&after, "Holland") && after.contains(&"F Belgium".to_string()), "{after:?}");
    let (results, after) = adjudicated(&backing, &[("4.A.3", "2000-fallback")]);
    assert_eq!(results[0], OrderResult::Succeeds);
    assert!(army_in(&after, "Belgium"), "{after:?}");

    let holding = block("F Belgium Hold");
    let (results, after) = adjudicated(&holding, &[("4.A.3", "intent-or-land")]);
    assert_eq!(results[0], OrderResult::Succeeds);
    assert!(army_in(&after, "Belgium"), "{after:?}");
}

/// DATC 6.G.19 under §4.E.1 c, where the Western Mediterranean's convoy order is legal
/// (the seas could link Marseilles and Spain through it): no route of the fleets on the
/// board needs that fleet, so under intent-or-land it shows no intent, as in MILA, and the
/// armies bounce; the 2000 rule (d) takes it as intent, and they swap by the Italian fleet.
#[test]
fn an_own_fleet_no_route_needs_shows_no_intent() {
    let block = "France:
        A Marseilles - Spain
        F Western Mediterranean Convoys A Marseilles - Spain
        Italy:
        F Gulf of Lyon Convoys A Marseilles - Spain
        A Spain - Marseilles";
    let (results, after) = adjudicated(block, &[("4.E.1", "c"), ("4.A.3", "intent-or-land")]);
    assert!(matches!(results[0], OrderResult::Fails(Failure::Bounced { .. })), "{results:?}");
    assert!(army_in(&after, "Marseilles") && army_in(&after, "Spain"), "{after:?}");
    let (results, _) = adjudicated(block, &[("4.E.1", "c"), ("4.A.3", "2000")]);
    assert_eq!(results[0], OrderResult::Succeeds);
    assert_eq!(results[3], OrderResult::Succeeds);
}

//! What a convoy order's result says (docs/json.md): `succeeds` when the fleet stays and
//! its order matches a move the army makes by convoy (DATC §5.B.3), whether or not the
//! army arrives; `void` when the army does not make that move by convoy.

use dip_map::{Map, Phase, PhaseKind, Position, Rules, Unit};
use dip_movement::{Failure, Illegal, OrderResult, adjudicate};
use dip_orders::{ParseOptions, parse_order, parse_unit};

fn map() -> Map {
    dip_map::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/standard.ron")).expect("standard map loads")
}

/// England's units and orders on an otherwise empty board, adjudicated: one result each.
fn adjudicated(units: &[&str], orders: &[&str], illegal_orders: &str) -> Vec<OrderResult> {
    let map = map();
    let england = map.power_by_name("England").expect("England");
    let phase: Phase = "Spring 1901 Movement".parse().expect("a phase");
    let mut position = Position::empty(&map, phase);
    for text in units {
        let (kind, loc) = parse_unit(&map, text).expect("a unit");
        position.units.push(Unit { power: england, kind, loc });
    }
    let options = ParseOptions::new(PhaseKind::Movement).power(england);
    let orders: Vec<_> = orders.iter().map(|t| parse_order(&map, options, t).expect("an order")).collect();
    let mut rules = Rules::default();
    rules.set("4.E.1", illegal_orders).expect("a known choice");
    adjudicate(&map, &position, &orders, &rules).expect("valid input").results
}

/// The English Channel convoys A London - Spain, but no fleet stands in the Mid-Atlantic
/// to finish the chain. Under §4.E.1 c the order is legal (the seas could link London and
/// Spain through the Channel); the army finds no chain (`no_convoy`), and the convoy order
/// itself succeeds: its fleet stays and it matches the army's convoyed move.
#[test]
fn a_convoy_of_an_army_that_found_no_chain_succeeds() {
    let results = adjudicated(
        &["A London", "F English Channel"],
        &["A London - Spain", "F English Channel Convoys A London - Spain"],
        "c",
    );
    assert_eq!(results[0], OrderResult::Fails(Failure::NoConvoyPath));
    assert_eq!(results[0].code(), "no_convoy");
    assert_eq!(results[1], OrderResult::Succeeds);
    // Under d the same convoy order is illegal: no fleets on the board could carry the army
    // through the Channel.
    let results = adjudicated(
        &["A London", "F English Channel"],
        &["A London - Spain", "F English Channel Convoys A London - Spain"],
        "d",
    );
    assert_eq!(results[1], OrderResult::Illegal(Illegal::ConvoyImpossible));
    // With a fleet in the Mid-Atlantic that does not convoy, it is legal under d too, with
    // the same results as under c.
    let results = adjudicated(
        &["A London", "F English Channel", "F Mid-Atlantic Ocean"],
        &["A London - Spain", "F English Channel Convoys A London - Spain", "F Mid-Atlantic Ocean Hold"],
        "d",
    );
    assert_eq!(results[0], OrderResult::Fails(Failure::NoConvoyPath));
    assert_eq!(results[1], OrderResult::Succeeds);
}

/// The army moves elsewhere by land: the convoy matches no move and is `void`.
#[test]
fn a_convoy_of_an_army_moving_elsewhere_is_void() {
    let results = adjudicated(
        &["A London", "F English Channel", "F Mid-Atlantic Ocean"],
        &[
            "A London - Wales",
            "F English Channel Convoys A London - Spain",
            "F Mid-Atlantic Ocean Convoys A London - Spain",
        ],
        "c",
    );
    assert_eq!(results[0], OrderResult::Succeeds);
    for convoy in &results[1..] {
        assert_eq!(*convoy, OrderResult::Fails(Failure::ConvoyVoid));
        assert_eq!(convoy.code(), "void");
    }
}

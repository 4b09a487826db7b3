//! Helpers shared by the test files: DATC-style order blocks on the standard map.

#![allow(dead_code)]

use dip_map::{Map, Phase, PhaseKind, Position, PowerId, Rules, Unit};
use dip_orders::{Order, ParseOptions, parse_order, parse_unit};

pub fn map() -> Map {
    dip_map::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/standard.ron")).expect("standard map loads")
}

pub fn power(map: &Map, name: &str) -> PowerId {
    map.power_by_name(name).expect("a power of the standard map")
}

pub fn phase(text: &str) -> Phase {
    text.parse().expect("a phase")
}

/// Orders written as the DATC writes them: a `Power:` line, then that power's orders.
pub fn orders(map: &Map, kind: PhaseKind, block: &str) -> Vec<Order> {
    let mut current = None;
    let mut out = Vec::new();
    for line in block.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(name) = line.strip_suffix(':') {
            current = Some(power(map, name));
            continue;
        }
        let options = ParseOptions::new(kind).power(current.expect("a power line first"));
        out.push(parse_order(map, options, line).unwrap_or_else(|e| panic!("`{line}`: {e}")));
    }
    out
}

/// A unit written `A Paris` or `F St Petersburg(sc)`.
pub fn unit(map: &Map, power_name: &str, text: &str) -> Unit {
    let (kind, loc) = parse_unit(map, text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    Unit { power: power(map, power_name), kind, loc }
}

/// A board with the given units (`("Russia", "F Skagerrak")`) and supply-centre owners
/// (`("Russia", "St Petersburg")`).
pub fn board(map: &Map, phase_text: &str, units: &[(&str, &str)], owners: &[(&str, &str)]) -> Position {
    let mut position = Position::empty(map, phase(phase_text));
    position.units = units.iter().map(|&(p, u)| unit(map, p, u)).collect();
    for &(p, centre) in owners {
        let c = map.province_by_name(centre).expect("a province");
        position.owners[c.index()] = Some(power(map, p));
    }
    position
}

/// The board of a movement phase whose units are the ordered units, adjudicated.
pub fn after_movement(map: &Map, phase_text: &str, block: &str, rules: &Rules) -> Position {
    let orders = orders(map, PhaseKind::Movement, block);
    let mut position = Position::empty(map, phase(phase_text));
    for order in &orders {
        let kind = order.unit.kind.expect("movement orders name the unit type");
        let loc = order.unit.place.coast_loc().unwrap_or_else(|| map.main_loc(order.unit.place.province));
        position.units.push(Unit { power: order.power, kind, loc });
    }
    dip_movement::adjudicate(map, &position, &orders, rules).expect("a movement phase").position
}

/// Location of `A Paris` / `F Spain(nc)`.
pub fn loc(map: &Map, text: &str) -> dip_map::LocId {
    parse_unit(map, text).unwrap_or_else(|e| panic!("`{text}`: {e}")).1
}

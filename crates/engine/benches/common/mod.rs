//! The benchmark workloads, shared by the divan benchmark (`phase.rs`) and the
//! instruction counter (`instructions.rs`): the positions of `bench/workloads.json` on
//! the standard map, and the 100-fleet convoy web of the movement crate's tests.

#![allow(dead_code)]

use std::collections::BTreeMap;

use dip::batch::RandomGame;
use dip::{Action, Map, Order, ParseOptions, PhaseKind, Position, PowerId, Unit, parse_order, parse_order_into};

#[path = "../../../movement/tests/common/grid.rs"]
mod grid;

/// The two positions of `bench/workloads.json`.
pub const WORKLOADS: &[&str] = &["opening_s1901", "midgame_34"];

/// Full movement phases on the largest maps, every unit ordered (a legal order chosen at
/// random, seed 1): the openings of World Diplomacy IX (51 units) and Known World 901 (109,
/// 49 of them neutral armies that hold), and Known World 901 crowded with a unit in every
/// province (269), its random orders once with convoys (99 armies move by convoy through 52
/// fleets) and once without. The standard opening is the yardstick: the cost a unit should
/// not grow with the map.
pub const LARGE_MAPS: &[&str] =
    &["opening_s1901", "world_opening", "kw901_opening", "kw901_crowded", "kw901_crowded_no_convoys"];

/// The random games of the game benchmarks: seeds 1 to 16, from 1901 to 1920.
pub const GAMES: usize = 16;
pub const UNTIL_YEAR: u16 = 1920;

pub fn random_games() -> Vec<RandomGame> {
    (1..=GAMES as u64).map(|seed| RandomGame { seed, until_year: UNTIL_YEAR }).collect()
}

pub struct Workload {
    pub map: Map,
    pub position: Position,
    /// (power, order text)
    pub texts: Vec<(PowerId, String)>,
    pub orders: Vec<Order>,
}

/// A workload by name: one of [`WORKLOADS`] or [`LARGE_MAPS`], or `convoy_web`.
pub fn workload(name: &str) -> Workload {
    if let Some(w) = large_map(name) {
        return w;
    }
    if name == "convoy_web" {
        let (map, position, texts) = grid::convoy_web();
        let mut orders = Vec::new();
        read_orders(&map, &texts, &mut orders);
        assert_eq!(orders.len(), texts.len(), "every order of the web reads");
        return Workload { map, position, texts, orders };
    }
    let map = dip::variant("standard").expect("standard map");
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../bench/workloads.json"))
        .expect("bench/workloads.json");
    let all: BTreeMap<String, serde_json::Value> = serde_json::from_str(&text).expect("valid JSON");
    let orders_by_power = all[name]["orders"].as_object().expect("orders object");
    let mut position = Position::opening(&map);
    position.units.clear();
    let mut texts = Vec::new();
    let mut orders = Vec::new();
    for (power_name, list) in orders_by_power {
        let power = map.power_by_name(power_name).expect("power");
        for order_text in list.as_array().expect("order list") {
            let order_text = order_text.as_str().expect("order string").to_string();
            let order = parse_order(&map, ParseOptions::new(PhaseKind::Movement).power(power), &order_text)
                .expect("order parses");
            // The units are the ones the orders name.
            let kind = order.unit.kind.expect("unit type written");
            let loc =
                map.unit_loc(kind, order.unit.place.province, order.unit.place.coast_loc()).expect("unit location");
            position.units.push(Unit { power, kind, loc });
            texts.push((power, order_text));
            orders.push(order);
        }
    }
    Workload { map, position, texts, orders }
}

/// Reads the workload's order texts into `orders`, as a server would on each request.
pub fn read_orders(map: &Map, texts: &[(PowerId, String)], orders: &mut Vec<Order>) {
    orders.clear();
    for (power, text) in texts {
        // An order that does not read is left out.
        let options = ParseOptions::new(PhaseKind::Movement).power(*power);
        let _ = parse_order_into(map, options, std::hint::black_box(text), orders);
    }
}

/// The position of a [`LARGE_MAPS`] workload, before its orders.
pub fn large_map_position(name: &str) -> Option<(Map, Position)> {
    let (variant, crowded) = match name {
        "world_opening" => ("world", false),
        "kw901_opening" => ("known_world_901", false),
        "kw901_crowded" | "kw901_crowded_no_convoys" => ("known_world_901", true),
        _ => return None,
    };
    let map = dip::variant(variant).expect("an embedded variant");
    let mut position = Position::opening(&map);
    if crowded {
        // A unit in every province, the powers taking turns: armies on land, fleets at sea.
        position.units.clear();
        let powers: Vec<PowerId> = map.powers().collect();
        for (i, p) in map.provinces().enumerate() {
            let kind = if map.can_hold(dip::UnitKind::Army, p) { dip::UnitKind::Army } else { dip::UnitKind::Fleet };
            position.units.push(Unit { power: powers[i % powers.len()], kind, loc: map.main_loc(p) });
        }
    }
    Some((map, position))
}

/// A position of [`LARGE_MAPS`] with a random legal order for every unit.
fn large_map(name: &str) -> Option<Workload> {
    let (map, position) = large_map_position(name)?;
    let mut choices = dip::legal_orders(&map, &position).expect("a position of the map");
    if name.ends_with("no_convoys") {
        for (_, menu) in &mut choices {
            // Supports of moves only an army carried by sea could make go too.
            let by_sea = |o: &dip::Order| match &o.action {
                Action::SupportMove { target, to } => {
                    target.kind == Some(dip::UnitKind::Army) && !map.army_adjacent(target.place.province, to.province)
                }
                _ => false,
            };
            menu.retain(|o| {
                !matches!(o.action, Action::Convoy { .. } | Action::Move { via_convoy: true, .. }) && !by_sea(o)
            });
        }
    }
    let orders = dip::batch::random_orders(&map, &position, &choices, &mut dip::batch::Rng::new(1));
    assert_eq!(orders.len(), position.units.len(), "every unit ordered");
    let texts = orders.iter().map(|o| (o.power, o.display(&map).to_string())).collect();
    Some(Workload { map, position, texts, orders })
}

/// The workload's orders written out in the DATC's long form (`A Paris - Burgundy`,
/// `F North Sea Convoys A London - Belgium`).
pub fn long_texts(w: &Workload) -> Vec<(PowerId, String)> {
    w.orders.iter().map(|o| (o.power, o.display(&w.map).to_string())).collect()
}

/// Orders nobody could read, each for England on the standard map: misspelled and
/// unknown names (long and short), missing parts, junk, and a long line.
pub fn unreadable() -> Vec<String> {
    let mut texts: Vec<String> = [
        "A Lodnn - Belgium",
        "F Nrth Sea Convoys A Yorkshire - Belgium",
        "A Paris - Burgundyy",
        "A PAR - XYZ",
        "F LON S F EDI - NTHH",
        "A Liverpool Supports",
        "A Par -",
        "zzzz",
        "A Mnuich - Bohemai",
        "F English Chanel - Mid Atlantic Oceann",
    ]
    .map(String::from)
    .to_vec();
    texts.push("A Paris - ".to_string() + &"Burgundy ".repeat(200));
    texts
}

/// Reads `texts` as England's, counting the errors.
pub fn read_unreadable(map: &Map, texts: &[String]) -> usize {
    let england = map.power_by_name("England").expect("England");
    let options = ParseOptions::new(PhaseKind::Movement).power(england);
    texts.iter().filter(|t| parse_order(map, options, std::hint::black_box(t)).is_err()).count()
}

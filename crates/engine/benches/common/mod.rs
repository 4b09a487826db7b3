//! The benchmark workloads, shared by the divan benchmark (`phase.rs`) and the
//! instruction counter (`instructions.rs`): the positions of `bench/workloads.json` on
//! the standard map, and the 100-fleet convoy web of the movement crate's tests.

#![allow(dead_code)]

use std::collections::BTreeMap;

use dip::batch::RandomGame;
use dip::{Map, Order, ParseOptions, PhaseKind, Position, PowerId, Unit, parse_order};

#[path = "../../../movement/tests/common/grid.rs"]
mod grid;

/// The two positions of `bench/workloads.json`.
pub const WORKLOADS: &[&str] = &["opening_s1901", "midgame_34"];

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

/// A workload by name: one of [`WORKLOADS`], or `convoy_web`.
pub fn workload(name: &str) -> Workload {
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
        if let Ok(order) =
            parse_order(map, ParseOptions::new(PhaseKind::Movement).power(*power), std::hint::black_box(text))
        {
            orders.push(order);
        }
    }
}

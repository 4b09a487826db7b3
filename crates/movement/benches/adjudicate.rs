//! Adjudication speed on the two benchmark positions of `bench/workloads.json`:
//! `parsed` times the resolver on already-parsed orders, `text` the whole path from
//! order text to the full outcome.

use std::collections::BTreeMap;

use dip_map::{Map, PhaseKind, Position, Rules, Unit};
use dip_movement::Adjudicator;
use dip_orders::{Order, ParseOptions, parse_order};

struct Workload {
    position: Position,
    /// (power, order text)
    texts: Vec<(dip_map::PowerId, String)>,
    orders: Vec<Order>,
}

fn map() -> Map {
    dip_map::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/standard.ron")).expect("standard map")
}

fn workload(map: &Map, name: &str) -> Workload {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../bench/workloads.json"))
        .expect("bench/workloads.json");
    let all: BTreeMap<String, serde_json::Value> = serde_json::from_str(&text).expect("valid JSON");
    let orders_by_power = all[name]["orders"].as_object().expect("orders object");
    let mut position = Position::opening(map);
    position.units.clear();
    let mut texts = Vec::new();
    let mut orders = Vec::new();
    for (power_name, list) in orders_by_power {
        let power = map.power_by_name(power_name).expect("power");
        for order_text in list.as_array().expect("order list") {
            let order_text = order_text.as_str().expect("order string").to_string();
            let order = parse_order(map, ParseOptions::new(PhaseKind::Movement).power(power), &order_text)
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
    Workload { position, texts, orders }
}

/// Reads the workload's order texts into `orders`, as a server would on each request.
fn read_orders(map: &Map, texts: &[(dip_map::PowerId, String)], orders: &mut Vec<Order>) {
    orders.clear();
    for (power, text) in texts {
        if let Ok(order) =
            parse_order(map, ParseOptions::new(PhaseKind::Movement).power(*power), divan::black_box(text))
        {
            orders.push(order);
        }
    }
}

const WORKLOADS: &[&str] = &["opening_s1901", "midgame_34"];

#[divan::bench(args = WORKLOADS)]
fn parsed(bencher: divan::Bencher<'_, '_>, name: &str) {
    let map = map();
    let w = workload(&map, name);
    let rules = Rules::default();
    let mut adjudicator = Adjudicator::new();
    bencher.bench_local(|| {
        let ran = adjudicator.run(&map, divan::black_box(&w.position), divan::black_box(&w.orders), &rules);
        divan::black_box((ran.is_ok(), adjudicator.moved(0)))
    });
}

#[divan::bench(args = WORKLOADS)]
fn text(bencher: divan::Bencher<'_, '_>, name: &str) {
    let map = map();
    let w = workload(&map, name);
    let rules = Rules::default();
    let mut adjudicator = Adjudicator::new();
    let mut orders = Vec::with_capacity(w.texts.len());
    bencher.bench_local(|| {
        read_orders(&map, &w.texts, &mut orders);
        let ran = adjudicator.run(&map, &w.position, &orders, &rules);
        divan::black_box((ran.is_ok(), adjudicator.outcome(&map, &w.position, &orders)))
    });
}

#[divan::bench(args = WORKLOADS)]
fn parse_only(bencher: divan::Bencher<'_, '_>, name: &str) {
    let map = map();
    let w = workload(&map, name);
    let mut orders = Vec::with_capacity(w.texts.len());
    bencher.bench_local(|| {
        read_orders(&map, &w.texts, &mut orders);
        divan::black_box(orders.len())
    });
}

#[divan::bench(args = WORKLOADS)]
fn outcome_only(bencher: divan::Bencher<'_, '_>, name: &str) {
    let map = map();
    let w = workload(&map, name);
    let rules = Rules::default();
    let mut adjudicator = Adjudicator::new();
    adjudicator.run(&map, &w.position, &w.orders, &rules).expect("the workload is valid");
    bencher.bench_local(|| divan::black_box(adjudicator.outcome(&map, &w.position, &w.orders)));
}

fn main() {
    divan::main();
}

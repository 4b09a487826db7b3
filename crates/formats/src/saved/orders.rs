//! A phase's orders as written in a saved game, and what they did in MILA's result codes.

use indexmap::IndexMap;

use dip_adjust::{AdjustmentResult, RetreatResult};
use dip_map::{Map, PhaseKind, Position, PowerId, Unit};
use dip_movement::{Failure, OrderResult};
use dip_orders::{Action, Order, OrderLine, ParseOptions, parse_order};

use super::state::{power_named, province_key, unit_key};
use super::{GameError, SavedPhase};
use crate::results::Outcome;

/// Reads a phase's orders, power by power in the file's order. Orders that cannot be read
/// are kept as `Err` lines; a power the map does not know, or named twice (`FRANCE` and
/// `France`), is an error and its orders are left out.
pub fn phase_orders(map: &Map, phase: &SavedPhase, kind: PhaseKind) -> (Vec<OrderLine>, Vec<GameError>) {
    let mut lines = Vec::new();
    let mut errors = Vec::new();
    let mut keys: Vec<(PowerId, &str)> = Vec::with_capacity(phase.orders.len());
    for (key, orders) in &phase.orders {
        let Some(power) = power_named(map, key) else {
            errors.push(GameError::new("unknown power in `orders`").about(key));
            continue;
        };
        // `FRANCE` and `France` are one power: which list is meant cannot be told.
        if let Some((_, first)) = keys.iter().find(|(p, _)| *p == power) {
            errors.push(
                GameError::new(format!("the power's orders are given twice, as `{first}` and `{key}`")).about(key),
            );
            continue;
        }
        keys.push((power, key));
        let options = ParseOptions::new(kind).power(power);
        for text in orders {
            lines.push(OrderLine { power, text: text.clone(), line: None, parsed: parse_order(map, options, text) });
        }
    }
    (lines, errors)
}

/// The unit an order is for, as the saved game names it: the unit standing (or, in a
/// retreat phase, dislodged) in the ordered province, else the unit as written.
fn order_unit_key(map: &Map, start: &Position, order: &Order) -> String {
    if order.action == Action::Waive {
        return "WAIVE".into();
    }
    let province = order.unit.place.province;
    if order.action != Action::Build {
        let dislodged = start.dislodged.iter().map(|d| &d.unit).find(|u| map.province_of(u.loc) == province);
        let standing = start.unit_in(map, province);
        let unit: Option<&Unit> =
            if start.phase.kind == PhaseKind::Retreat { dislodged.or(standing) } else { standing.or(dislodged) };
        if let Some(unit) = unit {
            return unit_key(map, unit);
        }
    }
    let kind = order.unit.kind.map_or(String::new(), |k| format!("{k} "));
    let coast = order.unit.place.coast_loc().and_then(|l| map.location(l).coast.clone());
    match coast {
        Some(coast) => format!("{kind}{}/{}", province_key(map, province), coast.to_ascii_uppercase()),
        None => format!("{kind}{}", province_key(map, province)),
    }
}

/// MILA's codes for a movement result.
fn movement_codes(result: &OrderResult) -> &'static [&'static str] {
    match result {
        OrderResult::Succeeds => &[],
        OrderResult::Illegal(_) => &["void"],
        OrderResult::Fails(why) => match why {
            Failure::Bounced { .. } | Failure::RailStopped { .. } => &["bounce"],
            Failure::NoConvoyPath => &["no convoy"],
            Failure::SupportCut { .. } => &["cut"],
            Failure::SupportDislodged { .. } => &["cut", "dislodged"],
            Failure::ConvoyDislodged { .. } | Failure::Dislodged { .. } => &["dislodged"],
            Failure::ConvoyParadox | Failure::CanalParadox => &["disrupted"],
            _ => &["void"],
        },
    }
}

fn add(results: &mut IndexMap<String, Vec<String>>, key: String, codes: &[&str]) {
    let list = results.entry(key).or_default();
    for code in codes {
        if !list.iter().any(|c| c == code) {
            list.push((*code).to_string());
        }
    }
}

/// What each unit's order did, in MILA's result codes, keyed by unit (`A PAR`; `WAIVE`):
/// an empty list for a success, else `bounce`, `cut`, `dislodged`, `void` (an order that
/// did nothing: a support or convoy not matched, an illegal order, a failed build),
/// `no convoy`, `disrupted` (a convoy failed by the paradox rule), `disband`. Units
/// without orders are listed too.
pub fn mila_results(
    map: &Map,
    start: &Position,
    orders: &[Order],
    outcome: Outcome<'_>,
) -> IndexMap<String, Vec<String>> {
    let mut results = IndexMap::new();
    match outcome {
        Outcome::Movement(o) => {
            for (order, result) in orders.iter().zip(&o.results) {
                add(&mut results, order_unit_key(map, start, order), movement_codes(result));
            }
            for &(_, loc) in &o.unordered {
                if let Some(unit) = start.unit_in(map, map.province_of(loc)) {
                    add(&mut results, unit_key(map, unit), &[]);
                }
            }
            // A move implied for a unit without an order (§4.E.3 a) has a move's codes.
            for m in &o.implied {
                add(&mut results, unit_key(map, &m.unit), movement_codes(&m.result));
            }
            for d in &o.dislodged {
                add(&mut results, unit_key(map, &d.unit), &["dislodged"]);
            }
        }
        Outcome::Retreat(o) => {
            for (order, result) in orders.iter().zip(&o.results) {
                let codes: &[&str] = match result {
                    RetreatResult::Succeeds => &[],
                    RetreatResult::Fails(_) => &["bounce"],
                    RetreatResult::Illegal(_) => &["void"],
                };
                add(&mut results, order_unit_key(map, start, order), codes);
            }
            for d in &o.disbanded {
                add(&mut results, unit_key(map, &d.unit), &["disband"]);
            }
        }
        Outcome::Adjustment(o) => {
            for (order, result) in orders.iter().zip(&o.results) {
                let codes: &[&str] = match result {
                    AdjustmentResult::Succeeds => &[],
                    _ => &["void"],
                };
                add(&mut results, order_unit_key(map, start, order), codes);
            }
            for r in &o.removed {
                add(&mut results, unit_key(map, &r.unit), &[]);
            }
        }
    }
    results
}

//! The legal orders of a position: what an AI or a user interface may offer each unit.

use dip_map::{LocId, Map, PhaseKind, Position, PositionError, PowerId, ProvinceId, UnitKind};
use dip_orders::{Action, CoastSpec, Order, Place, UnitSpec};

/// Every legal order for each unit that needs one, by power: in a movement phase the
/// orders of each unit on the board (hold, moves, supports, convoys, moves by convoy or
/// railroad; canal crossings are among the moves, and a canal keeper's permissions, not
/// being orders of a unit, are left to the caller), in
/// a retreat phase the retreats and disband of each dislodged unit, in an adjustment
/// phase the builds, removals and waives of each power. Each inner list is one unit's (or,
/// for adjustments, one power's) choices.
///
/// A position of another map is an error ([`Position::check`]).
pub fn legal_orders(map: &Map, position: &Position) -> Result<Vec<(PowerId, Vec<Order>)>, PositionError> {
    position.check(map)?;
    Ok(match position.phase.kind {
        PhaseKind::Movement => movement(map, position),
        PhaseKind::Retreat => retreats(map, position),
        PhaseKind::Adjustment => adjustments(map, position),
    })
}

fn spec(kind: UnitKind, map: &Map, loc: LocId) -> UnitSpec {
    UnitSpec::new(Some(kind), place(map, loc))
}

fn place(map: &Map, loc: LocId) -> Place {
    let province = map.province_of(loc);
    let coast = map.location(loc).coast.as_ref().map(|_| CoastSpec::Known(loc));
    Place { province, coast }
}

/// Where a unit at `loc` may move: (location, province).
fn destinations(map: &Map, kind: UnitKind, loc: LocId) -> Vec<LocId> {
    match kind {
        UnitKind::Army => map.army_neighbours(map.province_of(loc)).iter().map(|&p| map.main_loc(p)).collect(),
        UnitKind::Fleet => map.fleet_neighbours(loc).to_vec(),
    }
}

/// Where a unit may go along railroads: (railroad, station).
fn rail_destinations(map: &Map, power: PowerId, kind: UnitKind, here: ProvinceId) -> Vec<(u8, ProvinceId)> {
    let mut out = Vec::new();
    if kind != UnitKind::Army {
        return out;
    }
    for (r, railroad) in map.railroads().iter().enumerate() {
        if railroad.power == power && railroad.stations.contains(&here) {
            let r = u8::try_from(r).unwrap_or(u8::MAX);
            out.extend(railroad.stations.iter().filter(|&&s| s != here).map(|&s| (r, s)));
        }
    }
    out
}

fn movement(map: &Map, position: &Position) -> Vec<(PowerId, Vec<Order>)> {
    let season = position.phase.season;
    let frozen = |p: ProvinceId| map.is_frozen(p, season);
    // Provinces an army could reach by a chain of fleets on the board.
    let fleets: Vec<ProvinceId> = position
        .units
        .iter()
        .filter(|u| {
            u.kind == UnitKind::Fleet && map.can_convoy(map.province_of(u.loc)) && !frozen(map.province_of(u.loc))
        })
        .map(|u| map.province_of(u.loc))
        .collect();
    let mut out = Vec::with_capacity(position.units.len());
    for unit in &position.units {
        let here = map.province_of(unit.loc);
        let me = spec(unit.kind, map, unit.loc);
        let order = |action| Order { power: unit.power, unit: me.clone(), action };
        let mut orders = vec![order(Action::Hold)];
        // Ice holds a unit, and a neutral power's units only hold.
        if frozen(here) || map.is_neutral(unit.power) {
            out.push((unit.power, orders));
            continue;
        }
        for to in destinations(map, unit.kind, unit.loc) {
            let p = map.province_of(to);
            if !frozen(p) {
                orders.push(order(Action::Move { to: place(map, to), via_convoy: false, path: Vec::new() }));
            }
        }
        for (railroad, p) in rail_destinations(map, unit.power, unit.kind, here) {
            if !frozen(p) {
                orders.push(order(Action::Rail { railroad, to: Place::new(p) }));
            }
        }
        if unit.kind == UnitKind::Army {
            for p in convoy_reach(map, here, &fleets) {
                if !map.army_adjacent(here, p) && !frozen(p) {
                    orders.push(order(Action::Move { to: Place::new(p), via_convoy: true, path: Vec::new() }));
                }
            }
        }
        // Supports: of any other unit holding in, or moving to, a province this unit reaches.
        for other in &position.units {
            if other.loc == unit.loc {
                continue;
            }
            let there = map.province_of(other.loc);
            let target = UnitSpec::new(Some(other.kind), Place::new(there));
            let reaches = |p: ProvinceId| map.reaches(unit.kind, unit.loc, p) && map.border_cost(here, p) == 0;
            if reaches(there) {
                orders.push(order(Action::SupportHold { target: target.clone() }));
            }
            let mut seen: Vec<ProvinceId> = Vec::new();
            let by_rail =
                rail_destinations(map, other.power, other.kind, there).into_iter().map(|(_, p)| map.main_loc(p));
            for to in destinations(map, other.kind, other.loc).into_iter().chain(by_rail) {
                let p = map.province_of(to);
                if p != here && !seen.contains(&p) && reaches(p) && !frozen(p) {
                    seen.push(p);
                    orders.push(order(Action::SupportMove { target: target.clone(), to: Place::new(p) }));
                }
            }
        }
        // Convoys: a fleet at sea may carry an adjacent army to a coast the fleets reach.
        if unit.kind == UnitKind::Fleet && map.can_convoy(here) {
            for army in position.units.iter().filter(|u| u.kind == UnitKind::Army) {
                let from = map.province_of(army.loc);
                if !map.fleet_reaches(unit.loc, from) {
                    continue;
                }
                for p in convoy_reach(map, from, &fleets) {
                    if p != here && map.fleet_reaches(unit.loc, p) && !frozen(p) {
                        let target = UnitSpec::new(Some(UnitKind::Army), Place::new(from));
                        orders.push(order(Action::Convoy { army: target, to: Place::new(p) }));
                    }
                }
            }
        }
        out.push((unit.power, orders));
    }
    out
}

/// Coastal provinces an army in `from` could reach through the fleets at `fleets`.
fn convoy_reach(map: &Map, from: ProvinceId, fleets: &[ProvinceId]) -> Vec<ProvinceId> {
    let mut reached: Vec<ProvinceId> =
        fleets.iter().copied().filter(|&f| f != from && map.fleet_reaches(map.main_loc(f), from)).collect();
    let mut i = 0;
    while i < reached.len() {
        let f = reached[i];
        for &g in fleets {
            if g != from && !reached.contains(&g) && map.fleet_adjacent(map.main_loc(f), map.main_loc(g)) {
                reached.push(g);
            }
        }
        i += 1;
    }
    let mut out = Vec::new();
    for p in map.provinces() {
        let land = map.can_hold(UnitKind::Army, p);
        if land && p != from && !reached.contains(&p) && reached.iter().any(|&f| map.fleet_reaches(map.main_loc(f), p))
        {
            out.push(p);
        }
    }
    out
}

fn retreats(map: &Map, position: &Position) -> Vec<(PowerId, Vec<Order>)> {
    position
        .dislodged
        .iter()
        .map(|d| {
            let me = spec(d.unit.kind, map, d.unit.loc);
            let mut orders = vec![Order { power: d.unit.power, unit: me.clone(), action: Action::Disband }];
            // A neutral unit has no retreats; the movement phase gave it none.
            for &to in d.retreats.iter().filter(|_| !map.is_neutral(d.unit.power)) {
                orders.push(Order {
                    power: d.unit.power,
                    unit: me.clone(),
                    action: Action::Retreat { to: place(map, to) },
                });
            }
            (d.unit.power, orders)
        })
        .collect()
}

fn adjustments(map: &Map, position: &Position) -> Vec<(PowerId, Vec<Order>)> {
    let mut out = Vec::new();
    // Neutral powers give no orders: their builds are made for them.
    for power in map.players() {
        let centres = i32::from(dip_adjust::counted_centres(map, position, power));
        let units: Vec<_> = position.units.iter().filter(|u| u.power == power).collect();
        let change = centres - units.len() as i32;
        let mut orders = Vec::new();
        if change < 0 {
            for u in units {
                orders.push(Order { power, unit: spec(u.kind, map, u.loc), action: Action::Remove });
            }
        } else if change > 0 {
            orders.push(Order { power, unit: UnitSpec::new(None, Place::new(ProvinceId(0))), action: Action::Waive });
            for c in dip_adjust::build_sites(map, position, power) {
                for kind in [UnitKind::Army, UnitKind::Fleet] {
                    let locs: Vec<LocId> = match kind {
                        UnitKind::Army => map.unit_loc(kind, c, None).into_iter().collect(),
                        UnitKind::Fleet if map.is_multi_coast(c) => map.province(c).coasts.clone(),
                        UnitKind::Fleet => map.unit_loc(kind, c, None).into_iter().collect(),
                    };
                    for loc in locs {
                        orders.push(Order { power, unit: spec(kind, map, loc), action: Action::Build });
                    }
                }
            }
        }
        if !orders.is_empty() {
            out.push((power, orders));
        }
    }
    out
}

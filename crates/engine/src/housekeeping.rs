//! What a game master does before adjudicating: choosing among several order sets of one
//! power (DATC §4.D.1, §4.D.2) and taking illegal units off the board (§4.E.6).

use dip_map::rules::{FlyingDutchman, OrderSetsDefined, OrderSetsUndefined};
use dip_map::{Map, Position, Rules, Unit, UnitKind};
use dip_orders::Order;

/// One order set as a player sent it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OrderSet {
    pub orders: Vec<Order>,
    /// The set says it replaces all earlier sets.
    pub replaces_earlier: bool,
    /// The set says earlier sets still count.
    pub keeps_earlier: bool,
}

/// Whether the order in which the sets arrived is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrival {
    /// Oldest first (mail, a web form): §4.D.1 decides.
    Known,
    /// Several papers in a face-to-face game: §4.D.2 decides.
    Unknown,
}

/// The orders that count from several order sets of one power. Two different orders to
/// one unit that this leaves are settled by §4.D.3 when adjudicating.
pub fn merge_order_sets(sets: &[OrderSet], arrival: Arrival, rules: &Rules) -> Vec<Order> {
    let Some(latest) = sets.last() else { return Vec::new() };
    let all = || sets.iter().flat_map(|s| s.orders.iter().cloned()).collect();
    match arrival {
        Arrival::Known => match rules.order_sets_defined {
            OrderSetsDefined::Combine => all(),
            OrderSetsDefined::CombineUnlessReplaced if latest.replaces_earlier => latest.orders.clone(),
            OrderSetsDefined::CombineUnlessReplaced => all(),
            OrderSetsDefined::LatestUnlessKept if latest.keeps_earlier => all(),
            OrderSetsDefined::LatestUnlessKept | OrderSetsDefined::Latest => latest.orders.clone(),
        },
        Arrival::Unknown => match rules.order_sets_undefined {
            OrderSetsUndefined::AllHold if sets.len() > 1 => Vec::new(),
            OrderSetsUndefined::AllHold | OrderSetsUndefined::Combine => all(),
        },
    }
}

/// Units that cannot be on the board: of no power of the map, on terrain their kind
/// cannot stand on, or sharing a province (every unit of a shared province is listed).
pub fn flying_dutchmen(map: &Map, position: &Position) -> Vec<Unit> {
    let mut out = Vec::new();
    for (i, unit) in position.units.iter().enumerate() {
        let Some(location) = (unit.loc.index() < map.location_count()).then(|| map.location(unit.loc)) else {
            out.push(*unit);
            continue;
        };
        let misplaced = unit.power.index() >= map.power_count()
            || !map.can_hold(unit.kind, location.province)
            || (unit.kind == UnitKind::Army && location.coast.is_some())
            || (unit.kind == UnitKind::Fleet && location.coast.is_none() && map.is_multi_coast(location.province));
        let shared = position.units.iter().enumerate().any(|(j, other)| {
            j != i && other.loc.index() < map.location_count() && map.province_of(other.loc) == location.province
        });
        if misplaced || shared {
            out.push(*unit);
        }
    }
    out
}

/// Takes Flying Dutchmen off the board as DATC §4.E.6 prefers (or leaves them, under
/// the other choice): a misplaced unit goes; of units sharing a province, the civil-disorder
/// order of removal (§4.D.8) picks which go until one is left. Returns the removed units.
pub fn remove_flying_dutchmen(map: &Map, position: &mut Position, rules: &Rules) -> Vec<Unit> {
    if rules.flying_dutchman == FlyingDutchman::UntilAdjustment {
        return Vec::new();
    }
    let suspects = flying_dutchmen(map, position);
    let mut removed = Vec::new();
    for unit in &suspects {
        let valid = unit.power.index() < map.power_count() && unit.loc.index() < map.location_count();
        let sharing = valid
            && suspects
                .iter()
                .filter(|o| o.loc.index() < map.location_count() && map.province_of(o.loc) == map.province_of(unit.loc))
                .count()
                > 1;
        if !sharing {
            removed.push(*unit);
        }
    }
    // Shared provinces: rank the candidates by their powers' civil-disorder order and keep
    // the one that would go last.
    let mut provinces: Vec<_> =
        suspects.iter().filter(|u| !removed.contains(u)).map(|u| map.province_of(u.loc)).collect();
    provinces.sort();
    provinces.dedup();
    for province in provinces {
        let candidates: Vec<Unit> = suspects
            .iter()
            .copied()
            .filter(|u| u.loc.index() < map.location_count() && map.province_of(u.loc) == province)
            .collect();
        let rank = |u: &Unit| -> usize {
            let own: Vec<Unit> = position.units.iter().copied().filter(|o| o.power == u.power).collect();
            let order =
                dip_adjust::removal_precedence(map, &Position { units: own, ..position.clone() }, u.power, rules);
            order.iter().position(|o| o == u).unwrap_or(0)
        };
        let keep =
            candidates.iter().copied().max_by_key(|u| (rank(u), std::cmp::Reverse(u.power))).unwrap_or(candidates[0]);
        removed.extend(candidates.into_iter().filter(|u| *u != keep));
    }
    position.units.retain(|u| !removed.contains(u));
    removed
}

#[cfg(test)]
mod tests {
    use super::*;
    use dip_map::rules::{OrderSetsDefined, OrderSetsUndefined};
    use dip_orders::{ParseOptions, parse_order};

    fn orders(map: &Map, texts: &[&str]) -> Vec<Order> {
        let england = map.power_by_name("England").expect("England");
        texts
            .iter()
            .map(|t| {
                parse_order(map, ParseOptions::new(dip_map::PhaseKind::Movement).power(england), t).expect("order")
            })
            .collect()
    }

    #[test]
    fn order_sets_merge_by_the_rules() {
        let map = crate::variant("standard").expect("standard");
        let first = OrderSet {
            orders: orders(&map, &["F London - North Sea", "A Liverpool - Yorkshire"]),
            ..Default::default()
        };
        let second = OrderSet { orders: orders(&map, &["F London - English Channel"]), ..Default::default() };
        let kept = OrderSet { keeps_earlier: true, ..second.clone() };
        let replacing = OrderSet { replaces_earlier: true, ..second.clone() };
        let mut rules = Rules::default();
        // c (the default): the latest only, unless it keeps the earlier.
        assert_eq!(merge_order_sets(&[first.clone(), second.clone()], Arrival::Known, &rules).len(), 1);
        assert_eq!(merge_order_sets(&[first.clone(), kept.clone()], Arrival::Known, &rules).len(), 3);
        rules.order_sets_defined = OrderSetsDefined::Combine;
        assert_eq!(merge_order_sets(&[first.clone(), second.clone()], Arrival::Known, &rules).len(), 3);
        rules.order_sets_defined = OrderSetsDefined::CombineUnlessReplaced;
        assert_eq!(merge_order_sets(&[first.clone(), replacing.clone()], Arrival::Known, &rules).len(), 1);
        assert_eq!(merge_order_sets(&[first.clone(), second.clone()], Arrival::Known, &rules).len(), 3);
        rules.order_sets_defined = OrderSetsDefined::Latest;
        assert_eq!(merge_order_sets(&[first.clone(), kept], Arrival::Known, &rules).len(), 1);
        // §4.D.2: combined by default, or all hold.
        assert_eq!(merge_order_sets(&[first.clone(), second.clone()], Arrival::Unknown, &rules).len(), 3);
        rules.order_sets_undefined = OrderSetsUndefined::AllHold;
        assert!(merge_order_sets(&[first, second], Arrival::Unknown, &rules).is_empty());
    }

    #[test]
    fn flying_dutchmen_are_found_and_removed() {
        let map = crate::variant("standard").expect("standard");
        let mut position = Position::opening(&map);
        let england = map.power_by_name("England").expect("England");
        let paris = map.main_loc(map.province_by_name("Paris").expect("Paris"));
        let nth = map.main_loc(map.province_by_name("North Sea").expect("North Sea"));
        // An English army in Paris beside the French one, and an army at sea.
        position.units.push(Unit { power: england, kind: UnitKind::Army, loc: paris });
        position.units.push(Unit { power: england, kind: UnitKind::Army, loc: nth });
        let suspects = flying_dutchmen(&map, &position);
        assert_eq!(suspects.len(), 3);
        let mut rules = Rules::default();
        rules.flying_dutchman = FlyingDutchman::UntilAdjustment;
        assert!(remove_flying_dutchmen(&map, &mut position.clone(), &rules).is_empty());
        let removed = remove_flying_dutchmen(&map, &mut position, &Rules::default());
        assert_eq!(removed.len(), 2);
        assert!(removed.contains(&Unit { power: england, kind: UnitKind::Army, loc: nth }));
        assert_eq!(position.units.iter().filter(|u| u.loc == paris).count(), 1);
        assert!(flying_dutchmen(&map, &position).is_empty());
    }
}

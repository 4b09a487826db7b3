//! Which units a power that orders too few removals loses (DATC §4.D.8, section 6.J).

use std::cmp::Reverse;
use std::collections::VecDeque;

use dip_map::rules::CivilDisorderRemoval;
use dip_map::{LocId, Map, Position, PowerId, ProvinceId, Rules, Unit, UnitKind};

use crate::board::{power, province, province_of};

/// The units of `power` on the board, in the order the civil-disorder rule removes them
/// (the first is removed first), under the §4.D.8 choice in `rules`.
///
/// - 2023 rulebook (default): units on supply centres come last; then the farthest from the
///   nearest supply centre the power owns (`position.owners`), counting steps between any
///   adjacent provinces whatever the unit type; fleets before armies; then the English
///   province names alphabetically.
/// - 1971/1982 and 2000 rulebooks: the farthest from the nearest home centre first, fleets
///   moving as fleets and armies moving as armies or fleets; fleets before armies; then
///   alphabetically. A unit that cannot reach a home centre counts as the farthest.
/// - godip: the farthest from the nearest home centre first, counting steps between any
///   adjacent provinces whatever the unit type; fleets before armies; then by province
///   abbreviation. A unit that cannot reach a home centre counts as on one.
/// - MILA: distances as the 1971/1982 rule; fleets before armies; then by province
///   abbreviation. A unit that cannot reach a home centre counts as the farthest.
///
/// The older rulebooks count every owned centre as a home centre where the variant lets a
/// power build in any owned centre (DATC 11.A); godip and MILA always measure to the home
/// centres the variant gives the power.
pub fn removal_precedence(map: &Map, position: &Position, power: PowerId, rules: &Rules) -> Vec<Unit> {
    let units: Vec<Unit> = position.units.iter().copied().filter(|u| u.power == power).collect();
    precedence(map, position, power, rules, units)
}

/// Sort key for removal, first to go first: on a supply centre (2023 rule only), distance
/// (farthest first), army (fleets first), name (English or abbreviation, by the rule),
/// location.
type Key = (bool, Reverse<u32>, bool, String, LocId);

/// Orders `units` (all of `power`) for removal, first to go first.
pub(crate) fn precedence(map: &Map, position: &Position, power: PowerId, rules: &Rules, units: Vec<Unit>) -> Vec<Unit> {
    let rule = rules.civil_disorder_removal;
    let graph = Graph::new(map);
    let owned = |p: ProvinceId| position.owners.get(p.index()) == Some(&Some(power));
    let targets: Vec<bool> = match rule {
        CivilDisorderRemoval::Rulebook2023 => {
            map.provinces().map(|p| province(map, p).is_some_and(|pr| pr.centre) && owned(p)).collect()
        }
        // Where a power may build in any owned centre there are no home centres: every owned
        // centre counts as one (DATC 11.A). Where it may build in any owned home centre, those
        // count as its homes.
        CivilDisorderRemoval::Rulebook1971 | CivilDisorderRemoval::Rulebook2000
            if map.build_rule() == dip_map::BuildRule::AnyOwnedCentre =>
        {
            map.provinces().map(|p| province(map, p).is_some_and(|pr| pr.centre) && owned(p)).collect()
        }
        CivilDisorderRemoval::Rulebook1971 | CivilDisorderRemoval::Rulebook2000
            if map.build_rule() == dip_map::BuildRule::AnyOwnedHomeCentre =>
        {
            map.provinces()
                .map(|p| province(map, p).is_some_and(|pr| pr.centre && pr.home_of.is_some()) && owned(p))
                .collect()
        }
        CivilDisorderRemoval::Rulebook1971
        | CivilDisorderRemoval::Rulebook2000
        | CivilDisorderRemoval::Godip
        | CivilDisorderRemoval::Mila => {
            let mut homes = vec![false; map.province_count()];
            for &h in self::power(map, power).map(|p| p.homes.as_slice()).unwrap_or_default() {
                if let Some(slot) = homes.get_mut(h.index()) {
                    *slot = true;
                }
            }
            homes
        }
    };
    let mut keyed: Vec<(Unit, Key)> = units
        .into_iter()
        .map(|u| {
            let prov = province_of(map, u.loc);
            let any_border = || prov.and_then(|p| graph.province_distance(p, &targets));
            let distance = match (rule, u.kind) {
                (CivilDisorderRemoval::Rulebook2023, _) => any_border().unwrap_or(u32::MAX),
                // godip: a unit with no path to a home centre is taken as on one.
                (CivilDisorderRemoval::Godip, _) => any_border().unwrap_or(0),
                (_, UnitKind::Army) => any_border().unwrap_or(u32::MAX),
                (_, UnitKind::Fleet) => fleet_distance(map, u.loc, &targets).unwrap_or(u32::MAX),
            };
            let on_centre = rule == CivilDisorderRemoval::Rulebook2023
                && prov.and_then(|p| province(map, p)).is_some_and(|p| p.centre);
            let name = prov
                .and_then(|p| province(map, p))
                .map(|p| match rule {
                    // godip compares its lower-case abbreviations, MILA its upper-case unit
                    // names (`A LVN`); both by byte.
                    CivilDisorderRemoval::Godip => p.abbr.to_ascii_lowercase(),
                    CivilDisorderRemoval::Mila => p.abbr.to_ascii_uppercase(),
                    _ => p.name.to_lowercase(),
                })
                .unwrap_or_default();
            let key = (on_centre, Reverse(distance), u.kind != UnitKind::Fleet, name, u.loc);
            (u, key)
        })
        .collect();
    keyed.sort_by(|a, b| a.1.cmp(&b.1));
    keyed.into_iter().map(|(u, _)| u).collect()
}

/// Province adjacency regardless of unit type: army borders and fleet borders from any
/// coast.
struct Graph {
    any: Vec<Vec<ProvinceId>>,
}

impl Graph {
    fn new(map: &Map) -> Self {
        let mut any: Vec<Vec<ProvinceId>> = vec![Vec::new(); map.province_count()];
        for p in map.provinces() {
            let mut next: Vec<ProvinceId> = map.army_neighbours(p).to_vec();
            let coasts = province(map, p).map(|pr| pr.coasts.clone()).unwrap_or_default();
            for loc in std::iter::once(map.main_loc(p)).chain(coasts) {
                if loc.index() < map.location_count() {
                    next.extend(map.fleet_neighbours(loc).iter().filter_map(|&l| province_of(map, l)));
                }
            }
            next.sort();
            next.dedup();
            any[p.index()] = next;
        }
        Graph { any }
    }

    /// Steps from `from` to the nearest target province over any border.
    fn province_distance(&self, from: ProvinceId, targets: &[bool]) -> Option<u32> {
        bfs(
            from.index(),
            self.any.len(),
            |i| targets.get(i).copied().unwrap_or(false),
            |i| self.any.get(i).map(|n| n.iter().map(|p| p.index()).collect()).unwrap_or_default(),
        )
    }
}

/// Fleet moves from `from` to a location of the nearest target province.
fn fleet_distance(map: &Map, from: LocId, targets: &[bool]) -> Option<u32> {
    let is_target =
        |i: usize| province_of(map, LocId(i as u16)).is_some_and(|p| targets.get(p.index()).copied().unwrap_or(false));
    bfs(from.index(), map.location_count(), is_target, |i| {
        map.fleet_neighbours(LocId(i as u16)).iter().map(|l| l.index()).collect()
    })
}

/// Breadth-first search from `start` over nodes `0..n`; the number of steps to the nearest
/// node for which `is_target` holds.
fn bfs(start: usize, n: usize, is_target: impl Fn(usize) -> bool, next: impl Fn(usize) -> Vec<usize>) -> Option<u32> {
    if start >= n {
        return None;
    }
    let mut seen = vec![false; n];
    let mut queue = VecDeque::from([(start, 0u32)]);
    seen[start] = true;
    while let Some((node, steps)) = queue.pop_front() {
        if is_target(node) {
            return Some(steps);
        }
        for m in next(node) {
            if m < n && !seen[m] {
                seen[m] = true;
                queue.push_back((m, steps + 1));
            }
        }
    }
    None
}

//! The board of a saved game (`state`) and dip's `Position`.

use indexmap::IndexMap;

use dip_adjust::build_sites;
use dip_map::{Dislodged, LocId, Map, Phase, PhaseKind, Position, PowerId, ProvinceId, Unit, UnitKind};
use dip_orders::{parse_place_loc, parse_unit};

use super::phase::phase_name;
use super::{Builds, GameError, SavedState};

/// `FRANCE`: how the saved-game JSON names a power.
pub fn power_key(map: &Map, power: PowerId) -> String {
    mila_power_name(&map.power(power).name)
}

/// A power's name as MILA writes it: upper case, letters and digits only (`WESTERNCANADA`
/// for `Western-Canada`).
pub fn mila_power_name(name: &str) -> String {
    name.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_uppercase()).collect()
}

/// The power a saved game names: by its name, adjective or short name as dip's variant has
/// them (any case), or by its name without hyphens and spaces, as MILA writes it
/// (`WESTERNCANADA` for `Western-Canada`, `NEUTRALSTATE` for `Neutral-State`).
pub fn power_named(map: &Map, key: &str) -> Option<PowerId> {
    map.power_by_name(key).or_else(|| {
        let squashed = |s: &str| {
            s.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_uppercase()).collect::<Vec<char>>()
        };
        let key = squashed(key);
        map.powers().find(|&p| squashed(&map.power(p).name) == key)
    })
}

/// `PAR`, `STP/NC`: how the saved-game JSON names a location.
pub(crate) fn loc_key(map: &Map, loc: LocId) -> String {
    map.loc_abbr(loc).to_ascii_uppercase()
}

/// `PAR`.
pub(crate) fn province_key(map: &Map, province: ProvinceId) -> String {
    map.province(province).abbr.to_ascii_uppercase()
}

/// `A PAR`, `F STP/SC`.
pub(crate) fn unit_key(map: &Map, unit: &Unit) -> String {
    format!("{} {}", unit.kind, loc_key(map, unit.loc))
}

/// Where the attacker of a dislodged unit came from, and whether by convoy: the saved game
/// does not record it; [`attackers`] reads it from the movement phase's orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attacker {
    /// The dislodged unit's province.
    pub province: ProvinceId,
    pub from: ProvinceId,
    pub by_convoy: bool,
}

/// Reads the board of a saved game's phase. The saved game does not record where the
/// attacker of a dislodged unit came from: it is taken from `attackers` where known, else
/// the unit's own province stands for "unknown" (retreats are adjudicated by the recorded
/// retreat lists, which do not need it). Every fault is reported, each naming the power and
/// the unit or province.
pub fn state_to_position(
    map: &Map,
    state: &SavedState,
    phase: Phase,
    attackers: &[Attacker],
) -> Result<Position, Vec<GameError>> {
    let mut errors = Vec::new();
    let mut position = Position::empty(map, phase);
    let mut taken: Vec<Option<bool>> = vec![None; map.province_count()];
    let mut named: Vec<(PowerId, &str)> = Vec::with_capacity(state.units.len());
    for (key, units) in &state.units {
        let Some(power) = power_named(map, key) else {
            errors.push(GameError::new("unknown power").about(key));
            continue;
        };
        if let Some(e) = named_twice(&mut named, power, key, "units") {
            errors.push(e);
            continue;
        }
        for text in units {
            let (dislodged, written) = match text.strip_prefix('*') {
                Some(rest) => (true, rest),
                None => (false, text.as_str()),
            };
            let (kind, loc) = match parse_unit(map, written) {
                Ok(unit) => unit,
                Err(message) => {
                    errors.push(GameError::new(format!("unit: {message}")).of_power(key).about(text));
                    continue;
                }
            };
            let province = map.province_of(loc);
            let slot = &mut taken[province.index()];
            if *slot == Some(dislodged) {
                let what = if dislodged { "two dislodged units" } else { "two units" };
                errors.push(
                    GameError::new(format!("{what} in {}", province_key(map, province))).of_power(key).about(text),
                );
                continue;
            }
            *slot = Some(dislodged);
            let unit = Unit { power, kind, loc };
            if !dislodged {
                position.units.push(unit);
                continue;
            }
            match retreats_of(map, state, key, kind, loc) {
                Ok(retreats) => {
                    let known = attackers.iter().find(|a| a.province == province);
                    position.dislodged.push(Dislodged {
                        unit,
                        attacker_from: known.map_or(province, |a| a.from),
                        by_convoy: known.is_some_and(|a| a.by_convoy),
                        retreats,
                    });
                }
                Err(e) => errors.push(e.of_power(key).about(text)),
            }
        }
    }
    named.clear();
    for (key, centres) in &state.centers {
        let Some(power) = power_named(map, key) else {
            errors.push(GameError::new("unknown power in `centers`").about(key));
            continue;
        };
        if let Some(e) = named_twice(&mut named, power, key, "centres") {
            errors.push(e);
            continue;
        }
        for name in centres {
            match map.province_by_name(name) {
                Some(p) if map.province(p).centre => match position.owners[p.index()] {
                    // A plain map would keep the last owner listed: the record contradicts
                    // itself, and which owner is meant cannot be told.
                    Some(first) => {
                        let message = if first == power {
                            format!("supply centre listed twice for {}", power_key(map, power))
                        } else {
                            format!(
                                "supply centre owned by both {} and {}",
                                power_key(map, first),
                                power_key(map, power)
                            )
                        };
                        errors.push(GameError::new(message).of_power(key).about(name));
                    }
                    None => position.owners[p.index()] = Some(power),
                },
                Some(_) => errors.push(GameError::new("not a supply centre").of_power(key).about(name)),
                None => errors.push(GameError::new("unknown province").of_power(key).about(name)),
            }
        }
    }
    if errors.is_empty() {
        position.normalise();
        Ok(position)
    } else {
        Err(errors)
    }
}

/// An error when `power` was named already under another key (`FRANCE` and `France`), else
/// records the key.
fn named_twice<'k>(named: &mut Vec<(PowerId, &'k str)>, power: PowerId, key: &'k str, what: &str) -> Option<GameError> {
    if let Some((_, first)) = named.iter().find(|(p, _)| *p == power) {
        return Some(
            GameError::new(format!("the power's {what} are given twice, as `{first}` and `{key}`")).about(key),
        );
    }
    named.push((power, key));
    None
}

/// The retreat list `state.retreats` gives a dislodged unit.
fn retreats_of(map: &Map, state: &SavedState, key: &str, kind: UnitKind, loc: LocId) -> Result<Vec<LocId>, GameError> {
    let by_power = state
        .retreats
        .iter()
        .find(|(power, _)| power.eq_ignore_ascii_case(key))
        .map(|(_, units)| units)
        .ok_or_else(|| GameError::new("dislodged unit without an entry in `retreats`"))?;
    let list = by_power
        .iter()
        .find(|(unit, _)| parse_unit(map, unit).is_ok_and(|(k, l)| k == kind && l == loc))
        .map(|(_, list)| list)
        .ok_or_else(|| GameError::new("dislodged unit without an entry in `retreats`"))?;
    let mut retreats = Vec::with_capacity(list.len());
    for place in list {
        // An army's retreat is to a province; a fleet's to a coast where there are coasts.
        let loc = parse_place_loc(map, kind, place).map_err(|m| GameError::new(format!("retreat `{place}`: {m}")))?;
        retreats.push(loc);
    }
    retreats.sort();
    Ok(retreats)
}

/// Writes a position as the board of a saved game's phase: every power of the map, units
/// with dislodged ones marked `*`, centres, owned home centres, retreat lists, and in an
/// adjustment phase the builds due (as many as there are free build sites) or removals.
pub fn position_to_state(map: &Map, position: &Position) -> SavedState {
    let mut state = SavedState {
        name: phase_name(position.phase),
        units: IndexMap::new(),
        centers: IndexMap::new(),
        homes: IndexMap::new(),
        retreats: IndexMap::new(),
        builds: IndexMap::new(),
        other: serde_json::Map::new(),
    };
    for power in map.powers() {
        let key = power_key(map, power);
        let mut units: Vec<String> =
            position.units.iter().filter(|u| u.power == power).map(|u| unit_key(map, u)).collect();
        let mut retreats = IndexMap::new();
        for d in position.dislodged.iter().filter(|d| d.unit.power == power) {
            units.push(format!("*{}", unit_key(map, &d.unit)));
            retreats.insert(unit_key(map, &d.unit), d.retreats.iter().map(|&l| loc_key(map, l)).collect());
        }
        let owned: Vec<ProvinceId> = map.centres().filter(|c| position.owners[c.index()] == Some(power)).collect();
        let homes: Vec<String> = map
            .power(power)
            .homes
            .iter()
            .filter(|h| position.owners.get(h.index()) == Some(&Some(power)))
            .map(|&h| province_key(map, h))
            .collect();
        let mut builds = Builds::default();
        if position.phase.kind == PhaseKind::Adjustment {
            let (count, sites) = builds_due(map, position, power);
            builds.count = count;
            builds.homes = sites.iter().map(|&p| province_key(map, p)).collect();
        }
        state.units.insert(key.clone(), units);
        state.centers.insert(key.clone(), owned.iter().map(|&c| province_key(map, c)).collect());
        state.homes.insert(key.clone(), homes);
        state.retreats.insert(key.clone(), retreats);
        state.builds.insert(key, builds);
    }
    state
}

/// A power's builds (a positive count: as many as it has free build sites, which are
/// given) or removals (a negative count, no sites) due in an adjustment phase, as a saved
/// game's `builds` records them.
pub(crate) fn builds_due(map: &Map, position: &Position, power: PowerId) -> (i32, Vec<ProvinceId>) {
    let units_now = position.units.iter().filter(|u| u.power == power).count();
    let change = dip_adjust::counted_centres(map, position, power) as i64 - units_now as i64;
    let count = i32::try_from(change).unwrap_or(0);
    if change <= 0 {
        return (count, Vec::new());
    }
    let sites = build_sites(map, position, power);
    (count.min(i32::try_from(sites.len()).unwrap_or(i32::MAX)), sites)
}

/// The attackers of the units `state` shows dislodged, read from the orders of the
/// movement phase before it (`movement`): the move into each dislodged unit's province by
/// the unit that stands there now.
pub fn attackers(map: &Map, movement: &super::SavedPhase, state: &SavedState) -> Vec<Attacker> {
    let (lines, _) = super::phase_orders(map, movement, PhaseKind::Movement);
    let mut out = Vec::new();
    for units in state.units.values() {
        for text in units.iter().filter_map(|u| u.strip_prefix('*')) {
            let Ok((_, loc)) = parse_unit(map, text) else { continue };
            let province = map.province_of(loc);
            let found = lines.iter().filter_map(|l| l.parsed.as_ref().ok()).find_map(|order| match &order.action {
                dip_orders::Action::Move { to, via_convoy, .. } if to.province == province => {
                    let from = order.unit.place.province;
                    let by_land = order.unit.kind != Some(UnitKind::Fleet) && map.army_adjacent(from, province);
                    let by_convoy = *via_convoy || (order.unit.kind == Some(UnitKind::Army) && !by_land);
                    // The order of the unit that stands in the province now.
                    let standing = state.units.iter().any(|(power, list)| {
                        power_named(map, power) == Some(order.power)
                            && list
                                .iter()
                                .any(|u| parse_unit(map, u).is_ok_and(|(_, l)| map.province_of(l) == province))
                    });
                    standing.then_some(Attacker { province, from, by_convoy })
                }
                _ => None,
            });
            out.extend(found);
        }
    }
    out
}

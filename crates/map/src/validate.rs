//! Checking a [`Position`] against its map: [`Position::check`] is what every adjudication
//! entry point asks (ids the map has, the shape the phase needs), [`Position::validate`]
//! everything a position of the game can be (the board's rules and the retreat lists).

use std::fmt;

use crate::rules::RetreatToConvoyOrigin;
use crate::{Dislodged, LocId, Map, PhaseKind, Position, PowerId, ProvinceId, Rules, Season, Terrain, Unit, UnitKind};

/// The largest year a phase may have (years are 16-bit).
pub const MAX_YEAR: u16 = u16::MAX;

/// What part of a position a fault is in, so a reader can point at the line it came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Subject {
    /// The phase (season, year, kind).
    Phase,
    /// `position.units[i]`.
    Unit(usize),
    /// `position.dislodged[i]`.
    Dislodged(usize),
    /// The owner of this supply centre (`position.owners[p]`).
    Owner(usize),
    /// The owners table as a whole.
    Owners,
}

/// One fault of a position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Fault {
    pub subject: Subject,
    pub message: String,
}

/// Why a position cannot be used with a map: every fault found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionError {
    pub faults: Vec<Fault>,
}

impl PositionError {
    fn one(subject: Subject, message: String) -> Self {
        PositionError { faults: vec![Fault { subject, message }] }
    }

    /// `position.units[second]` stands in the province `position.units[first]` holds: the
    /// fault of the second, named as [`Position::validate`] names it.
    pub fn two_units(map: &Map, position: &Position, first: usize, second: usize) -> Self {
        PositionError::one(
            Subject::Unit(second),
            two_units_message(map, &position.units[first], &position.units[second]),
        )
    }

    /// `position.units[i]` names a location or power the map does not have (a reader found
    /// it so): its fault, named as [`Position::check`] names it.
    pub fn foreign_unit(map: &Map, position: &Position, i: usize) -> Self {
        let unit = position.units.get(i);
        let (what, id, count) = match unit {
            Some(u) if u.loc.index() >= map.location_count() => ("location", u.loc.index(), map.location_count()),
            Some(u) => ("power", u.power.index(), map.power_count()),
            None => ("unit", i, position.units.len()),
        };
        PositionError::one(Subject::Unit(i), foreign_message(map, what, id, count))
    }
}

fn foreign_message(map: &Map, what: &str, id: usize, count: usize) -> String {
    format!("{what} {id} is not on the map `{}` ({count} {what}s): the position is of another map", map.name())
}

fn two_units_message(map: &Map, first: &Unit, second: &Unit) -> String {
    format!(
        "{}: {} already holds {}",
        describe(map, second),
        map.province(map.province_of(second.loc)).name,
        describe(map, first)
    )
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, fault) in self.faults.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            f.write_str(&fault.message)?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionError {}

impl Position {
    /// The checks every adjudication entry point makes, in time linear in the number of
    /// units: every id is one of the map's (a position of another map, or one built wrongly,
    /// is refused here rather than read out of bounds), the owners table has one entry per
    /// province, and dislodged units appear only in a retreat phase. Units the rules of the
    /// board forbid (DATC §4.E.6's Flying Dutchmen) pass; [`Position::validate`] refuses them.
    pub fn check(&self, map: &Map) -> Result<(), PositionError> {
        let (locations, powers) = (map.location_count(), map.power_count());
        // The usual answer first, in one cheap pass; the slow pass names the fault.
        // A fold without early exits, which compiles to a straight loop.
        let units_ok =
            self.units.iter().fold(true, |ok, u| ok & (u.loc.index() < locations) & (u.power.index() < powers));
        if units_ok { self.check_tables(map) } else { self.check_faults(map) }
    }

    /// What [`Position::check`] asks but whether each unit's location and power are the
    /// map's: for a reader that looks each unit up in tables where a foreign id is not
    /// found, and asks [`Position::check`] for the message when one is not.
    pub fn check_tables(&self, map: &Map) -> Result<(), PositionError> {
        let (powers, provinces) = (map.power_count(), map.province_count());
        // Branch-free folds over every entry: sixteen lanes at a time, which the compiler
        // vectorises (one fold over the whole table it does not), then the rest.
        let owner = |o: &Option<PowerId>| o.map_or(0, |p| p.0);
        let chunks = self.owners.chunks_exact(16);
        let rest = chunks.remainder().iter().fold(0u8, |m, o| m.max(owner(o)));
        let lanes = chunks.fold([0u8; 16], |mut lanes, chunk| {
            for (lane, o) in lanes.iter_mut().zip(chunk) {
                *lane = (*lane).max(owner(o));
            }
            lanes
        });
        let highest_owner = lanes.into_iter().fold(rest, u8::max);
        if self.dislodged.is_empty() && self.owners.len() == provinces && usize::from(highest_owner) < powers {
            return Ok(());
        }
        self.check_faults(map)
    }

    /// The slow pass of [`Position::check`]: the first fault, named.
    #[cold]
    fn check_faults(&self, map: &Map) -> Result<(), PositionError> {
        let (locations, powers, provinces) = (map.location_count(), map.power_count(), map.province_count());
        let foreign = |subject, what: &str, id: usize, count: usize| {
            Err(PositionError::one(subject, foreign_message(map, what, id, count)))
        };
        if let Some(i) = self.units.iter().position(|u| u.loc.index() >= locations || u.power.index() >= powers) {
            return Err(PositionError::foreign_unit(map, self, i));
        }
        for (i, d) in self.dislodged.iter().enumerate() {
            let subject = Subject::Dislodged(i);
            if d.unit.loc.index() >= locations {
                return foreign(subject, "location", d.unit.loc.index(), locations);
            }
            if d.unit.power.index() >= powers {
                return foreign(subject, "power", d.unit.power.index(), powers);
            }
            if d.attacker_from.index() >= provinces {
                return foreign(subject, "province", d.attacker_from.index(), provinces);
            }
            if let Some(loc) = d.retreats.iter().find(|l| l.index() >= locations) {
                return foreign(subject, "location", loc.index(), locations);
            }
        }
        if self.owners.len() != provinces {
            let message = format!(
                "the owners table has {} entries but the map `{}` has {provinces} provinces: the position is of another map",
                self.owners.len(),
                map.name()
            );
            return Err(PositionError::one(Subject::Owners, message));
        }
        if let Some((p, power)) =
            self.owners.iter().enumerate().find_map(|(p, o)| o.filter(|pw| pw.index() >= powers).map(|pw| (p, pw)))
        {
            return foreign(Subject::Owner(p), "power", power.index(), powers);
        }
        if self.phase.kind != PhaseKind::Retreat && !self.dislodged.is_empty() {
            let d = &self.dislodged[0];
            let message = format!(
                "{}: a dislodged unit in a {} phase (dislodged units wait only in a retreat phase)",
                describe(map, &d.unit),
                self.phase.kind
            );
            return Err(PositionError::one(Subject::Dislodged(0), message));
        }
        Ok(())
    }

    /// Everything [`Position::check`] asks, and the rules of the board: the phase is one the
    /// game has (years from the variant's first to [`MAX_YEAR`]; adjustments in the winter,
    /// that is after the fall), every unit stands where its kind can (armies on land without
    /// a coast, fleets at sea or on a coast, on one coast of a multi-coast province), one
    /// unit a province, owners only of supply centres, and each dislodged unit consistent:
    /// its province taken by another power's unit, its attacker from elsewhere, and its
    /// retreats places it can reach that are empty, not frozen, and not the attacker's
    /// origin (unless the attack came by convoy and §4.A.5 in `rules` allows it).
    /// Provinces left empty by a standoff are not known from a position: see
    /// [`retreat_options`]. Every fault is reported.
    pub fn validate(&self, map: &Map, rules: &Rules) -> Result<(), PositionError> {
        self.check(map)?;
        let mut faults = Vec::new();
        let mut fault = |subject, message: String| faults.push(Fault { subject, message });
        let phase = self.phase;
        if phase.year < map.start_year() {
            let message =
                format!("{phase}: the year is before the variant `{}` starts ({})", map.name(), map.start_year());
            fault(Subject::Phase, message);
        }
        if let Some(first) = off_calendar(map, phase) {
            let message = format!(
                "{phase}: not a year of the variant's calendar (its {}s come every {} years from {first})",
                phase.season.to_string().to_lowercase(),
                u32::from(map.calendar().years_to_fall) + u32::from(map.calendar().years_to_spring)
            );
            fault(Subject::Phase, message);
        }
        if phase.kind == PhaseKind::Adjustment && phase.season != Season::Fall {
            fault(Subject::Phase, format!("an adjustment phase in the {} (adjustments follow the fall)", phase.season));
        }
        let mut holder: Vec<Option<usize>> = vec![None; map.province_count()];
        for (i, unit) in self.units.iter().enumerate() {
            if let Some(why) = misplaced(map, unit) {
                fault(Subject::Unit(i), format!("{}: {why}", describe(map, unit)));
            }
            let p = map.province_of(unit.loc).index();
            match holder[p] {
                Some(other) => fault(Subject::Unit(i), two_units_message(map, &self.units[other], unit)),
                None => holder[p] = Some(i),
            }
        }
        for (p, owner) in self.owners.iter().enumerate() {
            let province = map.province(ProvinceId(p as u16));
            if let Some(power) = owner.filter(|_| !province.centre) {
                fault(
                    Subject::Owner(p),
                    format!("{} is owned by {} but is not a supply centre", province.name, map.power(power).name),
                );
            }
        }
        let mut dislodged_in: Vec<bool> = vec![false; map.province_count()];
        for (i, d) in self.dislodged.iter().enumerate() {
            let subject = Subject::Dislodged(i);
            let unit = describe(map, &d.unit);
            if let Some(why) = misplaced(map, &d.unit) {
                fault(subject, format!("dislodged {unit}: {why}"));
            }
            let here = map.province_of(d.unit.loc);
            if std::mem::replace(&mut dislodged_in[here.index()], true) {
                fault(subject, format!("dislodged {unit}: a second dislodged unit in {}", map.province(here).name));
            }
            match holder[here.index()].map(|k| &self.units[k]) {
                None => fault(
                    subject,
                    format!("dislodged {unit}: no unit stands in {}, so nothing dislodged it", map.province(here).name),
                ),
                Some(attacker) if attacker.power == d.unit.power => fault(
                    subject,
                    format!(
                        "dislodged {unit}: {} is of the same power and cannot have dislodged it",
                        describe(map, attacker)
                    ),
                ),
                Some(_) => {}
            }
            if d.attacker_from == here {
                fault(subject, format!("dislodged {unit}: the attacker cannot come from the unit's own province"));
            }
            let mut seen: Vec<LocId> = Vec::with_capacity(d.retreats.len());
            for &to in &d.retreats {
                if seen.contains(&to) {
                    fault(subject, format!("dislodged {unit}: retreat to {} listed twice", map.loc_name(to)));
                    continue;
                }
                seen.push(to);
                if let Some(why) = retreat_fault(map, self, rules, d, to, &holder) {
                    fault(subject, format!("dislodged {unit}: cannot retreat to {}: {why}", map.loc_name(to)));
                }
            }
        }
        if faults.is_empty() { Ok(()) } else { Err(PositionError { faults }) }
    }
}

/// `A Kiel`, `F St Petersburg(sc)`.
fn describe(map: &Map, unit: &Unit) -> String {
    format!("{} {}", unit.kind, map.loc_name(unit.loc))
}

/// Why a unit of its kind cannot stand on its location, if it cannot.
fn misplaced(map: &Map, unit: &Unit) -> Option<&'static str> {
    let location = map.location(unit.loc);
    let province = map.province(location.province);
    match unit.kind {
        UnitKind::Army if province.terrain == Terrain::Sea => Some("an army cannot stand at sea"),
        UnitKind::Army if location.coast.is_some() => Some("an army stands on the province, not on a coast"),
        UnitKind::Fleet if province.terrain == Terrain::Land => Some("a fleet cannot stand inland"),
        UnitKind::Fleet if location.coast.is_none() && !province.coasts.is_empty() => {
            Some("a fleet in a province with several coasts must stand on one of them")
        }
        _ => None,
    }
}

/// Whether a unit dislodged from `from` may retreat into `to` (a province it borders)
/// whatever the other units: not the attacker's origin (unless §4.A.5 allows it after a
/// convoy), not frozen in the season (and in the fall, not frozen in the fall either).
fn open_for_retreat(
    map: &Map,
    season: Season,
    rules: &Rules,
    d: &Dislodged,
    to: ProvinceId,
) -> Result<(), &'static str> {
    if map.is_neutral(d.unit.power) {
        return Err("a unit of a neutral power never retreats");
    }
    let origin_open = d.by_convoy && rules.retreat_to_convoy_origin == RetreatToConvoyOrigin::AllowedAfterConvoy;
    if to == d.attacker_from && !origin_open {
        return Err("the attacker came from there");
    }
    if map.is_frozen(to, season) || (season == Season::Fall && map.is_frozen(to, Season::Fall)) {
        return Err("it is frozen");
    }
    Ok(())
}

/// Why a listed retreat is wrong, if it is.
fn retreat_fault(
    map: &Map,
    position: &Position,
    rules: &Rules,
    d: &Dislodged,
    to: LocId,
    holder: &[Option<usize>],
) -> Option<&'static str> {
    let from = map.province_of(d.unit.loc);
    let target = map.province_of(to);
    let reachable = match d.unit.kind {
        UnitKind::Army => map.main_loc(target) == to && map.army_adjacent(from, target),
        UnitKind::Fleet => map.fleet_adjacent(d.unit.loc, to),
    };
    if !reachable {
        return Some("it cannot move there from where it stands");
    }
    if holder[target.index()].is_some() {
        return Some("a unit stands there");
    }
    open_for_retreat(map, position.phase.season, rules, d, target).err()
}

/// Where a unit dislodged as `d` says may retreat: every location it can move to that no
/// unit of `position` stands in, that is not in `contested` (provinces left empty by a
/// standoff in the movement phase), not the attacker's origin (unless the attack came by
/// convoy and §4.A.5 allows it) and not frozen; none for a neutral power's unit. Sorted.
/// The movement phase's own lists are made by the same rule.
pub fn retreat_options(
    map: &Map,
    position: &Position,
    d: &Dislodged,
    contested: &[ProvinceId],
    rules: &Rules,
) -> Vec<LocId> {
    let occupied = |p: ProvinceId| {
        position.units.iter().any(|u| u.loc.index() < map.location_count() && map.province_of(u.loc) == p)
    };
    let mut out: Vec<LocId> = Vec::new();
    // A neutral power's unit never retreats.
    if map.is_neutral(d.unit.power) {
        return out;
    }
    let mut consider = |loc: LocId| {
        let p = map.province_of(loc);
        if !occupied(p) && !contested.contains(&p) && open_for_retreat(map, position.phase.season, rules, d, p).is_ok()
        {
            out.push(loc);
        }
    };
    if d.unit.loc.index() >= map.location_count() {
        return out;
    }
    match d.unit.kind {
        UnitKind::Army => {
            map.army_neighbours(map.province_of(d.unit.loc)).iter().for_each(|&p| consider(map.main_loc(p)))
        }
        UnitKind::Fleet => map.fleet_neighbours(d.unit.loc).iter().for_each(|&l| consider(l)),
    }
    out.sort();
    out
}

/// Where the calendar skips years (Hundred), the first year of the phase's season if the
/// phase's year is not one the game reaches from the variant's start.
fn off_calendar(map: &Map, phase: crate::Phase) -> Option<u32> {
    let calendar = map.calendar();
    let cycle = u32::from(calendar.years_to_fall) + u32::from(calendar.years_to_spring);
    let start = u32::from(map.start_year());
    let (first_spring, first_fall) = match map.start_season() {
        Season::Spring => (start, start + u32::from(calendar.years_to_fall)),
        Season::Fall => (start + u32::from(calendar.years_to_spring), start),
    };
    let first = if phase.season == Season::Spring { first_spring } else { first_fall };
    let year = u32::from(phase.year);
    // Years before the start are reported on their own.
    let on = cycle <= 1 || year < start || (year >= first && (year - first) % cycle == 0);
    (!on).then_some(first)
}

//! Setting a board up as MILA's `Game` does (`set_units`, `clear_units`, `set_centers`,
//! `clear_centers`, `set_current_phase`, `set_state`), and the orders MILA lists units and
//! centres in.
//!
//! MILA keeps each power's units and centres in lists: a unit that moves or is built goes
//! to the end of its power's list, a centre captured to the end of its new owner's. The
//! board's units are kept in that order here (the engine does not depend on the order of
//! units), and the centres owned in `centre_order`. MILA also lets a board hold units
//! waiting to retreat outside a retreat phase (`'*A PAR'` given to `set_units` in a
//! movement phase); they are kept aside (`strays`) and shown, but play no part.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use dip::{Dislodged, LocId, Map, Phase, PhaseKind, Position, PowerId, ProvinceId, Season, Unit};

use super::MilaCore;
use crate::cache::MapCache;

impl MilaCore {
    /// Forgets everything worked out for the board waiting (listing, units by province):
    /// the board changed.
    pub(super) fn board_changed(&mut self) {
        self.possible = None;
        self.board = super::next_board();
    }

    /// MILA's `set_units(power, units, reset)`: each unit (`A PAR`, `F STP/SC`; `*A PAR`
    /// waiting to retreat) replaces any unit in its province, of whatever power; a unit
    /// that cannot stand where it is written is left out and named in `errors`. With
    /// `reset`, the power's own units go first.
    pub(super) fn set_units_of(&mut self, power: PowerId, units: &[String], reset: bool, errors: &mut Vec<String>) {
        let map = self.map.clone();
        if reset {
            self.remove_units_of(Some(power));
        }
        let mut placed: Vec<(bool, Unit)> = Vec::new();
        for text in units {
            let (waiting, written) = match text.trim().strip_prefix('*') {
                Some(rest) => (true, rest.trim()),
                None => (false, text.trim()),
            };
            match exact_unit(&map, written) {
                Some((kind, loc)) => placed.push((waiting, Unit { power, kind, loc })),
                None => {
                    errors.push(format!("{text}: not a unit of the map (`A` or `F` and a location as MILA names it)"))
                }
            }
        }
        // Units already in those provinces go, whoever owns them.
        for &(waiting, unit) in &placed {
            let province = map.province_of(unit.loc);
            if waiting {
                self.position.dislodged.retain(|d| map.province_of(d.unit.loc) != province);
                self.strays.retain(|u| map.province_of(u.loc) != province);
            } else {
                self.position.units.retain(|u| map.province_of(u.loc) != province);
            }
        }
        let units = &self.position.units;
        Arc::make_mut(&mut self.unit_order).retain(|&loc| units.iter().any(|u| u.loc == loc));
        for (waiting, unit) in placed {
            if !waiting {
                if !self.position.units.contains(&unit) {
                    self.position.units.push(unit);
                    Arc::make_mut(&mut self.unit_order).push(unit.loc);
                }
            } else if self.position.phase.kind == PhaseKind::Retreat {
                self.position.dislodged.push(Dislodged {
                    unit,
                    attacker_from: map.province_of(unit.loc),
                    by_convoy: false,
                    retreats: Vec::new(),
                });
            } else {
                self.strays.push(unit);
            }
        }
        self.position.normalise();
        if self.position.phase.kind == PhaseKind::Retreat {
            self.open_retreats();
        }
        self.board_changed();
    }

    /// MILA's retreat lists for a board set up by hand: every place the unit may move to
    /// where no unit stands (who attacked, and standoffs, are not known).
    fn open_retreats(&mut self) {
        let map = &*self.map;
        let position = &mut self.position;
        for d in &mut position.dislodged {
            let unit = d.unit;
            d.retreats = map
                .locations()
                .filter(|&to| {
                    let province = map.province_of(to);
                    let reaches = match unit.kind {
                        dip::UnitKind::Army => {
                            to == map.main_loc(province) && map.army_adjacent(map.province_of(unit.loc), province)
                        }
                        dip::UnitKind::Fleet => map.fleet_adjacent(unit.loc, to),
                    };
                    reaches && !position.units.iter().any(|u| map.province_of(u.loc) == province)
                })
                .collect();
        }
    }

    /// Removes the units of one power, or of all (those waiting to retreat too).
    pub(super) fn remove_units_of(&mut self, power: Option<PowerId>) {
        let of = |p: PowerId| power.is_none_or(|q| q == p);
        self.position.units.retain(|u| !of(u.power));
        let units = &self.position.units;
        Arc::make_mut(&mut self.unit_order).retain(|&loc| units.iter().any(|u| u.loc == loc));
        self.position.dislodged.retain(|d| !of(d.unit.power));
        self.strays.retain(|u| !of(u.power));
        self.board_changed();
    }

    /// MILA's `set_centers(power, centers, reset)`: each supply centre named passes to the
    /// power (names that are no supply centre are passed over). With `reset`, the power
    /// loses its own first.
    pub(super) fn set_centres(&mut self, power: PowerId, centres: &[String], reset: bool) {
        let map = self.map.clone();
        if reset {
            self.remove_centres_of(Some(power));
        }
        let order = Arc::make_mut(&mut self.centre_order);
        for name in centres {
            let Some(province) = map.province_by_name(name.trim()) else { continue };
            if !map.province(province).centre {
                continue;
            }
            // As in MILA, a centre named goes to the end of the power's list, even one
            // it owned already.
            self.position.owners[province.index()] = Some(power);
            order.retain(|&p| p != province);
            order.push(province);
        }
        self.board_changed();
    }

    /// Removes the centres of one power, or of all, from their owners.
    pub(super) fn remove_centres_of(&mut self, power: Option<PowerId>) {
        for owner in &mut self.position.owners {
            if owner.is_some_and(|p| power.is_none_or(|q| q == p)) {
                *owner = None;
            }
        }
        let owners = &self.position.owners;
        Arc::make_mut(&mut self.centre_order).retain(|p| owners[p.index()].is_some());
        self.board_changed();
    }

    /// MILA's `set_current_phase`: the board stays, the phase changes (`COMPLETED` ends the
    /// game). Units waiting to retreat take part only in a retreat phase.
    pub(super) fn move_to_phase(&mut self, phase: Option<Phase>) {
        let Some(phase) = phase else {
            self.ended = Some(Arc::new(super::Ended { phase: self.position.phase, victors: Vec::new() }));
            self.done = true;
            return;
        };
        self.done = false;
        self.ended = None;
        let was_retreat = self.position.phase.kind == PhaseKind::Retreat;
        self.position.phase = phase;
        if phase.kind == PhaseKind::Retreat && !was_retreat {
            let strays = std::mem::take(&mut self.strays);
            let map = &*self.map;
            for unit in strays {
                let from = map.province_of(unit.loc);
                self.position.dislodged.push(Dislodged {
                    unit,
                    attacker_from: from,
                    by_convoy: false,
                    retreats: Vec::new(),
                });
            }
            self.open_retreats();
        } else if phase.kind != PhaseKind::Retreat && was_retreat {
            self.strays.extend(self.position.dislodged.drain(..).map(|d| d.unit));
        }
        for list in &mut self.orders {
            list.clear();
        }
        self.board_changed();
    }

    /// The board waiting as MILA shows it.
    pub(super) fn shown(&self) -> Shown<'_> {
        Shown {
            cache: &self.cache,
            position: &self.position,
            unit_order: &self.unit_order,
            centre_order: &self.centre_order,
            strays: &self.strays,
            done: self.done,
        }
    }

    /// Brings `centre_order` in line with the board's owners after a change of hands:
    /// centres kept stay where they were, centres that changed hands go to the end in
    /// MILA's order of capture (the old owner's list, power by power, then the unowned
    /// centres).
    pub(super) fn captured(&mut self, before: &[Option<PowerId>]) {
        let map = &*self.map;
        let owners = &self.position.owners;
        if owners.as_slice() == before {
            return;
        }
        let order = Arc::make_mut(&mut self.centre_order);
        let mut taken: Vec<ProvinceId> = Vec::new();
        for power in map.powers() {
            for &p in order.iter().filter(|p| before[p.index()] == Some(power)) {
                if owners[p.index()].is_some() && owners[p.index()] != Some(power) {
                    taken.push(p);
                }
            }
        }
        taken.extend(map.centres().filter(|p| before[p.index()].is_none() && owners[p.index()].is_some()));
        order.retain(|p| owners[p.index()].is_some() && owners[p.index()] == before[p.index()]);
        order.extend(taken);
    }
}

/// A board as MILA shows it: the position, and the orders MILA lists its units and centres
/// in (of the game waiting, or of a phase played).
pub(super) struct Shown<'a> {
    pub cache: &'a MapCache,
    pub position: &'a Position,
    pub unit_order: &'a [LocId],
    pub centre_order: &'a [ProvinceId],
    /// Units waiting to retreat outside a retreat phase.
    pub strays: &'a [Unit],
    /// The game is over (the phase shows as `COMPLETED`).
    pub done: bool,
}

impl Shown<'_> {
    fn unit_text(&self, unit: &Unit) -> String {
        let map = &*self.cache.map;
        format!("{} {}", unit.kind, map.loc_abbr(unit.loc).to_ascii_uppercase())
    }

    /// A power's units in MILA's order: on the board, then (`*A PAR`) waiting to retreat.
    pub fn unit_texts(&self, power: PowerId, waiting: bool) -> Vec<String> {
        let units = &self.position.units;
        let unit_at = |loc: LocId| units.binary_search_by_key(&loc, |u| u.loc).ok().map(|i| &units[i]);
        let mut out: Vec<String> = self
            .unit_order
            .iter()
            .filter_map(|&loc| unit_at(loc))
            .filter(|u| u.power == power)
            .map(|u| self.unit_text(u))
            .collect();
        if waiting {
            let dislodged = self.position.dislodged.iter().map(|d| &d.unit).chain(self.strays);
            out.extend(dislodged.filter(|u| u.power == power).map(|u| format!("*{}", self.unit_text(u))));
        }
        out
    }

    /// A power's supply centres in MILA's order.
    pub fn centre_provinces(&self, power: PowerId) -> impl Iterator<Item = ProvinceId> + '_ {
        let owners = &self.position.owners;
        self.centre_order.iter().copied().filter(move |p| owners[p.index()] == Some(power))
    }

    /// A power's supply centres in MILA's order, as MILA names them.
    pub fn centres<'py>(&self, py: Python<'py>, power: PowerId) -> Vec<Bound<'py, PyString>> {
        self.centre_provinces(power).map(|c| self.cache.keys[c.index()].bind(py).clone()).collect()
    }

    /// A power's home centres (MILA's `power.homes`).
    pub fn homes(&self, power: PowerId) -> Vec<String> {
        let map = &*self.cache.map;
        map.power(power).homes.iter().map(|&h| map.province(h).abbr.to_ascii_uppercase()).collect()
    }

    /// Retreat lists of the power's units waiting to retreat: `{"A MUN": ["BOH", "TYR"]}`.
    pub fn retreats<'py>(&self, py: Python<'py>, power: PowerId) -> PyResult<Bound<'py, PyDict>> {
        let map = &*self.cache.map;
        let dict = PyDict::new(py);
        for d in self.position.dislodged.iter().filter(|d| d.unit.power == power) {
            let to: Vec<String> = d.retreats.iter().map(|&l| map.loc_abbr(l).to_ascii_uppercase()).collect();
            dict.set_item(self.unit_text(&d.unit), to)?;
        }
        for u in self.strays.iter().filter(|u| u.power == power) {
            dict.set_item(self.unit_text(u), PyList::empty(py))?;
        }
        Ok(dict)
    }

    /// A power's build sites in MILA's order: its home centres in the map's order, or, on a
    /// map where it may build in any centre it owns, its centres in its order.
    pub fn build_sites(&self, power: PowerId) -> Vec<ProvinceId> {
        let map = &*self.cache.map;
        let sites = dip::adjust::build_sites(map, self.position, power);
        let order: Vec<ProvinceId> = match map.build_rule() {
            dip::BuildRule::HomeCentres => map.power(power).homes.clone(),
            _ => self.centre_provinces(power).collect(),
        };
        let mut sites: Vec<ProvinceId> = order
            .iter()
            .copied()
            .filter(|p| sites.contains(p))
            .chain(sites.iter().copied().filter(|p| !order.contains(p)))
            .collect();
        sites.dedup();
        sites
    }

    /// The board as MILA's `get_state()` keys it: `name`, `units` (`*` for a unit waiting
    /// to retreat), `retreats`, `centers`, `homes` (every home centre, as MILA keeps them),
    /// `builds` (`count`: builds allowed, at most the free sites, or removals due as a
    /// negative number; `homes`: the free sites). The Python class adds MILA's other keys.
    pub fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let map = &*self.cache.map;
        let state = PyDict::new(py);
        let name =
            if self.done { "COMPLETED".to_string() } else { dip::formats::saved::phase_name(self.position.phase) };
        state.set_item("name", name)?;
        let (units, retreats, centres, homes, builds) =
            (PyDict::new(py), PyDict::new(py), PyDict::new(py), PyDict::new(py), PyDict::new(py));
        // (A game won in the winter still shows its builds, as MILA shows them.)
        let adjusting = self.position.phase.kind == PhaseKind::Adjustment;
        for (i, key) in self.cache.powers.iter().enumerate() {
            let power = PowerId(i as u8);
            let key = key.bind(py);
            units.set_item(key, self.unit_texts(power, true))?;
            retreats.set_item(key, self.retreats(py, power)?)?;
            centres.set_item(key, self.centres(py, power))?;
            homes.set_item(key, self.homes(power))?;
            let count = if adjusting {
                let units = self.position.units.iter().filter(|u| u.power == power).count() as i32;
                i32::from(dip::adjust::counted_centres(map, self.position, power)) - units
            } else {
                0
            };
            let (count, sites) = if count > 0 {
                let sites = self.build_sites(power);
                (count.min(sites.len() as i32), sites)
            } else {
                (count, Vec::new())
            };
            let build = PyDict::new(py);
            build.set_item("count", count)?;
            let sites: Vec<String> = sites.iter().map(|&p| map.province(p).abbr.to_ascii_uppercase()).collect();
            build.set_item("homes", sites)?;
            builds.set_item(key, build)?;
        }
        state.set_item("units", units)?;
        state.set_item("retreats", retreats)?;
        state.set_item("centers", centres)?;
        state.set_item("homes", homes)?;
        state.set_item("builds", builds)?;
        Ok(state)
    }
}

impl MilaCore {
    /// MILA's `set_state` on this game: faults (an unknown phase, power, unit or place)
    /// are added to `faults`; a value of the wrong type is a `TypeError`.
    pub(super) fn apply_state(&mut self, state: &Bound<'_, PyDict>, faults: &mut Vec<String>) -> PyResult<()> {
        let map = self.map.clone();
        if let Some(name) = state.get_item("name")? {
            let name: String = name.extract()?;
            if !name.is_empty() {
                match read_phase(&name) {
                    Ok(phase) => self.move_to_phase(phase),
                    Err(e) => faults.push(e),
                }
            }
        }
        let power = |key: &Bound<'_, PyAny>, faults: &mut Vec<String>| -> PyResult<Option<PowerId>> {
            let key: String = key.extract()?;
            let found = dip::formats::saved::power_named(&map, &key);
            if found.is_none() {
                faults.push(format!("no power `{key}` on {}", map.name()));
            }
            Ok(found)
        };
        if let Some(units) = state.get_item("units")? {
            for (key, list) in units.cast::<PyDict>()?.iter() {
                let texts = super::strings(&list)?;
                if let Some(p) = power(&key, faults)? {
                    self.set_units_of(p, &texts, true, faults);
                }
            }
        }
        if let Some(retreats) = state.get_item("retreats")? {
            for (key, units) in retreats.cast::<PyDict>()?.iter() {
                let Some(p) = power(&key, faults)? else { continue };
                for (unit, to) in units.cast::<PyDict>()?.iter() {
                    let unit: String = unit.extract()?;
                    let Some((kind, loc)) = exact_unit(&map, &unit) else {
                        faults.push(format!("{unit}: not a unit of the map"));
                        continue;
                    };
                    let mut places = Vec::new();
                    for name in super::strings(&to)? {
                        match dip::orders::parse_place_loc(&map, kind, &name) {
                            Ok(place) => places.push(place),
                            Err(e) => faults.push(format!("{unit} may retreat to {name}: {e}")),
                        }
                    }
                    if let Some(d) = self.position.dislodged.iter_mut().find(|d| d.unit.power == p && d.unit.loc == loc)
                    {
                        d.retreats = places;
                    }
                }
            }
        }
        if let Some(centres) = state.get_item("centers")? {
            for (key, list) in centres.cast::<PyDict>()?.iter() {
                let names = super::strings(&list)?;
                let Some(p) = power(&key, faults)? else { continue };
                for name in
                    names.iter().filter(|n| map.province_by_name(n.trim()).is_none_or(|c| !map.province(c).centre))
                {
                    faults.push(format!("{name}: not a supply centre of {}", map.name()));
                }
                self.set_centres(p, &names, true);
            }
        }
        self.orders.iter_mut().for_each(Vec::clear);
        Ok(())
    }
}

/// A unit as MILA's board set-up takes it: `A` or `F` and a location named exactly as MILA
/// names it (`STP/SC`, any case; no other name of a place), where that unit may stand.
pub(super) fn exact_unit(map: &Map, text: &str) -> Option<(dip::UnitKind, LocId)> {
    let mut words = text.split_whitespace();
    let (Some(kind), Some(place), None) = (words.next(), words.next(), words.next()) else { return None };
    let kind = match kind.to_ascii_uppercase().as_str() {
        "A" => dip::UnitKind::Army,
        "F" => dip::UnitKind::Fleet,
        _ => return None,
    };
    let loc = map.locations().find(|&l| map.loc_abbr(l).eq_ignore_ascii_case(place))?;
    let province = map.province_of(loc);
    let coast = (loc.index() != province.index()).then_some(loc);
    (map.unit_loc(kind, province, coast) == Some(loc)).then_some((kind, loc))
}

/// The opening's centres in MILA's order: each power's home centres as the map lists them,
/// power by power, then any other centre owned at the start.
pub(crate) fn opening_centre_order(map: &Map, owners: &[Option<PowerId>]) -> Vec<ProvinceId> {
    let mut order: Vec<ProvinceId> = Vec::new();
    for power in map.powers() {
        order.extend(map.power(power).homes.iter().copied().filter(|h| owners[h.index()] == Some(power)));
    }
    for centre in map.centres() {
        if owners[centre.index()].is_some() && !order.contains(&centre) {
            order.push(centre);
        }
    }
    order
}

/// A phase as MILA names it, short (`S1901M`) or long (`SPRING 1901 MOVEMENT`); `None` for
/// `COMPLETED`.
pub(super) fn read_phase(name: &str) -> Result<Option<Phase>, String> {
    let name = name.trim();
    if name.eq_ignore_ascii_case("completed") || name.eq_ignore_ascii_case("forming") {
        return Ok(None);
    }
    let words: Vec<&str> = name.split_whitespace().collect();
    if let [season, year, kind] = words[..] {
        let season = match season.to_ascii_uppercase().as_str() {
            "SPRING" => Season::Spring,
            "FALL" | "AUTUMN" => Season::Fall,
            "WINTER" => Season::Fall,
            _ => return Err(format!("`{name}` is not a phase")),
        };
        let year: u16 = year.parse().map_err(|_| format!("`{name}` is not a phase"))?;
        let kind = match kind.to_ascii_uppercase().as_str() {
            "MOVEMENT" => PhaseKind::Movement,
            "RETREATS" | "RETREAT" => PhaseKind::Retreat,
            "ADJUSTMENTS" | "ADJUSTMENT" => PhaseKind::Adjustment,
            _ => return Err(format!("`{name}` is not a phase")),
        };
        return Ok(Some(Phase { season, year, kind }));
    }
    match dip::formats::saved::parse_phase_name(name)? {
        dip::formats::saved::PhaseName::Phase(phase) => Ok(Some(phase)),
        dip::formats::saved::PhaseName::Completed => Ok(None),
    }
}

/// `SPRING 1901 MOVEMENT`, `FALL 1901 RETREATS`, `WINTER 1901 ADJUSTMENTS`.
pub(super) fn long_phase_name(phase: Phase) -> String {
    let season = match (phase.kind, phase.season) {
        (PhaseKind::Adjustment, _) => "WINTER".to_string(),
        (_, season) => season.to_string().to_ascii_uppercase(),
    };
    let kind = match phase.kind {
        PhaseKind::Movement => "MOVEMENT",
        PhaseKind::Retreat => "RETREATS",
        PhaseKind::Adjustment => "ADJUSTMENTS",
    };
    format!("{season} {} {kind}", phase.year)
}

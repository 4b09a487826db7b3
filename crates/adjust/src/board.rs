//! Checked look-ups: positions and orders may name ids the map does not have.

use dip_map::rules::{IgnoreOrFail, WrongUnitType};
use dip_map::{LocId, Map, Power, PowerId, Province, ProvinceId, Rules, Unit};
use dip_orders::{CoastSpec, UnitSpec};

/// The province of a location, if the location exists.
pub(crate) fn province_of(map: &Map, loc: LocId) -> Option<ProvinceId> {
    (loc.index() < map.location_count()).then(|| map.province_of(loc))
}

pub(crate) fn province(map: &Map, id: ProvinceId) -> Option<&Province> {
    (id.index() < map.province_count()).then(|| map.province(id))
}

pub(crate) fn power(map: &Map, id: PowerId) -> Option<&Power> {
    (id.index() < map.power_count()).then(|| map.power(id))
}

/// Whether `coast` is a known coast location of `province`.
pub(crate) fn is_coast_of(map: &Map, province: ProvinceId, coast: LocId) -> bool {
    self::province(map, province).is_some_and(|p| p.coasts.contains(&coast))
}

/// How the designation of an ordered unit misfits the unit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum SpecMisfit {
    /// §4.C.2 choice a.
    WrongUnitType,
    /// §4.B.5 choice a.
    WrongCoast,
    /// §4.B.6 choice a.
    UnknownCoast,
}

/// Checks the type and coast an order writes for its unit against the unit, under the rules.
pub(crate) fn check_spec(map: &Map, rules: &Rules, spec: &UnitSpec, unit: &Unit) -> Option<SpecMisfit> {
    if rules.wrong_unit_type == WrongUnitType::Invalid && spec.kind.is_some_and(|k| k != unit.kind) {
        return Some(SpecMisfit::WrongUnitType);
    }
    match &spec.place.coast() {
        Some(CoastSpec::Known(loc)) if *loc != unit.loc => {
            let known = is_coast_of(map, spec.place.province, *loc);
            match (known, rules.wrong_coast_of_unit, rules.unknown_coast) {
                (true, IgnoreOrFail::Fail, _) => Some(SpecMisfit::WrongCoast),
                (false, _, IgnoreOrFail::Fail) => Some(SpecMisfit::UnknownCoast),
                _ => None,
            }
        }
        Some(CoastSpec::Unknown) if rules.unknown_coast == IgnoreOrFail::Fail => Some(SpecMisfit::UnknownCoast),
        _ => None,
    }
}

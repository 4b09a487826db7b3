//! MILA's map names, and a map's data in the form `dip.mila.map.Map` (MILA's
//! `diplomacy.engine.map.Map`) builds its tables from.
//!
//! MILA names its maps after its files (`diplomacy/maps/*.map`); dip after its variant
//! files. `dip::formats::saved::MILA_MAPS` says which embedded variant each MILA map is, so
//! `Game(map_name="ancmed")` and `dip.Map("standard_france_austria")` load the variant dip
//! has for it.

use pyo3::prelude::*;
use serde_json::{Value, json};

use dip::{BuildRule, Map, Season, Terrain, UnitKind};

use dip::formats::saved::MILA_MAPS;

/// The embedded variant a map name means: a variant's own name, or MILA's name of a map
/// dip has (any case). `None` for a name of neither.
pub fn variant_name(name: &str) -> Option<&'static str> {
    if let Some((variant, _)) = dip::EMBEDDED_VARIANTS.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
        return Some(variant);
    }
    MILA_MAPS.iter().find(|m| m.mila.eq_ignore_ascii_case(name)).map(|m| m.variant)
}

/// The error of a map name that is neither a variant's nor MILA's name of one.
pub fn unknown_map(name: &str) -> PyErr {
    let variants: Vec<&str> = dip::EMBEDDED_VARIANTS.iter().map(|(n, _)| *n).collect();
    let mila: Vec<&str> = MILA_MAPS.iter().filter(|m| m.mila != m.variant).map(|m| m.mila).collect();
    crate::LoadError::new_err(format!(
        "no embedded variant named `{name}`: the variants are {}; MILA's names {} also name theirs",
        variants.join(", "),
        mila.join(", ")
    ))
}

/// MILA's impassable places of a root map's board: `(abbreviation, name, borders)`.
#[pyfunction]
pub fn _mila_impassable(root: &str) -> Vec<(&'static str, &'static str, Vec<&'static str>)> {
    dip::formats::saved::MILA_IMPASSABLE
        .iter()
        .filter(|(r, ..)| *r == root)
        .map(|&(_, abbr, name, borders)| (abbr, name, borders.to_vec()))
        .collect()
}

/// MILA's map names as `(mila, variant, root_map)`, in MILA's file order.
#[pyfunction]
pub fn _mila_map_names() -> Vec<(&'static str, &'static str, &'static str)> {
    MILA_MAPS.iter().map(|m| (m.mila, m.variant, m.root)).collect()
}

fn terrain_name(terrain: Terrain) -> &'static str {
    match terrain {
        Terrain::Land => "land",
        Terrain::Sea => "sea",
        Terrain::Coast => "coast",
    }
}

fn build_rule_name(rule: BuildRule) -> &'static str {
    match rule {
        BuildRule::HomeCentres => "home_centres",
        BuildRule::AnyOwnedCentre => "any_owned_centre",
        BuildRule::AnyOwnedHomeCentre => "any_owned_home_centre",
    }
}

/// A map's facts as plain data, ids as list indexes: what `dip.mila.map.Map` derives its
/// MILA-shaped tables from, in one call.
fn map_data(map: &Map) -> Value {
    let powers: Vec<Value> = map
        .powers()
        .map(|p| {
            let power = map.power(p);
            json!({
                "name": power.name,
                "adjective": power.adjective,
                "homes": power.homes.iter().map(|h| h.index()).collect::<Vec<_>>(),
                "neutral": power.is_neutral(),
            })
        })
        .collect();
    let provinces: Vec<Value> = map
        .provinces()
        .map(|p| {
            let province = map.province(p);
            json!({
                "abbr": province.abbr,
                "name": province.name,
                "aliases": province.aliases,
                "terrain": terrain_name(province.terrain),
                "centre": province.centre,
                "convoyable": province.convoyable,
                "coasts": province.coasts.iter().map(|c| c.index()).collect::<Vec<_>>(),
                "army": map.army_neighbours(p).iter().map(|n| n.index()).collect::<Vec<_>>(),
            })
        })
        .collect();
    let locations: Vec<Value> = map
        .locations()
        .map(|l| {
            let location = map.location(l);
            json!({
                "province": location.province.index(),
                "coast": location.coast,
                "coast_name": location.coast_name,
                "fleet": map.fleet_neighbours(l).iter().map(|n| n.index()).collect::<Vec<_>>(),
            })
        })
        .collect();
    let units: Vec<Value> = map
        .start_units()
        .iter()
        .map(|u| {
            let kind = match u.kind {
                UnitKind::Army => "A",
                UnitKind::Fleet => "F",
            };
            json!([u.power.index(), kind, u.loc.index()])
        })
        .collect();
    let owners: Vec<Value> = map.start_owners().iter().map(|o| o.map_or(Value::Null, |p| json!(p.index()))).collect();
    let calendar = map.calendar();
    let season = match map.start_season() {
        Season::Spring => "spring",
        Season::Fall => "fall",
    };
    json!({
        "name": map.name(),
        "powers": powers,
        "provinces": provinces,
        "locations": locations,
        "units": units,
        "owners": owners,
        "victory": map.victory_centres(),
        "start_year": map.start_year(),
        "start_season": season,
        "years_to_fall": calendar.years_to_fall,
        "years_to_spring": calendar.years_to_spring,
        "build_rule": build_rule_name(map.build_rule()),
    })
}

/// The facts of a map (a variant's name or MILA's), for `dip.mila.map.Map`: powers (name,
/// adjective, homes, neutral), provinces (abbreviation, name, aliases, terrain, centre,
/// convoyable coast, coasts, army borders), locations (province, coast, fleet borders),
/// the opening's units and owners, the victory count, the start and the calendar.
/// Province and location ids are list indexes.
#[pyfunction]
pub fn _mila_map_data<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    let cache = crate::cache::map_cache(py, name)?;
    crate::convert::to_py(py, &map_data(&cache.map))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_mila_map_names, m)?)?;
    m.add_function(wrap_pyfunction!(_mila_impassable, m)?)?;
    m.add_function(wrap_pyfunction!(_mila_map_data, m)?)?;
    Ok(())
}

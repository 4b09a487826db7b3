//! How two maps differ, province by province: the check that an imported map is the map
//! dip already has, and the cross-check of one source of a variant against another.

use std::collections::BTreeSet;

use dip_map::{LocId, Map, ProvinceId};

/// Every difference between `a` and `b` in geometry, powers and opening, as sentences that
/// name provinces by abbreviation. Names and aliases are not compared.
///
/// Provinces are matched by abbreviation (in any case), powers by name.
pub fn differences(a: &Map, b: &Map) -> Vec<String> {
    let mut out = Vec::new();
    let abbrs = |m: &Map| -> BTreeSet<String> { m.provinces().map(|p| m.province(p).abbr.to_lowercase()).collect() };
    let (pa, pb) = (abbrs(a), abbrs(b));
    for only in pa.difference(&pb) {
        out.push(format!("province `{only}` only in the first map"));
    }
    for only in pb.difference(&pa) {
        out.push(format!("province `{only}` only in the second map"));
    }
    let both: Vec<(ProvinceId, ProvinceId)> = pa
        .intersection(&pb)
        .filter_map(|abbr| Some((a.province_by_name(abbr)?, b.province_by_name(abbr)?)))
        .filter(|&(x, y)| a.province(x).abbr.eq_ignore_ascii_case(&b.province(y).abbr))
        .collect();
    for &(x, y) in &both {
        let (px, py) = (a.province(x), b.province(y));
        let abbr = px.abbr.to_lowercase();
        if px.terrain != py.terrain {
            out.push(format!("`{abbr}`: terrain {:?} against {:?}", px.terrain, py.terrain));
        }
        if px.centre != py.centre {
            out.push(format!("`{abbr}`: supply centre {} against {}", px.centre, py.centre));
        }
        if px.convoyable != py.convoyable {
            out.push(format!("`{abbr}`: convoyable {} against {}", px.convoyable, py.convoyable));
        }
        if px.frozen_in != py.frozen_in {
            out.push(format!("`{abbr}`: frozen in {:?} against {:?}", px.frozen_in, py.frozen_in));
        }
        let coasts = |m: &Map, p: ProvinceId| -> BTreeSet<String> {
            m.province(p).coasts.iter().filter_map(|&l| m.location(l).coast.clone()).collect()
        };
        let (cx, cy) = (coasts(a, x), coasts(b, y));
        if cx != cy {
            out.push(format!("`{abbr}`: coasts {cx:?} against {cy:?}"));
        }
        let army = |m: &Map, p: ProvinceId| -> BTreeSet<String> {
            m.army_neighbours(p).iter().map(|&q| m.province(q).abbr.to_lowercase()).collect()
        };
        compare_sets(&mut out, &format!("`{abbr}` army borders"), &army(a, x), &army(b, y));
        let mut locs: Vec<(String, LocId, LocId)> = vec![(abbr.clone(), a.main_loc(x), b.main_loc(y))];
        for c in cx.intersection(&cy) {
            if let (Some(lx), Some(ly)) = (a.coast_by_name(x, c), b.coast_by_name(y, c)) {
                locs.push((format!("{abbr}/{c}"), lx, ly));
            }
        }
        for (name, lx, ly) in locs {
            let fleet = |m: &Map, l: LocId| -> BTreeSet<String> {
                m.fleet_neighbours(l).iter().map(|&t| m.loc_abbr(t).to_lowercase()).collect()
            };
            compare_sets(&mut out, &format!("`{name}` fleet borders"), &fleet(a, lx), &fleet(b, ly));
        }
    }
    // Powers and homes.
    let powers = |m: &Map| -> BTreeSet<String> { m.powers().map(|p| m.power(p).name.to_lowercase()).collect() };
    let (wa, wb) = (powers(a), powers(b));
    compare_sets(&mut out, "powers", &wa, &wb);
    for name in wa.intersection(&wb) {
        let (Some(x), Some(y)) = (a.power_by_name(name), b.power_by_name(name)) else { continue };
        let homes = |m: &Map, p| -> BTreeSet<String> {
            m.power(p).homes.iter().map(|&h| m.province(h).abbr.to_lowercase()).collect()
        };
        compare_sets(&mut out, &format!("{name}'s homes"), &homes(a, x), &homes(b, y));
    }
    // The opening.
    if (a.start_season(), a.start_year()) != (b.start_season(), b.start_year()) {
        out.push(format!(
            "start {} {} against {} {}",
            a.start_season(),
            a.start_year(),
            b.start_season(),
            b.start_year()
        ));
    }
    let units = |m: &Map| -> BTreeSet<String> {
        m.start_units()
            .iter()
            .map(|u| {
                format!("{} {} {}", m.power(u.power).name.to_lowercase(), u.kind, m.loc_abbr(u.loc).to_lowercase())
            })
            .collect()
    };
    compare_sets(&mut out, "starting units", &units(a), &units(b));
    let owners = |m: &Map| -> BTreeSet<String> {
        m.provinces()
            .filter_map(|p| {
                let owner = m.start_owners().get(p.index()).copied().flatten()?;
                Some(format!("{} {}", m.province(p).abbr.to_lowercase(), m.power(owner).name.to_lowercase()))
            })
            .collect()
    };
    compare_sets(&mut out, "centres owned at the start", &owners(a), &owners(b));
    if a.victory_centres() != b.victory_centres() {
        out.push(format!("victory at {} centres against {}", a.victory_centres(), b.victory_centres()));
    }
    if a.build_rule() != b.build_rule() {
        out.push(format!("build rule {:?} against {:?}", a.build_rule(), b.build_rule()));
    }
    out
}

fn compare_sets(out: &mut Vec<String>, what: &str, a: &BTreeSet<String>, b: &BTreeSet<String>) {
    let only_a: Vec<&String> = a.difference(b).collect();
    let only_b: Vec<&String> = b.difference(a).collect();
    if !only_a.is_empty() || !only_b.is_empty() {
        out.push(format!("{what}: only in the first {only_a:?}, only in the second {only_b:?}"));
    }
}

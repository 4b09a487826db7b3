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
    // Partners: the same abbreviation, or else the same full name under another
    // abbreviation (a difference of naming, reported once, not of geometry).
    let mut partner: Vec<Option<ProvinceId>> = vec![None; a.province_count()];
    let mut taken = vec![false; b.province_count()];
    for x in a.provinces() {
        if let Some(y) = b.provinces().find(|&y| b.province(y).abbr.eq_ignore_ascii_case(&a.province(x).abbr)) {
            partner[x.index()] = Some(y);
            taken[y.index()] = true;
        }
    }
    let unmatched: Vec<ProvinceId> = a.provinces().filter(|x| partner[x.index()].is_none()).collect();
    for x in unmatched {
        // The first map's abbreviation as a name or alias of the second's, or the full names.
        let name = dip_map::normalise_name(&a.province(x).name);
        let found = b.province_by_name(&a.province(x).abbr).filter(|y| !taken[y.index()]).or_else(|| {
            b.provinces().find(|&y| !taken[y.index()] && dip_map::normalise_name(&b.province(y).name) == name)
        });
        if let Some(y) = found {
            partner[x.index()] = Some(y);
            taken[y.index()] = true;
            out.push(format!(
                "`{}` ({}) is `{}` in the second map",
                a.province(x).abbr.to_lowercase(),
                a.province(x).name,
                b.province(y).abbr.to_lowercase()
            ));
        }
    }
    for x in a.provinces().filter(|x| partner[x.index()].is_none()) {
        out.push(format!("province `{}` only in the first map", a.province(x).abbr.to_lowercase()));
    }
    for y in b.provinces().filter(|y| !taken[y.index()]) {
        out.push(format!("province `{}` only in the second map", b.province(y).abbr.to_lowercase()));
    }
    // Names of the second map's provinces in the first map's abbreviations.
    let mut as_a: Vec<String> = b.provinces().map(|y| b.province(y).abbr.to_lowercase()).collect();
    for x in a.provinces() {
        if let Some(y) = partner[x.index()] {
            as_a[y.index()] = a.province(x).abbr.to_lowercase();
        }
    }
    let name_a = |m: &Map, p: ProvinceId| m.province(p).abbr.to_lowercase();
    let name_b = |_: &Map, p: ProvinceId| as_a[p.index()].clone();
    let loc_a = |m: &Map, l: LocId| m.loc_abbr(l).to_lowercase();
    let loc_b = |m: &Map, l: LocId| {
        let loc = m.location(l);
        match &loc.coast {
            Some(c) => format!("{}/{c}", as_a[loc.province.index()]),
            None => as_a[loc.province.index()].clone(),
        }
    };
    let both: Vec<(ProvinceId, ProvinceId)> =
        a.provinces().filter_map(|x| partner[x.index()].map(|y| (x, y))).collect();
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
        let army_a: BTreeSet<String> = a.army_neighbours(x).iter().map(|&q| name_a(a, q)).collect();
        let army_b: BTreeSet<String> = b.army_neighbours(y).iter().map(|&q| name_b(b, q)).collect();
        compare_sets(&mut out, &format!("`{abbr}` army borders"), &army_a, &army_b);
        let mut locs: Vec<(String, LocId, LocId)> = vec![(abbr.clone(), a.main_loc(x), b.main_loc(y))];
        for c in cx.intersection(&cy) {
            if let (Some(lx), Some(ly)) = (a.coast_by_name(x, c), b.coast_by_name(y, c)) {
                locs.push((format!("{abbr}/{c}"), lx, ly));
            }
        }
        for (name, lx, ly) in locs {
            let fleet_a: BTreeSet<String> = a.fleet_neighbours(lx).iter().map(|&t| loc_a(a, t)).collect();
            let fleet_b: BTreeSet<String> = b.fleet_neighbours(ly).iter().map(|&t| loc_b(b, t)).collect();
            compare_sets(&mut out, &format!("`{name}` fleet borders"), &fleet_a, &fleet_b);
        }
    }
    // Powers and homes.
    let powers = |m: &Map| -> BTreeSet<String> { m.powers().map(|p| m.power(p).name.to_lowercase()).collect() };
    let (wa, wb) = (powers(a), powers(b));
    compare_sets(&mut out, "powers", &wa, &wb);
    for name in wa.intersection(&wb) {
        let (Some(x), Some(y)) = (a.power_by_name(name), b.power_by_name(name)) else { continue };
        let homes_a: BTreeSet<String> = a.power(x).homes.iter().map(|&h| name_a(a, h)).collect();
        let homes_b: BTreeSet<String> = b.power(y).homes.iter().map(|&h| name_b(b, h)).collect();
        compare_sets(&mut out, &format!("{name}'s homes"), &homes_a, &homes_b);
        if a.power(x).is_neutral() != b.power(y).is_neutral() {
            out.push(format!("{name}: neutral {} against {}", a.power(x).is_neutral(), b.power(y).is_neutral()));
        }
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
    let units_a: BTreeSet<String> = a
        .start_units()
        .iter()
        .map(|u| format!("{} {} {}", a.power(u.power).name.to_lowercase(), u.kind, loc_a(a, u.loc)))
        .collect();
    let units_b: BTreeSet<String> = b
        .start_units()
        .iter()
        .map(|u| format!("{} {} {}", b.power(u.power).name.to_lowercase(), u.kind, loc_b(b, u.loc)))
        .collect();
    compare_sets(&mut out, "starting units", &units_a, &units_b);
    let owners = |m: &Map, name: &dyn Fn(&Map, ProvinceId) -> String| -> BTreeSet<String> {
        m.provinces()
            .filter_map(|p| {
                let owner = m.start_owners().get(p.index()).copied().flatten()?;
                Some(format!("{} {}", name(m, p), m.power(owner).name.to_lowercase()))
            })
            .collect()
    };
    compare_sets(&mut out, "centres owned at the start", &owners(a, &name_a), &owners(b, &name_b));
    if a.victory_centres() != b.victory_centres() {
        out.push(format!("victory at {} centres against {}", a.victory_centres(), b.victory_centres()));
    }
    if a.victory_lead() != b.victory_lead() {
        out.push(format!("victory by lead {:?} against {:?}", a.victory_lead(), b.victory_lead()));
    }
    if a.calendar() != b.calendar() {
        out.push(format!("calendar {:?} against {:?}", a.calendar(), b.calendar()));
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

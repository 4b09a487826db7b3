//! `cargo xtask source-facts SOURCE VARIANT [--source TEXT] [--note TEXT]... [--out FILE]`:
//! the facts of another source of a variant (a DPjudge or MILA `.map` file, read by the
//! importer; a godip `.go` definition, read by `cargo xtask godip`'s reader) written as a
//! facts file of our own, in the variant's names, for `crates/engine/tests/sources/`.
//!
//! Run at dev time only: the tests read the file written, never the source. Only facts are
//! carried over: supply centres, each power's homes, the opening units, and every army
//! border (by province) and fleet border (by location). The source's provinces, coasts and
//! powers are matched with the variant's by abbreviation, name or alias (powers also by
//! adjective, short name or the same homes); one that matches nothing is an error, and each
//! match that is not by the same abbreviation is listed in the file's head.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::process::ExitCode;

use dip::map::{LocId, Map, PowerId, ProvinceId};

pub fn run(args: &[String]) -> ExitCode {
    let usage =
        "usage: cargo xtask source-facts SOURCE.map|SOURCE.go VARIANT [--source TEXT] [--note TEXT]... [--out FILE]";
    let [file, variant, rest @ ..] = args else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let (mut described, mut notes, mut out) = (None, Vec::new(), None);
    for pair in rest.chunks(2) {
        match pair {
            [flag, value] if flag == "--source" => described = Some(value.clone()),
            [flag, value] if flag == "--note" => notes.push(value.clone()),
            [flag, value] if flag == "--out" => out = Some(value.clone()),
            _ => {
                eprintln!("{usage}");
                return ExitCode::from(2);
            }
        }
    }
    let source = match read_source(file) {
        Ok(map) => map,
        Err(e) => {
            eprintln!("{file}: {e}");
            return ExitCode::from(2);
        }
    };
    let ours = match dip::variant(variant) {
        Ok(map) => map,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let described = described.unwrap_or_else(|| file.rsplit('/').next().unwrap_or(file).to_string());
    let text = match facts_file(&source, &ours, &described, &notes) {
        Ok(text) => text,
        Err(unmatched) => {
            eprintln!("{file}: nothing of `{variant}` matches: {}", unmatched.join(", "));
            return ExitCode::FAILURE;
        }
    };
    match out {
        Some(path) => match dip_io::atomic_write(&path, text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("{path}: {e}");
                ExitCode::FAILURE
            }
        },
        None => {
            print!("{text}");
            ExitCode::SUCCESS
        }
    }
}

/// The source compiled as a map: a `.go` file by the godip reader, anything else by the
/// DPjudge importer.
fn read_source(file: &str) -> Result<Map, String> {
    if file.ends_with(".go") {
        let text = std::fs::read_to_string(file).map_err(|e| e.to_string())?;
        let (variant, _) = crate::godip::convert_text(&text, file);
        dip::load_str("source.ron", &dip_import::to_ron(&variant, &[])).map_err(|e| e.to_string())
    } else {
        dip_import::import_file(file).map(|import| import.map().clone()).map_err(|e| e.to_string())
    }
}

/// How the source's names are ours.
struct Names<'a> {
    source: &'a Map,
    ours: &'a Map,
    provinces: Vec<Option<ProvinceId>>,
    powers: Vec<Option<PowerId>>,
}

impl Names<'_> {
    fn province(&self, p: ProvinceId) -> &str {
        self.provinces[p.index()].map_or("?", |q| self.ours.province(q).abbr.as_str())
    }

    /// Our `abbr/coast` of a source location, if its coast is one of ours.
    fn loc(&self, loc: LocId) -> Option<String> {
        let location = self.source.location(loc);
        let ours = self.provinces[location.province.index()]?;
        match &location.coast {
            None => Some(self.ours.province(ours).abbr.clone()),
            Some(coast) => self.ours.coast_by_name(ours, coast).map(|l| self.ours.loc_abbr(l)),
        }
    }
}

/// The facts file: a head of comments, then the facts one a line, in the variant's names.
/// Fails with the names of the source's provinces, coasts and powers that match none of
/// the variant's.
pub fn facts_file(source: &Map, ours: &Map, described: &str, notes: &[String]) -> Result<String, Vec<String>> {
    let mut unmatched = Vec::new();
    let mut renamed = Vec::new();
    let provinces: Vec<Option<ProvinceId>> = source
        .provinces()
        .map(|p| {
            let prov = source.province(p);
            let found = ours.province_by_name(&prov.abbr).or_else(|| ours.province_by_name(&prov.name));
            match found {
                None => unmatched.push(format!("province {} ({})", prov.abbr, prov.name)),
                Some(q) if !ours.province(q).abbr.eq_ignore_ascii_case(&prov.abbr) => {
                    renamed.push(format!("{} is {}", prov.abbr, ours.province(q).abbr));
                }
                Some(_) => {}
            }
            found
        })
        .collect();
    let powers: Vec<Option<PowerId>> = source
        .powers()
        .map(|p| {
            let power = source.power(p);
            let homes: BTreeSet<Option<ProvinceId>> = power.homes.iter().map(|h| provinces[h.index()]).collect();
            let found =
                ours.power_by_name(&power.name).or_else(|| ours.power_by_name(&power.adjective)).or_else(|| {
                    ours.powers().find(|&q| {
                        let theirs: BTreeSet<Option<ProvinceId>> =
                            ours.power(q).homes.iter().map(|&h| Some(h)).collect();
                        !homes.is_empty() && theirs == homes
                    })
                });
            match found {
                None => unmatched.push(format!("power {}", power.name)),
                Some(q) if ours.power(q).name != power.name => {
                    renamed.push(format!("{} is {}", power.name, ours.power(q).name));
                }
                Some(_) => {}
            }
            found
        })
        .collect();
    let names = Names { source, ours, provinces, powers };
    let mut lines = Vec::new();
    for loc in source.locations() {
        if names.loc(loc).is_none() && names.provinces[source.location(loc).province.index()].is_some() {
            unmatched.push(format!("coast {}", source.loc_abbr(loc)));
        }
    }
    if !unmatched.is_empty() {
        return Err(unmatched);
    }
    let power = |p: PowerId| names.powers[p.index()].map_or("?", |q| ours.power(q).name.as_str());
    let centres: BTreeSet<&str> = source.centres().map(|p| names.province(p)).collect();
    lines.push(format!("centres: {}", centres.into_iter().collect::<Vec<_>>().join(" ")));
    for p in source.powers() {
        let homes: BTreeSet<&str> = source.power(p).homes.iter().map(|&h| names.province(h)).collect();
        if !homes.is_empty() {
            lines.push(format!("home {}: {}", power(p), homes.into_iter().collect::<Vec<_>>().join(" ")));
        }
    }
    for unit in source.start_units() {
        let kind = if unit.kind == dip::UnitKind::Fleet { "F" } else { "A" };
        lines.push(format!("unit {} {kind} {}", power(unit.power), names.loc(unit.loc).unwrap_or_default()));
    }
    let mut army: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for p in source.provinces() {
        for &q in source.army_neighbours(p) {
            army.entry(names.province(p)).or_default().insert(names.province(q));
        }
    }
    for (p, to) in army {
        lines.push(format!("army {p}: {}", to.into_iter().collect::<Vec<_>>().join(" ")));
    }
    let mut fleet: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for loc in source.locations() {
        for &to in source.fleet_neighbours(loc) {
            fleet.entry(names.loc(loc).unwrap_or_default()).or_default().insert(names.loc(to).unwrap_or_default());
        }
    }
    for (l, to) in fleet {
        lines.push(format!("fleet {l}: {}", to.into_iter().collect::<Vec<_>>().join(" ")));
    }
    lines.sort();
    let mut out = String::new();
    let _ = writeln!(out, "# {}: the facts of {described}, as `cargo xtask source-facts` read them", ours.title());
    let _ = writeln!(out, "# (at dev time: the tests read this file, never the source). In dip's names.");
    if !renamed.is_empty() {
        let _ = writeln!(out, "# Named otherwise in the source: {}.", renamed.join(", "));
    }
    for note in notes {
        let _ = writeln!(out, "# {note}");
    }
    for line in lines {
        let _ = writeln!(out, "{line}");
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const OURS: &str = r#"(
        name: "ours", title: "Ours",
        powers: [
            (name: "North", adjective: "Northern", short: "NOR", homes: ["nor"]),
            (name: "South", adjective: "Southern", short: "SOU", homes: ["sou"]),
        ],
        provinces: [
            (abbr: "nor", name: "Northland", terrain: Coast, centre: true, army: ["sou"], fleet: ["sea", "bay/ec"]),
            (abbr: "sou", name: "Southland", terrain: Coast, centre: true, army: ["nor"], fleet: ["sea", "bay/wc"]),
            (abbr: "bay", name: "Bay", terrain: Coast, coasts: [
                (abbr: "ec", name: "East Coast", fleet: ["nor", "sea"]),
                (abbr: "wc", name: "West Coast", fleet: ["sou", "sea"]),
            ]),
            (abbr: "sea", name: "Sea", terrain: Sea, fleet: ["nor", "sou", "bay/ec", "bay/wc"]),
        ],
        start: (season: Spring, year: 1901, units: [
            (power: "North", kind: Fleet, at: "nor"),
            (power: "South", kind: Army, at: "sou"),
        ]),
        victory: (centres: 2),
    )"#;

    fn ours() -> Map {
        dip::load_str("ours.ron", OURS).expect("loads")
    }

    /// The board as another source writes it.
    fn theirs(text: &str) -> Map {
        dip::load_str("theirs.ron", text).expect("loads")
    }

    #[test]
    fn writes_the_facts_in_our_names() {
        let source = OURS.replace("\"sou\"", "\"stl\"").replace("\"South\"", "\"Southerners\"");
        let text = facts_file(&theirs(&source), &ours(), "a test source", &["a note".into()]).expect("matches");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines,
            [
                "# Ours: the facts of a test source, as `cargo xtask source-facts` read them",
                "# (at dev time: the tests read this file, never the source). In dip's names.",
                "# Named otherwise in the source: stl is sou, Southerners is South.",
                "# a note",
                "army nor: sou",
                "army sou: nor",
                "centres: nor sou",
                "fleet bay/ec: nor sea",
                "fleet bay/wc: sea sou",
                "fleet nor: bay/ec sea",
                "fleet sea: bay/ec bay/wc nor sou",
                "fleet sou: bay/wc sea",
                "home North: nor",
                "home South: sou",
                "unit North F nor",
                "unit South A sou",
            ]
        );
    }

    #[test]
    fn a_province_or_power_that_matches_nothing_is_named() {
        let source = OURS.replace("bay", "cove").replace("Bay", "Cove");
        let source = source.replace("\"North\"", "\"Boreal\"").replace("\"Northern\"", "\"Borealic\"");
        let source = source.replace("homes: [\"nor\"]", "homes: []");
        let unmatched = facts_file(&theirs(&source), &ours(), "a test source", &[]).expect_err("unmatched");
        assert_eq!(unmatched, ["province cove (Cove)", "power Boreal"]);
    }
}

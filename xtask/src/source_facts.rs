//! `cargo xtask source-facts SOURCE VARIANT [--source TEXT] [--note TEXT]... [--out FILE]
//! [--units FILE] [--countries FILE]`: the facts of another source of a variant (a DPjudge or
//! MILA `.map` file, read by the importer; a godip `.go` definition, read by `cargo xtask
//! godip`'s reader; a webDiplomacy or vDiplomacy `install.php`, read by `webdip.rs` with the
//! units of `classes/adjudicatorPreGame.php` and the countries of `variant.php` beside it
//! unless `--units` and `--countries` name others) written as a facts file of our own, in the
//! variant's names, for `crates/engine/tests/sources/`.
//!
//! Run at dev time only: the tests read the file written, never the source. Only facts are
//! carried over: supply centres, each power's homes, the opening units, and every army
//! border (by province) and fleet border (by location). The source's provinces, coasts and
//! powers are matched with the variant's by abbreviation, name or alias (powers also by
//! adjective, short name or the same homes); one that matches nothing is an error, and each
//! match that is not by the same abbreviation is listed in the file's head. A PHP source has
//! no abbreviations: its territories match by name or alias, and those not named as ours are
//! listed.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::process::ExitCode;

use dip::map::{LocId, Map, PowerId, ProvinceId};

use crate::webdip::{self, Install, Unit};

pub fn run(args: &[String]) -> ExitCode {
    let usage = "usage: cargo xtask source-facts SOURCE.map|SOURCE.go|install.php VARIANT [--source TEXT] [--note TEXT]... \
                 [--out FILE] [--units adjudicatorPreGame.php] [--countries variant.php] [--country N=NAME]... [--alias THEIRS=ours]...";
    let [file, variant, rest @ ..] = args else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let (mut described, mut notes, mut out) = (None, Vec::new(), None);
    let (mut units, mut countries, mut aliases, mut numbered) = (None, None, BTreeMap::new(), Vec::new());
    for pair in rest.chunks(2) {
        match pair {
            [flag, value] if flag == "--source" => described = Some(value.clone()),
            [flag, value] if flag == "--units" => units = Some(value.clone()),
            [flag, value] if flag == "--countries" => countries = Some(value.clone()),
            [flag, value] if flag == "--country" => match value.split_once('=').map(|(n, c)| (n.parse::<usize>(), c)) {
                Some((Ok(n), name)) if n > 0 => numbered.push((n, name.to_string())),
                _ => {
                    eprintln!("--country {value}: expected NUMBER=NAME, the number from 1");
                    return ExitCode::from(2);
                }
            },
            [flag, value] if flag == "--alias" => match value.split_once('=') {
                Some((theirs, ours)) => {
                    aliases.insert(theirs.to_string(), ours.to_string());
                }
                None => {
                    eprintln!("--alias {value}: expected THEIR NAME=our abbreviation");
                    return ExitCode::from(2);
                }
            },
            [flag, value] if flag == "--note" => notes.push(value.clone()),
            [flag, value] if flag == "--out" => out = Some(value.clone()),
            _ => {
                eprintln!("{usage}");
                return ExitCode::from(2);
            }
        }
    }
    let ours = match dip::variant(variant) {
        Ok(map) => map,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let described = described.unwrap_or_else(|| file.rsplit('/').next().unwrap_or(file).to_string());
    let facts = if file.ends_with(".php") {
        let source = match read_php(file, units.as_deref(), countries.as_deref()) {
            Ok(mut source) => {
                // A country the variant.php's list lacks (KnownWorld_901 numbers its neutral
                // units one past the list, in code): named on the command line.
                for (n, name) in std::mem::take(&mut numbered) {
                    if source.countries.len() < n {
                        source.countries.resize(n, String::new());
                    }
                    source.countries[n - 1] = name;
                }
                PhpSource { aliases: std::mem::take(&mut aliases), ..source }
            }
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        };
        php_facts(&source, &ours).map(|(lines, renamed, found)| {
            notes.extend(found);
            (lines, renamed)
        })
    } else {
        match read_source(file) {
            Ok(source) => map_facts(&source, &ours),
            Err(e) => {
                eprintln!("{file}: {e}");
                return ExitCode::from(2);
            }
        }
    };
    let text = match facts {
        Ok((lines, renamed)) => write_facts(&ours, &described, &renamed, &notes, lines),
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

/// A PHP source: the `install.php`, its units file (by default `classes/adjudicatorPreGame.php`
/// beside it) and its countries (by default `variant.php` beside it, if there is one).
fn read_php(install: &str, units: Option<&str>, countries: Option<&str>) -> Result<PhpSource, String> {
    let dir = std::path::Path::new(install).parent().unwrap_or(std::path::Path::new("."));
    let beside = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let units = units.map_or_else(|| beside("classes/adjudicatorPreGame.php"), str::to_string);
    let read = |path: &str| std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"));
    // The countries are needed only where territories name them by number; a variant.php
    // not beside the install.php is then reported by `php_facts` as a country out of range.
    let countries = match countries {
        Some(path) => webdip::parse_countries(&read(path)?).map_err(|e| format!("{path}: {e}"))?,
        None if std::path::Path::new(&beside("variant.php")).exists() => {
            let path = beside("variant.php");
            webdip::parse_countries(&read(&path)?).map_err(|e| format!("{path}: {e}"))?
        }
        None => Vec::new(),
    };
    Ok(PhpSource {
        install: webdip::parse_install(&read(install)?).map_err(|e| format!("{install}: {e}"))?,
        countries,
        units: webdip::parse_units(&read(&units)?).map_err(|e| format!("{units}: {e}"))?,
        aliases: BTreeMap::new(),
    })
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
#[cfg(test)]
pub fn facts_file(source: &Map, ours: &Map, described: &str, notes: &[String]) -> Result<String, Vec<String>> {
    let (lines, renamed) = map_facts(source, ours)?;
    Ok(write_facts(ours, described, &renamed, notes, lines))
}

/// A source map's facts in our names, one a line, and the matches not by the same
/// abbreviation (`stl is sou`).
fn map_facts(source: &Map, ours: &Map) -> Result<(Vec<String>, Vec<String>), Vec<String>> {
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
    Ok((lines, renamed))
}

/// The file: its head (what it is, the source's other names, the notes), then the facts sorted.
fn write_facts(ours: &Map, described: &str, renamed: &[String], notes: &[String], mut lines: Vec<String>) -> String {
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
    out
}

/// A webDiplomacy or vDiplomacy variant: its `install.php`, the countries of its
/// `variant.php` and the units of its `classes/adjudicatorPreGame.php`.
pub struct PhpSource {
    pub install: Install,
    pub countries: Vec<String>,
    pub units: Vec<Unit>,
    /// Territories named as none of ours, each with our province's abbreviation, given on the
    /// command line (`--alias Quebec=qbc`) where the variant cannot take the name as an alias
    /// (World's Quebec is also a power's name). Listed in the file's head as the others are.
    pub aliases: BTreeMap<String, String>,
}

/// The facts of a PHP source one a line, its names that are not ours, and notes.
type PhpFacts = (Vec<String>, Vec<String>, Vec<String>);

/// How a territory of a PHP source stands to the others.
#[derive(Clone, Copy, PartialEq)]
enum Part {
    /// A province without coasts of its own.
    Whole,
    /// A province with coasts (`Iran`, with `Iran (North Coast)`): fleets go to its coasts.
    Parent,
    /// One coast of the territory at this index.
    Coast(usize),
}

/// The facts of a PHP source in our names (one a line), its names that are not ours
/// (`Britanny is bri`), and notes on what of it was left out or made one-way. Fails with
/// each name of the source that matches nothing of the variant's, and each row that names
/// a territory the source does not list.
pub fn php_facts(source: &PhpSource, ours: &Map) -> Result<PhpFacts, Vec<String>> {
    let territories = &source.install.territories;
    let mut errors = Vec::new();
    let mut index: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, t) in territories.iter().enumerate() {
        if index.insert(t.name.as_str(), i).is_some() {
            errors.push(format!("territory {} (line {}) is listed twice", t.name, t.line));
        }
    }
    let mut parts = vec![Part::Whole; territories.len()];
    for (i, t) in territories.iter().enumerate() {
        if let Some((parent, _)) = webdip::coast_of(&t.name) {
            match index.get(parent) {
                Some(&p) => {
                    parts[i] = Part::Coast(p);
                    parts[p] = Part::Parent;
                }
                None => errors.push(format!("coast {} (line {}) of no territory listed", t.name, t.line)),
            }
        }
    }
    let find = |name: &str, line: usize, errors: &mut Vec<String>| -> Option<usize> {
        let found = index.get(name).copied();
        if found.is_none() {
            errors.push(format!("line {line}: no territory {name} is listed"));
        }
        found
    };
    // A territory in no border, holding no unit and no centre carries no fact (its owner, if
    // any, owns no centre: webDiplomacy's KnownWorld_901 lists such territories, unreachable,
    // for each power).
    let mut used = vec![false; territories.len()];
    for b in &source.install.borders {
        for name in [&b.from, &b.to] {
            if let Some(i) = find(name, b.line, &mut errors) {
                used[i] = true;
            }
        }
    }
    for u in &source.units {
        match index.get(u.territory.as_str()) {
            Some(&i) => used[i] = true,
            None => errors.push(format!("the units: {} has a unit in {}, which is not listed", u.country, u.territory)),
        }
    }
    for (i, t) in territories.iter().enumerate() {
        used[i] |= t.supply;
    }
    for i in 0..territories.len() {
        if let (true, Part::Coast(p)) = (used[i], parts[i]) {
            used[p] = true;
        }
    }
    let mut notes = Vec::new();
    let left_out: Vec<&str> =
        territories.iter().zip(&used).filter(|(_, u)| !**u).map(|(t, _)| t.name.as_str()).collect();
    if !left_out.is_empty() {
        notes.push(format!("Left out, as in no border and no centre and holding no unit: {}.", left_out.join(", ")));
    }
    // Our province and location of each territory.
    let mut renamed = Vec::new();
    let mut province: Vec<Option<ProvinceId>> = vec![None; territories.len()];
    let mut loc: Vec<String> = vec![String::new(); territories.len()];
    for (i, t) in territories.iter().enumerate().filter(|&(i, _)| used[i]) {
        if let Part::Coast(_) = parts[i] {
            continue;
        }
        let aliased = source.aliases.get(&t.name).map(|abbr| ours.province_by_name(abbr).ok_or(abbr));
        if let Some(Err(abbr)) = aliased {
            errors.push(format!("--alias {}={abbr}: the variant has no province {abbr}", t.name));
            continue;
        }
        match aliased.and_then(Result::ok).or_else(|| ours.province_by_name(&t.name)) {
            Some(q) => {
                let prov = ours.province(q);
                if dip::map::normalise_name(&prov.name) != dip::map::normalise_name(&t.name) {
                    renamed.push(format!("{} is {}", t.name, prov.abbr));
                }
                province[i] = Some(q);
                loc[i] = prov.abbr.clone();
            }
            None => errors.push(format!("territory {} (line {})", t.name, t.line)),
        }
    }
    for (i, t) in territories.iter().enumerate().filter(|&(i, _)| used[i]) {
        let (Part::Coast(p), Some((_, coast))) = (parts[i], webdip::coast_of(&t.name)) else { continue };
        let Some(q) = province[p] else { continue };
        province[i] = Some(q);
        let initials: String = coast.split(' ').filter_map(|w| w.chars().next()).flat_map(char::to_lowercase).collect();
        match ours.coast_by_name(q, coast).or_else(|| ours.coast_by_name(q, &initials)) {
            Some(l) => loc[i] = ours.loc_abbr(l),
            None => errors.push(format!("coast {} (line {})", t.name, t.line)),
        }
    }
    // The countries, by name or number, and ours.
    let country = |owner: &webdip::Owner| -> Result<Option<String>, String> {
        match owner {
            webdip::Owner::Nobody => Ok(None),
            webdip::Owner::Named(c) => Ok(Some(c.clone())),
            webdip::Owner::Numbered(n) => usize::try_from(*n - 1)
                .ok()
                .and_then(|k| source.countries.get(k))
                .cloned()
                .map(Some)
                .ok_or_else(|| format!("country {n}: variant.php's $countries has {}", source.countries.len())),
        }
    };
    let mut homes: BTreeMap<String, BTreeSet<ProvinceId>> = BTreeMap::new();
    for (i, t) in territories.iter().enumerate().filter(|&(i, t)| used[i] && t.supply) {
        match country(&t.owner) {
            Ok(Some(c)) => {
                homes.entry(c).or_default().extend(province[i]);
            }
            Ok(None) => {}
            Err(e) => errors.push(format!("line {}: {e}", t.line)),
        }
    }
    let mut powers: BTreeMap<String, PowerId> = BTreeMap::new();
    let names: BTreeSet<&String> = homes.keys().chain(source.units.iter().map(|u| &u.country)).collect();
    for name in names {
        let by_homes = || {
            let theirs = homes.get(name)?;
            ours.powers().find(|&q| ours.power(q).homes.iter().copied().collect::<BTreeSet<_>>() == *theirs)
        };
        match ours.power_by_name(name).or_else(by_homes) {
            Some(q) => {
                if ours.power(q).name != *name {
                    renamed.push(format!("{name} is {}", ours.power(q).name));
                }
                powers.insert(name.clone(), q);
            }
            None => errors.push(format!("country {name}")),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let abbr = |i: usize| province[i].map_or("?", |q| ours.province(q).abbr.as_str());
    let mut lines = Vec::new();
    let centres: BTreeSet<&str> =
        (0..territories.len()).filter(|&i| used[i] && territories[i].supply).map(abbr).collect();
    lines.push(format!("centres: {}", centres.into_iter().collect::<Vec<_>>().join(" ")));
    for (name, provinces) in &homes {
        let homes: BTreeSet<&str> = provinces.iter().map(|&q| ours.province(q).abbr.as_str()).collect();
        lines.push(format!(
            "home {}: {}",
            ours.power(powers[name]).name,
            homes.into_iter().collect::<Vec<_>>().join(" ")
        ));
    }
    for u in &source.units {
        let kind = if u.fleet { "F" } else { "A" };
        lines.push(format!("unit {} {kind} {}", ours.power(powers[&u.country]).name, loc[index[u.territory.as_str()]]));
    }
    // Borders one way at a time, as webDiplomacy keeps them.
    let (mut army, mut fleet) = (BTreeSet::new(), BTreeSet::new());
    let mut dropped = Vec::new();
    for b in &source.install.borders {
        let (from, to) = (index[b.from.as_str()], index[b.to.as_str()]);
        let coast = |i: usize| matches!(parts[i], Part::Coast(_));
        if b.armies && (coast(from) || coast(to)) {
            dropped.push(format!("armies {}-{} (line {})", b.from, b.to, b.line));
        } else if b.armies {
            army.extend([(from, to), (to, from)]);
        }
        if b.fleets && (parts[from] == Part::Parent || parts[to] == Part::Parent) {
            dropped.push(format!("fleets {}-{} (line {})", b.from, b.to, b.line));
        } else if b.fleets {
            fleet.extend([(from, to), (to, from)]);
        }
    }
    if !dropped.is_empty() {
        notes.push(format!(
            "Not borders, as webDiplomacy moves armies between provinces and fleets between coasts only: {}.",
            dropped.join(", ")
        ));
    }
    let mut one_way = Vec::new();
    for &(from, to) in &source.install.deleted {
        let pair = (from.wrapping_sub(1), to.wrapping_sub(1));
        let (Some(a), Some(b)) = (territories.get(pair.0), territories.get(pair.1)) else {
            return Err(vec![format!("a DELETE of a border from territory {from} to {to}: no such territory")]);
        };
        let removed = army.remove(&pair) | fleet.remove(&pair);
        if removed {
            one_way.push(format!("{} to {}", a.name, b.name));
        }
    }
    one_way.dedup();
    if !one_way.is_empty() {
        notes.push(format!("No way back, as the install deletes it from the border tables: {}.", one_way.join(", ")));
    }
    let mut by_province: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for &(from, to) in &army {
        by_province.entry(abbr(from)).or_default().insert(abbr(to));
    }
    for (p, to) in by_province {
        lines.push(format!("army {p}: {}", to.into_iter().collect::<Vec<_>>().join(" ")));
    }
    let mut by_loc: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for &(from, to) in &fleet {
        by_loc.entry(loc[from].as_str()).or_default().insert(loc[to].as_str());
    }
    for (l, to) in by_loc {
        lines.push(format!("fleet {l}: {}", to.into_iter().collect::<Vec<_>>().join(" ")));
    }
    Ok((lines, renamed, notes))
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

    /// The board of [`OURS`] as webDiplomacy writes it, a country named otherwise, a
    /// territory in nothing and a fleet border given at a province with coasts.
    const INSTALL: &str = "<?php
$territoryRawData=array(
	array('Northland', 'Coast', 'Yes', 1, 0, 0, 0, 0),
	array('Southland', 'Coast', 'Yes', 2, 0, 0, 0, 0),
	array('Bay', 'Coast', 'No', 0, 0, 0, 0, 0),
	array('Bay (East Coast)', 'Coast', 'No', 0, 0, 0, 0, 0),
	array('Bay (West Coast)', 'Coast', 'No', 0, 0, 0, 0, 0),
	array('Sea', 'Sea', 'No', 0, 0, 0, 0, 0),
	array('Sea (2)', 'Sea', 'No', 0, 0, 0, 0, 0)
);
list($name, $type, $supply, $countryID, $x, $y, $sx, $sy)=$territoryRawRow;
$bordersRawData=array(
	array('Northland','Southland','No','Yes'),
	array('Northland','Sea','Yes','No'),
	array('Southland','Sea','Yes','No'),
	array('Bay (East Coast)','Northland','Yes','No'),
	array('Bay (East Coast)','Sea','Yes','No'),
	array('Bay (West Coast)','Southland','Yes','No'),
	array('Bay (West Coast)','Sea','Yes','No'),
	array('Bay','Sea','Yes','No')
);
list($from, $to, $fleets, $armies)=$borderRawRow;
";

    fn php(install: &str) -> PhpSource {
        let units = "$countryUnits = array('Northerners' => array('Northland' => 'Fleet'), 'South' => array('Southland' => 'Army'));";
        PhpSource {
            install: webdip::parse_install(install).expect("reads"),
            countries: webdip::parse_countries("$countries=array('Northerners','South');").expect("reads"),
            units: webdip::parse_units(units).expect("reads"),
            aliases: BTreeMap::new(),
        }
    }

    #[test]
    fn reads_a_php_source_in_our_names() {
        let (lines, renamed, notes) = php_facts(&php(INSTALL), &ours()).expect("matches");
        let text = write_facts(&ours(), "a test source", &renamed, &notes, lines);
        let expected = facts_file(&ours(), &ours(), "a test source", &[]).expect("matches");
        let facts = |t: &str| t.lines().filter(|l| !l.starts_with('#')).map(str::to_string).collect::<Vec<_>>();
        assert_eq!(facts(&text), facts(&expected));
        assert_eq!(renamed, ["Northerners is North"]);
        assert_eq!(
            notes,
            [
                "Left out, as in no border and no centre and holding no unit: Sea (2).",
                "Not borders, as webDiplomacy moves armies between provinces and fleets between coasts only: \
                 fleets Bay-Sea (line 20)."
            ]
        );
    }

    #[test]
    fn a_deleted_border_is_one_way() {
        let install = format!(
            "{INSTALL}$DB->sql_put('DELETE FROM wD_CoastalBorders WHERE mapID=1 AND fromTerrID=6 AND toTerrID=1');\n"
        );
        let (lines, _, notes) = php_facts(&php(&install), &ours()).expect("matches");
        assert!(lines.contains(&"fleet sea: bay/ec bay/wc sou".to_string()), "{lines:?}");
        assert!(lines.contains(&"fleet nor: bay/ec sea".to_string()), "{lines:?}");
        assert_eq!(
            notes.last().map(String::as_str),
            Some("No way back, as the install deletes it from the border tables: Sea to Northland.")
        );
    }

    #[test]
    fn an_alias_given_names_a_territory() {
        let install = INSTALL.replace("'Southland'", "'Southmark'");
        let mut source = php(&install);
        source.units.clear();
        source.aliases.insert("Southmark".into(), "sou".into());
        let (lines, renamed, _) = php_facts(&source, &ours()).expect("matches");
        assert!(lines.contains(&"army nor: sou".to_string()), "{lines:?}");
        assert_eq!(renamed, ["Southmark is sou", "Northerners is North"]);
        source.aliases.insert("Southmark".into(), "xyz".into());
        let unmatched = php_facts(&source, &ours()).expect_err("no such province");
        assert_eq!(unmatched, ["--alias Southmark=xyz: the variant has no province xyz"]);
    }

    #[test]
    fn a_country_number_past_the_list_is_named() {
        let install = INSTALL.replace("'Southland', 'Coast', 'Yes', 2,", "'Southland', 'Coast', 'Yes', 3,");
        let unmatched = php_facts(&php(&install), &ours()).expect_err("no country 3");
        assert_eq!(unmatched, ["line 4: country 3: variant.php's $countries has 2"]);
    }

    #[test]
    fn a_php_name_that_matches_nothing_is_named() {
        let install = INSTALL.replace("'Southland'", "'Southmark'").replace("'Bay (West Coast)'", "'Bay (Far Coast)'");
        let units = "$countryUnits = array('Westerners' => array('Southmark' => 'Army'));";
        let source = PhpSource {
            install: webdip::parse_install(&install).expect("reads"),
            countries: vec!["North".into(), "South".into()],
            units: webdip::parse_units(units).expect("reads"),
            aliases: BTreeMap::new(),
        };
        let unmatched = php_facts(&source, &ours()).expect_err("unmatched");
        assert_eq!(unmatched, ["territory Southmark (line 4)", "coast Bay (Far Coast) (line 7)", "country Westerners"]);
    }
}

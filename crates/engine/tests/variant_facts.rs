//! The facts of each variant of the pack. Its supply centres, homes, opening units and every
//! army and fleet border are compared with each source's it has, committed as data of our
//! own in `tests/sources/` (written from that source's file at dev time by `cargo xtask
//! source-facts`; see `docs/variants.md`). A summary (powers, provinces by terrain, units,
//! owners, the victory condition, the numbers of borders) is pinned in `tests/facts/`, so a
//! change shows. Each variant's special rules are then checked one by one below.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use dip::adjust::winner;
use dip::{BuildRule, Map, Phase, PhaseKind, Position, Season, Terrain, UnitKind};

/// A summary of a variant's facts as text: one line a kind of fact.
fn facts(map: &Map) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "title: {}", map.title());
    let powers: Vec<String> = map
        .powers()
        .map(|p| {
            let power = map.power(p);
            let mut homes: Vec<&str> = power.homes.iter().map(|&h| map.province(h).abbr.as_str()).collect();
            homes.sort_unstable();
            let role = match power.role {
                dip::map::PowerRole::Player => "",
                dip::map::PowerRole::Neutral { rebuilds: true } => " (neutral, rebuilds)",
                dip::map::PowerRole::Neutral { rebuilds: false } => " (neutral)",
            };
            format!("{}{role} [{}]", power.name, homes.join(" "))
        })
        .collect();
    let _ = writeln!(out, "powers: {}", powers.join(", "));
    let count = |t: Terrain| map.provinces().filter(|&p| map.province(p).terrain == t).count();
    let multi: Vec<&str> =
        map.provinces().filter(|&p| map.is_multi_coast(p)).map(|p| map.province(p).abbr.as_str()).collect();
    let _ = writeln!(
        out,
        "provinces: {} ({} land, {} coast, {} sea), {} centres, multi-coast [{}]",
        map.province_count(),
        count(Terrain::Land),
        count(Terrain::Coast),
        count(Terrain::Sea),
        map.centres().count(),
        multi.join(" ")
    );
    let convoyable: Vec<&str> =
        map.provinces().filter(|&p| map.province(p).convoyable).map(|p| map.province(p).abbr.as_str()).collect();
    if !convoyable.is_empty() {
        let _ = writeln!(out, "convoying coasts: [{}]", convoyable.join(" "));
    }
    let mut units: Vec<String> = map
        .start_units()
        .iter()
        .map(|u| format!("{} {} {}", map.power(u.power).short, u.kind, map.loc_abbr(u.loc)))
        .collect();
    units.sort();
    let _ = writeln!(out, "start: {} {}, units: {}", map.start_season(), map.start_year(), units.join(", "));
    let by_homes = map.provinces().all(|p| map.start_owners()[p.index()] == map.province(p).home_of);
    if !by_homes {
        let owners: Vec<String> = map
            .provinces()
            .filter_map(|p| {
                map.start_owners()[p.index()].map(|o| format!("{} {}", map.province(p).abbr, map.power(o).short))
            })
            .collect();
        let _ = writeln!(out, "owners: {}", owners.join(", "));
    }
    let lead = map.victory_lead().map_or(String::new(), |l| {
        format!(", or a lead of {} in {} less {} a year, at least {}", l.centres, l.year, l.less_each_year, l.at_least)
    });
    let calendar = map.calendar();
    let _ = writeln!(
        out,
        "victory: {} centres{lead}; builds: {:?}; calendar: {} years to fall, {} to spring",
        map.victory_centres(),
        map.build_rule(),
        calendar.years_to_fall,
        calendar.years_to_spring
    );
    let (army, fleet) = borders(map);
    let _ = writeln!(out, "borders: {army} army, {fleet} fleet");
    out
}

/// Army borders (province pairs) and fleet borders (location pairs), each counted once.
fn borders(map: &Map) -> (usize, usize) {
    let army: usize = map.provinces().map(|p| map.army_neighbours(p).len()).sum();
    let fleet: usize = map.locations().map(|l| map.fleet_neighbours(l).len()).sum();
    (army / 2, fleet / 2)
}

fn variant(name: &str) -> Map {
    dip::variant(name).unwrap_or_else(|e| panic!("{e}"))
}

/// The pinned facts: `tests/facts/<variant>.txt`, one file for each embedded variant.
#[test]
fn every_variant_has_its_facts_pinned() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/facts");
    let mut failures = Vec::new();
    for (name, _) in dip::EMBEDDED_VARIANTS {
        let path = dir.join(format!("{name}.txt"));
        let got = facts(&variant(name));
        let Ok(expected) = std::fs::read_to_string(&path) else {
            failures.push(format!("{}: missing; the facts now are:\n{got}", path.display()));
            continue;
        };
        if got.trim() != expected.trim() {
            let mut report = format!("{}: the facts changed:\n", path.display());
            for (g, e) in got.lines().zip(expected.trim().lines()) {
                if g.trim() != e.trim() {
                    let _ = writeln!(report, "  expected: {}\n       got: {g}", e.trim());
                }
            }
            failures.push(report);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The facts `tests/sources/<variant>.txt` holds, as the engine loads them: every supply
/// centre, each power's homes, the opening units, every army border (by province) and fleet
/// border (by location), one a line.
fn source_facts(map: &Map) -> BTreeSet<String> {
    let mut lines = BTreeSet::new();
    let centres: Vec<&str> = sorted(map.centres().map(|p| map.province(p).abbr.as_str()));
    lines.insert(format!("centres: {}", centres.join(" ")));
    for p in map.powers() {
        let power = map.power(p);
        if !power.homes.is_empty() {
            let homes = sorted(power.homes.iter().map(|&h| map.province(h).abbr.as_str()));
            lines.insert(format!("home {}: {}", power.name, homes.join(" ")));
        }
    }
    for unit in map.start_units() {
        let kind = if unit.kind == UnitKind::Fleet { "F" } else { "A" };
        lines.insert(format!("unit {} {kind} {}", map.power(unit.power).name, map.loc_abbr(unit.loc)));
    }
    for p in map.provinces() {
        if !map.army_neighbours(p).is_empty() {
            let to = sorted(map.army_neighbours(p).iter().map(|&q| map.province(q).abbr.as_str()));
            lines.insert(format!("army {}: {}", map.province(p).abbr, to.join(" ")));
        }
    }
    for loc in map.locations() {
        if !map.fleet_neighbours(loc).is_empty() {
            let to: Vec<String> = map.fleet_neighbours(loc).iter().map(|&l| map.loc_abbr(l)).collect();
            lines.insert(format!("fleet {}: {}", map.loc_abbr(loc), sorted(to.iter().map(String::as_str)).join(" ")));
        }
    }
    lines
}

/// The borders and centres of a map, to compare two variants on one map.
fn geography(map: &Map) -> BTreeSet<String> {
    source_facts(map)
        .into_iter()
        .filter(|l| l.starts_with("army ") || l.starts_with("fleet ") || l.starts_with("centres:"))
        .collect()
}

fn sorted<'a>(items: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut items: Vec<&str> = items.collect();
    items.sort_unstable();
    items
}

/// Each fact of a facts file on its own: `centre a`, `home Power a`, `unit Power A a`,
/// `army a b` (armies cross from a to b), `fleet a/nc b`.
fn atoms<'a>(lines: impl Iterator<Item = &'a str>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in lines.map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        match line.split_once(": ") {
            Some(("centres", list)) => out.extend(list.split(' ').map(|c| format!("centre {c}"))),
            Some((head, list)) => out.extend(list.split(' ').map(|x| format!("{head} {x}"))),
            None => {
                out.insert(line.to_string());
            }
        }
    }
    out
}

/// Variants with no source in `tests/sources/`, and why.
const WITHOUT_SOURCE: &[(&str, &str)] = &[(
    "convoyable_coasts",
    "its sources are the DATC's text and jDip's conv_coast_adjacency.xml, which no converter here reads",
)];

/// Where a variant knowingly differs from a source in `tests/sources/`, by the file's stem
/// (`colonial` for `colonial.txt`, `modern.webdiplomacy` for `modern.webdiplomacy.txt`): a
/// fact of the source the variant does not have (`-`) or one the variant has that the source
/// does not (`+`), a border meaning both ways; and why (the variant file says more at the
/// province).
const KNOWN_DIFFERENCES: &[(&str, &str, &str)] = &[
    ("1898", "+unit Austria A tri", DPJUDGE_1898),
    ("1898", "+unit England F edi", DPJUDGE_1898),
    ("1898", "+unit France A bre", DPJUDGE_1898),
    ("1898", "+unit Germany A kie", DPJUDGE_1898),
    ("1898", "+unit Italy A nap", DPJUDGE_1898),
    ("1898", "+unit Russia A stp", DPJUDGE_1898),
    ("1898", "+unit Turkey A smy", DPJUDGE_1898),
    ("loeb9_tc14fgl", "+army sic tun", "the DATC's edit for 10.F, 10.G and 10.L: Sicily and Tunis border"),
    ("colonial", "+army aki tok", COLONIAL_AKI_TOK),
    ("colonial", "+fleet aki tok", COLONIAL_AKI_TOK),
    ("colonial", "-army aki ota", COLONIAL_MOULMEIN),
    ("colonial", "-fleet aki ota", COLONIAL_MOULMEIN),
    ("colonial", "+fleet blas con", COLONIAL_BLAS_CON),
    ("colonial", "-fleet dav mp", COLONIAL_DAV_MP),
    ("colonial", "+fleet meds reds", COLONIAL_SUEZ),
    ("colonial", "-army ota sak", "MILA's Otaru-Sakhalin land bridge is the 1996 map's; this is the 1994 map"),
    ("colonial", "-fleet ota sak", "MILA's Otaru-Sakhalin land bridge is the 1996 map's; this is the 1994 map"),
    ("colonial1996", "+army aki tok", COLONIAL_AKI_TOK),
    ("colonial1996", "+fleet aki tok", COLONIAL_AKI_TOK),
    ("colonial1996", "-army aki ota", COLONIAL_MOULMEIN),
    ("colonial1996", "-fleet aki ota", COLONIAL_MOULMEIN),
    ("colonial1996", "+fleet blas con", COLONIAL_BLAS_CON),
    ("colonial1996", "-fleet dav mp", COLONIAL_DAV_MP),
    ("colonial1996", "+fleet meds reds", COLONIAL_SUEZ),
    ("colonial1996", "+army sak vla", "the 1996 land bridge Sakhalin-Vladivostok: njudge's 1996 map has it, MILA not"),
    ("colonial1996", "+fleet sak vla", "the 1996 land bridge Sakhalin-Vladivostok: njudge's 1996 map has it, MILA not"),
    ("modern.webdiplomacy", "-fleet isr jor", MODERN_ISR_JOR),
    ("cold_war", "-fleet nvi sea", COLD_WAR_NVI_SEA),
    ("known_world_901.webdiplomacy", "-fleet gad sgs", KNOWN_WORLD_GAD_SGS),
    ("known_world_901.webdiplomacy", "+army dam mec", KNOWN_WORLD_LATER_VDIPLOMACY),
    ("known_world_901.webdiplomacy", "+fleet ils ios", KNOWN_WORLD_LATER_VDIPLOMACY),
    ("known_world_901.webdiplomacy", "+fleet lis tys", KNOWN_WORLD_LATER_VDIPLOMACY),
    ("known_world_901.webdiplomacy", "+fleet wls wss", KNOWN_WORLD_LATER_VDIPLOMACY),
    ("youngstown_redux", "+fleet heb yel", YOUNGSTOWN_HEB_YEL),
    ("youngstown_redux.webdiplomacy", "+army cau oms", YOUNGSTOWN_CAU_OMS),
    ("youngstown_redux.webdiplomacy", "+army nay stp", YOUNGSTOWN_LATER_VDIPLOMACY),
    ("youngstown_redux.webdiplomacy", "+fleet hor ken", YOUNGSTOWN_LATER_VDIPLOMACY),
];

const MODERN_ISR_JOR: &str = "webDiplomacy lets fleets cross Israel-Jordan, whose coasts lie on two seas (Eastern \
                              Mediterranean, Red Sea); MILA gives armies only, as the variant does";
const COLD_WAR_NVI_SEA: &str = "godip lets fleets cross North Vietnam-South East Asia, whose coasts do not meet (Saigon's \
                                lies between); webDiplomacy and vDiplomacy give armies only, as the variant now does";
const KNOWN_WORLD_GAD_SGS: &str = "webDiplomacy's KnownWorld_901 joins the Gulf of Aden to the South German Sea, across \
                                   the map; MILA and vDiplomacy's later KnownWorld_901 do not";
const KNOWN_WORLD_LATER_VDIPLOMACY: &str =
    "MILA and vDiplomacy's later KnownWorld_901 have it; webDiplomacy's copy, the older, lacks it";
const YOUNGSTOWN_HEB_YEL: &str = "Hebei's south coast borders the Yellow Sea in webDiplomacy and vDiplomacy; godip lists \
                                  the sea for Hebei itself, not the coast";
const YOUNGSTOWN_CAU_OMS: &str = "godip's Caucasus-Omsk army border; webDiplomacy's and vDiplomacy's data (one lineage) \
                                  lack it; kept as godip has it, no map at hand decides";
const YOUNGSTOWN_LATER_VDIPLOMACY: &str =
    "vDiplomacy's later YoungstownRedux adds it, as godip has it; webDiplomacy's copy is the older";

const DPJUDGE_1898: &str = "DPjudge plays RULE MOBILIZE: no unit at the start, each player building one in a home \
                            centre of its choice; njudge and jDip start with these units";
const COLONIAL_AKI_TOK: &str = "njudge has Akita-Tokyo, MILA not; kept, as vDiplomacy's Colonial has it";
const COLONIAL_MOULMEIN: &str =
    "MILA's Akita-Otaru (the Moulmein Convention, a players' land bridge): njudge has it in neither edition";
const COLONIAL_BLAS_CON: &str = "njudge has Black Sea-Constantinople for fleets, MILA not; kept, as vDiplomacy has it";
const COLONIAL_DAV_MP: &str =
    "MILA has Davao-Mindanao Passage for fleets, njudge not; left out, as vDiplomacy lacks it";
const COLONIAL_SUEZ: &str = "njudge's Suez gateway needs the two seas to border; MILA has no Suez rule";

/// Whether `fact` (an atom of [`atoms`]) is listed for the source file `stem` with `sign`.
fn known_difference(stem: &str, sign: char, fact: &str) -> bool {
    KNOWN_DIFFERENCES.iter().any(|(v, listed, _)| *v == stem && listed.strip_prefix(sign).is_some_and(|l| is(l, fact)))
}

/// Whether `fact` is the fact listed: a border either way, a coast's for its province.
fn is(listed: &str, fact: &str) -> bool {
    let fact: Vec<&str> = fact.split(' ').map(|w| w.split('/').next().unwrap_or(w)).collect();
    match fact.as_slice() {
        [kind @ ("army" | "fleet"), a, b] => listed == format!("{kind} {a} {b}") || listed == format!("{kind} {b} {a}"),
        _ => listed == fact.join(" "),
    }
}

/// The facts files of a variant in `tests/sources/`: `<variant>.txt` and `<variant>.<source>.txt`
/// (a second source, as `modern.webdiplomacy.txt`), by file stem, in order.
fn source_files(dir: &std::path::Path, name: &str) -> Vec<(String, std::path::PathBuf)> {
    let mut files: Vec<(String, std::path::PathBuf)> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let stem = path.file_name()?.to_str()?.strip_suffix(".txt")?.to_string();
            let variant = stem.split('.').next()?;
            (variant == name).then_some((stem, path))
        })
        .collect();
    files.sort();
    files
}

/// Each variant's centres, homes, opening units and borders agree with every source's that
/// `cargo xtask source-facts` wrote into `tests/sources/` from that source's own file:
/// `<variant>.txt`, another source than the variant was made from where one is at hand, and
/// `<variant>.<source>.txt` for a second (see each file's head and `docs/variants.md`). The
/// differences listed in [`KNOWN_DIFFERENCES`] are by file stem (`modern.webdiplomacy`).
#[test]
fn every_variant_agrees_with_its_sources() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sources");
    let mut failures = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("tests/sources") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        let variant = name.split('.').next().unwrap_or_default();
        if !dip::EMBEDDED_VARIANTS.iter().any(|(v, _)| *v == variant) || !name.ends_with(".txt") {
            failures.push(format!("{}: names no variant of the pack", path.display()));
        }
    }
    for (stem, _, _) in KNOWN_DIFFERENCES {
        if !dir.join(format!("{stem}.txt")).exists() {
            failures.push(format!("KNOWN_DIFFERENCES lists {stem}, which has no file in {}", dir.display()));
        }
    }
    for (name, _) in dip::EMBEDDED_VARIANTS {
        let files = source_files(&dir, name);
        let without = WITHOUT_SOURCE.iter().any(|(v, _)| v == name);
        if files.is_empty() && !without {
            failures.push(format!("{name}: no file in {}, and not listed as without a source", dir.display()));
        }
        if !files.is_empty() && without {
            failures.push(format!(
                "{name}: has {} files in {}, but is listed as without a source",
                files.len(),
                dir.display()
            ));
        }
        let got = atoms(source_facts(&variant(name)).iter().map(String::as_str));
        for (stem, path) in files {
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let expected = atoms(text.lines());
            for fact in expected.difference(&got).filter(|f| !known_difference(&stem, '-', f)) {
                failures.push(format!("{stem}: the source has `{fact}`, the variant not"));
            }
            for fact in got.difference(&expected).filter(|f| !known_difference(&stem, '+', f)) {
                failures.push(format!("{stem}: the variant has `{fact}`, the source not"));
            }
            for (_, listed, why) in KNOWN_DIFFERENCES.iter().filter(|(v, _, _)| *v == stem) {
                let (sign, fact) = listed.split_at(1);
                let (mine, other) = if sign == "-" { (&expected, &got) } else { (&got, &expected) };
                if !mine.difference(other).any(|f| is(fact, f)) {
                    failures.push(format!("{stem}: `{listed}` ({why}) is no longer a difference"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn province(map: &Map, name: &str) -> dip::ProvinceId {
    map.province_by_name(name).unwrap_or_else(|| panic!("{}: no province {name}", map.name()))
}

fn power(map: &Map, name: &str) -> dip::PowerId {
    map.power_by_name(name).unwrap_or_else(|| panic!("{}: no power {name}", map.name()))
}

/// Whether armies and fleets cross between the two provinces (fleets at some coast).
fn crossing(map: &Map, a: &str, b: &str) -> (bool, bool) {
    let (a, b) = (province(map, a), province(map, b));
    let fleet =
        std::iter::once(map.main_loc(a)).chain(map.province(a).coasts.iter().copied()).any(|l| map.fleet_reaches(l, b));
    (map.army_adjacent(a, b), fleet)
}

// ---- Fleet Rome, France vs Austria, Italy vs Germany: the standard map ----

#[test]
fn fleet_rome() {
    let map = variant("fleet_rome");
    let rome = map.main_loc(province(&map, "Rome"));
    let unit = map.start_units().iter().find(|u| u.loc == rome).expect("a unit in Rome");
    assert_eq!((unit.kind, unit.power), (UnitKind::Fleet, power(&map, "Italy")));
    // The map is the standard one.
    assert_eq!(geography(&map), geography(&variant("standard")));
}

#[test]
fn france_austria() {
    let map = variant("france_austria");
    assert_eq!(geography(&map), geography(&variant("standard")));
    // The other powers' homes are neutral centres.
    assert!(map.province(province(&map, "Berlin")).centre);
    assert_eq!(map.province(province(&map, "Berlin")).home_of, None);
}

#[test]
fn italy_germany() {
    let map = variant("italy_germany");
    assert_eq!(geography(&map), geography(&variant("standard")));
    assert_eq!(map.start_owners().iter().flatten().count(), 6);
}

#[test]
fn age_of_empires() {
    for name in ["age_of_empires", "age_of_empires_2"] {
        let map = variant(name);
        assert_eq!(geography(&map), geography(&variant("standard")));
        assert_eq!(map.build_rule(), BuildRule::AnyOwnedCentre);
        assert!(map.powers().all(|p| map.power(p).homes.len() == 1));
    }
}

// ---- Pure, Ancient Mediterranean ----

#[test]
fn pure() {
    let map = variant("pure");
    // Every province borders every other, and no fleet can exist.
    for p in map.provinces() {
        assert_eq!(map.army_neighbours(p).len(), 6);
        assert!(!map.can_hold(UnitKind::Fleet, p));
    }
}

#[test]
fn ancient_mediterranean() {
    let map = variant("ancient_mediterranean");
    // Baleares: its fleets convoy; armies reach it only by convoy.
    let bal = province(&map, "Baleares");
    assert!(map.province(bal).convoyable);
    assert!(map.army_neighbours(bal).is_empty());
    // The canals of Athens, Byzantium, the Sicilian Straits and the Nile are passable for
    // armies, and the four-way junctions join every sea of them.
    assert_eq!(crossing(&map, "ath", "spa"), (true, true));
    assert_eq!(crossing(&map, "sic", "nea"), (true, true));
    for four in [["aus", "mes", "got", "lib"], ["ale", "sii", "the", "gop"]] {
        for a in four {
            for b in four.iter().filter(|&&b| b != a) {
                assert!(crossing(&map, a, b).1, "fleets {a}-{b}");
            }
        }
    }
    // MILA's abbreviations read as aliases.
    for (mila, ours) in [("thb", "the"), ("sin", "sii"), ("tyn", "tys")] {
        assert_eq!(map.province_by_name(mila), Some(province(&map, ours)));
    }
    let egypt = power(&map, "Egypt");
    let mut position = Position::opening(&map);
    position.phase = Phase { season: Season::Fall, year: 1, kind: PhaseKind::Adjustment };
    assert_eq!(winner(&map, &position), None);
    for c in map.centres().take(18) {
        position.owners[c.index()] = Some(egypt);
    }
    assert_eq!(winner(&map, &position), Some(egypt));
}

#[test]
fn ancient_mediterranean_age_of_empires() {
    let map = variant("ancient_mediterranean_age_of_empires");
    assert_eq!(geography(&map), geography(&variant("ancient_mediterranean")));
    assert_eq!(map.build_rule(), BuildRule::AnyOwnedCentre);
}

/// Writes the facts file of each variant that has none, for a variant just added:
/// `cargo test -p dip --test variant_facts write_missing_facts -- --ignored`. Check the
/// file against the variant's sources before committing it.
#[test]
#[ignore = "writes tests/facts/<variant>.txt for new variants"]
fn write_missing_facts() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/facts");
    for (name, _) in dip::EMBEDDED_VARIANTS {
        let path = dir.join(format!("{name}.txt"));
        if !path.exists() {
            dip::atomic_write(&path, facts(&variant(name))).expect("write the facts");
        }
    }
}

// ---- godip's variants ----

#[test]
fn youngstown_redux() {
    let map = variant("youngstown_redux");
    assert_eq!(map.victory_centres(), 28);
    let multi: Vec<&str> =
        map.provinces().filter(|&p| map.is_multi_coast(p)).map(|p| map.province(p).abbr.as_str()).collect();
    assert_eq!(multi.len(), 6, "Spain, St. Petersburg, Levant, Arabia, Hebei, Thailand: {multi:?}");
    // The box seas join the edges of the map: every box borders other boxes.
    let boxes: Vec<_> = map.provinces().filter(|&p| map.province(p).abbr.starts_with("bx")).collect();
    assert_eq!(boxes.len(), 8);
    for &b in &boxes {
        assert!(map.fleet_neighbours(map.main_loc(b)).iter().any(|&l| boxes.contains(&map.province_of(l))));
    }
    // Two players at 28 with the same count win nothing; more than the other wins.
    let (britain, china) = (power(&map, "Britain"), power(&map, "China"));
    let mut position = Position::opening(&map);
    position.phase = Phase { season: Season::Fall, year: 1905, kind: PhaseKind::Adjustment };
    let centres: Vec<_> = map.centres().collect();
    position.owners = vec![None; map.province_count()];
    for (k, &c) in centres.iter().take(56).enumerate() {
        position.owners[c.index()] = Some(if k % 2 == 0 { britain } else { china });
    }
    assert_eq!(winner(&map, &position), None);
    position.owners[centres[56].index()] = Some(china);
    assert_eq!(winner(&map, &position), Some(china));
}

#[test]
fn hundred() {
    let map = variant("hundred");
    assert_eq!((map.start_season(), map.start_year()), (Season::Spring, 1425));
    assert_eq!(map.calendar(), dip::map::CalendarDef { years_to_fall: 5, years_to_spring: 5 });
    assert_eq!(map.build_rule(), BuildRule::AnyOwnedCentre);
    assert_eq!(map.victory_centres(), 9);
    // France: five units, four centres.
    let france = power(&map, "France");
    assert_eq!(map.start_units().iter().filter(|u| u.power == france).count(), 5);
    assert_eq!(map.start_owners().iter().filter(|o| **o == Some(france)).count(), 4);
    assert_eq!(crossing(&map, "lon", "cal"), (true, true));
    assert!(map.is_multi_coast(province(&map, "not")) && map.is_multi_coast(province(&map, "ara")));
    // A game: Spring 1425, Fall 1430, the winter builds of 1430 (France must disband), Spring 1435.
    let mut game = dip::Game::new(map.clone(), dip::Rules::default());
    game.play(Vec::new()).expect("plays");
    assert_eq!(game.phase(), Phase { season: Season::Fall, year: 1430, kind: PhaseKind::Movement });
    game.play(Vec::new()).expect("plays");
    assert_eq!(game.phase(), Phase { season: Season::Fall, year: 1430, kind: PhaseKind::Adjustment });
    game.play(Vec::new()).expect("plays");
    assert_eq!(game.phase(), Phase { season: Season::Spring, year: 1435, kind: PhaseKind::Movement });
    assert_eq!(game.position().units.iter().filter(|u| u.power == france).count(), 4, "civil disorder removed one");
}

#[test]
fn cold_war() {
    let map = variant("cold_war");
    assert_eq!(map.victory_centres(), 17);
    assert_eq!(map.power_count(), 2);
    for (a, b) in [("ins", "aus"), ("ins", "phi"), ("den", "swe")] {
        assert_eq!(crossing(&map, a, b), (true, true), "{a}-{b}");
    }
    // Panama, Egypt and Istanbul join two seas with one coast each.
    for canal in ["pan", "egy", "ist"] {
        let p = province(&map, canal);
        assert!(!map.is_multi_coast(p));
        let seas = map
            .fleet_neighbours(map.main_loc(p))
            .iter()
            .filter(|&&l| map.province(map.province_of(l)).terrain == Terrain::Sea)
            .count();
        assert!(seas >= 2, "{canal}");
    }
}

#[test]
fn empires_and_coalitions() {
    let map = variant("empires_and_coalitions");
    assert_eq!(map.victory_centres(), 23);
    let owners = map.start_owners();
    for (home, minor) in [("swe", "Denmark"), ("pap", "Sicily"), ("por", "Spain"), ("egy", "Ottoman Empire")] {
        let p = province(&map, home);
        assert_eq!(map.province(p).home_of, Some(power(&map, minor)));
        assert_eq!(owners[p.index()], None, "{home} is not owned at the start");
    }
    let britain = power(&map, "Britain");
    assert_eq!(owners[province(&map, "lie").index()], Some(britain));
    let gib = province(&map, "gib");
    assert!(!map.province(gib).centre && map.province(gib).convoyable);
    assert!(
        map.start_units().iter().any(|u| u.power == britain && u.kind == UnitKind::Fleet && u.loc == map.main_loc(gib))
    );
    assert!(crossing(&map, "gib", "and").0 && !crossing(&map, "gib", "mor").0);
    for (a, b) in [("pal", "nap"), ("ire", "edi"), ("cop", "swe")] {
        assert_eq!(crossing(&map, a, b), (true, true), "{a}-{b}");
    }
}

#[test]
fn north_sea_wars() {
    let map = variant("north_sea_wars");
    assert_eq!((map.start_year(), map.victory_centres()), (0, 8));
    // Fleets sail from the Central North Sea to the trade islands, never back.
    for island in ["woo", "gra", "iro"] {
        assert!(crossing(&map, "cns", island).1);
        assert!(!crossing(&map, island, "cns").1, "{island}");
    }
    assert!(map.is_multi_coast(province(&map, "jut")));
    let sea = province(&map, "sea");
    assert!(map.army_adjacent(sea, province(&map, "lim")));
    let jut = province(&map, "jut");
    let ec = map.coast_by_name(jut, "ec").expect("east coast");
    assert!(map.fleet_adjacent(map.main_loc(sea), ec));
    assert!(!crossing(&map, "sea", "ams").1);
}

#[test]
fn twenty_twenty() {
    let map = variant("twenty_twenty");
    assert_eq!(map.victory_centres(), 49);
    assert_eq!(map.build_rule(), BuildRule::AnyOwnedHomeCentre);
    assert_eq!(
        (map.lead_needed(2001), map.lead_needed(2015), map.lead_needed(2020), map.lead_needed(2030)),
        (Some(20), Some(6), Some(1), Some(1))
    );
    assert_eq!(map.provinces().filter(|&p| map.is_multi_coast(p)).count(), 13);
    for (a, b) in [("anc", "vla"), ("eth", "yem"), ("kor", "nag")] {
        assert_eq!(crossing(&map, a, b), (true, true), "{a}-{b}");
    }
    // After the fall of 2001 a lead of 20 wins.
    let (usa, uk) = (power(&map, "USA"), power(&map, "UK"));
    let mut position = Position::opening(&map);
    position.phase = Phase { season: Season::Fall, year: 2001, kind: PhaseKind::Adjustment };
    let neutral: Vec<_> = map.centres().filter(|&c| position.owners[c.index()].is_none()).collect();
    for &c in neutral.iter().take(20) {
        position.owners[c.index()] = Some(usa);
    }
    // USA 4 + 20 = 24, Russia and China 4 each: a lead of 20.
    assert_eq!(winner(&map, &position), Some(usa));
    let _ = uk;
    // China takes one more: a lead of 19.
    position.owners[neutral[20].index()] = Some(power(&map, "China"));
    assert_eq!(winner(&map, &position), None);
}

#[test]
fn western_world_901() {
    let map = variant("western_world_901");
    assert_eq!(map.victory_centres(), 33);
    assert_eq!(map.build_rule(), BuildRule::AnyOwnedCentre);
    let neutral = power(&map, "Neutral");
    assert_eq!(map.power(neutral).role, dip::map::PowerRole::Neutral { rebuilds: true });
    assert_eq!(map.power(neutral).homes.len(), 28);
    assert_eq!(map.start_units().iter().filter(|u| u.power == neutral).count(), 28);
    assert_eq!(map.players().count(), 9);
    // The Khazar Sea (North Khazar Sea, South Kazar Sea: godip's spelling) borders no other sea.
    let is_khazar = |p: dip::ProvinceId| map.province(p).name.contains("azar Sea");
    let khazar: Vec<_> = map.provinces().filter(|&p| is_khazar(p)).collect();
    assert!(!khazar.is_empty());
    for &k in &khazar {
        for &l in map.fleet_neighbours(map.main_loc(k)) {
            let p = map.province_of(l);
            assert!(map.province(p).terrain != Terrain::Sea || is_khazar(p), "{}", map.province(p).name);
        }
    }
    assert_eq!(map.provinces().filter(|&p| map.is_multi_coast(p)).count(), 5);
}

// ---- MILA's variants ----

#[test]
fn modern() {
    let map = variant("modern");
    assert_eq!((map.power_count(), map.centres().count(), map.victory_centres()), (10, 64, 33));
    assert_eq!((map.start_year(), map.build_rule()), (1994, BuildRule::AnyOwnedCentre));
}

#[test]
fn world() {
    let map = variant("world");
    assert_eq!((map.power_count(), map.centres().count(), map.victory_centres()), (17, 86, 44));
    assert_eq!((map.start_year(), map.build_rule()), (2000, BuildRule::HomeCentres));
}

#[test]
fn empire() {
    let map = variant("empire");
    assert_eq!((map.power_count(), map.centres().count(), map.victory_centres()), (10, 58, 30));
    assert_eq!(map.start_year(), 1999);
}

#[test]
fn known_world_901() {
    let map = variant("known_world_901");
    assert_eq!((map.players().count(), map.centres().count(), map.victory_centres()), (15, 109, 55));
    assert_eq!(map.build_rule(), BuildRule::AnyOwnedCentre);
    let neutral = power(&map, "Neutral-State");
    assert_eq!(map.power(neutral).role, dip::map::PowerRole::Neutral { rebuilds: true });
    assert_eq!(map.start_units().iter().filter(|u| u.power == neutral).count(), 49);
    assert_eq!(map.power(neutral).homes.len(), 49);
    // A neutral power holding more centres than anybody never wins.
    let position = Position::opening(&map);
    assert_eq!(winner(&map, &position), None);
}

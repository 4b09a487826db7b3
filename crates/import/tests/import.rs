//! The importer on DPjudge's own map files (the Standard map, Loeb9, Chaos, 1898), on
//! overlays of our own, and on small maps written here for each rule of the format.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use dip_import::{Import, ImportError, differences, import_file, import_str};
use dip_map::{Map, Season, Terrain, UnitKind};

fn maps() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/maps")
}

fn variant(name: &str) -> Map {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../variants/{name}.ron"));
    dip_map::load(path).unwrap_or_else(|e| panic!("{e}"))
}

fn imported(relative: &str) -> (Import, Map) {
    let import = import_file(maps().join(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"));
    let map = import.map().clone();
    round_trips(&import);
    (import, map)
}

/// The RON the importer writes reads back as the same variant.
fn round_trips(import: &Import) {
    let text = import.to_ron();
    let parsed = dip_map::load_str("written.ron", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let direct = import.map();
    assert!(differences(direct, &parsed).is_empty(), "{:?}", differences(direct, &parsed));
    let back: dip_map::VariantFile = ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(&text)
        .expect("the schema reads the written file");
    assert_eq!(format!("{back:?}"), format!("{:?}", import.variant));
}

/// Imports map text; `files` are the files it may include.
fn import_text(text: &str, files: &[(&str, &str)]) -> Result<Import, ImportError> {
    let files: HashMap<String, String> = files.iter().map(|(n, t)| (n.to_string(), t.to_string())).collect();
    import_str("test.map", text, &mut |_, name| {
        files.get(name).map(|t| (name.to_string(), t.clone())).ok_or_else(|| "no such file".to_string())
    })
}

fn has_note(import: &Import, words: &[&str]) -> bool {
    import.notes.iter().any(|n| words.iter().all(|w| n.message.contains(w)))
}

#[test]
fn dpjudge_standard_is_the_standard_variant() {
    let (import, map) = imported("dpjudge/standard.map");
    let standard = variant("standard");
    assert_eq!(differences(&standard, &map), Vec::<String>::new());
    // The comparison covers every province, coast and border; check the totals too.
    assert_eq!(map.province_count(), 75);
    assert_eq!(map.location_count(), standard.location_count());
    assert_eq!(map.centres().count(), 34);
    assert_eq!(map.start_units().len(), 22);
    let borders = |m: &Map| -> (usize, usize) {
        let army = m.provinces().map(|p| m.army_neighbours(p).len()).sum();
        let fleet = m.locations().map(|l| m.fleet_neighbours(l).len()).sum();
        (army, fleet)
    };
    assert_eq!(borders(&map), borders(&standard));
    assert_eq!(map.victory_centres(), 18);
    // Switzerland is impassable: the only thing the import leaves out.
    assert_eq!(import.notes.len(), 1, "{:?}", import.notes);
    assert!(has_note(&import, &["SWI", "impassable"]));
    assert!(import.notes[0].origin.file.ends_with("standard.geography"));
    assert_eq!(import.notes[0].origin.line, Some(180));
}

#[test]
fn dpjudge_loeb9_has_ice_and_difficult_borders() {
    let (import, map) = imported("dpjudge/loeb9.map");
    assert_eq!(differences(&variant("loeb9"), &map), Vec::<String>::new());
    let arc = map.province_by_name("arc").expect("Arctic Ocean");
    assert_eq!(map.province(arc).frozen_in, vec![Season::Fall]);
    assert_eq!(map.difficult_borders().len(), 2);
    assert!(map.province_by_name("spa").is_none(), "DROP SPA");
    assert!(has_note(&import, &["HIBERNATE"]));
    assert!(has_note(&import, &["Copenhagen"]));
}

#[test]
fn dpjudge_chaos_builds_anywhere() {
    let (import, map) = imported("dpjudge/chaos.map");
    assert_eq!(differences(&variant("chaos"), &map), Vec::<String>::new());
    assert_eq!(map.power_count(), 34);
    assert_eq!(map.build_rule(), dip_map::BuildRule::AnyOwnedCentre);
    // Twenty-three FLAG lines make one note.
    assert_eq!(import.notes.iter().filter(|n| n.message.contains("FLAG")).count(), 1);
    assert!(has_note(&import, &["Winter 1900", "Fall 1900"]));
}

#[test]
fn dpjudge_1898_reports_what_it_cannot_carry() {
    let (import, map) = imported("dpjudge/1898.map");
    assert!(has_note(&import, &["MOBILIZE"]));
    assert!(has_note(&import, &["Winter 1898"]));
    assert_eq!((map.start_season(), map.start_year()), (Season::Fall, 1898));
    assert!(map.start_units().is_empty());
}

#[test]
fn an_overlay_leaves_two_powers() {
    let (_, map) = imported("own/france_austria.map");
    let names: Vec<&str> = map.powers().map(|p| map.power(p).name.as_str()).collect();
    assert_eq!(names, ["Austria", "France"]);
    assert_eq!(map.centres().count(), 34, "the other homes stay centres");
    assert_eq!(map.start_units().len(), 6);
    assert_eq!(map.start_owners().iter().flatten().count(), 6);
    assert_eq!(map.victory_centres(), 18);
    assert!(differences(&variant("standard"), &map).iter().all(|d| !d.contains("border") && !d.contains("terrain")));
}

#[test]
fn an_overlay_redefines_powers_units_and_rules() {
    let (import, map) = imported("own/one_centre.map");
    assert_eq!(map.power_count(), 7);
    assert_eq!(map.build_rule(), dip_map::BuildRule::AnyOwnedCentre);
    assert_eq!(map.victory_centres(), 12);
    let unit_at = |name: &str| {
        let p = map.province_by_name(name).expect("province");
        map.start_units().iter().find(|u| map.province_of(u.loc) == p).map(|u| u.kind)
    };
    assert_eq!(unit_at("Rome"), Some(UnitKind::Fleet));
    assert_eq!(unit_at("Constantinople"), Some(UnitKind::Fleet), "UNITS forgets the army");
    assert_eq!(map.start_units().len(), 7);
    assert!(has_note(&import, &["RUSSIA", "dummy"]));
}

const BASE: &str = "\
# A small map of our own for the rules of the format.
BEGIN FALL 1850 MOVEMENT
NORTH (NORTHERN) NOR
F NOR
SOUTH (SOUTHERN:Z) SOU
A SOU
UNOWNED ISL PEN
North = nor
South = sou
Isle = isl isle+of+man the+isle
Peninsula = pen
Peninsula (east coast) = pen/ec
Peninsula (west coast) = pen/wc
Inland = inl
Eastern Sea = eas east
Western Sea = wes west the+isle
Mountains = mtn
COAST NOR ABUTS SOU eas WES INL Isl MTN
COAST SOU ABUTS NOR EAS WES INL pen Isl
PORT ISL ABUTS Nor Sou EAS WES
COAST PEN/EC ABUTS EAS
COAST PEN/WC ABUTS WES
COAST pen ABUTS SOU EAS WES INL
LAND INL ABUTS NOR SOU PEN MTN
WATER EAS ABUTS NOR SOU ISL PEN/EC WES
WATER WES ABUTS NOR SOU ISL PEN/WC EAS
SHUT MTN ABUTS NOR INL
";

#[test]
fn case_restricts_borders_to_one_unit_type() {
    let import = import_text(BASE, &[]).expect("imports");
    round_trips(&import);
    let map = import.map();
    let p = |n: &str| map.province_by_name(n).expect(n);
    let (nor, sou, isl, pen, inl, eas) = (p("nor"), p("sou"), p("isl"), p("pen"), p("inl"), p("eas"));
    // `eas` in lower case on North's line: no fleet from North to the Eastern Sea; the sea's
    // line lists North, so fleets sail from the sea to North only, and the import says so.
    assert!(has_note(&import, &["one-way fleet border", "`EAS` → `NOR`", "kept one-way"]));
    assert!(map.fleet_adjacent(map.main_loc(eas), map.main_loc(nor)));
    assert!(!map.fleet_adjacent(map.main_loc(nor), map.main_loc(eas)));
    assert_eq!(import.variant.one_way_borders, vec![("eas".to_string(), "nor".to_string())]);
    // `Isl`: armies may not walk onto the island; fleets sail there; PORT fleets convoy.
    assert!(!map.army_adjacent(nor, isl) && !map.army_adjacent(isl, nor));
    assert!(map.fleet_adjacent(map.main_loc(nor), map.main_loc(isl)));
    assert!(map.province(isl).convoyable);
    assert_eq!(map.province(isl).terrain, Terrain::Coast);
    // `pen` declared in lower case with two coasts: fleets stand on a coast only.
    assert!(map.is_multi_coast(pen));
    let ec = map.coast_by_name(pen, "ec").expect("east coast");
    assert_eq!(map.location(ec).coast_name.as_deref(), Some("East Coast"));
    assert!(map.fleet_adjacent(map.main_loc(eas), ec));
    assert!(!map.fleet_reaches(map.main_loc(sou), pen), "`pen` in lower case");
    assert!(map.army_adjacent(sou, pen) && map.army_adjacent(inl, pen));
    // SHUT: left out, with its borders.
    assert!(map.province_by_name("mtn").is_none());
    assert!(has_note(&import, &["MTN", "impassable"]));
    // The opening, names and the default victory count.
    assert_eq!((map.start_season(), map.start_year()), (Season::Fall, 1850));
    assert_eq!(map.victory_centres(), 3, "one more than half of four centres");
    let south = map.power_by_name("South").expect("South");
    assert_eq!(map.power(south).adjective, "Southern");
    assert!(map.province_by_name("isle of man").is_some());
    // `the isle` names two provinces: neither keeps it.
    assert!(map.province_by_name("the isle").is_none());
    assert!(has_note(&import, &["the isle", "several provinces"]));
}

#[test]
fn directives_change_what_was_read() {
    let overlay = "\
MAP base
DROP WES
AMEND SOU ABUTS -pen
AMEND pen ABUTS -SOU
AMEND NOR ABUTS EAS
NORTH
HOMES NOR ISL
OWNS NOR
SOUTH -SOU
INHABITS PEN
VICTORY 2 3
RULES BUILD_ANY HIBERNATE !BUILD_ANY
IN SPRING: WATER EAS
Isle = isl man?
";
    let import = import_text(overlay, &[("base.map", BASE)]).expect("imports");
    round_trips(&import);
    let map = import.map();
    assert!(map.province_by_name("wes").is_none(), "DROP");
    let p = |n: &str| map.province_by_name(n).expect(n);
    let (nor, sou, isl, pen, eas) = (p("nor"), p("sou"), p("isl"), p("pen"), p("eas"));
    assert!(!map.army_adjacent(sou, pen), "AMEND with `-` takes a border away");
    assert!(map.fleet_adjacent(map.main_loc(nor), map.main_loc(eas)), "AMEND adds one");
    assert!(!has_note(&import, &["one-way fleet border"]));
    let north = map.power_by_name("North").expect("North");
    let south = map.power_by_name("South").expect("South");
    assert_eq!(map.power(north).homes, vec![nor, isl]);
    assert_eq!(map.power(south).homes, vec![pen]);
    assert!(map.province(sou).centre, "`-SOU` makes it an unowned centre");
    assert_eq!(map.start_owners()[nor.index()], Some(north));
    assert_eq!(map.start_owners()[isl.index()], None, "OWNS gives North only NOR");
    assert_eq!(map.start_owners()[pen.index()], Some(south));
    assert_eq!(map.victory_centres(), 2);
    assert!(has_note(&import, &["VICTORY", "year by year"]));
    assert!(has_note(&import, &["HIBERNATE"]));
    assert_eq!(map.build_rule(), dip_map::BuildRule::HomeCentres, "`!BUILD_ANY` turns it off");
    assert!(has_note(&import, &["man", "ambiguous"]));
    assert!(map.province_by_name("isle of man").is_none(), "the later name line replaces the earlier");
    // `IN SPRING: WATER EAS` on a sea: it is water in spring and in fall alike.
    assert!(map.province(eas).frozen_in.is_empty());
}

#[test]
fn seasonal_terrain_becomes_ice() {
    let overlay = "MAP base\nSHUT EAS ABUTS NOR SOU ISL PEN/EC WES\nIN SPRING: WATER EAS\n";
    let import = import_text(overlay, &[("base.map", BASE)]).expect("imports");
    let map = import.map();
    let eas = map.province_by_name("eas").expect("eas");
    assert_eq!(map.province(eas).terrain, Terrain::Sea);
    assert_eq!(map.province(eas).frozen_in, vec![Season::Fall]);
}

#[test]
fn difficult_borders_come_from_a_tilde() {
    let overlay = "MAP base\nAMEND NOR ABUTS inl~\nAMEND INL ABUTS nor~\n";
    let import = import_text(overlay, &[("base.map", BASE)]).expect("imports");
    let map = import.map();
    assert_eq!(map.difficult_borders().len(), 1);
    let nor = map.province_by_name("nor").expect("nor");
    let inl = map.province_by_name("inl").expect("inl");
    assert_eq!(map.border_cost(nor, inl), 1);
}

#[test]
fn faults_are_reported_with_file_and_line_all_at_once() {
    let text = "\
A PAR
MAP one two
BEGIN SPRING
AMEND XYZ ABUTS NOR
USE missing.map
USE self.map
COAST NOR NEXT TO SOU
VICTORY many
";
    let files = [("self.map", "USE self.map\n")];
    let Err(ImportError::Syntax { errors }) = import_text(text, &files) else { panic!("faults expected") };
    let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
    let expect = [
        "test.map:1: unit `PAR` before any power",
        "test.map:2: `MAP` takes one map name",
        "test.map:3: `BEGIN` expects a season, a year and a phase",
        "test.map:4: `AMEND`: no terrain line for `XYZ` yet",
        "test.map:5: cannot read `missing.map`: no such file",
        "self.map:1: `self.map` includes itself",
        "test.map:7: expected `ABUTS` after `NOR`, found `NEXT`",
        "test.map:8: `VICTORY` expects supply-centre counts",
    ];
    assert_eq!(lines, expect);
}

#[test]
fn a_map_dip_cannot_load_is_refused_with_the_loaders_reasons() {
    let text = "POWER (POWERFUL) LND\nF LND\nLand = lnd\nLAND LND\n";
    let Err(ImportError::Invalid(e)) = import_text(text, &[]) else { panic!("refused expected") };
    assert!(e.to_string().contains("Fleet cannot stand on Land"), "{e}");
}

#[test]
fn unreadable_files_name_the_file() {
    let Err(e) = import_file(maps().join("no-such.map")) else { panic!("no file") };
    assert!(e.to_string().contains("no-such.map"), "{e}");
}

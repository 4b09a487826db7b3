//! Every file in `variants/` loads, validates and has a consistent opening.

use std::path::Path;

use dip_map::{Position, UnitKind};

#[test]
fn every_variant_file_loads() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants");
    let mut loaded = 0;
    for entry in std::fs::read_dir(&dir).expect("variants dir") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|e| e != "ron") {
            continue;
        }
        let map = dip_map::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let opening = Position::opening(&map);
        for unit in &opening.units {
            let province = map.province_of(unit.loc);
            assert!(
                map.can_hold(unit.kind, province),
                "{}: {:?} cannot stand in {}",
                path.display(),
                unit.kind,
                map.province(province).name
            );
            if unit.kind == UnitKind::Army {
                assert!(map.location(unit.loc).coast.is_none(), "{}: army on a coast", path.display());
            }
        }
        let centres = map.centres().count();
        assert!(usize::from(map.victory_centres()) <= centres, "{}", path.display());
        for power in map.powers() {
            for &home in &map.power(power).homes {
                assert!(map.province(home).centre, "{}: home {} is no centre", path.display(), map.province(home).abbr);
            }
        }
        loaded += 1;
    }
    assert!(loaded >= 8, "only {loaded} variant files");
}

#[test]
fn the_1898_opening_owns_only_the_occupied_centres() {
    let map = dip_map::load(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants/1898.ron")).expect("1898");
    let opening = Position::opening(&map);
    assert_eq!(opening.units.len(), 7);
    assert_eq!(opening.owners.iter().filter(|o| o.is_some()).count(), 7);
    let stp = map.province_by_name("St Petersburg").expect("stp");
    let russia = map.power_by_name("Russia").expect("Russia");
    assert!(opening.units.iter().any(|u| u.power == russia && u.kind == UnitKind::Army && u.loc == map.main_loc(stp)));
}

#[test]
fn the_guide_example_loads() {
    let map = dip_map::load(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/examples/triangle.ron"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(map.province_count(), 4);
    assert_eq!(map.centres().count(), 3);
    let cape = map.province_by_name("Cape").expect("Cape");
    assert!(map.is_multi_coast(cape));
    let alpha = map.province_by_name("Alpha Point").expect("alias");
    assert!(map.fleet_reaches(map.main_loc(alpha), cape));
}

/// `fleet_entries` is `fleet_reaches` read the other way, on every variant (North Sea
/// Wars has borders one way): each province's list holds exactly the locations whose
/// fleets can enter it, ascending, each once.
#[test]
fn fleet_entries_are_the_fleet_borders_read_backwards() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants");
    let mut entries = 0;
    for entry in std::fs::read_dir(&dir).expect("variants dir") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|e| e != "ron") {
            continue;
        }
        let map = dip_map::load(&path).unwrap_or_else(|e| panic!("{e}"));
        for p in map.provinces() {
            let expected: Vec<_> = map.locations().filter(|&l| map.fleet_reaches(l, p)).collect();
            assert_eq!(map.fleet_entries(p), &expected[..], "{}: {}", path.display(), map.province(p).abbr);
            entries += expected.len();
        }
    }
    assert!(entries > 1000, "{entries} entries");
}

/// A reader stops looking for a longer name when its first two words start none: every
/// name of several words, of ASCII letters and digits, must say its first two words do
/// (in any case), and words that start no name should mostly say not.
#[test]
fn every_name_of_several_words_is_found_by_its_first_two() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants");
    for entry in std::fs::read_dir(&dir).expect("variants dir") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|e| e != "ron") {
            continue;
        }
        let map = dip_map::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let names: Vec<String> = map.all_names().map(|(n, _)| n.to_string()).collect();
        for name in &names {
            let mut words = name.split(' ');
            let (Some(first), Some(second)) = (words.next(), words.next()) else { continue };
            if !(first.bytes().chain(second.bytes())).all(|b| b.is_ascii_alphanumeric()) {
                continue;
            }
            for (a, b) in [(first.to_string(), second.to_string()), (first.to_uppercase(), second.to_uppercase())] {
                assert!(map.starts_name_of_several_words(a.as_bytes(), b.as_bytes()), "{}: `{name}`", path.display());
            }
        }
        let misses = (0..200).filter(|i| !map.starts_name_of_several_words(b"zq", format!("x{i}").as_bytes())).count();
        assert!(misses > 150, "{}: only {misses} of 200 made-up spans rejected", path.display());
    }
}

//! Pins the facts of `variants/standard.ron` through the public API of the compiled map.

use dip_map::{LocId, Map, Position, ProvinceId, Season, Terrain, UnitKind};

fn standard() -> Map {
    match dip_map::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/standard.ron")) {
        Ok(map) => map,
        Err(e) => panic!("standard.ron does not load:\n{e}"),
    }
}

/// A province by any of its names; panics with the name when it is unknown.
fn prov(map: &Map, name: &str) -> ProvinceId {
    map.province_by_name(name).unwrap_or_else(|| panic!("no province `{name}`"))
}

/// A location written `lon` or `stp/sc`.
fn loc(map: &Map, text: &str) -> LocId {
    match text.split_once('/') {
        Some((p, c)) => {
            let p = prov(map, p);
            map.coast_by_name(p, c).unwrap_or_else(|| panic!("no coast `{text}`"))
        }
        None => map.main_loc(prov(map, text)),
    }
}

fn army(map: &Map, a: &str, b: &str) -> bool {
    let (a, b) = (prov(map, a), prov(map, b));
    let there = map.army_adjacent(a, b);
    assert_eq!(there, map.army_adjacent(b, a), "army border {a:?}-{b:?} is not symmetric");
    there
}

fn fleet(map: &Map, a: &str, b: &str) -> bool {
    let (a, b) = (loc(map, a), loc(map, b));
    let there = map.fleet_adjacent(a, b);
    assert_eq!(there, map.fleet_adjacent(b, a), "fleet border {a:?}-{b:?} is not symmetric");
    there
}

#[test]
fn counts() {
    let map = standard();
    assert_eq!(map.name(), "standard");
    assert_eq!(map.province_count(), 75);
    assert_eq!(map.centres().count(), 34);
    assert_eq!(map.power_count(), 7);
    // 75 provinces plus two coasts each for Bulgaria, Spain and St Petersburg.
    assert_eq!(map.location_count(), 81);
    assert_eq!(map.victory_centres(), 18);
    let seas = map.provinces().filter(|&p| map.province(p).terrain == Terrain::Sea).count();
    let inland = map.provinces().filter(|&p| map.province(p).terrain == Terrain::Land).count();
    assert_eq!((seas, inland), (19, 14));
}

#[test]
fn powers_and_homes() {
    let map = standard();
    let expected = [
        ("Austria", "AUS", &["bud", "tri", "vie"][..]),
        ("England", "ENG", &["edi", "lon", "lvp"]),
        ("France", "FRA", &["bre", "mar", "par"]),
        ("Germany", "GER", &["ber", "kie", "mun"]),
        ("Italy", "ITA", &["nap", "rom", "ven"]),
        ("Russia", "RUS", &["mos", "sev", "stp", "war"]),
        ("Turkey", "TUR", &["ank", "con", "smy"]),
    ];
    let mut home_count = 0;
    for (power, (name, short, homes)) in map.powers().zip(expected) {
        let p = map.power(power);
        assert_eq!(p.name, name);
        assert_eq!(p.short, short);
        assert_eq!(map.power_by_name(name), Some(power));
        assert_eq!(map.power_by_name(short), Some(power));
        assert_eq!(map.power_by_name(&name.to_uppercase()), Some(power));
        assert_eq!(map.power_by_name(&p.adjective), Some(power));
        let want: Vec<ProvinceId> = homes.iter().map(|h| prov(&map, h)).collect();
        assert_eq!(p.homes, want, "homes of {name}");
        for &h in &p.homes {
            assert!(map.province(h).centre, "home {h:?} of {name} is not a centre");
            assert_eq!(map.province(h).home_of, Some(power));
            assert_eq!(map.start_owners()[h.index()], Some(power));
        }
        home_count += p.homes.len();
    }
    assert_eq!(home_count, 22);
    // The twelve neutral centres.
    let neutral = map.centres().filter(|c| map.province(*c).home_of.is_none()).count();
    assert_eq!(neutral, 12);
    assert_eq!(map.start_owners().iter().filter(|o| o.is_some()).count(), 22);
}

#[test]
fn starting_units() {
    let map = standard();
    assert_eq!(map.start_season(), Season::Spring);
    assert_eq!(map.start_year(), 1901);
    let units = map.start_units();
    assert_eq!(units.len(), 22);
    for power in map.powers() {
        let n = units.iter().filter(|u| u.power == power).count();
        let want = if map.power(power).name == "Russia" { 4 } else { 3 };
        assert_eq!(n, want, "units of {}", map.power(power).name);
    }
    let has = |power: &str, kind: UnitKind, at: &str| {
        let power = map.power_by_name(power).expect("power");
        units.iter().any(|u| u.power == power && u.kind == kind && u.loc == loc(&map, at))
    };
    assert!(has("Russia", UnitKind::Fleet, "stp/sc"));
    assert!(!has("Russia", UnitKind::Fleet, "stp/nc"));
    assert!(has("England", UnitKind::Fleet, "lon"));
    assert!(has("Turkey", UnitKind::Army, "smy"));
    assert!(has("Austria", UnitKind::Army, "vie"));
    assert!(has("Germany", UnitKind::Fleet, "kie"));
    assert!(has("Italy", UnitKind::Army, "ven"));
    assert!(has("France", UnitKind::Fleet, "bre"));
    assert_eq!(units.iter().filter(|u| u.kind == UnitKind::Fleet).count(), 9);

    let opening = Position::opening(&map);
    assert_eq!(opening.units.len(), 22);
    assert_eq!(opening.phase.to_string(), "Spring 1901 Movement");
}

#[test]
fn coasts() {
    let map = standard();
    let multi: Vec<&str> =
        map.provinces().filter(|&p| map.is_multi_coast(p)).map(|p| map.province(p).abbr.as_str()).collect();
    assert_eq!(multi, ["bul", "spa", "stp"]);
    for (name, want) in [("bul", ["ec", "sc"]), ("spa", ["nc", "sc"]), ("stp", ["nc", "sc"])] {
        let p = prov(&map, name);
        let coasts: Vec<&str> =
            map.province(p).coasts.iter().map(|&l| map.location(l).coast.as_deref().unwrap_or("?")).collect();
        assert_eq!(coasts, want, "coasts of {name}");
        for &c in &map.province(p).coasts {
            assert_eq!(map.province_of(c), p);
        }
    }
    let bul = prov(&map, "bul");
    assert_eq!(map.coast_by_name(bul, "nc"), None);
    assert_eq!(map.coast_by_name(bul, "East Coast"), Some(loc(&map, "bul/ec")));
    assert_eq!(map.coast_by_name(bul, "SC"), Some(loc(&map, "bul/sc")));
    assert_eq!(map.loc_abbr(loc(&map, "stp/sc")), "stp/sc");
    assert_eq!(map.loc_name(loc(&map, "stp/sc")), "St Petersburg(sc)");
    // A fleet stands on a coast of a multi-coast province, never on the bare province.
    let stp = prov(&map, "stp");
    assert_eq!(map.unit_loc(UnitKind::Fleet, stp, None), None);
    assert_eq!(map.unit_loc(UnitKind::Fleet, stp, Some(loc(&map, "stp/nc"))), Some(loc(&map, "stp/nc")));
    assert_eq!(map.unit_loc(UnitKind::Army, stp, None), Some(map.main_loc(stp)));
}

#[test]
fn borders() {
    let map = standard();
    // Gulf of Bothnia.
    assert!(fleet(&map, "bot", "fin"));
    assert!(fleet(&map, "bot", "lvn"));
    assert!(fleet(&map, "bot", "swe"));
    assert!(fleet(&map, "bot", "stp/sc"));
    assert!(!fleet(&map, "bot", "stp/nc"));
    assert!(map.fleet_reaches(loc(&map, "bot"), prov(&map, "stp")));
    assert!(!army(&map, "bot", "fin"));
    // Army borders the teddriggs data lacks.
    assert!(army(&map, "gal", "ukr"));
    assert!(army(&map, "lvn", "war"));
    // Norway and St Petersburg.
    assert!(army(&map, "nwy", "stp"));
    assert!(fleet(&map, "nwy", "stp/nc"));
    assert!(!fleet(&map, "nwy", "stp/sc"));
    assert!(map.reaches(UnitKind::Fleet, loc(&map, "nwy"), prov(&map, "stp")));
    assert!(!map.reaches(UnitKind::Fleet, loc(&map, "stp/sc"), prov(&map, "nwy")));
    assert!(map.reaches(UnitKind::Fleet, loc(&map, "stp/nc"), prov(&map, "nwy")));
    // Fleet borders.
    assert!(fleet(&map, "tus", "tys"));
    assert!(fleet(&map, "lvp", "nao"));
    assert!(!fleet(&map, "cly", "iri"));
    assert!(!map.fleet_reaches(loc(&map, "cly"), prov(&map, "iri")));
    assert!(fleet(&map, "spa/sc", "lyo"));
    assert!(!fleet(&map, "spa/nc", "lyo"));
    assert!(fleet(&map, "bul/ec", "bla"));
    assert!(!fleet(&map, "bul/sc", "bla"));
    assert!(fleet(&map, "bul/sc", "aeg"));
    assert!(!fleet(&map, "bul/ec", "aeg"));
    assert!(fleet(&map, "kie", "ber"));
    assert!(army(&map, "kie", "ber"));
    // Coastal neighbours that only armies can cross.
    assert!(army(&map, "wal", "yor"));
    assert!(!fleet(&map, "wal", "yor"));
    assert!(army(&map, "syr", "arm"));
    assert!(!fleet(&map, "syr", "arm"));
    // No Switzerland.
    assert_eq!(map.province_by_name("Switzerland"), None);
    assert_eq!(map.province_by_name("swi"), None);
    assert!(!army(&map, "mar", "tyr"));
    assert!(!army(&map, "bur", "pie"));
}

#[test]
fn borders_are_symmetric_and_fit_the_terrain() {
    let map = standard();
    for a in map.provinces() {
        for &b in map.army_neighbours(a) {
            assert!(map.army_adjacent(b, a), "army {a:?}-{b:?}");
            assert_ne!(map.province(a).terrain, Terrain::Sea);
            assert_ne!(map.province(b).terrain, Terrain::Sea);
        }
    }
    for a in map.locations() {
        for &b in map.fleet_neighbours(a) {
            assert!(map.fleet_adjacent(b, a), "fleet {a:?}-{b:?}");
            assert_ne!(map.province(map.province_of(b)).terrain, Terrain::Land);
            // Fleets border coasts of multi-coast provinces, never the bare province.
            assert!(!map.is_multi_coast(map.province_of(b)) || map.location(b).coast.is_some());
        }
    }
}

#[test]
fn name_lookup() {
    let map = standard();
    let stp = prov(&map, "stp");
    for name in ["St Petersburg", "St. Petersburg", "st. petersburg", "ST PETERSBURG", "Saint Petersburg", "STP", "Stp"]
    {
        assert_eq!(map.province_by_name(name), Some(stp), "{name}");
    }
    let mao = prov(&map, "mao");
    for name in ["Mid-Atlantic Ocean", "mid atlantic ocean", "MID-ATLANTIC OCEAN", "Mid-Atlantic", "MAO", "mid"] {
        assert_eq!(map.province_by_name(name), Some(mao), "{name}");
    }
    assert_eq!(map.province(mao).name, "Mid-Atlantic Ocean");
    let lyo = prov(&map, "lyo");
    assert_eq!(map.province_by_name("Gulf of Lyon"), Some(lyo));
    assert_eq!(map.province_by_name("gulf of lyons"), Some(lyo));
    assert_eq!(map.province_by_name("North Sea"), Some(prov(&map, "nth")));
    assert_eq!(map.province_by_name("  north   sea "), Some(prov(&map, "nth")));
    assert_eq!(map.province_by_name("Heligoland Bight"), map.province_by_name("Helgoland Bight"));
    assert_eq!(map.province(prov(&map, "eng")).name, "English Channel");
    assert_eq!(map.province_by_name("English"), None);
    assert_eq!(map.province_by_name("England"), None);
    assert_eq!(map.province_by_name(""), None);
    assert_eq!(map.province_by_name("Lodnon"), None);
    // Every abbreviation and full name finds its province.
    for p in map.provinces() {
        let province = map.province(p);
        assert_eq!(map.province_by_name(&province.abbr), Some(p));
        assert_eq!(map.province_by_name(&province.name.to_uppercase()), Some(p));
        for alias in &province.aliases {
            assert_eq!(map.province_by_name(alias), Some(p), "alias {alias}");
        }
    }
}

/// Every three bytes of letters in either case, and bytes either side of the letters and
/// outside ASCII: a province exactly when the lower-case letters are one of its names,
/// and nothing for any byte that is no letter.
#[test]
fn three_letter_names_are_the_names_of_three_letters() {
    let map = standard();
    let mut bytes: Vec<u8> = (b'a'..=b'z').chain(b'A'..=b'Z').collect();
    bytes.extend([0, b' ', b'0', b'9', b'@', b'[', b'`', b'{', b'.', 0x7f, 0x80, 0xc3, 0xff]);
    let mut found = 0;
    for &a in &bytes {
        for &b in &bytes {
            for &c in &bytes {
                let word = [a, b, c];
                let read = map.three_letter_name(&word).map(|(province, _)| province);
                let expected = if word.iter().all(u8::is_ascii_alphabetic) {
                    map.province_by_normalised_bytes(&word.to_ascii_lowercase())
                } else {
                    None
                };
                assert_eq!(read, expected, "{:?}", String::from_utf8_lossy(&word));
                found += usize::from(read.is_some());
            }
        }
    }
    // Each of the 75 provinces' abbreviations, in the eight mixes of case.
    assert!(found >= 75 * 8, "only {found} three-letter words read");
}

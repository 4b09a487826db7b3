//! Maps beyond the id spaces are refused at load, with an error naming the limit, instead
//! of wrapping ids (power 256 read as power 0, province 65,536 as province 0).

use dip_map::schema::{
    BuildRule, CanalDef, PowerDef, ProvinceDef, RailroadDef, StartDef, Terrain, VariantFile, VictoryDef,
};
use dip_map::{LoadError, MAX_LOCATIONS, MAX_POWERS, Season, VariantBuilder};

fn province(abbr: String, terrain: Terrain, centre: bool) -> ProvinceDef {
    ProvinceDef {
        name: format!("Province {abbr}"),
        abbr,
        aliases: vec![],
        terrain,
        centre,
        army: vec![],
        fleet: vec![],
        coasts: vec![],
        convoyable: false,
        frozen_in: vec![],
    }
}

/// `powers` powers, each with a home centre, and `seas` empty sea provinces.
fn variant(powers: usize, seas: usize) -> VariantFile {
    let mut provinces: Vec<ProvinceDef> = (0..powers).map(|i| province(format!("h{i}"), Terrain::Land, true)).collect();
    provinces.extend((0..seas).map(|i| province(format!("s{i}"), Terrain::Sea, false)));
    VariantFile {
        name: "wide".into(),
        title: "Wide".into(),
        description: String::new(),
        powers: (0..powers)
            .map(|i| PowerDef {
                name: format!("Power{i}"),
                adjective: format!("Power{i}ish"),
                short: format!("P{i}"),
                homes: vec![format!("h{i}")],
                role: Default::default(),
            })
            .collect(),
        provinces,
        start: StartDef { season: Season::Spring, year: 1901, units: vec![], extra_owned: vec![], owners: None },
        victory: VictoryDef { centres: 1, lead: None },
        build_rule: BuildRule::HomeCentres,
        rules: Default::default(),
        ..Default::default()
    }
}

fn refused(def: VariantFile, needle: &str) {
    match VariantBuilder::new(def).build() {
        Ok(map) => panic!("a map beyond the limits loaded with {} powers", map.power_count()),
        Err(LoadError::Invalid { problems, .. }) => {
            assert!(problems.iter().any(|p| p.message.contains(needle)), "expected `{needle}` in {problems:#?}")
        }
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn at_most_255_powers() {
    let map = VariantBuilder::new(variant(MAX_POWERS, 0)).build().expect("255 powers load");
    let last = map.power_by_name(&format!("Power{}", MAX_POWERS - 1)).expect("the last power");
    assert_eq!(last.index(), MAX_POWERS - 1);
    refused(variant(MAX_POWERS + 2, 0), "257 powers: a map may have at most 255 (power ids are 8 bits)");
}

#[test]
fn at_most_65535_locations() {
    refused(
        variant(1, MAX_LOCATIONS),
        "65536 provinces with 65536 locations (provinces and coasts): a map may have at most 65535 locations",
    );
}

#[test]
fn at_most_255_railroads_and_canals_and_a_resolver_sized_map() {
    let mut def = variant(1, 4);
    def.railroads = (0..256)
        .map(|i| RailroadDef {
            name: format!("Line {i}"),
            short: format!("L{i}"),
            power: "Power0".into(),
            stations: vec!["h0".into()],
        })
        .collect();
    refused(def, "256 railroads and 0 canals: a map may have at most 255 of each");
    let mut def = variant(1, 1);
    def.canals = (0..300)
        .map(|i| CanalDef {
            name: format!("Canal {i}"),
            short: format!("C{i}"),
            between: ("s0".into(), "h0".into()),
            keeper: "h0".into(),
        })
        .collect();
    refused(def, "300 canals");
    // Railroad stations need two resolver decisions each.
    let mut def = variant(1, 40_000);
    def.railroads = vec![RailroadDef {
        name: "Long".into(),
        short: "LONG".into(),
        power: "Power0".into(),
        stations: (0..13_000).map(|i| format!("s{i}")).collect(),
    }];
    refused(def, "at most 65533 (provinces + 2 × stations + canals)");
}

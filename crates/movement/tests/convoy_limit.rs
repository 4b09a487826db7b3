//! The resolver follows at most 128 fleets in one convoy. A longer convoy used to lose its
//! 129th fleet silently (the army failed to arrive); now it is an error naming the limit.

use dip_map::schema::{PowerDef, ProvinceDef, StartDef, Terrain, VariantFile, VictoryDef};
use dip_map::{Map, Position, Rules, Season, Unit, UnitKind, VariantBuilder};
use dip_movement::{MAX_CONVOY_FLEETS, adjudicate};
use dip_orders::{AdjudicationError, ParseOptions, parse_order};

fn province(abbr: String, terrain: Terrain, army: Vec<String>, fleet: Vec<String>) -> ProvinceDef {
    ProvinceDef {
        name: format!("Province {abbr}"),
        abbr,
        aliases: vec![],
        terrain,
        centre: terrain == Terrain::Coast,
        army,
        fleet,
        coasts: vec![],
        convoyable: false,
        frozen_in: vec![],
    }
}

/// Two coasts joined by a line of `n` seas: `w - s0 - s1 - ... - e`.
fn line(n: usize) -> Map {
    let sea = |i: usize| format!("s{i}");
    let mut provinces = vec![
        province("w".into(), Terrain::Coast, vec![], vec![sea(0)]),
        province("e".into(), Terrain::Coast, vec![], vec![sea(n - 1)]),
    ];
    for i in 0..n {
        let mut fleet = vec![if i == 0 { "w".into() } else { sea(i - 1) }];
        fleet.push(if i + 1 == n { "e".into() } else { sea(i + 1) });
        provinces.push(province(sea(i), Terrain::Sea, vec![], fleet));
    }
    let def = VariantFile {
        name: "line".into(),
        title: "A line of seas".into(),
        description: String::new(),
        powers: vec![PowerDef {
            name: "West".into(),
            adjective: "Western".into(),
            short: "WST".into(),
            homes: vec!["w".into()],
            role: Default::default(),
        }],
        provinces,
        start: StartDef { season: Season::Spring, year: 1901, units: vec![], extra_owned: vec![], owners: None },
        victory: VictoryDef { centres: 2, lead: None },
        build_rule: Default::default(),
        rules: Default::default(),
        ..Default::default()
    };
    VariantBuilder::new(def).build().unwrap_or_else(|e| panic!("{e}"))
}

/// The army in `w` convoyed to `e` by a fleet in every sea.
fn convoy(n: usize) -> Result<bool, AdjudicationError> {
    let map = line(n);
    let west = map.power_by_name("West").expect("West");
    let mut position = Position::opening(&map);
    position.units.push(Unit {
        power: west,
        kind: UnitKind::Army,
        loc: map.main_loc(map.province_by_name("w").expect("w")),
    });
    let options = ParseOptions::new(dip_map::PhaseKind::Movement).power(west);
    let mut orders = vec![parse_order(&map, options, "A w - e").expect("the move")];
    for i in 0..n {
        let sea = map.main_loc(map.province_by_name(&format!("s{i}")).expect("a sea"));
        position.units.push(Unit { power: west, kind: UnitKind::Fleet, loc: sea });
        orders.push(parse_order(&map, options, &format!("F s{i} C A w - e")).expect("a convoy"));
    }
    adjudicate(&map, &position, &orders, &Rules::default()).map(|outcome| outcome.results[0].succeeded())
}

#[test]
fn a_convoy_of_128_fleets_arrives() {
    assert_eq!(convoy(MAX_CONVOY_FLEETS), Ok(true));
}

#[test]
fn a_convoy_of_129_fleets_is_an_error_naming_the_limit() {
    let error = convoy(MAX_CONVOY_FLEETS + 1).expect_err("beyond the limit");
    assert_eq!(
        error,
        AdjudicationError::TooManyConvoys { army: "Province w".into(), fleets: 129, limit: MAX_CONVOY_FLEETS }
    );
    assert_eq!(
        error.to_string(),
        "129 fleets are ordered to convoy the army in Province w: dip follows at most 128 fleets in one convoy"
    );
}

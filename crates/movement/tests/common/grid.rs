//! The convoy web: a 10×10 grid of seas full of convoying fleets, with armies on the
//! shores and some attacks on the fleets. Shared by the adversarial test and the
//! benchmark (`crates/engine/benches`), which includes this file by path.

use dip_map::schema::{PowerDef, ProvinceDef, StartDef, StartUnitDef, Terrain, VariantFile, VictoryDef};
use dip_map::{Map, Phase, PhaseKind, Position, PowerId, Season, Unit, UnitKind, VariantBuilder};

const N: usize = 10;

fn sea(r: usize, c: usize) -> String {
    format!("s{r}x{c}")
}

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

/// A 10×10 grid of seas with a coastal province west and east of each row.
pub fn grid() -> VariantFile {
    let mut provinces = Vec::new();
    for r in 0..N {
        for c in 0..N {
            let mut fleet = Vec::new();
            if r > 0 {
                fleet.push(sea(r - 1, c));
            }
            if r + 1 < N {
                fleet.push(sea(r + 1, c));
            }
            fleet.push(if c > 0 { sea(r, c - 1) } else { format!("w{r}") });
            fleet.push(if c + 1 < N { sea(r, c + 1) } else { format!("e{r}") });
            provinces.push(province(sea(r, c), Terrain::Sea, vec![], fleet));
        }
        for (side, col) in [("w", 0), ("e", N - 1)] {
            let mut army = Vec::new();
            if r > 0 {
                army.push(format!("{side}{}", r - 1));
            }
            if r + 1 < N {
                army.push(format!("{side}{}", r + 1));
            }
            let mut fleet = vec![sea(r, col)];
            fleet.extend(army.iter().cloned());
            provinces.push(province(format!("{side}{r}"), Terrain::Coast, army, fleet));
        }
    }
    let power = |name: &str, short: &str, home: &str| PowerDef {
        name: name.into(),
        adjective: name.into(),
        short: short.into(),
        homes: vec![home.into()],
        role: Default::default(),
    };
    VariantFile {
        name: "grid".into(),
        title: "Convoy grid".into(),
        description: String::new(),
        powers: vec![power("West", "WST", "w0"), power("East", "EST", "e0")],
        provinces,
        start: StartDef {
            season: Season::Spring,
            year: 1901,
            units: vec![StartUnitDef { power: "West".into(), kind: UnitKind::Army, at: "w0".into() }],
            extra_owned: vec![],
            owners: None,
        },
        victory: VictoryDef { centres: 11, lead: None },
        build_rule: Default::default(),
        rules: Default::default(),
        ..Default::default()
    }
}

/// The grid map, the position (100 fleets, 20 armies) and every unit's order as text.
pub fn convoy_web() -> (Map, Position, Vec<(PowerId, String)>) {
    let map = VariantBuilder::new(grid()).build().expect("grid variant is valid");
    let west = map.power_by_name("West").expect("West");
    let east = map.power_by_name("East").expect("East");
    let phase = Phase { season: Season::Spring, year: 1901, kind: PhaseKind::Movement };
    let mut position = Position::empty(&map, phase);
    let mut texts = Vec::new();
    let at = |abbr: &str| map.main_loc(map.province_by_name(abbr).expect("province"));
    for r in 0..N {
        position.units.push(Unit { power: west, kind: UnitKind::Army, loc: at(&format!("w{r}")) });
        position.units.push(Unit { power: east, kind: UnitKind::Army, loc: at(&format!("e{r}")) });
        texts.push((west, format!("A w{r} - e{}", N - 1 - r)));
        texts.push((east, format!("A e{r} - w{}", N - 1 - r)));
    }
    for r in 0..N {
        for c in 0..N {
            let power = if (r + c) % 2 == 0 { west } else { east };
            position.units.push(Unit { power, kind: UnitKind::Fleet, loc: at(&sea(r, c)) });
            // Most fleets convoy some army across; some attack a neighbour instead.
            if (r * N + c) % 7 == 3 && c + 1 < N {
                texts.push((power, format!("F {} - {}", sea(r, c), sea(r, c + 1))));
            } else {
                let a = (r + c) % N;
                texts.push((power, format!("F {} C A w{a} - e{}", sea(r, c), N - 1 - a)));
            }
        }
    }
    (map, position, texts)
}

//! The variant rules that are data in the map schema: neutral powers (units that only
//! hold, are disbanded when dislodged, and are rebuilt or not), the calendar (years per
//! season), victory by lead and by the most centres, and building in any owned home centre.

use dip::adjust::{AdjustmentIllegal, RetreatIllegal, winner};
use dip::{
    AdjustmentResult, Game, Illegal, Map, OrderResult, ParseOptions, Phase, PhaseKind, Position, RetreatResult, Rules,
    Season, Unit, UnitKind,
};

/// A land map: `mid` borders every province; the others border as `extra` says. Centres:
/// `a1`, `a2` (Alpha's), `b1` (Beta's), `n1`, `n2` (the neutral power's), `x` (nobody's).
fn test_map(neutral_role: &str, victory: &str, build_rule: &str, calendar: &str) -> Map {
    try_test_map(neutral_role, victory, build_rule, calendar).unwrap_or_else(|e| panic!("{e}"))
}

fn try_test_map(neutral_role: &str, victory: &str, build_rule: &str, calendar: &str) -> Result<Map, dip::LoadError> {
    let names = ["a1", "a2", "b1", "n1", "n2", "x", "mid"];
    let centres = ["a1", "a2", "b1", "n1", "n2", "x"];
    let extra = [("a1", "n1"), ("a2", "n1"), ("b1", "n2"), ("x", "a1")];
    let mut provinces = String::new();
    for p in names {
        let mut borders: Vec<&str> = Vec::new();
        for q in names {
            let linked = q != p && (p == "mid" || q == "mid" || extra.contains(&(p, q)) || extra.contains(&(q, p)));
            if linked {
                borders.push(q);
            }
        }
        let army: Vec<String> = borders.iter().map(|b| format!("{b:?}")).collect();
        provinces.push_str(&format!(
            "(abbr: {p:?}, name: \"Province {p}\", terrain: Land, centre: {}, army: [{}]),\n",
            centres.contains(&p),
            army.join(", ")
        ));
    }
    let text = format!(
        r#"(
    name: "rules_test",
    title: "Rules test",
    powers: [
        (name: "Alpha", adjective: "Alphan", short: "ALP", homes: ["a1", "a2"]),
        (name: "Beta", adjective: "Betan", short: "BET", homes: ["b1"]),
        (name: "Neutral", adjective: "Neutral", short: "NEU", homes: ["n1", "n2"], role: {neutral_role}),
    ],
    provinces: [{provinces}],
    start: (season: Spring, year: 1901, units: [
        (power: "Alpha", kind: Army, at: "a1"),
        (power: "Alpha", kind: Army, at: "a2"),
        (power: "Beta", kind: Army, at: "b1"),
        (power: "Neutral", kind: Army, at: "n1"),
        (power: "Neutral", kind: Army, at: "n2"),
    ]),
    victory: {victory},
    build_rule: {build_rule},
    calendar: {calendar},
)"#
    );
    dip::load_str("rules_test.ron", &text)
}

fn default_map() -> Map {
    test_map("Neutral(rebuilds: true)", "(centres: 5)", "HomeCentres", "(years_to_fall: 0, years_to_spring: 1)")
}

fn orders(map: &Map, kind: PhaseKind, lines: &[(&str, &str)]) -> Vec<dip::Order> {
    lines
        .iter()
        .map(|(power, text)| {
            let power = map.power_by_name(power).expect("power");
            dip::parse_order(map, ParseOptions::new(kind).power(power), text).unwrap_or_else(|e| panic!("{text}: {e}"))
        })
        .collect()
}

fn unit_in(position: &Position, map: &Map, province: &str) -> Option<Unit> {
    let p = map.province_by_name(province).expect("province");
    position.units.iter().copied().find(|u| map.province_of(u.loc) == p)
}

#[test]
fn neutral_units_only_hold() {
    let map = default_map();
    let position = Position::opening(&map);
    let given = orders(&map, PhaseKind::Movement, &[("Neutral", "A n1 - mid"), ("Neutral", "A n2 H")]);
    let outcome = dip::adjudicate(&map, &position, &given, &Rules::default()).expect("adjudicates");
    assert_eq!(outcome.results[0], OrderResult::Illegal(Illegal::NeutralUnit));
    assert!(outcome.results[1].succeeded());
    assert_eq!(Illegal::NeutralUnit.code(), "neutral_unit");
    // Legal orders offer a neutral unit its hold only, and other units may support it.
    let neutral = map.power_by_name("Neutral").expect("Neutral");
    let choices = dip::legal_orders(&map, &position).expect("legal orders");
    for (power, menu) in &choices {
        if *power == neutral {
            assert_eq!(menu.len(), 1);
            assert!(matches!(menu[0].action, dip::Action::Hold));
        }
    }
    assert!(map.is_neutral(neutral));
    assert_eq!(map.players().count(), 2);
}

#[test]
fn a_dislodged_neutral_unit_is_disbanded_and_rebuilt_if_its_centre_stays_neutral() {
    let map = default_map();
    let mut game = Game::new(map.clone(), Rules::default());
    // Spring: Alpha dislodges the army in n1.
    game.play(orders(&map, PhaseKind::Movement, &[("Alpha", "A a1 - n1"), ("Alpha", "A a2 S A a1 - n1")]))
        .expect("plays");
    let position = game.position().clone();
    assert_eq!(position.phase.kind, PhaseKind::Retreat);
    assert_eq!(position.dislodged.len(), 1);
    assert!(position.dislodged[0].retreats.is_empty(), "a neutral unit never retreats");
    let choices = dip::legal_orders(&map, &position).expect("legal orders");
    assert_eq!(choices.len(), 1);
    assert!(choices[0].1.iter().all(|o| matches!(o.action, dip::Action::Disband)));
    // A retreat order for it is illegal; it is disbanded.
    let retreat = dip::adjudicate_retreats(
        &map,
        &position,
        &orders(&map, PhaseKind::Retreat, &[("Neutral", "A n1 - mid")]),
        &Rules::default(),
    )
    .expect("adjudicates");
    assert_eq!(retreat.results[0], RetreatResult::Illegal(RetreatIllegal::NeutralUnit));
    assert_eq!(retreat.disbanded.len(), 1);
    game.play(Vec::new()).expect("plays");
    // Fall: the Alphan army leaves n1 again; n1 stays the neutral power's.
    game.play(orders(&map, PhaseKind::Movement, &[("Alpha", "A n1 - a1")])).expect("plays");
    let position = game.position().clone();
    assert_eq!(position.phase, Phase { season: Season::Fall, year: 1901, kind: PhaseKind::Adjustment });
    // Orders for the neutral power are refused; its army is built for it.
    let outcome = dip::adjudicate_adjustments(
        &map,
        &position,
        &orders(&map, PhaseKind::Adjustment, &[("Neutral", "Build A n1")]),
        &Rules::default(),
    )
    .expect("adjudicates");
    assert_eq!(outcome.results[0], AdjustmentResult::Illegal(AdjustmentIllegal::NeutralPower));
    let neutral = map.power_by_name("Neutral").expect("Neutral");
    assert_eq!(
        outcome.built,
        vec![Unit { power: neutral, kind: UnitKind::Army, loc: map.main_loc(map.province_by_name("n1").expect("n1")) }]
    );
    assert!(dip::legal_orders(&map, &position).expect("legal orders").iter().all(|(p, _)| *p != neutral));
    game.play(Vec::new()).expect("plays");
    assert_eq!(unit_in(game.position(), &map, "n1").map(|u| u.power), Some(neutral));
}

#[test]
fn a_neutral_power_that_does_not_rebuild_leaves_its_centre_empty() {
    let map =
        test_map("Neutral(rebuilds: false)", "(centres: 5)", "HomeCentres", "(years_to_fall: 0, years_to_spring: 1)");
    let mut game = Game::new(map.clone(), Rules::default());
    game.play(orders(&map, PhaseKind::Movement, &[("Alpha", "A a1 - n1"), ("Alpha", "A a2 S A a1 - n1")]))
        .expect("plays");
    game.play(Vec::new()).expect("plays");
    game.play(orders(&map, PhaseKind::Movement, &[("Alpha", "A n1 - a1")])).expect("plays");
    // Nobody builds: the adjustment phase is skipped and n1 stays empty.
    assert_eq!(game.phase(), Phase { season: Season::Spring, year: 1902, kind: PhaseKind::Movement });
    assert_eq!(unit_in(game.position(), &map, "n1"), None);
}

#[test]
fn a_neutral_power_never_wins_and_the_winner_must_lead() {
    let map =
        test_map("Neutral(rebuilds: true)", "(centres: 2)", "HomeCentres", "(years_to_fall: 0, years_to_spring: 1)");
    let mut position = Position::opening(&map);
    // The neutral power and Alpha hold two centres each, Beta one: Alpha wins.
    assert_eq!(winner(&map, &position), map.power_by_name("Alpha"));
    // Beta takes a second centre: two players tie at the victory count, nobody wins.
    let beta = map.power_by_name("Beta").expect("Beta");
    position.owners[map.province_by_name("x").expect("x").index()] = Some(beta);
    assert_eq!(winner(&map, &position), None);
    // One more for Beta: the player with the most wins.
    position.owners[map.province_by_name("n2").expect("n2").index()] = Some(beta);
    assert_eq!(winner(&map, &position), Some(beta));
}

#[test]
fn a_lead_wins_and_the_lead_needed_shrinks_year_by_year() {
    let victory = "(centres: 6, lead: (year: 1901, centres: 3, less_each_year: 1, at_least: 1))";
    let map = test_map("Neutral(rebuilds: true)", victory, "HomeCentres", "(years_to_fall: 0, years_to_spring: 1)");
    assert_eq!(map.lead_needed(1901), Some(3));
    assert_eq!(map.lead_needed(1902), Some(2));
    assert_eq!(map.lead_needed(1950), Some(1));
    let alpha = map.power_by_name("Alpha").expect("Alpha");
    let mut position = Position::opening(&map);
    position.owners[map.province_by_name("x").expect("x").index()] = Some(alpha);
    // Alpha 3, Beta 1: a lead of two. After the fall of 1901 three are needed.
    position.phase = Phase { season: Season::Spring, year: 1902, kind: PhaseKind::Movement };
    assert_eq!(winner(&map, &position), None);
    position.phase = Phase { season: Season::Fall, year: 1902, kind: PhaseKind::Movement };
    assert_eq!(winner(&map, &position), None, "the owners still come from the fall of 1901");
    // After the fall of 1902, two.
    position.phase = Phase { season: Season::Fall, year: 1902, kind: PhaseKind::Adjustment };
    assert_eq!(winner(&map, &position), Some(alpha));
    position.phase = Phase { season: Season::Spring, year: 1903, kind: PhaseKind::Movement };
    assert_eq!(winner(&map, &position), Some(alpha));
}

#[test]
fn the_calendar_moves_five_years_a_season() {
    let map =
        test_map("Neutral(rebuilds: true)", "(centres: 5)", "AnyOwnedCentre", "(years_to_fall: 5, years_to_spring: 5)");
    let mut game = Game::new(map.clone(), Rules::default());
    game.play(Vec::new()).expect("plays");
    assert_eq!(game.phase(), Phase { season: Season::Fall, year: 1906, kind: PhaseKind::Movement });
    game.play(Vec::new()).expect("plays");
    assert_eq!(game.phase(), Phase { season: Season::Spring, year: 1911, kind: PhaseKind::Movement });
    // Through a retreat and an adjustment phase.
    game.play(orders(&map, PhaseKind::Movement, &[("Alpha", "A a1 - n1"), ("Alpha", "A a2 S A a1 - n1")]))
        .expect("plays");
    assert_eq!(game.phase(), Phase { season: Season::Spring, year: 1911, kind: PhaseKind::Retreat });
    game.play(Vec::new()).expect("plays");
    assert_eq!(game.phase(), Phase { season: Season::Fall, year: 1916, kind: PhaseKind::Movement });
    game.play(orders(&map, PhaseKind::Movement, &[("Alpha", "A a2 - a1")])).expect("plays");
    // Alpha took n1: it builds, in the Winter of 1916, and the next spring is 1921.
    assert_eq!(game.phase(), Phase { season: Season::Fall, year: 1916, kind: PhaseKind::Adjustment });
    game.play(orders(&map, PhaseKind::Adjustment, &[("Alpha", "Build A a2")])).expect("plays");
    assert_eq!(game.phase(), Phase { season: Season::Spring, year: 1921, kind: PhaseKind::Movement });
}

#[test]
fn builds_in_any_owned_home_centre_but_not_in_one_that_began_neutral() {
    let map = test_map(
        "Neutral(rebuilds: true)",
        "(centres: 5)",
        "AnyOwnedHomeCentre",
        "(years_to_fall: 0, years_to_spring: 1)",
    );
    let alpha = map.power_by_name("Alpha").expect("Alpha");
    let mut position = Position::opening(&map);
    position.phase = Phase { season: Season::Fall, year: 1901, kind: PhaseKind::Adjustment };
    let (b1, x) = (map.province_by_name("b1").expect("b1"), map.province_by_name("x").expect("x"));
    position.owners[b1.index()] = Some(alpha);
    position.owners[x.index()] = Some(alpha);
    position.units.retain(|u| map.province_of(u.loc) != b1);
    assert_eq!(dip::adjust::build_sites(&map, &position, alpha), vec![b1]);
    let given = orders(&map, PhaseKind::Adjustment, &[("Alpha", "Build A b1"), ("Alpha", "Build A x")]);
    let outcome = dip::adjudicate_adjustments(&map, &position, &given, &Rules::default()).expect("adjudicates");
    assert!(outcome.results[0].succeeded());
    assert_eq!(outcome.results[1], AdjustmentResult::Illegal(AdjustmentIllegal::NotHomeCentre));
}

#[test]
fn the_loader_refuses_impossible_rules() {
    let bad = |neutral: &str, victory: &str, calendar: &str| -> String {
        try_test_map(neutral, victory, "HomeCentres", calendar).err().map(|e| e.to_string()).unwrap_or_default()
    };
    let calendar = "(years_to_fall: 0, years_to_spring: 1)";
    assert!(bad("Player", "(centres: 5, lead: (year: 1901, centres: 0))", calendar).contains("lead of one centre"));
    assert!(bad("Player", "(centres: 5)", "(years_to_fall: 1, years_to_spring: 0)").contains("years_to_spring"));
    assert!(bad("Player", "(centres: 5)", calendar).is_empty());
}

#[test]
fn positions_off_the_calendar_are_refused() {
    let map =
        test_map("Neutral(rebuilds: true)", "(centres: 5)", "AnyOwnedCentre", "(years_to_fall: 5, years_to_spring: 5)");
    let mut position = Position::opening(&map);
    for (season, year, ok) in [(Season::Spring, 1911, true), (Season::Fall, 1906, true), (Season::Fall, 1911, false)] {
        position.phase = Phase { season, year, kind: PhaseKind::Movement };
        let checked = position.validate(&map, &Rules::default());
        assert_eq!(checked.is_ok(), ok, "{season} {year}: {checked:?}");
        if let Err(e) = checked {
            assert!(e.to_string().contains("not a year of the variant's calendar"), "{e}");
        }
    }
    // A spring whose fall would be past the last year dip counts is refused, not wrapped.
    position.phase = Phase { season: Season::Spring, year: u16::MAX - 2, kind: PhaseKind::Movement };
    assert!(matches!(
        dip::adjudicate(&map, &position, &[], &Rules::default()),
        Err(dip::AdjudicationError::YearOutOfRange { .. })
    ));
}

/// A sea `s` with fleets sailing to the island `i` and never back; `c` a coast by both.
fn one_way_map(declared: bool) -> Result<Map, dip::LoadError> {
    let one_way = if declared { r#"one_way_borders: [("s", "i")],"# } else { "" };
    let text = format!(
        r#"(
    name: "one_way", title: "One way",
    powers: [(name: "North", adjective: "Northern", short: "NOR", homes: ["c"]),
             (name: "South", adjective: "Southern", short: "SOU", homes: ["d"])],
    provinces: [
        (abbr: "s", name: "Sea", terrain: Sea, fleet: ["i", "c", "d"]),
        (abbr: "i", name: "Island", terrain: Coast, centre: true, fleet: ["c"]),
        (abbr: "c", name: "Coast", terrain: Coast, centre: true, army: ["d"], fleet: ["s", "i", "d"]),
        (abbr: "d", name: "Dock", terrain: Coast, centre: true, army: ["c"], fleet: ["s", "c"]),
    ],
    start: (season: Spring, year: 1901, units: [
        (power: "North", kind: Fleet, at: "s"), (power: "South", kind: Fleet, at: "i"),
    ]),
    victory: (centres: 2),
    {one_way}
)"#
    );
    dip::load_str("one_way.ron", &text)
}

#[test]
fn one_way_borders_are_followed_in_their_direction_only() {
    // Undeclared, the one-way border is a fault of the file.
    let e = one_way_map(false).expect_err("refused");
    assert!(e.to_string().contains("is one-way"), "{e}");
    let map = one_way_map(true).expect("loads");
    let (s, i) = (map.province_by_name("s").expect("s"), map.province_by_name("i").expect("i"));
    assert!(map.fleet_reaches(map.main_loc(s), i));
    assert!(!map.fleet_reaches(map.main_loc(i), s));
    let position = Position::opening(&map);
    let given = orders(&map, PhaseKind::Movement, &[("South", "F i - s"), ("North", "F s - i")]);
    let outcome = dip::adjudicate(&map, &position, &given, &Rules::default()).expect("adjudicates");
    assert_eq!(outcome.results[0], OrderResult::Illegal(Illegal::Unreachable), "no way back");
    // The fleet from the sea takes the island: the island's fleet holds (its move was
    // illegal) with no support, and the sea's fleet has none either: they bounce.
    assert!(!outcome.results[1].succeeded());
    // The island's fleet cannot support into the sea either.
    let support = orders(&map, PhaseKind::Movement, &[("South", "F i S F c - s")]);
    let outcome = dip::adjudicate(&map, &position, &support, &Rules::default()).expect("adjudicates");
    assert!(matches!(outcome.results[0], OrderResult::Illegal(_)));
}

//! Legal orders: the per-unit form and the compact forms (`groups`, `each`, a sink taking
//! runs or not) give each unit's list exactly as the list for all units does, on every phase of random games on several variants; the opening's lists
//! are the ones the rules give.

use dip::batch::{self, RandomGame};
use dip::{
    Action, LegalAction, LegalOrder, LocId, Order, PhaseKind, Position, PowerId, ProvinceId, Rules, UnitActionSink,
    UnitKind,
};

/// Each unit's list from [`dip::LegalOrders::unit_actions_into`]: taking the runs the
/// engine offers, written out as [`UnitActionSink`] says they are, or (`runs` false)
/// refusing them so each order comes alone.
struct Lists<'m> {
    map: &'m dip::Map,
    runs: bool,
    unit: Option<(PowerId, UnitKind, LocId)>,
    lists: Vec<(PowerId, Vec<Order>)>,
}

/// The provinces of a bit set, in increasing order.
fn ones(bits: &[u64]) -> impl Iterator<Item = ProvinceId> + '_ {
    (0..bits.len() * 64).filter(|p| bits[p / 64] >> (p % 64) & 1 == 1).map(|p| ProvinceId(p as u16))
}

impl UnitActionSink for Lists<'_> {
    fn unit(&mut self, power: PowerId, kind: UnitKind, loc: LocId) {
        self.unit = Some((power, kind, loc));
        self.lists.push((power, Vec::new()));
    }

    fn action(&mut self, action: LegalAction) {
        let (power, kind, loc) = self.unit.expect("a unit's list began");
        let order = LegalOrder { power, unit: Some((kind, loc)), action }.to_order(self.map);
        self.lists.last_mut().expect("a list").1.push(order);
    }

    fn hold_and_moves(&mut self, map: &dip::Map, kind: UnitKind, loc: LocId) -> bool {
        if self.runs {
            self.action(LegalAction::Hold);
            let places: Vec<LocId> = match kind {
                UnitKind::Army => map.army_neighbours(map.province_of(loc)).iter().map(|&p| map.main_loc(p)).collect(),
                UnitKind::Fleet => map.fleet_neighbours(loc).to_vec(),
            };
            places.into_iter().for_each(|to| self.action(LegalAction::Move { to }));
        }
        self.runs
    }

    fn moves_by_convoy(&mut self, into: &[u64]) -> bool {
        if self.runs {
            ones(into).for_each(|to| self.action(LegalAction::MoveByConvoy { to }));
        }
        self.runs
    }

    fn convoys(&mut self, army: LocId, into: &[u64]) -> bool {
        if self.runs {
            ones(into).for_each(|to| self.action(LegalAction::Convoy { army, to }));
        }
        self.runs
    }

    fn supports(&mut self, target: UnitKind, at: LocId, hold: bool, into: &[u64]) -> bool {
        if self.runs {
            if hold {
                self.action(LegalAction::SupportHold { target, at });
            }
            ones(into).for_each(|to| self.action(LegalAction::SupportMove { target, at, to }));
        }
        self.runs
    }
}

#[test]
fn each_unit_asked_alone_gets_its_list_of_all_units() {
    // Maps of every size the listing is compiled for (`LegalOrders::words_of`): up to 64
    // provinces (pure), up to 128, and more (world).
    for variant in ["standard", "colonial", "chaos", "1898", "convoyable_coasts", "loeb9", "pure", "world"] {
        let map = dip::variant(variant).expect(variant);
        let rules = Rules::default();
        for seed in 0..6 {
            let mut position = Position::opening(&map);
            let mut rng = batch::Rng::new(seed);
            for _ in 0..15 {
                let all = dip::legal_orders(&map, &position).expect("a position of the map");
                let legal = dip::LegalOrders::new(&map, &position).expect("a position of the map");
                assert_eq!(legal.all(), all);
                // The compact forms are the same lists, written out.
                let mut groups = Vec::new();
                legal.groups(|g| groups.push((g[0].power, g.iter().map(|o| o.to_order(&map)).collect::<Vec<_>>())));
                assert_eq!(groups, all, "{variant}: groups");
                let mut each = Vec::new();
                legal.each(|o| each.push(o.to_order(&map)));
                assert_eq!(each, all.iter().flat_map(|(_, l)| l.clone()).collect::<Vec<_>>(), "{variant}: each");
                for runs in [false, true] {
                    let mut sink = Lists { map: &map, runs, unit: None, lists: Vec::new() };
                    legal.unit_actions_into(&mut sink);
                    // An adjustment phase's lists are a power's: the sink is handed none.
                    match position.phase.kind {
                        PhaseKind::Adjustment => assert!(sink.lists.is_empty()),
                        _ => assert_eq!(sink.lists, all, "{variant}: a sink (runs: {runs})"),
                    }
                }
                if position.phase.kind != PhaseKind::Adjustment {
                    for (_, list) in &all {
                        let province = list[0].unit.place.province;
                        assert_eq!(&legal.at(province), list, "{variant}: {}", map.province(province).name);
                        assert_eq!(&dip::legal_orders_at(&map, &position, province).expect("the map's"), list);
                    }
                }
                let orders = batch::random_orders(&map, &position, &all, &mut rng);
                position = dip::play_phase(&map, &position, &orders, &rules).expect("a phase").next;
            }
        }
    }
}

#[test]
fn no_legal_order_goes_into_ice() {
    // Loeb9 freezes provinces in some seasons: no move and no support may go into one
    // then (the resolver's rule), so no legal order does.
    let map = dip::variant("loeb9").expect("loeb9");
    assert!(map.has_ice());
    let rules = Rules::default();
    let mut checked = 0;
    for seed in 0..8 {
        let mut position = Position::opening(&map);
        let mut rng = batch::Rng::new(seed);
        for _ in 0..24 {
            let all = dip::legal_orders(&map, &position).expect("a position of the map");
            let season = position.phase.season;
            for order in all.iter().flat_map(|(_, list)| list) {
                let into = match &order.action {
                    Action::Move { to, .. } | Action::SupportMove { to, .. } | Action::Retreat { to } => {
                        Some(to.province)
                    }
                    _ => None,
                };
                if let Some(p) = into {
                    assert!(!map.is_frozen(p, season), "{} in {season:?}", order.display(&map));
                    checked += 1;
                }
            }
            let orders = batch::random_orders(&map, &position, &all, &mut rng);
            position = dip::play_phase(&map, &position, &orders, &rules).expect("a phase").next;
        }
    }
    assert!(checked > 1000);
    assert!(!dip::variant("standard").expect("standard").has_ice());
}

#[test]
fn the_opening_has_the_orders_the_rules_give() {
    let map = dip::variant("standard").expect("standard");
    let position = Position::opening(&map);
    let all = dip::legal_orders(&map, &position).expect("the opening");
    assert_eq!(all.len(), 22);
    assert_eq!(all.iter().map(|(_, o)| o.len()).sum::<usize>(), 238);
    let texts = |name: &str| -> Vec<String> {
        let p = map.province_by_name(name).expect(name);
        dip::legal_orders_at(&map, &position, p)
            .expect("the opening")
            .iter()
            .map(|o| o.display(&map).to_string())
            .collect()
    };
    // The fleet in London: hold, four moves, supports of the moves of Edinburgh's and
    // Brest's fleets and Liverpool's army into provinces London's fleet reaches (in the
    // order of the units), and no convoy (it is not at sea).
    assert_eq!(
        texts("London"),
        [
            "F London Hold",
            "F London - English Channel",
            "F London - North Sea",
            "F London - Wales",
            "F London - Yorkshire",
            "F London Supports F Edinburgh - North Sea",
            "F London Supports F Edinburgh - Yorkshire",
            "F London Supports A Liverpool - Wales",
            "F London Supports A Liverpool - Yorkshire",
            "F London Supports F Brest - English Channel",
        ]
    );
    // Nothing stands in the North Sea: nothing to order there.
    let north_sea = map.province_by_name("North Sea").expect("North Sea");
    assert!(dip::legal_orders_at(&map, &position, north_sea).expect("the opening").is_empty());
    // A random game's positions all read (retreat and adjustment phases too).
    let game = batch::play_random(&map, &Rules::default(), &position, RandomGame { seed: 3, until_year: 1904 });
    assert!(dip::legal_orders(&map, &game.expect("a game").position).is_ok());
}

/// The convoy orders listed for each fleet, on `position`, are exactly those the resolver
/// reads as possible: every army, every province an army may stand in, every fleet that
/// may convoy, one convoy order adjudicated alone.
fn convoys_listed_are_the_possible_ones(map: &dip::Map, position: &Position) -> usize {
    use dip::{Action, Order, OrderResult, Place, UnitKind, UnitSpec};
    let all = dip::legal_orders(map, position).expect("a position of the map");
    let listed: std::collections::HashSet<String> = all
        .iter()
        .flat_map(|(_, list)| list)
        .filter(|o| matches!(o.action, Action::Convoy { .. }))
        .map(|o| o.display(map).to_string())
        .collect();
    let rules = Rules::default();
    let mut possible = 0;
    for fleet in position.units.iter().filter(|u| u.kind == UnitKind::Fleet) {
        for army in position.units.iter().filter(|u| u.kind == UnitKind::Army) {
            for p in (0..map.province_count()).map(|p| dip::ProvinceId(p as u16)) {
                if !map.can_hold(UnitKind::Army, p) || p == map.province_of(army.loc) {
                    continue;
                }
                let order = Order::new(
                    fleet.power,
                    UnitSpec {
                        power: None,
                        kind: Some(UnitKind::Fleet),
                        place: Place::new(map.province_of(fleet.loc)),
                    },
                    Action::Convoy {
                        army: UnitSpec {
                            power: None,
                            kind: Some(UnitKind::Army),
                            place: Place::new(map.province_of(army.loc)),
                        },
                        to: Place::new(p),
                    },
                );
                let text = order.display(map).to_string();
                let outcome = dip::adjudicate(map, position, std::slice::from_ref(&order), &rules).expect("a phase");
                let accepted = !matches!(outcome.results[0], OrderResult::Illegal(_));
                assert_eq!(listed.contains(&text), accepted, "{}: `{text}`: {:?}", map.name(), outcome.results[0]);
                possible += usize::from(accepted);
            }
        }
    }
    possible
}

/// The supports of armies' moves listed, on `position`, are exactly those the resolver
/// reads as legal: every unit, every army, every province an army may stand in, one
/// support order adjudicated alone. Returns how many there are.
fn army_move_supports_listed_are_the_legal_ones(map: &dip::Map, position: &Position) -> usize {
    use dip::{Action, Order, OrderResult, Place, UnitKind, UnitSpec};
    let all = dip::legal_orders(map, position).expect("a position of the map");
    let listed: std::collections::HashSet<String> = all
        .iter()
        .flat_map(|(_, list)| list)
        .filter(|o| matches!(&o.action, Action::SupportMove { target, .. } if target.kind == Some(UnitKind::Army)))
        .map(|o| o.display(map).to_string())
        .collect();
    let rules = Rules::default();
    let mut legal = 0;
    for supporter in &position.units {
        for army in position.units.iter().filter(|u| u.kind == UnitKind::Army && u.loc != supporter.loc) {
            for p in (0..map.province_count()).map(|p| dip::ProvinceId(p as u16)) {
                if !map.can_hold(UnitKind::Army, p) || p == map.province_of(army.loc) {
                    continue;
                }
                let spec =
                    |kind, loc| UnitSpec { power: None, kind: Some(kind), place: Place::new(map.province_of(loc)) };
                // The supporter named as legal orders name it: with its coast.
                let mut me = spec(supporter.kind, supporter.loc);
                if supporter.loc.index() >= map.province_count() {
                    me.place.set_coast(Some(dip::CoastSpec::Known(supporter.loc)));
                }
                let order = Order::new(
                    supporter.power,
                    me,
                    Action::SupportMove { target: spec(UnitKind::Army, army.loc), to: Place::new(p) },
                );
                let text = order.display(map).to_string();
                let outcome = dip::adjudicate(map, position, std::slice::from_ref(&order), &rules).expect("a phase");
                let accepted = !matches!(outcome.results[0], OrderResult::Illegal(_));
                assert_eq!(
                    listed.contains(&text),
                    accepted,
                    "{}: `{text}` (supporter at {}): {:?}",
                    map.name(),
                    map.loc_abbr(supporter.loc),
                    outcome.results[0]
                );
                legal += usize::from(accepted);
            }
        }
    }
    legal
}

/// The midgame benchmark position, and its legal orders as the DATC's long form writes them.
fn midgame() -> (dip::Map, Position, Vec<String>) {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/midgame_34.ron"))
        .expect("the example");
    let file: dip::PositionFile = ron::from_str(&text).expect("a position file");
    let map = dip::variant(&file.variant).expect("its variant");
    let (position, _) = file.read(&map, Some(&text)).expect("it reads");
    let all = dip::legal_orders(&map, &position).expect("the midgame");
    let shown = all.iter().flat_map(|(_, l)| l).map(|o| o.display(&map).to_string()).collect();
    (map, position, shown)
}

/// Calls `check` on every movement phase of one random game a seed, `phases` phases long.
fn on_random_boards(variant: &str, seeds: std::ops::Range<u64>, phases: usize, check: impl Fn(&dip::Map, &Position)) {
    let map = dip::variant(variant).expect(variant);
    for seed in seeds {
        let mut position = Position::opening(&map);
        let mut rng = batch::Rng::new(seed);
        for _ in 0..phases {
            let all = dip::legal_orders(&map, &position).expect("a position of the map");
            if position.phase.kind == PhaseKind::Movement {
                check(&map, &position);
            }
            let orders = batch::random_orders(&map, &position, &all, &mut rng);
            position = dip::play_phase(&map, &position, &orders, &Rules::default()).expect("a phase").next;
        }
    }
}

#[test]
fn supports_of_moves_by_convoy_are_offered() {
    let (map, position, shown) = midgame();
    // London reaches Belgium only through the North Sea; the fleet in the Channel borders it.
    let support = "F English Channel Supports A London - Belgium";
    assert!(shown.iter().any(|s| s == support), "`{support}` is not offered");
    assert!(army_move_supports_listed_are_the_legal_ones(&map, &position) > 0);
    on_random_boards("standard", 200..202, 10, |map, position| {
        army_move_supports_listed_are_the_legal_ones(map, position);
    });
}

#[test]
fn every_fleet_of_a_longer_chain_is_offered_its_convoy() {
    // The midgame benchmark: A North Africa to Rome needs both the Western Mediterranean and
    // the Tyrrhenian Sea, neither of which borders both ends.
    let (map, position, shown) = midgame();
    for convoy in
        ["F Western Mediterranean Convoys A North Africa - Rome", "F Tyrrhenian Sea Convoys A North Africa - Rome"]
    {
        assert!(shown.iter().any(|s| s == convoy), "`{convoy}` is not offered");
    }
    assert!(convoys_listed_are_the_possible_ones(&map, &position) > 0);
    // And on the boards of random games, on maps with convoyable coasts and one-way borders.
    for variant in ["standard", "convoyable_coasts", "north_sea_wars"] {
        on_random_boards(variant, 100..103, 12, |map, position| {
            convoys_listed_are_the_possible_ones(map, position);
        });
    }
}

#[test]
fn move_provinces_are_the_provinces_of_the_neighbours() {
    // The bit set legal orders copy a unit's moves from is its neighbour list's.
    for (name, _) in dip::EMBEDDED_VARIANTS {
        let map = dip::variant(name).expect(name);
        for loc in map.locations() {
            for kind in [UnitKind::Army, UnitKind::Fleet] {
                let listed: Vec<ProvinceId> = match kind {
                    UnitKind::Army => map.army_neighbours(map.province_of(loc)).to_vec(),
                    UnitKind::Fleet => map.fleet_neighbours(loc).iter().map(|&l| map.province_of(l)).collect(),
                };
                let mut set = vec![u64::MAX; map.province_count().div_ceil(64)];
                map.move_provinces_into(kind, loc, &mut set);
                for p in map.provinces() {
                    let bit = set[p.index() / 64] >> (p.index() % 64) & 1 == 1;
                    assert_eq!(
                        bit,
                        listed.contains(&p),
                        "{name}: {kind:?} at {} to {}",
                        map.loc_abbr(loc),
                        map.province(p).abbr
                    );
                }
            }
        }
    }
}

#[test]
fn moves_by_convoy_everywhere_add_the_walkable_ones_and_nothing_else() {
    // Listed with `ConvoyMoves::Everywhere`, an army's moves by convoy go also into the
    // provinces it borders that the fleets could carry it to; every other order is the same,
    // and each added move is legal (the resolver refuses none).
    let (map, position, _) = midgame();
    let check = |map: &dip::Map, position: &Position| {
        let orders = |legal: dip::LegalOrders<'_>| {
            let mut all: Vec<LegalOrder> = Vec::new();
            legal.each(|o| all.push(o));
            all
        };
        let plain = orders(dip::LegalOrders::new(map, position).expect("a position of the map"));
        let everywhere = orders(
            dip::LegalOrders::new(map, position)
                .expect("a position of the map")
                .convoy_moves(dip::ConvoyMoves::Everywhere),
        );
        let extra: Vec<&LegalOrder> = everywhere.iter().filter(|o| !plain.contains(o)).collect();
        assert!(plain.iter().all(|o| everywhere.contains(o)), "an order is no longer listed");
        let mut adjudicator = dip::Adjudicator::new();
        adjudicator.prepare_checks(map, position, &Rules::default()).expect("a movement position of the map");
        for order in &extra {
            let LegalAction::MoveByConvoy { to } = order.action else { panic!("{order:?} is not a move by convoy") };
            let (_, loc) = order.unit.expect("a unit");
            assert!(map.army_adjacent(map.province_of(loc), to), "{order:?}: the army cannot walk there");
            let written = order.to_order(map);
            let illegal = adjudicator.check_order(map, &written).expect("an order of the map");
            assert_eq!(illegal, None, "{order:?}");
        }
        extra.len()
    };
    assert!(check(&map, &position) > 0, "the midgame has armies beside fleets");
    on_random_boards("standard", 300..303, 12, |map, position| {
        check(map, position);
    });
}

#[test]
fn checking_orders_one_at_a_time_agrees_with_the_resolver() {
    // `Adjudicator::check_order` on a prepared board refuses exactly the orders the
    // resolver refuses when each is given alone: every legal order of random boards, and
    // each unit's moves and supports into every province (mostly illegal).
    let refused = std::cell::Cell::new(0usize);
    let accepted = std::cell::Cell::new(0usize);
    on_random_boards("standard", 400..403, 10, |map, position| {
        let rules = Rules::default();
        let mut checks = dip::Adjudicator::new();
        checks.prepare_checks(map, position, &rules).expect("a movement position of the map");
        let mut orders: Vec<Order> =
            dip::legal_orders(map, position).expect("the board").into_iter().flat_map(|(_, l)| l).collect();
        for unit in &position.units {
            for to in map.provinces() {
                let options = dip::ParseOptions::new(PhaseKind::Movement).power(unit.power);
                let here = map.loc_abbr(unit.loc);
                let there = &map.province(to).abbr;
                for text in [format!("{} {here} - {there}", unit.kind), format!("{} {here} S A {there}", unit.kind)] {
                    if let Ok(order) = dip::parse_order(map, options, &text) {
                        orders.push(order);
                    }
                }
            }
        }
        let mut alone = dip::Adjudicator::new();
        for order in &orders {
            let checked = checks.check_order(map, order).expect("an order of the map");
            alone.run(map, position, std::slice::from_ref(order), &rules).expect("a movement position");
            let outcome = alone.outcome(map, position, std::slice::from_ref(order)).expect("the last run");
            let resolved = match &outcome.results[0] {
                dip::OrderResult::Illegal(why) => Some(*why),
                _ => None,
            };
            assert_eq!(checked, resolved, "{}", order.display(map));
            let count = if checked.is_some() { &refused } else { &accepted };
            count.set(count.get() + 1);
        }
    });
    assert!(refused.get() > 1000 && accepted.get() > 1000, "{} refused, {} accepted", refused.get(), accepted.get());
}

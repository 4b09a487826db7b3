//! Legal orders: the per-unit form gives each unit's list exactly as the list for all
//! units does, on every phase of random games on several variants; the opening's lists
//! are the ones the rules give.

use dip::batch::{self, RandomGame};
use dip::{PhaseKind, Position, Rules};

#[test]
fn each_unit_asked_alone_gets_its_list_of_all_units() {
    for variant in ["standard", "colonial", "chaos", "1898", "convoyable_coasts"] {
        let map = dip::variant(variant).expect(variant);
        let rules = Rules::default();
        for seed in 0..6 {
            let mut position = Position::opening(&map);
            let mut rng = batch::Rng::new(seed);
            for _ in 0..15 {
                let all = dip::legal_orders(&map, &position).expect("a position of the map");
                let legal = dip::LegalOrders::new(&map, &position).expect("a position of the map");
                assert_eq!(legal.all(), all);
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

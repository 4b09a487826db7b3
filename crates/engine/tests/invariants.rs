//! Invariants of adjudication on many random positions and random legal orders (a
//! fuzz-style test with a fixed seed), by the checks the property tests share
//! (`dip::check`): no unit lost or made, one unit a province afterwards, retreats only to
//! empty provinces the unit can reach, every order answered, and the same outcome whatever
//! the order of the orders, in every kind of phase. Every few games, the game is written as
//! a saved game, read back and replayed.

use dip::{Game, Order, PhaseKind, Rules, check};

mod common;
use common::{Rng, random_orders};

#[test]
fn adjudication_invariants_hold_on_random_games() {
    check_random_games("standard", 200, 0x0005_EED0_FD1B);
}

/// Colonial adds trains (one a railroad a turn, as players order them) and canal crossings.
#[test]
fn adjudication_invariants_hold_on_random_colonial_games() {
    check_random_games("colonial", 60, 0x00C0_10A1);
}

fn check_random_games(variant: &str, games: usize, seed: u64) {
    let map = dip::variant(variant).expect(variant);
    let mut rng = Rng(seed);
    let mut checked = [0usize; 3];
    let mut bounces = 0;
    for number in 0..games {
        let mut game = Game::new(map.clone(), Rules::default());
        for _phase in 0..12 {
            if game.winner().is_some() {
                break;
            }
            let before = game.position().clone();
            let choices = dip::legal_orders(game.map(), &before).expect("a position of the map");
            let orders: Vec<Order> = random_orders(&choices, &mut rng);
            let rules = *game.rules();
            let at = format!("{variant} game {number}, {}", before.phase);
            let held = match before.phase.kind {
                PhaseKind::Movement => {
                    dip::adjudicate(&map, &before, &orders, &rules).map_err(|e| e.to_string()).and_then(|o| {
                        check::movement(&map, &before, &orders, &o)
                            .and_then(|()| check::retreat_lists(&map, &rules, &o))
                            .map_err(|v| v.to_string())
                    })
                }
                PhaseKind::Retreat => dip::adjudicate_retreats(&map, &before, &orders, &rules)
                    .map_err(|e| e.to_string())
                    .and_then(|o| check::retreats(&map, &before, &orders, &o).map_err(|v| v.to_string())),
                PhaseKind::Adjustment => dip::adjudicate_adjustments(&map, &before, &orders, &rules)
                    .map_err(|e| e.to_string())
                    .and_then(|o| check::adjustments(&map, &before, &orders, &o).map_err(|v| v.to_string())),
            };
            held.unwrap_or_else(|e| panic!("{at}: {e}"));
            check::order_of_orders(&map, &before, &orders, &rules, rng.next()).unwrap_or_else(|v| panic!("{at}: {v}"));
            checked[before.phase.kind as usize] += 1;
            if before.phase.kind == PhaseKind::Retreat {
                // Retreats that meet, which random choices rarely make: they bounce, in
                // whatever order they are listed.
                let crowded = check::crowded_retreats(&map, &choices);
                let outcome = dip::adjudicate_retreats(&map, &before, &crowded, &rules).expect("legal retreats");
                check::retreats(&map, &before, &crowded, &outcome).unwrap_or_else(|v| panic!("{at}: {v}"));
                check::order_of_orders(&map, &before, &crowded, &rules, rng.next())
                    .unwrap_or_else(|v| panic!("{at}, retreats that meet: {v}"));
                bounces += outcome.results.iter().filter(|r| r.code() == "bounced").count();
            }
            game.play(orders).expect("orders of the map");
        }
        if number % 10 == 0 {
            check::saved_game_round_trip(&game, &format!("{variant}-{number}"))
                .unwrap_or_else(|v| panic!("{variant} game {number}: {v}"));
        }
    }
    // Each kind of phase was checked, not only the movements.
    assert!(checked.iter().all(|&n| n > 0), "phases checked (movement, retreat, adjustment): {checked:?}");
    eprintln!("{variant}: phases checked (movement, retreat, adjustment) {checked:?}, retreats bounced {bounces}");
}

/// §4.E.3 choice a: two of a power's supports that move its unit without an order to two
/// places imply no move; the unit holds, whichever support is listed first.
#[test]
fn conflicting_implied_moves_do_not_depend_on_the_listing() {
    let map = dip::variant("standard").expect("standard");
    let germany = map.power_by_name("Germany").expect("Germany");
    let unit = |name: &str| {
        let (kind, loc) = dip::parse_unit(&map, name).expect(name);
        dip::Unit { power: germany, kind, loc }
    };
    let mut position = dip::Position::opening(&map);
    position.units = vec![unit("A Kiel"), unit("A Munich"), unit("A Ruhr")];
    let mut rules = Rules::default();
    rules.set("4.E.3", "a").expect("a choice of 4.E.3");
    let options = dip::ParseOptions::new(PhaseKind::Movement).power(germany);
    let read = |text: &str| dip::parse_order(&map, options, text).expect(text);
    let orders = [read("A Munich Supports A Kiel - Berlin"), read("A Ruhr Supports A Kiel - Holland")];
    for listing in [orders.to_vec(), orders.iter().rev().cloned().collect()] {
        let outcome = dip::adjudicate(&map, &position, &listing, &rules).expect("valid input");
        check::movement(&map, &position, &listing, &outcome).expect("the invariants");
        assert!(outcome.position.units.contains(&unit("A Kiel")), "Kiel moved: {:?}", outcome.position.units);
    }
    check::order_of_orders(&map, &position, &orders, &rules, 1).expect("the same outcome in any listing");
}

/// Retreats that meet, which random games rarely make (a few retreat phases in a hundred
/// games): on boards of random games, the units next to an empty province are made
/// dislodged with that province their one retreat, and retreat there. They bounce, and
/// the outcome must not depend on the order the retreats are listed in.
#[test]
fn retreats_that_meet_keep_the_invariants_in_any_listing() {
    for (variant, seed) in [("standard", 0x0BAD_BEEF_u64), ("colonial", 0x0C01_0B1A)] {
        let map = dip::variant(variant).expect(variant);
        let mut rng = Rng(seed);
        let rules = Rules::default();
        let mut bounced = 0;
        for number in 0..20 {
            let mut game = Game::new(map.clone(), rules);
            for _phase in 0..10 {
                let choices = dip::legal_orders(game.map(), game.position()).expect("a position of the map");
                if game.phase().kind == PhaseKind::Movement {
                    let at = format!("{variant} game {number}, {}", game.phase());
                    for meeting in meeting_retreats(&map, game.position()) {
                        let retreats = dip::legal_orders(&map, &meeting).expect("a position of the map");
                        let orders = check::crowded_retreats(&map, &retreats);
                        let outcome =
                            dip::adjudicate_retreats(&map, &meeting, &orders, &rules).expect("legal retreats");
                        check::retreats(&map, &meeting, &orders, &outcome).unwrap_or_else(|v| panic!("{at}: {v}"));
                        check::order_of_orders(&map, &meeting, &orders, &rules, rng.next())
                            .unwrap_or_else(|v| panic!("{at}: {v}"));
                        bounced += outcome.results.iter().filter(|r| r.code() == "bounced").count();
                    }
                }
                game.play(random_orders(&choices, &mut rng)).expect("orders of the map");
            }
        }
        eprintln!("{variant}: {bounced} retreats bounced");
        assert!(bounced > 100, "{variant}: only {bounced} retreats bounced");
    }
}

/// For each empty province next to two or more units (at most eight provinces), the board
/// in a retreat phase with those units dislodged, each able to retreat only there.
fn meeting_retreats(map: &dip::Map, board: &dip::Position) -> Vec<dip::Position> {
    let mut out = Vec::new();
    for province in map.provinces() {
        if out.len() == 8 || board.unit_in(map, province).is_some() {
            continue;
        }
        // Each unit's way into the province: for a fleet, a coast it borders.
        let next: Vec<(dip::Unit, dip::LocId)> = board
            .units
            .iter()
            .filter_map(|u| {
                let to = match u.kind {
                    dip::UnitKind::Army if map.army_adjacent(map.province_of(u.loc), province) => {
                        map.unit_loc(dip::UnitKind::Army, province, None)
                    }
                    dip::UnitKind::Army => None,
                    dip::UnitKind::Fleet => {
                        map.fleet_neighbours(u.loc).iter().copied().find(|&l| map.province_of(l) == province)
                    }
                };
                to.map(|to| (*u, to))
            })
            .take(3)
            .collect();
        if next.len() < 2 {
            continue;
        }
        let mut meeting = board.clone();
        meeting.phase.kind = PhaseKind::Retreat;
        meeting.units.retain(|u| !next.iter().any(|(n, _)| n == u));
        meeting.dislodged = next
            .iter()
            .map(|&(unit, to)| dip::Dislodged {
                unit,
                attacker_from: map.province_of(unit.loc),
                by_convoy: false,
                retreats: vec![to],
            })
            .collect();
        out.push(meeting);
    }
    out
}

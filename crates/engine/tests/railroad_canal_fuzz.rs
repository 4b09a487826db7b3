//! Random crowds of armies along Colonial's Trans-Siberian Railroad and fleets around the
//! Suez Canal, with random legal orders and permissions: the outcome never puts two units
//! in a province, loses no unit, and does not depend on the order the orders are listed in;
//! two trains on one railroad are both refused.

use std::collections::HashSet;

use dip::{Action, Order, Phase, PhaseKind, Place, Position, Rules, Season, Unit, UnitKind, UnitSpec};

mod common;
use common::Rng;

const ARMY_PLACES: &[&str] =
    &["mos", "prm", "oms", "kra", "irk", "vla", "ore", "akm", "sem", "mon", "man", "seo", "tas", "ode", "uru", "kir"];
const FLEET_PLACES: &[&str] = &["meds", "reds", "egy", "mec", "syr", "ade", "eri", "sud", "ang", "goa"];

#[test]
fn random_trains_and_canal_crossings_keep_the_board_sound() {
    let map = dip::variant("colonial").expect("colonial");
    let russia = map.power_by_name("Russia").expect("Russia");
    let mut rng = Rng(0x7357_7E57);
    let (mut trains_arrived, mut trains_stopped, mut trains_refused, mut permits_used) = (0, 0, 0, 0);
    for trial in 0..1500 {
        let phase = Phase { season: Season::Spring, year: 1871, kind: PhaseKind::Movement };
        let mut position = Position::empty(&map, phase);
        position.owners = map.start_owners().to_vec();
        // Sometimes a station centre belongs to someone else.
        if rng.below(3) == 0 {
            let oms = map.province_by_name("oms").expect("oms");
            position.owners[oms.index()] = Some(dip::PowerId(rng.below(7) as u8));
        }
        let mut taken = HashSet::new();
        for name in ARMY_PLACES {
            if rng.below(2) == 0 {
                let p = map.province_by_name(name).expect(name);
                let power = if rng.below(2) == 0 { russia } else { dip::PowerId(rng.below(7) as u8) };
                position.units.push(Unit { power, kind: UnitKind::Army, loc: map.main_loc(p) });
                taken.insert(p);
            }
        }
        for name in FLEET_PLACES {
            let p = map.province_by_name(name).expect(name);
            if rng.below(2) == 0 && !taken.contains(&p) {
                let kind = if map.can_hold(UnitKind::Fleet, p) { UnitKind::Fleet } else { UnitKind::Army };
                let power = dip::PowerId(rng.below(7) as u8);
                position.units.push(Unit { power, kind, loc: map.main_loc(p) });
            }
        }
        position.normalise();
        let choices = dip::legal_orders(&map, &position).expect("a position of the map");
        let mut rails = 0;
        let mut orders: Vec<Order> = choices
            .iter()
            .map(|(_, options)| {
                let mut pick = options[rng.below(options.len())].clone();
                // Now and then two trains, which must both be refused.
                if matches!(pick.action, Action::Rail { .. }) {
                    rails += 1;
                    if rails > 1 && rng.below(4) != 0 {
                        pick.action = Action::Hold;
                    }
                }
                pick
            })
            .collect();
        // Permissions from whoever holds Egypt, for a unit at either end.
        if let Some(keeper) = position.unit_in(&map, map.province_by_name("egy").expect("egy")) {
            for end in ["meds", "reds"] {
                let p = map.province_by_name(end).expect(end);
                if position.unit_in(&map, p).is_some() && rng.below(2) == 0 {
                    let unit = UnitSpec::new(Some(UnitKind::Fleet), Place::new(p));
                    orders.push(Order::new(keeper.power, unit, Action::Permit { canal: 0, to: None }));
                }
            }
        }
        let mut shuffled = orders.clone();
        for i in (1..shuffled.len()).rev() {
            shuffled.swap(i, rng.below(i + 1));
        }
        let rules = Rules::default();
        let a = dip::adjudicate(&map, &position, &orders, &rules).expect("valid input");
        let b = dip::adjudicate(&map, &position, &shuffled, &rules).expect("valid input");
        let listing = || orders.iter().map(|o| o.display(&map).to_string()).collect::<Vec<_>>().join("; ");
        assert_eq!(a.position, b.position, "trial {trial}: order of orders changed the outcome: {}", listing());
        assert_eq!(a.position.units.len() + a.dislodged.len(), position.units.len(), "trial {trial}: {}", listing());
        let mut seen = HashSet::new();
        for unit in &a.position.units {
            assert!(
                seen.insert(map.province_of(unit.loc)),
                "trial {trial}: two units in {}: {}",
                map.loc_name(unit.loc),
                listing()
            );
        }
        for d in &a.dislodged {
            for &r in &d.retreats {
                assert!(!seen.contains(&map.province_of(r)), "trial {trial}: retreat into an occupied province");
            }
        }
        let trains_on = |railroad: u8| {
            orders.iter().filter(|o| matches!(o.action, Action::Rail { railroad: r, .. } if r == railroad)).count()
        };
        for (order, result) in orders.iter().zip(&a.results) {
            // DATC 7.B.33: two trains on one railroad are both refused; one alone is not.
            if let Action::Rail { railroad, .. } = order.action {
                let busy = matches!(result, dip::OrderResult::Illegal(dip::Illegal::RailroadBusy));
                let trains = trains_on(railroad);
                assert_eq!(
                    busy,
                    trains > 1,
                    "trial {trial}: `{}` of {trains} trains on its railroad: {result:?}: {}",
                    order.display(&map),
                    listing()
                );
                trains_refused += usize::from(busy);
            }
            match (&order.action, result) {
                (Action::Rail { .. }, dip::OrderResult::Succeeds) => trains_arrived += 1,
                (Action::Rail { .. }, dip::OrderResult::Fails(dip::Failure::RailStopped { .. })) => trains_stopped += 1,
                (Action::Permit { .. }, dip::OrderResult::Succeeds) => permits_used += 1,
                _ => {}
            }
        }
    }
    // The trials did exercise the rules.
    assert!(
        trains_arrived > 50 && trains_stopped > 50 && trains_refused > 20 && permits_used > 20,
        "{trains_arrived} {trains_stopped} {trains_refused} {permits_used}"
    );
}

//! Neither adjudicator panics on ids the map does not have: each refuses them with an
//! error, and adjudicates the valid part of the same input.

mod common;

use dip_adjust::{adjudicate_adjustments, adjudicate_retreats};
use dip_map::{Dislodged, LocId, PhaseKind, PowerId, ProvinceId, Rules, Unit, UnitKind};
use dip_orders::{Action, AdjudicationError, CoastSpec, Order, Place, PlaceSlot, UnitSpec};

#[test]
fn bogus_ids_do_not_panic() {
    let map = common::map();
    let bad_loc = LocId(u16::MAX);
    let bad_prov = ProvinceId(u16::MAX);
    let mut position = common::board(
        &map,
        "Fall 1901 Retreat",
        &[("Russia", "A Moscow"), ("Russia", "F St Petersburg(sc)")],
        &[("Russia", "Moscow")],
    );
    position.units.push(Unit { power: PowerId(200), kind: UnitKind::Fleet, loc: bad_loc });
    position.units.push(Unit { power: PowerId(5), kind: UnitKind::Army, loc: bad_loc });
    position.dislodged.push(Dislodged {
        unit: Unit { power: PowerId(5), kind: UnitKind::Fleet, loc: bad_loc },
        attacker_from: bad_prov,
        by_convoy: false,
        retreats: vec![bad_loc, LocId(0)],
    });
    position.dislodged.push(Dislodged {
        unit: Unit { power: PowerId(5), kind: UnitKind::Fleet, loc: common::loc(&map, "F Gulf of Bothnia") },
        attacker_from: bad_prov,
        by_convoy: false,
        retreats: vec![bad_loc, common::loc(&map, "F St Petersburg(sc)")],
    });
    position.owners.truncate(3);
    let places = [
        Place::with_coast(bad_prov, None),
        Place::with_coast(bad_prov, Some(CoastSpec::Known(bad_loc))),
        Place::with_coast(ProvinceId(0), Some(CoastSpec::Known(bad_loc))),
        Place::with_coast(map.province_by_name("stp").expect("stp"), Some(CoastSpec::Unknown)),
        Place::with_coast(map.province_by_name("bot").expect("bot"), None),
    ];
    let mut orders = Vec::new();
    for power in [PowerId(5), PowerId(200)] {
        for place in &places {
            for to in &places {
                for action in [
                    Action::Retreat { to: *to },
                    Action::Disband,
                    Action::Build,
                    Action::Remove,
                    Action::Waive,
                    Action::Hold,
                ] {
                    for kind in [None, Some(UnitKind::Army), Some(UnitKind::Fleet)] {
                        let mut order = Order::new(power, UnitSpec::new(kind, *place), action);
                        // The unknown coast is `stp(xc)`, wherever it is written.
                        for slot in [PlaceSlot::Unit, PlaceSlot::To] {
                            if order.place(slot).is_some_and(Place::has_unknown_coast) {
                                order.set_unknown_coast(slot, "xc");
                            }
                        }
                        orders.push(order);
                    }
                }
            }
        }
    }
    let mut strict = Rules::default();
    for (issue, choice) in [("4.B.5", "a"), ("4.B.6", "a"), ("4.C.2", "a"), ("4.D.8", "a")] {
        strict.set(issue, choice).expect("a known choice");
    }
    for rules in [Rules::default(), strict] {
        // Every id of another map is refused, whatever else the input holds.
        let mut p = position.clone();
        assert!(adjudicate_retreats(&map, &p, &orders, &rules).is_err());
        p.phase.kind = PhaseKind::Adjustment;
        p.dislodged.clear();
        assert!(adjudicate_adjustments(&map, &p, &orders, &rules).is_err());
        // The same orders on a position of the map: the foreign orders are refused, one by
        // one in the order given.
        let valid = common::board(&map, "Fall 1901 Retreat", &[("Russia", "A Moscow")], &[("Russia", "Moscow")]);
        let error = adjudicate_retreats(&map, &valid, &orders, &rules).expect_err("foreign orders");
        assert!(matches!(error, AdjudicationError::ForeignOrder { index: 0, .. }), "{error}");
        let own: Vec<Order> = orders.iter().filter(|o| o.check(&map).is_ok()).cloned().collect();
        assert!(!own.is_empty());
        let outcome = adjudicate_retreats(&map, &valid, &own, &rules).expect("valid input");
        assert_eq!(outcome.results.len(), own.len());
        let mut adjustment = valid.clone();
        adjustment.phase.kind = PhaseKind::Adjustment;
        let outcome = adjudicate_adjustments(&map, &adjustment, &own, &rules).expect("valid input");
        assert_eq!(outcome.results.len(), own.len());
        // The last year dip counts has no next spring: an error, not a wrap or a repeat.
        adjustment.phase.year = u16::MAX;
        let error = adjudicate_adjustments(&map, &adjustment, &[], &rules).expect_err("no year after 65535");
        assert_eq!(error, AdjudicationError::YearOutOfRange { year: u16::MAX });
        // A phase of the wrong kind is refused too: the dislodged units would be lost.
        assert!(matches!(
            adjudicate_adjustments(&map, &valid, &[], &rules),
            Err(AdjudicationError::WrongPhase { expected: PhaseKind::Adjustment, .. })
        ));
    }
}

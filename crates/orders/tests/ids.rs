//! `Order::ids_within`, the adjudicators' fast test of an order's ids, agrees with
//! `Order::check`, which names the foreign id, on every kind of place and coast.

use dip_map::{LocId, Map, PowerId, ProvinceId, UnitKind};
use dip_orders::{Action, CoastSpec, Order, Place, UnitSpec};

fn map() -> Map {
    dip_map::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/standard.ron")).expect("standard.ron loads")
}

/// Places at the edges of the map's ids: provinces and coasts just inside and just outside.
fn places(map: &Map) -> Vec<Place> {
    let (provinces, locations) = (map.province_count() as u16, map.location_count() as u16);
    let mut places = Vec::new();
    for province in [0, provinces - 1, provinces, u16::MAX] {
        let province = ProvinceId(province);
        places.push(Place::new(province));
        places.push(Place::with_coast(province, Some(CoastSpec::Unknown)));
        for loc in [1, locations - 1, locations, locations + 1, u16::MAX - 1] {
            places.push(Place::with_coast(province, Some(CoastSpec::Known(LocId(loc)))));
        }
    }
    places
}

#[test]
fn the_fast_test_of_ids_agrees_with_the_named_check() {
    let map = map();
    let counts = (map.power_count(), map.province_count(), map.location_count());
    let powers = [PowerId(0), PowerId(map.power_count() as u8 - 1), PowerId(map.power_count() as u8), PowerId(u8::MAX)];
    let mut checked = 0;
    for place in places(&map) {
        for power in powers {
            let unit = UnitSpec { power: Some(power), kind: Some(UnitKind::Army), place };
            let own = UnitSpec { power: None, kind: Some(UnitKind::Fleet), place: Place::new(ProvinceId(3)) };
            let actions = [
                Action::Hold,
                Action::Move { to: place, via_convoy: false },
                Action::SupportHold { target: unit },
                Action::SupportMove { target: unit, to: place },
                Action::Convoy { army: unit, to: place },
                Action::Retreat { to: place },
            ];
            for action in actions {
                for (order_power, spec) in [(PowerId(0), own), (power, unit)] {
                    let order = Order::new(order_power, spec, action);
                    assert_eq!(order.ids_within(counts.0, counts.1, counts.2), order.check(&map).is_ok(), "{order:?}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 1_000, "{checked} orders checked");
}

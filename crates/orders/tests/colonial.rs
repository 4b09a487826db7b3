//! Orders that only a map with a railroad and a canal has: `A Moscow - TSR - Vladivostok`
//! and the canal keeper's `SC F Mediterranean Sea - Red Sea`.

use std::sync::OnceLock;

use dip_map::{Map, PhaseKind, PowerId, ProvinceId, UnitKind};
use dip_orders::{Action, Notation, Order, ParseOptions, Place, UnitSpec, parse_order};

fn map() -> &'static Map {
    static MAP: OnceLock<Map> = OnceLock::new();
    MAP.get_or_init(|| match dip_map::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/colonial.ron")) {
        Ok(map) => map,
        Err(e) => panic!("colonial.ron does not load:\n{e}"),
    })
}

fn prov(name: &str) -> ProvinceId {
    map().province_by_name(name).unwrap_or_else(|| panic!("no province `{name}`"))
}

fn power(name: &str) -> PowerId {
    map().power_by_name(name).unwrap_or_else(|| panic!("no power `{name}`"))
}

/// Parses an order that must be readable, and checks its display in every notation reads
/// back to it.
fn parse(phase: PhaseKind, who: &str, text: &str) -> Order {
    let options = ParseOptions::new(phase).power(power(who));
    let order = parse_order(map(), options, text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    for shown in Notation::ALL.map(|n| order.display_as(map(), n).to_string()) {
        let again = parse_order(map(), options, &shown).unwrap_or_else(|e| panic!("`{shown}` does not parse: {e}"));
        assert_eq!(again, order, "`{shown}` reads back differently");
    }
    order
}

#[test]
fn railroad_moves_in_every_notation() {
    let expected = Action::Rail { railroad: 0, to: Place::new(prov("vla")) };
    for text in [
        "A Moscow - TSR - Vladivostok",
        "A Moscow -TSR- Vladivostok",
        "A mos-tsr-vla",
        "A MOS - TSR - VLA",
        "A Moscow TSR Vladivostok",
        "Russia: A Moscow - TSR - Vladivostok",
    ] {
        let order = parse(PhaseKind::Movement, "Russia", text);
        assert_eq!(order.unit, UnitSpec::new(Some(UnitKind::Army), Place::new(prov("mos"))), "{text}");
        assert_eq!(order.action, expected, "{text}");
    }
    let order = parse(PhaseKind::Movement, "Russia", "A mos - tsr - vla");
    assert_eq!(order.display(map()).to_string(), "A Moscow - TSR - Vladivostok");
    assert_eq!(order.display_short(map()).to_string(), "A mos - TSR - vla");
    // Read in a retreat phase too, so the retreat rules can refuse it by name (DATC 7.B.32).
    assert_eq!(parse(PhaseKind::Retreat, "Russia", "A Moscow TSR Vladivostok").action, expected);
    assert_eq!(parse(PhaseKind::Retreat, "Russia", "A Moscow - TSR - Vladivostok").action, expected);
    // Without the railroad's name it is a plain move; the adjudicator decides what it can be.
    assert_eq!(
        parse(PhaseKind::Movement, "Russia", "A Vladivostok - Moscow").action,
        Action::Move { to: Place::new(prov("mos")), via_convoy: false }
    );
}

#[test]
fn canal_permissions() {
    let order = parse(PhaseKind::Movement, "Turkey", "SC F Mediterranean Sea - Red Sea");
    assert_eq!(order.power, power("Turkey"));
    assert_eq!(order.unit, UnitSpec::new(Some(UnitKind::Fleet), Place::new(prov("meds"))));
    assert_eq!(order.action, Action::Permit { canal: 0, to: Some(Place::new(prov("reds"))) });
    assert_eq!(order.display(map()).to_string(), "SC F Mediterranean Sea - Red Sea");

    let order = parse(PhaseKind::Movement, "Turkey", "Turkey: sc Russian F reds");
    assert_eq!(order.unit.power, Some(power("Russia")));
    assert_eq!(order.action, Action::Permit { canal: 0, to: None });
    assert_eq!(order.display(map()).to_string(), "SC Russian F Red Sea");

    let options = ParseOptions::new(PhaseKind::Movement).power(power("Turkey"));
    let err = parse_order(map(), options, "SC").expect_err("a permission names a unit");
    assert_eq!(err.expected, "a province");
    let err = parse_order(map(), options, "A Moscow - TSR").expect_err("a railroad move names a destination");
    assert_eq!((err.expected.as_str(), err.found.as_str()), ("a province", "end of order"));
}

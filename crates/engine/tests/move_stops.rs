//! A dash with a space beside it separates a move's stops; only a hyphen joins the words of
//! a name. On World, which has a Java Sea but no Java, `Java - Sea of Japan` once read as
//! `Java Sea` followed by `of Japan` (found by the order-text property target's
//! display-then-read check, seed 60000235369).

use dip::{Action, ParseOptions, PhaseKind};

#[test]
fn a_spaced_dash_ends_a_name_and_a_hyphen_does_not() {
    let map = dip::variant("world").expect("world");
    let china = map.power_by_name("China").expect("China");
    let read = |text: &str| dip::parse_order(&map, ParseOptions::new(PhaseKind::Movement).power(china), text);
    let error = read("F Guangzhou - Java - Sea of Japan").expect_err("there is no Java");
    assert!(error.to_string().contains("found `Java`"), "{error}");
    let order = read("F Guangzhou - Java Sea - Sea of Japan").expect("reads");
    let Action::Move { to, .. } = &order.action else { panic!("a move: {order:?}") };
    assert_eq!(order.path(), &[map.province_by_name("Java Sea").expect("Java Sea")]);
    assert_eq!(to.province, map.province_by_name("Sea of Japan").expect("Sea of Japan"));
    // Displayed, it reads back as itself.
    let shown = order.display(&map).to_string();
    assert_eq!(read(&shown).expect("reads back"), order, "{shown}");
}

#[test]
fn a_hyphenated_name_still_reads() {
    let map = dip::variant("standard").expect("standard");
    let france = map.power_by_name("France").expect("France");
    let order =
        dip::parse_order(&map, ParseOptions::new(PhaseKind::Movement).power(france), "F Brest - Mid-Atlantic Ocean")
            .expect("reads");
    let Action::Move { to, .. } = order.action else { panic!("a move") };
    assert_eq!(to.province, map.province_by_name("Mid-Atlantic Ocean").expect("MAO"));
}

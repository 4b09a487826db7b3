//! DATC §4.E.3 choice a (`implicit_orders: Allowed`): a unit given no order moves where its
//! own power's support or convoy order says it moves. The outcome lists such a move with
//! its result (not as a unit that held), the explanation traces it like an order, and the
//! saved game's results give it a move's codes.

use dip::formats::Outcome;
use dip::formats::saved::mila_results;
use dip::map::rules::ImplicitOrders;
use dip::{Failure, Order, OrderResult, PhaseKind, Position, Provinces, Rules, Unit, UnitKind};

fn standard() -> dip::Map {
    dip::variant("standard").expect("standard")
}

fn order(map: &dip::Map, power: &str, text: &str) -> Order {
    let power = map.power_by_name(power).expect("a power");
    dip::parse_order(map, dip::ParseOptions::new(PhaseKind::Movement).power(power), text).expect("an order")
}

fn army(map: &dip::Map, power: &str, province: &str) -> Unit {
    let power = map.power_by_name(power).expect("a power");
    let loc = map.main_loc(map.province_by_name(province).expect("a province"));
    Unit { power, kind: UnitKind::Army, loc }
}

fn allowed() -> Rules {
    let mut rules = Rules::default();
    rules.implicit_orders = ImplicitOrders::Allowed;
    rules
}

/// A position of `units` in the spring of 1901.
fn position(map: &dip::Map, units: &[Unit]) -> Position {
    let mut position = Position::opening(map);
    position.units = units.to_vec();
    position.units.sort_by_key(|u| u.loc);
    position
}

#[test]
fn an_implied_move_is_listed_with_its_result_not_as_a_hold() {
    let map = standard();
    let (kiel, munich, prussia) =
        (army(&map, "Germany", "Kiel"), army(&map, "Germany", "Munich"), army(&map, "Russia", "Prussia"));
    let position = position(&map, &[kiel, munich, prussia]);
    let orders =
        [order(&map, "Germany", "A Munich Supports A Kiel - Berlin"), order(&map, "Russia", "A Prussia - Berlin")];
    let berlin = map.province_by_name("Berlin").expect("berlin");
    let kiel_province = map.province_by_name("Kiel").expect("kiel");

    let outcome = dip::adjudicate(&map, &position, &orders, &allowed()).expect("adjudicates");
    let bounced = OrderResult::Fails(Failure::Bounced { by: Provinces::from_slice(&[kiel_province]) });
    assert_eq!(outcome.results, [OrderResult::Succeeds, bounced]);
    assert_eq!(outcome.implied.len(), 1);
    assert_eq!((outcome.implied[0].unit, outcome.implied[0].to), (kiel, berlin));
    assert_eq!(outcome.implied[0].result, OrderResult::Succeeds);
    assert!(outcome.unordered.is_empty(), "Kiel moved: it is not a unit that held");

    let explanation = dip::explain(&map, &position, &orders, &allowed()).expect("explains");
    assert_eq!(explanation.implied.len(), 1);
    assert_eq!(explanation.implied[0].index, 0, "implied by the first order");
    assert_eq!(explanation.implied[0].unit, Some(kiel));
    assert!(matches!(&explanation.implied[0].trace, dip::explanation::Trace::Move(mv) if mv.destination == berlin));
    dip::check::explanation(&map, &outcome, &explanation).expect("the explanation adds up");
    let text = explanation.display(&map).to_string();
    assert!(text.contains("A Kiel (Germany), moved as order 1 implies: attack strength"), "{text}");

    let results = mila_results(&map, &position, &orders, Outcome::Movement(&outcome));
    assert_eq!(results.get("A KIE").map(Vec::len), Some(0), "{results:?}");

    // Under the default choice Kiel has no order and holds; Prussia's move succeeds.
    let outcome = dip::adjudicate(&map, &position, &orders, &Rules::default()).expect("adjudicates");
    assert!(outcome.implied.is_empty());
    assert_eq!(outcome.unordered, [(kiel.power, kiel.loc)]);
    let explanation = dip::explain(&map, &position, &orders, &Rules::default()).expect("explains");
    assert!(explanation.implied.is_empty());
}

#[test]
fn an_implied_move_that_bounces_cuts_and_is_named() {
    let map = standard();
    // Germany supports Kiel to Berlin with Munich, as Russia moves to Berlin with the same
    // strength from Prussia and Silesia; Kiel's implied move bounces. Silesia's support is
    // cut by nobody; Munich's support is cut by Bohemia (Austria).
    let units = [
        army(&map, "Germany", "Kiel"),
        army(&map, "Germany", "Munich"),
        army(&map, "Russia", "Prussia"),
        army(&map, "Russia", "Silesia"),
        army(&map, "Austria", "Bohemia"),
    ];
    let position = position(&map, &units);
    let orders = [
        order(&map, "Germany", "A Munich Supports A Kiel - Berlin"),
        order(&map, "Russia", "A Prussia - Berlin"),
        order(&map, "Russia", "A Silesia Supports A Prussia - Berlin"),
        order(&map, "Austria", "A Bohemia - Munich"),
    ];
    let outcome = dip::adjudicate(&map, &position, &orders, &allowed()).expect("adjudicates");
    // Munich's support is cut: Kiel's attack 1 against Prussia's 2; Prussia enters Berlin.
    assert!(matches!(outcome.results[0], OrderResult::Fails(Failure::SupportCut { .. })), "{:?}", outcome.results);
    assert_eq!(outcome.results[1], OrderResult::Succeeds);
    assert_eq!(outcome.implied.len(), 1);
    let kiel = map.province_by_name("Kiel").expect("kiel");
    let prussia = map.province_by_name("Prussia").expect("prussia");
    assert_eq!(
        outcome.implied[0].result,
        OrderResult::Fails(Failure::Bounced { by: Provinces::from_slice(&[prussia]) })
    );
    assert!(outcome.position.units.iter().any(|u| map.province_of(u.loc) == kiel), "Kiel stays");

    let explanation = dip::explain(&map, &position, &orders, &allowed()).expect("explains");
    dip::check::explanation(&map, &outcome, &explanation).expect("the explanation adds up");
    let results = mila_results(&map, &position, &orders, Outcome::Movement(&outcome));
    assert_eq!(results.get("A KIE").cloned(), Some(vec!["bounce".to_string()]), "{results:?}");
}

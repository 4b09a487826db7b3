//! The position files in `examples/` read without a fault and every order parses.

use dip_map::{Map, PhaseKind, Position};
use dip_orders::PositionFile;

fn map() -> Map {
    match dip_map::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/standard.ron")) {
        Ok(map) => map,
        Err(e) => panic!("standard.ron does not load:\n{e}"),
    }
}

/// Reads an example, checks every order parses, and returns the unit count and phase.
fn check(name: &str, orders: usize) -> (usize, String) {
    let (position, count) = read(name, orders);
    (count, position.phase.to_string())
}

fn read(name: &str, orders: usize) -> (Position, usize) {
    let path = format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let file: PositionFile = ron::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(file.variant, "standard");
    let map = map();
    let (position, lines) = file.read(&map, Some(&text)).unwrap_or_else(|problems| panic!("{path}: {problems:#?}"));
    assert_eq!(position.phase.kind, PhaseKind::Movement);
    assert_eq!(lines.len(), orders);
    for line in &lines {
        let order = match &line.parsed {
            Ok(order) => order,
            Err(e) => panic!("{path}:{}: `{}`: {e}", line.line.unwrap_or(0), line.text),
        };
        assert!(line.line.is_some(), "no line for `{}`", line.text);
        // Each order is for a unit of its own power that stands where the order says.
        let unit =
            position.unit_in(&map, order.unit.place.province).unwrap_or_else(|| panic!("no unit for `{}`", line.text));
        assert_eq!(unit.power, line.power, "`{}`", line.text);
        assert_eq!(Some(unit.kind), order.unit.kind, "`{}`", line.text);
    }
    // One order for each unit.
    assert_eq!(lines.len(), position.units.len());
    let count = position.units.len();
    (position, count)
}

#[test]
fn opening() {
    assert_eq!(check("opening_s1901.ron", 22), (22, "Spring 1901 Movement".to_string()));
    // The same position the map's own opening gives.
    let (position, _) = read("opening_s1901.ron", 22);
    let mut opening = Position::opening(&map());
    opening.normalise();
    assert_eq!(position, opening);
}

#[test]
fn midgame() {
    assert_eq!(check("midgame_34.ron", 34), (34, "Spring 1905 Movement".to_string()));
}

/// The example in `examples/README.md` reads too.
#[test]
fn readme_example() {
    let readme = include_str!("../../../examples/README.md");
    let start = readme.find("```ron\n").expect("a ```ron block") + "```ron\n".len();
    let end = start + readme[start..].find("```").expect("the end of the block");
    let text = &readme[start..end];
    let file: PositionFile = ron::from_str(text).unwrap_or_else(|e| panic!("README example: {e}"));
    let (position, lines) = file.read(&map(), Some(text)).unwrap_or_else(|p| panic!("README example: {p:#?}"));
    assert_eq!(position.units.len(), 3);
    assert_eq!(lines.len(), 3);
    assert!(lines.iter().all(|l| l.parsed.is_ok()), "{lines:#?}");
}

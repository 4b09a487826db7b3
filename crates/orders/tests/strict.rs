//! Position files are read strictly: nothing in them is silently reinterpreted, dropped
//! or overwritten. Each fault is an error naming its line.

use dip_map::{Map, Phase, PhaseKind, Rules, Season};
use dip_orders::{FileProblem, PositionFile};

fn map() -> Map {
    dip_map::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/standard.ron")).expect("standard.ron loads")
}

/// A RON position file, with `implicit_some` as `dip new` writes it.
fn parse(text: &str) -> Result<PositionFile, ron::error::SpannedError> {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME).from_str(text)
}

/// Reads a RON position file; the problems, or nothing if it reads.
fn problems(text: &str) -> Vec<FileProblem> {
    let file = match parse(text) {
        Ok(file) => file,
        Err(e) => return vec![FileProblem { line: Some(e.position.line), message: e.code.to_string() }],
    };
    match file.read(&map(), Some(text)) {
        Ok(_) => Vec::new(),
        Err(problems) => problems,
    }
}

/// Asserts that reading fails with a problem on `line` whose message contains `needle`.
fn refused(text: &str, line: usize, needle: &str) {
    let problems = problems(text);
    assert!(
        problems.iter().any(|p| p.line == Some(line) && p.message.contains(needle)),
        "expected `{needle}` at line {line}, got {problems:#?}"
    );
}

#[test]
fn phase_names_must_be_ones_the_variant_has() {
    for (text, needle) in [
        ("Winter 1901 Movement", "the winter has only the adjustment phase"),
        ("Winter 1901 Retreat", "the winter has only the adjustment phase"),
        ("Spring 1901 Adjustment", "adjustments are in the winter"),
        ("Fall 1901 Builds", "adjustments are in the winter"),
        ("Summer 1901 Movement", "is not Spring, Fall or Winter"),
        ("Spring 70000 Movement", "the year 70000 is out of range"),
        ("Spring 1901", "is not a phase"),
    ] {
        let error = text.parse::<Phase>().expect_err(text);
        assert!(error.contains(needle), "{text}: {error}");
        let file = format!("(\n variant: \"standard\",\n phase: \"{text}\",\n units: {{}},\n)");
        refused(&file, 3, needle);
    }
    let winter: Phase = "winter 1901 adjustments".parse().expect("any case, plural kinds");
    assert_eq!(winter, Phase { season: Season::Fall, year: 1901, kind: PhaseKind::Adjustment });
    assert_eq!(winter.to_string(), "Winter 1901 Adjustment");
    // Before the variant begins.
    refused("(\n variant: \"standard\",\n phase: \"Spring 1800 Movement\",\n units: {},\n)", 3, "before the variant");
}

#[test]
fn a_centre_listed_for_two_powers_is_refused() {
    let text = r#"(
    variant: "standard",
    units: {},
    centres: {
        "France": ["Paris", "Brest"],
        "Germany": ["Kiel", "Brest"],
        "Italy": ["Rome", "Rome"],
    },
)"#;
    refused(text, 6, "centre `Brest` is listed for France and for Germany");
    refused(text, 7, "centre `Rome` is listed twice for Italy");
}

#[test]
fn a_power_given_twice_is_refused_in_ron_and_json() {
    // The same key twice: the format reader itself refuses it, with the line.
    let text = "(\n variant: \"standard\",\n units: {\"France\": [\"A Paris\"]},\n orders: {\n \"France\": [\"A Paris - Burgundy\"],\n \"France\": [\"A Paris - Picardy\"],\n },\n)";
    refused(text, 6, "`France` is given twice");
    let json = "{\"variant\": \"standard\", \"units\": {\"France\": [\"A Paris\"]},\n \"orders\": {\"France\": [\"A Paris - Burgundy\"],\n \"France\": [\"A Paris - Picardy\"]}}";
    let error = serde_json::from_str::<PositionFile>(json).expect_err("duplicate key");
    assert!(error.to_string().contains("`France` is given twice"), "{error}");
    assert_eq!(error.line(), 3);
    // Two spellings of one power.
    let text = "(\n variant: \"standard\",\n units: {\n \"France\": [\"A Paris\"],\n \"FRA\": [\"A Brest\"],\n },\n)";
    refused(text, 5, "`FRA` in `units` is France again");
}

#[test]
fn two_units_in_one_province_are_refused() {
    let text =
        "(\n variant: \"standard\",\n units: {\n \"France\": [\"A Paris\"],\n \"Germany\": [\"A Paris\"],\n },\n)";
    refused(text, 5, "Paris already holds A Paris");
}

#[test]
fn names_on_the_board_must_match_exactly() {
    // `F Lodnon` is one edit from London: an order would be read (DATC 4.E.2), a board not.
    let text = "(\n variant: \"standard\",\n units: {\n \"England\": [\"F Lodnon\"],\n },\n)";
    refused(text, 4, "did you mean London");
    let text =
        "(\n variant: \"standard\",\n units: {\"England\": [\"F London\"]},\n centres: {\"England\": [\"Lodnon\"]},\n)";
    refused(text, 4, "unknown province `Lodnon`");
    // An order with the same misspelling is still read.
    let text = "(\n variant: \"standard\",\n units: {\"England\": [\"F London\"]},\n orders: {\"England\": [\"F Lodnon - North Sea\"]},\n)";
    assert!(problems(text).is_empty(), "{:#?}", problems(text));
}

#[test]
fn a_dislodged_unit_in_a_movement_phase_is_refused() {
    let text = r#"(
    variant: "standard",
    phase: "Fall 1901 Movement",
    units: {"Germany": ["A Berlin"], "Russia": ["A Kiel"]},
    dislodged: {"Germany": [(unit: "F Kiel", attacked_from: "Berlin")]},
)"#;
    refused(text, 5, "dislodged units wait only in a retreat phase");
}

/// A retreat phase with a German fleet dislodged from Kiel by an army from Berlin.
fn kiel(entry: &str) -> String {
    format!(
        r#"(
    variant: "standard",
    phase: "Spring 1901 Retreat",
    units: {{"Russia": ["A Kiel"], "England": ["F Denmark"]}},
    dislodged: {{"Germany": [
        {entry},
    ]}},
)"#
    )
}

#[test]
fn retreat_lists_are_checked_against_the_map_and_the_rules() {
    // Not adjacent: from Kiel to the Black Sea.
    refused(
        &kiel(r#"(unit: "F Kiel", attacked_from: "Berlin", retreats: ["Black Sea"])"#),
        6,
        "cannot retreat to Black Sea: it cannot move there",
    );
    // Into the attacker's province.
    refused(
        &kiel(r#"(unit: "F Kiel", attacked_from: "Berlin", retreats: ["Berlin"])"#),
        6,
        "the attacker came from there",
    );
    // Into an occupied province.
    refused(&kiel(r#"(unit: "F Kiel", attacked_from: "Berlin", retreats: ["Denmark"])"#), 6, "a unit stands there");
    // Listed twice.
    refused(&kiel(r#"(unit: "F Kiel", attacked_from: "Berlin", retreats: ["Holland", "Holland"])"#), 6, "listed twice");
    // The attacker's own province must hold the attacker, of another power.
    let text = r#"(
    variant: "standard",
    phase: "Spring 1901 Retreat",
    units: {"Germany": ["A Berlin"]},
    dislodged: {"Germany": [(unit: "F Kiel", attacked_from: "Berlin", retreats: ["Holland"])]},
)"#;
    refused(text, 5, "no unit stands in Kiel");
    // A list the map allows reads.
    assert!(
        problems(&kiel(r#"(unit: "F Kiel", attacked_from: "Berlin", retreats: ["Holland", "Baltic Sea"])"#)).is_empty()
    );
}

#[test]
fn retreats_are_worked_out_when_the_file_gives_only_the_attack() {
    let map = map();
    let read = |entry: &str, contested: &str| {
        let text = kiel(entry).replace("    units:", &format!("    contested: [{contested}],\n    units:"));
        let file = parse(&text).expect("a position file");
        let (position, _) = file.read(&map, Some(&text)).unwrap_or_else(|p| panic!("{p:#?}"));
        let mut names: Vec<String> = position.dislodged[0].retreats.iter().map(|&l| map.loc_name(l)).collect();
        names.sort();
        names.join(", ")
    };
    // Kiel borders Baltic Sea, Berlin (the attacker's origin), Denmark (held), Helgoland
    // Bight and Holland.
    let entry = r#"(unit: "F Kiel", attacked_from: "Berlin")"#;
    assert_eq!(read(entry, ""), "Baltic Sea, Heligoland Bight, Holland");
    // A standoff left Holland empty: no retreat there.
    assert_eq!(read(entry, "\"Holland\""), "Baltic Sea, Heligoland Bight");
    // After a convoyed attack the origin is open under the default §4.A.5 choice, not
    // under choice a.
    let army = r#"(unit: "A Kiel", attacked_from: "Berlin", by_convoy: true)"#;
    assert_eq!(read(army, ""), "Berlin, Holland, Munich, Ruhr");
    let mut forbid = Rules::default();
    forbid.set("4.A.5", "a").expect("a choice");
    let text = kiel(army);
    let file = parse(&text).expect("a position file");
    let (position, _) = file.read_with(&map, Some(&text), &forbid, &dip_io::Limits::DEFAULT).expect("reads");
    assert!(!position.dislodged[0].retreats.contains(&map.main_loc(map.province_by_name("Berlin").expect("ber"))));
}

#[test]
fn caps_on_order_count_and_length_are_errors_not_hangs() {
    let limits = dip_io::Limits { max_orders: 3, max_line_bytes: 40, ..dip_io::Limits::DEFAULT };
    let map = map();
    let rules = Rules::default();
    let orders: Vec<String> = (0..4).map(|_| "\"A Paris Hold\"".to_string()).collect();
    let text = format!(
        "(\n variant: \"standard\",\n units: {{\"France\": [\"A Paris\"]}},\n orders: {{\"France\": [{}]}},\n)",
        orders.join(", ")
    );
    let file = parse(&text).expect("reads");
    let problems = file.read_with(&map, Some(&text), &rules, &limits).expect_err("too many orders");
    assert!(problems[0].message.contains("4 orders: more than the limit of 3"), "{problems:#?}");
    let long = format!("A Paris - {}", "x".repeat(100));
    let text = format!(
        "(\n variant: \"standard\",\n units: {{\"France\": [\"A Paris\"]}},\n orders: {{\"France\": [\n\"{long}\"]}},\n)"
    );
    let file = parse(&text).expect("reads");
    let problems = file.read_with(&map, Some(&text), &rules, &limits).expect_err("too long");
    assert_eq!(problems[0].line, Some(5));
    assert!(problems[0].message.contains("order of 110 bytes: longer than the limit of 40 bytes"), "{problems:#?}");
}

#[test]
fn each_of_many_equal_orders_is_placed_on_its_own_line() {
    let orders: Vec<String> = (0..5).map(|_| "\"A Pars Hold\"".to_string()).collect();
    let text = format!(
        "(\n variant: \"standard\",\n units: {{\"France\": [\"A Paris\"]}},\n orders: {{\"France\": [\n{}]}},\n)",
        orders.join(",\n")
    );
    let file = parse(&text).expect("reads");
    let (_, lines) = file.read(&map(), Some(&text)).expect("reads");
    let at: Vec<Option<usize>> = lines.iter().map(|l| l.line).collect();
    assert_eq!(at, [Some(5), Some(6), Some(7), Some(8), Some(9)]);
}

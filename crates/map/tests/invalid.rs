//! Breaks `variants/standard.ron` in code and checks that the loader reports each fault
//! with the right line and province.

use dip_map::{LoadError, Problem};

const STANDARD: &str = include_str!("../../../variants/standard.ron");
const FILE: &str = "broken.ron";

/// The text with `from` replaced by `to`; `from` must occur exactly once.
fn replace_once(text: &str, from: &str, to: &str) -> String {
    assert_eq!(text.matches(from).count(), 1, "`{from}` must occur exactly once");
    text.replacen(from, to, 1)
}

/// The 1-based line of the only line containing `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    let found: Vec<usize> = text.lines().enumerate().filter(|(_, l)| l.contains(needle)).map(|(i, _)| i + 1).collect();
    assert_eq!(found.len(), 1, "`{needle}` must be on exactly one line, found on {found:?}");
    found[0]
}

/// The problems of a text that must fail validation; checks the Display of each.
fn invalid(text: &str) -> Vec<Problem> {
    let err = match dip_map::load_str(FILE, text) {
        Ok(_) => panic!("the broken variant loaded"),
        Err(e) => e,
    };
    let LoadError::Invalid { file, problems } = &err else { panic!("expected LoadError::Invalid, got {err:?}") };
    assert_eq!(file, FILE);
    let display = err.to_string();
    for p in problems {
        let line = p.line.unwrap_or_else(|| panic!("problem without a line: {p:?}"));
        assert!(display.contains(&format!("{FILE}:{line}: ")), "`{display}` lacks line {line}");
        assert!(display.contains(&p.message));
    }
    problems.clone()
}

/// The one problem whose message contains `part`.
fn find<'a>(problems: &'a [Problem], part: &str) -> &'a Problem {
    let found: Vec<&Problem> = problems.iter().filter(|p| p.message.contains(part)).collect();
    assert_eq!(found.len(), 1, "expected one problem saying `{part}` in {problems:#?}");
    found[0]
}

fn assert_problem(p: &Problem, line: usize, province: Option<&str>) {
    assert_eq!(p.line, Some(line), "line of {p:?}");
    assert_eq!(p.province.as_deref(), province, "province of {p:?}");
}

#[test]
fn standard_loads() {
    let map = dip_map::load_str(FILE, STANDARD).expect("standard.ron loads");
    assert_eq!(map.province_count(), 75);
}

/// (a) Ukraine no longer lists Galicia, but Galicia lists Ukraine.
#[test]
fn one_way_army_border() {
    let text =
        replace_once(STANDARD, r#"army: ["gal", "mos", "rum", "sev", "war"]"#, r#"army: ["mos", "rum", "sev", "war"]"#);
    let problems = invalid(&text);
    assert_eq!(problems.len(), 1, "{problems:#?}");
    let p = find(&problems, "one-way");
    assert!(p.message.contains("`ukr`"), "{p:?}");
    assert_problem(p, line_of(&text, r#"army: ["boh", "bud", "rum", "sil", "ukr", "vie", "war"]"#), Some("gal"));
}

/// A one-way fleet border is reported on the fleet line, not on an army line that names
/// the same neighbour.
#[test]
fn one_way_fleet_border() {
    // Gascony's fleet no longer reaches Brest; Brest's fleet still reaches Gascony.
    let text = replace_once(STANDARD, r#"fleet: ["bre", "mao", "spa/nc"]"#, r#"fleet: ["mao", "spa/nc"]"#);
    let problems = invalid(&text);
    assert_eq!(problems.len(), 1, "{problems:#?}");
    let p = find(&problems, "one-way");
    assert_problem(p, line_of(&text, r#"fleet: ["eng", "gas", "mao", "pic"]"#), Some("bre"));

    // The same on a coast: Bothnia no longer reaches St Petersburg's south coast.
    let text = replace_once(
        STANDARD,
        r#"fleet: ["bal", "fin", "lvn", "stp/sc", "swe"]"#,
        r#"fleet: ["bal", "fin", "lvn", "swe"]"#,
    );
    let problems = invalid(&text);
    assert_eq!(problems.len(), 1, "{problems:#?}");
    let p = find(&problems, "one-way");
    assert!(p.message.contains("stp/sc"), "{p:?}");
    assert_problem(
        p,
        line_of(&text, r#"(abbr: "sc", name: "South Coast", fleet: ["bot", "fin", "lvn"])"#),
        Some("stp"),
    );
}

/// (b) A second province with London's abbreviation.
#[test]
fn duplicate_abbreviation() {
    let extra = "        (abbr: \"lon\", name: \"Londinium\", terrain: Land),\n    ],\n    start: (";
    let text = replace_once(STANDARD, "    ],\n    start: (", extra);
    let problems = invalid(&text);
    assert_eq!(problems.len(), 1, "{problems:#?}");
    let p = find(&problems, "duplicate abbreviation");
    assert_problem(p, line_of(&text, "Londinium"), Some("lon"));
}

/// (c) A misspelled neighbour in Greece's army list: unknown, and Bulgaria's border to
/// Greece becomes one-way.
#[test]
fn typo_in_adjacency_list() {
    let text = replace_once(STANDARD, r#"army: ["alb", "bul", "ser"]"#, r#"army: ["alb", "blu", "ser"]"#);
    let problems = invalid(&text);
    assert_eq!(problems.len(), 2, "{problems:#?}");
    let p = find(&problems, "unknown province `blu`");
    assert_problem(p, line_of(&text, r#""blu""#), Some("gre"));
    let p = find(&problems, "one-way");
    assert_problem(p, line_of(&text, r#"army: ["con", "gre", "rum", "ser"]"#), Some("bul"));
}

/// (d) Vienna loses its supply centre but stays Austria's home.
#[test]
fn home_centre_not_a_supply_centre() {
    let text = replace_once(
        STANDARD,
        "name: \"Vienna\",\n            aliases: [\"vien\"],\n            terrain: Land,\n            centre: true,\n",
        "name: \"Vienna\",\n            aliases: [\"vien\"],\n            terrain: Land,\n",
    );
    let problems = invalid(&text);
    assert_eq!(problems.len(), 1, "{problems:#?}");
    let p = find(&problems, "not a supply centre");
    assert!(p.message.contains("Austria"), "{p:?}");
    assert_problem(p, line_of(&text, r#"(name: "Austria""#), Some("vie"));
}

/// (e) France starts with a fleet in Paris.
#[test]
fn starting_fleet_inland() {
    let text = replace_once(
        STANDARD,
        r#"(power: "France", kind: Army, at: "par")"#,
        r#"(power: "France", kind: Fleet, at: "par")"#,
    );
    let problems = invalid(&text);
    assert_eq!(problems.len(), 1, "{problems:#?}");
    let p = find(&problems, "cannot stand");
    assert_problem(p, line_of(&text, r#"(power: "France", kind: Fleet, at: "par")"#), Some("par"));
}

/// (f) The Aegean borders a north coast of Bulgaria that does not exist.
#[test]
fn coast_that_does_not_exist() {
    let aegean = r#"fleet: ["bul/sc", "con", "eas", "gre", "ion", "smy"]"#;
    let text = replace_once(STANDARD, aegean, &aegean.replace("bul/sc", "bul/nc"));
    let problems = invalid(&text);
    assert_eq!(problems.len(), 2, "{problems:#?}");
    let p = find(&problems, "no coast `nc`");
    assert_problem(p, line_of(&text, r#""bul/nc""#), Some("aeg"));
    // Bulgaria's south coast still lists the Aegean.
    let p = find(&problems, "one-way");
    assert_problem(
        p,
        line_of(&text, r#"(abbr: "sc", name: "South Coast", fleet: ["aeg", "con", "gre"])"#),
        Some("bul"),
    );
}

/// (g) Three faults at once give three problems.
#[test]
fn three_faults_at_once() {
    let text =
        replace_once(STANDARD, r#"army: ["gal", "mos", "rum", "sev", "war"]"#, r#"army: ["mos", "rum", "sev", "war"]"#);
    let text = replace_once(
        &text,
        r#"(power: "France", kind: Army, at: "par")"#,
        r#"(power: "France", kind: Fleet, at: "par")"#,
    );
    let text = replace_once(&text, r#"homes: ["bud", "tri", "vie"]"#, r#"homes: ["bud", "tri", "boh"]"#);
    let problems = invalid(&text);
    assert_eq!(problems.len(), 3, "{problems:#?}");
    assert_problem(
        find(&problems, "one-way"),
        line_of(&text, r#"army: ["boh", "bud", "rum", "sil", "ukr", "vie", "war"]"#),
        Some("gal"),
    );
    assert_problem(
        find(&problems, "cannot stand"),
        line_of(&text, r#"(power: "France", kind: Fleet, at: "par")"#),
        Some("par"),
    );
    assert_problem(find(&problems, "not a supply centre"), line_of(&text, r#"(name: "Austria""#), Some("boh"));
    let err = dip_map::load_str(FILE, &text).expect_err("broken");
    assert!(err.to_string().starts_with("invalid variant (3 problems):"), "{err}");
    assert_eq!(err.lines().len(), 3);
}

/// A missing comma is a RON syntax error with the line of the fault.
#[test]
fn syntax_error() {
    let text = replace_once(STANDARD, r#"army: ["kie", "mun", "pru", "sil"]"#, r#"army: ["kie" "mun", "pru", "sil"]"#);
    let err = dip_map::load_str(FILE, &text).expect_err("broken");
    let LoadError::Syntax { file, line, column, .. } = &err else { panic!("expected LoadError::Syntax, got {err:?}") };
    assert_eq!(file, FILE);
    assert_eq!(*line, line_of(&text, r#"army: ["kie" "mun""#));
    assert!(*column > 1);
    assert!(err.to_string().starts_with(&format!("{FILE}:{line}:{column}: ")), "{err}");
}

/// An unknown terrain is reported as a syntax error on its line too.
#[test]
fn unknown_terrain() {
    let text = replace_once(
        STANDARD,
        "name: \"Bohemia\",\n            terrain: Land,",
        "name: \"Bohemia\",\n            terrain: Swamp,",
    );
    let err = dip_map::load_str(FILE, &text).expect_err("broken");
    let LoadError::Syntax { line, .. } = &err else { panic!("expected LoadError::Syntax, got {err:?}") };
    assert_eq!(*line, line_of(&text, "Swamp"));
}

/// Two starting units in Budapest: the problem names the second unit's line, not the
/// first line that mentions `"bud"`.
#[test]
fn two_starting_units_in_one_province() {
    let text = replace_once(
        STANDARD,
        r#"(power: "Austria", kind: Army, at: "vie"),"#,
        "(power: \"Austria\", kind: Army, at: \"bud\"), // 2",
    );
    let problems = invalid(&text);
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert_problem(find(&problems, "two starting units"), line_of(&text, r#"at: "bud"), // 2"#), Some("bud"));
}

const COLONIAL: &str = include_str!("../../../variants/colonial.ron");

#[test]
fn railroad_and_canal_names_must_read_as_nothing_else() {
    let text = replace_once(COLONIAL, "short: \"TSR\"", "short: \"Moscow\"");
    let problems = invalid(&text);
    assert_problem(
        find(&problems, "short name `Moscow` is also a province name"),
        line_of(&text, "short: \"Moscow\""),
        None,
    );

    let text = replace_once(COLONIAL, "short: \"SC\"", "short: \"TSR\"");
    let problems = invalid(&text);
    assert!(find(&problems, "short name `TSR` is used twice").line.is_some());

    let text = replace_once(COLONIAL, "short: \"SC\"", "short: \"Turkey\"");
    assert!(find(&invalid(&text), "short name `Turkey` is also a power name").line.is_some());

    let text = replace_once(COLONIAL, "short: \"SC\"", "short: \"S C\"");
    assert!(find(&invalid(&text), "must be one word").line.is_some());
}

#[test]
fn railroad_stations_and_canal_ends_are_checked() {
    let text = replace_once(COLONIAL, "stations: [\"mos\", \"prm\"", "stations: [\"mos\", \"okhs\"");
    let problems = invalid(&text);
    assert_problem(
        find(&problems, "station `okhs` is a sea"),
        line_of(&text, "name: \"Trans-Siberian Railroad\""),
        None,
    );

    let text = replace_once(COLONIAL, "stations: [\"mos\", \"prm\"", "stations: [\"mos\", \"mos\"");
    assert!(find(&invalid(&text), "station `mos` is listed twice").line.is_some());

    let text = replace_once(COLONIAL, "between: (\"meds\", \"reds\")", "between: (\"meds\", \"goa\")");
    let problems = invalid(&text);
    assert_problem(
        find(&problems, "`meds` and `goa` must border for fleets"),
        line_of(&text, "name: \"Suez Canal\""),
        None,
    );
}

/// A rule issue or choice dip does not know is a fault of the file, with the line of the
/// issue, whatever loads it (not only the programs that play); a comment naming the issue
/// before the `rules:` map is not taken for it.
#[test]
fn unknown_rule_issue_or_choice() {
    let text = replace_once(
        STANDARD,
        "    rules: {},\n",
        "    // \"4.A.2\": explained here.\n    rules: {\n        \"4.A.2\": \"nonsense\",\n        \"4.Z.9\": \"a\",\n        \"4.A.1\": \"b\",\n    },\n",
    );
    let problems = invalid(&text);
    assert_eq!(problems.len(), 2, "{problems:#?}");
    let at = line_of(&text, "\"4.A.2\": \"nonsense\"");
    assert_problem(find(&problems, "rules: issue 4.A.2 has no choice `nonsense`"), at, None);
    assert_problem(find(&problems, "rules: unknown DATC issue `4.Z.9`"), at + 1, None);
    // A choice the issue has loads, and is the variant's default.
    let text = replace_once(STANDARD, "    rules: {},\n", "    rules: {\"4.A.1\": \"b\"},\n");
    let map = dip_map::load_str(FILE, &text).expect("a known choice loads");
    assert_eq!(map.default_rules(), [("4.A.1".to_string(), "b".to_string())]);
}

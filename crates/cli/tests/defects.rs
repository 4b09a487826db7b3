//! Each defect of issue #11 that a user meets through the `dip` command, as the command
//! meets it: every one of these tests failed before the fix (the input was silently
//! misread, dropped or overwritten, and `dip` said nothing and exited 0, or panicked).

mod program;

use program::{dip, folder, write};
use std::path::Path;

/// A file in a fresh folder of the test.
fn file(test: &str, name: &str, text: &str) -> String {
    write(&folder("defects", test), name, text)
}

/// `dip adjudicate` refuses the file: exit 1, a message naming the file and containing
/// `needle`, and no adjudication printed.
fn refused(test: &str, text: &str, line: usize, needle: &str) {
    let path = file(test, "position.ron", text);
    let run = dip(&["adjudicate", &path]);
    assert_eq!(run.code, Some(1), "exit code; stdout:\n{}\nstderr:\n{}", run.stdout, run.stderr);
    assert!(run.stderr.contains(&format!("{path}:{line}:")), "no line {line}: {}", run.stderr);
    assert!(run.stderr.contains(needle), "expected `{needle}` in {}", run.stderr);
    assert!(!run.stdout.contains("Next position"), "{}", run.stdout);
}

/// The opening of the standard map in `phase`, with orders.
fn opening(phase: &str, orders: &str) -> String {
    format!(
        r#"#![enable(implicit_some)]
(
    variant: "standard",
    phase: "{phase}",
    units: {{
        "Austria": ["A Vienna", "A Budapest", "F Trieste"],
        "England": ["F London", "F Edinburgh", "A Liverpool"],
        "France": ["F Brest", "A Paris", "A Marseilles"],
        "Germany": ["F Kiel", "A Berlin", "A Munich"],
        "Italy": ["F Naples", "A Rome", "A Venice"],
        "Russia": ["F St Petersburg(sc)", "A Moscow", "A Warsaw", "F Sevastopol"],
        "Turkey": ["F Ankara", "A Constantinople", "A Smyrna"],
    }},
    orders: {{ {orders} }},
)
"#
    )
}

#[test]
fn a_winter_movement_phase_is_refused_not_played_as_the_fall() {
    refused("winter-movement", &opening("Winter 1901 Movement", ""), 4, "the winter has only the adjustment phase");
}

#[test]
fn a_spring_adjustment_phase_is_refused_not_played_as_the_winter() {
    refused("spring-adjustment", &opening("Spring 1901 Adjustment", ""), 4, "adjustments are in the winter");
}

#[test]
fn the_fall_of_65535_is_not_followed_by_spring_0() {
    // Nobody gains or loses a centre: the next phase would be Spring 65536.
    let path = file("last-year", "position.ron", &opening("Fall 65535 Movement", ""));
    let run = dip(&["adjudicate", &path]);
    assert_eq!(run.code, Some(1), "stdout:\n{}\nstderr:\n{}", run.stdout, run.stderr);
    assert!(run.stderr.contains("the game cannot go on past 65535"), "{}", run.stderr);
    assert!(!run.stdout.contains("Spring 0"), "{}", run.stdout);
}

#[test]
fn a_centre_listed_for_two_powers_is_refused() {
    let text = opening("Spring 1901 Movement", "").replace(
        "    orders: {  },",
        "    centres: {\n        \"France\": [\"Paris\", \"Belgium\"],\n        \"Germany\": [\"Belgium\"],\n    },",
    );
    refused("centre-twice", &text, 16, "centre `Belgium` is listed for France and for Germany");
}

/// A retreat phase: the German fleet in Kiel dislodged by the Russian army from Berlin.
fn kiel(retreats: &str, order: &str) -> String {
    format!(
        r#"#![enable(implicit_some)]
(
    variant: "standard",
    phase: "Spring 1901 Retreat",
    units: {{"Russia": ["A Kiel"], "England": ["F Denmark"]}},
    dislodged: {{"Germany": [
        (unit: "F Kiel", attacked_from: "Berlin", retreats: [{retreats}]),
    ]}},
    orders: {{"Germany": ["{order}"]}},
)
"#
    )
}

#[test]
fn a_retreat_list_with_a_place_the_fleet_cannot_reach_is_refused() {
    refused("black-sea", &kiel("\"Black Sea\"", "F Kiel - Black Sea"), 7, "cannot retreat to Black Sea");
}

#[test]
fn a_retreat_list_with_the_attackers_province_is_refused() {
    refused("into-attacker", &kiel("\"Berlin\"", "F Kiel - Berlin"), 7, "the attacker came from there");
}

#[test]
fn a_dislodged_unit_in_a_movement_phase_is_refused_not_dropped() {
    let text = kiel("\"Holland\"", "F Kiel - Holland").replace("Spring 1901 Retreat", "Spring 1901 Movement");
    refused("dislodged-in-movement", &text, 7, "dislodged units wait only in a retreat phase");
}

#[test]
fn a_misspelt_unit_on_the_board_is_refused_not_corrected() {
    let text = opening("Spring 1901 Movement", "").replace("\"F London\"", "\"F Lodnon\"");
    refused("lodnon", &text, 7, "did you mean London");
}

#[test]
fn a_power_given_twice_in_the_orders_is_refused_in_json_and_ron() {
    let json = "{\"variant\": \"standard\",\n \"units\": {\"France\": [\"A Paris\"]},\n \"orders\": {\"France\": [\"A Paris - Burgundy\"],\n \"France\": [\"A Paris - Picardy\"]}}";
    let path = file("json-twice", "position.json", json);
    let run = dip(&["adjudicate", &path]);
    assert_eq!(run.code, Some(1), "stdout:\n{}\nstderr:\n{}", run.stdout, run.stderr);
    assert!(run.stderr.contains("`France` is given twice"), "{}", run.stderr);
    let ron =
        opening("Spring 1901 Movement", "\"France\": [\"A Paris - Burgundy\"],\n \"France\": [\"A Paris - Picardy\"]");
    refused("ron-twice", &ron, 15, "`France` is given twice");
}

#[test]
fn an_orders_file_for_another_phase_is_refused_not_held() {
    let new = dip(&["new", "standard"]);
    let game = file("wrong-phase", "game.ron", &new.stdout);
    // Fall orders, in the form that says nothing of the phase and in the keyed form.
    let dir = Path::new(&game).parent().expect("a folder").to_path_buf();
    let bare = dir.join("f1901-bare.ron");
    std::fs::write(&bare, "{\"France\": [\"A Burgundy - Belgium\"], \"Germany\": [\"A Ruhr - Belgium\"]}")
        .expect("write");
    for orders in [bare.to_string_lossy().into_owned(), "examples/game/f1901.ron".to_string()] {
        let run = dip(&["run", &game, &orders]);
        assert_eq!(run.code, Some(1), "{orders}: stdout:\n{}\nstderr:\n{}", run.stdout, run.stderr);
        assert!(!run.stdout.contains("== Spring 1901 Movement =="), "{orders}: a phase was played: {}", run.stdout);
    }
}

/// A variant file with `powers` powers, each with one home centre.
fn many_powers(powers: usize) -> String {
    let mut text = String::from("(\n    name: \"many\",\n    title: \"Many powers\",\n    powers: [\n");
    for i in 0..powers {
        text.push_str(&format!(
            "        (name: \"Pw{i}\", adjective: \"Pw{i}\", short: \"P{i}\", homes: [\"h{i}\"]),\n"
        ));
    }
    text.push_str("    ],\n    provinces: [\n");
    for i in 0..powers {
        text.push_str(&format!("        (abbr: \"h{i}\", name: \"Home {i}\", terrain: Land, centre: true),\n"));
    }
    text.push_str("    ],\n    start: (season: Spring, year: 1901, units: []),\n    victory: (centres: 1),\n)\n");
    text
}

#[test]
fn a_variant_with_257_powers_is_refused_not_wrapped() {
    let path = file("257-powers", "many.ron", &many_powers(257));
    let run = dip(&["show", &path]);
    assert_eq!(run.code, Some(1), "stdout:\n{}", &run.stdout[..run.stdout.len().min(2000)]);
    assert!(run.stderr.contains("257 powers: a map may have at most 255 (power ids are 8 bits)"), "{}", run.stderr);
}

//! Runs the built `dip` binary from the workspace root.

mod program;

use program::dip;
use std::path::PathBuf;

/// A file in a fresh temporary folder, unique to the test.
fn temp_file(test: &str, name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dip-cli-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write temp file");
    path
}

#[test]
fn variants_lists_the_embedded_standard_map() {
    let run = dip(&["variants"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let line = run.stdout.lines().find(|l| l.starts_with("standard ")).expect("the standard map");
    assert!(line.ends_with("embedded"), "{line}");
    for part in ["Standard Diplomacy", "7 powers", "75 provinces", "34 centres"] {
        assert!(line.contains(part), "{part} missing from {line}");
    }
    // Every file of variants/ is embedded, and listed once.
    assert!(run.stdout.lines().any(|l| l.starts_with("colonial ") && l.ends_with("embedded")), "{}", run.stdout);
    assert_eq!(run.stdout.lines().filter(|l| l.starts_with("standard ")).count(), 1, "{}", run.stdout);
}

#[test]
fn variants_with_a_missing_folder_names_it() {
    let run = dip(&["variants", "--dir", "no/such/folder"]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("no/such/folder"), "{}", run.stderr);
}

#[test]
fn show_standard_lists_powers_provinces_and_coasts() {
    let run = dip(&["show", "standard"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains("stp/sc"), "{}", run.stdout);
    assert!(run.stdout.contains("homes: mos, sev, stp, war"), "{}", run.stdout);
    assert!(run.stdout.contains("fleet stp/nc: bar, nwy"), "{}", run.stdout);
}

#[test]
fn show_accepts_a_path() {
    let run = dip(&["show", "variants/standard.ron"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains("stp/sc"));
}

#[test]
fn show_reports_every_problem_of_a_broken_variant() {
    let path = temp_file("broken-variant", "broken.ron", "(name: \"broken\", title: 3)");
    let arg = path.to_string_lossy().into_owned();
    let run = dip(&["show", &arg]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains(&arg), "{}", run.stderr);
}

#[test]
fn show_unknown_variant_fails() {
    let run = dip(&["show", "nosuchvariant"]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("nosuchvariant"), "{}", run.stderr);
}

#[test]
fn check_orders_reads_the_opening() {
    let run = dip(&["check-orders", "examples/opening_s1901.ron"]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("ok   England: F London - North Sea"), "{}", run.stdout);
    assert!(run.stdout.contains("ok   Russia: F St Petersburg(sc) - Finland"), "{}", run.stdout);
    assert_eq!(run.stdout.lines().filter(|l| l.starts_with("ok   ")).count(), 22);
}

#[test]
fn check_orders_reports_a_misspelt_province_with_file_and_line() {
    let text = r#"(
    variant: "standard",
    units: { "England": ["F London", "A Liverpool"] },
    orders: {
        "England": ["F London - North Sea", "A Liverpool - Xyzzy"],
    },
)
"#;
    let path = temp_file("misspelt", "misspelt.ron", text);
    let file = path.to_string_lossy().into_owned();
    let run = dip(&["check-orders", &file]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    let diagnostic = run.stdout.lines().find(|l| l.contains("Xyzzy")).expect("a diagnostic");
    assert!(diagnostic.starts_with(&format!("{file}:5:")), "{diagnostic}");
    assert!(diagnostic.contains("England: `A Liverpool - Xyzzy`: expected"), "{diagnostic}");
    assert!(run.stdout.contains("the unit holds"), "{}", run.stdout);
    assert!(run.stdout.contains("ok   England: F London - North Sea"), "{}", run.stdout);
}

#[test]
fn check_orders_reads_json_and_reports_file_problems() {
    let json = r#"{"variant": "standard", "units": {"Frnace": ["A Paris"]}, "orders": {}}"#;
    let path = temp_file("json-problem", "problem.json", json);
    let file = path.to_string_lossy().into_owned();
    let run = dip(&["check-orders", &file]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains(&format!("{file}:1: unknown power `Frnace`")), "{}", run.stderr);

    let json =
        r#"{"variant": "standard", "units": {"France": ["A Paris"]}, "orders": {"France": ["A Paris - Burgundy"]}}"#;
    let path = temp_file("json-ok", "ok.json", json);
    let run = dip(&["check-orders", &path.to_string_lossy()]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains("ok   France: A Paris - Burgundy"));
}

#[test]
fn missing_and_unreadable_files_are_named() {
    let run = dip(&["check-orders", "examples/no_such_file.ron"]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("examples/no_such_file.ron"), "{}", run.stderr);

    let path = temp_file("syntax", "syntax.ron", "(variant: \"standard\",\n units: {\"France\": [\"A Paris\"}\n)");
    let file = path.to_string_lossy().into_owned();
    let run = dip(&["adjudicate", &file]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.starts_with(&format!("{file}:2:")), "{}", run.stderr);

    let path = temp_file("extension", "orders.txt", "");
    let run = dip(&["check-orders", &path.to_string_lossy()]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("orders.txt"), "{}", run.stderr);
}

#[test]
fn usage_errors_exit_with_2() {
    assert_eq!(dip(&["adjudicate"]).code, Some(2));
    assert_eq!(dip(&["no-such-command"]).code, Some(2));
}

#[test]
fn adjudicate_the_opening() {
    let run = dip(&["adjudicate", "examples/opening_s1901.ron"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains("France: A Paris - Burgundy: succeeds"), "{}", run.stdout);
    assert!(run.stdout.contains("Austria: A Vienna - Galicia: fails, bounced by A Warsaw"), "{}", run.stdout);
    assert!(run.stdout.contains("Germany: A Munich - Burgundy: fails, bounced by A Paris"), "{}", run.stdout);
    assert!(run.stdout.contains("phase: \"Fall 1901 Movement\""), "{}", run.stdout);
}

#[test]
fn adjudicate_the_midgame_reports_the_dislodgement() {
    let run = dip(&["adjudicate", "examples/midgame_34.ron"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.contains("Russia: A Norway, dislodged by F Barents Sea: may retreat to Finland or St Petersburg"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("Germany: A Holland - Belgium: succeeds"), "{}", run.stdout);
}

#[test]
fn adjudicate_json_parses() {
    let run = dip(&["adjudicate", "--json", "examples/midgame_34.ron"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).expect("valid JSON");
    assert_eq!((&value["schema"], &value["version"]), (&serde_json::json!("dip-results"), &serde_json::json!(1)));
    let results = value["orders"].as_array().expect("orders");
    assert_eq!(results.len(), 34);
    let bar = results.iter().find(|r| r["order"] == "F Barents Sea - Norway").expect("F BAR - NWY");
    assert_eq!(bar["code"], "succeeds");
    assert_eq!(bar["power"], "England");
    for (i, row) in results.iter().enumerate() {
        assert_eq!(row["index"], i);
        assert!(row["line"].is_u64(), "{row}");
    }
    let dislodged = value["dislodged"].as_array().expect("dislodged");
    assert_eq!(dislodged.len(), 1);
    assert_eq!(dislodged[0]["unit"], "A Norway");
    assert_eq!(dislodged[0]["by"], "F Barents Sea");
    assert_eq!(dislodged[0]["attacker_from"], "Barents Sea");
    assert_eq!(dislodged[0]["retreats"], serde_json::json!(["Finland", "St Petersburg"]));
    assert_eq!(value["position"]["variant"], "standard");
}

#[test]
fn adjudicate_holds_units_with_unreadable_orders() {
    let json = r#"{"variant": "standard", "units": {"France": ["A Paris", "A Marseilles"]},
        "orders": {"France": ["A Paris - Burgundy", "A Marseilles - Xyzzy"]}}"#;
    let path = temp_file("unreadable", "unreadable.json", json);
    let run = dip(&["adjudicate", "--json", &path.to_string_lossy()]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).expect("valid JSON");
    let results = value["orders"].as_array().expect("orders");
    assert_eq!(results[1]["code"], "unreadable");
    assert_eq!(results[1]["text"], "A Marseilles - Xyzzy");
    assert_eq!(results[1]["error"]["column"], 16);
    assert!(results[1].get("order").is_none(), "{}", results[1]);
    assert_eq!(
        value["unordered"],
        serde_json::json!([{"power": "France", "unit": "A Marseilles", "code": "succeeds"}])
    );
    assert_eq!(value["position"]["units"]["France"], serde_json::json!(["A Burgundy", "A Marseilles"]));
}

#[test]
fn the_next_position_reads_back_and_its_retreats_adjudicate() {
    let run = dip(&["adjudicate", "examples/midgame_34.ron"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let start = run.stdout.find("#![enable(implicit_some)]").expect("the next position");
    let path = temp_file("next", "next.ron", &run.stdout[start..]);
    let file = path.to_string_lossy().into_owned();

    let check = dip(&["check-orders", &file]);
    assert_eq!(check.code, Some(0), "{}{}", check.stdout, check.stderr);

    // No orders: the dislodged A Norway is disbanded.
    let next = dip(&["adjudicate", &file]);
    assert_eq!(next.code, Some(0), "{}", next.stderr);
    assert!(next.stdout.contains(&format!("{file}: Spring 1905 Retreat")), "{}", next.stdout);
    assert!(next.stdout.contains("(no orders)"), "{}", next.stdout);
    assert!(next.stdout.contains("Russia: A Norway is disbanded: no valid retreat order"), "{}", next.stdout);
    assert!(next.stdout.contains("phase: \"Fall 1905 Movement\""), "{}", next.stdout);
}

#[test]
fn new_standard_round_trips_through_check_orders() {
    let run = dip(&["new", "standard"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains("phase: \"Spring 1901 Movement\""), "{}", run.stdout);
    assert!(run.stdout.contains("centres: {"), "{}", run.stdout);
    assert!(run.stdout.contains("\"Russia\": [\"Moscow\", \"Sevastopol\", \"St Petersburg\", \"Warsaw\"]"));
    assert!(run.stdout.contains("\"F St Petersburg(sc)\""), "{}", run.stdout);
    let path = temp_file("new", "game.ron", &run.stdout);
    let file = path.to_string_lossy().into_owned();
    let check = dip(&["check-orders", &file]);
    assert_eq!(check.code, Some(0), "{}{}", check.stdout, check.stderr);
    assert!(check.stdout.contains("0 orders read"), "{}", check.stdout);

    // The same from the variant file, and an unknown variant is named.
    let from_path = dip(&["new", "variants/standard.ron"]);
    assert_eq!(from_path.code, Some(0), "{}", from_path.stderr);
    assert_eq!(from_path.stdout, run.stdout);
    let unknown = dip(&["new", "nosuchvariant"]);
    assert_eq!(unknown.code, Some(1));
    assert!(unknown.stderr.contains("nosuchvariant"), "{}", unknown.stderr);
}

const YEAR: [&str; 3] = ["examples/game/s1901.ron", "examples/game/f1901.ron", "examples/game/w1901.ron"];

/// `dip new standard` in a temporary file.
fn new_game(test: &str) -> String {
    let new = dip(&["new", "standard"]);
    assert_eq!(new.code, Some(0), "{}", new.stderr);
    temp_file(test, "game.ron", &new.stdout).to_string_lossy().into_owned()
}

#[test]
fn run_plays_the_example_year() {
    let game = new_game("run-year");
    let mut args = vec!["run", game.as_str()];
    args.extend(YEAR);
    let run = dip(&args);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let out = &run.stdout;
    for heading in ["== Spring 1901 Movement ==", "== Fall 1901 Movement ==", "== Winter 1901 Adjustment =="] {
        assert!(out.contains(heading), "{heading} missing from {out}");
    }
    assert!(out.contains("Orders (examples/game/s1901.ron):"), "{out}");
    assert!(out.contains("Spring 1901 Retreat: no retreats"), "{out}");
    assert!(out.contains("Fall 1901 Retreat: no retreats"), "{out}");
    assert!(out.contains("Austria: A Vienna - Galicia: fails, bounced by A Warsaw"), "{out}");
    assert!(out.contains("England: A Yorkshire - Norway: succeeds"), "{out}");
    // The winter's results.
    let winter = &out[out.find("== Winter 1901 Adjustment ==").expect("the winter")..];
    assert!(winter.contains("France: Build F Brest: succeeds"), "{winter}");
    assert!(winter.contains("Russia: 6 centres, 4 units: may build 2: built 2"), "{winter}");
    assert!(winter.contains("Built:\nAustria: A Budapest\n"), "{winter}");
    assert!(winter.contains("== Spring 1902 Movement: next to play =="), "{winter}");
    assert!(winter.contains("Russia     6 centres, 6 units"), "{winter}");
    assert!(winter.contains("No winner yet (18 supply centres win)."), "{winter}");

    // The final position follows the report and reads back.
    let start = out.find("#![enable(implicit_some)]").expect("the final position");
    let position = &out[start..];
    assert!(position.contains("phase: \"Spring 1902 Movement\""), "{position}");
    for unit in ["\"F Portugal\"", "\"A Spain\"", "\"F Brest\"", "\"A Paris\"", "\"A Norway\"", "\"F Tunis\""] {
        assert!(position.contains(unit), "{unit} missing from {position}");
    }
    for unit in ["\"F St Petersburg(nc)\"", "\"A Holland\"", "\"F Denmark\"", "\"A Rumania\"", "\"F Greece\""] {
        assert!(position.contains(unit), "{unit} missing from {position}");
    }
    let path = temp_file("run-year", "final.ron", position);
    let check = dip(&["check-orders", &path.to_string_lossy()]);
    assert_eq!(check.code, Some(0), "{}{}", check.stdout, check.stderr);
}

/// `dip new colonial` and a year in which Russian armies use the Trans-Siberian Railroad.
#[test]
fn run_plays_a_colonial_year_on_the_railroad() {
    let new = dip(&["new", "colonial"]);
    assert_eq!(new.code, Some(0), "{}", new.stderr);
    let game = temp_file("run-colonial", "game.ron", &new.stdout).to_string_lossy().into_owned();
    let year = ["examples/colonial/s1870.ron", "examples/colonial/f1870.ron", "examples/colonial/w1870.ron"];
    let mut args = vec!["run", game.as_str()];
    args.extend(year);
    let run = dip(&args);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let out = &run.stdout;
    assert!(!out.contains("illegal") && !out.contains("expected"), "every order is legal and readable: {out}");
    assert!(out.contains("Russia: A Moscow - TSR - Irkutsk: succeeds"), "{out}");
    assert!(out.contains("Russia: A Omsk - TSR - Moscow: succeeds"), "{out}");
    assert!(out.contains("Russia: 7 centres, 5 units: may build 2: built 2"), "{out}");
    let start = out.find("#![enable(implicit_some)]").expect("the final position");
    let position = &out[start..];
    assert!(position.contains("phase: \"Spring 1871 Movement\""), "{position}");
    let russia = position.lines().find(|l| l.contains("\"Russia\": [\"A")).expect("Russian units");
    for unit in ["\"A Moscow\"", "\"A Omsk\"", "\"A Vladivostok\"", "\"A Seoul\""] {
        assert!(russia.contains(unit), "{unit} missing from {russia}");
    }
}

#[test]
fn run_writes_the_final_position_to_out_and_plays_the_game_files_orders() {
    // The opening with orders: those are the first phase's; the fall comes from a file.
    let out = temp_file("run-out", "final.ron", "");
    let out_arg = out.to_string_lossy().into_owned();
    let run = dip(&["run", "examples/opening_s1901.ron", "examples/game/f1901.ron", "--out", &out_arg]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("Orders (examples/opening_s1901.ron):"), "{}", run.stdout);
    assert!(run.stdout.contains(&format!("Final position (Winter 1901 Adjustment) written to {out_arg}")));
    assert!(!run.stdout.contains("#![enable(implicit_some)]"), "{}", run.stdout);
    let written = std::fs::read_to_string(&out).expect("the final position");
    assert!(written.contains("phase: \"Winter 1901 Adjustment\""), "{written}");
}

#[test]
fn run_reports_unreadable_orders_and_goes_on() {
    let game = new_game("run-unreadable");
    let orders = temp_file(
        "run-unreadable",
        "s1901.json",
        "{\"Spring 1901 Movement\": {\"France\": [\"A Paris - Burgundy\",\n \"A Marseilles - Xyzzy\"],\n \"Frnace\": [\"F Brest - Picardy\"]}}",
    );
    let file = orders.to_string_lossy().into_owned();
    let run = dip(&["run", &game, &file, "examples/game/f1901.ron"]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains(&format!("{file}:2:")), "{}", run.stdout);
    assert!(run.stdout.contains("France: `A Marseilles - Xyzzy`: expected"), "{}", run.stdout);
    assert!(run.stdout.contains("the order is ignored and the unit holds"), "{}", run.stdout);
    assert!(run.stdout.contains(&format!("{file}:3: unknown power `Frnace`")), "{}", run.stdout);
    assert!(run.stdout.contains("France: A Paris - Burgundy: succeeds"), "{}", run.stdout);
    // The game went on to the fall, where A Marseilles (which held) cannot be in Spain.
    assert!(run.stdout.contains("== Fall 1901 Movement =="), "{}", run.stdout);
    assert!(run.stdout.contains("France: A Spain Hold: illegal"), "{}", run.stdout);
}

#[test]
fn run_with_a_bad_orders_file_names_it_and_exits_1() {
    let game = new_game("run-bad");
    let bad = temp_file("run-bad", "bad.ron", "{\"France\": [\"A Paris - Burgundy\"\n");
    let file = bad.to_string_lossy().into_owned();
    let run = dip(&["run", &game, "examples/game/s1901.ron", &file]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert!(run.stderr.contains(&format!("{file}:")), "{}", run.stderr);
    assert!(!run.stdout.contains("=="), "{}", run.stdout);

    let run = dip(&["run", &game, "examples/game/no_such_file.ron"]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("examples/game/no_such_file.ron"), "{}", run.stderr);
}

#[test]
fn adjudicate_a_retreat_phase() {
    let run = dip(&["adjudicate", "examples/retreat_f1901.ron"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let out = &run.stdout;
    assert!(out.contains("Austria: A Vienna - Bohemia: fails: bounced with the retreat from Munich"), "{out}");
    assert!(out.contains("Austria: A Budapest - Galicia: succeeds"), "{out}");
    assert!(out.contains("Germany: A Berlin - Prussia: illegal: the unit was not dislodged"), "{out}");
    assert!(out.contains("Retreated:\nAustria: A Budapest retreats to Galicia\n"), "{out}");
    assert!(out.contains("Germany: A Munich is disbanded: its retreat bounced"), "{out}");
    // The fall is over: Russia's armies take Vienna and Budapest.
    assert!(out.contains("Next position (Winter 1901 Adjustment):"), "{out}");
    assert!(out.contains("\"Austria\": [\"Serbia\", \"Trieste\"]"), "{out}");
    assert!(out.contains("\"Russia\": [\"Budapest\", \"Moscow\""), "{out}");

    let json = dip(&["adjudicate", "--json", "examples/retreat_f1901.ron"]);
    assert_eq!(json.code, Some(0), "{}", json.stderr);
    let value: serde_json::Value = serde_json::from_str(&json.stdout).expect("valid JSON");
    assert_eq!(value["orders"].as_array().expect("orders").len(), 4);
    assert_eq!(value["orders"][1]["code"], "succeeds");
    assert_eq!(value["orders"][0]["code"], "bounced");
    assert_eq!(value["retreated"], serde_json::json!([{"power": "Austria", "unit": "A Budapest", "to": "Galicia"}]));
    let disbanded = value["disbanded"].as_array().expect("disbanded");
    assert_eq!(disbanded.len(), 2);
    assert!(disbanded.iter().all(|d| d["code"] == "bounced"), "{disbanded:?}");
    assert_eq!(value["position"]["phase"], "Winter 1901 Adjustment");
}

#[test]
fn adjudicate_an_adjustment_phase() {
    let run = dip(&["adjudicate", "examples/adjustment_w1901.ron"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let out = &run.stdout;
    assert!(out.contains("Austria: Build A Vienna: succeeds"), "{out}");
    assert!(out.contains("Austria: Build A Warsaw: illegal: that supply centre is not a home centre"), "{out}");
    assert!(out.contains("England: Build F London: illegal: the power may not build"), "{out}");
    assert!(out.contains("Russia: 3 centres, 5 units: must remove 2: removed 1, 1 more by civil disorder"), "{out}");
    assert!(out.contains("Built:\nAustria: A Vienna\nAustria: F Trieste\n"), "{out}");
    assert!(out.contains("Removed:\nRussia: A Livonia\nRussia: F Black Sea (civil disorder"), "{out}");
    assert!(out.contains("Next position (Spring 1902 Movement):"), "{out}");

    let json = dip(&["adjudicate", "--json", "examples/adjustment_w1901.ron"]);
    assert_eq!(json.code, Some(0), "{}", json.stderr);
    let value: serde_json::Value = serde_json::from_str(&json.stdout).expect("valid JSON");
    assert_eq!(value["orders"].as_array().expect("orders").len(), 5);
    assert_eq!(value["built"].as_array().expect("built").len(), 2);
    let removed = value["removed"].as_array().expect("removed");
    assert_eq!(removed[0]["code"], "ordered");
    assert_eq!(removed[1]["code"], "civil_disorder");
    assert_eq!(value["position"]["phase"], "Spring 1902 Movement");
    assert_eq!(value["powers"][0]["change"], 2);
}

#[test]
fn adjudicate_reports_unreadable_adjustment_orders() {
    let text = r#"#![enable(implicit_some)]
(
    variant: "standard",
    phase: "Winter 1901 Adjustment",
    units: { "Germany": ["F Denmark"] },
    centres: { "Germany": ["Berlin", "Kiel", "Munich", "Denmark"] },
    orders: { "Germany": ["Build A Berlin", "Build A Xyzzy"] },
)
"#;
    let path = temp_file("adjust-unreadable", "w1901.ron", text);
    let file = path.to_string_lossy().into_owned();
    let run = dip(&["adjudicate", &file]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains(&format!("{file}:7:")), "{}", run.stdout);
    assert!(run.stdout.contains("Germany: `Build A Xyzzy`: expected"), "{}", run.stdout);
    assert!(run.stdout.contains("Germany: 4 centres, 1 unit: may build 3: built 1, 2 not used"), "{}", run.stdout);
}

#[test]
fn adjudicate_explain_shows_strengths_supports_and_cutters() {
    let run = dip(&["adjudicate", "--explain", "examples/midgame_34.ron"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let text = &run.stdout;
    assert!(text.contains("Explanation:\n"), "{text}");
    // F Barents Sea dislodges A Norway; its attack strength and each opposing strength.
    let at = text.find("  England: F Barents Sea - Norway (succeeds)\n").expect("F BAR - NWY explained");
    let block: Vec<&str> = text[at..].lines().skip(1).take_while(|l| l.starts_with("    ")).collect();
    let want = [
        "    attack strength of F Barents Sea (England): 2 = 1 + 1 support; support from F Norwegian Sea (England) counted",
        "    hold strength of A Norway (Russia): 1 = 1 + 0 supports; support from A Sweden (Russia) cut by F Denmark (Germany)",
        "    route: direct, not by convoy",
        "    attack strength 2 beats every opposing strength",
    ];
    assert_eq!(block, want);
    // Without --explain there is no explanation.
    let plain = dip(&["adjudicate", "examples/midgame_34.ron"]);
    assert!(!plain.stdout.contains("Explanation:"), "{}", plain.stdout);
}

#[test]
fn adjudicate_explain_json_gives_each_order_its_explanation() {
    let run = dip(&["adjudicate", "--json", "--explain", "examples/midgame_34.ron"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).expect("valid JSON");
    let rows = value["orders"].as_array().expect("orders");
    for row in rows {
        let e = &row["explanation"];
        assert!(e["lines"].as_array().is_some_and(|l| !l.is_empty() || e["kind"] == "other"), "{row}");
        // A strength is 1 + the supports counted, unless a note says otherwise.
        let strengths = e["opposing"].as_array().into_iter().flatten().chain([&e["attack"], &e["hold"]]);
        for s in strengths.filter(|s| s.is_object()) {
            let counted = s["supports"]
                .as_array()
                .map_or(0, |l| l.iter().filter(|x| x["code"] == "counted" || x["code"] == "protected").count());
            if s["note"].is_null() {
                assert_eq!(s["value"].as_u64(), Some(1 + counted as u64), "{s}");
            }
        }
    }
    let bar = rows.iter().find(|r| r["order"] == "F Barents Sea - Norway").expect("F BAR - NWY");
    assert_eq!(bar["explanation"]["kind"], "move");
    assert_eq!(bar["explanation"]["attack"]["unit"], "F Barents Sea");
    assert_eq!(bar["explanation"]["route"]["code"], "direct");
    assert_eq!(bar["explanation"]["opposing"][0]["kind"], "hold");
    assert_eq!(bar["explanation"]["opposing"][0]["unit"], "A Norway");
    // Without --explain the rows have none.
    let plain = dip(&["adjudicate", "--json", "examples/midgame_34.ron"]);
    assert!(!plain.stdout.contains("\"explanation\""));
}

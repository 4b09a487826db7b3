//! Runs the built `dip` binary from the workspace root.

use std::path::{Path, PathBuf};
use std::process::Command;

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn dip(args: &[&str]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_dip")).args(args).current_dir(root()).output().expect("run dip");
    Run {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

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
    let line = run.stdout.lines().find(|l| l.ends_with("embedded")).expect("an embedded variant");
    assert!(line.starts_with("standard"), "{line}");
    for part in ["Standard Diplomacy", "7 powers", "75 provinces", "34 centres"] {
        assert!(line.contains(part), "{part} missing from {line}");
    }
    // The variants/ folder of the workspace is listed too.
    assert!(run.stdout.contains("variants/standard.ron"), "{}", run.stdout);
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
    let results = value["results"].as_array().expect("results");
    assert_eq!(results.len(), 34);
    let bar = results.iter().find(|r| r["order"] == "F Barents Sea - Norway").expect("F BAR - NWY");
    assert_eq!(bar["result"], "succeeds");
    assert_eq!(bar["power"], "England");
    let dislodged = value["dislodged"].as_array().expect("dislodged");
    assert_eq!(dislodged.len(), 1);
    assert_eq!(dislodged[0]["unit"], "A Norway");
    assert_eq!(dislodged[0]["by"], "F Barents Sea");
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
    let results = value["results"].as_array().expect("results");
    assert_eq!(results[1]["result"], "unreadable");
    assert!(results.iter().any(|r| r["order"] == "A Marseilles Hold"), "{results:?}");
    assert_eq!(value["position"]["units"]["France"], serde_json::json!(["A Burgundy", "A Marseilles"]));
}

#[test]
fn the_next_position_reads_back_and_retreats_are_refused() {
    let run = dip(&["adjudicate", "examples/midgame_34.ron"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let start = run.stdout.find("#![enable(implicit_some)]").expect("the next position");
    let path = temp_file("next", "next.ron", &run.stdout[start..]);
    let file = path.to_string_lossy().into_owned();

    let check = dip(&["check-orders", &file]);
    assert_eq!(check.code, Some(0), "{}{}", check.stdout, check.stderr);

    let next = dip(&["adjudicate", &file]);
    assert_eq!(next.code, Some(1));
    assert!(next.stderr.contains(&file), "{}", next.stderr);
    assert!(next.stderr.contains("retreat and adjustment phases are not supported yet"), "{}", next.stderr);
}

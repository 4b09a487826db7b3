//! `dip adjudicate --option ISSUE=CHOICE` changes the outcome exactly where a DATC case
//! says the choice does: for every recorded alternative whose board after the movement
//! phase differs from the preferred one, the command's next position differs too, and
//! for the others it does not.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use serde::Deserialize;

mod common;
use common::{group, ron_map};

#[derive(Deserialize)]
struct Case {
    id: String,
    variant: String,
    #[serde(default)]
    phase: Option<String>,
    #[serde(default)]
    centres: Option<BTreeMap<String, Vec<String>>>,
    /// The case's own choices (v2.5 cases written for an older preference); an
    /// alternative's apply on top of them.
    #[serde(default)]
    rules: BTreeMap<String, String>,
    units: Vec<String>,
    orders: Vec<(String, ron::Value)>,
    #[serde(default)]
    after: Vec<String>,
    #[serde(default)]
    alternatives: Vec<Alternative>,
}

#[derive(Deserialize)]
struct Alternative {
    rules: BTreeMap<String, String>,
    #[serde(default)]
    after: Vec<String>,
}

/// The units of the next position, as `Power: unit` sorted.
fn next_units(file: &Path, options: &[String]) -> Vec<String> {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dip"));
    // Variant files are found in the workspace's `variants/`.
    command.current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."));
    command.arg("adjudicate").arg("--json");
    for option in options {
        command.arg("--option").arg(option);
    }
    let output = command.arg(file).output().expect("run dip");
    assert!(output.status.success(), "{}: {}", file.display(), String::from_utf8_lossy(&output.stderr));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let mut units = Vec::new();
    if let Some(by_power) = report["position"]["units"].as_object() {
        for (power, list) in by_power {
            for unit in list.as_array().into_iter().flatten() {
                units.push(format!("{power}: {}", unit.as_str().unwrap_or_default()));
            }
        }
    }
    units.sort();
    units
}

fn sorted(list: &[String]) -> Vec<String> {
    let mut v = list.to_vec();
    v.sort();
    v
}

#[test]
fn options_change_the_outcome_where_the_datc_says_they_do() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let tmp = std::env::temp_dir().join(format!("dip-rule-options-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("temp dir");
    let mut changed = BTreeMap::<String, usize>::new();
    let mut paths = Vec::new();
    for dir in ["datc/v3.1", "datc/v2.5", "datc/dip"] {
        for entry in std::fs::read_dir(root.join(dir)).expect("datc dir") {
            paths.push(entry.expect("entry").path());
        }
    }
    for path in paths.into_iter().filter(|p| p.extension().is_some_and(|e| e == "ron")) {
        let text = std::fs::read_to_string(&path).expect("case file");
        let case: Case = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str(&text)
            .expect("case parses");
        if case.alternatives.is_empty() {
            continue;
        }
        let orders: Vec<String> = case.orders.iter().map(|(o, _)| o.clone()).collect();
        let file = tmp.join(path.file_name().expect("name"));
        let phase = case.phase.as_ref().map_or(String::new(), |p| format!("phase: {p:?}, "));
        let centres = case.centres.as_ref().map_or(String::new(), |c| format!("centres: {}, ", ron_map(c)));
        let body = format!(
            "#![enable(implicit_some)]\n(variant: {:?}, {phase}{centres}units: {}, orders: {})",
            case.variant,
            ron_map(&group(&case.units)),
            ron_map(&group(&orders))
        );
        std::fs::write(&file, body).expect("write position");
        let own: Vec<String> = case.rules.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let preferred = next_units(&file, &own);
        for alt in &case.alternatives {
            let options: Vec<String> =
                own.iter().cloned().chain(alt.rules.iter().map(|(k, v)| format!("{k}={v}"))).collect();
            let with = next_units(&file, &options);
            let datc_differs = sorted(&alt.after) != sorted(&case.after);
            assert_eq!(with != preferred, datc_differs, "{} with {options:?}", case.id);
            if datc_differs {
                for issue in alt.rules.keys() {
                    *changed.entry(issue.clone()).or_default() += 1;
                }
            }
        }
    }
    // Every issue with a recorded alternative that moves units is shown to change it.
    let movement_and_adjustment = [
        "4.A.1", "4.A.2", "4.A.3", "4.A.4", "4.A.6", "4.A.7", "4.B.1", "4.B.2", "4.B.3", "4.B.4", "4.B.5", "4.B.6",
        "4.B.7", "4.C.1", "4.C.2", "4.C.3", "4.C.4", "4.C.5", "4.C.6", "4.D.3", "4.D.4", "4.D.5", "4.D.6", "4.D.8",
        "4.D.9", "4.E.1", "4.E.2", "4.E.3", "4.E.5",
    ];
    for issue in movement_and_adjustment {
        assert!(
            changed.get(issue).copied().unwrap_or(0) > 0,
            "no case shows {issue} changing the outcome: {changed:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&tmp);
}

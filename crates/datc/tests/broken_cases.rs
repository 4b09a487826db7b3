//! The runner catches a broken case file: a copy of a real case, changed on purpose in a
//! temporary folder, must fail where the original passes.

use std::path::PathBuf;

use dip_datc::{Case, Expect, check};

/// A folder of this test's own, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("dip-datc-broken-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temporary folder");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The text of a committed case file.
fn original(relative: &str) -> String {
    std::fs::read_to_string(dip_datc::default_dir().join(relative)).expect("case file")
}

/// Writes `text` as a case file in `dir` and loads it.
fn load(dir: &TempDir, text: &str) -> Result<Case, String> {
    let path = dir.0.join("case.ron");
    std::fs::write(&path, text).expect("write case copy");
    Case::load(&path)
}

/// Replaces exactly one occurrence, so the break is the one intended.
fn break_once(text: &str, from: &str, to: &str) -> String {
    assert_eq!(text.matches(from).count(), 1, "`{from}` should occur once");
    text.replace(from, to)
}

#[test]
fn a_misspelt_province_in_an_order_expected_illegal_fails_the_case() {
    let dir = TempDir::new("misspelt");
    let text = original("v3.1/6.A.1.ron");
    let case = load(&dir, &text).expect("original reads");
    assert!(check(&case, None).is_ok(), "the original 6.A.1 passes");

    // An order that does not read used to count as Illegal and satisfied the expectation.
    // (A name one edit from a single province reads as that province, DATC §4.E.2; this
    // one is two edits from Picardy.)
    let broken = break_once(&text, "North Sea - Picardy", "North Sea - Pickardie");
    let case = load(&dir, &broken).expect("the broken copy still parses as RON");
    let mismatch = check(&case, None).expect_err("a misspelt province must fail the case");
    let report = mismatch.to_string();
    assert!(report.contains("expected Illegal, got Unreadable"), "{report}");
    assert!(report.contains("Pickardie"), "{report}");
}

#[test]
fn an_order_marked_unreadable_passes_only_when_it_does_not_read() {
    let dir = TempDir::new("unreadable");
    let text = original("v3.1/6.A.1.ron");
    let garbled = break_once(
        &text,
        "(\"England: F North Sea - Picardy\", Illegal)",
        "(\"England: F North Sea - Pickardie\", Unreadable)",
    );
    let case = load(&dir, &garbled).expect("reads");
    assert!(check(&case, None).is_ok(), "{:?}", check(&case, None).err().map(|m| m.to_string()));

    let readable = break_once(
        &text,
        "(\"England: F North Sea - Picardy\", Illegal)",
        "(\"England: F North Sea - Picardy\", Unreadable)",
    );
    let case = load(&dir, &readable).expect("reads");
    let report = check(&case, None).expect_err("a readable order is not Unreadable").to_string();
    assert!(report.contains("expected Unreadable, got Illegal"), "{report}");
}

#[test]
fn a_wrong_reason_fails_the_case_and_no_reason_compares_the_class() {
    let dir = TempDir::new("reason");
    let text = original("v3.1/6.D.2.ron");
    let case = load(&dir, &text).expect("original reads");
    assert_eq!(case.orders[4].1, Expect::Fails(Some("cut")));
    assert!(check(&case, None).is_ok(), "the original 6.D.2 passes");

    let wrong = break_once(&text, "Supports A Venice\", Fails(cut))", "Supports A Venice\", Fails(bounced))");
    let case = load(&dir, &wrong).expect("reads");
    let report = check(&case, None).expect_err("a wrong reason must fail the case").to_string();
    assert!(report.contains("expected Fails(bounced), got Fails(cut) by Vienna"), "{report}");

    let wrong = break_once(&text, "Venice Hold\", Fails(dislodged))", "Venice Hold\", Fails(cut))");
    let case = load(&dir, &wrong).expect("reads");
    assert!(check(&case, None).is_err(), "a dislodged hold is not cut");

    // Without a reason, any failure meets `Fails`.
    let class_only = break_once(&text, "Supports A Venice\", Fails(cut))", "Supports A Venice\", Fails)");
    let case = load(&dir, &class_only).expect("reads");
    assert_eq!(case.orders[4].1, Expect::Fails(None));
    assert!(check(&case, None).is_ok());
}

#[test]
fn an_unknown_reason_is_refused_when_the_file_is_read() {
    let dir = TempDir::new("unknown-reason");
    let text = original("v3.1/6.D.2.ron");
    let broken = break_once(&text, "Fails(cut)", "Fails(cutt)");
    let error = load(&dir, &broken).expect_err("an unknown reason is an error");
    assert!(error.contains("case.ron:18:") && error.contains("unknown failure reason `cutt`"), "{error}");
}

#[test]
fn a_pending_alternative_fails() {
    let dir = TempDir::new("pending");
    let text = original("v3.1/6.D.2.ron");
    let with_alternative = break_once(
        &text,
        "alternatives: [],",
        "alternatives: [(rules: {\"4.A.2\": \"no-such-choice\"}, results: [Succeeds, Succeeds, Fails, Fails, Fails])],",
    );
    let case = load(&dir, &with_alternative).expect("reads");
    assert!(!dip_datc::alternative_supported(&case.alternatives[0]));
    let report = check(&case, Some(0)).expect_err("a pending alternative must fail").to_string();
    assert!(report.contains("pending") && report.contains("4.A.2=no-such-choice"), "{report}");
}

/// Centre ownership after a fall: the centres pass to the units on them.
#[test]
fn centres_after_a_fall_are_compared() {
    let dir = TempDir::new("centres");
    let homes = "\"Austria\": [\"Budapest\", \"Trieste\", \"Vienna\"], \
                 \"England\": [\"Edinburgh\", \"Liverpool\", \"London\"], \
                 \"France\": [\"Brest\", \"Marseilles\", \"Paris\"], \
                 \"Italy\": [\"Naples\", \"Rome\", \"Venice\"], \
                 \"Russia\": [\"Moscow\", \"Sevastopol\", \"St Petersburg\", \"Warsaw\"], \
                 \"Turkey\": [\"Ankara\", \"Constantinople\", \"Smyrna\"]";
    let case_text = |germany: &str| {
        format!(
            "(id: \"test.centres\", title: \"Centres after a fall\", variant: \"standard\", \
             phase: \"Fall 1901 Movement\", units: [\"Germany: A Kiel\"], \
             orders: [(\"Germany: A Kiel - Holland\", Succeeds)], after: [\"Germany: A Holland\"], \
             centres_after: {{{homes}, \"Germany\": [{germany}]}})"
        )
    };
    let case = load(&dir, &case_text("\"Berlin\", \"Kiel\", \"Munich\", \"Holland\"")).expect("reads");
    assert!(check(&case, None).is_ok(), "{:?}", check(&case, None).err().map(|m| m.to_string()));

    // Kiel keeps its owner when its army leaves; Holland is Germany's after the fall.
    let case = load(&dir, &case_text("\"Berlin\", \"Kiel\", \"Munich\"")).expect("reads");
    let report = check(&case, None).expect_err("Holland passes to Germany").to_string();
    assert!(report.contains("centres after"), "{report}");
}

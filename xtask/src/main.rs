//! Project tasks: `cargo xtask datc [--dir PATH]` prints the DATC compliance report;
//! `cargo xtask bench [--rounds N] [--dipcc PATH] [--instructions [--record] [--skip-timing]]`
//! runs the benchmark and prints every figure of issue #15 beside its baseline, or dip and
//! dipcc side by side, and checks instruction counts against `bench/instructions.json`
//! (see `bench.rs`); `cargo xtask import-maps DIR [--out DIR]`
//! imports every DPjudge `.map` file of a folder and prints each report; `cargo xtask godip
//! FILE.go [options]` prints a godip variant definition as a dip variant file; `cargo xtask
//! compare A.ron B.ron` lists how two variant files differ; `cargo xtask source-facts SOURCE
//! VARIANT` writes another source's facts of a variant in its names (a DPjudge/MILA `.map`, a
//! godip `.go` or a webDiplomacy/vDiplomacy `install.php`), for the facts tests (see
//! `source_facts.rs` and `webdip.rs`); `cargo xtask serve-bench
//! [--requests N]` pipes opening positions through `dip serve --stdio` and reports the rate
//! and the server's memory; `cargo xtask serve-soak [--requests N] [--limit-as BYTES]` runs
//! it long under an address-space limit with hostile requests mixed in (see
//! `serve_soak.rs`); `cargo xtask fuzz --time N` runs the property tests for N
//! seconds (see `fuzz.rs`); `cargo xtask test [--python]` runs the Rust tests and the
//! Python package's pytest suite in its own virtual environment (see `test.rs`); `cargo
//! xtask pictures` draws every variant's opening board for `docs/variants.md` (see
//! `pictures.rs`).

use std::collections::BTreeMap;
use std::process::ExitCode;

mod bench;
mod fuzz;
mod godip;
mod pictures;
mod serve_bench;
mod serve_soak;
mod source_facts;
mod test;
mod webdip;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("datc") => datc(&args[1..]),
        Some("bench") => bench::run(&args[1..]),
        Some("import-maps") => import_maps(&args[1..]),
        Some("godip") => godip::run(&args[1..]),
        Some("compare") => compare(&args[1..]),
        Some("source-facts") => source_facts::run(&args[1..]),
        Some("serve-bench") => serve_bench::run(&args[1..]),
        Some("serve-soak") => serve_soak::run(&args[1..]),
        Some("fuzz") => fuzz::run(&args[1..]),
        Some("test") => test::run(&args[1..]),
        Some("pictures") => pictures::run(&args[1..]),
        _ => {
            eprintln!(
                "usage: cargo xtask datc [--dir PATH] | cargo xtask bench [--rounds N] [--dipcc PATH] [--instructions [--record] [--skip-timing]] | cargo xtask import-maps \
                 DIR [--out DIR] | cargo xtask godip FILE.go [options] | cargo xtask compare A.ron B.ron | cargo xtask \
                 source-facts SOURCE VARIANT [--source TEXT] [--note TEXT]... [--out FILE] [--units FILE] [--countries FILE] | cargo xtask \
                 serve-bench [--requests N] | cargo xtask serve-soak [--requests N] [--limit-as BYTES] | cargo xtask fuzz [--time SECONDS] [--cases N] [--target NAME]... \
                 [--seed N] [--debug] | cargo xtask test [--python] | cargo xtask pictures"
            );
            ExitCode::from(2)
        }
    }
}

/// A report row: section name, cases passed, ids of the cases failed.
type SectionRow = (String, usize, Vec<String>);

/// One row per DATC section with passed and failed counts and the failing ids, then the
/// total as `datc: N passed, M failed`.
fn datc(args: &[String]) -> ExitCode {
    let dir = match args {
        [] => dip_datc::default_dir(),
        [flag, path] if flag == "--dir" => path.into(),
        _ => {
            eprintln!("usage: cargo xtask datc [--dir PATH]");
            return ExitCode::from(2);
        }
    };
    let cases = match dip_datc::load_dir(&dir) {
        Ok(cases) => cases,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let mut sections: BTreeMap<Vec<(u32, String)>, SectionRow> = BTreeMap::new();
    let mut failures = Vec::new();
    for case in &cases {
        let section = case.section().to_string();
        let row = sections.entry(dip_datc::id_key(&section)).or_insert_with(|| (section.clone(), 0, Vec::new()));
        match dip_datc::check(case, None) {
            Ok(()) => row.1 += 1,
            Err(m) => {
                row.2.push(case.id.clone());
                failures.push(m.to_string());
            }
        }
    }
    // Outcomes the case files record under other rule choices.
    let (mut alt_passed, mut alt_failed, mut alt_pending) = (0, 0, 0);
    let mut pending_issues: BTreeMap<String, usize> = BTreeMap::new();
    for case in &cases {
        for (i, alternative) in case.alternatives.iter().enumerate() {
            let pending = dip_datc::pending(alternative);
            if !pending.is_empty() {
                alt_pending += 1;
                for choice in pending {
                    *pending_issues.entry(choice).or_default() += 1;
                }
                if let Err(m) = dip_datc::check(case, Some(i)) {
                    failures.push(m.to_string());
                }
                continue;
            }
            match dip_datc::check(case, Some(i)) {
                Ok(()) => alt_passed += 1,
                Err(m) => {
                    alt_failed += 1;
                    failures.push(m.to_string());
                }
            }
        }
    }
    let matrix = matrix(&cases);
    println!("{:<8} {:>7} {:>7}  failing", "section", "passed", "failed");
    let (mut passed, mut failed) = (0, 0);
    for (name, ok, bad) in sections.values() {
        println!("{:<8} {:>7} {:>7}  {}", name, ok, bad.len(), bad.join(" "));
        passed += ok;
        failed += bad.len();
    }
    for f in &failures {
        eprintln!("\n{f}");
    }
    println!("alternatives (other rule choices): {alt_passed} passed, {alt_failed} failed, {alt_pending} pending");
    if !pending_issues.is_empty() {
        let list: Vec<String> = pending_issues.iter().map(|(k, n)| format!("{k} ({n})")).collect();
        println!("  pending, choice not implemented (a failure): {}", list.join(", "));
    }
    println!();
    print!("{matrix}");
    println!("datc: {passed} passed, {failed} failed");
    // A recorded outcome the engine cannot be checked against is a failure, not a pass.
    if failed == 0 && alt_failed == 0 && alt_pending == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

/// Issues that are not about adjudicating one phase's orders, and where their choices are
/// checked instead.
const OUTSIDE_CASES: &[(&str, &str)] = &[
    ("4.D.1", "order sets, checked by the unit tests of dip::merge_order_sets"),
    ("4.D.2", "order sets, checked by the unit tests of dip::merge_order_sets"),
    ("4.E.4", "repeating orders each turn is the game server's part"),
    ("4.E.6", "checked by the unit tests of dip::remove_flying_dutchmen"),
];

/// Issue × choice → cases run, passed, failed: every run of a case counts for the choice
/// in force of each issue the case distinguishes (names in its rules or alternatives).
fn matrix(cases: &[dip_datc::Case]) -> String {
    let mut counts: BTreeMap<(String, String), (usize, usize)> = BTreeMap::new();
    for case in cases {
        let issues = dip_datc::issues_of(case);
        if issues.is_empty() {
            continue;
        }
        let runs = std::iter::once(None).chain((0..case.alternatives.len()).map(Some));
        for run in runs {
            if run.is_some_and(|i| !dip_datc::alternative_supported(&case.alternatives[i])) {
                continue;
            }
            let Ok(rules) = dip_datc::rules_of(case, run) else { continue };
            let ok = dip_datc::check(case, run).is_ok();
            for issue in &issues {
                if let Some(choice) = rules.choice(issue) {
                    let entry = counts.entry((issue.clone(), choice)).or_default();
                    if ok {
                        entry.0 += 1;
                    } else {
                        entry.1 += 1;
                    }
                }
            }
        }
    }
    let mut out = String::from("rule matrix (issue, choice: runs passed / failed)\n");
    let mut uncovered = Vec::new();
    for issue in dip::map::rules::ISSUES {
        if let Some((_, how)) = OUTSIDE_CASES.iter().find(|(i, _)| i == issue) {
            out.push_str(&format!("  {issue}  {}: {how}\n", dip::Rules::choices(issue).join(", ")));
            continue;
        }
        let cells: Vec<String> = dip::Rules::choices(issue)
            .into_iter()
            .map(|choice| {
                let (ok, bad) = counts.get(&(issue.to_string(), choice.clone())).copied().unwrap_or((0, 0));
                if ok == 0 {
                    uncovered.push(format!("{issue}={choice}"));
                }
                if bad == 0 { format!("{choice} {ok}") } else { format!("{choice} {ok}/{bad} FAILED") }
            })
            .collect();
        out.push_str(&format!("  {issue}  {}\n", cells.join(", ")));
    }
    if uncovered.is_empty() {
        out.push_str("  every choice has a passing case\n");
    } else {
        out.push_str(&format!("  choices without a passing case: {}\n", uncovered.join(", ")));
    }
    out
}

/// Imports every `.map` file of a folder (MILA's `diplomacy/maps`, a DPjudge `maps/`),
/// prints each one's counts and import report, and writes the variants to `--out` if
/// given. Fails if any file does not import.
fn import_maps(args: &[String]) -> ExitCode {
    let (dir, out) = match args {
        [dir] => (std::path::PathBuf::from(dir), None),
        [dir, flag, out] if flag == "--out" => (dir.into(), Some(std::path::PathBuf::from(out))),
        _ => {
            eprintln!("usage: cargo xtask import-maps DIR [--out DIR]");
            return ExitCode::from(2);
        }
    };
    let mut files: Vec<std::path::PathBuf> = match std::fs::read_dir(&dir) {
        Ok(entries) => entries.filter_map(Result::ok).map(|e| e.path()).collect(),
        Err(e) => {
            eprintln!("{}: {e}", dir.display());
            return ExitCode::from(2);
        }
    };
    files.retain(|p| p.extension().is_some_and(|e| e == "map"));
    files.sort();
    let (mut imported, mut failed) = (0, 0);
    for file in &files {
        match dip_import::import_file(file) {
            Ok(import) => {
                let map = import.map();
                imported += 1;
                println!(
                    "{}: {} powers, {} provinces, {} centres, {} notes",
                    file.display(),
                    map.power_count(),
                    map.province_count(),
                    map.centres().count(),
                    import.notes.len()
                );
                for note in &import.notes {
                    println!("    {note}");
                }
                if let Some(out) = &out {
                    let path = out.join(format!("{}.ron", import.variant.name));
                    if let Err(e) = dip_io::atomic_write(&path, import.to_ron()) {
                        eprintln!("{}: {e}", path.display());
                        failed += 1;
                    }
                }
            }
            Err(e) => {
                failed += 1;
                println!("{}: FAILED\n{e}", file.display());
            }
        }
    }
    println!("import-maps: {imported} imported, {failed} failed");
    if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

/// Lists every difference of geometry, powers and opening between two variant files (the
/// cross-check of one source of a variant against another); fails if there is one.
fn compare(args: &[String]) -> ExitCode {
    let [a, b] = args else {
        eprintln!("usage: cargo xtask compare A.ron B.ron");
        return ExitCode::from(2);
    };
    let load = |path: &str| dip::load(path).map_err(|e| eprintln!("{e}"));
    let (Ok(a), Ok(b)) = (load(a), load(b)) else { return ExitCode::from(2) };
    let differences = dip_import::differences(&a, &b);
    for d in &differences {
        println!("{d}");
    }
    println!("compare: {} differences", differences.len());
    if differences.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

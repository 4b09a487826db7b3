//! The property tests in the test suite: every target for a bounded number of inputs, in
//! the debug build (overflow checks on). `cargo xtask fuzz --time N` runs them for longer,
//! optimised with the same checks. The targets that drive the `dip` program (the stream,
//! `dip run`) are run by the CLI's tests (`crates/cli/tests/fuzz_program.rs`), which
//! have the program built.

use dip_fuzz::{Fuzzer, Target};

/// Inputs per target; the whole test takes well under a minute on one core.
const CASES: u64 = 300;

#[test]
fn no_entry_point_panics_on_arbitrary_input() {
    let fuzzer = Fuzzer::new();
    let mut panics = Vec::new();
    for target in Target::ALL.into_iter().filter(|t| !t.needs_program()) {
        // Each target from its own seeds, the same in every run.
        let first = 1_000_000 * (target as u64 + 1);
        let stats = fuzzer.run(&[target], first, None, Some(CASES), |_, _| {});
        assert_eq!(stats.total(), CASES);
        panics.extend(stats.panics);
    }
    let report: Vec<String> = panics
        .iter()
        .map(|(t, seed, message)| {
            format!(
                "{} seed {seed}: {message} (cargo xtask fuzz --target {} --seed {seed} --cases 1)",
                t.name(),
                t.name()
            )
        })
        .collect();
    assert!(report.is_empty(), "{} failed (panics and broken invariants):\n{}", report.len(), report.join("\n"));
}

//! The property tests that drive the `dip` program itself (`dip-fuzz`'s stream and `dip
//! run` targets): hostile request lines fed to one `dip serve --stdio`, and mutated saved
//! games carried through `dip run`, each under a 512 MiB address-space limit, a bounded
//! number of inputs in the debug build. `cargo xtask fuzz --target stream --target run
//! --time N` runs them for longer.

use dip_fuzz::{Fuzzer, Target};

/// Inputs per target: the stream answers in about a millisecond, `dip run` starts a
/// process each time.
const CASES: u64 = 300;

#[test]
fn the_program_survives_arbitrary_requests_and_saved_games() {
    let fuzzer = Fuzzer::with_program(env!("CARGO_BIN_EXE_dip").into());
    let mut report = Vec::new();
    for target in Target::ALL.into_iter().filter(|t| t.needs_program()) {
        let first = 1_000_000 * (target as u64 + 1);
        let stats = fuzzer.run(&[target], first, None, Some(CASES), |_, _| {});
        assert_eq!(stats.total(), CASES);
        report.extend(stats.panics.iter().map(|(t, seed, message)| {
            format!(
                "{} seed {seed}: {message} (cargo xtask fuzz --target {} --seed {seed} --cases 1)",
                t.name(),
                t.name()
            )
        }));
    }
    assert!(report.is_empty(), "{} failures:\n{}", report.len(), report.join("\n"));
}

//! `cargo xtask bench [--rounds N] [--dipcc PATH] [--instructions [--record] [--skip-timing]]`.
//!
//! Without `--dipcc`: runs the benchmark of `crates/engine/benches/phase.rs` N times (3 by
//! default) and prints every figure of issue #15, each the median of its medians over the
//! runs, beside the issue's baseline (dip's own history). No figure of another engine is
//! recorded here: no ratio to dipcc is printed and no target against it is judged.
//!
//! `--dipcc PATH` (dipcc's timing harness, built by the user from its own source: see
//! `dipcc.rs`): instead, dip's compared figures and dipcc's, interleaved over N rounds (5 by
//! default), and the ratios and the targets of issue #27 judged from this run only.
//!
//! `--instructions`: then counts instructions per figure with callgrind and fails if one
//! grew more than 5% over `bench/instructions.json` (`instructions.rs`); `--record` writes
//! this run's counts there instead; `--skip-timing` counts without timing first.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

mod dipcc;
mod instructions;

/// The issue's baseline (µs, this 2-core machine class): opening_s1901, midgame_34.
const ISSUE_PARSE: [f64; 2] = [7.3, 12.4];
const ISSUE_PARSED: [f64; 2] = [1.5, 6.3];
const ISSUE_OUTCOME: [f64; 2] = [1.7, 4.0];
const ISSUE_TEXT: [f64; 2] = [13.0, 29.5];
/// The 100-fleet convoy web in the issue (ms).
const ISSUE_CONVOY_WEB_MS: f64 = 35.0;
/// Units in the two positions.
const UNITS: [f64; 2] = [22.0, 34.0];
const WORKLOADS: [&str; 2] = ["opening_s1901", "midgame_34"];
/// Orders in the `parse_errors` benchmark (`unreadable` in benches/common).
const UNREADABLE: f64 = 11.0;
/// Random games per iteration of the game benchmarks (`GAMES` in benches/common).
const GAMES: f64 = 16.0;
/// The full movement phases of the large maps (`LARGE_MAPS` in benches/common) and their
/// units: the cost a unit should stay near the standard opening's (issue #13).
const LARGE_MAPS: [(&str, f64); 5] = [
    ("opening_s1901", 22.0),
    ("world_opening", 51.0),
    ("kw901_opening", 109.0),
    ("kw901_crowded", 269.0),
    ("kw901_crowded_no_convoys", 269.0),
];

const USAGE: &str = "usage: cargo xtask bench [--rounds N] [--dipcc PATH] [--instructions [--record] [--skip-timing]]";

pub fn run(args: &[String]) -> ExitCode {
    let usage = || {
        eprintln!("{USAGE}");
        ExitCode::from(2)
    };
    let (mut instructions, mut record, mut skip_timing) = (false, false, false);
    let (mut rounds, mut dipcc) = (None, None::<PathBuf>);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--instructions" => instructions = true,
            "--record" => record = true,
            "--skip-timing" => skip_timing = true,
            "--rounds" => match args.next().and_then(|n| n.parse().ok()).filter(|&n| n > 0) {
                Some(n) => rounds = Some(n),
                None => return usage(),
            },
            "--dipcc" => match args.next() {
                Some(path) => dipcc = Some(path.into()),
                None => return usage(),
            },
            _ => return usage(),
        }
    }
    if (record || skip_timing) && !instructions || skip_timing && (dipcc.is_some() || rounds.is_some()) {
        return usage();
    }
    // The harness as an absolute path: a bare name is a file here, not a program on the PATH.
    if let Some(exe) = dipcc.take() {
        match std::fs::canonicalize(&exe) {
            Ok(exe) if exe.is_file() => dipcc = Some(exe),
            _ => {
                eprintln!(
                    "--dipcc {}: no such file (build dipcc's harness first; see xtask/src/bench/dipcc.rs)",
                    exe.display()
                );
                return ExitCode::from(2);
            }
        }
    }
    let timed = match (&dipcc, skip_timing) {
        (_, true) => ExitCode::SUCCESS,
        (Some(exe), false) => dipcc::run(exe, rounds.unwrap_or(5)),
        (None, false) => report(rounds.unwrap_or(3)),
    };
    if !instructions {
        return timed;
    }
    // The counts are checked whatever became of the timing; the run fails if either failed.
    let counted = instructions::run(record);
    if timed == ExitCode::SUCCESS { counted } else { timed }
}

/// The timing report of issue #15's figures, each the median of its medians over `rounds`
/// runs.
fn report(rounds: usize) -> ExitCode {
    // Runs vary by a fifth or more on a shared machine: each figure is the median of its
    // medians over several whole runs, as the issue's were of interleaved rounds.
    let mut runs = Vec::with_capacity(rounds);
    for round in 1..=rounds {
        eprintln!("bench: round {round} of {rounds}");
        let text = match cargo(&["bench", "--package", "dip", "--bench", "phase"]) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        };
        if round == 1 {
            print!("{text}");
        }
        runs.push(medians(&text));
    }
    let medians = median_of_runs(&runs);
    if rounds > 1 {
        println!("\n(each figure below: the median of its medians over {rounds} runs; the table above is the first)");
    }
    let get = |group: &str, arg: &str| medians.get(&(group.to_string(), arg.to_string())).copied();
    let pair = |group: &str| [get(group, WORKLOADS[0]), get(group, WORKLOADS[1])];
    let (Some(a), Some(b)) = (get("parsed", WORKLOADS[0]), get("parsed", WORKLOADS[1])) else {
        eprintln!("could not read the medians from the benchmark output");
        return ExitCode::FAILURE;
    };
    let (parse, parsed, outcome, text) = (pair("parse_only"), pair("parsed"), pair("outcome_only"), pair("text"));
    println!();
    println!(
        "issue #15 figures: medians in µs, one core; `issue` is the baseline the issue measured, ratio = issue / now"
    );
    println!("{:<36} {:>24} {:>24}", "", WORKLOADS[0], WORKLOADS[1]);
    let row = |label: &str, now: [Option<f64>; 2], base: [f64; 2]| {
        let cell = |i: usize| match now[i] {
            Some(v) => format!("{v:.3} (issue {:.1}, {:.1}×)", base[i], base[i] / v),
            None => "-".to_string(),
        };
        println!("{label:<36} {:>24} {:>24}", cell(0), cell(1));
    };
    row("reading the orders (parse_only)", parse, ISSUE_PARSE);
    row("resolver on parsed orders (parsed)", parsed, ISSUE_PARSED);
    row("building the outcome (outcome_only)", outcome, ISSUE_OUTCOME);
    row("from text to outcome (text)", text, ISSUE_TEXT);
    println!("targets:");
    let ratio = |x: [Option<f64>; 2], y: [Option<f64>; 2], i: usize| Some(x[i]? / y[i]?);
    let show = |v: Option<f64>| v.map_or("-".into(), |v| format!("{v:.3}"));
    for (label, limit, num, den) in [
        ("parse_only / parsed (at most 0.5)", 0.5, parse, parsed),
        ("outcome_only / parsed (at most 0.5)", 0.5, outcome, parsed),
    ] {
        let (r0, r1) = (ratio(num, den, 0), ratio(num, den, 1));
        let ok = [r0, r1].iter().all(|r| r.is_some_and(|r| r <= limit));
        println!("  {label:<34} {:>24} {:>24}  {}", show(r0), show(r1), verdict(ok));
    }
    let faster = [0, 1].map(|i| parse[i].map(|v| ISSUE_PARSE[i] / v));
    let ok = faster.iter().all(|r| r.is_some_and(|r| r >= 5.0));
    let label = "parse_only: issue / now (at least 5)";
    println!("  {label:<34} {:>24} {:>24}  {}", show(faster[0]), show(faster[1]), verdict(ok));
    let long = pair("parse_long");
    println!(
        "{:<36} {:>24} {:>24}",
        "long forms (parse_long), µs",
        long[0].map_or("-".into(), |v| format!("{v:.3}")),
        long[1].map_or("-".into(), |v| format!("{v:.3}"))
    );
    if let Some(errors) = get("parse_errors", "") {
        println!("{:<36} {:>24.2}", "unreadable orders (parse_errors), µs each", errors / UNREADABLE);
    }
    let per_order = [0, 1].map(|i| parse[i].map(|v| v * 1000.0 / UNITS[i]));
    println!(
        "  {:<34} {:>24} {:>24}",
        "ns an order read",
        per_order[0].map_or("-".into(), |v| format!("{v:.0}")),
        per_order[1].map_or("-".into(), |v| format!("{v:.0}"))
    );
    let per_unit = (b / UNITS[1]) / (a / UNITS[0]);
    println!(
        "  {:<34} {:>24.2} {:>24}  {}",
        "resolver: midgame / opening per unit",
        per_unit,
        "(at most 2)",
        verdict(per_unit <= 2.0)
    );
    if let Some(web) = get("convoy_web", "") {
        let ms = web / 1000.0;
        println!(
            "convoy web, 100 fleets (convoy_web): {ms:.3} ms (issue {ISSUE_CONVOY_WEB_MS} ms; under 5 ms) {}",
            verdict(ms < 5.0)
        );
    }
    for (group, label) in
        [("legal_orders", "legal orders, all powers"), ("legal_orders_unit", "legal orders, unit by unit")]
    {
        let now = pair(group);
        println!("{label:<36} {:>24} {:>24}", show(now[0]), show(now[1]));
        if group == "legal_orders_unit" {
            let per = [0, 1].map(|i| now[i].map(|v| v / UNITS[i]));
            println!("  {:<34} {:>24} {:>24}", "µs a unit", show(per[0]), show(per[1]));
        }
    }
    println!("dipcc side by side, with the targets of issue #27: cargo xtask bench --dipcc PATH");
    let games = get("games_one_by_one", "");
    let one = get("play_many", "1");
    let two = get("play_many", "2");
    let per_second = |us: Option<f64>| us.map(|us| GAMES / (us / 1e6));
    if let Some(g) = per_second(games) {
        println!("random games 1901-1920, one core (games_one_by_one): {g:.0} games/s");
    }
    if let (Some(g1), Some(g2)) = (per_second(one), per_second(two)) {
        println!("batch::play_many: 1 thread {g1:.0} games/s, 2 threads {g2:.0} games/s, scaling {:.2}×", g2 / g1);
    }
    large_maps(&get);
    println!("bench: opening_s1901 {a:.3} µs, midgame_34 {b:.3} µs");
    ExitCode::SUCCESS
}

/// A full movement phase on the large maps: median, cost a unit, and that cost beside the
/// standard opening's.
fn large_maps(get: &dyn Fn(&str, &str) -> Option<f64>) {
    let base = get("large_maps", LARGE_MAPS[0].0).map(|v| v / LARGE_MAPS[0].1);
    println!("large maps, a full movement phase (resolver and outcome), every unit ordered (large_maps):");
    for (name, units) in LARGE_MAPS {
        let Some(us) = get("large_maps", name) else { continue };
        let per = us / units;
        let ratio = base.map_or("-".into(), |b| format!("{:.2}× the opening's", per / b));
        println!("  {name:<26} {units:>4} units {us:>10.2} µs {:>8.1} ns a unit  {ratio}", per * 1000.0);
    }
}

fn verdict(ok: bool) -> &'static str {
    if ok { "ok" } else { "NOT MET" }
}

pub(crate) fn cargo(args: &[&str]) -> Result<String, String> {
    let output = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(args)
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).into_owned());
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// Divan's rows look like `│  ├─ midgame_34     1.6 µs │ 18 µs │ 1.7 µs │ ...`: name,
/// fastest, then slowest, median, mean. A row nested under a group starts with the tree's
/// `│` (or spaces, under the last group); a benchmark without arguments is a top-level row
/// with figures.
pub(crate) fn medians(text: &str) -> BTreeMap<(String, String), f64> {
    let mut group = String::new();
    let mut medians = BTreeMap::new();
    for line in text.lines() {
        // The last group's rows are indented with spaces instead.
        let nested = line.starts_with(['│', ' ']);
        let line = line.trim_start_matches(['│', ' ']);
        let cells: Vec<&str> = line.split('│').map(str::trim).collect();
        let first: Vec<&str> = cells[0].split_whitespace().filter(|w| !w.contains('─')).collect();
        match first.as_slice() {
            [name] if cells.len() > 1 && cells[1].is_empty() => group = name.to_string(),
            [name, _value, _unit] if cells.len() > 3 => {
                if let Some(us) = micros(cells[2]) {
                    let key =
                        if nested { (group.clone(), name.to_string()) } else { (name.to_string(), String::new()) };
                    medians.insert(key, us);
                }
            }
            _ => {}
        }
    }
    medians
}

/// Each figure's median over the runs that have it.
fn median_of_runs(runs: &[BTreeMap<(String, String), f64>]) -> BTreeMap<(String, String), f64> {
    let mut all: BTreeMap<(String, String), Vec<f64>> = BTreeMap::new();
    for run in runs {
        for (key, &value) in run {
            all.entry(key.clone()).or_default().push(value);
        }
    }
    all.into_iter().map(|(key, values)| (key, median(values))).collect()
}

/// The median of some figures (the mean of the middle two of an even count; NaN of none).
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n {
        0 => f64::NAN,
        _ if n % 2 == 1 => values[n / 2],
        _ => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

/// `1.681 µs` → 1.681; `440.7 ns` → 0.4407.
fn micros(cell: &str) -> Option<f64> {
    let mut parts = cell.split_whitespace();
    let value: f64 = parts.next()?.parse().ok()?;
    let factor = match parts.next()? {
        "ns" => 0.001,
        "µs" | "us" => 1.0,
        "ms" => 1000.0,
        "s" => 1_000_000.0,
        _ => return None,
    };
    Some(value * factor)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Divan's table as `--dipcc` gets it (a filtered run: the last group's rows indented
    /// with spaces), and a benchmark without arguments.
    const DIVAN: &str = "\
Timer precision: 20 ns
phase                fastest       │ slowest       │ median        │ mean          │ samples │ iters
├─ convoy_web        140.1 µs      │ 200 µs        │ 147.2 µs      │ 150 µs        │ 30      │ 30
├─ outcome_only                    │               │               │               │         │
│  ├─ midgame_34     1.251 µs      │ 6.568 µs      │ 1.341 µs      │ 1.422 µs      │ 100     │ 100
│  ╰─ opening_s1901  649.5 ns      │ 4.927 µs      │ 690.5 ns      │ 745 ns        │ 100     │ 100
╰─ text                            │               │               │               │         │
   ├─ midgame_34     7.05 µs       │ 23.18 µs      │ 7.24 µs       │ 7.524 µs      │ 100     │ 100
   ╰─ opening_s1901  3.223 µs      │ 42.26 µs      │ 3.344 ms      │ 3.898 µs      │ 100     │ 100
";

    #[test]
    fn reads_divans_medians() {
        let m = medians(DIVAN);
        let get = |g: &str, a: &str| m.get(&(g.to_string(), a.to_string())).copied();
        assert_eq!(get("outcome_only", "midgame_34"), Some(1.341));
        assert_eq!(get("outcome_only", "opening_s1901"), Some(0.6905));
        assert_eq!(get("text", "midgame_34"), Some(7.24));
        assert_eq!(get("text", "opening_s1901"), Some(3344.0));
        assert_eq!(get("convoy_web", ""), Some(147.2));
        assert_eq!(m.len(), 5);
    }

    #[test]
    fn medians_of_odd_and_even_counts() {
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 3.0, 2.0]), 2.5);
        assert!(median(Vec::new()).is_nan());
    }
}

//! `cargo xtask bench --dipcc PATH`: dip and dipcc timed side by side in one run. dipcc's
//! figures come only from the harness at PATH, run now, interleaved with dip's; nothing of
//! dipcc is recorded in the project, so its ratios and the targets' verdicts are those of
//! this run on this machine.
//!
//! PATH is a timing harness the user builds around dipcc's adjudicator core (Meta's engine,
//! facebookresearch/diplomacy_cicero, `dipcc/dipcc/cc`; its own Release flags, `-O3
//! -DNDEBUG`): `PATH WORKLOADS.json WORKLOAD MODE ITERATIONS RUNS` reads the workload's
//! orders (its units are the ones the orders name, as in `crates/engine/benches/common`),
//! parses them once, times ITERATIONS phases RUNS times and prints one JSON line with
//! `workload`, `mode` and `median_us_per_adj`, the median over the runs. It is given the
//! project's `bench/workloads.json`.
//!
//! A round is dip's divan benchmark of the four figures compared (`parsed`, `outcome_only`,
//! `text`, `legal_orders`, on both workloads), then dipcc's harness in its modes `cached`
//! (`GameState::process` on a state whose table of possible orders is already built: the
//! resolver and the next state) and `fresh` (a new state, its units, and the same process,
//! the table built inside it) on each workload. Each figure is the median over the rounds;
//! a sum or a difference is taken within a round first, so that its two terms come from
//! the same moment of a busy machine.

use std::path::Path;
use std::process::{Command, ExitCode};

use super::{WORKLOADS, cargo, median, medians};

/// The comparisons and the targets of issue #27, item 2: dip at least this many times
/// faster than dipcc on both workloads.
const RESOLVER_TARGET: f64 = 15.0;
const TEXT_TARGET: f64 = 10.0;
const LEGAL_TARGET: f64 = 20.0;

/// Only dip's figures that are compared: divan's filter on `phase::GROUP::WORKLOAD`.
const DIP_FILTER: &str = "^phase::(parsed|outcome_only|text|legal_orders)::(opening_s1901|midgame_34)$";
/// Seconds divan spends on each of dip's figures in a round (`--min-time`) and dipcc's
/// harness on each of its calls, so that the two engines share a round's moments alike.
const SECONDS_A_FIGURE: f64 = 1.0;
/// About how long one timed run of dipcc's harness takes (µs; at least one phase). Divan
/// times dip's figures in samples this short or shorter, and its median is of those: a
/// sample the machine took the core away during is an outlier the median skips. dipcc's
/// harness, given runs as short and many of them, reports the median of runs alike; given
/// a few long runs, every run would carry its share of a busy machine's interruptions.
const DIPCC_RUN_US: f64 = 200.0;

/// One round's figures, µs a phase, [opening, midgame].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Round {
    pub dip_parsed: [f64; 2],
    pub dip_outcome: [f64; 2],
    pub dip_text: [f64; 2],
    pub dip_legal: [f64; 2],
    pub dipcc_cached: [f64; 2],
    pub dipcc_fresh: [f64; 2],
}

/// A compared measure over the rounds: dip's and dipcc's medians, µs a phase.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Compared {
    pub label: &'static str,
    pub dip: [f64; 2],
    pub dipcc: [f64; 2],
    /// dip at least this many times faster than dipcc, on both workloads.
    pub target: f64,
}

impl Compared {
    /// How many times faster dip is than dipcc.
    pub fn ratio(&self, i: usize) -> f64 {
        self.dipcc[i] / self.dip[i]
    }

    pub fn met(&self, i: usize) -> bool {
        self.ratio(i) >= self.target
    }
}

/// The three comparisons of the issue from the rounds: the resolver and the outcome (dip
/// `parsed` + `outcome_only` against dipcc `cached`), from order text (dip `text` against
/// dipcc `cached`, whose orders are parsed outside its timed loop), and the legal orders of
/// every unit (dip `legal_orders` against what `fresh` adds to `cached`: dipcc's table of
/// possible orders, and a new state with its units).
pub fn compare(rounds: &[Round]) -> [Compared; 3] {
    let over = |f: &dyn Fn(&Round, usize) -> f64| [0, 1].map(|i| median(rounds.iter().map(|r| f(r, i)).collect()));
    [
        Compared {
            label: "resolver + outcome",
            dip: over(&|r, i| r.dip_parsed[i] + r.dip_outcome[i]),
            dipcc: over(&|r, i| r.dipcc_cached[i]),
            target: RESOLVER_TARGET,
        },
        Compared {
            label: "from order text",
            dip: over(&|r, i| r.dip_text[i]),
            dipcc: over(&|r, i| r.dipcc_cached[i]),
            target: TEXT_TARGET,
        },
        Compared {
            label: "legal orders, every unit",
            dip: over(&|r, i| r.dip_legal[i]),
            dipcc: over(&|r, i| r.dipcc_fresh[i] - r.dipcc_cached[i]),
            target: LEGAL_TARGET,
        },
    ]
}

/// `median_us_per_adj` of the harness's JSON line for `workload` and `mode` (it prints one
/// line a call; anything else it writes is skipped).
pub fn parse_dipcc(stdout: &str, workload: &str, mode: &str) -> Result<f64, String> {
    let Some(line) = stdout.lines().find(|l| l.trim_start().starts_with('{')) else {
        return Err(format!("dipcc's harness printed no JSON line for {workload} {mode}: `{}`", stdout.trim()));
    };
    let value: serde_json::Value =
        serde_json::from_str(line).map_err(|e| format!("dipcc's harness printed `{line}`: not JSON ({e})"))?;
    if value["workload"] != workload || value["mode"] != mode {
        return Err(format!("dipcc's harness printed `{line}`: expected workload {workload}, mode {mode}"));
    }
    match value["median_us_per_adj"].as_f64() {
        Some(us) if us > 0.0 && us.is_finite() => Ok(us),
        _ => Err(format!("dipcc's harness printed `{line}`: no positive `median_us_per_adj`")),
    }
}

/// The CPU model (`model name` of `/proc/cpuinfo`, else `unknown CPU`) and the logical
/// cores it lists.
pub fn machine(cpuinfo: &str) -> (String, usize) {
    let field = |line: &str, name: &str| {
        let (key, value) = line.split_once(':')?;
        (key.trim() == name).then(|| value.trim().to_string())
    };
    let model = cpuinfo.lines().find_map(|l| field(l, "model name")).unwrap_or_else(|| "unknown CPU".into());
    let cores = cpuinfo.lines().filter(|l| field(l, "processor").is_some()).count();
    (model, cores)
}

/// One call of dipcc's harness; its median µs a phase.
fn dipcc(exe: &Path, workloads: &Path, workload: &str, mode: &str, iterations: u64, runs: u32) -> Result<f64, String> {
    let out = Command::new(exe)
        .arg(workloads)
        .args([workload, mode, &iterations.to_string(), &runs.to_string()])
        .output()
        .map_err(|e| format!("cannot run dipcc's harness {}: {e}", exe.display()))?;
    if !out.status.success() {
        return Err(format!(
            "dipcc's harness {} {workload} {mode} failed ({}): {}",
            exe.display(),
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    parse_dipcc(&String::from_utf8_lossy(&out.stdout), workload, mode)
}

/// dip's four figures on both workloads, from one divan run.
fn dip_round() -> Result<[[f64; 2]; 4], String> {
    let min_time = SECONDS_A_FIGURE.to_string();
    let text = cargo(&["bench", "--package", "dip", "--bench", "phase", "--", DIP_FILTER, "--min-time", &min_time])?;
    let found = medians(&text);
    let get = |group: &str, i: usize| {
        found
            .get(&(group.to_string(), WORKLOADS[i].to_string()))
            .copied()
            .ok_or_else(|| format!("no median for {group} {} in divan's output:\n{text}", WORKLOADS[i]))
    };
    let pair = |group: &str| -> Result<[f64; 2], String> { Ok([get(group, 0)?, get(group, 1)?]) };
    Ok([pair("parsed")?, pair("outcome_only")?, pair("text")?, pair("legal_orders")?])
}

/// Fails only if a run failed: a target not met is a finding of the run, printed.
pub fn run(exe: &Path, rounds: usize) -> ExitCode {
    match side_by_side(exe, rounds) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// Runs the rounds and prints the table.
fn side_by_side(exe: &Path, rounds: usize) -> Result<(), String> {
    let workloads = Path::new(env!("CARGO_MANIFEST_DIR")).join("../bench/workloads.json");
    let modes = ["cached", "fresh"];
    // Iterations a run and runs a call, so that a run takes about DIPCC_RUN_US and a call
    // about SECONDS_A_FIGURE: from a short call first.
    let mut calls = [[(0u64, 0u32); 2]; 2];
    for (m, mode) in modes.iter().enumerate() {
        for (i, workload) in WORKLOADS.iter().enumerate() {
            let us = dipcc(exe, &workloads, workload, mode, 20, 1)?;
            let iterations = ((DIPCC_RUN_US / us).round() as u64).max(1);
            let runs = (SECONDS_A_FIGURE * 1e6 / (iterations as f64 * us)).round().clamp(5.0, 10_000.0) as u32;
            calls[m][i] = (iterations, runs);
        }
    }
    let load_before = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let mut all = Vec::with_capacity(rounds);
    for round in 1..=rounds {
        eprintln!("bench: round {round} of {rounds} (dip, then dipcc)");
        let [dip_parsed, dip_outcome, dip_text, dip_legal] = dip_round()?;
        let mut dipcc_us = [[0.0; 2]; 2];
        for (m, mode) in modes.iter().enumerate() {
            for (i, workload) in WORKLOADS.iter().enumerate() {
                let (iterations, runs) = calls[m][i];
                dipcc_us[m][i] = dipcc(exe, &workloads, workload, mode, iterations, runs)?;
            }
        }
        let [dipcc_cached, dipcc_fresh] = dipcc_us;
        all.push(Round { dip_parsed, dip_outcome, dip_text, dip_legal, dipcc_cached, dipcc_fresh });
    }
    let load_after = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let (model, cores) = machine(&std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default());
    let load = |text: &str| text.split_whitespace().take(3).collect::<Vec<_>>().join(" ");
    println!();
    println!("dip and dipcc side by side ({}), {rounds} rounds interleaved, medians over the rounds", exe.display());
    println!(
        "machine: {model}, {cores} logical cores; load average {} at the start, {} at the end",
        load(&load_before),
        load(&load_after)
    );
    println!("{:<26} {:<14} {:>10} {:>10} {:>10}  target", "µs a phase", "workload", "dip", "dipcc", "dip faster");
    for c in compare(&all) {
        for (i, workload) in WORKLOADS.iter().enumerate() {
            let verdict = if c.met(i) { "met" } else { "NOT MET" };
            println!(
                "{:<26} {workload:<14} {:>10.3} {:>10.2} {:>9.1}×  {}× {verdict}",
                if i == 0 { c.label } else { "" },
                c.dip[i],
                c.dipcc[i],
                c.ratio(i),
                c.target
            );
        }
    }
    println!(
        "dip: parsed + outcome_only, text, legal_orders (crates/engine/benches/phase.rs); dipcc: cached, cached, \
         fresh - cached"
    );
    for (i, workload) in WORKLOADS.iter().enumerate() {
        let spread = |f: &dyn Fn(&Round) -> f64| {
            let v: Vec<f64> = all.iter().map(f).collect();
            let (lo, hi) = v.iter().fold((f64::MAX, f64::MIN), |(lo, hi), &x| (lo.min(x), hi.max(x)));
            format!("{lo:.2} to {hi:.2}")
        };
        println!(
            "  over the rounds, {workload}: dip resolver + outcome {}; dipcc cached {}, fresh {}",
            spread(&|r| r.dip_parsed[i] + r.dip_outcome[i]),
            spread(&|r| r.dipcc_cached[i]),
            spread(&|r| r.dipcc_fresh[i])
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = r#"{"engine":"dipcc@cicero-e85afed","workload":"midgame_34","mode":"cached","iters":500,"runs":3,"median_adj_per_s":14616.1,"median_us_per_adj":68.42,"all_rates":[14616,18007,13533],"acc":1601150}"#;

    #[test]
    fn reads_the_harness_line() {
        assert_eq!(parse_dipcc(&format!("{LINE}\n"), "midgame_34", "cached"), Ok(68.42));
    }

    #[test]
    fn refuses_another_call_or_no_figure() {
        let other = parse_dipcc(LINE, "opening_s1901", "cached").expect_err("an error");
        assert!(other.contains("expected workload opening_s1901, mode cached"), "{other}");
        let wrong_mode = parse_dipcc(LINE, "midgame_34", "fresh").expect_err("an error");
        assert!(wrong_mode.contains("mode fresh"), "{wrong_mode}");
        let none = parse_dipcc("usage: dipcc_bench ...\n", "midgame_34", "cached").expect_err("an error");
        assert!(none.contains("no JSON line"), "{none}");
        let zero = LINE.replace("68.42", "0");
        assert!(parse_dipcc(&zero, "midgame_34", "cached").expect_err("an error").contains("no positive"));
        let broken = parse_dipcc("{\"workload\":", "midgame_34", "cached").expect_err("an error");
        assert!(broken.contains("not JSON"), "{broken}");
    }

    #[test]
    fn compares_within_rounds_then_takes_medians() {
        let round = |k: f64| Round {
            dip_parsed: [1.0 * k, 3.0 * k],
            dip_outcome: [0.5 * k, 1.0 * k],
            dip_text: [2.0 * k, 5.0 * k],
            dip_legal: [4.0 * k, 40.0 * k],
            dipcc_cached: [30.0, 40.0],
            dipcc_fresh: [110.0, 1040.0],
        };
        // The median round is k = 1; a slow round and a fast one do not move it.
        let [resolver, text, legal] = compare(&[round(3.0), round(1.0), round(0.5)]);
        assert_eq!(resolver.dip, [1.5, 4.0]);
        assert_eq!(resolver.ratio(0), 20.0);
        assert!(resolver.met(0));
        assert_eq!(resolver.ratio(1), 10.0);
        assert!(!resolver.met(1), "10× is under the 15× target");
        assert_eq!(text.ratio(0), 15.0);
        assert!(text.met(0) && !text.met(1), "40 / 5 = 8× is under 10×");
        assert_eq!(legal.dipcc, [80.0, 1000.0]);
        assert_eq!(legal.ratio(0), 20.0);
        assert!(legal.met(0), "exactly the target is met");
        assert_eq!(legal.ratio(1), 25.0);
    }

    #[test]
    fn reads_the_machine() {
        let cpuinfo = concat!(
            "processor\t: 0\nmodel name\t: Some CPU @ 2.00GHz\nflags\t\t: fpu\n\n",
            "processor\t: 1\nmodel name\t: Some CPU @ 2.00GHz\n"
        );
        assert_eq!(machine(cpuinfo), ("Some CPU @ 2.00GHz".to_string(), 2));
        assert_eq!(machine(""), ("unknown CPU".to_string(), 0));
    }
}

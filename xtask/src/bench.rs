//! `cargo xtask bench [--rounds N] [--instructions]`: runs the benchmark of
//! `crates/engine/benches/phase.rs` N times (3 by default) and prints every figure of issue
//! #15, each the median of its medians over the runs, beside the issue's baseline and
//! dipcc's recorded figures, with the ratios; `--instructions` also counts instructions per
//! figure under valgrind's callgrind (repeatable on a busy machine) beside the counts at the
//! issue's start.

use std::collections::BTreeMap;
use std::process::{Command, ExitCode};

/// The issue's baseline (µs, this 2-core machine class) and dipcc's recorded figures:
/// opening_s1901, midgame_34.
const ISSUE_PARSE: [f64; 2] = [7.3, 12.4];
const ISSUE_PARSED: [f64; 2] = [1.5, 6.3];
const ISSUE_OUTCOME: [f64; 2] = [1.7, 4.0];
const ISSUE_TEXT: [f64; 2] = [13.0, 29.5];
/// dipcc adjudicating parsed orders, its possible-orders table cached.
const DIPCC_ADJUDICATE: [f64; 2] = [36.4, 52.2];
/// dipcc building its table of possible orders.
const DIPCC_LEGAL: [f64; 2] = [80.0, 1600.0];
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

/// Instructions per iteration at the issue's start (commit 404ef76: the resolver split
/// and the benchmark, nothing yet made faster), counted as `--instructions` counts:
/// (figure, workload, count). The per-unit form of legal orders did not exist.
const START_INSTRUCTIONS: &[(&str, &str, u64)] = &[
    ("parse", "opening_s1901", 61_645),
    ("parse", "midgame_34", 100_270),
    ("parse_long", "opening_s1901", 75_538),
    ("parse_long", "midgame_34", 131_796),
    ("parse_errors", "-", 25_167_481),
    ("parsed", "opening_s1901", 15_232),
    ("parsed", "midgame_34", 55_401),
    ("outcome", "opening_s1901", 8_965),
    ("outcome", "midgame_34", 20_658),
    ("text", "opening_s1901", 85_877),
    ("text", "midgame_34", 176_346),
    ("legal", "opening_s1901", 302_713),
    ("legal", "midgame_34", 1_282_487),
    ("legal_unit", "opening_s1901", 0),
    ("legal_unit", "midgame_34", 0),
    ("convoy_web", "-", 354_319_042),
    ("games", "-", 26_740_381),
];

pub fn run(args: &[String]) -> ExitCode {
    let usage = || {
        eprintln!("usage: cargo xtask bench [--rounds N] [--instructions]");
        ExitCode::from(2)
    };
    let (mut instructions, mut rounds) = (false, 3usize);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--instructions" => instructions = true,
            "--rounds" => match args.next().and_then(|n| n.parse().ok()).filter(|&n| n > 0) {
                Some(n) => rounds = n,
                None => return usage(),
            },
            _ => return usage(),
        }
    }
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
    let vs_dipcc = |now: [Option<f64>; 2], label: &str| {
        let cell = |i: usize| now[i].map_or("-".into(), |v| format!("{:.1}× faster", DIPCC_ADJUDICATE[i] / v));
        println!("{label:<36} {:>24} {:>24}", cell(0), cell(1));
    };
    println!("{:<36} {:>24} {:>24}", "dipcc adjudicating (recorded)", DIPCC_ADJUDICATE[0], DIPCC_ADJUDICATE[1]);
    let resolver_and_outcome = [0, 1].map(|i| Some(parsed[i]? + outcome[i]?));
    vs_dipcc(resolver_and_outcome, "  vs dip resolver + outcome");
    vs_dipcc(text, "  vs dip from text");
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
        let cell = |i: usize| {
            now[i].map_or("-".into(), |v| format!("{v:.2} (dipcc {:.0}, {:.0}×)", DIPCC_LEGAL[i], DIPCC_LEGAL[i] / v))
        };
        // The issue's target (20× dipcc's table) is for the list of every unit; asking unit
        // by unit builds the position's bit sets again each time and has no target.
        if group == "legal_orders" {
            let ok = [0, 1].iter().all(|&i| now[i].is_some_and(|v| DIPCC_LEGAL[i] / v >= 20.0));
            println!("{label:<36} {:>24} {:>24}  {}", cell(0), cell(1), verdict(ok));
        } else {
            println!("{label:<36} {:>24} {:>24}  (no target)", cell(0), cell(1));
        }
        if group == "legal_orders_unit" {
            let per = [0, 1].map(|i| now[i].map(|v| v / UNITS[i]));
            println!("  {:<34} {:>24} {:>24}", "µs a unit", show(per[0]), show(per[1]));
        }
    }
    println!("dipcc's figures were recorded on this machine class (dipcc cannot be built here)");
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
    if instructions {
        return count_instructions();
    }
    ExitCode::SUCCESS
}

/// Instructions of a full movement phase (resolver and outcome) on each large map, and a
/// unit.
fn large_map_instructions(exe: &str) -> ExitCode {
    println!("large maps: instructions of a full movement phase (parsed + outcome), and a unit");
    for (workload, units) in LARGE_MAPS {
        let mut total = 0;
        for figure in ["parsed", "outcome"] {
            let n = 50;
            let (Some(with), Some(without)) =
                (callgrind(exe, figure, workload, n), callgrind(exe, figure, workload, 0))
            else {
                eprintln!("valgrind failed or is not installed");
                return ExitCode::FAILURE;
            };
            total += with.saturating_sub(without) / n;
        }
        println!("  {workload:<26} {units:>4} units {total:>12} {:>8.0} a unit", total as f64 / units);
    }
    ExitCode::SUCCESS
}

/// Instructions callgrind counts for `exe figure workload iterations`.
fn callgrind(exe: &str, figure: &str, workload: &str, iterations: u64) -> Option<u64> {
    let out = Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null", exe, figure, workload])
        .arg(iterations.to_string())
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stderr);
    let collected = text.lines().find_map(|l| l.split("Collected : ").nth(1))?;
    collected.trim().parse().ok()
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

fn cargo(args: &[&str]) -> Result<String, String> {
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
fn medians(text: &str) -> BTreeMap<(String, String), f64> {
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
    all.into_iter()
        .map(|(key, mut values)| {
            values.sort_by(f64::total_cmp);
            let n = values.len();
            let median = if n % 2 == 1 { values[n / 2] } else { (values[n / 2 - 1] + values[n / 2]) / 2.0 };
            (key, median)
        })
        .collect()
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

/// Counts instructions per iteration of each figure with callgrind, only inside the
/// harness's `measured` (drops of results excluded, as divan excludes them).
fn count_instructions() -> ExitCode {
    let build = cargo(&["bench", "--package", "dip", "--bench", "instructions", "--no-run", "--message-format=json"]);
    let exe = build.ok().and_then(|out| {
        out.lines()
            .filter(|l| l.contains("\"executable\":") && l.contains("instructions"))
            .find_map(|l| l.split("\"executable\":\"").nth(1).and_then(|s| s.split('"').next()).map(String::from))
    });
    let Some(exe) = exe else {
        eprintln!("could not build the instruction counter (crates/engine/benches/instructions.rs)");
        return ExitCode::FAILURE;
    };
    println!();
    println!("instructions per iteration (callgrind), now and at the issue's start (404ef76)");
    for &(figure, workload, start) in START_INSTRUCTIONS {
        let n: u64 = match figure {
            "convoy_web" => 3,
            "games" => 4,
            "parse_errors" => 20,
            _ => 100,
        };
        let out = Command::new("valgrind")
            .args(["--tool=callgrind", "--callgrind-out-file=/dev/null", "--toggle-collect=instructions::measured*"])
            .args([exe.as_str(), figure, workload, &n.to_string()])
            .output();
        let collected = out.ok().and_then(|out| {
            let text = String::from_utf8_lossy(&out.stderr).into_owned();
            text.lines().find_map(|l| l.split("Collected : ").nth(1)).and_then(|c| c.trim().parse::<u64>().ok())
        });
        let Some(collected) = collected else {
            eprintln!("valgrind failed or is not installed");
            return ExitCode::FAILURE;
        };
        let now = collected / n;
        let versus = if start == 0 {
            "(new)".to_string()
        } else {
            format!("(start {start:>12}, {:.2}× fewer)", start as f64 / now.max(1) as f64)
        };
        println!("{figure:<12} {workload:<14} {now:>12} {versus}");
    }
    large_map_instructions(&exe)
}

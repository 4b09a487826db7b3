//! `cargo xtask bench --instructions [--record]`: instructions per iteration of every
//! benchmarked figure, counted with valgrind's callgrind (the same on a busy machine as on an
//! idle one), beside the counts committed in `bench/instructions.json` and those at issue
//! #15's start. A figure more than [`TOLERANCE_PERCENT`] above its committed count fails the
//! run: no regression goes unnoticed. `--record` writes the counts of this run to the file
//! instead, to commit deliberately with the reason.
//!
//! Each count is the median of three runs: the heap the counter's set-up leaves (the map
//! loader's hash maps are seeded at random) moves the allocator's share of some figures by
//! up to 2% from run to run. The counter runs with an empty environment, from its own
//! folder, as `./NAME`: the stack the program starts on then does not depend on who runs it
//! or where the checkout is (an environment 3,000 bytes larger moved `outcome midgame_34`
//! by 1%).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use super::cargo;

/// How much a figure may grow over its committed count before the check fails: above the
/// counts' noise (see the module's head) and the difference between builds from checkouts
/// at other paths (their panic locations are other strings).
pub const TOLERANCE_PERCENT: u64 = 5;

/// Runs of callgrind a figure, the median taken; and for a figure found above the
/// tolerance, counted again before it fails.
const RUNS: usize = 3;
const RECOUNT_RUNS: usize = 7;

/// The committed counts, relative to the workspace root.
const FILE: &str = "bench/instructions.json";

/// Every figure counted: (figure of `crates/engine/benches/instructions.rs`, workload,
/// iterations under callgrind). `phase` is a full movement phase on the large maps: the
/// resolver and the outcome (`parsed` + `outcome`).
const FIGURES: &[(&str, &str, u64)] = &[
    ("parse", "opening_s1901", 100),
    ("parse", "midgame_34", 100),
    ("parse_long", "opening_s1901", 100),
    ("parse_long", "midgame_34", 100),
    ("parse_errors", "-", 20),
    ("parsed", "opening_s1901", 100),
    ("parsed", "midgame_34", 100),
    ("outcome", "opening_s1901", 100),
    ("outcome", "midgame_34", 100),
    ("text", "opening_s1901", 100),
    ("text", "midgame_34", 100),
    ("legal", "opening_s1901", 100),
    ("legal", "midgame_34", 100),
    ("legal_unit", "opening_s1901", 100),
    ("legal_unit", "midgame_34", 100),
    ("convoy_web", "-", 3),
    ("games", "-", 4),
    ("phase", "opening_s1901", 50),
    ("phase", "world_opening", 50),
    ("phase", "kw901_opening", 50),
    ("phase", "kw901_crowded", 50),
    ("phase", "kw901_crowded_no_convoys", 50),
];

/// Units of the large maps' positions (`LARGE_MAPS` in benches/common), for the cost a unit.
const LARGE_MAP_UNITS: &[(&str, u64)] = &[
    ("opening_s1901", 22),
    ("world_opening", 51),
    ("kw901_opening", 109),
    ("kw901_crowded", 269),
    ("kw901_crowded_no_convoys", 269),
];

/// Instructions per iteration at issue #15's start (commit 404ef76: the resolver split and
/// the benchmark, nothing yet made faster): dip's own history, printed beside.
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
    ("convoy_web", "-", 354_319_042),
    ("games", "-", 26_740_381),
];

/// A figure's instructions per iteration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Count {
    pub figure: String,
    pub workload: String,
    pub instructions: u64,
}

/// The committed file: its note, where its counts were taken, and the counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Committed {
    pub counted_at: String,
    pub cpu: String,
    pub counts: Vec<Count>,
}

/// A figure measured now beside its committed count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// At most [`TOLERANCE_PERCENT`] above the committed count (or below it).
    Within,
    /// More than [`TOLERANCE_PERCENT`] above: a regression, the check fails.
    Over,
    /// Counted now, absent from the file: the check fails until it is recorded.
    NotRecorded,
    /// In the file, not counted now (the figure was renamed or removed): the check fails
    /// until the file is recorded again.
    NotCounted,
}

impl Verdict {
    pub fn fails(self) -> bool {
        self != Verdict::Within
    }
}

/// A figure counted now beside its committed count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    pub figure: String,
    pub workload: String,
    pub now: Option<u64>,
    pub committed: Option<u64>,
    pub verdict: Verdict,
}

/// Each figure of `now` and of `committed`, in `now`'s order then the file's leftovers.
pub fn check(committed: &[Count], now: &[Count]) -> Vec<Checked> {
    let key = |c: &Count| (c.figure.clone(), c.workload.clone());
    let recorded: BTreeMap<_, _> = committed.iter().map(|c| (key(c), c.instructions)).collect();
    let mut lines: Vec<_> = now
        .iter()
        .map(|c| {
            let before = recorded.get(&key(c)).copied();
            let verdict = match before {
                None => Verdict::NotRecorded,
                Some(b) if u128::from(c.instructions) * 100 > u128::from(b) * u128::from(100 + TOLERANCE_PERCENT) => {
                    Verdict::Over
                }
                Some(_) => Verdict::Within,
            };
            Checked {
                figure: c.figure.clone(),
                workload: c.workload.clone(),
                now: Some(c.instructions),
                committed: before,
                verdict,
            }
        })
        .collect();
    for c in committed {
        if !now.iter().any(|n| key(n) == key(c)) {
            lines.push(Checked {
                figure: c.figure.clone(),
                workload: c.workload.clone(),
                now: None,
                committed: Some(c.instructions),
                verdict: Verdict::NotCounted,
            });
        }
    }
    lines
}

/// Reads the committed file's text; `path` names it in errors.
pub fn parse_committed(text: &str, path: &str) -> Result<Committed, String> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("{path}: not valid JSON: {e}"))?;
    let string = |v: &serde_json::Value, field: &str, at: &str| {
        v[field].as_str().map(str::to_string).ok_or_else(|| format!("{path}: {at}: expected a string `{field}`"))
    };
    let counted_at = string(&value, "counted_at", "top level")?;
    let cpu = string(&value, "cpu", "top level")?;
    let figures =
        value["figures"].as_array().ok_or_else(|| format!("{path}: top level: expected an array `figures`"))?;
    let mut counts = Vec::with_capacity(figures.len());
    for (i, f) in figures.iter().enumerate() {
        let at = format!("figures[{i}]");
        let figure = string(f, "figure", &at)?;
        let workload = string(f, "workload", &at)?;
        let instructions = f["instructions"]
            .as_u64()
            .ok_or_else(|| format!("{path}: {at} ({figure} {workload}): expected a whole number `instructions`"))?;
        if counts.iter().any(|c: &Count| c.figure == figure && c.workload == workload) {
            return Err(format!("{path}: {at}: {figure} {workload} is already listed"));
        }
        counts.push(Count { figure, workload, instructions });
    }
    Ok(Committed { counted_at, cpu, counts })
}

/// The file's text: a note on what it is and how to update it, then one figure a line.
pub fn format_committed(c: &Committed) -> String {
    let json = |s: &str| serde_json::Value::from(s).to_string();
    let note = format!(
        "Instructions per iteration of each benchmarked figure (callgrind; crates/engine/benches/instructions.rs). \
         `cargo xtask bench --instructions` fails when a figure grows more than {TOLERANCE_PERCENT}% over its count \
         here. Update only deliberately, with the reason in the commit: cargo xtask bench --instructions \
         --skip-timing --record"
    );
    let mut out = String::from("{\n");
    out += &format!("  \"note\": {},\n", json(&note));
    out += &format!("  \"counted_at\": {},\n", json(&c.counted_at));
    out += &format!("  \"cpu\": {},\n", json(&c.cpu));
    out += "  \"figures\": [\n";
    for (i, count) in c.counts.iter().enumerate() {
        let comma = if i + 1 < c.counts.len() { "," } else { "" };
        out += &format!(
            "    {{\"figure\": {}, \"workload\": {}, \"instructions\": {}}}{comma}\n",
            json(&count.figure),
            json(&count.workload),
            count.instructions
        );
    }
    out += "  ]\n}\n";
    out
}

/// `valgrind` found on the PATH (the counter itself runs with an empty environment).
fn valgrind() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join("valgrind")).find(|p| p.is_file())
}

/// Instructions callgrind counts inside the counter's `measured` for `exe figure workload
/// iterations`.
fn callgrind(valgrind: &Path, exe: &Path, figure: &str, workload: &str, iterations: u64) -> Option<u64> {
    let (dir, name) = (exe.parent()?, exe.file_name()?.to_str()?);
    let out = Command::new(valgrind)
        .env_clear()
        .current_dir(dir)
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null", "--toggle-collect=instructions::measured*"])
        .arg(format!("./{name}"))
        .args([figure, workload, &iterations.to_string()])
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stderr);
    let collected = text.lines().find_map(|l| l.split("Collected : ").nth(1))?;
    collected.trim().parse().ok()
}

/// Instructions per iteration of one figure, the median of `runs` runs.
fn count(valgrind: &Path, exe: &Path, figure: &str, workload: &str, n: u64, runs: usize) -> Result<u64, String> {
    eprintln!("instructions: {figure} {workload}");
    let parts: &[&str] = if figure == "phase" { &["parsed", "outcome"] } else { &[figure] };
    let mut counts = Vec::with_capacity(runs);
    for _ in 0..runs {
        let mut total = 0;
        for part in parts {
            total += callgrind(valgrind, exe, part, workload, n)
                .ok_or_else(|| format!("valgrind failed on {} {part} {workload}", exe.display()))?;
        }
        counts.push(total / n);
    }
    counts.sort_unstable();
    Ok(counts[runs / 2])
}

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

pub fn run(record: bool) -> ExitCode {
    match counts_and_check(record) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// Counts, prints beside the committed counts and checks them, or records them; whether
/// the check passed.
fn counts_and_check(record: bool) -> Result<bool, String> {
    let build = cargo(&["bench", "--package", "dip", "--bench", "instructions", "--no-run", "--message-format=json"]);
    let exe = build.ok().and_then(|out| {
        out.lines()
            .filter(|l| l.contains("\"executable\":") && l.contains("instructions"))
            .find_map(|l| l.split("\"executable\":\"").nth(1).and_then(|s| s.split('"').next()).map(PathBuf::from))
    });
    let exe = exe.ok_or("could not build the instruction counter (crates/engine/benches/instructions.rs)")?;
    let valgrind = valgrind().ok_or("valgrind is not on the PATH (apt-get install valgrind)")?;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let path = root.join(FILE);
    let committed = match std::fs::read_to_string(&path) {
        Ok(text) => Some(parse_committed(&text, FILE)?),
        Err(e) if record && e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(format!("{FILE}: cannot read it: {e}")),
    };
    let mut now = Vec::with_capacity(FIGURES.len());
    for &(figure, workload, n) in FIGURES {
        let instructions = count(&valgrind, &exe, figure, workload, n, RUNS)?;
        now.push(Count { figure: figure.into(), workload: workload.into(), instructions });
    }
    // A figure above the tolerance is counted again, more times, before it fails: the
    // median of three runs can still sit a couple of percent high.
    if !record {
        let over = check(committed.as_ref().map_or(&[][..], |c| &c.counts), &now);
        for line in over.iter().filter(|l| l.verdict == Verdict::Over) {
            let Some(&(_, _, n)) = FIGURES.iter().find(|f| (f.0, f.1) == (&line.figure[..], &line.workload[..])) else {
                continue;
            };
            let again = count(&valgrind, &exe, &line.figure, &line.workload, n, RECOUNT_RUNS)?;
            if let Some(c) = now.iter_mut().find(|c| c.figure == line.figure && c.workload == line.workload) {
                c.instructions = again;
            }
        }
    }
    println!();
    match &committed {
        Some(c) => println!(
            "instructions per iteration (callgrind): now, committed in {FILE} (counted at {}), at issue #15's start \
             (404ef76)",
            c.counted_at
        ),
        None => println!("instructions per iteration (callgrind): now, at issue #15's start (404ef76)"),
    }
    let lines = check(committed.as_ref().map_or(&[][..], |c| &c.counts), &now);
    let mut passed = true;
    for Checked { figure, workload, now, committed: before, verdict } in &lines {
        let show = |n: &Option<u64>| n.map_or("-".to_string(), |n| n.to_string());
        let change = match (now, before) {
            (Some(n), Some(b)) => format!("{:+.1}%", (*n as f64 / (*b).max(1) as f64 - 1.0) * 100.0),
            _ => String::new(),
        };
        let start = START_INSTRUCTIONS.iter().find(|s| s.0 == figure && s.1 == workload).map(|s| s.2);
        let history = match (start, now) {
            (Some(s), Some(n)) => format!("(start {s:>12}, {:.2}× fewer)", s as f64 / (*n).max(1) as f64),
            _ => String::new(),
        };
        let said = match verdict {
            Verdict::Within => "ok",
            Verdict::Over => "REGRESSION",
            Verdict::NotRecorded => "not recorded",
            Verdict::NotCounted => "no longer counted",
        };
        let said = if record && verdict.fails() { "" } else { said };
        passed &= !verdict.fails();
        println!("{figure:<12} {workload:<26} {:>12} {:>12} {change:>7} {said:<18} {history}", show(now), show(before));
    }
    println!("large maps: a full movement phase (phase), instructions a unit");
    for &(workload, units) in LARGE_MAP_UNITS {
        if let Some(c) = now.iter().find(|c| c.figure == "phase" && c.workload == workload) {
            println!("  {workload:<26} {units:>4} units {:>8.0} a unit", c.instructions as f64 / units as f64);
        }
    }
    if record {
        let head = git(&["rev-parse", "--short", "HEAD"]).unwrap_or_else(|| "unknown commit".into());
        let dirty = git(&["status", "--porcelain", "--untracked-files=no"]).is_some_and(|s| !s.is_empty());
        let counted_at = if dirty { format!("{head} with uncommitted changes") } else { head };
        let cpu = super::dipcc::machine(&std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default()).0;
        let text = format_committed(&Committed { counted_at, cpu, counts: now });
        std::fs::write(&path, text).map_err(|e| format!("{FILE}: cannot write it: {e}"))?;
        println!("recorded {} figures in {FILE}: commit it with the reason the counts changed", FIGURES.len());
        return Ok(true);
    }
    if passed {
        println!("instructions: every figure within {TOLERANCE_PERCENT}% of {FILE}");
    } else {
        println!(
            "instructions: NOT within {TOLERANCE_PERCENT}% of {FILE} (above); if the change is deliberate, record \
             the counts (cargo xtask bench --instructions --skip-timing --record) and give the reason in the commit"
        );
    }
    Ok(passed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(figure: &str, workload: &str, instructions: u64) -> Count {
        Count { figure: figure.into(), workload: workload.into(), instructions }
    }

    #[test]
    fn fails_only_beyond_the_tolerance() {
        let committed = [count("parsed", "opening_s1901", 10_000), count("text", "midgame_34", 50_000)];
        let now = [count("parsed", "opening_s1901", 10_500), count("text", "midgame_34", 52_501)];
        let lines = check(&committed, &now);
        assert_eq!(lines[0].verdict, Verdict::Within, "5% above is still within");
        assert_eq!(lines[1].verdict, Verdict::Over, "5.002% above is over");
        assert_eq!(lines[1].now, Some(52_501));
        assert_eq!(lines[1].committed, Some(50_000));
        let fewer = check(&committed, &[count("parsed", "opening_s1901", 3), count("text", "midgame_34", 0)]);
        assert!(fewer.iter().all(|l| l.verdict == Verdict::Within), "fewer instructions never fail");
    }

    #[test]
    fn a_figure_on_one_side_only_fails() {
        let committed = [count("parsed", "opening_s1901", 10_000), count("gone", "-", 5)];
        let now = [count("parsed", "opening_s1901", 10_000), count("new", "midgame_34", 7)];
        let lines = check(&committed, &now);
        let verdicts: Vec<_> = lines.iter().map(|l| (l.figure.as_str(), l.verdict)).collect();
        assert_eq!(
            verdicts,
            [("parsed", Verdict::Within), ("new", Verdict::NotRecorded), ("gone", Verdict::NotCounted)]
        );
        assert!(!Verdict::Within.fails() && Verdict::NotRecorded.fails() && Verdict::NotCounted.fails());
    }

    #[test]
    fn the_file_reads_back_what_was_written() {
        let c = Committed {
            counted_at: "abc1234".into(),
            cpu: "Some \"CPU\"".into(),
            counts: vec![count("parsed", "opening_s1901", 17_058), count("games", "-", 26_740_381)],
        };
        let text = format_committed(&c);
        assert!(
            text.contains(
                "\n    {\"figure\": \"parsed\", \"workload\": \"opening_s1901\", \"instructions\": 17058},\n"
            )
        );
        assert_eq!(parse_committed(&text, FILE), Ok(c));
    }

    #[test]
    fn a_bad_file_is_named_with_what_was_expected() {
        let e = parse_committed("{", FILE).expect_err("an error");
        assert!(e.starts_with("bench/instructions.json: not valid JSON"), "{e}");
        let no_count = r#"{"counted_at": "x", "cpu": "y", "figures": [{"figure": "parsed", "workload": "w", "instructions": -1}]}"#;
        let e = parse_committed(no_count, FILE).expect_err("an error");
        assert_eq!(e, "bench/instructions.json: figures[0] (parsed w): expected a whole number `instructions`");
        let twice = r#"{"counted_at": "x", "cpu": "y", "figures": [{"figure": "a", "workload": "w", "instructions": 1}, {"figure": "a", "workload": "w", "instructions": 2}]}"#;
        let e = parse_committed(twice, FILE).expect_err("an error");
        assert_eq!(e, "bench/instructions.json: figures[1]: a w is already listed");
        let e = parse_committed(r#"{"counted_at": "x", "cpu": "y"}"#, FILE).expect_err("an error");
        assert_eq!(e, "bench/instructions.json: top level: expected an array `figures`");
    }

    #[test]
    fn every_figure_counted_once_and_the_history_names_counted_figures() {
        for (i, a) in FIGURES.iter().enumerate() {
            assert!(FIGURES[i + 1..].iter().all(|b| (a.0, a.1) != (b.0, b.1)), "{} {} twice", a.0, a.1);
            assert!(a.2 > 0);
        }
        for s in START_INSTRUCTIONS {
            assert!(FIGURES.iter().any(|f| (f.0, f.1) == (s.0, s.1)), "{} {} is not counted", s.0, s.1);
        }
    }
}

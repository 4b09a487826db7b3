//! `cargo xtask serve-soak [--requests N] [--limit-as BYTES] [--binary PATH]`: a long run of
//! `dip serve --stdio` under an address-space limit (`prlimit --as`, 512 MiB by default) with
//! good and hostile requests mixed (docs/json.md, "Limits"): a variant named by a path, a key
//! twice, ids, units and lines past their caps, the operator's folder variants in turn past
//! the cache's bound, and the good requests of `serve-bench`. Every answer is checked
//! (each good request must succeed and each hostile one must fail), and the server's
//! resident memory is reported at the start, at its peak and at the end, with the rate.
//! The run fails if an answer is missing or wrong, or if the server dies.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use crate::serve_bench::memory_kib;

/// One kind of request: its name, its line, and whether it must succeed.
struct Kind {
    name: &'static str,
    line: String,
    ok: bool,
}

fn kind(name: &'static str, line: String, ok: bool) -> Kind {
    Kind { name, line, ok }
}

/// The variant folder the server is given: three copies of Pure under other names.
struct Folder(PathBuf);

impl Folder {
    fn new(root: &Path) -> Result<Folder, String> {
        let path = std::env::temp_dir().join(format!("dip-serve-soak-{}", std::process::id()));
        std::fs::create_dir_all(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let folder = Folder(path);
        let pure =
            std::fs::read_to_string(root.join("variants/pure.ron")).map_err(|e| format!("variants/pure.ron: {e}"))?;
        for name in ["copy_a", "copy_b", "copy_c"] {
            let text = pure.replacen("name: \"pure\",", &format!("name: \"{name}\","), 1);
            let file = folder.0.join(format!("{name}.ron"));
            std::fs::write(&file, text).map_err(|e| format!("{}: {e}", file.display()))?;
        }
        Ok(folder)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn position(variant: &str, units: &str, orders: &str) -> String {
    format!(r#"{{"id": "{variant}", "position": {{"variant": "{variant}", "units": {units}, "orders": {orders}}}}}"#)
}

fn empty_units(count: usize) -> String {
    position("standard", &format!(r#"{{"France": [{}]}}"#, vec![r#""""#; count].join(",")), "{}")
}

/// The frequent kinds, sent in turn, and the rare ones (large lines), one every 1,000
/// requests.
fn kinds(root: &Path, binary: &Path, folder: &Path) -> Result<(Vec<Kind>, Vec<Kind>), String> {
    let opening = crate::serve_bench::opening_request(root)?;
    let game = Command::new(binary)
        .args(["new", "standard", "--format", "saved-game"])
        .output()
        .map_err(|e| format!("{}: {e}", binary.display()))?;
    let game: serde_json::Value =
        serde_json::from_slice(&game.stdout).map_err(|e| format!("dip new --format saved-game: {e}"))?;
    let frequent = vec![
        kind("opening", opening, true),
        kind("unreadable order", position("standard", r#"{"France": ["A Paris"]}"#, r#"{"France": ["A Paris - Xyzzy"]}"#), true),
        kind("saved game", format!(r#"{{"id": 1, "game": {game}, "orders": {{"FRANCE": ["A PAR - BUR"]}}}}"#), true),
        kind(
            "retreat",
            r#"{"position": {"variant": "standard", "phase": "Fall 1901 Retreat", "units": {"Germany": ["A Munich"], "France": ["A Ruhr"]}, "dislodged": {"Germany": [{"unit": "A Ruhr", "attacked_from": "Burgundy"}]}, "orders": {"Germany": ["A Ruhr - Kiel"]}}}"#.into(),
            true,
        ),
        kind("folder variant a", position("copy_a", r#"{"France": ["A Paris"]}"#, "{}"), true),
        kind("folder variant b", position("copy_b", r#"{"France": ["A Paris"]}"#, "{}"), true),
        kind("folder variant c", position("copy_c", r#"{"France": ["A Paris"]}"#, "{}"), true),
        kind("broken JSON", "{broken".into(), false),
        kind("variant by path", position(&format!("{}/copy_a", folder.display()), "{}", "{}"), false),
        kind("variant file", position("variants/standard.ron", "{}", "{}"), false),
        kind(
            "a key twice",
            r#"{"position": {"variant": "standard", "units": {}}, "orders": {"France": ["A PAR H"], "France": []}}"#.into(),
            false,
        ),
        kind(
            "a power twice",
            r#"{"position": {"variant": "standard", "units": {}}, "orders": {"France": ["A PAR H"], "FRANCE": []}}"#.into(),
            false,
        ),
        kind("id of 2 KiB", format!(r#"{{"id": "{}", "position": {{"variant": "standard", "units": {{}}}}}}"#, "i".repeat(2048)), false),
        kind("30 empty units", empty_units(30), false),
    ];
    let rare = vec![
        kind(
            "id of 100 KiB",
            format!(r#"{{"id": "{}", "position": {{"variant": "standard", "units": {{}}}}}}"#, "i".repeat(100 << 10)),
            false,
        ),
        kind("9,000 empty units", empty_units(9_000), false),
        kind("12,000 empty units", empty_units(12_000), false),
        kind(
            "12,000 orders",
            position(
                "standard",
                r#"{"France": ["A Paris"]}"#,
                &format!(r#"{{"France": [{}]}}"#, vec![r#""A PAR H""#; 12_000].join(",")),
            ),
            false,
        ),
        kind("300,000 values", format!("[{}]", vec!["0"; 300_000].join(",")), false),
        kind("line of 300 KiB", format!(r#"{{"id": "{}"}}"#, "x".repeat(300 << 10)), false),
    ];
    Ok((frequent, rare))
}

/// The kind of the `n`th request (from 0).
fn pick<'k>(frequent: &'k [Kind], rare: &'k [Kind], n: usize) -> &'k Kind {
    if n % 1000 == 999 { &rare[(n / 1000) % rare.len()] } else { &frequent[n % frequent.len()] }
}

pub fn run(args: &[String]) -> ExitCode {
    let mut requests: usize = 1_000_000;
    let mut limit: u64 = 512 << 20;
    let mut binary: Option<PathBuf> = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match (arg.as_str(), it.next()) {
            ("--requests", Some(n)) => match n.parse() {
                Ok(n) => requests = n,
                Err(_) => return usage(),
            },
            ("--limit-as", Some(n)) => match n.parse() {
                Ok(n) => limit = n,
                Err(_) => return usage(),
            },
            ("--binary", Some(path)) => binary = Some(path.into()),
            _ => return usage(),
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let Some(binary) = binary.or_else(|| crate::serve_bench::release_dip(&root, "serve-soak")) else {
        return ExitCode::FAILURE;
    };
    match soak(&root, &binary, requests, limit) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("serve-soak: {e}");
            ExitCode::FAILURE
        }
    }
}

fn usage() -> ExitCode {
    eprintln!("usage: cargo xtask serve-soak [--requests N] [--limit-as BYTES] [--binary PATH]");
    ExitCode::from(2)
}

fn soak(root: &Path, binary: &Path, requests: usize, limit: u64) -> Result<(), String> {
    let folder = Folder::new(root)?;
    let (frequent, rare) = kinds(root, binary, &folder.0)?;
    // The server as the operator would start it, with a smaller line cap so that a line
    // past it is cheap to send often.
    let mut child = Command::new("prlimit")
        .arg(format!("--as={limit}"))
        .arg("--")
        .arg(binary)
        .args(["serve", "--stdio", "--max-cached-variants", "2", "--max-request-bytes", "262144", "--variants"])
        .arg(&folder.0)
        .current_dir(root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("prlimit {}: {e}", binary.display()))?;
    // prlimit runs the server in its own process: the pid is the server's.
    let pid = child.id();
    let mut stdin = child.stdin.take().ok_or("no pipe to the server")?;
    let stdout = child.stdout.take().ok_or("no pipe from the server")?;
    let lines: Vec<(String, String)> =
        frequent.iter().chain(&rare).map(|k| (k.name.to_string(), format!("{}\n", k.line))).collect();
    let (frequent_count, rare_count) = (frequent.len(), rare.len());
    let started = Instant::now();
    // The writer hands the pipe back, so that it stays open until the end is measured.
    let writer = std::thread::spawn(move || {
        let mut out = std::io::BufWriter::with_capacity(1 << 16, &mut stdin);
        for n in 0..requests {
            let index = if n % 1000 == 999 { frequent_count + (n / 1000) % rare_count } else { n % frequent_count };
            if out.write_all(lines[index].1.as_bytes()).is_err() {
                break;
            }
        }
        let _ = out.flush();
        drop(out);
        stdin
    });
    let mut reader = BufReader::with_capacity(1 << 16, stdout);
    let mut answer = String::new();
    let (mut answers, mut wrong) = (0usize, 0usize);
    let mut first_wrong = None;
    let mut start = None;
    let mut samples = Vec::new();
    let sample_every = (requests / 20).max(1);
    while answers < requests {
        answer.clear();
        match reader.read_line(&mut answer) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let kind = pick(&frequent, &rare, answers);
        if answer.contains("\"ok\":true") != kind.ok {
            wrong += 1;
            first_wrong.get_or_insert_with(|| {
                format!("{} (request {}): {}", kind.name, answers + 1, &answer[..answer.len().min(300)])
            });
        }
        answers += 1;
        if answers == 1000.min(requests) {
            start = memory_kib(pid);
        }
        if answers % sample_every == 0 {
            samples.push((answers, memory_kib(pid)));
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let end = memory_kib(pid);
    drop(writer.join());
    let status = child.wait().map_err(|e| e.to_string())?;
    println!(
        "serve-soak: {requests} requests ({} kinds, {} of them hostile; {} rare large ones, one in 1,000) through `dip serve --stdio` under prlimit --as={limit} ({} MiB)",
        frequent.len() + rare.len(),
        frequent.iter().chain(&rare).filter(|k| !k.ok).count(),
        rare.len(),
        limit >> 20
    );
    println!("  wall clock: {elapsed:.1} s, {:.0} requests/s", answers as f64 / elapsed);
    if let (Some((start_rss, _)), Some((end_rss, peak))) = (start, end) {
        let max_rss = samples.iter().filter_map(|(_, m)| m.map(|m| m.0)).max().unwrap_or(end_rss);
        println!(
            "  server memory: VmRSS {start_rss} KiB after 1,000 requests, {end_rss} KiB at the end; largest VmRSS sampled {max_rss} KiB, VmHWM (peak) {peak} KiB"
        );
        let trail: Vec<String> =
            samples.iter().filter_map(|(n, m)| m.map(|m| format!("{}k: {}", n / 1000, m.0))).collect();
        println!("  VmRSS (KiB) by requests answered: {}", trail.join(", "));
    }
    if !status.success() {
        return Err(format!("the server ended with {status}"));
    }
    if answers != requests || wrong > 0 {
        return Err(format!(
            "{answers} answers to {requests} requests, {wrong} wrong; the first: {}",
            first_wrong.unwrap_or_default()
        ));
    }
    Ok(())
}

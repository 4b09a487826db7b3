//! `cargo xtask serve-bench [--requests N] [--binary PATH]`: pipes N opening positions
//! (all 22 units of the Standard map ordered, `bench/workloads.json`'s `opening_s1901`)
//! through one `dip serve --stdio` process and reports the rate, the server's CPU time per
//! request, and its memory at the start and the end.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

/// The request: the opening with every unit ordered, as one JSON line.
pub fn opening_request(root: &Path) -> Result<String, String> {
    let path = root.join("bench/workloads.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let workloads: serde_json::Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let orders = &workloads["opening_s1901"]["orders"];
    let by_power = orders.as_object().ok_or_else(|| format!("{}: no opening_s1901 orders", path.display()))?;
    // Each order's first two words are its unit (`F STP/SC - FIN` → `F STP/SC`).
    let mut units = serde_json::Map::new();
    for (power, list) in by_power {
        let list: Vec<serde_json::Value> = list
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|o| o.as_str())
            .map(|o| o.split_whitespace().take(2).collect::<Vec<_>>().join(" ").into())
            .collect();
        units.insert(power.clone(), list.into());
    }
    let request = serde_json::json!({
        "position": {"variant": "standard", "units": units, "orders": orders},
    });
    Ok(request.to_string())
}

/// `(resident, peak)` memory of a process in KiB, from `/proc/PID/status` (Linux).
pub fn memory_kib(pid: u32) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status.lines().find(|l| l.starts_with(name)).and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

/// CPU seconds (user + system) a process has used, from `/proc/PID/stat` (Linux).
fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name, which is in parentheses.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// The release `dip` program, built first (`task` names the xtask in its messages); `None`
/// when the build failed, said on standard error.
pub fn release_dip(root: &Path, task: &str) -> Option<PathBuf> {
    eprintln!("{task}: building dip (release)");
    let built = Command::new(env!("CARGO")).args(["build", "--release", "-p", "dip-cli"]).current_dir(root).status();
    if !built.is_ok_and(|s| s.success()) {
        eprintln!("{task}: cargo build --release -p dip-cli failed");
        return None;
    }
    Some(root.join("target/release/dip"))
}

pub fn run(args: &[String]) -> ExitCode {
    let mut requests: usize = 200_000;
    let mut binary: Option<PathBuf> = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match (arg.as_str(), it.next()) {
            ("--requests", Some(n)) => match n.parse() {
                Ok(n) => requests = n,
                Err(_) => return usage(),
            },
            ("--binary", Some(path)) => binary = Some(path.into()),
            _ => return usage(),
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let Some(binary) = binary.or_else(|| release_dip(&root, "serve-bench")) else { return ExitCode::FAILURE };
    match bench(&root, &binary, requests) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("serve-bench: {e}");
            ExitCode::FAILURE
        }
    }
}

fn usage() -> ExitCode {
    eprintln!("usage: cargo xtask serve-bench [--requests N] [--binary PATH]");
    ExitCode::from(2)
}

fn bench(root: &Path, binary: &Path, requests: usize) -> Result<(), String> {
    let request = opening_request(root)?;
    let mut child = Command::new(binary)
        .args(["serve", "--stdio"])
        .current_dir(root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("{}: {e}", binary.display()))?;
    let pid = child.id();
    let mut stdin = child.stdin.take().ok_or("no pipe to the server")?;
    let stdout = child.stdout.take().ok_or("no pipe from the server")?;
    let started = Instant::now();
    let writer = std::thread::spawn(move || {
        let line = format!("{request}\n");
        let mut out = std::io::BufWriter::with_capacity(1 << 16, &mut stdin);
        for _ in 0..requests {
            if out.write_all(line.as_bytes()).is_err() {
                break;
            }
        }
        let _ = out.flush();
    });
    let mut reader = BufReader::with_capacity(1 << 16, stdout);
    let mut answer = String::new();
    let (mut answers, mut failed) = (0usize, 0usize);
    let warm = requests.min(10_000) / 10;
    let mut memory_after_warm_up = None;
    while answers < requests {
        answer.clear();
        match reader.read_line(&mut answer) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if !answer.contains("\"ok\":true") {
            failed += 1;
        }
        answers += 1;
        if answers == warm {
            memory_after_warm_up = memory_kib(pid);
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let cpu = cpu_seconds(pid);
    let memory_at_end = memory_kib(pid);
    let _ = writer.join();
    let _ = child.wait();
    if answers != requests || failed > 0 {
        return Err(format!("{answers} answers to {requests} requests, {failed} not ok"));
    }
    println!("serve-bench: {requests} opening positions (22 orders each) through `dip serve --stdio`");
    println!("  wall clock: {elapsed:.2} s, {:.0} positions/s", requests as f64 / elapsed);
    if let Some(cpu) = cpu {
        println!(
            "  server CPU: {cpu:.2} s, {:.1} µs/position, {:.0} positions/s per core",
            cpu * 1e6 / requests as f64,
            requests as f64 / cpu
        );
    }
    if let (Some((warm_rss, _)), Some((end_rss, peak))) = (memory_after_warm_up, memory_at_end) {
        println!("  server memory: {warm_rss} KiB after {warm} requests, {end_rss} KiB at the end (peak {peak} KiB)");
    }
    Ok(())
}

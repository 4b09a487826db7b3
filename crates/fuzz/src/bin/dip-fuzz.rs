//! `dip-fuzz`: runs the property tests for a time or a number of inputs, with progress on
//! the terminal, and prints how many inputs each target ran and every failure (a panic or
//! a broken invariant) with the seed that reproduces it. Usually started by `cargo xtask fuzz --time N`.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

use dip_fuzz::{Fuzzer, Stats, Target};

const USAGE: &str = "usage: dip-fuzz [--time SECONDS] [--cases N] [--target NAME]... [--seed N]
targets: order-text, position, variant-text, variant-data, position-file, game-json, render, stream, run, import (default: all)";

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (mut time, mut cases, mut seed, mut targets) = (None, None, 0u64, Vec::new());
    while let Some(arg) = args.next() {
        let mut value = |what: &str| args.next().ok_or_else(|| format!("{arg} needs {what}"));
        let parsed: Result<(), String> = (|| {
            match arg.as_str() {
                "--time" => {
                    time = Some(Duration::from_secs_f64(value("seconds")?.parse().map_err(|e| format!("--time: {e}"))?))
                }
                "--cases" => cases = Some(value("a number")?.parse().map_err(|e| format!("--cases: {e}"))?),
                "--seed" => seed = value("a number")?.parse().map_err(|e| format!("--seed: {e}"))?,
                "--target" => {
                    let name = value("a target")?;
                    targets.push(Target::by_name(&name).ok_or_else(|| format!("unknown target `{name}`"))?);
                }
                _ => return Err(format!("unknown argument `{arg}`")),
            }
            Ok(())
        })();
        if let Err(e) = parsed {
            eprintln!("dip-fuzz: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    if targets.is_empty() {
        targets = Target::ALL.to_vec();
    }
    if time.is_none() && cases.is_none() {
        time = Some(Duration::from_secs(60));
    }
    let terminal = std::io::stderr().is_terminal();
    let started = std::time::Instant::now();
    let fuzzer = Fuzzer::new();
    eprintln!("dip-fuzz: ready in {:.1} s; seeds from {seed}", started.elapsed().as_secs_f64());
    let mut last_line = Duration::ZERO;
    let stats = fuzzer.run(&targets, seed, time, cases, |stats, elapsed| {
        let line = progress_line(stats, elapsed);
        if terminal {
            eprint!("\r{line}   ");
            let _ = std::io::stderr().flush();
        } else if elapsed >= last_line + Duration::from_secs(60) {
            last_line = elapsed;
            eprintln!("{line}");
        }
    });
    if terminal {
        eprintln!();
    }
    for target in &targets {
        println!("{:<14} {:>12} inputs", target.name(), group(stats.inputs[*target as usize]));
    }
    for (target, seed, message) in stats.panics.iter().take(20) {
        println!("FAILED {} seed {seed}: {message}", target.name());
        println!("      reproduce: cargo xtask fuzz --target {} --seed {seed} --cases 1", target.name());
    }
    println!("fuzz: {} inputs, {} failed (panics and broken invariants)", group(stats.total()), stats.panics.len());
    if stats.panics.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

fn progress_line(stats: &Stats, elapsed: Duration) -> String {
    let rate = stats.total() as f64 / elapsed.as_secs_f64().max(0.001);
    format!(
        "fuzz {:>6.0} s  {:>13} inputs  {:>9.0}/s  failed {}",
        elapsed.as_secs_f64(),
        group(stats.total()),
        rate,
        stats.panics.len()
    )
}

/// `12345678` → `12,345,678`.
fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

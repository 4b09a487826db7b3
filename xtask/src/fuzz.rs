//! `cargo xtask fuzz [--time SECONDS] [--cases N] [--target NAME]... [--seed N] [--debug]`:
//! builds the property tests' runner (`dip-fuzz`) in the `fuzz` profile (optimised, with
//! overflow checks and debug assertions) or, with `--debug`, the debug profile, and runs
//! it (with the `dip` program, which two targets drive): progress on the terminal, then the
//! inputs run per target and every failure (a panic or a broken invariant) with the command that reproduces it. Without `--time` or `--cases` it runs for 60 seconds.

use std::process::{Command, ExitCode};

pub fn run(args: &[String]) -> ExitCode {
    let debug = args.iter().any(|a| a == "--debug");
    let passed: Vec<&String> = args.iter().filter(|a| *a != "--debug").collect();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let profile = if debug { "dev" } else { "fuzz" };
    // The stream and `dip run` targets drive the `dip` program: built first, in the same
    // profile, beside `dip-fuzz`, where it finds it.
    let built = Command::new(&cargo)
        .args(["build", "--quiet", "--profile", profile, "--package", "dip-cli", "--bin", "dip"])
        .status();
    if !built.is_ok_and(|s| s.success()) {
        eprintln!("cannot build the dip program for the fuzz targets that drive it");
        return ExitCode::FAILURE;
    }
    let status = Command::new(cargo)
        .args(["run", "--quiet", "--profile", profile, "--package", "dip-fuzz", "--bin", "dip-fuzz", "--"])
        .args(passed)
        .status();
    match status {
        Ok(s) if s.success() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("cannot run cargo: {e}");
            ExitCode::FAILURE
        }
    }
}

//! `cargo xtask test [--python]`: every test of the project. Runs `cargo test --workspace
//! --locked`, then the Python package's pytest suite: it makes a virtual environment in
//! `target/python-venv` when there is none (`python3 -m venv`; `PYTHON` names another
//! interpreter), installs the pinned maturin, pytest, MILA's `diplomacy`, PettingZoo,
//! Ray and the MCP SDK from the package index into it, builds the `dip-adjudicator` wheel (`maturin build --release`, in
//! the shared target folder), installs it and runs `pytest crates/python/tests`. `--python`
//! skips the Rust tests. Any failure stops it with a non-zero exit code.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The versions installed into the test environment, pinned so runs are repeatable: MILA's
/// `diplomacy`, of which dip.mila is a drop-in, for the tests that compare with it;
/// PettingZoo (with Gymnasium and NumPy) for `dip.env` and its conformance tests; Ray for
/// `dip.ray`; the official MCP SDK, the client that tests `dip mcp`.
const REQUIREMENTS: [&str; 8] = [
    "maturin==1.16.0",
    "pytest==8.3.4",
    "diplomacy==1.1.2",
    "pettingzoo==1.27.0",
    "gymnasium==1.4.0",
    "numpy==2.4.6",
    "ray==2.60.0",
    "mcp==2.3.0",
];

pub fn run(args: &[String]) -> ExitCode {
    let python_only = match args {
        [] => false,
        [flag] if flag == "--python" => true,
        _ => {
            eprintln!("usage: cargo xtask test [--python]");
            return ExitCode::from(2);
        }
    };
    match test(python_only) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask test: {message}");
            ExitCode::FAILURE
        }
    }
}

fn test(python_only: bool) -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().ok_or("no workspace root")?.to_path_buf();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    if !python_only {
        step(Command::new(&cargo).args(["test", "--workspace", "--locked"]).current_dir(&root), "cargo test")?;
    }
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let target = if target.is_absolute() { target } else { root.join(target) };
    let venv = target.join("python-venv");
    let bin = venv.join(if cfg!(windows) { "Scripts" } else { "bin" });
    let python = bin.join(if cfg!(windows) { "python.exe" } else { "python" });
    if !python.exists() {
        let system = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
        eprintln!("xtask test: making the virtual environment {}", venv.display());
        step(Command::new(&system).arg("-m").arg("venv").arg(&venv), "python3 -m venv")?;
    }
    // pip is skipped when the pins are those installed last time: a warm run stays offline.
    let stamp = venv.join("dip-requirements.txt");
    let wanted = REQUIREMENTS.join("\n");
    if std::fs::read_to_string(&stamp).ok().as_deref() != Some(wanted.as_str()) {
        let mut pip = Command::new(&python);
        pip.args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check"]).args(REQUIREMENTS);
        step(&mut pip, "pip install the test requirements")?;
        std::fs::write(&stamp, &wanted).map_err(|e| format!("{}: {e}", stamp.display()))?;
    }
    // A folder of its own, emptied first, so the wheel installed is the one just built.
    let wheels = target.join("python-wheels");
    if wheels.exists() {
        std::fs::remove_dir_all(&wheels).map_err(|e| format!("{}: {e}", wheels.display()))?;
    }
    let maturin = bin.join(if cfg!(windows) { "maturin.exe" } else { "maturin" });
    let mut build = Command::new(&maturin);
    build
        .args(["build", "--release", "--quiet", "--interpreter"])
        .arg(&python)
        .arg("--out")
        .arg(&wheels)
        .arg("--manifest-path")
        .arg(root.join("crates/python/Cargo.toml"))
        .current_dir(&root);
    step(&mut build, "maturin build")?;
    let wheel = std::fs::read_dir(&wheels)
        .map_err(|e| format!("{}: {e}", wheels.display()))?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .find(|path| path.extension().is_some_and(|x| x == "whl"))
        .ok_or("maturin made no wheel")?;
    let mut install = Command::new(&python);
    install
        .args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--force-reinstall", "--no-deps"])
        .arg(&wheel);
    step(&mut install, "pip install the wheel")?;
    let mut pytest = Command::new(&python);
    // Nothing written into the source tree: no cache folder, no bytecode.
    pytest
        .args(["-m", "pytest", "-p", "no:cacheprovider", "crates/python/tests"])
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .current_dir(&root);
    step(&mut pytest, "pytest")
}

/// Runs a command with the terminal as its output; an error unless it succeeds.
fn step(command: &mut Command, what: &str) -> Result<(), String> {
    let status = command.status().map_err(|e| format!("{what}: cannot start {:?}: {e}", command.get_program()))?;
    if status.success() { Ok(()) } else { Err(format!("{what} failed ({status})")) }
}

//! The command-line workflow: checking orders of every phase, playing a game from
//! orders files keyed by phase (refusing a file for another phase), resuming an
//! interrupted run, variants from any file, and the rule options.

use std::path::{Path, PathBuf};
use std::process::Command;

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn dip(args: &[&str]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_dip")).args(args).current_dir(root()).output().expect("run dip");
    Run {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

#[test]
fn check_orders_checks_retreat_and_adjustment_orders() {
    let run = dip(&["check-orders", "examples/retreat_f1901.ron"]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains(
            "examples/retreat_f1901.ron:27: Germany: `A Berlin - Prussia`: illegal: the unit was not dislodged"
        ),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("ok   Austria: A Vienna - Bohemia"), "{}", run.stdout);
    let run = dip(&["check-orders", "examples/adjustment_w1901.ron"]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("`Build A Warsaw`: illegal: that supply centre is not a home centre"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("`Build F London`: illegal: the power may not build"), "{}", run.stdout);
    assert!(run.stdout.contains("5 orders: 0 could not be read, 2 illegal"), "{}", run.stdout);
}

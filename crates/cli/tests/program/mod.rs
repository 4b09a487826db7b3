//! Running the built `dip` program from the workspace root, and the fresh folders the
//! tests that run it write their files in. Each test file uses some of these.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// What one run of `dip` gave.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// The workspace root, where `variants/` and `datc/` are.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `dip` with `args` from the workspace root.
pub fn dip(args: &[&str]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_dip")).args(args).current_dir(root()).output().expect("run dip");
    Run {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// A fresh, empty folder for test `test` of the test file `file`, in the system's
/// temporary folder.
pub fn folder(file: &str, test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dip-cli-{file}-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

/// Writes `text` to `name` in `dir` and gives its path.
pub fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write");
    path.to_string_lossy().into_owned()
}

//! Files dip writes survive failures: a write that is refused or killed half-way leaves
//! the old file whole (the writes go through a temporary file and a rename).

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A fresh folder for one test.
fn folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dip-cli-files-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

/// Runs `dip` under `sh` with the file-size limit set to 1 KiB: the first write past it
/// gets SIGXFSZ (the process is killed, as by a crash mid-write) or, with the signal
/// ignored, fails with EFBIG (as on a full disk).
#[cfg(unix)]
fn dip_with_small_files(ignore_signal: bool, args: &[&str]) -> std::process::Output {
    let trap = if ignore_signal { "trap '' XFSZ; " } else { "" };
    let script = format!("{trap}ulimit -f 1; exec \"$0\" \"$@\"");
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_dip"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("run dip under sh")
}

#[cfg(unix)]
#[test]
fn run_out_keeps_the_old_game_file_when_the_write_is_killed_or_fails() {
    for ignore_signal in [false, true] {
        let dir = folder(if ignore_signal { "write-fails" } else { "write-killed" });
        let game = dir.join("game.ron");
        let old = std::fs::read_to_string(root().join("examples/opening_s1901.ron")).expect("example");
        std::fs::write(&game, &old).expect("seed the game file");
        let game_arg = game.to_string_lossy().into_owned();
        let run = dip_with_small_files(ignore_signal, &["run", &game_arg, "--out", &game_arg]);
        assert!(!run.status.success(), "the write cannot succeed under the limit");
        let now = std::fs::read_to_string(&game).expect("the game file is still there");
        assert_eq!(now, old, "the game file must be left whole");
        if ignore_signal {
            let stderr = String::from_utf8_lossy(&run.stderr);
            assert!(stderr.contains("the old file is unchanged"), "{stderr}");
            let left: Vec<_> = std::fs::read_dir(&dir).expect("read dir").collect();
            assert_eq!(left.len(), 1, "no temporary file is left after a failed write");
        }
    }
}

#[cfg(unix)]
#[test]
fn an_endless_input_is_refused_at_the_size_cap() {
    let dir = folder("endless");
    let zero = dir.join("zero.ron");
    std::os::unix::fs::symlink("/dev/zero", &zero).expect("symlink");
    let zero = zero.to_string_lossy().into_owned();
    for args in [&["show", "/dev/zero"][..], &["check-orders", &zero], &["run", &zero]] {
        let start = std::time::Instant::now();
        let run = Command::new(env!("CARGO_BIN_EXE_dip")).args(args).current_dir(root()).output().expect("run dip");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(1), "{stderr}");
        assert!(start.elapsed().as_secs() < 20, "{args:?} took {:?}", start.elapsed());
        assert!(stderr.contains("larger than the limit of 67108864 bytes"), "{stderr}");
    }
}

#[cfg(unix)]
#[test]
fn the_size_cap_is_set_on_the_command_line() {
    let run = Command::new(env!("CARGO_BIN_EXE_dip"))
        .args(["adjudicate", "examples/opening_s1901.ron", "--max-input-bytes", "100"])
        .current_dir(root())
        .output()
        .expect("run dip");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("examples/opening_s1901.ron: larger than the limit of 100 bytes"), "{stderr}");
}

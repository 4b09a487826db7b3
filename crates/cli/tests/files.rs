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

/// Runs `dip` in `dir`, killed (and the test failed) if it has not ended within 20 s: a
/// read that blocks forever fails the test instead of hanging it.
fn dip_within(args: &[&str], dir: &Path) -> (Option<i32>, String) {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_dip"))
        .args(args)
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run dip");
    let start = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed().as_secs() >= 20 {
            child.kill().expect("kill");
            child.wait().expect("reap");
            panic!("dip {args:?} still running after 20 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let mut stderr = String::new();
    child.stderr.take().expect("stderr").read_to_string(&mut stderr).expect("stderr");
    (status.code(), stderr)
}

#[cfg(unix)]
#[test]
fn an_endless_device_is_refused_before_any_read() {
    let dir = folder("endless");
    let zero = dir.join("zero.ron");
    std::os::unix::fs::symlink("/dev/zero", &zero).expect("symlink");
    let zero = zero.to_string_lossy().into_owned();
    let out = dir.join("out.svg").to_string_lossy().into_owned();
    let runs: [&[&str]; 5] = [
        &["show", "/dev/zero"],
        &["check-orders", &zero],
        &["run", &zero],
        &["import-map", "/dev/zero"],
        &["render", "examples/opening_s1901.ron", "-o", &out, "--geometry", "/dev/zero"],
    ];
    for args in runs {
        let (code, stderr) = dip_within(args, &root());
        assert_eq!(code, Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains("is a character device, not a regular file"), "{args:?}: {stderr}");
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_at_once_not_waited_on() {
    let dir = folder("fifo");
    for name in ["game.ron", "games.json", "map.map", "geometry.ron"] {
        let made = Command::new("mkfifo").arg(dir.join(name)).status().expect("run mkfifo");
        assert!(made.success(), "mkfifo {name}");
    }
    let example = root().join("examples/opening_s1901.ron").to_string_lossy().into_owned();
    let runs: [&[&str]; 6] = [
        &["check-orders", "game.ron"],
        &["show", "game.ron"],
        &["check-orders", "games.json"],
        &["replay", "games.json"],
        &["import-map", "map.map"],
        &["render", &example, "-o", "out.svg", "--geometry", "geometry.ron"],
    ];
    for args in runs {
        let (code, stderr) = dip_within(args, &dir);
        assert_eq!(code, Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains("is a FIFO (named pipe), not a regular file"), "{args:?}: {stderr}");
    }
}

#[test]
fn import_map_and_render_geometry_honour_the_size_cap() {
    let dir = folder("caps");
    let map = root().join("crates/import/tests/maps/dpjudge/standard.map").to_string_lossy().into_owned();
    // standard.map is small; the geography it includes is not.
    let (code, stderr) = dip_within(&["import-map", &map, "--max-input-bytes", "2000"], &dir);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("larger than the limit of 2000 bytes"), "{stderr}");
    assert!(!dir.join("standard.ron").exists(), "nothing written");
    let geometry = dir.join("big.ron");
    std::fs::write(&geometry, " ".repeat(5000)).expect("write");
    let geometry = geometry.to_string_lossy().into_owned();
    let out = dir.join("out.svg").to_string_lossy().into_owned();
    let args =
        ["render", "examples/opening_s1901.ron", "-o", &out, "--geometry", &geometry, "--max-input-bytes", "4000"];
    let (code, stderr) = dip_within(&args, &root());
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("big.ron: larger than the limit of 4000 bytes"), "{stderr}");
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

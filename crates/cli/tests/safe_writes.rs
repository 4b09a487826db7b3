//! `dip run --out` and `dip render -o` replace only a regular file the user may write:
//! devices, FIFOs and `/dev/stdout` are written to and stay what they are; dangling links,
//! read-only files and files in folders the user may not write are refused with an error
//! naming them. Special files are made in each test's own folder (the tests run as root,
//! as CI does); the checks of an unprivileged user run `dip` under `setpriv` as
//! nobody (65534).
#![cfg(target_os = "linux")]

use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A fresh folder for one test, which every user may write (for the unprivileged runs).
fn folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dip-cli-safe-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).expect("chmod the folder");
    dir
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("read dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn make(program: &str, args: &[&str]) {
    let status = Command::new(program).args(args).status().expect("run the command");
    assert!(status.success(), "{program} {args:?} failed (the tests run as root, as CI does)");
}

fn text(path: &Path) -> String {
    path.to_str().expect("utf-8 path").to_string()
}

fn dip(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dip")).args(args).current_dir(root()).output().expect("run dip")
}

/// `dip` as nobody, in `dir`, with no supplementary groups.
fn dip_as_nobody(dir: &Path, args: &[&str]) -> Output {
    Command::new("/usr/bin/setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", env!("CARGO_BIN_EXE_dip")])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run dip under setpriv")
}

fn is_char_device(path: &Path) -> bool {
    std::fs::symlink_metadata(path).expect("meta").file_type().is_char_device()
}

const GAME: &str = "examples/opening_s1901.ron";

#[test]
fn run_and_render_write_to_a_device_and_keep_it() {
    let dir = folder("device");
    let null = dir.join("null.svg");
    make("mknod", &[&text(&null), "c", "1", "3"]);
    let run = dip(&["run", GAME, "--out", &text(&null)]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    assert!(is_char_device(&null), "dip run --out replaced the device");
    let render = dip(&["render", GAME, "-o", &text(&null)]);
    assert!(render.status.success(), "{}", String::from_utf8_lossy(&render.stderr));
    assert!(is_char_device(&null), "dip render -o replaced the device");
    // A full device: an error naming it, and the device stays.
    let full = dir.join("full.svg");
    make("mknod", &[&text(&full), "c", "1", "7"]);
    for args in [["run", GAME, "--out", &text(&full)], ["render", GAME, "-o", &text(&full)]] {
        let out = dip(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} succeeded on a full device");
        assert!(stderr.contains("full.svg") && stderr.contains("No space left"), "{stderr}");
        assert!(is_char_device(&full));
    }
    assert_eq!(names(&dir), ["full.svg", "null.svg"], "no temporary file is left");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn run_and_render_write_to_a_fifo_once_and_keep_it() {
    let dir = folder("fifo");
    let fifo = dir.join("pipe.svg");
    make("mkfifo", &[&text(&fifo)]);
    for args in [["run", GAME, "--out", &text(&fifo)], ["render", GAME, "-o", &text(&fifo)]] {
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read_to_string(fifo).expect("read the fifo"))
        };
        let out = dip(&args);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        // Checked before the reader is waited for: a FIFO replaced by a file is never
        // opened for writing, and its reader would wait for ever.
        assert!(std::fs::symlink_metadata(&fifo).expect("meta").file_type().is_fifo(), "{args:?} replaced the FIFO");
        let got = reader.join().expect("reader");
        if args[0] == "run" {
            // The game went through once, at the end (not once a phase).
            assert_eq!(got.matches("variant: \"standard\"").count(), 1, "{got}");
            assert!(got.contains("Fall 1901 Movement"), "{got}");
        } else {
            assert!(got.starts_with("<svg") || got.starts_with("<?xml"), "{}", &got[..got.len().min(80)]);
        }
    }
    assert_eq!(names(&dir), ["pipe.svg"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--out /dev/stdout` with the standard output on a device: the device stays (dip once
/// replaced the machine's /dev/null this way); on a file: the game is written into it.
#[test]
fn out_to_dev_stdout_writes_through_the_descriptor() {
    let dir = folder("stdout");
    let null = dir.join("null");
    make("mknod", &[&text(&null), "c", "1", "3"]);
    let stdout = std::fs::OpenOptions::new().write(true).open(&null).expect("open the device");
    let status = Command::new(env!("CARGO_BIN_EXE_dip"))
        .args(["run", GAME, "--out", "/dev/stdout"])
        .current_dir(root())
        .stdout(stdout)
        .status()
        .expect("run dip");
    assert!(status.success());
    assert!(is_char_device(&null), "the device behind the standard output was replaced");
    let file = dir.join("out.txt");
    let stdout = std::fs::File::create(&file).expect("create");
    let inode = std::fs::metadata(&file).expect("meta").ino();
    let run = Command::new(env!("CARGO_BIN_EXE_dip"))
        .args(["run", GAME, "--out", "/proc/self/fd/1"])
        .current_dir(root())
        .stdout(stdout)
        .stderr(Stdio::null())
        .status()
        .expect("run dip");
    assert!(run.success());
    assert_eq!(std::fs::metadata(&file).expect("meta").ino(), inode, "the file was replaced, not written to");
    assert!(std::fs::read_to_string(&file).expect("read").contains("phase: \"Fall 1901 Movement\""));
    assert_eq!(names(&dir), ["null", "out.txt"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_dangling_link_is_refused_and_a_good_link_kept() {
    let dir = folder("links");
    let link = dir.join("out.svg");
    std::os::unix::fs::symlink(dir.join("missing/target.svg"), &link).expect("symlink");
    for args in [["run", GAME, "--out", &text(&link)], ["render", GAME, "-o", &text(&link)]] {
        let out = dip(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} wrote through a dangling link");
        assert!(
            stderr.contains("out.svg") && stderr.contains("target.svg") && stderr.contains("does not exist"),
            "{stderr}"
        );
    }
    assert!(std::fs::symlink_metadata(&link).expect("meta").file_type().is_symlink());
    assert_eq!(names(&dir), ["out.svg"]);
    // A link to a file: the file is replaced, the link stays.
    std::fs::create_dir(dir.join("missing")).expect("mkdir");
    std::fs::write(dir.join("missing/target.svg"), "old").expect("seed");
    let out = dip(&["render", GAME, "-o", &text(&link)]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(std::fs::symlink_metadata(&link).expect("meta").file_type().is_symlink());
    assert!(std::fs::read_to_string(dir.join("missing/target.svg")).expect("read").contains("<svg"));
    assert_eq!(names(&dir.join("missing")), ["target.svg"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// As root, a 0444 file is refused: it was made read-only on purpose.
#[test]
fn a_read_only_file_is_refused_even_for_root() {
    let dir = folder("read-only-root");
    let game = dir.join("game.ron");
    std::fs::write(&game, "kept").expect("seed");
    std::fs::set_permissions(&game, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let out = dip(&["run", GAME, "--out", &text(&game)]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("game.ron") && stderr.contains("permission denied"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&game).expect("read"), "kept");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Run as nobody, in a folder every user may write: a file nobody may not write is left as
/// it was (content, owner, group, mode) with "permission denied" naming it.
#[test]
fn an_unprivileged_user_cannot_replace_what_they_may_not_write() {
    let dir = folder("nobody");
    let game = dir.join("opening.ron");
    std::fs::copy(root().join(GAME), &game).expect("copy the game");
    // Nobody's own read-only file, of root's group: before, it was replaced and its group
    // became nobody's.
    let own = dir.join("own-read-only.ron");
    // Root's file, which nobody may read but not write.
    let roots = dir.join("roots.ron");
    // Nobody's writable file of root's group: replacing it would change its group.
    let group = dir.join("group.ron");
    for (path, uid, mode) in [(&own, 65534, 0o444), (&roots, 0, 0o644), (&group, 65534, 0o664)] {
        std::fs::write(path, "kept").expect("seed");
        std::os::unix::fs::chown(path, Some(uid), Some(0)).expect("chown");
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
    }
    // A folder nobody may not write, with a file in it nobody may.
    let locked = dir.join("locked");
    std::fs::create_dir(&locked).expect("mkdir");
    let inside = locked.join("game.ron");
    std::fs::write(&inside, "kept").expect("seed");
    std::fs::set_permissions(&inside, std::fs::Permissions::from_mode(0o666)).expect("chmod");
    for (target, expected) in [
        (&own, "permission denied"),
        (&roots, "permission denied"),
        (&group, "owner and group"),
        (&inside, "permission denied"),
    ] {
        let before = std::fs::metadata(target).expect("meta");
        let out = dip_as_nobody(&dir, &["run", "opening.ron", "--out", &text(target)]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{} was written by nobody", target.display());
        let name = target.file_name().expect("name").to_string_lossy().into_owned();
        assert!(stderr.contains(&name) && stderr.contains(expected), "{stderr}");
        let after = std::fs::metadata(target).expect("meta");
        assert_eq!(std::fs::read_to_string(target).expect("read"), "kept");
        assert_eq!(
            (after.ino(), after.uid(), after.gid(), after.mode()),
            (before.ino(), before.uid(), before.gid(), before.mode())
        );
    }
    assert_eq!(names(&dir), ["group.ron", "locked", "opening.ron", "own-read-only.ron", "roots.ron"]);
    assert_eq!(names(&locked), ["game.ron"]);
    // What nobody may write is written, keeping its group.
    let mine = dir.join("mine.ron");
    std::fs::write(&mine, "old").expect("seed");
    std::os::unix::fs::chown(&mine, Some(65534), Some(65534)).expect("chown");
    let out = dip_as_nobody(&dir, &["run", "opening.ron", "--out", &text(&mine)]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let after = std::fs::metadata(&mine).expect("meta");
    assert_eq!((after.uid(), after.gid()), (65534, 65534));
    assert!(std::fs::read_to_string(&mine).expect("read").contains("Fall 1901 Movement"));
    let _ = std::fs::remove_dir_all(&dir);
}

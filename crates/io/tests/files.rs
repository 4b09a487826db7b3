//! Atomic writes keep the old file whole on every failure; capped reads stop at the cap.

use std::path::PathBuf;

use dip_io::{ReadError, atomic_write, atomic_write_with, read_to_string};

/// A fresh folder for one test.
fn folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dip-io-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

/// The names in a folder, sorted: a failed write must leave no temporary file behind.
fn names(dir: &PathBuf) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("read dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn writes_a_new_file_and_replaces_an_old_one() {
    let dir = folder("replace");
    let path = dir.join("game.ron");
    atomic_write(&path, "first").expect("write");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), "first");
    atomic_write(&path, "second, longer").expect("write");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), "second, longer");
    assert_eq!(names(&dir), ["game.ron"]);
}

#[test]
fn a_writer_that_fails_half_way_leaves_the_old_file_intact() {
    let dir = folder("half-way");
    let path = dir.join("game.ron");
    std::fs::write(&path, "the old game, whole").expect("seed");
    let error = atomic_write_with(&path, |w| {
        w.write_all(&[b'x'; 10_000])?;
        Err(std::io::Error::new(std::io::ErrorKind::StorageFull, "no space left on device"))
    })
    .expect_err("the write fails");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), "the old game, whole");
    assert_eq!(names(&dir), ["game.ron"], "the temporary file is removed");
    let message = error.to_string();
    assert!(message.contains("game.ron"), "{message}");
    assert!(message.contains("no space left on device"), "{message}");
    assert!(message.contains("the old file is unchanged"), "{message}");
}

#[test]
fn a_failed_first_write_leaves_no_file() {
    let dir = folder("no-file");
    let path = dir.join("new.ron");
    let error = atomic_write_with(&path, |_| Err(std::io::Error::other("refused"))).expect_err("fails");
    assert!(error.to_string().contains("no file was written"), "{error}");
    assert!(names(&dir).is_empty());
}

#[test]
fn a_missing_folder_or_a_folder_as_target_is_an_error() {
    let dir = folder("missing");
    let error = atomic_write(dir.join("no/such/folder/game.ron"), "x").expect_err("fails");
    assert!(error.to_string().contains("creating the temporary file"), "{error}");
    let error = atomic_write(&dir, "x").expect_err("fails");
    assert!(error.to_string().contains("folder"), "{error}");
}

#[cfg(unix)]
#[test]
fn the_new_file_keeps_the_old_permissions_and_links_are_followed() {
    use std::os::unix::fs::PermissionsExt;
    let dir = folder("permissions");
    let path = dir.join("game.ron");
    std::fs::write(&path, "old").expect("seed");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    atomic_write(&path, "new").expect("write");
    let mode = std::fs::metadata(&path).expect("meta").permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    let link = dir.join("link.ron");
    std::os::unix::fs::symlink(&path, &link).expect("symlink");
    atomic_write(&link, "through the link").expect("write");
    assert!(std::fs::symlink_metadata(&link).expect("meta").file_type().is_symlink(), "the link stays a link");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), "through the link");
}

#[test]
fn reads_stop_at_the_cap() {
    let dir = folder("cap");
    let path = dir.join("orders.ron");
    std::fs::write(&path, "0123456789").expect("seed");
    assert_eq!(read_to_string(&path, 10).expect("exactly the cap"), "0123456789");
    let error = read_to_string(&path, 9).expect_err("over the cap");
    assert!(matches!(error, ReadError::TooLarge { limit: 9, .. }), "{error}");
    assert!(error.to_string().contains("--max-input-bytes"), "{error}");
    std::fs::write(&path, [0x66, 0xff, 0x66]).expect("seed");
    assert!(matches!(read_to_string(&path, 10), Err(ReadError::NotText { offset: 1, .. })));
    assert!(matches!(read_to_string(&dir, 10), Err(ReadError::Io { .. })));
}

#[cfg(unix)]
#[test]
fn an_endless_device_is_refused_quickly() {
    let start = std::time::Instant::now();
    let error = read_to_string("/dev/zero", 1 << 20).expect_err("endless");
    // A device is refused for what it is, before a byte is read.
    assert!(matches!(error, ReadError::NotAFile { .. }), "{error}");
    assert!(start.elapsed().as_secs() < 5);
}

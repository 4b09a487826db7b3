//! Atomic writes keep the old file whole on every failure; capped reads stop at the cap.

use std::io::Write;
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

/// Runs a command that makes a special file in a test's folder (`mkfifo`, `mknod`).
#[cfg(unix)]
fn make(program: &str, args: &[&str]) {
    let status = std::process::Command::new(program).args(args).status().expect("run the command");
    assert!(status.success(), "{program} {args:?} failed (the tests run as root, as CI does)");
}

#[cfg(unix)]
fn is_char_device(path: &std::path::Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::symlink_metadata(path).expect("meta").file_type().is_char_device()
}

/// A character device (a node of `/dev/null`'s kind, made in the test's folder) is
/// written to, never replaced by a regular file.
#[cfg(unix)]
#[test]
fn a_character_device_is_written_to_not_replaced() {
    let dir = folder("char-device");
    let null = dir.join("null");
    make("mknod", &[&null.to_string_lossy(), "c", "1", "3"]);
    atomic_write(&null, "a game").expect("writing to a null device succeeds");
    assert!(is_char_device(&null), "the device is still a device");
    dip_io::append_line(&null, "a line").expect("appending to it too");
    assert!(is_char_device(&null));
    assert!(dip_io::is_stream(&null));
    assert_eq!(names(&dir), ["null"], "no temporary file");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A full device (`/dev/full`'s kind) gives an error naming it, and stays a device.
#[cfg(unix)]
#[test]
fn a_full_device_gives_an_error_and_stays() {
    let dir = folder("full-device");
    let full = dir.join("full");
    make("mknod", &[&full.to_string_lossy(), "c", "1", "7"]);
    let error = atomic_write(&full, "a game").expect_err("no space on a full device");
    assert!(matches!(error, dip_io::WriteError::Stream { .. }), "{error}");
    let message = error.to_string();
    assert!(message.contains("full") && message.contains("No space left"), "{message}");
    assert!(is_char_device(&full));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A FIFO is written to (its reader gets the text) and stays a FIFO.
#[cfg(unix)]
#[test]
fn a_fifo_is_written_to_not_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let dir = folder("fifo");
    let fifo = dir.join("pipe");
    make("mkfifo", &[&fifo.to_string_lossy()]);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).expect("read the fifo"))
    };
    atomic_write(&fifo, "through the pipe\n").expect("write");
    // Checked before the reader is waited for, which would wait for ever on a replaced FIFO.
    assert!(std::fs::symlink_metadata(&fifo).expect("meta").file_type().is_fifo());
    assert_eq!(reader.join().expect("reader"), "through the pipe\n");
    assert_eq!(names(&dir), ["pipe"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `/proc/self/fd/N` (what `/dev/stdout` leads to) is written through, at the end of what
/// the descriptor's file holds; the file is not replaced (same inode, same link count).
#[cfg(target_os = "linux")]
#[test]
fn a_file_descriptor_link_is_written_through() {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::MetadataExt;
    let dir = folder("descriptor");
    let path = dir.join("stdout.txt");
    std::fs::write(&path, "before\n").expect("seed");
    let file = std::fs::OpenOptions::new().append(true).open(&path).expect("open");
    let inode = std::fs::metadata(&path).expect("meta").ino();
    let link = format!("/proc/self/fd/{}", file.as_raw_fd());
    assert!(dip_io::is_stream(&link));
    atomic_write(&link, "after\n").expect("write through the descriptor");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), "before\nafter\n");
    assert_eq!(std::fs::metadata(&path).expect("meta").ino(), inode, "the same file");
    // A descriptor open on a device in the folder: the device stays.
    let null = dir.join("null");
    make("mknod", &[&null.to_string_lossy(), "c", "1", "3"]);
    let device = std::fs::OpenOptions::new().write(true).open(&null).expect("open the device");
    atomic_write(format!("/proc/self/fd/{}", device.as_raw_fd()), "x").expect("write");
    assert!(is_char_device(&null));
    drop(file);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A dangling link is refused with an error naming it and its target; nothing is made.
#[cfg(unix)]
#[test]
fn a_dangling_link_is_refused() {
    let dir = folder("dangling");
    let link = dir.join("game.ron");
    std::os::unix::fs::symlink(dir.join("gone.ron"), &link).expect("symlink");
    for error in [atomic_write(&link, "x").expect_err("refused"), dip_io::append_line(&link, "x").expect_err("refused")]
    {
        assert!(matches!(error, dip_io::WriteError::DanglingLink { .. }), "{error}");
        let message = error.to_string();
        assert!(
            message.contains("game.ron") && message.contains("gone.ron") && message.contains("does not exist"),
            "{message}"
        );
    }
    assert!(std::fs::symlink_metadata(&link).expect("meta").file_type().is_symlink());
    assert_eq!(names(&dir), ["game.ron"], "no file created at the target");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A chain of links (one relative, into another folder) is followed to the file: the
/// temporary file is made beside that file, the file is replaced, the links stay.
#[cfg(unix)]
#[test]
fn links_are_followed_to_the_file_in_its_folder() {
    let dir = folder("link-chain");
    std::fs::create_dir_all(dir.join("saves")).expect("mkdir");
    std::fs::create_dir_all(dir.join("links")).expect("mkdir");
    let file = dir.join("saves/game.ron");
    std::fs::write(&file, "old").expect("seed");
    std::os::unix::fs::symlink("../saves/game.ron", dir.join("links/one")).expect("symlink");
    std::os::unix::fs::symlink(dir.join("links/one"), dir.join("links/two")).expect("symlink");
    atomic_write(dir.join("links/two"), "new").expect("write");
    assert_eq!(std::fs::read_to_string(&file).expect("read"), "new");
    assert_eq!(names(&dir.join("links")), ["one", "two"], "the links stay, and no temporary file is left there");
    assert_eq!(names(&dir.join("saves")), ["game.ron"]);
    assert!(std::fs::symlink_metadata(dir.join("links/two")).expect("meta").file_type().is_symlink());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A read-only file (0444) is refused even for root, and stays as it was.
#[cfg(unix)]
#[test]
fn a_read_only_file_is_refused_and_kept() {
    use std::os::unix::fs::PermissionsExt;
    let dir = folder("read-only");
    let path = dir.join("game.ron");
    std::fs::write(&path, "kept").expect("seed");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    for error in [atomic_write(&path, "x").expect_err("refused"), dip_io::append_line(&path, "x").expect_err("refused")]
    {
        assert!(matches!(error, dip_io::WriteError::PermissionDenied { .. }), "{error}");
        let message = error.to_string();
        assert!(
            message.contains("game.ron") && message.contains("permission denied") && message.contains("0444"),
            "{message}"
        );
    }
    assert_eq!(std::fs::read_to_string(&path).expect("read"), "kept");
    assert_eq!(std::fs::metadata(&path).expect("meta").permissions().mode() & 0o777, 0o444);
    assert_eq!(names(&dir), ["game.ron"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The new file keeps the old one's owner and group (here another user's, as root).
#[cfg(unix)]
#[test]
fn the_new_file_keeps_the_old_owner_and_group() {
    use std::os::unix::fs::MetadataExt;
    let dir = folder("owner");
    let path = dir.join("game.ron");
    std::fs::write(&path, "old").expect("seed");
    std::os::unix::fs::chown(&path, Some(65534), Some(65534)).expect("chown (the tests run as root)");
    atomic_write(&path, "new").expect("write");
    let meta = std::fs::metadata(&path).expect("meta");
    assert_eq!((meta.uid(), meta.gid()), (65534, 65534));
    assert_eq!(std::fs::read_to_string(&path).expect("read"), "new");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The temporary files of a killed writer are removed by the next write of the same file;
/// those of a running process are not.
#[cfg(target_os = "linux")]
#[test]
fn stale_temporary_files_of_dead_processes_are_removed() {
    let dir = folder("stale");
    let mut child = std::process::Command::new("true").spawn().expect("spawn");
    let dead = child.id();
    child.wait().expect("wait");
    let stale = format!(".game.ron.dip-tmp.{dead}.0");
    let live = ".game.ron.dip-tmp.1.3".to_string();
    let other = format!(".other.ron.dip-tmp.{dead}.0");
    for name in [&stale, &live, &other] {
        std::fs::write(dir.join(name), vec![b'x'; 1 << 20]).expect("seed");
    }
    atomic_write(dir.join("game.ron"), "new").expect("write");
    let mut expected = vec![live, other, "game.ron".to_string()];
    expected.sort();
    assert_eq!(names(&dir), expected, "the dead writer's file of game.ron is gone, the rest stay");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Appending writes at the end of the same file (no copy: the inode stays), one line a
/// call; a part of a line left by a crash stays a line by itself.
#[cfg(unix)]
#[test]
fn appends_go_at_the_end_of_the_same_file() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = folder("append");
    let path = dir.join("games.jsonl");
    dip_io::append_line(&path, "{\"id\": 1}").expect("create");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    let inode = std::fs::metadata(&path).expect("meta").ino();
    dip_io::append_line(&path, "{\"id\": 2}\n").expect("append");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), "{\"id\": 1}\n{\"id\": 2}\n");
    // A crash cut the last line short.
    std::fs::OpenOptions::new().append(true).open(&path).expect("open").write_all(b"{\"id\": 3, \"pha").expect("tear");
    dip_io::append_line(&path, "{\"id\": 4}").expect("append");
    assert_eq!(
        std::fs::read_to_string(&path).expect("read"),
        "{\"id\": 1}\n{\"id\": 2}\n{\"id\": 3, \"pha\n{\"id\": 4}\n"
    );
    let meta = std::fs::metadata(&path).expect("meta");
    assert_eq!(meta.ino(), inode, "appended in place, not rewritten");
    assert_eq!(meta.permissions().mode() & 0o777, 0o640);
    assert_eq!(names(&dir), ["games.jsonl"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Appending to a large file costs the line, not the file: the bytes this thread reads
/// and writes (the kernel's count, `/proc/thread-self/io`, not a time) stay small beside a
/// 128 MiB file (sparse, so the test is cheap to make), where rewriting it once read and
/// wrote all of it.
#[cfg(target_os = "linux")]
#[test]
fn an_append_does_not_read_the_file() {
    fn io_bytes() -> (u64, u64) {
        let text = std::fs::read_to_string("/proc/thread-self/io").expect("the thread's I/O counts");
        let field = |name: &str| {
            text.lines()
                .find_map(|line| line.strip_prefix(name))
                .and_then(|value| value.trim().parse::<u64>().ok())
                .expect("a count")
        };
        (field("rchar:"), field("wchar:"))
    }
    let dir = folder("append-large");
    let path = dir.join("games.jsonl");
    let file = std::fs::File::create(&path).expect("create");
    file.set_len(128 << 20).expect("grow");
    drop(file);
    let (read_before, written_before) = io_bytes();
    for _ in 0..10 {
        dip_io::append_line(&path, "{\"id\": 1}").expect("append");
    }
    let (read, written) = io_bytes();
    // (Reading /proc/thread-self/io itself counts a few hundred bytes.)
    assert!(read - read_before < 64 << 10, "ten appends read {} bytes", read - read_before);
    assert!(written - written_before < 64 << 10, "ten appends wrote {} bytes", written - written_before);
    assert_eq!(std::fs::metadata(&path).expect("meta").len(), (128 << 20) + 1 + 10 * 10);
    let _ = std::fs::remove_dir_all(&dir);
}

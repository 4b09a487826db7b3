//! Reading a file whole, but never more than a cap: `/dev/zero` is an error, not a hang.
//!
//! Only regular files are read. A path is opened without blocking (`O_NONBLOCK`: opening a
//! FIFO with no writer would otherwise wait forever) and its type is checked on the open
//! file (`fstat`, so the check and the read concern the same file); a FIFO, socket or
//! device is refused before a byte is read. A command that means to read standard input
//! reads it itself, under the same cap.

use std::fmt;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

/// A file that could not be read.
#[derive(Debug)]
#[non_exhaustive]
pub enum ReadError {
    /// The file could not be opened or read.
    Io { path: PathBuf, source: std::io::Error },
    /// The file is larger than the cap.
    TooLarge { path: PathBuf, limit: u64 },
    /// The file is not UTF-8 text.
    NotText { path: PathBuf, offset: usize },
    /// The path is not a regular file: a FIFO, a socket or a device (`kind` names which),
    /// which could block or never end.
    NotAFile { path: PathBuf, kind: &'static str },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io { path, source } => write!(f, "{}: cannot read: {source}", path.display()),
            ReadError::TooLarge { path, limit } => write!(
                f,
                "{}: larger than the limit of {limit} bytes (raise it with --max-input-bytes)",
                path.display()
            ),
            ReadError::NotText { path, offset } => {
                write!(f, "{}: not UTF-8 text (invalid byte at offset {offset})", path.display())
            }
            ReadError::NotAFile { path, kind } => {
                write!(f, "{}: is a {kind}, not a regular file; only regular files are read", path.display())
            }
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// Opens a regular file for reading without ever blocking: a FIFO, socket, device or
/// folder is an error naming what it is.
pub fn open_regular(path: impl AsRef<Path>) -> Result<File, ReadError> {
    let path = path.as_ref();
    let io = |source| ReadError::Io { path: path.to_path_buf(), source };
    let file = open_nonblocking(path).map_err(io)?;
    let file_type = file.metadata().map_err(io)?.file_type();
    if file_type.is_file() {
        return Ok(file);
    }
    if file_type.is_dir() {
        // A directory opens but cannot be read; say so plainly.
        return Err(io(std::io::Error::new(std::io::ErrorKind::IsADirectory, "is a folder, not a file")));
    }
    Err(ReadError::NotAFile { path: path.to_path_buf(), kind: kind_of(&file_type) })
}

#[cfg(unix)]
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    // On a regular file O_NONBLOCK changes nothing; on a FIFO it makes `open` return at once.
    std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(path)
}

#[cfg(not(unix))]
fn open_nonblocking(path: &Path) -> std::io::Result<File> {
    File::open(path)
}

#[cfg(unix)]
fn kind_of(file_type: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if file_type.is_fifo() {
        "FIFO (named pipe)"
    } else if file_type.is_socket() {
        "socket"
    } else if file_type.is_char_device() {
        "character device"
    } else if file_type.is_block_device() {
        "block device"
    } else {
        "special file"
    }
}

#[cfg(not(unix))]
fn kind_of(_: &std::fs::FileType) -> &'static str {
    "special file"
}

/// Reads a whole regular file as UTF-8 text, refusing one larger than `max_bytes` without
/// reading further than one byte past the cap (a file that grows while read ends too).
pub fn read_to_string(path: impl AsRef<Path>, max_bytes: u64) -> Result<String, ReadError> {
    let path = path.as_ref();
    let file = open_regular(path)?;
    read_capped(file, path, max_bytes)
}

/// Reads everything `reader` gives as UTF-8 text, at most `max_bytes`; `path` names it in
/// errors (`-` for standard input).
pub fn read_capped(reader: impl Read, path: &Path, max_bytes: u64) -> Result<String, ReadError> {
    let io = |source| ReadError::Io { path: path.to_path_buf(), source };
    let mut bytes = Vec::new();
    reader.take(max_bytes.saturating_add(1)).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > max_bytes {
        return Err(ReadError::TooLarge { path: path.to_path_buf(), limit: max_bytes });
    }
    String::from_utf8(bytes)
        .map_err(|e| ReadError::NotText { path: path.to_path_buf(), offset: e.utf8_error().valid_up_to() })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("dip-io-read-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        dir
    }

    #[test]
    fn a_device_is_refused_before_any_read() {
        // /dev/zero never ends: it is refused as a device, not read up to the cap.
        let err = read_to_string("/dev/zero", u64::MAX).expect_err("refused");
        assert!(matches!(err, ReadError::NotAFile { kind: "character device", .. }), "{err}");
        assert!(err.to_string().contains("/dev/zero: is a character device"), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_without_writer_is_refused_at_once() {
        let dir = temp_dir("fifo");
        let fifo = dir.join("game.ron");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().expect("run mkfifo");
        assert!(made.success(), "mkfifo");
        // Opened without O_NONBLOCK this would wait for a writer forever.
        let err = read_to_string(&fifo, 1000).expect_err("refused");
        assert!(matches!(err, ReadError::NotAFile { kind: "FIFO (named pipe)", .. }), "{err}");
        std::fs::remove_dir_all(&dir).expect("clean up");
    }

    #[test]
    fn a_folder_and_a_large_file_are_named() {
        let dir = temp_dir("folder");
        let err = read_to_string(&dir, 1000).expect_err("refused");
        assert!(err.to_string().contains("is a folder"), "{err}");
        let file = dir.join("big.ron");
        std::fs::write(&file, "x".repeat(11)).expect("write");
        assert!(matches!(read_to_string(&file, 10), Err(ReadError::TooLarge { limit: 10, .. })));
        assert_eq!(read_to_string(&file, 11).expect("within the cap"), "x".repeat(11));
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}

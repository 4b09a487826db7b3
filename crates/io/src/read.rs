//! Reading a file whole, but never more than a cap: `/dev/zero` is an error, not a hang.

use std::fmt;
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

/// Reads a whole file as UTF-8 text, refusing one larger than `max_bytes` without reading
/// further than one byte past the cap (so endless devices and pipes end too).
pub fn read_to_string(path: impl AsRef<Path>, max_bytes: u64) -> Result<String, ReadError> {
    let path = path.as_ref();
    let io = |source| ReadError::Io { path: path.to_path_buf(), source };
    let file = std::fs::File::open(path).map_err(io)?;
    // A directory opens but cannot be read; say so plainly.
    if file.metadata().map_err(io)?.is_dir() {
        return Err(io(std::io::Error::new(std::io::ErrorKind::IsADirectory, "is a folder, not a file")));
    }
    let mut bytes = Vec::new();
    file.take(max_bytes.saturating_add(1)).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > max_bytes {
        return Err(ReadError::TooLarge { path: path.to_path_buf(), limit: max_bytes });
    }
    String::from_utf8(bytes)
        .map_err(|e| ReadError::NotText { path: path.to_path_buf(), offset: e.utf8_error().valid_up_to() })
}

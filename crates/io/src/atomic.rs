//! Atomic file writes: the target is either the old file or the whole new one, never a
//! part. The new text goes to a temporary file in the same folder, is flushed and synced
//! to disk, and is renamed over the target; the folder is synced after the rename.

use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// A file that could not be written. The target is unchanged (or still absent).
#[derive(Debug)]
pub struct WriteError {
    /// The file that was to be written.
    pub path: PathBuf,
    /// What was being done: `creating the temporary file`, `writing`, `syncing`, `replacing the file`.
    pub stage: &'static str,
    /// Whether a file was there before (and so is still there, unchanged).
    pub existed: bool,
    pub source: std::io::Error,
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kept = if self.existed { "the old file is unchanged" } else { "no file was written" };
        write!(f, "{}: cannot write ({}): {}; {kept}", self.path.display(), self.stage, self.source)
    }
}

impl std::error::Error for WriteError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

/// Writes `contents` to `path` atomically: readers see the old file or the new one, never
/// a part, whatever happens (a full disk, a kill, a power cut after the call returns).
pub fn atomic_write(path: impl AsRef<Path>, contents: impl AsRef<[u8]>) -> Result<(), WriteError> {
    atomic_write_with(path, |w| w.write_all(contents.as_ref()))
}

/// [`atomic_write`] for a writer that produces the text itself (a serialiser writing
/// straight to the file). If `write` fails, the target is left as it was.
pub fn atomic_write_with(
    path: impl AsRef<Path>,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), WriteError> {
    let requested = path.as_ref();
    // Writing through a symbolic link replaces the file it points to, not the link.
    let target = match std::fs::symlink_metadata(requested) {
        Ok(meta) if meta.file_type().is_symlink() => std::fs::canonicalize(requested).unwrap_or(requested.into()),
        _ => requested.to_path_buf(),
    };
    let old = std::fs::metadata(&target).ok();
    let fail = |stage, source| WriteError { path: requested.to_path_buf(), stage, existed: old.is_some(), source };
    if old.as_ref().is_some_and(|m| m.is_dir()) {
        let source = std::io::Error::new(std::io::ErrorKind::IsADirectory, "it is a folder");
        return Err(fail("checking the target", source));
    }
    let (temp_path, file) = create_temp(&target).map_err(|e| fail("creating the temporary file", e))?;
    // From here on the temporary file is removed on every failure.
    let mut temp = TempFile { path: Some(temp_path) };
    let mut out = BufWriter::new(file);
    write(&mut out).map_err(|e| fail("writing", e))?;
    let file = out.into_inner().map_err(|e| fail("writing", e.into_error()))?;
    if let Some(old) = &old {
        // The new file keeps the old one's permissions.
        file.set_permissions(old.permissions()).map_err(|e| fail("copying the permissions", e))?;
    }
    file.sync_all().map_err(|e| fail("syncing", e))?;
    drop(file);
    let temp_path = temp.path.take().unwrap_or_default();
    if let Err(e) = std::fs::rename(&temp_path, &target) {
        let _ = std::fs::remove_file(&temp_path);
        return Err(fail("replacing the file", e));
    }
    // The rename itself reaches the disk when the folder is synced. Some systems cannot
    // sync a folder; the file is written either way.
    if let Ok(dir) = File::open(parent(&target)) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// The folder a file is in (`.` for a bare name).
fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// A new temporary file beside `target`: `.NAME.dip-tmp.PID.N`.
fn create_temp(target: &Path) -> std::io::Result<(PathBuf, File)> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let name = target
        .file_name()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "the path does not name a file"))?;
    let dir = parent(target);
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let mut temp_name = std::ffi::OsString::from(".");
        temp_name.push(name);
        temp_name.push(format!(".dip-tmp.{}.{n}", std::process::id()));
        let path = dir.join(temp_name);
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(file) => return Ok((path, file)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// A temporary file, removed when dropped unless its path was taken.
struct TempFile {
    path: Option<PathBuf>,
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if let Some(path) = &self.path {
            let _ = std::fs::remove_file(path);
        }
    }
}

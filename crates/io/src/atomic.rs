//! Safe file writes. dip replaces only a regular file the user may write, and replaces it
//! atomically: the new text goes to a temporary file in the target's folder, is flushed and
//! synced to disk, takes the old file's mode, owner and group, and is renamed over the
//! target; the folder is synced after the rename. Readers see the old file or the whole
//! new one, never a part.
//!
//! Anything else is never replaced:
//! - a character device or a FIFO (`/dev/null`, a named pipe), or a path naming a file
//!   descriptor (`/dev/stdout`, `/proc/self/fd/1`), is written straight to, after what it
//!   holds (opened without creating or truncating anything; the process's own standard
//!   output and error through its own handles, so what it prints itself follows in order);
//! - a folder, a block device or a socket is refused;
//! - a symbolic link is followed: the file it leads to is replaced and the link stays; a
//!   dangling link is refused (as `cp` refuses to write through one), since the file it
//!   names may be meant to be somewhere the writer did not choose;
//! - a file the user may not write, or one in a folder they may not write, is left
//!   untouched with [`WriteError::PermissionDenied`]. A file without any write bit in its
//!   mode (`0444`) is refused even for root: it was made read-only on purpose.
//!
//! Appending a line ([`append_line`]) opens the file with `O_APPEND` and writes the whole
//! line in one write, then syncs: it costs the line, not the file.
//!
//! A process killed between creating its temporary file (`.NAME.dip-tmp.PID.N`) and the
//! rename leaves that file behind; the next write of NAME removes those of processes that
//! are no longer running.

use std::fmt;
use std::fs::{File, Metadata, OpenOptions};
use std::io::{BufWriter, ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// A file that could not be written. Except for [`WriteError::Stream`] and
/// [`WriteError::Append`], the target is unchanged (or still absent).
#[derive(Debug)]
#[non_exhaustive]
pub enum WriteError {
    /// The path names a folder, where a file was expected.
    Folder { path: PathBuf },
    /// The path is a symbolic link to nothing: `target` does not exist.
    DanglingLink { path: PathBuf, target: PathBuf },
    /// The path names a kind of file dip does not write to (`a block device`, `a socket`).
    Unsupported { path: PathBuf, kind: &'static str },
    /// The user may not write the file, or the folder it is in; `why` says which.
    PermissionDenied { path: PathBuf, why: String },
    /// The new file could not be given the old one's owner and group (the user may not
    /// give a file to another user or group), so the old file was not replaced.
    OwnerNotKept { path: PathBuf, uid: u32, gid: u32, source: std::io::Error },
    /// Replacing a regular file failed at `stage`; `existed` says whether a file was
    /// there before (and so is still there, unchanged).
    Io { path: PathBuf, stage: &'static str, existed: bool, source: std::io::Error },
    /// Writing straight to a device, a FIFO or a file descriptor failed; part of the text
    /// may have gone out.
    Stream { path: PathBuf, stage: &'static str, source: std::io::Error },
    /// Appending a line failed at `stage`; the lines before it are unchanged, and a part of
    /// the new line may be at the end (readers report it as a line that is not whole, and
    /// the next append starts on a new line).
    Append { path: PathBuf, stage: &'static str, source: std::io::Error },
}

impl WriteError {
    /// The file that was to be written, as the caller named it.
    pub fn path(&self) -> &Path {
        match self {
            WriteError::Folder { path }
            | WriteError::DanglingLink { path, .. }
            | WriteError::Unsupported { path, .. }
            | WriteError::PermissionDenied { path, .. }
            | WriteError::OwnerNotKept { path, .. }
            | WriteError::Io { path, .. }
            | WriteError::Stream { path, .. }
            | WriteError::Append { path, .. } => path,
        }
    }
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path().display();
        match self {
            WriteError::Folder { .. } => {
                write!(f, "{path}: cannot write: it is a folder; expected a file; nothing was written")
            }
            WriteError::DanglingLink { target, .. } => write!(
                f,
                "{path}: cannot write: it is a symbolic link to {}, which does not exist; \
                 expected a link to an existing file (dip does not create files through a link); \
                 nothing was written",
                target.display()
            ),
            WriteError::Unsupported { kind, .. } => write!(
                f,
                "{path}: cannot write: it is {kind}; expected a regular file, a character device \
                 or a FIFO; nothing was written"
            ),
            WriteError::PermissionDenied { why, .. } => {
                write!(f, "{path}: cannot write: permission denied ({why}); the file is unchanged")
            }
            WriteError::OwnerNotKept { uid, gid, source, .. } => write!(
                f,
                "{path}: cannot write: the new file cannot keep the old one's owner and group \
                 ({uid}:{gid}): {source}; the old file is unchanged"
            ),
            WriteError::Io { stage, existed, source, .. } => {
                let kept = if *existed { "the old file is unchanged" } else { "no file was written" };
                write!(f, "{path}: cannot write ({stage}): {source}; {kept}")
            }
            WriteError::Stream { stage, source, .. } => {
                write!(f, "{path}: cannot write ({stage}): {source}; part of the text may have been written")
            }
            WriteError::Append { stage, source, .. } => {
                write!(f, "{path}: cannot append ({stage}): {source}; the lines before it are unchanged")
            }
        }
    }
}

impl std::error::Error for WriteError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            WriteError::OwnerNotKept { source, .. }
            | WriteError::Io { source, .. }
            | WriteError::Stream { source, .. }
            | WriteError::Append { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// Writes `contents` to `path` safely (see the module's documentation): a regular file is
/// replaced atomically, a device or a FIFO written straight to, anything else refused.
pub fn atomic_write(path: impl AsRef<Path>, contents: impl AsRef<[u8]>) -> Result<(), WriteError> {
    atomic_write_with(path, |w| w.write_all(contents.as_ref()))
}

/// [`atomic_write`] for a writer that produces the text itself (a serialiser writing
/// straight to the file). If `write` fails, a regular target is left as it was.
pub fn atomic_write_with(
    path: impl AsRef<Path>,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), WriteError> {
    let requested = path.as_ref();
    match resolve(requested)? {
        Target::Stream(through) => write_stream(requested, through, |file| {
            let mut out = BufWriter::new(file);
            write(&mut out)?;
            out.flush()
        }),
        Target::New(target) => replace(requested, &target, None, write),
        Target::Regular(target, old) => replace(requested, &target, Some(&old), write),
    }
}

/// Appends `line` to the file at `path` as one line (a newline is added if it has none),
/// creating the file if there is none: one `O_APPEND` write, then a sync. It costs the
/// line, not the file. If the file ends in a part of a line (a write cut short by a crash),
/// the new line starts on a line of its own, so the part stays a line by itself that
/// readers report, and the new line is whole. The same checks as [`atomic_write`] apply: a
/// device or a FIFO is written straight to, a dangling link, a folder or a file the user
/// may not write refused.
pub fn append_line(path: impl AsRef<Path>, line: impl AsRef<[u8]>) -> Result<(), WriteError> {
    let requested = path.as_ref();
    let line = line.as_ref();
    let mut text = Vec::with_capacity(line.len() + 2);
    let target = match resolve(requested)? {
        Target::Stream(through) => {
            text.extend_from_slice(line);
            if !line.ends_with(b"\n") {
                text.push(b'\n');
            }
            return write_stream(requested, through, |file| file.write_all(&text));
        }
        Target::Regular(target, old) => {
            check_writable(requested, &target, &old)?;
            target
        }
        Target::New(target) => target,
    };
    let new = !target.exists();
    let fail = |stage, source| WriteError::Append { path: requested.to_path_buf(), stage, source };
    let mut file = match OpenOptions::new().append(true).create(true).open(&target) {
        Ok(file) => file,
        Err(e) if e.kind() == ErrorKind::PermissionDenied => {
            return Err(denied(
                requested,
                format!("the user may not write it or create it in {}", parent(&target).display()),
            ));
        }
        Err(e) => return Err(fail("opening the file", e)),
    };
    if !ends_with_newline(&target) {
        text.push(b'\n');
    }
    text.extend_from_slice(line);
    if !line.ends_with(b"\n") {
        text.push(b'\n');
    }
    // One write call for the whole line: with O_APPEND it lands at the end as one piece,
    // after any other writer's line.
    file.write_all(&text).map_err(|e| fail("writing", e))?;
    file.sync_data().map_err(|e| fail("syncing", e))?;
    if new {
        // The new name reaches the disk with its folder.
        sync_folder(&target);
    }
    Ok(())
}

/// Whether `path` is written straight to rather than replaced: a character device, a FIFO,
/// or a path naming a file descriptor (`/dev/stdout`). A program that saves after every
/// step should write such a target once, at the end.
pub fn is_stream(path: impl AsRef<Path>) -> bool {
    matches!(resolve(path.as_ref()), Ok(Target::Stream(_)))
}

/// What a path leads to once its links are followed.
enum Target {
    /// Nothing yet: a new file at this path.
    New(PathBuf),
    /// A regular file at this path (the last link's target), with its metadata.
    Regular(PathBuf, Metadata),
    /// A character device, a FIFO, or a link naming a file descriptor: written straight
    /// to.
    Stream(Through),
}

/// How a stream is written to.
#[derive(Clone, Copy)]
enum Through {
    /// The path as given, opened for writing at its end.
    Path,
    /// The process's own standard output or error (`/dev/stdout`): through the process's
    /// handle, so what it writes there itself follows in order rather than over it.
    Stdout,
    Stderr,
}

/// Follows the links of `requested` one at a time (at most 40, as the kernel does) to what
/// it names.
fn resolve(requested: &Path) -> Result<Target, WriteError> {
    let mut path = requested.to_path_buf();
    for _ in 0..40 {
        let meta = match std::fs::symlink_metadata(&path) {
            Ok(meta) => meta,
            Err(e) if e.kind() == ErrorKind::NotFound && path == requested => return Ok(Target::New(path)),
            Err(e) if e.kind() == ErrorKind::NotFound => {
                return Err(WriteError::DanglingLink { path: requested.to_path_buf(), target: path });
            }
            Err(e) if e.kind() == ErrorKind::PermissionDenied => {
                return Err(denied(requested, format!("cannot look into the folder of {}", path.display())));
            }
            Err(e) => {
                return Err(WriteError::Io {
                    path: requested.to_path_buf(),
                    stage: "examining the file",
                    existed: false,
                    source: e,
                });
            }
        };
        if !meta.file_type().is_symlink() {
            return classify(requested, path, meta);
        }
        if names_a_descriptor(&path) {
            // `/proc/self/fd/1` leads to whatever the descriptor is open on (a pipe, a
            // deleted file): written straight through the link, never replaced.
            let meta = std::fs::metadata(&path).map_err(|e| WriteError::Io {
                path: requested.to_path_buf(),
                stage: "examining the file descriptor",
                existed: false,
                source: e,
            })?;
            if meta.is_dir() {
                return Err(WriteError::Folder { path: requested.to_path_buf() });
            }
            return Ok(Target::Stream(own_descriptor(&path)));
        }
        let link = std::fs::read_link(&path).map_err(|e| WriteError::Io {
            path: requested.to_path_buf(),
            stage: "reading the symbolic link",
            existed: true,
            source: e,
        })?;
        // A relative target is relative to the link's folder; the kernel resolves `..`
        // against where the folder really is, so the path is joined, not normalised.
        path = if link.is_absolute() { link } else { parent(&path).join(link) };
    }
    Err(WriteError::Io {
        path: requested.to_path_buf(),
        stage: "following the symbolic links",
        existed: true,
        source: std::io::Error::other("more than 40 links in a row"),
    })
}

/// What an existing file (not a link) is to a writer.
fn classify(requested: &Path, path: PathBuf, meta: Metadata) -> Result<Target, WriteError> {
    let kind = meta.file_type();
    if kind.is_dir() {
        return Err(WriteError::Folder { path: requested.to_path_buf() });
    }
    if kind.is_file() {
        return Ok(Target::Regular(path, meta));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_char_device() || kind.is_fifo() {
            return Ok(Target::Stream(Through::Path));
        }
        let kind = if kind.is_block_device() { "a block device" } else { "a socket" };
        Err(WriteError::Unsupported { path: requested.to_path_buf(), kind })
    }
    #[cfg(not(unix))]
    Err(WriteError::Unsupported { path: requested.to_path_buf(), kind: "not a regular file" })
}

/// Whether `link` is an entry of a `/proc/PID/fd` folder (`/dev/stdout` and `/dev/fd/N`
/// lead there): a link to an open file descriptor rather than to a name.
fn names_a_descriptor(link: &Path) -> bool {
    std::fs::canonicalize(parent(link))
        .is_ok_and(|dir| dir.starts_with("/proc") && dir.file_name().is_some_and(|name| name == "fd"))
}

/// Which of the process's own standard streams the descriptor link `link` names, if any.
fn own_descriptor(link: &Path) -> Through {
    let own = Path::new("/proc").join(std::process::id().to_string()).join("fd");
    let ours = std::fs::canonicalize(parent(link)).is_ok_and(|dir| dir == own);
    match link.file_name().and_then(|n| n.to_str()) {
        Some("1") if ours => Through::Stdout,
        Some("2") if ours => Through::Stderr,
        _ => Through::Path,
    }
}

/// Writes straight to a device, a FIFO or a file descriptor: opened for writing at its
/// end, with nothing created or truncated. A FIFO's open waits for a reader, as a shell's
/// `>` does.
fn write_stream(
    requested: &Path,
    through: Through,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), WriteError> {
    let fail = |stage, source| WriteError::Stream { path: requested.to_path_buf(), stage, source };
    match through {
        Through::Path => {}
        Through::Stdout => {
            let mut out = std::io::stdout().lock();
            return write(&mut out).and_then(|()| out.flush()).map_err(|e| fail("writing", e));
        }
        Through::Stderr => {
            let mut out = std::io::stderr().lock();
            return write(&mut out).and_then(|()| out.flush()).map_err(|e| fail("writing", e));
        }
    }
    let mut file = match OpenOptions::new().append(true).open(requested) {
        Ok(file) => file,
        Err(e) if e.kind() == ErrorKind::PermissionDenied => {
            return Err(denied(requested, "the user may not write it".into()));
        }
        Err(e) => return Err(fail("opening it", e)),
    };
    write(&mut file).map_err(|e| fail("writing", e))?;
    // A regular file behind a descriptor is synced; a device or a pipe cannot be, and has
    // nothing to sync.
    if file.metadata().is_ok_and(|m| m.is_file()) {
        file.sync_all().map_err(|e| fail("syncing", e))?;
    }
    Ok(())
}

/// A file the user may not write is refused before anything is written: one without any
/// write bit in its mode (even for root, who could), or one the system will not open for
/// writing.
fn check_writable(requested: &Path, target: &Path, old: &Metadata) -> Result<(), WriteError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = old.permissions().mode() & 0o7777;
        if mode & 0o222 == 0 {
            return Err(denied(requested, format!("it is read-only, mode {mode:04o}")));
        }
    }
    #[cfg(not(unix))]
    if old.permissions().readonly() {
        return Err(denied(requested, "it is read-only".into()));
    }
    // Opened without creating or truncating it, and closed at once: the system's own
    // answer to whether this user may write it (owner, group, ACLs, a read-only mount).
    match OpenOptions::new().write(true).open(target) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == ErrorKind::PermissionDenied => Err(denied(requested, "the user may not write it".into())),
        Err(e) => {
            Err(WriteError::Io { path: requested.to_path_buf(), stage: "opening the file", existed: true, source: e })
        }
    }
}

fn denied(requested: &Path, why: String) -> WriteError {
    WriteError::PermissionDenied { path: requested.to_path_buf(), why }
}

/// Replaces (or creates) the regular file `target` through a temporary file beside it.
fn replace(
    requested: &Path,
    target: &Path,
    old: Option<&Metadata>,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), WriteError> {
    if let Some(old) = old {
        check_writable(requested, target, old)?;
    }
    let fail = |stage, source| WriteError::Io { path: requested.to_path_buf(), stage, existed: old.is_some(), source };
    remove_stale_temps(target);
    let (temp_path, file) = create_temp(target).map_err(|e| {
        if e.kind() == ErrorKind::PermissionDenied {
            denied(requested, format!("the user may not create files in {}", parent(target).display()))
        } else {
            fail("creating the temporary file", e)
        }
    })?;
    // From here on the temporary file is removed on every failure.
    let mut temp = TempFile { path: Some(temp_path) };
    if let Some(old) = old {
        keep_owner(requested, &file, old)?;
        // The new file keeps the old one's permissions (set after the owner: a change of
        // owner clears the set-id bits).
        file.set_permissions(old.permissions()).map_err(|e| fail("copying the permissions", e))?;
    }
    let mut out = BufWriter::new(file);
    write(&mut out).map_err(|e| fail("writing", e))?;
    let file = out.into_inner().map_err(|e| fail("writing", e.into_error()))?;
    file.sync_all().map_err(|e| fail("syncing", e))?;
    drop(file);
    let temp_path = temp.path.take().unwrap_or_default();
    if let Err(e) = std::fs::rename(&temp_path, target) {
        let _ = std::fs::remove_file(&temp_path);
        return Err(fail("replacing the file", e));
    }
    sync_folder(target);
    Ok(())
}

/// Gives the new file the old one's owner and group, or refuses to replace it.
#[cfg(unix)]
fn keep_owner(requested: &Path, file: &File, old: &Metadata) -> Result<(), WriteError> {
    use std::os::unix::fs::MetadataExt;
    let (uid, gid) = (old.uid(), old.gid());
    let now = file.metadata().map_err(|e| WriteError::Io {
        path: requested.to_path_buf(),
        stage: "examining the temporary file",
        existed: true,
        source: e,
    })?;
    if now.uid() == uid && now.gid() == gid {
        return Ok(());
    }
    std::os::unix::fs::fchown(file, Some(uid), Some(gid)).map_err(|source| WriteError::OwnerNotKept {
        path: requested.to_path_buf(),
        uid,
        gid,
        source,
    })
}

#[cfg(not(unix))]
fn keep_owner(_: &Path, _: &File, _: &Metadata) -> Result<(), WriteError> {
    Ok(())
}

/// Whether the file's last byte is a newline (an empty or unreadable file counts as one:
/// there is no part of a line to end).
fn ends_with_newline(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileExt;
        let Ok(file) = File::open(path) else { return true };
        let len = file.metadata().map(|m| m.len()).unwrap_or(0);
        let mut last = [0u8];
        len == 0 || file.read_exact_at(&mut last, len - 1).is_err() || last[0] == b'\n'
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        true
    }
}

/// The rename or the new name reaches the disk when the folder is synced. Some systems
/// cannot sync a folder; the file is written either way.
fn sync_folder(target: &Path) {
    if let Ok(dir) = File::open(parent(target)) {
        let _ = dir.sync_all();
    }
}

/// The folder a file is in (`.` for a bare name).
fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// The start of the temporary files' names for `target`: `.NAME.dip-tmp.`.
fn temp_prefix(target: &Path) -> std::io::Result<std::ffi::OsString> {
    let name = target
        .file_name()
        .ok_or_else(|| std::io::Error::new(ErrorKind::InvalidInput, "the path does not name a file"))?;
    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(name);
    prefix.push(".dip-tmp.");
    Ok(prefix)
}

/// A new temporary file beside `target`: `.NAME.dip-tmp.PID.N`.
fn create_temp(target: &Path) -> std::io::Result<(PathBuf, File)> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let prefix = temp_prefix(target)?;
    let dir = parent(target);
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let mut temp_name = prefix.clone();
        temp_name.push(format!("{}.{n}", std::process::id()));
        let path = dir.join(temp_name);
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(file) => return Ok((path, file)),
            Err(e) if e.kind() == ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Removes the temporary files `.NAME.dip-tmp.PID.N` beside `target` whose process is no
/// longer running (killed between creating and renaming it). Whether a process runs is
/// read from `/proc`; where there is none, nothing is removed. A process of the same
/// number started since keeps its files until it ends: they are only ever left, never
/// taken from a running writer.
fn remove_stale_temps(target: &Path) {
    let Ok(prefix) = temp_prefix(target) else { return };
    let proc = Path::new("/proc");
    if !proc.join("self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(parent(target)) else { return };
    let own = std::process::id();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.as_encoded_bytes().strip_prefix(prefix.as_encoded_bytes()) else { continue };
        let Some(pid) = std::str::from_utf8(rest)
            .ok()
            .and_then(|rest| rest.split_once('.'))
            .filter(|(_, n)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|(pid, _)| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != own && !proc.join(pid.to_string()).exists() {
            let _ = std::fs::remove_file(entry.path());
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

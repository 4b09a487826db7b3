//! Files for dip: every file dip writes goes through [`atomic_write`] (a regular file the
//! user may write is replaced through a temporary file beside it, flushed, synced and
//! renamed over it; a device or a FIFO is written straight to; anything else is refused)
//! or [`append_line`] (one `O_APPEND` write of a whole line), and every file it reads goes
//! through [`read_to_string`], which stops at a size cap ([`Limits`]).
//!
//! ```
//! let dir = std::env::temp_dir().join(format!("dip-io-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir)?;
//! let path = dir.join("game.ron");
//! dip_io::atomic_write(&path, b"(variant: \"standard\")")?;
//! // A write that fails half-way leaves the old file as it was.
//! let failed = dip_io::atomic_write_with(&path, |w| {
//!     w.write_all(b"(variant: \"sta")?;
//!     Err(std::io::Error::other("disk full"))
//! });
//! assert!(failed.unwrap_err().to_string().contains("unchanged"));
//! let text = dip_io::read_to_string(&path, dip_io::Limits::default().max_input_bytes)?;
//! assert_eq!(text, "(variant: \"standard\")");
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod atomic;
mod limits;
mod read;

pub use atomic::{WriteError, append_line, atomic_write, atomic_write_with, is_stream};
pub use limits::Limits;
pub use read::{ReadError, open_regular, read_capped, read_to_string};

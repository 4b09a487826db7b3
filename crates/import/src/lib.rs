//! Imports maps in the DPjudge map format (the `.map` files of DPjudge and of MILA's
//! `diplomacy` package) as dip variants, and reports what dip cannot express.
//!
//! A map file is read directive by directive, following `USE` and `MAP` includes; its
//! case conventions become separate army and fleet borders; then the variant is compiled
//! with [`dip_map::VariantBuilder`], so an import that succeeds always loads.
//!
//! ```
//! let text = "\
//! BEGIN SPRING 1901 MOVEMENT
//! NORTH (NORTHERN) ALP
//! F ALP
//! SOUTH (SOUTHERN) BAY
//! A BAY
//! UNOWNED CAP
//! Alpha Point = alp alpha
//! Bay = bay
//! Cape = cap
//! Middle Sea = mid middle
//! COAST ALP ABUTS BAY Cap MID
//! COAST BAY ABUTS ALP cap MID
//! COAST CAP ABUTS Alp bay MID
//! WATER MID ABUTS ALP BAY CAP
//! ";
//! let import = dip_import::import_str("triangle.map", text, &mut |_, name| Err(format!("no file {name}")))?;
//! assert!(import.notes.is_empty());
//! let map = import.map()?;
//! let p = |name| map.province_by_name(name).unwrap();
//! let (alp, bay, cap) = (p("Alpha Point"), p("Bay"), p("Cape"));
//! // Lower case: no fleet passes between Bay and Cape; armies do.
//! assert!(!map.fleet_adjacent(map.main_loc(bay), map.main_loc(cap)));
//! assert!(map.army_adjacent(bay, cap));
//! // `Cap`, `Alp`: fleets pass between Alpha Point and Cape; armies do not.
//! assert!(map.fleet_adjacent(map.main_loc(alp), map.main_loc(cap)));
//! assert!(!map.army_adjacent(alp, cap));
//! assert_eq!(map.victory_centres(), 2);
//! let ron = import.to_ron();
//! assert!(dip_map::load_str("triangle.ron", &ron).is_ok());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod convert;
mod diff;
mod dpjudge;
mod write;

use std::fmt;
use std::path::{Path, PathBuf};

use dip_map::schema::VariantFile;
use dip_map::{LoadError, Map, VariantBuilder};

pub use diff::differences;
pub use write::to_ron;

/// Where something was read: a file and, when known, a 1-based line.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Origin {
    pub file: String,
    pub line: Option<usize>,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.file.is_empty(), self.line) {
            (true, _) => f.write_str("(map)"),
            (false, Some(line)) => write!(f, "{}:{line}", self.file),
            (false, None) => f.write_str(&self.file),
        }
    }
}

/// Something of the map that the variant does not carry as the map file meant it, or a
/// fault of the map file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub origin: Origin,
    pub message: String,
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.origin, self.message)
    }
}

/// Why a map could not be imported.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ImportError {
    /// The map file could not be read.
    Io { file: String, message: String },
    /// Lines that are not the map format, each with file and line.
    Syntax { errors: Vec<Note> },
    /// The map read, but what it describes is no valid dip variant.
    Invalid(LoadError),
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Io { file, message } => write!(f, "{file}: {message}"),
            ImportError::Syntax { errors } => {
                for (i, e) in errors.iter().enumerate() {
                    if i > 0 {
                        writeln!(f)?;
                    }
                    write!(f, "{e}")?;
                }
                Ok(())
            }
            ImportError::Invalid(e) => write!(f, "the imported variant does not load: {e}"),
        }
    }
}

impl std::error::Error for ImportError {}

/// An imported map: the variant and what the import could not carry over.
#[derive(Clone, Debug)]
pub struct Import {
    pub variant: VariantFile,
    /// The map file the variant came from.
    pub file: String,
    /// Every directive or border dip cannot express, in the order met.
    pub notes: Vec<Note>,
}

impl Import {
    /// The variant compiled, as the engine will load it.
    pub fn map(&self) -> Result<Map, LoadError> {
        VariantBuilder::new(self.variant.clone()).build()
    }

    /// The variant as a RON file, the import report at its head as comments.
    pub fn to_ron(&self) -> String {
        let mut header =
            vec![format!("{}: imported from `{}` by `dip import-map`.", self.variant.title, file_name(&self.file))];
        if self.notes.is_empty() {
            header.push("The import report is empty: everything in the map file is carried over.".into());
        } else {
            header.push(format!(
                "Import report ({} note{}):",
                self.notes.len(),
                if self.notes.len() == 1 { "" } else { "s" }
            ));
            header.extend(self.notes.iter().map(|n| format!("  {}", short_note(n))));
        }
        to_ron(&self.variant, &header)
    }
}

fn file_name(path: &str) -> &str {
    Path::new(path).file_name().and_then(|n| n.to_str()).unwrap_or(path)
}

/// A note with the file named by its file name only.
fn short_note(note: &Note) -> String {
    let origin = Origin { file: file_name(&note.origin.file).to_string(), line: note.origin.line };
    format!("{origin}: {}", note.message)
}

/// Names the variant after the file: `standard_fleet_rome.map` → `standard_fleet_rome`,
/// titled "Standard Fleet Rome".
fn naming_for(file: &str) -> convert::Naming {
    let stem = Path::new(file).file_stem().and_then(|s| s.to_str()).unwrap_or("imported").to_string();
    let name: String =
        stem.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' }).collect();
    let title = convert::title_words(&stem.replace(['_', '-'], " "));
    convert::Naming { name, title, description: format!("Imported from the DPjudge map file {}.", file_name(file)) }
}

/// Finds an included file: given the including file and the name written (`standard.map`),
/// the included file's name for messages and its text, or why it cannot be read.
pub type Resolver<'a> = dyn FnMut(&str, &str) -> Result<(String, String), String> + 'a;

/// Imports map text; `resolve(including_file, name)` returns the name and text of an
/// included file (`USE standard.geography`, `MAP standard`).
pub fn import_str(file: &str, text: &str, resolve: &mut Resolver<'_>) -> Result<Import, ImportError> {
    let source = dpjudge::read(file, text, resolve)?;
    let (variant, notes) = convert::convert(&source, &naming_for(file));
    // An import that succeeds must load.
    VariantBuilder::new(variant.clone()).build().map_err(ImportError::Invalid)?;
    Ok(Import { variant, file: file.to_string(), notes })
}

/// Imports a map file; includes are looked up beside the file that names them.
pub fn import_file(path: impl AsRef<Path>) -> Result<Import, ImportError> {
    let path = path.as_ref();
    let file = path.display().to_string();
    let text = read(path)?;
    let mut resolve = |from: &str, name: &str| -> Result<(String, String), String> {
        let dir = Path::new(from).parent().map(Path::to_path_buf).unwrap_or_default();
        let included: PathBuf = dir.join(name);
        let text = dip_io::read_to_string(&included, dip_io::Limits::DEFAULT.max_input_bytes).map_err(|e| match e {
            dip_io::ReadError::Io { source, .. } => source.to_string(),
            other => other.to_string(),
        })?;
        Ok((included.display().to_string(), text))
    };
    import_str(&file, &text, &mut resolve)
}

fn read(path: &Path) -> Result<String, ImportError> {
    dip_io::read_to_string(path, dip_io::Limits::DEFAULT.max_input_bytes).map_err(|e| ImportError::Io {
        file: path.display().to_string(),
        message: match e {
            dip_io::ReadError::Io { source, .. } => source.to_string(),
            other => other.to_string(),
        },
    })
}

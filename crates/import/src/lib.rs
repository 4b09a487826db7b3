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
//! let map = import.map();
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

use std::collections::HashMap;
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
    /// The variant compiled when it was imported (an import that succeeds loads).
    map: Map,
}

impl Import {
    /// The variant compiled, as the engine loads it: built once, when it was imported.
    /// Its name and title are the map file's, even if `variant`'s are changed after.
    pub fn map(&self) -> &Map {
        &self.map
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
/// the included file's name for messages and its text, or why it cannot be read. The name
/// returned is the file's identity: the same file must come back under the same name (an
/// include cycle is found by it). The importer asks once for each include line's file,
/// however often the line is met.
pub type Resolver<'a> = dyn FnMut(&str, &str) -> Result<(String, String), String> + 'a;

/// Caps on reading a map and its includes, so that no map file costs unbounded time: a
/// file that includes the next one twice, thirty files deep, would otherwise be read 2³⁰
/// times.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IncludeLimits {
    /// Most files open at once (the map, what it includes, what that includes, ...).
    pub max_depth: usize,
    /// Most includes (`USE`, `MAP`) followed in all, counting a file included twice twice.
    pub max_includes: usize,
    /// Most bytes of map text read in all, the map and every include (again counting a
    /// file included twice twice); also the cap on each file read.
    pub max_bytes: u64,
}

impl IncludeLimits {
    /// The defaults: 16 files deep and 1,000 includes (DPjudge's and MILA's maps go two
    /// deep, with a handful of includes), and dip's default input cap.
    pub const DEFAULT: IncludeLimits =
        IncludeLimits { max_depth: 16, max_includes: 1000, max_bytes: dip_io::Limits::DEFAULT.max_input_bytes };

    /// The defaults with `limits`' cap on input.
    pub fn with_input(limits: &dip_io::Limits) -> Self {
        IncludeLimits { max_bytes: limits.max_input_bytes, ..Self::DEFAULT }
    }
}

impl Default for IncludeLimits {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Imports map text; `resolve(including_file, name)` returns the name and text of an
/// included file (`USE standard.geography`, `MAP standard`).
pub fn import_str(file: &str, text: &str, resolve: &mut Resolver<'_>) -> Result<Import, ImportError> {
    import_str_with(file, text, resolve, &IncludeLimits::DEFAULT)
}

/// [`import_str`] within other caps.
pub fn import_str_with(
    file: &str,
    text: &str,
    resolve: &mut Resolver<'_>,
    limits: &IncludeLimits,
) -> Result<Import, ImportError> {
    let source = dpjudge::read(file, text, resolve, limits)?;
    let (variant, notes) = convert::convert(&source, &naming_for(file));
    // An import that succeeds must load.
    let map = VariantBuilder::new(variant.clone()).build().map_err(ImportError::Invalid)?;
    Ok(Import { variant, file: file.to_string(), notes, map })
}

/// Imports a map file; includes are looked up beside the file that names them.
pub fn import_file(path: impl AsRef<Path>) -> Result<Import, ImportError> {
    import_file_with(path, &IncludeLimits::DEFAULT)
}

/// [`import_file`] within other caps. Each file is read once, found by its canonical path
/// (`maps/../maps/a.map` is `maps/a.map`), and only regular files are read.
pub fn import_file_with(path: impl AsRef<Path>, limits: &IncludeLimits) -> Result<Import, ImportError> {
    let path = path.as_ref();
    let file = path.display().to_string();
    let text = read(path, limits.max_bytes)?;
    // Canonical path → the name it was first met by and its text.
    let mut files: HashMap<PathBuf, (String, String)> = HashMap::new();
    if let Ok(canonical) = std::fs::canonicalize(path) {
        files.insert(canonical, (file.clone(), text.clone()));
    }
    let mut resolve = |from: &str, name: &str| -> Result<(String, String), String> {
        let dir = Path::new(from).parent().map(Path::to_path_buf).unwrap_or_default();
        let included: PathBuf = dir.join(name);
        let canonical = std::fs::canonicalize(&included).map_err(|e| e.to_string())?;
        if let Some(known) = files.get(&canonical) {
            return Ok(known.clone());
        }
        let text = dip_io::read_to_string(&included, limits.max_bytes).map_err(|e| match e {
            dip_io::ReadError::Io { source, .. } => source.to_string(),
            other => other.to_string(),
        })?;
        let found = (included.display().to_string(), text);
        files.insert(canonical, found.clone());
        Ok(found)
    };
    import_str_with(&file, &text, &mut resolve, limits)
}

fn read(path: &Path, max_bytes: u64) -> Result<String, ImportError> {
    dip_io::read_to_string(path, max_bytes).map_err(|e| ImportError::Io {
        file: path.display().to_string(),
        message: match e {
            dip_io::ReadError::Io { source, .. } => source.to_string(),
            other => other.to_string(),
        },
    })
}

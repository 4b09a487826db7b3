//! Finding and loading variants and position files. Every error is a list of lines, each
//! naming the file it concerns.

use std::path::{Path, PathBuf};

use indexmap::IndexMap;

use dip::orders::{FileProblem, UniqueKeys};
use dip::{Map, OrderLine, Phase, Position, PositionFile, Rules};

/// Lines of error messages, each naming its file.
pub type Errors = Vec<String>;

/// The caps on input for this run of `dip` (`--max-input-bytes` and the like), set once
/// by `main` before any file is read.
static LIMITS: std::sync::OnceLock<dip::Limits> = std::sync::OnceLock::new();

/// Sets the caps on input for the rest of the run (the first call wins).
pub fn set_limits(limits: dip::Limits) {
    let _ = LIMITS.set(limits);
}

/// The caps on input in force.
pub fn limits() -> dip::Limits {
    LIMITS.get().copied().unwrap_or_default()
}

/// Reads a whole file as text, within the size cap; the error names the file.
pub fn read_text(path: &Path) -> Result<String, Errors> {
    dip::read_to_string(path, limits().max_input_bytes).map_err(|e| vec![e.to_string()])
}

/// The caps on input, as command-line options common to every subcommand.
#[derive(Debug, Clone, clap::Args)]
pub struct LimitArgs {
    /// Largest file dip reads, in bytes.
    #[arg(long, global = true, value_name = "BYTES", default_value_t = dip::Limits::DEFAULT.max_input_bytes)]
    pub max_input_bytes: u64,
    /// Most orders read from one file.
    #[arg(long, global = true, value_name = "N", default_value_t = dip::Limits::DEFAULT.max_orders)]
    pub max_orders: usize,
    /// Longest order (or unit, or name) read, in bytes.
    #[arg(long, global = true, value_name = "BYTES", default_value_t = dip::Limits::DEFAULT.max_line_bytes)]
    pub max_line_length: usize,
}

impl LimitArgs {
    pub fn limits(&self) -> dip::Limits {
        dip::Limits {
            max_input_bytes: self.max_input_bytes,
            max_orders: self.max_orders,
            max_line_bytes: self.max_line_length,
        }
    }
}

/// A loaded variant and where it came from.
#[derive(Debug)]
pub struct Variant {
    pub map: Map,
    /// `embedded` or the path of the variant file.
    pub source: String,
}

/// The rule choices given on the command line: a preset, then single overrides.
#[derive(Debug, Default, Clone, clap::Args)]
pub struct RuleArgs {
    /// A rule preset (`datc`, `1971`, `1982`, `2000`, `2023`, `dptg`, `webdiplomacy`, `mila`,
    /// `dipcc`) or the path of a preset `.toml` file; applied on top of the variant's own choices.
    #[arg(long = "rules", value_name = "PRESET")]
    pub preset: Option<String>,
    /// One DATC issue's choice, `4.A.2=all-hold`; may be repeated; applied last.
    #[arg(long = "option", value_name = "ISSUE=CHOICE")]
    pub options: Vec<String>,
    /// The variant file of the position, when it is neither embedded nor in `variants/`
    /// beside the file or in the current directory; its name must be the one the
    /// position file gives.
    #[arg(long = "variant", value_name = "FILE")]
    pub variant: Option<PathBuf>,
}

impl RuleArgs {
    /// Applies the preset, then the single overrides, to `rules`.
    pub fn apply(&self, rules: &mut Rules) -> Result<(), Errors> {
        if let Some(name) = &self.preset {
            // Only the issues the preset decides change; the others stay as they were.
            let path = Path::new(name);
            let (source, preset) = if path.extension().is_some_and(|e| e == "toml") {
                let text = read_text(path)?;
                let source = path.display().to_string();
                let preset = dip::parse_preset(&source, &text).map_err(|e| vec![e.to_string()])?;
                (source, preset)
            } else {
                let preset = dip::preset(name).map_err(|e| vec![format!("--rules: {e}")])?;
                (format!("rules/{}.toml", preset.name), preset)
            };
            dip::apply_preset(rules, &source, &preset).map_err(|e| vec![e.to_string()])?;
        }
        for option in &self.options {
            dip::apply_override(rules, option).map_err(|e| vec![format!("--option {e}")])?;
        }
        Ok(())
    }
}

impl Variant {
    /// The variant's rules, then the position file's choices, then the command line's
    /// preset and overrides.
    pub fn rules_with(&self, file: &PositionFile, args: &RuleArgs) -> Result<Rules, Errors> {
        let mut rules = self.rules()?;
        for (issue, choice) in &file.rules {
            rules.set(issue, choice).map_err(|e| vec![format!("position file: rule {issue}: {e}")])?;
        }
        args.apply(&mut rules)?;
        Ok(rules)
    }

    /// The rules the variant file chooses, on top of the defaults.
    pub fn rules(&self) -> Result<Rules, Errors> {
        Rules::of_variant(&self.map)
            .map_err(|e| vec![format!("{}: variant `{}`: {e}", self.source_file(), self.map.name())])
    }

    /// The file to name in messages about the variant.
    fn source_file(&self) -> String {
        if self.source == "embedded" {
            format!("variants/{}.ron (embedded)", self.map.name())
        } else {
            self.source.clone()
        }
    }
}

/// A notation named on the command line: `datc`, `judge` or `mila`.
pub fn notation(name: &str) -> Result<dip::Notation, String> {
    dip::Notation::from_name(name).ok_or_else(|| format!("unknown notation `{name}`: expected datc, judge or mila"))
}

fn names_of_embedded() -> String {
    dip::EMBEDDED_VARIANTS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
}

fn is_embedded(name: &str) -> bool {
    dip::EMBEDDED_VARIANTS.iter().any(|(n, _)| n.eq_ignore_ascii_case(name))
}

/// Loads an embedded variant by name.
pub fn embedded(name: &str) -> Result<Variant, Errors> {
    dip::variant(name).map(|map| Variant { map, source: "embedded".into() }).map_err(|e| e.lines())
}

/// Loads a variant file. The loader checks its rule choices (an unknown issue or choice is
/// a fault of the file, with its line), so every command refuses a file `dip run` would.
pub fn variant_file(path: &Path) -> Result<Variant, Errors> {
    let source = path.display().to_string();
    match dip::map::load_limited(path, limits().max_input_bytes) {
        Ok(map) => Ok(Variant { map, source }),
        Err(e) => Err(e.lines()),
    }
}

/// A variant named on the command line: an embedded name, a path to a `.ron` file, or a
/// name with a file `variants/<name>.ron` in the current directory.
pub fn variant_arg(arg: &str) -> Result<Variant, Errors> {
    let path = Path::new(arg);
    let looks_like_path = arg.ends_with(".ron") || arg.contains('/') || arg.contains(std::path::MAIN_SEPARATOR);
    if is_embedded(arg) && !looks_like_path {
        return embedded(arg);
    }
    if looks_like_path || path.is_file() {
        return variant_file(path);
    }
    let local = Path::new("variants").join(format!("{arg}.ron"));
    if local.is_file() {
        return variant_file(&local);
    }
    Err(vec![format!(
        "{arg}: no such variant: not an embedded variant ({}), not a file, and no {} here",
        names_of_embedded(),
        local.display()
    )])
}

/// The variant a position file names: embedded, or `variants/<name>.ron` beside the file
/// or in the current directory.
pub fn variant_for(name: &str, file: &Path, given: Option<&Path>) -> Result<Variant, Errors> {
    if let Some(path) = given {
        let variant = variant_file(path)?;
        if !variant.map.name().eq_ignore_ascii_case(name) {
            return Err(vec![format!(
                "{}: the position is of the variant `{name}`, but {} is the variant `{}`",
                file.display(),
                path.display(),
                variant.map.name()
            )]);
        }
        return Ok(variant);
    }
    if is_embedded(name) {
        return embedded(name);
    }
    let relative = Path::new("variants").join(format!("{name}.ron"));
    let mut candidates: Vec<PathBuf> = Vec::new();
    if let Some(dir) = file.parent() {
        candidates.push(dir.join(&relative));
    }
    candidates.push(relative.clone());
    if let Some(path) = candidates.iter().find(|p| p.is_file()) {
        return variant_file(path).map_err(|mut lines| {
            lines.insert(
                0,
                format!("{}: variant `{name}` could not be loaded from {}:", file.display(), path.display()),
            );
            lines
        });
    }
    Err(vec![format!(
        "{}: unknown variant `{name}`: not embedded ({}) and no {} beside the file or in the current directory (give its file with --variant FILE)",
        file.display(),
        names_of_embedded(),
        relative.display()
    )])
}

/// The `*.ron` files of a folder, sorted by name.
pub fn variant_files(dir: &Path) -> Result<Vec<PathBuf>, Errors> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| vec![format!("{}: cannot read the folder: {e}", dir.display())])?;
    let mut files = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| vec![format!("{}: cannot read the folder: {e}", dir.display())])?;
        let path = entry.path();
        if path.extension().is_some_and(|x| x == "ron") && path.is_file() {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// A position file as written, with its text (for line numbers).
#[derive(Debug)]
pub struct Source {
    pub path: PathBuf,
    pub text: String,
    pub file: PositionFile,
}

impl Source {
    /// The file name to put in messages.
    pub fn name(&self) -> String {
        self.path.display().to_string()
    }

    /// `FILE:LINE: message` for a problem of the file.
    pub fn problem(&self, problem: &FileProblem) -> String {
        match problem.line {
            Some(line) => format!("{}:{line}: {}", self.name(), problem.message),
            None => format!("{}: {}", self.name(), problem.message),
        }
    }
}

/// Reads a RON or JSON file (by its extension) into `T`. `what` names the kind of file in
/// the message for a wrong extension.
fn read_data<T: serde::de::DeserializeOwned>(path: &Path, what: &str) -> Result<(String, T), Errors> {
    let name = path.display();
    let extension = path.extension().and_then(|x| x.to_str()).map(str::to_ascii_lowercase);
    let json = match extension.as_deref() {
        Some("ron") => false,
        Some("json") => true,
        _ => return Err(vec![format!("{name}: not {what}: expected a `.ron` or `.json` file")]),
    };
    let text = read_text(path)?;
    let value: T = if json {
        serde_json::from_str(&text).map_err(|e| {
            let full = e.to_string();
            let suffix = format!(" at line {} column {}", e.line(), e.column());
            let message = full.strip_suffix(&suffix).unwrap_or(&full);
            vec![format!("{name}:{}:{}: {message}", e.line(), e.column())]
        })?
    } else {
        ron::from_str(&text).map_err(|e| vec![format!("{name}:{}:{}: {}", e.position.line, e.position.col, e.code)])?
    };
    Ok((text, value))
}

/// Reads and parses a position file, RON or JSON by its extension.
pub fn position_file(path: &Path) -> Result<Source, Errors> {
    let (text, file) = read_data::<PositionFile>(path, "a position file")?;
    Ok(Source { path: path.to_path_buf(), text, file })
}

/// An orders file of `dip run`: orders by power name under the phase they are for, one
/// phase or several (`{"Spring 1901 Movement": {"England": ["F London - North Sea"]}}`).
#[derive(Debug)]
pub struct OrdersFile {
    pub path: PathBuf,
    pub text: String,
    /// The phases in the order the file gives them.
    pub phases: Vec<PhaseOrders>,
}

/// The orders of one phase in an orders file.
#[derive(Debug)]
pub struct PhaseOrders {
    pub phase: Phase,
    /// The line of the phase's name.
    pub line: Option<usize>,
    pub orders: IndexMap<String, Vec<String>>,
}

impl OrdersFile {
    /// The file name to put in messages.
    pub fn name(&self) -> String {
        self.path.display().to_string()
    }

    /// `FILE:LINE` of a phase's orders.
    pub fn at(&self, phase: &PhaseOrders) -> String {
        match phase.line {
            Some(n) => format!("{}:{n}", self.name()),
            None => self.name(),
        }
    }

    /// Reads the orders of every phase, each for its phase's kind. A power the map does
    /// not know is a problem line (`FILE:LINE: ...`) and its orders are left out; a power
    /// given twice, too many orders or one too long is an error.
    pub fn read(&self, map: &Map) -> Result<Vec<(Vec<OrderLine>, Errors)>, Errors> {
        let mut index = dip::orders::SourceIndex::new(&self.text);
        let mut read = Vec::with_capacity(self.phases.len());
        let mut errors = Vec::new();
        let at = |line: Option<usize>| line.map_or(self.name(), |n| format!("{}:{n}", self.name()));
        for phase in &self.phases {
            index.take(&phase.phase.to_string());
            let orders = dip::orders::read_orders(map, phase.phase.kind, &phase.orders, &mut index, &limits());
            errors.extend(orders.faults.iter().map(|p| format!("{}: {}", at(p.line), p.message)));
            let unknown = orders
                .unknown_powers
                .iter()
                .map(|p| format!("{}: {}: its orders are ignored", at(p.line), p.message))
                .collect();
            read.push((orders.lines, unknown));
        }
        if errors.is_empty() { Ok(read) } else { Err(errors) }
    }
}

/// Reads an orders file, RON or JSON by its extension: a map from phase names to orders by
/// power. Orders that are not under a phase are refused, as is a phase the variant does not
/// have or a phase given twice: `dip run` must know which phase each order is for.
pub fn orders_file(path: &Path) -> Result<OrdersFile, Errors> {
    let name = path.display().to_string();
    let parsed = read_data::<UniqueKeys<UniqueKeys<Vec<String>>>>(path, "an orders file");
    let (text, phases) = match parsed {
        Ok((text, phases)) => (text, phases),
        Err(errors) => {
            // Orders by power with no phase: the old form, which said nothing of its phase.
            if read_data::<UniqueKeys<Vec<String>>>(path, "an orders file").is_ok() {
                return Err(vec![format!(
                    "{name}: these orders are not under a phase: write them as {{\"Spring 1901 Movement\": {{\"England\": [...], ...}}}} so that dip run plays them in that phase and no other"
                )]);
            }
            return Err(errors);
        }
    };
    let mut index = dip::orders::SourceIndex::new(&text);
    let mut out = Vec::with_capacity(phases.0.len());
    let mut errors = Vec::new();
    for (key, orders) in phases.0 {
        let line = index.take(&key);
        match key.parse::<Phase>() {
            Ok(phase) => out.push(PhaseOrders { phase, line, orders: orders.0 }),
            Err(e) => errors.push(format!("{}: {e}", line.map_or(name.clone(), |n| format!("{name}:{n}")))),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(OrdersFile { path: path.to_path_buf(), text, phases: out })
}

/// A position file read against its variant.
#[derive(Debug)]
pub struct Loaded {
    pub source: Source,
    pub variant: Variant,
    pub position: Position,
    pub lines: Vec<OrderLine>,
}

/// Reads a position file, loads its variant and reads the position and orders under the
/// rules in force (the variant's, the file's, the command line's). Orders that cannot be
/// read are kept in `lines`; every other fault is an error.
pub fn position(path: &Path, rule_args: &RuleArgs) -> Result<Loaded, Errors> {
    let source = position_file(path)?;
    let variant = variant_for(&source.file.variant, path, rule_args.variant.as_deref())?;
    let rules = variant.rules_with(&source.file, rule_args)?;
    match source.file.read_with(&variant.map, Some(&source.text), &rules, &limits()) {
        Ok((position, lines)) => Ok(Loaded { source, variant, position, lines }),
        Err(problems) => Err(problems.iter().map(|p| source.problem(p)).collect()),
    }
}

//! Property tests of dip's public entry points: arbitrary positions, orders, order texts,
//! variant files (as text and as data), position files and saved games, each fed to every
//! function that takes it, asserting that none panics (in a debug build or the `fuzz`
//! profile, overflow checks included) and that what they return keeps dip's invariants
//! ([`dip::check`]); a broken invariant panics inside the case, so it fails like a panic.
//!
//! Each case is a seed: the seed makes the bytes an [`arbitrary::Unstructured`] reads the
//! case's input from, so a failure is reproduced by its target and seed alone
//! (`cargo xtask fuzz --target position --seed 1234 --cases 1`).
//!
//! ```
//! let fuzzer = dip_fuzz::Fuzzer::new();
//! // (The targets that drive the `dip` program need it built: `cargo xtask fuzz` does.)
//! for target in dip_fuzz::Target::ALL.into_iter().filter(|t| !t.needs_program()) {
//!     for seed in 0..3 {
//!         fuzzer.case(target, seed).unwrap_or_else(|panic| panic!("{target:?} {seed}: {panic}"));
//!     }
//! }
//! ```

mod make;
pub mod process;
mod targets;

use std::cell::RefCell;
use std::time::{Duration, Instant};

use dip::{Map, Position};

pub use make::Source;

/// What a case feeds to the library.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Target {
    /// Order text, mostly made of the map's words: `parse_order` in every phase and
    /// setting, and each order read displayed in every notation.
    OrderText,
    /// Positions and orders as data, of the map or not: every adjudication entry point,
    /// legal orders, games, validation, the board helpers, writing a position file.
    Position,
    /// Variant files: an embedded variant's text, mutated, loaded and played.
    VariantText,
    /// Variants as data: small random maps built and played.
    VariantData,
    /// Position files: the examples' text mutated, and files made of the map's names,
    /// read (RON and JSON) under random rules and caps, then played.
    PositionFile,
    /// Saved games (MILA's JSON): games dip wrote and a recorded game, mutated, read,
    /// rebuilt and replayed.
    GameJson,
    /// Pictures: positions with orders and results drawn on the map's geometry, on a
    /// geometry file mutated (shapes, points, sizes, colours, names), and as a schematic;
    /// now and then read back as SVG and rasterised at a random scale.
    Render,
    /// The stream: one `dip serve --stdio` under a 512 MiB address-space limit, fed lines
    /// of arbitrary bytes and hostile requests (paths for variants, huge and duplicate
    /// keys, empty units by the thousand, saved games mutated); each must get one answer.
    Stream,
    /// Saved games carried through `dip run` (under the same limit): mutated, with orders
    /// files of any phase, written out and read back.
    Run,
    /// DPjudge map files (the importer's test maps: Standard with its three includes,
    /// Loeb9, Chaos, 1898), mutated, with includes that loop, repeat or go deep.
    Import,
}

impl Target {
    pub const ALL: [Target; 10] = [
        Target::OrderText,
        Target::Position,
        Target::VariantText,
        Target::VariantData,
        Target::PositionFile,
        Target::GameJson,
        Target::Render,
        Target::Stream,
        Target::Run,
        Target::Import,
    ];

    /// Whether the target drives the `dip` program (built beside `dip-fuzz`, or named
    /// by `DIP_FUZZ_DIP`; see [`process`]) rather than calling the library.
    pub fn needs_program(self) -> bool {
        matches!(self, Target::Stream | Target::Run)
    }

    /// `order-text`, `position`, ...
    pub fn name(self) -> &'static str {
        match self {
            Target::OrderText => "order-text",
            Target::Position => "position",
            Target::VariantText => "variant-text",
            Target::VariantData => "variant-data",
            Target::PositionFile => "position-file",
            Target::GameJson => "game-json",
            Target::Render => "render",
            Target::Stream => "stream",
            Target::Run => "run",
            Target::Import => "import",
        }
    }

    pub fn by_name(name: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == name)
    }
}

/// What the cases are made from: the embedded variants, positions of random games on each,
/// the example position files and saved games.
#[derive(Debug)]
pub struct Fuzzer {
    pub(crate) maps: Vec<Map>,
    /// Positions reached in random games, per map.
    pub(crate) positions: Vec<Vec<Position>>,
    pub(crate) position_texts: Vec<&'static str>,
    pub(crate) games: Vec<String>,
    /// The `dip serve` the stream target feeds.
    pub(crate) stream: process::Stream,
    /// The `dip` program the stream and `dip run` targets drive, or why there is none.
    pub(crate) program: Result<std::path::PathBuf, String>,
}

/// The inputs run and the failures found (panics and broken invariants), per target.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub inputs: [u64; Target::ALL.len()],
    /// (target, seed, message of the panic or of the broken invariant)
    pub panics: Vec<(Target, u64, String)>,
}

impl Stats {
    pub fn total(&self) -> u64 {
        self.inputs.iter().sum()
    }
}

thread_local! {
    /// Whether this thread is running a case: its panics are caught and kept quiet.
    static IN_CASE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The message of the last panic of a case on this thread, caught by the hook below.
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Wraps the panic hook: a panic inside a case is kept (message and place) for the
/// report instead of printed, so a long run prints only its summary; any other panic is
/// reported as usual.
fn quiet_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let usual = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !IN_CASE.with(std::cell::Cell::get) {
                return usual(info);
            }
            let message = info
                .payload()
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_default();
            let mut at = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
            if std::env::var_os("DIP_FUZZ_BACKTRACE").is_some() {
                at.push_str(&format!("\n{}", std::backtrace::Backtrace::force_capture()));
            }
            LAST_PANIC.with(|p| *p.borrow_mut() = Some(format!("{message}{at}")));
        }));
    });
}

impl Default for Fuzzer {
    fn default() -> Self {
        Fuzzer::new()
    }
}

impl Fuzzer {
    /// Loads the embedded variants and plays a few random games on each for positions.
    pub fn new() -> Fuzzer {
        quiet_panics();
        make::fuzzer()
    }

    /// The same, driving the `dip` program at `program` (a test's `CARGO_BIN_EXE_dip`).
    pub fn with_program(program: std::path::PathBuf) -> Fuzzer {
        Fuzzer { program: Ok(program), ..Fuzzer::new() }
    }

    /// Runs one case: `Err` with the panic's message and place if the library panicked or
    /// an invariant failed.
    pub fn case(&self, target: Target, seed: u64) -> Result<(), String> {
        let bytes = make::bytes(seed);
        IN_CASE.with(|c| c.set(true));
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut source = Source::new(&bytes);
            targets::run(self, target, &mut source);
        }));
        IN_CASE.with(|c| c.set(false));
        result.map_err(|_| LAST_PANIC.with(|p| p.borrow_mut().take()).unwrap_or_else(|| "a panic".into()))
    }

    /// Runs cases of every target in turn (each target its share of the time), seeds from
    /// `first_seed` on, until `time` has passed or `cases` inputs are run; `progress` is
    /// called about once a second.
    pub fn run(
        &self,
        targets: &[Target],
        first_seed: u64,
        time: Option<Duration>,
        cases: Option<u64>,
        mut progress: impl FnMut(&Stats, Duration),
    ) -> Stats {
        let mut stats = Stats::default();
        let start = Instant::now();
        let mut last_report = start;
        let mut seed = first_seed;
        // Each round gives every target the same slice of time, so that slow targets are
        // not starved and fast ones do not take over.
        let slice = Duration::from_millis(50);
        'rounds: loop {
            for &target in targets {
                let slice_start = Instant::now();
                loop {
                    if let Err(message) = self.case(target, seed) {
                        stats.panics.push((target, seed, message));
                    }
                    stats.inputs[target as usize] += 1;
                    seed = seed.wrapping_add(1);
                    let done_cases = cases.is_some_and(|n| stats.total() >= n);
                    let done_time = time.is_some_and(|t| start.elapsed() >= t);
                    if done_cases || done_time {
                        break 'rounds;
                    }
                    if last_report.elapsed() >= Duration::from_secs(1) {
                        last_report = Instant::now();
                        progress(&stats, start.elapsed());
                    }
                    if cases.is_some() || slice_start.elapsed() >= slice {
                        break;
                    }
                }
            }
        }
        progress(&stats, start.elapsed());
        stats
    }
}

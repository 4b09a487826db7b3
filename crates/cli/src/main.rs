//! `dip`: list variants, show a map, check orders, adjudicate positions and play games
//! from the command line.

/// `writeln!` into a `String`, which cannot fail.
macro_rules! outln {
    ($out:expr) => {
        $out.push('\n')
    };
    ($out:expr, $($arg:tt)*) => {{
        use std::fmt::Write as _;
        let _ = writeln!($out, $($arg)*);
    }};
}

mod commands;
mod describe;
mod games;
mod import;
mod load;
mod play;
mod render;
mod report;
mod rules;
mod serve;

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Diplomacy adjudication for any map described as data.
#[derive(Debug, Parser)]
#[command(name = "dip", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    #[command(flatten)]
    limits: load::LimitArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List the embedded variants and the variant files in a folder.
    Variants {
        /// Folder of `*.ron` variant files [default: `variants/` in the current directory,
        /// if there is one].
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
    /// Show a variant's powers, provinces and adjacencies.
    Show {
        /// An embedded variant's name (`standard`) or the path of a `.ron` variant file.
        variant: String,
    },
    /// Read a position file, or saved games, and report every order that cannot be read
    /// or is illegal on its board, in a movement, retreat or adjustment phase.
    CheckOrders {
        /// A position file with orders (`.ron` or `.json`), of any phase; or saved games
        /// (MILA's JSON: one game, or `.jsonl` with one game a line), every phase of which
        /// is checked.
        file: PathBuf,
        #[command(flatten)]
        rules: load::RuleArgs,
    },
    /// Replay recorded games: each phase's orders on its recorded board, compared with the
    /// board recorded next. Prints every divergence and ends with
    /// `replay: N phases agree, M differ in K games`; exit code 1 if anything differs or a
    /// file cannot be read.
    ///
    /// A unit dislodged with nowhere to retreat: dip keeps it dislodged until the retreat
    /// phase disbands it; MILA, dipcc and godip remove it at once and skip the retreat
    /// phase if nothing else was dislodged. The replay reads which way each phase was
    /// recorded from the record (the next board lacks every such unit, or the next phase is
    /// not the retreat phase dip would make) and compares accordingly; no option is needed.
    /// A phase recorded with no orders just before `COMPLETED` on the same board (a game
    /// drawn, MILA's `draw()`) was never played and is not compared.
    Replay {
        /// Saved games: MILA's and dipcc's JSON (one game a file) or JSONL (one game a line).
        /// A game's `map` is dip's variant name or MILA's name of the map (`ancmed`).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        rules: load::RuleArgs,
    },
    /// Serve adjudications to another program: one JSON request a line on standard input
    /// (a position with orders, or a saved game and the next orders), one JSON answer a line
    /// on standard output, in order, until the end of the input (docs/json.md).
    Serve(serve::ServeArgs),
    /// Print a variant's opening position as a position file (RON), to start a game:
    /// `dip new standard > game.ron` (or `--format saved-game > game.json`).
    New {
        /// An embedded variant's name (`standard`) or the path of a `.ron` variant file.
        variant: String,
        /// `position` (dip's position file) or `saved-game` (MILA's and dipcc's JSON).
        #[arg(long, value_enum, default_value = "position")]
        format: play::GameFormat,
        /// The saved game's id.
        #[arg(long, requires = "format")]
        id: Option<String>,
    },
    /// Adjudicate the orders of a position file (movement, retreat or adjustment phase)
    /// and print the results and the next position.
    Adjudicate {
        /// A position file with orders (`.ron` or `.json`).
        file: PathBuf,
        /// Print one JSON object (schema `dip-results`, see docs/json.md): every order's
        /// result with a machine code, what the phase decided, the next position. Compact
        /// unless `--pretty` or standard output is a terminal.
        #[arg(long)]
        json: bool,
        /// Indent the JSON for people.
        #[arg(long, requires = "json")]
        pretty: bool,
        /// The notation of orders, units and provinces in the JSON: `datc` (`A Paris -
        /// Burgundy`), `judge` (`A par - bur`) or `mila` (`A PAR - BUR`).
        #[arg(long, value_name = "NOTATION", default_value = "datc", value_parser = load::notation, requires = "json")]
        notation: dip::Notation,
        /// Explain how each order of a movement phase was decided: the strengths compared,
        /// each support counted, cut (by whom) or void, the convoy route, the backup rules
        /// that decided. With `--json`, each order row gets an `explanation`.
        #[arg(long)]
        explain: bool,
        #[command(flatten)]
        rules: load::RuleArgs,
    },
    /// Play a game phase by phase from a position file (or a saved game, going on from its
    /// last phase) and orders files keyed by phase; with `--out` the game is saved after
    /// every phase and a run again resumes it.
    Run {
        /// The position to start from, usually made by `dip new`. Its orders, if it has
        /// any, are the first phase's.
        game: PathBuf,
        /// Orders files, in any order: RON (or `.json`) maps from phase names to each
        /// power's orders, `{"Spring 1901 Movement": {"England": ["F London - North Sea"]}}`,
        /// one phase a file or several.
        orders: Vec<PathBuf>,
        /// Save the position (or the game) to this file after every phase, atomically,
        /// instead of printing it at the end; the game file itself makes the run resumable.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// `position` (the final position, RON) or `saved-game` (the whole game as MILA's
        /// and dipcc's JSON, which `dip replay` checks and `dip run` goes on from).
        #[arg(long, value_enum, default_value = "position")]
        format: play::GameFormat,
        /// The saved game's id [default: the game's own, or the output file's name].
        #[arg(long)]
        id: Option<String>,
        /// When the game file is a saved game whose orders, replayed under its rules, make
        /// a board other than one it records: `refuse` it, or `report` each such phase as
        /// `dip replay` does and go on from the boards the orders make.
        #[arg(long, value_name = "WHAT", default_value = "refuse", value_parser = differing_boards())]
        differing_boards: dip::DifferingBoards,
        #[command(flatten)]
        rules: load::RuleArgs,
    },
    /// List every DATC disputable issue (chapter 4) with its choices, named as the
    /// compliance matrix names them, and the choice in force.
    Rules {
        /// A variant (embedded name or `.ron` file) whose own choices apply.
        variant: Option<String>,
        /// A rule preset (`datc`, `1971`, `1982`, `2000`, `2023`, `dptg`, `webdiplomacy`, `mila`,
        /// `dipcc`) or a preset file.
        #[arg(long = "rules", value_name = "PRESET")]
        preset: Option<String>,
        /// One DATC issue's choice, `4.A.2=AllHold`; may be repeated.
        #[arg(long = "option", value_name = "ISSUE=CHOICE")]
        options: Vec<String>,
    },
    /// Import a map in the DPjudge format (the `.map` files of DPjudge and MILA) as a
    /// variant file, and report what dip cannot express.
    ImportMap {
        /// The `.map` file; the files it includes (`USE`, `MAP`) are looked up beside it.
        file: PathBuf,
        /// Where to write the variant [default: `<name>.ron` in the current directory];
        /// `-` prints it, and the report goes to standard error.
        #[arg(long, short, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Compare the import with a variant (an embedded name or a `.ron` file), list every
        /// difference, and fail if there is one.
        #[arg(long, value_name = "VARIANT")]
        compare: Option<String>,
        /// The variant's short name [default: from the file name].
        #[arg(long)]
        name: Option<String>,
        /// The variant's title [default: from the file name].
        #[arg(long)]
        title: Option<String>,
    },
    /// Draw a position as a map (`-o board.svg` or `board.png`), with `--orders` its
    /// orders and with `--results` what they did.
    Render(render::RenderArgs),
    /// Serve Diplomacy to language-model agents: a Model Context Protocol server on standard
    /// input and output, with tools to start games, read the board in words and pictures,
    /// list legal orders, submit orders, adjudicate and read results (docs/agents.md).
    Mcp {
        /// The folder of games, one JSON file a game, written after every change; a server
        /// started again on it goes on where it was. Made if missing.
        #[arg(long, value_name = "DIR")]
        games: PathBuf,
        /// Act for this power only (`--power France`): `submit_orders` and `ready` refuse
        /// other powers and `advance` is not offered; the board stays public.
        #[arg(long, value_name = "POWER")]
        power: Option<String>,
    },
}

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `--differing-boards`: a choice of [`dip::DifferingBoards`] by its name, the names listed
/// in the help.
fn differing_boards() -> impl clap::builder::TypedValueParser<Value = dip::DifferingBoards> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(dip::DifferingBoards::ALL.map(dip::DifferingBoards::name))
        .try_map(|name| dip::DifferingBoards::from_name(&name).ok_or(format!("no choice named `{name}`")))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    load::set_limits(cli.limits.limits());
    let result = match &cli.command {
        Command::Variants { dir } => commands::variants(dir.as_deref()),
        Command::Show { variant } => commands::show(variant),
        Command::CheckOrders { file, rules } if games::is_saved_game_file(file) => games::check_orders(file, rules),
        Command::CheckOrders { file, rules } => commands::check_orders(file, rules),
        Command::Replay { files, rules } => games::replay(files, rules),
        Command::Serve(args) => serve::stdio(args),
        Command::New { variant, format, id } => play::new(variant, *format, id.as_deref()),
        Command::Adjudicate { file, json, pretty, notation, explain, rules } => {
            let pretty = *pretty || std::io::stdout().is_terminal();
            let output = play::JsonOutput { json: *json, pretty, notation: *notation, explain: *explain };
            play::adjudicate(file, output, rules)
        }
        Command::Run { game, orders, out, format, id, differing_boards, rules } => {
            let output = play::RunOutput { out: out.as_deref(), format: *format, id: id.as_deref() };
            play::run(game, orders, output, rules, *differing_boards)
        }
        Command::Rules { variant, preset, options } => {
            let args = load::RuleArgs { preset: preset.clone(), options: options.clone(), variant: None };
            rules::rules(variant.as_deref(), &args)
        }
        Command::ImportMap { file, out, compare, name, title } => {
            import::import_map(file, out.as_deref(), compare.as_deref(), name.as_deref(), title.as_deref())
        }
        Command::Render(args) => render::render(args),
        Command::Mcp { games, power } => {
            let config = dip_mcp::Config { games: games.clone(), power: power.clone() };
            dip_mcp::serve_stdio(config)
                .map(|()| commands::Output::new(String::new(), ExitCode::SUCCESS))
                .map_err(|e| vec![format!("dip mcp: {e}")])
        }
    };
    let (text, errors, code) = match result {
        Ok(output) => (output.text, output.errors, output.code),
        Err(errors) => (String::new(), errors, ExitCode::FAILURE),
    };
    // A closed pipe (`dip show standard | head`) is not an error worth a message.
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            let _ = writeln!(std::io::stderr(), "dip: cannot write the output: {e}");
            return ExitCode::FAILURE;
        }
        _ => {}
    }
    let mut stderr = std::io::stderr().lock();
    for line in errors {
        let _ = writeln!(stderr, "{line}");
    }
    code
}

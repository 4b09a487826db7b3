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
mod load;
mod play;
mod render;
mod report;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Diplomacy adjudication for any map described as data.
#[derive(Debug, Parser)]
#[command(name = "dip", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
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
    /// Read a position file and report every order that cannot be read.
    CheckOrders {
        /// A position file with orders (`.ron` or `.json`).
        file: PathBuf,
    },
    /// Print a variant's opening position as a position file (RON), to start a game:
    /// `dip new standard > game.ron`.
    New {
        /// An embedded variant's name (`standard`) or the path of a `.ron` variant file.
        variant: String,
    },
    /// Adjudicate the orders of a position file (movement, retreat or adjustment phase)
    /// and print the results and the next position.
    Adjudicate {
        /// A position file with orders (`.ron` or `.json`).
        file: PathBuf,
        /// Print one JSON object (results; dislodged units, retreats and disbands, or
        /// builds and removals; next position).
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        rules: load::RuleArgs,
    },
    /// Play a game phase by phase from a position file, one orders file per phase.
    Run {
        /// The position to start from, usually made by `dip new`. Its orders, if it has
        /// any, are the first phase's.
        game: PathBuf,
        /// Orders for the following phases, one file per phase, in order: a RON (or
        /// `.json`) map from power to order strings, `{"England": ["F London - North Sea"]}`.
        orders: Vec<PathBuf>,
        /// Write the final position to this file instead of after the report.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        #[command(flatten)]
        rules: load::RuleArgs,
    },
    /// Draw a position as a map (`-o board.svg` or `board.png`), with `--orders` its
    /// orders and with `--results` what they did.
    Render(render::RenderArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Variants { dir } => commands::variants(dir.as_deref()),
        Command::Show { variant } => commands::show(variant),
        Command::CheckOrders { file } => commands::check_orders(file),
        Command::New { variant } => play::new(variant),
        Command::Adjudicate { file, json, rules } => play::adjudicate(file, *json, rules),
        Command::Run { game, orders, out, rules } => play::run(game, orders, out.as_deref(), rules),
        Command::Render(args) => render::render(args),
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

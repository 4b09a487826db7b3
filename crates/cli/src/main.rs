//! `dip`: list variants, show a map, check orders and adjudicate positions from the
//! command line.

mod commands;
mod describe;
mod load;

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
    /// Adjudicate the orders of a position file and print the results and the next
    /// position.
    Adjudicate {
        /// A position file with orders (`.ron` or `.json`).
        file: PathBuf,
        /// Print one JSON object (results, dislodged units, next position).
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Variants { dir } => commands::variants(dir.as_deref()),
        Command::Show { variant } => commands::show(variant),
        Command::CheckOrders { file } => commands::check_orders(file),
        Command::Adjudicate { file, json } => commands::adjudicate(file, *json),
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

//! `dip render`: a picture of a position (SVG or PNG), with its orders and their results.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use dip::{Game, Map, Order, OrderLine};
use dip_render::{Board, GeometryFile, Scene};

use crate::commands::Output;
use crate::load::{self, Errors, Loaded};

/// What `dip render` was asked for.
#[derive(Debug, Clone, clap::Args)]
pub struct RenderArgs {
    /// A position file (`.ron` or `.json`).
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Where to write the picture: `.svg` or `.png`.
    #[arg(short = 'o', long = "out", value_name = "OUT")]
    pub out: PathBuf,
    /// Draw the position's orders: moves as arrows, supports dashed, convoys along
    /// their fleets, holds as rings.
    #[arg(long)]
    pub orders: bool,
    /// Adjudicate the orders and draw the outcome: failed orders crossed, dislodged units
    /// beside their province with their retreat options (implies `--orders`).
    #[arg(long)]
    pub results: bool,
    /// Draw the position after the phase instead (with its dislodged units and their
    /// retreat options).
    #[arg(long)]
    pub next: bool,
    /// Draw with this geometry file instead of the variant's own.
    #[arg(long, value_name = "FILE", conflicts_with = "schematic")]
    pub geometry: Option<PathBuf>,
    /// Draw the schematic layout (every province a disc, every border a line) even if the
    /// variant has geometry.
    #[arg(long)]
    pub schematic: bool,
    /// PNG pixels per SVG unit.
    #[arg(long, default_value_t = 1.5, value_name = "FACTOR")]
    pub scale: f32,
    #[command(flatten)]
    pub rules: load::RuleArgs,
}

/// The output formats, by the output file's extension.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Format {
    Svg,
    Png,
}

fn format_of(path: &Path) -> Result<Format, Errors> {
    match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
        Some("svg") => Ok(Format::Svg),
        Some("png") => Ok(Format::Png),
        _ => Err(vec![format!("{}: the output must end in .svg or .png", path.display())]),
    }
}

/// Writes the picture through a temporary file and a rename: a reader never sees half a
/// picture, and a failed write leaves the old file whole.
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Errors> {
    dip::atomic_write(path, bytes).map_err(|e| vec![format!("{}: cannot write it: {e}", path.display())])
}

/// The readable orders of the lines, in order.
fn readable(lines: &[OrderLine]) -> Vec<Order> {
    lines.iter().filter_map(|l| l.parsed.as_ref().ok().cloned()).collect()
}

/// The board for the map: `--geometry`, `--schematic`, or the variant's own.
fn board<'m>(map: &'m Map, args: &RenderArgs) -> Result<Board<'m>, Errors> {
    if args.schematic {
        return Ok(Board::schematic(map));
    }
    match &args.geometry {
        Some(path) => {
            let geometry = GeometryFile::load(path).map_err(|e| vec![e.to_string()])?;
            Board::with_geometry(map, &geometry).map_err(|e| vec![e.to_string()])
        }
        None => Ok(Board::new(map)),
    }
}

/// Writes the picture as the output's extension asks.
fn write_picture(svg: &str, args: &RenderArgs, format: Format) -> Result<(), Errors> {
    match format {
        Format::Svg => write_atomic(&args.out, svg.as_bytes()),
        Format::Png => {
            let png = dip_render::png(svg, args.scale).map_err(|e| vec![format!("{}: {e}", args.out.display())])?;
            write_atomic(&args.out, &png)
        }
    }
}

/// `dip render FILE -o OUT`.
pub fn render(args: &RenderArgs) -> Result<Output, Errors> {
    let [file] = &args.files[..] else {
        return Err(vec![format!(
            "dip render: give one position file (got {}): `dip render FILE -o board.svg`",
            args.files.len()
        )]);
    };
    let format = format_of(&args.out)?;
    let Loaded { source, variant, position, lines } = load::position(file)?;
    let name = source.name();
    let mut problems: Vec<String> = Vec::new();
    for line in &lines {
        if let Err(e) = &line.parsed {
            let at = line.line.map(|l| format!(":{l}")).unwrap_or_default();
            problems.push(format!("{name}{at}: `{}`: {e} (not drawn)", line.text));
        }
    }
    let orders = if args.orders || args.results || args.next { readable(&lines) } else { Vec::new() };
    let rules = variant.rules_with(&source.file, &args.rules)?;
    let map = &variant.map;
    let board = board(map, args)?;

    let svg = if args.results || args.next {
        let mut game = Game::from_position(variant.map.clone(), rules, position.clone())
            .map_err(|e| vec![format!("{name}: {e}")])?;
        game.play(orders.clone()).map_err(|e| vec![format!("{name}: {e}")])?;
        let Some(record) = game.history().last() else {
            return Err(vec![format!("{name}: internal error: the phase was not played")]);
        };
        if args.next {
            // The board after the phase, dislodged units waiting with their options.
            let next = match &record.outcome {
                dip::PhaseOutcome::Movement(o) if !o.position.dislodged.is_empty() => o.position.clone(),
                _ => game.position().clone(),
            };
            board.svg(&Scene::new(&next))
        } else {
            board.svg(&Scene::new(&position).orders(&record.orders).outcome(&record.outcome))
        }
    } else {
        board.svg(&Scene::new(&position).orders(&orders))
    };
    write_picture(&svg, args, format)?;
    let mut out = String::new();
    outln!(out, "{name}: {} drawn to {}", position.phase, args.out.display());
    let mut output = Output::new(out, ExitCode::SUCCESS);
    output.errors = problems;
    Ok(output)
}

//! `dip render`: a picture of a position (SVG or PNG) with its orders and their results,
//! and the viewer of a whole game (HTML).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use dip::formats::saved;
use dip::{Game, Map, Order, OrderLine, Phase, PhaseOutcome, Position};
use dip_render::{Board, Frame, GeometryFile, Scene};

use crate::commands::Output;
use crate::games;
use crate::load::{self, Errors, Loaded};

/// What `dip render` was asked for.
#[derive(Debug, Clone, clap::Args)]
pub struct RenderArgs {
    /// A position file (`.ron` or `.json`) or a saved game (`.json`); with `--game`, the
    /// orders files to play after the game's position file, as `dip run` takes them.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Where to write: `.svg` or `.png` for a picture, `.html` for the game viewer.
    #[arg(short = 'o', long = "out", value_name = "OUT")]
    pub out: PathBuf,
    /// Draw the position's orders: moves as arrows, supports dashed to the move or unit
    /// they support, convoys along their fleets, holds as rings.
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
    /// The phase of a saved game to draw (`S1905M` or `Spring 1905 Movement`) [default:
    /// the last played with `--orders`/`--results`, else the board waiting for orders].
    #[arg(long, value_name = "PHASE")]
    pub phase: Option<String>,
    /// Write the game viewer (`-o game.html`) of a whole game: a saved game (`.json`), or a
    /// position file whose phases are played with the orders files given as FILE.
    #[arg(long, value_name = "GAME")]
    pub game: Option<PathBuf>,
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
    Html,
}

fn format_of(path: &Path) -> Result<Format, Errors> {
    match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
        Some("svg") => Ok(Format::Svg),
        Some("png") => Ok(Format::Png),
        Some("html") | Some("htm") => Ok(Format::Html),
        _ => Err(vec![format!("{}: the output must end in .svg, .png or .html", path.display())]),
    }
}

/// Writes the picture through a temporary file and a rename: a reader never sees half a
/// picture, and a failed write leaves the old file whole. A device or a FIFO is written
/// straight to; anything else but a regular file the user may write is refused (the
/// error names the file).
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Errors> {
    dip::atomic_write(path, bytes).map_err(|e| vec![e.to_string()])
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
            // Read within --max-input-bytes, regular files only: `/dev/zero` is refused.
            let text = load::read_text(path)?;
            let geometry = GeometryFile::parse(&path.display().to_string(), &text).map_err(|e| vec![e.to_string()])?;
            Board::with_geometry(map, &geometry).map_err(|e| vec![e.to_string()])
        }
        None => Ok(Board::new(map)),
    }
}

/// Writes the scene as the output's extension asks: a picture, or a viewer of one phase
/// (and the position after it, when the phase was played).
fn write_scene(
    board: &Board<'_>,
    scene: &Scene<'_>,
    next: Option<&Position>,
    args: &RenderArgs,
    format: Format,
) -> Result<(), Errors> {
    match format {
        Format::Svg => write_atomic(&args.out, board.svg(scene).as_bytes()),
        Format::Png => {
            let png = dip_render::png(&board.svg(scene), args.scale)
                .map_err(|e| vec![format!("{}: {e}", args.out.display())])?;
            write_atomic(&args.out, &png)
        }
        Format::Html => {
            let mut frames = vec![scene.frame()];
            if let Some(next) = next {
                frames.push(Frame { position: next, orders: &[], outcome: None });
            }
            let title = format!("{}, {}", board.map().title(), scene.frame().position.phase);
            write_atomic(&args.out, dip_render::viewer_html(board, &title, &frames).as_bytes())
        }
    }
}

/// Problems with orders that were not drawn, as lines for standard error.
fn unreadable(name: &str, lines: &[OrderLine]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|line| {
            let e = line.parsed.as_ref().err()?;
            let at = line.line.map(|l| format!(":{l}")).unwrap_or_default();
            Some(format!("{name}{at}: `{}`: {e} (not drawn)", line.text))
        })
        .collect()
}

/// `dip render FILE -o OUT` and `dip render --game GAME -o game.html`.
pub fn render(args: &RenderArgs) -> Result<Output, Errors> {
    let format = format_of(&args.out)?;
    if let Some(game) = &args.game {
        return render_game(game, args, format);
    }
    let [file] = &args.files[..] else {
        return Err(vec![format!(
            "dip render: give one position file or saved game (got {}): `dip render FILE -o board.svg`",
            args.files.len()
        )]);
    };
    if games::is_saved_game_file(file) {
        return render_saved_phase(file, args, format);
    }
    let Loaded { source, variant, position, lines } = load::position(file, &args.rules)?;
    let name = source.name();
    let problems = unreadable(&name, &lines);
    let orders = if args.orders || args.results || args.next { readable(&lines) } else { Vec::new() };
    let rules = variant.rules_with(&source.file, &args.rules)?;
    let map = &variant.map;
    let board = board(map, args)?;

    if args.results || args.next {
        let mut game = Game::from_position(variant.map.clone(), rules, position.clone())
            .map_err(|e| vec![format!("{name}: {e}")])?;
        game.play(orders).map_err(|e| vec![format!("{name}: {e}")])?;
        let Some(record) = game.history().last() else {
            return Err(vec![format!("{name}: internal error: the phase was not played")]);
        };
        // The board after the phase, dislodged units waiting with their options.
        let next = match &record.outcome {
            PhaseOutcome::Movement(o) if !o.position.dislodged.is_empty() => o.position.clone(),
            _ => game.position().clone(),
        };
        if args.next && format != Format::Html {
            write_scene(&board, &Scene::new(&next), None, args, format)?;
        } else {
            let scene = Scene::new(&position).orders(&record.orders).outcome(&record.outcome);
            write_scene(&board, &scene, Some(&next), args, format)?;
        }
    } else {
        write_scene(&board, &Scene::new(&position).orders(&orders), None, args, format)?;
    }
    let mut out = String::new();
    outln!(out, "{name}: {} drawn to {}", position.phase, args.out.display());
    let mut output = Output::new(out, ExitCode::SUCCESS);
    output.errors = problems;
    Ok(output)
}

/// Whether `wanted` names the phase: `S1905M` or `Spring 1905 Movement`, in any case.
fn names_phase(wanted: &str, phase: Phase) -> bool {
    let wanted = wanted.trim();
    wanted.eq_ignore_ascii_case(&saved::phase_name(phase)) || wanted.eq_ignore_ascii_case(&phase.to_string())
}

/// One phase of a saved game: the board waiting for orders, or a played phase with its
/// orders (and results).
fn render_saved_phase(file: &Path, args: &RenderArgs, format: Format) -> Result<Output, Errors> {
    let name = file.display().to_string();
    // The drawing says what differs from the record, and draws the boards the orders make.
    let loaded = games::load_game(file, &args.rules, dip::DifferingBoards::Report)?;
    let game = loaded.game;
    let map = game.map();
    let board = board(map, args)?;
    let played = game.history();
    let record = match &args.phase {
        Some(wanted) => played.iter().position(|r| names_phase(wanted, r.position.phase)),
        None if args.orders || args.results => played.len().checked_sub(1),
        None => None,
    };
    if let (Some(wanted), None) = (&args.phase, record)
        && !names_phase(wanted, game.phase())
    {
        let phases: Vec<String> = played.iter().map(|r| saved::phase_name(r.position.phase)).collect();
        return Err(vec![format!(
            "{name}: the game has no phase `{wanted}`; its phases are {} and {} (waiting for orders)",
            phases.join(", "),
            saved::phase_name(game.phase())
        )]);
    }
    let phase = match record {
        Some(i) => {
            let r = &played[i];
            let next = played.get(i + 1).map_or(game.position(), |n| &n.position);
            let mut scene = Scene::new(&r.position).orders(&r.orders);
            if args.results {
                scene = scene.outcome(&r.outcome);
            }
            if args.next && format != Format::Html {
                write_scene(&board, &Scene::new(next), None, args, format)?;
            } else {
                write_scene(&board, &scene, args.results.then_some(next), args, format)?;
            }
            r.position.phase
        }
        None => {
            write_scene(&board, &Scene::new(game.position()), None, args, format)?;
            game.phase()
        }
    };
    let mut out = loaded.report;
    outln!(out, "{name}: {phase} drawn to {}", args.out.display());
    Ok(Output::new(out, ExitCode::SUCCESS))
}

/// `dip render --game GAME [ORDERS…] -o game.html`: every phase of a saved game, or of a
/// game played from a position file with orders files as `dip run` plays it.
fn render_game(path: &Path, args: &RenderArgs, format: Format) -> Result<Output, Errors> {
    if format != Format::Html {
        return Err(vec![format!("{}: the game viewer is a page: write it to a `.html` file", args.out.display())]);
    }
    let name = path.display().to_string();
    let mut problems = Vec::new();
    let mut out = String::new();
    let game = if games::is_saved_game_file(path) {
        if !args.files.is_empty() {
            return Err(vec![format!("{name}: a saved game holds its orders: give no orders files")]);
        }
        // The viewer shows what differs from the record, and the boards the orders make.
        let loaded = games::load_game(path, &args.rules, dip::DifferingBoards::Report)?;
        out = loaded.report;
        loaded.game
    } else {
        let Loaded { source, variant, position, lines } = load::position(path, &args.rules)?;
        // Every orders file is read before any phase is played.
        let mut files = Vec::new();
        let mut errors = Vec::new();
        for file in &args.files {
            match load::orders_file(file) {
                Ok(file) => files.push(file),
                Err(lines) => errors.extend(lines),
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let rules = variant.rules_with(&source.file, &args.rules)?;
        let mut game = Game::from_position(variant.map, rules, position).map_err(|e| vec![format!("{name}: {e}")])?;
        // The orders of each phase, from the position file and the orders files (one phase
        // a file, or several keyed by phase); played in the game's order, as `dip run` does.
        let mut given: Vec<(Phase, String, Vec<OrderLine>)> = Vec::new();
        if !source.file.orders.is_empty() {
            given.push((game.phase(), name.clone(), lines));
        }
        let mut errors = Vec::new();
        for file in &files {
            match file.read(game.map()) {
                Ok(phases) => {
                    for (phase, (lines, file_problems)) in file.phases.iter().zip(phases) {
                        problems.extend(file_problems);
                        given.push((phase.phase, file.at(phase), lines));
                    }
                }
                Err(lines) => errors.extend(lines),
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        while let Some(i) = given.iter().position(|(phase, _, _)| *phase == game.phase()) {
            let (_, at, lines) = given.remove(i);
            problems.extend(unreadable(&at, &lines));
            game.play(readable(&lines)).map_err(|e| vec![format!("{at}: {e}")])?;
        }
        for (phase, at, _) in &given {
            problems.push(format!("{at}: orders for {phase} were not drawn: the game did not reach that phase"));
        }
        game
    };
    let board = board(game.map(), args)?;
    let mut frames: Vec<Frame<'_>> = game
        .history()
        .iter()
        .map(|r| Frame { position: &r.position, orders: &r.orders, outcome: Some(&r.outcome) })
        .collect();
    frames.push(Frame { position: game.position(), orders: &[], outcome: None });
    let first = frames.first().map_or(game.phase(), |f| f.position.phase);
    let title = format!("{}, {first} to {}", game.map().title(), game.phase());
    write_atomic(&args.out, dip_render::viewer_html(&board, &title, &frames).as_bytes())?;
    outln!(out, "{name}: {} phases drawn to {}", frames.len(), args.out.display());
    let mut output = Output::new(out, ExitCode::SUCCESS);
    output.errors = problems;
    Ok(output)
}

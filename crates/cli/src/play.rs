//! The commands that play phases: `dip new`, `dip adjudicate` and `dip run`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use dip::formats::{PhaseResults, PlayedPhase};
use dip::{Game, Notation, Order, OrderLine, Phase, Position, PositionFile};

use crate::commands::{Output, plural};
use crate::load::{self, Errors, Loaded};
use crate::report;

/// A position file as RON, with `#![enable(implicit_some)]` so it reads back as written.
fn ron_text(file: &PositionFile) -> Result<String, String> {
    let config =
        ron::ser::PrettyConfig::new().compact_arrays(true).extensions(ron::extensions::Extensions::IMPLICIT_SOME);
    ron::ser::to_string_pretty(file, config).map_err(|e| e.to_string())
}

/// The orders that could be read, in order.
fn readable(lines: &[OrderLine]) -> Vec<Order> {
    lines.iter().filter_map(|l| l.parsed.as_ref().ok().cloned()).collect()
}

/// `dip new`: the variant's opening position as a position file, or as a saved game.
pub fn new(arg: &str, format: GameFormat, id: Option<&str>) -> Result<Output, Errors> {
    let variant = load::variant_arg(arg)?;
    let map = &variant.map;
    let position = Position::opening(map);
    let mut out = String::new();
    if format == GameFormat::SavedGame {
        let rules = variant.rules()?;
        let game = Game::new(variant.map.clone(), rules);
        outln!(out, "{}", game.to_saved_game(id.unwrap_or("dip-game")).to_json_pretty());
        return Ok(Output::new(out, ExitCode::SUCCESS));
    }
    let file = PositionFile::write(map, &position, &[]).map_err(|e| vec![format!("{arg}: {e}")])?;
    let text = ron_text(&file).map_err(|e| vec![format!("{arg}: cannot write the opening position: {e}")])?;
    outln!(out, "// {}: the opening position ({}). Play it with `dip run`.", map.title(), position.phase);
    outln!(out, "{text}");
    Ok(Output::new(out, ExitCode::SUCCESS))
}

/// Plays the game's current phase with the readable orders of `lines` and reports it:
/// the orders section, what the phase decided, and the phases skipped after it.
fn play(game: &mut Game, file: &str, lines: &[OrderLine], title: &str) -> Result<(Phase, report::PhaseReport), Errors> {
    let phase = game.phase();
    game.play(readable(lines)).map_err(|e| vec![format!("{file}: {phase}: {e}")])?;
    let Some(record) = game.history().last() else {
        return Err(vec![format!("{file}: {phase} was not recorded")]);
    };
    let mut report = report::phase(file, game.map(), lines, record, title)?;
    let skipped = report::skipped(game.map(), phase, game.phase());
    skipped.iter().for_each(|l| outln!(report.text, "{l}"));
    if !skipped.is_empty() {
        outln!(report.text);
    }
    Ok((phase, report))
}

/// How `dip adjudicate` writes its results.
#[derive(Debug, Clone, Copy)]
pub struct JsonOutput {
    /// Print the versioned JSON (`docs/json.md`) instead of text.
    pub json: bool,
    /// Indented JSON for people.
    pub pretty: bool,
    /// The notation of orders, units and provinces in the JSON.
    pub notation: Notation,
}

/// JSON text: indented for people, compact for programs.
pub fn json_text<T: serde::Serialize>(value: &T, pretty: bool) -> Result<String, serde_json::Error> {
    if pretty { serde_json::to_string_pretty(value) } else { serde_json::to_string(value) }
}

/// `dip adjudicate`: results, what the phase decided and the next position, for a
/// movement, retreat or adjustment phase.
pub fn adjudicate(path: &Path, output: JsonOutput, rule_args: &load::RuleArgs) -> Result<Output, Errors> {
    let Loaded { source, variant, position, lines } = load::position(path, rule_args)?;
    let file = source.name();
    let rules = variant.rules_with(&source.file, rule_args)?;
    let mut game = Game::from_position(variant.map, rules, position).map_err(|e| vec![format!("{file}: {e}")])?;
    let (phase, report) = play(&mut game, &file, &lines, "Orders:")?;
    let map = game.map();
    let mut out = String::new();
    if output.json {
        let Some(record) = game.history().last() else {
            return Err(vec![format!("{file}: internal error: {phase} was not played")]);
        };
        let played = PlayedPhase {
            start: &record.position,
            lines: &lines,
            outcome: (&record.outcome).into(),
            next: game.position(),
        };
        let results = PhaseResults::new(map, played, output.notation)
            .map_err(|e| vec![format!("{file}: internal error: {e}")])?;
        let json = json_text(&results, output.pretty)
            .map_err(|e| vec![format!("{file}: cannot write the results as JSON: {e}")])?;
        outln!(out, "{json}");
        return Ok(Output::new(out, ExitCode::SUCCESS));
    }
    let next = PositionFile::write(map, game.position(), &[]).map_err(|e| vec![format!("{file}: {e}")])?;
    let next = ron_text(&next).map_err(|e| vec![format!("{file}: cannot write the next position: {e}")])?;
    outln!(out, "{file}: {phase} ({})", map.title());
    outln!(out);
    out.push_str(&report.text);
    outln!(out, "Next position ({}):", game.phase());
    outln!(out, "{next}");
    Ok(Output::new(out, ExitCode::SUCCESS))
}

/// The file format `dip new` and `dip run` write a game in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum GameFormat {
    /// dip's position file (RON): the board waiting for orders.
    #[default]
    Position,
    /// The saved-game JSON of MILA and dipcc: every phase played, its board, orders and
    /// results, and the board waiting for orders.
    SavedGame,
}

/// Where `dip run` writes the game, and how.
#[derive(Clone, Copy, Debug)]
pub struct RunOutput<'a> {
    pub out: Option<&'a Path>,
    pub format: GameFormat,
    /// The saved game's id (`--id`); by default the game's own, or the output file's name.
    pub id: Option<&'a str>,
}

/// `dip run`: plays the game file's orders (if any), then one orders file per phase, and
/// reports each phase, the centres at the end, and the final position. The game file is a
/// position file or a saved game (which goes on from its last phase).
pub fn run(
    game_path: &Path,
    order_paths: &[PathBuf],
    output: RunOutput<'_>,
    rule_args: &load::RuleArgs,
) -> Result<Output, Errors> {
    // Every orders file is read before any phase is played.
    let mut files = Vec::new();
    let mut errors = Vec::new();
    for path in order_paths {
        match load::orders_file(path) {
            Ok(file) => files.push(file),
            Err(lines) => errors.extend(lines),
        }
    }
    let game_file = game_path.display().to_string();
    if !errors.is_empty() {
        errors.push(format!("dip run: no phase was played from {game_file}: fix the orders files above"));
        return Err(errors);
    }
    if crate::games::is_saved_game_file(game_path) {
        let (game, id) = crate::games::load_game(game_path, rule_args)?;
        return run_game(game, &game_file, None, &files, output, &id);
    }
    let Loaded { source, variant, position, lines } = load::position(game_path, rule_args)?;
    let rules = variant.rules_with(&source.file, rule_args)?;
    let game = Game::from_position(variant.map, rules, position).map_err(|e| vec![format!("{game_file}: {e}")])?;
    let first = (!source.file.orders.is_empty()).then_some(&lines[..]);
    run_game(game, &game_file, first, &files, output, "")
}

/// Plays the first orders (if any) and each orders file, and reports the game.
fn run_game(
    mut game: Game,
    game_file: &str,
    first: Option<&[OrderLine]>,
    files: &[load::OrdersFile],
    output: RunOutput<'_>,
    id: &str,
) -> Result<Output, Errors> {
    let mut out = String::new();
    outln!(out, "{game_file}: {} ({})", game.phase(), game.map().title());
    outln!(out);

    let mut phase_out = |game: &mut Game, file: &str, lines: &[OrderLine], problems: &[String]| {
        outln!(out, "== {} ==", game.phase());
        problems.iter().for_each(|p| outln!(out, "{p}"));
        let (_, report) = play(game, file, lines, &format!("Orders ({file}):"))?;
        out.push_str(&report.text);
        Ok::<(), Errors>(())
    };
    if let Some(lines) = first {
        phase_out(&mut game, game_file, lines, &[])?;
    }
    for file in files {
        let (lines, problems) = file.read(game.map(), game.phase().kind);
        phase_out(&mut game, &file.name(), &lines, &problems)?;
    }

    let map = game.map();
    let position = game.position();
    outln!(out, "== {}: next to play ==", game.phase());
    outln!(out, "Supply centres:");
    let counts = game.centre_counts();
    let width = counts.iter().map(|&(p, _)| map.power(p).name.chars().count()).max().unwrap_or(0);
    for &(power, centres) in &counts {
        let units = position.units.iter().filter(|u| u.power == power).count();
        let name = &map.power(power).name;
        outln!(out, "{name:<width$}  {:>11}, {}", plural(usize::from(centres), "centre"), plural(units, "unit"));
    }
    match game.winner() {
        Some(power) => {
            let centres = counts.iter().find(|&&(p, _)| p == power).map_or(0, |&(_, n)| n);
            outln!(out, "Winner: {} with {centres} supply centres.", map.power(power).name);
        }
        None => outln!(out, "No winner yet ({} supply centres win).", map.victory_centres()),
    }
    outln!(out);

    let (what, text) = match output.format {
        GameFormat::Position => {
            let next = PositionFile::write(map, position, &[]).map_err(|e| vec![format!("{game_file}: {e}")])?;
            let next =
                ron_text(&next).map_err(|e| vec![format!("{game_file}: cannot write the final position: {e}")])?;
            (format!("Final position ({})", game.phase()), next)
        }
        GameFormat::SavedGame => {
            let stem = output.out.and_then(|p| p.file_stem()).map(|s| s.to_string_lossy().into_owned());
            let id = output.id.map(str::to_string).or_else(|| (!id.is_empty()).then(|| id.to_string()));
            let id = id.or(stem).unwrap_or_else(|| "dip-game".into());
            (
                format!("Game {id} ({} played)", plural(game.history().len(), "phase")),
                game.to_saved_game(&id).to_json_pretty(),
            )
        }
    };
    match output.out {
        Some(path) => {
            dip::atomic_write(path, format!("{text}\n")).map_err(|e| vec![format!("cannot save the game: {e}")])?;
            outln!(out, "{what} written to {}.", path.display());
        }
        None => {
            outln!(out, "{what}:");
            outln!(out, "{text}");
        }
    }
    Ok(Output::new(out, ExitCode::SUCCESS))
}

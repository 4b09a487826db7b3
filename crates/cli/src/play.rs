//! The commands that play phases: `dip new`, `dip adjudicate` and `dip run`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use indexmap::IndexMap;

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
    /// Explain how each order of a movement phase was decided.
    pub explain: bool,
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
        let mut results = PhaseResults::new(map, played, output.notation)
            .map_err(|e| vec![format!("{file}: internal error: {e}")])?;
        if let Some(explanation) = explanation(&game, output.explain, &file)? {
            results
                .explain(map, &explanation, output.notation)
                .map_err(|e| vec![format!("{file}: internal error: {e}")])?;
        }
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
    if output.explain {
        explanation_text(&game, &file, &mut out)?;
    }
    outln!(out, "Next position ({}):", game.phase());
    outln!(out, "{next}");
    Ok(Output::new(out, ExitCode::SUCCESS))
}

/// The explanation of the phase just played, when asked for and the phase is a movement
/// phase (only those are explained).
fn explanation(game: &Game, asked: bool, file: &str) -> Result<Option<dip::Explanation>, Errors> {
    let Some(record) = game.history().last() else { return Ok(None) };
    if !asked || record.position.phase.kind != dip::PhaseKind::Movement {
        return Ok(None);
    }
    dip::explain(game.map(), &record.position, &record.orders, game.rules())
        .map(Some)
        .map_err(|e| vec![format!("{file}: internal error: cannot explain {}: {e}", record.position.phase)])
}

/// `--explain` in text: each readable order, its result, and the steps that decided it.
fn explanation_text(game: &Game, file: &str, out: &mut String) -> Result<(), Errors> {
    let Some(record) = game.history().last() else { return Ok(()) };
    let Some(explanation) = explanation(game, true, file)? else {
        outln!(out, "Explanation: only movement phases are explained; {} is not one.", record.position.phase);
        outln!(out);
        return Ok(());
    };
    let map = game.map();
    outln!(out, "Explanation:");
    for (order, e) in record.orders.iter().zip(&explanation.orders) {
        let power = map.power(order.power).name.as_str();
        outln!(out, "  {power}: {} ({})", order.display(map), e.result.code());
        for line in e.lines(map) {
            outln!(out, "    {line}");
        }
    }
    // Moves implied for units without an order (§4.E.3 a), after the orders that imply them.
    for e in &explanation.implied {
        let Some(unit) = e.unit else { continue };
        let to = match &e.trace {
            dip::explanation::Trace::Move(mv) => map.province(mv.destination).name.as_str(),
            _ => "",
        };
        let power = map.power(unit.power).name.as_str();
        let unit = crate::describe::unit(map, &unit);
        outln!(out, "  {power}: {unit} - {to}, implied by order {} ({})", e.index + 1, e.result.code());
        for line in e.lines(map) {
            outln!(out, "    {line}");
        }
    }
    outln!(out);
    Ok(())
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

/// The orders for one phase, wherever they came from.
struct Given<'a> {
    phase: Phase,
    /// `FILE:LINE` of the phase's orders, for messages.
    at: String,
    /// The file to name in the report.
    file: String,
    lines: &'a [OrderLine],
    problems: &'a [String],
}

/// `dip run`: plays the game, phase after phase, with the orders given for each: the game
/// file's own (for its phase) and those of the orders files, each under the phase it is
/// for. The game file is a position file or a saved game (which goes on from its last
/// phase). Play stops at the first phase without orders. With `--out`, the game is written
/// (atomically) after every phase, so a run can be stopped at any moment and resumed by
/// running it again with the same files: phases the game has already passed are skipped.
/// A device, a FIFO or `/dev/stdout` is written to once, at the end: it is written
/// straight to, not replaced, so each save would add another copy of the game.
/// Orders for a phase the game never reached (a retreat phase with nothing dislodged, a
/// phase of another year) are an error.
pub fn run(
    game_path: &Path,
    order_paths: &[PathBuf],
    output: RunOutput<'_>,
    rule_args: &load::RuleArgs,
    differing: dip::DifferingBoards,
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
        let loaded = crate::games::load_game(game_path, rule_args, differing)?;
        let mut run = run_game(loaded.game, &game_file, None, &files, output, &loaded.id, IndexMap::new())?;
        run.text.insert_str(0, &loaded.report);
        return Ok(run);
    }
    let Loaded { source, variant, position, lines } = load::position(game_path, rule_args)?;
    let rules = variant.rules_with(&source.file, rule_args)?;
    let game = Game::from_position(variant.map, rules, position).map_err(|e| vec![format!("{game_file}: {e}")])?;
    let first = (!source.file.orders.is_empty()).then_some(&lines[..]);
    run_game(game, &game_file, first, &files, output, "", source.file.rules.clone())
}

/// Plays the phases that have orders, saving after each, and reports the game. `rules`
/// are the game file's own rule choices, kept in the position it saves.
fn run_game(
    mut game: Game,
    game_file: &str,
    first: Option<&[OrderLine]>,
    files: &[load::OrdersFile],
    output: RunOutput<'_>,
    id: &str,
    rules: IndexMap<String, String>,
) -> Result<Output, Errors> {
    // Every order is read, for its phase, before any is played; each phase is given once.
    let mut errors = Vec::new();
    let mut read = Vec::new();
    for file in files {
        match file.read(game.map()) {
            Ok(phases) => read.push(phases),
            Err(lines) => errors.extend(lines),
        }
    }
    let start = game.phase();
    let mut given: Vec<Given<'_>> = Vec::new();
    if let Some(lines) = first {
        given.push(Given {
            phase: start,
            at: game_file.to_string(),
            file: game_file.to_string(),
            lines,
            problems: &[],
        });
    }
    for (file, phases) in files.iter().zip(&read) {
        for (phase, (lines, problems)) in file.phases.iter().zip(phases) {
            let at = file.at(phase);
            if let Some(first) = given.iter().find(|g| g.phase == phase.phase) {
                errors.push(format!("{at}: orders for {} are given twice (first at {})", phase.phase, first.at));
                continue;
            }
            given.push(Given { phase: phase.phase, at, file: file.name(), lines, problems });
        }
    }
    if !errors.is_empty() {
        errors.push(format!("dip run: no phase was played from {game_file}: fix the orders files above"));
        return Err(errors);
    }
    let mut out = String::new();
    outln!(out, "{game_file}: {} ({})", game.phase(), game.map().title());
    outln!(out);
    // Phases the game is already past: a resumed run.
    let past: Vec<&Given<'_>> = given.iter().filter(|g| g.phase.chronological() < start.chronological()).collect();
    for g in &past {
        outln!(out, "{}: {} already played (the game is at {start}): skipped", g.at, g.phase);
    }
    if !past.is_empty() {
        outln!(out);
    }
    let mut played: Vec<Phase> = Vec::new();
    // A regular file is saved after every phase; a stream only at the end.
    let save_each_phase = output.out.is_some_and(|path| !dip::io::is_stream(path));
    while let Some(g) = given.iter().find(|g| g.phase == game.phase()) {
        outln!(out, "== {} ==", g.phase);
        g.problems.iter().for_each(|p| outln!(out, "{p}"));
        let (_, report) = play(&mut game, &g.file, g.lines, &format!("Orders ({}):", g.file))?;
        out.push_str(&report.text);
        played.push(g.phase);
        if let Some(path) = output.out.filter(|_| save_each_phase) {
            let (_, text) = game_text(&game, game_file, output, id, &rules)?;
            dip::atomic_write(path, format!("{text}\n")).map_err(|e| vec![format!("cannot save the game: {e}")])?;
        }
        if game.winner().is_some() {
            break;
        }
    }
    // Orders for a phase the game did not reach are refused, not silently dropped.
    let unplayed: Vec<String> = given
        .iter()
        .filter(|g| g.phase.chronological() >= start.chronological() && !played.contains(&g.phase))
        .map(|g| {
            let why = if g.phase.chronological() < game.phase().chronological() {
                format!("the game passed it without playing it (from {start} it went to {})", game.phase())
            } else {
                format!("the game stopped at {}, which has no orders", game.phase())
            };
            format!("{}: orders for {} were not played: {why}", g.at, g.phase)
        })
        .collect();

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

    let (what, text) = game_text(&game, game_file, output, id, &rules)?;
    match output.out {
        Some(path) => {
            // Written after every phase; once here if no phase was played (or the output
            // is a stream).
            if played.is_empty() || !save_each_phase {
                dip::atomic_write(path, format!("{text}\n")).map_err(|e| vec![format!("cannot save the game: {e}")])?;
            }
            outln!(out, "{what} written to {}.", path.display());
        }
        None => {
            outln!(out, "{what}:");
            outln!(out, "{text}");
        }
    }
    let code = if unplayed.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE };
    Ok(Output { text: out, errors: unplayed, code })
}

/// The game as `dip run` writes it: what it is (`Final position (...)`) and its text.
fn game_text(
    game: &Game,
    game_file: &str,
    output: RunOutput<'_>,
    id: &str,
    rules: &IndexMap<String, String>,
) -> Result<(String, String), Errors> {
    match output.format {
        GameFormat::Position => {
            let mut next =
                PositionFile::write(game.map(), game.position(), &[]).map_err(|e| vec![format!("{game_file}: {e}")])?;
            next.rules = rules.clone();
            let next = ron_text(&next).map_err(|e| vec![format!("{game_file}: cannot write the position: {e}")])?;
            Ok((format!("Final position ({})", game.phase()), next))
        }
        GameFormat::SavedGame => {
            let stem = output.out.and_then(|p| p.file_stem()).map(|s| s.to_string_lossy().into_owned());
            let id = output.id.map(str::to_string).or_else(|| (!id.is_empty()).then(|| id.to_string()));
            let id = id.or(stem).unwrap_or_else(|| "dip-game".into());
            let what = format!("Game {id} ({} played)", plural(game.history().len(), "phase"));
            Ok((what, game.to_saved_game(&id).to_json_pretty()))
        }
    }
}

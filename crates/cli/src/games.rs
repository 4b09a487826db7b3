//! Saved games (MILA's and dipcc's JSON, one game or JSONL): `dip replay`, `dip check-orders`
//! on a game, and reading a game to go on with.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use dip::formats::saved::{self, GameError, GameLines, PhaseName, SavedGame};
use dip::formats::{Difference, GameReplay, Verdict};
use dip::{
    AdjustmentResult, DifferingBoards, Map, OrderResult, PhaseKind, Position, RetreatResult, Rules, adjudicate,
    adjudicate_adjustments, adjudicate_retreats,
};

use crate::commands::{Output, plural};
use crate::load::{self, Errors, RuleArgs, Variant};

/// Whether a file holds saved games rather than a position file: JSON with `phases` at the
/// top (or a `.jsonl` file).
pub fn is_saved_game_file(path: &Path) -> bool {
    let extension = path.extension().and_then(|x| x.to_str()).map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("jsonl") => true,
        Some("json") => {
            // The first kilobytes tell: a saved game has `phases`, a position file `units`.
            // Regular files only: a FIFO named `game.json` must not block.
            let Ok(file) = dip_io::open_regular(path) else { return false };
            let mut head = Vec::new();
            let _ = std::io::Read::read_to_end(&mut std::io::Read::take(file, 1 << 16), &mut head);
            let head = String::from_utf8_lossy(&head);
            head.contains("\"phases\"") && !head.trim_start().starts_with("{\"variant\"")
        }
        _ => false,
    }
}

/// `FILE:LINE: game ID, PHASE, POWER, `item`: message`.
pub fn game_error(file: &str, error: &GameError) -> String {
    let mut at = file.to_string();
    if let Some(line) = error.line() {
        at.push_str(&format!(":{line}"));
        if let Some(column) = error.column() {
            at.push_str(&format!(":{column}"));
        }
    }
    let context = error.context();
    if context.is_empty() {
        format!("{at}: {}", error.message())
    } else {
        format!("{at}: {context}: {}", error.message())
    }
}

/// Reads the games of a file and hands each to `each`. JSONL is read a line at a time (a file of any size); one JSON object is read whole,
/// within the size cap.
pub fn for_each_game(path: &Path, mut each: impl FnMut(Result<SavedGame, GameError>)) -> Result<(), Errors> {
    let name = path.display();
    // Regular files only, opened without blocking: a FIFO or device is refused by name.
    let open = || dip_io::open_regular(path).map_err(|e| vec![e.to_string()]);
    let mut first = String::new();
    {
        let mut reader = BufReader::new(open()?);
        // The first non-blank line, within the cap, tells JSONL from one object.
        loop {
            first.clear();
            let read = std::io::Read::take(&mut reader, load::limits().max_input_bytes)
                .read_line(&mut first)
                .map_err(|e| vec![format!("{name}: cannot read: {e}")])?;
            if read == 0 || !first.trim().is_empty() {
                break;
            }
        }
    }
    if !first.trim().is_empty() && saved::is_whole_line(first.trim()) {
        for (_, game) in GameLines::new(BufReader::new(open()?), load::limits().max_input_bytes) {
            each(game);
        }
        return Ok(());
    }
    let text = load::read_text(path)?;
    for game in saved::parse_games(&text) {
        each(game);
    }
    Ok(())
}

/// The maps of the games' variants, loaded once each.
#[derive(Default)]
struct Variants {
    loaded: HashMap<String, Variant>,
}

impl Variants {
    /// The variant a saved game's `map` names (dip's name, or MILA's name of the map).
    fn get(&mut self, name: &str, file: &Path, given: Option<&Path>) -> Result<&Variant, Errors> {
        let name = saved::variant_name(name);
        let key = name.to_ascii_lowercase();
        if !self.loaded.contains_key(&key) {
            let variant = load::variant_for(name, file, given)?;
            self.loaded.insert(key.clone(), variant);
        }
        self.loaded.get(&key).ok_or_else(|| vec![format!("{}: variant `{name}` could not be kept", file.display())])
    }
}

/// A progress bar on standard error when it is a terminal; hidden otherwise.
fn progress(total_files: usize) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total_files as u64), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} files  {msg}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// How a game's replay went, added up.
#[derive(Default)]
struct Tally {
    games: usize,
    agree: usize,
    differ: usize,
    games_differing: usize,
    /// Phases whose record removed dislodged units with nowhere to retreat at once.
    removed_at_once: usize,
}

/// `dip replay`: plays each recorded phase of each game on its recorded board and compares
/// the result with the next recorded board. Exit code 1 when any phase differs or a game
/// cannot be read.
pub fn replay(paths: &[PathBuf], rule_args: &RuleArgs) -> Result<Output, Errors> {
    let mut out = String::new();
    let mut errors = Vec::new();
    let mut variants = Variants::default();
    let mut tally = Tally::default();
    let bar = progress(paths.len());
    for path in paths {
        let file = path.display().to_string();
        let result = for_each_game(path, |game| {
            tally.games += 1;
            let game = match game {
                Ok(game) => game,
                Err(e) => {
                    tally.games_differing += 1;
                    errors.push(game_error(&file, &e));
                    return;
                }
            };
            let variant = match variants.get(&game.map, path, rule_args.variant.as_deref()) {
                Ok(v) => v,
                Err(lines) => {
                    tally.games_differing += 1;
                    errors.extend(lines.into_iter().map(|l| format!("{l} (game {})", game.id)));
                    return;
                }
            };
            let faults = saved::phase_faults(&variant.map, &game);
            if !faults.is_empty() {
                tally.games_differing += 1;
                errors.extend(faults.iter().map(|e| game_error(&file, e)));
                return;
            }
            let rules = match saved::saved_rules(&variant.map, &game)
                .map_err(|e| vec![game_error(&file, &e)])
                .and_then(|mut rules| rule_args.apply(&mut rules).map(|()| rules))
            {
                Ok(rules) => rules,
                Err(lines) => {
                    tally.games_differing += 1;
                    errors.extend(lines);
                    return;
                }
            };
            let replay = dip::replay(&variant.map, &rules, &game);
            report_game(&mut out, &file, &variant.map, &replay, &mut tally);
            bar.set_message(format!("{} games, {} phases agree, {} differ", tally.games, tally.agree, tally.differ));
        });
        if let Err(lines) = result {
            tally.games_differing += 1;
            errors.extend(lines);
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    if tally.removed_at_once > 0 {
        outln!(
            out,
            "replay: {} recorded units dislodged with nowhere to retreat as removed at once (as MILA, dipcc and \
             godip do); each was compared with dip's board after they disbanded",
            plural(tally.removed_at_once, "phase")
        );
    }
    outln!(
        out,
        "replay: {} agree, {} differ in {}",
        plural(tally.agree, "phase"),
        tally.differ,
        plural(tally.games_differing, "game")
    );
    let code = if tally.differ == 0 && tally.games_differing == 0 && errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    };
    Ok(Output { text: out, errors, code })
}

/// Writes what differs in one game, and adds it to the tally.
fn report_game(out: &mut String, file: &str, map: &Map, replay: &GameReplay, tally: &mut Tally) {
    let id = if replay.id.is_empty() { "(no id)".to_string() } else { replay.id.clone() };
    let mut differs = false;
    tally.removed_at_once += replay.removing_at_once();
    for phase in &replay.phases {
        for note in &phase.notes {
            outln!(out, "{file}: game {id}, {}: note: {}", phase.name, note_text(note));
        }
        for (power, text, error) in &phase.unreadable {
            outln!(out, "{file}: game {id}, {}, {power}, `{text}`: {error}; the order was left out", phase.name);
        }
        match &phase.verdict {
            Verdict::Agrees => tally.agree += 1,
            Verdict::Unplayable(problems) => {
                tally.differ += 1;
                differs = true;
                for problem in problems {
                    outln!(out, "{}", game_error(file, problem));
                }
            }
            Verdict::Differs(differences) => {
                tally.differ += 1;
                differs = true;
                outln!(out, "{file}: game {id}, {} -> {}: dip made another board", phase.name, phase.next);
                for d in differences {
                    outln!(out, "    {d}");
                }
                if !phase.removed_at_once.is_empty() {
                    // The board compared is not the one dip made: say which units it lacks.
                    let units: Vec<String> = phase.removed_at_once.iter().map(|(p, u)| format!("{p} {u}")).collect();
                    outln!(
                        out,
                        "  compared after disbanding {}, dislodged with nowhere to retreat, as the record removed \
                         them at once",
                        units.join(", ")
                    );
                }
                let mut silent: Vec<&String> = differences
                    .iter()
                    .filter_map(|d| d.power.as_ref())
                    .filter(|p| !phase.orders.iter().any(|(power, _)| power.eq_ignore_ascii_case(p)))
                    .collect();
                silent.dedup();
                for power in silent {
                    outln!(out, "  {power} gave no orders in {}", phase.name);
                }
                let involved = phase.orders_involved(map);
                if !involved.is_empty() {
                    outln!(out, "  orders involved:");
                    for (power, text) in involved {
                        outln!(out, "    {power}: {text}");
                    }
                }
                if let Some(boards) = &phase.boards {
                    boards_text(out, differences, &boards.0, &boards.1);
                }
            }
        }
    }
    if differs {
        tally.games_differing += 1;
    }
}

/// The recorded and the made board of each power a difference names.
fn boards_text(out: &mut String, differences: &[Difference], recorded: &saved::SavedState, made: &saved::SavedState) {
    let mut powers: Vec<&String> = differences.iter().filter_map(|d| d.power.as_ref()).collect();
    powers.dedup();
    for power in powers {
        let list = |state: &saved::SavedState| -> String {
            let units = state.units.get(power).map(|u| u.join(", ")).unwrap_or_default();
            let centres = state.centers.get(power).map(|c| c.join(", ")).unwrap_or_default();
            format!("units {units}; centres {centres}")
        };
        outln!(out, "  {power} recorded: {}", list(recorded));
        outln!(out, "  {power} dip made: {}", list(made));
    }
}

/// A builds count the record gives that its own board contradicts.
fn note_text(note: &Difference) -> String {
    let power = note.power.as_deref().unwrap_or_default();
    format!(
        "{power} builds: the game recorded {}, but its own board allows {} (centres less units, at most the free \
         build sites); dip made the board the game recorded",
        note.expected.join(", "),
        note.got.join(", ")
    )
}

/// Verdicts of one phase's orders on its recorded board: (power, text, reason) of each
/// illegal order.
fn illegal_orders(
    map: &Map,
    rules: &Rules,
    position: &Position,
    lines: &[dip::OrderLine],
) -> Result<Vec<(String, String, String)>, dip::AdjudicationError> {
    let readable: Vec<(&dip::OrderLine, dip::Order)> =
        lines.iter().filter_map(|l| l.parsed.as_ref().ok().map(|o| (l, o.clone()))).collect();
    let orders: Vec<dip::Order> = readable.iter().map(|(_, o)| o.clone()).collect();
    let reasons: Vec<Option<String>> = match position.phase.kind {
        PhaseKind::Movement => adjudicate(map, position, &orders, rules)?
            .results
            .iter()
            .map(|r| match r {
                OrderResult::Illegal(why) => Some(why.to_string()),
                _ => None,
            })
            .collect(),
        PhaseKind::Retreat => adjudicate_retreats(map, position, &orders, rules)?
            .results
            .iter()
            .map(|r| match r {
                RetreatResult::Illegal(why) => Some(why.to_string()),
                _ => None,
            })
            .collect(),
        PhaseKind::Adjustment => adjudicate_adjustments(map, position, &orders, rules)?
            .results
            .iter()
            .map(|r| match r {
                AdjustmentResult::Illegal(why) => Some(why.to_string()),
                _ => None,
            })
            .collect(),
    };
    Ok(readable
        .iter()
        .zip(reasons)
        .filter_map(|((line, _), why)| {
            why.map(|why| (dip::formats::saved::power_key(map, line.power), line.text.clone(), why))
        })
        .collect())
}

/// `dip check-orders` on saved games: reads every order of every phase, in MILA notation, and
/// checks each against its recorded board. Orders that cannot be read and orders illegal on
/// their board (the game ignored them, and so does dip) are reported; either makes the exit
/// code 1, as for a position file.
pub fn check_orders(path: &Path, rule_args: &RuleArgs) -> Result<Output, Errors> {
    let file = path.display().to_string();
    let mut out = String::new();
    let mut errors = Vec::new();
    let mut variants = Variants::default();
    let (mut games, mut phases, mut orders, mut unreadable, mut illegal) = (0, 0, 0, 0, 0);
    for_each_game(path, |game| {
        games += 1;
        let game = match game {
            Ok(game) => game,
            Err(e) => {
                errors.push(game_error(&file, &e));
                return;
            }
        };
        let variant = match variants.get(&game.map, path, rule_args.variant.as_deref()) {
            Ok(v) => v,
            Err(lines) => {
                errors.extend(lines);
                return;
            }
        };
        let map = &variant.map;
        let faults = saved::phase_faults(map, &game);
        if !faults.is_empty() {
            errors.extend(faults.iter().map(|e| game_error(&file, e)));
            return;
        }
        let rules = match saved::saved_rules(map, &game)
            .map_err(|e| vec![game_error(&file, &e)])
            .and_then(|mut rules| rule_args.apply(&mut rules).map(|()| rules))
        {
            Ok(rules) => rules,
            Err(lines) => {
                errors.extend(lines);
                return;
            }
        };
        for phase in &game.phases {
            let Ok(PhaseName::Phase(name)) = saved::parse_phase_name(&phase.name) else {
                if phase.orders.values().any(|o| !o.is_empty()) {
                    errors.push(game_error(
                        &file,
                        &GameError::new("orders in a phase that is not played").in_game(&game.id).in_phase(&phase.name),
                    ));
                }
                continue;
            };
            if phase.orders.values().all(Vec::is_empty) {
                continue;
            }
            phases += 1;
            let (lines, problems) = saved::phase_orders(map, phase, name.kind);
            for p in problems {
                errors.push(game_error(&file, &p.in_game(&game.id).in_phase(&phase.name)));
            }
            orders += lines.len();
            for line in &lines {
                if let Err(e) = &line.parsed {
                    unreadable += 1;
                    let power = dip::formats::saved::power_key(map, line.power);
                    let e = GameError::new(crate::describe::parse_error(e))
                        .in_game(&game.id)
                        .in_phase(&phase.name)
                        .of_power(&power)
                        .about(&line.text);
                    outln!(out, "{}", game_error(&file, &e));
                }
            }
            let Some(state) = &phase.state else {
                errors.push(game_error(
                    &file,
                    &GameError::new("the phase has no `state`").in_game(&game.id).in_phase(&phase.name),
                ));
                continue;
            };
            match saved::state_to_position(map, state, name, &[]) {
                Ok(position) => {
                    let illegal_here = match illegal_orders(map, &rules, &position, &lines) {
                        Ok(list) => list,
                        Err(e) => {
                            let e = GameError::new(e.to_string()).in_game(&game.id).in_phase(&phase.name);
                            errors.push(game_error(&file, &e));
                            continue;
                        }
                    };
                    for (power, text, why) in illegal_here {
                        illegal += 1;
                        outln!(
                            out,
                            "{file}: game {}, {}, {power}, `{text}`: illegal: {why}; the game ignored it",
                            game.id,
                            phase.name
                        );
                    }
                }
                Err(problems) => {
                    errors.extend(
                        problems.into_iter().map(|e| game_error(&file, &e.in_game(&game.id).in_phase(&phase.name))),
                    );
                }
            }
        }
    })?;
    outln!(
        out,
        "{file}: {}, {phases} phases with orders, {}: {unreadable} could not be read, {illegal} illegal on their board",
        plural(games, "game"),
        plural(orders, "order")
    );
    let code = if unreadable == 0 && illegal == 0 && errors.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE };
    Ok(Output { text: out, errors, code })
}

/// A saved game read to go on from.
pub struct LoadedGame {
    /// The game played again from its first board.
    pub game: dip::Game,
    pub id: String,
    /// With [`DifferingBoards::Report`], what differs, as `dip replay` reports it; else empty.
    pub report: String,
}

/// The one game of a saved-game file, played again from its first board so it goes on from
/// its last (`dip run`). Its rules are those it records (dip records them); a game that
/// records none (from another engine) is played under the variant's, or under the command
/// line's `--rules` and `--option` that say which it was played under. The library compares
/// every board the game records with the one its orders make
/// ([`dip::Game::from_saved_game_with`], as `dip replay` compares them): a recorded board
/// its orders do not make is refused, or with [`DifferingBoards::Report`] reported, never
/// silently replaced.
pub fn load_game(path: &Path, rule_args: &RuleArgs, differing: DifferingBoards) -> Result<LoadedGame, Errors> {
    let file = path.display().to_string();
    let mut found = Vec::new();
    for_each_game(path, |game| found.push(game))?;
    if found.len() != 1 {
        return Err(vec![format!("{file}: expected one game to go on from, found {}", found.len())]);
    }
    let game = found.remove(0).map_err(|e| vec![game_error(&file, &e)])?;
    let variant = load::variant_for(saved::variant_name(&game.map), path, rule_args.variant.as_deref())?;
    let mut rules = saved::saved_rules(&variant.map, &game).map_err(|e| vec![game_error(&file, &e)])?;
    let recorded = rules;
    rule_args.apply(&mut rules)?;
    if rules != recorded && saved::records_rules(&game) {
        // The saved game keeps one set of rules for all its phases.
        return Err(vec![format!(
            "{file}: --rules and --option cannot change the rules of a game under way; it keeps the rules it records"
        )]);
    }
    // The library plays the game and compares each board it records with the one its
    // orders make; the differences are written here as `dip replay` writes them.
    let id = game.id.clone();
    let read = match dip::Game::from_saved_game_with(variant.map.clone(), rules, &game, DifferingBoards::Report) {
        Ok(read) => read,
        Err(errors) => {
            // A game that cannot be played again: a board it records that its orders do not
            // make is often why, so what differs comes first, as `dip replay` writes it.
            let replay = dip::replay(&variant.map, &rules, &game);
            let mut report = String::new();
            if replay.differing() > 0 {
                report_game(&mut report, &file, &variant.map, &replay, &mut Tally::default());
            }
            let mut lines: Vec<String> = report.lines().map(str::to_string).collect();
            lines.extend(errors.iter().map(|e| game_error(&file, e)));
            return Err(lines);
        }
    };
    let mut report = String::new();
    if read.differs() {
        let mut tally = Tally::default();
        report_game(&mut report, &file, read.game.map(), &read.replay, &mut tally);
        let shown = if game.id.is_empty() { "(no id)" } else { game.id.as_str() };
        let under = if saved::records_rules(&game) {
            "the rules it records"
        } else if rules == recorded {
            "the variant's rules (the game records none: give those it was played under with --rules or --option)"
        } else {
            "the rules given"
        };
        let summary = format!(
            "{file}: game {shown}: {} of the game's orders, replayed under {under}, make boards other than those it \
             records",
            plural(tally.differ, "phase")
        );
        if differing == DifferingBoards::Refuse {
            let mut lines: Vec<String> = report.lines().map(str::to_string).collect();
            lines.push(format!(
                "{summary}; with --differing-boards report the game goes on from the boards its orders make"
            ));
            return Err(lines);
        }
        outln!(report, "{summary}: the game goes on from the boards its orders make");
    }
    Ok(LoadedGame { game: read.game, id, report })
}

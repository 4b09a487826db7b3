//! A `Game` and the saved-game JSON of MILA and dipcc (`dip::formats::saved`): writing a
//! game's history, reading one back, replaying a recorded game.

use dip_formats::saved::{self, GameError, PhaseName, PlayedRecord, SavedGame};
use dip_formats::{GameReplay, replay_game};
use dip_map::{Map, PhaseKind, Position, Rules};
use dip_movement::Adjudicator;
use dip_orders::Order;

use crate::game::{Game, play_phase_with};

impl Game {
    /// The game as a saved game: each played phase with its board, its orders in MILA
    /// notation and their results in MILA's codes, then the board waiting for orders. Rule
    /// choices that differ from the variant's are kept in `metadata`.
    pub fn to_saved_game(&self, id: &str) -> SavedGame {
        let played = self.history().iter().map(|record| PlayedRecord {
            start: &record.position,
            orders: &record.orders,
            outcome: (&record.outcome).into(),
        });
        saved::saved_game(self.map(), id, self.rules(), played, self.position())
    }

    /// Plays a saved game again from its first board: every phase's orders in turn, under
    /// the rules it records (the variant's, with the choices dip writes in `metadata`).
    /// Orders that cannot be read are errors; the boards the game recorded after its first
    /// are not consulted (`dip::replay` compares them).
    ///
    /// A phase after `COMPLETED`, or of a year before the variant's first, is an error
    /// ([`saved::phase_faults`]).
    ///
    /// A retreat phase the record skips because every unit dislodged had nowhere to go (as
    /// MILA, dipcc and godip record it: such units removed at once) is played with no orders,
    /// so those units disband and the history has the phase. A game that ended before its
    /// last phase was played (MILA's `draw()`: no orders, then `COMPLETED` with the same
    /// board) stops at that phase, waiting for orders.
    pub fn from_saved_game(map: Map, game: &SavedGame) -> Result<Game, Vec<GameError>> {
        let rules = saved::saved_rules(&map, game).map_err(|e| vec![e])?;
        Game::from_saved_game_under(map, rules, game)
    }

    /// [`Game::from_saved_game`] under `rules`: for a game that does not record its own
    /// ([`saved::records_rules`]), the rules it is known to have been played under.
    pub fn from_saved_game_under(map: Map, rules: Rules, game: &SavedGame) -> Result<Game, Vec<GameError>> {
        let faults = saved::phase_faults(&map, game);
        if !faults.is_empty() {
            return Err(faults);
        }
        let Some(first) = game.phases.first() else {
            return Err(vec![GameError::new("the game has no phases").in_game(&game.id)]);
        };
        let context = |e: GameError, phase: &str| e.in_game(&game.id).in_phase(phase);
        let phase = match saved::parse_phase_name(&first.name) {
            Ok(PhaseName::Phase(phase)) => phase,
            _ => return Err(vec![context(GameError::new("not a phase to start from"), &first.name)]),
        };
        let Some(state) = &first.state else {
            return Err(vec![context(GameError::new("the phase has no `state`"), &first.name)]);
        };
        let start = saved::state_to_position(&map, state, phase, &[])
            .map_err(|errors| errors.into_iter().map(|e| context(e, &first.name)).collect::<Vec<_>>())?;
        let opening = Position::opening(&map);
        let mut play = if same_board(&start, &opening) {
            // A game from the opening starts as `Game::new` starts it, units in the map's order.
            Game::new(map, rules)
        } else {
            Game::from_position(map, rules, start)
                .map_err(|e| vec![context(GameError::new(e.to_string()), &first.name)])?
        };
        // Every phase but the last (the board waiting for orders) was played, unless the
        // game ended before it was (a draw). Each phase recorded is the one the game is at.
        for (i, phase) in game.phases.iter().enumerate() {
            if saved::parse_phase_name(&phase.name) == Ok(PhaseName::Completed) {
                break;
            }
            if skips_retreats(&play, &phase.name) {
                // MILA, dipcc and godip remove a dislodged unit with nowhere to retreat at
                // once and skip the retreat phase when no other unit was dislodged: dip plays
                // it with no orders, and each such unit disbands.
                play.play(Vec::new()).map_err(|e| vec![context(GameError::new(e.to_string()), &phase.name)])?;
            }
            let expected = saved::phase_name(play.phase());
            if !phase.name.eq_ignore_ascii_case(&expected) {
                let message = format!("the game is at {expected} here, but the file has {}", phase.name);
                return Err(vec![context(GameError::new(message), &phase.name)]);
            }
            match game.phases.get(i + 1) {
                Some(next) if !saved::ended_before_played(play.map(), phase, next) => {}
                _ => break,
            }
            let (lines, mut errors) = saved::phase_orders(play.map(), phase, play.phase().kind);
            let mut orders = Vec::with_capacity(lines.len());
            for line in lines {
                match line.parsed {
                    Ok(order) => orders.push(order),
                    Err(e) => {
                        let power = saved::power_key(play.map(), line.power);
                        errors.push(GameError::new(e.to_string()).of_power(&power).about(&line.text));
                    }
                }
            }
            if !errors.is_empty() {
                return Err(errors.into_iter().map(|e| context(e, &phase.name)).collect());
            }
            play.play(orders).map_err(|e| vec![context(GameError::new(e.to_string()), &phase.name)])?;
        }
        Ok(play)
    }
}

/// Whether the game waits in a retreat phase in which no dislodged unit can retreat, and
/// the record goes on with another phase (`recorded`).
fn skips_retreats(game: &Game, recorded: &str) -> bool {
    let position = game.position();
    position.phase.kind == PhaseKind::Retreat
        && position.dislodged.iter().all(|d| d.retreats.is_empty())
        && saved::parse_phase_name(recorded).is_ok_and(|name| name != PhaseName::Phase(position.phase))
}

/// Whether two positions hold the same board, whatever the order their units are listed in.
fn same_board(a: &Position, b: &Position) -> bool {
    let (mut a, mut b) = (a.clone(), b.clone());
    a.normalise();
    b.normalise();
    a == b
}

/// Replays a recorded game under `rules`: each phase's orders on the board it recorded,
/// compared with the board it recorded next (`dip::formats::replay_game`). A phase dip
/// cannot adjudicate (a board or orders foreign to the map) is reported as unplayable.
pub fn replay(map: &Map, rules: &Rules, game: &SavedGame) -> GameReplay {
    let mut adjudicator = Adjudicator::new();
    replay_game(map, game, |start: &Position, orders: Vec<Order>| {
        play_phase_with(&mut adjudicator, map, start, &orders, rules).map(|r| r.next).map_err(|e| e.to_string())
    })
}

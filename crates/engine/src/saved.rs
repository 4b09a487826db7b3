//! A `Game` and the saved-game JSON of MILA and dipcc (`dip::formats::saved`): writing a
//! game's history, reading one back, replaying a recorded game.

use dip_formats::saved::{self, GameError, PhaseName, PlayedRecord, SavedGame};
use dip_formats::{GameReplay, replay_game};
use dip_map::{Map, Position, Rules};
use dip_orders::Order;

use crate::game::Game;

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
    pub fn from_saved_game(map: Map, game: &SavedGame) -> Result<Game, Vec<GameError>> {
        let rules = saved::saved_rules(&map, game).map_err(|e| vec![e])?;
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
        let mut play = Game::from_position(map, rules, start);
        // Every phase but the last (the board waiting for orders) was played.
        for phase in &game.phases[..game.phases.len() - 1] {
            if saved::parse_phase_name(&phase.name) == Ok(PhaseName::Completed) {
                break;
            }
            let expected = saved::phase_name(play.phase());
            if !phase.name.eq_ignore_ascii_case(&expected) {
                let message = format!("the game is at {expected} here, but the file has {}", phase.name);
                return Err(vec![context(GameError::new(message), &phase.name)]);
            }
            let (lines, mut errors) = saved::phase_orders(play.map(), phase, play.phase().kind);
            let mut orders = Vec::with_capacity(lines.len());
            for line in lines {
                match line.parsed {
                    Ok(order) => orders.push(order),
                    Err(e) => errors.push(
                        GameError::new(e.to_string())
                            .of_power(&play.map().power(line.power).name.to_ascii_uppercase())
                            .about(&line.text),
                    ),
                }
            }
            if !errors.is_empty() {
                return Err(errors.into_iter().map(|e| context(e, &phase.name)).collect());
            }
            play.play(orders);
        }
        Ok(play)
    }
}

/// Replays a recorded game under `rules`: each phase's orders on the board it recorded,
/// compared with the board it recorded next (`dip::formats::replay_game`).
pub fn replay(map: &Map, rules: &Rules, game: &SavedGame) -> GameReplay {
    let mut player: Option<Game> = None;
    replay_game(map, game, |start: &Position, orders: Vec<Order>| {
        let game = player.get_or_insert_with(|| Game::from_position(map.clone(), *rules, start.clone()));
        game.restart(*rules, start.clone());
        game.play(orders);
        game.position().clone()
    })
}

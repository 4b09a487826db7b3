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
    /// Orders that cannot be read are errors.
    ///
    /// The game is strict: the boards it records after its first must be those its orders
    /// make. Each phase's orders are played on the board recorded before them and compared
    /// with the board recorded after ([`replay`]); a phase whose board differs (units,
    /// dislodged units and their retreats, centres, the next phase) or cannot be read is an
    /// error naming the game, the phase and what differs ([`GameReplay::faults`]). A game
    /// is never silently replaced by dip's replay: to go on from the boards the orders make
    /// and learn what differs, use [`Game::from_saved_game_with`] and
    /// [`DifferingBoards::Report`].
    ///
    /// A phase after `COMPLETED`, or of a year before the variant's first, is an error
    /// ([`saved::phase_faults`]).
    ///
    /// A retreat phase the record skips because every unit dislodged had nowhere to go (as
    /// MILA, dipcc and godip record it: such units removed at once) is played with no orders,
    /// so those units disband and the history has the phase; the record is compared after
    /// they disband. A game that ended before its last phase was played (MILA's `draw()`: no
    /// orders, then `COMPLETED` with the same board) stops at that phase, waiting for orders.
    pub fn from_saved_game(map: Map, game: &SavedGame) -> Result<Game, Vec<GameError>> {
        let rules = saved::saved_rules(&map, game).map_err(|e| vec![e])?;
        Game::from_saved_game_under(map, rules, game)
    }

    /// [`Game::from_saved_game`] under `rules`: for a game that does not record its own
    /// ([`saved::records_rules`]), the rules it is known to have been played under. Its
    /// boards are compared under those rules too.
    pub fn from_saved_game_under(map: Map, rules: Rules, game: &SavedGame) -> Result<Game, Vec<GameError>> {
        Game::from_saved_game_with(map, rules, game, DifferingBoards::Refuse).map(|read| read.game)
    }

    /// [`Game::from_saved_game_under`], choosing what a board the game records but its
    /// orders do not make does: with [`DifferingBoards::Refuse`] the game is refused, an
    /// error a phase; with [`DifferingBoards::Report`] the game goes on from the boards its
    /// orders make, and the [`ReplayedGame`] holds the replay that says, phase by phase,
    /// what differs ([`ReplayedGame::faults`]).
    ///
    /// The game is played first: a game that cannot be played again (orders that cannot be
    /// read, a phase recorded that the game does not reach) is an error whatever the
    /// choice, as it is before its boards are compared.
    pub fn from_saved_game_with(
        map: Map,
        rules: Rules,
        game: &SavedGame,
        differing: DifferingBoards,
    ) -> Result<ReplayedGame, Vec<GameError>> {
        let played = Game::play_saved_game(map, rules, game)?;
        let replay = replay(played.map(), played.rules(), game);
        if differing == DifferingBoards::Refuse && replay.differing() > 0 {
            return Err(replay.faults());
        }
        Ok(ReplayedGame { game: played, replay })
    }

    /// Plays the orders of a saved game from its first board, without comparing the boards
    /// it records after it.
    fn play_saved_game(map: Map, rules: Rules, game: &SavedGame) -> Result<Game, Vec<GameError>> {
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

/// What reading a saved game does when a board it records after its first is not the one
/// its orders make ([`Game::from_saved_game_with`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DifferingBoards {
    /// Refuse the game, with an error for each phase that differs, naming the game, the
    /// phase and what differs.
    #[default]
    Refuse,
    /// Go on from the boards the orders make, and report each phase that differs.
    Report,
}

impl DifferingBoards {
    /// Every choice, in the order of [`DifferingBoards::name`].
    pub const ALL: [DifferingBoards; 2] = [DifferingBoards::Refuse, DifferingBoards::Report];

    /// The choice's name: `refuse` or `report`.
    pub fn name(self) -> &'static str {
        match self {
            DifferingBoards::Refuse => "refuse",
            DifferingBoards::Report => "report",
        }
    }

    /// The choice named (`refuse`, `report`, in any case), if any.
    pub fn from_name(name: &str) -> Option<DifferingBoards> {
        DifferingBoards::ALL.into_iter().find(|d| d.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// A saved game read with [`Game::from_saved_game_with`].
#[derive(Debug)]
pub struct ReplayedGame {
    /// The game played again from its first board, waiting in its last phase.
    pub game: Game,
    /// Each phase's orders played on the board the game records before them, compared with
    /// the board it records after ([`replay`]).
    pub replay: GameReplay,
}

impl ReplayedGame {
    /// Whether a board the game records is not the one its orders make.
    pub fn differs(&self) -> bool {
        self.replay.differing() > 0
    }

    /// For each phase that differs, an error naming the game, the phase and what differs
    /// (what [`DifferingBoards::Refuse`] refuses the game with); empty when none does.
    pub fn faults(&self) -> Vec<GameError> {
        self.replay.faults()
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

//! Many phases or games at once, spread over the cores with rayon.
//!
//! [`adjudicate_many`] plays one phase of each of many positions (self-play: one step of
//! many games), [`play_many`] plays whole random games. Every result is the same as
//! playing the jobs one by one ([`crate::play_phase`], [`play_random`]), in the same
//! order, whatever the number of threads. They run on the current rayon thread pool: the
//! global one (one thread per core), or a pool of your own inside [`rayon::ThreadPool::install`].
//!
//! ```
//! use dip::batch::{self, RandomGame};
//! use dip::{Position, Rules};
//!
//! let map = dip::variant("standard")?;
//! let start = Position::opening(&map);
//! let games: Vec<RandomGame> = (0..4).map(|seed| RandomGame { seed, until_year: 1905 }).collect();
//! let played = batch::play_many(&map, &Rules::default(), &start, &games)?;
//! assert_eq!(played[2], batch::play_random(&map, &Rules::default(), &start, games[2])?);
//!
//! // One phase of each of several positions, with orders from anywhere (here: random).
//! let jobs: Vec<(Position, Vec<dip::Order>)> = played
//!     .iter()
//!     .map(|g| -> Result<_, dip::PositionError> {
//!         let mut rng = batch::Rng::new(g.seed);
//!         let orders = batch::random_orders(&map, &g.position, &dip::legal_orders(&map, &g.position)?, &mut rng);
//!         Ok((g.position.clone(), orders))
//!     })
//!     .collect::<Result<_, _>>()?;
//! let steps = batch::adjudicate_many(&map, &Rules::default(), &jobs);
//! assert_eq!(steps[0], dip::play_phase(&map, &jobs[0].0, &jobs[0].1, &Rules::default()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use dip_adjust::{counted_centres, winner};
use dip_map::{Map, PhaseKind, Position, PowerId, Rules};
use dip_movement::Adjudicator;
use dip_orders::{Action, AdjudicationError, Order};

use crate::game::{PhaseResult, play_phase_with};
use crate::legal::legal_orders;

pub use rayon;

/// Adjudicates one phase of each position with its orders, in parallel: each result is
/// [`crate::play_phase`] of that job (the outcome and the next position needing orders),
/// in the order of `jobs` (an error for a job of another map).
pub fn adjudicate_many(
    map: &Map,
    rules: &Rules,
    jobs: &[(Position, Vec<Order>)],
) -> Vec<Result<PhaseResult, AdjudicationError>> {
    jobs.par_iter()
        .map_init(Adjudicator::new, |adjudicator, (position, orders)| {
            play_phase_with(adjudicator, map, position, orders, rules)
        })
        .collect()
}

/// A random game to play: the seed of its choices and the year it stops at.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RandomGame {
    pub seed: u64,
    /// The game stops when this year's first phase is reached (1920: the years 1901 to
    /// 1919 are played on the standard map), or earlier with a winner.
    pub until_year: u16,
}

/// How a game ended.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameSummary {
    pub seed: u64,
    /// The position the game stopped at.
    pub position: Position,
    pub winner: Option<PowerId>,
    /// Phases adjudicated.
    pub phases: u32,
    /// Orders given in all phases.
    pub orders: u64,
}

/// Plays a random game from `start`: in each phase every unit gets one of its legal
/// orders chosen at random ([`random_orders`]), until a power wins or `until_year` comes.
/// The same seed gives the same game. A start of another map is an error.
pub fn play_random(
    map: &Map,
    rules: &Rules,
    start: &Position,
    game: RandomGame,
) -> Result<GameSummary, AdjudicationError> {
    play_random_with(&mut Adjudicator::new(), map, rules, start, game)
}

/// Plays each random game ([`play_random`]) in parallel; the results come in the order of
/// `games`. A start of another map is an error.
pub fn play_many(
    map: &Map,
    rules: &Rules,
    start: &Position,
    games: &[RandomGame],
) -> Result<Vec<GameSummary>, AdjudicationError> {
    start.check(map)?;
    games
        .par_iter()
        .map_init(Adjudicator::new, |adjudicator, &game| play_random_with(adjudicator, map, rules, start, game))
        .collect()
}

fn play_random_with(
    adjudicator: &mut Adjudicator,
    map: &Map,
    rules: &Rules,
    start: &Position,
    game: RandomGame,
) -> Result<GameSummary, AdjudicationError> {
    let mut rng = Rng::new(game.seed);
    let mut position = start.clone();
    let (mut phases, mut given) = (0u32, 0u64);
    let winner = loop {
        if let Some(winner) = winner(map, &position) {
            break Some(winner);
        }
        if position.phase.year >= game.until_year {
            break None;
        }
        let choices = legal_orders(map, &position)?;
        let orders = random_orders(map, &position, &choices, &mut rng);
        given += orders.len() as u64;
        position = play_phase_with(adjudicator, map, &position, &orders, rules)?.next;
        phases += 1;
    };
    Ok(GameSummary { seed: game.seed, position, winner, phases, orders: given })
}

/// Random choices from [`legal_orders`]: one order for each unit in a movement or retreat
/// phase; in an adjustment phase, as many builds (each in another province) or removals
/// as the power may make, each build possibly a waive. A second train on one railroad
/// holds instead, as a player would order: two would both be refused (DATC 7.B.33).
pub fn random_orders(map: &Map, position: &Position, choices: &[(PowerId, Vec<Order>)], rng: &mut Rng) -> Vec<Order> {
    let mut orders = Vec::with_capacity(choices.len());
    if position.phase.kind == PhaseKind::Adjustment {
        for (power, menu) in choices {
            let units = position.units.iter().filter(|u| u.power == *power).count();
            let centres = usize::from(counted_centres(map, position, *power));
            let mut menu = menu.clone();
            for _ in 0..centres.abs_diff(units) {
                if menu.is_empty() {
                    break;
                }
                let pick = menu.swap_remove(rng.below(menu.len()));
                // One build a province, any number of waives.
                if pick.action == Action::Build {
                    menu.retain(|o| o.action != Action::Build || o.unit.place.province != pick.unit.place.province);
                } else if pick.action == Action::Waive {
                    menu.push(pick.clone());
                }
                orders.push(pick);
            }
        }
        return orders;
    }
    let mut rails_used = Vec::new();
    for (_, menu) in choices {
        if menu.is_empty() {
            continue;
        }
        let mut pick = menu[rng.below(menu.len())].clone();
        if let Action::Rail { railroad, .. } = pick.action {
            if rails_used.contains(&railroad) {
                pick.action = Action::Hold;
            }
            rails_used.push(railroad);
        }
        orders.push(pick);
    }
    orders
}

/// A small, fast, deterministic random number generator (xorshift64*, seeded through
/// splitmix64): the same seed gives the same numbers on every platform.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        // xorshift never leaves zero.
        Rng(if z == 0 { 0x2545_F491_4F6C_DD1D } else { z })
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

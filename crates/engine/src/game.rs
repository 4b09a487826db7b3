//! A whole game: phases in order from the first spring to a winner, with history.

use serde::{Deserialize, Serialize};

use dip_adjust::{
    AdjustmentOutcome, RetreatOutcome, adjudicate_adjustments, adjudicate_retreats, adjustments_needed,
    counted_centres, update_ownership,
};
use dip_map::{Map, Phase, PhaseKind, Position, PositionError, PowerId, Rules, Season};
use dip_movement::{Adjudicator, MovementOutcome};
use dip_orders::{AdjudicationError, Order};

/// What one phase decided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PhaseOutcome {
    Movement(MovementOutcome),
    Retreat(RetreatOutcome),
    Adjustment(AdjustmentOutcome),
}

impl<'a> From<&'a PhaseOutcome> for dip_formats::Outcome<'a> {
    fn from(outcome: &'a PhaseOutcome) -> Self {
        match outcome {
            PhaseOutcome::Movement(o) => dip_formats::Outcome::Movement(o),
            PhaseOutcome::Retreat(o) => dip_formats::Outcome::Retreat(o),
            PhaseOutcome::Adjustment(o) => dip_formats::Outcome::Adjustment(o),
        }
    }
}

/// One played phase: the position it started from, the orders, what happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseRecord {
    pub position: Position,
    pub orders: Vec<Order>,
    pub outcome: PhaseOutcome,
}

/// A game on one map under one set of rules. Units without orders hold; a power without
/// orders in an adjustment phase is handled by the civil-disorder rules.
#[derive(Debug)]
pub struct Game {
    map: Map,
    rules: Rules,
    position: Position,
    history: Vec<PhaseRecord>,
    adjudicator: Adjudicator,
}

impl Game {
    /// A new game from the variant's opening position.
    pub fn new(map: Map, rules: Rules) -> Self {
        let position = Position::opening(&map);
        Game { map, rules, position, history: Vec::new(), adjudicator: Adjudicator::new() }
    }

    /// A game going on from any position of the map. A position of another map (ids it
    /// does not have), or one with dislodged units outside a retreat phase, is refused
    /// ([`Position::check`]); use [`Position::validate`] first to refuse every position
    /// the rules of the board forbid.
    pub fn from_position(map: Map, rules: Rules, position: Position) -> Result<Self, PositionError> {
        position.check(&map)?;
        Ok(Game { map, rules, position, history: Vec::new(), adjudicator: Adjudicator::new() })
    }

    pub fn map(&self) -> &Map {
        &self.map
    }
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// The position waiting for orders.
    pub fn position(&self) -> &Position {
        &self.position
    }
    pub fn phase(&self) -> Phase {
        self.position.phase
    }
    /// Every phase played so far.
    pub fn history(&self) -> &[PhaseRecord] {
        &self.history
    }

    /// Supply centres that count for each power.
    pub fn centre_counts(&self) -> Vec<(PowerId, u16)> {
        self.map.powers().map(|p| (p, counted_centres(&self.map, &self.position, p))).collect()
    }

    /// The power that has won, if one has ([`dip_adjust::winner`]).
    pub fn winner(&self) -> Option<PowerId> {
        dip_adjust::winner(&self.map, &self.position)
    }

    /// Adjudicates the current phase with these orders and moves on to the next phase
    /// that needs orders (a retreat phase with nothing dislodged, or an adjustment phase in
    /// which nobody builds or removes, is skipped).
    ///
    /// Orders of another map, or a phase after the last year dip counts, are an error and
    /// leave the game as it was.
    pub fn play(&mut self, orders: Vec<Order>) -> Result<&PhaseRecord, AdjudicationError> {
        let PhaseResult { outcome, next } =
            play_phase_with(&mut self.adjudicator, &self.map, &self.position, &orders, &self.rules)?;
        let start = std::mem::replace(&mut self.position, next);
        self.history.push(PhaseRecord { position: start, orders, outcome });
        Ok(self.history.last().expect("a record was just pushed"))
    }
}

/// One phase adjudicated: what it decided, and the position of the next phase that needs
/// orders.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseResult {
    pub outcome: PhaseOutcome,
    /// The next phase that needs orders, as [`Game::play`] moves on to it.
    pub next: Position,
}

/// Adjudicates one phase of any kind (movement, retreat, adjustment) with these orders and
/// moves on as [`Game::play`] does: after the fall centres change hands, and a retreat
/// phase with nothing dislodged or an adjustment phase with nothing to do is skipped.
///
/// A position or orders of another map, or a phase after the last year dip counts, are an
/// error.
pub fn play_phase(
    map: &Map,
    position: &Position,
    orders: &[Order],
    rules: &Rules,
) -> Result<PhaseResult, AdjudicationError> {
    play_phase_with(&mut Adjudicator::new(), map, position, orders, rules)
}

/// [`play_phase`] with a movement adjudicator kept between calls, so its scratch tables are
/// reused (a server adjudicating one position after another).
pub fn play_phase_with(
    adjudicator: &mut Adjudicator,
    map: &Map,
    start: &Position,
    orders: &[Order],
    rules: &Rules,
) -> Result<PhaseResult, AdjudicationError> {
    let outcome = match start.phase.kind {
        PhaseKind::Movement => PhaseOutcome::Movement(adjudicator.run_phase(map, start, orders, rules)?.outcome()),
        PhaseKind::Retreat => PhaseOutcome::Retreat(adjudicate_retreats(map, start, orders, rules)?),
        PhaseKind::Adjustment => PhaseOutcome::Adjustment(adjudicate_adjustments(map, start, orders, rules)?),
    };
    let mut next = match &outcome {
        PhaseOutcome::Movement(o) => o.position.clone(),
        PhaseOutcome::Retreat(o) => o.position.clone(),
        PhaseOutcome::Adjustment(o) => o.position.clone(),
    };
    // The fall is over when its movement and retreats are: centres change hands.
    if start.phase.season == Season::Fall && next.phase.kind == PhaseKind::Adjustment {
        update_ownership(map, &mut next);
        if !adjustments_needed(map, &next) {
            let Some(year) = map.next_spring_year(start.phase.year) else {
                return Err(AdjudicationError::YearOutOfRange { year: start.phase.year });
            };
            next.phase = Phase { season: Season::Spring, year, kind: PhaseKind::Movement };
        }
    }
    next.normalise();
    Ok(PhaseResult { outcome, next })
}

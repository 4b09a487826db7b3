//! A whole game: phases in order from the first spring to a winner, with history.

use serde::{Deserialize, Serialize};

use dip_adjust::{
    AdjustmentOutcome, RetreatOutcome, adjudicate_adjustments, adjudicate_retreats, adjustments_needed,
    counted_centres, update_ownership,
};
use dip_map::{Map, Phase, PhaseKind, Position, PowerId, Rules, Season};
use dip_movement::{Adjudicator, MovementOutcome};
use dip_orders::Order;

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
        Self::from_position(map, rules, position)
    }

    /// A game going on from any position. Its units are kept sorted
    /// ([`Position::normalise`]), so equal boards compare equal however they were listed.
    pub fn from_position(map: Map, rules: Rules, mut position: Position) -> Self {
        position.normalise();
        Game { map, rules, position, history: Vec::new(), adjudicator: Adjudicator::new() }
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

    /// Goes on from another position under other rules, forgetting the history; keeps the
    /// map and the adjudicator's scratch tables (a server adjudicating many positions of one
    /// variant reuses one `Game`).
    pub fn restart(&mut self, rules: Rules, mut position: Position) {
        position.normalise();
        self.rules = rules;
        self.position = position;
        self.history.clear();
    }

    /// Supply centres that count for each power.
    pub fn centre_counts(&self) -> Vec<(PowerId, u16)> {
        self.map.powers().map(|p| (p, counted_centres(&self.map, &self.position, p))).collect()
    }

    /// The power holding the variant's number of centres, if the game is won.
    pub fn winner(&self) -> Option<PowerId> {
        self.centre_counts().into_iter().find(|&(_, n)| n >= self.map.victory_centres()).map(|(p, _)| p)
    }

    /// Adjudicates the current phase with these orders and moves on to the next phase
    /// that needs orders (a retreat phase with nothing dislodged, or an adjustment phase in
    /// which nobody builds or removes, is skipped).
    pub fn play(&mut self, orders: Vec<Order>) -> &PhaseRecord {
        let map = &self.map;
        let start = self.position.clone();
        let (outcome, mut next) = match start.phase.kind {
            PhaseKind::Movement => {
                self.adjudicator.run(map, &start, &orders, &self.rules);
                let outcome = self.adjudicator.outcome(map, &start, &orders);
                let next = outcome.position.clone();
                (PhaseOutcome::Movement(outcome), next)
            }
            PhaseKind::Retreat => {
                let outcome = adjudicate_retreats(map, &start, &orders, &self.rules);
                let next = outcome.position.clone();
                (PhaseOutcome::Retreat(outcome), next)
            }
            PhaseKind::Adjustment => {
                let outcome = adjudicate_adjustments(map, &start, &orders, &self.rules);
                let next = outcome.position.clone();
                (PhaseOutcome::Adjustment(outcome), next)
            }
        };
        // The fall is over when its movement and retreats are: centres change hands.
        if start.phase.season == Season::Fall && next.phase.kind == PhaseKind::Adjustment {
            update_ownership(map, &mut next);
            if !adjustments_needed(map, &next) {
                next.phase = Phase { season: Season::Spring, year: start.phase.year + 1, kind: PhaseKind::Movement };
            }
        }
        next.normalise();
        self.position = next;
        self.history.push(PhaseRecord { position: start, orders, outcome });
        self.history.last().expect("a record was just pushed")
    }
}

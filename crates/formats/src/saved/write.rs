//! Writing a game's history as a saved game.

use indexmap::IndexMap;
use serde_json::Value;

use dip_map::{Map, Position, Rules};
use dip_orders::Order;

use super::orders::mila_results;
use super::phase::phase_name;
use super::state::{position_to_state, power_key};
use super::{GameError, SavedGame, SavedPhase};
use crate::results::Outcome;

/// The `metadata` key under which dip writes its rule choices that differ from the
/// variant's (`"4.A.5=always 4.D.8=1982"`; empty when there are none), so the game reads
/// back under the same rules. A game without it (from another engine) does not say which
/// rules it was played under.
pub const RULES_METADATA: &str = "dip_rules";

/// One played phase of a game's history.
#[derive(Clone, Copy, Debug)]
pub struct PlayedRecord<'a> {
    /// The board the orders were given on.
    pub start: &'a Position,
    /// The orders adjudicated, in the order given.
    pub orders: &'a [Order],
    pub outcome: Outcome<'a>,
}

/// A game's history as a saved game: one phase for each played phase (its board, its orders
/// in MILA notation grouped by power in the order given, what each did in MILA's codes)
/// and a last phase with the board waiting for orders.
pub fn saved_game<'a>(
    map: &Map,
    id: &str,
    rules: &Rules,
    played: impl IntoIterator<Item = PlayedRecord<'a>>,
    current: &Position,
) -> SavedGame {
    let mut phases = Vec::new();
    let empty = || {
        let mut other = serde_json::Map::new();
        other.insert("logs".into(), Value::Array(Vec::new()));
        other
    };
    for record in played {
        let mut orders: IndexMap<String, Vec<String>> = IndexMap::new();
        for order in record.orders {
            orders.entry(power_key(map, order.power)).or_default().push(order.display_mila(map).to_string());
        }
        for power in map.powers() {
            orders.entry(power_key(map, power)).or_default();
        }
        phases.push(SavedPhase {
            name: phase_name(record.start.phase),
            state: Some(position_to_state(map, record.start)),
            orders,
            results: mila_results(map, record.start, record.orders, record.outcome),
            messages: Vec::new(),
            other: empty(),
        });
    }
    phases.push(SavedPhase {
        name: phase_name(current.phase),
        state: Some(position_to_state(map, current)),
        orders: IndexMap::new(),
        results: IndexMap::new(),
        messages: Vec::new(),
        other: empty(),
    });
    let mut other = serde_json::Map::new();
    other.insert("is_full_press".into(), Value::Bool(false));
    other.insert("scoring_system".into(), Value::String("sum_of_squares".into()));
    // Written even when empty: the game was played under the variant's own choices, and
    // says so (a game that says nothing may be read under other rules).
    let mut metadata = serde_json::Map::new();
    metadata.insert(RULES_METADATA.into(), Value::String(rule_choices(map, rules)));
    other.insert("metadata".into(), Value::Object(metadata));
    SavedGame { id: id.to_string(), map: map.name().to_string(), version: "1.0".into(), phases, other }
}

/// The rule choices that differ from the variant's, `4.A.5=Always 4.D.8=Dptg`.
fn rule_choices(map: &Map, rules: &Rules) -> String {
    let base = Rules::of_variant(map).unwrap_or_default();
    dip_map::rules::ISSUES
        .iter()
        .filter_map(|issue| {
            let choice = rules.choice(issue)?;
            (base.choice(issue).as_ref() != Some(&choice)).then(|| format!("{issue}={choice}"))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether the game says which rules it was played under: dip writes them in `metadata`
/// ([`RULES_METADATA`]); a game from another engine does not.
pub fn records_rules(game: &SavedGame) -> bool {
    game.other.get("metadata").and_then(|m| m.get(RULES_METADATA)).is_some()
}

/// The rules a saved game was played under: the variant's, with the choices dip wrote in
/// `metadata` (a game from elsewhere has none).
pub fn saved_rules(map: &Map, game: &SavedGame) -> Result<Rules, GameError> {
    let mut rules = Rules::of_variant(map).map_err(|e| GameError::new(e.to_string()).in_game(&game.id))?;
    let written = game.other.get("metadata").and_then(|m| m.get(RULES_METADATA)).and_then(Value::as_str);
    for pair in written.unwrap_or_default().split_whitespace() {
        let (issue, choice) = pair.split_once('=').unwrap_or((pair, ""));
        rules
            .set(issue, choice)
            .map_err(|e| GameError::new(format!("metadata `{RULES_METADATA}`: {e}")).in_game(&game.id).about(pair))?;
    }
    Ok(rules)
}

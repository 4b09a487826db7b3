//! The saved-game JSON of MILA's `diplomacy` package (`to_saved_game_format`) and dipcc
//! (`Game.to_json`): one game a JSON object, or JSONL with one game a line. The format is
//! described in `games/README.md`.
//!
//! Powers are written upper-case (`FRANCE`), provinces by the map's abbreviation
//! upper-cased (`PAR`), coasts as `/NC`, units as `A PAR` and `F STP/SC` (`*F STP/SC` when
//! dislodged), orders in MILA notation (`A EDI - NWY VIA`), phases as `S1901M`, `F1901R`,
//! `W1901A`.

mod error;
mod orders;
mod phase;
mod read;
mod state;
mod write;

pub use error::GameError;
pub use orders::{mila_results, phase_orders};
pub use phase::{PhaseName, parse_phase_name, phase_name};
pub use read::{GameLines, is_whole_line, parse_games};
pub use state::{Attacker, attackers, position_to_state, state_to_position};
pub use write::{PlayedRecord, RULES_METADATA, saved_game, saved_rules};

use indexmap::IndexMap;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

/// One game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// The game's unique id.
    #[serde(default)]
    pub id: String,
    /// The variant: `standard`, or another of dip's variant names.
    #[serde(default = "standard")]
    pub map: String,
    /// The format's version, `1.0`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub version: String,
    /// Every phase, from the first; the last has no orders.
    #[serde(default)]
    pub phases: Vec<SavedPhase>,
    /// `metadata`, `scoring_system`, `is_full_press`, `rules` and any other field, kept as
    /// read.
    #[serde(flatten)]
    pub other: serde_json::Map<String, Value>,
}

fn standard() -> String {
    "standard".into()
}

/// One phase: the board before its orders, and the orders.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedPhase {
    /// `S1901M`, `F1901R`, `W1901A`, or `COMPLETED`.
    pub name: String,
    /// The board before the phase's orders.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<SavedState>,
    /// Orders by power.
    #[serde(default, deserialize_with = "null_as_default")]
    pub orders: IndexMap<String, Vec<String>>,
    /// What each unit's order did, in MILA's codes (`bounce`, `cut`, `dislodged`, `void`,
    /// `no convoy`, `disrupted`, `disband`); a success is an empty list.
    #[serde(default, deserialize_with = "null_as_default")]
    pub results: IndexMap<String, Vec<String>>,
    /// `messages`, `logs`, `phase_start_time` and any other field, kept as read.
    #[serde(flatten)]
    pub other: serde_json::Map<String, Value>,
}

/// The board at the start of a phase.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedState {
    /// The phase's name, as in [`SavedPhase::name`].
    #[serde(default)]
    pub name: String,
    /// Units by power; a leading `*` marks a dislodged unit.
    #[serde(default, deserialize_with = "null_as_default")]
    pub units: IndexMap<String, Vec<String>>,
    /// Supply centres by owner.
    #[serde(default, deserialize_with = "null_as_default")]
    pub centers: IndexMap<String, Vec<String>>,
    /// Each power's home centres that it owns.
    #[serde(default, deserialize_with = "null_as_default")]
    pub homes: IndexMap<String, Vec<String>>,
    /// Where each dislodged unit may retreat, by power.
    #[serde(default, deserialize_with = "null_as_default")]
    pub retreats: IndexMap<String, IndexMap<String, Vec<String>>>,
    /// Builds (or, when negative, removals) due in an adjustment phase, by power.
    #[serde(default, deserialize_with = "null_as_default")]
    pub builds: IndexMap<String, Builds>,
    /// Any other field, kept as read.
    #[serde(flatten)]
    pub other: serde_json::Map<String, Value>,
}

/// A power's builds in an adjustment phase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Builds {
    /// Builds allowed (at most the free build sites) when positive, removals due when
    /// negative.
    #[serde(default)]
    pub count: i32,
    /// Where it may build, when `count` is positive.
    #[serde(default)]
    pub homes: Vec<String>,
}

/// `null` reads as the empty value.
fn null_as_default<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Default + Deserialize<'de>,
{
    Ok(Option::<T>::deserialize(deserializer)?.unwrap_or_default())
}

impl SavedGame {
    /// The game as one line of JSON (a JSONL line without its newline).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The game as indented JSON.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

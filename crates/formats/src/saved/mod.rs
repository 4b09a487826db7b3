//! The saved-game JSON of MILA's `diplomacy` package (`to_saved_game_format`) and dipcc
//! (`Game.to_json`): one game a JSON object, or JSONL with one game a line. The format is
//! described in `games/README.md`.
//!
//! Powers are written upper-case (`FRANCE`), provinces by the map's abbreviation
//! upper-cased (`PAR`), coasts as `/NC`, units as `A PAR` and `F STP/SC` (`*F STP/SC` when
//! dislodged), orders in MILA notation (`A EDI - NWY VIA`), phases as `S1901M`, `F1901R`,
//! `W1901A`.
//!
//! `null` reads as empty wherever a list or a map is expected, for a whole field (`"orders":
//! null`) or for one entry (`"orders": {"FRANCE": null}`): MILA writes `null` for each power
//! whose orders for the phase in progress are not set.

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
pub(crate) use state::unit_key;
pub use state::{Attacker, attackers, mila_power_name, position_to_state, power_key, power_named, state_to_position};
pub use write::{PlayedRecord, RULES_METADATA, saved_game, saved_rules};

use indexmap::IndexMap;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use dip_map::Map;

/// One map of MILA's `diplomacy` package (1.1.2, `diplomacy/maps/*.map`) and the dip
/// variant that is it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MilaMap {
    /// MILA's name (its file name without `.map`).
    pub mila: &'static str,
    /// dip's variant (`variants/NAME.ron`).
    pub variant: &'static str,
    /// MILA's `root_map`: the map a variant of the board is drawn on (`MAP standard`).
    pub root: &'static str,
}

/// Every map of MILA's `diplomacy/maps/`, with dip's variant; `docs/variants.md` says how
/// each variant was compared with MILA's file.
pub const MILA_MAPS: [MilaMap; 14] = [
    MilaMap { mila: "standard", variant: "standard", root: "standard" },
    MilaMap { mila: "standard_age_of_empires", variant: "age_of_empires", root: "standard" },
    MilaMap { mila: "standard_age_of_empires_2", variant: "age_of_empires_2", root: "standard" },
    MilaMap { mila: "standard_fleet_rome", variant: "fleet_rome", root: "standard" },
    MilaMap { mila: "standard_france_austria", variant: "france_austria", root: "standard" },
    MilaMap { mila: "standard_germany_italy", variant: "italy_germany", root: "standard" },
    MilaMap { mila: "ancmed", variant: "ancient_mediterranean", root: "ancmed" },
    MilaMap { mila: "ancmed_age_of_empires", variant: "ancient_mediterranean_age_of_empires", root: "ancmed" },
    MilaMap { mila: "colonial", variant: "colonial", root: "colonial" },
    MilaMap { mila: "empire", variant: "empire", root: "empire" },
    MilaMap { mila: "known_world_901", variant: "known_world_901", root: "known_world_901" },
    MilaMap { mila: "modern", variant: "modern", root: "modern" },
    MilaMap { mila: "pure", variant: "pure", root: "pure" },
    MilaMap { mila: "world", variant: "world", root: "world" },
];

/// The impassable provinces of MILA's boards (its `SHUT` locations), which dip's variants
/// leave out as they play no part: MILA's root map, the province's abbreviation, its name,
/// and the provinces it borders. MILA's `Map` and its listings of possible orders have them.
pub const MILA_IMPASSABLE: &[(&str, &str, &str, &[&str])] =
    &[("standard", "SWI", "Switzerland", &["BUR", "MAR", "MUN", "PIE", "TYR"])];

/// The MILA map a dip variant is, if any.
pub fn mila_map(variant: &str) -> Option<&'static MilaMap> {
    MILA_MAPS.iter().find(|m| m.variant.eq_ignore_ascii_case(variant))
}

/// The name of the dip variant a saved game's `map` names: MILA's name of a map dip has
/// under another name gives dip's (`ancmed` is `ancient_mediterranean`); any other name is
/// dip's own.
pub fn variant_name(map: &str) -> &str {
    MILA_MAPS.iter().find(|m| m.mila.eq_ignore_ascii_case(map.trim())).map_or(map, |m| m.variant)
}

/// One game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// The game's unique id.
    #[serde(default, deserialize_with = "null_as_default")]
    pub id: String,
    /// The variant: `standard`, or another of dip's variant names.
    #[serde(default = "standard")]
    pub map: String,
    /// The format's version, `1.0`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub version: String,
    /// Every phase, from the first; the last has no orders.
    #[serde(default, deserialize_with = "null_as_default")]
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
    #[serde(default, deserialize_with = "null_entries")]
    pub orders: IndexMap<String, Vec<String>>,
    /// What each unit's order did, in MILA's codes (`bounce`, `cut`, `dislodged`, `void`,
    /// `no convoy`, `disrupted`, `disband`); a success is an empty list.
    #[serde(default, deserialize_with = "null_entries")]
    pub results: IndexMap<String, Vec<String>>,
    /// The press of the phase, each message as read (MILA's: `sender`, `recipient`,
    /// `time_sent`, `phase`, `message`). Written even when empty: MILA's writer always has it.
    #[serde(default, deserialize_with = "null_as_default")]
    pub messages: Vec<Value>,
    /// `logs`, `phase_start_time` and any other field, kept as read.
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
    #[serde(default, deserialize_with = "null_entries")]
    pub units: IndexMap<String, Vec<String>>,
    /// Supply centres by owner.
    #[serde(default, deserialize_with = "null_entries")]
    pub centers: IndexMap<String, Vec<String>>,
    /// Each power's home centres that it owns.
    #[serde(default, deserialize_with = "null_entries")]
    pub homes: IndexMap<String, Vec<String>>,
    /// Where each dislodged unit may retreat, by power.
    #[serde(default, deserialize_with = "null_retreats")]
    pub retreats: Retreats,
    /// Builds (or, when negative, removals) due in an adjustment phase, by power.
    #[serde(default, deserialize_with = "null_entries")]
    pub builds: IndexMap<String, Builds>,
    /// Any other field, kept as read.
    #[serde(flatten)]
    pub other: serde_json::Map<String, Value>,
}

/// Where each dislodged unit may retreat (`F STP/SC` to `["BOT", "LVN"]`), by power.
pub type Retreats = IndexMap<String, IndexMap<String, Vec<String>>>;

/// A power's builds in an adjustment phase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Builds {
    /// Builds allowed (at most the free build sites) when positive, removals due when
    /// negative.
    #[serde(default)]
    pub count: i32,
    /// Where it may build, when `count` is positive.
    #[serde(default, deserialize_with = "null_as_default")]
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

/// A map whose value, or any entry's, may be `null`: each reads as the empty value.
fn null_entries<'de, D, V>(deserializer: D) -> Result<IndexMap<String, V>, D::Error>
where
    D: Deserializer<'de>,
    V: Default + Deserialize<'de>,
{
    let map = Option::<IndexMap<String, Option<V>>>::deserialize(deserializer)?.unwrap_or_default();
    Ok(map.into_iter().map(|(key, value)| (key, value.unwrap_or_default())).collect())
}

/// `retreats` by power then unit, where the whole, a power's entry or a unit's list may be
/// `null`.
fn null_retreats<'de, D>(deserializer: D) -> Result<Retreats, D::Error>
where
    D: Deserializer<'de>,
{
    type Nullable = IndexMap<String, Option<IndexMap<String, Option<Vec<String>>>>>;
    let map = Option::<Nullable>::deserialize(deserializer)?.unwrap_or_default();
    Ok(map
        .into_iter()
        .map(|(power, units)| {
            let units = units.unwrap_or_default().into_iter().map(|(u, l)| (u, l.unwrap_or_default())).collect();
            (power, units)
        })
        .collect())
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

/// Whether the game ended before this phase was adjudicated: the next phase is `COMPLETED`,
/// no orders were recorded, and the final board is this phase's own. MILA's `draw()` ends a
/// game so: the phase in progress is recorded with its orders cleared, unplayed.
pub fn ended_before_played(map: &Map, phase: &SavedPhase, next: &SavedPhase) -> bool {
    if parse_phase_name(&next.name) != Ok(PhaseName::Completed) || phase.orders.values().any(|o| !o.is_empty()) {
        return false;
    }
    let Ok(PhaseName::Phase(name)) = parse_phase_name(&phase.name) else { return false };
    let (Some(own), Some(last)) = (&phase.state, &next.state) else { return false };
    match (state_to_position(map, own, name, &[]), state_to_position(map, last, name, &[])) {
        (Ok(own), Ok(last)) => own == last,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A phase as MILA 1.1.2 writes the one in progress: `null` for every power whose orders
    /// are not set. And `null` for each other field or entry that holds a list or a map.
    #[test]
    fn null_reads_as_empty() {
        let text = r#"{"id": null, "map": "standard", "phases": [
            {"name": "S1901M", "state": {"name": "S1901M", "units": {"FRANCE": ["A PAR"], "ITALY": null},
              "centers": null, "homes": {"FRANCE": null}, "retreats": {"FRANCE": null, "ITALY": {"A ROM": null}},
              "builds": {"FRANCE": null, "ITALY": {"count": 0, "homes": null}}},
             "orders": {"FRANCE": null, "ITALY": ["A ROM H"]}, "results": {"A PAR": null}, "messages": null},
            {"name": "F1901M", "orders": null, "results": null}]}"#;
        let game = parse_games(text).remove(0).expect("MILA's nulls read");
        assert_eq!(game.id, "");
        let phase = &game.phases[0];
        assert_eq!(phase.orders["FRANCE"], Vec::<String>::new());
        assert_eq!(phase.orders["ITALY"], ["A ROM H"]);
        assert_eq!(phase.results["A PAR"], Vec::<String>::new());
        assert!(phase.messages.is_empty());
        let state = phase.state.as_ref().expect("state");
        assert_eq!(state.units["ITALY"], Vec::<String>::new());
        assert!(state.centers.is_empty());
        assert_eq!(state.homes["FRANCE"], Vec::<String>::new());
        assert!(state.retreats["FRANCE"].is_empty());
        assert_eq!(state.retreats["ITALY"]["A ROM"], Vec::<String>::new());
        assert_eq!(state.builds["FRANCE"], Builds::default());
        assert_eq!(state.builds["ITALY"], Builds::default());
        assert!(game.phases[1].orders.is_empty() && game.phases[1].results.is_empty());
        let none = parse_games(r#"{"id": "n", "phases": null}"#).remove(0).expect("no phases");
        assert!(none.phases.is_empty());
    }

    /// What is not `null` must still be of the right type; the error names the line and
    /// column, the game, and what was expected.
    #[test]
    fn wrong_types_are_refused() {
        for (text, expected) in [
            (
                "{\"id\": \"g\",\n \"phases\": [{\"name\": \"S1901M\",\n \"orders\": {\"FRANCE\": 7}}]}",
                "expected a sequence",
            ),
            (
                "{\"id\": \"g\",\n \"phases\": [{\"name\": \"S1901M\",\n \"orders\": {\"FRANCE\": [null]}}]}",
                "expected a string",
            ),
            ("{\"id\": \"g\",\n \"phases\": [{\"name\": \"S1901M\",\n \"orders\": [\"A PAR H\"]}]}", "expected a map"),
            ("{\"id\": \"g\",\n \"phases\": [{\"name\": \"S1901M\",\n \"messages\": {}}]}", "expected a sequence"),
        ] {
            let error = parse_games(text).remove(0).expect_err(text);
            assert_eq!((error.line(), error.game()), (Some(3), Some("g")), "{text}");
            assert!(error.message().contains(expected), "{text}: {error}");
        }
    }

    /// Messages are kept as read and written back; a game without them gets an empty list,
    /// as MILA writes it.
    #[test]
    fn messages_are_kept() {
        let text = r#"{"id": "m", "phases": [{"name": "S1901M", "messages": [{"sender": "FRANCE",
            "recipient": "ITALY", "time_sent": 1, "phase": "S1901M", "message": "hello"}], "logs": []},
            {"name": "F1901M"}]}"#;
        let game = parse_games(text).remove(0).expect("read");
        assert_eq!(game.phases[0].messages[0]["message"], "hello");
        let again = parse_games(&game.to_json()).remove(0).expect("read again");
        assert_eq!(again, game);
        assert!(
            game.to_json().contains(r#""name":"F1901M","orders":{},"results":{},"messages":[]"#),
            "{}",
            game.to_json()
        );
    }
}

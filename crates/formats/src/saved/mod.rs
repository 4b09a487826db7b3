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
pub use state::{Attacker, attackers, mila_power_name, position_to_state, power_key, power_named, state_to_position};
pub(crate) use state::{builds_due, unit_key};
pub use write::{PlayedRecord, RULES_METADATA, records_rules, saved_game, saved_rules};

use indexmap::IndexMap;
use serde::de::{MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use dip_orders::UniqueKeys;
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
    #[serde(flatten, deserialize_with = "unique_object")]
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
    #[serde(default, deserialize_with = "unique_values")]
    pub messages: Vec<Value>,
    /// `logs`, `phase_start_time` and any other field, kept as read.
    #[serde(flatten, deserialize_with = "unique_object")]
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
    #[serde(flatten, deserialize_with = "unique_object")]
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

/// A map whose value, or any entry's, may be `null`: each reads as the empty value. A key
/// given twice is an error (a plain map would keep the last: a power's first list dropped).
fn null_entries<'de, D, V>(deserializer: D) -> Result<IndexMap<String, V>, D::Error>
where
    D: Deserializer<'de>,
    V: Default + Deserialize<'de>,
{
    let map = Option::<UniqueKeys<Option<V>>>::deserialize(deserializer)?.unwrap_or_default();
    Ok(map.0.into_iter().map(|(key, value)| (key, value.unwrap_or_default())).collect())
}

/// The fields kept as read: each key once, in every object they hold too.
fn unique_object<'de, D>(deserializer: D) -> Result<serde_json::Map<String, Value>, D::Error>
where
    D: Deserializer<'de>,
{
    let UniqueKeys(map) = UniqueKeys::<UniqueValue>::deserialize(deserializer)?;
    Ok(map.into_iter().map(|(key, value)| (key, value.0)).collect())
}

/// A list (or `null`, read as empty) of values kept as read, each object with each key once.
fn unique_values<'de, D>(deserializer: D) -> Result<Vec<Value>, D::Error>
where
    D: Deserializer<'de>,
{
    let list = Option::<Vec<UniqueValue>>::deserialize(deserializer)?.unwrap_or_default();
    Ok(list.into_iter().map(|value| value.0).collect())
}

/// A JSON value whose objects each have a key once; `serde_json::Value` keeps the last of
/// a key given twice.
struct UniqueValue(Value);

impl<'de> Deserialize<'de> for UniqueValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ValueVisitor;
        impl<'de> Visitor<'de> for ValueVisitor {
            type Value = UniqueValue;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_bool<E>(self, v: bool) -> Result<UniqueValue, E> {
                Ok(UniqueValue(Value::Bool(v)))
            }
            fn visit_i64<E>(self, v: i64) -> Result<UniqueValue, E> {
                Ok(UniqueValue(Value::from(v)))
            }
            fn visit_u64<E>(self, v: u64) -> Result<UniqueValue, E> {
                Ok(UniqueValue(Value::from(v)))
            }
            fn visit_f64<E>(self, v: f64) -> Result<UniqueValue, E> {
                Ok(UniqueValue(Value::from(v)))
            }
            fn visit_str<E>(self, v: &str) -> Result<UniqueValue, E> {
                Ok(UniqueValue(Value::String(v.to_string())))
            }
            fn visit_string<E>(self, v: String) -> Result<UniqueValue, E> {
                Ok(UniqueValue(Value::String(v)))
            }
            fn visit_unit<E>(self) -> Result<UniqueValue, E> {
                Ok(UniqueValue(Value::Null))
            }
            fn visit_none<E>(self) -> Result<UniqueValue, E> {
                Ok(UniqueValue(Value::Null))
            }
            fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<UniqueValue, D::Error> {
                UniqueValue::deserialize(deserializer)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<UniqueValue, A::Error> {
                let mut list = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
                while let Some(UniqueValue(value)) = seq.next_element()? {
                    list.push(value);
                }
                Ok(UniqueValue(Value::Array(list)))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<UniqueValue, A::Error> {
                let mut map = serde_json::Map::new();
                while let Some(key) = access.next_key::<String>()? {
                    if map.contains_key(&key) {
                        return Err(serde::de::Error::custom(format!("`{key}` is given twice: only one is allowed")));
                    }
                    let UniqueValue(value) = access.next_value()?;
                    map.insert(key, value);
                }
                Ok(UniqueValue(Value::Object(map)))
            }
        }
        deserializer.deserialize_any(ValueVisitor)
    }
}

/// `retreats` by power then unit, where the whole, a power's entry or a unit's list may be
/// `null`.
fn null_retreats<'de, D>(deserializer: D) -> Result<Retreats, D::Error>
where
    D: Deserializer<'de>,
{
    type Nullable = UniqueKeys<Option<UniqueKeys<Option<Vec<String>>>>>;
    let map = Option::<Nullable>::deserialize(deserializer)?.unwrap_or_default();
    Ok(map
        .0
        .into_iter()
        .map(|(power, units)| {
            let units = units.unwrap_or_default().0.into_iter().map(|(u, l)| (u, l.unwrap_or_default())).collect();
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

/// What is wrong with a game's list of phases as a whole, each naming the game and the
/// phase: a phase after `COMPLETED` (the game was over: a replay would stop there and leave
/// it unread), and a phase of a year before the variant's first (`S0000M` on a map that
/// starts in 1901).
pub fn phase_faults(map: &Map, game: &SavedGame) -> Vec<GameError> {
    let mut faults = Vec::new();
    let mut completed: Option<&str> = None;
    for phase in &game.phases {
        let fault = |message: String| GameError::new(message).in_game(&game.id).in_phase(&phase.name);
        if let Some(end) = completed {
            faults.push(fault(format!("a phase after `{end}`: the game was over")));
            continue;
        }
        match parse_phase_name(&phase.name) {
            Ok(PhaseName::Completed) => completed = Some(&phase.name),
            Ok(PhaseName::Phase(name)) if name.year < map.start_year() => {
                faults.push(fault(format!("year {} is before the variant's first, {}", name.year, map.start_year())))
            }
            _ => {}
        }
    }
    faults
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
    /// A key given twice anywhere is refused, naming the line, the game and the phase; a
    /// plain reading would keep the last and drop the first list of orders or units.
    #[test]
    fn keys_given_twice_are_refused() {
        for (text, line, phase, expected) in [
            (
                "{\"id\": \"g\", \"phases\": [{\"name\": \"S1901M\",\n \"orders\": {\"FRANCE\": [\"A PAR H\"],\n \"FRANCE\": [\"A MAR H\"]}}]}",
                3,
                Some("S1901M"),
                "`FRANCE` is given twice in `phases[0].orders`",
            ),
            (
                "{\"id\": \"g\", \"phases\": [{\"name\": \"S1901M\", \"state\": {\"units\":\n {\"FRANCE\": [], \"FRANCE\": []}}}]}",
                2,
                Some("S1901M"),
                "`FRANCE` is given twice in `phases[0].state.units`",
            ),
            (
                "{\"id\": \"g\",\n \"map\": \"standard\",\n \"map\": \"pure\"}",
                3,
                None,
                "`map` is given twice: only one",
            ),
            (
                "{\"id\": \"g\", \"phases\": [{\"messages\": [{\"a\": 1,\n \"a\": 2}], \"name\": \"F1901M\"}]}",
                2,
                Some("F1901M"),
                "`a` is given twice in `phases[0].messages[0]`",
            ),
        ] {
            // The typed reading itself refuses it: the second reading only names the place.
            assert!(serde_json::from_str::<SavedGame>(text).is_err(), "{text}");
            let error = parse_games(text).remove(0).expect_err(text);
            assert_eq!((error.line(), error.game(), error.phase()), (Some(line), Some("g"), phase), "{text}: {error}");
            assert!(error.message().contains(expected), "{text}: {error}");
        }
        // Anywhere else.
        for twice in [
            r#"{"id": "g", "rules": [], "rules": []}"#,
            r#"{"id": "g", "metadata": {"a": {"b": 1, "b": 2}}}"#,
            r#"{"id": "g", "phases": [{"name": "S1901M", "name": "F1901M"}]}"#,
            r#"{"id": "g", "phases": [{"name": "S1901M", "logs": [], "logs": []}]}"#,
            r#"{"id": "g", "phases": [{"name": "S1901M", "results": {"A PAR": [], "A PAR": ["bounce"]}}]}"#,
            r#"{"id": "g", "phases": [{"name": "S1901M", "state": {"name": "S1901M", "name": "S1901M"}}]}"#,
            r#"{"id": "g", "phases": [{"name": "S1901M", "state": {"other": 1, "other": 1}}]}"#,
            r#"{"id": "g", "phases": [{"name": "S1901M", "state": {"centers": {"FRANCE": [], "FRANCE": []}}}]}"#,
            r#"{"id": "g", "phases": [{"name": "S1901M", "state": {"homes": {"FRANCE": [], "FRANCE": []}}}]}"#,
            r#"{"id": "g", "phases": [{"name": "S1901M", "state": {"retreats": {"FRANCE": {}, "FRANCE": {}}}}]}"#,
            r#"{"id": "g", "phases": [{"name": "S1901M", "state": {"retreats": {"FRANCE": {"A PAR": [], "A PAR": []}}}}]}"#,
            r#"{"id": "g", "phases": [{"name": "S1901M", "state": {"builds": {"FRANCE": {}, "FRANCE": {}}}}]}"#,
            r#"{"id": "g", "phases": [{"name": "S1901M", "state": {"builds": {"FRANCE": {"count": 1, "count": 2}}}}]}"#,
        ] {
            assert!(serde_json::from_str::<SavedGame>(twice).is_err(), "{twice}");
            let error = parse_games(twice).remove(0).expect_err(twice);
            assert!(error.message().contains("is given twice"), "{twice}: {error}");
            assert_eq!(error.game(), Some("g"), "{twice}: {error}");
            assert_eq!(error.phase().is_some(), twice.contains("phases"), "{twice}: {error}");
        }
        // One power under two names: the keys differ, the power does not.
        let map = dip_map::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/standard.ron")).expect("map");
        let text = r#"{"id": "g", "phases": [{"name": "S1901M", "orders": {"FRANCE": ["A PAR H"], "France": ["A MAR H"]},
            "state": {"units": {"FRANCE": ["A PAR"], "France": ["A MAR"]}, "centers": {"FRANCE": ["PAR"], "france": ["MAR"]}}}]}"#;
        let game = parse_games(text).remove(0).expect("read");
        let (_, errors) = phase_orders(&map, &game.phases[0], dip_map::PhaseKind::Movement);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].to_string(), "`France`: the power's orders are given twice, as `FRANCE` and `France`");
        let phase = dip_map::Phase { season: dip_map::Season::Spring, year: 1901, kind: dip_map::PhaseKind::Movement };
        let errors =
            state_to_position(&map, game.phases[0].state.as_ref().expect("state"), phase, &[]).expect_err("twice");
        let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            errors,
            [
                "`France`: the power's units are given twice, as `FRANCE` and `France`",
                "`france`: the power's centres are given twice, as `FRANCE` and `france`"
            ]
        );
        // The same key in two objects is no fault.
        let text = r#"{"id": "g", "phases": [{"name": "S1901M", "orders": {"FRANCE": []}}, {"name": "F1901M", "orders": {"FRANCE": []}}]}"#;
        assert!(parse_games(text).remove(0).is_ok());
    }

    /// A centre owned by two powers, or listed twice, is refused, naming the power and the
    /// centre.
    #[test]
    fn centres_owned_twice_are_refused() {
        let map = dip_map::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/standard.ron")).expect("map");
        let phase = dip_map::Phase { season: dip_map::Season::Spring, year: 1901, kind: dip_map::PhaseKind::Movement };
        for (centres, expected) in [
            (r#"{"FRANCE": ["PAR", "BEL"], "GERMANY": ["BEL"]}"#, "supply centre owned by both FRANCE and GERMANY"),
            (r#"{"FRANCE": ["PAR", "PAR"]}"#, "supply centre listed twice for FRANCE"),
        ] {
            let state: SavedState = serde_json::from_str(&format!(r#"{{"centers": {centres}}}"#)).expect("state");
            let errors = state_to_position(&map, &state, phase, &[]).expect_err(centres);
            assert_eq!(errors.len(), 1, "{errors:?}");
            assert_eq!(errors[0].message(), expected);
            assert_eq!(errors[0].item(), Some(if centres.contains("BEL") { "BEL" } else { "PAR" }));
        }
    }

    /// A phase after `COMPLETED` and a year before the variant's first are refused, naming
    /// the game and the phase.
    #[test]
    fn phases_after_the_end_or_before_the_start_are_refused() {
        let map = dip_map::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/standard.ron")).expect("map");
        let text = r#"{"id": "g", "phases": [{"name": "S0000M"}, {"name": "S1901M"}, {"name": "COMPLETED"},
            {"name": "F1901M"}, {"name": "W1901A"}]}"#;
        let game = parse_games(text).remove(0).expect("read");
        let faults: Vec<String> = phase_faults(&map, &game).iter().map(ToString::to_string).collect();
        assert_eq!(
            faults,
            [
                "game g, S0000M: year 0 is before the variant's first, 1901",
                "game g, F1901M: a phase after `COMPLETED`: the game was over",
                "game g, W1901A: a phase after `COMPLETED`: the game was over",
            ]
        );
        let text = r#"{"id": "g", "phases": [{"name": "S1901M"}, {"name": "F1901M"}, {"name": "COMPLETED"}]}"#;
        assert!(phase_faults(&map, &parse_games(text).remove(0).expect("read")).is_empty());
    }
}

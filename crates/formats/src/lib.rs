//! Diplomacy file formats for programs: the saved-game JSON of MILA's `diplomacy` and
//! dipcc ([`saved`]), replays of recorded games ([`replay_game`]), and what a phase decided
//! as versioned JSON (`docs/json.md`), with a stable machine code for every result.
//!
//! A saved game's board and orders, read against the map:
//!
//! ```
//! use dip_formats::saved::{self, PhaseName};
//!
//! let map = dip_map::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/standard.ron"))?;
//! let text = r#"{"id": "g1", "map": "standard", "phases": [{"name": "F1901M",
//!     "state": {"units": {"ENGLAND": ["F NWG", "A EDI"], "RUSSIA": ["F STP/SC"]},
//!               "centers": {"ENGLAND": ["EDI", "LON", "LVP"]}},
//!     "orders": {"ENGLAND": ["A EDI - NWY VIA", "F NWG C A EDI - NWY"], "RUSSIA": ["F STP/SC - BOT"]}}]}"#;
//! let game = saved::parse_games(text).remove(0)?;
//! let phase = &game.phases[0];
//! let Ok(PhaseName::Phase(name)) = saved::parse_phase_name(&phase.name) else { panic!() };
//! let board = saved::state_to_position(&map, phase.state.as_ref().unwrap(), name, &[]).map_err(|e| e[0].clone())?;
//! assert_eq!(board.units.len(), 3);
//! let (orders, problems) = saved::phase_orders(&map, phase, name.kind);
//! assert!(problems.is_empty() && orders.iter().all(|o| o.parsed.is_ok()));
//! let outcome = dip_movement::adjudicate(&map, &board, &[orders[0].parsed.clone()?, orders[1].parsed.clone()?], &Default::default())?;
//! assert!(outcome.results.iter().all(|r| r.succeeded()));
//! assert_eq!(saved::position_to_state(&map, &outcome.position).units["ENGLAND"], ["F NWG", "A NWY"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! What one phase decided, for a program:
//!
//! ```
//! use dip_formats::{Outcome, PhaseResults, PlayedPhase};
//! use dip_map::{PhaseKind, Position, Rules};
//! use dip_orders::{Notation, OrderLine, ParseOptions, parse_order};
//!
//! let map = dip_map::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/standard.ron"))?;
//! let start = Position::opening(&map);
//! let france = map.power_by_name("FRANCE").unwrap();
//! let germany = map.power_by_name("GERMANY").unwrap();
//! let lines: Vec<OrderLine> = [(france, "A PAR - BUR"), (germany, "A MUN - BUR"), (germany, "A BER - XYZ")]
//!     .into_iter()
//!     .map(|(power, text)| {
//!         let parsed = parse_order(&map, ParseOptions::new(PhaseKind::Movement).power(power), text);
//!         OrderLine { power, text: text.into(), line: None, parsed }
//!     })
//!     .collect();
//! let orders: Vec<_> = lines.iter().filter_map(|l| l.parsed.clone().ok()).collect();
//! let outcome = dip_movement::adjudicate(&map, &start, &orders, &Rules::default())?;
//! let played = PlayedPhase { start: &start, lines: &lines, outcome: Outcome::Movement(&outcome), next: &outcome.position };
//! let results = PhaseResults::new(&map, played, Notation::Mila)?;
//! assert_eq!(results.orders[0].code, "bounced");
//! assert_eq!(results.orders[0].by, ["MUN"]);
//! assert_eq!(results.orders[2].code, "unreadable");
//! let json = serde_json::to_string(&results)?;
//! assert!(json.starts_with(r#"{"schema":"dip-results","version":1,"#));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod explanation;
mod names;
mod replay;
mod results;
pub mod saved;

pub use explanation::{BackupRow, ExplanationRow, RouteRow, StatusRow, StrengthRow};
pub use names::{Names, list};
pub use replay::{Difference, Field, GameReplay, PhaseReplay, Verdict, replay_game};
pub use results::{
    BuiltRow, DisbandedRow, DislodgedRow, ImpliedRow, MismatchError, OrderRow, Outcome, PhaseResults, PlayedPhase,
    PowerRow, RESULTS_SCHEMA, RESULTS_VERSION, RemovedRow, RetreatedRow, UNREADABLE, UnorderedRow, UnreadableDetail,
    read_error_words, unreadable_consequence,
};

//! Diplomacy file formats for programs: what a phase decided as versioned JSON
//! (`docs/json.md`), with a stable machine code for every result.
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

mod names;
mod results;

pub use names::{Names, list};
pub use results::{
    BuiltRow, DisbandedRow, DislodgedRow, MismatchError, OrderRow, Outcome, PhaseResults, PlayedPhase, PowerRow,
    RESULTS_SCHEMA, RESULTS_VERSION, RemovedRow, RetreatedRow, UNREADABLE, UnorderedRow, UnreadableDetail,
    read_error_words, unreadable_consequence,
};

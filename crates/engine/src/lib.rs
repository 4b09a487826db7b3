//! dip: Diplomacy adjudication for any map described as data.
//!
//! This is the crate other games link. It re-exports the map, order and resolution
//! crates and embeds the variants shipped in `variants/`.
//!
//! ```
//! use dip::{PhaseKind, Position, Rules};
//!
//! let map = dip::variant("standard")?;
//! let position = Position::opening(&map);
//! let england = map.power_by_name("England").unwrap();
//! let options = dip::ParseOptions::new(PhaseKind::Movement).power(england);
//! let orders = vec![
//!     dip::parse_order(&map, options, "F London - North Sea")?,
//!     dip::parse_order(&map, options, "F Edinburgh - Norwegian Sea")?,
//!     dip::parse_order(&map, options, "A Liverpool - Yorkshire")?,
//! ];
//! for order in &orders {
//!     println!("{}", order.display(&map));
//! }
//! let outcome = dip::adjudicate(&map, &position, &orders, &Rules::default())?;
//! assert!(outcome.results.iter().all(|r| r.succeeded()));
//!
//! // A position of another map is an error, never an index out of bounds.
//! let other = dip::variant("colonial")?;
//! assert!(dip::adjudicate(&other, &position, &orders, &Rules::default()).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod batch;
pub mod check;
mod game;
mod housekeeping;
mod legal;
mod presets;
mod saved;

pub use dip_adjust as adjust;
pub use dip_formats as formats;
pub use dip_io as io;
pub use dip_map as map;
pub use dip_movement as movement;
pub use dip_orders as orders;
pub use game::{Game, PhaseOutcome, PhaseRecord, PhaseResult, play_phase, play_phase_with};
pub use housekeeping::{Arrival, OrderSet, flying_dutchmen, merge_order_sets, remove_flying_dutchmen};
pub use legal::{ConvoyMoves, LegalAction, LegalOrder, LegalOrders, UnitActionSink, legal_orders, legal_orders_at};
pub use presets::{
    Preset, PresetError, RULE_PRESETS, apply_override, apply_preset, parse_preset, preset, rules_preset,
};
pub use saved::{DifferingBoards, ReplayedGame, replay};

pub use dip_io::{Limits, ReadError, WriteError, atomic_write, atomic_write_with, read_to_string};

pub use dip_adjust::{
    AdjustmentOutcome, AdjustmentResult, RetreatOutcome, RetreatResult, adjudicate_adjustments, adjudicate_retreats,
};
pub use dip_map::{
    BuildRule, Dislodged, Fault, LoadError, LocId, MAX_DECISIONS, MAX_LOCATIONS, MAX_POWERS, MAX_RAILROADS, MAX_YEAR,
    Map, Phase, PhaseKind, Position, PositionError, PowerId, ProvinceId, RuleError, Rules, Season, Subject, Terrain,
    Unit, UnitKind, load, load_str, retreat_options,
};
/// Why each order of a movement phase did what it did ([`explain`]).
pub use dip_movement::explanation;
pub use dip_movement::{
    Adjudicator, DislodgedReport, Explanation, Failure, Illegal, MAX_CONVOY_FLEETS, MovementOutcome, OrderExplanation,
    OrderResult, Provinces, Resolved, adjudicate, explain,
};
pub use dip_orders::{
    Action, AdjudicationError, CoastSpec, NameMatching, Notation, Order, OrderLine, ParseError, ParseOptions, Place,
    PlaceSlot, PositionFile, UnitSpec, parse_order, parse_order_into, parse_unit,
};

include!(concat!(env!("OUT_DIR"), "/variants.rs"));

/// Loads an embedded variant by name (`standard`, `colonial`, …: every file of `variants/`).
pub fn variant(name: &str) -> Result<Map, LoadError> {
    match EMBEDDED_VARIANTS.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
        Some((n, text)) => load_str(&format!("variants/{n}.ron"), text),
        None => Err(LoadError::Io {
            file: format!("variants/{name}.ron"),
            message: format!("no embedded variant named `{name}`"),
        }),
    }
}

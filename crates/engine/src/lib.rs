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
//! let outcome = dip::adjudicate(&map, &position, &orders, &Rules::default());
//! assert!(outcome.results.iter().all(|r| r.succeeded()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use dip_map as map;
pub use dip_movement as movement;
pub use dip_orders as orders;

pub use dip_map::{
    load, load_str, BuildRule, Dislodged, LoadError, LocId, Map, Phase, PhaseKind, Position, PowerId, ProvinceId,
    RuleError, Rules, Season, Terrain, Unit, UnitKind,
};
pub use dip_movement::{adjudicate, Adjudicator, DislodgedReport, Failure, Illegal, MovementOutcome, OrderResult};
pub use dip_orders::{
    parse_order, parse_unit, Action, NameMatching, Order, OrderLine, ParseError, ParseOptions, PositionFile,
};

/// The variants compiled into the library: (name, RON text).
pub const EMBEDDED_VARIANTS: &[(&str, &str)] = &[("standard", include_str!("../../../variants/standard.ron"))];

/// Loads an embedded variant by name (`standard`).
pub fn variant(name: &str) -> Result<Map, LoadError> {
    match EMBEDDED_VARIANTS.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
        Some((n, text)) => load_str(&format!("variants/{n}.ron"), text),
        None => Err(LoadError::Io { file: format!("variants/{name}.ron"), message: format!("no embedded variant named `{name}`") }),
    }
}

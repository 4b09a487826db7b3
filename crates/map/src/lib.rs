//! Diplomacy map geometry: a variant described as RON data, compiled into dense `Copy` ids
//! and adjacency bit sets.
//!
//! This crate knows the board and what stands on it; it knows nothing of orders.
//!
//! ```
//! let map = dip_map::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/standard.ron"))?;
//! let lon = map.province_by_name("London").unwrap();
//! let nth = map.province_by_name("nth").unwrap();
//! assert!(map.fleet_reaches(map.main_loc(lon), nth));
//! assert_eq!(map.centres().count(), 34);
//! # Ok::<(), dip_map::LoadError>(())
//! ```

mod error;
mod ids;
mod load;
mod map;
mod position;
pub mod rules;
pub mod schema;
mod validate;

pub use error::{LoadError, Problem};
pub use ids::{LocId, PhaseKind, PowerId, ProvinceId, Season, UnitKind};
pub use load::{MAX_DECISIONS, MAX_LOCATIONS, MAX_POWERS, MAX_RAILROADS, VariantBuilder, load, load_limited, load_str};
pub use map::{
    Canal, CentreRestriction, DifficultBorder, Location, Map, Power, Province, Railroad, StartUnit, normalise_name,
};
pub use position::{Dislodged, Phase, Position, Unit};
pub use rules::{ChoiceNames, RuleError, Rules};
pub use schema::{BuildRule, CalendarDef, LeadDef, PowerRole, Terrain, VariantFile};
pub use validate::{Fault, MAX_YEAR, PositionError, Subject, retreat_options};

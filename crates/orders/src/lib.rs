//! Diplomacy orders: the order model and a parser for the notations players write.
//!
//! ```
//! use dip_map::PhaseKind;
//! use dip_orders::{parse_order, ParseOptions};
//!
//! let map = dip_map::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/standard.ron"))?;
//! let england = map.power_by_name("England").unwrap();
//! let options = ParseOptions::new(PhaseKind::Movement).power(england);
//! for text in ["F North Sea Convoys A Yorkshire - Belgium", "F nth C A yor-bel", "F NTH C A YOR - BEL"] {
//!     let order = parse_order(&map, options, text).unwrap();
//!     assert_eq!(order.display(&map).to_string(), "F North Sea Convoys A Yorkshire - Belgium");
//! }
//! let bad = parse_order(&map, options, "A Lodnn - Belgium").unwrap_err();
//! assert_eq!(bad.suggestions[0], "London");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod check;
mod fast;
mod file;
mod lex;
mod model;
mod names;
mod parse;
mod source;

pub use check::{AdjudicationError, check_input, check_input_but_ids, foreign_order};
pub use file::{
    DislodgedEntry, FileProblem, OrderLine, OrdersRead, PositionFile, find_line, parse_place_loc, parse_unit,
    read_orders,
};
pub use model::{Action, CoastSpec, Notation, Order, OrderDisplay, Place, PlaceSlot, UnitSpec};
pub use names::{NameMatching, interpret_name, suggestions};
pub use parse::{ParseError, ParseOptions, parse_order, parse_order_into};
pub use source::{SourceIndex, UniqueKeys, unique_keys, unique_keys_opt};

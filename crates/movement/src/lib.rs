//! Movement-phase adjudication for Diplomacy on any map: Kruijswijk's decisions (DATC
//! chapter 5) with the Szykman rule for convoy paradoxes.
//!
//! Resolution does no I/O and never panics on any position or orders.
//!
//! ```
//! use dip_map::{PhaseKind, Position, Rules};
//! use dip_orders::{parse_order, ParseOptions};
//!
//! let map = dip_map::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/standard.ron"))?;
//! let position = Position::opening(&map);
//! let france = map.power_by_name("France").unwrap();
//! let germany = map.power_by_name("Germany").unwrap();
//! let orders = vec![
//!     parse_order(&map, ParseOptions::new(PhaseKind::Movement).power(france), "A Paris - Burgundy")?,
//!     parse_order(&map, ParseOptions::new(PhaseKind::Movement).power(france), "A Marseilles Supports A Paris - Burgundy")?,
//!     parse_order(&map, ParseOptions::new(PhaseKind::Movement).power(germany), "A Munich - Burgundy")?,
//! ];
//! let outcome = dip_movement::adjudicate(&map, &position, &orders, &Rules::default())?;
//! assert!(outcome.results[0].succeeded());
//! assert!(!outcome.results[2].succeeded());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod explanation;
mod input;
mod outcome;
mod provinces;
mod report;
mod resolve;

pub use explanation::{Explanation, OrderExplanation};
pub use input::MAX_CONVOY_FLEETS;
pub use outcome::{DislodgedReport, Failure, Illegal, ImpliedMove, MovementOutcome, OrderResult};
pub use provinces::Provinces;
pub use resolve::{Adjudicator, Resolved};

use dip_map::{Map, Position, Rules};
use dip_orders::{AdjudicationError, Order};

/// Adjudicates one movement phase. For many phases in a loop, keep an [`Adjudicator`].
///
/// A position or orders of another map, a position not in a movement phase, or too many
/// fleets convoying one army are an error; nothing else is.
pub fn adjudicate(
    map: &Map,
    position: &Position,
    orders: &[Order],
    rules: &Rules,
) -> Result<MovementOutcome, AdjudicationError> {
    Ok(Adjudicator::new().run_phase(map, position, orders, rules)?.outcome())
}

/// Adjudicates one movement phase and explains how each order was decided (see
/// [`explanation`]): the results are those of [`adjudicate`], with the strengths, supports,
/// routes and backup rules behind them. For many phases, keep an [`Adjudicator`] and call
/// [`Adjudicator::explain`] after [`Adjudicator::run`] only where an explanation is wanted.
///
/// ```
/// use dip_map::{PhaseKind, Position, Rules};
/// use dip_movement::explanation::{SupportStatus, Trace};
/// use dip_orders::{parse_order, ParseOptions};
///
/// let map = dip_map::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/standard.ron"))?;
/// let position = Position::opening(&map);
/// let (france, germany) = (map.power_by_name("France").unwrap(), map.power_by_name("Germany").unwrap());
/// let read = |power, text| parse_order(&map, ParseOptions::new(PhaseKind::Movement).power(power), text);
/// let orders = vec![
///     read(france, "A Paris - Burgundy")?,
///     read(france, "A Marseilles Supports A Paris - Burgundy")?,
///     read(germany, "A Munich - Burgundy")?,
/// ];
/// let explanation = dip_movement::explain(&map, &position, &orders, &Rules::default())?;
/// let paris = &explanation.orders[0];
/// let Trace::Move(mv) = &paris.trace else { panic!("a move") };
/// assert_eq!(mv.attack.value, 2);
/// assert_eq!(mv.attack.supports[0].status, SupportStatus::Counted);
/// assert_eq!(mv.opposing.iter().map(|s| s.value).max(), Some(1));
/// assert_eq!(
///     paris.display(&map).to_string().lines().next(),
///     Some("attack strength of A Paris (France): 2 = 1 + 1 support; support from A Marseilles (France) counted")
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn explain(
    map: &Map,
    position: &Position,
    orders: &[Order],
    rules: &Rules,
) -> Result<Explanation, AdjudicationError> {
    Ok(Adjudicator::new().run_phase(map, position, orders, rules)?.explain())
}

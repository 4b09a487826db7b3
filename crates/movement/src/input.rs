//! What [`Adjudicator::run`](crate::Adjudicator::run) checks before it reads anything:
//! the position's tables are of the map, and no convoy needs more fleets than the resolver
//! follows. Linear in the input; nothing is allocated unless a phase has more convoy
//! orders than one convoy may have fleets. Each unit's ids are checked as the setup reads
//! it, and each order's as the intake reads it (an order it reads by lookups that would
//! fail on an id the map does not have, the usual move, costs nothing more). So the faults
//! of the position's tables are reported first, then too many convoys, then the units'
//! (a foreign id or a second unit in a province, in the order of the units), then the
//! first foreign order.

use dip_map::{Map, PhaseKind, Position};
use dip_orders::{Action, AdjudicationError, Order, check_input_but_ids};

/// Most fleets the resolver follows in the convoy of one army: its routes are searched
/// over a 128-bit set of fleets.
pub const MAX_CONVOY_FLEETS: usize = 128;

pub(crate) fn check(map: &Map, position: &Position, orders: &[Order]) -> Result<(), AdjudicationError> {
    check_input_but_ids(map, position, PhaseKind::Movement)?;
    // Too many convoy orders for one army needs more orders than that in all: the usual
    // phase is not read a second time.
    if orders.len() > MAX_CONVOY_FLEETS
        && orders.iter().filter(|o| matches!(o.action, Action::Convoy { .. })).count() > MAX_CONVOY_FLEETS
    {
        let mut per_army = vec![0usize; map.province_count()];
        for order in orders {
            // A province the map does not have: the intake refuses the order.
            if let Action::Convoy { army, .. } = &order.action
                && let Some(count) = per_army.get_mut(army.place.province.index())
            {
                *count += 1;
            }
        }
        if let Some((p, &fleets)) = per_army.iter().enumerate().find(|&(_, &n)| n > MAX_CONVOY_FLEETS) {
            let army = map.province(dip_map::ProvinceId(p as u16)).name.clone();
            return Err(AdjudicationError::TooManyConvoys { army, fleets, limit: MAX_CONVOY_FLEETS });
        }
    }
    Ok(())
}

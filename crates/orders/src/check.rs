//! What every adjudication entry point checks before it reads a position and orders: that
//! they are of the map it is given. Legality is the adjudicator's business; this only keeps
//! ids the map does not have out of its tables.

use std::fmt;

use dip_map::{LocId, Map, Phase, PhaseKind, PositionError, PowerId, ProvinceId};

use crate::model::{Action, CoastSpec, Order, Place, UnitSpec};

/// Why a position and orders cannot be adjudicated. Each public adjudication function
/// returns one instead of reading out of bounds or silently dropping a unit.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum AdjudicationError {
    /// The position is not of the map, or not of the shape its phase needs.
    Position(PositionError),
    /// Order number `index` (0-based, in the order given) names an id the map does not have.
    ForeignOrder { index: usize, message: String },
    /// The position's phase is not the kind this function adjudicates.
    WrongPhase { expected: PhaseKind, found: Phase },
    /// More fleets are ordered to convoy one army than the resolver follows.
    TooManyConvoys { army: String, fleets: usize, limit: usize },
    /// The phase after this one would be past the last year dip counts.
    YearOutOfRange { year: u16 },
    /// [`Adjudicator::outcome`](../dip_movement/struct.Adjudicator.html) was asked about
    /// another map or other orders than its last successful run.
    NotTheLastRun,
}

impl fmt::Display for AdjudicationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AdjudicationError::Position(e) => write!(f, "invalid position: {e}"),
            AdjudicationError::ForeignOrder { index, message } => write!(f, "order {}: {message}", index + 1),
            AdjudicationError::WrongPhase { expected, found } => {
                write!(f, "the position is in {found}, not in a {} phase", expected.to_string().to_lowercase())
            }
            AdjudicationError::TooManyConvoys { army, fleets, limit } => write!(
                f,
                "{fleets} fleets are ordered to convoy the army in {army}: dip follows at most {limit} fleets in one convoy"
            ),
            AdjudicationError::YearOutOfRange { year } => {
                write!(f, "the game cannot go on past {year}: dip counts years up to {}", u16::MAX)
            }
            AdjudicationError::NotTheLastRun => {
                f.write_str("the outcome was asked for another map or other orders than the last adjudication")
            }
        }
    }
}

impl std::error::Error for AdjudicationError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AdjudicationError::Position(e) => Some(e),
            _ => None,
        }
    }
}

impl From<PositionError> for AdjudicationError {
    fn from(e: PositionError) -> Self {
        AdjudicationError::Position(e)
    }
}

impl Order {
    /// Whether every id the order names (powers, provinces, coasts) is one of the map's.
    /// Railroad and canal numbers are not checked here: an unknown one is an illegal order.
    pub fn check(&self, map: &Map) -> Result<(), String> {
        if self.ids_within(map.power_count(), map.province_count(), map.location_count()) {
            return Ok(());
        }
        let power = |p: PowerId| {
            if p.index() < map.power_count() {
                Ok(())
            } else {
                Err(format!("power {} is not on the map `{}` ({} powers)", p.index(), map.name(), map.power_count()))
            }
        };
        let province = |p: ProvinceId| {
            if p.index() < map.province_count() {
                Ok(())
            } else {
                Err(format!(
                    "province {} is not on the map `{}` ({} provinces)",
                    p.index(),
                    map.name(),
                    map.province_count()
                ))
            }
        };
        let place = |place: &Place| {
            province(place.province)?;
            match place.coast() {
                Some(CoastSpec::Known(loc)) if loc.index() >= map.location_count() => Err(location(map, loc)),
                _ => Ok(()),
            }
        };
        let unit = |spec: &UnitSpec| {
            if let Some(p) = spec.power {
                power(p)?;
            }
            place(&spec.place)
        };
        power(self.power)?;
        unit(&self.unit)?;
        match &self.action {
            Action::Hold | Action::Disband | Action::Build | Action::Remove | Action::Waive => Ok(()),
            Action::Move { to, .. } => {
                self.path().iter().try_for_each(|&p| province(p))?;
                place(to)
            }
            Action::SupportHold { target } => unit(target),
            Action::SupportMove { target, to } => {
                unit(target)?;
                place(to)
            }
            Action::Convoy { army, to } => {
                unit(army)?;
                place(to)
            }
            Action::Rail { to, .. } | Action::Retreat { to } => place(to),
            Action::Permit { to, .. } => to.as_ref().map_or(Ok(()), place),
        }
    }
}

fn location(map: &Map, loc: LocId) -> String {
    format!("location {} is not on the map `{}` ({} locations)", loc.index(), map.name(), map.location_count())
}

impl Order {
    /// [`Order::check`]'s question as a yes or no, without building a message, with the
    /// map's counts of powers, provinces and locations read once by the caller: the fast
    /// path of every adjudication.
    #[inline(always)]
    pub fn ids_within(&self, powers: usize, provinces: usize, locations: usize) -> bool {
        // Each id's test a comparison, the tests joined without branches (`&`, not `&&`).
        let place = |p: &Place| p.ids_within(provinces, locations);
        let unit = |u: &UnitSpec| u.power.is_none_or(|p| p.index() < powers) & place(&u.place);
        (self.power.index() < powers)
            & unit(&self.unit)
            & match &self.action {
                Action::Hold | Action::Disband | Action::Build | Action::Remove | Action::Waive => true,
                Action::Move { to, .. } => place(to) && self.path().iter().all(|p| p.index() < provinces),
                Action::SupportHold { target } => unit(target),
                Action::SupportMove { target, to } | Action::Convoy { army: target, to } => unit(target) & place(to),
                Action::Rail { to, .. } | Action::Retreat { to } => place(to),
                Action::Permit { to, .. } => to.as_ref().is_none_or(place),
            }
    }
}

/// The checks of every adjudication entry point: the position is of the map and in a
/// phase of `kind`, and every order names only the map's ids. Linear in the input.
pub fn check_input(
    map: &Map,
    position: &dip_map::Position,
    orders: &[Order],
    kind: PhaseKind,
) -> Result<(), AdjudicationError> {
    position.check(map)?;
    check_input_but_ids(map, position, kind)?;
    // The usual answer inline, with the map's counts read once; the slow pass names the fault.
    let (powers, provinces, locations) = (map.power_count(), map.province_count(), map.location_count());
    for (index, order) in orders.iter().enumerate() {
        if !order.ids_within(powers, provinces, locations) {
            return Err(foreign_order(map, order, index));
        }
    }
    Ok(())
}

/// Why order number `index` is refused: it names an id the map does not have (the caller
/// found [`Order::ids_within`] false).
#[cold]
pub fn foreign_order(map: &Map, order: &Order, index: usize) -> AdjudicationError {
    let message = match order.check(map) {
        Err(message) => message,
        // Not reached when the caller asked `ids_within`: the two checks ask the same.
        Ok(()) => "it names an id the map does not have".to_owned(),
    };
    AdjudicationError::ForeignOrder { index, message }
}

/// [`check_input`] but for the ids of the position's units and of the orders: the rest of
/// the position is of the map ([`Position::check_tables`](dip_map::Position::check_tables))
/// and in a phase of `kind`. For a reader that checks each unit's and order's ids
/// ([`Position::check`](dip_map::Position::check) for the message of a unit's,
/// [`Order::ids_within`] and [`foreign_order`]) before it reads anything else of them, or
/// knows them from lookups that would have failed.
pub fn check_input_but_ids(map: &Map, position: &dip_map::Position, kind: PhaseKind) -> Result<(), AdjudicationError> {
    position.check_tables(map)?;
    if position.phase.kind != kind {
        return Err(AdjudicationError::WrongPhase { expected: kind, found: position.phase });
    }
    // A spring whose fall (Hundred's calendar: five years on) is past the last year.
    if position.phase.season == dip_map::Season::Spring && map.fall_year(position.phase.year).is_none() {
        return Err(AdjudicationError::YearOutOfRange { year: position.phase.year });
    }
    Ok(())
}

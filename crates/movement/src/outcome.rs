//! Results of a movement phase, as a player reads them.

use serde::{Deserialize, Serialize};

use dip_map::{LocId, Position, PowerId, ProvinceId, Unit};

/// Why an order can never be carried out, whatever the other orders (DATC §4.E.1). The
/// unit holds instead.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Illegal {
    /// No unit in the ordered province.
    NoUnit,
    /// The unit belongs to another power.
    ForeignUnit,
    /// The order names the wrong unit type (under §4.C.2 choice a).
    WrongUnitType,
    /// The order names a coast the unit is not on (under §4.B.5 choice a).
    WrongCoast,
    /// The order names a coast that does not exist (under §4.B.6 choice a).
    UnknownCoast,
    /// Not an order for a movement phase (a build, a retreat).
    WrongPhase,
    /// A move to the province the unit is in.
    MoveToSelf,
    /// The unit cannot reach the destination, not even by a convoy.
    Unreachable,
    /// The destination has two reachable coasts and none was named (§4.B.1).
    CoastNeeded,
    /// The named coast cannot be reached (§4.B.3).
    CoastUnreachable,
    /// A support of the supporter itself, or into its own province.
    SupportSelf,
    /// No unit where the support or convoy order says.
    NoSuchUnit,
    /// The supporter cannot reach the province it supports into.
    SupportUnreachable,
    /// The supported unit could never move there.
    SupportedMoveImpossible,
    /// A convoy by a fleet that is not at sea.
    ConvoyNotAtSea,
    /// A convoy of a fleet.
    ConvoyOfFleet,
    /// No chain of fleets could carry the army through this fleet.
    ConvoyImpossible,
    /// Another, different order was given to the same unit (§4.D.3 choice c).
    ConflictingOrders,
    /// The unit, its destination or the province it supports into is frozen this season
    /// (ice, DATC chapter 8).
    Frozen,
    /// Support across a border that is difficult to pass (DATC chapter 10).
    SupportOverDifficultBorder,
    /// The same order was given twice; the first one counts.
    Duplicate,
}

/// Why a legal order failed.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Failure {
    /// The move was stopped by these units (the defender, or competitors for the province).
    Bounced { by: Vec<ProvinceId> },
    /// A convoyed move found no chain of successfully convoying fleets.
    NoConvoyPath,
    /// The support was cut by an attack from this province.
    SupportCut { by: ProvinceId },
    /// The supporter was dislodged by the unit from this province.
    SupportDislodged { by: ProvinceId },
    /// The supported unit does not do what the support says.
    SupportVoid,
    /// The convoying fleet was dislodged by the unit from this province.
    ConvoyDislodged { by: ProvinceId },
    /// No army moves along a route through this fleet.
    ConvoyVoid,
    /// The convoy was part of a paradox and failed by the paradox rule (§4.A.2).
    ConvoyParadox,
    /// The unit was dislodged by the unit from this province.
    Dislodged { by: ProvinceId },
}

/// The result of one order.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum OrderResult {
    Succeeds,
    Fails(Failure),
    Illegal(Illegal),
}

impl OrderResult {
    pub fn succeeded(&self) -> bool {
        matches!(self, OrderResult::Succeeds)
    }
}

/// A unit dislodged in the phase, with where it may go.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct DislodgedReport {
    pub unit: Unit,
    /// Province of the unit that dislodged it.
    pub by: ProvinceId,
    /// Whether that unit came by convoy.
    pub by_convoy: bool,
    /// Locations it may retreat to (DATC 5.B.11: per unit).
    pub retreats: Vec<LocId>,
}

/// Everything a movement phase decided.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct MovementOutcome {
    /// One result per order given, in the order given.
    pub results: Vec<OrderResult>,
    /// Units that did not receive a legal order and held: (power, location).
    pub unordered: Vec<(PowerId, LocId)>,
    pub dislodged: Vec<DislodgedReport>,
    /// Provinces left empty by a standoff: no retreat may go there.
    pub contested: Vec<ProvinceId>,
    /// The board after the phase, with dislodged units waiting to retreat.
    pub position: Position,
}

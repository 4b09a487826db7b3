//! Results of a movement phase, as a player reads them.

use serde::{Deserialize, Serialize};

use dip_map::{LocId, Position, PowerId, ProvinceId, Unit};

use crate::Provinces;

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
    /// The order names no unit type (under §4.C.1 choice a).
    MissingUnitType,
    /// A support or convoy of a foreign unit without its nationality (under §4.C.5 a).
    MissingNationality,
    /// A support or convoy naming the wrong nationality (under §4.C.6 choice a).
    WrongNationality,
    /// Another order for the unit, with its designations right, counts instead (§4.C.1,
    /// §4.C.2, §4.C.5, §4.C.6 choice c).
    Superseded,
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
    /// A railroad move by a unit that may not use the railroad (a fleet, another power).
    RailroadForbidden,
    /// A railroad move from or to a province that is no station of the railroad.
    NotOnRailroad,
    /// Two units were ordered along the same railroad; neither may go (DATC 7.B.33).
    RailroadBusy,
    /// A canal permission from a power without a unit in the canal's keeper province.
    NoCanalControl,
    /// A canal permission for a unit at neither end of the canal.
    PermitNotAtCanal,
    /// An order other than hold for a unit of a neutral power: neutral units only hold.
    NeutralUnit,
}

impl Illegal {
    /// Every reason, in declaration order (for documentation and tests).
    pub const ALL: &'static [Illegal] = &[
        Illegal::NoUnit,
        Illegal::ForeignUnit,
        Illegal::WrongUnitType,
        Illegal::MissingUnitType,
        Illegal::MissingNationality,
        Illegal::WrongNationality,
        Illegal::Superseded,
        Illegal::WrongCoast,
        Illegal::UnknownCoast,
        Illegal::WrongPhase,
        Illegal::MoveToSelf,
        Illegal::Unreachable,
        Illegal::CoastNeeded,
        Illegal::CoastUnreachable,
        Illegal::SupportSelf,
        Illegal::NoSuchUnit,
        Illegal::SupportUnreachable,
        Illegal::SupportedMoveImpossible,
        Illegal::ConvoyNotAtSea,
        Illegal::ConvoyOfFleet,
        Illegal::ConvoyImpossible,
        Illegal::ConflictingOrders,
        Illegal::Frozen,
        Illegal::SupportOverDifficultBorder,
        Illegal::Duplicate,
        Illegal::RailroadForbidden,
        Illegal::NotOnRailroad,
        Illegal::RailroadBusy,
        Illegal::NoCanalControl,
        Illegal::PermitNotAtCanal,
        Illegal::NeutralUnit,
    ];

    /// A stable snake_case name for programs (`no_unit`, `unreachable`); documented in
    /// `docs/json.md` and never changed once released.
    pub fn code(self) -> &'static str {
        match self {
            Illegal::NoUnit => "no_unit",
            Illegal::ForeignUnit => "foreign_unit",
            Illegal::WrongUnitType => "wrong_unit_type",
            Illegal::MissingUnitType => "missing_unit_type",
            Illegal::MissingNationality => "missing_nationality",
            Illegal::WrongNationality => "wrong_nationality",
            Illegal::Superseded => "superseded",
            Illegal::WrongCoast => "wrong_coast",
            Illegal::UnknownCoast => "unknown_coast",
            Illegal::WrongPhase => "wrong_phase",
            Illegal::MoveToSelf => "move_to_self",
            Illegal::Unreachable => "unreachable",
            Illegal::CoastNeeded => "coast_needed",
            Illegal::CoastUnreachable => "coast_unreachable",
            Illegal::SupportSelf => "support_self",
            Illegal::NoSuchUnit => "no_such_unit",
            Illegal::SupportUnreachable => "support_unreachable",
            Illegal::SupportedMoveImpossible => "supported_move_impossible",
            Illegal::ConvoyNotAtSea => "convoy_not_at_sea",
            Illegal::ConvoyOfFleet => "convoy_of_fleet",
            Illegal::ConvoyImpossible => "convoy_impossible",
            Illegal::ConflictingOrders => "conflicting_orders",
            Illegal::Frozen => "frozen",
            Illegal::SupportOverDifficultBorder => "support_over_difficult_border",
            Illegal::Duplicate => "duplicate",
            Illegal::RailroadForbidden => "railroad_forbidden",
            Illegal::NotOnRailroad => "not_on_railroad",
            Illegal::RailroadBusy => "railroad_busy",
            Illegal::NoCanalControl => "no_canal_control",
            Illegal::PermitNotAtCanal => "permit_not_at_canal",
            Illegal::NeutralUnit => "neutral_unit",
        }
    }
}

impl std::fmt::Display for Illegal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Illegal::NoUnit => "there is no unit there",
            Illegal::ForeignUnit => "the unit belongs to another power",
            Illegal::WrongUnitType => "the order names the wrong type of unit",
            Illegal::WrongCoast => "the unit is not on the coast the order names",
            Illegal::UnknownCoast => "the order names a coast that does not exist",
            Illegal::WrongPhase => "it is not an order for a movement phase",
            Illegal::MoveToSelf => "a unit cannot move to the province it is in",
            Illegal::Unreachable => "the unit cannot reach the destination, not even by convoy",
            Illegal::CoastNeeded => "the fleet can reach two coasts of the destination and none was named",
            Illegal::CoastUnreachable => "the fleet cannot reach the coast named",
            Illegal::SupportSelf => "a unit cannot support itself or a move into its own province",
            Illegal::NoSuchUnit => "there is no unit where the order says",
            Illegal::SupportUnreachable => "the supporting unit cannot reach the province it supports into",
            Illegal::SupportedMoveImpossible => "the supported unit could never make that move",
            Illegal::ConvoyNotAtSea => "only a fleet at sea can convoy",
            Illegal::ConvoyOfFleet => "a fleet cannot be convoyed",
            Illegal::ConvoyImpossible => "no chain of fleets could carry the army through this fleet",
            Illegal::ConflictingOrders => "the unit was given another, different order",
            Illegal::Duplicate => "the same order was given twice and the first one counts",
            Illegal::Frozen => "the province is frozen in this season",
            Illegal::SupportOverDifficultBorder => "support cannot be given across a difficult border",
            Illegal::MissingUnitType => "the order names no unit type",
            Illegal::MissingNationality => "the order leaves out the nationality of a foreign unit",
            Illegal::WrongNationality => "the order names the wrong nationality",
            Illegal::Superseded => "another order for the unit, written correctly, counts instead",
            Illegal::RailroadForbidden => "only the railroad's power's armies may use it",
            Illegal::NotOnRailroad => "the unit or its destination is not a station of the railroad",
            Illegal::RailroadBusy => "two units were ordered along the railroad and only one may use it a turn",
            Illegal::NoCanalControl => "only the power with a unit in the canal's keeper province may give permission",
            Illegal::PermitNotAtCanal => "the unit given permission is at neither end of the canal",
            Illegal::NeutralUnit => "a unit of a neutral power only holds",
        })
    }
}

/// Why a legal order failed.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Failure {
    /// The move was stopped by these units (the defender, or competitors for the province).
    Bounced { by: Provinces },
    /// A convoyed move found no chain of successfully convoying fleets.
    NoConvoyPath,
    /// The move can never be made; it counts as an order under §4.E.1 choice a or b.
    Impossible,
    /// The support was cut by an attack from this province.
    SupportCut { by: ProvinceId },
    /// The supporter was dislodged by the unit from this province.
    SupportDislodged { by: ProvinceId },
    /// The supported unit does not do what the support says.
    SupportVoid,
    /// The convoying fleet was dislodged by the unit from this province.
    ConvoyDislodged { by: ProvinceId },
    /// The convoy matches no move the army makes by convoy: the army holds, moves elsewhere
    /// or goes by land (§4.A.3), the fleet is off the path the army's order writes (§4.A.6),
    /// or the order is impossible and kept only under §4.E.1 a or b. (A matching convoy
    /// whose fleet stays succeeds, DATC §5.B.3, even when its army finds no chain.)
    ConvoyVoid,
    /// The convoy was part of a paradox and failed by the paradox rule (§4.A.2).
    ConvoyParadox,
    /// The unit was dislodged by the unit from this province.
    Dislodged { by: ProvinceId },
    /// The move or support crossed a canal without permission, or its keeper left or was
    /// dislodged (DATC 7.C).
    CanalClosed,
    /// The crossing was part of a paradox and failed by the canal's paradox rule.
    CanalParadox,
    /// The move along a railroad stopped short of its destination, in this province.
    RailStopped { at: ProvinceId },
}

/// The result of one order.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum OrderResult {
    Succeeds,
    Fails(Failure),
    Illegal(Illegal),
}

impl Failure {
    /// Every failure's code, for documentation and tests.
    pub const CODES: &'static [&'static str] = &[
        "bounced",
        "no_convoy",
        "impossible",
        "cut",
        "dislodged",
        "void",
        "disrupted",
        "canal_closed",
        "canal_paradox",
        "rail_stopped",
    ];

    /// A stable snake_case name for programs: `bounced`, `no_convoy` (no chain of convoying
    /// fleets carried the army), `impossible` (a move that can never be made), `cut`,
    /// `dislodged` (a support, convoy or hold whose unit was dislodged), `void` (a support
    /// or convoy the other unit did not match), `disrupted` (a convoy failed by the paradox
    /// rule), `canal_closed`, `canal_paradox`, `rail_stopped`. Documented in `docs/json.md`.
    pub fn code(&self) -> &'static str {
        match self {
            Failure::Bounced { .. } => "bounced",
            Failure::NoConvoyPath => "no_convoy",
            Failure::Impossible => "impossible",
            Failure::SupportCut { .. } => "cut",
            Failure::SupportDislodged { .. } | Failure::ConvoyDislodged { .. } | Failure::Dislodged { .. } => {
                "dislodged"
            }
            Failure::SupportVoid | Failure::ConvoyVoid => "void",
            Failure::ConvoyParadox => "disrupted",
            Failure::CanalClosed => "canal_closed",
            Failure::CanalParadox => "canal_paradox",
            Failure::RailStopped { .. } => "rail_stopped",
        }
    }

    /// The provinces of the units that caused the failure (the units it bounced against,
    /// the attacker that cut, dislodged or disrupted it, the station it stopped in).
    pub fn caused_by(&self) -> &[ProvinceId] {
        match self {
            Failure::Bounced { by } => by,
            Failure::SupportCut { by }
            | Failure::SupportDislodged { by }
            | Failure::ConvoyDislodged { by }
            | Failure::Dislodged { by } => std::slice::from_ref(by),
            Failure::RailStopped { at } => std::slice::from_ref(at),
            Failure::NoConvoyPath
            | Failure::Impossible
            | Failure::SupportVoid
            | Failure::ConvoyVoid
            | Failure::ConvoyParadox
            | Failure::CanalClosed
            | Failure::CanalParadox => &[],
        }
    }
}

impl OrderResult {
    pub fn succeeded(&self) -> bool {
        matches!(self, OrderResult::Succeeds)
    }

    /// A stable snake_case name for programs: `succeeds`, a failure's [`Failure::code`], or
    /// `illegal` (the reason's own code is [`Illegal::code`]).
    pub fn code(&self) -> &'static str {
        match self {
            OrderResult::Succeeds => "succeeds",
            OrderResult::Fails(why) => why.code(),
            OrderResult::Illegal(_) => "illegal",
        }
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

/// The move of a unit that was given no order of its own, implied by its power's support or
/// convoy of that move (DATC §4.E.3 choice a, `implicit_orders: Allowed`).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ImpliedMove {
    /// The unit, where it started.
    pub unit: Unit,
    /// The province the move goes to.
    pub to: ProvinceId,
    /// What the move did, as an order's result says it.
    pub result: OrderResult,
}

/// Everything a movement phase decided.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct MovementOutcome {
    /// One result per order given, in the order given.
    pub results: Vec<OrderResult>,
    /// Units that did not receive a legal order and held: (power, location). A unit moved
    /// by an implied order is in `implied` instead.
    pub unordered: Vec<(PowerId, LocId)>,
    /// The moves implied for units without an order (§4.E.3 choice a), by unit; empty
    /// under the other choice.
    #[serde(default)]
    pub implied: Vec<ImpliedMove>,
    pub dislodged: Vec<DislodgedReport>,
    /// Provinces left empty by a standoff: no retreat may go there.
    pub contested: Vec<ProvinceId>,
    /// The board after the phase, with dislodged units waiting to retreat.
    pub position: Position,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snake_case(code: &str) -> bool {
        !code.is_empty() && code.bytes().all(|b| b.is_ascii_lowercase() || b == b'_') && !code.starts_with('_')
    }

    #[test]
    fn codes_are_snake_case_and_distinct() {
        let mut seen = std::collections::HashSet::new();
        for why in Illegal::ALL {
            assert!(snake_case(why.code()), "{why:?}: `{}`", why.code());
            assert!(seen.insert(why.code()), "{why:?}: `{}` twice", why.code());
        }
        let p = ProvinceId(0);
        let failures = [
            Failure::Bounced { by: [p].into() },
            Failure::NoConvoyPath,
            Failure::Impossible,
            Failure::SupportCut { by: p },
            Failure::SupportDislodged { by: p },
            Failure::SupportVoid,
            Failure::ConvoyDislodged { by: p },
            Failure::ConvoyVoid,
            Failure::ConvoyParadox,
            Failure::Dislodged { by: p },
            Failure::CanalClosed,
            Failure::CanalParadox,
            Failure::RailStopped { at: p },
        ];
        for why in &failures {
            assert!(Failure::CODES.contains(&why.code()), "{why:?}");
            assert!(snake_case(why.code()));
        }
        for code in Failure::CODES {
            assert!(failures.iter().any(|f| f.code() == *code), "{code} is listed but no failure has it");
        }
        assert_eq!(OrderResult::Succeeds.code(), "succeeds");
        assert_eq!(OrderResult::Illegal(Illegal::NoUnit).code(), "illegal");
        assert_eq!(OrderResult::Fails(Failure::SupportCut { by: p }).code(), "cut");
        assert_eq!(Failure::Bounced { by: [p, ProvinceId(3)].into() }.caused_by(), &[p, ProvinceId(3)]);
    }
}

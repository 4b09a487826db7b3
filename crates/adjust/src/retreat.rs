//! The retreat phase: dislodged units retreat or are disbanded (DATC section 6.H).

use std::fmt;

use serde::{Deserialize, Serialize};

use dip_map::rules::{IgnoreOrFail, ImpossibleCoast, OmittedSingleCoast};
use dip_map::{Dislodged, LocId, Map, Phase, PhaseKind, Position, ProvinceId, Rules, Season, Unit, UnitKind};
use dip_orders::{Action, AdjudicationError, CoastSpec, Order, Place, check_input};

use crate::board::{SpecMisfit, check_spec, is_coast_of, province, province_of};

/// Why a retreat-phase order can never be carried out. The unit it names, if dislodged, is
/// disbanded unless it has another, legal order.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[non_exhaustive]
pub enum RetreatIllegal {
    /// No unit, dislodged or not, in the ordered province.
    NoUnit,
    /// The unit in the ordered province was not dislodged; only dislodged units move.
    NotDislodged,
    /// The unit belongs to another power.
    ForeignUnit,
    /// Not a retreat or disband order (a hold, move, support, convoy or adjustment order).
    WrongPhase,
    /// The order names the wrong unit type (under §4.C.2 choice a).
    WrongUnitType,
    /// The order names a coast the unit is not on (under §4.B.5 choice a).
    WrongCoast,
    /// The order names a coast that does not exist or does not matter (under §4.B.6 choice a).
    UnknownCoast,
    /// The destination is not among the places the unit may retreat to.
    NotAllowed,
    /// The destination has more than one coast the unit may retreat to and none was named,
    /// or one and §4.B.2 choice b is in force.
    CoastNeeded,
    /// The named coast cannot be reached (§4.B.3).
    CoastUnreachable,
    /// The unit also has another, different legal order (§4.D.3 choice c).
    ConflictingOrders,
    /// The same order was given before; the first one counts.
    Duplicate,
    /// A retreat along a railroad: like convoys, railroads serve no retreat (DATC 7.B.32).
    ByRailroad,
    /// A retreat of a neutral power's unit: neutral units are disbanded when dislodged.
    NeutralUnit,
}

impl RetreatIllegal {
    /// Every reason, in declaration order (for documentation and tests).
    pub const ALL: &'static [RetreatIllegal] = &[
        RetreatIllegal::NoUnit,
        RetreatIllegal::NotDislodged,
        RetreatIllegal::ForeignUnit,
        RetreatIllegal::WrongPhase,
        RetreatIllegal::WrongUnitType,
        RetreatIllegal::WrongCoast,
        RetreatIllegal::UnknownCoast,
        RetreatIllegal::NotAllowed,
        RetreatIllegal::CoastNeeded,
        RetreatIllegal::CoastUnreachable,
        RetreatIllegal::ConflictingOrders,
        RetreatIllegal::Duplicate,
        RetreatIllegal::ByRailroad,
        RetreatIllegal::NeutralUnit,
    ];

    /// A stable snake_case name for programs (`not_allowed`); documented in `docs/json.md`.
    pub fn code(self) -> &'static str {
        match self {
            RetreatIllegal::NoUnit => "no_unit",
            RetreatIllegal::NotDislodged => "not_dislodged",
            RetreatIllegal::ForeignUnit => "foreign_unit",
            RetreatIllegal::WrongPhase => "wrong_phase",
            RetreatIllegal::WrongUnitType => "wrong_unit_type",
            RetreatIllegal::WrongCoast => "wrong_coast",
            RetreatIllegal::UnknownCoast => "unknown_coast",
            RetreatIllegal::NotAllowed => "not_allowed",
            RetreatIllegal::CoastNeeded => "coast_needed",
            RetreatIllegal::CoastUnreachable => "coast_unreachable",
            RetreatIllegal::ConflictingOrders => "conflicting_orders",
            RetreatIllegal::Duplicate => "duplicate",
            RetreatIllegal::ByRailroad => "by_railroad",
            RetreatIllegal::NeutralUnit => "neutral_unit",
        }
    }
}

impl fmt::Display for RetreatIllegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RetreatIllegal::NoUnit => "there is no unit there",
            RetreatIllegal::NotDislodged => "the unit was not dislodged, so it cannot be ordered in a retreat phase",
            RetreatIllegal::ForeignUnit => "the unit belongs to another power",
            RetreatIllegal::WrongPhase => "only retreat and disband orders are allowed in a retreat phase",
            RetreatIllegal::ByRailroad => "a retreat cannot go along a railroad",
            RetreatIllegal::NeutralUnit => "a unit of a neutral power never retreats; it is disbanded",
            RetreatIllegal::WrongUnitType => "the order names the wrong unit type",
            RetreatIllegal::WrongCoast => "the order names a coast the unit is not on",
            RetreatIllegal::UnknownCoast => "the order names a coast that does not exist or does not apply",
            RetreatIllegal::NotAllowed => "the unit may not retreat there",
            RetreatIllegal::CoastNeeded => "the coast to retreat to must be named",
            RetreatIllegal::CoastUnreachable => "the unit cannot reach that coast",
            RetreatIllegal::ConflictingOrders => "the unit was given different orders",
            RetreatIllegal::Duplicate => "the same order was given before",
        })
    }
}

/// Why a legal retreat failed.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[non_exhaustive]
pub enum RetreatFailure {
    /// Other units retreated to the same province; all of them are disbanded. `with` holds
    /// the provinces the other units retreated from.
    Bounced { with: Vec<ProvinceId> },
}

impl RetreatFailure {
    /// A stable snake_case name for programs: `bounced`.
    pub fn code(&self) -> &'static str {
        match self {
            RetreatFailure::Bounced { .. } => "bounced",
        }
    }

    /// The reason in words, with the map's province names.
    pub fn describe(&self, map: &Map) -> String {
        match self {
            RetreatFailure::Bounced { with } => {
                let names: Vec<&str> = with.iter().filter_map(|&p| province(map, p)).map(|p| p.name.as_str()).collect();
                format!("bounced with the retreat from {}", names.join(", "))
            }
        }
    }
}

/// The result of one retreat-phase order.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum RetreatResult {
    Succeeds,
    Fails(RetreatFailure),
    Illegal(RetreatIllegal),
}

impl RetreatResult {
    pub fn succeeded(&self) -> bool {
        matches!(self, RetreatResult::Succeeds)
    }

    /// A stable snake_case name for programs: `succeeds`, `bounced` or `illegal` (the
    /// reason's own code is [`RetreatIllegal::code`]).
    pub fn code(&self) -> &'static str {
        match self {
            RetreatResult::Succeeds => "succeeds",
            RetreatResult::Fails(why) => why.code(),
            RetreatResult::Illegal(_) => "illegal",
        }
    }

    /// The result in words (`succeeds`, `fails: ...`, `illegal: ...`).
    pub fn describe(&self, map: &Map) -> String {
        match self {
            RetreatResult::Succeeds => "succeeds".into(),
            RetreatResult::Fails(why) => format!("fails: {}", why.describe(map)),
            RetreatResult::Illegal(why) => format!("illegal: {why}"),
        }
    }
}

/// A unit that retreated.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Retreated {
    /// The unit where it was dislodged.
    pub unit: Unit,
    /// Where it stands now.
    pub to: LocId,
}

/// Why a dislodged unit left the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum DisbandReason {
    /// Its power ordered it to disband.
    Ordered,
    /// Its retreat bounced with another unit's retreat.
    Bounced,
    /// It had no legal order (no order, only illegal orders, or conflicting orders).
    NoValidOrder,
}

impl DisbandReason {
    /// A stable snake_case name for programs: `ordered`, `bounced`, `no_valid_order`.
    pub fn code(self) -> &'static str {
        match self {
            DisbandReason::Ordered => "ordered",
            DisbandReason::Bounced => "bounced",
            DisbandReason::NoValidOrder => "no_valid_order",
        }
    }
}

/// A dislodged unit that was disbanded.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Disbanded {
    pub unit: Unit,
    pub reason: DisbandReason,
}

/// Everything a retreat phase decided.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RetreatOutcome {
    /// One result per order given, in the order given.
    pub results: Vec<RetreatResult>,
    /// The units that retreated, in the order of `position.dislodged`.
    pub retreated: Vec<Retreated>,
    /// The dislodged units that were disbanded, in the order of `position.dislodged`.
    pub disbanded: Vec<Disbanded>,
    /// The board after the phase: retreated units placed, no dislodged units, and the next
    /// phase (the fall movement after a spring retreat, the adjustment after a fall retreat).
    /// Supply-centre ownership is left as it was.
    pub position: Position,
}

/// What a dislodged unit was ordered to do.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Plan {
    Unordered,
    /// The first legal order and its effect (`None`: disband).
    Ordered {
        order: usize,
        to: Option<LocId>,
    },
    /// Different legal orders: none is followed.
    Conflicting,
}

/// Adjudicates one retreat phase: each unit in `position.dislodged` retreats to one of its
/// `retreats` or is disbanded.
///
/// An order names the dislodged unit by its province (`A Vienna - Tyrolia`, `F Trieste
/// Disband`). A retreat to a place not in the unit's list is illegal; two or more retreats
/// to one province all fail; a unit without a legal order is disbanded (DATC 6.H).
///
/// A position or orders of another map, or a position not in a retreat phase, are an error.
pub fn adjudicate_retreats(
    map: &Map,
    position: &Position,
    orders: &[Order],
    rules: &Rules,
) -> Result<RetreatOutcome, AdjudicationError> {
    check_input(map, position, orders, PhaseKind::Retreat)?;
    let dislodged = &position.dislodged;
    let mut plans = vec![Plan::Unordered; dislodged.len()];
    let mut results: Vec<RetreatResult> = Vec::with_capacity(orders.len());
    let mut first_order_of_conflict: Vec<Option<usize>> = vec![None; dislodged.len()];

    for (i, order) in orders.iter().enumerate() {
        let checked = check(map, position, rules, order);
        let result = match checked {
            Err(why) => RetreatResult::Illegal(why),
            Ok((d, to)) => match plans[d] {
                Plan::Unordered => {
                    plans[d] = Plan::Ordered { order: i, to };
                    RetreatResult::Succeeds
                }
                Plan::Ordered { order: first, to: first_to } => {
                    if first_to == to {
                        RetreatResult::Illegal(RetreatIllegal::Duplicate)
                    } else {
                        // Two different legal orders: the unit follows neither (§4.D.3 c).
                        plans[d] = Plan::Conflicting;
                        first_order_of_conflict[d] = Some(first);
                        RetreatResult::Illegal(RetreatIllegal::ConflictingOrders)
                    }
                }
                Plan::Conflicting => RetreatResult::Illegal(RetreatIllegal::ConflictingOrders),
            },
        };
        results.push(result);
    }
    for first in first_order_of_conflict.into_iter().flatten() {
        if let Some(r) = results.get_mut(first) {
            *r = RetreatResult::Illegal(RetreatIllegal::ConflictingOrders);
        }
    }

    // Retreats to one province bounce.
    let target = |plan: &Plan| match *plan {
        Plan::Ordered { to: Some(loc), .. } => province_of(map, loc),
        _ => None,
    };
    let mut retreated = Vec::new();
    let mut disbanded = Vec::new();
    for (d, plan) in plans.iter().enumerate() {
        let unit = dislodged[d].unit;
        match *plan {
            Plan::Ordered { order, to: Some(loc) } => {
                let dest = province_of(map, loc);
                // A retreat across a difficult border is weaker and loses to one across an
                // ordinary border (DATC 10.K); equal retreats bounce.
                let strength = |e: usize| -> i32 {
                    let from = province_of(map, dislodged[e].unit.loc);
                    match (from, dest) {
                        (Some(from), Some(to)) => 1 - i32::from(map.border_cost(from, to)),
                        _ => 1,
                    }
                };
                let mine = strength(d);
                let others: Vec<ProvinceId> = plans
                    .iter()
                    .enumerate()
                    .filter(|&(e, other)| e != d && dest.is_some() && target(other) == dest && strength(e) >= mine)
                    .filter_map(|(e, _)| province_of(map, dislodged[e].unit.loc))
                    .collect();
                if others.is_empty() {
                    retreated.push(Retreated { unit, to: loc });
                } else {
                    if let Some(r) = results.get_mut(order) {
                        *r = RetreatResult::Fails(RetreatFailure::Bounced { with: others });
                    }
                    disbanded.push(Disbanded { unit, reason: DisbandReason::Bounced });
                }
            }
            Plan::Ordered { to: None, .. } => disbanded.push(Disbanded { unit, reason: DisbandReason::Ordered }),
            Plan::Unordered | Plan::Conflicting => {
                disbanded.push(Disbanded { unit, reason: DisbandReason::NoValidOrder });
            }
        }
    }

    let mut next = position.clone();
    next.dislodged.clear();
    next.units.extend(retreated.iter().map(|r| Unit { loc: r.to, ..r.unit }));
    next.phase = match position.phase.season {
        Season::Spring => Phase {
            season: Season::Fall,
            year: map.fall_year(position.phase.year).unwrap_or(position.phase.year),
            kind: PhaseKind::Movement,
        },
        Season::Fall => Phase { season: Season::Fall, year: position.phase.year, kind: PhaseKind::Adjustment },
    };
    next.normalise();
    Ok(RetreatOutcome { results, retreated, disbanded, position: next })
}

/// Checks one order on its own: the dislodged unit it moves (its index in
/// `position.dislodged`) and where to (`None`: disband).
fn check(
    map: &Map,
    position: &Position,
    rules: &Rules,
    order: &Order,
) -> Result<(usize, Option<LocId>), RetreatIllegal> {
    let to = match &order.action {
        Action::Retreat { to } => Some(to),
        Action::Disband => None,
        Action::Rail { .. } => return Err(RetreatIllegal::ByRailroad),
        _ => return Err(RetreatIllegal::WrongPhase),
    };
    let province = order.unit.place.province;
    let Some(d) = position.dislodged.iter().position(|d| province_of(map, d.unit.loc) == Some(province)) else {
        let on_board = position.units.iter().any(|u| province_of(map, u.loc) == Some(province));
        return Err(if on_board { RetreatIllegal::NotDislodged } else { RetreatIllegal::NoUnit });
    };
    let dislodged = &position.dislodged[d];
    if dislodged.unit.power != order.power {
        return Err(RetreatIllegal::ForeignUnit);
    }
    match check_spec(map, rules, &order.unit, &dislodged.unit) {
        Some(SpecMisfit::WrongUnitType) => return Err(RetreatIllegal::WrongUnitType),
        Some(SpecMisfit::WrongCoast) => return Err(RetreatIllegal::WrongCoast),
        Some(SpecMisfit::UnknownCoast) => return Err(RetreatIllegal::UnknownCoast),
        None => {}
    }
    let Some(to) = to else { return Ok((d, None)) };
    if map.is_neutral(dislodged.unit.power) {
        return Err(RetreatIllegal::NeutralUnit);
    }
    let loc = destination(map, rules, dislodged, to)?;
    let Some(dest) = province_of(map, loc) else { return Err(RetreatIllegal::NotAllowed) };
    // The list comes from the movement phase; a unit standing there now still blocks.
    if !dislodged.retreats.contains(&loc) || position.units.iter().any(|u| province_of(map, u.loc) == Some(dest)) {
        return Err(RetreatIllegal::NotAllowed);
    }
    Ok((d, Some(loc)))
}

/// The location a retreat ends on, with coasts resolved as for moves (§4.B.2, §4.B.3,
/// §4.B.6), choosing among the coasts in the unit's retreat list.
fn destination(map: &Map, rules: &Rules, d: &Dislodged, to: &Place) -> Result<LocId, RetreatIllegal> {
    let dst = to.province;
    let Some(prov) = province(map, dst) else { return Err(RetreatIllegal::NotAllowed) };
    let unknown_fails = rules.unknown_coast == IgnoreOrFail::Fail;
    if d.unit.kind == UnitKind::Army || prov.coasts.is_empty() {
        let irrelevant = match &to.coast() {
            None => false,
            Some(CoastSpec::Unknown) => true,
            // A coast on an army's destination is irrelevant (§4.B.6).
            Some(CoastSpec::Known(_)) => d.unit.kind == UnitKind::Army || !prov.coasts.is_empty(),
        };
        if irrelevant && unknown_fails {
            return Err(RetreatIllegal::UnknownCoast);
        }
        return Ok(map.main_loc(dst));
    }
    let listed: Vec<LocId> = prov.coasts.iter().copied().filter(|c| d.retreats.contains(c)).collect();
    let only = match listed[..] {
        [c] => Some(c),
        _ => None,
    };
    match &to.coast() {
        Some(CoastSpec::Known(c)) if is_coast_of(map, dst, *c) => {
            if listed.contains(c) || map.fleet_adjacent(d.unit.loc, *c) {
                // Reachable: allowed if listed (checked by the caller).
                Ok(*c)
            } else if let (ImpossibleCoast::UsePossibleCoast, Some(c)) = (rules.impossible_coast, only) {
                Ok(c)
            } else if prov.coasts.iter().any(|&c| map.fleet_adjacent(d.unit.loc, c)) {
                Err(RetreatIllegal::CoastUnreachable)
            } else {
                Err(RetreatIllegal::NotAllowed)
            }
        }
        Some(_) if unknown_fails => Err(RetreatIllegal::UnknownCoast),
        _ => match (only, listed.len()) {
            (Some(c), _) if rules.omitted_single_coast == OmittedSingleCoast::UseOnlyCoast => Ok(c),
            (_, 0) => Err(RetreatIllegal::NotAllowed),
            _ => Err(RetreatIllegal::CoastNeeded),
        },
    }
}

//! The adjustment phase: builds and removals after the fall (DATC sections 6.I and 6.J).

use std::fmt;

use serde::{Deserialize, Serialize};

use dip_map::rules::{
    BuildCoast, BuildsInOneProvince, FleetBuildInLand, IgnoreOrFail, MissingBuildUnitType, TooManyBuilds,
    TooManyRemovals, WaivingBuilds,
};
use dip_map::{
    BuildRule, LocId, Map, Phase, PhaseKind, Position, PowerId, PowerRole, ProvinceId, Rules, Season, Terrain, Unit,
    UnitKind,
};
use dip_orders::{Action, AdjudicationError, CoastSpec, Order, check_input};

use crate::board::{SpecMisfit, check_spec, is_coast_of, power, province, province_of};
use crate::disorder::precedence;

/// Why an adjustment order can never be carried out, whatever the other orders.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[non_exhaustive]
pub enum AdjustmentIllegal {
    /// The order's power is not a power of the map.
    NoSuchPower,
    /// Not a build, removal or waive (a movement or retreat order).
    WrongPhase,
    /// A build or waive by a power that has no builds.
    NoBuildsDue,
    /// A removal by a power that need not remove any unit.
    NoRemovalsDue,
    /// A build in a province that is not a supply centre.
    NotACentre,
    /// A build in a supply centre the power does not own.
    NotOwned,
    /// A build in a supply centre that is not one of the power's home centres.
    NotHomeCentre,
    /// A build in a centre the variant forbids the power to build in.
    BuildRestricted,
    /// A build in an occupied province.
    Occupied,
    /// A build without a unit type, where §4.C.3 does not choose one.
    NoUnitType,
    /// A build of a fleet in a land province (§4.C.4 choice a).
    FleetInLand,
    /// A build of an army in a sea province.
    ArmyAtSea,
    /// A build of a fleet in a province with several coasts, without the coast (§4.B.7).
    CoastNeeded,
    /// The order names a coast that does not exist or does not matter (§4.B.6 choice a).
    UnknownCoast,
    /// A waive, where waiving builds is not allowed (§4.D.7 choice b).
    WaiveNotAllowed,
    /// A removal of a unit that is not there.
    NoUnit,
    /// A removal of another power's unit.
    ForeignUnit,
    /// A removal naming the wrong unit type (under §4.C.2 choice a).
    WrongUnitType,
    /// A removal naming a coast the unit is not on (under §4.B.5 choice a).
    WrongCoast,
    /// An order of a neutral power: it gives none; its builds are made for it.
    NeutralPower,
}

impl AdjustmentIllegal {
    /// Every reason, in declaration order (for documentation and tests).
    pub const ALL: &'static [AdjustmentIllegal] = &[
        AdjustmentIllegal::NoSuchPower,
        AdjustmentIllegal::WrongPhase,
        AdjustmentIllegal::NoBuildsDue,
        AdjustmentIllegal::NoRemovalsDue,
        AdjustmentIllegal::NotACentre,
        AdjustmentIllegal::NotOwned,
        AdjustmentIllegal::NotHomeCentre,
        AdjustmentIllegal::BuildRestricted,
        AdjustmentIllegal::Occupied,
        AdjustmentIllegal::NoUnitType,
        AdjustmentIllegal::FleetInLand,
        AdjustmentIllegal::ArmyAtSea,
        AdjustmentIllegal::CoastNeeded,
        AdjustmentIllegal::UnknownCoast,
        AdjustmentIllegal::WaiveNotAllowed,
        AdjustmentIllegal::NoUnit,
        AdjustmentIllegal::ForeignUnit,
        AdjustmentIllegal::WrongUnitType,
        AdjustmentIllegal::WrongCoast,
        AdjustmentIllegal::NeutralPower,
    ];

    /// A stable snake_case name for programs (`not_owned`); documented in `docs/json.md`.
    pub fn code(self) -> &'static str {
        match self {
            AdjustmentIllegal::NoSuchPower => "no_such_power",
            AdjustmentIllegal::WrongPhase => "wrong_phase",
            AdjustmentIllegal::NoBuildsDue => "no_builds_due",
            AdjustmentIllegal::NoRemovalsDue => "no_removals_due",
            AdjustmentIllegal::NotACentre => "not_a_centre",
            AdjustmentIllegal::NotOwned => "not_owned",
            AdjustmentIllegal::NotHomeCentre => "not_home_centre",
            AdjustmentIllegal::BuildRestricted => "build_restricted",
            AdjustmentIllegal::Occupied => "occupied",
            AdjustmentIllegal::NoUnitType => "no_unit_type",
            AdjustmentIllegal::FleetInLand => "fleet_in_land",
            AdjustmentIllegal::ArmyAtSea => "army_at_sea",
            AdjustmentIllegal::CoastNeeded => "coast_needed",
            AdjustmentIllegal::UnknownCoast => "unknown_coast",
            AdjustmentIllegal::WaiveNotAllowed => "waive_not_allowed",
            AdjustmentIllegal::NoUnit => "no_unit",
            AdjustmentIllegal::ForeignUnit => "foreign_unit",
            AdjustmentIllegal::WrongUnitType => "wrong_unit_type",
            AdjustmentIllegal::WrongCoast => "wrong_coast",
            AdjustmentIllegal::NeutralPower => "neutral_power",
        }
    }
}

impl fmt::Display for AdjustmentIllegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AdjustmentIllegal::NoSuchPower => "the power does not exist on this map",
            AdjustmentIllegal::WrongPhase => "only builds, removals and waives are allowed in an adjustment phase",
            AdjustmentIllegal::NoBuildsDue => "the power may not build",
            AdjustmentIllegal::NoRemovalsDue => "the power need not remove any unit",
            AdjustmentIllegal::NotACentre => "builds are only allowed in supply centres",
            AdjustmentIllegal::NotOwned => "the power does not own that supply centre",
            AdjustmentIllegal::NotHomeCentre => "that supply centre is not a home centre of the power",
            AdjustmentIllegal::BuildRestricted => "the power may not build in that supply centre",
            AdjustmentIllegal::Occupied => "there is a unit in that province",
            AdjustmentIllegal::NoUnitType => "the build does not say whether to build an army or a fleet",
            AdjustmentIllegal::FleetInLand => "a fleet cannot be built in a land province",
            AdjustmentIllegal::ArmyAtSea => "an army cannot be built at sea",
            AdjustmentIllegal::CoastNeeded => "the coast to build the fleet on must be named",
            AdjustmentIllegal::UnknownCoast => "the order names a coast that does not exist or does not apply",
            AdjustmentIllegal::WaiveNotAllowed => "waiving builds is not allowed",
            AdjustmentIllegal::NoUnit => "there is no unit there",
            AdjustmentIllegal::ForeignUnit => "the unit belongs to another power",
            AdjustmentIllegal::WrongUnitType => "the order names the wrong unit type",
            AdjustmentIllegal::WrongCoast => "the order names a coast the unit is not on",
            AdjustmentIllegal::NeutralPower => "a neutral power gives no orders: its builds are made for it",
        })
    }
}

/// Why a legal adjustment order failed because of the power's other orders.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[non_exhaustive]
pub enum AdjustmentFailure {
    /// The same unit was already ordered removed; that order counts.
    Duplicate,
    /// More builds (and waives) than the power may make (§4.D.4).
    TooManyBuilds,
    /// Another build for the same province is used, or all fail (§4.D.5).
    AnotherBuildInProvince,
    /// More removals than the power must make (§4.D.6 choices b and c).
    TooManyRemovals,
    /// More removals than the power must make: the civil-disorder rule decides instead
    /// (§4.D.6 choice a).
    RemovalsByCivilDisorder,
}

impl AdjustmentFailure {
    /// Every reason, in declaration order (for documentation and tests).
    pub const ALL: &'static [AdjustmentFailure] = &[
        AdjustmentFailure::Duplicate,
        AdjustmentFailure::TooManyBuilds,
        AdjustmentFailure::AnotherBuildInProvince,
        AdjustmentFailure::TooManyRemovals,
        AdjustmentFailure::RemovalsByCivilDisorder,
    ];

    /// A stable snake_case name for programs (`too_many_builds`); documented in
    /// `docs/json.md`.
    pub fn code(self) -> &'static str {
        match self {
            AdjustmentFailure::Duplicate => "duplicate",
            AdjustmentFailure::TooManyBuilds => "too_many_builds",
            AdjustmentFailure::AnotherBuildInProvince => "another_build_in_province",
            AdjustmentFailure::TooManyRemovals => "too_many_removals",
            AdjustmentFailure::RemovalsByCivilDisorder => "removals_by_civil_disorder",
        }
    }
}

impl fmt::Display for AdjustmentFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AdjustmentFailure::Duplicate => "the unit was already ordered removed",
            AdjustmentFailure::TooManyBuilds => "more builds were ordered than the power may make",
            AdjustmentFailure::AnotherBuildInProvince => "another build was ordered in the same province",
            AdjustmentFailure::TooManyRemovals => "more removals were ordered than the power must make",
            AdjustmentFailure::RemovalsByCivilDisorder => {
                "more removals were ordered than the power must make; the civil-disorder rule chooses the units"
            }
        })
    }
}

/// The result of one adjustment order.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum AdjustmentResult {
    Succeeds,
    Fails(AdjustmentFailure),
    Illegal(AdjustmentIllegal),
}

impl AdjustmentResult {
    pub fn succeeded(&self) -> bool {
        matches!(self, AdjustmentResult::Succeeds)
    }

    /// A stable snake_case name for programs: `succeeds`, a failure's
    /// [`AdjustmentFailure::code`], or `illegal` (the reason's own code is
    /// [`AdjustmentIllegal::code`]).
    pub fn code(&self) -> &'static str {
        match self {
            AdjustmentResult::Succeeds => "succeeds",
            AdjustmentResult::Fails(why) => why.code(),
            AdjustmentResult::Illegal(_) => "illegal",
        }
    }
}

impl fmt::Display for AdjustmentResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AdjustmentResult::Succeeds => f.write_str("succeeds"),
            AdjustmentResult::Fails(why) => write!(f, "fails: {why}"),
            AdjustmentResult::Illegal(why) => write!(f, "illegal: {why}"),
        }
    }
}

/// Why a unit was removed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum RemovalCause {
    /// Its power ordered the removal.
    Ordered,
    /// Its power ordered too few removals; the civil-disorder rule chose it (§4.D.8).
    CivilDisorder,
}

impl RemovalCause {
    /// A stable snake_case name for programs: `ordered`, `civil_disorder`.
    pub fn code(self) -> &'static str {
        match self {
            RemovalCause::Ordered => "ordered",
            RemovalCause::CivilDisorder => "civil_disorder",
        }
    }
}

/// A unit removed in the adjustment phase.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Removal {
    pub unit: Unit,
    pub cause: RemovalCause,
}

/// One power's count in the adjustment phase.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PowerAdjustment {
    pub power: PowerId,
    /// Supply centres owned that count for the power.
    pub centres: u16,
    /// Units on the board before the adjustments.
    pub units: u16,
    /// Centres minus units: builds allowed when positive, removals due when negative.
    pub change: i32,
    pub built: u16,
    pub waived: u16,
    /// Removals ordered and carried out.
    pub removed: u16,
    /// Units removed by the civil-disorder rule.
    pub removed_in_disorder: u16,
}

/// Everything an adjustment phase decided.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct AdjustmentOutcome {
    /// One result per order given, in the order given.
    pub results: Vec<AdjustmentResult>,
    /// Each power's count, in power order.
    pub powers: Vec<PowerAdjustment>,
    /// The units built, in order-given order.
    pub built: Vec<Unit>,
    /// The units removed: ordered removals first (in order-given order), then those removed
    /// by the civil-disorder rule (in removal order).
    pub removed: Vec<Removal>,
    /// The board after the phase: the spring movement of the next year.
    pub position: Position,
}

/// A legal order's effect, before the power's orders are weighed against each other.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Legal {
    Build(UnitKind, LocId, ProvinceId),
    Waive,
    /// Index into `position.units`.
    Remove(usize),
}

/// Adjudicates one adjustment phase.
///
/// Each power may build as many units as it owns counting supply centres
/// (`position.owners`, less centres it may not count) beyond its units, and must remove
/// as many as it has too many. Builds go in unoccupied owned centres: home centres, or any
/// owned centre when the map's build rule says so. Too many or too few orders are handled by
/// the §4.C.3, §4.C.4, §4.D.4–§4.D.8 choices in `rules`.
///
/// A position or orders of another map, a position not in an adjustment phase, or one in
/// the last year dip counts (the next spring has no year) are an error.
pub fn adjudicate_adjustments(
    map: &Map,
    position: &Position,
    orders: &[Order],
    rules: &Rules,
) -> Result<AdjustmentOutcome, AdjudicationError> {
    check_input(map, position, orders, PhaseKind::Adjustment)?;
    let Some(next_year) = map.next_spring_year(position.phase.year) else {
        return Err(AdjudicationError::YearOutOfRange { year: position.phase.year });
    };
    let mut powers: Vec<PowerAdjustment> = map
        .powers()
        .map(|p| {
            let centres = counted_centres(map, position, p);
            let units = position.units.iter().filter(|u| u.power == p).count().min(u16::MAX as usize) as u16;
            PowerAdjustment {
                power: p,
                centres,
                units,
                change: i32::from(centres) - i32::from(units),
                built: 0,
                waived: 0,
                removed: 0,
                removed_in_disorder: 0,
            }
        })
        .collect();
    let mut occupied = vec![false; map.province_count()];
    for u in &position.units {
        if let Some(slot) = province_of(map, u.loc).and_then(|p| occupied.get_mut(p.index())) {
            *slot = true;
        }
    }

    let mut results = Vec::with_capacity(orders.len());
    let mut legal: Vec<Option<Legal>> = Vec::with_capacity(orders.len());
    for order in orders {
        let checked = check(map, position, rules, &powers, &occupied, order);
        // A unit removed twice: the first order counts; the repeat is legal on its own and
        // fails only because of the other order (DATC 6.J.2).
        if let Ok(Legal::Remove(u)) = checked
            && legal.contains(&Some(Legal::Remove(u)))
        {
            results.push(AdjustmentResult::Fails(AdjustmentFailure::Duplicate));
            legal.push(None);
            continue;
        }
        match checked {
            Ok(l) => {
                results.push(AdjustmentResult::Succeeds);
                legal.push(Some(l));
            }
            Err(why) => {
                results.push(AdjustmentResult::Illegal(why));
                legal.push(None);
            }
        }
    }

    let mut built = Vec::new();
    let mut removed_units = vec![false; position.units.len()];
    let mut removed = Vec::new();
    let mut disorder = Vec::new();
    for pa in &mut powers {
        let mine: Vec<usize> =
            (0..orders.len()).filter(|&i| legal[i].is_some() && orders[i].power == pa.power).collect();
        if pa.change > 0 {
            // §4.D.5: several builds in one province.
            let mut kept: Vec<usize> = Vec::new();
            for &i in &mine {
                let Some(Legal::Build(_, _, prov)) = legal[i] else {
                    kept.push(i);
                    continue;
                };
                let same: Vec<usize> = mine
                    .iter()
                    .copied()
                    .filter(|&j| matches!(legal[j], Some(Legal::Build(_, _, q)) if q == prov))
                    .collect();
                let chosen = match rules.builds_in_one_province {
                    BuildsInOneProvince::First => same.first() == Some(&i),
                    BuildsInOneProvince::Last => same.last() == Some(&i),
                    BuildsInOneProvince::AllFail => same.len() == 1,
                };
                if chosen {
                    kept.push(i);
                } else {
                    results[i] = AdjustmentResult::Fails(AdjustmentFailure::AnotherBuildInProvince);
                }
            }
            // §4.D.4: too many builds (waives count as builds declined).
            let allowed = usize::try_from(pa.change).unwrap_or(0);
            let keep = select(
                kept.len(),
                allowed,
                match rules.too_many_builds {
                    TooManyBuilds::AllInvalid => Select::AllOrNone,
                    TooManyBuilds::First => Select::First,
                    TooManyBuilds::Last => Select::Last,
                },
            );
            for (&i, keep) in kept.iter().zip(keep) {
                if !keep {
                    results[i] = AdjustmentResult::Fails(AdjustmentFailure::TooManyBuilds);
                    continue;
                }
                match legal[i] {
                    Some(Legal::Build(kind, loc, _)) => {
                        built.push((i, Unit { power: pa.power, kind, loc }));
                        pa.built += 1;
                    }
                    Some(Legal::Waive) => pa.waived += 1,
                    _ => {}
                }
            }
        } else if pa.change < 0 {
            let due = usize::try_from(-i64::from(pa.change)).unwrap_or(0);
            let keep = select(
                mine.len(),
                due,
                match rules.too_many_removals {
                    TooManyRemovals::CivilDisorder => Select::AllOrNone,
                    TooManyRemovals::First => Select::First,
                    TooManyRemovals::Last => Select::Last,
                },
            );
            let mut count = 0;
            for (&i, keep) in mine.iter().zip(keep) {
                let Some(Legal::Remove(u)) = legal[i] else { continue };
                if keep {
                    removed_units[u] = true;
                    removed.push(Removal { unit: position.units[u], cause: RemovalCause::Ordered });
                    count += 1;
                } else {
                    results[i] = AdjustmentResult::Fails(match rules.too_many_removals {
                        TooManyRemovals::CivilDisorder => AdjustmentFailure::RemovalsByCivilDisorder,
                        _ => AdjustmentFailure::TooManyRemovals,
                    });
                }
            }
            pa.removed = count as u16;
            // §4.D.8: the rest by the civil-disorder rule.
            if count < due {
                let left: Vec<Unit> = position
                    .units
                    .iter()
                    .enumerate()
                    .filter(|&(u, unit)| unit.power == pa.power && !removed_units[u])
                    .map(|(_, unit)| *unit)
                    .collect();
                for unit in precedence(map, position, pa.power, rules, left).into_iter().take(due - count) {
                    if let Some(u) =
                        position.units.iter().enumerate().position(|(u, x)| *x == unit && !removed_units[u])
                    {
                        removed_units[u] = true;
                    }
                    disorder.push(Removal { unit, cause: RemovalCause::CivilDisorder });
                    pa.removed_in_disorder += 1;
                }
            }
        }
    }
    built.sort_by_key(|&(i, _)| i);
    let mut built: Vec<Unit> = built.into_iter().map(|(_, u)| u).collect();
    // Neutral powers that rebuild get an army in each empty centre they may build in.
    for pa in powers.iter_mut().filter(|pa| pa.change > 0 && rebuilds(map, pa.power)) {
        for site in build_sites(map, position, pa.power).into_iter().take(usize::try_from(pa.change).unwrap_or(0)) {
            built.push(Unit { power: pa.power, kind: UnitKind::Army, loc: map.main_loc(site) });
            pa.built += 1;
        }
    }
    removed.extend(disorder);

    let mut next = position.clone();
    next.units = position
        .units
        .iter()
        .enumerate()
        .filter(|&(u, _)| !removed_units[u])
        .map(|(_, unit)| *unit)
        .chain(built.iter().copied())
        .collect();
    next.dislodged.clear();
    next.phase = Phase { season: Season::Spring, year: next_year, kind: PhaseKind::Movement };
    next.normalise();
    Ok(AdjustmentOutcome { results, powers, built, removed, position: next })
}

/// The supply centres `power` owns and may count.
/// The supply centres that count for `power`: owned, less those it may not count.
pub fn counted_centres(map: &Map, position: &Position, power: PowerId) -> u16 {
    let count = map
        .centres()
        .filter(|&p| position.owners.get(p.index()) == Some(&Some(power)) && counts_for(map, p, power))
        .count();
    count.min(u16::MAX as usize) as u16
}

/// Whether `power`'s centre `p` counts toward its builds and victory (a centre
/// restriction may say it does not).
fn counts_for(map: &Map, p: ProvinceId, power: PowerId) -> bool {
    !map.centre_restrictions().iter().any(|r| r.centre == p && r.power == power && !r.counts)
}

/// [`counted_centres`] of every power at once, by power index: one pass over the centres.
fn all_counted_centres(map: &Map, position: &Position) -> Vec<u16> {
    let mut counts = vec![0u16; map.power_count()];
    for p in map.centres() {
        if let Some(Some(power)) = position.owners.get(p.index())
            && let Some(n) = counts.get_mut(power.index()).filter(|_| counts_for(map, p, *power))
        {
            *n = n.saturating_add(1);
        }
    }
    counts
}

#[derive(Clone, Copy)]
enum Select {
    AllOrNone,
    First,
    Last,
}

/// Which of `count` orders (in order given) are used when `allowed` may be.
fn select(count: usize, allowed: usize, how: Select) -> Vec<bool> {
    (0..count)
        .map(|k| match how {
            Select::AllOrNone => count <= allowed,
            Select::First => k < allowed,
            Select::Last => count - k <= allowed,
        })
        .collect()
}

/// Checks one order on its own against the position.
fn check(
    map: &Map,
    position: &Position,
    rules: &Rules,
    powers: &[PowerAdjustment],
    occupied: &[bool],
    order: &Order,
) -> Result<Legal, AdjustmentIllegal> {
    let Some(pa) = powers.get(order.power.index()) else { return Err(AdjustmentIllegal::NoSuchPower) };
    if map.is_neutral(order.power) {
        return Err(AdjustmentIllegal::NeutralPower);
    }
    match order.action {
        Action::Waive => {
            if pa.change <= 0 {
                Err(AdjustmentIllegal::NoBuildsDue)
            } else if rules.waiving_builds == WaivingBuilds::NotAllowed {
                Err(AdjustmentIllegal::WaiveNotAllowed)
            } else {
                Ok(Legal::Waive)
            }
        }
        Action::Build => {
            if pa.change <= 0 {
                return Err(AdjustmentIllegal::NoBuildsDue);
            }
            let (kind, loc, prov) = check_build(map, position, rules, occupied, order)?;
            Ok(Legal::Build(kind, loc, prov))
        }
        Action::Remove | Action::Disband => {
            let prov = order.unit.place.province;
            let Some(u) = position.units.iter().position(|u| province_of(map, u.loc) == Some(prov)) else {
                return Err(AdjustmentIllegal::NoUnit);
            };
            let unit = &position.units[u];
            if unit.power != order.power {
                return Err(AdjustmentIllegal::ForeignUnit);
            }
            match check_spec(map, rules, &order.unit, unit) {
                Some(SpecMisfit::WrongUnitType) => return Err(AdjustmentIllegal::WrongUnitType),
                Some(SpecMisfit::WrongCoast) => return Err(AdjustmentIllegal::WrongCoast),
                Some(SpecMisfit::UnknownCoast) => return Err(AdjustmentIllegal::UnknownCoast),
                None => {}
            }
            if pa.change >= 0 {
                return Err(AdjustmentIllegal::NoRemovalsDue);
            }
            Ok(Legal::Remove(u))
        }
        _ => Err(AdjustmentIllegal::WrongPhase),
    }
}

/// The unit a build order builds: its kind, location and province.
fn check_build(
    map: &Map,
    position: &Position,
    rules: &Rules,
    occupied: &[bool],
    order: &Order,
) -> Result<(UnitKind, LocId, ProvinceId), AdjustmentIllegal> {
    let place = &order.unit.place;
    let p = place.province;
    let Some(prov) = province(map, p).filter(|prov| prov.centre) else { return Err(AdjustmentIllegal::NotACentre) };
    if position.owners.get(p.index()) != Some(&Some(order.power)) {
        return Err(AdjustmentIllegal::NotOwned);
    }
    if map.centre_restrictions().iter().any(|r| r.centre == p && r.power == order.power && !r.may_build) {
        return Err(AdjustmentIllegal::BuildRestricted);
    }
    let home = match map.build_rule() {
        BuildRule::HomeCentres => power(map, order.power).is_some_and(|pw| pw.homes.contains(&p)),
        BuildRule::AnyOwnedCentre => true,
        BuildRule::AnyOwnedHomeCentre => prov.home_of.is_some(),
    };
    if !home {
        return Err(AdjustmentIllegal::NotHomeCentre);
    }
    if occupied.get(p.index()).copied().unwrap_or(false) {
        return Err(AdjustmentIllegal::Occupied);
    }
    let known_coast = place.coast_loc().filter(|&c| is_coast_of(map, p, c));
    // A coast that is not one of the province's, or is written where none matters (§4.B.6).
    let stray_coast = |relevant: bool| match &place.coast() {
        None => false,
        Some(CoastSpec::Known(c)) => !relevant || !is_coast_of(map, p, *c),
        Some(CoastSpec::Unknown) => true,
    };
    let unknown_fails = rules.unknown_coast == IgnoreOrFail::Fail;
    let kind = match order.unit.kind {
        Some(kind) => kind,
        None => match (rules.missing_build_unit_type, prov.terrain) {
            (MissingBuildUnitType::Fail, _) => return Err(AdjustmentIllegal::NoUnitType),
            (_, Terrain::Land) => UnitKind::Army,
            (MissingBuildUnitType::BestEffort, _) if known_coast.is_some() => UnitKind::Fleet,
            _ => return Err(AdjustmentIllegal::NoUnitType),
        },
    };
    match kind {
        UnitKind::Army => {
            if prov.terrain == Terrain::Sea {
                return Err(AdjustmentIllegal::ArmyAtSea);
            }
            if stray_coast(false) && unknown_fails {
                return Err(AdjustmentIllegal::UnknownCoast);
            }
            Ok((UnitKind::Army, map.main_loc(p), p))
        }
        UnitKind::Fleet => {
            if prov.terrain == Terrain::Land {
                return match rules.fleet_build_in_land {
                    FleetBuildInLand::Fail => Err(AdjustmentIllegal::FleetInLand),
                    FleetBuildInLand::BuildArmy if stray_coast(false) && unknown_fails => {
                        Err(AdjustmentIllegal::UnknownCoast)
                    }
                    FleetBuildInLand::BuildArmy => Ok((UnitKind::Army, map.main_loc(p), p)),
                };
            }
            if stray_coast(!prov.coasts.is_empty()) && unknown_fails {
                return Err(AdjustmentIllegal::UnknownCoast);
            }
            if prov.coasts.is_empty() {
                Ok((UnitKind::Fleet, map.main_loc(p), p))
            } else {
                // §4.B.7: the coast must be named, or under choice b the first the variant
                // lists is meant.
                let default_coast =
                    (rules.build_coast == BuildCoast::DefaultCoast).then(|| prov.coasts.first().copied()).flatten();
                known_coast.or(default_coast).map(|c| (UnitKind::Fleet, c, p)).ok_or(AdjustmentIllegal::CoastNeeded)
            }
        }
    }
}

/// After the fall (and its retreats): each supply centre with a unit on it passes to the
/// unit's power; empty centres keep their owner.
pub fn update_ownership(map: &Map, position: &mut Position) {
    if position.owners.len() < map.province_count() {
        position.owners.resize(map.province_count(), None);
    }
    for unit in &position.units {
        let Some(province) = province_of(map, unit.loc) else { continue };
        if map.province(province).centre {
            position.owners[province.index()] = Some(unit.power);
        }
    }
}

/// The power that has won: of the players (a neutral power never wins), the one with the
/// most centres that count, if it has the variant's number and no other player has as
/// many; or, where the variant also wins by lead, if it leads the second player by the lead
/// needed after the last fall the position's owners come from.
pub fn winner(map: &Map, position: &Position) -> Option<PowerId> {
    let (mut leader, mut top, mut second, mut tied) = (None, 0u16, 0u16, false);
    let counts = all_counted_centres(map, position);
    for power in map.players() {
        let n = counts.get(power.index()).copied().unwrap_or(0);
        if n > top || leader.is_none() {
            second = if leader.is_some() { top } else { 0 };
            (leader, top, tied) = (Some(power), n, false);
        } else if n == top {
            (second, tied) = (n, true);
        } else if n > second {
            second = n;
        }
    }
    let leader = leader.filter(|_| !tied)?;
    if top >= map.victory_centres() {
        return Some(leader);
    }
    let needed = map.lead_needed(last_fall(map, position.phase))?;
    (top - second >= needed).then_some(leader)
}

/// The year of the last fall whose centre changes the phase's position shows.
fn last_fall(map: &Map, phase: Phase) -> u16 {
    let calendar = map.calendar();
    match (phase.kind, phase.season) {
        (PhaseKind::Adjustment, _) => phase.year,
        (_, Season::Spring) => phase.year.saturating_sub(calendar.years_to_spring),
        (_, Season::Fall) => phase.year.saturating_sub(calendar.years_to_fall).saturating_sub(calendar.years_to_spring),
    }
}

/// Whether an adjustment phase is needed: some power must remove units, or may build and
/// has somewhere to build.
pub fn adjustments_needed(map: &Map, position: &Position) -> bool {
    map.powers().any(|power| {
        let centres = i32::from(counted_centres(map, position, power));
        let units = position.units.iter().filter(|u| u.power == power).count() as i32;
        if centres < units {
            return true;
        }
        let builds = !map.is_neutral(power) || rebuilds(map, power);
        builds && centres > units && !build_sites(map, position, power).is_empty()
    })
}

/// Unoccupied centres where `power` may build under the map's build rule.
pub fn build_sites(map: &Map, position: &Position, power: PowerId) -> Vec<ProvinceId> {
    map.centres()
        .filter(|&c| position.owners.get(c.index()) == Some(&Some(power)))
        .filter(|&c| match map.build_rule() {
            BuildRule::HomeCentres => self::power(map, power).is_some_and(|p| p.homes.contains(&c)),
            BuildRule::AnyOwnedCentre => true,
            BuildRule::AnyOwnedHomeCentre => map.province(c).home_of.is_some(),
        })
        .filter(|&c| !map.centre_restrictions().iter().any(|r| r.centre == c && r.power == power && !r.may_build))
        .filter(|&c| !position.units.iter().any(|u| province_of(map, u.loc) == Some(c)))
        .collect()
}

/// Whether `power` is neutral and builds its armies again (godip's neutral armies).
fn rebuilds(map: &Map, power: PowerId) -> bool {
    power.index() < map.power_count() && map.power(power).role == PowerRole::Neutral { rebuilds: true }
}

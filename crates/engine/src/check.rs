//! The invariants every adjudication keeps, as checks a test or a property test runs on
//! what dip returned: no unit lost or made, at most one unit a province, retreats only to
//! empty provinces the unit can reach, one result an order, the same outcome whatever the
//! order the orders are listed in; an order displayed in any notation reads back as
//! itself; a game written as a saved game reads back as the same game, and replays phase
//! for phase.
//!
//! The checks live here, in the facade, so that dip's own tests and the property tests
//! (`dip-fuzz`) share one definition without a dependency cycle. They never panic: a
//! broken invariant is a [`Violation`] saying which and where.
//!
//! ```
//! use dip::{Position, Rules};
//!
//! let map = dip::variant("standard")?;
//! let position = Position::opening(&map);
//! let choices = dip::legal_orders(&map, &position)?;
//! let orders = dip::batch::random_orders(&map, &position, &choices, &mut dip::batch::Rng::new(7));
//! let outcome = dip::adjudicate(&map, &position, &orders, &Rules::default())?;
//! dip::check::movement(&map, &position, &orders, &outcome)?;
//! dip::check::order_of_orders(&map, &position, &orders, &Rules::default(), 7)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use dip_adjust::{AdjustmentOutcome, RetreatOutcome};
use dip_formats::saved::{self, SavedGame};
use dip_map::{LocId, Map, PhaseKind, Position, ProvinceId, Rules, Unit, UnitKind};
use dip_movement::{Failure, MovementOutcome, OrderResult};
use dip_orders::{Action, Notation, Order, ParseOptions, parse_order};

use crate::batch::Rng;
use crate::game::{Game, PhaseOutcome};

mod explained;
pub use explained::{explanation, explanation_faults, order_faults};

/// An invariant that did not hold: which, and what was seen.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Violation {
    /// The invariant, in a few words (`a unit lost`, `two units in a province`, ...).
    pub invariant: &'static str,
    /// What broke it: the units, provinces, orders or phases concerned.
    pub detail: String,
}

impl Violation {
    fn new(invariant: &'static str, detail: impl Into<String>) -> Self {
        Violation { invariant, detail: detail.into() }
    }
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invariant broken, {}: {}", self.invariant, self.detail)
    }
}

impl std::error::Error for Violation {}

fn fail<T>(invariant: &'static str, detail: impl Into<String>) -> Result<T, Violation> {
    Err(Violation::new(invariant, detail))
}

/// A unit as a player reads it, for messages; ids off the map are shown as numbers.
fn unit_name(map: &Map, unit: &Unit) -> String {
    let kind = if unit.kind == UnitKind::Army { "A" } else { "F" };
    if unit.loc.index() < map.location_count() && unit.power.index() < map.power_count() {
        format!("{} {kind} {}", map.power(unit.power).name, map.loc_abbr(unit.loc))
    } else {
        format!("{unit:?}")
    }
}

/// Whether no two units of `units` stand in one province (the units' locations are of the map).
fn one_a_province(map: &Map, units: &[Unit]) -> Result<(), (Unit, Unit)> {
    let mut holder: Vec<Option<Unit>> = vec![None; map.province_count()];
    for unit in units {
        let slot = &mut holder[map.province_of(unit.loc).index()];
        if let Some(other) = slot {
            return Err((*other, *unit));
        }
        *slot = Some(*unit);
    }
    Ok(())
}

/// Whether every unit of the position stands on a location of the map, so the checks may
/// look its province up.
fn on_map(map: &Map, position: &Position) -> bool {
    let n = map.location_count();
    position.units.iter().all(|u| u.loc.index() < n) && position.dislodged.iter().all(|d| d.unit.loc.index() < n)
}

/// Whether the board before has at most one unit a province, and at most one dislodged
/// unit a province (orders name units by province). The entry points check that a
/// position's ids are the map's (`Position::check`), and a movement phase refuses two
/// units in a province (`PositionError::two_units`); one dislodged unit a province is a
/// rule of the board that only `Position::validate` checks. On a board that breaks either,
/// only the answers are checked.
pub fn well_formed(map: &Map, before: &Position) -> bool {
    let dislodged: Vec<Unit> = before.dislodged.iter().map(|d| d.unit).collect();
    one_a_province(map, &before.units).is_ok() && one_a_province(map, &dislodged).is_ok()
}

/// Every order answered: one result an order, in the order given.
fn answered(orders: usize, results: usize) -> Result<(), Violation> {
    if orders != results {
        return fail("every order answered", format!("{orders} orders but {results} results"));
    }
    Ok(())
}

/// After a movement phase `outcome` of `orders` on `before`: every order has one result;
/// and, if the board before had at most one unit a province ([`well_formed`]):
/// - every unit is accounted for, on the board or dislodged: each power has as many armies
///   and as many fleets as before, and a unit whose move succeeded stands where it went;
/// - the units dislodged are those the outcome reports, and each one's province now
///   holds the unit that dislodged it;
/// - the board after has at most one unit a province;
/// - a dislodged unit may retreat only to a location it can reach, in a province left
///   empty, not contested by a standoff, and not the attacker's (unless it came by convoy).
pub fn movement(map: &Map, before: &Position, orders: &[Order], outcome: &MovementOutcome) -> Result<(), Violation> {
    answered(orders.len(), outcome.results.len())?;
    let after = &outcome.position;
    if !on_map(map, before) || !on_map(map, after) {
        return fail("units on the map", "a unit off the map before or after the phase");
    }
    if !well_formed(map, before) {
        return Ok(());
    }
    if after.units.len() + after.dislodged.len() != before.units.len() {
        return fail(
            "no unit lost or made",
            format!(
                "{} units before, {} after and {} dislodged",
                before.units.len(),
                after.units.len(),
                after.dislodged.len()
            ),
        );
    }
    // The report lists them in the order of the units before, the board after by
    // location: the same units either way.
    let mut reported: Vec<Unit> = outcome.dislodged.iter().map(|d| d.unit).collect();
    let mut waiting: Vec<Unit> = after.dislodged.iter().map(|d| d.unit).collect();
    reported.sort_by_key(|u| (u.loc, u.power, u.kind));
    waiting.sort_by_key(|u| (u.loc, u.power, u.kind));
    if reported != waiting {
        return fail("dislodged units reported", format!("reported {reported:?}, waiting to retreat {waiting:?}"));
    }
    // Where a move that succeeded went, by the mover's province: (from, to). A train that
    // stopped short of its destination went as far as where it stopped.
    let moved: Vec<(ProvinceId, ProvinceId)> = orders
        .iter()
        .zip(&outcome.results)
        .filter_map(|(o, r)| match (&o.action, r) {
            (Action::Move { to, .. } | Action::Rail { to, .. }, OrderResult::Succeeds) => {
                Some((o.unit.place.province, to.province))
            }
            (Action::Rail { .. }, OrderResult::Fails(Failure::RailStopped { at })) => {
                Some((o.unit.place.province, *at))
            }
            _ => None,
        })
        .collect();
    // Every unit is somewhere after: on the board or dislodged. Units are known by their
    // power and kind alone (a unit may also move without an order of its own, by §4.E.3
    // choice a), so each power has as many armies and fleets as before.
    let mut counts = std::collections::BTreeMap::new();
    for unit in &before.units {
        *counts.entry((unit.power, unit.kind)).or_insert(0i64) += 1;
    }
    for unit in after.units.iter().chain(after.dislodged.iter().map(|d| &d.unit)) {
        *counts.entry((unit.power, unit.kind)).or_insert(0i64) -= 1;
    }
    if let Some((&(power, kind), &n)) = counts.iter().find(|(_, n)| **n != 0) {
        let whose =
            if power.index() < map.power_count() { map.power(power).name.clone() } else { format!("{power:?}") };
        let (invariant, n) = if n > 0 { ("no unit lost", n) } else { ("no unit made", -n) };
        return fail(
            invariant,
            format!(
                "{n} {kind:?} of {whose} more {}",
                if invariant == "no unit lost" { "before than after" } else { "after than before" }
            ),
        );
    }
    // A move that succeeded put the unit where it went.
    for &(from, to) in &moved {
        let Some(mover) = before.unit_in(map, from) else {
            return fail("a move that succeeded moved a unit", format!("no unit in {}", map.province(from).abbr));
        };
        let arrived = after.unit_in(map, to).is_some_and(|u| u.power == mover.power && u.kind == mover.kind);
        if !arrived {
            return fail(
                "no unit lost",
                format!("{} moved to {} but is not there", unit_name(map, mover), map.province(to).abbr),
            );
        }
    }
    for d in &after.dislodged {
        if !before.units.contains(&d.unit) {
            return fail("no unit made", format!("dislodged {} was not on the board", unit_name(map, &d.unit)));
        }
        let province = map.province_of(d.unit.loc);
        if after.unit_in(map, province).is_none() {
            return fail(
                "dislodged by a unit",
                format!("{} dislodged, its province left empty", unit_name(map, &d.unit)),
            );
        }
    }
    if let Err((a, b)) = one_a_province(map, &after.units) {
        return fail(
            "one unit a province",
            format!("{} and {} after the phase", unit_name(map, &a), unit_name(map, &b)),
        );
    }
    for d in &after.dislodged {
        for &to in &d.retreats {
            let why = if to.index() >= map.location_count() {
                Some("a location off the map")
            } else if after.unit_in(map, map.province_of(to)).is_some() {
                Some("an occupied province")
            } else if outcome.contested.contains(&map.province_of(to)) {
                Some("a province left empty by a standoff")
            } else if !d.by_convoy && map.province_of(to) == d.attacker_from {
                Some("the attacker's province")
            } else if !reaches(map, d.unit.kind, d.unit.loc, to) {
                Some("a location the unit cannot reach")
            } else {
                None
            };
            if let Some(why) = why {
                return fail(
                    "retreats only to empty, reachable provinces",
                    format!("{} may retreat to {} ({why})", unit_name(map, &d.unit), map.loc_abbr(to)),
                );
            }
        }
    }
    Ok(())
}

/// The retreats the movement phase gave each dislodged unit are those
/// [`dip_map::retreat_options`] (the rule positions are validated by) gives it on the board
/// after the phase: two implementations of one rule agree.
pub fn retreat_lists(map: &Map, rules: &Rules, outcome: &MovementOutcome) -> Result<(), Violation> {
    if !on_map(map, &outcome.position) {
        return Ok(());
    }
    for d in &outcome.position.dislodged {
        let mut given = d.retreats.clone();
        given.sort_unstable();
        let options = dip_map::retreat_options(map, &outcome.position, d, &outcome.contested, rules);
        if given != options {
            let names = |locs: &[LocId]| locs.iter().map(|&l| map.loc_abbr(l)).collect::<Vec<_>>().join(" ");
            return fail(
                "retreats only to empty, reachable provinces",
                format!(
                    "the movement phase lets {} retreat to [{}], the retreat rule to [{}]",
                    unit_name(map, &d.unit),
                    names(&given),
                    names(&options)
                ),
            );
        }
    }
    Ok(())
}

/// Whether a unit of `kind` at `from` can step to `to` (armies by province, fleets by coast).
fn reaches(map: &Map, kind: UnitKind, from: LocId, to: LocId) -> bool {
    match kind {
        UnitKind::Army => map.army_adjacent(map.province_of(from), map.province_of(to)),
        UnitKind::Fleet => map.fleet_adjacent(from, to),
    }
}

/// After a retreat phase `outcome` of `orders` on `before`: every order has one result;
/// and, if the board before had at most one unit a province ([`well_formed`]): no unit
/// waits to retreat; every dislodged unit either retreated to one of the places it might
/// or was disbanded; the units on the board stay and the retreated join them; the board
/// after has at most one unit a province.
pub fn retreats(map: &Map, before: &Position, orders: &[Order], outcome: &RetreatOutcome) -> Result<(), Violation> {
    answered(orders.len(), outcome.results.len())?;
    let after = &outcome.position;
    if !on_map(map, before) || !on_map(map, after) {
        return fail("units on the map", "a unit off the map before or after the phase");
    }
    if !well_formed(map, before) {
        return Ok(());
    }
    if !after.dislodged.is_empty() {
        return fail("no unit lost or made", format!("{} units still wait to retreat", after.dislodged.len()));
    }
    if outcome.retreated.len() + outcome.disbanded.len() != before.dislodged.len() {
        return fail(
            "no unit lost or made",
            format!(
                "{} dislodged, {} retreated and {} disbanded",
                before.dislodged.len(),
                outcome.retreated.len(),
                outcome.disbanded.len()
            ),
        );
    }
    let mut expected: Vec<Unit> = before.units.clone();
    for r in &outcome.retreated {
        let Some(d) = before.dislodged.iter().find(|d| d.unit == r.unit) else {
            return fail("no unit made", format!("{} retreated but was not dislodged", unit_name(map, &r.unit)));
        };
        if !d.retreats.contains(&r.to) {
            return fail(
                "retreats only to empty, reachable provinces",
                format!("{} retreated to {}, not a place it might", unit_name(map, &r.unit), map.loc_abbr(r.to)),
            );
        }
        expected.push(Unit { loc: r.to, ..r.unit });
    }
    for d in &outcome.disbanded {
        if !before.dislodged.iter().any(|b| b.unit == d.unit) {
            return fail("no unit made", format!("{} disbanded but was not dislodged", unit_name(map, &d.unit)));
        }
    }
    units_after(map, expected, after, "retreats")
}

/// After an adjustment phase `outcome` of `orders` on `before`: every order has one
/// result; and, if the board before had at most one unit a province ([`well_formed`]): the
/// units after are those before, less the units removed (each of which was on the board),
/// and the units built (each in a province that was empty); the board after has at most
/// one unit a province.
pub fn adjustments(
    map: &Map,
    before: &Position,
    orders: &[Order],
    outcome: &AdjustmentOutcome,
) -> Result<(), Violation> {
    answered(orders.len(), outcome.results.len())?;
    let after = &outcome.position;
    if !on_map(map, before) || !on_map(map, after) {
        return fail("units on the map", "a unit off the map before or after the phase");
    }
    if !well_formed(map, before) {
        return Ok(());
    }
    let mut expected: Vec<Unit> = before.units.clone();
    for removal in &outcome.removed {
        match expected.iter().position(|u| *u == removal.unit) {
            Some(i) => {
                expected.swap_remove(i);
            }
            None => {
                return fail("no unit made", format!("{} removed but not on the board", unit_name(map, &removal.unit)));
            }
        }
    }
    for built in &outcome.built {
        if before.unit_in(map, map.province_of(built.loc)).is_some() {
            return fail("one unit a province", format!("{} built in an occupied province", unit_name(map, built)));
        }
        expected.push(*built);
    }
    units_after(map, expected, after, "adjustments")
}

/// Whether each unit has at most one order (for a canal permission, each permitting
/// power at most one for it): then the order the orders are listed in must not matter.
/// With two orders for one unit the first may count (a duplicate), and with more builds
/// than a power may make the first do: there the listing does matter, by the rules.
pub fn one_order_a_unit(orders: &[Order]) -> bool {
    let key = |o: &Order| match o.action {
        Action::Permit { .. } => (o.unit.place.province, Some(o.power)),
        _ => (o.unit.place.province, None),
    };
    let mut keys: Vec<_> = orders.iter().map(key).collect();
    keys.sort_unstable();
    keys.windows(2).all(|w| w[0] != w[1])
}

/// The orders adjudicated as listed and shuffled (by `seed`) give the same board and the
/// same result for each order, in any phase. For orders of which [`one_order_a_unit`] is
/// true and, in an adjustment phase, no more builds or removals than each power may make
/// (as [`crate::batch::random_orders`] gives); for other orders the listing may count.
/// Input that cannot be adjudicated is no violation, if it is refused either way; a board
/// with two units in a province is not checked ([`well_formed`]).
pub fn order_of_orders(
    map: &Map,
    position: &Position,
    orders: &[Order],
    rules: &Rules,
    seed: u64,
) -> Result<(), Violation> {
    if !on_map(map, position) || !well_formed(map, position) {
        return Ok(());
    }
    let mut rng = Rng::new(seed);
    // `listed[i]` is the index in `orders` of the shuffled list's `i`th order.
    let mut listed: Vec<usize> = (0..orders.len()).collect();
    for i in (1..listed.len()).rev() {
        listed.swap(i, rng.below(i + 1));
    }
    let shuffled: Vec<Order> = listed.iter().map(|&i| orders[i].clone()).collect();
    let differ = |what: &str| Violation::new("the order of orders does not matter", what.to_string());
    let describe = |i: usize| format!("`{}`", orders[i].display_as(map, Notation::Judge));
    match position.phase.kind {
        PhaseKind::Movement => same_either_way(orders, &shuffled, &listed, &describe, &differ, "phase", |o| {
            crate::adjudicate(map, position, o, rules).ok().map(|r| (r.results, r.position))
        }),
        PhaseKind::Retreat => same_either_way(orders, &shuffled, &listed, &describe, &differ, "retreats", |o| {
            dip_adjust::adjudicate_retreats(map, position, o, rules).ok().map(|r| (r.results, r.position))
        }),
        PhaseKind::Adjustment => same_either_way(orders, &shuffled, &listed, &describe, &differ, "adjustments", |o| {
            dip_adjust::adjudicate_adjustments(map, position, o, rules).ok().map(|r| (r.results, r.position))
        }),
    }
}

/// The listed and the shuffled orders (`listed[i]`: the index in `orders` of the shuffled
/// list's `i`th order) adjudicated by `run`, which gives each order's result and the board
/// after, or nothing when it refuses the input: the same results order by order and the
/// same board, or both refused.
fn same_either_way<R: Clone + PartialEq + std::fmt::Debug>(
    orders: &[Order],
    shuffled: &[Order],
    listed: &[usize],
    describe: &dyn Fn(usize) -> String,
    differ: &dyn Fn(&str) -> Violation,
    phase: &str,
    run: impl Fn(&[Order]) -> Option<(Vec<R>, Position)>,
) -> Result<(), Violation> {
    let (Some((a_results, a_board)), Some((b_results, b_board))) = (run(orders), run(shuffled)) else {
        return check_both_refused(run(orders).is_some(), run(shuffled).is_some());
    };
    // The results of the shuffled list, put back in the order of `orders`.
    let mut back: Vec<Option<R>> = vec![None; listed.len()];
    for (r, &i) in b_results.iter().zip(listed) {
        back[i] = Some(r.clone());
    }
    let back: Vec<R> = back.into_iter().flatten().collect();
    if let Some(i) = (0..orders.len()).find(|&i| a_results.get(i) != back.get(i)) {
        return Err(differ(&format!(
            "{} has {:?} as listed, {:?} shuffled",
            describe(i),
            a_results.get(i),
            back.get(i)
        )));
    }
    let normalised = |p: &Position| {
        let mut p = p.clone();
        p.normalise();
        p
    };
    if normalised(&a_board) != normalised(&b_board) {
        return Err(differ(&format!("the board after the {phase} differs")));
    }
    Ok(())
}

/// The board after a retreat or adjustment phase holds exactly the units `expected` (in
/// any order), at most one a province.
fn units_after(map: &Map, mut expected: Vec<Unit>, after: &Position, phase: &str) -> Result<(), Violation> {
    let mut got = after.units.clone();
    expected.sort();
    got.sort();
    if expected != got {
        return fail("no unit lost or made", format!("expected the units {expected:?} after the {phase}, got {got:?}"));
    }
    if let Err((a, b)) = one_a_province(map, &after.units) {
        return fail(
            "one unit a province",
            format!("{} and {} after the {phase}", unit_name(map, &a), unit_name(map, &b)),
        );
    }
    Ok(())
}

fn check_both_refused(listed: bool, shuffled: bool) -> Result<(), Violation> {
    if listed != shuffled {
        return fail(
            "the order of orders does not matter",
            format!("adjudicated as listed: {listed}, shuffled: {shuffled}"),
        );
    }
    Ok(())
}

/// `order`, displayed in every notation dip writes, reads back (in a phase of `kind`,
/// for the order's power) as the same order.
pub fn display_reads_back(map: &Map, kind: PhaseKind, order: &Order) -> Result<(), Violation> {
    for notation in Notation::ALL {
        let shown = order.display_as(map, notation).to_string();
        let options = ParseOptions::new(kind).power(order.power);
        match parse_order(map, options, &shown) {
            Ok(again) if again == *order => {}
            Ok(again) => {
                return fail(
                    "an order displayed reads back as itself",
                    format!("{order:?} displayed ({notation:?}) as `{shown}` reads back as {again:?}"),
                );
            }
            Err(e) => {
                return fail(
                    "an order displayed reads back as itself",
                    format!("{order:?} displayed ({notation:?}) as `{shown}` does not read: {e}"),
                );
            }
        }
    }
    Ok(())
}

/// The board a phase left, its units in a fixed listing.
fn board_after(outcome: &PhaseOutcome) -> Position {
    let mut board = match outcome {
        PhaseOutcome::Movement(o) => o.position.clone(),
        PhaseOutcome::Retreat(o) => o.position.clone(),
        PhaseOutcome::Adjustment(o) => o.position.clone(),
    };
    board.normalise();
    board
}

/// A game dip played, written as a saved game: the JSON reads back as the same saved
/// game; every phase replays to the board it records (none differing, none unplayable);
/// it loads (strictly) as a game at the same board with the same history; and that game
/// writes the same saved game again.
pub fn saved_game_round_trip(game: &Game, id: &str) -> Result<(), Violation> {
    let map = game.map();
    let written = game.to_saved_game(id);
    let json = written.to_json();
    let read: Vec<Result<SavedGame, _>> = saved::parse_games(&json);
    match read.as_slice() {
        [Ok(again)] if *again == written => {}
        [Ok(_)] => return fail("a saved game reads back as written", "the game read differs from the game written"),
        [Err(e)] => return fail("a saved game reads back as written", format!("the game written does not read: {e}")),
        _ => return fail("a saved game reads back as written", format!("{} games read from one", read.len())),
    }
    let replay = crate::replay(map, game.rules(), &written);
    if replay.differing() > 0 {
        let faults: Vec<String> = replay.faults().iter().map(ToString::to_string).collect();
        return fail("a game dip played replays phase for phase", faults.join("; "));
    }
    if replay.agreeing() != game.history().len() {
        return fail(
            "a game dip played replays phase for phase",
            format!("{} phases played, {} replayed", game.history().len(), replay.agreeing()),
        );
    }
    let loaded = Game::from_saved_game(map.clone(), &written).map_err(|errors| {
        let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
        Violation::new("a saved game dip wrote loads", errors.join("; "))
    })?;
    if loaded.position() != game.position() {
        return fail("a saved game loads as the same game", "the board it waits at differs");
    }
    if loaded.rules() != game.rules() {
        return fail("a saved game loads as the same game", "the rules differ");
    }
    // A saved game lists each phase's orders by power, so the orders come back in
    // another listing: the same orders, on the same board, to the same board after.
    if loaded.history().len() != game.history().len() {
        return fail(
            "a saved game loads as the same game",
            format!("{} phases played, {} read", game.history().len(), loaded.history().len()),
        );
    }
    for (read, played) in loaded.history().iter().zip(game.history()) {
        let differs = |what: &str| {
            Violation::new(
                "a saved game loads as the same game",
                format!("{} differ at {}", what, played.position.phase),
            )
        };
        if read.position != played.position {
            return Err(differs("the boards"));
        }
        let listing = |orders: &[Order]| {
            let mut keys: Vec<String> = orders.iter().map(|o| format!("{o:?}")).collect();
            keys.sort_unstable();
            keys
        };
        if listing(&read.orders) != listing(&played.orders) {
            return Err(differs("the orders"));
        }
        if board_after(&read.outcome) != board_after(&played.outcome) {
            return Err(differs("the boards after"));
        }
    }
    if loaded.to_saved_game(id) != written {
        return fail("a saved game loads as the same game", "written again, it differs");
    }
    Ok(())
}

/// Orders for a retreat phase that make dislodged units meet: each unit retreats to the
/// province of its choices (`dip::legal_orders`) that the most units may retreat to (the
/// first such one), so that the bounce rules, and [`order_of_orders`] on them, are tried
/// far more often than random choices try them. Units without a retreat are left unordered.
pub fn crowded_retreats(map: &Map, choices: &[(dip_map::PowerId, Vec<Order>)]) -> Vec<Order> {
    let mut wanted = vec![0usize; map.province_count()];
    let retreat_to = |o: &Order| match &o.action {
        Action::Retreat { to } if to.province.index() < map.province_count() => Some(to.province),
        _ => None,
    };
    for (_, menu) in choices {
        for province in menu.iter().filter_map(retreat_to) {
            wanted[province.index()] += 1;
        }
    }
    choices
        .iter()
        .filter_map(|(_, menu)| {
            menu.iter().filter(|o| retreat_to(o).is_some()).max_by_key(|o| {
                let province = retreat_to(o).map_or(0, |p| p.index());
                // The most wanted province; of equals, the first listed.
                (wanted[province], std::cmp::Reverse(province))
            })
        })
        .cloned()
        .collect()
}

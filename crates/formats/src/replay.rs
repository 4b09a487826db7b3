//! Replaying a recorded game: each phase's orders on its recorded board, compared with the
//! board the game recorded next.
//!
//! Engines differ in one way that changes the record but not the game: a unit dislodged with
//! nowhere to retreat. dip (as the rulebook has it) keeps it dislodged, with no retreats,
//! until the retreat phase disbands it; MILA's `diplomacy`, dipcc and godip remove it at
//! once, and skip the retreat phase when no other unit was dislodged. The replay tells the
//! two apart from the record itself: the board recorded next lacks every such unit, or the
//! next phase recorded is not the retreat phase dip would make though every unit dislodged
//! had nowhere to go. Either way the game goes on from the same board, so the record is
//! compared with dip's board after those units are disbanded ([`PhaseReplay::removed_at_once`]).
//! A record that keeps some of them and drops others, or that shows one of them still
//! standing where dip dislodged it (the record did not dislodge it at all), is compared as
//! dip made it, so the difference shows the dislodgement.

use std::collections::BTreeSet;
use std::fmt;

use dip_map::{Dislodged, Map, PhaseKind, Position, ProvinceId};
use dip_orders::{Action, Order, ParseError, parse_unit};

use crate::saved::{
    Attacker, GameError, PhaseName, SavedGame, SavedPhase, SavedState, builds_due, ended_before_played,
    parse_phase_name, phase_name, phase_orders, position_to_state, power_named, state_to_position, unit_key,
};

/// What the replay of one game found.
#[derive(Clone, Debug, PartialEq)]
pub struct GameReplay {
    pub id: String,
    /// One entry per phase that has a next phase to compare with, in order.
    pub phases: Vec<PhaseReplay>,
    /// Phases not played because they have nothing to compare with (the last phase, a
    /// `COMPLETED` phase), by name.
    pub final_phases: Vec<String>,
}

/// One phase played on its recorded board.
#[derive(Clone, Debug, PartialEq)]
pub struct PhaseReplay {
    /// The phase played (`S1901M`).
    pub name: String,
    /// The phase the game recorded next.
    pub next: String,
    pub verdict: Verdict,
    /// Every order as recorded: power and text.
    pub orders: Vec<(String, String)>,
    /// Orders dip could not read: power, text, why.
    pub unreadable: Vec<(String, String, ParseError)>,
    /// Where the record contradicts itself though dip made the board it recorded: a
    /// `builds` count that does not follow from the recorded centres, units and build sites.
    pub notes: Vec<Difference>,
    /// For a phase that differs: the board the game recorded next and the one dip made.
    pub boards: Option<Box<(SavedState, SavedState)>>,
    /// Units dislodged with nowhere to retreat that the record removed at once (the way of
    /// MILA, dipcc and godip), as power and unit (`FRANCE`, `A PAR`): dip compared the
    /// record with its board after disbanding them (and, when no other unit was dislodged,
    /// after the retreat phase the record skipped).
    pub removed_at_once: Vec<(String, String)>,
}

/// Whether dip made the board the game recorded.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    Agrees,
    Differs(Vec<Difference>),
    /// The phase could not be played: its board or the next one cannot be read.
    Unplayable(Vec<GameError>),
}

/// What part of the board differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Field {
    Phase,
    Units,
    Dislodged,
    Retreats,
    Centres,
    Builds,
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Field::Phase => "next phase",
            Field::Units => "units",
            Field::Dislodged => "dislodged units",
            Field::Retreats => "retreats",
            Field::Centres => "centres",
            Field::Builds => "builds",
        })
    }
}

/// One difference between the board the game recorded and the one dip made.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Difference {
    pub field: Field,
    /// The power concerned (`FRANCE`), if any.
    pub power: Option<String>,
    /// The unit concerned, for retreats.
    pub unit: Option<String>,
    /// What the game recorded that dip did not make.
    pub expected: Vec<String>,
    /// What dip made that the game did not record.
    pub got: Vec<String>,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let none = |v: &[String]| if v.is_empty() { "nothing".to_string() } else { v.join(", ") };
        if let Some(power) = &self.power {
            write!(f, "{power} ")?;
        }
        write!(f, "{}", self.field)?;
        if let Some(unit) = &self.unit {
            write!(f, " of {unit}")?;
        }
        write!(f, ": the game recorded {}, dip made {}", none(&self.expected), none(&self.got))
    }
}

impl PhaseReplay {
    /// The recorded orders that could have made the differences, in the order recorded: those
    /// naming a province of the differences, then those acting on a unit such an order was
    /// given to (a move into its province, which may cut its support or dislodge it; a
    /// support or convoy naming it), as an attack that cuts a support from a province the
    /// differences do not name. All orders when the differences name no province; an order
    /// dip cannot read is listed.
    pub fn orders_involved(&self, map: &Map) -> Vec<(String, String)> {
        let Verdict::Differs(differences) = &self.verdict else { return Vec::new() };
        let provinces: BTreeSet<ProvinceId> = differences
            .iter()
            .flat_map(|d| d.expected.iter().chain(&d.got).chain(&d.unit))
            .filter_map(|item| {
                let name = item.trim_start_matches('*').rsplit(' ').next().unwrap_or(item);
                map.province_by_name(name.split('/').next().unwrap_or(name))
            })
            .collect();
        if provinces.is_empty() {
            return self.orders.clone();
        }
        let kind = parse_phase_name(&self.name).ok().and_then(|p| match p {
            PhaseName::Phase(p) => Some(p.kind),
            PhaseName::Completed => None,
        });
        // Each order's provinces, its own unit's first; `None` for one dip cannot read.
        let named: Vec<Option<Vec<ProvinceId>>> = self
            .orders
            .iter()
            .map(|(power, text)| {
                let options = dip_orders::ParseOptions::new(kind?).power(power_named(map, power)?);
                dip_orders::parse_order(map, options, text).ok().map(|order| order_provinces(&order))
            })
            .collect();
        let direct: Vec<bool> =
            named.iter().map(|n| n.as_ref().is_none_or(|n| n.iter().any(|p| provinces.contains(p)))).collect();
        // The provinces of the units whose orders name the differences.
        let units: BTreeSet<ProvinceId> =
            named.iter().zip(&direct).filter(|(_, d)| **d).filter_map(|(n, _)| n.as_ref()?.first().copied()).collect();
        self.orders
            .iter()
            .zip(named.iter().zip(&direct))
            .filter(|(_, (n, direct))| **direct || n.as_ref().is_some_and(|n| n[1..].iter().any(|p| units.contains(p))))
            .map(|(order, _)| order.clone())
            .collect()
    }
}

/// The provinces an order names, its own unit's first.
fn order_provinces(order: &Order) -> Vec<ProvinceId> {
    let mut out = vec![order.unit.place.province];
    match &order.action {
        Action::Move { to, .. } => {
            out.push(to.province);
            out.extend(order.path());
        }
        Action::SupportHold { target } => out.push(target.place.province),
        Action::SupportMove { target, to } => out.extend([target.place.province, to.province]),
        Action::Convoy { army, to } => out.extend([army.place.province, to.province]),
        Action::Rail { to, .. } | Action::Retreat { to } => out.push(to.province),
        Action::Permit { to, .. } => out.extend(to.iter().map(|p| p.province)),
        _ => {}
    }
    out
}

impl GameReplay {
    pub fn agreeing(&self) -> usize {
        self.phases.iter().filter(|p| p.verdict == Verdict::Agrees).count()
    }

    pub fn differing(&self) -> usize {
        self.phases.len() - self.agreeing()
    }

    /// Phases whose record removed dislodged units with nowhere to retreat at once.
    pub fn removing_at_once(&self) -> usize {
        self.phases.iter().filter(|p| !p.removed_at_once.is_empty()).count()
    }

    /// What differs, as errors: for each phase whose orders make a board other than the one
    /// the game records next, one naming the game, the phase and each difference; for a
    /// phase that cannot be played, its problems. Empty when every phase agrees.
    pub fn faults(&self) -> Vec<GameError> {
        let mut out = Vec::new();
        for phase in &self.phases {
            match &phase.verdict {
                Verdict::Agrees => {}
                Verdict::Unplayable(problems) => out.extend(problems.iter().cloned()),
                Verdict::Differs(differences) => {
                    let what: Vec<String> = differences.iter().map(ToString::to_string).collect();
                    let mut message = format!(
                        "its orders, played on the board the game records, make another board than the one it \
                         records at {}: {}",
                        phase.next,
                        what.join("; ")
                    );
                    if !phase.removed_at_once.is_empty() {
                        let units: Vec<String> =
                            phase.removed_at_once.iter().map(|(p, u)| format!("{p} {u}")).collect();
                        message.push_str(&format!(
                            " (compared after disbanding {}, dislodged with nowhere to retreat, as the record removed \
                             them at once)",
                            units.join(", ")
                        ));
                    }
                    out.push(GameError::new(message).in_game(&self.id).in_phase(&phase.name));
                }
            }
        }
        out
    }
}

/// Replays a recorded game. `play` adjudicates one phase: given a board and the readable
/// orders, it returns the board waiting for the next orders (phases with nothing to do
/// skipped, centres changed hands after the fall), as `dip::play_phase` does, or why it
/// cannot.
pub fn replay_game(
    map: &Map,
    game: &SavedGame,
    mut play: impl FnMut(&Position, Vec<Order>) -> Result<Position, String>,
) -> GameReplay {
    let mut out = GameReplay { id: game.id.clone(), phases: Vec::new(), final_phases: Vec::new() };
    // Where the attackers of the units dislodged in the phase just played came from.
    let mut attackers: Vec<Attacker> = Vec::new();
    // The board of this phase as the comparison of the phase before read it (with the same
    // attackers), so each recorded board is read once.
    let mut carried: Option<Position> = None;
    for (i, phase) in game.phases.iter().enumerate() {
        let carried_start = carried.take();
        let Some(next) = game.phases.get(i + 1) else {
            out.final_phases.push(phase.name.clone());
            break;
        };
        if ended_before_played(map, phase, next) {
            // A game drawn (or abandoned) in this phase: its orders were never adjudicated.
            out.final_phases.extend(game.phases[i..].iter().map(|p| p.name.clone()));
            break;
        }
        let orders: Vec<(String, String)> =
            phase.orders.iter().flat_map(|(p, list)| list.iter().map(move |o| (p.clone(), o.clone()))).collect();
        let mut replay = PhaseReplay {
            name: phase.name.clone(),
            next: next.name.clone(),
            verdict: Verdict::Agrees,
            orders,
            unreadable: Vec::new(),
            notes: Vec::new(),
            boards: None,
            removed_at_once: Vec::new(),
        };
        let context = |e: GameError| e.in_game(&game.id).in_phase(&phase.name);
        let read = match carried_start {
            Some(position) => Ok(Some(position)),
            None => read_board(map, &phase.name, phase.state.as_ref(), &attackers),
        };
        let start = match read {
            Ok(Some(position)) => position,
            Ok(None) => {
                // `COMPLETED` before the end: the game is over.
                out.final_phases.extend(game.phases[i..].iter().map(|p| p.name.clone()));
                break;
            }
            Err(errors) => {
                replay.verdict = Verdict::Unplayable(errors.into_iter().map(context).collect());
                out.phases.push(replay);
                attackers.clear();
                continue;
            }
        };
        let (lines, errors) = phase_orders(map, phase, start.phase.kind);
        if !errors.is_empty() {
            replay.verdict = Verdict::Unplayable(errors.into_iter().map(context).collect());
            out.phases.push(replay);
            attackers.clear();
            continue;
        }
        let mut readable = Vec::with_capacity(lines.len());
        for line in lines {
            match line.parsed {
                Ok(order) => readable.push(order),
                Err(e) => replay.unreadable.push((crate::saved::power_key(map, line.power), line.text, e)),
            }
        }
        let made = match play(&start, readable) {
            Ok(made) => made,
            Err(message) => {
                replay.verdict = Verdict::Unplayable(vec![context(GameError::new(message))]);
                out.phases.push(replay);
                attackers.clear();
                continue;
            }
        };
        let made = match removed_at_once(map, &made, next) {
            None => made,
            Some(RemovedAtOnce { units, board: Some(board) }) => {
                replay.removed_at_once = units;
                board
            }
            Some(RemovedAtOnce { units, board: None }) => {
                replay.removed_at_once = units;
                // The retreat phase the record skipped: with no orders every unit disbands.
                match play(&made, Vec::new()) {
                    Ok(after) => after,
                    Err(message) => {
                        replay.verdict = Verdict::Unplayable(vec![context(GameError::new(message))]);
                        out.phases.push(replay);
                        attackers.clear();
                        continue;
                    }
                }
            }
        };
        attackers = made
            .dislodged
            .iter()
            .map(|d: &Dislodged| Attacker {
                province: map.province_of(d.unit.loc),
                from: d.attacker_from,
                by_convoy: d.by_convoy,
            })
            .collect();
        replay.verdict = match compare(map, &next.name, next.state.as_ref(), &made, &attackers) {
            // The count of builds follows from centres, units and free build sites: when
            // those agree, a different count is the record's own inconsistency.
            Ok(Compared { differences, recorded, .. }) if differences.iter().all(|d| d.field == Field::Builds) => {
                replay.notes = differences;
                carried = recorded;
                Verdict::Agrees
            }
            Ok(Compared { differences, boards, recorded }) => {
                carried = recorded;
                replay.boards = boards.map(Box::new);
                Verdict::Differs(differences)
            }
            Err(errors) => {
                Verdict::Unplayable(errors.into_iter().map(|e| e.in_game(&game.id).in_phase(&next.name)).collect())
            }
        };
        out.phases.push(replay);
    }
    out
}

/// Units dislodged with nowhere to retreat that the record removed at once.
struct RemovedAtOnce {
    /// Power and unit of each.
    units: Vec<(String, String)>,
    /// dip's board without them, when other dislodged units remain (the retreat phase is
    /// recorded); `None` when the record skipped the retreat phase.
    board: Option<Position>,
}

/// Whether the record removed at once the units dip left dislodged with nowhere to retreat
/// (`made` being the board dip made), and which. The record shows it in one of two ways:
/// every dislodged unit had nowhere to go and the next phase recorded is not the retreat
/// phase; or the retreat phase is recorded and its board shows none of those units.
fn removed_at_once(map: &Map, made: &Position, next: &SavedPhase) -> Option<RemovedAtOnce> {
    if made.phase.kind != PhaseKind::Retreat {
        return None;
    }
    let stranded: Vec<&Dislodged> = made.dislodged.iter().filter(|d| d.retreats.is_empty()).collect();
    if stranded.is_empty() {
        return None;
    }
    let units: Vec<(String, String)> =
        stranded.iter().map(|d| (crate::saved::power_key(map, d.unit.power), unit_key(map, &d.unit))).collect();
    // Whether the next board records the unit standing where it was: the record did not
    // dislodge it, so it did not remove it either (dip and the record differ on the move).
    let standing = |state: &SavedState, d: &&Dislodged| {
        state.units.iter().filter(|(p, _)| power_named(map, p) == Some(d.unit.power)).any(|(_, list)| {
            list.iter().filter(|u| !u.starts_with('*')).any(|u| {
                parse_unit(map, u)
                    .is_ok_and(|(kind, loc)| kind == d.unit.kind && map.province_of(loc) == map.province_of(d.unit.loc))
            })
        })
    };
    if next.state.as_ref().is_some_and(|state| stranded.iter().any(|d| standing(state, d))) {
        return None;
    }
    match parse_phase_name(&next.name) {
        Ok(PhaseName::Phase(phase)) if phase == made.phase => {
            let state = next.state.as_ref()?;
            // Whether the record shows the unit dislodged, as the file spells it.
            let shown = |d: &&Dislodged| {
                state.units.iter().filter(|(p, _)| power_named(map, p) == Some(d.unit.power)).any(|(_, list)| {
                    list.iter()
                        .filter_map(|u| u.strip_prefix('*'))
                        .any(|u| parse_unit(map, u).is_ok_and(|(kind, loc)| kind == d.unit.kind && loc == d.unit.loc))
                })
            };
            if stranded.iter().any(shown) {
                return None;
            }
            let mut board = made.clone();
            board.dislodged.retain(|d| !d.retreats.is_empty());
            Some(RemovedAtOnce { units, board: Some(board) })
        }
        Ok(PhaseName::Phase(_)) if stranded.len() == made.dislodged.len() => Some(RemovedAtOnce { units, board: None }),
        _ => None,
    }
}

/// The board of a phase; `None` for `COMPLETED`.
fn read_board(
    map: &Map,
    name: &str,
    state: Option<&SavedState>,
    attackers: &[Attacker],
) -> Result<Option<Position>, Vec<GameError>> {
    let phase = match parse_phase_name(name) {
        Ok(PhaseName::Phase(phase)) => phase,
        Ok(PhaseName::Completed) => return Ok(None),
        Err(message) => return Err(vec![GameError::new(message)]),
    };
    let Some(state) = state else { return Err(vec![GameError::new("the phase has no `state`")]) };
    state_to_position(map, state, phase, attackers).map(Some)
}

/// The boards compared: the one the game recorded and the one dip made.
type Boards = Option<(SavedState, SavedState)>;

/// What [`compare`] found.
struct Compared {
    differences: Vec<Difference>,
    /// The two boards, as the game records them, when they were written out to compare.
    boards: Boards,
    /// The board the game recorded next as read (the next phase's start), unless it is
    /// `COMPLETED`.
    recorded: Option<Position>,
}

/// The differences between the board the game recorded next (`name`, `state`) and the one
/// dip made, and the two boards.
fn compare(
    map: &Map,
    name: &str,
    state: Option<&SavedState>,
    made: &Position,
    attackers: &[Attacker],
) -> Result<Compared, Vec<GameError>> {
    let mut differences = Vec::new();
    let completed = matches!(parse_phase_name(name), Ok(PhaseName::Completed));
    let recorded = if completed {
        // The final board of a finished game: compare the board, whatever the phase.
        let Some(state) = state else { return Ok(Compared { differences, boards: None, recorded: None }) };
        state_to_position(map, state, made.phase, attackers)?
    } else {
        match read_board(map, name, state, attackers)? {
            Some(position) => position,
            None => return Ok(Compared { differences, boards: None, recorded: None }),
        }
    };
    // Most boards agree: when the two are the same board, with the same builds in an
    // adjustment phase, nothing written out below could differ.
    let adjusting = !completed && recorded.phase.kind == dip_map::PhaseKind::Adjustment;
    let same_builds = || {
        let Some(state) = state else { return true };
        state.builds.iter().all(|(key, builds)| {
            power_named(map, key).is_none_or(|power| builds.count == builds_due(map, made, power).0)
        })
    };
    if same_board(&recorded, made) && (!adjusting || same_builds()) {
        return Ok(Compared { differences, boards: None, recorded: (!completed).then_some(recorded) });
    }
    if !completed && recorded.phase != made.phase {
        differences.push(Difference {
            field: Field::Phase,
            power: None,
            unit: None,
            expected: vec![name.to_string()],
            got: vec![phase_name(made.phase)],
        });
    }
    let expected = position_to_state(map, &recorded);
    let got = position_to_state(map, made);
    for power in map.powers() {
        let key = crate::saved::power_key(map, power);
        let split = |units: &[String]| -> (BTreeSet<String>, BTreeSet<String>) {
            let (dislodged, standing): (Vec<&String>, Vec<&String>) = units.iter().partition(|u| u.starts_with('*'));
            (standing.into_iter().cloned().collect(), dislodged.into_iter().cloned().collect())
        };
        let (e_units, e_dislodged) = split(expected.units.get(&key).map_or(&[][..], |v| v));
        let (g_units, g_dislodged) = split(got.units.get(&key).map_or(&[][..], |v| v));
        push_sets(&mut differences, Field::Units, &key, None, &e_units, &g_units);
        push_sets(&mut differences, Field::Dislodged, &key, None, &e_dislodged, &g_dislodged);
        if let (Some(e), Some(g)) = (expected.retreats.get(&key), got.retreats.get(&key)) {
            for (unit, e_list) in e {
                let Some(g_list) = g.get(unit) else { continue };
                let e_set: BTreeSet<String> = e_list.iter().cloned().collect();
                let g_set: BTreeSet<String> = g_list.iter().cloned().collect();
                push_sets(&mut differences, Field::Retreats, &key, Some(unit), &e_set, &g_set);
            }
        }
        let set = |state: &SavedState| -> BTreeSet<String> {
            state.centers.get(&key).map(|v| v.iter().cloned().collect()).unwrap_or_default()
        };
        push_sets(&mut differences, Field::Centres, &key, None, &set(&expected), &set(&got));
        if !completed && recorded.phase.kind == dip_map::PhaseKind::Adjustment {
            // Builds allowed as the game recorded them (MILA counts at most the free sites).
            let recorded_count = state
                .and_then(|s| s.builds.iter().find(|(p, _)| power_named(map, p) == Some(power)).map(|(_, b)| b.count));
            let made_count = got.builds.get(&key).map_or(0, |b| b.count);
            if let Some(count) = recorded_count
                && count != made_count
            {
                differences.push(Difference {
                    field: Field::Builds,
                    power: Some(key.clone()),
                    unit: None,
                    expected: vec![count.to_string()],
                    got: vec![made_count.to_string()],
                });
            }
        }
    }
    Ok(Compared { differences, boards: Some((expected, got)), recorded: (!completed).then_some(recorded) })
}

/// Whether two positions are the same board: the same phase, units, dislodged units (each
/// attacked from the same place, with the same retreats) and owners, whatever the order
/// units and retreats are listed in.
fn same_board(a: &Position, b: &Position) -> bool {
    if a.phase != b.phase
        || a.owners != b.owners
        || a.units.len() != b.units.len()
        || a.dislodged.len() != b.dislodged.len()
    {
        return false;
    }
    let mut units: Vec<_> = a.units.iter().chain(&b.units).map(|u| (u.loc, u.power, u.kind)).collect();
    let (left, right) = units.split_at_mut(a.units.len());
    left.sort_unstable();
    right.sort_unstable();
    if left != right {
        return false;
    }
    let key = |d: &Dislodged| {
        let mut retreats = d.retreats.clone();
        retreats.sort_unstable();
        (d.unit.loc, d.unit.power, d.unit.kind, d.attacker_from, d.by_convoy, retreats)
    };
    let mut left: Vec<_> = a.dislodged.iter().map(key).collect();
    let mut right: Vec<_> = b.dislodged.iter().map(key).collect();
    left.sort_unstable();
    right.sort_unstable();
    left == right
}

fn push_sets(
    out: &mut Vec<Difference>,
    field: Field,
    power: &str,
    unit: Option<&String>,
    expected: &BTreeSet<String>,
    got: &BTreeSet<String>,
) {
    if expected == got {
        return;
    }
    out.push(Difference {
        field,
        power: Some(power.to_string()),
        unit: unit.cloned(),
        expected: expected.difference(got).cloned().collect(),
        got: got.difference(expected).cloned().collect(),
    });
}

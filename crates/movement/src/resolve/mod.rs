//! The movement resolver: Kruijswijk's decisions (DATC chapter 5) over dense per-unit
//! slots, solved by the guess algorithm of DATC §5.F with backup rules for cycles.
//!
//! No I/O, no panics on any input, and no allocation or hashing once the scratch tables
//! have grown to the map's size.
//!
//! One `impl Adjudicator` is split across files by concern (each file says what it owns):
//! - this file: the slot table, the phase's steps (`run`), and reading results;
//! - `intake.rs`: each order checked for legality and applied to its unit;
//! - `link.rs`: the lists the decisions walk (moves by destination, supports, convoys);
//! - `cycle.rs`: the guess algorithm that resolves decisions and finds cycles;
//! - `backup.rs`: the backup rule for cycles with zero or two solutions;
//! - `decisions.rs`: the move, support and convoy decisions, head-to-head battles;
//! - `strength.rs`: attack, hold, defend and prevent strengths;
//! - `convoy.rs`: convoy routes, at intake and as the path decision; `fleets.rs`: the
//!   fleets on the board as a graph of bit sets, for the questions asked at intake;
//! - `railroad.rs` and `canal.rs`: the variant rules of DATC 7.B and 7.C.

mod backup;
mod canal;
mod convoy;
mod cycle;
mod decisions;
mod explain;
mod fleets;
mod intake;
mod link;
mod railroad;
mod strength;

use dip_map::{LocId, Map, Position, PositionError, PowerId, ProvinceId, Rules, Season, UnitKind};
use dip_orders::{AdjudicationError, Order};

use crate::outcome::Illegal;
use canal::Permit;
use fleets::FleetGraph;
use railroad::Trip;

pub(crate) const NONE: u16 = u16::MAX;
/// A crossing of a canal without the keeper's permission.
pub(crate) const CLOSED: u16 = u16::MAX - 1;

/// What a unit was (effectively) ordered to do.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Hold,
    Move,
    SupportHold,
    SupportMove,
    Convoy,
    /// A move along a railroad (DATC 7.B).
    Train,
    /// Decision slot, not a unit: whether a train gets into (or through) station `leg`.
    LegPass,
    /// Decision slot, not a unit: whether a train gets as far as trying station `leg`, where
    /// it bounces other moves. It stands in the station's list of moves.
    LegReach,
    /// Decision slot, not a unit: whether the canal's keeper (`target`) stays in place.
    Canal,
}

impl Kind {
    /// A unit order that may leave its province.
    pub(crate) fn moves(self) -> bool {
        matches!(self, Kind::Move | Kind::Train)
    }
}

/// Whether a convoyed move that could go by land takes the land route when its convoy fails
/// (§4.A.3). One byte in the slot, as the slot is copied often and kept at 44 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Fallback {
    /// No: it fails with its convoy (or is not convoyed).
    No,
    /// Yes, without waiting on the convoy: its route is there either way (2000-fallback,
    /// 1971, and intent-or-land's own-fleet intent).
    Always,
    /// Once the convoy has failed for good (a fleet dislodged, or the paradox rule disabling
    /// it); until then it waits on the convoy as a move without fallback does. It never
    /// meets a unit head to head (via-or-land-fallback, dipcc's).
    AfterConvoyFails,
}

/// A convoyed move's route (the path decision) once every convoy of it is decided.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
enum Route {
    #[default]
    Unknown,
    Open,
    Closed,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    Unresolved,
    Guessing,
    Resolved,
}

/// A move that a support or convoy order implies for a unit without an order (§4.E.3).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Implication {
    /// The unit's slot.
    pub unit: u16,
    /// The index of the support or convoy order that implies it.
    pub order: u32,
    /// Its destination's province and location.
    pub dst: u16,
    pub dst_loc: LocId,
    /// Whether the move needs a convoy (the destination is not adjacent).
    pub needs_convoy: bool,
    /// Whether a convoy order implies it.
    pub by_convoy: bool,
}

/// What a unit's order sets in its slot, in one block: intake checks an order into one and
/// copies it whole into the slot (a copy of fourteen bytes, where eleven fields were copied
/// one by one). In C layout, the two-byte fields first: fourteen bytes without padding.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(C)]
pub(crate) struct Given {
    /// Move: destination province. Supports and convoys: the unit supported or convoyed.
    pub target: u16,
    /// Support of a move, convoy: destination province.
    pub dst: u16,
    /// Move: the location it ends on if it succeeds.
    pub dst_loc: LocId,
    /// Train: the railroad's index. Legs: the station's number on the trip (1 is the first).
    pub rail: u16,
    pub order: Kind,
    /// Move: travels by convoy (or may, with `fallback`).
    pub convoyed: bool,
    /// Move: a land route exists too.
    pub adjacent: bool,
    /// Move: "via convoy" was written.
    pub via_written: bool,
    /// Move: a convoy path was written (§4.A.6).
    pub path_written: bool,
    /// Move: impossible, but an order under §4.E.1 a/b: it fails, and the unit counts as
    /// moving. Support or convoy: impossible, so void.
    pub void: bool,
}

impl Given {
    /// A unit without an order: it holds.
    pub(crate) const HOLD: Given = Given {
        order: Kind::Hold,
        target: NONE,
        dst: NONE,
        dst_loc: LocId(NONE),
        convoyed: false,
        adjacent: false,
        via_written: false,
        path_written: false,
        void: false,
        rail: NONE,
    };
}

/// One unit and its effective order. In C layout, who and where first, then every field a
/// new slot sets to the same value: forty-four bytes without padding, and a new slot is
/// written with a few wide stores.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub(crate) struct Slot {
    pub loc: LocId,
    pub prov: u16,
    pub power: PowerId,
    pub kind: UnitKind,
    /// What it was ordered to do (a hold without an order).
    pub given: Given,
    /// Index of the order given to this unit, or `NONE`.
    pub order_index: u32,
    /// Move: the unit moving the opposite way by land (head-to-head), or `NONE`.
    pub opposing: u16,
    /// Next move into the same destination.
    pub next_mover: u16,
    /// First matching support of this unit's order.
    pub first_support: u16,
    pub next_support: u16,
    /// First matching convoy of this army's move.
    pub first_convoy: u16,
    pub next_convoy: u16,
    /// Move: whether and when it takes the land route if its convoy fails (§4.A.3).
    pub fallback: Fallback,
    /// Move that could go by land: some fleet, or one of its own power, orders its convoy.
    convoy_named: bool,
    own_convoy_named: bool,
    /// Support or convoy: matches the target's order.
    pub matches: bool,
    state: State,
    pub result: bool,
    in_cycle: bool,
    /// A convoy or canal failed by the paradox rule; a train's pass failed by it, or its
    /// reach bouncing by it even where the train does not get.
    pub paradox: bool,
}

/// A unit as an order's check reads it: who, what, where. Copied out of the slot (44
/// bytes) by its four fields.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Piece {
    pub power: PowerId,
    pub kind: UnitKind,
    pub loc: LocId,
    pub prov: u16,
}

impl Slot {
    #[inline(always)]
    pub(crate) fn piece(&self) -> Piece {
        Piece { power: self.power, kind: self.kind, loc: self.loc, prov: self.prov }
    }

    fn new(power: PowerId, kind: UnitKind, loc: LocId, prov: u16) -> Self {
        Slot {
            power,
            kind,
            loc,
            prov,
            given: Given::HOLD,
            order_index: u32::MAX,
            fallback: Fallback::No,
            convoy_named: false,
            own_convoy_named: false,
            matches: false,
            opposing: NONE,
            next_mover: NONE,
            first_support: NONE,
            next_support: NONE,
            first_convoy: NONE,
            next_convoy: NONE,
            state: State::Unresolved,
            result: false,
            in_cycle: false,
            paradox: false,
        }
    }
}

/// A reusable movement adjudicator. Keep one per thread and call [`Adjudicator::run`]
/// for each phase: after the first call on a map it allocates nothing.
#[derive(Debug, Default)]
pub struct Adjudicator {
    /// Units first (`units` of them), then decision slots of trains and canals.
    pub(crate) slots: Vec<Slot>,
    pub(crate) units: usize,
    /// Centre owners, for railroad stations (kept only on maps with railroads).
    owners: Vec<Option<PowerId>>,
    /// Canal permissions given this phase.
    pub(crate) permits: Vec<Permit>,
    /// Per slot, on maps with canals: `NONE` if it crosses none, `CLOSED` if it crosses
    /// without permission, else the canal's decision slot.
    canal_of: Vec<u16>,
    /// The trips of this phase's trains.
    trips: Vec<Trip>,
    /// Per slot: place in the cycle list, while `in_cycle`.
    cycle_pos: Vec<u16>,
    /// Unit index by province.
    pub(crate) unit_at: Vec<u16>,
    /// First move into each province.
    pub(crate) first_mover: Vec<u16>,
    /// Per order given: the unit it was applied to and why it is illegal, if it is.
    pub(crate) order_unit: Vec<u16>,
    pub(crate) order_illegal: Vec<Option<Illegal>>,
    pub(crate) rules: Rules,
    /// The season of the phase: frozen provinces depend on it.
    season: Season,
    cycle: Vec<u16>,
    recursion_hits: u32,
    /// Lowest cycle-list place of a guess-based decision the current one read.
    lowest_hit: u32,
    guess_based: bool,
    /// Cycle decisions under each guess, for the DPTG paradox rule.
    snapshot_false: Vec<(u16, bool)>,
    snapshot_true: Vec<(u16, bool)>,
    /// Per power: whether it gave any order this phase (§4.D.9).
    ordered_power: Vec<bool>,
    /// Some order of the phase is a convoy or a move written "via convoy": only then may a
    /// move that could go by land go by convoy (§4.A.3), which `link` works out.
    pub(crate) convoy_intent: bool,
    /// §4.E.3 choice a: the moves a power's supports and convoys imply for its units
    /// without an order, gathered before any is applied (reused each phase).
    pub(crate) implied: Vec<Implication>,
    /// The fleets that may convoy, for convoy reachability at order intake.
    fleets: FleetGraph,
    /// Per unit: its move's route, once decided (convoyed moves only).
    routes: Vec<Route>,
    /// The decisions a backup rule settled this phase, with the rule (read by `explain`).
    pub(crate) backup_settled: Vec<(u16, crate::explanation::BackupRule)>,
    /// The rule `settle_as` records while a backup rule acts.
    backup_in_force: Option<crate::explanation::BackupRule>,
    /// Scratch of `outcome` (`report.rs`).
    pub(crate) report: crate::report::Scratch,
    /// The prevent strengths `outcome` has worked out (`report.rs`).
    pub(crate) prevent_known: crate::report::PreventKnown,
    /// The map's province and location counts and the number of orders of the last
    /// successful run, so [`Adjudicator::outcome`] can refuse other inputs.
    pub(crate) last_run: Option<(usize, usize, usize)>,
}

/// A successful run of an [`Adjudicator`] ([`Adjudicator::run_phase`]) with the map,
/// position and orders it read. It borrows the adjudicator exclusively and the input
/// shared, so while it lives nothing runs the adjudicator again and nothing changes the
/// input: its outcome is that of input already checked, and is not checked again as
/// [`Adjudicator::outcome`] checks what it is given.
#[derive(Debug)]
pub struct Resolved<'a> {
    pub(crate) adjudicator: &'a mut Adjudicator,
    pub(crate) map: &'a Map,
    pub(crate) position: &'a Position,
    pub(crate) orders: &'a [Order],
}

impl Resolved<'_> {
    /// The adjudicator after the run, for its accessors ([`Adjudicator::moved`] and the like).
    pub fn adjudicator(&self) -> &Adjudicator {
        self.adjudicator
    }
}

impl Adjudicator {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adjudicates a movement phase. The results are read with the accessor methods or
    /// turned into a report with [`Adjudicator::outcome`].
    ///
    /// A position or orders of another map (ids it does not have), a position not in a
    /// movement phase, or more than [`MAX_CONVOY_FLEETS`](crate::MAX_CONVOY_FLEETS) fleets
    /// ordered to convoy one army are refused before anything is read.
    pub fn run(
        &mut self,
        map: &Map,
        position: &Position,
        orders: &[Order],
        rules: &Rules,
    ) -> Result<(), AdjudicationError> {
        self.last_run = None;
        crate::input::check(map, position, orders)?;
        self.run_checked(map, position, orders, rules)?;
        self.last_run = Some((map.province_count(), map.location_count(), orders.len()));
        Ok(())
    }

    /// [`Adjudicator::run`], and the run kept with the map, position and orders it read,
    /// for its outcome ([`Resolved::outcome`]) or explanation ([`Resolved::explain`]).
    pub fn run_phase<'a>(
        &'a mut self,
        map: &'a Map,
        position: &'a Position,
        orders: &'a [Order],
        rules: &Rules,
    ) -> Result<Resolved<'a>, AdjudicationError> {
        self.run(map, position, orders, rules)?;
        Ok(Resolved { adjudicator: self, map, position, orders })
    }

    /// Reads a position's units to check orders on it one at a time
    /// ([`Adjudicator::check_order`]), as [`Adjudicator::run`] checks each order on its
    /// own: a front end that refuses illegal orders as they are given reads the board once
    /// for all of them. The results of an earlier run are no longer available afterwards.
    pub fn prepare_checks(&mut self, map: &Map, position: &Position, rules: &Rules) -> Result<(), AdjudicationError> {
        self.last_run = None;
        crate::input::check(map, position, &[])?;
        self.rules = *rules;
        self.setup(map, position)
    }

    /// Why the resolver would refuse `order` given on its own (DATC §4.E.1) on the position
    /// last prepared with [`Adjudicator::prepare_checks`]; `None` for a legal order. Neither
    /// the position nor the rules are changed by it, so any number of orders may be checked.
    pub fn check_order(&mut self, map: &Map, order: &Order) -> Result<Option<Illegal>, AdjudicationError> {
        order.check(map).map_err(|message| AdjudicationError::ForeignOrder { index: 0, message })?;
        Ok(self.check(map, order).err().map(|(_, why)| why))
    }

    /// [`Adjudicator::run`] on input already checked.
    fn run_checked(
        &mut self,
        map: &Map,
        position: &Position,
        orders: &[Order],
        rules: &Rules,
    ) -> Result<(), AdjudicationError> {
        self.rules = *rules;
        self.setup(map, position)?;
        self.intake(map, orders)?;
        self.link(map, orders);
        if self.cycle_pos.len() < self.slots.len() {
            self.cycle_pos.resize(self.slots.len(), 0);
        }
        for u in 0..self.slots.len() {
            if self.slots[u].given.order != Kind::Hold {
                self.resolve(map, u as u16);
            }
        }
        Ok(())
    }

    /// Reads the position's units. A second unit in one province is refused, not dropped:
    /// which of the two the board means cannot be known.
    fn setup(&mut self, map: &Map, position: &Position) -> Result<(), AdjudicationError> {
        let n = map.province_count();
        self.season = position.phase.season;
        self.slots.clear();
        self.unit_at.clear();
        self.unit_at.resize(n, NONE);
        self.first_mover.clear();
        self.first_mover.resize(n, NONE);
        self.cycle.clear();
        self.recursion_hits = 0;
        self.lowest_hit = u32::MAX;
        self.guess_based = false;
        self.fleets.clear(map);
        self.backup_settled.clear();
        let powers = map.power_count();
        for unit in &position.units {
            // The position's tables are checked (`input::check`), its units' ids here.
            let Some(prov) = map.province_of_checked(unit.loc).filter(|_| unit.power.index() < powers) else {
                return Err(PositionError::foreign_unit(map, position, self.slots.len()).into());
            };
            let first = self.unit_at[prov.index()];
            if first != NONE {
                let second = self.slots.len();
                return Err(AdjudicationError::Position(dip_map::PositionError::two_units(
                    map,
                    position,
                    first as usize,
                    second,
                )));
            }
            self.unit_at[prov.index()] = self.slots.len() as u16;
            // A fleet on ice cannot convoy (DATC 8.E).
            if unit.kind == UnitKind::Fleet && map.can_convoy(prov) && !map.is_frozen(prov, position.phase.season) {
                self.fleets.push(unit.loc);
            }
            self.slots.push(Slot::new(unit.power, unit.kind, unit.loc, prov.0));
        }
        self.units = self.slots.len();
        self.routes.clear();
        self.routes.resize(self.units, Route::Unknown);
        self.permits.clear();
        self.trips.clear();
        self.canal_of.clear();
        self.owners.clear();
        if !map.railroads().is_empty() {
            self.owners.extend_from_slice(&position.owners);
        }
        Ok(())
    }

    pub(super) fn unit_in(&self, province: ProvinceId) -> u16 {
        self.unit_at.get(province.index()).copied().unwrap_or(NONE)
    }

    /// Number of units on the board.
    pub fn unit_count(&self) -> usize {
        self.units
    }

    /// Whether unit `u` (index in the position's unit list after de-duplication) moved;
    /// `false` for a unit the last run did not have.
    pub fn moved(&self, u: usize) -> bool {
        self.slots[..self.units].get(u).is_some_and(|s| s.given.order.moves() && s.result)
    }

    /// The unit that dislodged unit `u`, if one did.
    pub fn dislodged_by(&self, u: usize) -> Option<usize> {
        if u >= self.units || self.moved(u) {
            return None;
        }
        let mut m = self.first_mover[self.slots[u].prov as usize];
        while m != NONE {
            if self.slots[m as usize].given.order == Kind::Move && self.slots[m as usize].result {
                return Some(m as usize);
            }
            m = self.slots[m as usize].next_mover;
        }
        None
    }
}

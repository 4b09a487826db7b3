//! Why each order of a movement phase did what it did: the strengths the resolver compared,
//! the supports counted or not (and why), convoy routes, and where a backup rule decided.
//!
//! An [`Explanation`] is built only when asked ([`crate::explain`],
//! [`Adjudicator::explain`](crate::Adjudicator::explain)), after resolution, from the
//! resolver's final decisions: resolving a phase costs nothing more for it. The wording is
//! here ([`OrderExplanation::lines`], `Display` through [`OrderExplanation::display`]), so
//! every front end (the CLI's text and JSON, the MCP server) says the same thing.

use std::fmt;

use serde::{Deserialize, Serialize};

use dip_map::rules::ParadoxRule;
use dip_map::{Map, ProvinceId, Unit};

use crate::OrderResult;

/// How every order of a movement phase was decided, one entry per order given, in order,
/// and how each move implied for a unit without an order was decided.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Explanation {
    pub orders: Vec<OrderExplanation>,
    /// The moves implied for units without an order (DATC §4.E.3 choice a), as the
    /// outcome's `implied` lists them: each entry's `index` is the first order whose
    /// support or convoy implied the move, and its `unit` the unit that moved.
    #[serde(default)]
    pub implied: Vec<OrderExplanation>,
}

/// How one order was decided.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct OrderExplanation {
    /// The order's index in the orders given.
    pub index: usize,
    /// The unit the order was applied to; `None` when there is none (an illegal order for
    /// an empty province, a canal permission).
    pub unit: Option<Unit>,
    /// The order's result, as in the outcome.
    pub result: OrderResult,
    pub trace: Trace,
    /// Set when a backup rule (DATC §5.B.9, §4.A.2) settled this order's own decision.
    pub backup: Option<BackupRule>,
}

/// The steps behind an order's result, by kind of order.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Trace {
    /// The order is illegal (the result says why): the unit holds, and nothing was compared.
    Illegal,
    /// A hold (or a unit the order left holding): its hold strength and the attacks on it.
    Hold(HoldTrace),
    Move(MoveTrace),
    Support(SupportTrace),
    Convoy(ConvoyTrace),
    /// A railroad move or a canal permission: the result alone says what happened.
    Other,
}

/// A unit that stays in its province: the strength it holds with and the attacks on it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct HoldTrace {
    pub hold: Strength,
    /// The attack strength of every move into its province.
    pub attacks: Vec<Strength>,
}

/// A move: its attack strength against every strength opposing it, and its route.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct MoveTrace {
    /// The province the move goes to.
    pub destination: ProvinceId,
    pub attack: Strength,
    /// The defend strength of the unit met head to head, or else the hold strength of the
    /// destination; then the prevent strength of every other move into the destination.
    pub opposing: Vec<Strength>,
    pub route: Route,
}

/// A support order: the unit supported and what became of the support.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SupportTrace {
    pub supported: Unit,
    pub status: SupportStatus,
}

/// A convoy order: the army convoyed and what became of the convoy.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ConvoyTrace {
    pub army: Unit,
    pub status: ConvoyStatus,
}

/// The four strengths of DATC chapter 5.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum StrengthKind {
    Attack,
    Hold,
    Defend,
    Prevent,
}

/// One strength as the resolver computed it. Without a `note`, `value` is 1 plus the
/// supports counted, less a difficult border's `toll` (never below 0).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Strength {
    pub kind: StrengthKind,
    /// The unit whose strength it is; `None` for the hold strength of an empty province.
    pub unit: Option<Unit>,
    /// The province the strength is of (a hold strength's province; a move's origin).
    pub province: ProvinceId,
    pub value: u32,
    /// Every support ordered for the unit's order: counted or why not.
    pub supports: Vec<SupportRef>,
    /// What a difficult border (DATC chapter 10) takes off.
    pub toll: u32,
    /// Why the value is not 1 plus the supports counted, when it is not.
    pub note: Option<StrengthNote>,
}

impl Strength {
    /// The supports counted in the value.
    pub fn counted(&self) -> usize {
        self.supports.iter().filter(|s| s.status.counted()).count()
    }
}

/// Why a strength is not 1 plus its supports.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[non_exhaustive]
pub enum StrengthNote {
    /// The move has no route (impossible, no convoy, a closed canal): 0.
    NoRoute,
    /// The move would dislodge a unit of its own power: 0.
    OwnUnit,
    /// The two units may not swap over land without a head-to-head battle (§4.A.3
    /// via-or-land-fallback): 0.
    NoSwapOverLand,
    /// Nobody is in the province: 0.
    Empty,
    /// The unit moved away: 0.
    LeftProvince,
    /// The unit tried to move and failed: 1, supports of a hold never count for it.
    MoveFailed,
    /// The move lost its head-to-head battle: 0 (DATC 6.H.9, 6.E.1).
    LostHeadToHead,
    /// The unit was dislodged by the one from its destination, and the rules say it then
    /// bounces nobody (§4.A.7 literal reading): 0.
    DislodgedFromDestination,
    /// A train's strength along its railroad (DATC 7.B).
    Railroad,
}

/// A support order for a unit, as one of that unit's strengths counts it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SupportRef {
    /// The supporting unit.
    pub unit: Unit,
    pub status: SupportStatus,
}

/// What became of a support.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[non_exhaustive]
pub enum SupportStatus {
    /// Given, and counted.
    Counted,
    /// Given, but not counted here: the supporter's power owns the unit attacked.
    OwnPowerAttacked,
    /// Given and counted: the convoyed attack of `from` on the supporter would have cut it,
    /// but the paradox rule chosen for §4.A.2 (1971, 1982, 2000) says it does not.
    Protected { from: Unit, rule: ParadoxRule },
    /// Cut by this unit's move against the supporter.
    Cut { by: Unit },
    /// The supporter was dislodged by this unit, from the province it supported into.
    Dislodged { by: Unit },
    /// It crossed a canal that was closed (DATC 7.C).
    CanalClosed,
    /// A backup rule settled it: it failed.
    Backup(BackupRule),
    /// It does not match what the supported unit does.
    Void(VoidReason),
}

/// Why a support or convoy is void.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[non_exhaustive]
pub enum VoidReason {
    /// The other unit was ordered to do something else (hold, move elsewhere, not move).
    OrderDiffers,
    /// The supported move goes to another coast than the support names (§4.B.4).
    CoastDiffers,
    /// The support of a hold is for a power that gave no orders (§4.D.9).
    CivilDisorder,
    /// The army goes by land, not by this convoy (§4.A.3).
    ArmyGoesByLand,
    /// The fleet is not on the path the army's order writes (§4.A.6).
    OffWrittenPath,
    /// The order can never be carried out; it counts only under §4.E.1 a or b.
    Impossible,
}

/// What became of a convoy.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[non_exhaustive]
pub enum ConvoyStatus {
    /// The fleet stayed and convoyed.
    Convoyed,
    /// The fleet was dislodged by this unit.
    Dislodged {
        by: Unit,
    },
    /// A paradox rule disrupted it.
    Paradox(BackupRule),
    /// A backup rule settled it: it failed.
    Backup(BackupRule),
    Void(VoidReason),
}

/// A convoying fleet of an army's move and what became of its convoy.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ConvoyFleet {
    pub fleet: Unit,
    pub status: ConvoyStatus,
}

/// How a move went, or why it had no way.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Route {
    /// Straight from its province to the destination (over land or along the coast), not by
    /// convoy.
    Direct,
    /// By convoy, through these fleets, each of which convoyed.
    Convoy { fleets: Vec<Unit> },
    /// Its convoy failed and it went by land (§4.A.3 fallback); the fleets ordered to
    /// convoy it and what became of each.
    LandAfterConvoy { fleets: Vec<ConvoyFleet> },
    /// No chain of convoying fleets: the fleets ordered to convoy it (none, if none were)
    /// and what became of each.
    NoConvoy { fleets: Vec<ConvoyFleet> },
    /// The rules want a convoy's path written out, and it was not (§4.A.6).
    PathNotWritten,
    /// It crossed a canal that was closed (DATC 7.C).
    CanalClosed,
    /// The move can never be made; it counts only under §4.E.1 a or b.
    Impossible,
}

/// A rule for a cycle of decisions with no or two solutions (DATC §5.B.9).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[non_exhaustive]
pub enum BackupRule {
    /// Circular movement: every move of the ring succeeds.
    CircularMovement,
    /// Two units would swap over land without a head-to-head battle (§4.A.3
    /// via-or-land-fallback): they bounce.
    NoSwapOverLand,
    /// A convoy paradox, settled by the rule chosen for §4.A.2.
    ConvoyParadox(ParadoxRule),
    /// A canal in a paradox closes (DATC 7.C).
    CanalParadox,
    /// A train in a paradox stops (DATC 7.B).
    RailroadParadox,
    /// A cycle no other rule covers: every order in it fails.
    CycleFails,
}

impl fmt::Display for BackupRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BackupRule::CircularMovement => f.write_str("circular movement: every move of the ring succeeds"),
            BackupRule::NoSwapOverLand => {
                f.write_str("two units may not swap over land without a head-to-head battle: they bounce")
            }
            BackupRule::ConvoyParadox(rule) => {
                write!(f, "convoy paradox, settled by the {} rule (4.A.2)", paradox_name(*rule))
            }
            BackupRule::CanalParadox => f.write_str("a canal in a paradox closes"),
            BackupRule::RailroadParadox => f.write_str("a train in a paradox stops"),
            BackupRule::CycleFails => f.write_str("a cycle of orders without a solution: every order in it fails"),
        }
    }
}

fn paradox_name(rule: ParadoxRule) -> &'static str {
    match rule {
        ParadoxRule::Rulebook1971 => "1971 rulebook's",
        ParadoxRule::Rulebook1982 => "1982 rulebook's",
        ParadoxRule::Rulebook2000 => "2000 rulebook's",
        ParadoxRule::AllHold => "All Hold",
        ParadoxRule::Szykman => "Szykman",
        ParadoxRule::Dptg => "DPTG's",
    }
}

impl fmt::Display for VoidReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            VoidReason::OrderDiffers => "the other unit was ordered to do something else",
            VoidReason::CoastDiffers => "the supported move goes to another coast",
            VoidReason::CivilDisorder => "the supported unit's power gave no orders",
            VoidReason::ArmyGoesByLand => "the army goes by land",
            VoidReason::OffWrittenPath => "the fleet is not on the path the army's order writes",
            VoidReason::Impossible => "the order can never be carried out",
        })
    }
}

impl fmt::Display for StrengthKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StrengthKind::Attack => "attack",
            StrengthKind::Hold => "hold",
            StrengthKind::Defend => "defend",
            StrengthKind::Prevent => "prevent",
        })
    }
}

/// A unit by its type, place and power: `F North Sea (England)`.
fn unit_name(map: &Map, unit: &Unit) -> String {
    format!("{} {} ({})", unit.kind, map.loc_name(unit.loc), map.power(unit.power).name)
}

fn support_status_text(map: &Map, status: &SupportStatus) -> String {
    match status {
        SupportStatus::Counted => "counted".to_string(),
        SupportStatus::OwnPowerAttacked => "not counted: the supporter's own power owns the unit attacked".to_string(),
        SupportStatus::Protected { from, rule } => format!(
            "counted: the convoyed attack of {} does not cut it under the {} paradox rule (4.A.2)",
            unit_name(map, from),
            paradox_name(*rule)
        ),
        SupportStatus::Cut { by } => format!("cut by {}", unit_name(map, by)),
        SupportStatus::Dislodged { by } => format!("cut: the supporter was dislodged by {}", unit_name(map, by)),
        SupportStatus::CanalClosed => "not given: the canal it crosses is closed".to_string(),
        SupportStatus::Backup(rule) => format!("failed by the backup rule ({rule})"),
        SupportStatus::Void(why) => format!("void: {why}"),
    }
}

fn convoy_status_text(map: &Map, status: &ConvoyStatus) -> String {
    match status {
        ConvoyStatus::Convoyed => "convoyed".to_string(),
        ConvoyStatus::Dislodged { by } => format!("disrupted: the fleet was dislodged by {}", unit_name(map, by)),
        ConvoyStatus::Paradox(rule) => format!("disrupted by the paradox rule ({rule})"),
        ConvoyStatus::Backup(rule) => format!("failed by the backup rule ({rule})"),
        ConvoyStatus::Void(why) => format!("void: {why}"),
    }
}

impl Strength {
    /// One line: `attack strength of A Paris (France): 2 = 1 + 1 support` and its supports.
    pub fn line(&self, map: &Map) -> String {
        let whose = match &self.unit {
            Some(unit) => unit_name(map, unit),
            None => format!("the empty {}", map.province(self.province).name),
        };
        let counted = self.counted();
        let mut line = format!("{} strength of {whose}: {}", self.kind, self.value);
        match self.note {
            None => {
                let supports = if counted == 1 { "support" } else { "supports" };
                line.push_str(&format!(" = 1 + {counted} {supports}"));
                if self.toll > 0 {
                    line.push_str(&format!(" - {} for the difficult border", self.toll));
                }
            }
            Some(note) => line.push_str(&format!(" ({})", note_text(note))),
        }
        for support in &self.supports {
            line.push_str(&format!(
                "; support from {} {}",
                unit_name(map, &support.unit),
                support_status_text(map, &support.status)
            ));
        }
        line
    }
}

fn note_text(note: StrengthNote) -> &'static str {
    match note {
        StrengthNote::NoRoute => "the move has no route",
        StrengthNote::OwnUnit => "it would dislodge a unit of its own power",
        StrengthNote::NoSwapOverLand => "the two units may not swap over land",
        StrengthNote::Empty => "nobody is there",
        StrengthNote::LeftProvince => "the unit moved away",
        StrengthNote::MoveFailed => "the unit failed to move away; supports to hold do not count for it",
        StrengthNote::LostHeadToHead => "it lost its head-to-head battle",
        StrengthNote::DislodgedFromDestination => "it was dislodged by the unit from its destination",
        StrengthNote::Railroad => "a train's strength along its railroad",
    }
}

impl OrderExplanation {
    /// The explanation in words, one step a line; [`OrderExplanation::display`] joins them.
    pub fn lines(&self, map: &Map) -> Vec<String> {
        let mut lines = Vec::new();
        match &self.trace {
            Trace::Illegal => lines.push("the order is illegal, so the unit holds".to_string()),
            Trace::Other => {}
            Trace::Hold(hold) => {
                lines.push(hold.hold.line(map));
                for attack in &hold.attacks {
                    lines.push(attack.line(map));
                }
                if let Some(winner) = hold.attacks.iter().find(|a| a.value > hold.hold.value)
                    && !self.result.succeeded()
                {
                    lines.push(format!("{} beats {}", strength_of(map, winner), strength_of(map, &hold.hold)));
                }
            }
            Trace::Move(mv) => {
                lines.push(mv.attack.line(map));
                for opposing in &mv.opposing {
                    lines.push(opposing.line(map));
                }
                lines.push(route_text(map, &mv.route));
                // A province nobody holds is entered with any strength, even 0 (DATC 10.H).
                let unheld = |o: &Strength| o.kind == StrengthKind::Hold && o.value == 0;
                let beaten: Vec<&Strength> =
                    mv.opposing.iter().filter(|o| o.value >= mv.attack.value && !unheld(o)).collect();
                if self.result.succeeded() {
                    lines.push(format!("attack strength {} beats every opposing strength", mv.attack.value));
                } else if let Some(note) = mv.attack.note {
                    lines.push(format!("the move fails: {}", note_text(note)));
                } else if !beaten.is_empty() {
                    let names: Vec<String> = beaten.iter().map(|o| strength_of(map, o)).collect();
                    lines.push(format!("attack strength {} does not beat {}", mv.attack.value, names.join(", ")));
                }
            }
            Trace::Support(support) => lines.push(format!(
                "support for {}: {}",
                unit_name(map, &support.supported),
                support_status_text(map, &support.status)
            )),
            Trace::Convoy(convoy) => lines.push(format!(
                "convoy for {}: {}",
                unit_name(map, &convoy.army),
                convoy_status_text(map, &convoy.status)
            )),
        }
        if let Some(rule) = self.backup {
            lines.push(format!("decided by the backup rule: {rule}"));
        }
        lines
    }

    /// The explanation in words, a step a line.
    pub fn display<'a>(&'a self, map: &'a Map) -> impl fmt::Display + 'a {
        Lines(self.lines(map))
    }
}

impl Explanation {
    /// Every order's explanation in words, each line led by the order's number, then each
    /// implied move's, led by its unit and the order that implied it.
    pub fn display<'a>(&'a self, map: &'a Map) -> impl fmt::Display + 'a {
        let mut lines = Vec::new();
        for order in &self.orders {
            for line in order.lines(map) {
                lines.push(format!("{}: {line}", order.index + 1));
            }
        }
        for implied in &self.implied {
            let unit = implied.unit.map(|u| unit_name(map, &u)).unwrap_or_default();
            for line in implied.lines(map) {
                lines.push(format!("{unit}, moved as order {} implies: {line}", implied.index + 1));
            }
        }
        Lines(lines)
    }
}

/// `the hold strength 2 of A Munich (Germany)`.
fn strength_of(map: &Map, s: &Strength) -> String {
    match &s.unit {
        Some(unit) => format!("{} strength {} of {}", s.kind, s.value, unit_name(map, unit)),
        None => format!("{} strength {} of {}", s.kind, s.value, map.province(s.province).name),
    }
}

fn route_text(map: &Map, route: &Route) -> String {
    let fleets_text = |fleets: &[ConvoyFleet]| -> String {
        if fleets.is_empty() {
            return "no fleet was ordered to convoy it".to_string();
        }
        fleets
            .iter()
            .map(|c| format!("{} {}", unit_name(map, &c.fleet), convoy_status_text(map, &c.status)))
            .collect::<Vec<_>>()
            .join("; ")
    };
    match route {
        Route::Direct => "route: direct, not by convoy".to_string(),
        Route::Convoy { fleets } => {
            let names: Vec<String> = fleets.iter().map(|f| unit_name(map, f)).collect();
            format!("route: by convoy through {}", names.join(", "))
        }
        Route::LandAfterConvoy { fleets } => {
            format!("route: by land, as its convoy failed ({})", fleets_text(fleets))
        }
        Route::NoConvoy { fleets } => format!("route: none, no chain of convoying fleets ({})", fleets_text(fleets)),
        Route::PathNotWritten => "route: none, the rules want a convoy's path written out (4.A.6)".to_string(),
        Route::CanalClosed => "route: none, the canal it crosses is closed".to_string(),
        Route::Impossible => "route: none, the move can never be made".to_string(),
    }
}

struct Lines(Vec<String>);

impl fmt::Display for Lines {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, line) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            f.write_str(line)?;
        }
        Ok(())
    }
}

// Stable snake_case codes for programs (`docs/json.md`, "Explanations"), never changed
// once released.

impl StrengthKind {
    /// `attack`, `hold`, `defend`, `prevent`.
    pub fn code(self) -> &'static str {
        match self {
            StrengthKind::Attack => "attack",
            StrengthKind::Hold => "hold",
            StrengthKind::Defend => "defend",
            StrengthKind::Prevent => "prevent",
        }
    }
}

impl StrengthNote {
    /// `no_route`, `own_unit`, `no_swap_over_land`, `empty`, `left_province`,
    /// `move_failed`, `lost_head_to_head`, `dislodged_from_destination`, `railroad`.
    pub fn code(self) -> &'static str {
        match self {
            StrengthNote::NoRoute => "no_route",
            StrengthNote::OwnUnit => "own_unit",
            StrengthNote::NoSwapOverLand => "no_swap_over_land",
            StrengthNote::Empty => "empty",
            StrengthNote::LeftProvince => "left_province",
            StrengthNote::MoveFailed => "move_failed",
            StrengthNote::LostHeadToHead => "lost_head_to_head",
            StrengthNote::DislodgedFromDestination => "dislodged_from_destination",
            StrengthNote::Railroad => "railroad",
        }
    }

    /// The note in words.
    pub fn describe(self) -> &'static str {
        note_text(self)
    }
}

impl SupportStatus {
    /// `counted`, `own_power_attacked`, `protected`, `cut`, `dislodged`, `canal_closed`,
    /// `backup`, `void`.
    pub fn code(&self) -> &'static str {
        match self {
            SupportStatus::Counted => "counted",
            SupportStatus::OwnPowerAttacked => "own_power_attacked",
            SupportStatus::Protected { .. } => "protected",
            SupportStatus::Cut { .. } => "cut",
            SupportStatus::Dislodged { .. } => "dislodged",
            SupportStatus::CanalClosed => "canal_closed",
            SupportStatus::Backup(_) => "backup",
            SupportStatus::Void(_) => "void",
        }
    }

    /// Whether the support counts in its strength (`Counted`, `Protected`).
    pub fn counted(&self) -> bool {
        matches!(self, SupportStatus::Counted | SupportStatus::Protected { .. })
    }

    /// The status in words (`cut by A Munich (Germany)`).
    pub fn describe(&self, map: &Map) -> String {
        support_status_text(map, self)
    }
}

impl ConvoyStatus {
    /// `convoyed`, `dislodged`, `paradox`, `backup`, `void`.
    pub fn code(&self) -> &'static str {
        match self {
            ConvoyStatus::Convoyed => "convoyed",
            ConvoyStatus::Dislodged { .. } => "dislodged",
            ConvoyStatus::Paradox(_) => "paradox",
            ConvoyStatus::Backup(_) => "backup",
            ConvoyStatus::Void(_) => "void",
        }
    }

    /// The status in words.
    pub fn describe(&self, map: &Map) -> String {
        convoy_status_text(map, self)
    }
}

impl VoidReason {
    /// `order_differs`, `coast_differs`, `civil_disorder`, `army_goes_by_land`,
    /// `off_written_path`, `impossible`.
    pub fn code(self) -> &'static str {
        match self {
            VoidReason::OrderDiffers => "order_differs",
            VoidReason::CoastDiffers => "coast_differs",
            VoidReason::CivilDisorder => "civil_disorder",
            VoidReason::ArmyGoesByLand => "army_goes_by_land",
            VoidReason::OffWrittenPath => "off_written_path",
            VoidReason::Impossible => "impossible",
        }
    }
}

impl Route {
    /// `direct`, `convoy`, `land_after_convoy`, `no_convoy`, `path_not_written`,
    /// `canal_closed`, `impossible`.
    pub fn code(&self) -> &'static str {
        match self {
            Route::Direct => "direct",
            Route::Convoy { .. } => "convoy",
            Route::LandAfterConvoy { .. } => "land_after_convoy",
            Route::NoConvoy { .. } => "no_convoy",
            Route::PathNotWritten => "path_not_written",
            Route::CanalClosed => "canal_closed",
            Route::Impossible => "impossible",
        }
    }

    /// The route in words.
    pub fn describe(&self, map: &Map) -> String {
        route_text(map, self)
    }
}

impl BackupRule {
    /// `circular_movement`, `no_swap_over_land`, `convoy_paradox`, `canal_paradox`,
    /// `railroad_paradox`, `cycle_fails`.
    pub fn code(self) -> &'static str {
        match self {
            BackupRule::CircularMovement => "circular_movement",
            BackupRule::NoSwapOverLand => "no_swap_over_land",
            BackupRule::ConvoyParadox(_) => "convoy_paradox",
            BackupRule::CanalParadox => "canal_paradox",
            BackupRule::RailroadParadox => "railroad_paradox",
            BackupRule::CycleFails => "cycle_fails",
        }
    }
}

impl Trace {
    /// `illegal`, `hold`, `move`, `support`, `convoy`, `other`.
    pub fn code(&self) -> &'static str {
        match self {
            Trace::Illegal => "illegal",
            Trace::Hold(_) => "hold",
            Trace::Move(_) => "move",
            Trace::Support(_) => "support",
            Trace::Convoy(_) => "convoy",
            Trace::Other => "other",
        }
    }
}

//! What a phase decided, as versioned JSON for programs (`dip adjudicate --json`, the
//! `dip serve` stream). The schema is documented in `docs/json.md`; a change that could
//! break a reader raises [`RESULTS_VERSION`].

use serde::{Deserialize, Serialize};

use dip_adjust::{AdjustmentOutcome, AdjustmentResult, RetreatFailure, RetreatOutcome, RetreatResult};
use dip_map::{Map, PhaseKind, Position, ProvinceId};
use dip_movement::{MovementOutcome, OrderResult};
use dip_orders::{Notation, OrderLine, ParseError, PositionFile};

use crate::names::Names;

/// The name of the results schema, in every document's `schema` field.
pub const RESULTS_SCHEMA: &str = "dip-results";
/// The version of the results schema (`docs/json.md`).
pub const RESULTS_VERSION: u32 = 1;
/// The code of an order that could not be read.
pub const UNREADABLE: &str = "unreadable";

/// What one phase decided, by kind.
#[derive(Clone, Copy, Debug)]
pub enum Outcome<'a> {
    Movement(&'a MovementOutcome),
    Retreat(&'a RetreatOutcome),
    Adjustment(&'a AdjustmentOutcome),
}

impl Outcome<'_> {
    /// The position after the phase as the adjudicator left it (before the game moved on:
    /// centres change hands after the fall, phases with nothing to do are skipped).
    pub fn position(&self) -> &Position {
        match self {
            Outcome::Movement(o) => &o.position,
            Outcome::Retreat(o) => &o.position,
            Outcome::Adjustment(o) => &o.position,
        }
    }

    /// The number of results (one per readable order).
    pub fn result_count(&self) -> usize {
        match self {
            Outcome::Movement(o) => o.results.len(),
            Outcome::Retreat(o) => o.results.len(),
            Outcome::Adjustment(o) => o.results.len(),
        }
    }
}

/// One order as given, as read, and its result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderRow {
    /// Position of the order in the input (0-based, counting unreadable orders).
    pub index: usize,
    pub power: String,
    /// The text as given.
    pub text: String,
    /// Line of the input file, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The order as read, in the requested notation; absent when it could not be read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<String>,
    /// The result's machine code: `succeeds`, `bounced`, `cut`, `illegal`, `unreadable`, ...
    pub code: String,
    /// For `illegal`, why: `unreachable`, `no_unit`, ...
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub illegal: Option<String>,
    /// The reason in words; empty for a success.
    pub reason: String,
    /// The provinces of the units that caused the result (the units a move bounced
    /// against, the attacker that cut a support or dislodged the unit).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub by: Vec<String>,
    /// For `unreadable`, where and what the reader expected.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<UnreadableDetail>,
    /// How the order was decided, when an explanation was asked for
    /// ([`PhaseResults::explain`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explanation: Option<crate::ExplanationRow>,
}

/// Why an order could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnreadableDetail {
    /// 1-based column of the offending word.
    pub column: usize,
    pub expected: String,
    pub found: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub suggestions: Vec<String>,
}

impl From<&ParseError> for UnreadableDetail {
    fn from(e: &ParseError) -> Self {
        UnreadableDetail {
            column: e.column,
            expected: e.expected.clone(),
            found: e.found.clone(),
            suggestions: e.suggestions.clone(),
        }
    }
}

/// A unit that had no legal order and held.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnorderedRow {
    pub power: String,
    pub unit: String,
    /// `succeeds` (it held) or `dislodged`.
    pub code: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
}

/// The move of a unit without an order, implied by its power's support or convoy order
/// (DATC §4.E.3 choice a).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImpliedRow {
    pub power: String,
    /// The unit, where it started.
    pub unit: String,
    /// The province it moves to.
    pub to: String,
    /// The result's machine code, as an order's: `succeeds`, `bounced`, ...
    pub code: String,
    /// The reason in words; empty for a success.
    pub reason: String,
    /// The provinces of the units that caused the result.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub by: Vec<String>,
    /// How the move was decided, when an explanation was asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explanation: Option<crate::ExplanationRow>,
}

/// A unit dislodged in a movement phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DislodgedRow {
    pub power: String,
    pub unit: String,
    /// The province the attacker came from.
    pub attacker_from: String,
    /// The attacker, as it stood at the start of the phase.
    pub by: String,
    /// Whether the attacker came by convoy.
    pub by_convoy: bool,
    /// Where the unit may retreat; empty when it must disband.
    pub retreats: Vec<String>,
}

/// A unit that retreated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RetreatedRow {
    pub power: String,
    pub unit: String,
    pub to: String,
}

/// A dislodged unit that was disbanded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisbandedRow {
    pub power: String,
    pub unit: String,
    /// `ordered`, `bounced` or `no_valid_order`.
    pub code: String,
}

/// One power's count in an adjustment phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerRow {
    pub power: String,
    pub centres: u16,
    pub units: u16,
    /// Builds allowed when positive, removals due when negative.
    pub change: i32,
    pub built: u16,
    pub waived: u16,
    pub removed: u16,
    pub removed_in_disorder: u16,
}

/// A unit built.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BuiltRow {
    pub power: String,
    pub unit: String,
}

/// A unit removed in an adjustment phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RemovedRow {
    pub power: String,
    pub unit: String,
    /// `ordered` or `civil_disorder`.
    pub code: String,
}

/// What one phase decided: schema `dip-results`, version [`RESULTS_VERSION`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PhaseResults {
    /// Always `dip-results`.
    pub schema: String,
    /// [`RESULTS_VERSION`].
    pub version: u32,
    pub variant: String,
    /// The phase adjudicated: `Spring 1901 Movement`.
    pub phase: String,
    /// Every order given, in input order.
    pub orders: Vec<OrderRow>,
    /// Movement: units without a legal order (they held).
    pub unordered: Vec<UnorderedRow>,
    /// Movement: moves implied for units without an order (DATC §4.E.3 choice a; absent
    /// under the other choice).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub implied: Vec<ImpliedRow>,
    /// Movement: dislodged units and where each may retreat.
    pub dislodged: Vec<DislodgedRow>,
    /// Retreat: units that retreated.
    pub retreated: Vec<RetreatedRow>,
    /// Retreat: dislodged units disbanded.
    pub disbanded: Vec<DisbandedRow>,
    /// Adjustment: each power's count.
    pub powers: Vec<PowerRow>,
    /// Adjustment: units built.
    pub built: Vec<BuiltRow>,
    /// Adjustment: units removed.
    pub removed: Vec<RemovedRow>,
    /// The next position, waiting for orders, as a position file dip reads back.
    pub position: PositionFile,
}

/// The inputs of [`PhaseResults::new`]: one played phase.
#[derive(Clone, Copy, Debug)]
pub struct PlayedPhase<'a> {
    /// The position the orders were given on.
    pub start: &'a Position,
    /// Every order line in input order; the readable ones were adjudicated, in order.
    pub lines: &'a [OrderLine],
    pub outcome: Outcome<'a>,
    /// The next position waiting for orders.
    pub next: &'a Position,
}

/// The results do not fit the orders, or the phase is not of the map (a caller's
/// mistake, not bad input).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MismatchError {
    pub readable: usize,
    pub results: usize,
    /// Why the phase is not of the map, when it is not.
    pub foreign: Option<String>,
}

impl std::fmt::Display for MismatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.foreign {
            Some(why) => f.write_str(why),
            None => write!(f, "{} results for {} readable orders", self.results, self.readable),
        }
    }
}

impl std::error::Error for MismatchError {}

impl PhaseResults {
    /// Builds the results of a played phase, naming orders, units and provinces in
    /// `notation`.
    pub fn new(map: &Map, phase: PlayedPhase<'_>, notation: Notation) -> Result<Self, MismatchError> {
        let readable = phase.lines.iter().filter(|l| l.parsed.is_ok()).count();
        if readable != phase.outcome.result_count() {
            return Err(MismatchError { readable, results: phase.outcome.result_count(), foreign: None });
        }
        let foreign = |e: String| MismatchError { readable, results: readable, foreign: Some(e) };
        phase.start.check(map).map_err(|e| foreign(e.to_string()))?;
        let next = PositionFile::write(map, phase.next, &[]).map_err(|e| foreign(e.to_string()))?;
        let names = Names::new(map, notation);
        let power = |p: dip_map::PowerId| map.power(p).name.clone();
        let mut out = PhaseResults {
            schema: RESULTS_SCHEMA.into(),
            version: RESULTS_VERSION,
            variant: map.name().to_string(),
            phase: phase.start.phase.to_string(),
            orders: Vec::with_capacity(phase.lines.len()),
            unordered: Vec::new(),
            implied: Vec::new(),
            dislodged: Vec::new(),
            retreated: Vec::new(),
            disbanded: Vec::new(),
            powers: Vec::new(),
            built: Vec::new(),
            removed: Vec::new(),
            position: next,
        };
        let start = phase.start;
        let mut verdicts: Box<dyn Iterator<Item = Verdict> + '_> = match phase.outcome {
            Outcome::Movement(o) => Box::new(o.results.iter().map(move |r| movement_verdict(&names, start, r))),
            Outcome::Retreat(o) => Box::new(o.results.iter().map(move |r| retreat_verdict(&names, r))),
            Outcome::Adjustment(o) => Box::new(o.results.iter().map(adjustment_verdict)),
        };
        for (index, line) in phase.lines.iter().enumerate() {
            let row = match &line.parsed {
                Ok(order) => {
                    let v = verdicts.next().unwrap_or_else(Verdict::succeeds);
                    OrderRow {
                        index,
                        power: power(line.power),
                        text: line.text.clone(),
                        line: line.line,
                        order: Some(order.display_as(map, notation).to_string()),
                        code: v.code.into(),
                        illegal: v.illegal.map(str::to_string),
                        reason: v.reason,
                        by: v.by,
                        error: None,
                        explanation: None,
                    }
                }
                Err(e) => OrderRow {
                    index,
                    power: power(line.power),
                    text: line.text.clone(),
                    line: line.line,
                    order: None,
                    code: UNREADABLE.into(),
                    illegal: None,
                    reason: format!("{}; {}", read_error_words(e), unreadable_consequence(start.phase.kind)),
                    by: Vec::new(),
                    error: Some(e.into()),
                    explanation: None,
                },
            };
            out.orders.push(row);
        }
        match phase.outcome {
            Outcome::Movement(o) => out.movement(&names, start, o),
            Outcome::Retreat(o) => out.retreat(&names, o),
            Outcome::Adjustment(o) => out.adjustment(&names, o),
        }
        Ok(out)
    }

    /// Adds a movement phase's explanation (`dip_movement::explain` of the same position
    /// and readable orders) to the rows of the readable orders, in order. An explanation of
    /// another number of orders is refused, and the rows are left as they were.
    pub fn explain(
        &mut self,
        map: &Map,
        explanation: &dip_movement::Explanation,
        notation: Notation,
    ) -> Result<(), MismatchError> {
        let readable = self.orders.iter().filter(|r| r.order.is_some()).count();
        if readable != explanation.orders.len() {
            return Err(MismatchError { readable, results: explanation.orders.len(), foreign: None });
        }
        let names = Names::new(map, notation);
        let rows = self.orders.iter_mut().filter(|r| r.order.is_some());
        for (row, e) in rows.zip(&explanation.orders) {
            row.explanation = Some(crate::ExplanationRow::new(&names, e));
        }
        for (row, e) in self.implied.iter_mut().zip(&explanation.implied) {
            row.explanation = Some(crate::ExplanationRow::new(&names, e));
        }
        Ok(())
    }

    fn movement(&mut self, names: &Names<'_>, start: &Position, outcome: &MovementOutcome) {
        let map = names.map;
        for &(power, loc) in &outcome.unordered {
            let Some(unit) = start.unit_in(map, map.province_of(loc)) else { continue };
            let dislodged = outcome.dislodged.iter().find(|d| d.unit.loc == unit.loc);
            self.unordered.push(UnorderedRow {
                power: map.power(power).name.clone(),
                unit: names.unit(unit),
                code: if dislodged.is_some() { "dislodged" } else { "succeeds" }.into(),
                by: dislodged.map(|d| names.province(d.by)),
            });
        }
        for m in &outcome.implied {
            let v = movement_verdict(names, start, &m.result);
            self.implied.push(ImpliedRow {
                power: map.power(m.unit.power).name.clone(),
                unit: names.unit(&m.unit),
                to: names.province(m.to),
                code: v.code.into(),
                reason: v.reason,
                by: v.by,
                explanation: None,
            });
        }
        for d in &outcome.dislodged {
            self.dislodged.push(DislodgedRow {
                power: map.power(d.unit.power).name.clone(),
                unit: names.unit(&d.unit),
                attacker_from: names.province(d.by),
                by: names.unit_in(start, d.by),
                by_convoy: d.by_convoy,
                retreats: d.retreats.iter().map(|&l| names.loc(l)).collect(),
            });
        }
    }

    fn retreat(&mut self, names: &Names<'_>, outcome: &RetreatOutcome) {
        let map = names.map;
        for r in &outcome.retreated {
            self.retreated.push(RetreatedRow {
                power: map.power(r.unit.power).name.clone(),
                unit: names.unit(&r.unit),
                to: names.loc(r.to),
            });
        }
        for d in &outcome.disbanded {
            self.disbanded.push(DisbandedRow {
                power: map.power(d.unit.power).name.clone(),
                unit: names.unit(&d.unit),
                code: d.reason.code().into(),
            });
        }
    }

    fn adjustment(&mut self, names: &Names<'_>, outcome: &AdjustmentOutcome) {
        let map = names.map;
        for pa in &outcome.powers {
            self.powers.push(PowerRow {
                power: map.power(pa.power).name.clone(),
                centres: pa.centres,
                units: pa.units,
                change: pa.change,
                built: pa.built,
                waived: pa.waived,
                removed: pa.removed,
                removed_in_disorder: pa.removed_in_disorder,
            });
        }
        for u in &outcome.built {
            self.built.push(BuiltRow { power: map.power(u.power).name.clone(), unit: names.unit(u) });
        }
        for r in &outcome.removed {
            self.removed.push(RemovedRow {
                power: map.power(r.unit.power).name.clone(),
                unit: names.unit(&r.unit),
                code: r.cause.code().into(),
            });
        }
    }
}

/// A result as the JSON gives it.
struct Verdict {
    code: &'static str,
    illegal: Option<&'static str>,
    reason: String,
    by: Vec<String>,
}

impl Verdict {
    fn succeeds() -> Self {
        Verdict { code: "succeeds", illegal: None, reason: String::new(), by: Vec::new() }
    }
}

fn movement_verdict(names: &Names<'_>, start: &Position, result: &OrderResult) -> Verdict {
    match result {
        OrderResult::Succeeds => Verdict::succeeds(),
        OrderResult::Fails(why) => Verdict {
            code: why.code(),
            illegal: None,
            reason: names.failure(start, why),
            by: why.caused_by().iter().map(|&p: &ProvinceId| names.province(p)).collect(),
        },
        OrderResult::Illegal(why) => Verdict {
            code: result.code(),
            illegal: Some(why.code()),
            reason: format!("{why}; the unit holds"),
            by: Vec::new(),
        },
    }
}

fn retreat_verdict(names: &Names<'_>, result: &RetreatResult) -> Verdict {
    match result {
        RetreatResult::Succeeds => Verdict::succeeds(),
        RetreatResult::Fails(why) => {
            let (reason, by) = match why {
                RetreatFailure::Bounced { with } => {
                    let with: Vec<String> = with.iter().map(|&p| names.province(p)).collect();
                    (format!("bounced with the retreat from {}", crate::names::list(&with, "and")), with)
                }
                _ => (why.describe(names.map), Vec::new()),
            };
            Verdict { code: why.code(), illegal: None, reason, by }
        }
        RetreatResult::Illegal(why) => {
            Verdict { code: result.code(), illegal: Some(why.code()), reason: why.to_string(), by: Vec::new() }
        }
    }
}

fn adjustment_verdict(result: &AdjustmentResult) -> Verdict {
    match result {
        AdjustmentResult::Succeeds => Verdict::succeeds(),
        AdjustmentResult::Fails(why) => {
            Verdict { code: why.code(), illegal: None, reason: why.to_string(), by: Vec::new() }
        }
        AdjustmentResult::Illegal(why) => {
            Verdict { code: result.code(), illegal: Some(why.code()), reason: why.to_string(), by: Vec::new() }
        }
    }
}

/// `expected X, found Y (did you mean A, B?)`.
pub fn read_error_words(error: &ParseError) -> String {
    let mut text = format!("expected {}, found {}", error.expected, error.found);
    if !error.suggestions.is_empty() {
        text.push_str(&format!(" (did you mean {}?)", error.suggestions.join(", ")));
    }
    text
}

/// What happens to the unit of an order that cannot be read.
pub fn unreadable_consequence(kind: PhaseKind) -> &'static str {
    match kind {
        PhaseKind::Movement => "the order is ignored and the unit holds",
        PhaseKind::Retreat => "the order is ignored; a dislodged unit without a valid order is disbanded",
        PhaseKind::Adjustment => "the order is ignored",
    }
}

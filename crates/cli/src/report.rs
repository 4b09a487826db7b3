//! What a played phase decided, as text for people and as rows for `--json`: shared by
//! `dip adjudicate` and `dip run`.

use serde::Serialize;

use dip::adjust::{DisbandReason, RemovalCause};
use dip::{
    AdjustmentOutcome, AdjustmentResult, Map, MovementOutcome, OrderLine, OrderResult, ParseError, Phase, PhaseKind,
    PhaseOutcome, PhaseRecord, Position, RetreatOutcome, RetreatResult, Season,
};

use crate::commands::{diagnostic, plural};
use crate::describe;
use crate::load::Errors;

/// One order's result (or a unit that held without a legal order).
#[derive(Debug, Serialize)]
pub struct ResultRow {
    pub power: String,
    pub order: String,
    /// `succeeds`, `fails`, `illegal`, or `unreadable`.
    pub result: String,
    pub reason: String,
}

#[derive(Debug, Serialize)]
pub struct DislodgedRow {
    pub power: String,
    pub unit: String,
    pub by: String,
    pub retreats: Vec<String>,
}

#[derive(Debug, Serialize)]
pub struct RetreatedRow {
    pub power: String,
    pub unit: String,
    pub to: String,
}

#[derive(Debug, Serialize)]
pub struct DisbandedRow {
    pub power: String,
    pub unit: String,
    /// `ordered`, `bounced` or `no valid order`.
    pub reason: String,
}

#[derive(Debug, Serialize)]
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

#[derive(Debug, Serialize)]
pub struct UnitRow {
    pub power: String,
    pub unit: String,
}

#[derive(Debug, Serialize)]
pub struct RemovedRow {
    pub power: String,
    pub unit: String,
    /// `ordered` or `civil disorder`.
    pub cause: String,
}

/// What the phase decided beyond the order results, by kind of phase.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Details {
    Movement { dislodged: Vec<DislodgedRow> },
    Retreat { retreated: Vec<RetreatedRow>, disbanded: Vec<DisbandedRow> },
    Adjustment { powers: Vec<PowerRow>, built: Vec<UnitRow>, removed: Vec<RemovedRow> },
}

/// The report of one phase.
#[derive(Debug)]
pub struct PhaseReport {
    /// The orders section and what the phase decided, ending with a blank line.
    pub text: String,
    pub results: Vec<ResultRow>,
    pub details: Details,
}

/// The `--json` form of `dip adjudicate`.
#[derive(Debug, Serialize)]
pub struct Report {
    pub results: Vec<ResultRow>,
    #[serde(flatten)]
    pub details: Details,
    pub position: dip::PositionFile,
}

/// How a result reads: the word, the reason (empty for a success), and the text line's
/// ending.
struct Verdict {
    word: &'static str,
    reason: String,
    text: String,
}

/// Reports a played phase. `file` names the orders' file in diagnostics, `lines` are the
/// order lines as read (the readable ones are `record.orders`, in order), and `title` heads
/// the orders section.
pub fn phase(
    file: &str,
    map: &Map,
    lines: &[OrderLine],
    record: &PhaseRecord,
    title: &str,
) -> Result<PhaseReport, Errors> {
    let results = match &record.outcome {
        PhaseOutcome::Movement(o) => o.results.len(),
        PhaseOutcome::Retreat(o) => o.results.len(),
        PhaseOutcome::Adjustment(o) => o.results.len(),
    };
    let readable = lines.iter().filter(|l| l.parsed.is_ok()).count();
    if results != record.orders.len() || readable != record.orders.len() {
        return Err(vec![format!("{file}: internal error: {results} results for {readable} orders")]);
    }
    let position = &record.position;
    let mut report = match &record.outcome {
        PhaseOutcome::Movement(outcome) => {
            let verdicts = outcome.results.iter().map(|r| {
                let word = describe::verdict(r);
                let reason = describe::reason(map, position, r);
                let text = if reason.is_empty() { word.to_string() } else { format!("{word}, {reason}") };
                Verdict { word, reason, text }
            });
            let (orders, rows) = orders(file, map, lines, verdicts, PhaseKind::Movement);
            movement(map, position, record, outcome, orders, rows)
        }
        PhaseOutcome::Retreat(outcome) => {
            let verdicts = outcome.results.iter().map(|r| {
                let (word, reason) = match r {
                    RetreatResult::Succeeds => ("succeeds", String::new()),
                    RetreatResult::Fails(why) => ("fails", why.describe(map)),
                    RetreatResult::Illegal(why) => ("illegal", why.to_string()),
                };
                Verdict { word, reason, text: r.describe(map) }
            });
            let (orders, rows) = orders(file, map, lines, verdicts, PhaseKind::Retreat);
            retreat(map, outcome, orders, rows)
        }
        PhaseOutcome::Adjustment(outcome) => {
            let verdicts = outcome.results.iter().map(|r| {
                let (word, reason) = match r {
                    AdjustmentResult::Succeeds => ("succeeds", String::new()),
                    AdjustmentResult::Fails(why) => ("fails", why.to_string()),
                    AdjustmentResult::Illegal(why) => ("illegal", why.to_string()),
                };
                Verdict { word, reason, text: r.to_string() }
            });
            let (orders, rows) = orders(file, map, lines, verdicts, PhaseKind::Adjustment);
            adjustment(map, outcome, orders, rows)
        }
    };
    let mut text = String::new();
    outln!(text, "{title}");
    text.push_str(&report.text);
    outln!(text);
    report.text = text;
    Ok(report)
}

/// What happens to the unit of an order that cannot be read.
fn unreadable_consequence(kind: PhaseKind) -> &'static str {
    match kind {
        PhaseKind::Movement => "the order is ignored and the unit holds",
        PhaseKind::Retreat => "the order is ignored; a dislodged unit without a valid order is disbanded",
        PhaseKind::Adjustment => "the order is ignored",
    }
}

/// The orders section: one line per order line, in the file's order (a diagnostic for an
/// order that cannot be read), and the rows for JSON.
fn orders(
    file: &str,
    map: &Map,
    lines: &[OrderLine],
    mut verdicts: impl Iterator<Item = Verdict>,
    kind: PhaseKind,
) -> (String, Vec<ResultRow>) {
    let mut text = String::new();
    let mut rows = Vec::new();
    if lines.is_empty() {
        outln!(text, "(no orders)");
    }
    for line in lines {
        let power = map.power(line.power).name.clone();
        match &line.parsed {
            Ok(order) => {
                let verdict = verdicts.next().unwrap_or(Verdict {
                    word: "succeeds",
                    reason: String::new(),
                    text: "succeeds".into(),
                });
                let order = order.display(map).to_string();
                outln!(text, "{power}: {order}: {}", verdict.text);
                rows.push(ResultRow { power, order, result: verdict.word.into(), reason: verdict.reason });
            }
            Err(error) => {
                outln!(text, "{}", diagnostic(file, map, line, error));
                outln!(text, "     {}", unreadable_consequence(kind));
                rows.push(unreadable_row(power, line, error, kind));
            }
        }
    }
    (text, rows)
}

fn unreadable_row(power: String, line: &OrderLine, error: &ParseError, kind: PhaseKind) -> ResultRow {
    let place = match line.line {
        Some(n) => format!("line {n}, column {}", error.column),
        None => format!("column {}", error.column),
    };
    let consequence = match kind {
        PhaseKind::Movement => "the unit holds",
        _ => "the order is ignored",
    };
    ResultRow {
        power,
        order: line.text.clone(),
        result: "unreadable".into(),
        reason: format!("{place}: {}; {consequence}", describe::parse_error(error)),
    }
}

/// A movement phase: units that held without a legal order, and dislodged units.
fn movement(
    map: &Map,
    position: &Position,
    record: &PhaseRecord,
    outcome: &MovementOutcome,
    mut text: String,
    mut rows: Vec<ResultRow>,
) -> PhaseReport {
    let orders = &record.orders;
    let mut holding = Vec::new();
    for &(power, loc) in &outcome.unordered {
        let province = map.province_of(loc);
        // Units whose only orders were illegal are already reported as holding.
        let already = orders.iter().zip(&outcome.results).any(|(o, r)| {
            matches!(r, OrderResult::Illegal(_)) && o.power == power && o.unit.place.province == province
        });
        if already {
            continue;
        }
        let Some(unit) = position.unit_in(map, province) else { continue };
        let dislodged = outcome.dislodged.iter().find(|d| d.unit.loc == unit.loc);
        let (verdict, reason) = match dislodged {
            Some(d) => ("fails", format!("no legal order; dislodged by {}", describe::unit_in(map, position, d.by))),
            None => ("succeeds", "no legal order".to_string()),
        };
        let power = map.power(power).name.clone();
        let order = format!("{} Hold", describe::unit(map, unit));
        holding.push(match dislodged {
            Some(_) => format!("{power}: {}: holds, {reason}", describe::unit(map, unit)),
            None => format!("{power}: {}: holds", describe::unit(map, unit)),
        });
        rows.push(ResultRow { power, order, result: verdict.into(), reason });
    }

    let mut dislodged_rows = Vec::new();
    let mut dislodged_text = Vec::new();
    for d in &outcome.dislodged {
        let power = map.power(d.unit.power).name.clone();
        let unit = describe::unit(map, &d.unit);
        let mut by = describe::unit_in(map, position, d.by);
        if d.by_convoy {
            by.push_str(" (convoyed)");
        }
        let retreats = describe::locations(map, &d.retreats);
        dislodged_text.push(if retreats.is_empty() {
            format!("{power}: {unit}, dislodged by {by}: no retreat, it must disband")
        } else {
            format!("{power}: {unit}, dislodged by {by}: may retreat to {}", describe::list(&retreats, "or"))
        });
        dislodged_rows.push(DislodgedRow { power, unit, by, retreats });
    }
    section(&mut text, "Units without a legal order:", &holding);
    section(&mut text, "Dislodged:", &dislodged_text);
    PhaseReport { text, results: rows, details: Details::Movement { dislodged: dislodged_rows } }
}

/// A retreat phase: the units that retreated and those disbanded.
fn retreat(map: &Map, outcome: &RetreatOutcome, mut text: String, rows: Vec<ResultRow>) -> PhaseReport {
    let mut retreated = Vec::new();
    let mut retreated_text = Vec::new();
    for r in &outcome.retreated {
        let power = map.power(r.unit.power).name.clone();
        let unit = describe::unit(map, &r.unit);
        let to = map.loc_name(r.to);
        retreated_text.push(format!("{power}: {unit} retreats to {to}"));
        retreated.push(RetreatedRow { power, unit, to });
    }
    let mut disbanded = Vec::new();
    let mut disbanded_text = Vec::new();
    for d in &outcome.disbanded {
        let power = map.power(d.unit.power).name.clone();
        let unit = describe::unit(map, &d.unit);
        let (reason, why) = match d.reason {
            DisbandReason::Ordered => ("ordered", "ordered to disband"),
            DisbandReason::Bounced => ("bounced", "its retreat bounced"),
            DisbandReason::NoValidOrder => ("no valid order", "no valid retreat order"),
        };
        disbanded_text.push(format!("{power}: {unit} is disbanded: {why}"));
        disbanded.push(DisbandedRow { power, unit, reason: reason.into() });
    }
    section(&mut text, "Retreated:", &retreated_text);
    section(&mut text, "Disbanded:", &disbanded_text);
    PhaseReport { text, results: rows, details: Details::Retreat { retreated, disbanded } }
}

/// An adjustment phase: each power's count, the units built and the units removed.
fn adjustment(map: &Map, outcome: &AdjustmentOutcome, mut text: String, rows: Vec<ResultRow>) -> PhaseReport {
    let mut powers = Vec::new();
    let mut powers_text = Vec::new();
    for pa in &outcome.powers {
        let power = map.power(pa.power).name.clone();
        if pa.centres > 0 || pa.units > 0 {
            let counts =
                format!("{}, {}", plural(usize::from(pa.centres), "centre"), plural(usize::from(pa.units), "unit"));
            let change = match pa.change {
                0 => "no change".to_string(),
                n if n > 0 => {
                    let mut s = format!("may build {n}: built {}", pa.built);
                    if pa.waived > 0 {
                        s.push_str(&format!(", waived {}", pa.waived));
                    }
                    let unused = i64::from(n) - i64::from(pa.built) - i64::from(pa.waived);
                    if unused > 0 {
                        s.push_str(&format!(", {unused} not used"));
                    }
                    s
                }
                n => {
                    let mut s = format!("must remove {}: removed {}", -i64::from(n), pa.removed);
                    if pa.removed_in_disorder > 0 {
                        s.push_str(&format!(", {} more by civil disorder", pa.removed_in_disorder));
                    }
                    s
                }
            };
            powers_text.push(format!("{power}: {counts}: {change}"));
        }
        powers.push(PowerRow {
            power,
            centres: pa.centres,
            units: pa.units,
            change: pa.change,
            built: pa.built,
            waived: pa.waived,
            removed: pa.removed,
            removed_in_disorder: pa.removed_in_disorder,
        });
    }
    let mut built = Vec::new();
    let mut built_text = Vec::new();
    for u in &outcome.built {
        let power = map.power(u.power).name.clone();
        let unit = describe::unit(map, u);
        built_text.push(format!("{power}: {unit}"));
        built.push(UnitRow { power, unit });
    }
    let mut removed = Vec::new();
    let mut removed_text = Vec::new();
    for r in &outcome.removed {
        let power = map.power(r.unit.power).name.clone();
        let unit = describe::unit(map, &r.unit);
        let cause = match r.cause {
            RemovalCause::Ordered => "ordered",
            RemovalCause::CivilDisorder => "civil disorder",
        };
        removed_text.push(match r.cause {
            RemovalCause::Ordered => format!("{power}: {unit}"),
            RemovalCause::CivilDisorder => format!("{power}: {unit} (civil disorder: too few removals ordered)"),
        });
        removed.push(RemovedRow { power, unit, cause: cause.into() });
    }
    section(&mut text, "Centres and units:", &powers_text);
    section(&mut text, "Built:", &built_text);
    section(&mut text, "Removed:", &removed_text);
    PhaseReport { text, results: rows, details: Details::Adjustment { powers, built, removed } }
}

/// `\nTitle:\nline\n...` when there are lines.
fn section(text: &mut String, title: &str, lines: &[String]) {
    if lines.is_empty() {
        return;
    }
    outln!(text);
    outln!(text, "{title}");
    lines.iter().for_each(|l| outln!(text, "{l}"));
}

/// The phase after `phase` in the full sequence, whether or not it is played.
fn following(phase: Phase) -> Phase {
    let Phase { season, year, kind } = phase;
    match (season, kind) {
        (_, PhaseKind::Movement) => Phase { season, year, kind: PhaseKind::Retreat },
        (Season::Spring, PhaseKind::Retreat) => Phase { season: Season::Fall, year, kind: PhaseKind::Movement },
        (Season::Fall, PhaseKind::Retreat) => Phase { season, year, kind: PhaseKind::Adjustment },
        (_, PhaseKind::Adjustment) => {
            Phase { season: Season::Spring, year: year.saturating_add(1), kind: PhaseKind::Movement }
        }
    }
}

/// A line for each phase skipped between `from` (played) and `to` (next to play):
/// `Fall 1901 Retreat: no retreats`.
pub fn skipped(from: Phase, to: Phase) -> Vec<String> {
    let mut lines = Vec::new();
    let mut phase = following(from);
    // Movement phases are never skipped, so at most two phases lie between.
    for _ in 0..4 {
        if phase == to || phase.kind == PhaseKind::Movement {
            break;
        }
        lines.push(match phase.kind {
            PhaseKind::Retreat => format!("{phase}: no retreats (no unit was dislodged)"),
            _ => format!("{phase}: no adjustments (no power builds or removes units)"),
        });
        phase = following(phase);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn phase(text: &str) -> Phase {
        text.parse().expect("a phase")
    }

    #[test]
    fn skipped_phases_are_named() {
        let none: Vec<String> = Vec::new();
        assert_eq!(skipped(phase("Spring 1901 Movement"), phase("Spring 1901 Retreat")), none);
        assert_eq!(
            skipped(phase("Spring 1901 Movement"), phase("Fall 1901 Movement")),
            ["Spring 1901 Retreat: no retreats (no unit was dislodged)"]
        );
        assert_eq!(
            skipped(phase("Fall 1901 Movement"), phase("Spring 1902 Movement")),
            [
                "Fall 1901 Retreat: no retreats (no unit was dislodged)",
                "Winter 1901 Adjustment: no adjustments (no power builds or removes units)",
            ]
        );
        assert_eq!(
            skipped(phase("Fall 1901 Retreat"), phase("Spring 1902 Movement")),
            ["Winter 1901 Adjustment: no adjustments (no power builds or removes units)"]
        );
        assert_eq!(skipped(phase("Winter 1901 Adjustment"), phase("Spring 1902 Movement")), none);
    }
}

//! What a played phase decided, as text for people (`--json` is `dip::formats::PhaseResults`): shared by
//! `dip adjudicate` and `dip run`.

use dip::adjust::{DisbandReason, RemovalCause};
use dip::formats::unreadable_consequence;
use dip::{
    AdjustmentOutcome, Map, MovementOutcome, OrderLine, OrderResult, Phase, PhaseKind, PhaseOutcome, PhaseRecord,
    Position, RetreatOutcome, Season,
};

use crate::commands::{diagnostic, plural};
use crate::describe;
use crate::load::Errors;

/// The report of one phase.
#[derive(Debug)]
pub struct PhaseReport {
    /// The orders section and what the phase decided, ending with a blank line.
    pub text: String,
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
            let verdicts = outcome.results.iter().map(|r| describe::movement_result(map, position, r));
            let orders = orders(file, map, lines, verdicts, PhaseKind::Movement);
            movement(map, position, record, outcome, orders)
        }
        PhaseOutcome::Retreat(outcome) => {
            let verdicts = outcome.results.iter().map(|r| r.describe(map));
            let orders = orders(file, map, lines, verdicts, PhaseKind::Retreat);
            retreat(map, outcome, orders)
        }
        PhaseOutcome::Adjustment(outcome) => {
            let verdicts = outcome.results.iter().map(|r| r.to_string());
            let orders = orders(file, map, lines, verdicts, PhaseKind::Adjustment);
            adjustment(map, outcome, orders)
        }
    };
    let mut text = String::new();
    outln!(text, "{title}");
    text.push_str(&report.text);
    outln!(text);
    report.text = text;
    Ok(report)
}

/// The orders section: one line per order line, in the file's order (a diagnostic for an
/// order that cannot be read).
fn orders(
    file: &str,
    map: &Map,
    lines: &[OrderLine],
    mut verdicts: impl Iterator<Item = String>,
    kind: PhaseKind,
) -> String {
    let mut text = String::new();
    if lines.is_empty() {
        outln!(text, "(no orders)");
    }
    for line in lines {
        let power = &map.power(line.power).name;
        match &line.parsed {
            Ok(order) => {
                let verdict = verdicts.next().unwrap_or_else(|| "succeeds".into());
                outln!(text, "{power}: {}: {verdict}", order.display(map));
            }
            Err(error) => {
                outln!(text, "{}", diagnostic(file, map, line, error));
                outln!(text, "     {}", unreadable_consequence(kind));
            }
        }
    }
    text
}

/// A movement phase: units that held without a legal order, and dislodged units.
fn movement(
    map: &Map,
    position: &Position,
    record: &PhaseRecord,
    outcome: &MovementOutcome,
    mut text: String,
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
        let power = &map.power(power).name;
        holding.push(match outcome.dislodged.iter().find(|d| d.unit.loc == unit.loc) {
            Some(d) => format!(
                "{power}: {}: holds, no legal order; dislodged by {}",
                describe::unit(map, unit),
                describe::unit_in(map, position, d.by)
            ),
            None => format!("{power}: {}: holds", describe::unit(map, unit)),
        });
    }

    // Units without an order that their power's support or convoy moved (§4.E.3 a).
    let implied: Vec<String> = outcome
        .implied
        .iter()
        .map(|m| {
            let power = &map.power(m.unit.power).name;
            let verdict = describe::movement_result(map, position, &m.result);
            format!("{power}: {} - {}: {verdict}", describe::unit(map, &m.unit), map.province(m.to).name)
        })
        .collect();

    let mut dislodged = Vec::new();
    for d in &outcome.dislodged {
        let power = &map.power(d.unit.power).name;
        let unit = describe::unit(map, &d.unit);
        let mut by = describe::unit_in(map, position, d.by);
        if d.by_convoy {
            by.push_str(" (convoyed)");
        }
        let retreats = describe::locations(map, &d.retreats);
        dislodged.push(if retreats.is_empty() {
            format!("{power}: {unit}, dislodged by {by}: no retreat, it must disband")
        } else {
            format!("{power}: {unit}, dislodged by {by}: may retreat to {}", describe::list(&retreats, "or"))
        });
    }
    section(&mut text, "Units without a legal order:", &holding);
    section(&mut text, "Moves implied by their power's support or convoy orders:", &implied);
    section(&mut text, "Dislodged:", &dislodged);
    PhaseReport { text }
}

/// A retreat phase: the units that retreated and those disbanded.
fn retreat(map: &Map, outcome: &RetreatOutcome, mut text: String) -> PhaseReport {
    let retreated: Vec<String> = outcome
        .retreated
        .iter()
        .map(|r| {
            let power = &map.power(r.unit.power).name;
            format!("{power}: {} retreats to {}", describe::unit(map, &r.unit), map.loc_name(r.to))
        })
        .collect();
    let disbanded: Vec<String> = outcome
        .disbanded
        .iter()
        .map(|d| {
            let power = &map.power(d.unit.power).name;
            let why = match d.reason {
                DisbandReason::Ordered => "ordered to disband",
                DisbandReason::Bounced => "its retreat bounced",
                DisbandReason::NoValidOrder => "no valid retreat order",
            };
            format!("{power}: {} is disbanded: {why}", describe::unit(map, &d.unit))
        })
        .collect();
    section(&mut text, "Retreated:", &retreated);
    section(&mut text, "Disbanded:", &disbanded);
    PhaseReport { text }
}

/// An adjustment phase: each power's count, the units built and the units removed.
fn adjustment(map: &Map, outcome: &AdjustmentOutcome, mut text: String) -> PhaseReport {
    let mut powers = Vec::new();
    for pa in &outcome.powers {
        if pa.centres == 0 && pa.units == 0 {
            continue;
        }
        let power = &map.power(pa.power).name;
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
        powers.push(format!("{power}: {counts}: {change}"));
    }
    let built: Vec<String> =
        outcome.built.iter().map(|u| format!("{}: {}", map.power(u.power).name, describe::unit(map, u))).collect();
    let removed: Vec<String> = outcome
        .removed
        .iter()
        .map(|r| {
            let power = &map.power(r.unit.power).name;
            let unit = describe::unit(map, &r.unit);
            match r.cause {
                RemovalCause::Ordered => format!("{power}: {unit}"),
                _ => format!("{power}: {unit} (civil disorder: too few removals ordered)"),
            }
        })
        .collect();
    section(&mut text, "Centres and units:", &powers);
    section(&mut text, "Built:", &built);
    section(&mut text, "Removed:", &removed);
    PhaseReport { text }
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

/// The phase after `phase` in the full sequence, whether or not it is played; the years
/// go by as the map's calendar says.
fn following(map: &Map, phase: Phase) -> Phase {
    let Phase { season, year, kind } = phase;
    match (season, kind) {
        (_, PhaseKind::Movement) => Phase { season, year, kind: PhaseKind::Retreat },
        (Season::Spring, PhaseKind::Retreat) => {
            Phase { season: Season::Fall, year: map.fall_year(year).unwrap_or(year), kind: PhaseKind::Movement }
        }
        (Season::Fall, PhaseKind::Retreat) => Phase { season, year, kind: PhaseKind::Adjustment },
        (_, PhaseKind::Adjustment) => Phase {
            season: Season::Spring,
            year: map.next_spring_year(year).unwrap_or(year),
            kind: PhaseKind::Movement,
        },
    }
}

/// A line for each phase skipped between `from` (played) and `to` (next to play):
/// `Fall 1901 Retreat: no retreats`.
pub fn skipped(map: &Map, from: Phase, to: Phase) -> Vec<String> {
    let mut lines = Vec::new();
    let mut phase = following(map, from);
    // Movement phases are never skipped, so at most two phases lie between.
    for _ in 0..4 {
        if phase == to || phase.kind == PhaseKind::Movement {
            break;
        }
        lines.push(match phase.kind {
            PhaseKind::Retreat => format!("{phase}: no retreats (no unit was dislodged)"),
            _ => format!("{phase}: no adjustments (no power builds or removes units)"),
        });
        phase = following(map, phase);
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
        let map = dip::variant("standard").expect("standard");
        let map = &map;
        let none: Vec<String> = Vec::new();
        assert_eq!(skipped(map, phase("Spring 1901 Movement"), phase("Spring 1901 Retreat")), none);
        assert_eq!(
            skipped(map, phase("Spring 1901 Movement"), phase("Fall 1901 Movement")),
            ["Spring 1901 Retreat: no retreats (no unit was dislodged)"]
        );
        assert_eq!(
            skipped(map, phase("Fall 1901 Movement"), phase("Spring 1902 Movement")),
            [
                "Fall 1901 Retreat: no retreats (no unit was dislodged)",
                "Winter 1901 Adjustment: no adjustments (no power builds or removes units)",
            ]
        );
        assert_eq!(
            skipped(map, phase("Fall 1901 Retreat"), phase("Spring 1902 Movement")),
            ["Winter 1901 Adjustment: no adjustments (no power builds or removes units)"]
        );
        assert_eq!(skipped(map, phase("Winter 1901 Adjustment"), phase("Spring 1902 Movement")), none);
    }
}

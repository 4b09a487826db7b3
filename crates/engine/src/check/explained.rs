//! The explanation of a movement phase (`dip::explain`) checked against itself and the
//! outcome it explains: strengths add up, a success beats every opposing strength, a
//! failure names what stopped it, a cut names a unit that moved against the supporter, a
//! convoy route names fleets that convoyed. The DATC runner adds each case's expected
//! results; the property tests run it on arbitrary positions.

use dip_map::{Map, ProvinceId, Unit};
use dip_movement::explanation::{
    ConvoyStatus, MoveTrace, OrderExplanation, Route, Strength, StrengthKind, StrengthNote, SupportStatus, Trace,
};
use dip_movement::{Explanation, Failure, MovementOutcome, OrderResult};

use super::{Violation, fail};

/// A unit as the faults name it.
fn unit_label(map: &Map, unit: &Option<Unit>) -> String {
    match unit {
        Some(u) => format!("{} {}", u.kind, map.loc_name(u.loc)),
        None => "no unit".to_string(),
    }
}

/// Every way the explanation of one order is inconsistent with itself and with the other
/// orders' explanations, in words; `fault` receives each.
pub fn order_faults(map: &Map, orders: &[OrderExplanation], e: &OrderExplanation, fault: &mut impl FnMut(String)) {
    let name = |unit: &Option<Unit>| unit_label(map, unit);
    for strength in strengths(e) {
        if let Some(why) = strength_fault(strength) {
            fault(why);
        }
        for support in &strength.supports {
            if let Some(why) = support_fault(map, orders, &support.unit, &support.status) {
                fault(why);
            }
        }
    }
    match &e.trace {
        Trace::Move(mv) => move_faults(orders, e, mv, fault),
        Trace::Support(support) => {
            let unit = e.unit.as_ref();
            match (&e.result, &support.status) {
                (OrderResult::Succeeds, SupportStatus::Counted | SupportStatus::Protected { .. }) => {}
                (OrderResult::Fails(Failure::SupportCut { .. }), SupportStatus::Cut { .. })
                | (OrderResult::Fails(Failure::SupportDislodged { .. }), SupportStatus::Dislodged { .. })
                | (OrderResult::Fails(Failure::SupportVoid), SupportStatus::Void(_))
                | (OrderResult::Fails(Failure::CanalClosed | Failure::CanalParadox), SupportStatus::CanalClosed)
                | (OrderResult::Fails(_), SupportStatus::Backup(_)) => {}
                (result, status) => fault(format!("support {status:?} with result {}", result.code())),
            }
            if let Some(unit) = unit
                && let Some(why) = support_fault(map, orders, unit, &support.status)
            {
                fault(why);
            }
        }
        Trace::Convoy(convoy) => match (&e.result, &convoy.status) {
            (OrderResult::Succeeds, ConvoyStatus::Convoyed)
            | (OrderResult::Fails(Failure::ConvoyVoid), ConvoyStatus::Void(_))
            | (OrderResult::Fails(Failure::ConvoyParadox), ConvoyStatus::Paradox(_)) => {}
            (OrderResult::Fails(Failure::ConvoyDislodged { .. }), ConvoyStatus::Dislodged { by }) => {
                if let Some(fleet) = &e.unit
                    && !moved_into(orders, by, map.province_of(fleet.loc))
                {
                    fault(format!("convoy dislodged by {}, which did not move there", name(&Some(*by))));
                }
            }
            (OrderResult::Fails(_), ConvoyStatus::Backup(rule)) if e.backup == Some(*rule) => {}
            (result, status) => fault(format!("convoy {status:?} with result {}", result.code())),
        },
        Trace::Hold(hold) => {
            let dislodged = matches!(e.result, OrderResult::Fails(Failure::Dislodged { .. }));
            let beaten = hold.attacks.iter().any(|a| a.value > hold.hold.value);
            if dislodged && !beaten {
                fault(format!("dislodged, yet no attack beats hold strength {}", hold.hold.value));
            }
        }
        Trace::Illegal => {
            if !matches!(e.result, OrderResult::Illegal(_)) {
                fault(format!("explained as illegal, result {}", e.result.code()));
            }
        }
        Trace::Other => {}
        _ => fault("a kind of trace the check does not know".to_string()),
    }
}

/// Everything inconsistent in an explanation, in words, each prefixed with its order
/// (`order 3 (Army Paris): ...`); empty when it is consistent with itself.
pub fn explanation_faults(map: &Map, explanation: &Explanation) -> Vec<String> {
    let mut faults = Vec::new();
    // The implied moves are moves like the orders': a cut or a dislodgement may name one.
    let all: Vec<OrderExplanation> = explanation.orders.iter().chain(&explanation.implied).cloned().collect();
    for (k, e) in all.iter().enumerate() {
        let label = unit_label(map, &e.unit);
        let what = if k < explanation.orders.len() { "order" } else { "move implied by order" };
        order_faults(map, &all, e, &mut |fault: String| {
            faults.push(format!("{what} {} ({label}): {fault}", e.index + 1))
        });
    }
    faults
}

/// Whether `explanation` explains `outcome`: one explanation an order, each with the
/// outcome's result for that order, and consistent with itself ([`explanation_faults`]).
pub fn explanation(map: &Map, outcome: &MovementOutcome, explanation: &Explanation) -> Result<(), Violation> {
    if explanation.orders.len() != outcome.results.len() {
        return fail(
            "one explanation an order",
            format!("{} explanations for {} results", explanation.orders.len(), outcome.results.len()),
        );
    }
    for (i, (e, result)) in explanation.orders.iter().zip(&outcome.results).enumerate() {
        if e.index != i || e.result != *result {
            return fail(
                "an explanation of the outcome's result",
                format!(
                    "order {}: explained as {} ({}), the outcome says {}",
                    i + 1,
                    e.result.code(),
                    e.index + 1,
                    result.code()
                ),
            );
        }
    }
    if explanation.implied.len() != outcome.implied.len() {
        return fail(
            "one explanation an implied move",
            format!("{} explanations for {} implied moves", explanation.implied.len(), outcome.implied.len()),
        );
    }
    for (e, implied) in explanation.implied.iter().zip(&outcome.implied) {
        if e.unit != Some(implied.unit) || e.result != implied.result || !matches!(e.trace, Trace::Move(_)) {
            return fail(
                "an explanation of the outcome's implied move",
                format!(
                    "{}: explained as {} ({:?}), the outcome says {}",
                    unit_label(map, &Some(implied.unit)),
                    e.result.code(),
                    e.unit,
                    implied.result.code()
                ),
            );
        }
    }
    let faults = explanation_faults(map, explanation);
    if faults.is_empty() { Ok(()) } else { fail("an explanation consistent with itself", faults.join("; ")) }
}

/// Every strength an order's explanation names.
fn strengths(e: &OrderExplanation) -> Vec<&Strength> {
    match &e.trace {
        Trace::Move(mv) => std::iter::once(&mv.attack).chain(&mv.opposing).collect(),
        Trace::Hold(hold) => std::iter::once(&hold.hold).chain(&hold.attacks).collect(),
        _ => Vec::new(),
    }
}

/// Whether a strength adds up: 1 + its counted supports, less the border's toll, or the
/// value its note gives.
fn strength_fault(s: &Strength) -> Option<String> {
    let want = match s.note {
        None => (1 + s.counted() as u32).saturating_sub(s.toll),
        Some(StrengthNote::MoveFailed) => 1,
        Some(StrengthNote::Railroad) => return None,
        Some(_) => 0,
    };
    if s.unit.is_none() && s.note != Some(StrengthNote::Empty) {
        return Some(format!("{} strength without a unit, not of an empty province", s.kind));
    }
    (s.value != want).then(|| {
        format!(
            "{} strength {} does not add up: expected {want} ({} counted, note {:?})",
            s.kind,
            s.value,
            s.counted(),
            s.note
        )
    })
}

/// Whether a support's status is borne out by the other orders: a cut names a unit of
/// another power moving against the supporter, a dislodgement one that moved in.
fn support_fault(map: &Map, orders: &[OrderExplanation], supporter: &Unit, status: &SupportStatus) -> Option<String> {
    let supporter_result = orders
        .iter()
        .find(|o| o.unit.as_ref() == Some(supporter) && !matches!(o.result, OrderResult::Illegal(_)))
        .map(|o| &o.result);
    match status {
        SupportStatus::Protected { from, .. } => {
            let against = orders.iter().any(|o| {
                o.unit.as_ref() == Some(from)
                    && from.power != supporter.power
                    && matches!(&o.trace, Trace::Move(mv) if mv.destination == map.province_of(supporter.loc))
            });
            let given = supporter_result.is_some_and(|r| r.succeeded());
            (!against || !given).then(|| "a support protected from a unit that did not attack it, or not given".into())
        }
        SupportStatus::Counted | SupportStatus::OwnPowerAttacked => {
            (!supporter_result.is_some_and(|r| r.succeeded())).then(|| "a support counted that did not succeed".into())
        }
        SupportStatus::Cut { by } => {
            let against = orders.iter().any(|o| {
                o.unit.as_ref() == Some(by)
                    && by.power != supporter.power
                    && matches!(&o.trace, Trace::Move(mv) if mv.destination == map.province_of(supporter.loc))
            });
            (!against).then(|| "a support called cut by a unit that did not move against the supporter".into())
        }
        SupportStatus::Dislodged { by } => (!moved_into(orders, by, map.province_of(supporter.loc)))
            .then(|| "a supporter called dislodged by a unit that did not move in".into()),
        // A backup rule's failure is the rule the supporter's own decision was settled by.
        SupportStatus::Backup(rule) => {
            let settled = orders.iter().any(|o| o.unit.as_ref() == Some(supporter) && o.backup == Some(*rule));
            (!settled).then(|| format!("a support called failed by {rule:?}, which did not settle it"))
        }
        _ => None,
    }
}

/// Whether `unit`'s move to `province` succeeded.
fn moved_into(orders: &[OrderExplanation], unit: &Unit, province: ProvinceId) -> bool {
    orders.iter().any(|o| {
        o.unit.as_ref() == Some(unit)
            && o.result.succeeded()
            && matches!(&o.trace, Trace::Move(mv) if mv.destination == province)
    })
}

fn move_faults(orders: &[OrderExplanation], e: &OrderExplanation, mv: &MoveTrace, fault: &mut impl FnMut(String)) {
    let attack = mv.attack.value;
    if mv.attack.kind != StrengthKind::Attack {
        fault(format!("a move's first strength is a {} strength", mv.attack.kind));
    }
    if e.result.succeeded() {
        if mv.attack.note.is_some() {
            fault(format!("succeeded with attack strength {attack} ({:?})", mv.attack.note));
        }
        for o in &mv.opposing {
            // A province nobody holds is entered with any strength (DATC 10.H: even 0).
            let unheld = o.kind == StrengthKind::Hold && o.value == 0;
            if attack <= o.value && !unheld {
                fault(format!("succeeded with attack strength {attack}, not above {} strength {}", o.kind, o.value));
            }
        }
        if let Route::Convoy { fleets } = &mv.route
            && fleets.is_empty()
        {
            fault("a convoy route without fleets".to_string());
        }
        if matches!(mv.route, Route::NoConvoy { .. } | Route::PathNotWritten | Route::Impossible | Route::CanalClosed) {
            fault(format!("succeeded without a route: {:?}", mv.route));
        }
        match mv.opposing.first() {
            Some(first) if first.kind == StrengthKind::Defend || first.kind == StrengthKind::Hold => {}
            _ => fault("no hold or defend strength opposes the move".to_string()),
        }
    } else if !matches!(e.result, OrderResult::Illegal(_)) {
        let beaten = mv.opposing.iter().any(|o| o.value >= attack && !(o.kind == StrengthKind::Hold && o.value == 0));
        let reason = mv.attack.note.is_some()
            || e.backup.is_some()
            || matches!(
                e.result,
                OrderResult::Fails(
                    Failure::Impossible | Failure::NoConvoyPath | Failure::CanalClosed | Failure::CanalParadox
                )
            );
        if !beaten && !reason {
            fault(format!("failed, yet attack strength {attack} beats every opposing strength and no reason is named"));
        }
        // Each unit the result says the move bounced against has a strength that stopped it.
        if let OrderResult::Fails(Failure::Bounced { by }) = &e.result {
            for province in by.iter() {
                let stopped = mv.opposing.iter().any(|o| o.province == *province && o.value >= attack);
                if !stopped && e.backup.is_none() {
                    fault(format!(
                        "bounced by the unit from {province:?}, yet no strength of it stops attack {attack}"
                    ));
                }
            }
        }
        if let OrderResult::Fails(Failure::NoConvoyPath) = e.result
            && matches!(mv.route, Route::Direct | Route::Convoy { .. })
        {
            fault(format!("failed for want of a convoy, yet its route is {:?}", mv.route));
        }
    }
    // A convoy route consists of fleets whose convoy of this army succeeded.
    if let (Route::Convoy { fleets }, Some(army)) = (&mv.route, &e.unit) {
        for fleet in fleets {
            let convoyed = orders.iter().any(|o| {
                o.unit.as_ref() == Some(fleet)
                    && o.result.succeeded()
                    && matches!(&o.trace, Trace::Convoy(c) if c.army == *army && c.status == ConvoyStatus::Convoyed)
            });
            if !convoyed {
                fault(format!("its convoy route names {} {:?}, which did not convoy it", fleet.kind, fleet.loc));
            }
        }
    }
}

//! Checks the engine's explanation of a movement case (`dip::explain`) against the case's
//! expected results and against itself: strengths add up, a success beats every opposing
//! strength, a failure names what stopped it, a cut names a unit that moved against the
//! supporter, a convoy route names fleets that convoyed.

use dip::explanation::{
    ConvoyStatus, MoveTrace, OrderExplanation, Route, Strength, StrengthKind, StrengthNote, SupportStatus, Trace,
};
use dip::{Explanation, Failure, Map, OrderResult, PhaseKind, ProvinceId, Unit};

use crate::{Case, Expect, board, phase_of, read_orders, rules_of};

/// A movement case explained: its map, the expected result of each order read (unreadable
/// ones left out, so they line up with the explanation), and the explanation.
#[derive(Debug)]
pub struct ExplainedCase {
    pub map: Map,
    pub expected: Vec<Expect>,
    pub explanation: Explanation,
}

/// Explains a movement case under its preferred rules or one alternative; `Ok(None)` for a
/// case of another phase.
pub fn explain_case(case: &Case, alternative: Option<usize>) -> Result<Option<ExplainedCase>, String> {
    let phase = phase_of(case)?;
    if phase.kind != PhaseKind::Movement {
        return Ok(None);
    }
    let map = crate::load_variant(&case.variant)?;
    let rules = rules_of(case, alternative)?;
    let position = board(case, &map, phase)?;
    let written: Vec<Expect> = match alternative {
        None => case.orders.iter().map(|(_, e)| *e).collect(),
        Some(i) => case.alternatives.get(i).ok_or(format!("no alternative {i}"))?.results.clone(),
    };
    let (parsed, orders) = read_orders(&map, phase.kind, &case.orders)?;
    let expected = parsed.iter().zip(written).filter(|(p, _)| p.is_ok()).map(|(_, e)| e).collect();
    let explanation = dip::explain(&map, &position, &orders, &rules).map_err(|e| e.to_string())?;
    Ok(Some(ExplainedCase { map, expected, explanation }))
}

/// Everything wrong with an explanation: each fault in words. Empty when it is consistent
/// with the expected results and with itself.
pub fn explanation_faults(map: &Map, expected: &[Expect], explanation: &Explanation) -> Vec<String> {
    let mut faults = Vec::new();
    let orders = &explanation.orders;
    if orders.len() != expected.len() {
        faults.push(format!("{} explanations for {} orders", orders.len(), expected.len()));
    }
    let name = |unit: &Option<Unit>| match unit {
        Some(u) => format!("{} {}", u.kind, map.loc_name(u.loc)),
        None => "no unit".to_string(),
    };
    for (e, want) in orders.iter().zip(expected) {
        let mut fault = |what: String| faults.push(format!("order {} ({}): {what}", e.index + 1, name(&e.unit)));
        let class_ok = match want {
            Expect::Succeeds => e.result.succeeded(),
            Expect::Fails(None) => matches!(e.result, OrderResult::Fails(_)),
            Expect::Fails(Some(code)) => e.result.code() == *code,
            Expect::Illegal => matches!(e.result, OrderResult::Illegal(_)),
            Expect::Unreadable => false,
        };
        if !class_ok {
            fault(format!("expected {want}, the explanation's result is {}", e.result.code()));
        }
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
            Trace::Move(mv) => move_faults(orders, e, mv, &mut fault),
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
    faults
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

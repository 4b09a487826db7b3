//! Checks the engine's explanation of a movement case (`dip::explain`) against the case's
//! expected results, and against itself by `dip::check::order_faults` (strengths add up, a
//! success beats every opposing strength, a failure names what stopped it, a cut names a
//! unit that moved against the supporter, a convoy route names fleets that convoyed), the
//! check the property tests also run on arbitrary positions.

use dip::{Explanation, Map, OrderResult, PhaseKind, Unit};

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
        dip::check::order_faults(map, orders, e, &mut fault);
    }
    faults
}

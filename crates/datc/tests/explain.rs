//! `dip::explain` on every movement case of the DATC: each explanation is consistent with
//! the case's expected results and with itself (`dip_datc::explanation_faults`), and a
//! broken explanation is caught.

use dip::OrderResult;
use dip::explanation::{Route, SupportStatus, Trace};
use dip_datc::{Case, ExplainedCase, explain_case, explanation_faults};

fn case(id: &str) -> Case {
    let dir = dip_datc::default_dir();
    let path = ["v3.1", "v2.5", "dip"].iter().map(|d| dir.join(d).join(format!("{id}.ron"))).find(|p| p.exists());
    Case::load(path.expect("case file")).expect("case reads")
}

fn explained(id: &str) -> ExplainedCase {
    explain_case(&case(id), None).expect("explains").expect("a movement case")
}

/// Every movement case of chapter 6, under its preferred rules and each alternative.
#[test]
fn every_chapter_6_case_is_explained_consistently() {
    let cases = dip_datc::load_dir(dip_datc::default_dir().join("v3.1")).expect("case files");
    let (mut runs, mut orders, mut problems) = (0, 0, Vec::new());
    for case in &cases {
        let alternatives = std::iter::once(None).chain((0..case.alternatives.len()).map(Some));
        for alternative in alternatives {
            if alternative.and_then(|i| case.alternatives.get(i)).is_some_and(|a| !dip_datc::alternative_supported(a)) {
                continue;
            }
            let Some(ex) = explain_case(case, alternative).unwrap_or_else(|e| panic!("{}: {e}", case.id)) else {
                continue;
            };
            runs += 1;
            orders += ex.explanation.orders.len();
            for fault in explanation_faults(&ex.map, &ex.expected, &ex.explanation) {
                problems.push(format!("{} {alternative:?}: {fault}", case.id));
            }
        }
    }
    assert!(runs > 150, "only {runs} movement runs of chapter 6");
    assert!(
        problems.is_empty(),
        "{} faults in {runs} runs ({orders} orders):\n{}",
        problems.len(),
        problems.join("\n")
    );
    eprintln!("{runs} movement runs of chapter 6 explained, {orders} orders");
}

/// The variant chapters' movement cases too (railroads, canals, ice, difficult borders).
#[test]
fn every_variant_case_is_explained_consistently() {
    let cases = dip_datc::load_dir(dip_datc::default_dir().join("v2.5")).expect("case files");
    let mut problems = Vec::new();
    for case in &cases {
        if let Some(ex) = explain_case(case, None).unwrap_or_else(|e| panic!("{}: {e}", case.id)) {
            for fault in explanation_faults(&ex.map, &ex.expected, &ex.explanation) {
                problems.push(format!("{}: {fault}", case.id));
            }
        }
    }
    assert!(problems.is_empty(), "{} faults:\n{}", problems.len(), problems.join("\n"));
}

fn faults(ex: &ExplainedCase) -> Vec<String> {
    explanation_faults(&ex.map, &ex.expected, &ex.explanation)
}

#[test]
fn a_strength_that_does_not_add_up_is_caught() {
    // 6.D.1: A Trieste's attack, supported once, bounces against a supported hold; make
    // the attack one stronger than its supports give.
    let mut ex = explained("6.D.1");
    assert!(faults(&ex).is_empty(), "{:?}", faults(&ex));
    let mv = ex.explanation.orders.iter_mut().find_map(|o| match &mut o.trace {
        Trace::Move(mv) if mv.attack.counted() > 0 => Some(mv),
        _ => None,
    });
    mv.expect("a supported move").attack.value += 1;
    let found = faults(&ex);
    assert!(found.iter().any(|f| f.contains("does not add up")), "{found:?}");
}

#[test]
fn a_support_counted_that_was_cut_is_caught() {
    // 6.D.2: A Tyrolia's support of A Venice is cut by A Vienna; called counted, it
    // contradicts its own failure.
    let mut ex = explained("6.D.2");
    assert!(faults(&ex).is_empty(), "{:?}", faults(&ex));
    let support = ex.explanation.orders.iter_mut().find_map(|o| match &mut o.trace {
        Trace::Support(s) if matches!(s.status, SupportStatus::Cut { .. }) => Some(s),
        _ => None,
    });
    support.expect("a cut support").status = SupportStatus::Counted;
    let found = faults(&ex);
    assert!(found.iter().any(|f| f.contains("Counted with result cut")), "{found:?}");
}

#[test]
fn a_cut_by_a_unit_that_did_not_attack_the_supporter_is_caught() {
    let mut ex = explained("6.D.2");
    // A Tyrolia's support is cut by A Vienna; name A Trieste instead, which moved, but to
    // Venice, not against the supporter.
    let trieste = ex.explanation.orders[1].unit.expect("A Trieste");
    let cut = ex.explanation.orders.iter_mut().find_map(|o| match &mut o.trace {
        Trace::Support(s) if matches!(s.status, SupportStatus::Cut { .. }) => Some(s),
        _ => None,
    });
    cut.expect("a cut support").status = SupportStatus::Cut { by: trieste };
    let found = faults(&ex);
    assert!(found.iter().any(|f| f.contains("did not move against the supporter")), "{found:?}");
}

#[test]
fn a_convoy_route_through_a_fleet_that_did_not_convoy_is_caught() {
    // 6.F.2: A London goes by convoy through the English Channel; name A Paris instead.
    let mut ex = explained("6.F.2");
    assert!(faults(&ex).is_empty(), "{:?}", faults(&ex));
    let outsider = ex.explanation.orders.iter().rev().find_map(|o| o.unit).expect("a unit");
    let route = ex.explanation.orders.iter_mut().find_map(|o| match &mut o.trace {
        Trace::Move(mv) if matches!(mv.route, Route::Convoy { .. }) => Some(&mut mv.route),
        _ => None,
    });
    *route.expect("a convoyed move") = Route::Convoy { fleets: vec![outsider] };
    let found = faults(&ex);
    assert!(found.iter().any(|f| f.contains("did not convoy it")), "{found:?}");
}

#[test]
fn a_result_the_case_does_not_expect_is_caught() {
    let mut ex = explained("6.A.11");
    ex.explanation.orders[0].result = OrderResult::Succeeds;
    ex.expected[0] = dip_datc::Expect::Fails(None);
    assert!(!faults(&ex).is_empty());
}

/// The paradox and backup rules are named where they decided.
#[test]
fn backup_rules_are_named_where_they_decided() {
    use dip::explanation::{BackupRule, ConvoyStatus};
    // 6.C.1: three armies in a ring: circular movement, every move succeeds.
    let ex = explained("6.C.1");
    for order in &ex.explanation.orders {
        assert_eq!(order.backup, Some(BackupRule::CircularMovement), "{}", order.display(&ex.map));
        assert!(order.display(&ex.map).to_string().contains("circular movement"));
    }
    // 6.F.14: a simple convoy paradox, settled by the Szykman rule: the convoy is
    // disrupted, and the army's route says so.
    let ex = explained("6.F.14");
    let text = ex.explanation.display(&ex.map).to_string();
    let convoy = ex.explanation.orders.iter().find_map(|o| match &o.trace {
        Trace::Convoy(c) => Some(c.status),
        _ => None,
    });
    let szykman = BackupRule::ConvoyParadox(dip::map::rules::ParadoxRule::Szykman);
    assert_eq!(convoy, Some(ConvoyStatus::Paradox(szykman)), "{text}");
    assert!(text.contains("Szykman"), "{text}");
    let route = ex.explanation.orders.iter().find_map(|o| match &o.trace {
        Trace::Move(mv) if matches!(mv.route, Route::NoConvoy { .. }) => Some(mv.route.clone()),
        _ => None,
    });
    assert!(route.is_some(), "{text}");
    eprintln!("{text}");
}

/// The words a front end shows: strengths with their supports, cuts with the cutter.
#[test]
fn the_wording_names_strengths_supports_and_cutters() {
    // 6.D.2: A Trieste, supported by F Adriatic Sea, dislodges A Venice, whose support from
    // A Tyrolia is cut by A Vienna.
    let ex = explained("6.D.2");
    let text = ex.explanation.display(&ex.map).to_string();
    eprintln!("{text}");
    for wanted in [
        "2: attack strength of A Trieste (Austria): 2 = 1 + 1 support; support from F Adriatic Sea (Austria) counted",
        "2: hold strength of A Venice (Italy): 1 = 1 + 0 supports; support from A Tyrolia (Italy) cut by A Vienna (Austria)",
        "5: support for A Venice (Italy): cut by A Vienna (Austria)",
    ] {
        assert!(text.contains(wanted), "`{wanted}` not in:\n{text}");
    }
}

/// Under the 1971, 1982 and 2000 paradox rules, a support a convoyed attack does not cut is
/// named as protected by the rule, wherever chapter 6 has one.
#[test]
fn a_paradox_rule_that_kept_a_support_is_named() {
    let cases = dip_datc::load_dir(dip_datc::default_dir().join("v3.1")).expect("case files");
    let mut protected = Vec::new();
    for case in &cases {
        for (i, alternative) in case.alternatives.iter().enumerate() {
            if !dip_datc::alternative_supported(alternative) {
                continue;
            }
            let Some(ex) = explain_case(case, Some(i)).expect("explains") else { continue };
            let text = ex.explanation.display(&ex.map).to_string();
            if ex
                .explanation
                .orders
                .iter()
                .any(|o| matches!(&o.trace, Trace::Support(s) if matches!(s.status, SupportStatus::Protected { .. })))
            {
                assert!(text.contains("paradox rule (4.A.2)"), "{text}");
                protected.push(format!("{} {:?}", case.id, alternative.rules));
            }
        }
    }
    // 6.F.16 (pandin's paradox): the convoyed army from Brest does not cut the support of
    // the attack on the convoying fleet under any of the three rules.
    for rule in ["1971", "1982", "2000"] {
        let want = format!("6.F.16 {{\"4.A.2\": \"{rule}\"}}");
        assert!(protected.contains(&want), "{want} not in {protected:#?}");
    }
}

#[test]
fn a_bounce_the_strengths_do_not_bear_out_is_caught() {
    // 6.A.11: A Vienna and A Venice bounce in Tyrolia, each stopped by the other's prevent
    // strength 1. Weaken Venice's prevent strength in Vienna's explanation (and its
    // supports, so it still adds up): the bounce the result names is no longer borne out.
    let mut ex = explained("6.A.11");
    assert!(faults(&ex).is_empty(), "{:?}", faults(&ex));
    let Trace::Move(mv) = &mut ex.explanation.orders[0].trace else { panic!("a move") };
    let prevent = mv.opposing.iter_mut().find(|s| s.kind == dip::explanation::StrengthKind::Prevent);
    let prevent = prevent.expect("Venice's prevent strength");
    prevent.value = 0;
    prevent.note = Some(dip::explanation::StrengthNote::LostHeadToHead);
    let found = faults(&ex);
    assert!(found.iter().any(|f| f.contains("yet no strength of it stops")), "{found:?}");
}

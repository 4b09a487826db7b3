//! §4.A.3 choice via-or-land-fallback (dipcc, Meta's engine): a move written "via convoy"
//! whose convoy orders form a chain waits on its convoy; once the convoy has failed for good
//! (a fleet dislodged, or the paradox rule disabling it) the army goes by land; it never
//! meets a unit head to head. Each position here was also adjudicated by dipcc's
//! `GameState::process` (the adjudicator of facebookresearch/diplomacy_cicero, run apart
//! from the repository), which leaves the board asserted, unless a test says otherwise. The
//! first two reduce the only two of 456,776 phases of random dipcc games that dip adjudicated
//! otherwise than dipcc under via-or-land (`rules/dipcc.toml`).

use dip_map::{Map, PhaseKind, Position, Rules, Unit};
use dip_movement::{Failure, OrderResult, adjudicate};
use dip_orders::{ParseOptions, parse_order, parse_unit};

fn map() -> Map {
    dip_map::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/standard.ron")).expect("standard map loads")
}

/// What a phase decided, in words: each order's result, the units after it (`A KIE`),
/// sorted, and each dislodged unit with its retreats (`F BAL: BER BOT`), sorted.
struct Adjudicated {
    results: Vec<OrderResult>,
    after: Vec<String>,
    retreats: Vec<String>,
}

/// Orders in dipcc's notation (`GERMANY:` lines, then that power's orders) on a board of just
/// the ordered units, adjudicated under 4.A.3 = `choice`.
fn adjudicated(block: &str, choice: &str) -> Adjudicated {
    let map = map();
    let mut position = Position::empty(&map, "Spring 1901 Movement".parse().expect("a phase"));
    let mut orders = Vec::new();
    let mut power = None;
    for line in block.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(name) = line.strip_suffix(':') {
            power = Some(map.power_by_name(name).expect("a power"));
            continue;
        }
        let power = power.expect("a power line first");
        let unit_text = line.get(..5).expect("a unit");
        let (kind, loc) = parse_unit(&map, unit_text).unwrap_or_else(|e| panic!("`{unit_text}`: {e}"));
        position.units.push(Unit { power, kind, loc });
        let options = ParseOptions::new(PhaseKind::Movement).power(power);
        orders.push(parse_order(&map, options, line).unwrap_or_else(|e| panic!("`{line}`: {e}")));
    }
    let mut rules = Rules::default();
    rules.set("4.A.3", choice).expect("a known choice");
    let outcome = adjudicate(&map, &position, &orders, &rules).expect("valid input");
    let short = |loc| map.province(map.province_of(loc)).abbr.to_uppercase();
    let mut after: Vec<String> =
        outcome.position.units.iter().map(|u| format!("{} {}", u.kind, short(u.loc))).collect();
    after.sort();
    let mut retreats: Vec<String> = outcome
        .dislodged
        .iter()
        .map(|d| {
            let mut to: Vec<String> = d.retreats.iter().map(|&l| short(l)).collect();
            to.sort();
            format!("{} {}: {}", d.unit.kind, short(d.unit.loc), to.join(" "))
        })
        .collect();
    retreats.sort();
    Adjudicated { results: outcome.results, after, retreats }
}

fn bounced(by: &[&str]) -> OrderResult {
    let map = map();
    let by = by.iter().map(|p| map.province_by_name(p).expect("a province")).collect();
    OrderResult::Fails(Failure::Bounced { by })
}

/// dipcc game `dipcc-random-7-245` S1915M: the convoying fleet is dislodged, and the army
/// written "via convoy" moves over land into Kiel, which its fleet left. Baltic may retreat to
/// Berlin: the army did not stay there. Under via-or-land the move fails with its convoy.
#[test]
fn a_dislodged_convoy_sends_the_army_over_land() {
    let block = "GERMANY:
        A BER - KIE VIA
        F KIE - BAL
        RUSSIA:
        F BAL C A BER - KIE
        ENGLAND:
        F SWE S F KIE - BAL";
    let r = adjudicated(block, "dipcc");
    assert_eq!(r.results[0], OrderResult::Succeeds);
    assert_eq!(r.results[1], OrderResult::Succeeds);
    assert!(matches!(r.results[2], OrderResult::Fails(Failure::ConvoyDislodged { .. })), "{:?}", r.results);
    assert_eq!(r.after, ["A KIE", "F BAL", "F SWE"]);
    assert_eq!(r.retreats, ["F BAL: BER BOT DEN LVN PRU"]);

    let r = adjudicated(block, "via-or-land");
    assert_eq!(r.results[0], OrderResult::Fails(Failure::NoConvoyPath));
    assert_eq!(r.retreats, ["F BAL: BOT DEN LVN PRU"]);
}

/// dipcc game `dipcc-random-108-283` F1910M: a convoy paradox. The army's cut of Holland's
/// support waits on the convoy, the convoy on the attack on North Sea, the attack on the
/// support: two resolutions. The Szykman rule disables the convoy, and the army then goes by
/// land and cuts the support, so North Sea holds and nothing moves. Under via-or-land the
/// army fails with its convoy, the support stands, and North Sea is dislodged.
#[test]
fn a_paradox_disables_the_convoy_and_the_army_goes_over_land() {
    let block = "GERMANY:
        A BEL - HOL VIA
        F NTH C A BEL - HOL
        ENGLAND:
        F YOR - NTH
        F HOL S F YOR - NTH";
    let r = adjudicated(block, "dipcc");
    assert_eq!(r.results[0], bounced(&["HOL"]));
    assert_eq!(r.results[1], OrderResult::Fails(Failure::ConvoyParadox));
    assert_eq!(r.results[2], bounced(&["NTH"]));
    assert!(matches!(r.results[3], OrderResult::Fails(Failure::SupportCut { .. })), "{:?}", r.results);
    assert_eq!(r.after, ["A BEL", "F HOL", "F NTH", "F YOR"]);
    assert!(r.retreats.is_empty());

    let r = adjudicated(block, "via-or-land");
    assert_eq!(r.results[0], OrderResult::Fails(Failure::NoConvoyPath));
    assert_eq!(r.results[2], OrderResult::Succeeds);
    assert_eq!(r.after, ["A BEL", "F HOL", "F NTH"]);
}

/// The same paradox with the army supported: it dislodges Holland, over land (the Szykman
/// rule disabled its convoy first), so Holland may not retreat to Belgium. Were the land
/// route taken without waiting on the convoy (2000-fallback), there would be no paradox: the
/// convoy would stand, the army come by sea, and Belgium be open to Holland (§4.A.5).
#[test]
fn after_a_paradox_the_army_counts_as_coming_over_land() {
    let block = "GERMANY:
        A BEL - HOL VIA
        F NTH C A BEL - HOL
        A RUH S A BEL - HOL
        ENGLAND:
        F YOR - NTH
        F HOL S F YOR - NTH";
    let r = adjudicated(block, "dipcc");
    assert_eq!(r.results[0], OrderResult::Succeeds);
    assert_eq!(r.results[1], OrderResult::Fails(Failure::ConvoyParadox));
    assert_eq!(r.after, ["A HOL", "A RUH", "F NTH", "F YOR"]);
    assert_eq!(r.retreats, ["F HOL: HEL KIE"]);

    let r = adjudicated(block, "2000-fallback");
    assert_eq!(r.results[1], OrderResult::Succeeds);
    assert_eq!(r.retreats, ["F HOL: BEL HEL KIE"]);
}

/// DATC 6.H.12's position: England's convoy is disrupted (the fleet in the English Channel is
/// dislodged), so its army goes over land to Edinburgh, which Russia's army leaves by convoy:
/// both armies move and only the fleet is dislodged. (The DATC gives no outcome with a
/// fallback; under via-or-land the army in Liverpool fails and is dislodged.)
#[test]
fn datc_6_h_12_with_the_land_route_after_the_convoy_fails() {
    let block = "ENGLAND:
        A LVP - EDI VIA
        F IRI C A LVP - EDI
        F ENG C A LVP - EDI
        F NTH C A LVP - EDI
        FRANCE:
        F BRE - ENG
        F MAO S F BRE - ENG
        RUSSIA:
        A EDI - LVP VIA
        F NWG C A EDI - LVP
        F NAO C A EDI - LVP
        A CLY S A EDI - LVP";
    let r = adjudicated(block, "dipcc");
    assert_eq!(r.results[0], OrderResult::Succeeds);
    assert_eq!(r.results[6], OrderResult::Succeeds);
    assert_eq!(r.after, ["A CLY", "A EDI", "A LVP", "F ENG", "F IRI", "F MAO", "F NAO", "F NTH", "F NWG"]);
    assert_eq!(r.retreats, ["F ENG: BEL LON PIC WAL"]);

    let r = adjudicated(block, "via-or-land");
    assert_eq!(r.results[0], OrderResult::Fails(Failure::NoConvoyPath));
    assert!(r.retreats.iter().any(|d| d.starts_with("A LVP")), "{:?}", r.retreats);
}

/// Over land after its convoy failed, the army meets the fleet coming the other way with no
/// head-to-head battle, but the two cannot swap: of equal strength both stay.
#[test]
fn a_pair_over_land_without_a_battle_bounces() {
    let block = "GERMANY:
        A BER - KIE VIA
        RUSSIA:
        F BAL C A BER - KIE
        FRANCE:
        F KIE - BER
        ENGLAND:
        F SWE - BAL
        F DEN S F SWE - BAL";
    let r = adjudicated(block, "dipcc");
    assert_eq!(r.results[0], bounced(&["KIE"]));
    assert_eq!(r.results[2], bounced(&["BER"]));
    assert_eq!(r.after, ["A BER", "F BAL", "F DEN", "F KIE"]);
    assert_eq!(r.retreats, ["F BAL: BOT LVN PRU"]);
}

/// The stronger army takes Kiel and dislodges the fleet, which, having met no head-to-head
/// battle, still bounces Prussia's move into Berlin (a head-to-head loser would not: under
/// 2000-fallback, where the land route is a battle, Prussia enters Berlin).
#[test]
fn the_loser_of_a_pair_without_a_battle_still_bounces_a_third_unit() {
    let block = "GERMANY:
        A BER - KIE VIA
        A MUN S A BER - KIE
        RUSSIA:
        F BAL C A BER - KIE
        A PRU - BER
        FRANCE:
        F KIE - BER
        ENGLAND:
        F SWE - BAL
        F DEN S F SWE - BAL";
    let r = adjudicated(block, "dipcc");
    assert_eq!(r.results[0], OrderResult::Succeeds);
    assert_eq!(r.results[3], bounced(&["KIE"]));
    assert_eq!(r.results[4], bounced(&["BER", "PRU"]));
    assert_eq!(r.after, ["A KIE", "A MUN", "A PRU", "F BAL", "F DEN"]);
    assert_eq!(r.retreats, ["F BAL: BOT LVN", "F KIE: HEL HOL"]);

    let r = adjudicated(block, "2000-fallback");
    assert!(r.after.contains(&"A BER".to_string()), "{:?}", r.after);
}

/// Here dipcc's boards are not ones a game can have, so they are not asserted: with no other
/// unit to stop the fleet, dipcc moves it to Berlin and dislodges it from Kiel, and dislodges
/// the army from Berlin as well as moving it to Kiel (both also when the fleet is supported).
/// dip lets the stronger army win and the fleet stay to be dislodged, and when each side
/// could win on its own, neither moves (two units never swap over land).
#[test]
fn a_pair_over_land_never_swaps() {
    let block = "GERMANY:
        A BER - KIE VIA
        A MUN S A BER - KIE
        RUSSIA:
        F BAL C A BER - KIE
        FRANCE:
        F KIE - BER
        ENGLAND:
        F SWE - BAL
        F DEN S F SWE - BAL";
    let r = adjudicated(block, "dipcc");
    assert_eq!(r.results[0], OrderResult::Succeeds);
    assert_eq!(r.results[3], bounced(&["BER"]));
    assert_eq!(r.after, ["A KIE", "A MUN", "F BAL", "F DEN"]);
    assert_eq!(r.retreats, ["F BAL: BOT LVN PRU", "F KIE: HEL HOL"]);

    let both = format!(
        "{block}
        AUSTRIA:
        A SIL S F KIE - BER"
    );
    let r = adjudicated(&both, "dipcc");
    assert_eq!(r.results[0], bounced(&["KIE"]));
    assert_eq!(r.results[3], bounced(&["BER"]));
    assert_eq!(r.after, ["A BER", "A MUN", "A SIL", "F BAL", "F DEN", "F KIE"]);
}

/// A convoy that stands carries the army past the fleet coming the other way: they swap.
#[test]
fn a_convoy_that_stands_swaps() {
    let block = "GERMANY:
        A BER - KIE VIA
        RUSSIA:
        F BAL C A BER - KIE
        FRANCE:
        F KIE - BER";
    let r = adjudicated(block, "dipcc");
    assert_eq!(r.results, [OrderResult::Succeeds, OrderResult::Succeeds, OrderResult::Succeeds]);
    assert_eq!(r.after, ["A KIE", "F BAL", "F BER"]);
}

/// No chain of convoy orders (the Baltic fleet that could convoy holds): the move written
/// "via convoy" goes over land and meets the fleet head to head as any land move does (dipcc
/// turns it into a move without convoy before listing the battles).
#[test]
fn without_a_chain_the_move_is_a_land_move() {
    let block = "GERMANY:
        A BER - KIE VIA
        A MUN S A BER - KIE
        FRANCE:
        F KIE - BER
        RUSSIA:
        A PRU - BER
        F BAL H";
    let r = adjudicated(block, "dipcc");
    assert_eq!(r.results[0], OrderResult::Succeeds);
    // Dislodged in a head-to-head battle, the fleet does not bounce Prussia.
    assert_eq!(r.results[3], OrderResult::Succeeds);
    assert_eq!(r.after, ["A BER", "A KIE", "A MUN", "F BAL"]);
    assert_eq!(r.retreats, ["F KIE: DEN HEL HOL"]);
}

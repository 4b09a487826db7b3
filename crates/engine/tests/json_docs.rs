//! `docs/json.md` documents every machine code the library gives a result.

use dip::adjust::{AdjustmentFailure, AdjustmentIllegal, DisbandReason, RemovalCause, RetreatIllegal};
use dip::{Failure, Illegal};

fn docs() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/json.md");
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every code appears as the first cell of a table row of the documentation.
#[test]
fn every_result_code_is_documented() {
    let docs = docs();
    let mut codes: Vec<&str> = vec!["succeeds", "illegal", dip::formats::UNREADABLE];
    codes.extend(Failure::CODES);
    codes.extend(Illegal::ALL.iter().map(|c| c.code()));
    codes.extend(RetreatIllegal::ALL.iter().map(|c| c.code()));
    codes.extend(AdjustmentIllegal::ALL.iter().map(|c| c.code()));
    codes.extend(AdjustmentFailure::ALL.iter().map(|c| c.code()));
    codes.extend([DisbandReason::Ordered, DisbandReason::Bounced, DisbandReason::NoValidOrder].map(|c| c.code()));
    codes.extend([RemovalCause::Ordered, RemovalCause::CivilDisorder].map(|c| c.code()));
    let missing: Vec<&str> = codes
        .into_iter()
        .filter(|code| !docs.contains(&format!("| `{code}` |")) && !docs.contains(&format!("`{code}`")))
        .collect();
    assert!(missing.is_empty(), "docs/json.md does not document {missing:?}");
    assert!(docs.contains(&format!("version {}", dip::formats::RESULTS_VERSION)), "the schema version");
}

/// Every code of an explanation (`dip adjudicate --explain`) is a table row of the
/// documentation's "Explanations".
#[test]
fn every_explanation_code_is_documented() {
    use dip::explanation::{
        BackupRule, ConvoyStatus, Route, StrengthKind, StrengthNote, SupportStatus, Trace, VoidReason,
    };
    let docs = docs();
    let section = docs.split("## Explanations").nth(1).expect("an Explanations section");
    let unit = dip::Unit { power: dip::PowerId(0), kind: dip::UnitKind::Army, loc: dip::LocId(0) };
    let rule = BackupRule::CycleFails;
    let mut codes: Vec<&str> = Vec::new();
    codes.extend(
        [StrengthKind::Attack, StrengthKind::Hold, StrengthKind::Defend, StrengthKind::Prevent].map(|k| k.code()),
    );
    codes.extend(
        [
            StrengthNote::NoRoute,
            StrengthNote::OwnUnit,
            StrengthNote::NoSwapOverLand,
            StrengthNote::Empty,
            StrengthNote::LeftProvince,
            StrengthNote::MoveFailed,
            StrengthNote::LostHeadToHead,
            StrengthNote::DislodgedFromDestination,
            StrengthNote::Railroad,
        ]
        .map(|n| n.code()),
    );
    let void = VoidReason::Impossible;
    codes.extend(
        [
            SupportStatus::Counted,
            SupportStatus::OwnPowerAttacked,
            SupportStatus::Protected { from: unit, rule: dip::map::rules::ParadoxRule::Rulebook1982 },
            SupportStatus::Cut { by: unit },
            SupportStatus::Dislodged { by: unit },
            SupportStatus::CanalClosed,
            SupportStatus::Backup(rule),
            SupportStatus::Void(void),
        ]
        .iter()
        .map(|s| s.code()),
    );
    codes.extend(
        [
            ConvoyStatus::Convoyed,
            ConvoyStatus::Dislodged { by: unit },
            ConvoyStatus::Paradox(rule),
            ConvoyStatus::Backup(rule),
            ConvoyStatus::Void(void),
        ]
        .iter()
        .map(|s| s.code()),
    );
    codes.extend(
        [
            VoidReason::OrderDiffers,
            VoidReason::CoastDiffers,
            VoidReason::CivilDisorder,
            VoidReason::ArmyGoesByLand,
            VoidReason::OffWrittenPath,
            VoidReason::Impossible,
        ]
        .map(|v| v.code()),
    );
    codes.extend(
        [
            Route::Direct,
            Route::Convoy { fleets: Vec::new() },
            Route::LandAfterConvoy { fleets: Vec::new() },
            Route::NoConvoy { fleets: Vec::new() },
            Route::PathNotWritten,
            Route::CanalClosed,
            Route::Impossible,
        ]
        .iter()
        .map(|r| r.code()),
    );
    codes.extend(
        [
            BackupRule::CircularMovement,
            BackupRule::NoSwapOverLand,
            BackupRule::ConvoyParadox(dip::map::rules::ParadoxRule::Szykman),
            BackupRule::CanalParadox,
            BackupRule::RailroadParadox,
            BackupRule::CycleFails,
        ]
        .map(|b| b.code()),
    );
    let kinds = [Trace::Illegal, Trace::Other].iter().map(|t| t.code()).chain(["move", "hold", "support", "convoy"]);
    let missing: Vec<String> = codes
        .into_iter()
        .filter(|code| !section.contains(&format!("| `{code}` |")) && !section.contains(&format!("`{code}`")))
        .map(str::to_string)
        .chain(kinds.filter(|k| !section.contains(&format!("`{k}`"))).map(str::to_string))
        .collect();
    assert!(missing.is_empty(), "docs/json.md's Explanations do not document {missing:?}");
}

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

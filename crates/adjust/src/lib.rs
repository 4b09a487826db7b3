//! Retreat and adjustment (build and removal) adjudication for Diplomacy on any map: the
//! phases after a movement phase (DATC sections 6.H, 6.I and 6.J).
//!
//! Adjudication does no I/O and never panics on any position or orders.
//!
//! ```
//! use dip_map::{Phase, PhaseKind, Position, Rules, Season, Unit};
//! use dip_orders::{parse_order, ParseOptions};
//!
//! let map = dip_map::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/standard.ron"))?;
//! let germany = map.power_by_name("Germany").unwrap();
//! // Germany owns its three home centres and has no units: three builds.
//! let mut position = Position::opening(&map);
//! position.phase = Phase { season: Season::Fall, year: 1901, kind: PhaseKind::Adjustment };
//! position.units.retain(|u| u.power != germany);
//! let options = ParseOptions::new(PhaseKind::Adjustment).power(germany);
//! let orders = vec![parse_order(&map, options, "Build F Kiel")?, parse_order(&map, options, "Build A Kiel")?];
//! let outcome = dip_adjust::adjudicate_adjustments(&map, &position, &orders, &Rules::default())?;
//! assert!(outcome.results[0].succeeded());
//! assert!(!outcome.results[1].succeeded()); // one build per province (DATC §4.D.5)
//! assert_eq!(outcome.built.len(), 1);
//! assert_eq!(outcome.position.phase.to_string(), "Spring 1902 Movement");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod adjust;
mod board;
mod disorder;
mod retreat;

pub use adjust::{
    AdjustmentFailure, AdjustmentIllegal, AdjustmentOutcome, AdjustmentResult, PowerAdjustment, Removal, RemovalCause,
    adjudicate_adjustments, adjustments_needed, build_sites, counted_centres, update_ownership, winner,
};
pub use disorder::removal_precedence;
pub use retreat::{
    DisbandReason, Disbanded, RetreatFailure, RetreatIllegal, RetreatOutcome, RetreatResult, Retreated,
    adjudicate_retreats,
};

#[cfg(test)]
mod tests {
    use super::*;

    fn snake_case(code: &str) -> bool {
        !code.is_empty() && code.bytes().all(|b| b.is_ascii_lowercase() || b == b'_') && !code.starts_with('_')
    }

    #[test]
    fn codes_are_snake_case_and_distinct() {
        let retreat: Vec<&str> = RetreatIllegal::ALL.iter().map(|w| w.code()).collect();
        let illegal: Vec<&str> = adjust::AdjustmentIllegal::ALL.iter().map(|w| w.code()).collect();
        let failure: Vec<&str> = adjust::AdjustmentFailure::ALL.iter().map(|w| w.code()).collect();
        for codes in [&retreat, &illegal, &failure] {
            let mut seen = std::collections::HashSet::new();
            for code in codes.iter() {
                assert!(snake_case(code), "`{code}`");
                assert!(seen.insert(code), "`{code}` twice");
            }
        }
        // A failure's code is the result's code, so it must not be one of the result words.
        for code in &failure {
            assert!(!["succeeds", "illegal"].contains(code), "`{code}`");
        }
        assert_eq!(RetreatResult::Fails(RetreatFailure::Bounced { with: Vec::new() }).code(), "bounced");
        assert_eq!(AdjustmentResult::Fails(AdjustmentFailure::TooManyBuilds).code(), "too_many_builds");
        assert_eq!(DisbandReason::NoValidOrder.code(), "no_valid_order");
        assert_eq!(RemovalCause::CivilDisorder.code(), "civil_disorder");
    }
}

//! Phase names: `S1901M`, `F1901R`, `W1901A`.

use dip_map::{Phase, PhaseKind, Season};

/// A phase name read from a saved game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PhaseName {
    Phase(Phase),
    /// `COMPLETED`: a phase after the end of the game, for messages and the final board.
    Completed,
}

/// `S1901M`, `F1901R`, `W1901A` (`S0901M`: the year in four digits at least).
pub fn phase_name(phase: Phase) -> String {
    let (season, kind) = match (phase.season, phase.kind) {
        (_, PhaseKind::Adjustment) => ('W', 'A'),
        (Season::Spring, PhaseKind::Movement) => ('S', 'M'),
        (Season::Spring, PhaseKind::Retreat) => ('S', 'R'),
        (Season::Fall, PhaseKind::Movement) => ('F', 'M'),
        (Season::Fall, PhaseKind::Retreat) => ('F', 'R'),
    };
    // MILA writes the year in four digits (`S0901M`).
    format!("{season}{:04}{kind}", phase.year)
}

/// Reads `S1901M`, `F1901R`, `W1901A` (any case) or `COMPLETED`.
pub fn parse_phase_name(name: &str) -> Result<PhaseName, String> {
    let name = name.trim();
    if name.eq_ignore_ascii_case("completed") {
        return Ok(PhaseName::Completed);
    }
    let bad = || format!("`{name}` is not a phase name: expected `S1901M`, `F1901R`, `W1901A` or `COMPLETED`");
    let bytes = name.as_bytes();
    if bytes.len() < 3 || !name.is_ascii() {
        return Err(bad());
    }
    let (first, last) = (bytes[0].to_ascii_uppercase(), bytes[bytes.len() - 1].to_ascii_uppercase());
    let year: u16 = name[1..name.len() - 1].parse().map_err(|_| bad())?;
    let (season, kind) = match (first, last) {
        (b'S', b'M') => (Season::Spring, PhaseKind::Movement),
        (b'S', b'R') => (Season::Spring, PhaseKind::Retreat),
        (b'F', b'M') => (Season::Fall, PhaseKind::Movement),
        (b'F', b'R') => (Season::Fall, PhaseKind::Retreat),
        (b'W', b'A') => (Season::Fall, PhaseKind::Adjustment),
        _ => return Err(bad()),
    };
    Ok(PhaseName::Phase(Phase { season, year, kind }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for text in ["S1901M", "S1901R", "F1901M", "F1901R", "W1901A", "S2010M", "W0001A", "S0901M"] {
            let PhaseName::Phase(phase) = parse_phase_name(text).expect(text) else { panic!("{text}") };
            assert_eq!(phase_name(phase), text);
        }
        // A year of fewer digits reads too; it is written in four, as MILA writes it.
        let PhaseName::Phase(phase) = parse_phase_name("W1A").expect("W1A") else { panic!("W1A") };
        assert_eq!(phase_name(phase), "W0001A");
        assert_eq!(parse_phase_name("completed"), Ok(PhaseName::Completed));
        let w: Phase = "Winter 1901 Adjustment".parse().expect("phase");
        assert_eq!(phase_name(w), "W1901A");
        for bad in ["", "S", "X1901M", "S1901A", "W1901M", "S19x1M", "S99999M", "SM", "S1901MM", "Ś1901M"] {
            assert!(parse_phase_name(bad).is_err(), "{bad}");
        }
    }
}

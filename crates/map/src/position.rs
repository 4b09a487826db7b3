//! What stands on the board: units, dislodged units, supply-centre owners, and the phase.

use serde::{Deserialize, Serialize};

use crate::{LocId, Map, PhaseKind, PowerId, ProvinceId, Season, UnitKind};

/// A unit on the board.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct Unit {
    pub power: PowerId,
    pub kind: UnitKind,
    pub loc: LocId,
}

/// A unit dislodged in the movement phase, waiting for its retreat.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Dislodged {
    pub unit: Unit,
    /// Where the unit that dislodged it came from.
    pub attacker_from: ProvinceId,
    /// Where it may retreat to, as decided by the movement phase.
    pub retreats: Vec<LocId>,
}

/// A phase of the game: its season, year and kind.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub struct Phase {
    pub season: Season,
    pub year: u16,
    pub kind: PhaseKind,
}

impl std::fmt::Display for Phase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.kind {
            PhaseKind::Adjustment => write!(f, "Winter {} Adjustment", self.year),
            kind => write!(f, "{} {} {}", self.season, self.year, kind),
        }
    }
}

impl std::str::FromStr for Phase {
    type Err = String;

    /// `Spring 1901 Movement`, `Fall 1902 Retreat`, `Winter 1901 Adjustment`
    /// (`Winter` is the adjustment phase after the fall).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let [season, year, kind] = words[..] else {
            return Err(format!("expected `<Season> <Year> <Movement|Retreat|Adjustment>`, found `{s}`"));
        };
        let year: u16 = year.parse().map_err(|_| format!("`{year}` is not a year"))?;
        let kind: PhaseKind = kind.parse().map_err(|_| format!("`{kind}` is not Movement, Retreat or Adjustment"))?;
        let season = if season.eq_ignore_ascii_case("winter") {
            Season::Fall
        } else {
            season.parse().map_err(|_| format!("`{season}` is not Spring, Fall or Winter"))?
        };
        Ok(Phase { season, year, kind })
    }
}

/// The state of a game at the start of a phase.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Position {
    pub phase: Phase,
    /// Units on the board (not dislodged). At most one per province.
    pub units: Vec<Unit>,
    /// Units dislodged in the preceding movement phase (retreat phases only).
    pub dislodged: Vec<Dislodged>,
    /// Owner of each supply centre, indexed by province (`None` for non-centres and
    /// unowned centres).
    pub owners: Vec<Option<PowerId>>,
}

impl Position {
    /// The variant's opening position.
    pub fn opening(map: &Map) -> Self {
        let units = map.start_units().iter().map(|s| Unit { power: s.power, kind: s.kind, loc: s.loc }).collect();
        Position {
            phase: Phase { season: map.start_season(), year: map.start_year(), kind: PhaseKind::Movement },
            units,
            dislodged: Vec::new(),
            owners: map.start_owners().to_vec(),
        }
    }

    /// An empty board in the given phase, with no centre owned.
    pub fn empty(map: &Map, phase: Phase) -> Self {
        Position { phase, units: Vec::new(), dislodged: Vec::new(), owners: vec![None; map.province_count()] }
    }

    /// The unit in a province, if any.
    pub fn unit_in(&self, map: &Map, province: ProvinceId) -> Option<&Unit> {
        self.units.iter().find(|u| map.province_of(u.loc) == province)
    }

    /// Sorts units and dislodged units by location, so equal positions compare equal.
    pub fn normalise(&mut self) {
        self.units.sort_by_key(|u| u.loc);
        self.dislodged.sort_by_key(|d| d.unit.loc);
    }
}

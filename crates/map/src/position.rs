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
    /// Whether the attack came by convoy: then the attacker's origin may be open to the
    /// retreat (DATC §4.A.5).
    #[serde(default)]
    pub by_convoy: bool,
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

impl Phase {
    /// The phase's place in time, for comparing phases: year, then season, then kind
    /// (movement, retreat, adjustment). The derived order compares the season first.
    pub fn chronological(&self) -> (u16, Season, PhaseKind) {
        (self.year, self.season, self.kind)
    }
}

impl std::str::FromStr for Phase {
    type Err = String;

    /// `Spring 1901 Movement`, `Fall 1902 Retreat`, `Winter 1901 Adjustment` (any case;
    /// `Moves`, `Retreats`, `Builds` also read): `Winter` is the adjustment phase after the
    /// fall and the only season it has. Anything else is an error, never a guess.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let [season, year, kind] = words[..] else {
            return Err(format!(
                "`{s}` is not a phase: expected `<Spring|Fall> <year> <Movement|Retreat>` or `Winter <year> Adjustment`"
            ));
        };
        let year: u16 = match year.parse() {
            Ok(year) => year,
            Err(_) if !year.is_empty() && year.bytes().all(|b| b.is_ascii_digit()) => {
                return Err(format!("`{s}`: the year {year} is out of range (dip counts years up to {})", u16::MAX));
            }
            Err(_) => return Err(format!("`{s}`: `{year}` is not a year")),
        };
        let kind: PhaseKind =
            kind.parse().map_err(|_| format!("`{s}`: `{kind}` is not Movement, Retreat or Adjustment"))?;
        let winter = season.eq_ignore_ascii_case("winter");
        let season = if winter {
            Season::Fall
        } else {
            season.parse().map_err(|_| format!("`{s}`: `{season}` is not Spring, Fall or Winter"))?
        };
        match (winter, kind) {
            (true, PhaseKind::Adjustment) | (false, PhaseKind::Movement | PhaseKind::Retreat) => {
                Ok(Phase { season, year, kind })
            }
            (true, _) => Err(format!(
                "`{s}`: the winter has only the adjustment phase (`Winter {year} Adjustment`); movement and retreats are in the spring and the fall"
            )),
            (false, _) => Err(format!(
                "`{s}`: adjustments are in the winter (`Winter {year} Adjustment`), not in the {}",
                season.to_string().to_lowercase()
            )),
        }
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

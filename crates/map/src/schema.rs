//! The variant file as written in RON. Only [`crate::load`] reads these; the engine works on
//! the compiled [`crate::Map`].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{Season, UnitKind};

/// A whole variant file (`variants/<name>.ron`).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantFile {
    /// Short name used on the command line and in position files (`standard`).
    pub name: String,
    /// Human title (`Standard Diplomacy`).
    pub title: String,
    #[serde(default)]
    pub description: String,
    pub powers: Vec<PowerDef>,
    pub provinces: Vec<ProvinceDef>,
    pub start: StartDef,
    pub victory: VictoryDef,
    /// Where a power may build.
    #[serde(default)]
    pub build_rule: BuildRule,
    /// Default choices of DATC disputable issues for this variant (`"4.A.2": "szykman"`).
    #[serde(default)]
    pub rules: BTreeMap<String, String>,
    /// Railroads: multi-province army moves open to one power (Colonial's Trans-Siberian).
    #[serde(default)]
    pub railroads: Vec<RailroadDef>,
    /// Canals: a fleet passage between two provinces allowed only to the holder of a third.
    #[serde(default)]
    pub canals: Vec<CanalDef>,
    /// Borders crossed with one support less (DATC chapter 10).
    #[serde(default)]
    pub difficult_borders: Vec<DifficultBorderDef>,
    /// Supply centres a power may neither build in nor count (Hong Kong for China).
    #[serde(default)]
    pub centre_restrictions: Vec<CentreRestrictionDef>,
    /// How the years go by from season to season (Hundred: five years a season).
    #[serde(default)]
    pub calendar: CalendarDef,
    /// Borders that go one way only, `(from, to)` by province: the borders `from` lists to
    /// `to` (army or fleet) have no way back, and `to` lists none to `from`. Moves,
    /// supports, convoys and retreats follow them in their direction only (North Sea Wars:
    /// fleets sail from the Central North Sea to the trade islands and never back).
    #[serde(default)]
    pub one_way_borders: Vec<(String, String)>,
}

/// A great power.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PowerDef {
    /// `England`
    pub name: String,
    /// `English`
    pub adjective: String,
    /// `ENG`
    pub short: String,
    /// Home supply centres, by province abbreviation.
    pub homes: Vec<String>,
    /// Whether a player plays the power (the default) or it is neutral.
    #[serde(default)]
    pub role: PowerRole,
}

/// Who plays a power.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub enum PowerRole {
    /// A player.
    #[default]
    Player,
    /// Nobody: the power's units only hold (any other order is illegal), are disbanded when
    /// dislodged, and it never wins. With `rebuilds`, each adjustment phase builds an army in
    /// every empty home centre it still owns (godip's neutral armies, Western World 901);
    /// without, it builds nothing (MILA's dummy powers, Known World 901).
    Neutral { rebuilds: bool },
}

/// What a province is made of.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Terrain {
    /// Inland: armies only.
    Land,
    /// Water: fleets only.
    Sea,
    /// Land with a shore: armies and fleets.
    Coast,
}

/// A province and its borders.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProvinceDef {
    /// Abbreviation, unique in the variant (`stp`).
    pub abbr: String,
    /// Full English name (`St Petersburg`).
    pub name: String,
    /// Other names players write (`St. Petersburg`, `Saint Petersburg`).
    #[serde(default)]
    pub aliases: Vec<String>,
    pub terrain: Terrain,
    /// Whether the province is a supply centre.
    #[serde(default)]
    pub centre: bool,
    /// Provinces an army may move to, by abbreviation.
    #[serde(default)]
    pub army: Vec<String>,
    /// Locations a fleet may move to: `gre`, or `bul/ec` for one coast of a multi-coast
    /// province. Empty for a province with [`ProvinceDef::coasts`].
    #[serde(default)]
    pub fleet: Vec<String>,
    /// The separate coasts of a multi-coast province, each with its own fleet borders.
    #[serde(default)]
    pub coasts: Vec<CoastDef>,
    /// A coastal province whose fleet may convoy, as a sea can (DATC chapter 9).
    #[serde(default)]
    pub convoyable: bool,
    /// Seasons in which the province is frozen: no unit may move or retreat into it and no
    /// support is given into it (DATC chapter 8). Retreats of the fall are frozen too.
    #[serde(default)]
    pub frozen_in: Vec<Season>,
}

/// One coast of a multi-coast province.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoastDef {
    /// Short name, as written after the province: `nc`, `sc`, `ec`, `wc`.
    pub abbr: String,
    /// `North Coast`
    pub name: String,
    /// Locations a fleet on this coast may move to.
    pub fleet: Vec<String>,
}

/// The opening position.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartDef {
    pub season: Season,
    pub year: u16,
    pub units: Vec<StartUnitDef>,
    /// Supply centres owned at the start besides the home centres (rarely used).
    #[serde(default)]
    pub extra_owned: Vec<(String, String)>,
    /// When given, exactly these (centre, power) pairs are owned at the start instead of
    /// every power owning its home centres (1898: only the centres the units stand on).
    #[serde(default)]
    pub owners: Option<Vec<(String, String)>>,
}

/// A unit of the opening position.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartUnitDef {
    /// Power name.
    pub power: String,
    pub kind: UnitKind,
    /// Location: `stp/sc` or `lon`.
    pub at: String,
}

/// How the game is won.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryDef {
    /// Supply centres a power must hold after a fall to win. If two powers hold as many,
    /// the one with more wins; if they hold the same number, nobody wins yet.
    pub centres: u16,
    /// A win also by leading the second power by enough centres (2020).
    #[serde(default)]
    pub lead: Option<LeadDef>,
}

/// A win by lead: after the fall of `year` the power with the most centres wins if it has
/// `centres` more than any other; each later year the lead needed is `less_each_year`
/// smaller, but never below `at_least`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeadDef {
    pub year: u16,
    pub centres: u16,
    #[serde(default = "one_u16")]
    pub less_each_year: u16,
    #[serde(default = "one_u16")]
    pub at_least: u16,
}

/// How many years pass between seasons. The standard game moves from the spring to the fall
/// of the same year and on to the next year's spring; Hundred moves five years each time
/// (Spring 1425, Fall 1430, Spring 1435: its "years" ending in 5 and 0).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CalendarDef {
    /// Years from a spring to the fall after it.
    #[serde(default)]
    pub years_to_fall: u16,
    /// Years from a fall to the next spring; at least one.
    #[serde(default = "one_u16")]
    pub years_to_spring: u16,
}

impl Default for CalendarDef {
    fn default() -> Self {
        CalendarDef { years_to_fall: 0, years_to_spring: 1 }
    }
}

fn one_u16() -> u16 {
    1
}

/// Where a power may build in the adjustment phase.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub enum BuildRule {
    /// In its own unoccupied home centres that it still owns (the standard rule).
    #[default]
    HomeCentres,
    /// In any unoccupied supply centre it owns (Chaos, DATC chapter 11).
    AnyOwnedCentre,
    /// In any unoccupied supply centre it owns that is some power's home centre, its own or
    /// a captured one, never one that began neutral (2020).
    AnyOwnedHomeCentre,
}

/// A railroad: an army of `power` may move from any station to any other along the line in
/// one move (`A Moscow - TSR - Vladivostok`), passing its own power's holding armies and
/// stopping before a station it cannot pass (DATC 7.B).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RailroadDef {
    pub name: String,
    /// The word that names the line in orders (`TSR` in `A Moscow - TSR - Vladivostok`).
    pub short: String,
    /// The only power whose armies may use it.
    pub power: String,
    /// Stations in order along the line.
    pub stations: Vec<String>,
}

/// A canal: a fleet may move or support between `between.0` and `between.1` only with the
/// permission of the power whose unit stays in `keeper` (DATC 7.C): given explicitly by an
/// order such as `SC F Mediterranean Sea - Red Sea`, or implicitly to that power's one fleet
/// crossing. One unit a turn may cross.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CanalDef {
    pub name: String,
    /// The word that starts a permission order (`SC`).
    pub short: String,
    pub between: (String, String),
    /// The province whose owner controls passage (`egy` for Suez).
    pub keeper: String,
}

/// A border crossed with reduced strength (DATC chapter 10): a move across it has
/// `strength_cost` support less, cannot cut support unless supported, and no support is
/// given across it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DifficultBorderDef {
    pub between: (String, String),
    #[serde(default = "one")]
    pub strength_cost: u8,
}

fn one() -> u8 {
    1
}

/// A supply centre with a special meaning for one power.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CentreRestrictionDef {
    pub centre: String,
    pub power: String,
    /// Whether the power may build there.
    pub may_build: bool,
    /// Whether the centre counts toward the power's unit count and victory.
    pub counts: bool,
}

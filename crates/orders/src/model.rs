//! The order model: what a player wrote, resolved to map ids but not yet checked against
//! the position. Legality is the adjudicator's business.

use std::fmt;

use serde::{Deserialize, Serialize};

use dip_map::{LocId, Map, PowerId, ProvinceId, UnitKind};

/// A coast as written in an order.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum CoastSpec {
    /// A coast of the province.
    Known(LocId),
    /// A coast the province does not have (`Brest(ec)`), kept so the rules can decide
    /// whether to ignore it (DATC §4.B.6).
    Unknown(String),
}

/// A province with an optional coast, as written.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Place {
    pub province: ProvinceId,
    pub coast: Option<CoastSpec>,
}

impl Place {
    pub fn new(province: ProvinceId) -> Self {
        Place { province, coast: None }
    }

    /// The coast location, when a known coast was written.
    pub fn coast_loc(&self) -> Option<LocId> {
        match self.coast {
            Some(CoastSpec::Known(loc)) => Some(loc),
            _ => None,
        }
    }
}

/// A unit as an order designates it: nationality and type are optional in writing.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct UnitSpec {
    /// Nationality written in a support or convoy order (`Supports German A Holland`).
    pub power: Option<PowerId>,
    pub kind: Option<UnitKind>,
    pub place: Place,
}

impl UnitSpec {
    pub fn new(kind: Option<UnitKind>, place: Place) -> Self {
        UnitSpec { power: None, kind, place }
    }
}

/// What the order tells the unit to do.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Action {
    Hold,
    /// Move, with "via convoy" and an optional written convoy path (the seas between).
    Move {
        to: Place,
        via_convoy: bool,
        path: Vec<ProvinceId>,
    },
    SupportHold {
        target: UnitSpec,
    },
    SupportMove {
        target: UnitSpec,
        to: Place,
    },
    Convoy {
        army: UnitSpec,
        to: Place,
    },
    /// A move along a railroad of the map (`A Moscow - TSR - Vladivostok`): `railroad` is
    /// its index in [`Map::railroads`].
    Rail {
        railroad: u8,
        to: Place,
    },
    /// A canal keeper's permission for the unit of the order to cross the canal
    /// (`SC F Mediterranean Sea - Red Sea`): `canal` is its index in [`Map::canals`]. The
    /// order belongs to the permitting power; `to` is the destination, if written.
    Permit {
        canal: u8,
        to: Option<Place>,
    },
    /// Retreat phase: move to a province in the unit's retreat list.
    Retreat {
        to: Place,
    },
    /// Retreat phase: disband instead of retreating.
    Disband,
    /// Adjustment phase: build the unit in `unit`.
    Build,
    /// Adjustment phase: remove the unit.
    Remove,
    /// Adjustment phase: decline a build.
    Waive,
}

/// One order of one power.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Order {
    pub power: PowerId,
    /// The ordered unit (for a build, the unit to build; for a waive, unused).
    pub unit: UnitSpec,
    pub action: Action,
}

/// A way of writing orders. The parser reads every one of them back to the same [`Order`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[non_exhaustive]
pub enum Notation {
    /// DATC style with the map's full names: `F North Sea Convoys A Yorkshire - Belgium`,
    /// `A Berlin - Kiel` (a retreat), `Build F St Petersburg(nc)`.
    #[default]
    Datc,
    /// Judge style with the map's abbreviations: `F nth C A yor - bel`, `Build F stp/nc`.
    Judge,
    /// The notation of MILA's `diplomacy` package, dipcc and webDiplomacy: upper-case
    /// abbreviations, `A EDI - NWY VIA` (a move by convoy), `F STP/SC - BOT`, `A MUN S A
    /// PAR`, `A MUN R BOH` (a retreat), `A VIE D` (a disband or removal), `F STP/NC B`,
    /// `WAIVE`.
    ///
    /// MILA has no words for a few things dip reads; they are written so dip reads them
    /// back: a nationality in a support (`S GERMAN A HOL`), a convoy path (`A YOR - NTH -
    /// BEL VIA`), a coast the province lacks (`F BRE(ec)`), railroads and canal permissions.
    Mila,
}

impl Notation {
    /// The notation a user names: `datc` (or `long`), `judge` (or `short`), `mila` (or
    /// `dipcc`, `webdiplomacy`), in any case.
    ///
    /// ```
    /// use dip_orders::Notation;
    /// assert_eq!(Notation::from_name("MILA"), Some(Notation::Mila));
    /// assert_eq!(Notation::from_name("short"), Some(Notation::Judge));
    /// assert_eq!(Notation::from_name("dpjudge"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Notation> {
        match name.to_ascii_lowercase().as_str() {
            "datc" | "long" => Some(Notation::Datc),
            "judge" | "short" => Some(Notation::Judge),
            "mila" | "dipcc" | "webdiplomacy" => Some(Notation::Mila),
            _ => None,
        }
    }

    /// Every notation dip writes.
    pub const ALL: [Notation; 3] = [Notation::Datc, Notation::Judge, Notation::Mila];
}

impl Order {
    /// Displays the order in DATC style with the map's full names.
    pub fn display<'a>(&'a self, map: &'a Map) -> OrderDisplay<'a> {
        self.display_as(map, Notation::Datc)
    }

    /// Displays the order in judge style with abbreviations (`A par - bur`).
    pub fn display_short<'a>(&'a self, map: &'a Map) -> OrderDisplay<'a> {
        self.display_as(map, Notation::Judge)
    }

    /// Displays the order in MILA / dipcc / webDiplomacy notation (`A EDI - NWY VIA`).
    pub fn display_mila<'a>(&'a self, map: &'a Map) -> OrderDisplay<'a> {
        self.display_as(map, Notation::Mila)
    }

    /// Displays the order in the given notation.
    pub fn display_as<'a>(&'a self, map: &'a Map, notation: Notation) -> OrderDisplay<'a> {
        OrderDisplay { order: self, map, notation }
    }
}

/// [`Order::display_as`].
#[derive(Debug)]
pub struct OrderDisplay<'a> {
    order: &'a Order,
    map: &'a Map,
    notation: Notation,
}

/// Writes `text` upper-cased (ASCII), without allocating.
fn write_upper(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    for c in text.chars() {
        fmt::Write::write_char(f, c.to_ascii_uppercase())?;
    }
    Ok(())
}

impl OrderDisplay<'_> {
    fn place(&self, f: &mut fmt::Formatter<'_>, place: &Place) -> fmt::Result {
        // An order of another map shows its foreign ids rather than panic (`Order::check`).
        if place.province.index() >= self.map.province_count() {
            return write!(f, "?{}", place.province.index());
        }
        let province = self.map.province(place.province);
        match self.notation {
            Notation::Datc => f.write_str(&province.name)?,
            Notation::Judge => f.write_str(&province.abbr)?,
            Notation::Mila => write_upper(f, &province.abbr)?,
        }
        match &place.coast {
            Some(CoastSpec::Known(loc)) if loc.index() >= self.map.location_count() => write!(f, "(?{})", loc.index()),
            Some(CoastSpec::Known(loc)) => {
                let coast = self.map.location(*loc).coast.as_deref().unwrap_or_default();
                match self.notation {
                    Notation::Datc => write!(f, "({coast})"),
                    Notation::Judge => write!(f, "/{coast}"),
                    Notation::Mila => {
                        f.write_str("/")?;
                        write_upper(f, coast)
                    }
                }
            }
            // Kept as written: the rules judge a coast the province lacks (DATC §4.B.6).
            Some(CoastSpec::Unknown(text)) => write!(f, "({text})"),
            None => Ok(()),
        }
    }

    fn unit(&self, f: &mut fmt::Formatter<'_>, unit: &UnitSpec) -> fmt::Result {
        if let Some(power) = unit.power.filter(|p| p.index() >= self.map.power_count()) {
            write!(f, "?{} ", power.index())?;
        } else if let Some(power) = unit.power {
            let adjective = &self.map.power(power).adjective;
            if self.notation == Notation::Mila {
                write_upper(f, adjective)?;
            } else {
                f.write_str(adjective)?;
            }
            f.write_str(" ")?;
        }
        if let Some(kind) = unit.kind {
            write!(f, "{kind} ")?;
        }
        self.place(f, &unit.place)
    }

    /// A railroad's or canal's short name, as the map writes it.
    fn short_name(&self, f: &mut fmt::Formatter<'_>, short: &str) -> fmt::Result {
        if self.notation == Notation::Mila { write_upper(f, short) } else { f.write_str(short) }
    }

    /// MILA writes the verb of a retreat, disband, build or removal after the unit.
    fn mila(&self, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        let o = self.order;
        let verb = match &o.action {
            Action::Waive => return Some(f.write_str("WAIVE")),
            Action::Build => " B",
            Action::Remove | Action::Disband => " D",
            Action::Retreat { to } => {
                return Some(self.unit(f, &o.unit).and_then(|()| f.write_str(" R ")).and_then(|()| self.place(f, to)));
            }
            _ => return None,
        };
        Some(self.unit(f, &o.unit).and_then(|()| f.write_str(verb)))
    }
}

impl fmt::Display for OrderDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let o = self.order;
        if self.notation == Notation::Mila
            && let Some(done) = self.mila(f)
        {
            return done;
        }
        let long = self.notation == Notation::Datc;
        let (support, convoy) = if long { ("Supports", "Convoys") } else { ("S", "C") };
        match &o.action {
            Action::Waive => return f.write_str("Waive"),
            Action::Build => {
                f.write_str("Build ")?;
                return self.unit(f, &o.unit);
            }
            Action::Remove => {
                f.write_str("Remove ")?;
                return self.unit(f, &o.unit);
            }
            Action::Permit { canal, to } => {
                let short = self.map.canals().get(usize::from(*canal)).map_or("canal", |c| c.short.as_str());
                self.short_name(f, short)?;
                f.write_str(" ")?;
                self.unit(f, &o.unit)?;
                if let Some(to) = to {
                    f.write_str(" - ")?;
                    self.place(f, to)?;
                }
                return Ok(());
            }
            _ => {}
        }
        self.unit(f, &o.unit)?;
        match &o.action {
            Action::Hold => f.write_str(if long { " Hold" } else { " H" }),
            Action::Move { to, via_convoy, path } => {
                for &p in path {
                    f.write_str(" - ")?;
                    self.place(f, &Place::new(p))?;
                }
                f.write_str(" - ")?;
                self.place(f, to)?;
                match (*via_convoy, self.notation) {
                    (false, _) => Ok(()),
                    (true, Notation::Mila) => f.write_str(" VIA"),
                    (true, _) => f.write_str(" via Convoy"),
                }
            }
            Action::SupportHold { target } => {
                write!(f, " {support} ")?;
                self.unit(f, target)
            }
            Action::SupportMove { target, to } => {
                write!(f, " {support} ")?;
                self.unit(f, target)?;
                f.write_str(" - ")?;
                self.place(f, to)
            }
            Action::Convoy { army, to } => {
                write!(f, " {convoy} ")?;
                self.unit(f, army)?;
                f.write_str(" - ")?;
                self.place(f, to)
            }
            Action::Rail { railroad, to } => {
                let short = self.map.railroads().get(usize::from(*railroad)).map_or("rail", |r| r.short.as_str());
                f.write_str(" - ")?;
                self.short_name(f, short)?;
                f.write_str(" - ")?;
                self.place(f, to)
            }
            Action::Retreat { to } => {
                f.write_str(" - ")?;
                self.place(f, to)
            }
            Action::Disband => f.write_str(" Disband"),
            Action::Build | Action::Remove | Action::Waive | Action::Permit { .. } => Ok(()),
        }
    }
}

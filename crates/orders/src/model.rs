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

impl Order {
    /// Displays the order in DATC style with the map's full names.
    pub fn display<'a>(&'a self, map: &'a Map) -> OrderDisplay<'a> {
        OrderDisplay { order: self, map, short: false }
    }

    /// Displays the order in judge style with abbreviations (`A par - bur`).
    pub fn display_short<'a>(&'a self, map: &'a Map) -> OrderDisplay<'a> {
        OrderDisplay { order: self, map, short: true }
    }
}

/// [`Order::display`].
#[derive(Debug)]
pub struct OrderDisplay<'a> {
    order: &'a Order,
    map: &'a Map,
    short: bool,
}

impl OrderDisplay<'_> {
    fn place(&self, f: &mut fmt::Formatter<'_>, place: &Place) -> fmt::Result {
        let province = self.map.province(place.province);
        if self.short {
            f.write_str(&province.abbr)?;
        } else {
            f.write_str(&province.name)?;
        }
        match &place.coast {
            Some(CoastSpec::Known(loc)) => {
                let coast = self.map.location(*loc).coast.as_deref().unwrap_or_default();
                if self.short { write!(f, "/{coast}") } else { write!(f, "({coast})") }
            }
            Some(CoastSpec::Unknown(text)) => write!(f, "({text})"),
            None => Ok(()),
        }
    }

    fn unit(&self, f: &mut fmt::Formatter<'_>, unit: &UnitSpec) -> fmt::Result {
        if let Some(power) = unit.power {
            write!(f, "{} ", self.map.power(power).adjective)?;
        }
        if let Some(kind) = unit.kind {
            write!(f, "{kind} ")?;
        }
        self.place(f, &unit.place)
    }
}

impl fmt::Display for OrderDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let o = self.order;
        let (support, convoy) = if self.short { ("S", "C") } else { ("Supports", "Convoys") };
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
                write!(f, "{short} ")?;
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
            Action::Hold => f.write_str(if self.short { " H" } else { " Hold" }),
            Action::Move { to, via_convoy, path } => {
                for &p in path {
                    f.write_str(" - ")?;
                    self.place(f, &Place::new(p))?;
                }
                f.write_str(" - ")?;
                self.place(f, to)?;
                if *via_convoy {
                    f.write_str(" via Convoy")?;
                }
                Ok(())
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
                write!(f, " - {short} - ")?;
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

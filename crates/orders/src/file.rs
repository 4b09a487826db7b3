//! Position files: a position and its orders written with names, in RON or JSON.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use dip_map::{Dislodged, LocId, Map, Phase, PhaseKind, Position, PowerId, Unit, UnitKind};

use crate::lex::{Tok, tokens};
use crate::model::{CoastSpec, Order};
use crate::parse::{ParseError, ParseOptions, parse_order};

/// A position with orders, as people write it. Units, centres and orders are grouped by
/// power name.
///
/// ```ron
/// (
///     variant: "standard",
///     phase: "Spring 1901 Movement",
///     units: { "England": ["F London", "A Liverpool"], "France": ["F Brest"] },
///     orders: { "England": ["F London - North Sea", "A Liverpool - Yorkshire"] },
/// )
/// ```
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PositionFile {
    pub variant: String,
    /// `Spring 1901 Movement`; the variant's opening phase when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    /// Units by power: `A Paris`, `F St Petersburg(sc)`.
    pub units: IndexMap<String, Vec<String>>,
    /// Dislodged units waiting to retreat (retreat phases).
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub dislodged: IndexMap<String, Vec<DislodgedEntry>>,
    /// Supply centres by owner; each power's home centres when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub centres: Option<IndexMap<String, Vec<String>>>,
    /// Orders by power, one order a string.
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub orders: IndexMap<String, Vec<String>>,
    /// Rule choices for this position, over the variant's (`{"4.A.2": "szykman"}`).
    #[serde(default, skip_serializing_if = "IndexMap::is_empty")]
    pub rules: IndexMap<String, String>,
}

/// A dislodged unit in a position file.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DislodgedEntry {
    /// `A Kiel`
    pub unit: String,
    /// Province the attacker came from.
    pub attacked_from: String,
    /// Where it may retreat.
    #[serde(default)]
    pub retreats: Vec<String>,
}

/// One order line of a position file after reading.
#[derive(Clone, Debug)]
pub struct OrderLine {
    pub power: PowerId,
    pub text: String,
    /// 1-based line in the source file, when known.
    pub line: Option<usize>,
    pub parsed: Result<Order, ParseError>,
}

/// A problem in a position file other than an order: an unknown power, a unit that cannot
/// be read, a bad phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileProblem {
    pub line: Option<usize>,
    pub message: String,
}

impl PositionFile {
    /// Reads the position and orders. Orders that cannot be read are kept as `Err` lines
    /// (their units will hold); other faults are returned together.
    pub fn read(&self, map: &Map, source: Option<&str>) -> Result<(Position, Vec<OrderLine>), Vec<FileProblem>> {
        let mut problems = Vec::new();
        let locate = |needle: &str| source.and_then(|s| find_line(s, needle));
        let phase = match &self.phase {
            None => Phase { season: map.start_season(), year: map.start_year(), kind: PhaseKind::Movement },
            Some(text) => match text.parse::<Phase>() {
                Ok(p) => p,
                Err(e) => {
                    problems.push(FileProblem { line: locate(text), message: e });
                    Phase { season: map.start_season(), year: map.start_year(), kind: PhaseKind::Movement }
                }
            },
        };
        let mut position = Position::empty(map, phase);
        let power_of = |name: &str, problems: &mut Vec<FileProblem>| -> Option<PowerId> {
            let found = map.power_by_name(name);
            if found.is_none() {
                problems.push(FileProblem { line: locate(name), message: format!("unknown power `{name}`") });
            }
            found
        };
        for (power_name, units) in &self.units {
            let Some(power) = power_of(power_name, &mut problems) else { continue };
            for text in units {
                match parse_unit(map, text) {
                    Ok((kind, loc)) => {
                        let province = map.province_of(loc);
                        if position.units.iter().any(|u| map.province_of(u.loc) == province) {
                            problems.push(FileProblem {
                                line: locate(text),
                                message: format!("two units in {}", map.province(province).name),
                            });
                        } else {
                            position.units.push(Unit { power, kind, loc });
                        }
                    }
                    Err(message) => {
                        problems.push(FileProblem { line: locate(text), message: format!("unit `{text}`: {message}") })
                    }
                }
            }
        }
        for (power_name, entries) in &self.dislodged {
            let Some(power) = power_of(power_name, &mut problems) else { continue };
            for entry in entries {
                let unit = parse_unit(map, &entry.unit);
                let from = map.province_by_name(&entry.attacked_from);
                let retreats: Result<Vec<LocId>, String> = entry
                    .retreats
                    .iter()
                    .map(|r| {
                        let kind = unit.as_ref().map_or(UnitKind::Army, |u| u.0);
                        parse_place_loc(map, kind, r)
                    })
                    .collect();
                match (unit, from, retreats) {
                    (Ok((kind, loc)), Some(from), Ok(retreats)) => position.dislodged.push(Dislodged {
                        unit: Unit { power, kind, loc },
                        attacker_from: from,
                        retreats,
                    }),
                    (Err(m), _, _) | (_, _, Err(m)) => problems.push(FileProblem {
                        line: locate(&entry.unit),
                        message: format!("dislodged unit `{}`: {m}", entry.unit),
                    }),
                    (_, None, _) => problems.push(FileProblem {
                        line: locate(&entry.attacked_from),
                        message: format!("unknown province `{}`", entry.attacked_from),
                    }),
                }
            }
        }
        match &self.centres {
            None => position.owners = map.start_owners().to_vec(),
            Some(centres) => {
                for (power_name, list) in centres {
                    let Some(power) = power_of(power_name, &mut problems) else { continue };
                    for name in list {
                        match map.province_by_name(name) {
                            Some(p) if map.province(p).centre => position.owners[p.index()] = Some(power),
                            Some(_) => problems.push(FileProblem {
                                line: locate(name),
                                message: format!("`{name}` is not a supply centre"),
                            }),
                            None => problems.push(FileProblem {
                                line: locate(name),
                                message: format!("unknown province `{name}`"),
                            }),
                        }
                    }
                }
            }
        }
        let mut lines = Vec::new();
        for (power_name, orders) in &self.orders {
            let Some(power) = power_of(power_name, &mut problems) else { continue };
            for text in orders {
                let parsed = parse_order(map, ParseOptions::new(phase.kind).power(power), text);
                lines.push(OrderLine { power, text: text.clone(), line: locate(text), parsed });
            }
        }
        if problems.is_empty() {
            position.normalise();
            Ok((position, lines))
        } else {
            Err(problems)
        }
    }

    /// Writes a position and orders back in file form.
    pub fn write(map: &Map, position: &Position, orders: &[Order]) -> PositionFile {
        let mut file = PositionFile {
            variant: map.name().to_string(),
            phase: Some(position.phase.to_string()),
            ..PositionFile::default()
        };
        for power in map.powers() {
            let name = map.power(power).name.clone();
            let units: Vec<String> = position
                .units
                .iter()
                .filter(|u| u.power == power)
                .map(|u| format!("{} {}", u.kind, map.loc_name(u.loc)))
                .collect();
            if !units.is_empty() {
                file.units.insert(name.clone(), units);
            }
            let dislodged: Vec<DislodgedEntry> = position
                .dislodged
                .iter()
                .filter(|d| d.unit.power == power)
                .map(|d| DislodgedEntry {
                    unit: format!("{} {}", d.unit.kind, map.loc_name(d.unit.loc)),
                    attacked_from: map.province(d.attacker_from).name.clone(),
                    retreats: d.retreats.iter().map(|&l| map.loc_name(l)).collect(),
                })
                .collect();
            if !dislodged.is_empty() {
                file.dislodged.insert(name.clone(), dislodged);
            }
            let list: Vec<String> =
                orders.iter().filter(|o| o.power == power).map(|o| o.display(map).to_string()).collect();
            if !list.is_empty() {
                file.orders.insert(name.clone(), list);
            }
        }
        let mut centres: IndexMap<String, Vec<String>> = IndexMap::new();
        for power in map.powers() {
            let owned: Vec<String> = map
                .centres()
                .filter(|c| position.owners[c.index()] == Some(power))
                .map(|c| map.province(c).name.clone())
                .collect();
            centres.insert(map.power(power).name.clone(), owned);
        }
        file.centres = Some(centres);
        file
    }
}

/// Reads a unit as written in a position: `A Paris`, `F St Petersburg(sc)`, `F stp/sc`.
/// A leading `Power:` is allowed and ignored here.
pub fn parse_unit(map: &Map, text: &str) -> Result<(UnitKind, LocId), String> {
    let text = match text.split_once(':') {
        Some((power, rest)) if map.power_by_name(power).is_some() => rest,
        _ => text,
    };
    let toks = tokens(text);
    let kind = match toks.first().map(|t| t.tok) {
        Some(Tok::Word(w)) if w.eq_ignore_ascii_case("a") || w.eq_ignore_ascii_case("army") => UnitKind::Army,
        Some(Tok::Word(w)) if w.eq_ignore_ascii_case("f") || w.eq_ignore_ascii_case("fleet") => UnitKind::Fleet,
        _ => return Err("expected `A` or `F` and a province".into()),
    };
    let rest = toks.get(1).map_or("", |t| &text[t.start..]);
    let loc = parse_place_loc(map, kind, rest)?;
    Ok((kind, loc))
}

/// Reads `Name[(coast)]` as the location a unit of `kind` stands on.
pub fn parse_place_loc(map: &Map, kind: UnitKind, text: &str) -> Result<LocId, String> {
    let order = format!("{kind} {text}");
    let power = PowerId(0);
    let parsed =
        parse_order(map, ParseOptions::new(PhaseKind::Movement).power(power), &order).map_err(|e| e.to_string())?;
    if parsed.action != crate::Action::Hold {
        return Err(format!("expected only a province, found `{text}`"));
    }
    let place = parsed.unit.place;
    let coast = match place.coast {
        Some(CoastSpec::Known(loc)) => Some(loc),
        Some(CoastSpec::Unknown(c)) => return Err(format!("{} has no coast `{c}`", map.province(place.province).name)),
        None => None,
    };
    map.unit_loc(kind, place.province, coast).ok_or_else(|| {
        let prov = map.province(place.province);
        if kind == UnitKind::Fleet && map.is_multi_coast(place.province) {
            format!("a fleet in {} needs a coast", prov.name)
        } else {
            format!("{} cannot stand in {}", if kind == UnitKind::Army { "an army" } else { "a fleet" }, prov.name)
        }
    })
}

/// The first line of `source` that contains `needle` as a quoted string.
pub fn find_line(source: &str, needle: &str) -> Option<usize> {
    let quoted = format!("\"{needle}\"");
    source.lines().position(|l| l.contains(&quoted)).map(|i| i + 1)
}

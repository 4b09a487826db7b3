//! Position files: a position and its orders written with names, in RON or JSON.

use indexmap::IndexMap;
use serde::{Deserialize, Deserializer, Serialize};

use dip_io::Limits;
use dip_map::{
    Dislodged, LocId, Map, Phase, PhaseKind, Position, PowerId, Rules, Subject, Unit, UnitKind, retreat_options,
};

use crate::check::AdjudicationError;
use crate::lex::{Tok, tokens};
use crate::model::{CoastSpec, Order};
use crate::names::NameMatching;
use crate::parse::{ParseError, ParseOptions, parse_order};
use crate::source::{SourceIndex, unique_keys, unique_keys_opt};

/// A position with orders, as people write it. Units, centres and orders are grouped by
/// power name; a power named twice in one group is an error, not a silent overwrite.
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
    #[serde(deserialize_with = "unique_keys")]
    pub units: IndexMap<String, Vec<String>>,
    /// Dislodged units waiting to retreat (retreat phases).
    #[serde(default, deserialize_with = "unique_keys", skip_serializing_if = "IndexMap::is_empty")]
    pub dislodged: IndexMap<String, Vec<DislodgedEntry>>,
    /// Provinces left empty by a standoff in the movement phase just played (retreat
    /// phases): no retreat goes there. Only needed where a dislodged unit's retreats are
    /// left for dip to work out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub contested: Vec<String>,
    /// Supply centres by owner; each power's home centres when absent.
    #[serde(default, deserialize_with = "unique_keys_opt", skip_serializing_if = "Option::is_none")]
    pub centres: Option<IndexMap<String, Vec<String>>>,
    /// Orders by power, one order a string.
    #[serde(default, deserialize_with = "unique_keys", skip_serializing_if = "IndexMap::is_empty")]
    pub orders: IndexMap<String, Vec<String>>,
    /// Rule choices for this position, over the variant's (`{"4.A.2": "szykman"}`).
    #[serde(default, deserialize_with = "unique_keys", skip_serializing_if = "IndexMap::is_empty")]
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
    /// Whether the attacker came by convoy (DATC §4.A.5 may then open its origin).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub by_convoy: bool,
    /// Where it may retreat; dip works the list out when it is left out. A list given is
    /// checked against the map and the rules.
    #[serde(default, deserialize_with = "some_list", skip_serializing_if = "Option::is_none")]
    pub retreats: Option<Vec<String>>,
}

/// A list present in the file is `Some` whether or not the file enables `implicit_some`.
fn some_list<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<String>>, D::Error> {
    Vec::deserialize(d).map(Some)
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

/// The groups of a position file keyed by power, for messages.
const GROUPS: [&str; 4] = ["units", "dislodged", "centres", "orders"];

impl PositionFile {
    /// Reads the position and orders under the variant's rules and the file's own, within
    /// the default [`Limits`]. See [`PositionFile::read_with`].
    pub fn read(&self, map: &Map, source: Option<&str>) -> Result<(Position, Vec<OrderLine>), Vec<FileProblem>> {
        let mut problems = Vec::new();
        let mut rules = Rules::of_variant(map).unwrap_or_else(|e| {
            problems.push(FileProblem { line: None, message: format!("variant `{}`: {e}", map.name()) });
            Rules::default()
        });
        let index = source.map(SourceIndex::new);
        for (issue, choice) in &self.rules {
            if let Err(e) = rules.set(issue, choice) {
                let line = index.as_ref().and_then(|i| i.first(issue));
                problems.push(FileProblem { line, message: format!("rule {issue}: {e}") });
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        self.read_with(map, source, &rules, &Limits::DEFAULT)
    }

    /// Reads the position and orders, strictly: the phase must be one the variant has;
    /// units, dislodged units and centres must name the map's places exactly (the
    /// misspelling tolerance of DATC §4.E.2 is for orders); no power, unit, centre or
    /// dislodged unit may be given twice; dislodged units only in a retreat phase, with
    /// retreats the map and `rules` allow (worked out when left out); and the whole
    /// position must pass [`Position::validate`]. Orders that cannot be read are kept as
    /// `Err` lines (their units will hold); every other fault is returned, each with its
    /// line when `source` (the file's text) is given. Nothing longer than
    /// `limits.max_line_bytes` is parsed, and no more than `limits.max_orders` orders.
    /// Linear in the size of the file.
    pub fn read_with(
        &self,
        map: &Map,
        source: Option<&str>,
        rules: &Rules,
        limits: &Limits,
    ) -> Result<(Position, Vec<OrderLine>), Vec<FileProblem>> {
        let mut index = source.map(SourceIndex::new).unwrap_or_default();
        let mut r = Reader { map, index: &mut index, problems: Vec::new(), unknown: Vec::new(), limits };
        let opening = Phase { season: map.start_season(), year: map.start_year(), kind: PhaseKind::Movement };
        let phase = match &self.phase {
            None => opening,
            Some(text) => match text.parse::<Phase>() {
                Ok(p) => p,
                Err(e) => {
                    r.problem(text, e);
                    opening
                }
            },
        };
        let mut position = Position::empty(map, phase);
        // The line of each unit and dislodged unit, for the faults `validate` finds.
        let mut unit_lines = Vec::new();
        for (power, units) in r.powers(&self.units, GROUPS[0]) {
            for text in units {
                let line = r.index.take(text);
                if r.too_long(text, line, "unit") {
                    continue;
                }
                match parse_unit(map, text) {
                    Ok((kind, loc)) => {
                        position.units.push(Unit { power, kind, loc });
                        unit_lines.push(line);
                    }
                    Err(message) => r.at(line, format!("unit `{text}`: {message}")),
                }
            }
        }
        let retreat_phase = phase.kind == PhaseKind::Retreat;
        let mut contested = Vec::new();
        for name in &self.contested {
            let line = r.index.take(name);
            if !retreat_phase {
                r.at(line, format!("contested province `{name}`: only a retreat phase has contested provinces"));
            } else if !r.too_long(name, line, "province") {
                match map.province_by_name(name) {
                    Some(p) => contested.push(p),
                    None => r.at(line, format!("contested province `{name}`: {}", unknown_province(map, name))),
                }
            }
        }
        let mut dislodged_lines = Vec::new();
        let mut to_work_out = Vec::new();
        for (power, entries) in r.powers(&self.dislodged, GROUPS[1]) {
            for entry in entries {
                let line = r.index.take(&entry.unit);
                if !retreat_phase {
                    r.at(
                        line,
                        format!(
                            "dislodged unit `{}`: dislodged units wait only in a retreat phase, not in {phase}",
                            entry.unit
                        ),
                    );
                    continue;
                }
                if r.too_long(&entry.unit, line, "unit") || r.too_long(&entry.attacked_from, line, "province") {
                    continue;
                }
                let (kind, loc) = match parse_unit(map, &entry.unit) {
                    Ok(unit) => unit,
                    Err(m) => {
                        r.at(line, format!("dislodged unit `{}`: {m}", entry.unit));
                        continue;
                    }
                };
                let from_line = r.index.take(&entry.attacked_from);
                let Some(attacker_from) = map.province_by_name(&entry.attacked_from) else {
                    let message = unknown_province(map, &entry.attacked_from);
                    r.at(from_line.or(line), format!("dislodged unit `{}`: attacked from: {message}", entry.unit));
                    continue;
                };
                let mut retreats = Vec::new();
                for to in entry.retreats.iter().flatten() {
                    let to_line = r.index.take(to);
                    if r.too_long(to, to_line, "province") {
                        continue;
                    }
                    match parse_place_loc(map, kind, to) {
                        Ok(l) => retreats.push(l),
                        Err(m) => {
                            r.at(to_line.or(line), format!("dislodged unit `{}`: retreat `{to}`: {m}", entry.unit))
                        }
                    }
                }
                if entry.retreats.is_none() {
                    to_work_out.push(position.dislodged.len());
                }
                let unit = Unit { power, kind, loc };
                position.dislodged.push(Dislodged { unit, attacker_from, by_convoy: entry.by_convoy, retreats });
                dislodged_lines.push(line);
            }
        }
        for &i in &to_work_out {
            position.dislodged[i].retreats = retreat_options(map, &position, &position.dislodged[i], &contested, rules);
        }
        // The owner of each centre and the line that gave it.
        let mut owner_lines: Vec<Option<usize>> = vec![None; map.province_count()];
        match &self.centres {
            None => position.owners = map.start_owners().to_vec(),
            Some(centres) => {
                for (power, list) in r.powers(centres, GROUPS[2]) {
                    for name in list {
                        let line = r.index.take(name);
                        if r.too_long(name, line, "centre") {
                            continue;
                        }
                        let Some(p) = map.province_by_name(name) else {
                            r.at(line, format!("centre `{name}`: {}", unknown_province(map, name)));
                            continue;
                        };
                        if !map.province(p).centre {
                            r.at(line, format!("`{name}` is not a supply centre"));
                        } else if let Some(first) = position.owners[p.index()] {
                            let (first, this) = (&map.power(first).name, &map.power(power).name);
                            let owners = if first == this {
                                format!("twice for {this}")
                            } else {
                                format!("for {first} and for {this}")
                            };
                            r.at(line, format!("centre `{name}` is listed {owners}: a centre has one owner"));
                        } else {
                            position.owners[p.index()] = Some(power);
                            owner_lines[p.index()] = line;
                        }
                    }
                }
            }
        }
        let lines = r.orders(&self.orders, phase.kind);
        if let Err(e) = position.validate(map, rules) {
            let phase_line = self.phase.as_deref().and_then(|p| r.index.first(p));
            for fault in e.faults {
                let line = match fault.subject {
                    Subject::Unit(i) => unit_lines.get(i).copied().flatten(),
                    Subject::Dislodged(i) => dislodged_lines.get(i).copied().flatten(),
                    Subject::Owner(p) => owner_lines.get(p).copied().flatten(),
                    _ => phase_line,
                };
                r.at(line, fault.message);
            }
        }
        let mut unknown = std::mem::take(&mut r.unknown);
        r.problems.append(&mut unknown);
        if r.problems.is_empty() {
            position.normalise();
            Ok((position, lines))
        } else {
            r.problems.sort_by_key(|p| p.line);
            Err(r.problems)
        }
    }

    /// Writes a position and orders back in file form. Refuses a position or orders of
    /// another map.
    pub fn write(map: &Map, position: &Position, orders: &[Order]) -> Result<PositionFile, AdjudicationError> {
        position.check(map)?;
        for (index, order) in orders.iter().enumerate() {
            order.check(map).map_err(|message| AdjudicationError::ForeignOrder { index, message })?;
        }
        let mut file = PositionFile {
            variant: map.name().to_string(),
            phase: Some(position.phase.to_string()),
            ..PositionFile::default()
        };
        // One pass over each list, power by power in the map's order.
        let powers = map.power_count();
        let mut units: Vec<Vec<String>> = vec![Vec::new(); powers];
        for u in &position.units {
            units[u.power.index()].push(unit_name(map, u.kind, u.loc));
        }
        let mut dislodged: Vec<Vec<DislodgedEntry>> = vec![Vec::new(); powers];
        for d in &position.dislodged {
            dislodged[d.unit.power.index()].push(DislodgedEntry {
                unit: unit_name(map, d.unit.kind, d.unit.loc),
                attacked_from: map.province(d.attacker_from).name.clone(),
                by_convoy: d.by_convoy,
                retreats: Some(d.retreats.iter().map(|&l| map.loc_name(l)).collect()),
            });
        }
        let mut listed: Vec<Vec<String>> = vec![Vec::new(); powers];
        for o in orders {
            listed[o.power.index()].push(o.display(map).to_string());
        }
        let mut owned: Vec<Vec<String>> = vec![Vec::new(); powers];
        for c in map.centres() {
            if let Some(power) = position.owners[c.index()] {
                owned[power.index()].push(map.province(c).name.clone());
            }
        }
        let mut centres: IndexMap<String, Vec<String>> = IndexMap::with_capacity(powers);
        let lists = units.into_iter().zip(dislodged).zip(listed).zip(owned);
        for (power, (((units, dislodged), listed), owned)) in map.powers().zip(lists) {
            let name = &map.power(power).name;
            if !units.is_empty() {
                file.units.insert(name.clone(), units);
            }
            if !dislodged.is_empty() {
                file.dislodged.insert(name.clone(), dislodged);
            }
            if !listed.is_empty() {
                file.orders.insert(name.clone(), listed);
            }
            centres.insert(name.clone(), owned);
        }
        file.centres = Some(centres);
        Ok(file)
    }
}

/// Orders by power, read for a phase.
#[derive(Clone, Debug)]
pub struct OrdersRead {
    /// Every order of a known power, read or not, in the order given.
    pub lines: Vec<OrderLine>,
    /// Powers the map does not have: their orders are left out.
    pub unknown_powers: Vec<FileProblem>,
    /// A power given twice (`England` and `ENG`), more orders than `max_orders`, an order
    /// longer than `max_line_bytes`.
    pub faults: Vec<FileProblem>,
}

/// Reads orders by power name for a phase of `kind`, as a position file's `orders` are
/// read: each placed on its line through `index`, within `limits`.
pub fn read_orders(
    map: &Map,
    kind: PhaseKind,
    group: &IndexMap<String, Vec<String>>,
    index: &mut SourceIndex<'_>,
    limits: &Limits,
) -> OrdersRead {
    let mut r = Reader { map, index, problems: Vec::new(), unknown: Vec::new(), limits };
    let lines = r.orders(group, kind);
    OrdersRead { lines, unknown_powers: r.unknown, faults: r.problems }
}

/// The state of one reading: the map, where strings are in the file, the problems found.
struct Reader<'a, 'i, 's> {
    map: &'a Map,
    index: &'i mut SourceIndex<'s>,
    problems: Vec<FileProblem>,
    /// Unknown powers, kept apart: an orders file may go on without them.
    unknown: Vec<FileProblem>,
    limits: &'a Limits,
}

impl Reader<'_, '_, '_> {
    /// Every order of the group, parsed for a phase of `kind`, unless there are more than
    /// the cap allows.
    fn orders(&mut self, group: &IndexMap<String, Vec<String>>, kind: PhaseKind) -> Vec<OrderLine> {
        let mut lines = Vec::new();
        let total: usize = group.values().map(Vec::len).sum();
        if total > self.limits.max_orders {
            let line = group.keys().next().and_then(|k| self.index.first(k));
            let message = format!("{total} orders: more than the limit of {} (--max-orders)", self.limits.max_orders);
            self.at(line, message);
            return lines;
        }
        lines.reserve(total);
        for (power, orders) in self.powers(group, GROUPS[3]) {
            for text in orders {
                let line = self.index.take(text);
                if self.too_long(text, line, "order") {
                    continue;
                }
                let parsed = parse_order(self.map, ParseOptions::new(kind).power(power), text);
                lines.push(OrderLine { power, text: text.clone(), line, parsed });
            }
        }
        lines
    }

    fn at(&mut self, line: Option<usize>, message: String) {
        self.problems.push(FileProblem { line, message });
    }

    /// A problem at the line of `needle`.
    fn problem(&mut self, needle: &str, message: String) {
        let line = self.index.first(needle);
        self.at(line, message);
    }

    /// Whether `text` is beyond the cap on line length (a problem if so).
    fn too_long(&mut self, text: &str, line: Option<usize>, what: &str) -> bool {
        let long = text.len() > self.limits.max_line_bytes;
        if long {
            let message = format!(
                "{what} of {} bytes: longer than the limit of {} bytes (--max-line-length)",
                text.len(),
                self.limits.max_line_bytes
            );
            self.at(line, message);
        }
        long
    }

    /// The entries of a group keyed by power name, each power resolved; an unknown power,
    /// or one named twice (`England` and `ENG`), is a problem and its entries are left out.
    fn powers<'v, V>(&mut self, group: &'v IndexMap<String, V>, what: &str) -> Vec<(PowerId, &'v V)> {
        let mut seen: Vec<Option<&'v str>> = vec![None; self.map.power_count()];
        let mut out = Vec::with_capacity(group.len());
        for (name, value) in group {
            let line = self.index.take(name);
            let Some(power) = self.map.power_by_name(name) else {
                self.unknown.push(FileProblem { line, message: format!("unknown power `{name}` in `{what}`") });
                continue;
            };
            match seen[power.index()].replace(name) {
                Some(first) => {
                    let canonical = &self.map.power(power).name;
                    self.at(
                        line,
                        format!(
                            "`{name}` in `{what}` is {canonical} again (as `{first}` before): give each power once"
                        ),
                    );
                }
                None => out.push((power, value)),
            }
        }
        out
    }
}

/// `unknown province `X` (did you mean ...?)`.
fn unknown_province(map: &Map, name: &str) -> String {
    let suggestions = crate::names::suggestions(map, name, 3);
    if suggestions.is_empty() {
        format!("unknown province `{name}`")
    } else {
        format!("unknown province `{name}` (did you mean {}?)", suggestions.join(", "))
    }
}

/// `A Paris`, `F St Petersburg(sc)`: a unit as a position file names it.
fn unit_name(map: &Map, kind: UnitKind, loc: LocId) -> String {
    let location = map.location(loc);
    let name = &map.province(location.province).name;
    let mut text = String::with_capacity(name.len() + 6);
    text.push_str(if kind == UnitKind::Army { "A " } else { "F " });
    text.push_str(name);
    if let Some(coast) = &location.coast {
        text.push('(');
        text.push_str(coast);
        text.push(')');
    }
    text
}

/// Reads a unit as written in a position: `A Paris`, `F St Petersburg(sc)`, `F stp/sc`.
/// A leading `Power:` is allowed and ignored here.
pub fn parse_unit(map: &Map, text: &str) -> Result<(UnitKind, LocId), String> {
    let text = match text.split_once(':') {
        Some((power, rest)) if map.power_by_name(power).is_some() => rest,
        _ => text,
    };
    // The usual `A PAR`, `F STP/SC`, `A Paris`: a type word and a place of the map.
    let trimmed = text.trim_start();
    let (word, rest) = trimmed.split_once(char::is_whitespace).unwrap_or((trimmed, ""));
    let kind = match word.to_ascii_lowercase().as_str() {
        "a" | "army" => Some(UnitKind::Army),
        "f" | "fleet" => Some(UnitKind::Fleet),
        _ => None,
    };
    if let Some(loc) = kind.and_then(|kind| place_loc(map, kind, rest)) {
        return Ok((kind.unwrap_or(UnitKind::Army), loc));
    }
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

/// The usual `PAR`, `Paris`, `STP/SC`: a name of the map, with a known coast, that a unit of
/// `kind` can stand on; `None` for anything else, which the order reader then explains.
fn place_loc(map: &Map, kind: UnitKind, text: &str) -> Option<LocId> {
    let text = text.trim();
    let (name, coast) = match text.split_once('/') {
        Some((name, coast)) => (name, Some(coast)),
        None => (text, None),
    };
    // A plain word is looked up without allocating; other names are normalised first.
    let mut buf = [0u8; 32];
    let province = if !name.is_empty() && name.len() <= buf.len() && name.bytes().all(|b| b.is_ascii_alphanumeric()) {
        for (slot, b) in buf.iter_mut().zip(name.bytes()) {
            *slot = b.to_ascii_lowercase();
        }
        map.province_by_normalised_bytes(&buf[..name.len()])?
    } else {
        map.province_by_name(name)?
    };
    let coast = match coast {
        Some(c) => Some(map.coast_by_name(province, c)?),
        None => None,
    };
    map.unit_loc(kind, province, coast)
}

/// Reads `Name[(coast)]` as the location a unit of `kind` stands on.
pub fn parse_place_loc(map: &Map, kind: UnitKind, text: &str) -> Result<LocId, String> {
    if let Some(loc) = place_loc(map, kind, text) {
        return Ok(loc);
    }
    let order = format!("{kind} {text}");
    let power = PowerId(0);
    // The board names its places exactly: the misspelling tolerance is for orders.
    let options = ParseOptions { names: NameMatching::Exact, ..ParseOptions::new(PhaseKind::Movement).power(power) };
    let parsed = parse_order(map, options, &order).map_err(|e| e.to_string())?;
    if parsed.action != crate::Action::Hold {
        return Err(format!("expected only a province, found `{text}`"));
    }
    let place = parsed.unit.place;
    let coast = match place.coast() {
        Some(CoastSpec::Known(loc)) => Some(loc),
        Some(CoastSpec::Unknown) => {
            let c = parsed.unknown_coast(crate::PlaceSlot::Unit).unwrap_or_default();
            return Err(format!("{} has no coast `{c}`", map.province(place.province).name));
        }
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

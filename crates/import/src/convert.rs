//! From what a map file says ([`Source`]) to a dip variant ([`VariantFile`]): DPjudge's
//! case conventions become army and fleet borders, its powers, centres and units the
//! variant's, and whatever dip cannot express becomes a [`Note`].

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use dip_map::schema::{
    CalendarDef, CoastDef, DifficultBorderDef, PowerDef, PowerRole, ProvinceDef, StartDef, StartUnitDef, Terrain,
    VariantFile, VictoryDef,
};
use dip_map::{BuildRule, Season, UnitKind, normalise_name};

use crate::dpjudge::{Entry, PlaceName, Seasonal, Source, TerrainLine, TerrainWord, key, province_key};
use crate::{Note, Origin};

/// How the variant is named.
#[derive(Clone, Debug)]
pub(crate) struct Naming {
    pub name: String,
    pub title: String,
    pub description: String,
}

/// Borders by location key: army borders by province, fleet borders by location.
type Borders = BTreeMap<String, BTreeSet<String>>;

/// One province as dip will have it, before borders.
#[derive(Debug)]
struct Prov {
    terrain: Terrain,
    convoyable: bool,
    frozen_in: Vec<Season>,
    /// Coast keys (upper case, `BUL/EC`) with their lines, for a province of two coasts or more.
    coasts: Vec<String>,
    /// The line fleets at the province itself move by: its own line, or that of its only coast.
    fleet_line: Option<String>,
    /// Whether a fleet may stand on the province itself.
    fleet_bare: bool,
}

/// Whether an `ABUTS` entry is all lower case: fleets may not move there.
fn lower(text: &str) -> bool {
    text.chars().any(|c| c.is_ascii_alphabetic()) && !text.chars().any(|c| c.is_ascii_uppercase())
}

/// Whether an `ABUTS` entry is written `Tys`: armies may not move there directly.
fn title_case(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase()) && chars.any(|c| c.is_ascii_lowercase())
}

/// `north coast` → `North Coast`; `AUSTRIA` → `Austria`; `NEAR-EAST` → `Near-East`.
pub(crate) fn title_words(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut start = true;
    for c in text.chars() {
        if c.is_alphanumeric() || c == '\'' {
            if start {
                out.extend(c.to_uppercase())
            } else {
                out.extend(c.to_lowercase())
            }
            start = false;
        } else {
            out.push(c);
            start = true;
        }
    }
    out
}

/// A power's display name: leading underscores dropped; `+` starts a capitalised word.
fn power_display(raw: &str) -> String {
    let raw = raw.trim_start_matches('_');
    let spaced = raw.replace('+', " ");
    if spaced.chars().any(|c| c.is_ascii_lowercase()) { spaced } else { title_words(&spaced) }
}

/// An ownership word for display: `+` is a space.
fn own_display(raw: &str) -> String {
    let spaced = raw.replace('+', " ");
    if spaced.chars().any(|c| c.is_ascii_lowercase()) { spaced } else { title_words(&spaced) }
}

fn season_of(word: &str) -> Option<Season> {
    match word {
        "SPRING" => Some(Season::Spring),
        "FALL" | "AUTUMN" => Some(Season::Fall),
        _ => None,
    }
}

struct Converter<'a> {
    source: &'a Source,
    notes: Vec<Note>,
    /// Upper-case key → its terrain line.
    lines: BTreeMap<&'a str, &'a TerrainLine>,
    /// Upper-case location key → its name line.
    places: HashMap<&'a str, &'a PlaceName>,
    /// Province key → its province.
    provs: BTreeMap<String, Prov>,
    /// Impassable provinces, left out.
    shut: BTreeSet<String>,
}

pub(crate) fn convert(source: &Source, naming: &Naming) -> (VariantFile, Vec<Note>) {
    let mut c = Converter {
        source,
        notes: source.notes.clone(),
        lines: source.terrain.iter().map(|(k, l)| (k.as_str(), l)).collect(),
        places: source.places.iter().map(|(k, p)| (k.as_str(), p)).collect(),
        provs: BTreeMap::new(),
        shut: BTreeSet::new(),
    };
    c.provinces();
    let (army, fleet, one_way_borders) = c.borders();
    let provinces = c.province_defs(&army, &fleet);
    let centres = c.centres();
    let powers = c.powers(&centres);
    let difficult = c.difficult_borders(&army, &fleet);
    let (start, victory_default) = c.start(&centres);
    let victory = c.victory(victory_default);
    let build_rule = c.build_rule();
    let mut provinces = provinces;
    for p in &mut provinces {
        p.centre = centres.contains(&key(&p.abbr));
    }
    c.names(&mut provinces, &powers);
    let variant = VariantFile {
        name: naming.name.clone(),
        title: naming.title.clone(),
        description: naming.description.clone(),
        powers,
        provinces,
        start,
        victory,
        build_rule,
        rules: BTreeMap::new(),
        railroads: Vec::new(),
        canals: Vec::new(),
        difficult_borders: difficult,
        centre_restrictions: Vec::new(),
        calendar: CalendarDef::default(),
        one_way_borders,
    };
    (variant, c.notes)
}

impl<'a> Converter<'a> {
    fn note(&mut self, origin: &Origin, message: String) {
        self.notes.push(Note { origin: origin.clone(), message });
    }

    /// Terrain, coasts and ice of every province.
    fn provinces(&mut self) {
        let mut keys: BTreeSet<String> = BTreeSet::new();
        for k in self.lines.keys() {
            keys.insert(province_key(k).to_string());
        }
        let mut seasonal_of: HashMap<&str, Vec<&Seasonal>> = HashMap::new();
        for s in &self.source.seasonal {
            seasonal_of.entry(s.key.as_str()).or_default().push(s);
        }
        for p in keys {
            // The coasts `P/...` of `P` follow one another in key order.
            let prefix = format!("{p}/");
            let coasts: Vec<String> = self
                .lines
                .range(prefix.as_str()..)
                .take_while(|(k, _)| k.starts_with(&prefix))
                .map(|(k, _)| k.to_string())
                .collect();
            let Some(&bare) = self.lines.get(p.as_str()) else {
                let origin = self.lines[coasts[0].as_str()].origin.clone();
                self.note(&origin, format!("`{p}` has coasts but no line of its own; left out"));
                continue;
            };
            // Seasonal terrain (DPjudge `IN SPRING: WATER ARC`).
            let seasonal: Vec<&Seasonal> = seasonal_of.remove(p.as_str()).unwrap_or_default();
            let mut kind = bare.kind;
            let mut frozen_in = Vec::new();
            if !seasonal.is_empty() {
                let open = seasonal.iter().find(|s| s.kind != TerrainWord::Shut).map(|s| s.kind);
                if kind == TerrainWord::Shut
                    && let Some(open) = open
                {
                    kind = open;
                }
                for season in [Season::Spring, Season::Fall] {
                    let word = match season {
                        Season::Spring => "SPRING",
                        Season::Fall => "FALL",
                    };
                    let that = seasonal
                        .iter()
                        .find(|s| s.season == word || (word == "FALL" && s.season == "AUTUMN"))
                        .map_or(bare.kind, |s| s.kind);
                    if that == TerrainWord::Shut {
                        frozen_in.push(season);
                    }
                }
                for s in &seasonal {
                    if season_of(&s.season).is_none() {
                        let origin = s.origin.clone();
                        self.note(&origin, format!("`IN {}:`: dip has only spring and fall moves; ignored", s.season));
                    }
                }
            }
            if kind == TerrainWord::Shut {
                self.note(&bare.origin.clone(), format!("`{p}` is impassable (SHUT); left out with its borders"));
                self.shut.insert(p);
                continue;
            }
            let (mut terrain, convoyable) = match kind {
                TerrainWord::Water => (Terrain::Sea, false),
                TerrainWord::Land => (Terrain::Land, false),
                TerrainWord::Coast => (Terrain::Coast, false),
                TerrainWord::Port => (Terrain::Coast, true),
                TerrainWord::Shut => unreachable!("handled above"),
            };
            let declared_lower = lower(&bare.declared);
            let mut fleet_bare = terrain != Terrain::Land && !declared_lower;
            let mut fleet_line = fleet_bare.then(|| p.clone());
            let mut multi = Vec::new();
            match coasts.len() {
                0 if terrain == Terrain::Coast && declared_lower => {
                    self.note(
                        &bare.origin.clone(),
                        format!("`{}`: a coast no fleet may stand on and no coast line; made inland", bare.declared),
                    );
                    terrain = Terrain::Land;
                }
                0 => {}
                1 => {
                    self.note(
                        &self.lines[coasts[0].as_str()].origin.clone(),
                        format!("`{}` is the only coast of `{p}`: its fleet borders are the province's", coasts[0]),
                    );
                    fleet_bare = true;
                    fleet_line = Some(coasts[0].clone());
                }
                _ => {
                    if fleet_bare {
                        self.note(
                            &bare.origin.clone(),
                            format!("`{}` has coasts: fleets stand on a coast, never on the province itself", p),
                        );
                    }
                    fleet_bare = false;
                    fleet_line = None;
                    multi = coasts;
                }
            }
            if terrain == Terrain::Sea && convoyable {
                terrain = Terrain::Sea;
            }
            let prov = Prov { terrain, convoyable, frozen_in, coasts: multi, fleet_line, fleet_bare };
            self.provs.insert(p, prov);
        }
    }

    /// The location a fleet border entry leads to (`p` or `p/c`, upper case), if a fleet
    /// may stand there.
    fn fleet_target(&mut self, from: &str, entry: &Entry) -> Option<String> {
        let k = key(&entry.text);
        let p = province_key(&k).to_string();
        let prov = self.provs.get(&p)?;
        if prov.terrain == Terrain::Land {
            return None;
        }
        if k.contains('/') {
            if prov.coasts.contains(&k) {
                return Some(k);
            }
            if prov.fleet_line.as_deref() == Some(k.as_str()) {
                return Some(p);
            }
            let origin = entry.origin.clone();
            self.note(&origin, format!("`{from}` borders `{}`, a coast the map does not define; ignored", entry.text));
            return None;
        }
        if !prov.coasts.is_empty() {
            let origin = entry.origin.clone();
            self.note(
                &origin,
                format!("fleet border `{from}` → `{}` names no coast of a province with coasts; ignored", entry.text),
            );
            return None;
        }
        prov.fleet_bare.then_some(p)
    }

    /// Army borders (province → provinces), fleet borders (location → locations), and the
    /// borders that go one way only (province pairs); every one-way border is reported.
    fn borders(&mut self) -> (Borders, Borders, Vec<(String, String)>) {
        let mut army: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        let mut fleet: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        let mut origins: BTreeMap<(bool, String, String), Origin> = BTreeMap::new();
        let keys: Vec<String> = self.provs.keys().cloned().collect();
        for p in &keys {
            let line = self.lines[p.as_str()];
            if self.provs[p].terrain != Terrain::Sea {
                for entry in &line.abuts {
                    if title_case(&entry.text) {
                        continue;
                    }
                    let q = province_key(&key(&entry.text)).to_string();
                    match self.provs.get(&q) {
                        Some(target) if target.terrain != Terrain::Sea && q != *p => {
                            army.entry(p.clone()).or_default().insert(q.clone());
                            origins.entry((false, p.clone(), q)).or_insert_with(|| entry.origin.clone());
                        }
                        Some(_) => {}
                        None if self.shut.contains(&q) => {}
                        None => {
                            let origin = entry.origin.clone();
                            self.note(
                                &origin,
                                format!("`{p}` borders `{}`, which the map does not define", entry.text),
                            );
                        }
                    }
                }
            }
            // Fleet locations: the province itself, or each of its coasts.
            let prov = &self.provs[p];
            let mut fleet_locs: Vec<(String, String)> = Vec::new();
            if let Some(l) = &prov.fleet_line {
                fleet_locs.push((p.clone(), l.clone()));
            }
            for c in &prov.coasts {
                fleet_locs.push((c.clone(), c.clone()));
            }
            for (loc, line_key) in fleet_locs {
                let entries = self.lines[line_key.as_str()].abuts.clone();
                for entry in &entries {
                    if lower(&entry.text) {
                        continue;
                    }
                    if let Some(to) = self.fleet_target(&loc, entry)
                        && province_key(&to) != p
                    {
                        fleet.entry(loc.clone()).or_default().insert(to.clone());
                        origins.entry((true, loc.clone(), to)).or_insert_with(|| entry.origin.clone());
                    }
                }
            }
        }
        // A border listed one way only is kept one way, as DPjudge moves by it, unless the
        // provinces border the other way for the other unit type: dip's one-way borders are
        // between provinces, so that one is made two-way.
        let province_links = |army: &BTreeMap<String, BTreeSet<String>>, fleet: &BTreeMap<String, BTreeSet<String>>| {
            let mut links: BTreeSet<(String, String)> = BTreeSet::new();
            for (from, tos) in army.iter().chain(fleet.iter()) {
                for to in tos {
                    links.insert((province_key(from).to_string(), province_key(to).to_string()));
                }
            }
            links
        };
        let links = province_links(&army, &fleet);
        let mut one_way: BTreeSet<(String, String)> = BTreeSet::new();
        for (is_fleet, borders) in [(false, &mut army), (true, &mut fleet)] {
            let mut missing = Vec::new();
            for (from, tos) in borders.iter() {
                for to in tos {
                    if !borders.get(to).is_some_and(|back| back.contains(from)) {
                        missing.push((from.clone(), to.clone()));
                    }
                }
            }
            for (from, to) in missing {
                let origin = origins.get(&(is_fleet, from.clone(), to.clone())).cloned().unwrap_or_default();
                let what = if is_fleet { "fleet" } else { "army" };
                let (pf, pt) = (province_key(&from).to_string(), province_key(&to).to_string());
                let message = if links.contains(&(pt.clone(), pf.clone())) {
                    borders.entry(to.clone()).or_default().insert(from.clone());
                    format!(
                        "one-way {what} border `{from}` → `{to}` (`{to}` does not list `{from}`), while the provinces \
                         border the other way for the other unit type: dip's one-way borders are whole, so it is made \
                         two-way"
                    )
                } else {
                    one_way.insert((pf, pt));
                    format!("one-way {what} border `{from}` → `{to}` (`{to}` does not list `{from}`): kept one-way")
                };
                self.notes.push(Note { origin, message });
            }
        }
        let one_way = one_way.into_iter().map(|(a, b)| (a.to_ascii_lowercase(), b.to_ascii_lowercase())).collect();
        (army, fleet, one_way)
    }

    fn province_defs(
        &mut self,
        army: &BTreeMap<String, BTreeSet<String>>,
        fleet: &BTreeMap<String, BTreeSet<String>>,
    ) -> Vec<ProvinceDef> {
        let lowered = |set: Option<&BTreeSet<String>>| -> Vec<String> {
            set.map(|s| s.iter().map(|k| k.to_ascii_lowercase()).collect()).unwrap_or_default()
        };
        let mut out = Vec::new();
        let mut notes = Vec::new();
        for (p, prov) in &self.provs {
            let mut name = self.place_name(p).unwrap_or_else(|| p.to_ascii_lowercase());
            // Orders read a parenthesis after a province as its coast.
            if let Some(open) = name.find('(') {
                let short = name[..open].trim().to_string();
                let origin = self.places.get(p.as_str()).map(|n| n.origin.clone());
                let message = format!("`{name}`: orders read parentheses as a coast; the province is named `{short}`");
                notes.push(Note { origin: origin.unwrap_or_default(), message });
                name = short;
            }
            let coasts = prov
                .coasts
                .iter()
                .map(|c| {
                    let short = c.split_once('/').map_or("", |(_, s)| s).to_ascii_lowercase();
                    CoastDef { name: self.coast_name(c, &short), abbr: short, fleet: lowered(fleet.get(c)) }
                })
                .collect();
            out.push(ProvinceDef {
                abbr: p.to_ascii_lowercase(),
                name,
                aliases: Vec::new(),
                terrain: prov.terrain,
                centre: false,
                army: lowered(army.get(p)),
                fleet: if prov.fleet_bare { lowered(fleet.get(p)) } else { Vec::new() },
                coasts,
                convoyable: prov.convoyable && prov.terrain == Terrain::Coast,
                frozen_in: prov.frozen_in.clone(),
            });
        }
        self.notes.extend(notes);
        out
    }

    fn place_name(&self, k: &str) -> Option<String> {
        self.places.get(k).map(|place| place.name.clone())
    }

    /// `Bulgaria (east coast)` → `East Coast`; without a name, from the abbreviation.
    fn coast_name(&self, k: &str, short: &str) -> String {
        if let Some(name) = self.place_name(k)
            && let (Some(open), Some(close)) = (name.find('('), name.rfind(')'))
            && open < close
        {
            return title_words(name[open + 1..close].trim());
        }
        match short {
            "nc" => "North Coast".into(),
            "sc" => "South Coast".into(),
            "ec" => "East Coast".into(),
            "wc" => "West Coast".into(),
            other => format!("{} Coast", other.to_ascii_uppercase()),
        }
    }

    /// Every supply centre: unowned ones, homes and owned ones.
    fn centres(&mut self) -> BTreeSet<String> {
        let s = self.source;
        let mut listed: Vec<(String, Origin)> = Vec::new();
        let unowned_origin = Origin::default();
        for c in &s.unowned {
            listed.push((c.clone(), unowned_origin.clone()));
        }
        for power in &s.powers {
            for c in power.final_homes().iter().chain(power.owns.iter().flatten()) {
                listed.push((c.clone(), power.origin.clone()));
            }
        }
        let mut centres = BTreeSet::new();
        for (c, origin) in listed {
            let p = province_key(&c).to_string();
            if self.provs.contains_key(&p) {
                centres.insert(p);
            } else {
                self.note(&origin, format!("supply centre `{c}` is no province of the map; left out"));
            }
        }
        centres
    }

    fn powers(&mut self, centres: &BTreeSet<String>) -> Vec<PowerDef> {
        let mut shorts: HashSet<String> = HashSet::new();
        let mut out = Vec::new();
        for power in &self.source.powers {
            let name = power_display(&power.raw);
            let adjective = power.own_word.as_deref().map_or_else(|| name.clone(), own_display);
            let short = unique_short(&name, &shorts);
            shorts.insert(short.clone());
            let mut homes = Vec::new();
            for h in power.final_homes() {
                let p = province_key(h).to_string();
                if centres.contains(&p) && self.provs.contains_key(&p) {
                    homes.push(p.to_ascii_lowercase());
                }
            }
            let role = if power.dummy {
                self.note(
                    &power.origin.clone(),
                    format!(
                        "`{}` is a dummy power (played by nobody): imported as a neutral power, whose units hold and \
                         are disbanded when dislodged and which builds nothing",
                        power.raw
                    ),
                );
                PowerRole::Neutral { rebuilds: false }
            } else {
                PowerRole::Player
            };
            out.push(PowerDef { name, adjective, short, homes, role });
        }
        out
    }

    fn difficult_borders(
        &mut self,
        army: &BTreeMap<String, BTreeSet<String>>,
        fleet: &BTreeMap<String, BTreeSet<String>>,
    ) -> Vec<DifficultBorderDef> {
        // Provinces that border for fleets, from some location of one to one of the other.
        let fleet_links: HashSet<(&str, &str)> = fleet
            .iter()
            .flat_map(|(from, tos)| tos.iter().map(move |to| (province_key(from), province_key(to))))
            .collect();
        let mut pairs: BTreeSet<(String, String)> = BTreeSet::new();
        for (p, line) in &self.lines {
            for entry in line.abuts.iter().filter(|e| e.difficult) {
                let a = province_key(p).to_string();
                let b = province_key(&key(&entry.text)).to_string();
                let borders =
                    army.get(&a).is_some_and(|s| s.contains(&b)) || fleet_links.contains(&(a.as_str(), b.as_str()));
                if borders {
                    let pair = if a < b { (a, b) } else { (b, a) };
                    pairs.insert(pair);
                }
            }
        }
        pairs
            .into_iter()
            .map(|(a, b)| DifficultBorderDef {
                between: (a.to_ascii_lowercase(), b.to_ascii_lowercase()),
                strength_cost: 1,
            })
            .collect()
    }

    /// The opening: phase, units, owners. Also the default victory count.
    fn start(&mut self, centres: &BTreeSet<String>) -> (StartDef, u16) {
        let (mut season, mut year) = (Season::Spring, 1901);
        if let Some(begin) = &self.source.begin {
            year = begin.year;
            let phase = begin.phase.as_str();
            match (season_of(&begin.season), phase) {
                (Some(s), "MOVEMENT" | "MOVES" | "MOVE") => season = s,
                (None, "ADJUSTMENTS" | "ADJUSTMENT" | "BUILDS") if begin.season == "WINTER" => {
                    season = Season::Fall;
                    self.note(
                        &begin.origin.clone(),
                        format!(
                            "the game begins with the Winter {year} adjustments; dip starts at a movement phase, so \
                             the variant starts in Fall {year}, whose movement leads to those adjustments"
                        ),
                    );
                }
                _ => {
                    let s = season_of(&begin.season).unwrap_or(Season::Spring);
                    season = s;
                    self.note(
                        &begin.origin.clone(),
                        format!(
                            "`BEGIN {} {year} {phase}`: dip starts at a movement phase; the variant starts in {s} \
                             {year}",
                            begin.season
                        ),
                    );
                }
            }
        }
        let mut units = Vec::new();
        let mut owners_given = false;
        let mut owners = Vec::new();
        let powers = &self.source.powers;
        let mut notes = Vec::new();
        for power in powers {
            let name = power_display(&power.raw);
            for u in &power.units {
                let p = province_key(&u.at).to_string();
                let Some(prov) = self.provs.get(&p) else {
                    notes.push((
                        u.origin.clone(),
                        format!("unit `{}` stands on no province of the map; left out", u.at),
                    ));
                    continue;
                };
                let at = if u.fleet {
                    if u.at.contains('/') {
                        if prov.coasts.contains(&u.at) { u.at.to_ascii_lowercase() } else { p.to_ascii_lowercase() }
                    } else if !prov.coasts.is_empty() {
                        notes.push((
                            u.origin.clone(),
                            format!("fleet `{}` names no coast of a province with coasts; left out", u.at),
                        ));
                        continue;
                    } else {
                        p.to_ascii_lowercase()
                    }
                } else {
                    p.to_ascii_lowercase()
                };
                let kind = if u.fleet { UnitKind::Fleet } else { UnitKind::Army };
                units.push(StartUnitDef { power: name.clone(), kind, at });
            }
            owners_given |= power.owns.is_some();
            for c in power.owns.as_deref().unwrap_or(power.final_homes()) {
                let p = province_key(c).to_string();
                if centres.contains(&p) {
                    owners.push((p.to_ascii_lowercase(), name.clone()));
                }
            }
        }
        for (origin, message) in notes {
            self.note(&origin, message);
        }
        let start = StartDef { season, year, units, extra_owned: Vec::new(), owners: owners_given.then_some(owners) };
        let default_victory = u16::try_from(centres.len() / 2 + 1).unwrap_or(u16::MAX);
        (start, default_victory)
    }

    fn victory(&mut self, default: u16) -> VictoryDef {
        match &self.source.victory {
            Some((counts, origin)) => {
                if counts.len() > 1 {
                    let origin = origin.clone();
                    self.note(
                        &origin,
                        format!(
                            "`VICTORY` changes the count year by year ({counts:?}); dip has one count: the first, {}",
                            counts[0]
                        ),
                    );
                }
                VictoryDef { centres: counts[0], lead: None }
            }
            None => VictoryDef { centres: default, lead: None },
        }
    }

    fn build_rule(&mut self) -> BuildRule {
        let mut rule = BuildRule::HomeCentres;
        let rules = self.source.rules.clone();
        let off: HashSet<&str> = self.source.rules_off.iter().map(String::as_str).collect();
        for (name, origin) in rules {
            if off.contains(name.as_str()) {
                continue;
            }
            match name.as_str() {
                "BUILD_ANY" => rule = BuildRule::AnyOwnedCentre,
                other => self.note(&origin, format!("rule `{other}` has no dip equivalent; ignored")),
            }
        }
        rule
    }

    /// Names and aliases: every name of the map must read as one province only.
    fn names(&mut self, provinces: &mut [ProvinceDef], powers: &[PowerDef]) {
        // Names used by provinces: abbreviations and full names.
        let mut owner: BTreeMap<String, usize> = BTreeMap::new();
        for (i, p) in provinces.iter().enumerate() {
            owner.insert(normalise_name(&p.abbr), i);
            let name = normalise_name(&p.name);
            if let Some(&other) = owner.get(&name)
                && other != i
            {
                let message =
                    format!("province names: `{}` names both `{}` and `{}`", p.name, provinces[other].abbr, p.abbr);
                self.notes.push(Note { origin: Origin::default(), message });
                continue;
            }
            owner.insert(name, i);
        }
        let power_words: BTreeSet<String> = powers
            .iter()
            .flat_map(|p| [normalise_name(&p.name), normalise_name(&p.adjective), normalise_name(&p.short)])
            .collect();
        // Candidate aliases, and how many provinces claim each.
        let mut candidates: Vec<Vec<(String, Origin)>> = vec![Vec::new(); provinces.len()];
        let mut claims: BTreeMap<String, BTreeSet<usize>> = BTreeMap::new();
        for (i, p) in provinces.iter().enumerate() {
            let Some(&place) = self.places.get(key(&p.abbr).as_str()) else { continue };
            for alias in &place.aliases {
                if alias.contains('/') || alias.contains('(') || alias.contains(')') {
                    continue;
                }
                if let Some(ambiguous) = alias.strip_suffix('?') {
                    self.notes.push(Note {
                        origin: place.origin.clone(),
                        message: format!(
                            "alias `{ambiguous}` of `{}` is marked ambiguous; dip names are never ambiguous, so it is \
                             left out",
                            p.abbr
                        ),
                    });
                    continue;
                }
                let text = alias.replace('+', " ");
                let norm = normalise_name(&text);
                if norm.is_empty() || owner.get(&norm) == Some(&i) {
                    continue;
                }
                claims.entry(norm).or_default().insert(i);
                candidates[i].push((text, place.origin.clone()));
            }
        }
        let abbrs: Vec<String> = provinces.iter().map(|p| p.abbr.clone()).collect();
        for (i, p) in provinces.iter_mut().enumerate() {
            let mut kept: Vec<String> = Vec::new();
            let mut kept_norms: HashSet<String> = HashSet::new();
            for (text, origin) in std::mem::take(&mut candidates[i]) {
                let norm = normalise_name(&text);
                let why = if let Some(&other) = owner.get(&norm) {
                    Some(format!("is also a name of province `{}`", abbrs[other]))
                } else if claims.get(&norm).is_some_and(|c| c.len() > 1) {
                    Some("is an alias of several provinces".to_string())
                } else if power_words.contains(&norm) {
                    Some("is also a power's name, adjective or short name".to_string())
                } else {
                    None
                };
                match why {
                    Some(why) => self
                        .notes
                        .push(Note { origin, message: format!("alias `{text}` of `{}` {why}; left out", p.abbr) }),
                    None => {
                        if kept_norms.insert(norm) {
                            kept.push(text);
                        }
                    }
                }
            }
            p.aliases = kept;
        }
    }
}

/// A power's short name: the first three letters of its name, made unique.
fn unique_short(name: &str, taken: &HashSet<String>) -> String {
    let letters: Vec<char> = name.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_uppercase()).collect();
    let base: String = letters.iter().take(3).collect();
    if !taken.contains(&base) && !base.is_empty() {
        return base;
    }
    // First two letters and a later one, then numbered.
    for &c in letters.iter().skip(3) {
        let candidate: String = letters.iter().take(2).chain(std::iter::once(&c)).collect();
        if !taken.contains(&candidate) {
            return candidate;
        }
    }
    (2..).map(|n| format!("{base}{n}")).find(|c| !taken.contains(c)).unwrap_or(base)
}

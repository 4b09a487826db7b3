//! Reading a variant file: RON → [`VariantFile`] → validated, compiled [`Map`].
//! The only module that knows RON.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::path::Path;

use crate::error::{LoadError, Problem};
use crate::map::{
    Adjacency, Canal, CentreRestriction, DifficultBorder, Location, Map, Power, Province, Railroad, StartUnit,
    normalise_name, season_bit,
};
use crate::schema::{ProvinceDef, Terrain, VariantFile};
use crate::{LocId, PowerId, ProvinceId};

/// Loads and compiles a variant file of at most [`dip_io::Limits::DEFAULT`]'s
/// `max_input_bytes`.
pub fn load(path: impl AsRef<Path>) -> Result<Map, LoadError> {
    load_limited(path, dip_io::Limits::DEFAULT.max_input_bytes)
}

/// [`load`] with another cap on the file's size.
pub fn load_limited(path: impl AsRef<Path>, max_bytes: u64) -> Result<Map, LoadError> {
    let path = path.as_ref();
    let file = path.display().to_string();
    let text = dip_io::read_to_string(path, max_bytes).map_err(|e| {
        // The message names the file itself; keep only what follows.
        let message = e.to_string();
        let message = message.strip_prefix(&format!("{file}: ")).unwrap_or(&message).to_string();
        LoadError::Io { file: file.clone(), message }
    })?;
    load_str(&file, &text)
}

/// Parses a variant from RON text; `file` names it in errors.
pub fn load_str(file: &str, text: &str) -> Result<Map, LoadError> {
    let parsed: VariantFile = ron::Options::default()
        .with_default_extension(
            ron::extensions::Extensions::IMPLICIT_SOME | ron::extensions::Extensions::UNWRAP_NEWTYPES,
        )
        .from_str(text)
        .map_err(|e| LoadError::Syntax {
            file: file.to_string(),
            line: e.position.line,
            column: e.position.col,
            message: e.code.to_string(),
        })?;
    VariantBuilder::new(parsed).source(file, text).build()
}

/// Builds a [`Map`] from a [`VariantFile`] value, e.g. one made in code.
#[derive(Debug)]
pub struct VariantBuilder {
    def: VariantFile,
    file: String,
    text: Option<String>,
}

impl VariantBuilder {
    pub fn new(def: VariantFile) -> Self {
        Self { def, file: "<variant>".into(), text: None }
    }

    /// The file name and text the definition came from, so errors can name lines.
    pub fn source(mut self, file: &str, text: &str) -> Self {
        self.file = file.to_string();
        self.text = Some(text.to_string());
        self
    }

    /// Validates the definition and compiles it. Every fault is reported at once.
    pub fn build(self) -> Result<Map, LoadError> {
        let lines = SourceLines::new(self.text.as_deref());
        // Ids are dense and narrow: a map beyond them is refused before anything is built.
        let beyond = beyond_limits(&self.def, &lines);
        if !beyond.is_empty() {
            return Err(LoadError::Invalid { file: self.file, problems: beyond });
        }
        let mut c = Compiler { def: &self.def, lines: &lines, problems: Vec::new() };
        let map = c.compile();
        if c.problems.is_empty() { Ok(map) } else { Err(LoadError::Invalid { file: self.file, problems: c.problems }) }
    }
}

/// Finds lines of the source text for error messages. Indexed once, in one pass over the
/// text, so that finding a line costs a look-up, not a scan from the start: a file of
/// 100,000 lines with 5,000 provinces loads in time linear in its size.
struct SourceLines<'a> {
    lines: Vec<&'a str>,
    /// Each quoted word (`"bul"`, and `bul` of `"bul/ec"`) → the lines it is on, in order.
    quoted: HashMap<&'a str, Vec<usize>>,
    /// Each quoted word on a line with `abbr:` (a definition; comments left out) → its lines.
    defs: HashMap<&'a str, Vec<usize>>,
    /// Lines with `army:`, and with `fleet:`, in order.
    army_lists: Vec<usize>,
    fleet_lists: Vec<usize>,
    /// What [`Self::find`] found before.
    found: std::cell::RefCell<HashMap<String, Option<usize>>>,
}

impl<'a> SourceLines<'a> {
    fn new(text: Option<&'a str>) -> Self {
        let lines: Vec<&str> = text.map(|t| t.lines().collect()).unwrap_or_default();
        let mut quoted: HashMap<&str, Vec<usize>> = HashMap::new();
        let mut defs: HashMap<&str, Vec<usize>> = HashMap::new();
        let (mut army_lists, mut fleet_lists) = (Vec::new(), Vec::new());
        for (i, line) in lines.iter().enumerate() {
            let definition = line.contains("abbr:") && !line.trim_start().starts_with("//");
            if line.contains("army:") {
                army_lists.push(i);
            }
            if line.contains("fleet:") {
                fleet_lists.push(i);
            }
            // The quoted words: every other piece between quotes.
            for word in line.split('"').skip(1).step_by(2) {
                let province = word.split_once('/').map(|(p, _)| p);
                for word in std::iter::once(word).chain(province) {
                    let at = quoted.entry(word).or_default();
                    if at.last() != Some(&i) {
                        at.push(i);
                    }
                }
                if definition {
                    let at = defs.entry(word).or_default();
                    if at.last() != Some(&i) {
                        at.push(i);
                    }
                }
            }
        }
        Self { lines, quoted, defs, army_lists, fleet_lists, found: Default::default() }
    }

    /// The first line (0-based) at or after `start` in `list`.
    fn first_from(list: &[usize], start: usize) -> Option<usize> {
        list.get(list.partition_point(|&l| l < start)).copied()
    }

    /// The line where the province with this abbreviation is defined.
    fn province(&self, abbr: &str) -> Option<usize> {
        self.province_nth(abbr, 0)
    }

    /// The line of the `nth` (0-based) definition of a province with this abbreviation.
    fn province_nth(&self, abbr: &str, nth: usize) -> Option<usize> {
        self.defs.get(abbr).and_then(|at| at.get(nth)).map(|i| i + 1)
    }

    /// The first line at or after `start` (0-based) with `word` quoted (`"word"` or
    /// `"word/..."`), 1-based.
    fn quoted_from(&self, word: &str, start: usize) -> Option<usize> {
        self.quoted.get(word).and_then(|at| Self::first_from(at, start)).map(|i| i + 1)
    }

    /// Like [`Self::mention`], but within a list: the first mention of `word` at or after
    /// the first line of the province's definition that contains every one of `keys`
    /// (`army:` or `fleet:`, and the quoted coast for a coast's list). Falls back to
    /// `mention`.
    fn mention_in(&self, abbr: &str, keys: &[&str], word: &str) -> Option<usize> {
        let start = self.province(abbr).map_or(0, |l| l - 1);
        let lists = match keys.first() {
            Some(&"army:") => &self.army_lists,
            _ => &self.fleet_lists,
        };
        let from = lists.partition_point(|&l| l < start);
        let list = lists[from..].iter().copied().find(|&l| keys.iter().all(|k| self.lines[l].contains(k)));
        list.and_then(|list| self.quoted_from(word, list)).or_else(|| self.mention(abbr, word))
    }

    /// The `nth` (0-based) line at or after the first line containing `anchor` that
    /// contains every one of `needles` (each a quoted word).
    fn find_nth(&self, anchor: &str, needles: &[&str], nth: usize) -> Option<usize> {
        let start = self.find(anchor).map_or(0, |l| l - 1);
        // The lines of the rarest needle, checked for the others.
        let words: Vec<&str> = needles.iter().map(|n| n.trim_matches('"')).collect();
        let rarest = words.iter().min_by_key(|w| self.quoted.get(**w).map_or(0, Vec::len))?;
        let at = self.quoted.get(*rarest)?;
        at[at.partition_point(|&l| l < start)..]
            .iter()
            .filter(|&&l| needles.iter().all(|n| self.lines[l].contains(n)))
            .nth(nth)
            .map(|l| l + 1)
    }

    /// The first line at or after the province's definition that mentions `word` in quotes.
    fn mention(&self, abbr: &str, word: &str) -> Option<usize> {
        let start = self.province(abbr).map_or(0, |l| l - 1);
        self.quoted_from(word, start).or_else(|| self.province(abbr))
    }

    /// The line of a rule issue's choice: the first with the issue quoted at or after the
    /// line that opens the `rules:` map (comments left out).
    fn rule(&self, issue: &str) -> Option<usize> {
        let start = self.lines.iter().position(|l| l.trim_start().starts_with("rules:"))?;
        self.quoted_from(issue, start)
    }

    /// The first line anywhere that contains `text`: looked up for a quoted word, else
    /// searched once and remembered.
    fn find(&self, text: &str) -> Option<usize> {
        if let Some(word) = text.strip_prefix('"').and_then(|t| t.strip_suffix('"'))
            && !word.contains('"')
        {
            return self.quoted.get(word).and_then(|at| at.first()).map(|i| i + 1);
        }
        if let Some(&found) = self.found.borrow().get(text) {
            return found;
        }
        let found = self.lines.iter().position(|l| l.contains(text)).map(|i| i + 1);
        self.found.borrow_mut().insert(text.to_string(), found);
        found
    }
}

struct Compiler<'a> {
    def: &'a VariantFile,
    lines: &'a SourceLines<'a>,
    problems: Vec<Problem>,
}

impl Compiler<'_> {
    fn problem(&mut self, line: Option<usize>, province: Option<&str>, message: String) {
        self.problems.push(Problem { line, province: province.map(str::to_string), message });
    }

    fn compile(&mut self) -> Map {
        let def = self.def;
        let n = def.provinces.len();

        // Provinces and their ids.
        let mut abbr_index: HashMap<String, ProvinceId> = HashMap::new();
        // How many provinces so far were written with each abbreviation.
        let mut written: HashMap<&str, usize> = HashMap::new();
        for (i, p) in def.provinces.iter().enumerate() {
            let key = p.abbr.to_ascii_lowercase();
            let seen = written.entry(p.abbr.as_str()).or_default();
            let nth = *seen;
            *seen += 1;
            match abbr_index.entry(key) {
                Entry::Vacant(entry) => {
                    entry.insert(ProvinceId(i as u16));
                }
                Entry::Occupied(_) => {
                    // The first definition keeps the abbreviation, so borders that name it
                    // still resolve; the problem names the line of the repeated one.
                    let line = self.lines.province_nth(&p.abbr, nth);
                    self.problem(line, Some(&p.abbr), format!("duplicate abbreviation `{}`", p.abbr));
                }
            }
        }

        // Locations: provinces first, then the coasts of multi-coast provinces.
        let mut locations: Vec<Location> =
            (0..n).map(|i| Location { province: ProvinceId(i as u16), coast: None, coast_name: None }).collect();
        let mut provinces: Vec<Province> = Vec::with_capacity(n);
        for (i, p) in def.provinces.iter().enumerate() {
            let mut coasts = Vec::new();
            for c in &p.coasts {
                if coasts.iter().any(|&l: &LocId| locations[l.index()].coast.as_deref() == Some(c.abbr.as_str())) {
                    let line = self.lines.mention(&p.abbr, &c.abbr);
                    self.problem(line, Some(&p.abbr), format!("coast `{}` defined twice", c.abbr));
                }
                coasts.push(LocId(locations.len() as u16));
                locations.push(Location {
                    province: ProvinceId(i as u16),
                    coast: Some(c.abbr.to_ascii_lowercase()),
                    coast_name: Some(c.name.clone()),
                });
            }
            provinces.push(Province {
                abbr: p.abbr.clone(),
                name: p.name.clone(),
                aliases: p.aliases.clone(),
                terrain: p.terrain,
                centre: p.centre,
                coasts,
                convoyable: p.convoyable,
                frozen_in: p.frozen_in.clone(),
                home_of: None,
            });
            self.check_terrain(p);
        }

        // Names.
        let mut names: HashMap<String, ProvinceId> = HashMap::new();
        for (i, p) in def.provinces.iter().enumerate() {
            let id = ProvinceId(i as u16);
            // A repeated abbreviation is reported once, above, not again as a name.
            let own_abbr = abbr_index.get(&p.abbr.to_ascii_lowercase()) == Some(&id);
            let abbr = own_abbr.then_some(&p.abbr);
            for name in abbr.into_iter().chain(std::iter::once(&p.name)).chain(&p.aliases) {
                let key = normalise_name(name);
                if key.is_empty() {
                    let line = self.lines.province(&p.abbr);
                    self.problem(line, Some(&p.abbr), "empty name".into());
                    continue;
                }
                match names.get(&key) {
                    Some(&other) if other != id => {
                        let line = self.lines.mention(&p.abbr, name);
                        let other = def.provinces[other.index()].abbr.clone();
                        self.problem(line, Some(&p.abbr), format!("name `{name}` is also used by province `{other}`"));
                    }
                    _ => {
                        names.insert(key, id);
                    }
                }
            }
        }

        let resolve_loc = |text: &str| -> Result<LocId, String> {
            let (prov, coast) = match text.split_once('/') {
                Some((p, c)) => (p, Some(c)),
                None => (text, None),
            };
            let Some(&pid) = abbr_index.get(&prov.to_ascii_lowercase()) else {
                return Err(format!("unknown province `{prov}`"));
            };
            let province = &provinces[pid.index()];
            match coast {
                None if province.coasts.is_empty() => Ok(LocId(pid.0)),
                None => Err(format!(
                    "`{prov}` has several coasts: name one (`{prov}/{}`)",
                    coast_list(&locations, province)
                )),
                Some(c) => province
                    .coasts
                    .iter()
                    .copied()
                    .find(|l| locations[l.index()].coast.as_deref() == Some(&c.to_ascii_lowercase()))
                    .ok_or_else(|| format!("`{prov}` has no coast `{c}`")),
            }
        };

        // Borders.
        let nl = locations.len();
        // Each border is kept once: `army_seen[q]` (`fleet_seen[l]`) is one more than the
        // last row that listed it, so a repeat is found without a table of all pairs.
        let mut army_seen = vec![0u32; n];
        let mut fleet_seen = vec![0u32; nl];
        let mut army_neighbours = vec![Vec::new(); n];
        let mut fleet_neighbours = vec![Vec::new(); nl];
        for (i, p) in def.provinces.iter().enumerate() {
            for target in &p.army {
                match abbr_index.get(&target.to_ascii_lowercase()) {
                    Some(&q) => {
                        if q.index() == i {
                            let line = self.lines.mention_in(&p.abbr, &["army:"], target);
                            self.problem(line, Some(&p.abbr), "borders itself".into());
                        } else if army_seen[q.index()] != i as u32 + 1 {
                            army_seen[q.index()] = i as u32 + 1;
                            army_neighbours[i].push(q);
                        }
                    }
                    None => {
                        let line = self.lines.mention_in(&p.abbr, &["army:"], target);
                        self.problem(line, Some(&p.abbr), format!("army border to unknown province `{target}`"));
                    }
                }
            }
            let mut fleet_lists: Vec<(LocId, &Vec<String>)> = vec![(LocId(i as u16), &p.fleet)];
            for (k, c) in p.coasts.iter().enumerate() {
                fleet_lists.push((provinces[i].coasts[k], &c.fleet));
            }
            for (from, list) in fleet_lists {
                let coast = locations[from.index()].coast.as_ref().map(|c| format!("\"{c}\""));
                let keys: Vec<&str> = std::iter::once("fleet:").chain(coast.as_deref()).collect();
                for target in list {
                    match resolve_loc(target) {
                        Ok(to) if locations[to.index()].province.index() == i => {
                            let line = self.lines.mention_in(&p.abbr, &keys, target);
                            self.problem(line, Some(&p.abbr), "borders itself".into());
                        }
                        Ok(to) => {
                            if fleet_seen[to.index()] != from.0 as u32 + 1 {
                                fleet_seen[to.index()] = from.0 as u32 + 1;
                                fleet_neighbours[from.index()].push(to);
                            }
                        }
                        Err(msg) => {
                            let line =
                                self.lines.mention_in(&p.abbr, &keys, target.split('/').next().unwrap_or(target));
                            self.problem(line, Some(&p.abbr), format!("fleet border: {msg}"));
                        }
                    }
                }
            }
        }

        let army_adj = Adjacency::from_rows(n, n, |p| army_neighbours[p].iter().map(|q| q.index()));
        let fleet_adj = Adjacency::from_rows(nl, nl, |l| fleet_neighbours[l].iter().map(|m| m.index()));
        let fleet_to_province =
            Adjacency::from_rows(nl, n, |l| fleet_neighbours[l].iter().map(|m| locations[m.index()].province.index()));
        let (fleet_entry_starts, fleet_entries) = fleet_entries(n, &fleet_neighbours, &locations);
        let fleet_entry_bits = Adjacency::from_rows(n, nl, |p| {
            fleet_entries[fleet_entry_starts[p] as usize..fleet_entry_starts[p + 1] as usize].iter().map(|l| l.index())
        });
        // Whether a fleet may move from some location of province `a` to province `b`.
        let fleet_borders = |a: ProvinceId, b: ProvinceId| {
            fleet_to_province.get(a.index(), b.index())
                || provinces[a.index()].coasts.iter().any(|c| fleet_to_province.get(c.index(), b.index()))
        };

        // Borders declared one-way: (from, to) provinces.
        let mut one_way: std::collections::HashSet<(usize, usize)> = std::collections::HashSet::new();
        for (from, to) in &def.one_way_borders {
            match (abbr_index.get(&from.to_ascii_lowercase()), abbr_index.get(&to.to_ascii_lowercase())) {
                (Some(&a), Some(&b)) => {
                    let forth = army_adj.get(a.index(), b.index()) || fleet_borders(a, b);
                    let back = army_adj.get(b.index(), a.index()) || fleet_borders(b, a);
                    if !forth || back {
                        let line = self.lines.find("one_way_borders");
                        self.problem(
                            line,
                            None,
                            format!("one-way border `{from}` → `{to}`: `{from}` must list `{to}` and `{to}` must not list `{from}`"),
                        );
                    }
                    one_way.insert((a.index(), b.index()));
                }
                _ => {
                    let line = self.lines.find("one_way_borders");
                    self.problem(line, None, format!("one-way border `{from}` → `{to}`: unknown province"))
                }
            }
        }

        // Symmetry, and borders that the terrain forbids.
        for (i, neighbours) in army_neighbours.iter().enumerate() {
            for &q in neighbours {
                let (a, b) = (&def.provinces[i].abbr, &def.provinces[q.index()].abbr);
                if !army_adj.get(q.index(), i) && !one_way.contains(&(i, q.index())) {
                    let line = self.lines.mention_in(a, &["army:"], b);
                    self.problem(line, Some(a), format!("army border to `{b}` is one-way: `{b}` does not list `{a}`"));
                }
                if def.provinces[q.index()].terrain == Terrain::Sea {
                    let line = self.lines.mention_in(a, &["army:"], b);
                    self.problem(line, Some(a), format!("army border to sea province `{b}`"));
                }
            }
        }
        for (from, neighbours) in fleet_neighbours.iter().enumerate() {
            let coast = locations[from].coast.as_ref().map(|c| format!("\"{c}\""));
            let keys: Vec<&str> = std::iter::once("fleet:").chain(coast.as_deref()).collect();
            for &to in neighbours {
                let declared =
                    one_way.contains(&(locations[from].province.index(), locations[to.index()].province.index()));
                if !fleet_adj.get(to.index(), from) && !declared {
                    let a_loc = loc_text(&provinces, &locations, LocId(from as u16));
                    let b_loc = loc_text(&provinces, &locations, to);
                    let a = &def.provinces[locations[from].province.index()].abbr;
                    let b = &def.provinces[locations[to.index()].province.index()].abbr;
                    let line = self.lines.mention_in(a, &keys, b);
                    self.problem(
                        line,
                        Some(a),
                        format!("fleet border `{a_loc}` → `{b_loc}` is one-way: `{b_loc}` does not list `{a_loc}`"),
                    );
                }
                let target = &def.provinces[locations[to.index()].province.index()];
                if target.terrain == Terrain::Land {
                    let a = &def.provinces[locations[from].province.index()].abbr;
                    let line = self.lines.mention_in(a, &keys, &target.abbr);
                    self.problem(line, Some(a), format!("fleet border to inland province `{}`", target.abbr));
                }
            }
        }

        // Powers and homes.
        let mut powers = Vec::new();
        let mut home_of: Vec<Option<PowerId>> = vec![None; n];
        for (pi, pw) in def.powers.iter().enumerate() {
            let name_needle = format!("\"{}\"", pw.name);
            let nth = def.powers[..pi].iter().filter(|o| o.name == pw.name).count();
            let power_line = self.lines.find_nth("powers:", &[&name_needle], nth);
            if def.powers[..pi]
                .iter()
                .any(|o| o.name.eq_ignore_ascii_case(&pw.name) || o.short.eq_ignore_ascii_case(&pw.short))
            {
                let line = power_line;
                self.problem(line, None, format!("power `{}` defined twice", pw.name));
            }
            let mut homes = Vec::new();
            for h in &pw.homes {
                // Looked up only for a problem.
                let home_line = |lines: &SourceLines<'_>| {
                    let home_needle = format!("\"{h}\"");
                    lines
                        .find_nth("powers:", &[&name_needle, &home_needle], nth)
                        .or(power_line)
                        .or_else(|| lines.find(&home_needle))
                };
                match abbr_index.get(&h.to_ascii_lowercase()) {
                    Some(&p) => {
                        if !def.provinces[p.index()].centre {
                            let line = home_line(self.lines);
                            self.problem(line, Some(h), format!("home centre of {} is not a supply centre", pw.name));
                        }
                        if let Some(other) = home_of[p.index()] {
                            let line = home_line(self.lines);
                            let other = def.powers[other.index()].name.clone();
                            self.problem(line, Some(h), format!("home centre of both {other} and {}", pw.name));
                        }
                        home_of[p.index()] = Some(PowerId(pi as u8));
                        homes.push(p);
                    }
                    None => {
                        let line = home_line(self.lines);
                        self.problem(line, None, format!("home centre of {}: unknown province `{h}`", pw.name));
                    }
                }
            }
            powers.push(Power {
                name: pw.name.clone(),
                adjective: pw.adjective.clone(),
                short: pw.short.clone(),
                homes,
                role: pw.role,
            });
        }
        let power_index = |name: &str| -> Option<PowerId> {
            def.powers
                .iter()
                .position(|p| p.name.eq_ignore_ascii_case(name) || p.short.eq_ignore_ascii_case(name))
                .map(|i| PowerId(i as u8))
        };

        // Start.
        let mut start_units = Vec::new();
        // Provinces with a starting unit already.
        let mut occupied = vec![false; n];
        // How many units so far stood at each place, and were of each power there.
        let mut seen_at: HashMap<&str, usize> = HashMap::new();
        let mut seen_at_power: HashMap<(&str, &str), usize> = HashMap::new();
        for u in &def.start.units {
            let count = seen_at.entry(u.at.as_str()).or_default();
            let nth_at = *count;
            *count += 1;
            let count = seen_at_power.entry((u.at.as_str(), u.power.as_str())).or_default();
            let nth = *count;
            *count += 1;
            // Looked up only for a problem.
            let line = |lines: &SourceLines<'_>| {
                let at = format!("\"{}\"", u.at);
                let power_needle = format!("\"{}\"", u.power);
                lines
                    .find_nth("units:", &[&at, &power_needle], nth)
                    .or_else(|| lines.find_nth("units:", &[&at], nth_at))
            };
            let Some(power) = power_index(&u.power) else {
                self.problem(line(self.lines), None, format!("starting unit for unknown power `{}`", u.power));
                continue;
            };
            // An army stands on the province itself, whatever its coasts.
            let army_at = abbr_index.get(&u.at.to_ascii_lowercase()).filter(|_| u.kind == crate::UnitKind::Army);
            let loc = match army_at.map(|p| Ok(LocId(p.0))).unwrap_or_else(|| resolve_loc(&u.at)) {
                Ok(l) => l,
                Err(msg) => {
                    self.problem(line(self.lines), None, format!("starting unit: {msg}"));
                    continue;
                }
            };
            let province = locations[loc.index()].province;
            let terrain = provinces[province.index()].terrain;
            let fits = match u.kind {
                crate::UnitKind::Army => terrain != Terrain::Sea && locations[loc.index()].coast.is_none(),
                crate::UnitKind::Fleet => terrain != Terrain::Land,
            };
            if !fits {
                let abbr = provinces[province.index()].abbr.clone();
                self.problem(
                    line(self.lines),
                    Some(&abbr),
                    format!("starting {:?} cannot stand on {:?} terrain at `{}`", u.kind, terrain, u.at),
                );
            }
            if std::mem::replace(&mut occupied[province.index()], true) {
                let abbr = provinces[province.index()].abbr.clone();
                self.problem(line(self.lines), Some(&abbr), "two starting units in one province".into());
            }
            start_units.push(StartUnit { power, kind: u.kind, loc });
        }
        let mut start_owners = vec![None; n];
        for (pi, pw) in powers.iter().enumerate() {
            for &h in &pw.homes {
                start_owners[h.index()] = Some(PowerId(pi as u8));
            }
        }
        if let Some(owners) = &def.start.owners {
            start_owners = vec![None; n];
            for (prov, power) in owners {
                let line = self.lines.find(&format!("\"{prov}\""));
                match (abbr_index.get(&prov.to_ascii_lowercase()), power_index(power)) {
                    (Some(&p), Some(pw)) if def.provinces[p.index()].centre => start_owners[p.index()] = Some(pw),
                    _ => {
                        self.problem(line, None, format!("owned centre `{prov}` of `{power}`: unknown centre or power"))
                    }
                }
            }
        }
        for (prov, power) in &def.start.extra_owned {
            let line = self.lines.find(&format!("\"{prov}\""));
            match (abbr_index.get(&prov.to_ascii_lowercase()), power_index(power)) {
                (Some(&p), Some(pw)) => start_owners[p.index()] = Some(pw),
                _ => self.problem(
                    line,
                    None,
                    format!("extra owned centre `{prov}` of `{power}`: unknown province or power"),
                ),
            }
        }

        let centre_count = def.provinces.iter().filter(|p| p.centre).count();
        if usize::from(def.victory.centres) > centre_count || def.victory.centres == 0 {
            let line = self.lines.find("centres:");
            self.problem(
                line,
                None,
                format!("victory needs {} centres but the map has {centre_count}", def.victory.centres),
            );
        }

        if let Some(lead) = &def.victory.lead
            && (lead.centres == 0 || lead.at_least == 0)
        {
            let line = self.lines.find("lead:");
            self.problem(line, None, "a win by lead needs a lead of one centre or more".into());
        }
        if def.calendar.years_to_spring == 0 {
            let line = self.lines.find("years_to_spring");
            self.problem(line, None, "`years_to_spring` must be one or more: each spring is in a later year".into());
        }
        if !def.powers.is_empty() && def.powers.iter().all(|p| p.role != crate::schema::PowerRole::Player) {
            let line = self.lines.find("powers:");
            self.problem(line, None, "every power is neutral: a variant needs a player".into());
        }

        // Special geography.
        let lookup = |c: &mut Self, name: &str, what: &str| -> Option<ProvinceId> {
            let found = abbr_index.get(&name.to_ascii_lowercase()).copied();
            if found.is_none() {
                let line = c.lines.find(&format!("\"{name}\""));
                c.problem(line, None, format!("{what}: unknown province `{name}`"));
            }
            found
        };
        let lookup_power = |c: &mut Self, name: &str, what: &str| -> Option<PowerId> {
            let found = power_index(name);
            if found.is_none() {
                let line = c.lines.find(&format!("\"{name}\""));
                c.problem(line, None, format!("{what}: unknown power `{name}`"));
            }
            found
        };
        let mut railroads = Vec::new();
        for r in &def.railroads {
            let power = lookup_power(self, &r.power, &r.name);
            let stations: Vec<_> = r.stations.iter().filter_map(|s| lookup(self, s, &r.name)).collect();
            if let Some(power) = power {
                railroads.push(Railroad { name: r.name.clone(), short: r.short.clone(), power, stations });
            }
        }
        let mut canals = Vec::new();
        for cdef in &def.canals {
            let a = lookup(self, &cdef.between.0, &cdef.name);
            let b = lookup(self, &cdef.between.1, &cdef.name);
            let k = lookup(self, &cdef.keeper, &cdef.name);
            if let (Some(a), Some(b), Some(keeper)) = (a, b, k) {
                canals.push(Canal { name: cdef.name.clone(), short: cdef.short.clone(), between: (a, b), keeper });
            }
        }
        // The words that name railroads and canals in orders must read as nothing else.
        let mut shorts: Vec<String> = Vec::new();
        let named =
            def.railroads.iter().map(|r| (&r.short, &r.name)).chain(def.canals.iter().map(|c| (&c.short, &c.name)));
        for (short, name) in named {
            // Looked up only for a problem.
            let line = |lines: &SourceLines<'_>| {
                lines.find(&format!("short: \"{short}\"")).or_else(|| lines.find(&format!("\"{name}\"")))
            };
            let key = normalise_name(short);
            if key.is_empty() || !short.chars().all(char::is_alphanumeric) {
                self.problem(
                    line(self.lines),
                    None,
                    format!("{name}: short name `{short}` must be one word of letters or digits"),
                );
            } else if names.contains_key(&key) {
                self.problem(line(self.lines), None, format!("{name}: short name `{short}` is also a province name"));
            } else if power_index(short).is_some() {
                self.problem(line(self.lines), None, format!("{name}: short name `{short}` is also a power name"));
            } else if shorts.contains(&key) {
                self.problem(line(self.lines), None, format!("{name}: short name `{short}` is used twice"));
            }
            shorts.push(key);
        }
        for r in &railroads {
            let line = self.lines.find(&format!("\"{}\"", r.name));
            if r.stations.len() < 2 {
                self.problem(line, None, format!("{}: a railroad needs two stations or more", r.name));
            }
            for (k, &st) in r.stations.iter().enumerate() {
                if r.stations[..k].contains(&st) {
                    let abbr = &provinces[st.index()].abbr;
                    self.problem(line, None, format!("{}: station `{abbr}` is listed twice", r.name));
                }
                if provinces[st.index()].terrain == Terrain::Sea {
                    let abbr = &provinces[st.index()].abbr;
                    self.problem(line, None, format!("{}: station `{abbr}` is a sea", r.name));
                }
            }
        }
        for c in &canals {
            if !fleet_to_province.get(c.between.0.index(), c.between.1.index()) {
                let line = self.lines.find(&format!("\"{}\"", c.name));
                let (a, b) = (&provinces[c.between.0.index()].abbr, &provinces[c.between.1.index()].abbr);
                self.problem(line, None, format!("{}: `{a}` and `{b}` must border for fleets", c.name));
            }
        }
        let mut difficult_borders = Vec::new();
        for d in &def.difficult_borders {
            let a = lookup(self, &d.between.0, "difficult border");
            let b = lookup(self, &d.between.1, "difficult border");
            if let (Some(a), Some(b)) = (a, b) {
                if !army_adj.get(a.index(), b.index()) && !fleet_to_province.get(a.index(), b.index()) {
                    let line = self.lines.find(&format!("\"{}\"", d.between.0));
                    self.problem(
                        line,
                        None,
                        format!("difficult border `{}`–`{}` is not a border", d.between.0, d.between.1),
                    );
                }
                difficult_borders.push(DifficultBorder { between: (a, b), strength_cost: d.strength_cost });
            }
        }
        let mut centre_restrictions = Vec::new();
        for r in &def.centre_restrictions {
            let centre = lookup(self, &r.centre, "centre restriction");
            let power = lookup_power(self, &r.power, "centre restriction");
            if let (Some(centre), Some(power)) = (centre, power) {
                if !def.provinces[centre.index()].centre {
                    let line = self.lines.find(&format!("\"{}\"", r.centre));
                    self.problem(
                        line,
                        Some(&r.centre),
                        "centre restriction on a province that is not a supply centre".into(),
                    );
                }
                centre_restrictions.push(CentreRestriction { centre, power, may_build: r.may_build, counts: r.counts });
            }
        }

        // The rule choices are checked here, so that every program and command refuses a
        // variant file one of them would refuse when it plays (`Rules::of_variant`).
        for (issue, choice) in &def.rules {
            if let Err(e) = crate::Rules::default().set(issue, choice) {
                let line = self.lines.rule(issue);
                self.problem(line, None, format!("rules: {e}"));
            }
        }

        for (province, owner) in provinces.iter_mut().zip(home_of) {
            province.home_of = owner;
        }
        let mut sorted_names: Vec<(String, ProvinceId)> = names.iter().map(|(n, &p)| (n.clone(), p)).collect();
        sorted_names.sort();
        let named_like_a_unit = |p: &Power| {
            [&p.name, &p.adjective, &p.short].iter().any(|n| ["a", "f"].iter().any(|l| n.eq_ignore_ascii_case(l)))
        };
        let plain_order_words = railroads.is_empty() && canals.is_empty() && !powers.iter().any(named_like_a_unit);
        // Seasons as bits per province, for an allocation-free `is_frozen`.
        // None at all on a map without ice (most), so `has_ice` is one comparison.
        let frozen: Vec<u8> =
            provinces.iter().map(|p| p.frozen_in.iter().fold(0u8, |m, &s| m | season_bit(s))).collect();
        let frozen = if frozen.iter().all(|&seasons| seasons == 0) { Vec::new() } else { frozen };
        let centres = (0..provinces.len()).filter(|&i| provinces[i].centre).map(|i| ProvinceId(i as u16)).collect();
        let province_flags = provinces.iter().map(crate::map::province_flags).collect();
        let neutral = powers.iter().map(Power::is_neutral).collect();
        Map {
            province_flags,
            neutral,
            frozen,
            centres,
            name: def.name.clone(),
            title: def.title.clone(),
            description: def.description.clone(),
            powers,
            provinces,
            loc_province: locations.iter().map(|l| l.province).collect(),
            locations,
            army_adj,
            fleet_adj,
            fleet_to_province,
            fleet_entry_starts,
            fleet_entries,
            fleet_entry_bits,
            army_neighbours,
            fleet_neighbours,
            max_name_words: names.keys().map(|n| n.split(' ').count()).max().unwrap_or(1),
            long_name_starts: {
                let mut starts: Vec<u32> = names
                    .keys()
                    .filter_map(|n| n.split_once(' ').map(|(first, _)| crate::map::name_hash(first.as_bytes())))
                    .collect();
                starts.sort_unstable();
                starts.dedup();
                starts
            },
            two_word_starts: crate::map::two_word_starts(names.keys().map(String::as_str)),
            name_table: crate::map::name_table(&sorted_names),
            three_letter_names: crate::map::three_letter_table(&sorted_names),
            plain_order_words,
            names: sorted_names,
            start_season: def.start.season,
            start_year: def.start.year,
            start_units,
            start_owners,
            victory_centres: def.victory.centres,
            victory_lead: def.victory.lead.clone(),
            calendar: def.calendar,
            build_rule: def.build_rule,
            rules: def.rules.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
            railroads,
            canals,
            difficult_borders,
            centre_restrictions,
        }
    }

    fn check_terrain(&mut self, p: &ProvinceDef) {
        // Looked up only for a problem (most provinces have none).
        let line = || self.lines.province(&p.abbr);
        match p.terrain {
            Terrain::Land if !p.fleet.is_empty() || !p.coasts.is_empty() => {
                self.problem(line(), Some(&p.abbr), "inland province with fleet borders".into())
            }
            Terrain::Sea if !p.army.is_empty() => {
                self.problem(line(), Some(&p.abbr), "sea province with army borders".into())
            }
            Terrain::Sea if !p.coasts.is_empty() => {
                self.problem(line(), Some(&p.abbr), "sea province with coasts".into())
            }
            Terrain::Coast if !p.coasts.is_empty() && !p.fleet.is_empty() => self.problem(
                line(),
                Some(&p.abbr),
                "multi-coast province must give fleet borders per coast, not in `fleet`".into(),
            ),
            _ => {}
        }
        if p.coasts.len() == 1 {
            self.problem(line(), Some(&p.abbr), "a single coast: leave `coasts` empty and use `fleet`".into());
        }
        if p.convoyable && p.terrain != Terrain::Coast {
            self.problem(line(), Some(&p.abbr), "only coastal provinces can be marked convoyable".into());
        }
    }
}

/// The limits of the id spaces, each a problem naming the limit.
fn beyond_limits(def: &VariantFile, lines: &SourceLines<'_>) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut problem = |key: &str, message: String| {
        problems.push(Problem { line: lines.find(key), province: None, message });
    };
    if def.powers.len() > MAX_POWERS {
        problem(
            "powers:",
            format!("{} powers: a map may have at most {MAX_POWERS} (power ids are 8 bits)", def.powers.len()),
        );
    }
    let locations = def.provinces.iter().map(|p| 1 + p.coasts.len()).sum::<usize>();
    if locations > MAX_LOCATIONS {
        problem(
            "provinces:",
            format!(
                "{} provinces with {locations} locations (provinces and coasts): a map may have at most {MAX_LOCATIONS} locations (location ids are 16 bits)",
                def.provinces.len()
            ),
        );
    }
    if def.railroads.len() > MAX_RAILROADS || def.canals.len() > MAX_RAILROADS {
        problem(
            "railroads:",
            format!(
                "{} railroads and {} canals: a map may have at most {MAX_RAILROADS} of each (orders name them by 8-bit index)",
                def.railroads.len(),
                def.canals.len()
            ),
        );
    }
    // The movement resolver numbers units (at most one a province), two decisions per
    // railroad station a train may pass, and one per canal, in 16 bits with two values kept.
    let stations: usize = def.railroads.iter().map(|r| r.stations.len()).sum();
    let slots = def.provinces.len() + 2 * stations + def.canals.len();
    if locations <= MAX_LOCATIONS && slots > MAX_DECISIONS {
        problem(
            "railroads:",
            format!(
                "{} provinces, {stations} railroad stations and {} canals need {slots} resolver decisions: at most {MAX_DECISIONS} (provinces + 2 × stations + canals)",
                def.provinces.len(),
                def.canals.len()
            ),
        );
    }
    problems
}

/// Most powers a map may have.
pub const MAX_POWERS: usize = 255;
/// Most locations (provinces and the coasts of multi-coast provinces) a map may have.
pub const MAX_LOCATIONS: usize = 65_535;
/// Most railroads, and most canals, a map may have.
pub const MAX_RAILROADS: usize = 255;
/// Most decisions of the movement resolver: provinces + 2 × railroad stations + canals.
pub const MAX_DECISIONS: usize = 65_533;

fn coast_list(locations: &[Location], province: &Province) -> String {
    province.coasts.iter().filter_map(|l| locations[l.index()].coast.clone()).collect::<Vec<_>>().join("|")
}

fn loc_text(provinces: &[Province], locations: &[Location], loc: LocId) -> String {
    let l = &locations[loc.index()];
    let abbr = &provinces[l.province.index()].abbr;
    match &l.coast {
        Some(c) => format!("{abbr}/{c}"),
        None => abbr.clone(),
    }
}

/// Per province, the locations a fleet can enter it from, ascending and each once, as
/// `Map::fleet_entries` keeps them: the starts of each province's run, then the runs.
fn fleet_entries(provinces: usize, fleet_neighbours: &[Vec<LocId>], locations: &[Location]) -> (Vec<u32>, Vec<LocId>) {
    let mut counts = vec![0u32; provinces + 1];
    let province = |m: &LocId| locations[m.index()].province.index();
    for neighbours in fleet_neighbours {
        for m in neighbours {
            counts[province(m) + 1] += 1;
        }
    }
    for p in 0..provinces {
        counts[p + 1] += counts[p];
    }
    let mut entries = vec![LocId(0); counts[provinces] as usize];
    let mut next = counts.clone();
    // Locations in increasing order, so each run comes out ascending.
    for (l, neighbours) in fleet_neighbours.iter().enumerate() {
        for m in neighbours {
            let p = province(m);
            entries[next[p] as usize] = LocId(l as u16);
            next[p] += 1;
        }
    }
    // A location bordering two coasts of one province enters it once.
    let mut starts = Vec::with_capacity(provinces + 1);
    let mut kept = Vec::with_capacity(entries.len());
    starts.push(0);
    for p in 0..provinces {
        for &l in &entries[counts[p] as usize..counts[p + 1] as usize] {
            if kept.len() == starts[p] as usize || kept.last() != Some(&l) {
                kept.push(l);
            }
        }
        starts.push(kept.len() as u32);
    }
    (starts, kept)
}

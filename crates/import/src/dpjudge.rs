//! Reading the DPjudge map format into [`Source`]: every directive of the format applied in
//! file order, includes (`USE`, `MAP`) followed, nothing interpreted as dip geometry yet.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use crate::{ImportError, IncludeLimits, Note, Origin, Resolver};

/// A terrain line as written: `COAST bul ABUTS AEG BLA CON GRE RUM SER`.
#[derive(Clone, Debug)]
pub(crate) struct TerrainLine {
    pub kind: TerrainWord,
    /// The location as declared, case kept (`bul`, `BUL/EC`): all lower case means a fleet
    /// cannot stand there.
    pub declared: String,
    /// The borders, case kept: case restricts them to one unit type.
    pub abuts: Vec<Entry>,
    pub origin: Origin,
}

/// One location in an `ABUTS` list.
#[derive(Clone, Debug)]
pub(crate) struct Entry {
    /// As written, without a trailing `~` (`tus`, `BUL/EC`, `Tys`).
    pub text: String,
    /// Written with `~`: a difficult passable border (DPjudge).
    pub difficult: bool,
    pub origin: Origin,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum TerrainWord {
    Water,
    Land,
    Coast,
    Port,
    Shut,
}

impl TerrainWord {
    fn parse(word: &str) -> Option<Self> {
        Some(match word.to_ascii_uppercase().as_str() {
            "WATER" => TerrainWord::Water,
            "LAND" => TerrainWord::Land,
            "COAST" => TerrainWord::Coast,
            "PORT" => TerrainWord::Port,
            "SHUT" => TerrainWord::Shut,
            _ => return None,
        })
    }
}

/// A `Name = abbr alias ...` line.
#[derive(Clone, Debug)]
pub(crate) struct PlaceName {
    pub name: String,
    pub aliases: Vec<String>,
    pub origin: Origin,
}

/// A power and what the file says of it.
#[derive(Clone, Debug)]
pub(crate) struct PowerData {
    /// As written on its first line (`UNITED-STATES`, `_Ankara`).
    pub raw: String,
    pub own_word: Option<String>,
    pub letter: Option<String>,
    /// Home centres from the power lines (province keys, upper case).
    pub homes: Vec<String>,
    /// `INHABITS`/`HOMES` replace the power line's homes.
    pub inhabits: Option<Vec<String>>,
    /// `OWNS`/`CENTERS`: the centres owned at the start, when given.
    pub owns: Option<Vec<String>>,
    pub units: Vec<UnitLine>,
    pub dummy: bool,
    pub origin: Origin,
}

impl PowerData {
    pub fn final_homes(&self) -> &[String] {
        self.inhabits.as_deref().unwrap_or(&self.homes)
    }
}

/// A starting unit: `A VIE`, `F STP/SC`.
#[derive(Clone, Debug)]
pub(crate) struct UnitLine {
    pub fleet: bool,
    /// Upper case, coast kept (`STP/SC`).
    pub at: String,
    pub origin: Origin,
}

/// A `BEGIN` line.
#[derive(Clone, Debug)]
pub(crate) struct Begin {
    pub season: String,
    pub year: u16,
    pub phase: String,
    pub origin: Origin,
}

/// An `IN <SEASON>:` line: terrain that holds only in that season.
#[derive(Clone, Debug)]
pub(crate) struct Seasonal {
    pub season: String,
    pub kind: TerrainWord,
    pub key: String,
    pub origin: Origin,
}

/// Everything a map file and its includes say, after applying every directive in order.
#[derive(Debug, Default)]
pub(crate) struct Source {
    /// How many times an included file was read (by the resolver): each file once.
    pub files_read: usize,
    /// Upper-case location key (`BUL/EC`) → its name line.
    pub places: Vec<(String, PlaceName)>,
    /// Upper-case location key → its terrain line.
    pub terrain: Vec<(String, TerrainLine)>,
    pub seasonal: Vec<Seasonal>,
    pub powers: Vec<PowerData>,
    /// Centres listed as unowned (province keys).
    pub unowned: Vec<String>,
    pub rules: Vec<(String, Origin)>,
    pub rules_off: Vec<String>,
    pub victory: Option<(Vec<u16>, Origin)>,
    pub begin: Option<Begin>,
    /// Directives read but not carried into the variant.
    pub notes: Vec<Note>,
}

/// Reads `text` (from `file`) and everything it includes.
pub(crate) fn read(
    file: &str,
    text: &str,
    resolve: &mut Resolver<'_>,
    limits: &IncludeLimits,
) -> Result<Source, ImportError> {
    let mut reader = Reader {
        source: Source::default(),
        current: None,
        stack: Vec::new(),
        errors: Vec::new(),
        flags: Vec::new(),
        limits: *limits,
        included: HashMap::new(),
        includes: 0,
        bytes: text.len() as u64,
        stopped: false,
        place_index: HashMap::new(),
        terrain_index: HashMap::new(),
        power_index: HashMap::new(),
        unowned_set: HashSet::new(),
        home_sets: Vec::new(),
        occupied: HashMap::new(),
    };
    reader.file(file, text, resolve);
    reader.finish_units();
    if let Some(first) = reader.flags.first() {
        let count = reader.flags.len();
        let message = format!("{count} `FLAG`/`FLAGS` line(s): flags are pictures on the judge's map; not imported");
        reader.source.notes.insert(0, Note { origin: first.clone(), message });
    }
    if reader.errors.is_empty() { Ok(reader.source) } else { Err(ImportError::Syntax { errors: reader.errors }) }
}

struct Reader {
    source: Source,
    /// The power later unit and `OWNS` lines belong to.
    current: Option<usize>,
    /// Files being read, to refuse an include cycle.
    stack: Vec<String>,
    errors: Vec<Note>,
    /// Where `FLAG` lines were, reported once.
    flags: Vec<Origin>,
    limits: IncludeLimits,
    /// Included files already read, by including file and name written: the file's name
    /// and text, so a file included again is not read again.
    included: HashMap<(String, String), (String, Rc<str>)>,
    /// Includes followed so far.
    includes: usize,
    /// Bytes of map text read so far, counting a file included twice twice.
    bytes: u64,
    /// A cap was reached: the rest of the input is not read (the error says why).
    stopped: bool,
    /// Location key → its index in `source.places`, `source.terrain`.
    place_index: HashMap<String, usize>,
    terrain_index: HashMap<String, usize>,
    /// Power key → its index in `source.powers`.
    power_index: HashMap<String, usize>,
    /// `source.unowned` as a set.
    unowned_set: HashSet<String>,
    /// Each power's `homes` as a set.
    home_sets: Vec<HashSet<String>>,
    /// Province key → the power whose unit stands there and the unit's index in its
    /// `units`; a replaced unit is marked gone (`at` emptied) and dropped at the end.
    occupied: HashMap<String, (usize, usize)>,
}

/// Location keys are compared in upper case.
pub(crate) fn key(text: &str) -> String {
    text.to_ascii_uppercase()
}

/// The province part of a location key (`BUL` of `BUL/EC`).
pub(crate) fn province_key(key: &str) -> &str {
    key.split('/').next().unwrap_or(key)
}

impl Reader {
    fn error(&mut self, origin: &Origin, message: String) {
        self.errors.push(Note { origin: origin.clone(), message });
    }

    fn note(&mut self, origin: &Origin, message: String) {
        self.source.notes.push(Note { origin: origin.clone(), message });
    }

    fn file(&mut self, file: &str, text: &str, resolve: &mut Resolver<'_>) {
        self.stack.push(file.to_string());
        for (i, raw) in text.lines().enumerate() {
            if self.stopped {
                break;
            }
            let origin = Origin { file: file.to_string(), line: Some(i + 1) };
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            self.line(line, &origin, resolve);
        }
        self.stack.pop();
    }

    fn line(&mut self, line: &str, origin: &Origin, resolve: &mut Resolver<'_>) {
        if let Some((left, right)) = line.split_once('=') {
            return self.place_name(left.trim(), right, origin);
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let first = words[0].to_ascii_uppercase();
        let rest = &words[1..];
        match first.as_str() {
            "USE" | "USES" => {
                for name in rest {
                    self.include(name, origin, resolve);
                }
            }
            "MAP" => match rest {
                [name] => {
                    let name = if name.contains('.') { name.to_string() } else { format!("{name}.map") };
                    self.include(&name, origin, resolve);
                }
                _ => self.error(origin, "`MAP` takes one map name".into()),
            },
            "AMEND" => self.amend(rest, origin),
            "DROP" => self.drop_locations(rest),
            "UNOWNED" | "NEUTRAL" => {
                self.current = None;
                self.unowned(rest);
            }
            "CENTERS" | "CENTRES" => match self.current {
                // With a current power: its owned centres, afresh.
                Some(p) => self.source.powers[p].owns = Some(rest.iter().map(|c| key(c)).collect()),
                None => self.unowned(rest),
            },
            "OWNS" => match self.current {
                Some(p) => self.source.powers[p].owns.get_or_insert_with(Vec::new).extend(rest.iter().map(|c| key(c))),
                None => self.error(origin, "`OWNS` before any power".into()),
            },
            "INHABITS" => match self.current {
                Some(p) => {
                    self.source.powers[p].inhabits.get_or_insert_with(Vec::new).extend(rest.iter().map(|c| key(c)))
                }
                None => self.error(origin, "`INHABITS` before any power".into()),
            },
            "HOME" | "HOMES" => match self.current {
                Some(p) => self.source.powers[p].inhabits = Some(rest.iter().map(|c| key(c)).collect()),
                None => self.error(origin, format!("`{first}` before any power")),
            },
            "UNITS" => match self.current {
                Some(p) => {
                    for unit in std::mem::take(&mut self.source.powers[p].units) {
                        self.occupied.remove(province_key(&unit.at));
                    }
                }
                None => self.error(origin, "`UNITS` before any power".into()),
            },
            "DUMMY" | "DUMMIES" => {
                for p in self.power_selection(rest, origin) {
                    self.source.powers[p].dummy = true;
                }
            }
            "UNPLAYED" => {
                let gone: HashSet<usize> = self.power_selection(rest, origin).into_iter().collect();
                if !gone.is_empty() {
                    self.finish_units();
                    let mut index = 0;
                    self.source.powers.retain(|_| {
                        index += 1;
                        !gone.contains(&(index - 1))
                    });
                    let mut index = 0;
                    self.home_sets.retain(|_| {
                        index += 1;
                        !gone.contains(&(index - 1))
                    });
                    self.reindex_powers();
                }
                self.current = None;
            }
            "VICTORY" => {
                let counts: Result<Vec<u16>, _> = rest.iter().map(|w| w.parse::<u16>()).collect();
                match counts {
                    Ok(counts) if !counts.is_empty() => self.source.victory = Some((counts, origin.clone())),
                    _ => self.error(origin, "`VICTORY` expects supply-centre counts".into()),
                }
            }
            "BEGIN" => match rest {
                [season, year, phase] => match year.parse::<u16>() {
                    Ok(year) => {
                        self.source.begin = Some(Begin {
                            season: season.to_ascii_uppercase(),
                            year,
                            phase: phase.to_ascii_uppercase(),
                            origin: origin.clone(),
                        })
                    }
                    Err(_) => self.error(origin, format!("`BEGIN`: `{year}` is not a year")),
                },
                _ => self.error(origin, "`BEGIN` expects a season, a year and a phase".into()),
            },
            "RULE" | "RULES" => {
                for rule in rest {
                    match rule.strip_prefix('!') {
                        Some(off) => self.source.rules_off.push(off.to_ascii_uppercase()),
                        None => self.source.rules.push((rule.to_ascii_uppercase(), origin.clone())),
                    }
                }
            }
            "FLAG" | "FLAGS" => self.flags.push(origin.clone()),
            "IN" => self.seasonal(rest, origin),
            "DIRECTIVE" | "END" => {
                self.note(origin, format!("`{line}`: rule-variant stanzas are not supported; the line is ignored"))
            }
            _ => {
                if let Some(kind) = TerrainWord::parse(&first) {
                    return self.terrain(kind, rest, origin);
                }
                if (first == "A" || first == "F") && rest.len() == 1 {
                    return self.unit(first == "F", rest[0], origin);
                }
                self.power_line(&words, origin);
            }
        }
    }

    /// Follows `USE name`: each file is read once (a file included again is taken from
    /// memory), and a cycle, an include deeper than the cap, more includes than the cap or
    /// more text in all than the cap stop the import with an error at the include.
    fn include(&mut self, name: &str, origin: &Origin, resolve: &mut Resolver<'_>) {
        if self.stopped {
            return;
        }
        let limits = self.limits;
        if self.stack.len() > limits.max_depth {
            return self.stop(origin, format!("`{name}`: includes nested deeper than {} files", limits.max_depth));
        }
        if self.includes >= limits.max_includes {
            return self.stop(origin, format!("`{name}`: more than {} includes in all", limits.max_includes));
        }
        self.includes += 1;
        let asked = (origin.file.clone(), name.to_string());
        let (file, text) = match self.included.get(&asked) {
            Some(found) => found.clone(),
            None => match resolve(&origin.file, name) {
                Ok((file, text)) => {
                    self.source.files_read += 1;
                    let found = (file, Rc::<str>::from(text));
                    self.included.insert(asked, found.clone());
                    found
                }
                Err(message) => return self.error(origin, format!("cannot read `{name}`: {message}")),
            },
        };
        if self.stack.contains(&file) {
            // Nothing more is read through it; the rest of the map still is.
            return self.error(origin, format!("`{name}` includes itself"));
        }
        self.bytes = self.bytes.saturating_add(text.len() as u64);
        if self.bytes > limits.max_bytes {
            return self.stop(
                origin,
                format!(
                    "`{name}`: the map and its includes come to more than {} bytes (raise it with --max-input-bytes)",
                    limits.max_bytes
                ),
            );
        }
        self.file(&file, &text, resolve);
    }

    /// An error that ends the reading: nothing after it is read.
    fn stop(&mut self, origin: &Origin, message: String) {
        self.error(origin, message);
        self.stopped = true;
    }

    fn place_name(&mut self, left: &str, right: &str, origin: &Origin) {
        if left.contains("->") {
            self.note(origin, format!("`{left} = ...`: renaming a centre that becomes a new home is not supported"));
            return;
        }
        let mut words = right.split_whitespace();
        let Some(abbr) = words.next() else {
            return self.error(origin, format!("`{left} =` gives no abbreviation"));
        };
        let place = PlaceName {
            name: left.replace('+', " "),
            aliases: words.map(str::to_string).collect(),
            origin: origin.clone(),
        };
        let k = key(abbr);
        match self.place_index.get(&k) {
            Some(&i) => self.source.places[i].1 = place,
            None => {
                self.place_index.insert(k.clone(), self.source.places.len());
                self.source.places.push((k, place));
            }
        }
    }

    fn entries(words: &[&str], origin: &Origin) -> Vec<Entry> {
        words
            .iter()
            .map(|w| {
                let (text, difficult) = match w.strip_suffix('~') {
                    Some(t) => (t, true),
                    None => (*w, false),
                };
                Entry { text: text.to_string(), difficult, origin: origin.clone() }
            })
            .collect()
    }

    /// `WATER ADR ABUTS ALB APU ...`: replaces what was known of the location.
    fn terrain(&mut self, kind: TerrainWord, rest: &[&str], origin: &Origin) {
        let Some((&declared, after)) = rest.split_first() else {
            return self.error(origin, "a terrain line names no location".into());
        };
        let abuts = match after.split_first() {
            None => Vec::new(),
            Some((w, list)) if w.eq_ignore_ascii_case("ABUTS") => Self::entries(list, origin),
            Some((w, _)) => return self.error(origin, format!("expected `ABUTS` after `{declared}`, found `{w}`")),
        };
        let k = key(declared);
        let line = TerrainLine { kind, declared: declared.to_string(), abuts, origin: origin.clone() };
        match self.terrain_index.get(&k) {
            Some(&i) => self.source.terrain[i].1 = line,
            None => {
                self.terrain_index.insert(k.clone(), self.source.terrain.len());
                self.source.terrain.push((k, line));
            }
        }
    }

    /// `AMEND LOC ABUTS X -Y`: adds borders to a location (or, with `-`, takes them away).
    fn amend(&mut self, rest: &[&str], origin: &Origin) {
        let [loc, abuts, list @ ..] = rest else {
            return self.error(origin, "expected `AMEND <location> ABUTS ...`".into());
        };
        if !abuts.eq_ignore_ascii_case("ABUTS") {
            return self.error(origin, format!("expected `ABUTS` after `{loc}`, found `{abuts}`"));
        }
        let Some(&i) = self.terrain_index.get(&key(loc)) else {
            return self.error(origin, format!("`AMEND`: no terrain line for `{loc}` yet"));
        };
        let line = &mut self.source.terrain[i].1;
        // Applied in one pass: each entry, in order, takes away any earlier border to the
        // same location (and, without `-`, adds itself at the end).
        let mut last: HashMap<String, Option<usize>> = HashMap::new();
        let added = Self::entries(list, origin);
        for (n, entry) in added.iter().enumerate() {
            match entry.text.strip_prefix('-') {
                Some(gone) => last.insert(key(gone), None),
                None => last.insert(key(&entry.text), Some(n)),
            };
        }
        line.abuts.retain(|e| !last.contains_key(&key(&e.text)));
        for (n, entry) in added.into_iter().enumerate() {
            let k = key(entry.text.strip_prefix('-').unwrap_or(&entry.text));
            if last.get(&k) == Some(&Some(n)) {
                line.abuts.push(entry);
            }
        }
    }

    /// `DROP SPA`: forgets the locations (and, for a province, its coasts) everywhere, in
    /// one pass over what is known.
    fn drop_locations(&mut self, rest: &[&str]) {
        let dropped: HashSet<String> = rest.iter().map(|l| key(l)).collect();
        if dropped.is_empty() {
            return;
        }
        self.finish_units();
        let gone = |other: &str| dropped.contains(other) || dropped.contains(province_key(other));
        let s = &mut self.source;
        s.places.retain(|(p, _)| !gone(p));
        s.terrain.retain(|(p, _)| !gone(p));
        for (_, line) in &mut s.terrain {
            line.abuts.retain(|e| !gone(&key(&e.text)));
        }
        s.unowned.retain(|c| !gone(c));
        for power in &mut s.powers {
            power.homes.retain(|c| !gone(c));
            if let Some(list) = &mut power.inhabits {
                list.retain(|c| !gone(c));
            }
            if let Some(list) = &mut power.owns {
                list.retain(|c| !gone(c));
            }
            power.units.retain(|u| !gone(&u.at));
        }
        self.place_index = s.places.iter().enumerate().map(|(i, (k, _))| (k.clone(), i)).collect();
        self.terrain_index = s.terrain.iter().enumerate().map(|(i, (k, _))| (k.clone(), i)).collect();
        self.unowned_set = s.unowned.iter().cloned().collect();
        self.home_sets = s.powers.iter().map(|p| p.homes.iter().cloned().collect()).collect();
        self.reindex_units();
    }

    /// Drops the units marked gone and indexes the rest afresh.
    fn finish_units(&mut self) {
        for power in &mut self.source.powers {
            power.units.retain(|u| !u.at.is_empty());
        }
        self.reindex_units();
    }

    fn reindex_units(&mut self) {
        self.occupied.clear();
        for (p, power) in self.source.powers.iter().enumerate() {
            for (i, u) in power.units.iter().enumerate() {
                self.occupied.insert(province_key(&u.at).to_string(), (p, i));
            }
        }
    }

    fn reindex_powers(&mut self) {
        self.power_index.clear();
        for (i, p) in self.source.powers.iter().enumerate() {
            self.power_index.entry(power_key(&p.raw)).or_insert(i);
        }
        self.reindex_units();
    }

    fn unowned(&mut self, rest: &[&str]) {
        for c in rest {
            match c.strip_prefix('-') {
                Some(gone) => {
                    let gone = key(gone);
                    if self.unowned_set.remove(&gone) {
                        self.source.unowned.retain(|u| *u != gone);
                    }
                }
                None => {
                    let c = key(c);
                    if self.unowned_set.insert(c.clone()) {
                        self.source.unowned.push(c);
                    }
                }
            }
        }
    }

    /// `IN SPRING: WATER ARC`: the terrain the location has in that season.
    fn seasonal(&mut self, rest: &[&str], origin: &Origin) {
        let [season, kind, loc, ..] = rest else {
            return self.error(origin, "expected `IN <SEASON>: <TERRAIN> <location>`".into());
        };
        let season = season.trim_end_matches(':').to_ascii_uppercase();
        let Some(kind) = TerrainWord::parse(kind) else {
            return self.error(origin, format!("`IN {season}:` expects a terrain, found `{kind}`"));
        };
        if rest.len() > 3 {
            self.note(origin, "`IN <season>:` borders are not supported; the season's terrain alone is read".into());
        }
        self.source.seasonal.push(Seasonal { season, kind, key: key(loc), origin: origin.clone() });
    }

    fn unit(&mut self, fleet: bool, at: &str, origin: &Origin) {
        let Some(p) = self.current else {
            return self.error(origin, format!("unit `{at}` before any power"));
        };
        let at = key(at);
        // A unit replaces any unit listed before in the same place: that one is marked gone.
        let province = province_key(&at).to_string();
        if let Some((q, i)) = self.occupied.insert(province, (p, self.source.powers[p].units.len())) {
            self.source.powers[q].units[i].at.clear();
        }
        self.source.powers[p].units.push(UnitLine { fleet, at, origin: origin.clone() });
    }

    fn power_index(&self, name: &str) -> Option<usize> {
        self.power_index.get(&power_key(name)).copied()
    }

    /// The powers a `DUMMY` or `UNPLAYED` line names: none given means the current power.
    fn power_selection(&mut self, rest: &[&str], origin: &Origin) -> Vec<usize> {
        let words: Vec<String> =
            rest.iter().flat_map(|w| w.split(',')).filter(|w| !w.is_empty()).map(str::to_ascii_uppercase).collect();
        let (all, named) = match words.as_slice() {
            [] => {
                return match self.current {
                    Some(p) => vec![p],
                    None => {
                        self.error(origin, "no power to apply this to".into());
                        Vec::new()
                    }
                };
            }
            [all] if all == "ALL" => (true, &[][..]),
            [all, except, names @ ..] if all == "ALL" && except == "EXCEPT" => (true, names),
            names => (false, names),
        };
        let mut indices = Vec::new();
        for name in named {
            match self.power_index(name) {
                Some(p) => indices.push(p),
                None => self.error(origin, format!("unknown power `{name}`")),
            }
        }
        if all { (0..self.source.powers.len()).filter(|p| !indices.contains(p)).collect() } else { indices }
    }

    /// `AUSTRIA (AUSTRIAN) BUD TRI VIE` or `NEAR-EAST (EASTERN:N) IRQ SAR SYR` or `RUSSIA`.
    fn power_line(&mut self, words: &[&str], origin: &Origin) {
        let name = words[0];
        let mut rest = &words[1..];
        let mut own = None;
        if rest.first().is_some_and(|w| w.starts_with('(')) {
            let end = rest.iter().position(|w| w.ends_with(')')).unwrap_or(0);
            let inner = rest[..=end].join(" ");
            own = Some(inner.trim_start_matches('(').trim_end_matches(')').to_string());
            rest = &rest[end + 1..];
        }
        let p = match self.power_index(name) {
            Some(p) => p,
            None => {
                self.power_index.insert(power_key(name), self.source.powers.len());
                self.home_sets.push(HashSet::new());
                self.source.powers.push(PowerData {
                    raw: name.to_string(),
                    own_word: None,
                    letter: None,
                    homes: Vec::new(),
                    inhabits: None,
                    owns: None,
                    units: Vec::new(),
                    dummy: false,
                    origin: origin.clone(),
                });
                self.source.powers.len() - 1
            }
        };
        if let Some(own) = own {
            let (word, letter) = match own.split_once(':') {
                Some((w, l)) => (w.to_string(), Some(l.to_string()).filter(|l| !l.is_empty())),
                None => (own, None),
            };
            let power = &mut self.source.powers[p];
            if !word.is_empty() {
                power.own_word = Some(word);
            }
            if letter.is_some() {
                power.letter = letter;
            }
        }
        for c in rest {
            match c.strip_prefix('-') {
                Some(gone) => {
                    let gone = key(gone);
                    let power = &mut self.source.powers[p];
                    if self.home_sets[p].remove(&gone) {
                        power.homes.retain(|h| *h != gone);
                    }
                    if let Some(list) = &mut power.inhabits {
                        list.retain(|h| *h != gone);
                    }
                    if self.unowned_set.insert(gone.clone()) {
                        self.source.unowned.push(gone);
                    }
                }
                None => {
                    let c = key(c);
                    if self.home_sets[p].insert(c.clone()) {
                        self.source.powers[p].homes.push(c);
                    }
                }
            }
        }
        self.current = Some(p);
    }
}

/// Power names are compared in upper case without leading underscores or `+` marks.
pub(crate) fn power_key(name: &str) -> String {
    name.trim_start_matches('_').replace('+', "").to_ascii_uppercase()
}

//! `cargo xtask godip FILE.go [options]`: reads the facts of a godip (diplicity) variant
//! definition (nations, the province graph with its per-unit-type connections, supply
//! centres, starting units and owners, the solo count) and prints a dip variant file.
//!
//! A one-off generator for the files of `variants/` that come from godip; the files are
//! committed, and the tests pin their facts, so nothing reads godip at test time. Only data
//! is carried over: names, abbreviations, borders, centres, units. Rules that godip writes
//! as code (a calendar, a win by lead, neutral armies) are given as options.

use std::collections::{BTreeMap, BTreeSet};
use std::process::ExitCode;

use dip::map::schema::{
    CalendarDef, CoastDef, LeadDef, PowerDef, PowerRole, ProvinceDef, StartDef, StartUnitDef, Terrain, VariantFile,
    VictoryDef,
};
use dip::{BuildRule, Season, UnitKind};

/// The classical nations godip names as `godip.England`.
const CLASSICAL: &[&str] = &["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"];

/// One `Prov("x")` of the graph.
#[derive(Debug, Default)]
struct Node {
    /// Connections: destination as written and whether armies and fleets may use it.
    conns: Vec<(String, bool, bool)>,
    land: bool,
    sea: bool,
    convoys: bool,
    /// `SC(nation)`: the nation's identifier, `Neutral` for a neutral centre.
    sc: Option<String>,
    /// The comment line above the node (`// Normandy`).
    comment: Option<String>,
}

/// Everything the Go file says that dip needs.
#[derive(Debug, Default)]
struct Source {
    /// Identifier → display name (`OttomanEmpire` → `Ottoman Empire`).
    nations: BTreeMap<String, String>,
    /// Nation identifiers in the order of `var Nations`.
    order: Vec<String>,
    /// Province (or `x/nc`) → node, in file order.
    nodes: Vec<(String, Node)>,
    long_names: BTreeMap<String, String>,
    units: Vec<(String, bool, String)>,
    owners: Vec<(String, String)>,
    /// Every neutral centre gets a neutral army at the start.
    neutral_armies: bool,
    start_year: Option<u16>,
    solo: Option<u16>,
    build_anywhere: bool,
    build_any_home: bool,
}

/// Options: what godip writes as code, and the names dip adds.
#[derive(Debug, Default)]
struct Options {
    name: Option<String>,
    title: Option<String>,
    description: Option<String>,
    victory: Option<u16>,
    lead: Option<LeadDef>,
    calendar: Option<CalendarDef>,
    /// `Nation=Adjective` pairs.
    adjectives: BTreeMap<String, String>,
    /// `Nation=SHORT` pairs.
    shorts: BTreeMap<String, String>,
    /// A dip variant of the same map (an import of MILA's file) whose abbreviations,
    /// names and aliases become aliases here.
    aliases_from: Option<String>,
    /// Extra comment lines for the head of the file.
    notes: Vec<String>,
}

pub fn run(args: &[String]) -> ExitCode {
    let usage = "usage: cargo xtask godip FILE.go [--name N] [--title T] [--description D] [--victory N] \
                 [--lead YEAR:CENTRES] [--calendar TO_FALL:TO_SPRING] [--adjective NATION=ADJECTIVE]... \
                 [--short NATION=SHORT]... [--aliases-from VARIANT.ron] [--note TEXT]... [--out FILE]";
    let Some((file, rest)) = args.split_first() else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let mut options = Options::default();
    let mut out = None;
    let mut i = 0;
    while i < rest.len() {
        let (flag, value) = (rest[i].as_str(), rest.get(i + 1).cloned());
        let Some(value) = value else {
            eprintln!("{flag}: a value is missing\n{usage}");
            return ExitCode::from(2);
        };
        let pair =
            |v: &str| v.split_once(':').and_then(|(a, b)| Some((a.parse::<u16>().ok()?, b.parse::<u16>().ok()?)));
        match flag {
            "--name" => options.name = Some(value),
            "--title" => options.title = Some(value),
            "--description" => options.description = Some(value),
            "--victory" => options.victory = value.parse().ok(),
            "--lead" => {
                options.lead =
                    pair(&value).map(|(year, centres)| LeadDef { year, centres, less_each_year: 1, at_least: 1 })
            }
            "--calendar" => {
                options.calendar =
                    pair(&value).map(|(years_to_fall, years_to_spring)| CalendarDef { years_to_fall, years_to_spring })
            }
            "--adjective" => match value.split_once('=') {
                Some((n, a)) => {
                    options.adjectives.insert(n.to_string(), a.to_string());
                }
                None => {
                    eprintln!("--adjective: expected NATION=ADJECTIVE\n{usage}");
                    return ExitCode::from(2);
                }
            },
            "--short" => match value.split_once('=') {
                Some((n, a)) => {
                    options.shorts.insert(n.to_string(), a.to_string());
                }
                None => {
                    eprintln!("--short: expected NATION=SHORT\n{usage}");
                    return ExitCode::from(2);
                }
            },
            "--aliases-from" => options.aliases_from = Some(value),
            "--note" => options.notes.push(value),
            "--out" => out = Some(value),
            _ => {
                eprintln!("unknown option `{flag}`\n{usage}");
                return ExitCode::from(2);
            }
        }
        i += 2;
    }
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{file}: {e}");
            return ExitCode::from(2);
        }
    };
    let source = parse(&text);
    let (mut variant, mut report) = convert(&source, &options, file);
    if let Some(other) = &options.aliases_from {
        match dip::load(other) {
            Ok(map) => report.extend(add_aliases(&mut variant, &map)),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        }
    }
    let mut header =
        vec![format!("{}: generated from godip's {} by `cargo xtask godip`.", variant.title, short_path(file))];
    header.extend(options.notes.iter().cloned());
    if !report.is_empty() {
        header.push(format!("Generator report ({}):", report.len()));
        header.extend(report.iter().map(|r| format!("  {r}")));
    }
    let ron = dip_import::to_ron(&variant, &header);
    if let Err(e) = dip::load_str("generated.ron", &ron) {
        eprintln!("the generated variant does not load:\n{e}");
        return ExitCode::FAILURE;
    }
    for line in &report {
        eprintln!("{line}");
    }
    match out {
        Some(path) => match dip_io::atomic_write(&path, ron) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("{path}: {e}");
                ExitCode::FAILURE
            }
        },
        None => {
            print!("{ron}");
            ExitCode::SUCCESS
        }
    }
}

/// The variant a godip definition describes, without options (for `cargo xtask
/// source-facts`, which needs only its facts), and the generator's report.
pub fn convert_text(text: &str, file: &str) -> (VariantFile, Vec<String>) {
    convert(&parse(text), &Options::default(), file)
}

fn short_path(file: &str) -> String {
    let parts: Vec<&str> = file.rsplit('/').take(2).collect();
    parts.into_iter().rev().collect::<Vec<_>>().join("/")
}

/// The strings in double quotes in `text`, in order.
fn quoted(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('"') {
        let after = &rest[start + 1..];
        let Some(end) = after.find('"') else { break };
        out.push(after[..end].to_string());
        rest = &after[end + 1..];
    }
    out
}

/// The text between `open` and the matching close after the first `marker`.
fn block<'a>(text: &'a str, marker: &str) -> Option<&'a str> {
    let start = text.find(marker)? + marker.len();
    let body = &text[start..];
    let mut depth = 1;
    for (i, c) in body.char_indices() {
        match c {
            '{' | '(' => depth += 1,
            '}' | ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(&body[..i]);
                }
            }
            _ => {}
        }
    }
    None
}

fn nation_of(word: &str) -> String {
    let word = word.trim().trim_end_matches(',');
    word.strip_prefix("godip.").unwrap_or(word).to_string()
}

fn parse(text: &str) -> Source {
    let mut s = Source::default();
    // Nations: `Name godip.Nation = "Display"`.
    for line in text.lines() {
        let line = line.trim();
        if let Some((ident, rest)) = line.split_once(" godip.Nation = ")
            && let Some(display) = quoted(rest).first()
        {
            s.nations.insert(ident.trim().to_string(), display.clone());
        }
    }
    for c in CLASSICAL {
        s.nations.entry((*c).to_string()).or_insert_with(|| (*c).to_string());
    }
    if let Some(list) = block(text, "Nations = []godip.Nation{") {
        s.order = list.split(',').map(nation_of).filter(|n| !n.is_empty()).collect();
    } else if let Some(list) = block(text, "Nations: []godip.Nation{") {
        s.order = list.split(',').map(nation_of).filter(|n| !n.is_empty()).collect();
    }
    if s.order.is_empty() && text.contains("classical.Nations") {
        s.order = CLASSICAL.iter().map(|c| (*c).to_string()).collect();
    }
    s.solo =
        text.split("SCCountWinner(").nth(1).and_then(|rest| rest.split(')').next()).and_then(|n| n.trim().parse().ok());
    s.build_anywhere = text.contains("BuildAnywhereParser") || text.contains("godip.Anywhere: true");
    s.build_any_home = text.contains("BuildAnyHomeCenterParser");
    // The start: its year, units and owned centres.
    if let Some(call) = text.split("startPhase := ").nth(1).and_then(|r| r.split('(').nth(1)) {
        s.start_year = call.split(',').next().and_then(|y| y.trim().parse().ok());
    }
    if let Some(units) = block(text, "SetUnits(map[godip.Province]godip.Unit{") {
        for line in units.lines() {
            let q = quoted(line);
            let Some(at) = q.first() else { continue };
            let Some(inner) = line.split('{').nth(1) else { continue };
            let parts: Vec<&str> = inner.trim_end_matches(['}', ',', ' ']).split(',').collect();
            if parts.len() == 2 {
                s.units.push((at.clone(), parts[0].contains("Fleet"), nation_of(parts[1])));
            }
        }
    }
    if let Some(owners) = block(text, "SetSupplyCenters(map[godip.Province]godip.Nation{") {
        for line in owners.lines() {
            let q = quoted(line);
            let Some(at) = q.first() else { continue };
            if let Some((_, nation)) = line.split_once(':') {
                s.owners.push((at.clone(), nation_of(nation)));
            }
        }
    }
    s.neutral_armies = text.contains("SCs(godip.Neutral)") && text.contains("Nation: godip.Neutral");
    // Long names.
    if let Some(names) = block(text, "provinceLongNames = map[godip.Province]string{") {
        for line in names.lines() {
            let q = quoted(line);
            if let [abbr, name] = q.as_slice() {
                s.long_names.insert(abbr.clone(), name.clone());
            }
        }
    } else if let Some(names) = block(text, "ProvinceLongNames: map[godip.Province]string{") {
        for line in names.lines() {
            let q = quoted(line);
            if let [abbr, name] = q.as_slice() {
                s.long_names.insert(abbr.clone(), name.clone());
            }
        }
    }
    // The graph: `Prov("x").Conn("y", godip.Sea)....Flag(...).SC(...)`, a comment above each.
    let graph = text.split("graph.New().").nth(1).unwrap_or_default();
    let mut comment = None;
    for line in graph.lines() {
        let line = line.trim();
        if let Some(c) = line.strip_prefix("//") {
            comment = Some(c.trim().to_string());
            continue;
        }
        let Some(rest) = line.strip_prefix("Prov(\"") else { continue };
        let Some((name, chain)) = rest.split_once('"') else { continue };
        let mut node = Node { comment: comment.take(), ..Node::default() };
        for call in chain.split(").").map(|c| c.trim_start_matches(')').trim_start_matches('.')) {
            if let Some(args) = call.strip_prefix("Conn(") {
                let dst = quoted(args).into_iter().next().unwrap_or_default();
                let kind = args.split(',').nth(1).unwrap_or_default();
                let (army, fleet) = flags(kind);
                node.conns.push((dst, army, fleet));
            } else if let Some(args) = call.strip_prefix("Flag(") {
                let (land, sea) = flags(args);
                node.land |= land;
                node.sea |= sea;
                node.convoys |= args.contains("Archipelago");
            } else if let Some(args) = call.strip_prefix("SC(") {
                node.sc = Some(nation_of(args.trim_end_matches(')')));
            }
        }
        s.nodes.push((name.to_string(), node));
    }
    s
}

/// Whether a godip flag list lets armies and fleets through.
fn flags(text: &str) -> (bool, bool) {
    let both = text.contains("Coast...") || text.contains("Archipelago...");
    (both || text.contains("godip.Land"), both || text.contains("godip.Sea"))
}

fn coast_name(short: &str) -> String {
    match short {
        "nc" => "North Coast".into(),
        "sc" => "South Coast".into(),
        "ec" => "East Coast".into(),
        "wc" => "West Coast".into(),
        other => format!("{} Coast", other.to_uppercase()),
    }
}

fn convert(s: &Source, o: &Options, file: &str) -> (VariantFile, Vec<String>) {
    let mut report = Vec::new();
    let node = |name: &str| s.nodes.iter().find(|(n, _)| n == name).map(|(_, node)| node);
    let base = |name: &str| name.split('/').next().unwrap_or(name).to_string();
    let mut bases: Vec<String> = Vec::new();
    for (name, _) in &s.nodes {
        let b = base(name);
        if !bases.contains(&b) {
            bases.push(b);
        }
    }
    bases.sort();
    let coasts_of = |b: &str| -> Vec<String> {
        s.nodes.iter().map(|(n, _)| n.clone()).filter(|n| n.starts_with(&format!("{b}/"))).collect()
    };
    // Army borders by province, fleet borders by location.
    let mut army: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut fleet: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (name, n) in &s.nodes {
        for (dst, a, f) in &n.conns {
            if *a && !name.contains('/') {
                army.entry(name.clone()).or_default().insert(base(dst));
            }
            if *f {
                let target_multi = !dst.contains('/') && !coasts_of(dst).is_empty();
                let from_multi = !name.contains('/') && !coasts_of(name).is_empty();
                if target_multi || from_multi {
                    // godip also links the province itself of a multi-coast province; dip's
                    // fleets stand on a coast, so only the coast links count.
                    continue;
                }
                fleet.entry(name.clone()).or_default().insert(dst.clone());
            }
        }
    }
    // godip's connections are directed: one listed one way only stays one way, unless the
    // provinces connect the other way for the other unit type.
    let mut links: BTreeSet<(String, String)> = BTreeSet::new();
    for (from, tos) in army.iter().chain(fleet.iter()) {
        for to in tos {
            links.insert((base(from), base(to)));
        }
    }
    let mut one_way: BTreeSet<(String, String)> = BTreeSet::new();
    for (what, borders) in [("army", &mut army), ("fleet", &mut fleet)] {
        let mut missing = Vec::new();
        for (from, tos) in borders.iter() {
            for to in tos {
                if !borders.get(to).is_some_and(|b| b.contains(from)) {
                    missing.push((from.clone(), to.clone()));
                }
            }
        }
        for (from, to) in missing {
            if links.contains(&(base(&to), base(&from))) {
                report.push(format!(
                    "one-way {what} border {from} → {to}, the other way open to the other unit type: made two-way"
                ));
                borders.entry(to).or_default().insert(from);
            } else {
                report.push(format!("one-way {what} border {from} → {to}: kept one-way"));
                one_way.insert((base(&from), base(&to)));
            }
        }
    }
    let mut provinces = Vec::new();
    for b in &bases {
        let Some(n) = node(b) else {
            report.push(format!("{b}: coasts without the province; left out"));
            continue;
        };
        let coasts = coasts_of(b);
        let terrain = match (n.land, n.sea) {
            (true, true) => Terrain::Coast,
            (true, false) if !coasts.is_empty() => Terrain::Coast,
            (true, false) => Terrain::Land,
            _ => Terrain::Sea,
        };
        let mut name = s.long_names.get(b).cloned().or_else(|| n.comment.clone()).unwrap_or_else(|| b.clone());
        // Orders read a parenthesis after a province as its coast.
        if let Some(open) = name.find('(') {
            let short = name[..open].trim().to_string();
            report.push(format!("{b}: `{name}` is named `{short}` (orders read parentheses as a coast)"));
            name = short;
        }
        let list = |set: Option<&BTreeSet<String>>| -> Vec<String> {
            set.map(|s| s.iter().cloned().collect()).unwrap_or_default()
        };
        provinces.push(ProvinceDef {
            abbr: b.clone(),
            name,
            aliases: Vec::new(),
            terrain,
            centre: n.sc.is_some(),
            army: if terrain == Terrain::Sea { Vec::new() } else { list(army.get(b)) },
            fleet: if coasts.is_empty() && terrain != Terrain::Land { list(fleet.get(b)) } else { Vec::new() },
            coasts: coasts
                .iter()
                .map(|c| {
                    let short = c.split('/').nth(1).unwrap_or_default().to_string();
                    CoastDef { name: coast_name(&short), abbr: short, fleet: list(fleet.get(c)) }
                })
                .collect(),
            convoyable: n.convoys,
            frozen_in: Vec::new(),
        });
    }
    // Powers: the nations in godip's order, then a neutral power if neutral armies stand.
    let display = |ident: &str| s.nations.get(ident).cloned().unwrap_or_else(|| ident.to_string());
    let mut powers = Vec::new();
    let mut shorts: Vec<String> = Vec::new();
    let mut idents = s.order.clone();
    if s.neutral_armies {
        idents.push("Neutral".into());
    }
    for ident in &idents {
        let name = display(ident);
        let mut homes: Vec<String> =
            s.nodes.iter().filter(|(_, n)| n.sc.as_deref() == Some(ident.as_str())).map(|(p, _)| base(p)).collect();
        homes.sort();
        let letters: String = name.chars().filter(char::is_ascii_alphabetic).collect::<String>().to_uppercase();
        let mut short: String = o.shorts.get(&name).cloned().unwrap_or_else(|| letters.chars().take(3).collect());
        let mut k = 3;
        while shorts.contains(&short) && k < letters.len() {
            short = format!("{}{}", &letters[..2], &letters[k..=k]);
            k += 1;
        }
        shorts.push(short.clone());
        let adjective = o.adjectives.get(&name).cloned().unwrap_or_else(|| name.clone());
        let role = if ident == "Neutral" { PowerRole::Neutral { rebuilds: true } } else { PowerRole::Player };
        powers.push(PowerDef { name, adjective, short, homes, role });
    }
    let mut units: Vec<StartUnitDef> = s
        .units
        .iter()
        .map(|(at, is_fleet, nation)| StartUnitDef {
            power: display(nation),
            kind: if *is_fleet { UnitKind::Fleet } else { UnitKind::Army },
            at: if *is_fleet { at.clone() } else { base(at) },
        })
        .collect();
    if s.neutral_armies {
        for (p, n) in &s.nodes {
            if n.sc.as_deref() == Some("Neutral") {
                units.push(StartUnitDef { power: "Neutral".into(), kind: UnitKind::Army, at: base(p) });
            }
        }
    }
    units.sort_by(|a, b| {
        (powers.iter().position(|p| p.name == a.power), &a.at)
            .cmp(&(powers.iter().position(|p| p.name == b.power), &b.at))
    });
    // Owners: given only when they are not each power's homes.
    let mut owners: Vec<(String, String)> = s
        .owners
        .iter()
        .filter(|(_, n)| n != "Neutral" || s.neutral_armies)
        .map(|(c, n)| (base(c), display(n)))
        .collect();
    owners.sort();
    let mut by_homes: Vec<(String, String)> =
        powers.iter().flat_map(|p| p.homes.iter().map(|h| (h.clone(), p.name.clone()))).collect();
    by_homes.sort();
    let owners = (owners != by_homes).then_some(owners);
    let stem = file.rsplit('/').next().unwrap_or(file).trim_end_matches(".go").to_string();
    let victory = o.victory.or(s.solo).unwrap_or_else(|| {
        let centres = provinces.iter().filter(|p| p.centre).count();
        report.push("no solo count: one more than half the centres".into());
        u16::try_from(centres / 2 + 1).unwrap_or(u16::MAX)
    });
    let build_rule = if s.build_any_home {
        BuildRule::AnyOwnedHomeCentre
    } else if s.build_anywhere {
        BuildRule::AnyOwnedCentre
    } else {
        BuildRule::HomeCentres
    };
    let variant = VariantFile {
        name: o.name.clone().unwrap_or_else(|| stem.clone()),
        title: o.title.clone().unwrap_or(stem),
        description: o.description.clone().unwrap_or_default(),
        powers,
        provinces,
        start: StartDef {
            season: Season::Spring,
            year: s.start_year.unwrap_or(1901),
            units,
            extra_owned: Vec::new(),
            owners,
        },
        victory: VictoryDef { centres: victory, lead: o.lead.clone() },
        build_rule,
        rules: BTreeMap::new(),
        railroads: Vec::new(),
        canals: Vec::new(),
        difficult_borders: Vec::new(),
        centre_restrictions: Vec::new(),
        calendar: o.calendar.unwrap_or_default(),
        one_way_borders: one_way.into_iter().collect(),
    };
    (variant, report)
}

/// Adds the other map's abbreviation, name and aliases of each province as aliases here,
/// where they name no other province or power; reports what it adds.
fn add_aliases(variant: &mut VariantFile, other: &dip::Map) -> Vec<String> {
    use dip::map::normalise_name;
    let mut used: BTreeMap<String, usize> = BTreeMap::new();
    for (i, p) in variant.provinces.iter().enumerate() {
        for n in std::iter::once(&p.abbr).chain(std::iter::once(&p.name)).chain(&p.aliases) {
            used.insert(normalise_name(n), i);
        }
    }
    for p in &variant.powers {
        for n in [&p.name, &p.adjective, &p.short] {
            used.insert(normalise_name(n), usize::MAX);
        }
    }
    let mut report = Vec::new();
    for i in 0..variant.provinces.len() {
        let (abbr, name) = (variant.provinces[i].abbr.clone(), variant.provinces[i].name.clone());
        let partner = other
            .provinces()
            .find(|&q| other.province(q).abbr.eq_ignore_ascii_case(&abbr))
            .or_else(|| other.province_by_name(&abbr))
            .or_else(|| other.province_by_name(&name));
        let Some(q) = partner else {
            report.push(format!("{abbr}: no province of the other map matches"));
            continue;
        };
        let prov = other.province(q);
        let mut added = Vec::new();
        for candidate in std::iter::once(&prov.abbr).chain(std::iter::once(&prov.name)).chain(&prov.aliases) {
            let key = normalise_name(candidate);
            if key.is_empty() || used.contains_key(&key) {
                continue;
            }
            used.insert(key, i);
            let alias = if std::ptr::eq(candidate, &prov.abbr) { candidate.to_lowercase() } else { candidate.clone() };
            added.push(alias.clone());
            variant.provinces[i].aliases.push(alias);
        }
        if !prov.abbr.eq_ignore_ascii_case(&abbr) {
            report.push(format!("{abbr} is `{}` in the other map; aliases added: {}", prov.abbr, added.join(", ")));
        }
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small variant written the way godip writes one (our own map, not godip's): two
    /// nations, a neutral centre, a province with two coasts, a border listed one way only
    /// and another listed one way for fleets but both ways for armies.
    const TINY: &str = r#"
package tiny

const (
	North godip.Nation = "Northern Realm"
	South godip.Nation = "South"
)

var Nations = []godip.Nation{North, South}

var TinyVariant = common.Variant{
	SoloWinner: common.SCCountWinner(2),
}

func TinyStart() (result *state.State, err error) {
	startPhase := classical.NewPhase(1910, godip.Spring, godip.Movement)
	result = godip.NewState(startPhase)
	if err = result.SetUnits(map[godip.Province]godip.Unit{
		"nor":    godip.Unit{godip.Fleet, North},
		"sou":    godip.Unit{godip.Army, South},
		"bay/ec": godip.Unit{godip.Fleet, South},
	}); err != nil {
		return
	}
	result.SetSupplyCenters(map[godip.Province]godip.Nation{
		"nor": North,
		"sou": South,
	})
	return
}

func TinyGraph() *graph.Graph {
	return graph.New().
		// Northland
		Prov("nor").Conn("sou", godip.Coast...).Conn("bay", godip.Land).Conn("wes", godip.Sea).Conn("eas", godip.Sea).Flag(godip.Coast...).SC(North).
		// Southland
		Prov("sou").Conn("nor", godip.Land).Conn("mid", godip.Land).Conn("bay", godip.Land).Conn("wes", godip.Sea).Conn("eas", godip.Sea).Flag(godip.Coast...).SC(South).
		// Middle Marches
		Prov("mid").Conn("nor", godip.Land).Conn("sou", godip.Land).Conn("bay", godip.Land).Flag(godip.Land).SC(godip.Neutral).
		Prov("bay").Conn("nor", godip.Land).Conn("sou", godip.Land).Conn("mid", godip.Land).Conn("wes", godip.Sea).Conn("eas", godip.Sea).Flag(godip.Land).
		Prov("bay/ec").Conn("eas", godip.Sea).Flag(godip.Sea).
		Prov("bay/wc").Conn("wes", godip.Sea).Flag(godip.Sea).
		Prov("wes").Conn("nor", godip.Sea).Conn("sou", godip.Sea).Conn("bay", godip.Sea).Conn("bay/wc", godip.Sea).Conn("eas", godip.Sea).Flag(godip.Sea).
		Prov("eas").Conn("nor", godip.Sea).Conn("sou", godip.Sea).Conn("bay", godip.Sea).Conn("bay/ec", godip.Sea).Conn("wes", godip.Sea).Flag(godip.Sea).
		Done()
}

var provinceLongNames = map[godip.Province]string{
	"bay": "Bay Coast (the old)",
	"wes": "West Sea",
	"eas": "East Sea",
}
"#;

    fn names(list: &[String]) -> Vec<&str> {
        list.iter().map(String::as_str).collect()
    }

    #[test]
    fn reads_nations_start_graph_and_names() {
        let s = parse(TINY);
        assert_eq!(s.order, ["North", "South"]);
        assert_eq!(s.nations["North"], "Northern Realm");
        assert_eq!(s.solo, Some(2));
        assert_eq!(s.start_year, Some(1910));
        assert_eq!(
            s.units,
            [
                ("nor".to_string(), true, "North".to_string()),
                ("sou".to_string(), false, "South".to_string()),
                ("bay/ec".to_string(), true, "South".to_string())
            ]
        );
        assert_eq!(s.owners, [("nor".to_string(), "North".to_string()), ("sou".to_string(), "South".to_string())]);
        let nodes: Vec<&str> = s.nodes.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(nodes, ["nor", "sou", "mid", "bay", "bay/ec", "bay/wc", "wes", "eas"]);
        let nor = &s.nodes[0].1;
        assert_eq!(nor.comment.as_deref(), Some("Northland"));
        assert_eq!(nor.sc.as_deref(), Some("North"));
        assert!(nor.land && nor.sea);
        assert_eq!(nor.conns[0], ("sou".to_string(), true, true));
        assert_eq!(nor.conns[1], ("bay".to_string(), true, false));
        assert_eq!(nor.conns[2], ("wes".to_string(), false, true));
        let mid = &s.nodes[2].1;
        assert_eq!(mid.sc.as_deref(), Some("Neutral"));
        assert!(mid.land && !mid.sea);
        assert_eq!(s.long_names["bay"], "Bay Coast (the old)");
        assert!(!s.neutral_armies && !s.build_anywhere && !s.build_any_home);
    }

    #[test]
    fn converts_borders_coasts_centres_and_the_start() {
        let (variant, report) = convert(&parse(TINY), &Options::default(), "variants/tiny/tiny.go");
        let province = |abbr: &str| variant.provinces.iter().find(|p| p.abbr == abbr).expect(abbr);
        let abbrs: Vec<&str> = variant.provinces.iter().map(|p| p.abbr.as_str()).collect();
        assert_eq!(abbrs, ["bay", "eas", "mid", "nor", "sou", "wes"]);
        // Names: the long name, else the comment above the node; a parenthesis is cut.
        assert_eq!(province("nor").name, "Northland");
        assert_eq!(province("wes").name, "West Sea");
        assert_eq!(province("bay").name, "Bay Coast");
        assert!(report.contains(
            &"bay: `Bay Coast (the old)` is named `Bay Coast` (orders read parentheses as a coast)".to_string()
        ));
        // Terrain and centres.
        assert_eq!(province("nor").terrain, Terrain::Coast);
        assert_eq!(province("mid").terrain, Terrain::Land);
        assert_eq!(province("bay").terrain, Terrain::Coast);
        assert_eq!(province("wes").terrain, Terrain::Sea);
        let centres: Vec<&str> = variant.provinces.iter().filter(|p| p.centre).map(|p| p.abbr.as_str()).collect();
        assert_eq!(centres, ["mid", "nor", "sou"]);
        // Army borders by province; a sea has none.
        assert_eq!(names(&province("nor").army), ["bay", "sou"]);
        assert_eq!(names(&province("mid").army), ["bay", "nor", "sou"]);
        assert!(province("wes").army.is_empty());
        // A fleet stands on a coast of bay: the province itself has no fleet borders, and
        // the seas' links to it (godip's) are dropped for those to its coasts.
        let bay = province("bay");
        assert!(bay.fleet.is_empty());
        let coasts: Vec<(&str, &str, Vec<&str>)> =
            bay.coasts.iter().map(|c| (c.abbr.as_str(), c.name.as_str(), names(&c.fleet))).collect();
        assert_eq!(coasts, [("ec", "East Coast", vec!["eas"]), ("wc", "West Coast", vec!["wes"])]);
        assert_eq!(names(&province("wes").fleet), ["bay/wc", "eas", "nor", "sou"]);
        // sou lists nor for armies only, nor lists sou for both: the fleet border is made
        // two-way. mid lists nor, which does not list mid: kept one-way.
        assert_eq!(names(&province("sou").fleet), ["eas", "nor", "wes"]);
        assert!(report.contains(
            &"one-way fleet border nor → sou, the other way open to the other unit type: made two-way".to_string()
        ));
        assert!(report.contains(&"one-way army border mid → nor: kept one-way".to_string()));
        assert_eq!(variant.one_way_borders, [("mid".to_string(), "nor".to_string())]);
        // Powers in godip's order with their homes; the start; the owners are the homes.
        let powers: Vec<(&str, &str, Vec<&str>)> =
            variant.powers.iter().map(|p| (p.name.as_str(), p.short.as_str(), names(&p.homes))).collect();
        assert_eq!(powers, [("Northern Realm", "NOR", vec!["nor"]), ("South", "SOU", vec!["sou"])]);
        let units: Vec<(&str, UnitKind, &str)> =
            variant.start.units.iter().map(|u| (u.power.as_str(), u.kind, u.at.as_str())).collect();
        assert_eq!(
            units,
            [
                ("Northern Realm", UnitKind::Fleet, "nor"),
                ("South", UnitKind::Fleet, "bay/ec"),
                ("South", UnitKind::Army, "sou")
            ]
        );
        assert!(variant.start.owners.is_none());
        assert_eq!((variant.start.year, variant.victory.centres), (1910, 2));
        assert_eq!(variant.build_rule, BuildRule::HomeCentres);
        assert_eq!((variant.name.as_str(), variant.title.as_str()), ("tiny", "tiny"));
    }

    #[test]
    fn the_converted_variant_loads_and_plays_by_its_borders() {
        let options = Options { name: Some("tiny".into()), title: Some("Tiny".into()), ..Options::default() };
        let (variant, _) = convert(&parse(TINY), &options, "tiny.go");
        let map = dip::load_str("tiny.ron", &dip_import::to_ron(&variant, &["Tiny: a test".into()])).expect("loads");
        let p = |name: &str| map.province_by_name(name).expect(name);
        assert_eq!((map.power_count(), map.province_count(), map.centres().count()), (2, 6, 3));
        assert!(map.army_adjacent(p("mid"), p("nor")) && !map.army_adjacent(p("nor"), p("mid")));
        let ec = map.coast_by_name(p("bay"), "ec").expect("bay/ec");
        assert!(map.fleet_adjacent(ec, map.main_loc(p("eas"))) && !map.fleet_adjacent(ec, map.main_loc(p("wes"))));
        assert_eq!(map.start_units().len(), 3);
        assert_eq!(map.start_year(), 1910);
    }

    /// A province given other names by another map of the same board gets them as aliases,
    /// unless they name something else already.
    #[test]
    fn aliases_come_from_the_other_map() {
        let (mut variant, _) = convert(&parse(TINY), &Options::default(), "tiny.go");
        let (mut other, _) = convert(&parse(TINY), &Options::default(), "tiny.go");
        other.provinces.iter_mut().find(|p| p.abbr == "wes").expect("wes").name = "Occident".into();
        let other = dip::load_str("other.ron", &dip_import::to_ron(&other, &[])).expect("loads");
        let report = add_aliases(&mut variant, &other);
        let wes = variant.provinces.iter().find(|p| p.abbr == "wes").expect("wes");
        assert_eq!(wes.aliases, ["Occident"]);
        assert!(variant.provinces.iter().filter(|p| p.abbr != "wes").all(|p| p.aliases.is_empty()), "{report:?}");
    }
}

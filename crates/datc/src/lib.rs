//! Runs DATC case files (see `datc/README.md`) against the engine: one generic `check`
//! function for every case.
//!
//! ```
//! let case = dip_datc::Case::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../datc/v3.1/6.A.11.ron"))?;
//! assert_eq!(case.id, "6.A.11");
//! dip_datc::check(&case, None).map_err(|m| m.to_string())?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use dip::{Map, Order, OrderResult, Phase, PhaseKind, Position, Rules, Unit};

/// An expected order result.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize)]
pub enum Expect {
    Succeeds,
    Fails,
    Illegal,
}

/// Outcomes under other choices of disputable issues.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Alternative {
    pub rules: BTreeMap<String, String>,
    pub results: Vec<Expect>,
    #[serde(default)]
    pub dislodged: Vec<String>,
    #[serde(default)]
    pub after: Vec<String>,
    #[serde(default)]
    pub retreat: Option<RetreatPhase>,
}

/// The retreat phase that follows a case's movement phase.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RetreatPhase {
    pub orders: Vec<(String, Expect)>,
    /// Every unit on the board after the retreats.
    pub after: Vec<String>,
}

/// One DATC case file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    pub id: String,
    pub title: String,
    pub variant: String,
    #[serde(default)]
    pub phase: Option<String>,
    #[serde(default)]
    pub rules: BTreeMap<String, String>,
    /// Supply-centre owners by power; the opening ownership when absent.
    #[serde(default)]
    pub centres: Option<BTreeMap<String, Vec<String>>>,
    pub units: Vec<String>,
    pub orders: Vec<(String, Expect)>,
    #[serde(default)]
    pub dislodged: Vec<String>,
    #[serde(default)]
    pub after: Vec<String>,
    #[serde(default)]
    pub retreat: Option<RetreatPhase>,
    /// Who has won after the phase: a power's name, or `none`.
    #[serde(default)]
    pub winner: Option<String>,
    #[serde(default)]
    pub alternatives: Vec<Alternative>,
    #[serde(skip)]
    pub path: PathBuf,
}

impl Case {
    pub fn load(path: impl AsRef<Path>) -> Result<Case, String> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut case: Case = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str(&text)
            .map_err(|e| format!("{}:{}:{}: {}", path.display(), e.position.line, e.position.col, e.code))?;
        case.path = path.to_path_buf();
        Ok(case)
    }

    /// The DATC section (`6.A`), for the report.
    pub fn section(&self) -> &str {
        // Chapters 7-12 (variants) report as one row each; chapter 6 per section.
        match self.id.split_once('.') {
            Some((chapter, _)) if chapter.parse::<u32>().is_ok_and(|c| c >= 7) => chapter,
            _ => self.id.rsplit_once('.').map_or(&self.id, |(s, _)| s),
        }
    }
}

/// Every `*.ron` case below `dir`, sorted by DATC id.
pub fn load_dir(dir: impl AsRef<Path>) -> Result<Vec<Case>, String> {
    let mut paths = Vec::new();
    collect(dir.as_ref(), &mut paths)?;
    let mut cases = paths.iter().map(Case::load).collect::<Result<Vec<_>, _>>()?;
    cases.sort_by_key(|c| id_key(&c.id));
    Ok(cases)
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            collect(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "ron") {
            out.push(path);
        }
    }
    Ok(())
}

/// Sort key: `6.A.10` after `6.A.9`.
pub fn id_key(id: &str) -> Vec<(u32, String)> {
    // Our own cases (`dip.…`) come after the DATC's.
    id.split('.').map(|p| (p.parse().unwrap_or(u32::MAX), p.to_string())).collect()
}

/// What the engine did differently from the case file.
#[derive(Debug)]
pub struct Mismatch {
    pub report: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.report)
    }
}

impl std::error::Error for Mismatch {}

/// The default case run and each alternative, as (label, rule overrides).
pub fn variants_of(case: &Case) -> Vec<(String, BTreeMap<String, String>)> {
    let mut out = vec![("preferred".to_string(), BTreeMap::new())];
    for alt in &case.alternatives {
        let label = alt.rules.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",");
        out.push((label, alt.rules.clone()));
    }
    out
}

/// Whether the engine implements every rule choice an alternative names (the others are
/// awaiting the options work and are reported as pending, not run).
pub fn alternative_supported(alternative: &Alternative) -> bool {
    let mut rules = Rules::default();
    alternative.rules.iter().all(|(issue, choice)| rules.set(issue, choice).is_ok())
}

/// The rules a case runs under: the variant's, the case's own `rules`, then the
/// alternative's.
pub fn rules_of(case: &Case, alternative: Option<usize>) -> Result<Rules, String> {
    let map = load_variant(&case.variant)?;
    let mut rules = Rules::of_variant(&map).map_err(|e| e.to_string())?;
    let mut overrides = case.rules.clone();
    if let Some(alt) = alternative.and_then(|i| case.alternatives.get(i)) {
        overrides.extend(alt.rules.clone());
    }
    for (issue, choice) in &overrides {
        rules.set(issue, choice).map_err(|e| e.to_string())?;
    }
    Ok(rules)
}

/// The DATC issues a case distinguishes: those its rules or alternatives name.
pub fn issues_of(case: &Case) -> Vec<String> {
    let mut issues: Vec<String> = case.rules.keys().cloned().collect();
    for alt in &case.alternatives {
        issues.extend(alt.rules.keys().cloned());
    }
    issues.sort();
    issues.dedup();
    issues
}

/// Checks a case under its preferred rules (`alternative` = None) or under one of its
/// alternatives (index into `case.alternatives`).
pub fn check(case: &Case, alternative: Option<usize>) -> Result<(), Mismatch> {
    let fail = |report: String| Mismatch { report: format!("{} {}: {report}", case.id, case.title) };
    let map = load_variant(&case.variant).map_err(fail)?;
    let rules = rules_of(case, alternative).map_err(fail)?;
    let (expected, want_dislodged, want_after, want_retreat) = match alternative {
        None => (case.orders.iter().map(|(_, e)| *e).collect::<Vec<_>>(), &case.dislodged, &case.after, &case.retreat),
        Some(i) => {
            let alt = case.alternatives.get(i).ok_or_else(|| fail(format!("no alternative {i}")))?;
            let retreat = if alt.retreat.is_some() { &alt.retreat } else { &case.retreat };
            (alt.results.clone(), &alt.dislodged, &alt.after, retreat)
        }
    };
    if expected.len() != case.orders.len() {
        return Err(fail(format!("{} results for {} orders", expected.len(), case.orders.len())));
    }
    let phase: Phase = match &case.phase {
        Some(p) => p.parse().map_err(fail)?,
        None => Phase { season: dip::Season::Spring, year: 1901, kind: PhaseKind::Movement },
    };
    let mut position = Position::empty(&map, phase);
    position.owners = map.start_owners().to_vec();
    if let Some(centres) = &case.centres {
        position.owners = vec![None; map.province_count()];
        for (power, list) in centres {
            let power = map.power_by_name(power).ok_or_else(|| fail(format!("unknown power `{power}` in centres")))?;
            for name in list {
                let p = map.province_by_name(name).ok_or_else(|| fail(format!("unknown centre `{name}`")))?;
                position.owners[p.index()] = Some(power);
            }
        }
    }
    for text in &case.units {
        position.units.push(read_unit(&map, text).map_err(fail)?);
    }
    let (parsed, orders) = read_orders(&map, phase.kind, &case.orders).map_err(fail)?;

    let (actual, dislodged, after, next): (Vec<Actual>, Vec<Unit>, Vec<Unit>, Position) = match phase.kind {
        PhaseKind::Movement => {
            let outcome = dip::adjudicate(&map, &position, &orders, &rules).map_err(|e| fail(e.to_string()))?;
            let actual = verdicts(&map, &parsed, &outcome.results);
            let dislodged = outcome.dislodged.iter().map(|d| d.unit).collect();
            (actual, dislodged, outcome.position.units.clone(), outcome.position)
        }
        PhaseKind::Adjustment => {
            let outcome =
                dip::adjudicate_adjustments(&map, &position, &orders, &rules).map_err(|e| fail(e.to_string()))?;
            let actual = verdicts(&map, &parsed, &outcome.results);
            (actual, Vec::new(), outcome.position.units.clone(), outcome.position)
        }
        kind => return Err(fail(format!("{kind} phases are not adjudicated yet"))),
    };

    let mut problems = Vec::new();
    for (i, ((text, _), want)) in case.orders.iter().zip(&expected).enumerate() {
        let got = &actual[i];
        if got.expect() != *want {
            problems.push(format!("  {text:<55} expected {want:?}, got {got}"));
        }
    }
    let want_dislodged = read_units(&map, want_dislodged).map_err(fail)?;
    if sorted(&dislodged) != want_dislodged {
        problems.push(format!(
            "  dislodged: expected [{}], got [{}]",
            names(&map, &want_dislodged),
            names(&map, &sorted(&dislodged))
        ));
    }
    let want_after = read_units(&map, want_after).map_err(fail)?;
    if sorted(&after) != want_after {
        problems.push(format!(
            "  after: expected [{}]\n         got      [{}]",
            names(&map, &want_after),
            names(&map, &sorted(&after))
        ));
    }
    if let Some(want) = &case.winner {
        let game = dip::Game::from_position(map.clone(), rules, next.clone()).map_err(|e| fail(e.to_string()))?;
        let got = game.winner().map_or("none", |p| map.power(p).name.as_str());
        if !got.eq_ignore_ascii_case(want) {
            problems.push(format!("  winner: expected {want}, got {got}"));
        }
    }
    let mut retreat_lines = Vec::new();
    if let Some(retreat) = want_retreat {
        let (parsed, orders) = read_orders(&map, PhaseKind::Retreat, &retreat.orders).map_err(fail)?;
        let outcome = dip::adjudicate_retreats(&map, &next, &orders, &rules).map_err(|e| fail(e.to_string()))?;
        let actual = verdicts(&map, &parsed, &outcome.results);
        for ((text, want), got) in retreat.orders.iter().zip(&actual) {
            retreat_lines.push(format!("    {text:<55} {:<9} | {got}", format!("{want:?}")));
            if got.expect() != *want {
                problems.push(format!("  retreat {text:<47} expected {want:?}, got {got}"));
            }
        }
        let want = read_units(&map, &retreat.after).map_err(fail)?;
        let got = sorted(&outcome.position.units);
        if got != want {
            problems.push(format!(
                "  after retreats: expected [{}]\n                   got      [{}]",
                names(&map, &want),
                names(&map, &got)
            ));
        }
    }
    if problems.is_empty() {
        return Ok(());
    }
    let mut report = String::from("\n  orders and results (expected | actual):\n");
    for (i, ((text, _), want)) in case.orders.iter().zip(&expected).enumerate() {
        report.push_str(&format!("    {text:<55} {:<9} | {}\n", format!("{want:?}"), actual[i]));
    }
    if !retreat_lines.is_empty() {
        report.push_str("  retreat orders (expected | actual):\n");
        report.push_str(&retreat_lines.join("\n"));
        report.push('\n');
    }
    report.push_str("  mismatches:\n");
    report.push_str(&problems.join("\n"));
    Err(fail(report))
}

/// Reads `Power: order` lines; an unreadable order is `None` (its unit holds).
fn read_orders(
    map: &Map,
    kind: PhaseKind,
    lines: &[(String, Expect)],
) -> Result<(Vec<Option<Order>>, Vec<Order>), String> {
    let mut parsed = Vec::with_capacity(lines.len());
    for (text, _) in lines {
        let (power, body) = text.split_once(':').ok_or_else(|| format!("order `{text}` has no power"))?;
        let power = map.power_by_name(power).ok_or_else(|| format!("unknown power in `{text}`"))?;
        parsed.push(dip::parse_order(map, dip::ParseOptions::new(kind).power(power), body).ok());
    }
    let orders = parsed.iter().flatten().cloned().collect();
    Ok((parsed, orders))
}

/// The engine's results lined up with the written orders, unreadable ones included.
fn verdicts<R: Verdict>(map: &Map, parsed: &[Option<Order>], results: &[R]) -> Vec<Actual> {
    let mut results = results.iter();
    parsed
        .iter()
        .map(|p| match (p, if p.is_some() { results.next() } else { None }) {
            (Some(_), Some(r)) => r.verdict(map),
            (Some(_), None) => Actual { expect: Expect::Illegal, text: "no result".into() },
            (None, _) => Actual { expect: Expect::Illegal, text: "Illegal (unreadable)".into() },
        })
        .collect()
}

/// A phase's result type, classed as the case files class results.
trait Verdict {
    fn verdict(&self, map: &Map) -> Actual;
}

impl Verdict for OrderResult {
    fn verdict(&self, _: &Map) -> Actual {
        match self {
            OrderResult::Succeeds => Actual { expect: Expect::Succeeds, text: "Succeeds".into() },
            OrderResult::Fails(why) => Actual { expect: Expect::Fails, text: format!("Fails ({why:?})") },
            OrderResult::Illegal(why) => Actual { expect: Expect::Illegal, text: format!("Illegal ({why:?})") },
        }
    }
}

impl Verdict for dip::AdjustmentResult {
    fn verdict(&self, _: &Map) -> Actual {
        match self {
            dip::AdjustmentResult::Succeeds => Actual { expect: Expect::Succeeds, text: "Succeeds".into() },
            dip::AdjustmentResult::Fails(why) => Actual { expect: Expect::Fails, text: format!("Fails ({why})") },
            dip::AdjustmentResult::Illegal(why) => Actual { expect: Expect::Illegal, text: format!("Illegal ({why})") },
        }
    }
}

impl Verdict for dip::RetreatResult {
    fn verdict(&self, map: &Map) -> Actual {
        match self {
            dip::RetreatResult::Succeeds => Actual { expect: Expect::Succeeds, text: "Succeeds".into() },
            dip::RetreatResult::Fails(why) => {
                Actual { expect: Expect::Fails, text: format!("Fails ({})", why.describe(map)) }
            }
            dip::RetreatResult::Illegal(why) => Actual { expect: Expect::Illegal, text: format!("Illegal ({why})") },
        }
    }
}

/// What the engine decided for one order: its class and a description.
struct Actual {
    expect: Expect,
    text: String,
}

impl Actual {
    fn expect(&self) -> Expect {
        self.expect
    }
}

impl fmt::Display for Actual {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

fn read_unit(map: &Map, text: &str) -> Result<Unit, String> {
    let (power, _) = text.split_once(':').ok_or_else(|| format!("unit `{text}` has no power"))?;
    let power = map.power_by_name(power).ok_or_else(|| format!("unknown power in `{text}`"))?;
    let (kind, loc) = dip::parse_unit(map, text)?;
    Ok(Unit { power, kind, loc })
}

fn read_units(map: &Map, texts: &[String]) -> Result<Vec<Unit>, String> {
    let units = texts.iter().map(|t| read_unit(map, t)).collect::<Result<Vec<_>, _>>()?;
    Ok(sorted(&units))
}

fn sorted(units: &[Unit]) -> Vec<Unit> {
    let mut v = units.to_vec();
    v.sort_by_key(|u| (u.loc, u.power, u.kind));
    v
}

fn names(map: &Map, units: &[Unit]) -> String {
    units
        .iter()
        .map(|u| format!("{}: {} {}", map.power(u.power).name, u.kind, map.loc_name(u.loc)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn load_variant(name: &str) -> Result<Map, String> {
    thread_local! {
        static CACHE: std::cell::RefCell<Vec<(String, Map)>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    if let Some(map) = CACHE.with(|c| c.borrow().iter().find(|(n, _)| n == name).map(|(_, m)| m.clone())) {
        return Ok(map);
    }
    // Embedded variants first, then the workspace's `variants/<name>.ron`.
    let map = match dip::variant(name) {
        Ok(map) => map,
        Err(_) => {
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../variants").join(format!("{name}.ron"));
            dip::load(&path).map_err(|e| e.to_string())?
        }
    };
    CACHE.with(|c| c.borrow_mut().push((name.to_string(), map.clone())));
    Ok(map)
}

/// The default case directory of the workspace.
pub fn default_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../datc")
}

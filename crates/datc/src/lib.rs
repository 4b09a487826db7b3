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

mod explain;
pub use explain::{ExplainedCase, explain_case, explanation_faults};

use dip::{Map, Order, OrderResult, Phase, PhaseKind, Position, Rules, Unit};

/// An expected order result, as a case file writes it: `Succeeds`, `Fails`, `Fails(cut)`
/// (a failure with the reason the DATC states), `Illegal` or `Unreadable`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Expect {
    Succeeds,
    /// The order is legal and fails; with the reason the DATC states, as the engine's
    /// failure code (`cut`, `bounced`, `dislodged`, `void`, …), compared exactly.
    Fails(Option<&'static str>),
    /// The order reads but can never be carried out (DATC §4.E.1); its unit holds.
    Illegal,
    /// The order cannot be read at all (the DATC's deliberately garbled orders). Any other
    /// expectation fails when the order does not read, so a typo in a case file is caught.
    Unreadable,
}

/// Every failure reason a case file may state: the engine's stable failure codes of the
/// movement, retreat and adjustment phases.
pub fn failure_codes() -> Vec<&'static str> {
    let mut codes: Vec<&'static str> = dip::Failure::CODES.to_vec();
    codes.extend(dip::adjust::AdjustmentFailure::ALL.iter().map(|f| f.code()));
    // A retreat fails only by bouncing, which the movement codes already name.
    codes.sort_unstable();
    codes.dedup();
    codes
}

impl fmt::Display for Expect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expect::Succeeds => f.write_str("Succeeds"),
            Expect::Fails(None) => f.write_str("Fails"),
            Expect::Fails(Some(why)) => write!(f, "Fails({why})"),
            Expect::Illegal => f.write_str("Illegal"),
            Expect::Unreadable => f.write_str("Unreadable"),
        }
    }
}

/// The variant names of [`Expect`] as written.
const EXPECT_NAMES: &[&str] = &["Succeeds", "Fails", "Illegal", "Unreadable"];

/// The message RON gives when a variant read as `Name(…)` has no parentheses: for `Fails`
/// it means no reason is stated.
const NO_PARENTHESES: &str = "Expected opening `(`";

impl<'de> Deserialize<'de> for Expect {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Expect, D::Error> {
        deserializer.deserialize_enum("Expect", EXPECT_NAMES, ExpectVisitor)
    }
}

struct ExpectVisitor;

impl<'de> serde::de::Visitor<'de> for ExpectVisitor {
    type Value = Expect;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Succeeds, Fails, Fails(reason), Illegal or Unreadable")
    }

    fn visit_enum<A: serde::de::EnumAccess<'de>>(self, data: A) -> Result<Expect, A::Error> {
        use serde::de::{Error, VariantAccess};
        let (Identifier(name), variant) = data.variant()?;
        match name.as_str() {
            "Succeeds" => variant.unit_variant().map(|()| Expect::Succeeds),
            "Illegal" => variant.unit_variant().map(|()| Expect::Illegal),
            "Unreadable" => variant.unit_variant().map(|()| Expect::Unreadable),
            // `Fails` alone or `Fails(reason)`: RON reads the reason as a bare name, and
            // reports a `Fails` without parentheses before consuming anything.
            "Fails" => match variant.newtype_variant::<Identifier>() {
                Ok(Identifier(why)) => {
                    let codes = failure_codes();
                    let code = codes.iter().find(|c| **c == why).ok_or_else(|| {
                        A::Error::custom(format!("unknown failure reason `{why}` (known: {})", codes.join(", ")))
                    })?;
                    Ok(Expect::Fails(Some(code)))
                }
                Err(e) if e.to_string() == NO_PARENTHESES => Ok(Expect::Fails(None)),
                Err(e) => Err(e),
            },
            other => Err(A::Error::unknown_variant(other, EXPECT_NAMES)),
        }
    }
}

/// A bare name as written: a variant of [`Expect`], or a failure reason (`cut`).
struct Identifier(String);

impl<'de> Deserialize<'de> for Identifier {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Identifier, D::Error> {
        deserializer.deserialize_identifier(IdentifierVisitor)
    }
}

struct IdentifierVisitor;

impl<'de> serde::de::Visitor<'de> for IdentifierVisitor {
    type Value = Identifier;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a name such as `Fails` or `cut`")
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Identifier, E> {
        Ok(Identifier(v.to_string()))
    }
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
    /// Supply-centre owners after the phases under this choice, when the case gives them.
    #[serde(default)]
    pub centres_after: Option<BTreeMap<String, Vec<String>>>,
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
    /// Supply-centre owners by power after the case's phases (the movement phase and its
    /// retreats, with the ownership change that ends a fall; or the adjustments), when the
    /// case gives them. Every owned centre is listed.
    #[serde(default)]
    pub centres_after: Option<BTreeMap<String, Vec<String>>>,
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

/// Whether the engine implements every rule choice an alternative names. An alternative it
/// does not is pending: `cargo test` and `cargo xtask datc` fail on it (see [`pending`]).
pub fn alternative_supported(alternative: &Alternative) -> bool {
    pending(alternative).is_empty()
}

/// The rule choices of an alternative the engine does not implement, as `issue=choice`
/// with the engine's reason.
pub fn pending(alternative: &Alternative) -> Vec<String> {
    let mut rules = Rules::default();
    alternative
        .rules
        .iter()
        .filter_map(|(issue, choice)| rules.set(issue, choice).err().map(|e| format!("{issue}={choice} ({e})")))
        .collect()
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
    if let Some(alt) = alternative.and_then(|i| case.alternatives.get(i)) {
        let pending = pending(alt);
        if !pending.is_empty() {
            return Err(fail(format!(
                "pending: the engine does not implement {}, so this recorded outcome is not checked",
                pending.join(", ")
            )));
        }
    }
    let map = load_variant(&case.variant).map_err(fail)?;
    let rules = rules_of(case, alternative).map_err(fail)?;
    let (expected, want_dislodged, want_after, want_retreat, want_centres) = match alternative {
        None => (
            case.orders.iter().map(|(_, e)| *e).collect::<Vec<_>>(),
            &case.dislodged,
            &case.after,
            &case.retreat,
            &case.centres_after,
        ),
        Some(i) => {
            let alt = case.alternatives.get(i).ok_or_else(|| fail(format!("no alternative {i}")))?;
            let retreat = if alt.retreat.is_some() { &alt.retreat } else { &case.retreat };
            (alt.results.clone(), &alt.dislodged, &alt.after, retreat, &alt.centres_after)
        }
    };
    if expected.len() != case.orders.len() {
        return Err(fail(format!("{} results for {} orders", expected.len(), case.orders.len())));
    }
    let phase = phase_of(case).map_err(fail)?;
    let position = board(case, &map, phase).map_err(fail)?;
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
        if !got.meets(*want) {
            problems.push(format!("  {text:<55} expected {want}, got {got}"));
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
    let mut last = next;
    if let Some(retreat) = want_retreat {
        let (parsed, orders) = read_orders(&map, PhaseKind::Retreat, &retreat.orders).map_err(fail)?;
        let outcome = dip::adjudicate_retreats(&map, &last, &orders, &rules).map_err(|e| fail(e.to_string()))?;
        let actual = verdicts(&map, &parsed, &outcome.results);
        for ((text, want), got) in retreat.orders.iter().zip(&actual) {
            retreat_lines.push(format!("    {text:<55} {:<15} | {got}", want.to_string()));
            if !got.meets(*want) {
                problems.push(format!("  retreat {text:<47} expected {want}, got {got}"));
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
        last = outcome.position;
    }
    if let Some(want) = want_centres {
        // A fall ends with the centres passing to the units on them.
        if phase.season == dip::Season::Fall && phase.kind == PhaseKind::Movement {
            dip::adjust::update_ownership(&map, &mut last);
        }
        let want = read_owners(&map, want).map_err(fail)?;
        let got = owner_list(&map, &last.owners);
        if got != want {
            problems.push(format!("  centres after: expected {want:?}\n                 got      {got:?}"));
        }
    }
    if problems.is_empty() {
        return Ok(());
    }
    let mut report = String::from("\n  orders and results (expected | actual):\n");
    for (i, ((text, _), want)) in case.orders.iter().zip(&expected).enumerate() {
        report.push_str(&format!("    {text:<55} {:<15} | {}\n", want.to_string(), actual[i]));
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

/// The case's phase: Spring 1901 Movement unless it says.
fn phase_of(case: &Case) -> Result<Phase, String> {
    match &case.phase {
        Some(p) => p.parse(),
        None => Ok(Phase { season: dip::Season::Spring, year: 1901, kind: PhaseKind::Movement }),
    }
}

/// The board before the case's orders: its units, and its centres' owners (the opening
/// ones unless it gives them).
fn board(case: &Case, map: &Map, phase: Phase) -> Result<Position, String> {
    let mut position = Position::empty(map, phase);
    position.owners = map.start_owners().to_vec();
    if let Some(centres) = &case.centres {
        position.owners = vec![None; map.province_count()];
        for (power, list) in centres {
            let power = map.power_by_name(power).ok_or_else(|| format!("unknown power `{power}` in centres"))?;
            for name in list {
                let p = map.province_by_name(name).ok_or_else(|| format!("unknown centre `{name}`"))?;
                position.owners[p.index()] = Some(power);
            }
        }
    }
    for text in &case.units {
        position.units.push(read_unit(map, text)?);
    }
    Ok(position)
}

/// Each written order read, or the reason it does not read.
type ReadOrders = Vec<Result<Order, String>>;

/// Reads `Power: order` lines; an unreadable order is its parse error (its unit holds).
fn read_orders(map: &Map, kind: PhaseKind, lines: &[(String, Expect)]) -> Result<(ReadOrders, Vec<Order>), String> {
    let mut parsed = Vec::with_capacity(lines.len());
    for (text, _) in lines {
        let (power, body) = text.split_once(':').ok_or_else(|| format!("order `{text}` has no power"))?;
        let power = map.power_by_name(power).ok_or_else(|| format!("unknown power in `{text}`"))?;
        parsed.push(dip::parse_order(map, dip::ParseOptions::new(kind).power(power), body).map_err(|e| e.to_string()));
    }
    let orders = parsed.iter().flatten().cloned().collect();
    Ok((parsed, orders))
}

/// The engine's results lined up with the written orders, unreadable ones included.
fn verdicts<R: Verdict>(map: &Map, parsed: &[Result<Order, String>], results: &[R]) -> Vec<Actual> {
    let mut results = results.iter();
    parsed
        .iter()
        .map(|p| match p {
            Ok(_) => match results.next() {
                Some(r) => r.verdict(map),
                None => Actual { class: Class::NoResult, code: None, text: "no result from the engine".into() },
            },
            Err(e) => Actual { class: Class::Unreadable, code: None, text: format!("Unreadable ({e})") },
        })
        .collect()
}

/// A phase's result type, classed as the case files class results.
trait Verdict {
    fn verdict(&self, map: &Map) -> Actual;
}

impl Verdict for OrderResult {
    fn verdict(&self, map: &Map) -> Actual {
        match self {
            OrderResult::Succeeds => Actual { class: Class::Succeeds, code: None, text: "Succeeds".into() },
            OrderResult::Fails(why) => {
                let by: Vec<&str> = why.caused_by().iter().map(|p| map.province(*p).name.as_str()).collect();
                let text = if by.is_empty() {
                    format!("Fails({})", why.code())
                } else {
                    format!("Fails({}) by {}", why.code(), by.join(", "))
                };
                Actual { class: Class::Fails, code: Some(why.code()), text }
            }
            OrderResult::Illegal(why) => {
                Actual { class: Class::Illegal, code: None, text: format!("Illegal ({why:?})") }
            }
        }
    }
}

impl Verdict for dip::AdjustmentResult {
    fn verdict(&self, _: &Map) -> Actual {
        match self {
            dip::AdjustmentResult::Succeeds => Actual { class: Class::Succeeds, code: None, text: "Succeeds".into() },
            dip::AdjustmentResult::Fails(why) => {
                Actual { class: Class::Fails, code: Some(why.code()), text: format!("Fails({}): {why}", why.code()) }
            }
            dip::AdjustmentResult::Illegal(why) => {
                Actual { class: Class::Illegal, code: None, text: format!("Illegal ({why})") }
            }
        }
    }
}

impl Verdict for dip::RetreatResult {
    fn verdict(&self, map: &Map) -> Actual {
        match self {
            dip::RetreatResult::Succeeds => Actual { class: Class::Succeeds, code: None, text: "Succeeds".into() },
            dip::RetreatResult::Fails(why) => Actual {
                class: Class::Fails,
                code: Some(why.code()),
                text: format!("Fails({}): {}", why.code(), why.describe(map)),
            },
            dip::RetreatResult::Illegal(why) => {
                Actual { class: Class::Illegal, code: None, text: format!("Illegal ({why})") }
            }
        }
    }
}

/// What became of one written order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Class {
    Succeeds,
    Fails,
    Illegal,
    Unreadable,
    /// The order read but the engine gave it no result: matches no expectation.
    NoResult,
}

/// What the engine decided for one order: its class, a failure's code and a description.
struct Actual {
    class: Class,
    code: Option<&'static str>,
    text: String,
}

impl Actual {
    /// Whether this is the expected result: the class, and the failure's reason where the
    /// case states one.
    fn meets(&self, want: Expect) -> bool {
        match want {
            Expect::Succeeds => self.class == Class::Succeeds,
            Expect::Fails(None) => self.class == Class::Fails,
            Expect::Fails(Some(why)) => self.class == Class::Fails && self.code == Some(why),
            Expect::Illegal => self.class == Class::Illegal,
            Expect::Unreadable => self.class == Class::Unreadable,
        }
    }
}

impl fmt::Display for Actual {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The supply-centre owners a case file writes, as (power, sorted centre names).
fn read_owners(map: &Map, owners: &BTreeMap<String, Vec<String>>) -> Result<Vec<(String, Vec<String>)>, String> {
    let mut out = Vec::new();
    for (power, list) in owners {
        let id = map.power_by_name(power).ok_or_else(|| format!("unknown power `{power}` in centres_after"))?;
        let mut names = Vec::new();
        for name in list {
            let p = map.province_by_name(name).ok_or_else(|| format!("unknown centre `{name}` in centres_after"))?;
            names.push(map.province(p).name.clone());
        }
        names.sort();
        if !names.is_empty() {
            out.push((map.power(id).name.clone(), names));
        }
    }
    out.sort();
    Ok(out)
}

/// A position's owners as (power, sorted centre names), powers without centres left out.
fn owner_list(map: &Map, owners: &[Option<dip::PowerId>]) -> Vec<(String, Vec<String>)> {
    let mut by_power: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (province, owner) in map.provinces().zip(owners) {
        if let Some(power) = owner {
            by_power.entry(map.power(*power).name.clone()).or_default().push(map.province(province).name.clone());
        }
    }
    by_power
        .into_iter()
        .map(|(power, mut names)| {
            names.sort();
            (power, names)
        })
        .collect()
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

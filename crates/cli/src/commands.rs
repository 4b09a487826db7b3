//! The subcommands. Each returns the exit code, or error lines naming the file at fault.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::Serialize;

use dip::{Map, Order, OrderLine, OrderResult, ParseError, PhaseKind, PositionFile, Terrain};

use crate::describe;

/// What a command prints on standard output, and its exit code.
#[derive(Debug)]
pub struct Output {
    pub text: String,
    /// Errors to print on standard error after the text.
    pub errors: Errors,
    pub code: ExitCode,
}

impl Output {
    fn new(text: String, code: ExitCode) -> Self {
        Output { text, errors: Vec::new(), code }
    }
}

/// `writeln!` into a `String`, which cannot fail.
macro_rules! outln {
    ($out:expr) => {
        $out.push('\n')
    };
    ($out:expr, $($arg:tt)*) => {{
        use std::fmt::Write as _;
        let _ = writeln!($out, $($arg)*);
    }};
}
use crate::load::{self, Errors, Variant};

/// `dip variants`: one line for each embedded variant and each `*.ron` in the folder.
pub fn variants(dir: Option<&Path>) -> Result<Output, Errors> {
    let mut out = String::new();
    let mut rows: Vec<[String; 6]> = Vec::new();
    let mut errors = Vec::new();
    let mut add = |loaded: Result<Variant, Errors>| match loaded {
        Ok(v) => {
            let map = &v.map;
            rows.push([
                map.name().to_string(),
                map.title().to_string(),
                format!("{} powers", map.power_count()),
                format!("{} provinces", map.province_count()),
                format!("{} centres", map.centres().count()),
                v.source,
            ]);
        }
        Err(lines) => errors.extend(lines),
    };
    for (name, _) in dip::EMBEDDED_VARIANTS {
        add(load::embedded(name));
    }
    let dir: Option<PathBuf> = match dir {
        Some(dir) => Some(dir.to_path_buf()),
        None => Some(PathBuf::from("variants")).filter(|d| d.is_dir()),
    };
    if let Some(dir) = dir {
        match load::variant_files(&dir) {
            Ok(files) => files.iter().for_each(|f| add(load::variant_file(f))),
            Err(lines) => errors.extend(lines),
        }
    }
    let mut widths = [0; 6];
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    for row in &rows {
        let [name, title, powers, provinces, centres, source] = row;
        outln!(
            out,
            "{name:<w0$}  {title:<w1$}  {powers:>w2$}  {provinces:>w3$}  {centres:>w4$}  {source}",
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2],
            w3 = widths[3],
            w4 = widths[4],
        );
    }
    let code = if errors.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE };
    Ok(Output { text: out, errors, code })
}

/// `dip show`: powers, provinces and adjacencies of a variant.
pub fn show(arg: &str) -> Result<Output, Errors> {
    let variant = load::variant_arg(arg)?;
    let mut out = String::new();
    let map = &variant.map;
    let abbrs = |provinces: &[dip::ProvinceId]| -> String {
        let list: Vec<&str> = provinces.iter().map(|&p| map.province(p).abbr.as_str()).collect();
        if list.is_empty() { "-".into() } else { list.join(", ") }
    };
    outln!(out, "{} ({}, {})", map.title(), map.name(), variant.source);
    if !map.description().is_empty() {
        outln!(out, "{}", map.description());
    }

    outln!(out, "\nPowers ({}):", map.power_count());
    let name_w = map.powers().map(|p| map.power(p).name.len()).max().unwrap_or(0);
    let adj_w = map.powers().map(|p| map.power(p).adjective.len()).max().unwrap_or(0);
    let short_w = map.powers().map(|p| map.power(p).short.len()).max().unwrap_or(0);
    for id in map.powers() {
        let p = map.power(id);
        outln!(
            out,
            "  {:<name_w$}  {:<adj_w$}  {:<short_w$}  homes: {}",
            p.name,
            p.adjective,
            p.short,
            abbrs(&p.homes)
        );
    }

    outln!(out, "\nProvinces ({}, {} supply centres):", map.province_count(), map.centres().count());
    let abbr_w = map.provinces().map(|p| map.province(p).abbr.len()).max().unwrap_or(0);
    let pname_w = map.provinces().map(|p| map.province(p).name.chars().count()).max().unwrap_or(0);
    for id in map.provinces() {
        let p = map.province(id);
        let mut line = format!("  {:<abbr_w$}  {:<pname_w$}  {:<5}", p.abbr, p.name, describe::terrain(p.terrain));
        if p.centre {
            line.push_str("  centre");
        }
        if !p.coasts.is_empty() {
            let coasts: Vec<String> = p.coasts.iter().map(|&c| map.loc_abbr(c)).collect();
            line.push_str(&format!("  coasts: {}", coasts.join(", ")));
        }
        outln!(out, "{}", line.trim_end());
    }

    outln!(out, "\nAdjacencies:");
    let indent = " ".repeat(abbr_w + 2);
    for id in map.provinces() {
        let p = map.province(id);
        let mut lines = Vec::new();
        if p.terrain != Terrain::Sea {
            lines.push(format!("army: {}", abbrs(map.army_neighbours(id))));
        }
        if p.terrain != Terrain::Land {
            let locs = if p.coasts.is_empty() { vec![map.main_loc(id)] } else { p.coasts.clone() };
            for loc in locs {
                let to: Vec<String> = map.fleet_neighbours(loc).iter().map(|&l| map.loc_abbr(l)).collect();
                let to = if to.is_empty() { "-".into() } else { to.join(", ") };
                lines.push(format!("fleet {}: {to}", map.loc_abbr(loc)));
            }
        }
        for (i, line) in lines.iter().enumerate() {
            if i == 0 {
                outln!(out, "  {:<abbr_w$}  {line}", p.abbr);
            } else {
                outln!(out, "  {indent}{line}");
            }
        }
    }
    Ok(Output::new(out, ExitCode::SUCCESS))
}

/// `FILE:LINE:COL: England: `TEXT`: expected X, found Y (did you mean A, B?)`.
fn diagnostic(file: &str, map: &Map, line: &OrderLine, error: &ParseError) -> String {
    let power = &map.power(line.power).name;
    let message = describe::parse_error(error);
    match line.line {
        Some(n) => format!("{file}:{n}:{}: {power}: `{}`: {message}", error.column, line.text),
        None => format!("{file}: {power}: `{}`: column {}: {message}", line.text, error.column),
    }
}

/// `dip check-orders`: reads every order and, in a movement phase, checks each one
/// against the position (DATC §4.E.1); 1 if any cannot be read or is illegal.
pub fn check_orders(path: &Path) -> Result<Output, Errors> {
    let mut out = String::new();
    let loaded = load::position(path)?;
    let map = &loaded.variant.map;
    let file = loaded.source.name();
    let orders: Vec<Order> = loaded.lines.iter().filter_map(|l| l.parsed.as_ref().ok().cloned()).collect();
    // Legality needs the position: the movement adjudicator decides it order by order.
    let mut legality = Vec::new();
    if loaded.position.phase.kind == PhaseKind::Movement {
        let rules = loaded.variant.rules()?;
        legality = dip::adjudicate(map, &loaded.position, &orders, &rules).results;
    }
    let mut verdicts = legality.into_iter();
    let (mut unreadable, mut illegal) = (0, 0);
    for line in &loaded.lines {
        match &line.parsed {
            Ok(order) => {
                let power = &map.power(line.power).name;
                match verdicts.next() {
                    Some(OrderResult::Illegal(why)) => {
                        illegal += 1;
                        let at = line.line.map_or(String::new(), |n| format!(":{n}"));
                        outln!(out, "{file}{at}: {power}: `{}`: illegal: {}", line.text, describe::illegal(why));
                        outln!(out, "     the order is ignored and the unit holds");
                    }
                    _ => outln!(out, "ok   {power}: {}", order.display(map)),
                }
            }
            Err(error) => {
                unreadable += 1;
                outln!(out, "{}", diagnostic(&file, map, line, error));
                outln!(out, "     the order is ignored and the unit holds");
            }
        }
    }
    let total = loaded.lines.len();
    if unreadable == 0 && illegal == 0 {
        outln!(out, "{file}: {} read", plural(total, "order"));
        Ok(Output::new(out, ExitCode::SUCCESS))
    } else {
        outln!(out, "{file}: {}: {unreadable} could not be read, {illegal} illegal", plural(total, "order"));
        Ok(Output::new(out, ExitCode::FAILURE))
    }
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 { format!("1 {word}") } else { format!("{n} {word}s") }
}

/// The `--json` form of `dip adjudicate`.
#[derive(Debug, Serialize)]
struct Report {
    results: Vec<ResultRow>,
    dislodged: Vec<DislodgedRow>,
    position: PositionFile,
}

#[derive(Debug, Serialize)]
struct ResultRow {
    power: String,
    order: String,
    /// `succeeds`, `fails`, `illegal`, or `unreadable`.
    result: String,
    reason: String,
}

#[derive(Debug, Serialize)]
struct DislodgedRow {
    power: String,
    unit: String,
    by: String,
    retreats: Vec<String>,
}

/// `dip adjudicate`: results, dislodged units and the next position of a movement phase.
pub fn adjudicate(path: &Path, json: bool) -> Result<Output, Errors> {
    let mut out = String::new();
    let loaded = load::position(path)?;
    let file = loaded.source.name();
    let map = &loaded.variant.map;
    let position = &loaded.position;
    if position.phase.kind != PhaseKind::Movement {
        return Err(vec![format!("{file}: {}: retreat and adjustment phases are not supported yet", position.phase)]);
    }
    let rules = loaded.variant.rules()?;
    let orders: Vec<Order> = loaded.lines.iter().filter_map(|l| l.parsed.as_ref().ok().cloned()).collect();
    let outcome = dip::adjudicate(map, position, &orders, &rules);
    if outcome.results.len() != orders.len() {
        return Err(vec![format!(
            "{file}: internal error: {} results for {} orders",
            outcome.results.len(),
            orders.len()
        )]);
    }

    // One row per order line, in the file's order; then the units that held without a
    // legal order and are not already reported as holding.
    let mut rows = Vec::new();
    let mut text = Vec::new();
    let mut results = outcome.results.iter();
    for line in &loaded.lines {
        let power = map.power(line.power).name.clone();
        match &line.parsed {
            Ok(order) => {
                let result = results.next().unwrap_or(&OrderResult::Succeeds);
                let order = order.display(map).to_string();
                let verdict = describe::verdict(result);
                let reason = describe::reason(map, position, result);
                text.push(if reason.is_empty() {
                    format!("{power}: {order}: {verdict}")
                } else {
                    format!("{power}: {order}: {verdict}, {reason}")
                });
                rows.push(ResultRow { power, order, result: verdict.into(), reason });
            }
            Err(error) => {
                text.push(diagnostic(&file, map, line, error));
                text.push("     the order is ignored and the unit holds".into());
                let place = match line.line {
                    Some(n) => format!("line {n}, column {}", error.column),
                    None => format!("column {}", error.column),
                };
                rows.push(ResultRow {
                    power,
                    order: line.text.clone(),
                    result: "unreadable".into(),
                    reason: format!("{place}: {}; the unit holds", describe::parse_error(error)),
                });
            }
        }
    }
    let mut holding = Vec::new();
    for &(power, loc) in &outcome.unordered {
        let province = map.province_of(loc);
        let already = orders.iter().zip(&outcome.results).any(|(o, r)| {
            matches!(r, OrderResult::Illegal(_)) && o.power == power && o.unit.place.province == province
        });
        if already {
            continue;
        }
        let Some(unit) = position.unit_in(map, province) else { continue };
        let dislodged = outcome.dislodged.iter().find(|d| d.unit.loc == unit.loc);
        let (verdict, reason) = match dislodged {
            Some(d) => ("fails", format!("no legal order; dislodged by {}", describe::unit_in(map, position, d.by))),
            None => ("succeeds", "no legal order".to_string()),
        };
        let power = map.power(power).name.clone();
        let order = format!("{} Hold", describe::unit(map, unit));
        holding.push(match dislodged {
            Some(_) => format!("{power}: {}: holds, {reason}", describe::unit(map, unit)),
            None => format!("{power}: {}: holds", describe::unit(map, unit)),
        });
        rows.push(ResultRow { power, order, result: verdict.into(), reason });
    }

    let mut dislodged_rows = Vec::new();
    let mut dislodged_text = Vec::new();
    for d in &outcome.dislodged {
        let power = map.power(d.unit.power).name.clone();
        let unit = describe::unit(map, &d.unit);
        let mut by = describe::unit_in(map, position, d.by);
        if d.by_convoy {
            by.push_str(" (convoyed)");
        }
        let retreats = describe::locations(map, &d.retreats);
        dislodged_text.push(if retreats.is_empty() {
            format!("{power}: {unit}, dislodged by {by}: no retreat, it must disband")
        } else {
            format!("{power}: {unit}, dislodged by {by}: may retreat to {}", describe::list(&retreats, "or"))
        });
        dislodged_rows.push(DislodgedRow { power, unit, by, retreats });
    }

    let next = PositionFile::write(map, &outcome.position, &[]);
    if json {
        let report = Report { results: rows, dislodged: dislodged_rows, position: next };
        let json = serde_json::to_string_pretty(&report)
            .map_err(|e| vec![format!("{file}: cannot write the results as JSON: {e}")])?;
        outln!(out, "{json}");
        return Ok(Output::new(out, ExitCode::SUCCESS));
    }
    let config =
        ron::ser::PrettyConfig::new().compact_arrays(true).extensions(ron::extensions::Extensions::IMPLICIT_SOME);
    let next = ron::ser::to_string_pretty(&next, config)
        .map_err(|e| vec![format!("{file}: cannot write the next position: {e}")])?;

    outln!(out, "{file}: {} ({})", position.phase, map.title());
    outln!(out, "\nOrders:");
    text.iter().for_each(|l| outln!(out, "{l}"));
    if !holding.is_empty() {
        outln!(out, "\nUnits without a legal order:");
        holding.iter().for_each(|l| outln!(out, "{l}"));
    }
    if !dislodged_text.is_empty() {
        outln!(out, "\nDislodged:");
        dislodged_text.iter().for_each(|l| outln!(out, "{l}"));
    }
    outln!(out, "\nNext position ({}):", outcome.position.phase);
    outln!(out, "{next}");
    Ok(Output::new(out, ExitCode::SUCCESS))
}

//! The subcommands. Each returns the exit code, or error lines naming the file at fault.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use dip::{AdjustmentResult, Map, Order, OrderLine, OrderResult, ParseError, PhaseKind, RetreatResult, Terrain};

use crate::describe;
use crate::load::{self, Errors, Variant};

/// What a command prints on standard output, and its exit code.
#[derive(Debug)]
pub struct Output {
    pub text: String,
    /// Errors to print on standard error after the text.
    pub errors: Errors,
    pub code: ExitCode,
}

impl Output {
    pub fn new(text: String, code: ExitCode) -> Self {
        Output { text, errors: Vec::new(), code }
    }
}

/// `dip variants`: for each embedded variant and each `*.ron` in the folder, a line with its
/// name, title, powers, provinces, centres and source, and an indented line naming its powers.
pub fn variants(dir: Option<&Path>) -> Result<Output, Errors> {
    let mut out = String::new();
    let mut rows: Vec<[String; 6]> = Vec::new();
    let mut power_names: Vec<String> = Vec::new();
    let mut errors = Vec::new();
    let mut add = |loaded: Result<Variant, Errors>| match loaded {
        Ok(v) => {
            let map = &v.map;
            // Neutral powers are nobody's: counted apart.
            let players = map.players().count();
            let powers = match map.power_count() - players {
                0 => plural(players, "power"),
                n => format!("{} + {n} neutral", plural(players, "power")),
            };
            power_names.push(map.players().map(|p| map.power(p).name.as_str()).collect::<Vec<_>>().join(", "));
            rows.push([
                map.name().to_string(),
                map.title().to_string(),
                powers,
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
            // A file the library already embeds with the same text is listed once.
            Ok(files) => files
                .iter()
                .filter(|f| {
                    let text = load::read_text(f).unwrap_or_default();
                    !dip::EMBEDDED_VARIANTS.iter().any(|(_, embedded)| *embedded == text)
                })
                .for_each(|f| add(load::variant_file(f))),
            Err(lines) => errors.extend(lines),
        }
    }
    let mut widths = [0; 6];
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    for (row, names) in rows.iter().zip(&power_names) {
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
        outln!(out, "    {names}");
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
pub fn diagnostic(file: &str, map: &Map, line: &OrderLine, error: &ParseError) -> String {
    let power = &map.power(line.power).name;
    let message = describe::parse_error(error);
    match line.line {
        Some(n) => format!("{file}:{n}:{}: {power}: `{}`: {message}", error.column, line.text),
        None => format!("{file}: {power}: `{}`: column {}: {message}", line.text, error.column),
    }
}

/// `dip check-orders`: reads every order and checks each one against the position (DATC
/// §4.E.1), in any phase: movement, retreat or adjustment; 1 if any cannot be read or is
/// illegal. Linear in the number of orders.
pub fn check_orders(path: &Path, rule_args: &load::RuleArgs) -> Result<Output, Errors> {
    let mut out = String::new();
    let loaded = load::position(path, rule_args)?;
    let map = &loaded.variant.map;
    let file = loaded.source.name();
    let orders: Vec<Order> = loaded.lines.iter().filter_map(|l| l.parsed.as_ref().ok().cloned()).collect();
    // Legality needs the position: the phase's adjudicator decides it order by order.
    let rules = loaded.variant.rules_with(&loaded.source.file, rule_args)?;
    let refused = |e: dip::AdjudicationError| vec![format!("{file}: {e}")];
    let position = &loaded.position;
    let (illegal_reasons, consequence): (Vec<Option<String>>, &str) = match position.phase.kind {
        PhaseKind::Movement => (
            dip::adjudicate(map, position, &orders, &rules)
                .map_err(refused)?
                .results
                .iter()
                .map(|r| match r {
                    OrderResult::Illegal(why) => Some(describe::illegal(*why)),
                    _ => None,
                })
                .collect(),
            "the order is ignored and the unit holds",
        ),
        PhaseKind::Retreat => (
            dip::adjudicate_retreats(map, position, &orders, &rules)
                .map_err(refused)?
                .results
                .iter()
                .map(|r| match r {
                    RetreatResult::Illegal(why) => Some(why.to_string()),
                    _ => None,
                })
                .collect(),
            "the order is ignored; a dislodged unit without a legal order is disbanded",
        ),
        PhaseKind::Adjustment => (
            dip::adjudicate_adjustments(map, position, &orders, &rules)
                .map_err(refused)?
                .results
                .iter()
                .map(|r| match r {
                    AdjustmentResult::Illegal(why) => Some(why.to_string()),
                    _ => None,
                })
                .collect(),
            "the order is ignored",
        ),
    };
    let unreadable_consequence = match position.phase.kind {
        PhaseKind::Movement => "the order is ignored and the unit holds",
        _ => consequence,
    };
    let mut verdicts = illegal_reasons.into_iter();
    let (mut unreadable, mut illegal) = (0, 0);
    for line in &loaded.lines {
        match &line.parsed {
            Ok(order) => {
                let power = &map.power(line.power).name;
                match verdicts.next().flatten() {
                    Some(why) => {
                        illegal += 1;
                        let at = line.line.map_or(String::new(), |n| format!(":{n}"));
                        outln!(out, "{file}{at}: {power}: `{}`: illegal: {why}", line.text);
                        outln!(out, "     {consequence}");
                    }
                    None => outln!(out, "ok   {power}: {}", order.display(map)),
                }
            }
            Err(error) => {
                unreadable += 1;
                outln!(out, "{}", diagnostic(&file, map, line, error));
                outln!(out, "     {unreadable_consequence}");
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

pub fn plural(n: usize, word: &str) -> String {
    if n == 1 { format!("1 {word}") } else { format!("{n} {word}s") }
}

//! A [`VariantFile`] as RON text in the layout of the files in `variants/`: one province
//! a block, short lists on one line, fields at their defaults left out.

use std::fmt::Write as _;

use dip_map::schema::{CalendarDef, PowerRole, ProvinceDef, VariantFile};
use dip_map::{BuildRule, Season};

/// Widest line the writer makes, as the workspace's rustfmt.
const WIDTH: usize = 120;

/// The variant as RON text, after `header` as `//` comment lines.
pub fn to_ron(variant: &VariantFile, header: &[String]) -> String {
    let mut out = String::new();
    for line in header {
        if line.is_empty() {
            out.push_str("//\n");
        } else {
            let _ = writeln!(out, "// {line}");
        }
    }
    out.push_str("(\n");
    field(&mut out, 1, "name", &quote(&variant.name));
    field(&mut out, 1, "title", &quote(&variant.title));
    if !variant.description.is_empty() {
        field(&mut out, 1, "description", &quote(&variant.description));
    }
    out.push_str("    powers: [\n");
    for p in &variant.powers {
        let mut parts = vec![
            format!("name: {}", quote(&p.name)),
            format!("adjective: {}", quote(&p.adjective)),
            format!("short: {}", quote(&p.short)),
        ];
        parts.push(format!("homes: {}", list(&p.homes.iter().map(|h| quote(h)).collect::<Vec<_>>(), 3)));
        if let PowerRole::Neutral { rebuilds } = p.role {
            parts.push(format!("role: Neutral(rebuilds: {rebuilds})"));
        }
        block_or_line(&mut out, 2, &parts);
    }
    out.push_str("    ],\n");
    out.push_str("    provinces: [\n");
    for p in &variant.provinces {
        province(&mut out, p);
    }
    out.push_str("    ],\n");
    start(&mut out, variant);
    let victory = match &variant.victory.lead {
        None => format!("(centres: {})", variant.victory.centres),
        Some(l) => format!(
            "(centres: {}, lead: (year: {}, centres: {}, less_each_year: {}, at_least: {}))",
            variant.victory.centres, l.year, l.centres, l.less_each_year, l.at_least
        ),
    };
    field(&mut out, 1, "victory", &victory);
    let rule = match variant.build_rule {
        BuildRule::HomeCentres => "HomeCentres",
        BuildRule::AnyOwnedCentre => "AnyOwnedCentre",
        BuildRule::AnyOwnedHomeCentre => "AnyOwnedHomeCentre",
    };
    field(&mut out, 1, "build_rule", rule);
    let rules: Vec<String> = variant.rules.iter().map(|(k, v)| format!("{}: {}", quote(k), quote(v))).collect();
    field(&mut out, 1, "rules", &format!("{{{}}}", rules.join(", ")));
    if !variant.railroads.is_empty() {
        out.push_str("    railroads: [\n");
        for r in &variant.railroads {
            let stations: Vec<String> = r.stations.iter().map(|s| quote(s)).collect();
            block_or_line(
                &mut out,
                2,
                &[
                    format!("name: {}", quote(&r.name)),
                    format!("short: {}", quote(&r.short)),
                    format!("power: {}", quote(&r.power)),
                    format!("stations: {}", list(&stations, 3)),
                ],
            );
        }
        out.push_str("    ],\n");
    }
    if !variant.canals.is_empty() {
        out.push_str("    canals: [\n");
        for c in &variant.canals {
            block_or_line(
                &mut out,
                2,
                &[
                    format!("name: {}", quote(&c.name)),
                    format!("short: {}", quote(&c.short)),
                    format!("between: ({}, {})", quote(&c.between.0), quote(&c.between.1)),
                    format!("keeper: {}", quote(&c.keeper)),
                ],
            );
        }
        out.push_str("    ],\n");
    }
    if !variant.difficult_borders.is_empty() {
        out.push_str("    difficult_borders: [\n");
        for d in &variant.difficult_borders {
            let _ = writeln!(
                out,
                "        (between: ({}, {}), strength_cost: {}),",
                quote(&d.between.0),
                quote(&d.between.1),
                d.strength_cost
            );
        }
        out.push_str("    ],\n");
    }
    if !variant.centre_restrictions.is_empty() {
        out.push_str("    centre_restrictions: [\n");
        for r in &variant.centre_restrictions {
            let _ = writeln!(
                out,
                "        (centre: {}, power: {}, may_build: {}, counts: {}),",
                quote(&r.centre),
                quote(&r.power),
                r.may_build,
                r.counts
            );
        }
        out.push_str("    ],\n");
    }
    if !variant.one_way_borders.is_empty() {
        let pairs: Vec<String> =
            variant.one_way_borders.iter().map(|(a, b)| format!("({}, {})", quote(a), quote(b))).collect();
        field(&mut out, 1, "one_way_borders", &list(&pairs, 2));
    }
    if variant.calendar != CalendarDef::default() {
        let c = variant.calendar;
        field(
            &mut out,
            1,
            "calendar",
            &format!("(years_to_fall: {}, years_to_spring: {})", c.years_to_fall, c.years_to_spring),
        );
    }
    out.push_str(")\n");
    out
}

/// A RON string literal.
fn quote(text: &str) -> String {
    format!("{text:?}")
}

fn indent(level: usize) -> String {
    "    ".repeat(level)
}

fn field(out: &mut String, level: usize, name: &str, value: &str) {
    let _ = writeln!(out, "{}{name}: {value},", indent(level));
}

/// `[a, b, c]` on one line, or wrapped at [`WIDTH`] with the items at `level`.
fn list(items: &[String], level: usize) -> String {
    let one = format!("[{}]", items.join(", "));
    if one.len() + indent(level).len() + 20 <= WIDTH {
        return one;
    }
    let mut out = String::from("[\n");
    let mut line = String::new();
    for item in items {
        if !line.is_empty() && indent(level).len() + line.len() + item.len() + 2 > WIDTH {
            let _ = writeln!(out, "{}{}", indent(level), line.trim_end());
            line.clear();
        }
        line.push_str(item);
        line.push_str(", ");
    }
    if !line.is_empty() {
        let _ = writeln!(out, "{}{}", indent(level), line.trim_end());
    }
    out.push_str(&indent(level - 1));
    out.push(']');
    out
}

/// `(a: 1, b: 2),` on one line when it fits and has no wrapped list, else one field a line.
fn block_or_line(out: &mut String, level: usize, parts: &[String]) {
    let one = format!("({}),", parts.join(", "));
    if !one.contains('\n') && indent(level).len() + one.len() <= WIDTH {
        let _ = writeln!(out, "{}{one}", indent(level));
        return;
    }
    let _ = writeln!(out, "{}(", indent(level));
    for part in parts {
        let _ = writeln!(out, "{}{part},", indent(level + 1));
    }
    let _ = writeln!(out, "{}),", indent(level));
}

fn quoted(items: &[String]) -> Vec<String> {
    items.iter().map(|s| quote(s)).collect()
}

fn province(out: &mut String, p: &ProvinceDef) {
    let mut parts = vec![format!("abbr: {}", quote(&p.abbr)), format!("name: {}", quote(&p.name))];
    if !p.aliases.is_empty() {
        parts.push(format!("aliases: {}", list(&quoted(&p.aliases), 3)));
    }
    parts.push(format!("terrain: {:?}", p.terrain));
    if p.centre {
        parts.push("centre: true".into());
    }
    if !p.army.is_empty() {
        parts.push(format!("army: {}", list(&quoted(&p.army), 3)));
    }
    if !p.fleet.is_empty() {
        parts.push(format!("fleet: {}", list(&quoted(&p.fleet), 3)));
    }
    if !p.coasts.is_empty() {
        let mut coasts = String::from("[\n");
        for c in &p.coasts {
            let line =
                format!("(abbr: {}, name: {}, fleet: {}),", quote(&c.abbr), quote(&c.name), list(&quoted(&c.fleet), 5));
            if line.contains('\n') || indent(4).len() + line.len() > WIDTH {
                let _ = writeln!(coasts, "{}(", indent(4));
                let _ = writeln!(coasts, "{}abbr: {},", indent(5), quote(&c.abbr));
                let _ = writeln!(coasts, "{}name: {},", indent(5), quote(&c.name));
                let _ = writeln!(coasts, "{}fleet: {},", indent(5), list(&quoted(&c.fleet), 6));
                let _ = writeln!(coasts, "{}),", indent(4));
            } else {
                let _ = writeln!(coasts, "{}{line}", indent(4));
            }
        }
        coasts.push_str(&indent(3));
        coasts.push(']');
        parts.push(format!("coasts: {coasts}"));
    }
    if p.convoyable {
        parts.push("convoyable: true".into());
    }
    if !p.frozen_in.is_empty() {
        let seasons: Vec<&str> = p
            .frozen_in
            .iter()
            .map(|s| match s {
                Season::Spring => "Spring",
                Season::Fall => "Fall",
            })
            .collect();
        parts.push(format!("frozen_in: [{}]", seasons.join(", ")));
    }
    let _ = writeln!(out, "        (");
    for part in parts {
        let _ = writeln!(out, "            {part},");
    }
    let _ = writeln!(out, "        ),");
}

fn start(out: &mut String, variant: &VariantFile) {
    let s = &variant.start;
    out.push_str("    start: (\n");
    field(out, 2, "season", &format!("{:?}", s.season));
    field(out, 2, "year", &s.year.to_string());
    out.push_str("        units: [\n");
    for u in &s.units {
        let _ = writeln!(out, "            (power: {}, kind: {:?}, at: {}),", quote(&u.power), u.kind, quote(&u.at));
    }
    out.push_str("        ],\n");
    if !s.extra_owned.is_empty() {
        let pairs: Vec<String> = s.extra_owned.iter().map(|(c, p)| format!("({}, {})", quote(c), quote(p))).collect();
        field(out, 2, "extra_owned", &list(&pairs, 3));
    }
    if let Some(owners) = &s.owners {
        let pairs: Vec<String> = owners.iter().map(|(c, p)| format!("({}, {})", quote(c), quote(p))).collect();
        field(out, 2, "owners", &list(&pairs, 3));
    }
    out.push_str("    ),\n");
}

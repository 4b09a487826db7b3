//! The picture: the static map (made once per board), then units, orders, results and the
//! legend of one scene.

use dip::{Map, Position, ProvinceId, Terrain, UnitKind};

use crate::layout::{Layout, Point, Shape};
use crate::style::{self, BORDER, INK, SEA, SEA_BORDER, SEA_INK};
use crate::svg::{self, attr, label, num};
use crate::{Board, Scene, orders};

/// Width of the panel right of the map: title, powers, key.
pub(crate) const PANEL_WIDTH: f32 = 250.0;

/// The font every text uses; the PNG renderer embeds the first of the list.
pub(crate) const FONT_FAMILY: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

/// The parts of a board's SVG that do not change with the position.
#[derive(Clone, Debug)]
pub(crate) struct Base {
    /// `<svg>` start, background, impassable land, schematic borders.
    head: String,
    /// Per province: the element up to its fill, and the rest.
    provinces: Vec<(String, String)>,
    /// Centre marks, drawn over the provinces.
    centres: String,
    /// Province names, drawn over the orders' lines and under the units.
    labels: String,
}

impl Base {
    pub fn new(map: &Map, layout: &Layout) -> Self {
        let mut head = String::new();
        head.push_str("<rect x=\"0\" y=\"0\"");
        attr(&mut head, "width", layout.width);
        attr(&mut head, "height", layout.height);
        head.push_str(if layout.is_schematic() { " fill=\"#f7f4ec\"/>\n" } else { " fill=\"" });
        if !layout.is_schematic() {
            head.push_str(SEA);
            head.push_str("\"/>\n");
        }
        if !layout.impassable.is_empty() {
            head.push_str("<g id=\"impassable\" fill=\"");
            head.push_str(style::IMPASSABLE);
            head.push_str("\" stroke=\"");
            head.push_str(BORDER);
            head.push_str("\" stroke-width=\"0.8\" stroke-linejoin=\"round\">");
            for area in &layout.impassable {
                head.push_str("<path d=\"");
                head.push_str(&area.shape);
                head.push_str("\"/>");
            }
            head.push_str("</g>\n");
        }
        if !layout.edges.is_empty() {
            schematic_edges(&mut head, layout);
        }

        let provinces = map
            .provinces()
            .zip(&layout.provinces)
            .map(|(id, art)| {
                let sea = map.province(id).terrain == Terrain::Sea;
                let mut start = String::new();
                match &art.shape {
                    Shape::Path(d) => {
                        start.push_str("<path id=\"p");
                        start.push_str(&id.0.to_string());
                        start.push_str("\" d=\"");
                        start.push_str(d);
                        start.push('"');
                    }
                    Shape::Disc { centre, radius } => {
                        start.push_str("<circle id=\"p");
                        start.push_str(&id.0.to_string());
                        start.push('"');
                        attr(&mut start, "cx", centre.x);
                        attr(&mut start, "cy", centre.y);
                        attr(&mut start, "r", *radius);
                    }
                }
                start.push_str(" fill=\"");
                let mut end = String::from("\" stroke=\"");
                let schematic_coast =
                    matches!(art.shape, Shape::Disc { .. }) && map.province(id).terrain == Terrain::Coast;
                end.push_str(if sea || schematic_coast { SEA_BORDER } else { BORDER });
                end.push_str(if schematic_coast { "\" stroke-width=\"3\"" } else { "\" stroke-width=\"1\"" });
                end.push_str(" stroke-linejoin=\"bevel\"/>\n");
                (start, end)
            })
            .collect();

        let mut statics = String::new();
        statics.push_str("<g id=\"centres\">");
        for id in map.centres() {
            let Some(art) = layout.provinces.get(id.index()) else { continue };
            statics.push_str("<circle");
            attr(&mut statics, "cx", art.centre.x);
            attr(&mut statics, "cy", art.centre.y);
            attr(&mut statics, "r", layout.unit_radius * 0.42);
            statics.push_str(" fill=\"#fffdf5\" stroke=\"");
            statics.push_str(INK);
            statics.push_str("\" stroke-width=\"1.3\"/><circle");
            attr(&mut statics, "cx", art.centre.x);
            attr(&mut statics, "cy", art.centre.y);
            attr(&mut statics, "r", layout.unit_radius * 0.17);
            statics.push_str(" fill=\"");
            statics.push_str(INK);
            statics.push_str("\"/>");
        }
        statics.push_str("</g>\n");
        let centres = std::mem::take(&mut statics);
        statics.push_str("<g id=\"labels\" font-weight=\"bold\">");
        for area in &layout.impassable {
            if let Some(at) = area.label {
                label(&mut statics, at, layout.label_size * 0.85, "#6b6457", " font-style=\"italic\"", &area.name);
            }
        }
        for id in map.provinces() {
            let Some(art) = layout.provinces.get(id.index()) else { continue };
            let province = map.province(id);
            let sea = province.terrain == Terrain::Sea;
            let text = label_text(&province.abbr, sea);
            let extra = if sea { " font-style=\"italic\"" } else { "" };
            label(&mut statics, art.label, layout.label_size, if sea { SEA_INK } else { INK }, extra, &text);
        }
        statics.push_str("</g>\n");
        Base { head, provinces, centres, labels: statics }
    }

    /// An upper bound of the static text's length.
    pub fn len(&self) -> usize {
        self.head.len()
            + self.centres.len()
            + self.labels.len()
            + self.provinces.iter().map(|(a, b)| a.len() + b.len() + 8).sum::<usize>()
    }

    /// The `<svg>` start tag and the background.
    pub fn open(&self, out: &mut String, layout: &Layout) {
        let width = layout.width + PANEL_WIDTH;
        out.push_str("<svg xmlns=\"http://www.w3.org/2000/svg\"");
        attr(out, "width", width);
        attr(out, "height", layout.height);
        out.push_str(" viewBox=\"0 0 ");
        num(out, width);
        out.push(' ');
        num(out, layout.height);
        out.push_str("\" font-family=\"");
        out.push_str(FONT_FAMILY);
        out.push_str("\">\n");
        out.push_str(&self.head);
    }

    /// The provinces, each filled as `fill` says.
    pub fn provinces<'f>(&self, out: &mut String, fill: impl Fn(ProvinceId) -> &'f str) {
        out.push_str("<g id=\"provinces\">\n");
        for (i, (start, end)) in self.provinces.iter().enumerate() {
            out.push_str(start);
            out.push_str(fill(ProvinceId(i as u16)));
            out.push_str(end);
        }
        out.push_str("</g>\n");
    }

    pub fn centres(&self) -> &str {
        &self.centres
    }

    pub fn labels(&self) -> &str {
        &self.labels
    }
}

/// `Par` for land, `NTH` for the sea: the abbreviation as maps write it.
fn label_text(abbr: &str, sea: bool) -> String {
    if sea {
        return abbr.to_uppercase();
    }
    let mut chars = abbr.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The schematic layout's borders: armies brown, fleets blue, both dark.
fn schematic_edges(out: &mut String, layout: &Layout) {
    out.push_str("<g id=\"borders\" stroke-linecap=\"round\" fill=\"none\">");
    for edge in &layout.edges {
        let (colour, width, dash) = match (edge.army, edge.fleet) {
            (true, true) => ("#6e6659", 2.6, ""),
            (true, false) => ("#b08850", 2.6, ""),
            _ => ("#6f9cc4", 2.2, " stroke-dasharray=\"6 4\""),
        };
        out.push_str("<path d=\"M");
        svg::point(out, edge.from);
        out.push('L');
        svg::point(out, edge.to);
        out.push_str("\" stroke=\"");
        out.push_str(colour);
        out.push('"');
        attr(out, "stroke-width", width);
        out.push_str(dash);
        out.push_str("/>");
    }
    out.push_str("</g>\n");
}

/// A unit symbol: an army's cannon or a fleet's ship, in the power's colour, centred on
/// `at` at radius `r`. `id` names the element (`u12`: the unit at location 12).
pub(crate) fn unit(out: &mut String, id: &str, kind: UnitKind, colour: &str, at: Point, r: f32, extra: &str) {
    out.push_str("<g id=\"");
    out.push_str(id);
    out.push_str("\" class=\"");
    // The id's letter says what the symbol is: a unit (u), dislodged (d), built (b).
    out.push_str(match id.as_bytes().first() {
        Some(b'd') => "dislodged ",
        Some(b'b') => "build ",
        Some(b'u') => "unit ",
        _ => "",
    });
    out.push_str(if kind == UnitKind::Army { "army" } else { "fleet" });
    out.push_str("\" transform=\"translate(");
    svg::point(out, at);
    out.push_str(") scale(");
    num(out, r / 10.0);
    out.push_str(")\"");
    out.push_str(extra);
    out.push('>');
    let shape = match kind {
        UnitKind::Army => ARMY,
        UnitKind::Fleet => FLEET,
    };
    // A white halo first keeps the symbol readable on any province colour.
    out.push_str("<path d=\"");
    out.push_str(shape);
    out.push_str("\" fill=\"#fff\" stroke=\"#fff\" stroke-width=\"4\" stroke-linejoin=\"round\"/><path d=\"");
    out.push_str(shape);
    out.push_str("\" fill=\"");
    out.push_str(colour);
    out.push_str("\" stroke=\"#1b1b1b\" stroke-width=\"1.4\" stroke-linejoin=\"round\"/></g>");
}

/// An army: a cannon on its wheel, about 22 × 16 at scale 1.
const ARMY: &str = "M-11,-1.5L7,-9L9.5,-4L-9,3.5ZM-9,3H6L8,8H-11ZM3,5.5A4.2,4.2 0 1 1 -5.4,5.5A4.2,4.2 0 1 1 3,5.5Z";
/// A fleet: a hull with two sails, about 24 × 18 at scale 1.
const FLEET: &str = "M-12,1.5H12L8,8H-8.5ZM-0.5,-10V0H9ZM-2.5,-7V0H-10Z";

/// The orders' lines of the scene, under the labels; where their failure marks go.
pub(crate) fn order_lines(out: &mut String, board: &Board<'_>, scene: &Scene<'_>) -> orders::Marks {
    orders::draw(out, board, scene)
}

/// Everything else that depends on the scene, over the labels: units, results, title and
/// legend.
pub(crate) fn overlay(out: &mut String, board: &Board<'_>, scene: &Scene<'_>, marks: &orders::Marks) {
    let map = board.map;
    let layout = &board.layout;
    let position = scene.position;

    out.push_str("<g id=\"units\">");
    let mut id = String::new();
    for u in &position.units {
        let Some(&at) = layout.anchors.get(u.loc.index()) else { continue };
        if orders::is_dislodged(scene, u.loc) {
            continue;
        }
        id.clear();
        id.push('u');
        id.push_str(&u.loc.0.to_string());
        unit(out, &id, u.kind, board.palette.strong(u.power), at, layout.unit_radius, "");
    }
    out.push_str("</g>\n");
    orders::draw_results(out, board, scene, marks);
    legend(out, board, map, position, scene);
}

/// Supply centres owned, by power.
fn centre_counts(map: &Map, position: &Position) -> Vec<usize> {
    let mut counts = vec![0; map.power_count()];
    for owner in position.owners.iter().flatten() {
        if let Some(c) = counts.get_mut(owner.index()) {
            *c += 1;
        }
    }
    counts
}

/// The panel right of the map: the phase, each power's centres and units, the key.
fn legend(out: &mut String, board: &Board<'_>, map: &Map, position: &Position, scene: &Scene<'_>) {
    let x0 = board.layout.width;
    let height = board.layout.height;
    out.push_str("<g id=\"legend\"><rect");
    attr(out, "x", x0);
    attr(out, "y", 0.0);
    attr(out, "width", PANEL_WIDTH);
    attr(out, "height", height);
    out.push_str(" fill=\"#fbf8f0\" stroke=\"#b9b1a0\"/>");
    let left = x0 + 16.0;
    let mut y = 34.0;
    let phase = position.phase.to_string();
    let title = scene.title.unwrap_or(&phase);
    text_at(out, left, y, 17.0, "bold", title);
    y += 20.0;
    text_at(out, left, y, 11.5, "normal", map.title());
    y += 30.0;
    text_at(out, left, y, 11.5, "bold", "Power");
    text_right(out, x0 + PANEL_WIDTH - 62.0, y, 11.5, "bold", "Centres");
    text_right(out, x0 + PANEL_WIDTH - 14.0, y, 11.5, "bold", "Units");
    y += 8.0;
    let counts = centre_counts(map, position);
    let mut units = vec![0usize; map.power_count()];
    for u in &position.units {
        if let Some(n) = units.get_mut(u.power.index()) {
            *n += 1;
        }
    }
    // Many powers (Chaos has 34): smaller rows, so they fit.
    let row = ((height * 0.45 - y) / map.power_count().max(1) as f32).clamp(8.0, 20.0);
    let size = (row * 0.62).min(12.0);
    for p in map.powers() {
        y += row;
        let colour = board.palette.strong(p);
        out.push_str("<rect");
        attr(out, "x", left);
        attr(out, "y", y - size * 0.9);
        attr(out, "width", size * 1.6);
        attr(out, "height", size);
        out.push_str(" rx=\"2\" fill=\"");
        out.push_str(colour);
        out.push_str("\" stroke=\"#333\" stroke-width=\"0.8\"/>");
        text_at(out, left + size * 2.2, y, size, "normal", &map.power(p).name);
        text_right(out, x0 + PANEL_WIDTH - 62.0, y, size, "normal", &counts[p.index()].to_string());
        text_right(out, x0 + PANEL_WIDTH - 14.0, y, size, "normal", &units[p.index()].to_string());
    }
    y += 28.0;
    key(out, board, left, y);
    out.push_str("</g>\n");
}

/// The key: what each symbol and line means.
fn key(out: &mut String, board: &Board<'_>, left: f32, mut y: f32) {
    let r = 9.0;
    let grey = "#9a9a9a";
    text_at(out, left, y, 11.5, "bold", "Key");
    let row = |out: &mut String, y: &mut f32, name: &str, draw: &dyn Fn(&mut String, Point)| {
        *y += 24.0;
        draw(out, Point::new(left + 16.0, *y - 4.0));
        text_at(out, left + 40.0, *y, 11.0, "normal", name);
    };
    row(out, &mut y, "Army", &|out, at| unit(out, "key-army", UnitKind::Army, grey, at, r, ""));
    row(out, &mut y, "Fleet", &|out, at| unit(out, "key-fleet", UnitKind::Fleet, grey, at, r, ""));
    row(out, &mut y, "Supply centre", &|out, at| {
        out.push_str("<circle");
        attr(out, "cx", at.x);
        attr(out, "cy", at.y);
        out.push_str(" r=\"4.6\" fill=\"#fffdf5\" stroke=\"#2b2620\" stroke-width=\"1.3\"/><circle");
        attr(out, "cx", at.x);
        attr(out, "cy", at.y);
        out.push_str(" r=\"1.9\" fill=\"#2b2620\"/>");
    });
    let colour = "#555555";
    row(out, &mut y, "Move", &|out, at| orders::key_line(out, at, colour, orders::LineKind::Move));
    row(out, &mut y, "Support", &|out, at| orders::key_line(out, at, colour, orders::LineKind::Support));
    row(out, &mut y, "Convoy", &|out, at| orders::key_line(out, at, colour, orders::LineKind::Convoy));
    row(out, &mut y, "Hold", &|out, at| orders::key_line(out, at, colour, orders::LineKind::Hold));
    row(out, &mut y, "Failed order", &|out, at| {
        out.push_str("<path");
        orders::cross_mark(out, at, 6.0);
    });
    row(out, &mut y, "Dislodged, may retreat", &|out, at| orders::key_line(out, at, colour, orders::LineKind::Retreat));
    if board.layout.is_schematic() {
        let edge = |out: &mut String, y: &mut f32, name: &str, colour: &str, dash: &str| {
            *y += 22.0;
            out.push_str("<path d=\"M");
            svg::point(out, Point::new(left + 4.0, *y - 4.0));
            out.push('h');
            num(out, 26.0);
            out.push_str("\" stroke=\"");
            out.push_str(colour);
            out.push_str("\" stroke-width=\"2.6\"");
            out.push_str(dash);
            out.push_str("/>");
            text_at(out, left + 40.0, *y, 11.0, "normal", name);
        };
        edge(out, &mut y, "Border: armies and fleets", "#6e6659", "");
        edge(out, &mut y, "Border: armies only", "#b08850", "");
        edge(out, &mut y, "Border: fleets only", "#6f9cc4", " stroke-dasharray=\"6 4\"");
        y += 22.0;
        text_at(out, left, y, 10.0, "normal", "Schematic layout (no geometry)");
    }
}

fn text_at(out: &mut String, x: f32, y: f32, size: f32, weight: &str, s: &str) {
    text_anchored(out, "", x, y, size, weight, s);
}

fn text_right(out: &mut String, x: f32, y: f32, size: f32, weight: &str, s: &str) {
    text_anchored(out, " text-anchor=\"end\"", x, y, size, weight, s);
}

fn text_anchored(out: &mut String, anchor: &str, x: f32, y: f32, size: f32, weight: &str, s: &str) {
    out.push_str("<text");
    out.push_str(anchor);
    attr(out, "x", x);
    attr(out, "y", y);
    attr(out, "font-size", size);
    out.push_str(" font-weight=\"");
    out.push_str(weight);
    out.push_str("\" fill=\"#222\">");
    svg::text(out, s);
    out.push_str("</text>");
}

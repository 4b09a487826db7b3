//! Orders as lines (moves as arrows, supports dashed to the move or unit they support,
//! convoys along their fleets, holds as rings) and their results (failed orders crossed,
//! dislodged units beside their province with their retreat options, builds, removals).

use dip::{
    Action, AdjustmentResult, LocId, Map, Order, OrderResult, PhaseOutcome, Place, Position, ProvinceId, RetreatResult,
    Unit, UnitKind,
};

use crate::draw::unit;
use crate::layout::{Layout, Point};
use crate::style::FAILED;
use crate::svg::{self, Quad, attr, num};
use crate::{Board, Scene};

/// What became of an order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Status {
    /// No outcome was given.
    Pending,
    Succeeded,
    Failed,
    /// Illegal or unreadable: the unit held (or did nothing).
    Illegal,
}

fn statuses(scene: &Scene<'_>) -> Vec<Status> {
    let n = scene.orders.len();
    let of = |succeeded: bool, illegal: bool| match (succeeded, illegal) {
        (true, _) => Status::Succeeded,
        (false, true) => Status::Illegal,
        (false, false) => Status::Failed,
    };
    let mut out = vec![Status::Pending; n];
    match scene.outcome {
        None => {}
        Some(PhaseOutcome::Movement(o)) => {
            for (s, r) in out.iter_mut().zip(&o.results) {
                *s = of(r.succeeded(), matches!(r, OrderResult::Illegal(_)));
            }
        }
        Some(PhaseOutcome::Retreat(o)) => {
            for (s, r) in out.iter_mut().zip(&o.results) {
                *s = of(r.succeeded(), matches!(r, RetreatResult::Illegal(_)));
            }
        }
        Some(PhaseOutcome::Adjustment(o)) => {
            for (s, r) in out.iter_mut().zip(&o.results) {
                *s = of(r.succeeded(), matches!(r, AdjustmentResult::Illegal(_)));
            }
        }
    }
    out
}

/// The kinds of line, for the key.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum LineKind {
    Move,
    Support,
    Convoy,
    Hold,
    Retreat,
}

/// Line widths and sizes for a board, in proportion to its unit symbols.
#[derive(Clone, Copy, Debug)]
struct Pen {
    r: f32,
    mv: f32,
    support: f32,
}

impl Pen {
    fn new(layout: &Layout) -> Self {
        let r = layout.unit_radius;
        Pen { r, mv: r * 0.3, support: r * 0.2 }
    }
}

/// A drawn move: where support lines for it should point.
#[derive(Clone, Debug)]
struct Drawn {
    from: ProvinceId,
    to: ProvinceId,
    /// Points along the drawn line; support lines end near its middle.
    points: Vec<Point>,
}

/// Where on a line a cross marks its failure, per order.
pub(crate) struct Marks {
    at: Vec<Option<Point>>,
    status: Vec<Status>,
}

/// The board's drawing context for one scene.
struct Ctx<'a> {
    map: &'a Map,
    layout: &'a Layout,
    position: &'a Position,
    board: &'a Board<'a>,
    pen: Pen,
}

impl Ctx<'_> {
    fn anchor(&self, loc: LocId) -> Option<Point> {
        self.layout.anchors.get(loc.index()).copied()
    }

    fn province_anchor(&self, province: ProvinceId) -> Option<Point> {
        self.anchor(self.map.main_loc(province))
    }

    /// Where an order's destination is drawn: the named coast, else the province.
    fn place(&self, place: &Place) -> Option<Point> {
        if place.province.index() >= self.map.province_count() {
            return None;
        }
        match place.coast_loc().filter(|c| c.index() < self.map.location_count()) {
            Some(coast) => self.anchor(coast),
            None => self.province_anchor(place.province),
        }
    }

    /// The unit standing in a province, if any.
    fn unit_in(&self, province: ProvinceId) -> Option<&Unit> {
        self.position
            .units
            .iter()
            .find(|u| u.loc.index() < self.map.location_count() && self.map.province_of(u.loc) == province)
    }

    /// Where the unit an order names is drawn: the unit in the province (a dislodged one
    /// in a retreat phase, beside the province), else the province itself.
    fn origin(&self, place: &Place, retreat: bool) -> Option<Point> {
        if retreat {
            let dislodged = self.position.dislodged.iter().find(|d| {
                d.unit.loc.index() < self.map.location_count() && self.map.province_of(d.unit.loc) == place.province
            });
            if let Some(d) = dislodged {
                return self.anchor(d.unit.loc).map(|p| self.layout.dislodged_at(p));
            }
        }
        match self.unit_in(place.province) {
            Some(u) => self.anchor(u.loc),
            None => self.place(place),
        }
    }

    fn colour(&self, order: &Order) -> &str {
        self.board.palette.strong(order.power)
    }
}

/// Draws every order's line (under the units) and returns where each failure mark goes.
pub(crate) fn draw(out: &mut String, board: &Board<'_>, scene: &Scene<'_>) -> Marks {
    let status = statuses(scene);
    let mut at = vec![None; scene.orders.len()];
    if scene.orders.is_empty() {
        return Marks { at, status };
    }
    let ctx =
        Ctx { map: board.map, layout: &board.layout, position: scene.position, board, pen: Pen::new(&board.layout) };
    let retreat = scene.position.phase.kind == dip::PhaseKind::Retreat;
    out.push_str("<g id=\"orders\" fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\">");

    // Moves first: supports point at them, convoys ride along them.
    let mut moves: Vec<Drawn> = Vec::new();
    let mut convoying: Vec<usize> = Vec::new();
    for (i, order) in scene.orders.iter().enumerate() {
        let faded = status[i] == Status::Illegal;
        let Some(from) = ctx.origin(&order.unit.place, retreat) else { continue };
        let colour = if faded { "#8c8c8c" } else { ctx.colour(order) };
        match &order.action {
            Action::Move { to, via_convoy } => {
                let path = order.path();
                let Some(end) = ctx.place(to) else { continue };
                let fleets = convoy_route(&ctx, scene.orders, order, to.province, *via_convoy, path);
                convoying.extend(fleets.iter().map(|&(j, _)| j));
                let mut points = vec![from];
                points.extend(fleets.iter().map(|&(_, p)| p));
                points.push(end);
                at[i] = Some(arrow_through(out, &ctx, &points, colour, faded, ctx.unit_in(to.province).is_some()));
                moves.push(Drawn { from: order.unit.place.province, to: to.province, points });
            }
            Action::Retreat { to } => {
                let Some(end) = ctx.place(to) else { continue };
                let points = [from, end];
                at[i] = Some(arrow_through(out, &ctx, &points, colour, faded, ctx.unit_in(to.province).is_some()));
            }
            Action::Rail { railroad, to } => {
                let Some(end) = ctx.place(to) else { continue };
                let mut points = vec![from];
                points.extend(rail_stations(&ctx, usize::from(*railroad), order.unit.place.province, to.province));
                points.push(end);
                at[i] = Some(arrow_through(out, &ctx, &points, colour, faded, ctx.unit_in(to.province).is_some()));
                moves.push(Drawn { from: order.unit.place.province, to: to.province, points });
            }
            _ => {}
        }
    }
    for (i, order) in scene.orders.iter().enumerate() {
        let faded = status[i] == Status::Illegal;
        let Some(from) = ctx.origin(&order.unit.place, retreat) else { continue };
        let colour = if faded { "#8c8c8c" } else { ctx.colour(order) };
        match &order.action {
            Action::Hold => {
                ring(out, from, ctx.pen.r * 1.45, colour, ctx.pen.mv * 0.8, "");
                at[i] = Some(from + Point::new(ctx.pen.r, -ctx.pen.r));
            }
            Action::SupportHold { target } => {
                let Some(end) = ctx.origin(&target.place, false) else { continue };
                let line = Quad::bowed(from, end, 0.08).trimmed(ctx.pen.r * 0.8, ctx.pen.r * 1.5);
                dashed(out, &line, colour, ctx.pen.support, false);
                ring(out, end, ctx.pen.r * 1.5, colour, ctx.pen.support, " stroke-dasharray=\"4 3\"");
                at[i] = Some(line.at(0.5));
            }
            Action::SupportMove { target, to } => {
                let supported = moves.iter().find(|m| m.from == target.place.province && m.to == to.province);
                let end = match supported {
                    Some(m) => along(&m.points, 0.62),
                    None => match ctx.place(to) {
                        Some(p) => p,
                        None => continue,
                    },
                };
                let line = Quad::bowed(from, end, 0.1).trimmed(ctx.pen.r * 0.8, ctx.pen.mv * 0.5);
                dashed(out, &line, colour, ctx.pen.support, true);
                at[i] = Some(line.at(0.5));
            }
            Action::Convoy { army, .. } => {
                if convoying.contains(&i) {
                    ring(out, from, ctx.pen.r * 1.45, colour, ctx.pen.support, " stroke-dasharray=\"2 3\"");
                    at[i] = Some(from + Point::new(ctx.pen.r, -ctx.pen.r));
                } else {
                    let Some(end) = ctx.origin(&army.place, false) else { continue };
                    let line = Quad::bowed(from, end, 0.08).trimmed(ctx.pen.r * 0.8, ctx.pen.r * 1.2);
                    out.push_str("<path d=\"");
                    line.path(out);
                    out.push_str("\" stroke=\"");
                    out.push_str(colour);
                    out.push('"');
                    attr(out, "stroke-width", ctx.pen.support);
                    out.push_str(" stroke-dasharray=\"2 3\"/>");
                    at[i] = Some(line.at(0.5));
                }
            }
            Action::Permit { canal, .. } => {
                let keeper = ctx.map.canals().get(usize::from(*canal)).and_then(|c| ctx.province_anchor(c.keeper));
                let Some(keeper) = keeper else { continue };
                let line = Quad::bowed(keeper, from, 0.08).trimmed(ctx.pen.r * 0.8, ctx.pen.r * 1.2);
                dashed(out, &line, colour, ctx.pen.support, false);
                at[i] = Some(line.at(0.5));
            }
            Action::Disband | Action::Remove => at[i] = Some(from),
            Action::Build => {
                let Some(loc) = build_loc(ctx.map, order) else { continue };
                let Some(at_loc) = ctx.anchor(loc) else { continue };
                ring(out, at_loc, ctx.pen.r * 1.55, colour, ctx.pen.support, " stroke-dasharray=\"4 3\"");
                at[i] = Some(at_loc + Point::new(ctx.pen.r, -ctx.pen.r));
            }
            Action::Move { .. } | Action::Retreat { .. } | Action::Rail { .. } | Action::Waive => {}
        }
    }
    out.push_str("</g>\n");
    Marks { at, status }
}

/// The location a build order puts its unit on.
fn build_loc(map: &Map, order: &Order) -> Option<LocId> {
    let place = &order.unit.place;
    if place.province.index() >= map.province_count() {
        return None;
    }
    match place.coast_loc() {
        Some(coast) if coast.index() < map.location_count() => Some(coast),
        _ => Some(map.main_loc(place.province)),
    }
}

/// The convoying fleets a convoyed move passes, in order from the army to the coast, with
/// where they are drawn; empty for a move over land. Follows the path the order writes,
/// else the shortest chain of fleets ordered to convoy this army there.
fn convoy_route(
    ctx: &Ctx<'_>,
    orders: &[Order],
    order: &Order,
    to: ProvinceId,
    via_convoy: bool,
    path: &[ProvinceId],
) -> Vec<(usize, Point)> {
    let map = ctx.map;
    let from = order.unit.place.province;
    let army = ctx.unit_in(from).map(|u| u.kind);
    if army == Some(UnitKind::Fleet) || from.index() >= map.province_count() || to.index() >= map.province_count() {
        return Vec::new();
    }
    if !via_convoy && path.is_empty() && map.army_adjacent(from, to) {
        return Vec::new();
    }
    // Fleets ordered to convoy this army to this destination: (order index, province).
    let fleets: Vec<(usize, ProvinceId)> = orders
        .iter()
        .enumerate()
        .filter_map(|(j, o)| match &o.action {
            Action::Convoy { army, to: dest } if army.place.province == from && dest.province == to => {
                let fleet = ctx.unit_in(o.unit.place.province)?;
                (fleet.kind == UnitKind::Fleet).then_some((j, o.unit.place.province))
            }
            _ => None,
        })
        .collect();
    let point = |p: ProvinceId| ctx.province_anchor(p);
    if !path.is_empty() {
        return path
            .iter()
            .filter_map(|&p| {
                let j = fleets.iter().find(|f| f.1 == p).map_or(usize::MAX, |f| f.0);
                Some((j, point(p)?))
            })
            .collect();
    }
    // Breadth-first over the convoying fleets, the first found in order-given order.
    let reaches = |a: ProvinceId, b: ProvinceId| map.fleet_reaches(map.main_loc(a), b);
    let mut previous: Vec<Option<usize>> = vec![None; fleets.len()];
    let mut seen = vec![false; fleets.len()];
    let mut queue: std::collections::VecDeque<usize> = std::collections::VecDeque::new();
    for (k, &(_, p)) in fleets.iter().enumerate() {
        if reaches(p, from) {
            seen[k] = true;
            queue.push_back(k);
        }
    }
    while let Some(k) = queue.pop_front() {
        if reaches(fleets[k].1, to) {
            let mut chain = vec![k];
            while let Some(prev) = previous[*chain.last().unwrap_or(&k)] {
                chain.push(prev);
            }
            chain.reverse();
            return chain.into_iter().filter_map(|k| Some((fleets[k].0, point(fleets[k].1)?))).collect();
        }
        for (next, &(_, p)) in fleets.iter().enumerate() {
            if !seen[next] && reaches(fleets[k].1, p) {
                seen[next] = true;
                previous[next] = Some(k);
                queue.push_back(next);
            }
        }
    }
    Vec::new()
}

/// The stations a railroad move passes between its ends, drawn in order.
fn rail_stations(ctx: &Ctx<'_>, railroad: usize, from: ProvinceId, to: ProvinceId) -> Vec<Point> {
    let Some(line) = ctx.map.railroads().get(railroad) else { return Vec::new() };
    let (Some(a), Some(b)) =
        (line.stations.iter().position(|&s| s == from), line.stations.iter().position(|&s| s == to))
    else {
        return Vec::new();
    };
    // A move from a station to itself (an order the resolver refuses, drawn as given)
    // passes no station.
    let between: Vec<ProvinceId> = match a.cmp(&b) {
        std::cmp::Ordering::Less => line.stations[a + 1..b].to_vec(),
        std::cmp::Ordering::Greater => line.stations[b + 1..a].iter().rev().copied().collect(),
        std::cmp::Ordering::Equal => Vec::new(),
    };
    between.into_iter().filter_map(|p| ctx.province_anchor(p)).collect()
}

/// The point a fraction `t` of the way along a polyline.
fn along(points: &[Point], t: f32) -> Point {
    let total: f32 = points.windows(2).map(|w| w[0].distance(w[1])).sum();
    let mut left = total * t;
    for w in points.windows(2) {
        let d = w[0].distance(w[1]);
        if d >= left && d > 0.0 {
            return w[0].lerp(w[1], left / d);
        }
        left -= d;
    }
    points.last().copied().unwrap_or_default()
}

/// An arrow along `points` (straight and slightly bowed for two points, smooth through
/// the others), cased in white; returns where a failure mark goes.
fn arrow_through(
    out: &mut String,
    ctx: &Ctx<'_>,
    points: &[Point],
    colour: &str,
    faded: bool,
    into_unit: bool,
) -> Point {
    let pen = ctx.pen;
    let width = pen.mv;
    let head = width * 3.4;
    let end_gap = if into_unit { pen.r * 1.05 } else { pen.r * 0.35 };
    let (path_points, tip, direction) = if points.len() <= 2 {
        let (a, b) = (points[0], points[points.len() - 1]);
        let quad = Quad::bowed(a, b, 0.1).trimmed(pen.r * 0.9, end_gap);
        let direction = quad.end_direction();
        let shaft = Quad { to: quad.to - direction * head * 0.8, ..quad };
        let mut d = String::new();
        shaft.path(&mut d);
        (d, quad.to, direction)
    } else {
        let mut pts = points.to_vec();
        let n = pts.len();
        let start_dir = (pts[1] - pts[0]).unit();
        pts[0] = pts[0] + start_dir * pen.r * 0.9;
        let direction = (pts[n - 1] - pts[n - 2]).unit();
        let tip = pts[n - 1] - direction * end_gap;
        pts[n - 1] = tip - direction * head * 0.8;
        let mut d = String::new();
        svg::smooth_path(&mut d, &pts);
        (d, tip, direction)
    };
    let opacity = if faded { " stroke-opacity=\"0.7\"" } else { "" };
    // Casing, then the line, then the head.
    for (stroke, w) in [("#ffffff", width + 2.6), (colour, width)] {
        out.push_str("<path d=\"");
        out.push_str(&path_points);
        out.push_str("\" stroke=\"");
        out.push_str(stroke);
        out.push('"');
        attr(out, "stroke-width", w);
        if stroke == "#ffffff" {
            out.push_str(" stroke-opacity=\"0.85\"");
        } else {
            out.push_str(opacity);
        }
        if faded && stroke != "#ffffff" {
            out.push_str(" stroke-dasharray=\"5 4\"");
        }
        out.push_str("/>");
    }
    arrow_head(out, tip, direction, head, head * 0.55, colour);
    points_mark(points, tip)
}

/// The mark of a move goes near its head, on the line.
fn points_mark(points: &[Point], tip: Point) -> Point {
    let start = points.first().copied().unwrap_or(tip);
    let before = if points.len() > 2 { points[points.len() - 2] } else { start };
    before.lerp(tip, 0.72)
}

fn arrow_head(out: &mut String, tip: Point, direction: Point, length: f32, half_width: f32, colour: &str) {
    let base = tip - direction * length;
    let side = direction.perpendicular() * half_width;
    out.push_str("<path d=\"M");
    svg::point(out, tip);
    out.push('L');
    svg::point(out, base + side);
    out.push('L');
    svg::point(out, base - side);
    out.push_str("Z\" fill=\"");
    out.push_str(colour);
    out.push_str("\" stroke=\"#fff\" stroke-width=\"1.2\"/>");
}

/// A dashed support line, cased in white, ending in a dot (`to_move`) or plain.
fn dashed(out: &mut String, line: &Quad, colour: &str, width: f32, to_move: bool) {
    for (stroke, w) in [("#ffffff", width + 2.2), (colour, width)] {
        out.push_str("<path d=\"");
        line.path(out);
        out.push_str("\" stroke=\"");
        out.push_str(stroke);
        out.push('"');
        attr(out, "stroke-width", w);
        if stroke == "#ffffff" {
            out.push_str(" stroke-opacity=\"0.7\"");
        } else {
            out.push_str(" stroke-dasharray=\"");
            num(out, width * 3.0);
            out.push(' ');
            num(out, width * 2.0);
            out.push('"');
        }
        out.push_str("/>");
    }
    if to_move {
        out.push_str("<circle");
        attr(out, "cx", line.to.x);
        attr(out, "cy", line.to.y);
        attr(out, "r", width * 1.6);
        out.push_str(" fill=\"");
        out.push_str(colour);
        out.push_str("\" stroke=\"#fff\" stroke-width=\"1\"/>");
    }
}

fn ring(out: &mut String, at: Point, r: f32, colour: &str, width: f32, extra: &str) {
    out.push_str("<circle");
    attr(out, "cx", at.x);
    attr(out, "cy", at.y);
    attr(out, "r", r);
    out.push_str(" stroke=\"");
    out.push_str(colour);
    out.push('"');
    attr(out, "stroke-width", width);
    out.push_str(extra);
    out.push_str("/>");
}

/// A red cross: a failed order.
pub(crate) fn cross(out: &mut String, at: Point, size: f32) {
    out.push_str("<path class=\"failed\"");
    cross_mark(out, at, size);
}

/// The cross's strokes (a white halo, then red), after the start of its first element.
pub(crate) fn cross_mark(out: &mut String, at: Point, size: f32) {
    for (i, (colour, width)) in [("#fff", size * 0.75 + 2.0), (FAILED, size * 0.75)].into_iter().enumerate() {
        if i > 0 {
            out.push_str("<path");
        }
        out.push_str(" d=\"M");
        svg::point(out, at + Point::new(-size, -size));
        out.push('L');
        svg::point(out, at + Point::new(size, size));
        out.push('M');
        svg::point(out, at + Point::new(size, -size));
        out.push('L');
        svg::point(out, at + Point::new(-size, size));
        out.push_str("\" stroke=\"");
        out.push_str(colour);
        out.push('"');
        attr(out, "stroke-width", width);
        out.push_str(" stroke-linecap=\"round\"/>");
    }
}

/// The units an outcome says were dislodged (movement) or a retreat phase holds: each with
/// where it may retreat.
fn dislodged_units(scene: &Scene<'_>) -> Vec<(Unit, Vec<LocId>)> {
    match scene.outcome {
        Some(PhaseOutcome::Movement(o)) => o.dislodged.iter().map(|d| (d.unit, d.retreats.clone())).collect(),
        _ => scene.position.dislodged.iter().map(|d| (d.unit, d.retreats.clone())).collect(),
    }
}

/// Whether the unit at `loc` is drawn beside its province as dislodged, not in it.
pub(crate) fn is_dislodged(scene: &Scene<'_>, loc: LocId) -> bool {
    match scene.outcome {
        Some(PhaseOutcome::Movement(o)) => o.dislodged.iter().any(|d| d.unit.loc == loc),
        _ => false,
    }
}

/// Over the units: failure marks, dislodged units and their retreat options, builds and
/// removals.
pub(crate) fn draw_results(out: &mut String, board: &Board<'_>, scene: &Scene<'_>, marks: &Marks) {
    let layout = &board.layout;
    let map = board.map;
    let r = layout.unit_radius;
    out.push_str("<g id=\"results\" fill=\"none\" stroke-linecap=\"round\">");
    // Dislodged units, their retreat options thin and dashed.
    let retreat_ordered = |loc: LocId| {
        scene.orders.iter().any(|o| {
            loc.index() < map.location_count()
                && o.unit.place.province == map.province_of(loc)
                && matches!(o.action, Action::Retreat { .. } | Action::Disband)
        })
    };
    for (unit_, retreats) in dislodged_units(scene) {
        let Some(&anchor) = layout.anchors.get(unit_.loc.index()) else { continue };
        let at = layout.dislodged_at(anchor);
        let colour = board.palette.strong(unit_.power);
        if !retreat_ordered(unit_.loc) {
            for &to in &retreats {
                let Some(&end) = layout.anchors.get(to.index()) else { continue };
                let line = Quad::bowed(at, end, 0.06).trimmed(r * 0.9, r * 0.6);
                let direction = line.end_direction();
                out.push_str("<path d=\"");
                Quad { to: line.to - direction * r * 0.5, ..line }.path(out);
                out.push_str("\" stroke=\"");
                out.push_str(colour);
                out.push('"');
                attr(out, "stroke-width", r * 0.16);
                out.push_str(" stroke-dasharray=\"3 3\"/>");
                arrow_head(out, line.to, direction, r * 0.7, r * 0.35, colour);
            }
        }
        let mut id = String::from("d");
        id.push_str(&unit_.loc.0.to_string());
        ring(out, at, r * 1.35, FAILED, r * 0.16, " fill=\"#fff\" fill-opacity=\"0.6\" stroke-dasharray=\"3 2\"");
        unit(out, &id, unit_.kind, colour, at, r * 0.9, "");
    }
    // Units an adjustment phase builds: drawn where they will stand.
    for (i, order) in scene.orders.iter().enumerate() {
        if !matches!(order.action, Action::Build) {
            continue;
        }
        let (Some(kind), Some(loc)) = (order.unit.kind, build_loc(map, order)) else { continue };
        let Some(&at) = layout.anchors.get(loc.index()) else { continue };
        let mut id = String::from("b");
        id.push_str(&loc.0.to_string());
        let faded = matches!(marks.status[i], Status::Failed | Status::Illegal);
        let extra = if faded { " opacity=\"0.55\"" } else { "" };
        unit(out, &id, kind, board.palette.strong(order.power), at, r, extra);
        plus(out, at + Point::new(r, -r * 0.9), r * 0.45);
    }
    // Removals by the civil-disorder rule are the outcome's, not an order's.
    if let Some(PhaseOutcome::Adjustment(o)) = scene.outcome {
        for removal in o.removed.iter().filter(|m| m.cause == dip::adjust::RemovalCause::CivilDisorder) {
            if let Some(&at) = layout.anchors.get(removal.unit.loc.index()) {
                cross(out, at, r * 0.7);
            }
        }
    }
    for (i, order) in scene.orders.iter().enumerate() {
        let Some(at) = marks.at[i] else { continue };
        let done = marks.status[i] == Status::Succeeded || marks.status[i] == Status::Pending;
        match order.action {
            // A removal or disband that happens is a cross on the unit; one that fails is not.
            Action::Remove | Action::Disband if done => cross(out, at, r * 0.7),
            Action::Remove | Action::Disband => {}
            _ if !done => cross(out, at, r * 0.5),
            _ => {}
        }
    }
    out.push_str("</g>\n");
}

/// A small plus in a disc: a build.
fn plus(out: &mut String, at: Point, size: f32) {
    out.push_str("<circle");
    attr(out, "cx", at.x);
    attr(out, "cy", at.y);
    attr(out, "r", size);
    out.push_str(" fill=\"#1f7a34\" stroke=\"#fff\" stroke-width=\"1\"/><path d=\"M");
    svg::point(out, at + Point::new(-size * 0.55, 0.0));
    out.push('h');
    num(out, size * 1.1);
    out.push('M');
    svg::point(out, at + Point::new(0.0, -size * 0.55));
    out.push('v');
    num(out, size * 1.1);
    out.push_str("\" stroke=\"#fff\"");
    attr(out, "stroke-width", size * 0.35);
    out.push_str("/>");
}

/// A sample line of each kind, for the key, centred at `at`.
pub(crate) fn key_line(out: &mut String, at: Point, colour: &str, kind: LineKind) {
    let a = at + Point::new(-13.0, 0.0);
    let b = at + Point::new(13.0, 0.0);
    match kind {
        LineKind::Move => {
            out.push_str("<path d=\"M");
            svg::point(out, a);
            out.push('L');
            svg::point(out, b - Point::new(7.0, 0.0));
            out.push_str("\" stroke=\"");
            out.push_str(colour);
            out.push_str("\" stroke-width=\"3.2\"/>");
            arrow_head(out, b, Point::new(1.0, 0.0), 10.0, 5.5, colour);
        }
        LineKind::Support => dashed(out, &Quad { from: a, ctrl: at, to: b }, colour, 2.2, true),
        LineKind::Convoy => {
            out.push_str("<path d=\"M");
            svg::point(out, a);
            out.push('L');
            svg::point(out, b);
            out.push_str("\" stroke=\"");
            out.push_str(colour);
            out.push_str("\" stroke-width=\"2.2\" stroke-dasharray=\"2 3\" fill=\"none\"/>");
        }
        LineKind::Hold => {
            ring(out, at, 9.0, colour, 2.6, " fill=\"none\"");
        }
        LineKind::Retreat => {
            ring(out, at, 9.0, FAILED, 1.6, " fill=\"#fff\" stroke-dasharray=\"3 2\"");
            unit(out, "key-dislodged", UnitKind::Army, "#9a9a9a", at, 7.0, "");
        }
    }
}

//! Pictures of a Diplomacy board: an SVG map of a position with its orders and their
//! results, a PNG of it (feature `png`, through the pure-Rust rasteriser resvg), and a
//! self-contained HTML viewer of a whole game.
//!
//! A variant with geometry (`variants/geometry/<name>.ron`: a shape, label and unit anchor
//! per province, anchors per coast) is drawn as a map; any other variant as a schematic
//! laid out from its adjacency graph, every province a node and every border a line.
//!
//! ```
//! use dip::{Position, Rules};
//!
//! let map = dip::variant("standard")?;
//! let position = Position::opening(&map);
//! let france = map.power_by_name("France").unwrap();
//! let options = dip::ParseOptions::new(dip::PhaseKind::Movement).power(france);
//! let orders = vec![dip::parse_order(&map, options, "A Paris - Burgundy")?];
//! let outcome = dip::PhaseOutcome::Movement(dip::adjudicate(&map, &position, &orders, &Rules::default())?);
//!
//! let board = dip_render::Board::new(&map);
//! let svg = board.svg(&dip_render::Scene::new(&position).orders(&orders).outcome(&outcome));
//! assert!(svg.starts_with("<svg") && svg.contains("Spring 1901"));
//!
//! // A page stepping through phases (here one, with its orders and results).
//! let frame = dip_render::Frame { position: &position, orders: &orders, outcome: Some(&outcome) };
//! let html = dip_render::viewer_html(&board, "An opening", &[frame]);
//! assert!(html.starts_with("<!DOCTYPE html>"));
//! # #[cfg(feature = "png")]
//! let png: Vec<u8> = dip_render::png(&svg, 1.0)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod draw;
mod error;
mod geometry;
mod layout;
mod orders;
mod outline;
#[cfg(feature = "png")]
mod png;
mod schematic;
mod style;
mod svg;
mod viewer;

pub use error::RenderError;
pub use geometry::{
    BorderException, Drawn, GeometryFile, ImpassableGeometry, ProvinceGeometry, embedded_geometry,
    embedded_geometry_for,
};
pub use layout::Point;
#[cfg(feature = "png")]
pub use png::{png, rgba};
pub use viewer::{Frame, viewer_html};

use dip::{Map, Order, PhaseOutcome, Position};

use crate::layout::Layout;
use crate::style::Palette;

/// How a board is drawn: the map's geometry (or its schematic layout) and the powers'
/// colours. Made once per map; each picture is then cheap.
#[derive(Debug)]
pub struct Board<'m> {
    map: &'m Map,
    layout: Layout,
    palette: Palette,
    /// The static part of every picture: sea, province outlines, labels and centres, with
    /// `{fill}` slots left open per province (see [`Board::svg`]).
    base: draw::Base,
}

/// What one picture shows: a position and, optionally, the orders given in it and what
/// the phase decided.
#[derive(Clone, Copy, Debug)]
pub struct Scene<'a> {
    position: &'a Position,
    orders: &'a [Order],
    outcome: Option<&'a PhaseOutcome>,
    title: Option<&'a str>,
}

impl<'a> Scene<'a> {
    /// The position alone: units, dislodged units, supply-centre owners.
    pub fn new(position: &'a Position) -> Self {
        Scene { position, orders: &[], outcome: None, title: None }
    }

    /// The orders given in the position, drawn as arrows and lines.
    pub fn orders(mut self, orders: &'a [Order]) -> Self {
        self.orders = orders;
        self
    }

    /// What the phase decided: failed orders are marked, dislodged units drawn beside
    /// their province with their retreat options. The outcome must be of these orders.
    pub fn outcome(mut self, outcome: &'a PhaseOutcome) -> Self {
        self.outcome = Some(outcome);
        self
    }

    /// A title instead of the phase's name.
    pub fn title(mut self, title: &'a str) -> Self {
        self.title = Some(title);
        self
    }

    /// The scene as a frame of the game viewer.
    pub fn frame(&self) -> Frame<'a> {
        Frame { position: self.position, orders: self.orders, outcome: self.outcome }
    }
}

impl<'m> Board<'m> {
    /// The board of `map`: its embedded geometry if it has one (by name, or the geometry
    /// of a variant with the same provinces, as 1898 shares Standard's), else the
    /// schematic layout.
    pub fn new(map: &'m Map) -> Self {
        match geometry::embedded_for(map) {
            Some(layout) => Self::from_layout(map, layout),
            None => Self::schematic(map),
        }
    }

    /// The board of `map` drawn with the given geometry, checked against the map.
    pub fn with_geometry(map: &'m Map, geometry: &GeometryFile) -> Result<Self, RenderError> {
        let layout = geometry.layout(map)?;
        Ok(Self::from_layout(map, layout))
    }

    /// The schematic board of `map`, laid out from its adjacency graph.
    pub fn schematic(map: &'m Map) -> Self {
        Self::from_layout(map, schematic::layout(map))
    }

    fn from_layout(map: &'m Map, layout: Layout) -> Self {
        let palette = Palette::new(map, &layout.colours);
        let base = draw::Base::new(map, &layout);
        Board { map, layout, palette, base }
    }

    pub fn map(&self) -> &'m Map {
        self.map
    }

    /// Whether the board is the schematic layout rather than drawn geometry.
    pub fn is_schematic(&self) -> bool {
        self.layout.is_schematic()
    }

    /// The picture's size in SVG user units (pixels at scale 1).
    pub fn size(&self) -> (f32, f32) {
        (self.layout.width + draw::PANEL_WIDTH, self.layout.height)
    }

    /// Where a unit at each location is drawn, by location id.
    pub fn unit_anchors(&self) -> &[Point] {
        &self.layout.anchors
    }

    /// Where a dislodged unit at each location is drawn, by location id.
    pub fn dislodged_anchor(&self, loc: dip::LocId) -> Option<Point> {
        self.layout.anchors.get(loc.index()).map(|&p| self.layout.dislodged_at(p))
    }

    /// The radius of a unit symbol, in SVG user units.
    pub fn unit_radius(&self) -> f32 {
        self.layout.unit_radius
    }

    /// The whole picture as SVG text: provinces coloured by supply-centre owner, centres,
    /// units, the orders and results the scene holds, a title and a legend.
    pub fn svg(&self, scene: &Scene<'_>) -> String {
        let mut out = String::with_capacity(self.base.len() + 16 * 1024);
        self.base.open(&mut out, &self.layout);
        self.base.provinces(&mut out, |p| self.palette.province_fill(self.map, scene.position, p));
        out.push_str(self.base.centres());
        let marks = draw::order_lines(&mut out, self, scene);
        out.push_str(self.base.labels());
        draw::overlay(&mut out, self, scene, &marks);
        out.push_str("</svg>\n");
        out
    }
}

//! Where everything of a map is drawn, whether from geometry or from the schematic layout.

use serde::{Deserialize, Serialize};

/// A point in SVG user units.
#[derive(Clone, Copy, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct Point {
    pub x: f32,
    pub y: f32,
}

impl Point {
    pub const fn new(x: f32, y: f32) -> Self {
        Point { x, y }
    }

    pub fn distance(self, other: Point) -> f32 {
        (self - other).length()
    }

    pub fn length(self) -> f32 {
        self.x.hypot(self.y)
    }

    /// The vector scaled to length 1 (zero stays zero).
    pub fn unit(self) -> Point {
        let length = self.length();
        if length > 1e-6 { self * (1.0 / length) } else { Point::default() }
    }

    /// The vector turned a quarter to the left.
    pub fn perpendicular(self) -> Point {
        Point::new(-self.y, self.x)
    }

    pub fn lerp(self, other: Point, t: f32) -> Point {
        self + (other - self) * t
    }
}

impl std::ops::Add for Point {
    type Output = Point;
    fn add(self, o: Point) -> Point {
        Point::new(self.x + o.x, self.y + o.y)
    }
}

impl std::ops::Sub for Point {
    type Output = Point;
    fn sub(self, o: Point) -> Point {
        Point::new(self.x - o.x, self.y - o.y)
    }
}

impl std::ops::Mul<f32> for Point {
    type Output = Point;
    fn mul(self, k: f32) -> Point {
        Point::new(self.x * k, self.y * k)
    }
}

/// How a province is outlined.
#[derive(Clone, Debug)]
pub(crate) enum Shape {
    /// SVG path data, from geometry.
    Path(String),
    /// A disc (the schematic layout).
    Disc { centre: Point, radius: f32 },
}

/// One province's drawing.
#[derive(Clone, Debug)]
pub(crate) struct ProvinceArt {
    pub shape: Shape,
    pub label: Point,
    /// Where its supply-centre mark goes, if it is a centre.
    pub centre: Point,
}

/// A land area that is no province (Switzerland), drawn under the provinces.
#[derive(Clone, Debug)]
pub(crate) struct Impassable {
    pub shape: String,
    pub name: String,
    pub label: Option<Point>,
}

/// A border of the schematic layout: the two locations it joins and who may cross.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Edge {
    pub from: Point,
    pub to: Point,
    pub army: bool,
    pub fleet: bool,
}

/// Everything needed to draw a map, in SVG user units.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    pub width: f32,
    pub height: f32,
    pub provinces: Vec<ProvinceArt>,
    /// Where a unit stands, by location id.
    pub anchors: Vec<Point>,
    pub unit_radius: f32,
    pub label_size: f32,
    /// Geometry's impassable land; empty for the schematic layout.
    pub impassable: Vec<Impassable>,
    /// The schematic layout's borders; empty for geometry.
    pub edges: Vec<Edge>,
    /// Power colours by power name, from geometry.
    pub colours: Vec<(String, String)>,
}

impl Layout {
    pub fn is_schematic(&self) -> bool {
        self.provinces.iter().any(|p| matches!(p.shape, Shape::Disc { .. }))
    }

    /// Where a dislodged unit of the location at `anchor` is drawn: down and to the right,
    /// clear of the unit that took its place.
    pub fn dislodged_at(&self, anchor: Point) -> Point {
        anchor + Point::new(1.3, 1.0) * self.unit_radius
    }
}

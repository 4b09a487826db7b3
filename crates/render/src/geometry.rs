//! Geometry files (`variants/geometry/<variant>.ron`): how a variant's map is drawn.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use dip::Map;

use crate::RenderError;
use crate::layout::{Impassable, Layout, Point, ProvinceArt, Shape};
use crate::outline::{self, Drawing};

include!(concat!(env!("OUT_DIR"), "/geometry.rs"));

/// A geometry file: the picture of one variant's map, in SVG user units.
///
/// ```ron
/// (
///     variant: "standard",
///     width: 1000, height: 800,
///     colours: [("England", "#2b4c9b")],
///     provinces: [
///         (abbr: "lon", shape: "M10,10L40,10L40,40Z", label: (25, 20), unit: (25, 30)),
///         (abbr: "stp", shape: "…", label: (…), unit: (…), coasts: [("nc", (…)), ("sc", (…))]),
///     ],
/// )
/// ```
///
/// A variant with another's provinces and a few borders of its own (Colonial's 1996 map
/// bridges Sakhalin) is drawn from that one's geometry with only what differs: a derived
/// file names its `base` (an embedded geometry that is not itself derived) and gives
/// exceptions, colours, impassable land or provinces that replace the base's of the same
/// name (or pair) or are added to them; the size and everything else come from the base.
/// Reading a derived file gives the whole geometry, its `base` kept for the reader.
///
/// ```ron
/// (
///     variant: "colonial1996",
///     base: Some("colonial"),
///     exceptions: [(between: ("sak", "ota"), drawn: Apart, reason: "…")],
/// )
/// ```
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GeometryFile {
    /// The variant this draws (`standard`); variants with the same provinces use it too.
    pub variant: String,
    /// The geometry this one is derived from, by variant name; `None` for a whole file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<String>,
    /// Where the geometry comes from and how it was made.
    #[serde(default)]
    pub source: String,
    /// The picture's size (a derived file takes its base's and gives none).
    #[serde(default)]
    pub width: f32,
    #[serde(default)]
    pub height: f32,
    /// Power colours (`#rrggbb`) by power name; powers not named get a palette colour.
    #[serde(default)]
    pub colours: Vec<(String, String)>,
    /// Land that belongs to no province, drawn under the provinces.
    #[serde(default)]
    pub impassable: Vec<ImpassableGeometry>,
    /// Borders the picture draws otherwise than the game has them, each with its reason
    /// (a strait too wide to fill, drawn apart). The tests hold every other pair of
    /// provinces to the rule: outlines share a border exactly when the game makes the
    /// provinces adjacent.
    #[serde(default)]
    pub exceptions: Vec<BorderException>,
    /// Every province's picture (a derived file: only those it draws otherwise).
    #[serde(default)]
    pub provinces: Vec<ProvinceGeometry>,
}

/// A pair of provinces the picture draws otherwise than the game has them.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BorderException {
    /// The two provinces, by abbreviation.
    pub between: (String, String),
    pub drawn: Drawn,
    /// Why (for the reader of the file and of a failing test).
    pub reason: String,
}

/// How an exceptional pair of provinces is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Drawn {
    /// Adjacent in the game, drawn apart (a strait the game joins across water too wide
    /// to fill).
    Apart,
    /// Drawn touching, not adjacent in the game.
    Touching,
}

/// Land that belongs to no province (Switzerland on the Standard map).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImpassableGeometry {
    pub name: String,
    /// SVG path data.
    pub shape: String,
    /// Where its name is written, if it is.
    #[serde(default)]
    pub label: Option<Point>,
}

/// One province's picture.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProvinceGeometry {
    /// The province's abbreviation in the variant file.
    pub abbr: String,
    /// Its outline as SVG path data (absolute or relative commands, several rings for
    /// islands).
    pub shape: String,
    /// Where its name is written.
    pub label: Point,
    /// Where a unit stands (on the province itself: armies, fleets of one-coast provinces).
    pub unit: Point,
    /// Where the supply-centre mark goes, for a centre.
    #[serde(default)]
    pub centre: Option<Point>,
    /// Where a fleet on each coast stands, by coast abbreviation (`nc`).
    #[serde(default)]
    pub coasts: Vec<(String, Point)>,
}

/// The geometry files built into the library, parsed once.
pub fn embedded_geometry() -> &'static [GeometryFile] {
    static PARSED: OnceLock<Vec<GeometryFile>> = OnceLock::new();
    PARSED.get_or_init(|| {
        // The embedded files are checked by the crate's tests; one that does not read is
        // left out rather than taking the program down.
        let read: Vec<(&str, GeometryFile)> = EMBEDDED_GEOMETRY
            .iter()
            .filter_map(|(name, text)| Some((*name, GeometryFile::parse_own(name, text).ok()?)))
            .collect();
        let whole: Vec<GeometryFile> = read.iter().filter(|(_, g)| g.base.is_none()).map(|(_, g)| g.clone()).collect();
        read.into_iter().filter_map(|(name, g)| g.derived_from(name, &whole).ok()).collect()
    })
}

/// The embedded geometry [`crate::Board::new`] draws `map` with: the map's own, or the
/// first that draws its provinces and exactly its borders (1898 uses Standard's; the
/// convoying-coasts map, whose Berlin borders Denmark, does not); `None` for a schematic
/// board.
pub fn embedded_geometry_for(map: &Map) -> Option<&'static GeometryFile> {
    static DRAWINGS: OnceLock<Vec<Drawing>> = OnceLock::new();
    let files = embedded_geometry();
    if let Some(own) = files.iter().find(|g| g.variant.eq_ignore_ascii_case(map.name())) {
        return own.layout(map).is_ok().then_some(own);
    }
    let drawings = DRAWINGS.get_or_init(|| files.iter().map(outline::drawing).collect());
    files
        .iter()
        .zip(drawings)
        .find(|(g, d)| g.layout(map).is_ok() && outline::border_faults(map, g, d).is_empty())
        .map(|(g, _)| g)
}

/// The layout of the embedded geometry for `map`: its own, or one that fits its provinces.
pub(crate) fn embedded_for(map: &Map) -> Option<Layout> {
    embedded_geometry_for(map).and_then(|g| g.layout(map).ok())
}

/// The largest width or height a geometry file may give, in user units (the Standard
/// map's is about 1,200).
const MAX_SIZE: f32 = 1_000_000.0;

/// Path data holds only commands, numbers and separators: nothing that could end the
/// attribute it is written into.
fn is_path_data(d: &str) -> bool {
    !d.trim().is_empty() && d.chars().all(|c| c.is_ascii_digit() || " ,.-+eEMmLlHhVvCcSsQqTtAaZz\n\t".contains(c))
}

impl GeometryFile {
    /// Reads a geometry file's text; `file` names it in errors. A derived file (one naming
    /// a `base`) comes back whole: its base, an embedded geometry, with what it changes.
    pub fn parse(file: &str, text: &str) -> Result<Self, RenderError> {
        Self::parse_own(file, text)?.derived_from(file, embedded_geometry())
    }

    /// The file's own text read, a derived file not yet put together with its base.
    fn parse_own(file: &str, text: &str) -> Result<Self, RenderError> {
        ron::from_str(text).map_err(|e| RenderError::Geometry {
            file: file.to_string(),
            line: Some(e.position.line),
            message: e.code.to_string(),
        })
    }

    /// A derived file put together with its base from `bases` (whole files); a whole file
    /// as it is.
    fn derived_from(self, file: &str, bases: &[GeometryFile]) -> Result<Self, RenderError> {
        let Some(base_name) = self.base.clone() else { return Ok(self) };
        let fault = |message: String| RenderError::Geometry { file: file.to_string(), line: None, message };
        let Some(base) = bases.iter().find(|g| g.base.is_none() && g.variant.eq_ignore_ascii_case(&base_name)) else {
            return Err(fault(format!(
                "its base `{base_name}` is not an embedded geometry (a derived file's base is a whole file: {})",
                bases.iter().filter(|g| g.base.is_none()).map(|g| g.variant.as_str()).collect::<Vec<_>>().join(", ")
            )));
        };
        if self.width != 0.0 || self.height != 0.0 {
            return Err(fault(format!(
                "a derived file takes its size from its base `{base_name}`: give no width or height"
            )));
        }
        let mut whole = base.clone();
        whole.variant = self.variant;
        whole.base = Some(base_name);
        if !self.source.trim().is_empty() {
            whole.source = self.source;
        }
        fn merge<T>(into: &mut Vec<T>, from: Vec<T>, same: impl Fn(&T, &T) -> bool) {
            for item in from {
                match into.iter_mut().find(|old| same(old, &item)) {
                    Some(old) => *old = item,
                    None => into.push(item),
                }
            }
        }
        merge(&mut whole.colours, self.colours, |a, b| a.0 == b.0);
        merge(&mut whole.impassable, self.impassable, |a, b| a.name == b.name);
        merge(&mut whole.provinces, self.provinces, |a, b| a.abbr == b.abbr);
        let pair = |e: &BorderException| {
            let (a, b) = (&e.between.0, &e.between.1);
            if a <= b { (a.clone(), b.clone()) } else { (b.clone(), a.clone()) }
        };
        merge(&mut whole.exceptions, self.exceptions, |a, b| pair(a) == pair(b));
        Ok(whole)
    }

    /// Reads a geometry file from disk, a regular file of at most dip's default input cap
    /// (`Limits::DEFAULT.max_input_bytes`): a device or FIFO is refused, never read.
    pub fn load(path: &std::path::Path) -> Result<Self, RenderError> {
        Self::load_limited(path, dip::Limits::DEFAULT.max_input_bytes)
    }

    /// [`GeometryFile::load`] with a cap of `max_bytes`.
    pub fn load_limited(path: &std::path::Path, max_bytes: u64) -> Result<Self, RenderError> {
        let file = path.display().to_string();
        let text = dip::read_to_string(path, max_bytes).map_err(|e| RenderError::Geometry {
            file: file.clone(),
            line: None,
            message: format!("cannot read it: {e}"),
        })?;
        Self::parse(&file, &text)
    }

    /// Everything that makes this file a wrong picture of `map`, read back from its
    /// outlines: two provinces' outlines share a border (of at least
    /// [`MIN_BORDER`](outline::MIN_BORDER) units) exactly when the variant makes them
    /// adjacent, by army or fleet, any coast, but for the exceptions the file declares; every
    /// unit and coast anchor lies in its province; no outline runs along two others. Empty
    /// when the picture is right. Slower than drawing (it reads every outline): for tests
    /// and tools.
    pub fn faults(&self, map: &Map) -> Vec<String> {
        let mut faults = match self.layout(map) {
            Ok(_) => Vec::new(),
            Err(e) => vec![e.to_string()],
        };
        let drawing = outline::drawing(self);
        faults.extend(outline::border_faults(map, self, &drawing));
        for g in &self.provinces {
            let Some(rings) = drawing.rings.get(&g.abbr) else { continue };
            let anchors = std::iter::once(("unit".to_string(), g.unit))
                .chain(g.coasts.iter().map(|(c, at)| (format!("fleet on {}/{c}", g.abbr), *at)));
            for (what, at) in anchors {
                if !outline::inside(rings, (f64::from(at.x), f64::from(at.y))) {
                    faults.push(format!("the {what} anchor of `{}` ({}, {}) is outside it", g.abbr, at.x, at.y));
                }
            }
        }
        faults
    }

    /// Checks the geometry against `map` (every province drawn, every coast anchored,
    /// nothing unknown) and makes the layout.
    pub(crate) fn layout(&self, map: &Map) -> Result<Layout, RenderError> {
        let fault = |message: String| RenderError::Geometry {
            file: format!("geometry of {}", self.variant),
            line: None,
            message: format!("{message} (map `{}`)", map.name()),
        };
        // A size the SVG can state: at least a unit, finite, and not past what any map
        // needs (an infinite, astronomic or vanishing size made a picture no SVG reader
        // takes).
        let size_ok = |v: f32| (1.0..=MAX_SIZE).contains(&v);
        if !(size_ok(self.width) && size_ok(self.height)) {
            return Err(fault(format!("width and height must be numbers from 1 to {MAX_SIZE}")));
        }
        let finite = |p: &Point| p.x.is_finite() && p.y.is_finite();
        let mut arts: Vec<Option<ProvinceArt>> = vec![None; map.province_count()];
        let mut anchors = vec![Point::default(); map.location_count()];
        for g in &self.provinces {
            let Some(id) = map.province_by_name(&g.abbr).filter(|&p| map.province(p).abbr == g.abbr) else {
                return Err(fault(format!("no province `{}`", g.abbr)));
            };
            if arts[id.index()].is_some() {
                return Err(fault(format!("province `{}` is drawn twice", g.abbr)));
            }
            if !is_path_data(&g.shape) {
                return Err(fault(format!("the shape of `{}` is not SVG path data", g.abbr)));
            }
            let points = [Some(&g.label), Some(&g.unit), g.centre.as_ref()];
            if !points.into_iter().flatten().chain(g.coasts.iter().map(|(_, p)| p)).all(finite) {
                return Err(fault(format!("a point of `{}` is not a finite number", g.abbr)));
            }
            let province = map.province(id);
            for coast in &province.coasts {
                let name = map.location(*coast).coast.as_deref().unwrap_or_default();
                let Some((_, at)) = g.coasts.iter().find(|(c, _)| c == name) else {
                    return Err(fault(format!("no anchor for the coast `{}/{name}`", g.abbr)));
                };
                anchors[coast.index()] = *at;
            }
            if g.coasts.len() != province.coasts.len() {
                return Err(fault(format!("`{}` anchors coasts it does not have", g.abbr)));
            }
            anchors[id.index()] = g.unit;
            let centre = g.centre.unwrap_or(g.unit + Point::new(0.0, 14.0));
            arts[id.index()] = Some(ProvinceArt { shape: Shape::Path(g.shape.clone()), label: g.label, centre });
        }
        let mut provinces = Vec::with_capacity(arts.len());
        for (i, art) in arts.into_iter().enumerate() {
            match art {
                Some(art) => provinces.push(art),
                None => {
                    return Err(fault(format!(
                        "province `{}` is not drawn",
                        map.province(dip::ProvinceId(i as u16)).abbr
                    )));
                }
            }
        }
        for e in &self.exceptions {
            let (a, b) = &e.between;
            for abbr in [a, b] {
                if map.province_by_name(abbr).is_none_or(|p| map.province(p).abbr != *abbr) {
                    return Err(fault(format!("the exception {a}-{b} names no province `{abbr}`")));
                }
            }
            if e.reason.trim().is_empty() {
                return Err(fault(format!("the exception {a}-{b} gives no reason")));
            }
        }
        let mut impassable = Vec::new();
        for area in &self.impassable {
            if !is_path_data(&area.shape) {
                return Err(fault(format!("the shape of `{}` is not SVG path data", area.name)));
            }
            if !area.label.as_ref().is_none_or(finite) {
                return Err(fault(format!("the label of `{}` is not at a finite point", area.name)));
            }
            impassable.push(Impassable { shape: area.shape.clone(), name: area.name.clone(), label: area.label });
        }
        Ok(Layout {
            width: self.width,
            height: self.height,
            provinces,
            anchors,
            unit_radius: 11.0,
            label_size: 10.0,
            impassable,
            edges: Vec::new(),
            colours: self.colours.clone(),
        })
    }
}

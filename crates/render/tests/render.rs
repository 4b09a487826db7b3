//! The pictures every variant gets: they parse as SVG (with the rasteriser's parser), hold
//! one symbol per unit, never overlap two unit symbols, and are the same every time.

use dip::{Map, PhaseOutcome, Position, PositionFile, Rules};
use dip_render::{Board, Scene};
use resvg::usvg;

fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Ids of the groups of a parsed SVG, depth first.
fn group_ids(svg: &str) -> Vec<String> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).expect("the SVG parses");
    fn walk(group: &usvg::Group, ids: &mut Vec<String>) {
        if !group.id().is_empty() {
            ids.push(group.id().to_string());
        }
        for node in group.children() {
            if let usvg::Node::Group(g) = node {
                walk(g, ids);
            }
        }
    }
    let mut ids = Vec::new();
    walk(tree.root(), &mut ids);
    ids
}

/// Unit symbols by kind of id: `u` units, `d` dislodged units, `b` builds.
fn symbols(svg: &str, letter: char) -> usize {
    group_ids(svg).iter().filter(|id| id.starts_with(letter) && id[1..].chars().all(|c| c.is_ascii_digit())).count()
}

fn every_variant() -> Vec<Map> {
    dip::EMBEDDED_VARIANTS.iter().map(|(name, _)| dip::variant(name).expect("embedded variant loads")).collect()
}

fn position_file(path: &str) -> (Map, Position, Vec<dip::Order>) {
    let text = std::fs::read_to_string(root().join(path)).expect("read example");
    let file: PositionFile = ron::from_str(&text).expect("example parses");
    let map = dip::variant(&file.variant).expect("variant");
    let (position, lines) = file.read(&map, Some(&text)).expect("example reads");
    let orders = lines.into_iter().map(|l| l.parsed.expect("order reads")).collect();
    (map, position, orders)
}

#[test]
fn every_variant_opening_parses_with_one_symbol_per_unit() {
    for map in every_variant() {
        let position = Position::opening(&map);
        let board = Board::new(&map);
        let svg = board.svg(&Scene::new(&position));
        assert_eq!(symbols(&svg, 'u'), position.units.len(), "{}", map.name());
        let schematic = Board::schematic(&map).svg(&Scene::new(&position));
        assert_eq!(symbols(&schematic, 'u'), position.units.len(), "{} schematic", map.name());
    }
}

#[test]
fn unit_symbols_never_overlap_on_any_variant() {
    for map in every_variant() {
        for board in [Board::new(&map), Board::schematic(&map)] {
            let anchors = board.unit_anchors();
            let r = board.unit_radius();
            // Symbols are about 2.3 radii wide; anchors of two provinces stay apart by that.
            let min = 2.2 * r;
            for a in map.locations() {
                for b in map.locations().filter(|&b| map.province_of(b) > map.province_of(a)) {
                    let d = anchors[a.index()].distance(anchors[b.index()]);
                    assert!(
                        d >= min,
                        "{}{}: units at {} and {} overlap ({d:.1} < {min:.1})",
                        map.name(),
                        if board.is_schematic() { " (schematic)" } else { "" },
                        map.loc_abbr(a),
                        map.loc_abbr(b)
                    );
                }
            }
        }
    }
}

#[test]
fn pictures_are_the_same_every_time() {
    for map in every_variant() {
        let position = Position::opening(&map);
        let first = Board::new(&map).svg(&Scene::new(&position));
        let second = Board::new(&map).svg(&Scene::new(&position));
        assert!(first == second, "{} differs between two boards", map.name());
    }
}

#[test]
fn midgame_results_show_failures_and_the_dislodged_army() {
    let (map, position, orders) = position_file("examples/midgame_34.ron");
    let outcome =
        PhaseOutcome::Movement(dip::adjudicate(&map, &position, &orders, &Rules::default()).expect("adjudicates"));
    let PhaseOutcome::Movement(movement) = &outcome else { unreachable!() };
    let failed = movement.results.iter().filter(|r| !r.succeeded()).count();
    let board = Board::new(&map);
    let svg = board.svg(&Scene::new(&position).orders(&orders).outcome(&outcome));
    // The dislodged army is drawn beside Norway, not in it.
    assert_eq!(movement.dislodged.len(), 1);
    assert_eq!(symbols(&svg, 'd'), 1);
    assert_eq!(symbols(&svg, 'u'), position.units.len() - 1);
    assert_eq!(svg.matches("class=\"failed\"").count(), failed, "one cross per failed order");
    // Orders alone: every unit in place, no crosses.
    let plain = board.svg(&Scene::new(&position).orders(&orders));
    assert_eq!(symbols(&plain, 'u'), position.units.len());
    assert_eq!(plain.matches("class=\"failed\"").count(), 0);
}

#[test]
fn a_foreign_position_does_not_panic() {
    let map = dip::variant("standard").expect("standard");
    let colonial = dip::variant("colonial").expect("colonial");
    let position = Position::opening(&colonial);
    let svg = Board::new(&map).svg(&Scene::new(&position));
    assert!(svg.ends_with("</svg>\n"));
}

/// A geometry file is read only if it is a regular file within the cap: an endless device
/// is refused before a byte is read, a file past the cap is refused, a good one reads.
#[cfg(unix)]
#[test]
fn a_geometry_file_is_read_within_the_cap() {
    use dip_render::GeometryFile;
    let error = GeometryFile::load(std::path::Path::new("/dev/zero")).expect_err("a device");
    assert!(error.to_string().contains("/dev/zero"), "{error}");
    let dir = std::env::temp_dir().join(format!("dip-render-geometry-cap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("folder");
    let path = dir.join("g.ron");
    let file = dip_render::embedded_geometry().first().expect("an embedded geometry");
    std::fs::write(&path, ron::to_string(file).expect("written")).expect("write");
    assert!(GeometryFile::load(&path).is_ok());
    let error = GeometryFile::load_limited(&path, 100).expect_err("past the cap");
    assert!(error.to_string().contains("g.ron"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A geometry whose size no SVG can state (infinite, astronomic, vanishing) or whose points are not
/// numbers is refused when the board is made, not drawn into a picture no reader takes.
#[test]
fn a_geometry_of_unstateable_size_or_points_is_refused() {
    let map = dip::variant("standard").expect("standard");
    let good = dip_render::embedded_geometry().iter().find(|g| g.variant == "standard").expect("standard's").clone();
    assert!(dip_render::Board::with_geometry(&map, &good).is_ok());
    for width in [f32::INFINITY, 1e30, 1e-30, 0.0, -3.0, f32::NAN] {
        let mut g = good.clone();
        g.width = width;
        let error = dip_render::Board::with_geometry(&map, &g).expect_err("a size no SVG states");
        assert!(error.to_string().contains("width and height"), "{error}");
    }
    let mut g = good.clone();
    g.provinces[0].label = dip_render::Point::new(f32::NAN, 3.0);
    let error = dip_render::Board::with_geometry(&map, &g).expect_err("a point that is no number");
    assert!(error.to_string().contains("finite"), "{error}");
}

#[test]
fn a_railroad_move_from_a_station_to_itself_is_drawn_without_a_panic() {
    // Found by the render fuzz target (seed 20007780586): the stations between the two
    // ends were sliced as if the ends differed.
    let map = dip::variant("colonial").expect("colonial");
    let railroad = &map.railroads()[0];
    let station = railroad.stations[1];
    let mut position = Position::opening(&map);
    position.units.retain(|u| map.province_of(u.loc) != station);
    position.units.push(dip::Unit { power: railroad.power, kind: dip::UnitKind::Army, loc: map.main_loc(station) });
    let order = dip::Order::new(
        railroad.power,
        dip::UnitSpec::new(Some(dip::UnitKind::Army), dip::Place::new(station)),
        dip::Action::Rail { railroad: 0, to: dip::Place::new(station) },
    );
    let svg = Board::new(&map).svg(&Scene::new(&position).orders(std::slice::from_ref(&order)));
    assert_eq!(symbols(&svg, 'u'), position.units.len());
}

#[test]
fn rgba_pixels_are_the_pngs_pixels() {
    let map = dip::variant("standard").expect("standard loads");
    let position = Position::opening(&map);
    let svg = Board::new(&map).svg(&Scene::new(&position));
    let (width, height, pixels) = dip_render::rgba(&svg, 0.5).expect("the opening rasterises");
    assert_eq!(pixels.len(), width as usize * height as usize * 4);
    assert!(pixels.chunks_exact(4).all(|p| p[3] == 255), "drawn on white, every pixel is opaque");
    let png = dip_render::png(&svg, 0.5).expect("the opening encodes");
    let decoded = resvg::tiny_skia::Pixmap::decode_png(&png).expect("the PNG decodes");
    assert_eq!((decoded.width(), decoded.height()), (width, height));
    assert!(decoded.data() == pixels.as_slice(), "the same pixels as the PNG");
    let colours: std::collections::HashSet<&[u8]> = pixels.chunks_exact(4).collect();
    assert!(colours.len() > 10, "a map, not a blank page");
    assert!(dip_render::rgba(&svg, 0.0).is_err());
}

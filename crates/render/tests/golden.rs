//! PNG golden images: the Standard opening and the midgame benchmark position with its
//! orders and results, compared pixel by pixel with the pictures in `tests/golden/`.
//!
//! A pixel differs when a channel is off by more than 24 of 255; at most 0.5% may differ
//! (anti-aliasing and float rounding vary a little between machines). After an intended
//! change of the pictures, write them anew and look at them:
//! `DIP_BLESS=1 cargo test -p dip-render --test golden`.

use dip::{PhaseOutcome, Position, PositionFile, Rules};
use dip_render::{Board, Scene};
use resvg::tiny_skia::Pixmap;

const SCALE: f32 = 0.75;

fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn check(name: &str, svg: &str) {
    let png = dip_render::png(svg, SCALE).expect("rasterises");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(format!("{name}.png"));
    if std::env::var_os("DIP_BLESS").is_some() {
        std::fs::write(&path, &png).expect("write golden image");
        return;
    }
    let golden = Pixmap::decode_png(&std::fs::read(&path).expect("golden image (DIP_BLESS=1 writes it)"))
        .expect("golden image decodes");
    let made = Pixmap::decode_png(&png).expect("made image decodes");
    assert_eq!((made.width(), made.height()), (golden.width(), golden.height()), "{name}: size");
    let differ = made
        .pixels()
        .iter()
        .zip(golden.pixels())
        .filter(|(a, b)| {
            let d = |x: u8, y: u8| x.abs_diff(y) > 24;
            d(a.red(), b.red()) || d(a.green(), b.green()) || d(a.blue(), b.blue()) || d(a.alpha(), b.alpha())
        })
        .count();
    let share = differ as f64 / made.pixels().len() as f64;
    if share > 0.005 {
        let failed = std::env::temp_dir().join(format!("dip-golden-{name}.png"));
        let _ = std::fs::write(&failed, &png);
        panic!(
            "{name}: {:.2}% of pixels differ from the golden image; this run's picture: {}",
            share * 100.0,
            failed.display()
        );
    }
}

#[test]
fn the_standard_opening() {
    let map = dip::variant("standard").expect("standard");
    let board = Board::new(&map);
    assert!(!board.is_schematic(), "Standard has geometry");
    check("opening", &board.svg(&Scene::new(&Position::opening(&map))));
}

#[test]
fn the_midgame_with_orders_and_results() {
    let text = std::fs::read_to_string(root().join("examples/midgame_34.ron")).expect("read example");
    let file: PositionFile = ron::from_str(&text).expect("example parses");
    let map = dip::variant(&file.variant).expect("variant");
    let (position, lines) = file.read(&map, Some(&text)).expect("example reads");
    let orders: Vec<dip::Order> = lines.into_iter().map(|l| l.parsed.expect("order reads")).collect();
    let outcome =
        PhaseOutcome::Movement(dip::adjudicate(&map, &position, &orders, &Rules::default()).expect("adjudicates"));
    let board = Board::new(&map);
    check("midgame_34", &board.svg(&Scene::new(&position).orders(&orders).outcome(&outcome)));
}

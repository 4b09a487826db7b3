//! The speed of pictures (`cargo bench -p dip-render`): the midgame benchmark position
//! (34 units) with its orders and results, to SVG text and to PNG (scale 1), the same for
//! the largest map, Known World 901's opening (an order for each of its units, chosen at
//! random from the legal ones with a fixed seed, and their results), and the board's
//! preparation (geometry read and static map formatted).

use dip::{PhaseOutcome, PositionFile, Rules};
use dip_render::{Board, Scene};

fn midgame() -> (dip::Map, dip::Position, Vec<dip::Order>, PhaseOutcome) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/midgame_34.ron");
    let text = std::fs::read_to_string(path).expect("read the midgame");
    let file: PositionFile = ron::from_str(&text).expect("the midgame parses");
    let map = dip::variant(&file.variant).expect("variant");
    let (position, lines) = file.read(&map, Some(&text)).expect("the midgame reads");
    let orders: Vec<dip::Order> = lines.into_iter().map(|l| l.parsed.expect("order reads")).collect();
    let outcome =
        PhaseOutcome::Movement(dip::adjudicate(&map, &position, &orders, &Rules::default()).expect("adjudicates"));
    (map, position, orders, outcome)
}

/// Known World 901's opening with a random legal order for every unit, and its outcome.
fn known_world() -> (dip::Map, dip::Position, Vec<dip::Order>, PhaseOutcome) {
    let map = dip::variant("known_world_901").expect("known_world_901");
    let position = dip::Position::opening(&map);
    let choices = dip::legal_orders(&map, &position).expect("legal orders");
    let orders = dip::batch::random_orders(&map, &position, &choices, &mut dip::batch::Rng::new(901));
    let outcome =
        PhaseOutcome::Movement(dip::adjudicate(&map, &position, &orders, &Rules::default()).expect("adjudicates"));
    (map, position, orders, outcome)
}

#[divan::bench]
fn board_new(bencher: divan::Bencher<'_, '_>) {
    let map = dip::variant("standard").expect("standard");
    bencher.bench_local(|| divan::black_box(Board::new(&map)).size());
}

#[divan::bench]
fn svg_midgame_with_results(bencher: divan::Bencher<'_, '_>) {
    let (map, position, orders, outcome) = midgame();
    let board = Board::new(&map);
    let scene = Scene::new(&position).orders(&orders).outcome(&outcome);
    bencher.bench_local(|| divan::black_box(board.svg(divan::black_box(&scene))).len());
}

#[divan::bench(sample_count = 20)]
fn png_midgame_with_results(bencher: divan::Bencher<'_, '_>) {
    let (map, position, orders, outcome) = midgame();
    let board = Board::new(&map);
    let svg = board.svg(&Scene::new(&position).orders(&orders).outcome(&outcome));
    bencher.bench_local(|| divan::black_box(dip_render::png(divan::black_box(&svg), 1.0).expect("png")).len());
}

#[divan::bench]
fn svg_known_world_with_results(bencher: divan::Bencher<'_, '_>) {
    let (map, position, orders, outcome) = known_world();
    let board = Board::new(&map);
    let scene = Scene::new(&position).orders(&orders).outcome(&outcome);
    bencher.bench_local(|| divan::black_box(board.svg(divan::black_box(&scene))).len());
}

#[divan::bench(sample_count = 10)]
fn png_known_world_with_results(bencher: divan::Bencher<'_, '_>) {
    let (map, position, orders, outcome) = known_world();
    let board = Board::new(&map);
    let svg = board.svg(&Scene::new(&position).orders(&orders).outcome(&outcome));
    bencher.bench_local(|| divan::black_box(dip_render::png(divan::black_box(&svg), 1.0).expect("png")).len());
}

fn main() {
    divan::main();
}

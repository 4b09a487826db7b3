//! The speed of a whole phase and of whole games (`cargo xtask bench` runs this and prints
//! every figure beside the baselines of issue #15; `cargo xtask bench --dipcc PATH` runs the
//! figures it compares with dipcc's, interleaved):
//!
//! - `parse_only`: reading the order texts of a workload (judge notation, upper case);
//!   `parse_long`: the same orders in the DATC's long form; `parse_errors`: eleven
//!   orders nobody could read (misspellings, junk, a long line), with suggestions;
//! - `parsed`: the resolver on parsed orders (`Adjudicator::run`);
//! - `outcome_only`: building the outcome after a run (results with reasons, dislodged
//!   units with retreats, the next position);
//! - `text`: from order text to the full outcome;
//! - `convoy_web`: resolver and outcome on the 100-fleet convoy web;
//! - `legal_orders`: every legal order of every unit (`dip::legal_orders`);
//!   `legal_orders_unit`: the same asked unit by unit (`dip::legal_orders_at`);
//! - `games_one_by_one`: 16 random games (seeds 1-16, 1901 to 1920) on one core;
//!   `play_many`: the same games by `dip::batch::play_many` on 1 and 2 threads.
//! - `large_maps`: a full movement phase (resolver and outcome) on the largest maps, every
//!   unit ordered, beside the standard opening; its cost a unit should not grow with the map.

use dip::batch::{self, rayon};
use dip::{Adjudicator, Rules};

mod common;
use common::{LARGE_MAPS, WORKLOADS, long_texts, random_games, read_orders, read_unreadable, unreadable, workload};

#[divan::bench(args = WORKLOADS)]
fn parse_only(bencher: divan::Bencher<'_, '_>, name: &str) {
    let w = workload(name);
    let mut orders = Vec::with_capacity(w.texts.len());
    bencher.bench_local(|| {
        read_orders(&w.map, &w.texts, &mut orders);
        divan::black_box(orders.len())
    });
}

#[divan::bench(args = WORKLOADS)]
fn parse_long(bencher: divan::Bencher<'_, '_>, name: &str) {
    let w = workload(name);
    let texts = long_texts(&w);
    let mut orders = Vec::with_capacity(texts.len());
    bencher.bench_local(|| {
        read_orders(&w.map, &texts, &mut orders);
        divan::black_box(orders.len())
    });
}

#[divan::bench]
fn parse_errors(bencher: divan::Bencher<'_, '_>) {
    let map = dip::variant("standard").expect("standard map");
    let texts = unreadable();
    bencher.bench_local(|| read_unreadable(&map, &texts));
}

#[divan::bench(args = WORKLOADS)]
fn parsed(bencher: divan::Bencher<'_, '_>, name: &str) {
    let w = workload(name);
    let rules = Rules::default();
    let mut adjudicator = Adjudicator::new();
    bencher.bench_local(|| {
        let _ = adjudicator.run(&w.map, divan::black_box(&w.position), divan::black_box(&w.orders), &rules);
        divan::black_box(adjudicator.moved(0))
    });
}

#[divan::bench(args = WORKLOADS)]
fn outcome_only(bencher: divan::Bencher<'_, '_>, name: &str) {
    let w = workload(name);
    let rules = Rules::default();
    let mut adjudicator = Adjudicator::new();
    let mut resolved = adjudicator.run_phase(&w.map, &w.position, &w.orders, &rules).expect("a valid workload");
    bencher.bench_local(|| divan::black_box(resolved.outcome()));
}

#[divan::bench(args = WORKLOADS)]
fn text(bencher: divan::Bencher<'_, '_>, name: &str) {
    let w = workload(name);
    let rules = Rules::default();
    let mut adjudicator = Adjudicator::new();
    let mut orders = Vec::with_capacity(w.texts.len());
    bencher.bench_local(|| {
        read_orders(&w.map, &w.texts, &mut orders);
        divan::black_box(adjudicator.run_phase(&w.map, &w.position, &orders, &rules).map(|mut r| r.outcome()))
    });
}

#[divan::bench(sample_count = 30)]
fn convoy_web(bencher: divan::Bencher<'_, '_>) {
    let w = workload("convoy_web");
    let rules = Rules::default();
    let mut adjudicator = Adjudicator::new();
    bencher.bench_local(|| {
        divan::black_box(
            adjudicator.run_phase(&w.map, &w.position, divan::black_box(&w.orders), &rules).map(|mut r| r.outcome()),
        )
    });
}

#[divan::bench(args = WORKLOADS)]
fn legal_orders(bencher: divan::Bencher<'_, '_>, name: &str) {
    let w = workload(name);
    bencher.bench_local(|| dip::legal_orders(&w.map, divan::black_box(&w.position)));
}

#[divan::bench(args = WORKLOADS)]
fn legal_orders_unit(bencher: divan::Bencher<'_, '_>, name: &str) {
    let w = workload(name);
    let provinces: Vec<_> = w.position.units.iter().map(|u| w.map.province_of(u.loc)).collect();
    bencher.bench_local(|| {
        provinces.iter().map(|&p| dip::legal_orders_at(&w.map, divan::black_box(&w.position), p)).collect::<Vec<_>>()
    });
}

#[divan::bench(sample_count = 20)]
fn games_one_by_one(bencher: divan::Bencher<'_, '_>) {
    let map = dip::variant("standard").expect("standard map");
    let start = dip::Position::opening(&map);
    let rules = Rules::default();
    let games = random_games();
    bencher.bench_local(|| {
        games.iter().map(|&g| batch::play_random(&map, &rules, &start, g).map_or(0, |g| g.phases)).sum::<u32>()
    });
}

#[divan::bench(args = [1, 2], sample_count = 20)]
fn play_many(bencher: divan::Bencher<'_, '_>, threads: usize) {
    let map = dip::variant("standard").expect("standard map");
    let start = dip::Position::opening(&map);
    let rules = Rules::default();
    let games = random_games();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("thread pool");
    bencher.bench_local(|| pool.install(|| batch::play_many(&map, &rules, &start, &games)));
}

fn main() {
    divan::main();
}

#[divan::bench(args = LARGE_MAPS)]
fn large_maps(bencher: divan::Bencher<'_, '_>, name: &str) {
    let w = workload(name);
    let rules = Rules::default();
    let mut adjudicator = Adjudicator::new();
    bencher.bench_local(|| {
        divan::black_box(
            adjudicator
                .run_phase(&w.map, divan::black_box(&w.position), divan::black_box(&w.orders), &rules)
                .map(|mut r| r.outcome()),
        )
    });
}

//! Runs one benchmark figure a given number of times, for counting instructions under
//! valgrind (repeatable on a busy machine, unlike wall-clock time):
//!
//! `instructions FIGURE WORKLOAD N` with FIGURE one of `parse`, `parsed`, `outcome`,
//! `text`, `legal`, `legal_unit`, `convoy_web`, `games` (N games one by one: seeds 1, 2, …;
//! WORKLOAD is ignored). `cargo xtask bench --instructions` runs each figure under
//! callgrind twice, N times and none, and prints the difference divided by N. Without
//! arguments (as `cargo bench` runs it) it does nothing.

use dip::batch::{self, RandomGame};
use dip::{Adjudicator, Rules};

mod common;
use common::{UNTIL_YEAR, read_orders, workload};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let [figure, name, n] = &args[..] else { return };
    let n: u64 = n.parse().expect("N is a number");
    let name = if figure == "convoy_web" { "convoy_web" } else { name.as_str() };
    let w = if figure == "games" { workload("opening_s1901") } else { workload(name) };
    let rules = Rules::default();
    let mut adjudicator = Adjudicator::new();
    let _ = adjudicator.run(&w.map, &w.position, &w.orders, &rules);
    let mut orders = Vec::with_capacity(w.texts.len());
    let mut sink = 0usize;
    let start = dip::Position::opening(&w.map);
    for i in 0..n {
        sink += match figure.as_str() {
            "parse" => {
                read_orders(&w.map, &w.texts, &mut orders);
                orders.len()
            }
            "parsed" => {
                let ran =
                    adjudicator.run(&w.map, std::hint::black_box(&w.position), std::hint::black_box(&w.orders), &rules);
                usize::from(ran.is_ok() && adjudicator.moved(0))
            }
            "outcome" => {
                std::hint::black_box(adjudicator.outcome(&w.map, &w.position, &w.orders)).map_or(0, |o| o.results.len())
            }
            "text" => {
                read_orders(&w.map, &w.texts, &mut orders);
                let _ = adjudicator.run(&w.map, &w.position, &orders, &rules);
                std::hint::black_box(adjudicator.outcome(&w.map, &w.position, &orders)).map_or(0, |o| o.results.len())
            }
            "convoy_web" => {
                let _ = adjudicator.run(&w.map, &w.position, std::hint::black_box(&w.orders), &rules);
                std::hint::black_box(adjudicator.outcome(&w.map, &w.position, &w.orders)).map_or(0, |o| o.results.len())
            }
            "legal" => dip::legal_orders(&w.map, std::hint::black_box(&w.position)).map_or(0, |l| l.len()),
            "games" => {
                let game = RandomGame { seed: i + 1, until_year: UNTIL_YEAR };
                batch::play_random(&w.map, &rules, &start, game).map_or(0, |g| g.phases) as usize
            }
            other => panic!("unknown figure `{other}`"),
        };
    }
    std::hint::black_box(sink);
}

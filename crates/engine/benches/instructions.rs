//! Runs one benchmark figure a given number of times, for counting instructions under
//! valgrind (repeatable on a busy machine, unlike wall-clock time):
//!
//! `instructions FIGURE WORKLOAD N` with FIGURE one of `parse`, `parsed`, `outcome`,
//! `text`, `parse_long`, `parse_errors`, `legal`, `legal_compact` (`LegalOrders::each`), `legal_unit`, `convoy_web`, `games` (N
//! games one by one: seeds 1, 2, …; WORKLOAD is ignored for `convoy_web`, `games` and
//! `parse_errors`). Each iteration's work runs inside
//! `measured`, and what it returns is dropped outside it, as divan drops a benchmark's
//! results after timing: `cargo xtask bench --instructions` counts with callgrind only
//! inside `measured` and divides by N. Without arguments (as `cargo bench` runs it) it
//! does nothing.

use dip::batch::{self, RandomGame};
use dip::{Adjudicator, Rules};

mod common;
use common::{UNTIL_YEAR, long_texts, read_orders, read_unreadable, unreadable, workload};

/// The work of one iteration; callgrind counts only inside this function.
#[inline(never)]
fn measured<T>(work: impl FnOnce() -> T) -> T {
    work()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let [figure, name, n] = &args[..] else { return };
    let n: u64 = n.parse().expect("N is a number");
    let name = match figure.as_str() {
        "convoy_web" => "convoy_web",
        "games" | "parse_errors" => "opening_s1901",
        _ => name.as_str(),
    };
    let w = workload(name);
    let rules = Rules::default();
    let mut adjudicator = Adjudicator::new();
    if figure == "outcome" {
        // The outcome as a phase takes it: from the run that checked the input.
        let mut resolved = adjudicator.run_phase(&w.map, &w.position, &w.orders, &rules).expect("a valid workload");
        let sink: usize = (0..n).map(|_| measured(|| resolved.outcome()).results.len()).sum();
        std::hint::black_box(sink);
        return;
    }
    let mut orders = Vec::with_capacity(w.texts.len());
    let mut sink = 0usize;
    let start = dip::Position::opening(&w.map);
    let (long, bad) = (long_texts(&w), unreadable());
    let provinces: Vec<_> = w.position.units.iter().map(|u| w.map.province_of(u.loc)).collect();
    for i in 0..n {
        sink += match figure.as_str() {
            "parse" => measured(|| {
                read_orders(&w.map, &w.texts, &mut orders);
                orders.len()
            }),
            "parse_long" => measured(|| {
                read_orders(&w.map, &long, &mut orders);
                orders.len()
            }),
            "parse_errors" => measured(|| read_unreadable(&w.map, &bad)),
            "parsed" => measured(|| {
                let ran =
                    adjudicator.run(&w.map, std::hint::black_box(&w.position), std::hint::black_box(&w.orders), &rules);
                usize::from(ran.is_ok() && adjudicator.moved(0))
            }),
            "text" => measured(|| {
                read_orders(&w.map, &w.texts, &mut orders);
                adjudicator.run_phase(&w.map, &w.position, &orders, &rules).map(|mut r| r.outcome())
            })
            .map_or(0, |o| o.results.len()),
            "convoy_web" => measured(|| {
                adjudicator
                    .run_phase(&w.map, &w.position, std::hint::black_box(&w.orders), &rules)
                    .map(|mut r| r.outcome())
            })
            .map_or(0, |o| o.results.len()),
            "legal" => measured(|| dip::legal_orders(&w.map, std::hint::black_box(&w.position))).map_or(0, |l| l.len()),
            "legal_compact" => measured(|| {
                let mut count = 0;
                if let Ok(legal) = dip::LegalOrders::new(&w.map, std::hint::black_box(&w.position)) {
                    legal.each(|o| count += std::hint::black_box(o).unit.is_some() as usize);
                }
                count
            }),
            "legal_unit" => measured(|| {
                provinces
                    .iter()
                    .map(|&p| dip::legal_orders_at(&w.map, std::hint::black_box(&w.position), p))
                    .collect::<Vec<_>>()
            })
            .len(),
            "games" => {
                let game = RandomGame { seed: i + 1, until_year: UNTIL_YEAR };
                measured(|| batch::play_random(&w.map, &rules, &start, game)).map_or(0, |g| g.phases) as usize
            }
            other => panic!("unknown figure `{other}`"),
        };
    }
    std::hint::black_box(sink);
}

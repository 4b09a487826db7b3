//! Reading and checking many orders, as `dip check-orders` does: a position file of 10,000,
//! 20,000 and 40,000 orders, valid or unreadable, is deserialised, read against the map
//! (every order parsed and placed on its line), checked for legality by the adjudicator,
//! and each unreadable order's diagnostic (with its name suggestions) is written. The cost
//! must grow linearly: twice the orders, twice the time.
//!
//! `cargo bench -p dip --bench orders`

use std::fmt::Write as _;

use dip::{Map, PositionFile, Rules};

/// (orders, unreadable): every case is run.
const CASES: &[(usize, bool)] =
    &[(10_000, false), (20_000, false), (40_000, false), (10_000, true), (20_000, true), (40_000, true)];

/// The opening's orders, by power.
const OPENING: &[(&str, &[&str])] = &[
    ("Austria", &["A Vienna - Galicia", "A Budapest - Serbia", "F Trieste - Albania"]),
    ("England", &["F London - North Sea", "F Edinburgh - Norwegian Sea", "A Liverpool - Yorkshire"]),
    ("France", &["F Brest - Mid-Atlantic Ocean", "A Paris - Burgundy", "A Marseilles Supports A Paris - Burgundy"]),
    ("Germany", &["F Kiel - Denmark", "A Berlin - Kiel", "A Munich - Burgundy"]),
    ("Italy", &["F Naples - Ionian Sea", "A Rome - Apulia", "A Venice Hold"]),
    (
        "Russia",
        &[
            "F St Petersburg(sc) - Gulf of Bothnia",
            "A Moscow - Ukraine",
            "A Warsaw - Galicia",
            "F Sevastopol - Black Sea",
        ],
    ),
    ("Turkey", &["F Ankara - Black Sea", "A Constantinople - Bulgaria", "A Smyrna - Armenia"]),
];

/// A position file of the opening with `n` orders: the opening's orders over and over, or
/// each with its destination replaced by a made-up word (`A Vienna - Qzuvbek`).
pub fn file_text(n: usize, unreadable: bool) -> String {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut word = || {
        let mut w = String::new();
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let len = 4 + (state % 9) as usize;
        for k in 0..len {
            let letter = b'a' + ((state >> (5 * k % 60)) % 26) as u8;
            w.push(char::from(if k == 0 { letter.to_ascii_uppercase() } else { letter }));
        }
        w
    };
    let mut units = String::new();
    let mut by_power: Vec<Vec<String>> = vec![Vec::new(); OPENING.len()];
    for i in 0..n {
        let (power, orders) = (i % OPENING.len(), OPENING[i % OPENING.len()].1);
        let order = orders[(i / OPENING.len()) % orders.len()];
        let order = match order.split_once(" - ") {
            Some((unit, _)) if unreadable => format!("{unit} - {}", word()),
            _ => order.to_string(),
        };
        by_power[power].push(order);
    }
    for (power, orders) in OPENING {
        let list: Vec<String> = orders
            .iter()
            .map(|o| {
                format!(
                    "{:?}",
                    o.split_once(" - ").map_or(*o, |(u, _)| u).replace(" Supports A Paris", "").replace(" Hold", "")
                )
            })
            .collect();
        let _ = writeln!(units, "        {power:?}: [{}],", list.join(", "));
    }
    let mut text = format!("(\n    variant: \"standard\",\n    units: {{\n{units}    }},\n    orders: {{\n");
    for ((power, _), orders) in OPENING.iter().zip(&by_power) {
        let _ = writeln!(text, "        {power:?}: [");
        for order in orders {
            let _ = writeln!(text, "            {order:?},");
        }
        text.push_str("        ],\n");
    }
    text.push_str("    },\n)\n");
    text
}

/// What `dip check-orders` does with the file: the count of illegal and unreadable orders
/// and the length of the diagnostics.
pub fn check(map: &Map, text: &str) -> (usize, usize) {
    let file: PositionFile = ron::from_str(text).expect("a position file");
    let (position, lines) = file.read(map, Some(text)).expect("the position reads");
    let orders: Vec<dip::Order> = lines.iter().filter_map(|l| l.parsed.as_ref().ok().cloned()).collect();
    let outcome = dip::adjudicate(map, &position, &orders, &Rules::default()).expect("valid input");
    let illegal = outcome.results.iter().filter(|r| matches!(r, dip::OrderResult::Illegal(_))).count();
    let mut diagnostics = String::new();
    for line in &lines {
        if let Err(e) = &line.parsed {
            let _ = writeln!(diagnostics, "{}: `{}`: {e}", line.line.unwrap_or(0), line.text);
        }
    }
    (illegal, diagnostics.len())
}

#[divan::bench(args = CASES, sample_count = 10, sample_size = 1)]
fn check_orders(bencher: divan::Bencher<'_, '_>, &(n, unreadable): &(usize, bool)) {
    let map = dip::variant("standard").expect("standard");
    let text = file_text(n, unreadable);
    bencher.bench_local(|| divan::black_box(check(&map, &text)));
}

/// One unreadable order, with its suggestions: what each unreadable order above costs.
#[divan::bench(args = ["A Vienna - Qzuvbek", "A Vienna - Lodnon", "A Vienna - Norht Sea Kiel", "F Nrth Atlantik Oceen - Lon"])]
fn parse_error(bencher: divan::Bencher<'_, '_>, text: &str) {
    let map = dip::variant("standard").expect("standard");
    let austria = map.power_by_name("Austria").expect("Austria");
    let options = dip::ParseOptions::new(dip::PhaseKind::Movement).power(austria);
    bencher.bench_local(|| divan::black_box(dip::parse_order(&map, options, divan::black_box(text)).is_err()));
}

fn main() {
    divan::main();
}

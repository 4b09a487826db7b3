//! The cost of importing and loading a map, per province and per alias, at sizes from
//! 1,000 to 100,000: flat figures mean a linear importer and loader.
//!
//! `cargo run --release -p dip-import --example import_cost`
//!
//! Not a timed test: it prints, for each size, the time per item of each stage, so a
//! quadratic stage shows as a figure that grows with the size, and the bytes of border
//! tables per province (a matrix up to about 4,000 provinces, sorted rows beyond).
//! `import_cost provinces N` (or `aliases N`) imports and loads one size only, for
//! counting instructions under `valgrind --tool=callgrind`, which unlike time do not
//! depend on the cache: on 2026-11-27, 151,000 a province at 2,000 and 168,000 at 60,000;
//! 19,500 an alias at 10,000 and 21,000 at 100,000 (a logarithmic factor from sorting).

use std::time::{Duration, Instant};

/// A chain of `n` coastal provinces along one sea-less coast: each borders the one before
/// and after, every tenth is a supply centre, one power owns the first with an army there.
fn provinces_map(n: usize) -> String {
    let mut text = String::with_capacity(n * 80);
    text.push_str("BEGIN SPRING 1901 MOVEMENT\nNORTH (NORTHERN) P0\nA P0\nUNOWNED");
    for i in (10..n).step_by(10) {
        text.push_str(&format!(" P{i}"));
    }
    text.push('\n');
    for i in 0..n {
        text.push_str(&format!("Province {i} = p{i} prov{i}\n"));
    }
    for i in 0..n {
        let mut abuts = Vec::new();
        if i > 0 {
            abuts.push(format!("P{}", i - 1));
        }
        if i + 1 < n {
            abuts.push(format!("P{}", i + 1));
        }
        text.push_str(&format!("LAND P{i} ABUTS {}\n", abuts.join(" ")));
    }
    text
}

/// Two provinces, the first with `n` aliases on its one name line.
fn aliases_map(n: usize) -> String {
    let mut text = String::with_capacity(n * 10 + 200);
    text.push_str("BEGIN SPRING 1901 MOVEMENT\nNORTH (NORTHERN) ALP\nA ALP\nUNOWNED BAY\nAlpha = alp");
    for i in 0..n {
        text.push_str(&format!(" al{i}"));
    }
    text.push_str("\nBay = bay\nLAND ALP ABUTS BAY\nLAND BAY ABUTS ALP\n");
    text
}

fn time<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed())
}

fn per_item(d: Duration, n: usize) -> String {
    format!("{:>8.2} µs", d.as_secs_f64() * 1e6 / n as f64)
}

fn no_includes(_: &str, name: &str) -> Result<(String, String), String> {
    Err(format!("no file {name}"))
}

fn main() {
    // `import_cost provinces N` or `import_cost aliases N`: one size only (for a profiler).
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [what, n] = &args[..] {
        let n: usize = n.parse().expect("N is a number");
        let text = if what == "aliases" { aliases_map(n) } else { provinces_map(n) };
        let import = dip_import::import_str("one.map", &text, &mut no_includes).expect("imports");
        let map = dip_map::load_str("one.ron", &import.to_ron()).expect("loads");
        println!("{} provinces, border tables {} bytes", map.province_count(), map.border_table_bytes());
        return;
    }
    println!("Per province: import (read, convert, check), write RON, load the RON");
    println!("{:>8} {:>11} {:>11} {:>11} {:>14}", "n", "import", "write", "load", "border bytes");
    // The loader's ids are 16 bits: 65,535 locations at most.
    for n in [1_000, 3_000, 10_000, 30_000, 60_000] {
        let text = provinces_map(n);
        let (import, import_time) = time(|| dip_import::import_str("chain.map", &text, &mut no_includes));
        let import = import.unwrap_or_else(|e| panic!("{n} provinces: {e}"));
        let (ron, write_time) = time(|| import.to_ron());
        let (map, load_time) = time(|| dip_map::load_str("chain.ron", &ron));
        let map = map.unwrap_or_else(|e| panic!("{n} provinces, loading: {e}"));
        assert_eq!(map.province_count(), n);
        println!(
            "{n:>8} {} {} {} {:>14.1}",
            per_item(import_time, n),
            per_item(write_time, n),
            per_item(load_time, n),
            map.border_table_bytes() as f64 / n as f64
        );
    }
    println!();
    println!("Per alias, on one line: import, write RON, load the RON");
    println!("{:>8} {:>11} {:>11} {:>11}", "n", "import", "write", "load");
    for n in [1_000, 10_000, 40_000, 100_000] {
        let text = aliases_map(n);
        let (import, import_time) = time(|| dip_import::import_str("aliases.map", &text, &mut no_includes));
        let import = import.unwrap_or_else(|e| panic!("{n} aliases: {e}"));
        let (ron, write_time) = time(|| import.to_ron());
        let (map, load_time) = time(|| dip_map::load_str("aliases.ron", &ron));
        let map = map.unwrap_or_else(|e| panic!("{n} aliases, loading: {e}"));
        assert_eq!(map.province_by_name(&format!("al{}", n - 1)), map.province_by_name("alp"));
        println!("{n:>8} {} {} {}", per_item(import_time, n), per_item(write_time, n), per_item(load_time, n));
    }
    println!();
    println!("Per comment line before 5,000 provinces: load the RON");
    let ron = dip_import::import_str("chain.map", &provinces_map(5_000), &mut no_includes).expect("imports").to_ron();
    for lines in [1_000, 10_000, 100_000] {
        let text = format!("{}{ron}", "// a comment\n".repeat(lines));
        let (map, load_time) = time(|| dip_map::load_str("commented.ron", &text));
        map.expect("loads");
        println!("{lines:>8} {}", per_item(load_time, lines + 5_000));
    }
}

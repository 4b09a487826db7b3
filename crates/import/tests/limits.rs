//! The importer's cost is linear in its input: includes are read once and capped in depth,
//! number and bytes; names, aliases and provinces are looked up, never searched for.
//! Each test counts work (files read, lines read) or compares two sizes with a margin so
//! wide that only a quadratic importer fails it.

use std::cell::Cell;
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use dip_import::{ImportError, IncludeLimits, import_file_with, import_str, import_str_with};

/// A small valid map, for includes to end in.
const BASE: &str = "\
BEGIN SPRING 1901 MOVEMENT
NORTH (NORTHERN) ALP
A ALP
UNOWNED BAY
Alpha = alp
Bay = bay
LAND ALP ABUTS BAY
LAND BAY ABUTS ALP
";

/// `f0.map` … `f{depth}.map`: each file includes the next one twice; the last is [`BASE`].
fn diamond(depth: usize) -> HashMap<String, String> {
    let mut files = HashMap::new();
    for i in 0..depth {
        files.insert(format!("f{i}.map"), format!("USE f{}.map\nUSE f{}.map\n", i + 1, i + 1));
    }
    files.insert(format!("f{depth}.map"), BASE.to_string());
    files
}

/// Imports `f0.map` of `files`, counting the files the resolver hands out; a resolver
/// asked more than 200 times fails the test at once (the importer before this cap asked
/// 2^depth times).
fn import_counting(
    files: &HashMap<String, String>,
    limits: &IncludeLimits,
) -> (Result<dip_import::Import, ImportError>, usize) {
    let reads = Cell::new(0);
    let text = &files["f0.map"];
    let result = import_str_with(
        "f0.map",
        text,
        &mut |_, name| {
            reads.set(reads.get() + 1);
            assert!(reads.get() <= 200, "the resolver was asked for {name} {} times", reads.get());
            files.get(name).map(|t| (name.to_string(), t.clone())).ok_or_else(|| "no such file".to_string())
        },
        limits,
    );
    (result, reads.get())
}

fn syntax_errors(result: Result<dip_import::Import, ImportError>) -> Vec<String> {
    match result {
        Err(ImportError::Syntax { errors }) => errors.iter().map(ToString::to_string).collect(),
        Err(other) => panic!("a syntax error expected, got {other}"),
        Ok(_) => panic!("a syntax error expected, got an import"),
    }
}

#[test]
fn a_file_included_twice_is_read_once() {
    // Six levels: 126 includes, under the cap; seven files, each read once.
    let (result, reads) = import_counting(&diamond(6), &IncludeLimits::DEFAULT);
    let import = result.expect("imports");
    assert_eq!(reads, 6, "each included file is read once");
    assert_eq!(import.map().province_count(), 2);
}

#[test]
fn doubling_includes_thirty_deep_stop_at_the_include_cap() {
    // 2^31 includes if followed: the import stops after 1,000, naming the file and line
    // (the depth cap raised, so that it is the count that stops it).
    let start = Instant::now();
    let limits = IncludeLimits { max_depth: 64, ..IncludeLimits::DEFAULT };
    let (result, reads) = import_counting(&diamond(30), &limits);
    let errors = syntax_errors(result);
    assert!(reads <= 30, "{reads} files read");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("more than 1000 includes in all"), "{errors:?}");
    assert!(errors[0].starts_with("f") && errors[0].contains(".map:"), "names the file and line: {errors:?}");
    assert!(start.elapsed() < Duration::from_secs(5));
}

#[test]
fn includes_deeper_than_the_cap_are_an_error_at_the_include() {
    let mut files = HashMap::new();
    for i in 0..40 {
        files.insert(format!("f{i}.map"), format!("# level {i}\nUSE f{}.map\n", i + 1));
    }
    files.insert("f40.map".to_string(), BASE.to_string());
    let limits = IncludeLimits { max_depth: 16, ..IncludeLimits::DEFAULT };
    let (result, reads) = import_counting(&files, &limits);
    let errors = syntax_errors(result);
    assert_eq!(errors, ["f16.map:2: `f17.map`: includes nested deeper than 16 files"]);
    assert_eq!(reads, 16);
}

#[test]
fn the_byte_cap_counts_every_include() {
    // Each include is small, but read 62 times they come to more than the cap.
    let limits = IncludeLimits { max_bytes: 4_000, ..IncludeLimits::DEFAULT };
    let (result, _) = import_counting(&diamond(5), &limits);
    let errors = syntax_errors(result);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].contains("more than 4000 bytes (raise it with --max-input-bytes)"), "{errors:?}");
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dip-import-limits-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn a_cycle_through_files_on_disk_is_named_and_the_file_cap_holds() {
    let dir = temp_dir("cycle");
    std::fs::create_dir_all(dir.join("sub")).expect("sub");
    // `sub/../top.map` is `top.map`: the cycle is found by canonical path.
    std::fs::write(dir.join("top.map"), format!("USE sub/inner.map\n{BASE}")).expect("write");
    std::fs::write(dir.join("sub/inner.map"), "USE ../top.map\n").expect("write");
    let Err(ImportError::Syntax { errors }) = import_file_with(dir.join("top.map"), &IncludeLimits::DEFAULT) else {
        panic!("a cycle is an error")
    };
    let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(errors[0].ends_with("inner.map:1: `../top.map` includes itself"), "{errors:?}");
    // A file over the byte cap is refused when included, with the cap named.
    std::fs::write(dir.join("big.map"), format!("USE sub/large.map\n{BASE}")).expect("write");
    std::fs::write(dir.join("sub/large.map"), "# x\n".repeat(1000)).expect("write");
    let limits = IncludeLimits { max_bytes: 1000, ..IncludeLimits::DEFAULT };
    let Err(e) = import_file_with(dir.join("big.map"), &limits) else { panic!("too large") };
    assert!(e.to_string().contains("larger than the limit of 1000 bytes"), "{e}");
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// `n` land provinces in a chain, each named with an alias, `n / 10` of them centres.
fn provinces_map(n: usize) -> String {
    let mut text = String::from("BEGIN SPRING 1901 MOVEMENT\nNORTH (NORTHERN) P0\nA P0\nUNOWNED");
    for i in (10..n).step_by(10) {
        text.push_str(&format!(" P{i}"));
    }
    text.push('\n');
    for i in 0..n {
        text.push_str(&format!("Province {i} = p{i} prov{i}\n"));
        let next = if i + 1 < n { format!(" P{}", i + 1) } else { String::new() };
        let before = if i > 0 { format!("P{} ", i - 1) } else { String::new() };
        text.push_str(&format!("LAND P{i} ABUTS {before}{next}\n"));
    }
    text
}

fn aliases_map(n: usize) -> String {
    let mut text = String::from("BEGIN SPRING 1901 MOVEMENT\nNORTH (NORTHERN) ALP\nA ALP\nUNOWNED BAY\nAlpha = alp");
    for i in 0..n {
        text.push_str(&format!(" al{i}"));
    }
    text.push_str("\nBay = bay\nLAND ALP ABUTS BAY\nLAND BAY ABUTS ALP\n");
    text
}

/// The timed tests run one at a time, so that they do not slow each other down.
static TIMING: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The best of five timings: the least disturbed by whatever else the machine runs.
fn cost(text: &str) -> Duration {
    (0..5)
        .map(|_| {
            let start = Instant::now();
            import_str("cost.map", text, &mut |_, name| Err(format!("no file {name}"))).expect("imports");
            start.elapsed()
        })
        .min()
        .expect("five runs")
}

/// Eight times the input may cost eight times as much, with room for noise; a quadratic
/// importer costs 64 times (before the fix, in a debug build: 1.3 s for 2,500 aliases and
/// 50 s for 20,000; 0.04 s for 500 provinces and 2.6 s for 4,000).
fn assert_linear(small: Duration, large: Duration, what: &str) {
    assert!(
        large < small * 24,
        "{what}: 8× the input cost {:.1}× the time ({small:?} → {large:?})",
        large.as_secs_f64() / small.as_secs_f64()
    );
}

#[test]
fn aliases_on_one_line_cost_linear_time() {
    let _one_at_a_time = TIMING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let small = cost(&aliases_map(2_500));
    let large = cost(&aliases_map(20_000));
    assert_linear(small, large, "aliases");
}

#[test]
fn provinces_cost_linear_time() {
    let _one_at_a_time = TIMING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let small = cost(&provinces_map(500));
    let large = cost(&provinces_map(4_000));
    assert_linear(small, large, "provinces");
}

/// The best of five loads of `ron`.
fn load_cost(ron: &str) -> Duration {
    (0..5)
        .map(|_| {
            let start = Instant::now();
            dip_map::load_str("cost.ron", ron).expect("loads");
            start.elapsed()
        })
        .min()
        .expect("five runs")
}

fn imported_ron(provinces: usize) -> String {
    import_str("cost.map", &provinces_map(provinces), &mut |_, name| Err(format!("no file {name}")))
        .expect("imports")
        .to_ron()
}

#[test]
fn loading_an_imported_map_costs_linear_time() {
    let _one_at_a_time = TIMING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    // `dip new` on import-map's output: 20,000 provinces took 15 s, the loader looking up
    // each province's line from the start of the file.
    let small = load_cost(&imported_ron(500));
    let large = load_cost(&imported_ron(4_000));
    assert_linear(small, large, "loading provinces");
}

#[test]
fn loading_provinces_after_many_comment_lines_costs_linear_time() {
    let _one_at_a_time = TIMING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    // Each province after 20 comment lines: the loader once scanned every line for each
    // province (5,000 provinces after 100,000 comment lines: 6.7 s).
    let commented = |n: usize| format!("{}{}", "// a comment line\n".repeat(20 * n), imported_ron(n));
    let small = load_cost(&commented(300));
    let large = load_cost(&commented(2_400));
    assert_linear(small, large, "loading provinces after comments");
}

#[test]
fn a_huge_map_keeps_its_borders_in_proportion_to_them() {
    // A border matrix grows with the square of the map: 5,000 provinces would take 9.5 MB
    // and 60,000 some 1.35 GB. Past about 4,000 provinces the loader keeps sorted rows.
    let n = 5_000;
    let map = dip_map::load_str("huge.ron", &imported_ron(n)).expect("loads");
    assert_eq!(map.province_count(), n);
    assert!(map.border_table_bytes() < 64 * n, "{} bytes of border tables", map.border_table_bytes());
    let p = |i: usize| map.province_by_name(&format!("p{i}")).expect("a province");
    for i in [0, 1, 2_500, n - 2] {
        assert!(map.army_adjacent(p(i), p(i + 1)) && map.army_adjacent(p(i + 1), p(i)));
        assert!(!map.army_adjacent(p(i), p(i)));
    }
    assert!(!map.army_adjacent(p(0), p(2)) && !map.army_adjacent(p(n - 1), p(0)));
    let mut set = vec![0u64; n.div_ceil(64)];
    map.move_provinces_into(dip_map::UnitKind::Army, map.main_loc(p(2_500)), &mut set);
    let ones: Vec<usize> = (0..n).filter(|&q| set[q / 64] >> (q % 64) & 1 == 1).collect();
    assert_eq!(ones, vec![p(2_499).index(), p(2_501).index()]);
}

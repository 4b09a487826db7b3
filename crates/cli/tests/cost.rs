//! Reading and checking orders costs time linear in their number, a parse error's
//! suggestions microseconds, and no single input unbounded time. (The figures themselves
//! come from `cargo bench -p dip --bench orders`; these tests only catch a return of the
//! quadratic or millisecond costs, with wide margins.)

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dip-cli-cost-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

/// A position file of the opening with `n` copies of an order (`A Paris - {to}`).
fn orders_file(dir: &Path, n: usize, to: &str) -> PathBuf {
    let orders: Vec<String> = (0..n)
        .map(|i| {
            if to.is_empty() {
                // Each order its own text (the letters' case spells `i`), as in a real file:
                // finding each one's line by scanning the file was quadratic.
                let mut bit = 0;
                let text: String = "A Paris - Burgundy"
                    .chars()
                    .map(|c| {
                        if !c.is_ascii_alphabetic() {
                            return c;
                        }
                        bit += 1;
                        if i >> (bit - 1) & 1 == 1 { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() }
                    })
                    .collect();
                format!("\"{text}\"")
            } else {
                format!("\"A Paris - {to}\"")
            }
        })
        .collect();
    let text = format!(
        "(\n variant: \"standard\",\n units: {{\"France\": [\"A Paris\"]}},\n orders: {{\"France\": [\n{}\n]}},\n)\n",
        orders.join(",\n")
    );
    let path = dir.join(format!("orders-{n}-{}.ron", to.len()));
    std::fs::write(&path, text).expect("write the orders");
    path
}

/// The fastest of two runs of `dip check-orders` on the file.
fn check_orders(path: &Path) -> Duration {
    (0..2)
        .map(|_| {
            let start = Instant::now();
            let run = Command::new(env!("CARGO_BIN_EXE_dip"))
                .args(["check-orders", &path.to_string_lossy()])
                .current_dir(root())
                .output()
                .expect("run dip");
            assert_eq!(run.status.code(), Some(1), "{}", String::from_utf8_lossy(&run.stderr));
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

#[test]
fn checking_orders_is_linear_in_their_number() {
    let dir = folder("linear");
    // Valid orders (all for one unit, so all but one are illegal), each written its own
    // way: finding each one's line used to scan the file.
    let small = check_orders(&orders_file(&dir, 4_000, ""));
    let large = check_orders(&orders_file(&dir, 16_000, ""));
    assert!(large < small * 8 + Duration::from_millis(500), "4,000 orders: {small:?}, 16,000: {large:?}");
}

#[test]
fn a_parse_errors_suggestions_cost_microseconds() {
    let dir = folder("suggestions");
    // 2,000 unreadable orders, each with a misspelt destination to suggest names for: at
    // 1-2 ms each (release) this took seconds, and far longer in a debug build.
    let elapsed = check_orders(&orders_file(&dir, 2_000, "Burgundyy Qzx"));
    assert!(elapsed < Duration::from_secs(8), "2,000 parse errors took {elapsed:?}");
}

#[test]
fn a_huge_word_is_refused_at_the_line_cap_not_parsed() {
    let dir = folder("huge-word");
    let word = "x".repeat(9 << 20);
    let path = orders_file(&dir, 1, &word);
    let start = Instant::now();
    let run = Command::new(env!("CARGO_BIN_EXE_dip"))
        .args(["check-orders", &path.to_string_lossy()])
        .current_dir(root())
        .output()
        .expect("run dip");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("order of 9437194 bytes: longer than the limit of 1000 bytes (--max-line-length)"),
        "{stderr}"
    );
    assert!(start.elapsed() < Duration::from_secs(20), "a 9 MB word took {:?}", start.elapsed());
}

//! `dip check-orders` on every order block of DATC sections 6.A and 6.B: every order the
//! case file does not mark `Unreadable` reads, and exactly the orders the DATC calls illegal
//! get a diagnostic, an illegality and not a read error.

use std::path::Path;
use std::process::Command;

use dip_datc::Expect;

mod common;
use common::{group, ron_map};

#[test]
fn check_orders_reads_every_order_of_datc_6a_and_6b() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = root.join("datc/v3.1");
    let tmp = std::env::temp_dir().join(format!("dip-datc-orders-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("temp dir");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).expect("datc dir") {
        let path = entry.expect("entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
        if !(name.starts_with("6.A.") || name.starts_with("6.B.")) {
            continue;
        }
        let case = dip_datc::Case::load(&path).expect("case parses");
        if case.phase.as_deref().is_some_and(|p| !p.contains("Movement")) {
            continue;
        }
        let orders: Vec<String> = case.orders.iter().map(|(o, _)| o.clone()).collect();
        let file = format!(
            "(variant: \"standard\", units: {}, orders: {})",
            ron_map(&group(&case.units)),
            ron_map(&group(&orders))
        );
        let position = tmp.join(&name);
        std::fs::write(&position, file).expect("write position");
        let output =
            Command::new(env!("CARGO_BIN_EXE_dip")).arg("check-orders").arg(&position).output().expect("run dip");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let ok_lines = stdout.lines().filter(|l| l.starts_with("ok ")).count();
        let legal = case.orders.iter().filter(|(_, e)| !matches!(e, Expect::Illegal | Expect::Unreadable)).count();
        assert_eq!(ok_lines, legal, "{}: {stdout}", case.id);
        for (order, expect) in &case.orders {
            let body = order.split_once(':').map_or(order.as_str(), |(_, b)| b.trim());
            let diagnostic = stdout.lines().find(|l| l.contains(&format!("`{body}`: ")));
            match expect {
                // An illegal order reads: its diagnostic says why it is illegal.
                Expect::Illegal => assert!(
                    diagnostic.is_some_and(|l| l.contains(&format!("`{body}`: illegal: "))),
                    "{}: no illegality for `{body}`:\n{stdout}",
                    case.id
                ),
                Expect::Unreadable => assert!(
                    diagnostic.is_some_and(|l| !l.contains(&format!("`{body}`: illegal: "))),
                    "{}: `{body}` should not read:\n{stdout}",
                    case.id
                ),
                Expect::Succeeds | Expect::Fails(_) => {
                    assert!(diagnostic.is_none(), "{}: diagnostic for `{body}`:\n{stdout}", case.id)
                }
            }
        }
        let all_legal = legal == case.orders.len();
        assert_eq!(output.status.success(), all_legal, "{}: exit status", case.id);
        checked += 1;
    }
    assert!(checked >= 26, "only {checked} cases checked");
    let _ = std::fs::remove_dir_all(&tmp);
}

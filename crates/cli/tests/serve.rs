//! `dip serve --stdio`: a request a line in, an answer a line out, in order; malformed
//! lines answered with an error naming the line; memory flat over many requests.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

struct Server {
    child: Child,
    input: Option<ChildStdin>,
    output: BufReader<ChildStdout>,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dip"))
            .args(["serve", "--stdio"])
            .current_dir(root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start dip serve");
        let input = child.stdin.take();
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        Server { child, input, output }
    }

    fn send(&mut self, line: &str) {
        let input = self.input.as_mut().expect("open");
        input.write_all(line.as_bytes()).and_then(|()| input.write_all(b"\n")).expect("write");
        input.flush().expect("flush");
    }

    fn answer(&mut self) -> serde_json::Value {
        let mut line = String::new();
        self.output.read_line(&mut line).expect("read an answer");
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("`{line}`: {e}"))
    }

    fn finish(mut self) {
        drop(self.input.take());
        let status = self.child.wait().expect("wait");
        assert!(status.success(), "{status}");
    }

    /// `VmRSS` of the server, in KiB (Linux).
    fn resident_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).expect("/proc status");
        let line = status.lines().find(|l| l.starts_with("VmRSS:")).expect("VmRSS");
        line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).expect("a number")
    }
}

/// The opening with every unit ordered (the benchmark's request).
fn opening() -> String {
    let units = r#"{"AUSTRIA": ["A VIE", "A BUD", "F TRI"], "ENGLAND": ["F LON", "F EDI", "A LVP"], "FRANCE": ["F BRE", "A PAR", "A MAR"], "GERMANY": ["F KIE", "A BER", "A MUN"], "ITALY": ["F NAP", "A ROM", "A VEN"], "RUSSIA": ["F STP/SC", "A MOS", "A WAR", "F SEV"], "TURKEY": ["F ANK", "A CON", "A SMY"]}"#;
    let orders = r#"{"AUSTRIA": ["A VIE - GAL", "A BUD - SER", "F TRI - ALB"], "ENGLAND": ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"], "FRANCE": ["F BRE - MAO", "A PAR - BUR", "A MAR S A PAR - BUR"], "GERMANY": ["F KIE - DEN", "A BER - KIE", "A MUN - BUR"], "ITALY": ["F NAP - ION", "A ROM - APU", "A VEN H"], "RUSSIA": ["F STP/SC - FIN", "A MOS - UKR", "A WAR - GAL", "F SEV - BLA"], "TURKEY": ["F ANK - BLA", "A CON - BUL", "A SMY - ARM"]}"#;
    format!(
        r#"{{"id": "opening", "notation": "mila", "position": {{"variant": "standard", "units": {units}, "orders": {orders}}}}}"#
    )
}

#[test]
fn answers_one_request_at_a_time() {
    let mut server = Server::start();
    for n in 0..3 {
        server.send(&opening());
        let answer = server.answer();
        assert_eq!(answer["ok"], true, "{answer}");
        assert_eq!(answer["line"], n + 1);
        assert_eq!(answer["id"], "opening");
        let results = &answer["results"];
        assert_eq!(results["schema"], "dip-results");
        assert_eq!(results["orders"].as_array().map(Vec::len), Some(22));
        let bur =
            results["orders"].as_array().and_then(|o| o.iter().find(|r| r["text"] == "A MUN - BUR")).expect("MUN");
        assert_eq!((&bur["code"], &bur["order"]), (&"bounced".into(), &"A MUN - BUR".into()));
        assert_eq!(results["position"]["phase"], "Fall 1901 Movement");
    }
    server.finish();
}

#[test]
fn a_malformed_line_gets_an_error_and_the_stream_goes_on() {
    let mut server = Server::start();
    let lines = [
        opening(),
        "{not json".to_string(),
        r#"{"id": 5, "position": {"variant": "standard", "units": {"France": ["A Paris"]}, "orders": {"France": ["A Paris - Xyzzy"]}}}"#.to_string(),
        r#"{"id": 6, "position": {"variant": "nowhere", "units": {}}}"#.to_string(),
        r#"{"id": 7, "orders": {}}"#.to_string(),
        r#"{"id": 8, "position": {"variant": "standard", "units": {"France": ["A Paris", "A Paris"]}}}"#.to_string(),
        opening(),
    ];
    for line in &lines {
        server.send(line);
    }
    let answers: Vec<serde_json::Value> = (0..lines.len()).map(|_| server.answer()).collect();
    for (i, answer) in answers.iter().enumerate() {
        assert_eq!(answer["line"], i + 1, "{answer}");
    }
    assert_eq!(answers[0]["ok"], true);
    assert_eq!(answers[1]["ok"], false);
    assert!(answers[1]["error"].as_str().is_some_and(|e| e.starts_with("line 2, column 2: ")), "{}", answers[1]);
    // An order that cannot be read is a result, not an error.
    assert_eq!(answers[2]["ok"], true);
    assert_eq!(answers[2]["results"]["orders"][0]["code"], "unreadable");
    for (i, answer) in answers.iter().enumerate().take(6).skip(3) {
        assert_eq!(answer["ok"], false, "{answer}");
        assert_eq!(answer["id"], i + 3);
        let error = answer["error"].as_str().unwrap_or_default();
        assert!(error.starts_with(&format!("line {}: ", i + 1)), "{error}");
    }
    assert!(answers[3]["error"].as_str().is_some_and(|e| e.contains("nowhere")), "{}", answers[3]);
    assert_eq!(answers[6]["ok"], true);
    server.finish();
}

#[test]
fn a_saved_game_and_its_next_orders() {
    let text = std::fs::read_to_string(root().join("games/cicero/game_433761_ENGLAND_AG.json")).expect("a game");
    let mut game: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    // Go on from F1901M: the game up to it, and its recorded orders as the next orders.
    let phases = game["phases"].as_array_mut().expect("phases");
    phases.truncate(2);
    let orders = phases[1]["orders"].clone();
    let request =
        serde_json::json!({"id": 1, "game": game, "orders": orders, "rules": "webdiplomacy", "notation": "mila"});
    let mut server = Server::start();
    server.send(&request.to_string());
    let answer = server.answer();
    assert_eq!(answer["ok"], true, "{answer}");
    assert_eq!(answer["phase"], "W1901A");
    assert_eq!(answer["results"]["phase"], "Fall 1901 Movement");
    let recorded: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let w1901 = &recorded["phases"][2]["state"];
    for power in ["ENGLAND", "FRANCE", "RUSSIA"] {
        let mut got: Vec<String> = serde_json::from_value(answer["state"]["units"][power].clone()).expect("units");
        let mut want: Vec<String> = serde_json::from_value(w1901["units"][power].clone()).expect("units");
        got.sort();
        want.sort();
        assert_eq!(got, want, "{power}");
    }
    server.finish();
}

/// The server's memory does not grow with the number of requests: after a warm-up, many
/// more requests of every kind (good, unreadable, malformed) leave its resident size
/// within a small bound.
#[test]
fn memory_stays_flat_over_many_requests() {
    let kinds = [
        opening(),
        r#"{"position": {"variant": "standard", "units": {"France": ["A Paris"]}, "orders": {"France": ["A Paris - Xyzzy"]}}}"#.to_string(),
        "{broken".to_string(),
        r#"{"position": {"variant": "standard", "phase": "Fall 1901 Retreat", "units": {"Germany": ["A Munich"], "France": ["A Burgundy"]}, "dislodged": {"Germany": [{"unit": "A Ruhr", "attacked_from": "Burgundy"}]}, "orders": {"Germany": ["A Ruhr - Kiel"]}}}"#.to_string(),
    ];
    let mut server = Server::start();
    // Requests in batches of 8, every answer read before the next batch (the answers of a
    // batch fit in the pipe, so neither side waits for the other).
    let round = |server: &mut Server, count: usize| {
        for batch in 0..count / 8 {
            for i in 0..8 {
                server.send(&kinds[(batch * 8 + i) % kinds.len()]);
            }
            for _ in 0..8 {
                server.answer();
            }
        }
    };
    round(&mut server, 2_000);
    let warm = server.resident_kib();
    for _ in 0..10 {
        round(&mut server, 2_000);
    }
    let after = server.resident_kib();
    assert!(after <= warm + 2048, "resident memory grew from {warm} KiB to {after} KiB over 20,000 requests");
    server.finish();
}

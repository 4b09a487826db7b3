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
        Server::start_with(&[])
    }

    /// `dip serve --stdio` with more options.
    fn start_with(options: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dip"))
            .args(["serve", "--stdio"])
            .args(options)
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
        self.status_kib("VmRSS:")
    }

    /// `VmHWM` of the server, its largest resident size so far, in KiB (Linux).
    fn peak_kib(&self) -> u64 {
        self.status_kib("VmHWM:")
    }

    fn status_kib(&self, field: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).expect("/proc status");
        let line = status.lines().find(|l| l.starts_with(field)).expect(field);
        line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).expect("a number")
    }

    /// Sends one request and reads its answer.
    fn ask(&mut self, line: &str) -> serde_json::Value {
        self.send(line);
        self.answer()
    }

    /// Sends one request and reads its answer's line as text, however long.
    fn ask_text(&mut self, line: &str) -> String {
        self.send(line);
        let mut answer = String::new();
        self.output.read_line(&mut answer).expect("read an answer");
        answer
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
/// more requests of every kind (good, unreadable, malformed, and every hostile kind the
/// caps are for) leave its resident size and its peak within a small bound.
#[test]
fn memory_stays_flat_over_many_requests() {
    let folder = Folder::new("flat");
    for name in ["copy_a", "copy_b", "copy_c"] {
        folder.variant(name);
    }
    let long_line = format!(r#"{{"id": "{}"}}"#, "x".repeat(300 << 10));
    let kinds = [
        opening(),
        r#"{"position": {"variant": "standard", "units": {"France": ["A Paris"]}, "orders": {"France": ["A Paris - Xyzzy"]}}}"#.to_string(),
        "{broken".to_string(),
        r#"{"position": {"variant": "standard", "phase": "Fall 1901 Retreat", "units": {"Germany": ["A Munich"], "France": ["A Ruhr"]}, "dislodged": {"Germany": [{"unit": "A Ruhr", "attacked_from": "Burgundy"}]}, "orders": {"Germany": ["A Ruhr - Kiel"]}}}"#.to_string(),
        // Hostile: a variant by path, a key twice, an id too long, empty units past the
        // cap, a line past the cap, and the folder's variants in turn past the cache's bound.
        position_of(&format!("{}/copy_a", folder.path.display()), r#"{"France": ["A Paris"]}"#),
        r#"{"position": {"variant": "standard", "units": {}}, "orders": {"France": [], "France": []}}"#.to_string(),
        format!(r#"{{"id": "{}", "position": {{"variant": "standard", "units": {{}}}}}}"#, "i".repeat(100 << 10)),
        empty_units(12_000),
        position_of("copy_a", "{}"),
        position_of("copy_b", "{}"),
        position_of("copy_c", "{}"),
    ];
    let variants = folder.path.display().to_string();
    let mut server =
        Server::start_with(&["--variants", &variants, "--max-cached-variants", "2", "--max-request-bytes", "262144"]);
    // Requests in batches of 8, every answer read before the next batch (the answers of a
    // batch fit in the pipe, so neither side waits for the other).
    // A line past the cap once in every 100 requests (it is long to send).
    let round = |server: &mut Server, count: usize| {
        let mut good = 0;
        for batch in 0..count / 8 {
            for i in 0..8 {
                let n = batch * 8 + i;
                if n % 100 == 99 {
                    server.send(&long_line);
                } else {
                    server.send(&kinds[n % kinds.len()]);
                }
            }
            for _ in 0..8 {
                good += usize::from(server.answer()["ok"] == true);
            }
        }
        good
    };
    let good = round(&mut server, 2_000);
    assert!(good > 700, "{good} of 2,000 answered ok");
    let (warm, warm_peak) = (server.resident_kib(), server.peak_kib());
    for _ in 0..10 {
        round(&mut server, 2_000);
    }
    let (after, peak) = (server.resident_kib(), server.peak_kib());
    eprintln!("resident {warm} KiB to {after} KiB, peak {warm_peak} KiB to {peak} KiB");
    assert!(after <= warm + 2048, "resident memory grew from {warm} KiB to {after} KiB over 20,000 requests");
    assert!(peak <= warm_peak + 2048, "the peak grew from {warm_peak} KiB to {peak} KiB over 20,000 requests");
    server.finish();
}

/// A temporary folder of the test's own, removed at the end.
struct Folder {
    path: PathBuf,
}

impl Folder {
    fn new(name: &str) -> Folder {
        let path = std::env::temp_dir().join(format!("dip-serve-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("a temporary folder");
        Folder { path }
    }

    /// Writes `NAME.ron`: the Pure variant under the name `NAME`.
    fn variant(&self, name: &str) -> PathBuf {
        self.variant_named(name, name)
    }

    /// Writes `FILE.ron`: the Pure variant under the name `name`.
    fn variant_named(&self, file: &str, name: &str) -> PathBuf {
        let pure = std::fs::read_to_string(root().join("variants/pure.ron")).expect("variants/pure.ron");
        assert!(pure.contains("name: \"pure\","), "the variant's name");
        let text = pure.replacen("name: \"pure\",", &format!("name: \"{name}\","), 1);
        let path = self.path.join(format!("{file}.ron"));
        std::fs::write(&path, text).expect("write a variant");
        path
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// A position request of a variant with units, no orders.
fn position_of(variant: &str, units: &str) -> String {
    let request = format!(r#"{{"id": "v", "position": {{"variant": "{variant}", "units": {units}}}}}"#);
    assert!(serde_json::from_str::<serde_json::Value>(&request).is_ok(), "{request}");
    request
}

/// A Standard position with `count` empty unit strings.
fn empty_units(count: usize) -> String {
    format!(
        r#"{{"id": "empty", "position": {{"variant": "standard", "units": {{"France": [{}]}}}}}}"#,
        vec![r#""""#; count].join(",")
    )
}

fn error_of(answer: &serde_json::Value) -> &str {
    assert_eq!(answer["ok"], false, "{answer}");
    answer["error"].as_str().expect("an error")
}

/// A request names a variant, never a file: a path, with or without `.ron`, is refused
/// with an answer saying so, and the stream goes on. A rule preset, likewise.
#[test]
fn a_request_never_names_a_file() {
    let folder = Folder::new("path");
    let file = folder.variant("pure_copy");
    let stem = folder.path.join("pure_copy");
    let mut server = Server::start();
    for variant in [
        stem.display().to_string(),
        file.display().to_string(),
        "variants/standard".into(),
        "../standard".into(),
        "standard.ron".into(),
    ] {
        let answer = server.ask(&position_of(&variant, "{}"));
        let error = error_of(&answer);
        assert!(
            error.contains("a request names a variant by its name") && error.contains("never by a file"),
            "{error}"
        );
        assert_eq!(answer["id"], "v");
    }
    let preset = folder.path.join("preset.toml");
    std::fs::write(&preset, "name = \"x\"\n").expect("a preset file");
    let request =
        format!(r#"{{"position": {{"variant": "standard", "units": {{}}}}, "rules": "{}"}}"#, preset.display());
    let error = server.ask(&request)["error"].as_str().unwrap_or_default().to_string();
    assert!(error.contains("names a rule preset by its name, never by a file"), "{error}");
    assert_eq!(server.ask(&opening())["ok"], true);
    server.finish();
}

/// The operator's folders (`--variants DIR`, repeatable) add variants by name; one not
/// there is named in the error with what there is.
#[test]
fn variants_from_the_operators_folders_by_name() {
    let (one, two) = (Folder::new("one"), Folder::new("two"));
    one.variant("pure_one");
    two.variant("pure_two");
    two.variant_named("misnamed", "pure_other");
    let (a, b) = (one.path.display().to_string(), two.path.display().to_string());
    let mut server = Server::start_with(&["--variants", &a, "--variants", &b]);
    for name in ["pure_one", "PURE_TWO"] {
        let answer = server.ask(&position_of(name, r#"{"France": ["A Paris"]}"#));
        assert_eq!(answer["ok"], true, "{answer}");
        assert_eq!(answer["results"]["variant"], name.to_lowercase());
    }
    let answer = server.ask(&position_of("pure_three", "{}"));
    let error = error_of(&answer);
    assert!(
        error.contains("unknown variant `pure_three`") && error.contains("misnamed, pure_one, pure_two"),
        "{error}"
    );
    let error = error_of(&server.ask(&position_of("misnamed", "{}"))).to_string();
    assert!(error.contains("misnamed.ron: the file is the variant `pure_other`, not `misnamed`"), "{error}");
    assert!(!error.contains(&b), "the operator's folder in an answer: {error}");
    // A file that cannot be read as a variant: named without its folder.
    std::fs::write(two.path.join("pure_broken.ron"), "(name: ").expect("write");
    server.finish();
    let mut server = Server::start_with(&["--variants", &a, "--variants", &b]);
    let error = error_of(&server.ask(&position_of("pure_broken", "{}"))).to_string();
    assert!(error.starts_with("line 1: pure_broken.ron") && !error.contains(&b), "{error}");
    assert_eq!(server.ask(&opening())["ok"], true);
    server.finish();
}

/// One variant name in two of the operator's folders stops the server at start-up, naming
/// both files; a file named like an embedded variant is left out with a warning.
#[test]
fn a_variant_name_in_two_folders_stops_the_server() {
    let (one, two) = (Folder::new("twice-one"), Folder::new("twice-two"));
    one.variant("pure_twice");
    two.variant("pure_twice");
    two.variant_named("standard", "standard");
    let output = Command::new(env!("CARGO_BIN_EXE_dip"))
        .args(["serve", "--stdio", "--variants"])
        .arg(&one.path)
        .arg("--variants")
        .arg(&two.path)
        .stdin(Stdio::null())
        .output()
        .expect("run dip serve");
    assert!(!output.status.success());
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(errors.contains("--variants: the variant `pure_twice` is in two files"), "{errors}");
    assert!(errors.contains("standard.ron: left out: `standard` is an embedded variant"), "{errors}");
}

/// A line over `--max-request-bytes` is read past without being kept, answered with an
/// error, and the next line is served; the server's peak memory stays far below the line.
#[test]
fn a_line_over_the_cap_is_read_past_in_bounded_memory() {
    let mut server = Server::start();
    assert_eq!(server.ask(&opening())["ok"], true);
    let before = server.peak_kib();
    // 100 MiB: more than the default cap of 8 MiB, and than any cap of the past.
    let huge = format!(r#"{{"id": "{}"}}"#, "x".repeat(100 << 20));
    let answer = server.ask(&huge);
    let error = error_of(&answer);
    assert!(error.starts_with("line 2: ") && error.contains("--max-request-bytes"), "{error}");
    assert_eq!(answer.get("id"), None);
    assert_eq!(server.ask(&opening())["ok"], true);
    let after = server.peak_kib();
    // At most the cap (8 MiB) and the smaller buffers on the way to it, with a margin.
    assert!(after < before + (24 << 10), "the peak went from {before} KiB to {after} KiB for a 100 MiB line");
    server.finish();

    let mut server = Server::start_with(&["--max-request-bytes", "4096"]);
    let long = format!(r#"{{"id": "{}", "position": {{"variant": "standard", "units": {{}}}}}}"#, " ".repeat(4096));
    let error = error_of(&server.ask(&long)).to_string();
    assert!(error.contains("longer than 4096 (--max-request-bytes)"), "{error}");
    assert_eq!(server.ask(&opening())["ok"], true);
    server.finish();
}

/// Empty unit strings by the thousand make an answer of a bounded size: more entries than
/// `--max-units` are refused at once, and fewer list the first problems and a count.
#[test]
fn empty_units_do_not_amplify() {
    let mut server = Server::start();
    let answer = server.ask_text(&empty_units(200_000));
    assert!(answer.len() < 1024, "an answer of {} bytes", answer.len());
    let answer: serde_json::Value = serde_json::from_str(&answer).expect("JSON");
    let error = error_of(&answer);
    assert!(error.contains("200000 units, centres and other board entries: more than 10000 (--max-units)"), "{error}");
    let answer = server.ask_text(&empty_units(9_000));
    assert!(answer.len() < 4096, "an answer of {} bytes", answer.len());
    let answer: serde_json::Value = serde_json::from_str(&answer).expect("JSON");
    let error = error_of(&answer);
    assert!(error.starts_with("line 2: unit ``: expected") && error.ends_with("; and 8980 more problems"), "{error}");
    // Past the count of JSON values, the line is refused before it is read into a request.
    let answer = server.ask_text(&empty_units(300_000));
    assert!(answer.contains("more than 250000 JSON values in one request (--max-request-values)"), "{answer}");
    assert_eq!(server.ask(&opening())["ok"], true);
    server.finish();
}

/// More orders than `--max-request-orders` (10,000), in a position or over it, are refused
/// before any is read, with a short answer.
#[test]
fn too_many_orders_are_refused() {
    let orders = format!(r#"{{"France": [{}]}}"#, vec![r#""A PAR H""#; 12_000].join(","));
    let mut server = Server::start();
    for request in [position_of_with_orders(&orders, "{}"), position_of_with_orders("{}", &orders)] {
        let answer = server.ask_text(&request);
        assert!(answer.len() < 1024, "an answer of {} bytes", answer.len());
        let answer: serde_json::Value = serde_json::from_str(&answer).expect("JSON");
        let error = error_of(&answer);
        assert!(
            error.contains("12000 orders: more than the limit of 10000 (--max-request-orders, --max-orders)"),
            "{error}"
        );
    }
    assert_eq!(server.ask(&opening())["ok"], true);
    server.finish();
}

/// A Standard position of an army in Paris with orders in it and over it.
fn position_of_with_orders(in_position: &str, over: &str) -> String {
    format!(
        r#"{{"position": {{"variant": "standard", "units": {{"France": ["A Paris"]}}, "orders": {in_position}}}, "orders": {over}}}"#
    )
}

/// An `id` is at most `--max-id-bytes` (1 KiB) as JSON; a longer one is refused, not echoed.
#[test]
fn a_long_id_is_refused_not_echoed() {
    let mut server = Server::start();
    let ids = [
        (
            format!(r#""{}""#, "i".repeat(2 << 20)),
            "a string of 2097152 bytes in `id`: longer than 65536 (--max-string-bytes)",
        ),
        (format!(r#""{}""#, "i".repeat(2000)), "an `id` of 2002 bytes: longer than 1024 (--max-id-bytes)"),
        (format!("[{}]", vec!["1"; 10_000].join(",")), "an `id` of 20001 bytes: longer than 1024 (--max-id-bytes)"),
    ];
    for (id, message) in &ids {
        let answer =
            server.ask_text(&format!(r#"{{"id": {id}, "position": {{"variant": "standard", "units": {{}}}}}}"#));
        assert!(answer.len() < 1024, "an answer of {} bytes", answer.len());
        let answer: serde_json::Value = serde_json::from_str(&answer).expect("JSON");
        assert_eq!(answer.get("id"), None);
        let error = error_of(&answer);
        assert!(error.contains(message), "{error}");
    }
    let id = format!(r#""{}""#, "i".repeat(1000));
    let answer = server.ask(&format!(r#"{{"id": {id}, "position": {{"variant": "standard", "units": {{}}}}}}"#));
    assert_eq!(answer["ok"], true, "{answer}");
    server.finish();
}

/// A key twice in any object of a request, or a power twice in `orders` under two
/// spellings, is refused with an error naming it; nothing is dropped without a word.
#[test]
fn a_key_twice_anywhere_is_refused() {
    let game = std::process::Command::new(env!("CARGO_BIN_EXE_dip"))
        .args(["new", "standard", "--format", "saved-game"])
        .output()
        .expect("dip new");
    let game: serde_json::Value = serde_json::from_slice(&game.stdout).expect("a saved game");
    let game = game.to_string();
    assert!(game.contains(r#""FRANCE":["F BRE","A MAR","A PAR"]"#), "{game}");
    let twice =
        game.replacen(r#""FRANCE":["F BRE","A MAR","A PAR"]"#, r#""FRANCE":["F BRE","A MAR","A PAR"],"FRANCE":[]"#, 1);
    let cases = [
        (
            format!(r#"{{"game": {game}, "orders": {{"FRANCE": ["A PAR - BUR"], "FRANCE": ["A PAR H"]}}}}"#),
            "duplicate key `FRANCE` in `orders`: give each key once",
        ),
        (
            format!(r#"{{"game": {game}, "orders": {{"France": ["A PAR - BUR"], "FRANCE": ["A PAR H"]}}}}"#),
            "`orders`: `FRANCE` is France again (as `France` before): give each power's orders once",
        ),
        (
            r#"{"position": {"variant": "standard", "units": {"France": ["A Paris"]}}, "orders": {"France": ["A PAR - BUR"], "France": ["A PAR H"]}}"#.to_string(),
            "duplicate key `France` in `orders`",
        ),
        (format!(r#"{{"game": {twice}, "orders": {{}}}}"#), "duplicate key `FRANCE` in `game.phases[0].state.units`"),
        (
            r#"{"notation": "mila", "position": {"variant": "standard", "units": {}}, "notation": "datc"}"#.to_string(),
            "duplicate key `notation` in the request",
        ),
        (
            r#"{"position": {"variant": "standard", "units": {}, "rules": {"4.A.2": "all-hold", "4.A.2": "szykman"}}}"#.to_string(),
            "duplicate key `4.A.2` in `position.rules`",
        ),
    ];
    let mut server = Server::start();
    // The saved game as it is, and its orders given once: served.
    let answer = server.ask(&format!(r#"{{"game": {game}, "orders": {{"FRANCE": ["A PAR - BUR"]}}}}"#));
    assert_eq!(answer["ok"], true, "{answer}");
    for (request, message) in &cases {
        let answer = server.ask(request);
        let error = error_of(&answer);
        assert!(error.contains(message), "{error}");
    }
    assert_eq!(server.ask(&opening())["ok"], true);
    server.finish();
}

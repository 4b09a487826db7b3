//! The tools of `dip mcp`, called as the server calls them: through `DipServer::call` with
//! JSON arguments, as a client sends them. Each test works in a folder of its own under the
//! system's temporary folder, removed at the end.

use std::path::{Path, PathBuf};

use dip_mcp::{DipServer, Games};
use serde_json::{Value, json};

/// A temporary folder of games, removed when dropped.
struct Folder(PathBuf);

impl Folder {
    fn new(name: &str) -> Folder {
        let path = std::env::temp_dir().join(format!("dip-mcp-test-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        Folder(path)
    }
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn server(folder: &Folder, power: Option<&str>) -> DipServer {
    DipServer::new(Games::open(folder.path(), power.map(str::to_string)).expect("the folder opens"))
}

/// Calls a tool; returns whether it failed and its JSON (the error's detail, or its message).
fn call(server: &DipServer, tool: &str, args: Value) -> (bool, Value) {
    let Value::Object(args) = args else { panic!("arguments must be an object") };
    let result = server.call(tool, Some(args));
    let failed = result.is_error == Some(true);
    let json = match result.structured_content {
        Some(v) => v,
        None => {
            let text = result.content.first().and_then(|c| c.as_text()).map(|t| t.text.clone()).unwrap_or_default();
            json!({ "error": text })
        }
    };
    (failed, json)
}

fn ok(server: &DipServer, tool: &str, args: Value) -> Value {
    let (failed, json) = call(server, tool, args.clone());
    assert!(!failed, "{tool} {args} failed: {json}");
    json
}

fn err(server: &DipServer, tool: &str, args: Value) -> String {
    let (failed, json) = call(server, tool, args.clone());
    assert!(failed, "{tool} {args} should fail: {json}");
    json["error"].as_str().expect("an error message").to_string()
}

#[test]
fn a_phase_is_played_once_every_power_is_ready() {
    let folder = Folder::new("ready");
    let server = server(&folder, None);
    let game = ok(&server, "new_game", json!({"id": "g"}));
    assert_eq!(game["phase"], "Spring 1901 Movement");
    assert_eq!(game["powers"].as_array().map(Vec::len), Some(7));
    let legal = ok(&server, "legal_orders", json!({"game": "g", "power": "France", "unit": "par"}));
    let paris = legal["units"][0]["orders"].as_array().expect("orders");
    assert!(paris.iter().any(|o| o == "A Paris - Burgundy"), "{legal}");
    let submitted =
        ok(&server, "submit_orders", json!({"game": "g", "power": "France", "orders": ["A PAR - BUR", "F bre - mao"]}));
    assert_eq!(submitted["orders"][0]["order"], "A Paris - Burgundy");
    assert_eq!(submitted["orders"][1]["order"], "F Brest - Mid-Atlantic Ocean");
    // A later order for the same unit replaces the first.
    let submitted =
        ok(&server, "submit_orders", json!({"game": "g", "power": "France", "orders": ["A Paris - Picardy"]}));
    assert_eq!(submitted["orders_this_phase"], json!(["A Paris - Picardy", "F Brest - Mid-Atlantic Ocean"]));
    for power in ["Austria", "England", "France", "Germany", "Italy", "Russia"] {
        let ready = ok(&server, "ready", json!({"game": "g", "power": power}));
        assert_eq!(ready["adjudicated"], false, "{ready}");
        assert!(ready["waiting_for"].as_array().is_some_and(|w| w.contains(&json!("Turkey"))));
    }
    let done = ok(&server, "ready", json!({"game": "g", "power": "Turkey"}));
    assert_eq!(done["adjudicated"], "Spring 1901 Movement");
    assert_eq!(done["phase"], "Fall 1901 Movement");
    let results = ok(&server, "results", json!({"game": "g"}));
    let codes: Vec<&str> =
        results["orders"].as_array().expect("rows").iter().filter_map(|r| r["code"].as_str()).collect();
    assert_eq!(codes, ["succeeds", "succeeds"], "{results}");
    let board = ok(&server, "board", json!({"game": "g", "power": "France"}));
    assert_eq!(board["powers"][0]["units"], json!(["F Mid-Atlantic Ocean", "A Marseilles", "A Picardy"]));
    let history = ok(&server, "history", json!({"game": "g"}));
    assert_eq!(history["phases"].as_array().map(Vec::len), Some(1));
}

#[test]
fn a_restarted_server_goes_on_where_it_was() {
    let folder = Folder::new("restart");
    {
        let first = server(&folder, None);
        ok(&first, "new_game", json!({"id": "a", "rules": ["1971"]}));
        ok(&first, "new_game", json!({"id": "b", "variant": "standard"}));
        ok(&first, "submit_orders", json!({"game": "a", "power": "Germany", "orders": ["A Munich - Burgundy"]}));
        ok(&first, "advance", json!({"game": "a"}));
        ok(&first, "submit_orders", json!({"game": "a", "power": "Germany", "orders": ["A Burgundy - Paris"]}));
        ok(&first, "ready", json!({"game": "a", "power": "France"}));
    }
    let second = server(&folder, None);
    let games = ok(&second, "games", json!({}));
    assert_eq!(games["games"].as_array().map(Vec::len), Some(2), "{games}");
    let board = ok(&second, "board", json!({"game": "a", "power": "Germany"}));
    assert_eq!(board["phase"], "Fall 1901 Movement");
    assert_eq!(board["rules"], json!(["1971"]));
    assert_eq!(board["powers"][0]["orders_submitted"], 1);
    let france = ok(&second, "board", json!({"game": "a", "power": "France"}));
    assert_eq!(france["powers"][0]["ready"], true);
    // The threat the German army in Burgundy makes on Paris is named.
    assert!(france["powers"][0]["threats"].to_string().contains("Burgundy"), "{france}");
    let saved = ok(&second, "saved_game", json!({"game": "a"}));
    assert_eq!(saved["phases"].as_array().map(Vec::len), Some(2));
}

#[test]
fn bad_input_is_a_tool_error_and_the_server_goes_on() {
    let folder = Folder::new("bad");
    let server = server(&folder, None);
    assert!(err(&server, "board", json!({"game": "nope"})).contains("no game `nope`"));
    ok(&server, "new_game", json!({"id": "g"}));
    assert!(err(&server, "board", json!({"game": "g", "image": "yes"})).contains("bad arguments"));
    assert!(err(&server, "board", json!({})).contains("missing field `game`"));
    assert!(err(&server, "nonsense", json!({})).contains("no tool"));
    assert!(err(&server, "new_game", json!({"id": "../x"})).contains("game id"));
    assert!(err(&server, "new_game", json!({"id": "g"})).contains("exists already"));
    assert!(err(&server, "new_game", json!({"variant": "nowhere"})).contains("no variant"));
    assert!(err(&server, "new_game", json!({"rules": ["4.A.2=Nonsense"]})).contains("4.A.2"));
    assert!(err(&server, "legal_orders", json!({"game": "g", "power": "Narnia"})).contains("no power named `Narnia`"));
    assert!(err(&server, "legal_orders", json!({"game": "g", "unit": "Pariss"})).contains("did you mean Paris"));
    assert!(err(&server, "results", json!({"game": "g"})).contains("no phase"));
    // Another power's unit, an unreadable order, junk: each refused, each reported.
    let (failed, report) = call(
        &server,
        "submit_orders",
        json!({"game": "g", "power": "France", "orders": ["A Berlin - Kiel", "A Marseile - Spain", "\u{0}\u{7f}\u{ffff}", "Germany: A Munich - Ruhr", "A Paris H"]}),
    );
    assert!(failed);
    let rows = report["detail"]["orders"].as_array().expect("rows");
    assert!(rows[0]["error"].as_str().is_some_and(|e| e.contains("Germany's")), "{}", rows[0]);
    assert_eq!(rows[1]["read"], false, "{}", rows[1]);
    assert_eq!(rows[1]["suggestions"][0], "Marseilles");
    assert_eq!(rows[2]["read"], false, "{}", rows[2]);
    assert!(rows[3]["error"].as_str().is_some_and(|e| e.contains("an order of Germany")), "{}", rows[3]);
    assert_eq!(rows[4]["read"], true);
    assert_eq!(report["detail"]["orders_this_phase"], json!(["A Paris Hold"]));
    let many: Vec<String> = (0..100_000).map(|_| "A Paris - Burgundy".to_string()).collect();
    assert!(err(&server, "submit_orders", json!({"game": "g", "power": "France", "orders": many})).contains("at most"));
    let long = "A Paris - Burgundy ".repeat(10_000);
    let (failed, report) = call(&server, "submit_orders", json!({"game": "g", "power": "France", "orders": [long]}));
    assert!(failed && report["detail"]["orders"][0]["error"].as_str().is_some_and(|e| e.contains("bytes")));
    // Illegal but readable orders are kept and flagged.
    let legal = ok(&server, "submit_orders", json!({"game": "g", "power": "France", "orders": ["A Paris - Munich"]}));
    assert_eq!(legal["orders"][0]["legal"], false);
    // And the game still plays.
    let played = ok(&server, "advance", json!({"game": "g"}));
    assert_eq!(played["phase"], "Fall 1901 Movement");
}

#[test]
fn a_server_for_one_power_refuses_the_others() {
    let folder = Folder::new("power");
    let server = server(&folder, Some("France"));
    let names: Vec<String> = server.tools().iter().map(|t| t.name.to_string()).collect();
    assert!(!names.contains(&"advance".to_string()), "{names:?}");
    assert!(names.contains(&"submit_orders".to_string()));
    ok(&server, "new_game", json!({"id": "g"}));
    assert!(
        err(&server, "submit_orders", json!({"game": "g", "power": "Germany", "orders": []})).contains("France only")
    );
    assert!(err(&server, "ready", json!({"game": "g", "power": "Germany"})).contains("France only"));
    assert!(err(&server, "advance", json!({"game": "g"})).contains("no tool"));
    // Reading is open: the whole board, another power's legal orders.
    let board = ok(&server, "board", json!({"game": "g"}));
    assert_eq!(board["powers"].as_array().map(Vec::len), Some(7));
    let own = ok(&server, "legal_orders", json!({"game": "g"}));
    assert!(own["units"].as_array().expect("units").iter().all(|u| u["power"] == "France"), "{own}");
    let german = ok(&server, "legal_orders", json!({"game": "g", "power": "Germany"}));
    assert_eq!(german["units"].as_array().map(Vec::len), Some(3));
    assert!(Games::open(folder.path(), Some("Narnia".into())).is_err_and(|e| e.contains("--power Narnia")));
}

#[test]
fn every_tool_has_a_described_object_schema() {
    let folder = Folder::new("schemas");
    let server = server(&folder, None);
    let tools = server.tools();
    assert_eq!(tools.len(), 11);
    for tool in tools {
        assert!(tool.description.as_ref().is_some_and(|d| d.len() > 40), "{}", tool.name);
        assert_eq!(tool.input_schema.get("type"), Some(&json!("object")), "{}", tool.name);
    }
}

#[test]
fn the_board_comes_as_a_picture_when_asked() {
    let folder = Folder::new("image");
    let server = server(&folder, None);
    ok(&server, "new_game", json!({"id": "g"}));
    let Value::Object(args) = json!({"game": "g", "image": true}) else { unreachable!() };
    let result = server.call("board", Some(args));
    assert_ne!(result.is_error, Some(true));
    let image = result.content.iter().find_map(|c| c.as_image()).expect("an image");
    assert_eq!(image.mime_type, "image/png");
    // Base64 of the PNG signature.
    assert!(image.data.starts_with("iVBORw0KGgo"), "{}", &image.data[..20]);
}

#[test]
fn explain_gives_the_library_s_steps_for_one_order() {
    let folder = Folder::new("explain");
    let server = server(&folder, None);
    ok(&server, "new_game", json!({"id": "g"}));
    ok(
        &server,
        "submit_orders",
        json!({"game": "g", "power": "France", "orders": ["A Paris - Burgundy", "A Marseilles S A Paris - Burgundy"]}),
    );
    ok(&server, "submit_orders", json!({"game": "g", "power": "Germany", "orders": ["A Munich - Burgundy"]}));
    ok(&server, "advance", json!({"game": "g"}));
    let by_province = ok(&server, "explain", json!({"game": "g", "order": "Paris"}));
    let by_text = ok(&server, "explain", json!({"game": "g", "order": "A PAR - BUR", "phase": "S1901M"}));
    assert_eq!(by_province, by_text);
    assert_eq!(by_province["order"], "A Paris - Burgundy");
    // The steps are the library's own words for that order.
    let map = dip::variant("standard").expect("standard");
    let position = dip::Position::opening(&map);
    let options =
        |p: &str| dip::ParseOptions::new(dip::PhaseKind::Movement).power(map.power_by_name(p).expect("power"));
    let orders: Vec<dip::Order> = [
        ("France", "A Paris - Burgundy"),
        ("France", "A Marseilles S A Paris - Burgundy"),
        ("Germany", "A Munich - Burgundy"),
    ]
    .iter()
    .map(|(p, t)| dip::parse_order(&map, options(p), t).expect("an order"))
    .collect();
    let rules = dip::Rules::of_variant(&map).expect("rules");
    let explanation = dip::explain(&map, &position, &orders, &rules).expect("an explanation");
    let steps: Vec<String> = explanation.orders[0].lines(&map);
    assert_eq!(by_province["explanation"]["lines"], json!(steps));
    assert_eq!(by_province["explanation"]["kind"], "move");
    assert_eq!(by_province["index"], 0);
    assert!(steps.iter().any(|s| s.starts_with("attack strength of A Paris")), "{steps:?}");
    let munich = ok(&server, "explain", json!({"game": "g", "order": "mun"}));
    assert_eq!(munich["power"], "Germany");
    assert!(err(&server, "explain", json!({"game": "g", "order": "Vienna"})).contains("no order was given"));
    assert!(err(&server, "explain", json!({"game": "g", "order": "Atlantis"})).contains("no province"));
}

#[test]
fn a_second_server_on_the_same_folder_is_refused_until_the_first_is_gone() {
    let folder = Folder::new("locked");
    let first = server(&folder, None);
    ok(&first, "new_game", json!({"id": "g"}));
    let error = Games::open(folder.path(), None).expect_err("the folder is in use");
    assert!(error.contains("another dip mcp serves this games folder"), "{error}");
    drop(first);
    let again = Games::open(folder.path(), None).expect("the first server is gone");
    drop(again);
    assert!(folder.path().join("g.json").exists(), "the game is still there");
    // A lock file that is not a regular file (a FIFO would block the open) is refused.
    let odd = Folder::new("lock-fifo");
    std::fs::create_dir_all(odd.path()).expect("the test's folder");
    let status = std::process::Command::new("mkfifo").arg(odd.path().join(".dip-mcp.lock")).status();
    assert!(status.is_ok_and(|s| s.success()), "mkfifo in the test's folder");
    let error = Games::open(odd.path(), None).expect_err("a FIFO is no lock file");
    assert!(error.contains(".dip-mcp.lock: not a regular file"), "{error}");
}

#[test]
fn a_game_file_that_cannot_be_read_stops_the_server_at_start() {
    let folder = Folder::new("corrupt");
    {
        let first = server(&folder, None);
        ok(&first, "new_game", json!({"id": "g"}));
    }
    let file = folder.path().join("g.json");
    let text = std::fs::read_to_string(&file).expect("the game was saved");
    std::fs::write(&file, &text[..text.len() / 2]).expect("written");
    let error = Games::open(folder.path(), None).expect_err("a cut game file is refused");
    assert!(error.contains("g.json") && error.contains("not a dip mcp game"), "{error}");
    std::fs::write(&file, text).expect("written");
    std::fs::write(folder.path().join("notes about it.json"), "{}").expect("written");
    let error = Games::open(folder.path(), None).expect_err("a stray file is refused");
    assert!(error.contains("notes about it.json"), "{error}");
}

//! `dip render`: pictures of position files.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dip-render-cli-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

fn dip(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_dip")).args(args).current_dir(root()).output().expect("run dip");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn render_writes_svg_and_png_of_the_midgame_with_results() {
    let dir = temp_dir("midgame");
    let svg = dir.join("m.svg");
    let png = dir.join("m.png");
    let (code, stdout, stderr) =
        dip(&["render", "examples/midgame_34.ron", "--results", "-o", svg.to_str().expect("utf-8 path")]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("Spring 1905 Movement"), "{stdout}");
    let text = std::fs::read_to_string(&svg).expect("svg written");
    assert!(text.starts_with("<svg") && text.contains("class=\"failed\"") && text.contains("class=\"dislodged"));
    let (code, _, stderr) =
        dip(&["render", "examples/midgame_34.ron", "--results", "-o", png.to_str().expect("utf-8 path")]);
    assert_eq!(code, Some(0), "{stderr}");
    let bytes = std::fs::read(&png).expect("png written");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    // Nothing but the picture is left in the folder: the temporary file was renamed.
    let names: Vec<_> = std::fs::read_dir(&dir).expect("read dir").map(|e| e.expect("entry").file_name()).collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn render_draws_the_schematic_and_the_next_position() {
    let dir = temp_dir("next");
    let out = dir.join("next.svg");
    let (code, _, stderr) =
        dip(&["render", "examples/midgame_34.ron", "--next", "--schematic", "-o", out.to_str().expect("utf-8 path")]);
    assert_eq!(code, Some(0), "{stderr}");
    let text = std::fs::read_to_string(&out).expect("svg written");
    // After the phase: the retreat phase, the dislodged army beside Norway.
    assert!(text.contains("Spring 1905 Retreat"), "title");
    assert!(text.contains("Schematic layout"));
    assert_eq!(text.matches("class=\"dislodged army\"").count(), 1);
}

#[test]
fn render_refuses_an_unknown_format_and_keeps_the_old_file() {
    let dir = temp_dir("format");
    let out = dir.join("board.txt");
    let (code, _, stderr) = dip(&["render", "examples/opening_s1901.ron", "-o", out.to_str().expect("utf-8 path")]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains(".svg, .png or .html"), "{stderr}");
    assert!(!out.exists());
    // A write that fails (the folder is missing) names the file.
    let missing = dir.join("no/such/board.svg");
    let (code, _, stderr) = dip(&["render", "examples/opening_s1901.ron", "-o", missing.to_str().expect("utf-8 path")]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("board.svg") && stderr.contains("cannot write"), "{stderr}");
}

/// The frames' data of a viewer page, parsed.
fn viewer_frames(html: &str) -> Vec<serde_json::Value> {
    let marker = "<script type=\"application/json\" id=\"game\">";
    let start = html.find(marker).expect("game data") + marker.len();
    let end = start + html[start..].find("</script>").expect("end of data");
    // `<\/` in the page is JSON's escape of `</`.
    let data: serde_json::Value = serde_json::from_str(&html[start..end]).expect("data is JSON");
    data["frames"].as_array().expect("frames").clone()
}

#[test]
fn render_game_writes_a_viewer_of_every_phase() {
    let dir = temp_dir("game");
    let start = dir.join("game.ron");
    let (code, stdout, _) = dip(&["new", "standard"]);
    assert_eq!(code, Some(0));
    std::fs::write(&start, stdout).expect("write game");
    let out = dir.join("game.html");
    let (code, stdout, stderr) = dip(&[
        "render",
        "--game",
        start.to_str().expect("utf-8 path"),
        "examples/game/s1901.ron",
        "examples/game/f1901.ron",
        "examples/game/w1901.ron",
        "-o",
        out.to_str().expect("utf-8 path"),
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("4 phases"), "{stdout}");
    let html = std::fs::read_to_string(&out).expect("html written");
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("id=\"next\"") && html.contains("id=\"prev\""));
    // Self-contained: nothing is fetched.
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http"), "no network");
    let frames = viewer_frames(&html);
    let titles: Vec<&str> = frames.iter().map(|f| f["title"].as_str().expect("title")).collect();
    assert_eq!(
        titles,
        ["Spring 1901 Movement", "Fall 1901 Movement", "Winter 1901 Adjustment", "Spring 1902 Movement"]
    );
    // The spring's orders all succeed; the builds add units.
    let spring = frames[0]["orders"].as_array().expect("orders");
    assert_eq!(spring.len(), 7, "seven powers ordered");
    // Every frame draws one symbol per unit it counts; the winter's builds add units.
    for frame in &frames {
        let units: u64 =
            frame["counts"].as_array().expect("counts").iter().map(|c| c[3].as_u64().expect("units")).sum();
        let drawn = frame["overlay"].as_str().expect("overlay").matches("class=\"unit ").count() as u64;
        assert_eq!(drawn, units, "{}", frame["title"]);
    }
    let units = |f: &serde_json::Value| {
        f["counts"].as_array().expect("counts").iter().map(|c| c[3].as_u64().expect("n")).sum::<u64>()
    };
    assert_eq!(units(&frames[0]), 22);
    assert!(units(&frames[3]) > 22, "builds in the winter");
}

#[test]
fn render_draws_a_phase_of_a_saved_game_and_its_viewer() {
    let dir = temp_dir("saved");
    let game = "games/cicero/game_433761_ENGLAND_AG.json";
    let out = dir.join("s1905.svg");
    let (code, stdout, stderr) =
        dip(&["render", game, "--phase", "S1905M", "--results", "-o", out.to_str().expect("utf-8 path")]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("Spring 1905 Movement"), "{stdout}");
    let svg = std::fs::read_to_string(&out).expect("svg written");
    assert!(svg.contains("Spring 1905 Movement") && svg.contains("id=\"orders\""));
    let (code, _, stderr) = dip(&["render", game, "--phase", "S1789M", "-o", out.to_str().expect("utf-8 path")]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("no phase `S1789M`") && stderr.contains("S1901M"), "{stderr}");
    let html = dir.join("game.html");
    let (code, _, stderr) = dip(&["render", "--game", game, "-o", html.to_str().expect("utf-8 path")]);
    assert_eq!(code, Some(0), "{stderr}");
    let frames = viewer_frames(&std::fs::read_to_string(&html).expect("html written"));
    assert!(frames.len() > 20, "{} phases", frames.len());
    assert_eq!(frames[0]["title"], "Spring 1901 Movement");
}

/// `dip render --game` on every embedded variant: a year of random legal orders played
/// with the library and saved as a saved game, drawn as the viewer: a frame a phase and the
/// position after, one unit symbol a unit in each, on the variant's own geography (the
/// abstract maps alone schematic).
#[test]
fn render_game_draws_a_viewer_of_every_variant_on_its_map() {
    let dir = temp_dir("every-variant");
    let mut rng = dip::batch::Rng::new(25);
    for (variant, _) in dip::EMBEDDED_VARIANTS {
        let map = dip::variant(variant).expect("embedded variant");
        let mut game = dip::Game::new(map, dip::Rules::default());
        while game.history().len() < 4 && game.winner().is_none() {
            let choices = dip::legal_orders(game.map(), game.position()).expect("legal orders");
            let mut orders = dip::batch::random_orders(game.map(), game.position(), &choices, &mut rng);
            orders.sort_by_key(|o| o.power);
            game.play(orders).expect("a phase");
        }
        let saved = dir.join(format!("{variant}.json"));
        std::fs::write(&saved, game.to_saved_game(variant).to_json()).expect("write the saved game");
        let out = dir.join(format!("{variant}.html"));
        let (code, _, stderr) =
            dip(&["render", "--game", saved.to_str().expect("utf-8"), "-o", out.to_str().expect("utf-8")]);
        assert_eq!(code, Some(0), "{variant}: {stderr}");
        let html = std::fs::read_to_string(&out).expect("viewer written");
        let frames = viewer_frames(&html);
        assert_eq!(frames.len(), game.history().len() + 1, "{variant}: a frame a phase and the last position");
        // Each frame draws every unit of its position, the units this phase dislodges and
        // those waiting to retreat beside their provinces, as dislodged.
        let positions = game.history().iter().map(|r| &r.position).chain(std::iter::once(game.position()));
        for (frame, position) in frames.iter().zip(positions) {
            let overlay = frame["overlay"].as_str().expect("overlay");
            let drawn = overlay.matches("class=\"unit ").count() + overlay.matches("class=\"dislodged ").count();
            assert_eq!(drawn, position.units.len() + position.dislodged.len(), "{variant} {}", frame["title"]);
        }
        let schematic = html.contains("fill=\"#f7f4ec\"/>");
        let abstract_map = ["pure", "convoyable_coasts"].contains(variant);
        assert_eq!(schematic, abstract_map, "{variant}: drawn as a schematic: {schematic}");
    }
}

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
    assert!(stderr.contains(".svg or .png"), "{stderr}");
    assert!(!out.exists());
    // A write that fails (the folder is missing) names the file.
    let missing = dir.join("no/such/board.svg");
    let (code, _, stderr) = dip(&["render", "examples/opening_s1901.ron", "-o", missing.to_str().expect("utf-8 path")]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("board.svg") && stderr.contains("cannot write"), "{stderr}");
}

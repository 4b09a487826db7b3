//! `docs/variants.md` shows every embedded variant's opening board (`cargo xtask
//! pictures` draws them): each variant has its PNG in `docs/variants/`, of its board's
//! shape (a picture of another map, or of a map since redrawn to another frame, fails), and
//! the page shows it.

use std::path::Path;

/// A PNG's width and height, read from its header.
fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    let signature = b"\x89PNG\r\n\x1a\n";
    if bytes.len() < 24 || &bytes[..8] != signature || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let word = |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    Some((word(16), word(20)))
}

#[test]
fn every_variant_is_shown_in_the_docs_with_a_picture_of_its_board() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let page = std::fs::read_to_string(root.join("docs/variants.md")).expect("docs/variants.md");
    let mut faults = Vec::new();
    for (name, _) in dip::EMBEDDED_VARIANTS {
        let map = dip::variant(name).expect("embedded variant loads");
        if !page.contains(&format!("](variants/{name}.png)")) {
            faults.push(format!("{name}: docs/variants.md does not show its picture"));
        }
        let path = root.join(format!("docs/variants/{name}.png"));
        let Ok(bytes) = std::fs::read(&path) else {
            faults.push(format!("{name}: no {}", path.display()));
            continue;
        };
        let Some((w, h)) = png_size(&bytes) else {
            faults.push(format!("{name}: {} is not a PNG", path.display()));
            continue;
        };
        let (bw, bh) = dip_render::Board::new(&map).size();
        let (drawn, board) = (w as f32 / h as f32, bw / bh);
        if (drawn / board - 1.0).abs() > 0.01 {
            faults.push(format!(
                "{name}: the picture is {w} x {h}, the board {bw} x {bh}: run `cargo xtask pictures` again"
            ));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

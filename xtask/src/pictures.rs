//! `cargo xtask pictures`: every embedded variant's opening board as a PNG in
//! `docs/variants/<name>.png` (800 pixels wide), and the "Maps" section of
//! `docs/variants.md` that shows each beside its facts. Run it again after a variant or its
//! geometry changes; the renderer's tests (`crates/render/tests/docs_pictures.rs`) check
//! that every variant has its picture, of its board's shape, in the page.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

/// The width the pictures are drawn at, in pixels.
const WIDTH: f32 = 800.0;
const START: &str = "<!-- maps: written by `cargo xtask pictures`; do not edit between the markers -->";
const END: &str = "<!-- end of maps -->";

pub fn run(args: &[String]) -> ExitCode {
    if !args.is_empty() {
        eprintln!("usage: cargo xtask pictures");
        return ExitCode::from(2);
    }
    match write_all(&Path::new(env!("CARGO_MANIFEST_DIR")).join("..")) {
        Ok(n) => {
            println!("pictures: {n} variants drawn into docs/variants/ and docs/variants.md");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("pictures: {e}");
            ExitCode::FAILURE
        }
    }
}

fn write_all(root: &Path) -> Result<usize, String> {
    let folder = root.join("docs/variants");
    std::fs::create_dir_all(&folder).map_err(|e| format!("cannot make {}: {e}", folder.display()))?;
    let mut section = String::new();
    let mut names: Vec<&str> = dip::EMBEDDED_VARIANTS.iter().map(|(name, _)| *name).collect();
    names.sort_unstable();
    for (i, name) in names.iter().enumerate() {
        let map = dip::variant(name).map_err(|e| format!("{name}: {e}"))?;
        let position = dip::Position::opening(&map);
        let board = dip_render::Board::new(&map);
        let svg = board.svg(&dip_render::Scene::new(&position));
        let (width, _) = board.size();
        let png = dip_render::png(&svg, WIDTH / width).map_err(|e| format!("{name}: {e}"))?;
        let path = folder.join(format!("{name}.png"));
        dip::atomic_write(&path, &png).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!("[{}/{}] {name}: {} KiB", i + 1, names.len(), png.len() / 1024);
        let drawn = match dip_render::embedded_geometry_for(&map) {
            Some(g) if g.variant == map.name() => match &g.base {
                Some(base) => format!(
                    "Drawn with `{base}`'s geometry and the borders it changes (`variants/geometry/{}.ron`).",
                    g.variant
                ),
                None => format!("Drawn on its own geography (`variants/geometry/{}.ron`).", g.variant),
            },
            Some(g) => format!("Drawn with `{}`'s geometry (the same provinces and borders).", g.variant),
            None => "Drawn as a schematic: an abstract map, a disc a province and a line a border.".to_string(),
        };
        let players = map.players().count();
        let centres = map.centres().count();
        let _ = write!(
            section,
            "### {title} (`{name}`)\n\n![{title}: the opening board](variants/{name}.png)\n\n\
             {players} powers, {provinces} provinces, {centres} supply centres ({win} to win). {description} {drawn}\n\n",
            title = map.title(),
            provinces = map.province_count(),
            win = map.victory_centres(),
            description = sentence(map.description()),
        );
    }
    let page_path = root.join("docs/variants.md");
    let page = std::fs::read_to_string(&page_path).map_err(|e| format!("cannot read {}: {e}", page_path.display()))?;
    let page = match (page.find(START), page.find(END)) {
        (Some(a), Some(b)) if a < b => format!("{}{START}\n\n{section}{}", &page[..a], &page[b..]),
        _ => return Err(format!("{} lacks the markers `{START}` and `{END}`", page_path.display())),
    };
    dip::atomic_write(&page_path, page).map_err(|e| format!("cannot write {}: {e}", page_path.display()))?;
    Ok(names.len())
}

/// A description as a sentence (ending with a full stop).
fn sentence(text: &str) -> String {
    let text = text.trim();
    if text.is_empty() || text.ends_with('.') { text.to_string() } else { format!("{text}.") }
}

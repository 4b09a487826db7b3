//! SVG to PNG through resvg, a pure-Rust rasteriser, with the font dip embeds (DejaVu Sans,
//! cut to Latin letters), so no system library or system font is needed.

use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

use crate::RenderError;

const FONTS: [&[u8]; 4] = [
    include_bytes!("../fonts/DejaVuSans.ttf"),
    include_bytes!("../fonts/DejaVuSans-Bold.ttf"),
    include_bytes!("../fonts/DejaVuSans-Oblique.ttf"),
    include_bytes!("../fonts/DejaVuSans-BoldOblique.ttf"),
];

/// The embedded fonts, loaded once.
fn fonts() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        for font in FONTS {
            db.load_font_data(font.to_vec());
        }
        db.set_sans_serif_family("DejaVu Sans");
        Arc::new(db)
    })
    .clone()
}

/// Reads SVG text as resvg does, with the embedded fonts.
pub fn parse(svg: &str) -> Result<usvg::Tree, RenderError> {
    let options = usvg::Options { font_family: "DejaVu Sans".into(), fontdb: fonts(), ..usvg::Options::default() };
    usvg::Tree::from_str(svg, &options).map_err(|e| RenderError::Png { message: format!("the SVG does not read: {e}") })
}

/// The PNG of an SVG picture (such as [`crate::Board::svg`] makes), `scale` times its size
/// in user units (1.0: one pixel a unit).
pub fn png(svg: &str, scale: f32) -> Result<Vec<u8>, RenderError> {
    encode(&pixmap(svg, scale)?)
}

/// The picture as an RGB PNG. The picture is drawn on white, so every pixel is opaque and
/// the alpha channel says nothing. Encoded with the `png` crate's fast deflate: tiny-skia's
/// own encoder (its balanced zlib level) took half the time of a Known World 901 picture,
/// for a file about a third smaller.
fn encode(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, RenderError> {
    let fault = |e: png::EncodingError| RenderError::Png { message: e.to_string() };
    let rgb: Vec<u8> = pixmap.data().chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
    let mut out = Vec::with_capacity(rgb.len() / 8);
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header().map_err(fault)?;
    writer.write_image_data(&rgb).map_err(fault)?;
    writer.finish().map_err(fault)?;
    Ok(out)
}

/// The pixels of an SVG picture, as [`png`] draws it: its width, height and rows of RGBA
/// bytes, top row first. The picture is drawn on white, so every pixel is opaque and its
/// colour is the same premultiplied or not. For callers that want an image in memory (a
/// numpy array) without encoding and decoding a PNG.
pub fn rgba(svg: &str, scale: f32) -> Result<(u32, u32, Vec<u8>), RenderError> {
    let pixmap = pixmap(svg, scale)?;
    let (width, height) = (pixmap.width(), pixmap.height());
    Ok((width, height, pixmap.take()))
}

/// The picture drawn on white, `scale` times its size.
fn pixmap(svg: &str, scale: f32) -> Result<tiny_skia::Pixmap, RenderError> {
    let tree = parse(svg)?;
    if !(scale.is_finite() && scale > 0.0) {
        return Err(RenderError::Png { message: format!("scale {scale} is not a positive number") });
    }
    let size = tree.size();
    let (width, height) = ((size.width() * scale).ceil() as u32, (size.height() * scale).ceil() as u32);
    if u64::from(width) * u64::from(height) > 100_000_000 {
        return Err(RenderError::Png { message: format!("{width} × {height} pixels is too large") });
    }
    let mut pixmap = tiny_skia::Pixmap::new(width.max(1), height.max(1))
        .ok_or_else(|| RenderError::Png { message: format!("cannot make a {width} × {height} picture") })?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    Ok(pixmap)
}

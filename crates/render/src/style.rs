//! Colours: the powers', their tints for owned provinces, and the terrain's.

use dip::{Map, Position, ProvinceId, Terrain};

pub(crate) const SEA: &str = "#b9d3e6";
pub(crate) const LAND: &str = "#f1ead6";
pub(crate) const IMPASSABLE: &str = "#c9c3b3";
pub(crate) const BORDER: &str = "#5d5446";
pub(crate) const SEA_BORDER: &str = "#7fa3bf";
pub(crate) const INK: &str = "#2b2620";
pub(crate) const SEA_INK: &str = "#2f5675";
pub(crate) const FAILED: &str = "#d6001c";

/// Colours for powers a geometry file does not name: distinct at a glance, dark enough
/// for white outlines.
const FALLBACK: [&str; 12] = [
    "#d1343a", "#2b4c9b", "#3aa0e0", "#5b5b5b", "#2e9e44", "#8e5bb5", "#e0a91b", "#e0702b", "#1f9a96", "#a0522d",
    "#d04f9a", "#7a8f1f",
];

/// A power's colours.
#[derive(Clone, Debug)]
pub(crate) struct PowerColours {
    /// Units, arrows, the legend.
    pub strong: String,
    /// Provinces it owns.
    pub tint: String,
}

/// The colours of one map's powers.
#[derive(Clone, Debug)]
pub(crate) struct Palette {
    pub powers: Vec<PowerColours>,
}

fn parse_hex(colour: &str) -> Option<(u8, u8, u8)> {
    let hex = colour.strip_prefix('#')?;
    if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some((byte(0)?, byte(2)?, byte(4)?))
}

/// `#rrggbb` from red, green and blue in 0..=1.
fn hex(r: f32, g: f32, b: f32) -> String {
    let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    format!("#{:02x}{:02x}{:02x}", byte(r), byte(g), byte(b))
}

/// A colour for the power at `index` beyond the fixed list: hues a golden angle apart.
fn generated(index: usize) -> String {
    let hue = (index as f32 * 137.508) % 360.0;
    let (s, l) = (0.62, 0.45 + 0.1 * ((index / 7) % 2) as f32);
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let h = hue / 60.0;
    let x = c * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    hex(r + m, g + m, b + m)
}

/// The colour mixed with white: `amount` 0 keeps it, 1 is white.
fn tint(colour: &str, amount: f32) -> String {
    let (r, g, b) = parse_hex(colour).unwrap_or((128, 128, 128));
    let mix = |v: u8| (f32::from(v) / 255.0) * (1.0 - amount) + amount;
    hex(mix(r), mix(g), mix(b))
}

impl Palette {
    /// Colours for every power of `map`: the geometry's by name, else the fixed list, else
    /// generated hues.
    pub fn new(map: &Map, named: &[(String, String)]) -> Self {
        let powers = map
            .powers()
            .map(|p| {
                let name = &map.power(p).name;
                let given = named.iter().find(|(n, c)| n.eq_ignore_ascii_case(name) && parse_hex(c).is_some());
                let strong = match given {
                    Some((_, c)) => c.to_ascii_lowercase(),
                    None if p.index() < FALLBACK.len() => FALLBACK[p.index()].to_string(),
                    None => generated(p.index()),
                };
                let tint = tint(&strong, 0.55);
                PowerColours { strong, tint }
            })
            .collect();
        Palette { powers }
    }

    /// A power's unit colour; grey for an id the map does not have.
    pub fn strong(&self, power: dip::PowerId) -> &str {
        self.powers.get(power.index()).map_or("#808080", |c| c.strong.as_str())
    }

    /// The fill of a province: its owner's tint for an owned centre, the terrain's
    /// colour otherwise.
    pub fn province_fill(&self, map: &Map, position: &Position, province: ProvinceId) -> &str {
        let owner = position.owners.get(province.index()).copied().flatten();
        if let Some(colours) = owner.and_then(|o| self.powers.get(o.index())) {
            return &colours.tint;
        }
        match map.province(province).terrain {
            Terrain::Sea => SEA,
            Terrain::Land | Terrain::Coast => LAND,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_colours_are_hex_and_distinct() {
        let colours: Vec<String> = (12..40).map(generated).collect();
        assert!(colours.iter().all(|c| parse_hex(c).is_some()), "{colours:?}");
        let mut unique = colours.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), colours.len());
    }

    #[test]
    fn tint_goes_toward_white() {
        assert_eq!(tint("#000000", 0.5), "#808080");
        assert_eq!(tint("#ff0000", 1.0), "#ffffff");
    }
}

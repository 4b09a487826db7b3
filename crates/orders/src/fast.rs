//! The fast path of order reading: movement orders in judge notation with three-letter
//! names, upper or lower case (`A PAR - BUR`, `F STP/SC - BOT`, `A mar S A par - bur`,
//! `F NTH C A YOR - BEL`, `A EDI - NWY VIA`, `A VEN H`), read straight from the bytes with
//! one table lookup a name and no allocation.
//!
//! It answers only when the full parser (`parse.rs`) would read the same order; on
//! anything else (other words, long names, a power prefix, a coast in brackets, a convoy
//! path, text that is not ASCII, a map with railroads or canals) it gives up at the first
//! byte it does not expect, and the full parser reads the text from the start.

use dip_map::{LocId, Map, PowerId, ProvinceId, UnitKind};

use crate::model::{Action, CoastSpec, Order, Place, UnitSpec};

/// A movement order for `power`, or `None` to leave the text to the full parser.
#[inline(always)]
pub(crate) fn movement_order(map: &Map, power: PowerId, text: &str) -> Option<Order> {
    if !map.plain_order_words() {
        return None;
    }
    let mut s = Scanner { bytes: text.as_bytes(), at: 0 };
    let kind = s.unit_kind()?;
    let place = s.place(map)?;
    let unit = UnitSpec { power: None, kind: Some(kind), place };
    let action = match s.token()? {
        Token::End => Action::Hold,
        Token::Word(b"H" | b"h") => {
            s.end()?;
            Action::Hold
        }
        Token::Dash => {
            let to = s.place(map)?;
            let via_convoy = match s.token()? {
                Token::End => false,
                Token::Word(w) if w.eq_ignore_ascii_case(b"via") => {
                    s.end()?;
                    true
                }
                _ => return None,
            };
            Action::Move { to, via_convoy }
        }
        Token::Word(b"S" | b"s") => {
            let target = UnitSpec { power: None, kind: Some(s.unit_kind()?), place: s.place(map)? };
            match s.token()? {
                Token::End => Action::SupportHold { target },
                Token::Word(b"H" | b"h") => {
                    s.end()?;
                    Action::SupportHold { target }
                }
                Token::Dash => {
                    let to = s.place(map)?;
                    s.end()?;
                    Action::SupportMove { target, to }
                }
                Token::Word(_) => return None,
            }
        }
        Token::Word(b"C" | b"c") => {
            let army = UnitSpec { power: None, kind: Some(s.unit_kind()?), place: s.place(map)? };
            if s.token()? != Token::Dash {
                return None;
            }
            let to = s.place(map)?;
            s.end()?;
            Action::Convoy { army, to }
        }
        Token::Word(_) => return None,
    };
    Some(Order::new(power, unit, action))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Token<'a> {
    Word(&'a [u8]),
    Dash,
    End,
}

struct Scanner<'a> {
    bytes: &'a [u8],
    at: usize,
}

/// A byte that may follow a word: the full parser's word ends there too.
#[inline]
fn ends_word(b: Option<&u8>) -> bool {
    b.is_none_or(|&c| !(c.is_ascii_alphanumeric() || c == b'.' || c == b'\'' || c >= 0x80))
}

impl<'a> Scanner<'a> {
    #[inline]
    fn skip_spaces(&mut self) {
        while self.bytes.get(self.at) == Some(&b' ') {
            self.at += 1;
        }
    }

    /// The next token: a word of ASCII letters, a `-`, or the end. `None` for anything
    /// else (the full parser's other tokens, or words with digits, dots or apostrophes).
    #[inline]
    fn token(&mut self) -> Option<Token<'a>> {
        self.skip_spaces();
        let b = self.bytes;
        let Some(&first) = b.get(self.at) else { return Some(Token::End) };
        if first == b'-' {
            self.at += 1;
            // `->` is an arrow to the full parser too; leave it to it.
            return (b.get(self.at) != Some(&b'>')).then_some(Token::Dash);
        }
        let start = self.at;
        while self.at < b.len() && b[self.at].is_ascii_alphabetic() {
            self.at += 1;
        }
        (self.at > start && ends_word(b.get(self.at))).then(|| Token::Word(&b[start..self.at]))
    }

    fn end(&mut self) -> Option<()> {
        self.skip_spaces();
        (self.at == self.bytes.len()).then_some(())
    }

    /// `A` or `F`, any case.
    #[inline]
    fn unit_kind(&mut self) -> Option<UnitKind> {
        self.skip_spaces();
        let kind = match self.bytes.get(self.at)? {
            b'A' | b'a' => UnitKind::Army,
            b'F' | b'f' => UnitKind::Fleet,
            _ => return None,
        };
        self.at += 1;
        ends_word(self.bytes.get(self.at)).then_some(kind)
    }

    /// Whether the words after `first` (the full parser's spans of words joined by spaces
    /// or single dashes) make a longer name that starts with it, as `Eng Channel` would:
    /// the full parser would read that name. Also true for text it does not follow.
    #[cold]
    fn longer_span_is_name(&self, map: &Map, first: &[u8]) -> bool {
        let b = self.bytes;
        let mut name = [0u8; 64];
        name[..3].copy_from_slice(first);
        name[..3].make_ascii_lowercase();
        let (mut len, mut at) = (3, self.at);
        let skip = |at: &mut usize| {
            while b.get(*at) == Some(&b' ') {
                *at += 1;
            }
        };
        for _ in 1..map.max_name_words().min(6) {
            skip(&mut at);
            if b.get(at) == Some(&b'-') {
                at += 1;
                skip(&mut at);
            }
            let start = at;
            while b.get(at).is_some_and(|c| c.is_ascii_alphanumeric()) {
                at += 1;
            }
            if at == start {
                // The end, or a token that ends the spans; any other text (which the full
                // parser might read as a word of a name) is left to it.
                return !matches!(b.get(at), None | Some(b'/' | b'(' | b')' | b'[' | b']' | b':' | b',' | b';'));
            }
            if !ends_word(b.get(at)) || len + 1 + (at - start) > name.len() {
                return true;
            }
            name[len] = b' ';
            name[len + 1..len + 1 + at - start].copy_from_slice(&b[start..at]);
            name[len + 1..len + 1 + at - start].make_ascii_lowercase();
            len += 1 + at - start;
            if map.province_by_normalised_bytes(&name[..len]).is_some() {
                return true;
            }
        }
        false
    }

    /// A three-letter name (that starts no longer name the text goes on to), and a coast
    /// written `/sc`.
    #[inline(always)]
    fn place(&mut self, map: &Map) -> Option<Place> {
        self.skip_spaces();
        let word = self.bytes.get(self.at..self.at + 3)?;
        self.at += 3;
        if !ends_word(self.bytes.get(self.at)) {
            return None;
        }
        let (province, longer) = map.three_letter_name(word)?;
        if longer && self.longer_span_is_name(map, word) {
            return None;
        }
        let coast = if self.bytes.get(self.at) == Some(&b'/') {
            self.at += 1;
            let Token::Word(coast) = self.token()? else { return None };
            Some(CoastSpec::Known(coast_of(map, province, coast)?))
        } else {
            None
        };
        Some(Place::with_coast(province, coast))
    }
}

/// The coast of `province` whose abbreviation is `word` (any case), when no coast before
/// it could have that word as its full name (the full parser takes the first of either).
fn coast_of(map: &Map, province: ProvinceId, word: &[u8]) -> Option<LocId> {
    for &loc in &map.province(province).coasts {
        let location = map.location(loc);
        if location.coast.as_deref().is_some_and(|c| c.as_bytes().eq_ignore_ascii_case(word)) {
            return Some(loc);
        }
        // A full name of one word, dots aside, may read as this word: the full parser's.
        let full = location.coast_name.as_deref().unwrap_or_default().as_bytes();
        let letters = full.iter().filter(|&&c| c != b'.');
        if letters.clone().count() == word.len() && letters.zip(word).all(|(a, b)| a.eq_ignore_ascii_case(b)) {
            return None;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::{ParseOptions, parse_order_full};
    use dip_map::PhaseKind;

    /// Texts built from the pieces of judge notation and of what it must not take for it:
    /// whatever the fast path reads, the full parser reads the same; and it reads the
    /// usual orders.
    #[test]
    fn the_fast_path_reads_what_the_full_parser_reads() {
        for file in ["standard", "chaos", "convoyable_coasts"] {
            let path = format!("{}/../../variants/{file}.ron", env!("CARGO_MANIFEST_DIR"));
            check_variant(&dip_map::load(&path).expect("map"));
        }
    }

    fn check_variant(map: &Map) {
        let mut names: Vec<String> = map.all_names().map(|(n, _)| n.to_string()).collect();
        names.extend(
            ["stp/sc", "STP/NC", "spa/sc", "bul/ec", "stp / sc", "stp/ sc", "stp/xc", "par/sc", "STP/SC coast"]
                .map(String::from),
        );
        names.extend(["xyz", "par.", "p4r", "mid-atlantic", "Par", "PAR", "nTh", "é"].map(String::from));
        let pieces = [
            "A",
            "F",
            "a",
            "f",
            "H",
            "S",
            "C",
            "-",
            "->",
            "VIA",
            "via convoy",
            "hold",
            "army",
            "",
            "  ",
            "\t",
            "S A",
            "C A",
        ];
        let options = ParseOptions::new(PhaseKind::Movement).power(dip_map::PowerId(0));
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut random = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let (mut fast, mut tried) = (0, 0);
        let short: Vec<&String> = names.iter().filter(|n| n.len() <= 6).collect();
        for _ in 0..40_000 {
            let place = |random: &mut dyn FnMut(usize) -> usize| short[random(short.len())].clone();
            let kind = |random: &mut dyn FnMut(usize) -> usize| pieces[random(4)].to_string();
            let mut words = vec![kind(&mut random), place(&mut random)];
            match random(8) {
                0 => {}
                1 => words.push("H".into()),
                2 => words.extend(["-".into(), place(&mut random)]),
                3 => words.extend(["-".into(), place(&mut random), "VIA".into()]),
                4 => words.extend(["S".into(), kind(&mut random), place(&mut random)]),
                5 => {
                    words.extend(["S".into(), kind(&mut random), place(&mut random)]);
                    words.extend(["-".into(), place(&mut random)]);
                }
                6 => words.extend(["C".into(), "A".into(), place(&mut random), "-".into(), place(&mut random)]),
                _ => words.extend(["S".into(), "A".into(), place(&mut random), "H".into()]),
            }
            // Now and then a piece that the fast path must not take for granted.
            if random(3) == 0 {
                let at = random(words.len() + 1);
                words.insert(at, pieces[random(pieces.len())].to_string());
            }
            let mut text = String::new();
            for w in &words {
                text.push_str(&if random(2) == 0 { w.to_uppercase() } else { w.to_lowercase() });
                text.push_str(match random(6) {
                    0 => "",
                    1 => "  ",
                    _ => " ",
                });
            }
            tried += 1;
            if let Some(order) = movement_order(map, dip_map::PowerId(0), &text) {
                fast += 1;
                assert_eq!(Ok(&order), parse_order_full(map, options, &text).as_ref(), "`{text}`");
            }
        }
        assert!(fast > 500, "only {fast} of {tried} read by the fast path");
        for text in [
            "A PAR - BUR",
            "F STP/SC - BOT",
            "a mar s a par - bur",
            "F NTH C A YOR - BEL",
            "A EDI - NWY VIA",
            "A VEN H",
        ] {
            if map.three_letter_name(b"par").is_some() && map.three_letter_name(b"stp").is_some() {
                assert!(movement_order(map, dip_map::PowerId(0), text).is_some(), "`{text}`");
            }
        }
    }
}

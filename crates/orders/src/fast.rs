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
#[cfg(test)]
fn movement_order(map: &Map, power: PowerId, text: &str) -> Option<Order> {
    movement_order_with(map, power, text, |order| order)
}

/// A movement order for `power` handed to `emit`, its answer returned; `None` (and `emit`
/// not called) to leave the text to the full parser.
///
/// `emit` lets the caller store the order where it will stay (`parse_order_into` pushes it
/// onto the caller's list): written there in pieces, the order is not read back, where
/// returned it would be written to the return slot in pieces and read back at once in wider
/// ones to be moved, and a load that spans several stores waits for them all to land.
#[inline(always)]
pub(crate) fn movement_order_with<R>(
    map: &Map,
    power: PowerId,
    text: &str,
    emit: impl FnOnce(Order) -> R,
) -> Option<R> {
    if !map.plain_order_words() {
        return None;
    }
    let mut s = Scanner { rest: text.as_bytes() };
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
    Some(emit(Order::new(power, unit, action)))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Token<'a> {
    Word(&'a [u8]),
    Dash,
    End,
}

/// The text not read yet.
struct Scanner<'a> {
    rest: &'a [u8],
}

/// Whether a byte may be part of a word to the full parser: an ASCII letter or digit, a
/// dot, an apostrophe, or a byte of a character that is not ASCII.
const WORD_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        table[c] = b.is_ascii_alphanumeric() || b == b'.' || b == b'\'' || b >= 0x80;
        c += 1;
    }
    table
};

/// `text` less the spaces it starts with.
#[inline(always)]
fn after_spaces(mut text: &[u8]) -> &[u8] {
    while let [b' ', tail @ ..] = text {
        text = tail;
    }
    text
}

/// A byte that may follow a word: the full parser's word ends there too.
#[inline(always)]
fn ends_word(b: Option<&u8>) -> bool {
    b.is_none_or(|&c| !WORD_BYTE[usize::from(c)])
}

impl<'a> Scanner<'a> {
    #[inline(always)]
    fn skip_spaces(&mut self) {
        self.rest = after_spaces(self.rest);
    }

    /// The next token: a word of ASCII letters, a `-`, or the end. `None` for anything
    /// else (the full parser's other tokens, or words with digits, dots or apostrophes).
    #[inline(always)]
    fn token(&mut self) -> Option<Token<'a>> {
        self.skip_spaces();
        match self.rest {
            [] => Some(Token::End),
            // `->` is an arrow to the full parser too; leave it to it.
            [b'-', b'>', ..] => None,
            [b'-', tail @ ..] => {
                // Less the space that usually follows, as after a word.
                self.rest = match tail {
                    [b' ', after @ ..] => after,
                    _ => tail,
                };
                Some(Token::Dash)
            }
            rest => {
                let len = rest.iter().position(|c| !c.is_ascii_alphabetic()).unwrap_or(rest.len());
                let (word, tail) = rest.split_at(len);
                self.rest = tail;
                (len > 0 && ends_word(tail.first())).then_some(Token::Word(word))
            }
        }
    }

    #[inline(always)]
    fn end(&mut self) -> Option<()> {
        self.skip_spaces();
        self.rest.is_empty().then_some(())
    }

    /// `A` or `F`, any case.
    #[inline(always)]
    fn unit_kind(&mut self) -> Option<UnitKind> {
        self.skip_spaces();
        let (&first, tail) = self.rest.split_first()?;
        // Setting the case bit makes exactly `A` and `a` into `a`, `F` and `f` into `f`.
        let kind = match first | 0x20 {
            b'a' => UnitKind::Army,
            b'f' => UnitKind::Fleet,
            _ => return None,
        };
        self.rest = self.after_word(tail)?;
        Some(kind)
    }

    /// The text after a word, `tail`, less the space that usually follows it; `None` if
    /// the word goes on there.
    #[inline(always)]
    fn after_word(&self, tail: &'a [u8]) -> Option<&'a [u8]> {
        match tail {
            [b' ', after @ ..] => Some(after),
            _ => ends_word(tail.first()).then_some(tail),
        }
    }

    /// A three-letter name (that starts no longer name the text goes on to), and a coast
    /// written `/sc`.
    #[inline(always)]
    fn place(&mut self, map: &Map) -> Option<Place> {
        self.skip_spaces();
        let &[a, b, c, ref tail @ ..] = self.rest else { return None };
        let (province, longer) = map.three_letter_name(&[a, b, c])?;
        if let [b'/', coast @ ..] = tail {
            // A `/` ends the span of words: no longer name to look for.
            self.rest = coast;
            let Token::Word(coast) = self.token()? else { return None };
            return Some(Place::with_coast(province, Some(CoastSpec::Known(coast_of(map, province, coast)?))));
        }
        self.rest = self.after_word(tail)?;
        // At the end of the order no longer name can follow: no call.
        if longer && !self.rest.is_empty() && longer_span_is_name(map, [a, b, c], self.rest) {
            return None;
        }
        Some(Place::new(province))
    }
}

/// Whether the words of `rest` after `first` (the full parser's spans of words joined by spaces
/// or single dashes) make a longer name that starts with it, as `Eng Ch` would: the
/// full parser would read that name. Also true for text it does not follow.
#[cold]
fn longer_span_is_name(map: &Map, first: [u8; 3], rest: &[u8]) -> bool {
    let mut b = after_spaces(rest);
    if let [b'-', tail @ ..] = b {
        b = after_spaces(tail);
    }
    let len = b.iter().position(|c| !c.is_ascii_alphanumeric()).unwrap_or(b.len());
    let (word, tail) = b.split_at(len);
    if word.is_empty() {
        // The end, or a token that ends the spans; any other text (which the full
        // parser might read as a word of a name) is left to it.
        return !matches!(tail.first(), None | Some(b'/' | b'(' | b')' | b'[' | b']' | b':' | b',' | b';'));
    }
    // Any longer span that is a name starts with these two words.
    !ends_word(tail.first()) || map.starts_name_of_several_words(&first, word)
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
    use crate::parse::{ParseOptions, parse_order, parse_order_full, parse_order_into};
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
            // Words that make longer names of a three-letter one (`Eng Ch`, `Eas Med`).
            "ch",
            "MED",
            "- med",
            "atlantic ocean",
            "s a",
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
            let fast_order = movement_order(map, dip_map::PowerId(0), &text);
            // Read into a list: the same order or error, and nothing pushed on an error (the
            // full parser's errors, with their suggestions, are slow: one text in 40).
            if fast_order.is_some() || random(40) == 0 {
                let mut list = Vec::new();
                let into = parse_order_into(map, options, &text, &mut list).map(|()| list.clone());
                assert_eq!(into, parse_order(map, options, &text).map(|order| vec![order]), "`{text}`");
                assert!(into.is_ok() || list.is_empty(), "`{text}`");
            }
            if let Some(order) = fast_order {
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

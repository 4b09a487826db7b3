//! The order parser: DATC style (`A Yorkshire - Belgium`), judge style (`A tri-ven`,
//! `F nth C A yor-bel`), upper case (`F STP/SC - FIN`), and the notation of MILA's
//! `diplomacy` package, dipcc and webDiplomacy (`A EDI - NWY VIA`, `A MUN R BOH`, `A VIE D`,
//! `F STP/NC B`, `WAIVE`), with or without a power prefix.

use std::fmt;

use dip_map::{Map, PhaseKind, PowerId, UnitKind};

use crate::lex::{Tok, Token, tokens};
use crate::model::{Action, CoastSpec, Order, Place, PlaceSlot, UnitSpec};
use crate::names::{NameMatching, close_names, interpret_misspelling, suggestions};

/// Why an order could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError {
    /// 1-based column of the offending token (one past the end for a missing token).
    pub column: usize,
    /// What the parser expected there.
    pub expected: String,
    /// What it found (`end of order` if nothing).
    pub found: String,
    /// Nearest province names, when a name was not recognised.
    pub suggestions: Vec<String>,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: expected {}, found {}", self.column, self.expected, self.found)?;
        if !self.suggestions.is_empty() {
            write!(f, " (did you mean {}?)", self.suggestions.join(", "))?;
        }
        Ok(())
    }
}

impl std::error::Error for ParseError {}

/// Settings for reading orders.
#[derive(Clone, Copy, Debug)]
pub struct ParseOptions {
    /// The phase the orders are for: it decides whether `A ber - kie` is a move or a retreat.
    pub phase: PhaseKind,
    /// The power the orders belong to when a line has no power prefix.
    pub power: Option<PowerId>,
    /// How misspelled names are treated.
    pub names: NameMatching,
}

impl ParseOptions {
    pub fn new(phase: PhaseKind) -> Self {
        ParseOptions { phase, power: None, names: NameMatching::default() }
    }

    pub fn power(mut self, power: PowerId) -> Self {
        self.power = Some(power);
        self
    }
}

/// Reads one order. Never panics; any text it cannot read is an `Err` saying where and why.
#[inline]
pub fn parse_order(map: &Map, options: ParseOptions, text: &str) -> Result<Order, ParseError> {
    // Judge notation with three-letter names is read without tokens (`fast.rs`).
    if let (PhaseKind::Movement, Some(power)) = (options.phase, options.power)
        && let Some(order) = crate::fast::movement_order_with(map, power, text, |order| order)
    {
        return Ok(order);
    }
    parse_order_full(map, options, text)
}

/// Reads one order as [`parse_order`] does and pushes it onto `orders`; on an `Err`,
/// `orders` is left as it was.
///
/// For reading many orders into one list: the order is written straight into the list
/// rather than returned and moved there, which saves a reader of short orders a fair part
/// of its time (a returned order is written in small pieces and read back at once in wide
/// ones, and the processor waits for the pieces to land).
///
/// ```
/// use dip_map::PhaseKind;
/// use dip_orders::{parse_order, parse_order_into, ParseOptions};
///
/// let map = dip_map::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/standard.ron"))?;
/// let france = map.power_by_name("France").unwrap();
/// let options = ParseOptions::new(PhaseKind::Movement).power(france);
/// let mut orders = Vec::new();
/// for text in ["A PAR - BUR", "A Marseilles Supports A Paris - Burgundy", "F BRE H"] {
///     parse_order_into(&map, options, text, &mut orders)?;
/// }
/// assert!(parse_order_into(&map, options, "A Lodnn - Belgium", &mut orders).is_err());
/// assert_eq!(orders.len(), 3);
/// assert_eq!(orders[1], parse_order(&map, options, "A mar S A par - bur")?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn parse_order_into(
    map: &Map,
    options: ParseOptions,
    text: &str,
    orders: &mut Vec<Order>,
) -> Result<(), ParseError> {
    if let (PhaseKind::Movement, Some(power)) = (options.phase, options.power)
        && crate::fast::movement_order_with(map, power, text, |order| orders.push(order)).is_some()
    {
        return Ok(());
    }
    orders.push(parse_order_full(map, options, text)?);
    Ok(())
}

/// [`parse_order`] by the full parser alone.
pub(crate) fn parse_order_full(map: &Map, options: ParseOptions, text: &str) -> Result<Order, ParseError> {
    let toks = tokens(text);
    let mut p = Parser {
        map,
        toks,
        pos: 0,
        text,
        names: options.names,
        norm: NameBuf::default(),
        unknown_coasts: Vec::new(),
        path: Vec::new(),
    };
    p.order(options)
}

const HOLD: &[&str] = &["h", "hold", "holds", "stand", "stands"];
const SUPPORT: &[&str] = &["s", "support", "supports"];
const CONVOY: &[&str] = &["c", "convoy", "convoys"];
const MOVE: &[&str] = &["m", "move", "moves", "to"];
const RETREAT: &[&str] = &["r", "retreat", "retreats"];
const DISBAND: &[&str] = &["d", "disband", "disbands"];
const BUILD: &[&str] = &["b", "build", "builds"];
const REMOVE: &[&str] = &["remove", "removes", "r", "d", "disband", "disbands"];
const WAIVE: &[&str] = &["waive", "waives", "waived"];

struct Parser<'a> {
    map: &'a Map,
    toks: Vec<Token<'a>>,
    pos: usize,
    /// The order text, for the column past its end in diagnostics.
    text: &'a str,
    names: NameMatching,
    /// Reused buffer for name lookups.
    norm: NameBuf,
    /// The text of each coast read that its province lacks, in the order read: the order
    /// keeps them ([`Order::unknown_coast`]).
    unknown_coasts: Vec<String>,
    /// The written convoy path of a move.
    path: Vec<dip_map::ProvinceId>,
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<Tok<'a>> {
        self.toks.get(self.pos).map(|t| t.tok)
    }

    fn peek_at(&self, offset: usize) -> Option<Tok<'a>> {
        self.toks.get(self.pos + offset).map(|t| t.tok)
    }

    fn column(&self) -> usize {
        self.toks.get(self.pos).map_or_else(|| self.text.chars().count() + 1, |t| t.column)
    }

    fn found(&self) -> String {
        match self.toks.get(self.pos) {
            None => "end of order".into(),
            Some(t) => match t.tok {
                Tok::Word(w) => format!("`{w}`"),
                Tok::Dash => "`-`".into(),
                Tok::Open => "`(`".into(),
                Tok::Close => "`)`".into(),
                Tok::Slash => "`/`".into(),
                Tok::Colon => "`:`".into(),
                Tok::Comma => "`,`".into(),
            },
        }
    }

    fn error(&self, expected: &str) -> ParseError {
        ParseError { column: self.column(), expected: expected.into(), found: self.found(), suggestions: Vec::new() }
    }

    fn word_is(&self, offset: usize, words: &[&str]) -> bool {
        matches!(self.peek_at(offset), Some(Tok::Word(w)) if words.iter().any(|k| k.eq_ignore_ascii_case(w)))
    }

    fn eat_word(&mut self, words: &[&str]) -> bool {
        if self.word_is(0, words) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn eat(&mut self, tok: Tok<'_>) -> bool {
        if self.peek() == Some(tok) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn at_end(&self) -> bool {
        self.pos >= self.toks.len()
    }

    fn expect_end(&self) -> Result<(), ParseError> {
        if self.at_end() { Ok(()) } else { Err(self.error("end of order")) }
    }

    fn order(&mut self, options: ParseOptions) -> Result<Order, ParseError> {
        if self.at_end() {
            return Err(self.error("an order"));
        }
        let power = self.power_prefix().or(options.power);
        let Some(power) = power else {
            return Err(self.error("a power (`England:`) before the order"));
        };
        let (unit, action) = match options.phase {
            PhaseKind::Adjustment => self.adjustment()?,
            PhaseKind::Movement if self.canal_word().is_some() => self.permit()?,
            PhaseKind::Movement | PhaseKind::Retreat => {
                let unit = self.unit(true)?;
                let action = self.action(options.phase)?;
                (unit, action)
            }
        };
        self.expect_end()?;
        let mut order = Order::new(power, unit, action).with_path(std::mem::take(&mut self.path));
        if !self.unknown_coasts.is_empty() {
            // The places are read in the order of their slots.
            let slots = [PlaceSlot::Unit, PlaceSlot::Target, PlaceSlot::To];
            let unknown: Vec<PlaceSlot> =
                slots.into_iter().filter(|&s| order.place(s).is_some_and(Place::has_unknown_coast)).collect();
            for (slot, text) in unknown.into_iter().zip(std::mem::take(&mut self.unknown_coasts)) {
                order.set_unknown_coast(slot, &text);
            }
        }
        Ok(order)
    }

    /// `England:`, `ENG:`, or a power name followed by a unit type.
    fn power_prefix(&mut self) -> Option<PowerId> {
        let Some(Tok::Word(w)) = self.peek() else { return None };
        let power = self.map.power_by_name(w)?;
        if self.peek_at(1) == Some(Tok::Colon) {
            self.pos += 2;
            return Some(power);
        }
        let next_is_kind = matches!(self.peek_at(1), Some(Tok::Word(k)) if unit_kind(k).is_some());
        if !self.is_province_word(w)
            && (next_is_kind || self.word_is(1, BUILD) || self.word_is(1, REMOVE) || self.word_is(1, WAIVE))
        {
            self.pos += 1;
            return Some(power);
        }
        None
    }

    fn unit_kind(&mut self) -> Option<UnitKind> {
        let Some(Tok::Word(w)) = self.peek() else { return None };
        let kind = unit_kind(w)?;
        // `A` could start a province name only if the rest is not one; names win when the
        // type word is followed by nothing that reads as a place.
        self.pos += 1;
        Some(kind)
    }

    /// `[A|F] place`, optionally preceded by a nationality when `allow_power` is false
    /// (the target of a support or convoy).
    fn unit(&mut self, own: bool) -> Result<UnitSpec, ParseError> {
        let mut power = None;
        if !own
            && let Some(Tok::Word(w)) = self.peek()
            && let Some(pw) = self.map.power_by_name(w)
            && !self.is_province_word(w)
            && !self.several_words_name_a_province()
        {
            self.pos += 1;
            power = Some(pw);
        }
        let kind = self.unit_kind();
        let place = self.place()?;
        Ok(UnitSpec { power, kind, place })
    }

    /// A province name (possibly several words, possibly with dashes inside such as
    /// `Mid-Atlantic Ocean`) and an optional coast.
    fn place(&mut self) -> Result<Place, ParseError> {
        let start = self.pos;
        let Some(Tok::Word(first)) = self.peek() else {
            return Err(self.error("a province"));
        };
        // Candidate spans: words joined by spaces or single hyphens, longest first. A dash
        // with a space beside it separates a move's stops (`Java - Sea of Japan` is two
        // places, even on a map with a Java Sea), so it ends the span.
        let mut ends_buf = [0usize; 6];
        let mut count = 0;
        let mut i = start;
        while let Some(Tok::Word(_)) = self.toks.get(i).map(|t| t.tok) {
            ends_buf[count] = i + 1;
            count += 1;
            if count == ends_buf.len() || count == self.map.max_name_words() {
                break;
            }
            i += 1;
            if self.toks.get(i).map(|t| t.tok) == Some(Tok::Dash) {
                if !self.is_hyphen(i) {
                    break;
                }
                i += 1;
            }
        }
        let ends = &ends_buf[..count];
        // The normalised longest span; each shorter span is a prefix of it.
        let mut cuts = [0usize; 6];
        self.norm.clear();
        for (k, &end) in ends.iter().enumerate() {
            if let Some(Tok::Word(w)) = self.toks.get(end - 1).map(|t| t.tok) {
                self.norm.push_word(w);
            }
            cuts[k] = self.norm.len();
        }
        // Exact names first, over every span, longest first.
        let longest = self.norm.as_bytes();
        // Only a word that starts some longer name needs the longer spans tried.
        let starts_longer = longest.get(..cuts[0]).is_some_and(|w| self.map.starts_longer_name(w));
        let spans = if ends.len() > 1 && !starts_longer { 1 } else { ends.len() };
        let mut exact_match = None;
        for k in (0..spans).rev() {
            if let Some(p) = longest.get(..cuts[k]).and_then(|name| self.map.province_by_normalised_bytes(name)) {
                exact_match = Some((k, p));
                break;
            }
        }
        if let Some((k, province)) = exact_match {
            self.pos = ends[k];
            let coast = self.coast(province)?;
            return Ok(Place::with_coast(province, coast));
        }
        // Only when no span is an exact name: a misspelling, if the policy reads one.
        for &end in ends.iter().rev() {
            if let Some(province) = interpret_misspelling(self.map, &self.text_of(start, end), self.names) {
                self.pos = end;
                let coast = self.coast(province)?;
                return Ok(Place::with_coast(province, coast));
            }
        }
        let mut err = self.error("a province");
        err.found = format!("`{first}`");
        let tail = ends.get(1).map_or(String::new(), |&e| self.text_of(start, e));
        // A misspelled name of several words (`Norht Sea`) is judged as a whole first, with
        // a strict limit so a misspelled word and the next name (`Lodnon Belgium`) do not
        // suggest the next name; then by its first word.
        for &end in ends.iter().take(4).skip(1).rev() {
            let text = self.text_of(start, end);
            err.suggestions = close_names(self.map, &text, 3, text.chars().count() / 4);
            if !err.suggestions.is_empty() {
                return Err(err);
            }
        }
        err.suggestions = suggestions(self.map, first, 3);
        if err.suggestions.is_empty() && !tail.is_empty() {
            err.suggestions = suggestions(self.map, &tail, 3);
        }
        Err(err)
    }

    /// Whether two or more words from here are exactly a province's name (`English
    /// Channel`, `Mexico City`): a power's name that starts one is the province's, not a
    /// nationality, or `Supports English Channel` would read as England's unit in a
    /// province `Channel`.
    fn several_words_name_a_province(&mut self) -> bool {
        let Some(Tok::Word(first)) = self.peek() else { return false };
        self.norm.clear();
        self.norm.push_word(first);
        if !self.map.starts_longer_name(self.norm.as_bytes()) {
            return false;
        }
        let (mut i, mut words) = (self.pos + 1, 1);
        while words < self.map.max_name_words() {
            // Words joined by spaces or single dashes, as `place` reads them.
            if self.toks.get(i).map(|t| t.tok) == Some(Tok::Dash) {
                i += 1;
            }
            let Some(Tok::Word(w)) = self.toks.get(i).map(|t| t.tok) else { return false };
            self.norm.push_word(w);
            if self.map.province_by_normalised_bytes(self.norm.as_bytes()).is_some() {
                return true;
            }
            (i, words) = (i + 1, words + 1);
        }
        false
    }

    /// Whether the dash token at `i` is a hyphen inside a name: a `-` with a word right
    /// before and right after it, no space between.
    fn is_hyphen(&self, i: usize) -> bool {
        let (Some(before), Some(dash), Some(after)) =
            (i.checked_sub(1).and_then(|b| self.toks.get(b)), self.toks.get(i), self.toks.get(i + 1))
        else {
            return false;
        };
        let Tok::Word(word) = before.tok else { return false };
        before.start + word.len() == dash.start
            && self.text.get(dash.start..dash.start + 1) == Some("-")
            && after.start == dash.start + 1
            && matches!(after.tok, Tok::Word(_))
    }

    /// Whether a single word is a province name.
    fn is_province_word(&mut self, word: &str) -> bool {
        self.norm.clear();
        self.norm.push_word(word);
        self.map.province_by_normalised_bytes(self.norm.as_bytes()).is_some()
    }

    fn text_of(&self, start: usize, end: usize) -> String {
        self.toks[start..end]
            .iter()
            .filter_map(|t| match t.tok {
                Tok::Word(w) => Some(w),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// `(nc)`, `(north coast)`, `/sc`, `/SC`.
    fn coast(&mut self, province: dip_map::ProvinceId) -> Result<Option<CoastSpec>, ParseError> {
        let mut words = Vec::new();
        if self.eat(Tok::Open) {
            while let Some(Tok::Word(w)) = self.peek() {
                words.push(w);
                self.pos += 1;
            }
            if !self.eat(Tok::Close) {
                return Err(self.error("`)` closing the coast"));
            }
        } else if self.peek() == Some(Tok::Slash) {
            self.pos += 1;
            match self.peek() {
                Some(Tok::Word(w)) => {
                    words.push(w);
                    self.pos += 1;
                    if self.word_is(0, &["coast"]) {
                        words.push("coast");
                        self.pos += 1;
                    }
                }
                _ => return Err(self.error("a coast after `/`")),
            }
        } else {
            return Ok(None);
        }
        if words.is_empty() {
            return Err(self.error("a coast"));
        }
        let text = words.join(" ");
        Ok(Some(
            match self
                .map
                .coast_by_name(province, &text)
                .or_else(|| self.map.coast_by_name(province, &abbreviate_coast(&text)))
            {
                Some(loc) => CoastSpec::Known(loc),
                None => {
                    self.unknown_coasts.push(text);
                    CoastSpec::Unknown
                }
            },
        ))
    }

    /// The canal whose short name is the next word.
    fn canal_word(&self) -> Option<u8> {
        let Some(Tok::Word(w)) = self.peek() else { return None };
        self.map.canal_by_word(w).and_then(|c| u8::try_from(c).ok())
    }

    /// The railroad whose short name is the next word.
    fn railroad_word(&self) -> Option<u8> {
        let Some(Tok::Word(w)) = self.peek() else { return None };
        self.map.railroad_by_word(w).and_then(|r| u8::try_from(r).ok())
    }

    /// `SC F Mediterranean Sea - Red Sea`: a canal keeper's permission for a unit.
    fn permit(&mut self) -> Result<(UnitSpec, Action), ParseError> {
        let canal = self.canal_word().unwrap_or(0);
        self.pos += 1;
        let unit = self.unit(false)?;
        let to = if self.eat(Tok::Dash) || self.eat_word(MOVE) { Some(self.place()?) } else { None };
        Ok((unit, Action::Permit { canal, to }))
    }

    /// `TSR - Vladivostok` or `TSR Vladivostok`, after the move's dash if one was written.
    fn rail(&mut self) -> Result<Option<Action>, ParseError> {
        let Some(railroad) = self.railroad_word() else { return Ok(None) };
        self.pos += 1;
        self.eat(Tok::Dash);
        let to = self.place()?;
        Ok(Some(Action::Rail { railroad, to }))
    }

    fn action(&mut self, phase: PhaseKind) -> Result<Action, ParseError> {
        if self.at_end() || self.eat_word(HOLD) {
            return Ok(Action::Hold);
        }
        // `A Moscow TSR Vladivostok`; read in a retreat phase too, where it is refused.
        if let Some(rail) = self.rail()? {
            return Ok(rail);
        }
        if self.eat_word(SUPPORT) {
            let target = self.unit(false)?;
            if self.at_end() || self.eat_word(HOLD) {
                return Ok(Action::SupportHold { target });
            }
            if !(self.eat(Tok::Dash) || self.eat_word(MOVE)) {
                return Err(self.error("`-` and a destination, `Hold`, or end of order"));
            }
            let to = self.place()?;
            return Ok(Action::SupportMove { target, to });
        }
        if self.eat_word(CONVOY) {
            let army = self.unit(false)?;
            if !(self.eat(Tok::Dash) || self.eat_word(MOVE)) {
                return Err(self.error("`-` and the convoy's destination"));
            }
            let to = self.place()?;
            return Ok(Action::Convoy { army, to });
        }
        if phase == PhaseKind::Retreat {
            if self.eat_word(DISBAND) {
                return Ok(Action::Disband);
            }
            if self.eat(Tok::Dash) || self.eat_word(RETREAT) || self.eat_word(MOVE) {
                self.eat_word(&["to"]);
                if let Some(rail) = self.rail()? {
                    return Ok(rail);
                }
                let to = self.place()?;
                return Ok(Action::Retreat { to });
            }
            return Err(self.error("`-` and a retreat destination, or `Disband`"));
        }
        if self.eat(Tok::Dash) || self.eat_word(MOVE) {
            if let Some(rail) = self.rail()? {
                return Ok(rail);
            }
            // `A Yorkshire - North Sea - Belgium`: every stop but the last is the convoy
            // path (the usual single destination allocates nothing).
            let mut to = self.place()?;
            while self.eat(Tok::Dash) {
                let next = self.place()?;
                let stop = std::mem::replace(&mut to, next);
                // A stop of the path is a province: a coast written there is not kept.
                if stop.has_unknown_coast() {
                    let at = self.unknown_coasts.len() - 1 - usize::from(next.has_unknown_coast());
                    self.unknown_coasts.remove(at);
                }
                self.path.push(stop.province);
            }
            let via_convoy = self.via_convoy();
            return Ok(Action::Move { to, via_convoy });
        }
        if self.word_is(0, DISBAND) {
            return Err(self.error("a movement order (disbanding is for retreat phases)"));
        }
        Err(self.error("`-`, `Hold`, `Supports` or `Convoys`"))
    }

    /// `via convoy`, `by convoy`, `via c`, or a lone `VIA` ending the order (MILA, dipcc
    /// and webDiplomacy write `A EDI - NWY VIA`).
    fn via_convoy(&mut self) -> bool {
        if self.word_is(0, &["via", "by"]) && self.word_is(1, &["convoy", "c", "convoys"]) {
            self.pos += 2;
            true
        } else if self.word_is(0, &["via"]) && self.peek_at(1).is_none() {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn adjustment(&mut self) -> Result<(UnitSpec, Action), ParseError> {
        let placeholder = UnitSpec::new(None, Place::new(dip_map::ProvinceId(0)));
        if self.eat_word(WAIVE) {
            return Ok((placeholder, Action::Waive));
        }
        if self.eat_word(BUILD) {
            if self.eat_word(WAIVE) {
                return Ok((placeholder, Action::Waive));
            }
            let unit = self.unit(true)?;
            return Ok((unit, Action::Build));
        }
        if self.eat_word(REMOVE) {
            let unit = self.unit(true)?;
            return Ok((unit, Action::Remove));
        }
        // Judge style with the verb last: `A war B`, `F tri D`.
        if matches!(self.peek(), Some(Tok::Word(_))) {
            let unit = self.unit(true)?;
            if self.eat_word(BUILD) {
                return Ok((unit, Action::Build));
            }
            if self.eat_word(REMOVE) {
                return Ok((unit, Action::Remove));
            }
            return Err(self.error("`Build` or `Remove`"));
        }
        Err(self.error("`Build`, `Remove` or `Waive`"))
    }
}

/// A name in [`dip_map::normalise_name`] form (lower case, no dots, words joined by one
/// space), built on the stack for the usual short ASCII names.
#[derive(Default)]
struct NameBuf {
    bytes: [u8; 32],
    len: usize,
    /// Used instead when a name is long or not ASCII.
    spill: Option<String>,
}

impl NameBuf {
    fn clear(&mut self) {
        self.len = 0;
        self.spill = None;
    }

    #[inline]
    fn push_word(&mut self, word: &str) {
        // The usual case: ASCII into the inline buffer, byte by byte.
        let room = self.bytes.len() - self.len;
        if self.spill.is_none() && word.is_ascii() && word.len() < room {
            let mut first = true;
            for &b in word.as_bytes().iter().filter(|&&b| b != b'.') {
                if first && self.len > 0 {
                    self.bytes[self.len] = b' ';
                    self.len += 1;
                }
                first = false;
                self.bytes[self.len] = b.to_ascii_lowercase();
                self.len += 1;
            }
            return;
        }
        let mut first = true;
        for c in word.chars().filter(|&c| c != '.') {
            if first && (self.len > 0 || self.spill.as_ref().is_some_and(|s| !s.is_empty())) {
                self.push(' ');
            }
            first = false;
            if c.is_ascii() {
                self.push(c.to_ascii_lowercase());
            } else {
                for l in c.to_lowercase() {
                    self.push(l);
                }
            }
        }
    }

    #[inline]
    fn push(&mut self, c: char) {
        if self.spill.is_none() && c.is_ascii() && self.len < self.bytes.len() {
            self.bytes[self.len] = c as u8;
            self.len += 1;
            return;
        }
        let spill = self.spill.get_or_insert_with(|| String::from_utf8_lossy(&self.bytes[..self.len]).into_owned());
        spill.push(c);
    }

    fn len(&self) -> usize {
        self.spill.as_ref().map_or(self.len, String::len)
    }

    fn as_bytes(&self) -> &[u8] {
        match &self.spill {
            Some(s) => s.as_bytes(),
            None => &self.bytes[..self.len],
        }
    }
}

fn unit_kind(word: &str) -> Option<UnitKind> {
    if word.eq_ignore_ascii_case("a") || word.eq_ignore_ascii_case("army") {
        Some(UnitKind::Army)
    } else if word.eq_ignore_ascii_case("f") || word.eq_ignore_ascii_case("fleet") {
        Some(UnitKind::Fleet)
    } else {
        None
    }
}

/// `north coast` → `nc`, `south` → `sc`.
fn abbreviate_coast(text: &str) -> String {
    let mut words = text.split_whitespace();
    match words.next() {
        Some(first) => {
            let letter = first.chars().next().unwrap_or(' ').to_ascii_lowercase();
            format!("{letter}c")
        }
        None => String::new(),
    }
}

//! Making inputs from a case's bytes: positions, orders, rules, text mutations, words.

use arbitrary::Unstructured;

use dip::batch::{self, Rng};
use dip::{
    Action, CoastSpec, Dislodged, Game, LocId, Map, Order, Phase, PhaseKind, Place, PlaceSlot, Position, PowerId,
    ProvinceId, Rules, Season, Unit, UnitKind, UnitSpec,
};

use crate::Fuzzer;

/// Bytes a case reads its input from.
const CASE_BYTES: usize = 8192;

/// The case's bytes: splitmix64 from the seed.
pub(crate) fn bytes(seed: u64) -> Vec<u8> {
    let mut state = seed;
    let mut out = Vec::with_capacity(CASE_BYTES);
    while out.len() < CASE_BYTES {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        out.extend_from_slice(&(z ^ (z >> 31)).to_le_bytes());
    }
    out
}

/// A case's input: [`arbitrary::Unstructured`] over its bytes, with the choices the
/// generators make. Once the bytes run out every choice is the first (zero).
#[derive(Debug)]
pub struct Source<'a> {
    u: Unstructured<'a>,
}

impl<'a> Source<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        Source { u: Unstructured::new(bytes) }
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        self.u.int_in_range(0..=n - 1).unwrap_or(0)
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub fn u8(&mut self) -> u8 {
        self.u.arbitrary().unwrap_or(0)
    }

    pub fn u16(&mut self) -> u16 {
        self.u.arbitrary().unwrap_or(0)
    }

    pub fn pick<'t, T>(&mut self, items: &'t [T]) -> Option<&'t T> {
        if items.is_empty() { None } else { items.get(self.below(items.len())) }
    }
}

/// The fuzzer's material: every embedded variant, positions of random games on each, the
/// example position files, and saved games (two dip games and one recorded game).
pub(crate) fn fuzzer() -> Fuzzer {
    let maps: Vec<Map> = dip::EMBEDDED_VARIANTS.iter().filter_map(|(name, _)| dip::variant(name).ok()).collect();
    let positions = maps
        .iter()
        .map(|map| {
            let mut out = Vec::new();
            for seed in 1..=2 {
                let mut game = Game::new(map.clone(), Rules::default());
                let mut rng = Rng::new(seed);
                for _ in 0..10 {
                    out.push(game.position().clone());
                    let Ok(choices) = dip::legal_orders(map, game.position()) else { break };
                    let orders = batch::random_orders(map, game.position(), &choices, &mut rng);
                    if game.play(orders).is_err() {
                        break;
                    }
                }
            }
            out
        })
        .collect();
    let position_texts = vec![
        include_str!("../../../examples/opening_s1901.ron"),
        include_str!("../../../examples/midgame_34.ron"),
        include_str!("../../../examples/retreat_f1901.ron"),
        include_str!("../../../examples/adjustment_w1901.ron"),
    ];
    let mut games = Vec::new();
    if let Ok(standard) = dip::variant("standard") {
        for (seed, phases) in [(3, 4), (4, 9)] {
            let mut game = Game::new(standard.clone(), Rules::default());
            let mut rng = Rng::new(seed);
            for _ in 0..phases {
                let Ok(choices) = dip::legal_orders(&standard, game.position()) else { break };
                let orders = batch::random_orders(&standard, game.position(), &choices, &mut rng);
                if game.play(orders).is_err() {
                    break;
                }
            }
            games.push(game.to_saved_game(&format!("fuzz-{seed}")).to_json_pretty());
        }
    }
    games.push(include_str!("../../../games/cicero/game_433761_ENGLAND_AG.json").to_string());
    Fuzzer {
        maps,
        positions,
        position_texts,
        games,
        stream: crate::process::Stream::default(),
        program: crate::process::dip_program(),
    }
}

impl Fuzzer {
    pub(crate) fn map<'m>(&'m self, s: &mut Source<'_>) -> (usize, &'m Map) {
        let i = s.below(self.maps.len());
        (i, &self.maps[i])
    }
}

/// Random rules: each issue's choice at random, or the defaults.
pub(crate) fn rules(s: &mut Source<'_>) -> Rules {
    let mut rules = Rules::default();
    if s.chance(50) {
        return rules;
    }
    for issue in dip::map::rules::ISSUES {
        let choices = Rules::choices(issue);
        if let Some(choice) = s.pick(&choices) {
            let _ = rules.set(issue, choice);
        }
    }
    rules
}

/// A power id: mostly one of the map's, sometimes any.
pub(crate) fn power(s: &mut Source<'_>, map: &Map) -> PowerId {
    if s.chance(90) { PowerId(s.below(map.power_count()) as u8) } else { PowerId(s.u8()) }
}

fn province(s: &mut Source<'_>, map: &Map) -> ProvinceId {
    if s.chance(93) { ProvinceId(s.below(map.province_count()) as u16) } else { ProvinceId(s.u16()) }
}

fn location(s: &mut Source<'_>, map: &Map) -> LocId {
    if s.chance(93) { LocId(s.below(map.location_count()) as u16) } else { LocId(s.u16()) }
}

fn kind(s: &mut Source<'_>) -> UnitKind {
    if s.chance(50) { UnitKind::Army } else { UnitKind::Fleet }
}

/// A phase: mostly near the map's years, sometimes at the ends of the year range.
pub(crate) fn phase(s: &mut Source<'_>, map: &Map) -> Phase {
    let kind = [PhaseKind::Movement, PhaseKind::Retreat, PhaseKind::Adjustment][s.below(3)];
    let season =
        if kind == PhaseKind::Adjustment && s.chance(90) || s.chance(50) { Season::Fall } else { Season::Spring };
    let year = match s.below(10) {
        0 => u16::MAX,
        1 => u16::MAX - 1,
        2 => 0,
        3 => s.u16(),
        _ => map.start_year().saturating_add(s.below(20) as u16),
    };
    Phase { season, year, kind }
}

/// A place: a province of the map (or not), sometimes with a coast.
fn place(s: &mut Source<'_>, map: &Map) -> Place {
    let province = province(s, map);
    let coast = match s.below(10) {
        0 => Some(CoastSpec::Known(location(s, map))),
        // Its text is the order's (`order`).
        1 => Some(CoastSpec::Unknown),
        2 if province.index() < map.province_count() => {
            s.pick(&map.province(province).coasts).map(|&c| CoastSpec::Known(c))
        }
        _ => None,
    };
    Place::with_coast(province, coast)
}

fn spec(s: &mut Source<'_>, map: &Map, position: &Position) -> UnitSpec {
    // Mostly a unit on the board, as orders name them.
    let place = match s.pick(&position.units) {
        Some(unit) if s.chance(75) && unit.loc.index() < map.location_count() => {
            let coast = map.location(unit.loc).coast.as_ref().map(|_| CoastSpec::Known(unit.loc));
            Place::with_coast(map.province_of(unit.loc), coast)
        }
        _ => place(s, map),
    };
    let power = if s.chance(15) { Some(power(s, map)) } else { None };
    let kind = match s.below(4) {
        0 => None,
        1 => Some(UnitKind::Army),
        2 => Some(UnitKind::Fleet),
        _ => position
            .units
            .iter()
            .find(|u| u.loc.index() < map.location_count() && map.province_of(u.loc) == place.province)
            .map(|u| u.kind),
    };
    UnitSpec { power, kind, place }
}

/// An order as data: any action, of units on the board or not, with any ids.
pub(crate) fn order(s: &mut Source<'_>, map: &Map, position: &Position) -> Order {
    let unit = spec(s, map, position);
    let power = match position
        .units
        .iter()
        .find(|u| u.loc.index() < map.location_count() && map.province_of(u.loc) == unit.place.province)
    {
        Some(u) if s.chance(80) => u.power,
        _ => power(s, map),
    };
    let mut path = Vec::new();
    let action = match s.below(14) {
        0 => Action::Hold,
        1 | 2 => {
            path = (0..s.below(3)).map(|_| province(s, map)).collect();
            Action::Move { to: place(s, map), via_convoy: s.chance(20) }
        }
        3 => Action::SupportHold { target: spec(s, map, position) },
        4 | 5 => Action::SupportMove { target: spec(s, map, position), to: place(s, map) },
        6 => Action::Convoy { army: spec(s, map, position), to: place(s, map) },
        7 => Action::Rail {
            railroad: if s.chance(80) { s.below(map.railroads().len()) as u8 } else { s.u8() },
            to: place(s, map),
        },
        8 => Action::Permit {
            canal: if s.chance(80) { s.below(map.canals().len()) as u8 } else { s.u8() },
            to: if s.chance(50) { Some(place(s, map)) } else { None },
        },
        9 => Action::Retreat { to: place(s, map) },
        10 => Action::Disband,
        11 => Action::Build,
        12 => Action::Remove,
        _ => Action::Waive,
    };
    let mut order = Order::new(power, unit, action).with_path(path);
    for slot in [PlaceSlot::Unit, PlaceSlot::Target, PlaceSlot::To] {
        if order.place(slot).is_some_and(Place::has_unknown_coast) {
            order.set_unknown_coast(slot, ["xc", "nc", "", "north coast"][s.below(4)]);
        }
    }
    order
}

/// A position: one reached in a random game and changed, or one made up; of the map or,
/// now and then, with ids it does not have.
pub(crate) fn position(s: &mut Source<'_>, fuzzer: &Fuzzer, map_index: usize) -> Position {
    let map = &fuzzer.maps[map_index];
    let mut position = match fuzzer.positions.get(map_index).and_then(|p| s.pick(p)) {
        Some(p) if s.chance(60) => p.clone(),
        _ => Position::empty(map, phase(s, map)),
    };
    if s.chance(30) {
        position.phase = phase(s, map);
    }
    let meeting = location(s, map);
    for _ in 0..s.below(6) {
        match s.below(6) {
            0 if !position.units.is_empty() => {
                let i = s.below(position.units.len());
                position.units.remove(i);
            }
            1 => position.units.push(Unit { power: power(s, map), kind: kind(s), loc: location(s, map) }),
            2 if !position.units.is_empty() => {
                let i = s.below(position.units.len());
                position.units[i].kind = kind(s);
            }
            3 => {
                // Now and then every dislodged unit may retreat to one place, where they meet.
                let mut retreats: Vec<LocId> = (0..s.below(4)).map(|_| location(s, map)).collect();
                if s.chance(50) {
                    retreats.insert(0, meeting);
                }
                let unit = Unit { power: power(s, map), kind: kind(s), loc: location(s, map) };
                position.dislodged.push(Dislodged {
                    unit,
                    attacker_from: province(s, map),
                    by_convoy: s.chance(30),
                    retreats,
                });
            }
            4 => {
                let p = s.below(position.owners.len().max(1));
                if let Some(owner) = position.owners.get_mut(p) {
                    *owner = if s.chance(70) { Some(power(s, map)) } else { None };
                }
            }
            _ => {
                if s.chance(20) {
                    let len = s.below(map.province_count() + 3);
                    position.owners.resize(len, None);
                }
            }
        }
    }
    position
}

/// Orders for a position: legal ones picked at random, made-up ones, or both.
pub(crate) fn orders(s: &mut Source<'_>, map: &Map, position: &Position) -> Vec<Order> {
    let mut orders = Vec::new();
    if s.chance(60)
        && let Ok(choices) = dip::legal_orders(map, position)
    {
        let mut rng = Rng::new(u64::from(s.u16()));
        orders = batch::random_orders(map, position, &choices, &mut rng);
    }
    let most = if s.chance(10) { 200 } else { 12 };
    for _ in 0..s.below(most) {
        orders.push(order(s, map, position));
    }
    if !orders.is_empty() && s.chance(30) {
        // Shuffled, and with a copy or two: duplicates and conflicts.
        for _ in 0..s.below(4) {
            let i = s.below(orders.len());
            orders.push(orders[i].clone());
        }
        for i in (1..orders.len()).rev() {
            let j = s.below(i + 1);
            orders.swap(i, j);
        }
    }
    orders
}

/// Words of a map's orders: names, abbreviations, aliases, powers, keywords, coasts,
/// railroad and canal words.
pub(crate) fn word(s: &mut Source<'_>, map: &Map) -> String {
    const KEYWORDS: &[&str] = &[
        "A",
        "F",
        "Army",
        "fleet",
        "-",
        "->",
        "–",
        "S",
        "Supports",
        "C",
        "convoys",
        "H",
        "Hold",
        "via",
        "convoy",
        "VIA",
        "R",
        "B",
        "D",
        "WAIVE",
        "Build",
        "Remove",
        "Disband",
        "retreat",
        "to",
        "by",
        "(",
        ")",
        "/",
        ":",
        ",",
        "nc",
        "sc",
        "(nc)",
        "/SC",
        "(north coast)",
        "coast",
        "waive",
    ];
    match s.below(9) {
        0..=2 => {
            let p = map.province(ProvinceId(s.below(map.province_count()) as u16));
            let names: Vec<&String> =
                std::iter::once(&p.name).chain(std::iter::once(&p.abbr)).chain(&p.aliases).collect();
            let name = s.pick(&names).map(|n| n.to_string()).unwrap_or_default();
            if s.chance(20) {
                misspell(s, &name)
            } else if s.chance(20) {
                name.to_uppercase()
            } else {
                name
            }
        }
        3 => {
            let p = map.power(PowerId(s.below(map.power_count()) as u8));
            [&p.name, &p.adjective, &p.short][s.below(3)].to_string()
        }
        4..=6 => KEYWORDS[s.below(KEYWORDS.len())].to_string(),
        7 => match (s.pick(map.railroads()), s.pick(map.canals())) {
            (Some(r), _) if s.chance(50) => r.short.clone(),
            (_, Some(c)) => c.short.clone(),
            _ => "TSR".into(),
        },
        _ => garbage(s),
    }
}

/// A word with a letter changed, dropped, doubled or two swapped.
fn misspell(s: &mut Source<'_>, word: &str) -> String {
    let mut chars: Vec<char> = word.chars().collect();
    if chars.is_empty() {
        return String::new();
    }
    let i = s.below(chars.len());
    match s.below(4) {
        0 => chars[i] = char::from(b'a' + s.below(26) as u8),
        1 => {
            chars.remove(i);
        }
        2 => chars.insert(i, chars[i]),
        _ if i + 1 < chars.len() => chars.swap(i, i + 1),
        _ => {}
    }
    chars.into_iter().collect()
}

/// Anything: letters, punctuation, digits, non-ASCII letters and marks, control
/// characters, now and then a very long word.
pub(crate) fn garbage(s: &mut Source<'_>) -> String {
    const CHARS: &[char] = &[
        'a', 'z', 'Q', '0', '9', '.', '\'', '-', '/', '(', ')', '[', ']', ':', ';', ',', '=', '>', ' ', '\t', '\n',
        '"', '\\', '{', '}', 'é', 'ß', 'İ', 'Σ', '\u{301}', '\u{200b}', '—', '→', '\u{0}', '\u{feff}', '🙂', '\u{b}',
    ];
    let len = if s.chance(3) { 1000 + s.below(5000) } else { s.below(12) };
    let mut out = String::new();
    let repeat = s.chance(50);
    let c = CHARS[s.below(CHARS.len())];
    for _ in 0..len {
        out.push(if repeat { c } else { CHARS[s.below(CHARS.len())] });
    }
    out
}

/// Text changed in a few places: bytes and lines deleted, doubled, swapped or inserted,
/// quoted strings replaced by others of the text or by anything, numbers by extremes.
pub(crate) fn mutate(s: &mut Source<'_>, text: &str, words: &mut dyn FnMut(&mut Source<'_>) -> String) -> String {
    let mut text = text.to_string();
    for _ in 0..1 + s.below(5) {
        let len = text.len();
        let at = |s: &mut Source<'_>, text: &str| {
            let mut i = s.below(text.len() + 1);
            while !text.is_char_boundary(i) {
                i -= 1;
            }
            i
        };
        match s.below(9) {
            0 if len > 0 => {
                let i = at(s, &text);
                let mut j = (i + 1 + s.below(40)).min(text.len());
                while !text.is_char_boundary(j) {
                    j -= 1;
                }
                text.replace_range(i..j, "");
            }
            1 => {
                let i = at(s, &text);
                let insert = garbage(s);
                text.insert_str(i, &insert);
            }
            2 | 3 => {
                let mut lines: Vec<&str> = text.lines().collect();
                if !lines.is_empty() {
                    let i = s.below(lines.len());
                    match s.below(3) {
                        0 => {
                            lines.remove(i);
                        }
                        1 => lines.insert(i, lines[i]),
                        _ => {
                            let j = s.below(lines.len());
                            lines.swap(i, j);
                        }
                    }
                    text = lines.join("\n");
                }
            }
            4..=6 => {
                // A quoted string replaced.
                let quotes: Vec<usize> = text.match_indices('"').map(|(i, _)| i).collect();
                if quotes.len() >= 2 {
                    let k = s.below(quotes.len() - 1);
                    let (i, j) = (quotes[k] + 1, quotes[k + 1]);
                    let replacement = match s.below(3) {
                        0 => {
                            let m = s.below(quotes.len() - 1);
                            text[quotes[m] + 1..quotes[m + 1]].to_string()
                        }
                        1 => words(s),
                        _ => garbage(s).replace(['"', '\\'], ""),
                    };
                    text.replace_range(i..j, &replacement);
                }
            }
            7 => {
                // A number replaced by an extreme.
                let digits: Vec<usize> = text.match_indices(|c: char| c.is_ascii_digit()).map(|(i, _)| i).collect();
                if let Some(&i) = s.pick(&digits) {
                    let mut j = i;
                    while text.as_bytes().get(j).is_some_and(u8::is_ascii_digit) {
                        j += 1;
                    }
                    let n = ["0", "65535", "65536", "70000", "4294967296", "-1", "1901", "99999999999999999999"]
                        [s.below(8)];
                    text.replace_range(i..j, n);
                }
            }
            _ => {
                let i = at(s, &text);
                text.truncate(i);
            }
        }
    }
    text
}

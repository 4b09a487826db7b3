//! The order notations the parser reads, the model it builds, and its diagnostics.

use std::sync::OnceLock;

use dip_map::{LocId, Map, PhaseKind, PowerId, ProvinceId, UnitKind};
use dip_orders::{
    Action, CoastSpec, NameMatching, Notation, Order, ParseError, ParseOptions, Place, PlaceSlot, UnitSpec, parse_order,
};

fn map() -> &'static Map {
    static MAP: OnceLock<Map> = OnceLock::new();
    MAP.get_or_init(|| match dip_map::load(concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants/standard.ron")) {
        Ok(map) => map,
        Err(e) => panic!("standard.ron does not load:\n{e}"),
    })
}

fn prov(name: &str) -> ProvinceId {
    map().province_by_name(name).unwrap_or_else(|| panic!("no province `{name}`"))
}

fn coast(province: &str, coast: &str) -> LocId {
    map().coast_by_name(prov(province), coast).unwrap_or_else(|| panic!("no coast `{province}/{coast}`"))
}

fn power(name: &str) -> PowerId {
    map().power_by_name(name).unwrap_or_else(|| panic!("no power `{name}`"))
}

fn place(name: &str) -> Place {
    Place::new(prov(name))
}

fn unit(kind: UnitKind, name: &str) -> UnitSpec {
    UnitSpec::new(Some(kind), place(name))
}

fn try_parse(phase: PhaseKind, text: &str) -> Result<Order, ParseError> {
    parse_order(map(), ParseOptions::new(phase).power(power("England")), text)
}

/// Parses an order of England that must be readable, and checks that its display in
/// every notation reads back to the same order.
fn parse(phase: PhaseKind, text: &str) -> Order {
    let order = try_parse(phase, text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    round_trip(phase, &order);
    order
}

/// Parses with exact names only: a misspelling is an error with suggestions, whatever the
/// default name policy.
fn try_exact(text: &str) -> Result<Order, ParseError> {
    let options =
        ParseOptions { names: NameMatching::Exact, ..ParseOptions::new(PhaseKind::Movement).power(power("England")) };
    parse_order(map(), options, text)
}

fn round_trip(phase: PhaseKind, order: &Order) {
    let options = ParseOptions::new(phase).power(order.power);
    for shown in Notation::ALL.map(|n| order.display_as(map(), n).to_string()) {
        let again =
            parse_order(map(), options, &shown).unwrap_or_else(|e| panic!("display `{shown}` does not parse: {e}"));
        assert_eq!(&again, order, "display `{shown}` reads back differently");
    }
}

fn movement(text: &str) -> Order {
    parse(PhaseKind::Movement, text)
}

fn mv(to: &str) -> Action {
    Action::Move { to: place(to), via_convoy: false }
}

const A: UnitKind = UnitKind::Army;
const F: UnitKind = UnitKind::Fleet;

#[test]
fn datc_style() {
    let o = movement("A Yorkshire - Belgium");
    assert_eq!(o.power, power("England"));
    assert_eq!(o.unit, unit(A, "yor"));
    assert_eq!(o.action, mv("bel"));
    assert_eq!(o.display(map()).to_string(), "A Yorkshire - Belgium");
    assert_eq!(o.display_short(map()).to_string(), "A yor - bel");

    let o = movement("F North Sea Convoys A Yorkshire - Belgium");
    assert_eq!(o.unit, unit(F, "nth"));
    assert_eq!(o.action, Action::Convoy { army: unit(A, "yor"), to: place("bel") });
    assert_eq!(o.display(map()).to_string(), "F North Sea Convoys A Yorkshire - Belgium");

    let o = movement("A Holland Supports A Burgundy - Ruhr");
    assert_eq!(o.unit, unit(A, "hol"));
    assert_eq!(o.action, Action::SupportMove { target: unit(A, "bur"), to: place("ruh") });
    assert_eq!(o.display(map()).to_string(), "A Holland Supports A Burgundy - Ruhr");

    let o = movement("F Spain(nc) - Gulf of Lyon");
    assert_eq!(o.unit.kind, Some(F));
    assert_eq!(o.unit.place, Place::with_coast(prov("spa"), Some(CoastSpec::Known(coast("spa", "nc")))));
    assert_eq!(o.unit.place.coast_loc(), Some(coast("spa", "nc")));
    assert_eq!(o.action, mv("lyo"));
    assert_eq!(o.display(map()).to_string(), "F Spain(nc) - Gulf of Lyon");
    assert_eq!(o.display_short(map()).to_string(), "F spa/nc - lyo");

    let o = movement("A London - Belgium via Convoy");
    assert_eq!(o.action, Action::Move { to: place("bel"), via_convoy: true });
    assert_eq!(o.display(map()).to_string(), "A London - Belgium via Convoy");

    let o = movement("A Yorkshire - North Sea - Belgium");
    assert_eq!(o.action, Action::Move { to: place("bel"), via_convoy: false });
    assert_eq!(o.path(), [prov("nth")]);
    assert_eq!(o.display(map()).to_string(), "A Yorkshire - North Sea - Belgium");

    let o = movement("F Kiel Supports German A Holland");
    assert_eq!(o.unit, unit(F, "kie"));
    let target = UnitSpec { power: Some(power("Germany")), kind: Some(A), place: place("hol") };
    assert_eq!(o.action, Action::SupportHold { target });
    assert_eq!(o.display(map()).to_string(), "F Kiel Supports German A Holland");

    let o = parse(PhaseKind::Adjustment, "Build F St Petersburg(nc)");
    assert_eq!(o.action, Action::Build);
    assert_eq!(o.unit.kind, Some(F));
    assert_eq!(o.unit.place.coast(), Some(CoastSpec::Known(coast("stp", "nc"))));
    assert_eq!(o.display(map()).to_string(), "Build F St Petersburg(nc)");

    // Other spellings of the same names.
    assert_eq!(movement("F Mid-Atlantic Ocean - Spain(sc)").unit.place, place("mao"));
    assert_eq!(movement("F mid atlantic ocean - Spain(south coast)").action, movement("F mao - spa/sc").action);
    assert_eq!(movement("F St. Petersburg(sc) - Gulf of Bothnia").unit.place, movement("F stp/sc - bot").unit.place);
    assert_eq!(movement("A Yorkshire Hold").action, Action::Hold);
    assert_eq!(movement("A Yorkshire").action, Action::Hold);
}

#[test]
fn judge_style() {
    let o = movement("A tri-ven");
    assert_eq!((o.unit, o.action), (unit(A, "tri"), mv("ven")));
    assert_eq!(o.display_short(map()).to_string(), "A tri - ven");
    assert_eq!(o.display(map()).to_string(), "A Trieste - Venice");

    let o = movement("F adr S A tri-ven");
    assert_eq!(o.unit, unit(F, "adr"));
    assert_eq!(o.action, Action::SupportMove { target: unit(A, "tri"), to: place("ven") });
    assert_eq!(o.display_short(map()).to_string(), "F adr S A tri - ven");

    let o = movement("F nth C A yor-bel");
    assert_eq!(o.action, Action::Convoy { army: unit(A, "yor"), to: place("bel") });
    assert_eq!(o.display_short(map()).to_string(), "F nth C A yor - bel");

    let o = movement("A ven H");
    assert_eq!((o.unit, o.action), (unit(A, "ven"), Action::Hold));
    assert_eq!(o.display_short(map()).to_string(), "A ven H");

    let o = parse(PhaseKind::Adjustment, "Build A war");
    assert_eq!((o.unit, o.action), (unit(A, "war"), Action::Build));
    assert_eq!(o.display_short(map()).to_string(), "Build A war");

    let o = parse(PhaseKind::Adjustment, "Remove pic");
    assert_eq!(o.unit, UnitSpec::new(None, place("pic")));
    assert_eq!(o.action, Action::Remove);
    assert_eq!(o.display(map()).to_string(), "Remove Picardy");

    assert_eq!(parse(PhaseKind::Adjustment, "A war B").action, Action::Build);
    assert_eq!(parse(PhaseKind::Adjustment, "Waive").action, Action::Waive);
}

#[test]
fn upper_case() {
    assert_eq!(movement("A PAR - BUR"), movement("A par - bur"));
    assert_eq!(movement("A PAR - BUR").action, mv("bur"));

    let o = movement("F STP/SC - FIN");
    assert_eq!(o.unit.place, Place::with_coast(prov("stp"), Some(CoastSpec::Known(coast("stp", "sc")))));
    assert_eq!(o.action, mv("fin"));
    assert_eq!(o.display(map()).to_string(), "F St Petersburg(sc) - Finland");
    assert_eq!(o.display_short(map()).to_string(), "F stp/sc - fin");

    let o = movement("F NTH C A LON - BEL");
    assert_eq!(o.action, Action::Convoy { army: unit(A, "lon"), to: place("bel") });
    assert_eq!(o, movement("F North Sea Convoys A London - Belgium"));

    let o = movement("A MAR S A PAR - BUR");
    assert_eq!(o.unit, unit(A, "mar"));
    assert_eq!(o.action, Action::SupportMove { target: unit(A, "par"), to: place("bur") });
    assert_eq!(o, movement("A Marseilles Supports A Paris - Burgundy"));
}

/// The notation of MILA's `diplomacy` package, dipcc and webDiplomacy, as the saved-game
/// JSON writes it.
#[test]
fn mila_notation() {
    let mila = |o: &Order| o.display_mila(map()).to_string();

    // A lone `VIA` ends a move that must go by convoy.
    let o = movement("A EDI - NWY VIA");
    assert_eq!(o.unit, unit(A, "edi"));
    assert_eq!(o.action, Action::Move { to: place("nwy"), via_convoy: true });
    assert_eq!(o, movement("A Edinburgh - Norway via Convoy"));
    assert_eq!(mila(&o), "A EDI - NWY VIA");
    assert_eq!(o.display(map()).to_string(), "A Edinburgh - Norway via Convoy");
    assert_eq!(movement("a edi - nwy via").action, o.action);
    // `VIA` not at the end is not a convoy mark.
    assert!(try_parse(PhaseKind::Movement, "A EDI - NWY VIA NTH").is_err());
    assert!(try_parse(PhaseKind::Movement, "A EDI VIA").is_err());

    for text in [
        "A PAR - BUR",
        "F NWG C A EDI - NWY",
        "A MUN S A PAR - BUR",
        "A MUN S A PAR",
        "A VEN H",
        "F STP/SC - BOT",
        "F GRE - BUL/SC",
        "F SPA/NC H",
        "F SWE S F STP/NC - NWY",
    ] {
        assert_eq!(mila(&movement(text)), text);
    }
    let o = movement("F STP/SC - BOT");
    assert_eq!(o.unit.place, Place::with_coast(prov("stp"), Some(CoastSpec::Known(coast("stp", "sc")))));
    assert_eq!(o.display(map()).to_string(), "F St Petersburg(sc) - Gulf of Bothnia");

    // Retreats and disbands.
    let o = parse(PhaseKind::Retreat, "A MUN R BOH");
    assert_eq!((o.unit, o.action), (unit(A, "mun"), Action::Retreat { to: place("boh") }));
    assert_eq!(mila(&o), "A MUN R BOH");
    assert_eq!(o.display(map()).to_string(), "A Munich - Bohemia");
    assert_eq!(mila(&parse(PhaseKind::Retreat, "F MAO R SPA/NC")), "F MAO R SPA/NC");
    let o = parse(PhaseKind::Retreat, "A VIE D");
    assert_eq!(o.action, Action::Disband);
    assert_eq!(mila(&o), "A VIE D");
    assert_eq!(mila(&parse(PhaseKind::Retreat, "F BUL/SC D")), "F BUL/SC D");

    // Builds, removals and waives.
    let o = parse(PhaseKind::Adjustment, "A BUD B");
    assert_eq!((o.unit, o.action), (unit(A, "bud"), Action::Build));
    assert_eq!(mila(&o), "A BUD B");
    assert_eq!(o.display(map()).to_string(), "Build A Budapest");
    let o = parse(PhaseKind::Adjustment, "F STP/NC B");
    assert_eq!(
        o.unit,
        UnitSpec::new(Some(F), Place::with_coast(prov("stp"), Some(CoastSpec::Known(coast("stp", "nc")))))
    );
    assert_eq!(mila(&o), "F STP/NC B");
    let o = parse(PhaseKind::Adjustment, "A VIE D");
    assert_eq!((o.unit, o.action), (unit(A, "vie"), Action::Remove));
    assert_eq!(mila(&o), "A VIE D");
    assert_eq!(o.display(map()).to_string(), "Remove A Vienna");
    let o = parse(PhaseKind::Adjustment, "WAIVE");
    assert_eq!(o.action, Action::Waive);
    assert_eq!(mila(&o), "WAIVE");

    // What MILA has no words for is written so that dip reads it back.
    let o = movement("F North Sea Supports German A Holland - Belgium");
    assert_eq!(mila(&o), "F NTH S GERMAN A HOL - BEL");
    assert_eq!(mila(&movement("A Yorkshire - North Sea - Belgium")), "A YOR - NTH - BEL");
    assert_eq!(mila(&movement("A Yorkshire - North Sea - Belgium via convoy")), "A YOR - NTH - BEL VIA");
    assert_eq!(mila(&movement("F Brest(ec) - English Channel")), "F BRE(ec) - ENG");
}

#[test]
fn power_prefix() {
    let no_power = ParseOptions::new(PhaseKind::Movement);
    let read = |text: &str| parse_order(map(), no_power, text).unwrap_or_else(|e| panic!("`{text}`: {e}"));

    let o = read("England: A Yorkshire - Belgium");
    assert_eq!(o.power, power("England"));
    assert_eq!((o.unit, o.action), (unit(A, "yor"), mv("bel")));

    let o = read("ENG: F NTH C A LON - BEL");
    assert_eq!(o.power, power("England"));
    assert_eq!(o.action, Action::Convoy { army: unit(A, "lon"), to: place("bel") });

    assert_eq!(read("England A Yorkshire - Belgium").power, power("England"));
    assert_eq!(read("FRANCE: A PAR - BUR").power, power("France"));
    assert_eq!(read("France: A Paris - Burgundy"), read("FRA: A PAR - BUR"));

    // A prefix overrides the default power; without either the order has no owner.
    assert_eq!(movement("Russia: F STP/SC - FIN").power, power("Russia"));
    let err = parse_order(map(), no_power, "A Yorkshire - Belgium").expect_err("A Yorkshire - Belgium");
    assert_eq!(err.column, 1);
    // `ENG` without a colon is the English Channel.
    assert_eq!(movement("F ENG - NTH").unit, unit(F, "eng"));
    assert_eq!(movement("F English Channel - North Sea").unit, unit(F, "eng"));

    let o = parse(PhaseKind::Adjustment, "Germany: Build A ber");
    assert_eq!((o.power, o.action), (power("Germany"), Action::Build));
}

#[test]
fn retreat_phase() {
    let o = parse(PhaseKind::Retreat, "A ber - kie");
    assert_eq!(o.unit, unit(A, "ber"));
    assert_eq!(o.action, Action::Retreat { to: place("kie") });
    assert_eq!(o.display(map()).to_string(), "A Berlin - Kiel");
    // The same text in a movement phase is a move.
    assert_eq!(movement("A ber - kie").action, mv("kie"));

    let o = parse(PhaseKind::Retreat, "F tri Disband");
    assert_eq!((o.unit, o.action), (unit(F, "tri"), Action::Disband));
    assert_eq!(o.display(map()).to_string(), "F Trieste Disband");
    assert_eq!(parse(PhaseKind::Retreat, "F TRI D").action, Action::Disband);
    assert_eq!(parse(PhaseKind::Retreat, "A Berlin retreats to Kiel").action, Action::Retreat { to: place("kie") });

    assert!(try_parse(PhaseKind::Movement, "F tri Disband").is_err());
    assert!(try_parse(PhaseKind::Retreat, "F tri Supports A Berlin").is_ok(), "read here, rejected by the rules");
    assert!(try_parse(PhaseKind::Retreat, "F tri Build").is_err());
}

#[test]
fn diagnostics() {
    let err = try_exact("A Lodnon - Belgium").expect_err("Lodnon");
    assert_eq!(err.column, 3);
    assert_eq!(err.found, "`Lodnon`");
    assert_eq!(err.suggestions.first().map(String::as_str), Some("London"), "{err}");
    assert!(err.to_string().contains("did you mean London"), "{err}");

    let err = try_exact("A Yorkshire - Belgum").expect_err("Belgum");
    assert_eq!(err.column, 15);
    assert!(err.suggestions.iter().any(|s| s == "Belgium"), "{err}");

    // A misspelled name of several words is judged as a whole.
    let err = try_exact("F Norht Sea - Belgium").expect_err("Norht Sea");
    assert_eq!(err.suggestions.first().map(String::as_str), Some("North Sea"), "{err}");
    let err = try_exact("F Gulf of Lyin - Marseilles").expect_err("Gulf of Lyin");
    assert_eq!(err.suggestions.first().map(String::as_str), Some("Gulf of Lyon"), "{err}");
    let err = try_exact("A Lodnon Belgium").expect_err("Lodnon Belgium");
    assert_eq!(err.suggestions.first().map(String::as_str), Some("London"), "{err}");

    // Under the default name policy too, a name two edits from any is an error with
    // suggestions.
    let err = try_parse(PhaseKind::Movement, "A Yorkshire - Blegum").expect_err("Blegum");
    assert_eq!(err.column, 15);
    assert!(err.suggestions.iter().any(|s| s == "Belgium"), "{err}");

    // A missing destination is reported one past the end.
    for text in
        ["A Yorkshire -", "A Yorkshire - ", "F North Sea Convoys A Yorkshire -", "A Holland Supports A Burgundy -"]
    {
        let err = try_parse(PhaseKind::Movement, text).expect_err("an error");
        assert_eq!(err.column, text.chars().count() + 1, "`{text}`: {err}");
        assert_eq!(err.found, "end of order");
    }
    let err = try_parse(PhaseKind::Movement, "F Spain(nc - Gulf of Lyon").expect_err("F Spain(nc - Gulf of Lyon");
    assert!(err.expected.contains(')'), "{err}");

    // Garbage and nothing are errors, not panics.
    for text in ["X Y Z", "", "   ", "-", "(", "A", "F (", "A Yorkshire - Belgium Hold", "S S S", "England:"] {
        let err = try_parse(PhaseKind::Movement, text).expect_err(text);
        assert!(err.column >= 1 && err.column <= text.chars().count() + 1, "`{text}`: {err}");
    }
    assert_eq!(try_parse(PhaseKind::Movement, "").expect_err("").found, "end of order");
    assert!(try_parse(PhaseKind::Adjustment, "").is_err());
    assert!(try_parse(PhaseKind::Adjustment, "Build").is_err());
    assert!(try_parse(PhaseKind::Retreat, "X Y Z").is_err());

    // A coast the province does not have is kept for the rules to judge.
    let o = movement("F Brest(ec) - English Channel");
    assert_eq!(o.unit.place.coast(), Some(CoastSpec::Unknown));
    assert_eq!(o.unknown_coast(PlaceSlot::Unit), Some("ec"));
    assert_eq!(o.unknown_coast(PlaceSlot::To), None);
    assert_eq!(o.display(map()).to_string(), "F Brest(ec) - English Channel");
    // Coasts unknown at several places, one of them a stop of a written path (not kept).
    let o = movement("A Yorkshire(xc) - North Sea(yc) - Belgium(zc)");
    assert_eq!(o.path(), [prov("nth")]);
    assert_eq!(o.unknown_coast(PlaceSlot::Unit), Some("xc"));
    assert_eq!(o.unknown_coast(PlaceSlot::To), Some("zc"));
    assert_eq!(o.display(map()).to_string(), "A Yorkshire(xc) - North Sea - Belgium(zc)");
    let o = movement("F Brest(ec) Supports F Picardy(wc) - Paris(ec)");
    assert_eq!(o.unknown_coast(PlaceSlot::Target), Some("wc"));
    assert_eq!(o.unknown_coast(PlaceSlot::To), Some("ec"));
    assert_eq!(o.display(map()).to_string(), "F Brest(ec) Supports F Picardy(wc) - Paris(ec)");
}

/// A small xorshift generator: deterministic, no dependencies.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick(&mut self, list: &[&str]) -> String {
        list[self.below(list.len())].to_string()
    }
}

const TOKENS: &[&str] = &[
    "A",
    "F",
    "a",
    "f",
    "Army",
    "Fleet",
    "yor",
    "Yorkshire",
    "North",
    "Sea",
    "nth",
    "NTH",
    "bel",
    "Belgium",
    "St",
    "Petersburg",
    "St.",
    "stp",
    "spa",
    "bul",
    "Mid-Atlantic",
    "Ocean",
    "nc",
    "sc",
    "ec",
    "coast",
    "-",
    "->",
    "–",
    "S",
    "C",
    "H",
    "D",
    "R",
    "B",
    "Supports",
    "Convoys",
    "Hold",
    "to",
    "via",
    "Convoy",
    "Build",
    "Remove",
    "Disband",
    "Waive",
    "England",
    "ENG",
    "German",
    ":",
    "(",
    ")",
    "/",
    ",",
    "[",
    "ü",
    "é",
    "=>",
];

const PLACES: &[&str] = &[
    "yor",
    "Yorkshire",
    "North Sea",
    "NTH",
    "bel",
    "Belgium",
    "St Petersburg(nc)",
    "STP/SC",
    "stp",
    "Spain (south coast)",
    "spa/nc",
    "bul(ec)",
    "Mid-Atlantic Ocean",
    "mid atlantic",
    "Gulf of Lyon",
    "lon",
    "Brest(ec)",
    "kie",
    "Kiel",
];

/// Token soup, or an order put together from parts and then mutated.
fn random_text(rng: &mut XorShift) -> String {
    let mut words: Vec<String> = Vec::new();
    if rng.below(2) == 0 {
        for _ in 0..rng.below(10) {
            if rng.below(5) == 0 {
                words.push((0..=rng.below(3)).map(|_| (b'a' + rng.below(26) as u8) as char).collect());
            } else {
                words.push(TOKENS[rng.below(TOKENS.len())].to_string());
            }
        }
    } else {
        if rng.below(4) == 0 {
            words.push(rng.pick(&["England:", "ENG:", "France:", "Germany"]));
        }
        if rng.below(6) == 0 {
            words.push(rng.pick(&["Build", "Remove", "Waive", "Disband"]));
        }
        words.push(rng.pick(&["A", "F", "Army", "fleet"]));
        words.push(rng.pick(PLACES));
        match rng.below(7) {
            0 => {}
            1 => words.push(rng.pick(&["H", "Hold", "Disband", "B", "Remove"])),
            2 | 3 => {
                for _ in 0..=rng.below(3) {
                    words.push("-".into());
                    words.push(rng.pick(PLACES));
                }
                if rng.below(3) == 0 {
                    words.push("via Convoy".into());
                }
            }
            4 => {
                words.push(rng.pick(&["S", "Supports"]));
                if rng.below(3) == 0 {
                    words.push(rng.pick(&["German", "English", "Russian"]));
                }
                words.push(rng.pick(&["A", "F"]));
                words.push(rng.pick(PLACES));
                if rng.below(2) == 0 {
                    words.push("-".into());
                    words.push(rng.pick(PLACES));
                }
            }
            _ => {
                words.push(rng.pick(&["C", "Convoys"]));
                words.push("A".into());
                words.push(rng.pick(PLACES));
                words.push("-".into());
                words.push(rng.pick(PLACES));
            }
        }
        // Mutate: drop a word, or insert a random token.
        match rng.below(4) {
            0 if !words.is_empty() => {
                let i = rng.below(words.len());
                words.remove(i);
            }
            1 => {
                let i = rng.below(words.len() + 1);
                words.insert(i, TOKENS[rng.below(TOKENS.len())].to_string());
            }
            _ => {}
        }
    }
    let mut text = String::new();
    for w in words {
        text.push_str(&w);
        if rng.below(5) != 0 {
            text.push(' ');
        }
    }
    text
}

#[test]
fn random_text_never_panics() {
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    let phases = [PhaseKind::Movement, PhaseKind::Retreat, PhaseKind::Adjustment];
    let mut parsed = 0;
    for _ in 0..500 {
        let text = random_text(&mut rng);
        for phase in phases {
            let with_power = ParseOptions::new(phase).power(power("England"));
            for options in [with_power, ParseOptions::new(phase)] {
                match parse_order(map(), options, &text) {
                    Ok(order) => {
                        parsed += 1;
                        round_trip(phase, &order);
                    }
                    Err(e) => {
                        assert!(e.column >= 1 && e.column <= text.chars().count() + 1, "`{text}`: {e}");
                        let _ = e.to_string();
                    }
                }
            }
        }
    }
    // Enough random text reads as an order for the round trip to be exercised.
    assert!(parsed > 100, "only {parsed} random orders parsed");
}

#[test]
fn a_province_named_after_a_power_is_the_province_not_a_nationality() {
    // Found by the order-text fuzz target's display-then-read check (seed 30001538880):
    // `Supports English Channel` read as England's unit in a province `Channel`, and
    // `Supports Norwegian Sea` (a power Norway elsewhere) as an error.
    let o = movement("A Paris Supports English Channel - Brest");
    let target = UnitSpec { power: None, kind: None, place: place("eng") };
    assert_eq!(o.action, Action::SupportMove { target, to: place("bre") });
    let o = movement("F Brest Supports English Channel");
    assert_eq!(o.action, Action::SupportHold { target: UnitSpec { power: None, kind: None, place: place("eng") } });
    let o = movement("F Brest Convoys English Channel - London");
    assert_eq!(
        o.action,
        Action::Convoy { army: UnitSpec { power: None, kind: None, place: place("eng") }, to: place("lon") }
    );
    // A nationality is still read where the words after it are no province's name.
    let o = movement("F Brest Supports English F English Channel");
    let target = UnitSpec { power: Some(power("England")), kind: Some(F), place: place("eng") };
    assert_eq!(o.action, Action::SupportHold { target });
    let o = movement("F Brest Supports English English Channel");
    let target = UnitSpec { power: Some(power("England")), kind: None, place: place("eng") };
    assert_eq!(o.action, Action::SupportHold { target });
}

/// An order is serialised as it was when it owned its coast texts and path (saved games and
/// JSON keep their shape), and reads back to itself.
#[test]
fn orders_serialise_in_their_written_shape() {
    let o = movement("A Yorkshire(xc) - North Sea - Belgium(zc) via Convoy");
    let json = serde_json::to_string(&o).expect("serialises");
    let (yor, nth, bel) = (prov("yor").0, prov("nth").0, prov("bel").0);
    assert_eq!(
        json,
        format!(
            r#"{{"power":{},"unit":{{"power":null,"kind":"Army","place":{{"province":{yor},"coast":{{"Unknown":"xc"}}}}}},"action":{{"Move":{{"to":{{"province":{bel},"coast":{{"Unknown":"zc"}}}},"via_convoy":true,"path":[{nth}]}}}}}}"#,
            o.power.0
        )
    );
    assert_eq!(serde_json::from_str::<Order>(&json).expect("reads back"), o);

    let o = movement("F Spain(nc) Supports F Brest(xc) - Gascony");
    let json = serde_json::to_string(&o).expect("serialises");
    let back: Order = serde_json::from_str(&json).expect("reads back");
    assert_eq!(back, o);
    assert_eq!(back.unknown_coast(PlaceSlot::Target), Some("xc"));
    assert_eq!(back.unit.place.coast(), Some(CoastSpec::Known(coast("spa", "nc"))));

    // A coast that no map has (location 0 is a province) is refused, not read as none.
    let bad = json.replacen(&format!(r#"{{"Known":{}}}"#, coast("spa", "nc").0), r#"{"Known":0}"#, 1);
    assert_ne!(bad, json);
    let error = serde_json::from_str::<Order>(&bad).expect_err("no coast 0");
    assert!(error.to_string().contains("location 0 cannot be a coast"), "{error}");
}

//! The targets: what each case calls with its input, and what must hold of the answers.

use indexmap::IndexMap;

use dip::batch::{self, Rng};
use dip::map::schema::{
    BuildRule, CalendarDef, CanalDef, CentreRestrictionDef, CoastDef, DifficultBorderDef, LeadDef, PowerDef, PowerRole,
    ProvinceDef, RailroadDef, StartDef, StartUnitDef, Terrain, VariantFile, VictoryDef,
};
use dip::orders::{SourceIndex, read_orders};
use dip::{
    Adjudicator, Arrival, Game, Limits, Map, NameMatching, Notation, OrderSet, ParseOptions, PhaseKind, Position,
    PositionFile, PowerId, Rules, Season, UnitKind, check,
};

use crate::make::{self, Source};
use crate::process::run_dip;
use crate::{Fuzzer, Target};

pub(crate) fn run(fuzzer: &Fuzzer, target: Target, s: &mut Source<'_>) {
    match target {
        Target::OrderText => order_text(fuzzer, s),
        Target::Position => position(fuzzer, s),
        Target::VariantText => variant_text(fuzzer, s),
        Target::VariantData => variant_data(s),
        Target::PositionFile => position_file(fuzzer, s),
        Target::GameJson => game_json(fuzzer, s),
        Target::Render => render(fuzzer, s),
        Target::Stream => stream(fuzzer, s),
        Target::Run => run_saved_game(fuzzer, s),
        Target::Import => import(s),
    }
}

const NOTATIONS: [Notation; 3] = [Notation::Datc, Notation::Judge, Notation::Mila];
const KINDS: [PhaseKind; 3] = [PhaseKind::Movement, PhaseKind::Retreat, PhaseKind::Adjustment];

fn order_text(fuzzer: &Fuzzer, s: &mut Source<'_>) {
    let (index, map) = fuzzer.map(s);
    let text = if s.chance(30) {
        // An order of a position (legal or not) displayed, now and then mutated: orders
        // with coasts, supports, convoys and trains, which words at random rarely make.
        let position = make::position(s, fuzzer, index);
        let order = match dip::legal_orders(map, &position) {
            Ok(choices) if s.chance(50) => choices
                .iter()
                .flat_map(|(_, menu)| menu)
                .nth(s.below(choices.iter().map(|(_, m)| m.len()).sum()))
                .cloned(),
            _ => None,
        };
        let order = order.unwrap_or_else(|| make::order(s, map, &position));
        let shown = order.display_as(map, NOTATIONS[s.below(3)]).to_string();
        if s.chance(30) { make::mutate(s, &shown, &mut |s| make::word(s, map)) } else { shown }
    } else {
        let mut text = String::new();
        for _ in 0..1 + s.below(9) {
            if !text.is_empty() && s.chance(85) {
                text.push(' ');
            }
            text.push_str(&make::word(s, map));
        }
        text
    };
    let mut options = ParseOptions::new(KINDS[s.below(3)]);
    if s.chance(85) {
        options = options.power(make::power(s, map));
    }
    if s.chance(30) {
        options.names = NameMatching::Exact;
    }
    if let Ok(order) = dip::parse_order(map, options, &text) {
        // The parser names only the map's provinces and coasts.
        if options.power.is_none_or(|p| p.index() < map.power_count()) {
            assert!(order.check(map).is_ok(), "`{text}` read as an order with ids the map lacks: {order:?}");
        }
        // Displayed in every notation, an order of the map's ids reads back as itself.
        if order.check(map).is_ok() && order.power.index() < map.power_count() {
            check::display_reads_back(map, options.phase, &order).unwrap_or_else(|v| panic!("`{text}`: {v}"));
        }
        for notation in NOTATIONS {
            let shown = order.display_as(map, notation).to_string();
            let _ = dip::parse_order(map, options, &shown);
        }
    }
    let _ = dip::orders::suggestions(map, &text, 3);
    let _ = dip::orders::interpret_name(map, &text, NameMatching::OneMeaning);
    let _ = dip::parse_unit(map, &text);
    let _ = dip::orders::parse_place_loc(map, if s.chance(50) { UnitKind::Army } else { UnitKind::Fleet }, &text);
    let _ = map.province_by_name(&text);
    let _ = map.power_by_name(&text);
    let _ = text.parse::<dip::Phase>();
}

/// Every entry point that takes a position and orders.
fn position(fuzzer: &Fuzzer, s: &mut Source<'_>) {
    let (index, map) = fuzzer.map(s);
    let position = make::position(s, fuzzer, index);
    // Now and then the position meets another map.
    let (_, other) = fuzzer.map(s);
    let map = if s.chance(8) { other } else { map };
    let orders = make::orders(s, map, &position);
    let rules = make::rules(s);
    exercise(s, map, Names::Embedded, &position, &orders, &rules);
}

/// Whose names a map has: an embedded variant's, which orders displayed read back by, or
/// names made or mutated by the case (which a loader may accept though an order cannot
/// name them: `[]`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Names {
    Embedded,
    Made,
}

/// Calls everything that takes a position and orders, and checks what must hold: every
/// adjudication keeps the invariants of [`dip::check`] (no unit lost or made, one unit a
/// province, retreats only to empty reachable provinces, one result an order), and, where
/// each unit has one order, gives the same outcome whatever the order of the orders;
/// random legal orders display and read back as themselves, and give the same outcome in
/// any order in every kind of phase.
fn exercise(s: &mut Source<'_>, map: &Map, names: Names, position: &Position, orders: &[dip::Order], rules: &Rules) {
    let checked = position.check(map);
    let _ = position.validate(map, rules);
    let held = |what: &str, result: Result<(), check::Violation>| {
        result.unwrap_or_else(|v| panic!("{what} of {} orders in {}: {v}", orders.len(), position.phase));
    };
    if let Ok(outcome) = dip::adjudicate(map, position, orders, rules) {
        assert!(checked.is_ok(), "a position `check` refuses was adjudicated");
        assert!(outcome.position.check(map).is_ok(), "the movement phase made a position of another shape");
        held("the movement", check::movement(map, position, orders, &outcome));
        // The decision trace explains the same outcome, and adds up: the orders given and
        // the moves implied for units without one (`implicit_orders: Allowed`, DATC 4.E.3).
        match dip::explain(map, position, orders, rules) {
            Ok(explanation) => held("the explanation", check::explanation(map, &outcome, &explanation)),
            Err(e) => panic!("adjudicated, yet not explained: {e}"),
        }
        if checked.is_ok() {
            held("the movement's retreats", check::retreat_lists(map, rules, &outcome));
        }
        for d in &outcome.position.dislodged {
            let _ = dip::retreat_options(map, &outcome.position, d, &outcome.contested, rules);
        }
    }
    if let Ok(outcome) = dip::adjudicate_retreats(map, position, orders, rules) {
        assert!(outcome.position.check(map).is_ok());
        held("the retreats", check::retreats(map, position, orders, &outcome));
    }
    if let Ok(outcome) = dip::adjudicate_adjustments(map, position, orders, rules) {
        assert!(outcome.position.check(map).is_ok());
        held("the adjustments", check::adjustments(map, position, orders, &outcome));
    }
    // Any orders, one a unit: their listing does not matter in a movement or retreat phase
    // (in an adjustment phase the first builds a power may make count, by the rules).
    if position.phase.kind != PhaseKind::Adjustment && check::one_order_a_unit(orders) {
        held("the order of orders", check::order_of_orders(map, position, orders, rules, u64::from(s.u16())));
    }
    // The two steps of the adjudicator, asked about the same or other input.
    let mut adjudicator = Adjudicator::new();
    let _ = adjudicator.run(map, position, orders, rules);
    let _ = adjudicator.outcome(map, position, if s.chance(20) { &orders[..orders.len() / 2] } else { orders });
    for u in 0..adjudicator.unit_count() + 2 {
        let _ = (adjudicator.moved(u), adjudicator.dislodged_by(u));
    }
    if let Ok(result) = dip::play_phase(map, position, orders, rules) {
        assert!(result.next.check(map).is_ok());
    }
    if let Ok(choices) = dip::legal_orders(map, position) {
        let mut rng = Rng::new(u64::from(s.u16()));
        let legal = batch::random_orders(map, position, &choices, &mut rng);
        if names == Names::Embedded {
            for order in &legal {
                held("a legal order displayed", check::display_reads_back(map, position.phase.kind, order));
            }
        }
        let seed = rng.next_u64();
        held("the order of legal orders", check::order_of_orders(map, position, &legal, rules, seed));
        if position.phase.kind == PhaseKind::Retreat {
            // Retreats that meet, which random choices rarely make.
            let crowded = check::crowded_retreats(map, &choices);
            if let Ok(outcome) = dip::adjudicate_retreats(map, position, &crowded, rules) {
                held("retreats that meet", check::retreats(map, position, &crowded, &outcome));
            }
            held("the order of retreats that meet", check::order_of_orders(map, position, &crowded, rules, seed));
        }
        if let Ok(result) = dip::play_phase(map, position, &legal, rules) {
            assert!(result.next.check(map).is_ok());
        }
    }
    if let Ok(mut game) = Game::from_position(map.clone(), *rules, position.clone()) {
        let _ = game.play(orders.to_vec());
        let _ = game.winner();
        let _ = game.centre_counts();
    }
    if let Ok(file) = PositionFile::write(map, position, orders) {
        let _ = file.read(map, None);
    }
    for d in &position.dislodged {
        if checked.is_ok() {
            let _ = dip::retreat_options(map, position, d, &[], rules);
        }
    }
    let power = make::power(s, map);
    let _ = dip::adjust::counted_centres(map, position, power);
    let _ = dip::adjust::build_sites(map, position, power);
    let _ = dip::adjust::adjustments_needed(map, position);
    let _ = dip::adjust::removal_precedence(map, position, power, rules);
    dip::adjust::update_ownership(map, &mut position.clone());
    let _ = dip::flying_dutchmen(map, position);
    let _ = dip::remove_flying_dutchmen(map, &mut position.clone(), rules);
    let sets: Vec<OrderSet> = orders
        .chunks(3)
        .map(|c| OrderSet { orders: c.to_vec(), replaces_earlier: s.chance(30), keeps_earlier: s.chance(30) })
        .collect();
    let _ = dip::merge_order_sets(&sets, if s.chance(50) { Arrival::Known } else { Arrival::Unknown }, rules);
    for order in orders {
        let _ = order.check(map);
        for notation in NOTATIONS {
            let _ = order.display_as(map, notation).to_string();
        }
    }
}

/// An embedded variant's text, mutated, loaded and, if it loads, played.
fn variant_text(fuzzer: &Fuzzer, s: &mut Source<'_>) {
    let (_, map) = fuzzer.map(s);
    let Some(&(name, text)) = dip::EMBEDDED_VARIANTS.iter().find(|(n, _)| *n == map.name()) else { return };
    let mut words = |s: &mut Source<'_>| make::word(s, map);
    let text = make::mutate(s, text, &mut words);
    if let Ok(map) = dip::load_str(name, &text) {
        play(s, &map);
    }
}

/// A loaded map played a little: the opening, legal orders, two phases.
fn play(s: &mut Source<'_>, map: &Map) {
    let rules = Rules::of_variant(map).unwrap_or_default();
    let mut position = Position::opening(map);
    assert!(position.check(map).is_ok(), "the opening of a map that loads is of another shape");
    for _ in 0..2 {
        let orders = make::orders(s, map, &position);
        exercise(s, map, Names::Made, &position, &orders, &rules);
        let Ok(choices) = dip::legal_orders(map, &position) else { return };
        let mut rng = Rng::new(u64::from(s.u16()));
        let legal = batch::random_orders(map, &position, &choices, &mut rng);
        match dip::play_phase(map, &position, &legal, &rules) {
            Ok(result) => position = result.next,
            Err(_) => return,
        }
    }
}

/// A small random map as data, built and, if valid, played.
fn variant_data(s: &mut Source<'_>) {
    let n = 1 + s.below(12);
    let name = |s: &mut Source<'_>| if s.chance(95) { format!("p{}", s.below(n)) } else { make::garbage(s) };
    let target = |s: &mut Source<'_>| {
        let mut t = name(s);
        if s.chance(15) {
            t.push_str(["/c0", "/c1", "/xx"][s.below(3)]);
        }
        t
    };
    let mut provinces = Vec::new();
    for i in 0..n {
        let terrain = [Terrain::Land, Terrain::Sea, Terrain::Coast][s.below(3)];
        let army = (0..s.below(4)).map(|_| name(s)).collect();
        let coasts: Vec<CoastDef> = (0..if s.chance(15) { s.below(3) } else { 0 })
            .map(|k| CoastDef {
                abbr: format!("c{k}"),
                name: format!("Coast {k}"),
                fleet: (0..s.below(3)).map(|_| target(s)).collect(),
            })
            .collect();
        let fleet = if coasts.is_empty() { (0..s.below(4)).map(|_| target(s)).collect() } else { Vec::new() };
        provinces.push(ProvinceDef {
            abbr: if s.chance(97) { format!("p{i}") } else { name(s) },
            name: if s.chance(95) { format!("Province {i}") } else { make::garbage(s) },
            aliases: (0..s.below(2)).map(|_| make::garbage(s)).collect(),
            terrain,
            centre: s.chance(40),
            army,
            fleet,
            coasts,
            convoyable: s.chance(10),
            frozen_in: if s.chance(10) {
                vec![if s.chance(50) { Season::Spring } else { Season::Fall }]
            } else {
                vec![]
            },
        });
    }
    // Borders both ways, mostly, so that many maps load.
    if s.chance(70) {
        let army: Vec<(usize, String)> =
            provinces.iter().enumerate().flat_map(|(i, p)| p.army.iter().map(move |t| (i, t.clone()))).collect();
        for (i, t) in army {
            if let Some(j) = t.strip_prefix('p').and_then(|k| k.parse::<usize>().ok()).filter(|&j| j < n) {
                let back = format!("p{i}");
                if !provinces[j].army.contains(&back) {
                    provinces[j].army.push(back);
                }
            }
        }
    }
    let powers: Vec<PowerDef> = (0..s.below(5))
        .map(|k| PowerDef {
            name: format!("Power{k}"),
            adjective: format!("Power{k}ish"),
            short: format!("P{k}"),
            homes: (0..s.below(3)).map(|_| name(s)).collect(),
            role: if s.chance(15) { PowerRole::Neutral { rebuilds: s.chance(50) } } else { PowerRole::Player },
        })
        .collect();
    let power_name = |s: &mut Source<'_>| if s.chance(90) { format!("Power{}", s.below(5)) } else { make::garbage(s) };
    let units = (0..s.below(5))
        .map(|_| StartUnitDef {
            power: power_name(s),
            kind: if s.chance(50) { UnitKind::Army } else { UnitKind::Fleet },
            at: target(s),
        })
        .collect();
    let mut rules = std::collections::BTreeMap::new();
    if s.chance(20) {
        let issue = dip::map::rules::ISSUES[s.below(dip::map::rules::ISSUES.len())];
        rules.insert(if s.chance(80) { issue.to_string() } else { make::garbage(s) }, make::garbage(s));
    }
    let def = VariantFile {
        name: "fuzz".into(),
        title: "Fuzz".into(),
        description: String::new(),
        powers,
        provinces,
        start: StartDef {
            season: if s.chance(50) { Season::Spring } else { Season::Fall },
            year: if s.chance(90) { 1901 } else { s.u16() },
            units,
            extra_owned: (0..s.below(2)).map(|_| (name(s), power_name(s))).collect(),
            owners: if s.chance(10) { Some((0..s.below(3)).map(|_| (name(s), power_name(s))).collect()) } else { None },
        },
        victory: VictoryDef {
            centres: if s.chance(80) { 1 + s.below(3) as u16 } else { s.u16() },
            lead: if s.chance(10) {
                Some(LeadDef { year: s.u16(), centres: s.below(4) as u16, less_each_year: s.u16(), at_least: s.u16() })
            } else {
                None
            },
        },
        calendar: if s.chance(15) {
            CalendarDef { years_to_fall: s.below(6) as u16, years_to_spring: s.below(6) as u16 }
        } else if s.chance(5) {
            CalendarDef { years_to_fall: s.u16(), years_to_spring: s.u16() }
        } else {
            CalendarDef::default()
        },
        build_rule: if s.chance(50) { BuildRule::HomeCentres } else { BuildRule::AnyOwnedCentre },
        rules,
        railroads: (0..if s.chance(15) { 1 + s.below(2) } else { 0 })
            .map(|k| RailroadDef {
                name: format!("Rail {k}"),
                short: format!("R{k}X"),
                power: power_name(s),
                stations: (0..s.below(5)).map(|_| name(s)).collect(),
            })
            .collect(),
        canals: (0..if s.chance(15) { 1 } else { 0 })
            .map(|_| CanalDef {
                name: "Canal".into(),
                short: "CNL".into(),
                between: (name(s), name(s)),
                keeper: name(s),
            })
            .collect(),
        difficult_borders: (0..if s.chance(15) { 1 } else { 0 })
            .map(|_| DifficultBorderDef { between: (name(s), name(s)), strength_cost: s.u8() })
            .collect(),
        one_way_borders: (0..if s.chance(15) { 1 + s.below(3) } else { 0 }).map(|_| (target(s), target(s))).collect(),
        centre_restrictions: (0..if s.chance(15) { 1 } else { 0 })
            .map(|_| CentreRestrictionDef {
                centre: name(s),
                power: power_name(s),
                may_build: s.chance(50),
                counts: s.chance(50),
            })
            .collect(),
    };
    if let Ok(map) = dip::map::VariantBuilder::new(def).build() {
        play(s, &map);
    }
}

/// Position files: an example's text mutated, or a file made of the map's names; read as
/// RON or JSON under random rules and caps, then played.
fn position_file(fuzzer: &Fuzzer, s: &mut Source<'_>) {
    let standard = fuzzer.maps.iter().find(|m| m.name() == "standard");
    let (text, map) = match (s.pick(&fuzzer.position_texts), standard) {
        (Some(text), Some(map)) if s.chance(60) => (text.to_string(), map),
        _ => {
            let (_, map) = fuzzer.map(s);
            (made_up_file(s, map), map)
        }
    };
    let mut words = |s: &mut Source<'_>| make::word(s, map);
    let json = s.chance(30);
    let text = if json {
        // The same file as JSON (when it reads as RON at all), then mutated.
        let parsed: Option<PositionFile> = ron_options().from_str(&text).ok();
        let json = parsed.and_then(|f| serde_json::to_string_pretty(&f).ok()).unwrap_or_default();
        make::mutate(s, &json, &mut words)
    } else {
        make::mutate(s, &text, &mut words)
    };
    let file: Option<PositionFile> =
        if json { serde_json::from_str(&text).ok() } else { ron_options().from_str(&text).ok() };
    let Some(file) = file else { return };
    let rules = make::rules(s);
    let limits = if s.chance(20) {
        Limits { max_orders: s.below(30), max_line_bytes: s.below(60), ..Limits::DEFAULT }
    } else {
        Limits::DEFAULT
    };
    let _ = file.read(map, Some(&text));
    if let Ok((position, lines)) = file.read_with(map, Some(&text), &rules, &limits) {
        // What a strict reader accepts is a valid position.
        position.validate(map, &rules).unwrap_or_else(|e| panic!("a position file read but is invalid: {e}"));
        let orders: Vec<dip::Order> = lines.iter().filter_map(|l| l.parsed.as_ref().ok().cloned()).collect();
        exercise(s, map, Names::Embedded, &position, &orders, &rules);
    }
    // The orders of a file read as `dip run` reads an orders file.
    let mut index = SourceIndex::new(&text);
    let group: IndexMap<String, Vec<String>> = file.orders.clone();
    let _ = read_orders(map, KINDS[s.below(3)], &group, &mut index, &limits);
}

fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// A position file of the map's names (and others): units, dislodged units, centres,
/// contested provinces, orders, rules.
fn made_up_file(s: &mut Source<'_>, map: &Map) -> String {
    let phase = make::phase(s, map);
    let mut file =
        PositionFile { variant: map.name().into(), phase: Some(phase.to_string()), ..PositionFile::default() };
    if s.chance(10) {
        file.phase = Some(make::garbage(s));
    }
    let power_name = |s: &mut Source<'_>| {
        if s.chance(90) { map.power(PowerId(s.below(map.power_count()) as u8)).name.clone() } else { make::garbage(s) }
    };
    let unit = |s: &mut Source<'_>| format!("{} {}", ["A", "F"][s.below(2)], make::word(s, map));
    for _ in 0..s.below(8) {
        let units = (0..s.below(5)).map(|_| unit(s)).collect();
        file.units.insert(power_name(s), units);
    }
    if phase.kind == PhaseKind::Retreat || s.chance(10) {
        for _ in 0..s.below(3) {
            let entries = (0..1 + s.below(2))
                .map(|_| dip::orders::DislodgedEntry {
                    unit: unit(s),
                    attacked_from: make::word(s, map),
                    by_convoy: s.chance(20),
                    retreats: if s.chance(50) {
                        Some((0..s.below(3)).map(|_| make::word(s, map)).collect())
                    } else {
                        None
                    },
                })
                .collect();
            file.dislodged.insert(power_name(s), entries);
        }
        file.contested = (0..s.below(2)).map(|_| make::word(s, map)).collect();
    }
    if s.chance(50) {
        let mut centres = IndexMap::new();
        for _ in 0..s.below(5) {
            centres.insert(power_name(s), (0..s.below(4)).map(|_| make::word(s, map)).collect());
        }
        file.centres = Some(centres);
    }
    for _ in 0..s.below(6) {
        let orders = (0..s.below(5))
            .map(|_| (0..1 + s.below(6)).map(|_| make::word(s, map)).collect::<Vec<_>>().join(" "))
            .collect();
        file.orders.insert(power_name(s), orders);
    }
    if s.chance(10) {
        file.rules
            .insert(["4.A.2", "4.Z.9", "4.A.5"][s.below(3)].into(), ["a", "b", "szykman", "bogus"][s.below(4)].into());
    }
    let config = ron::ser::PrettyConfig::new().extensions(ron::extensions::Extensions::IMPLICIT_SOME);
    ron::ser::to_string_pretty(&file, config).unwrap_or_default()
}

/// Saved games, mutated: read, rebuilt as a game, written back, replayed. A game that
/// loads (strictly), written again, must read back as the same game and replay agreeing
/// on every phase; so must a game dip plays with random legal orders on any map.
fn game_json(fuzzer: &Fuzzer, s: &mut Source<'_>) {
    if s.chance(20) {
        let (_, map) = fuzzer.map(s);
        let mut game = Game::new(map.clone(), make::rules(s));
        let mut rng = Rng::new(u64::from(s.u16()));
        for _ in 0..s.below(16) {
            let Ok(choices) = dip::legal_orders(map, game.position()) else { break };
            let orders = batch::random_orders(map, game.position(), &choices, &mut rng);
            if game.winner().is_some() || game.play(orders).is_err() {
                break;
            }
        }
        check::saved_game_round_trip(&game, "played")
            .unwrap_or_else(|v| panic!("a game dip played on {}: {v}", map.name()));
        return;
    }
    // The recorded game is long; it is the base one case in ten.
    let base = if s.chance(10) {
        fuzzer.games.last()
    } else {
        fuzzer.games.get(s.below(fuzzer.games.len().saturating_sub(1)))
    };
    let Some(base) = base else { return };
    let standard = fuzzer.maps.iter().find(|m| m.name() == "standard");
    let Some(standard) = standard else { return };
    let mut words = |s: &mut Source<'_>| match s.below(3) {
        0 => ["S1901M", "F1901R", "W1901A", "S65535M", "X1901M", "F1901M", "A", "F", "ENGLAND"][s.below(9)].to_string(),
        1 => make::word(s, standard).to_uppercase(),
        _ => make::word(s, standard),
    };
    let text = make::mutate(s, base, &mut words);
    for game in dip::formats::saved::parse_games(&text).into_iter().flatten() {
        let Ok(map) = dip::variant(&game.map) else { continue };
        let _ = dip::formats::saved::saved_rules(&map, &game);
        if let Ok(played) = Game::from_saved_game(map.clone(), &game) {
            check::saved_game_round_trip(&played, "again").unwrap_or_else(|v| panic!("a saved game read: {v}"));
        }
        let rules = Rules::default();
        let _ = dip::formats::replay_game(&map, &game, |position, orders| {
            dip::play_phase(&map, position, &orders, &rules).map(|r| r.next).map_err(|e| e.to_string())
        });
    }
}

/// A position of the map, with orders and what they did, drawn: on the map's own board,
/// on a geometry file mutated, or as a schematic. What must hold: the picture is one SVG
/// document that reads back (no text of the input, a hostile colour or name, breaks out
/// of its attribute), and a PNG is made or refused, never too large.
fn render(fuzzer: &Fuzzer, s: &mut Source<'_>) {
    let (index, map) = fuzzer.map(s);
    let position = make::position(s, fuzzer, index);
    let orders = make::orders(s, map, &position);
    let outcome = dip::play_phase(map, &position, &orders, &make::rules(s)).ok().map(|r| r.outcome);
    let board = match s.below(10) {
        0..=4 => dip_render::Board::new(map),
        5 | 6 => dip_render::Board::schematic(map),
        _ => {
            let Some(geometry) = s.pick(dip_render::embedded_geometry()) else { return };
            let geometry = mutated_geometry(s, map, geometry.clone());
            match dip_render::Board::with_geometry(map, &geometry) {
                Ok(board) => board,
                Err(e) => {
                    assert!(!e.to_string().is_empty());
                    return;
                }
            }
        }
    };
    let mut scene = dip_render::Scene::new(&position).orders(&orders);
    if let Some(outcome) = &outcome {
        scene = scene.outcome(outcome);
    }
    let title = if s.chance(50) { make::garbage(s) } else { "<b>&amp;</script>\"' ]]>".to_string() };
    if s.chance(30) {
        scene = scene.title(&title);
    }
    let svg = board.svg(&scene);
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "a picture that is not one SVG document");
    if s.chance(5) {
        let html = dip_render::viewer_html(&board, &title, &[scene.frame(), scene.frame()]);
        assert!(html.starts_with("<!DOCTYPE html>"));
    }
    if s.chance(3) {
        // A small picture reads the SVG back first: dip's own must read.
        if let Err(e) = dip_render::png(&svg, 0.02) {
            panic!("dip's own SVG does not read back: {e}");
        }
        let scale = [0.02, 0.05, 0.1, 0.0, -1.0, f32::NAN, f32::INFINITY, 1e9][s.below(8)];
        match dip_render::png(&svg, scale) {
            Ok(png) => assert!(scale > 0.0 && png.starts_with(b"\x89PNG")),
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
}

/// A geometry file changed in a few places: provinces dropped, doubled or renamed, shapes
/// of garbage or of extreme numbers, points and sizes not finite or huge, colours and
/// names of markup.
fn mutated_geometry(s: &mut Source<'_>, map: &Map, mut g: dip_render::GeometryFile) -> dip_render::GeometryFile {
    let odd = |s: &mut Source<'_>| [f32::NAN, f32::INFINITY, -1e30, 1e30, 0.0, -5.0, 1e-30][s.below(7)];
    for _ in 0..1 + s.below(4) {
        let n = g.provinces.len();
        match s.below(9) {
            0 if n > 0 => {
                g.provinces.remove(s.below(n));
            }
            1 if n > 0 => {
                let copy = g.provinces[s.below(n)].clone();
                g.provinces.push(copy);
            }
            2 if n > 0 => {
                let i = s.below(n);
                g.provinces[i].abbr = if s.chance(50) { make::word(s, map) } else { make::garbage(s) };
            }
            3 if n > 0 => {
                let i = s.below(n);
                g.provinces[i].shape = match s.below(3) {
                    0 => make::garbage(s),
                    1 => format!("M{0},{0}L1e38,1e38L-1e38,{0}Z", s.u16()),
                    _ => "\"/><script>alert(1)</script><path d=\"M0,0".into(),
                };
            }
            4 if n > 0 => {
                let i = s.below(n);
                let point = dip_render::Point::new(odd(s), odd(s));
                match s.below(3) {
                    0 => g.provinces[i].label = point,
                    1 => g.provinces[i].unit = point,
                    _ => g.provinces[i].coasts.push((make::garbage(s), point)),
                }
            }
            5 => g.width = odd(s),
            6 => g.height = odd(s),
            7 => {
                let power = map.powers().next().map(|p| map.power(p).name.clone()).unwrap_or_default();
                let colour = ["#zzzzzz", "\"><script>", "red", "#12345", "#0000ff"][s.below(5)].to_string();
                g.colours.push((if s.chance(70) { power } else { make::garbage(s) }, colour));
            }
            _ => g.impassable.push(dip_render::ImpassableGeometry {
                name: make::garbage(s),
                shape: make::garbage(s),
                label: s.chance(50).then(|| dip_render::Point::new(odd(s), odd(s))),
            }),
        }
    }
    g
}

/// A JSON string of `text`.
fn json_string(text: &str) -> String {
    serde_json::Value::String(text.to_string()).to_string()
}

/// A variant name as a hostile client writes one: a real name, a path, or anything.
fn variant_name(s: &mut Source<'_>, map: &Map) -> String {
    match s.below(8) {
        0 => "variants/standard.ron".into(),
        1 => "../../etc/passwd".into(),
        2 => "/dev/zero".into(),
        3 => make::garbage(s),
        _ => map.name().to_string(),
    }
}

/// A list of `n` JSON strings made by `make`.
fn json_list(s: &mut Source<'_>, n: usize, make: &mut dyn FnMut(&mut Source<'_>) -> String) -> String {
    let items: Vec<String> = (0..n).map(|_| json_string(&make(s))).collect();
    format!("[{}]", items.join(","))
}

/// One request line for `dip serve --stdio`: a position or saved-game request of the
/// map's words with hostile parts (a path for a variant, a huge or structured `id`, keys
/// twice, empty units by the thousand, long lines), a saved game mutated, or bytes.
fn request_line(fuzzer: &Fuzzer, s: &mut Source<'_>) -> String {
    let (_, map) = fuzzer.map(s);
    let powers: Vec<String> = map.powers().map(|p| map.power(p).name.clone()).collect();
    let power = |s: &mut Source<'_>| s.pick(&powers).cloned().unwrap_or_default();
    let id = match s.below(6) {
        0 => format!("{}", s.u16()),
        1 => json_string(&"i".repeat(if s.chance(20) { 2000 } else { 10 })),
        2 => r#"{"a": [1, 2, {"b": null}], "a": 2}"#.to_string(),
        3 => "null".into(),
        _ => json_string(&make::garbage(s)),
    };
    let line = match s.below(10) {
        0..=5 => {
            let mut units = Vec::new();
            for _ in 0..1 + s.below(4) {
                let n = if s.chance(3) { 5000 + s.below(50_000) } else { s.below(6) };
                let list = json_list(s, n, &mut |s| if s.chance(50) { make::word(s, map) } else { String::new() });
                units.push(format!("{}: {list}", json_string(&power(s))));
            }
            let mut orders = Vec::new();
            for _ in 0..s.below(4) {
                let n = if s.chance(3) { 2000 + s.below(20_000) } else { s.below(5) };
                let list = json_list(s, n, &mut |s| {
                    let words: Vec<String> = (0..1 + s.below(5)).map(|_| make::word(s, map)).collect();
                    words.join(" ")
                });
                orders.push(format!("{}: {list}", json_string(&power(s))));
            }
            let phase = match s.below(4) {
                0 => String::new(),
                1 => format!(r#", "phase": {}"#, json_string(&make::garbage(s))),
                _ => r#", "phase": "Spring 1901 Movement""#.to_string(),
            };
            let mut extra = String::new();
            if s.chance(20) {
                extra.push_str(&format!(r#", "rules": {}"#, json_string(&variant_name(s, map))));
            }
            if s.chance(15) {
                extra.push_str(&format!(r#", "options": [{}]"#, json_string(&make::garbage(s))));
            }
            if s.chance(15) {
                extra
                    .push_str(&format!(r#", "notation": {}"#, json_string(["mila", "judge", "datc", "x"][s.below(4)])));
            }
            format!(
                r#"{{"id": {id}, "position": {{"variant": {}{phase}, "units": {{{}}}, "orders": {{{}}}}}{extra}}}"#,
                json_string(&variant_name(s, map)),
                units.join(", "),
                orders.join(", ")
            )
        }
        6 | 7 => {
            let Some(game) = s.pick(&fuzzer.games) else { return "{}".into() };
            let game = if s.chance(50) {
                let Some(standard) = fuzzer.maps.iter().find(|m| m.name() == "standard") else { return "{}".into() };
                make::mutate(s, game, &mut |s| make::word(s, standard))
            } else {
                game.clone()
            };
            let orders = if s.chance(50) {
                format!(r#", "orders": {{{}: ["A PAR - BUR"], "FRANCE": []}}"#, json_string(&power(s).to_uppercase()))
            } else {
                String::new()
            };
            format!(r#"{{"id": {id}, "game": {game}{orders}}}"#)
        }
        8 => {
            let good =
                format!(r#"{{"id": {id}, "position": {{"variant": "standard", "units": {{"France": ["A Paris"]}}}}}}"#);
            make::mutate(s, &good, &mut |s| make::garbage(s))
        }
        _ => make::garbage(s),
    };
    // One request a line: the line's breaks made spaces, and never a blank line (which the
    // stream passes over without an answer).
    let line = line.replace(['\n', '\r'], " ");
    if line.trim().is_empty() { format!("x{line}") } else { line }
}

/// A request line fed to the running `dip serve --stdio`: exactly one answer must come,
/// one JSON object naming the request's line, `ok` true or false, with an `error` when
/// false; the server must not die, hang or pass its memory limit.
fn stream(fuzzer: &Fuzzer, s: &mut Source<'_>) {
    let request = request_line(fuzzer, s);
    let program = fuzzer.program.as_deref().unwrap_or_else(|why| panic!("{why}"));
    let (line, answer) = fuzzer.stream.ask(program, &request).unwrap_or_else(|why| {
        let start: String = request.chars().take(300).collect();
        panic!("{why}; the request ({} bytes) began {start:?}", request.len())
    });
    let answer: serde_json::Value =
        serde_json::from_str(&answer).unwrap_or_else(|e| panic!("an answer that is not JSON ({e}): {answer:?}"));
    assert_eq!(answer["line"], serde_json::json!(line), "an answer for another line: {answer}");
    match answer["ok"] {
        serde_json::Value::Bool(true) => assert!(answer.get("results").is_some(), "ok without results: {answer}"),
        serde_json::Value::Bool(false) => {
            assert!(answer["error"].as_str().is_some_and(|e| !e.is_empty()), "a refusal without why: {answer}")
        }
        _ => panic!("an answer without `ok`: {answer}"),
    }
}

/// A saved game, mutated, carried through `dip run` with an orders file of the map's
/// words: `dip run` must end with 0 (then the game it wrote reads back as a saved game),
/// 1 or 2 with a message, never by a signal, a panic (101) or the memory limit.
fn run_saved_game(fuzzer: &Fuzzer, s: &mut Source<'_>) {
    let Some(standard) = fuzzer.maps.iter().find(|m| m.name() == "standard") else { return };
    let Some(game) = s.pick(&fuzzer.games) else { return };
    let mut words = |s: &mut Source<'_>| match s.below(3) {
        0 => ["S1901M", "F1901R", "W1901A", "COMPLETED", "S0M", "F1901M", "null", "ENGLAND"][s.below(8)].to_string(),
        1 => make::word(s, standard).to_uppercase(),
        _ => make::word(s, standard),
    };
    let game = if s.chance(85) { make::mutate(s, game, &mut words) } else { game.clone() };
    let phase =
        ["Spring 1901 Movement", "Fall 1901 Movement", "Winter 1901 Adjustment", "S1902M", "nowhen"][s.below(5)];
    let mut orders = Vec::new();
    let powers: Vec<String> = standard.powers().map(|p| standard.power(p).name.clone()).collect();
    for _ in 0..s.below(4) {
        let power = if s.chance(90) { s.pick(&powers).cloned().unwrap_or_default() } else { make::garbage(s) };
        let list: Vec<String> = (0..s.below(4))
            .map(|_| {
                let words: Vec<String> = (0..1 + s.below(5)).map(|_| make::word(s, standard)).collect();
                json_string(&words.join(" "))
            })
            .collect();
        orders.push(format!("{}: [{}]", json_string(&power), list.join(", ")));
    }
    let orders = format!("{{{}: {{{}}}}}", json_string(phase), orders.join(", "));
    let folder = std::env::temp_dir().join(format!("dip-fuzz-{}-{}", std::process::id(), s.u16()));
    if std::fs::create_dir_all(&folder).is_err() {
        return;
    }
    let (game_path, orders_path, out_path) =
        (folder.join("game.json"), folder.join("orders.json"), folder.join("out.json"));
    let written = std::fs::write(&game_path, &game).and_then(|()| std::fs::write(&orders_path, &orders));
    let result = written.map_err(|e| e.to_string()).and_then(|()| {
        let paths = [&game_path, &orders_path, &out_path].map(|p| p.to_string_lossy().into_owned());
        let program = fuzzer.program.as_deref().map_err(Clone::clone)?;
        run_dip(program, &["run", &paths[0], &paths[1], "--format", "saved-game", "--out", &paths[2]])
    });
    let out = std::fs::read_to_string(&out_path);
    let _ = std::fs::remove_dir_all(&folder);
    let outcome = result.unwrap_or_else(|why| panic!("{why}"));
    match outcome.code {
        Some(0) => {
            let out = out.unwrap_or_else(|e| panic!("dip run ended well but wrote no game: {e}"));
            let games = dip::formats::saved::parse_games(&out);
            assert!(!games.is_empty() && games.iter().all(Result::is_ok), "dip run wrote a game it cannot read back");
            // What dip wrote loads strictly, and is the same game written and read again.
            for game in games.into_iter().flatten() {
                let map = dip::variant(&game.map).unwrap_or_else(|e| panic!("dip run wrote a game of no variant: {e}"));
                let loaded = Game::from_saved_game(map, &game).unwrap_or_else(|errors| {
                    let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
                    panic!("dip run wrote a game it does not load: {}", errors.join("; "))
                });
                check::saved_game_round_trip(&loaded, &game.id)
                    .unwrap_or_else(|v| panic!("the game dip run wrote: {v}"));
            }
        }
        Some(1 | 2) => assert!(!outcome.stderr.trim().is_empty(), "dip run failed without a word"),
        code => panic!("dip run ended with {code:?}: {}", outcome.stderr.chars().take(500).collect::<String>()),
    }
}

/// The importer's test maps (DPjudge's, under their licence beside them), by file name.
const DPJUDGE_FILES: [(&str, &str); 7] = [
    ("standard.map", include_str!("../../import/tests/maps/dpjudge/standard.map")),
    ("standard.geography", include_str!("../../import/tests/maps/dpjudge/standard.geography")),
    ("standard.politics", include_str!("../../import/tests/maps/dpjudge/standard.politics")),
    ("standard.military", include_str!("../../import/tests/maps/dpjudge/standard.military")),
    ("loeb9.map", include_str!("../../import/tests/maps/dpjudge/loeb9.map")),
    ("chaos.map", include_str!("../../import/tests/maps/dpjudge/chaos.map")),
    ("1898.map", include_str!("../../import/tests/maps/dpjudge/1898.map")),
];

/// A DPjudge map imported: one of the test maps or an include of it mutated, now and then
/// made to include itself, another file twice, or a chain of files each including the
/// next twice. What must hold: the import ends (the caps on includes bound it), with a
/// variant that loads or an error that says why; the resolver is asked a bounded number
/// of times.
fn import(s: &mut Source<'_>) {
    const WORDS: [&str; 14] =
        ["USE", "MAP", "AMEND", "DROP", "UNPLAYED", "UNOWNED", "BUILD_ANY", "-", "->", "<-", "=", "COAST", "ICE", "\n"];
    let Some(&(name, _)) = s.pick(&DPJUDGE_FILES[..]) else { return };
    let changed = s.pick(&DPJUDGE_FILES[..]).map(|&(n, _)| n).unwrap_or(name);
    let mut words = |s: &mut Source<'_>| match s.below(3) {
        0 => WORDS[s.below(WORDS.len())].to_string(),
        1 => DPJUDGE_FILES[s.below(DPJUDGE_FILES.len())].0.to_string(),
        _ => make::garbage(s),
    };
    let files: Vec<(String, String)> = DPJUDGE_FILES
        .iter()
        .map(|&(n, text)| {
            let text = if n == changed && s.chance(85) { make::mutate(s, text, &mut words) } else { text.to_string() };
            (n.to_string(), text)
        })
        .collect();
    // A chain of `deep` files, each including the next twice (`chain0.map` is the first).
    let deep = if s.chance(10) { 1 + s.below(40) } else { 0 };
    let text = |n: &str| -> Option<String> {
        if let Some(i) =
            n.strip_prefix("chain").and_then(|r| r.strip_suffix(".map")).and_then(|i| i.parse::<usize>().ok())
        {
            return Some(if i + 1 < deep {
                format!("USE chain{0}.map\nUSE chain{0}.map\n", i + 1)
            } else {
                String::new()
            });
        }
        files.iter().find(|(file, _)| file == n).map(|(_, t)| t.clone())
    };
    let mut asked = 0usize;
    let mut resolve = |_from: &str, included: &str| -> Result<(String, String), String> {
        asked += 1;
        text(included).map(|t| (included.to_string(), t)).ok_or_else(|| format!("no file `{included}`"))
    };
    let start = if deep > 0 { "chain0.map".to_string() } else { name.to_string() };
    let Some(main_text) = text(&start) else { return };
    let limits = dip_import::IncludeLimits::DEFAULT;
    match dip_import::import_str_with(&start, &main_text, &mut resolve, &limits) {
        Ok(import) => assert!(dip::map::VariantBuilder::new(import.variant).build().is_ok()),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    assert!(asked <= limits.max_includes + 1, "the resolver was asked {asked} times");
}

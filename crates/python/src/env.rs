//! The engine side of `dip.env`, the PettingZoo environment: a fixed vocabulary of each
//! map's orders, made once per map, and a game that fills, phase by phase, the board
//! tensor and the legal actions of every power as flat bytes for numpy, and plays the
//! phase from arrays of indices into the vocabulary.
//!
//! Nothing here decides what is legal or what happens: the legal actions are the
//! engine's listing ([`dip::LegalOrders`]) looked up in the vocabulary, and the phase is
//! played by [`dip::play_phase_with`]. The Python side (`python/dip/env.py`) only builds
//! numpy views and PettingZoo's dicts around these bytes.

use std::sync::{Arc, Mutex};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use dip::{
    LegalAction, LegalOrder, LocId, Map, Order, ParseOptions, PhaseKind, Position, PowerId, ProvinceId, Rules, Terrain,
    UnitKind,
};

use crate::convert::{adjudication_error, position_error, rule_items, rules_for};
use crate::core::PyPosition;
use crate::{DipError, ParseError};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<EnvCore>()?;
    Ok(())
}

/// The fixed vocabulary of one map's orders: every order a unit of the map could ever be
/// given (a superset of what the engine ever lists), grouped by the province of the unit
/// ordered (for a build, of the unit built), each province's sorted by [`order_key`].
///
/// Per unit placement (a unit type at a location where it may stand): hold; a move to
/// each place its type borders; an army on a coast, a move by convoy to every other
/// coastal province; an army at a railroad's station, a move along it to each other
/// station; a support of the hold of any unit in a province it borders; a support of the
/// move of any unit that could reach such a province (by a border, by convoy between
/// coasts or along a railroad) into it; a fleet that may convoy (at sea or on a
/// convoyable coast), a convoy of an army from every coastal province to every other;
/// a retreat to each place it borders; a disband; a removal; and, in a supply centre, a
/// build. A waive names no province and is not in the vocabulary: not building is
/// choosing no order.
#[derive(Debug)]
pub struct Vocabulary {
    /// Province `p`'s orders are `starts[p]..starts[p + 1]`.
    starts: Vec<u32>,
    /// The sort key of each order ([`order_key`]): a province's are found by binary search.
    keys: Vec<u64>,
    /// Each order, for power 0 (the power ordering is set when it is given).
    orders: Vec<LegalOrder>,
}

/// The sort key of an order: unit type (armies first), unit location, kind of order
/// (hold, move, move by railroad, move by convoy, support, convoy, retreat, disband,
/// build, remove), then its targets: as bits, the type in bit 54, the location in bits
/// 38–53, the kind in 34–37, the first target in 17–33 and the second in 0–16. A
/// support's first target is the supported unit (its location, then its type in the low
/// bit), its second 0 for a support of its hold or the province it moves to plus 1.
///
/// This is the order the engine lists a unit's orders in (hold, moves, moves by railroad
/// and by convoy, then for each unit supported in the order of the board its hold and its
/// moves province by province, then convoys army by army), but for moves, which follow
/// the map's borders: so the lookup of a listing gallops forward.
fn order_key(kind: UnitKind, loc: LocId, action: LegalAction) -> u64 {
    let fleet = |kind: UnitKind| u64::from(kind == UnitKind::Fleet);
    let unit = |kind: UnitKind, at: LocId| u64::from(at.0) << 1 | fleet(kind);
    let (tag, first, second): (u64, u64, u64) = match action {
        LegalAction::Hold => (0, 0, 0),
        LegalAction::Move { to } => (1, u64::from(to.0), 0),
        LegalAction::Rail { railroad, to } => (2, u64::from(railroad), u64::from(to.0)),
        LegalAction::MoveByConvoy { to } => (3, u64::from(to.0), 0),
        LegalAction::SupportHold { target, at } => (4, unit(target, at), 0),
        LegalAction::SupportMove { target, at, to } => (4, unit(target, at), u64::from(to.0) + 1),
        LegalAction::Convoy { army, to } => (5, u64::from(army.0), u64::from(to.0)),
        LegalAction::Retreat { to } => (6, u64::from(to.0), 0),
        LegalAction::Disband => (7, 0, 0),
        LegalAction::Build => (8, 0, 0),
        LegalAction::Remove => (9, 0, 0),
        LegalAction::Waive => (10, 0, 0),
    };
    fleet(kind) << 54 | u64::from(loc.0) << 38 | tag << 34 | first << 17 | second
}

/// The location itself when it is a coast of a multi-coast province.
fn coast_of(map: &Map, loc: LocId) -> Option<LocId> {
    (loc.index() >= map.province_count()).then_some(loc)
}

/// Where a unit of `kind` at `loc` may move by a border.
fn destinations(map: &Map, kind: UnitKind, loc: LocId) -> Vec<LocId> {
    match kind {
        UnitKind::Army => map.army_neighbours(map.province_of(loc)).iter().map(|&p| map.main_loc(p)).collect(),
        UnitKind::Fleet => map.fleet_neighbours(loc).to_vec(),
    }
}

impl Vocabulary {
    fn new(map: &Map) -> Self {
        let placements: Vec<(UnitKind, LocId)> = map
            .locations()
            .flat_map(|loc| [UnitKind::Army, UnitKind::Fleet].map(|kind| (kind, loc)))
            .filter(|&(kind, loc)| map.unit_loc(kind, map.province_of(loc), coast_of(map, loc)) == Some(loc))
            .collect();
        let mut in_province: Vec<Vec<(UnitKind, LocId)>> = vec![Vec::new(); map.province_count()];
        for &(kind, loc) in &placements {
            in_province[map.province_of(loc).index()].push((kind, loc));
        }
        let coastal: Vec<ProvinceId> = map.provinces().filter(|&p| map.province(p).terrain == Terrain::Coast).collect();
        let is_coastal = |p: ProvinceId| map.province(p).terrain == Terrain::Coast;
        // Whether a unit could ever move from `loc` into `to`: by a border, by convoy
        // between coasts, or along a railroad.
        let could_reach = |kind: UnitKind, loc: LocId, to: ProvinceId| {
            let from = map.province_of(loc);
            map.reaches(kind, loc, to)
                || (kind == UnitKind::Army && is_coastal(from) && is_coastal(to) && from != to)
                || (kind == UnitKind::Army
                    && map.railroads().iter().any(|r| r.stations.contains(&from) && r.stations.contains(&to)))
        };
        let mut entries: Vec<(ProvinceId, u64, LegalOrder)> = Vec::new();
        for &(kind, loc) in &placements {
            let here = map.province_of(loc);
            let mut add = |action: LegalAction| {
                let order = LegalOrder { power: PowerId(0), unit: Some((kind, loc)), action };
                entries.push((here, order_key(kind, loc, action), order));
            };
            add(LegalAction::Hold);
            let moves = destinations(map, kind, loc);
            for &to in &moves {
                add(LegalAction::Move { to });
                add(LegalAction::Retreat { to });
            }
            if kind == UnitKind::Army && is_coastal(here) {
                for &to in coastal.iter().filter(|&&to| to != here) {
                    add(LegalAction::MoveByConvoy { to });
                }
            }
            if kind == UnitKind::Army {
                for (r, railroad) in map.railroads().iter().enumerate() {
                    if railroad.stations.contains(&here) {
                        let railroad_index = u8::try_from(r).unwrap_or(u8::MAX);
                        for &to in railroad.stations.iter().filter(|&&s| s != here) {
                            add(LegalAction::Rail { railroad: railroad_index, to });
                        }
                    }
                }
            }
            let mut reach: Vec<ProvinceId> = moves.iter().map(|&l| map.province_of(l)).collect();
            reach.sort_unstable();
            reach.dedup();
            for &into in &reach {
                for &(target, at) in &in_province[into.index()] {
                    add(LegalAction::SupportHold { target, at });
                }
            }
            for &into in &reach {
                for &(target, at) in &placements {
                    let from = map.province_of(at);
                    if from != into && from != here && could_reach(target, at, into) {
                        add(LegalAction::SupportMove { target, at, to: into });
                    }
                }
            }
            if kind == UnitKind::Fleet && map.can_convoy(here) {
                for &from in &coastal {
                    for &to in coastal.iter().filter(|&&to| to != from) {
                        add(LegalAction::Convoy { army: map.main_loc(from), to });
                    }
                }
            }
            add(LegalAction::Disband);
            add(LegalAction::Remove);
            if map.province(here).centre {
                add(LegalAction::Build);
            }
        }
        entries.sort_unstable_by_key(|&(p, key, _)| (p, key));
        entries.dedup_by_key(|&mut (p, key, _)| (p, key));
        let mut starts = vec![0u32; map.province_count() + 1];
        for &(p, ..) in &entries {
            starts[p.index() + 1] += 1;
        }
        for p in 0..map.province_count() {
            starts[p + 1] += starts[p];
        }
        Vocabulary {
            starts,
            keys: entries.iter().map(|&(_, key, _)| key).collect(),
            orders: entries.into_iter().map(|(.., order)| order).collect(),
        }
    }

    /// The index of an order among its province's, counted from 1 (0 is no order),
    /// searched from `hint`, the index in `keys` of an order of
    /// the same province found before: the engine lists a unit's orders mostly in the
    /// vocabulary's order, so the search gallops forward from the last one found (steps
    /// of 1, 2, 4, ...) and then halves the bracket, a few steps instead of a dozen over a
    /// sea's thousands of convoys. Returns the index in `keys` too.
    #[inline]
    fn local_from(&self, province: ProvinceId, key: u64, hint: Option<usize>) -> Option<(i32, usize)> {
        let (a, b) = (self.starts[province.index()] as usize, self.starts[province.index() + 1] as usize);
        let (mut low, mut high) = (a, b);
        match hint.filter(|&h| h >= a && h < b) {
            Some(h) if self.keys[h] < key => {
                let mut step = 1;
                low = h + 1;
                while low + step <= b && self.keys[low + step - 1] < key {
                    low += step;
                    step *= 2;
                }
                high = (low + step).min(b);
            }
            Some(h) => high = h + 1,
            None => {}
        }
        let found = low + self.keys[low..high].binary_search(&key).ok()?;
        Some(((found - a) as i32 + 1, found))
    }

    /// How many orders province `p` has.
    fn size(&self, p: usize) -> i32 {
        (self.starts[p + 1] - self.starts[p]) as i32
    }
}

/// Where each feature of a location's row of the board tensor is, for `n` powers (the
/// map's, neutral ones included). Documented feature by feature in `dip/env.py`.
#[derive(Clone, Copy, Debug)]
struct Features {
    n: usize,
}

impl Features {
    const UNIT: usize = 0;
    fn unit_owner(self) -> usize {
        3
    }
    fn dislodged(self) -> usize {
        4 + self.n
    }
    fn dislodged_owner(self) -> usize {
        7 + self.n
    }
    fn terrain(self) -> usize {
        8 + 2 * self.n
    }
    fn centre(self) -> usize {
        11 + 2 * self.n
    }
    fn centre_owner(self) -> usize {
        12 + 2 * self.n
    }
    fn home(self) -> usize {
        13 + 3 * self.n
    }
    fn buildable(self) -> usize {
        13 + 4 * self.n
    }
    fn removable(self) -> usize {
        14 + 4 * self.n
    }
    fn awaited(self) -> usize {
        15 + 4 * self.n
    }
    fn count(self) -> usize {
        15 + 5 * self.n
    }
}

/// What the environments of one map share, made once per process.
#[derive(Debug)]
struct EnvMap {
    map: Arc<Map>,
    vocabulary: Vocabulary,
    features: Features,
    /// The board tensor's rows that never change (terrain, centres, home centres), with
    /// every "none" feature set: each phase's tensor starts as a copy.
    board: Vec<u8>,
    /// Per location, its row and, for a coast, its province's row (a unit on a coast is
    /// shown on both, as DipNet does).
    rows: Vec<[Option<usize>; 2]>,
    /// Per province, the rows of its locations (the province and its coasts).
    province_rows: Vec<Vec<usize>>,
}

static ENV_MAPS: Mutex<Vec<(String, Arc<EnvMap>)>> = Mutex::new(Vec::new());

fn env_map(py: Python<'_>, name: &str) -> PyResult<Arc<EnvMap>> {
    let map = crate::core::load_map(py, name)?;
    let mut maps = ENV_MAPS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, env)) = maps.iter().find(|(n, _)| n == map.name()) {
        return Ok(env.clone());
    }
    let features = Features { n: map.power_count() };
    let width = features.count();
    let mut board = vec![0u8; map.location_count() * width];
    let mut province_rows = vec![Vec::new(); map.province_count()];
    let mut rows = Vec::with_capacity(map.location_count());
    for loc in map.locations() {
        let p = map.province_of(loc);
        province_rows[p.index()].push(loc.index());
        rows.push([Some(loc.index()), coast_of(&map, loc).map(|_| map.main_loc(p).index())]);
        let row = &mut board[loc.index() * width..][..width];
        let province = map.province(p);
        row[Features::UNIT + 2] = 1;
        row[features.unit_owner() + features.n] = 1;
        row[features.dislodged() + 2] = 1;
        row[features.dislodged_owner() + features.n] = 1;
        let terrain = match province.terrain {
            Terrain::Land => 0,
            Terrain::Sea => 1,
            Terrain::Coast => 2,
        };
        row[features.terrain() + terrain] = 1;
        row[features.centre()] = u8::from(province.centre);
        row[features.centre_owner() + features.n] = 1;
        for power in map.powers() {
            if map.power(power).homes.contains(&p) {
                row[features.home() + power.index()] = 1;
            }
        }
    }
    let env = Arc::new(EnvMap { vocabulary: Vocabulary::new(&map), map, features, board, rows, province_rows });
    maps.push((env.map.name().to_string(), env.clone()));
    Ok(env)
}

/// One game of the environment: the position waiting, the board tensor and the legal
/// actions of every player for it.
#[pyclass(name = "EnvCore", module = "dip._dip")]
#[derive(Debug)]
pub struct EnvCore {
    env: Arc<EnvMap>,
    rules: Rules,
    position: Position,
    adjudicator: dip::movement::Adjudicator,
    /// The players (powers that are not neutral), in the map's order: the agents.
    players: Vec<PowerId>,
    /// Per power, its index among the players, or -1 for a neutral power.
    player_of: Vec<i32>,
    /// The board tensor of the position waiting: a row of features a location.
    board: Vec<u8>,
    /// The legal actions, a row per (player, province), row `i * P + p`: its indices into
    /// the province's vocabulary are `legal_ids[legal_starts[r]..legal_starts[r + 1]]`.
    legal_starts: Vec<i32>,
    legal_ids: Vec<i32>,
    /// Scratch: each legal order's row and index, before they are sorted by row.
    pairs: Vec<(u32, i32)>,
}

impl EnvCore {
    fn map(&self) -> &Map {
        &self.env.map
    }

    /// Works out the board tensor and legal actions of the position waiting.
    fn refresh(&mut self) -> PyResult<()> {
        let env = self.env.clone();
        let (map, f) = (&*env.map, env.features);
        let width = f.count();
        let provinces = map.province_count();
        self.board.clear();
        self.board.extend_from_slice(&env.board);
        let board = &mut self.board;
        let mut set = |rows: [Option<usize>; 2], feature: usize, value: u8| {
            for row in rows.into_iter().flatten() {
                board[row * width + feature] = value;
            }
        };
        for unit in &self.position.units {
            let rows = env.rows[unit.loc.index()];
            set(rows, Features::UNIT + 2, 0);
            set(rows, Features::UNIT + usize::from(unit.kind == UnitKind::Fleet), 1);
            set(rows, f.unit_owner() + f.n, 0);
            set(rows, f.unit_owner() + unit.power.index(), 1);
        }
        for dislodged in &self.position.dislodged {
            let (unit, rows) = (dislodged.unit, env.rows[dislodged.unit.loc.index()]);
            set(rows, f.dislodged() + 2, 0);
            set(rows, f.dislodged() + usize::from(unit.kind == UnitKind::Fleet), 1);
            set(rows, f.dislodged_owner() + f.n, 0);
            set(rows, f.dislodged_owner() + unit.power.index(), 1);
        }
        for (p, owner) in self.position.owners.iter().enumerate() {
            if let Some(owner) = owner {
                for &row in &env.province_rows[p] {
                    set([Some(row), None], f.centre_owner() + f.n, 0);
                    set([Some(row), None], f.centre_owner() + owner.index(), 1);
                }
            }
        }
        let legal = dip::LegalOrders::new(map, &self.position).map_err(position_error)?;
        let (player_of, vocabulary, pairs) = (&self.player_of, &env.vocabulary, &mut self.pairs);
        pairs.clear();
        let mut missing: Option<LegalOrder> = None;
        legal.groups(|group| {
            let (mut hint, mut last) = (None, None);
            for order in group {
                let (Some((kind, loc)), Ok(player)) = (order.unit, usize::try_from(player_of[order.power.index()]))
                else {
                    // A waive (not building is choosing no order) or a neutral unit's hold.
                    continue;
                };
                let province = map.province_of(loc);
                let Some((index, at)) = vocabulary.local_from(province, order_key(kind, loc, order.action), hint)
                else {
                    missing.get_or_insert(*order);
                    continue;
                };
                hint = Some(at);
                pairs.push(((player * provinces + province.index()) as u32, index));
                let rows = env.rows[loc.index()];
                if last != Some(loc) {
                    set(rows, f.awaited() + order.power.index(), 1);
                    last = Some(loc);
                }
                match order.action {
                    LegalAction::Build => set(rows, f.buildable(), 1),
                    LegalAction::Remove => set(rows, f.removable(), 1),
                    _ => {}
                }
            }
        });
        if let Some(order) = missing {
            return Err(DipError::new_err(format!(
                "the legal order `{}` of {} is not in the environment's vocabulary of {}",
                crate::cache::mila_order(map, &order).display_mila(map),
                map.power(order.power).name,
                map.name()
            )));
        }
        // The pairs sorted by row, by counting: rows are few, orders a few hundred.
        let row_count = self.players.len() * provinces;
        self.legal_starts.clear();
        self.legal_starts.resize(row_count + 1, 0);
        for &(row, _) in pairs.iter() {
            self.legal_starts[row as usize + 1] += 1;
        }
        for r in 0..row_count {
            self.legal_starts[r + 1] += self.legal_starts[r];
        }
        self.legal_ids.clear();
        self.legal_ids.resize(pairs.len(), 0);
        let mut next: Vec<i32> = self.legal_starts[..row_count].to_vec();
        for &(row, index) in pairs.iter() {
            let at = &mut next[row as usize];
            self.legal_ids[*at as usize] = index;
            *at += 1;
        }
        Ok(())
    }

    /// Whether the player `player` is still in the game: it has a unit, a dislodged unit
    /// or a supply centre.
    fn alive(&self, power: PowerId) -> bool {
        let position = &self.position;
        position.units.iter().any(|u| u.power == power)
            || position.dislodged.iter().any(|d| d.unit.power == power)
            || position.owners.contains(&Some(power))
    }
}

/// The observation of the position waiting, as `EnvCore.observe` hands it to Python:
/// bytes for numpy (see [`EnvCore::observe`]) and the phase's name.
type Observation<'py> =
    (Bound<'py, PyBytes>, Bound<'py, PyBytes>, Bound<'py, PyBytes>, Bound<'py, PyBytes>, Bound<'py, PyBytes>, String);

fn i32_bytes<'py>(py: Python<'py>, values: &[i32]) -> PyResult<Bound<'py, PyBytes>> {
    PyBytes::new_with(py, values.len() * 4, |out| {
        for (chunk, v) in out.chunks_exact_mut(4).zip(values) {
            chunk.copy_from_slice(&v.to_ne_bytes());
        }
        Ok(())
    })
}

/// SplitMix64: the generator of [`EnvCore::sample`], seeded by the caller's numpy
/// generator for each call.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[pymethods]
impl EnvCore {
    /// A game of `variant` at its opening, under `rules` (as `dip.Game` takes them).
    #[new]
    #[pyo3(signature = (variant="standard", rules=None))]
    fn new(py: Python<'_>, variant: &str, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let env = env_map(py, variant)?;
        let map = &*env.map;
        let rules = rules_for(map, &rule_items(rules)?)?;
        let players: Vec<PowerId> = map.players().collect();
        let mut player_of = vec![-1i32; map.power_count()];
        for (i, p) in players.iter().enumerate() {
            player_of[p.index()] = i as i32;
        }
        let position = Position::opening(map);
        let mut core = EnvCore {
            env,
            rules,
            position,
            adjudicator: dip::movement::Adjudicator::new(),
            players,
            player_of,
            board: Vec::new(),
            legal_starts: Vec::new(),
            legal_ids: Vec::new(),
            pairs: Vec::new(),
        };
        core.refresh()?;
        Ok(core)
    }

    /// Back to the opening.
    fn reset(&mut self) -> PyResult<()> {
        self.position = Position::opening(self.map());
        self.refresh()
    }

    /// The map's name.
    #[getter]
    fn variant(&self) -> String {
        self.map().name().to_string()
    }
    /// The players' names (powers that are not neutral), in the map's order.
    #[getter]
    fn players(&self) -> Vec<String> {
        self.players.iter().map(|&p| self.map().power(p).name.clone()).collect()
    }
    /// Every power's name, neutral ones included: the powers of the board tensor's
    /// features.
    #[getter]
    fn powers(&self) -> Vec<String> {
        self.map().powers().map(|p| self.map().power(p).name.clone()).collect()
    }
    /// The locations, rows of the board tensor (`PAR`, `STP/SC`).
    #[getter]
    fn locations(&self) -> Vec<String> {
        self.map().locations().map(|l| self.map().loc_abbr(l).to_ascii_uppercase()).collect()
    }
    /// The provinces (`PAR`), entries of an action.
    #[getter]
    fn provinces(&self) -> Vec<String> {
        self.map().provinces().map(|p| self.map().province(p).abbr.to_ascii_uppercase()).collect()
    }
    /// Features of a location's row of the board tensor.
    #[getter]
    fn feature_count(&self) -> usize {
        self.env.features.count()
    }
    /// The first year of the map.
    #[getter]
    fn start_year(&self) -> u16 {
        self.map().start_year()
    }
    /// Per province, where its orders start in the vocabulary, then the vocabulary's size.
    #[getter]
    fn vocabulary_starts(&self) -> Vec<u32> {
        self.env.vocabulary.starts.clone()
    }
    /// The vocabulary, in MILA's notation without a power (`A PAR - BUR`), province by
    /// province.
    fn vocabulary(&self) -> Vec<String> {
        let map = self.map();
        self.env
            .vocabulary
            .orders
            .iter()
            .map(|o| crate::cache::mila_order(map, o).display_mila(map).to_string())
            .collect()
    }
    /// The position waiting.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition { map: self.env.map.clone(), position: self.position.clone() }
    }

    /// The observation of the position waiting: the board tensor (locations × features,
    /// u8); the numbers (int32): the phase (season 0 spring or 1 fall, kind 0 movement, 1
    /// retreat or 2 adjustment, year), then per player its builds (positive) or removals
    /// (negative) due in an adjustment phase, its centres that count, whether it is still
    /// in the game (1 or 0), then the winner's index among the players (-1: none); the
    /// legal actions' row starts (`players × provinces + 1`, int32) and indices (int32);
    /// per player and province whether orders are awaited (`players × provinces`, i8);
    /// and the phase's name (`S1901M`).
    fn observe<'py>(&self, py: Python<'py>) -> PyResult<Observation<'py>> {
        let (map, position) = (self.map(), &self.position);
        let phase = position.phase;
        let n = self.players.len();
        let mut numbers: Vec<i32> = Vec::with_capacity(4 + 3 * n);
        numbers.push(i32::from(phase.season == dip::Season::Fall));
        numbers.push(match phase.kind {
            PhaseKind::Movement => 0,
            PhaseKind::Retreat => 1,
            PhaseKind::Adjustment => 2,
        });
        numbers.push(i32::from(phase.year));
        let centres: Vec<i32> =
            self.players.iter().map(|&p| i32::from(dip::adjust::counted_centres(map, position, p))).collect();
        for (&p, &c) in self.players.iter().zip(&centres) {
            let change = if phase.kind == PhaseKind::Adjustment {
                let change = c - position.units.iter().filter(|u| u.power == p).count() as i32;
                if change > 0 { change.min(dip::adjust::build_sites(map, position, p).len() as i32) } else { change }
            } else {
                0
            };
            numbers.push(change);
        }
        numbers.extend_from_slice(&centres);
        numbers.extend(self.players.iter().map(|&p| i32::from(self.alive(p))));
        let winner = dip::adjust::winner(map, position).map_or(-1, |w| self.player_of[w.index()]);
        numbers.push(winner);
        let rows = n * map.province_count();
        let starts = &self.legal_starts;
        let orderable = PyBytes::new_with(py, rows, |out| {
            for (r, o) in out.iter_mut().enumerate() {
                *o = u8::from(starts[r + 1] > starts[r]);
            }
            Ok(())
        })?;
        Ok((
            PyBytes::new(py, &self.board),
            i32_bytes(py, &numbers)?,
            i32_bytes(py, &self.legal_starts)?,
            i32_bytes(py, &self.legal_ids)?,
            orderable,
            dip::formats::saved::phase_name(phase),
        ))
    }

    /// A random legal action for every player (`players × provinces` int32, as `step`
    /// takes them): in each province where its orders are awaited, one of its legal orders
    /// chosen uniformly, from a generator seeded with `seed`; 0 elsewhere.
    fn sample<'py>(&self, py: Python<'py>, seed: u64) -> PyResult<Bound<'py, PyBytes>> {
        let (starts, ids) = (&self.legal_starts, &self.legal_ids);
        let mut state = seed;
        PyBytes::new_with(py, (starts.len() - 1) * 4, |out| {
            for (r, chunk) in out.chunks_exact_mut(4).enumerate() {
                let (low, high) = (starts[r] as usize, starts[r + 1] as usize);
                let pick = if high > low {
                    let span = (high - low) as u128;
                    ids[low + ((u128::from(splitmix(&mut state)) * span) >> 64) as usize]
                } else {
                    0
                };
                chunk.copy_from_slice(&pick.to_ne_bytes());
            }
            Ok(())
        })
    }

    /// Plays the phase waiting. `actions`: `players × provinces` int32 (native byte
    /// order), for each player and province an index into the province's vocabulary
    /// counted from 1, or 0 for no order; an entry is read only where the player has
    /// orders awaited (a legal action there), and must lie in the province's range
    /// everywhere. `texts`: for some players, order texts given instead of their indices
    /// (read for the player in the phase's kind; one that does not read raises
    /// `ParseError` and leaves the game as it was). The engine judges every order: an
    /// illegal one is reported so and its unit holds (or, in a retreat, is disbanded).
    #[pyo3(signature = (actions, texts=Vec::new()))]
    fn step(&mut self, actions: &[u8], texts: Vec<(usize, Vec<String>)>) -> PyResult<()> {
        let env = self.env.clone();
        let (map, vocabulary) = (&*env.map, &env.vocabulary);
        let provinces = map.province_count();
        let expected = self.players.len() * provinces * 4;
        if actions.len() != expected {
            return Err(PyValueError::new_err(format!(
                "the actions are {} bytes; {} players × {} provinces of int32 are {expected}",
                actions.len(),
                self.players.len(),
                provinces
            )));
        }
        let kind = self.position.phase.kind;
        let mut orders: Vec<Order> = Vec::new();
        let by_text: Vec<usize> = texts.iter().map(|(i, _)| *i).collect();
        let mut values = actions.chunks_exact(4).map(|c| i32::from_ne_bytes([c[0], c[1], c[2], c[3]]));
        for (i, &power) in self.players.iter().enumerate() {
            let spoken = by_text.contains(&i);
            for p in 0..provinces {
                let row = i * provinces + p;
                let k = values.next().unwrap_or(0);
                if k < 0 || k > vocabulary.size(p) {
                    return Err(PyValueError::new_err(format!(
                        "{}'s action for {} is {k}; the province's orders are 1 to {} (0: no order)",
                        map.power(power).name,
                        map.province(ProvinceId(p as u16)).abbr.to_ascii_uppercase(),
                        vocabulary.size(p)
                    )));
                }
                let awaited = self.legal_starts[row + 1] > self.legal_starts[row];
                if k == 0 || !awaited || spoken {
                    continue;
                }
                let mut order = vocabulary.orders[vocabulary.starts[p] as usize + k as usize - 1];
                order.power = power;
                orders.push(order.to_order(map));
            }
        }
        for (i, lines) in &texts {
            let &power = self.players.get(*i).ok_or_else(|| PyValueError::new_err(format!("no player {i}")))?;
            for text in lines {
                let options = ParseOptions::new(kind).power(power);
                let order = dip::parse_order(map, options, text)
                    .map_err(|e| ParseError::new_err(format!("{}: `{text}`: {e}", map.power(power).name)))?;
                orders.push(order);
            }
        }
        let result = dip::play_phase_with(&mut self.adjudicator, map, &self.position, &orders, &self.rules)
            .map_err(adjudication_error)?;
        self.position = result.next;
        self.refresh()
    }

    /// The board drawn by dip-render, `scale` pixels a unit of its SVG: width, height and
    /// rows of RGB bytes, top row first.
    fn render_rgb<'py>(&self, py: Python<'py>, scale: f32) -> PyResult<(u32, u32, Bound<'py, PyBytes>)> {
        let board = dip_render::Board::new(self.map());
        let svg = board.svg(&dip_render::Scene::new(&self.position));
        let (width, height, rgba) = dip_render::rgba(&svg, scale).map_err(|e| DipError::new_err(e.to_string()))?;
        let rgb = PyBytes::new_with(py, rgba.len() / 4 * 3, |out| {
            for (to, from) in out.chunks_exact_mut(3).zip(rgba.chunks_exact(4)) {
                to.copy_from_slice(&from[..3]);
            }
            Ok(())
        })?;
        Ok((width, height, rgb))
    }
}

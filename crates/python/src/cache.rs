//! What games on one map share: the map itself (loaded once per process), its location
//! names as Python strings, and the MILA text of every order listed so far. Listing
//! possible orders is the hot path of agent loops; with the texts interned, a listing is
//! a table lookup and a reference count per order instead of formatting a new string.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex, MutexGuard};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use dip::{Action, CoastSpec, LegalAction, LegalOrder, LocId, Map, Order, PowerId, UnitKind};

/// The shared parts of one map.
#[derive(Debug)]
pub struct MapCache {
    pub map: Arc<Map>,
    /// Location `i` as MILA names it (`PAR`, `STP/SC`), then MILA's impassable places of
    /// the board (`SWI`), which no order names: the keys of a listing.
    pub keys: Vec<Py<PyString>>,
    /// Each province's place among the provinces sorted by name as MILA names them (MILA
    /// lists orderable locations sorted so).
    pub name_rank: Vec<u16>,
    /// Power `i`'s name as MILA writes it (`FRANCE`, `WESTERNCANADA`), as `power_names()`
    /// hands it out: given back, it is known by its address.
    pub powers: Vec<Py<PyString>>,
    /// Every key mapped to None, in the keys' order: copied to start each listing.
    pub template: Py<PyDict>,
    /// The last dicts listings handed out, filled again once no one holds them.
    pub dicts: crate::dicts::DictPool,
    /// The rules games on the map were made with, by the presets and overrides that made
    /// them: a preset's file is read once, not for each game (a game of an agent's
    /// self-play is made in microseconds).
    rules: Mutex<Vec<(Vec<String>, dip::Rules)>>,
    orders: Mutex<OrderTexts>,
    /// The opening board as `dip.mila` starts a game from it, made once: a game of an
    /// agent's self-play starts from a copy.
    pub opening: Opening,
}

/// The opening board and the orders MILA lists its units and centres in.
#[derive(Debug)]
pub struct Opening {
    /// The board, its units sorted by location.
    pub position: dip::Position,
    /// The units in the order the map lists them (MILA's).
    pub unit_order: Arc<Vec<LocId>>,
    /// The centres owned, in MILA's order.
    pub centre_order: Arc<Vec<dip::ProvinceId>>,
}

/// The MILA text of every order listed so far, each under a dense id: a listing keeps
/// the ids (plain data, shared by copies of a game and dropped anywhere) and turns them
/// into Python strings when a dict is asked for.
///
/// Ids are found by indexing, never hashing: a row holds the orders that differ only in
/// one location (a unit's hold and moves, the provinces one unit may support another
/// into, the coasts one fleet may convoy one army to), one cell a location; rows are
/// found through blocks, one per kind of order and unit, with a row start for each other
/// unit. Blocks and rows are made when first needed.
#[derive(Debug, Default)]
pub struct OrderTexts {
    /// Locations of the map: the width of a row.
    width: usize,
    /// The orders most listings are made of, a unit's hold and moves and its supports of
    /// the units near it, in small dense blocks (see `Near`): a listing's ids then come
    /// from a few cache lines per unit, where the rows below spread them over many.
    near: Near,
    /// (kind of order, unit type, unit location) → where its block starts in
    /// `near_cells` (kinds 0, hold and moves, and 3, supports).
    near_blocks: Vec<u32>,
    near_cells: Vec<u32>,
    /// (kind of order, unit type, unit location) → where its block starts in `starts`.
    blocks: Vec<u32>,
    /// Blocks of `2 × width` row starts, by the other unit's type and location.
    starts: Vec<u32>,
    /// Rows of `width` ids.
    cells: Vec<u32>,
    texts: Vec<Py<PyString>>,
    /// The order of each text (its power that of the first listing) by the address of its
    /// string: an agent hands the strings it was given back to `set_orders`, which then
    /// need not be read again. The order is kept in the map itself, so finding it costs
    /// one cache miss (a big table is mostly out of the cache), not two. The table holds
    /// every string, so no other object can have its address.
    by_address: HashMap<usize, LegalOrder, BuildHasherDefault<FxHasher>>,
    /// MILA's supports of a fleet's move to one coast of a province (`A MAR S F GAS -
    /// SPA/NC`), which it lists beside the support into the province: (supporter's type ×
    /// width + location, the fleet's location, the coast) → id. Their strings are not
    /// known by address: `set_orders` reads them, so the coast counts as the rules say.
    coast_supports: HashMap<(u32, u32, u32), u32, BuildHasherDefault<FxHasher>>,
    /// The multi-coast provinces, as a bit set over provinces.
    multi_coast: Vec<u64>,
    /// Bumped each time the table is emptied: ids of an older generation mean nothing.
    generation: u64,
    /// Texts, and cells of rows and of blocks, kept at most (`MAX_ORDERS`, `MAX_CELLS`;
    /// the tests set small ones to empty the table often).
    max_orders: usize,
    max_cells: usize,
}

/// Not made yet.
const NONE: u32 = u32::MAX;

/// No cell (an index no table has).
const MISS: usize = usize::MAX;

/// Interned order texts, and cells of rows and blocks, kept at most, so a long run on a
/// huge map cannot grow without end: then the table is emptied and made again.
const MAX_ORDERS: usize = 500_000;
const MAX_CELLS: usize = 4 << 20;

impl MapCache {
    /// The rules of a game on this map made with `items` (presets and `ISSUE=CHOICE`
    /// overrides, in order): `crate::convert::rules_for`, worked out once for each list.
    pub fn rules(&self, items: &[String]) -> PyResult<dip::Rules> {
        let mut known = self.rules.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, rules)) = known.iter().find(|(k, _)| k == items) {
            return Ok(*rules);
        }
        let rules = crate::convert::rules_for(&self.map, items)?;
        // A handful of lists in practice; bounded all the same.
        if known.len() < 64 {
            known.push((items.to_vec(), rules));
        }
        Ok(rules)
    }

    /// The order texts, locked for a whole listing. The GIL serialises callers, so the
    /// lock is never contended; a poisoned lock only means a panic elsewhere, and the
    /// table is still a valid cache.
    pub fn order_texts(&self) -> MutexGuard<'_, OrderTexts> {
        self.orders.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl OrderTexts {
    fn new(map: &Map) -> Self {
        let width = map.location_count();
        OrderTexts {
            width,
            near: Near::new(map),
            near_blocks: vec![NONE; 2 * 2 * width],
            blocks: vec![NONE; ROW_KINDS * 2 * width],
            max_orders: MAX_ORDERS,
            max_cells: MAX_CELLS,
            multi_coast: {
                let mut bits = vec![0u64; map.province_count().div_ceil(64)];
                for p in map.provinces().filter(|&p| map.is_multi_coast(p)) {
                    bits[p.index() / 64] |= 1 << (p.index() % 64);
                }
                bits
            },
            ..OrderTexts::default()
        }
    }

    /// Sets how many texts and cells the table keeps (at least one text and one row),
    /// and empties it.
    pub fn set_limits(&mut self, max_orders: usize, max_cells: usize) {
        self.max_orders = max_orders.max(1);
        self.max_cells = max_cells.max(2 * self.width).max(self.near.largest);
        self.clear();
    }

    /// Doubles the limits: one listing needed more than they allow (a listing's ids are
    /// only good when the table was not emptied while it was made).
    pub fn grow_limits(&mut self) {
        self.max_orders = self.max_orders.saturating_mul(2);
        self.max_cells = self.max_cells.saturating_mul(2);
    }

    /// The table has room for one more text, row and block; emptied when it has not.
    fn make_room(&mut self) {
        let w = self.width;
        if self.texts.len() >= self.max_orders
            || self.cells.len() + w > self.max_cells
            || self.near_cells.len() + self.near.largest > self.max_cells
            || self.starts.len() + 2 * w > self.max_cells
        {
            self.clear();
        }
    }

    /// The id of a legal order's MILA text, the text made on first sight. A full table is
    /// emptied first (the generation changes, so listings made before are made again).
    #[inline(always)]
    pub fn id(&mut self, py: Python<'_>, map: &Map, order: &LegalOrder) -> u32 {
        // The way taken by all but the first sight of an order: two loads from a block
        // of the unit's, or three for orders not in one.
        if let Some((block, cell, _)) = self.near.place(order) {
            let base = self.near_blocks.get(block).copied().unwrap_or(NONE);
            let id = self.near_cells.get((base as usize).wrapping_add(cell)).copied().unwrap_or(NONE);
            if base != NONE && id != NONE {
                return id;
            }
            return self.first_sight(py, map, order);
        }
        if let Some((first, second, column)) = self.place(order) {
            let block = self.blocks.get(first).copied().unwrap_or(NONE);
            let row = self.starts.get((block as usize).wrapping_add(second)).copied().unwrap_or(NONE);
            let id = self.cells.get((row as usize).wrapping_add(column)).copied().unwrap_or(NONE);
            if block != NONE && row != NONE && id != NONE {
                return id;
            }
        }
        self.first_sight(py, map, order)
    }

    /// A sink that turns the legal orders of a movement or retreat phase into ids as the
    /// engine works them out ([`dip::LegalOrders::unit_actions_into`]), onto `ids`, and
    /// notes where each unit's begin in `units`.
    pub fn unit_ids<'t, 'py>(
        &'t mut self,
        py: Python<'py>,
        map: &'t Map,
        ids: &'t mut Vec<u32>,
        units: &'t mut Vec<(LocId, u32)>,
    ) -> UnitIds<'t, 'py> {
        UnitIds {
            table: self,
            py,
            map,
            ids,
            units,
            power: PowerId(0),
            kind: UnitKind::Army,
            loc: LocId(0),
            blocks: false,
            k: 0,
            near_count: 0,
            row_width: 0,
            moves: NONE,
            supports: NONE,
            row_key: MISS,
            row_start: MISS,
            far_key: MISS,
            far_row: MISS,
        }
    }

    /// Where an order's text is: the index of its block, of its row in the block, and its
    /// column. None when an index is not a location of the map (or a railroad) below the
    /// width, as no legal order's is: reading it would read another row.
    #[inline(always)]
    fn place(&self, order: &LegalOrder) -> Option<(usize, usize, usize)> {
        let (w, key) = (self.width, order_key(order));
        (key.me < w && key.other < w && key.column < w)
            .then(|| ((key.kind * 2 + key.me_kind) * w + key.me, key.other_kind * w + key.other, key.column))
    }

    /// An order whose block, row or text is not made yet.
    #[cold]
    #[inline(never)]
    fn first_sight(&mut self, py: Python<'_>, map: &Map, order: &LegalOrder) -> u32 {
        let w = self.width;
        self.make_room();
        if let Some((block, cell, size)) = self.near.place(order) {
            let cell = block_start(&mut self.near_blocks, block, &mut self.near_cells, size) + cell;
            return match self.near_cells[cell] {
                NONE => {
                    let id = self.make(py, map, order, None);
                    self.near_cells[cell] = id;
                    id
                }
                id => id,
            };
        }
        let Some((first, second, column)) = self.place(order) else {
            return self.make(py, map, order, None);
        };
        let block = block_start(&mut self.blocks, first, &mut self.starts, 2 * w);
        let row = block_start(&mut self.starts, block + second, &mut self.cells, w);
        let cell = row + column;
        match self.cells[cell] {
            NONE => self.make(py, map, order, Some(cell)),
            id => id,
        }
    }

    /// Makes the text of an order not seen before (into `cell`, when it has one).
    #[cold]
    fn make(&mut self, py: Python<'_>, map: &Map, order: &LegalOrder, cell: Option<usize>) -> u32 {
        let text = match order.action {
            LegalAction::Waive => "WAIVE".to_string(),
            _ => mila_order(map, order).display_mila(map).to_string(),
        };
        let id = self.texts.len() as u32;
        let text = PyString::new(py, &text);
        self.by_address.insert(text.as_ptr() as usize, *order);
        self.texts.push(text.unbind());
        if let Some(cell) = cell {
            self.cells[cell] = id;
        }
        id
    }

    /// The id of MILA's support by the unit `(kind, loc)` of the fleet at `at` moving to
    /// `coast` (the text made on first sight; see `coast_supports`).
    fn coast_support_id(
        &mut self,
        py: Python<'_>,
        map: &Map,
        unit: (PowerId, UnitKind, LocId),
        at: LocId,
        coast: LocId,
    ) -> u32 {
        let (power, kind, loc) = unit;
        let key = ((kind_index(kind) * self.width + loc.index()) as u32, at.index() as u32, coast.index() as u32);
        if let Some(&id) = self.coast_supports.get(&key) {
            return id;
        }
        self.make_room();
        let support = LegalAction::SupportMove { target: UnitKind::Fleet, at, to: map.province_of(coast) };
        let mut order = mila_order(map, &LegalOrder { power, unit: Some((kind, loc)), action: support });
        if let Action::SupportMove { to, .. } = &mut order.action {
            to.set_coast(Some(CoastSpec::Known(coast)));
        }
        let id = self.texts.len() as u32;
        self.texts.push(PyString::new(py, &order.display_mila(map).to_string()).unbind());
        self.coast_supports.insert(key, id);
        id
    }

    fn clear(&mut self) {
        self.coast_supports.clear();
        self.near_blocks.fill(NONE);
        self.near_cells.clear();
        self.blocks.fill(NONE);
        self.starts.clear();
        self.cells.clear();
        self.texts.clear();
        self.by_address.clear();
        self.generation += 1;
    }

    /// The text of an id of this generation; call [`OrderTexts::check`] on the ids first.
    pub fn text<'py>(&self, py: Python<'py>, id: u32) -> &Bound<'py, PyString> {
        self.texts[id as usize].bind(py)
    }

    /// Every id has a text (so [`OrderTexts::text`] cannot fail): a listing of this
    /// generation always does.
    pub fn check(&self, ids: &[u32]) -> PyResult<()> {
        match ids.iter().find(|&&id| id as usize >= self.texts.len()) {
            Some(id) => Err(PyRuntimeError::new_err(format!("order text {id} is not in the table (a dip bug)"))),
            None => Ok(()),
        }
    }

    /// The legal order whose text `text` is (the very string a listing gave), with the
    /// power of the listing that made it.
    pub fn listed(&self, text: &Bound<'_, PyAny>) -> Option<LegalOrder> {
        self.by_address.get(&(text.as_ptr() as usize)).copied()
    }

    pub fn generation(&self) -> u64 {
        self.generation
    }
}

/// Ids of one listing's orders, made as the engine hands them over ([`OrderTexts::unit_ids`]).
/// What a unit's orders share is looked up once, when its list begins: its blocks; and the
/// row of the unit it supports once for that unit's supports (they come together). The
/// cells are those `Near::place` finds, worked out here with the unit's part hoisted:
/// sharing helpers with it measured 2.2% more instructions a listing. The listing tests
/// (every listing is dip's legal orders) check the two agree.
pub struct UnitIds<'t, 'py> {
    table: &'t mut OrderTexts,
    py: Python<'py>,
    map: &'t Map,
    ids: &'t mut Vec<u32>,
    units: &'t mut Vec<(LocId, u32)>,
    /// The unit whose list began last: its power, type and location, and whether its
    /// orders may be looked up in its blocks (not when its location is past the table's
    /// width, as no legal order's is: then each is looked up in full).
    power: PowerId,
    kind: UnitKind,
    loc: LocId,
    blocks: bool,
    /// Its type and location as an index of the table's per-unit tables, and its row sizes.
    k: usize,
    near_count: usize,
    row_width: usize,
    /// Where its blocks start in `near_cells` (`NONE`: not made yet).
    moves: u32,
    supports: u32,
    /// The row of the supported unit last looked up: its type and location, and where the
    /// row starts in `near_cells` (`MISS`: it has none).
    row_key: usize,
    row_start: usize,
    /// The same for a supported unit too far for the blocks, in `cells`.
    far_key: usize,
    far_row: usize,
}

impl std::fmt::Debug for UnitIds<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UnitIds").field("ids", &self.ids.len()).field("loc", &self.loc).finish()
    }
}

impl UnitIds<'_, '_> {
    /// An order not in the unit's blocks, or not made yet there: looked up in full (made
    /// on first sight).
    #[inline(never)]
    fn miss(&mut self, action: LegalAction) {
        // A support of a unit too far for the unit's blocks (one the fleets could carry):
        // from its row of `cells`, looked up once for all supports of that unit.
        if let (true, LegalAction::SupportHold { target, at } | LegalAction::SupportMove { target, at, .. }) =
            (self.blocks, action)
        {
            let key = 2 * at.index() + kind_index(target);
            if key != self.far_key {
                self.far_key = key;
                self.far_row = self.row_of(ROW_SUPPORT, kind_index(target) * self.table.width + at.index());
            }
            let column = match action {
                LegalAction::SupportMove { to, .. } => to.index(),
                _ => at.index(),
            };
            let cell = (self.far_row != MISS && column < self.table.width).then(|| self.far_row + column);
            if let Some(&id) = cell.and_then(|cell| self.table.cells.get(cell))
                && id != NONE
            {
                self.ids.push(id);
                return;
            }
        }
        let order = LegalOrder { power: self.power, unit: Some((self.kind, self.loc)), action };
        let id = self.table.id(self.py, self.map, &order);
        self.ids.push(id);
        // That may have made one of the unit's blocks, or emptied the table.
        if self.blocks {
            self.reload();
        }
    }

    /// Where the unit's row of `cells` of the kind of order `row_kind` and the other unit
    /// `other` (its type and location, `kind × width + location`) starts; `MISS` when it
    /// is not made yet (or the unit has no blocks).
    #[inline]
    fn row_of(&self, row_kind: usize, other: usize) -> usize {
        let table = &*self.table;
        let w = table.width;
        if !self.blocks || other >= 2 * w {
            return MISS;
        }
        match table.blocks.get((row_kind * 2 + kind_index(self.kind)) * w + self.loc.index()) {
            Some(&block) if block != NONE => match table.starts.get(block as usize + other) {
                Some(&row) if row != NONE => row as usize,
                _ => MISS,
            },
            _ => MISS,
        }
    }

    /// Takes a run of the unit's orders kept in one row of `cells`: the row of the kind of
    /// order `row_kind`, this unit and the army at location `other` (0 for orders naming
    /// no other unit), a cell a province of `into`. False, with nothing taken, when the row
    /// or a cell is not made yet.
    #[inline]
    fn row_run(&mut self, row_kind: usize, other: usize, into: &[u64]) -> bool {
        let row = self.row_of(row_kind, other);
        if row == MISS {
            return false;
        }
        let (cells, w) = (&self.table.cells, self.table.width);
        let before = self.ids.len();
        let whole = provinces(into).all(|p| match cells.get(row + p) {
            Some(&id) if id != NONE && p < w => {
                self.ids.push(id);
                true
            }
            _ => false,
        });
        if !whole {
            self.ids.truncate(before);
        }
        whole
    }

    /// Where the row of the unit's supports of the `target` at `at` starts in
    /// `near_cells` (`MISS`: it has none), looked up once for that unit's supports (they
    /// come together). The unit's supports block is made (`supports` is not `NONE`).
    #[inline(always)]
    fn support_row(&mut self, target: UnitKind, at: LocId) -> usize {
        let key = 2 * at.index() + kind_index(target);
        if key != self.row_key {
            self.row_key = key;
            let w = self.table.width;
            self.row_start = match self.table.near.near.get(self.loc.index() * w + at.index()) {
                Some(&s) if s != NOT_NEAR => {
                    self.supports as usize + (kind_index(target) * self.near_count + usize::from(s)) * self.row_width
                }
                _ => MISS,
            };
        }
        self.row_start
    }

    /// Whether a province of `into` has coasts.
    #[inline]
    fn any_multi_coast(&self, into: &[u64]) -> bool {
        into.iter().zip(&self.table.multi_coast).any(|(i, m)| i & m != 0)
    }

    /// MILA's supports of the fleet at `at` moving to each coast of `province` it may take
    /// (none when the province has one coast).
    fn coast_supports_into(&mut self, at: LocId, province: usize) {
        let map = self.map;
        let generation = self.table.generation;
        for &coast in &map.province(dip::ProvinceId(province as u16)).coasts {
            if map.fleet_adjacent(at, coast) {
                let id = self.table.coast_support_id(self.py, map, (self.power, self.kind, self.loc), at, coast);
                self.ids.push(id);
            }
        }
        // That may have emptied the table: the listing is made again then.
        if self.blocks && self.table.generation != generation {
            self.reload();
        }
    }

    /// The unit's blocks, looked up again after the table made one (or was emptied).
    fn reload(&mut self) {
        let w = self.table.width;
        self.moves = self.table.near_blocks[self.k];
        self.supports = self.table.near_blocks[2 * w + self.k];
        self.row_key = MISS;
        self.far_key = MISS;
    }
}

impl dip::UnitActionSink for UnitIds<'_, '_> {
    fn unit(&mut self, power: PowerId, kind: UnitKind, loc: LocId) {
        (self.power, self.kind, self.loc) = (power, kind, loc);
        self.units.push((loc, self.ids.len() as u32));
        let w = self.table.width;
        self.blocks = loc.index() < w;
        self.far_key = MISS;
        if self.blocks {
            self.k = kind_index(kind) * w + loc.index();
            self.near_count = usize::from(self.table.near.near_count[loc.index()]);
            self.row_width = 1 + usize::from(self.table.near.reach_count[self.k]);
            self.reload();
        }
    }

    #[inline]
    fn hold_and_moves(&mut self, _: &Map, _: UnitKind, _: LocId) -> bool {
        // The block's first cells, when it has every move and all are made.
        let near = &self.table.near;
        if !self.blocks || self.moves == NONE || !near.moves_whole[self.k] {
            return false;
        }
        let start = self.moves as usize;
        let cells = self.table.near_cells.get(start..start + 1 + usize::from(near.move_count[self.k]));
        match cells {
            Some(cells) if !cells.contains(&NONE) => {
                self.ids.extend_from_slice(cells);
                true
            }
            _ => false,
        }
    }

    #[inline]
    fn moves_by_convoy(&mut self, into: &[u64]) -> bool {
        self.row_run(ROW_MOVE_BY_CONVOY, 0, into)
    }

    #[inline]
    fn convoys(&mut self, army: LocId, into: &[u64]) -> bool {
        self.row_run(ROW_CONVOY, army.index(), into)
    }

    #[inline]
    fn supports(&mut self, target: UnitKind, at: LocId, hold: bool, into: &[u64]) -> bool {
        // The supported unit's row: its first cell, then one a province reached. A fleet's
        // moves into a province with coasts are taken one by one, each followed by MILA's
        // supports of its moves to the coasts.
        if !self.blocks || self.supports == NONE || (target == UnitKind::Fleet && self.any_multi_coast(into)) {
            return false;
        }
        let row = self.support_row(target, at);
        if row == MISS {
            return false;
        }
        let np = self.table.near.provinces;
        let (cells, reach) = (&self.table.near_cells, &self.table.near.reach[self.k * np..(self.k + 1) * np]);
        let before = self.ids.len();
        let mut take = |cell: usize| match cells.get(cell) {
            Some(&id) if id != NONE => {
                self.ids.push(id);
                true
            }
            _ => false,
        };
        let whole = (!hold || take(row))
            && provinces(into).all(|p| match reach.get(p) {
                Some(&s) if s != NOT_NEAR => take(row + 1 + usize::from(s)),
                _ => false,
            });
        if !whole {
            // Some are not made yet: one by one.
            self.ids.truncate(before);
        }
        whole
    }

    #[inline(always)]
    fn action(&mut self, action: LegalAction) {
        let table = &*self.table;
        let near = &table.near;
        let (w, np) = (table.width, near.provinces);
        let slot = |t: &[u8], i: usize| match t.get(i) {
            Some(&s) if s != NOT_NEAR => usize::from(s),
            _ => MISS,
        };
        let cell = match action {
            _ if !self.blocks => MISS,
            LegalAction::Hold if self.moves != NONE => self.moves as usize,
            LegalAction::Move { to } if self.moves != NONE => match slot(&near.moves, self.k * w + to.index()) {
                MISS => MISS,
                s => self.moves as usize + 1 + s,
            },
            LegalAction::SupportHold { target, at } | LegalAction::SupportMove { target, at, .. }
                if self.supports != NONE =>
            {
                match (self.support_row(target, at), action) {
                    (MISS, _) => MISS,
                    (row, LegalAction::SupportMove { to, .. }) => {
                        match slot(&self.table.near.reach, self.k * np + to.index()) {
                            MISS => MISS,
                            s => row + 1 + s,
                        }
                    }
                    (row, _) => row,
                }
            }
            _ => MISS,
        };
        match self.table.near_cells.get(cell) {
            Some(&id) if id != NONE => self.ids.push(id),
            _ => self.miss(action),
        }
        if let LegalAction::SupportMove { target: UnitKind::Fleet, at, to } = action {
            self.coast_supports_into(at, to.index());
        }
    }
}

/// The provinces (indexes) of a bit set over provinces, in increasing order.
#[inline]
fn provinces(bits: &[u64]) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(k, &word)| {
        std::iter::successors((word != 0).then_some(word), |&w| Some(w & (w - 1)).filter(|&w| w != 0))
            .map(move |w| k * 64 + w.trailing_zeros() as usize)
    })
}

/// The order as MILA writes it: the coast of a supported fleet is named (`A MOS S F
/// STP/SC`), where dip's legal orders name its province.
pub fn mila_order(map: &Map, order: &LegalOrder) -> Order {
    let mut written = order.to_order(map);
    if let (
        LegalAction::SupportHold { target: UnitKind::Fleet, at }
        | LegalAction::SupportMove { target: UnitKind::Fleet, at, .. },
        Action::SupportHold { target } | Action::SupportMove { target, .. },
    ) = (order.action, &mut written.action)
        && at.index() >= map.province_count()
    {
        target.place.set_coast(Some(CoastSpec::Known(at)));
    }
    written
}

/// Where the block `slots[i]` points to starts in `pool`; made first (`size` cells, none
/// made yet) when it is not.
fn block_start(slots: &mut [u32], i: usize, pool: &mut Vec<u32>, size: usize) -> usize {
    if slots[i] == NONE {
        slots[i] = pool.len() as u32;
        pool.resize(pool.len() + size, NONE);
    }
    slots[i] as usize
}

/// Kinds of order with rows of their own.
const ROW_KINDS: usize = 9;

/// Kinds of order whose rows a listing looks up itself (see `order_key`).
const ROW_MOVE_BY_CONVOY: usize = 1;
const ROW_SUPPORT: usize = 3;
const ROW_CONVOY: usize = 4;

/// Where the texts of the orders most listings are made of live, worked out from the map
/// once: a unit's hold and moves (a block per unit type and location: the hold, then a
/// cell per place it may move to), and its supports of the units near it (a block per
/// unit type and location: a row per type and location within two provinces of it, each
/// the support of its hold, then a cell per province the supporter reaches). A block is
/// a few cache lines; all of them for the Standard map take about 0.6 MB.
#[derive(Debug, Default)]
struct Near {
    width: usize,
    /// Per location: the locations within two provinces of it (any unit type's borders),
    /// by location (`NOT_NEAR` when not), and how many.
    near: Vec<u8>,
    near_count: Vec<u8>,
    /// Per unit type and location: the places it may move to, by location, and the
    /// provinces of them, by province (`NOT_NEAR` when not one), and how many.
    moves: Vec<u8>,
    move_count: Vec<u8>,
    /// Per unit type and location: whether its block holds every move in the order the
    /// engine hands them (no place twice, none past `NOT_NEAR`), so a unit's hold and
    /// moves are the block's first cells.
    moves_whole: Vec<bool>,
    reach: Vec<u8>,
    reach_count: Vec<u8>,
    provinces: usize,
    /// The cells of the largest block.
    largest: usize,
}

const NOT_NEAR: u8 = u8::MAX;

impl Near {
    fn new(map: &Map) -> Self {
        let (w, np) = (map.location_count(), map.province_count());
        let mut near = Near {
            width: w,
            near: vec![NOT_NEAR; w * w],
            near_count: vec![0; w],
            moves: vec![NOT_NEAR; 2 * w * w],
            move_count: vec![0; 2 * w],
            moves_whole: vec![false; 2 * w],
            reach: vec![NOT_NEAR; 2 * w * np],
            reach_count: vec![0; 2 * w],
            provinces: np,
            largest: 0,
        };
        // Provinces bordering each other for any unit type.
        let mut borders = vec![false; np * np];
        for loc in map.locations() {
            let p = map.province_of(loc).index();
            for q in map.army_neighbours(map.province_of(loc)) {
                borders[p * np + q.index()] = true;
            }
            for &to in map.fleet_neighbours(loc) {
                borders[p * np + map.province_of(to).index()] = true;
            }
        }
        for loc in map.locations() {
            let (l, p) = (loc.index(), map.province_of(loc).index());
            let mut within = vec![false; np];
            within[p] = true;
            for q in (0..np).filter(|&q| borders[p * np + q]) {
                within[q] = true;
                for r in (0..np).filter(|&r| borders[q * np + r]) {
                    within[r] = true;
                }
            }
            let mut count = 0usize;
            for other in map.locations().filter(|o| within[map.province_of(*o).index()]) {
                if count < usize::from(NOT_NEAR) {
                    near.near[l * w + other.index()] = count as u8;
                    count += 1;
                }
            }
            near.near_count[l] = count as u8;
            for kind in [UnitKind::Army, UnitKind::Fleet] {
                let k = kind_index(kind) * w + l;
                let places: Vec<LocId> = match kind {
                    UnitKind::Army => {
                        map.army_neighbours(map.province_of(loc)).iter().map(|&q| map.main_loc(q)).collect()
                    }
                    UnitKind::Fleet => map.fleet_neighbours(loc).to_vec(),
                };
                let (mut moves, mut reach) = (0usize, 0usize);
                let listed = places.len();
                for to in places {
                    let q = map.province_of(to).index();
                    if moves < usize::from(NOT_NEAR) && near.moves[k * w + to.index()] == NOT_NEAR {
                        near.moves[k * w + to.index()] = moves as u8;
                        moves += 1;
                    }
                    if reach < usize::from(NOT_NEAR) && near.reach[k * np + q] == NOT_NEAR {
                        near.reach[k * np + q] = reach as u8;
                        reach += 1;
                    }
                }
                near.move_count[k] = moves as u8;
                near.moves_whole[k] = moves == listed;
                near.reach_count[k] = reach as u8;
                near.largest = near.largest.max(2 * count * (1 + reach)).max(1 + moves);
            }
        }
        near
    }

    /// The block of an order that has a cell in one, the cell in it, and the block's size.
    #[inline(always)]
    fn place(&self, order: &LegalOrder) -> Option<(usize, usize, usize)> {
        let (w, np) = (self.width, self.provinces);
        let (kind, loc) = order.unit?;
        let k = kind_index(kind) * w + loc.index();
        let slot = |table: &[u8], i: usize| table.get(i).copied().filter(|&s| s != NOT_NEAR).map(usize::from);
        match order.action {
            LegalAction::Hold | LegalAction::Move { .. } => {
                let cell = match order.action {
                    LegalAction::Move { to } => 1 + slot(&self.moves, k * w + to.index())?,
                    _ => 0,
                };
                Some((k, cell, 1 + usize::from(*self.move_count.get(k)?)))
            }
            LegalAction::SupportHold { target, at } | LegalAction::SupportMove { target, at, .. } => {
                let row = kind_index(target) * usize::from(*self.near_count.get(loc.index())?)
                    + slot(&self.near, loc.index() * w + at.index())?;
                let width = 1 + usize::from(*self.reach_count.get(k)?);
                let cell = match order.action {
                    LegalAction::SupportMove { to, .. } => 1 + slot(&self.reach, k * np + to.index())?,
                    _ => 0,
                };
                let rows = 2 * usize::from(self.near_count[loc.index()]);
                Some((2 * w + k, row * width + cell, rows * width))
            }
            _ => None,
        }
    }
}

/// Where an order's text is found: a kind of order (below `ROW_KINDS`), the unit's type
/// and location, the other unit's (or a railroad), and the column in the row.
struct TextKey {
    kind: usize,
    me_kind: usize,
    me: usize,
    other_kind: usize,
    other: usize,
    column: usize,
}

/// The place of a legal order's text: every legal order MILA's notation tells apart has
/// its own. A unit's hold and moves share a row (a move never goes to the unit's own
/// location), as do its support of another's hold and of its moves (a move never goes
/// to the mover's own province).
#[inline]
fn order_key(order: &LegalOrder) -> TextKey {
    let kind = kind_index;
    let (me_kind, me) = match order.unit {
        Some((k, loc)) => (kind(k), loc.index()),
        None => (0, 0),
    };
    let (row, other_kind, other, column) = match order.action {
        LegalAction::Hold => (0, 0, 0, me),
        LegalAction::Move { to } => (0, 0, 0, to.index()),
        LegalAction::MoveByConvoy { to } => (ROW_MOVE_BY_CONVOY, 0, 0, to.index()),
        LegalAction::Rail { railroad, to } => (2, 0, usize::from(railroad), to.index()),
        LegalAction::SupportHold { target, at } => (ROW_SUPPORT, kind(target), at.index(), at.index()),
        LegalAction::SupportMove { target, at, to } => (ROW_SUPPORT, kind(target), at.index(), to.index()),
        LegalAction::Convoy { army, to } => (ROW_CONVOY, 0, army.index(), to.index()),
        LegalAction::Retreat { to } => (5, 0, 0, to.index()),
        LegalAction::Disband => (5, 0, 0, me),
        LegalAction::Build => (6, 0, 0, 0),
        LegalAction::Remove => (7, 0, 0, 0),
        // A waive names no unit: one text whatever the power.
        LegalAction::Waive => (8, 0, 0, 0),
    };
    TextKey { kind: row, me_kind, me, other_kind, other, column }
}

/// A unit type's index in the table's blocks and rows.
#[inline(always)]
fn kind_index(kind: UnitKind) -> usize {
    match kind {
        UnitKind::Army => 0,
        UnitKind::Fleet => 1,
    }
}

/// Loaded maps by variant name.
static MAPS: Mutex<Vec<(&'static str, Arc<MapCache>)>> = Mutex::new(Vec::new());

/// The shared parts of an embedded variant, loaded on first use. `name` is a variant's
/// name or MILA's name of a map dip has (`ancmed`, `standard_france_austria`), in any
/// case; both names of a map share one cache.
pub fn map_cache(py: Python<'_>, name: &str) -> PyResult<Arc<MapCache>> {
    let name = crate::mila_map::variant_name(name).ok_or_else(|| crate::mila_map::unknown_map(name))?;
    let mut maps = MAPS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, cache)) = maps.iter().find(|(n, _)| *n == name) {
        return Ok(cache.clone());
    }
    let map = dip::variant(name).map_err(crate::convert::load_error)?;
    let mut keys: Vec<Py<PyString>> =
        map.locations().map(|l| PyString::new(py, &map.loc_abbr(l).to_ascii_uppercase()).unbind()).collect();
    // MILA's impassable places of the board (`SWI`): keys of every listing, with no orders.
    if let Some(mila) = dip::formats::saved::mila_map(map.name()) {
        let shut = dip::formats::saved::MILA_IMPASSABLE.iter().filter(|(root, ..)| *root == mila.root);
        keys.extend(shut.map(|&(_, abbr, ..)| PyString::new(py, abbr).unbind()));
    }
    let powers = map.powers().map(|p| PyString::new(py, &dip::formats::saved::power_key(&map, p)).unbind()).collect();
    let template = PyDict::new(py);
    for key in &keys {
        template.set_item(key.bind(py), py.None())?;
    }
    let template = template.unbind();
    let orders = Mutex::new(OrderTexts::new(&map));
    let dicts = crate::dicts::DictPool::default();
    let rules = Mutex::new(Vec::new());
    let mut by_name: Vec<dip::ProvinceId> = map.provinces().collect();
    by_name.sort_by_key(|&p| map.province(p).abbr.to_ascii_uppercase());
    let mut name_rank = vec![0u16; map.province_count()];
    for (rank, p) in by_name.iter().enumerate() {
        name_rank[p.index()] = rank as u16;
    }
    let mut position = dip::Position::opening(&map);
    let centre_order = Arc::new(crate::mila::opening_centre_order(&map, &position.owners));
    let unit_order = Arc::new(position.units.iter().map(|u| u.loc).collect());
    position.normalise();
    let opening = Opening { position, unit_order, centre_order };
    let cache =
        Arc::new(MapCache { map: Arc::new(map), keys, name_rank, powers, template, dicts, orders, rules, opening });
    maps.push((name, cache.clone()));
    Ok(cache)
}

/// FxHash (the hasher of rustc): orders hash a few small integers, for which SipHash's
/// resistance to chosen keys is not needed and costs several times more.
#[derive(Default, Clone, Copy, Debug)]
pub struct FxHasher(u64);

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }
    fn write_u16(&mut self, i: u16) {
        self.write_u64(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn finish(&self) -> u64 {
        // A product's low bits depend only on its factors' low bits, and the table picks
        // buckets by the low bits: the well-mixed high bits are turned down (as
        // rustc-hash 2 does).
        self.0.rotate_left(26)
    }
}

/// For the tests: how many texts and cells the text table of an embedded variant keeps
/// (emptied now); small limits make it empty and fill again within a game.
#[pyfunction]
pub fn _set_text_table_limits(py: Python<'_>, map_name: &str, max_orders: usize, max_cells: usize) -> PyResult<()> {
    map_cache(py, map_name)?.order_texts().set_limits(max_orders, max_cells);
    Ok(())
}

/// For the tests: how many listing dicts of an embedded variant were filled again so far.
#[pyfunction]
pub fn _listing_dicts_reused(py: Python<'_>, map_name: &str) -> PyResult<u64> {
    Ok(map_cache(py, map_name)?.dicts.reused())
}

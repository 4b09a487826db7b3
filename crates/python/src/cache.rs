//! What games on one map share: the map itself (loaded once per process), its location
//! names as Python strings, and the MILA text of every order listed so far. Listing
//! possible orders is the hot path of agent loops; with the texts interned, a listing is
//! a table lookup and a reference count per order instead of formatting a new string.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex, MutexGuard};

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use dip::{Action, CoastSpec, Map, Order, Place, UnitKind, UnitSpec};

/// The shared parts of one map.
#[derive(Debug)]
pub struct MapCache {
    pub map: Arc<Map>,
    /// Location `i` as MILA names it (`PAR`, `STP/SC`).
    pub keys: Vec<Py<PyString>>,
    /// Every key mapped to None, in the keys' order: copied to start each listing.
    pub template: Py<PyDict>,
    orders: Mutex<OrderTexts>,
}

/// The MILA text of every order listed so far: by a compact key for the orders legal-order
/// listing makes (one multiply a lookup), by the whole order for the rest.
#[derive(Debug, Default)]
pub struct OrderTexts {
    by_key: HashMap<u64, Py<PyString>, BuildHasherDefault<FxHasher>>,
    by_order: HashMap<Order, Py<PyString>, BuildHasherDefault<FxHasher>>,
}

/// Interned order texts kept at most, so a long run on a huge map cannot grow without end.
const MAX_ORDERS: usize = 500_000;

impl MapCache {
    /// The order texts, locked for a whole listing. The GIL serialises callers, so the
    /// lock is never contended; a poisoned lock only means a panic elsewhere, and the
    /// table is still a valid cache.
    pub fn order_texts(&self) -> MutexGuard<'_, OrderTexts> {
        self.orders.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl OrderTexts {
    /// The order's MILA text as a Python string, made once per map.
    pub fn text<'py>(&mut self, py: Python<'py>, map: &Map, order: &Order) -> Bound<'py, PyString> {
        let key = order_key(order);
        let found = match key {
            Some(key) => self.by_key.get(&key),
            None => self.by_order.get(order),
        };
        if let Some(text) = found {
            return text.bind(py).clone();
        }
        let text = PyString::new(py, &order.display_mila(map).to_string());
        if self.by_key.len() + self.by_order.len() >= MAX_ORDERS {
            self.by_key.clear();
            self.by_order.clear();
        }
        match key {
            Some(key) => self.by_key.insert(key, text.clone().unbind()),
            None => self.by_order.insert(order.clone(), text.clone().unbind()),
        };
        text
    }
}

/// A key that tells apart every order MILA's notation tells apart, for the orders listed
/// as legal: the action, the unit types, and up to three places as location ids (a coast's
/// own id, else the province's), 4 + 2 + 2 + 3 × 16 bits. None for anything else (a
/// nationality, a convoy path, an unknown coast, railroads and canals).
fn order_key(order: &Order) -> Option<u64> {
    let place = |p: &Place| -> Option<u64> {
        match &p.coast {
            None => Some(u64::from(p.province.0)),
            Some(CoastSpec::Known(loc)) => Some(u64::from(u16::try_from(loc.index()).ok()?)),
            Some(CoastSpec::Unknown(_)) => None,
        }
    };
    let kind = |k: Option<UnitKind>| match k {
        None => 0u64,
        Some(UnitKind::Army) => 1,
        Some(UnitKind::Fleet) => 2,
    };
    let unit = |u: &UnitSpec| -> Option<(u64, u64)> { u.power.is_none().then_some((kind(u.kind), place(&u.place)?)) };
    let (me_kind, me) = unit(&order.unit)?;
    let (tag, other_kind, a, b) = match &order.action {
        Action::Hold => (0, 0, 0, 0),
        Action::Move { to, via_convoy, path } if path.is_empty() => (1 + u64::from(*via_convoy), 0, place(to)?, 0),
        Action::SupportHold { target } => {
            let (k, at) = unit(target)?;
            (3, k, at, 0)
        }
        Action::SupportMove { target, to } => {
            let (k, at) = unit(target)?;
            (4, k, at, place(to)?)
        }
        Action::Convoy { army, to } => {
            let (k, at) = unit(army)?;
            (5, k, at, place(to)?)
        }
        Action::Retreat { to } => (6, 0, place(to)?, 0),
        Action::Disband => (7, 0, 0, 0),
        Action::Build => (8, 0, 0, 0),
        Action::Remove => (9, 0, 0, 0),
        // A waive names no unit: one text whatever the unit field holds.
        Action::Waive => return Some(10),
        _ => return None,
    };
    Some(tag | me_kind << 4 | other_kind << 6 | me << 8 | a << 24 | b << 40)
}

static MAPS: Mutex<Vec<(String, Arc<MapCache>)>> = Mutex::new(Vec::new());

/// The shared parts of an embedded variant, loaded on first use.
pub fn map_cache(py: Python<'_>, name: &str) -> PyResult<Arc<MapCache>> {
    let mut maps = MAPS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, cache)) = maps.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
        return Ok(cache.clone());
    }
    let map = dip::variant(name).map_err(crate::convert::load_error)?;
    let keys = map.locations().map(|l| PyString::new(py, &map.loc_abbr(l).to_ascii_uppercase()).unbind()).collect();
    let keys: Vec<Py<PyString>> = keys;
    let template = PyDict::new(py);
    for key in &keys {
        template.set_item(key.bind(py), py.None())?;
    }
    let template = template.unbind();
    let cache = Arc::new(MapCache { map: Arc::new(map), keys, template, orders: Mutex::new(OrderTexts::default()) });
    maps.push((name.to_ascii_lowercase(), cache.clone()));
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
        self.0
    }
}

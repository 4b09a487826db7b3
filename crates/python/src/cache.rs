//! What games on one map share: the map itself (loaded once per process), its location
//! names as Python strings, and the MILA text of every order listed so far. Listing
//! possible orders is the hot path of agent loops; with the texts interned, a listing is
//! a table lookup and a reference count per order instead of formatting a new string.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex};

use pyo3::prelude::*;
use pyo3::types::PyString;

use dip::{Map, Order};

/// The shared parts of one map.
#[derive(Debug)]
pub struct MapCache {
    pub map: Arc<Map>,
    /// Location `i` as MILA names it (`PAR`, `STP/SC`).
    pub keys: Vec<Py<PyString>>,
    orders: Mutex<HashMap<Order, Py<PyString>, BuildHasherDefault<FxHasher>>>,
}

/// Interned order texts kept at most, so a long run on a huge map cannot grow without end.
const MAX_ORDERS: usize = 500_000;

impl MapCache {
    /// The order's MILA text as a Python string, made once per map.
    pub fn order_text<'py>(&self, py: Python<'py>, order: &Order) -> Bound<'py, PyString> {
        // The GIL serialises callers, so the lock is never contended; a poisoned lock only
        // means a panic elsewhere, and the table is still a valid cache.
        let mut table = self.orders.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(text) = table.get(order) {
            return text.bind(py).clone();
        }
        let text = PyString::new(py, &order.display_mila(&self.map).to_string());
        if table.len() >= MAX_ORDERS {
            table.clear();
        }
        table.insert(order.clone(), text.clone().unbind());
        text
    }
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
    let cache = Arc::new(MapCache { map: Arc::new(map), keys, orders: Mutex::new(HashMap::default()) });
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

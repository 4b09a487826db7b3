//! The dicts `get_all_possible_orders` hands out, filled again in place once no one else
//! holds them.
//!
//! A listing's dict has every location of the map as a key, each with its own list (81
//! on Standard), and making one costs more than the listing it holds: 81 lists made, 81
//! entries set (a hash lookup each), later 81 lists freed. An agent loop drops each dict
//! by the next phase. So the map keeps the last few dicts it handed out, and one that
//! only it still holds (one reference) is out of everyone else's reach: it is filled
//! again, its entries and lists keeping their identity and the lists' items overwritten.
//! A dict someone holds, or whose keys someone changed, is never touched; a list someone
//! holds, or that is not a list any more, is replaced by a new one.
//!
//! Filling runs with no lock held: making lists may start the garbage collector and
//! dropping what a dict held may free an object a caller put there, either of which may
//! run Python code (a `__del__`), which may list again.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::cache::MapCache;

/// Dicts kept a map: enough for a loop that holds the last listing while it makes the
/// next, and a few games played side by side.
const KEPT: usize = 4;

/// The last dicts handed out for one map.
#[derive(Debug, Default)]
pub struct DictPool {
    kept: Mutex<Kept>,
    /// Dicts filled again so far (for the tests: reuse is invisible otherwise).
    reused: AtomicU64,
}

#[derive(Debug, Default)]
struct Kept {
    dicts: Vec<Py<PyDict>>,
    /// The slot the next dict replaces once all are taken.
    next: usize,
}

impl DictPool {
    /// A dict of the map's keys in order, key `i` mapped to a list of the next `lens[i]`
    /// of `texts`.
    pub fn fill<'py>(
        &self,
        py: Python<'py>,
        cache: &MapCache,
        texts: Vec<Bound<'py, PyString>>,
        lens: &[u32],
    ) -> PyResult<Bound<'py, PyDict>> {
        let keys = &cache.keys;
        let mut texts = texts.into_iter();
        let reused = self.take_free(py).and_then(|dict| values_in_key_order(&dict, cache).map(|v| (dict, v)));
        let dict = match reused {
            Some((dict, values)) => {
                self.reused.fetch_add(1, Ordering::Relaxed);
                for ((key, value), &len) in keys.iter().zip(values).zip(lens) {
                    let items = texts.by_ref().take(len as usize);
                    // Held by the dict and by `value` alone: no one else can see it.
                    let free = references(&value) == 2;
                    match value.cast_exact::<PyList>() {
                        Ok(list) if free => overwrite(list, items)?,
                        _ => dict.set_item(key.bind(py), PyList::new(py, items)?)?,
                    }
                }
                dict
            }
            None => {
                // A copy of the map's dict of keys: one copy, where filling a new dict
                // grows it several times.
                let dict = cache.template.bind(py).copy()?;
                for (key, &len) in keys.iter().zip(lens) {
                    dict.set_item(key.bind(py), PyList::new(py, texts.by_ref().take(len as usize))?)?;
                }
                dict
            }
        };
        // The dict it replaces in the pool, if any, is dropped (freed if no one holds it).
        drop(self.keep(dict.clone().unbind()));
        Ok(dict)
    }

    /// How many dicts were filled again so far.
    pub fn reused(&self) -> u64 {
        self.reused.load(Ordering::Relaxed)
    }

    /// A kept dict no one else holds, taken out of the pool.
    fn take_free<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyDict>> {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let i = kept.dicts.iter().position(|d| references(d.bind(py)) == 1)?;
        Some(kept.dicts.swap_remove(i).into_bound(py))
    }

    /// Keeps `dict`; returns the one it replaces, if any.
    fn keep(&self, dict: Py<PyDict>) -> Option<Py<PyDict>> {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if kept.dicts.len() < KEPT {
            kept.dicts.push(dict);
            return None;
        }
        let slot = kept.next % KEPT;
        kept.next = kept.next.wrapping_add(1);
        Some(std::mem::replace(&mut kept.dicts[slot], dict))
    }
}

/// The dict's values, when its keys are still exactly the map's keys in their order.
fn values_in_key_order<'py>(dict: &Bound<'py, PyDict>, cache: &MapCache) -> Option<Vec<Bound<'py, PyAny>>> {
    if dict.len() != cache.keys.len() {
        return None;
    }
    let mut values = Vec::with_capacity(cache.keys.len());
    for ((key, value), ours) in dict.iter().zip(&cache.keys) {
        if !key.is(ours) {
            return None;
        }
        values.push(value);
    }
    Some(values)
}

/// Makes `list` hold `items`, item by item.
fn overwrite<'py>(list: &Bound<'py, PyList>, items: impl Iterator<Item = Bound<'py, PyString>>) -> PyResult<()> {
    let len = list.len();
    let mut count = 0;
    for item in items {
        if count < len {
            list.set_item(count, item)?;
        } else {
            list.append(item)?;
        }
        count += 1;
    }
    if count < len {
        truncate(list, count)?;
    }
    Ok(())
}

/// Drops the items of `list` from `len` on (`PyList_SetSlice`: the sequence protocol's
/// `del_slice` makes a slice object and costs several times more).
#[allow(unsafe_code)]
fn truncate(list: &Bound<'_, PyList>, len: usize) -> PyResult<()> {
    let from = pyo3::ffi::Py_ssize_t::try_from(len)?;
    // SAFETY: the GIL is held and `list` is a live list; a null value deletes the slice.
    let done =
        unsafe { pyo3::ffi::PyList_SetSlice(list.as_ptr(), from, pyo3::ffi::PY_SSIZE_T_MAX, std::ptr::null_mut()) };
    if done != 0 {
        return Err(PyErr::fetch(list.py()));
    }
    Ok(())
}

/// How many references to `object` there are.
#[allow(unsafe_code)]
fn references<T>(object: &Bound<'_, T>) -> isize {
    // SAFETY: the GIL is held (a `Bound`) and the object is alive while borrowed.
    unsafe { pyo3::ffi::Py_REFCNT(object.as_ptr()) }
}

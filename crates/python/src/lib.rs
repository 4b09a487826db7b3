//! `dip._dip`: the compiled half of the `dip` Python package (PyO3, built by maturin).
//!
//! The Python modules in `python/dip/` are thin: everything that costs time (parsing,
//! adjudicating, listing legal orders, cloning games, batches) happens here. Every entry
//! point returns a `PyResult`; dip's errors become the exception classes below, and pyo3
//! turns any panic that slipped through into `pyo3_runtime.PanicException` at the
//! boundary instead of unwinding into the interpreter.

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

/// Games are played on rayon's threads and their boards freed or grown on others; the
/// system allocator serialises such frees on a lock, mimalloc does not.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `purge_delay` option (`mi_option_purge_delay` in its `mimalloc.h`, v2 and v3).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Keeps the pages of freed memory for reuse instead of giving them back to the system
/// after a delay: an agent loop frees and makes boards and order lists all the time, and
/// pages given back fault in again on the next use, which tripled the time of a phase
/// played on fresh games (6 µs to 20 µs) in the benchmark. Memory then stays at its peak
/// until the process ends, as with most allocators.
#[allow(unsafe_code)]
fn keep_freed_pages() {
    // SAFETY: mi_option_set only writes an entry of mimalloc's option table, which it reads
    // atomically; any value is valid for this option (-1: never purge).
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, -1) }
}

mod cache;
mod convert;
mod core;
mod dicts;
mod mila;

create_exception!(_dip, DipError, PyException, "Base class of every error dip raises.");
create_exception!(_dip, ParseError, DipError, "An order that cannot be read.");
create_exception!(_dip, LoadError, DipError, "An unknown variant or a variant file that does not load.");
create_exception!(_dip, PositionError, DipError, "A position that is not of the map or breaks the rules of the board.");
create_exception!(_dip, RulesError, DipError, "An unknown rule preset, issue or choice.");
create_exception!(_dip, AdjudicationError, DipError, "Orders or a phase that cannot be adjudicated.");
create_exception!(_dip, GameError, DipError, "A saved game or game state that cannot be read.");

#[pymodule]
fn _dip(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    keep_freed_pages();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("DipError", py.get_type::<DipError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("LoadError", py.get_type::<LoadError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("AdjudicationError", py.get_type::<AdjudicationError>())?;
    m.add("GameError", py.get_type::<GameError>())?;
    core::register(m)?;
    mila::register(m)?;
    Ok(())
}

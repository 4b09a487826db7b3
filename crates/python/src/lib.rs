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

/// mimalloc's options set here (their indexes in `mi_option_t` of mimalloc v3's
/// `mimalloc.h`, the version libmimalloc-sys builds).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;
const MI_OPTION_ALLOW_THP: libmimalloc_sys::mi_option_t = 43;

/// Sets mimalloc up for the way agent loops use memory.
///
/// Keeps the pages of freed memory for reuse instead of giving them back to the system
/// after a delay: an agent loop frees and makes boards and order lists all the time, and
/// pages given back fault in again on the next use, which tripled the time of a phase
/// played on fresh games (6 µs to 20 µs) in the benchmark. Memory then stays at its peak
/// until the process ends, as with most allocators.
///
/// And asks for no transparent huge pages: a game's history grows by a record a phase,
/// and a fresh huge page is 2 MB zeroed at once, which on the virtual machines measured
/// stalled a thread for milliseconds (`process_many` over 2,048 games took 0.15 s or
/// 0.45 s on one thread, by whether the kernel had huge pages at hand, and its scaling to
/// two threads swung between 1.5× and 5×). With small pages both are steady (0.18 s,
/// 1.85–1.90×) and a random game's phase costs the same.
#[allow(unsafe_code)]
fn configure_allocator() {
    // SAFETY: mi_option_set only writes an entry of mimalloc's option table, which it reads
    // atomically; any value is valid for these options (purge delay -1: never purge; THP
    // 0: off). Set when the module loads, before this library's first allocation.
    unsafe {
        libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, -1);
        libmimalloc_sys::mi_option_set(MI_OPTION_ALLOW_THP, 0);
    }
}

mod cache;
mod convert;
mod core;
mod dicts;
mod env;
mod mila;
mod mila_map;

create_exception!(_dip, DipError, PyException, "Base class of every error dip raises.");
create_exception!(_dip, ParseError, DipError, "An order that cannot be read.");
create_exception!(_dip, LoadError, DipError, "An unknown variant or a variant file that does not load.");
create_exception!(_dip, PositionError, DipError, "A position that is not of the map or breaks the rules of the board.");
create_exception!(_dip, RulesError, DipError, "An unknown rule preset, issue or choice.");
create_exception!(_dip, AdjudicationError, DipError, "Orders or a phase that cannot be adjudicated.");
create_exception!(_dip, GameError, DipError, "A saved game or game state that cannot be read.");
create_exception!(
    _dip,
    DifferingBoardsWarning,
    pyo3::exceptions::PyUserWarning,
    "A board a saved game records that its orders do not make, read with differing_boards=\"report\"."
);

#[pymodule]
fn _dip(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    configure_allocator();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("DipError", py.get_type::<DipError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("LoadError", py.get_type::<LoadError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("AdjudicationError", py.get_type::<AdjudicationError>())?;
    m.add("GameError", py.get_type::<GameError>())?;
    m.add("DifferingBoardsWarning", py.get_type::<DifferingBoardsWarning>())?;
    core::register(m)?;
    mila::register(m)?;
    mila_map::register(m)?;
    env::register(m)?;
    Ok(())
}

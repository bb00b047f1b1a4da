//! `exactcover._native`: the Rust engine for the Python package
//! (python/exactcover/). The package's Python layer turns Python's items
//! (any hashable) into numbers and calls these classes; everything here
//! works on numbered items and options.
//!
//! Every search runs without the GIL. A search that is not over after a
//! few thousand nodes goes on in a worker thread while the calling thread
//! checks for signals every 20 ms (`Python::check_signals`): Ctrl-C raises
//! `KeyboardInterrupt` and sets the search's cancel flag
//! (`exactcover::Budget::with_cancel_flag`), which stops it within microseconds.
//! Nothing here panics into Python: a panic in a search is caught and
//! raised as `RuntimeError`.

mod errors;
mod matrix;
mod run;
mod sudoku;

use pyo3::prelude::*;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<matrix::Matrix>()?;
    m.add_class::<matrix::Stream>()?;
    m.add_class::<matrix::ZddDiagram>()?;
    m.add_class::<sudoku::Board>()?;
    m.add("ENGINE_VERSION", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}

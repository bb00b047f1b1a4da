//! Running a search without the GIL, stoppable by Ctrl-C, within the
//! caller's budget (`timeout=`, `max_nodes=`).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use exactcover::{Budget, Interruption};
use pyo3::prelude::*;

use crate::errors::Fail;

/// How often the calling thread looks for a signal while a worker searches.
pub const POLL: Duration = Duration::from_millis(20);

/// The nodes a search may take on the calling thread before it is handed
/// to a worker (a millisecond or so): short searches pay no thread.
pub const FAST_NODES: u64 = 50_000;

/// The caller's budget: a deadline (from `timeout=` seconds) and a node cap.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub deadline: Option<Instant>,
    pub max_nodes: Option<u64>,
}

impl Limits {
    pub fn new(timeout: Option<f64>, max_nodes: Option<u64>) -> PyResult<Limits> {
        let deadline = match timeout {
            None => None,
            Some(t) if t.is_finite() && t >= 0.0 => {
                Instant::now().checked_add(Duration::from_secs_f64(t.min(1e9)))
            }
            Some(t) => {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "timeout must be a number of seconds, 0 or more: {t}"
                )));
            }
        };
        Ok(Limits {
            deadline,
            max_nodes,
        })
    }

    /// The budget of one run: the caller's, the cancel flag, and a cap.
    pub fn budget(&self, cancel: &Arc<AtomicBool>, cap: Option<u64>) -> Budget {
        let mut budget = Budget::new().with_cancel_flag(cancel.clone());
        if let Some(deadline) = self.deadline {
            budget = budget.with_deadline(deadline);
        }
        let nodes = match (self.max_nodes, cap) {
            (Some(a), Some(c)) => Some(a.min(c)),
            (a, c) => a.or(c),
        };
        if let Some(nodes) = nodes {
            budget = budget.with_max_nodes(nodes);
        }
        budget
    }
}

/// `job` as a result, a panic caught as a [`Fail`].
pub fn guarded<T>(job: impl FnOnce() -> Result<T, Fail>) -> Result<T, Fail> {
    catch_unwind(AssertUnwindSafe(job)).unwrap_or_else(|p| Err(Fail::panic(p)))
}

/// Runs `job` with a budget made from `limits`: first on the calling
/// thread, capped at a few thousand nodes (without the GIL); if the cap
/// stopped it, again from the start in a worker thread while this thread
/// checks for signals. Ctrl-C cancels the worker and raises
/// `KeyboardInterrupt`.
pub fn run<T: Send>(
    py: Python<'_>,
    limits: &Limits,
    job: &(dyn Fn(Budget) -> Result<T, Fail> + Sync),
) -> PyResult<T> {
    let cancel = Arc::new(AtomicBool::new(false));
    let capped = limits.max_nodes.is_none_or(|n| n > FAST_NODES);
    let cap = capped.then_some(FAST_NODES);
    let first = py.detach(|| guarded(|| job(limits.budget(&cancel, cap))));
    match first {
        Err(Fail::Interrupted {
            reason: Interruption::NodeLimit,
            ..
        }) if capped => {}
        other => return other.map_err(|f| f.into_pyerr(py)),
    }
    run_on_worker(py, limits, job)
}

/// Runs `job` in a worker thread while this thread checks for signals
/// (for searches whose answer a node cap would change, and long ones).
pub fn run_on_worker<T: Send>(
    py: Python<'_>,
    limits: &Limits,
    job: &(dyn Fn(Budget) -> Result<T, Fail> + Sync),
) -> PyResult<T> {
    let cancel = Arc::new(AtomicBool::new(false));
    let outcome = py.detach(|| {
        thread::scope(|s| {
            let (tx, rx) = mpsc::channel();
            let flag = cancel.clone();
            s.spawn(move || {
                let _ = tx.send(guarded(|| job(limits.budget(&flag, None))));
            });
            wait(&rx, &cancel)
        })
    });
    match outcome {
        Ok(result) => result.map_err(|f| f.into_pyerr(py)),
        Err(interrupt) => Err(interrupt),
    }
}

/// Waits for the worker's answer, checking for signals; on a signal, sets
/// `cancel`, waits for the worker to stop and returns the signal's error.
fn wait<T>(
    rx: &mpsc::Receiver<Result<T, Fail>>,
    cancel: &AtomicBool,
) -> Result<Result<T, Fail>, PyErr> {
    loop {
        match rx.recv_timeout(POLL) {
            Ok(result) => return Ok(result),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(e) = Python::attach(|py| py.check_signals()) {
                    cancel.store(true, Ordering::Relaxed);
                    let _ = rx.recv();
                    return Err(e);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Ok(Err(Fail::raise(
                    "builtins.RuntimeError",
                    "internal error: the search thread ended without an answer",
                )));
            }
        }
    }
}

/// What a worker streaming solutions sends: a solution, or why it stopped
/// early (the end of the channel is the end of the solutions).
pub type Streamed = Result<Vec<usize>, Fail>;

/// A worker thread producing solutions into a bounded channel; dropping
/// the receiver or setting the flag stops it.
pub struct Producer {
    pub rx: mpsc::Receiver<Streamed>,
    pub cancel: Arc<AtomicBool>,
}

impl Producer {
    /// Starts `work` on a thread: it gets the sender and the cancel flag.
    pub fn start<F>(work: F) -> Producer
    where
        F: FnOnce(&mpsc::SyncSender<Streamed>, &Arc<AtomicBool>) -> Result<(), Fail>
            + Send
            + 'static,
    {
        let (tx, rx) = mpsc::sync_channel(256);
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = cancel.clone();
        thread::spawn(move || {
            if let Err(f) = guarded(|| work(&tx, &flag)) {
                let _ = tx.send(Err(f));
            }
        });
        Producer { rx, cancel }
    }

    /// The next solution (`None` at the end), waiting without the GIL and
    /// checking for signals.
    pub fn next(&mut self, py: Python<'_>) -> PyResult<Option<Vec<usize>>> {
        loop {
            let rx = &mut self.rx;
            match py.detach(move || rx.recv_timeout(POLL)) {
                Ok(Ok(solution)) => return Ok(Some(solution)),
                Ok(Err(fail)) => return Err(fail.into_pyerr(py)),
                Err(RecvTimeoutError::Timeout) => py.check_signals()?,
                Err(RecvTimeoutError::Disconnected) => return Ok(None),
            }
        }
    }
}

impl Drop for Producer {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

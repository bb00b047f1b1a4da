//! The progress of one long count, shown on a terminal.
//!
//! A count can run for hours (an empty 9x9 grid has 6.67e21 solutions). A
//! [`Watch`] gives the search a [`Progress`](exactcover::Progress), whose
//! estimate a count interrupted by a signal reports. When standard error is
//! a terminal, once the count has run for a second, it also shows a line
//! that says how far it is: the solutions so far, the nodes tried, and
//! Knuth's estimate of the fraction of the search tree walked. The line is
//! cleared when the count ends.

use std::io::{self, IsTerminal};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use exactcover::{Budget, Progress};
use indicatif::{ProgressBar, ProgressStyle};

/// How long a count runs before its progress is shown.
const QUIET: Duration = Duration::from_secs(1);

/// How often the line is redrawn.
const TICK: Duration = Duration::from_millis(250);

/// The progress of one count, and the line that shows it, drawn by a thread
/// of its own.
pub struct Watch {
    done: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    progress: Arc<Progress>,
}

impl Watch {
    /// Watches a count that `budget` will bound, labelled `what` (a file
    /// and line); returns the budget to count with, which reports the
    /// progress. The line is drawn only when standard error is a terminal
    /// and `shown` (not with `--quiet`).
    pub fn start_shown(what: String, budget: &Budget, shown: bool) -> (Watch, Budget) {
        let progress = Arc::new(Progress::new());
        let budget = budget.clone().with_progress(Arc::clone(&progress));
        let done = Arc::new(AtomicBool::new(false));
        let thread = (shown && io::stderr().is_terminal()).then(|| {
            let (finished, shown) = (Arc::clone(&done), Arc::clone(&progress));
            thread::spawn(move || draw(&what, &shown, &finished))
        });
        let watch = Watch {
            done,
            thread,
            progress,
        };
        (watch, budget)
    }

    /// Knuth's estimate of the part of the tree walked, at the count's
    /// latest report (see [`Progress`]).
    pub fn estimate(&self) -> f64 {
        self.progress.estimate()
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            thread.thread().unpark();
            let _ = thread.join();
        }
    }
}

/// The watching thread: waits, then redraws the line until `done`.
fn draw(what: &str, progress: &Progress, done: &AtomicBool) {
    let started = Instant::now();
    let mut bar: Option<ProgressBar> = None;
    while !done.load(Ordering::Relaxed) {
        // Woken at once when the count ends (see `Drop`).
        thread::park_timeout(TICK);
        if started.elapsed() < QUIET {
            continue;
        }
        let bar = bar.get_or_insert_with(|| {
            let bar = ProgressBar::new_spinner();
            let style = ProgressStyle::with_template("{spinner} {wide_msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner());
            bar.set_style(style);
            bar
        });
        bar.set_message(progress.status(what, started.elapsed()));
        bar.tick();
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
}

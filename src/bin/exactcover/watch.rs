//! The progress of one long count on a terminal.
//!
//! A count can run for hours (an empty 9x9 grid has 6.67e21 solutions). When
//! standard error is a terminal, a [`Watch`] gives the search a
//! [`Progress`](exactcover::Progress) and, once the count has run for a
//! second, shows a line that says how far it is: the solutions so far, the
//! nodes tried, and Knuth's estimate of the fraction of the search tree
//! walked. The line is cleared when the count ends.

use std::io::{self, IsTerminal};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use exactcover::{Budget, Progress};
use indicatif::{HumanCount, ProgressBar, ProgressStyle};

/// How long a count runs before its progress is shown.
const QUIET: Duration = Duration::from_secs(1);

/// How often the line is redrawn.
const TICK: Duration = Duration::from_millis(250);

/// A progress line for one count, drawn by a thread of its own.
pub struct Watch {
    done: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Watch {
    /// Watches a count that `budget` will bound, labelled `what` (a file
    /// and line); returns the budget to count with. Without a terminal on
    /// standard error nothing is watched and the budget is returned as it is.
    pub fn start(what: String, budget: &Budget) -> (Option<Watch>, Budget) {
        if !io::stderr().is_terminal() {
            return (None, budget.clone());
        }
        let progress = Arc::new(Progress::new());
        let budget = budget.clone().with_progress(Arc::clone(&progress));
        let done = Arc::new(AtomicBool::new(false));
        let finished = Arc::clone(&done);
        let thread = thread::spawn(move || draw(&what, &progress, &finished));
        let watch = Watch {
            done,
            thread: Some(thread),
        };
        (Some(watch), budget)
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
        bar.set_message(line(what, progress, started.elapsed()));
        bar.tick();
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
}

/// The progress line: `FILE:LINE: 12,345 solutions, 6,789,012 nodes, 3.21%
/// of the tree, 42s` (the fraction is Knuth's estimate; below 0.01% it is
/// written like `2.5e-9%`).
pub fn line(what: &str, progress: &Progress, elapsed: Duration) -> String {
    let percent = 100.0 * progress.estimate();
    let fraction = if percent == 0.0 || percent >= 0.01 {
        format!("{percent:.2}%")
    } else {
        format!("{percent:.1e}%")
    };
    format!(
        "{what}: {} solutions, {} nodes, {fraction} of the tree, {}s",
        HumanCount(progress.solutions()),
        HumanCount(progress.nodes()),
        elapsed.as_secs()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_says_solutions_nodes_and_the_estimate() {
        let progress = Progress::new();
        let text = line("-:1", &progress, Duration::from_secs(3));
        assert_eq!(text, "-:1: 0 solutions, 0 nodes, 0.00% of the tree, 3s");
    }
}

//! SIGINT and SIGTERM: a long search stops cleanly and says what it knows.
//!
//! A count can run for hours, and a cluster pre-empts jobs with SIGTERM. Once
//! [`install`]ed (by `cover`, `solve` and `count`), the first SIGINT or
//! SIGTERM raises the cancellation flag that every search's budget carries
//! ([`cancel_flag`]): the search stops at its next look at the flag (every
//! 1,024 nodes), the command prints what it knows as it would after a
//! timeout (`N?` for a count, with the nodes and Knuth's estimate on
//! standard error; a part's JSON line marked unfinished; a batch ends on
//! whole lines), and then [`finish`] ends the process by the same signal, so
//! that a shell sees the status it would have seen (130 for SIGINT, 143 for
//! SIGTERM) and a script that was interrupted stops too.
//!
//! A second signal ends the process at once, and so does a signal that
//! comes while the command waits for standard input ([`Reading`]): there is
//! nothing to stop cleanly then, and a person at a terminal expects one
//! Ctrl-C to be enough.

use std::fmt;
use std::io;
use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::{flag, low_level};

/// The flags the handlers set.
struct Flags {
    /// Raised by the first signal; every search's budget carries it.
    cancel: Arc<AtomicBool>,
    /// The number of the first signal caught (0: none yet).
    caught: Arc<AtomicUsize>,
    /// Raised while the command waits for standard input: a signal then
    /// ends the process at once.
    reading: Arc<AtomicBool>,
}

static FLAGS: OnceLock<Flags> = OnceLock::new();

/// Handles SIGINT and SIGTERM as the module says. Without it (in the other
/// commands) they end the process at once, as by default.
pub fn install() -> io::Result<()> {
    let flags = Flags {
        cancel: Arc::new(AtomicBool::new(false)),
        caught: Arc::new(AtomicUsize::new(0)),
        reading: Arc::new(AtomicBool::new(false)),
    };
    for signal in [SIGINT, SIGTERM] {
        // The handlers run in this order: the first two end the process as
        // the signal would (a second signal; a signal while reading), the
        // last two note the signal, then raise the flag the searches see.
        flag::register_conditional_default(signal, Arc::clone(&flags.cancel))?;
        flag::register_conditional_default(signal, Arc::clone(&flags.reading))?;
        flag::register_usize(signal, Arc::clone(&flags.caught), signal as usize)?;
        flag::register(signal, Arc::clone(&flags.cancel))?;
    }
    let _ = FLAGS.set(flags);
    Ok(())
}

/// The flag a signal raises, for the budgets of searches; `None` when the
/// signals are not handled.
pub fn cancel_flag() -> Option<Arc<AtomicBool>> {
    FLAGS.get().map(|flags| Arc::clone(&flags.cancel))
}

/// A signal that was caught.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caught(i32);

impl fmt::Display for Caught {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            SIGINT => f.write_str("SIGINT"),
            SIGTERM => f.write_str("SIGTERM"),
            n => write!(f, "signal {n}"),
        }
    }
}

/// The signal caught, if one was.
pub fn caught() -> Option<Caught> {
    let number = FLAGS.get()?.caught.load(Ordering::SeqCst);
    i32::try_from(number).ok().filter(|&n| n != 0).map(Caught)
}

/// Why a search stopped, in words: "interrupted by SIGTERM" when a signal
/// raised the cancellation flag, else the budget's reason.
pub fn reason(why: exactcover::Interruption) -> String {
    match caught() {
        Some(signal) if why == exactcover::Interruption::Cancelled => {
            format!("interrupted by {signal}")
        }
        _ => why.to_string(),
    }
}

/// Ends the process by the signal caught, if one was: called once the
/// command has printed what it knows, so that whoever started it sees that
/// it was interrupted, as if the signal had ended it.
pub fn finish() {
    if let Some(Caught(signal)) = caught() {
        let _ = low_level::emulate_default_handler(signal);
    }
}

/// While it lives, the command waits for standard input, and a signal ends
/// the process at once (see the module).
pub struct Reading(());

impl Reading {
    /// Notes that the command is about to wait for standard input.
    pub fn start() -> Reading {
        if let Some(flags) = FLAGS.get() {
            flags.reading.store(true, Ordering::SeqCst);
        }
        Reading(())
    }
}

impl Drop for Reading {
    fn drop(&mut self) {
        if let Some(flags) = FLAGS.get() {
            flags.reading.store(false, Ordering::SeqCst);
        }
    }
}

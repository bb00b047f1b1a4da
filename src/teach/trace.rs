//! A readable trace of the search, for people learning Algorithm X.
//!
//! A [`Tracer`] is an [`Observer`]: handed to
//! [`Solver::visit_observed`], it writes the search as an indented tree, one
//! line per step that matters to a learner, in the names of the input:
//!
//! ```text
//! Level 0: A(2) B(2) C(2) D(3) E(2) F(2) G(3) -> A
//! try A D G (1 of 2)
//!   Level 1: B(1) C(2) E(1) F(2) -> B
//!   try B C F (1 of 1)
//!     Level 2: E(0) -> E: dead end
//!     backtrack
//!   backtrack
//! try A D (2 of 2)
//!   ...
//! ```
//!
//! A choice line lists, as Knuth's DLX1 does in its verbose mode, every
//! active primary item with its number of options (the first 16, then how
//! many more), and the item chosen: the first of fewest options. A line
//! at level `L` is indented by `2 L` spaces; a solution is a block at the
//! margin (`solution 1:`, its options one a line, an empty line). With
//! [`Tracer::with_covers`] the trace also writes every `cover` and
//! `uncover` with the number of nodes it hides or puts back.
//! The lengths come from a [`Links`](crate::teach::links::Links) copy of the
//! problem kept in step with the search, so a tracer is made for one
//! [`Problem`] (the one the solver searches, pre-selection included).
//! Items and options are named by a [`Labels`]: a [`Problem`] names items by
//! their names and options by their items; `sudoku::Rules` say `r3c5=7`
//! and `row 3 has 7`; [`FnLabels`](crate::problem::FnLabels) takes two closures.
//!
//! The trace goes to any [`Sink`]: a `String`, or any [`std::fmt::Write`]
//! or [`std::io::Write`] wrapped in [`Fmt`] or [`Io`]. After
//! [`Tracer::with_max_lines`] lines it writes one last line saying that it
//! was cut, and nothing more; the search goes on, and
//! [`Tracer::lines_total`] counts the lines the whole trace would have had.
//!
//! ```
//! // Knuth's matrix from "Dancing Links" (2000): items A to G, six options.
//! let toy = exactcover::problem::classic::knuth_toy();
//! let trace = exactcover::teach::trace::trace_problem(&toy, 100);
//! assert_eq!(
//!     trace,
//!     "Level 0: A(2) B(2) C(2) D(3) E(2) F(2) G(3) -> A\n\
//!      try A D G (1 of 2)\n\
//!      \x20 Level 1: B(1) C(2) E(1) F(2) -> B\n\
//!      \x20 try B C F (1 of 1)\n\
//!      \x20   Level 2: E(0) -> E: dead end\n\
//!      \x20   backtrack\n\
//!      \x20 backtrack\n\
//!      try A D (2 of 2)\n\
//!      \x20 Level 1: B(2) C(2) E(1) F(2) G(1) -> E\n\
//!      \x20 try C E F (1 of 1)\n\
//!      \x20   Level 2: B(1) G(1) -> B\n\
//!      \x20   try B G (1 of 1)\n\
//!      solution 1:\n\
//!      A D\n\
//!      C E F\n\
//!      B G\n\
//!      \n\
//!      \x20   backtrack\n\
//!      \x20 backtrack\n\
//!      backtrack\n"
//! );
//! ```

use std::fmt::Write as _;
use std::io;
use std::ops::ControlFlow;

use crate::engine::{Observer, Solver};
use crate::problem::Labels;
use crate::problem::Problem;
use crate::teach::recording::Shadow;

/// Where a trace is written, a line at a time.
///
/// Implemented by `String`, and by [`Fmt`] and [`Io`], which wrap any
/// [`std::fmt::Write`] and [`std::io::Write`].
///
/// ```
/// use exactcover::teach::trace::Sink;
///
/// let mut text = String::new();
/// text.line("one")?;
/// text.line("two")?;
/// assert_eq!(text, "one\ntwo\n");
/// # Ok::<(), std::io::Error>(())
/// ```
pub trait Sink {
    /// Writes `line` and a line feed.
    ///
    /// # Errors
    ///
    /// Whatever the underlying writer reports.
    fn line(&mut self, line: &str) -> io::Result<()>;
}

impl Sink for String {
    fn line(&mut self, line: &str) -> io::Result<()> {
        self.push_str(line);
        self.push('\n');
        Ok(())
    }
}

impl<S: Sink + ?Sized> Sink for &mut S {
    fn line(&mut self, line: &str) -> io::Result<()> {
        (**self).line(line)
    }
}

/// A [`Sink`] writing to a [`std::fmt::Write`].
///
/// ```
/// use exactcover::teach::trace::{Fmt, Sink};
///
/// let mut text = String::new();
/// Fmt(&mut text).line("hello")?;
/// assert_eq!(text, "hello\n");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Fmt<W>(pub W);

impl<W: std::fmt::Write> Sink for Fmt<W> {
    fn line(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.0, "{line}").map_err(|_| io::Error::other("formatter error"))
    }
}

/// A [`Sink`] writing to a [`std::io::Write`] (standard output, a file, a
/// `Vec<u8>`).
///
/// ```
/// use exactcover::teach::trace::{Io, Sink};
///
/// let mut bytes = Io(Vec::new());
/// bytes.line("hello")?;
/// assert_eq!(bytes.0, b"hello\n");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Io<W>(pub W);

impl<W: io::Write> Sink for Io<W> {
    fn line(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.0, "{line}")
    }
}

/// An [`Observer`] that writes the search as an indented tree.
///
/// See the [module documentation](self) for what it writes. The first error
/// of the sink stops the writing (the search goes on) and is returned by
/// [`Tracer::finish`].
///
/// ```
/// use std::ops::ControlFlow;
/// use exactcover::teach::trace::{Io, Tracer};
/// use exactcover::{Solver, sudoku};
///
/// let rules = sudoku::Rules::classic(sudoku::Shape::for_size(4)?);
/// let problem = rules.problem();
/// let mut solver = Solver::new(&problem);
/// let mut tracer = Tracer::new(&problem, &rules, Io(Vec::new())).with_max_lines(3);
/// solver.visit_observed(&mut tracer, |_| ControlFlow::Break(()));
/// assert!(tracer.is_cut());
/// let bytes = tracer.finish()?.0;
/// let text = String::from_utf8(bytes).unwrap();
/// assert_eq!(
///     text.lines().collect::<Vec<_>>(),
///     [
///         "Level 0: r1c1(4), r1c2(4), r1c3(4), r1c4(4), r2c1(4), r2c2(4), r2c3(4), r2c4(4), \
///          r3c1(4), r3c2(4), r3c3(4), r3c4(4), r4c1(4), r4c2(4), r4c3(4), r4c4(4), \
///          and 48 more -> r1c1",
///         "try r1c1=1 (1 of 4)",
///         "  Level 1: r1c2(3), r1c3(3), r1c4(3), r2c1(3), r2c2(3), r2c3(4), r2c4(4), r3c1(3), \
///          r3c2(4), r3c3(4), r3c4(4), r4c1(3), r4c2(4), r4c3(4), r4c4(4), row 1 has 2(3), \
///          and 44 more -> row 2 has 1",
///         "... trace cut after 3 lines (the search goes on)",
///     ]
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Tracer<L, S> {
    labels: L,
    sink: S,
    covers: bool,
    max_lines: u64,
    /// Lines the trace has had so far, written or not.
    total: u64,
    written: u64,
    cut: bool,
    error: Option<io::Error>,
    /// The links, kept in step with the engine: the lengths of the
    /// choice lines, the options of a solution.
    shadow: Shadow,
    solutions: u64,
    buffer: String,
}

impl<L: Labels, S: Sink> Tracer<L, S> {
    /// A tracer naming items and options by `labels` and writing to `sink`:
    /// no line limit, no `cover`/`uncover` lines.
    ///
    /// ```
    /// use exactcover::teach::trace::Tracer;
    /// let tracer = Tracer::new(&exactcover::Problem::new(), exactcover::Problem::new(), String::new());
    /// assert_eq!(tracer.lines_written(), 0);
    /// ```
    pub fn new(problem: &Problem, labels: L, sink: S) -> Tracer<L, S> {
        Tracer {
            labels,
            sink,
            covers: false,
            max_lines: u64::MAX,
            total: 0,
            written: 0,
            cut: false,
            error: None,
            shadow: Shadow::new(problem),
            solutions: 0,
            buffer: String::new(),
        }
    }

    /// Writes at most `max_lines` lines of trace, then one line saying that
    /// the trace was cut.
    ///
    /// ```
    /// use exactcover::teach::trace::Tracer;
    /// let tracer = Tracer::new(&exactcover::Problem::new(), exactcover::Problem::new(), String::new()).with_max_lines(10);
    /// assert_eq!(tracer.max_lines(), 10);
    /// ```
    pub fn with_max_lines(mut self, max_lines: u64) -> Tracer<L, S> {
        self.max_lines = max_lines;
        self
    }

    /// Also writes a line for every `cover` and `uncover` of an item (the
    /// verbose trace).
    ///
    /// ```
    /// use exactcover::teach::trace::Tracer;
    /// let mut problem = exactcover::Problem::new();
    /// problem.add_primary("A")?;
    /// problem.add_option([0])?;
    /// let mut solver = exactcover::Solver::new(&problem);
    /// let mut tracer = Tracer::new(&problem, &problem, String::new()).with_covers(true);
    /// solver.visit_observed(&mut tracer, |_| std::ops::ControlFlow::Continue(()));
    /// assert_eq!(
    ///     tracer.finish()?,
    ///     "Level 0: A(1) -> A\ncover A: hides 0 nodes\ntry A (1 of 1)\n\
    ///      solution 1:\nA\n\nuncover A: puts back 0 nodes\nbacktrack\n"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_covers(mut self, covers: bool) -> Tracer<L, S> {
        self.covers = covers;
        self
    }

    /// The most lines written before the trace is cut (`u64::MAX` unless set).
    ///
    /// ```
    /// let tracer = exactcover::teach::trace::Tracer::new(&exactcover::Problem::new(), exactcover::Problem::new(), String::new());
    /// assert_eq!(tracer.max_lines(), u64::MAX);
    /// ```
    pub fn max_lines(&self) -> u64 {
        self.max_lines
    }

    /// The lines of trace written so far (not counting the line that says
    /// the trace was cut).
    ///
    /// ```
    /// let tracer = exactcover::teach::trace::Tracer::new(&exactcover::Problem::new(), exactcover::Problem::new(), String::new());
    /// assert_eq!(tracer.lines_written(), 0);
    /// ```
    pub fn lines_written(&self) -> u64 {
        self.written
    }

    /// The lines the whole trace has had so far, including those not
    /// written because of the line limit.
    ///
    /// ```
    /// use exactcover::teach::trace::Tracer;
    /// let problem = exactcover::problem::classic::queens(4);
    /// let mut tracer = Tracer::new(&problem, &problem, String::new()).with_max_lines(5);
    /// let mut solver = exactcover::Solver::new(&problem);
    /// solver.visit_observed(&mut tracer, |_| std::ops::ControlFlow::Continue(()));
    /// assert_eq!(tracer.lines_written(), 5);
    /// assert!(tracer.lines_total() > 5);
    /// ```
    pub fn lines_total(&self) -> u64 {
        self.total
    }

    /// Whether the line limit cut the trace.
    ///
    /// ```
    /// let tracer = exactcover::teach::trace::Tracer::new(&exactcover::Problem::new(), exactcover::Problem::new(), String::new());
    /// assert!(!tracer.is_cut());
    /// ```
    pub fn is_cut(&self) -> bool {
        self.cut
    }

    /// The solutions seen so far.
    ///
    /// ```
    /// let tracer = exactcover::teach::trace::Tracer::new(&exactcover::Problem::new(), exactcover::Problem::new(), String::new());
    /// assert_eq!(tracer.solutions(), 0);
    /// ```
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    /// The labels.
    ///
    /// ```
    /// use exactcover::problem::Labels;
    /// use exactcover::teach::trace::Tracer;
    /// let tracer = Tracer::new(&exactcover::Problem::new(), exactcover::problem::classic::queens(4), String::new());
    /// assert_eq!(tracer.labels().item(0), "r0");
    /// ```
    pub fn labels(&self) -> &L {
        &self.labels
    }

    /// Ends the trace and returns the sink, or the first error it reported.
    ///
    /// # Errors
    ///
    /// The first error of the sink (nothing was written after it).
    ///
    /// ```
    /// let tracer = exactcover::teach::trace::Tracer::new(&exactcover::Problem::new(), exactcover::Problem::new(), String::new());
    /// assert_eq!(tracer.finish()?, "");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn finish(self) -> io::Result<S> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.sink),
        }
    }

    /// Counts one line of trace at `level`, and writes it (as `text` builds
    /// it) unless the limit is reached.
    fn emit(&mut self, level: usize, text: impl FnOnce(&L, &mut String)) {
        self.total = self.total.saturating_add(1);
        if self.error.is_some() {
            return;
        }
        if self.written >= self.max_lines {
            if !self.cut {
                self.cut = true;
                let line = format!(
                    "... trace cut after {} lines (the search goes on)",
                    self.written
                );
                if let Err(e) = self.sink.line(&line) {
                    self.error = Some(e);
                }
            }
            return;
        }
        self.buffer.clear();
        for _ in 0..level {
            self.buffer.push_str("  ");
        }
        text(&self.labels, &mut self.buffer);
        match self.sink.line(&self.buffer) {
            Ok(()) => self.written += 1,
            Err(e) => self.error = Some(e),
        }
    }
}

/// The most items a choice line lists before it says how many more.
const CHOICE_ITEMS: usize = 16;

impl<L: Labels, S: Sink> Observer for Tracer<L, S> {
    fn selected(&mut self, option: usize) {
        self.shadow.selected(option);
    }

    fn excluded(&mut self, option: usize) {
        self.shadow.excluded(option);
    }

    fn choose(&mut self, level: usize, item: usize, options: usize) {
        self.shadow.choose(level, item, options);
        let lengths = self.shadow.links.active_primaries();
        self.emit(level, |labels, out| {
            let names: Vec<String> = lengths.iter().map(|&(i, _)| labels.item(i)).collect();
            // Names with spaces (`row 1 has 3`) are separated by commas.
            let spaced = names.iter().any(|n| n.contains(' '));
            let separator = if spaced { ", " } else { " " };
            let _ = write!(out, "Level {level}:");
            let shown = names.iter().zip(&lengths).take(CHOICE_ITEMS);
            for (k, (name, &(_, len))) in shown.enumerate() {
                out.push_str(if k == 0 { " " } else { separator });
                let _ = write!(out, "{name}({len})");
            }
            if lengths.len() > CHOICE_ITEMS {
                let _ = write!(out, "{separator}and {} more", lengths.len() - CHOICE_ITEMS);
            }
            let _ = write!(out, " -> {}", labels.item(item));
            if options == 0 {
                out.push_str(": dead end");
            }
        });
    }

    fn try_option(&mut self, level: usize, option: usize) {
        self.shadow.try_option(level, option);
        let (k, n) = self.shadow.place(level);
        self.emit(level, |labels, out| {
            let _ = write!(out, "try {} ({k} of {n})", labels.option(option));
        });
    }

    fn abort(&mut self, level: usize, _option: usize) {
        self.emit(level, |_, out| {
            out.push_str("abort: it would leave a primary item with no option");
        });
    }

    fn cover(&mut self, item: usize) {
        self.shadow.cover(item);
        self.cover_line("cover", item, None);
    }

    fn uncover(&mut self, item: usize) {
        self.shadow.uncover(item);
        self.cover_line("uncover", item, None);
    }

    fn purify(&mut self, item: usize, colour: usize) {
        self.shadow.purify(item, colour);
        self.cover_line("purify", item, Some(colour));
    }

    fn unpurify(&mut self, item: usize) {
        self.shadow.unpurify(item);
        self.cover_line("unpurify", item, None);
    }

    fn backtrack(&mut self, level: usize) {
        self.emit(level, |_, out| out.push_str("backtrack"));
        self.shadow.backtrack(level);
    }

    fn solution(&mut self, level: usize) {
        self.shadow.solution(level);
        self.solutions = self.solutions.saturating_add(1);
        let number = self.solutions;
        // A solution is a block of its own, at the margin: its number, then
        // its options one a line, then an empty line.
        self.emit(0, |_, out| {
            let _ = write!(out, "solution {number}:");
        });
        for option in self.shadow.path.clone() {
            self.emit(0, |labels, out| out.push_str(&labels.option(option)));
        }
        self.emit(0, |_, _| {});
    }
}

impl<L: Labels, S: Sink> Tracer<L, S> {
    /// A `cover`-like line (only with [`Tracer::with_covers`]): what
    /// happened to `item` and how many nodes it hid or put back.
    fn cover_line(&mut self, what: &str, item: usize, colour: Option<usize>) {
        if !self.covers {
            return;
        }
        let nodes = self.shadow.nodes.len();
        let level = self.shadow.level;
        self.emit(level, |labels, out| {
            let _ = write!(out, "{what} {}", labels.item(item));
            if let Some(c) = colour {
                let _ = write!(out, " with colour {c}");
            }
            let verb = if what.starts_with("un") {
                "puts back"
            } else {
                "hides"
            };
            let plural = if nodes == 1 { "" } else { "s" };
            let _ = write!(out, ": {verb} {nodes} node{plural}");
        });
    }
}

/// The trace of a complete search of `problem` (every solution), at most
/// `max_lines` lines of it, items named by their names and options by their
/// items.
///
/// ```
/// let problem = exactcover::problem::classic::queens(4);
/// let trace = exactcover::teach::trace::trace_problem(&problem, 1000);
/// assert!(trace.starts_with("Level 0: r0(4) r1(4) r2(4) r3(4) c0(4) c1(4) c2(4) c3(4) -> r0\n\
///                             try r0 c0 a0 b3 (1 of 4)\n"));
/// assert_eq!(trace.matches("solution ").count(), 2);
/// ```
#[must_use]
pub fn trace_problem(problem: &Problem, max_lines: u64) -> String {
    let mut solver = Solver::new(problem);
    let mut tracer = Tracer::new(problem, problem, String::new()).with_max_lines(max_lines);
    solver.visit_observed(&mut tracer, |_| ControlFlow::Continue(()));
    // Writing to a `String` cannot fail.
    tracer.finish().unwrap_or_default()
}

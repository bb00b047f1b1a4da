//! [`Batch`]: every puzzle of a batch's inputs answered, chunk by chunk,
//! on threads, and written in input order, through a [`Host`] that says
//! where the answers and messages go.

use std::io;
use std::path::Path;
use std::time::Duration;

use super::{Output, Replier, Reply, Task, Totals};
use crate::util::input::OpenError;
use crate::util::json::{self, Fields};
use exactcover::sudoku::feed::{Feed, Source};
use exactcover::sudoku::{
    Entry, Grid, Layout, PuzzleWriter, Reader, RuledGrid, ThreadCap, is_fpuzzles,
};

/// Puzzles are answered in chunks of at most this many: a chunk is read,
/// answered (on the batch's threads), and written in order before the next
/// is read, so memory does not grow with the input.
pub const CHUNK: usize = 2048;

/// Where a [`Batch`] (or a [`Maker`](crate::maker::Maker)) writes, and
/// what it lets its caller do on the way:
/// show progress, end a wait on a signal, trace or watch a search, draw the
/// first puzzle. Only [`Host::write`], [`Host::flush`] and [`Host::warn`]
/// must be written; the others do nothing by default.
pub trait Host {
    /// Writes `text`, the answer of one puzzle in whole lines.
    ///
    /// # Errors
    /// When the output cannot be written; the batch stops with the error.
    fn write(&mut self, text: &str) -> io::Result<()>;

    /// Flushes what [`Host::write`] wrote. The batch flushes before every
    /// message and before a read that may wait, so that answers and
    /// messages keep their order and a writer waiting for an answer gets
    /// it.
    ///
    /// # Errors
    /// When the output cannot be written; the batch stops with the error.
    fn flush(&mut self) -> io::Result<()>;

    /// Says `message`, already prefixed with the input's name (and line).
    fn warn(&mut self, message: &str);

    /// Says a note (`note: ...`, prefixed as for [`Host::warn`]): worth
    /// knowing, but neither an answer nor an error, so that a quiet host
    /// may keep it to itself. As [`Host::warn`] by default.
    fn note(&mut self, message: &str) {
        self.warn(message);
    }

    /// Whether the batch is to stop now (a signal): it stops after the
    /// answers of the chunk at hand.
    fn stopped(&self) -> bool {
        false
    }

    /// Runs `read`, a read of an input that may wait for its writer.
    fn wait<T>(&mut self, read: impl FnOnce() -> T) -> T {
        read()
    }

    /// Runs `print`, which writes a chunk's answers and messages (a
    /// progress bar is hidden meanwhile).
    ///
    /// # Errors
    /// `print`'s.
    fn print(&mut self, print: impl FnOnce(&mut Self) -> io::Result<()>) -> io::Result<()>
    where
        Self: Sized,
    {
        print(self)
    }

    /// After each chunk: the bytes of the input read and the puzzles of it
    /// answered so far.
    fn progress(&mut self, _bytes: u64, _answered: u64) {}

    /// Answers `entry` on this thread (a count on `threads` threads): the
    /// place to trace its search or watch a long count.
    ///
    /// # Errors
    /// The host's, writing (a trace); the batch stops with the error.
    fn answer_here(
        &mut self,
        replier: &Replier,
        entry: &Entry,
        layout: Layout,
        threads: usize,
    ) -> io::Result<Reply> {
        Ok(replier.reply(entry, layout, replier.budget(), threads))
    }

    /// Whether [`Host::puzzle`] is wanted.
    fn wants_puzzles(&self) -> bool {
        false
    }

    /// Called with each puzzle of the batch that could be read, in order,
    /// and its `number` among the batch's puzzles (from 1, the unreadable
    /// ones counted: the number of its answer line); `false` fails the
    /// batch.
    fn puzzle(&mut self, _number: u64, _puzzle: RuledGrid<'_>) -> bool {
        true
    }

    /// A chunk could not have the `threads` it was given (`error`): it is
    /// answered on this thread instead.
    fn threads_failed(&mut self, _threads: usize, _error: &str) {}
}

/// Answers every puzzle of its inputs with one [`Replier`]: each input read
/// by chunks ([`Feed`]), each chunk answered on the batch's threads (with
/// the `parallel` feature) within a cap on their memory ([`ThreadCap`]),
/// the answers written in input order with their messages. A line that
/// cannot be answered is answered `invalid` or `failed` and the batch goes
/// on; an input that cannot be read is named, and the next is read.
///
/// ```
/// use std::io;
/// use exactcover::Budget;
/// use exactcover::sudoku::Reader;
/// use exactcover_cli::sudoku_reply::{Batch, Host, Replier, Task};
///
/// #[derive(Default)]
/// struct Lines(String, Vec<String>);
/// impl Host for Lines {
///     fn write(&mut self, text: &str) -> io::Result<()> {
///         self.0.push_str(text);
///         Ok(())
///     }
///     fn flush(&mut self) -> io::Result<()> {
///         Ok(())
///     }
///     fn warn(&mut self, message: &str) {
///         self.1.push(message.to_string());
///     }
/// }
///
/// let replier = Replier::new(Task::Count { limit: None }, Budget::new());
/// let mut batch = Batch::new(replier, Reader::new(), 2, u64::MAX)?;
/// // A 4x4 puzzle, a line too short to be a grid, an empty 4x4 grid.
/// let text = format!("1.3..4..2......1\n12345\n{}\n", ".".repeat(16));
/// let mut host = Lines::default();
/// batch.answer_input("in", None, Box::new(io::Cursor::new(text)), false, &mut host)?;
/// assert_eq!(host.0, "1\ninvalid\n288\n");
/// assert!(host.1[0].starts_with("in:2: "));
/// assert!(batch.failed() && batch.totals().puzzles == 3);
/// # Ok::<(), io::Error>(())
/// ```
pub struct Batch {
    replier: Replier,
    reader: Reader,
    /// The layout asked for; f-puzzles JSON is recognised besides.
    layout: Layout,
    jobs: usize,
    cap: ThreadCap,
    /// Whether answers go out as soon as they are known.
    streaming: bool,
    /// Whether puzzles are answered one at a time (a traced search).
    one_at_a_time: bool,
    pool: Option<rayon::ThreadPool>,
    totals: Totals,
    failed: bool,
    unreadable: bool,
    /// The puzzles handed to the host so far (when it wants them).
    puzzles_seen: u64,
    /// Writes `minimize`'s puzzles, in the layout of their input.
    writer: Option<PuzzleWriter>,
    /// Whether puzzles' answers are separated by an empty line (`explain`
    /// in text: each answer is many lines).
    separated: bool,
    /// Whether an answer has been written (the next is then separated).
    written: bool,
}

impl std::fmt::Debug for Batch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Batch")
            .field("replier", &self.replier)
            .field("layout", &self.layout)
            .field("jobs", &self.jobs)
            .field("streaming", &self.streaming)
            .field("totals", &self.totals)
            .field("failed", &self.failed)
            .field("unreadable", &self.unreadable)
            .finish_non_exhaustive()
    }
}

impl Batch {
    /// A batch answered by `replier`, its puzzles read by `reader` as lines
    /// (or f-puzzles JSON), on `jobs` threads whose matrices take at most
    /// `max_memory` bytes together. Without the `parallel` feature every
    /// puzzle is answered on the calling thread.
    ///
    /// # Errors
    /// When the threads cannot start.
    pub fn new(
        replier: Replier,
        reader: Reader,
        jobs: usize,
        max_memory: u64,
    ) -> io::Result<Batch> {
        let jobs = jobs.max(1);
        let pool = match jobs {
            1 => None,
            _ => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(jobs)
                    .build()
                    .map_err(io::Error::other)?,
            ),
        };
        let writer = matches!(replier.task(), Task::Minimize { .. })
            .then(|| PuzzleWriter::new(Layout::Line));
        let separated = matches!(
            replier.task(),
            Task::Logic { all: true, json, trace } if !json || trace
        );
        Ok(Batch {
            replier,
            reader,
            layout: Layout::Line,
            jobs,
            cap: ThreadCap::new(jobs, max_memory),
            streaming: false,
            one_at_a_time: false,
            pool,
            totals: Totals::default(),
            failed: false,
            unreadable: false,
            puzzles_seen: 0,
            writer,
            separated,
            written: false,
        })
    }

    /// Reads the inputs in `layout` (f-puzzles JSON is still recognised,
    /// but under [`Layout::Jigsaw`]).
    #[must_use]
    pub fn with_layout(mut self, layout: Layout) -> Batch {
        self.layout = layout;
        self
    }

    /// Writes each answer as soon as it is known (someone is watching, or
    /// a program waits for each answer), the chunks growing from one
    /// puzzle, rather than by whole chunks.
    #[must_use]
    pub fn with_streaming(mut self, streaming: bool) -> Batch {
        self.streaming = streaming;
        self
    }

    /// Answers one puzzle at a time, each in its own chunk (a traced
    /// search).
    #[must_use]
    pub fn one_at_a_time(mut self) -> Batch {
        self.one_at_a_time = true;
        self
    }

    /// What the batch has answered so far.
    #[must_use]
    pub fn totals(&self) -> Totals {
        self.totals
    }

    /// Whether an answer failed (a puzzle invalid, unsolvable, not unique,
    /// stopped by its budget...), or the host's [`Host::puzzle`] did.
    #[must_use]
    pub fn failed(&self) -> bool {
        self.failed
    }

    /// Whether an input could not be read to its end.
    #[must_use]
    pub fn unreadable(&self) -> bool {
        self.unreadable
    }

    /// Says that an input could not be opened (`e` names it), after the
    /// answers already written, and notes the batch as having an
    /// unreadable input.
    ///
    /// # Errors
    /// The host's, writing.
    pub fn cannot_open<H: Host>(&mut self, e: &OpenError, host: &mut H) -> io::Result<()> {
        self.cannot_read(&e.name, &e.error, host)
    }

    /// The exit status of a command that ran the batch (`docs/cli.md`): 1
    /// when it was `stopped` (a signal) before its end; else 2 when an
    /// input could not be read, 1 when an answer failed, 0 when every
    /// puzzle was answered.
    #[must_use]
    pub fn exit_status(&self, stopped: bool) -> u8 {
        if stopped {
            1
        } else if self.unreadable {
            2
        } else {
            u8::from(self.failed)
        }
    }

    /// The threads the batch answers on.
    #[must_use]
    pub fn jobs(&self) -> usize {
        self.jobs
    }

    /// Reads, answers and writes the puzzles of one input, `name` in
    /// messages (`path` its file, whose extension may say JSON), chunk by
    /// chunk. `may_wait` says whether reading it may wait for its writer (a
    /// pipe, a terminal): it is then read on a thread of its own, and what
    /// is answered is flushed before each read that would wait. An input
    /// that cannot be read is named, and the batch notes it.
    ///
    /// # Errors
    /// The host's, writing.
    pub fn answer_input<H: Host>(
        &mut self,
        name: &str,
        path: Option<&Path>,
        mut source: Source,
        may_wait: bool,
        host: &mut H,
    ) -> io::Result<()> {
        let asked = self.layout;
        let mut detect = || -> io::Result<Layout> {
            Ok(
                if asked != Layout::Jigsaw && is_fpuzzles(path, &mut source)? {
                    Layout::FPuzzles
                } else {
                    asked
                },
            )
        };
        let layout = if may_wait {
            host.wait(detect)
        } else {
            detect()
        };
        let layout = match layout {
            Ok(layout) => layout,
            Err(e) => return self.cannot_read(name, &e, host),
        };
        if let Some(writer) = &mut self.writer {
            writer.set_layout(layout);
        }
        let mut feed = Feed::new(source, self.reader.clone(), layout, may_wait);
        let (mut chunk_size, grow) = match () {
            _ if self.one_at_a_time || (self.streaming && may_wait) => (1, false),
            _ if self.streaming => (1, true),
            _ => (CHUNK, false),
        };
        let mut chunk: Vec<Entry> = Vec::with_capacity(chunk_size);
        let mut answered = 0u64;
        let shown = Shown { name, layout };
        loop {
            // Reading may wait for a writer who waits for these answers.
            if feed.would_wait() {
                host.flush()?;
            }
            let mut read = if may_wait {
                host.wait(|| feed.read_chunk(&mut chunk, chunk_size))
            } else {
                feed.read_chunk(&mut chunk, chunk_size)
            };
            // The whole input may be this one puzzle: a count may then
            // spread it over the threads. From a pipe, the end may not be
            // there yet: wait for it a moment.
            let first = answered == 0 && chunk.len() == 1 && chunk_size > 1;
            if first && !read.ended && read.failure.is_none() {
                read.ended = feed.ends_within(Duration::from_millis(20));
            }
            let alone = first && read.ended && read.failure.is_none();
            let replies = self.answer_chunk(&chunk, layout, alone, host)?;
            self.show_puzzles(&chunk, host);
            answered += replies.len() as u64;
            host.print(|host| self.print(&shown, &chunk, replies, read.cut, host))?;
            host.progress(feed.bytes_read(), answered);
            if let Some(e) = read.failure {
                return self.cannot_read(name, &e, host);
            }
            if host.stopped() || read.ended {
                break;
            }
            if grow {
                chunk_size = (chunk_size * 2).min(CHUNK);
            }
        }
        Ok(())
    }

    /// Answers a chunk: on the batch's threads, or one puzzle at a time
    /// through the host (then a lone puzzle may be counted on every
    /// thread).
    fn answer_chunk<H: Host>(
        &self,
        chunk: &[Entry],
        layout: Layout,
        alone: bool,
        host: &mut H,
    ) -> io::Result<Vec<Reply>> {
        let jobs = self.cap.threads(chunk);
        if jobs > 1 && chunk.len() > 1 {
            let answer = || self.replier.reply_all(chunk, layout);
            if let Some(pool) = self.pool.as_ref().filter(|_| jobs == self.jobs) {
                return Ok(pool.install(answer));
            }
            // Fewer threads, for this chunk only: their matrices go with them.
            match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
                Ok(pool) => return Ok(pool.install(answer)),
                Err(e) => host.threads_failed(jobs, &e.to_string()),
            }
        }
        let threads = if alone { jobs } else { 1 };
        chunk
            .iter()
            .map(|entry| host.answer_here(&self.replier, entry, layout, threads))
            .collect()
    }

    /// Hands the host each puzzle of `chunk` that could be read, with its
    /// number in the batch, if the host wants them.
    fn show_puzzles<H: Host>(&mut self, chunk: &[Entry], host: &mut H) {
        if !host.wants_puzzles() {
            return;
        }
        for entry in chunk {
            self.puzzles_seen += 1;
            if let Ok(puzzle) = entry.puzzle() {
                self.failed |= !host.puzzle(self.puzzles_seen, puzzle);
            }
        }
    }

    /// Says that input `name` could not be read on (after the answers
    /// already written), and marks the batch as having an unreadable input.
    fn cannot_read<H: Host>(&mut self, name: &str, e: &io::Error, host: &mut H) -> io::Result<()> {
        host.flush()?;
        host.print(|host| {
            host.warn(&format!("{name}: cannot read: {e}"));
            Ok(())
        })?;
        self.unreadable = true;
        Ok(())
    }

    /// Writes the replies of `chunk` in order, with their messages; a
    /// reply a cancellation stopped is the last. A chunk `cut` short by a
    /// read that would wait is flushed.
    fn print<H: Host>(
        &mut self,
        shown: &Shown<'_>,
        chunk: &[Entry],
        replies: Vec<Reply>,
        cut: bool,
        host: &mut H,
    ) -> io::Result<()> {
        for (entry, reply) in chunk.iter().zip(replies) {
            self.totals.add(&reply);
            self.failed |= reply.failed;
            for key in &entry.ignored {
                shown.warn(entry, &format!("note: ignored \"{key}\", which f-puzzles draws but does not check: if the rules say it constrains the solution, this answer ignores that"), host)?;
            }
            if let Some(message) = &reply.message {
                shown.warn(entry, message, host)?;
            }
            let cancelled = reply.cancelled;
            if self.separated && self.written {
                host.write("\n")?;
            }
            self.written = true;
            if self.replier.wording().json {
                let line = self.json_line(shown, entry, reply.output, reply.message, host)?;
                host.write(&line)?;
            } else {
                match reply.output {
                    Output::Text(text) => host.write(&text)?,
                    Output::Puzzle(grid) => self.write_puzzle(shown, entry, &grid, host)?,
                    // Made only with `--json`.
                    Output::Json(fields) => host.write(&json::line(&fields))?,
                }
            }
            if cancelled {
                // A cancellation: the batch ends with this answer, in order.
                break;
            }
        }
        if cut {
            host.flush()?;
        }
        Ok(())
    }

    /// Writes `minimize`'s puzzle, under the rules of `entry`, in the
    /// layout it was read in.
    fn write_puzzle<H: Host>(
        &mut self,
        shown: &Shown<'_>,
        entry: &Entry,
        grid: &Grid,
        host: &mut H,
    ) -> io::Result<()> {
        match self.puzzle_text(entry, grid) {
            Ok(text) => host.write(&text),
            Err(message) => {
                self.failed = true;
                shown.warn(entry, &message, host)?;
                host.write("failed\n")
            }
        }
    }

    /// `minimize`'s puzzle as written in the layout it was read in, or why
    /// it cannot be.
    fn puzzle_text(&mut self, entry: &Entry, grid: &Grid) -> Result<String, String> {
        let puzzle = match &entry.rules {
            Some(rules) => RuledGrid::new(rules, grid).ok(),
            None => Some(RuledGrid::from(grid)),
        };
        match (puzzle, &mut self.writer) {
            (Some(puzzle), Some(writer)) => writer.write(puzzle).map_err(|e| e.to_string()),
            _ => Err("the minimal puzzle does not fit its rules".to_string()),
        }
    }

    /// The JSON line of one puzzle's answer (`--json`): the input's name,
    /// the puzzle's line, its verdict (a failure's word, as the text
    /// prints it) and fields, and the message said on standard error.
    fn json_line<H: Host>(
        &mut self,
        shown: &Shown<'_>,
        entry: &Entry,
        output: Output,
        message: Option<String>,
        host: &mut H,
    ) -> io::Result<String> {
        let mut message = message;
        let mut fields: Fields = vec![
            ("input", shown.name.into()),
            ("line", (entry.line + 1).into()),
        ];
        match output {
            Output::Json(answer) => fields.extend(answer),
            Output::Text(word) => fields.push(("verdict", word.trim().into())),
            Output::Puzzle(grid) => match self.puzzle_text(entry, &grid) {
                Ok(text) => fields.extend([
                    ("verdict", "unique".into()),
                    ("puzzle", text.trim_end().into()),
                    ("clues", grid.given_count().into()),
                ]),
                Err(why) => {
                    self.failed = true;
                    shown.warn(entry, &why, host)?;
                    fields.push(("verdict", "failed".into()));
                    message = Some(why);
                }
            },
        }
        if let Some(message) = message {
            fields.push(("message", message.into()));
        }
        Ok(json::line(&fields))
    }
}

/// Where the messages of an input name it: by its name, and the line but
/// in a file that is one puzzle.
struct Shown<'a> {
    name: &'a str,
    layout: Layout,
}

impl Shown<'_> {
    /// Says `message` about `entry`, what was written flushed first so
    /// that messages and answers interleave in order.
    fn warn<H: Host>(&self, entry: &Entry, message: &str, host: &mut H) -> io::Result<()> {
        let is_note = message.starts_with("note: ");
        host.flush()?;
        let name = self.name;
        let message = match self.layout {
            Layout::FPuzzles => format!("{name}: {message}"),
            _ => format!("{name}:{}: {message}", entry.line + 1),
        };
        if is_note {
            host.note(&message);
        } else {
            host.warn(&message);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku_reply::Check;
    use exactcover::Budget;

    /// Answers and messages in order, as one stream of lines.
    #[derive(Default)]
    struct Log {
        lines: Vec<String>,
        flushes: usize,
        puzzles: Vec<(u64, String)>,
        wants_puzzles: bool,
    }

    impl Host for Log {
        fn write(&mut self, text: &str) -> io::Result<()> {
            self.lines.extend(text.lines().map(str::to_string));
            Ok(())
        }
        fn flush(&mut self) -> io::Result<()> {
            self.flushes += 1;
            Ok(())
        }
        fn warn(&mut self, message: &str) {
            self.lines.push(format!("! {message}"));
        }
        fn wants_puzzles(&self) -> bool {
            self.wants_puzzles
        }
        fn puzzle(&mut self, number: u64, puzzle: RuledGrid<'_>) -> bool {
            self.puzzles.push((number, puzzle.grid().to_string()));
            true
        }
    }

    /// Published 9x9 puzzles with one solution each (Project Euler 96's
    /// first, and the first of top95).
    const EULER: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    const TOP95: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn run(task: Task, jobs: usize, text: &str) -> (Batch, Log) {
        let replier = Replier::new(task, Budget::new());
        let mut batch = Batch::new(replier, Reader::new(), jobs, u64::MAX).expect("threads");
        let mut log = Log::default();
        let source: Source = Box::new(io::Cursor::new(text.as_bytes().to_vec()));
        batch
            .answer_input("in", None, source, false, &mut log)
            .expect("written to memory");
        (batch, log)
    }

    #[test]
    fn answers_keep_the_input_order_on_threads() {
        // Many puzzles, so that several threads answer the chunk.
        let mut text = String::new();
        let mut expected = Vec::new();
        for i in 0..40 {
            let (line, answer) = match i % 3 {
                0 => (EULER, "1"),
                1 => (TOP95, "1"),
                _ => ("1.3..4..2......1", "1"),
            };
            text += line;
            text += "\n";
            expected.push(answer.to_string());
        }
        for jobs in [1, 4] {
            let (batch, log) = run(Task::Count { limit: None }, jobs, &text);
            assert_eq!(log.lines, expected, "{jobs} threads");
            assert!(!batch.failed() && !batch.unreadable());
            assert_eq!(batch.totals().puzzles, 40);
            assert_eq!(batch.exit_status(false), 0);
        }
        // The solutions are those of their own lines, in order.
        let (_, one) = run(Task::Solve(Check::None), 1, &text);
        let (_, four) = run(Task::Solve(Check::None), 4, &text);
        assert_eq!(one.lines, four.lines);
        assert_eq!(one.lines.len(), 40);
        assert!(one.lines[0].starts_with("483921657"), "{}", one.lines[0]);
    }

    #[test]
    fn a_bad_line_is_answered_and_the_rest_kept() {
        // Line 4: two 1s in a row, which no solution has.
        let text = format!("{EULER}\n12345\n{TOP95}\n11{}\n{EULER}\n", ".".repeat(79));
        for jobs in [1, 2] {
            let (batch, log) = run(Task::Count { limit: None }, jobs, &text);
            let answers: Vec<&str> = log
                .lines
                .iter()
                .filter(|l| !l.starts_with('!'))
                .map(String::as_str)
                .collect();
            assert_eq!(answers, ["1", "invalid", "1", "0", "1"], "{jobs} threads");
            let messages: Vec<&String> = log.lines.iter().filter(|l| l.starts_with('!')).collect();
            assert!(messages[0].starts_with("! in:2: "), "{messages:?}");
            assert!(
                messages[1].starts_with("! in:4: invalid: conflicting givens"),
                "{messages:?}"
            );
            // Each message comes just before its line's answer.
            let at = log
                .lines
                .iter()
                .position(|l| l.starts_with("! in:2"))
                .expect("said");
            assert_eq!(log.lines[at + 1], "invalid");
            assert!(batch.failed());
            assert_eq!(batch.totals().puzzles, 5);
            assert_eq!(batch.exit_status(false), 1);
        }
    }

    #[test]
    fn an_input_that_fails_midway_keeps_what_was_answered() {
        // A read error after two lines.
        struct Failing(io::Cursor<Vec<u8>>);
        impl io::Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                match io::Read::read(&mut self.0, buf)? {
                    0 => Err(io::Error::other("the disk went away")),
                    n => Ok(n),
                }
            }
        }
        let text = format!("{EULER}\n{TOP95}\n");
        let source: Source = Box::new(io::BufReader::new(Failing(io::Cursor::new(
            text.into_bytes(),
        ))));
        let replier = Replier::new(Task::Count { limit: None }, Budget::new());
        let mut batch = Batch::new(replier, Reader::new(), 1, u64::MAX).expect("one thread");
        let mut log = Log::default();
        batch
            .answer_input("in", None, source, false, &mut log)
            .expect("written to memory");
        assert_eq!(log.lines[..2], ["1", "1"]);
        assert_eq!(log.lines[2], "! in: cannot read: the disk went away");
        assert!(batch.unreadable() && !batch.failed());
        assert_eq!((batch.exit_status(false), batch.exit_status(true)), (2, 1));
    }

    #[test]
    fn an_input_that_cannot_be_opened_is_said_and_counted() {
        let (mut batch, mut log) = run(Task::Count { limit: None }, 1, &format!("{EULER}\n"));
        let e = crate::util::input::open(Some(Path::new("no/such/file"))).expect_err("missing");
        batch.cannot_open(&e, &mut log).expect("in memory");
        assert_eq!(log.lines[0], "1");
        assert!(log.lines[1].starts_with("! no/such/file: cannot read: "));
        assert!(batch.unreadable() && !batch.failed());
        assert_eq!(batch.exit_status(false), 2);
    }

    #[test]
    fn every_readable_puzzle_is_handed_over_with_its_number() {
        let text = format!("12345\n{EULER}\n{TOP95}\n");
        let replier = Replier::new(Task::Count { limit: None }, Budget::new());
        let mut batch = Batch::new(replier, Reader::new(), 1, u64::MAX)
            .expect("one thread")
            .one_at_a_time();
        let mut log = Log {
            wants_puzzles: true,
            ..Log::default()
        };
        let source: Source = Box::new(io::Cursor::new(text.into_bytes()));
        batch
            .answer_input("in", None, source, false, &mut log)
            .expect("written to memory");
        let numbers: Vec<u64> = log.puzzles.iter().map(|p| p.0).collect();
        assert_eq!(numbers, [2, 3], "the unreadable first line counts");
        assert!(
            log.puzzles[0].1.starts_with("..3.2.6.."),
            "{:?}",
            log.puzzles
        );
    }

    #[test]
    fn minimize_writes_puzzles_in_their_layout() {
        let text = format!("{EULER}\n");
        let (batch, log) = run(Task::Minimize { seed: 1 }, 1, &text);
        assert_eq!(log.lines.len(), 1, "{:?}", log.lines);
        assert_eq!(log.lines[0].len(), 81);
        assert!(!batch.failed());
    }
}

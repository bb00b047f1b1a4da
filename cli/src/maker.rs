//! [`Maker`]: many puzzles of one [`Generator`] made on threads and written
//! in order, each as a line a reader reads back, with the words that say
//! why one failed or is perhaps not minimal.

use std::io;
use std::time::Duration;

use crate::sudoku_reply::Host;
use crate::util::json;
use exactcover::sudoku::{Alphabet, Grid, Layout, PuzzleWriter};
use exactcover::sudoku::{GenerateError, Generated, Generator};

/// Puzzles are made in chunks of this many: a chunk is made (on the
/// threads), then written in order before the next is started, so that
/// output comes in order and memory stays bounded.
pub const MAKE_CHUNK: u64 = 256;

/// Makes puzzles `0..count` of a [`Generator`] and writes them in order
/// through a [`Host`], on threads (with the `parallel` feature; else on the
/// calling thread): puzzle `i` is a function of the generator's seed and
/// `i` alone, so the output is the same on any number of threads.
///
/// Each puzzle is written as one line (after a header line when a reader
/// would not guess its shape or symbols, as [`PuzzleWriter`] writes it),
/// in the alphabet asked for, then as a grid when asked; a puzzle that
/// cannot be made or written is written `failed`, with a message
/// `puzzle N: why`; a puzzle whose budget stopped some uniqueness tests is
/// written with a message saying it is perhaps not minimal.
///
/// ```
/// use std::io;
/// use exactcover_cli::sudoku_reply::Host;
/// use exactcover::sudoku::{Generator, Shape};
/// use exactcover_cli::maker::Maker;
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
/// // 6x6 grids of boxes 3 rows high (a reader guesses 2 rows high).
/// let generator = Generator::for_shape(Shape::new(3, 2)?).with_seed(7);
/// let mut lines = Lines::default();
/// let all_made = Maker::new(generator.clone(), 3, 2)?.make_all(&mut lines, || {})?;
/// assert!(all_made && lines.1.is_empty());
/// // A header line for the readers, then one puzzle a line, in order.
/// let written: Vec<&str> = lines.0.lines().collect();
/// assert_eq!(written[0], "# exactcover: --box 3x2");
/// assert_eq!(written[1], generator.generate(0)?.puzzle.to_string());
/// assert_eq!(written[3], generator.generate(2)?.puzzle.to_string());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Maker {
    generator: Generator,
    count: u64,
    timeout: Option<Duration>,
    alphabet: Option<Alphabet>,
    pretty: bool,
    /// One JSON object per puzzle (`--json`).
    json: bool,
    advice: String,
    pool: Option<rayon::ThreadPool>,
}

impl std::fmt::Debug for Maker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Maker")
            .field("generator", &self.generator)
            .field("count", &self.count)
            .field("timeout", &self.timeout)
            .field("pretty", &self.pretty)
            .finish_non_exhaustive()
    }
}

impl Maker {
    /// Makes `count` puzzles of `generator` (each search within its
    /// budget) on `jobs` threads (0 is taken as 1).
    ///
    /// # Errors
    /// When the threads cannot start.
    pub fn new(generator: Generator, count: u64, jobs: usize) -> io::Result<Maker> {
        let pool = match jobs.max(1) {
            1 => None,
            jobs => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(jobs)
                    .build()
                    .map_err(io::Error::other)?,
            ),
        };
        Ok(Maker {
            generator,
            count,
            timeout: None,
            alphabet: None,
            pretty: false,
            json: false,
            advice: String::new(),
            pool,
        })
    }

    /// With `timeout` bounding all the searches of each puzzle, from its
    /// start (a puzzle stopped there is unique, but perhaps not minimal).
    #[must_use]
    pub fn with_timeout(mut self, timeout: Option<Duration>) -> Maker {
        self.timeout = timeout;
        self
    }

    /// Writes the puzzles in `alphabet` (by default the grid's own).
    #[must_use]
    pub fn with_alphabet(mut self, alphabet: Option<Alphabet>) -> Maker {
        self.alphabet = alphabet;
        self
    }

    /// Also writes each puzzle as a grid, after its line.
    #[must_use]
    pub fn with_pretty(mut self, pretty: bool) -> Maker {
        self.pretty = pretty;
        self
    }

    /// Writes each puzzle as one JSON object, a line each (`--json`):
    /// `{"number", "verdict": "unique", "puzzle", "clues", "minimal",
    /// "box", "alphabet"}`, or `{"number", "verdict": "failed",
    /// "message"}`.
    #[must_use]
    pub fn with_json(mut self, json: bool) -> Maker {
        self.json = json;
        self
    }

    /// With `advice` after the message of a puzzle perhaps not minimal:
    /// how to give its tests more budget, in the caller's words (a command
    /// line's options).
    #[must_use]
    pub fn with_advice(mut self, advice: &str) -> Maker {
        self.advice = advice.to_string();
        self
    }

    /// Makes every puzzle and writes them in order through `host`, calling
    /// `made` (from the making threads) as each puzzle is made; whether
    /// every puzzle was made and written.
    ///
    /// # Errors
    /// The host's, writing.
    pub fn make_all<H: Host>(&self, host: &mut H, made: impl Fn() + Sync) -> io::Result<bool> {
        let mut writer = PuzzleWriter::new(Layout::Line);
        let mut all_made = true;
        let mut next = 0u64;
        while next < self.count {
            let end = next.saturating_add(MAKE_CHUNK).min(self.count);
            let one = |i: u64| {
                let puzzle = self.make(i);
                made();
                puzzle
            };
            for (i, puzzle) in (next..end).zip(self.make_chunk(next..end, one)) {
                all_made &= self.write(&mut writer, i, puzzle, host)?;
            }
            host.flush()?;
            next = end;
        }
        Ok(all_made)
    }

    /// Puzzle `i`, its searches within the generator's budget and its time
    /// from now.
    fn make(&self, i: u64) -> Result<Generated, GenerateError> {
        match self.timeout {
            Some(time) => {
                let budget = self.generator.budget().clone().with_deadline_in(time);
                self.generator.clone().with_budget(budget).generate(i)
            }
            None => self.generator.generate(i),
        }
    }

    /// The puzzles of `range`, in order, made by `one` on the threads.
    fn make_chunk<T: Send>(
        &self,
        range: std::ops::Range<u64>,
        one: impl Fn(u64) -> T + Sync,
    ) -> Vec<T> {
        if let Some(pool) = &self.pool {
            use rayon::prelude::*;
            return pool.install(|| range.into_par_iter().map(&one).collect());
        }
        range.map(one).collect()
    }

    /// Writes puzzle `i` as made, or `failed`, with its messages; whether
    /// it was made and written.
    fn write<H: Host>(
        &self,
        writer: &mut PuzzleWriter,
        i: u64,
        made: Result<Generated, GenerateError>,
        host: &mut H,
    ) -> io::Result<bool> {
        let number = i + 1;
        let made = match made {
            Ok(made) => made,
            Err(e) => return self.failed(host, number, &format!("puzzle {number}: {e}")),
        };
        if made.undecided > 0 {
            let (clues, undecided) = (made.puzzle.given_count(), made.undecided);
            say(
                host,
                &format!(
                    "puzzle {number}: unique, {clues} clues, perhaps not minimal: the budget \
                     stopped {undecided} of its tests{}",
                    self.advice
                ),
            )?;
        }
        let puzzle: Grid = match &self.alphabet {
            Some(alphabet) => match made.puzzle.with_alphabet(alphabet.clone()) {
                Ok(puzzle) => puzzle,
                Err(e) => {
                    let message = format!("puzzle {number}: cannot be written: {e}");
                    return self.failed(host, number, &message);
                }
            },
            None => made.puzzle,
        };
        let text = match writer.write((&puzzle).into()) {
            Ok(text) => text,
            Err(e) => {
                let message = format!("puzzle {number}: cannot be written: {e}");
                return self.failed(host, number, &message);
            }
        };
        if self.json {
            // The header line, if any, is in `box` and `alphabet`.
            let line = text
                .lines()
                .rfind(|l| !l.starts_with('#'))
                .unwrap_or_default();
            let symbols: String = (1..=puzzle.size())
                .filter_map(|d| puzzle.alphabet().symbol(d))
                .collect();
            host.write(&json::line(&[
                ("number", number.into()),
                ("verdict", "unique".into()),
                ("puzzle", line.into()),
                ("clues", puzzle.given_count().into()),
                ("minimal", (made.undecided == 0).into()),
                ("box", puzzle.shape().to_string().into()),
                ("alphabet", symbols.into()),
            ]))?;
            return Ok(true);
        }
        host.write(&text)?;
        if self.pretty {
            host.write(&format!("{puzzle:#}\n"))?;
        }
        Ok(true)
    }
}

impl Maker {
    /// Says `message` and writes `failed` in the place of puzzle `number`
    /// (with `--json`, its object).
    fn failed<H: Host>(&self, host: &mut H, number: u64, message: &str) -> io::Result<bool> {
        say(host, message)?;
        if self.json {
            host.write(&json::line(&[
                ("number", number.into()),
                ("verdict", "failed".into()),
                ("message", message.into()),
            ]))?;
        } else {
            host.write("failed\n")?;
        }
        Ok(false)
    }
}

/// Says `message` after what is written so far.
fn say<H: Host>(host: &mut H, message: &str) -> io::Result<()> {
    host.flush()?;
    host.warn(message);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use exactcover::Budget;
    use exactcover::sudoku::Shape;

    /// Answers and messages in order, as one stream of lines.
    #[derive(Default)]
    struct Log(Vec<String>);

    impl Host for Log {
        fn write(&mut self, text: &str) -> io::Result<()> {
            self.0.extend(text.lines().map(str::to_string));
            Ok(())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
        fn warn(&mut self, message: &str) {
            self.0.push(format!("! {message}"));
        }
    }

    fn nine() -> Generator {
        Generator::for_shape(Shape::new(3, 3).expect("3x3")).with_seed(3)
    }

    #[test]
    fn the_threads_make_the_puzzles_of_one_thread_in_order() {
        let generator = nine();
        let made = std::sync::atomic::AtomicU64::new(0);
        let mut logs = Vec::new();
        for jobs in [1, 3] {
            let mut log = Log::default();
            let maker = Maker::new(generator.clone(), 5, jobs).expect("threads");
            let tick = || {
                made.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            };
            assert!(maker.make_all(&mut log, tick).expect("in memory"));
            logs.push(log.0);
        }
        assert_eq!(logs[0], logs[1]);
        assert_eq!(made.into_inner(), 10);
        // A 9x9 grid in digits needs no header.
        let third = generator.generate(2).expect("made").puzzle.to_string();
        assert_eq!(logs[0][2], third);
        assert_eq!(logs[0].len(), 5);
    }

    #[test]
    fn a_puzzle_not_made_is_written_failed_and_said() {
        // No 9x9 puzzle of 81 clues is minimal: every attempt misses.
        let generator = nine().with_clues(Some(81)).with_attempts(1);
        let mut log = Log::default();
        let maker = Maker::new(generator, 2, 1).expect("one thread");
        assert!(!maker.make_all(&mut log, || {}).expect("in memory"));
        assert_eq!(log.0.len(), 4);
        assert!(log.0[0].starts_with("! puzzle 1: "), "{:?}", log.0);
        assert_eq!(log.0[1], "failed");
        assert!(log.0[2].starts_with("! puzzle 2: "), "{:?}", log.0);
    }

    #[test]
    fn an_alphabet_and_a_grid_are_written_as_asked() {
        let alphabet: Alphabet = "ABCDEFGHI".parse().expect("nine symbols");
        let maker = Maker::new(nine(), 1, 1)
            .expect("one thread")
            .with_alphabet(Some(alphabet))
            .with_pretty(true);
        let mut log = Log::default();
        assert!(maker.make_all(&mut log, || {}).expect("in memory"));
        // A header names the symbols; then the line, then 9 rows and more.
        assert_eq!(log.0[0], "# exactcover: --alphabet ABCDEFGHI");
        assert_eq!(log.0[1].len(), 81);
        assert!(log.0[1].chars().all(|c| c == '.' || c.is_ascii_uppercase()));
        assert!(log.0.len() > 10, "{:?}", log.0);
        // An alphabet of the wrong size: no puzzle can be written in it.
        let four: Alphabet = "ABCD".parse().expect("four symbols");
        let maker = Maker::new(nine(), 1, 1)
            .expect("one thread")
            .with_alphabet(Some(four));
        let mut log = Log::default();
        assert!(!maker.make_all(&mut log, || {}).expect("in memory"));
        assert!(log.0[0].starts_with("! puzzle 1: cannot be written: "));
        assert_eq!(log.0[1], "failed");
    }

    #[test]
    fn a_budget_that_stops_tests_is_said_with_the_advice() {
        // A 16x16 grid, so few nodes that some uniqueness tests stop: the
        // puzzle keeps their clues.
        let sixteen = Generator::for_shape(Shape::new(4, 4).expect("4x4")).with_seed(3);
        let generator = sixteen.with_budget(Budget::new().with_max_nodes(300));
        let maker = Maker::new(generator.clone(), 1, 1)
            .expect("one thread")
            .with_advice(" (give more)");
        let mut log = Log::default();
        let made = generator.generate(0);
        let _ = maker.make_all(&mut log, || {}).expect("in memory");
        match made {
            Ok(made) if made.undecided > 0 => {
                let said = format!(
                    "! puzzle 1: unique, {} clues, perhaps not minimal: the budget stopped {} of its tests (give more)",
                    made.puzzle.given_count(),
                    made.undecided
                );
                assert_eq!(log.0[0], said);
                assert_eq!(log.0[1], made.puzzle.to_string());
            }
            other => panic!("expected a puzzle with undecided tests, got {other:?}"),
        }
    }
}

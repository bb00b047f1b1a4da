//! [`Request`]: what `cover` is asked of a problem, and the options that
//! go together ([`Request::check`]).

use std::fmt;
use std::path::PathBuf;

use exactcover::engine::Memo;
use exactcover::scale::Part;
use exactcover::{Budget, Tree};

/// What is asked of one problem: its solutions (the default), their number
/// (`count`), the cheapest (`best`), a count by Algorithm Z (`memo`), on
/// threads or in parts. Each field is the option of `exactcover cover`
/// that has its name (`docs/cli.md`).
#[derive(Clone, Debug)]
pub struct Request {
    /// `--count`: only the number of solutions.
    pub count: bool,
    /// `--limit`: stop after this many solutions (a count then ends `+`).
    pub limit: Option<u64>,
    /// `--stats`: the statistics of the search, as messages.
    pub stats: bool,
    /// `--max-nodes`, `--timeout` and the cancellation of a signal.
    pub budget: Budget,
    /// The first option given that shows one search, as the command line
    /// names it (`--trace`, `--svg`, `--svg-tree`, `--html`, `--steps`):
    /// the [`Host`](super::Host) draws them ([`Host::draw`](super::Host::draw)).
    pub teaching: Option<&'static str>,
    /// `--trace`: the search runs through [`Host::trace`](super::Host::trace),
    /// whose trace shows the solutions.
    pub trace: bool,
    /// `--jobs`: the threads of a count (0: every core; 1: the count is
    /// not split unless `part`, `split` or `json` asks).
    pub jobs: u64,
    /// `--part K/N`: count only that part of the split.
    pub part: Option<Part>,
    /// `--split N`: split into at least N subproblems.
    pub split: Option<u64>,
    /// `--max-memory`: the most the threads' matrices may take together.
    pub max_memory: Option<u64>,
    /// `--json`: the count as a part's report, one line of JSON.
    pub json: bool,
    /// `--best K`: the K cheapest solutions, each followed by `cost N`.
    pub best: Option<u64>,
    /// `--preprocess`: search the problem reduced as Knuth's DLX-PRE
    /// reduces it; solutions are still written in the input's options.
    pub preprocess: bool,
    /// `--memo`: count by Algorithm Z with this memo.
    pub memo: Option<Memo>,
    /// `--zdd`: with `memo`, also write the ZDD of every solution there.
    pub zdd: Option<PathBuf>,
    /// `--tree`: the search tree of the plain search (listing or count on
    /// one thread): DLX1's, or without its dead ends ([`Tree`]).
    pub tree: Tree,
}

impl Default for Request {
    fn default() -> Request {
        Request::new()
    }
}

impl Request {
    /// Every solution listed: no count, no limit, no budget, one thread.
    #[must_use]
    pub fn new() -> Request {
        Request {
            count: false,
            limit: None,
            stats: false,
            budget: Budget::new(),
            teaching: None,
            trace: false,
            jobs: 1,
            part: None,
            split: None,
            max_memory: None,
            json: false,
            best: None,
            preprocess: false,
            memo: None,
            zdd: None,
            tree: Tree::Dlx1,
        }
    }

    /// Whether the count goes through the split: on threads, in parts, or
    /// as a part's JSON.
    #[must_use]
    pub fn is_distributed(&self) -> bool {
        self.count && (self.jobs != 1 || self.part.is_some() || self.split.is_some() || self.json)
    }

    /// Checks that the options go together, in the order the command line
    /// checks them.
    ///
    /// # Errors
    /// The first [`RequestError`] found.
    ///
    /// ```
    /// use exactcover_cli::reply::Request;
    /// let request = Request { jobs: 4, ..Request::new() };
    /// let refused = request.check().unwrap_err();
    /// assert_eq!(refused.to_string(), "--jobs goes with --count");
    /// assert!(Request { count: true, ..request }.check().is_ok());
    /// ```
    pub fn check(&self) -> Result<(), RequestError> {
        let counting = [
            (self.jobs != 1, "--jobs"),
            (self.part.is_some(), "--part"),
            (self.split.is_some(), "--split"),
            (self.max_memory.is_some(), "--max-memory"),
        ];
        if let Some(&(_, flag)) = counting.iter().find(|(given, _)| *given && !self.count) {
            return Err(RequestError::NeedsCount(flag));
        }
        if self.max_memory.is_some() && !self.is_distributed() {
            // One thread has one matrix: the cap is on threads.
            return Err(RequestError::MemoryWithoutThreads);
        }
        self.check_memo()?;
        let shown = self.shown();
        if let (true, false, Some(flag)) = (self.json, self.count, shown) {
            return Err(RequestError::TextWithJson(flag));
        }
        if let (true, Some(flag)) = (self.is_distributed(), shown) {
            return Err(RequestError::NotOneSearch(flag));
        }
        if self.best.is_some() {
            let listing = [(self.count, "--count"), (self.limit.is_some(), "--limit")];
            let listed = listing.iter().find(|(given, _)| *given).map(|&(_, f)| f);
            if let Some(flag) = listed.or(shown) {
                return Err(RequestError::BestAlone(flag));
            }
        }
        if let (true, Some(flag)) = (self.preprocess, shown) {
            return Err(RequestError::NotPreprocessed(flag));
        }
        if self.tree != Tree::Dlx1 {
            // The other searches walk trees of their own.
            let own = [
                (self.memo.is_some(), "--memo"),
                (self.best.is_some(), "--best"),
                (self.is_distributed(), "--jobs, --part, --split or --json"),
            ];
            if let Some(&(_, flag)) = own.iter().find(|(given, _)| *given) {
                return Err(RequestError::TreeOfPlainSearch(self.tree, flag));
            }
            // The pictures, recordings and traces show DLX1's tree.
            if let Some(flag) = shown {
                return Err(RequestError::TreeNotShown(self.tree, flag));
            }
        }
        Ok(())
    }

    /// The first option given that shows one search: `teaching`, or
    /// `--trace` when only `trace` is set.
    pub(super) fn shown(&self) -> Option<&'static str> {
        self.teaching.or(self.trace.then_some("--trace"))
    }

    /// The options that go with `memo` or against it.
    fn check_memo(&self) -> Result<(), RequestError> {
        if self.memo.is_none() {
            return match self.zdd {
                Some(_) => Err(RequestError::ZddWithoutMemo),
                None => Ok(()),
            };
        }
        if !self.count {
            return Err(RequestError::NeedsCount("--memo"));
        }
        if let Some(flag) = self.shown() {
            return Err(RequestError::NotPlainSearch(flag));
        }
        if self.zdd.is_some() {
            let whole = [
                (self.limit.is_some(), "--limit"),
                (self.is_distributed(), "--jobs, --part, --split or --json"),
                // The diagram would name the reduced problem's options.
                (self.preprocess, "--preprocess"),
            ];
            if let Some(&(_, flag)) = whole.iter().find(|(given, _)| *given) {
                return Err(RequestError::ZddWhole(flag));
            }
        }
        Ok(())
    }
}

/// Options of a [`Request`] that do not go together. Each names the
/// options as the command line spells them; its text is the command line's
/// usage error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RequestError {
    /// An option of a count (`--jobs`, `--part`, `--split`,
    /// `--max-memory`, `--json`, `--memo`) without `--count`.
    NeedsCount(&'static str),
    /// `--max-memory` on one thread, which has one matrix.
    MemoryWithoutThreads,
    /// `--zdd` without `--memo`, which builds it.
    ZddWithoutMemo,
    /// An option that shows a search, with a count by Algorithm Z.
    NotPlainSearch(&'static str),
    /// `--zdd` with an option that would make it hold only some of the
    /// solutions, or name the reduced problem's options.
    ZddWhole(&'static str),
    /// An option that shows one search, with a count split into many.
    NotOneSearch(&'static str),
    /// `--best` with an option of another search.
    BestAlone(&'static str),
    /// An option that shows a search, with `--preprocess`: it would show
    /// the reduced problem's.
    NotPreprocessed(&'static str),
    /// A tree other than DLX1's, with a search that walks a tree of its
    /// own.
    TreeOfPlainSearch(Tree, &'static str),
    /// A tree other than DLX1's, with an option that shows a search: they
    /// show DLX1's.
    TreeNotShown(Tree, &'static str),
    /// `--json` with an option that writes text to standard output (a
    /// trace).
    TextWithJson(&'static str),
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RequestError::NeedsCount(flag) => write!(f, "{flag} goes with --count"),
            RequestError::MemoryWithoutThreads => {
                f.write_str("--max-memory caps the threads of --jobs, --part or --split")
            }
            RequestError::ZddWithoutMemo => f.write_str("--zdd goes with --memo"),
            RequestError::NotPlainSearch(flag) => {
                write!(f, "{flag} follows a plain search: it cannot go with --memo")
            }
            RequestError::ZddWhole(flag) => write!(
                f,
                "--zdd holds every solution of one search: it cannot go with {flag}"
            ),
            RequestError::NotOneSearch(flag) => write!(
                f,
                "{flag} follows one search: it cannot go with --jobs, --part, --split or --json"
            ),
            RequestError::BestAlone(flag) => write!(
                f,
                "--best runs a search of its own for the cheapest solutions: it cannot go with {flag}"
            ),
            RequestError::NotPreprocessed(flag) => write!(
                f,
                "{flag} shows the search of the problem as given: it cannot go with --preprocess"
            ),
            RequestError::TreeNotShown(tree, flag) => write!(
                f,
                "--tree {tree} is not shown: {flag} shows the search on DLX1's tree (leave out --tree)"
            ),
            RequestError::TextWithJson(flag) => write!(
                f,
                "{flag} writes text beside the solutions: it cannot go with --json"
            ),
            RequestError::TreeOfPlainSearch(tree, flag) => write!(
                f,
                "--tree {tree} chooses the tree of the plain search: it cannot go with {flag}, whose search walks a tree of its own"
            ),
        }
    }
}

impl std::error::Error for RequestError {}

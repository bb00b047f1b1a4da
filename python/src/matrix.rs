//! `Matrix`: a problem of numbered items and options (the engine's
//! `Problem`), and what can be asked of it; `Stream`, solutions one at a
//! time from a worker thread; `ZddDiagram`, the ZDD of every solution.

use std::collections::VecDeque;
use std::io;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;

use exactcover::engine::{Memo, Zdd};
use exactcover::{Budget, Interruption, Problem, SearchEnd, Solver, knuth};
use pyo3::prelude::*;

use crate::errors::Fail;
use crate::run::{FAST_NODES, Limits, Producer, guarded, run};

/// A problem of numbered items (primary first, then secondary) and
/// options, as the engine holds it.
#[pyclass(frozen, module = "exactcover._native")]
pub struct Matrix {
    pub problem: Arc<Problem>,
}

#[allow(clippy::too_many_arguments)]
fn build(
    primary: usize,
    secondary: usize,
    options: Vec<Vec<usize>>,
    colours: Option<Vec<Vec<usize>>>,
    colour_names: Option<Vec<String>>,
    names: Option<Vec<String>>,
    costs: Option<Vec<u64>>,
    bounds: Option<Vec<(usize, u32, u32)>>,
) -> Result<Problem, Fail> {
    let mut problem = Problem::new();
    match names {
        Some(names) => {
            if names.len() != primary + secondary {
                return Err(Fail::raise(
                    "InputError",
                    format!("{} names for {} items", names.len(), primary + secondary),
                ));
            }
            for (i, name) in names.iter().enumerate() {
                if i < primary {
                    problem.add_primary(name)?;
                } else {
                    problem.add_secondary(name)?;
                }
            }
        }
        None => {
            problem.add_primary_items(primary);
            problem.add_secondary_items(secondary);
        }
    }
    let mut palette = Vec::new();
    for name in colour_names.unwrap_or_default() {
        palette.push(problem.colour(&name)?);
    }
    match colours {
        Some(colours) => {
            if colours.len() != options.len() {
                return Err(Fail::raise(
                    "InputError",
                    "one list of colours is needed per option",
                ));
            }
            for (k, (items, cols)) in options.iter().zip(&colours).enumerate() {
                if items.len() != cols.len() {
                    return Err(Fail::raise(
                        "InputError",
                        format!("option {k}: {} items, {} colours", items.len(), cols.len()),
                    )
                    .with("option", Some(k)));
                }
                let mut entries = Vec::with_capacity(items.len());
                for (&item, &c) in items.iter().zip(cols) {
                    let colour = match c {
                        0 => None,
                        c => Some(*palette.get(c - 1).ok_or_else(|| {
                            Fail::raise("InputError", format!("option {k}: no colour {c}"))
                                .with("option", Some(k))
                        })?),
                    };
                    entries.push((item, colour));
                }
                problem.add_coloured_option(entries)?;
            }
        }
        None => {
            for items in options {
                problem.add_option(items)?;
            }
        }
    }
    for (k, cost) in costs.unwrap_or_default().into_iter().enumerate() {
        problem.set_option_cost(k, cost)?;
    }
    for (item, lo, hi) in bounds.unwrap_or_default() {
        problem.set_bounds(item, lo, hi)?;
    }
    Ok(problem)
}

/// A copy of `problem` in which `item` is covered by option `keep` alone
/// (the other options with `item` left out): the part of the search tree
/// under `keep`. Option numbers change; the count of all parts is the count.
fn part(problem: &Problem, item: usize, keep: usize) -> Result<Problem, Fail> {
    let mut p = Problem::new();
    for i in 0..problem.item_count() {
        let primary = problem.is_primary(i);
        match problem.item_name(i) {
            Some(name) if primary => p.add_primary(name).map(|_| ())?,
            Some(name) => p.add_secondary(name).map(|_| ())?,
            None if primary => {
                let _ = p.add_primary_items(1);
            }
            None => {
                let _ = p.add_secondary_items(1);
            }
        }
    }
    for c in 0..problem.colour_count() {
        p.colour(problem.colour_name(c).unwrap_or("?"))?;
    }
    for (k, items) in problem.options().enumerate() {
        if k != keep && items.contains(&item) {
            continue;
        }
        let colours = problem.option_colours(k).into_iter().flatten();
        p.add_coloured_option(items.iter().copied().zip(colours))?;
    }
    Ok(p)
}

/// The primary item of fewest options (more than one), with them.
fn branch_item(problem: &Problem) -> Option<(usize, Vec<usize>)> {
    let mut options: Vec<Vec<usize>> = vec![Vec::new(); problem.item_count()];
    for (k, items) in problem.options().enumerate() {
        for &i in items {
            options[i].push(k);
        }
    }
    (0..problem.primary_count().min(problem.item_count()))
        .filter(|&i| problem.is_primary(i) && options[i].len() > 1)
        .min_by_key(|&i| options[i].len())
        .map(|i| (i, std::mem::take(&mut options[i])))
}

/// `problem` cut into at least `want` parts (when it can be), whose counts
/// add up to its count.
fn parts(problem: &Problem, want: usize) -> Result<Vec<Problem>, Fail> {
    let mut parts = vec![problem.clone()];
    for _ in 0..3 {
        if parts.len() >= want {
            break;
        }
        let mut next = Vec::new();
        for p in &parts {
            match branch_item(p) {
                Some((item, options)) => {
                    for keep in options {
                        next.push(part(p, item, keep)?);
                    }
                }
                None => next.push(p.clone()),
            }
        }
        parts = next;
    }
    Ok(parts)
}

/// Counts `problem` on `threads` threads, one part at a time per thread.
fn count_on_threads(
    problem: &Problem,
    limit: Option<u128>,
    memo: Option<&Memo>,
    threads: usize,
    budget: &Budget,
) -> Result<u128, Fail> {
    let parts = parts(problem, threads * 8)?;
    let next = AtomicUsize::new(0);
    let total = Mutex::new((0u128, 0u64, None::<Fail>));
    thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(part) = parts.get(k) else { break };
                    let counted =
                        crate::run::guarded(|| count_one(part, None, memo, budget.clone()));
                    let mut t = total.lock().unwrap_or_else(|e| e.into_inner());
                    match counted {
                        Ok((n, nodes)) => {
                            t.0 = t.0.saturating_add(n);
                            t.1 = t.1.saturating_add(nodes);
                            if limit.is_some_and(|l| t.0 >= l) {
                                next.store(usize::MAX / 2, Ordering::Relaxed);
                            }
                        }
                        Err(f) => {
                            if t.2.is_none() {
                                t.2 = Some(f);
                            }
                            next.store(usize::MAX / 2, Ordering::Relaxed);
                        }
                    }
                }
            });
        }
    });
    let (count, nodes, fail) = total.into_inner().unwrap_or_else(|e| e.into_inner());
    match fail {
        Some(Fail::Interrupted { reason, .. }) => Err(Fail::Interrupted {
            reason,
            solutions: count,
            nodes,
        }),
        Some(f) => Err(f),
        None if count == u128::MAX => Err(Fail::raise(
            "CountOverflow",
            "the count passed 2^128 - 1, the largest counted exactly",
        )),
        None => Ok(limit.map_or(count, |l| count.min(l))),
    }
}

/// The count of one problem and the nodes it took.
fn count_one(
    problem: &Problem,
    limit: Option<u128>,
    memo: Option<&Memo>,
    budget: Budget,
) -> Result<(u128, u64), Fail> {
    let mut solver = Solver::try_new(problem)?;
    solver.set_budget(budget);
    match memo {
        Some(memo) => {
            let counted = solver.count_memo(limit, memo)?;
            if let SearchEnd::Interrupted(reason) = counted.end {
                return Err(Fail::Interrupted {
                    reason,
                    solutions: counted.solutions,
                    nodes: solver.stats().nodes,
                });
            }
            Ok((counted.solutions, solver.stats().nodes))
        }
        None => {
            let limit = limit.map(|l| u64::try_from(l).unwrap_or(u64::MAX));
            let counted = solver.count(limit)?;
            Ok((u128::from(counted.solutions), solver.stats().nodes))
        }
    }
}

fn interrupted(end: SearchEnd, solver: &Solver) -> Result<(), Fail> {
    match end {
        SearchEnd::Interrupted(reason) => Err(Fail::Interrupted {
            reason,
            solutions: 0,
            nodes: solver.stats().nodes,
        }),
        _ => Ok(()),
    }
}

#[pymethods]
impl Matrix {
    /// Items `0..primary` are primary, the next `secondary` secondary;
    /// `options` are lists of item numbers; `colours[k][j]` is 0 (none) or
    /// 1 + the number of a colour of `colour_names` for entry `j` of option
    /// `k`; `names` name the items; `costs` the options; `bounds` are
    /// `(item, lo, hi)`.
    #[new]
    #[pyo3(signature = (primary, secondary, options, colours=None, colour_names=None, names=None, costs=None, bounds=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        primary: usize,
        secondary: usize,
        options: Vec<Vec<usize>>,
        colours: Option<Vec<Vec<usize>>>,
        colour_names: Option<Vec<String>>,
        names: Option<Vec<String>>,
        costs: Option<Vec<u64>>,
        bounds: Option<Vec<(usize, u32, u32)>>,
    ) -> PyResult<Matrix> {
        build(
            primary,
            secondary,
            options,
            colours,
            colour_names,
            names,
            costs,
            bounds,
        )
        .map(|p| Matrix {
            problem: Arc::new(p),
        })
        .map_err(|f| f.into_pyerr(py))
    }

    /// The problem of a text in Knuth's format (DLX1..DLX6, SSXC).
    #[staticmethod]
    fn from_knuth(py: Python<'_>, text: &str) -> PyResult<Matrix> {
        knuth::parse(text)
            .map(|k| Matrix {
                problem: Arc::new(k.problem),
            })
            .map_err(|e| Fail::from(e).into_pyerr(py))
    }

    /// The problem in Knuth's format.
    fn to_knuth(&self, py: Python<'_>) -> PyResult<String> {
        let mut out = Vec::new();
        match knuth::write(&self.problem, &[], &mut out) {
            Ok(()) => Ok(String::from_utf8_lossy(&out).into_owned()),
            Err(e) if e.kind() == io::ErrorKind::InvalidInput => {
                Err(Fail::raise("InputError", e.to_string()).into_pyerr(py))
            }
            Err(e) => Err(pyo3::exceptions::PyOSError::new_err(e.to_string())),
        }
    }

    #[getter]
    fn item_count(&self) -> usize {
        self.problem.item_count()
    }

    #[getter]
    fn option_count(&self) -> usize {
        self.problem.option_count()
    }

    #[getter]
    fn colour_names(&self) -> Vec<String> {
        (0..self.problem.colour_count())
            .filter_map(|c| self.problem.colour_name(c).map(str::to_string))
            .collect()
    }

    fn is_primary(&self, item: usize) -> bool {
        self.problem.is_primary(item)
    }

    fn item_name(&self, item: usize) -> Option<String> {
        self.problem.item_name(item).map(str::to_string)
    }

    fn option(&self, option: usize) -> Option<Vec<usize>> {
        self.problem.option(option).map(<[usize]>::to_vec)
    }

    /// The colour numbers of an option's entries (0: none, else 1 + the
    /// colour's number).
    fn option_colours(&self, option: usize) -> Option<Vec<usize>> {
        self.problem
            .option_colours(option)
            .map(|c| c.map(|c| c.map_or(0, |c| c + 1)).collect())
    }

    fn cost(&self, option: usize) -> Option<u64> {
        self.problem.option_cost(option)
    }

    fn bounds(&self, item: usize) -> Option<(u32, u32)> {
        self.problem.bounds(item)
    }

    /// The number of solutions, exact (past 2^64 with `memo`), or `limit`
    /// when there are at least that many.
    #[pyo3(signature = (limit=None, memo=false, memory=None, threads=1, timeout=None, max_nodes=None))]
    #[allow(clippy::too_many_arguments)]
    fn count(
        &self,
        py: Python<'_>,
        limit: Option<u128>,
        memo: bool,
        memory: Option<usize>,
        threads: usize,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<u128> {
        let limits = Limits::new(timeout, max_nodes)?;
        let memo = memo.then(|| {
            let m = Memo::new();
            match memory {
                Some(bytes) => m.with_memory(bytes),
                None => m,
            }
        });
        let threads = threads.clamp(1, 1024);
        let problem = &*self.problem;
        if threads > 1 && !problem.has_bounds() {
            // No fast path: the parts are made once, on the worker.
            return crate::run::run_on_worker(py, &limits, &|budget| {
                count_on_threads(problem, limit, memo.as_ref(), threads, &budget)
            });
        }
        run(py, &limits, &|budget| {
            count_one(problem, limit, memo.as_ref(), budget).map(|(n, _)| n)
        })
    }

    /// The first solution found, or None.
    #[pyo3(signature = (timeout=None, max_nodes=None))]
    fn first(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<Option<Vec<usize>>> {
        let limits = Limits::new(timeout, max_nodes)?;
        let problem = &*self.problem;
        run(py, &limits, &|budget| {
            let mut solver = Solver::try_new(problem)?;
            solver.set_budget(budget);
            Ok(solver.solution()?)
        })
    }

    /// Every solution, lazily.
    #[pyo3(signature = (timeout=None, max_nodes=None))]
    fn solutions(&self, timeout: Option<f64>, max_nodes: Option<u64>) -> PyResult<Stream> {
        let limits = Limits::new(timeout, max_nodes)?;
        Ok(Stream {
            state: Mutex::new(State::Pending(self.problem.clone(), limits)),
        })
    }

    /// The problem of a boolean matrix given by its 1s: `cols` holds the
    /// columns of the 1s row by row, `counts` how many each row has. Rows
    /// with none are left out; the list says which rows were kept.
    #[staticmethod]
    fn from_rows(
        py: Python<'_>,
        width: usize,
        cols: Vec<usize>,
        counts: Vec<usize>,
    ) -> PyResult<(Matrix, Vec<usize>)> {
        let build = || -> Result<(Problem, Vec<usize>), Fail> {
            let mut problem = Problem::new();
            problem.add_primary_items(width);
            let mut kept = Vec::new();
            let mut start = 0usize;
            for (row, &n) in counts.iter().enumerate() {
                let end = start.saturating_add(n);
                let Some(items) = cols.get(start..end) else {
                    return Err(Fail::raise(
                        "InputError",
                        "the counts pass the end of the columns",
                    ));
                };
                if n > 0 {
                    problem.add_option(items.iter().copied())?;
                    kept.push(row);
                }
                start = end;
            }
            Ok((problem, kept))
        };
        build()
            .map(|(p, kept)| {
                (
                    Matrix {
                        problem: Arc::new(p),
                    },
                    kept,
                )
            })
            .map_err(|f| f.into_pyerr(py))
    }

    /// The ZDD of every solution (Algorithm Z).
    #[pyo3(signature = (memory=None, timeout=None, max_nodes=None))]
    fn zdd(
        &self,
        py: Python<'_>,
        memory: Option<usize>,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<ZddDiagram> {
        let limits = Limits::new(timeout, max_nodes)?;
        let memo = match memory {
            Some(bytes) => Memo::new().with_memory(bytes),
            None => Memo::new(),
        };
        let problem = &*self.problem;
        let zdd = run(py, &limits, &|budget| {
            let mut solver = Solver::try_new(problem)?;
            solver.set_budget(budget);
            Ok(solver.zdd(&memo)?)
        })?;
        Ok(ZddDiagram { zdd: Arc::new(zdd) })
    }

    /// The `k` cheapest solutions, cheapest first: `(cost, options)`.
    #[pyo3(signature = (k=1, timeout=None, max_nodes=None))]
    fn cheapest(
        &self,
        py: Python<'_>,
        k: usize,
        timeout: Option<f64>,
        max_nodes: Option<u64>,
    ) -> PyResult<Vec<(u64, Vec<usize>)>> {
        let limits = Limits::new(timeout, max_nodes)?;
        let problem = &*self.problem;
        run(py, &limits, &|budget| {
            let mut solver = Solver::try_new(problem)?;
            solver.set_budget(budget);
            let found = solver
                .cheapest(k)
                .map_err(|e| Fail::raise("InputError", e.to_string()))?;
            interrupted(found.end, &solver)?;
            Ok(found
                .solutions
                .into_iter()
                .map(|c| (c.cost, c.options))
                .collect())
        })
    }

    /// Knuth's DLX-PRE: the problem with the options that can be in no
    /// solution taken out (`rounds` at most). Returns the reduced problem,
    /// the original number of each item and option it keeps, and the item
    /// found impossible to cover, if any.
    #[pyo3(signature = (rounds=None))]
    #[allow(clippy::type_complexity)]
    fn preprocess(
        &self,
        py: Python<'_>,
        rounds: Option<usize>,
    ) -> PyResult<(Matrix, Vec<usize>, Vec<usize>, Option<usize>)> {
        let problem = &*self.problem;
        let reduced = py
            .detach(|| {
                guarded(|| {
                    Ok(match rounds {
                        Some(r) => problem.preprocess_rounds(r)?,
                        None => problem.preprocess()?,
                    })
                })
            })
            .map_err(|f| f.into_pyerr(py))?;
        Ok((
            Matrix {
                problem: Arc::new(reduced.problem),
            },
            reduced.items,
            reduced.options,
            reduced.infeasible,
        ))
    }

    fn __repr__(&self) -> String {
        format!(
            "<exactcover._native.Matrix: {} items ({} primary), {} options>",
            self.problem.item_count(),
            self.problem.primary_count(),
            self.problem.option_count()
        )
    }
}

/// The solutions a search finds on the calling thread before it is handed
/// to a worker (memory stays bounded).
const BUFFER: usize = 1024;

/// Where a [`Stream`] stands.
enum State {
    /// Not started: the problem and the budget.
    Pending(Arc<Problem>, Limits),
    /// Solutions found on the calling thread, then what follows them.
    Ready {
        buffer: VecDeque<Vec<usize>>,
        then: Then,
    },
}

/// What follows a [`Stream`]'s buffer.
enum Then {
    End,
    Fail(Fail),
    Worker(Producer),
}

/// A worker listing the solutions of `problem` after the first `skip`
/// (the search's order is the same every time).
fn worker(problem: Arc<Problem>, limits: Limits, skip: usize) -> Producer {
    Producer::start(move |tx, cancel| {
        let mut solver = Solver::try_new(&problem)?;
        solver.set_budget(limits.budget(cancel, None));
        let mut solutions = solver.solutions();
        let mut skip = skip;
        while let Some(s) = solutions.next_solution() {
            if skip > 0 {
                skip -= 1;
                continue;
            }
            if tx.send(Ok(s.to_vec())).is_err() {
                return Ok(());
            }
        }
        if let Some(SearchEnd::Interrupted(reason)) = solutions.end() {
            let stats = solver.stats();
            return Err(Fail::Interrupted {
                reason,
                solutions: u128::from(stats.solutions),
                nodes: stats.nodes,
            });
        }
        Ok(())
    })
}

/// The start of a listing, on the calling thread (without the GIL): the
/// solutions of the first few thousand nodes, then a worker for the rest
/// if there is more.
fn start(problem: Arc<Problem>, limits: Limits) -> State {
    let cancel = Arc::new(AtomicBool::new(false));
    let capped = limits.max_nodes.is_none_or(|n| n > FAST_NODES);
    let found = guarded(|| {
        let mut solver = Solver::try_new(&problem)?;
        solver.set_budget(limits.budget(&cancel, capped.then_some(FAST_NODES)));
        let mut buffer = VecDeque::new();
        let mut solutions = solver.solutions();
        while let Some(s) = solutions.next_solution() {
            buffer.push_back(s.to_vec());
            if buffer.len() == BUFFER {
                break;
            }
        }
        let end = solutions.end();
        Ok((buffer, end, solver.stats()))
    });
    let (buffer, end, stats) = match found {
        Ok(found) => found,
        Err(f) => {
            return State::Ready {
                buffer: VecDeque::new(),
                then: Then::Fail(f),
            };
        }
    };
    let then = match end {
        None => Then::Worker(worker(problem, limits, buffer.len())),
        Some(SearchEnd::Interrupted(Interruption::NodeLimit)) if capped => {
            Then::Worker(worker(problem, limits, buffer.len()))
        }
        Some(SearchEnd::Interrupted(reason)) => Then::Fail(Fail::Interrupted {
            reason,
            solutions: u128::from(stats.solutions),
            nodes: stats.nodes,
        }),
        Some(_) => Then::End,
    };
    State::Ready { buffer, then }
}

/// Solutions, one at a time: those of the first few thousand nodes found
/// at once, the rest from a search in a worker thread; dropping it (or
/// `close()`) stops the search.
#[pyclass(module = "exactcover._native")]
pub struct Stream {
    state: Mutex<State>,
}

#[pymethods]
impl Stream {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Vec<usize>>> {
        let mut guard = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if let State::Pending(problem, limits) = &*guard {
            let (problem, limits) = (problem.clone(), *limits);
            *guard = py.detach(move || start(problem, limits));
        }
        let State::Ready { buffer, then } = &mut *guard else {
            return Ok(None);
        };
        if let Some(solution) = buffer.pop_front() {
            return Ok(Some(solution));
        }
        match std::mem::replace(then, Then::End) {
            Then::End => Ok(None),
            Then::Fail(f) => Err(f.into_pyerr(py)),
            Then::Worker(mut producer) => {
                let next = producer.next(py);
                if !matches!(next, Ok(None)) {
                    *then = Then::Worker(producer);
                }
                next
            }
        }
    }

    /// Stops the search and frees it.
    fn close(&self) {
        *self.state.lock().unwrap_or_else(|e| e.into_inner()) = State::Ready {
            buffer: VecDeque::new(),
            then: Then::End,
        };
    }
}

/// The ZDD of every solution of a problem.
#[pyclass(frozen, module = "exactcover._native")]
pub struct ZddDiagram {
    zdd: Arc<Zdd>,
}

#[pymethods]
impl ZddDiagram {
    /// The number of solutions.
    #[getter]
    fn count(&self) -> u128 {
        self.zdd.count()
    }

    /// The number of nodes, sinks not counted.
    #[getter]
    fn node_count(&self) -> usize {
        self.zdd.node_count()
    }

    /// A solution drawn uniformly at random from `seed`.
    fn random(&self, seed: u64) -> Option<Vec<usize>> {
        self.zdd.random_solution(seed)
    }

    /// The diagram in DLX6's text format, which Knuth's ZDDREAD reads.
    fn to_knuth(&self) -> String {
        let mut out = Vec::new();
        // Writing to a Vec cannot fail.
        let _ = self.zdd.write_knuth(&mut out);
        String::from_utf8_lossy(&out).into_owned()
    }

    /// Every solution, lazily.
    fn solutions(&self) -> Stream {
        let zdd = self.zdd.clone();
        let producer = Producer::start(move |tx, cancel| {
            for s in zdd.solutions() {
                if cancel.load(Ordering::Relaxed) || tx.send(Ok(s)).is_err() {
                    break;
                }
            }
            Ok(())
        });
        Stream {
            state: Mutex::new(State::Ready {
                buffer: VecDeque::new(),
                then: Then::Worker(producer),
            }),
        }
    }
}

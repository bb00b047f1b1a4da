//! [`cover`]: one problem's solutions, their number, or its cheapest
//! solutions, as `exactcover cover` prints them.

use std::io;
use std::ops::ControlFlow;

use super::{Host, Request, Status, memo, parts, reduce};
use crate::util::json;
use exactcover::problem::{Labels, Reduction};
use exactcover::{Count, Problem, SearchEnd, Solver, Tree};

/// The problem searched, and how its options are written: as the input's
/// own, through the reduction when the input was preprocessed.
///
/// ```
/// use exactcover::knuth;
/// use exactcover_cli::reply::Shown;
///
/// // Option "a b" is in no solution: DLX-PRE takes it away.
/// let input = knuth::parse("a b c\na b\nb c\na\n")?.problem;
/// let reduction = input.preprocess().expect("memory");
/// let shown = Shown::new(&input, Some(&reduction));
/// assert_eq!(shown.searched().option_count(), 2);
/// assert_eq!(shown.option(0), "b c");
/// assert_eq!(shown.solution(&[1, 0]), "a\nb c\n\n");
/// # Ok::<(), exactcover::knuth::KnuthError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Shown<'a> {
    input: &'a Problem,
    reduction: Option<&'a Reduction>,
}

impl<'a> Shown<'a> {
    /// The problem `input`, searched as it is or, with a `reduction` of it,
    /// reduced.
    #[must_use]
    pub fn new(input: &'a Problem, reduction: Option<&'a Reduction>) -> Shown<'a> {
        Shown { input, reduction }
    }

    /// The problem the search runs on.
    #[must_use]
    pub fn searched(&self) -> &'a Problem {
        self.reduction.map_or(self.input, |r| &r.problem)
    }

    /// Option `option` of the searched problem, as the input writes it.
    ///
    /// # Panics
    /// When `option` is not an option of the searched problem, or the
    /// reduction is not one of the input (as slices panic out of bounds:
    /// the search gives only its own options).
    #[must_use]
    pub fn option(&self, option: usize) -> String {
        let original = self.reduction.map_or(option, |r| r.options[option]);
        Labels::option(self.input, original)
    }

    /// A solution of the searched problem as `cover` lists it: each option
    /// on a line as the input writes it, then an empty line.
    #[must_use]
    pub fn solution(&self, options: &[usize]) -> String {
        let mut text = String::new();
        self.push_options(options, &mut text);
        text.push('\n');
        text
    }

    /// `options` as `--json` writes a solution: a list of each option as
    /// the input writes it.
    fn options(&self, options: &[usize]) -> serde_json::Value {
        options.iter().map(|&o| self.option(o)).collect()
    }

    /// Appends each of `options` to `text`, on a line.
    fn push_options(&self, options: &[usize], text: &mut String) {
        for &option in options {
            text.push_str(&self.option(option));
            text.push('\n');
        }
    }
}

/// Answers `request` on `problem`, read from the input `name`: the
/// solutions, each as its options then an empty line; with
/// [`Request::count`], their number (`N+` at the limit, `N?` when
/// stopped); with [`Request::best`], the cheapest solutions, each followed
/// by `cost N`; with [`Request::memo`], the count by Algorithm Z (and its
/// ZDD); distributed, the count on threads or of one part (or its report).
/// A request that [`Request::check`] refuses is said so, and refused.
///
/// # Errors
/// The host's, writing the answer.
pub fn cover(
    request: &Request,
    name: &str,
    problem: &Problem,
    host: &mut impl Host,
) -> io::Result<Status> {
    if let Err(e) = request.check() {
        host.warn(&format!("{name}: {e}"));
        return Ok(Status::Refused);
    }
    if let Some(status) = refuse_teaching(request, name, problem, host) {
        return Ok(status);
    }
    let reduction = match request.preprocess {
        true => match reduce(name, problem, request.stats, host) {
            Some(reduction) => Some(reduction),
            None => return Ok(Status::Failed),
        },
        false => None,
    };
    let shown = Shown::new(problem, reduction.as_ref());
    if request.is_distributed() {
        return parts::count(request, name, shown.searched(), host);
    }
    if let Some(memo) = &request.memo {
        return memo::count(request, name, shown.searched(), memo, host);
    }
    if let Some(k) = request.best {
        let k = usize::try_from(k).unwrap_or(usize::MAX);
        return best(request, name, &shown, k, host);
    }
    list(request, name, &shown, host)
}

/// Refuses the options that show a search (`--trace`, `--svg`, ...) for a
/// problem with multiplicities: they draw Algorithms X and C, step by step,
/// and Algorithm M's steps (bounds lowered, options tweaked) are not theirs.
fn refuse_teaching(
    request: &Request,
    name: &str,
    problem: &Problem,
    host: &mut impl Host,
) -> Option<Status> {
    let flag = request.shown()?;
    let item =
        (0..problem.item_count()).find(|&i| problem.bounds(i).is_some_and(|b| b != (1, 1)))?;
    host.warn(&format!(
        "{name}: {flag} shows searches by Algorithms X and C; this problem has multiplicities \
         (item '{}' has bounds), which Algorithm M searches: list or count its solutions instead",
        problem.item_label(item)
    ));
    Some(Status::Refused)
}

/// A solver of `problem`, or `None` when its arena cannot be allocated,
/// which is said (a panic lost the answer).
pub(super) fn new_solver(problem: &Problem, name: &str, host: &mut impl Host) -> Option<Solver> {
    Solver::try_new(problem)
        .inspect_err(|e| host.warn(&format!("{name}: {e}")))
        .ok()
}

/// The plain search: every solution listed (or traced), or counted.
fn list(
    request: &Request,
    name: &str,
    shown: &Shown<'_>,
    host: &mut impl Host,
) -> io::Result<Status> {
    let problem = shown.searched();
    let Some(mut solver) = new_solver(problem, name, host) else {
        return Ok(Status::Failed);
    };
    solver.set_budget(request.budget.clone());
    if let Err(e) = solver.set_tree(request.tree) {
        host.warn(&format!("{name}: {e}"));
        return Ok(Status::Refused);
    }
    // The teaching outputs never go with a reduction (`Request::check`):
    // the problem searched is the input.
    let drawn = request.teaching.is_none() || host.draw(problem, &mut solver);
    let (found, end, estimate) = search(request, name, shown, &mut solver, host)?;
    let estimate = estimate.filter(|_| host.signalled());
    let said = end.describe(
        found.into(),
        solver.stats().nodes,
        |why| host.reason(why),
        estimate,
    );
    if let Some(message) = &said.message {
        host.warn(&format!("{name}: {message}"));
    }
    let status = Status::failed_if(!drawn).max(Status::failed_if(said.interrupted));
    let solutions = format!("{found}{}", said.suffix);
    if request.count {
        host.write(&format!("{solutions}\n"))?;
    }
    host.flush()?;
    if request.stats {
        stats(problem, &solver, &solutions, host);
    }
    Ok(status)
}

/// The search [`list`] runs: every solution written (or traced), or only
/// counted; the solutions found, how the search ended, and Knuth's
/// estimate of the part of the tree walked (for a count).
fn search(
    request: &Request,
    name: &str,
    shown: &Shown<'_>,
    solver: &mut Solver,
    host: &mut impl Host,
) -> io::Result<(u64, SearchEnd, Option<f64>)> {
    let limit = request.limit.unwrap_or(u64::MAX);
    let mut found = 0u64;
    let mut enough = || {
        found += 1;
        if found >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    if request.trace {
        // The trace writes each solution itself, in the same form.
        let traced = host.trace(shown.searched(), solver, &mut |_| enough());
        if let Some(end) = traced {
            return Ok((found, end?, None));
        }
    }
    if request.count {
        // A count never copies solutions out of the links.
        let budget = solver.budget().clone();
        let (count, estimate) = host.watch(name, &budget, |budget| {
            solver.set_budget(budget);
            solver.count(request.limit).unwrap_or_else(Count::from)
        });
        return Ok((count.solutions, count.end, Some(estimate)));
    }
    let (mut failed, mut text) = (Ok(()), String::new());
    let end = solver.visit(|options| {
        text.clear();
        if request.json {
            text.push_str(&json::line(&[("solution", shown.options(options))]));
        } else {
            shown.push_options(options, &mut text);
            text.push('\n');
        }
        if let Err(e) = host.write(&text) {
            failed = Err(e);
            return ControlFlow::Break(());
        }
        enough()
    });
    failed?;
    Ok((found, end, None))
}

/// `--best K`: the `k` cheapest solutions, cheapest first, each as its
/// options, then `cost N`, then an empty line.
fn best(
    request: &Request,
    name: &str,
    shown: &Shown<'_>,
    k: usize,
    host: &mut impl Host,
) -> io::Result<Status> {
    let problem = shown.searched();
    let Some(mut solver) = new_solver(problem, name, host) else {
        return Ok(Status::Failed);
    };
    let (cheapest, _) = host.watch(name, &request.budget, |budget| {
        solver.set_budget(budget);
        solver.cheapest(k)
    });
    let cheapest = match cheapest {
        Ok(cheapest) => cheapest,
        Err(e) => {
            host.warn(&format!("{name}: {e}"));
            return Ok(Status::Refused);
        }
    };
    let mut text = String::new();
    for solution in &cheapest.solutions {
        text.clear();
        if request.json {
            text.push_str(&json::line(&[
                ("solution", shown.options(&solution.options)),
                ("cost", solution.cost.into()),
            ]));
        } else {
            shown.push_options(&solution.options, &mut text);
            text.push_str(&format!("cost {}\n\n", solution.cost));
        }
        host.write(&text)?;
    }
    host.flush()?;
    let found = cheapest.solutions.len();
    let (status, suffix) = match cheapest.end {
        SearchEnd::Interrupted(why) => {
            host.warn(&format!(
                "{name}: search stopped ({}) after {} nodes: the {found} cheapest solutions found by then",
                host.reason(why),
                solver.stats().nodes
            ));
            (Status::Failed, "?")
        }
        _ if found == 0 => {
            host.warn(&format!("{name}: no solution"));
            (Status::Answered, "")
        }
        _ => (Status::Answered, ""),
    };
    if request.stats {
        stats(problem, &solver, &format!("{found}{suffix}"), host);
    }
    Ok(status)
}

/// `--stats`: the statistics of the search of `problem`, with
/// `solutions`, the count as printed.
fn stats(problem: &Problem, solver: &Solver, solutions: &str, host: &mut impl Host) {
    let (s, sizes) = (solver.stats(), problem.describe_sizes());
    // The options aborted, on the tree without dead ends.
    let aborts = match solver.tree() {
        Tree::Dlx1 => String::new(),
        _ => format!("aborts: {}\n", solver.aborts()),
    };
    host.warn(&format!("solutions: {solutions}\n{s}\n{aborts}{sizes}"));
}

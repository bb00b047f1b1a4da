//! The ZDD of every solution, as Algorithm Z builds it (Knuth's DLX6 with
//! its option `m1`), and what it answers: the count, uniformly random
//! solutions, every solution in turn, and DLX6's text format.
//!
//! A ZDD (zero-suppressed binary decision diagram) here is a graph of
//! nodes `(option, lo, hi)` over two sinks, 0 (no solution) and 1 (the
//! empty solution). The solutions of a node are those of `lo`, and those of
//! `hi` with `option` added. The driver makes one node each time an option
//! it undoes has led to solutions: at each level the nodes form a chain,
//! each one's `lo` the node of the options tried before it, so that the
//! last node of a level stands for every solution below that level; a
//! state found in the memo gets the node stored with it, so that nodes are
//! shared wherever states repeat. Like DLX6's, the diagram is not
//! *ordered* (an option may appear above an option of smaller number) nor
//! reduced, and need not be: every path from the top to sink 1 is one
//! solution, every solution is one path (options tried at a level are
//! disjoint alternatives), and so the counts of the nodes add up.

use std::fmt;
use std::io::{self, Write};

use crate::engine::memo::{MemoCount, MemoError, MemoStats};
use crate::engine::solver::SearchEnd;
use crate::util::random::splitmix64;

/// The sink of the empty solution.
pub(crate) const TRUE: u32 = 1;

/// One node: its option (from 0), its `lo` and its `hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    option: u32,
    lo: u32,
    hi: u32,
}

/// The bytes a node takes in the builder and in the finished diagram
/// (the node, then its count).
const NODE_BYTES: usize = std::mem::size_of::<Node>() + std::mem::size_of::<u128>();

/// The nodes of a ZDD as the driver makes them (module documentation).
#[derive(Debug)]
pub(crate) struct Builder {
    nodes: Vec<Node>,
}

impl Builder {
    /// A builder holding the two sinks.
    pub(crate) fn new() -> Builder {
        let sink = Node {
            option: u32::MAX,
            lo: 0,
            hi: 0,
        };
        Builder {
            nodes: vec![sink, sink],
        }
    }

    /// The bytes the diagram will take, its counts included.
    pub(crate) fn bytes(&self) -> usize {
        self.nodes.capacity() * NODE_BYTES
    }

    /// The nodes made (the sinks not counted).
    pub(crate) fn len(&self) -> usize {
        self.nodes.len() - 2
    }

    /// A new node `(option, lo, hi)`; `None` when the diagram would need
    /// more than `room` bytes, or more nodes than a `u32` numbers.
    pub(crate) fn make(&mut self, option: usize, lo: u32, hi: u32, room: usize) -> Option<u32> {
        let n = self.nodes.len();
        if n == self.nodes.capacity() {
            let fit = (room / NODE_BYTES).min(u32::MAX as usize);
            let more = (n * 2)
                .max(1024)
                .min(fit)
                .checked_sub(n)
                .filter(|&m| m > 0)?;
            self.nodes.reserve_exact(more);
        }
        self.nodes.push(Node {
            option: u32::try_from(option).ok()?,
            lo,
            hi,
        });
        u32::try_from(n).ok()
    }

    /// The diagram whose top is `root`, with the options `selected` chosen
    /// above it (a chain of nodes, so that every solution holds them).
    ///
    /// # Errors
    ///
    /// [`MemoError::ZddTooLarge`] when the chain does not fit in `room`
    /// bytes; [`MemoError::Overflow`] when a node has more than
    /// `u128::MAX` solutions (never: none has more than the count).
    pub(crate) fn finish(
        mut self,
        mut root: u32,
        selected: &[usize],
        room: usize,
        memo: MemoStats,
    ) -> Result<Zdd, MemoError> {
        let too_large = || MemoError::ZddTooLarge { memory: room };
        if root != 0 {
            for &option in selected.iter().rev() {
                root = self.make(option, 0, root, room).ok_or_else(too_large)?;
            }
        }
        let mut counts: Vec<u128> = Vec::new();
        counts
            .try_reserve_exact(self.nodes.len())
            .map_err(|_| too_large())?;
        counts.extend_from_slice(&[0, 1]);
        for node in &self.nodes[2..] {
            // A node's children were made before it.
            let (lo, hi) = (counts[node.lo as usize], counts[node.hi as usize]);
            counts.push(lo.checked_add(hi).ok_or(MemoError::Overflow)?);
        }
        let memo = MemoStats {
            zdd_nodes: self.nodes.len() - 2,
            ..memo
        };
        Ok(Zdd {
            nodes: self.nodes,
            counts,
            root,
            memo,
        })
    }
}

/// The ZDD of every solution of a problem (below its selection, which
/// every solution holds), as [`Solver::zdd`](crate::Solver::zdd) builds it
/// by Algorithm Z: its count, uniformly random solutions, every solution in
/// turn, and Knuth's text format.
///
/// A node `(option, lo, hi)` stands for the solutions of `lo`, and those of
/// `hi` with `option` added; the two sinks stand for no solution and the
/// empty one. As DLX6's, the diagram is neither ordered nor reduced: each
/// path to the sink of the empty solution is one solution, and each
/// solution one path.
///
/// ```
/// use exactcover::engine::Memo;
/// use exactcover::Solver;
///
/// let problem = exactcover::problem::classic::queens(6);
/// let zdd = Solver::new(&problem).zdd(&Memo::new())?;
/// assert_eq!(zdd.count(), 4);
/// assert_eq!(zdd.solutions().count(), 4);
/// let one = zdd.random_solution(7).expect("queens 6 has solutions");
/// assert!(zdd.solutions().any(|s| s == one));
/// # Ok::<(), exactcover::engine::MemoError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Zdd {
    nodes: Vec<Node>,
    /// The solutions of every node.
    counts: Vec<u128>,
    root: u32,
    /// What the memo did while the diagram was built.
    memo: MemoStats,
}

impl fmt::Debug for Zdd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Zdd")
            .field("nodes", &self.node_count())
            .field("count", &self.count())
            .finish_non_exhaustive()
    }
}

impl Zdd {
    /// The number of solutions: exact, as every count of the diagram.
    ///
    /// ```
    /// use exactcover::{Solver, engine::Memo};
    /// let problem = exactcover::problem::classic::langford(7);
    /// assert_eq!(Solver::new(&problem).zdd(&Memo::new())?.count(), 52);
    /// # Ok::<(), exactcover::engine::MemoError>(())
    /// ```
    #[must_use]
    pub fn count(&self) -> u128 {
        self.counts[self.root as usize]
    }

    /// What the memo did while the diagram was built (its
    /// [`zdd_nodes`](MemoStats::zdd_nodes) are this diagram's).
    ///
    /// ```
    /// use exactcover::{Solver, engine::Memo};
    /// let zdd = Solver::new(&exactcover::problem::classic::queens(8)).zdd(&Memo::new())?;
    /// assert_eq!(zdd.memo().zdd_nodes, zdd.node_count());
    /// assert!(zdd.memo().lookups > 0);
    /// # Ok::<(), exactcover::engine::MemoError>(())
    /// ```
    #[must_use]
    pub fn memo(&self) -> &MemoStats {
        &self.memo
    }

    /// The number of nodes, the two sinks not counted.
    ///
    /// ```
    /// use exactcover::{Solver, engine::Memo};
    /// let zdd = Solver::new(&exactcover::Problem::new()).zdd(&Memo::new())?;
    /// assert_eq!((zdd.node_count(), zdd.count()), (0, 1)); // the empty solution
    /// # Ok::<(), exactcover::engine::MemoError>(())
    /// ```
    #[must_use]
    pub fn node_count(&self) -> usize {
        self.nodes.len() - 2
    }

    /// A solution drawn uniformly at random (each of the [`Zdd::count`]
    /// solutions with the same chance), from `seed`: the same seed gives
    /// the same solution on every platform. Its options in the order the
    /// search chose them. `None` when there is no solution.
    ///
    /// ```
    /// use exactcover::{Solver, engine::Memo};
    /// let zdd = Solver::new(&exactcover::problem::classic::queens(8)).zdd(&Memo::new())?;
    /// assert_eq!(zdd.random_solution(1), zdd.random_solution(1));
    /// assert_eq!(zdd.random_solution(1).map(|s| s.len()), Some(8));
    /// # Ok::<(), exactcover::engine::MemoError>(())
    /// ```
    #[must_use]
    pub fn random_solution(&self, seed: u64) -> Option<Vec<usize>> {
        self.random_solutions(seed).next()
    }

    /// An endless stream of uniformly random solutions from `seed` (none
    /// when there is no solution), each drawn independently of the others.
    ///
    /// ```
    /// use std::collections::HashSet;
    /// use exactcover::{Solver, engine::Memo};
    /// let zdd = Solver::new(&exactcover::problem::classic::queens(6)).zdd(&Memo::new())?;
    /// let seen: HashSet<Vec<usize>> = zdd.random_solutions(3).take(100).collect();
    /// assert_eq!(seen.len(), 4); // every solution of 6 queens, 100 draws
    /// # Ok::<(), exactcover::engine::MemoError>(())
    /// ```
    #[must_use]
    pub fn random_solutions(&self, seed: u64) -> RandomSolutions<'_> {
        RandomSolutions {
            zdd: self,
            state: seed,
        }
    }

    /// Every solution in turn, each as the numbers of its options in the
    /// order the search chose them, in the order the search found them.
    ///
    /// ```
    /// use exactcover::{Solver, engine::Memo};
    /// let problem = exactcover::problem::classic::knuth_toy();
    /// let zdd = Solver::new(&problem).zdd(&Memo::new())?;
    /// let all: Vec<Vec<usize>> = zdd.solutions().collect();
    /// let plain: Vec<Vec<usize>> = Solver::new(&problem).solutions().collect();
    /// assert_eq!(all, plain);
    /// # Ok::<(), exactcover::engine::MemoError>(())
    /// ```
    #[must_use]
    pub fn solutions(&self) -> ZddSolutions<'_> {
        let stack = match self.root {
            0 => Vec::new(),
            root => vec![(root, Visit::Lo)],
        };
        ZddSolutions {
            zdd: self,
            stack,
            path: Vec::new(),
        }
    }

    /// Writes the diagram in the text format of Knuth's DLX6 with its
    /// option `m1`, which his ZDDREAD programs read (`zddread-count`
    /// prints the number of solutions): a line `ID: (~V?LO:HI)` per node,
    /// children first, IDs in hexadecimal from 2 (0 and 1 are the sinks), `V`
    /// the option's number counted from 1 as DLX6 numbers the lines of its
    /// input; then the top, a node of variable 0 whose `HI` is the node of
    /// every solution.
    ///
    /// Knuth's reader takes at most 8,191 options and 40,000,000 nodes.
    ///
    /// # Errors
    ///
    /// Whatever `out` returns.
    ///
    /// ```
    /// use exactcover::{Solver, engine::Memo};
    /// let zdd = Solver::new(&exactcover::problem::classic::knuth_toy()).zdd(&Memo::new())?;
    /// let mut text = Vec::new();
    /// zdd.write_knuth(&mut text).unwrap();
    /// // Knuth's toy problem, one solution (options 5, 1, 4): as `dlx6 m1` writes it.
    /// assert_eq!(String::from_utf8(text).unwrap(), "2: (~5?0:1)\n3: (~1?0:2)\n4: (~4?0:3)\n5: (~0?0:4)\n");
    /// # Ok::<(), exactcover::engine::MemoError>(())
    /// ```
    pub fn write_knuth<W: Write>(&self, out: W) -> io::Result<()> {
        let mut out = io::BufWriter::new(out);
        for (id, node) in self.nodes.iter().enumerate().skip(2) {
            writeln!(
                out,
                "{id:x}: (~{}?{:x}:{:x})",
                u64::from(node.option) + 1,
                node.lo,
                node.hi
            )?;
        }
        writeln!(out, "{:x}: (~0?0:{:x})", self.nodes.len(), self.root)?;
        out.flush()
    }

    /// A number below `n` (at least 1), uniformly, from the generator
    /// `state`: 128 random bits cut to the length of `n - 1`, drawn again
    /// while they pass it.
    fn below(n: u128, state: &mut u64) -> u128 {
        let bits = u128::BITS - (n - 1).leading_zeros();
        let mask = if bits == 128 {
            u128::MAX
        } else {
            (1 << bits) - 1
        };
        loop {
            let x = (u128::from(splitmix64(state)) << 64 | u128::from(splitmix64(state))) & mask;
            if x < n {
                return x;
            }
        }
    }
}

/// The count of a ZDD, as a memo count would say it: exact, with what the
/// memo did while the diagram was built.
impl From<&Zdd> for MemoCount {
    fn from(zdd: &Zdd) -> MemoCount {
        MemoCount::new(zdd.count(), SearchEnd::Exhausted, zdd.memo)
    }
}

/// The iterator of [`Zdd::random_solutions`].
#[derive(Clone, Debug)]
pub struct RandomSolutions<'z> {
    zdd: &'z Zdd,
    state: u64,
}

impl Iterator for RandomSolutions<'_> {
    type Item = Vec<usize>;

    /// The next random solution: a number `r` below the count, then down
    /// from the top, into `hi` when `r` is below the count of `hi` (taking
    /// the option), else into `lo` with the count of `hi` taken from `r`.
    fn next(&mut self) -> Option<Vec<usize>> {
        let zdd = self.zdd;
        let total = zdd.count();
        if total == 0 {
            return None;
        }
        let mut r = Zdd::below(total, &mut self.state);
        let mut v = zdd.root;
        let mut solution = Vec::new();
        while v > TRUE {
            let node = zdd.nodes[v as usize];
            let hi = zdd.counts[node.hi as usize];
            if r < hi {
                solution.push(node.option as usize);
                v = node.hi;
            } else {
                r -= hi;
                v = node.lo;
            }
        }
        Some(solution)
    }
}

/// Where [`ZddSolutions`] is at a node on its path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Visit {
    /// Its `lo` is next.
    Lo,
    /// Its `hi` is next.
    Hi,
    /// Both are done.
    Done,
}

/// The iterator of [`Zdd::solutions`]: a walk of the diagram, `lo` before
/// `hi` at every node (the options tried earlier first).
#[derive(Clone, Debug)]
pub struct ZddSolutions<'z> {
    zdd: &'z Zdd,
    /// The nodes of the path from the top, each with what is next there.
    stack: Vec<(u32, Visit)>,
    /// The options of the path's `hi` steps.
    path: Vec<usize>,
}

impl Iterator for ZddSolutions<'_> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        loop {
            let (v, visit) = self.stack.last_mut()?;
            if *v == TRUE {
                // The empty solution at the top.
                self.stack.pop();
                return Some(Vec::new());
            }
            let node = self.zdd.nodes[*v as usize];
            let child = match *visit {
                Visit::Lo => {
                    *visit = Visit::Hi;
                    node.lo
                }
                Visit::Hi => {
                    *visit = Visit::Done;
                    self.path.push(node.option as usize);
                    node.hi
                }
                Visit::Done => {
                    self.stack.pop();
                    self.path.pop();
                    continue;
                }
            };
            match child {
                0 => {}
                TRUE => return Some(self.path.clone()),
                _ => self.stack.push((child, Visit::Lo)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A diagram by hand: {0, 2}, {1}, {3} over options 0..4.
    fn small() -> Zdd {
        let mut b = Builder::new();
        let room = usize::MAX;
        let a = b.make(2, 0, TRUE, room).unwrap(); // {2}
        let c = b.make(0, 0, a, room).unwrap(); // {0, 2}
        let d = b.make(1, c, TRUE, room).unwrap(); // {0, 2}, {1}
        let e = b.make(3, d, TRUE, room).unwrap(); // ..., {3}
        b.finish(e, &[], room, MemoStats::default()).unwrap()
    }

    #[test]
    fn counts_walks_and_draws_agree() {
        let zdd = small();
        assert_eq!(zdd.count(), 3);
        let all: Vec<Vec<usize>> = zdd.solutions().collect();
        assert_eq!(all, [vec![0, 2], vec![1], vec![3]]);
        let mut seen = [0usize; 3];
        for s in zdd.random_solutions(11).take(3000) {
            seen[all.iter().position(|a| *a == s).unwrap()] += 1;
        }
        // Each about 1,000 times.
        assert!(seen.iter().all(|&k| (850..1150).contains(&k)), "{seen:?}");
    }

    #[test]
    fn a_selection_is_a_chain_above_the_top() {
        let mut b = Builder::new();
        let top = b.make(1, 0, TRUE, usize::MAX).unwrap();
        let zdd = b
            .finish(top, &[5, 7], usize::MAX, MemoStats::default())
            .unwrap();
        assert_eq!(zdd.solutions().collect::<Vec<_>>(), [vec![5, 7, 1]]);
    }

    #[test]
    fn no_room_is_an_error_not_a_larger_diagram() {
        let mut b = Builder::new();
        assert_eq!(b.make(0, 0, TRUE, 0), None);
        assert!(b.make(0, 0, TRUE, 2048 * NODE_BYTES).is_some());
    }

    #[test]
    fn below_is_below_and_reaches_the_top() {
        let mut state = 5;
        let mut top = false;
        for _ in 0..1000 {
            let x = Zdd::below(3, &mut state);
            assert!(x < 3);
            top |= x == 2;
        }
        assert!(top);
        assert!(Zdd::below(u128::MAX, &mut state) < u128::MAX);
        assert_eq!(Zdd::below(1, &mut state), 0);
    }
}

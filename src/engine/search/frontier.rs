//! The frontier of the search tree: the subproblems at a given depth.
//!
//! Below a node of Algorithm X's search tree lies the subproblem in which
//! the options on the path to it are chosen. [`Search::frontier`] walks the
//! tree down to a depth, branching exactly as the search does (the item of
//! fewest options, the first on ties, its options in list order), and hands
//! over the path to every node it stops at: one at the depth, or a solution
//! found above it. Dead ends (an item with no option left) are left out:
//! they hold no solution. The subtrees of the nodes handed over are
//! disjoint and together hold every solution, so their counts add up to the
//! count of the whole problem.

use super::Search;
use crate::engine::kind::{Kind, with_kind};

/// One step of a path down the search tree: option `option` was chosen, the
/// `k`-th (from 1) of the `of` options of the item the search branched on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Choice {
    pub(crate) option: usize,
    pub(crate) k: usize,
    pub(crate) of: usize,
}

/// What lies at a node of the search tree.
enum Node {
    /// Every primary item is covered (a solution), or the walk stops here.
    Leaf,
    /// An item with no option left: no solution below.
    Dead,
    /// The options of the item the search branches on, in list order.
    Branch(Vec<usize>),
}

impl Search<'_> {
    /// Calls `visit` with the path to every node at `depth`, and to every
    /// solution above it, in the order the search meets them. The selection
    /// is as before when it returns.
    pub(crate) fn frontier(&mut self, depth: usize, mut visit: impl FnMut(&[Choice])) {
        let base = self.nsel;
        let mut path: Vec<Choice> = Vec::new();
        // The options of every branching node on the path, and how many of
        // them have been entered.
        let mut frames: Vec<(Vec<usize>, usize)> = Vec::new();
        let mut fresh = true;
        loop {
            if fresh {
                fresh = false;
                match self.node(path.len() < depth) {
                    Node::Leaf => visit(&path),
                    Node::Dead => {}
                    Node::Branch(options) => frames.push((options, 0)),
                }
            }
            let open = frames.len();
            let Some((options, entered)) = frames.last_mut() else {
                break;
            };
            if path.len() == open {
                // Back from the child entered last.
                path.pop();
                self.unselect_last();
            }
            if *entered < options.len() {
                let option = options[*entered];
                *entered += 1;
                let choice = Choice {
                    option,
                    k: *entered,
                    of: options.len(),
                };
                let chosen = self.select(option);
                debug_assert!(chosen.is_ok(), "an option of a list is never blocked");
                path.push(choice);
                fresh = true;
            } else {
                frames.pop();
            }
        }
        debug_assert_eq!(self.nsel, base);
    }

    /// What lies at the node of the current selection; its options only if
    /// `expand`.
    fn node(&mut self, expand: bool) -> Node {
        self.unwind();
        if self.conflict {
            return Node::Dead;
        }
        if self.m.is_all_covered() {
            return Node::Leaf;
        }
        let (i, len) = with_kind!(self.m.kind(), K => K::choose(&self.m));
        if len == 0 {
            return Node::Dead;
        }
        if !expand {
            return Node::Leaf;
        }
        let mut options = Vec::with_capacity(len as usize);
        let mut p = self.m.dlink(i);
        while p != i {
            options.push(self.m.option_of(p));
            p = self.m.dlink(p);
        }
        Node::Branch(options)
    }

    /// Undoes the latest selection (a chosen or an excluded option).
    pub(crate) fn unselect_last(&mut self) {
        self.unwind();
        if self.nsel == 0 {
            return;
        }
        self.nsel -= 1;
        let p = self.sel[self.nsel];
        with_kind!(self.m.kind(), K => self.undo_entry::<K>(p));
    }
}

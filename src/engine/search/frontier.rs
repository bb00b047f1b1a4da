//! The frontier of the search tree: the subproblems at a given depth.
//!
//! Below a node of the search tree lies the subproblem in which the options
//! on the path to it are chosen. [`Search::frontier`] walks the tree down to
//! a depth, branching exactly as the search does (the item its kind's rule
//! chooses, the first on ties, its options in list order), and hands over
//! the path to every node it stops at: one at the depth, or a solution
//! found above it. Dead ends (an item with too few options left) are left
//! out: they hold no solution. The subtrees of the nodes handed over are
//! disjoint and together hold every solution, so their counts add up to the
//! count of the whole problem.
//!
//! With bounds (Algorithm M), a node branching on an item that may take
//! more than one option rules out, in its `k`-th child, the `k - 1` options
//! it tried before (see `Kind::branches`): the path hands over those too,
//! as the options *excluded*. The null choice of such a node (the item
//! takes no more options) chooses no option: it rules out every option of
//! the item's list and closes the item, and the walk goes on below it at
//! the same depth, so that a depth counts the options chosen.

use super::Search;
use crate::engine::kind::{Kind, with_kind};

/// One step of a path down the search tree: option `option` was chosen, the
/// `k`-th (from 1) of the `of` branches of the item the search branched on.
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
    /// An item with too few options left: no solution below.
    Dead,
    /// The search branches here.
    Branch(Frame),
}

/// A node the walk branches at: its item (ours), the options of its list
/// (in list order), how its children are made, and which child is entered.
struct Frame {
    item: u32,
    list: Vec<usize>,
    /// Children choosing an option: the first `options` of `list`.
    options: usize,
    /// Whether a last child gives the item no more options.
    null: bool,
    /// Whether the `k`-th child rules out the `k - 1` options before it.
    rules_out: bool,
    /// Children entered so far.
    entered: usize,
    /// What entering the current child did: selection entries made, and
    /// whether it added a step to the path.
    entries: usize,
    stepped: bool,
    /// The length of the path's excluded options above this node.
    mark: usize,
}

impl Frame {
    fn children(&self) -> usize {
        self.options + usize::from(self.null)
    }
}

impl Search<'_> {
    /// Calls `visit` with the path to every node at `depth`, and to every
    /// solution above it, in the order the search meets them, and the
    /// options the path rules out (with bounds; else none), until `stop`
    /// says to stop: it is asked before every child is entered (so at
    /// every node, where the search looks at its clock and flag every
    /// 1,024), and the walk returns `false` at once when it says yes
    /// (issue 39: a first level of 12,327 children, made in one call, held
    /// a count for 15 to 54 s past its deadline or a signal). The
    /// selection is as before when it returns.
    pub(crate) fn frontier(
        &mut self,
        depth: usize,
        mut stop: impl FnMut() -> bool,
        mut visit: impl FnMut(&[Choice], &[usize]),
    ) -> bool {
        let base = self.nsel;
        let mut path: Vec<Choice> = Vec::new();
        let mut excluded: Vec<usize> = Vec::new();
        let mut frames: Vec<Frame> = Vec::new();
        let mut fresh = true;
        loop {
            if fresh {
                fresh = false;
                match self.node(path.len() < depth) {
                    Node::Leaf => visit(&path, &excluded),
                    Node::Dead => {}
                    Node::Branch(frame) => frames.push(Frame {
                        mark: excluded.len(),
                        ..frame
                    }),
                }
            }
            let Some(frame) = frames.last_mut() else {
                break;
            };
            // Back from the child entered last, if any: undo it.
            for _ in 0..std::mem::take(&mut frame.entries) {
                self.unselect_last();
            }
            if std::mem::take(&mut frame.stepped) {
                path.pop();
            }
            excluded.truncate(frame.mark);
            if frame.entered == frame.children() {
                frames.pop();
                continue;
            }
            if stop() {
                // Every child entered on the way down, undone.
                while let Some(frame) = frames.pop() {
                    for _ in 0..frame.entries {
                        self.unselect_last();
                    }
                }
                debug_assert_eq!(self.nsel, base);
                return false;
            }
            let k = frame.entered;
            frame.entered += 1;
            let skipped = if frame.rules_out { k } else { 0 };
            let mut entries = 1;
            for &option in &frame.list[..skipped] {
                let took = self.exclude(option);
                debug_assert!(took, "an option of a list is never ruled out yet");
                entries += usize::from(took);
            }
            excluded.extend_from_slice(&frame.list[..skipped]);
            if k < frame.options {
                let option = frame.list[k];
                let chosen = self.select(option);
                debug_assert!(chosen.is_ok(), "an option of a list is never blocked");
                path.push(Choice {
                    option,
                    k: k + 1,
                    of: frame.children(),
                });
                frame.stepped = true;
            } else {
                self.close(frame.item);
            }
            frame.entries = entries;
            fresh = true;
        }
        debug_assert_eq!(self.nsel, base);
        true
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
        let (i, degree) = with_kind!(self.m.kind(), K => K::choose(&self.m));
        if degree == 0 {
            return Node::Dead;
        }
        if !expand {
            return Node::Leaf;
        }
        let branches = with_kind!(self.m.kind(), K => K::branches(&self.m, i, degree));
        let mut list = Vec::with_capacity(branches.options);
        let mut p = self.m.dlink(i);
        while p != i {
            list.push(self.m.option_of(p));
            p = self.m.dlink(p);
        }
        Node::Branch(Frame {
            item: i,
            list,
            options: branches.options,
            null: branches.null,
            rules_out: branches.rules_out,
            entered: 0,
            entries: 0,
            stepped: false,
            mark: 0,
        })
    }

    /// Undoes the latest selection (a chosen or an excluded option, or a
    /// closed item).
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

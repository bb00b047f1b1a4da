//! Knuth's `sanity()` check of the whole structure, and the other tools
//! of the tests: a snapshot of what a search changes, and a way to break a
//! matrix on purpose. Compiled for the tests only.

use super::Matrix;
use crate::engine::layout::{Item, Link};

impl Matrix<'_> {
    /// Checks the whole structure, as Knuth's `sanity()` does in DLX1: the
    /// two lists of active items are doubly linked circles; the vertical
    /// list of every active item is a doubly linked circle of nodes whose
    /// `TOP` is that item, as long as its `LEN` says; covered items carry
    /// their mark and active ones do not; with colours, a node marked by
    /// `purify` lies on an item that has a colour; and the first error found
    /// is returned. Time linear in the size of the matrix: for tests.
    pub(crate) fn sanity(&self) -> Result<(), Insane> {
        let n = self.n as usize;
        let mut active = vec![false; n + 2];
        for (root, range) in [(0, 1..=self.primaries), (n + 1, self.primaries + 1..=n)] {
            let mut prev = root;
            let mut i = self.it[root].rlink as usize;
            let mut steps = 0;
            while i != root {
                steps += 1;
                if steps > n || !range.contains(&i) {
                    return Err(Insane::ItemList { item: i });
                }
                if self.it[i].llink as usize != prev {
                    return Err(Insane::ItemList { item: i });
                }
                active[i] = true;
                prev = i;
                i = self.it[i].rlink as usize;
            }
            if self.it[root].llink as usize != prev {
                return Err(Insane::ItemList { item: root });
            }
        }
        for (i, &is_active) in active.iter().enumerate().take(n + 1).skip(1) {
            // With byte keys a secondary item always carries its mark.
            let (len, marked) = self.len_of(i as u32);
            let marked_right = if self.bytes && i > self.primaries {
                marked
            } else {
                marked != is_active
            };
            if !marked_right {
                return Err(Insane::Mark { item: i });
            }
            if !is_active {
                continue;
            }
            let mut count = 0u32;
            let mut prev = i as u32;
            let mut p = self.links[i].down;
            while p as usize != i {
                count += 1;
                let bad = count as usize > self.top.len()
                    || p <= self.n
                    || self.top[p as usize] != i as i32
                    || self.links[p as usize].up != prev;
                if bad {
                    return Err(Insane::List { item: i, node: p });
                }
                // A node marked by `purify` lies on an item that has a colour.
                if self.colours && self.clr[p as usize] < 0 && self.clr[i] <= 0 {
                    return Err(Insane::Colour { item: i, node: p });
                }
                prev = p;
                p = self.links[p as usize].down;
            }
            if self.links[i].up != prev {
                return Err(Insane::List {
                    item: i,
                    node: i as u32,
                });
            }
            if len != count {
                return Err(Insane::Length { item: i, count });
            }
        }
        Ok(())
    }

    /// Takes node `p` out of its item's list without changing `LEN`: a
    /// broken matrix, for testing the sanity check.
    pub(crate) fn unlink_for_test(&mut self, p: u32) {
        let (u, d) = (self.ulink(p), self.dlink(p));
        self.set_dlink(u, d);
        self.set_ulink(d, u);
    }

    /// Everything a search changes: the links, the item records, and the
    /// lengths in the form the search keeps up to date. Two matrices of one
    /// problem with equal snapshots search alike.
    pub(crate) fn snapshot(&self) -> Snapshot {
        Snapshot {
            links: self.links.to_vec(),
            it: self.it.to_vec(),
            len: (0..self.it.len() as u32).map(|i| self.len_of(i)).collect(),
            clr: self.clr.to_vec(),
        }
    }
}

/// A copy of what a search changes in a [`Matrix`] (see `Matrix::snapshot`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Snapshot {
    links: Vec<Link>,
    it: Vec<Item>,
    /// `LEN` of every item record in the live form, and its mark.
    len: Vec<(u32, bool)>,
    clr: Vec<i32>,
}

/// What `Matrix::sanity` found wrong, with Knuth's names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Insane {
    /// The list of active items is broken at this item.
    ItemList { item: usize },
    /// An item's covered mark disagrees with its being in the active list.
    Mark { item: usize },
    /// The vertical list of `item` is broken at `node`.
    List { item: usize, node: u32 },
    /// `LEN(item)` is not the `count` nodes of its list.
    Length { item: usize, count: u32 },
    /// `node` is marked as agreeing with the colour of `item`, which has
    /// none.
    Colour { item: usize, node: u32 },
}

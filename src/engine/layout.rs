//! The arena's plan: every array a solver allocates, and its length.
//!
//! A solver keeps one problem in one `bumpalo` arena, allocated once with the
//! capacity [`Layout::bytes`] gives. [`Layout`] is the one place that says
//! what the arena holds: [`Matrix::build`](crate::engine::matrix::Matrix) and
//! [`Search::build`](crate::engine::search::Search) take their arrays' lengths from
//! it, and a test checks that what they allocate is exactly what it plans.
//!
//! | array           | length        | element  | owner                   |
//! |-----------------|---------------|----------|-------------------------|
//! | `top`           | nodes         | `i32`    | matrix                  |
//! | `links`         | nodes         | 2 `u32`  | matrix (`ULINK`, `DLINK`) |
//! | `it`            | items + 2     | 2 `u32`  | matrix                  |
//! | `len`, `ext`    | items + 2     | `u32`    | matrix                  |
//! | `int`           | items         | `u32`    | matrix (while building) |
//! | `first`         | options       | `u32`    | matrix                  |
//! | `key`           | keys          | `u8`     | matrix                  |
//! | `clr`           | colours       | `i32`    | matrix                  |
//! | `place`         | placed nodes  | `u8`     | matrix                  |
//! | `varied`        | placed items  | `bool`   | matrix                  |
//! | `mult`          | primaries + 1, with bounds | `Mult` | matrix (Algorithm M) |
//! | `sharp`         | sharp items, X and C | `u32` | matrix (the sharp preference) |
//! | `cost`          | priced nodes  | `u64`    | matrix (costs)          |
//! | pristine copy   | as above      |          | matrix (small problems) |
//! | `x`             | levels        | `u32`    | search                  |
//! | `ft`, `deg`     | levels, with bounds | `u32` | search (Algorithm M)  |
//! | `sel`           | selection     | `u32`    | search                  |
//! | `part`, `cover_limit`, `try_limit` | priced levels | `u64` | search (costs) |
//!
//! The arrays of minimum-cost covers (`cost`, and the search's three
//! arrays of costs per level) are planned only for a problem some of whose
//! options cost more than 0 ([`Problem::has_costs`]); every other problem's
//! arena is as it was without them.

use std::mem::{align_of, size_of};

use crate::problem::Problem;

/// The keys of the branching rule are scanned this many at a time (one SSE2
/// register), so their array runs to a multiple of it.
pub(crate) const LANES: usize = 16;

/// Matrices of at most this many nodes keep a pristine copy of their links
/// (8 bytes a node): restoring a 9x9 Sudoku matrix (about 4,000 nodes) by
/// one copy costs less than uncovering the 60-odd levels and the givens of a
/// solved puzzle.
pub(crate) const PRISTINE_NODES: usize = 1 << 18;

/// One item record: the horizontal links of the list of active items.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Item {
    pub(crate) llink: u32,
    pub(crate) rlink: u32,
}

/// One node's vertical links, `ULINK` and `DLINK`, side by side: `hide`
/// reads both of a node and writes one of each neighbour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Link {
    pub(crate) up: u32,
    pub(crate) down: u32,
}

/// One primary item's record for Algorithm M (Knuth's DLX3): `BOUND`, the
/// most options that may still cover it, and `SLACK`, its upper bound less
/// its lower bound (which never changes); and whether the sharp preference
/// prefers it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Mult {
    pub(crate) bound: u32,
    pub(crate) slack: u32,
    pub(crate) sharp: bool,
}

/// The sizes of everything in a solver's arena, for one problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    /// Nodes: the root, one header per item, every option's nodes, and a
    /// spacer after every option.
    pub(crate) nodes: usize,
    /// Items, `N`.
    pub(crate) items: usize,
    /// Primary items.
    pub(crate) primaries: usize,
    /// Options.
    pub(crate) options: usize,
    /// The length of the key array: the primary items and the root, rounded
    /// up to whole `LANES`, and at least one key per item record.
    pub(crate) keys: usize,
    /// The length of the colour array: the nodes when some option gives a
    /// colour, else 0.
    pub(crate) colours: usize,
    /// Whether the matrix keeps a pristine copy of its links.
    pub(crate) pristine: bool,
    /// `K` when the options are walked by place (see [`placed_width`]),
    /// else 0.
    pub(crate) width: usize,
    /// Whether some primary item has bounds other than `[1, 1]`: the
    /// search is Algorithm M's.
    pub(crate) bounded: bool,
    /// Whether the sharp preference changes the branching rule
    /// ([`Problem::has_sharp_preference`]).
    pub(crate) sharp: bool,
    /// The number of sharp primary items, listed for Algorithms X and C
    /// when `sharp` (Algorithm M keeps the mark in its item records).
    pub(crate) sharp_items: usize,
    /// The length of the cost array: the nodes when some option costs more
    /// than 0, else 0.
    pub(crate) costs: usize,
}

/// The options of `problem` are walked by place (see
/// [`place`](crate::engine::matrix::place)) when all of them have the same number
/// of items, `K` (from [`MIN_PLACED_WIDTH`] to [`MAX_PLACED_WIDTH`]), the
/// problem has no colours, and some item stands at different places in its
/// options (the first item of one, the third of another): only then does
/// Knuth's walk round an option from a spacer take branches that the
/// processor cannot predict. `Some(K)` then, else `None`.
pub(crate) fn placed_width(problem: &Problem) -> Option<usize> {
    if problem.has_colours() || problem.has_bounds() || problem.has_sharp_preference() {
        return None;
    }
    let width = problem.options().next()?.len();
    let uniform = problem.options().all(|o| o.len() == width);
    if !uniform || !(MIN_PLACED_WIDTH..=MAX_PLACED_WIDTH).contains(&width) {
        return None;
    }
    // Every option has `width` items, so an entry's place is its number
    // modulo `width`.
    let mut place = vec![u8::MAX; problem.item_count()];
    let mut varied = false;
    for (at, &item) in problem.options().flatten().enumerate() {
        let here = (at % width) as u8;
        varied |= place[item] != u8::MAX && place[item] != here;
        place[item] = here;
    }
    varied.then_some(width)
}

/// The widest options walked by place: a node's place is one byte.
pub(crate) const MAX_PLACED_WIDTH: usize = 255;

/// The narrowest options walked by place. Options of two items (domino
/// tilings, matchings) are not: reading a node's place puts one more
/// load on the chain from one option to the next, which costs more than
/// the walk's one unpredictable branch (counting the 7x8 domino tilings
/// took 0.74 of the time with Knuth's walk, paired runs, 2026-11-25).
pub(crate) const MIN_PLACED_WIDTH: usize = 3;

impl Layout {
    /// The layout of `problem`'s arena.
    pub(crate) fn of(problem: &Problem) -> Layout {
        let (items, primaries) = (problem.item_count(), problem.primary_count());
        let nodes = problem.node_count();
        let (bounded, sharp) = (problem.has_bounds(), problem.has_sharp_preference());
        let sharp_items = if sharp && !bounded {
            (0..problem.item_count())
                .filter(|&i| problem.is_sharp(i))
                .count()
        } else {
            0
        };
        Layout {
            nodes,
            items,
            primaries,
            options: problem.option_count(),
            keys: (primaries + 1).next_multiple_of(LANES).max(items + 2),
            colours: if problem.has_colours() { nodes } else { 0 },
            pristine: nodes <= PRISTINE_NODES,
            width: placed_width(problem).unwrap_or(0),
            bounded,
            sharp,
            sharp_items,
            costs: if problem.has_costs() { nodes } else { 0 },
        }
    }

    /// The length of the item records of Algorithm M: the primary items and
    /// the root when the problem has bounds, else 0.
    pub(crate) fn mult(&self) -> usize {
        if self.bounded { self.primaries + 1 } else { 0 }
    }

    /// The length of Algorithm M's arrays beside the choice stack (the
    /// first option tweaked and the branching degree of every level): the
    /// stack's when the problem has bounds, else 0.
    pub(crate) fn tweaks(&self) -> usize {
        if self.bounded { self.stack() } else { 0 }
    }

    /// The length of each of the search's arrays of costs per level (the
    /// cost so far, and the two limits of the covers): the stack's when
    /// the options have costs, else 0.
    pub(crate) fn priced_levels(&self) -> usize {
        if self.costs > 0 { self.stack() } else { 0 }
    }

    /// The length of the array of places: the nodes when the options are
    /// walked by place, else 0.
    pub(crate) fn places(&self) -> usize {
        if self.width > 0 { self.nodes } else { 0 }
    }

    /// The length of the array of varied items: the item records when the
    /// options are walked by place, else 0.
    pub(crate) fn varied(&self) -> usize {
        if self.width > 0 { self.items + 2 } else { 0 }
    }

    /// The length of the choice stack: every level covers at least one
    /// primary item, so there are at most `primaries` levels, plus the one
    /// that finds them all covered. With bounds (Algorithm M), a level
    /// chooses an option, which no level below chooses again, or gives
    /// its item no more options (the null choice), which takes the item
    /// out for the levels below: at most `options + primaries` levels.
    pub(crate) fn stack(&self) -> usize {
        if self.bounded {
            self.primaries + self.options + 1
        } else {
            self.primaries + 1
        }
    }

    /// The length of the selection: each entry chooses or excludes a
    /// different option, and without colours at most one chosen option per
    /// item is accepted (with colours an option may only agree with
    /// colours given already, but no option is selected twice); with
    /// bounds an entry may also close an item (the frontier's null
    /// choice), at most once per item.
    pub(crate) fn selection(&self) -> usize {
        self.options + self.items + 1
    }

    /// Every array of the arena, in the order they are allocated: its length,
    /// the size and the alignment of its elements.
    fn arrays(&self) -> Vec<(usize, usize, usize)> {
        fn of<T>(len: usize) -> (usize, usize, usize) {
            (len, size_of::<T>(), align_of::<T>())
        }
        let records = self.items + 2;
        let mut arrays = vec![
            of::<i32>(self.nodes),       // top
            of::<Link>(self.nodes),      // ulink and dlink
            of::<Item>(records),         // it
            of::<u32>(records),          // len
            of::<u32>(records),          // ext
            of::<u32>(self.items),       // int
            of::<u32>(self.options),     // first
            of::<u8>(self.keys),         // key
            of::<i32>(self.colours),     // clr
            of::<u8>(self.places()),     // place
            of::<bool>(self.varied()),   // varied
            of::<Mult>(self.mult()),     // mult
            of::<u32>(self.sharp_items), // sharp
            of::<u64>(self.costs),       // cost
        ];
        if self.pristine {
            arrays.extend([
                of::<Link>(self.nodes),
                of::<Item>(records),
                of::<u32>(records),
                of::<u8>(self.keys),
                of::<i32>(self.colours),
                of::<Mult>(self.mult()),
            ]);
        }
        arrays.extend([
            of::<u32>(self.stack()),
            of::<u32>(self.tweaks()), // ft
            of::<u32>(self.tweaks()), // deg
            of::<u32>(self.selection()),
        ]);
        let levels = self.priced_levels();
        arrays.extend([of::<u64>(levels), of::<u64>(levels), of::<u64>(levels)]);
        arrays
    }

    /// The bytes the arena needs: every array, each with the padding its
    /// alignment may cost.
    pub(crate) fn bytes(&self) -> usize {
        self.arrays()
            .iter()
            .map(|&(len, size, align)| len * size + (align - 1))
            .sum()
    }

    /// The bytes the arrays themselves take, padding not counted.
    #[cfg(test)]
    pub(crate) fn payload(&self) -> usize {
        self.arrays().iter().map(|&(len, size, _)| len * size).sum()
    }
}

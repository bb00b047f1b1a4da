//! A plain copy of the dancing links, for showing the search to people.
//!
//! [`Links`] lays a [`Problem`] out exactly as Knuth's DLX1 does (and DLX2
//! with colours), in ordinary vectors and with no tricks: node 0 is unused,
//! node `i + 1` is the header of item `i`, node `N + 1` is the first
//! *spacer*, and then come the nodes of each option followed by a spacer.
//! Every node has `TOP` (its item, 1-based as in DLX1; a spacer's is `-k`
//! after option `k`, counting from 1, and 0 for the first), `ULINK` and
//! `DLINK`; every item record has `LLINK`, `RLINK` and `LEN`. The active
//! primary items hang from the root, record 0; the active secondary items
//! from record `N + 1`.
//!
//! The engine ([`Solver`](crate::Solver)) keeps its links in a faster,
//! private form. A `Links` is the picture of them that the trace, the
//! recording and the page show: an [`Observer`](crate::Observer) replays
//! each step the engine reports (`cover`, `uncover`, `purify`, `unpurify`,
//! the pre-selection) on it with the methods named after Knuth's, and checks
//! at every choice that the engine chose what the copy says it should: the
//! first active primary item of fewest options. The two are written
//! separately, so each checks the other.
//!
//! ```
//! use exactcover::teach::links::Links;
//!
//! // Knuth's toy matrix from "Dancing Links" (2000).
//! let toy = exactcover::problem::classic::knuth_toy();
//! let mut links = Links::new(&toy);
//! assert_eq!(links.mrv(), Some((0, 2))); // item A, 2 options
//! let mut hidden = Vec::new();
//! links.cover(0, &mut hidden); // A: hides the other nodes of "A D G" and "A D"
//! assert_eq!(hidden.len(), 3);
//! assert_eq!(links.len(3), 1); // D keeps only "D E G"
//! links.uncover(0, &mut hidden);
//! assert!(links.sanity().is_ok());
//! ```

use crate::problem::Problem;

/// The dancing links of a problem in DLX1's layout, in plain vectors.
///
/// See the [module documentation](self).
#[derive(Clone, Debug)]
pub struct Links {
    items: usize,
    primaries: usize,
    /// `TOP` of every node (headers: 0; see the module documentation).
    top: Vec<i64>,
    ulink: Vec<usize>,
    dlink: Vec<usize>,
    /// DLX2's `COLOR` of every node: 0 none, `c + 1` colour `c`, -1 a node
    /// purified; of a header, the colour its item was given.
    colour: Vec<i64>,
    /// The item records `0..=N + 1`.
    llink: Vec<usize>,
    rlink: Vec<usize>,
    len: Vec<usize>,
    /// The first node of every option.
    first: Vec<usize>,
    /// The option of every node (`usize::MAX` for headers and spacers).
    option: Vec<usize>,
    /// The record (from 1) of every item (from 0), and the item of every
    /// record (at `record - 1`).
    record: Vec<usize>,
    item: Vec<usize>,
}

impl Links {
    /// The links of `problem`, before anything is covered.
    ///
    /// ```
    /// let queens = exactcover::problem::classic::queens(4);
    /// let links = exactcover::teach::links::Links::new(&queens);
    /// assert_eq!(links.node_count(), 1 + queens.item_count() + 1 + queens.node_count() + queens.option_count());
    /// ```
    #[must_use]
    pub fn new(problem: &Problem) -> Links {
        let n = problem.item_count();
        let nodes = n + 2 + problem.node_count() + problem.option_count();
        let mut links = Links {
            items: n,
            primaries: problem.primary_count(),
            top: vec![0; nodes],
            ulink: (0..nodes).collect(),
            dlink: (0..nodes).collect(),
            colour: vec![0; nodes],
            llink: vec![0; n + 2],
            rlink: vec![0; n + 2],
            len: vec![0; n + 2],
            first: Vec::with_capacity(problem.option_count()),
            option: vec![usize::MAX; nodes],
            record: record_numbers(problem),
            item: vec![0; n],
        };
        for (item, &r) in links.record.iter().enumerate() {
            links.item[r - 1] = item;
        }
        // Primary items are 1..=P (in the order of the problem), secondary
        // items P+1..=N; each kind in its own circular list.
        let p = links.primaries;
        for (head, range) in [(0, 1..p + 1), (n + 1, p + 1..n + 1)] {
            let mut last = head;
            for i in range {
                links.llink[i] = last;
                links.rlink[last] = i;
                last = i;
            }
            links.llink[head] = last;
            links.rlink[last] = head;
        }
        let mut x = n + 1; // the first spacer
        for o in 0..problem.option_count() {
            let items = problem.option(o).unwrap_or_default();
            let colours: Vec<Option<usize>> = problem
                .option_colours(o)
                .map(Iterator::collect)
                .unwrap_or_default();
            links.first.push(x + 1);
            for (k, &item) in items.iter().enumerate() {
                x += 1;
                let i = links.record[item];
                links.top[x] = i as i64;
                links.option[x] = o;
                links.colour[x] = colours
                    .get(k)
                    .copied()
                    .flatten()
                    .map_or(0, |c| c as i64 + 1);
                links.len[i] += 1;
                let last = links.ulink[i];
                links.ulink[x] = last;
                links.dlink[last] = x;
                links.dlink[x] = i;
                links.ulink[i] = x;
            }
            // The spacer after the option.
            x += 1;
            links.top[x] = -((o + 1) as i64);
            links.ulink[x] = links.first[o];
            // The spacer before the option points at its last node.
            links.dlink[links.first[o] - 1] = x - 1;
        }
        links
    }

    /// Items, `N`.
    #[must_use]
    pub fn item_count(&self) -> usize {
        self.items
    }

    /// Primary items.
    #[must_use]
    pub fn primary_count(&self) -> usize {
        self.primaries
    }

    /// Options.
    #[must_use]
    pub fn option_count(&self) -> usize {
        self.first.len()
    }

    /// Nodes, node 0 (unused) and the headers and spacers included.
    #[must_use]
    pub fn node_count(&self) -> usize {
        self.top.len()
    }

    /// `TOP(x)`: for an option's node, the record of its item (1-based); for
    /// a spacer, `-k` after option `k` (from 1) and 0 for the first; 0 for
    /// a header.
    #[must_use]
    pub fn top(&self, x: usize) -> i64 {
        self.top[x]
    }

    /// `ULINK(x)`.
    #[must_use]
    pub fn ulink(&self, x: usize) -> usize {
        self.ulink[x]
    }

    /// `DLINK(x)`.
    #[must_use]
    pub fn dlink(&self, x: usize) -> usize {
        self.dlink[x]
    }

    /// DLX2's `COLOR(x)`: 0 for none, `c + 1` for colour `c`, -1 for a node
    /// purified.
    #[must_use]
    pub fn colour(&self, x: usize) -> i64 {
        self.colour[x]
    }

    /// The option node `x` belongs to, if it belongs to one.
    #[must_use]
    pub fn option_of(&self, x: usize) -> Option<usize> {
        self.option.get(x).copied().filter(|&o| o != usize::MAX)
    }

    /// The nodes of option `option`, in order.
    ///
    /// # Panics
    ///
    /// If `option` is not an option of the problem.
    #[must_use]
    pub fn option_nodes(&self, option: usize) -> std::ops::Range<usize> {
        let start = self.first[option];
        let mut end = start;
        while self.top[end] > 0 {
            end += 1;
        }
        start..end
    }

    /// The record (from 1) of item `item` (from 0): its header node.
    #[must_use]
    pub fn record(&self, item: usize) -> usize {
        self.record_of(item)
    }

    /// The item (from 0) of record `i` (from 1).
    #[must_use]
    pub fn item_of_record(&self, i: usize) -> usize {
        self.item[i - 1]
    }

    /// `LEN` of item `item`: the options left in its list.
    #[must_use]
    pub fn len(&self, item: usize) -> usize {
        self.len[self.record_of(item)]
    }

    /// Whether item `item` is in its list of active items (not covered).
    #[must_use]
    pub fn is_active(&self, item: usize) -> bool {
        let i = self.record_of(item);
        self.rlink[self.llink[i]] == i
    }

    /// The active primary items and their lengths, in the order of the
    /// list, as DLX1 prints them at every level.
    #[must_use]
    pub fn active_primaries(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut i = self.rlink[0];
        while i != 0 {
            out.push((self.item[i - 1], self.len[i]));
            i = self.rlink[i];
        }
        out
    }

    /// The item Algorithm X branches on: the first active primary item
    /// of fewest options, and that number; `None` when every primary item
    /// is covered (a solution).
    #[must_use]
    pub fn mrv(&self) -> Option<(usize, usize)> {
        let mut best: Option<(usize, usize)> = None;
        for (item, len) in self.active_primaries() {
            if best.is_none_or(|(_, l)| len < l) {
                best = Some((item, len));
            }
        }
        best
    }

    /// `cover(i)`: hides every option in item `item`'s list, then takes the
    /// item out of the active list; the nodes hidden are appended to
    /// `hidden` (cleared first), in the order hidden.
    pub fn cover(&mut self, item: usize, hidden: &mut Vec<usize>) {
        hidden.clear();
        let i = self.record_of(item);
        let mut p = self.dlink[i];
        while p != i {
            self.hide(p, hidden);
            p = self.dlink[p];
        }
        let (l, r) = (self.llink[i], self.rlink[i]);
        self.rlink[l] = r;
        self.llink[r] = l;
    }

    /// `uncover(i)`: undoes `cover(i)`; the nodes put back are appended to
    /// `unhidden` (cleared first), in the order put back.
    pub fn uncover(&mut self, item: usize, unhidden: &mut Vec<usize>) {
        unhidden.clear();
        let i = self.record_of(item);
        let (l, r) = (self.llink[i], self.rlink[i]);
        self.rlink[l] = i;
        self.llink[r] = i;
        let mut p = self.ulink[i];
        while p != i {
            self.unhide(p, unhidden);
            p = self.ulink[p];
        }
    }

    /// `hide(p)`: takes the other nodes of `p`'s option out of their items'
    /// lists (not those purified, DLX2's `COLOR < 0`).
    fn hide(&mut self, p: usize, hidden: &mut Vec<usize>) {
        let mut q = p + 1;
        while q != p {
            let x = self.top[q];
            if x <= 0 {
                q = self.ulink[q];
            } else {
                if self.colour[q] >= 0 {
                    let (u, d) = (self.ulink[q], self.dlink[q]);
                    self.dlink[u] = d;
                    self.ulink[d] = u;
                    self.len[x as usize] -= 1;
                    hidden.push(q);
                }
                q += 1;
            }
        }
    }

    /// `unhide(p)`: undoes `hide(p)`, walking the option the other way.
    fn unhide(&mut self, p: usize, unhidden: &mut Vec<usize>) {
        let mut q = p - 1;
        while q != p {
            let x = self.top[q];
            if x <= 0 {
                q = self.dlink[q];
            } else {
                if self.colour[q] >= 0 {
                    let (u, d) = (self.ulink[q], self.dlink[q]);
                    self.dlink[u] = q;
                    self.ulink[d] = q;
                    self.len[x as usize] += 1;
                    unhidden.push(q);
                }
                q -= 1;
            }
        }
    }

    /// DLX2's `purify`: secondary item `item` takes colour `colour`; every
    /// option in its list that gives it another colour or none is hidden,
    /// and the other nodes of colour `colour` outside option `except` (the
    /// option being chosen) are marked purified.
    pub fn purify(&mut self, item: usize, colour: usize, except: usize, hidden: &mut Vec<usize>) {
        hidden.clear();
        let i = self.record_of(item);
        let c = colour as i64 + 1;
        self.colour[i] = c;
        let mut q = self.dlink[i];
        while q != i {
            if self.colour[q] != c {
                self.hide(q, hidden);
            } else if self.option[q] != except {
                self.colour[q] = -1;
            }
            q = self.dlink[q];
        }
    }

    /// DLX2's `unpurify`: undoes `purify`.
    pub fn unpurify(&mut self, item: usize, except: usize, unhidden: &mut Vec<usize>) {
        unhidden.clear();
        let i = self.record_of(item);
        let c = self.colour[i];
        let mut q = self.ulink[i];
        while q != i {
            if self.colour[q] < 0 {
                self.colour[q] = c;
            } else if self.option[q] != except {
                self.unhide(q, unhidden);
            }
            q = self.ulink[q];
        }
        self.colour[i] = 0;
    }

    /// Takes every node of option `option` out of its item's list, as the
    /// engine's exclusion of an option does; appends them to `hidden`
    /// (cleared first).
    pub fn exclude(&mut self, option: usize, hidden: &mut Vec<usize>) {
        hidden.clear();
        for q in self.option_nodes(option) {
            let (u, d) = (self.ulink[q], self.dlink[q]);
            self.dlink[u] = d;
            self.ulink[d] = u;
            self.len[self.top[q] as usize] -= 1;
            hidden.push(q);
        }
    }

    /// Knuth's `sanity()`: every list is doubly linked, holds exactly the
    /// nodes of its item, and has `LEN` nodes; every active list is linked
    /// both ways. Returns what is wrong.
    ///
    /// ```
    /// let links = exactcover::teach::links::Links::new(&exactcover::problem::classic::queens(5));
    /// assert_eq!(links.sanity(), Ok(()));
    /// ```
    ///
    /// # Errors
    ///
    /// A sentence naming the first broken link.
    pub fn sanity(&self) -> Result<(), String> {
        for head in [0, self.items + 1] {
            let mut i = self.rlink[head];
            let mut steps = 0;
            while i != head {
                if self.llink[self.rlink[i]] != i {
                    return Err(format!("item record {i}: LLINK(RLINK) is not itself"));
                }
                i = self.rlink[i];
                steps += 1;
                if steps > self.items {
                    return Err(format!("the list of record {head} does not close"));
                }
            }
        }
        for i in 1..=self.items {
            let (mut q, mut count) = (self.dlink[i], 0);
            while q != i {
                if self.ulink[self.dlink[q]] != q {
                    return Err(format!("node {q}: ULINK(DLINK) is not itself"));
                }
                if self.top[q] != i as i64 {
                    return Err(format!("node {q} is in the list of item {i}, not its own"));
                }
                count += 1;
                if count > self.top.len() {
                    return Err(format!("the list of item {i} does not close"));
                }
                q = self.dlink[q];
            }
            if count != self.len[i] {
                return Err(format!(
                    "item {i} has {count} nodes, LEN says {}",
                    self.len[i]
                ));
            }
        }
        Ok(())
    }

    /// The record of item `item`: primaries keep their order from 1, the
    /// secondaries follow.
    fn record_of(&self, item: usize) -> usize {
        self.record[item]
    }
}

/// Record numbers (from 1) of every item of `problem`: primaries first, each
/// kind in the problem's order.
fn record_numbers(problem: &Problem) -> Vec<usize> {
    let n = problem.item_count();
    let mut record = vec![0; n];
    let mut next = 1;
    for pass in [true, false] {
        for (item, r) in record.iter_mut().enumerate() {
            if problem.is_primary(item) == pass {
                *r = next;
                next += 1;
            }
        }
    }
    record
}

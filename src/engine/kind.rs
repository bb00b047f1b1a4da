//! Kinds of search: the one seam between the matrix, its operations and the
//! drivers that run them.
//!
//! A *kind* is one compiled variant of the search: a zero-sized type that
//! implements [`Kind`], naming the form in which the matrix keeps `LEN`,
//! the operations on links that the search runs, the branching rule, and
//! the driver. Every function from the search loop down is generic over
//! one kind (`K: Kind`), so each kind is compiled on its own and the search
//! never asks at run time what it is searching; a matrix says once, when it
//! is built, which kind it is searched with ([`KindId`]), and one macro,
//! [`with_kind!`](crate::engine::kind::with_kind), turns that into the type.
//!
//! # The data structure
//!
//! The kinds share Knuth's DLX1 layout (see [`matrix`](crate::engine::matrix)):
//! item records `LLINK`/`RLINK` holding the lists of active primary and
//! secondary items; nodes with `TOP`, `ULINK`, `DLINK`, one header node per
//! item and a spacer between options; `LEN(i)`. What differs from kind to
//! kind is data the operations read beside it:
//!
//! * the form of `LEN` (`Kind::Len`, see
//!   [`len`](crate::engine::matrix::len)): `Bytes`, one byte an item, when
//!   every list is shorter than 128 options, else `Exact`, a `u32` an item;
//! * `place` and `varied`, for the walk by place ([`Placed`]);
//! * DLX2's `COLOR` of every node, for Algorithm C ([`C`]).
//!
//! # The kinds
//!
//! | type          | algorithm | operations (TAOCP 7.2.2.1 names) | file |
//! |---------------|-----------|----------------------------------|------|
//! | [`X<L>`]      | Algorithm X, Knuth's DLX1 | cover, uncover, hide, unhide | `matrix/x.rs` |
//! | [`Placed<L>`] | Algorithm X, options walked by place | cover and uncover as X's, hiding the options of an item that stands at several places by place | `matrix/place.rs` |
//! | [`C<L>`]      | Algorithm C, Knuth's DLX2 | cover′, uncover′, hide′, unhide′, commit, uncommit, purify, unpurify | `matrix/c.rs` |
//! | [`Abort<K>`]  | Algorithm X, an option aborted as soon as it leaves a primary item uncoverable (SSXC1's `goto abort`), on demand only; `K` is `X<L>` or `Placed<L>` | `K`'s, and a commit that stops and undoes itself (`commit_or_abort`) | `matrix/abort.rs` |
//!
//! each for `L` = `Bytes` or `Exact`, and the sharp and multiplicity
//! variants below: exactly the variants [`KindId`] lists. (The walk by
//! place is never used with colours: `KindId::of` says so, once.) No
//! problem is ever built with [`Abort`]: a caller asks for it
//! ([`Tree::Abort`](crate::engine::Tree), `Solver::set_tree`), and
//! `Matrix::set_abort` turns an `X<L>` or `Placed<L>` matrix into
//! `Abort<X<L>>` or `Abort<Placed<L>>` and back.
//!
//! # The algorithm
//!
//! One driver, `Search::dance` (in `search`), runs Algorithm X's steps X1-X8
//! for every kind above; Algorithm C's steps C1-C8 are the same steps with
//! *commit* in place of *cover* for the items of a chosen option, which is
//! what [`Kind::commit`] says. In Knuth's names, with the kind's operations
//! in bold:
//!
//! * X3: choose an item `i` (**choose**, the branching rule; MRV on the
//!   live `LEN` by default, see [`mrv`](crate::engine::matrix::mrv));
//! * X4: **cover**`(i)`;
//! * X5: try option `x_l`: **commit**`(p, j)` for every other node `p` of
//!   it (**`cover_others`**);
//! * X6: undo it (**`uncover_others`**: **uncommit** in the reverse order);
//! * X7: **uncover**`(i)`.
//!
//! Selecting an option before the search (the givens of a puzzle) is
//! **commit** of its own item then **`cover_others`**, and its undoing the
//! reverse; excluding an option takes its nodes out of their lists, through
//! the kind's `Len`.
//!
//! A kind's functions are one-line calls of the matrix's methods that do
//! the work, in the kind's file (`m.cover::<O, L>(i, obs)` in `x.rs`,
//! `m.cover_prime::<O, L>(i, obs)` in `c.rs`...), each named after Knuth's
//! operation; those methods call one another directly, never through the
//! trait, so that they inline as the hot loops need (see "Names and
//! speed" in [`matrix`](crate::engine::matrix)).
//!
//! # Adding a kind
//!
//! A new algorithm is a new type implementing [`Kind`], a variant of
//! [`KindId`] with the test that picks it in `KindId::of`, and one arm of
//! [`with_kind!`](crate::engine::kind::with_kind); no function of the
//! other kinds changes. What the ones TAOCP describes next would bring:
//!
//! * **Algorithm M** (multiplicities, Knuth's DLX3): its own item records
//!   (`BOUND` and `SLACK` of every primary item, an array beside `it`
//!   planned by `layout`); its own branching rule (override
//!   [`Kind::choose`]: the item of least `LEN(i) + 1 - max(BOUND(i) -
//!   SLACK(i), 0)`); its own `commit`/`uncommit` (a primary item of the
//!   chosen option loses one from `BOUND` and is covered only at 0), the
//!   new operations *tweak* and *untweak* in a file of their own
//!   (`matrix/m.rs`); and its own driver steps M1-M9 (override
//!   [`Kind::run`] and [`Kind::unwind`], which undo what its levels did).
//!   It keeps a form of `LEN` (`type Len`), and with colours it is DLX3,
//!   which takes Algorithm C's operations as they are.
//! * **Algorithm Z** (memoised counting, Knuth's DLX6), built: no new
//!   operations, the ones of every kind above; a new *driver*,
//!   `memo::driver::count` (in `engine/memo/`), generic over `K: Kind`
//!   beside `Search::dance` and called through `with_kind!` like it, that
//!   before each choice looks up the state in a memo. Reading that state
//!   is a provided method of `Kind`, [`Kind::memo_key`] (the active
//!   primary items from the keys or `len`, the secondary items in play
//!   from their list, `LEN` and, with colours, their headers' `COLOR`; in
//!   `matrix/memo.rs`), so that M can extend it with `BOUND`; so is its
//!   second branching rule, [`Kind::choose_leftmost`]. The searches of
//!   the other drivers never call either.
//! * **Minimum-cost covers** (Knuth's DLX5): the operations of [`X`] or
//!   [`C`] again, with a cost per option (an array planned by `layout`)
//!   and a driver that prunes a branch whose cost so far plus the cheapest
//!   completion reaches the best found: a new driver generic over
//!   `K: Kind`, and a branching rule that also looks at costs (overriding
//!   `choose` in a kind of its own, or the driver calling its own).
//! * **Dancing cells** (sparse sets instead of links): its own data
//!   structure and so its own matrix; it would share the drivers only
//!   through a trait over the matrix as well, which this seam does not
//!   attempt.

use std::marker::PhantomData;

use crate::engine::budget::Limits;
use crate::engine::matrix::Matrix;
use crate::engine::matrix::len::Len;
use crate::engine::matrix::memo::KeyPlan;
use crate::engine::observe::Observer;
use crate::engine::search::{Search, Step};

/// One compiled variant of the search (module documentation): a
/// zero-sized type whose associated functions are its operations.
///
/// Every function takes the matrix (or the search) it works on; none takes
/// `self`, since a kind holds nothing. The provided functions are
/// Algorithm X's; a kind overrides those its algorithm changes.
pub(crate) trait Kind: Sized {
    /// The form in which this kind keeps `LEN` up to date.
    type Len: Len;

    // ----- Items -----

    /// `cover(i)` (step X4): removes item `i` from the list of active
    /// items and hides every option in its list.
    fn cover<O: Observer>(m: &mut Matrix<'_>, i: u32, obs: &mut O);

    /// `uncover(i)` (step X7): undoes `cover(i)` exactly.
    fn uncover<O: Observer>(m: &mut Matrix<'_>, i: u32, obs: &mut O);

    /// `commit(p, j)`: what choosing an option does to its item `j`, whose
    /// node in the option is `p`. Algorithm X covers `j`; Algorithm C
    /// purifies it instead when `p` gives it a colour.
    #[inline(always)]
    fn commit<O: Observer>(m: &mut Matrix<'_>, p: u32, j: u32, obs: &mut O) {
        let _ = p;
        Self::cover(m, j, obs);
    }

    /// `uncommit(p, j)`: undoes `commit(p, j)`.
    #[inline(always)]
    fn uncommit<O: Observer>(m: &mut Matrix<'_>, p: u32, j: u32, obs: &mut O) {
        let _ = p;
        Self::uncover(m, j, obs);
    }

    // ----- Options -----

    /// Step X5 (C5): commits the items of the option of node `p` other than
    /// `p`'s own, from `p + 1` rightwards round the option (a spacer's
    /// `ULINK` leads back to the option's first node).
    #[inline]
    fn cover_others<O: Observer>(m: &mut Matrix<'_>, p: u32, obs: &mut O) {
        let mut q = p + 1;
        while q != p {
            let j = m.top(q);
            if j <= 0 {
                q = m.ulink(q);
            } else {
                Self::commit(m, q, j as u32, obs);
                q += 1;
            }
        }
    }

    /// Step X6 (C6): undoes `cover_others(p)`, leftwards from `p - 1` (a
    /// spacer's `DLINK` leads on to the option's last node).
    #[inline]
    fn uncover_others<O: Observer>(m: &mut Matrix<'_>, p: u32, obs: &mut O) {
        let mut q = p - 1;
        while q != p {
            let j = m.top(q);
            if j <= 0 {
                q = m.dlink(q);
            } else {
                Self::uncommit(m, q, j as u32, obs);
                q -= 1;
            }
        }
    }

    /// Step X5 for a kind that aborts (Knuth's SSXC1): `cover_others(p)`
    /// when it leaves every active primary item an option, returning
    /// `true`; else the links as they were, and `false`. By default it
    /// never aborts; only the driver of [`Abort`] calls it.
    #[inline(always)]
    fn commit_or_abort(m: &mut Matrix<'_>, p: u32) -> bool {
        Self::cover_others(m, p, &mut ());
        true
    }

    // ----- The branching rule -----

    /// Step X3: the active primary item to branch on, and its `LEN`; by
    /// default the first of fewest options (MRV), as DLX1 chooses.
    #[inline]
    fn choose(m: &Matrix<'_>) -> (u32, u32) {
        m.choose::<Self::Len>()
    }

    /// `choose` with ties broken at random by the SplitMix64 generator
    /// `state`.
    #[inline]
    fn choose_random(m: &Matrix<'_>, state: &mut u64) -> (u32, u32) {
        m.choose_random::<Self::Len>(state)
    }

    // ----- Algorithm Z (the memo driver alone) -----

    /// Writes the memo key of the current state into `key` (as long as
    /// `plan.words()`): the active primary items, and each secondary item
    /// in play with its colour, as DLX6 defines its signature (see
    /// [`memo`](crate::engine::matrix::memo)). A kind with more state
    /// (Algorithm M's `BOUND`) extends it.
    #[inline]
    fn memo_key(m: &Matrix<'_>, plan: &KeyPlan, key: &mut [u64]) {
        m.memo_key::<Self::Len>(plan, key);
    }

    /// The leftmost branching rule (DLX6-noMRV): an item with no option
    /// left if any, else the active primary item of least number; with
    /// its `LEN`.
    #[inline]
    fn choose_leftmost(m: &Matrix<'_>) -> (u32, u32) {
        m.choose_leftmost::<Self::Len>()
    }

    // ----- The driver -----

    /// Runs the search of `s` from wherever it last stopped until the next
    /// solution, the end, or the budget runs out; by default Algorithm X's
    /// steps X1-X8 (`Search::dance`), which with this kind's `commit` are
    /// Algorithm C's too.
    #[inline]
    fn run<O: Observer>(s: &mut Search<'_>, limits: &Limits<'_>, obs: &mut O) -> Step {
        s.dance::<O, Self>(limits, obs)
    }

    /// Undoes whatever the search of `s` has covered, deepest level first
    /// (the links as they were before it started): by default the undoing
    /// of `run`'s levels (`Search::unwind_dance`).
    #[inline]
    fn unwind(s: &mut Search<'_>) {
        s.unwind_dance::<Self>();
    }

    // ----- Before the search -----

    /// Chooses the option whose first node is `p` before the search (the
    /// selection, and the frontier's paths): by default **commit** of its
    /// own item, then **`cover_others`**, as a level of the search does.
    #[inline]
    fn select(m: &mut Matrix<'_>, p: u32) {
        let i = m.top(p) as u32;
        Self::commit(m, p, i, &mut ());
        Self::cover_others(m, p, &mut ());
    }

    /// Undoes `select(p)`: **`uncover_others`**, then **uncommit** of its
    /// own item.
    #[inline]
    fn unselect(m: &mut Matrix<'_>, p: u32) {
        Self::uncover_others(m, p, &mut ());
        let i = m.top(p) as u32;
        Self::uncommit(m, p, i, &mut ());
    }

    /// The children of a node of the search tree that branches on item
    /// `i` with `degree` branches (what `choose` returned): by default one
    /// per option of `i`'s list, each choosing it (covering `i` rules out
    /// the others).
    #[inline]
    fn branches(m: &Matrix<'_>, i: u32, degree: u32) -> Branches {
        let _ = (m, i);
        Branches {
            options: degree as usize,
            null: false,
            rules_out: false,
        }
    }
}

/// The children of a node of the search tree (`Kind::branches`), for the
/// frontier: the first `options` options of the branching item's list,
/// the `k`-th choosing it; then, when `null`, one that gives the item no
/// more options (Algorithm M's null choice). When `rules_out`, the `k`-th
/// child also rules out the `k - 1` options before its own (Algorithm M
/// branching on an item that more than one option may cover), and the null
/// child all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Branches {
    pub(crate) options: usize,
    pub(crate) null: bool,
    pub(crate) rules_out: bool,
}

/// The kind a matrix is searched with, known when it is built: one variant
/// per type implementing [`Kind`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KindId {
    /// `X<Bytes>`.
    XBytes,
    /// `X<Exact>`.
    XExact,
    /// `Placed<Bytes>`.
    PlacedBytes,
    /// `Placed<Exact>`.
    PlacedExact,
    /// `C<Bytes>`.
    CBytes,
    /// `C<Exact>`.
    CExact,
    /// `Sharp<X<Bytes>>`.
    XSharpBytes,
    /// `Sharp<X<Exact>>`.
    XSharpExact,
    /// `Sharp<C<Bytes>>`.
    CSharpBytes,
    /// `Sharp<C<Exact>>`.
    CSharpExact,
    /// `M<Bytes, false>`.
    MBytes,
    /// `M<Exact, false>`.
    MExact,
    /// `M<Bytes, true>`.
    MCBytes,
    /// `M<Exact, true>`.
    MCExact,
    /// `Abort<X<Bytes>>` (never built: asked for, see `Matrix::set_abort`).
    AbortBytes,
    /// `Abort<X<Exact>>` (never built: asked for).
    AbortExact,
    /// `Abort<Placed<Bytes>>` (never built: asked for).
    AbortPlacedBytes,
    /// `Abort<Placed<Exact>>` (never built: asked for).
    AbortPlacedExact,
}

impl KindId {
    /// The kind of a matrix: Algorithm M when some item has bounds
    /// (`bounded`; with colours, Algorithm C's operations inside), else
    /// Algorithm C when it has colours (whether or not its options could be
    /// walked by place: colours were measured slower by place, and
    /// `layout::placed_width` never asks for it with them), else Algorithm
    /// X, walking by place when `placed`; either of the two with the sharp
    /// preference's branching rule when `sharp` (never by place); with byte
    /// keys when `bytes`.
    pub(crate) fn of(
        bytes: bool,
        colours: bool,
        placed: bool,
        bounded: bool,
        sharp: bool,
    ) -> KindId {
        if bounded {
            return match (colours, bytes) {
                (true, true) => KindId::MCBytes,
                (true, false) => KindId::MCExact,
                (false, true) => KindId::MBytes,
                (false, false) => KindId::MExact,
            };
        }
        if sharp {
            return match (colours, bytes) {
                (true, true) => KindId::CSharpBytes,
                (true, false) => KindId::CSharpExact,
                (false, true) => KindId::XSharpBytes,
                (false, false) => KindId::XSharpExact,
            };
        }
        match (colours, placed, bytes) {
            (true, _, true) => KindId::CBytes,
            (true, _, false) => KindId::CExact,
            (false, true, true) => KindId::PlacedBytes,
            (false, true, false) => KindId::PlacedExact,
            (false, false, true) => KindId::XBytes,
            (false, false, false) => KindId::XExact,
        }
    }
}

/// Algorithm X over Knuth's DLX1 (operations in `matrix/x.rs`), with `LEN`
/// in the form `L`.
pub(crate) struct X<L>(PhantomData<L>);

/// Algorithm X whose options are walked by place (operations in
/// `matrix/place.rs`), with `LEN` in the form `L`.
pub(crate) struct Placed<L>(PhantomData<L>);

/// Algorithm C over Knuth's DLX2 (operations in `matrix/c.rs`), with `LEN`
/// in the form `L`.
pub(crate) struct C<L>(PhantomData<L>);

/// Algorithm X's kind `K` (`X<L>` or `Placed<L>`) that aborts an option as
/// soon as committing it leaves an active primary item with no option
/// (operations in `matrix/abort.rs`, driver in `search/abort.rs`): Knuth's
/// SSXC1's abort, on dancing links, with `K`'s walks.
pub(crate) struct Abort<K>(PhantomData<K>);

/// The kind `K` (Algorithm X's or C's) with the sharp preference's
/// branching rule (Knuth's DLX2-SHARP, `Matrix::choose_sharp` in
/// `matrix/len.rs`); every operation is `K`'s.
pub(crate) struct Sharp<K>(PhantomData<K>);

/// Algorithm M over Knuth's DLX3 (operations and branching rule in
/// `matrix/m.rs`, driver in `search/m.rs`), with `LEN` in the form `L`;
/// with Algorithm C's operations for its secondary items (and `hide′` for
/// `hide`) when `COLOURS`. The sharp preference is part of its branching
/// rule (DLX3-SHARP), marked in its item records.
pub(crate) struct M<L, const COLOURS: bool>(PhantomData<L>);

impl<K: Kind> Kind for Sharp<K> {
    type Len = K::Len;

    #[inline(always)]
    fn cover<O: Observer>(m: &mut Matrix<'_>, i: u32, obs: &mut O) {
        K::cover(m, i, obs);
    }

    #[inline(always)]
    fn uncover<O: Observer>(m: &mut Matrix<'_>, i: u32, obs: &mut O) {
        K::uncover(m, i, obs);
    }

    #[inline(always)]
    fn commit<O: Observer>(m: &mut Matrix<'_>, p: u32, j: u32, obs: &mut O) {
        K::commit(m, p, j, obs);
    }

    #[inline(always)]
    fn uncommit<O: Observer>(m: &mut Matrix<'_>, p: u32, j: u32, obs: &mut O) {
        K::uncommit(m, p, j, obs);
    }

    #[inline]
    fn choose(m: &Matrix<'_>) -> (u32, u32) {
        m.choose_sharp::<K::Len>()
    }

    #[inline]
    fn choose_random(m: &Matrix<'_>, state: &mut u64) -> (u32, u32) {
        m.choose_sharp_random::<K::Len>(state)
    }
}

/// Evaluates `$body` with `$K` the type of the [`Kind`] `$id` (a
/// [`KindId`]) names: the one place where the kind a matrix was built for
/// becomes a type, so that `$body` runs the search compiled for it.
///
/// ```ignore
/// with_kind!(self.m.kind(), K => K::run(self, limits, obs))
/// ```
///
/// Import it by path (`use crate::engine::kind::with_kind;`), from any
/// module, in any order.
macro_rules! with_kind {
    ($id:expr, $K:ident => $body:expr) => {
        match $id {
            $crate::engine::kind::KindId::XBytes => {
                type $K = $crate::engine::kind::X<$crate::engine::matrix::len::Bytes>;
                $body
            }
            $crate::engine::kind::KindId::XExact => {
                type $K = $crate::engine::kind::X<$crate::engine::matrix::len::Exact>;
                $body
            }
            $crate::engine::kind::KindId::PlacedBytes => {
                type $K = $crate::engine::kind::Placed<$crate::engine::matrix::len::Bytes>;
                $body
            }
            $crate::engine::kind::KindId::PlacedExact => {
                type $K = $crate::engine::kind::Placed<$crate::engine::matrix::len::Exact>;
                $body
            }
            $crate::engine::kind::KindId::CBytes => {
                type $K = $crate::engine::kind::C<$crate::engine::matrix::len::Bytes>;
                $body
            }
            $crate::engine::kind::KindId::CExact => {
                type $K = $crate::engine::kind::C<$crate::engine::matrix::len::Exact>;
                $body
            }
            $crate::engine::kind::KindId::XSharpBytes => {
                type $K = $crate::engine::kind::Sharp<
                    $crate::engine::kind::X<$crate::engine::matrix::len::Bytes>,
                >;
                $body
            }
            $crate::engine::kind::KindId::XSharpExact => {
                type $K = $crate::engine::kind::Sharp<
                    $crate::engine::kind::X<$crate::engine::matrix::len::Exact>,
                >;
                $body
            }
            $crate::engine::kind::KindId::CSharpBytes => {
                type $K = $crate::engine::kind::Sharp<
                    $crate::engine::kind::C<$crate::engine::matrix::len::Bytes>,
                >;
                $body
            }
            $crate::engine::kind::KindId::CSharpExact => {
                type $K = $crate::engine::kind::Sharp<
                    $crate::engine::kind::C<$crate::engine::matrix::len::Exact>,
                >;
                $body
            }
            $crate::engine::kind::KindId::MBytes => {
                type $K = $crate::engine::kind::M<$crate::engine::matrix::len::Bytes, false>;
                $body
            }
            $crate::engine::kind::KindId::MExact => {
                type $K = $crate::engine::kind::M<$crate::engine::matrix::len::Exact, false>;
                $body
            }
            $crate::engine::kind::KindId::MCBytes => {
                type $K = $crate::engine::kind::M<$crate::engine::matrix::len::Bytes, true>;
                $body
            }
            $crate::engine::kind::KindId::MCExact => {
                type $K = $crate::engine::kind::M<$crate::engine::matrix::len::Exact, true>;
                $body
            }
            $crate::engine::kind::KindId::AbortBytes => {
                type $K = $crate::engine::kind::Abort<
                    $crate::engine::kind::X<$crate::engine::matrix::len::Bytes>,
                >;
                $body
            }
            $crate::engine::kind::KindId::AbortExact => {
                type $K = $crate::engine::kind::Abort<
                    $crate::engine::kind::X<$crate::engine::matrix::len::Exact>,
                >;
                $body
            }
            $crate::engine::kind::KindId::AbortPlacedBytes => {
                type $K = $crate::engine::kind::Abort<
                    $crate::engine::kind::Placed<$crate::engine::matrix::len::Bytes>,
                >;
                $body
            }
            $crate::engine::kind::KindId::AbortPlacedExact => {
                type $K = $crate::engine::kind::Abort<
                    $crate::engine::kind::Placed<$crate::engine::matrix::len::Exact>,
                >;
                $body
            }
        }
    };
}
pub(crate) use with_kind;

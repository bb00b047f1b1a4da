//! The structure stays sane through every operation, and the arena holds
//! exactly what its layout plans.

use bumpalo::Bump;
use quickcheck::{Arbitrary, Gen, QuickCheck};

use super::{Search, Step};
use crate::engine::budget::Budget;
use crate::engine::kind::{Kind, KindId, X};
use crate::engine::layout::{Layout, placed_width};
use crate::engine::matrix::len::Bytes;
use crate::engine::observe::Observer;
use crate::problem::Problem;

/// An observer that hears everything, so that searches back up to the top
/// as Knuth's does (the `()` observer lets a finished search stop early).
struct Loud;
impl Observer for Loud {}

/// A small random problem, primary and secondary items interleaved; in
/// about half of them some secondary items of some options have one of two
/// colours (Algorithm C).
#[derive(Clone, Debug)]
struct Small {
    primary: Vec<bool>,
    options: Vec<Vec<usize>>,
    /// The colour of every entry of every option, if any.
    colours: Vec<Vec<Option<usize>>>,
}

impl Arbitrary for Small {
    fn arbitrary(g: &mut Gen) -> Small {
        let items = usize::arbitrary(g) % 9;
        let primary: Vec<bool> = (0..items).map(|_| u8::arbitrary(g) % 4 != 0).collect();
        let mut options = Vec::new();
        if items > 0 {
            for _ in 0..usize::arbitrary(g) % 14 {
                let mut option: Vec<usize> =
                    (0..items).filter(|_| u8::arbitrary(g) % 3 == 0).collect();
                if option.is_empty() {
                    option.push(usize::arbitrary(g) % items);
                }
                for k in (1..option.len()).rev() {
                    option.swap(k, usize::arbitrary(g) % (k + 1));
                }
                options.push(option);
            }
        }
        let coloured = bool::arbitrary(g);
        let colours = options
            .iter()
            .map(|o| {
                o.iter()
                    .map(|&i| {
                        let c = u8::arbitrary(g) % 3;
                        (coloured && !primary[i] && c < 2).then_some(c as usize)
                    })
                    .collect()
            })
            .collect();
        Small {
            primary,
            options,
            colours,
        }
    }
}

/// A `Small` without colours whose options all have the same number of
/// items, each option's items in random order: its options are walked by
/// place whenever some item stands at two places (`layout::placed_width`).
#[derive(Clone, Debug)]
struct Uniform(Small);

impl Arbitrary for Uniform {
    fn arbitrary(g: &mut Gen) -> Uniform {
        let items = 1 + usize::arbitrary(g) % 8;
        let primary: Vec<bool> = (0..items).map(|_| u8::arbitrary(g) % 4 != 0).collect();
        let width = 1 + usize::arbitrary(g) % items.min(4);
        let options: Vec<Vec<usize>> = (0..usize::arbitrary(g) % 14)
            .map(|_| {
                let mut option: Vec<usize> = (0..items).collect();
                for k in (1..items).rev() {
                    option.swap(k, usize::arbitrary(g) % (k + 1));
                }
                option.truncate(width);
                option
            })
            .collect();
        let colours = options.iter().map(|o| vec![None; o.len()]).collect();
        Uniform(Small {
            primary,
            options,
            colours,
        })
    }
}

impl Small {
    fn problem(&self) -> Problem {
        let mut p = Problem::new();
        for (k, &primary) in self.primary.iter().enumerate() {
            let name = format!("i{k}");
            let added = if primary {
                p.add_primary(&name)
            } else {
                p.add_secondary(&name)
            };
            added.expect("distinct names");
        }
        let (red, blue) = (p.colour("red").unwrap(), p.colour("blue").unwrap());
        for (o, colours) in self.options.iter().zip(&self.colours) {
            let entries = o
                .iter()
                .zip(colours)
                .map(|(&i, c)| (i, c.map(|c| if c == 0 { red } else { blue })));
            p.add_coloured_option(entries).expect("valid option");
        }
        p
    }
}

/// One thing done to a search.
#[derive(Clone, Copy, Debug)]
enum Op {
    Select(usize),
    /// Rule an option out (`Search::exclude`).
    Exclude(usize),
    /// Break ties at random from this seed, or not.
    Tiebreak(Option<u8>),
    /// Run to the next stop with at most this many nodes.
    Run(u8),
    /// Run to the end without an observer (a finished search may stop
    /// with levels still covered).
    Finish,
    /// Run to the end with an observer that hears everything.
    FinishLoud,
    Restart,
    Clear,
}

impl Arbitrary for Op {
    fn arbitrary(g: &mut Gen) -> Op {
        match u8::arbitrary(g) % 12 {
            0..=2 => Op::Select(usize::arbitrary(g)),
            10 => Op::Exclude(usize::arbitrary(g)),
            11 => Op::Tiebreak(Option::<u8>::arbitrary(g)),
            3..=5 => Op::Run(u8::arbitrary(g) % 8),
            6 => Op::Finish,
            7 => Op::FinishLoud,
            8 => Op::Restart,
            _ => Op::Clear,
        }
    }
}

/// Applies `ops` to a search of `small`, with or without a pristine copy,
/// checking the structure after every step, and checking that restarting
/// gives back the links as they were before the search, and clearing the
/// links as built.
fn sane_through(small: &Small, ops: &[Op], pristine: bool) -> bool {
    sane_through_as(small, ops, pristine, false)
}

/// `sane_through`, searching with the kind that aborts (`Abort`) when
/// `abort` and the problem is Algorithm X's.
fn sane_through_as(small: &Small, ops: &[Op], pristine: bool, abort: bool) -> bool {
    let problem = small.problem();
    let mut layout = Layout::of(&problem);
    layout.pristine = pristine;
    let bump = Bump::with_capacity(layout.bytes());
    let mut search = Search::build(&bump, &problem, &layout);
    let x = !problem.has_colours();
    if search.set_abort(abort) != (abort && x) {
        eprintln!("the abort is for Algorithm X alone");
        return false;
    }
    let built = search.matrix().snapshot();
    if let Err(e) = search.matrix().sanity() {
        eprintln!("after the build: {e:?}");
        return false;
    }
    // The links with the current selection and no search.
    let mut before_search = built.clone();
    for (k, &op) in ops.iter().enumerate() {
        match op {
            Op::Select(o) if problem.option_count() > 0 => {
                let _ = search.select(o % problem.option_count());
                before_search = search.matrix().snapshot();
            }
            Op::Select(_) => {}
            Op::Exclude(o) if problem.option_count() > 0 => {
                search.exclude(o % problem.option_count());
                before_search = search.matrix().snapshot();
            }
            Op::Exclude(_) => {}
            Op::Tiebreak(seed) => search.set_tiebreak(seed.map(u64::from)),
            Op::Run(nodes) => {
                // The budget counts the nodes of the whole search: `nodes`
                // more than it has tried.
                let max = search.stats().nodes + u64::from(nodes);
                let budget = Budget::new().with_max_nodes(max);
                let step = search.run(&budget.start(None), &mut ());
                if step == Step::Solution && !search.matrix().is_all_covered() {
                    eprintln!("step {k}: a solution with a primary item uncovered");
                    return false;
                }
            }
            Op::Finish => {
                while search.run(&Budget::new().start(None), &mut ()) == Step::Solution {}
            }
            Op::FinishLoud => {
                while search.run(&Budget::new().start(None), &mut Loud) == Step::Solution {}
            }
            Op::Restart => {
                search.restart();
                if search.matrix().snapshot() != before_search {
                    eprintln!("step {k}: restart did not restore the links");
                    return false;
                }
            }
            Op::Clear => {
                search.clear_selection();
                before_search = built.clone();
                if search.matrix().snapshot() != built {
                    eprintln!("step {k}: clearing did not restore the links as built");
                    return false;
                }
            }
        }
        if let Err(e) = search.matrix().sanity() {
            eprintln!("step {k} ({op:?}): {e:?}");
            return false;
        }
    }
    true
}

#[test]
fn links_stay_sane_through_selections_searches_and_clears() {
    fn prop(small: Small, ops: Vec<Op>) -> bool {
        sane_through(&small, &ops, true) && sane_through(&small, &ops, false)
    }
    let tests = if cfg!(miri) { 10 } else { 2000 };
    QuickCheck::new()
        .tests(tests)
        .quickcheck(prop as fn(Small, Vec<Op>) -> bool);
}

#[test]
fn links_stay_sane_when_options_are_aborted() {
    fn prop(small: Small, uniform: Uniform, ops: Vec<Op>) -> bool {
        sane_through_as(&small, &ops, true, true)
            && sane_through_as(&small, &ops, false, true)
            && sane_through_as(&uniform.0, &ops, false, true)
    }
    let tests = if cfg!(miri) { 10 } else { 2000 };
    QuickCheck::new()
        .tests(tests)
        .quickcheck(prop as fn(Small, Uniform, Vec<Op>) -> bool);
}

/// Every solution of `search`'s problem, in the order found, with the
/// nodes of the search and its aborts.
fn walk(search: &mut Search<'_>) -> (Vec<Vec<usize>>, u64, u64, usize) {
    search.restart();
    let mut found = Vec::new();
    let mut out = Vec::new();
    while search.run(&Budget::new().start(None), &mut ()) == Step::Solution {
        search.solution_into(&mut out);
        found.push(out.clone());
    }
    let stats = search.stats();
    (found, stats.nodes, search.aborts(), stats.max_depth)
}

#[test]
fn the_abort_walks_dlx1s_tree_without_its_dead_ends() {
    // The same solutions in the same order; every option DLX1 tries is
    // either a node of the search that aborts or one of its aborts; and
    // the abort undoes exactly what it did (the links are as before).
    fn prop(small: Small, uniform: Uniform) -> bool {
        [small, uniform.0].iter().all(|small| {
            let problem = small.problem();
            let layout = Layout::of(&problem);
            let bump = Bump::with_capacity(layout.bytes());
            let mut search = Search::build(&bump, &problem, &layout);
            let before = search.matrix().snapshot();
            let (dlx1, nodes, none, depth) = walk(&mut search);
            let x = search.set_abort(true);
            let (aborted, kept, aborts, kept_depth) = walk(&mut search);
            search.restart();
            let restored = search.matrix().snapshot() == before;
            let same_tree = if x {
                kept + aborts == nodes && kept_depth <= depth
            } else {
                (kept, aborts, kept_depth) == (nodes, 0, depth)
            };
            dlx1 == aborted && none == 0 && same_tree && restored
        })
    }
    let tests = if cfg!(miri) { 10 } else { 3000 };
    QuickCheck::new()
        .tests(tests)
        .quickcheck(prop as fn(Small, Uniform) -> bool);
}

#[test]
fn a_selection_survives_changing_the_tree() {
    // Options selected and excluded with one tree are undone and made
    // again with the other: the links stay sane, and clearing gives back
    // the links as built.
    fn prop(small: Small, uniform: Uniform, picks: Vec<(bool, u8)>) -> bool {
        // (Algorithm X's problems alone: the abort is for them.)
        let x = [small, uniform.0].map(|s| s.problem());
        x.iter().filter(|p| !p.has_colours()).all(|problem| {
            let layout = Layout::of(problem);
            let bump = Bump::with_capacity(layout.bytes());
            let mut search = Search::build(&bump, problem, &layout);
            let built = search.matrix().snapshot();
            let options = problem.option_count();
            for (k, &(exclude, o)) in picks.iter().enumerate() {
                if options > 0 {
                    let o = usize::from(o) % options;
                    if exclude {
                        search.exclude(o);
                    } else {
                        let _ = search.select(o);
                    }
                }
                search.set_abort(k % 2 == 0);
                while search.run(&Budget::new().start(None), &mut ()) == Step::Solution {}
                if search.matrix().sanity().is_err() {
                    return false;
                }
                search.restart();
            }
            search.clear_selection();
            search.matrix().sanity().is_ok() && search.matrix().snapshot() == built
        })
    }
    let tests = if cfg!(miri) { 10 } else { 2000 };
    QuickCheck::new()
        .tests(tests)
        .quickcheck(prop as fn(Small, Uniform, Vec<(bool, u8)>) -> bool);
}

#[test]
fn links_stay_sane_when_options_are_walked_by_place() {
    fn prop(uniform: Uniform, ops: Vec<Op>) -> bool {
        sane_through(&uniform.0, &ops, true) && sane_through(&uniform.0, &ops, false)
    }
    // The generator makes problems walked by place, and others (since
    // options of two items are walked from spacers, about a fifth are).
    let mut g = Gen::new(100);
    let placed = (0..200)
        .filter(|_| placed_width(&Uniform::arbitrary(&mut g).0.problem()).is_some())
        .count();
    assert!(
        (10..=180).contains(&placed),
        "{placed} of 200 walked by place"
    );
    let tests = if cfg!(miri) { 10 } else { 2000 };
    QuickCheck::new()
        .tests(tests)
        .quickcheck(prop as fn(Uniform, Vec<Op>) -> bool);
}

#[test]
#[cfg_attr(miri, ignore = "builds large matrices: slow in the interpreter")]
fn the_classic_problems_are_walked_as_their_places_say() {
    use crate::problem::classic::{dominoes, langford, pentominoes, queens};
    // Langford's places and the pentominoes' cells stand at several places
    // in their options; the queens' rows, columns and diagonals, and every
    // Sudoku item, at one. The dominoes' cells stand at two places too, but
    // options of two items are walked from spacers (`MIN_PLACED_WIDTH`).
    let walked = |p: &Problem| placed_width(p);
    assert_eq!(walked(&langford(7)), Some(3));
    assert_eq!(walked(&pentominoes(6, 10, true)), Some(6));
    assert_eq!(walked(&queens(8)), None);
    assert_eq!(walked(&latin_boxes(3, 3)), None);
    assert_eq!(walked(&dominoes(4, 4)), None);
    // Options of different lengths, and colours, are walked from spacers.
    assert_eq!(walked(&long_lists()), None);
    let words = crate::problem::classic::synthetic_words(4, "abcd", 5);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    assert_eq!(
        walked(&crate::problem::classic::word_squares(&words).expect("words")),
        None
    );
    for problem in [langford(7), pentominoes(6, 10, true)] {
        let layout = Layout::of(&problem);
        let bump = Bump::with_capacity(layout.bytes());
        let search = Search::build(&bump, &problem, &layout);
        assert!(matches!(
            search.m.kind(),
            KindId::PlacedBytes | KindId::PlacedExact
        ));
        assert_eq!(search.m.sanity(), Ok(()));
    }
}

/// A problem whose first item has 300 options, so the lengths no longer
/// fit the byte keys and the search keeps exact lengths.
fn long_lists() -> Problem {
    let mut p = Problem::new();
    p.add_primary_items(12);
    p.add_secondary_items(3);
    for k in 0..300 {
        let option = [0, 1 + k % 11, 12 + k % 3];
        p.add_option(option).expect("valid option");
    }
    for k in 1..12 {
        p.add_option([k]).expect("valid option");
    }
    p
}

#[test]
fn links_stay_sane_with_exact_lengths() {
    let small_ops = [
        Op::Run(3),
        Op::Select(301),
        Op::Run(7),
        Op::Restart,
        Op::Select(5),
        Op::FinishLoud,
        Op::Restart,
        Op::Finish,
        Op::Clear,
        Op::Run(100),
        Op::Clear,
    ];
    let problem = long_lists();
    let small = Small {
        primary: (0..15).map(|i| i < 12).collect(),
        options: problem.options().map(<[usize]>::to_vec).collect::<Vec<_>>(),
        colours: problem.options().map(|o| vec![None; o.len()]).collect(),
    };
    let layout = Layout::of(&problem);
    let bump = Bump::new();
    assert_eq!(
        Search::build(&bump, &problem, &layout).m.kind(),
        KindId::XExact
    );
    assert!(sane_through(&small, &small_ops, true));
    assert!(sane_through(&small, &small_ops, false));
}

#[test]
fn cover_then_uncover_gives_back_the_same_links() {
    let problem = crate::problem::classic::queens(6);
    let layout = Layout::of(&problem);
    let bump = Bump::with_capacity(layout.bytes());
    let mut search = Search::build(&bump, &problem, &layout);
    let m = &mut search.m;
    let built = m.snapshot();
    // Cover items 1, 3, 5, ... in turn, checking each step, then uncover
    // them in the reverse order.
    let items: Vec<u32> = (1..=m.items()).step_by(2).collect();
    for &i in &items {
        X::<Bytes>::cover(m, i, &mut ());
        assert_eq!(m.sanity(), Ok(()), "after covering {i}");
    }
    for &i in items.iter().rev() {
        X::<Bytes>::uncover(m, i, &mut ());
        assert_eq!(m.sanity(), Ok(()), "after uncovering {i}");
    }
    assert_eq!(m.snapshot(), built);
}

#[test]
fn sanity_finds_a_broken_link() {
    let problem = crate::problem::classic::queens(4);
    let layout = Layout::of(&problem);
    let bump = Bump::new();
    let mut search = Search::build(&bump, &problem, &layout);
    // Hide one node of item 1's list from its list without telling `LEN`.
    let m = &mut search.m;
    let p = m.dlink(1);
    m.unlink_for_test(p);
    assert!(m.sanity().is_err());
}

/// Problems of every kind the engine sees: tiny, generic, Sudoku of several
/// shapes, long lists (exact lengths), and large.
fn assorted() -> Vec<Problem> {
    let mut problems = vec![Problem::new(), long_lists()];
    for n in [1, 4, 8, 12] {
        problems.push(crate::problem::classic::queens(n));
    }
    problems.push(crate::problem::classic::langford(7));
    problems.push(crate::problem::classic::pentominoes(6, 10, true));
    for (r, c) in [(2, 2), (2, 3), (3, 3), (4, 4), (5, 5)] {
        problems.push(latin_boxes(r, c));
    }
    problems
}

#[test]
#[cfg_attr(miri, ignore = "builds large matrices: slow in the interpreter")]
fn the_arena_holds_exactly_what_the_layout_plans() {
    for problem in assorted() {
        let layout = Layout::of(&problem);
        let bump = Bump::with_capacity(layout.bytes());
        let capacity = bump.chunk_capacity();
        let total = bump.allocated_bytes();
        let _search = Search::build(&bump, &problem, &layout);
        // One chunk: the allocator never had to ask for a second one.
        let used = capacity - bump.chunk_capacity();
        assert!(
            used <= layout.bytes() && used >= layout.payload(),
            "{layout:?}: used {used} bytes, planned {} ({} without padding)",
            layout.bytes(),
            layout.payload()
        );
        assert_eq!(bump.allocated_bytes(), total, "{layout:?}: a second chunk");
    }
}

#[test]
fn a_nine_by_nine_arena_is_under_a_hundred_kilobytes() {
    let layout = Layout::of(&latin_boxes(3, 3));
    // Node 0, 324 headers, 4 nodes per option and 730 spacers; three
    // arrays of them and the pristine copy's two.
    assert_eq!(layout.nodes, 1 + 324 + 729 * 4 + 730);
    assert!(layout.bytes() < 100_000, "{}", layout.bytes());
}

#[test]
fn a_secondary_items_list_is_grouped_by_colour() {
    // x's nodes, in option order: red, none, blue, red, none.
    let mut problem = Problem::new();
    let primaries: Vec<usize> = (0..5)
        .map(|k| problem.add_primary(&format!("p{k}")).expect("a name"))
        .collect();
    let x = problem.add_secondary("x").expect("a name");
    let (red, blue) = (
        problem.colour("red").expect("a colour"),
        problem.colour("blue").expect("a colour"),
    );
    for (&p, colour) in primaries
        .iter()
        .zip([Some(red), None, Some(blue), Some(red), None])
    {
        problem
            .add_coloured_option([(p, None), (x, colour)])
            .expect("an option");
    }
    let layout = Layout::of(&problem);
    let bump = Bump::new();
    let search = Search::build(&bump, &problem, &layout);
    let m = search.matrix();
    let i = (1..=m.items())
        .find(|&i| m.external(i) == x)
        .expect("x is an item");
    let mut order = Vec::new();
    let mut q = m.dlink(i);
    while q != i {
        order.push(m.option_of(q));
        q = m.dlink(q);
    }
    // Those without a colour, then red (colour 0), then blue, each in
    // option order.
    assert_eq!(order, [1, 4, 0, 3, 2]);
    assert_eq!(m.sanity(), Ok(()));
}

#[test]
#[should_panic(expected = "place")]
fn a_matrix_whose_places_are_not_its_options_is_refused() {
    // Two options of one item each, built as if every option had 3 items:
    // the walk by place would run past them, so the build must refuse.
    let mut problem = Problem::new();
    let a = problem.add_primary("a").expect("a name");
    problem.add_option([a]).expect("an option");
    problem.add_option([a]).expect("an option");
    let mut layout = Layout::of(&problem);
    layout.width = 3;
    let bump = Bump::new();
    let _ = Search::build(&bump, &problem, &layout);
}

/// The exact cover of an empty Sudoku grid with boxes of `r x c` cells, built
/// here as items and options (the engine knows nothing of Sudoku): `4 N^2`
/// items (a digit in each cell; each digit once in each row, column and
/// box) and `N^3` options, `N = r c`.
fn latin_boxes(r: usize, c: usize) -> Problem {
    let n = r * c;
    let mut problem = Problem::new();
    problem.add_primary_items(4 * n * n);
    for row in 0..n {
        for col in 0..n {
            let b = (row / r) * r + col / c;
            for d in 0..n {
                let items = [
                    row * n + col,
                    n * n + row * n + d,
                    2 * n * n + col * n + d,
                    3 * n * n + b * n + d,
                ];
                problem.add_option(items).expect("items in range");
            }
        }
    }
    problem
}

/// `long_lists` with a colour on its secondary items: Algorithm C on
/// exact lengths.
fn long_coloured_lists() -> Problem {
    let mut p = Problem::new();
    p.add_primary_items(12);
    p.add_secondary_items(3);
    let red = p.colour("red").expect("a colour");
    for k in 0..300 {
        let entries = [(0, None), (1 + k % 11, None), (12 + k % 3, Some(red))];
        p.add_coloured_option(entries).expect("valid option");
    }
    for k in 1..12 {
        p.add_option([k]).expect("valid option");
    }
    p
}

/// Options of three items, each item at every place, over 128 options an
/// item: walked by place, with exact lengths.
fn long_triples() -> Problem {
    let mut p = Problem::new();
    p.add_primary_items(6);
    for k in 0..900 {
        let a = k % 6;
        let b = (a + 1 + k / 6 % 5) % 6;
        let c = (b + 1 + k / 30 % 5) % 6;
        if c != a {
            p.add_option([a, b, c]).expect("valid option");
        }
    }
    p
}

#[test]
#[cfg_attr(miri, ignore = "builds large matrices: slow in the interpreter")]
fn every_kind_is_built_for_its_problems_and_stays_sane() {
    let words = crate::problem::classic::synthetic_words(4, "abcd", 5);
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let cases = [
        (crate::problem::classic::queens(6), KindId::XBytes),
        (long_lists(), KindId::XExact),
        (crate::problem::classic::langford(7), KindId::PlacedBytes),
        (long_triples(), KindId::PlacedExact),
        (
            crate::problem::classic::word_squares(&words).expect("words"),
            KindId::CBytes,
        ),
        (long_coloured_lists(), KindId::CExact),
    ];
    let ops = [
        Op::Run(3),
        Op::Select(1),
        Op::Run(7),
        Op::Restart,
        Op::FinishLoud,
        Op::Restart,
        Op::Finish,
        Op::Clear,
        Op::Run(50),
        Op::Clear,
    ];
    for (problem, kind) in cases {
        let layout = Layout::of(&problem);
        let bump = Bump::new();
        assert_eq!(Search::build(&bump, &problem, &layout).m.kind(), kind);
        let small = Small {
            primary: (0..problem.item_count())
                .map(|i| problem.is_primary(i))
                .collect(),
            options: problem.options().map(<[usize]>::to_vec).collect(),
            colours: problem.options().map(|o| vec![None; o.len()]).collect(),
        };
        if kind == KindId::CExact || kind == KindId::CBytes {
            // `Small` has two colours, word squares many: search the
            // problem itself, to the end (a loud search backs up to the
            // top), and find the links as built.
            let bump = Bump::new();
            let mut search = Search::build(&bump, &problem, &layout);
            let built = search.matrix().snapshot();
            let mut solutions = 0;
            while search.run(&Budget::new().start(None), &mut Loud) == Step::Solution {
                solutions += 1;
                assert_eq!(search.matrix().sanity(), Ok(()), "{kind:?}");
            }
            assert!(solutions > 0, "{kind:?}");
            assert_eq!(search.matrix().snapshot(), built, "{kind:?}");
        } else {
            assert!(sane_through(&small, &ops, true), "{kind:?}");
            assert!(sane_through(&small, &ops, false), "{kind:?}");
        }
    }
    // The walk by place is never used with colours.
    assert_eq!(KindId::of(true, true, true, false, false), KindId::CBytes);
    assert_eq!(KindId::of(false, true, true, false, false), KindId::CExact);
}

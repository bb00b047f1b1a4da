//! Large problems: 10^5 items and 10^6 option nodes build, search 10^5
//! levels deep, and stay within bounded memory (a tracking allocator reports
//! the peak). Debug builds use a fifth of that (see `N`); `.ci/run` also runs
//! this file in a release build, at full size.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use exactcover::{Budget, Problem, Solver};

struct Tracking;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator; the
// counters are atomics and never allocate.
unsafe impl GlobalAlloc for Tracking {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = CURRENT.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        // SAFETY: the caller's contract for `alloc` is passed on as is.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: `ptr` was allocated by `System` with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Tracking = Tracking;

/// The number of items: 100,000 in release builds. Every level of the search
/// scans the lengths of all the items, so the search 'n' levels deep costs
/// the square of `n`: debug builds use 20,000.
const N: usize = if cfg!(debug_assertions) {
    20_000
} else {
    100_000
};

/// `N` items, each with its own one-item option (listed first), plus
/// `0.9 N` decoy options of 10 items each: `10 N` option nodes (a million in
/// release builds). The only solution found first is the `N` singletons,
/// `N` levels deep.
fn big_problem() -> Problem {
    let n = N;
    let mut p = Problem::new();
    p.add_primary_items(n);
    for i in 0..n {
        p.add_option([i]).unwrap();
    }
    let mut x: u64 = 1;
    for _ in 0..n / 10 * 9 {
        let mut items = Vec::with_capacity(10);
        while items.len() < 10 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let item = (x % n as u64) as usize;
            if !items.contains(&item) {
                items.push(item);
            }
        }
        p.add_option(items).unwrap();
    }
    p
}

#[test]
fn large_problem_deep_search_bounded_memory() {
    let base = CURRENT.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let problem = big_problem();
    assert_eq!(problem.item_count(), N);
    assert_eq!(problem.option_count(), N / 10 * 19);
    let option_nodes = problem.node_count() - 1 - problem.item_count() - problem.option_count() - 1;
    assert_eq!(option_nodes, 10 * N);
    let mut solver = Solver::new(&problem);
    solver.set_budget(Budget::new().with_max_nodes(10 * N as u64));
    let solution = solver.solution().unwrap().expect("the singletons");
    assert_eq!(solution.len(), N);
    assert!(solution.iter().all(|&o| o < N));
    assert_eq!(solver.stats().max_depth, N);
    // Counting to 2 searches the whole matrix again from the start: the
    // singletons are found again; whether a decoy is part of a second cover
    // depends on the decoys, so only "at least one" is known.
    let count = solver.count(Some(2)).unwrap();
    assert!(count.solutions >= 1);
    let peak = PEAK.load(Ordering::Relaxed) - base;
    eprintln!(
        "peak heap for {} nodes: {:.1} MB ({:.1} bytes per node)",
        problem.node_count(),
        peak as f64 / 1e6,
        peak as f64 / problem.node_count() as f64
    );
    // The problem (8-byte entries, growth slack) and the arena (12-byte
    // nodes): bounded by a constant per node.
    assert!(peak < 64 * problem.node_count(), "peak {peak} bytes");
}

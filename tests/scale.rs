//! Large problems: 10^5 items and 10^6 option nodes build, search 10^5
//! levels deep, and stay within bounded memory (a tracking allocator reports
//! the peak).

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

/// 100,000 items, each with its own one-item option (listed first), plus
/// 90,000 decoy options of 10 items each: 1,000,000 option nodes. The only
/// solution is the 100,000 singletons, found 100,000 levels deep.
fn big_problem() -> Problem {
    let n = 100_000;
    let mut p = Problem::new();
    p.add_primary_items(n);
    for i in 0..n {
        p.add_option([i]).unwrap();
    }
    let mut x: u64 = 1;
    for _ in 0..90_000 {
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
fn hundred_thousand_items_million_nodes() {
    let base = CURRENT.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let problem = big_problem();
    assert_eq!(problem.item_count(), 100_000);
    assert_eq!(problem.option_count(), 190_000);
    let option_nodes = problem.node_count() - 1 - problem.item_count() - problem.option_count() - 1;
    assert_eq!(option_nodes, 1_000_000);
    let mut solver = Solver::new(&problem);
    solver.set_budget(Budget::new().with_max_nodes(1_000_000));
    let solution = solver.solution().unwrap().expect("the singletons");
    assert_eq!(solution.len(), 100_000);
    assert!(solution.iter().all(|&o| o < 100_000));
    assert_eq!(solver.stats().max_depth, 100_000);
    // Counting all: the decoys overlap, so the singletons are the only cover
    // unless a decoy's items are covered exactly by it; the count is exact.
    let count = solver.count_solutions(Some(2));
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

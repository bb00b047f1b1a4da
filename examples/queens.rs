//! Counts the solutions of the N-queens problem for n = 1 to 12 with
//! `exactcover::problem::classic::queens`, with the nodes and updates each search
//! took, and checks the counts against OEIS A000170.
//!
//! ```sh
//! cargo run --example queens
//! ```
//!
//! (A fraction of a second; the time is printed on standard error.)

use std::time::Instant;

use exactcover::{Solver, problem::classic};

/// OEIS A000170: the number of ways to place n non-attacking queens.
const A000170: [u64; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!(
        "{:>3} {:>10} {:>12} {:>14}",
        "n", "solutions", "nodes", "updates"
    );
    let start = Instant::now();
    for (n, &expected) in (1..=12).zip(A000170.iter()) {
        let mut solver = Solver::new(&classic::queens(n));
        let count = solver.count(None)?;
        let stats = solver.stats();
        println!(
            "{n:>3} {:>10} {:>12} {:>14}",
            count.solutions, stats.nodes, stats.updates
        );
        assert_eq!(count.solutions, expected, "n = {n} disagrees with A000170");
    }
    eprintln!("(all agree with OEIS A000170; {:.2?})", start.elapsed());
    Ok(())
}

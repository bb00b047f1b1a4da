//! Counts the Langford pairings for n = 1 to 12 with
//! `exactcover::problem::classic::langford` and prints one arrangement.
//!
//! Two copies of each of 1..=n are placed in a row of 2n places so that the
//! two copies of k have exactly k numbers between them. Every arrangement is
//! found together with its mirror image, so the counts are twice OEIS
//! A014552 (0, 0, 1, 1, 0, 0, 26, 150, 0, 0, 17792, 108144).
//!
//! ```sh
//! cargo run --example langford
//! ```
//!
//! (About a second, most of it for n = 12; the time is printed on standard
//! error.)

use std::time::Instant;

use exactcover::{Solver, problem::classic};

/// OEIS A014552: Langford pairings up to reversal.
const A014552: [u64; 12] = [0, 0, 1, 1, 0, 0, 26, 150, 0, 0, 17792, 108144];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!(
        "{:>3} {:>10} {:>12} {:>14}",
        "n", "solutions", "nodes", "updates"
    );
    let start = Instant::now();
    for (n, &pairs) in (1..=12).zip(A014552.iter()) {
        let mut solver = Solver::new(&classic::langford(n));
        let count = solver.count(None)?;
        let stats = solver.stats();
        println!(
            "{n:>3} {:>10} {:>12} {:>14}",
            count.solutions, stats.nodes, stats.updates
        );
        assert_eq!(count.solutions, 2 * pairs, "n = {n} disagrees with A014552");
    }
    eprintln!("(all are twice OEIS A014552; {:.2?})", start.elapsed());

    // One arrangement for n = 7: each option is `k sI sJ`.
    let n = 7;
    let problem = classic::langford(n);
    let options = Solver::new(&problem)
        .solution()
        .ok()
        .flatten()
        .unwrap_or_default();
    let mut row = vec![0; 2 * n];
    for option in options {
        let items = problem.option(option).unwrap_or_default();
        // Item k - 1 is the number k; item n + s - 1 is place s.
        let k = items[0] + 1;
        for &place in &items[1..] {
            row[place - n] = k;
        }
    }
    let row: Vec<String> = row.iter().map(usize::to_string).collect();
    println!("n = {n}: {}", row.join(" "));
    Ok(())
}

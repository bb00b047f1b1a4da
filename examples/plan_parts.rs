//! Plans a count over many machines: splits a problem as
//! `exactcover cover --count --part K/N` does (into at least 16 N
//! subproblems, part K taking every N-th), times every part on this
//! machine, and tells what speed-up W workers would get if the parts were
//! handed out longest first (LPT scheduling), with the imbalance.
//!
//! ```sh
//! cargo run --release --example plan_parts -- queens 15 1024
//! cargo run --release --example plan_parts -- pentominoes 6 10 1024
//! ```
//!
//! Prints a Markdown table: workers, makespan, speed-up, efficiency, and
//! the largest part's share of the makespan; then the same after splitting
//! every part that takes over twice the mean into 16 finer parts (which
//! `--split` does for every part at once).

use std::time::Instant;

use exactcover::scale::Part;
use exactcover::{Problem, Solver, problem::classic};

fn problem(args: &[String]) -> Option<(Problem, usize)> {
    let number = |k: usize| args.get(k).and_then(|a| a.parse::<usize>().ok());
    match args.first().map(String::as_str)? {
        "queens" => Some((classic::queens(number(1)?), number(2)?)),
        "langford" => Some((classic::langford(number(1)?), number(2)?)),
        "pentominoes" => Some((
            classic::pentominoes(number(1)?, number(2)?, true),
            number(3)?,
        )),
        _ => None,
    }
}

/// The makespan of LPT scheduling of `times` on `workers` machines.
fn lpt(times: &[f64], workers: usize) -> f64 {
    let mut sorted = times.to_vec();
    sorted.sort_by(|a, b| b.total_cmp(a));
    let mut load = vec![0.0f64; workers];
    for t in sorted {
        let (i, _) = load
            .iter()
            .enumerate()
            .min_by(|a, b| a.1.total_cmp(b.1))
            .expect("at least one worker");
        load[i] += t;
    }
    load.into_iter().fold(0.0, f64::max)
}

fn table(title: &str, times: &[f64]) {
    let total: f64 = times.iter().sum();
    let largest = times.iter().copied().fold(0.0, f64::max);
    println!(
        "\n{title}: {} parts, {total:.2} s in all, the largest {largest:.3} s\n",
        times.len()
    );
    println!("| workers | makespan (s) | speed-up | efficiency | largest part / makespan |");
    println!("|---:|---:|---:|---:|---:|");
    for workers in [16, 64, 256] {
        let span = lpt(times, workers);
        println!(
            "| {workers} | {span:.3} | {:.1}x | {:.0}% | {:.0}% |",
            total / span,
            100.0 * total / span / workers as f64,
            100.0 * largest / span
        );
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((problem, n)) = problem(&args) else {
        eprintln!("usage: plan_parts queens N PARTS | langford N PARTS | pentominoes R C PARTS");
        std::process::exit(2);
    };
    let mut solver = Solver::new(&problem);
    let subs = solver.split(16 * n, 1 << 22);
    let mut part_times = vec![0.0f64; n];
    // Each subproblem's time, for splitting the big parts further.
    let mut sub_times = Vec::with_capacity(subs.len());
    let mut total = 0;
    for (i, sub) in subs.iter().enumerate() {
        solver.clear_selection();
        solver.select_path(sub).expect("a path of this problem");
        let start = Instant::now();
        total += solver.count(None)?.solutions;
        let t = start.elapsed().as_secs_f64();
        sub_times.push(t);
        part_times[i % n] += t;
    }
    println!(
        "{}: {total} solutions, {} subproblems, {n} parts (part K holds subproblems K, K + {n}, ...)",
        args.join(" "),
        subs.len()
    );
    let _ = Part::new(0, n);
    table("Parts as split", &part_times);
    // Parts over twice the mean, split 16 ways by their subproblems' times
    // (as a finer `--split` would).
    let mean = part_times.iter().sum::<f64>() / n as f64;
    let mut finer = Vec::new();
    for (k, &t) in part_times.iter().enumerate() {
        if t > 2.0 * mean {
            let mut pieces = vec![0.0f64; 16];
            for (j, i) in (k..subs.len()).step_by(n).enumerate() {
                pieces[j % 16] += sub_times[i];
            }
            finer.extend(pieces.into_iter().filter(|&p| p > 0.0));
        } else {
            finer.push(t);
        }
    }
    table("Big parts split 16 ways", &finer);
    Ok(())
}

//! The cheapest tiling of a 6x10 rectangle by the twelve pentominoes, each
//! placement given a random cost from 0 to 99: the tutorial's example of
//! minimum-cost covers, and the benchmark against Knuth's DLX5.
//!
//! ```sh
//! cargo run --release --example cheapest_tiling -- [SEED] [K]
//! cargo run --release --example cheapest_tiling -- write [SEED] > cheap.dlx
//! ```
//!
//! The first form prints the `K` cheapest tilings (default 1) of the
//! problem made from `SEED` (default 1), each drawn as its rectangle of
//! piece letters with its cost, and the nodes the search tried; the second
//! writes the problem in Knuth's format with DLX5's costs (`|n` after each
//! option), for `exactcover cover --best K cheap.dlx` and for DLX5 (`dlx5
//! k3 < cheap.dlx` prints the three cheapest costs). The costs come from
//! SplitMix64 seeded with `SEED`, one number per option in order, so the
//! same seed gives the same problem on every machine. The X pentomino is
//! kept in one quarter of the rectangle (`classic::pentominoes(6, 10,
//! true)`), so each of the 2,339 tilings is a different solution.

use std::process::ExitCode;

use exactcover::{Problem, Solver, knuth, problem::classic};

/// One SplitMix64 step: the next number of the sequence from `state`.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The 6x10 pentomino problem with a cost from 0 to 99 on every option.
fn problem(seed: u64) -> Problem {
    let mut problem = classic::pentominoes(6, 10, true);
    let mut state = seed;
    for option in 0..problem.option_count() {
        let cost = splitmix64(&mut state) % 100;
        problem
            .set_option_cost(option, cost)
            .expect("every option exists");
    }
    problem
}

/// The tiling of `options` as rows of piece letters.
fn picture(problem: &Problem, options: &[usize]) -> String {
    let mut cells = [['.'; 10]; 6];
    for &option in options {
        let items = problem.option(option).expect("an option of the problem");
        let piece = problem.item_label(items[0]);
        for &cell in &items[1..] {
            // Cells are items 12.., row by row.
            let (r, c) = ((cell - 12) / 10, (cell - 12) % 10);
            cells[r][c] = piece.chars().next().unwrap_or('?');
        }
    }
    cells
        .iter()
        .map(|row| row.iter().collect::<String>() + "\n")
        .collect()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let write = args.first().is_some_and(|a| a == "write");
    let numbers: Vec<u64> = args
        .iter()
        .skip(usize::from(write))
        .filter_map(|a| a.parse().ok())
        .collect();
    let seed = numbers.first().copied().unwrap_or(1);
    let problem = problem(seed);
    if write {
        let comment = format!("the 6x10 pentominoes, costs 0..99 from seed {seed}");
        if let Err(e) = knuth::write(&problem, &[&comment], std::io::stdout().lock()) {
            eprintln!("cheapest_tiling: {e}");
            return ExitCode::from(2);
        }
        return ExitCode::SUCCESS;
    }
    let k = numbers.get(1).copied().unwrap_or(1) as usize;
    let mut solver = Solver::new(&problem);
    let best = match solver.cheapest(k) {
        Ok(best) => best,
        Err(e) => {
            eprintln!("cheapest_tiling: {e}");
            return ExitCode::from(2);
        }
    };
    for solution in &best.solutions {
        println!("cost {}", solution.cost);
        println!("{}", picture(&problem, &solution.options));
    }
    println!(
        "{} nodes tried (a count of every tiling tries {})",
        solver.stats().nodes,
        {
            let mut all = Solver::new(&problem);
            all.count(None).unwrap_or_else(exactcover::Count::from);
            all.stats().nodes
        }
    );
    ExitCode::SUCCESS
}

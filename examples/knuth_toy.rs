//! Knuth's example from *Dancing Links* (2000): seven items `A` to `G` and six
//! options, with exactly one solution. Prints the problem, the trace of the
//! search (every step, in the names of the input), the solution and the
//! statistics.
//!
//! ```sh
//! cargo run --example knuth_toy
//! ```

use std::error::Error;
use std::ops::ControlFlow;

use exactcover::problem::Labels;
use exactcover::teach::trace::Tracer;
use exactcover::{Solver, knuth};

fn main() -> Result<(), Box<dyn Error>> {
    // The same text as data/knuth-toy.dlx: the item line, then one option a line.
    let text = "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
    let problem = knuth::parse(text)?.problem;

    println!("Items: A B C D E F G (all primary)");
    println!("Options:");
    for option in 0..problem.option_count() {
        println!("  {option}: {}", Labels::option(&problem, option));
    }

    println!();
    println!("The search (indented by level):");
    let mut solver = Solver::new(&problem);
    let mut tracer = Tracer::new(&problem, &problem, String::new());
    let mut solutions = Vec::new();
    solver.visit_observed(&mut tracer, |options| {
        solutions.push(options.to_vec());
        ControlFlow::Continue(())
    });
    print!("{}", tracer.finish()?);

    println!();
    for (k, options) in solutions.iter().enumerate() {
        let names: Vec<String> = options
            .iter()
            .map(|&o| format!("{{{}}}", Labels::option(&problem, o)))
            .collect();
        println!("Solution {}: {}", k + 1, names.join(" "));
    }
    let stats = solver.stats();
    println!(
        "{} solution(s), {} nodes, {} updates",
        stats.solutions, stats.nodes, stats.updates
    );
    Ok(())
}

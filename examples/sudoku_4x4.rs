//! A 4x4 Sudoku translated to exact cover, in full: the 64 items and what
//! they mean, the 64 options and their items, the givens as pre-selected
//! options, then the solution and the trace of the search. The layout is
//! read from the puzzle's `Rules`, which also name the items and options.
//!
//! ```sh
//! cargo run --example sudoku_4x4
//! ```

use std::error::Error;
use std::ops::ControlFlow;

use exactcover::Solver;
use exactcover::problem::Labels;
use exactcover::sudoku::{Grid, ItemMeaning, Rules};
use exactcover::teach::trace::Tracer;

fn main() -> Result<(), Box<dyn Error>> {
    let puzzle: Grid = "1......2..4..3..".parse()?;
    let rules = Rules::classic(puzzle.shape());
    let n = rules.size();
    let problem = rules.problem();
    let labels = &rules;

    println!("The puzzle ({} givens):", puzzle.given_count());
    print!("{puzzle:#}");

    println!();
    println!(
        "{} items, all primary, each to be covered exactly once:",
        problem.item_count()
    );
    for item in 0..problem.item_count() {
        let label = labels.item(item);
        let meaning = match rules.item_meaning(item) {
            Some(ItemMeaning::Filled { cell }) => format!(
                "the cell in row {}, column {} holds a digit",
                cell / n + 1,
                cell % n + 1
            ),
            Some(ItemMeaning::Holds { unit, value }) => {
                format!("{} holds the digit {value}", rules.unit(unit))
            }
            _ => String::from("?"),
        };
        println!("  item {item:>2}  {label:<15} {meaning}");
    }

    println!();
    println!(
        "{} options, one per cell and digit, each covering four items:",
        problem.option_count()
    );
    for option in 0..problem.option_count() {
        let items: Vec<String> = problem
            .option(option)
            .unwrap_or_default()
            .iter()
            .map(|&item| labels.item(item))
            .collect();
        println!("  {}: {}", labels.option(option), items.join(", "));
    }

    let mut solver = Solver::new(&problem);
    let mut givens = Vec::new();
    for row in 0..n {
        for col in 0..n {
            if let Some(value) = puzzle.get(row, col) {
                let option = rules.option_of(row * n + col, value);
                solver.select(option)?;
                givens.push(labels.option(option));
            }
        }
    }
    println!();
    println!("The givens, pre-selected options: {}", givens.join(", "));

    println!();
    println!("The search for the rest (indented by level):");
    let mut tracer = Tracer::new(&problem, labels, String::new()).with_max_lines(60);
    let mut solution = puzzle.clone();
    solver.visit_observed(&mut tracer, |options| {
        for &option in options {
            let (cell, value) = rules.placement(option);
            // The cell exists and the value is in range: this cannot fail.
            let _ = solution.set(cell / n, cell % n, Some(value));
        }
        ControlFlow::Continue(())
    });
    print!("{}", tracer.finish()?);
    let stats = solver.stats();
    println!(
        "{} solution(s), {} nodes, {} updates",
        stats.solutions, stats.nodes, stats.updates
    );

    println!();
    println!("The solution:");
    print!("{solution:#}");
    Ok(())
}

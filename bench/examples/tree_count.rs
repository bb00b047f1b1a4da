//! Counts the solutions of one problem in Knuth's format with the search
//! tree asked for, as one whole process: the probe behind the abort's
//! figures of issue 33 (docs/performance.md), paired with Knuth's DLX1 and
//! SSXC1 by `bench/tree_pairs.sh` without touching the binary.
//!
//! ```sh
//! cargo run -p exactcover-bench --release --example tree_count -- dlx1|abort FILE
//! cargo run -p exactcover-bench --release --example tree_count -- write NAME > FILE
//! ```
//!
//! `dlx1` or `abort` counts the problem of `FILE` (`-` or `/dev/stdin`:
//! standard input) with `Tree::Dlx1` or `Tree::Abort` and prints the count,
//! the nodes, the aborts and the updates on standard error (as Knuth's
//! programs report on it). `write NAME` writes a classic problem in Knuth's
//! format: `queens-N`, `langford-N`, `dominoes-RxC`, `pentominoes-RxC`
//! (X in a quarter) or `pentominoes-all-RxC`.

use std::error::Error;
use std::io::{self, BufReader, Read};

use exactcover::problem::classic;
use exactcover::{Problem, Solver, Tree, knuth};

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: tree_count dlx1|abort FILE | tree_count write NAME";
    let (Some(what), Some(arg)) = (args.first(), args.get(1)) else {
        return Err(usage.into());
    };
    let tree = match what.as_str() {
        "dlx1" => Tree::Dlx1,
        "abort" => Tree::Abort,
        "write" => {
            return Ok(knuth::write(
                &classic_problem(arg)?,
                &[],
                io::stdout().lock(),
            )?);
        }
        _ => return Err(usage.into()),
    };
    let mut text = String::new();
    if arg == "-" {
        io::stdin().read_to_string(&mut text)?;
    } else {
        BufReader::new(std::fs::File::open(arg)?).read_to_string(&mut text)?;
    }
    let problem = knuth::parse(&text)?.problem;
    let mut solver = Solver::new(&problem);
    solver.set_tree(tree)?;
    let count = solver.count(None)?;
    let stats = solver.stats();
    eprintln!(
        "{} solutions, {} nodes, {} aborts, {} updates, max depth {}",
        count.solutions,
        stats.nodes,
        solver.aborts(),
        stats.updates,
        stats.max_depth
    );
    Ok(())
}

/// The classic problem `name` names (module documentation).
fn classic_problem(name: &str) -> Result<Problem, Box<dyn Error>> {
    let (family, size) = name.rsplit_once('-').ok_or("NAME is FAMILY-SIZE")?;
    let dims = |s: &str| -> Result<(usize, usize), Box<dyn Error>> {
        let (r, c) = s.split_once('x').ok_or("SIZE is RxC")?;
        Ok((r.parse()?, c.parse()?))
    };
    Ok(match family {
        "queens" => classic::queens(size.parse()?),
        "langford" => classic::langford(size.parse()?),
        "dominoes" => {
            let (r, c) = dims(size)?;
            classic::dominoes(r, c)
        }
        "pentominoes" => {
            let (r, c) = dims(size)?;
            classic::pentominoes(r, c, true)
        }
        "pentominoes-all" => {
            let (r, c) = dims(size)?;
            classic::pentominoes(r, c, false)
        }
        _ => return Err(format!("no classic problem {name}").into()),
    })
}

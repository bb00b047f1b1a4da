//! Writes one of the classic problems of `exactcover::problem::classic` in Knuth's
//! format, for the command line (`exactcover cover`, `split`) and for other
//! DLX solvers.
//!
//! ```sh
//! cargo run --release --example write_problem -- queens 13 > queens13.dlx
//! cargo run --release --example write_problem -- langford 12 > langford12.dlx
//! cargo run --release --example write_problem -- pentominoes 6 10 > pent6x10.dlx
//! cargo run --release --example write_problem -- sudoku 6 > sudoku6x6.dlx
//! cargo run --release --example write_problem -- tetrominoes 5 8 2 > tetro5x8.dlx3
//! ```
//!
//! Pentominoes keep the X in one quarter of the box (each tiling counted
//! once up to symmetry: 2,339 for 6x10); `sudoku N` is the empty N x N grid
//! (28,200,960 grids for 6x6); `tetrominoes ROWS COLS K` is K copies of
//! each tetromino as DLX3's multiplicities (3,106 tilings for 5x8 and 2
//! copies), `tetromino-copies ROWS COLS K` the same with the copies numbered
//! (each tiling counted K!^5 times).

use std::io::{self, Write};
use std::process::ExitCode;

use exactcover::{knuth, problem::classic};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |k: usize| args.get(k).and_then(|a| a.parse::<usize>().ok());
    let problem = match (args.first().map(String::as_str), number(1), number(2)) {
        (Some("queens"), Some(n), _) => classic::queens(n),
        (Some("langford"), Some(n), _) => classic::langford(n),
        (Some("pentominoes"), Some(r), Some(c)) => classic::pentominoes(r, c, true),
        (Some("tetrominoes" | "tetromino-copies"), Some(r), Some(c)) => {
            let Some(k) = args.get(3).and_then(|a| a.parse::<u32>().ok()) else {
                eprintln!("usage: write_problem {} ROWS COLS COPIES", args[0]);
                return ExitCode::from(2);
            };
            if args[0] == "tetrominoes" {
                classic::tetrominoes(r, c, k)
            } else {
                classic::tetromino_copies(r, c, k)
            }
        }
        (Some("sudoku"), Some(n), _) => match exactcover::sudoku::Shape::for_size(n) {
            Ok(shape) => exactcover::sudoku::Rules::classic(shape).problem(),
            Err(e) => {
                eprintln!("no Sudoku of size {n}: {e}");
                return ExitCode::from(2);
            }
        },
        _ => {
            eprintln!(
                "usage: write_problem queens N | langford N | pentominoes ROWS COLS | sudoku N \
                 | tetrominoes ROWS COLS K | tetromino-copies ROWS COLS K"
            );
            return ExitCode::from(2);
        }
    };
    let comment = format!("exactcover::problem::classic: {}", args.join(" "));
    let mut out = io::BufWriter::new(io::stdout().lock());
    match knuth::write(&problem, &[&comment], &mut out).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("write_problem: {e}");
            ExitCode::from(2)
        }
    }
}

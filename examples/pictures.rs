//! Writes the pictures of the tutorial (`docs/exact-cover.md`) into the
//! folder it is given, else the current one (nowhere else). The tutorial's
//! copies are regenerated from the crate's root with
//!
//! ```sh
//! cargo run --example pictures -- docs/images
//! ```
//!
//! It draws Knuth's toy matrix (with its solution) and its search tree, the
//! matrix of four queens (primary and secondary items) and the search tree of
//! Langford pairs for n = 3, and shows that the matrix of a 4x4 Sudoku is
//! refused as too large to draw.

use std::error::Error;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use exactcover::teach::svg;
use exactcover::{Solver, knuth, problem::classic, sudoku};

fn write(path: &Path, svg: &str) -> Result<(), Box<dyn Error>> {
    fs::write(path, svg)?;
    println!("wrote {} ({} bytes)", path.display(), svg.len());
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = match args.as_slice() {
        // The current folder: the files' names alone.
        [] => PathBuf::new(),
        [dir] if !dir.starts_with('-') => PathBuf::from(dir),
        _ => {
            eprintln!("usage: pictures [DIR] (default: the current folder)");
            return ExitCode::from(2);
        }
    };
    match draw(&dir) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pictures: {e}");
            ExitCode::FAILURE
        }
    }
}

fn draw(dir: &Path) -> Result<(), Box<dyn Error>> {
    if !dir.as_os_str().is_empty() {
        fs::create_dir_all(dir)?;
    }

    let toy = knuth::parse(include_str!("../data/knuth-toy.dlx"))?.problem;
    let solution = Solver::new(&toy).solution()?.unwrap_or_default();
    write(&dir.join("toy-matrix.svg"), &svg::matrix(&toy, &solution)?)?;
    write(
        &dir.join("toy-search-tree.svg"),
        &svg::search_tree(&toy, 100)?,
    )?;

    let queens = classic::queens(4);
    let first = Solver::new(&queens).solution()?.unwrap_or_default();
    write(
        &dir.join("queens4-matrix.svg"),
        &svg::matrix(&queens, &first)?,
    )?;
    write(
        &dir.join("queens4-search-tree.svg"),
        &svg::search_tree(&queens, 100)?,
    )?;

    let langford = classic::langford(3);
    write(
        &dir.join("langford3-search-tree.svg"),
        &svg::search_tree(&langford, 100)?,
    )?;

    let four = sudoku::Rules::classic(sudoku::Shape::for_size(4)?).problem();
    match svg::matrix(&four, &[]) {
        Ok(_) => println!("the 4x4 Sudoku matrix was drawn (unexpected)"),
        Err(e) => println!("4x4 Sudoku matrix not drawn: {e}"),
    }
    Ok(())
}

//! Writes the pictures of the tutorial (`docs/exact-cover.md`) into
//! `docs/images/`: run it from the crate's root with
//!
//! ```sh
//! cargo run --example pictures
//! ```
//!
//! It draws Knuth's toy matrix (with its solution) and its search tree, the
//! matrix of four queens (primary and secondary items) and the search tree of
//! Langford pairs for n = 3, and shows that the matrix of a 4x4 Sudoku is
//! refused as too large to draw.

use std::error::Error;
use std::fs;
use std::path::Path;

use exactcover::teach::svg;
use exactcover::{Solver, knuth, problem::classic, sudoku};

fn write(path: &Path, svg: &str) -> Result<(), Box<dyn Error>> {
    fs::write(path, svg)?;
    println!("wrote {} ({} bytes)", path.display(), svg.len());
    Ok(())
}

fn main() -> Result<(), Box<dyn Error>> {
    let dir = Path::new("docs/images");
    fs::create_dir_all(dir)?;

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

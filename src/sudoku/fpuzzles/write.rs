//! Writing a puzzle as f-puzzles JSON: [`FPuzzle::new`] and
//! [`FPuzzle::to_json`].

use std::sync::Arc;

use serde_json::{Map, Value, json};

use crate::sudoku::fpuzzles::FPuzzle;
use crate::sudoku::grid::Grid;
use crate::sudoku::ruled::RuledGrid;
use crate::sudoku::rules::{Rules, Unit};
use crate::sudoku::shape::Shape;

impl FPuzzle {
    /// The f-puzzles form of a puzzle: its grid of givens and its rules,
    /// whatever they are (f-puzzles can say every rule this crate solves).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use exactcover::sudoku::{FPuzzle, Grid, RuledGrid, Rules};
    ///
    /// let grid: Grid = "1...............".parse()?;
    /// let rules = Arc::new(Rules::classic(grid.shape()).with_anti_knight());
    /// let puzzle = FPuzzle::new(RuledGrid::new(&rules, &grid)?);
    /// assert!(puzzle.rules().is_anti_knight());
    /// assert_eq!(puzzle.grid(), &grid);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(puzzle: RuledGrid<'_>) -> FPuzzle {
        FPuzzle {
            grid: puzzle.grid().clone(),
            rules: match puzzle.shared_rules() {
                Some(rules) => Arc::clone(rules),
                None => Arc::new(Rules::classic(puzzle.grid().shape())),
            },
            title: None,
            ignored: Vec::new(),
        }
    }

    /// The puzzle as f-puzzles JSON, on one line, which [`FPuzzle::parse`]
    /// reads back as the same puzzle: `size`, the `grid` (givens as `value`
    /// with `given: true`; a `region` in every cell when the regions are
    /// not the boxes f-puzzles gives its size: a jigsaw, or boxes of
    /// another shape such as 3x2), `diagonal-` and `diagonal+`,
    /// `antiknight`, `antiking`, `killercage` (with the sum as `value`),
    /// and `extraregion` (extra regions, and the windows of windoku); the
    /// title, if any. The keys come in alphabetical order.
    ///
    /// ```
    /// use exactcover::sudoku::{FPuzzle, SudokuSolver};
    /// let json = r#"{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
    ///               "diagonal+":true,"killercage":[{"cells":["R1C2","R1C3"],"value":"5"}]}"#;
    /// let puzzle = FPuzzle::parse(json)?;
    /// let again = FPuzzle::parse(&puzzle.to_json())?;
    /// assert_eq!(again.grid(), puzzle.grid());
    /// assert_eq!(again.rules(), puzzle.rules());
    /// # Ok::<(), exactcover::sudoku::FPuzzlesError>(())
    /// ```
    #[must_use]
    pub fn to_json(&self) -> String {
        let rules = &*self.rules;
        let n = rules.size();
        let mut top = Map::new();
        top.insert("size".into(), json!(n));
        top.insert("grid".into(), grid_json(&self.grid, rules));
        let mut extra = Vec::new();
        for (u, unit) in rules.units().enumerate() {
            match unit {
                Unit::Diagonal(0) => _ = top.insert("diagonal-".into(), json!(true)),
                Unit::Diagonal(_) => _ = top.insert("diagonal+".into(), json!(true)),
                Unit::Window(_) | Unit::Extra(_) => {
                    extra.push(json!({ "cells": cells_json(rules.unit_cells(u), n) }));
                }
                _ => {}
            }
        }
        if rules.is_anti_knight() {
            top.insert("antiknight".into(), json!(true));
        }
        if rules.is_anti_king() {
            top.insert("antiking".into(), json!(true));
        }
        if !extra.is_empty() {
            top.insert("extraregion".into(), Value::Array(extra));
        }
        let cages: Vec<Value> = rules
            .cages()
            .iter()
            .map(|cage| {
                let cells = cells_json(cage.cells.iter().copied(), n);
                match cage.sum {
                    Some(sum) => json!({ "cells": cells, "value": sum.to_string() }),
                    None => json!({ "cells": cells }),
                }
            })
            .collect();
        if !cages.is_empty() {
            top.insert("killercage".into(), Value::Array(cages));
        }
        if let Some(title) = &self.title {
            top.insert("title".into(), json!(title));
        }
        Value::Object(top).to_string()
    }
}

/// The `grid` of a puzzle: its givens, and each cell's region when the
/// regions are not the boxes of [`Shape::for_size`].
fn grid_json(grid: &Grid, rules: &Rules) -> Value {
    let n = rules.size();
    let regions = regions(rules);
    let rows = (0..n)
        .map(|r| {
            let cells = (0..n)
                .map(|c| {
                    let mut cell = Map::new();
                    if let Some(v) = grid.get(r, c) {
                        cell.insert("value".into(), json!(v));
                        cell.insert("given".into(), json!(true));
                    }
                    if let Some(regions) = &regions {
                        cell.insert("region".into(), json!(regions[r * n + c]));
                    }
                    Value::Object(cell)
                })
                .collect();
            Value::Array(cells)
        })
        .collect();
    Value::Array(rows)
}

/// The region of each cell, when the regions are not the boxes f-puzzles
/// gives a grid of this size (a jigsaw, or boxes of another shape).
fn regions(rules: &Rules) -> Option<Vec<usize>> {
    let n = rules.size();
    let mut map = vec![0; n * n];
    let mut boxes_of_the_size = true;
    let usual = Shape::for_size(n).ok();
    for (u, unit) in rules.units().enumerate() {
        let k = match unit {
            Unit::Region(k) => {
                boxes_of_the_size = false;
                k
            }
            Unit::Box(k) => k,
            _ => continue,
        };
        for cell in rules.unit_cells(u) {
            map[cell] = k;
        }
    }
    if boxes_of_the_size && usual == Some(rules.shape()) {
        return None;
    }
    Some(map)
}

/// Cells as f-puzzles names them, `R1C1` to `RnCn`.
fn cells_json(cells: impl Iterator<Item = usize>, n: usize) -> Value {
    cells
        .map(|k| Value::String(format!("R{}C{}", k / n + 1, k % n + 1)))
        .collect()
}

//! Sudoku.

//! Making puzzles: exactcover's `Generator` against the `sudoku` crate's
//! `Sudoku::generate` (both: 9x9, 180-degree symmetry, minimal in that no
//! symmetric pair of clues can go), in the same run, and exactcover's
//! 16x16 minimal puzzles (no peer makes them).
//!
//! `cargo bench -p exactcover-bench --bench generate`

use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use exactcover::sudoku::{Generator, Shape, Symmetry};

fn main() {
    let mut c = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(8))
        .configure_from_args();

    let nine = Generator::for_shape(Shape::for_size(9).expect("9x9"))
        .with_seed(1)
        .with_symmetry(Symmetry::Rot180);
    let mut group = c.benchmark_group("generate 9x9 rot180 minimal");
    let mut i = 0u64;
    group.bench_function("exactcover", |b| {
        b.iter(|| {
            i += 1;
            black_box(nine.generate(i).expect("a puzzle"))
        })
    });
    group.bench_function("sudoku", |b| {
        b.iter(|| black_box(sudoku::Sudoku::generate()))
    });
    group.finish();

    let sixteen = Generator::for_shape(Shape::for_size(16).expect("16x16")).with_seed(1);
    let mut group = c.benchmark_group("generate 16x16 minimal");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    let mut i = 0u64;
    group.bench_function("exactcover", |b| {
        b.iter(|| {
            i += 1;
            black_box(sixteen.generate(i).expect("a puzzle"))
        })
    });
    group.finish();
    c.final_summary();
}

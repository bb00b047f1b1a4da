//! How fast and how close to Sudoku Explainer `sudoku::rate` (the grade of
//! `exactcover grade`) is, per band of published rating: the benchmark and
//! the rank correlations of docs/logic.md ("Grading speed by band").
//!
//! ```sh
//! cargo run --release --example rate_bands -- [STRIDE] [HARDEST] [OUT.tsv]
//! ```
//!
//! Rates, on one thread, every `STRIDE`-th (default 1) puzzle of the two
//! rated files of `data/` (`se-rated-sample.txt` and
//! `se-rated-diabolical.txt`: Sukaku Explainer's published ratings, 1.2 to
//! 9.3), timing each `rate` call (uniqueness check and logic; the CPU time
//! of the thread on Linux, else wall time), and prints
//! per band of published rating (1.0-4.9, 5.0-6.9, 7.0-9.9) the puzzles,
//! the median and 99th percentile time per puzzle in milliseconds, and
//! Spearman's rank correlation of the score with the published rating
//! (ties share their mean rank), then the same over all of them.
//! `HARDEST` (default 20) puzzles spread evenly over the forum's hardest
//! list (`../shared/data/puzzles/puzzles5_forum_hardest_1905_11+`, all
//! rated above 11 by Sudoku Explainer) and Norvig's top95 (`data/`) are
//! timed too, with the median score of each: the hardest list should
//! score above top95. `OUT.tsv` gets one line a puzzle (set, id,
//! published rating, score, hardest technique, steps, microseconds), so
//! that two builds can be compared for the same grades.
//!
//! Without the shared sets the hardest band is left out.

use std::error::Error;
use std::fmt::Write as _;
use std::time::Instant;

use exactcover::Budget;
use exactcover::sudoku::{Grid, rate};

/// A puzzle, its set, its id and its published rating (`NaN` if none).
struct Rated {
    set: &'static str,
    id: String,
    grid: Grid,
    published: f64,
}

fn read_rated(name: &'static str) -> Result<Vec<Rated>, Box<dyn Error>> {
    let path = format!("{}/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for line in std::fs::read_to_string(&path)?.lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.len() != 3 {
            return Err(format!("{path}: not `id puzzle rating`: {line}").into());
        }
        out.push(Rated {
            set: "se",
            id: fields[0].to_string(),
            grid: fields[1].parse()?,
            published: fields[2].parse()?,
        });
    }
    Ok(out)
}

/// `count` puzzles spread evenly over the lines of `path`, or none if it
/// cannot be read.
fn read_spread(path: &str, set: &'static str, count: usize) -> Vec<Rated> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
    let step = (lines.len() / count.max(1)).max(1);
    lines
        .iter()
        .enumerate()
        .step_by(step)
        .take(count)
        .filter_map(|(i, l)| {
            Some(Rated {
                set,
                id: format!("line{}", i + 1),
                grid: l.parse().ok()?,
                published: f64::NAN,
            })
        })
        .collect()
}

/// The CPU time this thread has run, in nanoseconds (Linux's
/// `/proc/thread-self/schedstat`), so that a loaded machine's waiting does
/// not count; `None` elsewhere (wall time is used then).
fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Spearman's rank correlation (ties share their mean rank).
fn spearman(a: &[f64], b: &[f64]) -> f64 {
    fn ranks(x: &[f64]) -> Vec<f64> {
        let mut order: Vec<usize> = (0..x.len()).collect();
        order.sort_by(|&i, &j| x[i].total_cmp(&x[j]));
        let mut r = vec![0.0; x.len()];
        let mut i = 0;
        while i < order.len() {
            let mut j = i;
            while j + 1 < order.len() && x[order[j + 1]] == x[order[i]] {
                j += 1;
            }
            for &k in &order[i..=j] {
                r[k] = (i + j) as f64 / 2.0;
            }
            i = j + 1;
        }
        r
    }
    let (ra, rb) = (ranks(a), ranks(b));
    let n = a.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}

/// The `q`-quantile of sorted `x` (nearest rank).
fn quantile(x: &[f64], q: f64) -> f64 {
    if x.is_empty() {
        return f64::NAN;
    }
    let rank = ((q * x.len() as f64).ceil() as usize).clamp(1, x.len());
    x[rank - 1]
}

/// One band's line: puzzles, median and p99 in ms, Spearman.
fn report(name: &str, rows: &[(&Rated, f64, f64)]) {
    let mut times: Vec<f64> = rows.iter().map(|r| r.2).collect();
    times.sort_by(f64::total_cmp);
    let mut scores: Vec<f64> = rows.iter().map(|r| r.1).collect();
    let rho = if rows.iter().all(|r| r.0.published.is_finite()) && rows.len() > 2 {
        let published: Vec<f64> = rows.iter().map(|r| r.0.published).collect();
        format!("{:.3}", spearman(&scores, &published))
    } else {
        "-".to_string()
    };
    scores.sort_by(f64::total_cmp);
    println!(
        "{name:<10} {:>5} {:>10.1} {:>10.1} {:>10.1} {:>8} {:>8.1}",
        rows.len(),
        quantile(&times, 0.5),
        quantile(&times, 0.99),
        times.iter().sum::<f64>() / times.len().max(1) as f64,
        rho,
        quantile(&scores, 0.5),
    );
}

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stride: usize = args.first().map_or(Ok(1), |a| a.parse())?;
    let hardest: usize = args.get(1).map_or(Ok(20), |a| a.parse())?;
    let out = args.get(2);
    let mut puzzles = read_rated("se-rated-sample.txt")?;
    let mut seen: std::collections::HashSet<String> =
        puzzles.iter().map(|p| p.id.clone()).collect();
    for p in read_rated("se-rated-diabolical.txt")? {
        if seen.insert(p.id.clone()) {
            puzzles.push(p);
        }
    }
    let mut puzzles: Vec<Rated> = puzzles.into_iter().step_by(stride.max(1)).collect();
    let shared = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/puzzles");
    puzzles.extend(read_spread(
        &format!("{shared}/puzzles5_forum_hardest_1905_11+"),
        "hardest",
        hardest,
    ));
    puzzles.extend(read_spread(
        concat!(env!("CARGO_MANIFEST_DIR"), "/data/top95.txt"),
        "top95",
        hardest,
    ));
    let mut rows = Vec::new();
    let mut tsv = String::new();
    for p in &puzzles {
        let start = Instant::now();
        let cpu = thread_cpu_ns();
        let rating = rate(&p.grid, &Budget::new()).map_err(|e| format!("{}: {e}", p.id))?;
        let ms = match (cpu, thread_cpu_ns()) {
            (Some(a), Some(b)) => (b - a) as f64 / 1e6,
            _ => start.elapsed().as_secs_f64() * 1000.0,
        };
        let hardest = rating
            .hardest
            .map_or_else(|| "-".to_string(), |t| t.to_string());
        writeln!(
            tsv,
            "{}\t{}\t{}\t{}\t{}\t{}\t{:.0}",
            p.set,
            p.id,
            p.published,
            rating.score,
            hardest,
            rating.steps,
            ms * 1000.0
        )?;
        rows.push((p, rating.score, ms));
    }
    if let Some(out) = out {
        std::fs::write(out, tsv)?;
    }
    println!(
        "{:<10} {:>5} {:>10} {:>10} {:>10} {:>8} {:>8}",
        "band", "n", "median ms", "p99 ms", "mean ms", "spearman", "score"
    );
    let band = |lo: f64, hi: f64| -> Vec<(&Rated, f64, f64)> {
        rows.iter()
            .filter(|r| r.0.set == "se" && r.0.published >= lo && r.0.published < hi)
            .copied()
            .collect()
    };
    report("SE 1-4", &band(0.0, 5.0));
    report("SE 5-6", &band(5.0, 7.0));
    report("SE 7-9", &band(7.0, 10.0));
    report("SE all", &band(0.0, 100.0));
    for set in ["hardest", "top95"] {
        let of: Vec<_> = rows.iter().filter(|r| r.0.set == set).copied().collect();
        if !of.is_empty() {
            report(set, &of);
        }
    }
    Ok(())
}

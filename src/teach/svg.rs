//! Pictures of the matrix and of the search tree, as SVG.
//!
//! * [`matrix`] draws a small problem as Knuth draws his dancing-links
//!   figures: the items as columns under their headers, the options as rows,
//!   a node wherever an option contains an item, the vertical links of every
//!   item's list and the horizontal links of every option, with the options of
//!   a solution highlighted.
//! * [`search_tree`] runs the search and draws its tree: one box per option
//!   tried, naming it and the item chosen next, solutions and dead ends marked.
//!
//! Both build plain strings of SVG 1.1 (no dependencies; text escaped) and
//! refuse with [`TooLarge`], rather than draw an unreadable picture, a problem
//! of more than [`MAX_ITEMS`] items or [`MAX_OPTIONS`] options, or a tree of
//! more nodes than asked for.
//!
//! ```
//! use exactcover::teach::svg;
//! use exactcover::{Solver, knuth};
//!
//! let text = "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";
//! let toy = knuth::parse(text)?.problem;
//! let solution = Solver::new(&toy).solution()?.unwrap_or_default();
//! let picture = svg::matrix(&toy, &solution)?;
//! assert!(picture.starts_with("<?xml") && picture.trim_end().ends_with("</svg>"));
//! let tree = svg::search_tree(&toy, 100)?;
//! assert_eq!(tree.matches("class=\"node").count(), 6); // the root and 5 options tried
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::{self, Write as _};

use crate::problem::Labels;
use crate::problem::Problem;
use crate::teach::tree::{Outcome, SearchTree, TooManyNodes};
use crate::util::xml::escape;

/// The most items [`matrix`] draws.
///
/// ```
/// let mut wide = exactcover::Problem::new();
/// wide.add_primary_items(exactcover::teach::svg::MAX_ITEMS + 1);
/// assert!(exactcover::teach::svg::matrix(&wide, &[]).is_err());
/// ```
pub const MAX_ITEMS: usize = 30;
/// The most options [`matrix`] draws.
///
/// ```
/// let mut tall = exactcover::Problem::new();
/// tall.add_primary_items(1);
/// for _ in 0..=exactcover::teach::svg::MAX_OPTIONS {
///     tall.add_option([0])?;
/// }
/// assert!(exactcover::teach::svg::matrix(&tall, &[]).is_err());
/// # Ok::<(), exactcover::ProblemError>(())
/// ```
pub const MAX_OPTIONS: usize = 60;

/// A problem or a search tree too large to draw readably.
///
/// ```
/// use exactcover::teach::svg::{self, TooLarge};
///
/// // Eight queens: 46 items (8 ranks, 8 files, 30 diagonals), 64 options.
/// let queens = exactcover::problem::classic::queens(8);
/// let err = svg::matrix(&queens, &[]).unwrap_err();
/// assert_eq!(err, TooLarge::Matrix { items: 46, options: 64 });
/// assert_eq!(
///     err.to_string(),
///     "too large to draw: 46 items and 64 options (at most 30 items and 60 options)"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TooLarge {
    /// The matrix has more than [`MAX_ITEMS`] items or [`MAX_OPTIONS`] options.
    Matrix {
        /// The problem's items.
        items: usize,
        /// The problem's options.
        options: usize,
    },
    /// The search tree has more nodes (options tried) than allowed.
    Tree {
        /// The most nodes allowed (the root not counted).
        max_nodes: usize,
    },
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TooLarge::Matrix { items, options } => write!(
                f,
                "too large to draw: {items} items and {options} options \
                 (at most {MAX_ITEMS} items and {MAX_OPTIONS} options)"
            ),
            TooLarge::Tree { max_nodes } => write!(
                f,
                "too large to draw: the search tree has more than {max_nodes} nodes"
            ),
        }
    }
}

impl std::error::Error for TooLarge {}

impl From<TooManyNodes> for TooLarge {
    fn from(e: TooManyNodes) -> TooLarge {
        TooLarge::Tree {
            max_nodes: e.max_nodes,
        }
    }
}

/// `count` and the noun, plural unless `count` is 1: "1 solution", "2 dead ends".
fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("{count} {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// The width, in pixels, of `chars` characters of the monospaced font at
/// 12 pixels.
fn text_width(chars: usize) -> f64 {
    7.2 * chars as f64
}

const FONT: &str = "DejaVu Sans Mono, Menlo, Consolas, monospace";

/// The start of a document of `width` x `height` pixels.
fn open(out: &mut String, width: f64, height: f64, title: &str) {
    let _ = write!(
        out,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" \
         width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\" \
         font-family=\"{FONT}\" font-size=\"12\">\n\
         <title>{}</title>\n\
         <rect x=\"0\" y=\"0\" width=\"{width:.0}\" height=\"{height:.0}\" fill=\"#ffffff\"/>\n",
        escape(title)
    );
}

/// Text with its anchor (`start`, `middle`, `end`).
fn text(out: &mut String, x: f64, y: f64, anchor: &str, extra: &str, content: &str) {
    let _ = writeln!(
        out,
        "<text x=\"{x:.1}\" y=\"{y:.1}\" text-anchor=\"{anchor}\"{extra}>{}</text>",
        escape(content)
    );
}

fn line(out: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64), style: &str) {
    let _ = writeln!(
        out,
        "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" {style}/>"
    );
}

const INK: &str = "#1f3a5f";
const SECONDARY_INK: &str = "#7a7a7a";
const CHOSEN_FILL: &str = "#f28e1c";
const CHOSEN_BAND: &str = "#fde9b8";

/// Draws the exact-cover matrix of `problem` in the manner of Knuth's
/// dancing-links figures, the options `chosen` (a solution, say)
/// highlighted.
///
/// Items are columns, primary ones first, each under its header; the
/// headers of the primary items are linked in a list with the root, those
/// of the secondary items (drawn dashed and grey) in a list of their own.
/// Options are rows, numbered on the left and spelled out on the right. A
/// square marks each item of an option; the vertical lines are the links
/// of an item's list, the horizontal lines those of an option. The lists
/// are circular: an arrow leaving at the bottom (or the right) comes back
/// at the top (or the left).
///
/// # Errors
///
/// [`TooLarge::Matrix`] when the problem has more than [`MAX_ITEMS`] items
/// or [`MAX_OPTIONS`] options. Numbers in `chosen` that are not options are
/// ignored.
///
/// ```
/// use exactcover::teach::svg;
/// use exactcover::Problem;
///
/// let mut problem = Problem::new();
/// problem.add_primary("a<b")?;
/// problem.add_secondary("x")?;
/// problem.add_named_option(["a<b", "x"])?;
/// problem.add_named_option(["a<b"])?;
/// let picture = svg::matrix(&problem, &[1])?;
/// assert!(picture.contains(">a&lt;b</text>"));
/// assert_eq!(picture.matches("class=\"chosen\"").count(), 1);
/// assert_eq!(picture.matches("<svg").count(), picture.matches("</svg>").count());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn matrix(problem: &Problem, chosen: &[usize]) -> Result<String, TooLarge> {
    matrix_labelled(problem, problem, chosen)
}

/// [`matrix`], with the items and options named by `labels` (a Sudoku's
/// `r1c3` and `row 1 has 3`, say) rather than by the problem.
///
/// # Errors
///
/// As [`matrix`].
///
/// ```
/// use exactcover::problem::FnLabels;
///
/// let mut problem = exactcover::Problem::new();
/// problem.add_primary_items(2);
/// problem.add_option([0, 1])?;
/// let labels = FnLabels::new(|i| format!("cell {i}"), |o| format!("move {o}"));
/// let picture = exactcover::teach::svg::matrix_labelled(&problem, &labels, &[0])?;
/// assert!(picture.contains(">cell 1</text>") && picture.contains(">move 0</text>"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn matrix_labelled(
    problem: &Problem,
    names: &impl Labels,
    chosen: &[usize],
) -> Result<String, TooLarge> {
    let (items, options) = (problem.item_count(), problem.option_count());
    if items > MAX_ITEMS || options > MAX_OPTIONS {
        return Err(TooLarge::Matrix { items, options });
    }
    let labels: Vec<String> = (0..items).map(|i| names.item(i)).collect();
    let option_text: Vec<String> = (0..options).map(|o| names.option(o)).collect();
    let is_chosen = |o: usize| chosen.contains(&o);

    // Columns: the root, the primary items; then a gap, the head of the
    // secondary list, the secondary items.
    let longest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let col_w = (text_width(longest) + 14.0).max(40.0);
    let pad = 16.0;
    let number_w = text_width(options.saturating_sub(1).to_string().len()) + 12.0;
    let root_x = pad + number_w + col_w / 2.0;
    let primary: Vec<usize> = (0..items).filter(|&i| problem.is_primary(i)).collect();
    let secondary: Vec<usize> = (0..items).filter(|&i| !problem.is_primary(i)).collect();
    let mut column_x = vec![0.0; items];
    for (k, &i) in primary.iter().enumerate() {
        column_x[i] = root_x + (k + 1) as f64 * col_w;
    }
    let last_primary_x = root_x + primary.len() as f64 * col_w;
    let second_root_x = last_primary_x + 2.0 * col_w;
    for (k, &i) in secondary.iter().enumerate() {
        column_x[i] = second_root_x + (k + 1) as f64 * col_w;
    }
    let last_x = if secondary.is_empty() {
        last_primary_x
    } else {
        second_root_x + secondary.len() as f64 * col_w
    };
    let options_w = option_text
        .iter()
        .map(|t| text_width(t.chars().count()))
        .fold(0.0, f64::max);
    let text_x = last_x + col_w / 2.0 + 18.0;
    let legend = [
        "Every list is circular: a link that leaves at the bottom comes back",
        "at the top, and one that leaves on the right comes back on the left.",
    ];
    let legend_w = text_width(legend[0].len()) * 11.0 / 12.0;
    let width = (text_x + options_w + pad).max(pad * 2.0 + legend_w);

    let row_h = 24.0;
    let header_h = 20.0;
    let header_y = pad + 28.0; // centre of the header row
    let row_y = |o: usize| header_y + 36.0 + o as f64 * row_h;
    let bottom_y = row_y(options) - row_h / 2.0 + 12.0;
    let legend_y = bottom_y + 26.0;
    let height = legend_y + 56.0;

    let mut out = String::new();
    open(
        &mut out,
        width,
        height,
        &format!("exact-cover matrix: {items} items, {options} options"),
    );
    out.push_str("<defs>");
    for (id, colour) in [("ec-arrow", INK), ("ec-arrow-secondary", SECONDARY_INK)] {
        let _ = write!(
            out,
            "<marker id=\"{id}\" viewBox=\"0 0 8 8\" refX=\"7\" refY=\"4\" \
             markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">\
             <path d=\"M0,0 L8,4 L0,8 z\" fill=\"{colour}\"/></marker>"
        );
    }
    out.push_str("</defs>\n");

    // The bands of the chosen options, under everything else.
    let band_left = pad;
    let band_right = width - pad;
    for o in (0..options).filter(|&o| is_chosen(o)) {
        let _ = writeln!(
            out,
            "<rect class=\"chosen\" x=\"{band_left:.1}\" y=\"{:.1}\" width=\"{:.1}\" \
             height=\"{:.1}\" rx=\"4\" fill=\"{CHOSEN_BAND}\"/>",
            row_y(o) - row_h / 2.0 + 2.0,
            band_right - band_left,
            row_h - 4.0
        );
    }

    // The vertical links: the header, its options, and the wrap around.
    let mut column_rows: Vec<Vec<usize>> = vec![Vec::new(); items];
    for (o, option) in problem.options().enumerate() {
        for &i in option {
            column_rows[i].push(o);
        }
    }
    for i in 0..items {
        let x = column_x[i];
        let style = if problem.is_primary(i) {
            format!("stroke=\"{INK}\" stroke-width=\"1.2\"")
        } else {
            format!("stroke=\"{SECONDARY_INK}\" stroke-width=\"1.2\" stroke-dasharray=\"4 3\"")
        };
        let arrow = if problem.is_primary(i) {
            "marker-end=\"url(#ec-arrow)\""
        } else {
            "marker-end=\"url(#ec-arrow-secondary)\""
        };
        let mut y = header_y + header_h / 2.0;
        for &o in &column_rows[i] {
            line(&mut out, (x, y), (x, row_y(o) - 6.0), &style);
            y = row_y(o) + 6.0;
        }
        line(&mut out, (x, y), (x, bottom_y), &format!("{style} {arrow}"));
        line(
            &mut out,
            (x, header_y - header_h / 2.0 - 16.0),
            (x, header_y - header_h / 2.0),
            &format!("{style} {arrow}"),
        );
    }

    // The horizontal links of the item lists, wrapping around.
    let header_w = col_w - 10.0;
    let mut lists = vec![(root_x, last_primary_x, INK, "ec-arrow")];
    if !secondary.is_empty() {
        lists.push((second_root_x, last_x, SECONDARY_INK, "ec-arrow-secondary"));
    }
    for &(first, last, colour, marker) in &lists {
        let list_style = format!("stroke=\"{colour}\" stroke-width=\"1.2\"");
        let arrow = format!("marker-end=\"url(#{marker})\"");
        let mut x = first;
        while x < last {
            line(
                &mut out,
                (x + header_w / 2.0, header_y),
                (x + col_w - header_w / 2.0, header_y),
                &list_style,
            );
            x += col_w;
        }
        line(
            &mut out,
            (last + header_w / 2.0, header_y),
            (last + col_w / 2.0 + 4.0, header_y),
            &format!("{list_style} {arrow}"),
        );
        line(
            &mut out,
            (first - col_w / 2.0 - 4.0, header_y),
            (first - header_w / 2.0, header_y),
            &format!("{list_style} {arrow}"),
        );
    }

    // The horizontal links of every option, left to right.
    for (o, option) in problem.options().enumerate() {
        let mut xs: Vec<f64> = option.iter().map(|&i| column_x[i]).collect();
        xs.sort_by(f64::total_cmp);
        let style = if is_chosen(o) {
            format!("stroke=\"{CHOSEN_FILL}\" stroke-width=\"2.5\"")
        } else {
            format!("stroke=\"{INK}\" stroke-width=\"1.2\"")
        };
        for pair in xs.windows(2) {
            line(
                &mut out,
                (pair[0] + 6.0, row_y(o)),
                (pair[1] - 6.0, row_y(o)),
                &style,
            );
        }
    }

    // The headers.
    let mut heads = vec![(root_x, "root".to_string(), true)];
    if !secondary.is_empty() {
        heads.push((second_root_x, "root".to_string(), false));
    }
    for (x, name, is_primary) in heads {
        let (stroke, dash) = if is_primary {
            (INK, "")
        } else {
            (SECONDARY_INK, " stroke-dasharray=\"4 3\"")
        };
        let _ = writeln!(
            out,
            "<rect class=\"root\" x=\"{:.1}\" y=\"{:.1}\" width=\"{header_w:.1}\" \
             height=\"{header_h:.1}\" rx=\"10\" fill=\"#e8edf3\" stroke=\"{stroke}\"{dash}/>",
            x - header_w / 2.0,
            header_y - header_h / 2.0
        );
        text(
            &mut out,
            x,
            header_y + 4.0,
            "middle",
            " font-size=\"10\" font-style=\"italic\"",
            &name,
        );
    }
    for i in 0..items {
        let (class, stroke, fill, dash) = if problem.is_primary(i) {
            ("item primary", INK, "#dbe7f5", "")
        } else {
            (
                "item secondary",
                SECONDARY_INK,
                "#f0f0f0",
                " stroke-dasharray=\"4 3\"",
            )
        };
        let _ = writeln!(
            out,
            "<rect class=\"{class}\" x=\"{:.1}\" y=\"{:.1}\" width=\"{header_w:.1}\" \
             height=\"{header_h:.1}\" rx=\"3\" fill=\"{fill}\" stroke=\"{stroke}\"{dash}/>",
            column_x[i] - header_w / 2.0,
            header_y - header_h / 2.0
        );
        text(
            &mut out,
            column_x[i],
            header_y + 4.0,
            "middle",
            " font-weight=\"bold\"",
            &labels[i],
        );
    }

    // The nodes, the numbers and the spelled-out options.
    for (o, option) in problem.options().enumerate() {
        let y = row_y(o);
        let chosen = is_chosen(o);
        for &i in option {
            let (fill, stroke, dash) = match (chosen, problem.is_primary(i)) {
                (true, _) => (CHOSEN_FILL, "#9a5200", ""),
                (false, true) => ("#ffffff", INK, ""),
                (false, false) => ("#ffffff", SECONDARY_INK, " stroke-dasharray=\"2 2\""),
            };
            let _ = writeln!(
                out,
                "<rect class=\"node\" x=\"{:.1}\" y=\"{:.1}\" width=\"12\" height=\"12\" \
                 rx=\"2\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1.2\"{dash}/>",
                column_x[i] - 6.0,
                y - 6.0
            );
        }
        let weight = if chosen { " font-weight=\"bold\"" } else { "" };
        text(
            &mut out,
            pad + number_w - 6.0,
            y + 4.0,
            "end",
            &format!("{weight} fill=\"#555555\""),
            &o.to_string(),
        );
        text(&mut out, text_x, y + 4.0, "start", weight, &option_text[o]);
    }

    // The legend.
    let lx = pad;
    let small = " font-size=\"11\"";
    let _ = writeln!(
        out,
        "<rect x=\"{lx:.1}\" y=\"{:.1}\" width=\"12\" height=\"12\" rx=\"2\" \
         fill=\"{CHOSEN_FILL}\" stroke=\"#9a5200\"/>",
        legend_y - 10.0
    );
    text(
        &mut out,
        lx + 18.0,
        legend_y,
        "start",
        small,
        "chosen options (a solution)",
    );
    if !secondary.is_empty() {
        let _ = writeln!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"22\" height=\"12\" rx=\"2\" \
             fill=\"#f0f0f0\" stroke=\"{SECONDARY_INK}\" stroke-dasharray=\"4 3\"/>",
            lx + 230.0,
            legend_y - 10.0
        );
        text(
            &mut out,
            lx + 258.0,
            legend_y,
            "start",
            small,
            "secondary item",
        );
    }
    for (k, words) in legend.iter().enumerate() {
        text(
            &mut out,
            lx,
            legend_y + 20.0 + 15.0 * k as f64,
            "start",
            " font-size=\"11\" fill=\"#555555\"",
            words,
        );
    }
    out.push_str("</svg>\n");
    Ok(out)
}

impl SearchTree {
    /// The two lines of text of node `k`: the option tried, and what came
    /// of it.
    fn node_text(&self, k: usize) -> (String, String) {
        let node = &self.nodes()[k];
        let first = match node.option {
            Some(o) => self.option_name(o).unwrap_or("?").to_string(),
            None => "start".to_string(),
        };
        let second = match node.outcome {
            Outcome::Branch { item, options } => {
                format!("choose {} ({options})", self.item_name(item).unwrap_or("?"))
            }
            Outcome::Solution(n) => format!("solution #{n}"),
            Outcome::DeadEnd { item } => {
                format!("dead end: {}", self.item_name(item).unwrap_or("?"))
            }
        };
        (first, second)
    }

    /// Draws the tree, the root on top, every node below its parent: a box
    /// per node naming the option tried and the item chosen next (with its
    /// number of options), solutions in green, dead ends in red.
    ///
    /// ```
    /// let toy = exactcover::Problem::from_options([&["A"][..], &["B"], &["A", "B"]]).unwrap();
    /// let picture = exactcover::teach::tree::SearchTree::record(&toy, 10)?.to_svg();
    /// assert_eq!(picture.matches("class=\"node solution\"").count(), 2);
    /// assert!(picture.contains(">choose A (2)</text>"));
    /// # Ok::<(), exactcover::teach::svg::TooLarge>(())
    /// ```
    #[must_use]
    pub fn to_svg(&self) -> String {
        let texts: Vec<(String, String)> =
            (0..self.nodes().len()).map(|k| self.node_text(k)).collect();
        let longest = texts
            .iter()
            .map(|(a, b)| a.chars().count().max(b.chars().count()))
            .max()
            .unwrap_or(0);
        let box_w = (text_width(longest) + 16.0).max(64.0);
        let box_h = 36.0;
        let (gap_x, gap_y, pad) = (12.0, 30.0, 16.0);
        let title_h = 24.0;

        // Leaves take consecutive slots, left to right; a parent sits over
        // the middle of its children.
        let mut x = vec![0.0; self.nodes().len()];
        let mut next_slot = 0.0;
        let mut depth = 0;
        self.place(0, &mut x, &mut next_slot);
        for node in self.nodes() {
            depth = depth.max(node.depth);
        }
        let summary = format!(
            "{} tried, {}, {}",
            plural(self.node_count(), "option"),
            plural(self.solutions(), "solution"),
            plural(self.dead_ends(), "dead end")
        );
        let note = "Each box: the option tried, then the item chosen next and its options left.";
        let words_w =
            (text_width(summary.len()) * 13.0 / 12.0).max(text_width(note.len()) * 11.0 / 12.0);
        let slot_w = box_w + gap_x;
        let width = (pad * 2.0 + next_slot * slot_w - gap_x).max(pad * 2.0 + words_w);
        let offset = (width - (next_slot * slot_w - gap_x)) / 2.0;
        let cx = |k: usize| offset + x[k] * slot_w + box_w / 2.0;
        let top = |k: usize| pad + title_h + self.nodes()[k].depth as f64 * (box_h + gap_y);
        let height = pad * 2.0 + title_h + (depth + 1) as f64 * (box_h + gap_y) - gap_y + 22.0;

        let mut out = String::new();
        open(&mut out, width, height, &format!("search tree: {summary}"));
        text(
            &mut out,
            width / 2.0,
            pad + 10.0,
            "middle",
            " font-size=\"13\" font-weight=\"bold\"",
            &summary,
        );
        for (k, node) in self.nodes().iter().enumerate() {
            for &child in &node.children {
                line(
                    &mut out,
                    (cx(k), top(k) + box_h),
                    (cx(child), top(child)),
                    &format!("stroke=\"{INK}\" stroke-width=\"1.2\""),
                );
            }
        }
        for (k, node) in self.nodes().iter().enumerate() {
            let (class, fill, stroke) = match node.outcome {
                _ if k == 0 => ("node root", "#e8edf3", INK),
                Outcome::Branch { .. } => ("node branch", "#ffffff", INK),
                Outcome::Solution(_) => ("node solution", "#d5f0d0", "#2e7d32"),
                Outcome::DeadEnd { .. } => ("node dead-end", "#fbd9d6", "#b3261e"),
            };
            let _ = writeln!(
                out,
                "<g class=\"{class}\"><rect x=\"{:.1}\" y=\"{:.1}\" width=\"{box_w:.1}\" \
                 height=\"{box_h:.1}\" rx=\"5\" fill=\"{fill}\" stroke=\"{stroke}\" \
                 stroke-width=\"1.4\"/>",
                cx(k) - box_w / 2.0,
                top(k)
            );
            let (first, second) = &texts[k];
            text(
                &mut out,
                cx(k),
                top(k) + 15.0,
                "middle",
                " font-weight=\"bold\"",
                first,
            );
            text(
                &mut out,
                cx(k),
                top(k) + 29.0,
                "middle",
                &format!(" font-size=\"11\" fill=\"{stroke}\""),
                second,
            );
            out.push_str("</g>\n");
        }
        text(
            &mut out,
            pad,
            height - pad,
            "start",
            " font-size=\"11\" fill=\"#555555\"",
            note,
        );
        out.push_str("</svg>\n");
        out
    }

    /// Gives node `k` and its subtree their horizontal slots.
    fn place(&self, k: usize, x: &mut [f64], next_slot: &mut f64) {
        // An explicit stack: trees may be deep.
        let mut stack = vec![(k, false)];
        while let Some((node, done)) = stack.pop() {
            let children = &self.nodes()[node].children;
            if children.is_empty() {
                x[node] = *next_slot;
                *next_slot += 1.0;
            } else if done {
                let first = x[children[0]];
                let last = x[children[children.len() - 1]];
                x[node] = (first + last) / 2.0;
            } else {
                stack.push((node, true));
                for &child in children.iter().rev() {
                    stack.push((child, false));
                }
            }
        }
    }
}

/// Runs the search of `problem` and draws its tree (see
/// [`SearchTree::to_svg`]).
///
/// # Errors
///
/// [`TooLarge::Tree`] when the search tries more than `max_nodes` options.
///
/// ```
/// let langford = exactcover::problem::classic::langford(3);
/// let picture = exactcover::teach::svg::search_tree(&langford, 50)?;
/// assert_eq!(picture.matches("class=\"node solution\"").count(), 2);
/// # Ok::<(), exactcover::teach::svg::TooLarge>(())
/// ```
pub fn search_tree(problem: &Problem, max_nodes: usize) -> Result<String, TooLarge> {
    Ok(SearchTree::record(problem, max_nodes)?.to_svg())
}

/// As [`search_tree`], for the search that stops at its first solution:
/// the tree that a first-solution search (such as `exactcover solve`)
/// walks.
///
/// # Errors
///
/// [`TooLarge`] when the search tries more than `max_nodes` options.
///
/// ```
/// // Langford pairs for 3: two solutions, the search stops at the first.
/// let langford = exactcover::problem::classic::langford(3);
/// let picture = exactcover::teach::svg::first_solution_tree(&langford, 50)?;
/// assert_eq!(picture.matches("class=\"node solution\"").count(), 1);
/// # Ok::<(), exactcover::teach::svg::TooLarge>(())
/// ```
pub fn first_solution_tree(problem: &Problem, max_nodes: usize) -> Result<String, TooLarge> {
    Ok(SearchTree::record_up_to(problem, max_nodes, 1)?.to_svg())
}

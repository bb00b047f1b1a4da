//! Counts on many threads or machines: `cover --count --jobs N`,
//! `cover --count --part K/N [--json]`, `split` and `merge`.

use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, Write};
use std::process::ExitCode;

use exactcover::scale::Counter;
use exactcover::scale::Part;
use exactcover::{Problem, SearchEnd, Solver, knuth};
use serde_json::{Value, json};

use crate::cover;
use crate::output::warn;
use crate::watch::Watch;
use crate::{CoverArgs, MergeArgs, SplitArgs};

/// A fingerprint of the problem: FNV-1a (64 bits) of its text in Knuth's
/// format, so that `merge` refuses parts of different problems.
fn fingerprint(problem: &Problem) -> String {
    let mut text = Vec::new();
    // A problem that cannot be written has no text to hash: its items then.
    if knuth::write(problem, &[], &mut text).is_err() {
        text = format!("{} {}", problem.item_count(), problem.option_count()).into_bytes();
    }
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in &text {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// `cover --count` with `--jobs` or `--part`.
pub fn count(args: &CoverArgs, name: &str, problem: &Problem) -> io::Result<ExitCode> {
    let part = args.part.unwrap_or_else(Part::whole);
    let threads = args.jobs as usize;
    let at_least = args.split.map_or(
        if part.n() > 1 {
            16 * part.n()
        } else {
            64 * threads
        },
        |n| n as usize,
    );
    let (_watch, budget) = Watch::start(name.to_string(), &args.budget.budget());
    let counted = Counter::new(problem)
        .threads(threads)
        .part(part)
        .at_least(at_least)
        .limit(args.limit)
        .budget(budget)
        .try_count();
    drop(_watch);
    let counted = match counted {
        Ok(counted) => counted,
        Err(e) => {
            warn(format_args!("{name}: {e}"));
            return Ok(ExitCode::from(2));
        }
    };
    let (found, end) = (counted.count.solutions, counted.count.end);
    let mut status = 0;
    let suffix = match end {
        SearchEnd::Interrupted(why) => {
            warn(format_args!(
                "{name}: count stopped ({why}) after {} nodes and {found} solutions",
                counted.stats.nodes
            ));
            status = 1;
            "?"
        }
        SearchEnd::Limit => "+",
        _ if found == 0 && part.n() == 1 => {
            warn(format_args!("{name}: no solution"));
            ""
        }
        _ => "",
    };
    let mut out = io::stdout().lock();
    if args.json {
        let end = match end {
            SearchEnd::Exhausted => "exhausted".to_string(),
            SearchEnd::Limit => "limit".to_string(),
            SearchEnd::Interrupted(why) => format!("interrupted: {why}"),
            _ => "stopped".to_string(),
        };
        let line = json!({
            "part": part.to_string(),
            "k": part.k(),
            "n": part.n(),
            "problem": fingerprint(problem),
            "at_least": at_least,
            "split": counted.split,
            "solutions": found,
            "end": end,
            "nodes": counted.stats.nodes,
            "updates": counted.stats.updates,
            "max_depth": counted.stats.max_depth,
            "seconds": counted.seconds,
            "paths": counted.subproblems.iter().map(ToString::to_string).collect::<Vec<_>>(),
        });
        writeln!(out, "{line}")?;
    } else {
        writeln!(out, "{found}{suffix}")?;
    }
    out.flush()?;
    if args.stats {
        let s = counted.stats;
        warn(format_args!(
            "solutions: {found}{suffix}\nnodes: {}\nupdates: {}\nmax depth: {}\nsubproblems: {} of {} (part {part})\nthreads: {threads}\nseconds: {:.3}",
            s.nodes,
            s.updates,
            s.max_depth,
            counted.subproblems.len(),
            counted.split,
            counted.seconds
        ));
    }
    Ok(ExitCode::from(status))
}

/// `exactcover split`.
pub fn split(args: &SplitArgs) -> io::Result<ExitCode> {
    let (name, read) = match cover::load(args.file.as_deref()) {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    let problem = &read.problem;
    let mut solver = Solver::new(problem);
    let subs = match solver.subproblems(args.depth, args.max) {
        Ok(subs) => subs,
        Err(e) => {
            warn(format_args!("{name}: {e} (--max)"));
            return Ok(ExitCode::from(2));
        }
    };
    if let Err(e) = fs::create_dir_all(&args.dir) {
        warn(format_args!(
            "{}: cannot make the folder: {e}",
            args.dir.display()
        ));
        return Ok(ExitCode::from(2));
    }
    let mut out = io::stdout().lock();
    for (i, sub) in subs.iter().enumerate() {
        let path = args.dir.join(format!("sub-{i:06}.dlx"));
        let rest = sub.residual(problem, &[]);
        let comments = [
            format!(
                "subproblem {} of {} of {name}, depth {}",
                i + 1,
                subs.len(),
                args.depth
            ),
            format!("path (k/d per level = options): {sub}"),
        ];
        let comments: Vec<&str> = comments.iter().map(String::as_str).collect();
        let written = File::create(&path).and_then(|file| {
            let mut file = io::BufWriter::new(file);
            knuth::write(&rest, &comments, &mut file)?;
            file.flush()
        });
        if let Err(e) = written {
            warn(format_args!("{}: {e}", path.display()));
            return Ok(ExitCode::from(2));
        }
        writeln!(out, "{}", path.display())?;
    }
    out.flush()?;
    warn(format_args!(
        "{name}: {} subproblems at depth {} written to {}",
        subs.len(),
        args.depth,
        args.dir.display()
    ));
    Ok(ExitCode::SUCCESS)
}

/// One part's line, as `merge` reads it.
struct PartLine {
    part: Part,
    problem: String,
    at_least: u64,
    solutions: u64,
    end: String,
    nodes: u64,
    seconds: f64,
    from: String,
}

fn part_line(value: &Value, from: &str) -> Result<PartLine, String> {
    let number = |key: &str| {
        value
            .get(key)
            .and_then(Value::as_u64)
            .ok_or_else(|| format!("{from}: no number \"{key}\""))
    };
    let text = |key: &str| {
        value
            .get(key)
            .and_then(Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| format!("{from}: no text \"{key}\""))
    };
    let (k, n) = (number("k")? as usize, number("n")? as usize);
    let part = Part::new(k, n).map_err(|e| format!("{from}: {e}"))?;
    Ok(PartLine {
        part,
        problem: text("problem")?,
        at_least: number("at_least")?,
        solutions: number("solutions")?,
        end: text("end")?,
        nodes: number("nodes")?,
        seconds: value.get("seconds").and_then(Value::as_f64).unwrap_or(0.0),
        from: from.to_string(),
    })
}

/// `exactcover merge`.
pub fn merge(args: &MergeArgs) -> io::Result<ExitCode> {
    let mut sources: Vec<(String, Box<dyn BufRead>)> = Vec::new();
    if args.files.is_empty() {
        sources.push(("-".into(), Box::new(BufReader::new(io::stdin()))));
    }
    for path in &args.files {
        if path.as_os_str() == "-" {
            sources.push(("-".into(), Box::new(BufReader::new(io::stdin()))));
            continue;
        }
        match File::open(path) {
            Ok(f) => sources.push((path.display().to_string(), Box::new(BufReader::new(f)))),
            Err(e) => {
                warn(format_args!("{}: cannot read: {e}", path.display()));
                return Ok(ExitCode::from(2));
            }
        }
    }
    let mut parts: BTreeMap<usize, PartLine> = BTreeMap::new();
    let mut first: Option<(usize, String, u64)> = None;
    for (name, input) in sources {
        for (number, line) in input.lines().enumerate() {
            let line = line?;
            if line.trim().is_empty() {
                continue;
            }
            let from = format!("{name}:{}", number + 1);
            let parsed = serde_json::from_str::<Value>(&line)
                .map_err(|e| {
                    format!("{from}: not a JSON line of `cover --count --part K/N --json`: {e}")
                })
                .and_then(|v| part_line(&v, &from));
            let p = match parsed {
                Ok(p) => p,
                Err(message) => {
                    warn(format_args!("{message}"));
                    return Ok(ExitCode::from(2));
                }
            };
            match &first {
                None => first = Some((p.part.n(), p.problem.clone(), p.at_least)),
                Some((n, problem, at_least)) => {
                    if p.part.n() != *n || p.problem != *problem || p.at_least != *at_least {
                        warn(format_args!(
                            "{from}: part {} of a different count (parts, problem or split differ from the first line's: {n} parts, problem {problem}, split into at least {at_least})",
                            p.part
                        ));
                        return Ok(ExitCode::from(2));
                    }
                }
            }
            if let Some(earlier) = parts.get(&p.part.k()) {
                warn(format_args!(
                    "{from}: part {} again (first at {})",
                    p.part, earlier.from
                ));
                return Ok(ExitCode::from(2));
            }
            parts.insert(p.part.k(), p);
        }
    }
    let Some((n, _, _)) = first else {
        warn(format_args!("merge: no parts"));
        return Ok(ExitCode::from(2));
    };
    let missing: Vec<String> = (0..n)
        .filter(|k| !parts.contains_key(k))
        .map(|k| format!("{k}/{n}"))
        .collect();
    if !missing.is_empty() {
        let shown: Vec<&str> = missing.iter().take(10).map(String::as_str).collect();
        warn(format_args!(
            "merge: {} of {n} parts missing: {}{}",
            missing.len(),
            shown.join(" "),
            if missing.len() > 10 { " ..." } else { "" }
        ));
        return Ok(ExitCode::from(2));
    }
    let total: u64 = parts.values().map(|p| p.solutions).sum();
    let unfinished = parts.values().filter(|p| p.end != "exhausted").count();
    let (nodes, seconds, longest) = parts.values().fold((0u64, 0f64, 0f64), |(n, s, l), p| {
        (n + p.nodes, s + p.seconds, l.max(p.seconds))
    });
    let mut out = io::stdout().lock();
    if unfinished > 0 {
        warn(format_args!(
            "merge: {unfinished} parts did not finish (a limit or a budget): the total is a lower bound"
        ));
        writeln!(out, "{total}?")?;
    } else {
        writeln!(out, "{total}")?;
    }
    out.flush()?;
    warn(format_args!(
        "merge: {n} parts, {nodes} nodes, {seconds:.3} s in all, the longest part {longest:.3} s"
    ));
    Ok(ExitCode::from(u8::from(unfinished > 0)))
}

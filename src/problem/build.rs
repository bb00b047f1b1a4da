//! Building a problem from names: options given by their items' names
//! (`x:A` for a coloured secondary item), and whole problems from a list of
//! options, their items inferred.

use std::collections::{HashMap, HashSet};

use super::{Problem, ProblemError};

impl Problem {
    /// A problem whose items are those its options name, in the order they
    /// are first named, primary unless coloured: each option is a list of
    /// item names, a word `item:colour` giving a (secondary) item a colour,
    /// as in Knuth's DLX2 format. The one-line way to state a problem.
    ///
    /// # Errors
    ///
    /// As [`Problem::add_named_option`]: an empty option, an item twice in
    /// one option, an empty name or colour, or one with a control character.
    ///
    /// ```
    /// use exactcover::{Problem, Solver};
    ///
    /// // Knuth's example from "Dancing Links" (2000), the items inferred.
    /// let problem = Problem::from_options([
    ///     ["C", "E", "F"].as_slice(), &["A", "D", "G"], &["B", "C", "F"],
    ///     &["A", "D"], &["B", "G"], &["D", "E", "G"],
    /// ])?;
    /// assert_eq!(problem.item_count(), 7);
    /// assert_eq!(problem.item_name(0), Some("C")); // first named first
    /// let solution = Solver::new(&problem).solution()?.expect("one");
    /// let mut names: Vec<String> = solution.iter().map(|&o| problem.option_label(o)).collect();
    /// names.sort();
    /// assert_eq!(names, ["A D", "B G", "C E F"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_options<O, I, S>(options: O) -> Result<Problem, ProblemError>
    where
        O: IntoIterator<Item = I>,
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        Problem::from_options_with_secondary(options, std::iter::empty::<&str>())
    }

    /// [`Problem::from_options`], with the items named in `secondary`
    /// secondary (covered at most once) even where no option colours them.
    /// A secondary item that no option names is added after the others.
    ///
    /// # Errors
    ///
    /// As [`Problem::from_options`].
    ///
    /// ```
    /// use exactcover::{Problem, Solver};
    ///
    /// // Four queens: rows and columns primary, diagonals secondary.
    /// let mut options = Vec::new();
    /// for r in 0..4 {
    ///     for c in 0..4 {
    ///         options.push([format!("r{r}"), format!("c{c}"), format!("a{}", r + c), format!("b{}", 3 + r - c)]);
    ///     }
    /// }
    /// let diagonals = (0..7).flat_map(|k| [format!("a{k}"), format!("b{k}")]);
    /// let problem = Problem::from_options_with_secondary(options, diagonals)?;
    /// assert_eq!(problem.primary_count(), 8);
    /// assert_eq!(Solver::new(&problem).count(None)?.solutions, 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_options_with_secondary<O, I, S, T, U>(
        options: O,
        secondary: T,
    ) -> Result<Problem, ProblemError>
    where
        O: IntoIterator<Item = I>,
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
        T: IntoIterator<Item = U>,
        U: AsRef<str>,
    {
        let secondary: Vec<String> = secondary
            .into_iter()
            .map(|s| s.as_ref().to_owned())
            .collect();
        let options: Vec<Vec<String>> = options
            .into_iter()
            .map(|o| o.into_iter().map(|w| w.as_ref().to_owned()).collect())
            .collect();
        // The items in the order they are first named; coloured ones and
        // those said to be secondary are secondary.
        let mut order: Vec<&str> = Vec::new();
        let mut seen = HashSet::new();
        let mut coloured = HashSet::new();
        for word in options.iter().flatten() {
            let name = match word.split_once(':') {
                Some((name, _)) => {
                    coloured.insert(name);
                    name
                }
                None => word.as_str(),
            };
            if seen.insert(name) {
                order.push(name);
            }
        }
        let is_secondary: HashSet<&str> = secondary.iter().map(String::as_str).collect();
        let mut problem = Problem::new();
        for &name in &order {
            if coloured.contains(name) || is_secondary.contains(name) {
                problem.add_secondary(name)?;
            } else {
                problem.add_primary(name)?;
            }
        }
        for name in &secondary {
            if !seen.contains(name.as_str()) && problem.item_by_name(name).is_none() {
                problem.add_secondary(name)?;
            }
        }
        for option in &options {
            problem.add_named_option(option)?;
        }
        Ok(problem)
    }

    /// Adds an option given by the names of its items and returns its
    /// number. A secondary item may be given a colour as Knuth's DLX2
    /// format writes it, `item:colour` (when no item has that whole word as
    /// its name); the colour is added if it is new.
    ///
    /// # Errors
    ///
    /// As [`Problem::add_option`], with [`ProblemError::UnknownName`] for a
    /// name that is not an item, [`ProblemError::ColourOnPrimary`] for a
    /// colour on a primary item, and [`ProblemError::EmptyColour`] or
    /// [`ProblemError::UnprintableName`] for a colour that cannot be a
    /// name. The problem is unchanged when an error is returned, its colours
    /// included.
    ///
    /// ```
    /// use exactcover::{Problem, Solver};
    ///
    /// let mut problem = Problem::new();
    /// problem.add_primary("p")?;
    /// problem.add_primary("q")?;
    /// problem.add_secondary("x")?;
    /// assert_eq!(problem.add_named_option(["p", "x:A"])?, 0);
    /// assert_eq!(problem.add_named_option(["q", "x:A"])?, 1);
    /// assert_eq!(problem.add_named_option(["q", "x:B"])?, 2);
    /// assert!(problem.add_named_option(["b"]).is_err());
    /// assert_eq!(problem.option_label(1), "q x:A");
    /// // p and q share x, both coloured A.
    /// assert_eq!(Solver::new(&problem).count(None)?.solutions, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_named_option<I, S>(&mut self, names: I) -> Result<usize, ProblemError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let option = self.option_count();
        let mut entries: Vec<(usize, Option<String>)> = Vec::new();
        for word in names {
            let word = word.as_ref();
            let entry = match self.by_name.get(word) {
                Some(&item) => (item, None),
                None => match word.rsplit_once(':') {
                    Some((name, colour)) if self.by_name.contains_key(name) => {
                        (self.by_name[name], Some(colour.to_owned()))
                    }
                    _ => {
                        return Err(ProblemError::UnknownName {
                            option,
                            name: word.to_owned(),
                        });
                    }
                },
            };
            entries.push(entry);
        }
        if entries.iter().all(|(_, c)| c.is_none()) {
            return self.add_option(entries.into_iter().map(|(item, _)| item));
        }
        // Everything that could go wrong is checked before a colour is
        // added, so that a refused option leaves no new colour behind.
        let mut once = HashMap::new();
        for (item, colour) in &entries {
            let name = self.item_name(*item).map(str::to_owned);
            if once.insert(*item, ()).is_some() {
                return Err(ProblemError::RepeatedItem {
                    option,
                    item: *item,
                    name,
                });
            }
            if let Some(colour) = colour {
                if self.is_primary(*item) {
                    return Err(ProblemError::ColourOnPrimary {
                        option,
                        item: *item,
                        name,
                    });
                }
                if colour.is_empty() {
                    return Err(ProblemError::EmptyColour);
                }
                if colour.chars().any(char::is_control) {
                    return Err(ProblemError::UnprintableName {
                        name: colour.clone(),
                    });
                }
            }
        }
        let mut coloured = Vec::with_capacity(entries.len());
        for (item, colour) in entries {
            let colour = match colour {
                Some(name) => Some(self.colour(&name)?),
                None => None,
            };
            coloured.push((item, colour));
        }
        self.add_coloured_option(coloured)
    }
}

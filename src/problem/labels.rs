//! Names for items and options, for people.
//!
//! A search reports items and options by number; the trace, the pictures and
//! the command line show them by name. A [`Labels`] gives those names:
//!
//! * a [`Problem`] names its items by their names and an option by the names
//!   of its items, in order, separated by spaces (`A D G`): the one place
//!   where an option is written as its items;
//! * [`FnLabels`] takes two closures;
//! * a domain supplies its own (Sudoku's say `r3c5=7` and `row 3 has 7`),
//!   without this module knowing of it.

use crate::problem::Problem;

/// Names items and options for people (traces, pictures, output).
///
/// Items and options are numbered from 0, as in the [`Problem`].
///
/// ```
/// use exactcover::problem::Labels;
///
/// struct Numbers;
/// impl Labels for Numbers {
///     fn item(&self, item: usize) -> String {
///         format!("i{item}")
///     }
///     fn option(&self, option: usize) -> String {
///         format!("o{option}")
///     }
/// }
/// assert_eq!(Numbers.item(3), "i3");
/// ```
pub trait Labels {
    /// The name of item `item`.
    fn item(&self, item: usize) -> String;
    /// The name of option `option`.
    fn option(&self, option: usize) -> String;
}

/// A problem names its items by their names (`#k` for unnamed ones) and its
/// options by the names of their items, separated by spaces, a coloured
/// item followed by `:` and its colour, as Knuth's DLX2 prints them.
///
/// ```
/// use exactcover::problem::Labels;
///
/// let mut problem = exactcover::Problem::new();
/// problem.add_primary("A")?;
/// problem.add_secondary("x")?;
/// problem.add_named_option(["x", "A"])?;
/// let red = problem.colour("red")?;
/// problem.add_coloured_option([(0, None), (1, Some(red))])?;
/// assert_eq!(problem.item(1), "x");
/// assert_eq!(Labels::option(&problem, 0), "x A");
/// assert_eq!(Labels::option(&problem, 1), "A x:red");
/// # Ok::<(), exactcover::ProblemError>(())
/// ```
impl Problem {
    /// Option `option` written as its items' names in order, one space
    /// apart, a coloured item as `item:colour` (as Knuth's formats write an
    /// option; unnamed items as `#3`); `""` past the last option. The same
    /// as [`Labels::option`], without importing the trait.
    ///
    /// ```
    /// let problem = exactcover::Problem::from_options([["a", "b"], ["c", "x:red"]])?;
    /// assert_eq!(problem.option_label(1), "c x:red");
    /// # Ok::<(), exactcover::ProblemError>(())
    /// ```
    #[must_use]
    pub fn option_label(&self, option: usize) -> String {
        Labels::option(self, option)
    }
}

impl Labels for Problem {
    fn item(&self, item: usize) -> String {
        self.item_label(item)
    }

    fn option(&self, option: usize) -> String {
        let items = Problem::option(self, option).unwrap_or_default();
        let colours = self.option_colours(option).into_iter().flatten();
        let mut text = String::new();
        for (k, (&item, colour)) in items.iter().zip(colours).enumerate() {
            if k > 0 {
                text.push(' ');
            }
            match self.item_name(item) {
                Some(name) => text.push_str(name),
                None => text.push_str(&self.item_label(item)),
            }
            if let Some(name) = colour.and_then(|c| self.colour_name(c)) {
                text.push(':');
                text.push_str(name);
            }
        }
        text
    }
}

impl<L: Labels + ?Sized> Labels for &L {
    fn item(&self, item: usize) -> String {
        (**self).item(item)
    }

    fn option(&self, option: usize) -> String {
        (**self).option(option)
    }
}

/// Labels made of two closures: one for items, one for options.
///
/// ```
/// use exactcover::problem::{FnLabels, Labels};
///
/// let labels = FnLabels::new(|i| format!("item {i}"), |o| format!("option {o}"));
/// assert_eq!(labels.item(2), "item 2");
/// assert_eq!(labels.option(5), "option 5");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct FnLabels<I, O> {
    item: I,
    option: O,
}

impl<I, O> FnLabels<I, O>
where
    I: Fn(usize) -> String,
    O: Fn(usize) -> String,
{
    /// Labels that call `item` for items and `option` for options.
    ///
    /// ```
    /// let labels = exactcover::problem::FnLabels::new(|i| i.to_string(), |o| o.to_string());
    /// # let _ = labels;
    /// ```
    pub fn new(item: I, option: O) -> FnLabels<I, O> {
        FnLabels { item, option }
    }
}

impl<I, O> Labels for FnLabels<I, O>
where
    I: Fn(usize) -> String,
    O: Fn(usize) -> String,
{
    fn item(&self, item: usize) -> String {
        (self.item)(item)
    }

    fn option(&self, option: usize) -> String {
        (self.option)(option)
    }
}

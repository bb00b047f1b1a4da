//! The matrix as the logic reads it: every option's items with their
//! colours, and every item's options (its column), in flat arrays built
//! once from a [`Problem`].
//!
//! The engine keeps its matrix as dancing links, which change as it
//! searches; logic needs the columns of the whole problem at once, and a
//! state beside them ([`State`](super::state::State)) that says which
//! options are still possible. This is that read-only half.

use crate::problem::Problem;

/// No colour on an entry.
pub(crate) const NO_COLOUR: u32 = 0;

/// The items of every option and the options of every item.
#[derive(Clone, Debug)]
pub(crate) struct Index {
    /// Whether each item is primary.
    primary: Vec<bool>,
    /// `option_items[option_start[o]..option_start[o + 1]]`: option `o`.
    option_start: Vec<u32>,
    option_items: Vec<u32>,
    /// The colour of each entry plus one (`NO_COLOUR`: none), parallel to
    /// `option_items`.
    option_colours: Vec<u32>,
    /// `column[column_start[i]..column_start[i + 1]]`: the options of item
    /// `i`, in increasing order, with the colour they give it.
    column_start: Vec<u32>,
    column: Vec<u32>,
    column_colours: Vec<u32>,
}

impl Index {
    /// Reads `problem`.
    pub(crate) fn new(problem: &Problem) -> Index {
        let items = problem.item_count();
        let primary = (0..items).map(|i| problem.is_primary(i)).collect();
        let mut option_start = Vec::with_capacity(problem.option_count() + 1);
        let mut option_items = Vec::new();
        let mut option_colours = Vec::new();
        let mut sizes = vec![0u32; items + 1];
        option_start.push(0);
        for (o, entries) in problem.options().enumerate() {
            let colours = problem.option_colours(o);
            match colours {
                Some(colours) => {
                    for (&item, colour) in entries.iter().zip(colours) {
                        option_items.push(item as u32);
                        option_colours.push(colour.map_or(NO_COLOUR, |c| c as u32 + 1));
                        sizes[item + 1] += 1;
                    }
                }
                None => {
                    for &item in entries {
                        option_items.push(item as u32);
                        option_colours.push(NO_COLOUR);
                        sizes[item + 1] += 1;
                    }
                }
            }
            option_start.push(option_items.len() as u32);
        }
        for i in 0..items {
            sizes[i + 1] += sizes[i];
        }
        let column_start = sizes;
        let mut next = column_start.clone();
        let mut column = vec![0u32; option_items.len()];
        let mut column_colours = vec![NO_COLOUR; option_items.len()];
        for o in 0..option_start.len() - 1 {
            for e in option_start[o] as usize..option_start[o + 1] as usize {
                let item = option_items[e] as usize;
                let at = next[item] as usize;
                column[at] = o as u32;
                column_colours[at] = option_colours[e];
                next[item] += 1;
            }
        }
        Index {
            primary,
            option_start,
            option_items,
            option_colours,
            column_start,
            column,
            column_colours,
        }
    }

    /// The number of items.
    pub(crate) fn item_count(&self) -> usize {
        self.primary.len()
    }

    /// The number of options.
    pub(crate) fn option_count(&self) -> usize {
        self.option_start.len() - 1
    }

    /// Whether item `item` is primary.
    pub(crate) fn is_primary(&self, item: usize) -> bool {
        self.primary[item]
    }

    /// The items of option `option`.
    pub(crate) fn items(&self, option: usize) -> &[u32] {
        &self.option_items
            [self.option_start[option] as usize..self.option_start[option + 1] as usize]
    }

    /// The colours of option `option`'s entries, parallel to
    /// [`Index::items`] (`NO_COLOUR` or a colour plus one).
    pub(crate) fn colours(&self, option: usize) -> &[u32] {
        &self.option_colours
            [self.option_start[option] as usize..self.option_start[option + 1] as usize]
    }

    /// The options of item `item`, in increasing order.
    pub(crate) fn column(&self, item: usize) -> &[u32] {
        &self.column[self.column_start[item] as usize..self.column_start[item + 1] as usize]
    }

    /// The colours the options of [`Index::column`] give item `item`.
    pub(crate) fn column_colours(&self, item: usize) -> &[u32] {
        &self.column_colours[self.column_start[item] as usize..self.column_start[item + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_list_the_options_of_each_item_with_their_colours() {
        let mut problem = Problem::new();
        let a = problem.add_primary("a").unwrap();
        let x = problem.add_secondary("x").unwrap();
        let red = problem.colour("red").unwrap();
        problem.add_option([a]).unwrap();
        problem
            .add_coloured_option([(x, Some(red)), (a, None)])
            .unwrap();
        problem.add_option([x]).unwrap();
        let index = Index::new(&problem);
        assert_eq!(index.item_count(), 2);
        assert_eq!(index.option_count(), 3);
        assert_eq!(index.column(a), [0, 1]);
        assert_eq!(index.column(x), [1, 2]);
        assert_eq!(index.column_colours(x), [red as u32 + 1, NO_COLOUR]);
        assert_eq!(index.items(1), [x as u32, a as u32]);
        assert_eq!(index.colours(1), [red as u32 + 1, NO_COLOUR]);
        assert!(index.is_primary(a) && !index.is_primary(x));
    }
}

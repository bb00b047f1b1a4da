//! [`Rng`]: the seeded source of numbers of the generator and the
//! minimizer, SplitMix64, the same on every platform.

use crate::util::random::splitmix64;

/// A seeded source of numbers: SplitMix64.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    /// The generator of puzzle `index` of seed `seed`.
    pub(crate) fn for_puzzle(seed: u64, index: u64) -> Rng {
        let mut s = seed ^ 0x6a09_e667_f3bc_c909;
        let a = splitmix64(&mut s);
        let mut t = index ^ a;
        Rng(splitmix64(&mut t))
    }

    pub(crate) fn next(&mut self) -> u64 {
        splitmix64(&mut self.0)
    }

    /// A number below `n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// Shuffles `items` (Fisher and Yates).
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for k in (1..items.len()).rev() {
            items.swap(k, self.below(k + 1));
        }
    }
}

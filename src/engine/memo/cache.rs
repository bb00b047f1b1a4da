//! The memo cache: every state counted so far, by its full key, with its
//! count, within a memory budget.
//!
//! Entries lie one after another in one array, each `W + 3` words: the
//! key (`W` words), the count (two words), and a word holding the ZDD node
//! of its solutions and the nodes a plain search would take on it (an
//! estimate, an `f32`), so that a hit reads one place. A hash table of
//! `u64` slots, open addressing with linear probing, finds them: a slot
//! holds the entry's number plus one in its low half and the high half of
//! the key's hash in its high half, so that most slots that do not match
//! are passed over without reading the key. A match compares the whole
//! key, never the hash alone. The table doubles when it is half full.
//!
//! Every allocation is counted against the budget before it is made (the
//! array grows by doubling, or by what is left); when the next entry would
//! not fit, the cache is *full*: it keeps every entry it has, still finds
//! them, and stores no more.

/// What `Cache::probe` found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Probe {
    /// The key is entry `e`.
    Hit(u32),
    /// The key was not there: it is now entry `e`, its count to be set.
    New(u32),
    /// The key was not there and the cache is full.
    Full,
}

/// The first table, in slots, when the budget has room for it and for
/// the entries it would index half full; a smaller budget starts with
/// the largest power of two that has room (at least 2 slots), so that a
/// small cache still stores what it can (before, a budget under 32 KiB,
/// the table alone, stored nothing at all).
const FIRST_SLOTS: usize = 1 << 12;

/// The words of an entry besides its key: the count, then the ZDD node
/// and the cost.
const EXTRA: usize = 3;

/// The memo cache of one matrix (module documentation).
#[derive(Debug)]
pub(crate) struct Cache {
    /// Words per key.
    words: usize,
    /// The entries, `words + EXTRA` words each.
    entries: Vec<u64>,
    /// The number of entries.
    len: usize,
    /// The hash table (module documentation); 0 is an empty slot.
    table: Vec<u64>,
    /// The most bytes the cache may hold.
    budget: usize,
    /// Whether an entry did not fit.
    full: bool,
}

impl Cache {
    /// An empty cache for keys of `words` words, within `budget` bytes.
    pub(crate) fn new(words: usize, budget: usize) -> Cache {
        Cache {
            words: words.max(1),
            entries: Vec::new(),
            len: 0,
            table: Vec::new(),
            budget,
            full: false,
        }
    }

    /// The fewest bytes that hold one entry of a key of `words` words and
    /// the smallest table: a budget below it stores nothing.
    pub(crate) fn least_budget(words: usize) -> usize {
        (2 + words.max(1) + EXTRA) * 8
    }

    /// The slots of the first table within the budget (module
    /// documentation): `FIRST_SLOTS`, or fewer when the budget cannot hold
    /// them and the entries they would index half full.
    fn first_slots(&self) -> usize {
        let per_slot = 8 + 4 * self.stride();
        let mut slots = FIRST_SLOTS;
        while slots > 2 && slots.saturating_mul(per_slot) > self.budget {
            slots /= 2;
        }
        slots
    }

    /// The words of a key.
    pub(crate) fn words(&self) -> usize {
        self.words
    }

    /// The words of an entry.
    #[inline(always)]
    fn stride(&self) -> usize {
        self.words + EXTRA
    }

    /// The entries stored.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Whether an entry did not fit in the budget.
    pub(crate) fn is_full(&self) -> bool {
        self.full
    }

    /// The bytes the cache holds.
    pub(crate) fn bytes(&self) -> usize {
        (self.entries.capacity() + self.table.capacity()) * 8
    }

    /// Forgets every entry and gives back the memory.
    pub(crate) fn release(&mut self) {
        *self = Cache::new(self.words, self.budget);
    }

    /// Lowers (or raises) the budget; entries stored stay.
    pub(crate) fn set_budget(&mut self, budget: usize) {
        self.budget = budget;
        self.full = self.full && self.bytes() >= budget;
    }

    /// The hash of `key`.
    #[inline]
    pub(crate) fn hash(key: &[u64]) -> u64 {
        let mut h = 0x243f_6a88_85a3_08d3u64;
        for &w in key {
            h = (h.rotate_left(23) ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
        h ^ (h >> 31)
    }

    /// Whether entry `e` has the key `key`.
    #[inline(always)]
    fn holds(&self, e: usize, key: &[u64]) -> bool {
        let at = e * self.stride();
        let stored = &self.entries[at..at + key.len()];
        // Word by word: a library `memcmp` costs more than these few words.
        stored.iter().zip(key).all(|(a, b)| a == b)
    }

    /// Finds `key` (of hash `hash`), or stores it as a new entry whose
    /// count is to come (`set`), or says the cache is full.
    #[inline]
    pub(crate) fn probe(&mut self, key: &[u64], hash: u64) -> Probe {
        debug_assert_eq!(key.len(), self.words);
        if self.table.is_empty() && !self.grow_table() {
            self.full = true;
            return Probe::Full;
        }
        let tag = hash & !0xffff_ffff;
        let mask = self.table.len() - 1;
        let mut at = hash as usize & mask;
        loop {
            let slot = self.table[at];
            if slot == 0 {
                break;
            }
            if slot & !0xffff_ffff == tag {
                let e = (slot as u32 - 1) as usize;
                if self.holds(e, key) {
                    return Probe::Hit(e as u32);
                }
            }
            at = (at + 1) & mask;
        }
        // Keep the table at most half full, or three quarters when the
        // budget leaves no room to double it.
        if (self.len + 1) * 2 > self.table.len() {
            if self.grow_table() {
                at = self.vacancy(hash);
            } else if (self.len + 1) * 4 > self.table.len() * 3 {
                self.full = true;
                return Probe::Full;
            }
        }
        match self.push(key) {
            Some(e) => {
                self.table[at] = tag | u64::from(e + 1);
                Probe::New(e)
            }
            None => {
                self.full = true;
                Probe::Full
            }
        }
    }

    /// The empty slot where a key of hash `hash` not in the table goes.
    fn vacancy(&self, hash: u64) -> usize {
        let mask = self.table.len() - 1;
        let mut at = hash as usize & mask;
        while self.table[at] != 0 {
            at = (at + 1) & mask;
        }
        at
    }

    /// Appends an entry for `key`, if it fits.
    fn push(&mut self, key: &[u64]) -> Option<u32> {
        let n = self.len;
        if n >= u32::MAX as usize - 1 {
            return None;
        }
        let stride = self.stride();
        if self.entries.len() + stride > self.entries.capacity() {
            let want = (n * 2).max(256) * stride;
            let room = (self.budget / 8).saturating_sub(self.table.capacity());
            let more = want.min(room).checked_sub(self.entries.len())?;
            if more < stride {
                return None;
            }
            self.entries.reserve_exact(more);
        }
        self.entries.extend_from_slice(key);
        self.entries.extend_from_slice(&[0; EXTRA]);
        self.len += 1;
        Some(n as u32)
    }

    /// Doubles the table (or makes the first), if the budget allows: the
    /// slots are placed again from their entries' keys. Returns whether it
    /// grew.
    fn grow_table(&mut self) -> bool {
        let slots = if self.table.is_empty() {
            self.first_slots()
        } else {
            self.table.len() * 2
        };
        // A slot holds an entry's number in 32 bits: at most 2^32 slots.
        // The sums are in u64, which a 32-bit usize (wasm32) would overflow.
        let bytes = (self.entries.capacity() as u64 + slots as u64) * 8;
        if slots as u64 > 1 << 32 || bytes > self.budget as u64 {
            return false;
        }
        let mut table = vec![0u64; slots];
        let mask = slots - 1;
        let stride = self.stride();
        for (e, entry) in self.entries.chunks_exact(stride).enumerate() {
            let hash = Self::hash(&entry[..self.words]);
            let mut at = hash as usize & mask;
            while table[at] != 0 {
                at = (at + 1) & mask;
            }
            table[at] = (hash & !0xffff_ffff) | (e as u64 + 1);
        }
        self.table = table;
        true
    }

    /// Sets what entry `e` stands for: `count` solutions, their ZDD node
    /// `zdd`, whose plain search would take `cost` nodes.
    #[inline]
    pub(crate) fn set(&mut self, e: u32, count: u128, zdd: u32, cost: f64) {
        let at = e as usize * self.stride() + self.words;
        self.entries[at] = count as u64;
        self.entries[at + 1] = (count >> 64) as u64;
        self.entries[at + 2] = u64::from(zdd) | u64::from((cost as f32).to_bits()) << 32;
    }

    /// The count, ZDD node and cost of entry `e`.
    #[inline]
    pub(crate) fn get(&self, e: u32) -> (u128, u32, f64) {
        let at = e as usize * self.stride() + self.words;
        let count = u128::from(self.entries[at]) | u128::from(self.entries[at + 1]) << 64;
        let last = self.entries[at + 2];
        let cost = f32::from_bits((last >> 32) as u32);
        (count, last as u32, f64::from(cost))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_found_by_their_whole_value() {
        let mut cache = Cache::new(2, 1 << 20);
        let a = [1u64, 2];
        let b = [1u64, 3];
        // The same hash for both: only the keys tell them apart.
        assert_eq!(cache.probe(&a, 7), Probe::New(0));
        assert_eq!(cache.probe(&b, 7), Probe::New(1));
        cache.set(0, 10, 0, 5.0);
        cache.set(1, 20, 0, 6.0);
        assert_eq!(cache.probe(&a, 7), Probe::Hit(0));
        assert_eq!(cache.probe(&b, 7), Probe::Hit(1));
        assert_eq!(cache.get(1), (20, 0, 6.0));
    }

    #[test]
    fn the_table_grows_and_keeps_every_entry() {
        let mut cache = Cache::new(1, 1 << 24);
        for k in 0..10_000u64 {
            let key = [k * 977];
            assert_eq!(cache.probe(&key, Cache::hash(&key)), Probe::New(k as u32));
            cache.set(k as u32, u128::from(k), 0, 0.0);
        }
        for k in 0..10_000u64 {
            let key = [k * 977];
            assert_eq!(cache.probe(&key, Cache::hash(&key)), Probe::Hit(k as u32));
        }
        assert!(cache.bytes() <= 1 << 24);
    }

    /// Issue 39: under 32 KiB (the first table of 4,096 slots) the cache
    /// stored nothing; now it stores what its budget holds, down to one
    /// entry at `least_budget`, and nothing below.
    #[test]
    fn a_small_budget_stores_what_it_holds() {
        for words in [1, 4, 40] {
            let least = Cache::least_budget(words);
            for budget in [least - 1, least, least + 100, 1000, 4096, 20_000, 32 * 1024] {
                let mut cache = Cache::new(words, budget);
                let mut stored = 0usize;
                for k in 0..100_000u64 {
                    let key: Vec<u64> = (0..words as u64).map(|w| k * 31 + w).collect();
                    match cache.probe(&key, Cache::hash(&key)) {
                        Probe::New(_) => stored += 1,
                        Probe::Full => break,
                        Probe::Hit(_) => unreachable!("every key is new"),
                    }
                }
                assert!(cache.is_full());
                assert!(
                    cache.bytes() <= budget,
                    "{} bytes of {budget}",
                    cache.bytes()
                );
                let entry = (words + EXTRA) * 8;
                if budget < least {
                    assert_eq!(stored, 0, "{words} words, {budget} bytes");
                } else {
                    // At least a third of the budget holds entries.
                    assert!(
                        stored >= 1 && stored * entry * 3 >= budget - 16,
                        "{words} words, {budget} bytes: {stored}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_full_cache_keeps_its_entries_and_stores_no_more() {
        let budget = 64 * 1024;
        let mut cache = Cache::new(4, budget);
        let mut stored = 0;
        for k in 0..100_000u64 {
            let key = [k, k + 1, k + 2, k + 3];
            match cache.probe(&key, Cache::hash(&key)) {
                Probe::New(_) => stored += 1,
                Probe::Full => break,
                Probe::Hit(_) => unreachable!("every key is new"),
            }
        }
        assert!(cache.is_full());
        assert!(stored > 100, "{stored} entries in 64 KiB");
        assert!(cache.bytes() <= budget, "{} bytes", cache.bytes());
        let key = [0, 1, 2, 3];
        assert_eq!(cache.probe(&key, Cache::hash(&key)), Probe::Hit(0));
        let key = [1u64 << 40, 0, 0, 0];
        assert_eq!(cache.probe(&key, Cache::hash(&key)), Probe::Full);
    }
}

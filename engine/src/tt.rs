//! The transposition table: what earlier searches learnt about a position, keyed by its
//! Zobrist hash.

use dama_rules::{Bitboard, Move};

/// What a stored score means relative to the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is the value.
    Exact,
    /// The value is at least the score (the search failed high).
    Lower,
    /// The value is at most the score (no move reached alpha).
    Upper,
}

/// A move as the table keeps it: enough to find it again among the legal moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct MoveKey {
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) captured: u64,
}

impl MoveKey {
    pub(crate) fn of(m: &Move) -> MoveKey {
        MoveKey {
            from: m.from().index(),
            to: m.to().index(),
            captured: m.captured().0,
        }
    }

    pub(crate) fn matches(self, m: &Move) -> bool {
        self.from == m.from().index()
            && self.to == m.to().index()
            && Bitboard(self.captured) == m.captured()
    }
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    pub(crate) key: u64,
    /// The search that wrote it: entries of earlier searches (earlier moves of the game) stay
    /// usable, but are the first to be replaced.
    pub(crate) generation: u8,
    pub(crate) best: Option<MoveKey>,
    pub(crate) score: i32,
    pub(crate) depth: i32,
    pub(crate) bound: Bound,
}

/// A fixed-size hash table: a new result replaces the old one unless the old one is a deeper
/// bound on the same position from the same search.
#[derive(Debug)]
pub(crate) struct Table {
    entries: Vec<Option<Entry>>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of about `megabytes` MB (a power of two number of entries, at least 1024).
    pub(crate) fn new(megabytes: usize) -> Table {
        let want = megabytes.saturating_mul(1 << 20) / size_of::<Option<Entry>>();
        let len = want.max(1024).next_power_of_two() / 2;
        let len = len.max(1024);
        Table {
            entries: vec![None; len],
            mask: len - 1,
            generation: 0,
        }
    }

    /// Forgets everything, so the next search does not depend on earlier ones.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(None);
        self.generation = 0;
    }

    /// Starts a new search: what earlier ones stored stays usable until it is replaced.
    pub(crate) fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Stores `entry` (its generation is set to the current one).
    pub(crate) fn store(&mut self, entry: Entry) {
        let entry = Entry {
            generation: self.generation,
            ..entry
        };
        let slot = &mut self.entries[entry.key as usize & self.mask];
        // Keep a deeper result for the same position; anything else is replaced, which keeps
        // the table fresh for the current search.
        if let Some(old) = slot
            && old.generation == entry.generation
            && old.key == entry.key
            && old.depth > entry.depth
            && entry.bound != Bound::Exact
        {
            return;
        }
        *slot = Some(entry);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, depth: i32, bound: Bound) -> Entry {
        Entry {
            key,
            generation: 0,
            best: None,
            score: depth * 10,
            depth,
            bound,
        }
    }

    #[test]
    fn a_stored_entry_is_found_by_its_key_only() {
        let mut table = Table::new(1);
        table.store(entry(12345, 3, Bound::Exact));
        assert_eq!(table.probe(12345).map(|e| e.depth), Some(3));
        assert!(table.probe(12345 + (1 << 40)).is_none());
    }

    #[test]
    fn a_shallower_bound_does_not_replace_a_deeper_result() {
        let mut table = Table::new(1);
        table.store(entry(7, 6, Bound::Lower));
        table.store(entry(7, 2, Bound::Upper));
        assert_eq!(table.probe(7).map(|e| e.depth), Some(6));
        table.store(entry(7, 2, Bound::Exact));
        assert_eq!(table.probe(7).map(|e| e.depth), Some(2));
    }

    #[test]
    fn clearing_hides_every_earlier_entry() {
        let mut table = Table::new(1);
        table.store(entry(99, 1, Bound::Exact));
        table.clear();
        assert!(table.probe(99).is_none());
    }

    #[test]
    fn an_earlier_search_is_remembered_but_gives_way() {
        let mut table = Table::new(1);
        table.store(entry(5, 6, Bound::Lower));
        table.new_search();
        assert_eq!(table.probe(5).map(|e| e.depth), Some(6));
        // A shallower bound from the new search replaces the old search's deeper one.
        table.store(entry(5, 2, Bound::Upper));
        assert_eq!(table.probe(5).map(|e| e.depth), Some(2));
    }

    #[test]
    fn the_table_size_follows_the_requested_megabytes() {
        let small = Table::new(1).entries.len();
        let big = Table::new(4).entries.len();
        assert!(small.is_power_of_two());
        assert_eq!(big, small * 4);
    }
}

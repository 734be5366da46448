//! The transposition table: a plain array of 16-byte entries indexed by the low bits of a
//! position's Zobrist key. The full key is kept to reject collisions, so a hit is the same
//! position. Replacement: a new entry takes the slot, except that a deeper bound of the same
//! position is kept and the same position keeps its best move when the new entry has none.

use crate::score::{to_node_relative, to_root_relative, MATE};
use std::marker::PhantomData;

/// A move that fits the table's 16 bits.
pub trait PackedMove: Copy {
    /// The move as a number other than `u16::MAX` (the table's "no move").
    fn pack(self) -> u16;
    /// The move `pack` gave this number for.
    fn unpack(code: u16) -> Self;
}

/// How many entries of type `E` a table of at most `bytes` bytes holds: the most a power of two
/// of them that fits, and at least `min_len` (a power of two), so that an index is a key's low
/// bits.
pub fn table_len<E>(bytes: usize, min_len: usize) -> usize {
    let wanted = (bytes / std::mem::size_of::<E>()).max(min_len);
    if wanted.is_power_of_two() {
        wanted
    } else {
        wanted.next_power_of_two() / 2
    }
}

/// What a stored score says of the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The exact value.
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (the search failed low).
    Upper,
}

impl Bound {
    /// What the best score of a node says, given the window `(alpha, beta)` it was searched
    /// with: at least that much after a cutoff, exactly that inside the window, at most that
    /// when no move raised alpha.
    #[inline]
    pub fn of(score: i32, alpha: i32, beta: i32) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// What the table knows of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableHit<M> {
    /// The draft of the search that stored it.
    pub depth: i32,
    /// Its score for the side to move, results counted from the root of the probing search.
    pub score: i32,
    /// What the score says.
    pub bound: Bound,
    /// The best (or refuting) move found, if any.
    pub best: Option<M>,
}

impl<M> TableHit<M> {
    /// The score to return at once from a node searched to `depth` with window
    /// `(alpha, beta)`, when this entry is deep enough to decide it.
    #[inline]
    pub fn cutoff(&self, depth: i32, alpha: i32, beta: i32) -> Option<i32> {
        if self.depth < depth {
            return None;
        }
        match self.bound {
            Bound::Exact => Some(self.score),
            Bound::Lower if self.score >= beta => Some(self.score),
            Bound::Upper if self.score <= alpha => Some(self.score),
            _ => None,
        }
    }
}

const NO_MOVE: u16 = u16::MAX;

/// One slot: `key u64 | best u16 | score i16 | depth i8 | bound u8 (0 = empty)`.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    best: u16,
    score: i16,
    depth: i8,
    bound: u8,
}

const _: () = assert!(std::mem::size_of::<Slot>() == 16);

/// The table, for a game whose moves are `M`.
pub struct TranspositionTable<M> {
    slots: Vec<Slot>,
    mask: usize,
    moves: PhantomData<M>,
}

impl<M: PackedMove> TranspositionTable<M> {
    /// A table of at most `bytes` bytes (a power of two of 16-byte entries, at least one).
    pub fn with_bytes(bytes: usize) -> Self {
        let len = table_len::<Slot>(bytes, 1);
        TranspositionTable {
            slots: vec![Slot::default(); len],
            mask: len - 1,
            moves: PhantomData,
        }
    }

    /// The memory the entries take.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>()
    }

    /// Forgets every position.
    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
    }

    /// The entry of the position with key `key`, probed `ply` plies from the root.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<TableHit<M>> {
        let slot = self.slots[key as usize & self.mask];
        let bound = match slot.bound {
            _ if slot.key != key => return None,
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(TableHit {
            depth: i32::from(slot.depth),
            score: to_root_relative(i32::from(slot.score), ply),
            bound,
            best: (slot.best != NO_MOVE).then(|| M::unpack(slot.best)),
        })
    }

    /// What the table says at a node of a search at `depth` within `(alpha, beta)`: the stored
    /// move, and the score that ends the node, if an entry deep enough has a bound that cuts.
    /// A principal variation node (`pv_node`) is searched all the same, for its exact score.
    #[inline]
    pub fn probe_node(
        &self,
        key: u64,
        (ply, depth): (usize, i32),
        (alpha, beta): (i32, i32),
        pv_node: bool,
    ) -> (Option<M>, Option<i32>) {
        match self.probe(key, ply) {
            Some(entry) => {
                let cutoff = entry.cutoff(depth, alpha, beta).filter(|_| !pv_node);
                (entry.best, cutoff)
            }
            None => (None, None),
        }
    }

    /// Records what a search of `depth` plies found at a node `ply` plies from the root.
    /// Depths are kept within `i8` and scores must lie within ±`MATE`.
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        ply: usize,
        depth: i32,
        score: i32,
        bound: Bound,
        best: Option<M>,
    ) {
        debug_assert!(score.abs() <= MATE, "score {score} out of range");
        let slot = &mut self.slots[key as usize & self.mask];
        let same_position = slot.bound != 0 && slot.key == key;
        if same_position && i32::from(slot.depth) > depth && bound != Bound::Exact {
            return;
        }
        let best = match best {
            Some(mv) => mv.pack(),
            None if same_position => slot.best,
            None => NO_MOVE,
        };
        *slot = Slot {
            key,
            best,
            score: to_node_relative(score, ply) as i16,
            depth: depth.clamp(i32::from(i8::MIN), i32::from(i8::MAX)) as i8,
            bound: match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            },
        };
    }
}

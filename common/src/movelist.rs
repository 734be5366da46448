//! A fixed-capacity list of moves on the stack, so that move generation never allocates.

use std::fmt;
use std::ops::{Deref, DerefMut};

/// At most `N` moves of type `M`, kept in an array. Each game names its own with the capacity
/// its positions need (`pub type MoveList = common::movelist::MoveList<Move, 64>;`) and proves
/// that capacity in a test; pushing past it panics.
///
/// It dereferences to a slice, so `len`, `iter`, `contains`, sorting and indexing are the
/// slice's.
#[derive(Clone, Copy)]
pub struct MoveList<M, const N: usize> {
    moves: [M; N],
    len: usize,
}

impl<M: Copy + Default, const N: usize> MoveList<M, N> {
    /// The most moves the list holds.
    pub const CAPACITY: usize = N;

    /// An empty list.
    pub fn new() -> Self {
        MoveList {
            moves: [M::default(); N],
            len: 0,
        }
    }
}

impl<M: Copy, const N: usize> MoveList<M, N> {
    /// Appends a move.
    #[inline]
    pub fn push(&mut self, mv: M) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// Removes every move.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves.
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        &self.moves[..self.len]
    }

    /// The moves, for reordering.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        &mut self.moves[..self.len]
    }
}

impl<M: Copy + Default, const N: usize> Default for MoveList<M, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Copy, const N: usize> Deref for MoveList<M, N> {
    type Target = [M];
    #[inline]
    fn deref(&self) -> &[M] {
        self.as_slice()
    }
}

impl<M: Copy, const N: usize> DerefMut for MoveList<M, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [M] {
        self.as_mut_slice()
    }
}

impl<'a, M: Copy, const N: usize> IntoIterator for &'a MoveList<M, N> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<M: Copy + fmt::Debug, const N: usize> fmt::Debug for MoveList<M, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::MoveList;

    #[test]
    fn holds_pushed_moves_in_order() {
        let mut list = MoveList::<u8, 4>::new();
        assert!(list.is_empty());
        list.push(3);
        list.push(1);
        list.push(2);
        assert_eq!(list.as_slice(), &[3, 1, 2]);
        assert_eq!(list.len(), 3);
        assert!(list.contains(&1));
        list.sort_unstable();
        assert_eq!(&list[..], &[1, 2, 3]);
        assert_eq!(list.iter().copied().sum::<u8>(), 6);
        list.clear();
        assert!(list.is_empty());
        assert_eq!(format!("{list:?}"), "[]");
    }

    #[test]
    #[should_panic]
    fn pushing_past_capacity_panics() {
        let mut list = MoveList::<u8, 2>::new();
        for mv in 0..3 {
            list.push(mv);
        }
    }
}

// A subset of arrayvec 0.7.8 (MIT or Apache-2.0). Its MIT licence notice:
//
// Copyright (c) Ulrik Sverdrup "bluss" 2015-2023
//
// Permission is hereby granted, free of charge, to any
// person obtaining a copy of this software and associated
// documentation files (the "Software"), to deal in the
// Software without restriction, including without
// limitation the rights to use, copy, modify, merge,
// publish, distribute, sublicense, and/or sell copies of
// the Software, and to permit persons to whom the Software
// is furnished to do so, subject to the following
// conditions:
//
// The above copyright notice and this permission notice
// shall be included in all copies or substantial portions
// of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF
// ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED
// TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A
// PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT
// SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY
// CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION
// OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR
// IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
// DEALINGS IN THE SOFTWARE.

// The subset the bots may use, for the one-file bundles (scripts/bundle.sh): `ArrayVec`
// (construction, push and pop, insertion and removal, `retain`, the slice it derefs to, its
// iterators, equality and hashing) and `CapacityError`, with the same paths and behaviour. One
// difference, the price of having no `unsafe`: the spare slots hold values of `T` rather than
// uninitialised memory, so building a list, or taking one element out of it (`pop`, `remove`,
// `swap_remove`), needs `T: Default`.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{Deref, DerefMut};

/// A vector of at most `CAP` elements, stored inline.
pub struct ArrayVec<T, const CAP: usize> {
    // `xs[..len]` are the elements; the rest hold defaults or removed elements, never read.
    xs: [T; CAP],
    len: usize,
}

impl<T: Default, const CAP: usize> ArrayVec<T, CAP> {
    /// An empty list.
    pub fn new() -> ArrayVec<T, CAP> {
        ArrayVec {
            xs: std::array::from_fn(|_| T::default()),
            len: 0,
        }
    }

    /// Removes and returns the last element, if any.
    pub fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(std::mem::take(&mut self.xs[self.len]))
    }

    /// Removes the element at `index`, replacing it by the last one; panics if out of bounds.
    pub fn swap_remove(&mut self, index: usize) -> T {
        assert!(
            index < self.len,
            "ArrayVec::swap_remove: index {index} is out of bounds"
        );
        self.xs.swap(index, self.len - 1);
        self.pop().unwrap()
    }

    /// Removes the element at `index`, shifting the rest down; panics if out of bounds.
    pub fn remove(&mut self, index: usize) -> T {
        assert!(
            index < self.len,
            "ArrayVec::remove: index {index} is out of bounds"
        );
        self.xs[index..self.len].rotate_left(1);
        self.pop().unwrap()
    }
}

impl<T, const CAP: usize> ArrayVec<T, CAP> {
    /// The number of elements.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no element.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// `CAP`.
    #[inline]
    pub const fn capacity(&self) -> usize {
        CAP
    }

    /// Whether the list holds `CAP` elements.
    #[inline]
    pub const fn is_full(&self) -> bool {
        self.len == CAP
    }

    /// How many more elements fit.
    #[inline]
    pub const fn remaining_capacity(&self) -> usize {
        CAP - self.len
    }

    /// Keeps the first `new_len` elements (all of them if there are fewer).
    pub fn truncate(&mut self, new_len: usize) {
        // The dropped elements stay in their slots, unread, until overwritten.
        self.len = self.len.min(new_len);
    }

    /// Removes every element.
    pub fn clear(&mut self) {
        self.truncate(0);
    }

    /// Keeps the elements for which `f` is true, in order.
    pub fn retain<F: FnMut(&mut T) -> bool>(&mut self, mut f: F) {
        let mut kept = 0;
        for i in 0..self.len {
            if f(&mut self.xs[i]) {
                self.xs.swap(kept, i);
                kept += 1;
            }
        }
        self.truncate(kept);
    }

    /// Appends `element`; panics if the list is full.
    #[track_caller]
    pub fn push(&mut self, element: T) {
        self.try_push(element).unwrap()
    }

    /// Appends `element`, or gives it back in the error if the list is full.
    pub fn try_push(&mut self, element: T) -> Result<(), CapacityError<T>> {
        if self.len == CAP {
            return Err(CapacityError::new(element));
        }
        self.xs[self.len] = element;
        self.len += 1;
        Ok(())
    }

    /// Inserts `element` at `index`, shifting the rest up; panics if `index > len` or if full.
    #[track_caller]
    pub fn insert(&mut self, index: usize, element: T) {
        self.try_insert(index, element).unwrap()
    }

    /// Inserts `element` at `index`, or gives it back if the list is full; panics if
    /// `index > len`.
    pub fn try_insert(&mut self, index: usize, element: T) -> Result<(), CapacityError<T>> {
        assert!(
            index <= self.len,
            "ArrayVec::try_insert: index {index} is out of bounds"
        );
        self.try_push(element)?;
        self.xs[index..self.len].rotate_right(1);
        Ok(())
    }

    /// Appends a copy of `other`, or nothing if it does not fit.
    pub fn try_extend_from_slice(&mut self, other: &[T]) -> Result<(), CapacityError>
    where
        T: Copy,
    {
        if self.remaining_capacity() < other.len() {
            return Err(CapacityError::new(()));
        }
        self.xs[self.len..self.len + other.len()].copy_from_slice(other);
        self.len += other.len();
        Ok(())
    }

    /// The elements.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        &self.xs[..self.len]
    }

    /// The elements, mutably.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.xs[..self.len]
    }
}

impl<T, const CAP: usize> Deref for ArrayVec<T, CAP> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T, const CAP: usize> DerefMut for ArrayVec<T, CAP> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

impl<T, const CAP: usize> From<[T; CAP]> for ArrayVec<T, CAP> {
    fn from(xs: [T; CAP]) -> Self {
        ArrayVec { xs, len: CAP }
    }
}

impl<'a, T, const CAP: usize> IntoIterator for &'a ArrayVec<T, CAP> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T, const CAP: usize> IntoIterator for &'a mut ArrayVec<T, CAP> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl<T, const CAP: usize> IntoIterator for ArrayVec<T, CAP> {
    type Item = T;
    type IntoIter = IntoIter<T, CAP>;
    fn into_iter(self) -> IntoIter<T, CAP> {
        IntoIter {
            inner: self.xs.into_iter().take(self.len),
        }
    }
}

/// The elements of an [`ArrayVec`], by value.
pub struct IntoIter<T, const CAP: usize> {
    inner: std::iter::Take<std::array::IntoIter<T, CAP>>,
}

impl<T, const CAP: usize> Iterator for IntoIter<T, CAP> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        self.inner.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<T, const CAP: usize> DoubleEndedIterator for IntoIter<T, CAP> {
    fn next_back(&mut self) -> Option<T> {
        self.inner.next_back()
    }
}

impl<T, const CAP: usize> ExactSizeIterator for IntoIter<T, CAP> {}

impl<T, const CAP: usize> Extend<T> for ArrayVec<T, CAP> {
    /// Appends every element of `iter`; panics if they do not fit.
    #[track_caller]
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for element in iter {
            if self.try_push(element).is_err() {
                panic!("ArrayVec: capacity exceeded in extend/from_iter");
            }
        }
    }
}

impl<T: Default, const CAP: usize> FromIterator<T> for ArrayVec<T, CAP> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut array = ArrayVec::new();
        array.extend(iter);
        array
    }
}

impl<T: Clone, const CAP: usize> Clone for ArrayVec<T, CAP> {
    fn clone(&self) -> Self {
        ArrayVec {
            xs: self.xs.clone(),
            len: self.len,
        }
    }
}

impl<T: Hash, const CAP: usize> Hash for ArrayVec<T, CAP> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        Hash::hash(&**self, state)
    }
}

impl<T: PartialEq, const CAP: usize> PartialEq for ArrayVec<T, CAP> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: PartialEq, const CAP: usize> PartialEq<[T]> for ArrayVec<T, CAP> {
    fn eq(&self, other: &[T]) -> bool {
        **self == *other
    }
}

impl<T: Eq, const CAP: usize> Eq for ArrayVec<T, CAP> {}

impl<T: fmt::Debug, const CAP: usize> fmt::Debug for ArrayVec<T, CAP> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        (**self).fmt(f)
    }
}

impl<T: Default, const CAP: usize> Default for ArrayVec<T, CAP> {
    fn default() -> Self {
        ArrayVec::new()
    }
}

/// The error of a list that is full, holding the element that did not fit.
#[derive(Clone, Copy, Eq, PartialEq)]
pub struct CapacityError<T = ()> {
    element: T,
}

impl<T> CapacityError<T> {
    /// The error carrying `element`.
    pub const fn new(element: T) -> CapacityError<T> {
        CapacityError { element }
    }

    /// The element that did not fit.
    pub fn element(self) -> T {
        self.element
    }
}

impl<T> fmt::Display for CapacityError<T> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("insufficient capacity")
    }
}

impl<T> fmt::Debug for CapacityError<T> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("CapacityError: insufficient capacity")
    }
}

impl<T: std::any::Any> std::error::Error for CapacityError<T> {}

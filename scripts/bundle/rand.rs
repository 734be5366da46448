// A subset of rand 0.8.8 and rand_core 0.6.4 (MIT or Apache-2.0). Their MIT licence notice:
//
// Copyright 2018 Developers of the Rand project
// Copyright (c) 2014 The Rust Project Developers
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

// The subset the bots may use, for the one-file bundles (scripts/bundle.sh): `rngs::SmallRng`
// (Xoshiro256++, rand's choice on 64-bit targets), `SeedableRng::seed_from_u64` (rand_core's
// PCG32 expansion), `RngCore::{next_u32, next_u64}`, `Rng::{gen, gen_range, gen_bool}` for the
// primitive integers (but 128-bit), `bool` and floats, and `seq::SliceRandom::{choose, shuffle}`:
// the same paths, algorithms and values as the crates on 64-bit targets, and a panic where they
// panic.

use self::distributions::uniform::{SampleRange, SampleUniform};
use self::distributions::{Distribution, Standard};

/// The core of a random number generator.
pub trait RngCore {
    /// The next random `u32`.
    fn next_u32(&mut self) -> u32;
    /// The next random `u64`.
    fn next_u64(&mut self) -> u64;
}

impl<R: RngCore + ?Sized> RngCore for &mut R {
    fn next_u32(&mut self) -> u32 {
        (**self).next_u32()
    }
    fn next_u64(&mut self) -> u64 {
        (**self).next_u64()
    }
}

/// A generator built from a seed.
pub trait SeedableRng: Sized {
    /// The generator of rand_core's seed expansion of `state`.
    fn seed_from_u64(state: u64) -> Self;
}

/// What every generator offers on top of [`RngCore`].
pub trait Rng: RngCore {
    /// A value of the `Standard` distribution: an integer over its whole range, a float in
    /// `[0, 1)`, a fair `bool`.
    fn gen<T>(&mut self) -> T
    where
        Standard: Distribution<T>,
    {
        Standard.sample(self)
    }

    /// A value uniformly drawn from `range` (`a..b` or `a..=b`); panics if it is empty.
    fn gen_range<T: SampleUniform, R: SampleRange<T>>(&mut self, range: R) -> T {
        assert!(!range.is_empty(), "cannot sample empty range");
        range.sample_single(self)
    }

    /// `true` with probability `p`; panics unless `0 <= p <= 1`.
    fn gen_bool(&mut self, p: f64) -> bool {
        // rand's Bernoulli: `p` scaled to 2^64; 1 cannot be, and is always true without a draw.
        if p == 1.0 {
            return true;
        }
        assert!((0.0..1.0).contains(&p), "p is outside [0, 1]");
        self.next_u64() < (p * (2.0 * (1u64 << 63) as f64)) as u64
    }
}

impl<R: RngCore + ?Sized> Rng for R {}

/// The generators.
pub mod rngs {
    use super::{RngCore, SeedableRng};

    /// A small, fast generator, not for cryptography: Xoshiro256++.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct SmallRng {
        s: [u64; 4],
    }

    // rand_core's PCG32 step, whose outputs, little-endian, make the seed's bytes.
    fn pcg32(state: &mut u64) -> u64 {
        *state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(11634580027462260723);
        let xorshifted = (((*state >> 18) ^ *state) >> 27) as u32;
        xorshifted.rotate_right((*state >> 59) as u32) as u64
    }

    impl SeedableRng for SmallRng {
        fn seed_from_u64(mut state: u64) -> SmallRng {
            // rand replaces an all-zero seed, which eight PCG32 outputs never make.
            let mut s = [0; 4];
            for word in &mut s {
                let low = pcg32(&mut state);
                *word = low | pcg32(&mut state) << 32;
            }
            SmallRng { s }
        }
    }

    impl RngCore for SmallRng {
        fn next_u32(&mut self) -> u32 {
            (self.next_u64() >> 32) as u32
        }

        fn next_u64(&mut self) -> u64 {
            let s = &mut self.s;
            let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
            let t = s[1] << 17;
            s[2] ^= s[0];
            s[3] ^= s[1];
            s[1] ^= s[2];
            s[0] ^= s[3];
            s[2] ^= t;
            s[3] = s[3].rotate_left(45);
            result
        }
    }
}

/// The `Standard` distribution behind [`Rng::gen`] and the uniform one behind [`Rng::gen_range`].
pub mod distributions {
    use super::Rng;

    /// Something that draws values of `T`.
    pub trait Distribution<T> {
        /// A value drawn with `rng`.
        fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> T;
    }

    /// Integers over their whole range, floats in `[0, 1)`, fair booleans.
    #[derive(Clone, Copy, Debug)]
    pub struct Standard;

    macro_rules! standard {
        ($($ty:ty: $rng:ident => $value:expr;)*) => {$(
            impl Distribution<$ty> for Standard {
                fn sample<R: Rng + ?Sized>(&self, $rng: &mut R) -> $ty {
                    $value
                }
            }
        )*};
    }
    standard! {
        u8: rng => rng.next_u32() as u8;
        u16: rng => rng.next_u32() as u16;
        u32: rng => rng.next_u32();
        u64: rng => rng.next_u64();
        usize: rng => rng.next_u64() as usize;
        i8: rng => rng.next_u32() as i8;
        i16: rng => rng.next_u32() as i16;
        i32: rng => rng.next_u32() as i32;
        i64: rng => rng.next_u64() as i64;
        isize: rng => rng.next_u64() as isize;
        // The most significant bit.
        bool: rng => (rng.next_u32() as i32) < 0;
        // The high 24 or 53 bits, scaled to [0, 1).
        f32: rng => (rng.next_u32() >> 8) as f32 * (1.0 / (1u32 << 24) as f32);
        f64: rng => (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64);
    }

    /// Uniform sampling from a range.
    pub mod uniform {
        use super::super::{Rng, RngCore};
        use std::ops::{Range, RangeInclusive};

        /// A type [`Rng::gen_range`](super::super::Rng::gen_range) can draw.
        pub trait SampleUniform: PartialOrd + Sized {
            /// A value in `low..=high` (`low <= high`).
            fn sample_inclusive<R: RngCore + ?Sized>(low: Self, high: Self, rng: &mut R) -> Self;
            /// A value in `low..high` (`low < high`).
            fn sample_exclusive<R: RngCore + ?Sized>(low: Self, high: Self, rng: &mut R) -> Self;
        }

        /// A range [`Rng::gen_range`](super::super::Rng::gen_range) accepts: `a..b` or `a..=b`.
        pub trait SampleRange<T> {
            /// A value drawn from the range.
            fn sample_single<R: RngCore + ?Sized>(self, rng: &mut R) -> T;
            /// Whether the range holds no value (a NaN bound included).
            fn is_empty(&self) -> bool;
        }

        impl<T: SampleUniform> SampleRange<T> for Range<T> {
            fn sample_single<R: RngCore + ?Sized>(self, rng: &mut R) -> T {
                T::sample_exclusive(self.start, self.end, rng)
            }
            fn is_empty(&self) -> bool {
                self.start.partial_cmp(&self.end) != Some(std::cmp::Ordering::Less)
            }
        }

        impl<T: SampleUniform> SampleRange<T> for RangeInclusive<T> {
            fn sample_single<R: RngCore + ?Sized>(self, rng: &mut R) -> T {
                let (low, high) = self.into_inner();
                T::sample_inclusive(low, high, rng)
            }
            fn is_empty(&self) -> bool {
                self.start()
                    .partial_cmp(self.end())
                    .map_or(true, |order| order.is_gt())
            }
        }

        // Integers: Lemire's widening multiply with rejection, on `$large` draws; the zone is exact
        // for 8 and 16 bits, a fast bound above.
        macro_rules! uniform_int {
            ($($ty:ty, $unsigned:ty, $large:ty, $wide:ty;)*) => {$(
                impl SampleUniform for $ty {
                    fn sample_exclusive<R: RngCore + ?Sized>(low: $ty, high: $ty, rng: &mut R) -> $ty {
                        Self::sample_inclusive(low, high - 1, rng)
                    }

                    fn sample_inclusive<R: RngCore + ?Sized>(low: $ty, high: $ty, rng: &mut R) -> $ty {
                        let range = high.wrapping_sub(low).wrapping_add(1) as $unsigned as $large;
                        // A wrap to 0 is the whole type.
                        if range == 0 {
                            return rng.gen();
                        }
                        let zone = if std::mem::size_of::<$unsigned>() <= 2 {
                            <$large>::MAX - (<$large>::MAX - range + 1) % range
                        } else {
                            (range << range.leading_zeros()).wrapping_sub(1)
                        };
                        loop {
                            let product = rng.gen::<$large>() as $wide * range as $wide;
                            if product as $large <= zone {
                                return low.wrapping_add((product >> <$large>::BITS) as $ty);
                            }
                        }
                    }
                }
            )*};
        }
        uniform_int! {
            u8, u8, u32, u64; u16, u16, u32, u64; u32, u32, u32, u64; u64, u64, u64, u128;
            usize, usize, usize, u128; i8, u8, u32, u64; i16, u16, u32, u64; i32, u32, u32, u64;
            i64, u64, u64, u128; isize, usize, usize, u128;
        }

        // Floats: a draw's high bits as the mantissa of exponent 0 make a value in [1, 2); minus
        // 1, scaled.
        macro_rules! uniform_float {
            ($($ty:ty, $bits:ty, $draw:ident, $shift:expr;)*) => {$(
                impl SampleUniform for $ty {
                    fn sample_exclusive<R: RngCore + ?Sized>(low: $ty, high: $ty, rng: &mut R) -> $ty {
                        let scale = high - low;
                        assert!(scale.is_finite(), "range overflow");
                        loop {
                            let unit = <$ty>::from_bits((rng.$draw() >> $shift) | (1.0 as $ty).to_bits());
                            let res = (unit - 1.0) * scale + low;
                            if res < high {
                                return res;
                            }
                        }
                    }

                    fn sample_inclusive<R: RngCore + ?Sized>(low: $ty, high: $ty, rng: &mut R) -> $ty {
                        let max_unit = <$ty>::from_bits((<$bits>::MAX >> $shift) | (1.0 as $ty).to_bits());
                        let mut scale = (high - low) / (max_unit - 1.0);
                        assert!(scale.is_finite(), "range overflow");
                        // The largest draw must not pass `high`: shrink the scale ulp by ulp.
                        while scale * (max_unit - 1.0) + low > high {
                            scale = <$ty>::from_bits(scale.to_bits() - 1);
                        }
                        let unit = <$ty>::from_bits((rng.$draw() >> $shift) | (1.0 as $ty).to_bits());
                        (unit - 1.0) * scale + low
                    }
                }
            )*};
        }
        uniform_float! { f32, u32, next_u32, 32 - 23; f64, u64, next_u64, 64 - 52; }
    }
}

/// Random choices from slices.
pub mod seq {
    use super::Rng;

    /// Choosing from and shuffling a slice.
    pub trait SliceRandom {
        /// The element type.
        type Item;
        /// A uniformly chosen element, or `None` if the slice is empty.
        fn choose<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<&Self::Item>;
        /// Shuffles the slice in place (Fisher-Yates, from the end).
        fn shuffle<R: Rng + ?Sized>(&mut self, rng: &mut R);
    }

    impl<T> SliceRandom for [T] {
        type Item = T;

        fn choose<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<&T> {
            if self.is_empty() {
                return None;
            }
            Some(&self[index_below(rng, self.len())])
        }

        fn shuffle<R: Rng + ?Sized>(&mut self, rng: &mut R) {
            for i in (1..self.len()).rev() {
                self.swap(i, index_below(rng, i + 1));
            }
        }
    }

    // An index below `bound`, drawn as a u32 when it fits (so that 32- and 64-bit targets agree).
    fn index_below<R: Rng + ?Sized>(rng: &mut R, bound: usize) -> usize {
        if bound <= u32::MAX as usize {
            rng.gen_range(0..bound as u32) as usize
        } else {
            rng.gen_range(0..bound)
        }
    }
}

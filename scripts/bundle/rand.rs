// rand 0.8.8 and rand_core 0.6.4 are licensed under MIT or Apache-2.0; their MIT licence notice:
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
//
// A faithful subset of rand 0.8.8 (with the rand_core 0.6.4 traits it re-exports) for the one-file
// bundles (scripts/bundle.sh): `rngs::SmallRng` (Xoshiro256++, as on every 64-bit target),
// `SeedableRng::{from_seed, seed_from_u64}`, `RngCore::{next_u32, next_u64}`,
// `Rng::{gen, gen_range, gen_bool}` and `seq::SliceRandom::{choose, shuffle}`: the same paths, the
// same algorithms and the same values as the crates, for integers, `bool` and floats.

use self::distributions::uniform::{SampleRange, SampleUniform};
use self::distributions::{Distribution, Standard};

/// The core of a random number generator (rand_core's trait, reduced to its integer outputs).
pub trait RngCore {
    /// The next random `u32`.
    fn next_u32(&mut self) -> u32;
    /// The next random `u64`.
    fn next_u64(&mut self) -> u64;
}

impl<R: RngCore + ?Sized> RngCore for &mut R {
    #[inline]
    fn next_u32(&mut self) -> u32 {
        (**self).next_u32()
    }

    #[inline]
    fn next_u64(&mut self) -> u64 {
        (**self).next_u64()
    }
}

/// A generator that can be built from a seed.
pub trait SeedableRng: Sized {
    /// The seed: an array of bytes.
    type Seed: Sized + Default + AsMut<[u8]>;

    /// The generator of this seed.
    fn from_seed(seed: Self::Seed) -> Self;

    /// rand_core's expansion of a `u64` into a seed: PCG32 outputs, little-endian.
    fn seed_from_u64(mut state: u64) -> Self {
        fn pcg32(state: &mut u64) -> [u8; 4] {
            const MUL: u64 = 6364136223846793005;
            const INC: u64 = 11634580027462260723;
            *state = state.wrapping_mul(MUL).wrapping_add(INC);
            let state = *state;
            let xorshifted = (((state >> 18) ^ state) >> 27) as u32;
            let rot = (state >> 59) as u32;
            xorshifted.rotate_right(rot).to_le_bytes()
        }

        let mut seed = Self::Seed::default();
        for chunk in seed.as_mut().chunks_mut(4) {
            let len = chunk.len();
            chunk.copy_from_slice(&pcg32(&mut state)[..len]);
        }
        Self::from_seed(seed)
    }
}

/// What every generator offers on top of [`RngCore`].
pub trait Rng: RngCore {
    /// A value of the `Standard` distribution: any integer, or a float in `[0, 1)`, or a fair
    /// `bool`.
    #[inline]
    fn gen<T>(&mut self) -> T
    where
        Standard: Distribution<T>,
    {
        Standard.sample(self)
    }

    /// A value uniformly drawn from `range` (`a..b` or `a..=b`); panics if it is empty.
    fn gen_range<T, R>(&mut self, range: R) -> T
    where
        T: SampleUniform,
        R: SampleRange<T>,
    {
        assert!(!range.is_empty(), "cannot sample empty range");
        range.sample_single(self)
    }

    /// `true` with probability `p`; panics unless `0 <= p <= 1` (rand's Bernoulli distribution).
    #[inline]
    fn gen_bool(&mut self, p: f64) -> bool {
        // `p` scaled to 2^64; 1.0 cannot be, so it always answers `true` without drawing.
        const ALWAYS_TRUE: u64 = u64::MAX;
        const SCALE: f64 = 2.0 * (1u64 << 63) as f64;
        let p_int = if (0.0..1.0).contains(&p) {
            (p * SCALE) as u64
        } else if p == 1.0 {
            ALWAYS_TRUE
        } else {
            panic!("p is outside [0, 1] in Bernoulli distribution")
        };
        if p_int == ALWAYS_TRUE {
            return true;
        }
        self.next_u64() < p_int
    }
}

impl<R: RngCore + ?Sized> Rng for R {}

/// The generators.
pub mod rngs {
    use super::{RngCore, SeedableRng};

    /// A small, fast generator, not for cryptography: Xoshiro256++ (rand's choice on 64-bit
    /// targets).
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct SmallRng {
        s: [u64; 4],
    }

    impl SmallRng {
        // Xoshiro256++'s own seeding (SplitMix64), which rand uses only for an all-zero seed.
        fn from_nonzero_splitmix(mut state: u64) -> SmallRng {
            const PHI: u64 = 0x9e3779b97f4a7c15;
            let mut s = [0; 4];
            for word in &mut s {
                state = state.wrapping_add(PHI);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
                *word = z ^ (z >> 31);
            }
            SmallRng { s }
        }
    }

    impl SeedableRng for SmallRng {
        type Seed = [u8; 32];

        fn from_seed(seed: [u8; 32]) -> SmallRng {
            if seed.iter().all(|&byte| byte == 0) {
                return SmallRng::from_nonzero_splitmix(0);
            }
            let mut s = [0; 4];
            for (word, bytes) in s.iter_mut().zip(seed.chunks_exact(8)) {
                let mut le = [0; 8];
                le.copy_from_slice(bytes);
                *word = u64::from_le_bytes(le);
            }
            SmallRng { s }
        }
    }

    impl RngCore for SmallRng {
        #[inline]
        fn next_u32(&mut self) -> u32 {
            (self.next_u64() >> 32) as u32
        }

        #[inline]
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

    macro_rules! standard_from {
        ($($ty:ty => $draw:ident as $via:ty),*) => {$(
            impl Distribution<$ty> for Standard {
                #[inline]
                fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> $ty {
                    rng.$draw() as $via as $ty
                }
            }
        )*};
    }
    standard_from!(u8 => next_u32 as u8, u16 => next_u32 as u16, u32 => next_u32 as u32,
        u64 => next_u64 as u64, i8 => next_u32 as u8, i16 => next_u32 as u16,
        i32 => next_u32 as u32, i64 => next_u64 as u64);
    #[cfg(target_pointer_width = "64")]
    standard_from!(usize => next_u64 as usize, isize => next_u64 as usize);
    #[cfg(not(target_pointer_width = "64"))]
    standard_from!(usize => next_u32 as usize, isize => next_u32 as usize);

    impl Distribution<u128> for Standard {
        #[inline]
        fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> u128 {
            let low = u128::from(rng.next_u64());
            let high = u128::from(rng.next_u64());
            (high << 64) | low
        }
    }

    impl Distribution<i128> for Standard {
        #[inline]
        fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> i128 {
            rng.gen::<u128>() as i128
        }
    }

    impl Distribution<bool> for Standard {
        #[inline]
        fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> bool {
            // The most significant bit.
            (rng.next_u32() as i32) < 0
        }
    }

    impl Distribution<f32> for Standard {
        #[inline]
        fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> f32 {
            // The 24 high bits, scaled to [0, 1).
            let scale = 1.0 / (1u32 << 24) as f32;
            scale * (rng.next_u32() >> 8) as f32
        }
    }

    impl Distribution<f64> for Standard {
        #[inline]
        fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> f64 {
            // The 53 high bits, scaled to [0, 1).
            let scale = 1.0 / (1u64 << 53) as f64;
            scale * (rng.next_u64() >> 11) as f64
        }
    }

    /// Uniform sampling from a range, as [`Rng::gen_range`](super::Rng::gen_range) does it.
    pub mod uniform {
        use super::super::{Rng, RngCore};
        use std::cmp::Ordering;
        use std::ops::{Range, RangeInclusive};

        /// A type [`Rng::gen_range`](super::super::Rng::gen_range) can draw: integers and floats.
        pub trait SampleUniform: Sized {
            /// A value in `low..high`, which must not be empty.
            fn sample_single<R: RngCore + ?Sized>(low: Self, high: Self, rng: &mut R) -> Self;
            /// A value in `low..=high`, which must not be empty.
            fn sample_single_inclusive<R: RngCore + ?Sized>(
                low: Self,
                high: Self,
                rng: &mut R,
            ) -> Self;
        }

        /// A range [`Rng::gen_range`](super::super::Rng::gen_range) accepts: `a..b` or `a..=b`.
        pub trait SampleRange<T> {
            /// A value drawn from the range.
            fn sample_single<R: RngCore + ?Sized>(self, rng: &mut R) -> T;
            /// Whether the range holds no value.
            fn is_empty(&self) -> bool;
        }

        impl<T: SampleUniform + PartialOrd> SampleRange<T> for Range<T> {
            #[inline]
            fn sample_single<R: RngCore + ?Sized>(self, rng: &mut R) -> T {
                T::sample_single(self.start, self.end, rng)
            }

            #[inline]
            fn is_empty(&self) -> bool {
                // Not `start < end`: a NaN bound makes the range empty too.
                self.start.partial_cmp(&self.end) != Some(Ordering::Less)
            }
        }

        impl<T: SampleUniform + PartialOrd> SampleRange<T> for RangeInclusive<T> {
            #[inline]
            fn sample_single<R: RngCore + ?Sized>(self, rng: &mut R) -> T {
                let (low, high) = self.into_inner();
                T::sample_single_inclusive(low, high, rng)
            }

            #[inline]
            fn is_empty(&self) -> bool {
                !matches!(
                    self.start().partial_cmp(self.end()),
                    Some(Ordering::Less | Ordering::Equal)
                )
            }
        }

        // Integers: Lemire's widening multiply with rejection, drawing `$large` words (u32 for
        // the small types); the zone is exact for 8 and 16 bits and a fast bound above.
        macro_rules! uniform_int {
            ($($ty:ty, $unsigned:ty, $large:ty, $wide:ty;)*) => {$(
                impl SampleUniform for $ty {
                    #[inline]
                    fn sample_single<R: RngCore + ?Sized>(low: $ty, high: $ty, rng: &mut R) -> $ty {
                        assert!(low < high, "UniformSampler::sample_single: low >= high");
                        Self::sample_single_inclusive(low, high - 1, rng)
                    }

                    #[inline]
                    fn sample_single_inclusive<R: RngCore + ?Sized>(
                        low: $ty,
                        high: $ty,
                        rng: &mut R,
                    ) -> $ty {
                        assert!(low <= high, "UniformSampler::sample_single_inclusive: low > high");
                        let range = high.wrapping_sub(low).wrapping_add(1) as $unsigned as $large;
                        // A wrap to 0 means the whole type.
                        if range == 0 {
                            return rng.gen();
                        }
                        let zone = if std::mem::size_of::<$unsigned>() <= 2 {
                            let ints_to_reject = (<$large>::MAX - range + 1) % range;
                            <$large>::MAX - ints_to_reject
                        } else {
                            (range << range.leading_zeros()).wrapping_sub(1)
                        };
                        loop {
                            let v: $large = rng.gen();
                            let product = v as $wide * range as $wide;
                            let (hi, lo) = ((product >> <$large>::BITS) as $large, product as $large);
                            if lo <= zone {
                                return low.wrapping_add(hi as $ty);
                            }
                        }
                    }
                }
            )*};
        }
        uniform_int! {
            i8, u8, u32, u64;
            i16, u16, u32, u64;
            i32, u32, u32, u64;
            i64, u64, u64, u128;
            isize, usize, usize, u128;
            u8, u8, u32, u64;
            u16, u16, u32, u64;
            u32, u32, u32, u64;
            u64, u64, u64, u128;
            usize, usize, usize, u128;
        }

        // Floats: a mantissa of random bits with exponent 0 is a value in [1, 2); minus 1, scaled.
        macro_rules! uniform_float {
            ($($ty:ty, $bits:ty;)*) => {$(
                impl SampleUniform for $ty {
                    fn sample_single<R: RngCore + ?Sized>(low: $ty, high: $ty, rng: &mut R) -> $ty {
                        assert!(low < high, "UniformSampler::sample_single: low >= high");
                        let scale = high - low;
                        assert!(scale.is_finite(), "UniformSampler::sample_single: range overflow");
                        loop {
                            let value0_1 = rng.gen::<$bits>().into_1_2() - 1.0;
                            let res = value0_1 * scale + low;
                            if res < high {
                                return res;
                            }
                        }
                    }

                    fn sample_single_inclusive<R: RngCore + ?Sized>(
                        low: $ty,
                        high: $ty,
                        rng: &mut R,
                    ) -> $ty {
                        assert!(low <= high, "Uniform::new_inclusive called with `low > high`");
                        let max_rand = <$bits>::MAX.into_1_2() - 1.0;
                        let mut scale = (high - low) / max_rand;
                        assert!(scale.is_finite(), "Uniform::new_inclusive: range overflow");
                        // The largest draw must not pass `high`: shrink the scale ulp by ulp.
                        while scale * max_rand + low > high {
                            scale = <$ty>::from_bits(scale.to_bits() - 1);
                        }
                        let value0_1 = rng.gen::<$bits>().into_1_2() - 1.0;
                        value0_1 * scale + low
                    }
                }
            )*};
        }
        uniform_float! {
            f32, u32;
            f64, u64;
        }

        // Random bits as the mantissa of a float of exponent 0: a value in [1, 2).
        trait UnitInterval {
            type Float;
            fn into_1_2(self) -> Self::Float;
        }

        impl UnitInterval for u32 {
            type Float = f32;
            #[inline]
            fn into_1_2(self) -> f32 {
                f32::from_bits((self >> (32 - 23)) | (127 << 23))
            }
        }

        impl UnitInterval for u64 {
            type Float = f64;
            #[inline]
            fn into_1_2(self) -> f64 {
                f64::from_bits((self >> (64 - 52)) | (1023 << 52))
            }
        }
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
                None
            } else {
                Some(&self[gen_index(rng, self.len())])
            }
        }

        fn shuffle<R: Rng + ?Sized>(&mut self, rng: &mut R) {
            for i in (1..self.len()).rev() {
                self.swap(i, gen_index(rng, i + 1));
            }
        }
    }

    // An index below `ubound`, drawn as a u32 when it fits so that 32- and 64-bit targets agree.
    #[inline]
    fn gen_index<R: Rng + ?Sized>(rng: &mut R, ubound: usize) -> usize {
        if ubound <= u32::MAX as usize {
            rng.gen_range(0..ubound as u32) as usize
        } else {
            rng.gen_range(0..ubound)
        }
    }
}

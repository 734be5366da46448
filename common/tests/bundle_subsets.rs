//! The one-file bundles carry subsets of `rand`, `rustc-hash` and `arrayvec`
//! (`scripts/bundle/*.rs`) in place of the crates. A bundled bot must behave exactly like the
//! cargo-built one, so each subset is checked here against the real crate on many seeds, ranges,
//! types and inputs: the same numbers, hashes, choices and list contents, and a panic where the
//! crate panics.

use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};
use std::panic::{catch_unwind, AssertUnwindSafe};

#[allow(dead_code)]
#[path = "../../scripts/bundle/arrayvec.rs"]
mod bundled_arrayvec;
#[allow(dead_code)]
#[path = "../../scripts/bundle/rand.rs"]
mod bundled_rand;
#[allow(dead_code)]
#[path = "../../scripts/bundle/rustc_hash.rs"]
mod bundled_rustc_hash;

use ::rand::rngs::SmallRng as RealRng;
use ::rand::{Rng as _, RngCore as _, SeedableRng as _};
use bundled_rand::rngs::SmallRng as BundledRng;
use bundled_rand::{Rng as _, RngCore as _, SeedableRng as _};

/// Seeds with few and many bits set, around the ends of the range, and random ones.
fn seeds() -> Vec<u64> {
    let mut seeds: Vec<u64> = (0..64).collect();
    seeds.extend((0..64).map(|bit| 1u64 << bit));
    seeds.extend([
        u64::MAX,
        u64::MAX - 1,
        i64::MAX as u64,
        0xDEAD_BEEF,
        0x5EED_CAFE,
    ]);
    let mut driver = RealRng::seed_from_u64(0xB0_0D1E);
    seeds.extend((0..200).map(|_| driver.next_u64()));
    seeds
}

/// Both generators from one seed.
fn pair(seed: u64) -> (RealRng, BundledRng) {
    (
        RealRng::seed_from_u64(seed),
        BundledRng::seed_from_u64(seed),
    )
}

/// Whether `f` panics (the harness captures the message).
fn panics<F: FnOnce()>(f: F) -> bool {
    catch_unwind(AssertUnwindSafe(f)).is_err()
}

#[test]
fn small_rng_gives_the_same_words_from_the_same_u64_seed() {
    for seed in seeds() {
        let (mut real, mut bundled) = pair(seed);
        for i in 0..40 {
            if i % 3 == 0 {
                assert_eq!(real.next_u32(), bundled.next_u32(), "seed {seed}, draw {i}");
            } else {
                assert_eq!(real.next_u64(), bundled.next_u64(), "seed {seed}, draw {i}");
            }
        }
    }
}

#[test]
fn the_traits_work_through_mutable_references_and_generic_code() {
    fn real_roll<R: ::rand::Rng + ?Sized>(rng: &mut R) -> u32 {
        rng.gen_range(1..=6)
    }
    fn bundled_roll<R: bundled_rand::Rng + ?Sized>(rng: &mut R) -> u32 {
        rng.gen_range(1..=6)
    }
    let (mut real, mut bundled) = pair(99);
    let (mut real_ref, mut bundled_ref) = (&mut real, &mut bundled);
    for _ in 0..100 {
        assert_eq!(real_roll(&mut real_ref), bundled_roll(&mut bundled_ref));
        assert_eq!(real_ref.next_u64(), bundled_ref.next_u64());
    }
}

/// Draws `gen::<$ty>()` from both generators, interleaved with other types, on every seed.
macro_rules! check_gen {
    ($($ty:ty),*) => {
        for seed in seeds() {
            let (mut real, mut bundled) = pair(seed);
            for _ in 0..8 {
                $(
                    let (r, b): ($ty, $ty) = (real.gen(), bundled.gen());
                    assert_eq!(
                        r.to_le_bytes(), b.to_le_bytes(),
                        "gen::<{}>, seed {seed}", stringify!($ty)
                    );
                )*
            }
        }
    };
}

#[test]
fn gen_draws_the_same_values_of_every_type() {
    check_gen!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize, f32, f64);
    for seed in seeds() {
        let (mut real, mut bundled) = pair(seed);
        for _ in 0..20 {
            assert_eq!(real.gen::<bool>(), bundled.gen::<bool>(), "seed {seed}");
        }
    }
}

/// Draws from each range with both generators on many seeds, then checks the generators are
/// still in step (the same number of words consumed by rejection).
macro_rules! check_int_ranges {
    ($($ty:ident),*) => {$({
        let (min, max) = ($ty::MIN, $ty::MAX);
        let mut exclusive: Vec<($ty, $ty)> = vec![
            (0, 1), (0, 2), (0, 3), (0, 7), (0, 10), (0, 61), (0, 100), (3, 9), (0, 127),
            (min, max), (min, min + 1), (max - 1, max), (min, 0 as $ty), (0 as $ty, max),
            (max / 2, max), (min, min + max / 3),
        ];
        let mut driver = RealRng::seed_from_u64(stringify!($ty).len() as u64);
        for _ in 0..40 {
            let (a, b): ($ty, $ty) = (driver.gen(), driver.gen());
            if a < b {
                exclusive.push((a, b));
            } else if b < a {
                exclusive.push((b, a));
            }
        }
        for seed in seeds().into_iter().take(120) {
            let (mut real, mut bundled) = pair(seed);
            for &(low, high) in exclusive.iter().filter(|(low, high)| low < high) {
                let r = real.gen_range(low..high);
                let b = bundled.gen_range(low..high);
                assert_eq!(r, b, "{}: {low}..{high}, seed {seed}", stringify!($ty));
                let r = real.gen_range(low..=high);
                let b = bundled.gen_range(low..=high);
                assert_eq!(r, b, "{}: {low}..={high}, seed {seed}", stringify!($ty));
                let r = real.gen_range(low..=low);
                let b = bundled.gen_range(low..=low);
                assert_eq!(r, b, "{}: {low}..={low}, seed {seed}", stringify!($ty));
            }
            let r = real.gen_range(min..=max);
            let b = bundled.gen_range(min..=max);
            assert_eq!(r, b, "{}: the whole type, seed {seed}", stringify!($ty));
            assert_eq!(real.next_u64(), bundled.next_u64(), "{}, seed {seed}", stringify!($ty));
        }
        let (mut real, mut bundled) = pair(1);
        assert!(panics(|| { real.gen_range(5 as $ty..5); }));
        assert!(panics(|| { bundled.gen_range(5 as $ty..5); }));
        #[allow(clippy::reversed_empty_ranges)]
        {
            assert!(panics(|| { real.gen_range(6 as $ty..=5); }));
            assert!(panics(|| { bundled.gen_range(6 as $ty..=5); }));
        }
    })*};
}

#[test]
fn gen_range_draws_the_same_integers() {
    check_int_ranges!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);
    // Negative ranges of the signed types.
    for seed in seeds() {
        let (mut real, mut bundled) = pair(seed);
        for _ in 0..10 {
            assert_eq!(real.gen_range(-5i8..5), bundled.gen_range(-5i8..5));
            assert_eq!(
                real.gen_range(-300i16..=-3),
                bundled.gen_range(-300i16..=-3)
            );
            assert_eq!(real.gen_range(-1i32..1), bundled.gen_range(-1i32..1));
            assert_eq!(
                real.gen_range(i64::MIN / 3..=-7),
                bundled.gen_range(i64::MIN / 3..=-7)
            );
            assert_eq!(real.gen_range(-9isize..99), bundled.gen_range(-9isize..99));
        }
    }
}

macro_rules! check_float_ranges {
    ($($ty:ident),*) => {$({
        let mut ranges: Vec<($ty, $ty)> = vec![
            (0.0, 1.0), (-1.5, 2.5), (1e-3, 1e3), (-1e30, 1e30), (0.1, 0.1 + $ty::EPSILON),
            (1.0, 1.0 + 4.0 * $ty::EPSILON), (-3.0, -2.0), (0.0, $ty::MIN_POSITIVE),
            ($ty::MIN / 2.0, $ty::MAX / 2.0),
        ];
        let mut driver = RealRng::seed_from_u64(31);
        for _ in 0..40 {
            let (a, b): ($ty, $ty) = (driver.gen_range(-100.0..100.0), driver.gen());
            ranges.push((a, a + b));
        }
        for seed in seeds().into_iter().take(150) {
            let (mut real, mut bundled) = pair(seed);
            for &(low, high) in &ranges {
                // A range too wide for the inclusive sampler's scale panics in both.
                let r = catch_unwind(AssertUnwindSafe(|| real.gen_range(low..high).to_bits()));
                let b = catch_unwind(AssertUnwindSafe(|| bundled.gen_range(low..high).to_bits()));
                assert_eq!(r.ok(), b.ok(), "{low}..{high}, seed {seed}");
                let r = catch_unwind(AssertUnwindSafe(|| real.gen_range(low..=high).to_bits()));
                let b = catch_unwind(AssertUnwindSafe(|| bundled.gen_range(low..=high).to_bits()));
                assert_eq!(r.ok(), b.ok(), "{low}..={high}, seed {seed}");
                let r = real.gen_range(low..=low);
                let b = bundled.gen_range(low..=low);
                assert_eq!(r.to_bits(), b.to_bits(), "{low}..={low}, seed {seed}");
            }
            assert_eq!(real.next_u64(), bundled.next_u64(), "seed {seed}");
        }
        let (mut real, mut bundled) = pair(2);
        assert!(panics(|| { real.gen_range(1.0 as $ty..1.0); }));
        assert!(panics(|| { bundled.gen_range(1.0 as $ty..1.0); }));
        assert!(panics(|| { real.gen_range($ty::NAN..1.0); }));
        assert!(panics(|| { bundled.gen_range($ty::NAN..1.0); }));
        assert!(panics(|| { real.gen_range($ty::MIN..$ty::MAX); }));
        assert!(panics(|| { bundled.gen_range($ty::MIN..$ty::MAX); }));
        assert!(panics(|| { real.gen_range($ty::MIN..=$ty::MAX); }));
        assert!(panics(|| { bundled.gen_range($ty::MIN..=$ty::MAX); }));
    })*};
}

#[test]
fn gen_range_draws_the_same_floats() {
    check_float_ranges!(f32, f64);
}

#[test]
fn gen_bool_answers_the_same() {
    let mut probabilities = vec![
        0.0,
        1.0,
        0.5,
        0.1,
        0.9,
        1e-10,
        1.0 - f64::EPSILON,
        f64::MIN_POSITIVE,
    ];
    let mut driver = RealRng::seed_from_u64(3);
    probabilities.extend((0..50).map(|_| driver.gen::<f64>()));
    for seed in seeds() {
        let (mut real, mut bundled) = pair(seed);
        for &p in &probabilities {
            assert_eq!(real.gen_bool(p), bundled.gen_bool(p), "p {p}, seed {seed}");
        }
        assert_eq!(real.next_u64(), bundled.next_u64(), "seed {seed}");
    }
    for p in [-0.1, 1.0 + f64::EPSILON, 2.0, f64::NAN, f64::INFINITY] {
        let (mut real, mut bundled) = pair(4);
        assert!(panics(|| {
            real.gen_bool(p);
        }));
        assert!(panics(|| {
            bundled.gen_bool(p);
        }));
    }
}

// Both `SliceRandom` traits apply to slices, so each side names its own.
mod real_side {
    use ::rand::seq::SliceRandom;

    pub fn choose<'a>(items: &'a [u32], rng: &mut ::rand::rngs::SmallRng) -> Option<&'a u32> {
        items.choose(rng)
    }

    pub fn shuffle(items: &mut [u32], rng: &mut ::rand::rngs::SmallRng) {
        items.shuffle(rng)
    }
}

mod bundled_side {
    use super::bundled_rand::rngs::SmallRng;
    use super::bundled_rand::seq::SliceRandom;

    pub fn choose<'a>(items: &'a [u32], rng: &mut SmallRng) -> Option<&'a u32> {
        items.choose(rng)
    }

    pub fn shuffle(items: &mut [u32], rng: &mut SmallRng) {
        items.shuffle(rng)
    }
}

#[test]
fn choose_and_shuffle_pick_the_same_elements() {
    for seed in seeds() {
        let (mut real, mut bundled) = pair(seed);
        for len in (0..=70).chain([100, 255, 256, 1000]) {
            let items: Vec<u32> = (0..len).collect();
            assert_eq!(
                real_side::choose(&items, &mut real),
                bundled_side::choose(&items, &mut bundled),
                "choose from {len}, seed {seed}"
            );
            let (mut real_order, mut bundled_order) = (items.clone(), items);
            real_side::shuffle(&mut real_order, &mut real);
            bundled_side::shuffle(&mut bundled_order, &mut bundled);
            assert_eq!(real_order, bundled_order, "shuffle {len}, seed {seed}");
        }
        assert_eq!(real.next_u64(), bundled.next_u64(), "seed {seed}");
    }
}

/// `value`'s hash by the real and the bundled `FxHasher`.
fn fx_hashes<T: Hash + ?Sized>(value: &T) -> (u64, u64) {
    let mut real = ::rustc_hash::FxHasher::default();
    let mut bundled = bundled_rustc_hash::FxHasher::default();
    value.hash(&mut real);
    value.hash(&mut bundled);
    (real.finish(), bundled.finish())
}

#[test]
fn fx_hasher_gives_the_same_hashes() {
    let mut driver = RealRng::seed_from_u64(11);
    let bytes: Vec<u8> = (0..64).map(|_| driver.gen()).collect();
    for start in 0..8 {
        for end in start..bytes.len() {
            let mut real = ::rustc_hash::FxHasher::default();
            let mut bundled = bundled_rustc_hash::FxHasher::default();
            real.write(&bytes[start..end]);
            bundled.write(&bytes[start..end]);
            assert_eq!(real.finish(), bundled.finish(), "bytes {start}..{end}");
        }
    }
    for _ in 0..500 {
        let word: u64 = driver.gen();
        let (a, b) = fx_hashes(&word);
        assert_eq!(a, b);
        let (a, b) = fx_hashes(&(word as u8, word as u16, word as u32, word as usize));
        assert_eq!(a, b);
        let (a, b) = fx_hashes(&(word as i8, word as i16, word as i32, word as i64));
        assert_eq!(a, b);
        let (a, b) = fx_hashes(&[word, !word, word.rotate_left(7)]);
        assert_eq!(a, b);
        let (a, b) = fx_hashes(&(word as u128, word % 3 == 0, Some(word as u16)));
        assert_eq!(a, b);
        let (a, b) = fx_hashes(format!("position {word:x}").as_str());
        assert_eq!(a, b);
    }
}

#[test]
fn fx_maps_and_sets_hold_and_iterate_the_same() {
    let mut real: ::rustc_hash::FxHashMap<u64, usize> = Default::default();
    let mut bundled: bundled_rustc_hash::FxHashMap<u64, usize> = Default::default();
    let mut real_set: ::rustc_hash::FxHashSet<(u8, u8)> = Default::default();
    let mut bundled_set: bundled_rustc_hash::FxHashSet<(u8, u8)> = Default::default();
    let mut driver = RealRng::seed_from_u64(12);
    for i in 0..2000 {
        let key = driver.gen::<u64>() % 5000;
        *real.entry(key).or_insert(0) += i;
        *bundled.entry(key).or_insert(0) += i;
        let cell = (driver.gen_range(0..9), driver.gen_range(0..9));
        real_set.insert(cell);
        bundled_set.insert(cell);
        if i % 7 == 0 {
            real.remove(&(key / 2));
            bundled.remove(&(key / 2));
        }
    }
    // The same hasher puts the same keys in the same buckets: the same iteration order.
    let real_pairs: Vec<_> = real.iter().collect();
    let bundled_pairs: Vec<_> = bundled.iter().collect();
    assert_eq!(real_pairs, bundled_pairs);
    assert_eq!(
        real_set.iter().collect::<Vec<_>>(),
        bundled_set.iter().collect::<Vec<_>>()
    );
    let real_builder = BuildHasherDefault::<::rustc_hash::FxHasher>::default();
    let bundled_builder = BuildHasherDefault::<bundled_rustc_hash::FxHasher>::default();
    let mut a = real_builder.build_hasher();
    let mut b = bundled_builder.build_hasher();
    "key".hash(&mut a);
    "key".hash(&mut b);
    assert_eq!(a.finish(), b.finish());
}

type RealList = ::arrayvec::ArrayVec<u32, 8>;
type BundledList = bundled_arrayvec::ArrayVec<u32, 8>;

/// Checks the two lists agree on everything observable.
fn assert_same(real: &RealList, bundled: &BundledList, step: &str) {
    assert_eq!(real.as_slice(), bundled.as_slice(), "{step}");
    assert_eq!(real.len(), bundled.len(), "{step}");
    assert_eq!(real.is_empty(), bundled.is_empty(), "{step}");
    assert_eq!(real.is_full(), bundled.is_full(), "{step}");
    assert_eq!(real.capacity(), bundled.capacity(), "{step}");
    assert_eq!(
        real.remaining_capacity(),
        bundled.remaining_capacity(),
        "{step}"
    );
    assert_eq!(format!("{real:?}"), format!("{bundled:?}"), "{step}");
    assert_eq!(fx_hashes(real), fx_hashes(bundled), "{step}");
}

#[test]
fn array_vec_behaves_the_same_under_random_operations() {
    let mut driver = RealRng::seed_from_u64(13);
    for round in 0..300 {
        let mut real = RealList::new();
        let mut bundled = BundledList::new();
        for op in 0..60 {
            let value: u32 = driver.gen_range(0..100);
            let index = driver.gen_range(0..10usize);
            let step = format!("round {round}, operation {op}");
            match driver.gen_range(0..13) {
                0..=2 => {
                    let (r, b) = (real.try_push(value), bundled.try_push(value));
                    assert_eq!(r.map_err(|e| e.element()), b.map_err(|e| e.element()));
                }
                3 => {
                    let r = panics(|| real.push(value));
                    let b = panics(|| bundled.push(value));
                    assert_eq!(r, b, "{step}: push");
                }
                4 => assert_eq!(real.pop(), bundled.pop(), "{step}"),
                5 => {
                    let r = catch_unwind(AssertUnwindSafe(|| real.insert(index, value)));
                    let b = catch_unwind(AssertUnwindSafe(|| bundled.insert(index, value)));
                    assert_eq!(r.is_ok(), b.is_ok(), "{step}: insert at {index}");
                }
                6 => {
                    let r = catch_unwind(AssertUnwindSafe(|| real.remove(index)));
                    let b = catch_unwind(AssertUnwindSafe(|| bundled.remove(index)));
                    assert_eq!(r.ok(), b.ok(), "{step}: remove {index}");
                }
                7 => {
                    let r = catch_unwind(AssertUnwindSafe(|| real.swap_remove(index)));
                    let b = catch_unwind(AssertUnwindSafe(|| bundled.swap_remove(index)));
                    assert_eq!(r.ok(), b.ok(), "{step}: swap_remove {index}");
                }
                8 => {
                    real.truncate(index);
                    bundled.truncate(index);
                }
                9 => {
                    real.retain(|x| *x % 3 != value % 3);
                    bundled.retain(|x| *x % 3 != value % 3);
                }
                10 => {
                    let slice = [value, value + 1, value + 2];
                    let r = real.try_extend_from_slice(&slice[..index % 4]);
                    let b = bundled.try_extend_from_slice(&slice[..index % 4]);
                    assert_eq!(r.is_ok(), b.is_ok(), "{step}: extend");
                }
                11 => {
                    real.sort_unstable_by_key(|x| std::cmp::Reverse(*x));
                    bundled.sort_unstable_by_key(|x| std::cmp::Reverse(*x));
                    for (r, b) in real.iter_mut().zip(&mut bundled) {
                        *r += 1;
                        *b += 1;
                    }
                }
                _ => {
                    if index == 0 {
                        real.clear();
                        bundled.clear();
                    }
                }
            }
            assert_same(&real, &bundled, &step);
        }
        let (real_copy, bundled_copy) = (real.clone(), bundled.clone());
        assert_same(&real_copy, &bundled_copy, "clone");
        let forward: Vec<u32> = real.into_iter().collect();
        assert_eq!(forward, bundled.into_iter().collect::<Vec<_>>());
        let mut r = real_copy.into_iter();
        let mut b = bundled_copy.into_iter();
        for turn in 0..10 {
            assert_eq!(r.len(), b.len());
            if turn % 3 == 0 {
                assert_eq!(r.next_back(), b.next_back());
            } else {
                assert_eq!(r.next(), b.next());
            }
        }
    }
}

#[test]
fn array_vec_collects_compares_and_reports_capacity_the_same() {
    let real: ::arrayvec::ArrayVec<u8, 5> = (1..=5).collect();
    let bundled: bundled_arrayvec::ArrayVec<u8, 5> = (1..=5).collect();
    assert_eq!(real.as_slice(), bundled.as_slice());
    assert!(panics(|| {
        let _: ::arrayvec::ArrayVec<u8, 5> = (0..6).collect();
    }));
    assert!(panics(|| {
        let _: bundled_arrayvec::ArrayVec<u8, 5> = (0..6).collect();
    }));
    let mut real_extended = ::arrayvec::ArrayVec::<u8, 5>::new();
    let mut bundled_extended = bundled_arrayvec::ArrayVec::<u8, 5>::new();
    real_extended.extend([9, 8]);
    bundled_extended.extend([9, 8]);
    assert_eq!(real_extended.as_slice(), bundled_extended.as_slice());
    assert_eq!(real == real_extended, bundled == bundled_extended);
    assert_eq!(real == real.clone(), bundled == bundled.clone());
    assert!(bundled == *[1u8, 2, 3, 4, 5].as_slice());
    let from_array = bundled_arrayvec::ArrayVec::from([4u8, 5, 6]);
    assert_eq!(
        ::arrayvec::ArrayVec::from([4u8, 5, 6]).as_slice(),
        from_array.as_slice()
    );

    let real_error = ::arrayvec::ArrayVec::<u8, 0>::new()
        .try_push(7)
        .unwrap_err();
    let bundled_error = bundled_arrayvec::ArrayVec::<u8, 0>::new()
        .try_push(7)
        .unwrap_err();
    assert_eq!(real_error.to_string(), bundled_error.to_string());
    assert_eq!(format!("{real_error:?}"), format!("{bundled_error:?}"));
    assert_eq!(real_error.element(), bundled_error.element());
}

#[test]
fn array_vec_holds_elements_that_are_not_copy() {
    let mut real = ::arrayvec::ArrayVec::<String, 4>::new();
    let mut bundled = bundled_arrayvec::ArrayVec::<String, 4>::new();
    for word in ["a", "bb", "ccc", "dddd", "eeeee"] {
        assert_eq!(
            real.try_push(word.to_string()).is_ok(),
            bundled.try_push(word.to_string()).is_ok()
        );
    }
    assert_eq!(real.remove(1), bundled.remove(1));
    real.insert(0, "z".to_string());
    bundled.insert(0, "z".to_string());
    real.retain(|word| word.len() != 3);
    bundled.retain(|word| word.len() != 3);
    assert_eq!(real.as_slice(), bundled.as_slice());
    assert_eq!(
        real.into_iter().rev().collect::<Vec<_>>(),
        bundled.into_iter().rev().collect::<Vec<_>>()
    );
}

#[test]
fn array_vec_shrinks_lists_of_elements_without_a_default() {
    // Only building a list or taking one element out needs `T: Default` in the subset.
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Square(u8);
    let mut real = ::arrayvec::ArrayVec::from([Square(1), Square(2), Square(3), Square(4)]);
    let mut bundled =
        bundled_arrayvec::ArrayVec::from([Square(1), Square(2), Square(3), Square(4)]);
    real.retain(|square| square.0 != 2);
    bundled.retain(|square| square.0 != 2);
    assert_eq!(real.as_slice(), bundled.as_slice());
    real.truncate(2);
    bundled.truncate(2);
    assert_eq!(real.as_slice(), bundled.as_slice());
    assert_eq!(
        real.try_push(Square(9)).is_ok(),
        bundled.try_push(Square(9)).is_ok()
    );
    assert_eq!(real.as_slice(), bundled.as_slice());
    assert_eq!(
        real.clone().into_iter().rev().collect::<Vec<_>>(),
        bundled.clone().into_iter().rev().collect::<Vec<_>>()
    );
    real.clear();
    bundled.clear();
    assert!(real.is_empty() && bundled.is_empty());
}

/// The MIT licence's text after its copyright lines, as each crate's `LICENSE-MIT` words it.
const MIT_TEXT: &str = "Permission is hereby granted, free of charge, to any
person obtaining a copy of this software and associated
documentation files (the \"Software\"), to deal in the
Software without restriction, including without
limitation the rights to use, copy, modify, merge,
publish, distribute, sublicense, and/or sell copies of
the Software, and to permit persons to whom the Software
is furnished to do so, subject to the following
conditions:

The above copyright notice and this permission notice
shall be included in all copies or substantial portions
of the Software.

THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF
ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED
TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A
PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT
SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY
CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION
OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR
IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
DEALINGS IN THE SOFTWARE.
";

/// Each subset opens with its crate's MIT notice whole (`bundle.sh` keeps that comment block
/// in the bundle): the copyright lines, then the licence's text to its last line.
#[test]
fn each_subset_carries_its_crates_whole_mit_notice() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/bundle");
    for (file, copyright) in [
        (
            "arrayvec.rs",
            "Copyright (c) Ulrik Sverdrup \"bluss\" 2015-2023",
        ),
        ("rand.rs", "Copyright 2018 Developers of the Rand project"),
        (
            "rustc_hash.rs",
            "Copyright 2015 The Rust Project Developers.",
        ),
    ] {
        let source = std::fs::read_to_string(dir.join(file)).unwrap();
        let notice: String = source
            .lines()
            .take_while(|line| line.starts_with("//"))
            .map(|line| line.trim_start_matches("//").trim_start().to_string() + "\n")
            .collect();
        assert!(notice.contains(copyright), "{file}: {notice}");
        assert!(
            notice.ends_with(MIT_TEXT),
            "{file}'s notice is not whole:\n{notice}"
        );
    }
}

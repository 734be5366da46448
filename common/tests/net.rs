//! `common::net`: the integer network against a float reference, its incremental updates
//! against the from-scratch accumulator, and its bounds against the largest weights and the
//! most active inputs.

use common::net::{
    Network, FEATURE_WEIGHT_LIMIT, MAX_ACTIVE, OUTPUT_BIAS_LIMIT, OUTPUT_WEIGHT_LIMIT, QA, QB,
};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom as _;
use rand::{Rng as _, SeedableRng as _};

const INPUTS: usize = 100;
const HIDDEN: usize = 16;
/// The game's score units per logit.
const SCALE: i32 = 400;

/// The float network the integer one is quantized from: the reference.
struct FloatNetwork {
    feature_weights: Vec<[f64; HIDDEN]>,
    feature_bias: [f64; HIDDEN],
    output_weights: [[f64; HIDDEN]; 2],
    output_bias: f64,
}

impl FloatNetwork {
    /// Weights drawn across the whole range the trainer may write.
    fn random(rng: &mut SmallRng) -> Self {
        let feature_limit = f64::from(FEATURE_WEIGHT_LIMIT) / f64::from(QA);
        let output_limit = f64::from(OUTPUT_WEIGHT_LIMIT) / f64::from(QB);
        let mut feature = || rng.gen_range(-feature_limit..=feature_limit);
        let feature_weights = (0..INPUTS)
            .map(|_| [(); HIDDEN].map(|()| feature()))
            .collect();
        let feature_bias = [(); HIDDEN].map(|()| feature());
        let output_weights =
            [(); 2].map(|()| [(); HIDDEN].map(|()| rng.gen_range(-output_limit..=output_limit)));
        FloatNetwork {
            feature_weights,
            feature_bias,
            output_weights,
            output_bias: rng.gen_range(-3.0..3.0),
        }
    }

    fn hidden(&self, active: &[u16]) -> [f64; HIDDEN] {
        let mut h = self.feature_bias;
        for &i in active {
            for (value, weight) in h.iter_mut().zip(&self.feature_weights[usize::from(i)]) {
                *value += weight;
            }
        }
        h
    }

    /// The output in logits.
    fn logits(&self, us: &[u16], them: &[u16]) -> f64 {
        let mut o = self.output_bias;
        for (perspective, active) in [us, them].into_iter().enumerate() {
            for (h, w) in self
                .hidden(active)
                .iter()
                .zip(&self.output_weights[perspective])
            {
                o += h.clamp(0.0, 1.0) * w;
            }
        }
        o
    }

    /// How far the integer evaluation may be from `logits × SCALE`: each rounded `W1` or `b1`
    /// moves a hidden value by at most `0.5 / QA` (crelu does not widen that), each rounded
    /// `W2` moves its term by at most `0.5 / QB`, `b2` by `0.5 / (QA × QB)`, and the division
    /// truncates by less than one unit.
    fn error_bound(&self, us: &[u16], them: &[u16]) -> f64 {
        let mut logits = 0.5 / f64::from(QA * QB);
        for (perspective, active) in [us, them].into_iter().enumerate() {
            let hidden_error = (active.len() + 1) as f64 * 0.5 / f64::from(QA);
            for w in &self.output_weights[perspective] {
                logits += w.abs() * hidden_error + 0.5 / f64::from(QB);
            }
        }
        logits * f64::from(SCALE) + 1.0
    }

    fn quantized(&self) -> Network<INPUTS, HIDDEN> {
        let quantize = |w: f64, scale: i32| (w * f64::from(scale)).round() as i16;
        let mut feature_weights = [[0i16; HIDDEN]; INPUTS];
        for (row, weights) in feature_weights.iter_mut().zip(&self.feature_weights) {
            *row = weights.map(|w| quantize(w, QA));
        }
        Network::new(
            feature_weights,
            self.feature_bias.map(|w| quantize(w, QA)),
            self.output_weights
                .map(|side| side.map(|w| quantize(w, QB))),
            (self.output_bias * f64::from(QA * QB)).round() as i32,
            SCALE,
        )
    }
}

/// Up to `most` distinct inputs below `inputs`, ascending.
fn random_inputs(rng: &mut SmallRng, inputs: usize, most: usize) -> Vec<u16> {
    let count = rng.gen_range(0..=most);
    let mut all: Vec<u16> = (0..inputs as u16).collect();
    all.shuffle(rng);
    all.truncate(count);
    all.sort_unstable();
    all
}

/// Up to `most` of `inputs`, in any order.
fn some_of(rng: &mut SmallRng, inputs: &[u16], most: usize) -> Vec<u16> {
    let mut some = inputs.to_vec();
    some.shuffle(rng);
    some.truncate(rng.gen_range(0..=most));
    some
}

#[test]
fn the_integer_network_matches_the_float_one_within_its_quantization() {
    let mut rng = SmallRng::seed_from_u64(1);
    let mut largest_miss = 0.0f64;
    for _ in 0..50 {
        let float = FloatNetwork::random(&mut rng);
        let network = float.quantized();
        for _ in 0..100 {
            let us = random_inputs(&mut rng, INPUTS, MAX_ACTIVE);
            let them = random_inputs(&mut rng, INPUTS, MAX_ACTIVE);
            let expected = float.logits(&us, &them) * f64::from(SCALE);
            let miss = (f64::from(network.evaluate(&us, &them)) - expected).abs();
            let bound = float.error_bound(&us, &them);
            assert!(miss <= bound, "{miss} from {expected}, more than {bound}");
            largest_miss = largest_miss.max(miss);
        }
    }
    // In practice the rounding errors cancel: well under a tenth of a logit.
    assert!(largest_miss < 0.1 * f64::from(SCALE), "{largest_miss}");
}

#[test]
fn evaluate_is_the_output_of_both_accumulators() {
    let mut rng = SmallRng::seed_from_u64(2);
    let network = FloatNetwork::random(&mut rng).quantized();
    for _ in 0..200 {
        let us = random_inputs(&mut rng, INPUTS, 20);
        let them = random_inputs(&mut rng, INPUTS, 20);
        assert_eq!(
            network.evaluate(&us, &them),
            network.output(&network.accumulate(&us), &network.accumulate(&them))
        );
    }
    // The perspectives have their own output weights: swapping them changes the evaluation.
    let us = [1, 2, 3];
    let them = [4, 5, 6];
    assert_ne!(network.evaluate(&us, &them), network.evaluate(&them, &us));
}

#[test]
fn adding_and_removing_in_any_order_is_accumulating_from_scratch() {
    let mut rng = SmallRng::seed_from_u64(3);
    let network = FloatNetwork::random(&mut rng).quantized();
    for _ in 0..200 {
        let mut active = random_inputs(&mut rng, INPUTS, MAX_ACTIVE);
        let mut accumulator = network.accumulate(&active);
        for _ in 0..20 {
            // A move: some inputs added first, then some removed, the accumulator passing
            // through more than MAX_ACTIVE inputs on the way.
            let inactive: Vec<u16> = (0..INPUTS as u16).filter(|i| !active.contains(i)).collect();
            let added = some_of(&mut rng, &inactive, 3);
            let removed = some_of(&mut rng, &active, 3);
            for &input in &added {
                network.add(&mut accumulator, input);
            }
            for &input in &removed {
                network.remove(&mut accumulator, input);
            }
            active.retain(|i| !removed.contains(i));
            active.extend(&added);
            if active.len() > MAX_ACTIVE {
                let extra = active.len() - MAX_ACTIVE;
                for input in active.drain(..extra) {
                    network.remove(&mut accumulator, input);
                }
            }
            let mut shuffled = active.clone();
            shuffled.shuffle(&mut rng);
            assert_eq!(accumulator, network.accumulate(&shuffled));
        }
    }
}

/// The largest weights `new` takes, all of one sign, and the most active inputs: the
/// accumulators and the output are the exact sums, computed in `i64`.
#[test]
fn the_largest_weights_and_the_most_active_inputs_never_overflow() {
    const INPUTS: usize = MAX_ACTIVE + 6;
    const HIDDEN: usize = 512;
    let active: Vec<u16> = (0..MAX_ACTIVE as u16).collect();
    for sign in [1i16, -1] {
        for output_sign in [1i16, -1] {
            let feature = sign * FEATURE_WEIGHT_LIMIT;
            let output = output_sign * OUTPUT_WEIGHT_LIMIT;
            let output_bias = i32::from(output_sign) * OUTPUT_BIAS_LIMIT;
            let network = Box::new(Network::<INPUTS, HIDDEN>::new(
                [[feature; HIDDEN]; INPUTS],
                [feature; HIDDEN],
                [[output; HIDDEN]; 2],
                output_bias,
                SCALE,
            ));
            let accumulator = network.accumulate(&active);
            let hidden = i64::from(feature) * (MAX_ACTIVE as i64 + 1);
            assert!(accumulator.values().iter().all(|&h| i64::from(h) == hidden));
            let out = i64::from(output_bias)
                + 2 * HIDDEN as i64 * hidden.clamp(0, i64::from(QA)) * i64::from(output);
            let expected = out * i64::from(SCALE) / i64::from(QA * QB);
            assert_eq!(
                i64::from(network.output(&accumulator, &accumulator)),
                expected
            );
            // Through more active inputs for a moment: exact again once back to MAX_ACTIVE.
            let mut passing = accumulator;
            for input in MAX_ACTIVE as u16..INPUTS as u16 {
                network.add(&mut passing, input);
            }
            for input in MAX_ACTIVE as u16..INPUTS as u16 {
                network.remove(&mut passing, input);
            }
            assert_eq!(passing, accumulator);
        }
    }
}

/// A network in a `static` is checked and built at compile time.
static TINY: Network<3, 2> = Network::new(
    [[255, 0], [0, 255], [-255, -255]],
    [0, 0],
    [[64, 0], [0, -64]],
    0,
    100,
);

#[test]
fn a_static_network_evaluates_in_the_games_units() {
    // Input 0 for the side to move: one logit, 100 units; input 1 for the other side: minus one.
    assert_eq!(TINY.evaluate(&[0], &[]), 100);
    assert_eq!(TINY.evaluate(&[], &[1]), -100);
    assert_eq!(TINY.evaluate(&[0, 2], &[1, 2]), 0);
    assert_eq!(TINY.evaluate(&[], &[]), 0);
}

#[test]
#[should_panic(expected = "feature weight out of bounds")]
fn a_feature_weight_past_its_limit_is_refused() {
    let _ = Network::<1, 1>::new([[FEATURE_WEIGHT_LIMIT + 1]], [0], [[0], [0]], 0, 1);
}

#[test]
#[should_panic(expected = "the scale is too large")]
fn a_scale_past_what_the_output_holds_is_refused() {
    let _ = Network::<1, 1>::new([[0]], [0], [[0], [0]], 0, i32::MAX);
}

#[test]
#[should_panic(expected = "output weight out of bounds")]
fn an_output_weight_past_its_limit_is_refused() {
    let _ = Network::<1, 1>::new([[0]], [0], [[0], [-OUTPUT_WEIGHT_LIMIT - 1]], 0, 1);
}

//! The learned evaluation every bot that has one runs: a small perspective network, evaluated
//! in integers.
//!
//! # The network
//!
//! A game describes a position by binary inputs (`INPUTS` of them, each active or not) twice:
//! once as the side to move sees it (**us**) and once as the other side sees it (**them**), each
//! side seeing itself as if it were the first player. A feature transformer, one set of weights
//! for both perspectives, turns each list of active inputs into `HIDDEN` values,
//! `h = b1 + Σ W1[i]` over the active inputs `i`; a clipped ReLU, `crelu(h) = clamp(h, 0, 1)`,
//! follows; and one output neuron weighs the side to move's values and the other side's apart:
//! `o = b2 + Σ W2us[j]·crelu(h_us[j]) + Σ W2them[j]·crelu(h_them[j])`, in logits (the side to
//! move wins with chance `sigmoid(o)`). The evaluation is `o × scale`, in the game's own score
//! units (`scale`: the game's score units per logit).
//!
//! Why this shape, as NNUE engines use it: the first layer is a sum of rows, so a move that
//! changes a few inputs updates it by adding and removing those rows ([`Network::add`],
//! [`Network::remove`]) on an [`Accumulator`] a search keeps per ply, instead of recomputing it;
//! what is left per evaluation is one clamp and one multiply-add per hidden value. Shared
//! weights for both perspectives halve what must be learned, and the two output halves let
//! the net tell whose move it is.
//!
//! # Integers only
//!
//! The bots evaluate the net in integers (the weights are Rust source the trainer writes, see
//! `tools`' `train-net`): the results are the same on every machine and in every build, and the
//! loops are plain additions the compiler vectorises. The float net is quantized as
//!
//! - `W1`, `b1`: `i16`, `round(w × QA)` with [`QA`] = 255, so that `crelu` clamps to `[0, QA]`;
//! - `W2`: `i16`, `round(w × QB)` with [`QB`] = 64;
//! - `b2`: `i32`, `round(b2 × QA × QB)`;
//!
//! and the integer output `out = b2 + Σ W2·crelu(h)` (`i32`) is `o × QA × QB`; the evaluation is
//! `out × scale / (QA × QB)`, with an `i64` product, rounded toward zero.
//!
//! # Why nothing overflows
//!
//! The accumulators are `i16`. A position has at most [`MAX_ACTIVE`] = 64 active inputs per
//! perspective, and every `W1` and `b1` weight is at most [`FEATURE_WEIGHT_LIMIT`] = 504 in size
//! (`32767 / 65`, about 1.98 in float, which the trainer clamps to): the bias plus 64 rows stay
//! within `i16`. [`Network::add`] and [`Network::remove`] wrap, so an accumulator passing
//! through more active inputs for a moment (a move adds before it removes) ends exact all the
//! same. `W2` is at most [`OUTPUT_WEIGHT_LIMIT`] = 127 and `b2` at most [`OUTPUT_BIAS_LIMIT`], so
//! the `i32` output holds `2 × HIDDEN × QA × 127` plus the bias for any `HIDDEN` up to 33,000.
//! [`Network::new`] checks every bound, in a `static` at compile time.

/// The scale of `W1`, `b1` and of the hidden values: `crelu` clamps to `[0, QA]`.
pub const QA: i32 = 255;
/// The scale of `W2`.
pub const QB: i32 = 64;
/// The most inputs a perspective may have active at once.
pub const MAX_ACTIVE: usize = 64;
/// The largest `W1` or `b1` weight in size: the bias and [`MAX_ACTIVE`] rows fit `i16`.
pub const FEATURE_WEIGHT_LIMIT: i16 = (i16::MAX as usize / (MAX_ACTIVE + 1)) as i16;
/// The largest `W2` weight in size.
pub const OUTPUT_WEIGHT_LIMIT: i16 = 127;
/// The largest `b2` in size: 64 logits.
pub const OUTPUT_BIAS_LIMIT: i32 = 64 * QA * QB;

/// One perspective's hidden values before the clamp: `b1 + Σ W1[i]` over its active inputs.
/// Small and `Copy`, so that a search can keep one per side per ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator<const HIDDEN: usize> {
    values: [i16; HIDDEN],
}

impl<const HIDDEN: usize> Accumulator<HIDDEN> {
    /// The hidden values, before the clamp.
    pub fn values(&self) -> &[i16; HIDDEN] {
        &self.values
    }
}

/// A quantized perspective network with `INPUTS` binary inputs and `HIDDEN` hidden values per
/// perspective (see the [module](self) for the design and the bounds).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network<const INPUTS: usize, const HIDDEN: usize> {
    feature_weights: [[i16; HIDDEN]; INPUTS],
    feature_bias: [i16; HIDDEN],
    /// The side to move's output weights, then the other side's.
    output_weights: [[i16; HIDDEN]; 2],
    output_bias: i32,
    scale: i32,
}

impl<const INPUTS: usize, const HIDDEN: usize> Network<INPUTS, HIDDEN> {
    /// The network of these quantized weights; `output_weights` holds the side to move's
    /// weights, then the other side's; `scale` is the game's score units per logit.
    ///
    /// # Panics
    ///
    /// If a weight is out of its bound ([`FEATURE_WEIGHT_LIMIT`], [`OUTPUT_WEIGHT_LIMIT`],
    /// [`OUTPUT_BIAS_LIMIT`]), if `HIDDEN` is too large for the `i32` output, or if `scale` is
    /// not positive or so large that the largest output times it overflows `i32`: at compile
    /// time in a `static`.
    pub const fn new(
        feature_weights: [[i16; HIDDEN]; INPUTS],
        feature_bias: [i16; HIDDEN],
        output_weights: [[i16; HIDDEN]; 2],
        output_bias: i32,
        scale: i32,
    ) -> Self {
        let largest_output =
            2 * HIDDEN as i64 * QA as i64 * OUTPUT_WEIGHT_LIMIT as i64 + OUTPUT_BIAS_LIMIT as i64;
        assert!(
            largest_output <= i32::MAX as i64,
            "HIDDEN too large for the i32 output"
        );
        assert!(scale > 0, "the scale must be positive");
        assert!(
            largest_output * scale as i64 / (QA * QB) as i64 <= i32::MAX as i64,
            "the scale is too large for the i32 evaluation"
        );
        assert!(
            -OUTPUT_BIAS_LIMIT <= output_bias && output_bias <= OUTPUT_BIAS_LIMIT,
            "output bias out of bounds"
        );
        let mut j = 0;
        while j < HIDDEN {
            assert!(
                within(feature_bias[j], FEATURE_WEIGHT_LIMIT),
                "feature bias out of bounds"
            );
            assert!(
                within(output_weights[0][j], OUTPUT_WEIGHT_LIMIT)
                    && within(output_weights[1][j], OUTPUT_WEIGHT_LIMIT),
                "output weight out of bounds"
            );
            let mut i = 0;
            while i < INPUTS {
                assert!(
                    within(feature_weights[i][j], FEATURE_WEIGHT_LIMIT),
                    "feature weight out of bounds"
                );
                i += 1;
            }
            j += 1;
        }
        Network {
            feature_weights,
            feature_bias,
            output_weights,
            output_bias,
            scale,
        }
    }

    /// The evaluation of a position from scratch, in the game's units for the side to move:
    /// `us` and `them` are the active inputs from each side's perspective (at most
    /// [`MAX_ACTIVE`] each).
    pub fn evaluate(&self, us: &[u16], them: &[u16]) -> i32 {
        self.output(&self.accumulate(us), &self.accumulate(them))
    }

    /// One perspective's accumulator for these active inputs (at most [`MAX_ACTIVE`]).
    pub fn accumulate(&self, active: &[u16]) -> Accumulator<HIDDEN> {
        debug_assert!(
            active.len() <= MAX_ACTIVE,
            "more active inputs than MAX_ACTIVE"
        );
        let mut accumulator = Accumulator {
            values: self.feature_bias,
        };
        for &input in active {
            self.add(&mut accumulator, input);
        }
        accumulator
    }

    /// Makes `input` active in `accumulator`.
    #[inline]
    pub fn add(&self, accumulator: &mut Accumulator<HIDDEN>, input: u16) {
        let row = &self.feature_weights[usize::from(input)];
        for (value, weight) in accumulator.values.iter_mut().zip(row) {
            *value = value.wrapping_add(*weight);
        }
    }

    /// Makes `input` inactive in `accumulator` (it must have been active).
    #[inline]
    pub fn remove(&self, accumulator: &mut Accumulator<HIDDEN>, input: u16) {
        let row = &self.feature_weights[usize::from(input)];
        for (value, weight) in accumulator.values.iter_mut().zip(row) {
            *value = value.wrapping_sub(*weight);
        }
    }

    /// The evaluation, in the game's units for the side to move, of the position whose side
    /// to move has the accumulator `us` and whose other side has `them`.
    pub fn output(&self, us: &Accumulator<HIDDEN>, them: &Accumulator<HIDDEN>) -> i32 {
        let out = self.output_bias
            + weighted_sum(&us.values, &self.output_weights[0])
            + weighted_sum(&them.values, &self.output_weights[1]);
        (i64::from(out) * i64::from(self.scale) / i64::from(QA * QB)) as i32
    }
}

/// What a game tells the learned evaluation about its positions, per absolute side (`0` and
/// `1`): the inputs of each side's perspective, and how they change from one position to
/// another. [`Evaluator`] is written once over it.
pub trait Inputs {
    /// The game's position.
    type Board: Copy;
    /// The side to move: `0` or `1`.
    fn side_to_move(board: &Self::Board) -> usize;
    /// Calls `f` with each active input of `side`'s perspective.
    fn each_input(board: &Self::Board, side: usize, f: impl FnMut(u16));
    /// How far apart two positions are, in changed inputs of one perspective at most (an upper
    /// bound is enough); `None` when they are too far apart for [`each_change`](Self::each_change).
    fn distance(a: &Self::Board, b: &Self::Board) -> Option<u32>;
    /// Calls `f(input, active)` with each input of `side`'s perspective that differs between
    /// `from` and `to`, `active` whether it is active in `to` (`distance` is `Some`).
    fn each_change(from: &Self::Board, to: &Self::Board, side: usize, f: impl FnMut(u16, bool));
}

/// The learned evaluation as a search asks for it, node after node. The first layer (one
/// accumulator per side) of the last position evaluated at each ply is kept, and a new
/// position's is brought from whichever kept one is nearest, the last evaluated at the same ply
/// (a sibling, usually) or at the ply above (the parent or an uncle), by the inputs that changed;
/// from scratch when neither is near. The accumulators are sums of the active inputs' rows, so a
/// position scores the same whatever was evaluated before it, and the search needs no hook in
/// its move loop: it only says at which ply a position is.
#[derive(Clone)]
pub struct Evaluator<I: Inputs, const INPUTS: usize, const HIDDEN: usize> {
    network: &'static Network<INPUTS, HIDDEN>,
    kept: Vec<Option<(I::Board, [Accumulator<HIDDEN>; 2])>>,
}

impl<I: Inputs, const INPUTS: usize, const HIDDEN: usize> Evaluator<I, INPUTS, HIDDEN> {
    /// An evaluator of `network` for searches of at most `plies` plies (deeper ones share the
    /// last).
    pub fn new(network: &'static Network<INPUTS, HIDDEN>, plies: usize) -> Self {
        Evaluator {
            network,
            kept: vec![None; plies.max(1)],
        }
    }

    /// The network's score of `board` from scratch, for its side to move.
    pub fn from_scratch(network: &Network<INPUTS, HIDDEN>, board: &I::Board) -> i32 {
        let accumulators = Self::accumulators(network, board);
        let us = I::side_to_move(board);
        network.output(&accumulators[us], &accumulators[1 - us])
    }

    /// The score of `board`, a node `ply` plies below the root, for its side to move.
    pub fn evaluate(&mut self, board: &I::Board, ply: usize) -> i32 {
        let network = self.network;
        let slot = ply.min(self.kept.len() - 1);
        let nearest = [Some(slot), slot.checked_sub(1)]
            .into_iter()
            .flatten()
            .filter_map(|i| self.kept[i].as_ref())
            .filter_map(|kept| I::distance(&kept.0, board).map(|d| (d, kept)))
            .min_by_key(|&(distance, _)| distance);
        let accumulators = match nearest {
            Some((_, (from, accumulators))) => {
                let mut accumulators = *accumulators;
                for (side, accumulator) in accumulators.iter_mut().enumerate() {
                    I::each_change(from, board, side, |input, active| {
                        if active {
                            network.add(accumulator, input);
                        } else {
                            network.remove(accumulator, input);
                        }
                    });
                }
                accumulators
            }
            None => Self::accumulators(network, board),
        };
        self.kept[slot] = Some((*board, accumulators));
        let us = I::side_to_move(board);
        network.output(&accumulators[us], &accumulators[1 - us])
    }

    fn accumulators(
        network: &Network<INPUTS, HIDDEN>,
        board: &I::Board,
    ) -> [Accumulator<HIDDEN>; 2] {
        [0, 1].map(|side| {
            let mut accumulator = Accumulator {
                values: network.feature_bias,
            };
            I::each_input(board, side, |input| network.add(&mut accumulator, input));
            accumulator
        })
    }
}

/// `Σ crelu(h[j]) × w[j]`, with `crelu` clamping to `[0, QA]`.
#[inline]
fn weighted_sum<const HIDDEN: usize>(hidden: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i32 {
    hidden
        .iter()
        .zip(weights)
        .map(|(&h, &w)| i32::from(h.clamp(0, QA as i16)) * i32::from(w))
        .sum()
}

/// Whether `-limit <= value <= limit` (in a `const fn`).
const fn within(value: i16, limit: i16) -> bool {
    -limit <= value && value <= limit
}

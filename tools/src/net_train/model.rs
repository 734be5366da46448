//! The float network the trainer learns: its parameters, its model file, and its quantized
//! form (the bots' `common::net::Network`, and the Rust source that defines it).

use std::fmt::Write as _;
use std::ops::Range;

use common::net::{Network, FEATURE_WEIGHT_LIMIT, OUTPUT_BIAS_LIMIT, OUTPUT_WEIGHT_LIMIT, QA, QB};
use rand::rngs::SmallRng;
use rand::{Rng as _, SeedableRng as _};

/// The first word of a model file.
const MODEL_MAGIC: &str = "train-net-model";

/// A float perspective network (the design is `common::net`'s): every parameter in one flat
/// vector, so that a gradient and Adam's moments have the same layout: `W1` (one row of
/// `hidden` per input), `b1`, `W2` for the side to move, `W2` for the other side, `b2`.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub(crate) game: String,
    pub(crate) inputs: usize,
    pub(crate) hidden: usize,
    pub(crate) parameters: Vec<f32>,
}

impl Model {
    /// A new network: small random weights from `seed`, biases that put the hidden values in
    /// the middle of the clipped ReLU's slope for a position of `mean_active` inputs.
    pub(crate) fn new(
        game: &str,
        inputs: usize,
        hidden: usize,
        mean_active: f64,
        seed: u64,
    ) -> Model {
        let mut model = Model {
            game: game.to_string(),
            inputs,
            hidden,
            parameters: vec![0.0; parameter_count(inputs, hidden)],
        };
        let (feature_weights, feature_bias, output_weights) = (
            model.feature_weights(),
            model.feature_bias(),
            model.output_weights(),
        );
        let mut rng = SmallRng::seed_from_u64(seed);
        // A hidden value's spread over positions about 0.5: it starts on the slope, not clipped.
        let feature = (0.5 * (3.0 / mean_active.max(1.0)).sqrt()) as f32;
        let output = (1.0 / (2.0 * hidden as f64).sqrt()) as f32;
        for w in &mut model.parameters[feature_weights] {
            *w = rng.gen_range(-feature..=feature);
        }
        for b in &mut model.parameters[feature_bias] {
            *b = 0.5;
        }
        for w in &mut model.parameters[output_weights] {
            *w = rng.gen_range(-output..=output);
        }
        model
    }

    pub(crate) fn feature_weights(&self) -> Range<usize> {
        0..self.inputs * self.hidden
    }

    /// The row of `W1` for `input`.
    pub(crate) fn feature_row(&self, input: u16) -> Range<usize> {
        let start = usize::from(input) * self.hidden;
        start..start + self.hidden
    }

    pub(crate) fn feature_bias(&self) -> Range<usize> {
        let start = self.inputs * self.hidden;
        start..start + self.hidden
    }

    /// Both perspectives' `W2`, the side to move's first.
    pub(crate) fn output_weights(&self) -> Range<usize> {
        let start = (self.inputs + 1) * self.hidden;
        start..start + 2 * self.hidden
    }

    /// One perspective's `W2`: 0 the side to move, 1 the other side.
    pub(crate) fn output_side(&self, perspective: usize) -> Range<usize> {
        let start = (self.inputs + 1 + perspective) * self.hidden;
        start..start + self.hidden
    }

    pub(crate) fn output_bias(&self) -> usize {
        (self.inputs + 3) * self.hidden
    }

    /// Each parameter range with the largest size the quantized network holds (in float).
    pub(crate) fn limits(&self) -> [(Range<usize>, f32); 3] {
        let feature = f32::from(FEATURE_WEIGHT_LIMIT) / QA as f32;
        let output = f32::from(OUTPUT_WEIGHT_LIMIT) / QB as f32;
        let bias = OUTPUT_BIAS_LIMIT as f32 / (QA * QB) as f32;
        let b2 = self.output_bias();
        [
            (0..self.output_weights().start, feature),
            (self.output_weights(), output),
            (b2..b2 + 1, bias),
        ]
    }

    /// The hidden values of one perspective, before the clipped ReLU.
    pub(crate) fn accumulate(&self, active: &[u16], hidden: &mut [f32]) {
        hidden.copy_from_slice(&self.parameters[self.feature_bias()]);
        for &input in active {
            let row = &self.parameters[self.feature_row(input)];
            for (h, w) in hidden.iter_mut().zip(row) {
                *h += w;
            }
        }
    }

    /// The output in logits for these accumulated hidden values.
    pub(crate) fn output(&self, us: &[f32], them: &[f32]) -> f32 {
        let mut o = self.parameters[self.output_bias()];
        for (perspective, hidden) in [us, them].into_iter().enumerate() {
            let weights = &self.parameters[self.output_side(perspective)];
            o += hidden
                .iter()
                .zip(weights)
                .map(|(h, w)| h.clamp(0.0, 1.0) * w)
                .sum::<f32>();
        }
        o
    }

    /// The output in logits for a position: the side to move wins with chance `sigmoid` of it.
    pub fn logits(&self, us: &[u16], them: &[u16]) -> f32 {
        let mut h_us = vec![0.0; self.hidden];
        let mut h_them = vec![0.0; self.hidden];
        self.accumulate(us, &mut h_us);
        self.accumulate(them, &mut h_them);
        self.output(&h_us, &h_them)
    }

    /// Keeps every parameter within what the quantized network holds.
    pub(crate) fn clamp(&mut self) {
        for (range, limit) in self.limits() {
            for w in &mut self.parameters[range] {
                *w = w.clamp(-limit, limit);
            }
        }
    }

    /// The model file: a line `train-net-model game=NAME inputs=N hidden=H`, then `W1` a line
    /// per input, `b1`, `W2` of each side and `b2`, each line a name and its numbers, written
    /// so that they read back exactly.
    pub(crate) fn to_text(&self) -> String {
        let mut text = format!(
            "{MODEL_MAGIC} game={} inputs={} hidden={}\n",
            self.game, self.inputs, self.hidden
        );
        let mut line = |name: &str, values: &[f32]| {
            text.push_str(name);
            for v in values {
                write!(text, " {v}").unwrap();
            }
            text.push('\n');
        };
        for input in 0..self.inputs {
            line(
                &format!("w1.{input}"),
                &self.parameters[self.feature_row(input as u16)],
            );
        }
        line("b1", &self.parameters[self.feature_bias()]);
        line("w2.us", &self.parameters[self.output_side(0)]);
        line("w2.them", &self.parameters[self.output_side(1)]);
        line("b2", &self.parameters[self.output_bias()..][..1]);
        text
    }

    /// Reads a model file (`to_text`'s format); `path` names it in the errors.
    pub fn read(path: &str) -> Result<Model, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        Model::from_text(&text).map_err(|(line, what)| format!("{path}:{line}: {what}"))
    }

    fn from_text(text: &str) -> Result<Model, (usize, String)> {
        let mut lines = text.lines();
        let header = lines.next().unwrap_or_default();
        let not_a_model = || (1, format!("not a {MODEL_MAGIC} header: {header:?}"));
        let mut words = header.split_ascii_whitespace();
        if words.next() != Some(MODEL_MAGIC) {
            return Err(not_a_model());
        }
        let mut field = |key: &str| {
            words
                .next()
                .and_then(|word| word.strip_prefix(key)?.strip_prefix('='))
                .map(str::to_string)
                .ok_or_else(not_a_model)
        };
        let game = field("game")?;
        let inputs: usize = field("inputs")?.parse().map_err(|_| not_a_model())?;
        let hidden: usize = field("hidden")?.parse().map_err(|_| not_a_model())?;
        if inputs == 0 || inputs > usize::from(u16::MAX) || hidden == 0 {
            return Err(not_a_model());
        }
        let mut model = Model {
            game,
            inputs,
            hidden,
            parameters: Vec::with_capacity(parameter_count(inputs, hidden)),
        };
        let names = (0..inputs)
            .map(|input| (format!("w1.{input}"), hidden))
            .chain([
                ("b1".to_string(), hidden),
                ("w2.us".to_string(), hidden),
                ("w2.them".to_string(), hidden),
                ("b2".to_string(), 1),
            ]);
        for (number, (name, count)) in (2..).zip(names) {
            let line = lines
                .next()
                .ok_or((number, format!("ends before {name}")))?;
            let mut words = line.split_ascii_whitespace();
            if words.next() != Some(name.as_str()) {
                return Err((number, format!("not the line {name}: {line:?}")));
            }
            let values: Vec<f32> = words
                .map(|w| w.parse::<f32>().ok().filter(|v| v.is_finite()))
                .collect::<Option<_>>()
                .filter(|values: &Vec<f32>| values.len() == count)
                .ok_or((number, format!("not {count} numbers: {line:?}")))?;
            model.parameters.extend(values);
        }
        Ok(model)
    }

    /// The quantized network, as the bots run it (`common::net`'s scales), with `scale` the
    /// game's score units per logit; an error if its sizes are not `INPUTS` and `HIDDEN`.
    pub fn quantized<const INPUTS: usize, const HIDDEN: usize>(
        &self,
        scale: i32,
    ) -> Result<Box<Network<INPUTS, HIDDEN>>, String> {
        if (self.inputs, self.hidden) != (INPUTS, HIDDEN) {
            return Err(format!(
                "the model has {} inputs and {} hidden values, not {INPUTS} and {HIDDEN}",
                self.inputs, self.hidden
            ));
        }
        let q = self.quantize();
        let mut feature_weights = vec![[0i16; HIDDEN]; INPUTS];
        for (row, weights) in feature_weights
            .iter_mut()
            .zip(q.feature_weights.chunks(HIDDEN))
        {
            row.copy_from_slice(weights);
        }
        let row = |values: &[i16]| -> [i16; HIDDEN] { values.try_into().expect("HIDDEN values") };
        Ok(Box::new(Network::new(
            feature_weights.try_into().expect("INPUTS rows"),
            row(&q.feature_bias),
            [
                row(&q.output_weights[..HIDDEN]),
                row(&q.output_weights[HIDDEN..]),
            ],
            q.output_bias,
            scale,
        )))
    }

    /// The integer weights: `common::net`'s scales, rounded, within its limits.
    pub(crate) fn quantize(&self) -> Quantized {
        let round = |values: &[f32], scale: i32, limit: i16| -> Vec<i16> {
            values
                .iter()
                .map(|&w| {
                    (f64::from(w) * f64::from(scale))
                        .round()
                        .clamp(-f64::from(limit), f64::from(limit)) as i16
                })
                .collect()
        };
        let b2 = f64::from(self.parameters[self.output_bias()]) * f64::from(QA * QB);
        Quantized {
            feature_weights: round(
                &self.parameters[self.feature_weights()],
                QA,
                FEATURE_WEIGHT_LIMIT,
            ),
            feature_bias: round(
                &self.parameters[self.feature_bias()],
                QA,
                FEATURE_WEIGHT_LIMIT,
            ),
            output_weights: round(
                &self.parameters[self.output_weights()],
                QB,
                OUTPUT_WEIGHT_LIMIT,
            ),
            output_bias: b2
                .round()
                .clamp(-f64::from(OUTPUT_BIAS_LIMIT), f64::from(OUTPUT_BIAS_LIMIT))
                as i32,
        }
    }
}

/// The quantized weights, flat: `W1` row by row, `b1`, `W2` of the side to move then of the
/// other side, `b2`.
pub(crate) struct Quantized {
    pub(crate) feature_weights: Vec<i16>,
    pub(crate) feature_bias: Vec<i16>,
    pub(crate) output_weights: Vec<i16>,
    pub(crate) output_bias: i32,
}

/// How many parameters a network of these sizes has.
fn parameter_count(inputs: usize, hidden: usize) -> usize {
    (inputs + 3) * hidden + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_model_file_reads_back_exactly() {
        let model = Model::new("toy", 7, 5, 3.0, 9);
        let text = model.to_text();
        assert_eq!(Model::from_text(&text), Ok(model));
        let cut: String = text.lines().take(4).collect::<Vec<_>>().join("\n");
        assert_eq!(Model::from_text(&cut).unwrap_err().0, 5);
        let bad = text.replacen("w1.2 ", "w1.2 x ", 1);
        assert_eq!(Model::from_text(&bad).unwrap_err().0, 4);
    }
}

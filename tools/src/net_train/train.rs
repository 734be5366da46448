//! The training: Adam on minibatches, each batch's gradient summed over threads.

use std::time::Instant;

use rand::rngs::SmallRng;
use rand::seq::SliceRandom as _;
use rand::SeedableRng as _;

use super::data::DataSet;
use super::model::Model;

/// How a training runs.
pub(crate) struct Schedule {
    pub(crate) epochs: u32,
    pub(crate) batch: usize,
    pub(crate) learning_rate: f64,
    pub(crate) threads: usize,
    pub(crate) seed: u64,
}

/// Adam's moment decays and its guard against division by zero, as in the paper.
const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
const EPSILON: f64 = 1e-8;

/// One epoch's report.
pub(crate) struct Epoch {
    /// The mean loss of the epoch's batches, each measured before its step.
    pub(crate) train_loss: f64,
    pub(crate) seconds: f64,
}

/// Trains `model` on the positions `train` of `data` for the schedule's epochs, calling
/// `report` after each epoch. Each epoch visits the positions in a fresh order drawn from the
/// seed; each batch's gradient is split over the threads in fixed chunks and summed in a fixed
/// order, so a seed and a thread count give the same model every time.
pub(crate) fn train(
    model: &mut Model,
    data: &DataSet,
    train: &[u32],
    schedule: &Schedule,
    mut report: impl FnMut(u32, &Model, &Epoch),
) {
    let mut order = train.to_vec();
    // A stream of its own, apart from the initial weights' (drawn from the seed itself).
    let mut rng = SmallRng::seed_from_u64(schedule.seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut adam = Adam::new(model.parameters.len());
    let mut gradients = vec![vec![0.0f32; model.parameters.len()]; schedule.threads.max(1)];
    for epoch in 1..=schedule.epochs {
        let start = Instant::now();
        order.shuffle(&mut rng);
        let mut loss_sum = 0.0;
        for batch in order.chunks(schedule.batch.max(1)) {
            loss_sum += gradient(model, data, batch, &mut gradients);
            let (total, others) = gradients.split_first_mut().expect("one thread at least");
            for other in others.iter() {
                for (g, o) in total.iter_mut().zip(other) {
                    *g += o;
                }
            }
            let per_position = 1.0 / batch.len() as f32;
            for g in total.iter_mut() {
                *g *= per_position;
            }
            adam.step(&mut model.parameters, total, schedule.learning_rate);
            model.clamp();
        }
        let report_epoch = Epoch {
            train_loss: loss_sum / order.len().max(1) as f64,
            seconds: start.elapsed().as_secs_f64(),
        };
        report(epoch, model, &report_epoch);
    }
}

/// The mean squared error of the predicted win chance against the target over `positions`,
/// summed over threads in a fixed order.
pub(crate) fn mean_loss(model: &Model, data: &DataSet, positions: &[u32], threads: usize) -> f64 {
    if positions.is_empty() {
        return f64::NAN;
    }
    let chunk = positions.len().div_ceil(threads.max(1));
    let sums: Vec<f64> = std::thread::scope(|scope| {
        let handles: Vec<_> = positions
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut scratch = Scratch::new(model.hidden);
                    part.iter()
                        .map(|&k| {
                            let (us, them, target) = data.position(k as usize);
                            let miss = scratch.forward(model, us, them) - target;
                            f64::from(miss * miss)
                        })
                        .sum()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a loss thread panicked"))
            .collect()
    });
    sums.iter().sum::<f64>() / positions.len() as f64
}

/// Each thread's gradient of the summed loss over its chunk of `batch`, into `gradients` (one
/// per thread, overwritten); returns the summed loss.
fn gradient(model: &Model, data: &DataSet, batch: &[u32], gradients: &mut [Vec<f32>]) -> f64 {
    let chunk = batch.len().div_ceil(gradients.len());
    std::thread::scope(|scope| {
        let mut parts = batch.chunks(chunk);
        let mut handles = Vec::new();
        let (own, others) = gradients.split_first_mut().expect("one thread at least");
        let own_part = parts.next().unwrap_or_default();
        for gradient in others.iter_mut() {
            let part = parts.next().unwrap_or_default();
            handles.push(scope.spawn(move || backward(model, data, part, gradient)));
        }
        let mut loss = backward(model, data, own_part, own);
        for handle in handles {
            loss += handle.join().expect("a gradient thread panicked");
        }
        loss
    })
}

/// The gradient of the summed loss over `positions` into `gradient` (overwritten); returns the
/// summed loss. The first layer's gradient touches only the rows of active inputs.
fn backward(model: &Model, data: &DataSet, positions: &[u32], gradient: &mut [f32]) -> f64 {
    gradient.fill(0.0);
    let mut scratch = Scratch::new(model.hidden);
    let mut loss = 0.0;
    let b1 = model.feature_bias();
    let b2 = model.output_bias();
    for &k in positions {
        let (us, them, target) = data.position(k as usize);
        let chance = scratch.forward(model, us, them);
        let miss = chance - target;
        loss += f64::from(miss * miss);
        // d(miss²)/d(logits), through the sigmoid.
        let d_output = 2.0 * miss * chance * (1.0 - chance);
        gradient[b2] += d_output;
        for (perspective, (active, hidden)) in [(us, &scratch.us), (them, &scratch.them)]
            .into_iter()
            .enumerate()
        {
            let side = model.output_side(perspective);
            let weights = &model.parameters[side.clone()];
            for (((g, d_hidden), &h), &w) in gradient[side]
                .iter_mut()
                .zip(scratch.d_hidden.iter_mut())
                .zip(hidden.iter())
                .zip(weights)
            {
                *g += d_output * h.clamp(0.0, 1.0);
                // The clipped ReLU passes a gradient only on its slope.
                *d_hidden = if h > 0.0 && h < 1.0 {
                    d_output * w
                } else {
                    0.0
                };
            }
            for (g, d) in gradient[b1.clone()].iter_mut().zip(&scratch.d_hidden) {
                *g += d;
            }
            for &input in active {
                let row = model.feature_row(input);
                for (g, d) in gradient[row].iter_mut().zip(&scratch.d_hidden) {
                    *g += d;
                }
            }
        }
    }
    loss
}

/// One thread's working memory for a position.
struct Scratch {
    us: Vec<f32>,
    them: Vec<f32>,
    d_hidden: Vec<f32>,
}

impl Scratch {
    fn new(hidden: usize) -> Scratch {
        Scratch {
            us: vec![0.0; hidden],
            them: vec![0.0; hidden],
            d_hidden: vec![0.0; hidden],
        }
    }

    /// The predicted win chance of the side to move; leaves the hidden values in `us`, `them`.
    fn forward(&mut self, model: &Model, us: &[u16], them: &[u16]) -> f32 {
        model.accumulate(us, &mut self.us);
        model.accumulate(them, &mut self.them);
        let logits = model.output(&self.us, &self.them);
        1.0 / (1.0 + (-logits).exp())
    }
}

/// Adam's state: the moments of every parameter and the step count.
struct Adam {
    mean: Vec<f32>,
    square: Vec<f32>,
    steps: i32,
}

impl Adam {
    fn new(parameters: usize) -> Adam {
        Adam {
            mean: vec![0.0; parameters],
            square: vec![0.0; parameters],
            steps: 0,
        }
    }

    fn step(&mut self, parameters: &mut [f32], gradient: &[f32], learning_rate: f64) {
        self.steps = self.steps.saturating_add(1);
        let step_size = (learning_rate * (1.0 - BETA2.powi(self.steps)).sqrt()
            / (1.0 - BETA1.powi(self.steps))) as f32;
        let (beta1, beta2, epsilon) = (BETA1 as f32, BETA2 as f32, EPSILON as f32);
        for (((p, &g), m), v) in parameters
            .iter_mut()
            .zip(gradient)
            .zip(&mut self.mean)
            .zip(&mut self.square)
        {
            *m = beta1 * *m + (1.0 - beta1) * g;
            *v = beta2 * *v + (1.0 - beta2) * g * g;
            *p -= step_size * *m / (v.sqrt() + epsilon);
        }
    }
}

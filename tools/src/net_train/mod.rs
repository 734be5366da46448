//! Training the bots' learned evaluation (`common::net`), behind the `train-net` binary.
//!
//! It reads data files of positions (a game crate's self-play writes them: a header
//! `# net-data game=NAME inputs=N scale=K`, then `RESULT SCORE US THEM` a line), trains a float
//! perspective network of the shape `common::net` runs, and writes two files: the float model
//! (`--model-out`, text that reads back exactly, for `--model-in` to start the next training
//! from) and the quantized network as Rust source (`--rust-out`), which a game crate keeps as
//! `src/net_weights.rs`.
//!
//! The choices it makes:
//!
//! - **Target and loss.** A position's target is `λ·sigmoid(SCORE / K) + (1 − λ)·RESULT` (λ is
//!   `--lambda`), the loss the mean squared error of `sigmoid(o)` against it, as Texel tuning
//!   and NNUE trainers do: the search's score is a dense signal, the game's result the truth.
//! - **Held out.** One position in `--holdout-every`, chosen by a hash of its content (its inputs
//!   and target), never trains and measures the loss after each epoch; the same position met
//!   twice is held out both times or neither. Positions of one game are alike, so the held-out
//!   loss is a little optimistic; it shows over-fitting all the same.
//! - **Order.** The positions are put in one order of their content before anything else, so the
//!   order of the files' lines does not matter: a data command that appends games as its threads
//!   finish them gives the same model from the same games.
//! - **Optimiser.** Adam on shuffled minibatches (`--batch`), the gradient of a batch split over
//!   `--threads` in fixed chunks and summed in a fixed order: a seed and a thread count give the
//!   same bytes. The first layer's gradient touches only the rows of active inputs; Adam then
//!   steps every parameter. After each step every weight is clamped to what the quantized
//!   network holds (`common::net`'s limits: `W1` and `b1` within ±504/255, `W2` within ±127/64,
//!   `b2` within ±64 logits), so that the bots' integers never overflow.
//! - **Resuming.** `--model-in` starts from a model's weights with fresh Adam moments (the data
//!   may be new); its game, input count and hidden size must be the data's and `--hidden`'s.
//! - **Initial weights.** From `--seed`: `W1` uniform with a spread that puts a hidden value
//!   of a typical position on the clipped ReLU's slope (`b1` = 0.5), `W2` uniform within
//!   ±1/√(2·hidden), `b2` = 0.
//! - **The Rust file.** The weights as integer arrays, a row per input, under
//!   `#[rustfmt::skip]`, after a `//!` doc naming the command, the data files, the epochs and
//!   the final losses; no date, so the same training writes the same bytes.

mod data;
mod model;
mod train;

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;

use data::DataSet;
pub use model::Model;
use train::Schedule;

/// `train-net`'s command line.
#[derive(Parser, Debug)]
#[command(
    name = "train-net",
    about = "Trains the learned evaluation (common::net) on data files of positions, and writes \
             the float model and the quantized network as Rust source (docs/tuning.md)."
)]
struct Options {
    /// A data file (`# net-data game=NAME inputs=N scale=K`, then `RESULT SCORE US THEM`
    /// lines); repeat for more. All must be of one game, input count and scale.
    #[arg(long = "data", value_name = "FILE", required = true)]
    data: Vec<String>,
    /// Where to write the quantized network, as Rust source (a game's `src/net_weights.rs`).
    #[arg(long, value_name = "PATH")]
    rust_out: String,
    /// Where to write the float model, for `--model-in` to go on from.
    #[arg(long, value_name = "PATH")]
    model_out: String,
    /// Start from this float model instead of random weights.
    #[arg(long, value_name = "PATH")]
    model_in: Option<String>,
    /// Hidden values per perspective [default: 32, or `--model-in`'s].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=4096))]
    hidden: Option<u16>,
    /// Passes over the training positions (0 only converts `--model-in`).
    #[arg(long, default_value_t = 20, value_name = "N")]
    epochs: u32,
    /// Positions per Adam step.
    #[arg(long, default_value_t = 16384, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..))]
    batch: u32,
    /// Adam's step size.
    #[arg(long, default_value_t = 0.001, value_name = "RATE")]
    learning_rate: f64,
    /// The share of the search's score in the target (the rest is the game's result).
    #[arg(long, default_value_t = 0.5, value_name = "L")]
    lambda: f64,
    /// Hold out every Nth position to measure the loss (0: none).
    #[arg(long, default_value_t = 20, value_name = "N")]
    holdout_every: u32,
    /// Seed of the initial weights and of the order of positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads for the gradients [default: the cores]; the result depends on it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
}

/// The whole `train-net` program, `args` without the program's name.
pub fn main(args: &[String]) -> ExitCode {
    let options = match Options::try_parse_from(
        std::iter::once("train-net").chain(args.iter().map(String::as_str)),
    ) {
        Ok(options) => options,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match run(&options, args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("train-net: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(options: &Options, args: &[String]) -> Result<(), String> {
    check(options)?;
    let threads = options.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    let start = Instant::now();
    let data = DataSet::read(&options.data, options.lambda)?;
    let header = &data.header;
    let (train, holdout) = split(&data, options.holdout_every);
    println!(
        "data game={} inputs={} scale={}: {} positions, {} training, {} held out ({:.1}s)",
        header.game,
        header.inputs,
        header.scale,
        data.len(),
        train.len(),
        holdout.len(),
        start.elapsed().as_secs_f64()
    );
    if train.is_empty() {
        return Err("no position to train on".to_string());
    }
    let mut model = starting_model(options, &data, &train)?;
    let holdout_loss = |model: &Model| train::mean_loss(model, &data, &holdout, threads);
    println!("start holdout-loss {}", loss_text(holdout_loss(&model)));
    let schedule = Schedule {
        epochs: options.epochs,
        batch: options.batch as usize,
        learning_rate: options.learning_rate,
        threads,
        seed: options.seed,
    };
    train::train(
        &mut model,
        &data,
        &train,
        &schedule,
        |epoch, model, report| {
            println!(
                "epoch {epoch} train-loss {:.6} holdout-loss {} time {:.1}s positions/s {:.0}",
                report.train_loss,
                loss_text(holdout_loss(model)),
                report.seconds,
                train.len() as f64 / report.seconds.max(1e-9)
            );
        },
    );
    let train_loss = train::mean_loss(&model, &data, &train, threads);
    let final_holdout = holdout_loss(&model);
    println!(
        "final train-loss {:.6} holdout-loss {}",
        train_loss,
        loss_text(final_holdout)
    );
    let write = |path: &str, text: String| {
        std::fs::write(path, text).map_err(|e| format!("cannot write {path}: {e}"))
    };
    write(&options.model_out, model.to_text())?;
    let provenance = Provenance {
        command: command_line(args),
        files: &data.files,
        holdout_every: options.holdout_every,
        epochs: options.epochs,
        train_loss,
        holdout_loss: final_holdout,
    };
    write(
        &options.rust_out,
        rust_source(&model, header.scale, &provenance),
    )?;
    println!(
        "wrote {} and {} ({:.1}s in all)",
        options.model_out,
        options.rust_out,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The options no run can use, refused before the data is read.
fn check(options: &Options) -> Result<(), String> {
    if !(0.0..=1.0).contains(&options.lambda) {
        return Err(format!("--lambda {}: not within 0 and 1", options.lambda));
    }
    if !(options.learning_rate > 0.0 && options.learning_rate.is_finite()) {
        return Err(format!(
            "--learning-rate {}: not positive",
            options.learning_rate
        ));
    }
    if options.holdout_every == 1 {
        return Err("--holdout-every 1 would hold out every position".to_string());
    }
    Ok(())
}

/// The model training starts from: `--model-in`'s, which must be of the data's game, inputs and
/// `--hidden`, or a new one seeded by `--seed`.
fn starting_model(options: &Options, data: &DataSet, train: &[u32]) -> Result<Model, String> {
    let header = &data.header;
    match &options.model_in {
        Some(path) => {
            let model = Model::read(path)?;
            let hidden = options.hidden.map_or(model.hidden, usize::from);
            if (model.game.as_str(), model.inputs, model.hidden)
                != (header.game.as_str(), header.inputs, hidden)
            {
                return Err(format!(
                    "{path}: a model of game={} inputs={} hidden={}, not the data's game={} \
                     inputs={} and hidden={hidden}",
                    model.game, model.inputs, model.hidden, header.game, header.inputs
                ));
            }
            Ok(model)
        }
        None => {
            let active: usize = train
                .iter()
                .map(|&k| data.position(k as usize).0.len())
                .sum();
            Ok(Model::new(
                &header.game,
                header.inputs,
                options.hidden.map_or(32, usize::from),
                active as f64 / train.len() as f64,
                options.seed,
            ))
        }
    }
}

/// A loss as the reports write it: `-` when nothing is held out.
fn loss_text(loss: f64) -> String {
    if loss.is_nan() {
        "-".to_string()
    } else {
        format!("{loss:.6}")
    }
}

/// The command line that made a network, for its Rust file: `train-net` and its arguments,
/// each quoted if the shell would split it.
fn command_line(args: &[String]) -> String {
    let mut line = "train-net".to_string();
    for arg in args {
        let plain = !arg.is_empty()
            && arg
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
        if plain {
            write!(line, " {arg}").unwrap();
        } else {
            write!(line, " '{}'", arg.replace('\'', r"'\''")).unwrap();
        }
    }
    line
}

/// What the Rust file's doc says of where its network comes from.
struct Provenance<'a> {
    command: String,
    files: &'a [(String, usize)],
    holdout_every: u32,
    epochs: u32,
    train_loss: f64,
    holdout_loss: f64,
}

/// The Rust source of the quantized `model`: `INPUTS`, `HIDDEN` and the `NETWORK` static of
/// `common::net`, after a doc of where it comes from.
fn rust_source(model: &Model, scale: i32, provenance: &Provenance) -> String {
    let q = model.quantize();
    let mut text = String::new();
    let mut doc = |line: &str| {
        if line.is_empty() {
            text.push_str("//!\n");
        } else {
            writeln!(text, "//! {line}").unwrap();
        }
    };
    doc(&format!(
        "The network of the learned evaluation ({}), written by `train-net` (`tools`, see",
        model.game
    ));
    doc("docs/tuning.md): regenerate it rather than edit it.");
    doc("");
    doc(&format!("- command: `{}`", provenance.command));
    let files: Vec<String> = provenance
        .files
        .iter()
        .map(|(path, positions)| format!("`{path}` ({positions} positions)"))
        .collect();
    doc(&format!("- data: {}", files.join(", ")));
    let held_out = match provenance.holdout_every {
        0 => "none held out".to_string(),
        n => format!("one position in {n} held out (by a hash of its content)"),
    };
    doc(&format!("- {held_out}; epochs: {}", provenance.epochs));
    doc(&format!(
        "- final loss (mean squared error of the win chance): train {:.6}, held out {}",
        provenance.train_loss,
        loss_text(provenance.holdout_loss)
    ));
    text.push('\n');
    writeln!(text, "pub(crate) const INPUTS: usize = {};", model.inputs).unwrap();
    writeln!(text, "pub(crate) const HIDDEN: usize = {};", model.hidden).unwrap();
    text.push_str("\n#[rustfmt::skip]\n");
    text.push_str(
        "pub(crate) static NETWORK: common::net::Network<INPUTS, HIDDEN> = common::net::Network::new(\n",
    );
    let row = |values: &[i16]| {
        let numbers: Vec<String> = values.iter().map(i16::to_string).collect();
        format!("[{}]", numbers.join(","))
    };
    text.push_str("    [\n");
    for weights in q.feature_weights.chunks(model.hidden) {
        writeln!(text, "        {},", row(weights)).unwrap();
    }
    text.push_str("    ],\n");
    writeln!(text, "    {},", row(&q.feature_bias)).unwrap();
    let (us, them) = q.output_weights.split_at(model.hidden);
    writeln!(text, "    [{}, {}],", row(us), row(them)).unwrap();
    writeln!(text, "    {},", q.output_bias).unwrap();
    writeln!(text, "    {scale},").unwrap();
    text.push_str(");\n");
    text
}

/// The training and the held-out positions, each in an order of their content alone.
fn split(data: &DataSet, holdout_every: u32) -> (Vec<u32>, Vec<u32>) {
    use std::hash::{Hash, Hasher};
    let mut order: Vec<u32> = (0..data.len() as u32).collect();
    let content = |k: u32| {
        let (us, them, target) = data.position(k as usize);
        (us, them, target.to_bits())
    };
    order.sort_by(|&a, &b| content(a).cmp(&content(b)));
    order.into_iter().partition(|&k| {
        if holdout_every == 0 {
            return true;
        }
        let mut hasher = rustc_hash::FxHasher::default();
        content(k).hash(&mut hasher);
        hasher.finish() % u64::from(holdout_every) != 0
    })
}

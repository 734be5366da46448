//! The data files: one position a line, read into flat arrays (see `docs/tuning.md`,
//! "Training a network", for the format).

use std::fs::File;
use std::io::{BufRead as _, BufReader};

use common::net::MAX_ACTIVE;

/// What a data file's first line says: the game, its input count, its score units per logit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Header {
    pub(crate) game: String,
    pub(crate) inputs: usize,
    pub(crate) scale: i32,
}

/// The positions of every data file, in the order read: each one's target and the active
/// inputs of both perspectives, stored flat (a few million positions fit in a few hundred MB).
pub(crate) struct DataSet {
    pub(crate) header: Header,
    /// Each file read and how many positions it held.
    pub(crate) files: Vec<(String, usize)>,
    /// The target of each position: the side to move's expected result.
    targets: Vec<f32>,
    /// Every position's `us` inputs, then its `them` inputs.
    inputs: Vec<u16>,
    /// Where each position's lists start in `inputs`: position `k`'s `us` list is
    /// `inputs[starts[2k]..starts[2k + 1]]`, its `them` list runs to `starts[2k + 2]`.
    starts: Vec<u32>,
}

impl DataSet {
    /// Reads the files, each position's target being `λ·sigmoid(SCORE / scale) + (1 − λ)·RESULT`.
    /// A file that cannot be read, a header missing or unlike the first file's, a malformed line:
    /// an error naming the file and the line.
    pub(crate) fn read(paths: &[String], lambda: f64) -> Result<DataSet, String> {
        let mut data: Option<DataSet> = None;
        for path in paths {
            let file = File::open(path).map_err(|e| format!("{path}: {e}"))?;
            let mut reader = BufReader::new(file);
            let mut line = String::new();
            let mut number = 0usize;
            let mut positions = 0usize;
            loop {
                line.clear();
                number += 1;
                match reader.read_line(&mut line) {
                    Ok(0) => break,
                    Ok(_) => {}
                    Err(e) => return Err(format!("{path}:{number}: {e}")),
                }
                let text = line.trim_end_matches(['\n', '\r']);
                let at = |what: String| format!("{path}:{number}: {what}: \"{text}\"");
                if number == 1 || text.starts_with("# net-data") {
                    let header = parse_header(text).map_err(at)?;
                    match &data {
                        None => {
                            data = Some(DataSet {
                                header,
                                files: Vec::new(),
                                targets: Vec::new(),
                                inputs: Vec::new(),
                                starts: vec![0],
                            })
                        }
                        Some(data) if data.header != header => {
                            return Err(at(format!(
                                "a header unlike {}'s (game={} inputs={} scale={})",
                                data.files.first().map_or(path, |(first, _)| first),
                                data.header.game,
                                data.header.inputs,
                                data.header.scale
                            )));
                        }
                        Some(_) => {}
                    }
                    continue;
                }
                if text.starts_with('#') || text.trim().is_empty() {
                    continue;
                }
                let data = data.as_mut().expect("the first line is a header");
                data.push(text, lambda).map_err(at)?;
                positions += 1;
            }
            if number == 1 {
                return Err(format!("{path}: empty: no \"# net-data\" header"));
            }
            if let Some(data) = &mut data {
                data.files.push((path.clone(), positions));
            }
        }
        data.ok_or_else(|| "no data file".to_string())
    }

    /// Adds the position of a data line.
    fn push(&mut self, text: &str, lambda: f64) -> Result<(), String> {
        let fields: Vec<&str> = text.split_ascii_whitespace().collect();
        let [result, score, us, them] = fields[..] else {
            return Err(format!(
                "{} fields, not 4 (RESULT SCORE US THEM)",
                fields.len()
            ));
        };
        let result = match result {
            "1" => 1.0,
            "0.5" => 0.5,
            "0" => 0.0,
            _ => return Err(format!("the result {result:?} is none of 1, 0.5, 0")),
        };
        let score: i64 = score
            .parse()
            .map_err(|_| format!("the score {score:?} is not an integer"))?;
        let expected = sigmoid(score as f64 / f64::from(self.header.scale));
        self.targets
            .push((lambda * expected + (1.0 - lambda) * result) as f32);
        for list in [us, them] {
            self.push_inputs(list)?;
            let end = u32::try_from(self.inputs.len())
                .map_err(|_| "more than 4 billion active inputs in all".to_string())?;
            self.starts.push(end);
        }
        Ok(())
    }

    /// Adds a list of active inputs: `-` or ascending indices below the input count,
    /// comma-separated, at most [`MAX_ACTIVE`] of them.
    fn push_inputs(&mut self, list: &str) -> Result<(), String> {
        if list == "-" {
            return Ok(());
        }
        let start = self.inputs.len();
        for index in list.split(',') {
            let input: u16 = index
                .parse()
                .ok()
                .filter(|&i| usize::from(i) < self.header.inputs)
                .ok_or_else(|| {
                    format!(
                        "the input {index:?} is not an index below {}",
                        self.header.inputs
                    )
                })?;
            if self.inputs.len() > start && *self.inputs.last().unwrap() >= input {
                return Err(format!("the inputs {list:?} are not ascending"));
            }
            self.inputs.push(input);
        }
        if self.inputs.len() - start > MAX_ACTIVE {
            return Err(format!(
                "{} active inputs, more than the network takes ({MAX_ACTIVE})",
                self.inputs.len() - start
            ));
        }
        Ok(())
    }

    /// How many positions.
    pub(crate) fn len(&self) -> usize {
        self.targets.len()
    }

    /// The active inputs of position `k`, the side to move's then the other side's, and its
    /// target.
    pub(crate) fn position(&self, k: usize) -> (&[u16], &[u16], f32) {
        let at = |n: usize| self.starts[n] as usize;
        (
            &self.inputs[at(2 * k)..at(2 * k + 1)],
            &self.inputs[at(2 * k + 1)..at(2 * k + 2)],
            self.targets[k],
        )
    }
}

/// `# net-data game=NAME inputs=N scale=K`.
fn parse_header(text: &str) -> Result<Header, String> {
    let usage = "not a header \"# net-data game=NAME inputs=N scale=K\"";
    let mut words = text.split_ascii_whitespace();
    if words.next() != Some("#") || words.next() != Some("net-data") {
        return Err(usage.to_string());
    }
    let (mut game, mut inputs, mut scale) = (None, None, None);
    for word in words {
        match word.split_once('=') {
            Some(("game", name)) if !name.is_empty() && game.is_none() => {
                game = Some(name.to_string())
            }
            Some(("inputs", n)) if inputs.is_none() => {
                inputs = Some(
                    n.parse::<usize>()
                        .ok()
                        .filter(|&n| (1..=usize::from(u16::MAX)).contains(&n))
                        .ok_or_else(|| format!("inputs={n}: not a count from 1 to 65535"))?,
                )
            }
            Some(("scale", k)) if scale.is_none() => {
                scale = Some(
                    k.parse::<i32>()
                        .ok()
                        .filter(|&k| k > 0)
                        .ok_or_else(|| format!("scale={k}: not a positive integer"))?,
                )
            }
            _ => return Err(format!("{usage} (at {word:?})")),
        }
    }
    match (game, inputs, scale) {
        (Some(game), Some(inputs), Some(scale)) => Ok(Header {
            game,
            inputs,
            scale,
        }),
        _ => Err(usage.to_string()),
    }
}

/// The logistic curve.
pub(crate) fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

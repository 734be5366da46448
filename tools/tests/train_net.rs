//! `train-net`: it learns a learnable target, refuses malformed data with the file and line,
//! writes a Rust file whose network is the float model's quantized, resumes where it stopped,
//! and gives the same bytes for the same seed.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use tools::net_train::Model;

/// The checked-in weights file of `net_fixtures/`, compiled here as a game crate compiles its
/// own: `train-net --epochs 0` writes it from `net_fixtures/model.txt`.
#[path = "net_fixtures/net_weights.rs"]
mod net_weights;

const TRAIN_NET: &str = env!("CARGO_BIN_EXE_train-net");

/// A fresh folder for one test.
fn test_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("train-net-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// `train-net ARGS` run in `dir`.
fn train_net(dir: &Path, args: &[&str]) -> Output {
    Command::new(TRAIN_NET)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "train-net failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// The number after `key` on the first line starting with `start`.
fn reported(text: &str, start: &str, key: &str) -> f64 {
    let line = text
        .lines()
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no {start} in {text}"));
    let mut words = line.split_whitespace();
    words
        .find(|&w| w == key)
        .unwrap_or_else(|| panic!("no {key} in {line}"));
    words.next().unwrap().trim_end_matches('s').parse().unwrap()
}

/// A data file of 8 inputs whose target is learnable: the side to move wins when its input 0
/// is active (and the search says so), whatever else is; inputs from a fixed generator.
fn learnable_data(positions: usize) -> String {
    let mut text = String::from("# net-data game=toy inputs=8 scale=400\n# a comment\n");
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let list = |bits: u64| {
        let active: Vec<String> = (0..8)
            .filter(|i| bits >> i & 1 == 1)
            .map(|i| i.to_string())
            .collect();
        if active.is_empty() {
            "-".to_string()
        } else {
            active.join(",")
        }
    };
    for _ in 0..positions {
        let (us, them) = (next() & 0xff, next() & 0xff);
        let (result, score) = if us & 1 == 1 { ("1", 800) } else { ("0", -800) };
        text += &format!("{result} {score} {} {}\n", list(us), list(them));
    }
    text
}

#[test]
fn the_held_out_loss_falls_on_a_learnable_target() {
    let dir = test_dir("learn");
    fs::write(dir.join("toy.txt"), learnable_data(4000)).unwrap();
    let out = stdout(&train_net(
        &dir,
        &[
            "--data",
            "toy.txt",
            "--rust-out",
            "w.rs",
            "--model-out",
            "m.txt",
            "--hidden",
            "4",
            "--epochs",
            "10",
            "--batch",
            "64",
            "--learning-rate",
            "0.01",
            "--threads",
            "2",
        ],
    ));
    let start = reported(&out, "start", "holdout-loss");
    let end = reported(&out, "final", "holdout-loss");
    assert!(start > 0.1, "{out}");
    assert!(end < start / 10.0, "{out}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with("epoch ")).count(),
        10,
        "{out}"
    );
    let epoch = out.lines().find(|l| l.starts_with("epoch 1 ")).unwrap();
    let words: Vec<&str> = epoch.split_whitespace().collect();
    assert_eq!(
        [words[0], words[2], words[4], words[6], words[8]],
        ["epoch", "train-loss", "holdout-loss", "time", "positions/s"],
        "{epoch}"
    );
}

#[test]
fn a_malformed_line_is_an_error_naming_its_file_and_line() {
    let dir = test_dir("malformed");
    let header = "# net-data game=toy inputs=8 scale=400\n";
    let good = "1 20 0,3 1\n";
    for (line, why) in [
        ("1 20 0,3", "3 fields, not 4"),
        ("2 20 0,3 1", "none of 1, 0.5, 0"),
        ("1 2.5 0,3 1", "not an integer"),
        ("1 20 0,8 1", "not an index below 8"),
        ("1 20 3,0 1", "not ascending"),
        ("1 20 0,0 1", "not ascending"),
        ("1 20 0,,1 -", "not an index below 8"),
        ("1 20 0 x", "not an index below 8"),
        ("# net-data game=toy inputs=9 scale=400", "a header unlike"),
    ] {
        fs::write(
            dir.join("bad.txt"),
            format!("{header}{good}{good}{line}\n{good}"),
        )
        .unwrap();
        let output = train_net(
            &dir,
            &[
                "--data",
                "bad.txt",
                "--rust-out",
                "w.rs",
                "--model-out",
                "m.txt",
            ],
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{line}: {stderr}");
        assert!(stderr.contains("bad.txt:4: "), "{line}: {stderr}");
        assert!(stderr.contains(why), "{line}: {stderr}");
        assert!(stderr.contains(&format!("\"{line}\"")), "{line}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    // No header, and files of different games.
    fs::write(dir.join("bare.txt"), good).unwrap();
    let output = train_net(
        &dir,
        &[
            "--data",
            "bare.txt",
            "--rust-out",
            "w.rs",
            "--model-out",
            "m.txt",
        ],
    );
    assert!(String::from_utf8_lossy(&output.stderr).contains("bare.txt:1: not a header"));
    fs::write(
        dir.join("other.txt"),
        format!("# net-data game=other inputs=8 scale=400\n{good}"),
    )
    .unwrap();
    fs::write(dir.join("toy.txt"), format!("{header}{good}")).unwrap();
    let output = train_net(
        &dir,
        &[
            "--data",
            "toy.txt",
            "--data",
            "other.txt",
            "--rust-out",
            "w.rs",
            "--model-out",
            "m.txt",
        ],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("other.txt:1: a header unlike toy.txt's"),
        "{stderr}"
    );
    assert!(!dir.join("w.rs").exists());
}

#[test]
fn the_rust_file_holds_the_quantized_model_which_evaluates_like_the_float_one() {
    let dir = test_dir("rust");
    fs::write(dir.join("toy.txt"), learnable_data(2000)).unwrap();
    stdout(&train_net(
        &dir,
        &[
            "--data",
            "toy.txt",
            "--rust-out",
            "w.rs",
            "--model-out",
            "m.txt",
            "--hidden",
            "4",
            "--epochs",
            "3",
            "--batch",
            "64",
            "--learning-rate",
            "0.01",
            "--threads",
            "1",
        ],
    ));
    let model = Model::read(dir.join("m.txt").to_str().unwrap()).unwrap();
    let network = model.quantized::<8, 4>(400).unwrap();
    // Every position of 8 inputs, from each side.
    let list = |bits: u16| (0..8u16).filter(|i| bits >> i & 1 == 1).collect::<Vec<_>>();
    for us in 0..256 {
        for them in (0..256).step_by(7) {
            let (us, them) = (list(us), list(them));
            let float = f64::from(model.logits(&us, &them)) * 400.0;
            let integer = f64::from(network.evaluate(&us, &them));
            // At most 9 rounded W1/b1 terms of 0.5/255 each through 8 W2 of at most 2, 8
            // rounded W2 of 0.5/64, and the truncation: about 0.2 logits, 80 units.
            assert!(
                (float - integer).abs() < 80.0,
                "{us:?} {them:?}: {float} {integer}"
            );
        }
    }
    // The text holds exactly the quantized numbers.
    let text = fs::read_to_string(dir.join("w.rs")).unwrap();
    assert_eq!(*network, parse_rust_file::<8, 4>(&text));
    assert!(text.starts_with("//! "));
    assert!(text.contains(
        "- command: `train-net --data toy.txt --rust-out w.rs --model-out m.txt --hidden 4"
    ));
    assert!(text.contains("- data: `toy.txt` (2000 positions)"));
    assert!(text.contains("epochs: 3"));
}

/// The network a written Rust file defines, read from its text.
fn parse_rust_file<const INPUTS: usize, const HIDDEN: usize>(
    text: &str,
) -> common::net::Network<INPUTS, HIDDEN> {
    assert!(text.contains(&format!("pub(crate) const INPUTS: usize = {INPUTS};\n")));
    assert!(text.contains(&format!("pub(crate) const HIDDEN: usize = {HIDDEN};\n")));
    let body = text.split_once("Network::new(").unwrap().1;
    let numbers: Vec<i32> = body
        .split(|c: char| !(c == '-' || c.is_ascii_digit()))
        .filter(|word| !word.is_empty())
        .map(|word| word.parse().unwrap())
        .collect();
    assert_eq!(numbers.len(), (INPUTS + 3) * HIDDEN + 2);
    let row = |at: usize| -> [i16; HIDDEN] {
        std::array::from_fn(|j| i16::try_from(numbers[at + j]).unwrap())
    };
    let feature_weights: Vec<[i16; HIDDEN]> = (0..INPUTS).map(|i| row(i * HIDDEN)).collect();
    common::net::Network::new(
        feature_weights.try_into().unwrap(),
        row(INPUTS * HIDDEN),
        [row((INPUTS + 1) * HIDDEN), row((INPUTS + 2) * HIDDEN)],
        numbers[(INPUTS + 3) * HIDDEN],
        numbers[(INPUTS + 3) * HIDDEN + 1],
    )
}

#[test]
fn the_checked_in_weights_file_is_what_the_trainer_writes_and_compiles() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/net_fixtures");
    let dir = test_dir("fixture");
    for file in ["data.txt", "model.txt"] {
        fs::copy(fixtures.join(file), dir.join(file)).unwrap();
    }
    stdout(&train_net(
        &dir,
        &[
            "--data",
            "data.txt",
            "--model-in",
            "model.txt",
            "--epochs",
            "0",
            "--rust-out",
            "net_weights.rs",
            "--model-out",
            "model-out.txt",
        ],
    ));
    assert_eq!(
        fs::read_to_string(dir.join("net_weights.rs")).unwrap(),
        fs::read_to_string(fixtures.join("net_weights.rs")).unwrap(),
        "the trainer no longer writes tests/net_fixtures/net_weights.rs: rerun the command of its doc there"
    );
    assert_eq!(
        fs::read_to_string(dir.join("model-out.txt")).unwrap(),
        fs::read_to_string(fixtures.join("model.txt")).unwrap()
    );
    let model = Model::read(fixtures.join("model.txt").to_str().unwrap()).unwrap();
    let network = model
        .quantized::<{ net_weights::INPUTS }, { net_weights::HIDDEN }>(400)
        .unwrap();
    assert_eq!(*network, net_weights::NETWORK);
}

#[test]
fn a_resumed_training_starts_where_the_last_one_ended_and_a_seed_gives_the_same_bytes() {
    let dir = test_dir("resume");
    fs::write(dir.join("toy.txt"), learnable_data(2000)).unwrap();
    let run = |model_in: Option<&str>, out: &str, epochs: &str| {
        let mut args = vec![
            "--data",
            "toy.txt",
            "--rust-out",
            "w.rs",
            "--model-out",
            out,
            "--hidden",
            "4",
            "--epochs",
            epochs,
            "--batch",
            "64",
            "--learning-rate",
            "0.01",
            "--threads",
            "2",
        ];
        if let Some(model) = model_in {
            args.extend(["--model-in", model]);
        }
        stdout(&train_net(&dir, &args))
    };
    let first = run(None, "a.txt", "2");
    let again = run(None, "b.txt", "2");
    assert_eq!(
        fs::read(dir.join("a.txt")).unwrap(),
        fs::read(dir.join("b.txt")).unwrap()
    );
    let ended = reported(&first, "final", "holdout-loss");
    assert!(ended < reported(&first, "start", "holdout-loss"));
    let resumed = run(Some("a.txt"), "c.txt", "1");
    assert_eq!(
        reported(&resumed, "start", "holdout-loss"),
        ended,
        "{first}\n{resumed}"
    );
    assert!(
        reported(&resumed, "epoch 1 ", "holdout-loss") < ended * 1.1,
        "{resumed}"
    );
    assert_eq!(reported(&again, "final", "holdout-loss"), ended);
    // A model of another hidden size is refused.
    let output = train_net(
        &dir,
        &[
            "--data",
            "toy.txt",
            "--rust-out",
            "w.rs",
            "--model-out",
            "d.txt",
            "--model-in",
            "a.txt",
            "--hidden",
            "5",
        ],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("a.txt: a model of game=toy inputs=8 hidden=4, not"),
        "{stderr}"
    );
}

/// A data command appends games as its threads finish them: the same positions in another order
/// train the same model.
#[test]
fn the_order_of_the_data_lines_does_not_change_the_model() {
    let dir = test_dir("order");
    let data = learnable_data(1000);
    let (header, lines) = data.split_at(data.find("\n# a comment\n").unwrap());
    let mut reversed: Vec<&str> = lines.lines().collect();
    reversed.reverse();
    fs::write(dir.join("in-order.txt"), &data).unwrap();
    fs::write(
        dir.join("reversed.txt"),
        format!("{header}\n{}\n", reversed.join("\n").trim()),
    )
    .unwrap();
    for (data, model) in [("in-order.txt", "a.txt"), ("reversed.txt", "b.txt")] {
        stdout(&train_net(
            &dir,
            &[
                "--data",
                data,
                "--rust-out",
                "w.rs",
                "--model-out",
                model,
                "--hidden",
                "4",
                "--epochs",
                "2",
                "--batch",
                "64",
            ],
        ));
    }
    assert_eq!(
        fs::read(dir.join("a.txt")).unwrap(),
        fs::read(dir.join("b.txt")).unwrap()
    );
}

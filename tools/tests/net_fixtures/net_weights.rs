//! The network of the learned evaluation (toy), written by `train-net` (`tools`, see
//! docs/tuning.md): regenerate it rather than edit it.
//!
//! - command: `train-net --data data.txt --model-in model.txt --epochs 0 --rust-out net_weights.rs --model-out model-out.txt`
//! - data: `data.txt` (60 positions)
//! - one position in 20 held out (by a hash of its content); epochs: 0
//! - final loss (mean squared error of the win chance): train 0.024069, held out 0.037119

pub(crate) const INPUTS: usize = 6;
pub(crate) const HIDDEN: usize = 3;

#[rustfmt::skip]
pub(crate) static NETWORK: common::net::Network<INPUTS, HIDDEN> = common::net::Network::new(
    [
        [85,-289,-161],
        [-11,-122,25],
        [-141,-11,55],
        [-13,-139,108],
        [31,-5,5],
        [219,26,-144],
    ],
    [127,266,181],
    [[33,-58,-28], [62,10,-19]],
    1057,
    400,
);

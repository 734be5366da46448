//! `train-net`: trains the bots' learned evaluation (see `tools::net_train`, `docs/tuning.md`).

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    tools::net_train::main(&args)
}

//! `spsa`: tunes a bot's search tunables by matches (see `tools::spsa`, `docs/tuning.md`).

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    tools::spsa::main(&args)
}

//! `count-files-referee [OPTIONS] CMD_A CMD_B`: the referee of the runner's toy game with
//! file-based players (`tools::runner::count`: a call per move, the count in `count.txt`, the
//! step written to `step.txt`), with every subcommand of a game's referee. The runner's own
//! tests play it to try the transport of the file-based games.
fn main() -> std::process::ExitCode {
    tools::runner::main::<tools::runner::count::Count<5, 2, true>>()
}

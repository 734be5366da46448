//! `count-referee [OPTIONS] CMD_A CMD_B`: the referee of the runner's toy game, counting to five
//! in steps of one or two (`tools::runner::count`), with every subcommand of a game's referee.
//! The runner's own tests play it with players written in a line of shell, so that what the
//! runner does is tested once, in milliseconds, apart from any game's rules.
fn main() -> std::process::ExitCode {
    tools::runner::main::<tools::runner::count::Count<5, 2>>()
}

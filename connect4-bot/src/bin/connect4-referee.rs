//! `connect4-referee [OPTIONS] CMD_A CMD_B`: plays Power Connect 4 games between two shell commands, and the
//! referee's subcommands (`merge`, `view`, `league`, `lines`).
fn main() -> std::process::ExitCode {
    tools::runner::main::<connect4::referee::Connect4>()
}

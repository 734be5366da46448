//! `krieg-referee [OPTIONS] CMD_A CMD_B`: plays Krieg games between two shell commands, and the
//! referee's subcommands (`merge`, `view`, `league`, `lines`).
fn main() -> std::process::ExitCode {
    tools::runner::main::<krieg::referee::Krieg>()
}

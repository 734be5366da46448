//! `krieg-referee [OPTIONS] CMD_A CMD_B`: plays Krieg games between two shell commands.
fn main() -> std::process::ExitCode {
    tools::runner::main::<krieg::referee::KriegReferee>()
}

//! `frostfire-referee [OPTIONS] CMD_A CMD_B`: plays Frostfire games between two shell commands.
fn main() -> std::process::ExitCode {
    tools::runner::main::<frostfire::referee::FrostfireReferee>()
}

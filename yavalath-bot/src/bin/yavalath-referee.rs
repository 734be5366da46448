//! `yavalath-referee [OPTIONS] CMD_A CMD_B`: plays Yavalath games between two shell commands.
fn main() -> std::process::ExitCode {
    tools::runner::main::<yavalath::referee::YavalathReferee>()
}

//! `yavalath-referee [OPTIONS] CMD_A CMD_B`: plays Yavalath games between two shell commands.
fn main() -> std::process::ExitCode {
    common::referee::main::<yavalath::referee::YavalathReferee>()
}

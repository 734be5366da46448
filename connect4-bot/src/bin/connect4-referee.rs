fn main() -> std::process::ExitCode {
    common::referee::main::<connect4::referee::Connect4Referee>()
}

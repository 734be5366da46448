fn main() -> std::process::ExitCode {
    tools::runner::main::<connect4::referee::Connect4Referee>()
}

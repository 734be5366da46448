fn main() -> std::process::ExitCode {
    tools::runner::main::<kaboom::referee::KaboomReferee>()
}

fn main() -> std::process::ExitCode {
    common::referee::main::<kaboom::referee::KaboomReferee>()
}

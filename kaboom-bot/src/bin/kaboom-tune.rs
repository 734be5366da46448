fn main() -> std::process::ExitCode {
    kaboom::tune::main()
}

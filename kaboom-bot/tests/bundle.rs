//! The one-file bot: `scripts/bundle.sh kaboom` writes it, plain `rustc -O` builds it, and it
//! searches exactly as the cargo-built bot (its package subsets are faithful, and the trim
//! removes only what nothing runs and renames only what nothing reads).

use std::path::Path;
use test_support::bundle::check_bench_as_cargo;

#[test]
#[ignore = "builds the bundle with plain rustc -O (half a minute); run by .ci/run"]
fn the_bundle_searches_as_the_cargo_built_bot() {
    check_bench_as_cargo(
        "kaboom",
        env!("CARGO_BIN_EXE_kaboom-bot"),
        Path::new(env!("CARGO_TARGET_TMPDIR")),
    );
}

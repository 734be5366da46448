//! `frostfire-tune data`: a small run writes a well-formed file of Frostfire's positions, the same games
//! whatever the threads. (The options and the resuming are `tools::net_data`'s, tested there.)

use frostfire::net_data::DATA;
use frostfire::search::MATE_BOUND;

#[test]
fn a_small_run_writes_well_formed_games_whatever_the_threads() {
    // No proven score is kept (a forced result, or a drawn game one inside the bound).
    test_support::net_data::check_data_command(
        env!("CARGO_BIN_EXE_frostfire-tune"),
        &DATA,
        MATE_BOUND - 1,
    );
}

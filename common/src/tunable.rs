//! Search tunables, declared once with their defaults, bounds and SPSA steps: constants in the
//! contest build, settable from the command line in a tuning build.
//!
//! Each game crate's `params.rs` declares its search's tunables in one [`tunables!`](crate::tunables)
//! block:
//!
//! ```text
//! common::tunables! {
//!     /// Late move reductions apply from this depth on.
//!     LMR_MIN_DEPTH: i32 = 3, 1..=8, step 1;
//! }
//! ```
//!
//! and the search reads each one as `LMR_MIN_DEPTH.get()`. What that is depends on the game
//! crate's cargo feature `tuning`, off by default:
//!
//! - **off** (every contest build, and the one-file bundles, which plain rustc builds with no
//!   feature): a [`Fixed`] constant, whose `get` the compiler folds, so the search compiles to
//!   what a `const` gives;
//! - **on** (`cargo build --release -p GAME-bot --features tuning`): a static whose value the
//!   command line may set, `--param NAME=VALUE` (repeatable) or `--params FILE` (lines
//!   `NAME=VALUE`, `#` comments), each at most once, within the declared bounds (anything else
//!   is a bad command line, exit status 2); `--help` lists every tunable as its declaration
//!   line. The match-based tuner (`tools::spsa`) plays such builds against each other and
//!   prints its results as declaration lines to paste into `params.rs`.
//!
//! The bounds keep a tuning run inside values the search handles; the step is the size of the
//! SPSA perturbation at its first iteration (a change worth a few Elo at most). Integer
//! tunables take whole values only.

/// A tunable's value in the contest build: a constant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fixed<T>(pub T);

impl<T: Copy> Fixed<T> {
    /// The value.
    #[inline(always)]
    pub const fn get(&self) -> T {
        self.0
    }
}

/// What a crate's `tunables()` returns: its tunables in a tuning build (for the command line and
/// `--help`), nothing otherwise.
#[cfg(not(feature = "tuning"))]
pub type Tunables = ();
/// What a crate's `tunables()` returns: its tunables in a tuning build (for the command line and
/// `--help`), nothing otherwise.
#[cfg(feature = "tuning")]
pub type Tunables = &'static [&'static tuned::Tunable];

/// A tunable's declaration line in `params.rs`, `NAME: TYPE = VALUE, MIN..=MAX, step STEP;` (a
/// float keeps its decimal point): the line a tuning build's `--help` lists and the tuner
/// (`tools::spsa`) reads back and prints with its tuned value. Outside the `tuning` feature,
/// since the tuner builds `common` without it.
pub fn declaration(name: &str, type_name: &str, integer: bool, numbers: [f64; 4]) -> String {
    let number = |x: f64| {
        if integer {
            format!("{x}")
        } else {
            format!("{x:?}")
        }
    };
    let [value, min, max, step] = numbers.map(number);
    format!("{name}: {type_name} = {value}, {min}..={max}, step {step};")
}

#[cfg(feature = "tuning")]
mod tuned;
#[cfg(feature = "tuning")]
pub use tuned::{take_settings, usage, SettingError, Tunable, Tuned, Value};

/// Declares a crate's search tunables, each `NAME: TYPE = DEFAULT, MIN..=MAX, step STEP;` with
/// its doc comment (see [the module](crate::tunable)); also declares `tunables()`, the list the
/// bot's command line reads. TYPE is `i32`, `u32`, `usize` or `f64`. The crate has a feature
/// `tuning = ["common/tuning"]`: the expansion's `cfg`s test the declaring crate's features.
///
/// A first line `time_policy(TIME_SOFT_PERCENT = S, TIME_EXTENDED_PERCENT = E);`, with its doc
/// comment, declares the time policy's two shares as the first tunables, the same in every
/// crate but for their defaults `S` and `E` (`TIME_SOFT_PERCENT: u32 = S, 10..=90, step 5;`,
/// `TIME_EXTENDED_PERCENT: u32 = E, 10..=100, step 5;`), and `time_policy()`, the
/// [`TimePolicy`](crate::clock::TimePolicy) of them that stops the search at the whole budget.
#[macro_export]
macro_rules! tunables {
    (
        $(#[$policy_attr:meta])*
        time_policy(TIME_SOFT_PERCENT = $soft:literal, TIME_EXTENDED_PERCENT = $extended:literal);
        $($rest:tt)*
    ) => {
        $(#[$policy_attr])*
        pub fn time_policy() -> $crate::clock::TimePolicy {
            $crate::clock::TimePolicy::new(TIME_SOFT_PERCENT.get(), TIME_EXTENDED_PERCENT.get(), 100)
        }
        $crate::tunables! {
            /// The time policy's share of the budget past which no iteration starts with a
            /// stable root.
            TIME_SOFT_PERCENT: u32 = $soft, 10..=90, step 5;
            /// The time policy's share past which no iteration starts with an unstable root.
            TIME_EXTENDED_PERCENT: u32 = $extended, 10..=100, step 5;
            $($rest)*
        }
    };
    ($($(#[$attr:meta])* $name:ident: $ty:ty = $default:literal, $min:literal..=$max:literal, step $step:literal;)*) => {
        // Each tuning-only item starts with its `cfg` line, which `scripts/bundle.sh` drops with
        // the item (the attributes after it on that line included).
        $(
            #[cfg(feature = "tuning")] $(#[$attr])*
            pub static $name: $crate::tunable::Tuned<$ty> = $crate::tunable::Tuned::new(stringify!($name), stringify!($ty), [$default as f64, $min as f64, $max as f64, $step as f64]);
            $(#[$attr])*
            #[cfg(not(feature = "tuning"))]
            pub const $name: $crate::tunable::Fixed<$ty> = $crate::tunable::Fixed($default);
        )*
        /// The tunables the command line may set: all of the above in a tuning build, none in
        /// the contest build.
        #[cfg(not(feature = "tuning"))]
        pub fn tunables() -> $crate::tunable::Tunables {
            Default::default()
        }
        /// The tunables the command line may set: all of the above in a tuning build, none in
        /// the contest build.
        #[cfg(feature = "tuning")]
        pub fn tunables() -> $crate::tunable::Tunables {
            static ALL: &[&$crate::tunable::Tunable] = &[$(&$name.tunable),*];
            ALL
        }
    };
}

#[cfg(test)]
mod tests {
    crate::tunables! {
        /// The time policy as a crate declares its own.
        time_policy(TIME_SOFT_PERCENT = 40, TIME_EXTENDED_PERCENT = 65);
        /// A tunable declared as a crate declares its own.
        DEPTH: i32 = 3, 1..=8, step 1;
        SHARE: f64 = 0.25, 0.0..=1.0, step 0.05;
    }

    #[cfg(not(feature = "tuning"))]
    #[test]
    fn the_contest_build_reads_constants() {
        const FOLDED: i32 = DEPTH.get() * 2;
        assert_eq!(FOLDED, 6);
        assert_eq!(SHARE, super::Fixed(0.25));
        assert_eq!(time_policy(), crate::clock::TimePolicy::new(40, 65, 100));
        #[allow(clippy::let_unit_value)]
        let none = tunables();
        assert_eq!(none, ());
    }

    #[cfg(feature = "tuning")]
    #[test]
    fn the_tuning_build_lists_and_sets_them() {
        let names: Vec<_> = tunables().iter().map(|t| t.name).collect();
        assert_eq!(
            names,
            [
                "TIME_SOFT_PERCENT",
                "TIME_EXTENDED_PERCENT",
                "DEPTH",
                "SHARE"
            ]
        );
        let soft = tunables()[0].declaration(TIME_SOFT_PERCENT.get().into());
        assert_eq!(soft, "TIME_SOFT_PERCENT: u32 = 40, 10..=90, step 5;");
        assert_eq!(time_policy(), crate::clock::TimePolicy::new(40, 65, 100));
        assert_eq!((DEPTH.get(), SHARE.get()), (3, 0.25));
        let args = vec!["--param".to_string(), "SHARE=0.5".to_string()];
        assert_eq!(super::take_settings(args, tunables()), Ok(vec![]));
        assert_eq!((DEPTH.get(), SHARE.get()), (3, 0.5));
    }
}

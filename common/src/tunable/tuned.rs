//! The tuning build's tunables: statics the command line sets once, before the bot plays.

use std::fmt;
use std::marker::PhantomData;
use std::sync::OnceLock;

/// A number type a tunable may have.
pub trait Value: Copy {
    /// Whether it takes whole values only.
    const INTEGER: bool;
    /// The value of `x`, a number the bounds have checked (whole when [`Self::INTEGER`]).
    fn from_f64(x: f64) -> Self;
}

macro_rules! whole_value {
    ($($ty:ty),*) => {
        $(impl Value for $ty {
            const INTEGER: bool = true;
            fn from_f64(x: f64) -> Self {
                x as $ty
            }
        })*
    };
}
whole_value!(i32, u32, usize);

impl Value for f64 {
    const INTEGER: bool = false;
    fn from_f64(x: f64) -> Self {
        x
    }
}

/// One tunable as the command line sees it, whatever its type.
#[derive(Debug)]
pub struct Tunable {
    /// Its name in `params.rs`, e.g. `LMR_MIN_DEPTH`.
    pub name: &'static str,
    /// Its Rust type, e.g. `i32`.
    pub type_name: &'static str,
    /// Its value unless the command line sets one.
    pub default: f64,
    /// The smallest value it may take.
    pub min: f64,
    /// The largest value it may take.
    pub max: f64,
    /// Its SPSA step: how far the tuner moves it either way at its first iteration.
    pub step: f64,
    /// Whether it takes whole values only.
    pub integer: bool,
    value: OnceLock<f64>,
}

impl Tunable {
    /// Its value: the one the command line set, else the default.
    pub fn value(&self) -> f64 {
        *self.value.get().unwrap_or(&self.default)
    }

    /// Sets it from `text`, once: a number inside its bounds, whole for an integer tunable.
    pub fn set(&self, text: &str) -> Result<(), SettingError> {
        let bad = |why: &'static str| SettingError::BadValue {
            name: self.name.to_string(),
            value: text.to_string(),
            why,
        };
        let x: f64 = text.trim().parse().map_err(|_| bad("not a number"))?;
        if self.integer && x.fract() != 0.0 {
            return Err(bad("not a whole number"));
        }
        if !(self.min..=self.max).contains(&x) {
            return Err(bad("outside its bounds"));
        }
        self.value
            .set(x)
            .map_err(|_| SettingError::SetTwice(self.name.to_string()))
    }

    /// Its declaration line in `params.rs` with `value` as the default, e.g.
    /// `LMR_MIN_DEPTH: i32 = 3, 1..=8, step 1;` (a float keeps its decimal point).
    pub fn declaration(&self, value: f64) -> String {
        let numbers = [value, self.min, self.max, self.step];
        super::declaration(self.name, self.type_name, self.integer, numbers)
    }
}

/// A tunable of type `T`: what `params.rs` declares in a tuning build.
#[derive(Debug)]
pub struct Tuned<T> {
    /// The tunable as the command line sees it.
    pub tunable: Tunable,
    value_type: PhantomData<T>,
}

impl<T: Value> Tuned<T> {
    /// A tunable named `name` of the type named `type_name`, from its default, smallest and
    /// largest values and step, in that order.
    pub const fn new(name: &'static str, type_name: &'static str, numbers: [f64; 4]) -> Self {
        let [default, min, max, step] = numbers;
        Tuned {
            tunable: Tunable {
                name,
                type_name,
                default,
                min,
                max,
                step,
                integer: T::INTEGER,
                value: OnceLock::new(),
            },
            value_type: PhantomData,
        }
    }

    /// Its value: the one the command line set, else the default.
    #[inline]
    pub fn get(&self) -> T {
        T::from_f64(self.tunable.value())
    }
}

/// A `--param` or `--params` that could not be applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingError {
    /// A name no tunable has.
    Unknown(String),
    /// A value that does not parse, is not whole, or is out of bounds.
    BadValue {
        name: String,
        value: String,
        why: &'static str,
    },
    /// A tunable given twice.
    SetTwice(String),
    /// A setting not of the form `NAME=VALUE`, or `--param`/`--params` without one.
    Malformed(String),
    /// A `--params` file that does not read.
    File { path: String, why: String },
}

impl fmt::Display for SettingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingError::Unknown(name) => write!(f, "no tunable named '{name}'"),
            SettingError::BadValue { name, value, why } => {
                write!(f, "bad value '{value}' for tunable {name}: {why}")
            }
            SettingError::SetTwice(name) => write!(f, "tunable {name} set twice"),
            SettingError::Malformed(text) => {
                write!(f, "'{text}' is not a setting NAME=VALUE")
            }
            SettingError::File { path, why } => write!(f, "cannot read --params {path}: {why}"),
        }
    }
}

impl std::error::Error for SettingError {}

fn apply(setting: &str, tunables: &[&Tunable]) -> Result<(), SettingError> {
    let (name, value) = setting
        .split_once('=')
        .ok_or_else(|| SettingError::Malformed(setting.to_string()))?;
    let name = name.trim();
    let tunable = tunables
        .iter()
        .find(|t| t.name == name)
        .ok_or_else(|| SettingError::Unknown(name.to_string()))?;
    tunable.set(value)
}

/// Takes every `--param NAME=VALUE` and `--params FILE` out of `args`, setting the tunables they
/// name, and returns the other arguments. With no tunables (the contest build's list) nothing is
/// taken, so that the bot's own command line refuses them as unknown options.
pub fn take_settings(
    args: Vec<String>,
    tunables: &[&Tunable],
) -> Result<Vec<String>, SettingError> {
    if tunables.is_empty() {
        return Ok(args);
    }
    let mut rest = Vec::with_capacity(args.len());
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--param" => {
                let setting = args
                    .next()
                    .ok_or_else(|| SettingError::Malformed(arg.clone()))?;
                apply(&setting, tunables)?;
            }
            "--params" => {
                let path = args
                    .next()
                    .ok_or_else(|| SettingError::Malformed(arg.clone()))?;
                let text = std::fs::read_to_string(&path).map_err(|e| SettingError::File {
                    path: path.clone(),
                    why: e.to_string(),
                })?;
                for line in text.lines().map(str::trim) {
                    if !line.is_empty() && !line.starts_with('#') {
                        apply(line, tunables)?;
                    }
                }
            }
            _ => rest.push(arg),
        }
    }
    Ok(rest)
}

/// The `--help` section of a tuning build: how to set the tunables, and each one's declaration
/// line (its default, bounds and step); empty with no tunables.
pub fn usage(tunables: &[&Tunable]) -> String {
    if tunables.is_empty() {
        return String::new();
    }
    let mut text = String::from(
        "\n\ntunables (a tuning build; --param NAME=VALUE, repeatable, or --params FILE of \
         NAME=VALUE lines):",
    );
    for tunable in tunables {
        text += "\n  ";
        text += &tunable.declaration(tunable.default);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    static DEPTH: Tuned<i32> = Tuned::new("DEPTH", "i32", [3.0, 1.0, 8.0, 1.0]);
    static SHARE: Tuned<f64> = Tuned::new("SHARE", "f64", [0.25, 0.0, 1.0, 0.05]);
    static LIST: &[&Tunable] = &[&DEPTH.tunable, &SHARE.tunable];

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn settings_are_checked_taken_out_and_applied_once() {
        static FRESH: Tuned<usize> = Tuned::new("FRESH", "usize", [2.0, 0.0, 4.0, 1.0]);
        let fresh: &[&Tunable] = &[&FRESH.tunable];
        for (setting, error) in [
            (
                "FRESH=5",
                "bad value '5' for tunable FRESH: outside its bounds",
            ),
            (
                "FRESH=1.5",
                "bad value '1.5' for tunable FRESH: not a whole number",
            ),
            ("FRESH=x", "bad value 'x' for tunable FRESH: not a number"),
            ("STALE=1", "no tunable named 'STALE'"),
            ("FRESH", "'FRESH' is not a setting NAME=VALUE"),
        ] {
            let refused = take_settings(args(&format!("--param {setting}")), fresh);
            assert_eq!(refused.unwrap_err().to_string(), error);
        }
        assert_eq!(FRESH.get(), 2, "a refused setting leaves the default");
        let rest = take_settings(args("bench --param FRESH=4 --depth 3"), fresh).unwrap();
        assert_eq!(rest, args("bench --depth 3"));
        assert_eq!(FRESH.get(), 4);
        let again = take_settings(args("--param FRESH=3"), fresh).unwrap_err();
        assert_eq!(again, SettingError::SetTwice("FRESH".into()));
        assert_eq!(
            take_settings(args("--param X=1"), &[]),
            Ok(args("--param X=1"))
        );
    }

    #[test]
    fn a_params_file_sets_its_lines() {
        static FILED: Tuned<f64> = Tuned::new("FILED", "f64", [0.5, 0.0, 1.0, 0.1]);
        let path = std::env::temp_dir().join(format!("tunables-{}.txt", std::process::id()));
        std::fs::write(&path, "# tuned\n\n  FILED = 0.75\n").unwrap();
        let rest = take_settings(
            vec!["--params".into(), path.display().to_string()],
            &[&FILED.tunable],
        );
        std::fs::remove_file(&path).unwrap();
        assert_eq!(rest, Ok(vec![]));
        assert_eq!(FILED.get(), 0.75);
    }

    #[test]
    fn help_lists_declaration_lines() {
        assert_eq!(DEPTH.get(), 3);
        assert_eq!(SHARE.get(), 0.25);
        let text = usage(LIST);
        assert!(
            text.contains("\n  DEPTH: i32 = 3, 1..=8, step 1;"),
            "{text}"
        );
        assert!(
            text.contains("\n  SHARE: f64 = 0.25, 0.0..=1.0, step 0.05;"),
            "{text}"
        );
        assert_eq!(usage(&[]), "");
        assert_eq!(
            DEPTH.tunable.declaration(5.0),
            "DEPTH: i32 = 5, 1..=8, step 1;"
        );
    }
}

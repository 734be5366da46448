# Sourced first, with the caller's arguments, by the scripts that play GAME through its referee
# (match.sh, tournament.sh). If the first argument is not a game, prints the caller's header
# comment as its usage and exits 2; otherwise builds the game's bot and referee and sets `game`,
# `root`, `bot`, `referee` and `script` (the caller's name, for its messages), and defines
# `split_arguments` and `has_option` for reading the referee's options. The caller then shifts
# GAME off its arguments.

script=$(basename "$0")
games="frostfire krieg kaboom yavalath connect4"
usage() {
    awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0" >&2
    exit 2
}
[ $# -ge 1 ] || usage
game=$1
case " $games " in
*" $game "*) ;;
*) echo "$script: unknown game '$game' (one of: $games)" >&2; usage ;;
esac

root=$(cd "$(dirname "$0")/.." && pwd)
cargo build --release --quiet --manifest-path "$root/Cargo.toml" -p "$game-bot"
bot="$root/target/release/$game-bot"
referee="$root/target/release/$game-referee"

# True if $1 is one of the referee's options that take no value.
referee_flag() {
    case $1 in
    --show | --gauntlet | --game-master | -h | --help) return 0 ;;
    *) return 1 ;;
    esac
}

# Exits 2 unless the option $1 has a value after it (called with the remaining arguments).
need_value() {
    [ $# -ge 2 ] || { echo "$script: option $1 needs a value" >&2; exit 2; }
}

# Splits the arguments into `options` (the referee's options, each with its value if it takes
# one) and `words` (the rest, in order); exits 2 if an option lacks its value.
split_arguments() {
    options=()
    words=()
    while [ $# -gt 0 ]; do
        if referee_flag "$1"; then
            options+=("$1")
            shift
            continue
        fi
        case $1 in
        --*)
            need_value "$@"
            options+=("$1" "$2")
            shift 2
            ;;
        *)
            words+=("$1")
            shift
            ;;
        esac
    done
}

# True if `options` holds the option $1; the value of its last use, if it takes one, is then in
# `option_value`.
has_option() {
    local i found=1
    option_value=
    for ((i = 0; i < ${#options[@]}; i++)); do
        if [ "${options[i]}" = "$1" ]; then
            found=0
            option_value=${options[i + 1]-}
        fi
        referee_flag "${options[i]}" || i=$((i + 1))
    done
    return $found
}

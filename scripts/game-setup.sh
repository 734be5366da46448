# What the scripts of scripts/ share (all but bundle.sh): sourced first by each, it sets
# `script` (the caller's name, for its messages), `root` (the workspace), `release` (where cargo
# puts release builds: target/release of the workspace, or of $CARGO_TARGET_DIR when that is
# set) and `game_names` (every GAME), and defines:
#
#   usage STATUS             the caller's header comment as its usage: on stdout with STATUS 0
#                            (asked for by -h or --help, before anything is built), else on
#                            stderr; then exits with STATUS
#   die MESSAGE              `SCRIPT: MESSAGE` on stderr, exit status 2
#   unknown_option WORD OPTION...
#                            refuses WORD, naming the OPTIONs most like it (`--game`: "a similar
#                            option exists: '--games'"), as the referees do
#   need_value OPTION ARGS   exits 2 unless OPTION, first of ARGS, has a value after it
#   read_game ARGS           sets `game` from the first of ARGS: the usage on -h or --help (exit 0)
#                            or without one (exit 2); a word that is no game refused
#   build_game               builds GAME's bot and its referee in release mode (both binaries
#                            of the package GAME-bot) and sets `bot` and `referee` to them
#   split_arguments ARGS, has_option OPTION
#                            the referee's options among ARGS (match.sh, tournament.sh)
#
# usage: . "$(dirname "$0")/game-setup.sh"     (first thing in a script; run by itself with
#                                             --help, it prints this)

script=$(basename "$0")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
game_names="frostfire krieg kaboom yavalath connect4"
release=${CARGO_TARGET_DIR:-$root/target}/release
case $release in /*) ;; *) release=$PWD/$release ;; esac

usage() {
    local status=$1
    # The first comment block of the caller, but its `#!` line.
    local text
    text=$(awk 'NR == 1 && /^#!/ { next } !/^#/ { exit } { sub(/^# ?/, ""); print }' "$0")
    if [ "$status" -eq 0 ]; then
        echo "$text"
    else
        echo "$text" >&2
    fi
    exit "$status"
}

die() {
    echo "$script: $*" >&2
    exit 2
}

# The words of $2... most like $1 by edit distance (a character inserted, deleted or changed),
# nearest first, one a line: those within a third of its length, and at least 2.
similar_words() {
    local word=$1
    shift
    printf '%s\n' "$@" | awk -v word="$word" '
        function distance(a, b,    i, j, n, m, d, cost, best) {
            n = length(a)
            m = length(b)
            for (i = 0; i <= n; i++) d[i, 0] = i
            for (j = 0; j <= m; j++) d[0, j] = j
            for (i = 1; i <= n; i++) {
                for (j = 1; j <= m; j++) {
                    cost = (substr(a, i, 1) != substr(b, j, 1))
                    best = d[i - 1, j - 1] + cost
                    if (d[i - 1, j] + 1 < best) best = d[i - 1, j] + 1
                    if (d[i, j - 1] + 1 < best) best = d[i, j - 1] + 1
                    d[i, j] = best
                }
            }
            return d[n, m]
        }
        BEGIN {
            limit = int(length(word) / 3)
            if (limit < 2) limit = 2
        }
        {
            k = distance(word, $0)
            if (k <= limit) print k, $0
        }' | sort -n -s -k1,1 | cut -d' ' -f2-
}

# "; a similar KIND exists: 'X'" (or "; similar KINDs exist: 'X', 'Y'") for the words of $3...
# most like $2; nothing when none is.
similar_text() {
    local kind=$1 word=$2 list= count=0 line
    shift 2
    while IFS= read -r line; do
        list+="${list:+, }'$line'"
        count=$((count + 1))
    done < <(similar_words "$word" "$@")
    case $count in
    0) ;;
    1) echo "; a similar $kind exists: $list" ;;
    *) echo "; similar ${kind}s exist: $list" ;;
    esac
}

unknown_option() {
    local word=$1
    shift
    case $word in
    -*) die "unknown option '$word'$(similar_text option "$word" "$@") (see --help)" ;;
    *) die "unexpected argument '$word' (see --help)" ;;
    esac
}

need_value() {
    [ $# -ge 2 ] || die "option $1 needs a value"
}

read_game() {
    [ $# -ge 1 ] || usage 2
    case $1 in -h | --help) usage 0 ;; esac
    case " $game_names " in
    *" $1 "*) game=$1 ;;
    *)
        # shellcheck disable=SC2086 # the games, one word each
        die "unknown game '$1'$(similar_text game "$1" $game_names) (one of: $game_names)"
        ;;
    esac
}

build_game() {
    cargo build --release --quiet --manifest-path "$root/Cargo.toml" -p "$game-bot" \
        --bin "$game-bot" --bin "$game-referee"
    bot="$release/$game-bot"
    referee="$release/$game-referee"
}

# True if $1 is one of the referee's options that take no value.
referee_flag() {
    case $1 in
    --show | --gauntlet | --game-master | -h | --help) return 0 ;;
    *) return 1 ;;
    esac
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

# Run by itself rather than sourced: its own usage.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    case ${1-} in
    -h | --help) usage 0 ;;
    *) die "sourced by the other scripts, not run (see --help)" ;;
    esac
fi

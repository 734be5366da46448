#!/usr/bin/env bash
# Plays GAME's bot as submitted against every opponent we have, at the contest's settings, and
# lists every line it lost more than once.
#
# usage: scripts/contest-check.sh GAME [--games N] [--movetime-ms MS] [--versions C1,C2,...]
#            [--keep-limit] [--movetimes MS1,MS2,...] [--no-greedy] [--opponent NAME=CMD ...]
#            [--out DIR] [--concurrency N]
#
# Our bot (built here in release mode) plays with its default settings: no --opening-plies, no
# seed. Its opponents, each in a match of --games games (default 20, half in each seat):
#   - the bot of each earlier commit of --versions (default f168f1f,9ffb6f5,ed8687f; '' for
#     none), built once from git into the cache (below) and reused;
#   - our greedy engine (--engine greedy), unless --no-greedy;
#   - our search at the budgets of --movetimes (default: half our budget, and 75 % of the limit;
#     '' for none);
#   - each --opponent NAME=CMD, a shell command (an outside engine).
# --movetime-ms MS plays under a per-move limit of MS instead of the contest's (for a quick
# check); every bot of ours then thinks the same share of MS as of the contest's limit (its
# budget and limit read from its --help; a bot whose --help states no budget gets our bot's).
# With --keep-limit the referee keeps the contest's limit and only the budgets are scaled, so
# that a busy machine's delays, which a 100 ms limit cannot absorb, lose no game by a timeout.
# Records go to DIR/<opponent>/ (DIR: matches/contest-check/GAME unless --out), the referee's
# output to DIR/<opponent>.log; a match already complete in DIR with the same commands and
# binaries is not played again, so an interrupted check resumes. At the end
# `GAME-referee lines` reads every record folder and prints, per opponent, the games won, drawn
# and lost, the distinct games and lost lines, and every line lost more than once with the ply
# where it was decided (docs/runner.md, "Lines lost at the contest's settings").
# The cache of earlier versions is target/contest-check/versions/<commit>/ (a git worktree with
# its own target/), or $CONTEST_CHECK_VERSIONS/<commit>/ when set; a version whose
# <cache>/<commit>/target/release/GAME-bot exists is not built again.
set -euo pipefail

. "$(dirname "$0")/game-setup.sh"
read_game "$@"
shift

games=20
movetime_ms=
versions=f168f1f,9ffb6f5,ed8687f
movetimes=default
greedy=yes
keep_limit=no
concurrency=1
out=
opponents=()
while [ $# -gt 0 ]; do
    case $1 in
    -h | --help) usage 0 ;;
    --no-greedy) greedy=no ;;
    --keep-limit) keep_limit=yes ;;
    --games) need_value "$@"; games=$2; shift ;;
    --movetime-ms) need_value "$@"; movetime_ms=$2; shift ;;
    --versions) need_value "$@"; versions=$2; shift ;;
    --movetimes) need_value "$@"; movetimes=$2; shift ;;
    --opponent)
        need_value "$@"
        case $2 in
        [A-Za-z0-9_.-]*=?*) opponents+=("$2") ;;
        *) die "--opponent takes NAME=CMD, not '$2'" ;;
        esac
        shift
        ;;
    --out) need_value "$@"; out=$2; shift ;;
    --concurrency) need_value "$@"; concurrency=$2; shift ;;
    *)
        unknown_option "$1" --games --movetime-ms --versions --keep-limit --movetimes \
            --no-greedy --opponent --out --concurrency
        ;;
    esac
    shift
done
for number in "$games" "$concurrency" ${movetime_ms:+"$movetime_ms"}; do
    [[ $number =~ ^[1-9][0-9]*$ ]] || die "'$number' is not a positive number"
done

out=${out:-$root/matches/contest-check/$game}
cache=${CONTEST_CHECK_VERSIONS:-$root/target/contest-check/versions}
build_game

# The bot $1's limit and default budget per move in ms, "LIMIT BUDGET", from its --help line
# `limits: 2000 ms per move, ...; the bot thinks 1300 ms per move ...` (Yavalath: the later
# turns'); nothing if it states none.
limit_and_budget() {
    local help line limit budget
    help=$("$1" --help 2>&1) || return 0
    line=$(grep -m1 'the bot thinks' <<<"$help") || return 0
    limit=$(sed -E 's/;.*//' <<<"$line" | grep -oE '[0-9]+ ms (per|after)' | head -n1)
    budget=$(sed -E 's/.*the bot thinks //' <<<"$line" | grep -oE '[0-9]+ ms (per|after)' | head -n1)
    if [ -n "$limit" ] && [ -n "$budget" ]; then
        echo "${limit%% *} ${budget%% *}"
    fi
}

read -r our_limit our_budget <<<"$(limit_and_budget "$bot")"
[ -n "${our_budget:-}" ] || die "$bot --help states no budget"
limit=${movetime_ms:-$our_limit}

# The options that make the bot $1 think at the contest's settings scaled to --movetime-ms:
# nothing at the contest's own limit, else `--movetime` at its budget's share of the limit.
scaled_movetime() {
    [ -n "$movetime_ms" ] || return 0
    local own_limit own_budget
    read -r own_limit own_budget <<<"$(limit_and_budget "$1")"
    if [ -z "${own_budget:-}" ]; then
        own_limit=$our_limit
        own_budget=$our_budget
    fi
    echo "--movetime $((own_budget * movetime_ms / own_limit))"
}

# The bot of commit $1, built into the cache unless it is there.
version_bot() {
    local dir=$cache/$1
    local built=$dir/target/release/$game-bot
    if [ ! -x "$built" ]; then
        git -C "$root" rev-parse --verify --quiet "$1^{commit}" >/dev/null || die "no commit '$1'"
        echo "$script: building $game-bot at $1 into $dir" >&2
        [ -d "$dir" ] || git -C "$root" worktree add --detach "$dir" "$1" >&2
        # Its own target/, also under a CARGO_TARGET_DIR, which would put it over our bot.
        cargo build --release --quiet --manifest-path "$dir/Cargo.toml" -p "$game-bot" \
            --bin "$game-bot" --target-dir "$dir/target" >&2
    fi
    echo "$built"
}

ours="$bot $(scaled_movetime "$bot")"
ours=${ours% }
names=()
commands=()
IFS=, read -r -a commits <<<"$versions"
for commit in ${commits[@]+"${commits[@]}"}; do
    built=$(version_bot "$commit")
    command="$built $(scaled_movetime "$built")"
    names+=("$commit")
    commands+=("${command% }")
done
if [ $greedy = yes ]; then
    names+=(greedy)
    commands+=("$bot --engine greedy")
fi
if [ "$movetimes" = default ]; then
    movetimes="$((our_budget * limit / our_limit / 2)),$((limit * 3 / 4))"
fi
IFS=, read -r -a budgets <<<"$movetimes"
for ms in ${budgets[@]+"${budgets[@]}"}; do
    [[ $ms =~ ^[1-9][0-9]*$ ]] || die "--movetimes: '$ms' is not a positive number"
    names+=("ours-${ms}ms")
    commands+=("$bot --movetime $ms")
done
for opponent in ${opponents[@]+"${opponents[@]}"}; do
    names+=("${opponent%%=*}")
    commands+=("${opponent#*=}")
done
[ ${#names[@]} -gt 0 ] || die "no opponent"

# What a match's results depend on: its options, and each command with the checksum of its
# program when that is a file.
match_key() {
    local command program kept=
    if [ $keep_limit = yes ]; then
        kept=" (kept the contest's limit)"
    fi
    echo "$game games=$games movetime_ms=${movetime_ms:-contest}$kept concurrency=$concurrency"
    for command in "$@"; do
        program=${command%% *}
        echo "$command"
        [ -f "$program" ] && sha256sum <"$program"
    done
    return 0
}

referee_limit=()
if [ -n "$movetime_ms" ] && [ $keep_limit = no ]; then
    referee_limit=(--movetime-ms "$movetime_ms")
fi

mkdir -p "$out"
dirs=()
for i in "${!names[@]}"; do
    name=${names[i]}
    dir=$out/$name
    dirs+=("$dir")
    key=$(match_key "$ours" "${commands[i]}")
    if [ -f "$dir.key" ] && [ "$(cat "$dir.key")" = "$key" ] && grep -q '^summary:' "$dir.log" 2>/dev/null; then
        echo "$script: $name: already played ($dir.log)" >&2
        continue
    fi
    rm -rf "$dir" "$dir.key" "$dir.log"
    echo "$script: $name: $games games, ours = '$ours', $name = '${commands[i]}'" >&2
    started=$(date +%s)
    "$referee" --games "$games" --concurrency "$concurrency" ${referee_limit[@]+"${referee_limit[@]}"} \
        --record-dir "$dir" --player "ours=$ours" --player "$name=${commands[i]}" >"$dir.log"
    echo "took: $(($(date +%s) - started)) s" >>"$dir.log"
    echo "$key" >"$dir.key"
    tail -n 2 "$dir.log" >&2
done
"$referee" lines "${dirs[@]}"

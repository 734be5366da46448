#!/usr/bin/env bash
# The standard strength and limits check of one game's bot, as the issues report it:
#
# usage: scripts/strength.sh GAME [GAMES]
#
# 1. GAMES games (default 50) at --movetime 100 against --engine random (seeded per game);
# 2. GAMES games at --movetime 100 against --engine greedy;
# 3. 10 games at contest settings (the bot's default budget) against itself at --movetime 300:
#    the slowest reply and the peak memory of our bot (player A).
# Yavalath's contest limit is 100 ms a turn, so there our bot keeps its default budget (35 ms
# a turn, 500 ms the first) in every run, against itself in the third.
# Each prints the referee's per-game lines and summary; records go to matches/strength-GAME-*/.
set -euo pipefail

. "$(dirname "$0")/game-setup.sh"
for word in "$@"; do
    case $word in -h | --help) usage 0 ;; esac
done
read_game "$@"
shift
for word in "$@"; do
    case $word in -*) unknown_option "$word" ;; esac
done
[ $# -le 1 ] || unknown_option "$2"
games=${1:-50}
[[ $games =~ ^[1-9][0-9]*$ ]] || die "GAMES: '$games' is not a positive number"
bot="$release/$game-bot"
stamp=$(date +%Y%m%d-%H%M%S)
run() {
    local name=$1
    shift
    echo "== $name"
    "$root/scripts/match.sh" "$game" "$@" --record-dir "$root/matches/strength-$game-$stamp/$name" | tail -n 3
}
quick="$bot --movetime 100"
sparring="$bot --movetime 300"
if [ "$game" = yavalath ]; then
    quick=$bot
    sparring=$bot
fi
run vs-random "$quick" "$bot --engine random --seed {seed}" --games "$games"
run vs-greedy "$quick" "$bot --engine greedy" --games "$games"
run contest "$bot" "$sparring" --games 10

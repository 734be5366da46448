#!/usr/bin/env bash
# Plays a tournament of GAME through that game's referee, building what it needs first.
#
# usage: scripts/tournament.sh GAME [--player NAME=CMD ...] [referee options]
#
# Every pairing of the players plays --games games (default 1), in pairs with the seats swapped
# and one seed per pair ('{seed}' in a command); with --gauntlet the first player meets each
# other one. Without --player the field is our bot and its greedy and random sparring engines.
# The output ends with a crosstable and one 'standing:' line per player.
# Records, the players' stderr and results.csv (one row per game, see '--results') go to
# matches/GAME-tournament-<time>/ unless --record-dir is given. Every other option (--concurrency,
# --shard, --movetime-ms, ...) goes to the referee; see `target/release/GAME-referee --help`.
# It builds GAME's bot and its referee first (target/release/GAME-bot and GAME-referee); -h or
# --help before GAME prints this, after GAME the referee's options.
set -euo pipefail

. "$(dirname "$0")/game-setup.sh"
read_game "$@"
shift
build_game

split_arguments "$@"
if [ ${#words[@]} -gt 0 ]; then
    echo "$script: players are given as --player NAME=CMD, not '${words[0]}'" >&2
    exit 2
fi
has_option --record-dir && record_dir=$option_value || record_dir=
has_option --results && has_results=yes || has_results=no
if ! has_option --player; then
    options+=(--player "ours=$bot" --player "greedy=$bot --engine greedy"
        --player "random=$bot --engine random --seed {seed}")
fi
if [ -z "$record_dir" ]; then
    record_dir="$root/matches/$game-tournament-$(date +%Y%m%d-%H%M%S)-$$"
    options+=(--record-dir "$record_dir")
fi
made=no
if [ $has_results = no ]; then
    [ -d "$record_dir" ] || made=yes
    mkdir -p "$record_dir"
    options+=(--results "$record_dir/results.csv")
fi
# Not exec: the folder is named once the referee is done, and the one made here for the results
# is removed if the referee refused its command line and left it empty. The referee's exit
# status is the script's.
status=0
"$referee" "${options[@]}" || status=$?
if [ $made = yes ] && [ -z "$(ls -A "$record_dir")" ]; then
    rmdir "$record_dir"
elif [ -d "$record_dir" ]; then
    echo "$script: records and results in $record_dir" >&2
fi
exit $status

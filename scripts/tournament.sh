#!/usr/bin/env bash
# Plays a tournament of GAME through that game's referee, building what it needs first.
#
#   scripts/tournament.sh GAME [--player NAME=CMD ...] [referee options]
#
# Every pairing of the players plays --games games (default 1), in pairs with the seats swapped
# and one seed per pair ('{seed}' in a command); with --gauntlet the first player meets each
# other one. Without --player the field is our bot and its greedy and random sparring engines.
# The output ends with a crosstable and one 'standing:' line per player.
# Records, the players' stderr and results.csv (one row per game, see '--results') go to
# matches/GAME-tournament-<time>/ unless --record-dir is given. Every other option (--concurrency,
# --shard, --movetime-ms, ...) goes to the referee; see `target/release/GAME-referee --help`.
set -euo pipefail

. "$(dirname "$0")/game-setup.sh" "$@"
shift

options=()
has_players=no
record_dir=
has_results=no
while [ $# -gt 0 ]; do
    if referee_flag "$1"; then
        options+=("$1")
        shift
        continue
    fi
    case $1 in
    --*)
        need_value "$@"
        case $1 in
        --player) has_players=yes ;;
        --record-dir) record_dir=$2 ;;
        --results) has_results=yes ;;
        esac
        options+=("$1" "$2")
        shift 2
        ;;
    *)
        echo "tournament.sh: players are given as --player NAME=CMD, not '$1'" >&2
        exit 2
        ;;
    esac
done
if [ $has_players = no ]; then
    options+=(--player "ours=$bot" --player "greedy=$bot --engine greedy"
        --player "random=$bot --engine random --seed {seed}")
fi
if [ -z "$record_dir" ]; then
    record_dir="$root/matches/$game-tournament-$(date +%Y%m%d-%H%M%S)-$$"
    options+=(--record-dir "$record_dir")
fi
if [ $has_results = no ]; then
    mkdir -p "$record_dir"
    options+=(--results "$record_dir/results.csv")
fi
echo "tournament.sh: records and results in $record_dir" >&2
exec "$referee" "${options[@]}"

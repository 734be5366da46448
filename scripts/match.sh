#!/usr/bin/env bash
# Plays GAME between two bots through that game's referee, building what it needs first.
#
# usage: scripts/match.sh GAME [CMD_A [CMD_B]] [referee options]
#
# GAME is frostfire, krieg, kaboom, yavalath or connect4. CMD_A and CMD_B are shell commands
# (any program that speaks the contest protocol); both default to our bot for GAME. Every
# option is passed to the referee (see `target/release/GAME-referee --help`). With no option at
# all it plays one game and draws the board after every ply. Records and the players' stderr go
# to matches/GAME-<time>/ unless --record-dir is given (named at the end, if the referee made
# it). Games come in pairs with the seats swapped; --concurrency N plays N at once, --sprt
# ELO0,ELO1 stops at the test's verdict, and --player NAME=CMD (two or more) replaces CMD_A
# CMD_B (see scripts/tournament.sh); --html FILE writes the replay page of the match (one
# self-contained HTML file) at the end.
# It builds GAME's bot and its referee first (target/release/GAME-bot and GAME-referee); -h or
# --help before GAME prints this, after GAME the referee's options.
set -euo pipefail

. "$(dirname "$0")/game-setup.sh"
read_game "$@"
shift
build_game

split_arguments "$@"
commands=(${words[@]+"${words[@]}"})
[ ${#commands[@]} -le 2 ] || { echo "$script: at most two player commands" >&2; exit 2; }
[ ${#options[@]} -gt 0 ] || options=(--show)
if ! has_option --player; then
    [ ${#commands[@]} -ge 1 ] || commands+=("$bot")
    [ ${#commands[@]} -ge 2 ] || commands+=("$bot")
fi
record_dir=
if ! has_option --record-dir; then
    record_dir="$root/matches/$game-$(date +%Y%m%d-%H%M%S)-$$"
    options+=(--record-dir "$record_dir")
fi
# Not exec: the folder is named once the referee is done, and only if it made it (a refused
# command line makes none). The referee's exit status is the script's.
status=0
"$referee" "${options[@]}" ${commands[@]+"${commands[@]}"} || status=$?
if [ -n "$record_dir" ] && [ -d "$record_dir" ]; then
    echo "$script: records in $record_dir" >&2
fi
exit $status

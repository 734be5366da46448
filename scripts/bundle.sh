#!/bin/sh
# Writes one game's bot as a single Rust source file, for contests that take one file
# (CodinGame: `rustc -O --edition 2021`, no crates, at most 100,000 characters).
#
#   scripts/bundle.sh GAME [OUT.rs]      (GAME: the lib name, e.g. yavalath; OUT: default stdout)
#
# The file holds `mod common { mod clock, io, cli, rng, movelist, score, transposition }` (read from common/src now), then
# `mod GAME { ...every `pub mod` of GAME-bot/src/lib.rs but `referee` and `view`... }`, then the bot's
# main.rs. Paths are rewritten for the new nesting: in the game's modules `crate::` becomes
# `crate::GAME::` and `common::` becomes `crate::common::`; in common's, `crate::` becomes
# `crate::common::`. Unit-test modules (`#[cfg(test)]` to the end of a file) and whole-line
# comments are dropped.
set -eu

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: $0 GAME [OUT.rs]" >&2
    exit 2
fi
game=$1
root=$(cd "$(dirname "$0")/.." && pwd)
crate="$root/$game-bot"
if [ ! -f "$crate/src/lib.rs" ] || [ ! -f "$crate/src/main.rs" ]; then
    echo "$0: no crate $crate with src/lib.rs and src/main.rs" >&2
    exit 2
fi
common_modules="clock io cli rng movelist score transposition"
game_modules=$(sed -n 's/^pub mod \([a-z_0-9]*\);$/\1/p' "$crate/src/lib.rs" | grep -vxE 'referee|view' || true)
if [ -z "$game_modules" ]; then
    echo "$0: no modules found in $crate/src/lib.rs" >&2
    exit 1
fi

# Prints a source file without its test module and whole-line comments.
strip() {
    awk '/^#\[cfg\(test\)\]/ { exit } /^[ \t]*\/\// { next } { print }' "$1"
}

emit() {
    echo "// $game bot for CodinGame, bundled by scripts/bundle.sh from $game-bot and common."
    echo "// Build: rustc -O --edition 2021 $game.rs"
    echo "#![allow(dead_code)]"
    echo "pub mod common {"
    for m in $common_modules; do
        echo "pub mod $m {"
        strip "$root/common/src/$m.rs" | perl -pe 's/\bcrate::/crate::common::/g'
        echo "}"
    done
    echo "}"
    echo "pub mod $game {"
    for m in $game_modules; do
        if grep -q 'common::referee' "$crate/src/$m.rs"; then
            echo "$0: module $m uses common::referee, which is not bundled" >&2
            exit 1
        fi
        echo "pub mod $m {"
        strip "$crate/src/$m.rs" |
            perl -pe "s/\\bcrate::/crate::$game\\::/g; s/(?<![:\\w])common::/crate::common::/g"
        echo "}"
    done
    echo "}"
    strip "$crate/src/main.rs"
}

if [ $# -eq 2 ]; then
    tmp="$2.tmp.$$"
    emit > "$tmp"
    mv "$tmp" "$2"
else
    emit
fi

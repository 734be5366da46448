#!/bin/sh
# Writes one game's bot as a single Rust source file, for contests that take one file
# (CodinGame: `rustc -O --edition 2021`, no crates, at most 100,000 characters).
#
#   scripts/bundle.sh GAME [OUT.rs]      (GAME: the lib name, e.g. yavalath; OUT: default stdout)
#
# The file holds, in this order:
# - `mod arrayvec`, `mod rand`, `mod rustc_hash`: the faithful subsets of scripts/bundle/, each
#   only if the code below uses it, each with its crate's licence notice, without indentation;
# - `mod common { ... }`: common/src/lib.rs with every `pub mod` inlined;
# - `mod GAME { ... }`: GAME-bot/src/lib.rs, likewise but for `referee` and `view` (public or not; the match
#   runner's and the replay page's, not the bot's), `tune` and `net_data` (a tuner's and its data
#   command's, if the crate has them);
# - the bot's main.rs.
# A `mod NAME;` is replaced by the module's file (NAME.rs or NAME/mod.rs), recursively. Paths are
# rewritten for the new nesting: in common's modules `crate::` becomes `crate::common::` (but
# not in `$crate::NAME!`, an exported macro at the crate's root); in the game's, `crate::`
# becomes `crate::GAME::` and `common::` becomes `crate::common::`; everywhere,
# `arrayvec::`, `rand::` and `rustc_hash::` become `crate::arrayvec::` and so on; the game's
# `common::NAME!` (`tunables!`) becomes `crate::NAME!` (an exported macro sits at the crate's
# root).
# Items under `#[cfg(test)]` (test modules) or `#[cfg(feature = "tuning")]` (the tuning build's,
# see common/src/tunable.rs) and whole-line comments are dropped, except the licence notices;
# `#[cfg(not(feature = "tuning"))]` is dropped from the items it keeps.
# Then tools/src/bin/bundle-trim/ (built here by plain rustc: it needs only std) makes it short,
# for CodinGame counts every character, each step checked by the compiler (docs/bundles.md): it
# drops what the bot never reaches, as the compiler names it (the functions, methods, constants,
# types, traits, imports and macros of common, of the game and of the package subsets that
# nothing the bot runs uses, pass by pass until none is left) and the derived `Debug`s nothing
# needs, gives the names the bundle defines short fresh ones (BUNDLE_TRIM_KEEP_NAMES=1 keeps
# them, for a bundle to read), and drops every space and line break that separates no two
# tokens; the bundle it leaves compiles without a warning, or it fails.
# It prints the size on stderr, and fails if the Yavalath bundle does not fit CodinGame's limit
# or the Krieg bundle its statement's (1 MB).
set -eu

games="frostfire krieg kaboom yavalath connect4"
usage="usage: $0 GAME [OUT.rs]   (GAME: one of $games; OUT.rs: default stdout)"
case ${1-} in
-h | --help)
    echo "$usage"
    echo "Writes GAME's bot as one Rust source file that plain 'rustc -O --edition 2021' builds."
    exit 0
    ;;
esac
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "$usage" >&2
    exit 2
fi
game=$1
case " $games " in
*" $game "*) ;;
*)
    echo "$0: unknown game '$game': one of $games" >&2
    exit 2
    ;;
esac
if [ $# -eq 2 ] && [ ! -d "$(dirname -- "$2")" ]; then
    echo "$0: cannot write $2: its folder $(dirname -- "$2") does not exist" >&2
    exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
crate="$root/$game-bot"
subsets="$root/scripts/bundle"
if [ ! -f "$crate/src/lib.rs" ] || [ ! -f "$crate/src/main.rs" ]; then
    echo "$0: no crate $crate with src/lib.rs and src/main.rs" >&2
    exit 2
fi
case $game in
yavalath) limit=100000 ;; # CodinGame's
krieg) limit=1000000 ;;   # the statement's: a file under 1 MB
*) limit= ;;
esac

# inline FILE [SKIP]: prints FILE with each `mod NAME;` replaced by its module's file, without
# test-only items and whole-line comments; in FILE itself, `pub mod SKIP;` and `pub use SKIP::...`
# are dropped. With SKIP = "licence" (a package subset), the leading comment block (the licence
# notice) is kept. Indentation and blank lines outside string literals are dropped everywhere
# (bundle-trim drops the rest of the white space between tokens).
inline() {
    perl -e '
        use strict;
        use warnings;
        # Whether the text so far ends inside a string literal (raw strings are not used).
        my $in_string = 0;
        sub track_strings {
            my ($line) = @_;
            my ($i, $n) = (0, length $line);
            while ($i < $n) {
                my $c = substr($line, $i, 1);
                if ($in_string) {
                    $i += $c eq "\\" ? 2 : 1;
                    $in_string = 0 if $c eq "\"";
                } elsif ($c eq "/" && substr($line, $i + 1, 1) eq "/") {
                    last;
                } elsif ($c eq "\x27" && substr($line, $i) =~ /^\x27(?:\\[^\x27]+|[^\\\x27])\x27/) {
                    $i += length $&;
                } else {
                    $in_string = 1 if $c eq "\"";
                    $i++;
                }
            }
        }
        sub emit {
            my ($file, $dir, $skip, $top) = @_;
            open(my $in, "<", $file) or die "bundle.sh: cannot read $file: $!\n";
            my @lines = <$in>;
            close $in;
            my $i = 0;
            # A package subset: its licence notice first.
            if ($top && $skip eq "licence") {
                print $lines[$i++] while $i < @lines && $lines[$i] =~ m{^//};
            }
            for (; $i < @lines; $i++) {
                local $_ = $lines[$i];
                if (/^(\s*)#\[cfg\(test\)\]\s*$/) {
                    # Skip the test-only item: one line ending in `;`, or up to the `}` at its
                    # own indentation, as rustfmt lays it out.
                    my $indent = $1;
                    $i++;
                    $i++ while $i < @lines && $lines[$i] =~ /^\s*#\[/;
                    next if $i >= @lines || $lines[$i] =~ /;\s*$/;
                    $i++ while $i < @lines && $lines[$i] !~ /^$indent\}/;
                    next;
                }
                # What only a tuning build has (`tuning`, off in every contest build and for
                # plain rustc) leaves with its attribute, as a test-only item does, also in a
                # macro'"'"'s body and where the item is a field ending in `,`; the contest
                # build'"'"'s items lose their attribute.
                if (!$in_string && /^(\s*)#\[cfg\(feature = "tuning"\)\]/) {
                    my $indent = $1;
                    $i++;
                    $i++ while $i < @lines && $lines[$i] =~ /^\s*#\[/;
                    next if $i >= @lines || $lines[$i] =~ /[;,]\s*$/;
                    $i++ while $i < @lines && $lines[$i] !~ /^$indent\}/;
                    next;
                }
                next if !$in_string && /^\s*#\[cfg\(not\(feature = "tuning"\)\)\]\s*$/;
                # A tool'"'"'s module behind a cargo feature leaves with its attribute.
                if (!$in_string && $top && $skip ne "" && /^\s*#\[cfg\(feature\s*=/
                    && $i + 1 < @lines
                    && $lines[$i + 1] =~ /^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(?:$skip)\s*;\s*$/) {
                    $i++;
                    next;
                }
                next if !$in_string && m{^\s*//};
                next if $top && $skip ne "" && /^\s*pub\s+use\s+(self::|crate::)?(?:$skip)::/;
                # Indentation and blank lines are dropped outside string literals (CodinGame
                # counts every character); a line that continues a string is kept as it is.
                unless ($in_string) {
                    s/^[ \t]+//;
                    next if /^\r?\n?$/;
                }
                track_strings($_);
                if (/^(\s*)(pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;\s*$/) {
                    my ($indent, $vis, $name) = ($1, $2 // "", $3);
                    next if $top && $skip ne "" && $name =~ /^(?:$skip)$/;
                    my ($child, $child_dir) = ("$dir/$name.rs", "$dir/$name");
                    $child = "$dir/$name/mod.rs" unless -f $child;
                    die "bundle.sh: no file for module $name in $dir\n" unless -f $child;
                    print "${indent}${vis}mod $name {\n";
                    emit($child, $child_dir, $skip, 0);
                    print "$indent}\n";
                    next;
                }
                print;
            }
        }
        my ($file, $skip) = @ARGV;
        my $dir = $file;
        $dir =~ s{/[^/]*$}{};
        # A module file foo.rs keeps its children in foo/; lib.rs, main.rs and mod.rs in their own
        # directory.
        $dir = $file =~ s/\.rs$//r unless $file =~ m{/(lib|main|mod)\.rs$};
        emit($file, $dir, $skip // "", 1);
    ' "$@"
}

# The package paths, from any module of the bundle.
packages='s/(?<!\w)(?<!::)(?:::)?(arrayvec|rand|rustc_hash)::/crate::$1::/g'

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
body=$work/body.rs
part=$work/part.rs
main=$work/main.rs
out=$work/$game.rs

# rewrite FILE SKIP PERL: FILE inlined (a missing module stops the script), then rewritten.
rewrite() {
    inline "$1" "$2" >"$part"
    perl -pe "$3" "$part"
}

{
    echo "pub mod common {"
    rewrite "$root/common/src/lib.rs" "" "s/\\bcrate::(?!\\w+!)/crate::common::/g; $packages"
    echo "}"
    echo "pub mod $game {"
    rewrite "$crate/src/lib.rs" 'referee|view|tune|net_data' \
        "s/\\bcrate::/crate::$game\\::/g; s/(?<!\\w)(?<!::)common::(\\w+)!/crate::\$1!/g;
        s/(?<!\\w)(?<!::)common::/crate::common::/g; $packages"
    echo "}"
    # main.rs's inner attributes (`#![...]`) go to the top of the file.
    rewrite "$crate/src/main.rs" "" "$packages" >"$main"
    grep -v '^#!\[' "$main" || true
} >"$body"
if grep -q 'cfg(feature' "$body"; then
    echo "$0: the bundled code depends on a cargo feature, which plain rustc does not set" >&2
    exit 1
fi
if grep -q '\btools::' "$body"; then
    echo "$0: the bundled code uses the tools crate, which is not bundled" >&2
    exit 1
fi

{
    echo "// $game bot for CodinGame, bundled by scripts/bundle.sh from $game-bot and common."
    echo "// Build: rustc -O --edition 2021 $game.rs"
    echo "#![allow(dead_code)]"
    grep '^#!\[' "$main" || true
    for package in arrayvec rand rustc_hash; do
        if grep -q "crate::$package::" "$body"; then
            echo "pub mod $package {"
            inline "$subsets/$package.rs" licence >"$part"
            cat "$part"
            echo "}"
        fi
    done
    cat "$body"
} >"$out"

# What the bot never reaches goes, and the white space that separates no two tokens (see the
# top of this file). The tool needs only std, so plain rustc builds it, unoptimised: the checks
# it asks of rustc take its time.
"${RUSTC:-rustc}" --edition 2021 --crate-name bundle_trim -o "$work/bundle-trim" \
    "$root/tools/src/bin/bundle-trim/main.rs"
"$work/bundle-trim" "$out" "$out"

chars=$(perl -CSD -ne '$n += length; END { print $n + 0 }' "$out")
if [ -n "$limit" ]; then
    echo "$game.rs: $chars characters, $((limit - chars)) left under the limit of $limit" >&2
    if [ "$chars" -ge "$limit" ]; then
        echo "$0: the $game bundle is over its limit" >&2
        exit 1
    fi
else
    echo "$game.rs: $chars characters" >&2
fi

if [ $# -eq 2 ]; then
    cp "$out" "$2"
else
    cat "$out"
fi

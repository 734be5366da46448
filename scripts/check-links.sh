#!/usr/bin/env bash
# Checks every relative link of every Markdown file in the repository: the file it names exists,
# and its `#anchor`, if any, is a heading of that file (anchors made as GitHub makes them).
# Prints each broken link as FILE:LINE: TARGET and exits 1 if there is one.
#
# usage: scripts/check-links.sh
set -euo pipefail

. "$(dirname "$0")/game-setup.sh"
for word in "$@"; do
    case $word in -h | --help) usage 0 ;; esac
done
[ $# -eq 0 ] || unknown_option "$1"
cd "$root"
git ls-files '*.md' | perl -e '
    use strict;
    use warnings;
    use File::Basename qw(dirname);
    # The anchor GitHub gives a heading: lower case, punctuation but "-" and "_" dropped,
    # spaces made hyphens.
    sub anchor {
        my ($text) = @_;
        $text = lc $text;
        $text =~ s/[^\w\- ]//g;
        $text =~ s/ /-/g;
        return $text;
    }
    my %anchors;
    sub anchors_of {
        my ($file) = @_;
        return $anchors{$file} if $anchors{$file};
        my %set;
        open(my $in, "<", $file) or return {};
        my $fenced = 0;
        while (<$in>) {
            $fenced = !$fenced if /^```/;
            next if $fenced;
            $set{anchor($1)} = 1 if /^#+\s+(.*?)\s*$/;
        }
        close $in;
        return $anchors{$file} = \%set;
    }
    my $broken = 0;
    while (my $file = <STDIN>) {
        chomp $file;
        open(my $in, "<", $file) or die "check-links.sh: cannot read $file: $!\n";
        my $fenced = 0;
        while (my $line = <$in>) {
            my $number = $.;
            $fenced = !$fenced if $line =~ /^```/;
            next if $fenced;
            while ($line =~ /\]\(([^)\s]+)\)/g) {
                my $target = $1;
                next if $target =~ m{^[a-z]+:};
                my ($path, $frag) = split /#/, $target, 2;
                my $resolved = $path eq "" ? $file : dirname($file) . "/" . $path;
                my $ok = -e $resolved;
                $ok &&= !defined $frag || $frag eq "" || $resolved !~ /\.md$/
                    || anchors_of($resolved)->{$frag};
                next if $ok;
                print "$file:$number: $target\n";
                $broken = 1;
            }
        }
        close $in;
    }
    exit $broken;
'

#!/usr/bin/env bash
# Checks the replay page in a real browser, as a person would look at it: for one game of each
# kind, plays a short match with --html, opens the page in headless Chromium at its first and
# last ply (`#game=1&ply=0`, `#game=1&ply=last`), takes screenshots, and checks that the page
# showed the ply asked for, that the board is drawn (enough non-white pixels in the board's
# area) and that the two plies differ there; that the summary counts wins by player, not by
# seat, and that Ka-Boom's move list says it speaks the board's frame. Then plays a small Krieg
# league and checks that its page draws the ratings chart with an interval per player and the
# chart of the ratings run by run, that the chart's legend names every player in its colour and
# shows on the screen, and that each player's colour is the same in the page written after the
# first run as after the second (and two pages of the same league are the same file).
#
# usage: scripts/check-viewer.sh [--keep DIR] [--docs DIR]
#
# --keep DIR keeps the pages, records and screenshots in DIR; --docs DIR writes there one picture
# per game (the board and the move list at the last ply), as docs/runner.md shows them. Chromium
# comes from the distribution (Debian's `chromium`), installed with apt-get when missing; the
# pictures are read with python3's standard library only.
set -euo pipefail

. "$(dirname "$0")/game-setup.sh"
games="krieg frostfire kaboom yavalath connect4"
keep=""
docs=""
while [ $# -gt 0 ]; do
    case $1 in
    -h | --help) usage 0 ;;
    --keep) need_value "$@"; keep=$2; shift ;;
    --docs) need_value "$@"; docs=$2; shift ;;
    *) unknown_option "$1" --keep --docs ;;
    esac
    shift
done

if ! command -v chromium >/dev/null 2>&1; then
    echo "check-viewer: installing chromium" >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y chromium
fi

if [ -n "$keep" ]; then
    work=$keep
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
[ -z "$docs" ] || mkdir -p "$docs"

# Headless, with nothing that reaches the network, in a fresh profile each time.
browse() {
    local profile
    profile=$(mktemp -d)
    timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$profile" --window-size=1100,1000 --hide-scrollbars \
        --force-device-scale-factor=1 "$@" 2>/dev/null
    rm -rf "$profile"
}

# What the checks below read and write pictures with (python3's standard library only).
cat >"$work/pictures.py" <<'PYTHON'
import struct
import zlib


def read_png(path):
    """Width, height and rows of RGB(A) bytes of an 8-bit, non-interlaced PNG."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path}: not a PNG"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunk)
            assert depth == 8 and colour in (2, 6) and interlace == 0, f"{path}: unexpected PNG"
            channels = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        previous = line
    return width, height, channels, rows


def write_png(path, width, height, rows):
    """An RGB PNG of `rows` (bytes of RGB), filter 0."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    raw = b"".join(b"\x00" + bytes(row) for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                  + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
PYTHON

for game in $games; do
    build_game
    page="$work/$game.html"
    "$referee" --games 1 --record-dir "$work/$game" --html "$page" \
        "$bot --movetime 50" "$bot --engine random --seed 3" >"$work/$game.out"
    for ply in 0 last; do
        url="file://$page#game=1&ply=$ply"
        browse --dump-dom "$url" | grep -o '<body[^>]*>' >"$work/$game-$ply.body" || true
        browse --screenshot="$work/$game-$ply.png" "$url" >/dev/null
    done
    if grep -q 'p1</span> won' "$page"; then
        echo "check-viewer: $game: the summary counts wins by seat" >&2
        exit 1
    fi
    if [ "$game" = kaboom ] && ! grep -q "Moves in the board's frame" "$page"; then
        echo "check-viewer: kaboom: the move list does not say which frame it speaks" >&2
        exit 1
    fi
    python3 - "$work" "$game" "$docs" <<'PYTHON'
import re
import sys

work, game, docs = sys.argv[1:4]
sys.path.insert(0, work)
from pictures import read_png, write_png


def attributes(ply):
    body = open(f"{work}/{game}-{ply}.body").read()
    found = dict(re.findall(r'data-(\w+)="([^"]*)"', body))
    if "board" not in found or "shown" not in found:
        sys.exit(f"check-viewer: {game}: the page did not run its script (no data-board)")
    return found


def fail(message):
    sys.exit(f"check-viewer: {game}: {message}")


first, last = attributes("0"), attributes("last")
shown_first, shown_last = first["shown"].split(","), last["shown"].split(",")
if shown_first[1] != "0":
    fail(f"#game=1&ply=0 showed ply {shown_first[1]}")
if shown_last[1] != shown_last[2] or shown_last[2] == "0":
    fail(f"#game=1&ply=last showed ply {shown_last[1]} of {shown_last[2]}")
x, y, w, h = (int(v) for v in first["board"].split(","))
if first["board"] != last["board"]:
    fail(f"the board moved between plies ({first['board']} vs {last['board']})")
images = {}
for ply in ("0", "last"):
    width, height, channels, rows = read_png(f"{work}/{game}-{ply}.png")
    if x < 0 or y < 0 or x + w > width or y + h > height or w < 100 or h < 100:
        fail(f"the board ({x},{y} {w}x{h}) is not inside the {width}x{height} screenshot")
    images[ply] = (channels, rows)
area = w * h
drawn = [0, 0]
differ = 0
for row in range(y, y + h):
    line0, line1 = images["0"][1][row], images["last"][1][row]
    c0, c1 = images["0"][0], images["last"][0]
    for col in range(x, x + w):
        p0 = line0[col * c0:col * c0 + 3]
        p1 = line1[col * c1:col * c1 + 3]
        drawn[0] += min(p0) < 230
        drawn[1] += min(p1) < 230
        if max(abs(p0[i] - p1[i]) for i in range(3)) > 24:
            differ += 1
print(f"check-viewer: {game}: plies 0 and {shown_last[2]}; board {w}x{h} at ({x},{y}); "
      f"drawn {100 * drawn[0] / area:.1f} % and {100 * drawn[1] / area:.1f} % of it, "
      f"{100 * differ / area:.1f} % differs")
if min(drawn) < area // 10:
    fail("the board's area is almost blank")
if differ < area // 200:
    fail("the first and the last ply look the same")
if docs:
    vx, vy, vw, vh = (int(v) for v in last["view"].split(","))
    channels, rows = images["last"]
    vw, vh = min(vw, len(rows[0]) // channels - vx), min(vh, len(rows) - vy)
    crop = [bytearray(b for px in range(vx, vx + vw) for b in rows[r][px * channels:px * channels + 3])
            for r in range(vy, vy + vh)]
    write_png(f"{docs}/{game}.png", vw, vh, crop)
PYTHON
done
echo "check-viewer: every game's replay page draws its board, and the first and last plies differ"

# The league's page: three players, two runs, the second recorded; the page written after each
# run, and again after the second.
game=krieg
build_game
league="$work/league"
"$referee" league "$league" add "ours=$bot --movetime 30" >/dev/null
"$referee" league "$league" add "greedy=$bot --engine greedy" >/dev/null
"$referee" league "$league" add "random=$bot --engine random --seed {seed}" >/dev/null
"$referee" league "$league" run --games 6 >"$work/league-run-1.out" 2>&1
"$referee" league "$league" show --html "$work/league-1.html" >"$work/league-show-1.out"
"$referee" league "$league" run --games 6 --record >"$work/league-run-2.out" 2>&1
"$referee" league "$league" show --html "$work/league.html" >"$work/league-show.out"
mkdir -p "$work/again"
"$referee" league "$league" show --html "$work/again/league.html" >/dev/null
if ! cmp -s "$work/league.html" "$work/again/league.html"; then
    echo "check-viewer: league: two pages of the same league differ" >&2
    exit 1
fi
browse --dump-dom "file://$work/league-1.html" >"$work/league-1.dom"
browse --dump-dom "file://$work/league.html" >"$work/league.dom"
intervals=$(grep -o 'class="interval"' "$work/league.dom" | wc -l)
lines=$(grep -o 'class="moves" data-player="[^"]*" points="[0-9.]*,[0-9.]* [0-9.]*,[0-9.]*"' "$work/league.dom" | wc -l)
if [ "$intervals" -ne 3 ] || [ "$lines" -ne 3 ]; then
    echo "check-viewer: league: $intervals intervals and $lines lines over two runs, expected 3 and 3" >&2
    exit 1
fi
echo "check-viewer: the league's page draws each rating on its interval, and each player's line over its two runs"

# The legend as a person sees it: a copy of the page with a script that writes, on <body>, where
# each legend entry's bar lies on the screen and its colour; the page itself has no script.
sed 's|</body>|<script>document.body.dataset.legend = [...document.querySelectorAll("g.legend")].map((g) => { const bar = g.querySelector("rect"); const box = bar.getBoundingClientRect(); return [g.dataset.player, Math.round(box.left), Math.round(box.top), Math.round(box.width), Math.round(box.height), bar.getAttribute("fill")].join(" "); }).join(";");</script></body>|' \
    "$work/league.html" >"$work/league-measured.html"
browse --dump-dom "file://$work/league-measured.html" | grep -o '<body[^>]*>' >"$work/league-measured.body" || true
browse --screenshot="$work/league.png" "file://$work/league-measured.html" >/dev/null
python3 - "$work" <<'PYTHON'
import re
import sys

work = sys.argv[1]
sys.path.insert(0, work)
from pictures import read_png


def fail(message):
    sys.exit(f"check-viewer: league: {message}")


def colours(dom):
    """Each player's colour in a page: its legend's bar, checked against its dot and its line."""
    found = {}
    for name, colour in re.findall(r'<g class="legend" data-player="([^"]*)"><rect [^>]*fill="([^"]*)"', dom):
        dot = re.search(rf'class="rating" data-player="{re.escape(name)}"[^>]* fill="([^"]*)"', dom)
        line = re.search(rf'class="moves" data-player="{re.escape(name)}"[^>]* stroke="([^"]*)"', dom)
        if not dot or not line or dot.group(1) != colour or line.group(1) != colour:
            fail(f"{name}'s legend, dot and line are not all in {colour}")
        found[name] = colour
    return found


first = colours(open(f"{work}/league-1.dom").read())
last = colours(open(f"{work}/league.dom").read())
players = {"ours", "greedy", "random"}
if set(first) != players or set(last) != players:
    fail(f"the legends name {sorted(first)} and {sorted(last)}, not {sorted(players)}")
if first != last:
    fail(f"the colours changed from the first run's page to the second's: {first} then {last}")
if len(set(last.values())) != len(last):
    fail(f"two players share a colour: {last}")

body = open(f"{work}/league-measured.body").read()
legend = re.search(r'data-legend="([^"]*)"', body)
if not legend or not legend.group(1):
    fail("the measuring copy of the page did not run its script (no data-legend)")
width, height, channels, rows = read_png(f"{work}/league.png")
for entry in legend.group(1).split(";"):
    name, x, y, w, h, colour = entry.split(" ")
    x, y, w, h = int(x), int(y), int(w), int(h)
    if w < 10 or h < 5 or x < 0 or y < 0 or x + w > width or y + h > height:
        fail(f"{name}'s legend ({x},{y} {w}x{h}) is not inside the {width}x{height} screenshot")
    want = [int(colour[k:k + 2], 16) for k in (1, 3, 5)]
    shown = sum(
        all(abs(rows[r][c * channels + k] - want[k]) <= 40 for k in range(3))
        for r in range(y, y + h)
        for c in range(x, x + w)
    )
    if shown < w * h // 2:
        fail(f"{name}'s legend bar shows its colour {colour} on {shown} of its {w * h} pixels")
print(f"check-viewer: league: the legend names {', '.join(sorted(last))}, each in its colour on the "
      f"screen, and the colours are the same after each run ({last})")
PYTHON

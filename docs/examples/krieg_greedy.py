#!/usr/bin/env python3
"""A greedy Krieg bot in Python whose evaluation weights `spsa` tunes: the worked example of
docs/tuning.md, "Tuning a bot in any language".

It plays Krieg's protocol (docs/games.md): a first line `1` (Sentinel, moves first) or `0`
(Scourge; `2` is read as `0`), then the opponent's moves `r1 c1 r2 c2`; each of its own moves
on stdout, flushed; end of input ends it. It plays a winning move when it has one, else the move
whose position is best for it after the opponent's best capture: material, the bombers'
advance, and the piece the opponent can take next, the last two weighted by its tunables.

    python3 krieg_greedy.py [--seed S] [--param NAME=VALUE ...]
    python3 krieg_greedy.py --help     # usage, then the tunables block spsa reads

The tunables contract (what `spsa` needs of a bot in any language):
  - `--help` prints, on stdout, a line that starts with `tunables`, then one line per tunable,
    `NAME: TYPE = DEFAULT, MIN..=MAX, step STEP;` (TYPE `f64` for a real number);
  - `--param NAME=VALUE`, once per tunable, sets one; any other option stays the bot's own.
"""

import random
import sys

# The tunables: name, type, default, smallest, largest, step. A piece is worth 100 (a bomber) or
# 60 (a stinger).
TUNABLES = [
    # Points per row a bomber has advanced from its own base.
    ("ADVANCE", "f64", 10.0, 0.0, 50.0, 2.0),
    # The share of its value a piece loses when the opponent can take it next move.
    ("HANGING", "f64", 1.0, 0.0, 2.0, 0.25),
]

USAGE = """usage: krieg_greedy.py [--seed S] [--param NAME=VALUE ...]

A greedy Krieg bot: stdin `1` (Sentinel) or `0` (Scourge), then the opponent's moves
`r1 c1 r2 c2`; stdout: its moves.

  --seed S            seed of the choice between equally good moves (default 1)
  --param NAME=VALUE  sets a tunable (once each), within its bounds
  -h, --help          this help"""

SENTINEL, SCOURGE = 1, 0
STINGER, BOMBER = "stinger", "bomber"
VALUE = {BOMBER: 100.0, STINGER: 60.0}
WIN = 1_000_000.0


def forward(side):
    return 1 if side == SENTINEL else -1


def goal_row(side):
    return 4 if side == SENTINEL else 0


def start():
    """The start: cells[r][c] is None or (side, kind); Sentinel's bombers on row 0, stingers
    on row 1; Scourge's stingers on row 3, bombers on row 4."""
    cells = [[None] * 5 for _ in range(5)]
    for c in range(5):
        cells[0][c] = (SENTINEL, BOMBER)
        cells[1][c] = (SENTINEL, STINGER)
        cells[3][c] = (SCOURGE, STINGER)
        cells[4][c] = (SCOURGE, BOMBER)
    return cells


def on_board(r, c):
    return 0 <= r < 5 and 0 <= c < 5


def moves(cells, side):
    """The legal moves of `side`: (r1, c1, r2, c2), a capture's landing cell as its end."""
    f = forward(side)
    found = []
    for r in range(5):
        for c in range(5):
            piece = cells[r][c]
            if piece is None or piece[0] != side:
                continue
            steps = (0, -1, 1) if piece[1] == BOMBER else (-1, 1)
            for dc in steps:
                if on_board(r + f, c + dc) and cells[r + f][c + dc] is None:
                    found.append((r, c, r + f, c + dc))
            jumps = [(f, 0)]
            if r not in (0, 4):
                jumps += [(0, -1), (0, 1)]
            for dr, dc in jumps:
                over, to = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
                if not on_board(*to) or cells[to[0]][to[1]] is not None:
                    continue
                victim = cells[over[0]][over[1]]
                if victim is not None and victim[0] != side:
                    found.append((r, c) + to)
    return found


def play(cells, move):
    """The cells after `move`; a jump of two cells takes the piece it jumps over."""
    r1, c1, r2, c2 = move
    after = [row[:] for row in cells]
    after[r2][c2], after[r1][c1] = after[r1][c1], None
    if abs(r2 - r1) == 2 or abs(c2 - c1) == 2:
        after[(r1 + r2) // 2][(c1 + c2) // 2] = None
    return after


def count(cells, side, kind):
    return sum(1 for row in cells for piece in row if piece == (side, kind))


def winner(cells, mover):
    """After `mover`'s move: the winning side, "draw", or None while the game goes on."""
    other = 1 - mover
    if any(cells[goal_row(mover)][c] == (mover, BOMBER) for c in range(5)):
        return mover
    if count(cells, other, BOMBER) == 0:
        return mover
    if not moves(cells, other):
        ours, theirs = count(cells, mover, BOMBER), count(cells, other, BOMBER)
        return "draw" if ours == theirs else (mover if ours > theirs else other)
    return None


def evaluate(cells, me, weights):
    """The position after our move, the opponent to move, from our side."""
    other = 1 - me
    score = 0.0
    for r in range(5):
        for c in range(5):
            piece = cells[r][c]
            if piece is None:
                continue
            side, kind = piece
            value = VALUE[kind]
            if kind == BOMBER:
                value += weights["ADVANCE"] * (r if side == SENTINEL else 4 - r)
            score += value if side == me else -value
    threat = 0.0
    for reply in moves(cells, other):
        if winner(play(cells, reply), other) == other:
            return -WIN / 2
        r1, c1, r2, c2 = reply
        if abs(r2 - r1) == 2 or abs(c2 - c1) == 2:
            victim = cells[(r1 + r2) // 2][(c1 + c2) // 2]
            threat = max(threat, VALUE[victim[1]])
    return score - weights["HANGING"] * threat


def choose(cells, me, weights, rng):
    """Our move: a win at once, else the best evaluation; ties broken by `rng`."""
    best, best_key = None, None
    for move in moves(cells, me):
        after = play(cells, move)
        end = winner(after, me)
        if end is None:
            score = evaluate(after, me, weights)
        elif end == "draw":
            score = 0.0
        else:
            score = WIN if end == me else -WIN
        key = (score, rng.random())
        if best_key is None or key > best_key:
            best, best_key = move, key
    return best


def fail(message):
    print(f"krieg_greedy.py: {message}\n\n{USAGE}", file=sys.stderr)
    sys.exit(2)


def parse_arguments(argv):
    """The seed and the tunables' values; --help prints the usage and the tunables block."""
    if "-h" in argv or "--help" in argv:
        print(USAGE)
        print("\ntunables (set with --param NAME=VALUE):")
        for name, kind, default, low, high, step in TUNABLES:
            print(f"  {name}: {kind} = {default!r}, {low!r}..={high!r}, step {step!r};")
        sys.exit(0)
    seed = 1
    weights = {}
    words = iter(argv)
    for word in words:
        value = next(words, None)
        if value is None:
            fail(f"{word} needs a value")
        if word == "--seed":
            try:
                seed = int(value)
            except ValueError:
                fail(f"--seed {value}: not a whole number")
        elif word == "--param":
            name, _, text = value.partition("=")
            declared = [t for t in TUNABLES if t[0] == name]
            if not declared:
                fail(f"--param {value}: no tunable named '{name}'")
            if name in weights:
                fail(f"--param {value}: {name} set twice")
            _, _, _, low, high, _ = declared[0]
            try:
                number = float(text)
            except ValueError:
                fail(f"--param {value}: '{text}' is not a number")
            if not low <= number <= high:
                fail(f"--param {value}: outside {low}..={high}")
            weights[name] = number
        else:
            fail(f"unknown option {word}")
    for name, _, default, _, _, _ in TUNABLES:
        weights.setdefault(name, default)
    return seed, weights


def main():
    seed, weights = parse_arguments(sys.argv[1:])
    rng = random.Random(seed)
    cells, me = start(), None

    def reply():
        nonlocal cells
        move = choose(cells, me, weights, rng)
        if move is None:
            print("krieg_greedy.py: no legal move", file=sys.stderr)
            return
        cells = play(cells, move)
        print(" ".join(map(str, move)), flush=True)

    for line in sys.stdin:
        line = line.replace("\ufeff", "").strip()
        if not line:
            continue
        if me is None:
            if line not in ("0", "1", "2"):
                print(f"krieg_greedy.py: skipped '{line}' before the id line", file=sys.stderr)
                continue
            me = SENTINEL if line == "1" else SCOURGE
            if me == SENTINEL:
                reply()
            continue
        fields = line.split()
        if len(fields) != 4 or not all(f in "01234" and len(f) == 1 for f in fields):
            print(f"krieg_greedy.py: '{line}' is not a move", file=sys.stderr)
            continue
        cells = play(cells, tuple(map(int, fields)))
        reply()


if __name__ == "__main__":
    main()

"""Play seeded matches with bots and print their full records (runs on CPython and MicroPython).

    python -m host.drive.games
    micropython host/drive/games.py     (cwd = the project root, or a folder with engine/ as .mpy)

Used by the cross-runtime determinism test: both runtimes must print the same bytes.
"""

import sys

if sys.implementation.name == "micropython" and "" not in sys.path:  # CPython: the venv has the project
    sys.path.insert(0, "")

from engine.bots import BOARD_LEVELS, make_bot  # noqa: E402
from engine.record import MatchRecord  # noqa: E402
from engine.rules import make_rules  # noqa: E402
from engine.state import State  # noqa: E402
from engine.view import SeatView  # noqa: E402

CONFIGS = (
    ("classic", (2, 4, 6), ""),
    ("three-color", (3, 5), ""),
    ("junior10", (2, 4), ""),
    ("junior15", (3, 6), ""),
    ("classic", (3, 4), "optional_pass=1 draw=3 start_10_12=1 actions=1"),
    ("cinquillo", (2, 3, 4), ""),
    ("bastard", (3, 4), ""),
)
SEEDS = (1, 77, 40503)
# The master (a level for fast hosts, about 20 times the expert's work) plays fewer games.
MASTER_GAMES = (("classic", 2, 1), ("classic", 3, 77), ("cinquillo", 3, 1))


def play(rules, seed, rounds, levels=BOARD_LEVELS):
    s = State(rules, seed=seed, dealer=seed % rules.players)
    rec = MatchRecord(s, seed=seed)
    n = rules.players
    bots = [make_bot(levels[(p + seed) % len(levels)], rules, p, seed) for p in range(n)]
    views = [SeatView(rules, p) for p in range(n)]
    while not s.is_match_over():
        if s.is_round_over():
            rec.end_round(s)
            if s.round_no >= rounds and not s.pending_tiebreak:
                break
            s.next_round()
            continue
        v = views[s.turn]
        s.view_into(v)
        s.apply(bots[s.turn].choose(v))
    rec.end_round(s)
    return rec.text(s)


def main():
    for preset, players, extra in CONFIGS:
        for n in players:
            text = "%s players=%d %s" % (preset, n, extra)
            opts = {}
            for part in text.split()[1:]:
                k, v = part.split("=")
                opts[k] = int(v)
            rules = make_rules(preset, **opts)
            for seed in SEEDS:
                sys.stdout.write(play(rules, seed, 3))
                sys.stdout.write("\n")
    for preset, n, seed in MASTER_GAMES:
        sys.stdout.write(play(make_rules(preset, players=n), seed, 1, ("master", "expert")))
        sys.stdout.write("\n")


main()

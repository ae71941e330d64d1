"""A host that cheats, and the fairness check's runs (host_tests/test_link.py L5, and
host/measure/link_bench.py's link_cheat_flagged / link_false_alarms): CPython only."""

import random

from engine.rules import make_rules
from firmware import linkhost
from host.emulate.linktable import LinkTable


class Cheat(linkhost.LinkHost):
    """A host that changes one card after committing: two cards of the deal swap places."""

    rnd = None

    def _fair(self, s, dealer, round_no, last14):
        d = linkhost.LinkHost._fair(self, s, dealer, round_no, last14)
        spots = [(p, i) for p in range(s.n) for i in range(len(d["hands"][p]))]
        spots += [(-1, i) for i in range(len(d["stock"]))]
        while True:
            a, b = self.rnd.sample(spots, 2)
            ca = d["stock"][a[1]] if a[0] < 0 else d["hands"][a[0]][a[1]]
            cb = d["stock"][b[1]] if b[0] < 0 else d["hands"][b[0]][b[1]]
            if ca != cb and a[0] != b[0]:
                break
        for (p, i), c in ((a, cb), (b, ca)):
            if p < 0:
                d["stock"][i] = c
            else:
                d["hands"][p][i] = c
        return d


def cheat_runs(runs, cheat, base=100):
    """How many of `runs` one-round tables (classic 3-6 players, Cinquillo 3-4, in turn) a joiner
    flagged, with a host that changes a card after committing (cheat) or an honest one."""
    flagged = 0
    for k in range(runs):
        preset = ("classic", "cinquillo")[k % 2]
        players = 3 + k // 2 % (4 if preset == "classic" else 2)  # classic 3-6, Cinquillo 3-4 (E5, C2)
        rules = make_rules(preset, players=players, rounds=1)
        t = LinkTable(rules, remote=players - 1, seed=base + k)
        if cheat:
            h = t.host
            c = Cheat.__new__(Cheat)
            c.__dict__.update(h.__dict__)
            c.rnd = random.Random(base + k)
            c.listeners = [t._host_event]
            t.host = c
        t.play()
        flagged += bool(t.unfair())
    return flagged

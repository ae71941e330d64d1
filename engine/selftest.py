"""On-device self-test: a few seeded rounds with bots, a digest of what happened, PASS or FAIL.

    import engine.selftest; engine.selftest.main()        # REPL, help screen, make flash

The digest (Adler-32 style, two 16-bit sums: no int ever reaches 2**30) covers
every round's deal, moves and scores. The host computes the same digest for
the same seeds and writes it into the bundle's selftest.txt as
`digest=XXXXXXXX`; the device compares. Any difference in rules, PRNG, bots
or the runtime's arithmetic shows up as FAIL. Also prints the heap figures.
"""

import gc

from engine import const

_PLAYING = const(0)  # engine/state.py's phases

# (rules, bot level, seed): one round each, every game and one variant.
GAMES = (
    ("classic players=4", "medium", 1),
    ("classic players=3 actions=1 draw=3", "easy", 2),
    ("cinquillo players=4", "easy", 3),
    ("bastard players=3", "medium", 4),
)
EXPECTED_FILE = "selftest.txt"
MOD = 65521


def digest(games=GAMES):
    """The digest of the self-test rounds, as 8 hex digits."""
    from engine.bots import make_bot
    from engine.rules_text import parse_rules
    from engine.state import State
    from engine.view import SeatView

    a = 1
    b = 0
    for text, level, seed in games:
        rules = parse_rules(text)
        s = State(rules, seed)
        view = SeatView(rules, 0)
        bots = [make_bot(level, rules, p, seed) for p in range(rules.players)]
        for p in range(rules.players * 4):
            x = s.hands[p]
            while True:
                a = (a + (x & 255)) % MOD
                b = (b + a) % MOD
                x >>= 8
                if not x:
                    break
        while s.phase == _PLAYING:
            p = s.turn
            s.view_into(view, p)
            s.apply(bots[p].choose(view))
        for i in range(2 * s.hist_len):
            a = (a + s.history[i]) % MOD
            b = (b + a) % MOD
        for p in range(rules.players):
            a = (a + s.round_scores[p] % 256) % MOD
            b = (b + a) % MOD
        gc.collect()
    return "%04x%04x" % (b, a)


def expected(path=EXPECTED_FILE):
    """The host's digest from selftest.txt, or None when there is none."""
    try:
        with open(path) as f:
            for line in f:
                if line.startswith("digest="):
                    return line[7:].strip()
    except OSError:
        return None
    return None


def run(path=EXPECTED_FILE):
    """(verdict, digest, expected digest or None, free heap before, after); verdict is
    PASS, FAIL or NO-EXPECTED (no selftest.txt: nothing to compare with)."""
    gc.collect()
    free0 = gc.mem_free() if hasattr(gc, "mem_free") else -1
    got = digest()
    gc.collect()
    free1 = gc.mem_free() if hasattr(gc, "mem_free") else -1
    want = expected(path)
    if want is None:
        verdict = "NO-EXPECTED"
    else:
        verdict = "PASS" if got == want else "FAIL"
    return verdict, got, want, free0, free1


def main(path=EXPECTED_FILE):
    verdict, got, want, free0, free1 = run(path)
    print("selftest: %s digest=%s expected=%s rounds=%d" % (verdict, got, want, len(GAMES)))
    print("selftest_mem_free: %d %d" % (free0, free1))
    return verdict == "PASS"

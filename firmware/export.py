"""The record of a finished match (docs/records.md), for tools/replay.py: to the serial
console, and to a file when the file system is writable (loaded at a round's end only).

The match keeps what a record needs: the seed, the rules and round 1's dealer, and
for each finished round its moves, noted from the State's history when the round
ends (2 bytes a move, one extend per round, nothing per turn). Rounds are dealt
from the seed, so the record needs no deal lines; draws name no card.
"""

import os

DIR = "/"  # where records go: CIRCUITPY's root, unless ELFER_RECORDS (settings.toml) names a folder
LOG_MAX = 16384  # bytes of moves kept (some 80 rounds of Elfer Raus); a longer match keeps none


def note_round(m):
    """Keep the round just ended (once): its move count (2 bytes), then (seat, move) pairs."""
    log = m.log
    s = m.state
    if log is None or s.phase == 0 or _rounds(log) >= s.round_no:
        return
    n = s.hist_len
    if len(log) + 2 + 2 * n > LOG_MAX:
        m.log = None
        return
    log.append(n >> 8)
    log.append(n & 255)
    log.extend(memoryview(s.history)[: 2 * n])


def _rounds(log):
    k = 0
    i = 0
    while i < len(log):
        i += 2 + 2 * (log[i] << 8 | log[i + 1])
        k += 1
    return k


def lines(m, out):
    """Call out(line) for each line of the match's record; False when the match kept none."""
    from engine import cards
    from engine.cards import DRAW, END, PASS
    from engine.record import header_lines

    log = m.log
    s = m.state
    if log is None or _rounds(log) != s.round_no:
        return False
    g = m.rules.game
    for line in header_lines(s, m.seed, dealer=m.dealer0):
        out(line)
    i = 0
    rnd = 0
    while i < len(log):
        n = log[i] << 8 | log[i + 1]
        i += 2
        rnd += 1
        out("round %d" % rnd)
        for j in range(i, i + 2 * n, 2):
            who = "P%d" % (log[j] + 1)
            mv = log[j + 1]
            if mv == DRAW:
                out(who + " draws")
            elif mv == END:
                out(who + " ends")
            elif mv == PASS:
                out(who + " passes")
            else:
                out("%s plays %s" % (who, cards.card_token(g, mv)))
        i += 2 * n
    out("scores: " + " ".join("P%d %d" % (p + 1, s.scores[p]) for p in range(s.n)))
    return True


def export(m):
    """Print the record and write it to a file; returns (file name or '', why not or '')."""
    if m.log is None:
        return "", "none"
    print("--- match record (tools/replay.py) ---")
    kept = lines(m, print)
    print("--- end of record ---")
    if not kept:
        return "", "none"
    where = _folder()
    name = _free_name(where, m.seed)
    try:
        with open(where + name, "w") as f:
            lines(m, lambda line: f.write(line + "\n"))
    except OSError as e:  # CircuitPython: read-only unless boot.py remounted it
        print("record not written to %s: %s" % (name, e))
        return "", "readonly"
    return name, ""


def _folder():
    getenv = getattr(os, "getenv", None)  # CircuitPython: settings.toml; CPython: the environment
    where = (getenv("ELFER_RECORDS") if getenv else None) or DIR
    return where if where.endswith("/") else where + "/"


def _free_name(where, seed):
    """record-SEED.txt, or record-SEED-2.txt ... when that exists (same seed, another match)."""
    base = "record-%d" % seed
    name = base + ".txt"
    for k in range(2, 100):
        try:
            os.stat(where + name)
        except OSError:
            return name
        name = "%s-%d.txt" % (base, k)
    return name

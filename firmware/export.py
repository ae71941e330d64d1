"""The record of a finished match (docs/records.md), for host/play/replay.py: to the serial
console, and to a file when the file system is writable (loaded at the match over only).

The match keeps what a record needs: the seed, the rules and round 1's dealer, and
for each finished round its moves (firmware/results.py note_round: 2 bytes a move,
one extend per round, nothing per turn). Rounds are dealt from the seed, so the
record needs no deal lines; draws name no card.
"""

import os
import sys

DIR = "/"  # where records go on a board: CIRCUITPY's root, unless ELFER_RECORDS (settings.toml) names
# a folder; the desktop simulator writes to build/records/


def _rounds(log):
    from firmware.results import logged_rounds

    return logged_rounds(log)


def lines(m, out):
    """Call out(line) for each line of the match's record, a round's lines at a time: a
    generator, one step a round (its lines' garbage then collected before the next); nothing
    when the match kept no record."""
    from engine.names import card_token
    from engine.recordtext import header_lines, move_line, scores_line

    log = m.log
    s = m.state
    if log is None or _rounds(log) != s.round_no:
        return
    g = m.rules.game
    for line in header_lines(m.rules, m.dealer0, m.seed):
        out(line)
    i = 0
    rnd = 0
    while i < len(log):
        yield
        n = log[i] << 8 | log[i + 1]
        i += 2
        rnd += 1
        out("round %d" % rnd)
        for j in range(i, i + 2 * n, 2):
            out(move_line(g, log[j], log[j + 1], name=card_token))  # draws name no card
        i += 2 * n
    out(scores_line(s))


def export(m):
    """Print the record and write it to a file; returns (file name or '', why not or '')."""
    got = []
    for _ in steps(m, got):
        pass
    return got[0], got[1]


def steps(m, got):
    """export(m) a round at a time (a generator: app.later runs a step a loop pass, each after a
    collection); at its end got holds (file name or '', why not or ''). One pass prints and
    writes: each line is made once (a board's heap gets half the garbage)."""
    if m.log is None:
        got.extend(("", "none"))
        return
    if _rounds(m.log) != m.state.round_no:  # the match kept no whole record: print only the marks
        print("--- match record (host/play/replay.py) ---")
        print("--- end of record ---")
        got.extend(("", "none"))
        return
    where = _folder()
    name = _free_name(where, m.seed)
    file = [None, None]  # the open file, or why it could not be written
    try:
        file[0] = open(where + name, "w")
    except OSError as e:  # CircuitPython: read-only unless boot.py remounted it
        file[1] = e

    def out(line):
        print(line)
        f = file[0]
        if f is not None:
            try:
                f.write(line)
                f.write("\n")
            except OSError as e:  # the drive full: the console keeps the record
                file[1] = e
                file[0] = None
                f.close()

    print("--- match record (host/play/replay.py) ---")
    try:
        yield from lines(m, out)
    finally:
        if file[0] is not None:
            file[0].close()
    print("--- end of record ---")
    if file[1] is not None:
        print("record not written to %s: %s" % (name, file[1]))
        got.extend(("", "readonly"))
        return
    got.extend((name, ""))


def _folder():
    getenv = getattr(os, "getenv", None)  # CircuitPython: settings.toml; CPython: the environment
    where = getenv("ELFER_RECORDS") if getenv else None
    if not where:
        where = DIR
        if sys.implementation.name == "cpython":  # the desktop simulator: beside its save
            where = __file__.rsplit("firmware", 1)[0] + "build/records"
            os.makedirs(where, exist_ok=True)
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

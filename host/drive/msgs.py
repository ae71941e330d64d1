"""Refused moves and hints in every language over seeded games (runs on CPython and MicroPython).

    python -m host.drive.msgs
    micropython host/drive/msgs.py      (cwd = the project root, or a folder with engine/ and firmware/ as .mpy)
    micropython host/drive/msgs.py ram  (heap figures instead: 'ram_<what>: bytes')

Used by the cross-runtime test: both runtimes must print the same bytes
(firmware/words.py, engine/reasons.py, engine/hint.py, engine/messages.py).
"""

import gc
import sys

if sys.implementation.name == "micropython" and "" not in sys.path:  # CPython: the venv has the project
    sys.path.insert(0, "")

from engine.rules import make_rules  # noqa: E402
from engine.state import State  # noqa: E402
from engine.view import SeatView  # noqa: E402
from firmware import lang, words  # noqa: E402

PRESETS = ("classic", "cinquillo", "bastard", "three-color")
TRIES = (0, 1, 11, 37, 45, 75, 99, 129, 250, 251, 252, 253)


def positions(preset, seed, steps):
    """Every `steps` moves of a seeded game (first legal move of a rotating index): its state."""
    rules = make_rules(preset, players=3, actions=1) if preset == "classic" else make_rules(preset, players=3)
    s = State(rules, seed=seed)
    buf = bytearray(32)
    k = 0
    while not s.is_round_over():
        if k % steps == 0:
            yield s
        n = s.legal_moves(buf)
        s.apply(buf[(k * 7 + seed) % n])
        k += 1
    yield s


def table_says():
    """(refusals, hints): each as the table says it (firmware/screens.py: Match.play's rule id and
    sentence, the hint's sentence, in ts_refused / ts_hint), in the language in use, over the
    seeded positions; sorted, no repeats."""
    refusals = set()
    hints = set()
    for preset in PRESETS:
        for s in positions(preset, 5, 9):
            buf = bytearray(32)
            legal = list(buf[: s.legal_moves(buf)]) if not s.is_round_over() else []
            for m in TRIES:
                if m not in legal:
                    refusals.add(lang.t(b"ts_refused") % ("%s: %s" % words.refusal(s, m)))
            if s.turn == 0 and not s.is_round_over():
                v = SeatView(s.rules, 0)
                s.view_into(v)
                hints.add(lang.t(b"ts_hint") % words.hint(v, 5)[1])
    return sorted(refusals), sorted(hints)


def longest():
    """The longest refusal and the longest hint the table says (the screenshots show them)."""
    refusals, hints = table_says()
    return max(refusals, key=len), max(hints, key=len)


def main():
    for code in lang.CODES:
        lang.use(code)
        for preset in PRESETS:
            for s in positions(preset, 5, 9):
                g = s.rules.game
                buf = bytearray(32)
                legal = list(buf[: s.legal_moves(buf)]) if not s.is_round_over() else []
                for m in TRIES:
                    if m not in legal:
                        print("%s %s %s %s: %s" % ((code, preset, words.move_name(g, m)) + words.refusal(s, m)))
                if s.turn == 0 and not s.is_round_over():
                    v = SeatView(s.rules, 0)
                    s.view_into(v)
                    move, text = words.hint(v, 5)
                    print("%s %s hint %s: %s" % (code, preset, words.move_name(g, move), text))


def ram():
    """Heap held by the message code, loaded on demand, and what stays after a refusal and a hint."""
    rules = make_rules("classic", players=3)
    s = State(rules, seed=5)
    lang.use("de")
    gc.collect()
    base = gc.mem_alloc()
    import engine.messages  # noqa: F401

    gc.collect()
    print("ram_module_messages: %d" % (gc.mem_alloc() - base))
    from engine import unload

    unload("messages")
    gc.collect()
    base = gc.mem_alloc()
    words.refusal(s, 99)
    gc.collect()
    # The first refusal interns its modules' names for good (and may so start a new pool of
    # interned strings, ~3.5 KiB here): a second one shows whether any of its code stayed.
    print("ram_after_first_refusal: %d" % (gc.mem_alloc() - base))
    base = gc.mem_alloc()
    words.refusal(s, 98)
    gc.collect()
    print("ram_after_another_refusal: %d" % (gc.mem_alloc() - base))
    print("ram_messages_loaded_after: %d" % ("engine.messages" in sys.modules))
    print("ram_english_loaded: %d" % ("engine.english" in sys.modules))


if __name__ == "__main__":
    ram() if sys.argv[1:] == ["ram"] else main()

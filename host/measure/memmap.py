"""Where the RAM goes: heap bytes held after each engine module import and object (MicroPython).

    micropython host/measure/memmap.py        (cwd: a folder holding engine/ as .py or .mpy)

Prints 'ram_<what>: bytes' lines (after gc.collect(), so only what stays allocated).
"""

import gc
import sys

if "" not in sys.path:
    sys.path.insert(0, "")

_last = [0]


def mark(label):
    gc.collect()
    now = gc.mem_alloc()
    print("ram_%s: %d" % (label, now - _last[0]))
    _last[0] = now


def main():
    gc.collect()
    _last[0] = gc.mem_alloc()
    for name in (
        "cards",
        "rules",
        "rng",
        "scoring",
        "turn",
        "deal",
        "state",
        "view",
        "bots",
        "knowledge",
        "playout",
        "sampler",
        "bot_expert",
    ):
        __import__("engine." + name)
        mark("module_" + name)
    from engine.bots import STRONGEST, make_bot
    from engine.rules import make_rules
    from engine.state import State
    from engine.view import SeatView

    rules = make_rules("classic", players=6)
    mark("rules_object")
    state = State(rules, seed=1)
    mark("state_6p")
    view = SeatView(rules, 0)
    mark("view_6p")
    bots = [make_bot(STRONGEST, rules, p, 1) for p in range(6)]
    mark("bots_6")
    for name in ("errors", "names", "reasons", "messages", "explicit", "record", "bot_medium"):
        __import__("engine." + name)
        mark("module_%s_on_demand" % name)
    gc.collect()
    print("ram_total_engine_6p: %d" % gc.mem_alloc())
    return state, view, bots


main()

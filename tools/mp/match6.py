"""A full 6-player classic match, one bot level in every seat (MicroPython heap-cap probe).

    micropython -X heapsize=64k tools/mp/match6.py [SEED [LEVEL [PRESET [PLAYERS]]]]   (cwd: a folder holding engine/)

LEVEL defaults to the strongest level. PRESET cinquillo or bastard plays a 4-player match of
that game instead (their most players; the expert's Cinquillo search loads engine/inference.py).
PLAYERS sets another number of players (classic 2, 3 or 4: the experts load their learned value,
engine/value.py).

Prints 'match6: OK level=L rounds=N moves=M' and the heap figures; a MemoryError ends it non-zero.
"""

import gc
import sys

if "" not in sys.path:
    sys.path.insert(0, "")

# Boot as the firmware does: import every module the match needs, collecting
# garbage after each, so the import-time buffers do not fragment the heap.
for _name in (
    "compat",
    "cards",
    "rng",
    "rules",
    "scoring",
    "turn",
    "deal",
    "state",
    "view",
    "bots",
):
    __import__("engine." + _name)
    gc.collect()
from engine.bots import STRONGEST, make_bot  # noqa: E402

LEVEL = sys.argv[2] if len(sys.argv) > 2 else STRONGEST
PRESET = sys.argv[3] if len(sys.argv) > 3 else "classic"
PLAYERS = int(sys.argv[4]) if len(sys.argv) > 4 else 6 if PRESET == "classic" else 4
_NEEDS = {
    "medium": ("knowledge", "bot_medium"),
    "expert": ("knowledge", "playout", "sampler", "bot_medium", "bot_expert"),
}
for _name in _NEEDS.get(LEVEL, ()):
    __import__("engine." + _name)
    gc.collect()

from engine.compat import unload  # noqa: E402
from engine.state import State  # noqa: E402
from engine.view import SeatView  # noqa: E402


def setup_rules():
    from engine.rules import make_rules

    return make_rules(PRESET, players=PLAYERS)


def main(seed):
    rules = setup_rules()
    unload("rules")  # setup-only: the option tables and validation go back to the heap
    gc.collect()
    s = State(rules, seed=seed)
    bots = [make_bot(LEVEL, rules, p, seed) for p in range(PLAYERS)]
    view = SeatView(rules, 0)  # one view, re-pointed at the seat on turn
    moves = 0
    low = gc.mem_free()
    while not s.is_match_over():
        if s.is_round_over():
            s.next_round()
            gc.collect()
            continue
        s.view_into(view, s.turn)
        s.apply(bots[s.turn].choose(view))
        moves += 1
        if moves & 63 == 0:
            free = gc.mem_free()
            if free < low:
                low = free
    gc.collect()
    print("match6: OK level=%s rounds=%d moves=%d winners=%d" % (LEVEL, s.round_no, moves, s.match_winners))
    print("heap_free_min: %d" % low)
    print("heap_used_after_gc: %d" % gc.mem_alloc())


main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)

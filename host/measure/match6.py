"""A full 6-player classic match, one bot level in every seat (MicroPython heap-cap probe).

    micropython -X heapsize=64k -m match6 [SEED [LEVEL [PRESET [PLAYERS]]]]   (cwd: a folder holding engine/)

It runs compiled, as match6.mpy beside engine/ (host/emulate/upy.py compile_probe), so that its own
names and the checkout's path are not interned on the heap it measures: a source script
interns every identifier it has, and the unix port its folder's path (longer in a deeper
checkout). Run as a source file it works the same, with those few hundred bytes counted in.

LEVEL defaults to the strongest level. PRESET cinquillo or bastard plays a 4-player match of
that game instead (their most players; the expert's Cinquillo search loads engine/inference.py).
PLAYERS sets another number of players (classic 2, 3 or 4: the experts load their learned value,
engine/value.py).

Prints 'match6: OK level=L rounds=N moves=M' and the heap figures; a MemoryError ends it non-zero.
"""

import gc
import sys


def boot(names):
    # Boot as the firmware does: import every module the match needs, collecting garbage
    # after each, so the import-time buffers do not fragment the heap.
    for n in names:
        __import__("engine." + n)
        gc.collect()


def main():
    a = sys.argv
    if "" not in sys.path:
        sys.path.insert(0, "")
    boot(("cards", "rng", "rules", "scoring", "turn", "deal", "state", "view", "bots"))
    from engine.bots import STRONGEST, make_bot

    seed = int(a[1]) if len(a) > 1 else 1
    level = a[2] if len(a) > 2 else STRONGEST
    preset = a[3] if len(a) > 3 else "classic"
    players = int(a[4]) if len(a) > 4 else 6 if preset == "classic" else 4
    if level == "medium":
        boot(("knowledge", "bot_medium"))
    elif level == "expert":
        boot(("knowledge", "playout", "sampler", "bot_medium", "bot_expert"))
    from engine import unload
    from engine.rules import make_rules
    from engine.state import State
    from engine.view import SeatView

    rules = make_rules(preset, players=players)
    make_rules = None
    unload("rules")  # setup-only: the option tables and validation go back to the heap
    gc.collect()
    s = State(rules, seed=seed)
    view = SeatView(rules, 0)  # one view, re-pointed at the seat on turn (firmware/match.py's order)
    bots = [make_bot(level, rules, p, seed) for p in range(players)]
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
    print("match6: OK level=%s rounds=%d moves=%d winners=%d" % (level, s.round_no, moves, s.match_winners))
    print("heap_free_min: %d" % low)
    print("heap_used_after_gc: %d" % gc.mem_alloc())


main()

"""The firmware's logic under MicroPython with stand-in display modules (memory probe).

    micropython -X heapsize=N tools/mp/fw_mem.py [LEVEL [ROUNDS [LENGTH]]]
    (cwd: a folder holding engine/, firmware/, boards/, the stubs and adafruit_display_text)

Boots the app on a board of stand-ins (160x128), starts a 4-player classic
match from the menus with LEVEL bots (default medium) and plays ROUNDS rounds
(default 1) with scripted buttons, through the round-end and score pages;
LENGTH picks the set-up's match length (an index into firmware/screens.py
LENGTHS, default 0: to 500), so a short match reaches the match over page.
Saves go to the stand-in microcontroller.nvm (a file, as flash is not heap on a
board): the app saves every turn as on a device. Prints 'fw_mem: OK ...' and
heap figures; a MemoryError ends it non-zero.
"""

import gc
import sys

if "" not in sys.path:
    sys.path.insert(0, "")

import displayio  # noqa: E402  (the stand-in)

from boards.base import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B, Board  # noqa: E402
from boards.gfx_displayio import GFX  # noqa: E402

KEYMAP = (LEFT, RIGHT, UP, DOWN, A, B, START, SELECT)
LEVEL = sys.argv[1] if len(sys.argv) > 1 else "medium"
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 1


class StubBoard(Board):
    name = "stub"
    keymap = KEYMAP
    gfx = GFX

    def __init__(self):
        Board.__init__(self)
        self.display = displayio.Display(160, 128)
        self.script = []

    def read_key(self):
        return self.script.pop(0) if self.script else -1

    def overflowed(self):
        return False


board = StubBoard()
gc.collect()
free0 = gc.mem_free()
from firmware.app import App  # noqa: E402

app = App(board)
gc.collect()
boot_used = free0 - gc.mem_free()
now = [0]


def step(dt=20):
    now[0] += dt
    app.step(now[0])


def press(bit):
    k = KEYMAP.index(bit)
    board.script.append(k * 2 + 1)
    board.script.append(k * 2)
    step()


press(DOWN)
press(A)  # New match
app.setup["length"] = int(sys.argv[3]) if len(sys.argv) > 3 else 0
for p in range(1, 4):
    app.setup["levels"][p] = LEVEL
scr = app.screen
while scr.items[scr.pos][1] != "start":
    press(DOWN)
press(A)
m = app.match
gc.collect()
match_used = free0 - gc.mem_free()
moves = 0
for _ in range(ROUNDS):
    while m.state.phase == 0:
        if m.my_turn():
            if any(c < 250 for c in m.moves[: m.nmoves]):
                press(DOWN)
                press(A)
            else:
                press(B)
        else:
            step(1000)
        moves += 1
    press(A)  # round end page
    press(A)  # scores
    press(A)  # next round, or the match-over page
    if m.state.is_match_over():
        break
gc.collect()
print("fw_mem: OK level=%s rounds=%d steps=%d saves=%d" % (LEVEL, m.state.round_no, moves, app.store.writes))
print("fw_boot_bytes: %d" % boot_used)
print("fw_match_bytes: %d" % match_used)

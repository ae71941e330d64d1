"""The firmware's logic under MicroPython with stand-in hardware (memory probe).

    micropython -X heapsize=N host/measure/fw_mem.py [LEVEL [ROUNDS [LENGTH [BOARD [PRELOAD [qstrs]]]]]]
    node host/emulate/mpvm/run.mjs --heap N --tree DIR --loop "tick()" host/measure/fw_mem.py [...]
    (a folder holding engine/, firmware/, boards/, the stubs and adafruit_ticks:
    host/measure/fw_mem_host.py builds it and runs both)

Boots the app on BOARD (default pybadge), starts a 4-player classic match from
the menus with LEVEL bots (default medium) and plays ROUNDS rounds (default 1)
with scripted buttons, through the round-end and score pages; LENGTH picks the
set-up's match length (an index into firmware/screens.py LENGTHS, default 0: to
500), so a short match reaches the match over page.

BOARD is a CircuitPython scheme from boards/schemes.py (posed with the displayio
stand-ins: its size, keys, long presses and labels) or a MicroPython profile
module boards/BOARD.py whose make() builds it on the machine stand-ins; either
way the buttons come from the script, pressed as the board's keys are (a long
press where the board has one key for several buttons).

Saves go to the board's storage stand-in (a file, as flash is not heap on a
board): the app saves every turn as on a device. Prints 'fw_mem: OK ...' and
heap figures; a MemoryError ends it non-zero.

The scenario is a generator that yields after every step of the app. Under the
unix port it runs straight through. In the 32-bit WebAssembly VM, which collects
garbage only between top-level calls (its heap grows instead), each tick() is one
such call, so the VM collects between steps as a board's full heap would; the
last lines then say whether the heap had to grow (fw_heap_grew).
"""

import gc
import sys

if "" not in sys.path:
    sys.path.insert(0, "")

# KEY=VALUE arguments, anywhere: players=N (default 4), reset=K (after K steps of the first
# round the board resets: a new App on the same storage, and Continue from the title menu).
OPTS = dict(a.split("=", 1) for a in sys.argv[1:] if "=" in a)
ARGV = [a for a in sys.argv if "=" not in a]
LEVEL = ARGV[1] if len(ARGV) > 1 else "medium"
ROUNDS = int(ARGV[2]) if len(ARGV) > 2 else 1
LENGTH = int(ARGV[3]) if len(ARGV) > 3 else 0
BOARD = ARGV[4] if len(ARGV) > 4 else "pybadge"
# Modules to import one per step before the boot ("?": list the boot's modules instead).
PRELOAD = ARGV[5] if len(ARGV) > 5 else ""
# "qstrs": end with micropython.qstr_info(1), every interned string (fw_mem_host.live_run_vm).
QSTRS = len(ARGV) > 6 and ARGV[6] == "qstrs"
PLAYERS = int(OPTS.get("players", 4))
# people=K: seats P2..PK are people (pass-and-play: their turns come after a hand-over page).
PEOPLE = int(OPTS.get("people", 1))
RESET = int(OPTS.get("reset", 0))
# profile=BYTES (the VM only): a line for every step that allocates at least BYTES (fw_step:
# live heap before it, in use at its end, both less the harness's, and what it allocated).
PROFILE = int(OPTS.get("profile", 0))
# pad=BYTES: this script holds that much more before the firmware loads, so the firmware's objects
# land elsewhere (fw_mem_host.live_run_vm: the median of three layouts).
PAD = bytearray(int(OPTS.get("pad", 0)))
LONG_MS = 700  # firmware/buttons.py: a long press from 600 ms, a very long one from 1600 ms
LONGER_MS = 1700
VM = sys.platform == "webassembly"
SPLIT = 128 * 1024 * 1024  # the VM's gc.mem_free() counts the 128 MiB it may still add


def heap_total():
    return gc.mem_free() + gc.mem_alloc() - (SPLIT if VM else 0)


# The stand-ins of what a board has built in (CircuitPython's displayio, microcontroller and
# supervisor; MicroPython's machine), imported before anything of ours so that their code and
# state are counted out of the firmware's figures (fw_stand_in_bytes on the unix port; in the VM
# fw_harness_bytes also counts this script out: the heap at the first step, less the heap before
# the script ran, which host/emulate/mpvm/run.mjs leaves in __heap0).
CP = BOARD in ("pybadge", "pygamer", "clue", "feather_tft", "feather_reverse_tft")  # boards/schemes.py
gc.collect()
_before = gc.mem_alloc()
if CP:
    import displayio  # noqa: F401
    import microcontroller  # noqa: F401
    import supervisor  # noqa: F401
else:
    import os

    # every run starts with no saves, as the nvm stand-in's does (boards/base.py storage)
    for _p in ("elfer-saves/0", "elfer-saves/1", "elfer-saves/2", "elfer-saves/3", "elfer-saves", "elfer-saves.bin"):
        try:
            (os.rmdir if _p == "elfer-saves" else os.remove)(_p)
        except OSError:
            pass
    import machine  # the stand-in (host/emulate/stubs): the panel decodes the bus, keeps no pixels

    machine.use_board(BOARD, keep=False)  # a board has machine built in, and glass: not the firmware's
gc.collect()
STAND_IN = gc.mem_alloc() - _before
HARNESS_MODULES = set(sys.modules)  # the stand-ins and the runtime's: what a reset keeps
HEAP0 = globals().get("__heap0", -1)


def make_board(name):
    from boards import schemes
    from boards.base import Board

    for scheme in schemes.SCHEMES:
        if scheme.name == name:
            import displayio  # the stand-in

            from boards.gfx_displayio import GFX

            class Posed(scheme, Board):
                gfx = GFX

                def __init__(self):
                    Board.__init__(self)
                    self.display = displayio.Display(self.width, self.height)
                    if name in ("pybadge", "pygamer", "clue"):  # their speaker's code, held as theirs
                        from boards.speaker import Speaker

                        self.speaker = Speaker(None, None, name != "clue")  # (no pwmio, audioio: silent)

            board = Posed()
            del sys.modules["boards.schemes"]  # a board imports its own profile, not every board's
            return board
    return __import__("boards." + name, None, None, ("make",)).make()


def key_table(board):
    """{logical button: (key number, ms to hold)} for the buttons the board can press."""
    out = {}
    holdmap = board.holdmap or (None,) * len(board.keymap)
    for k, hold in enumerate(holdmap):
        if hold is None:
            out.setdefault(board.keymap[k], (k, 0))
            continue
        out.setdefault(hold[0], (k, 0))
        out.setdefault(hold[1], (k, LONG_MS))
        out.setdefault(hold[2], (k, LONGER_MS))
    return out


def record_imports():
    """Note the modules the boot imports, each when its import has finished (so in an
    order that imports one module at a time); the list starts with the real __import__."""
    import builtins

    real = builtins.__import__
    order = [real]

    def hook(name, globals=None, locals=None, fromlist=(), level=0):
        parts = name.split(".")
        names = [".".join(parts[: i + 1]) for i in range(len(parts))]
        if isinstance(fromlist, (tuple, list)):
            names += [name + "." + f for f in fromlist]
        missing = [n for n in names if n not in sys.modules]
        module = real(name, globals, locals, fromlist, level)
        for n in missing:
            if n in sys.modules and n not in order:
                order.append(n)
        return module

    builtins.__import__ = hook
    return order


class Script:
    """The board's read_key and overflowed: key codes queued by the scenario."""

    def __init__(self, board):
        self.codes = []
        self.board = board
        board.read_key = self.read_key
        board.overflowed = self.overflowed

    def read_key(self):
        return self.codes.pop(0) if self.codes else -1

    def overflowed(self):
        return False


def preload():
    """Import the boot's modules one a step (PRELOAD): in the VM, each one's loading garbage is
    collected before the next, as a board's full heap would collect it."""
    if PRELOAD and PRELOAD != "?":
        for name in PRELOAD.split(","):
            __import__(name)
            yield


def forget_ours():
    """A reset: every module of ours goes, as a board's VM starts again empty. (The names they
    interned stay in this VM's pools: an over-count.)"""
    for name in list(sys.modules):
        if name not in HARNESS_MODULES:
            del sys.modules[name]


def scenario(out):
    from boards.base import DOWN, A, B  # (firmware code: imported after the harness was counted)

    board = make_board(BOARD)
    keys = key_table(board)
    script = Script(board)
    gc.collect()
    yield
    used0 = gc.mem_alloc()
    if PRELOAD == "?":
        order = record_imports()
    else:
        yield from preload()
    from firmware.app import App

    yield
    app = App(board)
    gc.collect()
    yield
    if PRELOAD == "?":
        import builtins

        builtins.__import__ = order.pop(0)
        out["modules"] = ",".join(order)
    out["boot"] = gc.mem_alloc() - used0
    now = [0]

    def step(dt=20):
        # One app loop pass a tick (the VM collects between ticks, as a board collects when its
        # heap is full), and the passes a long task still has, 10 ms apart (App.later).
        now[0] += dt
        app.step(now[0])
        yield
        while app.work:
            now[0] += 10
            app.step(now[0])
            yield

    def press(button):
        k, ms = keys[button]
        script.codes.append(k * 2 + 1)
        if ms:
            yield from step()
            yield from step(ms)
        script.codes.append(k * 2)
        yield from step()

    scr = app.screen
    while scr.items[scr.pos][1] != "new":  # (Continue comes first when there is a save)
        yield from press(DOWN)
        yield
    yield from press(A)  # New match
    yield
    app.setup["length"] = LENGTH
    app.setup["players"] = PLAYERS
    for p in range(1, PLAYERS):
        app.setup["levels"][p] = "person" if p < PEOPLE else LEVEL
    scr = app.screen
    while scr.items[scr.pos][1] != "start":
        yield from press(DOWN)
        yield
    scr = None  # the set-up menu (and through its class, firmware/menus.py) is the app's to drop
    yield from press(A)
    m = app.match
    gc.collect()
    yield
    out["match"] = gc.mem_alloc() - used0
    moves = 0
    has_b = B in keys
    resets = 0
    for _ in range(ROUNDS):
        while m.state.phase == 0:
            if RESET and moves == RESET and not resets:
                # The board resets: everything of ours goes, the board too, but the storage; a
                # new boot as the first, then Continue from the title menu.
                resets = 1
                m = app = App = board = None
                script.board = None
                forget_ours()
                gc.collect()
                yield
                board = make_board(BOARD)
                keys = key_table(board)
                script = Script(board)
                yield
                yield from preload()
                from firmware.app import App

                app = App(board)
                yield
                while app.screen.items[app.screen.pos][1] != "continue":
                    yield from press(DOWN)
                    yield
                yield from press(A)
                m = app.match
                yield
                if m is None:
                    raise RuntimeError("Continue after the reset brought no match back")
            if type(app.screen).__name__ == "HandOver":
                yield from press(A)  # the next person holds the device
            elif m.my_turn():
                # Without a B button the draw/end/pass box is chosen like a card.
                # (250: engine/cards.py's DRAW, spelled out: the probe imports nothing of ours first)
                if not has_b or any(c < 250 for c in m.moves[: m.nmoves]):
                    yield from press(DOWN)
                    yield
                    yield from press(A)
                else:
                    yield from press(B)
            else:
                yield from step(1000)
            moves += 1
            yield
        yield from press(A)  # round end page
        yield
        yield from press(A)  # scores
        yield
        yield from press(A)  # next round, or the match-over page
        yield
        if m.state.is_match_over():
            out["over"] = m.state.round_no
            m = None  # the app's to drop
            yield from press(A)  # the match over page: on to the title menu
            yield
            break
    out["line"] = "fw_mem: OK level=%s rounds=%d steps=%d saves=%d board=%s players=%d resets=%d over=%d" % (
        LEVEL,
        m.state.round_no if m is not None else out["over"],
        moves,
        app.store.writes if app.store is not None else 0,
        BOARD,
        PLAYERS,
        resets,
        "over" in out,
    )


def report(out, total0, grew_at, live_peak):
    print(out["line"])
    if "modules" in out:
        print("fw_boot_modules: %s" % out["modules"])
    print("fw_boot_bytes: %d" % out["boot"])
    print("fw_match_bytes: %d" % out["match"])
    total = heap_total()
    print("fw_heap_start: %d" % total0)
    print("fw_heap_end: %d" % total)
    # Grown at any tick: the VM frees an added area again once a collection empties it, so the
    # heap's size at the end alone can miss a growth (a whole run then looks as if it fitted).
    print("fw_heap_grew: %d" % (total > total0 or grew_at > 0))
    print("fw_heap_grew_at_tick: %d" % grew_at)
    if VM:
        print("fw_live_peak: %d" % live_peak)
        print("fw_live_peak_tick: %d" % TICKS[4])
    print("fw_stand_in_bytes: %d" % STAND_IN)
    if VM and HEAP0 >= 0:
        print("fw_heap0_bytes: %d" % HEAP0)
        print("fw_harness_bytes: %d" % (TICKS[3] - HEAP0))
    if QSTRS:
        import micropython

        micropython.qstr_info(1)


gc.collect()
TOTAL0 = heap_total()
OUT = {}
RUN = scenario(OUT)
# Ticks so far, the first after which the heap had grown (0: none), the live peak, the heap in
# use at the first tick (this script and the stand-ins, before the firmware's first import).
TICKS = [0, 0, 0, 0, 0]


def tick():
    """One step of the scenario; False once it is over (then the report is printed)."""
    TICKS[0] += 1
    live = 0
    if VM:  # the collection asked for at the end of the last call has run: all that is left is live
        live = gc.mem_alloc()
        if live > TICKS[2]:
            TICKS[2] = live
            TICKS[4] = TICKS[0]
        if TICKS[0] == 1:
            TICKS[3] = live
    try:
        next(RUN)
    except StopIteration:
        report(OUT, TOTAL0, TICKS[1], TICKS[2])
        return False
    if not TICKS[1] and heap_total() > TOTAL0:
        TICKS[1] = TICKS[0]
    if PROFILE and VM:  # nothing is freed within a call: in use now = live before + the step's allocations
        used = gc.mem_alloc()
        if used - live >= PROFILE:
            print(
                "fw_step: tick=%d live=%d used=%d made=%d" % (TICKS[0], live - TICKS[3], used - TICKS[3], used - live)
            )
    if VM:
        gc.collect()  # in the VM: a collection when this call returns
    return True


if not VM:
    while tick():
        pass

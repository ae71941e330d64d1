"""The firmware's heap at a linked table (issue 47): fw_mem.py's probe, with the board's radio
bridged to real UDP sockets and the other end of the table outside the VM.

    node host/emulate/mpvm/run.mjs --udp PORT --heap N --tree DIR --loop "tick()" \\
        host/measure/fw_link_mem.py ROLE BOARD [players=N] [remote=K] [modules=A,B] [pad=BYTES] [profile=BYTES]
    (host/measure/fw_link_host.py builds DIR, starts the other end and runs this)

ROLE join: the firmware on BOARD goes title -> Join a table -> the first table heard -> types
the code 4711 with the board's keys -> waits in the host's lobby -> plays its seat (by the
same rule as fw_mem.py: the card the cursor goes to, else draw/end/pass) through the round,
its pages and the match over page (a 1-round match: the host outside, a CPython
host/emulate/linkhostrun.py) back to the title menu.
ROLE host: title -> Host a table (players=N, the seats from P2 on remote=K, the rest easy bots)
-> the lobby until every remote seat is taken (linkseat.py processes outside) -> Start -> plays
seat 0 through round 1, its pages, to round 2's table.

The radio: the module `udpbridge` of run.mjs --udp (node's dgram socket; the datagrams wait in
JS, outside the VM's heap, as a radio's buffers are outside the Python heap). Its Python side,
BridgeRadio, is the harness's code (counted out with the stand-ins), but each radio it opens
holds what boards/radio_udp.py's UdpRadio holds per datagram and at rest: a receive buffer of
MTU + 1 bytes and a small address map, and recv() makes a new bytes and a (host, port) tuple
per datagram as recvfrom does (so those are counted). UdpRadio's own module code (about 2 KiB
as .mpy: fw_link_host.py measures it) is not: the CLUE would carry a BLE radio instead, not
written yet. Time is real (time.ticks_ms): the other end runs on the wall clock, so the
firmware's link timers must too; a press is held for real time (700 ms a long press).

Prints fw_mem.py's report keys (fw_live_peak, fw_harness_bytes, fw_heap_grew, ...), plus
'fw_link: OK role=... screens=...' at the end and 'fw_link_step: ...' lines with profile=.
"""

import gc
import sys

if "" not in sys.path:
    sys.path.insert(0, "")

OPTS = dict(a.split("=", 1) for a in sys.argv[1:] if "=" in a)
ARGV = [a for a in sys.argv if "=" not in a]
ROLE = ARGV[1] if len(ARGV) > 1 else "join"
BOARD = ARGV[2] if len(ARGV) > 2 else "clue"
# The boot's modules, imported one a tick before the boot as fw_mem.py's PRELOAD (in the VM each
# one's loading garbage is collected before the next, as a board's full heap would collect it).
PRELOAD = OPTS.get("modules", "")
PLAYERS = int(OPTS.get("players", 4))
REMOTE = int(OPTS.get("remote", PLAYERS - 1))
PROFILE = int(OPTS.get("profile", 0))
PAD = bytearray(int(OPTS.get("pad", 0)))
CODE = "4711"  # host/emulate/linkhostrun.py's default; as host the harness's bytes make it
LIMIT_MS = int(OPTS.get("limit", 600)) * 1000
LONG_MS = 700
LONGER_MS = 1700
VM = sys.platform == "webassembly"
SPLIT = 128 * 1024 * 1024

CP = BOARD in ("pybadge", "pygamer", "clue", "feather_tft", "feather_reverse_tft")
gc.collect()
_before = gc.mem_alloc()
import time  # noqa: E402

import udpbridge  # noqa: E402  (run.mjs --udp)

if CP:
    import displayio  # noqa: F401
    import microcontroller  # noqa: F401
    import supervisor  # noqa: F401
else:
    import os

    for _p in ("elfer-saves/0", "elfer-saves/1", "elfer-saves/2", "elfer-saves/3", "elfer-saves", "elfer-saves.bin"):
        try:
            (os.rmdir if _p == "elfer-saves" else os.remove)(_p)
        except OSError:
            pass
    import machine

    machine.use_board(BOARD, keep=False)
import random  # noqa: E402  (the harness's random bytes: the VM has no os.urandom)

gc.collect()
STAND_IN = gc.mem_alloc() - _before
T0 = time.ticks_ms()


def heap_total():
    return gc.mem_free() + gc.mem_alloc() - (SPLIT if VM else 0)


def ms():
    return time.ticks_diff(time.ticks_ms(), T0) + 1000


class BridgeRadio:
    """A board's radio over run.mjs's udpbridge (see the docstring: what it counts in)."""

    mtu = 250

    def __init__(self):
        self.buf = bytearray(251)  # UdpRadio's receive buffer (MTU + 1)
        self.native = {}  # UdpRadio's address map (one entry a peer)

    def send(self, addr, data):
        if addr not in self.native and len(self.native) < 8:
            self.native[addr] = addr
        return udpbridge.send(addr[0], addr[1], data.hex())  # hex: bytes would stay held (run.mjs)

    def broadcast(self, data):
        return udpbridge.broadcast(data.hex())

    def recv(self):
        d = udpbridge.recv()
        if d is None:
            return None
        return (udpbridge.host(), udpbridge.port()), bytes(d)

    def close(self):
        pass


def open_radio():
    return BridgeRadio()


class Bytes:
    """app.randbytes: the first two bytes make the table's code 4711 (firmware/hosting.py draws
    it from two bytes), the rest random, as os.urandom's on a board."""

    def __init__(self):
        self.first = b"\x12\x67"

    def __call__(self, k):
        if self.first is not None and k == 2:
            out, self.first = self.first, None
            return out
        return bytes(random.getrandbits(8) for _ in range(k))


def make_board(name):
    from boards import schemes
    from boards.base import Board

    for scheme in schemes.SCHEMES:
        if scheme.name == name:
            import displayio

            from boards.gfx_displayio import GFX

            class Posed(scheme, Board):
                gfx = GFX

                def __init__(self):
                    Board.__init__(self)
                    self.display = displayio.Display(self.width, self.height)

            board = Posed()
            del sys.modules["boards.schemes"]
            return board
    return __import__("boards." + name, None, None, ("make",)).make()


def key_table(board):
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


class Script:
    def __init__(self, board):
        self.codes = []
        board.read_key = self.read_key
        board.overflowed = self.overflowed

    def read_key(self):
        return self.codes.pop(0) if self.codes else -1

    def overflowed(self):
        return False


HEAP0 = globals().get("__heap0", -1)
SCREENS = []


def scenario(out):
    from boards.base import DOWN, RIGHT, UP, A, B

    board = make_board(BOARD)
    board.radio = open_radio
    # firmware/lobby.py device_id: a CLUE's microcontroller.cpu.uid (16 bytes) as 32 hex digits;
    # the stand-in has no cpu, and its fallback would import the machine stand-in into the count
    board.ident = "%032x" % 0x1234
    keys = key_table(board)
    script = Script(board)
    gc.collect()
    yield
    for name in PRELOAD.split(",") if PRELOAD else ():
        __import__(name)
        yield
    from firmware.app import App

    yield
    app = App(board)
    app.randbytes = Bytes()
    gc.collect()
    yield

    def step():
        app.step(ms())
        name = type(app.screen).__name__
        if not SCREENS or SCREENS[-1] != name:
            SCREENS.append(name)
        if ms() > LIMIT_MS:
            raise RuntimeError("no end within %d s; screens %s" % (LIMIT_MS // 1000, ",".join(SCREENS)))
        yield
        while app.work:
            app.step(ms())
            yield

    def wait(dt):
        end = ms() + dt
        yield from step()
        while ms() < end:
            yield from step()

    def press(button):
        k, hold = keys[button]
        script.codes.append(k * 2 + 1)
        if hold:
            yield from step()
            yield from wait(hold)
        script.codes.append(k * 2)
        yield from wait(20)

    def menu_to(key):
        while app.screen.items[app.screen.pos][1] != key:
            yield from press(DOWN)

    yield from menu_to(b"m_join" if ROLE == "join" else b"m_host")
    if ROLE == "host":
        app.setup["players"] = PLAYERS
        app.setup["hlevels"] = ["remote"] * (REMOTE + 1) + ["easy"] * (5 - REMOTE)
    yield from press(A)
    if ROLE == "join":
        while not app.screen.tables:  # the TablesMenu: until the host's beacon is heard
            yield from wait(100)
        yield from press(A)  # the first table: the code entry
        for i in range(4):
            d = int(CODE[i])
            if UP in keys:
                for _ in range(d):
                    yield from press(UP)
            else:
                for _ in range((10 - d) % 10):
                    yield from press(DOWN)
            if i < 3:
                yield from press(RIGHT if RIGHT in keys else A)
        yield from press(A)  # join
        while app.match is None:  # the code entry, then the seats until the host deals
            yield from wait(100)
    else:
        yield from menu_to("start")
        yield from press(A)  # the lobby
        while not app.link.host.can_start():
            yield from wait(100)
        yield from press(A)
    while app.screen is not app.table_screen:
        yield from wait(20)
    m = app.match
    has_b = B in keys
    moves = 0
    while m.state.phase == 0:
        if type(app.screen).__name__ == "HandOver":
            yield from press(A)
        elif m.my_turn() and (ROLE == "host" or m.client.pending < 0 and m.client.status == 3):
            seen = m.state.hist_len
            if not has_b or any(c < 250 for c in m.moves[: m.nmoves]):
                yield from press(DOWN)
                yield from press(A)
            else:
                yield from press(B)
            moves += 1
            end = ms() + 3000
            while m.state.hist_len == seen and m.state.phase == 0 and ms() < end:
                yield from wait(20)
        else:
            yield from wait(50)
    m = None
    pages = 0
    # The round's pages (a joiner's: once the host's reveal is in), then the match over page to
    # the title menu (a joiner at a 1-round match), or round 2's table (the host).
    while True:
        name = type(app.screen).__name__
        if name == "TitleMenu" and app.link is None:
            break
        if ROLE == "host" and app.screen is app.table_screen and app.match.state.round_no == 2:
            if app.match.state.phase == 0:
                break
        yield from press(A)
        pages += 1
        yield from wait(300)
    yield from wait(500)
    out["line"] = "fw_link: OK role=%s board=%s players=%d remote=%d moves=%d presses=%d screens=%s" % (
        ROLE,
        BOARD,
        PLAYERS,
        REMOTE,
        moves,
        pages,
        ",".join(SCREENS),
    )


def report(out, total0, grew_at, live_peak):
    print(out["line"])
    total = heap_total()
    print("fw_heap_start: %d" % total0)
    print("fw_heap_end: %d" % total)
    print("fw_heap_grew: %d" % (total > total0 or grew_at > 0))
    print("fw_heap_grew_at_tick: %d" % grew_at)
    print("fw_live_peak: %d" % live_peak)
    print("fw_live_peak_tick: %d" % TICKS[4])
    print("fw_live_peak_screen: %s" % TICKS[5])
    print("fw_ticks: %d" % TICKS[0])
    print("fw_stand_in_bytes: %d" % STAND_IN)
    for i in range(len(SCREENS)):  # the largest live heap while each screen was up, less the harness
        print("fw_link_screen_peak_%d_%s: %d" % (i, SCREENS[i], PEAKS.get(i, TICKS[3]) - TICKS[3]))
    if HEAP0 >= 0:
        print("fw_heap0_bytes: %d" % HEAP0)
        print("fw_harness_bytes: %d" % (TICKS[3] - HEAP0))


gc.collect()
TOTAL0 = heap_total()
OUT = {}
RUN = scenario(OUT)
TICKS = [0, 0, 0, 0, 0, ""]
PEAKS = {}


def tick():
    TICKS[0] += 1
    live = gc.mem_alloc()
    if live > TICKS[2]:
        TICKS[2] = live
        TICKS[4] = TICKS[0]
        TICKS[5] = SCREENS[-1] if SCREENS else ""
    if TICKS[0] == 1:
        TICKS[3] = live
    if SCREENS and live > PEAKS.get(len(SCREENS) - 1, 0):
        PEAKS[len(SCREENS) - 1] = live
    try:
        next(RUN)
    except StopIteration:
        report(OUT, TOTAL0, TICKS[1], TICKS[2])
        return False
    if not TICKS[1] and heap_total() > TOTAL0:
        TICKS[1] = TICKS[0]
    if PROFILE:
        used = gc.mem_alloc()
        if used - live >= PROFILE:
            print(
                "fw_link_step: tick=%d screen=%s live=%d used=%d made=%d"
                % (TICKS[0], SCREENS[-1] if SCREENS else "", live - TICKS[3], used - TICKS[3], used - live)
            )
    gc.collect()
    return True

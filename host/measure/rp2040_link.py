"""Link play on a real firmware image: the emulated Pico (host/emulate/pico.py) joins a CPython
host's table over its console and plays a round there, then hosts CPython seats; key: value lines.

    python -m host.measure.rp2040_link [PROFILE ...]

The probe (host/emulate/pico/probe.py, ELFER_PROBE_LINK) gives the board a radio on its console;
here a firmware/linkhost.py LinkHost holds the table (the host's person and two seats played by
bots, the board's seat remote, code 0000) with a radio on the other end: each pass of simulated
time (20 ms) the board's frames are read from its console and the host's written to it. The board
is driven as a person would (Join a table, the table heard, the code, DOWN and A each turn). Then
the board hosts: a table of CPython seats (firmware/linkclient.py LinkClients played by easy bots,
on the console's other end; 5 on MicroPython's 240 KiB, 3 on CircuitPython's as a CLUE's goal), the
set-up given by the probe as the model's harness gives it, the lobby until all are seated, Start,
its own seat through round 1 and the pages: rp2040_link_host<N>_heap_* the same way, and the
round's loop passes over 40 ms (rp2040_link_host<N>_table_step_ms_*: median, max) with their share
of the round's time (rp2040_link_host<N>_table_busy_*: 1.00 would leave no pass short). On it
the heap after a collect, at each step: rp2040_link_heap_max_<profile> (the largest, bytes, the
probe's own small part included), rp2040_link_heap_<screen>_<profile> at the title, the tables heard,
the code entry, the table (the largest over the round), the round's end and its pages; beside them the
local game's figure on the same firmware (rp2040_bench: rp2040_heap_max_*). Simulated time: the
same figures on any machine. What the radio costs is not in it (a console radio holds nothing):
add the board's radio module from docs/link.md. docs/memory.md ("Measured on the firmware") has
the figures beside the model's.
"""

import binascii
import statistics
import sys

from engine.bots import make_bot
from engine.rules import make_rules
from firmware.linkclient import LinkClient
from firmware.linkhost import LinkHost
from host.drive.picodrive import PicoPilot
from host.emulate.linktable import seeded_bytes

PROFILES = ("pico_st7735r", "pico_lcd_114_cp", "pico_lcd_114")
PASS_MS = 20


class _Console:
    """The console's other end: the board's new "@R <address or *> <hex>" lines read, and frames
    for it (address, data) written as "~<address> <hex>" lines."""

    def __init__(self, pico):
        self.pico = pico
        self.seen = 0
        self.out = []
        self.frames_in = self.frames_out = 0

    def frames(self):
        """[(address, frame)] the board printed since the last call."""
        text = self.pico.console
        got = []
        i = self.seen
        while True:
            j = text.find("@R ", i)
            e = text.find("\n", j) if j >= 0 else -1
            if e < 0:
                break
            addr, data = text[j + 3 : e].strip().split(" ", 1)
            got.append((addr, binascii.unhexlify(data)))
            i = e + 1
        self.seen = i
        self.frames_in += len(got)
        return got

    def flush(self, send):
        if self.out:
            self.frames_out += len(self.out)
            send("".join("~%s %s\n" % (name, d.hex()) for name, d in self.out))
            self.out = []


class HostRadio(_Console):
    """The host's end of the board's console radio (the board's address for it: H)."""

    def __init__(self, pico):
        _Console.__init__(self, pico)
        self.inbox = []

    def send(self, addr, data):
        self.out.append(("H", bytes(data)))
        return True

    def broadcast(self, data):
        return self.send(None, data)

    def recv(self):
        if not self.inbox:
            self.read()
        return self.inbox.pop(0) if self.inbox else None

    def read(self):
        self.inbox += [("board", f) for _, f in self.frames()]

    def close(self):
        pass


class _Linked:
    """A PicoPilot with a console radio whose simulated time moves in passes of PASS_MS, each
    one the other end's too (tick)."""

    def __init__(self, profile):
        self.p = PicoPilot(profile, settings={"ELFER_PROBE_LINK": "1"})
        pico = self.p.pico
        self.plain_run = pico.run
        self.plain_send = pico.send
        pico.run = self.run

    def run(self, ms):
        pico = self.p.pico
        end = pico.t + ms
        ans = None
        while pico.t < end - 0.5:
            ans = self.plain_run(min(PASS_MS, end - pico.t))
            self.tick()
        return ans

    def close(self):
        self.p.close()


class LinkedPico(_Linked):
    """The board at a LinkHost's table."""

    def __init__(self, profile, seed=5):
        _Linked.__init__(self, profile)
        pico = self.p.pico
        self.radio = HostRadio(pico)
        rules = make_rules("classic", players=4, rounds=1)
        self.host = LinkHost(
            self.radio,
            rules,
            ["you", "remote", "easy", "easy"],
            "0000",
            int(pico.t),
            randbytes=seeded_bytes(seed),
            seed=seed,
            nonces=seeded_bytes(seed + 7919),
        )
        self.bot = make_bot("easy", rules, 0, seed)

    def tick(self):
        h = self.host
        now = int(self.p.pico.t)
        h.step(now)
        if h.match is not None and not h.match.state.is_round_over() and h.match.state.turn == 0:
            h.play(self.bot.choose(h.match.view), now)
        self.radio.flush(self.plain_send)


def measure(profile, out=print):
    lp = LinkedPico(profile)
    p, h = lp.p, lp.host
    try:
        heaps = {"title": p.heap()[0]}
        p.menu_to("Join a table")
        p.press("A")
        p.wait_for(lambda: any("host" in t for t in p.screen_texts()), 20000)
        heaps["tables"] = p.heap()[0]
        p.press("A")
        p.step(500)
        heaps["code"] = p.heap()[0]
        p.press("A")  # 0000
        p.wait_for(h.can_start, 20000)
        h.start(int(p.pico.t))
        p.wait_for(lambda: p.screen_name() == "ClientTable", 20000)
        table = [p.heap()[0]]
        turns = 0
        while not h.match.state.is_round_over():
            if p.my_turn():
                p.play_turn()
                turns += 1
                table.append(p.heap()[0])
            else:
                p.step(200)
            if p.pico.t > 30 * 60 * 1000:
                raise RuntimeError("rp2040_link: the round did not end in 30 simulated minutes")
        heaps["table"] = max(table)
        # the reveal in and checked (the pure SHA-256 takes a while on CircuitPython 9.x)
        p.wait_for(lambda: any(t.startswith("Round over") for t in p.screen_texts()), 60000)
        p.step(500)
        heaps["round_end"] = p.heap()[0]
        p.press("A")  # the round's pages
        p.wait_for(lambda: p.screen_name() == "Pager", 60000)
        p.step(500)
        heaps["pages"] = p.heap()[0]
        screen = p.screen()
        bad = p.errors()
        if bad:
            raise RuntimeError("rp2040_link: the board reported %r" % bad[:3])
        out("rp2040_link_heap_max_%s: %d" % (profile, max(heaps.values())))
        for k in ("title", "tables", "code", "table", "round_end", "pages"):
            out("rp2040_link_heap_%s_%s: %d" % (k, profile, heaps[k]))
        out("rp2040_link_turns_%s: %d" % (profile, turns))
        out("rp2040_link_frames_%s: %d out, %d in" % (profile, lp.radio.frames_in, lp.radio.frames_out))
        return heaps, screen
    finally:
        lp.close()


class SeatRadio:
    """A CPython seat's radio, its frames over the board's console (the board hosts)."""

    def __init__(self, name, bridge):
        self.name = name
        self.bridge = bridge
        self.inbox = []

    def send(self, addr, data):
        self.bridge.out.append((self.name, bytes(data)))
        return True

    def broadcast(self, data):
        return self.send(None, data)

    def recv(self):
        if not self.inbox:
            self.bridge.read()
        return self.inbox.pop(0) if self.inbox else None

    def close(self):
        pass


class SeatsBridge(_Console):
    """The board's console to the seats: "@R <seat or *> <hex>" to them, their frames to it."""

    def __init__(self, pico):
        _Console.__init__(self, pico)
        self.radios = {}

    def radio(self, name):
        r = self.radios[name] = SeatRadio(name, self)
        return r

    def read(self):
        for addr, frame in self.frames():
            for name, r in self.radios.items():
                if addr in ("*", name):
                    r.inbox.append(("board", frame))


class HostingPico(_Linked):
    """The board hosts a table of CPython seats (LinkClients played by easy bots)."""

    def __init__(self, profile, remote, seed=5):
        _Linked.__init__(self, profile)
        pico = self.p.pico
        self.bridge = SeatsBridge(pico)
        self.seed = seed
        self.rules = make_rules("classic", players=remote + 1, rounds=1)
        self.clients = []
        for i in range(remote):
            radio = self.bridge.radio("s%d" % i)
            c = LinkClient(radio, "seat%d" % i, "P%d" % (i + 2), int(pico.t), randbytes=seeded_bytes(seed + i))
            self.clients.append(c)
        self.bots = {}
        self.code = None

    def tick(self):
        now = int(self.p.pico.t)
        for c in self.clients:
            c.step(now)
            if self.code is not None and c.status == 0 and c.tables:
                c.join(c.tables[0], self.code, now)
            v = c.view
            if v is not None and c.status == 3 and v.phase == 0 and v.my_turn() and c.pending < 0:
                b = self.bots.get(v.seat)
                if b is None:
                    b = self.bots[v.seat] = make_bot("easy", self.rules, v.seat, self.seed + v.seat)
                c.play(b.choose(v), now)
        self.bridge.flush(self.plain_send)


def measure_host(profile, remote, out=print):
    """The board hosts `remote` CPython seats: title, set-up, lobby, the table through round 1,
    its pages; the heap after a collect at each (rp2040_link_host<remote>_heap_*_<profile>)."""
    hp = HostingPico(profile, remote)
    p = hp.p
    try:
        heaps = {"title": p.heap()[0]}
        p.pico.send(str(remote + 1))  # the set-up: the seats from P2 on remote
        p.step(100)
        p.menu_to("Host a table")
        p.press("A")
        p.menu_to("Start")
        heaps["setup"] = p.heap()[0]
        p.press("A")
        p.step(500)
        hp.code = p._ask("c", "@C ")
        p.wait_for(lambda: all(c.status == 2 for c in hp.clients), 30000)  # each seated in the lobby
        p.step(1000)  # the lobby says so
        heaps["lobby"] = p.heap()[0]
        p.press("A")  # Start
        p.wait_for(lambda: p.screen_name() == "HostTable", 20000)
        table = [p.heap()[0]]
        slow0, t0 = len(p.slow_steps()), p.pico.t
        turns = 0
        first = hp.clients[0]
        while first.view is None or first.view.phase == 0:
            if p.my_turn():
                p.play_turn()
                turns += 1
                table.append(p.heap()[0])
            else:
                p.step(200)
            if p.pico.t > 30 * 60 * 1000:
                raise RuntimeError("rp2040_link: the round did not end in 30 simulated minutes")
        slow = [ms for _, ms in p.slow_steps()[slow0:]]
        span = p.pico.t - t0
        p.step(2000)
        heaps["table"] = max(table)
        heaps["round_end"] = p.heap()[0]
        p.press("A")
        p.step(1000)
        heaps["pages"] = p.heap()[0]
        screen = p.screen()
        bad = p.errors()
        if bad:
            raise RuntimeError("rp2040_link: the board reported %r" % bad[:3])
        key = "host%d" % remote
        out("rp2040_link_%s_heap_max_%s: %d" % (key, profile, max(heaps.values())))
        for k in ("title", "setup", "lobby", "table", "round_end", "pages"):
            out("rp2040_link_%s_heap_%s_%s: %d" % (key, k, profile, heaps[k]))
        out("rp2040_link_%s_turns_%s: %d" % (key, profile, turns))
        if slow:  # the round's loop passes over the probe's 40 ms, and their share of its time
            out("rp2040_link_%s_table_step_ms_%s_median: %d" % (key, profile, statistics.median(slow)))
            out("rp2040_link_%s_table_step_ms_%s_max: %d" % (key, profile, max(slow)))
            out("rp2040_link_%s_table_busy_%s: %.2f" % (key, profile, sum(slow) / span))
        out("rp2040_link_%s_frames_%s: %d out, %d in" % (key, profile, hp.bridge.frames_in, hp.bridge.frames_out))
        return heaps, screen
    finally:
        hp.close()


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    from host.emulate import pico as emu

    for profile in argv or PROFILES:
        if emu.firmware_image(emu.RUNTIME[profile]) is None:
            print("rp2040_link_%s: no firmware image" % profile)
            continue
        remote = 5 if emu.RUNTIME[profile] == "micropython" else 3
        for key, fn, args in (("join", measure, (profile,)), ("host%d" % remote, measure_host, (profile, remote))):
            try:
                fn(*args)
            except (AssertionError, RuntimeError, emu.PicoError) as e:  # a figure missing, said, not a crash
                print("rp2040_link_%s_failed_%s: %s" % (key, profile, str(e).splitlines()[0][:200]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

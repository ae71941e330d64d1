"""A headless seat at a linked table over UDP (issue 47): runs on CPython and on the MicroPython
unix port (MICROPYPATH: the repository's root).

    micropython host/emulate/linkseat.py --host 127.0.0.1:PORT --device dev1 [--code 4711]
        [--seed 7] [--level easy] [--events] [--limit 600] [--port 0]

A firmware/linkclient.py LinkClient over boards/radio_udp.py's UdpRadio. It joins the table
it hears at --host (a relay port of host/emulate/linkrelay.py, or the host itself) with the
code, and plays its seat with a seeded engine bot on its own SeatView (`--level`, seeded
seed + seat as host/emulate/linktable.py's players are): the test's player, not the device's,
which loads no bot. A move chosen for a position is kept, so the same move goes again when
the host started over before it took it.

It prints one JSON line a round's end: {"ev": "round", "seat", "round", "view" (hex of
firmware/linkview.encode of its view), "hist" (hex of its history), "unfair" (the fairness
check: [] when fair), "t"}; with --events also {"ev": "view", "r", "h", "t"} for every
move it applies (t: microseconds on the wall clock, the host runner's clock too) and
{"ev": "welcome", "seat", "t"}. It exits 0 at the match's end (after lingering to ack), 3
when --limit seconds pass first.
"""

import json
import os
import sys
import time

try:
    _ticks = time.ticks_ms

    def now_ms():
        return _ticks()

    def sleep_ms(ms):
        time.sleep_ms(ms)

except AttributeError:  # CPython

    def now_ms():
        return int(time.monotonic() * 1000)

    def sleep_ms(ms):
        time.sleep(ms / 1000)


def wall_us():
    return time.time_ns() // 1000


def parse_addr(text):
    host, _, port = text.rpartition(":")
    return (host or "127.0.0.1", int(port))


def parse_args(argv):
    opts = {
        "host": None,
        "device": "dev",
        "name": "",
        "code": "4711",
        "seed": 1,
        "level": "easy",
        "events": False,
        "limit": 600,
        "port": 0,
        "linger": 1500,
    }
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--events":
            opts["events"] = True
            i += 1
            continue
        if not a.startswith("--") or i + 1 >= len(argv) or a[2:] not in opts:
            raise SystemExit("linkseat: unknown or incomplete option %s" % a)
        k = a[2:]
        v = argv[i + 1]
        opts[k] = int(v) if k in ("seed", "limit", "port", "linger") else v
        i += 2
    if opts["host"] is None:
        raise SystemExit("linkseat: --host IP:PORT is needed")
    return opts


def emit(d):
    sys.stdout.write(json.dumps(d) + "\n")
    try:
        sys.stdout.flush()
    except AttributeError:
        pass


class Seat:
    """The loop of one seat: join, play, report; step() once a pass."""

    def __init__(self, radio, opts, now):
        from firmware.linkclient import LinkClient

        self.opts = opts
        self.radio = radio
        self.addr = parse_addr(opts["host"])
        name = opts["name"] or opts["device"]
        self.client = LinkClient(radio, opts["device"], name, now, randbytes=os.urandom)
        self.client.listeners.append(self._event)
        self.bot = None
        self.chosen = {}  # (round, history length) -> the move chosen there
        self.applied = 0
        self.reported = 0  # checks reported
        self.done_at = -1
        self.poke_at = now - 1000

    def _event(self, kind):
        from host.emulate import linknames as ln

        c = self.client
        if kind == ln.WELCOME:
            c.pending = -1  # a host started over has not our move: it is sent again (same move)
            if self.opts["events"]:
                emit({"ev": "welcome", "seat": c.seat, "t": wall_us()})
        elif kind == ln.VIEW and c.applied != self.applied:
            self.applied = c.applied
            if self.opts["events"]:
                v = c.view
                emit({"ev": "view", "r": v.round_no, "h": v.hist_len, "t": wall_us()})

    def step(self, now):
        from firmware import linkview

        c = self.client
        if c.status == 0:
            if now - self.poke_at >= 300:  # the relay learns where we are from this
                self.poke_at = now
                self.radio.send(self.addr, b"")
            for t in c.tables:
                if t.addr == self.addr or tuple(t.addr) == self.addr:
                    c.join(t, self.opts["code"], now)
                    break
        c.step(now)
        v = c.view
        while self.reported < len(c.checked):
            rnd, bad = c.checked[self.reported]
            self.reported += 1
            emit(
                {
                    "ev": "round",
                    "seat": c.seat,
                    "round": rnd,
                    "view": linkview.encode(v, c.seat, linkview.NO_ENTRY).hex(),
                    "hist": bytes(v.history[: 2 * v.hist_len]).hex(),
                    "unfair": [str(x) for x in bad],
                    "t": wall_us(),
                }
            )
        if v is None or c.status != 3:
            return True
        if v.phase == 2 and c.unfair is not None:
            if self.done_at < 0:
                self.done_at = now
            return now - self.done_at < self.opts["linger"]
        if v.phase == 0 and v.my_turn() and c.pending < 0:
            key = (v.round_no, v.hist_len)
            move = self.chosen.get(key)
            if move is None:
                if self.bot is None or self.bot.seat != v.seat:
                    from engine.bots import make_bot

                    self.bot = make_bot(self.opts["level"], v.rules, v.seat, self.opts["seed"] + v.seat)
                move = self.chosen[key] = self.bot.choose(v)
            c.play(move, now)
        return True


def main(argv):
    from boards.radio_udp import UdpRadio

    opts = parse_args(argv)
    radio = UdpRadio(port=opts["port"], host="127.0.0.1", broadcast_port=0, peers=())
    start = now_ms()
    seat = Seat(radio, opts, start)
    limit = opts["limit"] * 1000
    while True:
        now = now_ms()
        if not seat.step(now):
            radio.close()
            return 0
        if time.ticks_diff(now, start) > limit if hasattr(time, "ticks_diff") else now - start > limit:
            emit({"ev": "timeout", "t": wall_us()})
            radio.close()
            return 3
        sleep_ms(2)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

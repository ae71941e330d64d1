"""The host of a linked table over UDP, headless (issue 47): CPython.

    python -m host.emulate.linkhostrun --port 47200 --peers 47201,47202,47203 [--preset classic]
        [--option rounds=2] [--players 4] [--remote 3] [--seed 7] [--code 4711] [--level easy]
        [--save FILE] [--restore] [--events] [--limit 600]

A firmware/linkhost.py LinkHost over boards/radio_udp.py's UdpRadio on 127.0.0.1:PORT. Seat 0
(the host's person) is played by a seeded engine bot on the host's own view (`--level`, seeded
seed + 0, as host/emulate/linktable.py's), seats 1..REMOTE are for devices, the rest bots of
the level. Its beacons go to --peers (the relay's ports: each client hears the table there).
The deals come from the seeded bytes of linktable.seeded_bytes(seed) (`deal_bytes` below:
the host's 4-byte challenges come from os.urandom instead, since how many a run asks for
depends on the network), so a run deals as a run without the network does (`offline`).

A round's end waits until every device has taken all it was sent (or --settle ms), then
prints {"ev": "round", "round", "scores", "round_scores", "hist" (hex), "views" {seat: hex of
linkview.encode + history}, "t"} and deals the next round; the match's end prints
{"ev": "end", ...} and exits 0 after lingering. --events adds {"ev": "applied", "r", "h",
"p", "takeover", "t"} per move applied and {"ev": "hello", "seat", "t"} per device (re)joining.
--save FILE writes firmware/linksave.py's save (with this runner's bytes used and its bot's
generator) after every move and round start; --restore starts from it.
"""

import argparse
import json
import os
import sys
import time

from engine.bots import make_bot
from engine.rng import Rng
from engine.rules import make_rules
from engine.rules_text import option_value
from firmware import linkview
from host.emulate import linknames as ln


def wall_us():
    return time.time_ns() // 1000


def now_ms():
    return int(time.monotonic() * 1000)


class DealBytes:
    """randbytes for a LinkHost: seeded bytes (engine/rng.py, as linktable.seeded_bytes) for the
    deals and the table, os.urandom for the 4-byte challenges; `used` counts the seeded bytes
    (a restored host skips them)."""

    def __init__(self, seed, skip=0):
        self.rng = Rng(seed)
        self.used = 0
        for _ in range(skip):
            self.rng.below(256)
            self.used += 1

    def __call__(self, k):
        if k == 4:
            return os.urandom(4)
        self.used += k
        return bytes(self.rng.below(256) for _ in range(k))


def round_record(host):
    """What a round's end is compared by: the scores, the history, each seat's view."""
    s = host.match.state
    views = {}
    for p in range(s.n):
        v = host.seat_view(p)
        views[str(p)] = (linkview.encode(v, p, linkview.NO_ENTRY) + bytes(v.history[: 2 * v.hist_len])).hex()
    return {
        "ev": "round",
        "round": s.round_no,
        "scores": list(s.scores[: s.n]),
        "round_scores": list(s.round_scores[: s.n]),
        "hist": bytes(s.history[: 2 * s.hist_len]).hex(),
        "views": views,
        "over": bool(s.is_match_over()),
    }


def offline(rules, seed, remote, rounds=0, level="easy"):
    """The same table without the network (firmware/linkloop.py, no faults, the same deal bytes
    and players): the round records a run over UDP must match."""
    from host.emulate.linktable import LinkTable

    t = LinkTable(rules, remote=remote, seed=seed, bots=[level])
    t.host.randbytes = DealBytes(seed, skip=12)  # the constructor took the first 12, as ours does
    out = []

    def heard(kind, p):
        s = t.host.match.state if t.host.match is not None else None
        if kind == ln.VIEW and s is not None and s.is_round_over():
            out.append(round_record(t.host))

    t.host.listeners.append(heard)
    t.play(rounds=rounds)
    return out


class HostRun:
    def __init__(self, radio, args, now):
        from firmware.linkhost import LinkHost

        self.args = args
        self.radio = radio
        rules = make_rules(args.preset, **args.options)
        self.rules = rules
        self.ended = -1
        self.round_end_at = -1
        self.saves = 0
        if args.restore and args.save and os.path.exists(args.save):
            from firmware import linksave

            with open(args.save, "rb") as f:
                blob = f.read()
            self.bytes = DealBytes(args.seed)
            host, extra = linksave.restore(radio, blob, now, randbytes=self.bytes)
            used = int.from_bytes(extra[:4], "big")
            self.bytes.__init__(args.seed, skip=used)
            self.bot = make_bot(args.level, rules, 0, args.seed)
            self.bot.rng.set_state((extra[4] << 8 | extra[5], extra[6] << 8 | extra[7], extra[8] << 8 | extra[9]))
            self.reported = host.match.state.round_no - (0 if host.match.state.is_round_over() else 1)
            self.restored = True
        else:
            self.bytes = DealBytes(args.seed)
            n = rules.players
            seats = ["you"] + ["remote"] * args.remote + [args.level] * (n - 1 - args.remote)
            host = LinkHost(radio, rules, seats, args.code, now, randbytes=self.bytes, seed=args.seed)
            self.bot = make_bot(args.level, rules, 0, args.seed)
            self.reported = 0
            self.restored = False
        self.host = host
        host.listeners.append(self._heard)

    def _heard(self, kind, p):
        h = self.host
        if kind == ln.VIEW and self.args.events:
            s = h.match.state
            emit(
                {
                    "ev": "applied",
                    "r": s.round_no,
                    "h": s.hist_len,
                    "p": p,
                    "takeover": h.seats[p].kind == "remote" and h.away(p),
                    "t": wall_us(),
                }
            )
        elif kind == ln.HELLO and self.args.events:
            emit({"ev": "hello", "seat": p, "t": wall_us()})
        if kind in (ln.VIEW, ln.ROUND) and self.args.save:
            self.save()

    def save(self):
        from firmware import linksave

        r = self.bot.rng
        extra = self.bytes.used.to_bytes(4, "big") + bytes(
            (r.s1 >> 8, r.s1 & 255, r.s2 >> 8, r.s2 & 255, r.s3 >> 8, r.s3 & 255)
        )
        blob = linksave.save(self.host, extra)
        part = self.args.save + ".part"
        with open(part, "wb") as f:
            f.write(blob)
        os.replace(part, self.args.save)
        self.saves += 1

    def settled(self):
        for st in self.host.seats:
            if st.kind == "remote" and (st.peer is None or st.peer.out or st.resync):
                return False
        return True

    def step(self, now):
        h = self.host
        h.step(now)
        if h.match is None:
            if h.can_start():
                h.start(now)
            return True
        s = h.match.state
        if s.is_round_over():
            if self.round_end_at < 0:
                self.round_end_at = now
            if not (self.settled() or now - self.round_end_at >= self.args.settle):
                return True
            if self.reported < s.round_no:
                self.reported = s.round_no
                rec = round_record(h)
                rec["t"] = wall_us()
                rec["settled"] = self.settled()
                emit(rec)
            if s.is_match_over():
                if self.ended < 0:
                    self.ended = now
                    emit({"ev": "end", "scores": list(s.scores[: s.n]), "bytes_out": h.bytes_out, "refused": h.refused})
                return now - self.ended < self.args.linger
            self.round_end_at = -1
            h.next_round(now)
            return True
        if s.turn == 0 and self.host.seats[0].kind == "you":
            h.play(self.bot.choose(h.match.view), now)
        return True


def emit(d):
    sys.stdout.write(json.dumps(d) + "\n")
    sys.stdout.flush()


def build_parser():
    ap = argparse.ArgumentParser(prog="python -m host.emulate.linkhostrun", description=__doc__.split("\n")[0])
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--peers", default="", help="ports on 127.0.0.1 the beacons go to, comma-separated")
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--remote", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--code", default="4711")
    ap.add_argument("--level", default="easy")
    ap.add_argument("--save", default=None)
    ap.add_argument("--restore", action="store_true")
    ap.add_argument("--events", action="store_true")
    ap.add_argument("--settle", type=int, default=30000, help="ms a round's end waits for the devices at most")
    ap.add_argument("--linger", type=int, default=1500)
    ap.add_argument("--limit", type=int, default=600, help="seconds")
    return ap


def main(argv=None):
    from boards.radio_udp import UdpRadio

    args = build_parser().parse_args(argv)
    args.options = {"players": args.players}
    for item in args.option:
        k, _, v = item.partition("=")
        args.options[k.strip()] = option_value(v.strip())
    peers = tuple(("127.0.0.1", int(p)) for p in args.peers.split(",") if p.strip())
    radio = UdpRadio(port=args.port, host="127.0.0.1", broadcast_port=0, peers=peers)
    start = now_ms()
    run = HostRun(radio, args, start)
    emit({"ev": "start", "restored": run.restored, "table": run.host.table, "t": wall_us()})
    try:
        while True:
            now = now_ms()
            if not run.step(now):
                return 0
            if now - start > args.limit * 1000:
                emit({"ev": "timeout", "t": wall_us()})
                return 3
            time.sleep(0.002)
    finally:
        radio.close()


if __name__ == "__main__":
    sys.exit(main())

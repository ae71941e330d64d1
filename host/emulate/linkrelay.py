"""A seeded UDP relay on 127.0.0.1 between a linked table's host and its clients (issue 47).

    python -m host.emulate.linkrelay --host-port 47200 --clients 3 --seed 7 \
        [--loss 200 --dup 50 --reorder 100 --delay 0,200] [--ports-file F] [--log F] [--stats F]

One relay port per client. A client sends to its relay port (it hears the host's beacons from
there, so it takes that port for the host's address); the relay passes the datagram on to the
host from that same port, so the host's replies to it come back to the relay, which passes them
to the client. The relay learns a client's address from what the client sends on its port (a
client started again, with a new port, is found the same way); an empty datagram only says
where the client is and is not passed on. Datagrams from the host that come before the relay
knows the client are dropped (counted as `early`).

Every datagram each way suffers loss, duplication, reordering and delay drawn from one seeded
generator (random.Random(seed)) per relay port and direction, so the faults do not depend on
how the ports' traffic interleaves: per mille (defaults 20% loss, 5% duplication, 10%
reordering) and a delay drawn from lo..hi ms (default 0..200; a reordered datagram is held
hi - lo + 50 ms more, behind later ones, as firmware/linkloop.py does).

Counts datagrams and bytes per direction (`up`: client to host, `down`: host to client; in,
dropped, duplicated, out) and writes every datagram as a JSON line to --log when given:
{"t": ms since start, "dir": "up"|"down", "client": i, "fate": "drop"|"pass"|"dup", "hex": ...},
so a test can read every frame. The counts go to --stats (JSON) on SIGTERM / SIGINT and every
second; --ports-file gets {"relay": [port per client], "host": port} once the ports are bound.
Relay(...) runs in a thread as well (start(), stop(), stats()).
"""

import argparse
import heapq
import json
import os
import random
import select
import signal
import socket
import sys
import threading
import time

LOCAL = "127.0.0.1"


class Relay:
    def __init__(self, host_port, clients, seed=1, loss=200, dup=50, reorder=100, delay=(0, 200), log=None, ports=None):
        """host_port: the host's UDP port on 127.0.0.1; clients: how many relay ports;
        ports: fixed relay ports (a list), else free ones are bound."""
        self.host = (LOCAL, host_port)
        self.loss = loss
        self.dup = dup
        self.reorder = reorder
        self.delay = delay
        self.socks = []
        for i in range(clients):
            s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            s.bind((LOCAL, ports[i] if ports else 0))
            s.setblocking(False)
            self.socks.append(s)
        self.ports = [s.getsockname()[1] for s in self.socks]
        self.client_addr = [None] * clients
        # one generator per relay port and direction: the faults of one stream do not depend on the others
        self.rngs = [
            (random.Random(seed * 1000 + 2 * i), random.Random(seed * 1000 + 2 * i + 1)) for i in range(clients)
        ]
        self.queue = []  # (due, n, sock index, addr, data)
        self.n = 0
        self.t0 = time.monotonic()
        self.log = open(log, "a") if log else None
        self.lock = threading.Lock()
        self.counts = {}
        for d in ("up", "down"):
            for k in ("in", "in_bytes", "dropped", "duplicated", "out", "out_bytes"):
                self.counts["%s_%s" % (d, k)] = 0
        self.counts["early"] = 0
        self.counts["registered"] = 0
        self.running = False
        self.thread = None

    def ms(self):
        return (time.monotonic() - self.t0) * 1000.0

    def _chance(self, rng, per_mille):
        return per_mille > 0 and rng.randrange(1000) < per_mille

    def _carry(self, i, direction, data, dest):
        c = self.counts
        c[direction + "_in"] += 1
        c[direction + "_in_bytes"] += len(data)
        rng = self.rngs[i][0 if direction == "up" else 1]
        now = self.ms()
        if self._chance(rng, self.loss):
            c[direction + "_dropped"] += 1
            self._log(now, direction, i, "drop", data)
            return
        copies = 2 if self._chance(rng, self.dup) else 1
        if copies == 2:
            c[direction + "_duplicated"] += 1
        lo, hi = self.delay
        for _ in range(copies):
            at = now + lo + (rng.randint(0, hi - lo) if hi > lo else 0)
            if self._chance(rng, self.reorder):
                at += hi - lo + 50
            self.n += 1
            heapq.heappush(self.queue, (at, self.n, i, dest, data))
        self._log(now, direction, i, "dup" if copies == 2 else "pass", data)

    def _log(self, now, direction, i, fate, data):
        if self.log is not None:
            self.log.write(
                json.dumps({"t": round(now, 1), "dir": direction, "client": i, "fate": fate, "hex": data.hex()}) + "\n"
            )

    def _receive(self, i):
        s = self.socks[i]
        while True:
            try:
                data, addr = s.recvfrom(2048)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:  # ICMP port unreachable from a peer that went away (Linux reports it here)
                continue
            with self.lock:
                if addr == self.host:
                    if self.client_addr[i] is None:
                        self.counts["early"] += 1
                        continue
                    self._carry(i, "down", data, self.client_addr[i])
                else:
                    if self.client_addr[i] != addr:
                        self.client_addr[i] = addr
                        self.counts["registered"] += 1
                    if data:
                        self._carry(i, "up", data, self.host)

    def _deliver(self):
        now = self.ms()
        while self.queue and self.queue[0][0] <= now:
            at, _, i, dest, data = heapq.heappop(self.queue)
            direction = "up" if dest == self.host else "down"
            if direction == "down":
                dest = self.client_addr[i] or dest  # a client started again since: its new address
            try:
                self.socks[i].sendto(data, dest)
            except OSError:
                continue
            self.counts[direction + "_out"] += 1
            self.counts[direction + "_out_bytes"] += len(data)

    def step(self, timeout):
        """Wait up to timeout s for datagrams, pass on what is due."""
        if self.queue:
            timeout = max(0.0, min(timeout, (self.queue[0][0] - self.ms()) / 1000.0))
        ready, _, _ = select.select(self.socks, [], [], timeout)
        for s in ready:
            self._receive(self.socks.index(s))
        self._deliver()

    def run(self, stats=None, until=None):
        self.running = True
        last = 0.0
        while self.running and (until is None or time.monotonic() < until):
            self.step(0.05)
            if stats and time.monotonic() - last >= 1.0:
                last = time.monotonic()
                self.write_stats(stats)
        if stats:
            self.write_stats(stats)

    def start(self):
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()
        return self

    def stop(self):
        self.running = False
        if self.thread is not None:
            self.thread.join(5)
        self.close()

    def stats(self):
        with self.lock:
            out = dict(self.counts)
        out["ports"] = list(self.ports)
        return out

    def write_stats(self, path):
        part = path + ".part"
        with open(part, "w") as f:
            json.dump(self.stats(), f)
        os.replace(part, path)

    def close(self):
        for s in self.socks:
            s.close()
        if self.log is not None:
            self.log.close()
            self.log = None


def read_log(path):
    """The relay's log as a list of dicts, the frames as bytes under "data"."""
    out = []
    with open(path) as f:
        for line in f:
            if line.strip():
                d = json.loads(line)
                d["data"] = bytes.fromhex(d["hex"])
                out.append(d)
    return out


def _delay(text):
    lo, _, hi = text.partition(",")
    lo = int(lo)
    hi = int(hi or lo)
    if not 0 <= lo <= hi:
        raise argparse.ArgumentTypeError("--delay wants LO,HI ms with 0 <= LO <= HI, got %r" % text)
    return lo, hi


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m host.emulate.linkrelay", description=__doc__.split("\n")[0])
    ap.add_argument("--host-port", type=int, required=True, help="the host's UDP port on 127.0.0.1")
    ap.add_argument("--clients", type=int, default=3, help="relay ports, one per client (default 3)")
    ap.add_argument("--ports", default="", help="fixed relay ports, comma-separated (default: free ones)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--loss", type=int, default=200, help="per mille (default 200)")
    ap.add_argument("--dup", type=int, default=50, help="per mille (default 50)")
    ap.add_argument("--reorder", type=int, default=100, help="per mille (default 100)")
    ap.add_argument("--delay", type=_delay, default=(0, 200), metavar="LO,HI", help="ms (default 0,200)")
    ap.add_argument("--log", default=None, help="every datagram as a JSON line")
    ap.add_argument("--stats", default=None, help="the counts as JSON (every second and at the end)")
    ap.add_argument("--ports-file", default=None, help='{"relay": [...], "host": port} once bound')
    args = ap.parse_args(argv)
    ports = [int(p) for p in args.ports.split(",") if p.strip()] or None
    relay = Relay(
        args.host_port, args.clients, args.seed, args.loss, args.dup, args.reorder, args.delay, args.log, ports
    )

    def stop(signum, frame):
        relay.running = False

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    if args.ports_file:
        part = args.ports_file + ".part"
        with open(part, "w") as f:
            json.dump({"relay": relay.ports, "host": args.host_port}, f)
        os.replace(part, args.ports_file)
    sys.stdout.write(json.dumps({"relay": relay.ports, "host": args.host_port}) + "\n")
    sys.stdout.flush()
    relay.run(args.stats)
    relay.close()
    sys.stdout.write(json.dumps(relay.stats()) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

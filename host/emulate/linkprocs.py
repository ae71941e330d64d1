"""A linked table as separate processes on 127.0.0.1, for the tests and the bench (issue 47):
the relay (host/emulate/linkrelay.py), the host (host/emulate/linkhostrun.py, CPython) and
the seats (host/emulate/linkseat.py, on the MicroPython unix port or CPython).

    with Table(tmp, seed=7, preset="classic", options={"rounds": 1}) as t:
        t.start()              # relay, host, 3 seats
        t.wait_end(120)        # the host's "end" line
        t.host.lines, t.seats[0].lines   # the JSON lines each printed

Every process prints JSON lines; a reader thread keeps them in Proc.lines.
"""

import json
import os
import socket
import subprocess
import sys
import threading
import time

from host.emulate import upy

ROOT = upy.ROOT


def free_udp_port(addr="127.0.0.1"):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind((addr, 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Proc:
    """A process whose stdout lines (JSON where they parse) are kept as they come."""

    def __init__(self, cmd, env=None, cwd=ROOT, name=""):
        self.name = name
        self.cmd = cmd
        self.lines = []
        self.text = []
        self.p = subprocess.Popen(
            cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1
        )
        self.err = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.text.append(line)
            try:
                self.lines.append(json.loads(line))
            except ValueError:
                pass

    def _read_err(self):
        for line in self.p.stderr:
            self.err.append(line)

    def events(self, ev):
        return [d for d in list(self.lines) if isinstance(d, dict) and d.get("ev") == ev]

    def wait_for(self, pred, timeout):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            got = pred()
            if got:
                return got
            if self.p.poll() is not None:
                time.sleep(0.2)  # the last lines
                return pred()
            time.sleep(0.05)
        return pred()

    def kill(self):
        if self.p.poll() is None:
            self.p.kill()
        self.p.wait(10)

    def stop(self, sig=None):
        if self.p.poll() is None:
            self.p.terminate()
            try:
                self.p.wait(10)
            except subprocess.TimeoutExpired:
                self.p.kill()
                self.p.wait(10)

    def why(self):
        return "%s exit %s\n%s" % (self.name, self.p.poll(), "".join(self.err[-20:]))


def _paths():
    """The paths the runners import from: ELFER_LINK_PATH (a folder of stand-ins, first) and the repository."""
    extra = os.environ.get("ELFER_LINK_PATH", "")
    return [p for p in (extra, ROOT) if p]


class Table:
    def __init__(
        self,
        tmp,
        seed=1,
        preset="classic",
        options=None,
        players=4,
        remote=3,
        loss=200,
        dup=50,
        reorder=100,
        delay=(0, 200),
        micropython=True,
        events=False,
        save=False,
        log=True,
    ):
        self.tmp = str(tmp)
        self.seed = seed
        self.preset = preset
        self.options = dict(options or {})
        self.players = players
        self.remote = remote
        self.faults = (loss, dup, reorder, delay)
        self.micropython = micropython
        self.events = events
        self.save = os.path.join(self.tmp, "host.save") if save else None
        self.log = os.path.join(self.tmp, "relay.log") if log else None
        self.stats_file = os.path.join(self.tmp, "relay.json")
        self.host_port = free_udp_port()
        self.relay = None
        self.host = None
        self.seats = []
        self.ports = []
        self.cwd = ROOT if not os.environ.get("ELFER_LINK_PATH") else self.tmp

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _env(self):
        env = dict(os.environ)
        paths = _paths()
        env["PYTHONPATH"] = os.pathsep.join(paths + [env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        env["MICROPYPATH"] = os.pathsep.join(paths + [".frozen"])
        return env

    def start_relay(self):
        loss, dup, reorder, delay = self.faults
        pf = os.path.join(self.tmp, "ports.json")
        for f in (pf, self.stats_file, self.log):
            if f and os.path.exists(f):
                os.remove(f)
        cmd = [sys.executable, "-m", "host.emulate.linkrelay", "--host-port", str(self.host_port)]
        cmd += ["--clients", str(self.remote), "--seed", str(self.seed), "--loss", str(loss), "--dup", str(dup)]
        cmd += ["--reorder", str(reorder), "--delay", "%d,%d" % delay, "--ports-file", pf, "--stats", self.stats_file]
        if self.log:
            cmd += ["--log", self.log]
        self.relay = Proc(cmd, self._env(), self.cwd, "relay")
        end = time.monotonic() + 20
        while not os.path.exists(pf):
            if time.monotonic() > end or self.relay.p.poll() is not None:
                raise RuntimeError("the relay did not start: " + self.relay.why())
            time.sleep(0.02)
        with open(pf) as f:
            self.ports = json.load(f)["relay"]

    def start_host(self, restore=False):
        cmd = [sys.executable, "-m", "host.emulate.linkhostrun", "--port", str(self.host_port)]
        cmd += ["--peers", ",".join(str(p) for p in self.ports), "--preset", self.preset, "--seed", str(self.seed)]
        cmd += ["--players", str(self.players), "--remote", str(self.remote)]
        for k, v in self.options.items():
            cmd += ["--option", "%s=%s" % (k, v)]
        if self.events:
            cmd.append("--events")
        if self.save:
            cmd += ["--save", self.save]
        if restore:
            cmd.append("--restore")
        self.host = Proc(cmd, self._env(), self.cwd, "host")
        return self.host

    def start_seat(self, i):
        script = os.path.join(ROOT, "host", "emulate", "linkseat.py")
        exe = [upy.micropython()] if self.micropython else [sys.executable]
        cmd = exe + [script, "--host", "127.0.0.1:%d" % self.ports[i], "--device", "dev%d" % i]
        cmd += ["--seed", str(self.seed)]
        if self.events:
            cmd.append("--events")
        p = Proc(cmd, self._env(), self.cwd, "seat%d" % i)
        if i < len(self.seats):
            self.seats[i] = p
        else:
            self.seats.append(p)
        return p

    def start(self):
        self.start_relay()
        self.start_host()
        for i in range(self.remote):
            self.start_seat(i)

    def wait_end(self, timeout):
        end = self.host.wait_for(lambda: self.host.events("end") or self.host.events("timeout"), timeout)
        if not end or end[0]["ev"] != "end":
            raise AssertionError("no match end in %d s: %s" % (timeout, self.host.why()))
        for s in self.seats:
            try:
                s.p.wait(max(5, timeout / 4))
            except subprocess.TimeoutExpired:
                raise AssertionError("%s did not end: %s" % (s.name, s.why())) from None
        self.host.p.wait(10)
        return end[0]

    def relay_stats(self):
        """The relay's counts, after stopping it (it writes them as it ends)."""
        if self.relay is not None:
            self.relay.stop()
        with open(self.stats_file) as f:
            return json.load(f)

    def close(self):
        for p in self.seats + [self.host, self.relay]:
            if p is not None:
                p.stop()

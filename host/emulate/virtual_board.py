"""Start and stop the virtual board (host/emulate/vboard/vboard.mjs) from Python.

    with VirtualBoard(circuitpython=False) as vb:
        vb.url        # "socket://127.0.0.1:PORT" for mpremote and host/ship/flash.py

    with VirtualBoard(machine="pico_lcd_114") as vb:   # machine built in, that board's panel
        ...                                            # vb_buttons.txt, flash, the reset runs main.py
        vb.wait_main(60)                               # main.py returned (the script's Ctrl-C)

Bounded: waits at most `timeout` seconds for the board to listen, and stops it
by its PID (killed if it does not stop at once).
"""

import os
import queue
import shutil
import subprocess
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "host", "emulate", "vboard", "vboard.mjs")
VM = os.path.join(ROOT, "host", "emulate", "mpvm", "node_modules", "@micropython", "micropython-webassembly-pyscript")


def available():
    """Why the virtual board cannot run here, or '' when it can."""
    if shutil.which("node") is None:
        return "node is not installed"
    if not os.path.isdir(VM):
        return "the MicroPython VM is not installed (make mpvm)"
    return ""


class VirtualBoard:
    def __init__(self, circuitpython=False, writable=False, timeout=20, machine="", board_id=""):
        """machine: a MicroPython board profile's name (pico_lcd_114, ...): the VM has a machine
        module with that board's panel, and plays vb_buttons.txt (host/emulate/vboard/vboard.mjs)."""
        self.seen = []  # the console lines wait_main() read
        self.args = ["node", SCRIPT, "--port", "0"]
        if circuitpython:
            self.args.append("--circuitpython")
        if writable:
            self.args.append("--writable")
        if machine:
            self.args += ["--machine", machine]
        if board_id:  # CircuitPython's board.board_id (with circuitpython)
            self.args += ["--board-id", board_id]
        self.timeout = timeout
        self.proc = None
        self.url = None
        self.lines = queue.Queue()  # what the board's process says after it listens

    def __enter__(self):
        self.proc = subprocess.Popen(self.args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + self.timeout
        line = ""
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if line.startswith("vboard: listening on "):
                self.url = "socket://" + line.split()[-1]
                threading.Thread(target=self._read, daemon=True).start()
                return self
            if not line and self.proc.poll() is not None:
                break
        self.__exit__(None, None, None)
        raise RuntimeError("the virtual board did not start: %r" % line)

    def _read(self):
        try:
            for line in self.proc.stdout:
                self.lines.put(line.rstrip("\n"))
        except (OSError, ValueError):  # closed by __exit__
            pass

    def wait_main(self, timeout):
        """Wait until main.py (run by a soft reset) has returned; False if it has not in time."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                return False
            self.seen.append(line)  # the board's console, for a failing test to show
            if line == "vboard: main.py ended":
                return True

    def __exit__(self, *exc):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc is not None and self.proc.stdout:
            self.proc.stdout.close()
        return False

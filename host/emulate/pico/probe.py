"""The harness's main.py (code.py on CircuitPython) on an emulated Pico: the game's own loop
(firmware/app.py main) with the match seed the host chooses, and a console the host can ask.

Never in a bundle a user flashes: host/emulate/pico.py writes it into the file system image in
place of the bundle's entry point. It costs the game nothing until asked, but for one poll of the
console a loop pass (and the timestamps of passes over 40 ms, printed after the pass):
    ?  the screen's name, 1 if the person is on turn at the table (else 0), and its texts
       (firmware/screendump.py, imported at the first ask)
    h  a collect, then the heap: "@H <alloc> <free>"
    k  "@K" (the host knows the console is read)
Lines it prints start with @ so the host tells them from the game's own output.

With ELFER_PROBE_LINK = "1" in settings.toml the board gets a radio on this console (ConsoleRadio:
host/measure/rp2040_link.py is the other end, a CPython LinkHost or LinkClients): a frame sent is a
line "@R <address or *> <hex>", a frame to the board comes as a line "~<address> <hex>". Every pass
reads all the console holds. Two more asks for a board that hosts:
    4, 6  Host a table's set-up: 4 players of whom 3 remote, or 6 of whom 5 (the model's shortcut,
          host/measure/fw_link_mem.py), before Host a table is chosen
    c  the table's code: "@C <code>"
"""

import gc
import sys
import time

SEED = 5  # host/drive/screenwalk.py SEED: the same match as the models draw
SLOW_MS = 40


def reader():
    """A function returning the next console byte, or None at once."""
    try:
        import supervisor  # CircuitPython

        def read():
            if supervisor.runtime.serial_bytes_available:
                return sys.stdin.read(1)
            return None

        return read
    except ImportError:
        import select

        poll = select.poll()
        poll.register(sys.stdin, select.POLLIN)

        def read():
            if poll.poll(0):
                return sys.stdin.read(1)
            return None

        return read


INBOX = []  # frames from the host, not yet taken by the radio
LINE = bytearray()  # a "~" line being read


class ConsoleRadio:
    """The harness's radio: frames over this console (the module's docstring)."""

    mtu = 250

    def send(self, addr, data):
        from binascii import hexlify

        print("@R", addr or "*", hexlify(data).decode())
        return True

    def broadcast(self, data):
        return self.send(None, data)

    def recv(self):
        if INBOX:
            return INBOX.pop(0)
        return None

    def close(self):
        pass


def pump(read, commands):
    """All the console holds: "~" lines to INBOX, other characters to commands."""
    while True:
        c = read()
        if c is None:
            return
        if LINE or c == "~":
            if c == "\n" or c == "\r" or c == "~" and LINE:  # (a console may pass a newline as CR)
                from binascii import unhexlify

                try:
                    addr, text = bytes(LINE[1:]).split(b" ", 1)
                    INBOX.append((addr.decode(), unhexlify(text)))
                except ValueError:  # a line cut short: a lost frame
                    print("@E bad frame line")
                LINE[:] = b"~" if c == "~" else b""
            else:
                LINE.append(ord(c))
        elif c not in "\r\n":
            commands.append(c)


def answer(c, runner):
    if c == "h":
        gc.collect()
        print("@H", gc.mem_alloc(), gc.mem_free())
    elif c == "?":
        from firmware import screendump

        app = runner.app
        name = type(app.screen).__name__ if app is not None and app.screen is not None else ""
        if runner.error is not None:
            name = "Error"
        m = app.match if app is not None else None
        table = m is not None and app.screen is not None and app.screen.table
        turn = 1 if table and m.my_turn() and not app.work else 0
        print("@S", name, turn, repr(screendump.texts(runner)))
    elif c == "k":
        print("@K")
    elif c == "4" or c == "6":
        n = int(c)
        runner.app.setup["players"] = n
        runner.app.setup["hlevels"] = ["remote"] * n
    elif c == "c":
        print("@C", runner.app.link.host.code)


def main():
    from firmware.ticks import ticks_diff, ticks_ms

    getenv = getattr(__import__("os"), "getenv", None)
    if getenv is None:
        from firmware.tomlenv import getenv
    from boards import detect

    board, notice = detect.load(getenv)
    if getenv("ELFER_PROBE_LINK") == "1":
        board.radio = ConsoleRadio
    from firmware.runner import Runner

    runner = Runner(board, getenv, notice)
    plain_fail = runner.fail

    def fail(e):  # what the error screen will say, with its traceback, on the console first
        print("@X error:")
        try:
            sys.print_exception(e)  # MicroPython
        except AttributeError:
            import traceback  # CircuitPython

            traceback.print_exception(e)
        plain_fail(e)

    runner.fail = fail
    if runner.app is not None:
        runner.app.fresh_seed = lambda: SEED
    read = reader()
    print("@READY", ticks_ms())
    while True:
        t0 = ticks_ms()
        runner.step(t0)
        dt = ticks_diff(ticks_ms(), t0)
        if dt > SLOW_MS:
            print("@T", t0, dt)
        commands = []
        pump(read, commands)
        for c in commands:
            answer(c, runner)
        time.sleep(0.01)


main()

"""The error screen: what the app shows after an unexpected exception (loaded only then).

The traceback goes to the serial console; a one-line summary (exception and
the innermost place) goes to the storage's error area where writing it cannot
cost the save (firmware/storeread.py); the saves are left as they were (the
last one was written between moves), except a saved match that crashed on
Continue before it was saved again: that one is set aside (App.set_aside) so
the next boot does not crash on it again. A restarts.
"""

import sys

from boards.base import A
from firmware import ui


def traceback_text(e):
    """The traceback as text, on CPython, MicroPython and CircuitPython alike."""
    try:
        import io

        buf = io.StringIO()
        if hasattr(sys, "print_exception"):  # MicroPython, CircuitPython
            sys.print_exception(e, buf)
        else:
            import traceback

            traceback.print_exception(type(e), e, e.__traceback__, file=buf)
        return buf.getvalue()
    except Exception:
        return "%s: %s\n" % (type(e).__name__, e)


def summary(e, tb):
    """'ValueError: message @ File "x.py", line 9, in f' (the innermost frame), short."""
    where = ""
    for line in tb.split("\n"):
        line = line.strip()
        if line.startswith("File "):
            where = line
    text = "%s: %s" % (type(e).__name__, e)
    if where:
        text += " @ " + where
    return text[:200]


class ErrorScreen:
    def __init__(self, board, e, store=None, set_aside=False):
        from firmware.buttons import Input

        tb = traceback_text(e)
        print("Elfer Raus stopped by an unexpected error:")
        print(tb)
        self.summary = summary(e, tb)
        if store is not None:
            try:
                if not store.write_error(self.summary):
                    print("error summary not stored: its flash unit holds the save (docs/saves.md)")
            except Exception as e2:  # the storage failing too: the console has it
                print("error area not written: %s" % (e2,))
        self.board = board
        self.input = Input(board)
        self.panel = ui.Panel(board.gfx, board.width, board.height)
        p = self.panel
        p.title.set(_say(b"e_title", "Something went wrong"), ui.WARN)
        lines = ui.wrap("%s: %s" % (type(e).__name__, e), p.cols)
        lines.append("")
        if set_aside:
            kept = _say(b"e_set_aside", "The saved match crashed on Continue: it is set aside.")
        else:
            kept = _say(b"e_kept", "Your last save is kept.")
        lines.extend(ui.wrap(kept, p.cols))
        for i in range(p.rows):
            p.lines[i].set(lines[i] if i < len(lines) else "", ui.WHITE, None)
        p.footer.set(_restart_hint(board), ui.TITLE)
        board.show(p.layer)
        board.refresh()

    def step(self, now):
        """True once A has been pressed."""
        while True:
            b = self.input.next(now)
            if not b:
                return False
            if b == A:
                return True


def restart():
    """A fresh start: a reload on CircuitPython; elsewhere the caller makes a new App."""
    try:
        import supervisor

        if sys.implementation.name == "circuitpython":
            supervisor.reload()
    except (ImportError, AttributeError):
        pass


def _say(key, english):
    """The text in the player's language; English if the language tables are what failed."""
    try:
        from firmware.lang import t

        return t(key)
    except Exception:
        return english


def _restart_hint(board):
    try:
        from boards.base import A
        from firmware import keys

        return keys.hint(board, ((A, b"e_restart"),)) or "A: restart"
    except Exception:
        return "A: restart"

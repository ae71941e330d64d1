"""The app with crash handling (firmware/crash.py): what main() runs on a device."""

import gc

from firmware.app import App


class Runner:
    """The app with crash handling: an unexpected exception shows the error screen
    (firmware/crash.py) instead of stopping; A there starts the app again."""

    running = None  # the newest Runner: how a harness reads the screen's texts (host/emulate/stubs/machine.py)

    def __init__(self, board, getenv=None, notice=""):
        Runner.running = self
        self.board = board
        self.getenv = getenv
        self.notice = notice  # the board's (detect.load): shown again after a restart
        self.app = None
        self.error = None  # the ErrorScreen on show, or None
        try:
            self.app = App(board, getenv, notice)
        except Exception as e:
            self.fail(e)

    def step(self, now):
        try:
            if self.error is None:
                self.app.step(now)
            elif self.error.step(now):
                self.error = None
                from firmware.crash import restart

                restart()
                self.app = App(self.board, self.getenv, self.notice)
        except Exception as e:
            if getattr(e, "passthrough", False):  # the simulator's window closing
                raise
            self.fail(e)

    def fail(self, e):
        try:
            self.board.hush()  # a tone the crashed pass started: no loop of the app's stops it now
        except Exception:
            pass
        app = self.app
        store = app.store if app is not None else None
        aside = app is not None and app.continuing and app.set_aside()  # Continue never crashes twice
        self.app = app = None  # no reference left: the collection frees the old app
        gc.collect()
        from firmware.crash import ErrorScreen

        self.error = ErrorScreen(self.board, e, store, aside)

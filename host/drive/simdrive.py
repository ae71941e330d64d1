"""Drive the firmware in the simulator from a script: press buttons, let time pass, read the screen.

    d = Driver("sim")            # or "pybadge", "clue", ... (boards/schemes.py: screen size)
    d = Driver("clue", keyboard=False)  # ... and that board's own buttons
    d.press("DOWN", "A")         # logical buttons, each as the board makes it, one step apart
    d.run_until(lambda: d.app.match.my_turn())
    d.panel()                    # texts of the menu/page on show

Headless (SDL dummy driver); one display per process, shared by every Driver.
Time is made up: each step advances the clock, nothing waits.
"""

import os

from boards.sim import SimBoard
from firmware.buttons import LONG_MS, LONGER_MS
from firmware.choices import label as choice_label
from host.drive.screenwalk import Pilot, button_bit

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # read when a SimBoard starts the display, not at import
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Driver(Pilot):
    holds = (20, LONG_MS + 20, LONGER_MS + 20)  # held a step past firmware/buttons.py's thresholds

    def __init__(
        self, profile="sim", getenv=None, speed=0, keyboard=True, nvm=None, runner=False, lazy=False, lang=None
    ):
        """keyboard=False: the posed board's own buttons (e.g. the CLUE's two, short and long);
        nvm: the board's storage region (a bytearray shared by Drivers = the same device);
        runner: the app inside firmware/runner.py's crash handling, as on a device;
        lazy: the screen drawn only for shot() or draw() (most of the time goes into drawing);
        lang: the language code, as ELFER_LANG in settings.toml gives it at boot."""
        board = SimBoard(profile, scale=1, keyboard=keyboard, nvm=nvm)
        board.lazy = lazy
        self.start(board, getenv, lang, runner, speed)

    def board_name(self):
        return self.board.profile

    def key_number(self, name):
        return self.board.keymap.index(button_bit(name))

    def press_key(self, k, ms):
        """Key k pressed (ms 0), or held for ms."""
        if ms:
            self.hold(k, ms)
        else:
            self.board.press(k)
            self.step()

    def hold(self, name, ms):
        """Hold a key for ms (steps of 20 ms), then release it."""
        k = self.key_number(name) if isinstance(name, str) else name
        self.board.press(k, hold=True)
        for _ in range(ms // 20):
            self.step()
        self.board.release(k)
        self.step()

    # --- reading the screen --------------------------------------------------------
    def shown_texts(self):
        """Every text of what is on show (the error screen, the table or the panel), empty ones
        left out."""
        return [line.text for line in self.shown_lines()]

    def shown_lines(self):
        """Every non-empty text line (firmware/ui.py Line) of what is on show, found by walking
        the objects of the error screen, the table or the panel."""
        from firmware.ui import Line

        if self.runner is not None and self.runner.error is not None:
            root = self.runner.error.panel
        elif self.app.screen.table:
            root = self.app.table
        else:
            root = self.app.panel
        out = []
        seen = set()
        todo = [root]
        while todo:
            obj = todo.pop()
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            if isinstance(obj, Line):
                if obj.text.strip():
                    out.append(obj)
            elif isinstance(obj, (list, tuple)):
                todo.extend(reversed(obj))
            elif hasattr(obj, "__dict__") and obj.__class__.__module__.startswith("firmware."):
                todo.extend(reversed(list(vars(obj).values())))
        return out

    def shot(self, path):
        self.board.screenshot(path)

    def draw(self):
        """Composite the screen now (a lazy Driver's tests that read texts only: once at the end)."""
        self.board.draw()

    # --- menus ------------------------------------------------------------------------
    def set_value(self, label, shown):
        """Step a value item until it shows `shown` (RIGHT, or A on boards without RIGHT)."""
        self._step_until(label, lambda choice: choice_label(choice[0]).split("|")[0] == shown, shown)  # as shown

    def new_match(self, game="Elfer Raus", players=None, **values):
        """From the title menu: set up and start a match; values: {item label: shown value}."""
        self.menu_to("New match")
        self.press("A")
        self.set_value("Game", game)
        if players is not None:
            self.set_value("Players", str(players))
        for label, shown in values.items():
            self.set_value(label.replace("_", " "), shown)
        self.menu_to("Start match")
        self.press("A")

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

from boards import base
from boards.sim import SimBoard
from firmware.app import App
from firmware.choices import label as choice_label

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # read when a SimBoard starts the display, not at import
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

BUTTONS = dict((name, bit) for bit, name in base.BUTTON_NAMES)


def with_language(getenv, code):
    """getenv, but ELFER_LANG is code."""

    def get(key, *default):
        if key == "ELFER_LANG":
            return code
        return getenv(key, *default) if getenv is not None else (default[0] if default else None)

    return get


class Driver:
    def __init__(
        self, profile="sim", getenv=None, speed=0, keyboard=True, nvm=None, runner=False, lazy=False, lang=None
    ):
        """keyboard=False: the posed board's own buttons (e.g. the CLUE's two, short and long);
        nvm: the board's storage region (a bytearray shared by Drivers = the same device);
        runner: the app inside firmware/runner.py's crash handling, as on a device;
        lazy: the screen drawn only for shot() or draw() (most of the time goes into drawing);
        lang: the language code, as ELFER_LANG in settings.toml gives it at boot."""
        if lang is not None:
            getenv = with_language(getenv, lang)
        self.board = SimBoard(profile, scale=1, keyboard=keyboard, nvm=nvm)
        self.board.lazy = lazy
        self.now = 0
        self.runner = None
        if runner:
            from firmware.runner import Runner

            self.runner = Runner(self.board, getenv)
            self.app = self.runner.app
        else:
            self.app = App(self.board, getenv)
        if speed is not None:  # None: as the settings (and the saves) say
            self.app.settings.speed = speed
        self.step()

    def step(self, dt=20, n=1):
        """n loop passes dt ms apart; each then runs the passes a long task still has (a board's
        loop runs them 10 ms apart, before its buttons are read again: App.later)."""
        for _ in range(n):
            self.now += dt
            self._pass()
            while self._app() is not None and self._app().work:
                self.now += 10
                self._pass()

    def _pass(self):
        if self.runner is not None:
            self.runner.step(self.now)
        else:
            self.app.step(self.now)

    def _app(self):
        return self.runner.app if self.runner is not None else self.app

    def has(self, name):
        """Whether this board makes logical button `name` (a press, or a short/long press)."""
        bit = BUTTONS[name]
        hm = self.board.holdmap
        for k, km in enumerate(self.board.keymap):
            if km == bit or hm is not None and hm[k] is not None and bit in hm[k]:
                return True
        return False

    def key_number(self, name):
        bit = BUTTONS[name]
        return self.board.keymap.index(bit)

    def press(self, *names):
        """Each logical button as the board makes it: a press, or on few-button boards
        a short, long or very long press of the key that carries it."""
        from firmware.buttons import LONG_MS, LONGER_MS

        for name in names:
            bit = BUTTONS[name]
            hm = self.board.holdmap
            if hm is None:
                self.board.press(self.key_number(name))
                self.step()
                continue
            for k, km in enumerate(self.board.keymap):
                if hm[k] is None and km == bit:
                    self.board.press(k)
                    self.step()
                    break
                if hm[k] is not None and bit in hm[k]:
                    level = hm[k].index(bit)
                    self.hold(k, (0, LONG_MS, LONGER_MS)[level] + 20)
                    break
            else:
                raise AssertionError("the %s board has no %s button" % (self.board.profile, name))

    def hold(self, name, ms):
        """Hold a key for ms (steps of 20 ms), then release it."""
        k = self.key_number(name) if isinstance(name, str) else name
        self.board.press(k, hold=True)
        for _ in range(ms // 20):
            self.step()
        self.board.release(k)
        self.step()

    def run_until(self, cond, limit=5000, dt=50):
        for _ in range(limit):
            if cond():
                return True
            self.step(dt)
        raise AssertionError("condition not reached in %d steps; screen: %r" % (limit, self.screen_texts()))

    # --- reading the screen --------------------------------------------------------
    def screen_name(self):
        return type(self.app.screen).__name__

    def panel(self):
        return self.app.panel.texts()

    def screen_texts(self):
        if self.app.screen.table:
            t = self.app.table
            return [t.status.text] + t.slot_texts() + [t.message_text()]
        return self.panel()

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
    def menu_to(self, label):
        """Move the menu cursor to the item whose text starts with label, or whose key is label
        (the key is the same in every language)."""
        items = self.app.screen.items
        for _ in range(len(items)):
            it = items[self.app.screen.pos]
            if it[0].startswith(label) or it[1] == label:
                return
            self.press("DOWN")
        raise AssertionError("no menu item %r in %r" % (label, [it[0] for it in items]))

    def set_value(self, label, shown):
        """Step a value item until it shows `shown` (RIGHT, or A on boards without RIGHT)."""
        self._step_until(label, lambda choice: choice_label(choice[0]).split("|")[0] == shown, shown)  # as shown

    def choose_value(self, key, value):
        """Step the value item with this key until its value (not its shown text) is `value`."""
        self._step_until(key, lambda choice: choice[1] == value, value)

    def _step_until(self, label, good, want):
        self.menu_to(label)
        for _ in range(12):
            it = self.app.screen.items[self.app.screen.pos]
            if good(it[2][it[3]]):
                return
            self.press("RIGHT" if self.has("RIGHT") else "A")
        raise AssertionError("%s never shows %r" % (label, want))

    def setup_match(self, game="elfer", players=None, **values):
        """From the title menu: set up and start a match by item keys and values, the same in
        every language (values: {item key: value}, e.g. length=("rounds", 1))."""
        self.menu_to("new")
        self.press("A")
        self.choose_value("game", game)
        if players is not None:
            self.choose_value("players", players)
        for key, value in values.items():
            self.choose_value(key, value)
        self.menu_to("start")
        self.press("A")

    def back(self):
        """Leave a menu or page as this board can: B, else the menu's Back item, else A."""
        if self.has("B"):
            self.press("B")
            return
        items = getattr(self.app.screen, "items", None)
        if items is not None and any(it[1] == "back" for it in items):
            self.menu_to("back")
        self.press("A")

    def play_turn(self):
        """On the person's turn: jump to the next playable card or box (draw, end, pass) and take it."""
        self.press("DOWN", "A")

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

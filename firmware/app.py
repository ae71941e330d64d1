"""The app: the screen on show, the input, the match, and the main loop.

    app = App(board)       # any board profile from boards/
    app.step(now_ms)       # one pass: buttons, bot steps, refresh if something changed

The loop reads no clock itself (main() does), so the desktop tests drive
it with scripted buttons and made-up times.
"""

import gc

from firmware import screens, ui
from firmware.buttons import Input
from firmware.settings import Settings

SOUNDS = {"play": (880, 25), "draw": (440, 40), "refuse": (180, 120), "won": (1320, 180), "lost": (220, 250)}


class App:
    def __init__(self, board, getenv=None):
        self.board = board
        self.input = Input(board)
        self.settings = Settings()
        if getenv is not None:
            self.settings.load_defaults(getenv)
        self.setup = screens.setup_defaults()
        self.panel = ui.Panel(board.width, board.height)
        self.table = None  # the TableView of the current match
        self.table_screen = None
        self.match = None
        self.stats = {}  # game -> [matches, wins, rounds]
        self.screen = None
        self.dirty = False
        self.now = 0
        self.seed = 1
        self.apply_settings()
        self.show(screens.TitleMenu(self))

    # --- screens -----------------------------------------------------------------
    def show(self, screen):
        self.screen = screen
        group = self.table.group if screen.table else self.panel.group
        if self.board.display.root_group is not group:
            self.board.display.root_group = group
        screen.enter(self)
        self.input.flush(self.now)  # presses made for the old screen do not reach the new one
        self.dirty = True

    def step(self, now):
        self.now = now
        while True:
            b = self.input.next(now)
            if not b:
                break
            screen = self.screen
            screen.button(self, b, now)
            if self.screen is not screen:
                break  # a new screen: flush() dropped the rest
        self.screen.tick(self, now)
        if self.dirty:
            self.dirty = False
            self.board.refresh()

    # --- settings and sound ----------------------------------------------------------
    def apply_settings(self):
        s = self.settings
        self.board.muted = not s.sound
        self.board.brightness(s.brightness)

    def sound(self, kind):
        if self.settings.sound:
            f, ms = SOUNDS[kind]
            self.board.tone(f, ms)

    # --- the match ----------------------------------------------------------------
    def rules_problem(self):
        """Why the set-up choices make no valid rules (a RulesError's message), or ''."""
        try:
            self.make_rules()
        except Exception as e:  # RulesError, the engine's own clear message
            return str(e)
        return ""

    def make_rules(self):
        from engine.rules import make_rules

        st = self.setup
        g = st["game"]
        preset = st["variant"] if g == "elfer" else g
        opts = {"players": st["players"]}
        if g == "elfer":
            for _, key, choices in screens.ELFER_OPTIONS:
                if st[key] != choices[0][1]:
                    opts[key] = st[key]
        name, value = screens.LENGTHS[g][st["length"]][1]
        opts[name] = value
        return make_rules(preset, **opts)

    def new_match(self, seed=None):
        """Start a match from the set-up choices; returns a reason when they are refused."""
        try:
            rules = self.make_rules()
        except Exception as e:
            return str(e)
        from engine.compat import unload

        unload("rules")  # set-up only: its tables need not stay in RAM during play
        from firmware.match import Match
        from firmware.table import TableView

        if seed is None:
            seed = self.fresh_seed()
        self.match = None
        self.table = None
        self.table_screen = None
        gc.collect()
        st = self.setup
        dealer = st["dealer"]
        if dealer < 0:
            dealer = seed % rules.players
        levels = ["you"] + st["levels"][1 : rules.players]
        self.match = Match(rules, levels, seed, dealer)
        self.table = TableView(self.board.width, self.board.height, rules)
        self.table_screen = screens.TableScreen(self)
        self.show(self.table_screen)
        return ""

    def fresh_seed(self):
        self.seed = (self.seed * 1103 + self.now + 7) % 30011 + 1
        return self.seed

    def quit_match(self):
        self.match = None
        self.table = None
        self.table_screen = None
        gc.collect()
        self.show(screens.TitleMenu(self))

    def record_match(self):
        s = self.match.state
        key = self.setup["game"]
        row = self.stats.get(key) or [0, 0, 0]
        row[0] += 1
        row[1] += 1 if s.match_winners == 1 else 0
        row[2] += s.round_no
        self.stats[key] = row

    # --- texts ------------------------------------------------------------------------
    def stats_text(self):
        if not self.stats:
            return "No matches played yet."
        lines = []
        for key in ("elfer", "cinquillo", "bastard"):
            row = self.stats.get(key)
            if row:
                lines.append("%s: %d played, %d won, %d rounds" % (key, row[0], row[1], row[2]))
        return "\n".join(lines)

    def help_text(self):
        return "Buttons on this %s: %s\n%s" % (self.board.name, self.board.keys_help, screens.TABLE_KEYS)


def main(board=None):
    """The device entry point (code.py calls it)."""
    import os
    import time

    from firmware.ticks import ticks_ms

    if board is None:
        from boards import detect

        board = detect.load()
    getenv = getattr(os, "getenv", None)
    app = App(board, getenv)
    while True:
        app.step(ticks_ms())
        time.sleep(0.01)

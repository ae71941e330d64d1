"""The screen walk and the button driver that both runtimes' screenshots share.

host/drive/screenshots.py walks the CircuitPython boards in the simulator (host/drive/simdrive.py's Driver,
CPython); host/drive/mpshots.py walks the MicroPython profiles under the MicroPython unix port
(its Walker: the board's pins and panel model). Both drivers are a Pilot: the moves (a logical
button as the board makes it, time passing, a menu item found, a match set up, a turn played)
are written here once, and each runtime says only how one key is pressed for so long
(press_key) and how the app gets a loop pass. walk() is the list of screens, buttons and
picture names, the same on both.

Imported by MicroPython too (beside the scripts that run there: host/drive/mpshots.py, fbshots.py): it imports only
the firmware's own modules, and host/drive/msgs.py when the walk reaches the longest messages.
"""

SEED = 5  # the same matches every time
INJECTED = "a fault injected for this screenshot"


_bits = {}


def button_bit(name):
    """Logical button `name`'s bit (boards/base.py's BUTTON_NAMES; imported at the first press,
    so that this module imports before the repository is on the path)."""
    if not _bits:
        from boards.base import BUTTON_NAMES

        for b, n in BUTTON_NAMES:
            _bits[n] = b
    return _bits[name]


def with_language(getenv, code):
    """getenv, but ELFER_LANG is code."""

    def get(key, *default):
        if key == "ELFER_LANG":
            return code
        return getenv(key, *default) if getenv is not None else (default[0] if default else None)

    return get


class Pilot:
    """The app on a board, driven by its buttons on a made-up clock. A subclass sets up its board,
    start()s the app on it, and gives holds and press_key(k, ms)."""

    # ms to hold a key for the logical button at each place of its holdmap entry: a short, a
    # long, a very long press (the subclass's, by how its keys are read); a key of one meaning: 0.
    holds = None
    now = 0  # the made-up clock, ms (start() sets it to 0 again)

    def start(self, board, getenv=None, lang=None, runner=False, speed=0):
        """The app (inside firmware/runner.py's crash handling if runner, as on a device) on board,
        its clock at 0, in language lang (as ELFER_LANG in settings.toml gives it at boot); speed
        None: as the settings (and the saves) say. Then its first loop pass."""
        if lang is not None:
            getenv = with_language(getenv, lang)
        self.board = board
        self.now = 0
        self.runner = None
        if runner:
            from firmware.runner import Runner

            self.runner = Runner(board, getenv)
            self.app = self.runner.app
        else:
            from firmware.app import App

            self.app = App(board, getenv)
        if speed is not None:
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
        for peer in self.peers:  # the other devices of a linked table (link_screens), on this clock
            peer(self.now)

    peers = ()

    def _app(self):
        return self.runner.app if self.runner is not None else self.app

    # --- buttons -----------------------------------------------------------------
    def has(self, name):
        """Whether this board makes logical button `name` (a press, or a short/long press)."""
        bit = button_bit(name)
        hm = self.board.holdmap
        for k, km in enumerate(self.board.keymap):
            if km == bit or hm is not None and hm[k] is not None and bit in hm[k]:
                return True
        return False

    def key_for(self, name):
        """(key number, ms to hold it) that make logical button `name` on this board."""
        bit = button_bit(name)
        hm = self.board.holdmap
        for k, km in enumerate(self.board.keymap):
            if (hm is None or hm[k] is None) and km == bit:
                return k, 0
            if hm is not None and hm[k] is not None and bit in hm[k]:
                return k, self.holds[hm[k].index(bit)]
        raise AssertionError("the %s board has no %s button" % (self.board_name(), name))

    def board_name(self):
        return self.board.name

    def press(self, *names):
        """Each logical button as the board makes it: a press, or on few-button boards
        a short, long or very long press of the key that carries it."""
        for name in names:
            k, ms = self.key_for(name)
            self.press_key(k, ms)

    def run_until(self, cond, limit=5000, dt=50):
        for _ in range(limit):
            if cond():
                return True
            self.step(dt)
        raise AssertionError("condition not reached in %d steps; screen: %r" % (limit, self.screen_texts()))

    # --- reading the screen ------------------------------------------------------
    def screen_name(self):
        return type(self.app.screen).__name__

    def panel(self):
        return self.app.panel.texts()

    def screen_texts(self):
        if self.app.screen.table:
            t = self.app.table
            return [t.status.text] + t.slot_texts() + [t.message_text()]
        return self.panel()

    # --- menus -------------------------------------------------------------------
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
        for key in values:
            self.choose_value(key, values[key])
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

    def play_out(self, m, limit=-1):
        """Take turns (the bots given a second each) until the round ends, or for at most limit steps."""
        while not m.state.is_round_over() and limit != 0:
            limit -= 1
            if m.my_turn():
                self.play_turn()
            else:
                self.step(1000)

    def between_turns(self, m, wait=1000):
        """What comes between the person's turns, done: a round's end (A through its page, the
        scores and on) or a bot's turn (a step of wait ms). False when it is the person's turn."""
        if m.state.is_round_over():
            self.press("A", "A", "A")
            return True
        if not m.my_turn():
            self.step(wait)
            return True
        return False

    def quit_match(self):
        self.press("START")
        self.menu_to("quit")
        self.press("A")


def can_place(m):
    """Whether the person's moves now include a card (else only draw, end or pass)."""
    from engine.cards import DRAW

    return any(c < DRAW for c in m.moves[: m.nmoves])


# --- the walk ------------------------------------------------------------------------
def walk(d, shot):
    """Every screen of the firmware, driven by the board's own buttons from the title menu of a
    fresh app d (a Pilot); shot(name, d) at each. The error screen is error_screen()'s."""
    app = d.app
    app.seed = SEED
    shot("title", d)
    for key in ("settings", "rules", "help"):
        d.menu_to(key)
        d.press("A")
        shot(key, d)
        while d.screen_name() != "TitleMenu":  # the help page goes on to the self-test first
            d.back()
    d.menu_to("new")
    d.press("A")
    shot("setup", d)
    d.back()
    first_table(d, shot, "table")
    m = app.match
    ts = app.table_screen
    bad = [i for i, c in enumerate(ts.items(m)) if not m.legal(c)]
    if bad:
        ts.cursor = bad[0]
        d.press("A")
        shot("refused", d)
    longest_messages(d, shot)
    d.press("START")
    shot("pause", d)
    d.press("A")  # resume
    d.play_out(m, 40)  # well into the round
    shot("table_later", d)
    d.play_out(m)
    shot("round_over", d)
    d.press("A")
    shot("round_end", d)
    d.press("A")
    shot("scores", d)
    d.press("A")  # on to round 2
    for game in ("cinquillo", "bastard"):
        d.quit_match()
        d.setup_match(game, players=4)
        d.play_out(app.match, 60)
        shot(game, d)
    # A whole one-round match, then the statistics it leaves.
    d.quit_match()
    d.setup_match("elfer", players=2, length=("rounds", 1))
    d.play_out(app.match)
    d.press("A", "A", "A")
    shot("match_over", d)
    d.press("A")
    d.menu_to("stats")
    d.press("A")
    shot("statistics", d)
    d.back()
    hand_over(d, shot)


def first_table(d, shot, name):
    """From the title menu: the seeded four-player match's first table, as the person's turn comes."""
    d.setup_match("elfer", players=4)
    m = d.app.match
    d.run_until(lambda: m.my_turn(), dt=1000)
    shot(name, d)


def hand_over(d, shot):
    """Pass-and-play (P2 a person): the page that hides the hand between two people's turns, the
    first that lists moves."""
    for _ in range(5):
        if d.screen_name() == "TitleMenu":
            break
        d.back()
    d.setup_match("elfer", players=3, level1="person")
    m = d.app.match
    for _ in range(100):
        if d.screen_name() == "HandOver" and m.state.hist_len:
            shot("hand_over", d)
            return
        if d.screen_name() == "HandOver":
            d.press("A")
        if m.my_turn():
            d.play_turn()
        else:
            d.step(1000)
    raise AssertionError("no hand-over came")


def longest_messages(d, shot):
    """The longest refusal and the longest hint the table says (host/drive/msgs.py), each on its
    first page: on most boards the message pages, its more mark shown."""
    try:
        from host.drive import msgs
    except ImportError:  # MicroPython in a folder without host/: msgs.py beside the script
        import msgs
    from firmware import ui

    refusal, hint = msgs.longest()
    ts = d.app.table_screen
    for name, text, color in (("refused_longest", refusal, ui.WARN), ("hint_longest", hint, ui.GOOD)):
        ts.say(text, color)
        ts.redraw(d.app)
        d.step()  # the board refreshed, as after a button
        shot(name, d)
    ts.say("")
    ts.redraw(d.app)


def broken(*args):
    raise RuntimeError(INJECTED)


def error_screen(d, shot):
    """The crash screen, as an unexpected exception in a turn leaves it (firmware/runner.py), on a
    fresh app d inside the runner. The fault is injected on purpose: its traceback goes to the
    console (the caller's to keep from the output)."""
    runner = d.runner
    d.app.new_match()
    d.step()  # its pieces: the match, then its table
    d.app.match.bot_step = broken
    d.app.match.play = broken
    for _ in range(200):
        d.step(1000)
        if runner.error is not None:
            break
        if d.app.match.my_turn():
            d.press("A")  # play the focused card
    if runner.error is None:
        raise AssertionError("the injected fault did not reach the error screen")
    shot("error", d)

"""Every screen of the firmware on a MicroPython board profile, as its panel shows it (make screenshots).

    micropython host/drive/mpshots.py BOARD OUTDIR [eager]
    (MICROPYPATH: host/emulate/stubs and the repository; cwd: an empty folder, which gets the saves)

The board is the real profile (boards/BOARD.py's make(): its ST7789 or SSD1306 driver, the
framebuf renderer, its buttons on pins) on host/emulate/stubs/machine.py, whose panel model decodes
the bus traffic into the glass's pixels. The walk is host/drive/screenshots.py's for the CircuitPython
boards, screen for screen and name for name, pressed on the board's own buttons: a pin pulled
low, held through PinKeys' 20 ms debounce (a long press where the board has one key for two
meanings). The clock is made up: PinKeys and the app read the walk's time, nothing waits.

By default the screen is pushed to the panel only for a picture (as host/drive/simdrive.py's lazy
drawing: the renderer then sends everything marked since the last picture), which takes a
third of the time; with `eager` every step the app asks for a refresh pushes what changed, as
on the device (host_tests/test_screenshots.py checks that both end on the same pictures).

Each screen goes to OUTDIR/NAME.raw: big-endian RGB565 per pixel, or one byte per pixel (1 lit)
on the monochrome OLED; host/drive/screenshots.py turns them into PNGs. The last line says
'mpshots: N screens'; anything wrong ends it with an error.
"""

import os
import sys

if "" not in sys.path:
    sys.path.insert(0, "")

import machine  # noqa: E402  (the stand-in: host/emulate/stubs)

from boards.base import BUTTON_NAMES  # noqa: E402

SEED = 5  # host/drive/screenshots.py's: the same matches every time
STEP_MS = 20
LONG_MS = 700  # firmware/buttons.py: long from 600 ms, very long from 1600 ms (simdrive's holds)
LONGER_MS = 1700
BUTTONS = dict((name, bit) for bit, name in BUTTON_NAMES)
INJECTED = "a fault injected for this screenshot"


def broken(*args):
    raise RuntimeError(INJECTED)


def nothing():
    pass


class Walker:
    """The board and the app, driven by pins and a made-up clock (host/drive/simdrive.py's Driver's
    moves, under MicroPython and on the real profile)."""

    def __init__(self, board_name, lang="en", runner=False, eager=False):
        machine.reset()
        self.model = machine.use_board(board_name)
        self.board = __import__("boards." + board_name, None, None, ("make",)).make()
        self.refresh = self.board.refresh
        if not eager:
            self.board.refresh = nothing  # the app's refreshes wait for the picture
        self.now = 0
        self.board.keys.ticks = self.ticks  # PinKeys' clock: the walk's, not time.ticks_ms
        self.pins = [p.id for p in self.board.keys.pins]

        def getenv(key, *default):
            if key == "ELFER_LANG":
                return lang
            return default[0] if default else None

        self.runner = None
        if runner:
            from firmware.runner import Runner

            self.runner = Runner(self.board, getenv)
            self.app = self.runner.app
        else:
            from firmware.app import App

            self.app = App(self.board, getenv)
        self.app.settings.speed = 0
        self.step()

    def ticks(self):
        return self.now

    def step(self, dt=STEP_MS, n=1):
        """n loop passes dt ms apart; each then runs the passes a long task still has (App.later)."""
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

    # --- buttons -----------------------------------------------------------------
    def has(self, name):
        bit = BUTTONS[name]
        hm = self.board.holdmap
        for k, km in enumerate(self.board.keymap):
            if km == bit or hm is not None and hm[k] is not None and bit in hm[k]:
                return True
        return False

    def hold(self, k, ms):
        """Key k's pin pulled low for ms (it counts once PinKeys' debounce has seen it), then let go."""
        machine.press(self.pins[k])
        self.step()  # PinKeys sees the level change ...
        for _ in range(max(1, ms // STEP_MS)):
            self.step()  # ... and reports it once it has held 20 ms
        machine.release(self.pins[k])
        self.step(n=2)

    def press(self, *names):
        """Each logical button as the board makes it: its key, or a long or very long press
        of the key that carries it."""
        hm = self.board.holdmap
        for name in names:
            bit = BUTTONS[name]
            for k, km in enumerate(self.board.keymap):
                if (hm is None or hm[k] is None) and km == bit:
                    self.hold(k, 0)
                    break
                if hm is not None and hm[k] is not None and bit in hm[k]:
                    self.hold(k, (0, LONG_MS, LONGER_MS)[hm[k].index(bit)])
                    break
            else:
                raise ValueError("the %s board has no %s button" % (self.board.name, name))

    def run_until(self, cond, limit=5000, dt=50):
        for _ in range(limit):
            if cond():
                return
            self.step(dt)
        raise AssertionError("condition not reached in %d steps" % limit)

    # --- menus -------------------------------------------------------------------
    def screen_name(self):
        return type(self.app.screen).__name__

    def menu_to(self, key):
        items = self.app.screen.items
        for _ in range(len(items)):
            if items[self.app.screen.pos][1] == key:
                return
            self.press("DOWN")
        raise AssertionError("no menu item %r in %r" % (key, [it[1] for it in items]))

    def choose_value(self, key, value):
        self.menu_to(key)
        for _ in range(12):
            it = self.app.screen.items[self.app.screen.pos]
            if it[2][it[3]][1] == value:
                return
            self.press("RIGHT" if self.has("RIGHT") else "A")
        raise AssertionError("%s never takes the value %r" % (key, value))

    def setup_match(self, game, players=None, length=None, person=None):
        self.menu_to("new")
        self.press("A")
        self.choose_value("game", game)
        if players is not None:
            self.choose_value("players", players)
        if person is not None:  # that seat a person (pass-and-play)
            self.choose_value("level%d" % person, "person")
        if length is not None:
            self.choose_value("length", length)
        self.menu_to("start")
        self.press("A")

    def back(self):
        if self.has("B"):
            self.press("B")
            return
        items = getattr(self.app.screen, "items", None)
        if items is not None and any(it[1] == "back" for it in items):
            self.menu_to("back")
        self.press("A")

    def play_turn(self):
        self.press("DOWN", "A")

    def play_out(self, m, limit=-1):
        """Take turns (bots given a second each) until the round ends, or for at most limit steps."""
        while m.state.phase == 0 and limit != 0:
            limit -= 1
            if m.my_turn():
                self.play_turn()
            else:
                self.step(1000)

    def quit_match(self):
        self.press("START")
        self.menu_to("quit")
        self.press("A")


class Shots:
    def __init__(self, out, board_name):
        self.out = out
        self.board_name = board_name
        self.names = []

    def __call__(self, name, w):
        """What the glass shows now, to OUT/name.raw."""
        w.refresh()  # the renderer pushes what changed since the last refresh (none if eager)
        model = w.model
        if hasattr(model, "glass"):
            data = st7789_frame(model, name)
        else:
            data = bytearray(model.width * model.height)
            i = 0
            for y in range(model.height):
                for x in range(model.width):
                    data[i] = model.lit(x, y)
                    i += 1
        with open("%s/%s.raw" % (self.out, name), "wb") as f:
            f.write(data)
        self.names.append(name)


def st7789_frame(model, name):
    """The ST7789 model's picture as its frame() gives it (big-endian RGB565, row by row),
    read straight from the glass: a view pixel's place there is base + x * dx + y * dy, as
    the model's own mapping (machine._gram: swaps and flips) says; frame() calls pixel()
    for each and takes most of the walk's time. A pixel never written is an error."""
    mad, xo, yo, w, h = model.view
    g0, gw, r0, rh = model.glass

    def index(x, y):
        gc, gr = machine._gram(mad, x + xo, y + yo)
        if not (g0 <= gc < g0 + gw and r0 <= gr < r0 + rh):
            raise ValueError("view pixel (%d, %d) is off the glass" % (x, y))
        return (gr - r0) * gw + gc - g0

    base = index(0, 0)
    dx = index(1, 0) - base
    dy = index(0, 1) - base
    for x, y in ((w - 1, 0), (0, h - 1), (w - 1, h - 1), (w // 2, h // 3)):
        if index(x, y) != base + x * dx + y * dy:
            return model.frame()  # not a flip or swap: the model's own, slow way
    px = model.pixels
    out = bytearray(w * h * 2)
    hi, lo = machine.NEVER >> 8, machine.NEVER & 255
    j = 0
    for y in range(h):
        i = (base + y * dy) * 2
        for _ in range(w):
            a = px[i]
            b = px[i + 1]
            if a == hi and b == lo:
                raise AssertionError("%s: pixel %d of the glass was never written" % (name, j // 2))
            out[j] = a
            out[j + 1] = b
            j += 2
            i += dx * 2
    return out


def screens(board_name, shot, eager):
    """host/drive/screenshots.py's screens(), on the board's pins."""
    w = Walker(board_name, eager=eager)
    app = w.app
    app.seed = SEED
    shot("title", w)
    for key in ("settings", "rules", "help"):
        w.menu_to(key)
        w.press("A")
        shot(key, w)
        while w.screen_name() != "TitleMenu":
            w.back()
    w.menu_to("new")
    w.press("A")
    shot("setup", w)
    w.back()
    w.setup_match("elfer", players=4)
    m = app.match
    w.run_until(lambda: m.my_turn(), dt=1000)
    shot("table", w)
    ts = app.table_screen
    bad = [i for i, c in enumerate(ts.items(m)) if not m.legal(c)]
    if bad:
        ts.cursor = bad[0]
        w.press("A")
        shot("refused", w)
    longest_messages(w, shot)
    w.press("START")
    shot("pause", w)
    w.press("A")  # resume
    w.play_out(m, 40)
    shot("table_later", w)
    w.play_out(m)
    shot("round_over", w)
    w.press("A")
    shot("round_end", w)
    w.press("A")
    shot("scores", w)
    w.press("A")
    for game in ("cinquillo", "bastard"):
        w.quit_match()
        w.setup_match(game, players=4)
        w.play_out(app.match, 60)
        shot(game, w)
    w.quit_match()
    w.setup_match("elfer", players=2, length=("rounds", 1))
    m = app.match
    w.play_out(m)
    w.press("A", "A", "A")
    shot("match_over", w)
    w.press("A")
    w.menu_to("stats")
    w.press("A")
    shot("statistics", w)
    w.back()
    for _ in range(5):  # host/drive/screenshots.py's hand_over()
        if w.screen_name() == "TitleMenu":
            break
        w.back()
    w.setup_match("elfer", players=3, person=1)
    m = app.match
    for _ in range(100):
        if w.screen_name() == "HandOver" and m.state.hist_len:
            shot("hand_over", w)
            break
        if w.screen_name() == "HandOver":
            w.press("A")
        elif m.my_turn():
            w.play_turn()
        else:
            w.step(1000)
    else:
        raise AssertionError("no hand-over came")


def longest_messages(w, shot):
    """host/drive/screenshots.py's longest_messages()."""
    import msgs

    from firmware import ui

    refusal, hint = msgs.longest()
    ts = w.app.table_screen
    for name, text, color in (("refused_longest", refusal, ui.WARN), ("hint_longest", hint, ui.GOOD)):
        ts.say(text, color)
        ts.redraw(w.app)
        w.step()  # the board refreshed, as after a button
        shot(name, w)
    ts.say("")
    ts.redraw(w.app)


def error_screen(board_name, shot, eager):
    """The crash screen as an unexpected exception in a turn leaves it (host/drive/screenshots.py's
    error_screen: a fault injected on purpose; its traceback goes to the console)."""
    for p in ("elfer-saves/0", "elfer-saves/1", "elfer-saves/2", "elfer-saves/3", "elfer-saves"):
        try:  # a fresh board, as the CircuitPython walk's fresh storage
            (os.rmdir if p == "elfer-saves" else os.remove)(p)
        except OSError:
            pass
    w = Walker(board_name, runner=True, eager=eager)
    runner = w.runner
    w.app.new_match()
    w.step()  # its pieces: the match, then its table
    w.app.match.bot_step = broken
    w.app.match.play = broken
    for _ in range(200):
        w.step(1000)
        if runner.error is not None:
            break
        if w.app.match.my_turn():
            w.press("A")
    if runner.error is None:
        raise AssertionError("the injected fault did not reach the error screen")
    shot("error", w)


def main(argv):
    if len(argv) not in (3, 4) or len(argv) == 4 and argv[3] != "eager":
        raise SystemExit("usage: micropython host/drive/mpshots.py BOARD OUTDIR [eager]")
    board_name, out = argv[1], argv[2]
    eager = len(argv) == 4
    shot = Shots(out, board_name)
    screens(board_name, shot, eager)
    error_screen(board_name, shot, eager)
    print("mpshots: %d screens: %s" % (len(shot.names), " ".join(shot.names)))


if __name__ == "__main__":
    main(sys.argv)

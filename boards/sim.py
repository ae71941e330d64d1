"""The desktop board: Blinka displayio in a pygame window, keyboard as buttons (host only).

Keys: arrows = D-pad, X = A, Z = B, Enter = START, Space = SELECT, Esc or
closing the window quits. The window is the board's screen scaled (x3 by
default); screenshots are taken from the unscaled surface.

It can pose as any board's screen and button scheme (profile "pybadge", "clue",
"feather_reverse_tft", ...: boards/schemes.py); the keys then stand for the
board's buttons whose short press they make (the one-button Feather's button is
the Down arrow, held for the long presses). Tests push scripted key codes with
press().
"""

from boards import sdlenv  # noqa: F401  (first: its import prepares SDL's environment for pygame)

# isort: split
import displayio
import pygame
from blinka_displayio_pygamedisplay import PyGameDisplay

from boards.base import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B, Board
from boards.gfx_displayio import GFX, Gfx
from boards.mpschemes import MP_SCHEMES
from boards.schemes import SCHEMES, PyBadgeScheme

# Blinka's displayio starts a thread at import for auto-refreshing displays. Ours
# refresh explicitly, and a live thread makes any later fork() of this process
# (multiprocessing, e.g. the tournament tool inside the test run) deadlock.
displayio._stop_background()

KEYMAP = (LEFT, RIGHT, UP, DOWN, A, B, START, SELECT)
PYGAME_KEYS = {
    pygame.K_LEFT: LEFT,
    pygame.K_RIGHT: RIGHT,
    pygame.K_UP: UP,
    pygame.K_DOWN: DOWN,
    pygame.K_x: A,
    pygame.K_z: B,
    pygame.K_RETURN: START,
    pygame.K_SPACE: SELECT,
}
KEY_LABELS = (
    (LEFT, "←"),
    (RIGHT, "→"),
    (UP, "↑"),
    (DOWN, "↓"),
    (A, "X"),
    (B, "Z"),
    (START, "Enter"),
    (SELECT, "Space"),
)
KEY_HELP = "arrows move, X = A, Z = B, Enter = START, Space = SELECT"
KEY_NAMES = {
    pygame.K_LEFT: "Left",
    pygame.K_RIGHT: "Right",
    pygame.K_UP: "Up",
    pygame.K_DOWN: "Down",
    pygame.K_x: "X",
    pygame.K_z: "Z",
    pygame.K_RETURN: "Enter",
    pygame.K_SPACE: "Space",
}
# The boards the simulator can pose as (screen size, buttons and their labels), and "sim":
# the badge's screen with the keyboard's buttons.
PROFILES = dict((scheme.name, scheme) for scheme in SCHEMES + MP_SCHEMES)
PROFILES["sim"] = None


class QuitRequested(Exception):
    """The window was closed or Esc pressed."""

    passthrough = True  # not a crash: the firmware's error screen lets it through


class ScaledDisplay(PyGameDisplay):
    """A PyGameDisplay drawing into an unscaled surface shown scaled in the window."""

    def __init__(self, width, height, scale=3, caption="Elfer Raus"):
        self._scale = scale
        PyGameDisplay.__init__(self, width=width, height=height, auto_refresh=False, caption=caption)

    def _initialize(self, init_sequence):
        # Only the display: PyGameDisplay's pygame.init() also starts SDL's audio and timer
        # threads, and a process with those threads deadlocks in any later fork()
        # (multiprocessing in the same test run). Tones are recorded, never played here.
        pygame.display.init()
        if self._caption:
            pygame.display.set_caption(self._caption)
        self._window = pygame.display.set_mode((self.width * self._scale, self.height * self._scale))
        self._pygame_screen = pygame.Surface((self.width, self.height))

    def _refresh_display(self):
        import busdisplay

        busdisplay.BusDisplay._refresh_display(self)
        pygame.transform.scale(self._pygame_screen, self._window.get_size(), self._window)
        pygame.display.flip()

    @property
    def surface(self):
        return self._pygame_screen


_DISPLAY = []  # one display per process (Blinka's rule): reused by every SimBoard


class SimBoard(Board):
    name = "sim"
    has_backlight = False
    fast = True  # the desktop decides as fast when posing as a handheld: the screen and buttons are posed, not the CPU
    gfx = GFX

    def __init__(self, profile="sim", scale=3, keyboard=False, nvm=None):
        """profile: the board to pose as; keyboard: keep the full keyboard's eight buttons anyway;
        nvm: the storage region for saves (a bytearray, or a FileRegion; None: no saves)."""
        Board.__init__(self)
        self.nvm = nvm
        if profile not in PROFILES:
            raise ValueError("board profile %r: not one of %s" % (profile, ", ".join(PROFILES)))
        scheme = PROFILES[profile]
        screen = scheme or PyBadgeScheme
        self.width = screen.width
        self.height = screen.height
        self.profile = profile
        if getattr(screen, "mono", False):  # a monochrome panel: the screens draw as for one
            self.gfx = Gfx(mono=True)
        if scheme is None or keyboard:
            self.keymap, self.holdmap, self.labels = KEYMAP, None, KEY_LABELS
        else:  # the board's own buttons, named as on the board
            self.name = scheme.name
            self.keymap, self.holdmap, self.labels = scheme.keymap, scheme.holdmap, scheme.labels
        # A keyboard key is the board's key whose short press is its button (on the CLUE the
        # Down arrow is the left button and X the right one; hold them for the long presses).
        self.key_numbers = {}
        for code, button in PYGAME_KEYS.items():
            if button in self.keymap:
                self.key_numbers[code] = self.keymap.index(button)
        self.display = shared_display(self.width, self.height, scale)
        self.script = []  # scripted key codes, read before the keyboard
        self.tones = []  # (freq, ms) of every tone, for tests
        self.lit = -1  # the seat shown on the (virtual) pixels
        self.level = 4  # brightness
        self.lazy = False  # True: no drawing until a screenshot or draw() (tests that read texts only)
        self.stale = False
        # Link play: boards/base.py radio (host/play/sim.py's window: a UdpRadio; the tests:
        # firmware/linkloop.py's), and this device's name to a linked table (firmware/lobby.py
        # device_id: the tests give each simulated device its own).
        self.radio = None
        self.ident = "sim"

    def keyboard_help(self):
        """Which keyboard key is which of the posed board's buttons, for the window's title:
        "Down = A, X = B (hold for the long presses)" on the CLUE."""
        if self.keymap is KEYMAP:
            return KEY_HELP
        names = dict((bit, "the button" if text[0] == "@" else text) for bit, text in self.labels)
        parts = []
        arrows = 0
        for code, button in PYGAME_KEYS.items():  # in the keyboard's order: arrows, X, Z, Enter, Space
            if code not in self.key_numbers:
                continue
            if names.get(button) in ("←", "→", "↑", "↓"):
                arrows += 1  # an arrow key for the same arrow on the board
                continue
            parts.append("%s = %s" % (KEY_NAMES[code], names.get(button, "?")))
        text = ", ".join((["arrows move"] if arrows else []) + parts)
        if self.holdmap is not None:
            text += " (hold for the long presses)"
        return text

    def read_key(self):
        if self.script:
            return self.script.pop(0)
        for event in pygame.event.get((pygame.KEYDOWN, pygame.KEYUP, pygame.QUIT)):
            if event.type == pygame.QUIT or event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                raise QuitRequested()
            k = self.key_numbers.get(event.key)
            if k is not None:
                self.script.append(k * 2 + (1 if event.type == pygame.KEYDOWN else 0))
        if self.script:
            return self.script.pop(0)
        return -1

    def overflowed(self):
        return False

    def refresh(self):
        if self.lazy:
            self.stale = True  # drawn by the next screenshot or draw()
        else:
            self.display.refresh()

    def press(self, key_number, hold=False):
        """Queue a press (and its release unless hold) of a key number."""
        self.script.append(key_number * 2 + 1)
        if not hold:
            self.script.append(key_number * 2)

    def release(self, key_number):
        self.script.append(key_number * 2)

    def tone(self, freq, ms):
        if not self.muted:
            self.tones.append((freq, ms))

    def show_turn(self, seat, players):
        self.lit = seat

    def brightness(self, level):
        self.level = level

    def storage(self):
        return self.nvm

    def draw(self):
        """Draw what a lazy board left undrawn."""
        if self.stale:
            self.stale = False
            self.display.refresh()

    def screenshot(self, path):
        self.draw()
        pygame.image.save(self.display.surface, path)


def shared_display(width, height, scale):
    """The process's one display, made again only when the size changes."""
    if _DISPLAY and (_DISPLAY[0].width, _DISPLAY[0].height, _DISPLAY[0]._scale) == (width, height, scale):
        d = _DISPLAY[0]
        d.root_group = None
        return d
    if _DISPLAY:
        import displayio

        displayio.release_displays()
        _DISPLAY.clear()
    _DISPLAY.append(ScaledDisplay(width, height, scale))
    return _DISPLAY[0]


def make(profile="sim", scale=3):
    return SimBoard(profile, scale)

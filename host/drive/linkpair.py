"""Two simulated devices at one linked table, a host and a joiner, on one firmware/linkloop.py
ether, driven by their buttons on one clock (host_tests/test_link_screens.py, and the link
screens' pictures: host/drive/linkshots.py). Each device's Driver steps the other with it."""

import random

from firmware import screens
from firmware.lang import t
from firmware.linkloop import Ether
from host.drive.simdrive import Driver


def _track_layer(board):
    """Keep the layer the board last showed: the process has one display (boards/sim.py), which
    the two devices take in turn; a picture of one shows that device's layer again first."""
    plain = board.show

    def show(layer):
        board.layer_shown = layer
        plain(layer)

    board.show = show
    board.layer_shown = None


def on_glass(d):
    """Device d's screen on the process's one display, drawn (for its picture)."""
    b = d.board
    b.display.root_group = b.layer_shown.group
    b.stale = True
    b.draw()


class Pair:
    def __init__(self, profile="sim", seed=3, lang=None, lazy=True, saves=False, **faults):
        """saves: the host has a storage region (an 8 KiB flash stand-in), as a board does."""
        self.ether = Ether(seed, **faults)
        self.lazy = lazy
        self.profile = profile
        self.lang = lang
        self.host = self._device("H", profile, lang, bytearray(b"\xff" * 8192) if saves else None)
        self.join = self._device("C", profile, lang)
        self.host.peers = (self._stepper(self.join),)
        self.join.peers = (self._stepper(self.host),)

    def restart_host(self):
        """The host switched off and on: a new app on the same storage, its radio a new one under
        the same name (the old one gone from the ether), at the title menu, on the same clock."""
        old = self.host
        self.ether.radios = [r for r in self.ether.radios if r.name != "H"]
        self.host = self._device("H", self.profile, self.lang, bytearray(old.board.nvm))
        self.host.now = old.now
        self.host.peers = (self._stepper(self.join),)
        self.join.peers = (self._stepper(self.host),)
        return self.host

    def _device(self, name, profile, lang, nvm=None):
        d = Driver(profile, lazy=self.lazy, lang=lang, keyboard=False, nvm=nvm)  # the board's own buttons
        d.board.radio = lambda: self.ether.radio(name)
        _track_layer(d.board)
        d.board.ident = "dev" + name
        d.app.randbytes = random.Random(name).randbytes
        screens.show_title(d.app)
        return d

    def _stepper(self, other):
        def step(now):
            self.ether.now = now
            other.now = now
            other.app.step(now)
            while other.app.work:
                other.app.step(now)

        return step


def enter_code(d, code):
    """The four digits with the board's buttons, each stepped from what it shows (the cursor on
    the first): UP (else DOWN, the other way round) changes it, RIGHT (else A) moves on; A on
    the last joins."""
    screen = d.app.screen
    right = "RIGHT" if d.has("RIGHT") else "A"
    for i, ch in enumerate(code):
        k = (int(ch) - screen.digits[i]) % 10
        if d.has("UP"):
            d.press(*["UP"] * k)
        else:
            d.press(*["DOWN"] * ((10 - k) % 10))
        if i < 3:
            d.press(right)
    d.press("A")


def to_lobby(h, game="cinquillo", players=2, **values):
    h.menu_to(t(b"m_host"))
    h.press("A")
    h.choose_value("game", game)
    h.choose_value("players", players)
    for k in values:
        h.choose_value(k, values[k])
    h.menu_to("start")
    h.press("A")
    assert h.screen_name() == "Lobby", h.screen_texts()
    return h.app.link.host.code


def to_table_list(j):
    j.menu_to(t(b"m_join"))
    j.press("A")
    j.run_until(lambda: len(j.app.screen.items) > 1)
    j.press("A")
    assert j.screen_name() == "CodeEntry"


def seat_and_start(h, j, code):
    """The joiner types the code and waits to be seated, the host starts, both at the table."""
    enter_code(j, code)
    j.run_until(lambda: j.screen_name() == "Waiting")
    h.run_until(lambda: h.app.link.host.can_start())
    h.press("A")
    j.run_until(lambda: j.app.screen.table, limit=500)
    h.run_until(lambda: h.app.screen.table, limit=500)


def play_to_the_end(h, j, steps=3000, until=None):
    """Both people take their turns and page on until both show the match over (or until())."""
    for _ in range(steps):
        if until is not None and until():
            return
        for d in (h, j):
            m = d.app.match
            if d.app.screen.table and m is not None and m.state.is_round_over():
                d.press("A")
            elif d.app.screen.table and m is not None and m.my_turn():
                d.play_turn()
            elif not d.app.screen.table and d.screen_name() != "MatchOverPager":
                d.press("A")
        if h.screen_name() == "MatchOverPager" and j.screen_name() == "MatchOverPager":
            return
        h.step(100)
    raise AssertionError((h.screen_texts(), j.screen_texts()))


def playing_until(d, cond, limit):
    """Steps of 100 ms, the person taking each turn, until cond()."""
    for _ in range(limit):
        if cond():
            return
        m = d.app.match
        if d.app.screen.table and m.my_turn():
            d.play_turn()
        else:
            d.step(100)
    raise AssertionError(d.screen_texts())

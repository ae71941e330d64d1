"""Issue 12, done when: on every board, driven by that board's own buttons, every text on every
screen names only buttons the board has.

One full round (and the menus and pages around it) per board scheme and language through
host/drive/simdrive.py with keyboard=False: the CLUE's two buttons with short and long presses, the one-button
Feather's short, long and very long presses, and so on. Every text line on show after each
step is checked for the name of a button of any board (its printed labels, the keyboard's,
the logical names and the old words) that this board lacks.
"""

import re
import sys

import pytest

from boards.base import BUTTON_NAMES
from boards.schemes import SCHEMES
from firmware import lang
from firmware.lang import CODES
from host.drive import screenwalk, simdrive

BOARDS = tuple(scheme.name for scheme in SCHEMES)
OLD_WORDS = "UP DOWN LEFT RIGHT START SELECT A B X Z Enter Space D0 D1 D2".split()
ARROWS = "←→↑↓"


def all_button_names():
    """Every name a button has on some board: printed labels, the desktop keyboard's, the
    logical names, the old words; arrows one by one."""
    from boards.sim import KEY_LABELS

    names = set(OLD_WORDS)
    names.update(name for _, name in BUTTON_NAMES)
    for labels in [scheme.labels for scheme in SCHEMES] + [KEY_LABELS]:
        for _, text in labels:
            if not text.startswith("@"):  # "@hold": a word of the language, not a name
                names.update(tokens(text.lstrip("~")))
    return names


# "A" as the English or Portuguese article before these nouns is no button ("A row opens with
# its 11", "A partida termina com 500").
ARTICLE_A = re.compile(
    r"\bA (?=(row|card|round|match|tie|player|seat|bot|game|partida|rodada|carta|fila|vez|jogada|mão)\b)"
)


def tokens(text):
    """The words and the arrows in a text."""
    text = ARTICLE_A.sub("", text)
    return set(re.findall(r"\w+", text)) | set(ch for ch in text if ch in ARROWS)


def board_names(board):
    """The names this board's screens may use: those firmware/keys.py gives its buttons."""
    from firmware import keys

    have = set()
    for bit, _ in BUTTON_NAMES:
        have.update(tokens(keys.label(board, bit)))
    return have


def foreign_names(text, allowed, every):
    """The button names in text (whole words, or arrows) that are not in allowed."""
    return sorted((tokens(text) & every) - allowed)


class Watch:
    """After every step of the driver: the texts on show, and which name foreign buttons."""

    def __init__(self, d):
        self.d = d
        self.every = all_button_names()
        self.allowed = board_names(d.board)
        self.bad = {}  # text -> (screen, foreign names)
        step = d.step

        def watched(dt=20, n=1):
            for _ in range(n):
                step(dt)
                self.look()

        d.step = watched

    def look(self):
        d = self.d
        skip = ()
        on_table = (d.runner is None or d.runner.error is None) and d.app.screen.table
        if on_table:
            skip = getattr(d.app.table, "letters", ())  # the rows' color initials (R Y B G)
        for line in d.shown_lines():
            if any(line is s for s in skip):
                continue
            foreign = foreign_names(line.text, self.allowed, self.every)
            if foreign and line.text not in self.bad:
                screen = "error screen" if not on_table and d.runner and d.runner.error else d.screen_name()
                self.bad[line.text] = (screen, foreign)

    def report(self, board):
        return "%s in %s shows buttons it does not have:\n%s" % (
            board,
            lang.current(),
            "\n".join("  %s: %r names %s" % (s, text, "/".join(f)) for text, (s, f) in sorted(self.bad.items())),
        )


def drive_round(board, code="en"):
    """Title, its pages, a new match, one whole round with pause and hint, the results."""
    d = simdrive.Driver(board, keyboard=False, lazy=True, lang=code)
    assert lang.current() == code
    watch = Watch(d)
    watch.look()
    for key in ("help", "settings", "rules", "stats"):
        d.menu_to(key)
        d.press("A")
        for _ in range(4):  # help goes on to the self-test page first
            if d.screen_name() == "TitleMenu":
                break
            d.back()
        assert d.screen_name() == "TitleMenu", key
    d.menu_to("new")
    d.press("A")
    d.menu_to("start")
    d.press("A")
    m = d.app.match
    assert d.screen_name() == "TableScreen"
    d.run_until(lambda: m.my_turn(), dt=1000)
    d.press("START")
    assert d.screen_name() == "PauseMenu"
    d.menu_to("resume")
    d.press("A")
    if d.has("SELECT"):
        d.press("SELECT")  # the hint
    bad = [i for i, c in enumerate(d.app.table_screen.items(m)) if not m.legal(c)]
    if bad:  # a refused move and its reason
        d.app.table_screen.cursor = bad[0]
        d.press("A")
    moves = 0
    while m.state.phase == 0:
        if m.my_turn():
            d.play_turn()
            moves += 1
        else:
            d.step(1000)
        assert moves < 300, "the round does not end"
    for _ in range(6):  # the round's end, the scores, on to the next round
        if d.screen_name() == "TableScreen" and m.state.phase == 0:
            break
        d.press("A")
    assert d.screen_name() in ("TableScreen", "TitleMenu"), d.screen_name()
    return d, watch


@pytest.fixture(params=CODES)
def language(request):
    """Each language of firmware/lang in turn (ELFER_LANG at boot), English again afterwards."""
    yield request.param
    lang.use("en")


@pytest.mark.parametrize("board", BOARDS)
def test_a_whole_round_on_the_boards_own_buttons_names_only_its_buttons(board, language):
    d, watch = drive_round(board, language)
    from firmware import menus

    assert menus.stats_text(d.app)  # the round was played to its end and counted
    assert not watch.bad, watch.report(board)


@pytest.mark.parametrize("board", BOARDS)
def test_the_error_screen_names_only_the_boards_buttons(board, language, capsys):
    d = simdrive.Driver(board, keyboard=False, runner=True, lazy=True, lang=language)
    watch = Watch(d)
    shown = []
    screenwalk.error_screen(d, lambda name, d: shown.append(name))  # a fault injected in a turn
    assert shown == ["error"] and d.runner.error is not None
    capsys.readouterr()  # the traceback the error screen prints for the serial console
    assert not watch.bad, watch.report(board)


def test_a_foreign_name_is_found_as_a_whole_word_only():
    every = all_button_names()
    clue = board_names(simdrive.SimBoard("clue", scale=1))
    assert {"A", "B"} <= clue and "START" not in clue
    assert foreign_names("A: choose  START: menu", clue, every) == ["START"]
    assert foreign_names("B11 played, ADD, Zebra, Spaces", clue, every) == []
    assert foreign_names("A row opens with its 11.", set(), every) == []
    assert foreign_names("A partida termina com 500 de penalidade.", set(), every) == []
    assert foreign_names("A rows, A to play", set(), every) == ["A"]
    assert foreign_names("←→: move", clue, every) == ["←", "→"]
    badge = board_names(simdrive.SimBoard("pybadge", scale=1))
    assert foreign_names("←→: move  START: menu  X: play", badge, every) == ["X"]


@pytest.mark.parametrize(
    "board, key, number, title",
    [
        ("pybadge", "K_x", 1, "arrows move, X = A, Z = B, Enter = START, Space = SELECT"),
        ("pybadge", "K_LEFT", 7, None),
        ("clue", "K_DOWN", 0, "Down = A, X = B (hold for the long presses)"),
        ("clue", "K_x", 1, None),
        ("feather_tft", "K_DOWN", 0, "Down = the button (hold for the long presses)"),
        ("feather_reverse_tft", "K_z", 0, "Down = D2, X = D1, Z = D0 (hold for the long presses)"),
        ("sim", "K_x", 4, "arrows move, X = A, Z = B, Enter = START, Space = SELECT"),
    ],
)
def test_a_keyboard_key_is_the_posed_boards_key_of_its_button(board, key, number, title):
    """In the window (make play --board ...), a key makes the board key whose short press is
    its button, and the window's title says which key is which of the board's buttons."""
    import pygame

    b = simdrive.SimBoard(board, scale=1)
    pygame.event.clear()
    code = getattr(pygame, key)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code))
    assert (b.read_key(), b.read_key(), b.read_key()) == (number * 2 + 1, number * 2, -1)
    if title is not None:
        assert b.keyboard_help() == title


@pytest.mark.parametrize(
    "module, cls",
    [
        ("pybadge", "PyBadge"),
        ("pygamer", "PyGamer"),
        ("clue", "Clue"),
        ("feather_tft", "FeatherTFT"),
        ("feather_tft", "FeatherReverseTFT"),
    ],
)
def test_a_board_class_has_the_scheme_the_simulator_poses_as(module, cls, monkeypatch):
    """The device's board classes and the simulator read the same scheme (boards/schemes.py)."""
    import importlib
    import types

    monkeypatch.setitem(sys.modules, "analogio", types.ModuleType("analogio"))  # Blinka's refuses this host
    monkeypatch.delitem(sys.modules, "boards." + module, raising=False)
    board_cls = getattr(importlib.import_module("boards." + module), cls)
    sim = simdrive.SimBoard(board_cls.name, scale=1)
    for attr in ("name", "width", "height", "keymap", "holdmap", "labels"):
        assert getattr(sim, attr) == getattr(board_cls, attr), attr

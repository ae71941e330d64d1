"""Buttons: auto-repeat, short/long presses on few-button boards, flush and overflow; board detection;
settings.toml defaults. Pure logic with a fake board and made-up times (no display needed)."""

import os
import sys

import pytest

from boards.base import DOWN, LEFT, RIGHT, START, UP, A, B

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))


class FakeBoard:
    def __init__(self, keymap, holdmap=None):
        self.keymap = keymap
        self.holdmap = holdmap
        self.codes = []
        self.lost = False

    def read_key(self):
        return self.codes.pop(0) if self.codes else -1

    def overflowed(self):
        lost, self.lost = self.lost, False
        return lost


def drain(inp, now):
    out = []
    while True:
        b = inp.next(now)
        if not b:
            return out
        out.append(b)


def test_press_gives_one_button_and_held_direction_repeats():
    from firmware.buttons import REPEAT_DELAY, REPEAT_EVERY, Input

    fb = FakeBoard((LEFT, RIGHT, A))
    inp = Input(fb)
    fb.codes += [1 * 2 + 1]  # RIGHT down
    assert drain(inp, 0) == [RIGHT]
    assert drain(inp, REPEAT_DELAY - 1) == []
    assert drain(inp, REPEAT_DELAY) == [RIGHT]
    assert drain(inp, REPEAT_DELAY + REPEAT_EVERY) == [RIGHT]
    fb.codes += [1 * 2]  # released
    assert drain(inp, 5000) == []
    fb.codes += [2 * 2 + 1]  # A held: never repeats
    assert drain(inp, 6000) == [A]
    assert drain(inp, 9000) == []


def test_presses_come_out_in_order():
    from firmware.buttons import Input

    fb = FakeBoard((LEFT, RIGHT, A))
    inp = Input(fb)
    fb.codes += [3, 2, 5, 4, 3, 2]  # RIGHT, A, RIGHT as press+release pairs (RIGHT=1: 3/2, A=2: 5/4)
    assert drain(inp, 0) == [RIGHT, A, RIGHT]


def test_two_button_board_short_long_presses():
    """CLUE: short left = DOWN, long left = B; short right = A, long right = START."""
    from boards.clue import Clue
    from firmware.buttons import LONG_MS, Input

    fb = FakeBoard(Clue.keymap, Clue.holdmap)
    inp = Input(fb)
    fb.codes += [1, 0]  # left pressed and released at once
    assert drain(inp, 0) == [DOWN]
    fb.codes += [3]
    assert drain(inp, 100) == []  # nothing until we know how long it is held
    assert drain(inp, 100 + LONG_MS) == [START]  # fires while held
    fb.codes += [2]
    assert drain(inp, 3000) == []  # the release adds nothing
    fb.codes += [1]
    drain(inp, 4000)
    fb.codes += [0]
    assert drain(inp, 4000 + LONG_MS + 5) == [B]


def test_one_button_board_very_long_press():
    from boards.feather_tft import FeatherTFT
    from firmware.buttons import LONG_MS, LONGER_MS, Input

    fb = FakeBoard(FeatherTFT.keymap, FeatherTFT.holdmap)
    inp = Input(fb)
    fb.codes += [1]
    assert drain(inp, 0) == []
    assert drain(inp, LONG_MS) == [A]
    assert drain(inp, LONGER_MS) == [START]
    fb.codes += [0]
    assert drain(inp, LONGER_MS + 10) == []


def test_flush_ignores_keys_held_across_a_screen_change():
    from firmware.buttons import REPEAT_DELAY, Input

    fb = FakeBoard((UP, DOWN, A))
    inp = Input(fb)
    fb.codes += [3]  # DOWN held
    assert drain(inp, 0) == [DOWN]
    inp.flush(10)
    assert drain(inp, 10 + 5 * REPEAT_DELAY) == []  # no repeat leaks into the new screen
    fb.codes += [2, 3]  # released and pressed again: counts
    assert drain(inp, 5000) == [DOWN]


def test_overflow_releases_everything():
    from firmware.buttons import REPEAT_DELAY, Input

    fb = FakeBoard((LEFT, RIGHT))
    inp = Input(fb)
    fb.codes += [1]  # LEFT held
    assert drain(inp, 0) == [LEFT]
    fb.lost = True  # the release was lost with the overflow
    assert drain(inp, 10 * REPEAT_DELAY) == []


@pytest.mark.parametrize(
    "ident, module",
    [
        ("pybadge", "pybadge"),
        ("pybadge_airlift", "pybadge"),
        ("edgebadge", "pybadge"),
        ("pygamer", "pygamer"),
        ("pygamer_advance", "pygamer"),
        ("clue_nrf52840_express", "clue"),
        ("adafruit_feather_esp32s3_tft", "feather_tft"),
        ("adafruit_feather_esp32s3_reverse_tft", "feather_tft"),
        ("adafruit_feather_esp32s2_tft", "feather_tft"),
        ("Adafruit PyGamer with samd51j19", "pygamer"),
        ("Adafruit CLUE nRF52840 Express with nRF52840", "clue"),
        ("Raspberry Pi Pico with rp2040", None),
    ],
)
def test_board_detection_by_id_or_machine(ident, module):
    from boards.detect import board_module

    assert board_module(ident) == module


def test_settings_toml_defaults_and_bad_values(capsys):
    from firmware.settings import Settings

    env = {"ELFER_SPEED": "3", "ELFER_MARKS": "0", "ELFER_SOUND": "loud", "ELFER_BRIGHTNESS": "9"}
    s = Settings()
    s.load_defaults(env.get)
    assert (s.speed, s.marks, s.sound, s.brightness) == (3, 0, 1, 4)
    out = capsys.readouterr().out
    assert "ELFER_SOUND='loud' ignored" in out and "ELFER_BRIGHTNESS='9' ignored" in out
    with pytest.raises(ValueError, match="speed must be 0..3"):
        s.set("speed", 7)


def test_clue_two_buttons_start_and_play_a_match():
    """On the CLUE's two buttons alone: choose New match, start it, play cards, open the menu."""
    pytest.importorskip("blinka_displayio_pygamedisplay")
    import simdrive

    d = simdrive.Driver("clue", keyboard=False)
    assert d.board.holdmap is not None
    d.press("DOWN", "A")  # New match
    assert d.screen_name() == "SetupMenu"
    d.menu_to("Start match")
    d.press("A")
    m = d.app.match
    assert d.screen_name() == "TableScreen"
    d.run_until(lambda: m.my_turn(), dt=1000)
    played = False  # until the person has placed a card with the buttons (drawing on the way)
    for _ in range(200):
        if m.state.phase or played:
            break
        if m.my_turn():
            if any(c < 250 for c in m.moves[: m.nmoves]):
                seat = m.view.seat
                before = len(m.state.hand_cards(seat))
                d.press("DOWN", "A")
                played = len(m.state.hand_cards(seat)) < before
            else:
                d.press("B")  # long press of the left button
        else:
            d.step(1000)
    assert played
    d.run_until(lambda: m.my_turn() or m.state.phase, dt=1000)
    d.press("START")  # long press of the right button
    assert d.screen_name() == "PauseMenu"

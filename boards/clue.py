"""Adafruit CLUE: 240x240 ST7789 and two buttons (short and long presses)."""

import board
import keypad

from boards.base import Board, builtin_display, neopixels
from boards.gfx_displayio import GFX
from boards.schemes import ClueScheme
from boards.speaker import Speaker


class Clue(ClueScheme, Board):
    gfx = GFX
    has_backlight = True
    radio_seats = 4  # BLE: the host's 4 peripheral connections (boards/radio_ble.py _PERIPHERALS)
    # The piezo is barely heard below about 2 kHz (Adafruit_CircuitPython_CLUE issue 56): the
    # app's sounds an octave or two up, each kind still its own pitch.
    sounds = {"play": 2637, "draw": 2349, "refuse": 2000, "won": 3520, "lost": 2217}  # Hz, the app's lengths

    def __init__(self):
        Board.__init__(self)
        self.display = builtin_display()
        self.keys = keypad.Keys((board.BUTTON_A, board.BUTTON_B), value_when_pressed=False, pull=True)
        self.event = keypad.Event()
        self.speaker = Speaker(board.SPEAKER)
        self.pixels = neopixels(1)

    def radio(self):
        """Link play over BLE (boards/radio_ble.py), loaded only now."""
        from boards.radio_ble import BleRadio

        return BleRadio(keep=self)


def make():
    return Clue()

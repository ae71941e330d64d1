"""Feather ESP32-S2/S3 TFT (one button) and Reverse TFT (three buttons): 240x135 ST7789."""

import board
import keypad

from boards.base import Board, builtin_display, neopixels, queue_overflowed
from boards.gfx_displayio import GFX
from boards.schemes import FeatherReverseTFTScheme, FeatherTFTScheme


class FeatherTFT(FeatherTFTScheme, Board):
    gfx = GFX
    has_backlight = True

    def __init__(self):
        Board.__init__(self)
        self.display = builtin_display()
        self.keys = keypad.Keys((board.D0,), value_when_pressed=False, pull=True)
        self.event = keypad.Event()
        self.pixels = neopixels(1)
        self.link_radio = None

    def radio(self):
        """Link play's radio (boards/base.py radio): ESP-NOW, its module imported only now. The
        port allows one ESPNow at a time: one left open (a session that never closed it) is
        closed first."""
        from boards.radio_espnow import EspNowRadio

        if self.link_radio is not None:
            self.link_radio.close()
            self.link_radio = None
        self.link_radio = EspNowRadio()
        return self.link_radio


class FeatherReverseTFT(FeatherReverseTFTScheme, FeatherTFT):
    def __init__(self):
        FeatherTFT.__init__(self)
        # D0 reads low when pressed, D1 and D2 read high: two scanners, D0 is key 0.
        self.keys2 = keypad.Keys((board.D1, board.D2), value_when_pressed=True, pull=True)

    def read_key(self):
        code = self.read_keypad(self.keys.events, 0)
        if code >= 0:
            return code
        return self.read_keypad(self.keys2.events, 1)

    def overflowed(self):
        a = queue_overflowed(self.keys.events)
        return queue_overflowed(self.keys2.events) or a


def make():
    if "REVERSE" in getattr(board, "board_id", "").upper():
        return FeatherReverseTFT()
    return FeatherTFT()

"""Feather ESP32-S2/S3 TFT (one button) and Reverse TFT (three buttons): 240x135 ST7789."""

import board
import keypad

from boards.base import DOWN, START, A, B, Board, builtin_display, neopixels, queue_overflowed, read_queue


class FeatherTFT(Board):
    name = "feather_tft"
    width = 240
    height = 135
    keymap = (DOWN,)
    # One button (BOOT/D0): short = next, long = choose/play, very long = pause menu.
    holdmap = ((DOWN, A, START),)
    has_backlight = True
    labels = ((DOWN, "@press"), (A, "@hold"), (START, "@hold_long"))
    keys_help = "D0: next (hold: choose/play; hold longer: menu)"

    def __init__(self):
        Board.__init__(self)
        self.display = builtin_display()
        self.keys = keypad.Keys((board.D0,), value_when_pressed=False, pull=True)
        self.event = keypad.Event()
        self.pixels = neopixels(1)


class FeatherReverseTFT(FeatherTFT):
    name = "feather_reverse_tft"
    keymap = (B, A, DOWN)
    # D0: short = back / draw-end-pass, long = pause menu; D1 = choose/play; D2 = next.
    holdmap = ((B, START, START), None, None)
    labels = ((DOWN, "D2"), (A, "D1"), (B, "D0"), (START, "~D0"))
    keys_help = "D2: next  D1: choose/play  D0: back/draw (hold: menu)"

    def __init__(self):
        FeatherTFT.__init__(self)
        # D0 reads low when pressed, D1 and D2 read high: two scanners, D0 is key 0.
        self.keys2 = keypad.Keys((board.D1, board.D2), value_when_pressed=True, pull=True)

    def read_key(self):
        code = read_queue(self.keys.events, self.event, 0)
        if code >= 0:
            return code
        return read_queue(self.keys2.events, self.event, 1)

    def overflowed(self):
        a = queue_overflowed(self.keys.events)
        return queue_overflowed(self.keys2.events) or a


def make():
    if "REVERSE" in getattr(board, "board_id", "").upper():
        return FeatherReverseTFT()
    return FeatherTFT()

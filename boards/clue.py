"""Adafruit CLUE: 240x240 ST7789 and two buttons (short and long presses)."""

import board
import keypad

from boards.base import DOWN, START, A, B, Board, Speaker, builtin_display, neopixels


class Clue(Board):
    name = "clue"
    width = 240
    height = 240
    keymap = (DOWN, A)
    # Left button: short = next (down / next playable card), long = B (back, draw/end/pass).
    # Right button: short = A (choose, play), long = START (pause menu).
    holdmap = ((DOWN, B, B), (A, START, START))
    has_backlight = True
    # The buttons are printed A (left) and B (right): logical A is the right one, "B".
    labels = ((DOWN, "A"), (A, "B"), (B, "~A"), (START, "~B"))
    keys_help = "Left: next (hold: back/draw)  Right: choose/play (hold: menu)"

    def __init__(self):
        Board.__init__(self)
        self.display = builtin_display()
        self.keys = keypad.Keys((board.BUTTON_A, board.BUTTON_B), value_when_pressed=False, pull=True)
        self.event = keypad.Event()
        self.speaker = Speaker(board.SPEAKER)
        self.pixels = neopixels(1)


def make():
    return Clue()

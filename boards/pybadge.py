"""PyBadge, PyBadge LC and EdgeBadge: 160x128 ST7735R, eight buttons on a shift register."""

import board
import keypad

from boards.base import Board, builtin_display, neopixels
from boards.gfx_displayio import GFX
from boards.schemes import PyBadgeScheme
from boards.speaker import Speaker


def shift_register_keys(count):
    """The badges' buttons: a 74HC165 shift register read by keypad (pressed reads high)."""
    return keypad.ShiftRegisterKeys(
        clock=board.BUTTON_CLOCK,
        data=board.BUTTON_OUT,
        latch=board.BUTTON_LATCH,
        key_count=count,
        value_when_pressed=True,
    )


class PyBadge(PyBadgeScheme, Board):
    gfx = GFX
    has_backlight = True

    def __init__(self):
        Board.__init__(self)
        self.display = builtin_display()
        self.keys = shift_register_keys(8)
        self.event = keypad.Event()
        self.speaker = Speaker(board.SPEAKER, getattr(board, "SPEAKER_ENABLE", None), True)  # A0: the DAC
        self.pixels = neopixels(5)
        self._battery = None

    def battery(self):
        """Percent from the LiPo voltage divider (3.3 V empty .. 4.2 V full), None without it."""
        pin = getattr(board, "VOLTAGE_MONITOR", None) or getattr(board, "A6", None)
        if pin is None:
            return None
        if self._battery is None:
            import analogio

            self._battery = analogio.AnalogIn(pin)
        volts = self._battery.value * 2 * 3.3 / 65536
        pct = int((volts - 3.3) * 100 / 0.9)
        return 0 if pct < 0 else 100 if pct > 100 else pct


def make():
    return PyBadge()

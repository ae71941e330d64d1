"""PyBadge, PyBadge LC and EdgeBadge: 160x128 ST7735R, eight buttons on a shift register."""

import board
import keypad

from boards.base import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B, Board, Speaker, builtin_display, neopixels


def shift_register_keys(count):
    """The badges' buttons: a 74HC165 shift register read by keypad (pressed reads high)."""
    return keypad.ShiftRegisterKeys(
        clock=board.BUTTON_CLOCK,
        data=board.BUTTON_OUT,
        latch=board.BUTTON_LATCH,
        key_count=count,
        value_when_pressed=True,
    )


class PyBadge(Board):
    name = "pybadge"
    width = 160
    height = 128
    # Shift register order: 0 B, 1 A, 2 Start, 3 Select, 4 Right, 5 Down, 6 Up, 7 Left.
    keymap = (B, A, START, SELECT, RIGHT, DOWN, UP, LEFT)
    has_backlight = True
    # The D-pad is marked with arrows; A, B, START and SELECT are printed on the board.
    labels = (
        (LEFT, "←"),
        (RIGHT, "→"),
        (UP, "↑"),
        (DOWN, "↓"),
        (A, "A"),
        (B, "B"),
        (START, "START"),
        (SELECT, "SELECT"),
    )
    keys_help = "D-pad: move  A: play/choose  B: draw/end/back  START: menu  SELECT: hint"

    def __init__(self):
        Board.__init__(self)
        self.display = builtin_display()
        self.keys = shift_register_keys(8)
        self.event = keypad.Event()
        self.speaker = Speaker(board.SPEAKER, getattr(board, "SPEAKER_ENABLE", None))
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

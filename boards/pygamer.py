"""PyGamer: 160x128 ST7735R, four buttons on a shift register and an analog joystick."""

import analogio
import board

from boards.pybadge import PyBadge, shift_register_keys
from boards.schemes import PyGamerScheme

# Joystick thresholds (16-bit ADC, centre ~32768): a direction turns on beyond ON
# and off again only inside OFF, so a stick resting near the edge does not chatter.
ON = 16000
OFF = 9000
JOY_KEYS = 4  # synthesized key numbers 4..7: right, down, up, left (the PyBadge order)


class PyGamer(PyGamerScheme, PyBadge):
    def __init__(self):
        PyBadge.__init__(self)  # display, speaker, pixels, battery
        self.keys.deinit()
        self.keys = shift_register_keys(4)  # B, A, Start, Select; the stick gives the directions
        self.jx = analogio.AnalogIn(board.JOYSTICK_X)
        self.jy = analogio.AnalogIn(board.JOYSTICK_Y)
        self.joy = 0  # bits: 1 right, 2 down, 4 up, 8 left (key numbers 4..7)

    def read_key(self):
        code = self.read_keypad(self.keys.events, 0)
        if code >= 0:
            return code
        return self._stick()  # key_ms is -1: the stick is read now

    def _stick(self):
        """One change of the stick's state as a key code, or -1."""
        dx = self.jx.value - 32768
        dy = self.jy.value - 32768
        for bit, delta in ((0, dx), (1, dy), (2, -dy), (3, -dx)):
            mask = 1 << bit
            if not self.joy & mask and delta > ON:
                self.joy |= mask
                return (JOY_KEYS + bit) * 2 + 1
            if self.joy & mask and delta < OFF:
                self.joy &= ~mask
                return (JOY_KEYS + bit) * 2
        return -1


def make():
    return PyGamer()

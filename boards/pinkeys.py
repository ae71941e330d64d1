"""Buttons on machine.Pin inputs read like a CircuitPython keypad: key numbers, debounced.

read_key() -> -1 (nothing new), else key_number * 2 + 1 (pressed) or key_number * 2
(released), one change per call, in key order. A level must hold for INTERVAL_MS (20 ms,
keypad's default interval) before it counts, so a contact that bounces for a few ms gives
nothing. Times come from time.ticks_ms and are compared with ticks_diff (they wrap). There
is no queue to lose events: overflowed() is always False. Nothing is allocated per read.
"""

import time

INTERVAL_MS = 20


class PinKeys:
    def __init__(self, pins, value_when_pressed=False, pull=True, ticks_ms=None):
        """pins: GPIO numbers in key-number order; value_when_pressed: the level of a pressed
        button, one for all or a tuple per pin (most boards: low, with the pull-up on)."""
        from machine import Pin

        n = len(pins)
        if isinstance(value_when_pressed, (tuple, list)):
            if len(value_when_pressed) != n:
                raise ValueError("%d levels for %d pins" % (len(value_when_pressed), n))
            levels = value_when_pressed
        else:
            levels = (value_when_pressed,) * n
        self.active = bytearray(1 if v else 0 for v in levels)
        self.pins = []
        for i in range(n):
            pull_to = None
            if pull:
                pull_to = Pin.PULL_DOWN if self.active[i] else Pin.PULL_UP
            self.pins.append(Pin(pins[i], Pin.IN, pull_to))
        self.down = bytearray(n)  # the debounced state: 1 pressed
        self.moving = bytearray(n)  # 1: the pin reads other than down since `since`
        self.since = [0] * n
        self.ticks = ticks_ms or time.ticks_ms

    def read_key(self):
        now = self.ticks()
        down = self.down
        moving = self.moving
        for k in range(len(down)):
            pressed = 1 if self.pins[k].value() == self.active[k] else 0
            if pressed == down[k]:
                moving[k] = 0  # back where it was: a bounce, forgotten
            elif not moving[k]:
                moving[k] = 1
                self.since[k] = now
            elif time.ticks_diff(now, self.since[k]) >= INTERVAL_MS:
                down[k] = pressed
                moving[k] = 0
                return k * 2 + pressed
        return -1

    def overflowed(self):
        return False

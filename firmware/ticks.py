"""Millisecond ticks that wrap (supervisor.ticks_ms on CircuitPython), via adafruit_ticks."""

try:
    from adafruit_ticks import ticks_add, ticks_diff, ticks_ms  # noqa: F401
except ImportError:  # MicroPython without the library
    import time

    ticks_ms = time.ticks_ms
    ticks_diff = time.ticks_diff
    ticks_add = time.ticks_add

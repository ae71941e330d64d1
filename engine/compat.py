"""Runtime shims so one source runs on CPython, MicroPython and CircuitPython."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x

"""Runtime shims so one source runs on CPython, MicroPython and CircuitPython."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


def unload(name):
    """Forget a setup-only engine module (e.g. "rules") so the garbage collector can free it.

    A later import loads it again. Only for modules nothing running still refers to.
    """
    import sys

    import engine

    sys.modules.pop("engine." + name, None)
    if name in engine.__dict__:
        delattr(engine, name)

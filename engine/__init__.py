"""Elfer Raus / Cinquillo rules engine: pure Python for CPython, MicroPython and CircuitPython.

The package itself holds the runtime shims every module needs, so one source runs on all three
(kept here rather than in a module of their own: a module is three more interned names and its
own objects on a board)."""

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


def unload(name):
    """Forget a rarely used module so the garbage collector can free it: "rules" means
    engine.rules (setup-only); a dotted name such as "firmware.saves" is taken as it is.

    A later import loads it again. Only for modules nothing running still refers to.
    """
    import sys

    full = name if "." in name else "engine." + name
    package, _, short = full.rpartition(".")
    sys.modules.pop(full, None)
    parent = sys.modules.get(package)
    if parent is not None and short in parent.__dict__:
        delattr(parent, short)

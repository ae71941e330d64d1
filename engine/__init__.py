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


def digits(text, n=9):
    """The value of `text` when it is 1..`n` ASCII digits 0-9, else -1.

    str.isdigit() also says yes to '²' and Arabic-Indic digits, which int()
    refuses or reads; and a number of thousands of digits is refused by
    CPython's int() and is a heap-filling bigint on a board. Callers that
    read numbers people or files wrote check them here before int().
    With the default 9 digits every value stays below 2**30 (a small int).
    """
    if not 0 < len(text) <= n:
        return -1
    for ch in text:
        if not 48 <= ord(ch) <= 57:  # "0".."9" (by code: no string constants to intern)
            return -1
    return int(text)

"""Which board are we on? board.board_id, else os.uname().machine, overridable in settings.toml.

    ELFER_BOARD = "pygamer"     # in settings.toml: skip detection
    board, notice = detect.load(os.getenv)

The table maps a fragment of the board id (or machine string) to the module
in boards/ that drives it; the first match wins, so specific names come first.
"""

BOARDS = (
    ("pygamer", "pygamer"),
    ("pybadge", "pybadge"),
    ("edgebadge", "pybadge"),
    ("clue", "clue"),
    ("esp32s2_tft", "feather_tft"),
    ("esp32s3_tft", "feather_tft"),
    ("esp32s3_reverse_tft", "feather_tft"),
    ("esp32-s2 tft", "feather_tft"),
    ("esp32-s3 tft", "feather_tft"),
    ("esp32-s3 reverse tft", "feather_tft"),
)
# MicroPython profiles: nothing on the board tells which display pack is fitted, so
# ELFER_BOARD names them (the MicroPython bundle writes it into settings.toml).
MP_MODULES = ("pico_lcd_114", "pico_display", "pico_lcd_13", "oled128x64")
# A Pico under CircuitPython says only raspberry_pi_pico: ELFER_BOARD names its display too.
CP_PICO_MODULES = ("pico_st7735r", "pico_lcd_114_cp")
MODULES = ("pybadge", "pygamer", "clue", "feather_tft", "sim") + CP_PICO_MODULES + MP_MODULES


def board_module(ident):
    """The boards/ module name for a board id or machine string, or None."""
    text = ident.lower()
    for fragment, module in BOARDS:
        if fragment in text:
            return module
    return None


def identify():
    """(module name, the board id or machine string it was found by)."""
    import os
    import sys

    try:
        import board

        ident = getattr(board, "board_id", "")
    except ImportError:
        ident = ""
    found = board_module(ident) if ident else None
    if found is None:
        uname = getattr(os, "uname", None)  # (the MicroPython unix port has none)
        ident = uname().machine if uname else getattr(sys.implementation, "_machine", "")
        found = board_module(ident)
    if found is None and sys.implementation.name == "micropython":
        raise RuntimeError(
            "MicroPython cannot tell which display %r has: set ELFER_BOARD in settings.toml to one of %s"
            % (ident, ", ".join(MP_MODULES))
        )
    if found is None:
        raise RuntimeError(
            "unknown board %r: set ELFER_BOARD in settings.toml to one of %s" % (ident, ", ".join(MODULES))
        )
    return found, ident


def forced(getenv):
    """(the module ELFER_BOARD names in settings.toml or None, why it is not used or '')."""
    if getenv is None:
        return None, ""
    try:
        name = getenv("ELFER_BOARD")  # CircuitPython up to 10.1 raises on a malformed value
    except Exception as e:
        return None, "unreadable (%s)" % (e,)
    if name is None or name in MODULES:
        return name, ""
    return None, "%r is not one of %s" % (name, ", ".join(MODULES))


def make(name):
    mod = __import__("boards." + name, None, None, ["make"])
    return mod.make()


def load(getenv=None):
    """(the board object, a notice for the screen or ''): the board settings.toml's
    ELFER_BOARD names, else the detected one. A bad ELFER_BOARD (unreadable, unknown, or
    a profile this bundle lacks or that fails on this board) is passed over: the serial
    console says why."""
    name, why = forced(getenv)
    if name is not None:
        try:
            return make(name), ""
        except Exception as e:  # ImportError: not in this bundle (clue on a pybadge bundle, sim)
            why = "%r did not start (%s: %s)" % (name, type(e).__name__, e)
    try:
        found = identify()[0]
    except RuntimeError:
        if why:  # nothing to fall back on: say what was wrong with ELFER_BOARD
            raise RuntimeError("settings.toml: ELFER_BOARD " + why) from None
        raise
    board = make(found)
    if not why:
        return board, ""
    print("settings.toml: ELFER_BOARD %s; detected instead" % why)
    return board, "settings.toml: ELFER_BOARD bad, board detected"

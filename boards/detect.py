"""Which board are we on? board.board_id, else os.uname().machine, overridable in settings.toml.

    ELFER_BOARD = "pygamer"     # in settings.toml: skip detection

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
MODULES = ("pybadge", "pygamer", "clue", "feather_tft", "sim")


def board_module(ident):
    """The boards/ module name for a board id or machine string, or None."""
    text = ident.lower()
    for fragment, module in BOARDS:
        if fragment in text:
            return module
    return None


def identify():
    """(module name, how it was found): the settings.toml override first."""
    import os

    forced = os.getenv("ELFER_BOARD") if hasattr(os, "getenv") else None
    if forced:
        if forced not in MODULES:
            print("settings.toml: ELFER_BOARD=%r is not one of %s; detecting instead" % (forced, ", ".join(MODULES)))
        else:
            return forced, "settings.toml"
    try:
        import board

        ident = getattr(board, "board_id", "")
    except ImportError:
        ident = ""
    found = board_module(ident) if ident else None
    if found is None:
        ident = os.uname().machine
        found = board_module(ident)
    if found is None:
        raise RuntimeError(
            "unknown board %r: set ELFER_BOARD in settings.toml to one of %s" % (ident, ", ".join(MODULES))
        )
    return found, ident


def load(name=None):
    """Make the board object: by name, or the detected one."""
    if name is None:
        name = identify()[0]
    mod = __import__("boards." + name, None, None, ["make"])
    return mod.make()

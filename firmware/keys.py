"""Button names as the board prints them, and the hints built from them.

A board profile lists labels: (logical button, label) pairs for the buttons it
really has. A label is the printed name ("A", "START", "D1", an arrow), "~X" for
a long press of X, "~~X" for a very long press, or "@word" for a word of the
language table (a one-button board's "press"/"hold"). A hint is a tuple of
(buttons, text key) pairs: buttons are alternatives (UP | DOWN); a pair none
of whose buttons the board has is left out, so no screen names a button the
board does not have.
"""

from boards.base import BUTTON_NAMES
from firmware.lang import t


def label(board, b):
    """The name of logical button b on this board, or '' when it has no such button."""
    for bit, text in board.labels:
        if bit == b:
            if text[0] == "@":
                return t("btn_" + text[1:])
            if text[:2] == "~~":
                return t(b"btn_hold_long_x") % text[2:]
            if text[0] == "~":
                return t(b"btn_hold_x") % text[1:]
            return text
    return ""


def names(board, buttons):
    """The board's names for the alternatives in the bit mask `buttons`, as a player reads them:
    arrows run together ("←→", "↑↓"), anything else joined with the language's "or" ("A or B",
    "X or Z"); '' when it has none."""
    got = []
    for bit, _ in BUTTON_NAMES:
        if buttons & bit:
            name = label(board, bit)
            if name and name not in got:
                got.append(name)
    arrows = True
    for name in got:
        if len(name) > 1 or name.isalpha():
            arrows = False
    return ("" if arrows else " " + t(b"msg_or") + " ").join(got)


def hint(board, pairs, cols=0):
    """'A: choose  B: back' from ((A, 'k_choose'), (B, 'k_back')), in the board's names.
    pairs go most important first: with cols, those that do not fit the line are left out."""
    out = ""
    for buttons, key in pairs:
        name = names(board, buttons)
        if name:
            part = name + ": " + t(key)
            if out:
                part = "  " + part
            if cols and len(out) + len(part) > cols:
                continue
            out += part
    return out

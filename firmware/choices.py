"""The set-up's choices and the menus' items: the tables a match's rules are made from, the
defaults, and the helpers the menus build their items with.

Loaded by the menus and pages (firmware/menus.py, pages.py, statscreens.py) and while a match's
rules are made (firmware/app.py make_rules, restore.py), dropped with them when the table shows
(firmware/app.py table_first): a round in play does not carry them (docs/memory.md, "Scenes").
Menus are lists of items, [text, key, choices, index]: choices None for an action, else a tuple
of (label, value) pairs that LEFT/RIGHT (or A) step through.
"""

from firmware.lang import t


def item(text, key, choices=None, index=0):
    return [text, key, choices, index]


def actions(pairs):
    """Menu items that are actions: (lang key, item key) pairs."""
    return [item(t(text), key) for text, key in pairs]


def label(x):
    """A choice's label: a lang key (b"c_off"), a (key, number) pair (b"c_to", 500), or a text ("25%")."""
    if isinstance(x, tuple):
        return t(x[0]) % x[1]
    if isinstance(x, bytes):
        return t(x)
    return x


def value_of(it):
    return it[2][it[3]][1]


# The set-up's tables a match's rules are made from (firmware/app.py make_rules, restore.py).
ON_OFF = ((b"c_off", 0), (b"c_on", 1))
ELFER_OPTIONS = (
    (b"m_optional_pass", "optional_pass", ON_OFF),
    (b"m_draw", "draw", (("1", 1), (b"c_up_to_3", 3))),
    (b"m_start_10_12", "start_10_12", ON_OFF),
    (b"m_actions", "actions", ON_OFF),
)


def _lengths(limits):
    """A match to each points limit, then one round and three rounds: (label, (option, value))."""
    return tuple(((b"c_to", n), ("limit", n)) for n in limits) + (
        (b"c_1round", ("rounds", 1)),
        ((b"c_rounds", 3), ("rounds", 3)),
    )


LENGTHS = {"elfer": _lengths((500, 300, 100, 1000)), "cinquillo": _lengths((30, 20, 10, 50))}
LENGTHS["bastard"] = LENGTHS["cinquillo"]


def setup_defaults():
    return {
        "game": "elfer",
        "variant": "classic",
        "optional_pass": 0,
        "draw": 1,
        "start_10_12": 0,
        "actions": 0,
        "players": 4,
        "levels": ["medium"] * 6,
        "length": 0,
        "dealer": -1,
    }

"""Elfer Raus / Cinquillo rules engine: pure Python for CPython, MicroPython and CircuitPython.

The package itself holds the runtime shims every module needs, so one source runs on all three
(kept here rather than in a module of their own: a module is three more interned names and its
own objects on a board).

The device's module map (this docstring costs no RAM: mpy-cross and the boards' compilers drop
docstrings). The tree stays flat, with no package added on the import path (each costs heap).
Resident during play (the boot loads them; host/measure/fw_mem.py lists the boot's modules): engine/
cards, state, deal, turn, scoring, rng, crc, view, bots and the bot levels in play, snapshot
(with saves); firmware/ app, runner, screens, table, ui, match, store, words, lang, buttons,
keys, settings, ticks. Loaded on demand and
unloaded after (engine.unload): firmware/ choices, menus, pages, statscreens (menus and pages),
handover (a pass-and-play hand-over), tablebuild (the table's drawing made), compact, restore
(boot and Continue), saves and statstext (statistics), storeread (boot, error areas), results,
matchend, crash, export; engine/ rules and rules_text (set-up), names (a card named), reasons
(a move refused), explicit (a hand-written deal), snapshot_load (a save read), errors,
messages, english, hint. Link play (issue 47; remote.MODULES, let go when the table is left):
firmware/ lobby (the way in), hosting, remotehost, linkhost, linksave (the host's), joining,
remoteclient, linkclient (a joiner's), remote, linkframe, linkpeer, linkview, radiostate (both);
engine/ fairdeal, hashing, sha256. A joiner lets firmware/match, engine/bots and snapshot go
at a linked table (firmware/app.py match_code(None)) and loads them back when it leaves.

Split modules: the on-demand half imports the resident half's public names only, and the
resident half loads it by module, never by its private names:
    engine/snapshot -> snapshot_load (HEAD, NO_SEAT, bit_width, deck_of, Tape)
    engine/deal -> explicit, snapshot_load (give, clear_round, open_round, build_deck)
    engine/cards -> names; engine/turn -> reasons (holds, obligated, plays)
    engine/rules -> rules_text (refusal, make_rules); rules <-> errors (public both ways)
    firmware/store -> storeread (PAYLOAD, MAGIC0, MAGIC1, ERROR_AREA)
    firmware/saves -> statstext (GAMES, LEVELS, NO_BEST, PLACES)
    firmware/app -> restore: restore uses engine.unload and App's public methods; one
        App method, continue_with(match, setup), puts a restored match in play
    firmware/app -> runner (Runner wraps App; main() loads it)
    firmware/table -> tablebuild; screens -> menus, pages, handover, statscreens
"""

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
    for c in text.encode():  # (a str's characters, iterated, would each be interned as a name)
        if not 48 <= c <= 57:  # "0".."9", and no other digit
            return -1
    return int(text)

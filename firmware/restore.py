"""Boot and Continue: reading the saves, and putting a saved match back on the table.

Loaded only for that (firmware/app.py unloads it after), so a running match
does not carry this code.
"""

import gc

from firmware import screens
from firmware.app import _saves, _unload, _unload_saves


def open_store(app):
    """Boot: the board's storage region, the saved settings, statistics and match.
    (engine/snapshot.py, which every save needs, is loaded when the first match starts.)"""
    try:
        region = app.board.storage()
        if region is None:
            return
        from firmware.store import Store

        app.store = Store(region)
        payload = app.store.load()
        _unload("storeread")  # reading is done: boot only
    except (OSError, ValueError) as e:
        print("storage unusable: %s" % (e,))
        app.store = None
        return
    saves = _saves()
    if payload is not None:
        app.stats, app.saved, app.notice = saves.decode(payload, app.settings)
        if app.notice:
            print(app.notice)
    app.head = saves.head(app.settings, app.stats)
    _unload_saves()


def resume(app):
    """Continue the saved match: '' when it is on the table, else why it could not be."""
    from engine import snapshot_load
    from engine.compat import unload

    app.match = None
    app.table = None
    app.table_screen = None
    gc.collect()
    snap, why = snapshot_load.safe_load(app.saved)
    bots = snapshot_load.make_bots(snap) if snap is not None else None
    snapshot_load = None
    for name in ("snapshot_load", "explicit", "rules"):
        unload(name)  # restoring only: not needed during play
    if snap is None:
        print("saved match ignored: " + why)
        app.saved = None
        return "Saved match unreadable; start a new one"
    from firmware.match import Match
    from firmware.table import TableView

    s = snap.state
    e = snap.extra
    seed = e[0] << 24 | e[1] << 16 | e[2] << 8 | e[3] if len(e) == 4 else 1
    levels = ["you"] + [lv or "medium" for lv in snap.levels[1:]]
    rules = s.rules
    app.match = Match(rules, levels, seed, state=s, bots=bots, tape=snap.tape)
    snap = None
    app.saved_at = (s.round_no << 12 | s.hist_len) << 2 | s.phase
    setup_from(app, rules, levels)
    gc.collect()
    app.table = TableView(app.board.width, app.board.height, rules)
    app.table_screen = screens.TableScreen(app)
    app.show(app.table_screen)
    if s.phase != 0:
        app.table_screen.check_round_end(app)
    return ""


def setup_from(app, rules, levels):
    """The set-up choices of a restored match (Restart and the Rules page use them)."""
    st = app.setup
    g = "bastard" if rules.bastard else "cinquillo" if rules.game == 1 else "elfer"
    st["game"] = g
    if g == "elfer":
        st["variant"] = rules.preset
        for _, key, choices in screens.ELFER_OPTIONS:
            st[key] = rules.options.get(key, choices[0][1])
    st["players"] = rules.players
    for p in range(1, rules.players):
        st["levels"][p] = levels[p]
    for i, (_, (name, value)) in enumerate(screens.LENGTHS[g]):
        if rules.rounds == value if name == "rounds" else not rules.rounds and rules.limit == value:
            st["length"] = i

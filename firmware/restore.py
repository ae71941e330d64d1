"""Boot and Continue: reading the saves, and putting a saved match back on the table.

Loaded only for that (firmware/app.py unloads it after), so a running match
does not carry this code.
"""

import gc

from engine import unload
from firmware.lang import t


def open_store(app):
    """Boot: the board's storage region, the statistics and the saved match read from it (the
    settings too, into app.settings), handed to app.keep_saves; nothing without storage (each
    notice said with app.add_notice). (engine/snapshot.py, which every save needs, is loaded when
    the first match starts.) keep_saves is called with the values rather than a tuple returned:
    a tuple left on the boot's heap moved the Pico-LCD-1.14's no-growth heap from 168 to 174 KiB."""
    try:
        region = app.board.storage()
        if region is None:
            return
        kept = getattr(region, "notice", "")  # FileRegion: a save file of another size set aside
        if kept:
            app.add_notice(kept)
        from firmware.store import Store

        store = Store(region)
        payload = store.load()
        unload("firmware.storeread")  # reading is done: boot only
    except (OSError, ValueError) as e:
        print("storage unusable: %s" % (e,))
        app.add_notice(t(b"n_saves_off") % (e,))
        return
    from firmware import saves

    stats = app.stats
    saved = None
    if payload is not None:
        stats, saved, notice = saves.decode(payload, app.settings)
        if notice:
            notice = t(notice)
            print(notice)
            app.add_notice(notice)
    app.keep_saves(store, stats, saved, saves.head(app.settings, stats))
    saves = None
    unload("firmware.saves")


def resume(app):
    """Continue the saved match (App.resume has let go of the match in memory): '' when it
    is on the table, else why it could not be (App.resume then forgets the save)."""
    if app.saved[:4] == b"ELNK":  # a linked table's host (firmware/linksave.py)
        from firmware import remotehost

        return remotehost.resume(app)
    from engine import snapshot_load

    gc.collect()
    snap, why = snapshot_load.safe_load(app.saved)
    for name in ("explicit", "rules_text", "rules"):
        unload(name)  # the reading's: not needed after it
    if snap is not None:
        from firmware.menus import levels_for

        why = refusal(snap, [lv for _, lv in levels_for(app.board)])
    if why:
        snapshot_load = None
        unload("snapshot_load")
        if why.startswith("snapshot"):
            why = why[8:].lstrip(": ")
        print("saved match refused: " + why)
        return t(b"n_save_refused") % why
    # The rest in pieces, a loop pass each after a collection (the snapshot's reading let go
    # first): the menus let go and the table's drawing made, the bots and the match, the table.
    snapshot_load = None
    app.later(lambda: app.table_first(snap.state.rules), lambda: _match_from(app, snap), app.show_table)
    return ""


def _match_from(app, snap):
    from engine import snapshot_load

    bots = snapshot_load.make_bots(snap)
    snapshot_load = None
    unload("snapshot_load")  # restoring only: not needed during play
    from firmware.match import Match

    s = snap.state
    e = snap.extra
    seed = e[0] << 24 | e[1] << 16 | e[2] << 8 | e[3]
    levels = ["you"] + ["person" if lv is None else lv for lv in snap.levels[1:]]  # None: a person
    m = Match(s.rules, levels, seed, state=s, bots=bots, tape=snap.tape)
    snap = None
    app.continue_with(m, setup_of(app.setup, s.rules, levels))
    unload("firmware.choices")  # setup_of's tables: not held with the new table and match until show_table's
    if s.is_round_over():
        # Saved at its round's end: the save stays that until the Scores page's A deals the next
        # round, so a reset on the round's pages comes back to the last of them, Scores (B there:
        # the table, whose A shows the round's page again), not to the table's "Round over".
        app.later(app.table_gone, lambda: _scores(app))


def _scores(app):
    from firmware.pages import score_page

    score_page(app)


def refusal(snap, offered):
    """Why this device cannot play a restored match, or '': a person in P1 (match.HUMAN),
    in every other seat a person or a bot at a level this board offers (`offered`: a board that is not
    fast refuses the master before its module is loaded, docs/saves.md), the match seed
    (`extra`) as the app writes it, below 2**30."""
    levels = snap.levels
    if levels[0] is not None:
        return "P1 is a bot; P1 must be you"
    for p in range(1, len(levels)):
        if levels[p] is not None and levels[p] not in offered:  # (None: a person, pass-and-play)
            return "P%d is %s, too slow for this board" % (p + 1, levels[p])
    e = snap.extra
    if len(e) != 4 or e[0] >= 64:
        return "bad match seed"
    return ""


def setup_of(setup, rules, levels):
    """The set-up choices `setup` (a copy) made those of a restored match's rules and levels."""
    from firmware.choices import ELFER_OPTIONS, LENGTHS

    st = dict(setup)
    st["levels"] = list(st["levels"])
    g = rules.kind()
    st["game"] = g
    if g == "elfer":
        st["variant"] = rules.preset
        for _, key, choices in ELFER_OPTIONS:
            st[key] = rules.options.get(key, choices[0][1])
    st["players"] = rules.players
    for p in range(1, rules.players):
        st["levels"][p] = levels[p]
    for i, (_, (name, value)) in enumerate(LENGTHS[g]):
        if rules.rounds == value if name == "rounds" else not rules.rounds and rules.limit == value:
            st["length"] = i
    return st

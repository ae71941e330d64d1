"""Link play in the app, the host's half (issue 47): its session, its table screen, its start
and its Continue (firmware/remote.py is the half both ends load; a joiner never loads this one).

    remotehost.host(app, rules, seats, code, name, randbytes)   # the lobby's host (firmware/hosting.py)
    remotehost.start(app)                                       # the lobby's Start
    remotehost.resume(app)                                      # Continue (firmware/restore.py)

The host's table is the usual one, its moves through LinkHost.play, its bots run by the LinkHost
(at the app's bot delay), the remote seats never handed over to and marked when away. The host
saves the table for a restart (firmware/linksave.py, in the store's match slot).
"""

from engine import const
from engine.cards import DRAW
from firmware import remote, ui
from firmware.lang import t
from firmware.screens import TableScreen

_S_AWAY = const(5)  # firmware/linkhost.py's seat states


class HostSession(remote.Session):
    def __init__(self, radio, host):
        remote.Session.__init__(self, radio)
        self.host = host
        self.saved_at = -1

    def step(self, app, now):
        self.host.step(now)
        if app.store is not None and self.host.match is not None:
            self.save(app)

    def save(self, app):
        """The table saved for a restart (firmware/linksave.py), as a local match is (App.autosave):
        when a turn begins and when a round or the match ends. It takes the place of the saved
        match (one slot); the match over, the save is cleared."""
        s = self.host.match.state
        if not s.is_round_over() and (s.placed or s.drawn):
            return
        key = _key(s)
        if key == self.saved_at:
            return
        self.saved_at = key
        self.saving = not s.is_match_over()
        app.saved = None  # the slot is the table's now
        app.continuing = False
        app.save()

    def save_into(self, buf, at):
        """App.save: the table written into the store's buffer from `at` (no blob of its own:
        a CircuitPython host's heap has no 1 KB to spare at the table); its length."""
        from firmware import linksave

        return linksave.save_into(self.host, buf, at)

    def close(self, app):
        """The table left on purpose: it is over for every device, and its save with it."""
        if self.saving:
            self.saving = False
            app.save()
        remote.Session.close(self, app)

    def after_scores(self, app):
        """The round's pages done: the next round dealt (the clients follow), or the match's end."""
        m = app.match
        if m.state.is_match_over():
            remote.match_over(app)
            return
        from engine import unload

        unload("firmware.results")
        self.host.next_round(app.now)
        remote.next_table(app, m)


def host(app, rules, seats, code, name, randbytes):
    """The host's session (False, with why on the title menu, where the radio would not start)."""
    from firmware.linkhost import LinkHost

    radio = remote.open_radio(app)
    if radio is None:
        return False
    radio.hosting = True  # before its first use: a Pico W without a home network opens the access point
    h = LinkHost(radio, rules, seats, code, app.now, name=name, randbytes=randbytes, seed=app.fresh_seed())
    h.bot_ms = app.settings.delay()
    app.link = HostSession(radio, h)
    return True


def start(app):
    """The lobby's Start in pieces, a loop pass and a collection each (App.later): the lobby's
    and the menus' modules go, round 1 is dealt, the table is made and shown. Never two of
    those at once: a CircuitPython host of three seats had no room for their sum (docs/memory.md)."""
    app.table = None
    app.table_screen = HostTable(app)
    h = app.link.host
    app.later(lambda: _leave_lobby(app), lambda: _deal(app, h))


def _deal(app, h):
    h.start(app.now)
    _host_table(app, h)  # (its Tape at once: a save in the next pass must not replay the round)


def _leave_lobby(app):
    from engine import unload

    app.leave_menus()
    unload("firmware.hosting")


def resume(app):
    """Continue with a linked table's save (firmware/restore.py): the host back with a new epoch,
    each remote seat away until its device finds the table again (its token gives it the seat
    back). '' when it is on the table, or back on the title menu with the save kept where the radio
    would not start (open_radio's notice says why: the table can be continued once it does), else
    why not (the save is then forgotten: App.resume)."""
    from firmware import linksave

    if app.board.radio is None:
        return t(b"n_save_refused") % "no radio"
    radio = remote.open_radio(app)
    if radio is None:
        from firmware.lobby import to_title

        app.continuing = False  # (not continued: a crash now must not set the good save aside)
        to_title(app)
        return ""
    radio.hosting = True  # as host(): a restored Pico W host opens its access point again
    try:
        h, _ = linksave.restore(radio, app.saved, app.now, randbytes=getattr(app, "randbytes", None))
    except ValueError as e:  # linksave.LinkSaveError, or a snapshot's
        radio.close()
        remote.let_go()
        return t(b"n_save_refused") % e
    from engine import unload

    unload("snapshot_load")  # the save read: the table saves from its Tape (no replay)
    h.bot_ms = app.settings.delay()
    link = app.link = HostSession(radio, h)
    link.saved_at = _key(h.match.state)  # saved as it stands
    link.saving = True
    app.saved = None  # (App.save writes the table from memory)
    _host_table(app, h)
    return ""


def _host_table(app, h):
    from engine import unload

    unload("firmware.hosting")  # (the lobby on show goes with table_first)
    m = h.match
    if m.tape is None:  # the round's moves noted as made: a save needs no replay (nor its ~6 KB of code)
        m.tape = app.new_tape()
    m.remote = 0  # the seats on other devices: never handed over to (no pass-and-play page)
    for p in range(len(h.seats)):
        if h.seats[p].kind == "remote":
            m.remote |= 1 << p
    app.match = m
    app.table = None
    app.table_screen = HostTable(app)
    app.later(lambda: app.table_first(m.rules), app.show_table)


# --- the host's table ----------------------------------------------------------------------


class HostTable(TableScreen):
    """The host's person at the usual table: moves through the LinkHost (the clients hear them),
    the others' moves said as the bots' are, away seats marked."""

    def __init__(self, app):
        TableScreen.__init__(self, app)
        self.seen = -1

    def enter(self, app):
        self.seen = _key(app.match.state)
        TableScreen.enter(self, app)

    def tick(self, app, now):
        if app.table.turn(now):
            app.dirty = True
        m = app.match
        s = m.state
        h = app.link.host
        away = 0
        for p in range(s.n):
            if m.remote >> p & 1 and h.seat_state(p) == _S_AWAY:
                away |= 1 << p
        redraw = away != m.away
        m.away = away
        key = _key(s)
        if key != self.seen:
            if s.hist_len and key >> 14 == self.seen >> 14:  # a move of this round by another seat
                p, mv = s.history[2 * s.hist_len - 2], s.history[2 * s.hist_len - 1]
                remote.say_move(self, m, p, mv)
            self.seen = key
            self.check_round_end(app)
            redraw = True
        if not s.is_round_over() and (m.people & ~m.remote) >> s.turn & 1 and s.turn != m.view.seat:
            from firmware.screens import hand_over

            app.later(app.table_gone, lambda: hand_over(app))  # pass-and-play on the host
            return
        if redraw:
            self.redraw(app)

    def move(self, app, mv, now):
        m = app.match
        if m.legal(mv):
            why = app.link.host.play(mv, now)
        else:
            why = m.play(mv)  # why not, in the person's language (nothing changes)
        if why:
            self.say(t(b"ts_refused") % why, ui.WARN)
            app.sound("refuse")
            return
        self.seen = _key(m.state)  # (the person's own move is not said)
        app.sound("draw" if mv >= DRAW else "play")
        self.after_move(app, now)


def _key(s):
    return (s.round_no << 12 | s.hist_len) << 2 | s.phase

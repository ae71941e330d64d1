"""Link play in the app (issue 47): the session of a linked table and its table screens.

    remote.host(app, rules, seats, code, name, randbytes)   # the lobby's host (firmware/lobby.py)
    remote.join(app)                                        # a client, listening for tables

app.link is the session while a linked table is entered (its step() runs every app step: the
radio's frames in and out on every screen); app.quit_match() closes it, and with it the radio and
every link module (engine.unload). The host's table is the usual one, its moves through
LinkHost.play, its bots run by the LinkHost (at the app's bot delay), the remote seats never
handed over to and marked when away. A client's table is drawn from its SeatView through
ClientMatch, which offers what the table screen and the round's pages read from a Match; it
imports neither the bots nor the save code. A linked match is not counted in the statistics;
the host saves it for a restart (firmware/linksave.py, in the store's match slot: Continue
brings the table back), a joiner saves nothing (docs/link.md).
"""

from engine import const
from engine.cards import DRAW
from engine.view import SeatView
from firmware import ui
from firmware.lang import t
from firmware.screens import TableScreen, seat

_S_AWAY = const(5)  # firmware/linkhost.py's seat states
_LOST = const(6)  # firmware/linkclient.py LOST
_PLAYING = const(3)  # firmware/linkclient.py PLAYING
MODULES = (
    "firmware.remote",
    "firmware.lobby",
    "firmware.linkhost",
    "firmware.linkclient",
    "firmware.linkframe",
    "firmware.linkview",
    "firmware.linkpeer",
    "firmware.linksave",
    "fairdeal",
    "sha256",
)


class Session:
    hints = True  # the pause menu offers a hint (a client has no expert to ask)

    def __init__(self, radio):
        self.radio = radio

    def close(self, app):
        """The table left: the radio closed and the link's code let go."""
        from engine import unload

        try:
            self.radio.close()
        except Exception as e:  # a radio that fails to close must not keep the title menu away
            print("link: radio close: %s" % (e,))
        for name in MODULES:
            unload(name)


class HostSession(Session):
    def __init__(self, radio, host):
        Session.__init__(self, radio)
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
        blob = None
        if not s.is_match_over():
            from firmware import linksave

            blob = linksave.save(self.host)
        app.saved = blob  # App.save writes it (a linked match is not its own to save)
        app.continuing = False
        app.save()

    def close(self, app):
        """The table left on purpose: it is over for every device, and its save with it."""
        if self.saved_at >= 0 and app.saved is not None:
            app.saved = None
            app.save()
        Session.close(self, app)

    def after_scores(self, app):
        """The round's pages done: the next round dealt (the clients follow), or the match's end."""
        m = app.match
        if m.state.is_match_over():
            _match_over(app)
            return
        from engine import unload

        unload("firmware.results")
        self.host.next_round(app.now)
        _next_table(app, m)


class ClientSession(Session):
    hints = False

    def __init__(self, radio, client, app):
        Session.__init__(self, radio)
        self.client = client
        self.name = client.name

    def again(self, app):
        """A new LinkClient on the same radio (a code tried again, or another table chosen): the
        last one stops asking; the tables it heard are heard again within a second."""
        from firmware.linkclient import LinkClient
        from firmware.lobby import device_id

        old = self.client
        self.client = LinkClient(
            self.radio, device_id(app.board), self.name, app.now, randbytes=getattr(app, "randbytes", None)
        )
        self.client.tables = old.tables

    def step(self, app, now):
        self.client.step(now)

    def after_scores(self, app):
        m = app.match
        bad = m.check()
        if bad:  # the deal's check found the host's deal not the one it promised
            from firmware.pages import Pager

            text = t(b"lk_unfair") + "\n" + ", ".join(bad)
            app.show(Pager(app, t(b"lk_unfair_title"), text, None, lambda a: self.on(a, m)))
            return
        self.on(app, m)

    def on(self, app, m):
        if m.state.is_match_over():
            _match_over(app)
            return
        ok = m.check()
        m.release()
        _next_table(app, m)
        if ok is not None:
            app.table_screen.say(t(b"lk_fair"), ui.GOOD)


def _next_table(app, m):
    ts = app.table_screen
    ts.msg = ""
    ts.cursor = 0
    if m.state.tiebreak:
        ts.say(t(b"ts_tiebreak"), ui.GOOD)
    app.later(lambda: app.table_first(m.rules), app.show_table)


def _match_over(app):
    from engine import unload
    from firmware import matchend
    from firmware.pages import MatchOverPager

    m = app.match
    text = matchend.match_text(m)
    matchend = None
    for name in ("firmware.matchend", "firmware.results", "names"):
        unload(name)
    app.table = None
    app.table_screen = None
    app.show(MatchOverPager(app, t(b"res_match_over"), text))


# --- starting ------------------------------------------------------------------------------


def open_radio(app):
    """The board's radio, or None with why on the title menu (a radio that would not start: the
    Wi-Fi or the BLE stack refusing; never the crash screen)."""
    try:
        return app.board.radio()
    except Exception as e:
        print("link: radio: %s" % (e,))
        app.add_notice(t(b"lk_no_radio") % (e,))
        return None


def host(app, rules, seats, code, name, randbytes):
    """The host's session (False, with why on the title menu, where the radio would not start)."""
    from firmware.linkhost import LinkHost

    radio = open_radio(app)
    if radio is None:
        return False
    h = LinkHost(radio, rules, seats, code, app.now, name=name, randbytes=randbytes, seed=app.fresh_seed())
    h.bot_ms = app.settings.delay()
    app.link = HostSession(radio, h)
    return True


def start(app):
    """The lobby's Start: round 1 dealt, the host's table shown."""
    h = app.link.host
    h.start(app.now)
    _host_table(app, h)


def resume(app):
    """Continue with a linked table's save (firmware/restore.py): the host back with a new epoch,
    each remote seat away until its device finds the table again (its token gives it the seat
    back). '' when it is on the table, else why not."""
    from firmware import linksave

    if app.board.radio is None:
        return t(b"n_save_refused") % "no radio"
    radio = open_radio(app)
    if radio is None:
        return t(b"n_save_refused") % "radio"
    try:
        h, _ = linksave.restore(radio, app.saved, app.now, randbytes=getattr(app, "randbytes", None))
    except ValueError as e:  # linksave.LinkSaveError, or a snapshot's
        radio.close()
        from engine import unload

        for name in MODULES:
            unload(name)
        return t(b"n_save_refused") % e
    h.bot_ms = app.settings.delay()
    link = app.link = HostSession(radio, h)
    link.saved_at = _key(h.match.state)  # saved as it stands
    _host_table(app, h)
    return ""


def _host_table(app, h):
    m = h.match
    m.remote = 0  # the seats on other devices: never handed over to (no pass-and-play page)
    for p in range(len(h.seats)):
        if h.seats[p].kind == "remote":
            m.remote |= 1 << p
    app.match = m
    app.table = None
    app.table_screen = HostTable(app)
    app.later(lambda: app.table_first(m.rules), app.show_table)


def join(app):
    """A client's session, listening for tables (False as host())."""
    from firmware.linkclient import LinkClient
    from firmware.lobby import device_id, device_name

    radio = open_radio(app)
    if radio is None:
        return False
    c = LinkClient(
        radio, device_id(app.board), device_name(app.board), app.now, randbytes=getattr(app, "randbytes", None)
    )
    app.link = ClientSession(radio, c, app)
    return True


def play_client(app):
    """The host has dealt: the client's table."""
    m = ClientMatch(app.link.client)
    app.match = m
    app.table = None
    app.table_screen = ClientTable(app)
    app.later(lambda: app.table_first(m.rules), app.show_table)


# --- the host's table ----------------------------------------------------------------------


def _move_text(m, p, mv):
    from firmware.words import move_name

    return "%s: %s" % (seat(p), move_name(m.rules.game, mv))


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
                text = _move_text(m, p, mv)
                if m.my_turn():
                    self.focus_playable(m)
                    self.say(t(b"ts_your_turn") % text, ui.GOOD)
                else:
                    self.say(text, ui.DIM)
            self.seen = key
            self.check_round_end(app)
            redraw = True
        if not s.is_round_over() and (m.people & ~m.remote) >> s.turn & 1 and s.turn != m.view.seat:
            from firmware.screens import _hand_over

            app.later(app.table_gone, lambda: _hand_over(app))  # pass-and-play on the host
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


# --- a client's table ----------------------------------------------------------------------


class ClientTable(TableScreen):
    """A client's table, drawn from what the host sent (ClientMatch); every wait said."""

    def __init__(self, app):
        TableScreen.__init__(self, app)
        self.status = -1
        self.wait = ""

    def tick(self, app, now):
        if app.table.turn(now):
            app.dirty = True
        m = app.match
        c = m.client
        redraw = False
        away = 0
        for p in range(len(c.seats)):
            if c.seats[p] == _S_AWAY:
                away |= 1 << p
        if away != m.away:
            m.away = away
            redraw = True
        was = m.state.hist_len
        if m.sync():
            v = m.view
            if v.hist_len and v.hist_len != was:
                p, mv = v.history[2 * v.hist_len - 2], v.history[2 * v.hist_len - 1]
                if p != v.seat:
                    text = _move_text(m, p, mv)
                    if v.my_turn():
                        self.focus_playable(m)
                        self.say(t(b"ts_your_turn") % text, ui.GOOD)
                    else:
                        self.say(text, ui.DIM)
                elif self.msg == self.wait:
                    self.say("")
            self.focus_playable(m)
            self.check_round_end(app)
            redraw = True
        if c.refusal:
            c.refusal = b""
            self.say(t(b"lk_refused"), ui.WARN)
            redraw = True
        wait = t(b"lk_lost") if c.status == _LOST else ""
        if wait != self.wait:
            if self.msg == self.wait or wait:
                self.say(wait, ui.WARN)
            self.wait = wait
            redraw = True
        if redraw:
            self.redraw(app)

    def button(self, app, b, now):
        m = app.match
        if m.state.is_round_over() and b == A_BUTTON and not m.final:
            self.say(t(b"lk_wait_host"), ui.WARN)  # the others' cards not here yet
            self.redraw(app)
            return
        TableScreen.button(self, app, b, now)

    def move(self, app, mv, now):
        m = app.match
        c = m.client
        if not m.legal(mv):
            why = m.refusal(mv)
        elif c.status != _PLAYING or c.pending >= 0:
            why = t(b"lk_lost") if c.status == _LOST else t(b"lk_wait_host")
        else:
            why = c.play(mv, now) and t(b"lk_wait_host")
        if why:
            self.say(t(b"ts_refused") % why, ui.WARN)
            app.sound("refuse")
            return
        app.sound("draw" if mv >= DRAW else "play")

    def hint(self, app):
        self.say(t(b"lk_no_hint"))

    def check_round_end(self, app):
        m = app.match
        v = m.view
        if v.phase != 0:
            app.input.flush(app.now)
            from boards.base import A

            won = v.round_winners >> v.seat & 1
            self.say(t(b"ts_round_over") + " " + _keys_hint(app, A), ui.GOOD if won else ui.WHITE)
            app.sound("won" if won else "lost")


def _keys_hint(app, b):
    from firmware import keys

    return keys.hint(app.board, ((b, b"k_results"),))


A_BUTTON = const(16)  # boards/base.py A


class ClientMatch:
    """What the table screen and the round's pages read from a Match, from a client's SeatView.
    Its view is a copy, held at a round's end until the person has read the round's pages (the
    host may deal the next round meanwhile), with the others' cards left (LEFT) filled in then."""

    def __init__(self, client):
        cv = client.view
        self.client = client
        self.rules = cv.rules
        n = cv.n
        self.view = ShownView(cv.rules, cv.seat)
        self.state = self.view
        self.people = (1 << n) - 1  # every seat named by its seat on the pages
        self.remote = 0
        self.away = 0
        self.seed = 0
        self.rating = None
        self.recorded = True
        self.log = None
        self.last = bytearray(b"\xff" * n)
        self.last_card = bytearray(n)
        self.moves = bytearray(32)
        self.nmoves = 0
        self.key = -1
        self.held = False  # a round's end on show, its pages not read yet
        self.final = False  # the others' cards left filled in
        self.round = 0
        self.sync()

    def sync(self):
        """The copy brought up to the client's view: True when it changed."""
        cv = self.client.view
        if cv is None or self.client.info is None:
            return False
        if self.held:
            self._fill()
            return False
        key = ((cv.round_no << 12 | cv.hist_len) << 2 | cv.phase) << 4 | cv.turn
        if key == self.key:
            return False
        self.key = key
        from engine import turn
        from firmware import linkview

        v = self.view
        linkview.decode(linkview.encode(cv, cv.seat, linkview.NO_ENTRY), v)
        v.history[:] = cv.history
        n = v.n
        for p in range(n):
            self.last[p] = 255
            self.last_card[p] = 0
        h = v.history
        for i in range(v.hist_len):
            p = h[2 * i]
            mv = h[2 * i + 1]
            if p < n:
                self.last[p] = mv
                if mv < DRAW:
                    self.last_card[p] = mv
        self.nmoves = turn.legal_moves(v, self.moves) if v.my_turn() else 0
        self.round = v.round_no
        self.final = False
        if v.phase != 0:
            self.held = True
            self._fill()
        return True

    def _fill(self):
        """The others' cards at the round's end, from the host's LEFT frame."""
        f = self.client.final
        if self.final or f is None or self.client.view.round_no != self.round:
            return
        v = self.view
        for p in range(v.n):
            if p == v.seat or len(f) < 14 * p + 14:
                continue
            m = f[14 * p : 14 * p + 14]
            for c in range(4):
                v.hands[p * 4 + c] = m[3 * c] << 16 | m[3 * c + 1] << 8 | m[3 * c + 2]
            v.acts[p * 2] = m[12]
            v.acts[p * 2 + 1] = m[13]
        self.final = True

    def release(self):
        """The round's pages read: the table follows the host again."""
        self.held = False
        self.key = -1
        self.sync()

    def check(self):
        """This round's deal check: None not made yet, [] fair, else what differed."""
        for rnd, bad in self.client.checked:
            if rnd == self.round:
                return bad
        return None

    # --- what the table screen reads --------------------------------------------------------
    def my_turn(self):
        return self.view.my_turn()

    def legal(self, move):
        for i in range(self.nmoves):
            if self.moves[i] == move:
                return True
        return False

    def finish_moves(self):
        from engine.cards import END, PASS

        return [mv for mv in (DRAW, END, PASS) if self.legal(mv)]

    def refusal(self, move):
        from firmware import words

        v = self.view
        if not v.my_turn() and not v.is_round_over():
            return words.wait(v.turn)
        return "%s: %s" % words.refusal(v, move)

    def bot_on_turn(self):
        return False


class ShownView(SeatView):
    """A SeatView as the round's pages read a State: its round's end asked by method."""

    pending_tiebreak = 0  # (not sent: the score page does not say who plays a tie-break next)

    def is_round_over(self):
        return self.phase != 0

    def is_match_over(self):
        return self.phase == 2

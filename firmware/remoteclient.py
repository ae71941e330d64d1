"""Link play in the app, a joiner's half (issue 47): its session, its table screen and what that
screen reads (firmware/remote.py is the half both ends load; the host never loads this one).

    remoteclient.join(app)          # a client, listening for tables (firmware/lobby.py)
    remoteclient.play_client(app)   # the host has dealt: the client's table (firmware/joining.py)

A client's table is drawn from its SeatView through ClientMatch, which offers what the table
screen and the round's pages read from a Match; it imports neither the bots nor the save code.
"""

from engine import const
from engine.cards import DRAW
from engine.view import SeatView
from firmware import remote, ui
from firmware.lang import t
from firmware.remote import Session
from firmware.screens import TableScreen

_S_AWAY = const(5)  # firmware/linkhost.py's seat states
_LOST = const(6)  # firmware/linkclient.py
_PLAYING = const(3)  # firmware/linkclient.py
_A_BUTTON = const(16)  # (before its first use: MicroPython inlines a const only after it) boards/base.py A


class ClientSession(Session):
    hints = False

    def __init__(self, radio, client, app):
        Session.__init__(self, radio)
        self.client = client
        self.name = client.name

    def close(self, app):
        """As Session's, and the match code back as at boot (firmware/lobby.py let it go), once
        the link's modules have left their room."""
        Session.close(self, app)
        if app.store is not None:
            from firmware import app as application

            # a loop pass later: the table's objects and the link's modules are collected first
            app.later(lambda: application.match_code(True))

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
            remote.match_over(app)
            return
        ok = m.check()
        m.release()
        remote.next_table(app, m)
        if ok is not None:
            app.table_screen.say(t(b"lk_fair"), ui.GOOD)


def join(app):
    """A client's session, listening for tables (False as host())."""
    from firmware.linkclient import LinkClient
    from firmware.lobby import device_id, device_name

    radio = remote.open_radio(app)
    if radio is None:
        return False
    c = LinkClient(
        radio, device_id(app.board), device_name(app.board), app.now, randbytes=getattr(app, "randbytes", None)
    )
    app.link = ClientSession(radio, c, app)
    return True


def play_client(app):
    """The host has dealt: the client's table."""
    from engine import unload

    unload("firmware.joining")  # (the Waiting screen on show goes with table_first)
    rules = app.link.client.view.rules
    app.table = None
    app.table_screen = ClientTable(app)
    # the menus' modules go a pass before the table is drawn, and the match is made after it:
    # never both at once (a joiner's peak)
    app.later(app.leave_menus, lambda: app.table_first(rules), lambda: _make_match(app), app.show_table)


def _make_match(app):
    app.match = ClientMatch(app.link.client)


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
                    remote.say_move(self, m, p, mv)
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
        if m.state.is_round_over() and b == _A_BUTTON and not m.final:
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

"""Link play: the host's screens before the table (issue 47): the set-up, with a seat level more
(remote: a person on another device), and the lobby (the table's code, each seat's state, Start).
Loaded by the title menu's Host a table (firmware/lobby.py), dropped at the table."""

from boards.base import DOWN, UP, A
from firmware import keys, ui
from firmware.choices import item, value_of
from firmware.lang import t
from firmware.lobby import STATE_KEYS, back_button, big, device_name, drop_panel, to_title
from firmware.menus import SetupMenu, levels_for
from firmware.screens import Screen, seat


def _randbytes(app):
    r = getattr(app, "randbytes", None)  # a test's seeded bytes
    if r is not None:
        return r
    import os

    return os.urandom


class HostSetup(SetupMenu):
    """The new match's set-up with a seat level more, remote (a person on another device);
    the seats' levels its own (app.setup["hlevels"]), every seat from P2 on remote at first.
    SetupMenu builds the items from app.setup["levels"]: the host's are swapped in for it."""

    title = b"m_host"

    def __init__(self, app):
        if "hlevels" not in app.setup:
            app.setup["hlevels"] = ["remote"] * 6
        SetupMenu.__init__(self, app)

    def build(self, app):
        st = app.setup
        want = list(st["hlevels"])
        own = st["levels"]
        st["levels"] = list(want)
        try:
            items = SetupMenu.build(self, app)
        finally:
            st["levels"] = own
        levels = levels_for(app.board) + ((b"c_remote", "remote"),)
        out = []
        for it in items:
            key = it[1]
            if key == "dealer":  # the host deals first by the seed
                continue
            if key.startswith("level"):
                i = 0
                for k in range(len(levels)):
                    if levels[k][1] == want[int(key[5:])]:
                        i = k
                st["hlevels"][int(key[5:])] = levels[i][1]
                it = item(it[0], key, levels, i)
            out.append(it)
        return out

    def changed(self, app, it):
        if it[1].startswith("level"):
            app.setup["hlevels"][int(it[1][5:])] = value_of(it)
            return True
        return SetupMenu.changed(self, app, it)

    def back(self, app):
        to_title(app)

    def choose(self, app, key):
        if key == "back":
            self.back(app)
            return
        try:
            rules = app.make_rules()
        except Exception as e:
            self.note = str(e)
            self.draw(app)
            return
        from engine import unload

        unload("rules")
        rand = _randbytes(app)
        r = rand(2)
        code = "%04d" % ((r[0] << 8 | r[1]) % 10000)
        seats = ["you"] + app.setup["hlevels"][1 : rules.players]
        most = getattr(app.board, "radio_seats", 5)
        if seats.count("remote") > most:  # (the CLUE's BLE: 4 connections, boards/radio_ble.py)
            self.note = t(b"lk_max_remote") % most
            self.draw(app)
            return
        from firmware import remotehost

        if remotehost.host(app, rules, seats, code, device_name(app.board), rand):
            app.show(Lobby(app))
        else:
            to_title(app)


class Lobby(Screen):
    """The host waits for the remote seats: the code, each seat's state, Start once all are taken."""

    def __init__(self, app):
        self.shown = None
        self.top = 0

    def enter(self, app):
        self.big = big(app, app.link.host.rules.players)
        if self.big is not None:
            self.big.show(app.link.host.code)
        self.draw(app)

    def lines(self, app):
        host = app.link.host
        out = []
        for p in range(host.rules.players):
            k = host.seat_state(p)
            st = host.seats[p]
            if k == 3:  # a bot: its level
                from firmware.menus import LEVELS

                what = st.kind
                for key, level in LEVELS + ((b"c_master", "master"),):
                    if level == st.kind:
                        what = t(key)
            elif k == 1:
                what = t(b"c_you")
            elif k == 4:
                what = st.name
            elif k == 5:
                what = t(b"lk_away") % st.name
            else:
                what = t(STATE_KEYS[k])
            out.append("%s: %s" % (seat(p), what))
        if hasattr(app.link.radio, "state"):  # a Pico W's Wi-Fi: while it is not up, what it does, first
            from firmware.radiostate import line

            out = [s for s in ui.wrap(line(app.link.radio), app.panel.cols) if s] + out
        return out

    def draw(self, app):
        from firmware.pages import title

        p = app.panel
        host = app.link.host
        lines = self.lines(app)
        first = 2 if self.big is not None else 0
        room = p.rows - first
        title(p, t(b"lk_lobby") % host.code, self.top, len(lines) + first)
        for i in range(p.rows):
            j = i - first + self.top
            p.lines[i].set(lines[j] if i >= first and j < len(lines) else "", ui.WHITE, None)
        self.room = room
        pairs = (((A, b"lk_start"),) if host.can_start() else ()) + ((back_button(app.board), b"k_back"),)
        p.footer.set(keys.hint(app.board, pairs, p.cols), ui.DIM)
        if len(pairs) > 1 and first + len(lines) < p.rows and len(keys.hint(app.board, pairs)) > p.cols:
            p.lines[p.rows - 1].set(keys.hint(app.board, pairs[1:], p.cols), ui.DIM, None)  # (the CLUE's)
        app.dirty = True

    def tick(self, app, now):
        host = app.link.host
        shown = (host.shown, getattr(app.link.radio, "state", 0))  # (the Wi-Fi's line: Lobby.lines)
        if shown != self.shown:
            self.shown = shown
            self.draw(app)

    def button(self, app, b, now):
        host = app.link.host
        if b == back_button(app.board):
            drop_panel(app)
            app.quit_match()
        elif b == A and host.can_start():
            drop_panel(app)
            from firmware import remotehost

            remotehost.start(app)
        elif b == DOWN and self.top + self.room < len(self.lines(app)):
            self.top += 1
            self.draw(app)
        elif b == UP and self.top:
            self.top -= 1
            self.draw(app)

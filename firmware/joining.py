"""Link play: a joiner's screens before the table (issue 47): the tables heard nearby, the code
entry, and the wait for the host's start. Loaded by the title menu's Join a table
(firmware/lobby.py), which lets the title's menus go meanwhile; dropped at the table."""

from boards.base import DOWN, LEFT, RIGHT, START, UP, A
from engine import const
from firmware import keys, ui
from firmware.lang import t
from firmware.lobby import STATE_KEYS, back_button, big, drop_panel
from firmware.pages import Menu
from firmware.screens import Screen, seat

_FRESH_MS = const(5000)  # a table not heard this long is not listed
_LOBBY = const(2)  # firmware/linkclient.py
_PLAYING = const(3)  # firmware/linkclient.py
_WRONG_CODE = const(4)  # firmware/linkclient.py
_FULL = const(5)  # firmware/linkclient.py
_LOST = const(6)  # firmware/linkclient.py


def _tables(app):
    now = app.now
    return [tb for tb in app.link.client.tables if now - tb.heard < _FRESH_MS]


class TablesMenu(Menu):
    """The tables heard nearby: A one of them for its code; "searching..." while none is."""

    title = b"lk_tables"

    def __init__(self, app):
        self.seen = None
        Menu.__init__(self, app)

    def build(self, app):
        from firmware.choices import item

        tables = _tables(app)
        self.tables = tables
        cols = app.panel.cols - 2
        items = []
        for i in range(len(tables)):
            tb = tables[i]
            game = t(b"c_" + tb.game.encode()) if tb.game != "?" else "?"
            text = game + " " + tb.name
            items.append(item(text[:cols], i))
        items.append(item(t(b"m_back"), "back"))
        self.note = t(b"lk_searching") if not tables else ""
        if hasattr(app.link.radio, "state"):  # a Pico W's Wi-Fi while it is not up (hosting.py Lobby.lines)
            from firmware.radiostate import line

            self.note = line(app.link.radio) or self.note
        self.seen = [(tb.id, tb.free) for tb in tables] + [getattr(app.link.radio, "state", 0)]
        return items

    def draw(self, app):
        if self.pos < len(self.tables):
            tb = self.tables[self.pos]
            self.help = t(b"lk_free") % (tb.free, tb.players)
        else:
            self.help = ""
        Menu.draw(self, app)

    def tick(self, app, now):
        Menu.tick(self, app, now)  # a note longer than its room turns its pages (the Wi-Fi's)
        if [(tb.id, tb.free) for tb in _tables(app)] + [getattr(app.link.radio, "state", 0)] != self.seen:
            self.items = self.build(app)
            self.pos = min(self.pos, len(self.items) - 1)
            self.draw(app)

    def choose(self, app, key):
        if key == "back" or key == "start":
            self.back(app)
            return
        app.setup["game"] = self.tables[key].game  # (the pause menu's rules page reads it)
        app.show(CodeEntry(app, self.tables[key]))

    def back(self, app):
        app.quit_match()


class CodeEntry(Screen):
    """The table's four digits: UP/DOWN change the digit, LEFT/RIGHT move, A or START join, B back
    to the tables. Boards without LEFT/RIGHT: A moves on, joining from the last digit."""

    def __init__(self, app, table):
        self.tb = table
        self.digits = bytearray(4)
        self.pos = 0
        self.note = ""
        self.status = -1

    def enter(self, app):
        self.big = big(app, 3)
        self.draw(app)

    def draw(self, app):
        p = app.panel
        code = "".join(str(d) for d in self.digits)
        p.title.set(t(b"lk_code_title"))
        first = 0
        if self.big is not None:
            self.big.show(code)
            first = 2
            marks = " " * p.cols
            col = (self.big.x + self.pos * self.big.w + self.big.w // 2) // (ui.CHAR_W * p.scale)
            marks = marks[:col] + "\u25b2"
        else:  # one line: the digit to change in brackets
            code = "".join(("[%d]" if i == self.pos else " %d ") % self.digits[i] for i in range(4))
            code = " " * ((p.cols - 12) // 2) + code
        texts = ["", "", marks] if first else [code]
        say = len(texts)
        texts += ui.wrap(self.note or self.tb.name, p.cols)
        for i in range(p.rows):
            warn = i >= say and self.note
            p.lines[i].set(texts[i] if i < len(texts) else "", ui.WARN if warn else ui.WHITE, None)
        board = app.board
        change = UP | DOWN if keys.label(board, UP) else DOWN
        if keys.label(board, RIGHT):  # join first: the hints that do not fit go
            hints = ((A, b"lk_join"), (change, b"k_change"), (LEFT | RIGHT, b"k_move"))
        else:  # A moves on, and joins from the last digit
            hints = ((A, b"lk_join" if self.pos == 3 else b"k_next"), (change, b"k_change"))
        p.footer.set(keys.hint(board, hints + ((back_button(board), b"k_back"),), p.cols), ui.DIM)
        app.dirty = True

    def button(self, app, b, now):
        board = app.board
        pad = keys.label(board, RIGHT) != ""
        if b == UP or b == DOWN:
            self.digits[self.pos] = (self.digits[self.pos] + (1 if b == UP else 9)) % 10
        elif b == LEFT and self.pos:
            self.pos -= 1
        elif b == RIGHT and self.pos < 3:
            self.pos += 1
        elif b == back_button(board):
            app.link.again(app)  # a new client: the one that tried this code stops asking
            app.show(TablesMenu(app))
            return
        elif b == A and (pad or self.pos == 3) or b == START:  # (START, where it is not back)
            code = "".join(str(d) for d in self.digits)
            app.link.again(app)
            app.link.client.join(self.tb, code, now)
            self.note = t(b"lk_joining")
            self.status = -1
        elif b == A:
            self.pos += 1
        self.draw(app)

    def tick(self, app, now):
        c = app.link.client
        if c.status == self.status:
            return
        self.status = c.status
        if c.status == _LOBBY or c.status == _PLAYING:  # seated
            drop_panel(app)
            app.show(Waiting(app))
            return
        if c.status == _WRONG_CODE:
            self.note = t(b"lk_wrong_code")
        elif c.status == _FULL:
            self.note = t(b"lk_full")
        else:
            return
        self.draw(app)


class Waiting(Screen):
    """A client seated, until the host starts: the seats as the host says them."""

    def __init__(self, app):
        self.key = None

    def enter(self, app):
        self.draw(app)

    def draw(self, app):
        p = app.panel
        c = app.link.client
        lines = []
        for q in range(len(c.seats)):
            k = c.seats[q]
            what = t(b"c_you") if q == c.seat else t(STATE_KEYS[k]) if k < 6 else "?"
            lines.append("%s: %s" % (seat(q), what))
        note = t(b"lk_lost") if c.status == _LOST else t(b"lk_wait_start")
        lines += ui.wrap(note, p.cols)
        p.title.set(t(b"lk_seated") % seat(c.seat) if c.seat < 16 else t(b"lk_joining"))
        for i in range(p.rows):
            p.lines[i].set(lines[i] if i < len(lines) else "", ui.WHITE, None)
        p.footer.set(keys.hint(app.board, ((back_button(app.board), b"m_leave"),), p.cols), ui.DIM)
        app.dirty = True

    def tick(self, app, now):
        c = app.link.client
        if c.status == _PLAYING and c.info is not None and c.view is not None:
            from firmware import remoteclient

            remoteclient.play_client(app)
            return
        key = (c.seats, c.status, c.seat)
        if key != self.key:
            self.key = key
            self.draw(app)

    def button(self, app, b, now):
        if b == back_button(app.board):
            app.quit_match()

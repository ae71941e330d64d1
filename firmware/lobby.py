"""Link play's screens before the table (issue 47): the host's set-up and lobby, the tables heard,
the code entry and a client's wait for the start.

Loaded from the title menu's Host a table / Join a table (where the board has a radio:
boards/base.py radio()), dropped when the table is shown (firmware/app.py table_first) like the
menus. The link's session (firmware/remote.py) holds the radio, the LinkHost or LinkClient and the
match; leaving any of these screens ends it (app.quit_match). A client never loads the bots nor the
save code: nothing here imports them.
"""

from boards.base import DOWN, LEFT, RIGHT, START, UP, A, B
from firmware import keys, ui
from firmware.choices import item, value_of
from firmware.lang import t
from firmware.menus import SetupMenu, levels_for
from firmware.pages import Menu
from firmware.screens import Screen, seat, show_title

FRESH_MS = 5000  # a table not heard this long is not listed
# A seat's state (firmware/linkhost.py S_OPEN .. S_AWAY) in words, as a client says it.
STATE_KEYS = (b"lk_waiting", b"lk_host", b"c_person", b"lk_bot", b"lk_joined", b"table_act_away")


def show(app, key):
    """The title menu's Host a table (the set-up first) or Join a table (the radio opened now)."""
    if key == b"m_host":
        app.show(HostSetup(app))
        return
    from firmware import remote

    if remote.join(app):
        app.show(TablesMenu(app))
    else:
        show_title(app)


def back_button(board):
    """The button that leaves a link screen: B, or START where the board has no B."""
    return B if keys.label(board, B) else START


def _randbytes(app):
    r = getattr(app, "randbytes", None)  # a test's seeded bytes
    if r is not None:
        return r
    import os

    return os.urandom


def device_name(board):
    """How this device is named to the others: the board and two digits of its id."""
    return board.name[:9] + "-" + device_id(board)[-2:]


def device_id(board):
    """This device's name for a linked table, the same after a reset (its seat token comes from
    it): the chip's unique id where it has one (CircuitPython microcontroller.cpu.uid,
    MicroPython machine.unique_id()), else the board's name; the simulator's its own."""
    ident = getattr(board, "ident", None)
    if ident is not None:
        return ident
    uid = None
    try:
        import microcontroller

        uid = microcontroller.cpu.uid
    except (ImportError, AttributeError):
        try:
            import machine

            uid = machine.unique_id()
        except (ImportError, AttributeError):
            return board.name
    return "".join("%02x" % x for x in uid)


# --- the host ----------------------------------------------------------------------------


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
        show_title(app)

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
        from firmware import remote

        unload("rules")
        rand = _randbytes(app)
        r = rand(2)
        code = "%04d" % ((r[0] << 8 | r[1]) % 10000)
        seats = ["you"] + app.setup["hlevels"][1 : rules.players]
        if remote.host(app, rules, seats, code, device_name(app.board), rand):
            app.show(Lobby(app))
        else:
            show_title(app)


class BigCode:
    """Four digits at twice the text's size on the panel's layer: a sheet of the ten digits only
    (the whole glyph sheet at that size would cost kilobytes), gone with the panel."""

    def __init__(self, app, row, scale):
        from firmware.ui import CHAR_H, CHAR_W, drop_bits, glyph_row, tile_of

        p = app.panel
        gfx = app.board.gfx
        sheet = gfx.sheet(CHAR_W, CHAR_H, 11, 2, scale)
        for d in range(10):
            k = tile_of(str(d))
            for y in range(CHAR_H):
                bits = glyph_row(k, y)
                for x in range(CHAR_W):
                    if bits >> (5 - x) & 1:
                        sheet.set(d + 1, x, y, 1)
        drop_bits()
        w = CHAR_W * scale
        x = (app.board.width - 4 * w) // 2
        y = CHAR_H * p.scale * (row + 1)
        self.grid = gfx.tiles(p.layer, sheet, x, y, 4, 1, (None, ui.TITLE))
        self.x = x
        self.w = w

    def show(self, text):
        for i in range(4):
            self.grid[i] = int(text[i]) + 1 if i < len(text) else 0


def _big(app, lines):
    """A BigCode above `lines` lines where the panel has room for both, else None."""
    p = app.panel
    if p.rows < lines + 2:
        return None
    if getattr(p, "big", None) is None:
        p.big = BigCode(app, 0, 2 * p.scale)
    return p.big


def _drop_panel(app):
    """The panel with the big digits goes: the next screen makes a plain one."""
    app._panel = None


class Lobby(Screen):
    """The host waits for the remote seats: the code, each seat's state, Start once all are taken."""

    def __init__(self, app):
        self.shown = None
        self.top = 0

    def enter(self, app):
        self.big = _big(app, app.link.host.rules.players)
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
        if host.shown is not self.shown:
            self.shown = host.shown
            self.draw(app)

    def button(self, app, b, now):
        host = app.link.host
        if b == back_button(app.board):
            _drop_panel(app)
            app.quit_match()
        elif b == A and host.can_start():
            _drop_panel(app)
            from firmware import remote

            remote.start(app)
        elif b == DOWN and self.top + self.room < host.rules.players:
            self.top += 1
            self.draw(app)
        elif b == UP and self.top:
            self.top -= 1
            self.draw(app)


# --- a client ----------------------------------------------------------------------------


def _tables(app):
    now = app.now
    return [tb for tb in app.link.client.tables if now - tb.heard < FRESH_MS]


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
        self.seen = [(tb.id, tb.free) for tb in tables]
        return items

    def draw(self, app):
        if self.pos < len(self.tables):
            tb = self.tables[self.pos]
            self.help = t(b"lk_free") % (tb.free, tb.players)
        else:
            self.help = ""
        Menu.draw(self, app)

    def tick(self, app, now):
        if [(tb.id, tb.free) for tb in _tables(app)] != self.seen:
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
        self.big = _big(app, 3)
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
            code = "".join(("[%s]" if i == self.pos else " %s ") % code[i] for i in range(4))
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
        if c.status == 2 or c.status == 3:  # LOBBY, PLAYING: seated
            _drop_panel(app)
            app.show(Waiting(app))
            return
        if c.status == 4:  # NOKEY
            self.note = t(b"lk_wrong_code")
        elif c.status == 5:  # FULL
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
        note = t(b"lk_lost") if c.status == 6 else t(b"lk_wait_start")
        lines += ui.wrap(note, p.cols)
        p.title.set(t(b"lk_seated") % seat(c.seat) if c.seat < 16 else t(b"lk_joining"))
        for i in range(p.rows):
            p.lines[i].set(lines[i] if i < len(lines) else "", ui.WHITE, None)
        p.footer.set(keys.hint(app.board, ((back_button(app.board), b"m_leave"),), p.cols), ui.DIM)
        app.dirty = True

    def tick(self, app, now):
        c = app.link.client
        if c.status == 3 and c.info is not None and c.view is not None:
            from firmware import remote

            remote.play_client(app)
            return
        key = (c.seats, c.status, c.seat)
        if key != self.key:
            self.key = key
            self.draw(app)

    def button(self, app, b, now):
        if b == back_button(app.board):
            app.quit_match()

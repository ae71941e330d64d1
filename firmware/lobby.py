"""Link play's screens before the table (issue 47), what they share, and the way in: the title
menu's Host a table (firmware/hosting.py: the set-up and the lobby) and Join a table
(firmware/joining.py: the tables heard, the code entry, the wait for the start).

Loaded from the title menu (where the board has a radio: boards/base.py radio()), with the one
half the person chose; dropped when the table is shown (firmware/app.py table_first, remote.py)
like the menus. The link's session (firmware/remote.py) holds the radio, the LinkHost or
LinkClient and the match; leaving any of these screens ends it (app.quit_match). A client never
loads the bots nor the save code: nothing here imports them.
"""

from boards.base import START, B
from firmware import keys, ui

# A seat's state (firmware/linkhost.py S_OPEN .. S_AWAY) in words, as a client says it.
STATE_KEYS = (b"lk_waiting", b"lk_host", b"c_person", b"lk_bot", b"lk_joined", b"table_act_away")


def show(app, key):
    """The title menu's Host a table (the set-up first) or Join a table (the radio opened now)."""
    if key == b"m_host":
        from firmware.hosting import HostSetup

        app.show(HostSetup(app))
        return
    from engine import unload
    from firmware import app as application

    unload("firmware.menus")  # the title's (back on the title menu, loaded again), ~8 KB
    application.match_code(None)  # (ClientSession.close loads it again)
    app.later(lambda: _join(app))  # once they are collected: never both them and the link's modules


def _join(app):
    from firmware import app as application
    from firmware import remoteclient

    if remoteclient.join(app):
        from firmware import joining

        app.show(joining.TablesMenu(app))
    else:
        application.match_code(True)
        to_title(app)


def to_title(app):
    """Back on the title menu from a link screen that holds no session (the host's set-up left or
    refused by the radio, a radio that would not start): every link module let go, as a session's
    close lets them go (remote.MODULES), this one too."""
    from firmware import remote
    from firmware.screens import show_title

    remote.let_go()
    remote = None
    show_title(app)


def back_button(board):
    """The button that leaves a link screen: B, or START where the board has no B."""
    return B if keys.label(board, B) else START


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


class BigCode:
    """Four digits at twice the text's size on the panel's layer: a sheet of the ten digits only
    (the whole glyph sheet at that size would cost kilobytes), gone with the panel."""

    def __init__(self, app, row, scale):
        from firmware.ui import CHAR_H, CHAR_W, FIRST, drop_bits, glyph_row

        p = app.panel
        gfx = app.board.gfx
        sheet = gfx.sheet(CHAR_W, CHAR_H, 11, 2, scale)
        for d in range(10):
            k = 48 + d - FIRST  # the digit's tile (chr() would intern it as a name)
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
        b = text.encode()  # (a str's text[i] interns each digit as a name: its bytes do not)
        for i in range(4):
            self.grid[i] = b[i] - 47 if i < len(b) else 0  # "0" is tile 1


def big(app, lines):
    """A BigCode above `lines` lines where the panel has room for both, else None."""
    p = app.panel
    if p.rows < lines + 2:
        return None
    if getattr(p, "big", None) is None:
        p.big = BigCode(app, 0, 2 * p.scale)
    return p.big


def drop_panel(app):
    """The panel with the big digits goes: the next screen makes a plain one."""
    app.text_panel = None

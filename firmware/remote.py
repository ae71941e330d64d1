"""Link play in the app (issue 47): the session of a linked table, the half both ends load (the
host's: firmware/remotehost.py; a joiner's: firmware/remoteclient.py, each never loaded on the
other end).

app.link is the session while a linked table is entered (its step() runs every app step: the
radio's frames in and out on every screen); app.quit_match() closes it, and with it the radio and
every link module (engine.unload). A linked match is not counted in the statistics; the host
saves it for a restart (firmware/linksave.py, in the store's match slot: Continue brings the
table back), a joiner saves nothing (docs/link.md).
"""

from firmware import ui
from firmware.lang import t
from firmware.screens import seat

MODULES = (
    "firmware.remote",
    "firmware.remotehost",
    "firmware.remoteclient",
    "firmware.lobby",
    "firmware.joining",
    "firmware.hosting",
    "firmware.linkhost",
    "firmware.linkclient",
    "firmware.linkframe",
    "firmware.linkview",
    "firmware.linkpeer",
    "firmware.linksave",
    "firmware.radiostate",
    "fairdeal",
    "explicit",
    "snapshot_load",
    "hashing",
    "sha256",
)


def let_go():
    """Every link module unloaded (MODULES), this one too: a table left, or a way back to the
    title menu that held no session (firmware/lobby.py to_title)."""
    from engine import unload

    for name in MODULES:
        unload(name)


class Session:
    hints = True  # the pause menu offers a hint (a client has no expert to ask)
    saving = False  # App.save writes the table (save_into): a host's, once it has saved

    def __init__(self, radio):
        self.radio = radio

    def close(self, app):
        """The table left: the radio closed and the link's code let go."""
        try:
            self.radio.close()
        except Exception as e:  # a radio that fails to close must not keep the title menu away
            print("link: radio close: %s" % (e,))
        let_go()


def next_table(app, m):
    ts = app.table_screen
    ts.msg = ""
    ts.cursor = 0
    if m.state.tiebreak:
        ts.say(t(b"ts_tiebreak"), ui.GOOD)
    app.later(lambda: app.table_first(m.rules), app.show_table)


def match_over(app):
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


# --- both tables ---------------------------------------------------------------------------


def say_move(ts, m, p, mv):
    """Another seat's move on table screen ts, as a bot's is said: with "your turn" (and the
    cursor on a playable card) when the person's turn comes next."""
    from firmware.words import move_name

    text = "%s: %s" % (seat(p), move_name(m.rules.game, mv))
    if m.my_turn():
        ts.focus_playable(m)
        ts.say(t(b"ts_your_turn") % text, ui.GOOD)
    else:
        ts.say(text, ui.DIM)

"""Pass-and-play: the page between two people's turns (loaded for it, dropped with the panel).

When the turn comes to a person other than the one whose hand the table shows
(firmware/screens.py TableScreen.tick), the table lets go of its drawing and this page
hides the hand: whose turn it is, pass the device, and the moves the others made
since that person's last turn (bots' and people's, as the table said them: a drawn
card is never named). A or B (or START) and the table comes back with that
person's hand: no button leads back to the hand before.
"""

from boards.base import DOWN, A, B
from firmware import keys, ui
from firmware.lang import t
from firmware.pages import Pager
from firmware.screens import seat


class HandOver(Pager):
    def draw(self, app):
        Pager.draw(self, app)
        p = app.panel
        hints = ((A | B, b"k_ready"),)
        if self.top + p.rows < len(self.lines):
            hints += ((DOWN, b"k_more"),)
        p.footer.set(keys.hint(app.board, hints, p.cols), ui.DIM)

    def leave(self, app):  # B too goes on to the new person's table, never back to the last one's
        self.then(app)


def since(m, p):
    """'P2: red 5' lines: the moves of the round since seat p's last one (all of them if none)."""
    from firmware.words import move_name

    s = m.state
    h = s.history
    last = -1
    for i in range(s.hist_len):
        if h[2 * i] == p:
            last = i
    lines = [t(b"ho_since" if last >= 0 else b"ho_round")]
    for i in range(last + 1, s.hist_len):
        lines.append("%s: %s" % (seat(h[2 * i]), move_name(m.rules.game, h[2 * i + 1])))
    return lines if len(lines) > 1 else []


def show(app):
    m = app.match
    p = m.state.turn
    text = "\n".join([t(b"ho_pass") % seat(p)] + since(m, p))
    app.show(HandOver(app, t(b"ho_title") % seat(p), text, None, lambda a: _take(a, p), b"k_ready"))


def _take(app, p):
    """The view and the moves from now on are person p's."""
    m = app.match
    m.view.seat = p
    m.update()
    app.show_table()

"""The link screens' pictures on every board (docs/screenshots/link/, docs/link.md): a host and a
joiner of host/drive/linkpair.py, each the simulator posing as the board, seeded (the radio, the
table code, the deal), on a made-up clock: the same pixels every time.

    python -m host.drive.linkshots [BOARD ...]     # (make screenshots runs it)

Per board, <board>-<name>.png: link-host-setup (Host a table), link-tables (the tables heard),
link-code (the code entry, two digits typed), link-waiting (seated, before the start),
link-lobby (the host's, every seat taken), link-client-table (the joiner's table, its turn),
link-lost (the joiner's table, its host silent), link-away (the host's table with the joiner's
seat away). Drawn by the simulator posing as each board (the MicroPython boards too).
"""

import os
import sys

from firmware.lang import t
from host.drive.linkpair import Pair, on_glass, playing_until
from host.drive.screenshots import BOARDS, MP_BOARDS

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "docs", "screenshots", "link")
ALL = BOARDS + MP_BOARDS


def session(board, out, lang=None, look=None):
    """The board's link pictures in folder out; their names. look(name, driver): called at each
    picture's moment instead of taking it (host_tests/test_link_screens.py's layout check in every
    language)."""
    p = Pair(board, lang=lang)
    h, j = p.host, p.join
    names = []

    def shot(d, name):
        path = os.path.join(out, "%s-%s.png" % (board, name))
        names.append(os.path.basename(path))
        if look is not None:
            look(name, d)
            return
        on_glass(d)
        d.shot(path)

    h.menu_to(t(b"m_host"))
    h.press("A")
    shot(h, "link-host-setup")
    h.choose_value("players", 3)
    h.choose_value("level2", "easy")
    h.choose_value("length", ("rounds", 1))
    h.menu_to("start")
    h.press("A")
    code = h.app.link.host.code
    j.menu_to(t(b"m_join"))
    j.press("A")
    j.run_until(lambda: len(j.app.screen.items) > 1)
    shot(j, "link-tables")
    j.press("A")
    right = "RIGHT" if j.has("RIGHT") else "A"
    for i, ch in enumerate(code):  # as linkpair.enter_code, with a picture after two digits
        k = int(ch)
        j.press(*(["UP"] * k if j.has("UP") else ["DOWN"] * ((10 - k) % 10)))
        if i == 1:
            shot(j, "link-code")
        if i < 3:
            j.press(right)
    j.press("A")
    j.run_until(lambda: j.screen_name() == "Waiting")
    shot(j, "link-waiting")
    h.run_until(lambda: h.app.link.host.can_start())
    shot(h, "link-lobby")
    h.press("A")
    j.run_until(lambda: j.app.screen.table, limit=500)
    h.run_until(lambda: h.app.screen.table, limit=500)
    m = j.app.match
    for _ in range(400):  # the joiner's turn after a move of another seat
        if m.my_turn() and m.state.hist_len and m.state.history[2 * m.state.hist_len - 2] != m.view.seat:
            break
        if m.my_turn():
            j.play_turn()
        elif h.app.match.my_turn():
            h.play_turn()
        else:
            h.step(100)
    shot(j, "link-client-table")
    j.peers = ()  # the host switched off: the joiner says it reconnects
    j.step(100, 40)
    shot(j, "link-lost")
    j.peers = (p._stepper(h),)
    j.run_until(lambda: j.app.link.client.status == 3, limit=200)
    seat = j.app.link.client.seat
    h.peers = ()  # the joiner out of range
    hm = h.app.match
    playing_until(h, lambda: hm.away >> seat & 1 and not hm.my_turn(), 400)
    shot(h, "link-away")
    return names


def main(argv=None):
    boards = (argv if argv is not None else sys.argv[1:]) or ALL
    os.makedirs(OUT, exist_ok=True)
    for board in boards:
        if board not in ALL:
            sys.stderr.write("linkshots: unknown board %r; boards: %s\n" % (board, ", ".join(ALL)))
            return 2
        names = session(board, OUT)
        print("linkshots: %s: %d pictures in %s" % (board, len(names), os.path.relpath(OUT, ROOT)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

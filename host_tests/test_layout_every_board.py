"""Every screen of every board in every language is laid out cleanly: no text cut, none outside
the screen, none on top of another (host/drive/layoutcheck.py's problems()).

The screens are those host/drive/screenshots.py walks to, each board driven by its own buttons, in
each language of firmware/lang. One test per board and language, so they spread over workers.
"""

import types

import pytest

from firmware.lang import CODES
from host.drive import screenshots


def on_show(d):
    """What layoutcheck reads: the app, or for the error screen a stand-in holding its panel."""
    if d.runner is not None and d.runner.error is not None:
        return types.SimpleNamespace(board=d.board, screen=None, panel=d.runner.error.panel, table=None)
    return d.app


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("board", screenshots.BOARDS + screenshots.MP_ALL)
def test_every_screen_is_laid_out_cleanly(board, code):
    """Every board's own buttons, the MicroPython profiles (boards/mpschemes.py, the 128x64 OLED
    among them) posed by the simulator too."""
    layoutcheck = pytest.importorskip(
        "host.drive.layoutcheck", reason="host/drive/layoutcheck.py (helper cards) not merged yet"
    )
    found = []

    def look(name, d):
        for problem in layoutcheck.problems(on_show(d)):
            found.append("%s: %s" % (name, problem))

    screenshots.walk(board, look, code)
    assert not found, "%s in %s:\n%s" % (board, code, "\n".join(found))

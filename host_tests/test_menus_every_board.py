"""Menus that show where they lead, on every board (issue 38, item 2).

A list longer than its screen says so in its title line ("▲" lines above, "▼" lines below); every
title item can be reached and seen with the board's own buttons; the new match's set-up opens on
Start match (one press from the title's New match); Continue is offered, and preselected, only
where there is a match to continue.
"""

import pytest

from boards.sim import PROFILES

UP_MARK = "\u25b2"
DOWN_MARK = "\u25bc"


def cursor_line(d):
    lines = [text for text in d.panel()[1:-1] if text.startswith("> ")]
    assert len(lines) == 1, d.panel()
    return lines[0]


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_title_item_is_reached_and_shown_and_a_longer_list_says_it_scrolls(profile):
    from host.drive import simdrive

    d = simdrive.Driver(profile, keyboard=False, lazy=True)
    menu = d.app.screen
    rows = d.app.panel.rows
    names = [it[0] for it in menu.items]
    assert names[0] == "New match"  # nothing to continue: no Continue
    seen = []
    for _ in range(len(names)):
        seen.append(cursor_line(d)[2:].strip())
        title = d.panel()[0]
        assert title.endswith(DOWN_MARK) == (menu.top + rows < len(names)), (profile, title)
        assert (UP_MARK in title) == (menu.top > 0), (profile, title)
        d.press("DOWN")
    assert seen == names
    if len(names) > rows:  # (the 128x64 OLED: three rows for five items)
        assert not d.panel()[0].endswith(" ")


@pytest.mark.parametrize("profile", ["pybadge", "clue", "feather_tft", "oled128x64"])
def test_the_set_up_opens_on_start_match_so_one_press_starts_a_match(profile):
    from host.drive import simdrive

    d = simdrive.Driver(profile, keyboard=False, lazy=True)
    d.press("A")  # New match
    assert d.screen_name() == "SetupMenu"
    assert cursor_line(d).split()[:3] == [">", "Start", "match"]
    assert d.panel()[0].endswith(DOWN_MARK)  # the options below it
    d.press("A")
    d.step(20, 5)
    assert d.screen_name() == "TableScreen" and d.app.match is not None


def test_continue_is_offered_and_preselected_only_with_a_match_to_continue():
    from host.drive import simdrive

    nvm = bytearray(b"\xff" * 8192)
    d = simdrive.Driver("sim", lazy=True, nvm=nvm)
    assert "Continue" not in " ".join(d.panel()) and d.panel()[1] == "> New match"
    d.press("START")  # START at the title with nothing to continue: the set-up
    assert d.screen_name() == "SetupMenu"
    d.press("A")  # Start match
    d.step(20, 5)
    m = d.app.match
    d.run_until(lambda: m.my_turn(), dt=1000)
    d.press("START")
    d.menu_to("quit")
    d.press("A")  # saved, and back at the title
    assert d.panel()[1] == "> Continue"
    d2 = simdrive.Driver("sim", lazy=True, nvm=bytearray(nvm))  # a reboot
    assert d2.panel()[1] == "> Continue"
    d2.press("START")  # START continues it
    d2.step(20, 5)
    assert d2.screen_name() == "TableScreen"


@pytest.mark.parametrize("profile", ["oled128x64", "pybadge", "clue"])
def test_a_note_longer_than_its_room_on_the_title_menu_shows_in_pages_every_word(profile):
    """A notice at boot ("save refused: ...", "settings.toml: ... bad") goes in the footer and the
    rows the items leave free; on the OLED (three rows, five items) only the footer: a longer one
    showed its first line only. It pages now, "»" marking a page with more."""
    from firmware import ui
    from firmware.lang import t
    from host.drive import simdrive

    d = simdrive.Driver(profile, keyboard=False, lazy=True)
    menu = d.app.screen
    text = t(b"n_save_refused") % "P1's total 65000 leaves no room for this round's penalty points"
    text += " " + t(b"n_setting_bad") % "ELFER_SPEED"
    menu.note = text
    menu.draw(d.app)
    p = d.app.panel
    rows_free = max(0, p.rows - len(menu.items))

    def note_shown():
        lines = [line.text for line in p.lines[p.rows - rows_free :]] if rows_free else []
        return [x for x in lines + [p.footer.text] if x.strip()]

    pages = [note_shown()]
    d.step()  # the first page's time starts
    for _ in range(12):
        d.step(ui.PAGE_MS * (rows_free + 1) + 20)
        if note_shown() == pages[0]:
            break
        pages.append(note_shown())
    words = []
    for page in pages:
        for line in page:
            assert len(line) <= p.cols
            words.extend(line.replace("\u00bb", "").split())
    assert words == text.split(), pages
    if profile == "oled128x64":
        assert len(pages) > 1 and pages[0][-1].endswith("\u00bb")

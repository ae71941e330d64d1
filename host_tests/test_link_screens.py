"""Link play on the device's screens (firmware/lobby.py, firmware/remote.py, docs/link.md): two
simulated devices, a host and a joiner, on one firmware/linkloop.py ether, driven by their
buttons on one clock, from the title menu to the match's end."""

import os
import sys

import pytest

from firmware.lang import t
from host.drive.linkpair import (
    Pair,
    enter_code,
    play_to_the_end,
    playing_until,
    seat_and_start,
    to_lobby,
    to_table_list,
)

# What a device must not keep once it is back on the title menu with no linked table (remote.MODULES
# is the list a session's close lets go; these are the ones each screen before the table loads).
LINK_MODULES = {
    "firmware.hosting",
    "firmware.joining",
    "firmware.remote",
    "firmware.remotehost",
    "firmware.remoteclient",
    "firmware.linkhost",
    "firmware.linkclient",
    "firmware.linksave",
    "engine.snapshot_load",
}


def _no_link_modules():
    """Start from none loaded: an earlier test in this process may have left its devices linked."""
    from engine import unload

    for name in LINK_MODULES:
        unload(name)


@pytest.mark.parametrize("profile", ["sim", "clue", "feather_tft", "oled128x64", "pico_lcd_114"])
def test_link_screens_a_host_and_a_joiner_play_a_match_from_the_title_menus(profile):
    p = Pair(profile)
    h, j = p.host, p.join
    assert [it[1] for it in h.app.screen.items][:3] == ["new", b"m_host", b"m_join"]
    # the whole match to 30 points on the simulator's own profile (rounds after rounds), one round elsewhere
    code = to_lobby(h) if profile == "sim" else to_lobby(h, length=("rounds", 1))
    to_table_list(j)
    seat_and_start(h, j, code)
    play_to_the_end(h, j)
    hv = h.app.link.host.seat_view(1)
    cv = j.app.link.client.view
    assert bytes(hv.history[: 2 * hv.hist_len]) == bytes(cv.history[: 2 * cv.hist_len])
    assert j.app.link.client.checked and all(bad == [] for _, bad in j.app.link.client.checked)
    assert h.screen_texts()[1:] == j.screen_texts()[1:]  # the same match over page


def _seated_table(profile="sim", game="cinquillo", players=2, **values):
    p = Pair(profile)
    h, j = p.host, p.join
    code = to_lobby(h, game, players, **values)
    to_table_list(j)
    enter_code(j, "%04d" % ((int(code) + 1) % 10000))  # a wrong code first: said, and asked again
    j.run_until(lambda: j.app.link.client.status == 4, limit=200)  # NOKEY
    assert any(text.startswith(t(b"lk_wrong_code")) for text in j.screen_texts()), j.screen_texts()
    for _ in range(4):
        j.press("LEFT") if j.has("LEFT") else None
    seat_and_start(h, j, code)
    return p, h, j


def test_link_screens_the_hosts_start_deals_after_the_lobby_goes_and_draws_after_the_deals_code_goes(monkeypatch):
    """firmware/remotehost.py start: the lobby's Start in pieces. When round 1 is dealt, the
    lobby's and the menus' modules are gone; when the table is made, the fair deal's and the
    explicit deal's code are gone (firmware/linkhost.py _dealt): a CircuitPython host's heap
    never holds two of them at once. Round 2's deal lets its code go as well."""
    _no_link_modules()  # (engine.snapshot_load among them: another test may have loaded it)
    from firmware.app import App
    from firmware.linkhost import LinkHost

    seen = {}
    lobby = {"firmware.hosting", "firmware.lobby", "firmware.menus", "firmware.choices"}
    deal = {"engine.fairdeal", "engine.explicit"}
    start, first, after = LinkHost.start, App.table_first, LinkHost.next_round

    def spy_start(self, now):
        seen["at the deal"] = lobby & set(sys.modules)
        start(self, now)
        seen["dealt"] = deal & set(sys.modules)

    def spy_first(self, rules):
        seen.setdefault("at the table", deal & set(sys.modules))
        first(self, rules)

    def spy_next(self, now):
        after(self, now)
        seen["round 2 dealt"] = deal & set(sys.modules)

    monkeypatch.setattr(LinkHost, "start", spy_start)
    monkeypatch.setattr(App, "table_first", spy_first)
    monkeypatch.setattr(LinkHost, "next_round", spy_next)
    p = Pair("clue", saves=True)
    h, j = p.host, p.join
    code = to_lobby(h)  # a match to points: more than a round
    assert lobby & set(sys.modules) == lobby  # the lobby's screen holds them
    to_table_list(j)
    seat_and_start(h, j, code)
    h.step(100, 5)
    assert _in_store(h.app)[:4] == b"ELNK" and "engine.snapshot_load" not in sys.modules  # saved from its Tape
    play_to_the_end(h, j, until=lambda: "round 2 dealt" in seen)
    assert seen == {"at the deal": set(), "dealt": set(), "at the table": set(), "round 2 dealt": set()}, seen


def test_link_screens_a_wrong_code_is_said_and_the_right_one_then_joins():
    p, h, j = _seated_table()
    assert j.app.link.client.seat == 1


def test_link_screens_a_silent_seat_is_away_then_played_by_a_bot_then_its_own_again():
    p, h, j = _seated_table("sim", "elfer", 3, level2="easy", length=("rounds", 1))
    m = h.app.match
    h.peers = ()  # the joiner's device out of range: it neither hears nor is heard
    seat = j.app.link.client.seat
    start = h.now
    playing_until(h, lambda: m.away >> seat & 1, 400)
    assert 5000 <= h.now - start <= 6000
    assert t(b"table_act_away") in h.shown_texts()  # marked on the host's table
    n = m.state.hist_len
    playing_until(h, lambda: any(m.state.history[2 * i] == seat for i in range(n, m.state.hist_len)), 2000)
    h.peers = (p._stepper(j),)  # back in range
    playing_until(h, lambda: not m.away >> seat & 1, 200)
    assert t(b"table_act_away") not in h.shown_texts()
    play_to_the_end(h, j)
    hv = h.app.link.host.seat_view(seat)
    cv = j.app.link.client.view
    assert bytes(hv.history[: 2 * hv.hist_len]) == bytes(cv.history[: 2 * cv.hist_len])


def test_link_screens_a_joiner_whose_host_is_silent_says_it_waits():
    p, h, j = _seated_table()
    j.peers = ()  # the host switched off
    j.step(100, 40)
    assert t(b"lk_lost") in " ".join(j.screen_texts()), j.screen_texts()
    j.peers = (p._stepper(h),)
    j.run_until(lambda: t(b"lk_lost") not in " ".join(j.screen_texts()), limit=200)


def test_link_screens_a_host_switched_off_continues_its_table_and_the_joiner_plays_on():
    """L6 on the device's screens: the host saves the table each turn (firmware/linksave.py in the
    store's slot); switched off mid-round, on again, Continue puts the table back, the joiner's
    device finds it again and gets its seat back, and the match ends with both views the same and
    every round's deal checked. The save is cleared once the match is over."""
    p = Pair("sim", saves=True)
    h, j = p.host, p.join
    code = to_lobby(h, "cinquillo", 3, level2="easy", length=("rounds", 3))
    to_table_list(j)
    seat_and_start(h, j, code)
    s = h.app.match.state
    play_to_the_end(h, j, until=lambda: s.round_no == 1 and s.hist_len >= 8 and not (s.placed or s.drawn))
    assert _in_store(h.app)[:4] == b"ELNK"
    at = (s.round_no, s.hist_len)
    h = p.restart_host()  # switched off and on
    assert h.app.saved is not None and h.app.saved[:4] == b"ELNK", "the table's save is read at boot"
    h.menu_to(t(b"m_continue"))
    h.press("A")
    h.run_until(lambda: h.app.screen.table, limit=200)
    s = h.app.match.state
    assert (s.round_no, s.hist_len) == at
    host = h.app.link.host
    seat = j.app.link.client.seat
    h.run_until(lambda: host.seat_state(seat) != 5, limit=600)  # the joiner back (not away)
    play_to_the_end(h, j)
    hv = host.seat_view(seat)
    cv = j.app.link.client.view
    assert bytes(hv.history[: 2 * hv.hist_len]) == bytes(cv.history[: 2 * cv.hist_len])
    assert len(j.app.link.client.checked) == 3 and all(bad == [] for _, bad in j.app.link.client.checked)
    assert h.app.saved is None  # the match over: nothing to continue


def _in_store(app):
    """The match slot of the save last written (App.save builds it in the store's buffer: the
    host's table is written there from memory, not held as bytes in app.saved)."""
    buf = app.store.buf
    at = app.store.payload_at + len(app.head) + 2
    return bytes(buf[at : at + (buf[at - 2] << 8 | buf[at - 1])])


def _a_saved_linked_table():
    """(pair, host, joiner): a 2-seat classic table started, its host's table saved."""
    p = Pair("sim", saves=True)
    h, j = p.host, p.join
    code = to_lobby(h, "elfer", 2)
    to_table_list(j)
    seat_and_start(h, j, code)
    h.step(2000)
    return p, h, j


def test_link_screens_a_host_that_leaves_its_table_leaves_nothing_to_continue():
    """L6's other half: the table left on purpose (the pause menu's Leave) is over for everyone,
    its save cleared. The store must not keep the linked match as a local one either (leaving
    used to save the host's match in the local slot: Continue after a restart brought it back
    as a local match with the remote seats' hands)."""
    p, h, j = _a_saved_linked_table()
    assert _in_store(h.app)[:4] == b"ELNK"
    h.press("START")
    h.menu_to("quit")
    h.press("A")
    assert h.screen_name() == "TitleMenu" and h.app.link is None
    h = p.restart_host()
    assert h.app.saved is None, h.app.saved[:4]
    assert t(b"m_continue") not in " ".join(h.screen_texts())


def test_link_screens_a_host_whose_radio_takes_fewer_remote_seats_says_so_and_opens_no_radio():
    """The CLUE's BLE takes 4 joiners (boards/radio_ble.py _PERIPHERALS: CircuitPython's peripheral
    connections): a set-up with 5 remote seats is refused on the set-up with why, no radio opened,
    nothing else changed; with 4 it opens the lobby."""
    import re

    from boards import radio_ble

    with open(os.path.join(os.path.dirname(radio_ble.__file__), "clue.py")) as f:
        assert int(re.search(r"radio_seats = (\d+)", f.read()).group(1)) == radio_ble._PERIPHERALS
    p = Pair("clue")
    h = p.host
    h.board.radio_seats = radio_ble._PERIPHERALS
    opened = []
    radio = h.board.radio
    h.board.radio = lambda: opened.append(1) or radio()
    h.menu_to(t(b"m_host"))
    h.press("A")
    h.choose_value("players", 6)  # every seat from P2 on remote: 5
    h.menu_to("start")
    h.press("A")
    assert h.screen_name() == "HostSetup" and h.app.link is None and not opened
    assert h.app.screen.note == t(b"lk_max_remote") % 4  # (shown as the set-up's other refusals are)
    assert t(b"lk_max_remote").split()[0] in " ".join(h.screen_texts())
    h.choose_value("level5", "easy")  # one seat a bot: 4 remote
    h.menu_to("start")
    h.press("A")
    assert h.screen_name() == "Lobby" and opened == [1]


def test_link_screens_a_radio_that_will_not_start_is_said_on_the_title_menu():
    p = Pair("clue")
    h = p.host
    _no_link_modules()

    def broken():
        raise OSError("Wi-Fi is off")

    h.board.radio = broken
    h.menu_to(t(b"m_join"))
    h.press("A")
    assert h.screen_name() == "TitleMenu" and h.app.link is None
    assert any("Wi-Fi is off" in text for text in h.screen_texts()), h.screen_texts()
    assert not LINK_MODULES & set(sys.modules), LINK_MODULES & set(sys.modules)  # none held for later
    h.menu_to(t(b"m_host"))
    h.press("A")
    h.menu_to("start")
    h.press("A")  # the host's set-up's Start: the radio would be opened now
    assert h.screen_name() == "TitleMenu" and h.app.link is None
    assert any("Wi-Fi is off" in text for text in h.screen_texts()), h.screen_texts()
    assert not LINK_MODULES & set(sys.modules), LINK_MODULES & set(sys.modules)
    h.menu_to(t(b"m_host"))
    h.press("A")
    assert "firmware.hosting" in sys.modules
    h.back()  # the set-up left
    assert h.screen_name() == "TitleMenu"
    assert not LINK_MODULES & set(sys.modules), LINK_MODULES & set(sys.modules)


def test_link_screens_continue_with_a_radio_that_will_not_start_keeps_the_table_for_later():
    """L6 and the radio's fault together: the host's table saved, switched off and on, its radio
    refusing; Continue says why on the title menu and keeps the save (on flash too: a settings
    save meanwhile writes it back); once the radio starts, Continue puts the table back."""
    p, h, j = _a_saved_linked_table()
    assert _in_store(h.app)[:4] == b"ELNK"
    s = h.app.match.state
    at = (s.round_no, s.hist_len)
    h = p.restart_host()
    radio = h.board.radio

    def broken():
        raise OSError("BLE stack busy")

    h.board.radio = broken
    _no_link_modules()
    h.menu_to(t(b"m_continue"))
    h.press("A")
    assert h.screen_name() == "TitleMenu" and h.app.link is None
    assert h.app.screen.note == t(b"lk_no_radio") % "BLE stack busy"  # (its pages turn on the footer)
    assert not LINK_MODULES & set(sys.modules), LINK_MODULES & set(sys.modules)  # none held for later
    assert h.app.saved is not None and h.app.saved[:4] == b"ELNK" and not h.app.continuing
    h.app.save()  # what a settings change would write: the table with it
    h = p.restart_host()
    assert h.app.saved is not None and h.app.saved[:4] == b"ELNK"
    h.board.radio = radio
    h.menu_to(t(b"m_continue"))
    h.press("A")
    h.run_until(lambda: h.app.screen.table, limit=200)
    s = h.app.match.state
    assert h.app.link is not None and (s.round_no, s.hist_len) == at  # the table as it was saved


def test_link_window_radio_takes_the_beacon_port_or_any_when_it_is_taken():
    from host.play import sim
    from host.play.linkterm import BEACON_PORT

    make = sim.udp_radio_maker()
    a = make()
    b = make()  # a second window on this machine
    try:
        ports = [a.address()[1], b.address()[1]]
        assert ports.count(BEACON_PORT) <= 1 and all(ports)
    finally:
        a.close()
        b.close()
    with pytest.raises(SystemExit, match="--port"):
        taken = sim.udp_radio_maker(port=ports[0])
        x = taken()
        try:
            taken()
        finally:
            x.close()


def test_link_window_options_for_the_terminal_only_are_refused(capsys):
    from host.play import sim

    with pytest.raises(SystemExit):
        sim.main(["--code", "1234", "--board", "clue"])
    err = capsys.readouterr().err
    assert "--code" in err


def test_link_screens_committed_pictures_are_what_the_code_draws(tmp_path):
    """docs/screenshots/link/: the lobby, the tables, the code entry, the wait, a joiner's table,
    its host silent and an away seat on every board (host/drive/linkshots.py; `make screenshots` makes them)."""
    import pygame

    from host.drive import linkshots

    made = []
    for board in linkshots.ALL:
        made += linkshots.session(board, str(tmp_path))
    assert len(made) == 8 * len(linkshots.ALL) == len(set(made))
    committed = sorted(n for n in os.listdir(linkshots.OUT) if n.endswith(".png"))
    assert sorted(made) == committed, "run make screenshots: the pictures made are not the ones committed"

    def pixels(path):
        surface = pygame.image.load(path)
        return surface.get_size(), pygame.image.tobytes(surface, "RGB")

    bad = [n for n in made if pixels(os.path.join(tmp_path, n)) != pixels(os.path.join(linkshots.OUT, n))]
    assert not bad, "docs/screenshots/link: %s differ from what the code draws: run make screenshots" % bad


@pytest.mark.parametrize("code", ["de", "en", "es", "nl", "pt"])
def test_link_screens_are_laid_out_cleanly_on_every_board(code):
    """No text cut, outside the screen or on another (host/drive/layoutcheck.py) on any of the
    link screens' moments (host/drive/linkshots.py) on any board, in each language."""
    from firmware.lang import CODES
    from host.drive import layoutcheck, linkshots

    assert code in CODES
    found = []
    for board in linkshots.ALL:

        def look(name, d, board=board):
            found.extend("%s %s: %s" % (board, name, problem) for problem in layoutcheck.problems(d.app))

        assert len(linkshots.session(board, "", code, look)) == 8
    assert not found, "\n".join(found)

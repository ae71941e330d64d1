"""Wi-Fi link play on a Pico W (boards/network.py, docs/link.md "Wi-Fi (Pico W)") against the
stand-in for MicroPython's cyw43 `network` (host/emulate/stubs/network_cyw43.py, read in its
sources): the Wi-Fi brought up without waiting, its failures said and tried again, the host's
access point, and UDP on it (boards/radio_udp.py, real sockets on 127.0.0.1).

Several devices in one process: the stand-in is loaded once per device (a chip: its two WLAN
interfaces are the module's), and each radio is started with its own chip as `network`. Time
is the test's (the radio's and the chip's clocks); the sockets are real and take no time."""

import importlib.util
import os
import subprocess
import sys
import types

import pytest

from boards import network
from boards.network import AP_IP, BAD_KEY, CONNECTING, ERROR, FAILED, JOIN_MS, NO_NET, OFF, RETRY_MS, UP, WifiRadio
from engine.rules import make_rules
from firmware import lang, radiostate, ui
from firmware.lang import t
from host.emulate import linkprocs
from host.emulate.linktable import LinkTable

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STUBS = os.path.join(ROOT, "host", "emulate", "stubs")


def free_port():
    return linkprocs.free_udp_port("0.0.0.0")


class Rig:
    """One air (a folder: access points and stations are files there), one clock, the devices."""

    def __init__(self, monkeypatch, air_dir):
        self.mp = monkeypatch
        self.now = 0
        self.radios = []
        self.chips = 0
        monkeypatch.setenv("ELFER_WIFI_AIR_DIR", str(air_dir))
        monkeypatch.setenv("ELFER_WIFI_AIR", "")
        for k in ("ELFER_WIFI_JOIN_MS", "ELFER_WIFI_NONET_MS"):
            monkeypatch.delenv(k, raising=False)
        monkeypatch.setattr(network, "_ms", lambda: self.now)
        monkeypatch.setattr(network, "_diff", lambda a, b: a - b)
        self.air_dir = str(air_dir)

    def chip(self):
        """A Pico W's cyw43: the stand-in loaded as a module of its own, its MAC its own."""
        self.chips += 1
        spec = importlib.util.spec_from_file_location("cyw43_%d" % self.chips, os.path.join(STUBS, "network_cyw43.py"))
        m = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(m)
        m.IDENT[0] = self.chips
        m.set_clock(lambda: self.now)
        return m

    def radio(self, settings=None, hosting=False, chip=None, start=True):
        """A WifiRadio from these settings.toml keys, its first use (the Wi-Fi started) now."""
        r = WifiRadio(dict(settings or {}).get)
        r.hosting = hosting
        r.chip = chip or self.chip()
        r.got = []
        self.radios.append(r)
        if start:
            self.start(r)
        return r

    def start(self, r):
        """r's first use with its own chip as `network` (boards/network.py imports it then)."""
        self.mp.setitem(sys.modules, "network", r.chip)
        self.poll(r)

    def poll(self, r):
        while True:
            got = r.recv()
            if got is None:
                return
            r.got.append(got)

    def run(self, ms, *radios):
        end = self.now + ms
        while self.now < end:
            self.now = min(end, self.now + 20)
            for r in radios:
                self.poll(r)

    def close(self):
        for r in self.radios:
            r.close()


@pytest.fixture
def rig(monkeypatch, tmp_path):
    lang.use("en")
    r = Rig(monkeypatch, tmp_path)
    yield r
    r.close()


def home(ssid="Home", key="secret123", **more):
    out = {"ELFER_WIFI_SSID": ssid, "ELFER_WIFI_PASSWORD": key, "ELFER_LINK_PORT": str(free_port())}
    out.update(more)
    return out


def sta(r):
    return r.chip.WLAN(r.chip.STA_IF)


# --- the stand-in and the board ------------------------------------------------------------


def test_wifi_stand_in_network_is_there_only_where_the_run_poses_as_a_pico_w(monkeypatch):
    monkeypatch.syspath_prepend(STUBS)

    def load():
        spec = importlib.util.spec_from_file_location("network_gate", os.path.join(STUBS, "network.py"))
        m = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(m)
        return m

    monkeypatch.delenv("ELFER_PICO_W", raising=False)
    with pytest.raises(ImportError):
        load()  # a plain Pico's firmware has no network module
    monkeypatch.setenv("ELFER_PICO_W", "1")
    m = load()
    assert m.WLAN(m.STA_IF) is m.WLAN(m.STA_IF) is not m.WLAN(m.AP_IF)  # two fixed interfaces
    with pytest.raises(OSError):
        m.WLAN(m.STA_IF).connect("Home", "secret123")  # not active: EPERM


def test_wifi_mpboard_has_a_radio_only_where_the_board_name_is_a_pico_w(monkeypatch, rig):
    """boards/mpboard.py MpBoard: the firmware's board name (sys.implementation._machine), not an
    `import network` (which would intern a name at boot on a plain Pico)."""
    from boards import mpboard

    for name, wifi in (
        ("Raspberry Pi Pico with RP2040", False),
        ("Raspberry Pi Pico 2 with RP2350", False),
        ("Raspberry Pi Pico W with RP2040", True),
        ("Raspberry Pi Pico 2 W with RP2350", True),
    ):
        monkeypatch.setattr(sys.implementation, "_machine", name, raising=False)
        assert (mpboard.MpBoard(None, None, gfx=object()).radio is mpboard.radio) is wifi, name
    monkeypatch.setattr(sys.implementation, "_machine", "Raspberry Pi Pico with RP2040", raising=False)
    plain = mpboard.MpBoard(None, None, gfx=object())
    assert plain.radio is None
    monkeypatch.setattr(sys.implementation, "_machine", "Raspberry Pi Pico W with RP2040", raising=False)
    monkeypatch.setitem(sys.modules, "network", rig.chip())
    monkeypatch.setattr(mpboard, "settings_getenv", lambda: {"ELFER_WIFI_SSID": "Home"}.get)
    w = mpboard.MpBoard(None, None, gfx=object())
    r = w.radio()
    rig.radios.append(r)
    assert isinstance(r, WifiRadio) and r.ssid == "Home" and r.state == OFF  # nothing started yet


def test_wifi_bundles_of_the_micropython_picos_ship_the_radio_and_the_boot_does_not_load_it():
    from host.ship import bundle

    for board in ("pico_lcd_114", "pico_display", "pico_lcd_13", "oled128x64"):
        files = [rel for rel, _ in bundle.plan(board)]
        assert "boards/network.mpy" in files and "boards/radio_udp.mpy" in files, board
    assert not [rel for rel, _ in bundle.plan("pybadge") if rel == "boards/network.mpy"]
    code = (
        "import sys; sys.modules['network'] = type(sys)('network');"
        "sys.implementation._machine = 'Raspberry Pi Pico W with RP2040'; import boards.mpboard as m;"
        "b = m.MpBoard(None, None, gfx=object());"
        "print(b.radio is m.radio, 'boards.network' in sys.modules, 'boards.radio_udp' in sys.modules)"
    )
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.stdout.strip().splitlines()[-1] == "True False False", r.stdout + r.stderr  # a Pico W's boot


# --- bringing the Wi-Fi up -----------------------------------------------------------------


def test_wifi_radio_joins_a_home_network_in_the_background_and_is_quiet_until_up(rig, monkeypatch):
    monkeypatch.setenv("ELFER_WIFI_AIR", "Home=secret123")
    r = rig.radio(home())
    assert r.state == CONNECTING and r.ssid == "Home" and sta(r).join[:2] == ("Home", "secret123")
    assert r.send(("127.0.0.1", 9), b"x") is False and r.broadcast(b"x") is False
    assert r.recv() is None and r.address() is None and r.udp is None
    rig.run(1400, r)  # the stand-in's join takes 1.5 s (NOIP, joined without an address, from 1 s)
    assert r.state == CONNECTING and r.udp is None
    rig.run(200, r)
    assert r.state == UP and r.address() == "127.0.0.1" and r.udp is not None
    assert radiostate.line(r) == ""


def test_wifi_radio_a_wrong_password_is_bad_key_and_tried_again_after_retry_ms(rig, monkeypatch):
    monkeypatch.setenv("ELFER_WIFI_AIR", "Home=secret123")
    r = rig.radio(home(key="not-the-key"))
    rig.run(1600, r)
    assert r.state == BAD_KEY and radiostate.line(r) == "Wi-Fi Home: wrong password"
    assert r.send(("127.0.0.1", 9), b"x") is False
    joined_at = sta(r).join[2]
    rig.run(RETRY_MS - 200, r)
    assert r.state == BAD_KEY and sta(r).join[2] == joined_at  # not before RETRY_MS
    rig.run(300, r)
    assert r.state == CONNECTING and sta(r).join[2] > joined_at  # joined again
    monkeypatch.setenv("ELFER_WIFI_AIR", "Home=not-the-key")  # the router's key changed to it
    rig.run(1600, r)
    assert r.state == UP


def test_wifi_radio_a_network_not_in_range_is_no_net_until_it_comes_up(rig, monkeypatch):
    r = rig.radio(home())
    rig.run(2900, r)
    assert r.state == CONNECTING  # a join scans every channel first (the stand-in: 3 s)
    rig.run(200, r)
    assert r.state == NO_NET and radiostate.line(r) == "Wi-Fi Home not found: trying again"
    monkeypatch.setenv("ELFER_WIFI_AIR", "Home=secret123")
    rig.run(RETRY_MS + 1600, r)
    assert r.state == UP


def test_wifi_radio_a_refused_join_is_failed_and_tried_again(rig, monkeypatch):
    monkeypatch.setenv("ELFER_WIFI_AIR", "Cafe=")
    r = rig.radio(home("Cafe", "secret123"))  # a key for an open network: refused (-1)
    rig.run(1600, r)
    assert r.state == FAILED and radiostate.line(r) == "Wi-Fi Cafe failed: trying again"
    at = sta(r).join[2]
    rig.run(RETRY_MS, r)
    assert sta(r).join[2] > at


def test_wifi_radio_a_join_not_done_after_join_ms_is_failed_and_started_again(rig, monkeypatch):
    monkeypatch.setenv("ELFER_WIFI_AIR", "Slow=secret123")
    monkeypatch.setenv("ELFER_WIFI_JOIN_MS", str(JOIN_MS * 3))  # a join that never ends in time
    r = rig.radio(home("Slow"))
    rig.run(JOIN_MS - 100, r)
    assert r.state == CONNECTING
    rig.run(300, r)
    assert r.state == FAILED
    at = sta(r).join[2]
    rig.run(RETRY_MS + 100, r)
    assert r.state == CONNECTING and sta(r).join[2] > at


def test_wifi_radio_settings_that_cannot_work_are_error_with_why_and_never_tried(rig, monkeypatch):
    short = rig.radio({"ELFER_WIFI_AP_PASSWORD": "short"}, hosting=True)
    assert short.state == ERROR and "ELFER_WIFI_AP_PASSWORD" in short.why
    assert radiostate.line(short) == "Wi-Fi: " + short.why
    port = rig.radio({"ELFER_LINK_PORT": "port"})
    assert port.state == ERROR and port.why.startswith("settings.toml")
    rig.run(RETRY_MS * 3, short, port)
    assert short.state == port.state == ERROR and short.send(("127.0.0.1", 9), b"x") is False
    assert short.chip.WLAN._made == {} and port.chip.WLAN._made == {}  # the Wi-Fi never switched on


def test_wifi_radio_a_wlan_call_that_raises_is_error_not_a_crash(rig, monkeypatch):
    monkeypatch.setenv("ELFER_WIFI_AIR", "Home=secret123")
    chip = rig.chip()

    def broken(self, *a, **kw):
        raise OSError(-1)

    monkeypatch.setattr(chip.WLAN, "connect", broken)
    r = rig.radio(home(), chip=chip)
    assert r.state == ERROR and r.why.startswith("Home: ") and r.recv() is None
    assert radiostate.line(r) == "Wi-Fi: " + r.why


# --- the table's own network: the host's access point ----------------------------------------


def test_wifi_host_without_a_home_network_opens_the_access_point_and_a_joiner_joins_it(rig):
    port = free_port()
    host = rig.radio({"ELFER_LINK_PORT": str(port)}, hosting=True)
    assert host.ap and host.ssid == "ElferRaus" and host.state == UP and host.address() == AP_IP
    ap = host.chip.WLAN(host.chip.AP_IF)
    assert ap.config("ssid") == "ElferRaus" and ap.key == "elferraus" and ap.security != 0
    with open(os.path.join(rig.air_dir, "ElferRaus".encode().hex())) as f:
        assert f.read() == "elferraus"  # the network in the air, with its key
    plain = rig.radio({"ELFER_LINK_PORT": str(port)}, start=False)
    assert plain.ask is None
    rig.start(plain)
    assert plain.ssid == "ElferRaus" and plain.key == "elferraus" and plain.ask == (AP_IP, port)
    assert radiostate.line(plain) == "Joining Wi-Fi ElferRaus..."
    plain.close()
    # on one machine the ports differ: the joiner asks the host's directly (ELFER_LINK_HOST)
    j = rig.radio({"ELFER_LINK_PORT": str(free_port()), "ELFER_LINK_HOST": "127.0.0.1:%d" % port})
    rig.run(1600, host, j)
    assert j.state == UP and len(ap.status("stations")) == 1
    rig.run(600, host, j)  # the joiner's ask reaches the host: its beacons go there too
    assert host.broadcast(b"beacon")
    rig.run(40, host, j)
    assert (("127.0.0.1", port), b"beacon") in j.got
    assert j.send(("127.0.0.1", port), b"hello")
    rig.run(40, host, j)
    assert b"hello" in [d for _, d in host.got]


def test_wifi_host_access_point_is_open_without_a_key_and_counts_its_stations(rig):
    port = free_port()
    keys = {"ELFER_WIFI_AP": "Tisch", "ELFER_WIFI_AP_PASSWORD": "", "ELFER_LINK_PORT": str(port)}
    host = rig.radio(keys, hosting=True)
    ap = host.chip.WLAN(host.chip.AP_IF)
    assert host.ssid == "Tisch" and ap.security == 0 and host.state == UP
    keys.update(ELFER_LINK_PORT="0", ELFER_LINK_HOST="127.0.0.1:%d" % port)
    joiners = [rig.radio(keys) for _ in "abc"]
    rig.run(1600, *joiners)
    assert [j.state for j in joiners] == [UP] * 3 and len(ap.status("stations")) == 3
    joiners[0].close()
    assert len(ap.status("stations")) == 2 and joiners[0].state == OFF


def test_wifi_joiner_whose_access_point_goes_away_is_down_and_back_when_it_returns(rig):
    port = free_port()
    host = rig.radio({"ELFER_LINK_PORT": str(port)}, hosting=True)
    j = rig.radio({"ELFER_LINK_PORT": "0", "ELFER_LINK_HOST": "127.0.0.1:%d" % port})
    rig.run(1600, j)
    assert j.state == UP
    host.close()  # the host switched off: its access point gone
    rig.run(300, j)
    assert j.state in (CONNECTING, FAILED) and j.send((AP_IP, 1), b"x") is False
    assert radiostate.line(j) != ""
    again = rig.radio({"ELFER_LINK_PORT": str(port)}, hosting=True, chip=host.chip)  # switched on again
    assert again.state == UP
    rig.run(RETRY_MS + 1600, j)
    assert j.state == UP


# --- what the screens say --------------------------------------------------------------------


def test_wifi_line_says_each_state_and_nothing_when_up_or_for_a_radio_without_one():
    lang.use("en")

    def said(state, ap=False, why=""):
        return radiostate.line(types.SimpleNamespace(state=state, ssid="Home", ap=ap, why=why))

    assert said(CONNECTING) == "Joining Wi-Fi Home..."
    assert said(CONNECTING, ap=True) == "Opening Wi-Fi Home..."
    assert said(NO_NET) == "Wi-Fi Home not found: trying again"
    assert said(BAD_KEY) == "Wi-Fi Home: wrong password"
    assert said(FAILED) == "Wi-Fi Home failed: trying again"
    assert said(ERROR, why="settings.toml: x") == "Wi-Fi: settings.toml: x"
    assert said(UP) == said(OFF) == ""
    assert radiostate.line(object()) == ""  # UDP, ESP-NOW, BLE: no state
    lang.use("de")
    try:
        assert said(BAD_KEY) == "WLAN Home: falsches Passwort"
    finally:
        lang.use("en")


class WifiLike:
    """A firmware/linkloop.py radio with a Wi-Fi's state, as boards/network.py's: OFF until its
    first use, then CONNECTING (a test sets the rest); nothing goes while it is not UP."""

    def __init__(self, inner, ssid="ElferRaus", ap=False):
        self.inner = inner
        self.state = OFF
        self.ssid = ssid
        self.ap = ap
        self.why = ""

    def _up(self):
        if self.state == OFF:
            self.state = CONNECTING
        return self.state == UP

    def send(self, addr, data):
        return self._up() and self.inner.send(addr, data)

    def broadcast(self, data):
        return self._up() and self.inner.broadcast(data)

    def recv(self):
        return self.inner.recv() if self._up() else None

    def close(self):
        self.inner.close()


def _wifi_pair(profile, lang_code=None):
    from host.drive.linkpair import Pair

    p = Pair(profile, lang=lang_code)
    radios = {}
    for d, name, ap in ((p.host, "H", True), (p.join, "C", False)):
        d.board.radio = lambda name=name, ap=ap: radios.setdefault(name, WifiLike(p.ether.radio(name), ap=ap))
    return p, radios


def test_wifi_lobby_and_tables_menu_say_the_wifi_until_it_is_up_then_the_table_is_heard():
    from host.drive.linkpair import seat_and_start, to_lobby

    p, radios = _wifi_pair("pico_lcd_114")
    h, j = p.host, p.join
    to_lobby(h)
    j.menu_to(t(b"m_join"))
    j.press("A")
    assert j.screen_name() == "TablesMenu"
    hr, jr = radios["H"], radios["C"]
    h.step(100)
    assert "Opening Wi-Fi ElferRaus..." in " ".join(h.screen_texts()), h.screen_texts()
    assert "Joining Wi-Fi ElferRaus..." in " ".join(j.screen_texts()), j.screen_texts()
    jr.state = NO_NET
    j.step(100)
    assert "Wi-Fi ElferRaus not found: trying again" in " ".join(j.screen_texts()), j.screen_texts()
    jr.state = BAD_KEY
    j.step(100)
    assert "Wi-Fi ElferRaus: wrong password" in " ".join(j.screen_texts()), j.screen_texts()
    hr.state = jr.state = UP
    h.step(100)
    j.run_until(lambda: len(j.app.screen.items) > 1)  # the table heard once both are up
    assert not [x for x in h.screen_texts() + j.screen_texts() if "Wi-Fi" in x]
    j.press("A")
    seat_and_start(h, j, h.app.link.host.code)


def test_wifi_lines_are_laid_out_cleanly_on_every_board_in_every_language():
    """No text cut, outside the screen or on another (host/drive/layoutcheck.py), nothing left
    out: each state's line on the host's Lobby (six seats: the line first, the rest scrolled to)
    and as the joiner's TablesMenu note (its pages, where it is longer than their room), a
    20-character network name and a long why, on every board in every language."""
    from host.drive import layoutcheck, linkshots
    from host.drive.linkpair import to_lobby

    def flat(texts):
        return "".join("".join(texts).replace("\u00bb", "").split())

    found = []
    for board in linkshots.ALL:
        lang.use("en")
        p, radios = _wifi_pair(board)
        h, j = p.host, p.join
        to_lobby(h, "elfer", 6)
        j.menu_to(t(b"m_join"))
        j.press("A")
        for r in radios.values():
            r.ssid = "Wohnzimmer-Netz-2.4G"
            r.why = "settings.toml: ELFER_WIFI_AP_PASSWORD needs 8 to 63 characters"
        for code in lang.CODES:
            lang.use(code)
            for st in (CONNECTING, NO_NET, BAD_KEY, FAILED, ERROR):
                for d, r in ((h, radios["H"]), (j, radios["C"])):
                    for r.state in (UP, st):  # a change of state: drawn again
                        d.app.screen.tick(d.app, d.now)
                    want = "".join(radiostate.line(r).split())
                    screen = d.app.screen
                    where = "%s %s %d %s" % (board, code, st, d.screen_name())
                    if d is h:  # the lobby's lines: the Wi-Fi's first, wrapped, DOWN scrolls to the rest
                        lines = screen.lines(d.app)
                        shown = [text for text in d.screen_texts() if text]
                        if flat(lines).find(want) != 0 or lines[0] not in shown:
                            found.append("%s: %r not first in %r" % (where, want, lines))
                        pages = [d.screen_texts()]
                        for _ in range(len(lines)):
                            screen.button(d.app, 8, d.now)  # DOWN, as far as it goes
                            pages.append(d.screen_texts())
                        if lines[-1] not in pages[-1]:
                            found.append("%s: the last seat never shown: %r" % (where, pages))
                        screen.top = 0
                    else:  # the note, its pages in turn
                        pages = []
                        for k in range(screen.note_pages):
                            screen.note_page = k
                            screen.draw(d.app)
                            pages.append(screen.note_lines(d.app.panel) or [screen.note])
                            found.extend("%s: %s" % (where, x) for x in layoutcheck.problems(d.app))
                        screen.note_page = 0
                        if want not in flat(sum(pages, [])):
                            found.append("%s: %r not in its pages %r" % (where, want, pages))
                    screen.draw(d.app)
                    found.extend("%s: %s" % (where, x) for x in layoutcheck.problems(d.app))
    lang.use("en")
    assert not found, "\n".join(found[:20])


def test_wifi_tables_menu_turns_the_pages_of_a_long_wifi_note():
    p, radios = _wifi_pair("oled128x64")
    j = p.join
    j.menu_to(t(b"m_join"))
    j.press("A")
    r = radios["C"]
    r.why = "settings.toml: ELFER_WIFI_AP_PASSWORD needs 8 to 63 characters"
    r.state = ERROR
    j.step(100)
    screen = j.app.screen
    assert screen.note_pages > 1
    first = j.screen_texts()
    for _ in range(ui.PAGE_MS * screen.note_room // 100 + 2):
        j.step(100)
    assert screen.note_page >= 1 and j.screen_texts() != first


def test_wifi_host_and_a_restored_host_set_hosting_before_the_radio_is_used(monkeypatch):
    from firmware import linksave, remotehost
    from host.drive.linkpair import to_lobby

    p, radios = _wifi_pair("sim")
    seen = []
    plain_recv = WifiLike.recv
    monkeypatch.setattr(WifiLike, "recv", lambda self: seen.append(getattr(self, "hosting", None)) or plain_recv(self))
    to_lobby(p.host)
    p.host.step(100)
    assert seen and set(seen) == {True}

    def restore(radio, blob, now, randbytes=None):
        seen.append(("restore", getattr(radio, "hosting", None)))
        raise linksave.LinkSaveError("a test's")

    monkeypatch.setattr(linksave, "restore", restore)
    board = types.SimpleNamespace(radio=lambda: WifiLike(p.ether.radio("R")))
    app = types.SimpleNamespace(board=board, saved=b"", now=0)
    assert remotehost.resume(app) != ""
    assert seen[-1] == ("restore", True)


# --- a whole match ---------------------------------------------------------------------------


class WifiTable(LinkTable):
    """LinkTable's host and joiners each a Pico W: the host's access point, the joiners joining
    it, UDP on 127.0.0.1 (each device its own port; the joiners ask the host's directly)."""

    def __init__(self, rig, rules, remote, seed):
        self.rig = rig
        self.port = free_port()
        self.made = []
        LinkTable.__init__(self, rules, remote=remote, seed=seed, radio=self._make, clock=self._clock)

    def _make(self, name):
        if name == "H":
            r = self.rig.radio({"ELFER_LINK_PORT": str(self.port)}, hosting=True)
        else:
            keys = {"ELFER_LINK_PORT": str(free_port()), "ELFER_LINK_HOST": "127.0.0.1:%d" % self.port}
            r = self.rig.radio(keys)
        self.made.append(r)
        return r

    def _clock(self, now):
        self.rig.now = now


def test_wifi_whole_linked_match_host_access_point_and_two_joiners_ends_as_on_the_ether(rig):
    rules = make_rules("cinquillo", players=3, rounds=1)
    t = WifiTable(rig, rules, remote=2, seed=6)
    assert [r.state for r in t.made] == [UP, CONNECTING, CONNECTING]
    t.play()
    assert [r.state for r in t.made] == [UP] * 3
    assert len(t.made[0].chip.WLAN(1).status("stations")) == 2
    assert t.views_identical() and t.unfair() == []
    calm = LinkTable(rules, remote=2, seed=6)
    calm.play()
    s, c = t.host.match.state, calm.host.match.state
    assert (list(s.scores), bytes(s.history[: 2 * s.hist_len])) == (list(c.scores), bytes(c.history[: 2 * c.hist_len]))


# --- the check on two boards, and the unix port ----------------------------------------------


def test_wifi_radiocheck_host_echoes_the_joiner_pings_and_counts_its_stations(rig):
    from host.ship.radiocheck import wifi as check

    port = free_port()
    lines = []
    radio = rig.radio({"ELFER_LINK_PORT": str(port)}, start=False)
    host = check.Check("host", radio, network._ms, network._diff, lines.append)
    keys = {"ELFER_LINK_PORT": str(free_port()), "ELFER_LINK_HOST": "127.0.0.1:%d" % port}
    join = check.Check("join", rig.radio(keys, start=False), network._ms, network._diff, lines.append)
    rig.mp.setitem(sys.modules, "network", host.radio.chip)
    host.step()
    rig.mp.setitem(sys.modules, "network", join.radio.chip)
    join.step()
    while rig.now < 10500:
        rig.now += 10
        host.step()
        join.step()
    text = "\n".join(lines)
    assert "wifi: ElferRaus up after 0 ms" in text and "wifi: ElferRaus connecting after 0 ms" in text, text
    assert "wifi: ElferRaus up after 1500 ms" in text, text
    assert join.answered > 50 and join.late == 0 and join.answered + len(join.waiting) == join.sent
    assert "host: access point ElferRaus at 192.168.4.1  stations 1 (most 1)" in text, text
    report = [x for x in lines if x.startswith("join:")][-1]
    assert "loss 0%" in report and "whole: 16 100 200 250" in report and "rssi -50 dBm" in report, report
    with pytest.raises(ValueError):
        check.Check("both", join.radio, network._ms, network._diff)


UPY_PROBE = """
import os, socket, time
import network
from boards.network import WifiRadio, UP
host = WifiRadio({"ELFER_LINK_PORT": "%d"}.get)
host.hosting = True
join = WifiRadio({"ELFER_LINK_PORT": "%d", "ELFER_LINK_HOST": "127.0.0.1:%d"}.get)
assert join.recv() is None and join.state == 1 and not join.send(("127.0.0.1", %d), b"x")
assert host.recv() is None and host.state == UP
start = time.ticks_ms()
while join.state != UP and time.ticks_diff(time.ticks_ms(), start) < 5000:
    join.recv()
    host.recv()
assert join.state == UP, join.state
stations = len(network.WLAN(network.AP_IF).status("stations"))
got = None
start = time.ticks_ms()
while got is None and time.ticks_diff(time.ticks_ms(), start) < 2000:
    join.send(("127.0.0.1", %d), b"hello")
    time.sleep_ms(20)
    got = host.recv()
host.broadcast(b"beacon")
heard = None
start = time.ticks_ms()
while heard is None and time.ticks_diff(time.ticks_ms(), start) < 2000:
    heard = join.recv()
    time.sleep_ms(5)
host.close()
join.close()
print("wifi:", stations, got[1], heard[1], host.state, join.state)
"""


def test_wifi_radio_and_the_stand_in_run_on_the_micropython_unix_port(tmp_path):
    """The radio as a Pico W runs it (MicroPython), the stand-in posing as its cyw43 (ELFER_PICO_W):
    the host's access point and a joiner in one process (a chip's two interfaces), real UDP."""
    from host.emulate import upy

    mp = upy.micropython()
    if mp is None:
        if os.environ.get("CI"):
            pytest.fail("the MicroPython unix port is missing under CI")
        pytest.skip("no MicroPython unix port in this venv (make venv installs it)")
    a, b = free_port(), free_port()
    path = tmp_path / "wifiprobe.py"
    head = "import sys\nsys.path.insert(0, %r)\nsys.path.insert(0, %r)\n" % (ROOT, STUBS)
    path.write_text(head + UPY_PROBE % (a, b, a, a, a))
    air = tmp_path / "air"
    air.mkdir()
    env = dict(os.environ, ELFER_PICO_W="1", ELFER_WIFI_AIR_DIR=str(air), ELFER_WIFI_JOIN_MS="150")
    r = subprocess.run([mp, str(path)], capture_output=True, text=True, timeout=60, cwd=ROOT, env=env)
    assert r.returncode == 0 and r.stdout == "wifi: 1 b'hello' b'beacon' 0 0\n", r.stdout + r.stderr


def test_wifi_a_pico_bundles_settings_toml_names_every_wifi_key_the_radio_reads(tmp_path):
    """A Pico's settings.toml comes with the Wi-Fi keys boards/network.py reads, as comments to fill
    in; a CircuitPython board's has none (its radio is BLE or ESP-NOW)."""
    import re

    from firmware.tomlenv import getenv
    from host.ship import bundle

    with open(os.path.join(ROOT, "boards", "network.py")) as f:
        read = set(re.findall(r'"(ELFER_WIFI_[A-Z_]+)"', f.read()))
    assert {"ELFER_WIFI_SSID", "ELFER_WIFI_PASSWORD", "ELFER_WIFI_AP", "ELFER_WIFI_AP_PASSWORD"} <= read
    pico = dict(bundle.plan("pico_lcd_114"))["settings.toml"].decode()
    for key in read:
        assert re.search(r"^# %s = " % key, pico, re.M), key
    (tmp_path / "settings.toml").write_text(pico)
    assert [getenv(k, path=str(tmp_path / "settings.toml")) for k in sorted(read)] == [None] * len(read)
    assert "ELFER_WIFI" not in dict(bundle.plan("clue"))["settings.toml"].decode()

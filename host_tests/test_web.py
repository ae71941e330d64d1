"""The browser page (issue 14): make web's site in a real headless Chromium, replayed on the unix port.

host/emulate/browser/drive.mjs loads the page built by host/ship/webbuild.py from `python -m http.server`
(what make web-serve runs) in the Chromium that @sparticuz/chromium ships, and with the real
keyboard starts a classic match, plays round 1 to its end, reloads the page and presses
Continue, then opens the other three board skins at their title menu. For every session the
page's own step log (?record) is replayed by host/drive/webreplay.py on the MicroPython unix port,
running the very files the page ran (firmware.pack unpacked), in a folder holding the page's
settings.toml and, for the reload, the saves the page kept in localStorage. Checked: the
texts (the firmware's own dump, firmware/screendump.py) and the frame are the same byte for byte, the
canvas shows that frame (RGB565 widened to RGBA, or the OLED's pages lit white), and the saves
in localStorage are the ones the unix port wrote. A missing browser skips loudly, and fails
under CI.
"""

import base64
import json
import os
import subprocess
import sys

import pytest

from host.emulate import upy
from host.ship import webbuild

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

REPLAY = os.path.join(ROOT, "host", "drive", "webreplay.py")


def need_browser():
    why = webbuild.browser_available()
    if not why and upy.micropython() is None:
        why = "the MicroPython unix port is not installed (make venv)"
    if why:
        if os.environ.get("CI", "").lower() not in ("", "0", "false", "no"):
            pytest.fail("browser test unavailable under CI: " + why)
        pytest.skip("!!! BROWSER TEST NOT RUN !!! " + why)


def rgba(frame, width, height, mono):
    """The canvas the page should show for a frame: RGB565 big-endian widened by repeating each
    field's top bits; on the monochrome skin a MONO_VLSB page byte holds 8 rows, lit is white."""
    out = bytearray(width * height * 4)
    i = 0
    for y in range(height):
        for x in range(width):
            if mono:
                v = 255 if frame[(y >> 3) * width + x] >> (y & 7) & 1 else 0
                out[i : i + 4] = bytes((v, v, v, 255))
            else:
                p = y * width + x
                v = frame[2 * p] << 8 | frame[2 * p + 1]
                r, g, b = v >> 11, v >> 5 & 63, v & 31
                out[i : i + 4] = bytes((r << 3 | r >> 2, g << 2 | g >> 4, b << 3 | b >> 2, 255))
            i += 4
    return bytes(out)


def replay(folder, session):
    """Run the session's log on the unix port in folder; (texts, frame, saves)."""
    log = os.path.join(folder, "log.json")
    with open(log, "w") as f:
        f.write(session["log"])
    with open(os.path.join(folder, "settings.toml"), "w") as f:
        f.write(session["settings"])
    r = subprocess.run(
        [upy.micropython(), "-X", "heapsize=4m", REPLAY, session["skin"], log],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    with open(os.path.join(folder, "elfer-frame.raw"), "rb") as f:
        frame = f.read()
    with open(os.path.join(folder, "elfer-saves.bin"), "rb") as f:
        saves = f.read()
    return r.stdout[:-1], frame, saves


def first_difference(a, b, width, per_pixel):
    for i in range(min(len(a), len(b))):
        if a[i] != b[i]:
            p = i // per_pixel
            return "first at (%d, %d)" % (p % width, p // width)
    return "lengths %d and %d" % (len(a), len(b))


@pytest.fixture(scope="module")
def drive(tmp_path_factory):
    need_browser()
    tmp = tmp_path_factory.mktemp("web")
    site = str(tmp / "site")
    files = dict(webbuild.build(site))
    out = str(tmp / "drive.json")
    with webbuild.Server(site) as url:
        rc, stdout, stderr = webbuild.run_node("drive.mjs", [url, out])
    assert rc == 0, stdout + stderr
    with open(out) as f:
        got = json.load(f)
    print("browser test: %.1f s in the browser" % got["seconds"])
    return got, files, tmp


def unpack_firmware(files, folder):
    for rel, data in webbuild.unpack(files["firmware.pack"]):
        path = os.path.join(folder, *rel.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)


def check_session(session, folder, boot_saves=False):
    """The session replayed in folder matches the page. boot_saves: the page booted with the saves
    it ended with (it wrote none), so the replay boots with them too."""
    if boot_saves:
        with open(os.path.join(folder, "elfer-saves.bin"), "wb") as f:
            f.write(base64.b64decode(session["saves"]))
    texts, frame, saves = replay(folder, session)
    w, h, mono = session["width"], session["height"], session["mono"]
    assert session["texts"] == texts, "the page's texts differ from the unix port's"
    page_frame = base64.b64decode(session["frame"])
    assert page_frame == frame, "frame differs from the unix port's: " + first_difference(
        page_frame, frame, w, 1 if mono else 2
    )
    shown = session["shown"]
    assert shown["scroll"] <= shown["window"], "the page is wider than the window: %r" % shown
    if session["name"] != "title-wide":
        # Crisp: each of the handheld's pixels is a whole number (1 to 4) of the display's own,
        # and the screen fits the window.
        device_px = shown["css"] * shown["dpr"]
        assert device_px % w == 0 and 1 <= device_px // w <= 4 and device_px <= shown["window"], shown
        assert shown["keys"] != "none", "the key table is hidden on a computer"
    canvas = base64.b64decode(session["canvas"])
    want = rgba(frame, w, h, mono)
    assert canvas == want, "canvas differs from the unix port's frame: " + first_difference(canvas, want, w, 4)
    return texts, saves


def test_web_round_reload_continue_match_the_unix_port(drive):
    got, files, tmp = drive
    assert got["problems"] == [], got["problems"]
    names = [s["name"] for s in got["sessions"]]
    assert names == ["round", "continue", "title-wide", "title-square", "title-mono"]
    assert all(s["boot"]["titleMs"] > 0 for s in got["sessions"])
    folder = str(tmp / "play")
    os.makedirs(folder)
    unpack_firmware(files, folder)
    # Round 1, played with the keyboard to the round-end page (in English: the browser's language),
    # then its Scores page.
    lines = got["roundPage"].split("\n")
    # (a page longer than the screen marks its title line with the scroll arrow)
    assert lines[0].rstrip("\u25bc").rstrip() == "Round 1 over" and lines[1].endswith(" went out."), lines
    assert lines[0].endswith("\u25bc") == lines[-1].startswith("\u2193"), lines
    # The PyBadge skin's own buttons; the deal follows the clock (firmware/app.py fresh_seed), and
    # a round-end page longer than the screen offers more first.
    assert lines[-1] in ("A: go on  B: back", "\u2193: more  A: go on  B: back"), lines
    first = got["sessions"][0]
    assert first["settings"] == 'ELFER_LANG = "en"\nELFER_SPEED = "0"\n'
    texts, saves = check_session(first, folder)
    assert texts.split("\n")[0] == "Scores", texts
    # What localStorage keeps is the region the firmware wrote, the same as the unix port's.
    assert base64.b64decode(first["saves"]) == saves
    assert first["stored"] == first["saves"]
    # Reloaded on the Scores page, Continue brings the same match back to the same page, not to
    # the table's "Round over" (issue 38, item 5); the replay boots from the saves file.
    second = got["sessions"][1]
    scores = texts
    texts, saves = check_session(second, folder)
    assert texts == scores
    assert base64.b64decode(second["saves"]) == saves
    # and its A deals round 2: the table, a turn in play
    after = got["afterScores"]
    assert "Round over" not in after and "Scores" not in after and "Continue" not in after, after


def test_web_a_second_tab_stops_the_first(drive):
    got, _, _ = drive
    steps, status = got["twoTabs"]
    assert steps == 0, "the first tab went on stepping"
    assert status == "The game went on in another tab or window: this one has stopped. Reload to play here."


def test_web_full_storage_is_said_and_the_game_goes_on(drive):
    got, _, _ = drive
    full = got["fullStorage"]
    assert full["status"] == "This browser does not keep the saves (the quota has been exceeded)."
    assert full["error"] == "" and full["steps"] > 20
    assert full["match"] is True and "Start match" not in full["texts"]  # at the table of a match


def test_web_bad_url_settings_are_named_by_the_page_with_the_values_it_takes(drive):
    # (they went to the firmware as they were, which blamed a settings.toml the person never wrote)
    got, _, _ = drive
    bad = got["badSettings"]
    assert bad["status"].split("\n") == [
        'There is no language "xyz" in the game: ?lang= is one of en, de, es, nl, pt.',
        'There is no bot speed "warp": ?speed= is 0 (instant), 1 (fast), 2 (normal), 3 (slow).',
        'There is no colour symbols setting "maybe": ?symbols= is on or off.',
        'There is no board "gameboy": ?skin= is one of badge (PyBadge 160x128), wide (Pico-LCD-1.14 240x135), '
        "square (Pico-LCD-1.3 240x240), mono (OLED 128x64, one colour). The PyBadge it is.",
    ]
    assert bad["settings"] == 'ELFER_LANG = "en"\n' and bad["skin"] == "badge"  # the browser's language
    assert "settings.toml" not in bad["texts"] and bad["texts"].split("\n")[1] == "> New match"


def test_web_url_settings_take_other_names_for_boards_speeds_and_languages(drive):
    got, _, _ = drive
    named = got["otherNames"]  # ?lang=DE&speed=slow&symbols=OFF&skin=OLED
    assert named["status"] == "" and named["skin"] == "mono"
    assert named["settings"] == 'ELFER_LANG = "de"\nELFER_SPEED = "3"\nELFER_SYMBOLS = "0"\n'
    assert named["texts"].split("\n")[1] == "> Neues Spiel"  # (nothing stored: no Continue)


def test_web_damaged_saves_are_kept_aside_and_named(drive):
    got, _, _ = drive
    d = got["damaged"]
    # A stored region of the wrong size: set aside by firmware/fileregion.py, kept in localStorage
    # under its new name, named on the title menu; a fresh 4 KiB region takes its place.
    assert base64.b64decode(d["sized"]["old"]) == b"short save"
    assert d["sized"]["region"] == 4096
    # (the 128x64 screen shows the notice in pages: its first, "»" saying more follows)
    footer = d["sized"]["texts"].split("\n")[-1]
    assert footer.startswith("Save file of 10") and footer.endswith("\u00bb"), footer
    # Not base64 at all: kept as it was under another key, the page says so, the game starts.
    assert d["unreadable"] == "%%% not base64"
    assert "kept as elfer-saves.bin.unreadable" in d["status"]
    assert d["texts"].split("\n")[0].split()[:2] == ["ELFER", "RAUS!"]  # (and "▼" on the OLED: more below)


@pytest.mark.parametrize("skin", ["wide", "square", "mono"])
def test_web_skins_title_matches_the_unix_port(drive, skin):
    got, files, tmp = drive
    session = [s for s in got["sessions"] if s["name"] == "title-" + skin][0]
    folder = str(tmp / skin)
    os.makedirs(folder)
    unpack_firmware(files, folder)
    texts, saves = check_session(session, folder, boot_saves=True)
    assert saves == base64.b64decode(session["saves"])  # the title menu wrote nothing
    lines = texts.split("\n")
    assert lines[0].split()[:2] == ["ELFER", "RAUS!"]  # (and "▼" on the OLED: more below)
    if skin == "wide":  # on a phone: a tap on the on-screen joystick's down button
        assert lines[2] == "> New match"
        # The screen as wide as the page leaves room for (it was drawn at 1x: tiny), a whole
        # number of the display's pixels wide; no key table (a touch screen has no keyboard).
        shown = session["shown"]
        assert shown["window"] - 60 <= shown["css"] <= shown["window"] - 24, shown
        assert (shown["css"] * shown["dpr"]) % 1 == 0 and shown["css"] * shown["dpr"] >= 2 * 240, shown
        assert shown["keys"] == "none", shown
    if skin == "mono":  # a first visit from a French, then German browser: German, nothing stored
        assert session["settings"] == 'ELFER_LANG = "de"\n'
        assert base64.b64decode(session["stored"]) == b"\xff" * 4096  # a new region: nothing saved yet
        assert lines[1] == "> Neues Spiel"  # nothing stored: no Continue
        assert session["page"] == ["de", "Tasten"]  # the page's own words follow the game's language
    else:
        assert session["page"] == ["en", "Keys"]
    sizes = {"wide": (240, 135, False), "square": (240, 240, False), "mono": (128, 64, True)}
    assert (session["width"], session["height"], session["mono"]) == sizes[skin]


# --- without the browser -----------------------------------------------------------------------


def test_firmware_pack_reads_back_and_a_damaged_one_is_named():
    files = [("engine/a.mpy", b"\x4d\x06abc"), ("firmware/lang/de.txt", b"Hallo\n"), ("empty.py", b"")]
    data = webbuild.pack(files)
    assert webbuild.unpack(data) == files
    with pytest.raises(ValueError, match="3 bytes after the last file"):
        webbuild.unpack(data + b"xyz")
    with pytest.raises(ValueError, match="cut short \\(at firmware/lang/de.txt\\)"):
        webbuild.unpack(data[:-2])


def test_webbuild_replaces_only_its_own_folder(tmp_path):
    need_vm_files()
    mine = tmp_path / "notes"
    mine.mkdir()
    (mine / "letter.txt").write_text("keep me")
    with pytest.raises(webbuild.WebBuildError, match="not a page build"):
        webbuild.build(str(mine))
    assert (mine / "letter.txt").read_text() == "keep me"
    site = tmp_path / "site"
    files = dict(webbuild.build(str(site)))
    assert sorted(files) == sorted(webbuild.PAGE_FILES + webbuild.VM_FILES + ("firmware.pack",))
    webbuild.build(str(site), list(files.items()))  # an earlier build is replaced
    # The page's own files are asked for with a version of the whole build (no stale cache mix).
    html = files["index.html"].decode()
    version = html.split('src="elfer.js?v=')[1].split('"')[0]
    assert len(version) == 12 and 'href="elfer.css?v=%s"' % version in html
    packed = dict(webbuild.unpack(files["firmware.pack"]))
    assert "boards/web.mpy" in packed and "firmware/app.mpy" in packed and "firmware/lang/de.txt" in packed
    assert not [rel for rel in packed if rel.split("/")[0] not in ("engine", "firmware", "boards", "selftest.txt")]
    assert "main.py" not in packed  # the page steps the firmware itself


def need_vm_files():
    ok, why = webbuild.mpvm.available()
    if not ok:
        if os.environ.get("CI", "").lower() not in ("", "0", "false", "no"):
            pytest.fail("the MicroPython WebAssembly VM is missing under CI: " + why)
        pytest.skip(why)


def test_make_web_serve_runs_pythons_http_server_on_the_build():
    r = subprocess.run(["make", "-n", "web-serve"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert "-m host.ship.webbuild" in r.stdout
    assert "-m http.server 8000 --bind 127.0.0.1 --directory build/web" in r.stdout


def test_flash_refuses_the_web_profile():
    r = subprocess.run(
        [sys.executable, os.path.join(ROOT, "host", "ship", "flash.py"), "web", "--dry-run"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2 and "web is the browser page, not a device: make web" in r.stderr


BOARD_CHECKS = """
import sys
sys.path.insert(0, "")
from boards import web
try:
    web.WebBoard("gameboy")
except ValueError as e:
    print("skin:", e)
for name, scheme, title, keys in web.SKINS:
    assert len(keys) == len(scheme.keymap), name
    assert len(set(k[1] for k in keys)) == len(keys), name
b = web.WebBoard("badge")
try:
    b.key(8, True)
except ValueError as e:
    print("key:", e)
for i in range(40):
    b.key(i % 8, i % 2 == 0)
print("queued", [b.read_key() for i in range(3)], "lost", b.overflowed(), b.overflowed())
n = 3
while b.read_key() >= 0:
    n += 1
print("held", n)
"""


def test_web_board_queues_keys_like_a_keypad_and_names_bad_input(tmp_path):
    if upy.micropython() is None:
        if os.environ.get("CI", "").lower() not in ("", "0", "false", "no"):
            pytest.fail("the MicroPython unix port is missing under CI")
        pytest.skip("no MicroPython unix port")
    r = subprocess.run(
        [upy.micropython(), "-c", BOARD_CHECKS],
        cwd=str(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ, MICROPYPATH=ROOT),
    )
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "skin: no skin 'gameboy'; skins: badge, wide, square, mono"
    assert lines[1] == "key: key 8: the badge skin has keys 0..7"
    # 40 events into a queue of 32: the first 32 are kept in order, the rest lost and flagged once.
    assert lines[2] == "queued [1, 2, 5] lost True False"
    assert lines[3] == "held 32"

"""The stock-MicroPython handhelds (issue 13): their bundles (main.py, .mpy modules, the profile
and what it imports), the package.json for `mpremote mip install`, and the import scanner."""

import json
import os
import subprocess
import sys

import pytest
from bundlefiles import files_in

from host.ship import bundle, importscan

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")
DRIVERS = {"pico_lcd_114": "st7789", "pico_display": "st7789", "pico_lcd_13": "st7789", "oled128x64": "ssd1306"}
LANGS = ("de", "en", "es", "nl", "pt")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """{board: {path: bytes}} of every MicroPython game bundle, built once."""
    out = {}
    for board in bundle.MP_GAMES:
        folder = tmp_path_factory.mktemp(board)
        bundle.build(board, str(folder / "b"))
        out[board] = files_in(folder / "b")
    return out


def test_the_four_handhelds_are_micropython_game_bundles():
    assert set(bundle.MP_GAMES) == set(DRIVERS)
    for board in DRIVERS:
        assert bundle.BOARDS[board][2] == 1408 * 1024  # the rp2 port's file system on a 2 MB Pico


@pytest.mark.parametrize("board", sorted(DRIVERS))
def test_micropython_bundle_is_main_py_settings_languages_and_mpy(built, board):
    got = built[board]
    with open(os.path.join(ROOT, "firmware", "code.py"), "rb") as f:
        assert got["main.py"] == f.read()  # MicroPython runs main.py; the same entry as code.py
    assert "code.py" not in got and "boot.py" not in got and not any(k.startswith("lib/") for k in got)
    assert [k for k in got if k.endswith(".py")] == ["main.py"]
    for rel, data in got.items():
        if rel.endswith(".mpy"):
            assert data[:2] == b"M\x06", rel  # mpy-cross output, .mpy format version 6
    assert b'ELFER_BOARD = "%s"' % board.encode() in got["settings.toml"]
    for code in LANGS:
        with open(os.path.join(ROOT, "firmware", "lang", code + ".txt"), "rb") as f:
            assert got["firmware/lang/%s.txt" % code] == f.read()
        assert "firmware/lang/rules_%s.mpy" % code in got
    for src in os.listdir(os.path.join(ROOT, "engine")):
        if src.endswith(".py"):
            # every engine module but the master's (fast boards only: test_flash.py)
            assert ("engine/" + src[:-3] + ".mpy" in got) == ("engine/" + src not in bundle.fast_only())
    boards = {k[len("boards/") : -len(".mpy")] for k in got if k.startswith("boards/")}
    assert {board, DRIVERS[board], "mpboard", "gfx_framebuf", "pinkeys", "base", "detect"} <= boards
    others = set(DRIVERS) | {"pybadge", "pygamer", "clue", "feather_tft", "sim", "gfx_displayio", "sdlenv"}
    others |= set(DRIVERS.values())
    # only this board's profile and driver (the Pico-LCD-1.3 builds on the 1.14's panel set-up)
    own = {board, DRIVERS[board]} | ({"pico_lcd_114"} if board == "pico_lcd_13" else set())
    assert not (boards & (others - own))
    assert bundle.on_flash(list(got.items()), board) < bundle.BOARDS[board][2]


def test_mpy_modules_run_on_micropython(built, tmp_path):
    """The unix port (the same .mpy format as the boards) imports the compiled engine and
    passes its self-test with the host's digest."""
    from engine import selftest

    for rel, data in built["pico_lcd_114"].items():
        dest = tmp_path / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(data)
    r = subprocess.run(
        [MICROPYTHON, "-c", "import engine.selftest as s; s.main(); print(s.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "selftest: PASS digest=%s" % selftest.digest() in r.stdout, r.stdout + r.stderr
    assert r.stdout.strip().endswith("engine/selftest.mpy")


@pytest.mark.parametrize("board", sorted(DRIVERS))
def test_package_json_lists_exactly_the_bundle_and_the_committed_copy_is_current(built, board):
    got = built[board]
    pkg = json.loads(got["package.json"])
    assert sorted(dest for dest, _ in pkg["urls"]) == sorted(k for k in got if k != "package.json")
    assert all(dest == src for dest, src in pkg["urls"])  # relative: the bundle folder is the package
    assert pkg["deps"] == [] and pkg["version"] == bundle.version()
    committed = os.path.join(ROOT, "mip", board, "package.json")
    assert os.path.isfile(committed), "run make package"
    with open(committed, "rb") as f:
        assert f.read() == got["package.json"], "mip/%s/package.json is stale: run make package" % board


def test_package_tool_writes_every_profiles_package_json(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(bundle, "MIP", str(tmp_path))
    assert bundle.main(["--package-json"]) == 0
    assert sorted(os.listdir(tmp_path)) == sorted(DRIVERS)
    for board in DRIVERS:
        pkg = json.loads((tmp_path / board / "package.json").read_text())
        assert ["main.py", "main.py"] in pkg["urls"]
    assert "package: %s (" % (tmp_path / "pico_lcd_114" / "package.json") in capsys.readouterr().out


def test_a_profile_missing_from_the_repository_fails_the_build(monkeypatch, tmp_path):
    monkeypatch.setitem(bundle.BOARDS, "pico_lcd_114", ("micropython", ("pico_nosuch",), bundle.PICO_FS))
    with pytest.raises(bundle.BundleError, match="boards/pico_nosuch.py: not in the repository"):
        bundle.build("pico_lcd_114", str(tmp_path / "b"))
    assert not (tmp_path / "b").exists()


# --- the import scanner --------------------------------------------------------------


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """A repository of a few files for the scanner: {path: source} -> the tmp root."""
    monkeypatch.setattr(importscan, "ROOT", str(tmp_path))

    def make(files):
        for rel, text in files.items():
            p = tmp_path / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text)
        return tmp_path

    return make


def test_scanner_follows_imports_into_the_boards_package(tree):
    tree(
        {
            "boards/__init__.py": "",
            "boards/prof.py": "import machine\nfrom boards.drv import X\nfrom boards import keys\n",
            "boards/drv.py": "X = 1\n",
            "boards/keys.py": "def f():\n    from boards import late\n",
            "boards/late.py": "",
            "boards/unused.py": "",
        }
    )
    got = importscan.closure(["boards/prof.py"], {"machine"})
    assert got == ["boards/__init__.py", "boards/drv.py", "boards/keys.py", "boards/late.py", "boards/prof.py"]


def test_scanner_names_the_file_that_imports_a_missing_module(tree):
    tree({"boards/__init__.py": "", "boards/prof.py": "def f():\n    import boards.st7789\n"})
    with pytest.raises(importscan.ImportProblem, match="boards/prof.py imports boards.st7789, which is not in"):
        importscan.closure(["boards/prof.py"], set())


def test_scanner_holds_top_level_imports_to_the_runtimes_builtins(tree):
    tree(
        {
            "firmware/a.py": "try:\n    import adafruit_ticks\nexcept ImportError:\n    pass\n"
            "def f():\n    import pwmio\n",
            "firmware/b.py": "import displayio\n",
        }
    )
    assert importscan.closure(["firmware/a.py"], set()) == ["firmware/a.py"]  # guarded, and inside a function
    with pytest.raises(importscan.ImportProblem, match="firmware/b.py imports displayio at the top"):
        importscan.closure(["firmware/b.py"], {"machine", "framebuf"})


TOP_FILES = {"code.py", "boot.py", "main.py", "settings.toml", "selftest.txt", "package.json"}


@pytest.mark.parametrize("board", sorted(bundle.BOARDS))
def test_no_host_file_reaches_a_bundle_and_mip_lists_the_whole_bundle(board):
    """Every board's files come from the device tree (engine/, firmware/, boards/, lib/ and a few top files),
    never from host/ or host_tests/; a MicroPython handheld's committed mip/<board>/package.json lists
    exactly its bundle, and no other board has one."""
    files = bundle.plan(board)
    host_dirs = tuple(os.path.join(ROOT, d) + os.sep for d in ("host", "host_tests"))
    for rel, src in files:
        top = rel.split("/")[0]
        assert (top in ("engine", "firmware", "boards", "lib")) if "/" in rel else (rel in TOP_FILES), (board, rel)
        if isinstance(src, str):
            assert not os.path.abspath(src).startswith(host_dirs), (board, rel, src)
    committed = os.path.join(ROOT, "mip", board, "package.json")
    if board in bundle.MP_GAMES:
        with open(committed, encoding="utf-8") as f:
            listed = sorted(dest for dest, _ in json.load(f)["urls"])
        assert listed == sorted(rel for rel, _ in files if rel != "package.json")
    else:
        assert not os.path.exists(committed), committed

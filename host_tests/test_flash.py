"""Getting it onto a device (issue 6): the bundle, the CIRCUITPY drive route, and the serial
route against a virtual MicroPython board (tools/vboard) with the real mpremote."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import bundle  # noqa: E402
import flash  # noqa: E402
import virtual_board  # noqa: E402

from engine import selftest  # noqa: E402

MPREMOTE = os.path.join(os.path.dirname(sys.executable), "mpremote")


def listing(folder):
    out = {}
    for base, _, names in os.walk(folder):
        for name in names:
            full = os.path.join(base, name)
            with open(full, "rb") as f:
                out[os.path.relpath(full, folder).replace(os.sep, "/")] = f.read()
    return out


@pytest.fixture(scope="module")
def digest():
    return selftest.digest()


# --- the bundle --------------------------------------------------------------------


def test_bundle_has_what_the_board_runs(tmp_path, digest):
    files, total, capacity = bundle.build("pygamer", str(tmp_path))
    got = listing(tmp_path)
    for need in ("code.py", "boot.py", "settings.toml", "selftest.txt", "lib/adafruit_ticks.py", "lib/neopixel.py"):
        assert need in got, need
    assert "firmware/app.py" in got and "engine/state.py" in got and "engine/selftest.py" in got
    # The board's profile (and what it builds on), never the others or the desktop sim.
    assert {k for k in got if k.startswith("boards/")} == {
        "boards/__init__.py",
        "boards/base.py",
        "boards/detect.py",
        "boards/pybadge.py",
        "boards/pygamer.py",
    }
    assert b'ELFER_BOARD = "pygamer"' in got["settings.toml"]
    assert got["selftest.txt"].decode().strip() == "digest=" + digest
    assert total == sum(len(v) for v in got.values()) and total < capacity


def test_bundle_every_import_is_in_the_bundle_or_built_in(tmp_path):
    """The device finds every module the firmware imports: in the bundle or CircuitPython's own."""
    import ast

    builtin = {"displayio", "terminalio", "board", "keypad", "analogio", "digitalio", "pwmio", "storage"}
    builtin |= {"microcontroller", "gc", "os", "sys", "time", "micropython", "supervisor", "adafruit_pixelbuf", "io"}
    builtin |= {"struct", "binascii", "traceback", "math", "array", "audiocore", "audioio"}
    bundle.build("clue", str(tmp_path))
    have = {k[:-3].replace("/", ".") for k in listing(tmp_path) if k.endswith(".py")}
    have |= {k.split(".")[0] for k in have}
    have |= {k[4:] for k in have if k.startswith("lib.")}
    for rel in listing(tmp_path):
        if not rel.endswith(".py") or rel.startswith("lib/"):
            continue
        for node in ast.walk(ast.parse((tmp_path / rel).read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name in ("boards.sim", "pygame", "blinka_displayio_pygamedisplay"):
                    continue
                assert name in have or name.split(".")[0] in builtin, "%s imports %s" % (rel, name)


def test_bundle_refused_when_it_does_not_fit(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(bundle.BOARDS, "pybadge", ("circuitpython", ("pybadge",), 10_000))
    out = tmp_path / "dev"
    assert bundle.main(["pybadge", "--out", str(out)]) == 1
    assert "will not fit" in capsys.readouterr().err
    assert not out.exists()


def test_bundle_unknown_board_named():
    with pytest.raises(bundle.BundleError, match="unknown board 'gameboy'; boards: pybadge"):
        bundle.plan("gameboy")


# --- the CIRCUITPY drive -------------------------------------------------------------


@pytest.fixture
def built(tmp_path):
    folder = tmp_path / "bundle"
    bundle.build("pybadge", str(folder))
    return folder


def test_drive_copies_then_skips_unchanged_and_code_py_last(built, tmp_path):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.0")
    order = []
    copied, skipped = flash.flash_drive(str(built), str(drive), out=order.append)
    assert order[-1].startswith("copied code.py")
    assert len(copied) == len(listing(built)) and not skipped
    assert {k: v for k, v in listing(drive).items() if k != "boot_out.txt"} == listing(built)
    copied, skipped = flash.flash_drive(str(built), str(drive))
    assert copied == [] and len(skipped) == len(listing(built))
    (built / "engine" / "cards.py").write_text("# changed\n")
    copied, _ = flash.flash_drive(str(built), str(drive))
    assert copied == ["engine/cards.py"]


def test_drive_dry_run_writes_nothing(built, tmp_path):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    lines = []
    copied, _ = flash.flash_drive(str(built), str(drive), dry_run=True, out=lines.append)
    assert listing(drive) == {} and len(lines) == len(copied) and lines[0].startswith("would copy")


@pytest.mark.parametrize("fraction", [0.05, 0.3, 0.6, 0.95, 0.999])
def test_drive_interrupted_flash_never_leaves_a_broken_file(built, tmp_path, fraction):
    """Old version on the drive; a new one is flashed and the cable pulled part-way:
    every file is the old or the new version, whole; code.py never half-written; the next
    flash completes and removes the leftovers."""
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    flash.flash_drive(str(built), str(drive))
    old = listing(drive)
    for rel in list(old):  # a new version of every file
        with open(built / rel, "ab") as f:
            f.write(b"\n# v2\n")
    new = listing(built)
    total = sum(len(v) for v in new.values())
    with pytest.raises(KeyboardInterrupt):
        flash.flash_drive(str(built), str(drive), interrupt_after=int(total * fraction))
    now = {k: v for k, v in listing(drive).items() if not k.endswith(flash.TMP_SUFFIX)}
    for rel, data in now.items():
        assert data in (old[rel], new[rel]), rel
    assert now["code.py"] == old["code.py"]  # written last, never reached before the others
    flash.flash_drive(str(built), str(drive))
    assert listing(drive) == new


def test_drive_missing_folder_named(built):
    with pytest.raises(flash.FlashError, match="/no/such/CIRCUITPY: no such drive folder"):
        flash.flash_drive(str(built), "/no/such/CIRCUITPY")


# --- serial, against the virtual board -----------------------------------------------


def need_vboard():
    why = virtual_board.available()
    if why:
        if os.environ.get("CI"):
            pytest.fail("virtual board unavailable under CI: " + why)
        pytest.skip(why)


def mpremote(url, *args):
    return subprocess.run([MPREMOTE, "connect", url, *args], capture_output=True, text=True, timeout=60)


def test_vboard_speaks_mpremote(tmp_path):
    """The real mpremote CLI against the virtual board: fs mkdir/cp/ls, exec, run, soft-reset."""
    need_vboard()
    src = tmp_path / "hello.py"
    src.write_text("X = 6 * 7\nprint('hello', X)\n")
    with virtual_board.VirtualBoard() as vb:
        assert mpremote(vb.url, "fs", "mkdir", ":lib").returncode == 0
        r = mpremote(vb.url, "fs", "cp", str(src), ":lib/hello.py")
        assert r.returncode == 0, r.stderr
        r = mpremote(vb.url, "fs", "cp", str(src), ":lib/hello.py")
        assert "Up to date: lib/hello.py" in r.stdout  # the sha256 check ran on the board
        r = mpremote(vb.url, "fs", "ls", ":lib")
        assert "hello.py" in r.stdout
        r = mpremote(vb.url, "exec", "import hello; print(hello.X + 1)")
        assert r.stdout.splitlines()[-1] == "43"
        assert mpremote(vb.url, "run", str(src)).stdout.strip().endswith("hello 42")
        # mpremote soft-resets the board before its first command unless told to resume.
        r = mpremote(vb.url, "exec", "import hello")
        r = mpremote(vb.url, "resume", "exec", "import sys; print('hello' in sys.modules)")
        assert r.stdout.strip().endswith("True"), r.stdout
        r = mpremote(vb.url, "resume", "soft-reset", "exec", "import sys; print('hello' in sys.modules)")
        assert r.stdout.strip().endswith("False"), r.stdout  # a soft reset forgets modules, keeps files
        r = mpremote(vb.url, "exec", "import os; os.stat('nope')")
        assert r.returncode != 0 and "ENOENT" in r.stdout + r.stderr  # MicroPython's errno names


def flash_cli(*args):
    return subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "flash.py"), *args], capture_output=True, text=True, timeout=300
    )


def test_make_flash_micropython_route_selftest_matches_host(tmp_path, digest):
    """tools/flash.py (what make flash runs) to the virtual board: everything copied, the self-test
    passes with the host's digest; a second flash copies nothing."""
    need_vboard()
    out = str(tmp_path / "mp")
    with virtual_board.VirtualBoard() as vb:
        r = flash_cli("micropython", "--port", vb.url, "--out", out)
        assert r.returncode == 0, r.stdout + r.stderr
        n = len(listing(out))
        assert "flash: micropython over %s: %d copied, 0 unchanged" % (vb.url, n) in r.stdout
        assert "selftest: PASS digest=%s expected=%s rounds=4" % (digest, digest) in r.stdout
        r = flash_cli("micropython", "--port", vb.url, "--out", out)
        assert r.returncode == 0, r.stdout + r.stderr
        assert "flash: micropython over %s: 0 copied, %d unchanged" % (vb.url, n) in r.stdout
        assert "selftest: PASS" in r.stdout
        r = flash_cli("micropython", "--port", vb.url, "--out", out, "--dry-run")
        assert "would copy" not in r.stdout


def test_make_flash_drive_route_cli(tmp_path):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    r = flash_cli("clue", "--drive", str(drive), "--out", str(tmp_path / "b"), "--dry-run")
    assert r.returncode == 0 and "would copy code.py" in r.stdout and listing(drive) == {}
    r = flash_cli("clue", "--drive", str(drive), "--out", str(tmp_path / "b"))
    assert r.returncode == 0, r.stderr
    assert listing(drive) == listing(tmp_path / "b")


def test_flash_circuitpython_read_only_says_what_to_do(tmp_path):
    need_vboard()
    folder = tmp_path / "cp"
    bundle.build("pybadge", str(folder))
    with virtual_board.VirtualBoard(circuitpython=True) as vb:
        with pytest.raises(flash.NotWritable, match="hold SELECT"):
            flash.flash_serial(str(folder), vb.url, out=lambda s: None, board="pybadge")
        r = mpremote(vb.url, "exec", "import os; print(sorted(os.listdir('/')))")
        assert r.stdout.strip().endswith("[]")  # nothing half-written


def test_flash_circuitpython_route_when_writable(tmp_path, digest):
    need_vboard()
    folder = tmp_path / "cp"
    files, _, _ = bundle.build("micropython", str(folder))  # the smaller bundle: the route is what is tested
    with virtual_board.VirtualBoard(circuitpython=True, writable=True) as vb:
        r = mpremote(vb.url, "fs", "ls")
        assert r.returncode != 0 and "ilistdir" in r.stdout + r.stderr  # mpremote's fs fails there
        name, copied, skipped, _ = flash.flash_serial(str(folder), vb.url, out=lambda s: None)
        assert name == "circuitpython" and len(copied) == len(files)
        name, copied, skipped, _ = flash.flash_serial(str(folder), vb.url, out=lambda s: None)
        assert copied == [] and len(skipped) == len(files)
        r = mpremote(vb.url, "exec", "print(open('selftest.txt').read())")
        assert digest in r.stdout


def test_flash_unreachable_port_named(tmp_path):
    folder = tmp_path / "mp"
    bundle.build("micropython", str(folder))
    with pytest.raises(flash.FlashError, match="socket://127.0.0.1:9: cannot reach the board"):
        flash.flash_serial(str(folder), "socket://127.0.0.1:9", out=lambda s: None)

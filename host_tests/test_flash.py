"""Getting it onto a device (issue 6): the bundle, the CIRCUITPY drive route, and the serial
route against a virtual MicroPython board (host/emulate/vboard) with the real mpremote."""

import ast
import errno
import os
import re
import socket
import subprocess
import sys
import threading

import pytest

from engine import selftest
from host.emulate import virtual_board
from host.ship import bundle, flash

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

MPREMOTE = os.path.join(os.path.dirname(sys.executable), "mpremote")


def listing(folder, skip=(".elfer-bundle", "boot_out.txt")):
    """{relative path: bytes} of a bundle or a drive, without the bundle's mark and the drive's boot_out.txt."""
    out = {}
    for base, _, names in os.walk(folder):
        for name in names:
            if base == str(folder) and name in skip:
                continue
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
    for need in ("code.py", "boot.py", "settings.toml", "selftest.txt", "lib/adafruit_ticks.mpy", "lib/neopixel.mpy"):
        assert need in got, need
    assert "firmware/app.mpy" in got and "engine/state.mpy" in got and "engine/selftest.mpy" in got
    # CircuitPython runs code.py and boot.py as sources; every module is .mpy (test_bundle_cp.py).
    assert sorted(k for k in got if k.endswith(".py")) == ["boot.py", "code.py"]
    # The board's profile (and what it builds on), never the others or the desktop sim.
    assert {k for k in got if k.startswith("boards/")} == {
        "boards/__init__.mpy",
        "boards/base.mpy",
        "boards/detect.mpy",
        "boards/gfx_displayio.mpy",
        "boards/pybadge.mpy",
        "boards/pygamer.mpy",
        "boards/schemes.mpy",
        "boards/speaker.mpy",
    }
    assert b'ELFER_BOARD = "pygamer"' in got["settings.toml"]
    assert got["selftest.txt"].decode().strip() == "digest=" + digest
    assert total == sum(len(v) for v in got.values()) and total < capacity


@pytest.mark.parametrize("board", ["pybadge", "clue", "feather_tft", "pico_lcd_114"])
def test_bundle_carries_the_speaker_only_for_a_board_that_has_one(board):
    modules = {rel.rsplit(".", 1)[0] for rel, _ in bundle.plan(board)}
    assert ("boards/speaker" in modules) == (board in ("pybadge", "clue"))


@pytest.mark.parametrize("board", sorted(b for b in bundle.BOARDS if bundle.BOARDS[b][1]))
def test_bundle_carries_the_master_only_for_a_fast_board(board):
    """engine/bot_master.py goes only where the board offers the master (Board.fast): a handheld
    never loads it (firmware/restore.py refuses a saved master seat first), so it is not flashed."""
    modules = {rel.rsplit(".", 1)[0] for rel, _ in bundle.plan(board)}  # .py or .mpy by runtime
    assert "engine/bot_expert" in modules
    assert ("engine/bot_master" in modules) == (board == "web")
    assert bundle.fast_board(bundle.BOARDS[board][1]) == (board == "web")


def test_fast_board_is_read_from_the_profiles_class_attribute(tmp_path, monkeypatch):
    boards = tmp_path / "boards"
    boards.mkdir()
    (boards / "quick.py").write_text("class Q(Base):\n    fast = True\n")
    (boards / "slow.py").write_text("class S(Base):\n    fast = False\n\nfast = True\n")
    monkeypatch.setattr(bundle, "ROOT", str(tmp_path))
    assert bundle.fast_board(("slow", "quick")) and not bundle.fast_board(("slow",))


def _catches_import_error(handler):
    import ast

    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(k, ast.Name) and k.id == "ImportError" for k in kinds)


def test_bundle_every_import_is_in_the_bundle_or_built_in(tmp_path):
    """The device finds every module the firmware imports: in the bundle or CircuitPython's own."""
    import ast

    builtin = {"displayio", "terminalio", "board", "keypad", "analogio", "digitalio", "pwmio", "storage"}
    builtin |= {"microcontroller", "gc", "os", "sys", "time", "micropython", "supervisor", "adafruit_pixelbuf", "io"}
    builtin |= {"struct", "binascii", "traceback", "math", "array", "audiocore", "audioio"}
    builtin |= {"_bleio"}  # the nRF52840's native BLE (boards/radio_ble.py)
    bundle.build("clue", str(tmp_path))
    modules = [k for k in listing(tmp_path) if k.endswith((".py", ".mpy"))]
    have = {k.rsplit(".", 1)[0].replace("/", ".") for k in modules}
    have |= {k.split(".")[0] for k in have}
    have |= {k[: -len(".__init__")] for k in have if k.endswith(".__init__")}  # packages
    have |= {k[4:] for k in have if k.startswith("lib.")}
    for rel in modules:
        if rel.startswith("lib/"):
            continue
        source = os.path.join(tmp_path, rel) if rel.endswith(".py") else os.path.join(ROOT, rel[:-4] + ".py")
        with open(source) as f:
            tree = ast.parse(f.read())
        optional = set()  # imports tried with an ImportError fallback (e.g. hashlib, else engine/sha256.py)
        for node in ast.walk(tree):
            if isinstance(node, ast.Try) and any(_catches_import_error(h) for h in node.handlers):
                optional |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
        for node in ast.walk(tree):
            names = []
            if id(node) in optional:
                continue
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


BOOT_OUT = b"Adafruit CircuitPython 9.2.0 on 2024-10-28; Adafruit PyBadge with samd51j19\nBoard ID:pybadge\n"


def make_drive(tmp_path, name="CIRCUITPY", board_id="pybadge"):
    """A mounted CIRCUITPY drive as the computer sees it: CircuitPython wrote boot_out.txt at boot
    (main.c: the version line, then "Board ID:" and the port's board folder name)."""
    drive = tmp_path / name
    drive.mkdir(parents=True)
    (drive / "boot_out.txt").write_bytes(BOOT_OUT.replace(b"Board ID:pybadge", b"Board ID:" + board_id.encode()))
    return drive


@pytest.fixture
def built(tmp_path):
    folder = tmp_path / "bundle"
    bundle.build("pybadge", str(folder))
    return folder


def test_drive_copies_then_skips_unchanged_and_code_py_last(built, tmp_path):
    drive = make_drive(tmp_path)
    order = []
    copied, skipped = flash.flash_drive(str(built), str(drive), out=order.append)
    assert order[-1].startswith("copied code.py")
    assert len(copied) == len(listing(built)) and not skipped
    assert listing(drive) == listing(built)
    copied, skipped = flash.flash_drive(str(built), str(drive))
    assert copied == [] and len(skipped) == len(listing(built))
    (built / "engine" / "cards.mpy").write_bytes(b"C\x06 changed")
    copied, _ = flash.flash_drive(str(built), str(drive))
    assert copied == ["engine/cards.mpy"]


def test_drive_dry_run_writes_nothing(built, tmp_path):
    drive = make_drive(tmp_path)
    lines = []
    copied, _ = flash.flash_drive(str(built), str(drive), dry_run=True, out=lines.append)
    assert listing(drive) == {} and len(lines) == len(copied) and lines[0].startswith("would copy")


@pytest.mark.parametrize("fraction", [0.05, 0.3, 0.6, 0.95, 0.999])
def test_drive_interrupted_flash_never_leaves_a_broken_file(built, tmp_path, fraction):
    """Old version on the drive; a new one is flashed and the cable pulled part-way:
    every file is the old or the new version, whole; code.py never half-written; the next
    flash completes and removes the leftovers."""
    drive = make_drive(tmp_path)
    flash.flash_drive(str(built), str(drive))
    old = listing(drive)
    for rel in list(old):  # a new version of every file
        with open(built / rel, "ab") as f:
            f.write(b"\n# v2\n")
    new = listing(built)
    total = sum(len(v) for k, v in new.items() if k != "settings.toml")  # the user's settings.toml stays
    with pytest.raises(KeyboardInterrupt):
        flash.flash_drive(str(built), str(drive), interrupt_after=int(total * fraction))
    now = {k: v for k, v in listing(drive).items() if not k.endswith(flash.TMP_SUFFIX)}
    # the old boot.py differs from the new one: it is kept whole as boot.py.user first
    old["boot.py.user"] = new["boot.py.user"] = old["boot.py"]
    for rel, data in now.items():
        assert data in (old[rel], new[rel]), rel
    assert now["code.py"] == old["code.py"]  # written last, never reached before the others
    flash.flash_drive(str(built), str(drive))
    # settings.toml is the user's once on the drive: kept (no key of ours is missing), the rest new.
    assert listing(drive) == dict(new, **{"settings.toml": old["settings.toml"]})


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
        # Raw paste (Ctrl-E A Ctrl-A, shared/runtime/pyexec.c) is taken, so mpremote sends whole
        # windows instead of 256 bytes every 10 ms; a request for another mode is refused.
        t = flash.connect(vb.url)
        try:
            assert t.exec("print(6 * 7)").strip() == b"42" and t.use_raw_paste
            t.serial.write(b"\x05B\x01")
            assert t.serial.read(4) == b">R\x00>"  # (the prompt after the exec, then the refusal)
        finally:
            t.close()


def flash_cli(*args):
    return subprocess.run(
        [sys.executable, os.path.join(ROOT, "host", "ship", "flash.py"), *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_make_flash_micropython_route_selftest_matches_host(tmp_path, digest):
    """host/ship/flash.py (what make flash runs) to the virtual board: everything copied, the self-test
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
    drive = make_drive(tmp_path, board_id="clue_nrf52840_express")
    r = flash_cli("clue", "--drive", str(drive), "--out", str(tmp_path / "b"), "--dry-run")
    assert r.returncode == 0 and "would copy code.py" in r.stdout and listing(drive) == {}
    n = len(listing(tmp_path / "b"))  # the closing count says nothing was copied
    assert "flash: %s: %d would be copied, 0 unchanged (a dry run: nothing written)" % (drive, n) in r.stdout
    assert ": %d copied" % n not in r.stdout
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


# --- issue 11: the user's settings.toml is kept ----------------------------------------

USER_SETTINGS = (
    b"# my settings\n"
    b'CIRCUITPY_WIFI_SSID = "home"\n'
    b'CIRCUITPY_WIFI_PASSWORD = "hunter2"  # do not lose me\n'
    b'ELFER_SPEED = "0"   # I like it fast\n'
)
ADDED = (
    "settings.toml: added ELFER_BOARD, ELFER_LANG, ELFER_MARKS, ELFER_SOUND, ELFER_BRIGHTNESS, ELFER_SYMBOLS,"
    " ELFER_DIM, kept your other settings"
)


def test_make_flash_keeps_the_users_settings_toml_and_adds_missing_keys(tmp_path, capsys):
    drive = make_drive(tmp_path)
    (drive / "settings.toml").write_bytes(USER_SETTINGS)
    args = ["pybadge", "--drive", str(drive), "--out", str(tmp_path / "b")]
    assert flash.main(args + ["--dry-run"]) == 0
    assert "settings.toml: would add ELFER_BOARD" in capsys.readouterr().out
    assert (drive / "settings.toml").read_bytes() == USER_SETTINGS
    assert flash.main(args) == 0
    assert ADDED in capsys.readouterr().out.splitlines()
    got = (drive / "settings.toml").read_bytes()
    assert got.startswith(USER_SETTINGS)  # Wi-Fi keys, the edited speed, comments: byte for byte
    assert got.count(b"ELFER_SPEED") == 1 and b'ELFER_BOARD = "pybadge"' in got and b"ELFER_BRIGHTNESS" in got
    assert flash.main(args) == 0  # nothing missing now: left alone
    assert "settings.toml" not in capsys.readouterr().out and (drive / "settings.toml").read_bytes() == got


def test_a_settings_toml_circuitpython_cannot_read_is_left_untouched(built, tmp_path):
    drive = make_drive(tmp_path)
    broken = b'CIRCUITPY_WIFI_SSID = "home\nCIRCUITPY_WIFI_PASSWORD = "x"\n'
    (drive / "settings.toml").write_bytes(broken)
    lines = []
    copied, skipped = flash.flash_drive(str(built), str(drive), out=lines.append)
    assert (drive / "settings.toml").read_bytes() == broken and "settings.toml" in skipped
    why = "line 1: the string has no closing quote on its line"
    assert "settings.toml: left as it is on the board (%s); fix it, or delete it to get ours" % why in lines
    assert "code.py" in copied


# --- issue 11: never delete a folder the tools did not make ------------------------------


def user_drive(tmp_path):
    drive = make_drive(tmp_path)
    (drive / "code.py").write_text("print('my own program')\n")
    (drive / "lib").mkdir()
    (drive / "lib" / "mine.py").write_text("X = 1\n")
    (drive / "settings.toml").write_bytes(USER_SETTINGS)
    return drive


def test_bundle_out_on_a_drive_is_refused_and_the_drive_kept(tmp_path, capsys):
    drive = user_drive(tmp_path)
    before = listing(drive, skip=())
    assert bundle.main(["pybadge", "--out", str(drive)]) == 1
    err = capsys.readouterr().err
    assert (
        err == "bundle: %s: not empty and not a bundle folder (no .elfer-bundle in it): refusing to replace it; "
        "give --out a new or empty folder\n" % drive
    )
    assert listing(drive, skip=()) == before


def test_flash_out_and_drive_the_same_folder_is_a_usage_error(tmp_path, capsys):
    """`flash.py pybadge --drive D --out D` wiped the drive and reported success."""
    drive = user_drive(tmp_path)
    before = listing(drive, skip=())
    for out in (drive, drive / "build"):
        with pytest.raises(SystemExit) as e:
            flash.main(["pybadge", "--drive", str(drive), "--out", str(out)])
        assert e.value.code == 2 and "overlap" in capsys.readouterr().err
    assert listing(drive, skip=()) == before


def test_bundle_replaces_only_a_folder_it_made(tmp_path):
    out = tmp_path / "b"
    bundle.build("pybadge", str(out))
    assert (out / ".elfer-bundle").is_file()
    (out / "engine" / "stale.py").write_text("# from an older build\n")
    bundle.build("clue", str(out))  # its own folder: replaced whole
    assert not (out / "engine" / "stale.py").exists() and (out / "boards" / "clue.mpy").exists()
    assert not (out / "boards" / "pybadge.mpy").exists()
    assert sorted(os.listdir(tmp_path)) == ["b"]  # no staging folder left beside it
    empty = tmp_path / "empty"
    empty.mkdir()
    bundle.build("clue", str(empty))  # an empty folder is filled (and marked)
    assert listing(empty) == listing(out) and (empty / ".elfer-bundle").is_file()
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep")
    with pytest.raises(bundle.BundleError, match="mine: not empty and not a bundle folder"):
        bundle.build("clue", str(mine))
    with pytest.raises(bundle.BundleError, match="notes.txt: exists and is not a folder"):
        bundle.build("clue", str(mine / "notes.txt"))
    assert listing(mine) == {"notes.txt": b"keep"}


def test_bundle_replaces_an_unmarked_bundle_in_build_from_before_the_mark(tmp_path, monkeypatch):
    monkeypatch.setattr(bundle, "BUILD", str(tmp_path / "build"))
    old = tmp_path / "build" / "device-pybadge"
    bundle.build("pybadge", str(old))
    os.remove(old / ".elfer-bundle")  # as the bundle.py before this one left it
    bundle.build("pybadge", str(old))
    assert (old / ".elfer-bundle").is_file()
    (old / ".elfer-bundle").unlink()
    (old / "my_notes.txt").write_text("mine")  # not only bundle files: not taken for one
    with pytest.raises(bundle.BundleError, match="not a bundle folder"):
        bundle.build("pybadge", str(old))


# --- issue 11: a drive is a drive only if it looks like one ------------------------------


def test_flash_to_a_folder_that_is_not_a_drive_is_refused(tmp_path, capsys):
    empty = tmp_path / "CIRCUITPY"  # an empty leftover mount point
    empty.mkdir()
    assert flash.main(["pybadge", "--drive", str(empty), "--out", str(tmp_path / "b")]) == 1
    err = capsys.readouterr().err
    assert (
        err == "flash: %s: not a CIRCUITPY drive (no boot_out.txt, which CircuitPython writes at every boot): "
        "is the board plugged in and its drive mounted?\n" % empty
    )
    assert os.listdir(empty) == []


def test_find_drive_skips_an_empty_mount_point(tmp_path, monkeypatch, capsys):
    import serial.tools.list_ports

    empty = tmp_path / "media" / "CIRCUITPY"
    empty.mkdir(parents=True)
    real = make_drive(tmp_path / "run")
    monkeypatch.setattr(flash, "drive_places", lambda: [str(empty), str(real)])
    assert flash.find_drive() == str(real)
    monkeypatch.setattr(flash, "drive_places", lambda: [str(empty)])
    assert flash.find_drive() is None
    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda: [])  # no board on USB either
    assert flash.main(["pybadge", "--out", str(tmp_path / "b")]) == 1
    assert "(%s has no boot_out.txt: not a mounted drive)" % empty in capsys.readouterr().err
    assert os.listdir(empty) == []


# --- issue 11: one line, exit 1, nothing half-written --------------------------------------


def _limit_file_size():
    """In the child: files may not grow past 4 KiB, as a full disk stops a write part-way."""
    import resource
    import signal

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # write() then fails with EFBIG instead of killing
    resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))


def test_bundle_full_disk_is_one_line_and_the_old_bundle_stays(tmp_path):
    """A real write failure part-way through a file (the kernel's RLIMIT_FSIZE, which root cannot
    ignore as it ignores chmod): the message names the file, the previous bundle is as it was."""
    out = tmp_path / "b"
    bundle.build("pybadge", str(out))
    before = listing(out, skip=())
    r = subprocess.run(
        [sys.executable, os.path.join(ROOT, "host", "ship", "bundle.py"), "clue", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_limit_file_size,
        env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"),
    )
    assert r.returncode == 1, r.stdout + r.stderr
    assert re.fullmatch(r"bundle: %s/\S+: File too large\n" % re.escape(str(out)), r.stderr), r.stderr
    assert listing(out, skip=()) == before
    assert sorted(os.listdir(tmp_path)) == ["b"]


def test_bundle_unwritable_out_is_one_line(tmp_path, capsys):
    blocker = tmp_path / "a-file"  # a file where a folder is expected: fails for root too
    blocker.write_text("x")
    assert bundle.main(["pybadge", "--out", str(blocker / "device")]) == 1
    assert capsys.readouterr().err == "bundle: %s: not a folder\n" % blocker
    assert sorted(os.listdir(tmp_path)) == ["a-file"]


def test_an_unreadable_file_on_the_drive_is_named(tmp_path, monkeypatch, capsys):
    """EIO from the drive (a failing flash chip, a card pulled) during the unchanged-file check."""
    drive = make_drive(tmp_path)
    out = tmp_path / "b"
    assert flash.main(["pybadge", "--drive", str(drive), "--out", str(out)]) == 0
    bad = os.path.join(str(drive), "engine", "cards.mpy")
    real_read = flash.read

    def read(path):
        if path == bad:
            raise OSError(errno.EIO, os.strerror(errno.EIO), path)
        return real_read(path)

    monkeypatch.setattr(flash, "read", read)
    capsys.readouterr()
    assert flash.main(["pybadge", "--drive", str(drive), "--out", str(out)]) == 1
    assert capsys.readouterr().err == "flash: %s: cannot read the drive's copy (Input/output error)\n" % bad


def test_a_full_drive_is_one_line_and_the_old_file_stays(built, tmp_path):
    """A real ENOSPC: the temporary name is a link to /dev/full, so the kernel's own "No space
    left on device" comes back part-way through the file."""
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    drive = make_drive(tmp_path)
    flash.flash_drive(str(built), str(drive))
    old = listing(drive)
    (built / "engine" / "cards.mpy").write_bytes(b"C\x06 v2" * 2000)
    (built / "code.py").write_text("# v2\n")
    tmp = drive / "engine" / ("cards.mpy" + flash.TMP_SUFFIX)
    os.symlink("/dev/full", tmp)
    with pytest.raises(flash.FlashError) as e:
        flash.flash_drive(str(built), str(drive), out=lambda s: None)
    assert str(e.value) == "%s: No space left on device" % (drive / "engine" / "cards.mpy")
    assert listing(drive) == old and not os.path.lexists(tmp)  # old files whole, code.py not reached


class DropLine:
    """A TCP relay between the tool and the virtual board that cuts the line after `after` bytes
    from the host, both ways at once, as a pulled USB cable does (pyserial then raises
    SerialException, on a socket:// port as on a tty)."""

    def __init__(self, url, after):
        host, port = url[len("socket://") :].rsplit(":", 1)
        self.target = (host, int(port))
        self.after = after
        self.srv = socket.socket()
        self.srv.bind(("127.0.0.1", 0))
        self.srv.listen(1)
        self.url = "socket://127.0.0.1:%d" % self.srv.getsockname()[1]
        self.thread = threading.Thread(target=self._relay, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.srv.close()
        self.thread.join(10)

    def _relay(self):
        host, _ = self.srv.accept()
        board = socket.create_connection(self.target)

        def back():
            try:
                while data := board.recv(4096):
                    host.sendall(data)
            except OSError:
                pass

        threading.Thread(target=back, daemon=True).start()
        sent = 0
        try:
            while data := host.recv(4096):
                room = self.after - sent
                board.sendall(data[:room])
                sent += min(room, len(data))
                if sent >= self.after:
                    break
        except OSError:
            pass
        for s in (host, board):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()


BOARD_FILES = """
import os, hashlib, binascii
def _walk(d, out):
    for n in os.listdir(d or '/'):
        p = d + '/' + n if d else n
        if os.stat(p)[0] & 0x4000:
            _walk(p, out)
        else:
            h = hashlib.sha256()
            with open(p, 'rb') as f:
                h.update(f.read())
            out[p] = binascii.hexlify(h.digest()).decode()
_o = {}
_walk('', _o)
print(repr(_o))
"""


def board_files(url):
    r = mpremote(url, "exec", BOARD_FILES)
    assert r.returncode == 0, r.stdout + r.stderr
    return ast.literal_eval(r.stdout.strip().splitlines()[-1])


def assert_nothing_half_written(url, folder):
    """Every file on the board is the bundle's, whole, or a temporary name never run."""
    import hashlib

    want = {rel: hashlib.sha256(data).hexdigest() for rel, data in listing(folder).items()}
    got = board_files(url)
    real = {p: h for p, h in got.items() if not p.endswith(flash.TMP_SUFFIX)}
    assert 0 < len(real) < len(want)  # the line dropped part-way
    for path, h in real.items():
        assert want.get(path) == h, path


LOST = re.compile(r"serial line lost while writing \S+: \S.*")


def test_serial_line_lost_mid_flash_micropython(tmp_path, capsys):
    need_vboard()
    out = tmp_path / "mp"
    with virtual_board.VirtualBoard() as vb:
        with DropLine(vb.url, after=25_000) as line:
            assert flash.main(["micropython", "--port", line.url, "--out", str(out)]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and LOST.fullmatch(err[len("flash: ") : -1]), err
        assert_nothing_half_written(vb.url, out)
        _, copied, skipped, result = flash.flash_serial(str(out), vb.url, out=lambda s: None)
        assert copied and skipped and result.startswith("selftest: PASS")


def test_serial_line_lost_mid_flash_circuitpython(tmp_path):
    need_vboard()
    folder = tmp_path / "cp"
    bundle.build("micropython", str(folder))
    with virtual_board.VirtualBoard(circuitpython=True, writable=True) as vb:
        with DropLine(vb.url, after=25_000) as line:
            with pytest.raises(flash.FlashError) as e:
                flash.flash_serial(str(folder), line.url, out=lambda s: None)
        assert LOST.fullmatch(str(e.value)), str(e.value)
        assert_nothing_half_written(vb.url, folder)
        _, copied, skipped, _ = flash.flash_serial(str(folder), vb.url, out=lambda s: None)
        assert copied and skipped


def test_serial_circuitpython_keeps_the_boards_settings_toml(tmp_path):
    need_vboard()
    folder = tmp_path / "small"
    bundle.build("pybadge", str(tmp_path / "full"))
    folder.mkdir()
    (folder / "settings.toml").write_bytes((tmp_path / "full" / "settings.toml").read_bytes())
    (folder / "x.py").write_text("X = 1\n")
    with virtual_board.VirtualBoard(circuitpython=True, writable=True) as vb:
        r = mpremote(vb.url, "exec", "f = open('settings.toml', 'wb')\nf.write(%r)\nf.close()" % USER_SETTINGS)
        assert r.returncode == 0, r.stdout + r.stderr
        lines = []
        flash.flash_serial(str(folder), vb.url, out=lines.append)
        assert ADDED in lines
        r = mpremote(vb.url, "exec", "print(repr(open('settings.toml', 'rb').read()))")
        got = ast.literal_eval(r.stdout.strip().splitlines()[-1])
        assert got.startswith(USER_SETTINGS) and b'ELFER_BOARD = "pybadge"' in got


# --- issue 13: MicroPython game bundles (main.py, .mpy) over mpremote ------------------------


def game_folder(tmp_path, main):
    """A small game bundle as host/ship/bundle.py lays it out: .mpy modules and main.py (the probe)."""
    folder = tmp_path / "game"
    (folder / "engine").mkdir(parents=True)
    (folder / "engine" / "rng.mpy").write_bytes(bundle.compile_mpy("engine/rng.py"))
    (folder / "engine" / "__init__.mpy").write_bytes(bundle.compile_mpy("engine/__init__.py"))
    (folder / "main.py").write_text(main)
    (folder / bundle.MARK).write_bytes(bundle.mark_text(flash.bundle_files(str(folder))))
    return folder


PROBE = "import engine.rng\nprint('probe main ran from', engine.rng.__file__)\nopen('ran.txt', 'w').write('yes')\n"


def test_game_flash_removes_stale_sources_then_reset_runs_main_py(tmp_path):
    """A board with an old engine/rng.py (MicroPython would import it before the new .mpy):
    it is removed and said so; no self-test; the soft reset runs main.py, which imports the .mpy."""
    need_vboard()
    folder = game_folder(tmp_path, PROBE)
    old = tmp_path / "old.py"
    old.write_text("raise ImportError('the stale source ran')\n")
    with virtual_board.VirtualBoard() as vb:
        assert mpremote(vb.url, "fs", "mkdir", ":engine").returncode == 0
        assert mpremote(vb.url, "fs", "cp", str(old), ":engine/rng.py").returncode == 0
        lines = []
        name, copied, skipped, result = flash.flash_serial(str(folder), vb.url, out=lines.append)
        assert name == "micropython" and result is None
        assert sorted(copied) == ["engine/__init__.mpy", "engine/rng.mpy", "main.py"]
        assert "removed engine/rng.py (the bundle has engine/rng.mpy, which it would shadow)" in lines
        assert "  probe main ran from engine/rng.mpy" in lines
        assert lines[-1] == "reset: main.py runs the game (the title menu)"
        assert not any("selftest" in x for x in lines)
        files = board_files(vb.url)
        import hashlib

        assert "engine/rng.py" not in files and files["ran.txt"] == hashlib.sha256(b"yes").hexdigest()
        lines = []  # again: nothing to copy or remove, main.py runs again after the reset
        _, copied, skipped, _ = flash.flash_serial(str(folder), vb.url, out=lines.append)
        assert copied == [] and len(skipped) == 3 and not any(x.startswith("removed") for x in lines)
        assert "  probe main ran from engine/rng.mpy" in lines


def test_game_flash_dry_run_says_what_it_would_remove_and_removes_nothing(tmp_path):
    need_vboard()
    folder = game_folder(tmp_path, PROBE)
    with virtual_board.VirtualBoard() as vb:
        assert mpremote(vb.url, "fs", "cp", str(folder / "main.py"), ":main.py").returncode == 0
        assert mpremote(vb.url, "fs", "mkdir", ":engine").returncode == 0
        assert mpremote(vb.url, "fs", "cp", str(folder / "main.py"), ":engine/rng.py").returncode == 0
        lines = []
        flash.flash_serial(str(folder), vb.url, dry_run=True, out=lines.append)
        assert "would remove engine/rng.py (the bundle has engine/rng.mpy, which it would shadow)" in lines
        assert not any("probe main ran" in x for x in lines)  # no reset either
        assert "engine/rng.py" in board_files(vb.url)


def test_game_flash_says_when_main_py_fails_at_boot(tmp_path):
    need_vboard()
    folder = game_folder(tmp_path, "import no_such_module\n")
    with virtual_board.VirtualBoard() as vb:
        lines = []
        with pytest.raises(flash.FlashError, match="main.py failed at boot: ImportError: no module named"):
            flash.flash_serial(str(folder), vb.url, out=lines.append)
        assert "the board says after the reset:" in lines


def test_mpremote_mip_install_of_the_bundles_package_json_puts_it_at_the_root(tmp_path):
    """The README's route without make: the real `mpremote mip install --target ""` reads the
    bundle's package.json (relative sources) and the board has the files at / as make flash puts them."""
    need_vboard()
    import hashlib

    folder = game_folder(tmp_path, PROBE)
    rels = [rel for rel, _ in flash.bundle_files(str(folder))]
    (folder / "package.json").write_bytes(bundle.package_json(rels))
    with virtual_board.VirtualBoard() as vb:
        r = mpremote(vb.url, "mip", "install", "--target", "", str(folder / "package.json"))
        assert r.returncode == 0, r.stdout + r.stderr
        got = board_files(vb.url)
        assert got == {rel: hashlib.sha256((folder / rel).read_bytes()).hexdigest() for rel in rels}


# --- issue 36: CircuitPython gets .mpy: its version, and the sources an earlier bundle left ----


@pytest.mark.parametrize(
    "line",
    [
        b"Adafruit CircuitPython 9.1.4 on 2024-09-17; Adafruit PyBadge with samd51j19",
        b"Adafruit CircuitPython 8.2.10 on 2024-02-14; Adafruit PyBadge with samd51j19",
    ],
)
def test_drive_with_a_circuitpython_that_cannot_load_mpy_is_refused(tmp_path, capsys, line):
    drive = make_drive(tmp_path)
    boot_out = drive / "boot_out.txt"
    boot_out.write_bytes(line + b"\nBoard ID:pybadge\n")
    (drive / "code.py").write_text("print('my own program')\n")
    before = listing(drive, skip=())
    for extra in ([], ["--dry-run"]):
        assert flash.main(["pybadge", "--drive", str(drive), "--out", str(tmp_path / "b")] + extra) == 1
        version = line.split()[2].decode()
        assert capsys.readouterr().err == (
            "flash: %s: the board runs CircuitPython %s, which cannot load this bundle's .mpy files "
            "(format 6.3): supported are CircuitPython 9.2.x and 10.x; install one from "
            "circuitpython.org/downloads\n" % (boot_out, version)
        )
        assert listing(drive, skip=()) == before


def test_drive_whose_boot_out_has_no_version_line_is_refused(built, tmp_path):
    drive = make_drive(tmp_path)
    (drive / "boot_out.txt").write_bytes(b"hello\n")
    with pytest.raises(
        flash.FlashError, match="boot_out.txt: the first line is not CircuitPython's version line \\('hello'\\)"
    ):
        flash.flash_drive(str(built), str(drive))
    assert listing(drive) == {}


def test_drive_with_circuitpython_10_takes_the_bundle(built, tmp_path):
    drive = make_drive(tmp_path)
    (drive / "boot_out.txt").write_bytes(
        b"Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit CLUE nRF52840 Express with nRF52840\n"
    )
    copied, _ = flash.flash_drive(str(built), str(drive), out=lambda s: None)
    assert listing(drive) == listing(built) and "engine/cards.mpy" in copied


def old_drive(tmp_path, built):
    """A drive flashed by an earlier make flash (sources), with the user's own files beside them."""
    drive = make_drive(tmp_path)
    ours = {
        "engine/cards.py": b"# an old engine module\n",
        "firmware/app.py": b"# an old firmware module\n",
        "boards/pybadge.py": b"# an old profile\n",
        "code.py": b"import firmware.app\n",
    }
    with open(bundle.library_source("neopixel"), "rb") as f:
        ours["lib/neopixel.py"] = f.read()  # the copy an earlier bundle put there
    mine = {
        "lib/adafruit_ticks.py": b"# my own ticks, edited\n",  # a library of the user's: not ours
        "lib/mine.py": b"X = 1\n",
        "engine/mine.py": b"Y = 2\n",  # a name no bundle ever shipped
        "my_game.py": b"print('mine')\n",
    }
    for rel, data in {**ours, **mine}.items():
        (drive / rel).parent.mkdir(parents=True, exist_ok=True)
        (drive / rel).write_bytes(data)
    return drive, ours, mine


REMOVED = "removed %s (the bundle has %s, which it would shadow)"
LEFT = (
    "left lib/adafruit_ticks.py as it is: not the copy an earlier bundle put there, so it is yours; it shadows "
    "the bundle's lib/adafruit_ticks.mpy (delete it to use ours)"
)


def test_drive_stale_sources_of_ours_removed_the_users_files_kept(built, tmp_path):
    drive, ours, mine = old_drive(tmp_path, built)
    stale = ["boards/pybadge.py", "engine/cards.py", "firmware/app.py", "lib/neopixel.py"]
    said = [REMOVED % (rel, rel[:-3] + ".mpy") for rel in stale]
    said.insert(3, LEFT)  # in the manifest's order, one line a file
    lines = []
    flash.flash_drive(str(built), str(drive), dry_run=True, out=lines.append)
    assert [x for x in lines if x.startswith(("would remove", "left"))] == [
        x.replace("removed", "would remove") for x in said
    ]
    assert all((drive / rel).exists() for rel in stale)  # a dry run removes nothing
    lines = []
    flash.flash_drive(str(built), str(drive), out=lines.append)
    assert [x for x in lines if x.startswith(("removed", "left"))] == said
    assert lines.index(said[-1]) < lines.index("copied code.py (%d bytes)" % len(listing(built)["code.py"]))
    got = listing(drive)
    assert not any(rel in got for rel in stale)
    assert got == dict(listing(built), **mine)  # the bundle, and the user's files byte for byte
    lines = []
    flash.flash_drive(str(built), str(drive), out=lines.append)  # again: nothing stale, the user's file still left
    assert lines == [LEFT]


def test_drive_stale_removal_follows_the_manifest_only(built, tmp_path):
    """A folder whose mark lists no sources (one made before the manifest) removes nothing."""
    drive, ours, mine = old_drive(tmp_path, built)
    (built / bundle.MARK).write_bytes(bundle.MARK_TEXT)
    lines = []
    flash.flash_drive(str(built), str(drive), out=lines.append)
    assert not any(x.startswith(("removed", "left")) for x in lines)
    assert (drive / "engine" / "cards.py").read_bytes() == ours["engine/cards.py"]


def test_serial_circuitpython_too_old_is_refused_before_anything_is_written(tmp_path):
    need_vboard()
    folder = tmp_path / "cp"
    bundle.build("pybadge", str(folder))
    with virtual_board.VirtualBoard(circuitpython=True, writable=True) as vb:
        t = flash.connect(vb.url)
        try:  # real CircuitPython's sys.implementation.version: (major, minor, micro, 0)
            t.exec("import sys\nsys.implementation.version = (9, 1, 4, 0)")
        finally:
            t.close()
        with pytest.raises(flash.FlashError) as e:
            flash.flash_serial(str(folder), vb.url, out=lambda s: None, board="pybadge")
        assert str(e.value) == (
            "the board at %s runs CircuitPython 9.1.4, which cannot load this bundle's .mpy files (format 6.3): "
            "supported are CircuitPython 9.2.x and 10.x; install one from circuitpython.org/downloads" % vb.url
        )
        assert board_files(vb.url) == {}


def test_serial_circuitpython_removes_stale_sources_of_ours(tmp_path):
    need_vboard()
    folder = game_folder(tmp_path, PROBE)
    os.rename(folder / "main.py", folder / "code.py")  # a CircuitPython bundle's entry
    with virtual_board.VirtualBoard(circuitpython=True, writable=True) as vb:
        t = flash.connect(vb.url)
        try:
            t.exec(
                "import os\nos.mkdir('engine')\nfor n in ('engine/rng.py', 'engine/mine.py'):\n open(n, 'w').write('#')"
            )
        finally:
            t.close()
        lines = []
        name, copied, _, _ = flash.flash_serial(str(folder), vb.url, out=lines.append)
        assert name == "circuitpython" and "engine/rng.mpy" in copied
        assert "removed engine/rng.py (the bundle has engine/rng.mpy, which it would shadow)" in lines
        files = board_files(vb.url)
        assert "engine/rng.py" not in files and "engine/mine.py" in files


# --- issue 38: flashing never leaves a board wrong ------------------------------------


def test_flash_onto_a_drive_of_another_board_is_refused_naming_both(tmp_path, capsys):
    """The README's `make flash BOARD=pybadge` on a PyGamer: boot_out.txt says Board ID:pygamer."""
    drive = user_drive(tmp_path)
    (drive / "boot_out.txt").write_bytes(BOOT_OUT.replace(b"Board ID:pybadge", b"Board ID:pygamer"))
    before = listing(drive, skip=())
    out = str(tmp_path / "b")
    for extra in ([], ["--dry-run"]):
        assert flash.main(["pybadge", "--drive", str(drive), "--out", out] + extra) == 1
        assert capsys.readouterr().err == (
            "flash: %s says Board ID:pygamer (a pygamer), not a pybadge: nothing written. Run make flash "
            "BOARD=pygamer, or add ARGS=--force to copy the pybadge bundle anyway\n" % (drive / "boot_out.txt")
        )
    assert listing(drive, skip=()) == before and not os.path.exists(out)  # nothing built either
    assert flash.main(["pybadge", "--drive", str(drive), "--out", out, "--force"]) == 0
    said = capsys.readouterr().out
    assert "(a pygamer), not a pybadge: copying the pybadge bundle anyway (--force)" in said
    assert b'ELFER_BOARD = "pybadge"' in (drive / "settings.toml").read_bytes()


def test_flash_onto_a_board_no_profile_drives_is_refused(tmp_path, capsys):
    drive = make_drive(tmp_path, board_id="adafruit_pyportal")
    assert flash.main(["clue", "--drive", str(drive), "--out", str(tmp_path / "b")]) == 1
    err = capsys.readouterr().err
    assert "says Board ID:adafruit_pyportal (a board none of our profiles drives), not a clue" in err
    assert "add ARGS=--force" in err and listing(drive) == {}


def test_flash_without_a_board_takes_the_one_boot_out_names(tmp_path, capsys):
    drive = make_drive(tmp_path, board_id="clue_nrf52840_express")
    assert flash.main(["--drive", str(drive), "--out", str(tmp_path / "b"), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "flash: %s says Board ID:clue_nrf52840_express: flashing BOARD=clue" % (drive / "boot_out.txt") in out
    assert "flash: bundle clue," in out
    unknown = make_drive(tmp_path, "OTHER", board_id="adafruit_pyportal")
    assert flash.main(["--drive", str(unknown), "--out", str(tmp_path / "c")]) == 1
    assert "which none of our profiles drives: give the board, e.g. make flash BOARD=" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:  # no drive to read it from: the board must be given
        flash.main(["--port", "socket://127.0.0.1:9"])
    assert e.value.code == 2 and "give the board" in capsys.readouterr().err


def test_make_flash_passes_board_only_when_given(tmp_path):
    # (run from make test, the inner make would say "Entering directory" and see make test's ARGS)
    outer = ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "ARGS", "BOARD", "DRIVE", "PORT")
    env = dict((k, v) for k, v in os.environ.items() if k not in outer)
    make = ["make", "--no-print-directory", "-n", "flash", "DRIVE=/d"]
    r = subprocess.run(make, cwd=ROOT, capture_output=True, text=True, env=env)
    assert r.stdout.split("-m host.ship.flash", 1)[1].split() == ["--drive", "/d"]  # not the Makefile's default
    r = subprocess.run(make + ["BOARD=clue"], cwd=ROOT, capture_output=True, text=True, env=env)
    assert r.stdout.split("-m host.ship.flash", 1)[1].split() == ["clue", "--drive", "/d"]


def test_elfer_board_is_kept_in_step_with_the_board_flashed(tmp_path, capsys):
    """pybadge flashed (forced) onto a PyGamer, then pygamer: ELFER_BOARD follows, said so; the
    user's other settings and the line's comment stay."""
    drive = make_drive(tmp_path, board_id="pygamer")
    (drive / "settings.toml").write_bytes(USER_SETTINGS + b'ELFER_BOARD = "pybadge"  # from the README\n')
    out = str(tmp_path / "b")
    assert flash.main(["pygamer", "--drive", str(drive), "--out", out, "--dry-run"]) == 0
    said = 'settings.toml: would change ELFER_BOARD from "pybadge" to "pygamer", the board being flashed'
    assert said in capsys.readouterr().out
    assert b'"pybadge"' in (drive / "settings.toml").read_bytes()
    assert flash.main(["pygamer", "--drive", str(drive), "--out", out]) == 0
    assert said.replace("would change", "changed") in capsys.readouterr().out
    got = (drive / "settings.toml").read_bytes()
    assert got.startswith(USER_SETTINGS + b'ELFER_BOARD = "pygamer"  # from the README\n')
    assert flash.main(["pygamer", "--drive", str(drive), "--out", out]) == 0  # in step: nothing said
    assert "ELFER_BOARD" not in capsys.readouterr().out and (drive / "settings.toml").read_bytes() == got


MY_BOOT = b"import storage\nstorage.disable_usb_drive()  # my own set-up\n"


def test_drive_keeps_the_users_boot_py_under_a_name_never_overwritten(built, tmp_path):
    drive = make_drive(tmp_path)
    (drive / "boot.py").write_bytes(MY_BOOT)
    (drive / "boot.py.user").write_bytes(b"# an older file of the user's\n")
    lines = []
    flash.flash_drive(str(built), str(drive), dry_run=True, out=lines.append)
    assert "boot.py: yours differs from ours: would keep it as boot.py.user-2 (ours lets the write button" in (
        " ".join(lines)
    )
    assert not (drive / "boot.py.user-2").exists() and (drive / "boot.py").read_bytes() == MY_BOOT
    lines = []
    copied, _ = flash.flash_drive(str(built), str(drive), out=lines.append)
    assert "boot.py" in copied and (drive / "boot.py").read_bytes() == (built / "boot.py").read_bytes()
    assert (drive / "boot.py.user-2").read_bytes() == MY_BOOT  # theirs, byte for byte
    assert (drive / "boot.py.user").read_bytes() == b"# an older file of the user's\n"  # never overwritten
    assert any(x.startswith("boot.py: yours differs from ours: kept it as boot.py.user-2") for x in lines)
    lines = []  # ours in place now: nothing to keep again
    flash.flash_drive(str(built), str(drive), out=lines.append)
    assert not any("boot.py" in x for x in lines) and not (drive / "boot.py.user-3").exists()


def test_drive_boot_py_kept_by_an_interrupted_flash_is_not_kept_twice(built, tmp_path):
    drive = make_drive(tmp_path)
    (drive / "boot.py").write_bytes(MY_BOOT)
    (drive / "boot.py.user").write_bytes(MY_BOOT)  # a flash kept it, then the cable came out
    lines = []
    flash.flash_drive(str(built), str(drive), out=lines.append)
    assert "boot.py: yours is kept as boot.py.user already; ours replaces it" in lines
    assert sorted(n for n in os.listdir(drive) if n.startswith("boot.py")) == ["boot.py", "boot.py.user"]
    assert (drive / "boot.py.user").read_bytes() == MY_BOOT


def test_serial_circuitpython_keeps_the_users_boot_py(tmp_path):
    need_vboard()
    folder = tmp_path / "cp"
    folder.mkdir()
    (folder / "boot.py").write_bytes((open(os.path.join(ROOT, "device", "boot.py"), "rb")).read())
    (folder / "code.py").write_text("print('hello')\n")
    (folder / bundle.MARK).write_bytes(bundle.mark_text(flash.bundle_files(str(folder))))
    mine = tmp_path / "mine.py"
    mine.write_bytes(MY_BOOT)
    with virtual_board.VirtualBoard(circuitpython=True, writable=True) as vb:
        # mpremote's fs does not work on CircuitPython (no os.ilistdir): put the user's file by exec
        r = mpremote(vb.url, "exec", "open('boot.py', 'wb').write(%r)" % MY_BOOT)
        assert r.returncode == 0, r.stdout + r.stderr
        lines = []
        flash.flash_serial(str(folder), vb.url, out=lines.append)
        assert any(x.startswith("boot.py: yours differs from ours: kept it as boot.py.user") for x in lines)
        files = board_files(vb.url)
        import hashlib

        assert files["boot.py.user"] == hashlib.sha256(MY_BOOT).hexdigest()
        assert files["boot.py"] == hashlib.sha256((folder / "boot.py").read_bytes()).hexdigest()
        assert not any(k.endswith(flash.TMP_SUFFIX) for k in files)


SPIN = (
    "import machine\n"
    "p = machine.Pin(2, machine.Pin.IN, machine.Pin.PULL_UP)\n"
    "def spin():\n"
    "    while True:\n"
    "        p.value()\n"
    "print('spinning')\n"
)


def test_a_running_game_is_interrupted_for_the_next_flash(tmp_path):
    """The game's main.py never returns; flashing again interrupts it first (Ctrl-C), as on a real
    board, instead of failing with "could not enter raw repl"."""
    need_vboard()
    folder = game_folder(tmp_path, SPIN + "spin()\n")
    with virtual_board.VirtualBoard(machine="pico_lcd_114") as vb:
        lines = []
        flash.flash_serial(str(folder), vb.url, out=lines.append)
        assert "  spinning" in lines and lines[-1] == "reset: main.py runs the game (the title menu)"
        (folder / "engine" / "extra.mpy").write_bytes(bundle.compile_mpy("engine/rng.py"))
        _, copied, _, _ = flash.flash_serial(str(folder), vb.url, out=lines.append)
        assert copied == ["engine/extra.mpy"]
        assert vb.wait_main(10)  # the first run ended (by the Ctrl-C)
        assert lines.count("  spinning") == 2  # and the new one runs


def test_a_program_that_catches_one_ctrl_c_is_interrupted_by_the_second(tmp_path):
    """mpremote's enter_raw_repl sends one Ctrl-C (transport_serial.py); a program may catch it (to save,
    say) and go on: the tool sends one more first, after a short wait."""
    need_vboard()
    folder = game_folder(
        tmp_path, SPIN + "try:\n    spin()\nexcept KeyboardInterrupt:\n    print('caught')\n    spin()\n"
    )
    with virtual_board.VirtualBoard(machine="pico_lcd_114") as vb:
        flash.flash_serial(str(folder), vb.url, out=lambda s: None)
        t = flash.connect(vb.url)
        try:
            assert t.eval("1 + 1") == 2
        finally:
            t.close()


def test_serial_circuitpython_of_another_board_is_refused_naming_both(tmp_path):
    """Over serial, CircuitPython's board.board_id (the id boot_out.txt names) is checked as on the drive."""
    need_vboard()
    folder = tmp_path / "cp"
    folder.mkdir()
    (folder / "code.py").write_text("print('hello')\n")
    (folder / bundle.MARK).write_bytes(bundle.mark_text(flash.bundle_files(str(folder))))
    with virtual_board.VirtualBoard(circuitpython=True, writable=True, board_id="clue_nrf52840_express") as vb:
        with pytest.raises(flash.FlashError) as e:
            flash.flash_serial(str(folder), vb.url, out=lambda s: None, board="pybadge")
        assert str(e.value) == (
            "the board at %s says board_id clue_nrf52840_express (a clue), not a pybadge: nothing written. "
            "Run make flash BOARD=clue, or add ARGS=--force to copy the pybadge bundle anyway" % vb.url
        )
        assert "code.py" not in board_files(vb.url)
        lines = []
        _, copied, _, _ = flash.flash_serial(str(folder), vb.url, out=lines.append, board="pybadge", force=True)
        assert copied == ["code.py"] and any(x.endswith("copying the pybadge bundle anyway (--force)") for x in lines)
        _, copied, _, _ = flash.flash_serial(str(folder), vb.url, out=lines.append, board="clue")
        assert copied == []  # the right board: no word, nothing to copy

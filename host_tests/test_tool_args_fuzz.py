"""Section 7, the tools' arguments (issue 11): random argv to host/ship/bundle.py and host/ship/flash.py
never gives a traceback, only a result (exit 0), a message (exit 1, one line) or a usage error
(exit 2); and never touches a folder the tools did not make.

main(argv) runs in-process (fast). Everything happens in a sandbox: the working folder (so a
junk relative path lands there), the build folder, the places a CIRCUITPY drive is looked for
(a real-looking drive and an empty leftover mount point), and no USB serial port, as on a
machine with no board plugged in. stdout/stderr are strict UTF-8, as under a UTF-8 locale, so
a file name that is not UTF-8 (a surrogate escape in argv) must not crash the printing."""

import os
import shutil

import pytest
from fuzzing import fuzz
from helpers import run_main
from hypothesis import given
from hypothesis import strategies as st

from host.ship import bundle, flash

USER_FILES = {"notes.txt": b"mine", "code.py": b"print('mine')\n"}


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    box = tmp_path_factory.mktemp("tool-args")
    drive = box / "CIRCUITPY"
    drive.mkdir()
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.0\nBoard ID:pybadge\n")
    (drive / "keep-me.txt").write_text("the user's file")
    (box / "mnt" / "CIRCUITPY").mkdir(parents=True)  # an empty mount point: not a drive
    (box / "a-file").write_text("x")
    user = box / "user"
    user.mkdir()
    for name, data in USER_FILES.items():
        (user / name).write_bytes(data)
    return box


# Plausible tokens: every option (also in --opt=value form), board names, the sandbox's
# folders (relative: the tools run in the sandbox), and junk (never a "/" or "\\": no path
# can leave the sandbox but "..", which is not empty and so never replaced).
OPTIONS = ["--out", "--drive", "--port", "--dry-run", "--help", "-h", "--", "--bogus", "-x", "--out=", "--port="]
BOARDS = sorted(bundle.BOARDS) + ["gameboy", "PYBADGE", ""]
PLACES = ["CIRCUITPY", "mnt/CIRCUITPY", "a-file", "user", "build", "new", "new/deeper", "a-file/under", ".", ".."]
JUNK = st.text(alphabet=st.characters(blacklist_characters="/\\", blacklist_categories=("Cs",)), max_size=12)
ODD = ["\udcff", "caf\udce9", "\x00", " ", "é-ü", "socket://127.0.0.1:9", "-", "--out=\udcff", "--drive=CIRCUITPY"]
TOKENS = st.one_of(
    st.sampled_from(OPTIONS),
    st.sampled_from(BOARDS),
    st.sampled_from(PLACES),
    st.sampled_from(ODD),
    JUNK,
    st.tuples(st.sampled_from(["--out=", "--drive="]), st.sampled_from(PLACES)).map("".join),
)
ARGV = st.one_of(
    st.lists(TOKENS, max_size=6),
    st.tuples(st.sampled_from(sorted(bundle.BOARDS)), st.lists(TOKENS, max_size=5)).map(lambda t: [t[0]] + t[1]),
)


def run(main, argv, box):
    """(exit status, stdout, stderr) of main(argv) in the sandbox."""
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(box)
        mp.setattr(bundle, "BUILD", str(box / "build"))
        mp.setattr(flash, "drive_places", lambda: [str(box / "mnt" / "CIRCUITPY"), str(box / "CIRCUITPY")])
        import serial.tools.list_ports

        mp.setattr(serial.tools.list_ports, "comports", lambda: [])
        return run_main(main, argv, err_errors="strict")


def check(main, argv, box):
    code, out, err = run(main, argv, box)
    assert code in (0, 1, 2), (argv, code, out, err)
    assert "Traceback" not in out + err, (argv, err)
    if code == 1:
        assert err.count("\n") == 1 and err.endswith("\n"), (argv, err)
    # Never a folder the tools did not make: the user's folder and files on the drive stay.
    user = box / "user"
    assert {n: (user / n).read_bytes() for n in os.listdir(user)} == USER_FILES, argv
    assert (box / "CIRCUITPY" / "keep-me.txt").read_text() == "the user's file", argv
    assert (box / "a-file").read_text() == "x", argv
    # (mnt/CIRCUITPY, empty, may take a bundle by --out; as a drive it is refused: test_flash.py)
    tidy(box)


FIXED = {"CIRCUITPY", "mnt", "a-file", "user"}


def tidy(box):
    """Remove the bundles the case made (under junk names too), so that a long soak stays small."""
    for name in os.listdir(box):
        if name not in FIXED:
            path = box / name
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            else:
                path.unlink()
    shutil.rmtree(box / "mnt" / "CIRCUITPY")
    (box / "mnt" / "CIRCUITPY").mkdir()


@given(argv=ARGV)
@fuzz("tool_args")
def test_bundle_args_never_crash(sandbox, argv):
    check(bundle.main, argv, sandbox)


@given(argv=ARGV)
@fuzz("tool_args")
def test_flash_args_never_crash(sandbox, argv):
    check(flash.main, argv, sandbox)


@pytest.mark.parametrize(
    "argv",
    [
        ["pybadge", "--out", "\udcff"],  # a file name that is not UTF-8, printed on a UTF-8 terminal
        ["pybadge", "--out", ""],  # "" was the current folder
        ["pybadge", "--out", "a\x00b"],
        ["pybadge", "--out", "a-file/under"],
        ["pybadge", "--out", "user"],
        ["pybadge", "--drive", "CIRCUITPY", "--out", "CIRCUITPY"],
        ["pybadge", "--drive", "mnt/CIRCUITPY"],
    ],
)
@pytest.mark.parametrize("tool", ["bundle", "flash"])
def test_tool_args_known_cases(sandbox, tool, argv):
    """Cases the fuzzing found on the old code, kept as plain tests."""
    if tool == "bundle" and "--drive" in argv:
        argv = argv[:1] + argv[3:]
    check({"bundle": bundle.main, "flash": flash.main}[tool], argv, sandbox)

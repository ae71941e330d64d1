"""Frames of the firmware on the framebuf surface under the MicroPython unix port (host/drive/fbshots.py)."""

import os
import subprocess

import pytest

from host.emulate import upy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def need_micropython():
    if upy.micropython() is None:
        if os.environ.get("CI"):
            pytest.fail("the MicroPython unix port is missing under CI")
        pytest.skip("no MicroPython unix port")


def fb_frames(tmp_path, width, height, bits, tape):
    """({frame name: bytes}, stdout) of fbshots.py's run of the tape (BITS as fbshots.py takes it)."""
    r = subprocess.run(
        [upy.micropython(), "-X", "heapsize=4m", "host/drive/fbshots.py"]
        + [str(width), str(height), str(bits), str(tmp_path)]
        + list(tape),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    out = {}
    for tok in tape:
        if tok.startswith("@"):
            with open(os.path.join(tmp_path, tok[1:] + ".raw"), "rb") as f:
                out[tok[1:]] = f.read()
    return out, r.stdout

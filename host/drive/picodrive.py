"""The game on a real firmware image on an emulated Pico, driven as a person would: screenwalk.Pilot's
moves, by the screen's texts (the probe prints them: host/emulate/pico/probe.py) and its pins.

    with PicoPilot("pico_st7735r") as p:       # boots CircuitPython or MicroPython to the title
        p.menu_to("New match"); p.press("A")
        p.menu_to("Start"); p.press("A")
        p.wait_for(lambda: p.my_turn())
        p.play_turn()
        pixels, info = p.frame()

Time is the emulator's simulated clock: holds and waits are simulated milliseconds.
"""

import ast

from firmware.buttons import LONG_MS, LONGER_MS
from host.drive.screenwalk import Pilot
from host.emulate import pico as emu

TAP_MS = 100  # a person's short press: the pin low this long (PinKeys and keypad debounce 20 ms)
GAP_MS = 80  # and let go this long before the next


class Scheme:
    """The profile's buttons as Pilot reads them (keymap, holdmap, name), from its scheme data."""

    def __init__(self, profile):
        from boards import mpschemes, schemes

        for mod, cls in (
            (mpschemes, "PicoLcd114Scheme"),
            (mpschemes, "PicoDisplayScheme"),
            (mpschemes, "PicoLcd13Scheme"),
            (schemes, "PyBadgeScheme"),
        ):
            sc = getattr(mod, cls)
            if profile in (sc.name, sc.name + "_cp") or (profile == "pico_st7735r" and cls == "PyBadgeScheme"):
                self.keymap, self.holdmap = sc.keymap, sc.holdmap
                self.width, self.height = sc.width, sc.height
                self.name = profile
                return
        raise ValueError("no button scheme for profile %r" % profile)


class PicoPilot(Pilot):
    holds = (TAP_MS, LONG_MS + 100, LONGER_MS + 100)

    def __init__(self, profile, firmware=None, lang="en", settings=None, boot_ms=30000):
        runtime = emu.RUNTIME[profile]
        firmware = firmware or emu.firmware_image(runtime)
        if firmware is None:
            raise emu.PicoError("no %s firmware image (see docs/firmware-emulation.md)" % runtime)
        self.profile = profile
        self.board = Scheme(profile)
        self.pins = emu.KEY_PINS[profile]
        images, self.work = emu.game_images(profile, firmware, lang, settings)
        self.pico = emu.Pico(firmware, images, emu.PANELS[profile], self.pins)
        if not self.pico.until("@READY", boot_ms):
            raise emu.PicoError("no @READY from the probe in %d ms: %r" % (boot_ms, self.pico.console[-400:]))
        self.ready_ms = self.pico.t
        self.title_ms = self.settle()

    def close(self):
        import shutil

        self.pico.close()
        shutil.rmtree(self.work, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    @property
    def now(self):
        return self.pico.t

    # --- time and buttons ---------------------------------------------------------
    def step(self, dt=20, n=1):
        self.pico.run(dt * n)

    def press_key(self, k, ms):
        pin = self.pins[k]
        self.pico.pin(pin, 0)
        self.pico.run(ms or TAP_MS)
        self.pico.pin(pin, 1)
        self.pico.run(GAP_MS)

    def down(self, k):
        """Key k pressed and held (a press_key in two halves, for timing one): the sim time."""
        self.pico.pin(self.pins[k], 0)
        return self.pico.t

    def up(self, k):
        self.pico.pin(self.pins[k], 1)
        return self.pico.t

    def settle(self, quiet_ms=600, limit_ms=30000, chunk=50):
        """Run until no pixel has changed for quiet_ms; the simulated time of the last pixel."""
        start = self.pico.t
        while self.pico.t - start < limit_ms:
            self.pico.run(chunk)
            last = self.pico.stats()["last_pixel_ms"]
            if self.pico.t - last >= quiet_ms:
                return last
        raise emu.PicoError("the screen kept changing for %d ms" % limit_ms)

    # --- what the probe tells ----------------------------------------------------
    def _ask(self, c, tag, ms=2000):
        mark = len(self.pico.console)
        self.pico.send(c)
        self.pico.until(tag, ms)
        for _ in range(ms // 20):
            got = self.pico.console[mark:]
            at = got.find(tag)
            end = got.find("\n", at)
            if at >= 0 and end > at:  # the whole line
                return got[at + len(tag) : end].strip()
            self.pico.run(20)
        raise emu.PicoError("no %s answer from the probe: %r" % (tag, self.pico.console[-300:]))

    def screen(self):
        """(screen class name, its texts) as firmware/screendump.py reads them on the board."""
        return self._screen()[0::2]

    def _screen(self):
        rest = self._ask("?", "@S ")
        name, turn, texts = rest.split(" ", 2)
        return name, turn == "1", ast.literal_eval(texts)

    def screen_name(self):
        return self.screen()[0]

    def screen_texts(self):
        return self.screen()[1]

    def panel(self):
        return self.screen_texts()

    def heap(self):
        """(allocated, free) bytes after a collect, on the board."""
        a, f = self._ask("h", "@H ").split()
        return int(a), int(f)

    def frame(self):
        return self.pico.frame()

    def slow_steps(self):
        """[(ticks, ms)] of every loop pass over the probe's 40 ms, so far."""
        out = []
        for line in self.pico.console.splitlines():
            if line.startswith("@T "):
                t, ms = line[3:].split()
                out.append((int(t), int(ms)))
        return out

    def errors(self):
        """Console lines that report an error (a traceback, an exception's name)."""
        bad = ("Traceback", "Error:", "MemoryError", "Exception")
        return [ln for ln in self.pico.console.splitlines() if any(b in ln for b in bad)]

    # --- moves by the screen's texts -------------------------------------------------
    def menu_to(self, label):
        """Move the cursor ("> " before an item) to the item whose text starts with label."""
        for _ in range(16):
            texts = self.screen_texts()
            if any(t.startswith("> " + label) for t in texts):
                return
            if not any(t[2:].startswith(label) for t in texts):
                raise AssertionError("no menu item %r in %r" % (label, texts))
            self.press("DOWN")
        raise AssertionError("the cursor never reached %r" % label)

    def wait_for(self, cond, limit_ms=30000, chunk=200):
        start = self.pico.t
        while not cond():
            if self.pico.t - start > limit_ms:
                raise AssertionError("not reached in %d ms; screen: %r" % (limit_ms, self.screen()))
            self.pico.run(chunk)

    def my_turn(self):
        """The table waits for the person (the match says so, and no long task is under way)."""
        return self._screen()[1]

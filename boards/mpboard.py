"""The shared base of the MicroPython board profiles: a panel driver, buttons on pins, a framebuf renderer.

A profile builds its panel (boards/st7789.py, boards/ssd1306.py) and its keys
(boards/pinkeys.py) and hands them here; the renderer (boards/gfx_framebuf.py) keeps
the screen and pushes what changed to the panel. No speaker, no pixels, no battery
sense on these boards; saves go to a file on the board's flash.
"""

from boards.base import Board


class MpBoard(Board):
    has_backlight = True

    def __init__(self, panel, keys, gfx=None):
        """gfx: the renderer; by default a boards.gfx_framebuf.FbGfx on the panel."""
        Board.__init__(self)
        self.panel = panel
        self.keys = keys
        if gfx is None:
            from boards.gfx_framebuf import FbGfx

            gfx = FbGfx(panel)
        self.gfx = gfx

    def show(self, layer):
        self.gfx.show(layer)

    def refresh(self):
        self.gfx.flush()

    def read_key(self):
        return self.keys.read_key()

    def overflowed(self):
        return self.keys.overflowed()

    def brightness(self, level):
        self.panel.brightness(level)

    def storage(self):
        """A 4 KiB file on the board's flash (littlefs keeps it across resets)."""
        from firmware.fileregion import FileRegion

        return FileRegion("elfer-saves.bin", 4096)


def settings_getenv():
    """os.getenv where the port has one (CircuitPython, the unix port), else settings.toml's
    reader (MicroPython on a board has no os.getenv)."""
    import os

    getenv = getattr(os, "getenv", None)
    if getenv is None:
        from firmware.tomlenv import getenv
    return getenv


def pin_number(name, value):
    """A GPIO number from a settings value: 4, "4" or "GP4"; a clear error otherwise."""
    text = value if isinstance(value, str) else None
    if isinstance(value, int) and not isinstance(value, bool):
        n = value
    elif text is not None and text.upper().startswith("GP") and text[2:].isdigit():
        n = int(text[2:])
    elif text is not None and text.strip().isdigit():
        n = int(text)
    else:
        raise ValueError('settings.toml: %s = %r is not a pin number (4, "4" or "GP4")' % (name, value))
    if not 0 <= n < 64:
        raise ValueError("settings.toml: %s = %r is not a pin number 0..63" % (name, value))
    return n

"""The shared base of the MicroPython board profiles: a panel driver, buttons on pins, a framebuf renderer.

A profile builds its panel (boards/st7789.py, boards/ssd1306.py) and its keys
(boards/pinkeys.py) and hands them here; the renderer (boards/gfx_framebuf.py) keeps
the screen and pushes what changed to the panel. No speaker and no battery sense
on these boards (the Pico Display Pack's RGB LED shows the seat on turn); saves go
to small files on the board's flash (boards/base.py storage). On a Pico W or Pico 2 W (any
MicroPython with a built-in `network` module) the radio is Wi-Fi: boards/network.py, imported
only when link play starts.
"""

from boards.base import Board


class MpBoard(Board):
    has_backlight = True

    def __init__(self, panel, keys, gfx=None):
        """gfx: the renderer; by default boards.gfx_framebuf's surface for the panel."""
        Board.__init__(self)
        self.panel = panel
        self.keys = keys
        if gfx is None:
            from boards.gfx_framebuf import surface

            gfx = surface(panel)
        self.gfx = gfx
        # A Pico W's firmware has `network` built in (a plain Pico's has not): importing it costs
        # no heap there, and on a plain Pico one interned name ("network"): docs/link.md, Wi-Fi.
        try:
            import network  # noqa: F401
        except ImportError:
            return
        self.radio = radio

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


def radio():
    """The Pico W's radio for link play (Board.radio): Wi-Fi brought up, UDP on it."""
    # (`from boards import network`, not `import boards.network`: no name more at boot)
    from boards import network

    return network.make()


class RgbLed:
    """An RGB LED on three PWM pins, filled like a NeoPixel strip (Board.show_turn)."""

    def __init__(self, pins, inverted=True):
        """inverted: the pin pulls the LED's cathode (common anode): low is lit."""
        from machine import PWM, Pin

        self.pwm = []
        for p in pins:
            pwm = PWM(Pin(p))
            pwm.freq(1000)
            self.pwm.append(pwm)
        self.inverted = inverted
        self.fill((0, 0, 0))

    def fill(self, rgb):
        for i in range(3):
            duty = rgb[i] * 257  # 0..255 -> 0..65535
            self.pwm[i].duty_u16(65535 - duty if self.inverted else duty)

    def show(self):
        pass


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

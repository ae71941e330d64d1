"""The shared base of the MicroPython board profiles: a panel driver, buttons on pins, a framebuf renderer.

A profile builds its panel (boards/st7789.py, boards/ssd1306.py) and its keys
(boards/pinkeys.py) and hands them here; the renderer (boards/gfx_framebuf.py) keeps
the screen and pushes what changed to the panel. No speaker and no battery sense
on these boards (the Pico Display Pack's RGB LED shows the seat on turn); saves go
to small files on the board's flash (boards/base.py storage). On a Pico W or Pico 2 W (its
board name says so: MpBoard.__init__) the radio is Wi-Fi (boards/network.py) or, with
ELFER_LINK_RADIO = "ble" in settings.toml, BLE (boards/radio_bt.py), imported only when link play
starts.
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
        # A Pico W's or Pico 2 W's firmware (its `network` module built in) says so in its board
        # name: "Raspberry Pi Pico W with RP2040", "Raspberry Pi Pico 2 W with RP2350" (MicroPython's
        # sys.implementation._machine: MICROPY_HW_BOARD_NAME " with " MICROPY_HW_MCU_NAME; ports/rp2/
        # boards/RPI_PICO_W, RPI_PICO2_W mpconfigboard.h). Read as bytes, in line: no name interned
        # at boot (`import network` on a plain Pico interned "network"; a helper function its name),
        # pico_lcd_114 being one name from its seventh qstr pool (docs/link.md, Wi-Fi). A board named
        # otherwise gets no radio.
        import sys

        if b" W with " in getattr(sys.implementation, "_machine", "").encode():
            self.radio = radio
            try:  # a BLE host takes one joiner (boards/radio_bt.py): hosting asks for no more
                if _ble():
                    setattr(self, b"radio_seats".decode(), 1)
            except Exception:  # a setting that cannot work: said when link play opens the radio
                pass

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
    """The Pico W's radio for link play (Board.radio): Wi-Fi brought up and UDP on it
    (boards/network.py), or BLE (boards/radio_bt.py) where settings.toml says
    ELFER_LINK_RADIO = "ble"."""
    import sys

    # The module's name as bytes: a name or a str here is interned when this file loads, at boot
    # on every Pico ("network", one of the names pico_lcd_114 has left); this interns it only now.
    name = (b"boards.radio_bt" if _ble() else b"boards.network").decode()
    __import__(name)
    return sys.modules[name].make()


def _ble():
    """settings.toml's ELFER_LINK_RADIO: "wifi" (the default) or "ble"; anything else is a
    clear error (the title menu's notice). Its texts are bytes: nothing interned at boot."""
    v = settings_getenv()(b"ELFER_LINK_RADIO".decode())
    if v is None or v == b"wifi".decode():
        return False
    if v == b"ble".decode():
        return True
    raise ValueError(b'settings.toml: ELFER_LINK_RADIO is "wifi" or "ble", not %r'.decode() % (v,))


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

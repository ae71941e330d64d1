"""A monochrome SSD1306 128x64 OLED on I2C and six buttons, wired as settings.toml says.

    ELFER_OLED_I2C = 0                      # the I2C block (rp2: 0 or 1)
    ELFER_OLED_SDA = 4                      # GPIO numbers ("GP4" also reads)
    ELFER_OLED_SCL = 5
    ELFER_OLED_PINS = "10,11,12,13,14,15"   # buttons: up, down, left, right, A, B

The defaults are a Raspberry Pi Pico's I2C0 on GP4/GP5 (Raspberry Pi's Pico pinout:
I2C0 SDA/SCL) and six free pins; each button connects its pin to GND (the internal
pull-up holds it high). The module's address is 0x3C (the SSD1306 datasheet's 0x3C/0x3D,
SA0 low, as almost every 0.96" module is wired). A bad value stops with an error naming it.
"""

from machine import I2C, Pin

from boards.mpboard import MpBoard, pin_number, settings_getenv
from boards.pinkeys import PinKeys
from boards.schemes import Oled128x64Scheme
from boards.ssd1306 import SSD1306

DEFAULTS = (
    ("ELFER_OLED_I2C", 0),
    ("ELFER_OLED_SDA", 4),
    ("ELFER_OLED_SCL", 5),
    ("ELFER_OLED_PINS", "10,11,12,13,14,15"),
)


def wiring(getenv):
    """(i2c id, sda, scl, six button pins) from settings, with the defaults; ValueError names a bad key."""
    got = []
    for key, default in DEFAULTS:
        value = getenv(key)
        got.append(default if value is None else value)
    bus, sda, scl, pins = got
    if isinstance(bus, str) and bus.strip().isdigit():
        bus = int(bus)
    if not isinstance(bus, int) or isinstance(bus, bool) or not 0 <= bus <= 1:
        raise ValueError("settings.toml: ELFER_OLED_I2C = %r is not 0 or 1" % (bus,))
    sda = pin_number("ELFER_OLED_SDA", sda)
    scl = pin_number("ELFER_OLED_SCL", scl)
    if not isinstance(pins, str):
        raise ValueError('settings.toml: ELFER_OLED_PINS = %r is not a quoted list like "10,11,12,13,14,15"' % (pins,))
    keys = tuple(pin_number("ELFER_OLED_PINS", p.strip()) for p in pins.split(","))
    if len(keys) != 6:
        raise ValueError(
            "settings.toml: ELFER_OLED_PINS = %r lists %d pins, not 6 (up, down, left, right, A, B)" % (pins, len(keys))
        )
    used = (sda, scl) + keys
    for i in range(len(used)):
        if used[i] in used[:i]:
            raise ValueError("settings.toml: GPIO %d is used twice by ELFER_OLED_SDA/SCL/PINS" % used[i])
    return bus, sda, scl, keys


class Oled128x64(Oled128x64Scheme, MpBoard):
    def __init__(self, gfx=None, getenv=None):
        bus, sda, scl, keys = wiring(getenv or settings_getenv())
        i2c = I2C(bus, sda=Pin(sda), scl=Pin(scl), freq=self.bus_hz)
        MpBoard.__init__(self, SSD1306(i2c), PinKeys(keys), gfx)


def make(gfx=None):
    return Oled128x64(gfx)

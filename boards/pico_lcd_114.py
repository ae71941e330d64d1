"""Waveshare Pico-LCD-1.14 on a Raspberry Pi Pico: ST7789 240x135 (SPI1), joystick and A/B.

Pins from Waveshare's wiki page (https://www.waveshare.com/wiki/Pico-LCD-1.14, "Hardware
connection") and its MicroPython demo (Pico-LCD-1.14.py, class LCD_1inch14): SCK GP10,
MOSI GP11, CS GP9, DC GP8, RST GP12, backlight GP13 (the demo dims it by PWM). Keys, low when
pressed (the demo's Pin(n, Pin.IN, Pin.PULL_UP)): A GP15, B GP17, joystick up GP2,
down GP18, left GP16, right GP20, centre GP3. The demo's window is columns 40..279, rows
53..187 with MADCTL 0x70 (landscape, the joystick on the left).
"""

from machine import SPI, Pin

from boards.mpboard import MpBoard
from boards.pinkeys import PinKeys
from boards.schemes import PicoLcd114Scheme
from boards.st7789 import ST7789

# Key numbers as the scheme's keymap: up, down, left, right, centre, A, B.
KEY_PINS = (2, 18, 16, 20, 3, 15, 17)


def lcd_panel(scheme, xstart, ystart):
    """The Waveshare Pico-LCD boards' ST7789 wiring (1.14 and 1.3 share it)."""
    # The SPI before the pins: rp2's SPI() takes SPI1's default MISO pad too, GP8, which is DC
    # here; the Pin made after gives it back to the GPIO (ports/rp2/machine_spi.c).
    spi = SPI(1, baudrate=scheme.bus_hz, polarity=0, phase=0, sck=Pin(10), mosi=Pin(11))
    return ST7789(
        spi,
        cs=Pin(9, Pin.OUT, value=1),
        dc=Pin(8, Pin.OUT, value=0),
        rst=Pin(12, Pin.OUT, value=1),
        bl=Pin(13, Pin.OUT, value=0),
        width=scheme.width,
        height=scheme.height,
        xstart=xstart,
        ystart=ystart,
        madctl=0x70,
    )


class PicoLcd114(PicoLcd114Scheme, MpBoard):
    def __init__(self, gfx=None):
        MpBoard.__init__(self, lcd_panel(PicoLcd114Scheme, 40, 53), PinKeys(KEY_PINS), gfx)


def make(gfx=None):
    return PicoLcd114(gfx)

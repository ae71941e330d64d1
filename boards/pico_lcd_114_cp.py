"""Waveshare Pico-LCD-1.14 on a Raspberry Pi Pico under CircuitPython: ST7789 240x135 drawn by
displayio (busdisplay), joystick and A/B on keypad.

Pins, window and MADCTL as the MicroPython profile (boards/pico_lcd_114.py, from Waveshare's wiki
and demo): SCK GP10, MOSI GP11, CS GP9, DC GP8, RST GP12, backlight GP13; columns 40..279,
rows 53..187 with MADCTL 0x70; keys low when pressed: up GP2, down GP18, left GP16, right GP20,
centre GP3, A GP15, B GP17. The init sequence is the MicroPython profile's (boards/st7789.py):
SWRESET, SLPOUT, COLMOD 0x55, MADCTL, INVON (an IPS glass), NORON, DISPON.
"""

from boards.cpbus import PanelBoard, spi_display
from boards.mpschemes import PicoLcd114Scheme

# Key numbers as the scheme's keymap: up, down, left, right, centre, A, B (boards/pico_lcd_114.py).
KEY_PINS = (2, 18, 16, 20, 3, 15, 17)

INIT = bytes(
    (0x01, 0x80, 150)  # SWRESET
    + (0x11, 0x80, 120)  # SLPOUT
    + (0x3A, 1, 0x55)  # COLMOD: 16 bits
    + (0x36, 1, 0x70)  # MADCTL
    + (0x21, 0)  # INVON
    + (0x13, 0x80, 10)  # NORON
    + (0x29, 0x80, 100)  # DISPON
)


class PicoLcd114Cp(PicoLcd114Scheme, PanelBoard):
    name = "pico_lcd_114_cp"

    def __init__(self):
        display = spi_display(INIT, 240, 135, 40, 53, PicoLcd114Scheme.bus_hz, 10, 11, 9, 8, 12, 13)
        PanelBoard.__init__(self, display, KEY_PINS)


def make():
    return PicoLcd114Cp()

"""A Raspberry Pi Pico under CircuitPython with a 160x128 ST7735R (the PyBadge's panel) and eight
buttons: the PyBadge's screen and buttons on a breadboard, so the badges' layout runs on an RP2040.

Wiring (a 1.8" 128x160 ST7735R module, SPI1): SCK GP10, MOSI GP11, CS GP9, DC GP8, RST GP12,
backlight GP13. Buttons, each from its pin to GND (the internal pull-up holds it high):
B GP17, A GP15, START GP3, SELECT GP21, right GP20, down GP18, up GP2, left GP16.
The init sequence, MADCTL 0b10100000 (landscape, rotation 0), window at (0, 0) and 60 MHz are the
PyBadge's own (CircuitPython ports/atmel-samd/boards/pybadge/board.c, display_init_sequence).
"""

from boards.cpbus import PanelBoard, spi_display
from boards.schemes import PyBadgeScheme

# Keys in the PyBadge's shift-register order (boards/schemes.py PyBadgeScheme.keymap).
KEY_PINS = (17, 15, 3, 21, 20, 18, 2, 16)

INIT = bytes(
    (0x01, 0x80, 150)  # SWRESET
    + (0x11, 0x80, 255)  # SLPOUT
    + (0xB1, 3, 0x01, 0x2C, 0x2D)  # FRMCTR1
    + (0xB2, 3, 0x01, 0x2C, 0x2D)
    + (0xB3, 6, 0x01, 0x2C, 0x2D, 0x01, 0x2C, 0x2D)
    + (0xB4, 1, 0x07)  # INVCTR
    + (0xC0, 3, 0xA2, 0x02, 0x84)  # PWCTR1
    + (0xC1, 1, 0xC5)
    + (0xC2, 2, 0x0A, 0x00)
    + (0xC3, 2, 0x8A, 0x2A)
    + (0xC4, 2, 0x8A, 0xEE)
    + (0xC5, 1, 0x0E)  # VMCTR1
    + (0x36, 1, 0b10100000)  # MADCTL
    + (0x3A, 1, 0x05)  # COLMOD: 16 bits
    + (0xE0, 16, 0x02, 0x1C, 0x07, 0x12, 0x37, 0x32, 0x29, 0x2D, 0x29, 0x25, 0x2B, 0x39, 0x00, 0x01, 0x03, 0x10)
    + (0xE1, 16, 0x03, 0x1D, 0x07, 0x06, 0x2E, 0x2C, 0x29, 0x2D, 0x2E, 0x2E, 0x37, 0x3F, 0x00, 0x00, 0x02, 0x10)
    + (0x13, 0x80, 10)  # NORON
    + (0x29, 0x80, 100)  # DISPON
)


class PicoST7735R(PyBadgeScheme, PanelBoard):
    name = "pico_st7735r"

    def __init__(self):
        PanelBoard.__init__(self, spi_display(INIT, 160, 128, 0, 0, 60_000_000, 10, 11, 9, 8, 12, 13), KEY_PINS)


def make():
    return PicoST7735R()

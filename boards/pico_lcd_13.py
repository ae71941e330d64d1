"""Waveshare Pico-LCD-1.3 on a Raspberry Pi Pico: ST7789 240x240 (SPI1), joystick and A/B/X/Y.

Pins from Waveshare's wiki page (https://www.waveshare.com/wiki/Pico-LCD-1.3, "Hardware
connection") and its MicroPython demo (Pico-LCD-1.3.py, class LCD_1inch3): the display
is wired as on the Pico-LCD-1.14 (SCK GP10, MOSI GP11, CS GP9, DC GP8, RST GP12, backlight
GP13). Keys, low when pressed: A GP15, B GP17, X GP19, Y GP21, joystick up GP2, down GP18,
left GP16, right GP20, centre GP3. The demo's window is columns and rows 0..239 with
MADCTL 0x70.
"""

from boards.mpboard import MpBoard
from boards.pico_lcd_114 import lcd_panel
from boards.pinkeys import PinKeys
from boards.schemes import PicoLcd13Scheme

# Key numbers as the scheme's keymap: up, down, left, right, centre, A, B, X, Y.
KEY_PINS = (2, 18, 16, 20, 3, 15, 17, 19, 21)


class PicoLcd13(PicoLcd13Scheme, MpBoard):
    def __init__(self, gfx=None):
        MpBoard.__init__(self, lcd_panel(PicoLcd13Scheme, 0, 0), PinKeys(KEY_PINS), gfx)


def make(gfx=None):
    return PicoLcd13(gfx)

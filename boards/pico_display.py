"""Pimoroni Pico Display Pack on a Raspberry Pi Pico: ST7789 240x135 (SPI0), buttons A/B/X/Y.

Pins from Pimoroni's own code (pimoroni/pimoroni-pico, common/pimoroni_common.hpp: the
"front" SPI slot the pack uses: SCK GP18, MOSI GP19, CS GP17, DC GP16, backlight GP20 by
PWM; the pack has no reset line) and the pack's pinout (https://shop.pimoroni.com/products/
pico-display-pack; 32blit/32blit-sdk 32blit-pico/board/display_pack/config.h): buttons
A GP12, B GP13, X GP14, Y GP15, low when pressed; RGB LED red GP6, green GP7, blue GP8,
lit when low (LED_INVERTED there). Window and MADCTL from
drivers/st7789/st7789.cpp (configure_display, "Pico Display"): columns 40..279, rows 53..187,
MADCTL 0x70 (COL_ORDER | SWAP_XY | SCAN_ORDER).
"""

from machine import SPI, Pin

from boards.mpboard import MpBoard, RgbLed
from boards.pinkeys import PinKeys
from boards.schemes import PicoDisplayScheme
from boards.st7789 import ST7789

# Key numbers as the scheme's keymap: A, B, X, Y.
KEY_PINS = (12, 13, 14, 15)


class PicoDisplay(PicoDisplayScheme, MpBoard):
    def __init__(self, gfx=None):
        # The SPI before the pins: rp2's SPI() takes SPI0's default MISO pad too, GP16, which is
        # DC here; the Pin made after gives it back to the GPIO (ports/rp2/machine_spi.c).
        spi = SPI(0, baudrate=self.bus_hz, polarity=0, phase=0, sck=Pin(18), mosi=Pin(19))
        panel = ST7789(
            spi,
            cs=Pin(17, Pin.OUT, value=1),
            dc=Pin(16, Pin.OUT, value=0),
            rst=None,
            bl=Pin(20, Pin.OUT, value=0),
            width=self.width,
            height=self.height,
            xstart=40,
            ystart=53,
            madctl=0x70,
        )
        MpBoard.__init__(self, panel, PinKeys(KEY_PINS), gfx)
        self.pixels = RgbLed((6, 7, 8))


def make(gfx=None):
    return PicoDisplay(gfx)

"""The MicroPython handhelds' screen sizes and button schemes as plain data (boards/schemes.py's
counterpart): readable without machine, for the host tools, and kept apart so a CircuitPython
board, which compiles boards/schemes.py, does not compile these too.

keymap, holdmap and labels as in boards/schemes.py; bus_hz: the display bus clock the
profile asks for (SPI or I2C), for transfer-time figures. Key numbers follow each profile's
pin list.
"""

from boards.base import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B

# A joystick (or four direction buttons) named by its arrows.
JOYSTICK = ((LEFT, "←"), (RIGHT, "→"), (UP, "↑"), (DOWN, "↓"))


class PicoLcd114Scheme:
    name = "pico_lcd_114"
    width = 240
    height = 135
    bus_hz = 62_500_000
    # Joystick up, down, left, right, centre (chooses, like A); A; B.
    keymap = (UP, DOWN, LEFT, RIGHT, A, A, B)
    # Seven buttons for eight meanings: A held is the pause menu, B held the hint (as on the
    # Pico Display Pack and the OLED). The joystick is not labelled on the board: it has no label.
    holdmap = (None, None, None, None, None, (A, START, START), (B, SELECT, SELECT))
    labels = JOYSTICK + ((A, "A"), (B, "B"), (START, "~A"), (SELECT, "~B"))


class PicoDisplayScheme:
    name = "pico_display"
    width = 240
    height = 135
    bus_hz = 62_500_000
    # A, B (left of the screen, top and bottom), X, Y (right, top and bottom).
    keymap = (A, B, UP, DOWN)
    # A held: the pause menu; B held: the hint (the CLUE's way with few buttons).
    holdmap = ((A, START, START), (B, SELECT, SELECT), None, None)
    labels = ((UP, "X"), (DOWN, "Y"), (A, "A"), (B, "B"), (START, "~A"), (SELECT, "~B"))


class PicoLcd13Scheme:
    name = "pico_lcd_13"
    width = 240
    height = 240
    bus_hz = 62_500_000
    # Joystick up, down, left, right, centre (chooses, like A); A; B; X; Y.
    keymap = (UP, DOWN, LEFT, RIGHT, A, A, B, START, SELECT)
    holdmap = None
    labels = JOYSTICK + ((A, "A"), (B, "B"), (START, "X"), (SELECT, "Y"))


class Oled128x64Scheme:
    name = "oled128x64"
    width = 128
    height = 64
    mono = True  # one bit a pixel: the screens add colour-free cues (docs/buttons.md, "Without colour")
    bus_hz = 400_000
    # Six buttons wired as ELFER_OLED_PINS lists them: up, down, left, right, A, B.
    keymap = (UP, DOWN, LEFT, RIGHT, A, B)
    holdmap = (None, None, None, None, (A, START, START), (B, SELECT, SELECT))
    labels = JOYSTICK + ((A, "A"), (B, "B"), (START, "~A"), (SELECT, "~B"))


MP_SCHEMES = (PicoLcd114Scheme, PicoDisplayScheme, PicoLcd13Scheme, Oled128x64Scheme)

"""Each board's screen size and button scheme as plain data, readable without its hardware.

The board modules (boards/pybadge.py, ...) import board, keypad and analogio at the top, so
the desktop simulator cannot load them; it poses as a board with these classes instead, and
the board classes take their attributes from here (class PyBadge(PyBadgeScheme, Board)).
keymap: key number -> logical button; holdmap: None, or per key None or the logical buttons
of a short, long and very long press; labels: (logical button, printed name) for the
buttons the board has (firmware/keys.py; the Help page is built from them).
"""

from boards.base import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B


class PyBadgeScheme:
    name = "pybadge"
    width = 160
    height = 128
    # Shift register order: 0 B, 1 A, 2 Start, 3 Select, 4 Right, 5 Down, 6 Up, 7 Left.
    keymap = (B, A, START, SELECT, RIGHT, DOWN, UP, LEFT)
    holdmap = None
    # The D-pad is marked with arrows; A, B, START and SELECT are printed on the board.
    labels = (
        (LEFT, "←"),
        (RIGHT, "→"),
        (UP, "↑"),
        (DOWN, "↓"),
        (A, "A"),
        (B, "B"),
        (START, "START"),
        (SELECT, "SELECT"),
    )


class PyGamerScheme(PyBadgeScheme):
    name = "pygamer"
    # Keys 0..3 on the shift register, 4..7 made from the stick (the PyBadge's order).


class ClueScheme:
    name = "clue"
    width = 240
    height = 240
    keymap = (DOWN, A)
    # Left button: short = next (down / next playable card), long = B (back, draw/end/pass).
    # Right button: short = A (choose, play), long = START (pause menu).
    holdmap = ((DOWN, B, B), (A, START, START))
    # The buttons are printed A (left) and B (right): logical A is the right one, "B".
    labels = ((DOWN, "A"), (A, "B"), (B, "~A"), (START, "~B"))


class FeatherTFTScheme:
    name = "feather_tft"
    width = 240
    height = 135
    keymap = (DOWN,)
    # One button (BOOT/D0): short = next, long = choose/play, very long = pause menu.
    holdmap = ((DOWN, A, START),)
    labels = ((DOWN, "@press"), (A, "@hold"), (START, "@hold_long"))


class FeatherReverseTFTScheme(FeatherTFTScheme):
    name = "feather_reverse_tft"
    # Key 0 is D0 (reads low when pressed), keys 1 and 2 are D1 and D2 (read high).
    keymap = (B, A, DOWN)
    # D0: short = back / draw-end-pass, long = pause menu; D1 = choose/play; D2 = next.
    holdmap = ((B, START, START), None, None)
    labels = ((DOWN, "D2"), (A, "D1"), (B, "D0"), (START, "~D0"))


# The boards the simulator can pose as, by profile name.
SCHEMES = (PyBadgeScheme, PyGamerScheme, ClueScheme, FeatherTFTScheme, FeatherReverseTFTScheme)


# MicroPython boards (boards/mpboard.py): not in SCHEMES, which is what the CircuitPython
# simulator poses as. bus_hz: the display bus clock the profile asks for (SPI or I2C), for
# transfer-time figures. Key numbers follow each profile's pin list.

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
